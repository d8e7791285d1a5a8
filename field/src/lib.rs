//! Arithmetic modulo p = 2^255 - 19, the field of edwards25519 and Curve25519.
//!
//! [`FieldElement`] is the public type. It knows nothing of the curve. All operations
//! are constant time.
//!
//! Each backend in [`backend`] owns its limb type: [`backend::radix51::Fe51`] (portable,
//! radix 2^51), [`backend::radix64::Fe64`] (portable, 4×64 limbs) and, on x86-64,
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

pub mod arith;
pub mod backend;
#[doc(hidden)]
pub mod carry;
mod element;
mod fe_impl;
mod hex_debug;
mod ops;
mod ops_macro;
#[doc(hidden)]
pub mod safegcd;

pub use arith::FieldArith;
pub use element::FieldElement;

use core::fmt;

pub use hex_debug::debug_hex;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use backend::radix51::Fe51;
use backend::radix64::Fe64;
use element::Inner;

impl FieldElement {
    /// 0.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let x = FieldElement::from_bytes(&[4; 32]);
    /// assert_eq!(x + FieldElement::ZERO, x);
    /// assert_eq!(x - x, FieldElement::ZERO);
    /// assert_eq!(FieldElement::ZERO.to_bytes(), [0; 32]);
    /// ```
    pub const ZERO: FieldElement = FieldElement(fe_impl::small(0));
    /// 1.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let x = FieldElement::from_bytes(&[4; 32]);
    /// assert_eq!(x * FieldElement::ONE, x);
    /// let mut one = [0u8; 32];
    /// one[0] = 1;
    /// assert_eq!(FieldElement::ONE.to_bytes(), one);
    /// ```
    pub const ONE: FieldElement = FieldElement(fe_impl::small(1));
    /// sqrt(-1) = 2^((p-1)/4), the non-negative root.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let i = FieldElement::SQRT_M1;
    /// assert_eq!(i.square(), -FieldElement::ONE);
    /// assert!(!bool::from(i.is_negative()));
    /// ```
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
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// // 1 + 2·2^51 = 1 + 2^52: byte 6 holds bit 52.
    /// let x = FieldElement::from_limbs([1, 2, 0, 0, 0]).expect("limbs below 2^52");
    /// let mut bytes = [0u8; 32];
    /// bytes[0] = 1;
    /// bytes[6] = 0x10;
    /// assert_eq!(x, FieldElement::from_bytes(&bytes));
    /// // A limb of 2^52 or more is refused.
    /// assert!(FieldElement::from_limbs([0, 0, 1 << 52, 0, 0]).is_none());
    /// ```
    pub const fn from_limbs(limbs: [u64; 5]) -> Option<FieldElement> {
        match Fe51::from_limbs(limbs) {
            Some(l) => Some(FieldElement(fe_impl::from_fe51(&l))),
            None => None,
        }
    }

    /// Σ lᵢ·2^(51·i) mod p from radix-2^51 limbs of any size, in constant time: one carry
    /// round brings every limb below 2^52, so no input is refused and nothing branches
    /// on the limbs (unlike [`FieldElement::from_limbs`], which checks them). For limbs
    /// that hold secrets, such as a vector backend's output.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// // 2^52 in limb 0 is 2 in limb 1; u64::MAX in limb 4 wraps around times 19.
    /// let x = FieldElement::from_limbs_carried([1 << 52, 0, 0, 0, 0]);
    /// assert_eq!(Some(x), FieldElement::from_limbs([0, 2, 0, 0, 0]));
    /// let y = FieldElement::from_limbs_carried([0, 0, 0, 0, u64::MAX]);
    /// let low = (1u64 << 51) - 1;
    /// let wrapped = 19 * (u64::MAX >> 51);
    /// assert_eq!(Some(y), FieldElement::from_limbs([wrapped, 0, 0, 0, low]));
    /// ```
    pub const fn from_limbs_carried(limbs: [u64; 5]) -> FieldElement {
        // Every limb of `carry`'s output is below 2^51 + 19·2^13 < 2^52: the invariant.
        FieldElement(fe_impl::from_fe51(&Fe51(backend::radix51::carry(limbs))))
    }

    /// The value in radix-2^51 limbs (not necessarily reduced; each below 2^52).
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let x = FieldElement::from_bytes(&[0x11; 32]);
    /// let limbs = x.limbs();
    /// assert!(limbs.iter().all(|&l| l < 1 << 52));
    /// assert_eq!(FieldElement::from_limbs(limbs), Some(x));
    /// ```
    pub const fn limbs(&self) -> [u64; 5] {
        fe_impl::to_fe51(&self.0).limbs()
    }

