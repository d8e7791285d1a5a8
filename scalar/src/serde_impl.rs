//! serde for [`Scalar`] (feature `serde`), and the fixed-size byte-array encoding that
//! the group crate and the facade share for points, keys and signatures.
//!
//! A value is serialized as its canonical bytes:
//!
//! - human-readable formats (JSON, TOML, ...): a lowercase hex string, in byte order
//!   (`"0100…00"` for the scalar 1); deserialization also accepts upper case and an
//!   array of byte values (what curve25519-dalek writes);
//! - binary formats (bincode, postcard, CBOR, ...): a fixed-length tuple of N bytes, no
//!   length prefix (the same bytes as serde's `[u8; N]`, and as curve25519-dalek);
//!   deserialization also accepts a byte string of length N.
//!
//! Deserialization validates: a wrong length, a bad hex digit or, for a scalar, a value
//! `>= l` is an error of the format, never a panic.
//!
//! The helpers [`serialize`] and [`deserialize`] are public only so the sibling crates
//! can share them; they are not part of the semver-stable API.

use crate::Scalar;
use core::fmt;
use core::marker::PhantomData;
use serde::de::{self, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// Serializes `bytes` as described in the module doc.
pub fn serialize<S: Serializer, const N: usize>(
    bytes: &[u8; N],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        serializer.collect_str(&Hex(bytes))
    } else {
        use serde::ser::SerializeTuple;
        let mut tuple = serializer.serialize_tuple(N)?;
        for b in bytes {
            tuple.serialize_element(b)?;
        }
        tuple.end()
    }
}

/// Deserializes exactly N bytes written by [`serialize`] (or the alternatives the
/// module doc lists).
pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(
    deserializer: D,
) -> Result<[u8; N], D::Error> {
    if deserializer.is_human_readable() {
        deserializer.deserialize_any(BytesVisitor::<N>(PhantomData))
    } else {
        deserializer.deserialize_tuple(N, BytesVisitor::<N>(PhantomData))
    }
}

/// Lowercase hex of a byte string, without an allocation.
struct Hex<'a>(&'a [u8]);

impl fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
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

/// Accepts N bytes as a hex string, a byte string or a sequence of N `u8`.
struct BytesVisitor<const N: usize>(PhantomData<[u8; N]>);

impl<'de, const N: usize> Visitor<'de> for BytesVisitor<N> {
    type Value = [u8; N];

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{N} bytes (as {} hex digits, bytes or a sequence)",
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
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(N + 1, &self));
        }
        Ok(out)
    }
}

impl Serialize for Scalar {
    /// The canonical 32 bytes ([`Scalar::to_bytes`]); see the module doc for the shape.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(&self.to_bytes(), serializer)
    }
}

impl<'de> Deserialize<'de> for Scalar {
    /// 32 bytes decoded with [`Scalar::from_canonical_bytes`]: a value `>= l` is an
    /// error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Scalar, D::Error> {
        let bytes = deserialize::<D, 32>(deserializer)?;
        Option::from(Scalar::from_canonical_bytes(bytes)).ok_or_else(|| {
            de::Error::invalid_value(
                Unexpected::Other("a non-canonical scalar (not below l)"),
                &"the canonical encoding of a scalar",
            )
        })
    }
}
