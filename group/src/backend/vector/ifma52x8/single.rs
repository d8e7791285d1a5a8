//! One X25519 in eight zmm lanes: a Montgomery ladder with two multiplicative levels
//! per step instead of three, over its own radix-2^51 arithmetic.
//!
//! The four-lane ladder ([`crate::backend::vector::x25519_ifma`]) spends a third
//! multiplication per step on z3' = x1·(DA - CB)², with three lanes idle. Here the
//! state carries every coordinate twice, as itself and times x1:
//!
//! (x3, x1·x3, z3, x1·z3, x2, x1·x2, z2, x1·z2)
//!
//! Then x1·D, x1·C, x1·A and x1·B are sums and differences of the state, and the step
//! is two eight-lane products:
//!
//! 1. (A, B, D, C, x1·A, x1·B, x1·D, x1·C) · (A, B, A, B, A, B, A, B) =
//!    (AA, BB, DA, CB, x1·AA, x1·BB, x1·DA, x1·CB);
//! 2. with S = DA + CB, T = DA - CB, T1 = x1·DA - x1·CB = x1·T and
//!    F = BB + a24·E,
//!    (S, x1·DA + x1·CB, T, T1, AA, x1·AA, E, x1·E) ·
//!    (S, S, T1, T1, BB, BB, F, F) =
//!    (S², x1·S², x1·T², x1²·T², AA·BB, x1·AA·BB, E·F, x1·E·F),
//!
//! which is the next state: x3' = S², z3' = x1·T², x2' = AA·BB, z2' = E·F (RFC 7748
//! §5), each beside its multiple by x1. The first products are not carried: every
//! factor of the second level is a sum or difference of them, carried once. F is one of
//! those, a24·AA - (a24 - 1)·BB, its two terms from one small product of the first
//! products, in lanes 8 and 9 of the second source of the permutation.
//!
//! The arithmetic is radix 2^51 with the multiplier's 52nd bit as headroom ([`R51`]),
//! not the radix-2^52 field of the batch ladder. On the Intel Xeon measured, the step's
//! time follows both its dependency chain and its instruction count (cutting one carry
//! off the chain saved more cycles than the carry's latency). Radix 2^51 shortens the
//! chain and the count: a carry is one round of five independent shifts
//! (limbs below 2^63 to limbs below 2^52), not a chain of five; a product's high
//! columns come down times 19 by a shift and adds, not by 15 multiply-adds; the high
//! halves of the products, which land one bit above the next column, are added twice.
//!
//! Lanes move with `vpermq` (one register per limb, an index vector per pattern). The
//! conditional swap of the two halves is folded into the first step's index vectors:
//! an index xor 4 reads the other half. The index vectors come from the scalar bit by
//! a mask, so they are secret, but a register permutation's timing does not depend on
//! its indices (no memory is read; the instruction has one latency and one port), and
//! every step runs the same instructions.
//!
//! # What each choice measured
//!
//! Over the four-lane ladder, same process (`scripts/before_after.sh --runs 3`, LTO
//! with one codegen unit, no CPU flags, Intel Xeon family 6 model 207; X25519,
//! this/four-lane), each ratio with the choices above it in place:
//!
//! - both factors of each level from their own sums of the state: 1.017 (no spills;
//!   about 450 instructions a step, 159 of them `vpmadd52`, and 512-bit operations
//!   issue on two ports, so the instruction count matters);
//! - each right factor from the left one's lanes (`vpermq`, `vpermt2q`) instead: 0.921;
//! - the step's last product not carried (the next step's sums take it against
//!   1024p): 0.844;
//! - each product's low and high halves in two accumulators per column, two chains of
//!   five instead of one of ten ([`product`]): 0.806;
//! - the first products not carried either, with F's two terms from one small product
//!   of them (its limbs split at bit 52) and both second-level factors as sums of
//!   lanes: 0.955 of the previous line's ladder (`x25519_ladders` bench, medians);
//! - radix 2^51 for radix 2^52: 0.971 of the previous line's (the same bench), with
//!   the fold's shift count hidden from the compiler (which otherwise turns
//!   z + 2z + 16z into a 64-bit multiplication by 19, built from two `vpmuludq` and
//!   three more instructions per column: no gain at all).
//!
//! Measured against that and not kept: the first right factor from its own sums again
//! (3 cycles off the chain, about 30 instructions more: 1.042 of this ladder's time);
//! F as BB + a24·E from the carried E, one small product instead of two but one more
//! carry on the chain (0.869 against 0.844); four accumulators per column (the
//! compiler kept them in memory: 7.3 times slower); the small products' halves in
//! parallel chains (1.001); the fold's terms in independent multiply-adds rather than
//! one chain per limb (1.001); F alone from the products not carried, the other sums
//! still from carried ones (no gain within the noise).

