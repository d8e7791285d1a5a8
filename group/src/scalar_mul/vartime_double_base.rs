//! VarTimeDoubleScalarBaseMult: a·A + b·B for public inputs (signature verification).
//!
//! One shared chain of doublings from the highest nonzero digit: a in width-5 NAF
//! against the odd multiples 1·A … 15·A (a per-call table of 8 cached points), b in
//! width-8 NAF against the odd multiples 1·B … 127·B (64 affine cached points
//! precomputed at compile time, `tables::ODD_BASE_MULTIPLES`). Zero digits cost
//! nothing; about 254/6 additions for a and 254/9 for b, and up to 253 doublings.
//!
//! Execution time depends on the inputs.

use edwards25519_field::FieldElement;

use crate::backend::dispatch;
use crate::backend::{Op, PointBackend};
use crate::models::Extended;
use crate::scalar_mul::naf_table_inline;
use crate::{Point, Scalar};

/// Σ wide_nafs\[i\]·Pᵢ + Σ nafs\[k\]·Qₖ with one shared chain of doublings from the highest
/// nonzero digit (Straus's interleaving): width-8 NAF digits against precomputed
/// affine tables of 64 odd multiples (1·P … 127·P), width-5 NAF digits against cached
/// tables of 8 (1·Q … 15·Q). Zero digits cost nothing. The one variable-time Straus
/// loop: VarTimeDoubleScalarBaseMult, Straus multiscalar multiplication and the
/// precomputed multiscalar multiplication all run it.
///
/// Execution time depends on the inputs.
#[inline(always)]
pub(crate) fn interleaved<B: PointBackend, W: AsRef<[B::Affine]>>(
    b: B,
    wide_nafs: &[[i8; 256]],
    wide_tables: &[W],
    nafs: &[[i8; 256]],
    tables: &[[B::Cached; 8]],
) -> B::Point {
    let top = wide_nafs.iter().chain(nafs).filter_map(top_digit).max();
    let Some(top) = top else {
        return b.identity();
    };
    // r holds the sum so far, doubled at every position below the top one.
    let mut r = b.double_point(&b.identity());
    for i in (0..=top).rev() {
        if i != top {
            r = b.double(&r);
        }
        // One addition each, the sign an argument (the serial backend compiles one
        // formula for both signs, see `PointBackend::add_signed`).
        for (naf, table) in wide_nafs.iter().zip(wide_tables) {
            let d = naf[i];
            if d != 0 {
                let q = &table.as_ref()[d.unsigned_abs() as usize / 2];
                r = b.add_signed_affine(&b.to_extended(&r), q, d < 0);
            }
        }
        for (naf, table) in nafs.iter().zip(tables) {
            let d = naf[i];
            if d != 0 {
                let q = &table[d.unsigned_abs() as usize / 2];
                r = b.add_signed(&b.to_extended(&r), q, d < 0);
            }
        }
    }
    b.to_extended(&r)
}

/// The position of the highest nonzero digit, eight digits at a time.
#[inline(always)]
fn top_digit(naf: &[i8; 256]) -> Option<usize> {
    for (w, chunk) in naf.chunks_exact(8).enumerate().rev() {
        let mut word = 0u64;
        for (k, &d) in chunk.iter().enumerate() {
            word |= u64::from(d as u8) << (8 * k);
        }
        if word != 0 {
            // Digit k of the chunk is byte k of the word.
            return Some(8 * w + 7 - (word.leading_zeros() / 8) as usize);
        }
    }
    None
}

