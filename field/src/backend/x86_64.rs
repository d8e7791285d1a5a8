//! The x86-64 backend: the limbs of the portable 4×64 backend ([`Fe64`](crate::backend::radix64::Fe64)), with
//! multiplication and squaring in inline assembly with MULX (BMI2) and ADCX/ADOX (ADX).
//!
//! An element is `l0 + l1·2^64 + l2·2^128 + l3·2^192`, exactly as in [`Fe64`](crate::backend::radix64::Fe64); the
//! functions here compute what `backend::radix64`'s do, on the same limbs (bit for bit:
//! `tests/backend_agreement/main.rs`). Addition, subtraction, `mul32` and the encodings
//! are [`Fe64`](crate::backend::radix64::Fe64)'s own (they need no MULX).
//!
//! **Invariant**: none beyond the representation (every 256-bit value is valid).
//! Bounds: multiplication, squaring and `pow2k` return values below 2^255 + 2^12 (see
//! the `asm` submodule); nothing relies on them.
//!
//! # Soundness: who may run this code
//!
//! MULX/ADCX/ADOX raise #UD on a CPU without BMI2/ADX, so no safe public path may reach
//! them unchecked. Three routes exist, all checked:
//!
//! - inside this crate, [`FieldElement`](crate::FieldElement)'s operations call the
//!   `asm` functions only after [`cpu_has_bmi2_adx`](crate::backend::cpu_has_bmi2_adx)
//!   (a CPUID check, cached) returned true;
//! - the safegcd inversion's divsteps in assembly (`divsteps`, SARX and SHLX: BMI2)
//!   check [`use_fast`](crate::backend::use_fast) themselves and say `None` where it is
//!   false;
//! - [`Mulx<P>`](crate::backend::x86_64::Mulx) implements [`FieldArith`](crate::FieldArith) (and so its operators) only
//!   for a proof type `P: `[`Bmi2Adx`](crate::backend::x86_64::Bmi2Adx), an `unsafe` trait: whoever implements it
//!   promises to use `Mulx<P>` only after that check succeeded. Code generic over
//!   [`FieldArith`](crate::FieldArith) (the group crate's point arithmetic) then runs MULX with no check per
//!   field operation.
//!
//! Building a `Mulx<P>` (constants, conversions) never runs MULX, so those stay safe for
//! any `P`.
//!
//! ```
//! use edwards25519_field::backend::cpu_has_bmi2_adx;
//! use edwards25519_field::backend::x86_64::{Bmi2Adx, Mulx};
//! use edwards25519_field::{FieldArith, FieldElement};
//!
//! #[derive(Clone, Copy)]
//! struct Checked;
//! // SAFETY: `Mulx<Checked>` is operated on only in the branch below, after the check.
//! unsafe impl Bmi2Adx for Checked {}
//!
//! let x = FieldElement::from_bytes(&[3; 32]);
//! if cpu_has_bmi2_adx() {
//!     let m = Mulx::<Checked>::from_field(&x);
//!     assert_eq!((m * m).to_field(), x.square());
//! }
//! // Building and converting never runs MULX, on any CPU.
//! assert_eq!(Mulx::<Checked>::from_fe64(x.to_fe64()).to_fe64(), x.to_fe64());
//! ```
#![allow(unsafe_code)]
// The forced portable build compiles this module (see `backend`) but runs none of it.
#![cfg_attr(not(edwards25519_x86), allow(dead_code))]

pub(crate) mod asm;
pub(crate) mod divsteps;

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, Mul, Neg, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::backend::radix64::{self, Fe64};

/// The name of this backend (its [`FieldArith::BACKEND`](crate::FieldArith::BACKEND)).
pub const NAME: &str = "x86-64 MULX/ADX (4x64)";

/// A proof that this CPU has BMI2 and ADX.
///
/// # Safety
///
/// Implement it only for a type `P` such that every value of [`Mulx<P>`] is operated on
/// only after [`cpu_has_bmi2_adx`](crate::backend::cpu_has_bmi2_adx) returned true in
/// this process (for example: `P` private to one function, used only in the branch
/// after that check). Operating on `Mulx<P>` otherwise may execute an instruction the
/// CPU lacks.
pub unsafe trait Bmi2Adx: Copy + Send + Sync + 'static {}

