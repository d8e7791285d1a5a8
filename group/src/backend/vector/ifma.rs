//! The AVX-512 IFMA field: four elements in radix 2^51, limb i of all four in one
//! 256-bit register, multiplied with `vpmadd52luq`/`vpmadd52huq` (ymm forms: on Zen 4
//! two per cycle, as many lanes per cycle as the zmm forms).
//!
//! Radix 2^51 is the portable [`FieldElement`]'s, so conversions only move limbs. Its
//! spare bit per limb lets every carry run in parallel, which keeps the point formulas'
//! dependency chain short: the radix-2^52 field over the same instructions
//! ([`super::ifma52`]), whose carries are sequential, measured 7-15% slower on every
//! point operation, so this one is the run-time choice.
//! The instructions multiply the low 52 bits of each operand and silently ignore the
//! rest, so the bound every multiplication relies on is: **mul-ready limbs are below
//! 2^52**. The three levels of [`VectorField`] are, per limb:
//!
//! | level | bound | why it holds |
//! |---|---|---|
//! | reduced | < 2^51 + 2^18 | the output of [`F4::carry`] (carries below 2^13, times 19 into limb 0) |
//! | mul-ready | < 2^52 | reduced; or 2p - x for reduced x (2p's limbs are 2^52 - 38 and 2^52 - 2, above every reduced limb) |
//! | wide | < 2^53 | a sum of two mul-ready values; 4p's limbs (2^53 - 76, 2^53 - 4) exceed it |
//! | folded | < 2^61 | a product before its carry, which the point formulas' linear steps take ([`folded`]) |
//!
//! The code is generic over [`LaneOps`], the dozen instructions it uses, and [`Lanes`],
//! those on four lanes with the conversions and tables: [`Ymm`] runs them (and
//! `paired::Zmm`, two four-lane halves, the fixed-base walk's); in the tests and the
//! `backends` fuzz target, `model` runs the same code on any CPU, emulating each
//! instruction as Intel documents it and asserting every multiply operand is below
//! 2^52, so the bounds above are checked, not only argued.
// With the AVX2 backend forced, only the tests reach this one.
#![cfg_attr(edwards25519_backend = "avx2", allow(dead_code))]

use core::arch::x86_64::*;

use edwards25519_field::FieldElement;
use subtle::Choice;

use super::const_tables::lane_tables;
use super::limbs::{P51, times, transpose, unrolled};
use super::out_of_line::out_of_line;
use super::point::Vector;
use super::{Cached4, Consts, Tables, VectorField};
use crate::backend::Op;

mod fixed_base;
mod masked;
mod paired;

/// The name `backend::selected` reports.
pub(crate) const NAME: &str = "avx512-ifma";

cpufeatures::new!(cpuid_ifma, "avx2", "avx512f", "avx512vl", "avx512ifma");

/// The backend, when CPUID (and XGETBV, for the OS's support of the AVX-512 state)
/// reports AVX2, AVX-512 F, VL and IFMA; checked once, then cached.
#[inline]
pub(crate) fn detect() -> Option<Vector<F4<Ymm>>> {
    if cpuid_ifma::get() {
        // SAFETY: CPUID reported every instruction set `Ymm` uses.
        Some(unsafe { Vector::assume_supported() })
    } else {
        None
    }
}

/// Runs `op` on this backend.
#[inline]
pub(crate) fn run<O: Op>(b: Vector<F4<Ymm>>, op: O) -> O::Output {
    // SAFETY: `b` exists, so CPUID reported every feature `run_with_features` enables.
    unsafe { run_with_features(b, op) }
}

/// The one function with the target features on: the whole operation (its algorithm,
/// the point formulas and the field code, all `#[inline(always)]`) compiles into it,
/// and so do the instructions' intrinsics.
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512ifma")]
#[inline(never)]
fn run_with_features<O: Op>(b: Vector<F4<Ymm>>, op: O) -> O::Output {
    op.run(b)
}

