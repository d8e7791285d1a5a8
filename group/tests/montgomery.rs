//! X25519 and the Montgomery form: RFC 7748 vectors, all Wycheproof X25519
//! cases, and cross-checks against x25519-dalek and curve25519-dalek's `MontgomeryPoint`.
//!
//! Every cross-check counts its cases and prints "cross-check NAME: N cases, zero
//! disagreements" (`cargo test -p edwards25519-group --release --test suite montgomery:: --
//! --nocapture`); any disagreement fails the test.
//!
//! Edge u values: 0, 1, p-1, p, p+1, 2^255-1 (and every other value in [p, 2^255)), the
//! u of the 8 small-order Edwards points, every Wycheproof public value, each with and
//! without bit 255 set; edge scalars: 0, 1, all ones, and the clamping boundaries.

use crate::common;

use common::{Tally, cases, point_pair, rng, torsion};
use curve25519_dalek::montgomery::MontgomeryPoint as DMontgomery;
use edwards25519_group::montgomery::{MontgomeryPoint, X25519_BASEPOINT, x25519, x25519_checked};
use edwards25519_group::{FieldElement, Point, Scalar};
use proptest::prelude::*;
use rand::RngExt;
use serde_json::Value;

fn vectors(path: &str) -> Value {
    edwards25519_test_support::read_json(path)
}

fn h32(v: &Value) -> [u8; 32] {
    common::hex32(v.as_str().expect("hex string"))
}

/// x25519 through all four entry points (free function, `mul_clamped`, the checked forms)
/// plus x25519-dalek and curve25519-dalek, which must all agree; returns the output.
fn x25519_all(k: [u8; 32], u: [u8; 32]) -> [u8; 32] {
    let ours = x25519(k, u);
    assert_eq!(
        MontgomeryPoint(u).mul_clamped(k).0,
        ours,
        "mul_clamped k={k:02x?} u={u:02x?}"
    );
    let checked: Option<[u8; 32]> = x25519_checked(k, u).into();
    assert_eq!(checked, (ours != [0; 32]).then_some(ours));
    assert_eq!(
        x25519_dalek::x25519(k, u),
        ours,
        "x25519-dalek k={k:02x?} u={u:02x?}"
    );
    assert_eq!(
        DMontgomery(u).mul_clamped(k).to_bytes(),
        ours,
        "curve25519-dalek k={k:02x?} u={u:02x?}"
    );
    ours
}

/// RFC 7748 §5.2 (both vectors; the second u has bit 255 set) and §6.1.
#[test]
fn rfc7748_vectors() {
    let v = vectors("rfc7748/x25519.json");
    let mut n = 0;
    for c in v["scalar_mult"].as_array().expect("list") {
        let out = x25519_all(h32(&c["scalar"]), h32(&c["u"]));
        assert_eq!(out, h32(&c["output"]), "{}", c["name"]);
        n += 1;
    }
    let d = &v["diffie_hellman"];
    let (a, b) = (h32(&d["alice_private"]), h32(&d["bob_private"]));
    let (pa, pb) = (h32(&d["alice_public"]), h32(&d["bob_public"]));
    assert_eq!(MontgomeryPoint::mul_base_clamped(a).0, pa);
    assert_eq!(MontgomeryPoint::mul_base_clamped(b).0, pb);
    assert_eq!(x25519_all(a, X25519_BASEPOINT), pa);
    assert_eq!(x25519_all(b, X25519_BASEPOINT), pb);
    assert_eq!(x25519_all(a, pb), h32(&d["shared"]));
    assert_eq!(x25519_all(b, pa), h32(&d["shared"]));
    n += 1;
    assert_eq!(n, 3);
    println!("RFC 7748: 2 §5.2 vectors and the §6.1 exchange passed");
}

/// k, u = X25519(k, u), k starting from k = u = 9; the result after `n` rounds.
fn iterate(n: usize) -> [u8; 32] {
    let (mut k, mut u) = (X25519_BASEPOINT, X25519_BASEPOINT);
    for _ in 0..n {
        let next = x25519(k, u);
        u = k;
        k = next;
    }
    k
}

