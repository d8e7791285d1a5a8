//! `Signature` from arbitrary bytes: any 64 bytes are kept as given (both halves in
//! place, `from_components` the same), a slice of another length is a typed error, and
//! ed25519-dalek reads the same R and S.
#![no_main]

use edwards25519::ed25519::{Error, Signature};
use edwards25519_fuzz::Input;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match Signature::try_from(data) {
        Ok(s) => assert_eq!(s.as_bytes().as_slice(), data),
        Err(e) => assert_eq!(
            e,
            Error::InvalidLength {
                expected: 64,
                actual: data.len()
            }
        ),
    }
    let bytes = Input(data).take::<64>();
    let sig = Signature::from_bytes(&bytes);
    assert_eq!(sig.to_bytes(), bytes);
    assert_eq!(sig.r_bytes()[..], bytes[..32]);
    assert_eq!(sig.s_bytes()[..], bytes[32..]);
    assert_eq!(
        Signature::from_components(*sig.r_bytes(), *sig.s_bytes()),
        sig
    );
    assert_eq!(Signature::from(bytes), sig);
    let theirs = ed25519_dalek::Signature::from_bytes(&bytes);
    assert_eq!(theirs.r_bytes(), sig.r_bytes());
    assert_eq!(theirs.s_bytes(), sig.s_bytes());
});
