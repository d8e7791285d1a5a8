//! Arithmetic modulo p = 2^255 - 19, the field of edwards25519 and Curve25519.
//!
//! [`FieldElement`] is the public type. It knows nothing of the curve. All operations
//! are constant time.
//!
//! Each backend in [`backend`] owns its limb type: [`backend::u64::Fe51`] (portable,
//! radix 2^51), [`backend::u64x4::Fe64`] (portable, 4×64 limbs) and, on x86-64,
//! `backend::x86_64::Mulx` (the same 4×64 limbs with MULX/ADX). [`FieldElement`] wraps
//! one: on x86-64 the 4×64 limbs, each operation running the MULX/ADX code when a cached
//! CPUID check allows it and the portable 4×64 code otherwise; elsewhere (and in the
//! forced `--cfg edwards25519_backend="portable"` build) the radix-2^51 limbs.
//!
//! Code above the field (the group crate) is generic over [`FieldArith`], which every
//! backend type implements, and picks a backend once per top-level operation.
//! Operations built from other field operations ([`FieldElement::invert`],
//! [`FieldElement::sqrt_ratio`], [`FieldElement::pow22523`]) are written once, in
//! [`arith`], above the backends.
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod arith;
pub mod backend;
mod fe_impl;
mod ops;
mod ops_macro;
mod safegcd;

pub use arith::FieldArith;

use core::fmt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use backend::u64::Fe51;
use backend::u64x4::Fe64;
use fe_impl::Inner;

/// An element of GF(2^255 - 19).
///
/// **Invariant**: the wrapped backend's (`fe_impl`): on x86-64 none (any four 64-bit
/// limbs are valid), elsewhere every radix-2^51 limb below 2^52. The representation is
/// not unique: equality and encoding reduce first.
#[derive(Clone, Copy)]
pub struct FieldElement(pub(crate) Inner);

impl FieldElement {
    /// 0.
    pub const ZERO: FieldElement = FieldElement(fe_impl::small(0));
    /// 1.
    pub const ONE: FieldElement = FieldElement(fe_impl::small(1));
    /// sqrt(-1) = 2^((p-1)/4), the non-negative root.
    pub const SQRT_M1: FieldElement = FieldElement::from_bytes(&[
        0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43,
        0x2f, 0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24,
        0x83, 0x2b,
    ]);

    /// Builds an element from radix-2^51 limbs (value = Σ `limbs[i]`·2^(51·i)).
    ///
    /// Low-level, for precomputed tables and the vector backends. Returns `None` if a
    /// limb is 2^52 or more (the radix-2^51 invariant), so no invalid element can be
    /// made. On x86-64 the element is stored in 4×64 form, so [`FieldElement::limbs`]
    /// returns the same value, not necessarily the same limbs.
    pub const fn from_limbs(limbs: [u64; 5]) -> Option<FieldElement> {
        match Fe51::from_limbs(limbs) {
            Some(l) => Some(FieldElement(fe_impl::from_fe51(&l))),
            None => None,
        }
    }

    /// The value in radix-2^51 limbs (not necessarily reduced; each below 2^52).
    pub const fn limbs(&self) -> [u64; 5] {
        fe_impl::to_fe51(&self.0).limbs()
    }

    /// Decodes 32 little-endian bytes. Bit 255 is ignored; values in [p, 2^255) are
    /// accepted and reduced (RFC 7748, upstream SetBytes). Never fails.
    pub const fn from_bytes(bytes: &[u8; 32]) -> FieldElement {
        FieldElement(fe_impl::from_bytes(bytes))
    }

    /// The canonical little-endian encoding (the value reduced below p).
    pub const fn to_bytes(&self) -> [u8; 32] {
        fe_impl::to_bytes(&self.0)
    }

    /// A 512-bit little-endian value reduced mod p.
    ///
    /// With lo and hi the two 256-bit halves, the value is lo + 2^256·hi, and
    /// 2^255 = 19, 2^256 = 38 (mod p). [`FieldElement::from_bytes`] drops bit 255 of
    /// each half, so those bits are added back arithmetically (no branch).
    pub fn from_wide_bytes(bytes: &[u8; 64]) -> FieldElement {
        let mut lo = [0u8; 32];
        let mut hi = [0u8; 32];
        lo.copy_from_slice(&bytes[..32]);
        hi.copy_from_slice(&bytes[32..]);
        let top_lo = u64::from(lo[31] >> 7);
        let top_hi = u64::from(hi[31] >> 7);
        // 2^255 = 19 and 2^511 = 2^256·2^255 = 38·19 = 722 (mod p).
        let tops = FieldElement(fe_impl::small(19 * top_lo + 722 * top_hi));
        FieldElement::from_bytes(&lo) + FieldElement::from_bytes(&hi).mul32(38) + tops
    }

    /// self².
    #[inline]
    pub fn square(&self) -> FieldElement {
        FieldElement(fe_impl::square(&self.0))
    }

    /// self·b for a 32-bit b.
    #[inline]
    pub fn mul32(&self, b: u32) -> FieldElement {
        FieldElement(fe_impl::mul32(&self.0, b))
    }

    /// 1/self; 0 maps to 0.
    pub fn invert(&self) -> FieldElement {
        FieldElement(fe_impl::invert(&self.0))
    }

    /// self^((p-5)/8), the exponentiation behind square roots.
    pub fn pow22523(&self) -> FieldElement {
        FieldElement(fe_impl::pow22523(&self.0))
    }

