//! Vector point backends: X, Y, Z, T of one point in the four 64-bit lanes of 256-bit
//! registers, with the parallel forms of the extended-coordinate formulas
//! ([`point`]). The point layer is written once over [`VectorField`], four field
//! elements in four lanes; each instruction set supplies one:
//!
//! - [`ifma`]: AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq` on ymm registers), radix 2^51.
//! - [`ifma52`]: the same instructions in radix 2^52 ([`ifma52x4`]'s field); slower on
//!   Zen 4 and on an Intel Xeon, so it runs only with the `"ifma52"` cfg.
//! - [`avx2`]: AVX2 (`vpmuludq`), radix 2^25.5.
//!
//! The base point tables of every field come from one builder ([`lazy_tables`], at run
//! time on first use), their constants from another ([`const_tables`], at compile
//! time); the five-limb IFMA fields share [`limbs`].
//!
//! X25519 has its own IFMA code: [`x25519_ifma`], a Montgomery ladder with one step's
//! independent products in the lanes of [`ifma52x4`], a radix-2^52 field over the
//! same instructions as [`ifma`], and the eight-lane ladder of [`ifma52x8::single`];
//! [`x25519_ifma`] picks one per CPU.
//!
//! **Bounds.** Vector limbs are unsaturated and the multipliers ignore high bits, so
//! every [`VectorField`] names three levels and says what each function takes and gives:
//! *reduced* (what [`VectorField::carry`], [`VectorField::mul`] and
//! [`VectorField::square`] return), *mul-ready* (what the multiplications accept:
//! reduced values where [`VectorField::REDUCED_IS_MUL_READY`], what `carry` returns,
//! and 2p minus a reduced value), and *wide* (a reduced value plus a
//! mul-ready one, which [`VectorField::carry`] takes back to reduced).
//!
//! **Safety.** The instructions run only inside each field's `run`, which is reachable
//! only through a [`Vector`](point::Vector) token, and a token is made only after CPUID reported the
//! field's instruction set (see each field's `detect`). The vector types are private
//! to this module.

pub(crate) mod avx2;
pub(crate) mod const_tables;
pub(crate) mod ifma;
pub(crate) mod ifma52;
pub(crate) mod ifma52x4;
pub(crate) mod ifma52x8;
pub(crate) mod lazy_tables;
pub(crate) mod limbs;
pub(crate) mod out_of_line;
pub(crate) mod point;
#[cfg(test)]
pub(crate) mod test_limbs;
pub(crate) mod wide;
pub(crate) mod x25519_ifma;

use edwards25519_field::FieldElement;
use subtle::Choice;

