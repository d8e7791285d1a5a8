//! The portable backend: radix 2^51, five `u64` limbs, `u128` products.
//!
//! An element is `l0 + l1·2^51 + l2·2^102 + l3·2^153 + l4·2^204`; the value is not
//! unique (limbs may exceed 51 bits, the value may exceed p).
//!
//! **Invariant** (relied on by every function here): between operations every limb is
//! below 2^52. Inputs are `debug_assert!`ed at the entry of multiplication and
//! squaring. The output bound of each function is stated on it; the loosest is
//! `mul32`'s, limb 0 below 2^51 + 19·2^33 < 2^52, and the carried results
//! (`add`, `sub`, `mul`, `square`) have every limb below 2^51 + 19·2^11.
//!
//! From Go's edwards25519 (filippo.io/edwards25519) and its upstream changes: 19·x by
//! shifts and adds (`mul19`), the carry order of `carry` (all five carries taken
//! before any is added), and, in the x86-64 backend, MULX/ADX multiplication. Squaring
//! also has its own routine, with 15 products where a multiplication has 25, and so do
//! chains of squarings (`pow2k`), whose limbs stay outside the invariant between
//! squares. The 4×64 backends run their chains here too.
//!
//! ```
//! use edwards25519_field::FieldElement;
//! use edwards25519_field::backend::radix51::Fe51;
//!
//! let (a, b) = (Fe51::from_bytes(&[7; 32]), Fe51::from_bytes(&[9; 32]));
//! let (x, y) = (FieldElement::from_bytes(&[7; 32]), FieldElement::from_bytes(&[9; 32]));
//! assert_eq!(a.mul(&b).to_bytes(), (x * y).to_bytes());
//! assert_eq!(FieldElement::from_fe51(&a.add(&b)), x + y);
//! // A limb of 2^52 or more breaks the invariant: refused.
//! assert!(Fe51::from_limbs([1 << 52, 0, 0, 0, 0]).is_none());
//! ```

use super::limb_ops::le_bytes;

/// 2^51 - 1.
pub(crate) const MASK51: u64 = (1 << 51) - 1;

/// The limbs of p = 2^255 - 19.
pub(crate) const P: [u64; 5] = [MASK51 - 18, MASK51, MASK51, MASK51, MASK51];

/// True when every limb is below 2^52 (the invariant).
#[inline(always)]
pub(crate) const fn in_bounds(l: &[u64; 5]) -> bool {
    l[0] < 1 << 52 && l[1] < 1 << 52 && l[2] < 1 << 52 && l[3] < 1 << 52 && l[4] < 1 << 52
}

/// 19·x as x + 2·(9x), with 9x = x + 8x: two shifts and two additions instead of a
/// multiplication. Exact for x < 2^59 (then 19x < 2^64 and 9x < 2^63).
#[inline(always)]
const fn mul19(x: u64) -> u64 {
    x + ((x + (x << 3)) << 1)
}

/// The 128-bit product a·b.
#[inline(always)]
const fn m(a: u64, b: u64) -> u128 {
    (a as u128) * (b as u128)
}

/// acc + 19·a·b. With a and b below the invariant's 2^52, the factor 19·a is below
/// 2^57 (so [`mul19`] is exact) and the term 19·a·b below 2^109.
#[inline(always)]
const fn add_mul19(acc: u128, a: u64, b: u64) -> u128 {
    acc + m(mul19(a), b)
}

/// One carry round on 64-bit limbs, whatever their values.
///
/// Each limb keeps its low 51 bits and sends the rest, below 2^64 / 2^51 = 2^13, to the
/// next limb; what leaves limb 4 stands for a multiple of 2^255 and re-enters limb 0
/// times 19. All five carries come from the input, so no addition waits on another.
/// Output: limb 0 below 2^51 + 19·2^13, limbs 1 to 4 below 2^51 + 2^13. Smaller
/// inputs give smaller outputs: limbs below 2^(51+k) give carries below 2^k.
#[inline(always)]
pub(crate) const fn carry(l: [u64; 5]) -> [u64; 5] {
    let c0 = l[0] >> 51;
    let c1 = l[1] >> 51;
    let c2 = l[2] >> 51;
    let c3 = l[3] >> 51;
    let c4 = l[4] >> 51;
    [
        (l[0] & MASK51) + mul19(c4),
        (l[1] & MASK51) + c0,
        (l[2] & MASK51) + c1,
        (l[3] & MASK51) + c2,
        (l[4] & MASK51) + c3,
    ]
}

