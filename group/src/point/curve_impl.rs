//! The `group` 0.14 curve traits (feature `group`): [`Curve`] and
//! [`CofactorCurve`] for [`Point`] with [`AffinePoint`] as its affine form, and
//! [`Curve`] and [`PrimeCurve`] for [`SubgroupPoint`] with [`SubgroupAffinePoint`]
//! (torsion-free, like it); [`CurveAffine`] and [`GroupEncoding`] for both affine
//! types (so the `group` crate's blanket impls make them `CofactorCurveAffine` and
//! `PrimeCurveAffine`); and [`WnafGroup`] for both projective types (feature `alloc`,
//! which the `group` crate's wNAF API needs).
//!
//! Encodings are the canonical 32 bytes decoded strictly, as for the projective types
//! (see `group_impl`), so an affine point and its projective form encode the same.

use core::ops::{Add, Mul, Neg, Sub};

use edwards25519_field::forward_binop;
use group::cofactor::CofactorCurve;
use group::prime::PrimeCurve;
use group::{Curve, CurveAffine, GroupEncoding};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::{AffinePoint, Point, Scalar, SubgroupPoint};

/// Strict decoding ([`AffinePoint::from_canonical_bytes`]) as a `CtOption` (the
/// identity in the none case). Whether the bytes decode is public, as for every
/// decoder here.
fn decode_canonical(bytes: &[u8; 32]) -> CtOption<AffinePoint> {
    match AffinePoint::from_canonical_bytes(bytes) {
        Ok(p) => CtOption::new(p, Choice::from(1)),
        Err(_) => CtOption::new(AffinePoint::IDENTITY, Choice::from(0)),
    }
}

/// `q[i] = p[i]` in affine form, with one inversion for all (feature `alloc`).
///
/// # Panics
///
/// If the lengths differ, as [`Curve::batch_normalize`] documents.
fn batch_normalize_points(p: &[Point], q: &mut [AffinePoint]) {
    assert_eq!(
        p.len(),
        q.len(),
        "batch_normalize: the input and output slices must have the same length"
    );
    #[cfg(feature = "alloc")]
    for (q, a) in q.iter_mut().zip(Point::batch_to_affine(p)) {
        *q = a;
    }
    #[cfg(not(feature = "alloc"))]
    for (q, p) in q.iter_mut().zip(p) {
        *q = p.to_affine();
    }
}

/// [`CurveAffine`] for the affine type `$affine` (its `IDENTITY` and `GENERATOR`
/// constants, the identity test of the [`AffinePoint`] it is or wraps) with the
/// projective type `$curve` as its curve (`to_curve` is the `From` conversion).
macro_rules! curve_affine {
    ($affine:ident, $curve:ident) => {
        impl CurveAffine for $affine {
            type Curve = $curve;
            type Scalar = Scalar;

            fn identity() -> $affine {
                $affine::IDENTITY
            }

            /// The RFC 8032 base point.
            fn generator() -> $affine {
                $affine::GENERATOR
            }

            fn is_identity(&self) -> Choice {
                AffinePoint::from(*self).ct_is_identity()
            }

            fn to_curve(&self) -> $curve {
                $curve::from(*self)
            }
        }
    };
}

impl Curve for Point {
    type Affine = AffinePoint;

    /// [`Point::batch_to_affine`] (one inversion for the batch) with feature `alloc`;
    /// one inversion per point without it. Panics if the lengths differ.
    fn batch_normalize(p: &[Point], q: &mut [AffinePoint]) {
        batch_normalize_points(p, q);
    }

    /// [`Point::to_affine`].
    fn to_affine(&self) -> AffinePoint {
        Point::to_affine(self)
    }
}

impl CofactorCurve for Point {}

impl GroupEncoding for AffinePoint {
    type Repr = [u8; 32];

    /// [`AffinePoint::from_canonical_bytes`] (RFC 8032 strict decoding): none for bytes
    /// that are not the canonical encoding of a point.
    fn from_bytes(bytes: &[u8; 32]) -> CtOption<AffinePoint> {
        decode_canonical(bytes)
    }

    /// The same as [`GroupEncoding::from_bytes`]: the whole group has no subgroup
    /// check to skip.
    fn from_bytes_unchecked(bytes: &[u8; 32]) -> CtOption<AffinePoint> {
        decode_canonical(bytes)
    }

    /// [`AffinePoint::to_bytes`].
    fn to_bytes(&self) -> [u8; 32] {
        AffinePoint::to_bytes(self)
    }
}

