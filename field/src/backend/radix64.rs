//! The portable 4×64 backend: four 64-bit limbs, `u128` products, no assembly.
//!
//! An element is `l0 + l1·2^64 + l2·2^128 + l3·2^192`. This is the representation of
//! the public [`FieldElement`](crate::FieldElement) on x86-64, and the code it runs on a
//! CPU without BMI2/ADX; the MULX/ADX backend (`backend::x86_64`) computes the same
//! functions on the same limbs, faster.
//!
//! **Invariant**: none beyond the representation: any four limbs (any value below
//! 2^256) are a valid element, and every function here accepts any such value. Values
//! are partially reduced (values in [p, 2^256) occur); equality and encodings reduce
//! fully first.
//!
//! Output bounds, relied on by nothing (every function accepts any 256-bit value) but
//! the reason each needs one final carry chain: `mul` and `square` below
//! 2^255 + 2^11, `square2` below 2^255 + 2^12, `mul32` below 2^255 + 2^39, `add` below 2^255 + 57, `sub` and
//! `neg` below 2^256 - 38; checked with `debug_assert!` where they are established.
//!
//! Reduction uses 2^255 = 19 and 2^256 = 38 (mod p): whatever lies at bit 255 and
//! above comes back at the bottom, times 19. Everything is `const fn` (tables of the
//! group crate are built at compile time with it) and straight-line: no branch or
//! address depends on the data; masks are made by arithmetic.
//!
//! ```
//! use edwards25519_field::FieldElement;
//! use edwards25519_field::backend::radix64::Fe64;
//!
//! let a = Fe64::from_bytes(&[5; 32]);
//! let x = FieldElement::from_bytes(&[5; 32]);
//! assert_eq!(a.square().to_bytes(), x.square().to_bytes());
//! // Any four limbs are valid: p itself (2^255 - 19) is a value, and it is 0.
//! let p = Fe64::from_limbs([0xffff_ffff_ffff_ffed, u64::MAX, u64::MAX, (1 << 63) - 1]);
//! assert_eq!(p.to_bytes(), [0u8; 32]);
//! assert_eq!(Fe64::from_fe51(&a.to_fe51()), a);
//! ```

use super::limb_ops::le_bytes;
use crate::backend::radix51::{self, Fe51};
use crate::carry::{adc, sbb};

/// 2^63 - 1: the bits below 2^255 in the top limb.
pub(crate) const LOW63: u64 = (1 << 63) - 1;

/// Little-endian word `i` (bytes 8i..8i + 8) of a 32-byte string.
#[inline(always)]
const fn le_word(bytes: &[u8; 32], i: usize) -> u64 {
    let b = 8 * i;
    u64::from_le_bytes([
        bytes[b],
        bytes[b + 1],
        bytes[b + 2],
        bytes[b + 3],
        bytes[b + 4],
        bytes[b + 5],
        bytes[b + 6],
        bytes[b + 7],
    ])
}

/// Adds `t` (below 2^12·… any u64 with r + t < 2^256 known) to the four limbs.
#[inline(always)]
const fn add_small(r: [u64; 4], t: u64) -> [u64; 4] {
    let (r0, c) = adc(r[0], t, 0);
    let (r1, c) = adc(r[1], 0, c);
    let (r2, c) = adc(r[2], 0, c);
    let (r3, _) = adc(r[3], 0, c);
    [r0, r1, r2, r3]
}

/// a + b, below 2^255 + 57.
///
/// The sum is r + 2^256·c with r = r' + 2^255·bit (r' < 2^255), which is
/// r' + 38·c + 19·bit mod p. So bit 255 is cleared and t = 38·c + 19·bit ≤ 57 added:
/// r' + t < 2^255 + 57 cannot carry out.
#[inline(always)]
pub(crate) const fn add(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, c) = adc(a[0], b[0], 0);
    let (r1, c) = adc(a[1], b[1], c);
    let (r2, c) = adc(a[2], b[2], c);
    let (r3, c) = adc(a[3], b[3], c);
    let t = (c.wrapping_neg() & 38) + ((r3 >> 63).wrapping_neg() & 19);
    add_small([r0, r1, r2, r3 & LOW63], t)
}

