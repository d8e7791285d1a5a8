//! The `group` 0.14 traits (feature `group`): `Group`, `GroupEncoding` and
//! `CofactorGroup` for `Point`, and `SubgroupPoint` as `Group + GroupEncoding +
//! PrimeGroup`. Ground truth: curve25519-dalek (through `common`) for points and
//! torsion, the test vectors for encodings, and the group laws.
//!
//! `group` 0.14's own test helpers (`group::tests::curve_tests`) need a `PrimeCurve`
//! (with an affine type), which neither type is, so the properties are written here.
#![cfg(feature = "group")]
#![allow(clippy::op_ref)]

use crate::common;

use common::{cases, hex32, noncanonical_json, point_pair, rng, torsion};
use edwards25519_group::{Point, Scalar, SubgroupPoint};
use group::cofactor::CofactorGroup;
use group::ff::Field;
use group::prime::PrimeGroup;
use group::{Group, GroupEncoding};
use rand::RngExt;
use subtle::ConditionallySelectable;

/// A random scalar through the `ff` trait.
fn scalar(rng: &mut rand::rngs::StdRng) -> Scalar {
    <Scalar as Field>::random(rng)
}

/// The group laws and the scalar action, for any `Group` (run on both types).
///
/// `ring_laws`: also check the laws that hold only in a group of order l, where
/// scalars mod l act as a ring (a·(s+t) = a·s + a·t and a·(st) = (a·s)·t with s + t
/// and st reduced mod l). With a torsion component they fail: l·T != 0.
fn laws<G: Group<Scalar = Scalar>>(a: G, b: G, c: G, s: Scalar, t: Scalar, ring_laws: bool) {
    let id = G::identity();
    assert_eq!(a + b, b + a);
    assert_eq!((a + b) + c, a + (b + c));
    assert_eq!(a + id, a);
    let a2 = a;
    assert_eq!(a - a2, id);
    assert_eq!(a + (-a), id);
    assert!(bool::from((a - a2).is_identity()));
    assert_eq!(a.double(), a + a);
    if ring_laws {
        assert_eq!(a * (s + t), a * s + a * t);
        assert_eq!(a * (s * t), (a * s) * t);
    }
    assert_eq!((a + b) * s, a * s + b * s);
    assert_eq!(G::mul_by_generator(&s), G::generator() * s);
    assert_eq!(a * Scalar::ZERO, id);
    assert_eq!(a * Scalar::ONE, a);
    // Every operator form the traits require.
    let mut x = a;
    x += b;
    x += &c;
    x -= &b;
    x -= c;
    assert_eq!(x, a);
    x *= s;
    assert_eq!(x, a * &s);
    x *= &t;
    assert_eq!(x, (a * s) * t);
    assert_eq!([a, b, c].iter().sum::<G>(), a + b + c);
    assert_eq!([a, b, c].into_iter().sum::<G>(), a + &b + &c);
    assert_eq!(core::iter::empty::<G>().sum::<G>(), id);
}

#[test]
fn point_group_basics() {
    assert_eq!(<Point as Group>::identity(), Point::IDENTITY);
    assert_eq!(<Point as Group>::generator(), Point::GENERATOR);
    assert!(bool::from(<Point as Group>::is_identity(&Point::IDENTITY)));
    assert!(!bool::from(<Point as Group>::is_identity(
        &Point::GENERATOR
    )));
    assert!(bool::from(<Point as Group>::is_identity(&Group::double(
        &Point::IDENTITY
    ))));
    for (t, _) in torsion() {
        assert_eq!(
            bool::from(<Point as Group>::is_identity(&t)),
            t == Point::IDENTITY
        );
        assert_eq!(Group::double(&t), t + t);
    }
}

#[test]
fn point_group_laws() {
    let mut r = rng(1);
    let t = torsion();
    for _ in 0..cases(20, 100) {
        let (a, _) = point_pair(&mut r, &t);
        let (b, _) = point_pair(&mut r, &t);
        let (c, _) = point_pair(&mut r, &t);
        let (s, u) = (scalar(&mut r), scalar(&mut r));
        laws::<Point>(a, b, c, s, u, false);
        let (a, b, c) = (
            a.mul_by_cofactor(),
            b.mul_by_cofactor(),
            c.mul_by_cofactor(),
        );
        laws::<Point>(a, b, c, s, u, true);
        assert_eq!(Point::mul_by_generator(&s), Point::mul_base(&s));
    }
}

