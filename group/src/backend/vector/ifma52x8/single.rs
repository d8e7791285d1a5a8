//! One X25519 in eight zmm lanes: a Montgomery ladder with two multiplicative levels
//! per step instead of three, over its own radix-2^51 arithmetic.
//!
//! The four-lane ladder ([`crate::backend::vector::x25519_ifma`]) spends a third
//! multiplication per step on z3' = x1·(DA - CB)², with three lanes idle. Here the
//! state carries every coordinate twice, as itself and times x1:
//!
//! (x2, z2, x3, z3, x1·x2, x1·z2, x1·x3, x1·z3)
//!
//! Then x1·A, x1·B, x1·C and x1·D are sums and differences of the state, and the step
//! for a bit 0 is two eight-lane products:
//!
//! 1. (A, B, C, D, x1·A, x1·B, x1·C, x1·D) · (A, B, B, A, A, B, B, A) =
//!    (AA, BB, CB, DA, x1·AA, x1·BB, x1·CB, x1·DA);
//! 2. with S = DA + CB, T = DA - CB, T1 = x1·DA - x1·CB = x1·T and
//!    F = BB + a24·E,
//!    (AA, -E, S, T, x1·AA, -x1·E, x1·S, T1) ·
//!    (BB, -F, S, T1, BB, -F, S, T1) =
//!    (AA·BB, E·F, S², x1·T², x1·AA·BB, x1·E·F, x1·S², x1²·T²),
//!
//! which is the next state: x2' = AA·BB, z2' = E·F, x3' = S², z3' = x1·T² (RFC 7748
//! §5), each with its multiple by x1. The first products are not carried: every
//! factor of the second level is a sum or difference of them, carried once. F is one of
//! those, a24·AA - (a24 - 1)·BB, its two terms from one small product of the first
//! products, in lanes 8 and 9 of the second source of the permutation.
//!
//! The step for a bit 1 is the same step with the two points' roles exchanged: lanes
//! 0, 1, 4, 5 with 2, 3, 6, 7 in every index vector, read and written (the first level
//! reads (C, D, A, B, …) where it read (A, B, C, D, …), and so on). It leaves \[2m + 1\]P
//! in lanes 0 and 1 where the step for a bit 0 leaves \[2m\]P, so the layout never
//! changes and there is no swap.
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
//! Lanes move with `vpermq` and `vpermt2q` (one register per limb, an index vector per
//! pattern). Each left factor is its source plus or minus a permutation of it, which
//! takes one permutation per limb where two permuted sources took two: the first
//! one's lane j pairs with lane j xor 1 (x2 with z2), the same lanes for either bit,
//! and the second one's lanes are laid out over the products' own. The index vectors
//! of the other three permutations, and the small product's constants, are picked
//! from the two bits' by a mask (`vpblendmq`), so they are secret, but a register
//! permutation's timing does not depend on its indices (no memory is read; the
//! instruction has one latency and one port), and every step runs the same
//! instructions.
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
//!   three more instructions per column: no gain at all);
//! - each left factor as its source plus or minus one permutation of it, and no swap
//!   (the step for a bit 1 with exchanged index vectors): ten permutations a step fewer,
//!   all on the one port that shuffles 512-bit registers, for five blends of index
//!   vectors, off the chain. X25519 0.968 of the previous line's time on the Xeon
//!   reporting model 167 (`before_after.sh --runs 5`, medians; 0.954 in cargo's
//!   default profile, 0.969 with `-C target-cpu=native`).
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
    /// a - b in the lanes of `m`, self elsewhere (`vpsubq` with a merge mask).
    fn sub_where(self, m: u8, a: Self, b: Self) -> Self;
}

