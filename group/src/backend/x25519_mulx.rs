//! X25519's Montgomery ladder for x86-64 CPUs with BMI2 and ADX: the serial ladder of
//! [`crate::montgomery`] (RFC 7748 §5) with the step written for the 4×64-bit MULX/ADX
//! field code instead of over the generic [`FieldArith`] interface.
//!
//! What differs from `ladder::<Fast>` (the generic ladder on the MULX/ADX field):
//!
//! - **Lazy reduction.** Elements are four 64-bit limbs of any value below 2^256,
//!   congruent to the value mod p and not reduced further. Addition and subtraction
//!   fold a carry (borrow) out of bit 256 back as 38 (2^256 = 2·19 mod p) once and
//!   stop: their second operand is always a product, below 2^255 + 2^12, so one fold
//!   is enough, and nothing folds bit 255 as the field crate's `add`/`sub` do. Sum and
//!   difference of the same pair are one `asm!` block. The products (the field
//!   crate's MULX/ADCX/ADOX multiplication and squaring, which accept any 256-bit
//!   input) return values below 2^255 + 2^12.
//! - **a24 specialised.** z2 = E·(BB + a24·E) needs E = AA - BB and BB + 121666·E: one
//!   `asm!` block computes both, E staying in registers for four MULX by the
//!   constant, BB added into the same carry chain, one fold of the top word (< 2^18)
//!   by 38: one reduction where `mul32` then `+` had two.
//! - **The conditional swap** is one `asm!` block per pair of coordinates, mask-and-xor
//!   on the limbs in registers (`t = (x ^ y) & m; x ^= t; y ^= t`), the mask made from
//!   the swap bit inside the block, so no compiler can turn it into a branch or a
//!   table lookup (docs/design.md, section 3: rustc has been seen doing that to a
//!   masked select).
//! - **Wiping.** The ladder variables (x2, z2, x3, z3) and the swap bit are overwritten
//!   with zeros before returning (volatile writes), unless built with
//!   `--cfg edwards25519_skip_wipe` (a test-only switch for the stack-scan test's
//!   control). Temporaries the compiler spilled inside a step are not wiped; the
//!   clamped scalar is the caller's (`MontgomeryPoint::mul_clamped` wipes it).
//!
//! # Why this design, with numbers
//!
//! Same-run A/B (`group/benches/x25519_ladders.rs`: the ladders interleaved call by
//! call, 3,000 rounds, minimum ns per X25519; LTO with one codegen unit, no CPU flags;
//! AMD EPYC Zen 4, shared with other jobs). Each row is one build and run; the generic
//! ladder is the unchanged reference in each.
//!
//! | step of this ladder | this ladder | generic `ladder::<Fast>` | x25519-dalek 3 | ours / dalek |
//! |---|---|---|---|---|
//! | first cut: two folds per sum, `add` and `sub` apart | 28,453 | 29,964 | 49,433 | 0.576 |
//! | one fold, sum and difference in one block (`add_sub`) | 27,350 | 28,872 | 49,323 | 0.555 |
//! | x1 as the memory operand of its product | 25,968 | 29,083 | 49,744 | 0.522 |
//! | E and BB + a24·E in one block (`sub_a24_add`) | 25,147 | 28,322 | 49,513 | 0.508 |
//!
//! Tried and dropped (same harness): DA and CB with their operands the other way round
//! (26,248 against 25,968), BB + a24·E as the memory operand of z2's product (26,038,
//! noise), the products of the addition before the squares of the doubling (26,520).
//! The generic ladder on the portable 5×51 limbs measured 29,013 in the last run.
//!
//! So the dedicated step is about 11% faster than the generic ladder on the same MULX
//! multiplication. Where the cycles go (`llvm-mca-16 -mcpu=znver4` on the loop body of
//! the `add_sub` build): about 1,000 instructions a step, of which 160 MULX, about 300
//! ADD/ADC/ADCX/ADOX and 174 loads and stores (the multiplication reads its second
//! operand from memory, and 13 registers per product leave none for the ladder
//! state); the model reports the integer ALUs as the bottleneck, not the multiplier or
//! memory. The products (9 a step) are the field crate's and near their floor; the
//! rest of a step, and which operand each product reads from memory, is what this
//! module tunes. The next step would be the whole ladder step in one `asm!` block with
//! a planned stack layout (as s2n-bignum and lib25519 do).
//!
//! Reached only through [`Bmi2Adx`], a token made only after CPUID (or the compile-time
//! target features) reported BMI2 and ADX: no safe path runs MULX, ADCX or ADOX on a
//! CPU without them.
#![allow(unsafe_code)]

