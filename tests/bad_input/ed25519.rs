//! Ed25519 keys, signatures, verification and batch verification.

use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey, verify_batch};
use edwards25519::{DecodeError, Point, Scalar};
use proptest::collection::vec;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

#[allow(unused_imports)]
use crate::common;
use crate::strategies::*;

/// S encodings: arbitrary, canonical (reduced), or the real S, or the real S + l.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SChoice {
    Bytes([u8; 32]),
    Real,
    RealPlusL,
}

/// R encodings: arbitrary point encodings, or the real R.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RChoice {
    Bytes([u8; 32]),
    Real,
}

/// Keys: arbitrary point encodings, or the signer's key.
#[derive(Clone, Copy, Debug)]
pub(crate) enum KeyChoice {
    Bytes([u8; 32]),
    Real,
}

pub(crate) fn s_choice() -> impl Strategy<Value = SChoice> {
    prop_oneof![
        2 => bytes32().prop_map(SChoice::Bytes),
        1 => bytes32().prop_map(|b| SChoice::Bytes(Scalar::from_bytes_mod_order(b).to_bytes())),
        2 => Just(SChoice::Real),
        1 => Just(SChoice::RealPlusL),
    ]
}

pub(crate) fn r_choice() -> impl Strategy<Value = RChoice> {
    prop_oneof![point_bytes().prop_map(RChoice::Bytes), Just(RChoice::Real)]
}

pub(crate) fn key_choice() -> impl Strategy<Value = KeyChoice> {
    prop_oneof![
        point_bytes().prop_map(KeyChoice::Bytes),
        Just(KeyChoice::Real)
    ]
}

/// The documented `verify` verdict up to the equation: S, then R.
pub(crate) fn expected_verify(sig: &[u8; 64]) -> Result<(), Error> {
    let s: [u8; 32] = sig[32..].try_into().expect("32");
    let r: [u8; 32] = sig[..32].try_into().expect("32");
    if !lt(&s, &L) {
        return Err(Error::NonCanonicalS);
    }
    Point::from_bytes(&r).map_err(Error::InvalidR)?;
    Ok(())
}

