//! PKCS#8 / SPKI import and export (features `pkcs8`, `pem`): round trips, the same
//! documents as ed25519-dalek 3 in both directions, RFC 8410's example keys, and the
//! errors for documents that must be refused.
#![cfg(feature = "pem")]

// ed25519-dalek's keys implement the same traits (its `pkcs8` module re-exports the
// `ed25519` crate's, as ours does), so one import serves both libraries.
use edwards25519::ed25519::pkcs8::{
    DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey, KeypairBytes, LineEnding,
    PublicKeyBytes,
};
use edwards25519::ed25519::{SigningKey, VerifyingKey};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// RFC 8410 §10.3, the first example: a version 1 private key document (seed only).
const RFC8410_PRIVATE_PEM: &str = "-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC
-----END PRIVATE KEY-----
";

/// RFC 8410 §10.1: the SubjectPublicKeyInfo of the example public key, which belongs to
/// the §10.3 private key (checked below with ed25519-dalek).
const RFC8410_PUBLIC_PEM: &str = "-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=
-----END PUBLIC KEY-----
";

/// The seed in the §10.3 document and the public key in the §10.1 one, as hex.
const RFC8410_SEED: &str = "d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44755842";
const RFC8410_PUBLIC: &str = "19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1";

const CASES: usize = 64;

fn seeds() -> impl Iterator<Item = [u8; 32]> {
    let mut rng = StdRng::seed_from_u64(0x8410);
    (0..CASES).map(move |_| rng.random())
}

fn hex32(s: &str) -> [u8; 32] {
    hex::decode(s).expect("hex").try_into().expect("32 bytes")
}

#[test]
fn signing_key_round_trips_der_and_pem() {
    for seed in seeds() {
        let key = SigningKey::from_seed(&seed);
        let der = key.to_pkcs8_der().expect("encode");
        assert_eq!(SigningKey::from_pkcs8_der(der.as_bytes()), Ok(key.clone()));
        let pem = key.to_pkcs8_pem(LineEnding::LF).expect("encode");
        assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"));
        assert_eq!(SigningKey::from_pkcs8_pem(&pem), Ok(key));
    }
}

#[test]
fn verifying_key_round_trips_der_and_pem() {
    for seed in seeds() {
        let vk = SigningKey::from_seed(&seed).verifying_key();
        let der = vk.to_public_key_der().expect("encode");
        assert_eq!(VerifyingKey::from_public_key_der(der.as_bytes()), Ok(vk));
        let pem = vk.to_public_key_pem(LineEnding::CRLF).expect("encode");
        assert!(pem.starts_with("-----BEGIN PUBLIC KEY-----\r\n"));
        assert_eq!(VerifyingKey::from_public_key_pem(&pem), Ok(vk));
    }
}

#[test]
fn documents_are_the_bytes_ed25519_dalek_writes_and_load_both_ways() {
    for seed in seeds() {
        let ours = SigningKey::from_seed(&seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);

        let our_der = ours.to_pkcs8_der().expect("encode");
        let their_der = theirs.to_pkcs8_der().expect("encode");
        assert_eq!(our_der.as_bytes(), their_der.as_bytes());
        // Each loads the other's document as the same key.
        let loaded = ed25519_dalek::SigningKey::from_pkcs8_der(our_der.as_bytes()).expect("dalek");
        assert_eq!(loaded.to_bytes(), seed);
        assert_eq!(
            SigningKey::from_pkcs8_der(their_der.as_bytes()),
            Ok(ours.clone())
        );

        let our_pem = ours.to_pkcs8_pem(LineEnding::LF).expect("encode");
        let their_pem = theirs.to_pkcs8_pem(LineEnding::LF).expect("encode");
        assert_eq!(*our_pem, *their_pem);
        assert_eq!(SigningKey::from_pkcs8_pem(&their_pem), Ok(ours.clone()));

        let vk = ours.verifying_key();
        let dvk = theirs.verifying_key();
        let our_spki = vk.to_public_key_der().expect("encode");
        let their_spki = dvk.to_public_key_der().expect("encode");
        assert_eq!(our_spki.as_bytes(), their_spki.as_bytes());
        assert_eq!(
            ed25519_dalek::VerifyingKey::from_public_key_der(our_spki.as_bytes())
                .expect("dalek")
                .to_bytes(),
            vk.to_bytes()
        );
        assert_eq!(
            VerifyingKey::from_public_key_der(their_spki.as_bytes()),
            Ok(vk)
        );
        let their_spki_pem = dvk.to_public_key_pem(LineEnding::LF).expect("encode");
        assert_eq!(
            vk.to_public_key_pem(LineEnding::LF).expect("encode"),
            their_spki_pem
        );
        assert_eq!(VerifyingKey::from_public_key_pem(&their_spki_pem), Ok(vk));
    }
}

