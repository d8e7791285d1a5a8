//! The conversions and traits ed25519-dalek and curve25519-dalek users call: integer
//! scalars, `Hash` consistent with `Eq`, `TryFrom<&[u8]>` with a length error that
//! says both lengths, `AsRef<[u8]>`, `From<DecodeError>`, and the 64-byte keypair
//! encoding (checked against ed25519-dalek's).
#![cfg(feature = "ed25519")]

use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey};
use edwards25519::scalar::ScalarError;
use edwards25519::{DecodeError, FieldElement, Point, Scalar};
use std::collections::HashSet;
use std::hash::{BuildHasher, Hash, RandomState};

fn hash_of<T: Hash>(state: &RandomState, v: &T) -> u64 {
    state.hash_one(v)
}

#[test]
fn scalar_from_every_unsigned_int() {
    let values: [u128; 6] = [0, 1, 0xff, 0xffff, 0xffff_ffff, u128::MAX];
    for v in values {
        let want = Scalar::from_bytes_mod_order({
            let mut b = [0u8; 32];
            b[..16].copy_from_slice(&v.to_le_bytes());
            b
        });
        assert_eq!(Scalar::from(v), want);
        assert_eq!(
            Scalar::from(v).to_bytes(),
            curve25519_dalek::Scalar::from(v).to_bytes()
        );
        if let Ok(x) = u64::try_from(v) {
            assert_eq!(Scalar::from(x), want);
        }
        if let Ok(x) = u32::try_from(v) {
            assert_eq!(Scalar::from(x), want);
        }
        if let Ok(x) = u16::try_from(v) {
            assert_eq!(Scalar::from(x), want);
        }
        if let Ok(x) = u8::try_from(v) {
            assert_eq!(Scalar::from(x), want);
            assert_eq!(
                Scalar::from(x).to_bytes(),
                curve25519_dalek::Scalar::from(x).to_bytes()
            );
        }
    }
}

#[test]
fn hash_agrees_with_eq() {
    let state = RandomState::new();
    // Scalars: the same value reached two ways.
    let a = Scalar::from(5u8);
    let b = Scalar::from_bytes_mod_order_wide(&{
        // l + 5, as 64 bytes: reduced to 5.
        let mut w = [0u8; 64];
        w[..32].copy_from_slice(&(Scalar::ZERO - Scalar::ONE).to_bytes()); // l - 1
        w
    }) + Scalar::from(6u8);
    assert_eq!(a, b);
    assert_eq!(hash_of(&state, &a), hash_of(&state, &b));

    // Points: the same group element in different coordinates, and decoded from a
    // non-canonical encoding.
    let p = Point::mul_base(&Scalar::from(77u8));
    let (x, y, z, t) = p.extended_coordinates();
    let lambda = FieldElement::from_bytes(&[3; 32]);
    let scaled = Point::from_extended_coordinates(x * lambda, y * lambda, z * lambda, t * lambda)
        .expect("the same point");
    assert_eq!(p, scaled);
    assert_eq!(hash_of(&state, &p), hash_of(&state, &scaled));
    let mut non_canonical = [0xffu8; 32];
    non_canonical[0] = 0xee;
    non_canonical[31] = 0x7f; // y = p + 1: the identity
    let id = Point::from_bytes(&non_canonical).expect("a valid encoding");
    assert_eq!(id, Point::IDENTITY);
    assert_eq!(hash_of(&state, &id), hash_of(&state, &Point::IDENTITY));
    let set: HashSet<Point> = [p, scaled, id, Point::IDENTITY, -p].into_iter().collect();
    assert_eq!(set.len(), 3);

    // VerifyingKey: equality and hash over the bytes as given (as ed25519-dalek).
    let canonical = VerifyingKey::from_point(&Point::IDENTITY);
    let odd = VerifyingKey::from_bytes(&non_canonical).expect("kept as given");
    assert_ne!(canonical, odd);
    let again = VerifyingKey::from_bytes(&canonical.to_bytes()).expect("key");
    assert_eq!(hash_of(&state, &canonical), hash_of(&state, &again));
    let set: HashSet<VerifyingKey> = [canonical, odd, again].into_iter().collect();
    assert_eq!(set.len(), 2);

    // Signature: over the 64 bytes.
    let sig = SigningKey::from_seed(&[1; 32]).sign(b"hash");
    let copy = Signature::from_bytes(&sig.to_bytes());
    assert_eq!(hash_of(&state, &sig), hash_of(&state, &copy));
}

