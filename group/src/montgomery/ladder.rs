//! The X25519 Montgomery ladder (RFC 7748 §5): clamping, the generic ladder over any
//! field backend, and the choice of ladder for this CPU.

use edwards25519_field::{FieldArith, FieldElement};
use subtle::Choice;

/// (A + 2)/4 = 121666, A = 486662: the constant of the ladder's doubling.
///
/// RFC 7748 §5 writes the doubling as z2 = E·(AA + a24·E) with a24 = 121665; since
/// AA = BB + E, that is E·(BB + 121666·E), the form used here ((A + 2)/4, the constant
/// of the doubling in P. L. Montgomery, "Speeding the Pollard and elliptic curve methods
/// of factorization", Mathematics of Computation 48, 1987).
const A24: u32 = 121_666;

/// RFC 7748 clamping: bits 0, 1, 2 and 255 cleared, bit 254 set.
#[inline(always)]
pub(crate) fn clamp(mut k: [u8; 32]) -> [u8; 32] {
    k[0] &= 0b1111_1000;
    k[31] &= 0b0111_1111;
    k[31] |= 0b0100_0000;
    k
}

/// Overwrites this function's copy of a secret scalar with zeros (`zeroize` with the
/// feature; else a store the optimiser must keep, as `black_box` reads it). Not done
/// when built with `--cfg edwards25519_skip_wipe`: the stack-scan test's control,
/// which must then find the scalar.
#[inline(always)]
pub(super) fn wipe_scalar(k: &mut [u8; 32]) {
    #[cfg(all(feature = "zeroize", not(edwards25519_skip_wipe)))]
    zeroize::Zeroize::zeroize(k);
    #[cfg(all(not(feature = "zeroize"), not(edwards25519_skip_wipe)))]
    {
        *k = [0; 32];
        core::hint::black_box(&*k);
    }
    #[cfg(edwards25519_skip_wipe)]
    let _ = k;
}

/// X25519's ladder for a clamped k: with AVX-512 IFMA the faster of the two IFMA
/// ladders on this CPU (`backend::vector::x25519_ifma`, whose docs have the figures
/// and how the choice is made: the eight-lane one on the Intel Xeon measured, 0.71 of
/// the four-lane one's time; the four-lane one on an AMD EPYC Zen 4, 0.72 of the
/// MULX/ADX ladder's), else [`serial_ladder`]. The `avx2`, `serial` and `portable` cfgs turn it off.
#[inline(always)]
pub(super) fn ladder_for_this_cpu(k: &[u8; 32], u: &FieldElement) -> [u8; 32] {
    #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
    if let Some(out) = crate::backend::vector::x25519_ifma::mul_clamped(k, u) {
        return out;
    }
    serial_ladder(k, u)
}

/// X25519 for a clamped k ([`MontgomeryPoint::mul_clamped`](super::MontgomeryPoint::mul_clamped)):
/// [`ladder_for_this_cpu`], except that the MULX/ADX ladder takes its clamped-scalar
/// entry (`x25519_mulx::x25519`: the first iteration in closed form and the last three
/// as doublings, same output bytes).
#[inline(always)]
pub(super) fn x25519_for_this_cpu(k: &[u8; 32], u: &FieldElement) -> [u8; 32] {
    #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
    if let Some(out) = crate::backend::vector::x25519_ifma::mul_clamped(k, u) {
        return out;
    }
    #[cfg(edwards25519_x86)]
    if let Some(cpu) = crate::backend::x25519_mulx::Bmi2Adx::detect() {
        return crate::backend::x25519_mulx::x25519(cpu, k, u);
    }
    serial_ladder(k, u)
}

/// X25519's ladder for a clamped k: the MULX/ADX ladder
/// (`backend::x25519_mulx`) where CPUID reports BMI2 and ADX, else the generic
/// [`ladder`] on the portable limbs (4×64 on x86-64; radix 2^51 elsewhere and in the
/// forced portable build). The dedicated ladder won by measurement:
/// 25.1 µs against 28.3 µs for the generic ladder on the same MULX field, same run, on
/// an AMD EPYC Zen 4 (LTO; its module docs have each step and the harness).
#[inline(always)]
fn serial_ladder(k: &[u8; 32], u: &FieldElement) -> [u8; 32] {
    #[cfg(edwards25519_x86)]
    {
        if let Some(cpu) = crate::backend::x25519_mulx::Bmi2Adx::detect() {
            return crate::backend::x25519_mulx::ladder(cpu, k, u);
        }
        // No BMI2/ADX here, so the portable 4×64 limbs, which is what `field_dispatch!`
        // would pick: naming them keeps the generic ladder's MULX copy, which could
        // never run, out of the build.
        ladder::<edwards25519_field::backend::radix64::Fe64>(k, u)
    }
    #[cfg(not(edwards25519_x86))]
    crate::backend::serial::field_dispatch!(F => ladder::<F>(k, u))
}