    /// Decodes 32 little-endian bytes. Bit 255 is ignored; values in [p, 2^255) are
    /// accepted and reduced (RFC 7748, upstream SetBytes). Never fails.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// // p + 1 = 2^255 - 18 is not canonical: it decodes to 1.
    /// let mut p_plus_1 = [0xff; 32];
    /// p_plus_1[0] = 0xee;
    /// p_plus_1[31] = 0x7f;
    /// assert_eq!(FieldElement::from_bytes(&p_plus_1), FieldElement::ONE);
    /// // Bit 255 is ignored.
    /// let mut one_high = [0u8; 32];
    /// one_high[0] = 1;
    /// one_high[31] = 0x80;
    /// assert_eq!(FieldElement::from_bytes(&one_high), FieldElement::ONE);
    /// ```
    pub const fn from_bytes(bytes: &[u8; 32]) -> FieldElement {
        FieldElement(fe_impl::from_bytes(bytes))
    }

    /// The canonical little-endian encoding (the value reduced below p).
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// // -1 is p - 1 = 2^255 - 20, reduced below p.
    /// let mut p_minus_1 = [0xff; 32];
    /// p_minus_1[0] = 0xec;
    /// p_minus_1[31] = 0x7f;
    /// assert_eq!((-FieldElement::ONE).to_bytes(), p_minus_1);
    /// let x = FieldElement::from_bytes(&[0x42; 32]);
    /// assert_eq!(FieldElement::from_bytes(&x.to_bytes()), x);
    /// ```
    pub const fn to_bytes(&self) -> [u8; 32] {
        fe_impl::to_bytes(&self.0)
    }

    /// A 512-bit little-endian value reduced mod p.
    ///
    /// With lo and hi the two 256-bit halves, the value is lo + 2^256·hi, and
    /// 2^255 = 19, 2^256 = 38 (mod p). [`FieldElement::from_bytes`] drops bit 255 of
    /// each half, so those bits are added back arithmetically (no branch).
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// // 2^256 = 38 (mod p).
    /// let mut wide = [0u8; 64];
    /// wide[32] = 1;
    /// let mut thirty_eight = [0u8; 32];
    /// thirty_eight[0] = 38;
    /// assert_eq!(FieldElement::from_wide_bytes(&wide), FieldElement::from_bytes(&thirty_eight));
    /// // A 32-byte value below 2^255, zero-extended, is itself.
    /// let mut low = [0u8; 64];
    /// low[..32].copy_from_slice(&[0x21; 32]);
    /// assert_eq!(FieldElement::from_wide_bytes(&low), FieldElement::from_bytes(&[0x21; 32]));
    /// ```
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
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let x = FieldElement::from_bytes(&[0x35; 32]);
    /// assert_eq!(x.square(), x * x);
    /// ```
    #[inline]
    pub fn square(&self) -> FieldElement {
        FieldElement(fe_impl::square(&self.0))
    }

    /// self·b for a 32-bit b.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let x = FieldElement::from_bytes(&[0x35; 32]);
    /// let mut b = [0u8; 32];
    /// b[..4].copy_from_slice(&121_666u32.to_le_bytes());
    /// assert_eq!(x.mul32(121_666), x * FieldElement::from_bytes(&b));
    /// ```
    #[inline]
    pub fn mul32(&self, b: u32) -> FieldElement {
        FieldElement(fe_impl::mul32(&self.0, b))
    }

    /// 1/self; 0 maps to 0.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let x = FieldElement::from_bytes(&[0x35; 32]);
    /// assert_eq!(x * x.invert(), FieldElement::ONE);
    /// assert_eq!(FieldElement::ZERO.invert(), FieldElement::ZERO);
    /// ```
    pub fn invert(&self) -> FieldElement {
        FieldElement(fe_impl::invert(&self.0))
    }

    /// self^((p-5)/8), the exponentiation behind square roots.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// // t = x^((p-5)/8), so t^8 = x^(p-5) = x^-4 for x != 0.
    /// let x = FieldElement::from_bytes(&[0x35; 32]);
    /// let t = x.pow22523();
    /// assert_eq!(t.square().square().square() * x.square().square(), FieldElement::ONE);
    /// ```
    pub fn pow22523(&self) -> FieldElement {
        FieldElement(fe_impl::pow22523(&self.0))
    }

    /// The non-negative r with r² = u/v.
    ///
    /// Returns `(1, r)` when u/v is a square, and `(0, r)` with r² = sqrt(-1)·u/v
    /// otherwise (upstream SqrtRatio, RFC 9496 SQRT_RATIO_M1). Edge cases: u = 0 gives
    /// `(1, 0)`; u != 0 and v = 0 gives `(0, 0)`.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let fe = |n: u8| {
    ///     let mut b = [0u8; 32];
    ///     b[0] = n;
    ///     FieldElement::from_bytes(&b)
    /// };
    /// // 9/4 is a square: r² = 9/4, r non-negative.
    /// let (ok, r) = FieldElement::sqrt_ratio(&fe(9), &fe(4));
    /// assert!(bool::from(ok));
    /// assert_eq!(r.square() * fe(4), fe(9));
    /// assert!(!bool::from(r.is_negative()));
    /// // 2 is not a square mod p (p = 5 mod 8): then r² = sqrt(-1)·2.
    /// let (ok, r) = FieldElement::sqrt_ratio(&fe(2), &FieldElement::ONE);
    /// assert!(!bool::from(ok));
    /// assert_eq!(r.square(), FieldElement::SQRT_M1 * fe(2));
    /// ```
    pub fn sqrt_ratio(u: &FieldElement, v: &FieldElement) -> (Choice, FieldElement) {
        let (ok, r) = fe_impl::sqrt_ratio(&u.0, &v.0);
        (ok, FieldElement(r))
    }

