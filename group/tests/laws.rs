//! Algebraic laws and API behaviour of `Point` that need no outside reference:
//! constant-time and variable-time paths agree, fixed-base and variable-base agree,
//! [l]P = identity exactly for torsion-free P, the multiscalar API's input forms
//! (slices, Vecs, arrays, filtered iterators, lying size hints), its length panics,
//! decoder totality (proptest) and the `DecodeError` each wrong input gets.

use crate::common;

use common::{L_MINUS_1, Tally, cases, rng};
use edwards25519_group::{DecodeError, FieldElement, Point, Scalar};
use proptest::prelude::*;
use rand::RngExt;
use rand::rngs::StdRng;

/// The 8 torsion points (ours only).
fn torsion() -> Vec<Point> {
    common::torsion().into_iter().map(|(p, _)| p).collect()
}

fn random_scalar(rng: &mut StdRng) -> Scalar {
    common::scalar_pair(rng).0
}

/// s·B + T with a random torsion point T (identity one time in 8).
fn random_point(rng: &mut StdRng, t: &[Point]) -> Point {
    Point::mul_base(&random_scalar(rng)) + t[rng.random_range(0..t.len())]
}

fn small(k: u8) -> Scalar {
    let mut b = [0u8; 32];
    b[0] = k;
    Scalar::from_bytes_mod_order(b)
}

#[test]
fn constant_time_and_variable_time_agree() {
    let tally = Tally::new("constant time vs variable time");
    let t = torsion();
    let mut rng = rng(11);
    for _ in 0..cases(100, 500) {
        let p = random_point(&mut rng, &t);
        let (a, b) = (random_scalar(&mut rng), random_scalar(&mut rng));
        // a·P + b·B three ways.
        let ct = p * a + Point::mul_base(&b);
        assert_eq!(ct, Point::vartime_double_scalar_mul_basepoint(&a, &p, &b));
        assert_eq!(
            ct,
            Point::vartime_multiscalar_mul([a, b], [p, Point::GENERATOR])
        );
        assert_eq!(ct, Point::multiscalar_mul([a, b], [p, Point::GENERATOR]));
        // One random-size multiscalar both ways.
        let n = rng.random_range(1..40);
        let s: Vec<Scalar> = (0..n).map(|_| random_scalar(&mut rng)).collect();
        let q: Vec<Point> = (0..n).map(|_| random_point(&mut rng, &t)).collect();
        assert_eq!(
            Point::multiscalar_mul(&s, &q),
            Point::vartime_multiscalar_mul(&s, &q)
        );
        tally.add(4);
    }
    tally.report();
}

/// Constant-time Straus against vartime Pippenger, past the crossover.
#[test]
fn constant_time_and_variable_time_agree_on_many_terms() {
    let t = torsion();
    let mut rng = rng(16);
    for n in [256usize, cases(300, 1024)] {
        let s: Vec<Scalar> = (0..n).map(|_| random_scalar(&mut rng)).collect();
        // Distinct points without n base multiplications: P, P + Q + T_1, ...
        let (p0, q) = (random_point(&mut rng, &t), random_point(&mut rng, &t));
        let p: Vec<Point> = (0..n)
            .scan(p0, |acc, i| {
                *acc += q + t[i % t.len()];
                Some(*acc)
            })
            .collect();
        assert_eq!(
            Point::multiscalar_mul(&s, &p),
            Point::vartime_multiscalar_mul(&s, &p),
            "n = {n}"
        );
    }
}

#[test]
fn fixed_base_and_variable_base_agree() {
    let tally = Tally::new("fixed base vs variable base");
    let mut rng = rng(12);
    for _ in 0..cases(200, 1_000) {
        let s = random_scalar(&mut rng);
        let fixed = Point::mul_base(&s);
        assert_eq!(fixed, Point::GENERATOR * s);
        assert_eq!(fixed, s * Point::GENERATOR);
        assert_eq!(fixed, Point::multiscalar_mul([s], [Point::GENERATOR]));
        tally.add(3);
    }
    tally.report();
}

