//! serde for [`Point`] (and [`SubgroupPoint`](crate::SubgroupPoint) with the `group`
//! feature), feature `serde`: the canonical 32-byte encoding as a 32-tuple of bytes in
//! every format, the shape `edwards25519-scalar` uses for scalars and the one
//! curve25519-dalek 5 uses for `EdwardsPoint` and `CompressedEdwardsY` (bincode and
//! postcard: the 32 bytes, no length prefix; CBOR: an array of 32 integers; JSON: an
//! array of 32 numbers). The tests pin these bytes against curve25519-dalek's.
//!
//! Deserialization is strict ([`Point::from_canonical_bytes`]): only what
//! [`Point::to_bytes`] outputs is accepted, so each point has exactly one serialized
//! form. Bytes that are not a point, or a non-canonical encoding, are an error
//! carrying the [`DecodeError`](crate::DecodeError) text, never a panic.
//! (curve25519-dalek's `EdwardsPoint` deserialization also accepts the non-canonical
//! encodings; it writes only canonical ones, so everything it writes loads here.)

use crate::Point;
use edwards25519_scalar::serde_impl::{deserialize_tuple, serialize_tuple};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Point {
    /// [`Point::to_bytes`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_tuple(&self.to_bytes(), serializer)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Point {
    /// [`Point::from_canonical_bytes`]; its error becomes the format's error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Point, D::Error> {
        let bytes = deserialize_tuple::<D, 32>(deserializer)?;
        Point::from_canonical_bytes(&bytes).map_err(D::Error::custom)
    }
}

#[cfg(feature = "group")]
mod subgroup {
    use super::*;
    use crate::SubgroupPoint;

    impl Serialize for SubgroupPoint {
        /// The point's canonical encoding, as for [`Point`].
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            self.to_point().serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for SubgroupPoint {
        /// As for [`Point`], and then the point must be torsion-free.
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SubgroupPoint, D::Error> {
            let p = Point::deserialize(deserializer)?;
            Option::from(SubgroupPoint::from_point(&p)).ok_or_else(|| {
                D::Error::custom("point is not in the prime-order subgroup (it has torsion)")
            })
        }
    }
}