    /// 1 if the canonical encoding is odd ("negative" in RFC 8032 terms).
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let mut three = [0u8; 32];
    /// three[0] = 3;
    /// let x = FieldElement::from_bytes(&three);
    /// assert!(bool::from(x.is_negative())); // 3 is odd
    /// assert!(!bool::from((-x).is_negative())); // p - 3 is even
    /// ```
    #[inline]
    pub fn is_negative(&self) -> Choice {
        Choice::from(self.to_bytes()[0] & 1)
    }

    /// 1 if self = 0 (mod p).
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let x = FieldElement::from_bytes(&[0x35; 32]);
    /// assert!(!bool::from(x.is_zero()));
    /// assert!(bool::from((x - x).is_zero()));
    /// // p itself decodes to zero.
    /// let mut p = [0xff; 32];
    /// p[0] = 0xed;
    /// p[31] = 0x7f;
    /// assert!(bool::from(FieldElement::from_bytes(&p).is_zero()));
    /// ```
    #[inline]
    pub fn is_zero(&self) -> Choice {
        self.ct_eq(&FieldElement::ZERO)
    }

    /// self or -self, whichever is non-negative.
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let mut three = [0u8; 32];
    /// three[0] = 3;
    /// let x = FieldElement::from_bytes(&three); // odd: negative
    /// assert_eq!(x.abs(), -x);
    /// assert_eq!((-x).abs(), -x);
    /// assert!(!bool::from(x.abs().is_negative()));
    /// ```
    pub fn abs(&self) -> FieldElement {
        <Self as FieldArith>::abs(self)
    }

    /// Test and debug aid: whether the wrapped backend's limb invariant holds.
    #[doc(hidden)]
    pub fn is_in_bounds(&self) -> bool {
        fe_impl::in_bounds(&self.0)
    }

    /// The element in the radix-2^51 backend (a conversion on x86-64).
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let x = FieldElement::from_bytes(&[0x5c; 32]);
    /// assert_eq!(x.to_fe51().to_bytes(), x.to_bytes());
    /// assert_eq!(FieldElement::from_fe51(&x.to_fe51()), x);
    /// ```
    pub const fn to_fe51(&self) -> Fe51 {
        fe_impl::to_fe51(&self.0)
    }

    /// From the radix-2^51 backend (a conversion on x86-64).
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    /// use edwards25519_field::backend::radix51::Fe51;
    ///
    /// let a = Fe51::from_bytes(&[5; 32]);
    /// assert_eq!(FieldElement::from_fe51(&a), FieldElement::from_bytes(&[5; 32]));
    /// assert_eq!(FieldElement::from_fe51(&a.square()), FieldElement::from_fe51(&a).square());
    /// ```
    pub const fn from_fe51(x: &Fe51) -> FieldElement {
        FieldElement(fe_impl::from_fe51(x))
    }

    /// The element in the 4×64 backend (free on x86-64, a conversion elsewhere).
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    ///
    /// let x = FieldElement::from_bytes(&[0x5c; 32]);
    /// assert_eq!(x.to_fe64().to_bytes(), x.to_bytes());
    /// assert_eq!(FieldElement::from_fe64(&x.to_fe64()), x);
    /// ```
    pub const fn to_fe64(&self) -> Fe64 {
        fe_impl::to_fe64(&self.0)
    }

    /// From the 4×64 backend (free on x86-64, a conversion elsewhere).
    ///
    /// ```
    /// use edwards25519_field::FieldElement;
    /// use edwards25519_field::backend::radix64::Fe64;
    ///
    /// let a = Fe64::from_bytes(&[5; 32]);
    /// assert_eq!(FieldElement::from_fe64(&a), FieldElement::from_bytes(&[5; 32]));
    /// assert_eq!(FieldElement::from_fe64(&a.square()), FieldElement::from_fe64(&a).square());
    /// ```
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
    fn pow2k(&self, k: u32) -> Self {
        debug_assert!(k >= 1);
        FieldElement(fe_impl::pow2k(&self.0, k))
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
    fn sqrt_ratio_pair(u0: &Self, v0: &Self, u1: &Self, v1: &Self) -> [(Choice, Self); 2] {
        fe_impl::sqrt_ratio_pair(&u0.0, &v0.0, &u1.0, &v1.0).map(|(c, r)| (c, FieldElement(r)))
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
        debug_hex(f, "FieldElement", &self.to_bytes())
    }
}

impl ConstantTimeEq for FieldElement {
    /// Equality of values mod p (compares the canonical limbs).
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
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