#[cfg(feature = "group")]
#[test]
fn subgroup_point_hash_agrees_with_eq() {
    use edwards25519::group::SubgroupPoint;
    let state = RandomState::new();
    let p = Point::mul_base(&Scalar::from(9u8));
    let a = Option::<SubgroupPoint>::from(SubgroupPoint::from_point(&p)).expect("torsion-free");
    let b = Option::<SubgroupPoint>::from(SubgroupPoint::from_point(&(p + p - p))).expect("same");
    assert_eq!(a, b);
    assert_eq!(hash_of(&state, &a), hash_of(&state, &b));
}

#[test]
fn try_from_slices_say_both_lengths() {
    let key = SigningKey::from_seed(&[5; 32]);
    let vk = key.verifying_key();
    let sig = key.sign(b"slices");
    let s = Scalar::from(12345u32);
    let p = Point::mul_base(&s);
    // The right length.
    assert_eq!(Point::try_from(&p.to_bytes()[..]), Ok(p));
    assert_eq!(Scalar::try_from(&s.to_bytes()[..]), Ok(s));
    assert_eq!(SigningKey::try_from(&key.to_bytes()[..]), Ok(key.clone()));
    assert_eq!(VerifyingKey::try_from(&vk.to_bytes()[..]), Ok(vk));
    assert_eq!(Signature::try_from(&sig.to_bytes()[..]), Ok(sig));
    // Every other length: an error with both lengths, in the message too.
    let long = [0u8; 100];
    for n in 0..long.len() {
        let b = &long[..n];
        if n != 32 {
            let e = Point::try_from(b).expect_err("length");
            assert_eq!(
                e,
                DecodeError::InvalidLength {
                    expected: 32,
                    actual: n
                }
            );
            assert!(
                e.to_string()
                    .contains(&format!("expected 32 bytes, got {n}")),
                "{e}"
            );
            let e = Scalar::try_from(b).expect_err("length");
            assert_eq!(
                e,
                ScalarError::InvalidLength {
                    expected: 32,
                    actual: n
                }
            );
            assert!(
                e.to_string()
                    .contains(&format!("expected 32 bytes, got {n}")),
                "{e}"
            );
            let e = SigningKey::try_from(b).expect_err("length");
            assert_eq!(
                e,
                Error::InvalidLength {
                    expected: 32,
                    actual: n
                }
            );
            assert!(
                e.to_string()
                    .contains(&format!("expected 32 bytes, got {n}")),
                "{e}"
            );
            let e = VerifyingKey::try_from(b).expect_err("length");
            assert_eq!(
                e,
                Error::InvalidLength {
                    expected: 32,
                    actual: n
                }
            );
        }
        if n != 64 {
            let e = Signature::try_from(b).expect_err("length");
            assert_eq!(
                e,
                Error::InvalidLength {
                    expected: 64,
                    actual: n
                }
            );
            assert!(
                e.to_string()
                    .contains(&format!("expected 64 bytes, got {n}")),
                "{e}"
            );
        }
    }
    // The right length, a bad value: the decoder's own reason.
    let mut not_a_point = [0u8; 32];
    not_a_point[0] = 2;
    assert_eq!(
        Point::try_from(&not_a_point[..]),
        Err(DecodeError::NotOnCurve)
    );
    assert_eq!(
        Scalar::try_from(&[0xff; 32][..]),
        Err(ScalarError::NonCanonical)
    );
    assert!(
        ScalarError::NonCanonical
            .to_string()
            .contains("not below l")
    );
    assert_eq!(
        VerifyingKey::try_from(&not_a_point[..]),
        Err(Error::InvalidPublicKey(DecodeError::NotOnCurve))
    );
}

