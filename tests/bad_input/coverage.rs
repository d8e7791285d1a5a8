//! The strategies reach every reason, so the properties check each error variant.

use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey, verify_batch};
use edwards25519::{DecodeError, Point};
use proptest::collection::vec;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

#[allow(unused_imports)]
use crate::common;
use crate::ed25519::*;
use crate::group::*;
use crate::strategies::*;

/// `n` values drawn from a strategy (deterministic runner).
fn sample<S: Strategy>(strategy: S, n: usize) -> Vec<S::Value> {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    (0..n)
        .map(|_| {
            strategy
                .new_tree(&mut runner)
                .expect("strategy produces values")
                .current()
        })
        .collect()
}

#[test]
fn strategies_reach_every_reason() {
    use std::collections::HashSet;
    let n = if cfg!(debug_assertions) { 600 } else { 3_000 };

    let strict: HashSet<_> = sample(point_bytes(), n)
        .iter()
        .map(|b| Point::from_canonical_bytes(b).err())
        .collect();
    for e in [
        None,
        Some(DecodeError::NotOnCurve),
        Some(DecodeError::NonCanonicalY),
        Some(DecodeError::NonCanonicalSign),
    ] {
        assert!(strict.contains(&e), "point_bytes never gives {e:?}");
    }

    let extended: HashSet<_> = sample(coordinates(), n)
        .into_iter()
        .map(|[x, y, z, t]| Point::from_extended_coordinates(x, y, z, t).err())
        .collect();
    for e in [
        None,
        Some(DecodeError::NotOnCurve),
        Some(DecodeError::InvalidCoordinates),
    ] {
        assert!(extended.contains(&e), "coordinates never give {e:?}");
    }

    let scalars = sample(bytes32(), n);
    let canonical = scalars.iter().filter(|b| lt(b, &L)).count();
    assert!(
        canonical > n / 10 && canonical < n - n / 10,
        "{canonical} of {n}"
    );

    // Keys and signatures built as in `verify_arbitrary_inputs`.
    let signer = SigningKey::from_seed(&[7; 32]);
    let real = signer.sign(b"m");
    // (Error is not Hash: plain vectors.)
    let mut strict_errors = vec![];
    let mut zip215_errors = vec![];
    let inputs = sample((key_choice(), r_choice(), s_choice()), 4 * n);
    for (k, r, s) in inputs {
        let key = match k {
            KeyChoice::Bytes(b) => b,
            KeyChoice::Real => signer.verifying_key().to_bytes(),
        };
        let Ok(vk) = VerifyingKey::from_bytes(&key) else {
            continue;
        };
        let r = match r {
            RChoice::Bytes(b) => b,
            RChoice::Real => *real.r_bytes(),
        };
        let s = match s {
            SChoice::Bytes(b) => b,
            SChoice::Real => *real.s_bytes(),
            SChoice::RealPlusL => add(real.s_bytes(), &L),
        };
        let sig = Signature::from_components(r, s);
        zip215_errors.push(vk.verify(b"m", &sig).err());
        strict_errors.push(vk.verify_strict(b"m", &sig).err());
    }
    for e in [
        None,
        Some(Error::NonCanonicalS),
        Some(Error::InvalidR(DecodeError::NotOnCurve)),
        Some(Error::EquationFailed),
    ] {
        assert!(zip215_errors.contains(&e), "verify never gives {e:?}");
    }
    for e in [
        None,
        Some(Error::NonCanonicalS),
        Some(Error::NonCanonicalPublicKey),
        Some(Error::SmallOrderPublicKey),
        Some(Error::InvalidR(DecodeError::NotOnCurve)),
        Some(Error::NonCanonicalR),
        Some(Error::SmallOrderR),
        Some(Error::EquationFailed),
    ] {
        assert!(
            strict_errors.contains(&e),
            "verify_strict never gives {e:?}"
        );
    }
}

#[test]
fn batch_strategy_reaches_every_outcome() {
    let n = if cfg!(debug_assertions) { 200 } else { 1_000 };
    let mut outcomes = vec![];
    let mut rng = StdRng::seed_from_u64(1);
    for (items, len) in sample((vec(batch_item(), 8), 0usize..8), n) {
        let messages: Vec<&[u8]> = items[..len].iter().map(|(m, _, _)| m.as_slice()).collect();
        let sigs: Vec<Signature> = items[..len].iter().map(|(_, s, _)| *s).collect();
        let keys: Vec<VerifyingKey> = items[..len].iter().map(|(_, _, k)| *k).collect();
        outcomes.push(verify_batch(&messages, &sigs, &keys, &mut rng).err());
    }
    for e in [
        None,
        Some(Error::NonCanonicalS),
        Some(Error::InvalidR(DecodeError::NotOnCurve)),
        Some(Error::EquationFailed),
    ] {
        assert!(outcomes.contains(&e), "batches never give {e:?}");
    }
}
