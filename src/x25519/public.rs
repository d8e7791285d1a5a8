//! [`PublicKey`] and the slice-length [`Error`] of the typed X25519 API.

use core::fmt;

use edwards25519_group::montgomery::MontgomeryPoint;
#[cfg(feature = "zeroize")]
use zeroize::Zeroize;

/// Why a byte slice is not an X25519 key.
///
/// ```
/// use edwards25519::x25519::{Error, PublicKey};
///
/// let e = PublicKey::try_from(&[0u8; 31][..]).expect_err("31 bytes");
/// assert_eq!(e, Error::InvalidLength { expected: 32, actual: 31 });
/// assert_eq!(e.to_string(), "wrong length for an X25519 key: expected 32 bytes, got 31");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// The slice is not 32 bytes long.
    InvalidLength {
        /// The length of a key: 32.
        expected: usize,
        /// The length of the slice given.
        actual: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidLength { expected, actual } => write!(
                f,
                "wrong length for an X25519 key: expected {expected} bytes, got {actual}"
            ),
        }
    }
}

impl core::error::Error for Error {}

/// 32 bytes from a slice, or [`Error::InvalidLength`].
pub(super) fn array32(bytes: &[u8]) -> Result<[u8; 32], Error> {
    bytes.try_into().map_err(|_| Error::InvalidLength {
        expected: 32,
        actual: bytes.len(),
    })
}

/// An X25519 public key: a u-coordinate of 32 bytes, as sent on the wire.
///
/// Any 32 bytes are a public key, kept as given (RFC 7748 §5: bit 255 is ignored and a
/// non-canonical u is reduced when it is used). Equality and hashing compare u mod p,
/// as [`MontgomeryPoint`]'s (and x25519-dalek's) do. Not secret: `Debug` prints the bytes.
///
/// ```
/// use edwards25519::x25519::{PublicKey, StaticSecret};
///
/// let secret = StaticSecret::from([7u8; 32]);
/// let public = PublicKey::from(&secret);
/// let wire: [u8; 32] = public.to_bytes();
/// assert_eq!(PublicKey::from(wire), public);
/// assert_eq!(public.as_ref(), &wire[..]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PublicKey(pub(super) MontgomeryPoint);

impl PublicKey {
    /// The 32 bytes, as given.
    ///
    /// ```
    /// use edwards25519::x25519::PublicKey;
    ///
    /// let bytes = [0xffu8; 32]; // u >= p and bit 255 set: kept as given
    /// assert_eq!(PublicKey::from(bytes).to_bytes(), bytes);
    /// ```
    #[inline]
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    /// The 32 bytes, borrowed.
    ///
    /// ```
    /// use edwards25519::x25519::PublicKey;
    ///
    /// let public = PublicKey::from([9u8; 32]);
    /// assert_eq!(public.as_bytes(), &[9u8; 32]);
    /// ```
    #[inline]
    pub fn as_bytes(&self) -> &[u8; 32] {
        self.0.as_bytes()
    }
}

impl From<[u8; 32]> for PublicKey {
    /// The public key with these bytes (any 32 bytes are one).
    fn from(bytes: [u8; 32]) -> PublicKey {
        PublicKey(MontgomeryPoint(bytes))
    }
}

impl TryFrom<&[u8]> for PublicKey {
    type Error = Error;

    /// The public key with these 32 bytes; [`Error::InvalidLength`] for any other length.
    fn try_from(bytes: &[u8]) -> Result<PublicKey, Error> {
        array32(bytes).map(PublicKey::from)
    }
}

impl From<PublicKey> for [u8; 32] {
    fn from(key: PublicKey) -> [u8; 32] {
        key.to_bytes()
    }
}

impl From<MontgomeryPoint> for PublicKey {
    fn from(point: MontgomeryPoint) -> PublicKey {
        PublicKey(point)
    }
}

impl From<PublicKey> for MontgomeryPoint {
    fn from(key: PublicKey) -> MontgomeryPoint {
        key.0
    }
}

impl AsRef<[u8]> for PublicKey {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

#[cfg(feature = "zeroize")]
#[cfg_attr(docsrs, doc(cfg(feature = "zeroize")))]
impl Zeroize for PublicKey {
    /// Public keys are not wiped on drop; this is for callers who want to.
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}
