//! Hedged signing (draft-irtf-cfrg-det-sigs-with-noise-05 §3) and `sign_checked`.
//!
//! The reference is an independent computation of the draft's construction in this file:
//! SHA-512 from `sha2`, the scalar and point arithmetic from curve25519-dalek; the
//! signatures are also checked by ed25519-dalek's `verify_strict`.
#![cfg(feature = "ed25519")]

use curve25519_dalek::{EdwardsPoint, Scalar as DalekScalar};
use edwards25519::ed25519::{Error, Signature, SigningKey};
use edwards25519_test_support::SplitMix64;
use sha2::{Digest, Sha512};

/// An RNG that hands out fixed bytes (then zeros), to fix Z.
struct FixedRng {
    bytes: Vec<u8>,
    pos: usize,
}

impl FixedRng {
    fn new(bytes: &[u8]) -> FixedRng {
        FixedRng {
            bytes: bytes.to_vec(),
            pos: 0,
        }
    }
}

impl rand_core::TryRng for FixedRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        let mut b = [0u8; 4];
        self.try_fill_bytes(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        let mut b = [0u8; 8];
        self.try_fill_bytes(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for d in dst {
            *d = self.bytes.get(self.pos).copied().unwrap_or(0);
            self.pos += 1;
        }
        Ok(())
    }
}
impl rand_core::TryCryptoRng for FixedRng {}

/// dom2(F, C) of RFC 8032 §5.1.
fn dom2(phflag: u8, context: &[u8]) -> Vec<u8> {
    let mut d = b"SigEd25519 no Ed25519 collisions".to_vec();
    d.push(phflag);
    d.push(context.len() as u8);
    d.extend_from_slice(context);
    d
}

/// Draft -05 §3, computed from scratch: prefix' = SHA-512(prefix || Z)[..32],
/// r = SHA-512(dom || prefix' || M), R = [r]B, k = SHA-512(dom || R || A || M),
/// S = r + k·s. `dom` is empty for pure Ed25519; `m` is PH(M) for Ed25519ph.
fn reference(seed: &[u8; 32], z: &[u8; 32], dom: &[u8], m: &[u8]) -> [u8; 64] {
    let h = Sha512::digest(seed);
    let mut s_bytes = [0u8; 32];
    s_bytes.copy_from_slice(&h[..32]);
    s_bytes[0] &= 248;
    s_bytes[31] &= 127;
    s_bytes[31] |= 64;
    let s = DalekScalar::from_bytes_mod_order(s_bytes);
    let a = EdwardsPoint::mul_base(&s).compress().to_bytes();
    // Z: 32 octets, and prefix || Z with no padding (one 64-octet input).
    let hedged = Sha512::new()
        .chain_update(&h[32..])
        .chain_update(z)
        .finalize();
    let r = DalekScalar::from_bytes_mod_order_wide(
        &Sha512::new()
            .chain_update(dom)
            .chain_update(&hedged[..32])
            .chain_update(m)
            .finalize()
            .into(),
    );
    let big_r = EdwardsPoint::mul_base(&r).compress().to_bytes();
    let k = DalekScalar::from_bytes_mod_order_wide(
        &Sha512::new()
            .chain_update(dom)
            .chain_update(big_r)
            .chain_update(a)
            .chain_update(m)
            .finalize()
            .into(),
    );
    let big_s = r + k * s;
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&big_r);
    sig[32..].copy_from_slice(big_s.as_bytes());
    sig
}

fn dalek_verify_strict(key: &SigningKey, msg: &[u8], sig: &Signature) -> bool {
    ed25519_dalek::VerifyingKey::from_bytes(&key.verifying_key().to_bytes())
        .expect("valid key")
        .verify_strict(msg, &ed25519_dalek::Signature::from_bytes(&sig.to_bytes()))
        .is_ok()
}

