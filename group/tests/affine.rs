//! `AffinePoint`, `Point::to_affine`, `Point::batch_to_affine` and
//! `Point::to_montgomery_batch`, against curve25519-dalek 5 (`compress`,
//! `to_montgomery`, its scalar multiplication; its `AffinePoint` type is not public in
//! 5.0.0, `EdwardsPoint::to_affine` being crate-private) and the curve equation.
//!
//! Random points are s·B + T (s random, edge scalars one time in 8; T one of the 8
//! torsion points), built on each side with that side's own operations (`common`).
//! Coordinates are pinned independently: dalek's compressed encoding gives y and the
//! sign of x, and `from_coordinates` accepting (x, y) puts x on the curve, which leaves
//! only one x. Each test prints "cross-check NAME: N cases, zero disagreements"
//! (`cargo test --release --test suite affine:: -- --nocapture`).

#![allow(clippy::op_ref)] // every operator form is exercised on purpose

use crate::common;

use common::{Tally, cases, hex32, point_pair, rng, scalar_pair, torsion};
use curve25519_dalek::EdwardsPoint;
use curve25519_dalek::traits::Identity;
use edwards25519_group::montgomery::MontgomeryPoint;
use edwards25519_group::{AffinePoint, DecodeError, FieldElement, Point};
use rand::RngExt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// Checks one affine point against dalek's form of the same point.
fn check_affine(p: &Point, dp: &EdwardsPoint) {
    let a = p.to_affine();
    let enc = dp.compress().to_bytes();
    // y and the sign of x, from dalek's encoding.
    let mut y_bytes = enc;
    y_bytes[31] &= 0x7f;
    assert_eq!(a.y().to_bytes(), y_bytes);
    assert_eq!(a.x().to_bytes()[0] & 1, enc[31] >> 7);
    // On the curve, so x is the one with that sign.
    assert_eq!(AffinePoint::from_coordinates(&a.x(), &a.y()), Ok(a));
    // Round trips.
    assert_eq!(a.to_bytes(), enc);
    assert_eq!(a.to_point(), *p);
    // Each From impl: by value and by reference, both ways.
    assert_eq!(Point::from(a), *p);
    assert_eq!(Point::from(&a), *p);
    assert_eq!(AffinePoint::from(p), a);
    assert_eq!(AffinePoint::from(*p), a);
    assert_eq!(AffinePoint::from_bytes(&enc), Ok(a));
    assert_eq!(AffinePoint::from_canonical_bytes(&enc), Ok(a));
    assert_eq!(AffinePoint::try_from(&enc[..]), Ok(a));
    assert_eq!(a.to_point().to_affine(), a);
    // Negation: (-x, y), the affine form of -P.
    assert_eq!(-a, (-p).to_affine());
    assert_eq!((-a).to_bytes(), (-dp).compress().to_bytes());
    assert_eq!(-(-a), a);
}

#[test]
fn round_trips_random_points() {
    static TALLY: Tally = Tally::new("affine round trips, random");
    let mut r = rng(0xaff1);
    let t = torsion();
    for _ in 0..cases(200, 3000) {
        let (p, dp) = point_pair(&mut r, &t);
        check_affine(&p, &dp);
        TALLY.add(1);
    }
    TALLY.report();
}

