//! ScalarBaseMult: s·B in constant time from the precomputed table of B.
//!
//! With signed radix-16 digits s = Σ dₖ·16^k (dₖ in [-8, 8)), split k = 2i + e:
//!
//! s·B = 16·Σᵢ d₂ᵢ₊₁·(16^(2i)·B) + Σᵢ d₂ᵢ·(16^(2i)·B)
//!
//! and every term dₖ·16^(2i)·B is a signed lookup in row i of `BASE_TABLE`
//! (`[i][j] = (j+1)·16^(2i)·B`). So: 32 mixed additions of the odd digits, 4 doublings,
//! 32 mixed additions of the even digits. Cost: 64 × 7M + 4 doublings.
//!
//! Constant time: the loops are fixed, every lookup is a full scan
//! ([`select`](crate::backend::PointBackend::select)), and the additions are complete.

use core::any::Any;

use edwards25519_field::FieldElement;

use crate::backend::dispatch;
use crate::backend::{Op, PointBackend};
use crate::models::Extended;
use crate::scalar_mul::double_times;
use crate::{Point, Scalar};

/// Σ dₖ·16^k·P for digits dₖ in [-8, 8], from P's table `[i][j] = (j + 1)·16^(2i)·P`
/// (see the module docs; P is B for ScalarBaseMult, any point for a
/// `FixedBaseTable`).
#[inline(always)]
pub(crate) fn mul_base<B: PointBackend>(
    b: B,
    table: &[[B::Affine; 8]; 32],
    digits: &[i8; 64],
) -> B::Point {
    if let Some((odd, even)) = b.sum_digits(table, digits) {
        // 16·(odd digits' sum) + (even digits' sum): one full addition more than the
        // loops below, which the backend's own sums more than repay (IFMA: two
        // independent chains; AVX2: four partial sums, one point per lane).
        let p = b.to_extended(&double_times(b, &odd, 4));
        return b.to_extended(&b.add(&p, &b.to_cached(&even)));
    }
    let mut p = b.identity();
    for (row, pair) in table.iter().zip(digits.chunks_exact(2)) {
        p = b.to_extended(&b.add_affine(&p, &b.select_affine(row, pair[1])));
    }
    p = b.to_extended(&double_times(b, &p, 4));
    for (row, pair) in table.iter().zip(digits.chunks_exact(2)) {
        p = b.to_extended(&b.add_affine(&p, &b.select_affine(row, pair[0])));
    }
    p
}

/// ScalarBaseMult as a backend operation (the tests and the fuzz hook run it on every
/// backend; the library runs [`TableWalk`], the same walk).
#[cfg(any(test, feature = "fuzzing"))]
#[derive(Clone, Copy)]
pub(crate) struct MulBase<'a>(pub(crate) &'a [i8; 64]);

#[cfg(any(test, feature = "fuzzing"))]
impl Op for MulBase<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        b.to_point(&mul_base(b, b.base_table(), self.0))
    }
}

/// The fixed-base walk over B's table (`rows` None: ScalarBaseMult) or over a
/// `FixedBaseTable`'s rows (`Box<[[B::Affine; 8]; 32]>` behind `dyn Any`), as one
/// backend operation, so each backend compiles the walk once for both. None for rows
/// of another backend's type (see `crate::scalar_mul::precomputed`).
#[derive(Clone, Copy)]
pub(crate) struct TableWalk<'a> {
    pub(crate) digits: &'a [i8; 64],
    pub(crate) rows: Option<&'a (dyn Any + Send + Sync)>,
}

impl Op for TableWalk<'_> {
    type Output = Option<Extended<FieldElement>>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Self::Output {
        let table = match self.rows {
            None => b.base_table(),
            Some(rows) => rows.downcast_ref::<[[B::Affine; 8]; 32]>()?,
        };
        Some(b.to_point(&mul_base(b, table, self.digits)))
    }
}

