//! The `group` 0.14 curve traits (feature `group`): the `group` crate's own test suite
//! (`group::tests::curve_tests`, `random_wnaf_tests`, from its `tests` feature) on
//! `SubgroupPoint` (a `PrimeCurve`) and, where the bounds allow (`random_wnaf_tests`
//! needs only `WnafGroup`), on `Point`; and the properties those suites cannot reach
//! on `Point` (a `CofactorCurve`, not prime order), checked against curve25519-dalek.
#![cfg(feature = "group")]
#![allow(clippy::op_ref)] // every operator form is exercised on purpose

use crate::common;

use common::{Tally, cases, hex32, noncanonical_json, point_pair, rng, scalar_pair, torsion};
use edwards25519_group::{AffinePoint, Point, Scalar, SubgroupAffinePoint, SubgroupPoint};
use group::cofactor::{CofactorCurve, CofactorCurveAffine, CofactorGroup};
use group::prime::{PrimeCurve, PrimeCurveAffine};
use group::{Curve, CurveAffine, Group, GroupEncoding, Wnaf, WnafGroup};
use subtle::ConditionallySelectable;

#[test]
fn group_crate_curve_tests_on_subgroup_point() {
    group::tests::curve_tests::<SubgroupPoint>();
}

#[test]
fn group_crate_wnaf_tests_on_subgroup_point() {
    group::tests::random_wnaf_tests::<SubgroupPoint>();
}

#[test]
fn group_crate_wnaf_tests_on_point() {
    group::tests::random_wnaf_tests::<Point>();
}

/// The trait bounds the contract promises, checked at compile time.
#[test]
fn trait_bounds() {
    fn prime_curve<C: PrimeCurve<Affine = A>, A: PrimeCurveAffine<Curve = C>>() {}
    fn cofactor_curve<C: CofactorCurve<Affine = A>, A: CofactorCurveAffine<Curve = C>>() {}
    fn wnaf<G: WnafGroup>() {}
    prime_curve::<SubgroupPoint, SubgroupAffinePoint>();
    cofactor_curve::<Point, AffinePoint>();
    wnaf::<Point>();
    wnaf::<SubgroupPoint>();
    assert_eq!(Point::recommended_wnaf_for_num_scalars(1), 5);
    for n in [0usize, 1, 10, 1000, usize::MAX] {
        let w = SubgroupPoint::recommended_wnaf_for_num_scalars(n);
        assert!((2..=22).contains(&w));
        assert_eq!(w, Point::recommended_wnaf_for_num_scalars(n));
    }
}

/// Code written only against `Curve`: a sum through batch normalisation and mixed
/// additions.
fn sum_via_affine<C: Curve>(points: &[C]) -> C {
    let mut affine = vec![C::Affine::identity(); points.len()];
    C::batch_normalize(points, &mut affine);
    affine.iter().fold(C::identity(), |acc, a| acc + a)
}

/// `Curve` on `Point` (with torsion): to_affine, batch_normalize (identity and torsion
/// points included), mixed addition, and `CurveAffine`, compared with dalek.
#[test]
fn point_curve_against_dalek() {
    static TALLY: Tally = Tally::new("Curve for Point");
    let mut r = rng(0xc0e1);
    let t = torsion();
    for n in [0usize, 1, 2, 9, 40] {
        let mut pairs: Vec<_> = (0..n).map(|_| point_pair(&mut r, &t)).collect();
        pairs.extend(t.iter().cloned());
        let points: Vec<Point> = pairs.iter().map(|(p, _)| *p).collect();
        let mut affine = vec![AffinePoint::IDENTITY; points.len()];
        <Point as Curve>::batch_normalize(&points, &mut affine);
        for ((p, dp), a) in pairs.iter().zip(&affine) {
            assert_eq!(*a, Curve::to_affine(p));
            assert_eq!(a.to_bytes(), dp.compress().to_bytes());
            assert_eq!(a.to_curve(), *p);
            TALLY.add(1);
        }
        let dsum: curve25519_dalek::EdwardsPoint = pairs.iter().map(|(_, d)| d).sum();
        assert_eq!(
            sum_via_affine(&points).to_bytes(),
            dsum.compress().to_bytes()
        );
    }
    assert!(bool::from(
        <AffinePoint as CurveAffine>::identity().is_identity()
    ));
    assert!(!bool::from(
        <AffinePoint as CurveAffine>::generator().is_identity()
    ));
    assert_eq!(
        <AffinePoint as CurveAffine>::generator().to_curve(),
        Point::GENERATOR
    );
    // wNAF on points with torsion, against dalek's product.
    for _ in 0..cases(20, 100) {
        let (p, dp) = point_pair(&mut r, &t);
        let (s, ds) = scalar_pair(&mut r);
        let mut w = Wnaf::new();
        assert_eq!(
            w.base(p, 3).scalar(&s).to_bytes(),
            (dp * ds).compress().to_bytes()
        );
        let a = p.to_affine();
        assert_eq!((a * s).to_bytes(), (dp * ds).compress().to_bytes());
        TALLY.add(1);
    }
    TALLY.report();
}

