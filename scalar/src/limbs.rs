//! Arithmetic on 256-bit integers in four 64-bit limbs, reduced modulo
//! l = 2^252 + c, c = 27742317777372353535851937790883648493 (c < 2^125).
//!
//! A [`Limbs`] value is `x[0] + x[1]·2^64 + x[2]·2^128 + x[3]·2^192`.
//! **Invariant** of every function here that returns a reduced value: the result is
//! `< l`; inputs marked "reduced" must be `< l` too (checked with `debug_assert!`).
//!
//! Reduction uses the shape of l instead of Montgomery or Barrett: since
//! 2^252 ≡ -c (mod l) and c has only 125 bits, a 512-bit value `h·2^252 + lo` is
//! congruent to `lo - h·c`, which is about 125 bits shorter. Three such folds, a last
//! tiny one and one conditional subtraction take any 512-bit value below l with 20
//! 64x64-bit products ([`reduce_wide`]); values below 2^506, which include every
//! product, need one fold fewer and 14 products ([`reduce_product`]). Nothing here
//! branches on, or indexes by, a value (outside `debug_assert!`s): the only
//! data-dependent choices go through [`subtle`].

// The carry steps are the field crate's (one ADC / SBB chain each).
use edwards25519_field::carry::{adc, sbb};

use subtle::{Choice, ConditionallySelectable};

/// Little-endian 64-bit limbs of a 256-bit integer.
pub(crate) type Limbs = [u64; 4];

/// l = 2^252 + 27742317777372353535851937790883648493, the order of the prime-order
/// subgroup of edwards25519.
pub(crate) const L: Limbs = [0x5812_631a_5cf5_d3ed, 0x14de_f9de_a2f7_9cd6, 0, 1 << 60];

/// 2·l, still below 2^254.
const L2: Limbs = [0xb024_c634_b9eb_a7da, 0x29bd_f3bd_45ef_39ac, 0, 1 << 61];

/// c = l - 2^252 (125 bits), two limbs.
const C: [u64; 2] = [L[0], L[1]];

/// 2^60 - 1: the bits of the top limb below bit 252.
const LOW60: u64 = (1 << 60) - 1;

