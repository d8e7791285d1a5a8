//! The eight-lane AVX-512 IFMA field: eight independent elements of GF(2^255 - 19) in
//! radix 2^52, limb i of all eight in one 512-bit register (structure of arrays), and
//! the 8-way X25519 Montgomery ladder on it, one ladder per lane (RFC 7748 §5; the
//! layout of lib25519's 8-way batch).
//!
//! Radix 2^52 suits `vpmadd52luq`/`vpmadd52huq`: the low half of aᵢ·bⱼ lands in column
//! i + j and the high half in column i + j + 1 with weight exactly 2^52, so both go into
//! the same accumulator with no doubling. Five limbs hold 260 bits; 2^260 = 2^5·2^255
//! ≡ 32·19 = 608 (mod p), so the high columns fold into the low ones times 608 (with the
//! multiplier itself: 608 < 2^52), and limb 4's bits from 2^47 up (2^255) fold into
//! limb 0 times 19.
//!
//! **Bounds.** The multiplier reads the low 52 bits of each operand and silently drops
//! the rest, and the lower limbs have no spare bit, so every sum is carried before it is
//! multiplied. Per limb:
//!
//! | level | limbs 0…3 | limb 4 | made by |
//! |---|---|---|---|
//! | reduced (= mul-ready) | < 2^52 | < 2^47 + 2^12 | [`F52::carry`], [`F52::mul`], [`F52::square`], [`limbs_from_bytes`] (limb 4 < 2^47 there) |
//! | wide | < 2^54 | < 2^49 | [`F52::add`] and [`F52::sub`] of reduced values (sub adds 2p, whose limbs 2^53 - 38, 2^53 - 2 and 2^48 - 2 are at least the reduced bounds, so no lane goes negative) |
//! | carry input | < 2^62 | < 2^64 | wide values, product columns after the fold (< 2^57), `bb + a24·e` (< 2^54) |
//!
//! [`F52::carry`] folds limb 4's bits 47 and up into limb 0 (times 19: below 2^22),
//! then carries limb 0 → 1 → 2 → 3 → 4 in sequence, so limbs 0…3 end below 2^52 exactly
//! and limb 4 below 2^47 plus the last carry (< 2^11). The value is then below 2^256
//! (not necessarily below p); [`F52::to_bytes`] makes it canonical.
//!
//! **Instructions.** The field and the ladder are generic over [`Lanes52`], the dozen
//! lane-wise instructions they use, which says nothing about the lane count (its
//! `Array` type): the four-lane radix-2^52 ymm field for the single ladder can implement
//! the same trait and share this arithmetic when the two are unified. [`Zmm`] runs the
//! instructions; in the tests (and wherever an IFMA CPU is missing) `model` runs the
//! same code on `[u64; 8]`, emulating each instruction and asserting every multiply
//! operand is below 2^52, so the table above is checked, not only argued.
//!
//! **Safety.** A [`Zmm`] is operated on only inside functions that enable AVX-512 F and
//! IFMA ([`ladder8_with_features`], the submodules' entries), reached only through an
//! [`Ifma8`] token, which [`detect`] makes only after CPUID (and XGETBV) reported those
//! features, or, for the single X25519 ladder ([`single`]), after
//! `x25519_ifma::cpu_has_ifma`, which checks a superset of them.
// Only the batch API (feature `alloc`, and not with the AVX2 backend forced), the single
// X25519 ladder and the tests reach this module.
#![cfg_attr(
    any(not(feature = "alloc"), edwards25519_backend = "avx2"),
    allow(dead_code)
)]

use core::arch::x86_64::*;

use edwards25519_field::FieldElement;

use super::{clamped_words, wipe_words};

cpufeatures::new!(cpuid_ifma8, "avx512f", "avx512ifma");

/// Proof that this CPU runs [`Zmm`]'s instructions (AVX-512 F and IFMA). Zero-sized.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ifma8(());

/// The token, when CPUID (and XGETBV, for the OS's support of the AVX-512 state)
/// reports AVX-512 F and IFMA; checked once, then cached.
#[inline]
pub(crate) fn detect() -> Option<Ifma8> {
    cpuid_ifma8::get().then_some(Ifma8(()))
}