#[test]
fn group_order_annihilates_exactly_the_torsion_free_points() {
    let tally = Tally::new("[l]P = identity iff torsion-free");
    let t = torsion();
    let l_minus_1 = Scalar::from_bytes_mod_order(L_MINUS_1);
    let mut rng = rng(13);
    for _ in 0..cases(100, 500) {
        let p = Point::mul_base(&random_scalar(&mut rng));
        // l·P = (l-1)·P + P, computed by four different multiplications.
        assert!((p * l_minus_1 + p).is_identity());
        assert!(Point::multiscalar_mul([l_minus_1, Scalar::ONE], [p, p]).is_identity());
        assert!(Point::vartime_multiscalar_mul([l_minus_1, Scalar::ONE], [p, p]).is_identity());
        assert!(Point::vartime_double_scalar_mul_basepoint(&l_minus_1, &p, &Scalar::ZERO) == -p);
        assert!(p.is_torsion_free());
        // With a torsion component T != identity: l·(P + T) = l·T = (l mod 8)·T = 5·T
        // is not the identity (5 is prime to every order dividing 8).
        let tp = t[rng.random_range(0..t.len())];
        let q = p + tp;
        assert_eq!((q * l_minus_1 + q).is_identity(), tp.is_identity());
        assert_eq!(q.is_torsion_free(), tp.is_identity());
        assert_eq!(q * l_minus_1 + q, tp * small(5));
        tally.add(8);
    }
    tally.report();
}

#[test]
fn multiscalar_input_forms() {
    let t = torsion();
    let mut rng = rng(14);
    let s: Vec<Scalar> = (0..12).map(|_| random_scalar(&mut rng)).collect();
    let p: Vec<Point> = (0..12).map(|_| random_point(&mut rng, &t)).collect();
    let want: Point = s.iter().zip(&p).map(|(a, q)| q * a).sum();
    for f in [
        Point::multiscalar_mul::<&Vec<Scalar>, &Vec<Point>>,
        Point::vartime_multiscalar_mul,
    ] {
        assert_eq!(f(&s, &p), want);
    }
    // Slices, Vecs by value, iterators of references and of values, arrays.
    assert_eq!(Point::multiscalar_mul(&s[..], &p[..]), want);
    assert_eq!(Point::vartime_multiscalar_mul(s.clone(), p.clone()), want);
    assert_eq!(Point::multiscalar_mul(s.iter(), p.iter().copied()), want);
    assert_eq!(
        Point::vartime_multiscalar_mul(s.iter().copied(), p.iter()),
        want
    );
    let arr_s: [Scalar; 2] = [s[0], s[1]];
    let arr_p: [Point; 2] = [p[0], p[1]];
    assert_eq!(
        Point::multiscalar_mul(arr_s, arr_p),
        p[0] * s[0] + p[1] * s[1]
    );

    // Filtered iterators: size hints say (0, Some(12)), the real length is 6.
    let even_s = s
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, x)| x);
    let even_p = p
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, x)| x);
    let want_even: Point = (0..12).step_by(2).map(|i| p[i] * s[i]).sum();
    assert_eq!(
        Point::multiscalar_mul(even_s.clone(), even_p.clone()),
        want_even
    );
    assert_eq!(Point::vartime_multiscalar_mul(even_s, even_p), want_even);

    // An iterator whose size hint lies (claims 100 items, yields 12).
    assert_eq!(Point::multiscalar_mul(Lying(s.iter()), &p), want);
    assert_eq!(Point::vartime_multiscalar_mul(&s, Lying(p.iter())), want);

    // Zero terms give the identity.
    assert_eq!(
        Point::multiscalar_mul(Vec::<Scalar>::new(), Vec::<Point>::new()),
        Point::IDENTITY
    );
    assert_eq!(
        Point::vartime_multiscalar_mul(&s[..0], &p[..0]),
        Point::IDENTITY
    );
    assert_eq!(
        Point::vartime_multiscalar_mul(s.iter().filter(|_| false), p.iter().filter(|_| false)),
        Point::IDENTITY
    );
}

