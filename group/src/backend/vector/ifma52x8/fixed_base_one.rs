//! One fixed-base multiplication spread across the eight lanes: lane j owns rows
//! j, j + 8, j + 16, j + 24 of `tables::BASE_TABLE`, so each lane runs 4 odd-digit
//! mixed additions, 4 doublings and 4 even-digit ones (the method of
//! `scalar_mul::fixed_base`), and a lane tree (j + j⊕4, then j + j⊕2, then j + j⊕1)
//! sums the eight partial points into lane 0.
//!
//! **The lookup.** Every lane needs a different row, so the table is lane-sliced:
//! `[round][entry][coordinate][limb][lane]`, lane j holding row 8·round + j. One entry is
//! one 64-byte load per limb, taken into the lanes whose |digit| matches by a masked
//! blend (compare-to-mask, [`Masked52::blend`]); all 8 entries are read for every
//! round. No branch, index or loop bound depends on a digit.

use edwards25519_field::FieldElement;

use super::fixed_base::{Table52, table52};
use super::point::{Affine8, Point8};
use super::select::Masked52;
use super::{F52, Ifma8, Zmm};
use crate::models::Extended;
use crate::tables::BASE_TABLE;

/// `[round][entry][y+x, y-x, 2d·x·y][limb][lane]`: lane j of round r is row 8r + j.
type Sliced = [[[[[u64; 8]; 5]; 3]; 8]; 4];

/// The base table, lane-sliced at compile time.
static SLICED: Sliced = sliced(&table52(&BASE_TABLE));

const fn sliced(t: &Table52) -> Sliced {
    let mut out = [[[[[0u64; 8]; 5]; 3]; 8]; 4];
    let mut row = 0;
    while row < 32 {
        let mut m = 0;
        while m < 8 {
            let mut c = 0;
            while c < 3 {
                let mut l = 0;
                while l < 5 {
                    out[row / 8][m][c][l][row % 8] = t[row][m][c][l];
                    l += 1;
                }
                c += 1;
            }
            m += 1;
        }
        row += 1;
    }
    out
}

/// Lane j: entry |dⱼ| of row 8·round + j (the identity where dⱼ = 0).
#[inline(always)]
fn select_round<L: Masked52>(round: &[[[[u64; 8]; 5]; 3]; 8], abs: L) -> Affine8<L> {
    let mut q = Affine8::<L>::identity();
    for (m, entry) in round.iter().enumerate() {
        let hit = abs.eq_mask(L::splat(m as u64 + 1));
        let coordinates = [&mut q.y_plus_x, &mut q.y_minus_x, &mut q.xy2d];
        for (c, limbs) in coordinates.into_iter().zip(entry) {
            for (limb, x) in c.0.iter_mut().zip(limbs) {
                *limb = limb.blend(hit, L::from_array(*x));
            }
        }
    }
    q
}

/// p + dⱼ·(round entry) in lane j.
#[inline(always)]
fn add_round<L: Masked52>(p: &Point8<L>, round: &[[[[u64; 8]; 5]; 3]; 8], d: [u64; 8]) -> Point8<L> {
    let d = L::from_array(d);
    let neg = L::splat(0).sub(d.shr::<63>());
    let abs = d.xor(neg).sub(neg);
    p.add_affine_signed(&select_round(round, abs), neg)
}

/// Lane j of the result is lane j ^ k of `e`.
#[inline(always)]
fn swap_lanes<L: Masked52>(e: &F52<L>, k: usize) -> F52<L> {
    let a = e.to_limb_arrays();
    F52::from_limb_arrays(a.map(|l| core::array::from_fn(|j| l[j ^ k])))
}

/// Σ dₖ·16^k·B for digits in [-8, 8], lane-split; the sum in lane 0.
#[inline(always)]
pub(crate) fn mul_base_one<L: Masked52>(digits: &[i8; 64]) -> Extended<FieldElement> {
    mul_base_lanes::<L, true>(digits)
}

/// The eight partial sums (lane j: rows j, j + 8, j + 16, j + 24), then with `TREE` their
/// sum into lane 0; lane 0's point.
#[inline(always)]
fn mul_base_lanes<L: Masked52, const TREE: bool>(digits: &[i8; 64]) -> Extended<FieldElement> {
    let lanes = |r: usize, e: usize| -> [u64; 8] {
        core::array::from_fn(|j| digits[2 * (8 * r + j) + e] as i64 as u64)
    };
    let mut p = Point8::<L>::identity();
    for (r, round) in SLICED.iter().enumerate() {
        p = add_round(&p, round, lanes(r, 1));
    }
    p = p.double_times(4);
    for (r, round) in SLICED.iter().enumerate() {
        p = add_round(&p, round, lanes(r, 0));
    }
    for k in if TREE { [4, 2, 1].as_slice() } else { &[] } {
        let k = *k;
        let q = Point8 {
            x: swap_lanes(&p.x, k),
            y: swap_lanes(&p.y, k),
            z: swap_lanes(&p.z, k),
            t: swap_lanes(&p.t, k),
        };
        p = p.add(&q.to_cached());
    }
    p.to_points()[0]
}

/// [`mul_base_one`] on this CPU's AVX-512 IFMA.
#[inline]
pub(crate) fn mul_base_one_x8(token: Ifma8, digits: &[i8; 64]) -> Extended<FieldElement> {
    // SAFETY: `token` exists, so CPUID reported every feature the callee enables.
    unsafe { with_features(token, digits) }
}

/// Lane 0's partial sum only (the benchmark's breakdown).
pub(crate) fn mul_base_partial_x8(token: Ifma8, digits: &[i8; 64]) -> Extended<FieldElement> {
    // SAFETY: `token` exists, so CPUID reported every feature the callee enables.
    unsafe { partial_with_features(token, digits) }
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn partial_with_features(_: Ifma8, digits: &[i8; 64]) -> Extended<FieldElement> {
    mul_base_lanes::<Zmm, false>(digits)
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn with_features(_: Ifma8, digits: &[i8; 64]) -> Extended<FieldElement> {
    mul_base_one::<Zmm>(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::vector::ifma52x8::model::Model8;
    use crate::montgomery::clamp;
    use crate::scalar_mul::fixed_base::mul_base_digits;

    /// The lane split on the model and the hardware equals the selected backend's
    /// fixed base, for edge and pseudo-random clamped scalars.
    #[test]
    fn agrees_with_fixed_base() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut ks = alloc::vec![[0u8; 32], [0xff; 32], [0x80; 32], [1; 32]];
        for _ in 0..32 {
            let mut k = [0u8; 32];
            for chunk in k.chunks_exact_mut(8) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                chunk.copy_from_slice(&state.to_le_bytes());
            }
            ks.push(k);
        }
        for k in ks {
            let digits = edwards25519_scalar::signed_radix_16(&clamp(k));
            let want = mul_base_digits(&digits);
            let model = crate::Point(mul_base_one::<Model8>(&digits));
            assert_eq!(model, want, "model k={k:02x?}");
            if let Some(t) = super::super::detect() {
                assert_eq!(crate::Point(mul_base_one_x8(t, &digits)), want, "zmm");
            }
        }
    }
}