#[test]
fn as_ref_and_as_bytes() {
    let key = SigningKey::from_seed(&[6; 32]);
    assert_eq!(key.as_bytes(), &[6; 32]);
    let vk = key.verifying_key();
    let sig = key.sign(b"as_ref");
    fn takes_bytes(b: impl AsRef<[u8]>) -> Vec<u8> {
        b.as_ref().to_vec()
    }
    assert_eq!(takes_bytes(vk), vk.to_bytes());
    assert_eq!(takes_bytes(sig), sig.to_bytes());
    assert_eq!(sig.as_bytes(), &sig.to_bytes());
    assert_eq!(&sig.as_bytes()[..32], sig.r_bytes());
    assert_eq!(&sig.as_bytes()[32..], sig.s_bytes());
    let dalek = ed25519_dalek::SigningKey::from_bytes(&[6; 32]);
    assert_eq!(key.as_bytes(), dalek.as_bytes());
    assert_eq!(vk.as_ref(), dalek.verifying_key().as_ref());
}

#[test]
fn decode_error_into_ed25519_error() {
    fn key_from(bytes: &[u8]) -> Result<VerifyingKey, Error> {
        let point = Point::try_from(bytes)?;
        Ok(VerifyingKey::from_point(&point))
    }
    let vk = SigningKey::from_seed(&[7; 32]).verifying_key();
    assert_eq!(key_from(vk.as_bytes()), Ok(vk));
    let mut not_a_point = [0u8; 32];
    not_a_point[0] = 2;
    assert_eq!(
        key_from(&not_a_point),
        Err(Error::InvalidPublicKey(DecodeError::NotOnCurve))
    );
    assert_eq!(
        key_from(&[0; 5]),
        Err(Error::InvalidLength {
            expected: 32,
            actual: 5
        })
    );
    assert_eq!(
        Error::from(DecodeError::NonCanonicalY),
        Error::InvalidPublicKey(DecodeError::NonCanonicalY)
    );
}

