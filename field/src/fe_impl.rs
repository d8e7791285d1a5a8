//! What [`FieldElement`](crate::FieldElement) wraps, and its operations: the one place
//! that ties the public type to a backend.
//!
//! On x86-64 (unless the portable backend is forced) the element holds the 4×64 limbs
//! of [`Fe64`]; multiplication and squaring check the cached CPUID result on each call
//! and run MULX/ADX or the portable 4×64 code on the same limbs, and chains (the
//! (p-5)/8 power, square roots) check once for the whole chain. Addition, subtraction,
//! `mul32`, the encodings and inversion are the same code on either CPU. The one
//! conversion between limb representations is inside the chains: four squarings or more
//! in a row run on radix-2^51 limbs (`radix64::pow2k_radix51`), whose square has no
//! carry chain to wait on.
//!
//! Elsewhere, and in the forced portable build, the element holds [`Fe51`]'s radix-2^51
//! limbs and nothing is checked.

#![allow(dead_code)]

use subtle::Choice;

use crate::FieldArith;
#[allow(unused_imports)]
use crate::backend::radix51::{self as radix51, Fe51};
#[allow(unused_imports)]
use crate::backend::radix64::{self, Fe64};
use crate::element::Inner;

#[cfg(edwards25519_x86)]
mod imp {
    use super::*;
    use crate::backend::x86_64 as mulx;

    pub(crate) const fn from_bytes(b: &[u8; 32]) -> Inner {
        Fe64::from_bytes(b)
    }
    pub(crate) const fn to_bytes(a: &Inner) -> [u8; 32] {
        a.to_bytes()
    }
    pub(crate) const fn from_fe51(a: &Fe51) -> Inner {
        Fe64::from_fe51(a)
    }
    pub(crate) const fn to_fe51(a: &Inner) -> Fe51 {
        a.to_fe51()
    }
    pub(crate) const fn from_fe64(a: &Fe64) -> Inner {
        *a
    }
    pub(crate) const fn to_fe64(a: &Inner) -> Fe64 {
        *a
    }
    pub(crate) const fn small(x: u64) -> Inner {
        Fe64([x, 0, 0, 0])
    }
    #[inline(always)]
    pub(crate) const fn add(a: &Inner, b: &Inner) -> Inner {
        Fe64(radix64::add(&a.0, &b.0))
    }
    #[inline(always)]
    pub(crate) const fn sub(a: &Inner, b: &Inner) -> Inner {
        Fe64(radix64::sub(&a.0, &b.0))
    }
    /// `sub` for the operators (the `const` one compiles to slower code).
    #[inline(always)]
    pub(crate) fn sub_rt(a: &Inner, b: &Inner) -> Inner {
        Fe64(radix64::sub_rt(&a.0, &b.0))
    }
    /// `neg` for the operators.
    #[inline(always)]
    pub(crate) fn neg_rt(a: &Inner) -> Inner {
        Fe64(radix64::neg_rt(&a.0))
    }
    /// Portable, for `const` items.
    pub(crate) const fn const_mul(a: &Inner, b: &Inner) -> Inner {
        Fe64(radix64::mul(&a.0, &b.0))
    }
    /// Portable, for `const` items.
    pub(crate) const fn const_square(a: &Inner) -> Inner {
        Fe64(radix64::square(&a.0))
    }
    #[inline(always)]
    pub(crate) fn mul(a: &Inner, b: &Inner) -> Inner {
        mulx::mul_checked(a, b)
    }
    #[inline(always)]
    pub(crate) fn square(a: &Inner) -> Inner {
        mulx::square_checked(a)
    }
    #[inline(always)]
    pub(crate) fn square2(a: &Inner) -> Inner {
        mulx::square2_checked(a)
    }
    #[inline(always)]
    pub(crate) fn mul32(a: &Inner, b: u32) -> Inner {
        Fe64(radix64::mul32(&a.0, b))
    }
    pub(crate) fn invert(a: &Inner) -> Inner {
        <Fe64 as FieldArith>::invert(a)
    }
    pub(crate) fn pow22523(a: &Inner) -> Inner {
        mulx::pow22523_checked(a)
    }
    pub(crate) fn pow2k(a: &Inner, k: u32) -> Inner {
        mulx::pow2k_checked(a, k)
    }
    pub(crate) fn sqrt_ratio(u: &Inner, v: &Inner) -> (Choice, Inner) {
        mulx::sqrt_ratio_checked(u, v)
    }
    pub(crate) fn sqrt_ratio_pair(
        u0: &Inner,
        v0: &Inner,
        u1: &Inner,
        v1: &Inner,
    ) -> [(Choice, Inner); 2] {
        mulx::sqrt_ratio_pair_checked(u0, v0, u1, v1)
    }
    /// Every 4×64 value is valid.
    pub(crate) const fn in_bounds(_: &Inner) -> bool {
        true
    }
}

