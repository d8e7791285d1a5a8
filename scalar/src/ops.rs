//! Operators. Each one is written once on references (`&a + &b`); the owned and
//! assigning forms forward to it through [`forward_ops!`].

use core::iter::{Product, Sum};
use core::ops::{Add, Mul, Neg, Sub};

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

/// From `impl Op<&Scalar> for &Scalar`, derives `Scalar op Scalar`, `Scalar op &Scalar`,
/// `&Scalar op Scalar`, and `a op= b` / `a op= &b`. Aliasing is fine (`a *= a`): the
/// right side is read before `a` is overwritten.
macro_rules! forward_ops {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident) => {
        impl core::ops::$Op<Scalar> for Scalar {
            type Output = Scalar;
            #[inline]
            fn $op(self, rhs: Scalar) -> Scalar {
                core::ops::$Op::$op(&self, &rhs)
            }
        }
        impl core::ops::$Op<&Scalar> for Scalar {
            type Output = Scalar;
            #[inline]
            fn $op(self, rhs: &Scalar) -> Scalar {
                core::ops::$Op::$op(&self, rhs)
            }
        }
        impl core::ops::$Op<Scalar> for &Scalar {
            type Output = Scalar;
            #[inline]
            fn $op(self, rhs: Scalar) -> Scalar {
                core::ops::$Op::$op(self, &rhs)
            }
        }
        impl core::ops::$OpAssign<Scalar> for Scalar {
            #[inline]
            fn $op_assign(&mut self, rhs: Scalar) {
                *self = core::ops::$Op::$op(&*self, &rhs);
            }
        }
        impl core::ops::$OpAssign<&Scalar> for Scalar {
            #[inline]
            fn $op_assign(&mut self, rhs: &Scalar) {
                *self = core::ops::$Op::$op(&*self, rhs);
            }
        }
    };
}

forward_ops!(Add, add, AddAssign, add_assign);
forward_ops!(Sub, sub, SubAssign, sub_assign);
forward_ops!(Mul, mul, MulAssign, mul_assign);

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
