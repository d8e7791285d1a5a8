//! serde for [`Scalar`] (feature `serde`), and the fixed-size byte encodings that the
//! group crate and the facade share for points, keys and signatures.
//!
//! Two serialized shapes, chosen per type so that each type's bytes are the same as
//! its counterpart's in curve25519-dalek 5, ed25519-dalek 3 and the `ed25519` 3 crate
//! (the facade's `ed25519` module documents the table, and tests pin the bytes):
//!
//! - **tuple** ([`serialize_tuple`], for scalars and points): `serialize_tuple` of N
//!   `u8` in every format. bincode and postcard write the N bytes with no length prefix;
//!   CBOR an array of N integers; JSON an array of N numbers.
//! - **bytes** ([`serialize_bytes`], for keys; [`serialize_hex_or_bytes`], for
//!   signatures): `serialize_bytes`, so bincode writes a little-endian `u64` length
//!   then the bytes, postcard a varint length then the bytes, CBOR a byte string; in
//!   human-readable formats, keys are whatever the format makes of `serialize_bytes`
//!   (JSON: an array of N numbers), signatures an upper-case hex string.
//!
//! Deserialization asks the format for the shape it wrote, so in bincode and postcard
//! (which do not describe themselves) only that shape can be read: a tuple is exactly N
//! bytes, and a byte string is read with its length prefix, which must be N. The
//! self-describing formats also accept the other shapes, always with the length
//! checked: CBOR an array or a byte string of length N, human-readable formats an
//! array of N byte values or 2N hex digits (either case).
//!
//! Deserialization validates: a wrong length, a bad hex digit or, for a scalar, a value
//! `>= l` is an error of the format, never a panic and never a different value.
//!
//! The helpers are public only so the sibling crates can share them; they are not part
//! of the semver-stable API.

use crate::Scalar;
use core::fmt;
use core::marker::PhantomData;
use serde::de::{self, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::ser::SerializeTuple;
use serde::{Deserialize, Serialize, Serializer};

/// Serializes `bytes` as a tuple of N `u8` in every format (curve25519-dalek's shape).
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub fn serialize_tuple<S: Serializer, const N: usize>(
    bytes: &[u8; N],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut tuple = serializer.serialize_tuple(N)?;
    for b in bytes {
        tuple.serialize_element(b)?;
    }
    tuple.end()
}

/// Deserializes exactly N bytes written by [`serialize_tuple`] (or, in a
/// self-describing format, the alternatives the module doc lists).
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub fn deserialize_tuple<'de, D: Deserializer<'de>, const N: usize>(
    deserializer: D,
) -> Result<[u8; N], D::Error> {
    if deserializer.is_human_readable() {
        deserializer.deserialize_any(BytesVisitor::<N>(PhantomData))
    } else {
        deserializer.deserialize_tuple(N, BytesVisitor::<N>(PhantomData))
    }
}

/// Serializes `bytes` with `serialize_bytes` in every format (ed25519-dalek's shape
/// for keys).
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub fn serialize_bytes<S: Serializer, const N: usize>(
    bytes: &[u8; N],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_bytes(bytes)
}

/// Serializes `bytes` as upper-case hex in human-readable formats and with
/// `serialize_bytes` in binary ones (the `ed25519` crate's shape for signatures).
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub fn serialize_hex_or_bytes<S: Serializer, const N: usize>(
    bytes: &[u8; N],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        serializer.collect_str(&UpperHex(bytes))
    } else {
        serializer.serialize_bytes(bytes)
    }
}

/// Deserializes exactly N bytes written by [`serialize_bytes`] or
/// [`serialize_hex_or_bytes`] (or, in a self-describing format, the alternatives the
/// module doc lists). In bincode and postcard the length prefix is read and must be N.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub fn deserialize_bytes<'de, D: Deserializer<'de>, const N: usize>(
    deserializer: D,
) -> Result<[u8; N], D::Error> {
    if deserializer.is_human_readable() {
        deserializer.deserialize_any(BytesVisitor::<N>(PhantomData))
    } else {
        deserializer.deserialize_bytes(BytesVisitor::<N>(PhantomData))
    }
}

/// Upper-case hex of a byte string, without an allocation.
struct UpperHex<'a>(&'a [u8]);

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl fmt::Display for UpperHex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02X}")?;
        }
        Ok(())
    }
}

/// The value of one hex digit.
fn hex_digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Accepts N bytes as a hex string, a byte string or a sequence of N `u8`; any other
/// length is an `invalid_length` error.
struct BytesVisitor<const N: usize>(PhantomData<[u8; N]>);

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, const N: usize> Visitor<'de> for BytesVisitor<N> {
    type Value = [u8; N];

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{N} bytes (as a byte string, a sequence of {N} bytes or {} hex digits)",
            2 * N
        )
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<[u8; N], E> {
        let digits = s.as_bytes();
        if digits.len() != 2 * N {
            return Err(E::invalid_length(digits.len(), &self));
        }
        let mut out = [0u8; N];
        for (o, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
            match (hex_digit(pair[0]), hex_digit(pair[1])) {
                (Some(hi), Some(lo)) => *o = hi << 4 | lo,
                _ => return Err(E::invalid_value(Unexpected::Str(s), &self)),
            }
        }
        Ok(out)
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<[u8; N], E> {
        <[u8; N]>::try_from(v).map_err(|_| E::invalid_length(v.len(), &self))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[u8; N], A::Error> {
        let mut out = [0u8; N];
        for (i, o) in out.iter_mut().enumerate() {
            *o = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(i, &self))?;
        }
        // A longer sequence is refused (bincode and postcard never get here: a tuple of
        // N elements stops after N).
        let mut len = N;
        while seq.next_element::<de::IgnoredAny>()?.is_some() {
            len += 1;
        }
        if len != N {
            return Err(de::Error::invalid_length(len, &self));
        }
        Ok(out)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Scalar {
    /// The canonical 32 bytes ([`Scalar::to_bytes`]) as a 32-tuple (curve25519-dalek's
    /// shape); see the module doc.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_tuple(&self.to_bytes(), serializer)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Scalar {
    /// 32 bytes decoded with [`Scalar::from_canonical_bytes`]: a value `>= l` is an
    /// error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Scalar, D::Error> {
        let bytes = deserialize_tuple::<D, 32>(deserializer)?;
        Option::from(Scalar::from_canonical_bytes(bytes)).ok_or_else(|| {
            de::Error::invalid_value(
                Unexpected::Other("a non-canonical scalar (not below l)"),
                &"the canonical encoding of a scalar",
            )
        })
    }
}
