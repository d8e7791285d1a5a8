//! serde for the Ed25519 types (features `ed25519` and `serde`), byte for byte the
//! format of ed25519-dalek 3 for the keys and of the `ed25519` 3 crate (which
//! ed25519-dalek re-exports) for [`Signature`]: see the wire-format table in
//! docs/serde.md.
//!
//! - [`Signature`]: the 64 bytes R || S as held. Like [`Signature::from_bytes`],
//!   deserialization accepts any 64 bytes (a non-canonical S or an R that is not a
//!   point is reported by verification, which says which), so every `Signature` round
//!   trips.
//! - [`VerifyingKey`]: the 32 bytes as given; deserialization is
//!   [`VerifyingKey::from_bytes`], so bytes that are not a point are an error.
//! - [`SigningKey`]: the 32-byte seed (**secret**: serializing it writes the secret
//!   key out); deserialization is [`SigningKey::from_seed`], and the intermediate copy
//!   of the seed is zeroized.
//!
//! A byte string of any length but the type's is an error (in bincode and postcard the
//! length prefix is read and checked), never a different key.

use super::{Signature, SigningKey, VerifyingKey};
use edwards25519_scalar::serde_impl::{deserialize_bytes, serialize_bytes, serialize_hex_or_bytes};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use zeroize::Zeroize;

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Signature {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_hex_or_bytes(&self.to_bytes(), serializer)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Signature {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Signature, D::Error> {
        deserialize_bytes::<D, 64>(deserializer).map(|bytes| Signature::from_bytes(&bytes))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for VerifyingKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_bytes(self.as_bytes(), serializer)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for VerifyingKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<VerifyingKey, D::Error> {
        let bytes = deserialize_bytes::<D, 32>(deserializer)?;
        VerifyingKey::from_bytes(&bytes).map_err(|e| D::Error::custom(WithCause(e)))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for SigningKey {
    /// The seed. Secret: whatever the serializer writes to must be protected.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seed = self.to_bytes();
        let out = serialize_bytes(&seed, serializer);
        seed.zeroize();
        out
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for SigningKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SigningKey, D::Error> {
        let mut seed = deserialize_bytes::<D, 32>(deserializer)?;
        let key = SigningKey::from_seed(&seed);
        seed.zeroize();
        Ok(key)
    }
}

/// An error and its cause in one line: serde's errors carry a message, not a chain.
struct WithCause(super::Error);

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl core::fmt::Display for WithCause {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", self.0)?;
        if let Some(cause) = core::error::Error::source(&self.0) {
            write!(f, ": {cause}")?;
        }
        Ok(())
    }
}
