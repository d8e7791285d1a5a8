//! The AVX2 field: four elements in radix 2^25.5 (ten limbs of alternately 26 and 25
//! bits, the representation of Bernstein's curve25519 "ref10" code), two limbs per
//! 64-bit lane ([`F5`]: five registers per four elements), multiplied with `vpmuludq`
//! (32 × 32 → 64 bits per lane).
//!
//! Limb i has weight 2^wᵢ, wᵢ = 26·⌈i/2⌉ + 25·⌊i/2⌋ (0, 26, 51, 77, …, 230; w₁₀ = 255).
//! So wᵢ + wⱼ = w₍ᵢ₊ⱼ₎, plus 1 when i and j are both odd, and a column past limb 9 wraps
//! times 19 (2^255 = 19 mod p). The multiplier reads the low 32 bits of each lane, so
//! every factor it sees (2·aᵢ, 4·aᵢ, 19·bⱼ) must fit 32 bits. The three levels of
//! [`VectorField`], per limb (even limbs / odd limbs):
//!
//! | level | bound | why it holds |
//! |---|---|---|
//! | reduced | < 2^26 + 2^17 / < 2^25 + 2^17 | the output of [`F5::carry`] |
//! | mul-ready | < 2^27 / < 2^26 | reduced, or 2p - x for reduced x (2p's limbs are 2^27 - 38, 2^26 - 2) |
//! | wide | < 2^28 - 76 / < 2^27 - 4 | reduced plus mul-ready; below 4p's limbs |
//!
//! Mul-ready limbs keep every factor in 32 bits: 19·bⱼ < 19·2^27 < 2^31.3,
//! 4·aᵢ < 2^28 for odd i, 2·aᵢ < 2^28. Every level is below 2^32 per limb, so the
//! linear operations work on 32-bit halves and never carry from one limb into the next.
//!
//! **Why two limbs per lane.** (Packing two 32-bit limbs into each 64-bit lane is the
//! idea of curve25519-dalek's AVX2 backend, by Henry de Valence and Isis Lovecruft; the
//! layout and code here are written from that description.) A multiplication unpacks
//! its operands into one limb per 64-bit lane (an even limb is a factor as it stands, an odd one takes a 32-bit shift)
//! and packs the reduced product back. With one limb per lane throughout, a value would
//! take ten registers, and every permutation, blend, addition and carry of the point
//! formulas ten instructions, with values spilled between them; packed, those take
//! five, and a point fits in five registers. Two carries are skipped where the bounds
//! allow: before the doubling's square ([`VectorField::SQUARE_TAKES_SUMS`]) and before
//! an addition's multiplication ([`VectorField::MUL_TAKES_WIDE_LEFT`]).
//!
//! **Karatsuba over even and odd limbs.** A product splits each factor into its even
//! and its odd limbs, two 5-limb polynomials in 2^51, and takes three 5 × 5 products
//! instead of the 10 × 10 schoolbook ([`columns`]): 75 `vpmuludq` instead of 100, and
//! 45 instead of 55 for a square. (A schoolbook product in assembly, with the ten
//! columns in registers and the factors as memory operands, removes the compiler's
//! spills and is no faster: the spills are not the bottleneck.)
//!
//! **Why it is the run-time choice without IFMA.** Measured on an AMD EPYC Zen 3 (LTO,
//! one codegen unit; alternating rounds in one process), this backend takes less time
//! than the serial MULX/ADX backend for every operation, including
//! VarTimeDoubleScalarBaseMult (0.75 of the serial time) and Ed25519 `verify`
//! (0.93-0.97), so `backend` picks it on every x86-64 CPU with AVX2 and no IFMA.
//! BENCHMARKS.md has the current figures.

use core::arch::x86_64::*;

use edwards25519_field::FieldElement;
use subtle::Choice;

