//! Batches of X25519 (feature `alloc`): [`x25519_batch`] and
//! [`MontgomeryPoint::mul_base_clamped_batch`], re-exported by [`crate::montgomery`].
//!
//! With AVX-512 IFMA (CPUID-checked at run time), `x25519_batch` runs eight ladders at
//! once, one per lane of a zmm register in radix 2^52 (`backend::vector::ifma52x8`);
//! the last group of eight is padded with a harmless input (scalar 0, a public u) whose
//! outputs are dropped. Elsewhere, where CPUID reports AVX2 (and with the AVX2 backend
//! forced), it runs four ladders per ymm register on the AVX2 field, and a last group
//! of one or two pairs as single calls (`backend::vector::avx2::ladder`: 0.68, 0.68 and
//! 0.62 of the time of the MULX/ADX ladder called per pair with LTO, in cargo's default
//! profile and with `-C target-cpu=native`, Intel Xeon). Both divide every lane's
//! projective result with one field inversion for the whole batch (`in_groups`).
//! Without AVX2 it calls [`x25519`](crate::montgomery::x25519) in a loop.
//!
//! [`MontgomeryPoint::mul_base_clamped_batch`] with AVX-512 IFMA runs the fixed base on
//! the eight-lane field (`backend::vector::ifma52x8::fixed_base`): each lane one key,
//! its 64 signed radix-16 digits looked up by a per-lane constant-time scan of the base
//! table's rows, 64 mixed additions and 4 doublings of eight points at once, then the
//! u-coordinates of the whole batch with one inversion. Elsewhere it runs one
//! [`Point::mul_base`] per key, then [`Point::to_montgomery_batch`] (one inversion for
//! the batch).
//!
//! BENCHMARKS.md has `X25519Batch/64` and `X25519BaseBatch/64` per CPU in each build,
//! against the single calls, x25519-dalek and aws-lc-rs.

use alloc::vec::Vec;
use core::fmt;

use edwards25519_field::FieldElement;
use subtle::ConditionallySelectable;

use crate::montgomery::{MontgomeryPoint, X25519_BASEPOINT};
use crate::{Point, Scalar};

/// Two slices that must pair up element by element have different lengths.
///
/// ```
/// use edwards25519_group::montgomery::{x25519_batch, LengthMismatch};
///
/// let err = x25519_batch(&[[1; 32]; 2], &[[9; 32]; 3]).expect_err("2 scalars, 3 points");
/// assert_eq!(err, LengthMismatch { scalars: 2, points: 3 });
/// assert_eq!(err.to_string(), "2 scalars but 3 points: the lengths must be equal");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LengthMismatch {
    /// The number of scalars given.
    pub scalars: usize,
    /// The number of points (u-coordinates) given.
    pub points: usize,
}

impl fmt::Display for LengthMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} scalars but {} points: the lengths must be equal",
            self.scalars, self.points
        )
    }
}

impl core::error::Error for LengthMismatch {}

/// X25519 of every pair: element i is [`x25519`](crate::montgomery::x25519)`(scalars[i],
/// us[i])` (scalars clamped, bit 255 of u masked, non-canonical u accepted, 32 zero
/// bytes for u of small order). Any length, 0 included; [`LengthMismatch`] if the two
/// lengths differ. Constant time in the scalars and the u values, like `x25519`.
///
/// With AVX-512 IFMA, eight Montgomery ladders run at once, one per lane of a zmm
/// register; with AVX2 and no IFMA, four per ymm register; elsewhere, one `x25519` per
/// pair.
///
/// ```
/// use edwards25519_group::montgomery::{x25519, x25519_batch, X25519_BASEPOINT};
///
/// let secrets: Vec<[u8; 32]> = (1..=10u8).map(|i| [i; 32]).collect();
/// let peers: Vec<[u8; 32]> = (11..=20u8).map(|i| x25519([i; 32], X25519_BASEPOINT)).collect();
/// let shared = x25519_batch(&secrets, &peers)?;
/// for i in 0..10 {
///     assert_eq!(shared[i], x25519(secrets[i], peers[i]));
/// }
/// assert!(x25519_batch(&[], &[])?.is_empty());
/// # Ok::<(), edwards25519_group::montgomery::LengthMismatch>(())
/// ```
// Compiled where it is called, with the eight-lane engine's code it reaches
// (docs/backends.md, "Build cost").
#[inline]
pub fn x25519_batch(
    scalars: &[[u8; 32]],
    us: &[[u8; 32]],
) -> Result<Vec<[u8; 32]>, LengthMismatch> {
    if scalars.len() != us.len() {
        return Err(LengthMismatch {
            scalars: scalars.len(),
            points: us.len(),
        });
    }
    #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
    if let Some(token) = crate::backend::vector::ifma52x8::detect() {
        return Ok(in_groups(scalars, us, |k, u| {
            crate::backend::vector::ifma52x8::x25519x8(token, k, u)
        }));
    }
    #[cfg(edwards25519_vector)]
    if let Some(token) = crate::backend::vector::avx2::detect() {
        return Ok(in_fours(token, scalars, us));
    }
    Ok(scalars
        .iter()
        .zip(us)
        .map(|(k, u)| crate::montgomery::x25519(*k, *u))
        .collect())
}

