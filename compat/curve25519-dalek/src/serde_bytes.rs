//! curve25519-dalek's serde wire format for 32-byte encodings: a tuple of 32 `u8`
//! (no length prefix in binary formats, an array of numbers in JSON).

use core::fmt;
use serde::de::{Error, SeqAccess, Visitor};
use serde::ser::SerializeTuple;

pub(crate) fn serialize<S: serde::Serializer>(bytes: &[u8; 32], s: S) -> Result<S::Ok, S::Error> {
    let mut tup = s.serialize_tuple(32)?;
    for b in bytes {
        tup.serialize_element(b)?;
    }
    tup.end()
}

pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(
    d: D,
    expecting: &'static str,
) -> Result<[u8; 32], D::Error> {
    struct V(&'static str);
    impl<'de> Visitor<'de> for V {
        type Value = [u8; 32];
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.0)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[u8; 32], A::Error> {
            let mut out = [0u8; 32];
            for (i, b) in out.iter_mut().enumerate() {
                *b = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(i, &"expected 32 bytes"))?;
            }
            Ok(out)
        }
    }
    d.deserialize_tuple(32, V(expecting))
}
