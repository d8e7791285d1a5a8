//! Constant-time inversion modulo l with the Bernstein-Yang "safegcd" algorithm
//! (Bernstein and Yang, "Fast constant-time gcd computation and modular inversion",
//! 2019), in its half-delta form: divsteps on (δ, f, g) starting from δ = 1/2,
//! f = l, g = x,
//!
//! ```text
//! δ > 0 and g odd:  (δ, f, g) <- (1 - δ, g, (g - f)/2)
//! g odd otherwise:  (δ, f, g) <- (1 + δ, f, (g + f)/2)
//! g even:           (δ, f, g) <- (1 + δ, f, g/2)
//! ```
//!
//! reach g = 0, f = ±gcd(l, x) = ±1. For 0 <= g <= f <= M this takes at most
//! ⌊(3787·log2(M) + 2166) / 1644⌋ steps (P. Wuille, "Bounds on divsteps iterations in
//! safegcd", sipa/safegcd-bounds, verified for all 4257874 <= M <= 2^3805): 581 for
//! M = l. We run 10 batches of 62 = 620 steps, always, so the work does not depend on
//! x. Each batch runs its 62 steps on the low 62 bits of f and g only (their limb 0),
//! recording a transition matrix, then applies the matrix to the full f, g and to the
//! coefficients d, e that track f ≡ d·x and g ≡ e·x (mod l). At the end x^-1 = ±d.
//!
//! Every step is branch-free arithmetic on masks; the only loops have constant bounds.

use crate::limbs::Limbs;

/// 2^62 - 1.
const M62: u64 = (1 << 62) - 1;

/// A signed integer in radix 2^62: `Σ v[i]·2^(62·i)`. **Invariant** between operations:
/// limbs 0..4 in [0, 2^62), limb 4 signed (its sign is the sign of the value).
type Signed62 = [i64; 5];

/// l in radix 2^62.
const L62: Signed62 = [0x1812_631a_5cf5_d3ed, 0x137b_e77a_8bde_7359, 1, 0, 16];

/// -l in radix 2^62 (normalised: limbs 0..4 non-negative, limb 4 negative).
const NEG_L62: Signed62 = [
    0x27ed_9ce5_a30a_2c13,
    0x2c84_1885_7421_8ca6,
    0x3fff_ffff_ffff_fffe,
    0x3fff_ffff_ffff_ffff,
    -0x11,
];

/// l^-1 mod 2^62.
const L_INV_62: u64 = 0x2d4a_e25c_edab_81e5;

