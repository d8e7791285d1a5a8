//! serde of the types that `serde_dalek.rs` does not cover both ways, against
//! curve25519-dalek 5 (feature `serde`) as the reference, in bincode 1, postcard, CBOR
//! and JSON:
//!
//! - [`RistrettoPoint`] against dalek's `RistrettoPoint` and `CompressedRistretto`;
//! - `MontgomeryPoint` against dalek's `MontgomeryPoint` (bytes and truncations);
//! - [`SubgroupPoint`] (feature `group`) against dalek's `EdwardsPoint` and
//!   `CompressedEdwardsY`, in the direction `serde_dalek.rs` leaves out (dalek reads
//!   ours), and its own errors.
//!
//! Each side reads what the other wrote, the bytes are the same, and a truncated
//! encoding, a length-prefixed byte string (the shape of a dalek key) and an invalid
//! value are errors, never a different value.
#![cfg(feature = "serde")]

use curve25519_dalek::ristretto::{
    CompressedRistretto as DalekCompressed, RistrettoPoint as DalekRistretto,
};
use edwards25519::Scalar;
use edwards25519::ristretto::RistrettoPoint;
use edwards25519_test_support::serde_formats::{
    FORMATS, Format, byte_string, de, says, ser, tuple,
};
use serde::de::DeserializeOwned;

/// Scalars with small first bytes too (they look like length prefixes).
fn scalars() -> impl Iterator<Item = [u8; 32]> {
    (0u8..12).map(|i| {
        let mut s = [i.wrapping_mul(53) ^ 0x3c; 32];
        s[0] = i;
        s[31] = 0x0f;
        s
    })
}

/// The same element on both sides: k·G, and the element of 64 uniform bytes.
fn pairs() -> impl Iterator<Item = (RistrettoPoint, DalekRistretto)> {
    scalars().flat_map(|k| {
        let ours = RistrettoPoint::mul_base(&Scalar::from_bytes_mod_order(k));
        let theirs = DalekRistretto::mul_base(&curve25519_dalek::Scalar::from_bytes_mod_order(k));
        let mut wide = [0u8; 64];
        wide[..32].copy_from_slice(&k);
        wide[32..].copy_from_slice(&k.map(|b| b ^ 0x5a));
        let u_ours = RistrettoPoint::from_uniform_bytes(&wide);
        let u_theirs = DalekRistretto::from_uniform_bytes(&wide);
        [(ours, theirs), (u_ours, u_theirs)]
    })
}

#[test]
fn ristretto_dalek_shape_is_a_tuple() {
    let p = DalekRistretto::mul_base(&curve25519_dalek::Scalar::from(9u64));
    let enc = p.compress().to_bytes();
    for f in FORMATS {
        assert_eq!(ser(f, &p), tuple(f, &enc), "{f:?}");
        assert_eq!(ser(f, &p.compress()), tuple(f, &enc), "{f:?}");
    }
}

#[test]
fn ristretto_same_bytes_both_ways() {
    let mut n = 0;
    for (ours, theirs) in pairs().chain([(RistrettoPoint::IDENTITY, DalekRistretto::default())]) {
        assert_eq!(ours.to_bytes(), theirs.compress().to_bytes());
        for f in FORMATS {
            let o = ser(f, &ours);
            assert_eq!(o, ser(f, &theirs), "{f:?}");
            assert_eq!(o, ser(f, &theirs.compress()), "{f:?}");
            assert_eq!(o, tuple(f, &ours.to_bytes()), "{f:?}");
            // dalek reads ours...
            assert_eq!(de::<DalekRistretto>(f, &o), Ok(theirs), "{f:?}");
            assert_eq!(de::<DalekCompressed>(f, &o), Ok(theirs.compress()), "{f:?}");
            // ... and we read dalek's, from either of its types.
            assert_eq!(de::<RistrettoPoint>(f, &ser(f, &theirs)), Ok(ours), "{f:?}");
            let c = ser(f, &theirs.compress());
            assert_eq!(de::<RistrettoPoint>(f, &c), Ok(ours), "{f:?}");
            n += 1;
        }
    }
    assert_eq!(n, 4 * 25);
}

#[test]
fn ristretto_truncated_is_an_error() {
    for (ours, _) in pairs().take(4) {
        for f in FORMATS {
            let w = ser(f, &ours);
            for cut in 0..w.len() {
                let e = de::<RistrettoPoint>(f, &w[..cut]);
                assert!(e.is_err(), "{f:?} {cut}: {e:?}");
                // The reference agrees that it is no element.
                assert!(de::<DalekRistretto>(f, &w[..cut]).is_err(), "{f:?} {cut}");
            }
            // One element too many in the self-describing formats.
            let mut long = ours.to_bytes().to_vec();
            long.push(0);
            if matches!(f, Format::Cbor | Format::Json) {
                assert!(de::<RistrettoPoint>(f, &tuple(f, &long)).is_err(), "{f:?}");
            }
        }
    }
}

