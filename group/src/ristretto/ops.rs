//! Operators on [`RistrettoPoint`]: [`Point`](crate::Point)'s on the representatives
//! (the 4-torsion cosets are respected by every group operation). Written once on
//! references; owned and assigning forms are derived.

use core::borrow::Borrow;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

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

/// The owned and mixed forms of `$a $op $b`, forwarding to `&$a $op &$b`.
macro_rules! forward_binop {
    ($a:ty, $b:ty, $Op:ident, $op:ident) => {
        impl $Op<$b> for $a {
            type Output = RistrettoPoint;
            fn $op(self, rhs: $b) -> RistrettoPoint {
                (&self).$op(&rhs)
            }
        }
        impl $Op<&$b> for $a {
            type Output = RistrettoPoint;
            fn $op(self, rhs: &$b) -> RistrettoPoint {
                (&self).$op(rhs)
            }
        }
        impl $Op<$b> for &$a {
            type Output = RistrettoPoint;
            fn $op(self, rhs: $b) -> RistrettoPoint {
                self.$op(&rhs)
            }
        }
    };
}

/// `RistrettoPoint $op= $b` for an owned and a borrowed right-hand side.
macro_rules! assign_op {
    ($b:ty, $Op:ident, $op:ident, $bin:ident) => {
        impl $Op<$b> for RistrettoPoint {
            fn $op(&mut self, rhs: $b) {
                *self = (&*self).$bin(&rhs);
            }
        }
        impl $Op<&$b> for RistrettoPoint {
            fn $op(&mut self, rhs: &$b) {
                *self = (&*self).$bin(rhs);
            }
        }
    };
}

forward_binop!(RistrettoPoint, RistrettoPoint, Add, add);
forward_binop!(RistrettoPoint, RistrettoPoint, Sub, sub);
forward_binop!(RistrettoPoint, Scalar, Mul, mul);
forward_binop!(Scalar, RistrettoPoint, Mul, mul);
assign_op!(RistrettoPoint, AddAssign, add_assign, add);
assign_op!(RistrettoPoint, SubAssign, sub_assign, sub);
assign_op!(Scalar, MulAssign, mul_assign, mul);

impl<T: Borrow<RistrettoPoint>> Sum<T> for RistrettoPoint {
    /// The sum of the elements (the identity for none).
    fn sum<I: Iterator<Item = T>>(iter: I) -> RistrettoPoint {
        iter.fold(RistrettoPoint::IDENTITY, |acc, p| acc + p.borrow())
    }
}
