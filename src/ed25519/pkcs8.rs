//! PKCS#8 and SPKI (RFC 8410) import and export of Ed25519 keys (feature `pkcs8`; the PEM
//! text forms with `pem`), through the `ed25519` 3 crate's `pkcs8` module, so documents
//! written by ed25519-dalek (which uses the same module) or OpenSSL load here and back.
//!
//! The traits are the ones that module re-exports, [`EncodePrivateKey`],
//! [`DecodePrivateKey`], [`EncodePublicKey`], [`DecodePublicKey`]; they come with the
//! blanket implementations of the `pkcs8` and `spki` crates over the `TryFrom`
//! conversions below, as the `ed25519::pkcs8` documentation describes:
//!
//! - `SigningKey` <-> [`KeypairBytes`]: a private key document holds the seed (RFC 8410
//!   §7, `CurvePrivateKey`) and, in a version 2 (RFC 5958 `OneAsymmetricKey`)
//!   document, the public key as well. Decoding a document that carries a public key
//!   checks that it is the seed's own: a mismatch is
//!   `pkcs8::Error::KeyMalformed(KeyError::Invalid)`, never a key that signs under one
//!   public key while claiming another. Export writes version 2, with the public key.
//! - `VerifyingKey` <-> [`PublicKeyBytes`]: the 32-byte encoding of A, decoded with
//!   [`VerifyingKey::from_bytes`]'s rules (a key it refuses is `spki::Error::KeyMalformed`).
//!
//! ```
//! use edwards25519::ed25519::SigningKey;
//! use edwards25519::ed25519::pkcs8::{DecodePrivateKey, EncodePrivateKey};
//!
//! let key = SigningKey::from_seed(&[5u8; 32]);
//! let der = key.to_pkcs8_der().expect("encoding into memory does not fail");
//! assert_eq!(SigningKey::from_pkcs8_der(der.as_bytes()), Ok(key));
//! ```

use super::{SigningKey, VerifyingKey};
use ::ed25519::pkcs8::spki::SubjectPublicKeyInfoRef;
use ::ed25519::pkcs8::{PrivateKeyInfoRef, SecretDocument};

#[cfg(feature = "pem")]
#[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
pub use ::ed25519::pkcs8::spki::der::pem::LineEnding;
/// The `ed25519` crate's PKCS#8 items, re-exported so that no other import is needed:
/// the four traits, the byte containers, the documents and the error types
/// (`Error` for private keys, `spki::Error` for public keys).
pub use ::ed25519::pkcs8::{
    DecodePrivateKey, DecodePublicKey, Document, EncodePrivateKey, EncodePublicKey, Error,
    KeyError, KeypairBytes, PublicKeyBytes, spki,
};

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl From<&SigningKey> for KeypairBytes {
    /// The seed and the public key (a version 2 document when encoded).
    fn from(key: &SigningKey) -> KeypairBytes {
        KeypairBytes {
            secret_key: *key.as_bytes(),
            public_key: Some(PublicKeyBytes(key.verifying_key().to_bytes())),
        }
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl TryFrom<KeypairBytes> for SigningKey {
    type Error = Error;

    /// [`TryFrom<&KeypairBytes>`](#impl-TryFrom%3C%26KeypairBytes%3E-for-SigningKey).
    fn try_from(pair: KeypairBytes) -> Result<SigningKey, Error> {
        SigningKey::try_from(&pair)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl TryFrom<&KeypairBytes> for SigningKey {
    type Error = Error;

    /// The key of the seed; if the public key is present it must be the seed's
    /// (compared byte for byte with its canonical encoding), else
    /// `KeyMalformed(KeyError::Invalid)`.
    fn try_from(pair: &KeypairBytes) -> Result<SigningKey, Error> {
        let key = SigningKey::from_seed(&pair.secret_key);
        match &pair.public_key {
            // Public data: the comparison need not be constant time.
            Some(public) if public.0 != key.verifying_key().to_bytes() => {
                Err(Error::KeyMalformed(KeyError::Invalid))
            }
            _ => Ok(key),
        }
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl TryFrom<PrivateKeyInfoRef<'_>> for SigningKey {
    type Error = Error;

    /// The `ed25519` crate's parsing (algorithm OID 1.3.101.112, a 32-byte
    /// `CurvePrivateKey`), then [`TryFrom<KeypairBytes>`](#impl-TryFrom%3CKeypairBytes%3E-for-SigningKey).
    /// This gives [`DecodePrivateKey`].
    fn try_from(info: PrivateKeyInfoRef<'_>) -> Result<SigningKey, Error> {
        SigningKey::try_from(KeypairBytes::try_from(info)?)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl EncodePrivateKey for SigningKey {
    /// A version 2 document (seed and public key), the same bytes ed25519-dalek 3
    /// writes. The document wipes its buffer when dropped; the intermediate
    /// [`KeypairBytes`] wipes itself too.
    fn to_pkcs8_der(&self) -> ::ed25519::pkcs8::Result<SecretDocument> {
        KeypairBytes::from(self).to_pkcs8_der()
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl From<&VerifyingKey> for PublicKeyBytes {
    /// The encoding as held ([`VerifyingKey::to_bytes`]).
    fn from(key: &VerifyingKey) -> PublicKeyBytes {
        PublicKeyBytes(key.to_bytes())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl From<VerifyingKey> for PublicKeyBytes {
    fn from(key: VerifyingKey) -> PublicKeyBytes {
        PublicKeyBytes::from(&key)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl TryFrom<PublicKeyBytes> for VerifyingKey {
    type Error = spki::Error;

    /// [`VerifyingKey::from_bytes`]; bytes it refuses are `KeyMalformed`.
    fn try_from(bytes: PublicKeyBytes) -> Result<VerifyingKey, spki::Error> {
        VerifyingKey::try_from(&bytes)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl TryFrom<&PublicKeyBytes> for VerifyingKey {
    type Error = spki::Error;

    /// [`VerifyingKey::from_bytes`]; bytes it refuses are `KeyMalformed`.
    fn try_from(bytes: &PublicKeyBytes) -> Result<VerifyingKey, spki::Error> {
        VerifyingKey::from_bytes(&bytes.0).map_err(|_| spki::Error::KeyMalformed)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl TryFrom<SubjectPublicKeyInfoRef<'_>> for VerifyingKey {
    type Error = spki::Error;

    /// The `ed25519` crate's parsing (algorithm OID 1.3.101.112, a 32-byte key), then
    /// [`VerifyingKey::from_bytes`]. This gives [`DecodePublicKey`].
    fn try_from(info: SubjectPublicKeyInfoRef<'_>) -> Result<VerifyingKey, spki::Error> {
        VerifyingKey::try_from(PublicKeyBytes::try_from(info)?)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
impl EncodePublicKey for VerifyingKey {
    /// A SubjectPublicKeyInfo with algorithm id-Ed25519 and the 32-byte encoding.
    fn to_public_key_der(&self) -> spki::Result<Document> {
        PublicKeyBytes::from(self).to_public_key_der()
    }
}
