//! The whole ladder loop of [`super::ladder`] as one `asm!` block: 255 iterations of
//! (next bit, selection mask, ladder step), the ladder state and every intermediate
//! in a workspace on the caller's stack, addressed from one base register. The sums,
//! differences and selections are in [`super::sums`].
//!
//! # Layout
//!
//! The [`Workspace`] holds 4-limb (little-endian 64-bit) values at the slots named by
//! the constants below (in limbs; the `asm!` operands of the same names are the byte
//! offsets). x1 is the input u; (x2, z2), (x3, z3) the ladder state (RFC 7748 §5);
//! A..V the step's intermediates; K the clamped scalar as four little-endian words;
//! SW the previous bit (the pending swap); CNT the bit index t, 254 down to 0.
//!
//! # Registers
//!
//! The 13 general-purpose registers an `asm!` block may take: `w` (the workspace), `z`
//! (zero for the whole block), RDX (MULX's implicit operand, and bit ⊕ previous bit
//! until the selection), and ten accumulators and temporaries `c0..c7`, `t0`, `t1`.
//! Each operation reads its operands from the workspace and writes its result back;
//! where one result is used right away (BB by E and BB + a24·E, CB by DA ± CB, C and D
//! by the selection) it stays in registers. The loop counter lives in the workspace, so
//! no register is spent on it.
//!
//! Loads: a value stored a few instructions before reaches a plain `mov` load with no
//! latency on this core (Zen 4 renames the store to the load: a store, load, add chain
//! measured one cycle a link), but a MULX or ADD memory operand waits for the store to
//! be forwarded. So the squarings load their operand's limbs into registers with plain
//! loads, S = DA + CB adds DA through plain loads, and a product takes its fresher
//! operand as the one that goes through RDX (`mul_regs!("F", "E")`). Elsewhere plain
//! loads measured no faster or slower (the sums of the state, a product's second
//! operand: their values are ready well before the instructions that read them).
//!
//! # Values (lazy reduction, as in Bernstein's curve25519 implementations)
//!
//! Every value is four limbs of an integer below 2^256, congruent mod p to the field
//! element. Products (`mul_regs!`, `sqr_regs!`, below) accept any such values and return
//! values below 2^255 + 2^12: the 512-bit product, its high half folded by
//! 38 = 2^256 mod p (two carry chains, ADCX on CF and ADOX on OF), then everything from
//! bit 255 up folded by 19 = 2^255 mod p. Sums and differences (`fold_add!`,
//! `fold_sub!`) fold a carry or borrow out of bit 256 once, by ±38; one fold is enough
//! because their second operand is always a product (or the starting 0 and 1), below
//! 2^256 - 38: after a carry the limbs hold a + b - 2^256 < 2^256 - 38, so adding 38
//! cannot carry again; after a borrow they hold a - b + 2^256 > 38, so subtracting 38
//! cannot borrow again.
//!
//! # Constant time
//!
//! No branch and no address depends on secret data: the only branch is the loop's
//! (on the public counter), the only computed address is the scalar word `K[t / 64]`
//! (public t). The bit picks nothing but the selection: bit ⊕ previous bit sets the
//! zero flag, and each limb of U and V is a CMOVNZ on it (CMOV's timing does not depend
//! on its flag or data; the field's divsteps use it the same way), with no flag written
//! between the test and the last CMOV. After the loop, the swap mask
//! m = -(last bit), used as `d = (x ⊕ y) ∧ m; x ⊕= d; y ⊕= d`.
#![allow(unsafe_code)]

