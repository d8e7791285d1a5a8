//! [`AffinePoint`]: a point as its affine coordinates (x, y), and the conversions
//! between it and [`Point`] (one inversion each, or one for a whole batch).
//!
//! An affine point is 64 bytes instead of 160, its coordinates are unique (so equality
//! is a plain comparison, no multiplications), and it is what generic code over the
//! `group` crate's `Curve` trait asks for (feature `group`, in `curve_impl`). The group
//! operations stay on [`Point`]: `Point + AffinePoint` is the mixed addition, and
//! `AffinePoint * Scalar` returns a [`Point`].

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{Add, Mul, Neg, Sub};

use edwards25519_field::forward_binop;
use edwards25519_field::{FieldArith, FieldElement};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::models::{AffineCached, D, D2, Extended};
use crate::{DecodeError, Point, Scalar};

/// A point of edwards25519 in affine coordinates (x, y), on -x² + y² = 1 + d·x²·y².
///
/// **Invariant**: always on the curve. The ways to make one are the constants, the
/// conversions from [`Point`] (whose invariant puts it on the curve, and Z != 0 so the
/// division is defined), and the decoders that check their input
/// ([`AffinePoint::from_coordinates`], [`AffinePoint::from_bytes`],
/// [`AffinePoint::from_canonical_bytes`]).
///
/// Equality compares the coordinates (which are unique for a point), in constant time.
///
/// ```
/// use edwards25519_group::{AffinePoint, Point, Scalar};
///
/// let p = Point::mul_base(&Scalar::from_bytes_mod_order([5; 32]));
/// let a = p.to_affine();
/// assert_eq!(AffinePoint::from_coordinates(&a.x(), &a.y()), Ok(a));
/// assert_eq!(a.to_point(), p);
/// assert_eq!(a.to_bytes(), p.to_bytes());
/// assert_eq!(Point::GENERATOR + a, Point::GENERATOR + p);
/// ```
#[derive(Clone, Copy)]
pub struct AffinePoint {
    pub(crate) x: FieldElement,
    pub(crate) y: FieldElement,
}

