//! Ed25519ctx and Ed25519ph (RFC 8032 §5.1) and the Ed25519 -> X25519 key conversion:
//! the RFC 8032 §7.2 and §7.3 vectors, the context-length limit, and cross-checks
//! against ed25519-dalek's prehashed API with contexts and its key conversions.
//!
//! Counts (`cargo test --release --test suite ed25519_ctx_ph:: -- --nocapture` prints them).
#![cfg(feature = "ed25519")]

use crate::common;

use common::{field, read_json, unhex, unhex_n};
use ed25519_dalek::Digest as _;
use edwards25519::Point;
use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey};
use edwards25519::montgomery::{MontgomeryPoint, x25519};
use proptest::prelude::*;
use sha2::Sha512;

use edwards25519_test_support::proptest_config;

fn sha512(msg: &[u8]) -> [u8; 64] {
    Sha512::digest(msg).into()
}

/// RFC 8032 §7.2: the four Ed25519ctx vectors (keys, signatures, verification, and
/// that the signature is bound to the context, the message and the variant).
#[test]
fn rfc8032_ed25519ctx() {
    let v = read_json("rfc8032/ed25519ctx.json");
    let mut n = 0;
    for c in v.as_array().expect("array") {
        let key = SigningKey::from_seed(&unhex_n(field(c, "secretKey")));
        let vk = key.verifying_key();
        assert_eq!(vk.to_bytes(), unhex_n::<32>(field(c, "publicKey")));
        let msg = unhex(field(c, "message"));
        let ctx = unhex(field(c, "context"));
        let want = unhex_n::<64>(field(c, "signature"));
        let sig = key.sign_ctx(&msg, &ctx).expect("short context");
        assert_eq!(sig.to_bytes(), want, "{}", field(c, "name"));
        let sig = Signature::from_bytes(&want);
        assert_eq!(vk.verify_ctx(&msg, &ctx, &sig), Ok(()));
        // Another context, another message, and the other variants reject.
        assert_eq!(
            vk.verify_ctx(&msg, b"other", &sig),
            Err(Error::EquationFailed)
        );
        assert_eq!(
            vk.verify_ctx(b"other", &ctx, &sig),
            Err(Error::EquationFailed)
        );
        assert_eq!(vk.verify(&msg, &sig), Err(Error::EquationFailed));
        assert_eq!(vk.verify_ph(&msg, &ctx, &sig), Err(Error::EquationFailed));
        n += 1;
    }
    assert_eq!(n, 4);
    println!("RFC 8032 §7.2 Ed25519ctx: {n} vectors passed");
}

/// RFC 8032 §7.3: the Ed25519ph vector, through `sign_ph`, `sign_prehashed` and the
/// three verifiers that take it.
#[test]
fn rfc8032_ed25519ph() {
    let v = read_json("rfc8032/ed25519ph.json");
    let mut n = 0;
    for c in v.as_array().expect("array") {
        let key = SigningKey::from_seed(&unhex_n(field(c, "secretKey")));
        let vk = key.verifying_key();
        assert_eq!(vk.to_bytes(), unhex_n::<32>(field(c, "publicKey")));
        let msg = unhex(field(c, "message"));
        let want = unhex_n::<64>(field(c, "signature"));
        assert_eq!(
            key.sign_ph(&msg, b"").expect("empty context").to_bytes(),
            want
        );
        let ph = sha512(&msg);
        assert_eq!(
            key.sign_prehashed(&ph, b"").expect("empty").to_bytes(),
            want
        );
        let sig = Signature::from_bytes(&want);
        assert_eq!(vk.verify_ph(&msg, b"", &sig), Ok(()));
        assert_eq!(vk.verify_prehashed(&ph, b"", &sig), Ok(()));
        assert_eq!(vk.verify_ph(&msg, b"x", &sig), Err(Error::EquationFailed));
        assert_eq!(vk.verify_ctx(&msg, b"", &sig), Err(Error::EquationFailed));
        assert_eq!(vk.verify(&ph, &sig), Err(Error::EquationFailed));
        n += 1;
    }
    assert_eq!(n, 1);
    println!("RFC 8032 §7.3 Ed25519ph: {n} vector passed");
}

