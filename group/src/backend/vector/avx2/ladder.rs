//! Four X25519 ladders at once on the AVX2 field, one per 64-bit lane: the batch
//! ladder of CPUs with AVX2 and no AVX-512 IFMA (`montgomery::x25519_batch`).
//!
//! [`F5`] holds four field elements, one per lane, and multiplies them lane by lane, so
//! four independent Montgomery ladders (RFC 7748 §5) run in the same instructions with
//! no lane ever moved: each lane has its own scalar, u and state, and the conditional
//! swap takes each lane's bit as a lane mask. A step is five products, four squares and
//! a product by a24 = 121666 (ten `vpmuludq`, [`mul_a24`]), for four ladders: about 565
//! `vpmuludq` and 1,930 instructions in all (callgrind), where the MULX/ADX ladder
//! ([`crate::backend::x25519_mulx`]) runs some 886 instructions for one ladder's step.
//!
//! Measured (Intel Xeon reporting family 6 model 167, the AVX2 backend forced with
//! `--cfg edwards25519_backend="avx2"`, `scripts/before_after.sh --runs 3` against 64
//! calls of the MULX/ADX ladder): X25519Batch/64 0.68 of their time with LTO and one
//! codegen unit, 0.68 in cargo's default profile, 0.62 with `-C target-cpu=native`. Two
//! groups of four interleaved operation by operation in one loop (each group's
//! products beside the other's) took 1.10 of the time of one group after the other:
//! the spills of twice the live registers cost more than the overlap gains.
//!
//! Bounds, in the levels of [`F5`] (reduced, mul-ready, wide): the state is reduced
//! (every product and square returns reduced limbs). A sum of two reduced values is
//! what a square and a product's left factor take; a difference (x + 2p - y) is
//! carried before it is squared or used as a right factor.

use core::arch::x86_64::*;

use edwards25519_field::FieldElement;

use super::{F5, from_elements_const, reduce_columns};
use crate::backend::vector::limbs::unrolled;
use crate::backend::vector::point::Vector;
use crate::backend::vector::{VectorField, clamped_words, wipe_words};

/// (A + 2)/4, the constant of z2' = E·(BB + a24·E); RFC 7748's E·(AA + 121665·E) is
/// the same element, as AA = BB + E.
const A24: i64 = 121_666;

/// The projective results (x2, z2) of four ladders, lane j in element j.
pub(crate) type Projective4 = [(FieldElement, FieldElement); 4];

/// X25519 of four (scalar, u) pairs, one per lane, on this CPU's AVX2, before the
/// final division.
#[inline]
pub(crate) fn x25519x4(_: Vector<F5>, scalars: &[[u8; 32]; 4], us: &[[u8; 32]; 4]) -> Projective4 {
    // SAFETY: a `Vector<F5>` exists only after CPUID reported AVX2 (`avx2::detect`),
    // the one feature `ladder_with_features` enables.
    unsafe { ladder_with_features(scalars, us) }
}

/// The one function with AVX2 on: the ladders and the field code, all
/// `#[inline(always)]`, compile into it.
#[target_feature(enable = "avx2")]
#[inline(never)]
fn ladder_with_features(scalars: &[[u8; 32]; 4], us: &[[u8; 32]; 4]) -> Projective4 {
    crate::backend::vector::align_frame();
    ladder4(scalars, us)
}