/// Whether `w` decodes as a `T` that takes up all of `w`: bincode with trailing bytes
/// rejected, postcard's `take_from_bytes` with an empty remainder (the framing a
/// reader uses to refuse a longer record than the type's).
fn de_exact<T: DeserializeOwned>(f: Format, w: &[u8]) -> Result<T, String> {
    use bincode::Options as _;
    match f {
        Format::Bincode => bincode::DefaultOptions::new()
            .with_fixint_encoding()
            .reject_trailing_bytes()
            .deserialize(w)
            .map_err(|e| e.to_string()),
        Format::Postcard => match postcard::take_from_bytes(w) {
            Ok((v, [])) => Ok(v),
            Ok((_, rest)) => Err(format!("{} trailing bytes", rest.len())),
            Err(e) => Err(e.to_string()),
        },
        Format::Cbor | Format::Json => de(f, w),
    }
}

/// A byte string with a length prefix (what a dalek key looks like) where a
/// RistrettoPoint is expected.
///
/// - bincode and postcard do not describe themselves: the prefix is read as the first
///   encoding bytes, so the outcome is an error or another element, exactly as for
///   curve25519-dalek, never the element whose bytes follow the prefix; and with the
///   record's framing checked (no trailing bytes) it is always an error.
/// - CBOR: a 32-byte byte string is read as the same element (the self-describing
///   formats accept a byte string for a tuple, `edwards25519-scalar`'s serde docs);
///   any other length is an error.
/// - JSON writes a byte string as the array a tuple is: the same element at 32, an
///   error at any other length.
#[test]
fn ristretto_length_prefixed_never_reads_as_the_element() {
    let mut others = 0;
    for (ours, _) in pairs() {
        let enc = ours.to_bytes();
        for f in FORMATS {
            let w = byte_string(f, &enc);
            match f {
                Format::Json | Format::Cbor => assert_eq!(de::<RistrettoPoint>(f, &w), Ok(ours)),
                Format::Bincode | Format::Postcard => {
                    let got = de::<RistrettoPoint>(f, &w);
                    let reference = de::<DalekRistretto>(f, &w);
                    assert_eq!(got.is_ok(), reference.is_ok(), "{f:?} {w:02x?}");
                    if let (Ok(g), Ok(r)) = (got, reference) {
                        assert_eq!(g.to_bytes(), r.compress().to_bytes());
                        assert_ne!(g, ours, "{f:?}: read as the same element");
                        others += 1;
                    }
                    assert!(de_exact::<RistrettoPoint>(f, &w).is_err(), "{f:?} framed");
                }
            }
            for n in [0usize, 1, 31, 33, 64] {
                let mut v = enc.to_vec();
                v.resize(n, 0);
                let w = byte_string(f, &v);
                assert!(de_exact::<RistrettoPoint>(f, &w).is_err(), "{f:?} {n}");
                if matches!(f, Format::Cbor | Format::Json) {
                    assert!(de::<RistrettoPoint>(f, &w).is_err(), "{f:?} {n}");
                }
            }
        }
    }
    // Unframed, some prefixed records do read as another element (on both sides):
    // the reason for the framing check above.
    assert!(others > 0);
}

#[test]
fn ristretto_invalid_encodings_are_errors() {
    // s = 1: odd ("negative"); s = p (0xed, 0xff.., 0x7f): non-canonical; bit 255 set;
    // and a canonical even s with no element (s = 2 fails the square-root check
    // according to the reference, asserted below).
    let mut p_enc = [0xffu8; 32];
    p_enc[0] = 0xed;
    p_enc[31] = 0x7f;
    let mut high = [0u8; 32];
    high[31] = 0x80;
    let mut one = [0u8; 32];
    one[0] = 1;
    let cases: [([u8; 32], &str); 3] =
        [(one, "negative"), (p_enc, "canonical"), (high, "canonical")];
    for f in FORMATS {
        for (bytes, why) in cases {
            let w = tuple(f, &bytes);
            let e = de::<RistrettoPoint>(f, &w).expect_err("invalid");
            assert!(says(f, &e, why), "{f:?} {bytes:02x?}: {e}");
            assert!(de::<DalekRistretto>(f, &w).is_err(), "{f:?} reference");
        }
        // Every even s below 40 that the reference refuses, we refuse too, and the
        // ones it accepts we read as the same element.
        for s in (0u8..40).step_by(2) {
            let mut b = [0u8; 32];
            b[0] = s;
            let w = tuple(f, &b);
            match (de::<RistrettoPoint>(f, &w), de::<DalekRistretto>(f, &w)) {
                (Ok(o), Ok(t)) => assert_eq!(o.to_bytes(), t.compress().to_bytes()),
                (Err(_), Err(_)) => {}
                (o, t) => panic!("{f:?} s = {s}: ours {o:?}, dalek {t:?}"),
            }
        }
    }
}

#[cfg(feature = "group")]
mod subgroup {
    use super::*;
    use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
    use edwards25519::{Point, SubgroupPoint};

