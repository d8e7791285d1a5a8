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
        FieldElement(fe_impl::sub_rt(&self.0, &rhs.0))
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
        FieldElement(fe_impl::neg_rt(&self.0))
    }
}

impl Neg for FieldElement {
    type Output = FieldElement;
    #[inline(always)]
    fn neg(self) -> FieldElement {
        -&self
    }
}
crate::forward_binop!(FieldElement, Add, add, FieldElement => FieldElement, AddAssign, add_assign);
crate::forward_binop!(FieldElement, Sub, sub, FieldElement => FieldElement, SubAssign, sub_assign);
crate::forward_binop!(FieldElement, Mul, mul, FieldElement => FieldElement, MulAssign, mul_assign);