/// VarTimeDoubleScalarBaseMult as a backend operation of its own: a·A in width-5 NAF
/// against a per-call table of A, b·B in width-8 NAF against the odd multiples of B.
/// Where the vector backends are compiled, [`Point::vartime_double_scalar_mul_basepoint`]
/// runs it: there [`BaseStraus`] with two zero NAFs measured 1.004-1.013× its time
/// (`before_after.sh`, LTO and cargo's default profile, IFMA), while the binary is
/// within its size target with both. Without them (the smallest build) it runs
/// [`BaseStraus`] (0.99×, one body less); the tests and the fuzz hook use this one.
#[cfg(any(test, feature = "fuzzing", edwards25519_vector))]
#[derive(Clone, Copy)]
pub(crate) struct VartimeDoubleBase<'a> {
    pub(crate) a_naf: &'a [i8; 256],
    pub(crate) a: &'a Extended<FieldElement>,
    pub(crate) b_naf: &'a [i8; 256],
}

#[cfg(any(test, feature = "fuzzing", edwards25519_vector))]
impl Op for VartimeDoubleBase<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        let a = b.from_point(self.a);
        b.to_point(&interleaved(
            b,
            core::slice::from_ref(self.b_naf),
            core::slice::from_ref(b.odd_base_multiples()),
            core::slice::from_ref(self.a_naf),
            &[naf_table_inline(b, &a)],
        ))
    }
}

/// Σ `wide[i]`·Bᵢ + Σ `nafs[k]`·`points[k]` with B₀ = B and B₁ = 2^128·B, as a backend
/// operation: width-8 NAFs against the compile-time tables of B and 2^128·B, width-5
/// NAFs against per-call tables of one or two points. The half-size Schnorr check (see
/// [`Point::vartime_check_schnorr_equation`]) runs it, for its rare full-length case
/// too, and in the smallest build so does VarTimeDoubleScalarBaseMult (B and one point,
/// the other two NAFs zero), so that build compiles the loop once, not once per
/// operation, and a program that only verifies signatures compiles no other copy. A
/// zero NAF costs one predicted branch per position, and its table is not built.
///
/// Execution time depends on the inputs.
#[derive(Clone, Copy)]
struct BaseStraus<'a> {
    /// Width-8 NAFs against B and 2^128·B.
    wide: &'a [[i8; 256]; 2],
    /// Width-5 NAFs against the points; the second is zero if there is one point.
    nafs: &'a [[i8; 256]; 2],
    /// The points: one or two (only the first two are used).
    points: &'a [Extended<FieldElement>],
}

impl Op for BaseStraus<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        let id = b.to_cached(&b.identity());
        let mut tables = [[id; 8]; 2];
        // A loop with a run-time count, not two calls: one copy of the table building.
        // Without a second point, its table stays the identity's and is never read.
        for (table, p) in tables.iter_mut().zip(self.points) {
            *table = naf_table_inline(b, &b.from_point(p));
        }
        // The tables and the loop inline, not through the routines
        // (`PointBackend::call`): called, either cost Verification 1.009-1.012×
        // (same-run A/B, `-C target-cpu=native`, IFMA).
        b.to_point(&interleaved(
            b,
            self.wide,
            &[b.odd_base_multiples(), b.odd_base_128_multiples()],
            self.nafs,
            &tables,
        ))
    }
}

/// `[c]([s]B - [k]A - R)` for some integer c coprime to 8l (so the result is the
/// identity exactly when `[s]B - [k]A - R` is, and has the same order).
///
/// With Pornin's half-size scalars (`Scalar::vartime_half_size_multiple`: c0 ≡ c1·k
/// mod 8l, c1 odd, both below 2^131) this is `[c1·s]B - [c0]A - [c1]R`, with c1·s split
/// at bit 128 over the width-8 tables of B and 2^128·B (`tables::ODD_BASE_MULTIPLES`
/// and `tables::ODD_BASE_128_MULTIPLES`): about 131 doublings instead of 253.
/// For the rare k without such a pair, c = 1 and the full-length double-base product
/// (through [`BaseStraus`] as well).
///
/// Execution time depends on the inputs.
fn schnorr_difference(s: &Scalar, r: &Point, k: &Scalar, a: &Point) -> Point {
    let Some(m) = k.vartime_half_size_multiple() else {
        return double_base_by_base_straus(k, &-a, s) - r;
    };
    let (lo, hi) = split_at_128(&(m.c1 * s));
    let s_lo = lo.vartime_non_adjacent_form(8);
    let s_hi = hi.vartime_non_adjacent_form(8);
    // -[c0]A = [|c0|](-A) for c0 > 0, [|c0|]A for c0 < 0.
    let a = if m.c0_negative { *a } else { -a };
    let minus_r = -r;
    let wide = [s_lo, s_hi];
    let nafs = [
        m.c0.vartime_non_adjacent_form(5),
        m.c1.vartime_non_adjacent_form(5),
    ];
    let points = [a.0, minus_r.0];
    Point(dispatch::run(BaseStraus {
        wide: &wide,
        nafs: &nafs,
        points: &points,
    }))
}

