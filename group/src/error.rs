//! [`DecodeError`]: why bytes or coordinates do not make a point.

use core::fmt;

/// Why a point decoding ([`Point::from_bytes`](crate::Point::from_bytes),
/// [`Point::from_canonical_bytes`](crate::Point::from_canonical_bytes)) or a coordinate
/// import ([`Point::from_extended_coordinates`](crate::Point::from_extended_coordinates))
/// failed.
///
/// When several reasons apply, the decoders report the first in this order:
/// [`NonCanonicalY`](Self::NonCanonicalY), [`NotOnCurve`](Self::NotOnCurve),
/// [`NonCanonicalSign`](Self::NonCanonicalSign). The ristretto255 decoder reports
/// [`NonCanonicalFieldElement`](Self::NonCanonicalFieldElement), then
/// [`NegativeFieldElement`](Self::NegativeFieldElement), then
/// [`InvalidRistrettoEncoding`](Self::InvalidRistrettoEncoding).
///
/// ```
/// use edwards25519_group::{DecodeError, Point};
///
/// let mut two = [0u8; 32];
/// two[0] = 2; // y = 2: no point has it
/// assert_eq!(Point::from_bytes(&two), Err(DecodeError::NotOnCurve));
/// let e = Point::try_from(&[0u8; 31][..]).expect_err("31 bytes");
/// assert_eq!(e, DecodeError::InvalidLength { expected: 32, actual: 31 });
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeError {
    /// No curve point has this y-coordinate ((y² - 1)/(d·y² + 1) is not a square), or,
    /// for extended coordinates, -X² + Y² != Z² + d·T², or, for affine coordinates
    /// ([`AffinePoint::from_coordinates`](crate::AffinePoint::from_coordinates)),
    /// -x² + y² != 1 + d·x²·y².
    NotOnCurve,
    /// Strict decoding only: the encoded y is not reduced (y >= p).
    NonCanonicalY,
    /// Strict decoding only: x = 0 but the sign bit is set ("negative zero").
    NonCanonicalSign,
    /// Extended coordinates with Z = 0 or X·Y != Z·T (all-zero coordinates included).
    InvalidCoordinates,
    /// A byte slice ([`Point::try_from`](crate::Point#impl-TryFrom<%26[u8]>-for-Point))
    /// is not 32 bytes long.
    InvalidLength {
        /// The length of a point encoding: 32.
        expected: usize,
        /// The length of the slice given.
        actual: usize,
    },
    /// ristretto255 decoding ([`RistrettoPoint::from_bytes`](crate::ristretto::RistrettoPoint::from_bytes)):
    /// the encoded field element s is not reduced (s >= p, or bit 255 is set).
    NonCanonicalFieldElement,
    /// ristretto255 decoding: s is negative (odd), and only the non-negative s of each
    /// element is its encoding.
    NegativeFieldElement,
    /// ristretto255 decoding: s is canonical and non-negative but encodes no element
    /// (RFC 9496 §4.3.1: the square root fails, t is negative, or y = 0).
    InvalidRistrettoEncoding,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::NotOnCurve => {
                f.write_str("not an edwards25519 point: no x matches this y")
            }
            DecodeError::NonCanonicalY => {
                f.write_str("non-canonical point encoding: y is not below p")
            }
            DecodeError::NonCanonicalSign => {
                f.write_str("non-canonical point encoding: x is zero but the sign bit is set")
            }
            DecodeError::InvalidCoordinates => {
                f.write_str("invalid extended coordinates: Z is zero or X·Y != Z·T")
            }
            DecodeError::InvalidLength { expected, actual } => write!(
                f,
                "wrong length for a point encoding: expected {expected} bytes, got {actual}"
            ),
            DecodeError::NonCanonicalFieldElement => {
                f.write_str("non-canonical ristretto255 encoding: the field element is not below p")
            }
            DecodeError::NegativeFieldElement => {
                f.write_str("non-canonical ristretto255 encoding: the field element is negative")
            }
            DecodeError::InvalidRistrettoEncoding => {
                f.write_str("not a ristretto255 encoding: no group element has this encoding")
            }
        }
    }
}

impl core::error::Error for DecodeError {}