/// Each lane's X25519 result as a projective (x, z): u = x/z, with z = 0 meaning 0.
pub(crate) type Projective8 = [(FieldElement, FieldElement); 8];

/// X25519 of eight (scalar, u) pairs, one per lane, on this CPU's AVX-512 IFMA, before
/// the final division ([`ladder8`]).
#[inline]
pub(crate) fn x25519x8(token: Ifma8, scalars: &[[u8; 32]; 8], us: &[[u8; 32]; 8]) -> Projective8 {
    // SAFETY: `token` exists, so CPUID reported every feature `ladder8_with_features`
    // enables.
    unsafe { ladder8_with_features::<Zmm>(token, scalars, us) }
}

/// The one function with the target features on: the ladder and the field code, all
/// `#[inline(always)]`, compile into it together with the intrinsics.
/// Generic over the lanes (run with [`Zmm`] only) so that it is compiled where it is
/// called, and not in a program that never calls it (docs/backends.md, "Build cost").
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn ladder8_with_features<L: Lanes52<Array = [u64; 8]>>(
    _: Ifma8,
    scalars: &[[u8; 32]; 8],
    us: &[[u8; 32]; 8],
) -> Projective8 {
    super::align_frame();
    ladder8::<L>(scalars, us)
}

/// The instructions the radix-2^52 field uses, lane by lane on 64-bit lanes.
pub(crate) trait Lanes52: Copy + core::fmt::Debug {
    /// The lanes as plain integers (`[u64; 8]` for a zmm register).
    type Array: Copy;
    /// x in every lane.
    fn splat(x: u64) -> Self;
    /// The lanes from an array.
    fn from_array(v: Self::Array) -> Self;
    /// The lanes as an array.
    fn to_array(self) -> Self::Array;
    /// Lane-wise wrapping addition (`vpaddq`).
    fn add(self, b: Self) -> Self;
    /// Lane-wise wrapping subtraction (`vpsubq`).
    fn sub(self, b: Self) -> Self;
    /// Bitwise and (`vpandq`).
    fn and(self, b: Self) -> Self;
    /// Bitwise xor (`vpxorq`).
    fn xor(self, b: Self) -> Self;
    /// Lane-wise logical right shift by `N` (`vpsrlq` with an immediate).
    fn shr<const N: u32>(self) -> Self;
    /// Lane-wise left shift by the count in each lane of `count`, below 64 (`vpsllvq`);
    /// the callers' bounds keep every bit (the model checks).
    fn shlv(self, count: Self) -> Self;
    /// Lane-wise logical right shift by the count in each lane of `count`, below 64
    /// (`vpsrlvq`).
    fn shrv(self, count: Self) -> Self;
    /// self + the low 52 bits of lo52(b)·lo52(c) (`vpmadd52luq`).
    fn madd52lo(self, b: Self, c: Self) -> Self;
    /// self + bits 52…103 of lo52(b)·lo52(c) (`vpmadd52huq`).
    fn madd52hi(self, b: Self, c: Self) -> Self;
    /// [`Lanes52::madd52lo`] for a b wider than 52 bits, of which the instruction reads
    /// the low 52 (the model's `madd52lo` asserts 52-bit operands; this one masks).
    fn madd52lo_of_low(self, b: Self, c: Self) -> Self;
    /// [`Lanes52::madd52hi`] likewise.
    fn madd52hi_of_low(self, b: Self, c: Self) -> Self;
}

/// A 512-bit register. Its operations run only inside [`ladder8_with_features`] (see
/// the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Zmm(__m512i);

impl Lanes52 for Zmm {
    type Array = [u64; 8];
    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_set1_epi64(x as i64) })
    }
    #[inline(always)]
    fn from_array(v: [u64; 8]) -> Self {
        // SAFETY: `__m512i` and `[u64; 8]` have the same size (64 bytes) and every bit
        // pattern is valid for both.
        Zmm(unsafe { core::mem::transmute::<[u64; 8], __m512i>(v) })
    }
    #[inline(always)]
    fn to_array(self) -> [u64; 8] {
        // SAFETY: same size, every bit pattern valid for both.
        unsafe { core::mem::transmute::<__m512i, [u64; 8]>(self.0) }
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
    fn shr<const N: u32>(self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_srli_epi64::<N>(self.0) })
    }
    #[inline(always)]
    fn shlv(self, count: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_sllv_epi64(self.0, count.0) })
    }
    #[inline(always)]
    fn shrv(self, count: Self) -> Self {
        // SAFETY: see `Zmm`: only reached after the CPUID check (AVX-512 F).
        Zmm(unsafe { _mm512_srlv_epi64(self.0, count.0) })
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
    fn madd52lo_of_low(self, b: Self, c: Self) -> Self {
        self.madd52lo(b, c)
    }
    #[inline(always)]
    fn madd52hi_of_low(self, b: Self, c: Self) -> Self {
        self.madd52hi(b, c)
    }
}

