//! Operators. Each one is written once on references (`&a + &b`); the owned and
//! assigning forms forward to it through the workspace's one forwarding macro,
//! `edwards25519_field::forward_binop!`.

use core::iter::{Product, Sum};
use core::ops::{Add, Mul, Neg, Sub};

use edwards25519_field::forward_binop;

use crate::Scalar;
use crate::limbs;

impl Add<&Scalar> for &Scalar {
    type Output = Scalar;
    #[inline]
    fn add(self, rhs: &Scalar) -> Scalar {
        Scalar(limbs::add(&self.0, &rhs.0))
    }
}

impl Sub<&Scalar> for &Scalar {
    type Output = Scalar;
    #[inline]
    fn sub(self, rhs: &Scalar) -> Scalar {
        Scalar(limbs::sub(&self.0, &rhs.0))
    }
}

impl Mul<&Scalar> for &Scalar {
    type Output = Scalar;
    #[inline]
    fn mul(self, rhs: &Scalar) -> Scalar {
        Scalar(limbs::mul(&self.0, &rhs.0))
    }
}

impl Neg for &Scalar {
    type Output = Scalar;
    /// `l - self` for nonzero `self`, 0 for 0 (computed as `0 - self`).
    #[inline]
    fn neg(self) -> Scalar {
        Scalar(limbs::sub(&[0; 4], &self.0))
    }
}

impl Neg for Scalar {
    type Output = Scalar;
    #[inline]
    fn neg(self) -> Scalar {
        -&self
    }
}

// The owned and assigning forms, from the reference ones above. Aliasing is fine
// (`a *= a`): the right side is read before `a` is overwritten.
forward_binop!(Scalar, Add, add, Scalar => Scalar, AddAssign, add_assign);
forward_binop!(Scalar, Sub, sub, Scalar => Scalar, SubAssign, sub_assign);
forward_binop!(Scalar, Mul, mul, Scalar => Scalar, MulAssign, mul_assign);

impl Sum for Scalar {
    fn sum<I: Iterator<Item = Scalar>>(iter: I) -> Scalar {
        iter.fold(Scalar::ZERO, |acc, x| acc + x)
    }
}

impl<'a> Sum<&'a Scalar> for Scalar {
    fn sum<I: Iterator<Item = &'a Scalar>>(iter: I) -> Scalar {
        iter.fold(Scalar::ZERO, |acc, x| acc + x)
    }
}

impl Product for Scalar {
    fn product<I: Iterator<Item = Scalar>>(iter: I) -> Scalar {
        iter.fold(Scalar::ONE, |acc, x| acc * x)
    }
}

impl<'a> Product<&'a Scalar> for Scalar {
    fn product<I: Iterator<Item = &'a Scalar>>(iter: I) -> Scalar {
        iter.fold(Scalar::ONE, |acc, x| acc * x)
    }
}