/// The proof this crate uses itself: only named in the checked branches of
/// `FieldElement`'s operations (`crate::fe_impl`).
#[derive(Clone, Copy)]
pub(crate) struct Checked;

// SAFETY: `Checked` is crate-private; `Mulx<Checked>` is used only in the branches of
// `crate::fe_impl` that run after `cpu_has_bmi2_adx()` returned true.
unsafe impl Bmi2Adx for Checked {}

/// An element of GF(2^255 - 19) on the MULX/ADX backend: [`Fe64`]'s limbs, operated on
/// with MULX/ADX, for a proof type `P` (see the module documentation).
///
/// **Invariant**: as [`Fe64`]: any four limbs are valid.
pub struct Mulx<P>(Fe64, PhantomData<P>);

impl<P> Clone for Mulx<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P> Copy for Mulx<P> {}

impl<P> Mulx<P> {
    /// From the portable 4×64 limbs (free: the same limbs).
    #[inline(always)]
    pub const fn from_fe64(x: Fe64) -> Mulx<P> {
        Mulx(x, PhantomData)
    }

    /// To the portable 4×64 limbs (free).
    #[inline(always)]
    pub const fn to_fe64(&self) -> Fe64 {
        self.0
    }

    #[inline(always)]
    const fn wrap(l: [u64; 4]) -> Mulx<P> {
        Mulx(Fe64(l), PhantomData)
    }
}

/// [`radix64::pow2k_radix51`] with MULX for its products.
///
/// # Safety
///
/// The CPU has BMI2.
#[target_feature(enable = "bmi2")]
unsafe fn pow2k_radix51_bmi2(a: &[u64; 4], k: u32) -> [u64; 4] {
    radix64::pow2k_radix51(a, k)
}

/// [`radix64::pow2k_radix51_pair`] with MULX for its products.
///
/// # Safety
///
/// The CPU has BMI2.
#[target_feature(enable = "bmi2")]
unsafe fn pow2k_radix51_pair_bmi2(a: &[u64; 4], b: &[u64; 4], k: u32) -> ([u64; 4], [u64; 4]) {
    radix64::pow2k_radix51_pair(a, b, k)
}

impl<P: Bmi2Adx> crate::FieldArith for Mulx<P> {
    const ZERO: Self = Self::wrap([0; 4]);
    const ONE: Self = Self::wrap([1, 0, 0, 0]);
    const BACKEND: &'static str = NAME;

    #[inline(always)]
    fn from_field(fe: &crate::FieldElement) -> Self {
        Self::from_fe64(fe.to_fe64())
    }
    #[inline(always)]
    fn to_field(&self) -> crate::FieldElement {
        crate::FieldElement::from_fe64(&self.0)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        // SAFETY: `P: Bmi2Adx`: this value exists only after a successful CPUID check.
        Self::wrap(unsafe { asm::square(&self.0.0) })
    }
    #[inline(always)]
    fn square2(&self) -> Self {
        // SAFETY: `P: Bmi2Adx`: this value exists only after a successful CPUID check.
        Self::wrap(unsafe { asm::square2(&self.0.0) })
    }
    #[inline(always)]
    fn pow2k(&self, k: u32) -> Self {
        // k is public; k = 0 (not used by the chains) is the identity map.
        if k == 0 {
            *self
        } else if k >= radix64::LAZY_CHAIN {
            // SAFETY: `P: Bmi2Adx` (CPUID checked).
            Self::wrap(unsafe { pow2k_radix51_bmi2(&self.0.0, k) })
        } else {
            // SAFETY: `P: Bmi2Adx` (CPUID checked); k >= 1 as `asm::pow2k` needs.
            Self::wrap(unsafe { asm::pow2k(&self.0.0, k) })
        }
    }
    #[inline(always)]
    fn pow2k_pair(a: &Self, b: &Self, k: u32) -> (Self, Self) {
        if k >= radix64::LAZY_CHAIN {
            // SAFETY: `P: Bmi2Adx` (CPUID checked).
            let (x, y) = unsafe { pow2k_radix51_pair_bmi2(&a.0.0, &b.0.0, k) };
            (Self::wrap(x), Self::wrap(y))
        } else {
            (a.pow2k(k), b.pow2k(k))
        }
    }
    #[inline(always)]
    fn mul32(&self, b: u32) -> Self {
        Self::wrap(radix64::mul32(&self.0.0, b))
    }
    fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }
    fn is_zero(&self) -> Choice {
        <Fe64 as crate::FieldArith>::is_zero(&self.0)
    }
    fn is_negative(&self) -> Choice {
        <Fe64 as crate::FieldArith>::is_negative(&self.0)
    }
    fn invert(&self) -> Self {
        Self::wrap(crate::safegcd::invert(&radix64::reduce(&self.0.0)))
    }
}