    fn pairs() -> impl Iterator<Item = (SubgroupPoint, EdwardsPoint)> {
        scalars().map(|k| {
            let p = Point::mul_base(&Scalar::from_bytes_mod_order(k));
            let sp = Option::<SubgroupPoint>::from(SubgroupPoint::from_point(&p))
                .expect("k·B is torsion-free");
            let dp = EdwardsPoint::mul_base(&curve25519_dalek::Scalar::from_bytes_mod_order(k));
            (sp, dp)
        })
    }

    #[test]
    fn subgroup_same_bytes_both_ways() {
        for (ours, theirs) in pairs() {
            for f in FORMATS {
                let o = ser(f, &ours);
                assert_eq!(o, ser(f, &theirs), "{f:?}");
                assert_eq!(o, ser(f, &Point::from(ours)), "{f:?}");
                assert_eq!(de::<EdwardsPoint>(f, &o), Ok(theirs), "{f:?}");
                assert_eq!(de::<CompressedEdwardsY>(f, &o), Ok(theirs.compress()));
                let c = ser(f, &theirs.compress());
                assert_eq!(de::<SubgroupPoint>(f, &c), Ok(ours), "{f:?}");
            }
        }
    }

    #[test]
    fn subgroup_truncated_and_length_prefixed_are_errors() {
        for (ours, _) in pairs().take(4) {
            for f in FORMATS {
                let w = ser(f, &ours);
                for cut in 0..w.len() {
                    assert!(de::<SubgroupPoint>(f, &w[..cut]).is_err(), "{f:?} {cut}");
                }
                let w = byte_string(f, &Point::from(ours).to_bytes());
                match f {
                    Format::Json | Format::Cbor => assert_eq!(de::<SubgroupPoint>(f, &w), Ok(ours)),
                    Format::Bincode | Format::Postcard => {
                        if let Ok(other) = de::<SubgroupPoint>(f, &w) {
                            assert_ne!(other, ours, "{f:?}: read as the same point");
                        }
                        assert!(de_exact::<SubgroupPoint>(f, &w).is_err(), "{f:?} framed");
                    }
                }
            }
        }
    }

    #[test]
    fn subgroup_torsion_is_an_error() {
        // y = 0: a point of order 4, fine as a Point and for dalek's EdwardsPoint.
        let t4 = [0u8; 32];
        let p = Point::mul_base(&Scalar::from_bytes_mod_order([7; 32]))
            + Point::from_bytes(&t4).expect("a point");
        for f in FORMATS {
            for bytes in [t4, p.to_bytes()] {
                let w = tuple(f, &bytes);
                assert!(de::<Point>(f, &w).is_ok(), "{f:?}");
                assert!(de::<EdwardsPoint>(f, &w).is_ok(), "{f:?}");
                let e = de::<SubgroupPoint>(f, &w).expect_err("torsion");
                assert!(says(f, &e, "torsion"), "{f:?}: {e}");
            }
        }
    }
}

/// The other shapes the self-describing formats accept for a 32-tuple (docs/serde.md):
/// hex text in JSON in either case, a byte string in CBOR; both read
/// the same element, and a wrong number of digits is an error.
#[test]
fn ristretto_hex_and_byte_string_shapes() {
    for (ours, theirs) in pairs().take(6) {
        let enc = ours.to_bytes();
        for text in [hex::encode(enc), hex::encode_upper(enc)] {
            let json = format!("\"{text}\"");
            assert_eq!(
                de::<RistrettoPoint>(Format::Json, json.as_bytes()),
                Ok(ours)
            );
            let short = format!("\"{}\"", &text[..62]);
            assert!(de::<RistrettoPoint>(Format::Json, short.as_bytes()).is_err());
        }
        let cbor = byte_string(Format::Cbor, &theirs.compress().to_bytes());
        assert_eq!(de::<RistrettoPoint>(Format::Cbor, &cbor), Ok(ours));
    }
}

// MontgomeryPoint against curve25519-dalek's: any 32 bytes are a value (an X25519 public
// key), so only the shape and the length are checked.

#[test]
fn montgomery_same_bytes_both_ways() {
    use curve25519_dalek::montgomery::MontgomeryPoint as DalekMontgomery;
    use edwards25519::montgomery::MontgomeryPoint;
    for bytes in scalars().chain([[0xff; 32], [0; 32]]) {
        let (ours, theirs) = (MontgomeryPoint(bytes), DalekMontgomery(bytes));
        for f in FORMATS {
            let w = ser(f, &ours);
            assert_eq!(w, ser(f, &theirs), "{f:?}: same bytes as dalek");
            assert_eq!(w, tuple(f, &bytes), "{f:?}: a 32-tuple");
            let back: DalekMontgomery = de(f, &w).expect("dalek reads ours");
            assert_eq!(back.0, bytes, "{f:?}");
            let back: MontgomeryPoint = de(f, &ser(f, &theirs)).expect("we read dalek's");
            assert_eq!(back.0, bytes, "{f:?}: the bytes unchanged (high bit too)");
            // Every truncation is an error.
            for cut in 0..w.len() {
                assert!(
                    de::<MontgomeryPoint>(f, &w[..cut]).is_err(),
                    "{f:?}: cut at {cut}"
                );
            }
        }
    }
}
