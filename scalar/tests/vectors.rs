//! Known answers from testvectors/points/edwards25519_kat.json (`scalar` section),
//! transcribed from curve25519-dalek and FiloSottile/edwards25519 test code (see
//! testvectors/README.md for provenance).

use crate::common;

use common::*;
use edwards25519_scalar::Scalar;
use edwards25519_test_support::{read_json, unhex_n};
use num_bigint::BigUint;
use serde_json::Value;

fn kat() -> Value {
    read_json("points/edwards25519_kat.json")
}

fn hex_n<const N: usize>(v: &Value) -> [u8; N] {
    unhex_n(v.as_str().expect("hex string"))
}

fn scalar(v: &Value) -> Scalar {
    Option::from(Scalar::from_canonical_bytes(hex_n::<32>(v))).expect("canonical vector")
}

#[test]
fn mul_and_invert() {
    let k = &kat()["scalar"]["mul_invert"];
    let (x, y) = (scalar(&k["x"]), scalar(&k["y"]));
    assert_eq!((x * y).to_bytes(), hex_n::<32>(&k["x_times_y"]));
    assert_eq!(x.invert().to_bytes(), hex_n::<32>(&k["x_inverse"]));
    assert_eq!(x.invert().invert(), x);
}

#[test]
fn reductions() {
    let s = &kat()["scalar"];
    let cases = s["from_bytes_mod_order"].as_array().expect("array");
    assert!(!cases.is_empty());
    for c in cases {
        let got = Scalar::from_bytes_mod_order(hex_n::<32>(&c["input"]));
        assert_eq!(got.to_bytes(), hex_n::<32>(&c["output"]));
    }
    let cases = s["from_bytes_mod_order_wide"].as_array().expect("array");
    assert!(!cases.is_empty());
    for c in cases {
        let got = Scalar::from_bytes_mod_order_wide(&hex_n::<64>(&c["input"]));
        assert_eq!(got.to_bytes(), hex_n::<32>(&c["output"]));
    }
    // Unreduced inputs multiplied (a fuzzer-found case upstream).
    let f = &s["fuzzer_reduction_mul"];
    let a = hex_n::<32>(&f["a"]);
    let b = hex_n::<32>(&f["b"]);
    let want = hex_n::<32>(&f["c"]);
    let prod = Scalar::from_bytes_mod_order(a) * Scalar::from_bytes_mod_order(b);
    assert_eq!(prod.to_bytes(), want);
    let mut aw = [0u8; 64];
    aw[..32].copy_from_slice(&a);
    let mut bw = [0u8; 64];
    bw[..32].copy_from_slice(&b);
    let prod = Scalar::from_bytes_mod_order_wide(&aw) * Scalar::from_bytes_mod_order_wide(&bw);
    assert_eq!(prod.to_bytes(), want);
}

#[test]
fn constants() {
    let c = &kat()["scalar"]["constants"];
    let l_dec: BigUint = c["l"].as_str().expect("string").parse().expect("decimal");
    assert_eq!(l_dec, l());
    let lm1 = scalar(&c["l_minus_1"]);
    assert_eq!(lm1, -Scalar::ONE);
    assert_eq!(lm1 + Scalar::ONE, Scalar::ZERO);
    // 2^255 - 1 is not canonical, and reduces to its residue.
    let big = hex_n::<32>(&c["largest_unreduced_2_255_minus_1"]);
    assert!(bool::from(Scalar::from_canonical_bytes(big).is_none()));
    assert_eq!(
        val(&Scalar::from_bytes_mod_order(big)),
        (pow2(255) - 1u8) % l()
    );
}

#[test]
fn canonical_decoding() {
    let c = &kat()["scalar"]["from_canonical_bytes"];
    for v in c["accept"].as_array().expect("array") {
        let b = hex_n::<32>(v);
        let s = Option::<Scalar>::from(Scalar::from_canonical_bytes(b)).expect("accepted");
        assert_eq!(s.to_bytes(), b);
    }
    let rejects = c["reject"].as_array().expect("array");
    assert!(!rejects.is_empty());
    for v in rejects {
        assert!(bool::from(
            Scalar::from_canonical_bytes(hex_n::<32>(v)).is_none()
        ));
    }
}

/// The vectors give byte clamping only; `from_bytes_with_clamping` must equal the
/// clamped integer reduced mod l.
#[test]
fn clamping() {
    let c = &kat()["scalar"]["clamp_integer"]["cases"];
    let cases = c.as_array().expect("array");
    assert_eq!(cases.len(), 3);
    for case in cases {
        let input = hex_n::<32>(&case["input"]);
        let clamped = hex_n::<32>(&case["output"]);
        let got = Scalar::from_bytes_with_clamping(input);
        assert_eq!(got, Scalar::from_bytes_mod_order(clamped));
        assert_eq!(val(&got), int(&clamped) % l());
    }
    // The scalars behind the upstream clamped ScalarBaseMult vectors (their points are
    // checked by the group crate): the clamped value reduced mod l.
    let p = &kat()["point"]["clamped_scalar_base_mult"]["cases"];
    for case in p.as_array().expect("array") {
        let input = hex_n::<32>(&case["input"]);
        let mut x = int(&input);
        for bit in [0u64, 1, 2, 255] {
            x.set_bit(bit, false);
        }
        x.set_bit(254, true);
        assert_eq!(val(&Scalar::from_bytes_with_clamping(input)), x % l());
    }
}

#[test]
fn naf_width_5() {
    let n = &kat()["scalar"]["non_adjacent_form_w5"];
    let s = scalar(&n["scalar"]);
    let want: Vec<i8> = n["naf"]
        .as_array()
        .expect("array")
        .iter()
        .map(|d| i8::try_from(d.as_i64().expect("integer")).expect("digit fits i8"))
        .collect();
    assert_eq!(want.len(), 256);
    assert_eq!(s.vartime_non_adjacent_form(5).to_vec(), want);
}
