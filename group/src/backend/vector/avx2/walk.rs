//! The fixed-base walk's two digit sums on the AVX2 field with one point per lane:
//! four partial sums side by side, where the point layer puts one point across the
//! four lanes.
//!
//! The walk ([`crate::scalar_mul::fixed_base`]) adds 64 table entries: the odd digits'
//! 32 (their sum is then multiplied by 16) and the even digits' 32. Here lane 0 sums
//! the odd digits of rows 0 to 15, lane 1 those of rows 16 to 31, and lanes 2 and 3 the
//! even digits of the same rows. The first four entries (rows 0 and 16) start the sums
//! as points converted from their table form, one product ([`PerLane::from_affine`]),
//! and 15 lane-wise mixed additions, 7 products each ([`F5::mul`] multiplies four
//! elements at once), add the rest: 106 products for the work of 64 one-point
//! additions of 2 four-lane products each (128), and none of the point layer's lane
//! permutations. At the end, one lane-wise full addition of lanes (1, 0, 3, 2) to
//! lanes (0, 1, 2, 3) leaves the odd sum in lane 0 and the even sum in lane 2.
//!
//! The entries come from the one-point walk's table, one row per lane: each lane's
//! entry is scanned for |digit| in constant time ([`Cached4::select_abs`]), the four
//! entries are transposed (coordinate k of lane m comes from lane k of entry m), and
//! the negative digits' lanes are negated by a lane mask.
//!
//! Why: it runs fewer instructions than the one-point walk and none of the point
//! layer's lane permutations, and its chain is 15 dependent additions long instead of
//! 64. With the AVX2 backend forced on an Intel Xeon (family 6 model 207), the walk of
//! sixteen additions took ScalarBaseMult to 0.901 of the one-point walk's time with LTO
//! (0.898 in cargo's default profile, 0.924 with `-C target-cpu=native`); on an Intel
//! Xeon reporting model 167, the converted start takes about 0.965 of the time of
//! sixteen additions in each build (0.960 of the instructions under callgrind).
//! docs/design.md (section 2) has the figures and what was slower.

use core::arch::x86_64::*;

use edwards25519_field::FieldElement;

use super::{F5, from_elements_const};
use crate::backend::vector::limbs::unrolled;
use crate::backend::vector::{self, Cached4, VectorField, order};
use crate::models::{D2, INVERSE_D};

/// 0 in every lane.
const ZERO: F5 = from_elements_const([&FieldElement::ZERO; 4]);
/// 2 in every lane.
static TWO: F5 = from_elements_const([&vector::TWO; 4]);
/// 2d in every lane.
static TWO_D: F5 = from_elements_const([&D2; 4]);
/// 1/d in every lane.
static INV_D: F5 = from_elements_const([&INVERSE_D; 4]);

/// Four points, one per lane, in extended coordinates (X : Y : Z : T), reduced.
#[derive(Clone, Copy)]
struct PerLane {
    x: F5,
    y: F5,
    z: F5,
    t: F5,
}

/// The transpose of four 4-lane values: lane m of output k is lane k of input m.
/// Register by register (register r of every value holds limbs 2r and 2r + 1), so the
/// limbs stay in place.
#[inline(always)]
fn transpose(a: [&F5; 4]) -> [F5; 4] {
    let t: [[__m256i; 4]; 5] = unrolled!(5, |r| transpose_registers([
        a[0].0[r], a[1].0[r], a[2].0[r], a[3].0[r]
    ]));
    [
        F5(unrolled!(5, |r| t[r][0])),
        F5(unrolled!(5, |r| t[r][1])),
        F5(unrolled!(5, |r| t[r][2])),
        F5(unrolled!(5, |r| t[r][3])),
    ]
}

