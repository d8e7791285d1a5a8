//! Half-size multiples of a scalar, for verifying a Schnorr-type equation with half the
//! doublings (Thomas Pornin, "Optimized lattice basis reduction in dimension 2, and fast
//! Schnorr and EdDSA signature verification", 2020).
//!
//! To check `[s]B = R + [k]A` the group crate instead checks
//! `[c1·s]B - [c0]A - [c1]R = 0` for integers c0, c1 of about 128 bits with
//! `c0 ≡ c1·k (mod 8l)`: then `[c0]A = [c1·k]A` for every point A of the curve (the
//! curve's order is 8l), so the left side is `[c1]([s]B - [k]A - R)`, and multiplying by
//! an odd c1 below l loses nothing: it is the identity exactly when `[s]B - [k]A - R` is.
//!
//! The pairs (c0, c1) with `c0 ≡ c1·k (mod N)`, N = 8l, form a lattice of determinant N,
//! so short vectors of length about √N < 2^128 exist. They are found here with the
//! extended Euclidean algorithm run on (N, k) and stopped half way (the "rational
//! reconstruction" view of the same lattice reduction): the remainders r_i and the
//! coefficients t_i of the algorithm keep `r_i ≡ t_i·k (mod N)`, the remainders fall and
//! the coefficients grow with `|t_i|·r_(i-1) ≤ N`, so at the first r_i below 2^128 both
//! r_i and t_i are below 2^128.
//!
//! The Euclidean steps are taken in Lehmer phases (Knuth, TAOCP vol. 2, 4.5.2): the
//! quotients that the leading 62 bits of the two remainders fix, found with single-word
//! arithmetic, then applied to the full numbers at once as one 2x2 matrix of cofactors.
//! They are the plain algorithm's steps, so the result is the same pair (the tests
//! compare it with a num-bigint model of the plain algorithm). The phase that crosses
//! 2^128 is cut at its first remainder below it. Same-run A/B against one full-width
//! step at a time (`scripts/before_after.sh --runs 3`, Intel Xeon reporting family 6
//! model 167): Verification 0.940 with LTO, 0.926 in cargo's default profile and 0.944
//! with `-C target-cpu=native` (VerificationStrict 0.935, 0.934, 0.938); the search alone
//! took 0.40 of its time (about 0.81 µs against 2.03 µs, a loop over 1,000 challenges,
//! LTO).

use crate::Scalar;
use crate::limbs::{L, Limbs, add4, shift_right, sub4};

/// A 256-bit unsigned integer, four 64-bit limbs, least significant first.
type U256 = Limbs;

/// 8·l = 2^255 + 8·27742317777372353535851937790883648493, below 2^256.
const EIGHT_L: U256 = [
    L[0] << 3,
    (L[1] << 3) | (L[0] >> 61),
    (L[2] << 3) | (L[1] >> 61),
    L[3] << 3,
];

/// A multiple relation `c0 ≡ c1·k (mod 8l)` with small c0 and c1, from
/// [`Scalar::vartime_half_size_multiple`].
///
/// ```
/// use edwards25519_scalar::{HalfSizeMultiple, Scalar};
///
/// // k = 3: c0 = 3, c1 = 1 is already short.
/// let m = Scalar::from(3u8).vartime_half_size_multiple();
/// assert_eq!(
///     m,
///     Some(HalfSizeMultiple { c0: Scalar::from(3u8), c0_negative: false, c1: Scalar::ONE })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalfSizeMultiple {
    /// |c0|, below 2^131.
    pub c0: Scalar,
    /// Whether c0 is negative.
    pub c0_negative: bool,
    /// c1: odd, positive, below 2^131.
    pub c1: Scalar,
}