/// Wraps an iterator and reports a wrong (too large, "exact") size hint.
struct Lying<I>(I);

impl<I: Iterator> Iterator for Lying<I> {
    type Item = I::Item;
    fn next(&mut self) -> Option<I::Item> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (100, Some(100))
    }
}

const LENGTHS: &str = "multiscalar multiplication: scalars and points have different lengths";

#[test]
#[should_panic(expected = "multiscalar multiplication: scalars and points have different lengths")]
fn length_mismatch_panics_constant_time() {
    let _ = Point::multiscalar_mul([Scalar::ONE, Scalar::ONE], [Point::GENERATOR]);
}

#[test]
#[should_panic(expected = "multiscalar multiplication: scalars and points have different lengths")]
fn length_mismatch_panics_vartime() {
    let _ = Point::vartime_multiscalar_mul([Scalar::ONE], [Point::GENERATOR; 3]);
}

#[test]
#[should_panic(expected = "multiscalar multiplication: scalars and points have different lengths")]
fn length_mismatch_panics_with_lying_size_hints() {
    // Both claim 100 items; 3 scalars against 2 points.
    let s = [Scalar::ONE; 3];
    let p = [Point::GENERATOR; 2];
    let _ = Point::vartime_multiscalar_mul(Lying(s.iter()), Lying(p.iter()));
}

#[test]
#[should_panic(expected = "multiscalar multiplication: scalars and points have different lengths")]
fn length_mismatch_panics_large_vartime() {
    // Past the Pippenger crossover too.
    let _ = Point::vartime_multiscalar_mul(vec![Scalar::ONE; 400], vec![Point::GENERATOR; 401]);
}

#[test]
fn length_message_is_the_documented_one() {
    let r = std::panic::catch_unwind(|| {
        Point::multiscalar_mul(vec![Scalar::ONE; 0], vec![Point::GENERATOR; 1])
    });
    let err = r.expect_err("must panic");
    let msg = err
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| err.downcast_ref::<&str>().copied())
        .expect("a string message");
    assert_eq!(msg, LENGTHS);
}