fn iterated_expected(n: u64) -> [u8; 32] {
    let v = vectors("rfc7748/x25519.json");
    let entry = v["iterated"]["after"]
        .as_array()
        .expect("list")
        .iter()
        .find(|e| e["iterations"].as_u64() == Some(n))
        .expect("entry");
    h32(&entry["k"])
}

/// RFC 7748 §5.2, the iterated test after 1 and 1,000 rounds.
#[test]
fn rfc7748_iterated_1_and_1000() {
    assert_eq!(iterate(1), iterated_expected(1));
    assert_eq!(iterate(1000), iterated_expected(1000));
}

/// RFC 7748 §5.2, 1,000,000 rounds (about half a minute in release):
/// `cargo test -p edwards25519-group --release --test suite montgomery:: -- --ignored`.
#[test]
#[ignore]
fn rfc7748_iterated_1000000() {
    assert_eq!(iterate(1_000_000), iterated_expected(1_000_000));
}

/// All 518 Wycheproof X25519 cases: every shared secret reproduced (raw X25519, so the
/// "acceptable" low-order cases give 32 zero bytes and the checked form refuses exactly
/// those), each also against both dalek crates.
#[test]
fn wycheproof_x25519() {
    let tally = Tally::new("wycheproof x25519 (ours, x25519-dalek, curve25519-dalek)");
    let v = vectors("wycheproof/x25519_test.json");
    let (mut valid, mut acceptable, mut zero) = (0, 0, 0);
    for g in v["testGroups"].as_array().expect("groups") {
        assert_eq!(g["curve"], "curve25519");
        for t in g["tests"].as_array().expect("tests") {
            let (u, k, shared) = (h32(&t["public"]), h32(&t["private"]), h32(&t["shared"]));
            let out = x25519_all(k, u);
            assert_eq!(out, shared, "tcId {}", t["tcId"]);
            match t["result"].as_str() {
                Some("valid") => valid += 1,
                Some("acceptable") => acceptable += 1,
                other => panic!("unexpected result {other:?}"),
            }
            if shared == [0; 32] {
                zero += 1;
                assert!(bool::from(x25519_checked(k, u).is_none()));
            }
            tally.add(1);
        }
    }
    assert_eq!((valid, acceptable), (264, 254));
    assert_eq!(
        zero, 31,
        "shared README caveat 2: 31 all-zero shared secrets"
    );
    assert_eq!(tally.get(), 518);
    tally.report();
}

/// 2^255 - 19, little-endian.
const P: [u8; 32] = {
    let mut b = [0xffu8; 32];
    b[0] = 0xed;
    b[31] = 0x7f;
    b
};

/// Edge u values (see the module docs), each also with bit 255 set.
fn edge_us() -> Vec<[u8; 32]> {
    let mut us = Vec::new();
    let small = |n: u8| {
        let mut b = [0u8; 32];
        b[0] = n;
        b
    };
    us.extend([small(0), small(1), small(2), small(9), [0xff; 32]]);
    // p - 1 and every value in [p, 2^255): p, p + 1, ..., 2^255 - 1.
    for d in 0..=19u8 {
        let mut b = P;
        b[0] = 0xec + d;
        us.push(b);
    }
    for (p, _) in torsion() {
        us.push(p.to_montgomery().0);
    }
    let v = vectors("wycheproof/x25519_test.json");
    for g in v["testGroups"].as_array().expect("groups") {
        for t in g["tests"].as_array().expect("tests") {
            us.push(h32(&t["public"]));
        }
    }
    let high: Vec<[u8; 32]> = us
        .iter()
        .map(|u| {
            let mut b = *u;
            b[31] ^= 0x80;
            b
        })
        .collect();
    us.extend(high);
    us
}

fn edge_scalars() -> Vec<[u8; 32]> {
    let mut one = [0u8; 32];
    one[0] = 1;
    let mut top = [0u8; 32];
    top[31] = 0x40;
    let mut low = [0u8; 32];
    low[0] = 8;
    vec![[0; 32], one, [0xff; 32], top, low, [0x55; 32], [0xaa; 32]]
}

