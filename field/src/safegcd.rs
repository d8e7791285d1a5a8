//! Constant-time inversion modulo p = 2^255 - 19 with the Bernstein–Yang "safegcd"
//! algorithm (D. J. Bernstein and B.-Y. Yang, "Fast constant-time gcd computation and
//! modular inversion", TCHES 2019), written from the paper. The core, [`invert_mod`], is
//! generic over an odd modulus below 2^256 ([`Modulus`]): this crate runs it modulo p,
//! and the scalar crate modulo the group order l (`scalar/src/invert.rs`), so both
//! inversions are this one code (hidden from the docs: not part of the API). Everything
//! below holds for any such modulus m, with p as the example.
//!
//! # The divstep
//!
//! The state is (δ, f, g) with f odd; δ starts at 1/2, f at p, g at the canonical x:
//!
//! ```text
//! δ > 0 and g odd:  (δ, f, g) <- (1 - δ, g, (g - f)/2)
//! g odd otherwise:  (δ, f, g) <- (1 + δ, f, (g + f)/2)
//! g even:           (δ, f, g) <- (1 + δ, f, g/2)
//! ```
//!
//! Each step keeps gcd(f, g) (up to the harmless factor 2, as f is odd) and keeps
//! |f|, |g| <= p: the new f is the old f or g, the new g is at most (|f| + |g|)/2 in
//! absolute value. Once g = 0 it stays 0, so extra steps are harmless; then
//! f = ±gcd(p, x) = ±1 for x != 0.
//!
//! The three cases share one shape: g <- (g + x)/2 with x = -f, f or 0, and f <- g in
//! the first case only. The code keeps ζ = -δ - 1/2 (an integer, negative exactly when
//! δ > 0): ζ <- -ζ - 2 in the first case, ζ - 1 otherwise, which is the two operations
//! ζ <- (ζ ⊕ s) - 1 with s the all-ones mask of the first case (as !ζ = -ζ - 1). A step
//! first takes h = ±f, negated when ζ < 0; that needs only f and ζ, known before the
//! parity of the new g is, so it stays off the chain from g to the next g. Then, under
//! the masks "g odd" (o) and "g odd and ζ < 0" (s = o ∧ sign(ζ)): x = h ∧ o and
//! f <- f ⊕ ((f ⊕ g) ∧ s). The chain from one g to the next is then the parity mask,
//! one `and` and the add and shift (negating after masking, x = ((f ∧ o) ⊕ s) - s,
//! would put two more operations on it).
//!
//! # How many steps: 588
//!
//! The paper's Theorem 11.2 bounds the original divstep (δ starting at 1): when
//! f² + 4g² <= 5·2^(2d), ⌊(49d + 57)/17⌋ steps reach g = 0 (d >= 46). Here f = p and
//! 0 <= g < p < 2^255, so f² + 4g² < 5·2^510 and d = 255 gives 738 steps. The half-delta
//! divstep converges faster; the same style of analysis, carried out by computer
//! (P. Wuille, "Bounds on divsteps iterations in safegcd", the bound the scalar crate's
//! inversion also uses), shows that ⌊(3787·log2(M) + 2166)/1644⌋ half-delta steps
//! suffice when 0 <= g <= f <= M: for M = p (log2 M < 255) that is 588, and 591 even
//! for any 256-bit f. The code runs [`Modulus::STEPS`] steps, always: 588 for p (581
//! for l), the bound itself. They are `BATCHES` = 10 batches of 60, the last one cut
//! short: once g = 0 a step only doubles the matrix's first row and lowers ζ by one,
//! so the last batch runs its first `STEPS` - 570 steps and then does the rest of
//! its 60 in one shift of that row; the matrix is the one 60 steps make. The input is
//! reduced to its canonical value first, so 0 <= g < p holds. `debug_assert!` checks
//! g = 0 at the end; a unit test counts, with a variable-time model, the steps
//! structured inputs need, and another follows the model batch by batch, the cut
//! last batch included.
//!
//! # Batches
//!
//! The first n steps read only the low n bits of f and g (step k looks at the parity of
//! g after k - 1 halvings), so a batch runs its steps on one 64-bit word of each and
//! records the 2x2 matrix T with 2^n·(f', g') = T·(f, g). T is then applied to the
//! full f and g, and to d and e, where f ≡ d·x and g ≡ e·x (mod p) throughout (d = 0,
//! e = 1 at the start; at the end f = ±1, so x^-1 = ±d; for x = 0, d stays 0).
//!
//! A batch of 60 is two runs of 30 steps. Over 30 steps a matrix entry stays within
//! ±2^30, so each row of the matrix packs into one 64-bit word (entry a in the low 32
//! bits, entry b above: the word a + b·2^32). The step only adds, negates and doubles
//! rows, and those act on the packed word as on the pair, so one operation updates two
//! entries. The two 30-step matrices are multiplied at the end of the batch.
//!
//! Numbers are in radix 2^60 (see [`Int60`]), so dividing by the 2^60 of a batch drops
//! one limb, and p = 2^255 - 19 = 2^15·2^240 - 19 has just two nonzero limbs (the
//! generic code multiplies by all five; the compiler drops the three zero ones).
//!
//! d and e are kept modulo m with Montgomery's trick: the division by 2^60 is made exact
//! by adding the multiple k·m with k ≡ -(s·d + t·e)·m^-1 (mod 2^60). They are never
//! reduced in between: each batch widens their range by at most m, so after the ten
//! |d| < 11m, and at the end ±d + 16m is positive and below 27m.
//!
//! # Constant time
//!
//! Loop counts are constants. Every data-dependent choice is an all-zeros/all-ones mask
//! made by arithmetic (the negated low bit of g, the arithmetic shift of ζ), applied
//! with `&`, `^`, additions and subtractions. No `if` on data, no data-dependent index,
//! no division on data; the multiplications are 64x64 -> 128 bits.

