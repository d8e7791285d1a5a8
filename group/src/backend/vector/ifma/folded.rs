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

use super::{F4, LaneOps, Lanes, P51, product_columns, times};
use crate::backend::vector::limbs::unrolled;
use crate::backend::vector::{VectorField, order};

/// 1024·p in radix 2^51: 2^61 - 19456, then 2^61 - 1024 (above the folded bound).
pub(super) const K: [u64; 5] = times(P51, 1024);

/// log2 of the folded bound (every folded limb is below 2^61).
const FOLDED_BITS: u32 = 61;

/// A [`lanes`](crate::backend::vector::lanes) constant (two bits per lane) as a lane mask (bit k for lane k).
const fn lane_bits(blend: i32) -> u8 {
    let mut bits = 0;
    let mut k = 0;
    while k < 4 {
        bits |= (((blend >> (2 * k)) & 1) as u8) << k;
        k += 1;
    }
    bits
}

/// Column k of `onto` plus the low halves (`vpmadd52luq`) of aᵢ·bⱼ with i + j = k, five
/// per column at most, in one chain per column.
#[inline(always)]
fn low_halves<L: LaneOps>(mut onto: [L; 10], a: &[L; 5], b: &[L; 5]) -> [L; 10] {
    for i in 0..5 {
        for j in 0..5 {
            onto[i + j] = onto[i + j].madd52lo(a[i], b[j]);
        }
    }
    onto
}

/// Column k: the high halves (`vpmadd52huq`) of aᵢ·bⱼ with i + j + 1 = k, five per
/// column at most, in one chain per column.
#[inline(always)]
fn high_halves<L: LaneOps>(a: &[L; 5], b: &[L; 5]) -> [L; 10] {
    let mut hi = [L::splat(0); 10];
    for i in 0..5 {
        for j in 0..5 {
            hi[i + j + 1] = hi[i + j + 1].madd52hi(a[i], b[j]);
        }
    }
    hi
}

impl<L: LaneOps> F4<L> {
    /// self·b without the final carry: takes mul-ready limbs, gives folded ones
    /// (z_k + 19·z_(k+5) for the columns z of [`F4::mul`], each below 2^61). The one
    /// product of the field: [`F4::mul`] carries it, the point formulas and the
    /// fixed-base walk take it folded.
    ///
    /// Column k is z_k = lo_k + 2·hi_k, the low halves of aᵢ·bⱼ with i + j = k and the
    /// high halves (weight 2 in radix 2^51) with i + j + 1 = k: below
    /// 5·2^52 + 2·5·2^52 = 15·2^52 whichever order sums it. ×19 is
    /// [`Masked::times19`](super::masked::Masked::times19). The order is the
    /// caller's, by what bounds it (each measured with `scripts/before_after.sh`, AMD
    /// EPYC Zen 4):
    ///
    /// - `HIGH_FIRST`: 2·hi_k is the starting value of the column's low-halves chain,
    ///   which saves an addition per column but chains the two: for throughput-bound
    ///   code, the fixed-base walk's two interleaved chains (2-5% faster there).
    /// - otherwise the two chains run apart and meet in one addition: for
    ///   latency-bound code, the point formulas (a doubling feeds the next). The two
    ///   chains are written one after the other, except when the build targets an
    ///   AMD Zen 4 (`-C target-cpu=native` there), where the pairs interleaved as
    ///   [`product_columns`] writes them compile 1-5% faster (and one after the other,
    ///   5% faster without the target CPU): the same instructions, scheduled
    ///   differently by the compiler's model of the target CPU. Built for the Intel
    ///   Xeon (family 6 model 207), the interleaved order is the slower one: ScalarMult
    ///   1.07×, VarTimeDoubleScalarBaseMult 1.04-1.05×, Verification 1.02-1.04× the
    ///   time of the chains apart (two same-run A/Bs, LTO + `-C target-cpu=native`;
    ///   built for `znver4` on that Xeon, the two orders tie). No `cfg` names the
    ///   target CPU, so the interleaved order is taken where the target has AVX-512 DQ
    ///   but not AVX-512 FP16: which separates the two CPUs measured (Intel's server
    ///   cores have had FP16 since Sapphire Rapids, AMD's have not, through Zen 5);
    ///   other CPUs with IFMA are unmeasured here.
    #[inline(always)]
    pub(super) fn mul_uncarried<const HIGH_FIRST: bool>(&self, b: &Self) -> Self {
        let (a, b) = (&self.0, &b.0);
        let z: [L; 10] = if HIGH_FIRST {
            let hi = high_halves(a, b);
            low_halves(unrolled!(10, |k| hi[k].add(hi[k])), a, b)
        } else if cfg!(all(
            target_feature = "avx512dq",
            not(target_feature = "avx512fp16")
        )) {
            let [lo, hi] = product_columns(a, b);
            unrolled!(10, |k| lo[k].add(hi[k].shl::<1>()))
        } else {
            let hi = high_halves(a, b);
            let lo = low_halves([L::splat(0); 10], a, b);
            unrolled!(10, |k| lo[k].add(hi[k].shl::<1>()))
        };
        F4(unrolled!(5, |k| z[k].add(z[k + 5].times19())))
    }