/// Four elements of GF(2^255 - 19), one per lane, in some vector representation.
///
/// Lane selectors are `_mm256_permute4x64_epi64` immediates ([`order`]); lane masks are
/// `_mm256_blend_epi32` immediates ([`lanes`]).
pub(crate) trait VectorField: Copy + Send + Sync + core::fmt::Debug + 'static {
    /// Four portable elements in lanes 0…3; reduced.
    fn from_elements(e: [&FieldElement; 4]) -> Self;
    /// The four lanes as portable elements; takes reduced values.
    fn to_elements(&self) -> [FieldElement; 4];
    /// self + b (no carry): reduced plus mul-ready is wide.
    fn add(&self, b: &Self) -> Self;
    /// self + 2p - b, for reduced b: reduced minus reduced is wide.
    fn sub(&self, b: &Self) -> Self;
    /// 4p - self in every lane, for wide self; the result plus a reduced value may be
    /// carried.
    fn neg_wide(&self) -> Self;
    /// 2p - self in the lanes of `BLEND`, self elsewhere; takes reduced values, the
    /// negated lanes are mul-ready.
    fn neg_lanes<const BLEND: i32>(&self) -> Self;
    /// self - b in the lanes of `NEG`, self + b elsewhere (the difference against a
    /// multiple of p, so no limb goes negative); takes reduced values, gives wide ones.
    /// The default adds [`VectorField::neg_lanes`]; a field whose negation must carry
    /// to be mul-ready does the two in one pass.
    #[inline(always)]
    fn add_sub_lanes<const NEG: i32>(&self, b: &Self) -> Self {
        self.add(&b.neg_lanes::<NEG>())
    }
    /// Lane k of the result is lane `(ORDER >> 2k) & 3` of self.
    fn permute<const ORDER: i32>(&self) -> Self;
    /// b in the lanes of `BLEND`, self elsewhere.
    fn blend<const BLEND: i32>(&self, b: &Self) -> Self;
    /// Zero in the lanes of `BLEND`, self elsewhere.
    fn zero_lanes<const BLEND: i32>(&self) -> Self;
    /// self = b in every lane when `choice` is set, in constant time.
    fn assign_if(&mut self, b: &Self, choice: Choice);
    /// `entries[index - 1]` for `index` in 1…8, `default` for 0 (the table scan of a
    /// signed-digit lookup). Constant time: every entry is read, and kept or not by a
    /// mask computed from `index` without a branch or an address depending on it.
    /// This default keeps each by [`VectorField::assign_if`]; the fields override it
    /// with a vector compare and one blend per register.
    #[inline(always)]
    fn lookup8(default: &Self, entries: [&Self; 8], index: u8) -> Self {
        let mut out = *default;
        for (j, entry) in (1u8..).zip(entries) {
            out.assign_if(entry, subtle::ConstantTimeEq::ct_eq(&index, &j));
        }
        out
    }
    /// Takes wide values (or a wide value plus [`VectorField::neg_wide`] of one);
    /// gives reduced ones.
    fn carry(&self) -> Self;
    /// self·b lane by lane; takes mul-ready values (self may be wide where
    /// [`VectorField::MUL_TAKES_WIDE_LEFT`]), gives reduced ones.
    fn mul(&self, b: &Self) -> Self;
    /// Whether [`VectorField::mul`] takes a wide left factor without a carry first (an
    /// addition's (Y - X, Y + X, Z, T) of a reduced point).
    const MUL_TAKES_WIDE_LEFT: bool;
    /// self·b as [`VectorField::mul`] takes them, but the field may leave out the
    /// last carry: the result is *folded*, a field's own level that only
    /// [`VectorField::add_sub_lanes_carried`] and [`VectorField::double_egfh`] take
    /// (a product that meets a linear step before it is multiplied again is carried
    /// once, after that step). The default is [`VectorField::mul`] (folded is reduced).
    #[inline(always)]
    fn mul_folded(&self, b: &Self) -> Self {
        self.mul(b)
    }
    /// [`VectorField::add_sub_lanes`], then [`VectorField::carry`]: takes values from
    /// [`VectorField::mul_folded`], gives reduced ones.
    #[inline(always)]
    fn add_sub_lanes_carried<const NEG: i32>(&self, b: &Self) -> Self {
        self.add_sub_lanes::<NEG>(b).carry()
    }
    /// The linear step of the doubling with E = 2·Z·T (see
    /// [`VectorField::DOUBLE_WITH_T`]): from the products (A, B, C, D) = (X², Y², Z²,
    /// Z·T) as [`VectorField::mul_folded`] gives them, (E, G, F, H) = (2·D, B - A,
    /// 2·C - G, B + A), reduced, in the lane order the doubling's last
    /// multiplication takes.
    #[inline(always)]
    fn double_egfh(&self) -> Self {
        let zt_zz_b_b = self.permute::<{ order(3, 2, 1, 1) }>();
        let zt_zz_a_a = self.permute::<{ order(3, 2, 0, 0) }>();
        // (2·Z·T, 2·Z², B - A, B + A) = (E, 2·Z², G, H): reduced values, so wide.
        let s = zt_zz_b_b.add_sub_lanes::<{ lanes(false, false, true, false) }>(&zt_zz_a_a);
        // (0, G, 0, 0), then s + 4p - that in every lane: lane 1 is 2·Z² - G = F, the
        // others gain 4p (the same values; the carry takes any limb size).
        let g = s
            .permute::<{ order(2, 2, 2, 2) }>()
            .zero_lanes::<{ lanes(true, false, true, true) }>();
        s.add(&g.neg_wide())
            .carry()
            .permute::<{ order(0, 2, 1, 3) }>()
    }
    /// self² lane by lane; takes mul-ready values (and, where
    /// [`VectorField::SQUARE_TAKES_SUMS`], the sum of two reduced values), gives
    /// reduced ones.
    fn square(&self) -> Self;
    /// Whether [`VectorField::square`] takes reduced plus reduced without a carry
    /// first (the doubling squares (X, Y, Z, X + Y) of a reduced point).
    const SQUARE_TAKES_SUMS: bool;
    /// Whether the doubling multiplies (X, Y, Z, Z)·(X, Y, Z, T) (E = 2·Z·T, as
    /// X·Y = Z·T on an extended point) instead of squaring (X, Y, Z, X + Y) (E =
    /// (X + Y)² - X² - Y²): ten more products, but no sum to carry before them and fewer
    /// linear steps after. Worth it where a multiplication costs little more than a
    /// squaring and the carry is the cost (IFMA); off by default. A field that sets it
    /// takes reduced values as mul-ready and carries a wide value plus
    /// [`VectorField::neg_wide`] of a wide one (limbs below 2^54).
    const DOUBLE_WITH_T: bool = false;
    /// Whether reduced values are mul-ready. Where not, a product that is multiplied
    /// again without a linear step between (an addend made by
    /// [`Cached4`]'s conversion) is carried first.
    const REDUCED_IS_MUL_READY: bool = true;
    /// The base point tables in this representation, built on first use.
    fn tables() -> &'static Tables<Self>;
    /// The point layer's constants in this representation, built at compile time.
    fn consts() -> &'static Consts<Self>;
    /// The field's own form of
    /// [`PointBackend::sum_digits`](crate::backend::PointBackend::sum_digits), the two
    /// sums as points (X, Y, Z, T) in lanes 0…3, where it has one; `None` (the default)
    /// runs the generic walk over [`point`]'s formulas.
    #[inline(always)]
    fn sum_digits(_table: &[[Cached4<Self>; 8]; 32], _digits: &[i8; 64]) -> Option<[Self; 2]> {
        None
    }
}

