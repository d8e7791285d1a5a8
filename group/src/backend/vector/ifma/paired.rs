//! Two four-lane values in one 512-bit register: [`Zmm`], whose two 256-bit halves each
//! hold what a [`Ymm`] holds, so that the fixed-base walk's two independent sums run
//! as one stream of instructions (`fixed_base::sum_digits_paired`).
//!
//! Every [`LaneOps`] instruction acts on each half as the `Ymm` one does on its four
//! lanes: the lane permutations (`vpermq` with an immediate) already work within each
//! 256-bit half on zmm, and the constant lane patterns (`blend`'s `BLEND`,
//! `permute_keep`'s `KEEP`) apply to both halves. The one exception is the mask of
//! [`Masked::sub_from_masked`], which has a bit per lane of eight, so that the two
//! halves can differ (the two sums' digit signs); [`Masked::each_four`] repeats a
//! four-lane mask in both halves.
//!
//! Where a 512-bit instruction runs at the rate of a 256-bit one (an Intel Xeon with two
//! 512-bit units), this halves the walk's instructions; where it is split in two (AMD
//! Zen 4), it saves nothing, so the walk runs it only where the measured rate of
//! 512-bit multiply-adds says so (`Lanes::sum_digits` for [`Ymm`]).

use core::arch::x86_64::*;

use super::masked::Masked;
use super::{LaneOps, Lanes, Ymm};

/// A register of two four-lane halves, each a [`Paired::Half`].
pub(crate) trait Paired: LaneOps {
    /// The four-lane type of each half.
    type Half: Lanes;
    /// `low` in lanes 0…3, `high` in lanes 4…7.
    fn join(low: Self::Half, high: Self::Half) -> Self;
    /// Lanes 0…3 and lanes 4…7.
    fn halves(self) -> [Self::Half; 2];
    /// `half` in both halves (`vbroadcasti64x4`, a load where `half` is in memory).
    #[inline(always)]
    fn both(half: Self::Half) -> Self {
        Self::join(half, half)
    }
}

/// A 512-bit register of two four-lane halves. Like [`Ymm`], operated on only inside
/// the IFMA backend's `run_with_features`, after the CPUID check for AVX-512 F, VL and
/// IFMA (the walk is reached only through a `Vector<F4<Ymm>>`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Zmm(__m512i);

impl LaneOps for Zmm {
    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_set1_epi64(x as i64) })
    }
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_add_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_sub_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn and(self, b: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_and_si512(self.0, b.0) })
    }
    #[inline(always)]
    fn xor(self, b: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_xor_si512(self.0, b.0) })
    }
    #[inline(always)]
    fn shr51(self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_srli_epi64::<51>(self.0) })
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        // The immediate form takes a `u32` count: the count in a register, which the
        // compiler turns into the immediate form for a constant N.
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_sll_epi64(self.0, _mm_cvtsi64_si128(i64::from(N))) })
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_srl_epi64(self.0, _mm_cvtsi64_si128(i64::from(N))) })
    }
    #[inline(always)]
    fn madd52lo(self, b: Self, c: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 IFMA).
        Zmm(unsafe { _mm512_madd52lo_epu64(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn madd52hi(self, b: Self, c: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 IFMA).
        Zmm(unsafe { _mm512_madd52hi_epu64(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn permute<const ORDER: i32>(self) -> Self {
        // `vpermq` with an immediate permutes each 256-bit half alike.
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_permutex_epi64::<ORDER>(self.0) })
    }
    #[inline(always)]
    fn blend<const BLEND: i32>(self, b: Self) -> Self {
        // `BLEND`'s eight 32-bit elements, in both halves.
        let mask = (BLEND as u16 & 0xff) * 0x101;
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_mask_blend_epi32(mask, self.0, b.0) })
    }
    #[inline(always)]
    fn eq(self, b: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe {
            let equal = _mm512_cmpeq_epi64_mask(self.0, b.0);
            _mm512_maskz_mov_epi64(equal, _mm512_set1_epi64(-1))
        })
    }
    #[inline(always)]
    fn select(self, b: Self, mask: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_ternarylogic_epi64::<0xca>(mask.0, b.0, self.0) })
    }
}

impl Masked for Zmm {
    #[inline(always)]
    fn blend_eq(self, b: Self, x: Self, y: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(x.0, y.0), self.0, b.0) })
    }
    #[inline(always)]
    fn sub_from_masked(self, k: Self, mask: u8) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_mask_sub_epi64(self.0, mask, k.0, self.0) })
    }
    #[inline(always)]
    fn permute_keep<const ORDER: i32, const KEEP: u8>(self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_maskz_permutex_epi64::<ORDER>(Self::each_four(KEEP), self.0) })
    }
    #[cfg(not(target_feature = "avx512dq"))]
    #[inline(always)]
    fn times19(self) -> Self {
        // As `Ymm`'s: the shift counts hidden. (With AVX-512 DQ in the target, this
        // throughput-bound walk keeps `vpmullq` on every CPU: on the model 167 Xeon the
        // shifts took ScalarBaseMult 1.013 times its time.)
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        unsafe {
            let (one, four) = (opaque(_mm512_set1_epi64(1)), opaque(_mm512_set1_epi64(4)));
            let x = self.0;
            Zmm(_mm512_add_epi64(
                _mm512_add_epi64(x, _mm512_sllv_epi64(x, one)),
                _mm512_sllv_epi64(x, four),
            ))
        }
    }
    #[cfg(target_feature = "avx512dq")]
    #[inline(always)]
    fn times19(self) -> Self {
        // SAFETY: the build's target has AVX-512 DQ.
        Zmm(unsafe { _mm512_mullo_epi64(self.0, _mm512_set1_epi64(19)) })
    }
    #[inline(always)]
    fn each_four(mask: u8) -> u8 {
        (mask & 0xf) * 0x11
    }
}