use super::const_tables::const_consts;
use super::lazy_tables::LazyTables;
use super::limbs::{unroll5, unrolled};
use super::out_of_line::out_of_line;
use super::point::Vector;
use super::{Cached4, Consts, Tables, VectorField};
use crate::backend::Op;

/// The name `backend::selected` reports.
pub(crate) const NAME: &str = "avx2";

cpufeatures::new!(cpuid_avx2, "avx2");

/// The backend, when CPUID (and XGETBV, for the OS's support of the ymm state)
/// reports AVX2; checked once, then cached.
#[inline]
pub(crate) fn detect() -> Option<Vector<F5>> {
    if cpuid_avx2::get() {
        // SAFETY: CPUID reported AVX2, the only instruction set `F5` uses.
        Some(unsafe { Vector::assume_supported() })
    } else {
        None
    }
}

/// How many of a batch of n run in groups of four lanes (the X25519 and decoding
/// batches): all but a last partial group of one or two, which the one-element code
/// does in less time; a last group of three is padded to four. Batches of 1 to 8 timed
/// against the single calls (Intel Xeon reporting family 6 model 167, AVX2 forced): a
/// group of four ladders took 2.93, 2.78 and 2.51 single X25519 calls' time with LTO and
/// one codegen unit, in cargo's default profile and with `-C target-cpu=native`; four
/// decodings 2.62, 2.61 and 2.07 single decodings'.
#[cfg(feature = "alloc")]
pub(crate) const fn grouped(n: usize) -> usize {
    if n % 4 >= 3 { n } else { n - n % 4 }
}

/// Runs `op` on this backend.
#[inline]
pub(crate) fn run<O: Op>(b: Vector<F5>, op: O) -> O::Output {
    // SAFETY: `b` exists, so CPUID reported AVX2, which `run_with_features` enables.
    unsafe { run_with_features(b, op) }
}

/// The one function with AVX2 on: the whole operation compiles into it (see
/// `ifma::run_with_features`).
#[target_feature(enable = "avx2")]
#[inline(never)]
fn run_with_features<O: Op>(b: Vector<F5>, op: O) -> O::Output {
    super::align_frame();
    op.run(b)
}

/// 2^26 - 1 and 2^25 - 1.
const MASK26: u64 = (1 << 26) - 1;
const MASK25: u64 = (1 << 25) - 1;

/// The bits of limb i: 26 for even i, 25 for odd.
const fn bits(i: usize) -> u32 {
    if i.is_multiple_of(2) { 26 } else { 25 }
}

/// 2p limb by limb: 2·(2^26 - 19), then 2·(2^25 - 1), 2·(2^26 - 1), … .
const TWO_P: [u64; 10] = {
    let mut out = [0u64; 10];
    let mut i = 0;
    while i < 10 {
        out[i] = (1 << (bits(i) + 1)) - 2;
        i += 1;
    }
    out[0] -= 36;
    out
};

/// 4p limb by limb.
const FOUR_P: [u64; 10] = {
    let mut out = [0u64; 10];
    let mut i = 0;
    while i < 10 {
        out[i] = 2 * TWO_P[i];
        i += 1;
    }
    out
};

/// Four elements of GF(2^255 - 19), two limbs per 64-bit lane: in register k, lane e
/// holds limb 2k of element e in its low 32 bits and limb 2k + 1 in its high 32 bits.
///
/// Lanes are elements, as in every [`VectorField`], so the point layer's permutations
/// and blends move whole elements (`vpermq`, `vpblendd` on 64-bit lanes), five
/// registers per value. Additions and subtractions are 32-bit (`vpaddd`, `vpsubd`):
/// every limb of every level is below 2^28, so no half carries into its neighbour. The
/// multiplier reads the low half of a lane, so an even limb is a factor as it stands
/// and an odd one after a 32-bit shift.
///
/// Every operation on it runs only inside [`run_with_features`]: the field code is
/// reached only through a `Vector<F5>` (see [`detect`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct F5([__m256i; 5]);