/// An addend (Y-X, Y+X, 2·Z, 2d·T) in lanes 0…3 (its operations are in [`point`];
/// it is here, with [`Tables`], so that this module needs nothing from `point`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cached4<F>(pub(super) F);

/// The base point tables of `crate::tables` as vector addends, built at run time on
/// first use ([`lazy_tables`]).
pub(crate) struct Tables<F> {
    /// `crate::tables::BASE_TABLE`.
    pub(crate) base: [[Cached4<F>; 8]; 32],
    /// `crate::tables::ODD_BASE_MULTIPLES`.
    pub(crate) odd: [Cached4<F>; 64],
    /// `crate::tables::ODD_BASE_128_MULTIPLES`.
    pub(crate) odd128: [Cached4<F>; 64],
}

/// The point layer's constants in a vector representation, built at compile time.
pub(crate) struct Consts<F> {
    /// The identity's lanes, (0, 1, 1, 0).
    pub(crate) identity: F,
    /// The identity addend's lanes, (1, 1, 2, 0).
    pub(crate) identity_cached: F,
    /// The factors of the addend form, (1, 1, 2, 2d).
    pub(crate) cached_factors: F,
}

/// Radix-2^51 limb arrays for the conversion tests: every limb below 2^52 (the most the
/// portable element allows), with the edges (all at the top, all zero, all at 2^51, one
/// limb at the top) and then `random` pseudo-random arrays (xorshift64 from `seed`).
#[cfg(test)]
pub(crate) fn radix51_test_inputs(seed: u64, random: usize) -> alloc::vec::Vec<[u64; 5]> {
    let max = (1u64 << 52) - 1;
    let mut inputs = alloc::vec![[max; 5], [0; 5], [1 << 51; 5]];
    for i in 0..5 {
        let mut l = [0; 5];
        l[i] = max;
        inputs.push(l);
    }
    let mut state = seed;
    for _ in 0..random {
        inputs.push(core::array::from_fn(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & max
        }));
    }
    inputs
}

