//! The Ed25519 API's promises beyond the vectors: no panics on any bytes, typed errors,
//! secrets kept out of `Debug`, bytes kept as given, and the `signature` feature's traits.
#![cfg(feature = "ed25519")]

use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey};
use edwards25519::{DecodeError, Point};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 256 } else { 4096 }))]

    /// Any 32-byte key and 64-byte signature: no panic, a typed error or Ok, and strict
    /// acceptance implies ZIP-215 acceptance.
    #[test]
    fn arbitrary_bytes_never_panic(key in any::<[u8; 32]>(), r in any::<[u8; 32]>(), s in any::<[u8; 32]>(), msg in proptest::collection::vec(any::<u8>(), 0..40)) {
        let sig = Signature::from_components(r, s);
        match VerifyingKey::from_bytes(&key) {
            Ok(vk) => {
                prop_assert_eq!(vk.to_bytes(), key);
                let zip215 = vk.verify(&msg, &sig);
                let strict = vk.verify_strict(&msg, &sig);
                prop_assert!(strict.is_err() || zip215.is_ok());
                // Random bytes are never a valid signature.
                prop_assert!(zip215.is_err());
            }
            Err(e) => {
                prop_assert!(matches!(e, Error::InvalidPublicKey(_)));
                prop_assert!(Point::from_bytes(&key).is_err());
            }
        }
    }

    /// S >= l is rejected by both rules before anything else, even when S - l would
    /// make the signature valid.
    #[test]
    fn s_plus_l_is_rejected(seed in any::<[u8; 32]>(), msg in proptest::collection::vec(any::<u8>(), 0..40)) {
        let key = SigningKey::from_seed(&seed);
        let sig = key.sign(&msg);
        let mut s = *sig.s_bytes();
        // s + l (l < 2^253 and s < l, so no carry out of 256 bits).
        let l: [u8; 32] = [
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
            0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
        ];
        let mut carry = 0u16;
        for (si, li) in s.iter_mut().zip(l) {
            let t = u16::from(*si) + u16::from(li) + carry;
            *si = t as u8;
            carry = t >> 8;
        }
        let bad = Signature::from_components(*sig.r_bytes(), s);
        let vk = key.verifying_key();
        prop_assert_eq!(vk.verify(&msg, &sig), Ok(()));
        prop_assert_eq!(vk.verify(&msg, &bad), Err(Error::NonCanonicalS));
        prop_assert_eq!(vk.verify_strict(&msg, &bad), Err(Error::NonCanonicalS));
    }
}

#[test]
fn debug_does_not_print_secrets() {
    let seed = [0x3cu8; 32];
    let key = SigningKey::from_seed(&seed);
    let shown = format!("{key:?} {key:#?}");
    assert!(!shown.contains(&hex::encode(seed)));
    assert!(!shown.contains("3c3c3c"));
    assert!(shown.contains(&hex::encode(key.verifying_key().to_bytes())));
}

#[test]
fn signing_key_is_zeroize_on_drop() {
    fn assert_zeroize_on_drop<T: zeroize::ZeroizeOnDrop>() {}
    assert_zeroize_on_drop::<SigningKey>();
}

#[test]
fn signing_is_deterministic_and_keys_round_trip() {
    let key = SigningKey::from_seed(&[5; 32]);
    assert_eq!(key.to_bytes(), [5; 32]);
    assert_eq!(key.sign(b"m"), key.sign(b"m"));
    assert_ne!(key.sign(b"m"), key.sign(b"n"));
    assert_eq!(SigningKey::from(&[5; 32]), key);
    assert_ne!(SigningKey::from_seed(&[6; 32]), key);
    let vk = VerifyingKey::from(&key);
    assert_eq!(VerifyingKey::from_bytes(&vk.to_bytes()), Ok(vk));
    assert_eq!(VerifyingKey::from_point(&vk.to_point()), vk);
    assert_eq!(
        Point::from(vk),
        Point::mul_base(&edwards25519::Scalar::ZERO) + vk.to_point()
    );
    let sig = key.sign(b"m");
    assert_eq!(Signature::from_bytes(&sig.to_bytes()), sig);
    assert_eq!(Signature::try_from(&sig.to_bytes()[..]), Ok(sig));
    assert_eq!(
        Signature::try_from(&sig.to_bytes()[..63]),
        Err(Error::InvalidLength {
            expected: 64,
            actual: 63
        })
    );
    assert_eq!(<[u8; 64]>::from(sig), sig.to_bytes());
    assert!(format!("{sig:?}").contains(&hex::encode(sig.to_bytes())));
}