use core::arch::x86_64::*;

use edwards25519_field::FieldElement;

use super::select::Masked52;
use super::{Lanes52, Zmm, limbs_of_words, limbs_to_field, words_from_bytes};

/// (A + 2)/4 = 121666.
const A24: u64 = 121_666;

use crate::backend::vector::limbs::unrolled;

/// The lane moves the ladder adds to [`Masked52`].
pub(crate) trait Shuffle52: Masked52<Mask = u8> {
    /// Lane k of the result is lane `idx[k]` of self (`vpermq` with an index
    /// register; indices below 8).
    fn permute(self, idx: Self) -> Self;
    /// [`Shuffle52::permute`] with zero in the lanes outside `keep` (`vpermq` with a
    /// zeroing mask).
    fn permute_keep(self, idx: Self, keep: u8) -> Self;
    /// a - b in the lanes of `m`, self elsewhere (`vpsubq` with a merge mask).
    fn sub_where(self, m: u8, a: Self, b: Self) -> Self;
    /// [`Masked52::permute2`] with zero in the lanes outside `keep` (`vpermt2q` with a
    /// zeroing mask).
    fn permute2_keep(self, idx: Self, b: Self, keep: u8) -> Self;
}

impl Shuffle52 for Zmm {
    #[inline(always)]
    fn permute(self, idx: Self) -> Self {
        // SAFETY: a `Zmm` is operated on only after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_permutexvar_epi64(idx.0, self.0) })
    }
    #[inline(always)]
    fn permute_keep(self, idx: Self, keep: u8) -> Self {
        // SAFETY: as for `permute`.
        Zmm(unsafe { _mm512_maskz_permutexvar_epi64(keep, idx.0, self.0) })
    }
    #[inline(always)]
    fn sub_where(self, m: u8, a: Self, b: Self) -> Self {
        // SAFETY: as for `permute`.
        Zmm(unsafe { _mm512_mask_sub_epi64(self.0, m, a.0, b.0) })
    }
    #[inline(always)]
    fn permute2_keep(self, idx: Self, b: Self, keep: u8) -> Self {
        // SAFETY: as for `permute`.
        Zmm(unsafe { _mm512_maskz_permutex2var_epi64(keep, self.0, idx.0, b.0) })
    }
}

#[cfg(test)]
impl Shuffle52 for super::model::Model8 {
    fn permute(self, idx: Self) -> Self {
        Self(idx.0.map(|i| {
            assert!(i < 8, "permute index {i}");
            self.0[i as usize]
        }))
    }
    fn permute_keep(self, idx: Self, keep: u8) -> Self {
        let p = self.permute(idx);
        Self(core::array::from_fn(|k| {
            if keep >> k & 1 == 1 { p.0[k] } else { 0 }
        }))
    }
    fn sub_where(self, m: u8, a: Self, b: Self) -> Self {
        Self(core::array::from_fn(|k| {
            if m >> k & 1 == 1 {
                a.0[k].wrapping_sub(b.0[k])
            } else {
                self.0[k]
            }
        }))
    }
    fn permute2_keep(self, idx: Self, b: Self, keep: u8) -> Self {
        let p = self.permute2(idx, b);
        Self(core::array::from_fn(|k| {
            if keep >> k & 1 == 1 { p.0[k] } else { 0 }
        }))
    }
}

