//! VarTimeDoubleScalarBaseMult: a·A + b·B for public inputs (signature verification).
//!
//! One shared chain of doublings from the highest nonzero digit: a in width-5 NAF
//! against the odd multiples 1·A … 15·A (a per-call table of 8 cached points), b in
//! width-8 NAF against the odd multiples 1·B … 127·B (64 affine cached points
//! precomputed at compile time, `tables::ODD_BASE_MULTIPLES`). Zero digits cost
//! nothing; about 256/6 additions for a and 256/9 for b, and up to 253 doublings.
//!
//! Execution time depends on the inputs.

use edwards25519_field::FieldElement;

use crate::backend::CurveField;
use crate::models::{Cached, Extended, Projective};
use crate::{Point, Scalar};

/// The odd cached multiples `[j] = (2j + 1)·A`, j in 0..8.
fn odd_multiples<F: CurveField>(a: &Extended<F>) -> [Cached<F>; 8] {
    let a2 = a.double().to_cached();
    let mut table = [a.to_cached(); 8];
    let mut acc = *a;
    for entry in table.iter_mut().skip(1) {
        acc = acc.add_cached(&a2).to_extended();
        *entry = acc.to_cached();
    }
    table
}

/// Σ a_naf[i]·2^i·A + Σ b_naf[i]·2^i·B for width-5 and width-8 NAF digits.
///
/// Execution time depends on the inputs.
pub(crate) fn vartime_mul<F: CurveField>(
    a_naf: &[i8; 256],
    a: &Extended<F>,
    b_naf: &[i8; 256],
) -> Extended<F> {
    let Some(top) = (0..256).rev().find(|&i| a_naf[i] != 0 || b_naf[i] != 0) else {
        return Extended::IDENTITY;
    };
    let a_table = odd_multiples(a);
    let b_table = F::odd_base_multiples();

    let mut r: Projective<F> = Extended::IDENTITY.to_projective();
    for i in (0..=top).rev() {
        let mut t = r.double();
        let da = a_naf[i];
        if da > 0 {
            t = t.to_extended().add_cached(&a_table[(da / 2) as usize]);
        } else if da < 0 {
            t = t.to_extended().sub_cached(&a_table[(-da / 2) as usize]);
        }
        let db = b_naf[i];
        if db > 0 {
            t = t.to_extended().add_affine(&b_table[(db / 2) as usize]);
        } else if db < 0 {
            t = t.to_extended().sub_affine(&b_table[(-db / 2) as usize]);
        }
        r = t.to_projective();
    }
    r.to_extended()
}

impl Point {
    /// a·A + b·B, with B the base point (upstream `VarTimeDoubleScalarBaseMult`), for
    /// public inputs only (signature verification): width-5 NAF for a, width-8 NAF
    /// with a precomputed table for b, one shared chain of doublings.
    ///
    /// Execution time depends on the inputs.
    #[allow(non_snake_case)]
    pub fn vartime_double_scalar_mul_basepoint(a: &Scalar, A: &Point, b: &Scalar) -> Point {
        let a_naf = a.vartime_non_adjacent_form(5);
        let b_naf = b.vartime_non_adjacent_form(8);
        Point(edwards25519_field::dispatch!(F => {
            vartime_mul::<F>(&a_naf, &A.0.convert::<F>(), &b_naf).convert::<FieldElement>()
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
        let t4 = Point::from_extended_coordinates(
            FieldElement::SQRT_M1,
            FieldElement::ZERO,
            FieldElement::ONE,
            FieldElement::ZERO,
        )
        .expect("order 4");
        for pt in [a_point, a_point + t4, Point::IDENTITY, t4] {
            for (a, b) in cases {
                let want = pt * a + Point::mul_base(&b);
                let got = Point::vartime_double_scalar_mul_basepoint(&a, &pt, &b);
                assert_eq!(got, want);
                // The portable body directly.
                let portable = vartime_mul::<FieldElement>(
                    &a.vartime_non_adjacent_form(5),
                    &pt.0,
                    &b.vartime_non_adjacent_form(8),
                );
                assert_eq!(Point(portable), want);
            }
        }
    }
}
