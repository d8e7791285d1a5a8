//! `Point::vartime_check_schnorr_equation` (and its cofactored form) against
//! curve25519-dalek computing `[s]B - [k]A` in full and comparing with R, on keys and
//! nonces with every torsion component, honest and wrong s, and challenges with no
//! half-size pair (the fallback path).

use crate::common;

use common::*;
use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::{EdwardsPoint, Scalar as DScalar};
use edwards25519_group::{Point, Scalar};
use rand::RngExt;

/// The reference: (cofactorless holds, cofactored holds), by dalek.
fn reference(s: &DScalar, r: &EdwardsPoint, k: &DScalar, a: &EdwardsPoint) -> (bool, bool) {
    let diff = EdwardsPoint::vartime_double_scalar_mul_basepoint(k, &-a, s) - r;
    (
        diff == EdwardsPoint::default(),
        diff.mul_by_cofactor() == EdwardsPoint::default(),
    )
}

#[test]
fn agrees_with_dalek() {
    let torsion = torsion();
    let mut rng = rng(0x5343_484e);
    let cases = cases(300, 20_000);
    let (mut strict_true, mut cofactored_only) = (0, 0);
    for i in 0..cases {
        let (a, da) = scalar_pair(&mut rng);
        let (r, dr) = scalar_pair(&mut rng);
        let (mut k, mut dk) = scalar_pair(&mut rng);
        if i % 97 == 0 {
            // l - 1: no half-size pair exists.
            (k, dk) = (-Scalar::ONE, -DScalar::ONE);
        }
        // Torsion on A and R in a quarter of the cases each.
        let (ta, dta) = if rng.random_range(0..4) == 0 {
            torsion[rng.random_range(0..8)]
        } else {
            (Point::IDENTITY, EdwardsPoint::default())
        };
        let (tr, dtr) = if rng.random_range(0..4) == 0 {
            torsion[rng.random_range(0..8)]
        } else {
            (Point::IDENTITY, EdwardsPoint::default())
        };
        let big_a = Point::mul_base(&a) + ta;
        let big_r = Point::mul_base(&r) + tr;
        let dbig_a = ED25519_BASEPOINT_POINT * da + dta;
        let dbig_r = ED25519_BASEPOINT_POINT * dr + dtr;
        // Honest s three times in four, else one off.
        let honest = rng.random_range(0..4) != 0;
        let s = r + k * a + if honest { Scalar::ZERO } else { Scalar::ONE };
        let ds = dr + dk * da + if honest { DScalar::ZERO } else { DScalar::ONE };
        let (want_strict, want_cofactored) = reference(&ds, &dbig_r, &dk, &dbig_a);
        assert_eq!(
            Point::vartime_check_schnorr_equation(&s, &big_r, &k, &big_a),
            want_strict,
            "case {i}: cofactorless"
        );
        assert_eq!(
            Point::vartime_check_schnorr_equation_cofactored(&s, &big_r, &k, &big_a),
            want_cofactored,
            "case {i}: cofactored"
        );
        strict_true += usize::from(want_strict);
        cofactored_only += usize::from(want_cofactored && !want_strict);
    }
    // Both answers occurred for each equation (the test can fail either way).
    assert!(
        strict_true > cases / 3 && cofactored_only > cases / 20,
        "{strict_true} {cofactored_only}"
    );
}
