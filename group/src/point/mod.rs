//! The point type: [`Point`] in extended coordinates, its constants and predicates.
//!
//! Its other methods live with their concern: the encodings (`encoding`), the affine
//! form (`affine`), the operators (`ops`), the `group` and `serde` trait impls here;
//! the scalar multiplications in `crate::scalar_mul`.

pub(crate) mod affine;
#[cfg(feature = "alloc")]
pub(crate) mod batch;
#[cfg(feature = "group")]
pub(crate) mod curve_impl;
pub(crate) mod encoding;
#[cfg(feature = "group")]
pub(crate) mod group_impl;
mod ops;
#[cfg(edwards25519_vector)]
pub(crate) mod root;
#[cfg(feature = "serde")]
mod serde_impl;
mod torsion;

use core::fmt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::DecodeError;
use crate::models::{D, Extended};
use crate::tables::{BASE_T, BASE_X, BASE_Y};
use edwards25519_field::FieldElement;

/// A point of edwards25519, in extended coordinates.
///
/// **Invariant**: always a valid curve point: Z != 0, -X² + Y² = Z² + d·T², X·Y = Z·T.
/// Equality ([`PartialEq`], [`ConstantTimeEq`]) compares group elements, not
/// coordinates.
///
/// ```
/// use edwards25519_group::{Point, Scalar};
///
/// let a = Scalar::from(6u8);
/// let b = Scalar::from(7u8);
/// let p = Point::mul_base(&a);
/// assert_eq!(&p * &b, Point::mul_base(&(a * b)));
/// assert_eq!(p + Point::mul_base(&b), Point::mul_base(&(a + b)));
/// assert_eq!(Point::from_bytes(&p.to_bytes()), Ok(p));
/// ```
#[derive(Clone, Copy)]
pub struct Point(pub(crate) Extended<FieldElement>);

