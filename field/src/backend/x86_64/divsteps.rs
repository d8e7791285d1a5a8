//! Twenty divsteps of the safegcd inversion (`crate::safegcd`) on its packed words, in
//! inline assembly with BMI2's three-operand shifts (SARX, SHLX).
//!
//! The step is the one `safegcd`'s `sub_batch` writes in Rust, on the same three
//! words: ζ, q (f's packed word, halved) and g's packed word. Per step, with m the
//! parity mask of g and s the sign mask of ζ:
//!
//! ```text
//! h = g >> 1            t = g << 63           m = t >> 63  (arithmetic: -(g & 1))
//! s = ζ >> 63           a = ((q ^ s) + 1) & m
//! g' = h + a            swap = sign of (ζ & t)  (ζ < 0 and g odd)
//! q' = swap ? h : q     ζ' = swap ? -ζ - 2 : ζ - 1
//! ```
//!
//! Why assembly: compiled from Rust (rustc 1.95, every build), the step is 18
//! instructions, three of them register copies that a two-operand shift or AND needs to
//! keep its source, and the parity mask an AND and a negation. Where a core does not
//! eliminate copies at rename, each takes an ALU slot. With SARX and SHLX, whose
//! destination is separate, the parity mask as the arithmetic shift of g << 63 (which
//! the swap test reads anyway), and ζ and ζ' alternating between two registers, the step
//! is 14 instructions and no copy. The chain from one g to the next keeps its length
//! (SHLX, SARX, AND, add), as does the one through ζ.
//!
//! Measured on an Intel Xeon reporting family 6 model 167: in a loop of 20-step calls
//! timed in one process (`rustc -O`), 0.88-0.93 of the compiled step's time; the whole
//! inversion, 0.92-0.95 in the three builds (`crate::safegcd`'s docs). Three other
//! forms measured slower in that loop: the parity mask by ANDN and a decrement (off
//! the shift ports, one instruction more), g's addend chosen by a conditional move on
//! g's parity, and the addend's increment folded into h.
//!
//! Constant time: straight-line code, registers only; the two conditional moves read
//! the flags of `test`, so no branch and no memory address depends on the words.
#![allow(unsafe_code)]

use core::arch::asm;

/// One step from ζ in `$z` to ζ' in `$y` (the next step swaps the two names), on q in
/// `{f}` and g in `{g}`. Clobbers h, t, m, s, n and the flags. `test` is the last
/// instruction that writes the flags before the two conditional moves read them.
#[rustfmt::skip]
macro_rules! divstep {
    ($z:literal, $y:literal) => {
        concat!(
            "sarx {h}, {g}, {one}\n", //          h = g >> 1
            "shlx {t}, {g}, {c63}\n", //          t = g << 63
            "sarx {m}, {t}, {c63}\n", //          m = -(g & 1)
            "sarx {s}, ", $z, ", {c63}\n", //     s = sign mask of ζ
            "xor {s}, {f}\n",
            "inc {s}\n", //                       a = (q ^ s) + 1: -q or q + 1
            "and {s}, {m}\n", //                  a, or 0 if g is even
            "lea {g}, [{h} + {s}]\n", //          g' = h + a
            "lea ", $y, ", [", $z, " - 1]\n", //  ζ - 1
            "mov {n}, -2\n",
            "sub {n}, ", $z, "\n", //             -ζ - 2
            "test ", $z, ", {t}\n", //            SF: ζ < 0 and g odd
            "cmovs {f}, {h}\n", //                q' = h on a swap
            "cmovs ", $y, ", {n}\n", //           ζ' = -ζ - 2 on a swap
        )
    };
}

/// Two steps: ζ from `{z}` to `{y}` and back.
macro_rules! two_divsteps {
    () => {
        concat!(divstep!("{z}", "{y}"), divstep!("{y}", "{z}"))
    };
}

/// Twenty divsteps on (ζ, q, g) as `safegcd`'s `sub_batch` takes them: its step,
/// twenty times, bit for bit (the safegcd tests compare the two). `None` where the
/// MULX/ADX field does not run ([`use_fast`](crate::backend::use_fast) is false: no
/// BMI2, or the portable backend forced), and the caller runs its own steps.
#[inline(always)]
pub(crate) fn divsteps20(zeta: i64, q: i64, g: i64) -> Option<(i64, i64, i64)> {
    // `backend::cpu`, where `use_fast` lives, is below `safegcd` (no import cycle).
    if !crate::backend::cpu::use_fast() {
        return None;
    }
    // SAFETY: `use_fast()` implies `cpu_has_bmi2_adx()`: the CPU has BMI2.
    Some(unsafe { divsteps20_bmi2(zeta, q, g) })
}

/// [`divsteps20`] without the check.
///
/// # Safety
///
/// The CPU must support BMI2 (SARX, SHLX).
#[inline(always)]
unsafe fn divsteps20_bmi2(zeta: i64, q: i64, g: i64) -> (i64, i64, i64) {
    let (mut z, mut f, mut g) = (zeta, q, g);
    // SAFETY: registers only (no memory, no stack); every register written is an
    // operand (`out` ones are never given an input's register); the flags are clobbered
    // (no `preserves_flags`). SARX and SHLX need BMI2, which this function's safety
    // condition guarantees.
    unsafe {
        asm!(
            two_divsteps!(), two_divsteps!(), two_divsteps!(), two_divsteps!(),
            two_divsteps!(), two_divsteps!(), two_divsteps!(), two_divsteps!(),
            two_divsteps!(), two_divsteps!(),
            z = inout(reg) z,
            y = out(reg) _,
            f = inout(reg) f,
            g = inout(reg) g,
            h = out(reg) _,
            t = out(reg) _,
            m = out(reg) _,
            s = out(reg) _,
            n = out(reg) _,
            one = in(reg) 1i64,
            c63 = in(reg) 63i64,
            options(pure, nomem, nostack),
        );
    }
    (z, f, g)
}
