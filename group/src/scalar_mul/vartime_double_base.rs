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

use crate::backend::{self, Op, PointBackend};
use crate::models::Extended;
use crate::scalar_mul::naf_table;
use crate::{Point, Scalar};

/// Σ `a_naf[i]`·2^i·A + Σ `b_naf[i]`·2^i·B for width-5 and width-8 NAF digits.
///
/// Execution time depends on the inputs.
#[inline(always)]
pub(crate) fn vartime_mul<B: PointBackend>(
    b: B,
    a_naf: &[i8; 256],
    a: &B::Point,
    b_naf: &[i8; 256],
) -> B::Point {
    interleaved(
        b,
        core::slice::from_ref(b_naf),
        core::slice::from_ref(b.odd_base_multiples()),
        core::slice::from_ref(a_naf),
        &[naf_table(b, a)],
    )
}

/// Σ wide_nafs[i]·Pᵢ + Σ nafs[k]·Qₖ with one shared chain of doublings from the highest
/// nonzero digit (Straus's interleaving): width-8 NAF digits against precomputed
/// affine tables of 64 odd multiples (1·P … 127·P), width-5 NAF digits against cached
/// tables of 8 (1·Q … 15·Q). Zero digits cost nothing. The one variable-time Straus
/// loop: VarTimeDoubleScalarBaseMult, Straus multiscalar multiplication and the
/// precomputed multiscalar multiplication all run it.
///
/// Execution time depends on the inputs.
#[inline(always)]
pub(crate) fn interleaved<B: PointBackend>(
    b: B,
    wide_nafs: &[[i8; 256]],
    wide_tables: &[[B::Affine; 64]],
    nafs: &[[i8; 256]],
    tables: &[[B::Cached; 8]],
) -> B::Point {
    let top = (0..256)
        .rev()
        .find(|&i| wide_nafs.iter().chain(nafs).any(|n| n[i] != 0));
    let Some(top) = top else {
        return b.identity();
    };
    // r holds the sum so far, doubled at every position below the top one.
    let mut r = b.double_point(&b.identity());
    for i in (0..=top).rev() {
        if i != top {
            r = b.double(&r);
        }
        for (naf, table) in wide_nafs.iter().zip(wide_tables) {
            let d = naf[i];
            if d > 0 {
                r = b.add_affine(&b.to_extended(&r), &table[d as usize / 2]);
            } else if d < 0 {
                r = b.sub_affine(&b.to_extended(&r), &table[d.unsigned_abs() as usize / 2]);
            }
        }
        for (naf, table) in nafs.iter().zip(tables) {
            let d = naf[i];
            if d > 0 {
                r = b.add(&b.to_extended(&r), &table[d as usize / 2]);
            } else if d < 0 {
                r = b.sub(&b.to_extended(&r), &table[d.unsigned_abs() as usize / 2]);
            }
        }
    }
    b.to_extended(&r)
}

/// VarTimeDoubleScalarBaseMult as a backend operation.
#[derive(Clone, Copy)]
pub(crate) struct VartimeDoubleBase<'a> {
    pub(crate) a_naf: &'a [i8; 256],
    pub(crate) a: &'a Extended<FieldElement>,
    pub(crate) b_naf: &'a [i8; 256],
}

impl Op for VartimeDoubleBase<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        let a = b.from_point(self.a);
        b.to_point(&vartime_mul(b, self.a_naf, &a, self.b_naf))
    }
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
    pub fn vartime_double_scalar_mul_basepoint(a: &Scalar, A: &Point, b: &Scalar) -> Point {
        let a_naf = a.vartime_non_adjacent_form(5);
        let b_naf = b.vartime_non_adjacent_form(8);
        Point(backend::run(VartimeDoubleBase {
            a_naf: &a_naf,
            a: &A.0,
            b_naf: &b_naf,
        }))
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
        let t4 = crate::order_four_point();
        for pt in [a_point, a_point + t4, Point::IDENTITY, t4] {
            for (a, b) in cases {
                let want = pt * a + Point::mul_base(&b);
                let got = Point::vartime_double_scalar_mul_basepoint(&a, &pt, &b);
                assert_eq!(got, want);
                // The serial backend directly.
                let serial = backend::run_serial(VartimeDoubleBase {
                    a_naf: &a.vartime_non_adjacent_form(5),
                    a: &pt.0,
                    b_naf: &b.vartime_non_adjacent_form(8),
                });
                assert_eq!(Point(serial), want);
            }
        }
    }
}