/// 2^52 - 1.
const MASK52: u64 = (1 << 52) - 1;
/// 2^47 - 1: limb 4's bits below 2^255.
const MASK47: u64 = (1 << 47) - 1;
/// 2^260 mod p = 32·19.
const FOLD260: u64 = 608;
/// (A + 2)/4 for Curve25519 (see `montgomery::A24`): the doubling is
/// z2 = E·(BB + 121666·E).
const A24: u64 = 121_666;

/// 2p in radix 2^52, p = 2^255 - 19: the limbs [`F52::sub`] adds.
const TWO_P: [u64; 5] = [
    (1 << 53) - 38,
    (1 << 53) - 2,
    (1 << 53) - 2,
    (1 << 53) - 2,
    (1 << 48) - 2,
];

/// Elements of GF(2^255 - 19), one per lane, limb-sliced: `.0[i]` holds limb i
/// (weight 2^(52·i)) of every lane. See the module docs for the bounds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct F52<L>(pub(crate) [L; 5]);

/// Radix-2^52 limbs of 32 little-endian bytes with bit 255 masked (RFC 7748's decoding
/// of u): limbs 0…3 below 2^52, limb 4 below 2^47. The value may be in [p, 2^255).
pub(crate) fn limbs_from_bytes(b: &[u8; 32]) -> [u64; 5] {
    let mut l = limbs_of_words(&words_from_bytes(b));
    l[4] &= MASK47;
    l
}

/// The four little-endian words of 32 bytes.
pub(crate) fn words_from_bytes(b: &[u8; 32]) -> [u64; 4] {
    core::array::from_fn(|i| {
        let mut word = [0u8; 8];
        word.copy_from_slice(&b[8 * i..8 * i + 8]);
        u64::from_le_bytes(word)
    })
}

/// The radix-2^52 limbs of a 256-bit value given by its words: limbs 0…3 below 2^52,
/// limb 4 (bits 208…255) below 2^48.
pub(crate) fn limbs_of_words(w: &[u64; 4]) -> [u64; 5] {
    [
        w[0] & MASK52,
        ((w[0] >> 52) | (w[1] << 12)) & MASK52,
        ((w[1] >> 40) | (w[2] << 24)) & MASK52,
        ((w[2] >> 28) | (w[3] << 36)) & MASK52,
        w[3] >> 16,
    ]
}

/// Σ lᵢ·2^(52·i) mod p as a portable element, for limbs below 2^63, in constant time
/// (no branch or index on the limbs).
///
/// Three rounds of "fold limb 4's bits from 2^255 up into limb 0 times 19, then carry
/// 0 → 4" bring the value below 2^255: after the first, limb 4 is below 2^47 + 2^12,
/// so the second folds at most 19; that can leave limb 4 at exactly 2^47 only through
/// carries that zeroed limbs 0…3, and then the third fold of 19 carries no further.
/// The bytes of a value below 2^255 are what `FieldElement::from_bytes` takes (and
/// reduces mod p).
pub(crate) fn limbs_to_field(mut l: [u64; 5]) -> FieldElement {
    for _ in 0..3 {
        let top = l[4] >> 47;
        l[4] &= MASK47;
        l[0] += 19 * top;
        for i in 0..4 {
            l[i + 1] += l[i] >> 52;
            l[i] &= MASK52;
        }
    }
    let w = [
        l[0] | (l[1] << 52),
        (l[1] >> 12) | (l[2] << 40),
        (l[2] >> 24) | (l[3] << 28),
        (l[3] >> 36) | (l[4] << 16),
    ];
    let mut bytes = [0u8; 32];
    for (chunk, word) in bytes.chunks_exact_mut(8).zip(w) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let e = FieldElement::from_bytes(&bytes);
    wipe_bytes(&mut bytes);
    e
}

