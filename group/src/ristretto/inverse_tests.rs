//! The inverse of the one-element Elligator map against the forward map (every
//! preimage it returns maps back, and the preimage a point was made from is found) and
//! against curve25519-dalek's `map_to_curve_inverse` (feature `lizard`), slot by slot.

use alloc::vec;
use alloc::vec::Vec;

use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint as DalekPoint};
use edwards25519_field::FieldElement;
use edwards25519_test_support::SplitMix64;

use super::RistrettoPoint;
use super::inverse::{D_PLUS_ONE_OVER_D_MINUS_ONE, SQRT_I_D, SQRT_I_OVER_D};
use crate::models::D;

#[test]
fn constants() {
    let (one, i) = (FieldElement::ONE, FieldElement::SQRT_M1);
    assert_eq!(D_PLUS_ONE_OVER_D_MINUS_ONE * (D - one), D + one);
    assert_eq!(SQRT_I_D.square(), i * D);
    assert_eq!(SQRT_I_OVER_D.square() * D, i);
    assert!(!bool::from(
        SQRT_I_D.is_negative() | SQRT_I_OVER_D.is_negative()
    ));
}

/// A canonical field element from random bytes, as bytes.
fn canonical(bytes: [u8; 32]) -> [u8; 32] {
    FieldElement::from_bytes(&bytes).to_bytes()
}

/// The preimages as options, checked against the forward map: each maps to `p`, the
/// first eight are non-negative and the last eight their negations.
fn checked_preimages(p: &RistrettoPoint) -> [Option<[u8; 32]>; 16] {
    let out = p.map_to_curve_inverse().map(|b| b.into_option());
    for (k, b) in out.iter().enumerate() {
        if let Some(b) = b {
            assert_eq!(RistrettoPoint::map_to_curve(*b), *p, "slot {k}");
            assert_eq!(canonical(*b), *b, "slot {k} is not canonical");
        }
    }
    for k in 0..8 {
        let (pos, neg) = (out[k], out[k + 8]);
        assert_eq!(pos.is_some(), neg.is_some(), "slot {k}");
        if let (Some(pos), Some(neg)) = (pos, neg) {
            assert_eq!(pos[0] & 1, 0, "slot {k} is negative");
            assert_eq!(
                -FieldElement::from_bytes(&pos),
                FieldElement::from_bytes(&neg)
            );
        }
    }
    out
}

#[test]
fn every_map_output_is_inverted() {
    let mut rng = SplitMix64(0x11a2d);
    for _ in 0..200 {
        let r0 = canonical(rng.bytes());
        let p = RistrettoPoint::map_to_curve(r0);
        let out = checked_preimages(&p);
        let abs = FieldElement::from_bytes(&r0).abs().to_bytes();
        assert!(out[..8].contains(&Some(abs)), "r0 = {r0:02x?}");
    }
}

#[test]
fn identity_and_group_elements() {
    let out = checked_preimages(&RistrettoPoint::IDENTITY);
    for r0 in [FieldElement::ZERO, SQRT_I_D, SQRT_I_OVER_D] {
        assert!(out[..8].contains(&Some(r0.to_bytes())));
    }
    assert_eq!(
        out.iter().flatten().count(),
        14,
        "0, its negation, and six more pairs"
    );
    // Elements not made by the map: some have preimages, some none; all check out.
    let mut p = RistrettoPoint::GENERATOR;
    for _ in 0..50 {
        checked_preimages(&p);
        p += RistrettoPoint::GENERATOR;
    }
}

/// The non-negative and the negative preimages, each as a sorted set.
fn halves(slots: [Option<[u8; 32]>; 16]) -> [Vec<[u8; 32]>; 2] {
    [&slots[..8], &slots[8..]].map(|half| {
        let mut v: Vec<[u8; 32]> = half.iter().flatten().copied().collect();
        v.sort_unstable();
        v
    })
}

#[test]
fn agrees_with_curve25519_dalek() {
    let mut rng = SplitMix64(0x5107);
    let mut points = vec![RistrettoPoint::GENERATOR];
    for _ in 0..100 {
        points.push(RistrettoPoint::map_to_curve(rng.bytes()));
        points.push(RistrettoPoint::from_uniform_bytes(&rng.bytes()));
    }
    for p in points {
        let ours = p.map_to_curve_inverse().map(|b| b.into_option());
        let theirs = CompressedRistretto(p.to_bytes())
            .decompress()
            .expect("a valid encoding");
        let theirs = DalekPoint::map_to_curve_inverse(&theirs).map(|b| b.into_option());
        assert_eq!(halves(ours), halves(theirs), "point {:02x?}", p.to_bytes());
    }
    // The identity: dalek lists 0 and √(i·d) (each twice) and the four others, not √(i/d).
    let ours = halves(
        RistrettoPoint::IDENTITY
            .map_to_curve_inverse()
            .map(|b| b.into_option()),
    );
    let mut theirs = halves(
        DalekPoint::default()
            .map_to_curve_inverse()
            .map(|b| b.into_option()),
    );
    for (half, sign) in theirs.iter_mut().zip([SQRT_I_OVER_D, -SQRT_I_OVER_D]) {
        half.dedup();
        half.push(sign.to_bytes());
        half.sort_unstable();
    }
    assert_eq!(ours, theirs);
}

#[cfg(feature = "lizard")]
#[test]
fn lizard_agrees_with_curve25519_dalek() {
    use sha2::Sha256;
    let mut rng = SplitMix64(0x112a);
    for _ in 0..100 {
        let data: [u8; 16] = rng.bytes();
        let ours = RistrettoPoint::lizard_encode::<Sha256>(&data);
        let theirs = DalekPoint::lizard_encode::<Sha256>(&data);
        assert_eq!(ours.to_bytes(), theirs.compress().to_bytes());
        assert_eq!(ours.lizard_decode::<Sha256>(), Some(data));
        // Not an encoding: a random element decodes to nothing in both.
        let other = RistrettoPoint::from_uniform_bytes(&rng.bytes());
        assert_eq!(other.lizard_decode::<Sha256>(), None);
        let dalek_other = CompressedRistretto(other.to_bytes())
            .decompress()
            .expect("valid");
        assert_eq!(dalek_other.lizard_decode::<Sha256>(), None);
    }
    assert_eq!(RistrettoPoint::IDENTITY.lizard_decode::<Sha256>(), None);
}
