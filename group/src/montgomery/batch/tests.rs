//! The batch functions against the single ones: `x25519_batch` through the public
//! entry point (the eight-lane ladder where this CPU has AVX-512 IFMA) and through the
//! instruction model (so CPUs without IFMA test the same ladder code), and through
//! the AVX2 four-lane ladders where this CPU has AVX2, on random
//! inputs, non-canonical u (u ≥ p, bit 255 set), u of small order, edge scalars, every
//! length 0…17 and 64, RFC 7748 §5.2 and all of Wycheproof's `x25519_test.json`.

extern crate std;

use std::vec;
use std::vec::Vec;

use super::{LengthMismatch, x25519_batch};
use crate::montgomery::{MontgomeryPoint, X25519_BASEPOINT, x25519};
use edwards25519_test_support::{SplitMix64, read_json, unhex_n};

/// The batch over the model of the eight-lane ladder (any CPU).
#[cfg(edwards25519_vector)]
fn model_batch(scalars: &[[u8; 32]], us: &[[u8; 32]]) -> Vec<[u8; 32]> {
    use crate::backend::vector::ifma52x8::{ladder8, model::Model8};
    super::in_groups(scalars, us, ladder8::<Model8>)
}

/// The batch over the AVX2 four-lane ladders, where this CPU has AVX2 (what a CPU
/// without IFMA runs); `None` elsewhere.
#[cfg(edwards25519_vector)]
fn avx2_batch(scalars: &[[u8; 32]], us: &[[u8; 32]]) -> Option<Vec<[u8; 32]>> {
    use crate::backend::vector::avx2;
    Some(super::in_fours(avx2::detect()?, scalars, us))
}

/// Every batch path on (scalars, us), each checked against `x25519` pair by pair.
fn check(scalars: &[[u8; 32]], us: &[[u8; 32]], model: bool) {
    let want: Vec<[u8; 32]> = scalars
        .iter()
        .zip(us)
        .map(|(k, u)| x25519(*k, *u))
        .collect();
    assert_eq!(x25519_batch(scalars, us), Ok(want.clone()), "public batch");
    #[cfg(edwards25519_vector)]
    if let Some(got) = avx2_batch(scalars, us) {
        assert_eq!(got, want, "AVX2 batch");
    }
    #[cfg(edwards25519_vector)]
    if model {
        assert_eq!(model_batch(scalars, us), want, "model batch");
    }
    let _ = model;
}

/// 2^255 - 19, little-endian.
const P: [u8; 32] = {
    let mut b = [0xffu8; 32];
    b[0] = 0xed;
    b[31] = 0x7f;
    b
};

fn edge_us() -> Vec<[u8; 32]> {
    let small = |n: u8| {
        let mut b = [0u8; 32];
        b[0] = n;
        b
    };
    let mut us = vec![small(0), small(1), small(9), [0xff; 32]];
    // p - 1, p, p + 1, 2^255 - 1.
    for d in [0xec, 0xed, 0xee, 0xff] {
        let mut b = P;
        b[0] = d;
        us.push(b);
    }
    // Small order: 0, 1 and p - 1 above; the points of order 4 and 2 mapped from
    // Edwards; the two u of the points of order 8 (RFC 7748 §7's list, also in
    // Wycheproof), checked to give all zeros below.
    let t4 = crate::point::order_four_point();
    us.push(t4.to_montgomery().0);
    us.push(t4.double().to_montgomery().0);
    for h in [
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    ] {
        let u = unhex_n::<32>(h);
        assert_eq!(x25519([0x42; 32], u), [0; 32], "{h} has small order");
        us.push(u);
    }
    let high: Vec<[u8; 32]> = us
        .iter()
        .map(|u| {
            let mut b = *u;
            b[31] |= 0x80;
            b
        })
        .collect();
    us.extend(high);
    us
}

fn edge_scalars() -> Vec<[u8; 32]> {
    let mut one = [0u8; 32];
    one[0] = 1;
    vec![[0; 32], [0xff; 32], one, [0x80; 32], [0x7f; 32]]
}