/// Σ dₖ·16^k·B for digits dₖ in [-8, 8] (the digits of any integer below 2^255, not
/// only of a reduced scalar: B has order l, so the integer need not be reduced), on the
/// backend for this CPU. Wipes nothing: the caller owns the digits.
pub(crate) fn mul_base_digits(digits: &[i8; 64]) -> Point {
    match dispatch::run(TableWalk { digits, rows: None }) {
        Some(p) => Point(p),
        // Without rows the walk takes B's table and always returns a point. (A
        // fallback through the variable-base multiplication here would link its every
        // backend copy into programs that never multiply another point: +56 KB.)
        None => unreachable!("the fixed-base walk over B's table returned no point"),
    }
}

impl Point {
    /// scalar·B, the base point times a (possibly secret) scalar (upstream
    /// `ScalarBaseMult`). Constant time.
    ///
    /// Uses a precomputed table of multiples of B (30 KiB, built at compile time),
    /// every lookup a full constant-time scan: 64 mixed additions and 4 doublings.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let s = Scalar::from(3u8);
    /// assert_eq!(Point::mul_base(&s), Point::GENERATOR + Point::GENERATOR + Point::GENERATOR);
    /// assert_eq!(Point::mul_base(&s), &Point::GENERATOR * &s);
    /// ```
    pub fn mul_base(scalar: &Scalar) -> Point {
        #[allow(unused_mut)]
        let mut digits = scalar.as_radix_16();
        let p = mul_base_digits(&digits);
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut digits);
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digits all at their extremes and a few scalars, against repeated doubling and
    /// addition (independent of the table).
    #[test]
    fn small_scalars_by_addition() {
        let mut want = Point::IDENTITY;
        let mut s = Scalar::ZERO;
        for _ in 0..40 {
            assert_eq!(Point::mul_base(&s), want);
            assert_eq!(Point::GENERATOR * s, want);
            want += Point::GENERATOR;
            s += Scalar::ONE;
        }
    }

    /// Powers of two 2^k·B for every k < 253, against doubling.
    #[test]
    fn powers_of_two() {
        let mut p = Point::GENERATOR;
        let mut s = Scalar::ONE;
        for k in 0..253 {
            assert_eq!(Point::mul_base(&s), p, "2^{k}");
            p = p.double();
            s += s;
        }
    }

    /// -1 = l - 1: every digit path including the top digit.
    #[test]
    fn minus_one() {
        assert_eq!(Point::mul_base(&-Scalar::ONE), -Point::GENERATOR);
        let minus_two = -(Scalar::ONE + Scalar::ONE);
        assert_eq!(Point::mul_base(&minus_two), -Point::GENERATOR.double());
    }

    /// s·B computed eight ways agrees, for pseudo-random s (xorshift-seeded wide bytes).
    #[test]
    fn eight_ways_agree() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..if cfg!(debug_assertions) { 16 } else { 200 } {
            let mut wide = [0u8; 64];
            for chunk in wide.chunks_exact_mut(8) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                chunk.copy_from_slice(&state.to_le_bytes());
            }
            let s = Scalar::from_bytes_mod_order_wide(&wide);
            let want = Point::mul_base(&s);
            let b = Point::GENERATOR;
            assert_eq!(b * s, want);
            assert_eq!(s * b, want);
            assert_eq!(Point(dispatch::run_serial(MulBase(&s.as_radix_16()))), want);
            let zero = Scalar::ZERO;
            assert_eq!(
                Point::vartime_double_scalar_mul_basepoint(&zero, &b, &s),
                want
            );
            assert_eq!(
                Point::vartime_double_scalar_mul_basepoint(&s, &b, &zero),
                want
            );
            // Split s = u + v between the two halves of the double-base product.
            let u = Scalar::from_bytes_mod_order(wide[..32].try_into().expect("32"));
            let v = s - u;
            assert_eq!(Point::mul_base(&u) + Point::mul_base(&v), want);
            assert_eq!(Point::vartime_double_scalar_mul_basepoint(&u, &b, &v), want);
        }
    }

    /// Every serial-backend result equals the selected backend's (the vector one where
    /// this CPU has it).
    #[test]
    fn serial_matches_selected() {
        for i in 0u8..16 {
            let s = Scalar::from_bytes_mod_order([i.wrapping_mul(37).wrapping_add(1); 32]);
            let portable = Point(dispatch::run_serial(MulBase(&s.as_radix_16())));
            assert_eq!(portable, Point::mul_base(&s));
        }
    }
}
