//! serde against the dalek crates, black-box: for every serialized type, in bincode 1,
//! postcard, CBOR and JSON, our bytes are the bytes ed25519-dalek 3 / the `ed25519` 3
//! crate / curve25519-dalek 5 write, each side reads what the other wrote, and a
//! mismatched length or a truncated encoding is an error, never a different value.
//!
//! `dalek_shapes_pinned` records what the dalek crates were observed to write (the
//! wire-format table in docs/serde.md is drawn from it).
#![cfg(all(feature = "serde", feature = "ed25519"))]

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use ed25519_dalek::Signer as _;
use edwards25519::ed25519::{Signature, SigningKey, VerifyingKey};
use edwards25519::{Point, Scalar};
pub(crate) use edwards25519_test_support::serde_formats::{
    FORMATS, Format, RawBytes, byte_string, cbor_array, de, json_array, says, ser, tuple,
};

fn seeds() -> impl Iterator<Item = [u8; 32]> {
    (0u8..16).map(|i| {
        let mut s = [i.wrapping_mul(37) ^ 0xa5; 32];
        s[0] = i; // small first bytes too: they look like length prefixes
        s[31] = 0xff - i;
        s
    })
}

#[test]
fn dalek_shapes_pinned() {
    let seed = [0xabu8; 32];
    let dsk = ed25519_dalek::SigningKey::from_bytes(&seed);
    let dvk = dsk.verifying_key();
    let dsig = dsk.sign(b"shape");
    let dscalar = curve25519_dalek::Scalar::from(5u64);
    let dpoint = curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
    let sig_bytes = dsig.to_bytes();
    for f in FORMATS {
        // Keys: serialize_bytes (bincode: u64 length 32; postcard: varint 0x20; CBOR:
        // byte string 0x58 0x20; JSON: an array of numbers).
        assert_eq!(ser(f, &dsk), byte_string(f, &seed), "{f:?}");
        assert_eq!(ser(f, &dvk), byte_string(f, dvk.as_bytes()), "{f:?}");
        // Scalars and points: a 32-tuple (no length prefix in bincode and postcard).
        assert_eq!(ser(f, &dscalar), tuple(f, dscalar.as_bytes()), "{f:?}");
        let enc = dpoint.compress().to_bytes();
        assert_eq!(ser(f, &dpoint), tuple(f, &enc), "{f:?}");
        assert_eq!(ser(f, &dpoint.compress()), tuple(f, &enc), "{f:?}");
    }
    // The signature (the `ed25519` crate's): bytes in binary formats, upper-case hex
    // in JSON.
    for f in [Format::Bincode, Format::Postcard, Format::Cbor] {
        assert_eq!(ser(f, &dsig), byte_string(f, &sig_bytes), "{f:?}");
    }
    let hex_upper = format!("\"{}\"", hex::encode_upper(sig_bytes));
    assert_eq!(ser(Format::Json, &dsig), hex_upper.as_bytes());
}

#[test]
fn keys_same_bytes_both_ways() {
    for seed in seeds() {
        let ours = SigningKey::from_seed(&seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
        for f in FORMATS {
            let o = ser(f, &ours);
            assert_eq!(o, ser(f, &theirs), "{f:?}");
            let back: ed25519_dalek::SigningKey = de(f, &o).expect("dalek reads ours");
            assert_eq!(back.to_bytes(), seed);
            let back: SigningKey = de(f, &ser(f, &theirs)).expect("we read dalek's");
            assert_eq!(back.to_bytes(), seed, "{f:?}: the same key, not another");
            assert_eq!(
                back.verifying_key().to_bytes(),
                theirs.verifying_key().to_bytes()
            );

            let vk = ours.verifying_key();
            let dvk = theirs.verifying_key();
            let o = ser(f, &vk);
            assert_eq!(o, ser(f, &dvk), "{f:?}");
            let back: ed25519_dalek::VerifyingKey = de(f, &o).expect("dalek reads ours");
            assert_eq!(back, dvk);
            let back: VerifyingKey = de(f, &ser(f, &dvk)).expect("we read dalek's");
            assert_eq!(back, vk);
        }
    }
}

#[test]
fn signatures_same_bytes_both_ways() {
    for (i, seed) in seeds().enumerate() {
        let msg = [i as u8; 7];
        let ours = SigningKey::from_seed(&seed).sign(&msg);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed).sign(&msg);
        // Also the `ed25519` crate's Signature through our conversion (feature
        // `signature`), and any 64 bytes (S >= l, R not a point).
        let raw = Signature::from_bytes(&[0xff; 64]);
        for f in FORMATS {
            let o = ser(f, &ours);
            assert_eq!(o, ser(f, &theirs), "{f:?}");
            let back: ed25519_dalek::Signature = de(f, &o).expect("dalek reads ours");
            assert_eq!(back, theirs);
            let back: Signature = de(f, &ser(f, &theirs)).expect("we read dalek's");
            assert_eq!(back, ours);

            let raw_theirs = ed25519_dalek::Signature::from_bytes(&[0xff; 64]);
            assert_eq!(ser(f, &raw), ser(f, &raw_theirs), "{f:?}");
            assert_eq!(de::<Signature>(f, &ser(f, &raw_theirs)), Ok(raw));
        }
    }
    // Lower-case hex in JSON is read by both.
    let sig = SigningKey::from_seed(&[1; 32]).sign(b"case");
    let lower = format!("\"{}\"", hex::encode(sig.to_bytes()));
    assert_eq!(
        serde_json::from_str::<Signature>(&lower).expect("lower"),
        sig
    );
    let theirs: ed25519_dalek::Signature = serde_json::from_str(&lower).expect("lower");
    assert_eq!(theirs.to_bytes(), sig.to_bytes());
}