/// The Montgomery ladder of RFC 7748 §5 on x-only projective coordinates, for a clamped
/// k (bit 255 clear, so bits 254 down to 0 are processed; the count is fixed).
///
/// **Invariant** (at the top of the step for bit t, after the pending swap is undone):
/// with m = k >> (t + 1), (x2 : z2) is the u-coordinate of \[m\]P and (x3 : z3) that of
/// [m + 1]P, where P has u = x1. Their difference is always P, which is what the
/// differential addition x3 = (DA + CB)², z3 = x1·(DA - CB)² needs; the doubling is
/// x2 = AA·BB, z2 = E·(BB + a24·E). Bit t = 1 swaps the roles, so the step computes
/// (\[2m + 1\]P, \[2m + 2\]P) instead of (\[2m\]P, \[2m + 1\]P). For u of small order, and for
/// u = 0, z2 ends at 0 and the output is 0 (the inversion maps 0 to 0).
///
/// Constant time: the bit of k at the public position t is read as a [`Choice`], the
/// swap is a constant-time conditional swap (deferred: the swap choice is the XOR of
/// consecutive bits, so each step swaps once), and the operations are the same for
/// every k and u. Limb bounds are the field type's business: every `F` operation takes
/// and returns valid elements.
#[inline(always)]
pub(crate) fn ladder<F: FieldArith>(k: &[u8; 32], u: &FieldElement) -> [u8; 32] {
    ladder_bits::<F>((0..255).rev().map(|t| (k[t >> 3] >> (t & 7)) & 1 == 1), u)
}

/// [`ladder`] over the bits of any integer n as an iterator yields them, most
/// significant first (the 255 bits of k there; any number of them for
/// [`MontgomeryPoint::mul_bits_be`](super::MontgomeryPoint::mul_bits_be)): after the
/// step for a bit, with m the integer of the bits so far, (x2 : z2) is \[m\]P and
/// (x3 : z3) is \[m + 1\]P, so the result is the u of \[n\]P. Each bit becomes a
/// [`Choice`] and picks nothing but the deferred swap; the loop runs once per bit, a
/// public count.
#[inline(always)]
pub(super) fn ladder_bits<F: FieldArith>(
    bits: impl Iterator<Item = bool>,
    u: &FieldElement,
) -> [u8; 32] {
    let x1 = F::from_field(u);
    let (mut x2, mut z2) = (F::ONE, F::ZERO);
    let (mut x3, mut z3) = (x1, F::ONE);
    let mut swap = Choice::from(0);
    for bit in bits {
        let bit = Choice::from(u8::from(bit));
        swap ^= bit;
        F::conditional_swap(&mut x2, &mut x3, swap);
        F::conditional_swap(&mut z2, &mut z3, swap);
        swap = bit;
        step(&x1, &mut x2, &mut z2, &mut x3, &mut z3);
    }
    F::conditional_swap(&mut x2, &mut x3, swap);
    F::conditional_swap(&mut z2, &mut z3, swap);
    (x2 * <F as FieldArith>::invert(&z2)).to_bytes()
}

/// One ladder step after the swap: ((x2 : z2), (x3 : z3)) = (\[m\]P, \[m + 1\]P) become
/// (\[2m\]P, \[2m + 1\]P), with x1 the u of P (the formulas of [`ladder`]'s invariant).
#[inline(always)]
fn step<F: FieldArith>(x1: &F, x2: &mut F, z2: &mut F, x3: &mut F, z3: &mut F) {
    let a = *x2 + *z2;
    let b = *x2 - *z2;
    let c = *x3 + *z3;
    let d = *x3 - *z3;
    let aa = a.square();
    let bb = b.square();
    let da = d * a;
    let cb = c * b;
    let e = aa - bb;
    *x3 = (da + cb).square();
    *z3 = *x1 * (da - cb).square();
    *x2 = aa * bb;
    *z2 = e * (bb + e.mul32(A24));
}