#[test]
fn point_random_covers_the_whole_group() {
    let mut r = rng(2);
    let n = cases(128, 512);
    let points: Vec<Point> = (0..n).map(|_| <Point as Group>::random(&mut r)).collect();
    let mut encodings = std::collections::HashSet::new();
    let mut torsion_free = 0;
    for p in &points {
        assert!(!p.is_identity());
        // Valid, canonical, and distinct.
        assert_eq!(Point::from_canonical_bytes(&p.to_bytes()), Ok(*p));
        assert!(encodings.insert(p.to_bytes()));
        torsion_free += usize::from(p.is_torsion_free());
    }
    // Uniform over order 8·l: about 1 in 8 is torsion-free; all or none would mean
    // the sampler only reaches a coset. (P[none of 128 torsion-free] = (7/8)^128 < 2^-24;
    // P[all] is negligible.)
    assert!(torsion_free < n, "only torsion-free points");
    assert!(torsion_free > 0, "no torsion-free points in {n} draws");
}

#[test]
fn random_propagates_rng_errors() {
    struct FailingRng;
    #[derive(Debug)]
    struct Broken;
    impl core::fmt::Display for Broken {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("broken")
        }
    }
    impl core::error::Error for Broken {}
    impl rand_core::TryRng for FailingRng {
        type Error = Broken;
        fn try_next_u32(&mut self) -> Result<u32, Broken> {
            Err(Broken)
        }
        fn try_next_u64(&mut self) -> Result<u64, Broken> {
            Err(Broken)
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Broken> {
            Err(Broken)
        }
    }
    assert!(Point::try_random(&mut FailingRng).is_err());
    assert!(SubgroupPoint::try_random(&mut FailingRng).is_err());
}

#[test]
fn point_encoding_round_trip() {
    let mut r = rng(3);
    let t = torsion();
    for _ in 0..cases(50, 500) {
        let (p, dp) = point_pair(&mut r, &t);
        let bytes = GroupEncoding::to_bytes(&p);
        assert_eq!(bytes, dp.compress().to_bytes());
        assert_eq!(
            <Point as GroupEncoding>::from_bytes(&bytes).into_option(),
            Some(p)
        );
        assert_eq!(
            <Point as GroupEncoding>::from_bytes_unchecked(&bytes).into_option(),
            Some(p)
        );
    }
    for (p, _) in t {
        let bytes = GroupEncoding::to_bytes(&p);
        assert_eq!(
            <Point as GroupEncoding>::from_bytes(&bytes).into_option(),
            Some(p)
        );
    }
}