    /// The non-negative r with r² = u/v.
    ///
    /// Returns `(1, r)` when u/v is a square, and `(0, r)` with r² = sqrt(-1)·u/v
    /// otherwise (upstream SqrtRatio, RFC 9496 SQRT_RATIO_M1). Edge cases: u = 0 gives
    /// `(1, 0)`; u != 0 and v = 0 gives `(0, 0)`.
    pub fn sqrt_ratio(u: &FieldElement, v: &FieldElement) -> (Choice, FieldElement) {
        let (ok, r) = fe_impl::sqrt_ratio(&u.0, &v.0);
        (ok, FieldElement(r))
    }

    /// 1 if the canonical encoding is odd ("negative" in RFC 8032 terms).
    #[inline]
    pub fn is_negative(&self) -> Choice {
        Choice::from(self.to_bytes()[0] & 1)
    }

    /// 1 if self = 0 (mod p).
    #[inline]
    pub fn is_zero(&self) -> Choice {
        self.ct_eq(&FieldElement::ZERO)
    }

    /// self or -self, whichever is non-negative.
    pub fn abs(&self) -> FieldElement {
        <Self as FieldArith>::abs(self)
    }

    /// Test and debug aid: whether the wrapped backend's limb invariant holds.
    #[doc(hidden)]
    pub fn is_in_bounds(&self) -> bool {
        fe_impl::in_bounds(&self.0)
    }

    /// The element in the radix-2^51 backend (a conversion on x86-64).
    pub const fn to_fe51(&self) -> Fe51 {
        fe_impl::to_fe51(&self.0)
    }

    /// From the radix-2^51 backend (a conversion on x86-64).
    pub const fn from_fe51(x: &Fe51) -> FieldElement {
        FieldElement(fe_impl::from_fe51(x))
    }

    /// The element in the 4×64 backend (free on x86-64, a conversion elsewhere).
    pub const fn to_fe64(&self) -> Fe64 {
        fe_impl::to_fe64(&self.0)
    }

    /// From the 4×64 backend (free on x86-64, a conversion elsewhere).
    pub const fn from_fe64(x: &Fe64) -> FieldElement {
        FieldElement(fe_impl::from_fe64(x))
    }

    /// `self + b` in a `const` context (the portable limb code). Low-level, for tables
    /// built at compile time by the group crate; use `+` elsewhere.
    #[doc(hidden)]
    pub const fn const_add(&self, b: &FieldElement) -> FieldElement {
        FieldElement(fe_impl::add(&self.0, &b.0))
    }

    /// `self - b` in a `const` context. See [`FieldElement::const_add`].
    #[doc(hidden)]
    pub const fn const_sub(&self, b: &FieldElement) -> FieldElement {
        FieldElement(fe_impl::sub(&self.0, &b.0))
    }

    /// `self · b` in a `const` context. See [`FieldElement::const_add`].
    #[doc(hidden)]
    pub const fn const_mul(&self, b: &FieldElement) -> FieldElement {
        FieldElement(fe_impl::const_mul(&self.0, &b.0))
    }

    /// `self²` in a `const` context. See [`FieldElement::const_add`].
    #[doc(hidden)]
    pub const fn const_square(&self) -> FieldElement {
        FieldElement(fe_impl::const_square(&self.0))
    }
}

impl FieldArith for FieldElement {
    const ZERO: Self = FieldElement::ZERO;
    const ONE: Self = FieldElement::ONE;
    const BACKEND: &'static str = "public FieldElement (dispatched per operation)";

    #[inline(always)]
    fn from_field(fe: &FieldElement) -> Self {
        *fe
    }
    #[inline(always)]
    fn to_field(&self) -> FieldElement {
        *self
    }
    #[inline(always)]
    fn square(&self) -> Self {
        FieldElement::square(self)
    }
    #[inline(always)]
    fn square2(&self) -> Self {
        FieldElement(fe_impl::square2(&self.0))
    }
    #[inline(always)]
    fn mul32(&self, b: u32) -> Self {
        FieldElement::mul32(self, b)
    }
    fn to_bytes(&self) -> [u8; 32] {
        FieldElement::to_bytes(self)
    }
    fn invert(&self) -> Self {
        FieldElement::invert(self)
    }
    fn pow22523(&self) -> Self {
        FieldElement::pow22523(self)
    }
    fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self) {
        FieldElement::sqrt_ratio(u, v)
    }
}

impl Default for FieldElement {
    /// Zero.
    fn default() -> Self {
        FieldElement::ZERO
    }
}

impl fmt::Debug for FieldElement {
    /// `FieldElement(…)`: the canonical encoding ([`FieldElement::to_bytes`], byte 0
    /// first) in lower-case hex, the format of every other type of the workspace.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FieldElement(")?;
        for b in self.to_bytes() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

impl ConstantTimeEq for FieldElement {
    /// Equality of values mod p (compares canonical encodings).
    fn ct_eq(&self, other: &Self) -> Choice {
        self.to_bytes().ct_eq(&other.to_bytes())
    }
}

impl PartialEq for FieldElement {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for FieldElement {}

impl ConditionallySelectable for FieldElement {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        FieldElement(Inner::conditional_select(&a.0, &b.0, choice))
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for FieldElement {
    fn zeroize(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.0);
    }
}
