//! The ladder step's first sums with its conditional swap fused in: A = x2 + z2,
//! C = x3 + z3, B = x2 - z2 and D = x3 - z3 from the state as it lies in the
//! workspace, then A with C and B with D swapped in registers under the mask. Swapping
//! (x2, z2) with (x3, z3) and then summing gives the same four values, since the sums
//! of the swapped pairs are the swapped sums; the step overwrites all four state slots
//! afterwards, so the swapped state itself is never stored. Per step: 40 instructions
//! for the swap instead of 72 (16 loads and 16 stores fewer).
//!
//! Bounds: the second operands z2 and z3 are products (or the starting 0 and 1), below
//! 2^256 - 38, which one fold needs (`step`'s module docs); the first operands x2 and
//! x3 are any 256-bit values.

/// Swaps registers `$x` and `$y` where RDX = all ones, leaves them where RDX = 0
/// (`d = (x ⊕ y) ∧ m; x ⊕= d; y ⊕= d`). Clobbers t0.
macro_rules! cswap_regs {
    ($x:literal, $y:literal) => {
        concat!(
            "mov {t0}, ",
            $x,
            "\n",
            "xor {t0}, ",
            $y,
            "\n",
            "and {t0}, rdx\n",
            "xor ",
            $x,
            ", {t0}\n",
            "xor ",
            $y,
            ", {t0}\n",
        )
    };
}

/// Four limbs of `$op` (`add`/`adc` or `sub`/`sbb`) of slot `$b` into `$r0..$r3`.
macro_rules! op4_mem {
    ($op:literal, $opc:literal, $b:literal, $r0:literal, $r1:literal, $r2:literal,
     $r3:literal) => {
        concat!(
            $op,
            " ",
            $r0,
            ", ",
            at!($b, "0"),
            "\n",
            $opc,
            " ",
            $r1,
            ", ",
            at!($b, "8"),
            "\n",
            $opc,
            " ",
            $r2,
            ", ",
            at!($b, "16"),
            "\n",
            $opc,
            " ",
            $r3,
            ", ",
            at!($b, "24"),
            "\n",
        )
    };
}

/// With the swap mask in RDX: slots A, C = the swapped (x2 + z2, x3 + z3), slots B,
/// D = the swapped (x2 - z2, x3 - z3). Clobbers c0..c7, t0; keeps RDX.
macro_rules! swap_sums {
    () => {
        concat!(
            load!("X2", "{c0}", "{c1}", "{c2}", "{c3}"),
            load!("X3", "{c4}", "{c5}", "{c6}", "{c7}"),
            op4_mem!("add", "adc", "Z2", "{c0}", "{c1}", "{c2}", "{c3}"),
            fold_add!("{c0}", "{c1}", "{c2}", "{c3}"),
            op4_mem!("add", "adc", "Z3", "{c4}", "{c5}", "{c6}", "{c7}"),
            fold_add!("{c4}", "{c5}", "{c6}", "{c7}"),
            cswap_regs!("{c0}", "{c4}"),
            cswap_regs!("{c1}", "{c5}"),
            cswap_regs!("{c2}", "{c6}"),
            cswap_regs!("{c3}", "{c7}"),
            store!("A", "{c0}", "{c1}", "{c2}", "{c3}"),
            store!("C", "{c4}", "{c5}", "{c6}", "{c7}"),
            load!("X2", "{c0}", "{c1}", "{c2}", "{c3}"),
            load!("X3", "{c4}", "{c5}", "{c6}", "{c7}"),
            op4_mem!("sub", "sbb", "Z2", "{c0}", "{c1}", "{c2}", "{c3}"),
            fold_sub!("{c0}", "{c1}", "{c2}", "{c3}"),
            op4_mem!("sub", "sbb", "Z3", "{c4}", "{c5}", "{c6}", "{c7}"),
            fold_sub!("{c4}", "{c5}", "{c6}", "{c7}"),
            cswap_regs!("{c0}", "{c4}"),
            cswap_regs!("{c1}", "{c5}"),
            cswap_regs!("{c2}", "{c6}"),
            cswap_regs!("{c3}", "{c7}"),
            store!("B", "{c0}", "{c1}", "{c2}", "{c3}"),
            store!("D", "{c4}", "{c5}", "{c6}", "{c7}"),
        )
    };
}