/// Ours against x25519-dalek and curve25519-dalek on the edge u values (with edge and
/// random scalars) and on random u and scalars.
#[test]
fn cross_check_x25519() {
    let tally = Tally::new("x25519 vs x25519-dalek and curve25519-dalek");
    let mut rng = rng(14);
    let us = edge_us();
    for u in &us {
        for k in edge_scalars() {
            x25519_all(k, *u);
            tally.add(1);
        }
        x25519_all(rng.random(), *u);
        tally.add(1);
    }
    for _ in 0..cases(300, 5_000) {
        x25519_all(rng.random(), rng.random());
        tally.add(1);
    }
    tally.report();
}

/// `mul_base_clamped` equals the ladder from u = 9, `Point::mul_base` of the clamped
/// scalar mapped to u, and curve25519-dalek's `mul_base_clamped`.
#[test]
fn cross_check_mul_base_clamped() {
    let tally = Tally::new("mul_base_clamped vs ladder, mul_base + to_montgomery, dalek");
    let mut rng = rng(15);
    let scalars = edge_scalars()
        .into_iter()
        .chain((0..cases(200, 3_000)).map(|_| rng.random()));
    for k in scalars {
        let ours = MontgomeryPoint::mul_base_clamped(k);
        assert_eq!(ours.0, x25519_all(k, X25519_BASEPOINT), "k={k:02x?}");
        let s = Scalar::from_bytes_with_clamping(k);
        assert_eq!(ours, Point::mul_base(&s).to_montgomery());
        assert_eq!(ours.0, Point::mul_base(&s).to_montgomery_bytes());
        assert_eq!(ours.0, DMontgomery::mul_base_clamped(k).to_bytes());
        tally.add(1);
    }
    tally.report();
}

/// The birational map both ways: `to_montgomery` against dalek on random points with
/// torsion, `to_edwards` inverting it (with x's sign), and `to_edwards` against dalek's on
/// edge and random u.
#[test]
fn cross_check_to_edwards_and_back() {
    let tally = Tally::new("to_montgomery / to_edwards vs curve25519-dalek");
    let t = torsion();
    let mut rng = rng(16);
    for _ in 0..cases(300, 5_000) {
        let (p, dp) = point_pair(&mut rng, &t);
        let m = p.to_montgomery();
        assert_eq!(m.0, dp.to_montgomery().to_bytes());
        let (x, _, z, _) = p.extended_coordinates();
        let sign = (x * z.invert()).is_negative().unwrap_u8();
        let back = m.to_edwards(sign);
        // u = (1 + y)/(1 - y) forgets nothing but x's sign, except where y = 1 (the
        // identity, u = 0 like the point (0, -1)) and u = -1 (no Edwards image).
        if p.is_identity() {
            assert_ne!(back, Some(p));
        } else {
            assert_eq!(back, Some(p), "{p:?}");
        }
        tally.add(1);
    }
    let us = edge_us()
        .into_iter()
        .chain((0..cases(300, 5_000)).map(|_| rng.random()));
    for u in us {
        for sign in [0u8, 1, 0xfe, 0xff] {
            let ours = MontgomeryPoint(u).to_edwards(sign).map(|p| p.to_bytes());
            let theirs = DMontgomery(u)
                .to_edwards(sign)
                .map(|p| p.compress().to_bytes());
            assert_eq!(ours, theirs, "u={u:02x?} sign={sign}");
            if let Some(e) = ours {
                let p = Point::from_bytes(&e).expect("valid");
                // Back to u mod p (bit 255 and non-canonical forms reduce).
                assert_eq!(p.to_montgomery(), MontgomeryPoint(u));
            }
            tally.add(1);
        }
    }
    tally.report();
}