#[test]
fn decode_errors() {
    // y = 1, sign bit set: x = 0, "negative zero".
    let mut neg_zero = [0u8; 32];
    neg_zero[0] = 1;
    neg_zero[31] = 0x80;
    assert_eq!(Point::from_bytes(&neg_zero), Ok(Point::IDENTITY));
    assert_eq!(
        Point::from_canonical_bytes(&neg_zero),
        Err(DecodeError::NonCanonicalSign)
    );

    // y = p + 1 = 1 (mod p): accepted by the upstream rules only.
    let mut p_plus_1 = [0xff; 32];
    p_plus_1[0] = 0xee;
    p_plus_1[31] = 0x7f;
    assert_eq!(Point::from_bytes(&p_plus_1), Ok(Point::IDENTITY));
    assert_eq!(
        Point::from_canonical_bytes(&p_plus_1),
        Err(DecodeError::NonCanonicalY)
    );

    // A y with no x: found with dalek (the first y = 2, 3, ... that does not decompress);
    // y >= p takes precedence in the strict decoder, as documented.
    let mut off_curve = [0u8; 32];
    for y in 2u8.. {
        off_curve[0] = y;
        if curve25519_dalek::edwards::CompressedEdwardsY(off_curve)
            .decompress()
            .is_none()
        {
            break;
        }
    }
    assert_eq!(Point::from_bytes(&off_curve), Err(DecodeError::NotOnCurve));
    assert_eq!(
        Point::from_canonical_bytes(&off_curve),
        Err(DecodeError::NotOnCurve)
    );
    // The same y + p, if it is below 2^255 (y < 19): non-canonical first.
    let y = off_curve[0];
    if y < 19 {
        let mut b = [0xff; 32];
        b[0] = 0xed + y;
        b[31] = 0x7f;
        assert_eq!(Point::from_bytes(&b), Err(DecodeError::NotOnCurve));
        assert_eq!(
            Point::from_canonical_bytes(&b),
            Err(DecodeError::NonCanonicalY)
        );
    }

    // Errors say why and are std errors.
    for e in [
        DecodeError::NotOnCurve,
        DecodeError::NonCanonicalY,
        DecodeError::NonCanonicalSign,
        DecodeError::InvalidCoordinates,
        DecodeError::InvalidLength {
            expected: 32,
            actual: 31,
        },
    ] {
        let err: &dyn std::error::Error = &e;
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn extended_coordinates() {
    let t = torsion();
    let mut rng = rng(15);
    let zero = FieldElement::ZERO;
    let one = FieldElement::ONE;
    for _ in 0..cases(20, 200) {
        let p = random_point(&mut rng, &t);
        let (x, y, z, tt) = p.extended_coordinates();
        assert_eq!(Point::from_extended_coordinates(x, y, z, tt), Ok(p));
        // Any nonzero multiple of all four is the same point.
        let lambda = FieldElement::from_bytes(&rng.random());
        if lambda != zero {
            let q =
                Point::from_extended_coordinates(x * lambda, y * lambda, z * lambda, tt * lambda);
            assert_eq!(q, Ok(p));
        }
        // Breaking one coordinate breaks a check.
        assert!(Point::from_extended_coordinates(x + one, y, z, tt).is_err());
        assert_eq!(
            Point::from_extended_coordinates(x, y, zero, tt),
            Err(DecodeError::InvalidCoordinates)
        );
    }
    assert_eq!(
        Point::from_extended_coordinates(zero, zero, zero, zero),
        Err(DecodeError::InvalidCoordinates)
    );
    // X·Y = Z·T holds, but (1, 1) is not on the curve (-1 + 1 != 1 + d).
    assert_eq!(
        Point::from_extended_coordinates(one, one, one, one),
        Err(DecodeError::NotOnCurve)
    );
}

proptest! {
    #![proptest_config(common::proptest_cases(512, 10_000))]

    /// Both decoders are total over arbitrary bytes, and consistent with each other and
    /// with the encoder.
    #[test]
    fn decoders_are_total(bytes in proptest::array::uniform32(any::<u8>())) {
        let loose = Point::from_bytes(&bytes);
        let strict = Point::from_canonical_bytes(&bytes);
        match (loose, strict) {
            (Ok(p), Ok(q)) => {
                prop_assert_eq!(p, q);
                prop_assert_eq!(p.to_bytes(), bytes);
            }
            (Ok(p), Err(e)) => {
                prop_assert!(matches!(e, DecodeError::NonCanonicalY | DecodeError::NonCanonicalSign));
                prop_assert_ne!(p.to_bytes(), bytes);
                prop_assert_eq!(Point::from_canonical_bytes(&p.to_bytes()), Ok(p));
            }
            (Err(e), Err(f)) => {
                prop_assert_eq!(e, DecodeError::NotOnCurve);
                prop_assert!(matches!(f, DecodeError::NotOnCurve | DecodeError::NonCanonicalY));
            }
            (Err(e), Ok(q)) => prop_assert!(false, "strict accepted {:?}, loose said {:?}", q, e),
        }
    }

    /// The same near the top of the range, where y >= p lives.
    #[test]
    fn decoders_are_total_near_p(low in any::<u8>(), sign in any::<bool>()) {
        let mut b = [0xff; 32];
        b[0] = low;
        b[31] = if sign { 0xff } else { 0x7f };
        let loose = Point::from_bytes(&b);
        let strict = Point::from_canonical_bytes(&b);
        if low >= 0xed {
            prop_assert_eq!(strict, Err(DecodeError::NonCanonicalY));
        }
        if let Ok(p) = loose {
            prop_assert_eq!(Point::from_canonical_bytes(&p.to_bytes()), Ok(p));
        }
    }
}