/// The canonical bytes of Σ lᵢ·2^(52·i) mod p ([`limbs_to_field`]).
#[cfg(test)]
pub(crate) fn limbs_to_bytes(l: [u64; 5]) -> [u8; 32] {
    limbs_to_field(l).to_bytes()
}

impl<L: Lanes52> F52<L> {
    /// 0 in every lane.
    #[inline(always)]
    pub(crate) fn zero() -> Self {
        F52([L::splat(0); 5])
    }

    /// 1 in every lane.
    #[inline(always)]
    pub(crate) fn one() -> Self {
        let z = L::splat(0);
        F52([L::splat(1), z, z, z, z])
    }

    /// Limb-sliced lanes from per-limb lane arrays (`l[i]` holds limb i of every lane).
    /// Reduced if the limbs are.
    #[inline(always)]
    pub(crate) fn from_limb_arrays(l: [L::Array; 5]) -> Self {
        F52([
            L::from_array(l[0]),
            L::from_array(l[1]),
            L::from_array(l[2]),
            L::from_array(l[3]),
            L::from_array(l[4]),
        ])
    }

    /// The per-limb lane arrays.
    #[inline(always)]
    pub(crate) fn to_limb_arrays(self) -> [L::Array; 5] {
        [
            self.0[0].to_array(),
            self.0[1].to_array(),
            self.0[2].to_array(),
            self.0[3].to_array(),
            self.0[4].to_array(),
        ]
    }

    /// self + b, no carry: reduced plus reduced is wide.
    #[inline(always)]
    pub(crate) fn add(&self, b: &Self) -> Self {
        let (a, b) = (&self.0, &b.0);
        F52([
            a[0].add(b[0]),
            a[1].add(b[1]),
            a[2].add(b[2]),
            a[3].add(b[3]),
            a[4].add(b[4]),
        ])
    }

    /// self + 2p - b, no carry, for reduced self and b: wide (and non-negative in every
    /// limb, since 2p's limbs are at least the reduced bounds).
    #[inline(always)]
    pub(crate) fn sub(&self, b: &Self) -> Self {
        let (a, b) = (&self.0, &b.0);
        let t = |i: usize| a[i].add(L::splat(TWO_P[i])).sub(b[i]);
        F52([t(0), t(1), t(2), t(3), t(4)])
    }

    /// Reduced limbs from carry-input limbs (limbs 0…3 < 2^62, limb 4 any): limb 4's
    /// bits from 2^255 up fold into limb 0 (×19, < 2^22), then one sequential carry
    /// 0 → 1 → 2 → 3 → 4 (each carry < 2^11), so limbs 0…3 end below 2^52 and limb 4
    /// below 2^47 + 2^11.
    #[inline(always)]
    pub(crate) fn carry(&self) -> Self {
        let m52 = L::splat(MASK52);
        let [mut l0, mut l1, mut l2, mut l3, l4] = self.0;
        // top < 2^17, so 19·top is the low half of the product.
        let top = l4.shr::<47>();
        let mut l4 = l4.and(L::splat(MASK47));
        l0 = l0.madd52lo(top, L::splat(19));
        l1 = l1.add(l0.shr::<52>());
        l0 = l0.and(m52);
        l2 = l2.add(l1.shr::<52>());
        l1 = l1.and(m52);
        l3 = l3.add(l2.shr::<52>());
        l2 = l2.and(m52);
        l4 = l4.add(l3.shr::<52>());
        l3 = l3.and(m52);
        F52([l0, l1, l2, l3, l4])
    }