impl Shuffle52 for Zmm {
    #[inline(always)]
    fn permute(self, idx: Self) -> Self {
        // SAFETY: a `Zmm` is operated on only after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_permutexvar_epi64(idx.0, self.0) })
    }
    #[inline(always)]
    fn sub_where(self, m: u8, a: Self, b: Self) -> Self {
        // SAFETY: as for `permute`.
        Zmm(unsafe { _mm512_mask_sub_epi64(self.0, m, a.0, b.0) })
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
    fn sub_where(self, m: u8, a: Self, b: Self) -> Self {
        Self(core::array::from_fn(|k| {
            if m >> k & 1 == 1 {
                a.0[k].wrapping_sub(b.0[k])
            } else {
                self.0[k]
            }
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

/// Each lane permuted by `idx`.
#[inline(always)]
fn moved<L: Shuffle52>(x: &R51<L>, idx: L) -> R51<L> {
    R51(unrolled!(5, |i| x.0[i].permute(idx)))
}

/// Lane k of the result is lane i of x if i < 8, lane i - 8 of y otherwise, for i =
/// idx\[k\].
#[inline(always)]
fn moved2<L: Shuffle52>(x: &R51<L>, y: &R51<L>, idx: L) -> R51<L> {
    R51(unrolled!(5, |i| x.0[i].permute2(idx, y.0[i])))
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

/// The index vector of a step for bit 1 from the one for bit 0: the two halves'
/// roles exchanged. With σ the exchange of lane pairs (0, 1) ↔ (2, 3) and (4, 5) ↔
/// (6, 7), xor 2 on a lane number of either source, lane j reads σ of what lane σ(j)
/// reads.
const fn exchanged(idx: [u64; 8]) -> [u64; 8] {
    let mut out = [0; 8];
    let mut j = 0;
    while j < 8 {
        out[j] = idx[j ^ 2] ^ 2;
        j += 1;
    }
    out
}

/// An index vector for bit 0 and its [`exchanged`] form for bit 1.
#[inline(always)]
fn index_pair<L: Lanes52<Array = [u64; 8]>>(idx: [u64; 8]) -> (L, L) {
    (L::from_array(idx), L::from_array(exchanged(idx)))
}

/// The second of `pair` in every lane if `all` is 0xff, the first if it is 0
/// (`vpblendmq`).
#[inline(always)]
fn pick<L: Shuffle52>(pair: &(L, L), all: u8) -> L {
    pair.0.blend(all, pair.1)
}

/// The ladder of the module docs over the instructions `L`, for a clamped scalar `k`
/// (bit 255 clear: steps for bits 254 down to 0): returns (x2, z2), the u-coordinate
/// of \[k\]P as a fraction.
///
/// No swap: the step for bit 1 is the step for bit 0 with the halves' roles
/// exchanged, its index vectors [`exchanged`] and picked by mask. Sums and differences
/// of the two coordinates of a point do not depend on its role (the first level's sums
/// are the same for both bits), and σ maps the doubling's lanes to the differential
/// addition's, so the step for bit 1 leaves \[2m + 1\]P where the doubling of the step
/// for bit 0 leaves \[2m\]P: in lanes 0 and 1 either way.
///
/// **Invariant** (the portable ladder's, `crate::montgomery`): at the top of the step
/// for bit t, lanes (x2, z2, x3, z3, x1·x2, x1·z2, x1·x3, x1·z3) hold \[m\]P, \[m + 1\]P
/// and their multiples by x1, for m = k >> (t + 1). Every limb is below 2^61 at the top
/// of a step (a product not carried; reduced at the start), which the first sums take
/// against 2048p.
#[inline(always)]
pub(crate) fn ladder<L: Shuffle52>(k: &[u8; 32], u: &FieldElement) -> (FieldElement, FieldElement) {
    let (one, zero) = (FieldElement::ONE, FieldElement::ZERO);
    let uu = u.square();
    // (x2, z2, x3, z3) = ([0]P, [1]P) = (1 : 0), (u : 1); then times x1 = u.
    let start = [&one, &zero, u, &one, u, &zero, &uu, u].map(limbs51);
    let mut v = R51::<L>(core::array::from_fn(|i| L::from_array(start.map(|l| l[i]))));

    // Step 1's left factor (A, B, C, D, x1·A, x1·B, x1·C, x1·D) for bit 0, (C, D, A, B,
    // …) for bit 1: each lane plus or minus its pair's other lane, the same for both
    // bits. The right factor: lanes of the left one, (A, B, B, A) four times.
    let l1_q: L = idx([1, 0, 3, 2, 5, 4, 7, 6]);
    let r1 = index_pair::<L>([0, 1, 1, 0, 0, 1, 1, 0]);
    // The products are (AA, BB, CB, DA, x1·AA, x1·BB, x1·CB, x1·DA) for bit 0; the
    // doubling's two terms come in lanes 8 and 9 of the second source (12 is zero).
    // Step 2's left factor (AA, -E, S, T, x1·AA, -x1·E, x1·S, T1) = the products ±
    // these; the right one (BB, -F, S, T1, BB, -F, S, T1) = these ± those. Their
    // products are the next state: AA·BB, E·F, S², x1·T², and each times x1.
    let l2_q = index_pair::<L>([12, 0, 3, 2, 12, 4, 7, 6]);
    let r2_p = index_pair::<L>([1, 9, 2, 7, 1, 9, 2, 7]);
    let r2_q = index_pair::<L>([12, 8, 3, 6, 12, 8, 3, 6]);
    // a24 for AA, a24 - 1 for BB: in lanes 0 and 1 for bit 0, 2 and 3 for bit 1.
    let terms_c: (L, L) = (
        idx([A24, A24 - 1, 0, 0, 0, 0, 0, 0]),
        idx([0, 0, A24, A24 - 1, 0, 0, 0, 0]),
    );
    let odd = 0b1010_1010;

    // The shift count of 16·z in the product's fold, opaque to the compiler: seen as a
    // constant, z + 2z + 16z becomes a 64-bit multiplication by 19, built from two
    // `vpmuludq` and three more instructions. (The four-lane field's
    // `Masked::times19` hides its sum behind an empty `asm!` instead.)
    let four = core::hint::black_box(L::splat(4));

    for t in (0..255).rev() {
        // The bit at public position t, as a mask of no lane or every lane (no branch
        // on it).
        let all = 0u8.wrapping_sub((k[t >> 3] >> (t & 7)) & 1);

        // Lane j is lane j ± lane j xor 1 (the difference the other way round in the
        // odd lanes: x2 - z2, not z2 - x2).
        let left = add_sub(&moved(&v, l1_q), &v, odd);
        let m1 = product(&left, &moved(&left, pick(&r1, all)), four);

        let terms = small_product(&m1, pick(&terms_c, all));
        let left = add_sub(&m1, &moved2(&m1, &terms, pick(&l2_q, all)), odd);
        let right = add_sub(
            &moved2(&m1, &terms, pick(&r2_p, all)),
            &moved2(&m1, &terms, pick(&r2_q, all)),
            odd,
        );
        v = product(&left, &right, four);
    }
    // (x2, z2) in lanes 0 and 1; the other lanes are zeroed before the limbs leave the
    // registers, so that [m + 1]P stays out of memory.
    let zero = L::splat(0);
    let l: [[u64; 8]; 5] = unrolled!(5, |i| zero.blend(0b11, v.0[i]).to_array());
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