/// a·A + b·B by [`BaseStraus`] (B and one point, the other two NAFs zero).
#[allow(non_snake_case)]
fn double_base_by_base_straus(a: &Scalar, A: &Point, b: &Scalar) -> Point {
    Point(dispatch::run(BaseStraus {
        wide: &[b.vartime_non_adjacent_form(8), [0; 256]],
        nafs: &[a.vartime_non_adjacent_form(5), [0; 256]],
        points: core::slice::from_ref(&A.0),
    }))
}

/// (lo, hi) with s = lo + 2^128·hi, lo < 2^128.
fn split_at_128(s: &Scalar) -> (Scalar, Scalar) {
    let bytes = s.to_bytes();
    let (mut lo, mut hi) = ([0u8; 32], [0u8; 32]);
    lo[..16].copy_from_slice(&bytes[..16]);
    hi[..16].copy_from_slice(&bytes[16..]);
    (
        Scalar::from_bytes_mod_order(lo),
        Scalar::from_bytes_mod_order(hi),
    )
}

impl Point {
    /// a·A + b·B, with B the base point (upstream `VarTimeDoubleScalarBaseMult`), for
    /// public inputs only (signature verification): width-5 NAF for a, width-8 NAF
    /// with a precomputed table for b, one shared chain of doublings.
    ///
    /// Execution time depends on the inputs.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let (a, b) = (Scalar::from(7u8), Scalar::from(11u8));
    /// let A = Point::mul_base(&Scalar::from(5u8));
    /// let r = Point::vartime_double_scalar_mul_basepoint(&a, &A, &b);
    /// assert_eq!(r, &A * &a + Point::mul_base(&b));
    /// ```
    #[allow(non_snake_case)]
    // Compiled where it is called (docs/backends.md, "Build cost"); the Schnorr check
    // does not call it.
    #[inline]
    pub fn vartime_double_scalar_mul_basepoint(a: &Scalar, A: &Point, b: &Scalar) -> Point {
        #[cfg(edwards25519_vector)]
        {
            Point(dispatch::run(VartimeDoubleBase {
                a_naf: &a.vartime_non_adjacent_form(5),
                a: &A.0,
                b_naf: &b.vartime_non_adjacent_form(8),
            }))
        }
        #[cfg(not(edwards25519_vector))]
        double_base_by_base_straus(a, A, b)
    }

