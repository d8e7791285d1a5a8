//! serde for [`RistrettoPoint`] (feature `serde`): the 32-byte encoding
//! ([`RistrettoPoint::to_bytes`]) as a 32-tuple of bytes, the shape [`Point`](crate::Point)
//! uses. Deserialization is
//! [`RistrettoPoint::from_bytes`]: anything other than an encoding is an error carrying
//! the [`DecodeError`](crate::DecodeError) text, never a panic.

use edwards25519_scalar::serde_impl::{deserialize_tuple, serialize_tuple};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::RistrettoPoint;

impl Serialize for RistrettoPoint {
    /// [`RistrettoPoint::to_bytes`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_tuple(&self.to_bytes(), serializer)
    }
}

impl<'de> Deserialize<'de> for RistrettoPoint {
    /// [`RistrettoPoint::from_bytes`]; its error becomes the format's error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RistrettoPoint, D::Error> {
        let bytes = deserialize_tuple::<D, 32>(deserializer)?;
        RistrettoPoint::from_bytes(&bytes).map_err(D::Error::custom)
    }
}