impl AffinePoint {
    /// The neutral element, (0, 1).
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, FieldElement, Point};
    ///
    /// let id = AffinePoint::IDENTITY;
    /// assert_eq!((id.x(), id.y()), (FieldElement::ZERO, FieldElement::ONE));
    /// assert_eq!(id.to_point(), Point::IDENTITY);
    /// ```
    pub const IDENTITY: AffinePoint = AffinePoint {
        x: FieldElement::ZERO,
        y: FieldElement::ONE,
    };

    /// The RFC 8032 base point B ([`Point::GENERATOR`]): y = 4/5, x even.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, Point};
    ///
    /// assert_eq!(AffinePoint::GENERATOR, Point::GENERATOR.to_affine());
    /// assert_eq!(AffinePoint::GENERATOR.to_bytes(), Point::GENERATOR.to_bytes());
    /// ```
    pub const GENERATOR: AffinePoint = AffinePoint {
        x: crate::tables::BASE_X,
        y: crate::tables::BASE_Y,
    };

    /// The x-coordinate.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, Point};
    ///
    /// let b = AffinePoint::GENERATOR;
    /// // B's x is even (non-negative), so bit 255 of its encoding is clear.
    /// assert!(!bool::from(b.x().is_negative()));
    /// assert_eq!(b.to_bytes()[31] >> 7, 0);
    /// // -B has the opposite x.
    /// assert_eq!((-Point::GENERATOR).to_affine().x(), -b.x());
    /// ```
    pub fn x(&self) -> FieldElement {
        self.x
    }

    /// The y-coordinate.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, FieldElement};
    ///
    /// let fe = |n: u8| {
    ///     let mut b = [0u8; 32];
    ///     b[0] = n;
    ///     FieldElement::from_bytes(&b)
    /// };
    /// // B's y is 4/5 (RFC 8032 §5.1).
    /// assert_eq!(AffinePoint::GENERATOR.y() * fe(5), fe(4));
    /// ```
    pub fn y(&self) -> FieldElement {
        self.y
    }

    /// The point (x, y), if it is on the curve: -x² + y² = 1 + d·x²·y²; otherwise
    /// [`DecodeError::NotOnCurve`]. Constant time up to the verdict.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, DecodeError, FieldElement};
    ///
    /// let b = AffinePoint::GENERATOR;
    /// assert_eq!(AffinePoint::from_coordinates(&b.x(), &b.y()), Ok(b));
    /// // (x, y + 1) is not on the curve.
    /// let y1 = b.y() + FieldElement::ONE;
    /// assert_eq!(AffinePoint::from_coordinates(&b.x(), &y1), Err(DecodeError::NotOnCurve));
    /// ```
    pub fn from_coordinates(
        x: &FieldElement,
        y: &FieldElement,
    ) -> Result<AffinePoint, DecodeError> {
        // One backend choice for the whole check (as for every operation here).
        let on_curve = crate::backend::serial::field_dispatch!(F => {
            let (x2, y2) = (F::from_field(x).square(), F::from_field(y).square());
            (y2 - x2).ct_eq(&(F::ONE + F::from_field(&D) * x2 * y2))
        });
        if bool::from(on_curve) {
            Ok(AffinePoint { x: *x, y: *y })
        } else {
            Err(DecodeError::NotOnCurve)
        }
    }

    /// The point in extended coordinates, (x : y : 1 : x·y). One multiplication.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(7u8));
    /// assert_eq!(p.to_affine().to_point(), p);
    /// assert_eq!(AffinePoint::GENERATOR.to_point(), Point::GENERATOR);
    /// ```
    pub fn to_point(&self) -> Point {
        Point(Extended {
            x: self.x,
            y: self.y,
            z: FieldElement::ONE,
            t: self.x * self.y,
        })
    }

    /// The canonical RFC 8032 encoding, the same bytes as [`Point::to_bytes`] of the
    /// point, without its inversion.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(7u8));
    /// assert_eq!(p.to_affine().to_bytes(), p.to_bytes());
    /// ```
    pub fn to_bytes(&self) -> [u8; 32] {
        crate::point::encoding::encode_affine(&self.x, &self.y)
    }

    /// Decodes with [`Point::from_bytes`]'s lenient rules (upstream `SetBytes`,
    /// ZIP-215), with its errors.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, DecodeError, Point};
    ///
    /// let enc = Point::GENERATOR.to_bytes();
    /// assert_eq!(AffinePoint::from_bytes(&enc), Ok(AffinePoint::GENERATOR));
    /// // y = 2 is on no point.
    /// let mut two = [0u8; 32];
    /// two[0] = 2;
    /// assert_eq!(AffinePoint::from_bytes(&two), Err(DecodeError::NotOnCurve));
    /// ```
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<AffinePoint, DecodeError> {
        Point::from_bytes(bytes).map(|p| AffinePoint::from_decoded(&p))
    }

    /// Decodes with [`Point::from_canonical_bytes`]'s strict rules (RFC 8032 §5.1.3),
    /// with its errors.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, DecodeError};
    ///
    /// // y = p + 1, a non-canonical encoding of the identity: lenient decoding accepts it,
    /// // strict decoding does not.
    /// let mut y = [0xffu8; 32];
    /// y[0] = 0xee;
    /// y[31] = 0x7f;
    /// assert_eq!(AffinePoint::from_bytes(&y), Ok(AffinePoint::IDENTITY));
    /// assert_eq!(AffinePoint::from_canonical_bytes(&y), Err(DecodeError::NonCanonicalY));
    /// ```
    pub fn from_canonical_bytes(bytes: &[u8; 32]) -> Result<AffinePoint, DecodeError> {
        Point::from_canonical_bytes(bytes).map(|p| AffinePoint::from_decoded(&p))
    }

    /// The affine coordinates of a point that a decoder just made: the decoders return
    /// Z = 1 (`encoding::decode`), so X and Y are x and y and no inversion is needed.
    fn from_decoded(p: &Point) -> AffinePoint {
        debug_assert!(p.0.z == FieldElement::ONE);
        AffinePoint { x: p.0.x, y: p.0.y }
    }

    /// 1 if self is the identity (x = 0, y = 1).
    #[cfg(feature = "group")]
    pub(crate) fn ct_is_identity(&self) -> Choice {
        self.ct_eq(&AffinePoint::IDENTITY)
    }

    /// (y+x, y-x, 2d·x·y): the addend of a mixed addition. Cost: 2M.
    fn addend(&self) -> AffineCached<FieldElement> {
        AffineCached {
            y_plus_x: self.y + self.x,
            y_minus_x: self.y - self.x,
            xy2d: self.x * self.y * D2,
        }
    }
}