    /// Whether `[s]B = R + [k]A`, with B the base point: the equation of Schnorr-type
    /// signatures (Ed25519's cofactorless check, FROST's), for public inputs only.
    ///
    /// Faster than computing `[s]B - [k]A` and comparing: it checks
    /// `[c1·s]B - [c0]A - [c1]R = 0` for half-size integers with c0 ≡ c1·k (mod 8l) and
    /// c1 odd (Thomas Pornin, "Optimized lattice basis reduction in dimension 2, and
    /// fast Schnorr and EdDSA signature verification", 2020), which is the same
    /// equation multiplied by c1, and c1 is invertible on every point of the curve.
    /// About half the doublings.
    ///
    /// Execution time depends on the inputs.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let (x, nonce, k) = (Scalar::from(3u8), Scalar::from(5u8), Scalar::from(7u8));
    /// let (A, R) = (Point::mul_base(&x), Point::mul_base(&nonce));
    /// let s = nonce + k * x;
    /// assert!(Point::vartime_check_schnorr_equation(&s, &R, &k, &A));
    /// assert!(!Point::vartime_check_schnorr_equation(&(s + Scalar::ONE), &R, &k, &A));
    /// ```
    #[allow(non_snake_case)]
    pub fn vartime_check_schnorr_equation(s: &Scalar, R: &Point, k: &Scalar, A: &Point) -> bool {
        schnorr_difference(s, R, k, A).is_identity()
    }

    /// Whether `[8][s]B = [8]R + [8][k]A`: the cofactored form of
    /// [`Point::vartime_check_schnorr_equation`] (ZIP-215's Ed25519 rule), the same
    /// half-size method.
    ///
    /// Execution time depends on the inputs.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let (x, nonce, k) = (Scalar::from(3u8), Scalar::from(5u8), Scalar::from(7u8));
    /// let (A, R) = (Point::mul_base(&x), Point::mul_base(&nonce));
    /// let s = nonce + k * x;
    /// // A point of order 2 added to R changes the cofactorless answer only.
    /// let mut y_minus_one = [0xffu8; 32];
    /// (y_minus_one[0], y_minus_one[31]) = (0xec, 0x7f); // y = p - 1: the point (0, -1), of order 2
    /// let T = Point::from_bytes(&y_minus_one).unwrap();
    /// assert!(Point::vartime_check_schnorr_equation_cofactored(&s, &(R + T), &k, &A));
    /// assert!(!Point::vartime_check_schnorr_equation(&s, &(R + T), &k, &A));
    /// ```
    #[allow(non_snake_case)]
    pub fn vartime_check_schnorr_equation_cofactored(
        s: &Scalar,
        R: &Point,
        k: &Scalar,
        A: &Point,
    ) -> bool {
        schnorr_difference(s, R, k, A)
            .mul_by_cofactor()
            .is_identity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(seed: u8) -> Scalar {
        let mut wide = [0u8; 64];
        for (i, w) in wide.iter_mut().enumerate() {
            *w = seed
                .wrapping_mul(31)
                .wrapping_add((i as u8).wrapping_mul(17))
                ^ 0x5a;
        }
        Scalar::from_bytes_mod_order_wide(&wide)
    }

    /// Agrees with the constant-time paths, including zero and extreme scalars.
    #[test]
    fn agrees_with_constant_time() {
        let big = -Scalar::ONE;
        let cases = [
            (Scalar::ZERO, Scalar::ZERO),
            (Scalar::ONE, Scalar::ZERO),
            (Scalar::ZERO, Scalar::ONE),
            (big, big),
            (scalar(1), scalar(2)),
            (scalar(3), Scalar::ZERO),
            (Scalar::ZERO, scalar(4)),
            (scalar(5), big),
        ];
        let a_point = Point::mul_base(&scalar(9));
        let t4 = crate::point::order_four_point();
        for pt in [a_point, a_point + t4, Point::IDENTITY, t4] {
            for (a, b) in cases {
                let want = pt * a + Point::mul_base(&b);
                let got = Point::vartime_double_scalar_mul_basepoint(&a, &pt, &b);
                assert_eq!(got, want);
                // The Schnorr check's full-length case.
                assert_eq!(double_base_by_base_straus(&a, &pt, &b), want);
                // The serial backend directly.
                let serial = dispatch::run_serial(VartimeDoubleBase {
                    a_naf: &a.vartime_non_adjacent_form(5),
                    a: &pt.0,
                    b_naf: &b.vartime_non_adjacent_form(8),
                });
                assert_eq!(Point(serial), want);
            }
        }
    }
}
