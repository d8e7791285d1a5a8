//! `GroupEncoding::from_bytes` here is strict (RFC 8032 canonical encodings only), and
//! curve25519-dalek 5's `GroupEncoding for EdwardsPoint` is not: this pins the
//! difference docs/migrating.md describes, on every non-canonical encoding
//! of a valid point (y in [p, 2^255) for y < 19, and x = 0 with the sign bit set).
#![cfg(feature = "group")]

use curve25519_dalek::EdwardsPoint;
use edwards25519::Point;
use group::GroupEncoding;

/// The non-canonical encodings that decode leniently to a point.
fn non_canonical_encodings() -> Vec<[u8; 32]> {
    let mut out = Vec::new();
    // y = p + k for k < 19: low byte 0xed + k, bytes 1..31 = 0xff, top byte 0x7f,
    // with either sign bit.
    for k in 0u8..19 {
        for sign in [0u8, 0x80] {
            let mut b = [0xffu8; 32];
            b[0] = 0xed + k;
            b[31] = 0x7f | sign;
            if Point::from_bytes(&b).is_ok() {
                out.push(b);
            }
        }
    }
    // x = 0 with the sign bit set: y = 1 (the identity) and y = -1 (order 2).
    let mut one = [0u8; 32];
    one[0] = 1;
    one[31] = 0x80;
    out.push(one);
    let mut minus_one = [0xffu8; 32];
    minus_one[0] = 0xec;
    minus_one[31] = 0xff;
    out.push(minus_one);
    out
}

#[test]
fn group_encoding_is_strict_here_and_lenient_in_curve25519_dalek() {
    let encodings = non_canonical_encodings();
    assert!(encodings.len() >= 4, "{}", encodings.len());
    for b in &encodings {
        assert!(Point::from_bytes(b).is_ok(), "lenient decoding accepts it");
        assert!(Point::from_canonical_bytes(b).is_err());
        let ours = <Point as GroupEncoding>::from_bytes(b);
        assert!(bool::from(ours.is_none()), "{}", hex::encode(b));
        let theirs = <EdwardsPoint as GroupEncoding>::from_bytes(b);
        assert!(bool::from(theirs.is_some()), "{}", hex::encode(b));
        // Both read the same point when they accept it.
        assert_eq!(
            Point::from_bytes(b).expect("point").to_bytes(),
            theirs.unwrap().compress().to_bytes()
        );
    }
    // Canonical encodings: both accept, the same point.
    for i in 1u8..32 {
        let p = Point::mul_base(&edwards25519::Scalar::from(i));
        let b = p.to_bytes();
        assert_eq!(<Point as GroupEncoding>::from_bytes(&b).unwrap(), p);
        let theirs = <EdwardsPoint as GroupEncoding>::from_bytes(&b).unwrap();
        assert_eq!(theirs.compress().to_bytes(), b);
    }
}