/// `acc + a·b + carry` as (low word, high word). Never overflows:
/// (2^64-1) + (2^64-1)^2 + (2^64-1) = 2^128 - 1.
#[inline(always)]
const fn mac(acc: u64, a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = acc as u128 + (a as u128) * (b as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `x < l`, for tests and `debug_assert!`s (variable time).
pub(crate) fn is_reduced(x: &Limbs) -> bool {
    sub4(x, &L).1 == 1
}

/// `a + b` as (the sum mod 2^256, the carry out in {0, 1}).
#[inline(always)]
pub(crate) const fn add4(a: &Limbs, b: &Limbs) -> (Limbs, u64) {
    let (r0, k) = adc(a[0], b[0], 0);
    let (r1, k) = adc(a[1], b[1], k);
    let (r2, k) = adc(a[2], b[2], k);
    let (r3, k) = adc(a[3], b[3], k);
    ([r0, r1, r2, r3], k)
}

/// `a - b` as (the difference mod 2^256, the borrow out: 1 iff `a < b`).
#[inline(always)]
pub(crate) const fn sub4(a: &Limbs, b: &Limbs) -> (Limbs, u64) {
    let (r0, k) = sbb(a[0], b[0], 0);
    let (r1, k) = sbb(a[1], b[1], k);
    let (r2, k) = sbb(a[2], b[2], k);
    let (r3, k) = sbb(a[3], b[3], k);
    ([r0, r1, r2, r3], k)
}

/// k >>= s for a 256-bit integer, any s in 0..=256: whole words first, then the bits.
/// Variable time in s (for the public-input recodings and the half-size search).
#[inline(always)]
pub(crate) fn shift_right(k: &mut [u64; 4], s: usize) {
    let (words, bits) = (s / 64, s % 64);
    // In increasing i, so each word is read before it is overwritten (words = 0 copies
    // every word onto itself).
    for i in 0..4 {
        k[i] = if i + words < 4 { k[i + words] } else { 0 };
    }
    if bits > 0 {
        // Each word takes the low bits of the one above (bits in 1..64, so no shift
        // reaches 64).
        k[0] = (k[0] >> bits) | (k[1] << (64 - bits));
        k[1] = (k[1] >> bits) | (k[2] << (64 - bits));
        k[2] = (k[2] >> bits) | (k[3] << (64 - bits));
        k[3] >>= bits;
    }
}

/// `x·c` for an N-limb `x`, as M = N + 2 limbs (c has two limbs; the product fits).
#[inline(always)]
fn mul_c<const N: usize, const M: usize>(x: &[u64; N]) -> [u64; M] {
    debug_assert!(M == N + 2);
    let mut t = [0u64; M];
    let mut i = 0;
    while i < N {
        let (t0, k) = mac(t[i], x[i], C[0], 0);
        let (t1, k) = mac(t[i + 1], x[i], C[1], k);
        t[i] = t0;
        t[i + 1] = t1;
        t[i + 2] = k;
        i += 1;
    }
    t
}

/// `x < l` in constant time.
#[inline]
pub(crate) fn ct_is_reduced(x: &Limbs) -> Choice {
    // Only the borrow of x - l is wanted. From `sub4` LLVM makes a lexicographic
    // compare of setcc/and/or (branch-free, but 21 instructions); on x86-64 the carry
    // intrinsic keeps it one CMP/SBB chain (11). Both are constant time.
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::_subborrow_u64;
        let mut d = 0u64;
        let b = _subborrow_u64(0, x[0], L[0], &mut d);
        let b = _subborrow_u64(b, x[1], L[1], &mut d);
        let b = _subborrow_u64(b, x[2], L[2], &mut d);
        Choice::from(_subborrow_u64(b, x[3], L[3], &mut d))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Choice::from(sub4(x, &L).1 as u8)
    }
}

/// Returns `x mod l` for `x < 2l`: subtracts l unless that borrows.
#[inline(always)]
fn sub_l_if_ge(x: &Limbs) -> Limbs {
    let (d, b) = sub4(x, &L);
    // b = 1 iff x < l: keep x then.
    <[u64; 4]>::conditional_select(&d, x, Choice::from(b as u8))
}

/// `a + b mod l`, for reduced `a`, `b`. The sum is below 2l < 2^254: no carry out.
#[inline]
pub(crate) fn add(a: &Limbs, b: &Limbs) -> Limbs {
    debug_assert!(is_reduced(a) && is_reduced(b));
    sub_l_if_ge(&add4(a, b).0)
}

/// `a - b mod l`, for reduced `a`, `b`: computes a - b, adds l back if that borrowed.
#[inline]
pub(crate) fn sub(a: &Limbs, b: &Limbs) -> Limbs {
    debug_assert!(is_reduced(a) && is_reduced(b));
    let (d, borrow) = sub4(a, b);
    // a - b in (-l, l); when it borrowed, the wrapped value is 2^256 + a - b and adding
    // l wraps back to a - b + l, in (0, l).
    let add_back = <[u64; 4]>::conditional_select(&[0; 4], &L, Choice::from(borrow as u8));
    add4(&d, &add_back).0
}

/// The full 512-bit product `a·b` (16 products, schoolbook, one row per limb of a).
///
/// ```text
///                       b3   b2   b1   b0
///  x                    a3   a2   a1   a0
///  ---------------------------------------
///                     a0b3 a0b2 a0b1 a0b0
///                a1b3 a1b2 a1b1 a1b0
///           a2b3 a2b2 a2b1 a2b0
///      a3b3 a3b2 a3b1 a3b0
/// ```
#[inline(always)]
pub(crate) fn mul_wide(a: &Limbs, b: &Limbs) -> [u64; 8] {
    let mut r = [0u64; 8];
    let mut i = 0;
    while i < 4 {
        let mut carry = 0;
        let mut j = 0;
        while j < 4 {
            (r[i + j], carry) = mac(r[i + j], a[i], b[j], carry);
            j += 1;
        }
        r[i + 4] = carry;
        i += 1;
    }
    r
}

/// The full 512-bit square `a^2`: the 6 products a_i·a_j (i < j) once, doubled by a
/// shift, plus the 4 squares a_i^2 on the diagonal (10 products instead of 16).
#[inline(always)]
pub(crate) fn square_wide(a: &Limbs) -> [u64; 8] {
    // Off-diagonal sum S = Σ_{i<j} a_i a_j 2^(64(i+j)), below 2^448 (limbs 1..6).
    let mut r = [0u64; 8];
    for i in 0..3 {
        let mut carry = 0;
        for j in i + 1..4 {
            (r[i + j], carry) = mac(r[i + j], a[i], a[j], carry);
        }
        r[i + 4] = carry;
    }
    // 2S < 2^512: shift left by one bit.
    r[7] = r[6] >> 63;
    let mut k = 6;
    while k > 0 {
        r[k] = (r[k] << 1) | (r[k - 1] >> 63);
        k -= 1;
    }
    // Add the diagonal a_i^2 at limbs 2i, 2i+1. The total is a^2 < 2^512: no carry out.
    let mut carry = 0;
    for i in 0..4 {
        let sq = a[i] as u128 * a[i] as u128;
        (r[2 * i], carry) = adc(r[2 * i], sq as u64, carry);
        (r[2 * i + 1], carry) = adc(r[2 * i + 1], (sq >> 64) as u64, carry);
    }
    r
}

/// Splits a little-endian multi-limb value at bit 252: returns `x >> 252` as N limbs,
/// reading limbs 3..3+N of `x` (missing limbs are 0).
#[inline(always)]
fn shr252<const N: usize>(x: &[u64]) -> [u64; N] {
    let mut h = [0u64; N];
    let mut i = 0;
    while i < N {
        let lo = x[3 + i] >> 60;
        let hi = if 4 + i < x.len() { x[4 + i] << 4 } else { 0 };
        h[i] = lo | hi;
        i += 1;
    }
    h
}

/// `x mod l` for any 512-bit `x` (little-endian limbs). Result `< l`.
///
/// Folds with 2^252 ≡ -c (mod l), c < 2^125; bounds of each step:
///
/// 1. x = h·2^252 + lo,            h < 2^260 (5 limbs), lo < 2^252.   x ≡ lo - h·c
/// 2. t = h·c < 2^385 = t_h·2^252 + t_l, t_h < 2^133 (3 limbs).       x ≡ lo - t_l + t_h·c
/// 3. u = t_h·c < 2^258 = u_h·2^252 + u_l, u_h < 2^6.                 x ≡ lo - t_l + u_l - u_h·c
/// 4. v = u_h·c < 2^131.
/// 5. r = lo + u_l + 2l - t_l - v lies in (2^252 - 2^131 + 2c, 2^254 + 2c), so it is
///    positive and below 2^256: computing it modulo 2^256 gives it exactly.
/// 6. r = q·2^252 + s with q <= 4; w = s + l - q·c lies in (l - 4c, 2^252 + l) ⊂ (0, 2l).
/// 7. One conditional subtraction of l.
///
/// 10 + 6 + 2 + 2 = 20 products; no branch or index depends on `x`.
#[inline(always)]
pub(crate) fn reduce_wide(x: &[u64; 8]) -> Limbs {
    // Step 1.
    let h: [u64; 5] = shr252(x);
    let lo = [x[0], x[1], x[2], x[3] & LOW60];

    // Step 2: t = h·c, 5 x 2 limbs -> 7 limbs (t[6] < 2).
    let t: [u64; 7] = mul_c(&h);
    let t_h: [u64; 3] = shr252(&t);
    let t_l = [t[0], t[1], t[2], t[3] & LOW60];

    // Step 3: u = t_h·c, 3 x 2 limbs -> 5 limbs (u[4] < 4).
    let u: [u64; 5] = mul_c(&t_h);
    let u_h = (u[3] >> 60) | (u[4] << 4);
    let u_l = [u[0], u[1], u[2], u[3] & LOW60];

    // Step 4: v = u_h·c, 3 limbs (v[2] < 8).
    let v: [u64; 3] = mul_c(&[u_h]);

    // Step 5: r = lo + u_l + 2l - t_l - v (mod 2^256, exact by the bounds above).
    let r = add4(&add4(&lo, &u_l).0, &L2).0;
    let r = sub4(&sub4(&r, &t_l).0, &[v[0], v[1], v[2], 0]).0;

    // Step 6: w = s + l - q·c, q = r >> 252 <= 4 (q·c < 2^128: two limbs).
    let qc: [u64; 3] = mul_c(&[r[3] >> 60]);
    let w = add4(&[r[0], r[1], r[2], r[3] & LOW60], &L).0;
    let w = sub4(&w, &[qc[0], qc[1], 0, 0]).0;

    // Step 7.
    let out = sub_l_if_ge(&w);
    debug_assert!(is_reduced(&out));
    out
}

/// `x mod l` for `x < 2^506`, which covers every `a·b + c` of reduced values
/// (l^2 + l < 2^505) and every 256-bit value. Result `< l`.
///
/// The same folds as [`reduce_wide`], shortened by the smaller input:
///
/// 1. x = h·2^252 + lo,            h < 2^254 (4 limbs).                x ≡ lo - h·c
/// 2. t = h·c < 2^379 = t_h·2^252 + t_l, t_h < 2^127 (2 limbs).       x ≡ lo - t_l + t_h·c
/// 3. u = t_h·c < 2^252 (since c < 2^124.4): nothing left to fold.
/// 4. r = lo + u + l - t_l lies in (c, 2^253 + l), below 2^254: exact mod 2^256.
/// 5. r = q·2^252 + s with q <= 3; w = s + l - q·c lies in (l - 3c, 2^252 + l) ⊂ (0, 2l).
/// 6. One conditional subtraction of l.
///
/// 8 + 4 + 2 = 14 products.
#[inline(always)]
pub(crate) fn reduce_product(x: &[u64; 8]) -> Limbs {
    debug_assert!(x[7] >> 58 == 0, "input not below 2^506");
    // Step 1.
    let h: [u64; 4] = shr252(x);
    let lo = [x[0], x[1], x[2], x[3] & LOW60];

    // Step 2: t = h·c, 4 x 2 limbs -> 6 limbs (t < 2^379).
    let t: [u64; 6] = mul_c(&h);
    let t_h: [u64; 2] = shr252(&t);
    let t_l = [t[0], t[1], t[2], t[3] & LOW60];

    // Step 3: u = t_h·c, 2 x 2 limbs, below 2^252 (u[3] < 2^60).
    let u: [u64; 4] = mul_c(&t_h);
    debug_assert!(u[3] >> 60 == 0);

    // Step 4: r = lo + u + l - t_l (mod 2^256, exact by the bounds above).
    let r = sub4(&add4(&add4(&lo, &u).0, &L).0, &t_l).0;

    // Step 5: w = s + l - q·c, q = r >> 252 <= 3.
    let q = r[3] >> 60;
    debug_assert!(q <= 3);
    let qc: [u64; 3] = mul_c(&[q]);
    let w = add4(&[r[0], r[1], r[2], r[3] & LOW60], &L).0;
    let w = sub4(&w, &[qc[0], qc[1], 0, 0]).0;

    // Step 6.
    let out = sub_l_if_ge(&w);
    debug_assert!(is_reduced(&out));
    out
}

/// `a·b mod l`, for reduced `a`, `b`.
#[inline]
pub(crate) fn mul(a: &Limbs, b: &Limbs) -> Limbs {
    debug_assert!(is_reduced(a) && is_reduced(b));
    reduce_product(&mul_wide(a, b))
}

/// `a^2 mod l`, for reduced `a`.
#[inline]
pub(crate) fn square(a: &Limbs) -> Limbs {
    debug_assert!(is_reduced(a));
    reduce_product(&square_wide(a))
}

/// `a·b + c mod l`, with one reduction: for reduced inputs a·b + c < l^2 + l < 2^506.
#[inline]
pub(crate) fn mul_add(a: &Limbs, b: &Limbs, c: &Limbs) -> Limbs {
    debug_assert!(is_reduced(a) && is_reduced(b) && is_reduced(c));
    let mut p = mul_wide(a, b);
    let mut k = 0;
    let mut i = 0;
    while i < 4 {
        (p[i], k) = adc(p[i], c[i], k);
        i += 1;
    }
    while i < 8 {
        (p[i], k) = adc(p[i], 0, k);
        i += 1;
    }
    reduce_product(&p)
}

/// Little-endian bytes to limbs.
#[inline]
pub(crate) fn from_le_bytes<const N: usize, const M: usize>(bytes: &[u8; N]) -> [u64; M] {
    debug_assert!(N == 8 * M);
    let mut out = [0u64; M];
    for (limb, chunk) in out.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        *limb = u64::from_le_bytes(word);
    }
    out
}