impl Scalar {
    /// Small integers c0 and c1 with `c0 ≡ c1·k (mod 8l)`, where k is this scalar's
    /// canonical integer, c1 odd and positive, and |c0|, c1 < 2^131: see
    /// [`HalfSizeMultiple`] and the module docs (Pornin's half-size EdDSA
    /// verification). `None` when the pairs this search tries are all too long or have
    /// an even c1 (rare; callers then use k itself).
    ///
    /// Execution time depends on the scalar: for public values (a signature's
    /// challenge) only.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let k = Scalar::from_bytes_mod_order_wide(&[7u8; 64]);
    /// let m = k.vartime_half_size_multiple().unwrap();
    /// // c0 ≡ c1·k holds mod 8l, so also mod l:
    /// let c0 = if m.c0_negative { -m.c0 } else { m.c0 };
    /// assert_eq!(c0, m.c1 * k);
    /// // and both are about half as long as k.
    /// assert_eq!(m.c1.to_bytes()[17..], [0u8; 15]);
    /// assert_eq!(m.c0.to_bytes()[17..], [0u8; 15]);
    /// ```
    pub fn vartime_half_size_multiple(&self) -> Option<HalfSizeMultiple> {
        // Euclid on (r_prev, r) = (N, k), with coefficients t: invariant
        // r_prev ≡ t_prev·k and r ≡ t·k (mod N). The signs of the t_i alternate
        // (t_(-1) = 0, t_0 = 1, t_(i+1) = t_(i-1) - q·t_i), so only magnitudes are kept
        // (below N, since |t_i| ≤ N / r_(i-1)), with `negative` the sign of t.
        let mut r_prev = EIGHT_L;
        let mut r = self.0;
        let mut t_prev: U256 = [0; 4];
        let mut t: U256 = [1, 0, 0, 0];
        let mut negative = false;
        // Lehmer phases: many steps at a time, found on the leading 62 bits. The last
        // phase, the one that takes the remainder below 2^128, is cut at its first
        // remainder below 2^128 (the remainders fall, so a binary search over the
        // phase's steps finds it).
        let mut cofactors = [[0i64; 4]; MAX_PHASE];
        while !below_2_128(&r) {
            let steps = lehmer(&r_prev, &r, &mut cofactors);
            if steps == 0 {
                // The leading bits fix no quotient (a large one): one step in full.
                let (r_next, t_next) = div_step(&r_prev, &r, &t_prev, &t);
                (r_prev, r, t_prev, t) = (r, r_next, t, t_next);
                negative = !negative;
                continue;
            }
            // The remainder after the first j steps of the phase.
            let remainder = |j: usize| {
                let [_, _, c, d] = cofactors[j - 1];
                combine(c, &r_prev, d, &r)
            };
            // The steps to take: all of them, or up to the first whose remainder is
            // below 2^128; `r_next` is the remainder they leave.
            let (mut taken, mut r_next) = (steps, remainder(steps));
            if below_2_128(&r_next) {
                let mut above = 0; // the last step known to stay at 2^128 or above
                while above + 1 < taken {
                    let mid = (above + taken) / 2;
                    let r_mid = remainder(mid);
                    if below_2_128(&r_mid) {
                        (taken, r_next) = (mid, r_mid);
                    } else {
                        above = mid;
                    }
                }
            }
            let [a, b, c, d] = cofactors[taken - 1];
            (r_prev, r, t_prev, t) = (
                combine(a, &r_prev, b, &r),
                r_next,
                combine(a.abs(), &t_prev, b.abs(), &t),
                combine(c.abs(), &t_prev, d.abs(), &t),
            );
            negative ^= taken % 2 == 1;
        }
        // u = (r, t) is short: the answer when t is odd (for about 2/3 of scalars).
        if t[0] & 1 == 1 {
            return Some(normalized((r, false), (t, negative)));
        }
        // Unreachable for a reduced k (the only kind a Scalar holds): the remainders fall
        // to gcd(8l, k), which divides 8 for 0 < k < l, before they reach 0, so the first
        // one below 2^128 is not 0 (and k = 0 returned above, with t = 1). Kept so that
        // div_step is never asked to divide by 0.
        if is_zero(&r) {
            return None;
        }
        // Otherwise both neighbours of u, the previous pair v and the next pair w, have
        // odd coefficients (consecutive Euclidean coefficients are coprime), and so
        // has every v + j·u and w + j·u. One of the two neighbours with u forms a
        // reduced basis of the lattice (as in Gallant, Lambert and Vanstone's
        // decomposition), so the shortest odd vector is among these for small j: the
        // shortest of j = -3..=3 is taken.
        let (r_next, t_next) = div_step(&r_prev, &r, &t_prev, &t);
        let u = ((r, false), (t, negative));
        let mut best: Option<(usize, Signed, Signed)> = None;
        for base in [
            ((r_prev, false), (t_prev, !negative)),
            ((r_next, false), (t_next, !negative)),
        ] {
            for j in -3i32..=3 {
                let (mut c0, mut c1) = base;
                for _ in 0..j.unsigned_abs() {
                    let (u0, u1) = if j > 0 { u } else { (neg(u.0), neg(u.1)) };
                    c0 = signed_add(c0, u0);
                    c1 = signed_add(c1, u1);
                }
                let len = bits(&c0.0).max(bits(&c1.0));
                if best.is_none_or(|(b, ..)| len < b) {
                    best = Some((len, c0, c1));
                }
            }
        }
        let (len, c0, c1) = best?;
        (len <= 131).then(|| normalized(c0, c1))
    }
}

