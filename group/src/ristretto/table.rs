//! [`RistrettoFixedBaseTable`]: [`FixedBaseTable`] for a ristretto255 element.

use crate::{FixedBaseTable, Scalar};

use super::RistrettoPoint;

/// A table of multiples of one ristretto255 element, for constant-time multiplication
/// by many secret scalars at [`RistrettoPoint::mul_base`]'s speed: a [`FixedBaseTable`]
/// of the element's Edwards representative (any representative gives the same
/// element's multiples). Pedersen commitments' second generator is the typical user.
///
/// ```
/// use edwards25519_group::Scalar;
/// use edwards25519_group::ristretto::{RistrettoFixedBaseTable, RistrettoPoint};
///
/// let h = RistrettoPoint::from_uniform_bytes(&[0x48; 64]);
/// let table = RistrettoFixedBaseTable::new(&h);
/// let s = Scalar::from_bytes_mod_order([5; 32]);
/// assert_eq!(table.mul(&s), &h * &s);
/// assert_eq!(table.point(), h);
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
#[derive(Debug)]
pub struct RistrettoFixedBaseTable(FixedBaseTable);

impl RistrettoFixedBaseTable {
    /// The table of `point`'s multiples (about 480 point operations and one inversion).
    /// The element is not treated as secret.
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::{RistrettoFixedBaseTable, RistrettoPoint};
    ///
    /// let table = RistrettoFixedBaseTable::new(&RistrettoPoint::GENERATOR);
    /// assert_eq!(table.mul(&Scalar::ONE), RistrettoPoint::GENERATOR);
    /// ```
    pub fn new(point: &RistrettoPoint) -> RistrettoFixedBaseTable {
        RistrettoFixedBaseTable(FixedBaseTable::new(&point.0))
    }

    /// The element the table was built from.
    ///
    /// ```
    /// use edwards25519_group::ristretto::{RistrettoFixedBaseTable, RistrettoPoint};
    ///
    /// let g = RistrettoPoint::GENERATOR.double();
    /// assert_eq!(RistrettoFixedBaseTable::new(&g).point(), g);
    /// ```
    pub fn point(&self) -> RistrettoPoint {
        RistrettoPoint(*self.0.point())
    }

    /// scalar·point, in constant time (safe for secret scalars).
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::{RistrettoFixedBaseTable, RistrettoPoint};
    ///
    /// let g = RistrettoPoint::GENERATOR.double();
    /// let s = Scalar::from_bytes_mod_order([0x77; 32]);
    /// assert_eq!(RistrettoFixedBaseTable::new(&g).mul(&s), &g * &s);
    /// ```
    pub fn mul(&self, scalar: &Scalar) -> RistrettoPoint {
        RistrettoPoint(self.0.mul(scalar))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use edwards25519_test_support::SplitMix64;

    /// Against variable-base multiplication, on random elements and scalars (the
    /// FixedBaseTable algorithm itself is tested in `scalar_mul`).
    #[test]
    fn table_agrees_with_variable_base() {
        let mut rng = SplitMix64(0x7269_7374);
        for _ in 0..8 {
            let p = RistrettoPoint::from_uniform_bytes(&rng.bytes());
            let t = RistrettoFixedBaseTable::new(&p);
            let s = Scalar::from_bytes_mod_order(rng.bytes());
            assert_eq!(t.mul(&s), p * s);
            assert_eq!(t.point(), p);
        }
    }
}