/// Slot of x1 (the input u), in limbs.
pub(super) const X1: usize = 0;
/// Slot of x2.
pub(super) const X2: usize = 4;
/// Slot of z2.
pub(super) const Z2: usize = 8;
/// Slot of x3.
pub(super) const X3: usize = 12;
/// Slot of z3.
pub(super) const Z3: usize = 16;
/// A = x2 + z2.
pub(super) const A: usize = 20;
/// B = x2 - z2.
pub(super) const B: usize = 24;
/// C = x3 + z3.
pub(super) const C: usize = 28;
/// D = x3 - z3.
pub(super) const D: usize = 32;
/// AA = A².
pub(super) const AA: usize = 36;
/// BB = B².
pub(super) const BB: usize = 40;
/// DA = D·A.
pub(super) const DA: usize = 44;
/// E = AA - BB.
pub(super) const E: usize = 48;
/// F = BB + a24·E.
pub(super) const F: usize = 52;
/// S = DA + CB.
pub(super) const S: usize = 56;
/// T = DA - CB.
pub(super) const T: usize = 60;
/// T² (before its product with x1).
pub(super) const T2: usize = 64;
/// U = A or C: the sum the step doubles (x2 + z2 or x3 + z3, by the swap mask).
pub(super) const U: usize = 68;
/// V = B or D: the difference the step doubles (x2 - z2 or x3 - z3).
pub(super) const V: usize = 72;
/// The clamped scalar, four little-endian 64-bit words.
pub(super) const K: usize = 76;
/// The previous bit of the scalar (0 or 1): the swap still pending.
pub(super) const SW: usize = 80;
/// The bit index t of the next iteration (254 down to 0; -1 after the last).
pub(super) const CNT: usize = 81;
/// Size of the workspace in limbs.
pub(super) const WORDS: usize = 82;

/// The ladder's workspace (see the module docs for the layout).
#[derive(Clone, Debug)]
#[repr(C, align(64))]
pub(super) struct Workspace(pub(super) [u64; WORDS]);

/// `[w + SLOT + byte]`: the address of one limb of a slot.
macro_rules! at {
    ($slot:literal, $byte:literal) => {
        concat!("qword ptr [{w} + {", $slot, "} + ", $byte, "]")
    };
}

/// One row of a product: `(r0..r4) += rdx·b`, low halves through CF (ADCX), high halves
/// through OF (ADOX), with `rdx` = the limb at `$a + $ak` and b the four limbs of slot
/// `$b`. The XOR clears both flags and breaks the flag dependency on the row before
/// (which ends with CF = OF = 0 anyway: a row's partial sum cannot carry out of r4).
macro_rules! mul_row {
    ($a:literal, $ak:literal, $b:literal, $r0:literal, $r1:literal, $r2:literal,
     $r3:literal, $r4:literal) => {
        concat!(
            "mov rdx, ",
            at!($a, $ak),
            "\n",
            "xor {t0:e}, {t0:e}\n",
            "mulx {t1}, {t0}, ",
            at!($b, "0"),
            "\n",
            "adcx ",
            $r0,
            ", {t0}\n",
            "adox ",
            $r1,
            ", {t1}\n",
            "mulx {t1}, {t0}, ",
            at!($b, "8"),
            "\n",
            "adcx ",
            $r1,
            ", {t0}\n",
            "adox ",
            $r2,
            ", {t1}\n",
            "mulx {t1}, {t0}, ",
            at!($b, "16"),
            "\n",
            "adcx ",
            $r2,
            ", {t0}\n",
            "adox ",
            $r3,
            ", {t1}\n",
            "mulx ",
            $r4,
            ", {t0}, ",
            at!($b, "24"),
            "\n",
            "adcx ",
            $r3,
            ", {t0}\n",
            "adox ",
            $r4,
            ", {z}\n",
            "adcx ",
            $r4,
            ", {z}\n",
        )
    };
}