/// Equality, hashing and the constant-time traits compare u mod p, not bytes.
#[test]
fn equality_is_mod_p() {
    use std::collections::HashSet;
    let mut p_plus_1 = P;
    p_plus_1[0] += 1;
    let mut one = [0u8; 32];
    one[0] = 1;
    let mut one_high = one;
    one_high[31] = 0x80;
    let a = MontgomeryPoint(p_plus_1);
    assert_eq!(a, MontgomeryPoint(one));
    assert_eq!(a, MontgomeryPoint(one_high));
    assert_ne!(a, MontgomeryPoint::BASEPOINT);
    let set: HashSet<MontgomeryPoint> = [a, MontgomeryPoint(one), MontgomeryPoint(one_high)]
        .into_iter()
        .collect();
    assert_eq!(set.len(), 1);
    assert_eq!(MontgomeryPoint::default().0, [0; 32]);
    assert_eq!(MontgomeryPoint::BASEPOINT.0, X25519_BASEPOINT);
    assert_eq!(
        format!("{:?}", MontgomeryPoint::BASEPOINT),
        format!("MontgomeryPoint(09{})", "00".repeat(31))
    );
    // The all-zero output for u = 0 and u = p (non-canonical 0), and its refusal.
    for u in [[0u8; 32], P] {
        assert_eq!(MontgomeryPoint(u).mul_clamped([0x42; 32]).0, [0; 32]);
        assert!(bool::from(
            MontgomeryPoint(u).mul_clamped_checked([0x42; 32]).is_none()
        ));
    }
    let ok = MontgomeryPoint::BASEPOINT.mul_clamped_checked([0x42; 32]);
    assert_eq!(
        Option::<MontgomeryPoint>::from(ok),
        Some(MontgomeryPoint::mul_base_clamped([0x42; 32]))
    );
    // FieldElement agrees on what "mod p" means.
    assert_eq!(FieldElement::from_bytes(&p_plus_1), FieldElement::ONE);
}

proptest! {
    #![proptest_config(common::proptest_cases(64, 1_000))]

    /// Any 32 bytes of u and of scalar: no panic, a canonical result, equal to dalek's.
    #[test]
    fn arbitrary_u_never_panics(k in any::<[u8; 32]>(), u in any::<[u8; 32]>()) {
        let out = x25519(k, u);
        prop_assert!(FieldElement::from_bytes(&out).to_bytes() == out);
        prop_assert_eq!(out, x25519_dalek::x25519(k, u));
        let _ = x25519_checked(k, u);
        let _ = MontgomeryPoint(u).mul_clamped_checked(k);
    }

    /// `to_edwards` on any u and sign: no panic; a result maps back to u mod p with the
    /// requested sign of x (unless x = 0).
    #[test]
    fn arbitrary_to_edwards_never_panics(u in any::<[u8; 32]>(), sign in any::<u8>()) {
        if let Some(p) = MontgomeryPoint(u).to_edwards(sign) {
            prop_assert_eq!(p.to_montgomery(), MontgomeryPoint(u));
            let (x, _, z, _) = p.extended_coordinates();
            let x = x * z.invert();
            if !bool::from(x.is_zero()) {
                prop_assert_eq!(x.is_negative().unwrap_u8(), sign & 1);
            }
        }
    }
}

/// `Zeroize` for `MontgomeryPoint` clears all 32 bytes (an explicit call: its mutant
/// with an empty body went unnoticed while no test called it).
#[cfg(feature = "zeroize")]
#[test]
fn montgomery_point_zeroize_clears_the_bytes() {
    use zeroize::Zeroize;
    let mut m = MontgomeryPoint([0xa7; 32]);
    m.zeroize();
    assert_eq!(m.0, [0u8; 32]);
}

/// The conversions to and from `[u8; 32]` keep the bytes (the `From<MontgomeryPoint>`
/// body returning zeros went unnoticed while no test converted back).
#[test]
fn montgomery_point_byte_conversions() {
    let bytes = [0x3c; 32];
    let m = MontgomeryPoint::from(bytes);
    assert_eq!(m.0, bytes);
    assert_eq!(<[u8; 32]>::from(m), bytes);
}