/// A signed 256-bit integer as (magnitude, negative).
type Signed = (U256, bool);

fn neg((m, n): Signed) -> Signed {
    (m, !n)
}

/// a + b on signed integers whose magnitudes sum below 2^256.
fn signed_add(a: Signed, b: Signed) -> Signed {
    if a.1 == b.1 {
        (add(&a.0, &b.0), a.1)
    } else if less(&a.0, &b.0) {
        (sub(&b.0, &a.0), b.1)
    } else {
        (sub(&a.0, &b.0), a.1)
    }
}

/// The relation (c0, c1), or (-c0, -c1) (the same congruence), with c1 > 0.
fn normalized(c0: Signed, c1: Signed) -> HalfSizeMultiple {
    HalfSizeMultiple {
        c0: Scalar(c0.0),
        c0_negative: c0.1 != c1.1,
        c1: Scalar(c1.0),
    }
}

/// Whether x < 2^128. Two comparisons, not `x[2] | x[3] == 0`: that form's `^` mutant
/// differs only when x[2] == x[3] != 0, which no test input reaches (cargo-mutants,
/// TESTING.md).
fn below_2_128(x: &U256) -> bool {
    x[2] == 0 && x[3] == 0
}

/// Bits of the leading parts a Lehmer phase works on: 62, so that every sum below fits
/// an `i64` (the parts are below 2^62, the cofactors no larger).
const LEAD: usize = 62;

/// The most steps a Lehmer phase takes: its cofactors stay below 2^62 and grow at
/// least as the Fibonacci numbers do, so at most 89 steps.
const MAX_PHASE: usize = 90;

/// A Lehmer phase (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L) on a > b with a ≥ 2^62:
/// the Euclidean steps that the leading 62 bits of a (and the same bits of b) fix.
/// Returns their number k and writes `cofactors[j - 1]` = [A, B, C, D] for j = 1..=k:
/// the first j steps on (a, b) take it to (A·a + B·b, C·a + D·b). The quotient of each
/// step lies between ⌊(x + A)/(y + C)⌋ and ⌊(x + B)/(y + D)⌋, x and y the leading parts
/// and A..D the cofactors so far; a step is taken only when the two agree (and the
/// divisors are positive), so it is the step on the full numbers. k = 0 when the first
/// quotient is not fixed (a large one, or b much shorter than a).
fn lehmer(a: &U256, b: &U256, cofactors: &mut [[i64; 4]; MAX_PHASE]) -> usize {
    let e = bits(a) - LEAD;
    // Below 2^62: a has e + 62 bits, and b < a.
    let (mut x, mut y) = (top_bits(a, e) as i64, top_bits(b, e) as i64);
    let (mut ca, mut cb, mut cc, mut cd) = (1i64, 0i64, 0i64, 1i64);
    let mut steps = 0;
    while steps < MAX_PHASE && y + cc > 0 && y + cd > 0 {
        let q = (x + ca) / (y + cc);
        if q == 0 || q != (x + cb) / (y + cd) {
            break;
        }
        (ca, cc) = (cc, ca - q * cc);
        (cb, cd) = (cd, cb - q * cd);
        (x, y) = (y, x - q * y);
        cofactors[steps] = [ca, cb, cc, cd];
        steps += 1;
    }
    steps
}