impl<'a, P: Bmi2Adx> Add<&'a Mulx<P>> for &Mulx<P> {
    type Output = Mulx<P>;
    #[inline(always)]
    fn add(self, rhs: &'a Mulx<P>) -> Mulx<P> {
        Mulx::wrap(radix64::add(&self.0.0, &rhs.0.0))
    }
}

impl<'a, P: Bmi2Adx> Sub<&'a Mulx<P>> for &Mulx<P> {
    type Output = Mulx<P>;
    #[inline(always)]
    fn sub(self, rhs: &'a Mulx<P>) -> Mulx<P> {
        Mulx::wrap(radix64::sub_rt(&self.0.0, &rhs.0.0))
    }
}

impl<'a, P: Bmi2Adx> Mul<&'a Mulx<P>> for &Mulx<P> {
    type Output = Mulx<P>;
    #[inline(always)]
    fn mul(self, rhs: &'a Mulx<P>) -> Mulx<P> {
        // SAFETY: `P: Bmi2Adx`: this value exists only after a successful CPUID check.
        Mulx::wrap(unsafe { asm::mul(&self.0.0, &rhs.0.0) })
    }
}

impl<P: Bmi2Adx> Neg for &Mulx<P> {
    type Output = Mulx<P>;
    #[inline(always)]
    fn neg(self) -> Mulx<P> {
        Mulx::wrap(radix64::neg_rt(&self.0.0))
    }
}

impl<P: Bmi2Adx> Neg for Mulx<P> {
    type Output = Mulx<P>;
    #[inline(always)]
    fn neg(self) -> Mulx<P> {
        -&self
    }
}

// Owned and assigning forms of the operators, from the reference ones.
crate::forward_binop!([P: Bmi2Adx] Mulx<P>, Add, add, Mulx<P> => Mulx<P>, AddAssign, add_assign);
crate::forward_binop!([P: Bmi2Adx] Mulx<P>, Sub, sub, Mulx<P> => Mulx<P>, SubAssign, sub_assign);
crate::forward_binop!([P: Bmi2Adx] Mulx<P>, Mul, mul, Mulx<P> => Mulx<P>, MulAssign, mul_assign);

impl<P> Default for Mulx<P> {
    /// Zero.
    fn default() -> Self {
        Self::wrap([0; 4])
    }
}

impl<P> fmt::Debug for Mulx<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Mulx({:?})", self.0)
    }
}

impl<P> ConstantTimeEq for Mulx<P> {
    /// Equality of values mod p.
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl<P> PartialEq for Mulx<P> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl<P> Eq for Mulx<P> {}

impl<P> ConditionallySelectable for Mulx<P> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Mulx(Fe64::conditional_select(&a.0, &b.0, choice), PhantomData)
    }
}

#[cfg(feature = "zeroize")]
impl<P> zeroize::Zeroize for Mulx<P> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

