//! serde for the Ed25519 types (features `ed25519` and `serde`), in the byte-array
//! shape the scalar and group crates use: a hex string in human-readable formats, a
//! fixed-length tuple of bytes in binary ones.
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

use super::{Signature, SigningKey, VerifyingKey};
use edwards25519_scalar::serde_impl::{deserialize, serialize};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use zeroize::Zeroize;

impl Serialize for Signature {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(&self.to_bytes(), serializer)
    }
}

impl<'de> Deserialize<'de> for Signature {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Signature, D::Error> {
        deserialize::<D, 64>(deserializer).map(|bytes| Signature::from_bytes(&bytes))
    }
}

impl Serialize for VerifyingKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(self.as_bytes(), serializer)
    }
}

impl<'de> Deserialize<'de> for VerifyingKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<VerifyingKey, D::Error> {
        let bytes = deserialize::<D, 32>(deserializer)?;
        VerifyingKey::from_bytes(&bytes).map_err(D::Error::custom)
    }
}

impl Serialize for SigningKey {
    /// The seed. Secret: whatever the serializer writes to must be protected.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seed = self.to_bytes();
        let out = serialize(&seed, serializer);
        seed.zeroize();
        out
    }
}

impl<'de> Deserialize<'de> for SigningKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SigningKey, D::Error> {
        let mut seed = deserialize::<D, 32>(deserializer)?;
        let key = SigningKey::from_seed(&seed);
        seed.zeroize();
        Ok(key)
    }
}