use core::arch::asm;

use edwards25519_field::backend::radix64::Fe64;
use edwards25519_field::{FieldArith, FieldElement};

use crate::backend::serial::x86_64::Fast;

/// Proof that this CPU has BMI2 and ADX: the only way to reach [`ladder`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bmi2Adx(());

impl Bmi2Adx {
    /// The token, when `cpu_has_bmi2_adx()` (CPUID, cached; or the compile-time target
    /// features) reports both extensions.
    #[inline(always)]
    pub(crate) fn detect() -> Option<Bmi2Adx> {
        edwards25519_field::backend::cpu_has_bmi2_adx().then_some(Bmi2Adx(()))
    }
}

/// Four 64-bit limbs, little-endian, of a value below 2^256 (not necessarily < p).
type Limbs = [u64; 4];

/// a·b mod p: the field crate's MULX/ADX multiplication (inputs any 256-bit values;
/// output below 2^255 + 2^12).
#[inline(always)]
fn mul(_: Bmi2Adx, a: &Limbs, b: &Limbs) -> Limbs {
    // `Fast` is `Mulx<Checked>`: the token proves the check it stands for was made.
    (Fast::from_fe64(Fe64::from_limbs(*a)) * Fast::from_fe64(Fe64::from_limbs(*b)))
        .to_fe64()
        .limbs()
}

/// a² mod p, as [`mul`].
#[inline(always)]
fn square(_: Bmi2Adx, a: &Limbs) -> Limbs {
    Fast::from_fe64(Fe64::from_limbs(*a))
        .square()
        .to_fe64()
        .limbs()
}

/// Whether `b` is below 2^256 - 38, the bound [`add_sub`] and [`sub_a24_add`] need of
/// their second operand. Every product ([`mul`], [`square`]: < 2^255 + 2^12) and the
/// ladder's starting values meet it.
fn below_2_256_minus_38(b: &Limbs) -> bool {
    b[1] & b[2] & b[3] != u64::MAX || b[0] < 38u64.wrapping_neg()
}