/// An index vector from its eight lanes.
#[inline(always)]
fn idx<L: Lanes52<Array = [u64; 8]>>(lanes: [u64; 8]) -> L {
    L::from_array(lanes)
}

// The step's loops over limbs are `unrolled!`, never closures (`core::array::from_fn`,
// `map`): a closure the optimiser leaves out of line compiles without the target
// features, so every intrinsic in it becomes a call (with LTO, one such closure in the
// step makes the ladder 3.9 times slower).

/// A field element in radix 2^51 in the eight lanes: Σ lᵢ·2^(51·i) mod p. The limbs
/// use the multiplier's 52 bits as headroom: a *ready* element (a factor) has limbs
/// below 2^52, reached from limbs below 2^63 by one carry round ([`R51::carry`]), where
/// radix 2^52 needs a chain of five.
#[derive(Clone, Copy, Debug)]
struct R51<L>([L; 5]);

const MASK51: u64 = (1 << 51) - 1;

/// 2048p in radix 2^51 (limb 0 2^62 - 38912, the others 2^62 - 2048): every limb
/// exceeds those of a product not carried (below 2^61, [`product`]) and of a small
/// product (below 2^52 + 2^32, [`small_product`]).
const P2048: [u64; 5] = [
    ((1 << 51) - 19) << 11,
    MASK51 << 11,
    MASK51 << 11,
    MASK51 << 11,
    MASK51 << 11,
];

/// A reduced element's radix-2^51 limbs (each below 2^51).
fn limbs51(e: &FieldElement) -> [u64; 5] {
    let w = words_from_bytes(&e.to_bytes());
    [
        w[0] & MASK51,
        ((w[0] >> 51) | (w[1] << 13)) & MASK51,
        ((w[1] >> 38) | (w[2] << 26)) & MASK51,
        ((w[2] >> 25) | (w[3] << 39)) & MASK51,
        (w[3] >> 12) & MASK51,
    ]
}

/// Σ lᵢ·2^(51·i) mod p for limbs below 2^62, in constant time. One carry round leaves
/// limbs below 2^51 + 2^16, a value below 2^256: its four words, then its radix-2^52
/// limbs for [`limbs_to_field`] (which folds the bits from 2^255 up).
fn element51(l: [u64; 5]) -> FieldElement {
    let c: [u64; 5] = core::array::from_fn(|i| l[i] >> 51);
    let r: [u64; 5] =
        core::array::from_fn(|i| (l[i] & MASK51) + if i == 0 { 19 * c[4] } else { c[i - 1] });
    // Limb i starts at bit 51·i: in word 0 for limbs 0 and 1, then at bits 38, 25 and
    // 12 of words 1, 2 and 3.
    let mut w = [0u64; 4];
    let mut acc = u128::from(r[0]) + (u128::from(r[1]) << 51);
    for (i, shift) in [38, 25, 12].into_iter().enumerate() {
        w[i] = acc as u64;
        acc = (acc >> 64) + (u128::from(r[i + 2]) << shift);
    }
    w[3] = acc as u64;
    limbs_to_field(limbs_of_words(&w))
}

/// p ± q lane by lane: p + [`P2048`] - q in the lanes of `neg`, p + q elsewhere, for p
/// and q products not carried or small products; the sum is below 2^63, and one carry
/// round makes it ready.
#[inline(always)]
fn add_sub<L: Shuffle52>(p: &R51<L>, q: &R51<L>, neg: u8) -> R51<L> {
    R51(unrolled!(5, |i| {
        let q = q.0[i].sub_where(neg, L::splat(P2048[i]), q.0[i]);
        p.0[i].add(q)
    }))
    .carry()
}

