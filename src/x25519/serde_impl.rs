//! serde for [`PublicKey`] and [`StaticSecret`] (feature `serde`), byte for byte
//! x25519-dalek 3's wire format: its types derive serde, so each is a newtype struct
//! (named `PublicKey`, `StaticSecret`) around a 32-tuple of bytes (curve25519-dalek's
//! `MontgomeryPoint` and `[u8; 32]` both serialize as one). The formats in use are
//! transparent to newtype structs: the 32 bytes in bincode 1 and postcard, an array of 32
//! integers in CBOR and of 32 numbers in JSON. `tests/x25519_serde.rs` pins those bytes
//! against x25519-dalek's own and reads each side's output with the other.
//!
//! Deserialization accepts any 32 bytes (every 32 bytes are a key of either type, as
//! with `From<[u8; 32]>`), read by the crate's strict 32-tuple reader (the one
//! `MontgomeryPoint` and `Scalar` use): a wrong length is an error, never a different
//! key. Two differences from x25519-dalek, both on input it never writes: where
//! x25519-dalek reads a CBOR array of more than 32 bytes as its first 32, this refuses
//! it; and the self-describing formats also accept the crate's other shapes of 32 bytes
//! (CBOR: a byte string; JSON: hex digits).

use super::{PublicKey, StaticSecret};
use edwards25519_scalar::serde_impl::deserialize_tuple;
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for PublicKey {
    /// The 32 bytes as given, in x25519-dalek's shape.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct("PublicKey", &self.0)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for PublicKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PublicKey, D::Error> {
        deserializer.deserialize_newtype_struct("PublicKey", Newtype(PublicKey))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for StaticSecret {
    /// The 32 secret bytes as held (not clamped). Secret: whatever the serializer writes
    /// to must be protected.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct("StaticSecret", &self.0)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for StaticSecret {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<StaticSecret, D::Error> {
        deserializer
            .deserialize_newtype_struct("StaticSecret", Newtype(|b: Bytes32| StaticSecret(b.0)))
    }
}

/// 32 bytes in a 32-tuple, read strictly (see the module docs).
struct Bytes32([u8; 32]);

impl<'de> Deserialize<'de> for Bytes32 {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bytes32, D::Error> {
        deserialize_tuple::<D, 32>(deserializer).map(Bytes32)
    }
}

/// Reads a newtype struct around a `T` and wraps it with `F`: the inner value directly
/// (how the self-describing and the compact formats hand a newtype over), or as the one
/// element of a sequence (how a format that writes newtypes as 1-tuples does), as serde's
/// derive reads one.
struct Newtype<T, W>(fn(T) -> W);

impl<'de, T: Deserialize<'de>, W> Visitor<'de> for Newtype<T, W> {
    type Value = W;

    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("an X25519 key: 32 bytes")
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<W, D::Error> {
        T::deserialize(deserializer).map(self.0)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<W, A::Error> {
        match seq.next_element::<T>()? {
            Some(inner) => Ok((self.0)(inner)),
            None => Err(A::Error::invalid_length(0, &self)),
        }
    }
}
