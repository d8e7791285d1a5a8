//! Multiplication and squaring mod p on 4×64-bit limbs, in inline assembly with MULX
//! (BMI2) and ADCX/ADOX (ADX).
//!
//! Every routine takes limbs of any value (< 2^256) and returns limbs of a value
//! below 2^255 + 2^12, congruent to the result mod p. Shape of each routine:
//!
//! 1. the 512-bit product in eight limbs `c0..c7`, with two independent carry chains
//!    (ADCX adds the low halves of the partial products through CF, ADOX the high
//!    halves through OF);
//! 2. `c0..c3 + 38·(c4..c7)` (as 2^256 = 38 mod p), again with two chains, into four
//!    limbs and a top word `h` ≤ 39 (38·(2^64 - 1) >> 64 = 37, plus two carries);
//! 3. everything from bit 255 up (t = 2·h + bit 255 < 2^8) cleared and added back as
//!    19·t = 38·h + 19·bit255 (2^255 = 19 mod p): the result is below 2^255 + 2^12,
//!    so this last carry chain cannot leave the fourth limb; nothing to fold again.
//!
//! Straight-line code (but for `pow2k`'s loop, whose trip count is the public k): no
//! branch or memory address depends on the data.
//!
//! Register use: everything stays in general-purpose registers (13 at the peak: RDX
//! for MULX, the rest chosen by the compiler); the multiplication reads its second
//! operand from memory. Nothing is written to memory and no stack is used.
//!
//! Requirements: the CPU must support BMI2 and ADX, so every function here is an
//! `unsafe fn` whose safety condition is exactly that: callers (`FieldElement`'s
//! operations, `Mulx<P>` for a proof `P: Bmi2Adx`) call them only after
//! `backend::cpu_has_bmi2_adx()` returned true. On a CPU without them MULX/ADCX/ADOX
//! raise #UD (the process gets SIGILL); nothing is read or written out of place first.
#![allow(unsafe_code)]

use core::arch::asm;

/// Final fold (step 3 above): the five-limb value `$x0..$x3, $h` (with `$h` < 2^7)
/// becomes four limbs below 2^255 + 2^12.
///
/// Everything from bit 255 up, t = 2·h + b with b = bit 255, comes back as 19·t
/// (2^255 = 19 mod p) once bit 255 is cleared; the result, (value mod 2^255) + 19·t <
/// 2^255 + 2^12, cannot carry out of the fourth limb. t is formed in two instructions:
/// ADD x3, x3 moves b into CF (x3 is ready before h), ADC h, h makes 2·h + b; SHR x3, 1
/// clears bit 255. Same latency from h as the earlier 19·b-then-38·h form (one ADC
/// where that had an ADD after the IMUL), two instructions and one register fewer,
/// which counts in the throughput-bound point formulas. Clobbers `$h`.
#[rustfmt::skip]
macro_rules! fold_top {
    ($x0:literal, $x1:literal, $x2:literal, $x3:literal, $h:literal) => {
        concat!(
            "add ", $x3, ", ", $x3, "\n", //         CF = b
            "adc ", $h, ", ", $h, "\n", //           t = 2·h + b
            "shr ", $x3, ", 1\n", //                 bit 255 cleared
            "imul ", $h, ", ", $h, ", 19\n", //      19·t
            "add ", $x0, ", ", $h, "\n",
            "adc ", $x1, ", 0\n",
            "adc ", $x2, ", 0\n",
            "adc ", $x3, ", 0\n",
        )
    };
}

