//! serde for `Scalar` (feature `serde`): round trips through a human-readable format
//! (serde_json: an array of 32 numbers, curve25519-dalek's shape; hex accepted too) and
//! a binary one (CBOR via ciborium: a 32-element tuple), the exact shapes, and rejection of every malformed or non-canonical input
//! with an error.
#![cfg(feature = "serde")]

use crate::common;

use common::*;
use edwards25519_scalar::Scalar;
use edwards25519_scalar::serde_impl::{deserialize_bytes, serialize_bytes, serialize_hex_or_bytes};
use edwards25519_test_support::serde_formats::{cbor_array as cbor_byte_array, cbor_byte_string};
use edwards25519_test_support::{from_cbor, to_cbor};
use num_bigint::BigUint;
use proptest::prelude::*;

#[test]
fn json_shape_is_an_array_of_32_numbers() {
    let one = serde_json::to_string(&Scalar::ONE).expect("serialize");
    assert_eq!(one, format!("[1{}]", ",0".repeat(31)));
    let s = Scalar::from_bytes_mod_order([0xab; 32]);
    let json = serde_json::to_string(&s).expect("serialize");
    // The same JSON serde gives a plain [u8; 32].
    assert_eq!(
        json,
        serde_json::to_string(&s.to_bytes()).expect("serialize")
    );
}

#[test]
fn cbor_shape_is_a_32_tuple() {
    let s = Scalar::from_bytes_mod_order([0x5c; 32]);
    assert_eq!(to_cbor(&s), cbor_byte_array(&s.to_bytes()));
    // The same bytes serde gives a plain [u8; 32].
    assert_eq!(to_cbor(&s), to_cbor(&s.to_bytes()));
}

#[test]
fn json_alternatives_accepted() {
    let s = Scalar::from_bytes_mod_order([0xcd; 32]);
    // Hex strings, in either case, are accepted too (human-readable formats also read
    // 2N hex digits).
    for hex in [hex::encode(s.to_bytes()), hex::encode_upper(s.to_bytes())] {
        let json = format!("\"{hex}\"");
        assert_eq!(serde_json::from_str::<Scalar>(&json).expect("hex"), s);
    }
}

#[test]
fn cbor_byte_string_accepted() {
    let s = Scalar::from_bytes_mod_order([0x17; 32]);
    assert_eq!(from_cbor::<Scalar>(&cbor_byte_string(&s.to_bytes())), Ok(s));
}

#[test]
fn non_canonical_rejected() {
    for x in [l(), l() + 1u8, pow2(253), pow2(256) - 1u8] {
        let bytes = le::<32>(&x);
        let json = format!("\"{}\"", hex::encode(bytes));
        let err = serde_json::from_str::<Scalar>(&json).expect_err("non-canonical");
        assert!(err.to_string().contains("non-canonical"), "{err}");
        assert!(from_cbor::<Scalar>(&cbor_byte_array(&bytes)).is_err());
        assert!(from_cbor::<Scalar>(&cbor_byte_string(&bytes)).is_err());
        let array = serde_json::to_string(&bytes).expect("serialize");
        assert!(serde_json::from_str::<Scalar>(&array).is_err());
    }
    // l - 1 is the largest canonical value.
    let top = le::<32>(&(l() - 1u8));
    let json = format!("\"{}\"", hex::encode(top));
    assert_eq!(
        val(&serde_json::from_str::<Scalar>(&json).expect("l - 1")),
        l() - 1u8
    );
}

#[test]
fn malformed_rejected() {
    let good = hex::encode(Scalar::ONE.to_bytes());
    let bad_json = [
        format!("\"{}\"", &good[..62]),       // 31 bytes
        format!("\"{good}00\""),              // 33 bytes
        format!("\"{}\"", &good[..63]),       // odd number of digits
        format!("\"0x{}\"", &good[..62]),     // prefix
        format!("\"g{}\"", &good[1..]),       // bad digit
        format!("\"{}é\"", &good[..62]),      // non-ASCII (3 bytes)
        "[1, 2, 3]".to_string(),              // short array
        format!("[{}]", ["0"; 33].join(",")), // long array
        format!("[256{}]", ",0".repeat(31)),  // element out of u8 range
        "null".to_string(),
        "7".to_string(),
        "{}".to_string(),
    ];
    for j in &bad_json {
        assert!(serde_json::from_str::<Scalar>(j).is_err(), "accepted {j}");
    }
    let bytes = Scalar::ONE.to_bytes();
    let bad_cbor = [
        cbor_byte_array(&bytes[..31]),
        cbor_byte_array(&[bytes.as_slice(), &[0]].concat()),
        cbor_byte_string(&bytes[..31]),
        cbor_byte_string(&[bytes.as_slice(), &[0]].concat()),
        vec![0xf6], // null
        vec![],
    ];
    for c in &bad_cbor {
        assert!(from_cbor::<Scalar>(c).is_err(), "accepted {c:02x?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 300 } else { 3_000 }))]

    #[test]
    fn round_trips(s in scalar()) {
        let json = serde_json::to_string(&s).expect("serialize");
        prop_assert_eq!(serde_json::from_str::<Scalar>(&json).expect("deserialize"), s);
        let cbor = to_cbor(&s);
        prop_assert_eq!(from_cbor::<Scalar>(&cbor), Ok(s));
        // serde_json::Value (a self-describing intermediate) too.
        let v = serde_json::to_value(s).expect("to value");
        prop_assert_eq!(serde_json::from_value::<Scalar>(v).expect("from value"), s);
    }

    #[test]
    fn decoding_matches_from_canonical_bytes(bytes in bytes32()) {
        let want: Option<Scalar> = Scalar::from_canonical_bytes(bytes).into();
        prop_assert_eq!(want.is_some(), int(&bytes) < l());
        let json = format!("\"{}\"", hex::encode(bytes));
        prop_assert_eq!(serde_json::from_str::<Scalar>(&json).ok(), want);
        prop_assert_eq!(from_cbor::<Scalar>(&cbor_byte_array(&bytes)).ok(), want);
    }

    #[test]
    fn arbitrary_input_never_panics(junk in proptest::collection::vec(any::<u8>(), 0..80)) {
        let _ = from_cbor::<Scalar>(&junk);
        let _ = serde_json::from_slice::<Scalar>(&junk);
    }

    #[test]
    fn arbitrary_hex_strings_never_panic(s in "[0-9a-fA-FxX ]{0,70}") {
        let json = format!("\"{s}\"");
        let got = serde_json::from_str::<Scalar>(&json).ok();
        if let Some(got) = got {
            prop_assert_eq!(s.len(), 64);
            prop_assert_eq!(hex::decode(&s).ok(), Some(got.to_bytes().to_vec()));
            prop_assert!(int(&got.to_bytes()) < l());
        }
    }
}

#[test]
fn big_uint_helper_sanity() {
    // The test's reference for l is the definition, not our constant.
    assert_eq!(l(), BigUint::from(2u8).pow(252) + big_c());
}

fn big_c() -> BigUint {
    "27742317777372353535851937790883648493"
        .parse()
        .expect("decimal constant")
}

/// A 64-byte value in the signatures' shape: [`serialize_hex_or_bytes`] and
/// [`deserialize_bytes`], as the facade's `Signature` uses them. The shared helpers are
/// tested here too, not only through the facade's types, so that a mutant of them in
/// this crate fails this crate's tests.
#[derive(Debug, PartialEq)]
struct HexOrBytes([u8; 64]);

impl serde::Serialize for HexOrBytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_hex_or_bytes(&self.0, s)
    }
}