/// `(c0..c3, c4) = c0..c3 + rdx·(c4..c7)`, rdx a small constant (38 or 121666):
/// four MULX, low halves added through CF (ADCX), high halves through OF (ADOX); the
/// top word c4 is at most rdx + 1. Clobbers t0, t1.
macro_rules! add_rdx_times_high {
    () => {
        concat!(
            "xor {t0:e}, {t0:e}\n",
            "mulx {t1}, {t0}, {c4}\n",
            "adcx {c0}, {t0}\n",
            "adox {c1}, {t1}\n",
            "mulx {t1}, {t0}, {c5}\n",
            "adcx {c1}, {t0}\n",
            "adox {c2}, {t1}\n",
            "mulx {t1}, {t0}, {c6}\n",
            "adcx {c2}, {t0}\n",
            "adox {c3}, {t1}\n",
            "mulx {c4}, {t0}, {c7}\n",
            "adcx {c3}, {t0}\n",
            "adox {c4}, {z}\n",
            "adcx {c4}, {z}\n",
        )
    };
}

/// The 512-bit value `c0..c7` to four limbs `c0..c3` below 2^255 + 2^12:
/// `c0..c3 + 38·(c4..c7)` (two carry chains) into five limbs with a top word h ≤ 39,
/// then t = 2·h + bit 255 (< 2^7) added back as 19·t with bit 255 cleared: below
/// 2^255 + 19·79, so the last carry chain cannot leave c3. Clobbers c4, t0, t1, rdx.
macro_rules! reduce {
    () => {
        concat!(
            "mov edx, 38\n",
            add_rdx_times_high!(), // h ≤ 39
            "add {c3}, {c3}\n",    // CF = bit 255
            "adc {c4}, {c4}\n",    // t = 2·h + bit 255
            "shr {c3}, 1\n",
            "imul {c4}, {c4}, 19\n",
            "add {c0}, {c4}\n",
            "adc {c1}, {z}\n",
            "adc {c2}, {z}\n",
            "adc {c3}, {z}\n",
        )
    };
}

/// `c0..c3` = slot `$a` · slot `$b` mod p (below 2^255 + 2^12): schoolbook by rows,
/// row 0 with one carry chain, rows 1 to 3 with two ([`mul_row!`]), then [`reduce!`].
/// 20 MULX. Clobbers every accumulator and RDX.
macro_rules! mul_regs {
    ($a:literal, $b:literal) => {
        concat!(
            "mov rdx, ",
            at!($a, "0"),
            "\n",
            "mulx {c1}, {c0}, ",
            at!($b, "0"),
            "\n",
            "mulx {c2}, {t0}, ",
            at!($b, "8"),
            "\n",
            "add {c1}, {t0}\n",
            "mulx {c3}, {t0}, ",
            at!($b, "16"),
            "\n",
            "adc {c2}, {t0}\n",
            "mulx {c4}, {t0}, ",
            at!($b, "24"),
            "\n",
            "adc {c3}, {t0}\n",
            "adc {c4}, {z}\n",
            mul_row!($a, "8", $b, "{c1}", "{c2}", "{c3}", "{c4}", "{c5}"),
            mul_row!($a, "16", $b, "{c2}", "{c3}", "{c4}", "{c5}", "{c6}"),
            mul_row!($a, "24", $b, "{c3}", "{c4}", "{c5}", "{c6}", "{c7}"),
            reduce!(),
        )
    };
}