/// The square of `{x0}..{x3}` (steps 1 and 2), left in `{x0}, {c1}, {c2}, {c3}`
/// and `{c4}` (the top word h ≤ 39), for [`fold_top!`].
///
/// Cross products a_i·a_j (i < j) are summed once into c1..c6, then doubled while the
/// diagonal squares a_i² are added:
///
/// ```text
///                         a0a3  a0a2  a0a1          row a0
///                   a1a3  a1a2                      row a1
///             a2a3                                  row a2
///   c7    c6    c5    c4    c3    c2    c1    c0
///   = 2·(cross) + (a3²)(a2²)(a1²)(a0²)
/// ```
///
/// Registers: `{x0}..{x3}` input; output in `{x0}, {c1}, {c2}, {c3}` (+ `{c4}`);
/// `{c5}`, `{t0}`, `{t1}` and `{x1}`..`{x3}` scratch. c6 lives in `{t1}` and c7 in
/// `{t0}`; the square a_i² is written over `{xi}` once `xi` has moved into RDX.
macro_rules! square_to_5_limbs {
    () => {
        concat!(
            // Row a0: (c1..c4) = a0·(a1, a2, a3), one carry chain.
            "mov rdx, {x0}\n",
            "mulx {c2}, {c1}, {x1}\n",
            "mulx {c3}, {t0}, {x2}\n",
            "add {c2}, {t0}\n",
            "mulx {c4}, {t0}, {x3}\n",
            "adc {c3}, {t0}\n",
            "adc {c4}, 0\n",
            // Row a1: (c3..c5) += a1·(a2, a3).
            "mov rdx, {x1}\n",
            "xor {t0:e}, {t0:e}\n", // CF = OF = 0
            "mulx {t1}, {t0}, {x2}\n",
            "adcx {c3}, {t0}\n",
            "adox {c4}, {t1}\n",
            "mulx {c5}, {t0}, {x3}\n",
            "adcx {c4}, {t0}\n",
            "mov edx, 0\n",
            "adox {c5}, rdx\n",
            "adcx {c5}, rdx\n",
            // Row a2: (c5, c6) += a2·a3; c6 in t1.
            "mov rdx, {x2}\n",
            "mulx {t1}, {t0}, {x3}\n",
            "add {c5}, {t0}\n",
            "adc {t1}, 0\n",
            // Double (CF chain) and add the squares (OF chain); c0 in x0, c7 in t0.
            "mov rdx, {x0}\n",
            "mulx {t0}, {x0}, rdx\n", // (t0, x0) = a0²
            "test rdx, rdx\n",        // CF = OF = 0
            "adcx {c1}, {c1}\n",
            "adox {c1}, {t0}\n",
            "mov rdx, {x1}\n",
            "mulx {t0}, {x1}, rdx\n", // a1²
            "adcx {c2}, {c2}\n",
            "adox {c2}, {x1}\n",
            "adcx {c3}, {c3}\n",
            "adox {c3}, {t0}\n",
            "mov rdx, {x2}\n",
            "mulx {t0}, {x2}, rdx\n", // a2²
            "adcx {c4}, {c4}\n",
            "adox {c4}, {x2}\n",
            "adcx {c5}, {c5}\n",
            "adox {c5}, {t0}\n",
            "mov rdx, {x3}\n",
            "mulx {t0}, {x3}, rdx\n", // a3²
            "adcx {t1}, {t1}\n",
            "adox {t1}, {x3}\n",
            "mov edx, 0\n",
            "adcx {t0}, rdx\n",
            "adox {t0}, rdx\n", // c7 = hi(a3²) + carries, no overflow
            // Reduce: (x0, c1, c2, c3, c4) = (c0..c3) + 38·(c4..c7), in place (no
            // moves); x1, x2 (their squares already added) are the products' scratch,
            // x3 the zero.
            "mov edx, 38\n",
            "xor {x3:e}, {x3:e}\n", // x3 = 0, CF = OF = 0
            "mulx {x2}, {x1}, {c4}\n",
            "adcx {x0}, {x1}\n",
            "adox {c1}, {x2}\n",
            "mulx {x2}, {x1}, {c5}\n",
            "adcx {c1}, {x1}\n",
            "adox {c2}, {x2}\n",
            "mulx {x2}, {x1}, {t1}\n",
            "adcx {c2}, {x1}\n",
            "adox {c3}, {x2}\n",
            "mulx {c4}, {x1}, {t0}\n",
            "adcx {c3}, {x1}\n",
            "adox {c4}, {x3}\n",
            "adcx {c4}, {x3}\n", // top word h = c4 ≤ 39
        )
    };
}

/// Doubles the five-limb value `{x0}, {c1}, {c2}, {c3}, {c4}` (for 2·a²), before the final fold.
macro_rules! double_5_limbs {
    () => {
        concat!(
            "add {x0}, {x0}\n",
            "adc {c1}, {c1}\n",
            "adc {c2}, {c2}\n",
            "adc {c3}, {c3}\n",
            "adc {c4}, {c4}\n", // ≤ 79
        )
    };
}

