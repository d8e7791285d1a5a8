//! serde of the X25519 types against x25519-dalek 3 (its `serde` feature), black-box:
//! in bincode 1, postcard, CBOR and JSON, our `PublicKey` and `StaticSecret` write the
//! bytes x25519-dalek writes (pinned: a 32-tuple of the bytes as given), each side reads
//! what the other wrote, and a short, truncated or overlong encoding is an error or,
//! where the format leaves trailing bytes unread, the key of the first 32.
#![cfg(all(feature = "serde", feature = "ed25519"))]

use crate::serde_dalek::{FORMATS, Format, de, ser, tuple};
use edwards25519::x25519::{PublicKey, StaticSecret};
use serde::Serialize;

/// Key bytes: edge values (0, all ones: u >= p with bit 255 set, not clamped) and small
/// first bytes, which look like length prefixes.
fn keys() -> impl Iterator<Item = [u8; 32]> {
    (0u8..12).map(|i| match i {
        0 => [0u8; 32],
        1 => [0xffu8; 32],
        _ => {
            let mut k = [i.wrapping_mul(53) ^ 0x3c; 32];
            k[0] = i;
            k[31] = 0x80 | i;
            k
        }
    })
}

#[test]
fn dalek_shapes_pinned() {
    let k = [0x42u8; 32];
    for f in FORMATS {
        let want = tuple(f, &k);
        assert_eq!(ser(f, &x25519_dalek::PublicKey::from(k)), want, "{f:?}");
        assert_eq!(ser(f, &x25519_dalek::StaticSecret::from(k)), want, "{f:?}");
        assert_eq!(ser(f, &PublicKey::from(k)), want, "{f:?}");
        assert_eq!(ser(f, &StaticSecret::from(k)), want, "{f:?}");
    }
}

#[test]
fn same_bytes_both_ways() {
    for f in FORMATS {
        for k in keys() {
            let (p, dp) = (PublicKey::from(k), x25519_dalek::PublicKey::from(k));
            let bytes = ser(f, &p);
            assert_eq!(bytes, ser(f, &dp), "{f:?}");
            let back: PublicKey = de(f, &ser(f, &dp)).expect("ours reads dalek's");
            assert_eq!(back.to_bytes(), k, "{f:?}: as given, not reduced");
            let dback: x25519_dalek::PublicKey = de(f, &bytes).expect("dalek reads ours");
            assert_eq!(dback.to_bytes(), k);

            let (s, ds) = (StaticSecret::from(k), x25519_dalek::StaticSecret::from(k));
            let bytes = ser(f, &s);
            assert_eq!(bytes, ser(f, &ds), "{f:?}");
            let back: StaticSecret = de(f, &ser(f, &ds)).expect("ours reads dalek's");
            assert_eq!(back.to_bytes(), k, "{f:?}: not clamped");
            let dback: x25519_dalek::StaticSecret = de(f, &bytes).expect("dalek reads ours");
            assert_eq!(dback.to_bytes(), k);
        }
    }
}

/// A tuple of any length (serde's arrays stop at 32).
struct Tuple(Vec<u8>);

impl Serialize for Tuple {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let mut t = s.serialize_tuple(self.0.len())?;
        for b in &self.0 {
            t.serialize_element(b)?;
        }
        t.end()
    }
}

/// Our key and x25519-dalek's from the same encoding (None: an error), each the same
/// for `PublicKey` and `StaticSecret`.
fn answers(f: Format, bytes: &[u8]) -> (Option<[u8; 32]>, Option<[u8; 32]>) {
    let ours = de::<PublicKey>(f, bytes).ok().map(|p| p.to_bytes());
    let s_ours = de::<StaticSecret>(f, bytes).ok().map(|s| s.to_bytes());
    assert_eq!(ours, s_ours, "{f:?} {bytes:02x?}");
    let theirs = de::<x25519_dalek::PublicKey>(f, bytes)
        .ok()
        .map(|p| p.to_bytes());
    let s_theirs = de::<x25519_dalek::StaticSecret>(f, bytes)
        .ok()
        .map(|s| s.to_bytes());
    assert_eq!(theirs, s_theirs, "{f:?} {bytes:02x?}");
    (ours, theirs)
}

/// Short and truncated encodings are errors in both libraries. A 33-tuple: bincode 1
/// and postcard read 32 bytes and leave the rest, in both; in CBOR and JSON ours
/// refuses it (x25519-dalek reads the CBOR array's first 32 bytes: never a different
/// key than those).
#[test]
fn wrong_lengths_are_errors() {
    let k: Vec<u8> = (1..=33).collect();
    let first32: [u8; 32] = k[..32].try_into().expect("32");
    for f in FORMATS {
        for len in [0, 1, 31] {
            let short = ser(f, &Tuple(k[..len].to_vec()));
            assert_eq!(answers(f, &short), (None, None), "{f:?}: {len}-tuple");
        }
        let whole = ser(f, &Tuple(k[..32].to_vec()));
        assert_eq!(answers(f, &whole), (Some(first32), Some(first32)), "{f:?}");
        let truncated = &whole[..whole.len() - 1];
        assert_eq!(answers(f, truncated), (None, None), "{f:?}: truncated");
        let (ours, theirs) = answers(f, &ser(f, &Tuple(k.clone())));
        assert!(theirs.is_none() || theirs == Some(first32), "{f:?}");
        match f {
            Format::Cbor | Format::Json => assert_eq!(ours, None, "{f:?}"),
            Format::Bincode | Format::Postcard => assert_eq!(ours, Some(first32), "{f:?}"),
        }
    }
}
