//! [`FieldArith`]: what a limb backend provides, and the operations written once on top
//! of it (inversion, the (p-5)/8 power, square root of a ratio).
//!
//! The group crate is generic over this trait, so a backend is chosen once per
//! top-level operation (a scalar multiplication, a decode) and never per field
//! operation. [`FieldElement`] (portable radix 2^51) implements it; so does the x86-64
//! MULX/ADX backend where it is compiled in.
//!
//! ```
//! use edwards25519_field::backend::radix51::Fe51;
//! use edwards25519_field::{FieldArith, FieldElement};
//!
//! // The inversion written here, on one backend's limbs.
//! let x = Fe51::from_field(&FieldElement::from_bytes(&[2; 32]));
//! assert_eq!(x * x.invert(), Fe51::ONE);
//! assert_eq!(x.invert(), x.invert_fermat());
//! ```

use core::fmt::Debug;
use core::ops::{Add, Mul, Neg, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::FieldElement;

/// Arithmetic mod p = 2^255 - 19 in one limb representation.
///
/// Low-level: users work with [`FieldElement`]; this trait exists so that code above
/// the field (the group crate) can be written once and instantiated per backend.
///
/// Every implementation must be constant time in all its inputs, and every value it
/// returns must be a valid input to every method (each backend states its limb bounds).
///
/// ```
/// use edwards25519_field::backend::radix51::Fe51;
/// use edwards25519_field::{FieldArith, FieldElement};
///
/// // Written once, generic over the limb representation.
/// fn cube<F: FieldArith>(x: F) -> F {
///     x.square() * x
/// }
/// let x = FieldElement::from_bytes(&[3; 32]);
/// assert_eq!(cube(x), x * x * x);
/// // Another backend's limbs give the same value.
/// assert_eq!(cube(Fe51::from_field(&x)).to_field(), cube(x));
/// ```
pub trait FieldArith:
    Copy
    + Debug
    + Default
    + ConditionallySelectable
    + ConstantTimeEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
{
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// A short name for the backend ("portable", "x86-64 MULX/ADX"), for reports.
    const BACKEND: &'static str;

    /// Converts from the portable representation.
    fn from_field(fe: &FieldElement) -> Self;
    /// Converts to the portable representation.
    fn to_field(&self) -> FieldElement;

    /// self².
    fn square(&self) -> Self;

    /// 2·self² (used by point doubling).
    fn square2(&self) -> Self {
        let s = self.square();
        s + s
    }

    /// self·b for a small constant b < 2^32 (the Montgomery ladder's a24 = 121666).
    ///
    /// The default multiplies by b as a field element; backends override it with a
    /// cheaper single-row product.
    fn mul32(&self, b: u32) -> Self {
        let mut bytes = [0u8; 32];
        bytes[..4].copy_from_slice(&b.to_le_bytes());
        *self * Self::from_field(&FieldElement::from_bytes(&bytes))
    }

    /// self^(2^k), for k >= 1: k repeated squarings.
    fn pow2k(&self, k: u32) -> Self {
        debug_assert!(k >= 1);
        let mut x = self.square();
        for _ in 1..k {
            x = x.square();
        }
        x
    }

    /// The canonical little-endian encoding.
    fn to_bytes(&self) -> [u8; 32] {
        self.to_field().to_bytes()
    }

    /// 1 if self = 0 (mod p).
    fn is_zero(&self) -> Choice {
        self.to_bytes().ct_eq(&[0u8; 32])
    }

    /// The low bit of the canonical encoding.
    fn is_negative(&self) -> Choice {
        Choice::from(self.to_bytes()[0] & 1)
    }

    /// |self|: self or -self, whichever is non-negative.
    fn abs(&self) -> Self {
        Self::conditional_select(self, &-*self, self.is_negative())
    }

    /// (self^(2^250 - 1), self^11): the shared head of [`Self::invert_fermat`] and
    /// [`Self::pow22523`].
    fn pow_2_250_minus_1(&self) -> (Self, Self) {
        chain_2_250_minus_1(*self, |x, k| x.pow2k(k), |a, b| *a * *b)
    }

    /// (a^(2^k), b^(2^k)) for k >= 1: [`Self::pow2k`] of two independent elements.
    /// The radix-2^51 chains override it to interleave the two square by square, so
    /// that one chain's square runs while the other's waits on its latency.
    fn pow2k_pair(a: &Self, b: &Self, k: u32) -> (Self, Self) {
        (a.pow2k(k), b.pow2k(k))
    }

    /// 1/self, in constant time; maps 0 to 0.
    ///
    /// Bernstein–Yang safegcd (a fixed 588 divsteps, see the `safegcd` module), run on
    /// the canonical value in four words (each backend overrides this to hand its own
    /// limbs over): the conversions cost far less than the inversion.
    /// [`Self::invert_fermat`] is the reference it is tested against.
    fn invert(&self) -> Self {
        let b = self.to_bytes();
        let w: [u64; 4] = core::array::from_fn(|i| {
            let mut x = [0u8; 8];
            x.copy_from_slice(&b[8 * i..8 * i + 8]);
            u64::from_le_bytes(x)
        });
        let r = crate::backend::radix64::Fe64::from_limbs(crate::safegcd::invert(&w));
        Self::from_field(&FieldElement::from_fe64(&r))
    }

    /// 1/self by Fermat: self^(p-2) = self^(2^255 - 21). Maps 0 to 0.
    ///
    /// The reference for [`Self::invert`] (tests compare the two); slower, about 254
    /// squarings and 11 multiplications.
    fn invert_fermat(&self) -> Self {
        let (z_250_0, z11) = self.pow_2_250_minus_1();
        let t = z_250_0.pow2k(5); //               2^255 - 2^5
        t * z11 //                                 2^255 - 21
    }

    /// self^((p-5)/8) = self^(2^252 - 3).
    fn pow22523(&self) -> Self {
        let (z_250_0, _) = self.pow_2_250_minus_1();
        let t = z_250_0.pow2k(2); //               2^252 - 4
        t * *self //                               2^252 - 3
    }

    /// The non-negative square root of u/v, with RFC 9496 (upstream SqrtRatio)
    /// semantics. See [`FieldElement::sqrt_ratio`].
    fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self) {
        let (uv3, uv7) = sqrt_ratio_factors(u, v);
        // r = u·v^3·(u·v^7)^((p-5)/8)
        sqrt_ratio_finish(u, v, uv3 * uv7.pow22523())
    }

    /// [`Self::sqrt_ratio`] of two independent fractions u0/v0 and u1/v1, the two
    /// exponentiations run side by side ([`Self::pow2k_pair`]): for the maps that take
    /// two square roots at once (RFC 9380's `hash_to_curve`, ristretto255's
    /// `from_uniform_bytes`).
    fn sqrt_ratio_pair(u0: &Self, v0: &Self, u1: &Self, v1: &Self) -> [(Choice, Self); 2] {
        let (a3, a7) = sqrt_ratio_factors(u0, v0);
        let (b3, b7) = sqrt_ratio_factors(u1, v1);
        let ((a, b), _) = chain_2_250_minus_1(
            (a7, b7),
            |(x, y), k| Self::pow2k_pair(x, y, k),
            |(x0, y0), (x1, y1)| (*x0 * *x1, *y0 * *y1),
        );
        // 2^252 - 3, as in `pow22523`.
        let (a, b) = Self::pow2k_pair(&a, &b, 2);
        [
            sqrt_ratio_finish(u0, v0, a3 * (a * a7)),
            sqrt_ratio_finish(u1, v1, b3 * (b * b7)),
        ]
    }
}

