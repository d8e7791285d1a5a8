//! The fixed-base walk's table additions on the AVX2 field (`scalar_mul::fixed_base`):
//! the sums of the odd and of the even radix-16 digits' table entries, Σᵢ dᵢ·Pᵢ over the
//! 32 rows, written for this field instead of through the generic point layer. The
//! method is the IFMA walk's (`vector/ifma/fixed_base.rs`); where AVX2 differs, it
//! says so below.
//!
//! - **Two independent chains.** The odd digits' sum and the even digits' sum are
//!   accumulated in one loop, interleaved, so one chain's additions run in the other's
//!   latency (the walk's caller then adds 16·odd + even: one full addition more). A
//!   multiplication here is mostly throughput (75 `vpmuludq` and their additions), but
//!   its final carry chain (`reduce_columns`, twelve dependent carries) and the carry
//!   after the linear step are latency the other chain fills.
//! - **The digit's sign costs no instruction of its own.** Each chain keeps a sign bit
//!   f with (its sum) = (-1)^f·R, R the point in the lanes; adding d·Q,
//!   d = (-1)^s·|d|, computes R' = (-1)^(f⊕s)·R + |d|·Q and sets f = s. Negating R is
//!   free inside the addition's first linear step: its (Y - X, Y + X, Z, T) becomes
//!   (Y + X, Y - X, Z, -T), another choice of the lanes that subtract. AVX2 has no
//!   mask registers, so the lanes are a register mask (all ones in the lanes to
//!   subtract), made from the bit by arithmetic, and the subtraction is
//!   `vpblendvb` between y and 2p - y, where the generic code's fixed lanes are a
//!   `vpblendd` immediate: the same count. The table entry is never negated (the
//!   generic `select` swaps its lanes, negates lane 3 and blends the result in: 20
//!   instructions per digit).
//! - **Both chains' scans share the row's loads**: each entry is read once, compared
//!   with each chain's |d| (`vpcmpeqq`, an all-ones lane mask where equal) and blended
//!   into both (`vpblendvb`, five registers each).
//!
//! Not carried over from IFMA: leaving a product uncarried until after the linear step
//! that follows it. There a product folds into its five 64-bit limbs and one carry
//! serves the product and the step. Here a product is ten 64-bit columns (one limb per
//! lane) that [`reduce_columns`](super::reduce_columns) carries and packs two limbs to a
//! lane; the linear step on the unpacked columns costs twice the permutations and
//! additions of the packed one, as much as the packed carry it would save.
//!
//! Bounds (the levels of [`super`]'s table): the running points and the scanned
//! entries are reduced (table entries are reduced limbs, [`F5::mul`] and
//! [`F5::carry`] give reduced ones); the addition's first linear step adds a reduced
//! value and a reduced one or 2p minus one, so it is wide, which [`F5::mul`] takes on
//! its left, with the mul-ready entry on its right; the second linear step is the
//! generic one, carried.
//!
//! Constant time: the digit's sign and absolute value come from arithmetic; every entry
//! of the row is read and blended under a mask computed from |d|; the signs choose lane
//! masks of instructions that always run. No branch, address or loop bound depends on
//! a digit.

use core::arch::x86_64::*;

use super::{F5, TWO_P_PACKED};
use crate::backend::vector::{Cached4, VectorField, lanes, order};

/// All ones in 64-bit lane 0 (the lanes that subtract in the addition's first step
/// for R), or in lanes 1 and 3 (for -R), by the low bit of `negate`: lane mask
/// {0} xor (all ones if the bit is set, and {0, 1, 3}), three instructions.
#[inline(always)]
fn subtracting_lanes(negate: u8) -> __m256i {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    unsafe {
        let all = _mm256_set1_epi64x(-i64::from(negate & 1));
        let r = _mm256_setr_epi64x(-1, 0, 0, 0);
        let r_xor_neg_r = _mm256_setr_epi64x(-1, -1, 0, -1);
        _mm256_xor_si256(r, _mm256_and_si256(all, r_xor_neg_r))
    }
}

/// (-1)^g·R + Q for a reduced R = (X, Y, Z, T) and a reduced addend Q = (y-x, y+x,
/// 2z, 2d·t), `sub` the lanes from [`subtracting_lanes`]`(g)`; gives R + Q reduced.
///
/// -R = (-X, Y, Z, -T), so the addition's left factor (Y - X, Y + X, Z, T) of -R is
/// (Y + X, Y - X, Z, -T): (Y, Y, Z, 0) plus or minus (X, X, 0, T), the lanes that
/// subtract {0} for R and {1, 3} for -R. Then the formulas of `point`: (A, B, D, C) =
/// left·Q, (E, G, F, H) = (B - A, D + C, D - C, B + A), (X3, Y3, Z3, T3) =
/// (E·F, G·H, F·G, E·H).
#[inline(always)]
fn add_signed(r: &F5, q: &F5, sub: __m256i) -> F5 {
    let yyz0 = r
        .permute::<{ order(1, 1, 2, 3) }>()
        .zero_lanes::<{ lanes(false, false, false, true) }>();
    let xx0t = r
        .permute::<{ order(0, 0, 2, 3) }>()
        .zero_lanes::<{ lanes(false, false, true, false) }>();
    let mut left = yyz0.0;
    for k in 0..5 {
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
        left[k] = unsafe {
            let y = xx0t.0[k];
            let neg = _mm256_sub_epi32(_mm256_set1_epi64x(TWO_P_PACKED[k] as i64), y);
            // Reduced plus (reduced, or 2p minus reduced): wide.
            _mm256_add_epi32(left[k], _mm256_blendv_epi8(y, neg, sub))
        };
    }
    let abdc = F5(left).mul(q);
    let bddb = abdc.permute::<{ order(1, 2, 2, 1) }>();
    let acca = abdc.permute::<{ order(0, 3, 3, 0) }>();
    let egfh = bddb.add_sub_lanes_carried::<{ lanes(true, false, true, false) }>(&acca);
    egfh.mul(&egfh.permute::<{ order(2, 3, 1, 0) }>())
}