impl Point {
    /// The neutral element, (0, 1).
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(9u8));
    /// assert_eq!(p + Point::IDENTITY, p);
    /// assert_eq!(p - p, Point::IDENTITY);
    /// assert!(Point::IDENTITY.is_identity());
    /// ```
    pub const IDENTITY: Point = Point(Extended::IDENTITY);

    /// The RFC 8032 base point B: y = 4/5, x even (non-negative). Its order is l.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// assert_eq!(Point::mul_base(&Scalar::ONE), Point::GENERATOR);
    /// // Its order is l: l·B = 0, i.e. B is torsion-free.
    /// assert!(Point::GENERATOR.is_torsion_free());
    /// assert!(!Point::GENERATOR.is_identity());
    /// ```
    pub const GENERATOR: Point = Point(Extended {
        x: BASE_X,
        y: BASE_Y,
        z: FieldElement::ONE,
        t: BASE_T,
    });

    /// 2·self.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(9u8));
    /// assert_eq!(p.double(), p + p);
    /// ```
    pub fn double(&self) -> Point {
        Point(self.0.double())
    }

    /// 8·self (three doublings), which clears any small-order component.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(9u8));
    /// assert_eq!(p.mul_by_cofactor(), &p * &Scalar::from(8u8));
    /// // A point of order 4 (y = 0) is cleared.
    /// let t4 = Point::from_bytes(&[0; 32]).expect("y = 0 is a point");
    /// assert!(t4.mul_by_cofactor().is_identity());
    /// ```
    pub fn mul_by_cofactor(&self) -> Point {
        Point(self.0.mul_by_pow_2(3))
    }

    /// Whether self is the identity. Constant time.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// assert!(Point::IDENTITY.is_identity());
    /// assert!(!Point::GENERATOR.is_identity());
    /// // l·B = 0: l - 1 + 1.
    /// let l_minus_1 = -Scalar::ONE;
    /// assert!((Point::mul_base(&l_minus_1) + Point::GENERATOR).is_identity());
    /// ```
    pub fn is_identity(&self) -> bool {
        self.ct_is_identity().into()
    }

    /// 1 if self is the identity: X = 0 and Y = Z.
    fn ct_is_identity(&self) -> Choice {
        self.0.x.is_zero() & self.0.y.ct_eq(&self.0.z)
    }

    /// Whether self has small order (divides the cofactor 8): 8·self is the identity.
    /// Constant time.
    ///
    /// ```
    /// use edwards25519_group::Point;
    ///
    /// let t4 = Point::from_bytes(&[0; 32]).expect("y = 0 is a point");
    /// assert!(t4.is_small_order());
    /// assert!(Point::IDENTITY.is_small_order());
    /// assert!(!Point::GENERATOR.is_small_order());
    /// assert!(!(Point::GENERATOR + t4).is_small_order());
    /// ```
    pub fn is_small_order(&self) -> bool {
        self.mul_by_cofactor().is_identity()
    }

    /// Whether self is in the prime-order subgroup: l·self is the identity. Constant
    /// time (a full constant-time scalar multiplication by l).
    ///
    /// ```
    /// use edwards25519_group::Point;
    ///
    /// let t4 = Point::from_bytes(&[0; 32]).expect("y = 0 is a point");
    /// assert!(Point::GENERATOR.is_torsion_free());
    /// assert!(!(Point::GENERATOR + t4).is_torsion_free());
    /// ```
    pub fn is_torsion_free(&self) -> bool {
        self.mul_by_group_order().is_identity()
    }

    /// The extended coordinates (X, Y, Z, T): x = X/Z, y = Y/Z, x·y = T/Z. Not unique:
    /// any nonzero multiple of all four is the same point.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(9u8));
    /// let (x, y, z, t) = p.extended_coordinates();
    /// assert_eq!(x * y, z * t);
    /// let a = p.to_affine();
    /// assert_eq!((x * z.invert(), y * z.invert()), (a.x(), a.y()));
    /// assert_eq!(Point::from_extended_coordinates(x, y, z, t), Ok(p));
    /// ```
    pub fn extended_coordinates(&self) -> (FieldElement, FieldElement, FieldElement, FieldElement) {
        (self.0.x, self.0.y, self.0.z, self.0.t)
    }

    /// Builds a point from extended coordinates, checking them: Z != 0 and X·Y = Z·T
    /// (else [`DecodeError::InvalidCoordinates`]; all-zero coordinates fail here), and
    /// -X² + Y² = Z² + d·T² (else [`DecodeError::NotOnCurve`]).
    ///
    /// The checks run in constant time; only the final verdict branches.
    ///
    /// ```
    /// use edwards25519_group::{DecodeError, FieldElement, Point};
    ///
    /// let (x, y, z, t) = Point::GENERATOR.extended_coordinates();
    /// // Any nonzero multiple of all four is the same point.
    /// let k = FieldElement::from_bytes(&[3; 32]);
    /// assert_eq!(Point::from_extended_coordinates(k * x, k * y, k * z, k * t), Ok(Point::GENERATOR));
    /// let zero = FieldElement::ZERO;
    /// assert_eq!(
    ///     Point::from_extended_coordinates(zero, zero, zero, zero),
    ///     Err(DecodeError::InvalidCoordinates)
    /// );
    /// // T changed by a factor: X·Y != Z·T.
    /// assert_eq!(
    ///     Point::from_extended_coordinates(x, y, z, k * t),
    ///     Err(DecodeError::InvalidCoordinates)
    /// );
    /// ```
    pub fn from_extended_coordinates(
        x: FieldElement,
        y: FieldElement,
        z: FieldElement,
        t: FieldElement,
    ) -> Result<Point, DecodeError> {
        let shape_ok = !z.is_zero() & (x * y).ct_eq(&(z * t));
        let (x2, y2, z2, t2) = (x.square(), y.square(), z.square(), t.square());
        let curve_ok = (y2 - x2).ct_eq(&(z2 + D * t2));
        if !bool::from(shape_ok) {
            Err(DecodeError::InvalidCoordinates)
        } else if !bool::from(curve_ok) {
            Err(DecodeError::NotOnCurve)
        } else {
            Ok(Point(Extended { x, y, z, t }))
        }
    }
}