curve_affine!(AffinePoint, Point);

/// A point of the prime-order subgroup in affine coordinates: the affine form of
/// [`SubgroupPoint`] for the `group` crate's [`Curve`] trait.
///
/// **Invariant**: the point is torsion-free. Every way to make one keeps it (the
/// constants, the conversion from a [`SubgroupPoint`], [`SubgroupAffinePoint::from_affine`]
/// and [`GroupEncoding::from_bytes`] check or guarantee it), except
/// [`GroupEncoding::from_bytes_unchecked`], which skips the subgroup check as its trait
/// documents (it still rejects bytes that are not a point) and is for trusted bytes
/// only, as for [`SubgroupPoint`].
///
/// ```
/// use edwards25519_group::{SubgroupAffinePoint, SubgroupPoint};
/// use group::{Curve, Group};
///
/// let p = SubgroupPoint::generator().double();
/// let a: SubgroupAffinePoint = p.to_affine();
/// assert_eq!(a.to_subgroup_point(), p);
/// assert_eq!(SubgroupPoint::from(a), p);
/// assert_eq!(a.to_affine(), p.to_point().to_affine());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SubgroupAffinePoint(AffinePoint);

impl SubgroupAffinePoint {
    /// The identity.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, SubgroupAffinePoint};
    ///
    /// assert_eq!(SubgroupAffinePoint::IDENTITY.to_affine(), AffinePoint::IDENTITY);
    /// assert_eq!(SubgroupAffinePoint::default(), SubgroupAffinePoint::IDENTITY);
    /// ```
    pub const IDENTITY: SubgroupAffinePoint = SubgroupAffinePoint(AffinePoint::IDENTITY);
    /// The RFC 8032 base point B, which generates the subgroup.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, SubgroupAffinePoint, SubgroupPoint};
    ///
    /// assert_eq!(SubgroupAffinePoint::GENERATOR.to_affine(), AffinePoint::GENERATOR);
    /// assert_eq!(SubgroupAffinePoint::GENERATOR.to_subgroup_point(), SubgroupPoint::GENERATOR);
    /// ```
    pub const GENERATOR: SubgroupAffinePoint = SubgroupAffinePoint(AffinePoint::GENERATOR);

    /// `p` if it is torsion-free (constant time, one scalar multiplication by l).
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, Point, SubgroupAffinePoint};
    ///
    /// let b = AffinePoint::GENERATOR;
    /// assert!(bool::from(SubgroupAffinePoint::from_affine(&b).is_some()));
    /// // B plus a point of order 4 (y = 0) has torsion: refused.
    /// let t4 = Point::from_bytes(&[0; 32]).expect("y = 0 is a point");
    /// let bad = (Point::GENERATOR + t4).to_affine();
    /// assert!(bool::from(SubgroupAffinePoint::from_affine(&bad).is_none()));
    /// ```
    pub fn from_affine(p: &AffinePoint) -> CtOption<SubgroupAffinePoint> {
        let ok = Choice::from(p.to_point().is_torsion_free() as u8);
        CtOption::new(SubgroupAffinePoint(*p), ok)
    }

    /// The point, as an affine point of the whole group.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, SubgroupAffinePoint};
    ///
    /// let b = AffinePoint::GENERATOR;
    /// let s = SubgroupAffinePoint::from_affine(&b).expect("torsion-free");
    /// assert_eq!(s.to_affine(), b);
    /// ```
    pub fn to_affine(&self) -> AffinePoint {
        self.0
    }

    /// The point in extended coordinates, as a [`SubgroupPoint`].
    ///
    /// ```
    /// use edwards25519_group::{Point, SubgroupAffinePoint};
    ///
    /// let p = SubgroupAffinePoint::GENERATOR.to_subgroup_point();
    /// assert_eq!(p.to_point(), Point::GENERATOR);
    /// ```
    pub fn to_subgroup_point(&self) -> SubgroupPoint {
        SubgroupPoint(self.0.to_point())
    }

    /// The x-coordinate.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, SubgroupAffinePoint};
    ///
    /// assert_eq!(SubgroupAffinePoint::GENERATOR.x(), AffinePoint::GENERATOR.x());
    /// ```
    pub fn x(&self) -> edwards25519_field::FieldElement {
        self.0.x()
    }

    /// The y-coordinate.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, SubgroupAffinePoint};
    ///
    /// assert_eq!(SubgroupAffinePoint::GENERATOR.y(), AffinePoint::GENERATOR.y());
    /// ```
    pub fn y(&self) -> edwards25519_field::FieldElement {
        self.0.y()
    }
}