/// Steps in one half of a batch: entries of the matrix stay within ±2^30.
const HALF_STEPS: u32 = 30;

/// Batches of 2·`HALF_STEPS` = 60 steps.
const BATCHES: usize = 10;

// 600 steps before any cut: the 591 the half-delta bound asks for any 256-bit modulus
// fit in them.
const _: () = assert!(2 * HALF_STEPS as usize * BATCHES >= 591);

/// The steps before the last half-batch, which runs `Modulus::STEPS` minus these.
const STEPS_BEFORE_LAST_HALF: u32 = (2 * BATCHES as u32 - 1) * HALF_STEPS;

/// 2^60 - 1.
const MASK60: i64 = (1 << 60) - 1;

/// A signed integer Σ l[i]·2^(60·i). **Normalised** form: l[0..4] in [0, 2^60), l[4]
/// signed (it carries the sign of the value). Values here stay below 2^261 in absolute
/// value, far inside the 2^299 the top limb allows.
#[doc(hidden)]
pub type Int60 = [i64; 5];

/// An odd modulus m < 2^256 for [`invert_mod`], given by its limbs in radix 2^60.
///
/// The limbs need only be exact as a sum (Σ `LIMBS[i]`·2^(60·i) = m), not normalised:
/// p = 2^255 - 19 is `[-19, 0, 0, 0, 2^15]`, and the zero limbs cost nothing, as the
/// compiler drops the products by them. Implemented by this crate for p and by the
/// scalar crate for the group order l.
#[doc(hidden)]
pub trait Modulus {
    /// m in radix 2^60, exact as a sum.
    const LIMBS: Int60;
    /// -m^-1 mod 2^64 (m is odd), from the low limb: m ≡ `LIMBS[0]` (mod 2^60).
    const NEG_INV: u64 = neg_inverse(Self::LIMBS[0] as u64);
    /// 16·m, normalised (what brings ±d up to a positive value at the end).
    const SIXTEEN_M: Int60 = times16(Self::LIMBS);
    /// Half-delta divsteps that take every g in [0, m] to 0 from f = m: at least
    /// ⌊(3787·log2(m) + 2166)/1644⌋ (Wuille's bound, see the module docs), and in
    /// (570, 600]. The default, 591, is the bound for any m < 2^256.
    const STEPS: u32 = 591;
}

/// 16·x for limbs exact as a sum, normalised (carried in `i128`, so no limb overflows).
const fn times16(x: Int60) -> Int60 {
    let mut out = [0i64; 5];
    let mut acc: i128 = 0;
    let mut i = 0;
    while i < 4 {
        acc += 16 * x[i] as i128;
        out[i] = (acc as i64) & MASK60;
        acc >>= 60;
        i += 1;
    }
    out[4] = (acc + 16 * x[4] as i128) as i64;
    out
}

