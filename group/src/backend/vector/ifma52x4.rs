//! A radix-2^52 field for AVX-512 IFMA: four elements of GF(2^255 - 19), one per
//! 64-bit lane, limb i of all four in one register (`.0[i]`), five limbs of weight
//! 2^(52·i). Written for the single X25519 ladder ([`super::x25519_ifma`]), where the
//! four lanes hold four independent products of one ladder step.
//!
//! `vpmadd52luq`/`vpmadd52huq` multiply the low 52 bits of each operand and add the
//! low or the high 52 bits of the 104-bit product to an accumulator. In radix 2^52 the
//! high half of aᵢ·bⱼ has weight 2^(52·(i + j + 1)): it lands in the next column as is,
//! where radix 2^51 (the point backend's [`super::ifma`]) must double it. The price is
//! that limbs have no headroom: a limb fed to a multiplier must be below 2^52, so every
//! sum or difference is carried (a sequential carry, [`F52::carry`]) before it is
//! multiplied.
//!
//! The arithmetic is generic over [`Lanes`], the instruction trait of the radix-2^51
//! field: [`super::ifma::Ymm`] runs it on the CPU, and `ifma::model::Model` emulates
//! each instruction on any CPU and asserts that every multiplier operand is below
//! 2^52, so the bounds below are checked by the tests, not only argued. An eight-lane
//! (zmm) version of the same field needs only an eight-lane implementation of the
//! instructions; the limb code here does not depend on the lane count except through
//! the lane-pattern immediates of `permute` and `blend`.
//!
//! # Bounds
//!
//! | level | limbs 0…3 | limb 4 | given by | taken by |
//! |---|---|---|---|---|
//! | tight | < 2^52 | < 2^48 | [`F52::carry`], [`F52::mul`], [`F52::square`], conversions | everything; the multipliers need it |
//! | loose | < 2^54 | < 2^50 | [`F52::add`] of two tight values, [`F52::sub_lanes`] | [`F52::carry`] |
//! | small product | < 2^52 + 2^23 | < 2^52 + 2^17 | [`F52::mul_small`] | [`F52::add`] of one tight value, or [`F52::mul_small_sub`]'s 64p offset, then [`F52::carry`] |
//! | wide | < 2^56 | < 2^56 | [`F52::mul_wide`] (a product not carried) | [`F52::sub_lanes_wide`] (1024p offset), then [`F52::carry`] |
//!
//! A tight value is below 2^256, not necessarily reduced mod p; the conversion to a
//! portable element reduces it. [`F52::carry`] takes any limbs below 2^62: a loose
//! value, 64p plus small products (< 2^58), 1024p plus wide values (< 2^62).
//!
//! 2^260 = 2^5·2^255 ≡ 32·19 = 608 (mod p) folds product columns 5…9 down;
//! 2^255 ≡ 19 folds the bits of limb 4 above 47.

// With the AVX2 backend forced, only the tests reach this one.
#![cfg_attr(edwards25519_backend = "avx2", allow(dead_code))]

use edwards25519_field::FieldElement;

use super::ifma::{Lanes, mul19, product_columns, square_columns};
use super::limbs::{TWO_P52, times, unrolled};

/// 2^52 - 1.
const M52: u64 = (1 << 52) - 1;
/// 2^47 - 1: limb 4 holds bits 208…254 of a reduced value.
const M47: u64 = (1 << 47) - 1;
/// 2^260 mod p.
const C608: u64 = 608;

/// 4p = 2^257 - 76 with every limb at least as large as the matching limb of a tight
/// value (limbs 0…3 ≥ 2^52, limb 4 ≥ 2^48), so 4p - y has no negative limb for tight
/// y: 2^53 - 76, 2^53 - 2 (three times), 2^49 - 2.
pub(crate) const FOUR_P: [u64; 5] = times(TWO_P52, 2);

/// 64p = 2^261 - 1216 with limbs 0…3 at least 2^57 - 1216 and limb 4 at least 2^53 -
/// 32, above every limb of a small product (below 2^52 + 2^23): 2^57 - 1216,
/// 2^57 - 32 (three times), 2^53 - 32. The offset of [`F52::mul_small_sub`].
pub(crate) const SIXTY_FOUR_P: [u64; 5] = times(TWO_P52, 32);

