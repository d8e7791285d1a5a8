//! Products left uncarried until after the linear step that follows them.
//!
//! A product that is added to or subtracted from another before it is multiplied again
//! needs only one carry, after that linear step, instead of one after the product and
//! one after the step: the carry takes any limbs below 2^64 ([`F4::carry`]). This saves
//! a carry (15 to 19 instructions and its latency) per point addition and per doubling,
//! both of whose first products meet a linear step ([`VectorField::mul_folded`]).
//!
//! One more level joins the bounds table of [`super`]:
//!
//! | level | bound | why it holds |
//! |---|---|---|
//! | folded | < 300·2^52 < 2^61 | product columns z_k < 15·2^52 (see [`F4::mul`]), folded as z_k + 19·z_(k+5) < 20·15·2^52 |
//!
//! Subtraction of a folded value is against [`K`] = 1024·p, whose limbs (2^61 - 19456,
//! then 2^61 - 1024) exceed every folded limb, so no difference goes negative; every
//! sum below stays under 2^63, so no limb wraps before the carry. The instruction
//! model asserts the folded bound on each value these functions take
//! ([`Lanes::assert_below`]).

use super::{F4, Lanes, P51, mul19, product_columns, times};
use crate::backend::vector::limbs::unrolled;
use crate::backend::vector::{VectorField, order};

/// 1024·p in radix 2^51: 2^61 - 19456, then 2^61 - 1024 (above the folded bound).
const K: [u64; 5] = times(P51, 1024);

/// log2 of the folded bound (every folded limb is below 2^61).
const FOLDED_BITS: u32 = 61;

impl<L: Lanes> F4<L> {
    /// self·b without the final carry: takes mul-ready limbs, gives folded ones
    /// (z_k + 19·z_(k+5) for the columns z of [`F4::mul`], each below 2^61).
    #[inline(always)]
    pub(super) fn mul_uncarried(&self, b: &Self) -> Self {
        let [lo, hi] = product_columns(&self.0, &b.0);
        let z: [L; 10] = unrolled!(10, |k| lo[k].add(hi[k].shl::<1>()));
        F4(unrolled!(5, |k| z[k].add(mul19(z[k + 5]))))
    }

    /// The model checks that every limb is folded (below 2^61); on the CPU, nothing.
    #[inline(always)]
    fn assert_folded(&self) {
        for l in &self.0 {
            l.assert_below::<FOLDED_BITS>();
        }
    }

    /// self + b in the lanes outside `NEG`, self + K - b in those of `NEG`, carried:
    /// takes folded values (each limb of the sum below 2^61 + 2^62 < 2^63), gives
    /// reduced ones.
    #[inline(always)]
    pub(super) fn add_sub_folded<const NEG: i32>(&self, b: &Self) -> Self {
        self.assert_folded();
        b.assert_folded();
        F4(unrolled!(5, |i| {
            let neg = L::splat(K[i]).sub(b.0[i]);
            self.0[i].add(b.0[i].blend::<NEG>(neg))
        }))
        .carry()
    }

    /// (E, G, F, H) = (2·D, B - A, 2·C - B + A, B + A) from folded (A, B, C, D), reduced
    /// (the lane order of the doubling's last multiplication).
    ///
    /// Three permutations of the products, all of the input, so one permutation's
    /// latency: y = (D, A, C, A), w = (D, C, A, B), v = (A, C, B, D). Then
    /// self + y' + (w - v), where y' = (y xor (0, !0, 0, 0)) + (0, K + 1, K, 0) is y with
    /// lane 1 negated against K (as !a + 1 = -a) and K added to lane 2:
    ///
    /// | lane | self | y' | w - v | sum |
    /// |---|---|---|---|---|
    /// | 0 | A | D | D - A | 2·D |
    /// | 1 | B | K - A | 0 | B - A + K |
    /// | 2 | C | C + K | A - B | 2·C + A - B + K |
    /// | 3 | D | A | B - D | B + A |
    ///
    /// The wrapping differences cancel, so each sum is exact: at most 3·2^61 + 2^61 =
    /// 2^63 (lane 2), no wrap, and the carry takes it.
    #[inline(always)]
    pub(super) fn double_egfh_folded(&self) -> Self {
        self.assert_folded();
        let negate_lane_1 = L::from_array([0, u64::MAX, 0, 0]);
        let y = self.permute::<{ order(3, 0, 2, 0) }>();
        let w = self.permute::<{ order(3, 2, 0, 1) }>();
        let v = self.permute::<{ order(0, 2, 1, 3) }>();
        F4(unrolled!(5, |i| {
            let k = L::from_array([0, K[i] + 1, K[i], 0]);
            let y = y.0[i].xor(negate_lane_1).add(k);
            self.0[i].add(y).add(w.0[i].sub(v.0[i]))
        }))
        .carry()
    }
}