/// -a^-1 mod 2^64 for odd a, by Newton's iteration y <- y·(2 - a·y), which doubles the
/// number of correct low bits each time; a·a ≡ 1 (mod 8) for every odd a, so y = a
/// starts with 3, and five rounds give 96 >= 64.
const fn neg_inverse(a: u64) -> u64 {
    assert!(a & 1 == 1, "the modulus must be odd");
    let mut y = a;
    let mut i = 0;
    while i < 5 {
        y = y.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(y)));
        i += 1;
    }
    y.wrapping_neg()
}

/// p = 2^255 - 19 in radix 2^60, with a signed low limb: -19 + 2^15·2^240.
struct P;

impl Modulus for P {
    const LIMBS: Int60 = [-19, 0, 0, 0, 1 << 15];
    /// ⌊(3787·log2(p) + 2166)/1644⌋ = 588, as log2(p) < 255.
    const STEPS: u32 = 588;
}

/// Carries signed limbs into the normalised form (the value unchanged).
#[inline(always)]
fn normalise(mut l: [i64; 5]) -> Int60 {
    for i in 0..4 {
        let c = l[i] >> 60; // floor division by 2^60
        l[i] &= MASK60;
        l[i + 1] += c;
    }
    l
}

/// A value below 2^256 in four little-endian words, in radix 2^60.
fn from_words(r: &[u64; 4]) -> Int60 {
    // Limb k of radix 2^60 covers bits 60k..60k+59; word j starts at bit 64j.
    let m = MASK60 as u64;
    [
        r[0] & m,
        ((r[0] >> 60) | (r[1] << 4)) & m,
        ((r[1] >> 56) | (r[2] << 8)) & m,
        ((r[2] >> 52) | (r[3] << 12)) & m,
        r[3] >> 48,
    ]
    .map(|w| w as i64)
}

/// A normalised, non-negative value below 2^300 in five little-endian words (exact).
#[doc(hidden)]
pub fn to_wide_words(x: &Int60) -> [u64; 5] {
    debug_assert!(x[4] >= 0);
    let v = x.map(|l| l as u64);
    [
        v[0] | (v[1] << 60),
        (v[1] >> 4) | (v[2] << 56),
        (v[2] >> 8) | (v[3] << 52),
        (v[3] >> 12) | (v[4] << 48),
        v[4] >> 16,
    ]
}

/// Four words congruent mod p to a normalised, non-negative value below 2^260: bits
/// 0..255 go to the words and the bits from 255 up (h = x4 >> 15 < 2^5) come back as
/// 19·h, since 2^255 ≡ 19: the result is below 2^255 + 19·2^5, so the carry chain that
/// adds it cannot leave the fourth word.
fn to_words(x: &Int60) -> [u64; 4] {
    debug_assert!(x[4] >= 0 && x[4] < 1 << 20);
    let v = x.map(|l| l as u64);
    let high = v[4] >> 15;
    let w = [
        v[0] | (v[1] << 60),
        (v[1] >> 4) | (v[2] << 56),
        (v[2] >> 8) | (v[3] << 52),
        ((v[3] >> 12) | (v[4] << 48)) & ((1 << 63) - 1),
    ];
    let t = w[0] as u128 + 19 * high as u128;
    let t1 = w[1] as u128 + (t >> 64);
    let t2 = w[2] as u128 + (t1 >> 64);
    let t3 = w[3] + (t2 >> 64) as u64;
    [t as u64, t1 as u64, t2 as u64, t3]
}

/// A 2x2 integer matrix [a b; c d] acting on column vectors (f, g).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Matrix {
    a: i64,
    b: i64,
    c: i64,
    d: i64,
}

/// Splits a packed row x + y·2^32 (|x|, |y| <= 2^30) into (x, y).
#[inline(always)]
fn unpack(row: u64) -> (i64, i64) {
    let x = i64::from(row as u32 as i32);
    let y = (row as i64 - x) >> 32;
    (x, y)
}

