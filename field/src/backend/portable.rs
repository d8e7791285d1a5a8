//! [`FieldArith`] for the two portable limb types, [`Fe51`] and [`Fe64`], apart from
//! the limb code in `radix51.rs` and `radix64.rs`: the trait converts to and from
//! [`FieldElement`], which wraps those limbs, so the limb types sit below the public
//! element and these impls above it.

use subtle::{Choice, ConstantTimeEq};

use super::radix51::{self, Fe51};
use super::radix64::{self, Fe64};
use crate::safegcd;
use crate::{FieldArith, FieldElement};

/// The members both portable types implement alike, from the limb module `$m`'s
/// functions: constants, name, conversions through [`FieldElement`]'s `$to` and `$from`,
/// squaring (`$square`: the 4×64 one out of line), `mul32` and the encoding.
macro_rules! portable_arith {
    ($t:ident, $m:ident, $name:literal, $to:ident, $from:ident, $square:ident) => {
        const ZERO: Self = $t::ZERO;
        const ONE: Self = $t::ONE;
        const BACKEND: &'static str = $name;

        #[inline(always)]
        fn from_field(fe: &FieldElement) -> Self {
            fe.$to()
        }
        #[inline(always)]
        fn to_field(&self) -> FieldElement {
            FieldElement::$from(self)
        }
        #[inline(always)]
        fn square(&self) -> Self {
            $t($m::$square(&self.0))
        }
        #[inline(always)]
        fn mul32(&self, b: u32) -> Self {
            $t($m::mul32(&self.0, b))
        }
        fn to_bytes(&self) -> [u8; 32] {
            $t::to_bytes(self)
        }
    };
}

impl FieldArith for Fe51 {
    portable_arith!(
        Fe51,
        radix51,
        "portable (radix 2^51)",
        to_fe51,
        from_fe51,
        square
    );

    fn invert(&self) -> Self {
        Fe51::from_words(&safegcd::invert(&self.canonical_words()))
    }
    fn pow2k(&self, k: u32) -> Self {
        Fe51(radix51::pow2k(&self.0, k))
    }
    fn pow2k_pair(a: &Self, b: &Self, k: u32) -> (Self, Self) {
        let (x, y) = radix51::pow2k_pair(&a.0, &b.0, k);
        (Fe51(x), Fe51(y))
    }
}

impl FieldArith for Fe64 {
    portable_arith!(
        Fe64,
        radix64,
        "portable (4x64)",
        to_fe64,
        from_fe64,
        square_rt
    );

    #[inline(always)]
    fn square2(&self) -> Self {
        Fe64(radix64::square2_rt(&self.0))
    }
    fn is_zero(&self) -> Choice {
        radix64::reduce(&self.0).ct_eq(&[0; 4])
    }
    fn is_negative(&self) -> Choice {
        Choice::from((radix64::reduce(&self.0)[0] & 1) as u8)
    }
    fn invert(&self) -> Self {
        Fe64(safegcd::invert(&radix64::reduce(&self.0)))
    }
    fn pow2k(&self, k: u32) -> Self {
        if k >= radix64::LAZY_CHAIN {
            Fe64(radix64::pow2k_radix51(&self.0, k))
        } else {
            let mut x = self.square();
            for _ in 1..k {
                x = x.square();
            }
            x
        }
    }
    fn pow2k_pair(a: &Self, b: &Self, k: u32) -> (Self, Self) {
        if k >= radix64::LAZY_CHAIN {
            let (x, y) = radix64::pow2k_radix51_pair(&a.0, &b.0, k);
            (Fe64(x), Fe64(y))
        } else {
            (a.pow2k(k), b.pow2k(k))
        }
    }
}

impl Fe64 {
    /// The public element's 4×64 form, in a `const` context (for the group crate's
    /// tables): on x86-64 the element's own limbs, elsewhere converted.
    pub const fn from_field_const(fe: &FieldElement) -> Fe64 {
        fe.to_fe64()
    }
}
