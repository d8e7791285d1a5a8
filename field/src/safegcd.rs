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
//! δ > 0): ζ <- -ζ - 2 in the first case, ζ - 1 otherwise. As f is odd, the step keeps
//! q = (f - 1)/2 in its place, and with g odd, g = 2h + 1: (g + f)/2 = h + q + 1 and
//! (g - f)/2 = h - q. So the step takes the addend a = -q when ζ < 0, q + 1 otherwise,
//! which needs only q and ζ, known before the parity of the new g is, and then
//! g <- h + a if g is odd, h if not (h = g >> 1 either way), and q <- h in the first
//! case. From one g to the next, the chain is its parity, the choice of a or 0, and one
//! add. The addend takes no select: with m the sign mask of ζ (all ones when ζ < 0, an
//! arithmetic shift), a = (q XOR m) + 1, as -q = NOT q + 1. The three other choices
//! are `choose`: a conditional move where the instruction set has one (x86-64,
//! AArch64), masks elsewhere; on x86-64 the compiler makes the g choice a mask,
//! -(g AND 1) AND a, and those of f and ζ conditional moves on the swap bit. The swap
//! bit (ζ < 0 and g odd) is the sign of ζ AND (g shifted left by 63), whose flags the
//! conditional moves read: one operation from ζ to the next ζ, where the sign mask
//! AND g AND 1 took three.
//!
//! Measured, same run (`scripts/before_after.sh --runs 3`, Invert):
//! - against a step of masks only (±f masked by the parity, added, then halved: five
//!   operations from g to g, and three more on the path through f and ζ), a step with
//!   every choice a select, the addend included, took 0.849 of the inversion's time in
//!   cargo's default profile, 0.862 with LTO and 0.938 with `-C target-cpu=native`
//!   (with the unrolling and the called batch below; AMD EPYC Zen 4);
//! - the addend by the sign mask, against that step (whose addend took a negation, an
//!   increment and a conditional move on ζ's sign, and the sign as a byte for the
//!   swap), took 0.936, 0.929 and 0.950 (Intel Xeon, family 6 model 207; the scalar
//!   crate's, ScalarInversion, 0.926, 0.927 and 0.971). The two steps alone, in one
//!   loop each, timed in one process (`rustc -O`): 5.7 cycles against 7.0. Fewer
//!   instructions, and two conditional moves where there were four, which this Intel
//!   core runs on two ports only. Not measured on a Zen 4, where the step's longer
//!   chain from g to g (four operations against three) may count for more:
//!   `llvm-mca -mcpu=znver4` estimates 5.0 cycles against 4.6, an estimate that
//!   overstates this form's cost on the Intel core (`-mcpu=alderlake`: 6.5 against
//!   7.0).
//! - the swap bit tested from ζ AND (g << 63), against the sign mask AND g AND 1:
//!   0.933 of the inversion's time with LTO, 0.917 in cargo's default profile and 0.969
//!   with `-C target-cpu=native` (ScalarInversion 0.936, 0.923, 0.954; X25519Base
//!   0.974, 0.960, 0.984; an Intel Xeon reporting family 6 model 167, about 3.5 GHz).
//!   The two steps alone, in one loop each (`rustc -O`): 6.4 against 6.9 cycles.
//! - the twenty steps of a full sub-batch as that step in assembly where the MULX/ADX
//!   field runs (`backend::x86_64::divsteps`: SARX and SHLX, no register copies), against
//!   the compiled step: Invert 0.924 with LTO, 0.941 in cargo's default profile and 0.949
//!   with `-C target-cpu=native`; ScalarInversion 0.941, 0.956 and 0.933; X25519Base
//!   0.965, 0.992 and 0.975 (the same Xeon). The sub-batch cut short at the end keeps
//!   the compiled step, as does every target without BMI2.
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
//! for l), the bound itself. They are `BATCHES` = 10 batches of 60, each three
//! sub-batches of 20, the last sub-batch cut short: it runs its first `STEPS` - 580
//! steps (8 for p, 1 for l) and then does the rest of its 20 at once. Once g = 0 a step
//! leaves f and its matrix row alone, halves the g word and lowers ζ by one; the g word
//! is then a multiple of 2^(steps left) (see below), so one arithmetic shift and one
//! subtraction do them all, and the matrix is the one 20 steps make. The input is
//! reduced to its canonical value first, so 0 <= g < p holds. `debug_assert!` checks
//! g = 0 at the end; a unit test counts, with a variable-time model, the steps
//! structured inputs need, and another follows the model batch by batch, the cut
//! last sub-batch included.
//!
//! # Batches
//!
//! The first n steps read only the low n bits of f and g (step k looks at the parity of
//! g after k - 1 halvings), so a run of steps can work on low bits alone and record the
//! 2x2 matrix T with 2^n·(f', g') = T·(f, g). A batch's T (n = 60) is then applied to
//! the full f and g, and to d and e, where f ≡ d·x and g ≡ e·x (mod p) throughout
//! (d = 0, e = 1 at the start; at the end f = ±1, so x^-1 = ±d; for x = 0, d stays 0).
//!
//! # Packed words: 20 steps at a time
//!
//! After Bernstein and Yang's own 2^255 - 19 software (the paper's packing of f's low
//! bits with its matrix row in one machine word), a sub-batch keeps f and its row of T
//! in one 64-bit word, g and its row in another:
//!
//! ```text
//! word_f = F + 2^20·u + 2^42·v        word_g = G + 2^20·r + 2^42·s
//! ```
//!
//! F and G start as the signed residues of f and g mod 2^20 (in [-2^19, 2^19)), the
//! rows as (2^20, 0) and (0, 2^20). The rows are stored as 2^(20-k) times the rows of
//! T_k after k steps (2^k·(f_k, g_k) = T_k·(f, g)), that is f_k = (u·f + v·g)/2^20.
//! Then a divstep does to each word what it does to the pair the word stands for: the
//! swap moves words, h + a adds them, and the halvings (h and q), arithmetic shifts of
//! the words, halve the row fields exactly, as the row entries are multiples of
//! 2^(20-k) for k < 20, and take an odd low field F to (F - 1)/2, as they take f to q.
//! F and G stay congruent to f_k and g_k modulo 2^(20-k), enough for the parities the
//! remaining steps read. So a step costs what it costs on f and g alone: the rows add
//! no operation.
//!
//! The fields stay apart. Each step keeps |f|, |g| <= max(|f|, |g|), f is odd, and
//! after one step |G| < 2^19 too: F and G stay in [-2^19, 2^19). Each row of T_k sums
//! to at most 2^k in absolute value (a step at most doubles one), so each stored row
//! sums to at most 2^20. So G + 2^20·r is inside ±2^41, and at the end the rows come
//! back by rounding (`unpack`). The sum before a halving (the step forms only its
//! half, h + a) is below 2^63 in absolute value: its row is (r ± u, s ± v), summing
//! to at most 2^21, and |s ± v| = 2^21 would need both stored rows to be (0, ±2^20),
//! but the stored matrix has determinant ±2^(40-k), not 0. With |s ± v| = j the sum
//! is at most 2^20 + 2^20·(2^21 - j) + 2^42·j, largest at j = 2^21 - 1:
//! 2^63 - 2^42 + 2^21 < 2^63.
//!
//! Between sub-batches the next words come from f and g's low words: (u·f + v·g)/2^20
//! in wrapping 64-bit arithmetic is exact in 20 fewer low bits than f and g are, so the
//! 60 bits of limb 0 last a whole batch. The three matrices are multiplied at the end
//! of the batch (entries within ±2^20, ±2^40, then ±2^60).
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
//! Loop counts are constants. Every data-dependent choice is either an all-zeros/all-ones
//! mask made by arithmetic (the negated low bit of g, the arithmetic shift of ζ),
//! applied with `&`, `^`, additions and subtractions, or a `choose` (a conditional move
//! on x86-64 and AArch64, a mask elsewhere), whose condition is arithmetic too (g's low
//! bit, ζ's sign bit). No `if` on data, no data-dependent index,
//! no division on data; the multiplications are 64x64 -> 128 bits (and 64-bit wrapping
//! ones on the low words). How many steps a sub-batch runs is a constant at each call.