    /// Product columns 0…9 (column k of weight 2^(52·k), each below 2^56, column 9
    /// below 2^52) to reduced limbs.
    ///
    /// Column k ≥ 5 has weight 2^260·2^(52·(k-5)) ≡ 608·2^(52·(k-5)). Its low 52 bits
    /// times 608 go in with the multiplier (low half into column k - 5, high half into
    /// column k - 4), and its bits from 2^52 up (below 2^4) times 608 as a low half into
    /// column k - 4. Column 9 has no bits from 2^52 up (one high half only), so nothing
    /// reaches column 5 again. The folded columns stay below 2^56 + 2·2^52 < 2^57: a
    /// carry input.
    #[inline(always)]
    fn fold(z: [L; 10]) -> Self {
        let m52 = L::splat(MASK52);
        let c608 = L::splat(FOLD260);
        let [mut r0, mut r1, mut r2, mut r3, mut r4, z5, z6, z7, z8, z9] = z;
        let (l5, l6, l7, l8) = (z5.and(m52), z6.and(m52), z7.and(m52), z8.and(m52));
        let (h5, h6, h7, h8) = (
            z5.shr::<52>(),
            z6.shr::<52>(),
            z7.shr::<52>(),
            z8.shr::<52>(),
        );
        r0 = r0.madd52lo(l5, c608);
        r1 = r1.madd52hi(l5, c608).madd52lo(h5, c608);
        r1 = r1.madd52lo(l6, c608);
        r2 = r2.madd52hi(l6, c608).madd52lo(h6, c608);
        r2 = r2.madd52lo(l7, c608);
        r3 = r3.madd52hi(l7, c608).madd52lo(h7, c608);
        r3 = r3.madd52lo(l8, c608);
        r4 = r4.madd52hi(l8, c608).madd52lo(h8, c608);
        r4 = r4.madd52lo(z9, c608);
        // The high half of 608·z9 (below 2^10) has weight 2^260 again: times 608 into
        // column 0.
        let h9 = L::splat(0).madd52hi(z9, c608);
        r0 = r0.madd52lo(h9, c608);
        F52([r0, r1, r2, r3, r4]).carry()
    }

    /// self·b lane by lane; takes reduced values, gives reduced ones.
    ///
    /// Column k accumulates the low halves of aᵢ·bⱼ with i + j = k and the high halves
    /// with i + j = k - 1: at most 5 + 5 terms below 2^52, so below 2^56; column 9 is
    /// the high half of a₄·b₄ alone.
    #[inline(always)]
    pub(crate) fn mul(&self, b: &Self) -> Self {
        let (a, b) = (&self.0, &b.0);
        let mut z = [L::splat(0); 10];
        for i in 0..5 {
            for j in 0..5 {
                z[i + j] = z[i + j].madd52lo(a[i], b[j]);
                z[i + j + 1] = z[i + j + 1].madd52hi(a[i], b[j]);
            }
        }
        F52::fold(z)
    }

    /// self² lane by lane; takes reduced values, gives reduced ones.
    ///
    /// The ten products aᵢ·aⱼ with i < j are accumulated once and the column doubled,
    /// then the five squares aᵢ² are added: a column holds at most 2·4 + 2 terms below
    /// 2^52, below 2^56, as in [`F52::mul`]; column 9 is the high half of a₄² alone.
    #[inline(always)]
    pub(crate) fn square(&self) -> Self {
        let a = &self.0;
        let mut z = [L::splat(0); 10];
        for i in 0..5 {
            for j in i + 1..5 {
                z[i + j] = z[i + j].madd52lo(a[i], a[j]);
                z[i + j + 1] = z[i + j + 1].madd52hi(a[i], a[j]);
            }
        }
        for zk in z.iter_mut().take(9).skip(1) {
            *zk = zk.add(*zk);
        }
        for i in 0..5 {
            z[2 * i] = z[2 * i].madd52lo(a[i], a[i]);
            z[2 * i + 1] = z[2 * i + 1].madd52hi(a[i], a[i]);
        }
        F52::fold(z)
    }

    /// self^(2^n) (n ≥ 1 squarings); reduced in, reduced out.
    #[inline(always)]
    fn square_n(&self, n: u32) -> Self {
        let mut x = self.square();
        for _ in 1..n {
            x = x.square();
        }
        x
    }

