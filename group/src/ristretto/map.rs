//! [`RistrettoPoint::map_to_curve`]: RFC 9496 §4.3.4's MAP on its own, one field
//! element to one element (curve25519-dalek's `RistrettoPoint::map_to_curve`).

use edwards25519_field::{FieldArith, FieldElement};

use super::{RistrettoPoint, elligator};
use crate::Point;

impl RistrettoPoint {
    /// The Elligator map of RFC 9496 §4.3.4 applied to the field element `bytes` (bit
    /// 255 ignored, the value reduced mod p). Half of
    /// [`RistrettoPoint::from_uniform_bytes`], which adds the maps of two halves: one
    /// map alone is not uniform, so hash to the group with that instead. Constant time.
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let (a, b) = ([0x11u8; 32], [0x22u8; 32]);
    /// let mut both = [0u8; 64];
    /// both[..32].copy_from_slice(&a);
    /// both[32..].copy_from_slice(&b);
    /// assert_eq!(
    ///     RistrettoPoint::map_to_curve(a) + RistrettoPoint::map_to_curve(b),
    ///     RistrettoPoint::from_uniform_bytes(&both)
    /// );
    /// ```
    pub fn map_to_curve(bytes: [u8; 32]) -> RistrettoPoint {
        let point = crate::backend::serial::field_dispatch!(F => {
            elligator(&F::from_field(&FieldElement::from_bytes(&bytes))).convert::<FieldElement>()
        });
        RistrettoPoint(Point(point))
    }
}
