//! Ed25519 signing and both verifiers, against ed25519-dalek and references written
//! with curve25519-dalek's primitives.

use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::traits::IsIdentity;
use curve25519_dalek::{EdwardsPoint, Scalar as DScalar};
use ed25519_dalek::{Signer as _, Verifier as _};
use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey};
use edwards25519::{DecodeError, Point};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use sha2::{Digest, Sha512};

#[allow(unused_imports)]
use crate::common;
use crate::harness::*;
use crate::inputs::*;

/// k = SHA-512(R || A || M) mod l, with dalek's reduction.
fn dalek_challenge(r: &[u8], a: &[u8; 32], msg: &[u8]) -> DScalar {
    let h: [u8; 64] = Sha512::new()
        .chain_update(r)
        .chain_update(a)
        .chain_update(msg)
        .finalize()
        .into();
    DScalar::from_bytes_mod_order_wide(&h)
}

fn s_and_r(sig: &[u8; 64]) -> ([u8; 32], [u8; 32]) {
    let r: [u8; 32] = sig[..32].try_into().expect("32");
    let s: [u8; 32] = sig[32..].try_into().expect("32");
    (r, s)
}

/// ZIP-215 `verify` written with dalek's primitives, with our error order: S, R, the
/// cofactored equation.
fn zip215_reference(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> Result<(), Error> {
    let (r_bytes, s_bytes) = s_and_r(sig);
    let s = Option::<DScalar>::from(DScalar::from_canonical_bytes(s_bytes))
        .ok_or(Error::NonCanonicalS)?;
    let a = CompressedEdwardsY(*key)
        .decompress()
        .ok_or(Error::InvalidPublicKey(DecodeError::NotOnCurve))?;
    let r = CompressedEdwardsY(r_bytes)
        .decompress()
        .ok_or(Error::InvalidR(DecodeError::NotOnCurve))?;
    let k = dalek_challenge(&r_bytes, key, msg);
    if (EdwardsPoint::mul_base(&s) - r - a * k)
        .mul_by_cofactor()
        .is_identity()
    {
        Ok(())
    } else {
        Err(Error::EquationFailed)
    }
}

/// `verify_strict` written with dalek's primitives, with our documented error order: S,
/// key canonical, key small order, R decodes, R canonical, R small order, the
/// cofactorless equation.
fn strict_reference(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> Result<(), Error> {
    let (r_bytes, s_bytes) = s_and_r(sig);
    let s = Option::<DScalar>::from(DScalar::from_canonical_bytes(s_bytes))
        .ok_or(Error::NonCanonicalS)?;
    let a = CompressedEdwardsY(*key)
        .decompress()
        .ok_or(Error::InvalidPublicKey(DecodeError::NotOnCurve))?;
    if a.compress().to_bytes() != *key {
        return Err(Error::NonCanonicalPublicKey);
    }
    if a.is_small_order() {
        return Err(Error::SmallOrderPublicKey);
    }
    let r = CompressedEdwardsY(r_bytes)
        .decompress()
        .ok_or(Error::InvalidR(DecodeError::NotOnCurve))?;
    if r.compress().to_bytes() != r_bytes {
        return Err(Error::NonCanonicalR);
    }
    if r.is_small_order() {
        return Err(Error::SmallOrderR);
    }
    let k = dalek_challenge(&r_bytes, key, msg);
    if EdwardsPoint::mul_base(&s) == r + a * k {
        Ok(())
    } else {
        Err(Error::EquationFailed)
    }
}

/// Our two verdicts against the references and ed25519-dalek on one input. Returns
/// (verify, verify_strict) accepted.
fn check_verification(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> (bool, bool) {
    let dalek_key = ed25519_dalek::VerifyingKey::from_bytes(key);
    let ours = match VerifyingKey::from_bytes(key) {
        Ok(vk) => vk,
        Err(e) => {
            assert_eq!(
                e,
                Error::InvalidPublicKey(DecodeError::NotOnCurve),
                "{key:02x?}"
            );
            assert!(
                dalek_key.is_err(),
                "dalek decodes key {key:02x?}, we do not"
            );
            assert!(CompressedEdwardsY(*key).decompress().is_none());
            return (false, false);
        }
    };
    let dalek_key = dalek_key.unwrap_or_else(|_| panic!("dalek rejects key {key:02x?}"));
    assert_eq!(ours.to_bytes(), *key);
    let sig_ours = Signature::from_bytes(sig);
    let sig_dalek = ed25519_dalek::Signature::from_bytes(sig);
    let ctx = || format!("key {key:02x?}, msg {msg:02x?}, sig {sig:02x?}");

    let zip215 = ours.verify(msg, &sig_ours);
    assert_eq!(zip215, zip215_reference(key, msg, sig), "verify: {}", ctx());
    let strict = ours.verify_strict(msg, &sig_ours);
    assert_eq!(
        strict,
        strict_reference(key, msg, sig),
        "verify_strict: {}",
        ctx()
    );
    // The precomputed key (quarter-scalar tables) gives the same verdicts, error for
    // error.
    let pre = ours.precompute();
    assert_eq!(
        pre.verify(msg, &sig_ours),
        zip215,
        "precomputed verify: {}",
        ctx()
    );
    assert_eq!(
        pre.verify_strict(msg, &sig_ours),
        strict,
        "precomputed verify_strict: {}",
        ctx()
    );
    assert_eq!(
        strict.is_ok(),
        dalek_key.verify_strict(msg, &sig_dalek).is_ok(),
        "verify_strict vs ed25519-dalek: {}",
        ctx()
    );
    // ed25519-dalek's plain `verify` (cofactorless, R compared as bytes) sits between
    // the two: strict accepts => dalek's verify accepts => ZIP-215 accepts.
    let dalek_plain = dalek_key.verify(msg, &sig_dalek).is_ok();
    assert!(
        strict.is_err() || dalek_plain,
        "strict but not dalek verify: {}",
        ctx()
    );
    assert!(
        !dalek_plain || zip215.is_ok(),
        "dalek verify but not ZIP-215: {}",
        ctx()
    );
    (zip215.is_ok(), strict.is_ok())
}

fn message(rng: &mut StdRng) -> Vec<u8> {
    let len = match rng.random_range(0..8) {
        0 => 0,
        1 => rng.random_range(100..1000),
        _ => rng.random_range(1..64),
    };
    (0..len).map(|_| rng.random()).collect()
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn ed25519_sign() {
    run(Op::Sign, |rng, _| {
        let seed: [u8; 32] = rng.random();
        let msg = message(rng);
        let ours = SigningKey::from_seed(&seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
        let pk = ours.verifying_key().to_bytes();
        assert_eq!(
            pk,
            theirs.verifying_key().to_bytes(),
            "key of seed {seed:02x?}"
        );
        let sig = ours.sign(&msg).to_bytes();
        assert_eq!(
            sig,
            theirs.sign(&msg).to_bytes(),
            "signature, seed {seed:02x?}, msg {msg:02x?}"
        );
        assert_eq!(check_verification(&pk, &msg, &sig), (true, true));
    });
}

/// Points and encodings for mutations: the 8 torsion points' encodings.
fn torsion_encodings() -> Vec<[u8; 32]> {
    let t = common::order_8_point();
    let mut acc = Point::IDENTITY;
    (0..8)
        .map(|_| {
            let e = acc.to_bytes();
            acc += t;
            e
        })
        .collect()
}

/// Non-canonical encodings of points (y + p for y < 19 on the curve, and x = 0 with the
/// sign bit set), found with dalek's decoder.
fn non_canonical_encodings() -> Vec<[u8; 32]> {
    let mut out = vec![];
    for y in 0..19u8 {
        for sign in [0u8, 0x80] {
            let mut b = [0xff; 32];
            b[0] = 0xed + y;
            b[31] = 0x7f | sign;
            if CompressedEdwardsY(b).decompress().is_some() {
                out.push(b);
            }
        }
    }
    let mut one = [0; 32];
    one[0] = 1;
    one[31] = 0x80;
    out.push(one);
    let mut minus_one = [0xff; 32];
    minus_one[0] = 0xec;
    minus_one[31] = 0xff;
    out.push(minus_one);
    out
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn ed25519_verify_mutated() {
    let torsion = torsion_encodings();
    let non_canonical = non_canonical_encodings();
    let mut stats = [0usize; 2];
    let n = run(Op::VerifyMutated, |rng, _| {
        let seed: [u8; 32] = rng.random();
        let mut msg = message(rng);
        let key = SigningKey::from_seed(&seed);
        let mut pk = key.verifying_key().to_bytes();
        let mut sig = key.sign(&msg).to_bytes();
        let bit = rng.random_range(0..256usize);
        match rng.random_range(0..13) {
            0 => {}
            1 => pk[bit / 8] ^= 1 << (bit % 8),
            2 => sig[bit / 8] ^= 1 << (bit % 8),
            3 => sig[32 + bit / 8] ^= 1 << (bit % 8),
            4 => match msg.len() {
                0 => msg.push(rng.random()),
                n => msg[(bit / 8) % n] ^= 1 << (bit % 8),
            },
            5 => {
                // S + l: the same residue, not canonical.
                let s: [u8; 32] = sig[32..].try_into().expect("32");
                let mut carry = 0u16;
                let mut out = [0u8; 32];
                for i in 0..32 {
                    let t = u16::from(s[i]) + u16::from(L[i]) + carry;
                    out[i] = t as u8;
                    carry = t >> 8;
                }
                sig[32..].copy_from_slice(&out);
            }
            6 => sig[31] ^= 0x80,
            7 => pk = torsion[rng.random_range(0..8)],
            8 => sig[..32].copy_from_slice(&torsion[rng.random_range(0..8)]),
            9 => pk = non_canonical[rng.random_range(0..non_canonical.len())],
            10 => {
                sig[..32].copy_from_slice(&non_canonical[rng.random_range(0..non_canonical.len())])
            }
            11 => {
                // R + T: the cofactored equation still holds, the cofactorless one not.
                let r = CompressedEdwardsY(sig[..32].try_into().expect("32"))
                    .decompress()
                    .expect("R");
                let t = CompressedEdwardsY(torsion[rng.random_range(1..8)])
                    .decompress()
                    .expect("T");
                sig[..32].copy_from_slice(&(r + t).compress().to_bytes());
            }
            _ => msg.truncate(msg.len() / 2),
        }
        let (zip215, strict) = check_verification(&pk, &msg, &sig);
        stats[0] += usize::from(zip215);
        stats[1] += usize::from(strict);
    });
    // The mutations reach both verdicts (given enough cases to be sure).
    assert!(n < 1000 || (stats[0] > 0 && stats[1] > 0), "{stats:?}");
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn ed25519_verify_mixed_order() {
    let mut accepted = [0usize; 2];
    let n = run(Op::VerifyMixedOrder, |rng, _| {
        let msg = message(rng);
        let (t_a, t_r) = (rng.random_range(0..8), rng.random_range(0..8));
        let (pk, sig, _) = common::mixed_order_signature(rng, &msg, t_a, t_r);
        let (zip215, strict) = check_verification(&pk, &msg, &sig);
        assert!(zip215, "mixed-order signer, cofactored equation holds");
        accepted[usize::from(strict)] += 1;
    });
    // Strict accepts when the small-order parts cancel (t_a = t_r = 0 at least), and
    // rejects otherwise: both happen.
    assert!(
        n < 1000 || (accepted[0] > 0 && accepted[1] > 0),
        "{accepted:?}"
    );
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn ed25519_verify_random_bytes() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x6a6b);
    let mut points = Points::new(&mut rng0);
    run(Op::VerifyGarbage, |rng, _| {
        // Keys and R: random strings (half decode), or points with torsion.
        let mut pk: [u8; 32] = rng.random();
        if rng.random() {
            pk = points.next(rng).1.compress().to_bytes();
        }
        let mut sig: [u8; 64] = [0; 64];
        rng.fill(&mut sig[..]);
        if rng.random() {
            sig[..32].copy_from_slice(&points.next(rng).1.compress().to_bytes());
        }
        // S below 2^253: canonical about half the time.
        if rng.random() {
            sig[63] &= 0x1f;
        }
        let msg = message(rng);
        check_verification(&pk, &msg, &sig);
    });
}