/// a·x + b·y for a Lehmer phase's cofactors or their magnitudes (|a|, |b| < 2^62), where
/// the caller knows the result is in [0, 2^256): each column's two products and carry
/// fit an `i128`. Along Euclid the coefficients' magnitudes follow
/// t_(i+1) = t_(i-1) + q·t_i where the remainders follow r_(i+1) = r_(i-1) - q·r_i, so a
/// phase maps them by the magnitudes of the remainders' cofactors.
fn combine(a: i64, x: &U256, b: i64, y: &U256) -> U256 {
    let mut out = [0u64; 4];
    let mut acc = 0i128;
    for i in 0..4 {
        acc += i128::from(a) * i128::from(x[i]) + i128::from(b) * i128::from(y[i]);
        out[i] = acc as u64;
        acc >>= 64;
    }
    out
}

/// One Euclidean step: (a mod b, t_prev + q·t) with q = ⌊a / b⌋, b ≠ 0. Callers keep
/// t_prev + q·t below 2^256 (it is at most N).
///
/// Quotients are mostly small (Gauss-Kuzmin: 1 with probability 42%, 2 with 17%, 3
/// with 9%), so up to three plain subtractions come first. A larger quotient is
/// estimated from the top bits: with a' = ⌊a / 2^e⌋ and b' = ⌊b / 2^e⌋, where e leaves b'
/// 64 bits long, q ≤ ⌊a'/b'⌋ ≤ q + 2 (the truncations lower b by less than 2^e ≤ b/2^63,
/// which raises a / b by at most a / 2^63·b < 2 when q < 2^62). So ⌊a'/b'⌋ - 2 is
/// subtracted at once and at most two single subtractions finish. Quotients of 2^62 and
/// more (bit lengths 62 apart) and divisors below 2^64 use binary long division.
#[inline]
fn div_step(a: &U256, b: &U256, t_prev: &U256, t: &U256) -> (U256, U256) {
    let mut rem = *a;
    let mut t_next = *t_prev;
    for _ in 0..3 {
        let Some(smaller) = checked_sub(&rem, b) else {
            return (rem, t_next);
        };
        rem = smaller;
        t_next = add(&t_next, t);
    }
    let (len_a, len_b) = (bits(&rem), bits(b));
    if len_b > 64 && len_a.saturating_sub(len_b) < 62 {
        let e = len_b - 64;
        let a_top = top_bits(&rem, e);
        let b_top = top_bits(b, e);
        let q_low = (a_top / b_top).saturating_sub(2) as u64;
        rem = sub(&rem, &mul_small(b, q_low));
        t_next = add(&t_next, &mul_small(t, q_low));
    } else {
        for j in (0..=len_a.saturating_sub(len_b)).rev() {
            if let Some(smaller) = checked_sub(&rem, &shl(b, j)) {
                rem = smaller;
                t_next = add(&t_next, &shl(t, j));
            }
        }
    }
    while let Some(smaller) = checked_sub(&rem, b) {
        rem = smaller;
        t_next = add(&t_next, t);
    }
    (rem, t_next)
}

