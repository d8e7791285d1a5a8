//! `MontgomeryPoint * Scalar`: the u-coordinate of \[s\]P for a scalar mod l, unclamped
//! (curve25519-dalek's `MontgomeryPoint * Scalar`). X25519 protocols want
//! [`MontgomeryPoint::mul_clamped`] instead.

use core::ops::Mul;

use edwards25519_field::{FieldElement, forward_binop};

use super::MontgomeryPoint;
use super::ladder::{ladder_for_this_cpu, wipe_scalar};
use crate::Scalar;

impl Mul<&Scalar> for &MontgomeryPoint {
    type Output = MontgomeryPoint;

    /// The u-coordinate of \[s\]P for the integer s < l (the canonical value of the
    /// scalar, not clamped), where P is either point with this u (the result does not
    /// depend on which); u of a twist point works the same way. Bit 255 of u is ignored
    /// and u is reduced mod p; the identity's u is 0, as X25519's.
    ///
    /// Runs X25519's ladder (the same backend choice as
    /// [`MontgomeryPoint::mul_clamped`]): the ladder takes any k below 2^255 and s < l <
    /// 2^253. Constant time in s and u: 255 steps whatever the scalar.
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let s = Scalar::from_bytes_mod_order([0x5a; 32]);
    /// let p = Point::mul_base(&Scalar::from(3u8));
    /// assert_eq!(&p.to_montgomery() * &s, (p * s).to_montgomery());
    /// assert_eq!(&MontgomeryPoint::BASEPOINT * &Scalar::ZERO, MontgomeryPoint([0; 32]));
    /// ```
    fn mul(self, scalar: &Scalar) -> MontgomeryPoint {
        let mut k = scalar.to_bytes();
        let u = FieldElement::from_bytes(&self.0);
        let out = ladder_for_this_cpu(&k, &u);
        wipe_scalar(&mut k);
        MontgomeryPoint(out)
    }
}

impl Mul<&MontgomeryPoint> for &Scalar {
    type Output = MontgomeryPoint;

    /// `point * self`.
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    /// use edwards25519_group::Scalar;
    ///
    /// let s = Scalar::from(7u8);
    /// assert_eq!(s * MontgomeryPoint::BASEPOINT, MontgomeryPoint::BASEPOINT * s);
    /// ```
    fn mul(self, point: &MontgomeryPoint) -> MontgomeryPoint {
        point * self
    }
}

forward_binop!(MontgomeryPoint, Mul, mul, Scalar => MontgomeryPoint, MulAssign, mul_assign);
forward_binop!(Scalar, Mul, mul, MontgomeryPoint => MontgomeryPoint);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;
    use edwards25519_test_support::SplitMix64;

    /// Against the Edwards image and curve25519-dalek's `MontgomeryPoint * Scalar`, on
    /// points of the curve (of multiples of B plus torsion) and of the
    /// twist, with random scalars and the edges 0, 1, l - 1.
    #[test]
    fn scalar_mul_agrees() {
        use curve25519_dalek as dalek;
        let mut rng = SplitMix64(0x6d75_6c74);
        // y = 0: a point of order 4, so p below runs over the four torsion classes.
        let t4 = Point::from_bytes(&[0; 32]).expect("a point of order 4");
        let edges = [Scalar::ZERO, Scalar::ONE, -Scalar::ONE];
        for i in 0..48 {
            let s = match edges.get(i) {
                Some(e) => *e,
                None => Scalar::from_bytes_mod_order(rng.bytes()),
            };
            let p = Point::mul_base(&Scalar::from_bytes_mod_order(rng.bytes()))
                + t4 * Scalar::from(i as u8 % 4);
            let u = p.to_montgomery();
            assert_eq!(u * s, (p * s).to_montgomery(), "curve, case {i}");
            // Random bytes: a point of the curve or of the twist, bit 255 set or not.
            let r = MontgomeryPoint(rng.bytes());
            let theirs = dalek::montgomery::MontgomeryPoint(r.0)
                * dalek::Scalar::from_bytes_mod_order(s.to_bytes());
            let mut ours = r;
            ours *= s;
            assert_eq!(ours.0, theirs.0, "bytes, case {i}");
            assert_eq!(s * r, ours);
        }
    }
}