impl<'de> serde::Deserialize<'de> for HexOrBytes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize_bytes(d).map(HexOrBytes)
    }
}

/// A 32-byte value in the keys' shape: [`serialize_bytes`] and [`deserialize_bytes`].
#[derive(Debug, PartialEq)]
struct Bytes32([u8; 32]);

impl serde::Serialize for Bytes32 {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_bytes(&self.0, s)
    }
}

impl<'de> serde::Deserialize<'de> for Bytes32 {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize_bytes(d).map(Bytes32)
    }
}

/// 64 distinct bytes, each digit of their hex different from its neighbours.
fn pattern64() -> [u8; 64] {
    core::array::from_fn(|i| (i as u8).wrapping_mul(37).wrapping_add(11))
}

#[test]
fn hex_or_bytes_is_upper_hex_in_json_and_a_byte_string_in_cbor() {
    let v = HexOrBytes(pattern64());
    let json = serde_json::to_string(&v).expect("serialize");
    assert_eq!(json, format!("\"{}\"", hex::encode_upper(v.0)));
    assert_eq!(serde_json::from_str::<HexOrBytes>(&json).expect("upper"), v);
    let lower = format!("\"{}\"", hex::encode(v.0));
    assert_eq!(
        serde_json::from_str::<HexOrBytes>(&lower).expect("lower"),
        v
    );
    // CBOR: a byte string (major type 2) of 64 bytes, read back through visit_bytes.
    let cbor = to_cbor(&v);
    assert_eq!(cbor, cbor_byte_string(&v.0));
    assert_eq!(from_cbor::<HexOrBytes>(&cbor), Ok(v));
}

#[test]
fn bytes_shape_round_trips() {
    let v = Bytes32(core::array::from_fn(|i| 0xf0 ^ i as u8));
    let cbor = to_cbor(&v);
    assert_eq!(cbor, cbor_byte_string(&v.0));
    assert_eq!(from_cbor::<Bytes32>(&cbor), Ok(Bytes32(v.0)));
    // JSON writes serialize_bytes as an array of numbers, and reads it back as a
    // sequence.
    let json = serde_json::to_string(&v).expect("serialize");
    assert_eq!(json, serde_json::to_string(&v.0).expect("array"));
    assert_eq!(serde_json::from_str::<Bytes32>(&json).expect("array"), v);
}

/// The errors name the length they got and what was expected, in every path: a byte
/// string, a hex string and a sequence, each one too short and one too long.
#[test]
fn wrong_lengths_are_reported() {
    let expecting = "expected 32 bytes (as a byte string, a sequence of 32 bytes or 64 hex digits)";
    let bytes = [7u8; 40];
    for n in [31, 33] {
        let err = from_cbor::<Bytes32>(&cbor_byte_string(&bytes[..n])).expect_err("length");
        assert!(
            err.contains(&format!("invalid length {n}, {expecting}")),
            "{err}"
        );
        let hex = format!("\"{}\"", hex::encode(&bytes[..n]));
        let err = serde_json::from_str::<Bytes32>(&hex).expect_err("length");
        let digits = 2 * n;
        assert!(
            err.to_string()
                .contains(&format!("invalid length {digits}, {expecting}")),
            "{err}"
        );
        let array = serde_json::to_string(&bytes[..n]).expect("serialize");
        let err = serde_json::from_str::<Bytes32>(&array).expect_err("length");
        assert!(
            err.to_string()
                .contains(&format!("invalid length {n}, {expecting}")),
            "{err}"
        );
    }
}
