//! [`Masked`]: the AVX-512 instructions with mask registers of the IFMA field, beyond
//! [`LaneOps`]'s, on [`Ymm`] (the model's are in `model`, `paired::Zmm`'s in
//! `paired`).

#[cfg(not(target_feature = "avx512dq"))]
use core::arch::asm;
use core::arch::x86_64::*;

#[cfg(not(target_feature = "avx512dq"))]
use super::LaneOps;
use super::Ymm;

/// The AVX-512 instructions with mask registers that the fixed-base walk uses, beyond
/// [`LaneOps`] (a supertrait of it, so the instruction model runs the walk too). Lane masks are
/// `u8`s, bit k for lane k.
pub(crate) trait Masked: Sized {
    /// b in the lanes where x equals y, self elsewhere (`vpcmpeqq` into a mask
    /// register, then `vpblendmq`).
    fn blend_eq(self, b: Self, x: Self, y: Self) -> Self;
    /// k - self in the lanes of `mask`, self elsewhere (`vpsubq` under a merge mask).
    fn sub_from_masked(self, k: Self, mask: u8) -> Self;
    /// Lane j takes lane `(ORDER >> 2j) & 3`, then the lanes outside `KEEP` are zero
    /// (`vpermq` under a zeroing mask).
    fn permute_keep<const ORDER: i32, const KEEP: u8>(self) -> Self;
    /// 19·self for lanes below 2^59, as self + 2·self + 16·self (two shifts, two
    /// additions), not a 64-bit multiplication (AVX-512 F has none: the compiler would
    /// build it from two `vpmuludq`, on the ports the multiply-adds need); one
    /// `vpmullq` where the build's target has AVX-512 DQ.
    fn times19(self) -> Self;
    /// A mask of four lanes for every four lanes of the register: itself on four lanes,
    /// repeated in both halves of a paired register ([`super::paired`]).
    #[inline(always)]
    fn each_four(mask: u8) -> u8 {
        mask
    }
}

impl Masked for Ymm {
    #[inline(always)]
    fn blend_eq(self, b: Self, x: Self, y: Self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX-512 F, VL).
        Ymm(unsafe { _mm256_mask_blend_epi64(_mm256_cmpeq_epi64_mask(x.0, y.0), self.0, b.0) })
    }
    #[inline(always)]
    fn sub_from_masked(self, k: Self, mask: u8) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX-512 F, VL).
        Ymm(unsafe { _mm256_mask_sub_epi64(self.0, mask, k.0, self.0) })
    }
    #[inline(always)]
    fn permute_keep<const ORDER: i32, const KEEP: u8>(self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX-512 F, VL).
        Ymm(unsafe { _mm256_maskz_permutex_epi64::<ORDER>(KEEP, self.0) })
    }
    #[cfg(not(target_feature = "avx512dq"))]
    #[inline(always)]
    fn times19(self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX).
        let three = Ymm(unsafe { opaque(self.add(self.shl::<1>()).0) });
        three.add(self.shl::<4>())
    }
    /// With AVX-512 DQ in the build's target (`-C target-cpu=native` on a CPU with IFMA):
    /// one `vpmullq`, which measured faster than the shifts on Zen 4.
    #[cfg(target_feature = "avx512dq")]
    #[inline(always)]
    fn times19(self) -> Self {
        // SAFETY: the build's target has AVX-512 DQ; VL: see `Ymm`, only reached after the
        // CPUID check.
        Ymm(unsafe { _mm256_mullo_epi64(self.0, _mm256_set1_epi64x(19)) })
    }
}

/// x, hidden from the optimiser: an empty assembly block, which executes nothing. It
/// keeps [`Masked::times19`]'s shifts and additions from being merged into a
/// multiplication by 19. `#[inline]`, not `always` (not allowed with the target
/// feature); it compiles to nothing inside the walk.
#[cfg(not(target_feature = "avx512dq"))]
#[target_feature(enable = "avx")]
#[inline]
fn opaque(mut x: __m256i) -> __m256i {
    // SAFETY: the block is empty: no instruction, memory access or register change.
    unsafe {
        asm!("/* {0} */", inout(ymm_reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}
