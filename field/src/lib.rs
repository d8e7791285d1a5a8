//! Arithmetic modulo p = 2^255 - 19, the field of edwards25519 and Curve25519.
//!
//! [`FieldElement`] is the public type, in radix 2^51 (five 64-bit limbs). It knows
//! nothing of the curve. All operations are constant time.
//!
//! Backends: the portable limb code lives in `backend::u64`; on x86-64 a MULX/ADX
//! backend (see [`backend`]) implements the same [`FieldArith`] trait. Code above the
//! field (the group crate) is generic over [`FieldArith`] and picks a backend once per
//! top-level operation with [`backend::dispatch!`](crate::dispatch). Operations built
//! from other field operations ([`FieldElement::invert`], [`FieldElement::sqrt_ratio`],
//! [`FieldElement::pow22523`]) are written once, in [`arith`], above the backends.
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod arith;
pub mod backend;
mod ops;
mod ops_macro;
mod safegcd;

pub use arith::FieldArith;

use core::fmt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use backend::u64 as limbs;

/// An element of GF(2^255 - 19).
///
/// **Invariant**: between operations every limb is below 2^52 (checked with
/// `debug_assert!` at the entry of multiplication and squaring). The representation is
/// not unique: equality and encoding reduce first.
#[derive(Clone, Copy)]
pub struct FieldElement(pub(crate) [u64; 5]);

impl FieldElement {
    /// 0.
    pub const ZERO: FieldElement = FieldElement([0; 5]);
    /// 1.
    pub const ONE: FieldElement = FieldElement([1, 0, 0, 0, 0]);
    /// sqrt(-1) = 2^((p-1)/4), the non-negative root.
    pub const SQRT_M1: FieldElement = FieldElement::from_bytes(&[
        0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43,
        0x2f, 0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24,
        0x83, 0x2b,
    ]);

    /// Builds an element from radix-2^51 limbs (value = Σ `limbs[i]`·2^(51·i)).
    ///
    /// Low-level, for precomputed tables. Returns `None` if a limb is 2^52 or more
    /// (the invariant), so no invalid element can be made.
    pub const fn from_limbs(limbs: [u64; 5]) -> Option<FieldElement> {
        if limbs::in_bounds(&limbs) {
            Some(FieldElement(limbs))
        } else {
            None
        }
    }

    /// The radix-2^51 limbs (not necessarily reduced; each below 2^52).
    pub const fn limbs(&self) -> [u64; 5] {
        self.0
    }

    /// Decodes 32 little-endian bytes. Bit 255 is ignored; values in [p, 2^255) are
    /// accepted and reduced (RFC 7748, upstream SetBytes). Never fails.
    pub const fn from_bytes(bytes: &[u8; 32]) -> FieldElement {
        FieldElement(limbs::from_bytes(bytes))
    }

    /// The canonical little-endian encoding (the value reduced below p).
    pub const fn to_bytes(&self) -> [u8; 32] {
        limbs::to_bytes(&self.0)
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
        let top_lo = u32::from(lo[31] >> 7);
        let top_hi = u32::from(hi[31] >> 7);
        // 2^255 = 19 and 2^511 = 2^256·2^255 = 38·19 = 722 (mod p).
        let tops = FieldElement([u64::from(19 * top_lo + 722 * top_hi), 0, 0, 0, 0]);
        FieldElement::from_bytes(&lo) + FieldElement::from_bytes(&hi).mul32(38) + tops
    }

    /// self².
    #[inline]
    pub fn square(&self) -> FieldElement {
        FieldElement(limbs::square(&self.0))
    }

    /// self·b for a 32-bit b.
    #[inline]
    pub fn mul32(&self, b: u32) -> FieldElement {
        FieldElement(limbs::mul32(&self.0, b))
    }

    /// 1/self; 0 maps to 0.
    pub fn invert(&self) -> FieldElement {
        crate::dispatch!(F => <F as FieldArith>::invert(&F::from_field(self)).to_field())
    }

    /// self^((p-5)/8), the exponentiation behind square roots.
    pub fn pow22523(&self) -> FieldElement {
        crate::dispatch!(F => <F as FieldArith>::pow22523(&F::from_field(self)).to_field())
    }

    /// The non-negative r with r² = u/v.
    ///
    /// Returns `(1, r)` when u/v is a square, and `(0, r)` with r² = sqrt(-1)·u/v
    /// otherwise (upstream SqrtRatio, RFC 9496 SQRT_RATIO_M1). Edge cases: u = 0 gives
    /// `(1, 0)`; u != 0 and v = 0 gives `(0, 0)`.
    pub fn sqrt_ratio(u: &FieldElement, v: &FieldElement) -> (Choice, FieldElement) {
        crate::dispatch!(F => {
            let (ok, r) = <F as FieldArith>::sqrt_ratio(&F::from_field(u), &F::from_field(v));
            (ok, r.to_field())
        })
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

    /// Test and debug aid: whether the limb invariant holds.
    #[doc(hidden)]
    pub fn is_in_bounds(&self) -> bool {
        limbs::in_bounds(&self.0)
    }

    /// `self + b` in a `const` context (the portable limb code). Low-level, for tables
    /// built at compile time by the group crate; use `+` elsewhere.
    #[doc(hidden)]
    pub const fn const_add(&self, b: &FieldElement) -> FieldElement {
        FieldElement(limbs::add(&self.0, &b.0))
    }

    /// `self - b` in a `const` context. See [`FieldElement::const_add`].
    #[doc(hidden)]
    pub const fn const_sub(&self, b: &FieldElement) -> FieldElement {
        FieldElement(limbs::sub(&self.0, &b.0))
    }

    /// `self · b` in a `const` context. See [`FieldElement::const_add`].
    #[doc(hidden)]
    pub const fn const_mul(&self, b: &FieldElement) -> FieldElement {
        FieldElement(limbs::mul(&self.0, &b.0))
    }

    /// `self²` in a `const` context. See [`FieldElement::const_add`].
    #[doc(hidden)]
    pub const fn const_square(&self) -> FieldElement {
        FieldElement(limbs::square(&self.0))
    }
}

impl FieldArith for FieldElement {
    const ZERO: Self = FieldElement::ZERO;
    const ONE: Self = FieldElement::ONE;
    const BACKEND: &'static str = "portable (radix 2^51)";

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
    fn mul32(&self, b: u32) -> Self {
        FieldElement::mul32(self, b)
    }
    fn to_bytes(&self) -> [u8; 32] {
        FieldElement::to_bytes(self)
    }
}

impl Default for FieldElement {
    /// Zero.
    fn default() -> Self {
        FieldElement::ZERO
    }
}

impl fmt::Debug for FieldElement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FieldElement(0x")?;
        for b in self.to_bytes().iter().rev() {
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
        FieldElement(<[u64; 5]>::conditional_select(&a.0, &b.0, choice))
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for FieldElement {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}
