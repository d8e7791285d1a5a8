//! `Point::from_bytes_batch` against `Point::from_bytes`, element by element, through
//! the public entry point (the eight-lane decoding where this CPU has AVX-512 IFMA) and
//! through the instruction model of that decoding (so CPUs without IFMA test the same
//! code), and through the AVX2 four-lane decoding where this CPU has AVX2: random valid encodings, random bytes (about half not on the curve), y >= p,
//! x = 0 with the sign bit, every 32-byte string of `testvectors/points/*.json`, and
//! every length 0…17 and 64.

extern crate std;

use std::vec::Vec;

use crate::{DecodeError, Point, Scalar};
use edwards25519_test_support::{SplitMix64, read_json, unhex_n};

/// The batch over the model of the eight-lane decoding (any x86-64 CPU).
#[cfg(edwards25519_vector)]
fn model_batch(encodings: &[[u8; 32]]) -> Vec<Result<Point, DecodeError>> {
    use crate::backend::vector::ifma52x8::{decode::decode8, model::Model8};
    super::in_groups(encodings, decode8::<Model8>)
}

/// The padding of a last partial group is the base point's encoding.
#[test]
fn padding_is_the_base_point() {
    assert_eq!(super::PADDING, Point::GENERATOR.to_bytes());
}

/// The coordinates' canonical bytes: equal results must be equal bit for bit, not only
/// as group elements.
fn coordinates(p: &Point) -> [[u8; 32]; 4] {
    [
        p.0.x.to_bytes(),
        p.0.y.to_bytes(),
        p.0.z.to_bytes(),
        p.0.t.to_bytes(),
    ]
}

fn assert_same(got: &[Result<Point, DecodeError>], encodings: &[[u8; 32]], what: &str) {
    assert_eq!(got.len(), encodings.len(), "{what}: length");
    for (i, (g, e)) in got.iter().zip(encodings).enumerate() {
        let want = Point::from_bytes(e);
        match (g, want) {
            (Ok(g), Ok(w)) => assert_eq!(coordinates(g), coordinates(&w), "{what}: {i}"),
            (g, w) => assert_eq!(*g, w, "{what}: {i} ({})", hex::encode(e)),
        }
    }
}

/// Every batch path on `encodings`, each checked against `from_bytes`.
fn check(encodings: &[[u8; 32]]) {
    assert_same(
        &Point::from_bytes_batch(encodings),
        encodings,
        "public batch",
    );
    #[cfg(edwards25519_vector)]
    assert_same(&model_batch(encodings), encodings, "model batch");
    #[cfg(edwards25519_vector)]
    if let Some(token) = crate::backend::vector::avx2::detect() {
        let avx2 = super::in_fours(token, encodings);
        assert_same(&avx2, encodings, "AVX2 batch");
    }
}

/// `n` encodings: valid ones (random multiples of the base point, some with the sign
/// bit flipped, which is the negated point), random bytes, y >= p and "-0".
fn mixed(n: usize, rng: &mut SplitMix64) -> Vec<[u8; 32]> {
    (0..n)
        .map(|i| match i % 5 {
            0 | 1 => {
                let s = Scalar::from_bytes_mod_order(rng.bytes());
                let mut b = Point::mul_base(&s).to_bytes();
                b[31] ^= (rng.next_u64() as u8) & 0x80;
                b
            }
            2 => rng.bytes(),
            // y = p + k (k < 19: y >= p), either sign.
            3 => {
                let mut b = [0xffu8; 32];
                b[0] = 0xed + (rng.next_u64() % 19) as u8;
                b[31] = 0x7f | ((rng.next_u64() as u8) & 0x80);
                b
            }
            // y = 1 or y = -1 with the sign bit: x = 0 asked to be negative.
            _ => {
                let mut b = if rng.next_u64() & 1 == 0 {
                    let mut one = [0u8; 32];
                    one[0] = 1;
                    one
                } else {
                    let mut minus_one = [0xffu8; 32];
                    minus_one[0] = 0xec;
                    minus_one[31] = 0x7f;
                    minus_one
                };
                b[31] |= 0x80;
                b
            }
        })
        .collect()
}

#[test]
fn lengths_0_to_17_and_64() {
    let mut rng = SplitMix64(0xdec0de);
    for n in (0..=17).chain([64]) {
        check(&mixed(n, &mut rng));
    }
}

#[test]
fn random_valid_and_invalid() {
    let mut rng = SplitMix64(38);
    let valid: Vec<[u8; 32]> = (0..40)
        .map(|_| Point::mul_base(&Scalar::from_bytes_mod_order(rng.bytes())).to_bytes())
        .collect();
    assert!(Point::from_bytes_batch(&valid).iter().all(Result::is_ok));
    check(&valid);
    let random: Vec<[u8; 32]> = (0..200).map(|_| rng.bytes()).collect();
    let decoded = Point::from_bytes_batch(&random);
    let bad = decoded.iter().filter(|d| d.is_err()).count();
    assert!(
        (50..150).contains(&bad),
        "{bad} of 200 random strings not on the curve"
    );
    check(&random);
}

/// Edge encodings: y = 0, 1, -1, p - 1 .. p + 18 and 2^255 - 1, each with and without
/// the sign bit, among valid points so that every lane position sees them.
#[test]
fn edge_encodings() {
    let mut edges = Vec::new();
    for sign in [0u8, 0x80] {
        for y_low in [0u8, 1, 2] {
            let mut b = [0u8; 32];
            b[0] = y_low;
            b[31] |= sign;
            edges.push(b);
        }
        for low in 0xec..=0xffu8 {
            let mut b = [0xffu8; 32];
            b[0] = low;
            b[31] = 0x7f | sign;
            edges.push(b);
        }
    }
    check(&edges);
    let mut rng = SplitMix64(7);
    let mut shifted = mixed(3, &mut rng);
    shifted.extend_from_slice(&edges);
    check(&shifted);
}

/// Every 64-digit hex string in the point test vectors (encodings, canonical forms,
/// also field values and scalars: any 32 bytes are a valid input).
#[test]
fn point_test_vectors() {
    fn collect(v: &serde_json::Value, out: &mut Vec<[u8; 32]>) {
        match v {
            serde_json::Value::String(s)
                if s.len() == 64 && s.bytes().all(|c| c.is_ascii_hexdigit()) =>
            {
                out.push(unhex_n(s));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| collect(x, out)),
            serde_json::Value::Object(o) => o.values().for_each(|x| collect(x, out)),
            _ => {}
        }
    }
    let mut encodings = Vec::new();
    for file in [
        "points/edwards25519_kat.json",
        "points/low_order_points.json",
        "points/noncanonical_points.json",
    ] {
        collect(&read_json(file), &mut encodings);
    }
    assert!(encodings.len() > 50, "{} strings", encodings.len());
    check(&encodings);
}