/// Carries five 128-bit column sums into limbs below 2^52.
///
/// Precondition: r0 to r3 below 2^111, r4 below 2^107. The first round splits each
/// column at bit 51: the part that moves up is below 2^111 / 2^51 = 2^60 (2^56 for r4,
/// which re-enters limb 0 as less than 19·2^56 < 2^61), so every limb is then below
/// 2^51 + 2^61 < 2^62. [`carry`] on limbs below 2^62 moves less than 2^11 per limb:
/// the result has limb 0 below 2^51 + 19·2^11 and the others below 2^51 + 2^11.
#[inline(always)]
const fn carry_wide(r: [u128; 5]) -> [u64; 5] {
    let m = MASK51 as u128;
    let c0 = (r[0] >> 51) as u64;
    let c1 = (r[1] >> 51) as u64;
    let c2 = (r[2] >> 51) as u64;
    let c3 = (r[3] >> 51) as u64;
    let c4 = (r[4] >> 51) as u64;
    carry([
        (r[0] & m) as u64 + mul19(c4),
        (r[1] & m) as u64 + c0,
        (r[2] & m) as u64 + c1,
        (r[3] & m) as u64 + c2,
        (r[4] & m) as u64 + c3,
    ])
}

/// a + b, carried. Limb sums are below 2^53, so carries are at most 3: limbs end
/// below 2^51 + 19·3.
#[inline(always)]
pub(crate) const fn add(a: &[u64; 5], b: &[u64; 5]) -> [u64; 5] {
    carry([
        a[0] + b[0],
        a[1] + b[1],
        a[2] + b[2],
        a[3] + b[3],
        a[4] + b[4],
    ])
}

/// a - b, as (a + 4p) - b then carried. Each limb of 4p is at least
/// 4·(2^51 - 19), more than 2^52 and so more than b's limb: no limb goes negative; the sums stay below 2^52 + 2^53, so
/// carries are at most 5 and limbs end below 2^51 + 19·5.
#[inline(always)]
pub(crate) const fn sub(a: &[u64; 5], b: &[u64; 5]) -> [u64; 5] {
    carry([
        (a[0] + 4 * P[0]) - b[0],
        (a[1] + 4 * P[1]) - b[1],
        (a[2] + 4 * P[2]) - b[2],
        (a[3] + 4 * P[3]) - b[3],
        (a[4] + 4 * P[4]) - b[4],
    ])
}

/// -a = 0 - a (bounds as [`sub`]).
#[inline(always)]
pub(crate) const fn neg(a: &[u64; 5]) -> [u64; 5] {
    sub(&[0; 5], a)
}