/// (X/Z, Y/Z) with `zinv` = 1/Z.
#[inline(always)]
fn affine_from<F: FieldArith>(p: &Extended<F>, zinv: &F) -> AffinePoint {
    AffinePoint {
        x: (p.x * *zinv).to_field(),
        y: (p.y * *zinv).to_field(),
    }
}

impl Point {
    /// The affine coordinates (x, y) = (X/Z, Y/Z). One field inversion (constant time),
    /// on the fastest field backend; for many points, [`Point::batch_to_affine`] shares
    /// one inversion among all of them.
    ///
    /// ```
    /// use edwards25519_group::{AffinePoint, Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(3u8));
    /// let a = p.to_affine();
    /// assert_eq!(a.to_point(), p);
    /// assert_eq!(AffinePoint::from_coordinates(&a.x(), &a.y()), Ok(a));
    /// ```
    pub fn to_affine(&self) -> AffinePoint {
        crate::backend::serial::field_dispatch!(F => {
            let p = self.0.convert::<F>();
            affine_from(&p, &<F as FieldArith>::invert(&p.z))
        })
    }
}

/// [`Point::to_affine`] of every point with one inversion (`models::invert_all`).
#[cfg(feature = "alloc")]
fn batch_to_affine_with<F: FieldArith>(points: &[Point]) -> alloc::vec::Vec<AffinePoint> {
    let zinv = crate::models::invert_all(points.iter().map(|p| F::from_field(&p.0.z)));
    points
        .iter()
        .zip(zinv)
        .map(|(p, zinv)| affine_from(&p.0.convert::<F>(), &zinv))
        .collect()
}

#[cfg(feature = "alloc")]
impl Point {
    /// [`Point::to_affine`] of every point, with one field inversion for the whole batch
    /// (Montgomery's trick: 3 multiplications per point more) instead of one per point.
    /// Constant time; an empty slice gives an empty vector.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let points = [Point::GENERATOR, Point::IDENTITY, Point::GENERATOR.double()];
    /// let affine = Point::batch_to_affine(&points);
    /// assert!(affine.iter().zip(&points).all(|(a, p)| *a == p.to_affine()));
    /// ```
    pub fn batch_to_affine(points: &[Point]) -> alloc::vec::Vec<AffinePoint> {
        crate::backend::serial::field_dispatch!(F => batch_to_affine_with::<F>(points))
    }
}

impl ConstantTimeEq for AffinePoint {
    /// Equality of the coordinates mod p (affine coordinates are unique).
    fn ct_eq(&self, other: &AffinePoint) -> Choice {
        self.x.ct_eq(&other.x) & self.y.ct_eq(&other.y)
    }
}

impl PartialEq for AffinePoint {
    fn eq(&self, other: &AffinePoint) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for AffinePoint {}

impl Hash for AffinePoint {
    /// Hashes the canonical encoding, so it agrees with equality and with
    /// [`Point`]'s hash of the same point. Not constant time.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.to_bytes().hash(state);
    }
}

impl ConditionallySelectable for AffinePoint {
    fn conditional_select(a: &AffinePoint, b: &AffinePoint, choice: Choice) -> AffinePoint {
        AffinePoint {
            x: FieldElement::conditional_select(&a.x, &b.x, choice),
            y: FieldElement::conditional_select(&a.y, &b.y, choice),
        }
    }
}

impl Default for AffinePoint {
    /// The identity.
    fn default() -> AffinePoint {
        AffinePoint::IDENTITY
    }
}

impl fmt::Debug for AffinePoint {
    /// Shows the canonical encoding (little-endian hex), as [`Point`]'s `Debug` does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        edwards25519_field::debug_hex(f, "AffinePoint", &self.to_bytes())
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for AffinePoint {
    /// Overwrites the coordinates with the identity's (on the curve, so the invariant
    /// holds after zeroizing).
    fn zeroize(&mut self) {
        self.x.zeroize();
        self.y = FieldElement::ONE;
    }
}

impl TryFrom<&[u8]> for AffinePoint {
    type Error = DecodeError;