/// The documented `verify_strict` verdict up to the equation: S, key canonical, key
/// small order, R decodes, R canonical, R small order.
pub(crate) fn expected_strict(key: &[u8; 32], sig: &[u8; 64]) -> Result<(), Error> {
    let s: [u8; 32] = sig[32..].try_into().expect("32");
    let r: [u8; 32] = sig[..32].try_into().expect("32");
    if !lt(&s, &L) {
        return Err(Error::NonCanonicalS);
    }
    let a = Point::from_canonical_bytes(key).map_err(|_| Error::NonCanonicalPublicKey)?;
    if a.is_small_order() {
        return Err(Error::SmallOrderPublicKey);
    }
    let rp = Point::from_bytes(&r).map_err(Error::InvalidR)?;
    if Point::from_canonical_bytes(&r).is_err() {
        return Err(Error::NonCanonicalR);
    }
    if rp.is_small_order() {
        return Err(Error::SmallOrderR);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn verifying_key_from_bytes_any(b in point_bytes()) {
        match VerifyingKey::from_bytes(&b) {
            Ok(vk) => {
                prop_assert_eq!(vk.to_bytes(), b);
                prop_assert_eq!(vk.as_bytes(), &b);
                let p = Point::from_bytes(&b).expect("the same rule as Point::from_bytes");
                prop_assert_eq!(vk.to_point(), p);
                prop_assert_eq!(vk.is_canonical(), Point::from_canonical_bytes(&b).is_ok());
                prop_assert_eq!(vk.is_weak(), p.is_small_order());
                // The key of the decoded point carries the canonical encoding.
                let canonical = VerifyingKey::from_point(&p);
                prop_assert_eq!(canonical.to_bytes(), p.to_bytes());
                prop_assert_eq!(canonical.to_point(), p);
            }
            Err(e) => {
                prop_assert_eq!(e, Error::InvalidPublicKey(DecodeError::NotOnCurve));
                prop_assert!(Point::from_bytes(&b).is_err());
            }
        }
        prop_assert_eq!(VerifyingKey::try_from(&b), VerifyingKey::from_bytes(&b));
    }

    /// Slices of any length: `InvalidLength` unless 32 (keys) or 64 (signatures) bytes.
    #[test]
    fn slices_of_any_length(v in vec(any::<u8>(), 0..140), b in point_bytes()) {
        let key = VerifyingKey::try_from(v.as_slice());
        let sig = Signature::try_from(v.as_slice());
        match v.len() {
            32 => prop_assert_eq!(key, VerifyingKey::from_bytes(&v.clone().try_into().expect("32"))),
            n => prop_assert_eq!(key, Err(Error::InvalidLength { expected: 32, actual: n })),
        }
        match v.len() {
            64 => prop_assert_eq!(sig.map(|s| s.to_bytes().to_vec()), Ok(v.clone())),
            n => prop_assert_eq!(sig, Err(Error::InvalidLength { expected: 64, actual: n })),
        }
        // A 32-byte slice of point bytes decodes like the array.
        prop_assert_eq!(VerifyingKey::try_from(&b[..]), VerifyingKey::from_bytes(&b));
    }

    /// Any 64 bytes are a `Signature`, kept as given; every constructor agrees.
    #[test]
    fn signature_from_bytes_any(b in bytes64()) {
        let sig = Signature::from_bytes(&b);
        prop_assert_eq!(sig.to_bytes(), b);
        prop_assert_eq!(&sig.r_bytes()[..], &b[..32]);
        prop_assert_eq!(&sig.s_bytes()[..], &b[32..]);
        let r: [u8; 32] = b[..32].try_into().expect("32");
        let s: [u8; 32] = b[32..].try_into().expect("32");
        prop_assert_eq!(Signature::from_components(r, s), sig);
        prop_assert_eq!(Signature::from(b), sig);
        prop_assert_eq!(Signature::from(&b), sig);
        prop_assert_eq!(<[u8; 64]>::from(sig), b);
    }

    /// Any 32-byte seed is a signing key, whose signatures verify under both rules.
    #[test]
    fn signing_key_from_any_seed(seed in bytes32(), msg in message()) {
        let key = SigningKey::from_seed(&seed);
        prop_assert_eq!(key.to_bytes(), seed);
        prop_assert_eq!(SigningKey::from(&seed).verifying_key(), key.verifying_key());
        let vk = key.verifying_key();
        prop_assert!(vk.is_canonical() && !vk.is_weak());
        let sig = key.sign(&msg);
        prop_assert_eq!(vk.verify(&msg, &sig), Ok(()));
        prop_assert_eq!(vk.verify_strict(&msg, &sig), Ok(()));
        prop_assert_eq!(VerifyingKey::from(&key), vk);
    }

    /// Keys, R, S and messages mixed from arbitrary bytes, edges and a real signature's
    /// parts: both rules return `Ok` or the first failing reason in the documented order
    /// (then `EquationFailed`); all-real parts verify; strict acceptance implies ZIP-215
    /// acceptance.
    #[test]
    fn verify_arbitrary_inputs(
        seed in any::<[u8; 32]>(),
        msg in message(),
        other_msg in prop::option::weighted(0.2, message()),
        key_c in key_choice(),
        r_c in r_choice(),
        s_c in s_choice(),
    ) {
        let signer = SigningKey::from_seed(&seed);
        let real = signer.sign(&msg);
        let key = match key_c {
            KeyChoice::Bytes(b) => b,
            KeyChoice::Real => signer.verifying_key().to_bytes(),
        };
        let r = match r_c {
            RChoice::Bytes(b) => b,
            RChoice::Real => *real.r_bytes(),
        };
        let s = match s_c {
            SChoice::Bytes(b) => b,
            SChoice::Real => *real.s_bytes(),
            SChoice::RealPlusL => add(real.s_bytes(), &L),
        };
        let sig = Signature::from_components(r, s);
        let replaced = other_msg.is_some();
        let msg = other_msg.unwrap_or(msg);
        let all_real = matches!((key_c, r_c, s_c), (KeyChoice::Real, RChoice::Real, SChoice::Real));
        let vk = match VerifyingKey::from_bytes(&key) {
            Ok(vk) => vk,
            Err(e) => {
                prop_assert_eq!(e, Error::InvalidPublicKey(DecodeError::NotOnCurve));
                prop_assert!(Point::from_bytes(&key).is_err());
                return Ok(());
            }
        };
        let sig_bytes = sig.to_bytes();
        let zip215 = vk.verify(&msg, &sig);
        let strict = vk.verify_strict(&msg, &sig);
        match expected_verify(&sig_bytes) {
            Err(e) => prop_assert_eq!(zip215, Err(e)),
            Ok(()) => prop_assert!(zip215 == Ok(()) || zip215 == Err(Error::EquationFailed), "{:?}", zip215),
        }
        match expected_strict(&key, &sig_bytes) {
            Err(e) => prop_assert_eq!(strict, Err(e)),
            Ok(()) => prop_assert!(strict == Ok(()) || strict == Err(Error::EquationFailed), "{:?}", strict),
        }
        if strict.is_ok() {
            prop_assert_eq!(zip215, Ok(()));
        }
        if all_real && !replaced {
            prop_assert_eq!(zip215, Ok(()));
            prop_assert_eq!(strict, Ok(()));
        }
    }
}

/// One batch item: message, signature, key; valid or not.
pub(crate) fn batch_item() -> impl Strategy<Value = (Vec<u8>, Signature, VerifyingKey)> {
    (
        any::<[u8; 32]>(),
        message(),
        0u8..6,
        point_bytes(),
        bytes32(),
    )
        .prop_map(|(seed, msg, kind, pb, sb)| {
            let signer = SigningKey::from_seed(&seed);
            let sig = signer.sign(&msg);
            let vk = signer.verifying_key();
            match kind {
                // Valid (half the items).
                0..=2 => (msg, sig, vk),
                // Arbitrary R or S.
                3 => (msg, Signature::from_components(pb, *sig.s_bytes()), vk),
                4 => (msg, Signature::from_components(*sig.r_bytes(), sb), vk),
                // Arbitrary key (when it decodes), same signature.
                _ => (msg, sig, VerifyingKey::from_bytes(&pb).unwrap_or(vk)),
            }
        })
}

proptest! {
    #![proptest_config(config())]

    /// Slices of arbitrary lengths 0..8: different lengths are `BatchLengthMismatch`;
    /// equal lengths give the first item's S or R error, else `EquationFailed` if any
    /// item fails `verify`, else `Ok` (and an empty batch is `Ok`). Never a panic.
    #[test]
    fn verify_batch_arbitrary_lengths(
        items in vec(batch_item(), 8),
        nm in 0usize..8,
        ns in 0usize..8,
        nk in 0usize..8,
        equal in any::<bool>(),
        rng_seed in any::<u64>(),
    ) {
        let (ns, nk) = if equal { (nm, nm) } else { (ns, nk) };
        let messages: Vec<&[u8]> = items[..nm].iter().map(|(m, _, _)| m.as_slice()).collect();
        let sigs: Vec<Signature> = items[..ns].iter().map(|(_, s, _)| *s).collect();
        let keys: Vec<VerifyingKey> = items[..nk].iter().map(|(_, _, k)| *k).collect();
        let mut rng = StdRng::seed_from_u64(rng_seed);
        let got = verify_batch(&messages, &sigs, &keys, &mut rng);
        if nm != ns || nm != nk {
            prop_assert_eq!(got, Err(Error::BatchLengthMismatch));
        } else {
            let singles: Vec<Result<(), Error>> = items[..nm].iter().map(|(m, s, k)| k.verify(m, s)).collect();
            let expected = singles
                .iter()
                .find_map(|r| match r {
                    Err(e @ (Error::NonCanonicalS | Error::InvalidR(_))) => Some(Err(*e)),
                    _ => None,
                })
                .unwrap_or(if singles.iter().all(Result::is_ok) { Ok(()) } else { Err(Error::EquationFailed) });
            prop_assert_eq!(got, expected, "singles {:?}", singles);
        }
    }
}