/// a - b, below 2^256 - 38.
///
/// The difference is r - 2^256·β (β the borrow) with r = r' + 2^255·bit, which is
/// r' + 19·bit - 38·β mod p. Adding β·p keeps it non-negative without a second
/// borrow: the result is r' + 19·bit + β·(2^255 - 57) < 2^256 - 38, one carry chain
/// with the constant masked by -β.
#[inline(always)]
pub(crate) const fn sub(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, c) = sbb(a[0], b[0], 0);
    let (r1, c) = sbb(a[1], b[1], c);
    let (r2, c) = sbb(a[2], b[2], c);
    let (r3, c) = sbb(a[3], b[3], c);
    let m = c.wrapping_neg(); // all ones iff a borrow
    // β·(2^255 - 57) = (m & (2^64 - 57), m, m, m >> 1); plus 19·bit in the low limb
    // (2^64 - 57 + 19 does not overflow).
    let k0 = (m & 57u64.wrapping_neg()) + ((r3 >> 63).wrapping_neg() & 19);
    let (r0, c) = adc(r0, k0, 0);
    let (r1, c) = adc(r1, m, c);
    let (r2, c) = adc(r2, m, c);
    let (r3, _) = adc(r3 & LOW63, m >> 1, c);
    [r0, r1, r2, r3]
}

/// a - b at run time: the value and bounds of [`sub`], computed on x86-64 through
/// the carry intrinsics (`_subborrow_u64`, `_addcarry_u64`: SBB and ADC chains).
///
/// Why not `sub` itself: there LLVM (rustc 1.95) sees that the borrow is 0 or 1 and
/// turns the masked constants into selects and extra carry chains: 47 instructions
/// with a `u128` borrow step, about 40 with the overflowing one, against 29 here (read
/// in the emitted assembly). It was the part of every point addition that got slower
/// when the 4×64 limbs moved into this module. `sub` stays the `const` form.
#[inline(always)]
pub(crate) fn sub_rt(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_addcarry_u64, _subborrow_u64};
        let (mut r0, mut r1, mut r2, mut r3) = (0, 0, 0, 0);
        let c = _subborrow_u64(0, a[0], b[0], &mut r0);
        let c = _subborrow_u64(c, a[1], b[1], &mut r1);
        let c = _subborrow_u64(c, a[2], b[2], &mut r2);
        let c = _subborrow_u64(c, a[3], b[3], &mut r3);
        // As in `sub`: m is all ones iff a borrow; add β·(2^255 - 57) + 19·bit.
        let m = u64::from(c).wrapping_neg();
        let k0 = (m & 57u64.wrapping_neg()) + ((r3 >> 63).wrapping_neg() & 19);
        r3 &= LOW63;
        let c = _addcarry_u64(0, r0, k0, &mut r0);
        let c = _addcarry_u64(c, r1, m, &mut r1);
        let c = _addcarry_u64(c, r2, m, &mut r2);
        let _ = _addcarry_u64(c, r3, m >> 1, &mut r3); // no carry out (see `sub`)
        [r0, r1, r2, r3]
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        sub(a, b)
    }
}

/// -a = 0 - a at run time (bounds as [`sub`]; see [`sub_rt`]).
#[inline(always)]
pub(crate) fn neg_rt(a: &[u64; 4]) -> [u64; 4] {
    sub_rt(&[0; 4], a)
}

/// Step 1 of the reduction: the eight-limb value c (below 2^512) as c0..c3 +
/// 38·(c4..c7), four limbs and a top word h. Each column is below
/// (2^64 - 1)·39 + 38 < 39·2^64, so the running carry, and h, stay at most 38.
#[inline(always)]
const fn wide_to_5(c: &[u64; 8]) -> ([u64; 4], u64) {
    let mut r = [0u64; 4];
    let mut carry = 0u128;
    let mut k = 0;
    while k < 4 {
        let t = c[k] as u128 + 38 * (c[k + 4] as u128) + carry;
        r[k] = t as u64;
        carry = t >> 64;
        k += 1;
    }
    (r, carry as u64)
}