#[test]
fn generate_uses_the_rng() {
    let mut rng = rand::rng();
    let a = SigningKey::generate(&mut rng);
    let b = SigningKey::generate(&mut rng);
    assert_ne!(a.verifying_key(), b.verifying_key());
    let sig = a.sign(b"x");
    assert_eq!(a.verifying_key().verify(b"x", &sig), Ok(()));
}

#[test]
fn non_canonical_key_bytes_are_kept_and_hashed_as_given() {
    // y = p + 1: a non-canonical encoding of the identity, accepted by from_bytes.
    let mut enc = [0xffu8; 32];
    enc[0] = 0xee;
    enc[31] = 0x7f;
    let vk = VerifyingKey::from_bytes(&enc).expect("accepted like Point::from_bytes");
    assert_eq!(vk.to_bytes(), enc);
    assert!(!vk.is_canonical());
    assert!(vk.is_weak());
    assert_eq!(vk.to_point(), Point::IDENTITY);
    // With A = identity, (R = identity, S = 0) satisfies both equations; strict rejects
    // the key's encoding first.
    let sig = Signature::from_components(Point::IDENTITY.to_bytes(), [0; 32]);
    assert_eq!(vk.verify(b"anything", &sig), Ok(()));
    assert_eq!(
        vk.verify_strict(b"anything", &sig),
        Err(Error::NonCanonicalPublicKey)
    );
    let canonical = VerifyingKey::from_point(&Point::IDENTITY);
    assert_eq!(
        canonical.verify_strict(b"anything", &sig),
        Err(Error::SmallOrderPublicKey)
    );
    assert_ne!(canonical, vk);
}

#[test]
fn errors_display_and_source() {
    use core::error::Error as _;
    let all = [
        Error::InvalidPublicKey(DecodeError::NotOnCurve),
        Error::InvalidR(DecodeError::NotOnCurve),
        Error::NonCanonicalS,
        Error::NonCanonicalPublicKey,
        Error::NonCanonicalR,
        Error::SmallOrderPublicKey,
        Error::SmallOrderR,
        Error::EquationFailed,
        Error::BatchLengthMismatch,
        Error::InvalidLength {
            expected: 32,
            actual: 31,
        },
        Error::KeypairMismatch,
        Error::InvalidHexLength {
            expected: 64,
            actual: 2,
        },
        Error::InvalidHexDigit { index: 3 },
    ];
    let texts: Vec<String> = all.iter().map(|e| e.to_string()).collect();
    for (i, t) in texts.iter().enumerate() {
        assert!(!t.is_empty());
        assert!(!texts[..i].contains(t), "duplicate message {t}");
    }
    assert!(all[0].source().is_some() && all[1].source().is_some());
    // A printed chain names each cause once: the message leaves it to source().
    for e in &all {
        if let Some(cause) = e.source() {
            assert!(!e.to_string().contains(&cause.to_string()), "{e}");
        }
    }
    assert!(all[2].source().is_none());
}

#[cfg(feature = "signature")]
#[test]
fn signature_crate_traits() {
    use signature::{Keypair, SignatureEncoding, Signer, Verifier};
    let key = SigningKey::from_seed(&[8; 32]);
    let ours: Signature = Signer::<Signature>::sign(&key, b"msg");
    let theirs: ed25519::Signature = key.sign(b"msg").into();
    assert_eq!(theirs.to_bytes(), ours.to_bytes());
    let via_trait: ed25519::Signature = Signer::<ed25519::Signature>::sign(&key, b"msg");
    assert_eq!(via_trait, theirs);
    assert_eq!(Signature::from(theirs), ours);
    let vk = Keypair::verifying_key(&key);
    assert!(Verifier::<Signature>::verify(&vk, b"msg", &ours).is_ok());
    assert!(Verifier::<ed25519::Signature>::verify(&vk, b"msg", &theirs).is_ok());
    assert!(Verifier::<Signature>::verify(&vk, b"other", &ours).is_err());
    assert!(Verifier::<ed25519::Signature>::verify(&vk, b"other", &theirs).is_err());
    assert_eq!(SignatureEncoding::to_bytes(&ours), ours.to_bytes());
    assert_eq!(ours.encoded_len(), 64);
    // ed25519-dalek verifies what the trait produced.
    let dalek_vk = ed25519_dalek::VerifyingKey::from_bytes(&vk.to_bytes()).expect("valid");
    assert!(dalek_vk.verify_strict(b"msg", &via_trait).is_ok());
}
