//! Point decoding, encoding and the group operations, against curve25519-dalek.

use curve25519_dalek::EdwardsPoint;
use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::traits::{IsIdentity, MultiscalarMul, VartimeMultiscalarMul};
use edwards25519::{DecodeError, Point};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[allow(unused_imports)]
use crate::common;
use crate::harness::*;
use crate::inputs::*;

/// Whether the 255-bit y of an encoding is >= p = 2^255 - 19 (a byte check).
fn y_non_canonical(b: &[u8; 32]) -> bool {
    b[0] >= 0xed && b[1..31].iter().all(|&x| x == 0xff) && b[31] & 0x7f == 0x7f
}

/// Both decoders against dalek's `decompress` (the same rules as `from_bytes`) and the
/// RFC 8032 strict rules derived from it (y < p, and decompress-then-compress is the
/// identity); errors in the documented order. Returns the decoded point, if any.
fn check_decoders(b: &[u8; 32]) -> Option<Point> {
    let theirs = CompressedEdwardsY(*b).decompress();
    let loose = Point::from_bytes(b);
    match (&loose, &theirs) {
        (Ok(p), Some(dp)) => assert!(same(p, dp), "from_bytes({b:02x?}) decodes differently"),
        (Err(e), None) => assert_eq!(*e, DecodeError::NotOnCurve, "from_bytes({b:02x?})"),
        _ => panic!("from_bytes({b:02x?}) = {loose:?}, dalek: {theirs:?}"),
    }
    let strict = Point::from_canonical_bytes(b);
    let expected = if y_non_canonical(b) {
        Err(DecodeError::NonCanonicalY)
    } else {
        match theirs {
            None => Err(DecodeError::NotOnCurve),
            Some(dp) if dp.compress().to_bytes() != *b => Err(DecodeError::NonCanonicalSign),
            Some(dp) => Ok(dp.compress().to_bytes()),
        }
    };
    assert_eq!(
        strict.map(|p| p.to_bytes()),
        expected,
        "from_canonical_bytes({b:02x?})"
    );
    if let (Ok(p), Ok(q)) = (loose, strict) {
        assert_eq!(p, q, "the two decoders give different points for {b:02x?}");
    }
    loose.ok()
}