/// The lane-wise instructions the IFMA field uses: on four 64-bit lanes ([`Lanes`]), or
/// on two four-lane halves of one 512-bit register ([`paired`]), where each instruction
/// acts on each half as on four lanes.
pub(crate) trait LaneOps: masked::Masked + Copy + core::fmt::Debug {
    /// x in every lane.
    fn splat(x: u64) -> Self;
    /// Lane-wise wrapping addition (`vpaddq`).
    fn add(self, b: Self) -> Self;
    /// Lane-wise wrapping subtraction (`vpsubq`).
    fn sub(self, b: Self) -> Self;
    /// Bitwise and (`vpand`).
    fn and(self, b: Self) -> Self;
    /// Bitwise xor (`vpxor`).
    fn xor(self, b: Self) -> Self;
    /// Lane-wise logical right shift by 51 (`vpsrlq`).
    fn shr51(self) -> Self;
    /// Lane-wise left shift by `N` (`vpsllq`).
    fn shl<const N: i32>(self) -> Self;
    /// Lane-wise logical right shift by `N` (`vpsrlq`).
    fn shr<const N: i32>(self) -> Self;
    /// self + the low 52 bits of lo52(b)·lo52(c) (`vpmadd52luq`).
    fn madd52lo(self, b: Self, c: Self) -> Self;
    /// self + bits 52…103 of lo52(b)·lo52(c) (`vpmadd52huq`).
    fn madd52hi(self, b: Self, c: Self) -> Self;
    /// Lane k takes lane `(ORDER >> 2k) & 3` (`vpermq`).
    fn permute<const ORDER: i32>(self) -> Self;
    /// 32-bit element i from b where bit i of `BLEND` is set (`vpblendd`).
    fn blend<const BLEND: i32>(self, b: Self) -> Self;
    /// All ones in the lanes where self equals b, zero elsewhere (`vpcmpeqq`).
    fn eq(self, b: Self) -> Self;
    /// Each bit from b where that bit of `mask` is set, else from self (`vpternlogq`
    /// 0xca); with a mask from [`Lanes::eq`], b in its lanes.
    fn select(self, b: Self, mask: Self) -> Self;
    /// No instruction: the model asserts that every lane is below 2^`BITS`, so the
    /// bounds the code relies on between multiplications are checked too.
    #[inline(always)]
    fn assert_below<const BITS: u32>(self) {}
}

/// [`LaneOps`] on four 64-bit lanes, with the base point tables: what the point layer
/// runs on.
pub(crate) trait Lanes: LaneOps + LaneTables + Send + Sync + 'static {
    /// Lanes 0…3 from an array.
    fn from_array(v: [u64; 4]) -> Self;
    /// Lanes 0…3 as an array.
    fn to_array(self) -> [u64; 4];
    /// The fixed-base walk's two sums ([`fixed_base::sum_digits`]).
    #[inline(always)]
    fn sum_digits(table: &[[Cached4<F4<Self>>; 8]; 32], digits: &[i8; 64]) -> [F4<Self>; 2] {
        fixed_base::sum_digits(table, digits)
    }
}

/// A 256-bit register. Its operations run only inside [`run_with_features`]: a `Ymm`
/// is operated on only by the field code of this module, which the point layer reaches
/// only through a `Vector<F4<Ymm>>` (see [`detect`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ymm(__m256i);

impl Ymm {
    /// `[u64; 4]` as a register, in a const context (the tables are built at compile
    /// time).
    pub(crate) const fn from_array_const(v: [u64; 4]) -> Ymm {
        // SAFETY: `__m256i` and `[u64; 4]` have the same size (32 bytes) and every bit
        // pattern is valid for both.
        Ymm(unsafe { core::mem::transmute::<[u64; 4], __m256i>(v) })
    }
}