#[test]
fn keypair_bytes_match_dalek() {
    for i in 0u8..16 {
        let seed = [i.wrapping_mul(91) ^ 0x3c; 32];
        let ours = SigningKey::from_seed(&seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
        let pair = ours.to_keypair_bytes();
        assert_eq!(pair, theirs.to_keypair_bytes());
        assert_eq!(&pair[..32], &seed);
        assert_eq!(
            SigningKey::from_keypair_bytes(&theirs.to_keypair_bytes()),
            Ok(ours.clone())
        );
        assert_eq!(SigningKey::try_from(&pair), Ok(ours.clone()));
        let back = ed25519_dalek::SigningKey::from_keypair_bytes(&pair).expect("dalek reads ours");
        assert_eq!(back.to_bytes(), seed);

        // A public half of another key: refused, here and by dalek.
        let mut wrong = pair;
        wrong[32..].copy_from_slice(&SigningKey::from_seed(&[!i; 32]).verifying_key().to_bytes());
        assert_eq!(
            SigningKey::from_keypair_bytes(&wrong),
            Err(Error::KeypairMismatch)
        );
        assert!(ed25519_dalek::SigningKey::from_keypair_bytes(&wrong).is_err());
        // One flipped bit of the public half: refused too.
        let mut flipped = pair;
        flipped[40] ^= 1;
        assert_eq!(
            SigningKey::from_keypair_bytes(&flipped),
            Err(Error::KeypairMismatch)
        );
    }
    assert!(
        Error::KeypairMismatch
            .to_string()
            .contains("does not belong")
    );
}

#[test]
fn hex_text_matches_the_ed25519_crate() {
    for i in 0u8..8 {
        let seed = [i ^ 0x5a; 32];
        let sig = SigningKey::from_seed(&seed).sign(&[i; 3]);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed).sign(&[i; 3]);
        use ed25519_dalek::Signer as _;
        assert_eq!(sig.to_string(), theirs.to_string());
        assert_eq!(format!("{sig:x}"), format!("{theirs:x}"));
        assert_eq!(format!("{sig:X}"), format!("{theirs:X}"));
        assert_eq!(sig.to_string().parse::<Signature>(), Ok(sig));
        assert_eq!(format!("{sig:x}").parse::<Signature>(), Ok(sig));
        let back: ed25519_dalek::Signature = sig.to_string().parse().expect("dalek parses ours");
        assert_eq!(back, theirs);

        let vk = SigningKey::from_seed(&seed).verifying_key();
        assert_eq!(vk.to_string(), hex::encode_upper(vk.as_bytes()));
        assert_eq!(format!("{vk:x}"), hex::encode(vk.as_bytes()));
        assert_eq!(format!("{vk:X}"), hex::encode_upper(vk.as_bytes()));
        assert_eq!(vk.to_string().parse::<VerifyingKey>(), Ok(vk));
        assert_eq!(format!("{vk:X}").parse::<VerifyingKey>(), Ok(vk));
        assert_eq!(format!("{vk:x}").parse::<VerifyingKey>(), Ok(vk));
    }
    let good = SigningKey::from_seed(&[1; 32]).sign(b"x").to_string();
    assert_eq!(
        good[..126].parse::<Signature>(),
        Err(Error::InvalidHexLength {
            expected: 128,
            actual: 126
        })
    );
    let mut bad = good.clone().into_bytes();
    bad[17] = b'g';
    let bad = String::from_utf8(bad).expect("ascii");
    let e = bad.parse::<Signature>().expect_err("digit");
    assert_eq!(e, Error::InvalidHexDigit { index: 17 });
    assert!(e.to_string().contains("index 17"), "{e}");
    // A multi-byte character: an error at its first byte, never a panic.
    let multi = format!("é{}", &good[2..]);
    assert_eq!(
        multi.parse::<Signature>(),
        Err(Error::InvalidHexDigit { index: 0 })
    );
    let mut not_a_point = [0u8; 32];
    not_a_point[0] = 2;
    assert_eq!(
        hex::encode(not_a_point).parse::<VerifyingKey>(),
        Err(Error::InvalidPublicKey(DecodeError::NotOnCurve))
    );
    assert_eq!(
        "".parse::<VerifyingKey>(),
        Err(Error::InvalidHexLength {
            expected: 64,
            actual: 0
        })
    );
}

#[test]
fn points_and_verifying_keys() {
    let p = Point::mul_base(&Scalar::from(31u8));
    let vk = VerifyingKey::from(p);
    assert_eq!(vk, VerifyingKey::from_point(&p));
    assert_eq!(VerifyingKey::from(&p), vk);
    assert_eq!(Point::from(vk), p);
    assert_eq!(Point::from(&vk), p);
    assert_eq!(vk.to_bytes(), p.to_bytes());
    // The fallible way in: bytes, through TryFrom.
    assert_eq!(VerifyingKey::try_from(&p.to_bytes()), Ok(vk));
}

/// `SubgroupPoint` at the crate root, next to the `group` crate's traits in one `use`
/// block.
#[cfg(feature = "group")]
#[test]
fn subgroup_point_at_the_root() {
    use ::group::{Group, GroupEncoding};
    use edwards25519::SubgroupPoint;
    let g = SubgroupPoint::generator();
    assert_eq!(Point::from(g), Point::GENERATOR);
    assert_eq!(g.to_bytes(), Point::GENERATOR.to_bytes());
}