    /// self + 121666·e, carried: the doubling's BB + a24·E. Takes reduced values, gives
    /// reduced ones. Limb i collects selfᵢ, the low half of eᵢ·a24 and the high half of
    /// eᵢ₋₁·a24 (below 2^52 + 2^52 + 2^17); the high half of e₄·a24 (below 2^17, as
    /// a24 < 2^17) has weight 2^260 and goes into limb 0 times 608.
    #[inline(always)]
    pub(crate) fn add_mul_a24(&self, e: &Self) -> Self {
        let (s, e) = (&self.0, &e.0);
        let a24 = L::splat(A24);
        let zero = L::splat(0);
        let top = zero.madd52hi(e[4], a24);
        F52([
            s[0].madd52lo(e[0], a24).madd52lo(top, L::splat(FOLD260)),
            s[1].madd52lo(e[1], a24).madd52hi(e[0], a24),
            s[2].madd52lo(e[2], a24).madd52hi(e[1], a24),
            s[3].madd52lo(e[3], a24).madd52hi(e[2], a24),
            s[4].madd52lo(e[4], a24).madd52hi(e[3], a24),
        ])
        .carry()
    }

    /// Swaps a and b in the lanes where `mask` is all ones (it must be all ones or all
    /// zeros in each lane), in constant time: t = mask & (a ^ b); a ^= t; b ^= t.
    #[inline(always)]
    pub(crate) fn conditional_swap(a: &mut Self, b: &mut Self, mask: L) {
        for (x, y) in a.0.iter_mut().zip(b.0.iter_mut()) {
            let t = mask.and(x.xor(*y));
            *x = x.xor(t);
            *y = y.xor(t);
        }
    }

    /// self^(p - 2) = 1/self (0 for 0) lane by lane, by the fixed chain of 254
    /// squarings and 11 multiplications (p - 2 = 2^255 - 21; the chain of
    /// curve25519-donna and RFC 7748's reference code). Reduced in, reduced out;
    /// constant time. (Tested here for the eight-lane engine's batch decoding and
    /// encoding; the ladder's batches invert across all groups at once instead, see
    /// [`ladder8`].)
    #[cfg_attr(not(test), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn invert(&self) -> Self {
        let (z_250_0, z11) = self.pow_2_250_minus_1();
        z_250_0.square_n(5).mul(&z11) // 2^255 - 32 + 11 = p - 2
    }

    /// (self^(2^250 - 1), self^11): the common start of the chains for p - 2
    /// ([`F52::invert`]) and (p - 5)/8 (the batch decoding's square root), 249
    /// squarings and 11 multiplications. Reduced in, reduced out.
    #[inline(always)]
    pub(crate) fn pow_2_250_minus_1(&self) -> (Self, Self) {
        let z = self;
        let z2 = z.square(); // 2
        let z9 = z2.square_n(2).mul(z); // 9
        let z11 = z9.mul(&z2); // 11
        let z_5_0 = z11.square().mul(&z9); // 2^5 - 1
        let z_10_0 = z_5_0.square_n(5).mul(&z_5_0); // 2^10 - 1
        let z_20_0 = z_10_0.square_n(10).mul(&z_10_0); // 2^20 - 1
        let z_40_0 = z_20_0.square_n(20).mul(&z_20_0); // 2^40 - 1
        let z_50_0 = z_40_0.square_n(10).mul(&z_10_0); // 2^50 - 1
        let z_100_0 = z_50_0.square_n(50).mul(&z_50_0); // 2^100 - 1
        let z_200_0 = z_100_0.square_n(100).mul(&z_100_0); // 2^200 - 1
        (z_200_0.square_n(50).mul(&z_50_0), z11) // 2^250 - 1
    }
}

