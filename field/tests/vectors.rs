//! Known answers for the field from testvectors/points/edwards25519_kat.json (section
//! `field`; values transcribed from curve25519-dalek and Go's edwards25519 tests, see
//! testvectors/README.md).

use crate::common;

use common::*;
use edwards25519_field::FieldElement;
use num_bigint::BigUint;
use serde_json::Value;

type Fe = FieldElement;

const KAT: &str = include_str!("../../testvectors/points/edwards25519_kat.json");

fn field() -> Value {
    let v: Value = serde_json::from_str(KAT).expect("valid JSON");
    v["field"].clone()
}

fn hex_fe(v: &Value) -> Fe {
    Fe::from_bytes(&unhex(v.as_str().expect("hex string")))
}

fn hex32(v: &Value) -> [u8; 32] {
    unhex(v.as_str().expect("hex string"))
}

fn decimal(v: &Value) -> BigUint {
    BigUint::parse_bytes(v.as_str().expect("decimal string").as_bytes(), 10).expect("decimal")
}

#[test]
fn square_invert_pow22523() {
    let f = field();
    let k = &f["a_square_invert_pow_p58"];
    let a = hex_fe(&k["a"]);
    assert_eq!(a.square().to_bytes(), hex32(&k["a_squared"]));
    assert_eq!((a * a).to_bytes(), hex32(&k["a_squared"]));
    assert_eq!(a.invert().to_bytes(), hex32(&k["a_inverse"]));
    assert_eq!(a.pow22523().to_bytes(), hex32(&k["a_pow_p_minus_5_over_8"]));
    // The same answers through the reference model, so the file and the model agree.
    assert_eq!(le32(&inv(&val(&a))), hex32(&k["a_inverse"]));
}

#[test]
fn from_bytes_ignores_high_bit() {
    let f = field();
    let input = hex32(&f["from_bytes_ignores_high_bit"]["input"]);
    assert_eq!(input[31] >> 7, 1, "the vector has bit 255 set");
    let mut cleared = input;
    cleared[31] &= 0x7f;
    let x = Fe::from_bytes(&input);
    assert_eq!(x, Fe::from_bytes(&cleared));
    assert_eq!(x.limbs(), Fe::from_bytes(&cleared).limbs());
    assert_eq!(x.to_bytes(), cleared); // the cleared value is below p
}

#[test]
fn non_canonical_input_reduced() {
    let f = field();
    let cases = f["non_canonical_input_reduced"].as_array().expect("array");
    assert!(!cases.is_empty());
    for c in cases {
        let x = hex_fe(&c["input"]);
        assert_eq!(x.to_bytes(), hex32(&c["canonical_output"]));
        assert_eq!(x, Fe::ONE);
    }
}

#[test]
fn from_wide_bytes() {
    let f = field();
    let cases = f["from_wide_bytes"]["cases"].as_array().expect("array");
    assert_eq!(cases.len(), 10);
    for c in cases {
        let input = c
            .get("input_zero_padded_to_64")
            .unwrap_or(&c["input"])
            .as_str()
            .expect("hex");
        let x = Fe::from_wide_bytes(&unhex(input));
        assert!(x.is_in_bounds());
        assert_eq!(x.to_bytes(), hex32(&c["output"]), "input {input}");
    }
}

#[test]
fn radix51_round_trip() {
    let f = field();
    let cases = f["radix51_roundtrip"]["cases"].as_array().expect("array");
    assert_eq!(cases.len(), 2);
    for c in cases {
        let limbs: Vec<u64> = c["limbs51"]
            .as_array()
            .expect("array")
            .iter()
            .map(|l| l.as_u64().expect("integer limb"))
            .collect();
        let limbs: [u64; 5] = limbs.try_into().expect("five limbs");
        let bytes = hex32(&c["bytes"]);
        let x = Fe::from_limbs(limbs).expect("limbs within the invariant");
        assert_eq!(x.to_bytes(), bytes);
        // These limbs are the reduced 51-bit split, which is what from_bytes produces.
        assert_eq!(Fe::from_bytes(&bytes).limbs(), limbs);
    }
}

#[test]
fn sqrt_ratio() {
    let f = field();
    let cases = f["sqrt_ratio"]["cases"].as_array().expect("array");
    assert_eq!(cases.len(), 6);
    for c in cases {
        let (u, v) = (hex_fe(&c["u"]), hex_fe(&c["v"]));
        let (was_square, r) = Fe::sqrt_ratio(&u, &v);
        let expected = c["was_square"].as_u64().expect("0 or 1");
        assert_eq!(
            u64::from(was_square.unwrap_u8()),
            expected,
            "u {} v {}",
            c["u"],
            c["v"]
        );
        assert_eq!(r.to_bytes(), hex32(&c["r"]), "u {} v {}", c["u"], c["v"]);
    }
}

#[test]
fn constants() {
    let f = field();
    let c = &f["constants"];
    assert_eq!(decimal(&c["p"]), *P);
    assert_eq!(val(&Fe::SQRT_M1), decimal(&c["sqrt_m1_decimal"]));
}