impl<L: Lanes52> R51<L> {
    /// One carry round, all limbs at once: limb i keeps its low 51 bits and gains limb
    /// i - 1's bits from 2^51 up; limb 4's (weight 2^255) come to limb 0 times 19. For
    /// limbs below 2^63 the carries are below 2^12, so every limb ends below
    /// 2^51 + 19·2^12 < 2^52: ready.
    #[inline(always)]
    fn carry(&self) -> Self {
        let m51 = L::splat(MASK51);
        let c: [L; 5] = unrolled!(5, |i| self.0[i].shr::<51>());
        let low: [L; 5] = unrolled!(5, |i| self.0[i].and(m51));
        R51([
            low[0].madd52lo(c[4], L::splat(19)),
            low[1].add(c[0]),
            low[2].add(c[1]),
            low[3].add(c[2]),
            low[4].add(c[3]),
        ])
    }
}

/// Each lane permuted by `idx` (zero outside `keep`).
#[inline(always)]
fn moved<L: Shuffle52>(x: &R51<L>, idx: L, keep: u8) -> R51<L> {
    if keep == 0xff {
        R51(unrolled!(5, |i| x.0[i].permute(idx)))
    } else {
        R51(unrolled!(5, |i| x.0[i].permute_keep(idx, keep)))
    }
}

/// Lane k of the result is lane i of x if i < 8, lane i - 8 of y otherwise, for i =
/// idx\[k\] (zero outside `keep`).
#[inline(always)]
fn moved2<L: Shuffle52>(x: &R51<L>, y: &R51<L>, idx: L, keep: u8) -> R51<L> {
    if keep == 0xff {
        R51(unrolled!(5, |i| x.0[i].permute2(idx, y.0[i])))
    } else {
        R51(unrolled!(5, |i| x.0[i].permute2_keep(idx, y.0[i], keep)))
    }
}

/// a·b lane by lane for ready a and b, not carried: limbs below 2^61.
///
/// Column k gathers the low halves of aᵢ·bⱼ with i + j = k (below 5·2^52) and, from a
/// second accumulator, the high halves with i + j = k - 1: those have weight
/// 2^(51·k + 1), so they count twice (below 10·2^52). Each column is two chains of at
/// most five `vpmadd52`, and below 2^56. Column k ≥ 5 has weight 2^255·2^(51·(k - 5)),
/// ≡ 19·2^(51·(k - 5)): it comes to column k - 5 as 16z + 2z + z, shifts and adds
/// (19·2^56 < 2^61), where radix 2^52's 608 needs multiply-adds split at bit 52.
#[inline(always)]
fn product<L: Lanes52>(a: &R51<L>, b: &R51<L>, four: L) -> R51<L> {
    let (a, b) = (&a.0, &b.0);
    let zero = L::splat(0);
    let (mut lo, mut hi) = ([zero; 10], [zero; 10]);
    for i in 0..5 {
        for j in 0..5 {
            lo[i + j] = lo[i + j].madd52lo(a[i], b[j]);
            hi[i + j + 1] = hi[i + j + 1].madd52hi(a[i], b[j]);
        }
    }
    let z: [L; 10] = unrolled!(10, |k| lo[k].add(hi[k]).add(hi[k]));
    R51(unrolled!(5, |k| {
        let w = z[k + 5];
        z[k].add(w).add(w.add(w)).add(w.shlv(four))
    }))
}