/// One element's radix-2^51 limbs as ten radix-2^25.5 limbs: each 51-bit limb splits
/// into 26 + 25 bits (w₂ᵢ = 51·i, w₂ᵢ₊₁ = 51·i + 26), after one carry of the 51-bit
/// limbs so that each is below 2^51 + 2^18. Reduced.
const fn split(l: [u64; 5]) -> [u64; 10] {
    const M51: u64 = (1 << 51) - 1;
    let l = [
        (l[0] & M51) + 19 * (l[4] >> 51),
        (l[1] & M51) + (l[0] >> 51),
        (l[2] & M51) + (l[1] >> 51),
        (l[3] & M51) + (l[2] >> 51),
        (l[4] & M51) + (l[3] >> 51),
    ];
    let mut out = [0u64; 10];
    let mut i = 0;
    while i < 5 {
        out[2 * i] = l[i] & MASK26;
        out[2 * i + 1] = l[i] >> 26;
        i += 1;
    }
    out
}

/// Two limbs as one lane: `lo` in the low half, `hi` in the high half.
const fn pair(lo: u64, hi: u64) -> u64 {
    lo | (hi << 32)
}

/// A per-limb constant (2p, 4p, the masks) as five packed lanes.
const fn packed(limbs: [u64; 10]) -> [u64; 5] {
    let mut out = [0u64; 5];
    let mut k = 0;
    while k < 5 {
        out[k] = pair(limbs[2 * k], limbs[2 * k + 1]);
        k += 1;
    }
    out
}

/// 2p and 4p, packed.
const TWO_P_PACKED: [u64; 5] = packed(TWO_P);
const FOUR_P_PACKED: [u64; 5] = packed(FOUR_P);
/// The mask and the shift of a lane's two limbs: 26 bits low, 25 bits high.
const LIMB_MASKS: u64 = pair(MASK26, MASK25);
const LIMB_SHIFTS: u64 = pair(26, 25);

/// Four elements as packed registers, in a const context (for the tables).
const fn from_elements_const(e: [&FieldElement; 4]) -> F5 {
    from_lane_limbs([
        split(e[0].limbs()),
        split(e[1].limbs()),
        split(e[2].limbs()),
        split(e[3].limbs()),
    ])
}

/// Packed registers from ten limbs per lane (each below 2^32).
const fn from_lane_limbs(l: [[u64; 10]; 4]) -> F5 {
    let mut out = [[0u64; 4]; 5];
    let mut k = 0;
    while k < 5 {
        let mut lane = 0;
        while lane < 4 {
            out[k][lane] = pair(l[lane][2 * k], l[lane][2 * k + 1]);
            lane += 1;
        }
        k += 1;
    }
    // SAFETY: `[[u64; 4]; 5]` and `[__m256i; 5]` have the same size (160 bytes) and
    // every bit pattern is valid for both.
    F5(unsafe { core::mem::transmute::<[[u64; 4]; 5], [__m256i; 5]>(out) })
}

/// The ten limbs of lane `e` (for `to_elements` and the `debug_assert!`s).
fn lane_limbs(v: &[__m256i; 5], e: usize) -> [u64; 10] {
    // SAFETY: same size (160 bytes), every bit pattern valid for both.
    let l = unsafe { core::mem::transmute::<[__m256i; 5], [[u64; 4]; 5]>(*v) };
    let mut out = [0u64; 10];
    for k in 0..5 {
        out[2 * k] = l[k][e] & 0xffff_ffff;
        out[2 * k + 1] = l[k][e] >> 32;
    }
    out
}

/// Whether every limb of every lane is below `bound(i)` (for `debug_assert!`s).
fn limbs_below(v: &[__m256i; 5], bound: impl Fn(usize) -> u64) -> bool {
    (0..4).all(|e| {
        let l = lane_limbs(v, e);
        (0..10).all(|i| l[i] < bound(i))
    })
}