/// `row[|d| - 1]` (or `identity` for d = 0) for each chain's |d|: every entry read
/// once and blended into both under `vpcmpeqq` lane masks of |d| == its number.
#[inline(always)]
fn scan2(identity: &F5, row: &[Cached4<F5>; 8], abs: [u8; 2]) -> [F5; 2] {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    let (a0, a1) = unsafe {
        (
            _mm256_set1_epi64x(i64::from(abs[0])),
            _mm256_set1_epi64x(i64::from(abs[1])),
        )
    };
    let mut out = [identity.0, identity.0];
    for (j, entry) in (1i64..).zip(row) {
        // SAFETY: as above.
        let (m0, m1) = unsafe {
            let number = _mm256_set1_epi64x(j);
            (_mm256_cmpeq_epi64(a0, number), _mm256_cmpeq_epi64(a1, number))
        };
        for (i, e) in entry.0.0.iter().enumerate() {
            // SAFETY: as above.
            unsafe {
                out[0][i] = _mm256_blendv_epi8(out[0][i], *e, m0);
                out[1][i] = _mm256_blendv_epi8(out[1][i], *e, m1);
            }
        }
    }
    out.map(F5)
}

/// (Σᵢ `digits[2i + 1]`·Pᵢ, Σᵢ `digits[2i]`·Pᵢ), reduced, for `table[i][j]` the addend
/// of (j + 1)·Pᵢ and digits in [-8, 8]: two independent chains interleaved in one loop
/// (see the module docs). Constant time.
#[inline(always)]
pub(super) fn sum_digits(table: &[[Cached4<F5>; 8]; 32], digits: &[i8; 64]) -> [F5; 2] {
    let tables = F5::tables();
    let mut r = [tables.identity, tables.identity];
    let mut flip = [0u8; 2];
    for (row, pair) in table.iter().zip(digits.chunks_exact(2)) {
        let d = [pair[1], pair[0]];
        debug_assert!(d.iter().all(|d| (-8..=8).contains(d)));
        let sign = [d[0] >> 7, d[1] >> 7];
        let abs = [
            ((d[0] ^ sign[0]) - sign[0]) as u8,
            ((d[1] ^ sign[1]) - sign[1]) as u8,
        ];
        let negative = [(sign[0] & 1) as u8, (sign[1] & 1) as u8];
        let [q0, q1] = scan2(&tables.identity_cached, row, abs);
        r[0] = add_signed(&r[0], &q0, subtracting_lanes(flip[0] ^ negative[0]));
        r[1] = add_signed(&r[1], &q1, subtracting_lanes(flip[1] ^ negative[1]));
        flip = negative;
    }
    [unflip(&r[0], flip[0]), unflip(&r[1], flip[1])]
}

/// (-1)^flip·r for a reduced r (X and T negated against 2p where the low bit of `flip`
/// is set, then carried): reduced.
#[inline(always)]
fn unflip(r: &F5, flip: u8) -> F5 {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    let negate = unsafe { _mm256_set1_epi64x(-i64::from(flip & 1)) };
    // Lanes 0 and 3 of the mask, where the flip bit is set.
    // SAFETY: as above.
    let m = unsafe {
        _mm256_blend_epi32::<{ lanes(false, true, true, false) }>(negate, _mm256_setzero_si256())
    };
    let mut out = r.0;
    for k in 0..5 {
        // SAFETY: as above.
        out[k] = unsafe {
            let neg = _mm256_sub_epi32(_mm256_set1_epi64x(TWO_P_PACKED[k] as i64), out[k]);
            _mm256_blendv_epi8(out[k], neg, m)
        };
    }
    // 2p minus a reduced limb is below 2^27 / 2^26: `carry` takes it.
    F5(out).carry()
}

#[cfg(test)]
mod tests {
    use crate::Point;
    use crate::backend::dispatch::run_serial;
    use crate::backend::vector::avx2;
    use crate::scalar_mul::fixed_base::MulBase;

    /// Digit patterns no reduced scalar has (every digit at -8 or 8, signs alternating
    /// from row to row and between the two chains, long runs of zeros), so each chain's
    /// sign bit flips and holds in every way: the walk on the CPU (with the limb bounds
    /// `debug_assert!`ed in debug builds) against the serial backend.
    #[test]
    fn extreme_digits_agree_with_serial() {
        let Some(b) = avx2::detect() else {
            return;
        };
        let patterns: [fn(usize) -> i8; 8] = [
            |_| 8,
            |_| -8,
            |k| if k % 2 == 0 { 8 } else { -8 },
            |k| if (k / 2) % 2 == 0 { -8 } else { 8 },
            |k| if k % 3 == 0 { -1 } else { 0 },
            |k| [0, -8, 8, -7, 7, 0, -1, 1][k % 8],
            |k| if k < 32 { -8 } else { 0 },
            |k| if k >= 62 { -8 } else { 0 },
        ];
        for (n, pattern) in patterns.iter().enumerate() {
            let digits: [i8; 64] = core::array::from_fn(pattern);
            let op = MulBase(&digits);
            let want = Point(run_serial(op)).to_bytes();
            assert_eq!(
                Point(avx2::run(b, op)).to_bytes(),
                want,
                "AVX2, pattern {n}"
            );
        }
    }
}