/// The 8-way Montgomery ladder (RFC 7748 §5), lane j computing X25519(scalars\[j\],
/// us\[j\]): scalars clamped here, bit 255 of u masked, non-canonical u accepted.
///
/// Each lane runs `montgomery::ladder`'s algorithm (the same invariant: (x2 : z2) and
/// (x3 : z3) are \[m\]P and \[m + 1\]P), with one swap mask per lane built from that lane's
/// scalar bit: `vpsrlvq` of the lane's scalar word by the public bit position, and 1,
/// then 0 minus it. No branch, index or loop bound depends on a scalar or a u.
///
/// It returns each lane's projective result (x2, z2), u = x2/z2 (z2 = 0 for u of small
/// order, where X25519's output is 0): the caller inverts all the z2 of a whole batch
/// at once (Montgomery's trick: one `FieldElement::invert` for the whole batch).
/// That is about 3 portable multiplications per secret plus a share of one inversion,
/// against ~265 eight-lane squarings and multiplications per group for the lane-wise
/// Fermat chain ([`F52::invert`], about a tenth of the ladder's operations) or eight
/// `FieldElement::invert` (~1.9 µs each in `BENCHMARKS.md`). The choice rests on these
/// counts: the benchmarks of both versions on the shared 2-core test machine differed
/// by less than its run-to-run noise (see `montgomery_batch`).
///
/// Wiping: the clamped scalar words are built in a local array that is zeroized once it
/// is in registers; the register copies are overwritten with zeros before returning
/// (spills the compiler makes of them are outside this code's control).
#[inline(always)]
pub(crate) fn ladder8<L: Lanes52<Array = [u64; 8]>>(
    scalars: &[[u8; 32]; 8],
    us: &[[u8; 32]; 8],
) -> Projective8 {
    let mut words = clamped_words(scalars);
    let mut k = [
        L::from_array(words[0]),
        L::from_array(words[1]),
        L::from_array(words[2]),
        L::from_array(words[3]),
    ];
    wipe_words(&mut words);

    let mut u_limbs = [[0u64; 8]; 5];
    for (j, u) in us.iter().enumerate() {
        let l = limbs_from_bytes(u);
        for i in 0..5 {
            u_limbs[i][j] = l[i];
        }
    }
    let x1 = F52::<L>::from_limb_arrays(u_limbs);
    let (mut x2, mut z2) = (F52::<L>::one(), F52::<L>::zero());
    let (mut x3, mut z3) = (x1, F52::<L>::one());
    let one = L::splat(1);
    let zero = L::splat(0);
    let mut swap = zero;
    for t in (0..255u64).rev() {
        // The public position t: word t / 64, bit t % 64 of every lane.
        let bit = k[(t / 64) as usize].shrv(L::splat(t % 64)).and(one);
        let bit_mask = zero.sub(bit);
        swap = swap.xor(bit_mask);
        F52::conditional_swap(&mut x2, &mut x3, swap);
        F52::conditional_swap(&mut z2, &mut z3, swap);
        swap = bit_mask;

        let a = x2.add(&z2).carry();
        let b = x2.sub(&z2).carry();
        let c = x3.add(&z3).carry();
        let d = x3.sub(&z3).carry();
        let aa = a.square();
        let bb = b.square();
        let da = d.mul(&a);
        let cb = c.mul(&b);
        let e = aa.sub(&bb).carry();
        x3 = da.add(&cb).carry().square();
        z3 = x1.mul(&da.sub(&cb).carry().square());
        x2 = aa.mul(&bb);
        z2 = e.mul(&bb.add_mul_a24(&e));
    }
    F52::conditional_swap(&mut x2, &mut x3, swap);
    F52::conditional_swap(&mut z2, &mut z3, swap);
    // Overwrite the register copies of the scalar bits (spills the compiler made of
    // them are outside this code's reach).
    k = [zero; 4];
    swap = zero;
    core::hint::black_box((&k, &swap));

    let (x, z) = (x2.to_limb_arrays(), z2.to_limb_arrays());
    let lane =
        |l: &[[u64; 8]; 5], j: usize| limbs_to_field([l[0][j], l[1][j], l[2][j], l[3][j], l[4][j]]);
    core::array::from_fn(|j| (lane(&x, j), lane(&z, j)))
}

/// Zeroes a byte copy of a secret (with `zeroize` where the feature is on).
#[inline(always)]
fn wipe_bytes(bytes: &mut [u8; 32]) {
    #[cfg(feature = "zeroize")]
    zeroize::Zeroize::zeroize(bytes);
    #[cfg(not(feature = "zeroize"))]
    {
        *bytes = [0; 32];
        core::hint::black_box(bytes);
    }
}

pub(crate) mod decode;
#[cfg(feature = "alloc")]
pub(crate) mod encode;
#[cfg(feature = "alloc")]
pub(crate) mod fixed_base;
#[cfg(feature = "alloc")]
pub(crate) mod pippenger;
pub(crate) mod point;
pub(crate) mod select;
pub(crate) mod single;
#[cfg(feature = "alloc")]
pub(crate) mod straus;

// Not library code: an emulator for the tests and the `batches` fuzz target, so not
// mutated (.cargo/mutants.toml).
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) mod model;

#[cfg(test)]
mod tests;

#[cfg(all(test, feature = "alloc"))]
mod agree_field;