/// `x25519_batch` on the AVX2 field: four ladders per ymm register for all but a last
/// partial group of one or two pairs, which take one `x25519` each
/// (`avx2::grouped`).
#[cfg(edwards25519_vector)]
pub(crate) fn in_fours(
    token: crate::backend::vector::point::Vector<crate::backend::vector::avx2::F5>,
    scalars: &[[u8; 32]],
    us: &[[u8; 32]],
) -> Vec<[u8; 32]> {
    use crate::backend::vector::avx2;
    let n = avx2::grouped(scalars.len());
    let mut out = in_groups(&scalars[..n], &us[..n], |k, u| {
        avx2::ladder::x25519x4(token, k, u)
    });
    out.extend(
        scalars[n..]
            .iter()
            .zip(&us[n..])
            .map(|(k, u)| crate::montgomery::x25519(*k, *u)),
    );
    out
}

/// Runs `ladder` on groups of N pairs, the last group padded with scalar 0 and public u
/// values (u = 9, or an earlier group's: the ladder does the same work) whose outputs
/// are dropped, then divides every lane's projective result with one inversion for the
/// whole batch (Montgomery's trick, `models::invert_all`): z = 0 (u of small order) is
/// replaced by 1 for the inversion and that output set to 0, which is what the single
/// ladder gives (it inverts 0 to 0); both are constant-time selections. The copies of
/// the scalars and of the intermediate results made here are wiped after use.
#[cfg_attr(not(edwards25519_vector), allow(dead_code))]
pub(crate) fn in_groups<const N: usize>(
    scalars: &[[u8; 32]],
    us: &[[u8; 32]],
    mut ladder: impl FnMut(&[[u8; 32]; N], &[[u8; 32]; N]) -> [(FieldElement, FieldElement); N],
) -> Vec<[u8; 32]> {
    let mut xs = Vec::with_capacity(scalars.len());
    let mut dens = Vec::with_capacity(scalars.len());
    let mut k = [[0u8; 32]; N];
    let mut u = [X25519_BASEPOINT; N];
    for (ks, us) in scalars.chunks(N).zip(us.chunks(N)) {
        let n = ks.len();
        k[..n].copy_from_slice(ks);
        u[..n].copy_from_slice(us);
        // A last partial group's other lanes hold scalar 0 (k is wiped after each
        // group) and public u values (9, or an earlier group's): the same work, and
        // their outputs are dropped.
        let mut r = ladder(&k, &u);
        for (x, z) in &r[..n] {
            let zero = z.is_zero();
            xs.push((*x, zero));
            dens.push(FieldElement::conditional_select(
                z,
                &FieldElement::ONE,
                zero,
            ));
        }
        wipe(&mut k);
        for (x, z) in &mut r {
            wipe_field(x);
            wipe_field(z);
        }
    }
    let mut inv = crate::models::invert_all(dens.iter().copied());
    let out = xs
        .iter()
        .zip(&inv)
        .map(|((x, zero), inv)| {
            FieldElement::conditional_select(&(*x * *inv), &FieldElement::ZERO, *zero).to_bytes()
        })
        .collect();
    xs.iter_mut().for_each(|(x, _)| wipe_field(x));
    dens.iter_mut().chain(inv.iter_mut()).for_each(wipe_field);
    out
}

/// Zeroes a secret field element.
fn wipe_field(x: &mut FieldElement) {
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(x);
    #[cfg(not(feature = "zeroize"))]
    {
        *x = FieldElement::ZERO;
        core::hint::black_box(x);
    }
}

/// Zeroes a group of secrets (with `zeroize` where the feature is on, so the stores
/// stay).
fn wipe<const N: usize>(group: &mut [[u8; 32]; N]) {
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(group);
    #[cfg(not(feature = "zeroize"))]
    {
        *group = [[0; 32]; N];
        core::hint::black_box(group);
    }
}

impl MontgomeryPoint {
    /// The public key of every secret: element i is
    /// [`MontgomeryPoint::mul_base_clamped`]`(scalars[i])`, X25519(k, 9). Any length,
    /// 0 included. Constant time.
    ///
    /// Each \[k\]B is computed on edwards25519 with the precomputed base table, and
    /// the batch is mapped to u-coordinates with one field inversion. With AVX-512
    /// IFMA, eight keys run at once, one per lane of a zmm register (the fixed-base
    /// method of [`Point::mul_base`] with a per-lane constant-time table scan);
    /// elsewhere, one [`Point::mul_base`] per key, then
    /// [`Point::to_montgomery_batch`].
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    ///
    /// let secrets: Vec<[u8; 32]> = (0..9u8).map(|i| [i; 32]).collect();
    /// let publics = MontgomeryPoint::mul_base_clamped_batch(&secrets);
    /// assert_eq!(publics.len(), 9);
    /// for (s, p) in secrets.iter().zip(&publics) {
    ///     assert_eq!(*p, MontgomeryPoint::mul_base_clamped(*s));
    /// }
    /// ```
    // Compiled where it is called, with the eight-lane engine's code it reaches
    // (docs/backends.md, "Build cost").
    #[inline]
    pub fn mul_base_clamped_batch(scalars: &[[u8; 32]]) -> Vec<MontgomeryPoint> {
        #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
        if let Some(token) = crate::backend::vector::ifma52x8::detect() {
            let us =
                crate::backend::vector::ifma52x8::fixed_base::mul_base_clamped_x8(token, scalars);
            return us.into_iter().map(MontgomeryPoint).collect();
        }
        let points: Vec<Point> = scalars
            .iter()
            .map(|k| {
                let mut s = Scalar::from_bytes_with_clamping(*k);
                let p = Point::mul_base(&s);
                wipe_scalar(&mut s);
                p
            })
            .collect();
        Point::to_montgomery_batch(&points)
    }
}

/// Zeroes a secret scalar.
fn wipe_scalar(s: &mut Scalar) {
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(s);
    #[cfg(not(feature = "zeroize"))]
    {
        *s = Scalar::ZERO;
        core::hint::black_box(s);
    }
}

#[cfg(test)]
mod tests;
