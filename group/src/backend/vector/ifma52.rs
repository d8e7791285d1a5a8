//! The IFMA point backend's field: [`F52`], the radix-2^52 field of the X25519 ladder
//! (`super::ifma52x4`), as a [`VectorField`], so that the point layer
//! ([`super::point`]) runs on it with X, Y, Z, T of one point in the four lanes.
//!
//! Radix 2^52 puts the high half of each 52 × 52-bit product (`vpmadd52huq`) at the
//! weight of the next limb as it stands, where radix 2^51 ([`super::ifma`]) must double
//! it. The price is that a limb has no spare bit: every multiplier operand must be
//! tight, so a sum, a difference or a negation is carried (a sequential carry,
//! [`F52::carry`]) before it is multiplied.
//!
//! # Bounds
//!
//! The three levels of [`VectorField`] in [`F52`]'s terms, per limb:
//!
//! | level | limbs 0…3 | limb 4 | why it holds |
//! |---|---|---|---|
//! | reduced | < 2^52 + 2^15 | < 2^48 | what [`VectorField::mul`] and [`VectorField::square`] give: a product's wide limbs (below 2^56) after one parallel carry round ([`carry_round`]); tight values |
//! | mul-ready | < 2^52 | < 2^48 | F52's *tight*: what [`F52::carry`] and the conversions give; [`VectorField::neg_lanes`] carries |
//! | wide | < 2^54 | < 2^50 | reduced + reduced (< 2^53 + 2^16); reduced + 4p - reduced (< 2^52 + 2^15 + 2^53, limb 4 < 2^48 + 2^49) |
//!
//! So reduced values are not mul-ready ([`VectorField::REDUCED_IS_MUL_READY`] is
//! false): the point formulas carry every product they multiply again, and everywhere
//! else a product meets a linear step and a carry first. The sequential carry runs
//! once per linear step; a product ends with the parallel round, about a third of the
//! sequential carry's latency, which the point formulas' single chain of dependent
//! operations waits for.
//!
//! [`F52::carry`] takes any limbs below 2^62. [`VectorField::neg_wide`] subtracts from
//! 16p, whose limbs (2^55 - 304, 2^55 - 8, 2^51 - 8) exceed every wide limb; its result
//! (below 2^55) plus a wide value stays below 2^56. 4p's limbs (2^53 - 76, 2^53 - 2,
//! 2^49 - 2) exceed every reduced limb, so the differences have no negative limb.
//!
//! Neither [`VectorField::MUL_TAKES_WIDE_LEFT`] nor [`VectorField::SQUARE_TAKES_SUMS`]
//! holds: a wide limb exceeds 52 bits.
//!
//! Conversions go through the portable element's 4×64-bit words
//! ([`FieldElement::to_fe64`]): any value below 2^256 is five tight radix-2^52 limbs
//! and back, with shifts only.
//!
//! # Why it is not the run-time choice
//!
//! Slower than the radix-2^51 field ([`super::ifma`]) on every point operation
//! measured, on both CPUs measured, so the dispatch runs it only with the `"ifma52"`
//! cfg (`EDWARDS25519_BACKEND=ifma52`, or `RUSTFLAGS='--cfg
//! edwards25519_backend="ifma52"'`), kept so that other CPUs can be measured. Radix
//! 2^52 over radix 2^51, same process (`bash scripts/before_after.sh --runs 3`, radix
//! 2^51 before, radix 2^52 after, the second with this backend's dispatch forced):
//!
//! | operation | AMD EPYC Zen 4, LTO + 1 CGU | Intel Xeon (family 6 model 207), LTO + 1 CGU + `target-cpu=native` |
//! |---|---|---|
//! | ScalarMult | 1.15 (11.75 → 13.49 µs) | 1.29 (16.47 → 21.31 µs) |
//! | VarTimeDoubleScalarBaseMult | 1.11 | 1.33 |
//! | VarTimeMultiScalarMult/64 | 1.11 | 1.03 (mostly the eight-lane engine) |
//! | Ed25519 Verification | 1.07 | 1.18 |
//! | ScalarBaseMult | 1.10 | 1.48 |
//! | EncodingDecoding (no point backend) | 1.00 | |
//!
//! Where the cycles go (an estimate from the instruction latencies, Zen 4: `vpmadd52`
//! 4 cycles, shifts and additions 1): one point runs as a single chain of dependent
//! field operations, so the chain's latency, not the multiplier's throughput, sets the
//! time. Radix 2^52 saves ten shifts per product (the doubled high halves) and none of
//! the chain: the high halves are added beside the low ones either way. It adds, per
//! doubling and per addition, two sequential carries on the chain (the linear steps'
//! carries before a product: about 13 cycles each where radix 2^51's parallel carry
//! takes about 5), and the fold by 608 takes 8 more `vpmadd52` per product: about 16 cycles of a
//! doubling's estimated 80-95, the 10-15% measured.
//!
//! The code runs over [`Lanes`]: [`Ymm`] on the CPU, and, in the tests and the
//! `backends` fuzz target, `ifma::model::Model`, which asserts that every multiplier
//! operand is below 2^52, so the bounds above are checked, not only argued.
// Without the `"ifma52"` cfg, only the tests reach this one.
#![cfg_attr(not(edwards25519_backend = "ifma52"), allow(dead_code))]