#[test]
fn rfc8410_example_keys() {
    let key = SigningKey::from_pkcs8_pem(RFC8410_PRIVATE_PEM).expect("RFC 8410 §10.3");
    assert_eq!(key.to_bytes(), hex32(RFC8410_SEED));
    let vk = VerifyingKey::from_public_key_pem(RFC8410_PUBLIC_PEM).expect("RFC 8410 §10.1");
    assert_eq!(vk.to_bytes(), hex32(RFC8410_PUBLIC));
    // The two examples are one key pair (ed25519-dalek, independently).
    let dalek = ed25519_dalek::SigningKey::from_pkcs8_pem(RFC8410_PRIVATE_PEM).expect("dalek");
    assert_eq!(dalek.verifying_key().to_bytes(), hex32(RFC8410_PUBLIC));
    assert_eq!(key.verifying_key(), vk);
    // The public key document is exactly what we write for that key.
    assert_eq!(
        vk.to_public_key_pem(LineEnding::LF).expect("encode"),
        RFC8410_PUBLIC_PEM
    );
}

#[test]
fn keypair_bytes_conversions() {
    for seed in seeds() {
        let key = SigningKey::from_seed(&seed);
        let pair = KeypairBytes::from(&key);
        assert_eq!(pair.secret_key, seed);
        assert_eq!(
            pair.public_key.map(|p| p.0),
            Some(key.verifying_key().to_bytes())
        );
        assert_eq!(SigningKey::try_from(&pair), Ok(key.clone()));
        // A version 1 document has no public key: the seed alone decides.
        let v1 = KeypairBytes {
            secret_key: seed,
            public_key: None,
        };
        assert_eq!(SigningKey::try_from(v1), Ok(key.clone()));
        let pk = PublicKeyBytes::from(key.verifying_key());
        assert_eq!(VerifyingKey::try_from(pk), Ok(key.verifying_key()));
    }
}

#[test]
fn mismatched_public_key_in_a_v2_document_is_an_error() {
    let key = SigningKey::from_seed(&[1u8; 32]);
    let other = SigningKey::from_seed(&[2u8; 32]).verifying_key();
    let pair = KeypairBytes {
        secret_key: key.to_bytes(),
        public_key: Some(PublicKeyBytes(other.to_bytes())),
    };
    let expected = Err(edwards25519::ed25519::pkcs8::Error::KeyMalformed(
        edwards25519::ed25519::pkcs8::KeyError::Invalid,
    ));
    assert_eq!(SigningKey::try_from(&pair), expected);
    // The same through a document (written by the ed25519 crate's encoder).
    let der = pair.to_pkcs8_der().expect("encode");
    assert_eq!(SigningKey::from_pkcs8_der(der.as_bytes()), expected);
    // ed25519-dalek refuses it too.
    assert!(ed25519_dalek::SigningKey::from_pkcs8_der(der.as_bytes()).is_err());
    // A public key that is not a point at all: refused as well.
    let not_a_point = KeypairBytes {
        secret_key: key.to_bytes(),
        public_key: Some(PublicKeyBytes(hex32(
            "0200000000000000000000000000000000000000000000000000000000000000",
        ))),
    };
    let der = not_a_point.to_pkcs8_der().expect("encode");
    assert_eq!(SigningKey::from_pkcs8_der(der.as_bytes()), expected);
}

#[test]
fn bad_documents_are_typed_errors() {
    use edwards25519::ed25519::pkcs8::spki;
    // A public key that is not a point (y = 2 has no x): KeyMalformed, not a panic.
    let bad = PublicKeyBytes(hex32(
        "0200000000000000000000000000000000000000000000000000000000000000",
    ));
    assert!(VerifyingKey::from_bytes(&bad.0).is_err());
    let der = bad.to_public_key_der().expect("encode");
    assert_eq!(
        VerifyingKey::from_public_key_der(der.as_bytes()),
        Err(spki::Error::KeyMalformed)
    );
    // Truncated and empty documents.
    let good = SigningKey::from_seed(&[3u8; 32])
        .to_pkcs8_der()
        .expect("encode");
    for len in [0, 1, 10, good.as_bytes().len() - 1] {
        assert!(SigningKey::from_pkcs8_der(&good.as_bytes()[..len]).is_err());
    }
    let spki_der = SigningKey::from_seed(&[3u8; 32])
        .verifying_key()
        .to_public_key_der()
        .expect("encode");
    for len in [0, 1, 10, spki_der.as_bytes().len() - 1] {
        assert!(VerifyingKey::from_public_key_der(&spki_der.as_bytes()[..len]).is_err());
    }
    // A public key document is not a private key document, and PEM labels are checked.
    assert!(SigningKey::from_pkcs8_der(spki_der.as_bytes()).is_err());
    assert!(SigningKey::from_pkcs8_pem(RFC8410_PUBLIC_PEM).is_err());
    assert!(VerifyingKey::from_public_key_pem(RFC8410_PRIVATE_PEM).is_err());
    assert!(SigningKey::from_pkcs8_pem("not pem").is_err());
}