#[test]
fn hedged_equals_the_draft_construction_with_a_fixed_rng() {
    let mut rng = SplitMix64(0x4e64);
    for len in [0usize, 1, 31, 32, 64, 111, 112, 127, 128, 129, 300] {
        let seed: [u8; 32] = rng.bytes();
        let z: [u8; 32] = rng.bytes();
        let msg: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        let key = SigningKey::from_seed(&seed);

        let sig = key.sign_hedged(&msg, &mut FixedRng::new(&z));
        assert_eq!(
            sig.to_bytes(),
            reference(&seed, &z, &[], &msg),
            "Ed25519, len {len}"
        );
        assert!(dalek_verify_strict(&key, &msg, &sig));

        let ctx = &msg[..len.min(40)];
        let sig = key
            .sign_ctx_hedged(&msg, ctx, &mut FixedRng::new(&z))
            .expect("short context");
        assert_eq!(
            sig.to_bytes(),
            reference(&seed, &z, &dom2(0, ctx), &msg),
            "Ed25519ctx, len {len}"
        );
        assert!(key.verifying_key().verify_ctx(&msg, ctx, &sig).is_ok());

        let sig = key
            .sign_ph_hedged(&msg, ctx, &mut FixedRng::new(&z))
            .expect("short context");
        let ph = Sha512::digest(&msg);
        assert_eq!(
            sig.to_bytes(),
            reference(&seed, &z, &dom2(1, ctx), &ph),
            "Ed25519ph, len {len}"
        );
        assert!(key.verifying_key().verify_ph(&msg, ctx, &sig).is_ok());
    }
}

#[test]
fn hedged_signatures_verify_with_dalek_and_differ() {
    let mut rng = rand::rng();
    let mut seeds = SplitMix64(7);
    for i in 0..16u8 {
        let key = SigningKey::from_seed(&seeds.bytes());
        let msg = vec![i; usize::from(i) * 9];
        let a = key.sign_hedged(&msg, &mut rng);
        let b = key.sign_hedged(&msg, &mut rng);
        assert_ne!(a, b, "two hedged signatures of one message must differ");
        assert_ne!(a, key.sign(&msg));
        assert!(dalek_verify_strict(&key, &msg, &a));
        assert!(dalek_verify_strict(&key, &msg, &b));
        assert!(key.verifying_key().verify_strict(&msg, &a).is_ok());
    }
}

#[test]
fn hedged_differs_in_z_only_where_z_does() {
    // The same Z gives the same signature (the construction is a function of Z), a
    // different Z a different one, and an all-zero Z is not RFC 8032's nonce.
    let key = SigningKey::from_seed(&[9; 32]);
    let z = [0x5a; 32];
    let a = key.sign_hedged(b"m", &mut FixedRng::new(&z));
    assert_eq!(a, key.sign_hedged(b"m", &mut FixedRng::new(&z)));
    assert_ne!(a, key.sign_hedged(b"m", &mut FixedRng::new(&[0x5b; 32])));
    assert_ne!(
        key.sign(b"m"),
        key.sign_hedged(b"m", &mut FixedRng::new(&[0; 32]))
    );
}

#[test]
fn hedged_context_too_long_is_an_error() {
    let key = SigningKey::from_seed(&[1; 32]);
    let long = [0u8; 256];
    let mut rng = FixedRng::new(&[]);
    assert_eq!(
        key.sign_ctx_hedged(b"m", &long, &mut rng),
        Err(Error::ContextTooLong)
    );
    assert_eq!(
        key.sign_ph_hedged(b"m", &long, &mut rng),
        Err(Error::ContextTooLong)
    );
    // 255 bytes is the longest context dom2 encodes.
    assert!(key.sign_ctx_hedged(b"m", &long[..255], &mut rng).is_ok());
}

#[test]
fn sign_checked_equals_sign() {
    let mut rng = SplitMix64(0x5c);
    for len in [0usize, 1, 64, 200] {
        let key = SigningKey::from_seed(&rng.bytes());
        let msg: Vec<u8> = (0..len).map(|i| i as u8).collect();
        assert_eq!(key.sign_checked(&msg), Ok(key.sign(&msg)));
    }
}

#[test]
fn self_check_failed_says_why() {
    let e = Error::SelfCheckFailed;
    let text = e.to_string();
    assert!(text.contains("does not verify"), "{text}");
    assert!(text.contains("withheld"), "{text}");
    assert!(core::error::Error::source(&e).is_none());
}

#[cfg(feature = "signature")]
#[test]
fn randomized_signer_is_hedged_signing() {
    use signature::RandomizedSigner;

    struct FailingRng;
    impl rand_core::TryRng for FailingRng {
        type Error = core::fmt::Error;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Err(core::fmt::Error)
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Err(core::fmt::Error)
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            Err(core::fmt::Error)
        }
    }
    impl rand_core::TryCryptoRng for FailingRng {}

    let seed = [0x33; 32];
    let z = [0x44; 32];
    let key = SigningKey::from_seed(&seed);
    let sig: Signature = key.sign_with_rng(&mut FixedRng::new(&z), b"trait");
    assert_eq!(sig.to_bytes(), reference(&seed, &z, &[], b"trait"));
    let failed: Result<Signature, _> = key.try_sign_with_rng(&mut FailingRng, b"trait");
    assert!(failed.is_err());
}