/// 1024p = 2^265 - 19456 with limbs 0…3 at least 2^61 - 19456 and limb 4 at least
/// 2^57 - 512, above every limb of a wide product (below 2^56): 2^61 - 19456,
/// 2^61 - 512 (three times), 2^57 - 512. The offset of [`F52::sub_lanes_wide`].
pub(crate) const P1024: [u64; 5] = times(TWO_P52, 512);

/// Four field elements in radix 2^52, limb-sliced: `.0[i]` holds limb i of all four.
#[derive(Clone, Copy, Debug)]
pub(crate) struct F52<L>(pub(crate) [L; 5]);

/// The limbs of one element as a 256-bit little-endian integer, for tight limbs.
pub(crate) const fn limbs_to_words(l: [u64; 5]) -> [u64; 4] {
    [
        l[0] | (l[1] << 52),
        (l[1] >> 12) | (l[2] << 40),
        (l[2] >> 24) | (l[3] << 28),
        (l[3] >> 36) | (l[4] << 16),
    ]
}

/// The tight limbs of a 256-bit little-endian integer (limb 4 holds bits 208…255):
/// the inverse of [`limbs_to_words`].
pub(crate) const fn words_to_limbs(w: [u64; 4]) -> [u64; 5] {
    [
        w[0] & M52,
        ((w[0] >> 52) | (w[1] << 12)) & M52,
        ((w[1] >> 40) | (w[2] << 24)) & M52,
        ((w[2] >> 28) | (w[3] << 36)) & M52,
        w[3] >> 16,
    ]
}

/// One reduced element's radix-2^52 limbs (tight: limb 4 < 2^47).
pub(crate) fn element_limbs(e: &FieldElement) -> [u64; 5] {
    let b = e.to_bytes();
    words_to_limbs(core::array::from_fn(|i| {
        u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8 bytes"))
    }))
}

/// The element with tight limbs `l` (value below 2^256), reduced: the value in radix
/// 2^51, bit 255 folded into limb 0 as 19. No branch on the limbs.
pub(crate) fn limbs_element(l: [u64; 5]) -> FieldElement {
    const M51: u64 = (1 << 51) - 1;
    let w = limbs_to_words(l);
    let r = [
        (w[0] & M51) + 19 * (w[3] >> 63),
        ((w[0] >> 51) | (w[1] << 13)) & M51,
        ((w[1] >> 38) | (w[2] << 26)) & M51,
        ((w[2] >> 25) | (w[3] << 39)) & M51,
        (w[3] >> 12) & M51,
    ];
    // Every limb is below 2^51 + 19 < 2^52, what `from_limbs_carried` takes.
    FieldElement::from_limbs_carried(r)
}

/// 608·x as 512x + 64x + 32x, for x < 2^54.
#[inline(always)]
fn mul608<L: Lanes>(x: L) -> L {
    x.shl::<9>().add(x.shl::<6>()).add(x.shl::<5>())
}

impl<L: Lanes> F52<L> {
    /// Four portable elements in lanes 0…3; tight.
    #[inline(always)]
    pub(crate) fn from_elements(e: [&FieldElement; 4]) -> Self {
        let l = e.map(element_limbs);
        F52(unrolled!(5, |i| L::from_array([
            l[0][i], l[1][i], l[2][i], l[3][i]
        ])))
    }

    /// Lane `k` as a portable element; takes tight values.
    #[inline(always)]
    pub(crate) fn lane(&self, k: usize) -> FieldElement {
        limbs_element(unrolled!(5, |i| self.0[i].to_array()[k]))
    }

    /// The limbs of every lane: `[lane][limb]`.
    #[cfg(test)]
    pub(crate) fn limbs(&self) -> [[u64; 5]; 4] {
        let l: [[u64; 4]; 5] = unrolled!(5, |i| self.0[i].to_array());
        core::array::from_fn(|k| unrolled!(5, |i| l[i][k]))
    }