/// `HALF_STEPS` divsteps on the low bits of f (odd) and g, with ζ = -δ - 1/2. Returns ζ,
/// f and g after them (exact in 30 fewer low bits than the inputs were) and the
/// matrix T with 2^30·(f', g') = T·(f, g).
///
/// Only the first `steps` (a constant at each call) run as steps; the caller passes
/// fewer than `HALF_STEPS` only where g = 0 after them is proved, and then each
/// remaining step would only double row 1 (g stays 0 and even) and lower ζ by one,
/// which the end does at once.
///
/// T starts as the identity, its rows kept packed. After k steps the rows are
/// 2^k·f_k and 2^k·g_k as combinations of the inputs, so a step does to them what it
/// does to (f, g), except that halving g becomes doubling row 1 (the scale grows by 2
/// and row 2 is left as it is). Everything stays an integer that way.
#[inline(always)]
fn half_batch(mut zeta: i64, mut f: u64, mut g: u64, steps: u32) -> (i64, u64, u64, Matrix) {
    let (mut row_f, mut row_g) = (1u64, 1u64 << 32);
    for _ in 0..steps {
        // All ones when δ > 0 (ζ < 0), when g is odd, and when both hold (the swap).
        let positive = (zeta >> 63) as u64;
        let odd = (g & 1).wrapping_neg();
        let swap = odd & positive;
        // h = -f if δ > 0, else f: what g gains if it is odd. It needs f and ζ only, not
        // the parity of g, so the path from g to the next g is `odd`, one `and`, the add
        // and the shift.
        let h = (f ^ positive).wrapping_sub(positive);
        let h_row = (row_f ^ positive).wrapping_sub(positive);
        // On a swap the new f is the old g.
        f ^= (f ^ g) & swap;
        g = g.wrapping_add(h & odd) >> 1;
        row_f = (row_f ^ ((row_f ^ row_g) & swap)) << 1;
        row_g = row_g.wrapping_add(h_row & odd);
        // δ <- 1 - δ on a swap, 1 + δ otherwise: ζ <- -ζ - 2 = !ζ - 1, or ζ - 1.
        zeta = (zeta ^ swap as i64).wrapping_sub(1);
    }
    let rest = HALF_STEPS - steps;
    row_f <<= rest;
    zeta -= i64::from(rest);
    let (a, b) = unpack(row_f);
    let (c, d) = unpack(row_g);
    (zeta, f, g, Matrix { a, b, c, d })
}

/// Sixty divsteps: two halves, and their matrices multiplied (second · first), so
/// 2^60·(f', g') = T·(f, g) with every row of T summing to at most 2^60 in absolute
/// value (each step at most doubles a row's absolute sum). The second half runs
/// `last_steps` steps as such (see [`half_batch`]): `HALF_STEPS` but in the last batch.
#[inline(always)]
fn batch(zeta: i64, f: u64, g: u64, last_steps: u32) -> (i64, Matrix) {
    let (zeta, f, g, s) = half_batch(zeta, f, g, HALF_STEPS);
    let (zeta, _, _, t) = half_batch(zeta, f, g, last_steps);
    let product = Matrix {
        a: t.a * s.a + t.b * s.c,
        b: t.a * s.b + t.b * s.d,
        c: t.c * s.a + t.d * s.c,
        d: t.c * s.b + t.d * s.d,
    };
    (zeta, product)
}

/// `(s·x + t·y) / 2^60` for normalised x, y with |x|, |y| < 2^256 and
/// |s| + |t| <= 2^60, where the caller knows the division is exact. Every column
/// stays below 2^121 + a carry, inside `i128`.
#[inline(always)]
fn apply_row(s: i64, x: &Int60, t: i64, y: &Int60) -> Int60 {
    let (s, t) = (i128::from(s), i128::from(t));
    let mut acc = s * i128::from(x[0]) + t * i128::from(y[0]);
    debug_assert!(acc & i128::from(MASK60) == 0, "inexact division by 2^60");
    acc >>= 60;
    let mut out = [0i64; 5];
    for i in 1..5 {
        acc += s * i128::from(x[i]) + t * i128::from(y[i]);
        out[i - 1] = (acc as i64) & MASK60;
        acc >>= 60;
    }
    out[4] = acc as i64;
    out
}

