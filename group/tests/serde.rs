//! serde for `Point`, `SubgroupPoint` and `MontgomeryPoint` (feature `serde`): round
//! trips through JSON (an array of 32 numbers, curve25519-dalek's shape; hex accepted
//! too) and CBOR (a 32-tuple of bytes), strict decoding of points (non-canonical
//! encodings and non-points are errors, never panics), and the subgroup check.
#![cfg(feature = "serde")]

use crate::common;

use common::{cases, hex32, noncanonical_json, point_pair, rng, torsion};
use edwards25519_group::Point;
use edwards25519_test_support::{from_cbor, to_cbor};
use rand::RngExt;

/// A hex string (accepted when deserializing).
fn json_of(bytes: &[u8; 32]) -> String {
    format!("\"{}\"", hex::encode(bytes))
}

/// The JSON that serialization writes: an array of the 32 byte values.
fn array_of(bytes: &[u8; 32]) -> String {
    serde_json::to_string(bytes).expect("serialize")
}

#[test]
fn round_trips_and_shapes() {
    let mut r = rng(11);
    let t = torsion();
    for _ in 0..cases(100, 1000) {
        let (p, _) = point_pair(&mut r, &t);
        let json = serde_json::to_string(&p).expect("serialize");
        assert_eq!(json, array_of(&p.to_bytes()));
        assert_eq!(
            serde_json::from_str::<Point>(&json).expect("deserialize"),
            p
        );
        let cbor = to_cbor(&p);
        // Binary formats get the same bytes serde gives a [u8; 32] (no length prefix
        // beyond the format's own array header).
        assert_eq!(cbor, to_cbor(&p.to_bytes()));
        assert_eq!(from_cbor::<Point>(&cbor), Ok(p));
        // A hex string is accepted too (human-readable formats also read hex digits).
        let hex = json_of(&p.to_bytes());
        assert_eq!(serde_json::from_str::<Point>(&hex).expect("hex"), p);
    }
}

#[test]
fn non_canonical_encodings_rejected() {
    let v = noncanonical_json();
    for c in v["cases"].as_array().expect("cases") {
        let bytes = hex32(c["encoding"].as_str().expect("encoding"));
        assert!(Point::from_bytes(&bytes).is_ok());
        let err = serde_json::from_str::<Point>(&json_of(&bytes)).expect_err("non-canonical");
        assert!(err.to_string().contains("non-canonical"), "{err}");
        assert!(from_cbor::<Point>(&to_cbor(&bytes)).is_err());
    }
}

#[test]
fn non_points_rejected() {
    let mut r = rng(12);
    let mut rejected = 0;
    for _ in 0..cases(300, 3000) {
        let bytes: [u8; 32] = r.random();
        let want = Point::from_canonical_bytes(&bytes).ok();
        let got = serde_json::from_str::<Point>(&json_of(&bytes));
        assert_eq!(got.as_ref().ok(), want.as_ref());
        if let Err(e) = got {
            rejected += 1;
            assert!(
                e.to_string().contains("point") || e.to_string().contains("canonical"),
                "{e}"
            );
        }
        assert_eq!(from_cbor::<Point>(&to_cbor(&bytes)).ok(), want);
    }
    assert!(rejected > 0);
}

#[test]
fn malformed_rejected() {
    let good = hex::encode(Point::GENERATOR.to_bytes());
    for j in [
        format!("\"{}\"", &good[..62]),
        format!("\"{good}00\""),
        format!("\"{}zz\"", &good[..62]),
        "[]".to_string(),
        "null".to_string(),
        "true".to_string(),
    ] {
        assert!(serde_json::from_str::<Point>(&j).is_err(), "accepted {j}");
    }
    let bytes = Point::GENERATOR.to_bytes();
    assert!(from_cbor::<Point>(&to_cbor(&bytes[..31].to_vec())).is_err());
    assert!(from_cbor::<Point>(&to_cbor(&[bytes.as_slice(), &[0]].concat())).is_err());
    assert!(from_cbor::<Point>(&[]).is_err());
    // Arbitrary input never panics.
    let mut r = rng(13);
    for _ in 0..cases(500, 5000) {
        let len = r.random_range(0..70);
        let junk: Vec<u8> = (0..len).map(|_| r.random()).collect();
        let _ = from_cbor::<Point>(&junk);
        let _ = serde_json::from_slice::<Point>(&junk);
    }
}

#[cfg(feature = "group")]
#[test]
fn subgroup_point() {
    use edwards25519_group::SubgroupPoint;
    use group::Group;
    let mut r = rng(14);
    let t = torsion();
    for _ in 0..cases(30, 300) {
        let a = SubgroupPoint::random(&mut r);
        let json = serde_json::to_string(&a).expect("serialize");
        assert_eq!(json, array_of(&a.to_point().to_bytes()));
        assert_eq!(
            serde_json::from_str::<SubgroupPoint>(&json).expect("deserialize"),
            a
        );
        assert_eq!(from_cbor::<SubgroupPoint>(&to_cbor(&a)), Ok(a));
        // A torsion component makes it a valid Point but not a SubgroupPoint.
        for (tp, _) in &t {
            if *tp == Point::IDENTITY {
                continue;
            }
            let p = a.to_point() + tp;
            let json = serde_json::to_string(&p).expect("serialize");
            assert_eq!(serde_json::from_str::<Point>(&json).expect("a point"), p);
            let err = serde_json::from_str::<SubgroupPoint>(&json).expect_err("torsion");
            assert!(err.to_string().contains("subgroup"), "{err}");
            assert!(from_cbor::<SubgroupPoint>(&to_cbor(&p)).is_err());
        }
    }
}

/// `MontgomeryPoint`: any 32 bytes, unchanged (non-canonical u and bit 255 included),
/// as a 32-tuple (a JSON array, a CBOR array) both ways; a wrong length is an error.
#[test]
fn montgomery_point_keeps_its_bytes() {
    use edwards25519_group::montgomery::MontgomeryPoint;
    let mut r = rng(12);
    let mut inputs = vec![[0u8; 32], [0xff; 32], MontgomeryPoint::BASEPOINT.0];
    for _ in 0..cases(20, 200) {
        inputs.push(r.random());
    }
    for bytes in inputs {
        let m = MontgomeryPoint(bytes);
        let json = serde_json::to_string(&m).expect("serialize");
        assert_eq!(json, array_of(&bytes));
        let back = serde_json::from_str::<MontgomeryPoint>(&json).expect("deserialize");
        assert_eq!(back.0, bytes);
        let hex = serde_json::from_str::<MontgomeryPoint>(&json_of(&bytes)).expect("hex");
        assert_eq!(hex.0, bytes);
        let cbor = to_cbor(&m);
        assert_eq!(cbor, to_cbor(&bytes));
        assert_eq!(from_cbor::<MontgomeryPoint>(&cbor).map(|m| m.0), Ok(bytes));
    }
    for bad in ["[1,2,3]", "\"0102\"", "null"] {
        assert!(
            serde_json::from_str::<MontgomeryPoint>(bad).is_err(),
            "{bad}"
        );
    }
}