#[test]
fn lengths_and_random_inputs() {
    let mut rng = SplitMix64(0x3a44_9f01_c8e2_5b77);
    for n in (0..=17).chain([64]) {
        let scalars: Vec<[u8; 32]> = (0..n).map(|_| rng.bytes()).collect();
        let us: Vec<[u8; 32]> = (0..n).map(|_| rng.bytes()).collect();
        check(&scalars, &us, n <= 9 || n == 17);
    }
}

#[test]
fn edge_inputs() {
    let us = edge_us();
    let ks = edge_scalars();
    let mut scalars = Vec::new();
    let mut points = Vec::new();
    for (i, u) in us.iter().enumerate() {
        for k in &ks {
            scalars.push(*k);
            points.push(*u);
        }
        // And a random-looking scalar, so small-order u meets ordinary scalars.
        scalars.push([i as u8 ^ 0x5a; 32]);
        points.push(*u);
    }
    check(&scalars, &points, true);
    // Small-order u gives all zeros in every lane, whatever the scalar.
    let zero_us = [[0u8; 32]; 8];
    assert_eq!(
        x25519_batch(&[[0x42; 32]; 8], &zero_us),
        Ok(vec![[0u8; 32]; 8])
    );
}

#[test]
fn length_mismatch_is_an_error() {
    assert_eq!(
        x25519_batch(&[[1; 32]; 3], &[[9; 32]; 2]),
        Err(LengthMismatch {
            scalars: 3,
            points: 2
        })
    );
    assert_eq!(
        x25519_batch(&[], &[[9; 32]]),
        Err(LengthMismatch {
            scalars: 0,
            points: 1
        })
    );
    let e = LengthMismatch {
        scalars: 0,
        points: 1,
    };
    let _: &dyn core::error::Error = &e;
    assert_eq!(
        std::format!("{e}"),
        "0 scalars but 1 points: the lengths must be equal"
    );
}

#[test]
fn rfc7748_and_wycheproof() {
    let v = read_json("rfc7748/x25519.json");
    let (mut ks, mut us, mut want) = (Vec::new(), Vec::new(), Vec::new());
    for c in v["scalar_mult"].as_array().expect("list") {
        let h = |f: &str| unhex_n::<32>(c[f].as_str().expect("hex"));
        ks.push(h("scalar"));
        us.push(h("u"));
        want.push(h("output"));
    }
    assert_eq!(ks.len(), 2);
    let w = read_json("wycheproof/x25519_test.json");
    for g in w["testGroups"].as_array().expect("groups") {
        for t in g["tests"].as_array().expect("tests") {
            let h = |f: &str| unhex_n::<32>(t[f].as_str().expect("hex"));
            ks.push(h("private"));
            us.push(h("public"));
            want.push(h("shared"));
        }
    }
    assert_eq!(ks.len(), 2 + 518);
    assert_eq!(x25519_batch(&ks, &us), Ok(want.clone()));
    #[cfg(edwards25519_vector)]
    assert_eq!(model_batch(&ks, &us), want);
    #[cfg(edwards25519_vector)]
    if let Some(got) = avx2_batch(&ks, &us) {
        assert_eq!(got, want, "AVX2 batch");
    }
}

#[test]
fn mul_base_clamped_batch_matches_single() {
    let mut rng = SplitMix64(0x91b3_07d2_4e6f_a1c5);
    for n in (0..=17).chain([64]) {
        let mut scalars: Vec<[u8; 32]> = (0..n).map(|_| rng.bytes()).collect();
        if n > 2 {
            scalars[0] = [0; 32];
            scalars[1] = [0xff; 32];
        }
        let want: Vec<MontgomeryPoint> = scalars
            .iter()
            .map(|k| MontgomeryPoint::mul_base_clamped(*k))
            .collect();
        let got = MontgomeryPoint::mul_base_clamped_batch(&scalars);
        assert_eq!(got.len(), n);
        for ((g, w), k) in got.iter().zip(&want).zip(&scalars) {
            assert_eq!(g.0, w.0);
            assert_eq!(g.0, x25519(*k, X25519_BASEPOINT));
        }
    }
}