/// `(s·x + t·y + k·m) / 2^60` with k in [0, 2^60) chosen to make the division exact
/// (Montgomery's trick), so the result is ≡ (s·x + t·y)/2^60 (mod m). For
/// |x|, |y| <= D the result is in (-D, D + m): each batch widens the range of d and e
/// by at most m. Every column stays below 2^122 + a carry, inside `i128`.
#[inline(always)]
fn apply_row_mod<M: Modulus>(s: i64, x: &Int60, t: i64, y: &Int60) -> Int60 {
    // The low 60 bits of s·x + t·y come from the low limbs; k = (s·x + t·y)·(-m^-1)
    // (mod 2^60) cancels them.
    let low = (s as u64)
        .wrapping_mul(x[0] as u64)
        .wrapping_add((t as u64).wrapping_mul(y[0] as u64));
    let k = i128::from((low.wrapping_mul(M::NEG_INV) & MASK60 as u64) as i64);
    let (s, t) = (i128::from(s), i128::from(t));
    let m = M::LIMBS.map(i128::from);
    let mut acc = s * i128::from(x[0]) + t * i128::from(y[0]) + k * m[0];
    debug_assert!(acc & i128::from(MASK60) == 0, "inexact division by 2^60");
    acc >>= 60;
    let mut out = [0i64; 5];
    for i in 1..5 {
        acc += s * i128::from(x[i]) + t * i128::from(y[i]) + k * m[i];
        out[i - 1] = (acc as i64) & MASK60;
        acc >>= 60;
    }
    out[4] = acc as i64;
    out
}

/// ζ = -δ - 1/2 at the start: δ = 1/2, the start the half-delta bound is proved for.
const ZETA_START: i64 = -1;

/// 1/x mod m in constant time; 0 maps to 0. The input is below m (four little-endian
/// words); the output is normalised, congruent to 1/x, and in (5m, 27m) (so below
/// 2^261): each crate brings it into its own range (`invert` for p, the scalar
/// crate's `invert.rs` for l).
#[doc(hidden)]
#[inline(always)]
pub fn invert_mod<M: Modulus>(x: &[u64; 4]) -> Int60 {
    const {
        assert!(M::STEPS > STEPS_BEFORE_LAST_HALF);
        assert!(M::STEPS <= 2 * HALF_STEPS * BATCHES as u32);
    };
    let mut f: Int60 = normalise(M::LIMBS);
    let mut g = from_words(x);
    // f ≡ d·x and g ≡ e·x (mod m). After batch k, |d|, |e| <= 1 + k·m.
    let mut d: Int60 = [0; 5];
    let mut e: Int60 = [1, 0, 0, 0, 0];
    let mut zeta = ZETA_START;
    for k in 0..BATCHES {
        // A batch's 60 steps read only f and g mod 2^60 (each step reads bit 0 of g, and
        // each halving leaves one bit fewer known), and normalised limb 0 is exactly
        // that. The last batch's step count depends on k and the modulus only.
        let last_steps = if k + 1 == BATCHES {
            M::STEPS - STEPS_BEFORE_LAST_HALF
        } else {
            HALF_STEPS
        };
        let (next_zeta, t) = batch(zeta, f[0] as u64, g[0] as u64, last_steps);
        zeta = next_zeta;
        (f, g) = (apply_row(t.a, &f, t.b, &g), apply_row(t.c, &f, t.d, &g));
        (d, e) = (
            apply_row_mod::<M>(t.a, &d, t.b, &e),
            apply_row_mod::<M>(t.c, &d, t.d, &e),
        );
    }
    debug_assert!(g == [0; 5], "safegcd did not reach g = 0");
    // f = ±1 (or m when x = 0, where d = 0): x^-1 = ±d, with the sign of f.
    let negative = f[4] >> 63;
    // |d| <= 1 + 10m < 11m: ±d + 16m is in (5m, 27m), positive.
    let mut r = [0i64; 5];
    for i in 0..5 {
        r[i] = (d[i] ^ negative) - negative + M::SIXTEEN_M[i];
    }
    normalise(r)
}

/// 1/x mod p in constant time; 0 maps to 0. The input is canonical (below p, four
/// little-endian words); the output is congruent to 1/x, below 2^255 + 2^10 (every
/// backend's conversion from four words accepts it).
pub(crate) fn invert(x: &[u64; 4]) -> [u64; 4] {
    debug_assert!(x[3] >> 63 == 0);
    to_words(&invert_mod::<P>(x))
}