/// a·b mod p.
///
/// The product ai·bj has weight 2^(51·(i+j)). For i + j >= 5 that weight is
/// 2^255·2^(51·(i+j-5)), and 2^255 ≡ 19 (mod p), so the product joins limb i + j - 5
/// multiplied by 19. Limb k therefore collects the pairs with i + j = k and, times 19,
/// those with i + j = k + 5:
///
/// ```text
///   limb   i + j = k                      i + j = k + 5 (times 19)
///   r0     a0b0                           a1b4  a2b3  a3b2  a4b1
///   r1     a0b1  a1b0                     a2b4  a3b3  a4b2
///   r2     a0b2  a1b1  a2b0               a3b4  a4b3
///   r3     a0b3  a1b2  a2b1  a3b0         a4b4
///   r4     a0b4  a1b3  a2b2  a3b1  a4b0
/// ```
///
/// Bounds: every product is below 2^52·2^52 = 2^104. Column k holds k + 1 plain
/// products and 4 - k folded ones, so r0 is the largest, below (1 + 4·19)·2^104 =
/// 77·2^104 < 2^111, and r4, with five plain products, is below 5·2^104 < 2^107:
/// [`carry_wide`]'s precondition.
#[inline(always)]
pub(crate) const fn mul(a: &[u64; 5], b: &[u64; 5]) -> [u64; 5] {
    debug_assert!(in_bounds(a) && in_bounds(b));
    let [a0, a1, a2, a3, a4] = *a;
    let [b0, b1, b2, b3, b4] = *b;
    let r0 = add_mul19(
        add_mul19(add_mul19(add_mul19(m(a0, b0), a1, b4), a2, b3), a3, b2),
        a4,
        b1,
    );
    let r1 = add_mul19(
        add_mul19(add_mul19(m(a0, b1) + m(a1, b0), a2, b4), a3, b3),
        a4,
        b2,
    );
    let r2 = add_mul19(add_mul19(m(a0, b2) + m(a1, b1) + m(a2, b0), a3, b4), a4, b3);
    let r3 = add_mul19(m(a0, b3) + m(a1, b2) + m(a2, b1) + m(a3, b0), a4, b4);
    let r4 = m(a0, b4) + m(a1, b3) + m(a2, b2) + m(a3, b1) + m(a4, b0);
    carry_wide([r0, r1, r2, r3, r4])
}

/// a² mod p. In [`mul`]'s table with b = a, the products ai·aj and aj·ai (i != j) sit
/// in the same column, so each such pair is one product 2·ai·aj; the folded pairs get
/// 2·19 = 38. Fifteen products:
///
/// ```text
///   limb   plain                 folded
///   r0     a0²                   38·a1a4  38·a2a3
///   r1     2·a0a1                38·a2a4  19·a3²
///   r2     2·a0a2  a1²           38·a3a4
///   r3     2·a0a3  2·a1a2        19·a4²
///   r4     2·a0a4  2·a1a3  a2²
/// ```
///
/// Bounds: a doubled limb is below 2^53 and 19 times a limb below 2^57, so a folded
/// product (2ai)·(19aj) is below 2^110 and r0 < 2^104 + 2·2^110 < 2^111; r4 is below
/// 2·2^105 + 2^104 < 2^107. The same precondition of [`carry_wide`] as for [`mul`].
#[inline(always)]
pub(crate) const fn square(a: &[u64; 5]) -> [u64; 5] {
    debug_assert!(in_bounds(a));
    carry_wide(square_columns(a))
}

/// The five column sums of [`square`]'s table, not carried. Exact for limbs below 2^58,
/// as [`mul19`] needs (the columns then fit 128 bits: below 3·2^122).
#[inline(always)]
const fn square_columns(a: &[u64; 5]) -> [u128; 5] {
    let [a0, a1, a2, a3, a4] = *a;
    // Doubled limbs carry the factor 2 of the cross products; a3_19 and a4_19 carry the
    // 19 of the folded columns, so 38·ai·aj = (2ai)·(19aj).
    let (d0, d1, d2, d3) = (2 * a0, 2 * a1, 2 * a2, 2 * a3);
    let (a3_19, a4_19) = (mul19(a3), mul19(a4));
    [
        m(a0, a0) + m(d1, a4_19) + m(d2, a3_19),
        m(d0, a1) + m(d2, a4_19) + m(a3, a3_19),
        m(d0, a2) + m(a1, a1) + m(d3, a4_19),
        m(d0, a3) + m(d1, a2) + m(a4, a4_19),
        m(d0, a4) + m(d1, a3) + m(a2, a2),
    ]
}