/// The transition matrix of 62 divsteps: 2^62·[f'; g'] = [u v; q r]·[f; g].
/// Bounds: |u| + |v| <= 2^62 and |q| + |r| <= 2^62 (each step at most doubles a row sum).
struct Matrix {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// Runs 62 divsteps on f0 = f mod 2^62 (odd) and g0 = g mod 2^62, with zeta = 2δ (an
/// odd integer, so δ > 0 iff zeta > 0). Returns the new zeta and the matrix. Valid
/// because a step's choice reads only bit 0 of g, and each step's halving leaves one
/// bit fewer of f and g determined by f0 and g0: 62 bits decide 62 steps. The matrix
/// depends on the choices only.
fn divsteps_62(mut zeta: i64, f0: u64, g0: u64) -> (i64, Matrix) {
    let (mut f, mut g) = (f0, g0);
    // Invariant after step i: 2^i·f_i = u·f0 + v·g0 and 2^i·g_i = q·f0 + r·g0 (mod 2^64).
    let (mut u, mut v, mut q, mut r) = (1i64, 0i64, 0i64, 1i64);
    for _ in 0..62 {
        // swap: all ones iff δ > 0 and g is odd (masks, not branches).
        let delta_pos = zeta.wrapping_neg() >> 63; // -1 iff zeta > 0
        let g_odd = (g & 1).wrapping_neg() as i64; // -1 iff g odd
        let swap = delta_pos & g_odd;
        // Conditionally (f, g, u, v, q, r, zeta) <- (g, -f, q, r, -u, -v, -zeta); then
        // the "g odd" update below turns -f into (g - f)/2 and -δ into 1 - δ.
        let sw = swap as u64;
        let neg_f = f.wrapping_neg();
        (f, g) = (f ^ (sw & (f ^ g)), g ^ (sw & (g ^ neg_f)));
        let (nu, nv) = (u.wrapping_neg(), v.wrapping_neg());
        (u, q) = (u ^ (swap & (u ^ q)), q ^ (swap & (q ^ nu)));
        (v, r) = (v ^ (swap & (v ^ r)), r ^ (swap & (r ^ nv)));
        zeta ^= swap & (zeta ^ zeta.wrapping_neg());
        // g odd (still odd after a swap, since f is odd): g += f, row 2 += row 1.
        g = g.wrapping_add(f & g_odd as u64);
        q = q.wrapping_add(u & g_odd);
        r = r.wrapping_add(v & g_odd);
        // Halve g; doubling row 1 instead keeps the matrix integral.
        g >>= 1;
        u = u.wrapping_shl(1);
        v = v.wrapping_shl(1);
        zeta = zeta.wrapping_add(2);
    }
    (zeta, Matrix { u, v, q, r })
}

/// `(a·x + b·y) / 2^62`, where the caller guarantees the division is exact.
/// With |a| + |b| <= 2^62 and limbs below 2^62, each partial sum stays below 2^126.
#[inline(always)]
fn combine_shift(a: i64, x: &Signed62, b: i64, y: &Signed62) -> Signed62 {
    let (a, b) = (a as i128, b as i128);
    let mut acc = a * x[0] as i128 + b * y[0] as i128;
    debug_assert!(acc as u64 & M62 == 0, "division by 2^62 not exact");
    acc >>= 62;
    let mut out = [0i64; 5];
    for i in 1..5 {
        acc += a * x[i] as i128 + b * y[i] as i128;
        out[i - 1] = (acc as u64 & M62) as i64;
        acc >>= 62;
    }
    out[4] = acc as i64;
    out
}

/// `(a·x + b·y + m·l) / 2^62` with m in [0, 2^62) chosen to make the division exact.
/// For |x|, |y| < l: |a·x + b·y| < 2^62·l and 0 <= m·l < 2^62·l, so the result lies in
/// (-l, 2l).
#[inline(always)]
fn combine_shift_mod_l(a: i64, x: &Signed62, b: i64, y: &Signed62) -> Signed62 {
    let low = (a as u64)
        .wrapping_mul(x[0] as u64)
        .wrapping_add((b as u64).wrapping_mul(y[0] as u64));
    let m = (low.wrapping_mul(L_INV_62).wrapping_neg() & M62) as i128;
    let (a, b) = (a as i128, b as i128);
    let mut acc = a * x[0] as i128 + b * y[0] as i128 + m * L62[0] as i128;
    debug_assert!(acc as u64 & M62 == 0, "division by 2^62 not exact");
    acc >>= 62;
    let mut out = [0i64; 5];
    for i in 1..5 {
        acc += a * x[i] as i128 + b * y[i] as i128 + m * L62[i] as i128;
        out[i - 1] = (acc as u64 & M62) as i64;
        acc >>= 62;
    }
    out[4] = acc as i64;
    out
}

/// `x + (c & mask)`, mask 0 or -1, limbs renormalised (both normalised on input).
#[inline(always)]
fn add_masked(x: &Signed62, c: &Signed62, mask: i64) -> Signed62 {
    let mut out = [0i64; 5];
    let mut carry = 0i64;
    for i in 0..4 {
        let t = x[i] + (c[i] & mask) + carry;
        out[i] = t & M62 as i64;
        carry = t >> 62;
    }
    out[4] = x[4] + (c[4] & mask) + carry;
    out
}

/// `-x`, limbs renormalised, when mask is -1; `x` when mask is 0.
#[inline(always)]
fn negate_masked(x: &Signed62, mask: i64) -> Signed62 {
    let mut out = [0i64; 5];
    let mut carry = 0i64;
    for i in 0..4 {
        let t = (x[i] ^ mask) - mask + carry;
        out[i] = t & M62 as i64;
        carry = t >> 62;
    }
    out[4] = (x[4] ^ mask) - mask + carry;
    out
}

/// Brings x in (-l, 2l) into (-l, l): subtracts l when x >= l. A negative x stays
/// negative: combine_shift_mod_l's bound needs only |d|, |e| < l, and `invert` adds l to
/// a negative result once, at the end.
#[inline(always)]
fn reduce_below_l(x: &Signed62) -> Signed62 {
    // y = x - l; keep x when y is negative (a mask from y's sign, not a branch).
    let y = add_masked(x, &NEG_L62, -1);
    let keep = y[4] >> 63;
    core::array::from_fn(|i| y[i] ^ (keep & (y[i] ^ x[i])))
}

fn to_signed62(x: &Limbs) -> Signed62 {
    [
        (x[0] & M62) as i64,
        (((x[0] >> 62) | (x[1] << 2)) & M62) as i64,
        (((x[1] >> 60) | (x[2] << 4)) & M62) as i64,
        (((x[2] >> 58) | (x[3] << 6)) & M62) as i64,
        (x[3] >> 56) as i64,
    ]
}

/// For x in [0, 2^256) with normalised limbs.
fn from_signed62(x: &Signed62) -> Limbs {
    let v = x.map(|limb| limb as u64);
    [
        v[0] | (v[1] << 62),
        (v[1] >> 2) | (v[2] << 60),
        (v[2] >> 4) | (v[3] << 58),
        (v[3] >> 6) | (v[4] << 56),
    ]
}

/// `x^-1 mod l` for reduced x; 0 maps to 0 (then g starts at 0 and d stays 0).
pub(crate) fn invert(x: &Limbs) -> Limbs {
    let mut f = L62;
    let mut g = to_signed62(x);
    // f ≡ d·x, g ≡ e·x (mod l); d, e in (-l, l) between batches.
    let mut d: Signed62 = [0; 5];
    let mut e: Signed62 = [1, 0, 0, 0, 0];
    let mut zeta = 1i64;
    for _ in 0..10 {
        let (z, m) = divsteps_62(zeta, f[0] as u64, g[0] as u64);
        zeta = z;
        (f, g) = (
            combine_shift(m.u, &f, m.v, &g),
            combine_shift(m.q, &f, m.r, &g),
        );
        (d, e) = (
            reduce_below_l(&combine_shift_mod_l(m.u, &d, m.v, &e)),
            reduce_below_l(&combine_shift_mod_l(m.q, &d, m.r, &e)),
        );
    }
    debug_assert!(g == [0; 5], "safegcd did not converge");
    // f = ±1 (or l when x = 0, where d = 0 anyway): x^-1 = sign(f)·d.
    // sign(f)·d is in (-l, l), so adding l when it is negative gives [0, l).
    let d = negate_masked(&d, f[4] >> 63);
    let d = add_masked(&d, &L62, d[4] >> 63);
    from_signed62(&d)
}

/// `x^(l-2) mod l` (Fermat) with fixed 4-bit windows: 252 squarings and one
/// multiplication per nonzero window of the public exponent. The reference that the
/// safegcd inversion is tested against, bit for bit.
#[cfg(test)]
pub(crate) fn invert_fermat(x: &Limbs) -> Limbs {
    use crate::limbs::{L, mul, square};
    // table[i] = x^i, i in 0..16.
    let mut table = [[1, 0, 0, 0]; 16];
    table[1] = *x;
    for i in 2..16 {
        table[i] = mul(&table[i - 1], x);
    }
    // l - 2 as 64 nibbles, most significant first (l's low limb is above 2: no borrow).
    let e = [L[0] - 2, L[1], L[2], L[3]];
    let nibble = |i: usize| ((e[i / 16] >> (4 * (i % 16))) & 15) as usize;
    let mut acc = table[nibble(63)];
    for i in (0..63).rev() {
        for _ in 0..4 {
            acc = square(&acc);
        }
        // Branching on the public exponent only.
        let d = nibble(i);
        if d != 0 {
            acc = mul(&acc, &table[d]);
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limbs::{L, from_le_bytes, reduce_wide};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            if cfg!(debug_assertions) { 1_000 } else { 10_000 }
        ))]

        #[test]
        fn safegcd_matches_fermat(bytes in any::<[u8; 64]>()) {
            let x = reduce_wide(&from_le_bytes(&bytes));
            prop_assert_eq!(invert(&x), invert_fermat(&x));
        }

        #[test]
        fn radix_62_round_trip(x in any::<[u64; 4]>()) {
            prop_assert_eq!(from_signed62(&to_signed62(&x)), x);
        }
    }

    #[test]
    fn edges() {
        let lm1 = [L[0] - 1, L[1], L[2], L[3]];
        for x in [
            [0u64; 4],
            [1, 0, 0, 0],
            [2, 0, 0, 0],
            lm1,
            [L[0] - 2, L[1], L[2], L[3]],
            [0, 0, 0, 1 << 59],
            [u64::MAX, u64::MAX, u64::MAX, (1 << 60) - 1],
        ] {
            assert_eq!(invert(&x), invert_fermat(&x), "x = {x:x?}");
        }
        assert_eq!(invert(&[0; 4]), [0; 4]);
        assert_eq!(invert(&lm1), lm1);
    }
}
