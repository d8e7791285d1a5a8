//! The facade's hash-to-curve paths (feature `hash-to-curve`, on by default): the names
//! the contract fixes are reachable as `edwards25519::group::hash_to_curve::...` and
//! `edwards25519::Point::...`; `expand_message_xmd` reproduces an RFC 9380 K.3 vector and
//! gives the 64 uniform bytes a ristretto255 `hash_to_group` needs (not an extension of
//! the 32-byte output: the length is hashed in); the suites are the composition of
//! their parts.
#![cfg(feature = "hash-to-curve")]

use edwards25519::Point;
use edwards25519::group::hash_to_curve::{
    HashToCurveError, MAX_EXPAND_LEN, expand_message_xmd, hash_to_field,
};

#[test]
fn facade_paths() {
    // RFC 9380 K.3, DST "QUUX-V01-CS02-with-expander-SHA512-256", msg "abc", 32 bytes.
    let dst = b"QUUX-V01-CS02-with-expander-SHA512-256";
    let mut out = [0u8; 32];
    expand_message_xmd(b"abc", dst, &mut out).expect("valid");
    assert_eq!(
        hex::encode(out),
        "0da749f12fbe5483eb066a5f595055679b976e93abe9be6f0f6318bce7aca8dc"
    );
    let mut wide = [0u8; 64];
    expand_message_xmd(b"abc", dst, &mut wide).expect("valid");
    assert_ne!(&wide[..32], &out[..]);

    let mut too_long = vec![0u8; MAX_EXPAND_LEN + 1];
    let err = expand_message_xmd(b"abc", dst, &mut too_long).expect_err("too long");
    assert!(matches!(err, HashToCurveError::OutputTooLong { .. }));

    let mut u = [edwards25519::FieldElement::ZERO; 2];
    hash_to_field(b"abc", dst, &mut u).expect("valid");
    let p = Point::hash_to_curve(b"abc", dst);
    let q = (Point::map_to_curve(&u[0]) + Point::map_to_curve(&u[1])).mul_by_cofactor();
    assert_eq!(p, q);
    assert_eq!(Point::encode_to_curve(b"abc", dst), {
        let mut u = [edwards25519::FieldElement::ZERO; 1];
        hash_to_field(b"abc", dst, &mut u).expect("valid");
        Point::map_to_curve(&u[0]).mul_by_cofactor()
    });
}
