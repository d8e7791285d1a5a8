//! Cross-checks of the public `Point` API against curve25519-dalek 5.
//!
//! Random points are s·B + T with s random (edge scalars one time in 8) and T one of the
//! 8 torsion points, built on each side with that side's own operations; they are
//! compared through their canonical encodings. Every test counts its compared cases and
//! prints "cross-check NAME: N cases, zero disagreements" (`cargo test --release --test
//! cross_dalek -- --nocapture`); any disagreement fails the test.
//!
//! Cases compared with dalek, release (debug): encoding and group operations 130,384
//! (13,384); decoders on 32-byte strings 44,588 (10,988); scalar multiplications 8,000
//! (1,200); multiscalar, ct and vartime vs dalek and vs the sum of single products, for
//! n = 0..=300: 1,204 (n = 0..=64 and 6 sizes around the crossover: 284); large vartime
//! multiscalar 10 (7). Total 184,186 (25,863), plus tests/vectors.rs: 212.
//!
//! Decoding semantics: dalek's `CompressedEdwardsY::decompress` reduces y mod p and
//! accepts x = 0 with the sign bit set, exactly our `Point::from_bytes` (upstream
//! SetBytes). dalek has no strict decoder; RFC 8032 strict decoding accepts exactly the
//! encodings that decompress AND re-encode to themselves, which is what
//! `from_canonical_bytes` is compared with.

use crate::common;

use common::{Tally, cases, point_pair, rng, same, scalar_pair, torsion};
use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::traits::{Identity, IsIdentity, MultiscalarMul, VartimeMultiscalarMul};
use curve25519_dalek::{EdwardsPoint, Scalar as DScalar};
use edwards25519_group::{DecodeError, Point, Scalar};
use rand::RngExt;

#[test]
fn encoding_and_group_operations() {
    let tally = Tally::new("encoding and group operations");
    let t = torsion();
    let mut rng = rng(1);
    for _ in 0..cases(1_000, 10_000) {
        let (p, dp) = point_pair(&mut rng, &t);
        let (q, dq) = point_pair(&mut rng, &t);
        let enc = dp.compress().to_bytes();

        assert_eq!(p.to_bytes(), enc, "to_bytes vs compress");
        assert_eq!(Point::from_bytes(&enc), Ok(p), "from_bytes of {enc:02x?}");
        assert_eq!(Point::from_canonical_bytes(&enc), Ok(p));
        assert!(same(&(p + q), &(dp + dq)), "add {p:?} {q:?}");
        assert!(same(&(p - q), &(dp - dq)), "sub {p:?} {q:?}");
        assert!(same(&-p, &-dp), "neg {p:?}");
        assert!(same(&p.double(), &(dp + dp)), "double {p:?}");
        assert!(
            same(&p.mul_by_cofactor(), &dp.mul_by_cofactor()),
            "[8] {p:?}"
        );
        assert_eq!(p.is_small_order(), dp.is_small_order(), "small order {p:?}");
        assert_eq!(
            p.is_torsion_free(),
            dp.is_torsion_free(),
            "torsion-free {p:?}"
        );
        assert_eq!(p.is_identity(), dp.is_identity(), "identity {p:?}");
        assert_eq!(
            p.to_montgomery_bytes(),
            dp.to_montgomery().to_bytes(),
            "montgomery {p:?}"
        );
        assert_eq!(p == q, dp == dq);
        tally.add(13);
    }
    // The torsion points themselves (and their sums), where the special cases live.
    for (a, da) in &t {
        for (b, db) in &t {
            assert!(same(&(a + b), &(da + db)));
            assert!(same(&(a - b), &(da - db)));
            assert_eq!(a.to_montgomery_bytes(), da.to_montgomery().to_bytes());
            assert_eq!((a + b).is_identity(), (da + db).is_identity());
            assert_eq!((a + b).is_small_order(), (da + db).is_small_order());
            assert_eq!((a + b).is_torsion_free(), (da + db).is_torsion_free());
            tally.add(6);
        }
    }
    tally.report();
}