/// `c0..c3` = (slot `$a`)² mod p (below 2^255 + 2^12): the six cross products a_i·a_j
/// (i < j) once, doubled on the CF chain while the four squares a_i² are added on the
/// OF chain, then [`reduce!`]. 14 MULX where a product takes 20.
///
/// ```text
///                         a0a3  a0a2  a0a1          row a0
///                   a1a3  a1a2                      row a1
///             a2a3                                  row a2
///   c7    c6    c5    c4    c3    c2    c1    c0
///   = 2·(cross) + (a3²)(a2²)(a1²)(a0²)
/// ```
macro_rules! sqr_regs {
    ($a:literal) => {
        concat!(
            // a1, a2, a3 in c5, c6, c7 (each register is written only after its
            // last read as a limb), a0 in RDX: plain loads, which the core can
            // forward from a recent store with no latency, unlike MULX's memory
            // operand.
            "mov {c5}, ",
            at!($a, "8"),
            "\n",
            "mov {c6}, ",
            at!($a, "16"),
            "\n",
            "mov {c7}, ",
            at!($a, "24"),
            "\n",
            // Row a0: (c1..c4) = a0·(a1, a2, a3).
            "mov rdx, ",
            at!($a, "0"),
            "\n",
            "mulx {c2}, {c1}, {c5}\n",
            "mulx {c3}, {t0}, {c6}\n",
            "add {c2}, {t0}\n",
            "mulx {c4}, {t0}, {c7}\n",
            "adc {c3}, {t0}\n",
            "adc {c4}, {z}\n",
            // Row a1: (c3..c5) += a1·(a2, a3).
            "mov rdx, {c5}\n",
            "xor {t0:e}, {t0:e}\n",
            "mulx {t1}, {t0}, {c6}\n",
            "adcx {c3}, {t0}\n",
            "adox {c4}, {t1}\n",
            "mulx {c5}, {t0}, {c7}\n",
            "adcx {c4}, {t0}\n",
            "adox {c5}, {z}\n",
            "adcx {c5}, {z}\n",
            // Row a2: (c5, c6) += a2·a3.
            "mov rdx, {c6}\n",
            "mulx {c6}, {t0}, {c7}\n",
            "add {c5}, {t0}\n",
            "adc {c6}, {z}\n",
            // Double (CF) and add the squares (OF).
            "mov rdx, ",
            at!($a, "0"),
            "\n",
            "mulx {t1}, {c0}, rdx\n",
            "xor {t0:e}, {t0:e}\n",
            "adcx {c1}, {c1}\n",
            "adox {c1}, {t1}\n",
            "mov rdx, ",
            at!($a, "8"),
            "\n",
            "mulx {t1}, {t0}, rdx\n",
            "adcx {c2}, {c2}\n",
            "adox {c2}, {t0}\n",
            "adcx {c3}, {c3}\n",
            "adox {c3}, {t1}\n",
            "mov rdx, ",
            at!($a, "16"),
            "\n",
            "mulx {t1}, {t0}, rdx\n",
            "adcx {c4}, {c4}\n",
            "adox {c4}, {t0}\n",
            "adcx {c5}, {c5}\n",
            "adox {c5}, {t1}\n",
            "mov rdx, {c7}\n",
            "mulx {c7}, {t0}, rdx\n",
            "adcx {c6}, {c6}\n",
            "adox {c6}, {t0}\n",
            "adcx {c7}, {z}\n",
            "adox {c7}, {z}\n", // the 512-bit square fits: no carry out
            reduce!(),
        )
    };
}

/// Stores four registers into slot `$dst`.
macro_rules! store {
    ($dst:literal, $r0:literal, $r1:literal, $r2:literal, $r3:literal) => {
        concat!(
            "mov ",
            at!($dst, "0"),
            ", ",
            $r0,
            "\n",
            "mov ",
            at!($dst, "8"),
            ", ",
            $r1,
            "\n",
            "mov ",
            at!($dst, "16"),
            ", ",
            $r2,
            "\n",
            "mov ",
            at!($dst, "24"),
            ", ",
            $r3,
            "\n",
        )
    };
}

/// Loads slot `$src` into four registers.
macro_rules! load {
    ($src:literal, $r0:literal, $r1:literal, $r2:literal, $r3:literal) => {
        concat!(
            "mov ",
            $r0,
            ", ",
            at!($src, "0"),
            "\n",
            "mov ",
            $r1,
            ", ",
            at!($src, "8"),
            "\n",
            "mov ",
            $r2,
            ", ",
            at!($src, "16"),
            "\n",
            "mov ",
            $r3,
            ", ",
            at!($src, "24"),
            "\n",
        )
    };
}

