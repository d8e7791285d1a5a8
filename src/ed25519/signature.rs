//! The 64-byte signature R || S, kept exactly as received.

use super::Error;
use crate::Scalar;
use core::fmt;

/// An Ed25519 signature: the encoding of the point R followed by the scalar S.
///
/// Any 64 bytes make a `Signature`: nothing is checked until verification, which then
/// says what is wrong (S not canonical, R not a point, ...). The bytes are kept as given,
/// because the challenge hash covers R exactly as received.
///
/// ```
/// use edwards25519::ed25519::{Error, Signature, SigningKey};
///
/// let key = SigningKey::from_seed(&[2u8; 32]);
/// let sig = key.sign(b"hi");
/// let bytes: [u8; 64] = sig.to_bytes();
/// assert_eq!(Signature::from_bytes(&bytes), sig);
/// assert_eq!(Signature::from_components(*sig.r_bytes(), *sig.s_bytes()), sig);
/// // From a slice, with its length checked.
/// assert_eq!(Signature::try_from(&bytes[..]), Ok(sig));
/// assert_eq!(
///     Signature::try_from(&bytes[..63]),
///     Err(Error::InvalidLength { expected: 64, actual: 63 })
/// );
/// // Any 64 bytes make a Signature; verification says what is wrong with them.
/// let bad = Signature::from_bytes(&[0xff; 64]);
/// assert_eq!(key.verifying_key().verify(b"hi", &bad), Err(Error::NonCanonicalS));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Signature {
    /// R || S.
    bytes: [u8; 64],
}

impl Signature {
    /// The signature with these 64 bytes (R || S).
    ///
    /// ```
    /// use edwards25519::ed25519::{Signature, SigningKey};
    ///
    /// let sig = SigningKey::from_seed(&[1; 32]).sign(b"msg");
    /// assert_eq!(Signature::from_bytes(&sig.to_bytes()), sig);
    /// // Any 64 bytes are a Signature; verification judges them.
    /// let junk = Signature::from_bytes(&[0xff; 64]);
    /// assert!(SigningKey::from_seed(&[1; 32]).verifying_key().verify(b"msg", &junk).is_err());
    /// ```
    pub fn from_bytes(bytes: &[u8; 64]) -> Signature {
        Signature { bytes: *bytes }
    }

    /// The signature from its two halves: the encoding of R and the encoding of S.
    ///
    /// ```
    /// use edwards25519::ed25519::{Signature, SigningKey};
    ///
    /// let sig = SigningKey::from_seed(&[1; 32]).sign(b"msg");
    /// assert_eq!(Signature::from_components(*sig.r_bytes(), *sig.s_bytes()), sig);
    /// ```
    pub fn from_components(r: [u8; 32], s: [u8; 32]) -> Signature {
        let mut bytes = [0u8; 64];
        bytes[..32].copy_from_slice(&r);
        bytes[32..].copy_from_slice(&s);
        Signature { bytes }
    }

    /// The 64 bytes R || S, unchanged.
    ///
    /// ```
    /// use edwards25519::ed25519::Signature;
    ///
    /// let bytes = [0x5a; 64];
    /// assert_eq!(Signature::from_bytes(&bytes).to_bytes(), bytes);
    /// ```
    pub fn to_bytes(&self) -> [u8; 64] {
        self.bytes
    }

    /// The 64 bytes R || S, borrowed.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let sig = SigningKey::from_seed(&[1; 32]).sign(b"msg");
    /// assert_eq!(sig.as_bytes(), &sig.to_bytes());
    /// ```
    pub fn as_bytes(&self) -> &[u8; 64] {
        &self.bytes
    }

    /// The encoding of R, the first half.
    ///
    /// ```
    /// use edwards25519::Point;
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let sig = SigningKey::from_seed(&[1; 32]).sign(b"msg");
    /// assert_eq!(sig.r_bytes()[..], sig.to_bytes()[..32]);
    /// // An honest R is a canonical point encoding.
    /// assert!(Point::from_canonical_bytes(sig.r_bytes()).is_ok());
    /// ```
    pub fn r_bytes(&self) -> &[u8; 32] {
        &self.halves()[0]
    }

    /// The encoding of S, the second half.
    ///
    /// ```
    /// use edwards25519::Scalar;
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let sig = SigningKey::from_seed(&[1; 32]).sign(b"msg");
    /// assert_eq!(sig.s_bytes()[..], sig.to_bytes()[32..]);
    /// // An honest S is a canonical scalar (below l).
    /// assert!(bool::from(Scalar::from_canonical_bytes(*sig.s_bytes()).is_some()));
    /// ```
    pub fn s_bytes(&self) -> &[u8; 32] {
        &self.halves()[1]
    }

    /// R and S, as two 32-byte arrays.
    fn halves(&self) -> &[[u8; 32]] {
        self.bytes.as_chunks::<32>().0
    }

    /// S as a scalar, if it is canonical (below l), as both verification rules require.
    pub(super) fn s_scalar(&self) -> Result<Scalar, Error> {
        Option::from(Scalar::from_canonical_bytes(*self.s_bytes())).ok_or(Error::NonCanonicalS)
    }
}

impl From<[u8; 64]> for Signature {
    fn from(bytes: [u8; 64]) -> Signature {
        Signature::from_bytes(&bytes)
    }
}

impl From<&[u8; 64]> for Signature {
    fn from(bytes: &[u8; 64]) -> Signature {
        Signature::from_bytes(bytes)
    }
}

impl From<Signature> for [u8; 64] {
    fn from(sig: Signature) -> [u8; 64] {
        sig.to_bytes()
    }
}

impl TryFrom<&[u8]> for Signature {
    type Error = Error;

    /// Fails with [`Error::InvalidLength`] unless the slice has exactly 64 bytes.
    fn try_from(bytes: &[u8]) -> Result<Signature, Error> {
        let bytes: &[u8; 64] = bytes.try_into().map_err(|_| Error::InvalidLength {
            expected: 64,
            actual: bytes.len(),
        })?;
        Ok(Signature::from_bytes(bytes))
    }
}

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        edwards25519_field::debug_hex(f, "Signature", &self.bytes)
    }
}