#[test]
fn point_encoding_rejects_invalid_and_non_canonical() {
    // Non-canonical encodings of valid points (test vectors): strict decoding refuses.
    let v = noncanonical_json();
    let non_canonical: Vec<[u8; 32]> = v["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| hex32(c["encoding"].as_str().expect("encoding")))
        .collect();
    assert!(!non_canonical.is_empty());
    for bytes in &non_canonical {
        assert!(
            Point::from_bytes(bytes).is_ok(),
            "the vector is a valid point"
        );
        assert!(bool::from(
            <Point as GroupEncoding>::from_bytes(bytes).is_none()
        ));
        assert!(bool::from(
            <Point as GroupEncoding>::from_bytes_unchecked(bytes).is_none()
        ));
        assert!(bool::from(
            <SubgroupPoint as GroupEncoding>::from_bytes(bytes).is_none()
        ));
    }
    // Random bytes: accepted exactly when strict decoding accepts.
    let mut r = rng(4);
    let mut rejected = 0;
    for _ in 0..cases(200, 2000) {
        let bytes: [u8; 32] = r.random();
        let got = <Point as GroupEncoding>::from_bytes(&bytes).into_option();
        assert_eq!(got, Point::from_canonical_bytes(&bytes).ok());
        rejected += usize::from(got.is_none());
    }
    assert!(rejected > 0, "some random strings are not points");
}

#[test]
fn cofactor_group() {
    let mut r = rng(5);
    let t = torsion();
    for _ in 0..cases(30, 300) {
        let (p, dp) = point_pair(&mut r, &t);
        let cleared = p.clear_cofactor();
        assert_eq!(Point::from(cleared), p.mul_by_cofactor());
        assert_eq!(
            cleared.to_bytes(),
            dp.mul_by_cofactor().compress().to_bytes()
        );
        assert!(Point::from(cleared).is_torsion_free());
        let free = dp.is_torsion_free();
        assert_eq!(bool::from(CofactorGroup::is_torsion_free(&p)), free);
        assert_eq!(
            bool::from(CofactorGroup::is_small_order(&p)),
            dp.is_small_order()
        );
        let sub = p.into_subgroup();
        assert_eq!(bool::from(sub.is_some()), free);
        if let Some(sub) = sub.into_option() {
            assert_eq!(Point::from(sub), p);
            assert_eq!(Point::from(&sub), p);
            assert_eq!(SubgroupPoint::from_point(&p).into_option(), Some(sub));
        }
        // Point ± SubgroupPoint, in every form CofactorGroup requires.
        let s = Point::mul_base(&scalar(&mut r))
            .into_subgroup()
            .into_option()
            .expect("in subgroup");
        assert_eq!(p + s, p + Point::from(s));
        assert_eq!(Point::from(&s), s.to_point());
        assert_eq!(p + &s, p + s.to_point());
        assert_eq!(p - s, p - s.to_point());
        assert_eq!(&p - &s, p - s.to_point());
        let mut q = p;
        q += s;
        q -= &s;
        assert_eq!(q, p);
    }
    // The torsion points: small order; torsion-free only for the identity.
    for (p, _) in t {
        assert!(bool::from(CofactorGroup::is_small_order(&p)));
        assert!(bool::from(p.clear_cofactor().is_identity()));
        let id = p == Point::IDENTITY;
        assert_eq!(bool::from(CofactorGroup::is_torsion_free(&p)), id);
        assert_eq!(bool::from(p.into_subgroup().is_some()), id);
    }
}

#[test]
fn subgroup_point_group() {
    assert_eq!(SubgroupPoint::identity(), SubgroupPoint::IDENTITY);
    assert_eq!(Point::from(SubgroupPoint::generator()), Point::GENERATOR);
    assert!(bool::from(SubgroupPoint::identity().is_identity()));
    assert!(!bool::from(SubgroupPoint::generator().is_identity()));
    assert_eq!(SubgroupPoint::default(), SubgroupPoint::IDENTITY);
    let mut r = rng(6);
    for _ in 0..cases(20, 100) {
        let a = SubgroupPoint::random(&mut r);
        let b = SubgroupPoint::random(&mut r);
        let c = SubgroupPoint::random(&mut r);
        for x in [a, b, c] {
            assert!(!bool::from(x.is_identity()));
            assert!(x.to_point().is_torsion_free());
        }
        let (s, u) = (scalar(&mut r), scalar(&mut r));
        laws::<SubgroupPoint>(a, b, c, s, u, true);
        // Scalar on the left, references.
        assert_eq!(s * a, a * s);
        assert_eq!(&s * &a, a * s);
        assert_eq!(-&a, -a);
        assert_eq!((-a).to_point(), -a.to_point());
        // Debug shows the encoding in hex; select picks by the choice.
        let hex = hex::encode(a.to_bytes());
        assert_eq!(format!("{a:?}"), format!("SubgroupPoint({hex})"));
        assert_eq!(SubgroupPoint::conditional_select(&a, &b, 0.into()), a);
        assert_eq!(SubgroupPoint::conditional_select(&a, &b, 1.into()), b);
    }
}

#[test]
fn subgroup_point_encoding() {
    let mut r = rng(7);
    let t = torsion();
    for _ in 0..cases(20, 200) {
        let a = SubgroupPoint::random(&mut r);
        let bytes = a.to_bytes();
        assert_eq!(bytes, a.to_point().to_bytes());
        assert_eq!(SubgroupPoint::from_bytes(&bytes).into_option(), Some(a));
        assert_eq!(
            SubgroupPoint::from_bytes_unchecked(&bytes).into_option(),
            Some(a)
        );
        // With a torsion component: a valid point, not in the subgroup.
        for (tp, _) in &t {
            if *tp == Point::IDENTITY {
                continue;
            }
            let bytes = (a.to_point() + tp).to_bytes();
            assert!(bool::from(SubgroupPoint::from_bytes(&bytes).is_none()));
            assert!(Point::from_bytes(&bytes).is_ok());
            // The unchecked decoder skips exactly the subgroup check (documented).
            assert!(bool::from(
                SubgroupPoint::from_bytes_unchecked(&bytes).is_some()
            ));
        }
    }
}

#[cfg(feature = "zeroize")]
#[test]
fn subgroup_point_zeroize_gives_the_identity() {
    use zeroize::Zeroize;
    let mut a = SubgroupPoint::random(&mut rng(9));
    assert!(!bool::from(a.is_identity()));
    a.zeroize();
    assert_eq!(a, SubgroupPoint::IDENTITY);
    assert!(a.to_point().is_torsion_free());
}

/// Generic code over the traits compiles and runs with our types.
#[test]
fn generic_use() {
    fn prime_order_part<G: CofactorGroup>(p: &G) -> G::Subgroup {
        p.clear_cofactor()
    }
    fn is_prime_group<G: PrimeGroup>() {}
    is_prime_group::<SubgroupPoint>();
    let (p, _) = point_pair(&mut rng(8), &torsion());
    assert_eq!(Point::from(prime_order_part(&p)), p.mul_by_cofactor());
}
