//! The 26 non-canonical encodings and the 14 low-order encodings of
//! testvectors/points/ (provenance in testvectors/README.md), through both decoders,
//! checked against the files' expectations and against curve25519-dalek.

use crate::common;

use common::{Tally, hex32, low_order_json, noncanonical_json, same};
use curve25519_dalek::edwards::CompressedEdwardsY;
use edwards25519_group::{DecodeError, Point, Scalar};

/// Whether the 255-bit y of an encoding is >= p.
fn y_non_canonical(b: &[u8; 32]) -> bool {
    b[0] >= 0xed && b[1..31].iter().all(|&x| x == 0xff) && b[31] & 0x7f == 0x7f
}

#[test]
fn noncanonical_encodings() {
    let tally = Tally::new("non-canonical encodings");
    let v = noncanonical_json();
    let list = v["cases"].as_array().expect("cases");
    assert_eq!(list.len(), 26);
    for case in list {
        let name = case["name"].as_str().expect("name");
        let enc = hex32(case["encoding"].as_str().expect("encoding"));
        let canonical = hex32(case["canonical"].as_str().expect("canonical"));

        let p = Point::from_bytes(&enc).unwrap_or_else(|e| panic!("{name}: rejected: {e}"));
        let q = Point::from_canonical_bytes(&canonical).expect("canonical decodes strictly");
        assert_eq!(p, q, "{name}");
        assert_eq!(p.to_bytes(), canonical, "{name}: re-encoding");
        let want = if y_non_canonical(&enc) {
            DecodeError::NonCanonicalY
        } else {
            DecodeError::NonCanonicalSign
        };
        assert_eq!(Point::from_canonical_bytes(&enc), Err(want), "{name}");

        let dp = CompressedEdwardsY(enc)
            .decompress()
            .expect("dalek accepts it too");
        assert!(same(&p, &dp), "{name}: dalek decodes another point");
        tally.add(5);
    }
    tally.report();
}

#[test]
fn low_order_encodings() {
    let tally = Tally::new("low-order encodings");
    let v = low_order_json();
    let points = v["points"].as_array().expect("points");
    assert_eq!(points.len(), 8);
    let mut seen = vec![];
    let mut encodings = 0;
    for entry in points {
        let canonical = hex32(entry["canonical"].as_str().expect("canonical"));
        let order = entry["order"].as_u64().expect("order");
        let p = Point::from_canonical_bytes(&canonical).expect("canonical decodes strictly");
        assert_eq!(Point::from_bytes(&canonical), Ok(p));
        assert_eq!(p.to_bytes(), canonical);
        assert!(same(
            &p,
            &CompressedEdwardsY(canonical).decompress().expect("dalek")
        ));
        encodings += 1;

        // The order: the least k in {1, 2, 4, 8} with k·P = identity.
        let mut k = 1;
        let mut q = p;
        while !q.is_identity() {
            q += p;
            k += 1;
            assert!(k <= 8, "order above 8");
        }
        assert_eq!(k, order, "{canonical:02x?}");
        assert!(p.is_small_order());
        assert_eq!(p.is_torsion_free(), order == 1);
        assert!(p.mul_by_cofactor().is_identity());
        // Scalar multiplication reduces by the point's order, not by l.
        let mut eight = [0u8; 32];
        eight[0] = 8;
        assert!((p * Scalar::from_bytes_mod_order(eight)).is_identity());
        assert!(seen.iter().all(|s: &Point| *s != p), "points are distinct");
        seen.push(p);
        tally.add(8);

        for alt in entry["non_canonical_encodings"]
            .as_array()
            .expect("alternatives")
        {
            let enc = hex32(alt["encoding"].as_str().expect("encoding"));
            let reason = alt["reason"].as_str().expect("reason");
            assert_eq!(Point::from_bytes(&enc), Ok(p), "{reason}");
            let want = if y_non_canonical(&enc) {
                DecodeError::NonCanonicalY
            } else {
                DecodeError::NonCanonicalSign
            };
            assert_eq!(Point::from_canonical_bytes(&enc), Err(want), "{reason}");
            let dp = CompressedEdwardsY(enc)
                .decompress()
                .expect("dalek accepts it too");
            assert!(same(&p, &dp), "{reason}");
            encodings += 1;
            tally.add(3);
        }
    }
    assert_eq!(encodings, 14);
    tally.report();
}
