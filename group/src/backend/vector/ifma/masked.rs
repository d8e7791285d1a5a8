//! [`Masked`]: the AVX-512 instructions with mask registers of the IFMA field, beyond
//! [`LaneOps`]'s, on [`Ymm`] (the model's are in `model`, `paired::Zmm`'s in
//! `paired`).

#[cfg(not(all(target_feature = "avx512dq", not(target_feature = "avx512fp16"))))]
use core::arch::asm;
use core::arch::x86_64::*;

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
    /// `vpmullq` where the build's target has AVX-512 DQ and that measured faster
    /// (see each implementation).
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
    /// Shifts and additions, their counts hidden ([`opaque`]): with counts it can
    /// see, the compiler turns x + 2x + 16x into a multiplication by 19, or by 38
    /// where x is a known double (a product's top column, 2·hi), and builds it from two
    /// `vpmuludq` and three more instructions. Also where the build's target has AVX-512
    /// DQ and FP16 (Intel's server cores, the discriminator of
    /// [`F4::mul_uncarried`](super::F4::mul_uncarried)): `vpmullq` is three
    /// micro-operations there, with a long latency on the doublings' chain.
    ///
    /// Measured on an Intel Xeon reporting family 6 model 167 (`scripts/before_after.sh
    /// --runs 3`): against constant shifts, which left the top column to two `vpmuludq`,
    /// ScalarMult 0.975 and VarTimeDoubleScalarBaseMult 0.974 (LTO + 1 CGU), 0.973 and
    /// 0.968 (cargo defaults); against `vpmullq` with `-C target-cpu=native`, 0.953 and
    /// 0.930, Verification 0.961. VarTimeMultiScalarMult/64, whose eight-lane engine does
    /// not use this ×19: 0.971 in cargo's default profile (five runs).
    #[cfg(not(all(target_feature = "avx512dq", not(target_feature = "avx512fp16"))))]
    #[inline(always)]
    fn times19(self) -> Self {
        // SAFETY: see `Ymm`: only reached after the CPUID check (AVX2).
        unsafe {
            let (one, four) = (opaque(_mm256_set1_epi64x(1)), opaque(_mm256_set1_epi64x(4)));
            let x = self.0;
            Ymm(_mm256_add_epi64(
                _mm256_add_epi64(x, _mm256_sllv_epi64(x, one)),
                _mm256_sllv_epi64(x, four),
            ))
        }
    }
    /// With AVX-512 DQ and without FP16 in the build's target (`-C target-cpu=native` on
    /// an AMD Zen 4): one `vpmullq`, which measured faster there than the shifts with
    /// constant counts (and so with the top column's `vpmuludq` pair). Against the
    /// hidden counts it is not yet measured: a Zen 4 can settle it with the A/B above.
    #[cfg(all(target_feature = "avx512dq", not(target_feature = "avx512fp16")))]
    #[inline(always)]
    fn times19(self) -> Self {
        // SAFETY: the build's target has AVX-512 DQ; VL: see `Ymm`, only reached after the
        // CPUID check.
        Ymm(unsafe { _mm256_mullo_epi64(self.0, _mm256_set1_epi64x(19)) })
    }
}

/// x, hidden from the optimiser: an empty assembly block, which executes nothing. It
/// hides [`Masked::times19`]'s shift counts, so that its shifts and additions are not
/// merged into a multiplication. `#[inline]`, not `always` (not allowed with the
/// target feature); it compiles to nothing where it is used, and its constants are
/// loaded once per loop.
#[cfg(not(all(target_feature = "avx512dq", not(target_feature = "avx512fp16"))))]
#[target_feature(enable = "avx")]
#[inline]
fn opaque(mut x: __m256i) -> __m256i {
    // SAFETY: the block is empty: no instruction, memory access or register change.
    unsafe {
        asm!("/* {0} */", inout(ymm_reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}