#[cfg(feature = "signature")]
#[test]
fn ed25519_crate_signature_same_bytes() {
    let sig = SigningKey::from_seed(&[3; 32]).sign(b"ed25519 crate");
    let theirs: ed25519::Signature = sig.into();
    for f in FORMATS {
        assert_eq!(ser(f, &sig), ser(f, &theirs), "{f:?}");
        let back: ed25519::Signature = de(f, &ser(f, &sig)).expect("ed25519 reads ours");
        assert_eq!(back, theirs);
    }
}

#[test]
fn scalars_and_points_same_bytes_both_ways() {
    for (i, seed) in seeds().enumerate() {
        let s = Scalar::from_bytes_mod_order(seed);
        let ds = curve25519_dalek::Scalar::from_bytes_mod_order(seed);
        let p = Point::mul_base(&s)
            + if i % 2 == 0 {
                Point::IDENTITY
            } else {
                small_order()
            };
        let dp = CompressedEdwardsY(p.to_bytes())
            .decompress()
            .expect("dalek decodes our point");
        for f in FORMATS {
            let o = ser(f, &s);
            assert_eq!(o, ser(f, &ds), "{f:?}");
            assert_eq!(de::<curve25519_dalek::Scalar>(f, &o), Ok(ds));
            assert_eq!(de::<Scalar>(f, &ser(f, &ds)), Ok(s));

            let o = ser(f, &p);
            assert_eq!(o, ser(f, &dp), "{f:?}");
            assert_eq!(o, ser(f, &dp.compress()), "{f:?}");
            assert_eq!(de::<EdwardsPoint>(f, &o), Ok(dp));
            assert_eq!(de::<CompressedEdwardsY>(f, &o), Ok(dp.compress()));
            assert_eq!(de::<Point>(f, &ser(f, &dp)), Ok(p));
            assert_eq!(de::<Point>(f, &ser(f, &dp.compress())), Ok(p));
        }
    }
}

#[cfg(feature = "group")]
#[test]
fn subgroup_points_same_bytes_as_dalek_points() {
    use edwards25519::group::SubgroupPoint;
    for seed in seeds() {
        let s = Scalar::from_bytes_mod_order(seed);
        let p = Point::mul_base(&s);
        let sp =
            Option::<SubgroupPoint>::from(SubgroupPoint::from_point(&p)).expect("torsion-free");
        let dp = CompressedEdwardsY(p.to_bytes())
            .decompress()
            .expect("a point");
        for f in FORMATS {
            assert_eq!(ser(f, &sp), ser(f, &dp), "{f:?}");
            assert_eq!(de::<SubgroupPoint>(f, &ser(f, &dp)), Ok(sp));
        }
    }
}

/// A point of order 4 (y = 0), so the tests include points with torsion.
fn small_order() -> Point {
    Point::from_bytes(&[0; 32]).expect("y = 0 is a point")
}

/// A bug once fixed here: a key written by ed25519-dalek in bincode starts with its
/// length, and must load as the same key, never as a key made of the prefix.
#[test]
fn dalek_length_prefixed_key_is_the_same_key() {
    let seed = [0x42u8; 32];
    let mut wire = 32u64.to_le_bytes().to_vec();
    wire.extend_from_slice(&seed);
    let key: SigningKey = bincode::deserialize(&wire).expect("a dalek key");
    assert_eq!(key.to_bytes(), seed);
    let vk_bytes = key.verifying_key().to_bytes();
    let mut wire = 32u64.to_le_bytes().to_vec();
    wire.extend_from_slice(&vk_bytes);
    let vk: VerifyingKey = bincode::deserialize(&wire).expect("a dalek public key");
    assert_eq!(vk.to_bytes(), vk_bytes);
}