/// Four ladders (four scalars, four u), lane j computing X25519(scalars\[j\], us\[j\])
/// as (x2 : z2) (RFC 7748 §5: scalars clamped, bit 255 of u ignored, u not reduced
/// first). Constant time: the same instructions for every input, the bits used only as
/// lane masks.
#[inline(always)]
fn ladder4(scalars: &[[u8; 32]; 4], us: &[[u8; 32]; 4]) -> Projective4 {
    let mut words = clamped_words(scalars);
    let mut k = [
        lanes(words[0]),
        lanes(words[1]),
        lanes(words[2]),
        lanes(words[3]),
    ];
    wipe_words(&mut words);

    let u: [FieldElement; 4] = core::array::from_fn(|j| FieldElement::from_bytes(&us[j]));
    let x1 = F5::from_elements([&u[0], &u[1], &u[2], &u[3]]);
    let one = &FieldElement::ONE;
    let zero = &FieldElement::ZERO;
    let (mut x2, mut z2) = (
        from_elements_const([one; 4]),
        from_elements_const([zero; 4]),
    );
    let (mut x3, mut z3) = (x1, from_elements_const([one; 4]));
    // SAFETY: reached only inside `ladder_with_features` (AVX2).
    let mut swap = unsafe { _mm256_setzero_si256() };
    for t in (0..255usize).rev() {
        let bit = lane_bits(&k, t);
        // SAFETY: as above.
        swap = unsafe { _mm256_xor_si256(swap, bit) };
        swap_where(&mut x2, &mut x3, swap);
        swap_where(&mut z2, &mut z3, swap);
        swap = bit;

        // Sums of two reduced values; differences carried to reduced.
        let a = x2.add(&z2);
        let b = x2.sub(&z2).carry();
        let c = x3.add(&z3);
        let d = x3.sub(&z3).carry();
        // Reduced.
        let aa = a.square();
        let bb = b.square();
        let da = a.mul(&d);
        let cb = c.mul(&b);
        let e = aa.sub(&bb).carry();
        x3 = da.add(&cb).square();
        z3 = da.sub(&cb).carry().square().mul(&x1);
        x2 = aa.mul(&bb);
        // BB + a24·E: a sum of two reduced values, the left factor.
        z2 = bb.add(&mul_a24(&e)).mul(&e);
    }
    swap_where(&mut x2, &mut x3, swap);
    swap_where(&mut z2, &mut z3, swap);
    // Overwrite the register copies of the scalar bits (spills the compiler made of
    // them are outside this code's reach).
    // SAFETY: as above.
    unsafe {
        k = [_mm256_setzero_si256(); 4];
        swap = _mm256_setzero_si256();
    }
    core::hint::black_box((&k, &swap));

    let (x, z) = (x2.to_elements(), z2.to_elements());
    core::array::from_fn(|j| (x[j], z[j]))
}

/// Each lane's bit t of the scalar words `k` (t below 256, public) as all ones or all
/// zeros.
#[inline(always)]
fn lane_bits(k: &[__m256i; 4], t: usize) -> __m256i {
    // SAFETY: reached only inside `ladder_with_features` (AVX2).
    unsafe {
        let shifted = _mm256_srl_epi64(k[t / 64], _mm_cvtsi64_si128((t % 64) as i64));
        let bit = _mm256_and_si256(shifted, _mm256_set1_epi64x(1));
        _mm256_sub_epi64(_mm256_setzero_si256(), bit)
    }
}

/// Four 64-bit words as the lanes of a register, word j in lane j.
#[inline(always)]
fn lanes(w: [u64; 4]) -> __m256i {
    // SAFETY: reached only inside `ladder_with_features` (AVX2).
    unsafe { _mm256_set_epi64x(w[3] as i64, w[2] as i64, w[1] as i64, w[0] as i64) }
}

/// Exchanges the lanes of `a` and `b` where `mask` is all ones (and leaves those where
/// it is all zeros), by xor: no branch and no lane-dependent instruction.
#[inline(always)]
fn swap_where(a: &mut F5, b: &mut F5, mask: __m256i) {
    for k in 0..5 {
        // SAFETY: reached only inside `ladder_with_features` (AVX2).
        unsafe {
            let t = _mm256_and_si256(_mm256_xor_si256(a.0[k], b.0[k]), mask);
            a.0[k] = _mm256_xor_si256(a.0[k], t);
            b.0[k] = _mm256_xor_si256(b.0[k], t);
        }
    }
}

/// 121666·e for reduced e: each limb times a24 in its own 64-bit lane (below
/// 2^26.01·2^17 < 2^44, far below the 2^63 that `reduce_columns` takes), then one
/// carry pass. Ten `vpmuludq` where a full product takes 75.
#[inline(always)]
fn mul_a24(e: &F5) -> F5 {
    // SAFETY: reached only inside `ladder_with_features` (AVX2).
    unsafe {
        let c = _mm256_set1_epi64x(A24);
        // The multiplier reads the low 32 bits of each lane: the even limb as it
        // stands, the odd limb shifted down.
        let even: [__m256i; 5] = unrolled!(5, |k| _mm256_mul_epu32(e.0[k], c));
        let odd: [__m256i; 5] =
            unrolled!(5, |k| _mm256_mul_epu32(_mm256_srli_epi64::<32>(e.0[k]), c));
        reduce_columns([
            even[0], odd[0], even[1], odd[1], even[2], odd[2], even[3], odd[3], even[4], odd[4],
        ])
    }
}