    /// The model checks that every limb is folded (below 2^61); on the CPU, nothing.
    #[inline(always)]
    fn assert_folded(&self) {
        for l in &self.0 {
            l.assert_below::<FOLDED_BITS>();
        }
    }

    /// self + b in the lanes outside `neg` (bit k for lane k), self + K - b in those of
    /// `neg`, not carried: takes folded values, gives limbs below 2^61 + 2^62 < 2^63 (no
    /// wrap), which [`F4::carry`] takes. One masked `vpsubq` and one `vpaddq` per limb;
    /// `neg` may come from data (the fixed-base walk's signs), as a mask, not a branch.
    #[inline(always)]
    pub(super) fn add_sub_masked(&self, b: &Self, neg: u8) -> Self {
        F4(unrolled!(5, |i| self.0[i]
            .add(b.0[i].sub_from_masked(L::splat(K[i]), neg))))
    }
}

impl<L: Lanes> F4<L> {
    /// [`F4::add_sub_masked`] with the lanes of `NEG` (a
    /// [`lanes`](crate::backend::vector::lanes) constant), carried:
    /// takes folded values, gives reduced ones.
    #[inline(always)]
    pub(super) fn add_sub_folded<const NEG: i32>(&self, b: &Self) -> Self {
        self.assert_folded();
        b.assert_folded();
        self.add_sub_masked(b, lane_bits(NEG)).carry()
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

#[cfg(test)]
mod tests {
    extern crate std;

    use num_bigint::BigUint;
    use std::vec::Vec;

    use super::{F4, FOLDED_BITS, K, Lanes};
    use crate::backend::vector::ifma::model::Model;
    use crate::backend::vector::lanes;
    use crate::backend::vector::test_limbs::p;
    use edwards25519_test_support::SplitMix64;

    /// The largest folded limb the bounds table proves: 20 columns' worth of 15·2^52.
    const FOLDED_MAX: u64 = 300 << 52;

    fn value51(l: [u64; 5]) -> BigUint {
        l.iter().rev().fold(BigUint::from(0u8), |acc, &x| {
            (acc << 51u32) + BigUint::from(x)
        }) % p()
    }

    fn four(l: [[u64; 5]; 4]) -> F4<Model> {
        F4(core::array::from_fn(|i| {
            Model::from_array([l[0][i], l[1][i], l[2][i], l[3][i]])
        }))
    }

    /// Lane k's limbs and value mod p; asserts the limbs are reduced.
    fn lane(f: &F4<Model>, k: usize) -> BigUint {
        let l: [u64; 5] = core::array::from_fn(|i| f.0[i].to_array()[k]);
        assert!(l[0] < (1 << 51) + (1 << 18), "{l:?}");
        assert!(l[1..].iter().all(|&x| x < (1 << 51) + (1 << 13)), "{l:?}");
        value51(l)
    }

    /// Folded limb vectors: all at the proven maximum, zero, one limb at the maximum,
    /// then pseudo-random ones below it (half within 2^20 of it).
    fn folded_inputs(seed: u64, random: usize) -> Vec<[u64; 5]> {
        let mut v = std::vec![[FOLDED_MAX; 5], [0; 5]];
        for i in 0..5 {
            let mut l = [0; 5];
            l[i] = FOLDED_MAX;
            v.push(l);
        }
        let mut rng = SplitMix64(seed);
        for n in 0..random {
            v.push(core::array::from_fn(|_| {
                if n % 2 == 0 {
                    FOLDED_MAX - (rng.next_u64() % (1 << 20))
                } else {
                    rng.next_u64() % (FOLDED_MAX + 1)
                }
            }));
        }
        v
    }

    /// Four lanes per case, cycling through the inputs so every input meets every lane.
    fn cases(seed: u64) -> Vec<[[u64; 5]; 4]> {
        let v = folded_inputs(seed, 400);
        (0..v.len())
            .map(|n| core::array::from_fn(|k| v[(n + 3 * k) % v.len()]))
            .collect()
    }

    #[test]
    fn k_exceeds_every_folded_limb() {
        assert_eq!(value51(K), BigUint::from(0u8));
        assert!(K.iter().all(|&k| k > FOLDED_MAX));
        const { assert!(FOLDED_MAX < 1 << FOLDED_BITS) };
    }

    /// (E, G, F, H) = (2D, B - A, 2C - B + A, B + A) mod p, reduced, at the edges of
    /// the folded bound, against num-bigint.
    #[test]
    fn double_egfh_at_the_folded_edges() {
        for l in cases(0x5eed_d0b1) {
            let [a, b, c, d] = l.map(value51);
            let out = four(l).double_egfh_folded();
            let m = p() * 4u8;
            assert_eq!(lane(&out, 0), (d.clone() * 2u8) % p());
            assert_eq!(lane(&out, 1), (&m + &b - &a) % p());
            assert_eq!(lane(&out, 2), (&m + &c * 2u8 + &a - &b) % p());
            assert_eq!(lane(&out, 3), (&b + &a) % p());
        }
    }

    /// (x0 - y0, x1 + y1, x2 - y2, x3 + y3) mod p, reduced, at the folded edges.
    #[test]
    fn add_sub_at_the_folded_edges() {
        let all = cases(0x00ad_d50b);
        for (x, y) in all.iter().zip(all.iter().rev()) {
            const { assert!(super::lane_bits(lanes(true, false, true, false)) == 0b0101) };
            let out = four(*x).add_sub_folded::<{ lanes(true, false, true, false) }>(&four(*y));
            for k in 0..4 {
                let (x, y) = (value51(x[k]), value51(y[k]));
                let want = if k % 2 == 0 { p() + x - y } else { x + y } % p();
                assert_eq!(lane(&out, k), want, "lane {k}");
            }
        }
    }

    /// The largest mul-ready operands give folded limbs within the bound, and the
    /// value of the product; both summation orders give the same limbs.
    #[test]
    fn mul_uncarried_stays_folded() {
        let max = (1 << 52) - 1;
        let mut rng = SplitMix64(0xf01d);
        for n in 0..200 {
            let l: [[u64; 5]; 4] = core::array::from_fn(|_| {
                core::array::from_fn(|_| if n == 0 { max } else { rng.next_u64() & max })
            });
            let (x, y) = (four(l), four([l[3], l[0], l[1], l[2]]));
            let out = x.mul_uncarried::<true>(&y);
            let chains = x.mul_uncarried::<false>(&y);
            assert_eq!(out.0.map(|l| l.to_array()), chains.0.map(|l| l.to_array()));
            for k in 0..4 {
                let limbs: [u64; 5] = core::array::from_fn(|i| out.0[i].to_array()[k]);
                assert!(limbs.iter().all(|&z| z <= FOLDED_MAX), "{limbs:?}");
                let want = value51(l[k]) * value51(l[(k + 3) % 4]) % p();
                assert_eq!(value51(limbs), want);
            }
        }
    }

    /// The model rejects a limb past the folded bound (so the checks above can fail).
    #[test]
    #[should_panic(expected = "limb over 61 bits")]
    fn the_model_checks_the_folded_bound() {
        four([[1 << FOLDED_BITS; 5]; 4]).double_egfh_folded();
    }
}