/// ⌊x / 2^e⌋ for an x with at most e + 128 bits.
#[inline]
fn top_bits(x: &U256, e: usize) -> u128 {
    let mut y = *x;
    shift_right(&mut y, e);
    u128::from(y[0]) | (u128::from(y[1]) << 64)
}

/// x·m mod 2^256.
#[inline]
fn mul_small(x: &U256, m: u64) -> U256 {
    let mut out = [0u64; 4];
    let mut carry = 0u128;
    for i in 0..4 {
        let p = u128::from(x[i]) * u128::from(m) + carry;
        out[i] = p as u64;
        carry = p >> 64;
    }
    out
}

/// x + y mod 2^256.
fn add(x: &U256, y: &U256) -> U256 {
    add4(x, y).0
}

/// The bit length of x (0 for 0).
fn bits(x: &U256) -> usize {
    for i in (0..4).rev() {
        if x[i] != 0 {
            return 64 * i + 64 - x[i].leading_zeros() as usize;
        }
    }
    0
}

fn is_zero(x: &U256) -> bool {
    x.iter().all(|&l| l == 0)
}

/// x·2^s mod 2^256, s < 256 (callers keep the result below 2^256).
fn shl(x: &U256, s: usize) -> U256 {
    let (limbs, b) = (s / 64, s % 64);
    let mut out = [0u64; 4];
    for i in limbs..4 {
        let lo = x[i - limbs];
        let below = if i > limbs && b != 0 {
            x[i - limbs - 1] >> (64 - b)
        } else {
            0
        };
        out[i] = (lo << b) | below;
    }
    out
}

/// x < y.
fn less(x: &U256, y: &U256) -> bool {
    for i in (0..4).rev() {
        if x[i] != y[i] {
            return x[i] < y[i];
        }
    }
    false
}

/// x - y, or None if y > x.
#[inline]
fn checked_sub(x: &U256, y: &U256) -> Option<U256> {
    let (d, borrow) = sub4(x, y);
    (borrow == 0).then_some(d)
}

/// x - y for x ≥ y.
fn sub(x: &U256, y: &U256) -> U256 {
    sub4(x, y).0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lehmer phases on random pairs: every step a phase reports is the plain step
    /// (remainders and coefficient magnitudes both), and the phases are long. The
    /// result of `vartime_half_size_multiple` would not show a phase cut short, since
    /// the single steps finish the work: only the length does.
    #[test]
    fn lehmer_phases_are_the_plain_steps_and_long() {
        let mut state = 0x4c65_686d_6572_2121u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (cases, mut total) = (300, 0);
        let mut cofactors = [[0i64; 4]; MAX_PHASE];
        for _ in 0..cases {
            let a: U256 = [next(), next(), next(), next() | 1 << 63];
            let mut b: U256 = [next(), next(), next(), next()];
            b[3] %= a[3];
            let steps = lehmer(&a, &b, &mut cofactors);
            total += steps;
            let (mut r_prev, mut r, mut t_prev, mut t) = (a, b, [0; 4], [1, 0, 0, 0]);
            for (j, &[ca, cb, cc, cd]) in cofactors[..steps].iter().enumerate() {
                (r_prev, r, t_prev, t) = {
                    let (r_next, t_next) = div_step(&r_prev, &r, &t_prev, &t);
                    (r, r_next, t, t_next)
                };
                assert_eq!(combine(ca, &a, cb, &b), r_prev, "step {j}");
                assert_eq!(combine(cc, &a, cd, &b), r, "step {j}");
                let (zero, one) = ([0; 4], [1, 0, 0, 0]);
                let magnitudes = |x: i64, y: i64| combine(x.abs(), &zero, y.abs(), &one);
                assert_eq!(magnitudes(ca, cb), t_prev, "step {j}");
                assert_eq!(magnitudes(cc, cd), t, "step {j}");
            }
        }
        // 62 leading bits fix about 17 quotients of random numbers (5,092 in these 300).
        assert!(total >= cases * 14, "{total} steps in {cases} phases");
    }
}
