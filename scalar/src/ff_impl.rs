//! The `ff` 0.14 traits for [`Scalar`] (feature `group`): [`ff::Field`],
//! [`ff::PrimeField`] and [`ff::FromUniformBytes<64>`], so generic code over prime
//! fields (and the `group` traits of `edwards25519-group`) can use scalars mod l.
//!
//! Facts the constants rest on (each checked against num-bigint in `tests/ff.rs`):
//!
//! - l - 1 = 2^2 · 3 · 11 · 198211423230930754013084525763697
//!   · 276602624281642239937218680557139826668747, so S = 2 and t = (l - 1)/4 is odd;
//! - 2 generates the multiplicative group: 2^((l-1)/q) != 1 for q = 2, 3, 11 and both
//!   large factors (and, as l ≡ 5 (mod 8), 2 is a quadratic non-residue);
//! - ROOT_OF_UNITY = 2^t has order 4, so it is a square root of -1; it is not a square
//!   (8 does not divide l - 1), which `ff::helpers::sqrt_ratio_generic` relies on.
//!
//! Square roots use l ≡ 5 (mod 8): for a square x, r = x^((l+3)/8) satisfies
//! r² = ±x, and r·sqrt(-1) fixes the sign when r² = -x. Everything here is constant
//! time: the exponents are public constants and the fix-ups go through `subtle`.

use crate::Scalar;
use crate::limbs::{L, sub4};
use ff::{Field, FromUniformBytes, PrimeField};
use rand_core::TryRng;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Scalar {
    /// A scalar from little-endian limbs that the caller guarantees are below l (a
    /// `const` constructor for the `PrimeField` constants; each constant is checked
    /// against num-bigint in the tests).
    pub(crate) const fn from_limbs_unchecked(limbs: [u64; 4]) -> Scalar {
        Scalar(limbs)
    }

    /// `self^e` for a little-endian 256-bit exponent: left-to-right square and
    /// multiply over all 256 bits, the multiply always computed and kept with a
    /// constant-time select, so the time depends on neither `self` nor `e`.
    fn pow_ct(&self, e: &[u64; 4]) -> Scalar {
        let mut acc = Scalar::ONE;
        for limb in e.iter().rev() {
            for i in (0..64).rev() {
                acc = acc.square();
                let product = acc * self;
                acc.conditional_assign(&product, Choice::from(((limb >> i) & 1) as u8));
            }
        }
        acc
    }

    /// The square root for `ff::Field::sqrt` (see the module doc): `None` when `self`
    /// is not a square. Which of the two roots comes out is unspecified.
    fn sqrt_ct(&self) -> CtOption<Scalar> {
        let r = self.pow_ct(&L_PLUS_3_DIV_8);
        let r_sq = r.square();
        // r² = self, or r² = -self (then (r·sqrt(-1))² = self), or self is no square.
        let flip = r_sq.ct_eq(&-self);
        let r = Scalar::conditional_select(&r, &(r * SQRT_M1), flip);
        CtOption::new(r, r.square().ct_eq(self))
    }
}

/// (l + 3)/8, little-endian limbs (l ≡ 5 (mod 8), so the division is exact).
const L_PLUS_3_DIV_8: [u64; 4] = [
    0xcb02_4c63_4b9e_ba7e,
    0x029b_df3b_d45e_f39a,
    0x0000_0000_0000_0000,
    0x0200_0000_0000_0000,
];

/// A square root of -1 mod l: 2^((l-1)/4), the same value as `ROOT_OF_UNITY`.
const SQRT_M1: Scalar = Scalar::from_limbs_unchecked([
    0xbe87_75df_ebbe_07d4,
    0x0ef0_5653_42ce_83fe,
    0x7d3d_6d60_abc1_c27a,
    0x094a_7310_e079_81e7,
]);

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl Field for Scalar {
    const ZERO: Scalar = Scalar::ZERO;
    const ONE: Scalar = Scalar::ONE;

    /// 64 bytes from `rng` reduced mod l (uniform up to a bias of about 2^-259).
    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<Scalar, R::Error> {
        let mut bytes = [0u8; 64];
        rng.try_fill_bytes(&mut bytes)?;
        let s = Scalar::from_bytes_mod_order_wide(&bytes);
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut bytes);
        Ok(s)
    }

    fn is_zero(&self) -> Choice {
        Scalar::is_zero(self)
    }

    fn square(&self) -> Scalar {
        Scalar::square(self)
    }

    fn double(&self) -> Scalar {
        self + self
    }

    /// `None` for 0; constant time (safegcd, see [`Scalar::invert`]).
    fn invert(&self) -> CtOption<Scalar> {
        CtOption::new(Scalar::invert(self), !Scalar::is_zero(self))
    }

    /// Overridden (as `sqrt_ratio_generic` requires): the l ≡ 5 (mod 8) square root.
    fn sqrt(&self) -> CtOption<Scalar> {
        self.sqrt_ct()
    }

    /// `ff`'s generic construction over [`Field::sqrt`]; the non-square multiplier
    /// G_S is `ROOT_OF_UNITY` (a square root of -1).
    fn sqrt_ratio(num: &Scalar, div: &Scalar) -> (Choice, Scalar) {
        ff::helpers::sqrt_ratio_generic(num, div)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl PrimeField for Scalar {
    /// The canonical 32-byte little-endian encoding, as [`Scalar::to_bytes`].
    type Repr = [u8; 32];

    /// As [`Scalar::from_canonical_bytes`]: `None` for values `>= l`.
    fn from_repr(repr: [u8; 32]) -> CtOption<Scalar> {
        Scalar::from_canonical_bytes(repr)
    }

    fn to_repr(&self) -> [u8; 32] {
        self.to_bytes()
    }

    fn is_odd(&self) -> Choice {
        // Canonical limbs: the integer's low bit is the low bit of limb 0.
        Choice::from((self.0[0] & 1) as u8)
    }

    fn from_u128(v: u128) -> Scalar {
        Scalar::from(v)
    }

    /// l, big-endian hex.
    const MODULUS: &'static str =
        "0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed";
    const NUM_BITS: u32 = 253;
    const CAPACITY: u32 = 252;
    /// (l + 1)/2.
    const TWO_INV: Scalar = Scalar::from_limbs_unchecked([
        0x2c09_318d_2e7a_e9f7,
        0x0a6f_7cef_517b_ce6b,
        0x0000_0000_0000_0000,
        0x0800_0000_0000_0000,
    ]);
    const MULTIPLICATIVE_GENERATOR: Scalar = Scalar::from_limbs_unchecked([2, 0, 0, 0]);
    const S: u32 = 2;
    /// 2^((l-1)/4), a square root of -1.
    const ROOT_OF_UNITY: Scalar = SQRT_M1;
    /// 2^(-(l-1)/4) = -ROOT_OF_UNITY = l - ROOT_OF_UNITY (below l, as 0 < ROOT_OF_UNITY < l;
    /// no borrow).
    const ROOT_OF_UNITY_INV: Scalar = Scalar::from_limbs_unchecked(sub4(&L, &SQRT_M1.0).0);
    /// 2^(2^S) = 16.
    const DELTA: Scalar = Scalar::from_limbs_unchecked([16, 0, 0, 0]);
}

#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
impl FromUniformBytes<64> for Scalar {
    /// As [`Scalar::from_bytes_mod_order_wide`].
    fn from_uniform_bytes(bytes: &[u8; 64]) -> Scalar {
        Scalar::from_bytes_mod_order_wide(bytes)
    }
}
