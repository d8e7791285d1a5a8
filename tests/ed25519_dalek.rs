//! Cross-checks against ed25519-dalek 3: same keys and signatures for random seeds and
//! messages, and the same strict verdicts on random and edge-case inputs.
#![cfg(feature = "ed25519")]

use crate::common;

use common::{field, mixed_order_signature, read_json, unhex, unhex_n};
use ed25519_dalek::{Signer as _, Verifier as _};
use edwards25519::ed25519::{Signature, SigningKey, VerifyingKey};
use proptest::prelude::*;

use edwards25519_test_support::proptest_config;

/// ed25519-dalek's strict verdict; a key it cannot decode rejects.
fn dalek_strict(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> bool {
    match ed25519_dalek::VerifyingKey::from_bytes(key) {
        Ok(vk) => vk
            .verify_strict(msg, &ed25519_dalek::Signature::from_bytes(sig))
            .is_ok(),
        Err(_) => false,
    }
}

/// Our strict verdict; a key we cannot decode rejects.
fn our_strict(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> bool {
    match VerifyingKey::from_bytes(key) {
        Ok(vk) => vk.verify_strict(msg, &Signature::from_bytes(sig)).is_ok(),
        Err(_) => false,
    }
}

proptest! {
    #![proptest_config(proptest_config(64, 512))]

    #[test]
    fn same_keys_and_signatures(seed in any::<[u8; 32]>(), msg in proptest::collection::vec(any::<u8>(), 0..300)) {
        let ours = SigningKey::from_seed(&seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
        let pk = ours.verifying_key().to_bytes();
        prop_assert_eq!(pk, theirs.verifying_key().to_bytes());
        let sig = ours.sign(&msg).to_bytes();
        prop_assert_eq!(sig, theirs.sign(&msg).to_bytes());
        prop_assert!(our_strict(&pk, &msg, &sig));
        prop_assert!(dalek_strict(&pk, &msg, &sig));
        prop_assert!(ours.verifying_key().verify(&msg, &Signature::from_bytes(&sig)).is_ok());
    }

    /// Flip one bit of the key, the signature or the message of a valid signature (or
    /// nothing): both strict verifiers give the same verdict, and ZIP-215 agrees with
    /// strict (none of these inputs involve small-order or non-canonical points, except
    /// by a negligible chance the assertion would report).
    #[test]
    fn same_strict_verdict_on_mutations(
        seed in any::<[u8; 32]>(),
        msg in proptest::collection::vec(any::<u8>(), 1..64),
        target in 0usize..4,
        bit in 0usize..512,
    ) {
        let key = SigningKey::from_seed(&seed);
        let mut pk = key.verifying_key().to_bytes();
        let mut sig = key.sign(&msg).to_bytes();
        let mut msg = msg;
        match target {
            0 => pk[(bit / 8) % 32] ^= 1 << (bit % 8),
            1 => sig[bit / 8] ^= 1 << (bit % 8),
            2 => { let n = msg.len(); msg[(bit / 8) % n] ^= 1 << (bit % 8) }
            _ => {}
        }
        let strict = our_strict(&pk, &msg, &sig);
        prop_assert_eq!(strict, dalek_strict(&pk, &msg, &sig));
        prop_assert_eq!(strict, target == 3);
        if let Ok(vk) = VerifyingKey::from_bytes(&pk) {
            prop_assert_eq!(vk.verify(&msg, &Signature::from_bytes(&sig)).is_ok(), strict);
        }
    }
}

proptest! {
    #![proptest_config(proptest_config(32, 256))]

    /// Signers with small-order components in A and R: our `verify_strict` accepts exactly
    /// when the cofactorless equation holds, and so does ed25519-dalek's; `verify`
    /// (cofactored) always accepts.
    #[test]
    fn same_strict_verdict_on_mixed_order_signers(
        seed in any::<u64>(),
        t_a in 0u64..8,
        t_r in 0u64..8,
        msg in proptest::collection::vec(any::<u8>(), 0..64),
    ) {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let (pk, sig, holds) = mixed_order_signature(&mut rng, &msg, t_a, t_r);
        prop_assert_eq!(our_strict(&pk, &msg, &sig), holds);
        prop_assert_eq!(dalek_strict(&pk, &msg, &sig), holds);
        let vk = VerifyingKey::from_bytes(&pk).expect("valid");
        prop_assert!(vk.verify(&msg, &Signature::from_bytes(&sig)).is_ok());
    }
}

#[test]
fn generate_matches_dalek_for_the_same_seed() {
    let mut rng = rand::rng();
    for _ in 0..8 {
        let key = SigningKey::generate(&mut rng);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&key.to_bytes());
        assert_eq!(
            key.verifying_key().to_bytes(),
            theirs.verifying_key().to_bytes()
        );
        assert_eq!(
            key.sign(b"tour").to_bytes(),
            theirs.sign(b"tour").to_bytes()
        );
    }
}

/// Every edge-case vector (ZIP-215 196, speccheck 12, CCTV 914, Wycheproof 151 with a
/// 64-byte signature): our `verify_strict` and ed25519-dalek's agree.
#[test]
fn strict_agrees_with_dalek_on_edge_cases() {
    let mut inputs: Vec<([u8; 32], Vec<u8>, [u8; 64])> = vec![];
    for c in read_json("edge-cases/zip215/zip215.json")
        .as_array()
        .expect("array")
    {
        inputs.push((
            unhex_n(field(c, "vk_bytes")),
            b"Zcash".to_vec(),
            unhex_n(field(c, "sig_bytes")),
        ));
    }
    for c in read_json("edge-cases/speccheck/cases.json")
        .as_array()
        .expect("array")
    {
        inputs.push((
            unhex_n(field(c, "pub_key")),
            unhex(field(c, "message")),
            unhex_n(field(c, "signature")),
        ));
    }
    for c in read_json("edge-cases/cctv/ed25519vectors.json")
        .as_array()
        .expect("array")
    {
        inputs.push((
            unhex_n(field(c, "key")),
            field(c, "msg").as_bytes().to_vec(),
            unhex_n(field(c, "sig")),
        ));
    }
    let wycheproof = read_json("wycheproof/ed25519_test.json");
    for g in wycheproof["testGroups"].as_array().expect("groups") {
        let pk: [u8; 32] = unhex_n(field(&g["publicKey"], "pk"));
        for t in g["tests"].as_array().expect("tests") {
            if let Ok(sig) = <[u8; 64]>::try_from(unhex(field(t, "sig"))) {
                inputs.push((pk, unhex(field(t, "msg")), sig));
            }
        }
    }
    let mut accepted = 0;
    for (i, (pk, msg, sig)) in inputs.iter().enumerate() {
        let ours = our_strict(pk, msg, sig);
        assert_eq!(ours, dalek_strict(pk, msg, sig), "input {i}");
        accepted += usize::from(ours);
    }
    // 196 + 12 + 914 + the Wycheproof cases with 64-byte signatures.
    assert!(inputs.len() > 196 + 12 + 914 + 100);
    assert!(accepted > 43);
}

// docs/migrating.md's claims about ed25519-dalek's `verify`, checked
// against its behaviour.

/// k = SHA-512(R || A || M) mod l, to build signatures by hand.
fn challenge(r: &[u8; 32], a: &[u8; 32], msg: &[u8]) -> edwards25519::Scalar {
    use sha2::{Digest, Sha512};
    let h: [u8; 64] = Sha512::new()
        .chain_update(r)
        .chain_update(a)
        .chain_update(msg)
        .finalize()
        .into();
    edwards25519::Scalar::from_bytes_mod_order_wide(&h)
}

/// A signature whose R is the identity, under the secret `a`: S = k·a, so
/// [S]B = R + [k]A holds for the identity R, whichever encoding of it `r_bytes` is.
fn identity_r_signature(r_bytes: [u8; 32], msg: &[u8]) -> ([u8; 32], [u8; 64]) {
    use edwards25519::{Point, Scalar};
    let a = Scalar::from_bytes_mod_order([0x35; 32]);
    let a_bytes = Point::mul_base(&a).to_bytes();
    let s = challenge(&r_bytes, &a_bytes, msg) * a;
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&r_bytes);
    sig[32..].copy_from_slice(&s.to_bytes());
    (a_bytes, sig)
}

fn dalek_verify(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> bool {
    ed25519_dalek::VerifyingKey::from_bytes(key)
        .expect("a valid key")
        .verify(msg, &ed25519_dalek::Signature::from_bytes(sig))
        .is_ok()
}

/// ed25519-dalek's `verify` rejects a non-canonical encoding of R: it compares the
/// encoding of the recomputed R with the received bytes. Ours (ZIP-215) accepts it.
#[test]
fn dalek_verify_rejects_non_canonical_r() {
    let msg = b"non-canonical R";
    // Control: the canonical encoding of the identity (y = 1) passes dalek's verify.
    let mut canonical = [0u8; 32];
    canonical[0] = 1;
    let (key, sig) = identity_r_signature(canonical, msg);
    assert!(dalek_verify(&key, msg, &sig));
    assert!(
        VerifyingKey::from_bytes(&key)
            .expect("key")
            .verify(msg, &Signature::from_bytes(&sig))
            .is_ok()
    );
    // The same point encoded with y = p + 1: dalek rejects, ZIP-215 accepts, strict
    // rejects.
    let mut non_canonical = [0xffu8; 32];
    non_canonical[0] = 0xee;
    non_canonical[31] = 0x7f;
    let (key, sig) = identity_r_signature(non_canonical, msg);
    assert!(!dalek_verify(&key, msg, &sig));
    let vk = VerifyingKey::from_bytes(&key).expect("key");
    assert_eq!(vk.verify(msg, &Signature::from_bytes(&sig)), Ok(()));
    assert_eq!(
        vk.verify_strict(msg, &Signature::from_bytes(&sig)),
        Err(edwards25519::ed25519::Error::NonCanonicalR)
    );
}

/// ed25519-dalek's `verify` is cofactorless: a signature whose R has a torsion
/// component fails there and passes our cofactored (ZIP-215) `verify`.
#[test]
fn dalek_verify_is_cofactorless() {
    let mut rng = rand::rng();
    let msg = b"cofactor";
    // t_a = 0: A torsion-free; t_r = 1: R = [r]B + T with T of order 8.
    let (key, sig, _) = mixed_order_signature(&mut rng, msg, 0, 1);
    assert!(!dalek_verify(&key, msg, &sig));
    let vk = VerifyingKey::from_bytes(&key).expect("key");
    assert_eq!(vk.verify(msg, &Signature::from_bytes(&sig)), Ok(()));
}

/// The migration table's `clamp_integer` then `from_bytes_mod_order` is our
/// `from_bytes_with_clamping`.
#[test]
fn dalek_clamping_matches_from_bytes_with_clamping() {
    for i in 0u8..32 {
        let bytes = [i.wrapping_mul(59) ^ 0xc3; 32];
        let theirs = curve25519_dalek::Scalar::from_bytes_mod_order(
            curve25519_dalek::scalar::clamp_integer(bytes),
        );
        let ours = edwards25519::Scalar::from_bytes_with_clamping(bytes);
        assert_eq!(ours.to_bytes(), theirs.to_bytes());
    }
}