/// The transpose of a 4 × 4 matrix of 64-bit lanes, a register a row.
#[inline(always)]
fn transpose_registers([a0, a1, a2, a3]: [__m256i; 4]) -> [__m256i; 4] {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    unsafe {
        // lo01 = (a0[0], a1[0], a0[2], a1[2]), hi01 = (a0[1], a1[1], a0[3], a1[3]), the
        // same for lo23 and hi23; then their 128-bit halves.
        let lo01 = _mm256_unpacklo_epi64(a0, a1);
        let hi01 = _mm256_unpackhi_epi64(a0, a1);
        let lo23 = _mm256_unpacklo_epi64(a2, a3);
        let hi23 = _mm256_unpackhi_epi64(a2, a3);
        [
            _mm256_permute2x128_si256::<0x20>(lo01, lo23),
            _mm256_permute2x128_si256::<0x20>(hi01, hi23),
            _mm256_permute2x128_si256::<0x31>(lo01, lo23),
            _mm256_permute2x128_si256::<0x31>(hi01, hi23),
        ]
    }
}

/// The entries (y - x, y + x, 2d·x·y) with the lanes where `negative` is all ones
/// negated, (y + x, y - x, 0 - 2d·x·y): [`F5::sub`] from 0 is 2p minus the reduced value,
/// which is mul-ready, as in the point layer's negation.
#[inline(always)]
fn negate_lanes(y_minus_x: &F5, y_plus_x: &F5, xy2d: &F5, negative: [i64; 4]) -> [F5; 3] {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    let mask = unsafe { _mm256_set_epi64x(negative[3], negative[2], negative[1], negative[0]) };
    [
        blend(y_minus_x, y_plus_x, mask),
        blend(y_plus_x, y_minus_x, mask),
        blend(xy2d, &ZERO.sub(xy2d), mask),
    ]
}

/// `b` in the lanes of `mask` (all ones or all zeros per lane), `a` elsewhere.
#[inline(always)]
fn blend(a: &F5, b: &F5, mask: __m256i) -> F5 {
    F5(unrolled!(5, |r| {
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
        unsafe { _mm256_blendv_epi8(a.0[r], b.0[r], mask) }
    }))
}

impl PerLane {
    /// (E·F, G·H, G·F, E·H) from E and G wide, F and H reduced: the left factor of
    /// [`F5::mul`] may be wide, the right one must be mul-ready.
    #[inline(always)]
    fn finish(e: &F5, f: &F5, g: &F5, h: &F5) -> PerLane {
        PerLane {
            x: e.mul(f),
            y: g.mul(h),
            z: g.mul(f),
            t: e.mul(h),
        }
    }

    /// From A, B, C and D: E = B - A, F = D - C, G = D + C, H = B + A, then
    /// [`PerLane::finish`]. A, B, C are reduced and D is twice a reduced value, so E is
    /// wide, G below the wide bound too (2^27 + 2^18 plus 2^26 + 2^17, even limbs), and F
    /// and H, carried, take anything below 2^32.
    #[inline(always)]
    fn from_abcd(a: &F5, b: &F5, c: &F5, d: &F5) -> PerLane {
        PerLane::finish(&b.sub(a), &d.sub(c).carry(), &d.add(c), &b.add(a).carry())
    }

    /// The entries (y - x, y + x, 2d·x·y) as points, lane by lane: (2x : 2y : 2 : 2x·y),
    /// with 2x·y as 2d·x·y times 1/d. One product, where adding the entries to the
    /// identity takes seven. The entries are mul-ready, and y - x and y + x reduced.
    #[inline(always)]
    fn from_affine([y_minus_x, y_plus_x, xy2d]: &[F5; 3]) -> PerLane {
        PerLane {
            x: y_plus_x.sub(y_minus_x).carry(),
            y: y_plus_x.add(y_minus_x).carry(),
            z: TWO,
            t: xy2d.mul(&INV_D),
        }
    }