/// A square for the next square, not for anything else: [`pow2k`]'s step, on limbs
/// outside the invariant.
///
/// [`square`]'s fifteen products, but each column r is split once, in three: its low
/// 51 bits stay, the next 51 bits go one limb up and the rest (r >> 102) two limbs up,
/// so no limb waits for another's carry. What leaves limb 4 comes back times 19.
///
/// Bounds: input limb 0 below 2^56, limbs 1 to 4 below 2^53; output the same. The
/// doubled limbs are below 2^57, the 19-fold ones below 2^58, and every column below
/// 2^114 (r0 < 2^112 + 2·19·2^107; the others below 2^112), so r >> 102 is below
/// 2^12. Limb 0 gets the middle part of r4 and the top of r3 times 19, below
/// 2^51 + 19·(2^51 + 2^12) < 2^56; limb 1 the top of r4 times 19, below 2^52 + 2^17;
/// the others below 2^52 + 2^12.
///
/// `mask` is [`MASK51`], passed in opaque (see [`pow2k`]).
#[inline(always)]
fn square_lazy(a: &[u64; 5], mask: u64) -> [u64; 5] {
    debug_assert!(a[0] < 1 << 56 && a[1] < 1 << 53 && a[2] < 1 << 53);
    debug_assert!(a[3] < 1 << 53 && a[4] < 1 << 53);
    let [r0, r1, r2, r3, r4] = square_columns(a);
    let low = |r: u128| (r as u64) & mask;
    let middle = |r: u128| ((r >> 51) as u64) & mask;
    let top = |r: u128| (r >> 102) as u64;
    [
        low(r0) + mul19(middle(r4) + top(r3)),
        low(r1) + middle(r0) + mul19(top(r4)),
        low(r2) + middle(r1) + top(r0),
        low(r3) + middle(r2) + top(r1),
        low(r4) + middle(r3) + top(r2),
    ]
}

/// a^(2^k) for k >= 1: k squarings by [`square_lazy`], one [`carry`] at the end.
///
/// A chain of squarings (the (p-5)/8 power of every square root) waits on each one in
/// turn, so what counts is the length of the square's dependency chain and its
/// instruction count, and [`square`]'s second carry round is on the chain. The lazy
/// limbs need none. The invariant's limbs (below 2^52) are inside [`square_lazy`]'s
/// bounds, and the final carry of limbs below 2^56 leaves limb 0 below 2^51 + 19·2^5
/// and the others below 2^51 + 2^5.
///
/// The mask of the splits is opaque to the compiler: seen as a constant, it becomes
/// BMI2's `bzhi` wherever BMI1 and BMI2 are enabled (`-C target-cpu=native` on any
/// recent x86-64), and a chain of 1000 squarings, timed in one process, took 1.12 times
/// as long as with `and` on an Intel Xeon (family 6 model 167 as reported).
#[inline(always)]
pub(crate) fn pow2k(a: &[u64; 5], k: u32) -> [u64; 5] {
    debug_assert!(in_bounds(a) && k >= 1);
    let mask = core::hint::black_box(MASK51);
    let mut x = *a;
    for _ in 0..k {
        x = square_lazy(&x, mask);
    }
    carry(x)
}

/// (a^(2^k), b^(2^k)) for k >= 1: [`pow2k`] of two independent elements, the two
/// chains interleaved square by square, so that one chain's square runs while the
/// other's waits on its latency: with MULX, 0.84 of the time of the two chains in turn
/// (docs/design.md, section 4).
#[inline(always)]
pub(crate) fn pow2k_pair(a: &[u64; 5], b: &[u64; 5], k: u32) -> ([u64; 5], [u64; 5]) {
    debug_assert!(in_bounds(a) && in_bounds(b) && k >= 1);
    let mask = core::hint::black_box(MASK51);
    let (mut x, mut y) = (*a, *b);
    for _ in 0..k {
        x = square_lazy(&x, mask);
        y = square_lazy(&y, mask);
    }
    (carry(x), carry(y))
}