/// A context of 255 bytes works; 256 (and more) is `Error::ContextTooLong` from all
/// six functions, with a message that names the context; never a panic.
#[test]
fn context_length_limit() {
    let key = SigningKey::from_seed(&[3; 32]);
    let vk = key.verifying_key();
    let ok = [0xa5u8; 255];
    let sig_ctx = key.sign_ctx(b"m", &ok).expect("255 bytes is fine");
    let sig_ph = key.sign_ph(b"m", &ok).expect("255 bytes is fine");
    assert_eq!(vk.verify_ctx(b"m", &ok, &sig_ctx), Ok(()));
    assert_eq!(vk.verify_ph(b"m", &ok, &sig_ph), Ok(()));
    for len in [256usize, 257, 1000, 65_536] {
        let long = vec![0u8; len];
        let ph = sha512(b"m");
        assert_eq!(key.sign_ctx(b"m", &long), Err(Error::ContextTooLong));
        assert_eq!(key.sign_ph(b"m", &long), Err(Error::ContextTooLong));
        assert_eq!(key.sign_prehashed(&ph, &long), Err(Error::ContextTooLong));
        assert_eq!(
            vk.verify_ctx(b"m", &long, &sig_ctx),
            Err(Error::ContextTooLong)
        );
        assert_eq!(
            vk.verify_ph(b"m", &long, &sig_ph),
            Err(Error::ContextTooLong)
        );
        assert_eq!(
            vk.verify_prehashed(&ph, &long, &sig_ph),
            Err(Error::ContextTooLong)
        );
    }
    let msg = Error::ContextTooLong.to_string();
    assert!(msg.contains("context") && msg.contains("255"), "{msg}");
}

/// An empty context is dom2(F, ""), not "no prefix": `sign_ctx` with it differs from
/// `sign`, and ph with an empty context is ed25519-dalek's `context = None`.
#[test]
fn empty_context_is_a_prefix() {
    let key = SigningKey::from_seed(&[9; 32]);
    let vk = key.verifying_key();
    let pure = key.sign(b"msg");
    let ctx = key.sign_ctx(b"msg", b"").expect("empty");
    assert_ne!(pure, ctx);
    assert_eq!(vk.verify(b"msg", &ctx), Err(Error::EquationFailed));
    assert_eq!(
        vk.verify_ctx(b"msg", b"", &pure),
        Err(Error::EquationFailed)
    );
    assert_eq!(vk.verify_ctx(b"msg", b"", &ctx), Ok(()));
    let dalek = ed25519_dalek::SigningKey::from_bytes(&[9; 32]);
    let theirs = dalek
        .sign_prehashed(Sha512::new().chain_update(b"msg"), None)
        .expect("dalek signs");
    assert_eq!(
        key.sign_ph(b"msg", b"").expect("empty").to_bytes(),
        theirs.to_bytes()
    );
}

/// Verification of ctx/ph signatures follows `verify`'s acceptance rules: S >= l is
/// rejected, a non-point R is rejected, and the checks run in `verify`'s order.
#[test]
fn verify_rules_are_verifys() {
    let key = SigningKey::from_seed(&[5; 32]);
    let vk = key.verifying_key();
    let sig = key.sign_ph(b"m", b"c").expect("short").to_bytes();
    let mut high_s = sig;
    high_s[63] |= 0xe0;
    let high_s = Signature::from_bytes(&high_s);
    assert_eq!(vk.verify_ph(b"m", b"c", &high_s), vk.verify(b"m", &high_s));
    assert_eq!(vk.verify_ph(b"m", b"c", &high_s), Err(Error::NonCanonicalS));
    // y = 2 is not on the curve.
    let mut bad_r = sig;
    bad_r[..32].copy_from_slice(&{
        let mut b = [0u8; 32];
        b[0] = 2;
        b
    });
    let bad_r = Signature::from_bytes(&bad_r);
    assert!(matches!(
        vk.verify_ctx(b"m", b"c", &bad_r),
        Err(Error::InvalidR(_))
    ));
}

/// The conversion to X25519 keys: libsodium's known answer for the public key, the
/// secret key's X25519 public key equals the converted Ed25519 public key, and two
/// converted key pairs agree on the shared secret (cross-checked against ed25519-dalek's
/// conversions and x25519-dalek).
#[test]
fn x25519_conversion() {
    let kat = read_json("points/edwards25519_kat.json");
    let sodium = &kat["point"]["to_montgomery_bytes"][0];
    assert!(field(sodium, "note").contains("libsodium"));
    let vk = VerifyingKey::from_bytes(&unhex_n(field(sodium, "point"))).expect("valid key");
    assert_eq!(vk.to_montgomery().0, unhex_n::<32>(field(sodium, "u")));

    let mut n = 0;
    for i in 0..if cfg!(debug_assertions) { 50u8 } else { 250 } {
        let (sa, sb) = ([i; 32], [i.wrapping_mul(7).wrapping_add(1) ^ 0x5a; 32]);
        let (a, b) = (SigningKey::from_seed(&sa), SigningKey::from_seed(&sb));
        let (ka, kb) = (a.to_x25519_scalar(), b.to_x25519_scalar());
        let (ua, ub) = (
            a.verifying_key().to_montgomery(),
            b.verifying_key().to_montgomery(),
        );
        assert_eq!(MontgomeryPoint::mul_base_clamped(ka), ua);
        assert_eq!(x25519(ka, ub.0), x25519(kb, ua.0));
        // ed25519-dalek: the unclamped scalar bytes clamp to ours; the same u.
        let da = ed25519_dalek::SigningKey::from_bytes(&sa);
        let mut clamped = da.to_scalar_bytes();
        clamped[0] &= 248;
        clamped[31] &= 127;
        clamped[31] |= 64;
        assert_eq!(ka, clamped);
        assert_eq!(ua.0, da.verifying_key().to_montgomery().to_bytes());
        assert_eq!(
            x25519_dalek::x25519(da.to_scalar_bytes(), ub.0),
            x25519(ka, ub.0)
        );
        // Clamped, not reduced: bit 254 set, the low three bits clear.
        assert_eq!((ka[0] & 7, ka[31] & 0xc0), (0, 0x40));
        n += 1;
    }
    // The identity key (small order) maps to u = 0, whose X25519 output is all zeros.
    let id = VerifyingKey::from_point(&Point::IDENTITY);
    assert_eq!(id.to_montgomery().0, [0; 32]);
    println!("cross-check X25519 key conversion: {n} key pairs, zero disagreements");
}