/// Whether the 255-bit y of an encoding is >= p = 2^255 - 19 (independent byte check).
fn y_non_canonical(b: &[u8; 32]) -> bool {
    b[0] >= 0xed && b[1..31].iter().all(|&x| x == 0xff) && b[31] & 0x7f == 0x7f
}

/// Compares both decoders with dalek on one string; returns the number of comparisons.
fn check_decoders(b: &[u8; 32]) -> usize {
    let theirs = CompressedEdwardsY(*b).decompress();
    let loose = Point::from_bytes(b);
    match (&loose, &theirs) {
        (Ok(p), Some(dp)) => assert!(same(p, dp), "from_bytes({b:02x?}) decodes differently"),
        (Err(e), None) => assert_eq!(*e, DecodeError::NotOnCurve, "{b:02x?}"),
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
    2
}

#[test]
fn decoders_on_random_strings() {
    let tally = Tally::new("decoders on 32-byte strings");
    let mut rng = rng(2);
    for _ in 0..cases(5_000, 20_000) {
        let b: [u8; 32] = rng.random();
        tally.add(check_decoders(&b));
    }
    // Every y in [p - 64, 2^255) with both signs: the non-canonical range and its edge.
    for low in (0xed - 64)..=0xffu32 {
        for sign in [0u8, 0x80] {
            let mut b = [0xff; 32];
            b[0] = low as u8;
            b[31] = 0x7f | sign;
            tally.add(check_decoders(&b));
        }
    }
    // y = 0..64 (small y, where y = 0 and y = ±1 give torsion points), both signs.
    for y in 0..64u8 {
        for sign in [0u8, 0x80] {
            let mut b = [0; 32];
            b[0] = y;
            b[31] = sign;
            tally.add(check_decoders(&b));
        }
    }
    // Encodings of random points with the sign bit flipped (x = 0 only for y = ±1).
    let t = torsion();
    for _ in 0..cases(200, 2_000) {
        let (_, dp) = point_pair(&mut rng, &t);
        let mut b = dp.compress().to_bytes();
        b[31] ^= 0x80;
        tally.add(check_decoders(&b));
    }
    tally.report();
}

#[test]
fn scalar_multiplications() {
    let tally = Tally::new("scalar multiplications");
    let t = torsion();
    let mut rng = rng(3);
    for _ in 0..cases(300, 2_000) {
        let (p, dp) = point_pair(&mut rng, &t);
        let (s, ds) = scalar_pair(&mut rng);
        let (a, da) = scalar_pair(&mut rng);
        let want = dp * ds;
        assert!(same(&(p * s), &want), "{p:?} * {s:?}");
        assert!(same(&(s * p), &want), "{s:?} * {p:?}");
        assert!(
            same(&Point::mul_base(&s), &EdwardsPoint::mul_base(&ds)),
            "mul_base({s:?})"
        );
        assert!(
            same(
                &Point::vartime_double_scalar_mul_basepoint(&a, &p, &s),
                &EdwardsPoint::vartime_double_scalar_mul_basepoint(&da, &dp, &ds)
            ),
            "vartime double base a={a:?} A={p:?} b={s:?}"
        );
        tally.add(4);
    }
    tally.report();
}

/// The multiscalar sizes tested: 0..=300 in release; in debug 0..=64 and a few larger
/// ones around the Straus/Pippenger crossover.
fn multiscalar_sizes() -> Vec<usize> {
    if cfg!(debug_assertions) {
        (0..=64).chain([127, 191, 255, 256, 257, 300]).collect()
    } else {
        (0..=300).collect()
    }
}

#[test]
fn multiscalar_against_dalek_and_single_multiplications() {
    let tally = Tally::new("multiscalar (n = 0..=300)");
    let t = torsion();
    let mut rng = rng(4);
    for n in multiscalar_sizes() {
        let (mut s, mut ds, mut p, mut dp) = (vec![], vec![], vec![], vec![]);
        for _ in 0..n {
            let (a, da) = scalar_pair(&mut rng);
            let (q, dq) = point_pair(&mut rng, &t);
            s.push(a);
            ds.push(da);
            p.push(q);
            dp.push(dq);
        }
        let ct = Point::multiscalar_mul(&s, &p);
        let vt = Point::vartime_multiscalar_mul(&s, &p);
        let sum: Point = s.iter().zip(&p).map(|(a, q)| q * a).sum();
        let d_vt = EdwardsPoint::vartime_multiscalar_mul(&ds, &dp);
        let d_ct = EdwardsPoint::multiscalar_mul(&ds, &dp);
        assert_eq!(d_ct, d_vt, "dalek's own paths, n = {n}");
        assert!(
            same(&ct, &d_vt),
            "constant-time multiscalar vs dalek, n = {n}"
        );
        assert!(same(&vt, &d_vt), "vartime multiscalar vs dalek, n = {n}");
        assert_eq!(
            ct, sum,
            "constant-time multiscalar vs sum of products, n = {n}"
        );
        assert_eq!(vt, sum, "vartime multiscalar vs sum of products, n = {n}");
        if n == 0 {
            assert!(ct.is_identity() && d_vt == EdwardsPoint::identity());
        }
        tally.add(4);
    }
    tally.report();
}

/// Large vartime multiscalar multiplications (every Pippenger window size up to c = 9).
#[test]
fn large_vartime_multiscalar() {
    let tally = Tally::new("large vartime multiscalar");
    let t = torsion();
    let mut rng = rng(5);
    let sizes: &[usize] = if cfg!(debug_assertions) {
        &[384, 512]
    } else {
        &[384, 512, 900, 1024, 2048]
    };
    for &n in sizes {
        let (mut s, mut ds, mut p, mut dp) = (vec![], vec![], vec![], vec![]);
        for _ in 0..n {
            // Cheap distinct points: multiples of a random point plus torsion.
            let (a, da) = scalar_pair(&mut rng);
            s.push(a);
            ds.push(da);
        }
        let (q, dq) = point_pair(&mut rng, &t);
        let (mut acc, mut dacc) = (q, dq);
        for i in 0..n {
            acc += &t[i % 8].0;
            dacc += &t[i % 8].1;
            acc += q;
            dacc += dq;
            p.push(acc);
            dp.push(dacc);
        }
        let vt = Point::vartime_multiscalar_mul(&s, &p);
        assert!(
            same(&vt, &EdwardsPoint::vartime_multiscalar_mul(&ds, &dp)),
            "n = {n}"
        );
        tally.add(1);
    }
    // Every scalar l - 1 (all digits at their extremes), all points equal.
    let (s, ds) = common::scalar_pair_from(common::L_MINUS_1);
    let (q, dq) = point_pair(&mut rng, &t);
    let n = if cfg!(debug_assertions) { 300 } else { 1024 };
    let vt = Point::vartime_multiscalar_mul(vec![s; n], vec![q; n]);
    let ct = Point::multiscalar_mul(vec![s; 40], vec![q; 40]);
    assert!(same(
        &vt,
        &EdwardsPoint::vartime_multiscalar_mul(vec![ds; n], vec![dq; n])
    ));
    assert!(same(&ct, &((dq * ds) * DScalar::from(40u8))));
    tally.add(2);
    // Zero scalars everywhere, and zero with nonzero mixed.
    let zeros = vec![Scalar::ZERO; 300];
    assert!(Point::vartime_multiscalar_mul(&zeros, vec![q; 300]).is_identity());
    assert!(Point::multiscalar_mul(&zeros[..20], vec![q; 20]).is_identity());
    let mut mixed = zeros.clone();
    mixed[150] = s;
    assert!(same(
        &Point::vartime_multiscalar_mul(&mixed, vec![q; 300]),
        &(dq * ds)
    ));
    tally.add(3);
    tally.report();
}