/// The reduced bounds: 2^26 + 2^17 for even limbs, 2^25 + 2^17 for odd ones.
fn reduced_bound(i: usize) -> u64 {
    (1 << bits(i)) + (1 << 17)
}

/// 19·x in both halves of every lane, for halves below 2^27 (19·x < 2^31.3 stays in
/// its half): one 32-bit `vpmulld`.
#[inline(always)]
fn mul19(x: __m256i) -> __m256i {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    unsafe { _mm256_mullo_epi32(x, _mm256_set1_epi32(19)) }
}

/// 19·x for any 64-bit lanes (a carry out of limb 9 of a product may reach 2^37).
#[inline(always)]
fn mul19_wide(x: __m256i) -> __m256i {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    unsafe {
        let x3 = _mm256_add_epi64(x, _mm256_slli_epi64::<1>(x));
        _mm256_add_epi64(x3, _mm256_slli_epi64::<4>(x))
    }
}

/// A packed value as three 5-limb factors, one limb per lane (low half; the
/// multiplier ignores the high one): the even limbs eₘ = a₂ₘ, the odd limbs
/// oₘ = a₂ₘ₊₁, and their sums eₘ + oₘ.
///
/// With X = 2^51, a = E + 2^26·O for E = Σ eₘ·X^m and O = Σ oₘ·X^m (limb 2m has weight
/// 51m, limb 2m + 1 weight 51m + 26). See [`columns`].
#[inline(always)]
fn halves(v: &[__m256i; 5]) -> [[__m256i; 5]; 3] {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    unsafe {
        let odd = unrolled!(5, |m| _mm256_srli_epi64::<32>(v[m]));
        let sum = unrolled!(5, |m| _mm256_add_epi32(v[m], odd[m]));
        [*v, odd, sum]
    }
}

/// x·y mod X^5 - 19 for 5-limb polynomials in X = 2^51 (X^5 = 2^255 = 19 mod p), given
/// y and 19·y: coefficient k collects xᵢ·yⱼ for i + j = k and xᵢ·19yⱼ for
/// i + j = k + 5. No carries: every product and sum stays in its 64-bit lane.
#[inline(always)]
fn product5(x: &[__m256i; 5], y: &[__m256i; 5], y19: &[__m256i; 5]) -> [__m256i; 5] {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    unsafe {
        let mut c = [_mm256_setzero_si256(); 5];
        unroll5!(|i| {
            unroll5!(|j| {
                let f = if i + j >= 5 { y19[j] } else { y[j] };
                c[(i + j) % 5] = _mm256_add_epi64(c[(i + j) % 5], _mm256_mul_epu32(x[i], f));
            });
        });
        c
    }
}

/// x² mod X^5 - 19, given 2·x and 19·x: the 15 products xᵢ·xⱼ, i ≤ j, doubled when
/// i < j (left factor 2·xᵢ), times 19 when i + j ≥ 5 (right factor 19·xⱼ).
#[inline(always)]
fn square5(x: &[__m256i; 5], x2: &[__m256i; 5], x19: &[__m256i; 5]) -> [__m256i; 5] {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    unsafe {
        let mut c = [_mm256_setzero_si256(); 5];
        unroll5!(|i| {
            unroll5!(|j| {
                if i <= j {
                    let l = if i == j { x[i] } else { x2[i] };
                    let r = if i + j >= 5 { x19[j] } else { x[j] };
                    c[(i + j) % 5] = _mm256_add_epi64(c[(i + j) % 5], _mm256_mul_epu32(l, r));
                }
            });
        });
        c
    }
}