/// The identity, the base point and its negative, the 8 torsion points, and B plus
/// each torsion point; and a point whose Z is far from 1 (a scaled representation).
#[test]
fn round_trips_edge_points() {
    static TALLY: Tally = Tally::new("affine round trips, edge points");
    let b = Point::GENERATOR;
    let db = curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
    let mut pairs = vec![
        (Point::IDENTITY, EdwardsPoint::identity()),
        (b, db),
        (-b, -db),
    ];
    for (tp, dt) in torsion() {
        pairs.push((tp, dt));
        pairs.push((b + tp, db + dt));
    }
    for (p, dp) in &pairs {
        check_affine(p, dp);
        TALLY.add(1);
    }
    assert_eq!(Point::IDENTITY.to_affine(), AffinePoint::IDENTITY);
    assert_eq!(b.to_affine(), AffinePoint::GENERATOR);
    assert_eq!(AffinePoint::IDENTITY.x(), FieldElement::ZERO);
    assert_eq!(AffinePoint::IDENTITY.y(), FieldElement::ONE);
    assert_eq!(AffinePoint::default(), AffinePoint::IDENTITY);
    assert_eq!(AffinePoint::GENERATOR.to_point(), b);
    // A representation with Z = 7: the same affine point.
    let (x, y, z, t) = b.double().extended_coordinates();
    let seven = FieldElement::from_bytes(&{
        let mut s = [0u8; 32];
        s[0] = 7;
        s
    });
    let scaled = Point::from_extended_coordinates(x * seven, y * seven, z * seven, t * seven)
        .expect("a valid scaling");
    assert_eq!(scaled.to_affine(), b.double().to_affine());
    assert_eq!(
        Point::batch_to_affine(&[scaled, b.double()]),
        vec![b.double().to_affine(); 2]
    );
    TALLY.add(1);
    TALLY.report();
}

/// Off-curve coordinates are refused with `NotOnCurve`: hand-picked pairs, a valid
/// point with one coordinate nudged, and random pairs (a random (x, y) is on the curve
/// with probability about 2/p). On-curve special points are accepted.
#[test]
fn off_curve_coordinates_rejected() {
    let fe = |n: u8| {
        let mut b = [0u8; 32];
        b[0] = n;
        FieldElement::from_bytes(&b)
    };
    let (zero, one) = (FieldElement::ZERO, FieldElement::ONE);
    let (bx, by) = (AffinePoint::GENERATOR.x(), AffinePoint::GENERATOR.y());
    let off = [
        (zero, zero),
        (one, one),
        (zero, fe(2)),
        (one, zero),
        (bx + one, by),
        (bx, by + one),
        (by, bx),
        (-one, -one),
    ];
    for (x, y) in off {
        let err = AffinePoint::from_coordinates(&x, &y).expect_err("off the curve");
        assert_eq!(err, DecodeError::NotOnCurve);
        assert!(err.to_string().contains("not an edwards25519 point"));
    }
    let mut r = rng(0xaff2);
    let mut rejected = 0;
    for _ in 0..cases(200, 2000) {
        let x = FieldElement::from_bytes(&r.random());
        let y = FieldElement::from_bytes(&r.random());
        assert_eq!(
            AffinePoint::from_coordinates(&x, &y),
            Err(DecodeError::NotOnCurve)
        );
        rejected += 1;
    }
    assert!(rejected > 0);
    // On the curve: (0, ±1), (±sqrt(-1), 0), and -B.
    for (x, y) in [
        (zero, one),
        (zero, -one),
        (FieldElement::SQRT_M1, zero),
        (-FieldElement::SQRT_M1, zero),
        (-bx, by),
    ] {
        let a = AffinePoint::from_coordinates(&x, &y).expect("on the curve");
        assert_eq!((a.x(), a.y()), (x, y));
    }
}

