//! The serde format harness: the four formats the serde tests compare in (bincode 1,
//! postcard, CBOR, JSON), round trips through each, and the exact bytes of the wire
//! shapes written out by hand from the formats' specifications (CBOR: RFC 8949 §3.1),
//! so that a test compares against bytes no serializer produced.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A serde format under test.
#[derive(Clone, Copy, Debug)]
pub enum Format {
    /// bincode 1, default options (fixed-width little-endian lengths).
    Bincode,
    /// postcard (varint lengths).
    Postcard,
    /// CBOR through ciborium.
    Cbor,
    /// JSON through serde_json.
    Json,
}

/// Every format, in a fixed order.
pub const FORMATS: [Format; 4] = [
    Format::Bincode,
    Format::Postcard,
    Format::Cbor,
    Format::Json,
];

/// `v` serialized in format `f`.
///
/// ```
/// use edwards25519_test_support::serde_formats::{Format, ser};
/// assert_eq!(ser(Format::Json, &[1u8, 2]), b"[1,2]");
/// ```
pub fn ser<T: Serialize>(f: Format, v: &T) -> Vec<u8> {
    match f {
        Format::Bincode => bincode::serialize(v).expect("bincode"),
        Format::Postcard => postcard::to_allocvec(v).expect("postcard"),
        Format::Cbor => crate::to_cbor(v),
        Format::Json => serde_json::to_vec(v).expect("json"),
    }
}

/// A `T` deserialized from `bytes` in format `f`, or the deserializer's message.
///
/// ```
/// use edwards25519_test_support::serde_formats::{Format, de};
/// assert_eq!(de::<[u8; 2]>(Format::Json, b"[1,2]"), Ok([1, 2]));
/// ```
pub fn de<T: DeserializeOwned>(f: Format, bytes: &[u8]) -> Result<T, String> {
    match f {
        Format::Bincode => bincode::deserialize(bytes).map_err(|e| e.to_string()),
        Format::Postcard => postcard::from_bytes(bytes).map_err(|e| e.to_string()),
        Format::Cbor => crate::from_cbor(bytes),
        Format::Json => serde_json::from_slice(bytes).map_err(|e| e.to_string()),
    }
}

/// Any byte string, written with `serialize_bytes` (the shape of a dalek key, at any
/// length), to build wrong-length inputs in every format.
#[derive(Clone, Debug)]
pub struct RawBytes(pub Vec<u8>);

impl Serialize for RawBytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

/// Whether the error message `e` says `why`; postcard's errors carry no message (it
/// reports every custom error as "Serde Deserialization Error"), so there only the
/// error itself is checked.
pub fn says(f: Format, e: &str, why: &str) -> bool {
    matches!(f, Format::Postcard) || e.contains(why)
}

/// The CBOR of an array of byte values (major type 4, 1-byte length; each value a
/// major-type-0 integer), from RFC 8949 §3.1. At most 255 bytes.
///
/// ```
/// use edwards25519_test_support::serde_formats::cbor_array;
/// assert_eq!(cbor_array(&[1, 200]), [0x98, 2, 1, 0x18, 200]);
/// ```
pub fn cbor_array(bytes: &[u8]) -> Vec<u8> {
    let mut out = vec![0x98, u8::try_from(bytes.len()).expect("at most 255 bytes")];
    for &b in bytes {
        if b < 24 {
            out.push(b);
        } else {
            out.extend([0x18, b]);
        }
    }
    out
}

/// A CBOR byte string with a 1-byte length (major type 2, RFC 8949 §3.1), the form
/// ciborium writes for 24 to 255 bytes.
///
/// ```
/// use edwards25519_test_support::serde_formats::cbor_byte_string;
/// assert_eq!(cbor_byte_string(&[7; 32])[..2], [0x58, 32]);
/// ```
pub fn cbor_byte_string(bytes: &[u8]) -> Vec<u8> {
    let mut out = vec![0x58, u8::try_from(bytes.len()).expect("at most 255 bytes")];
    out.extend_from_slice(bytes);
    out
}

/// JSON array of the byte values.
pub fn json_array(bytes: &[u8]) -> Vec<u8> {
    serde_json::to_vec(bytes).expect("json")
}

/// What a byte string of `bytes` (`serialize_bytes`, the shape of a dalek key) is in
/// each format, written out by hand. At most 127 bytes (postcard's one-byte varint).
///
/// ```
/// use edwards25519_test_support::serde_formats::{Format, byte_string};
/// assert_eq!(byte_string(Format::Postcard, &[9, 9]), [2, 9, 9]);
/// ```
pub fn byte_string(f: Format, bytes: &[u8]) -> Vec<u8> {
    let n = bytes.len();
    assert!(n < 128, "at most 127 bytes");
    let mut out = match f {
        Format::Bincode => (n as u64).to_le_bytes().to_vec(),
        Format::Postcard => vec![n as u8], // a varint below 128 is one byte
        // Major type 2: the length in the first byte below 24, else in one more byte.
        Format::Cbor if n < 24 => vec![0x40 | n as u8],
        Format::Cbor => return cbor_byte_string(bytes),
        Format::Json => return json_array(bytes),
    };
    out.extend_from_slice(bytes);
    out
}

/// What a tuple of `bytes` (a fixed-size array, the shape of a point or scalar) is in
/// each format, written out by hand.
///
/// ```
/// use edwards25519_test_support::serde_formats::{Format, tuple};
/// assert_eq!(tuple(Format::Bincode, &[1, 2]), [1, 2]);
/// ```
pub fn tuple(f: Format, bytes: &[u8]) -> Vec<u8> {
    match f {
        Format::Bincode | Format::Postcard => bytes.to_vec(),
        Format::Cbor => cbor_array(bytes),
        Format::Json => json_array(bytes),
    }
}