/// Steps in one sub-batch, run on packed words (see [`sub_batch`]).
const SUB_STEPS: u32 = 20;

/// Sub-batches in one batch: a batch is 3·`SUB_STEPS` = 60 steps, one radix-2^60 limb.
const SUBS: u32 = 3;

/// Batches of `SUBS`·`SUB_STEPS` = 60 steps.
const BATCHES: usize = 10;

// 600 steps before any cut: the 591 the half-delta bound asks for any 256-bit modulus
// fit in them.
const _: () = assert!((SUBS * SUB_STEPS) as usize * BATCHES >= 591);

/// The steps before the last sub-batch, which runs `Modulus::STEPS` minus these.
const STEPS_BEFORE_LAST_SUB: u32 = (SUBS * BATCHES as u32 - 1) * SUB_STEPS;

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
    /// (580, 600]. The default, 591, is the bound for any m < 2^256.
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

impl Matrix {
    /// self · rhs. No overflow where it is used: the entries of a product of sub-batch
    /// matrices stay within ±2^(20·k) for k sub-batches (rows sum to at most that).
    #[inline(always)]
    fn mul(&self, rhs: &Matrix) -> Matrix {
        Matrix {
            a: self.a * rhs.a + self.b * rhs.c,
            b: self.a * rhs.b + self.b * rhs.d,
            c: self.c * rhs.a + self.d * rhs.c,
            d: self.c * rhs.b + self.d * rhs.d,
        }
    }
}

