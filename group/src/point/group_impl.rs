//! The `group` 0.14 traits (feature `group`): [`Group`], [`GroupEncoding`] and
//! [`CofactorGroup`] for [`Point`], and [`SubgroupPoint`], the prime-order subgroup as
//! its own type ([`Group`], [`GroupEncoding`], [`PrimeGroup`]).
//!
//! edwards25519 has order 8·l, so [`Point`] is deliberately **not** a
//! [`PrimeGroup`]: generic code that needs prime order gets it from
//! [`CofactorGroup::clear_cofactor`] or [`CofactorGroup::into_subgroup`], which return
//! a [`SubgroupPoint`].
//!
//! Encodings ([`GroupEncoding`]) are the canonical 32 bytes of [`Point::to_bytes`],
//! decoded with the strict [`Point::from_canonical_bytes`], so every accepted byte
//! string is the encoding of exactly one element and `from_bytes(to_bytes(p)) == p`.
//! (The lenient [`Point::from_bytes`] stays available for Ed25519/ZIP-215 use.)

use core::borrow::Borrow;
use core::iter::Sum;
use core::ops::{Add, Mul, Neg, Sub};

use edwards25519_field::forward_binop;

use group::cofactor::CofactorGroup;
use group::prime::PrimeGroup;
use group::{Group, GroupEncoding};
use rand_core::TryRng;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::{Point, Scalar};

