//! serde for [`MontgomeryPoint`], feature `serde`: its 32 bytes as they are (every byte
//! string is one, as for X25519 public keys), as a 32-tuple like the other types, the
//! shape curve25519-dalek 5 uses for its `MontgomeryPoint` (the tests pin the bytes).

use edwards25519_scalar::serde_impl::{deserialize_tuple, serialize_tuple};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::MontgomeryPoint;

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for MontgomeryPoint {
    /// The 32 bytes, unchanged.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_tuple(&self.0, serializer)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for MontgomeryPoint {
    /// Any 32 bytes; a wrong length is the format's error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MontgomeryPoint, D::Error> {
        Ok(MontgomeryPoint(deserialize_tuple::<D, 32>(deserializer)?))
    }
}