/// Bit offsets of a packed word's fields: low bits, then the row's two entries.
const ROW_X: u32 = 20;
const ROW_Y: u32 = 42;

/// The packed word of f (`row` = 0) or g (`row` = 1) at the start of a sub-batch: the
/// signed residue of `low` mod 2^20 (in [-2^19, 2^19)), plus the identity row scaled
/// by 2^20 in the row fields.
#[inline(always)]
fn pack(low: u64, row: u32) -> i64 {
    let residue = ((low << 44) as i64) >> 44;
    residue + (1i64 << (ROW_X + SUB_STEPS + (ROW_Y - ROW_X) * row))
}

/// The row (x, y) of a packed word at the end of a sub-batch, its low field in
/// [-2^19, 2^19) and |x|, |y| <= 2^20 (so the fields below each row entry sum to less
/// than half its unit, and rounding recovers the entries).
#[inline(always)]
fn unpack(w: i64) -> (i64, i64) {
    let t = w + (1 << (ROW_X - 1));
    (
        (t << (64 - ROW_Y)) >> (64 - ROW_Y + ROW_X),
        (t + (1 << (ROW_Y - 1))) >> ROW_Y,
    )
}

/// `if c { a } else { b }` in constant time. On x86-64 and AArch64 a conditional move
/// (`cmov`, `csel`): `select_unpredictable` asks the compiler for one and not a branch,
/// and the valgrind check (`ct-check`, field-invert) verifies the build does not
/// branch on it. Elsewhere by masks, as some instruction sets have no conditional move
/// and the compiler would branch.
#[inline(always)]
fn choose(c: bool, a: i64, b: i64) -> i64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    return core::hint::select_unpredictable(c, a, b);
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    return choose_by_mask(c, a, b);
}

/// [`choose`] by masks: b ⊕ ((a ⊕ b) ∧ m) with m all ones exactly when `c`. Compiled on
/// every target, so that its test runs where the conditional move is used instead.
#[cfg_attr(any(target_arch = "x86_64", target_arch = "aarch64"), allow(dead_code))]
#[inline(always)]
fn choose_by_mask(c: bool, a: i64, b: i64) -> i64 {
    b ^ ((a ^ b) & -i64::from(c))
}

/// `steps` (at most `SUB_STEPS`) divsteps on packed words, then the rest of a
/// sub-batch's `SUB_STEPS` as steps with g = 0. Returns ζ and the matrix T with
/// 2^20·(f', g') = T·(f, g). `f_low` and `g_low` need only be exact mod 2^20 (f odd).
///
/// The caller passes fewer than `SUB_STEPS` steps only where g = 0 after them is
/// proved; each remaining step would then leave the f word alone, halve the g word
/// and lower ζ by one, and the g word is a multiple of 2^(steps left) (its low field
/// is ≡ g = 0, its row entries are multiples of that power), so one shift is exact.
#[inline(always)]
fn sub_batch(zeta: i64, f_low: u64, g_low: u64, steps: u32) -> (i64, Matrix) {
    // q = (f - 1)/2 in place of f's word (f is odd): see the module docs.
    let fq = pack(f_low, 0) >> 1;
    let gw = pack(g_low, 1);
    let (zeta, fq, mut gw) = divsteps(zeta, fq, gw, steps);
    let rest = SUB_STEPS - steps;
    gw >>= rest;
    let zeta = zeta - i64::from(rest);
    let (a, b) = unpack(2 * fq + 1);
    let (c, d) = unpack(gw);
    (zeta, Matrix { a, b, c, d })
}

/// `steps` divsteps on ζ and the packed words (q = f's word halved, and g's word):
/// twenty in the x86-64 backend's assembly where the MULX/ADX field runs (the same
/// step without register copies: `backend::x86_64::divsteps`), else [`compiled_divsteps`].
#[inline(always)]
fn divsteps(zeta: i64, fq: i64, gw: i64, steps: u32) -> (i64, i64, i64) {
    #[cfg(target_arch = "x86_64")]
    if steps == SUB_STEPS
        && let Some(words) = crate::backend::x86_64::divsteps::divsteps20(zeta, fq, gw)
    {
        return words;
    }
    compiled_divsteps(zeta, fq, gw, steps)
}