/// a·b mod p (a value < 2^256).
///
/// Schoolbook by rows: for each a_i (in RDX), the four products a_i·b_j are added into
/// the accumulator at limb i, low halves through CF (ADCX), high halves through OF
/// (ADOX). The registers that held a1, a2, a3 become c5, c6, c7 once their value has
/// moved into RDX; the pointer register becomes the zero register after the last read.
///
/// The XOR at the top of rows a2 and a3 is not needed for the values (each row ends with
/// CF = OF = 0, as its partial product cannot carry out), but it gives the next row
/// fresh flags instead of waiting for the last ADCX/ADOX of the row before: without it
/// ScalarMult measured 2% slower. A dedicated zero register (instead of the three
/// `mov edx, 0`) measured 1.5% slower too (13 registers leave the compiler none).
#[inline(always)]
pub(crate) unsafe fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: reads the 32 bytes of `b` (a valid reference, so readable; `readonly`),
    // writes no memory and uses no stack; every register written is an output or
    // declared clobbered (`=> _`), flags are clobbered (no `preserves_flags`). It needs
    // BMI2 (MULX) and ADX (ADCX/ADOX): the dispatcher runs this backend only after
    // `backend::use_fast()` confirmed both; if it ran on a CPU without them anyway, the
    // first MULX raises #UD (SIGILL), with no memory touched.
    unsafe {
        asm!(
            // Row a0: (c0..c4) = a0·b, one carry chain.
            "mulx {c1}, {c0}, [{b}]",
            "mulx {c2}, {t0}, [{b} + 8]",
            "add {c1}, {t0}",
            "mulx {c3}, {t0}, [{b} + 16]",
            "adc {c2}, {t0}",
            "mulx {c4}, {t0}, [{b} + 24]",
            "adc {c3}, {t0}",
            "adc {c4}, 0",
            // Row a1: (c1..c5) += a1·b; c5 in a1's register.
            "mov rdx, {a1}",
            "xor {t0:e}, {t0:e}",
            "mulx {t1}, {t0}, [{b}]",
            "adcx {c1}, {t0}",
            "adox {c2}, {t1}",
            "mulx {t1}, {t0}, [{b} + 8]",
            "adcx {c2}, {t0}",
            "adox {c3}, {t1}",
            "mulx {t1}, {t0}, [{b} + 16]",
            "adcx {c3}, {t0}",
            "adox {c4}, {t1}",
            "mulx {a1}, {t0}, [{b} + 24]",
            "adcx {c4}, {t0}",
            "mov edx, 0",
            "adox {a1}, rdx",
            "adcx {a1}, rdx",
            // Row a2: (c2..c6) += a2·b; c6 in a2's register.
            "mov rdx, {a2}",
            "xor {t0:e}, {t0:e}",
            "mulx {t1}, {t0}, [{b}]",
            "adcx {c2}, {t0}",
            "adox {c3}, {t1}",
            "mulx {t1}, {t0}, [{b} + 8]",
            "adcx {c3}, {t0}",
            "adox {c4}, {t1}",
            "mulx {t1}, {t0}, [{b} + 16]",
            "adcx {c4}, {t0}",
            "adox {a1}, {t1}",
            "mulx {a2}, {t0}, [{b} + 24]",
            "adcx {a1}, {t0}",
            "mov edx, 0",
            "adox {a2}, rdx",
            "adcx {a2}, rdx",
            // Row a3: (c3..c7) += a3·b; c7 in a3's register.
            "mov rdx, {a3}",
            "xor {t0:e}, {t0:e}",
            "mulx {t1}, {t0}, [{b}]",
            "adcx {c3}, {t0}",
            "adox {c4}, {t1}",
            "mulx {t1}, {t0}, [{b} + 8]",
            "adcx {c4}, {t0}",
            "adox {a1}, {t1}",
            "mulx {t1}, {t0}, [{b} + 16]",
            "adcx {a1}, {t0}",
            "adox {a2}, {t1}",
            "mulx {a3}, {t0}, [{b} + 24]",
            "adcx {a2}, {t0}",
            "mov edx, 0",
            "adox {a3}, rdx",
            "adcx {a3}, rdx",
            // Reduce: (c0..c3, c4) = (c0..c3) + 38·(c4, c5, c6, c7); b is now zero.
            "mov edx, 38",
            "xor {b:e}, {b:e}",
            "mulx {t1}, {t0}, {c4}",
            "adcx {c0}, {t0}",
            "adox {c1}, {t1}",
            "mulx {t1}, {t0}, {a1}",
            "adcx {c1}, {t0}",
            "adox {c2}, {t1}",
            "mulx {t1}, {t0}, {a2}",
            "adcx {c2}, {t0}",
            "adox {c3}, {t1}",
            "mulx {c4}, {t0}, {a3}",
            "adcx {c3}, {t0}",
            "adox {c4}, {b}",
            "adcx {c4}, {b}",
            fold_top!("{c0}", "{c1}", "{c2}", "{c3}", "{c4}"),
            inout("rdx") a[0] => _,
            a1 = inout(reg) a[1] => _,
            a2 = inout(reg) a[2] => _,
            a3 = inout(reg) a[3] => _,
            b = inout(reg) b.as_ptr() => _,
            c0 = out(reg) r0,
            c1 = out(reg) r1,
            c2 = out(reg) r2,
            c3 = out(reg) r3,
            c4 = out(reg) _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// The body of [`square`] and [`square2`]: the square of `$a` in five limbs
/// ([`square_to_5_limbs!`]), then the template lines `$mid` if any, then the fold to
/// four limbs ([`fold_top!`]).
macro_rules! square_then_fold {
    ($a:expr $(, $mid:expr)?) => {{
        let [mut x0, x1, x2, x3] = *$a;
        let (r1, r2, r3): (u64, u64, u64);
        // SAFETY: registers only: no memory is read or written and no stack is used;
        // every register written is an operand or declared clobbered, flags are
        // clobbered. Needs BMI2 and ADX, which the callers' own safety condition
        // guarantees (see the module docs); without them the first MULX raises #UD
        // (SIGILL), nothing else happens.
        unsafe {
            asm!(
                square_to_5_limbs!(),
                $($mid,)?
                fold_top!("{x0}", "{c1}", "{c2}", "{c3}", "{c4}"),
                x0 = inout(reg) x0,
                x1 = inout(reg) x1 => _,
                x2 = inout(reg) x2 => _,
                x3 = inout(reg) x3 => _,
                c1 = out(reg) r1,
                c2 = out(reg) r2,
                c3 = out(reg) r3,
                c4 = out(reg) _,
                c5 = out(reg) _,
                t0 = out(reg) _,
                t1 = out(reg) _,
                out("rdx") _,
                options(pure, nomem, nostack),
            );
        }
        [x0, r1, r2, r3]
    }};
}

/// a² mod p (a value < 2^256).
///
/// # Safety
///
/// The CPU must support BMI2 and ADX.
#[inline(always)]
pub(crate) unsafe fn square(a: &[u64; 4]) -> [u64; 4] {
    square_then_fold!(a)
}

/// 2·a² mod p (a value < 2^256): the square, doubled before the final fold, so the
/// doubling costs five ADD/ADCs and no second reduction.
///
/// # Safety
///
/// The CPU must support BMI2 and ADX.
#[inline(always)]
pub(crate) unsafe fn square2(a: &[u64; 4]) -> [u64; 4] {
    square_then_fold!(a, double_5_limbs!())
}

/// a^(2^k) mod p (a value < 2^256), for k ≥ 1: k squarings in one loop, the element
/// kept in the same four registers from one squaring to the next.
///
/// `k` is public (an exponent of an addition chain), so it may choose the trip count.
#[inline(always)]
pub(crate) unsafe fn pow2k(a: &[u64; 4], k: u32) -> [u64; 4] {
    debug_assert!(k >= 1);
    let [mut x0, mut x1, mut x2, mut x3] = *a;
    // SAFETY: registers only, no memory, no stack. The loop runs `k` ≥ 1 times
    // (DEC/JNZ on a counter register; `k` = 0 is excluded by the caller). Needs BMI2
    // and ADX, checked by `backend::use_fast()` before dispatch (else #UD / SIGILL).
    unsafe {
        asm!(
            "2:",
            square_to_5_limbs!(),
            fold_top!("{x0}", "{c1}", "{c2}", "{c3}", "{c4}"),
            "mov {x1}, {c1}", // back into the input registers for the next round
            "mov {x2}, {c2}",
            "mov {x3}, {c3}",
            "dec {n:e}",
            "jnz 2b",
            x0 = inout(reg) x0,
            x1 = inout(reg) x1,
            x2 = inout(reg) x2,
            x3 = inout(reg) x3,
            n = inout(reg) k => _,
            c1 = out(reg) _,
            c2 = out(reg) _,
            c3 = out(reg) _,
            c4 = out(reg) _,
            c5 = out(reg) _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            out("rdx") _,
            options(pure, nomem, nostack),
        );
    }
    [x0, x1, x2, x3]
}