    /// self + b, no carry: tight plus tight is loose; tight plus a small product is
    /// below 2^54.
    // The ladder's sums go through `sub_lanes`; the plain sum is for the field's other
    // users (and tested with it).
    #[allow(dead_code)]
    #[inline(always)]
    pub(crate) fn add(&self, b: &Self) -> Self {
        F52(unrolled!(5, |i| self.0[i].add(b.0[i])))
    }

    /// self + 4p - b in the lanes of `NEG` (a `vpblendd` mask), self + b elsewhere;
    /// takes tight values, gives loose ones.
    #[inline(always)]
    pub(crate) fn sub_lanes<const NEG: i32>(&self, b: &Self) -> Self {
        F52(unrolled!(5, |i| {
            let neg = L::splat(FOUR_P[i]).sub(b.0[i]);
            self.0[i].add(b.0[i].blend::<NEG>(neg))
        }))
    }

    /// self + 1024p - b in the lanes of `NEG`, self + b elsewhere; takes wide values
    /// (the output of [`F52::mul_wide`], limbs below 2^56, or tight ones), gives limbs
    /// below 2^56 + 2^61 < 2^62 for [`F52::carry`].
    #[inline(always)]
    pub(crate) fn sub_lanes_wide<const NEG: i32>(&self, b: &Self) -> Self {
        F52(unrolled!(5, |i| {
            let neg = L::splat(P1024[i]).sub(b.0[i]);
            self.0[i].add(b.0[i].blend::<NEG>(neg))
        }))
    }

    /// Lane k of the result is lane `(ORDER >> 2k) & 3` of self.
    #[inline(always)]
    pub(crate) fn permute<const ORDER: i32>(&self) -> Self {
        F52(unrolled!(5, |i| self.0[i].permute::<ORDER>()))
    }

    /// Zero in the lanes of `BLEND`, self elsewhere.
    #[inline(always)]
    pub(crate) fn zero_lanes<const BLEND: i32>(&self) -> Self {
        let zero = L::splat(0);
        F52(unrolled!(5, |i| self.0[i].blend::<BLEND>(zero)))
    }

    /// b in the lanes of `BLEND`, self elsewhere.
    #[inline(always)]
    pub(crate) fn blend<const BLEND: i32>(&self, b: &Self) -> Self {
        F52(unrolled!(5, |i| self.0[i].blend::<BLEND>(b.0[i])))
    }

    /// Lanes (0, 1) and (2, 3) exchanged where `mask` is all ones, kept where it is
    /// zero: `x ^ (mask & (x ^ swapped))`, the same instructions either way.
    #[inline(always)]
    pub(crate) fn swap_halves_if(&self, mask: L) -> Self {
        F52(unrolled!(5, |i| {
            let x = self.0[i];
            let s = x.permute::<0b01_00_11_10>();
            x.xor(mask.and(x.xor(s)))
        }))
    }

    /// Carries limbs below 2^62 to tight ones, keeping the value mod p.
    ///
    /// Bits 47 and up of limb 4 go to limb 0 times 19 (2^255 ≡ 19), then a carry runs
    /// from limb 0 up to limb 4: limbs 0…3 end below 2^52 and limb 4 below
    /// 2^47 + 2^11 < 2^48. Sequential: a radix-2^52 limb has no spare bit for a
    /// one-pass parallel carry.
    #[inline(always)]
    pub(crate) fn carry(&self) -> Self {
        let m52 = L::splat(M52);
        let [mut s0, mut s1, mut s2, mut s3, s4] = self.0;
        let top = s4.shr::<47>();
        let mut s4 = s4.and(L::splat(M47));
        s0 = s0.add(mul19(top));
        s1 = s1.add(s0.shr::<52>());
        s0 = s0.and(m52);
        s2 = s2.add(s1.shr::<52>());
        s1 = s1.and(m52);
        s3 = s3.add(s2.shr::<52>());
        s2 = s2.and(m52);
        s4 = s4.add(s3.shr::<52>());
        s3 = s3.and(m52);
        F52([s0, s1, s2, s3, s4])
    }