/// Realigns the calling function's stack frame to 64 bytes: a 64-byte-aligned local
/// whose address escapes makes the compiler realign the frame, and then it places its
/// 32- and 64-byte register spills at their own alignment. Without it the spills sit
/// at the caller's 16-byte alignment, and from some stack offsets they split across two
/// cache lines (a store split so and reloaded does not forward): ScalarBaseMult on the
/// AVX2 backend took 1.4-1.8 times as long from such offsets (AMD EPYC Zen 4).
///
/// Called first (inlined, so the slot is that function's) in the AVX2 backend's entry,
/// the four-lane IFMA ladder's and the eight-lane engine's. Not in the four-lane IFMA
/// backend's entry: there the frame pointer it takes cost VerifyBatch/64 2% (same-run
/// A/B, LTO), and no offset was seen to slow that backend down.
#[inline(always)]
pub(crate) fn align_frame() {
    #[repr(align(64))]
    struct Line(#[allow(dead_code)] u8);
    core::hint::black_box(&Line(0));
}

/// N lanes' X25519 scalars clamped (RFC 7748 §5: bits 0, 1, 2 and 255 cleared, bit 254
/// set) as 64-bit words, `words[w][j]` word w of lane j's scalar: the batch ladders'
/// scalar bits. A secret: the caller wipes it ([`wipe_words`]) once it is in registers.
#[inline(always)]
pub(crate) fn clamped_words<const N: usize>(scalars: &[[u8; 32]; N]) -> [[u64; N]; 4] {
    let mut words = [[0u64; N]; 4];
    for (j, s) in scalars.iter().enumerate() {
        for (w, word) in words.iter_mut().enumerate() {
            let mut b = [0u8; 8];
            b.copy_from_slice(&s[8 * w..8 * w + 8]);
            word[j] = u64::from_le_bytes(b);
        }
    }
    for w in &mut words[0] {
        *w &= !7;
    }
    for w in &mut words[3] {
        *w = (*w & !(1 << 63)) | (1 << 62);
    }
    words
}

/// Zeroes the scalar words of [`clamped_words`] (with `zeroize` where the feature is on,
/// so the stores stay).
#[inline(always)]
pub(crate) fn wipe_words<const N: usize>(words: &mut [[u64; N]; 4]) {
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(words);
    #[cfg(not(feature = "zeroize"))]
    {
        *words = [[0; N]; 4];
        core::hint::black_box(words);
    }
}

/// The lanes of a `_mm256_blend_epi32` immediate: 64-bit lane k is 32-bit elements
/// 2k and 2k + 1.
pub(crate) const fn lanes(l0: bool, l1: bool, l2: bool, l3: bool) -> i32 {
    ((l0 as i32) * 0x03) | ((l1 as i32) * 0x0c) | ((l2 as i32) * 0x30) | ((l3 as i32) * 0xc0)
}

/// A `_mm256_permute4x64_epi64` immediate: output lane k takes input lane `sk`.
pub(crate) const fn order(s0: i32, s1: i32, s2: i32, s3: i32) -> i32 {
    s0 | (s1 << 2) | (s2 << 4) | (s3 << 6)
}

/// 2 as a field element.
pub(crate) const TWO: FieldElement = match FieldElement::from_limbs([2, 0, 0, 0, 0]) {
    Some(two) => two,
    None => panic!("2 is a valid limb vector"),
};
