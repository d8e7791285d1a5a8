//! Eight fixed-base multiplications at once (`MontgomeryPoint::mul_base_clamped_batch`):
//! lane j computes \[kⱼ\]B for its own scalar kⱼ, by `scalar_mul::fixed_base`'s method
//! run lane-wise on the eight-lane field.
//!
//! With signed radix-16 digits kⱼ = Σ dₖ·16^k (dₖ in [-8, 8]), each term dₖ·16^(2i)·B
//! (k = 2i or 2i + 1) is a signed lookup in row i of `tables::BASE_TABLE`
//! (`[i][m] = (m + 1)·16^(2i)·B`): 32 mixed additions of the odd digits, 4 doublings,
//! 32 mixed additions of the even digits, each addition 7 eight-lane multiplications
//! ([`Point8::add_affine_signed`]).
//!
//! **The lookup, constant time per lane.** Every lane's digit is different, so the
//! table entry cannot be broadcast by index: each of the row's 8 entries is compared
//! with every lane's |dₖ| (one `vpcmpeqq` into a mask register) and written into the
//! matching lanes by a masked broadcast from memory, one instruction per limb (15 per
//! entry, [`Masked52::blend_splat`]). All 8 entries are read for every digit; lanes
//! with dₖ = 0 keep the identity (1, 1, 0). A negative digit is a lane mask
//! (0 minus the sign bit) that the addition uses to swap y+x with y-x and negate
//! 2d·x·y. No branch, index or loop bound depends on a scalar.
//!
//! Then u = (Z + Y)/(Z - Y) for every lane, the divisions as one batch inversion
//! across all groups (`encode::montgomery_us`).
//!
//! **Wiping.** The scalars, their digits and the lane-sliced digit buffer are zeroed
//! after use (not in a build with `--cfg edwards25519_skip_wipe`, the stack-scan
//! test's control). Register copies and spills the compiler makes are outside this
//! code's reach, as in the ladder.

use alloc::vec::Vec;

use edwards25519_field::FieldElement;

use super::encode::montgomery_us;
use super::point::{Affine8, Point8};
use super::select::Masked52;
use super::{Ifma8, MASK52, Zmm};
use crate::tables::{BASE_TABLE, BaseTable};
use edwards25519_scalar::Scalar;

/// `tables::BASE_TABLE` in radix 2^52: `[row][entry][y+x, y-x, 2d·x·y][limb]`,
/// canonical limbs (reduced in `F52`'s table).
type Table52 = [[[[u64; 5]; 3]; 8]; 32];

/// The base table converted at compile time.
static BASE_TABLE_52: Table52 = table52(&BASE_TABLE);

/// The canonical radix-2^52 limbs of a portable element (limb 4 below 2^47).
const fn limbs52(e: &FieldElement) -> [u64; 5] {
    let b = e.to_bytes();
    let mut w = [0u64; 4];
    let mut i = 0;
    while i < 32 {
        w[i / 8] |= (b[i] as u64) << (8 * (i % 8));
        i += 1;
    }
    [
        w[0] & MASK52,
        ((w[0] >> 52) | (w[1] << 12)) & MASK52,
        ((w[1] >> 40) | (w[2] << 24)) & MASK52,
        ((w[2] >> 28) | (w[3] << 36)) & MASK52,
        w[3] >> 16,
    ]
}

const fn table52(t: &BaseTable<FieldElement>) -> Table52 {
    let mut out = [[[[0u64; 5]; 3]; 8]; 32];
    let mut i = 0;
    while i < 32 {
        let mut j = 0;
        while j < 8 {
            let a = &t[i][j];
            out[i][j] = [
                limbs52(&a.y_plus_x),
                limbs52(&a.y_minus_x),
                limbs52(&a.xy2d),
            ];
            j += 1;
        }
        i += 1;
    }
    out
}

/// `MontgomeryPoint::mul_base_clamped` of every scalar on this CPU's AVX-512 IFMA,
/// as the bytes of u.
#[inline]
pub(crate) fn mul_base_clamped_x8(token: Ifma8, scalars: &[[u8; 32]]) -> Vec<[u8; 32]> {
    // SAFETY: `token` exists, so CPUID reported every feature the callee enables.
    unsafe { with_features::<Zmm>(token, scalars) }
}

/// Generic over the lanes (run with [`Zmm`] only) so that it is compiled where it is
/// called, and not in a program that never calls it (docs/backends.md, "Build cost").
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn with_features<L: Masked52>(_: Ifma8, scalars: &[[u8; 32]]) -> Vec<[u8; 32]> {
    crate::backend::vector::align_frame();
    mul_base_clamped_all::<L>(scalars)
}

