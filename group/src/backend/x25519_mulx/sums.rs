//! The additive part of the ladder step for [`super::step::run`] and
//! [`super::double::double`], as `asm!` text macros over the ladder's workspace: sums and
//! differences with their lazy fold (`add_sub!`, `s_and_t!`, `e_and_f!`), the
//! doubling's inputs picked by CMOV (`select!`) and the final conditional swap
//! (`cswap_state!`). Values and bounds: [`super::step`]'s module docs. The macros use
//! `at!`, `load!`, `store!` and `add_rdx_times_high!` of [`super::step`], which are in
//! scope where they expand.

/// After an addition whose carry is in CF: adds 38 if it is set (2^256 = 38 mod p).
/// Needs the addition's second operand below 2^256 - 38 (module docs). Clobbers t0.
macro_rules! fold_add {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal) => {
        concat!(
            "sbb {t0}, {t0}\n",
            "and {t0:e}, 38\n",
            "add ",
            $r0,
            ", {t0}\n",
            "adc ",
            $r1,
            ", {z}\n",
            "adc ",
            $r2,
            ", {z}\n",
            "adc ",
            $r3,
            ", {z}\n",
        )
    };
}

/// After a subtraction whose borrow is in CF: subtracts 38 if it is set. Needs the
/// subtrahend below 2^256 - 38 (module docs). Clobbers t0.
macro_rules! fold_sub {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal) => {
        concat!(
            "sbb {t0}, {t0}\n",
            "and {t0:e}, 38\n",
            "sub ",
            $r0,
            ", {t0}\n",
            "sbb ",
            $r1,
            ", {z}\n",
            "sbb ",
            $r2,
            ", {z}\n",
            "sbb ",
            $r3,
            ", {z}\n",
        )
    };
}

/// `$r0..$r3` += slot `$b` (`$op0`, `$op` = "add", "adc") or -= it ("sub", "sbb"),
/// carry or borrow
/// in CF; each limb through a plain load into t0 or t1, which the core can forward from
/// a recent store with no latency, unlike an ADD's memory operand.
macro_rules! plain_add {
    ($op0:literal, $op:literal, $b:literal, $r0:literal, $r1:literal, $r2:literal,
     $r3:literal) => {
        concat!(
            "mov {t0}, ",
            at!($b, "0"),
            "\n",
            "mov {t1}, ",
            at!($b, "8"),
            "\n",
            $op0,
            " ",
            $r0,
            ", {t0}\n",
            "mov {t0}, ",
            at!($b, "16"),
            "\n",
            $op,
            " ",
            $r1,
            ", {t1}\n",
            "mov {t1}, ",
            at!($b, "24"),
            "\n",
            $op,
            " ",
            $r2,
            ", {t0}\n",
            $op,
            " ",
            $r3,
            ", {t1}\n",
        )
    };
}

/// Slot `$s` = `$a` + `$b` and slot `$d` = `$a` - `$b`, lazily (`$b` below
/// 2^256 - 38); one load of each operand for both.
macro_rules! add_sub {
    ($s:literal, $d:literal, $a:literal, $b:literal) => {
        concat!(
            load!($a, "{c0}", "{c1}", "{c2}", "{c3}"),
            "mov {c4}, {c0}\n",
            "mov {c5}, {c1}\n",
            "mov {c6}, {c2}\n",
            "mov {c7}, {c3}\n",
            "add {c0}, ",
            at!($b, "0"),
            "\n",
            "adc {c1}, ",
            at!($b, "8"),
            "\n",
            "adc {c2}, ",
            at!($b, "16"),
            "\n",
            "adc {c3}, ",
            at!($b, "24"),
            "\n",
            fold_add!("{c0}", "{c1}", "{c2}", "{c3}"),
            "sub {c4}, ",
            at!($b, "0"),
            "\n",
            "sbb {c5}, ",
            at!($b, "8"),
            "\n",
            "sbb {c6}, ",
            at!($b, "16"),
            "\n",
            "sbb {c7}, ",
            at!($b, "24"),
            "\n",
            fold_sub!("{c4}", "{c5}", "{c6}", "{c7}"),
            store!($s, "{c0}", "{c1}", "{c2}", "{c3}"),
            store!($d, "{c4}", "{c5}", "{c6}", "{c7}"),
        )
    };
}

