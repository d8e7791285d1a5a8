//! curve25519-dalek's `constants` module: the points, their encodings and (feature
//! `precomputed-tables`) the base-point tables.

use crate::edwards::{CompressedEdwardsY, EdwardsPoint};
use crate::montgomery::MontgomeryPoint;
use crate::ristretto::{CompressedRistretto, RistrettoPoint};
use edwards25519_group::Point;
use edwards25519_group::ristretto::RistrettoPoint as NativeRistretto;

/// The Ed25519 base point B, as an [`EdwardsPoint`].
///
/// ```
/// use curve25519_dalek::constants::{ED25519_BASEPOINT_COMPRESSED, ED25519_BASEPOINT_POINT};
///
/// assert_eq!(ED25519_BASEPOINT_POINT.compress(), ED25519_BASEPOINT_COMPRESSED);
/// ```
pub const ED25519_BASEPOINT_POINT: EdwardsPoint = EdwardsPoint(Point::GENERATOR);

/// The encoding of the Ed25519 base point: y = 4/5, sign bit 0.
///
/// ```
/// use curve25519_dalek::constants::ED25519_BASEPOINT_COMPRESSED;
///
/// assert_eq!(ED25519_BASEPOINT_COMPRESSED.as_bytes()[0], 0x58);
/// ```
pub const ED25519_BASEPOINT_COMPRESSED: CompressedEdwardsY = CompressedEdwardsY([
    0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
]);

/// The X25519 base point, u = 9.
///
/// ```
/// use curve25519_dalek::constants::{ED25519_BASEPOINT_POINT, X25519_BASEPOINT};
///
/// assert_eq!(ED25519_BASEPOINT_POINT.to_montgomery(), X25519_BASEPOINT);
/// ```
pub const X25519_BASEPOINT: MontgomeryPoint =
    MontgomeryPoint(edwards25519_group::montgomery::X25519_BASEPOINT);

/// The encoding of the ristretto255 base point.
///
/// ```
/// use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_COMPRESSED, RISTRETTO_BASEPOINT_POINT};
///
/// assert_eq!(RISTRETTO_BASEPOINT_POINT.compress(), RISTRETTO_BASEPOINT_COMPRESSED);
/// ```
pub const RISTRETTO_BASEPOINT_COMPRESSED: CompressedRistretto = CompressedRistretto([
    0xe2, 0xf2, 0xae, 0x0a, 0x6a, 0xbc, 0x4e, 0x71, 0xa8, 0x84, 0xa9, 0x61, 0xc5, 0x00, 0x51, 0x5f,
    0x58, 0xe3, 0x0b, 0x6a, 0xa5, 0x82, 0xdd, 0x8d, 0xb6, 0xa6, 0x59, 0x45, 0xe0, 0x8d, 0x2d, 0x76,
]);

/// The ristretto255 base point.
///
/// ```
/// use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
/// use curve25519_dalek::ristretto::RistrettoPoint;
/// use curve25519_dalek::scalar::Scalar;
///
/// assert_eq!(RistrettoPoint::mul_base(&Scalar::ONE), RISTRETTO_BASEPOINT_POINT);
/// ```
pub const RISTRETTO_BASEPOINT_POINT: RistrettoPoint = RistrettoPoint(NativeRistretto::GENERATOR);

/// The Ed25519 base point's table, for `&scalar * ED25519_BASEPOINT_TABLE`: the native
/// static table of `Point::mul_base`.
///
/// ```
/// use curve25519_dalek::constants::{ED25519_BASEPOINT_POINT, ED25519_BASEPOINT_TABLE};
/// use curve25519_dalek::scalar::Scalar;
///
/// let s = Scalar::from(42u8);
/// assert_eq!(&s * ED25519_BASEPOINT_TABLE, s * ED25519_BASEPOINT_POINT);
/// ```
#[cfg(feature = "precomputed-tables")]
pub static ED25519_BASEPOINT_TABLE: &crate::edwards::EdwardsBasepointTable =
    &crate::tables::ED25519_BASEPOINT_TABLE_INNER;

/// The ristretto255 base point's table, for `&scalar * RISTRETTO_BASEPOINT_TABLE`.
///
/// ```
/// use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_POINT, RISTRETTO_BASEPOINT_TABLE};
/// use curve25519_dalek::scalar::Scalar;
///
/// let s = Scalar::from(42u8);
/// assert_eq!(&s * RISTRETTO_BASEPOINT_TABLE, s * RISTRETTO_BASEPOINT_POINT);
/// ```
#[cfg(feature = "precomputed-tables")]
pub static RISTRETTO_BASEPOINT_TABLE: &crate::ristretto::RistrettoBasepointTable =
    &crate::tables::RISTRETTO_BASEPOINT_TABLE_INNER;
