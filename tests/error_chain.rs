//! Every error type follows one rule: a wrapper's `Display` does not repeat its cause;
//! the cause is its `source()`. So a printed chain of causes (what `anyhow`, `eyre` and
//! friends print) names each reason exactly once. These tests walk the chains.
#![cfg(feature = "ed25519")]

use core::error::Error as StdError;
use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey};
use edwards25519::scalar::ScalarError;
use edwards25519::{DecodeError, Point, Scalar};

/// The messages of `e` and its sources, outermost first.
fn chain(e: &(dyn StdError + 'static)) -> Vec<String> {
    let mut out = vec![e.to_string()];
    let mut cur = e.source();
    while let Some(c) = cur {
        out.push(c.to_string());
        cur = c.source();
    }
    out
}

/// No link's message contains a later link's message, and none is empty.
fn assert_said_once(e: &(dyn StdError + 'static)) -> Vec<String> {
    let links = chain(e);
    for (i, outer) in links.iter().enumerate() {
        assert!(!outer.is_empty(), "empty message in {links:?}");
        for inner in &links[i + 1..] {
            assert!(
                !outer.contains(inner.as_str()),
                "{outer:?} repeats its cause {inner:?}"
            );
        }
    }
    links
}

/// Every point decoding error the decoders produce, from real inputs.
fn decode_errors() -> Vec<DecodeError> {
    let mut y2 = [0u8; 32];
    y2[0] = 2; // y = 2: no x on the curve
    let mut y_ge_p = [0xffu8; 32];
    y_ge_p[0] = 0xee; // y = p + 1, a non-canonical encoding of y = 1
    y_ge_p[31] = 0x7f;
    let mut neg_zero = [0u8; 32];
    neg_zero[0] = 1;
    neg_zero[31] = 0x80; // y = 1, x = 0 with the sign bit set
    vec![
        Point::from_bytes(&y2).expect_err("not a point"),
        Point::from_canonical_bytes(&y_ge_p).expect_err("y >= p"),
        Point::from_canonical_bytes(&neg_zero).expect_err("-0"),
        Point::try_from(&[0u8; 31][..]).expect_err("short"),
    ]
}

#[test]
fn leaf_errors_have_no_source() {
    let decode = decode_errors();
    assert_eq!(decode.len(), 4);
    for e in &decode {
        assert!(e.source().is_none(), "{e:?}");
        assert_eq!(assert_said_once(e).len(), 1);
    }
    let scalar = [
        Scalar::try_from(&[0u8; 33][..]).expect_err("long"),
        Scalar::try_from(&[0xffu8; 32][..]).expect_err(">= l"),
    ];
    assert!(matches!(scalar[0], ScalarError::InvalidLength { .. }));
    assert_eq!(scalar[1], ScalarError::NonCanonical);
    for e in &scalar {
        assert_eq!(assert_said_once(e).len(), 1);
    }
}

#[test]
fn ed25519_wrappers_give_the_cause_as_source_only() {
    let mut y2 = [0u8; 32];
    y2[0] = 2;
    let bad_key = VerifyingKey::from_bytes(&y2).expect_err("not a point");
    let vk = SigningKey::from_seed(&[1u8; 32]).verifying_key();
    let bad_r = vk
        .verify(b"m", &Signature::from_components(y2, [0u8; 32]))
        .expect_err("R is not a point");
    for e in [bad_key, bad_r] {
        assert!(matches!(e, Error::InvalidPublicKey(_) | Error::InvalidR(_)));
        let links = assert_said_once(&e);
        // The wrapper, then the decoding error: two links, the cause said once.
        assert_eq!(links.len(), 2, "{links:?}");
        assert_eq!(links[1], decode_errors()[0].to_string());
    }
}

#[test]
fn every_other_ed25519_error_is_a_leaf() {
    let vk = SigningKey::from_seed(&[1u8; 32]).verifying_key();
    let sig = SigningKey::from_seed(&[1u8; 32]).sign(b"m");
    let errors = [
        vk.verify(b"other", &sig).expect_err("equation"),
        Error::NonCanonicalS,
        Error::NonCanonicalPublicKey,
        Error::NonCanonicalR,
        Error::SmallOrderPublicKey,
        Error::SmallOrderR,
        Error::BatchLengthMismatch,
        VerifyingKey::try_from(&[0u8; 3][..]).expect_err("length"),
        Error::KeypairMismatch,
        "zz".parse::<Signature>().expect_err("hex length"),
        Error::InvalidHexDigit { index: 3 },
        SigningKey::from_seed(&[1u8; 32])
            .sign_ctx(b"m", &[0u8; 256])
            .expect_err("context"),
    ];
    for e in &errors {
        assert!(e.source().is_none(), "{e:?}");
        assert_eq!(assert_said_once(e).len(), 1);
    }
    // A slice length error converted from the group crate keeps its numbers.
    let from_decode = Error::from(Point::try_from(&[0u8; 31][..]).expect_err("short"));
    assert_eq!(
        from_decode,
        Error::InvalidLength {
            expected: 32,
            actual: 31
        }
    );
}