/// a·b for a small b < 2^32, with a single carry step and no second round.
///
/// Each ai·b is below 2^52·2^32 = 2^84. Limb i keeps the product's low 51 bits and
/// receives the part above bit 51 of the product below it, less than 2^84 / 2^51 =
/// 2^33; limb 0 receives limb 4's part times 19. Output: limb 0 below 2^51 + 19·2^33,
/// the others below 2^51 + 2^33, all below 2^52 (not as tight as [`carry`]'s result).
#[inline(always)]
pub(crate) fn mul32(a: &[u64; 5], b: u32) -> [u64; 5] {
    let b = b as u64;
    let x = [m(a[0], b), m(a[1], b), m(a[2], b), m(a[3], b), m(a[4], b)];
    let lo = |x: u128| (x as u64) & MASK51;
    let hi = |x: u128| (x >> 51) as u64;
    [
        lo(x[0]) + mul19(hi(x[4])),
        lo(x[1]) + hi(x[0]),
        lo(x[2]) + hi(x[1]),
        lo(x[3]) + hi(x[2]),
        lo(x[4]) + hi(x[3]),
    ]
}

/// Loads 32 little-endian bytes, dropping bit 255. Limbs < 2^51; the value may be in
/// [p, 2^255), which is a valid (unreduced) representation.
pub(crate) const fn from_bytes(b: &[u8; 32]) -> [u64; 5] {
    const fn load8(b: &[u8; 32], i: usize) -> u64 {
        let mut w = 0u64;
        let mut k = 0;
        while k < 8 {
            w |= (b[i + k] as u64) << (8 * k);
            k += 1;
        }
        w
    }
    let (w0, w1, w2, w3) = (load8(b, 0), load8(b, 8), load8(b, 16), load8(b, 24));
    [
        w0 & MASK51,
        ((w0 >> 51) | (w1 << 13)) & MASK51,
        ((w1 >> 38) | (w2 << 26)) & MASK51,
        ((w2 >> 25) | (w3 << 39)) & MASK51,
        (w3 >> 12) & MASK51,
    ]
}

/// The canonical (fully reduced, < p) limbs of a.
///
/// After one [`carry`] every limb is below 2^51 + 2^18, so the value is below
/// Σ (2^51 + 2^18)·2^(51i) < 2^255 + 2^224, less than 2p: one subtraction of p at most
/// reduces it. The value is at least p exactly when value + 19 reaches 2^255, so q is
/// bit 255 of value + 19, found by running the carry of + 19 up through the limbs.
/// Subtracting q·p is then adding 19·q and dropping bit 255. q is arithmetic: no
/// branch.
pub(crate) const fn reduce(a: &[u64; 5]) -> [u64; 5] {
    let l = carry(*a);
    let mut q = (l[0] + 19) >> 51;
    q = (l[1] + q) >> 51;
    q = (l[2] + q) >> 51;
    q = (l[3] + q) >> 51;
    q = (l[4] + q) >> 51;
    let mut r = l;
    r[0] += 19 * q;
    // A sequential carry, dropping the final carry out of bit 255.
    r[1] += r[0] >> 51;
    r[0] &= MASK51;
    r[2] += r[1] >> 51;
    r[1] &= MASK51;
    r[3] += r[2] >> 51;
    r[2] &= MASK51;
    r[4] += r[3] >> 51;
    r[3] &= MASK51;
    r[4] &= MASK51;
    r
}

/// Canonical 32-byte little-endian encoding.
pub(crate) const fn to_bytes(a: &[u64; 5]) -> [u8; 32] {
    le_bytes(&Fe51(*a).canonical_words())
}

/// An element of GF(2^255 - 19) in the portable radix-2^51 backend: the public
/// [`FieldElement`](crate::FieldElement) on targets other than x86-64 and in the forced
/// portable build, and a backend the other ones are tested against everywhere.
///
/// **Invariant**: every limb is below 2^52 (see the module documentation); no safe
/// constructor makes an element outside it ([`Fe51::from_limbs`] checks).
#[derive(Clone, Copy)]
pub struct Fe51(pub(crate) [u64; 5]);

impl Fe51 {
    /// 0.
    pub const ZERO: Fe51 = Fe51([0; 5]);
    /// 1.
    pub const ONE: Fe51 = Fe51([1, 0, 0, 0, 0]);

    /// From radix-2^51 limbs; `None` if a limb is 2^52 or more (the invariant).
    pub const fn from_limbs(l: [u64; 5]) -> Option<Fe51> {
        if in_bounds(&l) { Some(Fe51(l)) } else { None }
    }