/// The small product x·c of x with limbs below 2^61 (a product not carried) and
/// c < 2^17 (lane by lane), limb by limb, not carried. Each limb splits at bit 52, as
/// xᵢ = lᵢ + 2^52·hᵢ with hᵢ below 2^9; the multiplier reads lᵢ from xᵢ itself. The low
/// half of lᵢ·c stays in limb i; the high half (below 2^17) and hᵢ·c (below 2^26)
/// have weight 2^(51·(i + 1) + 1), so they go to limb i + 1 twice, and from limb 4
/// (weight 2^256 ≡ 38) to limb 0 times 38. Limbs below 2^52 + 2^32.
#[inline(always)]
fn small_product<L: Lanes52>(x: &R51<L>, c: L) -> R51<L> {
    let zero = L::splat(0);
    let up: [L; 5] = unrolled!(5, |i| zero
        .madd52hi_of_low(x.0[i], c)
        .add(zero.madd52lo(x.0[i].shr::<52>(), c)));
    let low: [L; 5] = unrolled!(5, |i| zero.madd52lo_of_low(x.0[i], c));
    R51([
        low[0].madd52lo(up[4], L::splat(38)),
        low[1].add(up[0]).add(up[0]),
        low[2].add(up[1]).add(up[1]),
        low[3].add(up[2]).add(up[2]),
        low[4].add(up[3]).add(up[3]),
    ])
}

/// a24·AA in lane 0 and (a24 - 1)·BB in lane 1, small products, from the first
/// level's products not carried (AA, BB, …): the two terms of
/// F = a24·AA + 2048p - (a24 - 1)·BB = BB + a24·(AA - BB) mod p. One small product
/// serves both, each lane by its own constant.
#[inline(always)]
fn doubling_terms<L: Lanes52<Array = [u64; 8]>>(m1: &R51<L>) -> R51<L> {
    small_product(m1, idx([A24, A24 - 1, 0, 0, 0, 0, 0, 0]))
}

/// The ladder of the module docs over the instructions `L`, for a clamped scalar `k`
/// (bit 255 clear: steps for bits 254 down to 0): returns (x2, z2), the u-coordinate
/// of \[k\]P as a fraction.
///
/// **Invariant** (the portable ladder's, `crate::montgomery`): at the top of the step
/// for bit t, after the pending swap, (x2 : z2) is \[m\]P and (x3 : z3) is \[m + 1\]P for
/// m = k >> (t + 1), and lanes 1, 3, 5, 7 hold x1 times lanes 0, 2, 4, 6. Every limb
/// is below 2^61 at the top of a step (a product not carried; reduced at the start),
/// which the first sums take against 2048p.
#[inline(always)]
pub(crate) fn ladder<L: Shuffle52>(k: &[u8; 32], u: &FieldElement) -> (FieldElement, FieldElement) {
    let (one, zero) = (FieldElement::ONE, FieldElement::ZERO);
    let uu = u.square();
    // (x3, x1·x3, z3, x1·z3, x2, x1·x2, z2, x1·z2) = ([1]P, [0]P) = (u : 1), (1 : 0).
    let start = [u, &uu, &one, u, &one, u, &zero, &zero].map(limbs51);
    let mut v = R51::<L>(core::array::from_fn(|i| L::from_array(start.map(|l| l[i]))));

    // Step 1's left factor (A, B, D, C, x1·A, x1·B, x1·D, x1·C) = these ± those, for
    // the state as it stands; xor 4 reads the other half. The right factor is lanes
    // (0, 1) of the left one, four times.
    let l1_p = [4, 4, 0, 0, 5, 5, 1, 1];
    let l1_q = [6, 6, 2, 2, 7, 7, 3, 3];
    let r1: L = idx([0, 1, 0, 1, 0, 1, 0, 1]);
    // Step 2's, over the products (AA, BB, DA, CB, x1·AA, x1·BB, x1·DA, x1·CB): the left
    // factor (S, x1·S, T, T1, AA, x1·AA, E, x1·E) = these ± those; the right one
    // (S, S, T1, T1, BB, BB, F, F) likewise, with the terms of F as lanes 8 and 9.
    let (l2_p, l2_q): (L, L) = (idx([2, 6, 2, 6, 0, 4, 0, 4]), idx([3, 7, 3, 7, 0, 0, 1, 5]));
    let (r2_p, r2_q): (L, L) = (idx([2, 2, 6, 6, 1, 1, 8, 8]), idx([3, 3, 7, 7, 0, 0, 9, 9]));

    // The shift count of 16·z in the product's fold, opaque to the compiler: seen as a
    // constant, z + 2z + 16z becomes a 64-bit multiplication by 19, built from two
    // `vpmuludq` and three more instructions. (The four-lane field's
    // `Masked::times19` hides its sum behind an empty `asm!` instead.)
    let four = core::hint::black_box(L::splat(4));

    let mut swap = 0u64;
    for t in (0..255).rev() {
        // The bit at public position t, as 0 or 1 (no branch on it).
        let bit = u64::from((k[t >> 3] >> (t & 7)) & 1);
        swap ^= bit;
        // 4 where the halves are swapped, 0 where not.
        let flip = L::splat(swap << 2);
        swap = bit;
        let at = |lanes: [u64; 8]| idx::<L>(lanes).xor(flip);

        let left = add_sub(
            &moved(&v, at(l1_p), 0xff),
            &moved(&v, at(l1_q), 0xff),
            0b0110_0110,
        );
        let m1 = product(&left, &moved(&left, r1, 0xff), four);

        let left = add_sub(
            &moved(&m1, l2_p, 0xff),
            &moved(&m1, l2_q, 0b1100_1111),
            0b1100_1100,
        );
        let terms = doubling_terms(&m1);
        let right = add_sub(
            &moved2(&m1, &terms, r2_p, 0xff),
            &moved2(&m1, &terms, r2_q, 0b1100_1111),
            0b1100_1100,
        );
        v = product(&left, &right, four);
    }
    // (x2, z2): lanes 4 and 6, or 0 and 2 if the last swap is pending.
    let flip = L::splat(swap << 2);
    let out = moved(&v, idx::<L>([4, 6, 0, 0, 0, 0, 0, 0]).xor(flip), 0b11);
    swap = 0;
    core::hint::black_box(&swap);
    let l: [[u64; 8]; 5] = unrolled!(5, |i| out.0[i].to_array());
    let lane = |j: usize| element51([l[0][j], l[1][j], l[2][j], l[3][j], l[4][j]]);
    (lane(0), lane(1))
}