/// Byte decoders: the lenient and strict rules and their errors, as `Point`'s.
#[test]
fn byte_decoding_errors() {
    // y = 2 has no x (test vector invalid_encodings of edwards25519_kat.json uses p + 2).
    let mut two = [0u8; 32];
    two[0] = 2;
    assert_eq!(AffinePoint::from_bytes(&two), Err(DecodeError::NotOnCurve));
    assert_eq!(Point::from_bytes(&two), Err(DecodeError::NotOnCurve));
    // x = 0 with the sign bit set: the identity's non-canonical encoding.
    let mut neg_zero = [0u8; 32];
    neg_zero[0] = 1;
    neg_zero[31] = 0x80;
    assert_eq!(
        AffinePoint::from_bytes(&neg_zero),
        Ok(AffinePoint::IDENTITY)
    );
    assert_eq!(
        AffinePoint::from_canonical_bytes(&neg_zero),
        Err(DecodeError::NonCanonicalSign)
    );
    // y = p + 1 (non-canonical 1).
    let mut p_plus_one = hex32("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
    assert_eq!(
        AffinePoint::from_bytes(&p_plus_one),
        Ok(AffinePoint::IDENTITY)
    );
    assert_eq!(
        AffinePoint::from_canonical_bytes(&p_plus_one),
        Err(DecodeError::NonCanonicalY)
    );
    p_plus_one[31] = 0xff;
    assert!(AffinePoint::from_bytes(&p_plus_one).is_ok());
    // Slices of the wrong length.
    for len in [0usize, 31, 33, 64] {
        assert_eq!(
            AffinePoint::try_from(&vec![0u8; len][..]),
            Err(DecodeError::InvalidLength {
                expected: 32,
                actual: len
            })
        );
    }
    // Random strings: the verdict and the point match `Point`'s decoders.
    let mut r = rng(0xaff3);
    for _ in 0..cases(200, 2000) {
        let bytes: [u8; 32] = r.random();
        assert_eq!(
            AffinePoint::from_bytes(&bytes),
            Point::from_bytes(&bytes).map(|p| p.to_affine())
        );
        assert_eq!(
            AffinePoint::from_canonical_bytes(&bytes),
            Point::from_canonical_bytes(&bytes).map(|p| p.to_affine())
        );
    }
}

/// Random point sets of many sizes (empty, one, a few, around 64, 300), some with the
/// identity and torsion points in them, and sets of only the identity: the batch
/// conversions equal the single ones, and the single ones dalek's.
#[test]
fn batches_equal_single_conversions() {
    static TALLY: Tally = Tally::new("batch_to_affine / to_montgomery_batch");
    let mut r = rng(0xaff4);
    let t = torsion();
    let sizes: &[usize] = if cfg!(debug_assertions) {
        &[0, 1, 2, 3, 17, 64]
    } else {
        &[0, 1, 2, 3, 5, 17, 63, 64, 65, 300]
    };
    for &n in sizes {
        for with_identity in [false, true] {
            let mut pairs: Vec<(Point, EdwardsPoint)> =
                (0..n).map(|_| point_pair(&mut r, &t)).collect();
            if with_identity {
                for _ in 0..n.div_ceil(4) {
                    let i = r.random_range(0..n);
                    pairs[i] = (Point::IDENTITY, EdwardsPoint::identity());
                }
            }
            let points: Vec<Point> = pairs.iter().map(|(p, _)| *p).collect();
            let affine = Point::batch_to_affine(&points);
            let us = Point::to_montgomery_batch(&points);
            assert_eq!(affine.len(), n);
            assert_eq!(us.len(), n);
            for (i, (p, dp)) in pairs.iter().enumerate() {
                assert_eq!(affine[i], p.to_affine(), "n = {n}, i = {i}");
                assert_eq!(affine[i].to_bytes(), dp.compress().to_bytes());
                assert_eq!(us[i], p.to_montgomery(), "n = {n}, i = {i}");
                assert_eq!(us[i].to_bytes(), dp.to_montgomery().to_bytes());
                TALLY.add(1);
            }
        }
    }
    // Only identities, only torsion points (u = 0 for the identity and (0, -1)).
    let ids = vec![Point::IDENTITY; 5];
    assert_eq!(Point::batch_to_affine(&ids), vec![AffinePoint::IDENTITY; 5]);
    assert_eq!(
        Point::to_montgomery_batch(&ids),
        vec![MontgomeryPoint([0; 32]); 5]
    );
    let tp: Vec<Point> = t.iter().map(|(p, _)| *p).collect();
    let tu = Point::to_montgomery_batch(&tp);
    for ((p, dp), u) in t.iter().zip(&tu) {
        assert_eq!(*u, p.to_montgomery());
        assert_eq!(u.to_bytes(), dp.to_montgomery().to_bytes());
        TALLY.add(1);
    }
    TALLY.report();
}

/// Mixed addition and subtraction, the scalar action, selection, hashing, zeroizing:
/// the same results as on `Point`, and dalek's for the products.
#[test]
fn operations_match_point() {
    static TALLY: Tally = Tally::new("affine operations");
    let mut r = rng(0xaff5);
    let t = torsion();
    for _ in 0..cases(50, 500) {
        let (p, dp) = point_pair(&mut r, &t);
        let (q, dq) = point_pair(&mut r, &t);
        let a = q.to_affine();
        let sum = (dp + dq).compress().to_bytes();
        assert_eq!((p + a).to_bytes(), sum);
        assert_eq!(p + &a, p + q);
        assert_eq!(&p + a, p + q);
        assert_eq!(&p + &a, p + q);
        assert_eq!((p - a).to_bytes(), (dp - dq).compress().to_bytes());
        assert_eq!(&p - &a, p - q);
        let mut acc = p;
        acc += a;
        acc += &a;
        acc -= &a;
        acc -= a;
        assert_eq!(acc, p);
        // Doubling and the identity through the mixed formula.
        assert_eq!(q + a, q.double());
        assert_eq!(q - a, Point::IDENTITY);
        assert_eq!(p + AffinePoint::IDENTITY, p);
        assert_eq!(Point::IDENTITY + a, q);
        // Products, against dalek's (its `AffinePoint` is not public in 5.0.0:
        // `EdwardsPoint::to_affine` is crate-private).
        let (s, ds) = scalar_pair(&mut r);
        let want = (dq * ds).compress().to_bytes();
        assert_eq!((a * s).to_bytes(), want);
        assert_eq!((&a * &s).to_bytes(), want);
        assert_eq!(s * a, q * s);
        assert_eq!(&s * a, q * s);
        assert_eq!(a * &s, q * s);
        // Selection.
        let b = p.to_affine();
        assert_eq!(AffinePoint::conditional_select(&a, &b, Choice::from(0)), a);
        assert_eq!(AffinePoint::conditional_select(&a, &b, Choice::from(1)), b);
        assert_eq!(bool::from(a.ct_eq(&b)), p == q);
        assert_eq!(a == b, p == q);
        // Points that share one coordinate: -q = (-x, y), and (x, -y) = -q plus the
        // point of order 2. Equality must need both coordinates (a test of x alone or y
        // alone, or of either, would call these equal).
        let same_y = AffinePoint::from_coordinates(&-a.x(), &a.y()).expect("-q is on the curve");
        let same_x = AffinePoint::from_coordinates(&a.x(), &-a.y()).expect("on the curve");
        for other in [same_x, same_y] {
            let equal = other.to_point() == q;
            assert_eq!(bool::from(a.ct_eq(&other)), equal);
            assert_eq!(a == other, equal);
        }
        TALLY.add(1);
    }
    TALLY.report();
}

#[test]
fn debug_hash_and_zeroize() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    use zeroize::Zeroize;
    let hash = |h: &dyn Fn(&mut DefaultHasher)| {
        let mut s = DefaultHasher::new();
        h(&mut s);
        s.finish()
    };
    let p = Point::GENERATOR.double();
    let a = p.to_affine();
    // Hash agrees with Point's hash of the same point (both hash the encoding).
    assert_eq!(hash(&|s| a.hash(s)), hash(&|s| p.hash(s)));
    assert_ne!(
        hash(&|s| a.hash(s)),
        hash(&|s| AffinePoint::GENERATOR.hash(s))
    );
    assert_eq!(
        format!("{a:?}"),
        format!("AffinePoint({})", hex::encode(p.to_bytes()))
    );
    let mut z = a;
    z.zeroize();
    assert_eq!(z, AffinePoint::IDENTITY);
    assert!(AffinePoint::from_coordinates(&z.x(), &z.y()).is_ok());
}
