//! Batch encodings on the eight-lane field: `Point::to_bytes_batch`,
//! `Point::to_montgomery_batch` and the last step of
//! `MontgomeryPoint::mul_base_clamped_batch`, eight points per zmm register.
//!
//! The divisions are one batch inversion (Montgomery's trick) run lane-wise across
//! the groups of eight: lane j of group g holds point 8g + j, the prefix products
//! z₀·…·z_(g-1) are kept per group (one eight-lane multiplication each), and the eight
//! lanes of the total product are inverted together on the portable field
//! (`models::invert_all`: one `FieldElement::invert` and 24 multiplications), then
//! walked back two eight-lane multiplications per group. That is 3 eight-lane
//! multiplications per group of eight and one portable inversion per batch, against
//! 3 portable multiplications per point for the serial trick; an eight-lane Fermat
//! inversion (265 eight-lane operations, `F52::invert`) would cost several portable
//! inversions' worth.
//!
//! Constant time: the work depends only on the number of points; zero
//! denominators (the identity's Z - Y) are found by a lane mask and replaced by 1, the
//! result lanes by 0, both by blends.

use alloc::vec::Vec;

use edwards25519_field::FieldElement;

use super::select::Masked52;
use super::{F52, Ifma8, Zmm};
use crate::models::Extended;

/// How the callers' points (`Point`s) give their extended coordinates, so this module
/// needs no type from the folders above it.
pub(crate) type Coordinates<P> = fn(&P) -> &Extended<FieldElement>;

/// `Point::to_bytes_batch` on this CPU's AVX-512 IFMA.
#[inline]
pub(crate) fn to_bytes_x8<P>(token: Ifma8, points: &[P], ext: Coordinates<P>) -> Vec<[u8; 32]> {
    // SAFETY: `token` exists, so CPUID reported every feature the callee enables.
    unsafe { to_bytes_with_features(token, points, ext) }
}

/// `Point::to_montgomery_batch` on this CPU's AVX-512 IFMA: each point's u as bytes.
#[inline]
pub(crate) fn to_montgomery_x8<P>(
    token: Ifma8,
    points: &[P],
    ext: Coordinates<P>,
) -> Vec<[u8; 32]> {
    // SAFETY: `token` exists, so CPUID reported every feature the callee enables.
    unsafe { to_montgomery_with_features(token, points, ext) }
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn to_bytes_with_features<P>(_: Ifma8, points: &[P], ext: Coordinates<P>) -> Vec<[u8; 32]> {
    crate::backend::vector::align_frame();
    encode_points::<Zmm, P>(points, ext)
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn to_montgomery_with_features<P>(_: Ifma8, points: &[P], ext: Coordinates<P>) -> Vec<[u8; 32]> {
    crate::backend::vector::align_frame();
    let (nums, dens) = montgomery_fractions::<Zmm, P>(points, ext);
    montgomery_us(nums, dens, points.len())
}

/// Lane j of group g: coordinate `c` of point 8g + j, or of the identity (Z = 1) past
/// the end.
#[inline(always)]
fn lanes<L: Masked52, P>(
    chunk: &[P],
    ext: Coordinates<P>,
    c: impl Fn(&Extended<FieldElement>) -> FieldElement,
) -> F52<L> {
    F52::load(|j| c(chunk.get(j).map_or(&Extended::IDENTITY, ext)))
}

/// 1/z for every lane of every group, in place, by Montgomery's trick across the
/// groups (see the module docs). Every lane must be nonzero mod p; reduced in, reduced
/// out.
#[inline(always)]
pub(crate) fn invert_groups<L: Masked52>(zs: &mut [F52<L>]) {
    let mut prefix = Vec::with_capacity(zs.len());
    let mut product = F52::<L>::one();
    for z in zs.iter() {
        prefix.push(product);
        product = product.mul(z);
    }
    let total = crate::models::invert_all(product.store().into_iter());
    let mut inv = F52::<L>::load(|j| total[j]);
    for (z, before) in zs.iter_mut().zip(&prefix).rev() {
        let zinv = inv.mul(before);
        inv = inv.mul(z);
        *z = zinv;
    }
}

/// `Point::to_bytes` of every point: y = Y/Z in bytes, the low bit of x = X/Z in bit
/// 255.
#[inline(always)]
pub(crate) fn encode_points<L: Masked52, P>(points: &[P], ext: Coordinates<P>) -> Vec<[u8; 32]> {
    // Loops, not iterator closures, around the lane code: closures do not inherit the
    // caller's target features, so the intrinsics would not inline into them.
    let mut zs: Vec<F52<L>> = Vec::with_capacity(points.len().div_ceil(8));
    for c in points.chunks(8) {
        zs.push(lanes(c, ext, |p| p.z));
    }
    invert_groups(&mut zs);
    let mut out = Vec::with_capacity(points.len());
    for (chunk, zinv) in points.chunks(8).zip(&zs) {
        let x = lanes::<L, P>(chunk, ext, |p| p.x).mul(zinv).to_bytes();
        let y = lanes::<L, P>(chunk, ext, |p| p.y).mul(zinv).to_bytes();
        for j in 0..chunk.len() {
            let mut b = y[j];
            b[31] |= (x[j][0] & 1) << 7;
            out.push(b);
        }
    }
    out
}

/// Each group's (Z + Y, Z - Y), reduced.
#[inline(always)]
pub(crate) fn montgomery_fractions<L: Masked52, P>(
    points: &[P],
    ext: Coordinates<P>,
) -> (Vec<F52<L>>, Vec<F52<L>>) {
    let groups = points.len().div_ceil(8);
    let (mut nums, mut dens) = (Vec::with_capacity(groups), Vec::with_capacity(groups));
    for c in points.chunks(8) {
        let (y, z) = (
            lanes::<L, P>(c, ext, |p| p.y),
            lanes::<L, P>(c, ext, |p| p.z),
        );
        nums.push(z.add(&y).carry());
        dens.push(z.sub(&y).carry());
    }
    (nums, dens)
}

/// The bytes of u = num/den for the first `n` lanes of the groups (lane j of group g
/// is element 8g + j), 0 where den is 0 (the identity's u, as in
/// `Point::to_montgomery`).
#[inline(always)]
pub(crate) fn montgomery_us<L: Masked52>(
    nums: Vec<F52<L>>,
    mut dens: Vec<F52<L>>,
    n: usize,
) -> Vec<[u8; 32]> {
    let one = F52::<L>::one();
    let zero = F52::<L>::zero();
    let mut zero_masks: Vec<L::Mask> = Vec::with_capacity(dens.len());
    for d in dens.iter_mut() {
        let m = d.is_zero();
        *d = d.select(m, &one);
        zero_masks.push(m);
    }
    invert_groups(&mut dens);
    let mut out = Vec::with_capacity(n);
    for ((num, inv), m) in nums.iter().zip(&dens).zip(zero_masks) {
        let u = num.mul(inv).select(m, &zero).to_bytes();
        let take = (n - out.len()).min(8);
        out.extend_from_slice(&u[..take]);
    }
    out
}
