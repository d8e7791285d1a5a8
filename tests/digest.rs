//! The `digest` feature: `Scalar::from_hash` against curve25519-dalek's, and Ed25519ph
//! through `signature`'s `DigestSigner` / `DigestVerifier` against ed25519-dalek's, on
//! random keys, messages and contexts.
#![cfg(all(feature = "digest", feature = "signature"))]

use edwards25519::Scalar;
use edwards25519::ed25519::{Context, Error, Signature, SigningKey};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use sha2::{Digest, Sha512};
use signature::{DigestSigner, DigestVerifier};

const CASES: usize = 200;

struct Case {
    seed: [u8; 32],
    msg: Vec<u8>,
    context: Vec<u8>,
}

fn inputs(tag: u64) -> impl Iterator<Item = Case> {
    let mut rng = StdRng::seed_from_u64(0xd16e57 ^ tag);
    (0..CASES).map(move |i| {
        let len = rng.random_range(0..300);
        let mut msg = vec![0u8; len];
        rng.fill(&mut msg[..]);
        // Every context length from 0 to 255 appears over the cases, the ends included.
        let ctx_len = match i {
            0 => 0,
            1 => 255,
            _ => rng.random_range(0..=255),
        };
        let mut context = vec![0u8; ctx_len];
        rng.fill(&mut context[..]);
        Case {
            seed: rng.random(),
            msg,
            context,
        }
    })
}

/// The closure `DigestSigner` and `DigestVerifier` take: feed `msg` in two pieces (the
/// trait's contract is that the whole message goes in, however it is split).
fn feed(msg: &[u8]) -> impl Fn(&mut Sha512) -> Result<(), signature::Error> + '_ {
    move |d: &mut Sha512| {
        let (a, b) = msg.split_at(msg.len() / 2);
        Digest::update(d, a);
        Digest::update(d, b);
        Ok(())
    }
}

#[test]
fn from_hash_matches_curve25519_dalek() {
    for case in inputs(1) {
        let ours = Scalar::from_hash(Sha512::new().chain_update(&case.msg));
        let theirs = curve25519_dalek::Scalar::from_hash(Sha512::new().chain_update(&case.msg));
        assert_eq!(ours.to_bytes(), theirs.to_bytes());
    }
}

#[test]
fn digest_signer_without_context_matches_ed25519_dalek() {
    for case in inputs(2) {
        let ours = SigningKey::from_seed(&case.seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&case.seed);
        let sig: Signature = ours.try_sign_digest(feed(&case.msg)).expect("sign");
        let dalek_sig: ed25519_dalek::Signature = theirs
            .try_sign_digest(|d: &mut Sha512| {
                Digest::update(d, &case.msg);
                Ok(())
            })
            .expect("dalek sign");
        assert_eq!(sig.to_bytes(), dalek_sig.to_bytes());
        // The ed25519 crate's Signature type from the same trait.
        let ed_sig: ed25519::Signature = ours.try_sign_digest(feed(&case.msg)).expect("sign");
        assert_eq!(ed_sig, dalek_sig);
        // Ed25519ph with no context is the empty context of the inherent method.
        assert_eq!(sig, ours.sign_ph(&case.msg, b"").expect("sign"));

        let vk = ours.verifying_key();
        assert!(vk.verify_digest(feed(&case.msg), &sig).is_ok());
        assert!(vk.verify_digest(feed(&case.msg), &dalek_sig).is_ok());
        let dvk = theirs.verifying_key();
        assert!(dvk.verify_digest(feed(&case.msg), &dalek_sig).is_ok());
        // A different message, and a signature under a context, are refused.
        let mut other = case.msg.clone();
        other.push(0);
        assert!(vk.verify_digest(feed(&other), &sig).is_err());
        // The same through the impl for the ed25519 crate's Signature (cargo-mutants: an
        // `Ok(())` body there passed while only good signatures reached it).
        assert!(vk.verify_digest(feed(&other), &dalek_sig).is_err());
        if !case.context.is_empty() {
            let ctx_sig = ours.sign_ph(&case.msg, &case.context).expect("sign");
            assert!(vk.verify_digest(feed(&case.msg), &ctx_sig).is_err());
        }
    }
}

#[test]
fn digest_signer_with_context_matches_ed25519_dalek() {
    for case in inputs(3) {
        let ours = SigningKey::from_seed(&case.seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&case.seed);
        let ctx: Context<'_, '_, SigningKey> = ours.with_context(&case.context).expect("<= 255");
        assert_eq!(ctx.value(), &case.context[..]);
        let sig: Signature = ctx.try_sign_digest(feed(&case.msg)).expect("sign");
        let dalek_ctx = theirs.with_context(&case.context).expect("dalek <= 255");
        let dalek_sig: ed25519_dalek::Signature = dalek_ctx
            .try_sign_digest(feed(&case.msg))
            .expect("dalek sign");
        assert_eq!(sig.to_bytes(), dalek_sig.to_bytes());
        let ed_sig: ed25519::Signature = ctx.try_sign_digest(feed(&case.msg)).expect("sign");
        assert_eq!(ed_sig, dalek_sig);
        assert_eq!(sig, ours.sign_ph(&case.msg, &case.context).expect("sign"));

        let vk = ours.verifying_key();
        let vctx = vk.with_context(&case.context).expect("<= 255");
        assert!(vctx.verify_digest(feed(&case.msg), &sig).is_ok());
        assert!(vctx.verify_digest(feed(&case.msg), &dalek_sig).is_ok());
        let dvk = theirs.verifying_key();
        let dvctx = dvk.with_context(&case.context).expect("dalek <= 255");
        assert!(dvctx.verify_digest(feed(&case.msg), &dalek_sig).is_ok());

        // Another context, or another message, fails.
        let mut other_ctx = case.context.clone();
        if other_ctx.len() < 255 {
            other_ctx.push(1);
        } else {
            other_ctx[0] ^= 1;
        }
        let vother = vk.with_context(&other_ctx).expect("<= 255");
        assert!(vother.verify_digest(feed(&case.msg), &sig).is_err());
        assert!(vother.verify_digest(feed(&case.msg), &dalek_sig).is_err());
        let mut other = case.msg.clone();
        other.push(0);
        assert!(vctx.verify_digest(feed(&other), &sig).is_err());
        assert!(vctx.verify_digest(feed(&other), &dalek_sig).is_err());
    }
}

#[test]
fn long_context_and_failing_closure_are_errors() {
    let key = SigningKey::from_seed(&[9u8; 32]);
    let long = [0u8; 256];
    assert_eq!(key.with_context(&long).err(), Some(Error::ContextTooLong));
    assert_eq!(
        key.verifying_key().with_context(&long).err(),
        Some(Error::ContextTooLong)
    );
    assert!(key.with_context(&long[..255]).is_ok());
    // An error from the caller's closure is returned, not a signature.
    let failing = |_: &mut Sha512| Err(signature::Error::new());
    let r: Result<Signature, _> = key.try_sign_digest(failing);
    assert!(r.is_err());
    let sig = key.sign_ph(b"m", b"").expect("sign");
    assert!(key.verifying_key().verify_digest(failing, &sig).is_err());
}