/// The ten radix-2^25.5 product columns from three half products, by Karatsuba's
/// method over the even/odd split of [`halves`]:
///
/// a·b = EE' + 2^26·(EO' + OE') + 2X·OO', and EO' + OE' = (E + O)(E' + O') - EE' - OO'.
///
/// So three 5 × 5 products `ee`, `oo`, `ss` (mod X^5 - 19) replace the 10 × 10
/// schoolbook: 75 multiplications instead of 100, 45 instead of 55 for a square. The
/// cross term is exact (every coefficient of `ss` is at least those of `ee` and `oo`
/// together) and lands on the odd limbs, 51m + 26; EE' and 2X·OO' land on the even
/// ones, where X·OO' wraps its coefficient 4 into coefficient 0 times 19 (OO' has no
/// wrapped part in coefficient 4: i + j = 9 does not occur).
#[inline(always)]
fn columns(ee: [__m256i; 5], oo: [__m256i; 5], ss: [__m256i; 5]) -> [__m256i; 10] {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    unsafe {
        let mut c = [_mm256_setzero_si256(); 10];
        unroll5!(|m| {
            c[2 * m + 1] = _mm256_sub_epi64(ss[m], _mm256_add_epi64(ee[m], oo[m]));
            let shifted = if m == 0 { mul19_wide(oo[4]) } else { oo[m - 1] };
            c[2 * m] = _mm256_add_epi64(ee[m], _mm256_add_epi64(shifted, shifted));
        });
        c
    }
}

/// Ten product columns (each below 2^63, one limb per 64-bit lane) to reduced packed
/// limbs, by the carry order of Bernstein's ref10 code: two chains, from limb 0 and
/// from limb 4, run side by side, then limb 9 wraps into limb 0 (times 19) and limb 0
/// carries once more. Twelve carries, against the twenty of two full parallel rounds.
///
/// Bounds: a carry out of a column below 2^63 (plus earlier carries) is below
/// 2^38.01, and no column plus a carry overflows 64 bits. Every limb is masked once the
/// carry out of it is taken; the last carries into a limb are small: limb 5 takes limb
/// 4's second carry, below (2^26 + 2^38.01) >> 26 < 2^12.1; limb 0 takes
/// 19·(limb 9 >> 25) < 2^42.3, so limb 1 takes below 2^16.3. So limb 1 ends below
/// 2^25 + 2^16.3, limb 5 below 2^25 + 2^12.1, the others below 2^26 / 2^25: the
/// reduced bounds, all below 2^32, so each pair packs into one lane.
#[inline(always)]
fn reduce_columns(mut c: [__m256i; 10]) -> F5 {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
    unsafe {
        let m26 = _mm256_set1_epi64x(MASK26 as i64);
        let m25 = _mm256_set1_epi64x(MASK25 as i64);
        // Adds the carry out of limb i to limb i + 1 (i < 9). The limb itself keeps its
        // high bits, to be masked once at the end, packed; except limbs 0, 4, which
        // carry twice, and 1, 5, which take a carry after their own: those are masked
        // right after their (first) carry.
        macro_rules! carry {
            ($i:expr) => {{
                let i: usize = $i;
                let out = if i.is_multiple_of(2) {
                    _mm256_srli_epi64::<26>(c[i])
                } else {
                    _mm256_srli_epi64::<25>(c[i])
                };
                c[i + 1] = _mm256_add_epi64(c[i + 1], out);
            }};
        }
        carry!(0);
        c[0] = _mm256_and_si256(c[0], m26);
        carry!(4);
        c[4] = _mm256_and_si256(c[4], m26);
        carry!(1);
        c[1] = _mm256_and_si256(c[1], m25);
        carry!(5);
        c[5] = _mm256_and_si256(c[5], m25);
        carry!(2);
        carry!(6);
        carry!(3);
        carry!(7);
        carry!(4);
        carry!(8);
        c[0] = _mm256_add_epi64(c[0], mul19_wide(_mm256_srli_epi64::<25>(c[9])));
        carry!(0);
        // Odd limb into the high half (its bits from 32 up fall off the shift, the even
        // limb's bits from 32 up are replaced by the blend), then the masks of the limbs
        // not yet masked: all but 1 and 5, which now hold their final values (below
        // 2^25 + 2^17, more than 25 bits).
        let masks = _mm256_set1_epi64x(LIMB_MASKS as i64);
        let masks_low = _mm256_set1_epi64x(pair(MASK26, u32::MAX as u64) as i64);
        let pack = |lo: __m256i, hi: __m256i, m: __m256i| {
            let both = _mm256_blend_epi32::<0b1010_1010>(lo, _mm256_slli_epi64::<32>(hi));
            _mm256_and_si256(both, m)
        };
        let out = F5([
            pack(c[0], c[1], masks_low),
            pack(c[2], c[3], masks),
            pack(c[4], c[5], masks_low),
            pack(c[6], c[7], masks),
            pack(c[8], c[9], masks),
        ]);
        debug_assert!(limbs_below(&out.0, reduced_bound));
        out
    }
}

