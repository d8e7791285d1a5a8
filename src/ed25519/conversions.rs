//! Conversions that ed25519-dalek users reach for: byte slices with a checked length,
//! borrowed bytes, and the 64-byte keypair encoding (seed || public key).

use super::{Error, Signature, SigningKey, VerifyingKey};
use crate::Point;
use zeroize::Zeroize;

impl SigningKey {
    /// The key from the 64-byte keypair encoding seed || public key (what
    /// ed25519-dalek's `to_keypair_bytes` and libsodium's secret keys hold).
    ///
    /// Fails with [`Error::KeypairMismatch`] unless the second half is the (canonical)
    /// encoding of the seed's public key, so a keypair whose halves do not belong
    /// together is refused rather than signing under the wrong public key.
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[9u8; 32]);
    /// let pair = key.to_keypair_bytes();
    /// assert_eq!(SigningKey::from_keypair_bytes(&pair), Ok(key));
    ///
    /// let mut other = pair;
    /// other[32..].copy_from_slice(&SigningKey::from_seed(&[8u8; 32]).verifying_key().to_bytes());
    /// assert_eq!(SigningKey::from_keypair_bytes(&other), Err(Error::KeypairMismatch));
    /// ```
    pub fn from_keypair_bytes(bytes: &[u8; 64]) -> Result<SigningKey, Error> {
        let mut seed = [0u8; 32];
        seed.copy_from_slice(&bytes[..32]);
        let key = SigningKey::from_seed(&seed);
        seed.zeroize();
        // Public data: the comparison need not be constant time.
        if key.verifying_key().as_bytes()[..] == bytes[32..] {
            Ok(key)
        } else {
            Err(Error::KeypairMismatch)
        }
    }

    /// The 64-byte keypair encoding: the seed, then the public key.
    /// **Secret**: the first half is the secret key; wipe the array when done.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let key = SigningKey::from_seed(&[7; 32]);
    /// let pair = key.to_keypair_bytes();
    /// assert_eq!(pair[..32], key.to_bytes());
    /// assert_eq!(pair[32..], key.verifying_key().to_bytes());
    /// let back = SigningKey::from_keypair_bytes(&pair).expect("the halves match");
    /// assert_eq!(back.to_bytes(), key.to_bytes());
    /// ```
    pub fn to_keypair_bytes(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        out[..32].copy_from_slice(self.as_bytes());
        out[32..].copy_from_slice(self.verifying_key().as_bytes());
        out
    }
}

impl TryFrom<&[u8]> for SigningKey {
    type Error = Error;

    /// The key with this 32-byte seed ([`SigningKey::from_seed`]);
    /// [`Error::InvalidLength`] for any other length.
    fn try_from(bytes: &[u8]) -> Result<SigningKey, Error> {
        let seed: &[u8; 32] = bytes.try_into().map_err(|_| Error::InvalidLength {
            expected: 32,
            actual: bytes.len(),
        })?;
        Ok(SigningKey::from_seed(seed))
    }
}

impl TryFrom<&[u8; 64]> for SigningKey {
    type Error = Error;

    /// [`SigningKey::from_keypair_bytes`].
    fn try_from(bytes: &[u8; 64]) -> Result<SigningKey, Error> {
        SigningKey::from_keypair_bytes(bytes)
    }
}

impl AsRef<[u8]> for VerifyingKey {
    /// The encoding as given ([`VerifyingKey::as_bytes`]).
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl AsRef<[u8]> for Signature {
    /// R || S ([`Signature::as_bytes`]).
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl From<Point> for VerifyingKey {
    /// [`VerifyingKey::from_point`]: the key with the point's canonical encoding.
    fn from(point: Point) -> VerifyingKey {
        VerifyingKey::from_point(&point)
    }
}

impl From<&Point> for VerifyingKey {
    /// [`VerifyingKey::from_point`].
    fn from(point: &Point) -> VerifyingKey {
        VerifyingKey::from_point(point)
    }
}

impl From<&VerifyingKey> for Point {
    /// The point A ([`VerifyingKey::to_point`]).
    fn from(key: &VerifyingKey) -> Point {
        key.to_point()
    }
}