    /// [`AffinePoint::from_bytes`] (lenient) of a 32-byte slice;
    /// [`DecodeError::InvalidLength`] for any other length.
    fn try_from(bytes: &[u8]) -> Result<AffinePoint, DecodeError> {
        Point::try_from(bytes).map(|p| AffinePoint::from_decoded(&p))
    }
}

impl From<&Point> for AffinePoint {
    /// [`Point::to_affine`] (one inversion).
    fn from(p: &Point) -> AffinePoint {
        p.to_affine()
    }
}

impl From<Point> for AffinePoint {
    /// [`Point::to_affine`] (one inversion).
    fn from(p: Point) -> AffinePoint {
        p.to_affine()
    }
}

impl From<&AffinePoint> for Point {
    /// [`AffinePoint::to_point`].
    fn from(p: &AffinePoint) -> Point {
        p.to_point()
    }
}

impl From<AffinePoint> for Point {
    /// [`AffinePoint::to_point`].
    fn from(p: AffinePoint) -> Point {
        p.to_point()
    }
}

impl Neg for &AffinePoint {
    type Output = AffinePoint;
    /// (-x, y).
    fn neg(self) -> AffinePoint {
        AffinePoint {
            x: -self.x,
            y: self.y,
        }
    }
}

impl Neg for AffinePoint {
    type Output = AffinePoint;
    fn neg(self) -> AffinePoint {
        -&self
    }
}

impl Add<&AffinePoint> for &Point {
    type Output = Point;
    /// Mixed addition with an affine addend (Z2 = 1): 2M to prepare it, 3M to add, 4M
    /// back to extended; valid for every pair, the identity and doubling included.
    fn add(self, rhs: &AffinePoint) -> Point {
        Point(self.0.add_affine(&rhs.addend()).to_extended())
    }
}

impl Sub<&AffinePoint> for &Point {
    type Output = Point;
    /// Mixed subtraction (the same cost as [`Point`] + [`AffinePoint`]).
    fn sub(self, rhs: &AffinePoint) -> Point {
        Point(self.0.sub_affine(&rhs.addend()).to_extended())
    }
}

impl Mul<&Scalar> for &AffinePoint {
    type Output = Point;
    /// Constant-time scalar multiplication of the point ([`Point`]'s `*`).
    fn mul(self, scalar: &Scalar) -> Point {
        self.to_point() * scalar
    }
}

impl Mul<&AffinePoint> for &Scalar {
    type Output = Point;
    /// Constant-time scalar multiplication of the point ([`Point`]'s `*`).
    fn mul(self, point: &AffinePoint) -> Point {
        point.to_point() * self
    }
}

// The owned and mixed-reference forms, from the reference ones above.
forward_binop!(Point, Add, add, AffinePoint => Point, AddAssign, add_assign);
forward_binop!(Point, Sub, sub, AffinePoint => Point, SubAssign, sub_assign);
forward_binop!(AffinePoint, Mul, mul, Scalar => Point);
forward_binop!(Scalar, Mul, mul, AffinePoint => Point);

#[cfg(test)]
mod tests {
    use super::*;

    /// The portable and the fast backend give the same batch, and the batch the
    /// single conversions (the public function runs only the backend this CPU picks).
    #[cfg(feature = "alloc")]
    #[test]
    fn batch_on_both_backends() {
        let t4 = crate::point::order_four_point();
        let points: alloc::vec::Vec<Point> = (0..9u8)
            .map(|i| match i % 3 {
                0 => Point::IDENTITY,
                1 => t4,
                _ => Point::mul_base(&Scalar::from_bytes_mod_order([i; 32])) + t4,
            })
            .collect();
        let want: alloc::vec::Vec<AffinePoint> = points.iter().map(Point::to_affine).collect();
        assert_eq!(batch_to_affine_with::<FieldElement>(&points), want);
        // The portable 4×64 limbs, and the MULX/ADX ones where this CPU has them.
        #[cfg(edwards25519_x86)]
        {
            use edwards25519_field::backend::radix64::Fe64;
            assert_eq!(batch_to_affine_with::<Fe64>(&points), want);
            if edwards25519_field::backend::cpu_has_bmi2_adx() {
                assert_eq!(
                    batch_to_affine_with::<crate::backend::serial::x86_64::Fast>(&points),
                    want
                );
            }
        }
        assert!(batch_to_affine_with::<FieldElement>(&[]).is_empty());
    }

    /// Decoders return Z = 1, which `from_decoded` relies on.
    #[test]
    fn decoders_return_z_one() {
        let p = Point::from_bytes(&Point::GENERATOR.double().to_bytes()).expect("valid");
        assert_eq!(p.0.z, FieldElement::ONE);
        let p = Point::from_canonical_bytes(&Point::GENERATOR.to_bytes()).expect("valid");
        assert_eq!(p.0.z, FieldElement::ONE);
    }
}