/// [`ladder`] on the CPU's registers.
///
/// # Safety
///
/// The CPU supports AVX-512 F and IFMA (a [`super::Ifma8`] token could be made).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
pub(crate) unsafe fn ladder_zmm(k: &[u8; 32], u: &FieldElement) -> (FieldElement, FieldElement) {
    super::super::align_frame();
    ladder::<Zmm>(k, u)
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::backend::vector::ifma52x8::model::Model8;
    use crate::backend::vector::x25519_ifma::test_cases::{self, Hardware};
    use crate::backend::vector::x25519_ifma::{self, IfmaLadder};

    fn model(k: &[u8; 32], u: &[u8; 32]) -> [u8; 32] {
        let (x, z) = ladder::<Model8>(&test_cases::clamp(*k), &FieldElement::from_bytes(u));
        (x * z.invert()).to_bytes()
    }

    fn hardware(k: &[u8; 32], u: &[u8; 32]) -> Option<[u8; 32]> {
        x25519_ifma::mul_clamped_with(
            IfmaLadder::EightLanes,
            &test_cases::clamp(*k),
            &FieldElement::from_bytes(u),
        )
    }

    fn on_this_cpu() -> Option<Hardware> {
        x25519_ifma::cpu_has_ifma().then_some(hardware as Hardware)
    }

    #[test]
    fn model_ladder_equals_the_portable_ladder() {
        test_cases::agrees_with_the_portable_ladder(&|k, u| Some(model(k, u)), 8);
    }

    #[test]
    fn zmm_ladder_equals_the_portable_ladder() {
        match on_this_cpu() {
            Some(hardware) => test_cases::agrees_with_the_portable_ladder(&hardware, 300),
            None => std::println!("no AVX-512 IFMA on this CPU: the model test covers the code"),
        }
    }

    #[test]
    fn rfc7748_vectors() {
        test_cases::rfc7748(model, on_this_cpu());
    }

    #[test]
    fn wycheproof() {
        test_cases::wycheproof(model, on_this_cpu());
    }
}