#[test]
#[should_panic(expected = "same length")]
fn batch_normalize_length_mismatch_panics_as_documented() {
    let mut out = [AffinePoint::IDENTITY; 1];
    <Point as Curve>::batch_normalize(&[Point::GENERATOR; 2], &mut out);
}

/// `GroupEncoding` of the affine types: strict decoding (non-canonical encodings
/// refused), the subgroup check for `SubgroupAffinePoint` (torsion refused by
/// `from_bytes`, kept by `from_bytes_unchecked`), and round trips.
#[test]
fn affine_encodings() {
    let v = noncanonical_json();
    for c in v["cases"].as_array().expect("cases") {
        let bytes = hex32(c["encoding"].as_str().expect("encoding"));
        assert!(AffinePoint::from_bytes(&bytes).is_ok(), "a valid point");
        assert!(bool::from(
            <AffinePoint as GroupEncoding>::from_bytes(&bytes).is_none()
        ));
        assert!(bool::from(
            <AffinePoint as GroupEncoding>::from_bytes_unchecked(&bytes).is_none()
        ));
        assert!(bool::from(
            <SubgroupAffinePoint as GroupEncoding>::from_bytes(&bytes).is_none()
        ));
    }
    for (p, dp) in torsion() {
        let bytes = GroupEncoding::to_bytes(&p.to_affine());
        assert_eq!(bytes, dp.compress().to_bytes());
        assert_eq!(
            <AffinePoint as GroupEncoding>::from_bytes(&bytes).into_option(),
            Some(p.to_affine())
        );
        let sub = <SubgroupAffinePoint as GroupEncoding>::from_bytes(&bytes);
        assert_eq!(bool::from(sub.is_some()), p.is_identity());
        let unchecked = <SubgroupAffinePoint as GroupEncoding>::from_bytes_unchecked(&bytes)
            .into_option()
            .expect("a canonical encoding of a point");
        assert_eq!(unchecked.to_affine(), p.to_affine());
        assert_eq!(
            bool::from(SubgroupAffinePoint::from_affine(&p.to_affine()).is_some()),
            p.is_identity()
        );
    }
    let mut r = rng(0xc0e2);
    for _ in 0..cases(30, 300) {
        let g = SubgroupPoint::random(&mut r);
        let a = Curve::to_affine(&g);
        let bytes = GroupEncoding::to_bytes(&a);
        assert_eq!(bytes, GroupEncoding::to_bytes(&g));
        assert_eq!(
            <SubgroupAffinePoint as GroupEncoding>::from_bytes(&bytes).into_option(),
            Some(a)
        );
        assert_eq!(SubgroupPoint::from(a), g);
        assert_eq!(SubgroupAffinePoint::from(g), a);
        assert_eq!(Point::from(a), Point::from(g));
        assert_eq!(AffinePoint::from(a), Point::from(g).to_affine());
        assert_eq!(
            (a.x(), a.y()),
            (AffinePoint::from(a).x(), AffinePoint::from(a).y())
        );
        assert_eq!(-a, Curve::to_affine(&-g));
        assert_eq!(-&a, Curve::to_affine(&-g));
        let b = Curve::to_affine(&g.double());
        assert_eq!(SubgroupAffinePoint::conditional_select(&a, &b, 0.into()), a);
        assert_eq!(SubgroupAffinePoint::conditional_select(&a, &b, 1.into()), b);
        let s = <Scalar as group::ff::Field>::random(&mut r);
        assert_eq!(a * s, g * s);
        assert_eq!(s * a, g * s);
        assert_eq!(g + a, g.double());
        assert_eq!(g - a, SubgroupPoint::identity());
        let mut acc = g;
        acc += a;
        acc -= &a;
        assert_eq!(acc, g);
        // Cofactor clearing then affine: still in the subgroup.
        let cleared = Point::from(g).clear_cofactor();
        assert!(bool::from(
            SubgroupAffinePoint::from_affine(&Point::from(cleared).to_affine()).is_some()
        ));
    }
}

#[test]
fn subgroup_affine_zeroize_and_default() {
    use zeroize::Zeroize;
    let mut a = SubgroupAffinePoint::GENERATOR;
    assert_eq!(a.to_subgroup_point(), SubgroupPoint::generator());
    a.zeroize();
    assert_eq!(a, SubgroupAffinePoint::IDENTITY);
    assert_eq!(
        SubgroupAffinePoint::default(),
        SubgroupAffinePoint::IDENTITY
    );
    assert!(bool::from(CurveAffine::is_identity(&a)));
    let g = <SubgroupAffinePoint as CurveAffine>::generator();
    assert_eq!(g, SubgroupAffinePoint::GENERATOR);
    assert_eq!(g.to_curve(), SubgroupPoint::generator());
}