    /// self + (y - x, y + x, 2d·x·y) lane by lane: the mixed addition of Hisil, Wong,
    /// Carter and Dawson for a = -1. Seven products. The entries are mul-ready.
    #[inline(always)]
    fn add_affine(&self, [y_minus_x, y_plus_x, xy2d]: &[F5; 3]) -> PerLane {
        let a = self.y.sub(&self.x).mul(y_minus_x);
        let b = self.y.add(&self.x).mul(y_plus_x);
        let c = self.t.mul(xy2d);
        let d = self.z.add(&self.z);
        PerLane::from_abcd(&a, &b, &c, &d)
    }

    /// Lanes (0, 1, 2, 3) plus lanes (1, 0, 3, 2), lane by lane: the full addition of
    /// the same paper. Nine products. Lane 0 then holds the sum of lanes 0 and 1, lane 2
    /// that of lanes 2 and 3.
    #[inline(always)]
    fn add_neighbours(&self) -> PerLane {
        const SWAP: i32 = order(1, 0, 3, 2);
        let y_minus_x = self.y.sub(&self.x).carry();
        let y_plus_x = self.y.add(&self.x).carry();
        let t2d = self.t.mul(&TWO_D);
        let a = y_minus_x.mul(&y_minus_x.permute::<SWAP>());
        let b = y_plus_x.mul(&y_plus_x.permute::<SWAP>());
        let c = self.t.mul(&t2d.permute::<SWAP>());
        let zz = self.z.mul(&self.z.permute::<SWAP>());
        PerLane::from_abcd(&a, &b, &c, &zz.add(&zz))
    }
}

/// Lane by lane, the signed entries of step i: the odd digits of rows i and 16 + i,
/// then their even digits, as (y - x, y + x, 2d·x·y), mul-ready (see the module docs).
#[inline(always)]
fn entries(table: &[[Cached4<F5>; 8]; 32], digits: &[i8; 64], i: usize) -> [F5; 3] {
    let (low, high) = (&table[i], &table[16 + i]);
    let d = [
        digits[2 * i + 1],
        digits[2 * (16 + i) + 1],
        digits[2 * i],
        digits[2 * (16 + i)],
    ];
    let entries = [
        Cached4::select_abs(low, d[0]),
        Cached4::select_abs(high, d[1]),
        Cached4::select_abs(low, d[2]),
        Cached4::select_abs(high, d[3]),
    ];
    // An entry's lanes are (y - x, y + x, 2, 2d·x·y).
    let [y_minus_x, y_plus_x, _, xy2d] =
        transpose([&entries[0], &entries[1], &entries[2], &entries[3]]);
    let sign = |x: i8| i64::from(x >> 7);
    let negative = [sign(d[0]), sign(d[1]), sign(d[2]), sign(d[3])];
    negate_lanes(&y_minus_x, &y_plus_x, &xy2d, negative)
}

/// The walk's two sums, Σᵢ `digits[2i + 1]`·Pᵢ and Σᵢ `digits[2i]`·Pᵢ for
/// `table[i][j]` = (j + 1)·Pᵢ, as points (X, Y, Z, T) in lanes 0…3 (see the module
/// docs).
///
/// Constant time: each lane's entry is a full scan of its row by |digit| (arithmetic
/// on the digit, no branch), its sign a lane mask, and the rest the same instructions
/// whatever the digits.
#[inline(always)]
pub(super) fn sum_digits(table: &[[Cached4<F5>; 8]; 32], digits: &[i8; 64]) -> [F5; 2] {
    // Step 0's entries start the sums: converted, one product, where adding them to
    // the identity takes seven.
    let mut sums = PerLane::from_affine(&entries(table, digits, 0));
    for i in 1..16 {
        sums = sums.add_affine(&entries(table, digits, i));
    }
    let pairs = sums.add_neighbours();
    let [odd, _, even, _] = transpose([&pairs.x, &pairs.y, &pairs.z, &pairs.t]);
    [odd, even]
}