impl Curve for SubgroupPoint {
    type Affine = SubgroupAffinePoint;

    /// One inversion for the batch with feature `alloc` (as [`Point`]'s). Panics if
    /// the lengths differ.
    fn batch_normalize(p: &[SubgroupPoint], q: &mut [SubgroupAffinePoint]) {
        assert_eq!(
            p.len(),
            q.len(),
            "batch_normalize: the input and output slices must have the same length"
        );
        #[cfg(feature = "alloc")]
        {
            let points: alloc::vec::Vec<Point> = p.iter().map(|s| s.0).collect();
            for (q, a) in q.iter_mut().zip(Point::batch_to_affine(&points)) {
                *q = SubgroupAffinePoint(a);
            }
        }
        #[cfg(not(feature = "alloc"))]
        for (q, p) in q.iter_mut().zip(p) {
            *q = SubgroupAffinePoint(p.0.to_affine());
        }
    }

    fn to_affine(&self) -> SubgroupAffinePoint {
        SubgroupAffinePoint(self.0.to_affine())
    }
}

impl PrimeCurve for SubgroupPoint {}

impl GroupEncoding for SubgroupAffinePoint {
    type Repr = [u8; 32];

    /// Strict decoding and a subgroup check: none unless the bytes are the canonical
    /// encoding of a torsion-free point.
    fn from_bytes(bytes: &[u8; 32]) -> CtOption<SubgroupAffinePoint> {
        decode_canonical(bytes).and_then(|p| SubgroupAffinePoint::from_affine(&p))
    }

    /// Strict decoding **without** the subgroup check: for trusted bytes only (see the
    /// type's invariant).
    fn from_bytes_unchecked(bytes: &[u8; 32]) -> CtOption<SubgroupAffinePoint> {
        decode_canonical(bytes).map(SubgroupAffinePoint)
    }

    fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }
}

curve_affine!(SubgroupAffinePoint, SubgroupPoint);