/// A 32-byte string for the decoders: mostly uniform, one in 8 near the edges (small y,
/// y near p, y in [p, 2^255)), with a random sign bit.
fn decoder_input(rng: &mut StdRng) -> [u8; 32] {
    if rng.random_range(0..8) != 0 {
        return rng.random();
    }
    let p: [u8; 32] = {
        let mut p = [0xff; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        p
    };
    let small = rng.random_range(0..40u64);
    let mut b = match rng.random_range(0..4) {
        0 => add_small([0; 32], small),
        1 => add_small(p, small % 19),
        2 => sub_small(p, small + 1),
        _ => {
            let mut top = [0xff; 32];
            top[31] = 0x7f;
            sub_small(top, small)
        }
    };
    b[31] = (b[31] & 0x7f) | (rng.random::<u8>() & 0x80);
    b
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn decode_random_strings() {
    run(Op::DecodeRandom, |rng, _| {
        check_decoders(&decoder_input(rng));
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn decode_encodings_with_torsion() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0xdec0);
    let mut points = Points::new(&mut rng0);
    run(Op::DecodeTorsion, |rng, _| {
        let (p, dp) = points.next(rng);
        let mut b = dp.compress().to_bytes();
        // The encoding itself, or with the sign bit flipped (x = 0 only for y = ±1: the
        // negative-zero encodings), or y + p when y < 19 (the other non-canonical form).
        match rng.random_range(0..4) {
            0 => b[31] ^= 0x80,
            1 if b[1..].iter().all(|&x| x & 0x7f == 0) && b[0] < 19 => {
                let sign = b[31] & 0x80;
                let mut q = add_small(
                    {
                        let mut p = [0xff; 32];
                        p[0] = 0xed;
                        p[31] = 0x7f;
                        p
                    },
                    u64::from(b[0]),
                );
                q[31] |= sign;
                b = q;
            }
            _ => {}
        }
        let decoded = check_decoders(&b).expect("a point's encoding decodes");
        if b == dp.compress().to_bytes() {
            assert_eq!(decoded, p, "decoding the encoding of {p:?}");
        } else {
            assert!(decoded == p || decoded == -p, "{b:02x?}");
        }
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn encoding() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0xe2c0);
    let mut points = Points::new(&mut rng0);
    run(Op::Encoding, |rng, _| {
        let (p, dp) = points.next(rng);
        let enc = dp.compress().to_bytes();
        assert_eq!(p.to_bytes(), enc, "to_bytes vs compress");
        assert_eq!(
            p.to_montgomery_bytes(),
            dp.to_montgomery().to_bytes(),
            "to_montgomery_bytes of {enc:02x?}"
        );
        // Through the coordinates: the same point, and the same encoding.
        let (x, y, z, t) = p.extended_coordinates();
        let q = Point::from_extended_coordinates(x, y, z, t).expect("own coordinates");
        assert_eq!(q.to_bytes(), enc);
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn group_operations() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x6209);
    let mut points = Points::new(&mut rng0);
    run(Op::GroupOps, |rng, _| {
        let (p, dp) = points.next(rng);
        let (q, dq) = if rng.random_range(0..16) == 0 {
            (p, dp) // P + P through the addition formula, P - P
        } else {
            points.next(rng)
        };
        assert!(same(&(p + q), &(dp + dq)), "{p:?} + {q:?}");
        assert!(same(&(p - q), &(dp - dq)), "{p:?} - {q:?}");
        assert!(same(&-p, &-dp), "-{p:?}");
        assert!(same(&p.double(), &(dp + dp)), "double {p:?}");
        assert!(
            same(&p.mul_by_cofactor(), &dp.mul_by_cofactor()),
            "[8]{p:?}"
        );
        assert_eq!(p.is_small_order(), dp.is_small_order(), "{p:?}");
        assert_eq!(p.is_identity(), dp.is_identity(), "{p:?}");
        assert_eq!(p == q, dp == dq, "{p:?} == {q:?}");
        let (mut r, mut dr) = (p, dp);
        r -= q;
        dr -= dq;
        assert!(same(&r, &dr), "{p:?} -= {q:?}");
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn torsion_free() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x7f7f);
    let mut points = Points::new(&mut rng0);
    run(Op::TorsionFree, |rng, _| {
        let (p, dp) = points.next(rng);
        assert_eq!(p.is_torsion_free(), dp.is_torsion_free(), "{p:?}");
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn mul_base() {
    run(Op::MulBase, |rng, _| {
        let (s, ds) = scalar_pair(rng);
        assert!(
            same(&Point::mul_base(&s), &EdwardsPoint::mul_base(&ds)),
            "mul_base({s:?})"
        );
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn point_times_scalar() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x9a1);
    let mut points = Points::new(&mut rng0);
    run(Op::PointMul, |rng, i| {
        let (p, dp) = points.next(rng);
        let (s, ds) = scalar_pair(rng);
        let want = dp * ds;
        // Alternate the operand order and ownership forms.
        #[allow(clippy::op_ref, reason = "the by-reference form is the one under test")]
        let got = if i % 2 == 0 { &p * &s } else { s * p };
        assert!(same(&got, &want), "{p:?} * {s:?}");
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn vartime_double_base() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0xdb);
    let mut points = Points::new(&mut rng0);
    run(Op::DoubleBase, |rng, _| {
        let (p, dp) = points.next(rng);
        let (a, da) = scalar_pair(rng);
        let (b, db) = scalar_pair(rng);
        assert!(
            same(
                &Point::vartime_double_scalar_mul_basepoint(&a, &p, &b),
                &EdwardsPoint::vartime_double_scalar_mul_basepoint(&da, &dp, &db)
            ),
            "a = {a:?}, A = {p:?}, b = {b:?}"
        );
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn multiscalar() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x3511);
    let mut points = Points::new(&mut rng0);
    run(Op::Multiscalar, |rng, _| {
        let n = rng.random_range(0..=16usize);
        let (mut s, mut ds, mut p, mut dp) = (vec![], vec![], vec![], vec![]);
        for _ in 0..n {
            let (a, da) = scalar_pair(rng);
            let (q, dq) = points.next(rng);
            s.push(a);
            ds.push(da);
            p.push(q);
            dp.push(dq);
        }
        let want = EdwardsPoint::vartime_multiscalar_mul(&ds, &dp);
        assert_eq!(
            want,
            EdwardsPoint::multiscalar_mul(&ds, &dp),
            "dalek, n = {n}"
        );
        assert!(
            same(&Point::multiscalar_mul(&s, &p), &want),
            "multiscalar_mul {s:?} {p:?}"
        );
        assert!(
            same(&Point::vartime_multiscalar_mul(&s, &p), &want),
            "vartime_multiscalar_mul {s:?} {p:?}"
        );
    });
}
