//! The AVX2 field: four elements in radix 2^25.5 (ten limbs of alternately 26 and 25
//! bits, the representation of Bernstein's curve25519 "ref10" code), limb i of all four
//! in one 256-bit register, multiplied with `vpmuludq` (32 × 32 → 64 bits per lane).
//!
//! Limb i has weight 2^wᵢ, wᵢ = 26·⌈i/2⌉ + 25·⌊i/2⌋ (0, 26, 51, 77, …, 230; w₁₀ = 255).
//! So wᵢ + wⱼ = w₍ᵢ₊ⱼ₎, plus 1 when i and j are both odd, and a column past limb 9 wraps
//! times 19 (2^255 = 19 mod p). The multiplier reads the low 32 bits of each lane, so
//! every factor it sees (2·aᵢ, 4·aᵢ, 19·bⱼ) must fit 32 bits. The three levels of
//! [`VectorField`], per limb (even limbs / odd limbs):
//!
//! | level | bound | why it holds |
//! |---|---|---|
//! | reduced | < 2^26 + 2^17 / < 2^25 + 2^17 | the output of [`F10::carry`] |
//! | mul-ready | < 2^27 / < 2^26 | reduced, or 2p - x for reduced x (2p's limbs are 2^27 - 38, 2^26 - 2) |
//! | wide | < 2^28 - 76 / < 2^27 - 4 | reduced plus mul-ready; below 4p's limbs |
//!
//! Mul-ready limbs keep every factor in 32 bits: 19·bⱼ < 19·2^27 < 2^31.3,
//! 4·aᵢ < 2^28 for odd i, 2·aᵢ < 2^28.
//!
//! **Measured slower than the serial backend**, so it runs only when forced with
//! `--cfg edwards25519_backend="avx2"`. On an AMD EPYC Zen 3 (LTO, one codegen unit,
//! same-run driver): ScalarMult 52 µs against 29 µs for the serial MULX/ADX code,
//! VarTimeDoubleScalarBaseMult 41 µs against 30 µs. One limb per 64-bit lane needs ten
//! registers per operand, so a multiplication (100 `vpmuludq`) spills most of its
//! operands: the function with AVX2 on issues about as many moves as multiplications.
//! Packing two limbs per lane (32-bit halves, as curve25519-dalek's AVX2 backend does)
//! halves the registers and is the next thing to try.
//!
//! Instructions per ScalarMult (callgrind, which counts instructions rather than time,
//! so it is repeatable on a loaded machine): 412.7k before the one-instruction 19·x,
//! the single-round [`VectorField::carry`] and the ref10 carry order of the products;
//! 323.5k after; curve25519-dalek's AVX2 backend 272.8k.
#![cfg_attr(not(edwards25519_backend = "avx2"), allow(dead_code))]

use core::arch::x86_64::*;

use edwards25519_field::FieldElement;
use subtle::Choice;

use super::point::{CACHED_FACTORS, Cached4, IDENTITY, IDENTITY_CACHED, Vector, affine_lanes};
use super::{Tables, VectorField};
use crate::backend::Op;
use crate::tables;

/// The name `backend::selected` reports.
pub(crate) const NAME: &str = "avx2";

cpufeatures::new!(cpuid_avx2, "avx2");

/// The backend, when CPUID (and XGETBV, for the OS's support of the ymm state)
/// reports AVX2; checked once, then cached.
#[inline]
pub(crate) fn detect() -> Option<Vector<F10>> {
    if cpuid_avx2::get() {
        // SAFETY: CPUID reported AVX2, the only instruction set `F10` uses.
        Some(unsafe { Vector::assume_supported() })
    } else {
        None
    }
}

/// Runs `op` on this backend.
#[inline]
pub(crate) fn run<O: Op>(b: Vector<F10>, op: O) -> O::Output {
    // SAFETY: `b` exists, so CPUID reported AVX2, which `run_with_features` enables.
    unsafe { run_with_features(b, op) }
}