    /// Columns 0…9 of a product to wide limbs, below 2^56 (column 4:
    /// 9·2^52 + 2^54 + 2^15; the others 11·2^52 + 2^15), for [`F52::carry`].
    ///
    /// Takes z_k < 10·2^52 for k < 9 and z_9 < 2^44 (the high half of a₄·b₄ with
    /// a₄, b₄ < 2^48). Column k ≥ 5 has weight 2^260·2^(52·(k - 5)) ≡ 608·2^(52·(k-5)):
    /// for k = 5…8 its low 52 bits z' times 608 are added with `vpmadd52luq` to column
    /// k - 5 and `vpmadd52huq` to column k - 4, and its bits above 52 (below 2^4)
    /// times 608 to column k - 4; z_9·608 < 2^54 is added to column 4 whole.
    #[inline(always)]
    fn fold_wide(z: &[L; 10]) -> Self {
        let c608 = L::splat(C608);
        let m52 = L::splat(M52);
        // The folded terms accumulate straight into the low columns: no zeroed
        // accumulators, no separate additions.
        let mut r = [z[0], z[1], z[2], z[3], z[4].add(mul608(z[9]))];
        for j in 0..4 {
            let low = z[j + 5].and(m52);
            r[j] = r[j].madd52lo(low, c608);
            r[j + 1] = r[j + 1]
                .madd52hi(low, c608)
                .add(mul608(z[j + 5].shr::<52>()));
        }
        F52(r)
    }

    /// self·b lane by lane; takes tight values, gives tight ones.
    ///
    /// Column k collects the low halves of aᵢ·bⱼ with i + j = k and the high halves
    /// with i + j = k - 1: at most 5 + 5 terms below 2^52, so z_k < 10·2^52; the high
    /// half of a₄·b₄ alone makes z_9 < 2^44. Low and high halves accumulate apart (two
    /// chains of at most five `vpmadd52` per column).
    #[inline(always)]
    pub(crate) fn mul(&self, b: &Self) -> Self {
        self.mul_wide(b).carry()
    }

    /// [`F52::mul`] without the final carry: wide limbs (below 2^56), for
    /// [`F52::sub_lanes_wide`] and then [`F52::carry`], which saves one carry.
    #[inline(always)]
    pub(crate) fn mul_wide(&self, b: &Self) -> Self {
        // Two accumulators per column, low and high halves: chains of at most five
        // dependent `vpmadd52`. Four (split by i < 3: chains of three, 30 more
        // additions per product) measured no faster in the X25519 ladder.
        let [lo, hi] = product_columns(&self.0, &b.0);
        let mut z = [L::splat(0); 10];
        for k in 0..10 {
            z[k] = lo[k].add(hi[k]);
        }
        Self::fold_wide(&z)
    }

    /// self² lane by lane; takes tight values, gives tight ones.
    ///
    /// The 15 distinct products: aᵢ² (low half in column 2i, high half in 2i + 1) and
    /// aᵢ·aⱼ for i < j, counted twice (accumulated once, doubled by a shift). A column
    /// totals what it would in [`F52::mul`]: below 10·2^52 (z_9 < 2^44).
    // The single ladder squares in lanes next to products, so it multiplies; the
    // square is here for the rest of the field's users (and tested with it).
    #[allow(dead_code)]
    #[inline(always)]
    pub(crate) fn square(&self) -> Self {
        self.square_wide().carry()
    }

    /// [`F52::square`] without the final carry: wide limbs (below 2^56), as
    /// [`F52::mul_wide`] gives.
    #[allow(dead_code)]
    #[inline(always)]
    pub(crate) fn square_wide(&self) -> Self {
        // aᵢ² whole in `w1`, aᵢ·aⱼ whole in `w2` (doubled below); the third
        // accumulator stays empty.
        let [w1, w2, _] = square_columns::<L, 0, 1>(&self.0);
        let mut z = [L::splat(0); 10];
        for k in 0..10 {
            z[k] = w1[k].add(w2[k].shl::<1>());
        }
        Self::fold_wide(&z)
    }

