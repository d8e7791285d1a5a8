//! `VerifyingKey::from_bytes` (and the slice `TryFrom`) on arbitrary bytes: accepts
//! exactly when `Point::from_bytes` does, keeps the bytes as given, `is_canonical`
//! agrees with the strict decoder, `is_weak` with curve25519-dalek's small-order test,
//! and ed25519-dalek accepts the same keys.
#![no_main]

use edwards25519::Point;
use edwards25519::ed25519::{Error, VerifyingKey};
use edwards25519_fuzz::Input;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Any length through the slice conversion.
    match VerifyingKey::try_from(data) {
        Ok(k) => assert_eq!(k.as_bytes().as_slice(), data),
        Err(Error::InvalidLength { expected, actual }) => {
            assert_eq!((expected, actual), (32, data.len()));
        }
        Err(e) => {
            assert_eq!(data.len(), 32, "{e:?}");
            assert!(matches!(e, Error::InvalidPublicKey(_)));
        }
    }

    let bytes = Input(data).take::<32>();
    let key = VerifyingKey::from_bytes(&bytes);
    let point = Point::from_bytes(&bytes);
    let dalek = ed25519_dalek::VerifyingKey::from_bytes(&bytes);
    assert_eq!(key.is_ok(), point.is_ok());
    assert_eq!(
        key.is_ok(),
        dalek.is_ok(),
        "verdict vs ed25519-dalek {bytes:02x?}"
    );
    match (key, point) {
        (Ok(k), Ok(p)) => {
            assert_eq!(k.to_bytes(), bytes);
            assert_eq!(k.to_point(), p);
            assert_eq!(
                k.is_canonical(),
                Point::from_canonical_bytes(&bytes).is_ok()
            );
            assert_eq!(k.is_weak(), dalek.expect("checked").is_weak());
            assert_eq!(VerifyingKey::from_point(&p).to_bytes(), p.to_bytes());
        }
        (Err(Error::InvalidPublicKey(e)), Err(pe)) => assert_eq!(e, pe),
        (k, p) => panic!("key {k:?} vs point {p:?}"),
    }
});
