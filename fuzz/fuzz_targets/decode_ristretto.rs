//! `RistrettoPoint::from_bytes` and `ct_from_bytes` on arbitrary bytes, against
//! curve25519-dalek's `CompressedRistretto::decompress`, and `from_uniform_bytes` against
//! dalek's:
//!
//! - the decoder accepts exactly when dalek does, and gives dalek's element;
//! - an accepted input is its element's one encoding (re-encoding gives the input back);
//! - a rejection says why, and the reason is checked on the bytes themselves with
//!   num-bigint: bit 255 set or s >= p, else s odd, else no element has the encoding;
//! - `ct_from_bytes` gives the same verdict and element;
//! - a mapped element decodes from its encoding, and equality agrees with equality of
//!   encodings;
//! - `double_and_encode_batch` of the mapped and the decoded element gives dalek's
//!   `double_and_compress_batch`.
#![no_main]

use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint as DRistretto};
use edwards25519::DecodeError;
use edwards25519::ristretto::RistrettoPoint;
use edwards25519_fuzz::Input;
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let bytes = input.take::<32>();
    let uniform = input.take::<64>();

    let ours = RistrettoPoint::from_bytes(&bytes);
    let theirs = CompressedRistretto(bytes).decompress();
    assert_eq!(ours.is_ok(), theirs.is_some(), "verdict on {bytes:02x?}");
    let ct = RistrettoPoint::ct_from_bytes(&bytes);
    assert_eq!(bool::from(ct.is_some()), ours.is_ok());

    match ours {
        Ok(p) => {
            assert_eq!(p.to_bytes(), bytes, "re-encoding");
            assert_eq!(
                theirs.expect("checked").compress().to_bytes(),
                bytes,
                "dalek's element"
            );
            assert_eq!(ct.into_option(), Some(p));
        }
        Err(e) => {
            let p = BigUint::from(1u8) << 255u32;
            let p = p - BigUint::from(19u8);
            let s = BigUint::from_bytes_le(&bytes);
            let want = if s >= p {
                // Also covers bit 255 set: then s >= 2^255 > p.
                DecodeError::NonCanonicalFieldElement
            } else if bytes[0] & 1 == 1 {
                DecodeError::NegativeFieldElement
            } else {
                DecodeError::InvalidRistrettoEncoding
            };
            assert_eq!(e, want, "reason for {bytes:02x?}");
        }
    }

    // The one-way map: the same element as dalek's. Each element has four Edwards
    // representatives, so equality must compare classes: it agrees with equality of
    // the (unique) encodings.
    let mapped = RistrettoPoint::from_uniform_bytes(&uniform);
    let dalek_mapped = DRistretto::from_uniform_bytes(&uniform);
    let mapped_bytes = mapped.to_bytes();
    assert_eq!(
        mapped_bytes,
        dalek_mapped.compress().to_bytes(),
        "from_uniform_bytes"
    );
    assert_eq!(RistrettoPoint::from_bytes(&mapped_bytes), Ok(mapped));
    if let Ok(p) = ours {
        assert_eq!(p == mapped, bytes == mapped_bytes, "equality");
    }

    // The batched double-and-encode of the elements above against dalek's.
    let mut batch = vec![mapped];
    let mut dalek_batch = vec![dalek_mapped];
    if let (Ok(p), Some(q)) = (ours, theirs) {
        batch.push(p);
        dalek_batch.push(q);
    }
    let dalek_doubles: Vec<[u8; 32]> = DRistretto::double_and_compress_batch(&dalek_batch)
        .iter()
        .map(|c| c.to_bytes())
        .collect();
    assert_eq!(
        RistrettoPoint::double_and_encode_batch(&batch),
        dalek_doubles,
        "double_and_encode_batch"
    );
});