/// a·b on [`Fe64`] limbs: MULX/ADX when this CPU has them, else the portable code.
/// One cached CPUID check per call (a load and a well-predicted branch); for the public
/// type's single operations. Generic code uses [`Mulx`] instead, with no check.
#[inline(always)]
pub(crate) fn mul_checked(a: &Fe64, b: &Fe64) -> Fe64 {
    if crate::backend::cpu_has_bmi2_adx() {
        // SAFETY: the CPU has BMI2 and ADX (checked on the line above).
        Fe64(unsafe { asm::mul(&a.0, &b.0) })
    } else {
        Fe64(radix64::mul_rt(&a.0, &b.0))
    }
}

/// a² on [`Fe64`] limbs; see [`mul_checked`].
#[inline(always)]
pub(crate) fn square_checked(a: &Fe64) -> Fe64 {
    if crate::backend::cpu_has_bmi2_adx() {
        // SAFETY: the CPU has BMI2 and ADX (checked on the line above).
        Fe64(unsafe { asm::square(&a.0) })
    } else {
        Fe64(radix64::square_rt(&a.0))
    }
}

/// 2·a² on [`Fe64`] limbs; see [`mul_checked`].
#[inline(always)]
pub(crate) fn square2_checked(a: &Fe64) -> Fe64 {
    if crate::backend::cpu_has_bmi2_adx() {
        // SAFETY: the CPU has BMI2 and ADX (checked on the line above).
        Fe64(unsafe { asm::square2(&a.0) })
    } else {
        Fe64(radix64::square2_rt(&a.0))
    }
}

/// x^((p-5)/8) on [`Fe64`] limbs: the whole chain on MULX/ADX after one check, else on
/// the portable code. `Mulx<Checked>` is made only in the checked branch.
pub(crate) fn pow22523_checked(a: &Fe64) -> Fe64 {
    use crate::FieldArith;
    if crate::backend::cpu_has_bmi2_adx() {
        Mulx::<Checked>::from_fe64(*a).pow22523().to_fe64()
    } else {
        a.pow22523()
    }
}

/// [`FieldArith::pow2k`](crate::FieldArith::pow2k) on [`Fe64`] limbs, k >= 1; see
/// [`pow22523_checked`].
pub(crate) fn pow2k_checked(a: &Fe64, k: u32) -> Fe64 {
    use crate::FieldArith;
    if crate::backend::cpu_has_bmi2_adx() {
        Mulx::<Checked>::from_fe64(*a).pow2k(k).to_fe64()
    } else {
        a.pow2k(k)
    }
}

/// [`FieldArith::sqrt_ratio_pair`](crate::FieldArith::sqrt_ratio_pair) on [`Fe64`]
/// limbs; see [`pow22523_checked`].
pub(crate) fn sqrt_ratio_pair_checked(
    u0: &Fe64,
    v0: &Fe64,
    u1: &Fe64,
    v1: &Fe64,
) -> [(Choice, Fe64); 2] {
    use crate::FieldArith;
    if crate::backend::cpu_has_bmi2_adx() {
        let m = Mulx::<Checked>::from_fe64;
        let [(a, x), (b, y)] =
            <Mulx<Checked> as FieldArith>::sqrt_ratio_pair(&m(*u0), &m(*v0), &m(*u1), &m(*v1));
        [(a, x.to_fe64()), (b, y.to_fe64())]
    } else {
        <Fe64 as FieldArith>::sqrt_ratio_pair(u0, v0, u1, v1)
    }
}

/// [`FieldArith::sqrt_ratio`](crate::FieldArith::sqrt_ratio) on [`Fe64`] limbs; see
/// [`pow22523_checked`].
pub(crate) fn sqrt_ratio_checked(u: &Fe64, v: &Fe64) -> (Choice, Fe64) {
    use crate::FieldArith;
    if crate::backend::cpu_has_bmi2_adx() {
        let (ok, r) =
            <Mulx<Checked> as FieldArith>::sqrt_ratio(&Mulx::from_fe64(*u), &Mulx::from_fe64(*v));
        (ok, r.to_fe64())
    } else {
        <Fe64 as FieldArith>::sqrt_ratio(u, v)
    }
}
