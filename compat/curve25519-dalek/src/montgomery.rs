//! curve25519-dalek's `montgomery` module: [`MontgomeryPoint`], over
//! [`edwards25519_group::montgomery`].

use crate::edwards::EdwardsPoint;
use crate::macros::{assignop, binop};
use crate::scalar::Scalar;
use crate::traits::Identity;
use core::fmt;
use edwards25519_group::montgomery::MontgomeryPoint as Native;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// The u-coordinate of a point on Curve25519 (or its twist), as 32 little-endian bytes.
///
/// ```
/// use curve25519_dalek::montgomery::MontgomeryPoint;
/// use curve25519_dalek::constants::X25519_BASEPOINT;
///
/// let a = MontgomeryPoint::mul_base_clamped([1; 32]);
/// assert_eq!(a, X25519_BASEPOINT.mul_clamped([1; 32]));
/// // `* Scalar` multiplies by the scalar mod l, unclamped.
/// let s = curve25519_dalek::Scalar::from(5u8);
/// assert_eq!(X25519_BASEPOINT * s, MontgomeryPoint::mul_base(&s));
/// ```
#[derive(Copy, Clone, Default)]
pub struct MontgomeryPoint(pub [u8; 32]);

impl MontgomeryPoint {
    /// The bytes, by reference.
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The bytes.
    pub const fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// `[s]B` for the base point B (u = 9). Constant time.
    pub fn mul_base(scalar: &Scalar) -> MontgomeryPoint {
        EdwardsPoint::mul_base(scalar).to_montgomery()
    }

    /// X25519's `[clamp(bytes)]B` for the base point (u = 9). Constant time.
    pub fn mul_base_clamped(bytes: [u8; 32]) -> MontgomeryPoint {
        MontgomeryPoint(Native::mul_base_clamped(bytes).0)
    }

    /// X25519: `[clamp(bytes)]` applied to this u-coordinate (RFC 7748). Constant time.
    pub fn mul_clamped(self, bytes: [u8; 32]) -> MontgomeryPoint {
        MontgomeryPoint(Native(self.0).mul_clamped(bytes).0)
    }

    /// `[n]P` for the integer n whose big-endian bits `bits` yields, any number of them
    /// (the native [`Native::mul_bits_be`]). Constant time in the bits' values; the
    /// time grows with their number.
    ///
    /// ```
    /// use curve25519_dalek::constants::X25519_BASEPOINT as P;
    /// use curve25519_dalek::Scalar;
    ///
    /// let five = [true, false, true];
    /// assert_eq!(P.mul_bits_be(five.into_iter()), P * Scalar::from(5u8));
    /// ```
    pub fn mul_bits_be(&self, bits: impl Iterator<Item = bool>) -> MontgomeryPoint {
        MontgomeryPoint(Native(self.0).mul_bits_be(bits).0)
    }

    /// The Edwards point with this u-coordinate and the sign of x given by `sign`'s low
    /// bit, or `None` if u is -1 or on the twist.
    pub fn to_edwards(&self, sign: u8) -> Option<EdwardsPoint> {
        Native(self.0).to_edwards(sign).map(EdwardsPoint::from)
    }
}

impl ConstantTimeEq for MontgomeryPoint {
    /// Compares the u-coordinates as field elements (u and u + p are equal).
    fn ct_eq(&self, other: &MontgomeryPoint) -> Choice {
        Native(self.0).ct_eq(&Native(other.0))
    }
}

impl ConditionallySelectable for MontgomeryPoint {
    fn conditional_select(
        a: &MontgomeryPoint,
        b: &MontgomeryPoint,
        choice: Choice,
    ) -> MontgomeryPoint {
        MontgomeryPoint(<[u8; 32]>::conditional_select(&a.0, &b.0, choice))
    }
}

/// `[s]P` for the scalar mod l, unclamped: the native `MontgomeryPoint * Scalar`; with
/// `legacy_compatibility`, by the scalar's integer (see `Scalar::from_bits`).
fn scalar_mul(p: &MontgomeryPoint, s: &Scalar) -> MontgomeryPoint {
    #[cfg(feature = "legacy_compatibility")]
    return MontgomeryPoint(Native(p.0).mul_unreduced(s.as_bytes()).0);
    #[cfg(not(feature = "legacy_compatibility"))]
    MontgomeryPoint((Native(p.0) * s.native()).0)
}

binop!(
    Mul,
    mul,
    MontgomeryPoint,
    Scalar,
    MontgomeryPoint,
    |a, b| scalar_mul(a, b)
);
binop!(
    Mul,
    mul,
    Scalar,
    MontgomeryPoint,
    MontgomeryPoint,
    |a, b| scalar_mul(b, a)
);
assignop!(MulAssign, mul_assign, MontgomeryPoint, Scalar, *);

impl PartialEq for MontgomeryPoint {
    fn eq(&self, other: &MontgomeryPoint) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for MontgomeryPoint {}

impl core::hash::Hash for MontgomeryPoint {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        Native(self.0).hash(state);
    }
}

impl Identity for MontgomeryPoint {
    fn identity() -> MontgomeryPoint {
        MontgomeryPoint([0; 32])
    }
}

impl fmt::Debug for MontgomeryPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MontgomeryPoint({:?})", &self.0)
    }
}

impl From<Native> for MontgomeryPoint {
    fn from(p: Native) -> MontgomeryPoint {
        MontgomeryPoint(p.0)
    }
}

impl From<MontgomeryPoint> for Native {
    fn from(p: MontgomeryPoint) -> Native {
        Native(p.0)
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for MontgomeryPoint {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for MontgomeryPoint {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::serde_bytes::serialize(&self.0, s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for MontgomeryPoint {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MontgomeryPoint, D::Error> {
        crate::serde_bytes::deserialize(d, "a valid point in Montgomery form").map(MontgomeryPoint)
    }
}
