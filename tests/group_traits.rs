//! The facade's `group` feature forwards to the scalar and group crates: `Scalar` is an
//! `ff::PrimeField` and `Point` a `group::cofactor::CofactorGroup` through
//! `edwards25519` alone, usable by code generic over those traits.
#![cfg(feature = "group")]

use edwards25519::group::SubgroupPoint;
use edwards25519::{Point, Scalar};
use group::cofactor::CofactorGroup;
use group::ff::{Field, PrimeField};
use group::{Group, GroupEncoding};

/// A Schnorr-style check written only against the traits: R + c·A = s·G.
fn schnorr_holds<G: Group + GroupEncoding>(s: G::Scalar, c: G::Scalar, r: G, a: G) -> bool {
    r + a * c == G::generator() * s
}

#[test]
fn generic_code_runs_on_the_facade_types() {
    let x = Scalar::from_str_vartime("1234567890123456789").expect("decimal");
    let k = Scalar::from(42u64);
    let c = Scalar::from(7u64);
    let a = Point::mul_by_generator(&x);
    let r = Point::mul_by_generator(&k);
    assert!(schnorr_holds(k + c * x, c, r, a));
    assert!(!schnorr_holds(k + c * x + Scalar::ONE, c, r, a));
    // The same on the prime-order subgroup type.
    let (a, r) = (a.clear_cofactor(), r.clear_cofactor());
    let eight_inv = Field::invert(&Scalar::from(8u64)).expect("8 != 0");
    let (a, r) = (a * eight_inv, r * eight_inv);
    assert_eq!(Point::from(a), Point::mul_base(&x));
    assert!(schnorr_holds::<SubgroupPoint>(k + c * x, c, r, a));
    assert_eq!(Scalar::NUM_BITS, 253);
}
