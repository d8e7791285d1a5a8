//! serde of the X25519 types against x25519-dalek 3 (its `serde` feature), black-box:
//! in bincode 1, postcard, CBOR and JSON, our `PublicKey` and `StaticSecret` write the
//! bytes x25519-dalek writes (pinned: a 32-tuple of the bytes as given), each side reads
//! what the other wrote, and a truncated or overlong encoding gets the same answer from
//! both (an error, or, where the format ignores trailing bytes, the same key).
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

/// Our result and x25519-dalek's on the same encoding: both errors, or the same key.
fn same_answer(f: Format, bytes: &[u8]) -> Option<[u8; 32]> {
    let ours = de::<PublicKey>(f, bytes).map(|p| p.to_bytes());
    let theirs = de::<x25519_dalek::PublicKey>(f, bytes).map(|p| p.to_bytes());
    assert_eq!(ours.is_ok(), theirs.is_ok(), "{f:?} {bytes:02x?}");
    let s_ours = de::<StaticSecret>(f, bytes).map(|s| s.to_bytes());
    let s_theirs = de::<x25519_dalek::StaticSecret>(f, bytes).map(|s| s.to_bytes());
    assert_eq!(s_ours.is_ok(), s_theirs.is_ok(), "{f:?} {bytes:02x?}");
    assert_eq!(ours.as_ref().ok(), theirs.as_ref().ok());
    assert_eq!(s_ours.as_ref().ok(), s_theirs.as_ref().ok());
    assert_eq!(ours.as_ref().ok(), s_ours.as_ref().ok());
    ours.ok()
}

#[test]
fn wrong_lengths_get_dalek_s_answer() {
    let k: Vec<u8> = (1..=33).collect();
    for f in FORMATS {
        for len in [0, 1, 31] {
            let short = ser(f, &Tuple(k[..len].to_vec()));
            assert_eq!(same_answer(f, &short), None, "{f:?}: {len}-tuple");
            // A truncated encoding of a whole key.
            let whole = ser(f, &Tuple(k[..32].to_vec()));
            assert_eq!(
                same_answer(f, &whole[..whole.len() - 1]),
                None,
                "{f:?}: truncated"
            );
        }
        let long = ser(f, &Tuple(k.clone()));
        let got = same_answer(f, &long);
        match f {
            // A self-describing format sees the 33rd element: an error.
            Format::Cbor | Format::Json => assert_eq!(got, None, "{f:?}"),
            // bincode 1's and postcard's `from_bytes` read 32 bytes and leave the rest.
            Format::Bincode | Format::Postcard => {
                assert_eq!(got.map(|b| b.to_vec()), Some(k[..32].to_vec()), "{f:?}")
            }
        }
    }
}
