//! serde through the facade (feature `serde`): every serializable type round trips
//! through JSON and CBOR in the shapes of the wire-format table (docs/serde.md), and
//! invalid input is an error, never a panic. Keys and signatures need
//! the `ed25519` feature too. `serde_dalek.rs` checks the same shapes against the
//! dalek crates in four formats.
#![cfg(feature = "serde")]

use edwards25519::{Point, Scalar};
use edwards25519_test_support::serde_formats::cbor_byte_string;
use edwards25519_test_support::{from_cbor, to_cbor};

/// How a value's bytes are written (the wire-format table).
#[derive(Clone, Copy)]
#[cfg_attr(not(feature = "ed25519"), allow(dead_code))]
enum Shape {
    /// Scalars and points: JSON and CBOR arrays of the byte values.
    Tuple,
    /// Keys: a CBOR byte string; a JSON array of the byte values.
    Bytes,
    /// Signatures: a CBOR byte string; a JSON upper-case hex string.
    HexOrBytes,
}

/// JSON and CBOR round trips, and the exact JSON and CBOR of `bytes` in `shape`.
fn round_trip<T>(v: &T, bytes: &[u8], shape: Shape)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug,
{
    let array = serde_json::to_string(bytes).expect("serialize");
    let (want_json, want_cbor) = match shape {
        Shape::Tuple => (array, to_cbor(&bytes)),
        Shape::Bytes => (array, cbor_byte_string(bytes)),
        Shape::HexOrBytes => (
            format!("\"{}\"", hex::encode_upper(bytes)),
            cbor_byte_string(bytes),
        ),
    };
    let json = serde_json::to_string(v).expect("serialize");
    assert_eq!(json, want_json);
    assert_eq!(&serde_json::from_str::<T>(&json).expect("deserialize"), v);
    // Lower-case hex is accepted too, for every type.
    let hex = format!("\"{}\"", hex::encode(bytes));
    assert_eq!(&serde_json::from_str::<T>(&hex).expect("hex"), v);
    let cbor = to_cbor(v);
    assert_eq!(cbor, want_cbor);
    assert_eq!(&from_cbor::<T>(&cbor).expect("deserialize"), v);
}

#[test]
fn scalar_and_point() {
    for i in 0u64..20 {
        let s = Scalar::from(i.wrapping_mul(0x1234_5678_9abc_def1) + 3).invert();
        round_trip(&s, &s.to_bytes(), Shape::Tuple);
        let p = Point::mul_base(&s);
        round_trip(&p, &p.to_bytes(), Shape::Tuple);
    }
    // A scalar >= l and bytes that are no point: errors.
    assert!(serde_json::from_str::<Scalar>(&format!("\"{}\"", "ff".repeat(32))).is_err());
    let mut not_a_point = [0u8; 32];
    not_a_point[0] = 2; // y = 2 gives no point
    assert!(Point::from_bytes(&not_a_point).is_err());
    assert!(serde_json::from_str::<Point>(&format!("\"{}\"", hex::encode(not_a_point))).is_err());
    assert!(from_cbor::<Point>(&to_cbor(&not_a_point)).is_err());
}

#[cfg(feature = "ed25519")]
mod ed25519 {
    use super::*;
    use edwards25519::ed25519::{Signature, SigningKey, VerifyingKey};

    #[test]
    fn keys_and_signatures_round_trip() {
        for i in 0u8..20 {
            let sk = SigningKey::from_seed(&[i; 32]);
            round_trip(&sk, &sk.to_bytes(), Shape::Bytes);
            let vk = sk.verifying_key();
            round_trip(&vk, &vk.to_bytes(), Shape::Bytes);
            let sig = sk.sign(b"serde");
            round_trip(&sig, &sig.to_bytes(), Shape::HexOrBytes);
            // What comes back still works.
            let vk2: VerifyingKey =
                serde_json::from_str(&serde_json::to_string(&vk).expect("ser")).expect("de");
            let sig2: Signature = from_cbor(&to_cbor(&sig)).expect("de");
            assert!(vk2.verify(b"serde", &sig2).is_ok());
            let sk2: SigningKey = from_cbor(&to_cbor(&sk)).expect("de");
            assert_eq!(sk2.sign(b"x"), sk.sign(b"x"));
        }
    }

    #[test]
    fn verifying_key_keeps_non_canonical_bytes() {
        // y = p + 1 with the sign bit clear: a non-canonical encoding of the identity,
        // which VerifyingKey::from_bytes accepts and keeps as given.
        let mut bytes = [0xffu8; 32];
        bytes[0] = 0xee;
        bytes[31] = 0x7f;
        let vk = VerifyingKey::from_bytes(&bytes).expect("a valid (non-canonical) encoding");
        round_trip(&vk, &bytes, Shape::Bytes);
        let back: VerifyingKey = serde_json::from_str(&format!("\"{}\"", hex::encode(bytes)))
            .expect("accepted like from_bytes");
        assert_eq!(back.to_bytes(), bytes);
    }

    #[test]
    fn invalid_key_rejected() {
        let mut bytes = [0u8; 32];
        bytes[0] = 2; // y = 2: no point
        assert!(VerifyingKey::from_bytes(&bytes).is_err());
        let err = serde_json::from_str::<VerifyingKey>(&format!("\"{}\"", hex::encode(bytes)))
            .expect_err("not a point");
        assert!(err.to_string().contains("public key"), "{err}");
        // serde errors have no chain: the cause is in the one message.
        assert!(
            err.to_string().contains("not an edwards25519 point"),
            "{err}"
        );
        assert!(from_cbor::<VerifyingKey>(&to_cbor(&bytes)).is_err());
    }

    #[test]
    fn signature_accepts_any_64_bytes_like_from_bytes() {
        // S >= l and R not a point: still a Signature (verification reports it).
        let raw = [0xffu8; 64];
        let sig: Signature =
            serde_json::from_str(&format!("\"{}\"", hex::encode(raw))).expect("any 64 bytes");
        assert_eq!(sig, Signature::from_bytes(&raw));
        round_trip(&sig, &raw, Shape::HexOrBytes);
    }

    #[test]
    fn wrong_lengths_rejected() {
        let h = |n: usize| format!("\"{}\"", "00".repeat(n));
        for n in [0, 31, 33, 63, 65] {
            if n != 64 {
                assert!(serde_json::from_str::<Signature>(&h(n)).is_err(), "sig {n}");
            }
            assert!(serde_json::from_str::<SigningKey>(&h(n)).is_err(), "sk {n}");
            assert!(
                serde_json::from_str::<VerifyingKey>(&h(n)).is_err(),
                "vk {n}"
            );
            let v = vec![0u8; n];
            assert!(from_cbor::<Signature>(&to_cbor(&v)).is_err());
            assert!(from_cbor::<SigningKey>(&to_cbor(&v)).is_err());
        }
    }
}
