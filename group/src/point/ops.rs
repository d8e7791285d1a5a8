//! Operators on [`Point`]. Each is written once on references; the owned and assigning
//! forms come from the workspace's one forwarding macro,
//! `edwards25519_field::forward_binop!`.
//!
//! Addition and negation run on the portable field backend (one addition is too short
//! to repay a backend switch); `*` is the constant-time variable-base scalar
//! multiplication, which picks the backend itself.

use core::iter::Sum;
use core::ops::{Add, Mul, Neg, Sub};

use edwards25519_field::forward_binop;

use crate::{Point, Scalar};

impl Add<&Point> for &Point {
    type Output = Point;
    /// Unified addition (8M + 4M back to extended): valid for every pair of points,
    /// doubling and the identity included.
    fn add(self, rhs: &Point) -> Point {
        Point(self.0.add_cached(&rhs.0.to_cached()).to_extended())
    }
}

impl Sub<&Point> for &Point {
    type Output = Point;
    fn sub(self, rhs: &Point) -> Point {
        Point(self.0.sub_cached(&rhs.0.to_cached()).to_extended())
    }
}

impl Neg for &Point {
    type Output = Point;
    /// (-x, y): negates X and T.
    fn neg(self) -> Point {
        Point(self.0.neg())
    }
}

impl Neg for Point {
    type Output = Point;
    fn neg(self) -> Point {
        -&self
    }
}

forward_binop!(Point, Add, add, Point => Point, AddAssign, add_assign);
forward_binop!(Point, Sub, sub, Point => Point, SubAssign, sub_assign);

impl Mul<&Scalar> for &Point {
    type Output = Point;
    /// Constant-time scalar multiplication (upstream `ScalarMult`).
    fn mul(self, scalar: &Scalar) -> Point {
        self.mul_scalar(scalar)
    }
}

impl Mul<&Point> for &Scalar {
    type Output = Point;
    /// Constant-time scalar multiplication (upstream `ScalarMult`).
    fn mul(self, point: &Point) -> Point {
        point.mul_scalar(self)
    }
}

forward_binop!(Point, Mul, mul, Scalar => Point, MulAssign, mul_assign);
forward_binop!(Scalar, Mul, mul, Point => Point);

impl<T: core::borrow::Borrow<Point>> Sum<T> for Point {
    /// The sum of the points (the identity for none).
    fn sum<I: Iterator<Item = T>>(iter: I) -> Point {
        iter.fold(Point::IDENTITY, |acc, p| acc + p.borrow())
    }
}

#[cfg(test)]
#[allow(clippy::op_ref)] // every operator form is exercised on purpose
mod tests {
    use super::*;

    #[test]
    fn group_laws() {
        let b = Point::GENERATOR;
        let b2 = b + b;
        assert_eq!(b2, b.double());
        let b3 = b2 + &b;
        assert_eq!(&b3 - &b, b2);
        assert_eq!(b3 - b3, Point::IDENTITY);
        assert_eq!(b + Point::IDENTITY, b);
        assert_eq!(b + (-b), Point::IDENTITY);
        assert_eq!(-(-b), b);
        assert_eq!((b + b2) + b3, b + (b2 + b3));
        assert_eq!(b2 + b3, b3 + b2);
        let mut acc = b;
        acc += b2;
        acc -= &b;
        assert_eq!(acc, b2);
        acc += &b;
        assert_eq!(acc, b3);
        assert_eq!([b, b2, b3].iter().sum::<Point>(), b3.double());
        assert_eq!([b, b2].into_iter().sum::<Point>(), b3);
        assert_eq!(core::iter::empty::<Point>().sum::<Point>(), Point::IDENTITY);
    }

    #[test]
    fn scalar_mul_forms() {
        let b = Point::GENERATOR;
        let s = Scalar::from_bytes_mod_order([3; 32]);
        let expected = &b * &s;
        assert_eq!(b * s, expected);
        assert_eq!(b * &s, expected);
        assert_eq!(&b * s, expected);
        assert_eq!(s * b, expected);
        assert_eq!(&s * b, expected);
        assert_eq!(s * &b, expected);
        assert_eq!(&s * &b, expected);
        let mut p = b;
        p *= &s;
        assert_eq!(p, expected);
        let mut p = b;
        p *= s;
        assert_eq!(p, expected);
        // 3·B by addition.
        let three = Scalar::ONE + Scalar::ONE + Scalar::ONE;
        assert_eq!(b * three, b + b + b);
        assert_eq!(b * Scalar::ZERO, Point::IDENTITY);
        assert_eq!(b * Scalar::ONE, b);
        assert_eq!(b * (-Scalar::ONE), -b);
    }
}