#[cfg(test)]
mod tests {
    //! Unit tests of the internals; the public behaviour is tested in tests/safegcd.rs.
    use super::*;
    use crate::FieldElement;

    /// The canonical words of an element.
    fn words(x: &FieldElement) -> [u64; 4] {
        let b = x.to_bytes();
        core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8")))
    }

    /// 320-bit two's-complement words, for the model below.
    type W = [u64; 5];

    fn add(a: &W, b: &W) -> W {
        let mut out = [0u64; 5];
        let mut c = 0u128;
        for i in 0..5 {
            let s = a[i] as u128 + b[i] as u128 + c;
            out[i] = s as u64;
            c = s >> 64;
        }
        out
    }

    fn neg(a: &W) -> W {
        add(&a.map(|x| !x), &[1, 0, 0, 0, 0])
    }

    /// Arithmetic shift right by one.
    fn half(a: &W) -> W {
        let mut out = [0u64; 5];
        for i in 0..5 {
            let hi = if i < 4 {
                a[i + 1] << 63
            } else {
                a[4] & (1 << 63)
            };
            out[i] = (a[i] >> 1) | hi;
        }
        out
    }

    /// A normalised radix-2^60 value as words: each limb sign-extended, shifted to its
    /// place bit by bit (slow and plain), and added.
    fn to_w(x: &Int60) -> W {
        let mut out: W = [0; 5];
        for (i, &limb) in x.iter().enumerate() {
            let mut v: W = [limb as u64, 0, 0, 0, 0];
            if limb < 0 {
                v[1..].fill(u64::MAX);
            }
            for _ in 0..60 * i {
                v = add(&v, &v);
            }
            out = add(&out, &v);
        }
        out
    }

    /// Variable-time model of the hddivstep on 320-bit two's-complement words, from
    /// f = p, g = x (canonical) and δ = 1/2. It tracks θ = δ - 1/2 (a different
    /// encoding from the ζ of the real code): "δ > 0" is θ >= 0, 1 - δ is -θ, 1 + δ is
    /// θ + 1.
    struct Model {
        f: W,
        g: W,
        theta: i64,
    }

    impl Model {
        fn start(x: &FieldElement) -> Model {
            let w = words(x);
            Model {
                f: [u64::MAX - 18, u64::MAX, u64::MAX, u64::MAX >> 1, 0],
                g: [w[0], w[1], w[2], w[3], 0],
                theta: 0,
            }
        }

        fn step(&mut self) {
            if self.theta >= 0 && self.g[0] & 1 == 1 {
                let new_g = half(&add(&self.g, &neg(&self.f)));
                self.f = self.g;
                self.g = new_g;
                self.theta = -self.theta;
            } else if self.g[0] & 1 == 1 {
                self.g = half(&add(&self.g, &self.f));
                self.theta += 1;
            } else {
                self.g = half(&self.g);
                self.theta += 1;
            }
        }

        /// ζ = -δ - 1/2 = -θ - 1.
        fn zeta(&self) -> i64 {
            -self.theta - 1
        }
    }

    /// The number of steps until g = 0.
    fn steps_needed(x: &FieldElement) -> u32 {
        let mut m = Model::start(x);
        let mut n = 0;
        while m.g != [0; 5] {
            m.step();
            n += 1;
        }
        n
    }

    fn bytes_of(w: &[u64; 4]) -> [u8; 32] {
        let mut b = [0u8; 32];
        for i in 0..4 {
            b[8 * i..8 * i + 8].copy_from_slice(&w[i].to_le_bytes());
        }
        b
    }

    #[test]
    fn constants() {
        // -p^-1 = 19^-1 (mod 2^64).
        assert_eq!(P::NEG_INV.wrapping_mul(19), 1);
        // p = 2^255 - 19 in both forms.
        let p = normalise(P::LIMBS);
        assert_eq!(p, [MASK60 - 18, MASK60, MASK60, MASK60, (1 << 15) - 1]);
        assert_eq!(
            FieldElement::from_bytes(&bytes_of(&to_words(&p))),
            FieldElement::ZERO
        );
        // 16p = 2^259 - 304, exactly.
        assert_eq!(
            to_wide_words(&P::SIXTEEN_M),
            [u64::MAX - 303, u64::MAX, u64::MAX, u64::MAX, 7]
        );
    }