/// Row `row`'s entry |d| in each lane (the identity where d = 0), by a full scan.
#[inline(always)]
fn select_row<L: Masked52>(row: &[[[u64; 5]; 3]; 8], abs: L) -> Affine8<L> {
    let mut q = Affine8::<L>::identity();
    for (m, entry) in row.iter().enumerate() {
        let hit = abs.eq_mask(L::splat(m as u64 + 1));
        let coordinates = [&mut q.y_plus_x, &mut q.y_minus_x, &mut q.xy2d];
        for (c, limbs) in coordinates.into_iter().zip(entry) {
            for (limb, &x) in c.0.iter_mut().zip(limbs) {
                *limb = limb.blend_splat(hit, x);
            }
        }
    }
    q
}

/// p + dₖ·(row entry) in every lane, dₖ from `digits[k]` (lane j: that scalar's digit k,
/// sign-extended to 64 bits).
#[inline(always)]
fn add_digit<L: Masked52>(p: &Point8<L>, row: &[[[u64; 5]; 3]; 8], digit: [u64; 8]) -> Point8<L> {
    let d = L::from_array(digit);
    // All ones in the lanes with a negative digit; |d| = (d ^ neg) - neg.
    let neg = L::splat(0).sub(d.shr::<63>());
    let abs = d.xor(neg).sub(neg);
    p.add_affine_signed(&select_row(row, abs), neg)
}

/// Σ dₖ·16^k·B in every lane, for lane-sliced digits in [-8, 8].
#[inline(always)]
pub(crate) fn mul_base8<L: Masked52>(digits: &[[u64; 8]; 64]) -> Point8<L> {
    let mut p = Point8::<L>::identity();
    for (row, pair) in BASE_TABLE_52.iter().zip(digits.chunks_exact(2)) {
        p = add_digit(&p, row, pair[1]);
    }
    p = p.double_times(4);
    for (row, pair) in BASE_TABLE_52.iter().zip(digits.chunks_exact(2)) {
        p = add_digit(&p, row, pair[0]);
    }
    p
}

/// The public key of every secret, eight per group (the last group padded with the
/// all-zero secret, whose results are dropped), then the batch's u-coordinates with
/// one inversion.
#[inline(always)]
pub(crate) fn mul_base_clamped_all<L: Masked52>(scalars: &[[u8; 32]]) -> Vec<[u8; 32]> {
    let groups = scalars.len().div_ceil(8);
    let mut nums = Vec::with_capacity(groups);
    let mut dens = Vec::with_capacity(groups);
    let mut digits = [[0u64; 8]; 64];
    for chunk in scalars.chunks(8) {
        for j in 0..8 {
            let mut s = Scalar::from_bytes_with_clamping(*chunk.get(j).unwrap_or(&[0; 32]));
            let mut d = s.as_radix_16();
            for (lanes, dk) in digits.iter_mut().zip(d) {
                lanes[j] = dk as i64 as u64;
            }
            wipe_scalar(&mut s);
            wipe_digits(&mut d);
        }
        let p = mul_base8::<L>(&digits);
        nums.push(p.z.add(&p.y).carry());
        dens.push(p.z.sub(&p.y).carry());
    }
    wipe_lanes(&mut digits);
    montgomery_us::<L>(nums, dens, scalars.len())
}

/// Zeroes copies of secret data (`zeroize`, or a store `black_box` keeps); not in a
/// build with `--cfg edwards25519_skip_wipe`, the stack-scan test's control.
macro_rules! wipe_fn {
    ($name:ident, $t:ty, $zero:expr) => {
        #[inline(always)]
        fn $name(x: &mut $t) {
            #[cfg(all(feature = "zeroize", not(edwards25519_skip_wipe)))]
            zeroize::Zeroize::zeroize(x);
            #[cfg(all(not(feature = "zeroize"), not(edwards25519_skip_wipe)))]
            {
                *x = $zero;
                core::hint::black_box(&*x);
            }
            #[cfg(edwards25519_skip_wipe)]
            let _ = x;
        }
    };
}

wipe_fn!(wipe_scalar, Scalar, Scalar::ZERO);
wipe_fn!(wipe_digits, [i8; 64], [0; 64]);
wipe_fn!(wipe_lanes, [[u64; 8]; 64], [[0; 8]; 64]);