proptest! {
    #![proptest_config(proptest_config(32, 300))]

    /// Random keys, messages and contexts: our ph signatures equal ed25519-dalek's
    /// `sign_prehashed` with the context, each side verifies the other's, and a flipped
    /// message bit fails on both.
    #[test]
    fn ph_matches_ed25519_dalek(
        seed in any::<[u8; 32]>(),
        msg in proptest::collection::vec(any::<u8>(), 0..200),
        ctx in proptest::collection::vec(any::<u8>(), 0..=255),
    ) {
        let ours = SigningKey::from_seed(&seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
        let sig = ours.sign_ph(&msg, &ctx).expect("short context");
        let dsig = theirs
            .sign_prehashed(Sha512::new().chain_update(&msg), Some(&ctx))
            .expect("dalek signs");
        prop_assert_eq!(sig.to_bytes(), dsig.to_bytes());
        prop_assert_eq!(ours.sign_prehashed(&sha512(&msg), &ctx).expect("short"), sig);
        let vk = ours.verifying_key();
        prop_assert_eq!(vk.verify_ph(&msg, &ctx, &Signature::from_bytes(&dsig.to_bytes())), Ok(()));
        prop_assert!(theirs
            .verifying_key()
            .verify_prehashed(Sha512::new().chain_update(&msg), Some(&ctx), &dsig)
            .is_ok());
        let mut other = msg.clone();
        other.push(1);
        prop_assert_eq!(vk.verify_ph(&other, &ctx, &sig), Err(Error::EquationFailed));
        prop_assert!(theirs
            .verifying_key()
            .verify_prehashed(Sha512::new().chain_update(&other), Some(&ctx), &dsig)
            .is_err());
    }

    /// Any context length and any signature bytes: no panic; ContextTooLong exactly
    /// above 255 bytes; ctx and ph signatures verify only under their own variant.
    #[test]
    fn arbitrary_contexts_never_panic(
        seed in any::<[u8; 32]>(),
        len in 0usize..400,
        byte in any::<u8>(),
        sig_bytes in proptest::collection::vec(any::<u8>(), 64),
    ) {
        let ctx = vec![byte; len];
        let key = SigningKey::from_seed(&seed);
        let vk = key.verifying_key();
        let junk = Signature::from_bytes(&sig_bytes.try_into().expect("64 bytes"));
        let too_long = len > 255;
        match (key.sign_ctx(b"msg", &ctx), key.sign_ph(b"msg", &ctx)) {
            (Ok(c), Ok(p)) => {
                prop_assert!(!too_long);
                prop_assert_eq!(vk.verify_ctx(b"msg", &ctx, &c), Ok(()));
                prop_assert_eq!(vk.verify_ph(b"msg", &ctx, &p), Ok(()));
                prop_assert!(vk.verify_ctx(b"msg", &ctx, &p).is_err());
                prop_assert!(vk.verify_ph(b"msg", &ctx, &c).is_err());
            }
            (Err(e1), Err(e2)) => {
                prop_assert!(too_long);
                prop_assert_eq!((e1, e2), (Error::ContextTooLong, Error::ContextTooLong));
            }
            _ => prop_assert!(false, "ctx and ph disagree on the context limit"),
        }
        let r1 = vk.verify_ctx(b"msg", &ctx, &junk);
        let r2 = vk.verify_prehashed(&[byte; 64], &ctx, &junk);
        if too_long {
            prop_assert_eq!((r1, r2), (Err(Error::ContextTooLong), Err(Error::ContextTooLong)));
        }
    }
}