    /// self·c lane by lane for a small constant per lane, c < 2^17 (a24 = 121666 and
    /// 0 or 1 in the ladder); takes tight values, gives a small product (limbs below
    /// 2^53), not carried.
    ///
    /// Limb k gets the low half of xₖ·c and the high half of xₖ₋₁·c (below 2^17); the
    /// high half of x₄·c (below 2^13, weight 2^260) comes back to limb 0 times 608.
    #[inline(always)]
    pub(crate) fn mul_small(&self, c: L) -> Self {
        let x = &self.0;
        let zero = L::splat(0);
        let hi: [L; 5] = unrolled!(5, |i| zero.madd52hi(x[i], c));
        F52([
            zero.madd52lo(x[0], c).add(mul608(hi[4])),
            hi[0].madd52lo(x[1], c),
            hi[1].madd52lo(x[2], c),
            hi[2].madd52lo(x[3], c),
            hi[3].madd52lo(x[4], c),
        ])
    }

    /// 64p + self·c - q·d lane by lane, for constants c, d < 2^17 per lane; takes tight
    /// values, gives limbs below 2^57 + 2^53 < 2^58 for [`F52::carry`].
    ///
    /// [`F52::mul_small`] gives limbs below 2^52 + 2^23 (limb 0: the low half plus
    /// 608 times a high half below 2^13; the others: a low half plus a high half
    /// below 2^17), which [`SIXTY_FOUR_P`]'s limbs exceed, so no limb goes negative.
    #[inline(always)]
    pub(crate) fn mul_small_sub(&self, c: L, q: &Self, d: L) -> Self {
        let (a, b) = (self.mul_small(c), q.mul_small(d));
        F52(unrolled!(5, |i| L::splat(SIXTY_FOUR_P[i])
            .sub(b.0[i])
            .add(a.0[i])))
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::backend::vector::ifma::model::Model;
    use crate::backend::vector::lanes;
    use crate::backend::vector::test_limbs::{inputs, p, value, vec4};
    use edwards25519_test_support::SplitMix64;
    use num_bigint::BigUint;
    use std::vec::Vec;

    fn fe(x: &BigUint) -> FieldElement {
        let mut b = (x % p()).to_bytes_le();
        b.resize(32, 0);
        FieldElement::from_bytes(&b.try_into().expect("32 bytes"))
    }

    fn is_tight(l: [u64; 5]) -> bool {
        l[..4].iter().all(|&x| x < 1 << 52) && l[4] < 1 << 48
    }

    /// Tight limb vectors: [`inputs`]' edges and random ones, then 19, p, p + 1,
    /// 2p - 1, 2p and 2^256 - 1 as limbs.
    fn tight_inputs(seed: u64, random: usize) -> Vec<[u64; 5]> {
        let mut v = inputs((1 << 52, 1 << 48), seed, random);
        for x in [
            BigUint::from(19u8),
            p(),
            p() + 1u8,
            p() * 2u8 - 1u8,
            p() * 2u8,
            (BigUint::from(1u8) << 256u32) - 1u8,
        ] {
            let digits = x.to_u64_digits();
            let l = words_to_limbs(core::array::from_fn(|i| {
                digits.get(i).copied().unwrap_or(0)
            }));
            assert_eq!(value(l), x);
            v.push(l);
        }
        v
    }

    fn limbs<L: Lanes>(f: &F52<L>) -> [[u64; 5]; 4] {
        f.limbs()
    }

    /// Every operation over `L`, on groups of four inputs, against num-bigint mod p;
    /// the outputs' limbs are within their documented bounds.
    fn ops_agree<L: Lanes>(random: usize) {
        let inputs = tight_inputs(0x52_5254_1f3d, random);
        let pm = p();
        for (n, w) in inputs.windows(8).enumerate().step_by(3) {
            let a4 = [w[0], w[1], w[2], w[3]];
            let b4 = [w[4], w[5], w[6], w[7]];
            let (a, b) = (vec4::<L>(a4), vec4::<L>(b4));
            const NEG: i32 = lanes(false, true, false, true);
            let mul = limbs(&a.mul(&b));
            let wide = a.mul_wide(&b);
            assert!(limbs(&wide).iter().flatten().all(|&l| l < 1 << 56));
            let wsub = limbs(&wide.sub_lanes_wide::<NEG>(&b.mul_wide(&a)).carry());
            let sq = limbs(&a.square());
            let sum = limbs(&a.add(&b).carry());
            let sub = limbs(&a.sub_lanes::<NEG>(&b).carry());
            let c = [1u64, 0, 121_666, (1 << 17) - 1];
            let small_raw = limbs(&a.mul_small(L::from_array(c)));
            let small = limbs(&a.mul_small(L::from_array(c)).add(&b).carry());
            let d = [(1 << 17) - 1, 121_665, 0, 1u64];
            let diff = limbs(
                &a.mul_small_sub(L::from_array(c), &b, L::from_array(d))
                    .carry(),
            );
            for k in 0..4 {
                let (x, y) = (value(a4[k]), value(b4[k]));
                for out in [mul[k], sq[k], sum[k], sub[k], small[k], diff[k], wsub[k]] {
                    assert!(is_tight(out), "case {n} lane {k}: {out:?}");
                }
                assert!(small_raw[k].iter().all(|&l| l < 1 << 53));
                assert_eq!(value(mul[k]) % &pm, (&x * &y) % &pm, "mul {n} {k}");
                assert_eq!(value(sq[k]) % &pm, (&x * &x) % &pm, "square {n} {k}");
                assert_eq!(value(sum[k]) % &pm, (&x + &y) % &pm, "add {n} {k}");
                let want_sub = if k % 2 == 1 {
                    (&x + &pm * 4u8 - &y) % &pm
                } else {
                    (&x + &y) % &pm
                };
                assert_eq!(value(sub[k]) % &pm, want_sub, "sub {n} {k}");
                let want_wsub = if k % 2 == 1 {
                    0u8.into()
                } else {
                    (&x * &y * 2u8) % &pm
                };
                assert_eq!(value(wsub[k]) % &pm, want_wsub, "sub_lanes_wide {n} {k}");
                let want_small = (&x * BigUint::from(c[k]) + &y) % &pm;
                assert_eq!(value(small[k]) % &pm, want_small, "mul_small {n} {k}");
                let want_diff = (&x * BigUint::from(c[k]) + &pm * (BigUint::from(d[k]) * 4u8)
                    - &y * BigUint::from(d[k]))
                    % &pm;
                assert_eq!(value(diff[k]) % &pm, want_diff, "mul_small_sub {n} {k}");
                // The conversion to a portable element reduces.
                let f = vec4::<L>(a4).lane(k);
                assert_eq!(f, fe(&x), "lane {n} {k}");
            }
        }
    }

    #[test]
    fn offsets_are_multiples_of_p() {
        assert_eq!(value(FOUR_P), p() * 4u8);
        assert_eq!(value(SIXTY_FOUR_P), p() * 64u8);
        assert_eq!(value(P1024), p() * 1024u16);
    }

    #[test]
    fn model_ops_agree_with_bigint() {
        ops_agree::<Model>(3_000);
    }

    #[test]
    fn ymm_ops_agree_with_bigint() {
        if super::super::x25519_ifma::cpu_has_ifma() {
            ops_agree::<super::super::ifma::Ymm>(3_000);
        }
    }

    /// Conversions: portable to lanes and back, for edge and random elements; the
    /// limbs are tight (limb 4 below 2^47 for a reduced element).
    #[test]
    fn conversions_round_trip() {
        let mut rng = SplitMix64(0xc0_4e5);
        let mut es: Vec<FieldElement> = (0..200)
            .map(|_| FieldElement::from_bytes(&rng.bytes()))
            .collect();
        es.extend([FieldElement::ZERO, FieldElement::ONE, -FieldElement::ONE]);
        for e in &es {
            let l = element_limbs(e);
            assert!(l[..4].iter().all(|&x| x < 1 << 52) && l[4] < 1 << 47);
            assert_eq!(limbs_element(l), *e);
            let v = F52::<Model>::from_elements([e, e, e, e]);
            assert_eq!(v.lane(3), *e);
        }
    }
}