    #[test]
    fn radix60_round_trip() {
        for x in [
            FieldElement::from_bytes(&[0xa5; 32]),
            -FieldElement::ONE,
            FieldElement::ONE,
            FieldElement::ZERO,
            FieldElement::from_bytes(&[0xff; 32]),
        ] {
            assert_eq!(to_words(&from_words(&words(&x))), words(&x));
        }
    }

    #[test]
    fn packed_rows_unpack() {
        for (x, y) in [
            (0i64, 0i64),
            (1, -1),
            (-(1 << 30), 1 << 30),
            (12345, -678),
            (-5, -7),
        ] {
            let row = (x as u64).wrapping_add((y as u64) << 32);
            assert_eq!(unpack(row), (x, y));
        }
    }

    /// One batch's matrix maps the low words as the divsteps say: T·(f, g) = 2^60·(f', g')
    /// on full values, checked with apply_row (whose debug_assert checks exactness).
    #[test]
    fn batch_matrix_is_exact() {
        let f = normalise(P::LIMBS);
        let g = from_words(&words(&FieldElement::from_bytes(&[0x3c; 32])));
        let (_, t) = batch(ZETA_START, f[0] as u64, g[0] as u64, HALF_STEPS);
        assert!(t.a.unsigned_abs() + t.b.unsigned_abs() <= 1 << 60);
        assert!(t.c.unsigned_abs() + t.d.unsigned_abs() <= 1 << 60);
        let f2 = apply_row(t.a, &f, t.b, &g);
        let g2 = apply_row(t.c, &f, t.d, &g);
        assert_eq!(f2[0] & 1, 1, "f stays odd");
        assert_ne!(g2, g);
    }

    /// invert's loop on f and g, batch by batch, against the model: after every batch
    /// f, g and ζ must be the model's after 60 more steps. This pins what no inverse
    /// can show, as any start converges on most inputs: ζ's start (δ = 1/2, the one the
    /// step bound is proved for) and that limb 0 carries all a batch reads.
    #[test]
    fn batches_follow_the_model() {
        let mut top = [0u8; 32];
        top[31] = 0x40; // 2^254
        for x in [
            FieldElement::from_bytes(&[0x3c; 32]),
            FieldElement::from_bytes(&[0xa5; 32]),
            FieldElement::from_bytes(&top),
            FieldElement::ONE,
            -FieldElement::ONE,
        ] {
            let mut model = Model::start(&x);
            let mut f = normalise(P::LIMBS);
            let mut g = from_words(&words(&x));
            assert_eq!((to_w(&f), to_w(&g)), (model.f, model.g));
            let mut zeta = ZETA_START;
            for k in 0..BATCHES {
                // The last batch cut short as `invert_mod` runs it: the same matrix and ζ
                // as the model's full 60 steps.
                let last_steps = if k + 1 == BATCHES {
                    P::STEPS - STEPS_BEFORE_LAST_HALF
                } else {
                    HALF_STEPS
                };
                let (next_zeta, t) = batch(zeta, f[0] as u64, g[0] as u64, last_steps);
                zeta = next_zeta;
                (f, g) = (apply_row(t.a, &f, t.b, &g), apply_row(t.c, &f, t.d, &g));
                for _ in 0..2 * HALF_STEPS {
                    model.step();
                }
                assert_eq!((to_w(&f), to_w(&g)), (model.f, model.g), "batch {k}");
                assert_eq!(zeta, model.zeta(), "batch {k}");
            }
            assert_eq!(g, [0; 5]);
        }
    }

    #[test]
    fn step_counts_within_bound() {
        // A few structured inputs and a pseudo-random walk; all need <= 588 steps
        // (the half-delta bound for M = p), and the code runs exactly that many.
        let mut worst = 0;
        let mut x = FieldElement::from_bytes(&[0x3c; 32]);
        for k in 0..255u32 {
            let mut b = [0u8; 32];
            b[(k / 8) as usize] = 1 << (k % 8);
            let two_k = FieldElement::from_bytes(&b);
            for y in [two_k, -two_k, x] {
                worst = worst.max(steps_needed(&y));
            }
            x = x.square() + FieldElement::ONE;
        }
        assert!(worst <= 588, "worst {worst}");
        assert!(worst <= P::STEPS);
        assert!(worst > 300, "the model is not running: worst {worst}");
    }
}
