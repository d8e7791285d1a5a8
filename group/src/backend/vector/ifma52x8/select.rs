//! Per-lane masks and selections on the eight-lane field, the canonical form, and the
//! conversions between eight portable elements and one [`F52`].
//!
//! [`Masked52`] adds to [`Lanes52`] three AVX-512 mask instructions, an equality
//! compare into a mask register (`vpcmpeqq`), a blend by mask (`vpblendmq`) and a
//! masked broadcast of a constant (`vpbroadcastq` with merge masking), and the
//! two-source lane permutation (`vpermt2q`) that every eight-lane engine moves lanes
//! with. The fixed-base table scan uses the broadcast: one instruction per limb and
//! table entry, the entry read from memory whatever the lane's digit. The model (in the
//! tests) emulates each.

use core::arch::x86_64::*;

use edwards25519_field::FieldElement;
use edwards25519_field::backend::radix64::Fe64;

use super::{F52, Lanes52, MASK47, MASK52, Zmm};

/// The mask instructions the eight-lane selections use, and the two-source
/// permutation.
pub(crate) trait Masked52: Lanes52<Array = [u64; 8]> {
    /// One bit per lane.
    type Mask: Copy;
    /// The lanes where self equals b (`vpcmpeqq` into a mask register).
    fn eq_mask(self, b: Self) -> Self::Mask;
    /// b in the lanes of `m`, self elsewhere (`vpblendmq`).
    fn blend(self, m: Self::Mask, b: Self) -> Self;
    /// x in the lanes of `m`, self elsewhere (`vpbroadcastq` with merge masking).
    fn blend_splat(self, m: Self::Mask, x: u64) -> Self;
    /// Lane k of the result is lane i of self if i < 8, lane i - 8 of b otherwise,
    /// for i = idx\[k\] (below 16) (`vpermt2q`).
    fn permute2(self, idx: Self, b: Self) -> Self;
}

impl Masked52 for Zmm {
    type Mask = __mmask8;
    #[inline(always)]
    fn eq_mask(self, b: Self) -> __mmask8 {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        unsafe { _mm512_cmpeq_epi64_mask(self.0, b.0) }
    }
    #[inline(always)]
    fn blend(self, m: __mmask8, b: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_mask_blend_epi64(m, self.0, b.0) })
    }
    #[inline(always)]
    fn blend_splat(self, m: __mmask8, x: u64) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_mask_set1_epi64(self.0, m, x as i64) })
    }
    #[inline(always)]
    fn permute2(self, idx: Self, b: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_permutex2var_epi64(self.0, idx.0, b.0) })
    }
}

#[cfg(any(test, feature = "fuzzing"))]
impl Masked52 for super::model::Model8 {
    type Mask = u8;
    fn eq_mask(self, b: Self) -> u8 {
        (0..8).fold(0, |m, k| m | (u8::from(self.0[k] == b.0[k]) << k))
    }
    fn blend(self, m: u8, b: Self) -> Self {
        super::model::Model8(core::array::from_fn(|k| {
            if m >> k & 1 == 1 { b.0[k] } else { self.0[k] }
        }))
    }
    fn blend_splat(self, m: u8, x: u64) -> Self {
        self.blend(m, Self::splat(x))
    }
    fn permute2(self, idx: Self, b: Self) -> Self {
        Self(idx.0.map(|i| {
            assert!(i < 16, "permute index {i}");
            let i = i as usize;
            if i < 8 { self.0[i] } else { b.0[i - 8] }
        }))
    }
}

impl<L: Lanes52> F52<L> {
    /// The canonical limbs (value below p, limbs 0…3 below 2^52, limb 4 below 2^47) of
    /// a reduced value, in constant time.
    ///
    /// A reduced value is below 2^255 + 2^220 < 2p, so one conditional subtraction of
    /// p suffices: q = 1 exactly when v + 19 reaches 2^255 (that is, v ≥ p), found by
    /// carrying v + 19 through the limbs; then v - q·p = v + 19·q - q·2^255, carried
    /// again with bit 255 cleared.
    #[inline(always)]
    pub(crate) fn canonical(&self) -> Self {
        let q = carry_chain(self.0, L::splat(19))[4].shr::<47>();
        let mut l = carry_chain(self.0, L::splat(0).madd52lo(q, L::splat(19)));
        l[4] = l[4].and(L::splat(MASK47));
        F52(l)
    }
}