impl ConstantTimeEq for SubgroupAffinePoint {
    fn ct_eq(&self, other: &SubgroupAffinePoint) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl ConditionallySelectable for SubgroupAffinePoint {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        SubgroupAffinePoint(AffinePoint::conditional_select(&a.0, &b.0, choice))
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for SubgroupAffinePoint {
    /// Overwrites with the identity, which is torsion-free (the invariant holds).
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl From<SubgroupAffinePoint> for AffinePoint {
    fn from(p: SubgroupAffinePoint) -> AffinePoint {
        p.0
    }
}

impl From<SubgroupAffinePoint> for SubgroupPoint {
    fn from(p: SubgroupAffinePoint) -> SubgroupPoint {
        p.to_subgroup_point()
    }
}

impl From<SubgroupAffinePoint> for Point {
    fn from(p: SubgroupAffinePoint) -> Point {
        p.0.to_point()
    }
}

impl From<SubgroupPoint> for SubgroupAffinePoint {
    /// One inversion.
    fn from(p: SubgroupPoint) -> SubgroupAffinePoint {
        SubgroupAffinePoint(p.0.to_affine())
    }
}

impl Neg for SubgroupAffinePoint {
    type Output = SubgroupAffinePoint;
    fn neg(self) -> SubgroupAffinePoint {
        SubgroupAffinePoint(-self.0)
    }
}

impl Neg for &SubgroupAffinePoint {
    type Output = SubgroupAffinePoint;
    fn neg(self) -> SubgroupAffinePoint {
        SubgroupAffinePoint(-self.0)
    }
}

// The subgroup is closed under + and - and the scalar action: the results are
// `SubgroupPoint`s again.
impl Add<&SubgroupAffinePoint> for &SubgroupPoint {
    type Output = SubgroupPoint;
    /// Mixed addition ([`Point`] + [`AffinePoint`]).
    fn add(self, rhs: &SubgroupAffinePoint) -> SubgroupPoint {
        SubgroupPoint(self.0 + rhs.0)
    }
}

impl Sub<&SubgroupAffinePoint> for &SubgroupPoint {
    type Output = SubgroupPoint;
    fn sub(self, rhs: &SubgroupAffinePoint) -> SubgroupPoint {
        SubgroupPoint(self.0 - rhs.0)
    }
}

impl Mul<&Scalar> for &SubgroupAffinePoint {
    type Output = SubgroupPoint;
    /// Constant-time scalar multiplication.
    fn mul(self, scalar: &Scalar) -> SubgroupPoint {
        SubgroupPoint(self.0 * scalar)
    }
}

impl Mul<&SubgroupAffinePoint> for &Scalar {
    type Output = SubgroupPoint;
    /// Constant-time scalar multiplication.
    fn mul(self, point: &SubgroupAffinePoint) -> SubgroupPoint {
        SubgroupPoint(point.0 * self)
    }
}

// The owned and mixed-reference forms, from the reference ones above.
forward_binop!(SubgroupPoint, Add, add, SubgroupAffinePoint => SubgroupPoint, AddAssign, add_assign);
forward_binop!(SubgroupPoint, Sub, sub, SubgroupAffinePoint => SubgroupPoint, SubAssign, sub_assign);
forward_binop!(SubgroupAffinePoint, Mul, mul, Scalar => SubgroupPoint);
forward_binop!(Scalar, Mul, mul, SubgroupAffinePoint => SubgroupPoint);

/// The wNAF window for `num_scalars` multiplications of one base, from a cost model
/// of the `group` crate's `Wnaf` (counted in point additions; the ~256 doublings per
/// scalar are the same for every window, so they drop out):
///
/// - the table for window w holds 2^(w-1) odd multiples, one addition each;
/// - a w-NAF of a 253-bit scalar has about 256/(w + 1) nonzero digits, one addition
///   each.
///
/// So cost(w) = 2^(w-1) + n·256/(w + 1); the smallest w in 2..=22 with the least cost
/// wins (ties to the smaller table). For n = 1 that is w = 5, for n = 100 w = 9, and
/// the window grows by about one for each doubling of n beyond that.
#[cfg(feature = "alloc")]
fn recommended_wnaf(num_scalars: usize) -> usize {
    // cost·2^16 in u128: the division by w + 1 then errs by less than 2^-16 of an
    // addition, and n·2^24 < 2^88 cannot overflow.
    let n = num_scalars as u128;
    let cost = |w: u32| (1u128 << (w - 1 + 16)) + ((n * 256) << 16) / u128::from(w + 1);
    let mut best = 2u32;
    for w in 3..=22u32 {
        if cost(w) < cost(best) {
            best = w;
        }
    }
    best as usize
}

#[cfg(feature = "alloc")]
impl group::WnafGroup for Point {
    /// See the cost model on `recommended_wnaf` (in this file): 5 for one scalar,
    /// growing with the number of scalars, always in 2..=22.
    fn recommended_wnaf_for_num_scalars(num_scalars: usize) -> usize {
        recommended_wnaf(num_scalars)
    }
}

#[cfg(feature = "alloc")]
impl group::WnafGroup for SubgroupPoint {
    /// The same as [`Point`]'s (the same arithmetic).
    fn recommended_wnaf_for_num_scalars(num_scalars: usize) -> usize {
        recommended_wnaf(num_scalars)
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    /// The cost model's choice, against a direct floating-point minimisation of the
    /// same formula, and its bounds.
    #[test]
    fn wnaf_window() {
        for n in [
            0usize,
            1,
            2,
            3,
            10,
            100,
            1000,
            10_000,
            1 << 20,
            1 << 40,
            usize::MAX,
        ] {
            let w = recommended_wnaf(n);
            assert!((2..=22).contains(&w), "n = {n}: {w}");
            let cost = |w: usize| 2f64.powi(w as i32 - 1) + n as f64 * 256.0 / (w as f64 + 1.0);
            let best = (2..=22usize)
                .min_by(|a, b| cost(*a).partial_cmp(&cost(*b)).expect("finite"))
                .expect("nonempty");
            assert!(
                cost(w) <= cost(best) * (1.0 + 1e-9),
                "n = {n}: {w} vs {best}"
            );
        }
        assert_eq!(recommended_wnaf(1), 5);
        assert_eq!(recommended_wnaf(100), 9);
        assert_eq!(recommended_wnaf(usize::MAX), 22);
        // Exact ties go to the smaller table: n = 7 costs 288 additions at w = 6 and at
        // w = 7, n = 18 costs 640 at 7 and 8, n = 45 costs 1,408 at 8 and 9.
        assert_eq!(recommended_wnaf(7), 6);
        assert_eq!(recommended_wnaf(18), 7);
        assert_eq!(recommended_wnaf(45), 8);
    }
}
