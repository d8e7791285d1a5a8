//! [`RistrettoVartimePrecomputedMultiscalar`]'s methods: [`VartimePrecomputedMultiscalar`]
//! on the elements' representatives.

use core::borrow::Borrow;

use super::{RistrettoPoint, RistrettoVartimePrecomputedMultiscalar};
use crate::{Scalar, VartimePrecomputedMultiscalar};

impl RistrettoVartimePrecomputedMultiscalar {
    /// The tables of the static elements (about 64 point operations each).
    ///
    /// ```
    /// use edwards25519_group::ristretto::{RistrettoPoint, RistrettoVartimePrecomputedMultiscalar};
    ///
    /// let pre = RistrettoVartimePrecomputedMultiscalar::new(&[RistrettoPoint::GENERATOR]);
    /// assert!(!pre.is_empty());
    /// ```
    pub fn new<I>(static_points: I) -> Self
    where
        I: IntoIterator<Item: Borrow<RistrettoPoint>>,
    {
        RistrettoVartimePrecomputedMultiscalar(VartimePrecomputedMultiscalar::new(
            static_points.into_iter().map(|p| p.borrow().0),
        ))
    }

    /// The number of static elements.
    ///
    /// ```
    /// use edwards25519_group::ristretto::{RistrettoPoint, RistrettoVartimePrecomputedMultiscalar};
    ///
    /// let g = RistrettoPoint::GENERATOR;
    /// assert_eq!(RistrettoVartimePrecomputedMultiscalar::new([g, g, g]).len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no static elements.
    ///
    /// ```
    /// use edwards25519_group::ristretto::{RistrettoPoint, RistrettoVartimePrecomputedMultiscalar};
    ///
    /// let none: [RistrettoPoint; 0] = [];
    /// assert!(RistrettoVartimePrecomputedMultiscalar::new(none).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Σ sᵢ·Pᵢ over the static elements, in variable time.
    ///
    /// # Panics
    ///
    /// If `static_scalars` does not yield one scalar per static element, as
    /// [`VartimePrecomputedMultiscalar::vartime_multiscalar_mul`].
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::{RistrettoPoint, RistrettoVartimePrecomputedMultiscalar};
    ///
    /// let g = RistrettoPoint::GENERATOR;
    /// let pre = RistrettoVartimePrecomputedMultiscalar::new([g]);
    /// assert_eq!(pre.vartime_multiscalar_mul([Scalar::from(9u8)]), g * Scalar::from(9u8));
    /// ```
    pub fn vartime_multiscalar_mul<I>(&self, static_scalars: I) -> RistrettoPoint
    where
        I: IntoIterator<Item: Borrow<Scalar>>,
    {
        RistrettoPoint(self.0.vartime_multiscalar_mul(static_scalars))
    }

    /// Σ sᵢ·Pᵢ over the static elements plus Σ tₖ·Qₖ over elements given now, in
    /// variable time.
    ///
    /// # Panics
    ///
    /// On lengths that do not match, as
    /// [`VartimePrecomputedMultiscalar::vartime_mixed_multiscalar_mul`].
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::{RistrettoPoint, RistrettoVartimePrecomputedMultiscalar};
    ///
    /// let g = RistrettoPoint::GENERATOR;
    /// let pre = RistrettoVartimePrecomputedMultiscalar::new([g]);
    /// let sum = pre.vartime_mixed_multiscalar_mul([Scalar::from(5u8)], [Scalar::from(7u8)], [g.double()]);
    /// assert_eq!(sum, RistrettoPoint::mul_base(&Scalar::from(19u8)));
    /// ```
    pub fn vartime_mixed_multiscalar_mul<I, J, K>(
        &self,
        static_scalars: I,
        dynamic_scalars: J,
        dynamic_points: K,
    ) -> RistrettoPoint
    where
        I: IntoIterator<Item: Borrow<Scalar>>,
        J: IntoIterator<Item: Borrow<Scalar>>,
        K: IntoIterator<Item: Borrow<RistrettoPoint>>,
    {
        RistrettoPoint(self.0.vartime_mixed_multiscalar_mul(
            static_scalars,
            dynamic_scalars,
            dynamic_points.into_iter().map(|p| p.borrow().0),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_multiscalar_sum() {
        let pts: [RistrettoPoint; 5] =
            core::array::from_fn(|i| RistrettoPoint::from_uniform_bytes(&[i as u8 + 1; 64]));
        let s: [Scalar; 5] =
            core::array::from_fn(|i| Scalar::from_bytes_mod_order([(i as u8 + 1) * 37; 32]));
        let pre = RistrettoVartimePrecomputedMultiscalar::new(&pts[..3]);
        assert_eq!(
            pre.vartime_multiscalar_mul(&s[..3]),
            RistrettoPoint::multiscalar_mul(&s[..3], &pts[..3])
        );
        assert_eq!(
            pre.vartime_mixed_multiscalar_mul(&s[..3], &s[3..], &pts[3..]),
            RistrettoPoint::multiscalar_mul(&s, &pts)
        );
    }
}