/// Strict decoding as a `CtOption` (the identity in the none case). Whether the bytes
/// decode is public, as for every decoder here; the work before that is constant time.
fn decode_canonical(bytes: &[u8; 32]) -> CtOption<Point> {
    match Point::from_canonical_bytes(bytes) {
        Ok(p) => CtOption::new(p, Choice::from(1)),
        Err(_) => CtOption::new(Point::IDENTITY, Choice::from(0)),
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Group for Point {
    type Scalar = Scalar;

    /// A uniformly random point of the whole group (order 8·l) other than the
    /// identity: 32 random bytes until they are a canonical encoding (about half of
    /// all byte strings are). Rejection sampling: the number of tries is independent
    /// of the point returned.
    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<Point, R::Error> {
        let mut bytes = [0u8; 32];
        loop {
            rng.try_fill_bytes(&mut bytes)?;
            let decoded = Point::from_canonical_bytes(&bytes).ok();
            if let Some(p) = decoded.filter(|p| !p.is_identity()) {
                return Ok(p);
            }
        }
    }

    fn identity() -> Point {
        Point::IDENTITY
    }

    /// [`Point::GENERATOR`], the RFC 8032 base point (order l).
    fn generator() -> Point {
        Point::GENERATOR
    }

    fn is_identity(&self) -> Choice {
        self.ct_eq(&Point::IDENTITY)
    }

    fn double(&self) -> Point {
        Point::double(self)
    }

    /// [`Point::mul_base`] (the precomputed table), constant time.
    fn mul_by_generator(scalar: &Scalar) -> Point {
        Point::mul_base(scalar)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl GroupEncoding for Point {
    type Repr = [u8; 32];

    /// [`Point::from_canonical_bytes`] (RFC 8032 strict decoding): none for bytes that
    /// are not the canonical encoding of a point.
    fn from_bytes(bytes: &[u8; 32]) -> CtOption<Point> {
        decode_canonical(bytes)
    }

    /// The same as [`GroupEncoding::from_bytes`]: for the full group there is no
    /// subgroup check to skip.
    fn from_bytes_unchecked(bytes: &[u8; 32]) -> CtOption<Point> {
        decode_canonical(bytes)
    }

    /// [`Point::to_bytes`].
    fn to_bytes(&self) -> [u8; 32] {
        Point::to_bytes(self)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl CofactorGroup for Point {
    type Subgroup = SubgroupPoint;

    /// 8·self ([`Point::mul_by_cofactor`]), which lies in the prime-order subgroup.
    fn clear_cofactor(&self) -> SubgroupPoint {
        SubgroupPoint(self.mul_by_cofactor())
    }

    /// Self as a [`SubgroupPoint`] when it is torsion-free (constant time).
    fn into_subgroup(self) -> CtOption<SubgroupPoint> {
        let ok = Choice::from(Point::is_torsion_free(&self) as u8);
        CtOption::new(SubgroupPoint(self), ok)
    }

    fn is_small_order(&self) -> Choice {
        Choice::from(Point::is_small_order(self) as u8)
    }

    /// l·self is the identity ([`Point::is_torsion_free`]), constant time.
    fn is_torsion_free(&self) -> Choice {
        Choice::from(Point::is_torsion_free(self) as u8)
    }
}

/// A point of the prime-order subgroup of edwards25519 (the multiples of
/// [`Point::GENERATOR`], order l): the `group` crate's [`CofactorGroup::Subgroup`] for
/// [`Point`], and a [`PrimeGroup`].
///
/// **Invariant**: the point is torsion-free. Every way to make one keeps it (the
/// constants, the group operations, [`CofactorGroup::clear_cofactor`],
/// [`CofactorGroup::into_subgroup`], [`SubgroupPoint::from_point`] and
/// [`GroupEncoding::from_bytes`] check or guarantee it), except
/// [`GroupEncoding::from_bytes_unchecked`], which, as its trait documents, skips the
/// subgroup check (it still rejects bytes that are not a point) and is for trusted
/// bytes only.
///
/// With the `group` crate's traits in scope (import them from `group`, and this type
/// from `edwards25519_group`, so the names never collide):
///
/// ```
/// use edwards25519_group::{Point, Scalar, SubgroupPoint};
/// use group::cofactor::CofactorGroup;
/// use group::{Group, GroupEncoding};
///
/// let g = SubgroupPoint::generator();
/// let p = g * Scalar::from(5u8);
/// assert_eq!(Point::from(p), Point::mul_base(&Scalar::from(5u8)));
/// // GroupEncoding is strict: canonical encodings of torsion-free points only.
/// assert_eq!(SubgroupPoint::from_bytes(&p.to_bytes()).unwrap(), p);
///
/// // (0, -1) has order 2: y = p - 1, encoded as ec ff .. ff 7f.
/// let mut y = [0xffu8; 32];
/// y[0] = 0xec;
/// y[31] = 0x7f;
/// let t = Point::from_bytes(&y).unwrap();
/// assert!(t.is_small_order());
/// let q = Point::GENERATOR + t; // not torsion-free
/// assert!(bool::from(q.into_subgroup().is_none()));
/// assert!(bool::from(SubgroupPoint::from_bytes(&q.to_bytes()).is_none()));
/// assert_eq!(q.clear_cofactor(), g * Scalar::from(8u8));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
pub struct SubgroupPoint(pub(crate) Point);

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl core::fmt::Debug for SubgroupPoint {
    /// `SubgroupPoint(…)`: the canonical encoding in lower-case hex, like [`Point`]'s.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        edwards25519_field::debug_hex(f, "SubgroupPoint", &self.0.to_bytes())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl SubgroupPoint {
    /// The identity.
    ///
    /// ```
    /// use edwards25519_group::{Point, SubgroupPoint};
    /// use group::Group;
    ///
    /// assert_eq!(SubgroupPoint::IDENTITY, SubgroupPoint::identity());
    /// assert_eq!(SubgroupPoint::IDENTITY.to_point(), Point::IDENTITY);
    /// ```
    pub const IDENTITY: SubgroupPoint = SubgroupPoint(Point::IDENTITY);
    /// The RFC 8032 base point B, which generates the subgroup.
    ///
    /// ```
    /// use edwards25519_group::{Point, SubgroupPoint};
    /// use group::Group;
    ///
    /// assert_eq!(SubgroupPoint::GENERATOR, SubgroupPoint::generator());
    /// assert_eq!(SubgroupPoint::GENERATOR.to_point(), Point::GENERATOR);
    /// ```
    pub const GENERATOR: SubgroupPoint = SubgroupPoint(Point::GENERATOR);

    /// `p` if it is torsion-free (constant time, one scalar multiplication by l).
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar, SubgroupPoint};
    ///
    /// let p = Point::mul_base(&Scalar::from(11u8));
    /// assert!(bool::from(SubgroupPoint::from_point(&p).is_some()));
    /// // A point of order 4 (y = 0) is not in the subgroup.
    /// let t4 = Point::from_bytes(&[0; 32]).expect("y = 0 is a point");
    /// assert!(bool::from(SubgroupPoint::from_point(&(p + t4)).is_none()));
    /// ```
    pub fn from_point(p: &Point) -> CtOption<SubgroupPoint> {
        p.into_subgroup()
    }

    /// The point, as an element of the whole group.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar, SubgroupPoint};
    ///
    /// let p = Point::mul_base(&Scalar::from(11u8));
    /// let s = SubgroupPoint::from_point(&p).expect("torsion-free");
    /// assert_eq!(s.to_point(), p);
    /// ```
    pub fn to_point(&self) -> Point {
        self.0
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl From<SubgroupPoint> for Point {
    fn from(p: SubgroupPoint) -> Point {
        p.0
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl From<&SubgroupPoint> for Point {
    fn from(p: &SubgroupPoint) -> Point {
        p.0
    }
}

#[cfg(feature = "zeroize")]
#[cfg_attr(docsrs, doc(cfg(all(feature = "group", feature = "zeroize"))))]
impl zeroize::Zeroize for SubgroupPoint {
    /// Overwrites with the identity, which is torsion-free (the invariant holds).
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl ConstantTimeEq for SubgroupPoint {
    fn ct_eq(&self, other: &SubgroupPoint) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl ConditionallySelectable for SubgroupPoint {
    fn conditional_select(a: &SubgroupPoint, b: &SubgroupPoint, choice: Choice) -> SubgroupPoint {
        SubgroupPoint(Point::conditional_select(&a.0, &b.0, choice))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Group for SubgroupPoint {
    type Scalar = Scalar;

    /// [`Point::mul_base`] of a uniformly random nonzero scalar: uniform over the
    /// subgroup's elements other than the identity.
    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<SubgroupPoint, R::Error> {
        loop {
            let s = <Scalar as group::ff::Field>::try_random(rng)?;
            if !bool::from(s.is_zero()) {
                return Ok(SubgroupPoint(Point::mul_base(&s)));
            }
        }
    }

    fn identity() -> SubgroupPoint {
        SubgroupPoint::IDENTITY
    }

    fn generator() -> SubgroupPoint {
        SubgroupPoint::GENERATOR
    }

    fn is_identity(&self) -> Choice {
        Group::is_identity(&self.0)
    }

    fn double(&self) -> SubgroupPoint {
        SubgroupPoint(self.0.double())
    }

    fn mul_by_generator(scalar: &Scalar) -> SubgroupPoint {
        SubgroupPoint(Point::mul_base(scalar))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl GroupEncoding for SubgroupPoint {
    type Repr = [u8; 32];

    /// Strict decoding ([`Point::from_canonical_bytes`]) and a subgroup check: none
    /// unless the bytes are the canonical encoding of a torsion-free point.
    fn from_bytes(bytes: &[u8; 32]) -> CtOption<SubgroupPoint> {
        decode_canonical(bytes).and_then(|p| p.into_subgroup())
    }

    /// Strict decoding **without** the subgroup check: for trusted bytes only (see the
    /// type's invariant).
    fn from_bytes_unchecked(bytes: &[u8; 32]) -> CtOption<SubgroupPoint> {
        decode_canonical(bytes).map(SubgroupPoint)
    }

    fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl PrimeGroup for SubgroupPoint {}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Neg for SubgroupPoint {
    type Output = SubgroupPoint;
    fn neg(self) -> SubgroupPoint {
        SubgroupPoint(-self.0)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Neg for &SubgroupPoint {
    type Output = SubgroupPoint;
    fn neg(self) -> SubgroupPoint {
        SubgroupPoint(-self.0)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl<T: Borrow<SubgroupPoint>> Sum<T> for SubgroupPoint {
    /// The sum of the points (the identity for none).
    fn sum<I: Iterator<Item = T>>(iter: I) -> SubgroupPoint {
        SubgroupPoint(iter.map(|p| p.borrow().0).sum())
    }
}

// The subgroup is closed under + and -, and under scalar multiplication.
#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Add<&SubgroupPoint> for &SubgroupPoint {
    type Output = SubgroupPoint;
    fn add(self, rhs: &SubgroupPoint) -> SubgroupPoint {
        SubgroupPoint(self.0 + rhs.0)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Sub<&SubgroupPoint> for &SubgroupPoint {
    type Output = SubgroupPoint;
    fn sub(self, rhs: &SubgroupPoint) -> SubgroupPoint {
        SubgroupPoint(self.0 - rhs.0)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Mul<&Scalar> for &SubgroupPoint {
    type Output = SubgroupPoint;
    /// Constant-time scalar multiplication.
    fn mul(self, rhs: &Scalar) -> SubgroupPoint {
        SubgroupPoint(self.0 * rhs)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Mul<&SubgroupPoint> for &Scalar {
    type Output = SubgroupPoint;
    /// Constant-time scalar multiplication.
    fn mul(self, rhs: &SubgroupPoint) -> SubgroupPoint {
        SubgroupPoint(rhs.0 * self)
    }
}

// A point and a subgroup point (what `CofactorGroup` requires of `Point`).
#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Add<&SubgroupPoint> for &Point {
    type Output = Point;
    fn add(self, rhs: &SubgroupPoint) -> Point {
        self + rhs.0
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Sub<&SubgroupPoint> for &Point {
    type Output = Point;
    fn sub(self, rhs: &SubgroupPoint) -> Point {
        self - rhs.0
    }
}

forward_binop!(SubgroupPoint, Add, add, SubgroupPoint => SubgroupPoint, AddAssign, add_assign);
forward_binop!(SubgroupPoint, Sub, sub, SubgroupPoint => SubgroupPoint, SubAssign, sub_assign);
forward_binop!(SubgroupPoint, Mul, mul, Scalar => SubgroupPoint, MulAssign, mul_assign);
forward_binop!(Scalar, Mul, mul, SubgroupPoint => SubgroupPoint);
forward_binop!(Point, Add, add, SubgroupPoint => Point, AddAssign, add_assign);
forward_binop!(Point, Sub, sub, SubgroupPoint => Point, SubAssign, sub_assign);
