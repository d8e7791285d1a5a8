//! `Point::from_bytes` (lenient, ZIP-215) and `Point::from_canonical_bytes` (strict,
//! RFC 8032) on arbitrary bytes, against each other and against curve25519-dalek's
//! `decompress`:
//!
//! - lenient accepts exactly when dalek does, and gives dalek's point (same canonical
//!   encoding);
//! - a lenient result re-encodes to the canonical form of the same point, which the
//!   strict decoder accepts and maps to the same point;
//! - strict accepts exactly when lenient does and the input is that canonical form,
//!   and its errors say why (y >= p, not on the curve, -0).
#![no_main]

use curve25519_dalek::edwards::CompressedEdwardsY;
use edwards25519::{DecodeError, Point};
use edwards25519_fuzz::Input;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let bytes = Input(data).take::<32>();
    let lenient = Point::from_bytes(&bytes);
    let strict = Point::from_canonical_bytes(&bytes);
    let dalek = CompressedEdwardsY(bytes).decompress();

    assert_eq!(
        lenient.is_ok(),
        dalek.is_some(),
        "lenient verdict {bytes:02x?}"
    );
    match lenient {
        Ok(p) => {
            let enc = p.to_bytes();
            assert_eq!(enc, dalek.expect("checked").compress().to_bytes(), "value");
            assert_eq!(Point::from_canonical_bytes(&enc), Ok(p), "canonical form");
            assert_eq!(Point::from_bytes(&enc), Ok(p));
            if enc == bytes {
                assert_eq!(strict, Ok(p));
            } else {
                // A non-canonical encoding: y >= p, or x = 0 with the sign bit set.
                let mut y = bytes;
                y[31] &= 0x7f;
                let mut y_enc = enc;
                y_enc[31] &= 0x7f;
                let want = if y != y_enc {
                    DecodeError::NonCanonicalY
                } else {
                    DecodeError::NonCanonicalSign
                };
                assert_eq!(strict, Err(want), "strict on {bytes:02x?}");
            }
        }
        Err(e) => {
            assert_eq!(e, DecodeError::NotOnCurve);
            // Strict fails too, for y >= p or for the same reason.
            assert!(matches!(
                strict,
                Err(DecodeError::NonCanonicalY | DecodeError::NotOnCurve)
            ));
        }
    }
});