#[test]
fn truncated_encodings_are_errors() {
    let seed = [0x11u8; 32];
    let sk = SigningKey::from_seed(&seed);
    let vk = sk.verifying_key();
    let sig = sk.sign(b"truncated");
    let s = Scalar::from_bytes_mod_order(seed);
    let p = Point::mul_base(&s);
    for f in FORMATS {
        let cuts = |v: Vec<u8>| (0..v.len()).map(move |n| v[..n].to_vec());
        for w in cuts(ser(f, &sk)) {
            assert!(de::<SigningKey>(f, &w).is_err(), "{f:?} {w:02x?}");
        }
        for w in cuts(ser(f, &vk)) {
            assert!(de::<VerifyingKey>(f, &w).is_err(), "{f:?} {w:02x?}");
        }
        for w in cuts(ser(f, &sig)) {
            assert!(de::<Signature>(f, &w).is_err(), "{f:?} {w:02x?}");
        }
        for w in cuts(ser(f, &s)) {
            assert!(de::<Scalar>(f, &w).is_err(), "{f:?} {w:02x?}");
        }
        for w in cuts(ser(f, &p)) {
            assert!(de::<Point>(f, &w).is_err(), "{f:?} {w:02x?}");
        }
    }
}

#[test]
fn wrong_lengths_are_errors() {
    for f in FORMATS {
        for n in [0usize, 1, 31, 33, 63, 64, 65, 100] {
            let wire = ser(f, &RawBytes(vec![7; n]));
            assert_eq!(wire, byte_string(f, &vec![7; n]), "{f:?}");
            if n != 32 {
                let e = de::<SigningKey>(f, &wire).expect_err("wrong length");
                assert!(says(f, &e, "length"), "{f:?} {n}: {e}");
                assert!(de::<VerifyingKey>(f, &wire).is_err(), "{f:?} {n}");
            }
            if n != 64 {
                assert!(de::<Signature>(f, &wire).is_err(), "{f:?} {n}");
            }
        }
        // A key in the old shape (32 bytes with no length prefix) is an error in the
        // binary formats without a self-description, whatever its first bytes; CBOR
        // and JSON describe an array and read the same key.
        for seed in seeds() {
            let old = tuple(f, &seed);
            match f {
                Format::Bincode | Format::Postcard => {
                    assert!(de::<SigningKey>(f, &old).is_err(), "{f:?} {seed:02x?}")
                }
                Format::Cbor | Format::Json => {
                    assert_eq!(de::<SigningKey>(f, &old).expect("array").to_bytes(), seed)
                }
            }
        }
    }
    // Longer and shorter arrays in the self-describing formats.
    for n in [31usize, 33] {
        let v = vec![1u8; n];
        assert!(de::<SigningKey>(Format::Cbor, &cbor_array(&v)).is_err());
        assert!(de::<Scalar>(Format::Cbor, &cbor_array(&v)).is_err());
        assert!(de::<Point>(Format::Json, &json_array(&v)).is_err());
        assert!(de::<VerifyingKey>(Format::Json, &json_array(&v)).is_err());
    }
}

#[test]
fn invalid_values_are_errors_in_every_format() {
    let not_below_l = [0xffu8; 32];
    let mut not_a_point = [0u8; 32];
    not_a_point[0] = 2; // y = 2: no point
    // y = p + 1: a non-canonical encoding of the identity.
    let mut non_canonical = [0xffu8; 32];
    non_canonical[0] = 0xee;
    non_canonical[31] = 0x7f;
    for f in FORMATS {
        assert!(de::<Scalar>(f, &tuple(f, &not_below_l)).is_err(), "{f:?}");
        assert!(de::<Point>(f, &tuple(f, &not_a_point)).is_err(), "{f:?}");
        // Strict: the non-canonical encoding is refused as a Point (curve25519-dalek
        // accepts it), but kept as given in a VerifyingKey, as by both from_bytes.
        assert!(de::<Point>(f, &tuple(f, &non_canonical)).is_err(), "{f:?}");
        assert!(
            de::<EdwardsPoint>(f, &tuple(f, &non_canonical)).is_ok(),
            "{f:?}"
        );
        let vk: VerifyingKey = de(f, &byte_string(f, &non_canonical)).expect("a key");
        assert_eq!(vk.to_bytes(), non_canonical);
        let dvk: ed25519_dalek::VerifyingKey = de(f, &ser(f, &vk)).expect("dalek too");
        assert_eq!(dvk.to_bytes(), non_canonical);
        let e = de::<VerifyingKey>(f, &byte_string(f, &not_a_point)).expect_err("no point");
        assert!(says(f, &e, "public key"), "{f:?}: {e}");
    }
}