/// Step 2: the five-limb value (r, h), with h < 2^7, to four limbs congruent to it.
/// Everything from bit 255 up, t = 2·h + bit 255 < 2^8, is cleared and comes back as
/// 19·t ≤ 19·255 < 2^13, so the sum, below 2^255 + 2^13, cannot carry out of the fourth
/// limb. The callers' h are smaller (≤ 38: 19·t < 2^11; ≤ 77: < 2^12). The same steps
/// as the `fold_top!` of the MULX code, so both return the same limbs.
#[inline(always)]
const fn fold(r: [u64; 4], h: u64) -> [u64; 4] {
    debug_assert!(h < 1 << 7);
    let t = 2 * h + (r[3] >> 63);
    add_small([r[0], r[1], r[2], r[3] & LOW63], 19 * t)
}

/// The eight-limb value c (below 2^512) reduced to four limbs below 2^255 + 2^11
/// ([`wide_to_5`] gives h ≤ 38, so [`fold`] adds at most 19·77 = 1463 < 2^11).
#[inline(always)]
const fn reduce_wide(c: &[u64; 8]) -> [u64; 4] {
    let (r, h) = wide_to_5(c);
    debug_assert!(h <= 38);
    fold(r, h)
}

/// One schoolbook row: adds a_i·b_j for j in `j0..4` into the eight-limb accumulator
/// `c` at limb i + j, then stores the row's carry at limb i + 4, which must still be
/// zero (rows run in increasing i, so no earlier row has reached it). Each step
/// a_i·b_j + c + carry ≤ (2^64 - 1)^2 + 2·(2^64 - 1) = 2^128 - 1 fits the u128.
#[inline(always)]
const fn add_row(c: &mut [u64; 8], ai: u64, b: &[u64; 4], i: usize, j0: usize) {
    let mut carry = 0u64;
    let mut j = j0;
    while j < 4 {
        let t = (ai as u128) * (b[j] as u128) + c[i + j] as u128 + carry as u128;
        c[i + j] = t as u64;
        carry = (t >> 64) as u64;
        j += 1;
    }
    c[i + 4] = carry;
}

/// a·b mod p, below 2^255 + 2^11. Schoolbook: row i adds a_i·b into the eight-limb
/// accumulator at limb i ([`add_row`]).
#[inline(always)]
pub(crate) const fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let mut c = [0u64; 8];
    let mut i = 0;
    while i < 4 {
        add_row(&mut c, a[i], b, i, 0);
        i += 1;
    }
    reduce_wide(&c)
}

/// a² mod p, below 2^255 + 2^11.
#[inline(always)]
pub(crate) const fn square(a: &[u64; 4]) -> [u64; 4] {
    reduce_wide(&square_wide(a))
}

/// 2·a² mod p, below 2^255 + 2^12: the square's five-limb value (h ≤ 38) doubled
/// before [`fold`] (h ≤ 77 < 2^7), as the MULX code does, so both give the same limbs.
#[inline(always)]
pub(crate) const fn square2(a: &[u64; 4]) -> [u64; 4] {
    let (r, h) = wide_to_5(&square_wide(a));
    let (r0, c) = adc(r[0], r[0], 0);
    let (r1, c) = adc(r[1], r[1], c);
    let (r2, c) = adc(r[2], r[2], c);
    let (r3, c) = adc(r[3], r[3], c);
    fold([r0, r1, r2, r3], 2 * h + c)
}

/// The 512-bit a²: the ten distinct products, the six cross products a_i·a_j (i < j)
/// summed once then doubled, the four squares added.
#[inline(always)]
const fn square_wide(a: &[u64; 4]) -> [u64; 8] {
    // Cross products into c1..c6 (row by row as in `mul`, j > i only).
    let mut c = [0u64; 8];
    let mut i = 0;
    while i < 3 {
        add_row(&mut c, a[i], a, i, i + 1);
        i += 1;
    }
    // Double (the cross sum is below 2^511, so 2·sum < 2^512) and add the squares;
    // the total is a² < 2^512, so the last carry is zero.
    let mut carry = 0u128;
    let mut k = 0;
    while k < 8 {
        let sq = (a[k / 2] as u128) * (a[k / 2] as u128);
        let half = if k % 2 == 0 {
            sq as u64
        } else {
            (sq >> 64) as u64
        };
        let t = 2 * (c[k] as u128) + half as u128 + carry;
        c[k] = t as u64;
        carry = t >> 64;
        k += 1;
    }
    debug_assert!(carry == 0);
    c
}

