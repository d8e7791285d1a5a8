//! Unit tests of the ladder and the Montgomery/Edwards maps.

use edwards25519_field::FieldElement;

use super::point::montgomery_batch;
use super::*;
use crate::{Point, Scalar};

fn h(s: &str) -> [u8; 32] {
    hex::decode(s).expect("hex").try_into().expect("32 bytes")
}

/// RFC 7748 §5.2, the first vector, on both field backends (the ladder body run
/// directly, not through the dispatcher).
#[test]
fn ladder_on_both_backends() {
    let k = clamp(h(
        "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
    ));
    let u = FieldElement::from_bytes(&h(
        "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
    ));
    let want = h("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    assert_eq!(ladder::<FieldElement>(&k, &u), want);
    assert_eq!(
        ladder::<edwards25519_field::backend::radix51::Fe51>(&k, &u),
        want
    );
    assert_eq!(
        ladder::<edwards25519_field::backend::radix64::Fe64>(&k, &u),
        want
    );
    #[cfg(edwards25519_x86)]
    if edwards25519_field::backend::cpu_has_bmi2_adx() {
        assert_eq!(ladder::<crate::backend::serial::x86_64::Fast>(&k, &u), want);
    }
}

/// The batch conversion equals the single one on both field backends, identity,
/// (0, -1) and torsion included, and for an empty batch.
#[cfg(feature = "alloc")]
#[test]
fn montgomery_batch_on_both_backends() {
    let t4 = crate::point::order_four_point();
    let t2 = t4.double();
    let points: alloc::vec::Vec<Point> = (0..12u8)
        .map(|i| match i % 4 {
            0 => Point::IDENTITY,
            1 => t2,
            2 => t4,
            _ => Point::mul_base(&Scalar::from_bytes_mod_order([i; 32])) + t4,
        })
        .collect();
    let want: alloc::vec::Vec<MontgomeryPoint> = points.iter().map(Point::to_montgomery).collect();
    assert_eq!(montgomery_batch::<FieldElement>(&points), want);
    // The portable 4×64 limbs, and the MULX/ADX ones where this CPU has them.
    #[cfg(edwards25519_x86)]
    {
        use edwards25519_field::backend::radix64::Fe64;
        assert_eq!(montgomery_batch::<Fe64>(&points), want);
        if edwards25519_field::backend::cpu_has_bmi2_adx() {
            assert_eq!(
                montgomery_batch::<crate::backend::serial::x86_64::Fast>(&points),
                want
            );
        }
    }
    assert!(montgomery_batch::<FieldElement>(&[]).is_empty());
}

#[test]
fn to_edwards_edges() {
    // u = -1: the map is undefined.
    let minus_one = MontgomeryPoint((-FieldElement::ONE).to_bytes());
    assert!(minus_one.to_edwards(0).is_none());
    assert!(minus_one.to_edwards(1).is_none());
    // u = 0 is the point (0, -1) for either sign.
    let zero = MontgomeryPoint([0; 32]);
    let t2 = zero.to_edwards(0).expect("order 2");
    assert_eq!(t2, zero.to_edwards(1).expect("order 2"));
    assert!(!t2.is_identity() && t2.double().is_identity());
    // u = 9 is the base point (x even), and -B with the sign bit.
    let b = MontgomeryPoint::BASEPOINT;
    assert_eq!(b.to_edwards(0), Some(Point::GENERATOR));
    assert_eq!(b.to_edwards(1), Some(-Point::GENERATOR));
    assert_eq!(b.to_edwards(0xfe), Some(Point::GENERATOR));
    // u = 2 is on the twist (2^3 + A·2^2 + 2 is not a square).
    let mut two = [0u8; 32];
    two[0] = 2;
    assert!(MontgomeryPoint(two).to_edwards(0).is_none());
    assert_eq!(Point::GENERATOR.to_montgomery(), MontgomeryPoint::BASEPOINT);
}