/// (a + b, a - b) mod p, lazily: a any 256-bit value, b below 2^256 - 38 (any product
/// of [`mul`] or [`square`] is); both outputs below 2^256.
///
/// One carry chain each, and one fold: a carry out of bit 256 comes back as 38
/// (2^256 = 38 mod p), a borrow as -38. With b < 2^256 - 38 that fold cannot carry or
/// borrow again: after a carry the four limbs hold a + b - 2^256 < 2^256 - 38, so
/// adding 38 stays below 2^256; after a borrow they hold a - b + 2^256 > 38, so
/// subtracting 38 stays at or above 0. (The field crate's `add` and `sub` also fold
/// bit 255, and this takes one load of each operand for both results.)
#[inline(always)]
fn add_sub(_: Bmi2Adx, a: &Limbs, b: &Limbs) -> (Limbs, Limbs) {
    debug_assert!(below_2_256_minus_38(b));
    let [mut s0, mut s1, mut s2, mut s3] = *a;
    let (d0, d1, d2, d3): (u64, u64, u64, u64);
    // SAFETY: registers only (no memory, no stack); flags clobbered. Plain x86-64
    // instructions (no BMI2/ADX needed).
    unsafe {
        asm!(
            "mov {d0}, {s0}",
            "mov {d1}, {s1}",
            "mov {d2}, {s2}",
            "mov {d3}, {s3}",
            "add {s0}, {b0}",
            "adc {s1}, {b1}",
            "adc {s2}, {b2}",
            "adc {s3}, {b3}",
            "sbb {t}, {t}", // t = -carry
            "and {t:e}, 38",
            "add {s0}, {t}",
            "adc {s1}, 0",
            "adc {s2}, 0",
            "adc {s3}, 0", // no carry out (see above)
            "sub {d0}, {b0}",
            "sbb {d1}, {b1}",
            "sbb {d2}, {b2}",
            "sbb {d3}, {b3}",
            "sbb {t}, {t}", // t = -borrow
            "and {t:e}, 38",
            "sub {d0}, {t}",
            "sbb {d1}, 0",
            "sbb {d2}, 0",
            "sbb {d3}, 0", // no borrow out (see above)
            s0 = inout(reg) s0,
            s1 = inout(reg) s1,
            s2 = inout(reg) s2,
            s3 = inout(reg) s3,
            d0 = out(reg) d0,
            d1 = out(reg) d1,
            d2 = out(reg) d2,
            d3 = out(reg) d3,
            b0 = in(reg) b[0],
            b1 = in(reg) b[1],
            b2 = in(reg) b[2],
            b3 = in(reg) b[3],
            t = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    ([s0, s1, s2, s3], [d0, d1, d2, d3])
}

/// (E, BB + 121666·E) mod p with E = AA - BB (121666 = a24 = (A + 2)/4, see
/// `montgomery::A24`), lazily: AA any 256-bit value, BB below 2^256 - 38; both outputs
/// below 2^256. E is computed as in [`add_sub`] and kept in registers for the second half.
///
/// 121666·E < 2^17·2^256, so with BB the five-limb sum has a top word h < 2^17 + 1;
/// h·2^256 comes back as 38·h < 2^23, and the carry out of that as 38 once more, which
/// cannot carry again (as in [`add_sub`]: the limbs are then below 2^23 + 38).
#[inline(always)]
fn sub_a24_add(_: Bmi2Adx, aa: &Limbs, bb: &Limbs) -> (Limbs, Limbs) {
    debug_assert!(below_2_256_minus_38(bb));
    let [mut e0, mut e1, mut e2, mut e3] = *aa;
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: reads the 32 bytes of `bb` (a valid reference; `readonly`), writes no
    // memory, no stack; flags clobbered. Needs BMI2 for MULX, which the `Bmi2Adx`
    // token proves.
    unsafe {
        asm!(
            // E = AA - BB, one fold (see `add_sub`); h3 is scratch until the MULX.
            "sub {e0}, [{bb}]",
            "sbb {e1}, [{bb} + 8]",
            "sbb {e2}, [{bb} + 16]",
            "sbb {e3}, [{bb} + 24]",
            "sbb {h3}, {h3}",
            "and {h3:e}, 38",
            "sub {e0}, {h3}",
            "sbb {e1}, 0",
            "sbb {e2}, 0",
            "sbb {e3}, 0",
            // (l0, l1, l2, l3, h3) = 121666·E + BB, then h3·2^256 = 38·h3.
            "mov edx, 121666",
            "mulx {h0}, {l0}, {e0}",
            "mulx {h1}, {l1}, {e1}",
            "mulx {h2}, {l2}, {e2}",
            "mulx {h3}, {l3}, {e3}",
            "add {l1}, {h0}",
            "adc {l2}, {h1}",
            "adc {l3}, {h2}",
            "adc {h3}, 0",
            "add {l0}, [{bb}]",
            "adc {l1}, [{bb} + 8]",
            "adc {l2}, [{bb} + 16]",
            "adc {l3}, [{bb} + 24]",
            "adc {h3}, 0",
            "imul {h3}, {h3}, 38",
            "add {l0}, {h3}",
            "adc {l1}, 0",
            "adc {l2}, 0",
            "adc {l3}, 0",
            "sbb {h3}, {h3}",
            "and {h3:e}, 38",
            "add {l0}, {h3}",
            e0 = inout(reg) e0,
            e1 = inout(reg) e1,
            e2 = inout(reg) e2,
            e3 = inout(reg) e3,
            bb = in(reg) bb.as_ptr(),
            l0 = out(reg) r0,
            l1 = out(reg) r1,
            l2 = out(reg) r2,
            l3 = out(reg) r3,
            h0 = out(reg) _,
            h1 = out(reg) _,
            h2 = out(reg) _,
            h3 = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    ([e0, e1, e2, e3], [r0, r1, r2, r3])
}

/// Swaps `x` and `y` when `swap` is 1, leaves them when it is 0 (`swap` ∈ {0, 1}).
///
/// Constant time: m = -swap (all ones or zero), then t = (x ^ y) & m, x ^= t, y ^= t on
/// every limb. All in one `asm!` block, so the mask is never seen by the optimiser.
#[inline(always)]
fn cswap(x: &mut Limbs, y: &mut Limbs, swap: u64) {
    // SAFETY: registers only (no memory, no stack); flags clobbered. Plain x86-64.
    unsafe {
        asm!(
            "neg {m}",
            "mov {t}, {x0}",
            "xor {t}, {y0}",
            "and {t}, {m}",
            "xor {x0}, {t}",
            "xor {y0}, {t}",
            "mov {t}, {x1}",
            "xor {t}, {y1}",
            "and {t}, {m}",
            "xor {x1}, {t}",
            "xor {y1}, {t}",
            "mov {t}, {x2}",
            "xor {t}, {y2}",
            "and {t}, {m}",
            "xor {x2}, {t}",
            "xor {y2}, {t}",
            "mov {t}, {x3}",
            "xor {t}, {y3}",
            "and {t}, {m}",
            "xor {x3}, {t}",
            "xor {y3}, {t}",
            m = inout(reg) swap => _,
            t = out(reg) _,
            x0 = inout(reg) x[0],
            x1 = inout(reg) x[1],
            x2 = inout(reg) x[2],
            x3 = inout(reg) x[3],
            y0 = inout(reg) y[0],
            y1 = inout(reg) y[1],
            y2 = inout(reg) y[2],
            y3 = inout(reg) y[3],
            options(pure, nomem, nostack),
        );
    }
}

/// Overwrites `x` with zeros in a way the optimiser keeps (volatile writes), unless
/// built with `--cfg edwards25519_skip_wipe`.
#[inline(always)]
fn wipe<T: Copy + Default>(x: &mut T) {
    #[cfg(not(edwards25519_skip_wipe))]
    {
        // SAFETY: `x` is a valid, aligned, exclusive reference to a `T`.
        unsafe { core::ptr::write_volatile(x, T::default()) };
        core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
    }
    #[cfg(edwards25519_skip_wipe)]
    let _ = x;
}

/// X25519(k, u) for a clamped k (bit 255 clear): the ladder of
/// `montgomery::ladder`, the same steps in the same order, so the output is the same
/// bytes (tests check it bit for bit). See the module docs for what is tuned.
///
/// **Bounds**: every value below is four limbs of a value < 2^256. [`mul`] and
/// [`square`] take any such values; [`add_sub`] and [`sub_a24_add`] need their second
/// operand below 2^256 - 38, and get it: z2, z3 (after either swap), CB and BB are
/// products (< 2^255 + 2^12) or the starting 0 and 1. Products return < 2^255 + 2^12,
/// the others < 2^256. Only the final `to_bytes` reduces mod p.
///
/// **Constant time**: the bit of k at the public position t picks nothing but the swap
/// mask (inside [`cswap`]); the loop count is fixed (255).
pub(crate) fn ladder(cpu: Bmi2Adx, k: &[u8; 32], u: &FieldElement) -> [u8; 32] {
    let x1: Limbs = u.to_fe64().limbs();
    let mut x2: Limbs = [1, 0, 0, 0];
    let mut z2: Limbs = [0; 4];
    let mut x3: Limbs = x1;
    let mut z3: Limbs = [1, 0, 0, 0];
    let mut swap = 0u64;
    for t in (0..255).rev() {
        let bit = u64::from((k[t >> 3] >> (t & 7)) & 1);
        swap ^= bit;
        cswap(&mut x2, &mut x3, swap);
        cswap(&mut z2, &mut z3, swap);
        swap = bit;

        let (a, b) = add_sub(cpu, &x2, &z2);
        let (c, d) = add_sub(cpu, &x3, &z3);
        let aa = square(cpu, &a);
        let bb = square(cpu, &b);
        let da = mul(cpu, &d, &a);
        let cb = mul(cpu, &c, &b);
        let (e, bb_a24e) = sub_a24_add(cpu, &aa, &bb);
        let (sum, diff) = add_sub(cpu, &da, &cb);
        x3 = square(cpu, &sum);
        // x1 second: `mul` reads its second operand from memory, where x1 already is.
        z3 = mul(cpu, &square(cpu, &diff), &x1);
        x2 = mul(cpu, &aa, &bb);
        z2 = mul(cpu, &e, &bb_a24e);
    }
    cswap(&mut x2, &mut x3, swap);
    cswap(&mut z2, &mut z3, swap);
    wipe(&mut swap);

    let zinv = Fast::from_fe64(Fe64::from_limbs(z2)).invert();
    let out = (Fast::from_fe64(Fe64::from_limbs(x2)) * zinv).to_bytes();
    wipe(&mut x2);
    wipe(&mut z2);
    wipe(&mut x3);
    wipe(&mut z3);
    out
}

#[cfg(test)]
mod tests;