    /// The limbs (each below 2^52, not necessarily reduced).
    pub const fn limbs(&self) -> [u64; 5] {
        self.0
    }

    /// Decodes 32 little-endian bytes; bit 255 is ignored.
    pub const fn from_bytes(b: &[u8; 32]) -> Fe51 {
        Fe51(from_bytes(b))
    }

    /// The canonical little-endian encoding.
    pub const fn to_bytes(&self) -> [u8; 32] {
        to_bytes(&self.0)
    }

    /// The canonical value as four little-endian 64-bit words (below p).
    pub(crate) const fn canonical_words(&self) -> [u64; 4] {
        let l = reduce(&self.0);
        [
            l[0] | (l[1] << 51),
            (l[1] >> 13) | (l[2] << 38),
            (l[2] >> 26) | (l[3] << 25),
            (l[3] >> 39) | (l[4] << 12),
        ]
    }

    /// From any 256-bit value in four words: bit 255 folds back as 19 (2^255 = 19 mod
    /// p), the other 255 bits split into five 51-bit limbs, so limb 0 ends below
    /// 2^51 + 19 and the others below 2^51: inside the invariant.
    pub(crate) const fn from_words(w: &[u64; 4]) -> Fe51 {
        let [w0, w1, w2, w3] = *w;
        let top = w3 >> 63;
        let w3 = w3 & ((1 << 63) - 1);
        Fe51([
            (w0 & MASK51) + 19 * top,
            ((w0 >> 51) | (w1 << 13)) & MASK51,
            ((w1 >> 38) | (w2 << 26)) & MASK51,
            ((w2 >> 25) | (w3 << 39)) & MASK51,
            w3 >> 12,
        ])
    }
}

crate::backend::limb_ops!(Fe51, [u64; 5], add, sub, mul, neg);

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use edwards25519_test_support::SplitMix64;
    use num_bigint::BigUint;
    use std::vec;

    fn value(l: &[u64; 5]) -> BigUint {
        l.iter()
            .rev()
            .fold(BigUint::ZERO, |acc, &x| (acc << 51u32) + x)
    }

    fn p() -> BigUint {
        (BigUint::from(1u8) << 255u32) - 19u8
    }

    /// Inside its bounds: limb 0 below 2^56, the others below 2^53.
    fn lazy_bounds(l: &[u64; 5]) -> bool {
        l[0] < 1 << 56 && l[1..].iter().all(|&x| x < 1 << 53)
    }

    /// `square_lazy` on the largest limbs its bounds allow, and on random ones up to
    /// them: the square mod p, inside the same bounds.
    #[test]
    fn square_lazy_stays_in_its_bounds() {
        let top = [
            (1 << 56) - 1,
            (1 << 53) - 1,
            (1 << 53) - 1,
            (1 << 53) - 1,
            (1 << 53) - 1,
        ];
        let mut rng = SplitMix64(0x5151);
        let mut inputs = vec![top];
        for _ in 0..2000 {
            let shift = [8, 11, 11, 11, 11];
            inputs.push(core::array::from_fn(|i| rng.next_u64() >> shift[i]));
        }
        for a in inputs {
            assert!(lazy_bounds(&a));
            let s = square_lazy(&a, MASK51);
            assert!(lazy_bounds(&s), "{a:x?} -> {s:x?}");
            assert_eq!(value(&s) % p(), value(&a).pow(2) % p(), "{a:x?}");
        }
    }

    /// `pow2k` against k plain squarings, with the result inside the invariant.
    #[test]
    fn pow2k_is_k_squarings() {
        let mut rng = SplitMix64(0x2b);
        for k in [1, 2, 5, 50, 300] {
            let a: [u64; 5] = core::array::from_fn(|_| rng.next_u64() >> 12);
            let mut want = a;
            for _ in 0..k {
                want = square(&want);
            }
            let got = pow2k(&a, k);
            assert!(in_bounds(&got));
            assert_eq!(value(&got) % p(), value(&want) % p(), "k = {k}");
        }
    }
}