/// Limbs to 32 little-endian bytes.
#[inline]
pub(crate) const fn to_le_bytes(x: &Limbs) -> [u8; 32] {
    // A `while` loop, so that it is a `const fn` (`Scalar::to_bytes` is).
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        out[i] = (x[i / 8] >> (8 * (i % 8))) as u8;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Turns 64 bytes into a value below 2^506 by clearing the top 6 bits.
    fn below_2_506(bytes: [u8; 64]) -> [u64; 8] {
        let mut x: [u64; 8] = from_le_bytes(&bytes);
        x[7] &= (1 << 58) - 1;
        x
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            if cfg!(debug_assertions) { 2_000 } else { 20_000 }
        ))]

        /// The short reduction agrees with the general one on its whole domain
        /// (x < 2^506, wider than the products it is used for), with the top and the
        /// low 252 bits pushed to all-ones half of the time.
        #[test]
        fn reduce_product_matches_reduce_wide(
            bytes in any::<[u8; 64]>(),
            top_ones in any::<bool>(),
            low_ones in any::<bool>(),
        ) {
            let mut x = below_2_506(bytes);
            if top_ones {
                x[7] = (1 << 58) - 1;
                x[6] = u64::MAX;
            }
            if low_ones {
                x[0] = u64::MAX;
                x[1] = u64::MAX;
                x[2] = u64::MAX;
                x[3] |= LOW60;
            }
            prop_assert_eq!(reduce_product(&x), reduce_wide(&x));
        }

        /// The dedicated square equals the general product.
        #[test]
        fn square_wide_matches_mul_wide(a in any::<[u64; 4]>()) {
            prop_assert_eq!(square_wide(&a), mul_wide(&a, &a));
        }
    }

    #[test]
    fn reduce_product_extremes() {
        let top = [
            u64::MAX,
            u64::MAX,
            u64::MAX,
            u64::MAX,
            u64::MAX,
            u64::MAX,
            u64::MAX,
            (1 << 58) - 1,
        ];
        assert_eq!(reduce_product(&top), reduce_wide(&top));
        assert_eq!(reduce_product(&[0; 8]), [0; 4]);
        let lm1 = [L[0] - 1, L[1], L[2], L[3]];
        // (l-1)^2 = 1 mod l.
        assert_eq!(mul(&lm1, &lm1), [1, 0, 0, 0]);
        assert_eq!(mul_add(&lm1, &lm1, &lm1), [0; 4]);
    }
}
