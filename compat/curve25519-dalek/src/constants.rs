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

/// The eight points of order dividing 8, in curve25519-dalek's order: `EIGHT_TORSION[k]`
/// is `[k]T` for one point T of order 8 (the native [`Point::EIGHT_TORSION`]).
///
/// ```
/// use curve25519_dalek::constants::EIGHT_TORSION;
/// use curve25519_dalek::traits::IsIdentity;
///
/// assert!(EIGHT_TORSION[0].is_identity());
/// assert_eq!(EIGHT_TORSION[1] + EIGHT_TORSION[1], EIGHT_TORSION[2]);
/// assert!(EIGHT_TORSION.iter().all(|t| t.is_small_order()));
/// ```
pub const EIGHT_TORSION: [EdwardsPoint; 8] = {
    let t = Point::EIGHT_TORSION;
    [
        EdwardsPoint(t[0]),
        EdwardsPoint(t[1]),
        EdwardsPoint(t[2]),
        EdwardsPoint(t[3]),
        EdwardsPoint(t[4]),
        EdwardsPoint(t[5]),
        EdwardsPoint(t[6]),
        EdwardsPoint(t[7]),
    ]
};

/// The u-coordinates of points of small order on Curve25519 or its twist, as
/// curve25519-dalek lists them: 0 (order 2), 1 (order 4, the image of the Edwards
/// points with y = 0), the two u of the points of order 8, p - 1 (order 4 on the
/// twist), and p and p + 1 (non-canonical encodings of 0 and 1). Multiplying any of
/// them by a clamped scalar gives u = 0.
///
/// ```
/// use curve25519_dalek::constants::X25519_LOW_ORDER_POINTS;
///
/// for p in X25519_LOW_ORDER_POINTS {
///     assert_eq!(p.mul_clamped([0x5c; 32]).to_bytes(), [0; 32]);
/// }
/// ```
#[rustfmt::skip]
pub static X25519_LOW_ORDER_POINTS: [MontgomeryPoint; 7] = [
    // 0: (0, 0), order 2.
    MontgomeryPoint([0; 32]),
    // 1: order 4 (u² = 1 exactly when [2]P = (0, 0)).
    MontgomeryPoint([
        0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]),
    // The two u of the points of order 8.
    MontgomeryPoint([
        0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
        0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00,
    ]),
    MontgomeryPoint([
        0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c, 0x83, 0xef, 0x5b,
        0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22, 0x4e, 0xdd, 0xd0, 0x9f, 0x11, 0x57,
    ]),
    // p - 1 (order 4, u² = 1 on the twist), then p and p + 1.
    MontgomeryPoint([
        0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
    ]),
    MontgomeryPoint([
        0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
    ]),
    MontgomeryPoint([
        0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
    ]),
];
