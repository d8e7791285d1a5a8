//! `VerifyingKey::verify` (ZIP-215) against `edwards25519_fuzz::zip215_model` (the rule
//! written with the group's fixed-base and variable-base multiplications, not the
//! double-base product verification uses), on raw bytes and on signatures made here
//! with small-order and non-canonical components; the precomputed key, the slice of
//! one through `verify_batch`, and the error kinds must agree too.
#![no_main]

use edwards25519::ed25519::{Error, VerifyingKey, verify_batch};
use edwards25519_fuzz::{Input, read_case, zip215_model};
use libfuzzer_sys::fuzz_target;
use rand::SeedableRng;
use rand::rngs::StdRng;

fuzz_target!(|data: &[u8]| {
    let case = read_case(&mut Input(data), None);
    let sig = case.signature();
    let want = zip215_model(&case.key, &case.sig, case.msg);
    let Ok(key) = VerifyingKey::from_bytes(&case.key) else {
        assert!(!want);
        return;
    };
    let ours = key.verify(case.msg, &sig);
    assert_eq!(ours.is_ok(), want, "verify: ours {ours:?}");
    if let Err(e) = ours {
        assert!(
            matches!(
                e,
                Error::NonCanonicalS | Error::InvalidR(_) | Error::EquationFailed
            ),
            "{e:?}"
        );
    }
    assert_eq!(key.precompute().verify(case.msg, &sig), ours);
    let mut rng = StdRng::seed_from_u64(0);
    assert_eq!(verify_batch(&[case.msg], &[sig], &[key], &mut rng), ours);
});
