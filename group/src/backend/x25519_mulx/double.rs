//! Doublings of (x2 : z2) in one `asm!` block over the ladder's [`Workspace`], for the
//! ends of X25519's ladder on a clamped scalar ([`super::x25519`]): the first
//! iteration in closed form needs \[2\]P, and the last three iterations, whose bits are
//! always 0, only double (x2 : z2). Each doubling is the ladder step's doubling half,
//! the same macros in the same order as [`super::step::run`]: A = x2 + z2,
//! B = x2 - z2, AA = A², BB = B², E = AA - BB, F = BB + a24·E, x2 = AA·BB, z2 = E·F
//! (2 squarings, 2 products and the 4-MULX a24 product, against 4 squarings and
//! 5 products for a full step). Values follow [`super::step`]'s lazy-reduction bounds.
#![allow(unsafe_code)]

use super::step::{CNT, Workspace};

/// Replaces (x2 : z2) of `ws` by its double `n` times (1 ≤ `n`, a public count).
/// Reads and writes the slots X2, Z2, A, B, AA, BB, E, F and CNT; leaves the rest.
///
/// Needs z2 below 2^256 - 38 (the bound `add_sub!` takes for its second operand): a
/// product's output is, and so is any canonical element.
///
/// # Safety
///
/// The CPU must support BMI2 and ADX (the caller holds the `Bmi2Adx` token).
#[inline(never)]
pub(super) unsafe fn double(ws: &mut Workspace, n: u64) {
    debug_assert!(n >= 1);
    ws.0[CNT] = n - 1;
    // SAFETY: reads and writes only limbs of `ws` (an exclusive reference; every
    // address is `w` plus a slot offset below `WORDS * 8`), and no stack (`nostack`).
    // Every register written is an operand (`out`, clobbered) and flags are clobbered.
    // The loop ends: CNT starts at n - 1 ≥ 0 and drops by one per iteration until it
    // turns negative. MULX, ADCX and ADOX need BMI2 and ADX, which this function's
    // safety condition guarantees.
    unsafe {
        workspace_asm!(ws.0.as_mut_ptr();
            "2:",
            add_sub!("A", "B", "X2", "Z2"),
            sqr_regs!("A"),
            store!("AA", "{c0}", "{c1}", "{c2}", "{c3}"),
            sqr_regs!("B"),
            store!("BB", "{c0}", "{c1}", "{c2}", "{c3}"),
            e_and_f!(),
            mul_regs!("AA", "BB"),
            store!("X2", "{c0}", "{c1}", "{c2}", "{c3}"),
            mul_regs!("E", "F"),
            store!("Z2", "{c0}", "{c1}", "{c2}", "{c3}"),
            "sub qword ptr [{w} + {CNT}], 1",
            "jns 2b",
        );
    }
}