impl VectorField for F5 {
    #[inline(always)]
    fn from_elements(e: [&FieldElement; 4]) -> Self {
        from_elements_const(e)
    }

    #[inline(always)]
    fn to_elements(&self) -> [FieldElement; 4] {
        // Reduced limbs recombine to 51-bit limbs below 2^26 + 2^17 + 2^51 + 2^43 < 2^52;
        // `from_limbs_carried` takes them without checking (a check is a branch on
        // the limbs, which may be secret; valgrind's constant-time check flags it).
        let element = |e: usize| {
            let l = lane_limbs(&self.0, e);
            let mut out = [0u64; 5];
            for (i, o) in out.iter_mut().enumerate() {
                *o = l[2 * i] + (l[2 * i + 1] << 26);
            }
            debug_assert!(out.iter().all(|&x| x < 1 << 52));
            FieldElement::from_limbs_carried(out)
        };
        [element(0), element(1), element(2), element(3)]
    }

    #[inline(always)]
    fn add(&self, b: &Self) -> Self {
        F5(unrolled!(5, |k| {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
            unsafe { _mm256_add_epi32(self.0[k], b.0[k]) }
        }))
    }

    #[inline(always)]
    fn sub(&self, b: &Self) -> Self {
        F5(unrolled!(5, |k| {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
            unsafe {
                let biased =
                    _mm256_add_epi32(self.0[k], _mm256_set1_epi64x(TWO_P_PACKED[k] as i64));
                _mm256_sub_epi32(biased, b.0[k])
            }
        }))
    }

    #[inline(always)]
    fn neg_wide(&self) -> Self {
        F5(unrolled!(5, |k| {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
            unsafe { _mm256_sub_epi32(_mm256_set1_epi64x(FOUR_P_PACKED[k] as i64), self.0[k]) }
        }))
    }

    #[inline(always)]
    fn neg_lanes<const BLEND: i32>(&self) -> Self {
        F5(unrolled!(5, |k| {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
            unsafe {
                let neg = _mm256_sub_epi32(_mm256_set1_epi64x(TWO_P_PACKED[k] as i64), self.0[k]);
                _mm256_blend_epi32::<BLEND>(self.0[k], neg)
            }
        }))
    }

    #[inline(always)]
    fn permute<const ORDER: i32>(&self) -> Self {
        F5(unrolled!(5, |k| {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
            unsafe { _mm256_permute4x64_epi64::<ORDER>(self.0[k]) }
        }))
    }

    #[inline(always)]
    fn blend<const BLEND: i32>(&self, b: &Self) -> Self {
        F5(unrolled!(5, |k| {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
            unsafe { _mm256_blend_epi32::<BLEND>(self.0[k], b.0[k]) }
        }))
    }

    #[inline(always)]
    fn zero_lanes<const BLEND: i32>(&self) -> Self {
        F5(unrolled!(5, |k| {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
            unsafe { _mm256_blend_epi32::<BLEND>(self.0[k], _mm256_setzero_si256()) }
        }))
    }