/// l + add0 (added to limb 0), carried 0 → 1 → 2 → 3 → 4 with no fold: limbs 0…3
/// below 2^52. (A function, not a closure: closures do not inherit the caller's
/// target features, so the intrinsics would not inline into them.)
#[inline(always)]
fn carry_chain<L: Lanes52>(mut l: [L; 5], add0: L) -> [L; 5] {
    let m52 = L::splat(MASK52);
    l[0] = l[0].add(add0);
    for i in 0..4 {
        l[i + 1] = l[i + 1].add(l[i].shr::<52>());
        l[i] = l[i].and(m52);
    }
    l
}

impl<L: Masked52> F52<L> {
    /// The lanes where a reduced value is 0 mod p.
    #[inline(always)]
    pub(crate) fn is_zero(&self) -> L::Mask {
        let c = self.canonical().0;
        // Canonical limbs are below 2^52: the sum is 0 only if every limb is.
        let sum = c[0].add(c[1]).add(c[2]).add(c[3]).add(c[4]);
        sum.eq_mask(L::splat(0))
    }

    /// b in the lanes of `m`, self elsewhere.
    #[inline(always)]
    pub(crate) fn select(&self, m: L::Mask, b: &Self) -> Self {
        let mut out = *self;
        for (o, b) in out.0.iter_mut().zip(&b.0) {
            *o = o.blend(m, *b);
        }
        out
    }

    /// Eight portable elements, lane j from `fe(j)`, reduced (carried).
    #[inline(always)]
    pub(crate) fn load(fe: impl Fn(usize) -> FieldElement) -> Self {
        let mut l = [[0u64; 8]; 5];
        for j in 0..8 {
            let w = fe(j).to_fe64().limbs();
            for (li, xi) in l.iter_mut().zip(limbs_from_words(w)) {
                li[j] = xi;
            }
        }
        // Limb 4 is below 2^48 here, over the reduced bound: carry.
        F52::from_limb_arrays(l).carry()
    }

    /// The eight lanes of a reduced value as portable elements.
    #[inline(always)]
    pub(crate) fn store(&self) -> [FieldElement; 8] {
        let l = self.to_limb_arrays();
        core::array::from_fn(|j| {
            let w = words_from_limbs(core::array::from_fn(|i| l[i][j]));
            FieldElement::from_fe64(&Fe64::from_limbs(w))
        })
    }

    /// The canonical 32-byte encodings of the eight lanes of a reduced value.
    #[inline(always)]
    pub(crate) fn to_bytes(self) -> [[u8; 32]; 8] {
        let l = self.canonical().to_limb_arrays();
        core::array::from_fn(|j| {
            let w = words_from_limbs(core::array::from_fn(|i| l[i][j]));
            let mut out = [0u8; 32];
            for (chunk, word) in out.chunks_exact_mut(8).zip(w) {
                chunk.copy_from_slice(&word.to_le_bytes());
            }
            out
        })
    }
}

/// Radix-2^52 limbs of a 256-bit value in four 64-bit words: limbs 0…3 below 2^52,
/// limb 4 below 2^48.
#[inline(always)]
pub(crate) fn limbs_from_words(w: [u64; 4]) -> [u64; 5] {
    [
        w[0] & MASK52,
        ((w[0] >> 52) | (w[1] << 12)) & MASK52,
        ((w[1] >> 40) | (w[2] << 24)) & MASK52,
        ((w[2] >> 28) | (w[3] << 36)) & MASK52,
        w[3] >> 16,
    ]
}

/// Four 64-bit words of limbs 0…3 below 2^52 and limb 4 below 2^48 (a reduced value).
#[inline(always)]
pub(crate) fn words_from_limbs(l: [u64; 5]) -> [u64; 4] {
    [
        l[0] | (l[1] << 52),
        (l[1] >> 12) | (l[2] << 40),
        (l[2] >> 24) | (l[3] << 28),
        (l[3] >> 36) | (l[4] << 16),
    ]
}