#[cfg(not(edwards25519_x86))]
mod imp {
    use super::*;

    pub(crate) const fn from_bytes(b: &[u8; 32]) -> Inner {
        Fe51::from_bytes(b)
    }
    pub(crate) const fn to_bytes(a: &Inner) -> [u8; 32] {
        a.to_bytes()
    }
    pub(crate) const fn from_fe51(a: &Fe51) -> Inner {
        *a
    }
    pub(crate) const fn to_fe51(a: &Inner) -> Fe51 {
        *a
    }
    pub(crate) const fn from_fe64(a: &Fe64) -> Inner {
        a.to_fe51()
    }
    pub(crate) const fn to_fe64(a: &Inner) -> Fe64 {
        Fe64::from_fe51(a)
    }
    pub(crate) const fn small(x: u64) -> Inner {
        Fe51([x, 0, 0, 0, 0])
    }
    #[inline(always)]
    pub(crate) const fn add(a: &Inner, b: &Inner) -> Inner {
        Fe51(radix51::add(&a.0, &b.0))
    }
    #[inline(always)]
    pub(crate) const fn sub(a: &Inner, b: &Inner) -> Inner {
        Fe51(radix51::sub(&a.0, &b.0))
    }
    #[inline(always)]
    pub(crate) fn sub_rt(a: &Inner, b: &Inner) -> Inner {
        sub(a, b)
    }
    #[inline(always)]
    pub(crate) fn neg_rt(a: &Inner) -> Inner {
        Fe51(radix51::neg(&a.0))
    }
    pub(crate) const fn const_mul(a: &Inner, b: &Inner) -> Inner {
        Fe51(radix51::mul(&a.0, &b.0))
    }
    pub(crate) const fn const_square(a: &Inner) -> Inner {
        Fe51(radix51::square(&a.0))
    }
    #[inline(always)]
    pub(crate) fn mul(a: &Inner, b: &Inner) -> Inner {
        Fe51(radix51::mul(&a.0, &b.0))
    }
    #[inline(always)]
    pub(crate) fn square(a: &Inner) -> Inner {
        Fe51(radix51::square(&a.0))
    }
    #[inline(always)]
    pub(crate) fn square2(a: &Inner) -> Inner {
        <Fe51 as FieldArith>::square2(a)
    }
    #[inline(always)]
    pub(crate) fn mul32(a: &Inner, b: u32) -> Inner {
        Fe51(radix51::mul32(&a.0, b))
    }
    pub(crate) fn invert(a: &Inner) -> Inner {
        <Fe51 as FieldArith>::invert(a)
    }
    pub(crate) fn pow22523(a: &Inner) -> Inner {
        <Fe51 as FieldArith>::pow22523(a)
    }
    pub(crate) fn pow2k(a: &Inner, k: u32) -> Inner {
        <Fe51 as FieldArith>::pow2k(a, k)
    }
    pub(crate) fn sqrt_ratio(u: &Inner, v: &Inner) -> (Choice, Inner) {
        <Fe51 as FieldArith>::sqrt_ratio(u, v)
    }
    pub(crate) fn sqrt_ratio_pair(
        u0: &Inner,
        v0: &Inner,
        u1: &Inner,
        v1: &Inner,
    ) -> [(Choice, Inner); 2] {
        <Fe51 as FieldArith>::sqrt_ratio_pair(u0, v0, u1, v1)
    }
    /// The radix-2^51 invariant: limbs below 2^52.
    pub(crate) const fn in_bounds(a: &Inner) -> bool {
        radix51::in_bounds(&a.0)
    }
}

pub(crate) use imp::*;