/// a·b for b < 2^32, below 2^255 + 2^39.
///
/// The product is below 2^288: four limbs and a top word w4 ≤ 2^32. What lies at bit
/// 255 and above, h = 2·w4 + bit 255 < 2^34, comes back as 19·h < 2^39 on the low
/// limb, with bit 255 cleared: the sum cannot carry out.
#[inline(always)]
pub(crate) const fn mul32(a: &[u64; 4], b: u32) -> [u64; 4] {
    let b = b as u128;
    let mut w = [0u64; 4];
    let mut carry = 0u128;
    let mut i = 0;
    while i < 4 {
        let t = (a[i] as u128) * b + carry;
        w[i] = t as u64;
        carry = t >> 64;
        i += 1;
    }
    let h = ((carry as u64) << 1) | (w[3] >> 63);
    w[3] &= LOW63;
    add_small(w, 19 * h)
}

/// [`mul`] at run time, out of line: one compiled copy that every caller calls.
///
/// On x86-64 these 4×64 products run only on a CPU without BMI2/ADX (the MULX code
/// computes them everywhere else), yet inlined they were compiled into every point
/// operation and scalar multiplication of the group crate (its serial fallback, and the
/// public element's checked branch at each product), where LLVM spent most of that
/// crate's build time on them (`InstCombine` and `SLPVectorizer` on the inlined `u128`
/// products). A call costs a few cycles on such CPUs; see docs/backends.md.
#[inline(never)]
pub(crate) fn mul_rt(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    mul(a, b)
}

/// From this many squarings up, a chain on 4×64 limbs runs on radix-2^51 limbs
/// ([`pow2k_radix51`]): the 4×64 square waits on its carry chains through the flags,
/// the radix-2^51 one ([`radix51::pow2k`]) on none. Measured on an Intel Xeon (family 6
/// model 167 as reported) against the MULX/ADX chain, `scripts/before_after.sh --runs
/// 5`, medians: SqrtRatio 0.88 of its time with LTO, 0.94 in cargo's default profile and
/// 0.98 with `-C target-cpu=native` (whose MULX/ADX code is faster); EncodingDecoding
/// 0.92, 0.96 and 0.99. From two squarings up instead: no difference. Not yet measured
/// on an AMD CPU.
pub(crate) const LAZY_CHAIN: u32 = 4;

/// a^(2^k) for k >= 1 on radix-2^51 limbs ([`radix51::pow2k`]): converted there and
/// back, in any of the 4×64 backends, so that they agree limb for limb.
#[inline(always)]
pub(crate) fn pow2k_radix51(a: &[u64; 4], k: u32) -> [u64; 4] {
    Fe64::from_fe51(&Fe51(radix51::pow2k(&Fe51::from_words(a).0, k))).0
}

/// [`pow2k_radix51`] of two independent elements, the chains interleaved
/// ([`radix51::pow2k_pair`]).
#[inline(always)]
pub(crate) fn pow2k_radix51_pair(a: &[u64; 4], b: &[u64; 4], k: u32) -> ([u64; 4], [u64; 4]) {
    let (x, y) = radix51::pow2k_pair(&Fe51::from_words(a).0, &Fe51::from_words(b).0, k);
    (Fe64::from_fe51(&Fe51(x)).0, Fe64::from_fe51(&Fe51(y)).0)
}

/// [`square`] at run time, out of line (see [`mul_rt`]).
#[inline(never)]
pub(crate) fn square_rt(a: &[u64; 4]) -> [u64; 4] {
    square(a)
}

/// [`square2`] at run time, out of line (see [`mul_rt`]).
#[inline(never)]
pub(crate) fn square2_rt(a: &[u64; 4]) -> [u64; 4] {
    square2(a)
}

