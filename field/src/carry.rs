//! The word-level carry steps of multi-limb arithmetic, shared by this crate's 4×64
//! limbs and the scalar crate's (hidden: not part of the API).
//!
//! Both are `const` and branch-free. The forms are chosen for what LLVM makes of them
//! (rustc 1.95, read in the emitted assembly): a `u128` sum becomes one ADC chain, but
//! a `u128` difference becomes two dependency chains per limb, so the borrow step is
//! two overflowing subtractions, which become one SBB chain.

/// `a + b + carry` as (low word, carry out in {0, 1}), for carry in {0, 1}.
#[doc(hidden)]
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `a - b - borrow` as (low word, borrow out in {0, 1}), for borrow in {0, 1}.
#[doc(hidden)]
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let (d, b1) = a.overflowing_sub(b);
    let (d, b2) = d.overflowing_sub(borrow);
    (d, (b1 | b2) as u64)
}