    #[inline(always)]
    fn assign_if(&mut self, b: &Self, choice: Choice) {
        // All ones or all zeros: `vpblendvb` takes b where it is all ones.
        let mask = 0i64.wrapping_sub(i64::from(choice.unwrap_u8()));
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
        let m = unsafe { _mm256_set1_epi64x(mask) };
        self.0 = unrolled!(5, |k| {
            // SAFETY: as above.
            unsafe { _mm256_blendv_epi8(self.0[k], b.0[k], m) }
        });
    }

    /// One compare per entry (`vpcmpeqq` of `index`, broadcast once, with the entry's
    /// number) and one `vpblendvb` per register.
    #[inline(always)]
    fn lookup8(default: &Self, entries: [&Self; 8], index: u8) -> Self {
        let mut out = default.0;
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
        let index = unsafe { _mm256_set1_epi64x(i64::from(index)) };
        // The eight entries written out too (see `limbs::unrolled`).
        macro_rules! keep_if {
            ($j:expr) => {{
                let entry = entries[$j - 1];
                // SAFETY: as above.
                let mask = unsafe { _mm256_cmpeq_epi64(index, _mm256_set1_epi64x($j)) };
                out = unrolled!(5, |k| {
                    // SAFETY: as above.
                    unsafe { _mm256_blendv_epi8(out[k], entry.0[k], mask) }
                });
            }};
        }
        keep_if!(1);
        keep_if!(2);
        keep_if!(3);
        keep_if!(4);
        keep_if!(5);
        keep_if!(6);
        keep_if!(7);
        keep_if!(8);
        F5(out)
    }

    /// One round of carries, all limbs at once. The contract's inputs (a wide value, or
    /// one plus `neg_wide` of another) are below 2^29, and anything below 2^32 will do:
    /// each carry out is below 2^32 >> 25 = 2^7, so limb i ends below 2^bits(i) + 2^7,
    /// and limb 0, taking 19 times limb 9's carry, below 2^26 + 19·2^7 < 2^26 + 2^12:
    /// within the reduced bounds (slack 2^17).
    ///
    /// Per register: the carries of both halves with one variable shift (26 low, 25
    /// high), the low half's carry shifted up into the high half (limb 2k to 2k + 1),
    /// the high half's shifted down into the next register's low half (2k + 1 to
    /// 2k + 2; from limb 9 to limb 0 times 19).
    #[inline(always)]
    fn carry(&self) -> Self {
        let v = self.0;
        debug_assert!(limbs_below(&v, |_| 1 << 32));
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
        unsafe {
            let masks = _mm256_set1_epi64x(LIMB_MASKS as i64);
            let shifts = _mm256_set1_epi64x(LIMB_SHIFTS as i64);
            let c = unrolled!(5, |k| _mm256_srlv_epi32(v[k], shifts));
            let out = unrolled!(5, |k| {
                let within = _mm256_slli_epi64::<32>(c[k]);
                let from_below = _mm256_srli_epi64::<32>(c[(k + 4) % 5]);
                // The carry out of limb 9 is below 2^7: 19 times it fits vpmulld.
                let from_below = if k == 0 {
                    mul19(from_below)
                } else {
                    from_below
                };
                _mm256_add_epi32(
                    _mm256_and_si256(v[k], masks),
                    _mm256_add_epi32(within, from_below),
                )
            });
            debug_assert!(limbs_below(&out, reduced_bound));
            F5(out)
        }
    }

    /// A wide limb is below 2^28 / 2^27, which [`F5::mul`] takes on its left (see
    /// there); saves a carry per addition.
    const MUL_TAKES_WIDE_LEFT: bool = true;