use edwards25519_field::FieldElement;
use edwards25519_field::backend::radix64::Fe64;
use subtle::Choice;

use super::const_tables::lane_tables;
use super::ifma::{Lanes, Ymm};
use super::ifma52x4::{F52, FOUR_P, limbs_to_words, words_to_limbs};
use super::limbs::{TWO_P52, times, transpose, unrolled};
use super::out_of_line::out_of_line;
use super::point::Vector;
use super::{Consts, Tables, VectorField};
use crate::backend::Op;

/// The name `backend::selected` reports.
pub(crate) const NAME: &str = "avx512-ifma52";

cpufeatures::new!(cpuid_ifma52, "avx2", "avx512f", "avx512vl", "avx512ifma");

/// The backend, when CPUID (and XGETBV, for the OS's support of the AVX-512 state)
/// reports AVX2, AVX-512 F, VL and IFMA; checked once, then cached.
#[inline]
pub(crate) fn detect() -> Option<Vector<F52<Ymm>>> {
    if cpuid_ifma52::get() {
        // SAFETY: CPUID reported every instruction set `Ymm` uses.
        Some(unsafe { Vector::assume_supported() })
    } else {
        None
    }
}

/// Runs `op` on this backend.
#[inline]
pub(crate) fn run<O: Op>(b: Vector<F52<Ymm>>, op: O) -> O::Output {
    // SAFETY: `b` exists, so CPUID reported every feature `run_with_features` enables.
    unsafe { run_with_features(b, op) }
}

/// The one function with the target features on: the whole operation (its algorithm,
/// the point formulas and the field code, all `#[inline(always)]`) compiles into it.
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512ifma")]
#[inline(never)]
fn run_with_features<O: Op>(b: Vector<F52<Ymm>>, op: O) -> O::Output {
    op.run(b)
}

/// The backend over the instruction model: it executes no special instruction.
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) fn model_backend() -> Vector<F52<super::ifma::model::Model>> {
    // SAFETY: the model's operations are plain integer arithmetic.
    unsafe { Vector::assume_supported() }
}

/// 2^52 - 1.
const M52: u64 = (1 << 52) - 1;

/// 16p = 2^259 - 304, four times [`FOUR_P`]'s limbs: 2^55 - 304, 2^55 - 8 (three
/// times), 2^51 - 8, each above the matching wide limb (2^54, 2^50).
const SIXTEEN_P: [u64; 5] = times(TWO_P52, 8);

/// Four elements as limb-sliced lane arrays, `[limb][lane]`: each element's tight
/// radix-2^52 limbs from its 4×64-bit words (any value below 2^256).
const fn limb_slices(e: [&FieldElement; 4]) -> [[u64; 4]; 5] {
    transpose([
        words_to_limbs(e[0].to_fe64().limbs()),
        words_to_limbs(e[1].to_fe64().limbs()),
        words_to_limbs(e[2].to_fe64().limbs()),
        words_to_limbs(e[3].to_fe64().limbs()),
    ])
}

/// One parallel carry round: each limb keeps its low 52 bits (limb 4: 47) and takes
/// the carry out of the limb below (limb 0: 19 times the bits of limb 4 above 47, as
/// 2^255 ≡ 19). For the wide limbs of a product (below 2^56): carries below 2^4, and
/// 19·2^9 < 2^15 into limb 0, so limbs 0…3 end below 2^52 + 2^15 and limb 4 below
/// 2^47 + 2^4: reduced. Every carry is computed from the input, so the round takes
/// the latency of one shift, one addition and the ×19, not of a chain of five.
#[inline(always)]
fn carry_round<L: Lanes>(z: &F52<L>) -> F52<L> {
    let m52 = L::splat(M52);
    let [z0, z1, z2, z3, z4] = z.0;
    let top = z4.shr::<47>();
    let top19 = top.add(top.shl::<1>()).add(top.shl::<4>());
    F52([
        z0.and(m52).add(top19),
        z1.and(m52).add(z0.shr::<52>()),
        z2.and(m52).add(z1.shr::<52>()),
        z3.and(m52).add(z2.shr::<52>()),
        z4.and(L::splat((1 << 47) - 1)).add(z3.shr::<52>()),
    ])
}

impl<L: Lanes + LaneTables52> VectorField for F52<L> {
    #[inline(always)]
    fn from_elements(e: [&FieldElement; 4]) -> Self {
        let s = limb_slices(e);
        F52(unrolled!(5, |i| L::from_array(s[i])))
    }