/// One `asm!` block over a [`Workspace`] (a `*mut u64` to its first limb), with the
/// register and slot operands every macro above names; `z` is zeroed first, and every
/// register written is zeroed again at the end, so no secret-dependent value outlives
/// the block in a register. The comment line names the slots so that a block using only
/// some of them still uses every operand.
macro_rules! workspace_asm {
    ($ws:expr; $($code:expr),+ $(,)?) => {
        core::arch::asm!(
            "/* slots {X1} {X2} {Z2} {X3} {Z3} {A} {B} {C} {D} {AA} {BB} {DA} {E} {F} {S} {T} {T2} {U} {V} {K} {SW} {CNT} */",
            "xor {z:e}, {z:e}",
            $($code,)+
            "xor {c0:e}, {c0:e}",
            "xor {c1:e}, {c1:e}",
            "xor {c2:e}, {c2:e}",
            "xor {c3:e}, {c3:e}",
            "xor {c4:e}, {c4:e}",
            "xor {c5:e}, {c5:e}",
            "xor {c6:e}, {c6:e}",
            "xor {c7:e}, {c7:e}",
            "xor {t0:e}, {t0:e}",
            "xor {t1:e}, {t1:e}",
            "xor edx, edx",
            w = in(reg) $ws,
            z = out(reg) _,
            c0 = out(reg) _,
            c1 = out(reg) _,
            c2 = out(reg) _,
            c3 = out(reg) _,
            c4 = out(reg) _,
            c5 = out(reg) _,
            c6 = out(reg) _,
            c7 = out(reg) _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            out("rdx") _,
            X1 = const $crate::backend::x25519_mulx::step::X1 * 8,
            X2 = const $crate::backend::x25519_mulx::step::X2 * 8,
            Z2 = const $crate::backend::x25519_mulx::step::Z2 * 8,
            X3 = const $crate::backend::x25519_mulx::step::X3 * 8,
            Z3 = const $crate::backend::x25519_mulx::step::Z3 * 8,
            A = const $crate::backend::x25519_mulx::step::A * 8,
            B = const $crate::backend::x25519_mulx::step::B * 8,
            C = const $crate::backend::x25519_mulx::step::C * 8,
            D = const $crate::backend::x25519_mulx::step::D * 8,
            AA = const $crate::backend::x25519_mulx::step::AA * 8,
            BB = const $crate::backend::x25519_mulx::step::BB * 8,
            DA = const $crate::backend::x25519_mulx::step::DA * 8,
            E = const $crate::backend::x25519_mulx::step::E * 8,
            F = const $crate::backend::x25519_mulx::step::F * 8,
            S = const $crate::backend::x25519_mulx::step::S * 8,
            T = const $crate::backend::x25519_mulx::step::T * 8,
            T2 = const $crate::backend::x25519_mulx::step::T2 * 8,
            U = const $crate::backend::x25519_mulx::step::U * 8,
            V = const $crate::backend::x25519_mulx::step::V * 8,
            K = const $crate::backend::x25519_mulx::step::K * 8,
            SW = const $crate::backend::x25519_mulx::step::SW * 8,
            CNT = const $crate::backend::x25519_mulx::step::CNT * 8,
            options(nostack),
        )
    };
}

