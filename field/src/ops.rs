//! Operators. Each is written once on references; one macro derives the owned and
//! assigning forms from it.

use core::ops::{Add, Mul, Neg, Sub};

use crate::FieldElement;
use crate::fe_impl;

impl<'a> Add<&'a FieldElement> for &FieldElement {
    type Output = FieldElement;
    #[inline(always)]
    fn add(self, rhs: &'a FieldElement) -> FieldElement {
        FieldElement(fe_impl::add(&self.0, &rhs.0))
    }
}

impl<'a> Sub<&'a FieldElement> for &FieldElement {
    type Output = FieldElement;
    #[inline(always)]
    fn sub(self, rhs: &'a FieldElement) -> FieldElement {
        FieldElement(fe_impl::sub(&self.0, &rhs.0))
    }
}

impl<'a> Mul<&'a FieldElement> for &FieldElement {
    type Output = FieldElement;
    #[inline(always)]
    fn mul(self, rhs: &'a FieldElement) -> FieldElement {
        FieldElement(fe_impl::mul(&self.0, &rhs.0))
    }
}

impl Neg for &FieldElement {
    type Output = FieldElement;
    #[inline(always)]
    fn neg(self) -> FieldElement {
        FieldElement(fe_impl::neg(&self.0))
    }
}

impl Neg for FieldElement {
    type Output = FieldElement;
    #[inline(always)]
    fn neg(self) -> FieldElement {
        -&self
    }
}
/// Derives `T op T`, `T op &T`, `&T op T` and `T op= T`, `T op= &T` from `&T op &T`.
#[macro_export]
#[doc(hidden)]
macro_rules! derive_owned_ops {
    ($t:ty, $Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident) => {
        impl core::ops::$Op<$t> for $t {
            type Output = $t;
            #[inline(always)]
            fn $op(self, rhs: $t) -> $t {
                core::ops::$Op::$op(&self, &rhs)
            }
        }
        impl<'a> core::ops::$Op<&'a $t> for $t {
            type Output = $t;
            #[inline(always)]
            fn $op(self, rhs: &'a $t) -> $t {
                core::ops::$Op::$op(&self, rhs)
            }
        }
        impl core::ops::$Op<$t> for &$t {
            type Output = $t;
            #[inline(always)]
            fn $op(self, rhs: $t) -> $t {
                core::ops::$Op::$op(self, &rhs)
            }
        }
        impl core::ops::$OpAssign<$t> for $t {
            #[inline(always)]
            fn $op_assign(&mut self, rhs: $t) {
                *self = core::ops::$Op::$op(&*self, &rhs);
            }
        }
        impl<'a> core::ops::$OpAssign<&'a $t> for $t {
            #[inline(always)]
            fn $op_assign(&mut self, rhs: &'a $t) {
                *self = core::ops::$Op::$op(&*self, rhs);
            }
        }
    };
}

derive_owned_ops!(FieldElement, Add, add, AddAssign, add_assign);
derive_owned_ops!(FieldElement, Sub, sub, SubAssign, sub_assign);
derive_owned_ops!(FieldElement, Mul, mul, MulAssign, mul_assign);