impl ConstantTimeEq for Point {
    /// Equality of group elements: X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1.
    fn ct_eq(&self, other: &Point) -> Choice {
        let (p, q) = (&self.0, &other.0);
        (p.x * q.z).ct_eq(&(q.x * p.z)) & (p.y * q.z).ct_eq(&(q.y * p.z))
    }
}

impl PartialEq for Point {
    fn eq(&self, other: &Point) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Point {}

impl core::hash::Hash for Point {
    /// Hashes the canonical encoding ([`Point::to_bytes`], one inversion), so equal
    /// points hash equally whatever their coordinates. Not constant time.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.to_bytes().hash(state);
    }
}

impl TryFrom<&[u8]> for Point {
    type Error = DecodeError;

    /// Decodes a 32-byte slice with [`Point::from_bytes`] (the lenient rules);
    /// [`DecodeError::InvalidLength`] for any other length.
    ///
    /// ```
    /// use edwards25519_group::{DecodeError, Point};
    ///
    /// let bytes = Point::GENERATOR.to_bytes();
    /// assert_eq!(Point::try_from(&bytes[..]), Ok(Point::GENERATOR));
    /// assert_eq!(
    ///     Point::try_from(&bytes[..31]),
    ///     Err(DecodeError::InvalidLength { expected: 32, actual: 31 })
    /// );
    /// ```
    fn try_from(bytes: &[u8]) -> Result<Point, DecodeError> {
        let bytes: &[u8; 32] = bytes.try_into().map_err(|_| DecodeError::InvalidLength {
            expected: 32,
            actual: bytes.len(),
        })?;
        Point::from_bytes(bytes)
    }
}

impl ConditionallySelectable for Point {
    fn conditional_select(a: &Point, b: &Point, choice: Choice) -> Point {
        Point(Extended::conditional_select(&a.0, &b.0, choice))
    }
}

impl Default for Point {
    /// The identity.
    fn default() -> Point {
        Point::IDENTITY
    }
}

impl fmt::Debug for Point {
    /// `Point(…)`: the canonical encoding ([`Point::to_bytes`]) in lower-case hex, byte 0
    /// first, as every type of these crates prints its canonical bytes. It identifies the
    /// point, not its (many) coordinate representations.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        edwards25519_field::debug_hex(f, "Point", &self.to_bytes())
    }
}

#[cfg(feature = "zeroize")]
#[cfg_attr(docsrs, doc(cfg(feature = "zeroize")))]
impl zeroize::Zeroize for Point {
    /// Overwrites the coordinates with the identity's (a valid point, so the invariant
    /// holds after zeroizing).
    fn zeroize(&mut self) {
        self.0.x.zeroize();
        self.0.y = FieldElement::ONE;
        self.0.z = FieldElement::ONE;
        self.0.t.zeroize();
    }
}