/// Runs the 255 ladder iterations on `ws` (x1, the state, K, SW = 0 and CNT = 254 set
/// by the caller), then the final conditional swap: (x2, z2) is the result.
///
/// Per iteration: the bit t of K; A, B, C, D from the state as it is; U, V = (A, B)
/// or (C, D) by bit t ⊕ the previous bit; DA, CB (and from it S, T); AA = U², BB = V²
/// (and from them E, F); x2 = AA·BB, z2 = E·F, x3 = S², z3 = x1·T². The products
/// follow each other with no dependence between neighbours where the formulas allow,
/// so the out-of-order core overlaps them ([`super`]'s docs: the order and why).
///
/// **No swap in the loop.** RFC 7748 §5 swaps (x2, z2) with (x3, z3) by the mask and
/// then doubles (x2 : z2) and adds the two. The differential addition does not need
/// the swap: swapping exchanges (A, B) with (C, D), so DA becomes CB and CB becomes
/// DA; S = DA + CB is unchanged and T = DA - CB changes sign, which T² does not see
/// (T² is the same element; its lazily reduced limbs may differ, the element does
/// not). Only the doubling's input depends on the swap, so the loop selects U and V
/// (4 limbs each) instead of swapping 16 limbs in memory, and DA and CB, the start of
/// the longest chain, do not wait for it. The state stays in the order RFC 7748's
/// ladder leaves it after its step (the doubled point in (x2, z2)); its pending swap
/// (SW) is the next iteration's previous bit, as there.
///
/// # Safety
///
/// The CPU must support BMI2 and ADX (the caller holds the `Bmi2Adx` token).
#[inline(never)]
pub(super) unsafe fn run(ws: &mut Workspace) {
    // SAFETY: reads and writes only the `WORDS` limbs of `ws` (an exclusive reference;
    // every address is `w` plus a slot offset below `WORDS * 8`, or `K + 8·(t >> 6)`
    // with t ≤ 254, inside K), and no stack (`nostack`). Every register it writes is an
    // operand (`out`, clobbered) and flags are clobbered (no `preserves_flags`). The loop
    // ends: CNT starts at 254 (the caller's) and drops by one per iteration until it
    // turns negative. MULX, ADCX and ADOX need BMI2 and ADX, which this function's
    // safety condition guarantees.
    unsafe {
        workspace_asm!(ws.0.as_mut_ptr();
            "2:",
            // bit t of K ^ previous bit in RDX: 0 to double (x2 : z2), 1 to double
            // (x3 : z3). The previous bit becomes bit t.
            "mov {c0}, qword ptr [{w} + {CNT}]",
            "mov {c1}, {c0}",
            "shr {c1}, 6",
            "mov {c1}, qword ptr [{w} + {K} + {c1}*8]",
            "shrx {c1}, {c1}, {c0}",
            "and {c1:e}, 1",
            "mov rdx, qword ptr [{w} + {SW}]",
            "mov qword ptr [{w} + {SW}], {c1}",
            "xor rdx, {c1}",
            // The sums of the unswapped state, then the doubling's inputs by the bits.
            add_sub!("A", "B", "X2", "Z2"),
            add_sub!("C", "D", "X3", "Z3"), // C and D stay in c0..c3, c4..c7
            "test edx, edx",
            select!("U", "A", "C", "{c0}", "{c1}", "{c2}", "{c3}"),
            select!("V", "B", "D", "{c4}", "{c5}", "{c6}", "{c7}"),
            // The chain to z3 first (DA, CB, T, T², x1·T²: three products), an
            // independent product between each two dependent ones.
            mul_regs!("D", "A"),
            store!("DA", "{c0}", "{c1}", "{c2}", "{c3}"),
            mul_regs!("C", "B"),
            s_and_t!(),
            sqr_regs!("U"),
            store!("AA", "{c0}", "{c1}", "{c2}", "{c3}"),
            sqr_regs!("T"),
            store!("T2", "{c0}", "{c1}", "{c2}", "{c3}"),
            sqr_regs!("V"),
            store!("BB", "{c0}", "{c1}", "{c2}", "{c3}"),
            mul_regs!("T2", "X1"),
            store!("Z3", "{c0}", "{c1}", "{c2}", "{c3}"),
            load!("BB", "{c0}", "{c1}", "{c2}", "{c3}"),
            e_and_f!(),
            sqr_regs!("S"),
            store!("X3", "{c0}", "{c1}", "{c2}", "{c3}"),
            mul_regs!("F", "E"),
            store!("Z2", "{c0}", "{c1}", "{c2}", "{c3}"),
            mul_regs!("AA", "BB"),
            store!("X2", "{c0}", "{c1}", "{c2}", "{c3}"),
            "sub qword ptr [{w} + {CNT}], 1",
            "jns 2b",
            // The last swap, with the last bit.
            "mov rdx, qword ptr [{w} + {SW}]",
            "neg rdx",
            cswap_state!(),
        );
    }
}