/// The addition chain to (z^(2^250 - 1), z^11), on one element or on several side by
/// side: `pow2k(x, k)` is x^(2^k) and `mul` the product, of whatever `C` holds.
#[inline(always)]
fn chain_2_250_minus_1<C: Copy>(
    z: C,
    pow2k: impl Fn(&C, u32) -> C,
    mul: impl Fn(&C, &C) -> C,
) -> (C, C) {
    let z2 = pow2k(&z, 1); //                          2
    let z9 = mul(&pow2k(&z2, 2), &z); //                9
    let z11 = mul(&z9, &z2); //                         11
    let z_5_0 = mul(&pow2k(&z11, 1), &z9); //           2^5 - 1
    let z_10_0 = mul(&pow2k(&z_5_0, 5), &z_5_0); //     2^10 - 1
    let z_20_0 = mul(&pow2k(&z_10_0, 10), &z_10_0); //  2^20 - 1
    let z_40_0 = mul(&pow2k(&z_20_0, 20), &z_20_0); //  2^40 - 1
    let z_50_0 = mul(&pow2k(&z_40_0, 10), &z_10_0); //  2^50 - 1
    let z_100_0 = mul(&pow2k(&z_50_0, 50), &z_50_0); // 2^100 - 1
    let z_200_0 = mul(&pow2k(&z_100_0, 100), &z_100_0); // 2^200 - 1
    let z_250_0 = mul(&pow2k(&z_200_0, 50), &z_50_0); // 2^250 - 1
    (z_250_0, z11)
}

/// (u·v^3, u·v^7): the factors of [`FieldArith::sqrt_ratio`]'s candidate root
/// u·v^3·(u·v^7)^((p-5)/8).
#[inline(always)]
fn sqrt_ratio_factors<F: FieldArith>(u: &F, v: &F) -> (F, F) {
    let v3 = v.square() * *v;
    let v7 = v3.square() * *v;
    (*u * v3, *u * v7)
}

/// [`FieldArith::sqrt_ratio`]'s verdict and root from its candidate r: r, or r·√-1
/// where v·r² = -u or -u·√-1, then |r|.
#[inline(always)]
fn sqrt_ratio_finish<F: FieldArith>(u: &F, v: &F, mut r: F) -> (Choice, F) {
    let sqrt_m1 = F::from_field(&FieldElement::SQRT_M1);
    let check = *v * r.square();

    let neg_u = -*u;
    let correct_sign = check.ct_eq(u);
    let flipped_sign = check.ct_eq(&neg_u);
    let flipped_sign_i = check.ct_eq(&(neg_u * sqrt_m1));

    let r_prime = r * sqrt_m1;
    r.conditional_assign(&r_prime, flipped_sign | flipped_sign_i);
    (correct_sign | flipped_sign, r.abs())
}