impl LaneOps for Ymm {
    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX).
        Ymm(unsafe { _mm256_set1_epi64x(x as i64) })
    }
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_add_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_sub_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn and(self, b: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_and_si256(self.0, b.0) })
    }
    #[inline(always)]
    fn xor(self, b: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_xor_si256(self.0, b.0) })
    }
    #[inline(always)]
    fn shr51(self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_srli_epi64::<51>(self.0) })
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_slli_epi64::<N>(self.0) })
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_srli_epi64::<N>(self.0) })
    }
    #[inline(always)]
    fn madd52lo(self, b: Self, c: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX-512 IFMA, VL).
        Ymm(unsafe { _mm256_madd52lo_epu64(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn madd52hi(self, b: Self, c: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX-512 IFMA, VL).
        Ymm(unsafe { _mm256_madd52hi_epu64(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn permute<const ORDER: i32>(self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_permute4x64_epi64::<ORDER>(self.0) })
    }
    #[inline(always)]
    fn blend<const BLEND: i32>(self, b: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_blend_epi32::<BLEND>(self.0, b.0) })
    }
    #[inline(always)]
    fn eq(self, b: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        Ymm(unsafe { _mm256_cmpeq_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn select(self, b: Self, mask: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX-512 F, VL).
        Ymm(unsafe { _mm256_ternarylogic_epi64::<0xca>(mask.0, b.0, self.0) })
    }
}

impl Lanes for Ymm {
    #[inline(always)]
    fn from_array(v: [u64; 4]) -> Self {
        Ymm::from_array_const(v)
    }
    #[inline(always)]
    fn to_array(self) -> [u64; 4] {
        // SAFETY: same size, every bit pattern valid for both.
        unsafe { core::mem::transmute::<__m256i, [u64; 4]>(self.0) }
    }
    /// The paired walk where 512-bit instructions run at full rate ([`paired`]).
    #[inline(always)]
    fn sum_digits(table: &[[Cached4<F4<Self>>; 8]; 32], digits: &[i8; 64]) -> [F4<Self>; 2] {
        if super::wide::wide_registers_pay() {
            fixed_base::sum_digits_paired::<paired::Zmm>(table, digits)
        } else {
            fixed_base::sum_digits(table, digits)
        }
    }
}

/// 2^51 - 1.
const MASK51: u64 = (1 << 51) - 1;

/// 2p in radix 2^51: 2^52 - 38, then 2^52 - 2.
const TWO_P: [u64; 5] = times(P51, 2);

/// 4p in radix 2^51: 2^53 - 76, then 2^53 - 4.
const FOUR_P: [u64; 5] = times(P51, 4);

/// Four elements of GF(2^255 - 19), limb-sliced: `.0[i]` holds limb i of all four.
#[derive(Clone, Copy, Debug)]
pub(crate) struct F4<L>([L; 5]);

/// One element's limbs carried as [`F4::carry`] does, for `const` use: reduced.
const fn carry_limbs(l: [u64; 5]) -> [u64; 5] {
    [
        (l[0] & MASK51) + 19 * (l[4] >> 51),
        (l[1] & MASK51) + (l[0] >> 51),
        (l[2] & MASK51) + (l[1] >> 51),
        (l[3] & MASK51) + (l[2] >> 51),
        (l[4] & MASK51) + (l[3] >> 51),
    ]
}

/// Four portable elements as limb-sliced lane arrays, carried to reduced limbs.
const fn limb_slices(e: [&FieldElement; 4]) -> [[u64; 4]; 5] {
    transpose([
        carry_limbs(e[0].limbs()),
        carry_limbs(e[1].limbs()),
        carry_limbs(e[2].limbs()),
        carry_limbs(e[3].limbs()),
    ])
}

/// 19·x as x + 2x + 16x, for x < 2^59.
#[inline(always)]
pub(crate) fn mul19<L: LaneOps>(x: L) -> L {
    x.add(x.shl::<1>()).add(x.shl::<4>())
}

/// The 25 products aᵢ·bⱼ of two five-limb operands (limbs below 2^52) by column, the
/// halves apart: `lo[k]` sums the low halves (`vpmadd52luq`) of those with i + j = k,
/// `hi[k]` the high halves (`vpmadd52huq`) of those with i + j + 1 = k, each half below
/// 2^52. Two chains of at most five dependent multiply-adds per column; the column
/// weights are the caller's (radix 2^51 doubles `hi`, radix 2^52 does not).
#[inline(always)]
pub(crate) fn product_columns<L: LaneOps>(a: &[L; 5], b: &[L; 5]) -> [[L; 10]; 2] {
    let zero = L::splat(0);
    let mut lo = [zero; 10];
    let mut hi = [zero; 10];
    for i in 0..5 {
        for j in 0..5 {
            lo[i + j] = lo[i + j].madd52lo(a[i], b[j]);
            hi[i + j + 1] = hi[i + j + 1].madd52hi(a[i], b[j]);
        }
    }
    [lo, hi]
}

/// The 15 distinct products of a five-limb square (limbs below 2^52) by column, in
/// three accumulators `acc`: the low half of aᵢ² in `acc[0][2i]`, its high half in
/// `acc[DIAG_HI][2i + 1]`; the low half of aᵢ·aⱼ (i < j, counted once) in
/// `acc[1][i + j]`, its high half in `acc[CROSS_HI][i + j + 1]`. The caller weighs the
/// accumulators by its radix (both indices are constants, so the arrays stay in
/// registers and an unused one costs nothing).
#[inline(always)]
pub(crate) fn square_columns<L: LaneOps, const DIAG_HI: usize, const CROSS_HI: usize>(
    a: &[L; 5],
) -> [[L; 10]; 3] {
    let mut acc = [[L::splat(0); 10]; 3];
    for i in 0..5 {
        acc[0][2 * i] = acc[0][2 * i].madd52lo(a[i], a[i]);
        acc[DIAG_HI][2 * i + 1] = acc[DIAG_HI][2 * i + 1].madd52hi(a[i], a[i]);
        for j in i + 1..5 {
            acc[1][i + j] = acc[1][i + j].madd52lo(a[i], a[j]);
            acc[CROSS_HI][i + j + 1] = acc[CROSS_HI][i + j + 1].madd52hi(a[i], a[j]);
        }
    }
    acc
}

impl<L: LaneOps> F4<L> {
    /// Columns 0…9 of a product (each below 2^56) to five reduced limbs:
    /// z_k + 19·z_(k+5) (below 2^61, as 2^255 = 19 mod p), then one carry.
    #[inline(always)]
    fn fold(z: &[L; 10]) -> F4<L> {
        F4(unrolled!(5, |k| z[k].add(mul19(z[k + 5])))).carry_lanes()
    }

    /// Carries every limb into the next (the top one into limb 0 times 19, as
    /// 2^255 = 19 mod p), the five carries computed from the input at once so the
    /// chains run in parallel. Takes limbs of any size (a carry is below 2^13); gives
    /// reduced ones. (`VectorField::carry` for four lanes.)
    #[inline(always)]
    pub(super) fn carry_lanes(&self) -> Self {
        let mask = L::splat(MASK51);
        let c: [L; 5] = unrolled!(5, |i| self.0[i].shr51());
        let low: [L; 5] = unrolled!(5, |i| self.0[i].and(mask));
        F4([
            low[0].add(mul19(c[4])),
            low[1].add(c[0]),
            low[2].add(c[1]),
            low[3].add(c[2]),
            low[4].add(c[3]),
        ])
    }
}

impl<L: Lanes> VectorField for F4<L> {
    #[inline(always)]
    fn from_elements(e: [&FieldElement; 4]) -> Self {
        let s = limb_slices(e);
        F4(unrolled!(5, |i| L::from_array(s[i])))
    }

    #[inline(always)]
    fn to_elements(&self) -> [FieldElement; 4] {
        let limbs: [[u64; 4]; 5] = unrolled!(5, |i| self.0[i].to_array());
        let element = |k: usize| {
            let l = [
                limbs[0][k],
                limbs[1][k],
                limbs[2][k],
                limbs[3][k],
                limbs[4][k],
            ];
            // Reduced limbs are below 2^52; `from_limbs_carried` takes them without a
            // check, which would branch on limbs that may be secret.
            debug_assert!(l.iter().all(|&x| x < 1 << 52));
            FieldElement::from_limbs_carried(l)
        };
        [element(0), element(1), element(2), element(3)]
    }

    #[inline(always)]
    fn add(&self, b: &Self) -> Self {
        F4(unrolled!(5, |i| self.0[i].add(b.0[i])))
    }

    #[inline(always)]
    fn sub(&self, b: &Self) -> Self {
        F4(unrolled!(5, |i| self.0[i]
            .add(L::splat(TWO_P[i]))
            .sub(b.0[i])))
    }

    #[inline(always)]
    fn neg_wide(&self) -> Self {
        F4(unrolled!(5, |i| L::splat(FOUR_P[i]).sub(self.0[i])))
    }

    #[inline(always)]
    fn neg_lanes<const BLEND: i32>(&self) -> Self {
        F4(unrolled!(5, |i| {
            let neg = L::splat(TWO_P[i]).sub(self.0[i]);
            self.0[i].blend::<BLEND>(neg)
        }))
    }

    #[inline(always)]
    fn permute<const ORDER: i32>(&self) -> Self {
        F4(unrolled!(5, |i| self.0[i].permute::<ORDER>()))
    }

    #[inline(always)]
    fn blend<const BLEND: i32>(&self, b: &Self) -> Self {
        F4(unrolled!(5, |i| self.0[i].blend::<BLEND>(b.0[i])))
    }

    #[inline(always)]
    fn zero_lanes<const BLEND: i32>(&self) -> Self {
        let zero = L::splat(0);
        F4(unrolled!(5, |i| self.0[i].blend::<BLEND>(zero)))
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

    /// One compare per entry and one blend per register: the mask is a lane compare of
    /// `index`, broadcast once, with the entry's number.
    #[inline(always)]
    fn lookup8(default: &Self, entries: [&Self; 8], index: u8) -> Self {
        let index = L::splat(u64::from(index));
        let mut out = default.0;
        for (j, entry) in (1u64..).zip(entries) {
            let mask = index.eq(L::splat(j));
            for (o, e) in out.iter_mut().zip(entry.0.iter()) {
                *o = o.select(*e, mask);
            }
        }
        F4(out)
    }

    /// [`F4::carry_lanes`].
    #[inline(always)]
    fn carry(&self) -> Self {
        self.carry_lanes()
    }

    /// self·b lane by lane. Takes mul-ready limbs; gives reduced ones.
    ///
    /// Product column k (weight 2^(51·k)) collects the low halves of aᵢ·bⱼ with
    /// i + j = k; the high half of aᵢ·bⱼ starts at bit 52 = 51 + 1, so it lands in
    /// column i + j + 1 with weight 2. A column holds at most 5 low and 5 high halves,
    /// each below 2^52, so z_k = lo_k + 2·hi_k < 15·2^52 < 2^56.
    #[inline(always)]
    fn mul(&self, b: &Self) -> Self {
        self.mul_uncarried::<false>(b).carry()
    }

    #[inline(always)]
    fn mul_folded(&self, b: &Self) -> Self {
        self.mul_uncarried::<false>(b)
    }

    #[inline(always)]
    fn add_sub_lanes_carried<const NEG: i32>(&self, b: &Self) -> Self {
        self.add_sub_folded::<NEG>(b)
    }

    #[inline(always)]
    fn double_egfh(&self) -> Self {
        self.double_egfh_folded()
    }

    /// Reduced plus reduced can reach 2^53 here, past the multiplier's 52 bits.
    const SQUARE_TAKES_SUMS: bool = false;
    /// As for [`VectorField::SQUARE_TAKES_SUMS`]: a wide limb exceeds 52 bits.
    const MUL_TAKES_WIDE_LEFT: bool = false;
    /// Reduced limbs are mul-ready, so (X, Y, Z, Z)·(X, Y, Z, T) needs no carry first,
    /// where (X, Y, Z, X + Y) does (see [`VectorField::DOUBLE_WITH_T`]).
    const DOUBLE_WITH_T: bool = true;

    /// self² lane by lane. Takes mul-ready limbs; gives reduced ones.
    ///
    /// The 15 distinct products: aᵢ² (low half weight 1 in column 2i, high half weight
    /// 2 in column 2i + 1) and aᵢ·aⱼ for i < j, counted twice (low half weight 2 in
    /// column i + j, high half weight 4 in column i + j + 1). So three accumulators per
    /// column, of weights 1, 2 and 4; a column totals below
    /// 2^52 + 2·3·2^52 + 4·2·2^52 < 2^56, as in [`F4::mul`].
    #[inline(always)]
    fn square(&self) -> Self {
        let [w1, w2, w4] = square_columns::<L, 1, 2>(&self.0);
        F4::fold(&unrolled!(10, |k| w1[k].add(w2[k].add(w4[k].shl::<1>()).shl::<1>())))
    }

    #[inline(always)]
    fn tables() -> &'static Tables<Self> {
        L::tables()
    }

    #[inline(always)]
    fn consts() -> &'static Consts<Self> {
        L::consts()
    }

    /// This field's own walk ([`fixed_base`]).
    #[inline(always)]
    fn sum_digits(table: &[[Cached4<Self>; 8]; 32], digits: &[i8; 64]) -> Option<[Self; 2]> {
        Some(L::sum_digits(table, digits))
    }
}

/// The base point tables for each [`Lanes`] type (a static cannot be generic).
pub(crate) trait LaneTables: Sized {
    /// The tables as `F4<Self>` addends (built on first use).
    fn tables() -> &'static Tables<F4<Self>>;
    /// The constants as `F4<Self>` lanes.
    fn consts() -> &'static Consts<F4<Self>>;
}

lane_tables!(impl LaneTables::tables, consts for F4<Ymm>, limb_slices, Ymm::from_array_const);

out_of_line!(F4<Ymm>, "avx2,avx512f,avx512vl,avx512ifma");

mod folded;

// Not library code: an emulator for the tests and the `backends` fuzz target, so not
// mutated (.cargo/mutants.toml).
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) mod model;

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{MASK51, carry_limbs};
    use edwards25519_field::FieldElement;

    /// `carry_limbs` keeps the value and gives reduced limbs for every input the
    /// portable type allows (limbs below 2^52). On x86-64 the public element hands the
    /// vector code limbs that are already below 2^51 + 19, so the conversions never
    /// carry there and the agreement tests cannot see this function's carries: it is
    /// checked on its own.
    #[test]
    fn carry_limbs_keeps_the_value() {
        for l in crate::backend::vector::radix51_test_inputs(0x1f3d_5b79_a2c4_e681, 10_000) {
            let out = carry_limbs(l);
            assert!(
                out.iter().all(|&x| x < (1 << 51) + (1 << 18)),
                "{l:?}: {out:?}"
            );
            assert!(out[1..].iter().all(|&x| x <= MASK51 + 1), "{l:?}: {out:?}");
            let before = FieldElement::from_limbs(l).expect("limbs below 2^52");
            let after = FieldElement::from_limbs(out).expect("limbs below 2^52");
            assert_eq!(before, after, "{l:?}");
        }
    }

    /// The `Ymm` tables hold, lane for lane, what the model's tables hold. `Ymm`'s
    /// `from_array` and `to_array` only reinterpret memory (no instruction the CPU may
    /// lack), so this runs on any x86-64 CPU. It pins the register's lane order, which
    /// `to_elements` and the tables rely on; the agreement tests reach
    /// `Ymm` only on a CPU with IFMA.
    #[test]
    fn ymm_tables_hold_the_model_lanes() {
        use super::model::Model;
        use super::{F4, Lanes, Ymm};

        fn lanes<L: Lanes>(f: &F4<L>) -> [[u64; 4]; 5] {
            f.0.map(|l| l.to_array())
        }
        fn all<L: Lanes>() -> std::vec::Vec<[[u64; 4]; 5]> {
            let t = L::tables();
            let cached = t.base.iter().flatten().chain(&t.odd).chain(&t.odd128);
            let mut v: std::vec::Vec<_> = cached.map(|c| lanes(&c.0)).collect();
            let c = L::consts();
            v.extend([&c.identity, &c.identity_cached, &c.cached_factors].map(lanes));
            v
        }
        let (ymm, model) = (all::<Ymm>(), all::<Model>());
        assert_eq!(ymm.len(), 32 * 8 + 64 + 64 + 3);
        assert_eq!(ymm, model);
        for v in [[0, 1, 2, 3], [u64::MAX, 1 << 63, 5, 1 << 51]] {
            assert_eq!(Ymm::from_array(v).to_array(), v);
        }
    }
}
