//! `VerifyingKey::verify_strict` against ed25519-dalek's `verify_strict`, on raw
//! bytes and on signatures made here with small-order components (see
//! `edwards25519_fuzz::read_case`). Also: whatever strict accepts, ZIP-215 `verify`
//! accepts; the precomputed key gives the same verdicts.
//!
//! One difference is by design: we reject a non-canonical A (RFC 8032 decoding), while
//! ed25519-dalek decodes A leniently. Only points with y < 19 or x = 0 have such an
//! encoding, so no one can sign for such a key of large order (x = 0 points are small
//! order, rejected by both); the target still models it.
#![no_main]

use edwards25519::ed25519::{Error, VerifyingKey};
use edwards25519_fuzz::{Input, read_case};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let case = read_case(&mut Input(data), None);
    let sig = case.signature();
    let dalek = match ed25519_dalek::VerifyingKey::from_bytes(&case.key) {
        Ok(vk) => vk
            .verify_strict(case.msg, &ed25519_dalek::Signature::from_bytes(&case.sig))
            .is_ok(),
        Err(_) => false,
    };
    let Ok(key) = VerifyingKey::from_bytes(&case.key) else {
        assert!(!dalek, "ed25519-dalek accepts a key we cannot decode");
        return;
    };
    let ours = key.verify_strict(case.msg, &sig);
    if key.is_canonical() {
        assert_eq!(ours.is_ok(), dalek, "verify_strict: ours {ours:?}");
    } else {
        assert!(
            matches!(
                ours,
                Err(Error::NonCanonicalS | Error::NonCanonicalPublicKey)
            ),
            "{ours:?}"
        );
    }
    if ours.is_ok() {
        assert_eq!(
            key.verify(case.msg, &sig),
            Ok(()),
            "strict accepts, ZIP-215 rejects"
        );
    }
    assert_eq!(key.precompute().verify_strict(case.msg, &sig), ours);
});
