//! Operators on [`RistrettoPoint`]: [`Point`](crate::Point)'s on the representatives
//! (the 4-torsion cosets are respected by every group operation). Written once on
//! references; owned and assigning forms are derived.

use core::borrow::Borrow;
use core::iter::Sum;
use core::ops::{Add, Mul, Neg, Sub};

use edwards25519_field::forward_binop;

use super::RistrettoPoint;
use crate::Scalar;

impl Add<&RistrettoPoint> for &RistrettoPoint {
    type Output = RistrettoPoint;
    fn add(self, rhs: &RistrettoPoint) -> RistrettoPoint {
        RistrettoPoint(self.0 + rhs.0)
    }
}

impl Sub<&RistrettoPoint> for &RistrettoPoint {
    type Output = RistrettoPoint;
    fn sub(self, rhs: &RistrettoPoint) -> RistrettoPoint {
        RistrettoPoint(self.0 - rhs.0)
    }
}

impl Neg for &RistrettoPoint {
    type Output = RistrettoPoint;
    fn neg(self) -> RistrettoPoint {
        RistrettoPoint(-self.0)
    }
}

impl Neg for RistrettoPoint {
    type Output = RistrettoPoint;
    fn neg(self) -> RistrettoPoint {
        -&self
    }
}

impl Mul<&Scalar> for &RistrettoPoint {
    type Output = RistrettoPoint;
    /// Constant-time scalar multiplication ([`Point`](crate::Point)'s).
    fn mul(self, scalar: &Scalar) -> RistrettoPoint {
        RistrettoPoint(self.0 * scalar)
    }
}

impl Mul<&RistrettoPoint> for &Scalar {
    type Output = RistrettoPoint;
    /// Constant-time scalar multiplication ([`Point`](crate::Point)'s).
    fn mul(self, point: &RistrettoPoint) -> RistrettoPoint {
        RistrettoPoint(point.0 * self)
    }
}

// The owned and mixed-reference forms, from the reference ones above.
forward_binop!(RistrettoPoint, Add, add, RistrettoPoint => RistrettoPoint, AddAssign, add_assign);
forward_binop!(RistrettoPoint, Sub, sub, RistrettoPoint => RistrettoPoint, SubAssign, sub_assign);
forward_binop!(RistrettoPoint, Mul, mul, Scalar => RistrettoPoint, MulAssign, mul_assign);
forward_binop!(Scalar, Mul, mul, RistrettoPoint => RistrettoPoint);

impl<T: Borrow<RistrettoPoint>> Sum<T> for RistrettoPoint {
    /// The sum of the elements (the identity for none).
    fn sum<I: Iterator<Item = T>>(iter: I) -> RistrettoPoint {
        iter.fold(RistrettoPoint::IDENTITY, |acc, p| acc + p.borrow())
    }
}
