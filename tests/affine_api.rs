//! The affine types and batch conversions through the facade: `edwards25519::AffinePoint`
//! (and `SubgroupAffinePoint` with the `group` feature) are the group crate's types, and
//! the conversions agree with curve25519-dalek's encodings and Montgomery u.
#![cfg(feature = "alloc")]

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use edwards25519::montgomery::MontgomeryPoint;
use edwards25519::{AffinePoint, DecodeError, Point, Scalar};

#[test]
fn facade_affine_round_trip_and_batches() {
    let mut points = vec![Point::IDENTITY];
    let mut dalek = vec![curve25519_dalek::EdwardsPoint::default()];
    for i in 1..=20u8 {
        let bytes = [i; 32];
        points.push(Point::mul_base(&Scalar::from_bytes_mod_order(bytes)));
        dalek.push(ED25519_BASEPOINT_POINT * curve25519_dalek::Scalar::from_bytes_mod_order(bytes));
    }
    let affine: Vec<AffinePoint> = Point::batch_to_affine(&points);
    let us: Vec<MontgomeryPoint> = Point::to_montgomery_batch(&points);
    for ((a, u), d) in affine.iter().zip(&us).zip(&dalek) {
        assert_eq!(a.to_bytes(), d.compress().to_bytes());
        assert_eq!(u.to_bytes(), d.to_montgomery().to_bytes());
        assert_eq!(AffinePoint::from_coordinates(&a.x(), &a.y()), Ok(*a));
    }
    // The facade's name and the group module's are one type.
    use edwards25519::group::AffinePoint as GroupAffinePoint;
    let same_type: GroupAffinePoint = affine[1];
    assert_eq!(same_type.to_point(), points[1]);
    assert_eq!(
        AffinePoint::from_coordinates(&affine[1].y(), &affine[1].x()),
        Err(DecodeError::NotOnCurve)
    );
}

#[cfg(feature = "group")]
#[test]
fn facade_subgroup_affine_is_the_curve_affine_form() {
    use edwards25519::{SubgroupAffinePoint, SubgroupPoint};
    use group::{Curve, Group};
    let g = SubgroupPoint::generator().double();
    let a: SubgroupAffinePoint = g.to_affine();
    assert_eq!(Point::from(a), Point::GENERATOR.double());
    assert_eq!(Curve::to_affine(&Point::GENERATOR), AffinePoint::GENERATOR);
}