    /// self·b lane by lane. Takes a wide or mul-ready self and a mul-ready b; gives
    /// reduced limbs.
    ///
    /// Three half products ([`columns`]), with b's wrapped factors premultiplied by 19
    /// (computed packed, both halves at once). Bounds, from a's limbs below 2^28 / 2^27
    /// and b's below 2^27 / 2^26: every factor fits 32 bits (e + o < 2^28.6; 19·b's
    /// e, o and e + o below 2^31.3, 2^30.3 and 2^31.9). A coefficient of `ss` has five
    /// products below 2^28.6·2^31.9 = 2^60.5, so it stays below 2^62.8 (no overflow);
    /// the cross term, ten products below 2^58.3, below 2^61.6; an even column, ee's
    /// five products below 2^59.3 plus twice oo's five below 2^57.3 (or 38 times its
    /// five unwrapped ones below 2^53), below 2^62.2. So every column is below the 2^63
    /// that [`reduce_columns`] takes.
    #[inline(always)]
    fn mul(&self, b: &Self) -> Self {
        debug_assert!(limbs_below(&self.0, |i| 1 << (bits(i) + 2)));
        debug_assert!(limbs_below(&b.0, |i| 1 << (bits(i) + 1)));
        let [ae, ao, as_] = halves(&self.0);
        let [be, bo, bs] = halves(&b.0);
        let [be19, bo19, bs19] = halves(&unrolled!(5, |k| mul19(b.0[k])));
        reduce_columns(columns(
            product5(&ae, &be, &be19),
            product5(&ao, &bo, &bo19),
            product5(&as_, &bs, &bs19),
        ))
    }

    /// Reduced plus reduced is below 2^27 + 2^18 / 2^26 + 2^18 per limb, which
    /// [`F5::square`] takes (see there); saves a carry per doubling.
    const SQUARE_TAKES_SUMS: bool = true;

    /// self² lane by lane. Takes mul-ready limbs, or reduced plus reduced; gives
    /// reduced ones.
    ///
    /// Three half squares ([`columns`]; the cross term 2·EO is S² - E² - O² as it
    /// stands). With limbs below 2^27 + 2^18 / 2^26 + 2^18, every factor fits 32 bits:
    /// e + o below 2^27.6, twice it below 2^28.6, 19 times it below 2^31.9. A
    /// coefficient of S² has at most three products below 2^28.6·2^31.9 = 2^60.5, so it
    /// stays below 2^62.1; even columns stay below 2^61.9. Within the 2^63 that
    /// [`reduce_columns`] takes.
    #[inline(always)]
    fn square(&self) -> Self {
        debug_assert!(limbs_below(&self.0, |i| (1 << (bits(i) + 1)) + (1 << 18)));
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F5`.
        let twice = unrolled!(5, |k| unsafe { _mm256_add_epi32(self.0[k], self.0[k]) });
        let [e, o, s] = halves(&self.0);
        let [e2, o2, s2] = halves(&twice);
        let [e19, o19, s19] = halves(&unrolled!(5, |k| mul19(self.0[k])));
        reduce_columns(columns(
            square5(&e, &e2, &e19),
            square5(&o, &o2, &o19),
            square5(&s, &s2, &s19),
        ))
    }

    /// Four partial sums, one point per lane ([`walk`]).
    #[inline(always)]
    fn sum_digits(table: &[[Cached4<Self>; 8]; 32], digits: &[i8; 64]) -> Option<[Self; 2]> {
        Some(walk::sum_digits(table, digits))
    }

    #[inline(always)]
    fn tables() -> &'static Tables<Self> {
        TABLES.get(from_elements_const)
    }

    #[inline(always)]
    fn consts() -> &'static Consts<Self> {
        &CONSTS
    }
}

out_of_line!(F5, "avx2");

/// The base point tables in this representation, built on first use.
static TABLES: LazyTables<F5> = LazyTables::new();

/// The point layer's constants in this representation, built at compile time.
static CONSTS: Consts<F5> = const_consts!(from_elements_const);

#[cfg(feature = "alloc")]
pub(crate) mod decode;
#[cfg(feature = "alloc")]
pub(crate) mod ladder;
mod walk;

#[cfg(test)]
mod tests;
