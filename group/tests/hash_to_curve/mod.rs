//! RFC 9380 hash-to-curve: every vector of `testvectors/rfc9380/` (RFC 9380 Appendix J.4,
//! J.5 and K.3), and a cross-check of the whole pipeline against an independent reference
//! written in this file: expand_message_xmd transcribed step by step from RFC 9380
//! §5.3.1 (on `Vec<u8>` and the `sha2` crate), hash_to_field, Elligator 2 in the RFC's
//! plain (non-straight-line) form of §6.7.1 and the §6.8.2 rational map on num-bigint
//! integers, and affine edwards25519 addition and doubling on integers.
//!
//! curve25519-dalek 5's `EdwardsPoint::hash_to_curve` and `EdwardsPoint::encode_to_curve`
//! (with SHA-512) are a second, independent implementation: checked here on the RFC
//! vectors and against ours on random messages and DSTs. Every output of ours is also
//! decoded by curve25519-dalek (a valid encoding of the same point).
//!
//! Counts are printed with `cargo test -p edwards25519-group --features hash-to-curve
//! --test suite hash_to_curve:: -- --nocapture`.
#![cfg(feature = "hash-to-curve")]

mod reference;

use crate::common;

use common::{cases, rng};
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use edwards25519_group::hash_to_curve::{
    HashToCurveError, encode_to_curve25519, expand_message_xmd, hash_to_curve25519, hash_to_field,
};
use edwards25519_group::{FieldElement, Point};
use num_bigint::BigUint;
use rand::RngExt;
use reference::*;
use serde_json::Value;
use sha2::Sha512;

// ---------------------------------------------------------------------------------------
// Helpers.
// ---------------------------------------------------------------------------------------

/// Our point as affine integers; also checks it is a valid point and that
/// curve25519-dalek decodes its encoding to the same y and sign.
fn affine(p: &Point) -> Aff {
    let (x, y, z, t) = p.extended_coordinates();
    assert!(
        Point::from_extended_coordinates(x, y, z, t).is_ok(),
        "invalid point"
    );
    let zi = z.invert();
    let enc = p.to_bytes();
    let dp = CompressedEdwardsY(enc)
        .decompress()
        .expect("curve25519-dalek decodes our encoding");
    assert_eq!(dp.compress().0, enc);
    (from_fe(&(x * zi)), from_fe(&(y * zi)))
}

/// curve25519-dalek 5's RFC 9380 edwards25519 suites (RO or NU), as an encoding; None
/// where it cannot be asked: it panics on the empty DST ("domain separator MUST have
/// nonzero length") where ours computes the formula, and on a DST over 255 bytes
/// ("unexpected overflow from domain separator's size") where RFC 9380 §5.3.3 hashes it
/// (the reference covers those).
fn dalek(msg: &[u8], dst: &[u8], ro: bool) -> Option<[u8; 32]> {
    if dst.is_empty() || dst.len() > 255 {
        return None;
    }
    let p = if ro {
        EdwardsPoint::hash_to_curve::<Sha512>(&[msg], &[dst])
    } else {
        EdwardsPoint::encode_to_curve::<Sha512>(&[msg], &[dst])
    };
    Some(p.compress().0)
}