/// x, hidden from the optimiser (an empty assembly block): the zmm form of
/// `masked`'s `opaque`, for the same reason.
#[cfg(not(target_feature = "avx512dq"))]
#[target_feature(enable = "avx512f")]
#[inline]
fn opaque(mut x: __m512i) -> __m512i {
    // SAFETY: the block is empty: no instruction, memory access or register change.
    unsafe {
        core::arch::asm!("/* {0} */", inout(zmm_reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}

impl Paired for Zmm {
    type Half = Ymm;
    #[inline(always)]
    fn join(low: Ymm, high: Ymm) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_inserti64x4::<1>(_mm512_castsi256_si512(low.0), high.0) })
    }
    #[inline(always)]
    fn halves(self) -> [Ymm; 2] {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        unsafe {
            [
                Ymm(_mm512_castsi512_si256(self.0)),
                Ymm(_mm512_extracti64x4_epi64::<1>(self.0)),
            ]
        }
    }
    #[inline(always)]
    fn both(half: Ymm) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_broadcast_i64x4(half.0) })
    }
}

// Two instruction models side by side, for the tests and the `backends` fuzz target.
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) mod model;

#[cfg(test)]
mod tests {
    extern crate std;

    use std::vec::Vec;

    use super::super::model::Model;
    use super::super::{Lanes, Ymm};
    use super::model::Pair;
    use super::{Paired, Zmm};
    use crate::backend::vector::order;

    /// Each half of `p` as an array.
    fn lanes<P: Paired>(p: P) -> [[u64; 4]; 2] {
        p.halves().map(|h| h.to_array())
    }

    /// Every instruction of [`LaneOps`] and [`Masked`] on `a`, `b`, `c` (lanes below
    /// 2^52, the multiplier's bound), each result as the two halves' lanes. No closure:
    /// on `Zmm` this runs inside a function with the target features.
    #[inline(always)]
    fn every_instruction<P: Paired>(a: P, b: P, c: P, mask: u8) -> Vec<[[u64; 4]; 2]> {
        let mut out = Vec::new();
        out.push(lanes(P::splat(0x1234_5678_9abc)));
        out.push(lanes(a.add(b)));
        out.push(lanes(a.sub(b)));
        out.push(lanes(a.and(b)));
        out.push(lanes(a.xor(b)));
        out.push(lanes(a.shr51()));
        out.push(lanes(a.shl::<5>()));
        out.push(lanes(a.shr::<7>()));
        out.push(lanes(a.madd52lo(b, c)));
        out.push(lanes(a.madd52hi(b, c)));
        out.push(lanes(a.permute::<{ order(2, 0, 3, 1) }>()));
        out.push(lanes(a.blend::<0b1100_0110>(b)));
        let equal = a.eq(c);
        out.push(lanes(equal));
        out.push(lanes(a.select(b, equal)));
        out.push(lanes(a.blend_eq(b, a, c)));
        out.push(lanes(a.sub_from_masked(b, mask)));
        out.push(lanes(a.permute_keep::<{ order(3, 3, 0, 1) }, 0b1011>()));
        out.push(lanes(a.times19()));
        out.push(lanes(P::both(a.halves()[1])));
        out
    }

    /// [`every_instruction`] on the CPU's registers.
    ///
    /// # Safety
    ///
    /// The CPU supports AVX2 and AVX-512 F, VL and IFMA.
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512ifma")]
    unsafe fn on_zmm(v: [[[u64; 4]; 2]; 3], mask: u8) -> Vec<[[u64; 4]; 2]> {
        let [a, b, c] = v.map(|[l, h]| Zmm::join(Ymm::from_array(l), Ymm::from_array(h)));
        every_instruction(a, b, c, mask)
    }

    /// `Zmm` computes what two four-lane models compute, instruction by instruction,
    /// where the CPU has IFMA: the instructions the paired walk does not run (`blend`,
    /// `eq`, `select`) included.
    #[test]
    fn zmm_instructions_equal_the_model_pair() {
        if super::super::detect().is_none() {
            return;
        }
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & ((1 << 52) - 1)
        };
        for round in 0..200u32 {
            let mut v: [[[u64; 4]; 2]; 3] = [[[0; 4]; 2]; 3];
            for lane in v.iter_mut().flatten().flatten() {
                *lane = next();
            }
            // c equals a in some lanes, so that the compares see both outcomes.
            let a = v[0];
            for (k, lane) in v[2].iter_mut().flatten().enumerate() {
                if (round >> (k % 8)) & 1 == 1 {
                    *lane = a[k / 4][k % 4];
                }
            }
            let mask = next() as u8;
            let [a, b, c] = v.map(|[l, h]| Pair::join(Model::from_array(l), Model::from_array(h)));
            let model = every_instruction(a, b, c, mask);
            // SAFETY: `detect` found every feature `on_zmm` enables.
            let zmm = unsafe { on_zmm(v, mask) };
            assert_eq!(zmm, model, "round {round}");
        }
    }
}