/// (i, 0), a point of order 4 (i = sqrt(-1)): the torsion component tests add.
#[cfg(test)]
pub(crate) fn order_four_point() -> Point {
    Point::from_extended_coordinates(
        FieldElement::SQRT_M1,
        FieldElement::ZERO,
        FieldElement::ONE,
        FieldElement::ZERO,
    )
    .expect("(i, 0) is on the curve")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fe(n: u64) -> FieldElement {
        let mut b = [0u8; 32];
        b[..8].copy_from_slice(&n.to_le_bytes());
        FieldElement::from_bytes(&b)
    }

    #[test]
    fn generator() {
        let b = Point::GENERATOR.0;
        assert_eq!(b.t, b.x * b.y);
        assert_eq!(b.y * fe(5), fe(4));
        assert!(!bool::from(b.x.is_negative()));
        assert!(Point::from_extended_coordinates(b.x, b.y, b.z, b.t).is_ok());
        assert!(!Point::GENERATOR.is_identity());
        assert!(Point::GENERATOR.is_torsion_free());
        assert!(!Point::GENERATOR.is_small_order());
    }

    #[test]
    fn identity() {
        let id = Point::IDENTITY;
        assert!(id.is_identity() && id.is_small_order() && id.is_torsion_free());
        assert_eq!(Point::default(), id);
        assert_eq!(id.double(), id);
        assert_eq!(id.mul_by_cofactor(), id);
        // A scaled representation of the identity is still the identity.
        let s = fe(12345);
        let scaled = Point::from_extended_coordinates(FieldElement::ZERO, s, s, FieldElement::ZERO)
            .expect("valid");
        assert!(scaled.is_identity());
        assert_eq!(scaled, id);
    }

    #[test]
    fn equality_is_projective() {
        let b = Point::GENERATOR;
        let (x, y, z, t) = b.extended_coordinates();
        let s = fe(987654321);
        let scaled = Point::from_extended_coordinates(x * s, y * s, z * s, t * s).expect("valid");
        assert_eq!(scaled, b);
        assert_ne!(b.double(), b);
        assert_ne!(-b, b);
        let c = Point::conditional_select(&b, &Point::IDENTITY, Choice::from(1));
        assert_eq!(c, Point::IDENTITY);
        let c = Point::conditional_select(&b, &Point::IDENTITY, Choice::from(0));
        assert_eq!(c, b);
    }

    #[test]
    fn from_extended_coordinates_rejects() {
        let (x, y, z, t) = Point::GENERATOR.extended_coordinates();
        let zero = FieldElement::ZERO;
        assert_eq!(
            Point::from_extended_coordinates(zero, zero, zero, zero),
            Err(DecodeError::InvalidCoordinates)
        );
        // Z = 0 with XY = ZT = 0 still fails.
        assert_eq!(
            Point::from_extended_coordinates(zero, y, zero, zero),
            Err(DecodeError::InvalidCoordinates)
        );
        // T wrong: XY != ZT.
        assert_eq!(
            Point::from_extended_coordinates(x, y, z, t + FieldElement::ONE),
            Err(DecodeError::InvalidCoordinates)
        );
        // XY = ZT holds but the point is off the curve: (x, 2y) scaled consistently.
        let y2 = y + y;
        assert_eq!(
            Point::from_extended_coordinates(x, y2, z, x * y2),
            Err(DecodeError::NotOnCurve)
        );
        // (0, 2, 1, 0): XY = ZT = 0, but -0 + 4 != 1.
        assert_eq!(
            Point::from_extended_coordinates(zero, fe(2), FieldElement::ONE, zero),
            Err(DecodeError::NotOnCurve)
        );
    }

    #[test]
    fn small_order_and_torsion() {
        // (0, -1) has order 2; (sqrt(-1), 0) order 4.
        let minus_one = -FieldElement::ONE;
        let zero = FieldElement::ZERO;
        let t2 = Point::from_extended_coordinates(zero, minus_one, FieldElement::ONE, zero)
            .expect("order 2");
        assert!(!t2.is_identity() && t2.is_small_order() && !t2.is_torsion_free());
        assert!(t2.double().is_identity());
        let i = FieldElement::SQRT_M1;
        let t4 =
            Point::from_extended_coordinates(i, zero, FieldElement::ONE, zero).expect("order 4");
        assert!(t4.is_small_order() && !t4.is_torsion_free());
        assert_eq!(t4.double(), t2);
        let mixed = Point::GENERATOR + t4;
        assert!(!mixed.is_small_order() && !mixed.is_torsion_free());
        assert_eq!(mixed.mul_by_cofactor(), Point::GENERATOR.mul_by_cofactor());
    }

    #[test]
    fn debug_shows_encoding() {
        extern crate alloc;
        let s = alloc::format!("{:?}", Point::GENERATOR);
        assert_eq!(
            s,
            "Point(5866666666666666666666666666666666666666666666666666666666666666)"
        );
    }
}