/// [`divsteps`] in Rust, on every target.
#[inline(always)]
fn compiled_divsteps(mut zeta: i64, mut fq: i64, mut gw: i64, steps: u32) -> (i64, i64, i64) {
    // One divstep on the packed words. No overflow: the module docs bound both words,
    // and h + a is the halved sum.
    macro_rules! step {
        () => {{
            let half = gw >> 1;
            let odd = gw & 1 != 0;
            // All ones when ζ < 0 (δ > 0), else zero: the addend -q = !q + 1 or q + 1.
            let zeta_negative = zeta >> 63;
            let addend = (fq ^ zeta_negative) + 1;
            // g odd and ζ < 0: the sign bit of ζ AND (g's low bit moved to the sign),
            // tested straight from ζ (one operation on ζ's chain, not three).
            let swap = zeta & (gw << 63) < 0;
            gw = choose(odd, half + addend, half);
            fq = choose(swap, half, fq);
            zeta = choose(swap, -zeta - 2, zeta - 1);
        }};
    }
    // Four steps to an iteration: 0.96 of the inversion's time against one.
    for _ in 0..steps / 4 {
        step!();
        step!();
        step!();
        step!();
    }
    for _ in 0..steps % 4 {
        step!();
    }
    (zeta, fq, gw)
}

/// (x·f + y·g) / 2^20 on low words (wrapping): exact in 20 fewer low bits than f and g.
#[inline(always)]
fn low_row(x: i64, f: u64, y: i64, g: u64) -> u64 {
    (x as u64)
        .wrapping_mul(f)
        .wrapping_add((y as u64).wrapping_mul(g))
        >> SUB_STEPS
}

/// Sixty divsteps: three sub-batches, and their matrices multiplied, so
/// 2^60·(f', g') = T·(f, g) with every row of T summing to at most 2^60 in absolute
/// value. The last sub-batch runs `last_steps` steps as such.
// Called, not inlined: one copy (it is not generic, so the scalar crate's inversion
// shares it) where inlining made three per modulus, 9.6 KB more code in a program that
// signs and verifies. Called, the inversion measured 0.98 of the time inlined.
#[inline(never)]
fn batch(zeta: i64, f: u64, g: u64, last_steps: u32) -> (i64, Matrix) {
    let (zeta, t1) = sub_batch(zeta, f, g, SUB_STEPS);
    let (f1, g1) = (low_row(t1.a, f, t1.b, g), low_row(t1.c, f, t1.d, g));
    let (zeta, t2) = sub_batch(zeta, f1, g1, SUB_STEPS);
    let (f2, g2) = (low_row(t2.a, f1, t2.b, g1), low_row(t2.c, f1, t2.d, g1));
    let (zeta, t3) = sub_batch(zeta, f2, g2, last_steps);
    (zeta, t3.mul(&t2.mul(&t1)))
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
        assert!(M::STEPS > STEPS_BEFORE_LAST_SUB);
        assert!(M::STEPS <= SUBS * SUB_STEPS * BATCHES as u32);
    };
    // The first batch: f = m in its limbs as given (exact as a sum, zero limbs and all),
    // d = 0 and e = 1, constants whose products fold away. A batch's 60 steps read only
    // f and g mod 2^60 (each step reads bit 0 of g, and each halving leaves one bit
    // fewer known): limb 0 of m, and normalised limb 0 of g, are that.
    let g = from_words(x);
    let (mut zeta, t) = batch(ZETA_START, M::LIMBS[0] as u64, g[0] as u64, SUB_STEPS);
    let (mut f, mut g) = (
        apply_row(t.a, &M::LIMBS, t.b, &g),
        apply_row(t.c, &M::LIMBS, t.d, &g),
    );
    // f ≡ d·x and g ≡ e·x (mod m). After batch k (from 1), |d|, |e| <= 1 + k·m.
    const ZERO: Int60 = [0; 5];
    const ONE: Int60 = [1, 0, 0, 0, 0];
    let (mut d, mut e) = (
        apply_row_mod::<M>(t.a, &ZERO, t.b, &ONE),
        apply_row_mod::<M>(t.c, &ZERO, t.d, &ONE),
    );
    for _ in 1..BATCHES - 1 {
        let (next_zeta, t) = batch(zeta, f[0] as u64, g[0] as u64, SUB_STEPS);
        zeta = next_zeta;
        (f, g) = (apply_row(t.a, &f, t.b, &g), apply_row(t.c, &f, t.d, &g));
        (d, e) = (
            apply_row_mod::<M>(t.a, &d, t.b, &e),
            apply_row_mod::<M>(t.c, &d, t.d, &e),
        );
    }
    // The last batch, its last sub-batch cut to the steps the bound asks for: after it
    // only f (for its sign) and d are needed.
    let (_, t) = batch(
        zeta,
        f[0] as u64,
        g[0] as u64,
        M::STEPS - STEPS_BEFORE_LAST_SUB,
    );
    debug_assert!(
        apply_row(t.c, &f, t.d, &g) == [0; 5],
        "safegcd did not reach g = 0"
    );
    let f = apply_row(t.a, &f, t.b, &g);
    let d = apply_row_mod::<M>(t.a, &d, t.b, &e);
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
#[path = "safegcd_tests.rs"]
mod tests;