/// With BB in `c0..c3` (a product): E = AA - BB into slot E, then
/// F = BB + 121666·E into slot F (121666 = a24 = (A + 2)/4, `montgomery::A24`), E kept
/// in registers for its four MULX by the constant.
///
/// 121666·E + BB < 2^17·2^256 + 2^256, so the five-limb sum has a top word h ≤ 2^17;
/// h·2^256 comes back as 38·h < 2^23, and a carry out of that once more as 38, which
/// cannot carry again (the limbs are then below 2^23).
macro_rules! e_and_f {
    () => {
        concat!(
            load!("AA", "{c4}", "{c5}", "{c6}", "{c7}"),
            "sub {c4}, {c0}\n",
            "sbb {c5}, {c1}\n",
            "sbb {c6}, {c2}\n",
            "sbb {c7}, {c3}\n",
            fold_sub!("{c4}", "{c5}", "{c6}", "{c7}"),
            store!("E", "{c4}", "{c5}", "{c6}", "{c7}"),
            "mov edx, 121666\n",
            add_rdx_times_high!(),
            "imul {c4}, {c4}, 38\n",
            "add {c0}, {c4}\n",
            "adc {c1}, {z}\n",
            "adc {c2}, {z}\n",
            "adc {c3}, {z}\n",
            "sbb {t0}, {t0}\n",
            "and {t0:e}, 38\n",
            "add {c0}, {t0}\n",
            store!("F", "{c0}", "{c1}", "{c2}", "{c3}"),
        )
    };
}

/// With CB in `c0..c3` (a product): T = DA - CB into slot T, S = DA + CB into slot S.
macro_rules! s_and_t {
    () => {
        concat!(
            load!("DA", "{c4}", "{c5}", "{c6}", "{c7}"),
            "sub {c4}, {c0}\n",
            "sbb {c5}, {c1}\n",
            "sbb {c6}, {c2}\n",
            "sbb {c7}, {c3}\n",
            fold_sub!("{c4}", "{c5}", "{c6}", "{c7}"),
            store!("T", "{c4}", "{c5}", "{c6}", "{c7}"),
            plain_add!("add", "adc", "DA", "{c0}", "{c1}", "{c2}", "{c3}"),
            fold_add!("{c0}", "{c1}", "{c2}", "{c3}"),
            store!("S", "{c0}", "{c1}", "{c2}", "{c3}"),
        )
    };
}

/// Slot `$dst` = slot `$a` where the zero flag is set, `$c` where it is clear, with `$c`
/// also in `$r0..$r3`: a CMOVNZ limb by limb (no instruction here writes the flags, so
/// two selections can follow one test). Clobbers t0.
macro_rules! select {
    ($dst:literal, $a:literal, $c:literal, $r0:literal, $r1:literal, $r2:literal,
     $r3:literal) => {
        concat!(
            select_limb!($dst, $a, $r0, "0"),
            select_limb!($dst, $a, $r1, "8"),
            select_limb!($dst, $a, $r2, "16"),
            select_limb!($dst, $a, $r3, "24"),
        )
    };
}

/// One limb of [`select!`].
macro_rules! select_limb {
    ($dst:literal, $a:literal, $r:literal, $byte:literal) => {
        concat!(
            "mov {t0}, ",
            at!($a, $byte),
            "\n",
            "cmovnz {t0}, ",
            $r,
            "\n",
            "mov ",
            at!($dst, $byte),
            ", {t0}\n",
        )
    };
}

/// Swaps slots `$x` and `$y` in place where RDX = all ones, leaves them where RDX = 0.
macro_rules! cswap_limb {
    ($x:literal, $y:literal, $byte:literal) => {
        concat!(
            "mov {c0}, ",
            at!($x, $byte),
            "\n",
            "mov {c1}, ",
            at!($y, $byte),
            "\n",
            "mov {t0}, {c0}\n",
            "xor {t0}, {c1}\n",
            "and {t0}, rdx\n",
            "xor {c0}, {t0}\n",
            "xor {c1}, {t0}\n",
            "mov ",
            at!($x, $byte),
            ", {c0}\n",
            "mov ",
            at!($y, $byte),
            ", {c1}\n",
        )
    };
}

/// Conditional swap of (x2, z2) with (x3, z3) under the mask in RDX.
macro_rules! cswap_state {
    () => {
        concat!(
            cswap_limb!("X2", "X3", "0"),
            cswap_limb!("X2", "X3", "8"),
            cswap_limb!("X2", "X3", "16"),
            cswap_limb!("X2", "X3", "24"),
            cswap_limb!("Z2", "Z3", "0"),
            cswap_limb!("Z2", "Z3", "8"),
            cswap_limb!("Z2", "Z3", "16"),
            cswap_limb!("Z2", "Z3", "24"),
        )
    };
}