/// The canonical limbs (value < p) of any 256-bit value.
///
/// First bit 255 folds back as 19: v < 2^255 + 19. Then v >= p exactly when v + 19
/// reaches 2^255, and v - p is v + 19 with bit 255 cleared. Both decisions are
/// arithmetic on the carry bits, never branches.
pub(crate) const fn reduce(l: &[u64; 4]) -> [u64; 4] {
    let v = add_small([l[0], l[1], l[2], l[3] & LOW63], 19 * (l[3] >> 63));
    let q = add_small(v, 19)[3] >> 63; // 1 iff v >= p
    let r = add_small(v, 19 * q);
    [r[0], r[1], r[2], r[3] & LOW63]
}

/// An element of GF(2^255 - 19) in four 64-bit limbs, portable code (see the module
/// documentation for the invariant: every limb pattern is valid).
#[derive(Clone, Copy)]
pub struct Fe64(pub(crate) [u64; 4]);

impl Fe64 {
    /// 0.
    pub const ZERO: Fe64 = Fe64([0; 4]);
    /// 1.
    pub const ONE: Fe64 = Fe64([1, 0, 0, 0]);

    /// From four little-endian 64-bit limbs (value = Σ `limbs[i]`·2^(64·i)). Every
    /// limb pattern is valid.
    pub const fn from_limbs(limbs: [u64; 4]) -> Fe64 {
        Fe64(limbs)
    }

    /// The limbs (value < 2^256, not necessarily reduced mod p).
    pub const fn limbs(&self) -> [u64; 4] {
        self.0
    }

    /// Decodes 32 little-endian bytes; bit 255 is ignored.
    pub const fn from_bytes(bytes: &[u8; 32]) -> Fe64 {
        // Whole-word reads (`u64::from_le_bytes` of eight bytes compiles to one load;
        // OR-ing bytes into the words in a loop was measured 5 times slower).
        Fe64([
            le_word(bytes, 0),
            le_word(bytes, 1),
            le_word(bytes, 2),
            le_word(bytes, 3) & LOW63,
        ])
    }

    /// The value reduced below p, as four 64-bit words, least significant first.
    pub(crate) const fn canonical_words(&self) -> [u64; 4] {
        reduce(&self.0)
    }

    /// The canonical little-endian encoding (the value reduced below p).
    pub const fn to_bytes(&self) -> [u8; 32] {
        le_bytes(&reduce(&self.0))
    }

    /// From the radix-2^51 backend (exact: congruent). With limbs below 2^52 the
    /// value is below 2^256 + 2^205; the part at 2^256 (0 or 1) folds back as 38,
    /// which cannot carry out of the top word: when it is 1, the low 256 bits are below
    /// 2^205.
    pub const fn from_fe51(fe: &Fe51) -> Fe64 {
        let l = fe.0;
        let mut acc = l[0] as u128 + ((l[1] as u128) << 51);
        let w0 = acc as u64;
        acc >>= 64;
        acc += (l[2] as u128) << 38; // 102 = 64 + 38
        let w1 = acc as u64;
        acc >>= 64;
        acc += (l[3] as u128) << 25; // 153 = 128 + 25
        let w2 = acc as u64;
        acc >>= 64;
        acc += (l[4] as u128) << 12; // 204 = 192 + 12
        let w3 = acc as u64;
        let top = (acc >> 64) as u64; // 0 or 1
        let (r0, c) = adc(w0, top.wrapping_neg() & 38, 0);
        let (r1, c) = adc(w1, 0, c);
        let (r2, c) = adc(w2, 0, c);
        let (r3, c) = adc(w3, 0, c);
        debug_assert!(c == 0);
        Fe64([r0, r1, r2, r3])
    }

    /// To the radix-2^51 backend (exact: congruent, limbs inside its invariant).
    pub const fn to_fe51(&self) -> Fe51 {
        Fe51::from_words(&self.0)
    }
}

crate::backend::limb_ops!(Fe64, [u64; 4], add, sub_rt, mul_rt, neg_rt);