fn vectors(name: &str) -> Value {
    let full = format!(
        "{}/../testvectors/rfc9380/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    serde_json::from_str(&text).expect("json")
}

fn s(v: &Value) -> &str {
    v.as_str().expect("string")
}

fn point_of(v: &Value) -> Aff {
    (parse_big(s(&v["x"])), parse_big(s(&v["y"])))
}

fn random_bytes(rng: &mut impl RngExt, max_len: usize) -> Vec<u8> {
    let len = rng.random_range(0..=max_len);
    (0..len).map(|_| rng.random::<u8>()).collect()
}

// ---------------------------------------------------------------------------------------
// Published vectors.
// ---------------------------------------------------------------------------------------

#[test]
fn expand_message_xmd_vectors() {
    let v = vectors("expand_message_xmd_SHA512_38.json");
    assert_eq!(s(&v["hash"]), "SHA512");
    let dst = s(&v["DST"]).as_bytes();
    let mut n = 0;
    for t in v["tests"].as_array().expect("tests") {
        let msg = s(&t["msg"]).as_bytes();
        let len = usize::from_str_radix(s(&t["len_in_bytes"]).trim_start_matches("0x"), 16)
            .expect("length");
        let expected = hex::decode(s(&t["uniform_bytes"])).expect("hex");
        let mut out = vec![0u8; len];
        expand_message_xmd(msg, dst, &mut out).expect("valid length");
        assert_eq!(out, expected, "msg {msg:?} len {len}");
        // The reference reproduces the vector's intermediate values too.
        let (r, msg_prime, dst_prime) = ref_expand(msg, dst, len).expect("valid");
        assert_eq!(r, expected);
        assert_eq!(hex::encode(msg_prime), s(&t["msg_prime"]));
        assert_eq!(hex::encode(dst_prime), s(&t["DST_prime"]));
        n += 1;
    }
    assert_eq!(n, 10);
    println!("expand_message_xmd SHA-512 vectors (RFC 9380 K.3): {n} cases, all match");
}

/// One suite file: hash_to_field's u, the map's Q0/Q1 (or Q), and P.
fn check_suite(file: &str, edwards: bool, ro: bool) -> usize {
    let v = vectors(file);
    let dst = s(&v["dst"]).as_bytes();
    assert_eq!(v["randomOracle"].as_bool(), Some(ro));
    assert_eq!(s(&v["L"]), "0x30");
    let mut n = 0;
    for t in v["vectors"].as_array().expect("vectors") {
        let msg = s(&t["msg"]).as_bytes();
        let expected_u: Vec<BigUint> = t["u"]
            .as_array()
            .expect("u")
            .iter()
            .map(|x| parse_big(s(x)))
            .collect();
        assert_eq!(expected_u.len(), if ro { 2 } else { 1 });
        let mut u = vec![FieldElement::ZERO; expected_u.len()];
        hash_to_field(msg, dst, &mut u).expect("valid count");
        let u_big: Vec<BigUint> = u.iter().map(from_fe).collect();
        assert_eq!(u_big, expected_u, "{file} u, msg {msg:?}");

        let qs: Vec<&Value> = if ro {
            vec![&t["Q0"], &t["Q1"]]
        } else {
            vec![&t["Q"]]
        };
        for (ui, q) in u.iter().zip(&qs) {
            let mapped = Point::map_to_curve(ui);
            let q = point_of(q);
            if edwards {
                assert_eq!(affine(&mapped), q, "{file} Q, msg {msg:?}");
            } else {
                // A Curve25519 (u, v): our map is its image under the rational map.
                assert_eq!(affine(&mapped), mont_to_edwards(&q.0, &q.1), "{file} Q");
                assert_eq!(
                    BigUint::from_bytes_le(&mapped.to_montgomery().0),
                    q.0,
                    "{file} Q.u"
                );
            }
            assert_eq!(affine(&mapped), ref_map(&from_fe(ui)), "reference map");
        }

        let expected_p = point_of(&t["P"]);
        if edwards {
            let got = if ro {
                Point::hash_to_curve(msg, dst)
            } else {
                Point::encode_to_curve(msg, dst)
            };
            assert_eq!(affine(&got), expected_p, "{file} P, msg {msg:?}");
            assert!(got.is_torsion_free());
            assert_eq!(
                dalek(msg, dst, ro),
                Some(got.to_bytes()),
                "curve25519-dalek, {file}"
            );
        } else {
            let got = if ro {
                hash_to_curve25519(msg, dst)
            } else {
                encode_to_curve25519(msg, dst)
            };
            assert_eq!(BigUint::from_bytes_le(&got.0), expected_p.0, "{file} P.u");
            // The full (u, v) through the rational map is our Edwards point.
            let ed = if ro {
                Point::hash_to_curve(msg, dst)
            } else {
                Point::encode_to_curve(msg, dst)
            };
            assert_eq!(affine(&ed), mont_to_edwards(&expected_p.0, &expected_p.1));
        }
        n += 1;
    }
    assert_eq!(n, 5);
    println!("{file}: {n} vectors (u, Q, P), all match");
    n
}

#[test]
fn edwards25519_ro_vectors() {
    check_suite("edwards25519_XMD_SHA-512_ELL2_RO_.json", true, true);
}

#[test]
fn edwards25519_nu_vectors() {
    check_suite("edwards25519_XMD_SHA-512_ELL2_NU_.json", true, false);
}

#[test]
fn curve25519_ro_vectors() {
    check_suite("curve25519_XMD_SHA-512_ELL2_RO_.json", false, true);
}

#[test]
fn curve25519_nu_vectors() {
    check_suite("curve25519_XMD_SHA-512_ELL2_NU_.json", false, false);
}

// ---------------------------------------------------------------------------------------
// Cross-checks against the reference.
// ---------------------------------------------------------------------------------------

/// DST lengths around the §5.3.3 boundary and the empty (non-conformant) DST.
fn random_dst(rng: &mut impl RngExt, i: usize) -> Vec<u8> {
    match i % 6 {
        0 => vec![],
        1 => (0..255).map(|_| rng.random::<u8>()).collect(),
        2 => (0..256).map(|_| rng.random::<u8>()).collect(),
        3 => (0..rng.random_range(257..1200))
            .map(|_| rng.random::<u8>())
            .collect(),
        _ => random_bytes(rng, 80),
    }
}

#[test]
fn expand_message_xmd_matches_reference() {
    let mut rng = rng(0x9380_0001);
    let n = cases(400, 2000);
    for i in 0..n {
        let msg = random_bytes(&mut rng, 300);
        let dst = random_dst(&mut rng, i);
        let len = match i % 5 {
            0 => rng.random_range(0..=130),
            1 => 16320,
            2 => [0, 1, 63, 64, 65, 127, 128, 129, 255, 256][i % 10],
            _ => rng.random_range(0..=2000),
        };
        let mut out = vec![0u8; len];
        expand_message_xmd(&msg, &dst, &mut out).expect("valid length");
        let (r, _, _) = ref_expand(&msg, &dst, len).expect("valid");
        assert_eq!(
            out,
            r,
            "msg len {} dst len {} out len {len}",
            msg.len(),
            dst.len()
        );
    }
    println!("expand_message_xmd vs RFC transcription: {n} random (msg, DST, len), all match");
}

#[test]
fn hash_and_encode_match_reference() {
    let mut rng = rng(0x9380_0002);
    let n = cases(100, 300);
    for i in 0..n {
        let msg = random_bytes(&mut rng, 200);
        let dst = random_dst(&mut rng, i);
        let h = Point::hash_to_curve(&msg, &dst);
        let want = ref_hash_to_curve(&msg, &dst);
        assert_eq!(affine(&h), want, "hash_to_curve");
        assert_eq!(
            BigUint::from_bytes_le(&hash_to_curve25519(&msg, &dst).0),
            ref_u(&want)
        );
        let e = Point::encode_to_curve(&msg, &dst);
        let want = ref_encode_to_curve(&msg, &dst);
        assert_eq!(affine(&e), want, "encode_to_curve");
        assert_eq!(
            BigUint::from_bytes_le(&encode_to_curve25519(&msg, &dst).0),
            ref_u(&want)
        );
        assert!(h.is_torsion_free() && e.is_torsion_free());
        if let Some(d) = dalek(&msg, &dst, true) {
            assert_eq!(h.to_bytes(), d, "curve25519-dalek RO");
        }
        if let Some(d) = dalek(&msg, &dst, false) {
            assert_eq!(e.to_bytes(), d, "curve25519-dalek NU");
        }
        // hash_to_field for other counts, against the reference.
        let count = rng.random_range(0..=12);
        let mut u = vec![FieldElement::ZERO; count];
        hash_to_field(&msg, &dst, &mut u).expect("valid count");
        let u: Vec<BigUint> = u.iter().map(from_fe).collect();
        assert_eq!(u, ref_hash_to_field(&msg, &dst, count));
    }
    println!(
        "hash_to_curve, encode_to_curve (edwards25519 and curve25519 u) vs reference and \
         curve25519-dalek: {n} random (msg, DST), all match"
    );
}

/// Many more random (msg, DST) pairs against curve25519-dalek alone (cheaper than the
/// integer reference).
#[test]
fn hash_and_encode_match_dalek() {
    let mut rng = rng(0x9380_0004);
    let n = cases(1000, 5000);
    let mut compared = 0;
    for i in 0..n {
        let msg = random_bytes(&mut rng, 300);
        // The DSTs curve25519-dalek accepts: 1 to 255 bytes, often at the ends.
        let dst_len = match i % 4 {
            0 => 1,
            1 => 255,
            _ => rng.random_range(1..=255),
        };
        let dst: Vec<u8> = (0..dst_len).map(|_| rng.random::<u8>()).collect();
        let (Some(ro), Some(nu)) = (dalek(&msg, &dst, true), dalek(&msg, &dst, false)) else {
            continue;
        };
        assert_eq!(Point::hash_to_curve(&msg, &dst).to_bytes(), ro);
        assert_eq!(Point::encode_to_curve(&msg, &dst).to_bytes(), nu);
        compared += 1;
    }
    assert_eq!(compared, n);
    println!(
        "hash_to_curve, encode_to_curve vs curve25519-dalek: {compared} random (msg, DST of 1 to 255 \
         bytes), all match"
    );
}

/// u values where the map's branches meet their edges: 0 (Elligator gives (0, 0), the
/// rational map's exceptional case: identity), ±1, ±2, sqrt(-1), 1/2, -1/2's root
/// candidates, p - 1, non-canonical encodings (p, p + 1, 2^255 - 1) and random u.
#[test]
fn map_to_curve_matches_reference_and_is_on_curve() {
    let pm = p();
    let i = BigUint::from(2u8).modpow(&((&pm - big(1)) >> 2u32), &pm);
    let mut us: Vec<BigUint> = vec![
        big(0),
        big(1),
        neg(&big(1)),
        big(2),
        neg(&big(2)),
        i.clone(),
        neg(&i),
        inv0(&big(2)),
        neg(&inv0(&big(2))),
        big(486_662),
        neg(&big(486_662)),
        big(486_664),
        (&pm - big(1)) >> 1u32,
    ];
    // u with u² = (J - 1)/2 would give x1 = -1 (the rational map's s = -1): it is not a
    // square, so no u reaches it; -J is not a square, so u = 0 takes x2 = 0, t = 0.
    assert!(!is_square(&mul(&big(486_661), &inv0(&big(2)))));
    assert!(!is_square(&neg(&big(486_662))));
    let mut rng = rng(0x9380_0003);
    let n_random = cases(2000, 10000);
    for _ in 0..n_random {
        let mut b = [0u8; 32];
        rng.fill(&mut b[..]);
        b[31] &= 0x7f;
        us.push(BigUint::from_bytes_le(&b));
    }
    let mut identities = 0;
    for u in &us {
        let p = Point::map_to_curve(&to_fe(u));
        let got = affine(&p);
        assert_eq!(got, ref_map(u), "u = {u:x}");
        if p.is_identity() {
            identities += 1;
        }
    }
    assert!(Point::map_to_curve(&FieldElement::ZERO).is_identity());
    assert_eq!(identities, 1, "only u = 0 hits the exceptional case");
    // Non-canonical encodings of u: the same element, the same point.
    for (enc, same) in [
        (pm.clone(), big(0)),
        (&pm + big(1), big(1)),
        ((big(1) << 255u32) - big(1), big(18)),
    ] {
        let mut b = enc.to_bytes_le();
        b.resize(32, 0);
        let fe = FieldElement::from_bytes(&b.try_into().expect("32"));
        assert_eq!(affine(&Point::map_to_curve(&fe)), ref_map(&same));
    }
    println!(
        "map_to_curve vs reference: {} u ({} edge, {n_random} random), all on the curve and matching",
        us.len(),
        us.len() - n_random
    );
}

// ---------------------------------------------------------------------------------------
// Bad input: typed errors, no panics.
// ---------------------------------------------------------------------------------------

#[test]
fn forbidden_lengths_are_errors() {
    let mut out = vec![0xaau8; 16321];
    assert_eq!(
        expand_message_xmd(b"msg", b"dst", &mut out),
        Err(HashToCurveError::OutputTooLong {
            requested: 16321,
            max: 16320
        })
    );
    assert!(out.iter().all(|&b| b == 0xaa), "output untouched on error");
    assert!(ref_expand(b"msg", b"dst", 16321).is_none());
    let mut out = vec![0u8; 70_000];
    assert_eq!(
        expand_message_xmd(b"msg", b"dst", &mut out),
        Err(HashToCurveError::OutputTooLong {
            requested: 70_000,
            max: 16320
        })
    );
    let err = HashToCurveError::OutputTooLong {
        requested: 16321,
        max: 16320,
    };
    let text = err.to_string();
    assert!(text.contains("16321") && text.contains("16320") && text.contains("too long"));

    // The largest allowed lengths work; so does 0 (nothing to write).
    let mut out = vec![0u8; 16320];
    expand_message_xmd(b"msg", b"dst", &mut out).expect("16320 is allowed");
    expand_message_xmd(b"msg", b"dst", &mut []).expect("0 is allowed");

    let mut u = vec![FieldElement::ONE; 341];
    assert_eq!(
        hash_to_field(b"msg", b"dst", &mut u),
        Err(HashToCurveError::TooManyFieldElements {
            requested: 341,
            max: 340
        })
    );
    assert!(
        u.iter().all(|x| *x == FieldElement::ONE),
        "output untouched on error"
    );
    let text = HashToCurveError::TooManyFieldElements {
        requested: 341,
        max: 340,
    }
    .to_string();
    assert!(text.contains("341") && text.contains("340"));
    let mut u = vec![FieldElement::ZERO; 340];
    hash_to_field(b"msg", b"dst", &mut u).expect("340 is allowed");
    let want = ref_hash_to_field(b"msg", b"dst", 340);
    assert_eq!(u.iter().map(from_fe).collect::<Vec<_>>(), want);
    let e: &dyn std::error::Error = &err;
    assert!(!e.to_string().is_empty());
}

/// The empty DST is not conformant but computes the formula (no panic), and the DST
/// matters: a one-byte change changes the point.
#[test]
fn empty_and_long_dst() {
    let p = Point::hash_to_curve(b"abc", b"");
    assert_eq!(affine(&p), ref_hash_to_curve(b"abc", b""));
    let e = Point::encode_to_curve(b"", b"");
    assert_eq!(affine(&e), ref_encode_to_curve(b"", b""));
    let long = vec![0x42u8; 100_000];
    assert_eq!(
        affine(&Point::hash_to_curve(b"abc", &long)),
        ref_hash_to_curve(b"abc", &long)
    );
    assert_ne!(
        Point::hash_to_curve(b"abc", b"dst-a"),
        Point::hash_to_curve(b"abc", b"dst-b")
    );
    let big_msg = vec![7u8; 1 << 16];
    assert_eq!(
        affine(&Point::hash_to_curve(&big_msg, b"d")),
        ref_hash_to_curve(&big_msg, b"d")
    );
}