/// The one function with AVX2 on: the whole operation compiles into it (see
/// `ifma::run_with_features`).
#[target_feature(enable = "avx2")]
#[inline(never)]
fn run_with_features<O: Op>(b: Vector<F10>, op: O) -> O::Output {
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

/// Four elements of GF(2^255 - 19), limb-sliced: `.0[i]` holds limb i of all four.
///
/// Every operation on it runs only inside [`run_with_features`]: the field code is
/// reached only through a `Vector<F10>` (see [`detect`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct F10([__m256i; 10]);

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

/// Four elements as limb-sliced registers, in a const context (for the tables).
const fn from_elements_const(e: [&FieldElement; 4]) -> F10 {
    let l = [
        split(e[0].limbs()),
        split(e[1].limbs()),
        split(e[2].limbs()),
        split(e[3].limbs()),
    ];
    let mut out = [[0u64; 4]; 10];
    let mut i = 0;
    while i < 10 {
        out[i] = [l[0][i], l[1][i], l[2][i], l[3][i]];
        i += 1;
    }
    // SAFETY: `[[u64; 4]; 10]` and `[__m256i; 10]` have the same size (320 bytes) and
    // every bit pattern is valid for both.
    F10(unsafe { core::mem::transmute::<[[u64; 4]; 10], [__m256i; 10]>(out) })
}

/// Runs `$body` for `$i` = 0, 1, …, 9 written out: every index and every parity test
/// on it is then a constant. (LLVM does not fully unroll the 10 × 10 product loops by
/// itself, and a rolled loop keeps the columns in memory and the parity tests at run
/// time: measured 4× slower.)
macro_rules! unroll10 {
    (|$i:ident| $body:block) => {{
        let $i = 0usize;
        $body
    }
    {
        let $i = 1usize;
        $body
    }
    {
        let $i = 2usize;
        $body
    }
    {
        let $i = 3usize;
        $body
    }
    {
        let $i = 4usize;
        $body
    }
    {
        let $i = 5usize;
        $body
    }
    {
        let $i = 6usize;
        $body
    }
    {
        let $i = 7usize;
        $body
    }
    {
        let $i = 8usize;
        $body
    }
    {
        let $i = 9usize;
        $body
    }};
}

/// 19·x for lanes below 2^27 (a mul-ready limb), as one 32-bit `vpmulld` (19·x < 2^32
/// stays in the lane's low half; the high half, 0, stays 0).
///
/// Not `vpmuludq` by 19: the multiplier reads only the low 32 bits of 19·x, so LLVM
/// drops the 32-bit mask of `_mm256_mul_epu32(x, 19)` as undemanded, is left with a
/// 64-bit multiply, which AVX2 lacks, and lowers it to two `vpmuludq`, two shifts and an
/// add. The same happens to x + 2x + 16x. The generated code is checked by counting:
/// `vpmulld` here leaves no `vpsllq $32` in the multiplier.
#[inline(always)]
fn mul19(x: __m256i) -> __m256i {
    debug_assert!(lanes_below(x, 27));
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
    unsafe { _mm256_mullo_epi32(x, _mm256_set1_epi64x(19)) }
}

/// 19·x for any lanes (a carry out of limb 9 may reach 2^37): the 64-bit product.
#[inline(always)]
fn mul19_wide(x: __m256i) -> __m256i {
    // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
    unsafe {
        let x3 = _mm256_add_epi64(x, _mm256_slli_epi64::<1>(x));
        _mm256_add_epi64(x3, _mm256_slli_epi64::<4>(x))
    }
}

/// Whether every lane of `x` is below 2^bits (for `debug_assert!`s).
#[inline(always)]
fn lanes_below(x: __m256i, bits: u32) -> bool {
    // SAFETY: same size (32 bytes), every bit pattern valid for both.
    let l = unsafe { core::mem::transmute::<__m256i, [u64; 4]>(x) };
    l.iter().all(|&v| v >> bits == 0)
}

impl F10 {
    /// Ten columns (each below 2^62) to reduced limbs, by the carry order of Bernstein's
    /// ref10 code: two chains, from limb 0 and from limb 4, run side by side, then limb 9
    /// wraps into limb 0 (times 19) and limb 0 carries once more. Twelve carries, against
    /// the twenty of two full parallel rounds.
    ///
    /// Bounds: a carry out of a column below 2^62 (plus earlier carries) is below 2^37.
    /// Every limb is masked once the carry out of it is taken; the last carries into a
    /// limb are small: limb 5 takes limb 4's second carry, below (2^26 + 2^38) >> 26 =
    /// 2^12 + 1; limb 0 takes 19·(limb 9 >> 25) < 2^41.3, so limb 1 takes below 2^15.4.
    /// So limb 1 ends below 2^25 + 2^16, limb 5 below 2^25 + 2^13, the others below
    /// 2^26 / 2^25: the reduced bounds.
    #[inline(always)]
    fn reduce_columns(mut c: [__m256i; 10]) -> F10 {
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
        unsafe {
            let m26 = _mm256_set1_epi64x(MASK26 as i64);
            let m25 = _mm256_set1_epi64x(MASK25 as i64);
            // Carries limb i into limb i + 1 (i < 9).
            macro_rules! carry {
                ($i:expr) => {{
                    let i: usize = $i;
                    if i.is_multiple_of(2) {
                        c[i + 1] = _mm256_add_epi64(c[i + 1], _mm256_srli_epi64::<26>(c[i]));
                        c[i] = _mm256_and_si256(c[i], m26);
                    } else {
                        c[i + 1] = _mm256_add_epi64(c[i + 1], _mm256_srli_epi64::<25>(c[i]));
                        c[i] = _mm256_and_si256(c[i], m25);
                    }
                }};
            }
            carry!(0);
            carry!(4);
            carry!(1);
            carry!(5);
            carry!(2);
            carry!(6);
            carry!(3);
            carry!(7);
            carry!(4);
            carry!(8);
            c[0] = _mm256_add_epi64(c[0], mul19_wide(_mm256_srli_epi64::<25>(c[9])));
            c[9] = _mm256_and_si256(c[9], m25);
            carry!(0);
            debug_assert!(is_reduced(&c));
            F10(c)
        }
    }
}

/// Whether every limb is within the reduced bounds (for `debug_assert!`s).
fn is_reduced(c: &[__m256i; 10]) -> bool {
    (0..10).all(|i| {
        // SAFETY: same size (32 bytes), every bit pattern valid for both.
        let l = unsafe { core::mem::transmute::<__m256i, [u64; 4]>(c[i]) };
        l.iter().all(|&v| v < (1 << bits(i)) + (1 << 17))
    })
}

impl VectorField for F10 {
    #[inline(always)]
    fn from_elements(e: [&FieldElement; 4]) -> Self {
        from_elements_const(e)
    }

    #[inline(always)]
    fn to_elements(&self) -> [FieldElement; 4] {
        // SAFETY: same size (320 bytes), every bit pattern valid for both.
        let l = unsafe { core::mem::transmute::<[__m256i; 10], [[u64; 4]; 10]>(self.0) };
        // Reduced limbs recombine to 51-bit limbs below 2^26 + 2^17 + 2^51 + 2^43 < 2^52.
        let element = |k: usize| {
            let mut out = [0u64; 5];
            for (i, o) in out.iter_mut().enumerate() {
                *o = l[2 * i][k] + (l[2 * i + 1][k] << 26);
            }
            FieldElement::from_limbs(out).expect("reduced limbs recombine below 2^52")
        };
        [element(0), element(1), element(2), element(3)]
    }

    #[inline(always)]
    fn add(&self, b: &Self) -> Self {
        let mut out = self.0;
        for (o, b) in out.iter_mut().zip(b.0.iter()) {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
            *o = unsafe { _mm256_add_epi64(*o, *b) };
        }
        F10(out)
    }

    #[inline(always)]
    fn sub(&self, b: &Self) -> Self {
        let mut out = self.0;
        for i in 0..10 {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
            out[i] = unsafe {
                let biased = _mm256_add_epi64(out[i], _mm256_set1_epi64x(TWO_P[i] as i64));
                _mm256_sub_epi64(biased, b.0[i])
            };
        }
        F10(out)
    }

    #[inline(always)]
    fn neg_wide(&self) -> Self {
        let mut out = self.0;
        for i in 0..10 {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
            out[i] = unsafe { _mm256_sub_epi64(_mm256_set1_epi64x(FOUR_P[i] as i64), out[i]) };
        }
        F10(out)
    }

    #[inline(always)]
    fn neg_lanes<const BLEND: i32>(&self) -> Self {
        let mut out = self.0;
        for i in 0..10 {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
            out[i] = unsafe {
                let neg = _mm256_sub_epi64(_mm256_set1_epi64x(TWO_P[i] as i64), out[i]);
                _mm256_blend_epi32::<BLEND>(out[i], neg)
            };
        }
        F10(out)
    }

    #[inline(always)]
    fn permute<const ORDER: i32>(&self) -> Self {
        let mut out = self.0;
        for o in out.iter_mut() {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
            *o = unsafe { _mm256_permute4x64_epi64::<ORDER>(*o) };
        }
        F10(out)
    }

    #[inline(always)]
    fn blend<const BLEND: i32>(&self, b: &Self) -> Self {
        let mut out = self.0;
        for (o, b) in out.iter_mut().zip(b.0.iter()) {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
            *o = unsafe { _mm256_blend_epi32::<BLEND>(*o, *b) };
        }
        F10(out)
    }

    #[inline(always)]
    fn zero_lanes<const BLEND: i32>(&self) -> Self {
        let mut out = self.0;
        for o in out.iter_mut() {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
            *o = unsafe { _mm256_blend_epi32::<BLEND>(*o, _mm256_setzero_si256()) };
        }
        F10(out)
    }

    #[inline(always)]
    fn assign_if(&mut self, b: &Self, choice: Choice) {
        // All ones or all zeros; a ^ (mask & (a ^ b)) is a where the mask is 0, b where
        // it is all ones.
        let mask = 0i64.wrapping_sub(i64::from(choice.unwrap_u8()));
        for (a, b) in self.0.iter_mut().zip(b.0.iter()) {
            // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
            *a = unsafe {
                let m = _mm256_set1_epi64x(mask);
                _mm256_xor_si256(*a, _mm256_and_si256(m, _mm256_xor_si256(*a, *b)))
            };
        }
    }

    /// One round of carries suffices here, against the two a product's columns need.
    /// The contract's inputs (a wide value, or one plus `neg_wide` of another) are below
    /// 2^29, and anything below 2^32 will do: each carry out is below 2^32 >> 25 = 2^7,
    /// so limb i ends below 2^bits(i) + 2^7, and limb 0, taking 19 times limb 9's carry,
    /// below 2^26 + 19·2^7 < 2^26 + 2^12: within the reduced bounds (slack 2^17).
    #[inline(always)]
    fn carry(&self) -> Self {
        let c = self.0;
        debug_assert!(c.iter().all(|&x| lanes_below(x, 32)));
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
        unsafe {
            let m26 = _mm256_set1_epi64x(MASK26 as i64);
            let m25 = _mm256_set1_epi64x(MASK25 as i64);
            let mut out = c;
            unroll10!(|i| {
                out[i] = _mm256_and_si256(c[i], if i.is_multiple_of(2) { m26 } else { m25 });
                let from = (i + 9) % 10;
                let carry = if from.is_multiple_of(2) {
                    _mm256_srli_epi64::<26>(c[from])
                } else {
                    _mm256_srli_epi64::<25>(c[from])
                };
                // The carry out of limb 9 is below 2^7: 19 times it fits vpmulld.
                let carry = if i == 0 { mul19(carry) } else { carry };
                out[i] = _mm256_add_epi64(out[i], carry);
            });
            debug_assert!(is_reduced(&out));
            F10(out)
        }
    }

    /// self·b lane by lane. Takes mul-ready limbs; gives reduced ones.
    ///
    /// Column (i + j) mod 10 collects aᵢ·bⱼ, doubled when i and j are both odd (taken
    /// as 2·aᵢ) and times 19 when i + j ≥ 10 (taken as 19·bⱼ). A product is below
    /// 2^27·2^31.3, a column of ten below 2^62.
    #[inline(always)]
    fn mul(&self, b: &Self) -> Self {
        let (a, b) = (&self.0, &b.0);
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
        unsafe {
            let mut a2 = *a;
            for i in (1..10).step_by(2) {
                a2[i] = _mm256_add_epi64(a[i], a[i]);
            }
            let mut b19 = *b;
            for j in 1..10 {
                b19[j] = mul19(b[j]);
            }
            let mut c = [_mm256_setzero_si256(); 10];
            unroll10!(|i| {
                unroll10!(|j| {
                    let x = if i % 2 == 1 && j % 2 == 1 {
                        a2[i]
                    } else {
                        a[i]
                    };
                    let y = if i + j >= 10 { b19[j] } else { b[j] };
                    let k = (i + j) % 10;
                    c[k] = _mm256_add_epi64(c[k], _mm256_mul_epu32(x, y));
                });
            });
            F10::reduce_columns(c)
        }
    }

    /// self² lane by lane. Takes mul-ready limbs; gives reduced ones.
    ///
    /// The 55 products aᵢ·aⱼ, i ≤ j: doubled when i < j, doubled again when both are
    /// odd (so the left factor is aᵢ, 2·aᵢ or 4·aᵢ, below 2^28), times 19 past limb 9
    /// (the right factor 19·aⱼ, below 2^31.3). A column stays below 2^62.
    #[inline(always)]
    fn square(&self) -> Self {
        let a = &self.0;
        // SAFETY: reached only inside `run_with_features` (AVX2), see `F10`.
        unsafe {
            let mut a2 = *a;
            let mut a4 = *a;
            let mut a19 = *a;
            for i in 0..10 {
                a2[i] = _mm256_add_epi64(a[i], a[i]);
                a4[i] = _mm256_add_epi64(a2[i], a2[i]);
                a19[i] = mul19(a[i]);
            }
            let mut c = [_mm256_setzero_si256(); 10];
            unroll10!(|i| {
                unroll10!(|j| {
                    if i <= j {
                        let both_odd = i % 2 == 1 && j % 2 == 1;
                        let x = match (i == j, both_odd) {
                            (true, false) => a[i],
                            (true, true) | (false, false) => a2[i],
                            (false, true) => a4[i],
                        };
                        let y = if i + j >= 10 { a19[j] } else { a[j] };
                        let k = (i + j) % 10;
                        c[k] = _mm256_add_epi64(c[k], _mm256_mul_epu32(x, y));
                    }
                });
            });
            F10::reduce_columns(c)
        }
    }

    #[inline(always)]
    fn tables() -> &'static Tables<Self> {
        &TABLES
    }
}

/// The base point tables and constants in this representation, built at compile time.
static TABLES: Tables<F10> = {
    let id = Cached4(from_elements_const(IDENTITY_CACHED));
    let mut t = Tables {
        base: [[id; 8]; 32],
        odd: [id; 64],
        odd128: [id; 64],
        identity: from_elements_const(IDENTITY),
        identity_cached: id.0,
        cached_factors: from_elements_const(CACHED_FACTORS),
    };
    let mut i = 0;
    while i < 32 {
        let mut j = 0;
        while j < 8 {
            t.base[i][j] = Cached4(from_elements_const(affine_lanes(&tables::BASE_TABLE[i][j])));
            j += 1;
        }
        i += 1;
    }
    let mut j = 0;
    while j < 64 {
        t.odd[j] = Cached4(from_elements_const(affine_lanes(
            &tables::ODD_BASE_MULTIPLES[j],
        )));
        t.odd128[j] = Cached4(from_elements_const(affine_lanes(
            &tables::ODD_BASE_128_MULTIPLES[j],
        )));
        j += 1;
    }
    t
};