    /// Takes reduced values (carried here to tight ones).
    #[inline(always)]
    fn to_elements(&self) -> [FieldElement; 4] {
        let tight = F52::carry(self);
        let limbs: [[u64; 4]; 5] = unrolled!(5, |i| tight.0[i].to_array());
        let element = |k: usize| {
            let l = unrolled!(5, |i| limbs[i][k]);
            // Tight limbs are a value below 2^256, exactly four words (no check that
            // would branch on limbs that may be secret).
            debug_assert!(l[..4].iter().all(|&x| x <= M52) && l[4] < 1 << 48);
            FieldElement::from_fe64(&Fe64::from_limbs(limbs_to_words(l)))
        };
        [element(0), element(1), element(2), element(3)]
    }

    #[inline(always)]
    fn add(&self, b: &Self) -> Self {
        F52::add(self, b)
    }

    /// self + 4p - b: limbs below 2^52 + 2^53 (limb 4: 2^48 + 2^49), wide.
    #[inline(always)]
    fn sub(&self, b: &Self) -> Self {
        F52(unrolled!(5, |i| self.0[i].add(L::splat(FOUR_P[i]).sub(b.0[i]))))
    }

    #[inline(always)]
    fn add_sub_lanes<const NEG: i32>(&self, b: &Self) -> Self {
        self.sub_lanes::<NEG>(b)
    }

    /// 16p - self: limbs below 2^55 (limb 4: 2^51).
    #[inline(always)]
    fn neg_wide(&self) -> Self {
        F52(unrolled!(5, |i| L::splat(SIXTEEN_P[i]).sub(self.0[i])))
    }

    /// 4p - self in the lanes of `BLEND` (limbs below 2^53, limb 4 below 2^49), then
    /// carried: every lane tight.
    #[inline(always)]
    fn neg_lanes<const BLEND: i32>(&self) -> Self {
        F52(unrolled!(5, |i| {
            let neg = L::splat(FOUR_P[i]).sub(self.0[i]);
            self.0[i].blend::<BLEND>(neg)
        }))
        .carry()
    }

    #[inline(always)]
    fn permute<const ORDER: i32>(&self) -> Self {
        F52::permute::<ORDER>(self)
    }

    #[inline(always)]
    fn blend<const BLEND: i32>(&self, b: &Self) -> Self {
        F52::blend::<BLEND>(self, b)
    }

    #[inline(always)]
    fn zero_lanes<const BLEND: i32>(&self) -> Self {
        F52::zero_lanes::<BLEND>(self)
    }

    #[inline(always)]
    fn assign_if(&mut self, b: &Self, choice: Choice) {
        // All ones or all zeros; a ^ (mask & (a ^ b)) is a where the mask is 0, b where
        // it is all ones.
        let mask = L::splat(0u64.wrapping_sub(u64::from(choice.unwrap_u8())));
        for (a, b) in self.0.iter_mut().zip(b.0.iter()) {
            *a = a.xor(mask.and(a.xor(*b)));
        }
    }

    #[inline(always)]
    fn carry(&self) -> Self {
        F52::carry(self)
    }

    #[inline(always)]
    fn mul(&self, b: &Self) -> Self {
        carry_round(&self.mul_wide(b))
    }

    /// A wide limb exceeds the multiplier's 52 bits.
    const MUL_TAKES_WIDE_LEFT: bool = false;

    #[inline(always)]
    fn square(&self) -> Self {
        carry_round(&self.square_wide())
    }

    /// Reduced plus reduced reaches 2^53, past the multiplier's 52 bits.
    const SQUARE_TAKES_SUMS: bool = false;
    /// A product's limbs can pass 2^52 after [`carry_round`].
    const REDUCED_IS_MUL_READY: bool = false;

    #[inline(always)]
    fn tables() -> &'static Tables<Self> {
        L::tables52()
    }

    #[inline(always)]
    fn consts() -> &'static Consts<Self> {
        L::consts52()
    }
}

/// The base point tables in radix 2^52 for each [`Lanes`] type (a static cannot be
/// generic).
pub(crate) trait LaneTables52: Sized {
    /// The tables as `F52<Self>` addends (built on first use).
    fn tables52() -> &'static Tables<F52<Self>>;
    /// The constants as `F52<Self>` lanes.
    fn consts52() -> &'static Consts<F52<Self>>;
}

lane_tables!(impl LaneTables52::tables52, consts52 for F52<Ymm>, limb_slices, Ymm::from_array_const);
#[cfg(any(test, feature = "fuzzing"))]
lane_tables!(
    impl LaneTables52::tables52, consts52 for F52<super::ifma::model::Model>,
    limb_slices,
    super::ifma::model::Model::from_array_const
);

out_of_line!(F52<Ymm>, "avx2,avx512f,avx512vl,avx512ifma");
#[cfg(any(test, feature = "fuzzing"))]
impl super::point::OutOfLine for F52<super::ifma::model::Model> {}

#[cfg(test)]
mod tests;
