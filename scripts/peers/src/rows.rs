//! The rows: each operation set up on the same inputs for every library that has it, the
//! outputs checked against ours before anything is timed.
//!
//! Peers: curve25519-dalek 5 (its AVX2 backend, or IFMA when built with the target
//! features on, chosen at run time), ed25519-dalek 3, x25519-dalek 3, fiat-crypto's
//! `curve25519_64` field, aws-lc-rs (AWS-LC; its X25519 is s2n-bignum's assembly), ring
//! (BoringSSL's fiat-based C and assembly), libcrux (HACL*'s verified Rust, portable
//! radix 2^51), and libsodium when the system has it.

use std::hint::black_box;

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint as DRistretto};
use curve25519_dalek::scalar::Scalar as DScalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use edwards25519::ristretto::RistrettoPoint;
use edwards25519::{FieldElement, Point, Scalar, ed25519, montgomery};

#[cfg(sodium)]
use crate::sodium;
use crate::{Entry, OURS, Row};

/// Row names, in output order.
const NAMES: &[&str] = &[
    // X25519 (RFC 7748)
    "X25519",
    "X25519Base",
    "X25519Batch/64",
    "X25519BaseBatch/64",
    // Ed25519 (RFC 8032)
    "Ed25519 KeyGeneration",
    "Ed25519 Signing",
    "Ed25519 Verification",
    "Ed25519 VerificationStrict",
    "Ed25519 VerificationPrecomputed",
    "Ed25519 SigningPh",
    "Ed25519 VerificationPh",
    "Ed25519 VerifyBatch/64",
    "Ed25519 VerifyBatch/1024",
    // the group
    "ScalarBaseMult",
    "ScalarMult",
    "VarTimeDoubleScalarBaseMult",
    "VarTimeMultiScalarMult/64",
    "VarTimeMultiScalarMult/1024",
    "FixedBaseTable mul",
    "FixedBaseTable new",
    "VarTimePrecomputedMultiScalarMult/64",
    "EncodingBatch/64",
    "DecodingBatch/64",
    "EncodingDecoding",
    "RistrettoEncodingDecoding",
    "RistrettoScalarBaseMult",
    "RistrettoScalarMult",
    "RistrettoFromUniformBytes",
    "RistrettoDoubleAndEncodeBatch/64",
    "HashToCurve",
    "EncodeToCurve",
    // the field
    "FieldMultiply x1000",
    "FieldSquare x1000",
];

pub fn names() -> &'static [&'static str] {
    NAMES
}

/// Deterministic pseudo-random bytes (xorshift64), the same inputs for every library.
struct Bytes(u64);

impl Bytes {
    fn next<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        for b in out.iter_mut() {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            *b = self.0 as u8;
        }
        out
    }
}

/// The same scalar in both libraries.
fn scalar(r: &mut Bytes) -> (Scalar, DScalar) {
    let ours = Scalar::from_bytes_mod_order_wide(&r.next());
    let theirs = DScalar::from_canonical_bytes(ours.to_bytes()).expect("canonical");
    (ours, theirs)
}

/// The same point (a random multiple of the base point) in both libraries.
fn point(r: &mut Bytes) -> (Point, EdwardsPoint) {
    let p = Point::mul_base(&scalar(r).0);
    let q = CompressedEdwardsY(p.to_bytes())
        .decompress()
        .expect("valid point");
    (p, q)
}

const MSG: &[u8] = b"The same message for every library, signed and verified in the same run.";

/// libsodium's entry, or its "not installed" placeholder.
#[cfg(sodium)]
fn sodium_entry<R>(note: &'static str, f: impl FnMut() -> R + 'static) -> Entry {
    assert!(sodium::init(), "sodium_init");
    Entry::noted("libsodium", note, f)
}

#[cfg(not(sodium))]
fn sodium_missing() -> Entry {
    Entry::missing("libsodium", "not installed")
}

pub fn build(name: &str) -> Row {
    let entries = match name {
        "X25519" => x25519(),
        "X25519Base" => x25519_base(),
        "X25519Batch/64" => x25519_batch(),
        "X25519BaseBatch/64" => x25519_base_batch(),
        "Ed25519 KeyGeneration" => ed25519_keygen(),
        "Ed25519 Signing" => ed25519_sign(),
        "Ed25519 Verification" => ed25519_verify(),
        n if n.starts_with("Ed25519") => ed25519_dalek_only(n),
        "FieldMultiply x1000" | "FieldSquare x1000" => field(name),
        n if n.contains("Ristretto") => ristretto(n),
        _ => group(name),
    };
    Row {
        name: name.to_owned(),
        entries,
    }
}

/// X25519 of a secret and a peer's u-coordinate, the secret's key object (where the
/// library has one) made once, the shared secret's 32 bytes out.
fn x25519() -> Vec<Entry> {
    use aws_lc_rs::agreement as aws;
    use ring::agreement as rg;
    let mut r = Bytes(0x5eed_0000_2551_9001);
    let k: [u8; 32] = r.next();
    let u = point(&mut r).0.to_montgomery().0;
    let want = montgomery::x25519(k, u);

    let xs = x25519_dalek::StaticSecret::from(k);
    let xu = x25519_dalek::PublicKey::from(u);
    assert_eq!(xs.diffie_hellman(&xu).to_bytes(), want, "x25519-dalek");
    let du = curve25519_dalek::montgomery::MontgomeryPoint(u);
    assert_eq!(du.mul_clamped(k).0, want, "curve25519-dalek");

    let aws_key = aws::PrivateKey::from_private_key(&aws::X25519, &k).expect("aws-lc-rs key");
    let aws_agree = move |key: &aws::PrivateKey| {
        aws::agree(
            key,
            aws::UnparsedPublicKey::new(&aws::X25519, black_box(&u)),
            (),
            |s| Ok(<[u8; 32]>::try_from(s).expect("32 bytes")),
        )
        .expect("aws-lc-rs agree")
    };
    assert_eq!(aws_agree(&aws_key), want, "aws-lc-rs");

    // ring's only X25519 private key is an ephemeral one, generated from its RNG and
    // used once: its key generation is in every call. Checked both ways against ours.
    let rng = ring::rand::SystemRandom::new();
    let ring_key = rg::EphemeralPrivateKey::generate(&rg::X25519, &rng).expect("ring key");
    let ring_pub: [u8; 32] = ring_key
        .compute_public_key()
        .expect("ring public key")
        .as_ref()
        .try_into()
        .expect("32 bytes");
    let our_pub = montgomery::MontgomeryPoint::mul_base_clamped(k).0;
    let ring_shared = rg::agree_ephemeral(
        ring_key,
        &rg::UnparsedPublicKey::new(&rg::X25519, our_pub),
        |s| <[u8; 32]>::try_from(s).expect("32 bytes"),
    )
    .expect("ring agree");
    assert_eq!(ring_shared, montgomery::x25519(k, ring_pub), "ring");

    let mut out = [0u8; 32];
    assert!(
        libcrux_curve25519::ecdh(&mut out, &u, &k).is_ok(),
        "libcrux ecdh"
    );
    assert_eq!(out, want, "libcrux");

    #[cfg(sodium)]
    let sodium = {
        assert!(sodium::init(), "sodium_init");
        assert_eq!(sodium::scalarmult(&k, &u), Some(want), "libsodium");
        sodium_entry("", move || sodium::scalarmult(black_box(&k), black_box(&u)))
    };
    #[cfg(not(sodium))]
    let sodium = sodium_missing();

    vec![
        Entry::new(OURS, move || montgomery::x25519(black_box(k), black_box(u))),
        Entry::new("x25519-dalek", move || {
            black_box(&xs).diffie_hellman(black_box(&xu)).to_bytes()
        }),
        Entry::new("curve25519-dalek", move || {
            black_box(du).mul_clamped(black_box(k))
        }),
        Entry::new("aws-lc-rs", move || aws_agree(black_box(&aws_key))),
        Entry::noted("ring", "with its key generation (RNG)", move || {
            let key = rg::EphemeralPrivateKey::generate(&rg::X25519, &rng).expect("ring key");
            rg::agree_ephemeral(
                key,
                &rg::UnparsedPublicKey::new(&rg::X25519, black_box(&u)),
                |s| <[u8; 32]>::try_from(s).expect("32 bytes"),
            )
            .expect("ring agree")
        }),
        Entry::new("libcrux", move || {
            let mut out = [0u8; 32];
            let ok = libcrux_curve25519::ecdh(&mut out, black_box(&u), black_box(&k)).is_ok();
            (ok, out)
        }),
        sodium,
    ]
}

/// An X25519 public key from a secret's 32 bytes.
fn x25519_base() -> Vec<Entry> {
    use aws_lc_rs::agreement as aws;
    use ring::agreement as rg;
    let mut r = Bytes(0x5eed_0000_2551_9002);
    let k: [u8; 32] = r.next();
    let want = montgomery::MontgomeryPoint::mul_base_clamped(k).0;
    assert_eq!(montgomery::x25519(k, montgomery::X25519_BASEPOINT), want);

    let xs = x25519_dalek::StaticSecret::from(k);
    assert_eq!(
        x25519_dalek::PublicKey::from(&xs).to_bytes(),
        want,
        "x25519-dalek"
    );
    use curve25519_dalek::montgomery::MontgomeryPoint as DM;
    assert_eq!(DM::mul_base_clamped(k).0, want, "curve25519-dalek");
    // aws-lc-rs: a parsed key caches its public key, so the parse is in every call.
    let aws_pub = move || {
        let key = aws::PrivateKey::from_private_key(&aws::X25519, black_box(&k)).expect("key");
        <[u8; 32]>::try_from(key.compute_public_key().expect("public key").as_ref()).expect("32")
    };
    assert_eq!(aws_pub(), want, "aws-lc-rs");
    let rng = ring::rand::SystemRandom::new();
    let mut out = [0u8; 32];
    libcrux_curve25519::secret_to_public(&mut out, &k);
    assert_eq!(out, want, "libcrux");

    #[cfg(sodium)]
    let sodium = {
        assert!(sodium::init(), "sodium_init");
        assert_eq!(sodium::scalarmult_base(&k), want, "libsodium");
        sodium_entry("", move || sodium::scalarmult_base(black_box(&k)))
    };
    #[cfg(not(sodium))]
    let sodium = sodium_missing();

    vec![
        Entry::new(OURS, move || {
            montgomery::MontgomeryPoint::mul_base_clamped(black_box(k))
        }),
        Entry::noted("x25519-dalek", "", move || {
            x25519_dalek::PublicKey::from(&x25519_dalek::StaticSecret::from(black_box(k)))
        }),
        Entry::new("curve25519-dalek", move || {
            DM::mul_base_clamped(black_box(k))
        }),
        Entry::noted(
            "aws-lc-rs",
            "from_private_key + compute_public_key",
            aws_pub,
        ),
        Entry::noted("ring", "with its key generation (RNG)", move || {
            let key = rg::EphemeralPrivateKey::generate(&rg::X25519, &rng).expect("ring key");
            let public = key.compute_public_key().expect("public key");
            <[u8; 32]>::try_from(public.as_ref()).expect("32 bytes")
        }),
        Entry::new("libcrux", move || {
            let mut out = [0u8; 32];
            libcrux_curve25519::secret_to_public(&mut out, black_box(&k));
            out
        }),
        sodium,
    ]
}

/// 64 X25519 shared secrets from 64 secrets and 64 peer u-coordinates: ours in one
/// `x25519_batch` call, the peers in 64 single calls, so the ratio is per secret.
fn x25519_batch() -> Vec<Entry> {
    use aws_lc_rs::agreement as aws;
    let mut r = Bytes(0x5eed_0000_2551_9003);
    let ks: Vec<[u8; 32]> = (0..64).map(|_| r.next()).collect();
    let us: Vec<[u8; 32]> = (0..64).map(|_| point(&mut r).0.to_montgomery().0).collect();
    let want: Vec<[u8; 32]> = ks
        .iter()
        .zip(&us)
        .map(|(k, u)| montgomery::x25519(*k, *u))
        .collect();
    assert_eq!(
        montgomery::x25519_batch(&ks, &us).expect("lengths"),
        want,
        "x25519_batch"
    );
    let xs: Vec<_> = ks
        .iter()
        .map(|k| x25519_dalek::StaticSecret::from(*k))
        .collect();
    let xu: Vec<_> = us
        .iter()
        .map(|u| x25519_dalek::PublicKey::from(*u))
        .collect();
    let aws_keys: Vec<_> = ks
        .iter()
        .map(|k| aws::PrivateKey::from_private_key(&aws::X25519, k).expect("aws-lc-rs key"))
        .collect();
    let aws_all = {
        let us = us.clone();
        move |keys: &[aws::PrivateKey]| -> Vec<[u8; 32]> {
            keys.iter()
                .zip(&us)
                .map(|(key, u)| {
                    aws::agree(
                        key,
                        aws::UnparsedPublicKey::new(&aws::X25519, black_box(u)),
                        (),
                        |s| Ok(<[u8; 32]>::try_from(s).expect("32 bytes")),
                    )
                    .expect("aws-lc-rs agree")
                })
                .collect()
        }
    };
    assert_eq!(aws_all(&aws_keys), want, "aws-lc-rs");
    vec![
        Entry::noted(OURS, "x25519_batch of 64", move || {
            montgomery::x25519_batch(black_box(&ks), black_box(&us)).expect("lengths")
        }),
        Entry::noted("x25519-dalek", "64 single calls", move || {
            xs.iter()
                .zip(&xu)
                .map(|(s, u)| black_box(s).diffie_hellman(black_box(u)).to_bytes())
                .collect::<Vec<_>>()
        }),
        Entry::noted("aws-lc-rs", "64 single calls", move || {
            aws_all(black_box(&aws_keys))
        }),
    ]
}

/// 64 X25519 public keys: ours in one `mul_base_clamped_batch` call, the peers in 64
/// single calls (aws-lc-rs: `from_private_key` + `compute_public_key` each).
fn x25519_base_batch() -> Vec<Entry> {
    use aws_lc_rs::agreement as aws;
    let mut r = Bytes(0x5eed_0000_2551_9004);
    let ks: Vec<[u8; 32]> = (0..64).map(|_| r.next()).collect();
    let want: Vec<[u8; 32]> = ks
        .iter()
        .map(|k| montgomery::MontgomeryPoint::mul_base_clamped(*k).0)
        .collect();
    let batch: Vec<[u8; 32]> = montgomery::MontgomeryPoint::mul_base_clamped_batch(&ks)
        .iter()
        .map(|p| p.0)
        .collect();
    assert_eq!(batch, want, "mul_base_clamped_batch");
    let aws_all = move |ks: &[[u8; 32]]| -> Vec<[u8; 32]> {
        ks.iter()
            .map(|k| {
                let key =
                    aws::PrivateKey::from_private_key(&aws::X25519, black_box(k)).expect("key");
                <[u8; 32]>::try_from(key.compute_public_key().expect("public key").as_ref())
                    .expect("32")
            })
            .collect()
    };
    assert_eq!(aws_all(&ks), want, "aws-lc-rs");
    let ks2 = ks.clone();
    let ks3 = ks.clone();
    vec![
        Entry::noted(OURS, "mul_base_clamped_batch of 64", move || {
            montgomery::MontgomeryPoint::mul_base_clamped_batch(black_box(&ks))
        }),
        Entry::noted("x25519-dalek", "64 single calls", move || {
            ks2.iter()
                .map(|k| {
                    x25519_dalek::PublicKey::from(&x25519_dalek::StaticSecret::from(black_box(*k)))
                })
                .collect::<Vec<_>>()
        }),
        Entry::noted("aws-lc-rs", "64 single calls", move || {
            aws_all(black_box(&ks3))
        }),
    ]
}

/// An Ed25519 key pair from a 32-byte seed (RFC 8032 §5.1.5): SHA-512 and one fixed-base
/// multiplication.
fn ed25519_keygen() -> Vec<Entry> {
    use ring::signature::KeyPair as _;
    let seed: [u8; 32] = Bytes(0x5eed_0000_ed25_0001).next();
    let want = ed25519::SigningKey::from_seed(&seed)
        .verifying_key()
        .to_bytes();
    let dalek = ed25519_dalek::SigningKey::from_bytes(&seed);
    assert_eq!(dalek.verifying_key().to_bytes(), want, "ed25519-dalek");
    let aws = aws_lc_rs::signature::Ed25519KeyPair::from_seed_unchecked(&seed).expect("aws");
    assert_eq!(
        aws_lc_rs::signature::KeyPair::public_key(&aws).as_ref(),
        want,
        "aws-lc-rs"
    );
    let rg = ring::signature::Ed25519KeyPair::from_seed_unchecked(&seed).expect("ring");
    assert_eq!(rg.public_key().as_ref(), want, "ring");
    let mut out = [0u8; 32];
    libcrux_ed25519::secret_to_public(&mut out, &seed);
    assert_eq!(out, want, "libcrux");

    #[cfg(sodium)]
    let sodium = {
        assert!(sodium::init(), "sodium_init");
        assert_eq!(sodium::seed_keypair(&seed).0, want, "libsodium");
        sodium_entry("", move || sodium::seed_keypair(black_box(&seed)))
    };
    #[cfg(not(sodium))]
    let sodium = sodium_missing();

    vec![
        Entry::new(OURS, move || {
            ed25519::SigningKey::from_seed(black_box(&seed)).verifying_key()
        }),
        Entry::new("ed25519-dalek", move || {
            ed25519_dalek::SigningKey::from_bytes(black_box(&seed)).verifying_key()
        }),
        Entry::new("aws-lc-rs", move || {
            aws_lc_rs::signature::Ed25519KeyPair::from_seed_unchecked(black_box(&seed))
                .expect("aws")
        }),
        Entry::new("ring", move || {
            ring::signature::Ed25519KeyPair::from_seed_unchecked(black_box(&seed)).expect("ring")
        }),
        Entry::new("libcrux", move || {
            let mut out = [0u8; 32];
            libcrux_ed25519::secret_to_public(&mut out, black_box(&seed));
            out
        }),
        sodium,
    ]
}

/// Signing MSG with a key made once (every library's signatures are the same bytes).
fn ed25519_sign() -> Vec<Entry> {
    use ed25519_dalek::Signer as _;
    let seed: [u8; 32] = Bytes(0x5eed_0000_ed25_0002).next();
    let ours = ed25519::SigningKey::from_seed(&seed);
    let want = ours.sign(MSG).to_bytes();
    let dalek = ed25519_dalek::SigningKey::from_bytes(&seed);
    assert_eq!(dalek.sign(MSG).to_bytes(), want, "ed25519-dalek");
    let aws = aws_lc_rs::signature::Ed25519KeyPair::from_seed_unchecked(&seed).expect("aws");
    assert_eq!(aws.sign(MSG).as_ref(), want, "aws-lc-rs");
    let rg = ring::signature::Ed25519KeyPair::from_seed_unchecked(&seed).expect("ring");
    assert_eq!(rg.sign(MSG).as_ref(), want, "ring");
    assert_eq!(
        libcrux_ed25519::sign(MSG, &seed).expect("libcrux"),
        want,
        "libcrux"
    );

    #[cfg(sodium)]
    let sodium = {
        assert!(sodium::init(), "sodium_init");
        let sk = sodium::seed_keypair(&seed).1;
        assert_eq!(sodium::sign(MSG, &sk), want, "libsodium");
        sodium_entry("", move || sodium::sign(black_box(MSG), &sk))
    };
    #[cfg(not(sodium))]
    let sodium = sodium_missing();

    vec![
        Entry::new(OURS, move || ours.sign(black_box(MSG))),
        Entry::new("ed25519-dalek", move || dalek.sign(black_box(MSG))),
        Entry::new("aws-lc-rs", move || aws.sign(black_box(MSG))),
        Entry::new("ring", move || rg.sign(black_box(MSG))),
        Entry::noted(
            "libcrux",
            "from the seed: derives the key in every call",
            move || libcrux_ed25519::sign(black_box(MSG), black_box(&seed)).expect("libcrux"),
        ),
        sodium,
    ]
}

/// Verifying a valid signature of MSG (each library's default verification rule).
fn ed25519_verify() -> Vec<Entry> {
    let seed: [u8; 32] = Bytes(0x5eed_0000_ed25_0003).next();
    let key = ed25519::SigningKey::from_seed(&seed);
    let (vk, sig) = (key.verifying_key(), key.sign(MSG));
    let (pk, sb) = (vk.to_bytes(), sig.to_bytes());
    let dvk = ed25519_dalek::VerifyingKey::from_bytes(&pk).expect("dalek key");
    let dsig = ed25519_dalek::Signature::from_bytes(&sb);
    use ed25519_dalek::Verifier as _;
    assert!(dvk.verify(MSG, &dsig).is_ok(), "ed25519-dalek");
    let aws = aws_lc_rs::signature::UnparsedPublicKey::new(&aws_lc_rs::signature::ED25519, pk);
    assert!(aws.verify(MSG, &sb).is_ok(), "aws-lc-rs");
    let rg = ring::signature::UnparsedPublicKey::new(&ring::signature::ED25519, pk);
    assert!(rg.verify(MSG, &sb).is_ok(), "ring");
    assert!(libcrux_ed25519::verify(MSG, &pk, &sb).is_ok(), "libcrux");

    #[cfg(sodium)]
    let sodium = {
        assert!(sodium::init(), "sodium_init");
        assert!(sodium::verify(&sb, MSG, &pk), "libsodium");
        sodium_entry("", move || {
            sodium::verify(black_box(&sb), black_box(MSG), &pk)
        })
    };
    #[cfg(not(sodium))]
    let sodium = sodium_missing();

    vec![
        Entry::new(OURS, move || {
            vk.verify(black_box(MSG), black_box(&sig)).is_ok()
        }),
        Entry::new("ed25519-dalek", move || {
            dvk.verify(black_box(MSG), black_box(&dsig)).is_ok()
        }),
        Entry::noted("aws-lc-rs", "parses the key in every call", move || {
            aws.verify(black_box(MSG), black_box(&sb)).is_ok()
        }),
        Entry::noted("ring", "parses the key in every call", move || {
            rg.verify(black_box(MSG), black_box(&sb)).is_ok()
        }),
        Entry::noted("libcrux", "parses the key in every call", move || {
            libcrux_ed25519::verify(black_box(MSG), &pk, black_box(&sb)).is_ok()
        }),
        sodium,
    ]
}

/// The messages of a batch as the slices both libraries take.
fn refs(m: &[[u8; 32]]) -> Vec<&[u8]> {
    m.iter().map(|m| &m[..]).collect()
}

/// The Ed25519 rows only ed25519-dalek has a counterpart for.
fn ed25519_dalek_only(name: &str) -> Vec<Entry> {
    use ed25519_dalek::{Signer as _, Verifier as _};
    use sha2::{Digest, Sha512};
    let mut r = Bytes(0x5eed_0000_ed25_0004);
    let seed: [u8; 32] = r.next();
    let ours = ed25519::SigningKey::from_seed(&seed);
    let (vk, sig) = (ours.verifying_key(), ours.sign(MSG));
    let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
    let dvk = theirs.verifying_key();
    let dsig = ed25519_dalek::Signature::from_bytes(&sig.to_bytes());
    let ctx: &'static [u8] = b"peers/ph";
    match name {
        "Ed25519 VerificationStrict" => {
            assert!(dvk.verify_strict(MSG, &dsig).is_ok());
            vec![
                Entry::new(OURS, move || vk.verify_strict(black_box(MSG), &sig).is_ok()),
                Entry::new("ed25519-dalek", move || {
                    dvk.verify_strict(black_box(MSG), &dsig).is_ok()
                }),
            ]
        }
        "Ed25519 VerificationPrecomputed" => {
            // A key verifying many signatures, its tables built once; ed25519-dalek has
            // no such form, so its plain verify is the peer.
            let pre = vk.precompute();
            vec![
                Entry::new(OURS, move || pre.verify(black_box(MSG), &sig).is_ok()),
                Entry::noted("ed25519-dalek", "plain verify", move || {
                    dvk.verify(black_box(MSG), &dsig).is_ok()
                }),
            ]
        }
        "Ed25519 SigningPh" => {
            // Ed25519ph (RFC 8032 §5.1) with a context, SHA-512 of the message included.
            let want = ours.sign_ph(MSG, ctx).expect("short context").to_bytes();
            let got = theirs
                .sign_prehashed(Sha512::new().chain_update(MSG), Some(ctx))
                .expect("short context");
            assert_eq!(got.to_bytes(), want, "ed25519-dalek");
            vec![
                Entry::new(OURS, move || ours.sign_ph(black_box(MSG), ctx)),
                Entry::new("ed25519-dalek", move || {
                    theirs.sign_prehashed(Sha512::new().chain_update(black_box(MSG)), Some(ctx))
                }),
            ]
        }
        "Ed25519 VerificationPh" => {
            let ph = ours.sign_ph(MSG, ctx).expect("short context");
            let dph = ed25519_dalek::Signature::from_bytes(&ph.to_bytes());
            assert!(
                dvk.verify_prehashed(Sha512::new().chain_update(MSG), Some(ctx), &dph)
                    .is_ok()
            );
            vec![
                Entry::new(OURS, move || vk.verify_ph(black_box(MSG), ctx, &ph).is_ok()),
                Entry::new("ed25519-dalek", move || {
                    dvk.verify_prehashed(
                        Sha512::new().chain_update(black_box(MSG)),
                        Some(ctx),
                        &dph,
                    )
                    .is_ok()
                }),
            ]
        }
        _ => {
            // VerifyBatch/n: n distinct keys and messages, the same signatures for both.
            let n: usize = name
                .rsplit('/')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("size");
            let seeds: Vec<[u8; 32]> = (0..n).map(|_| r.next()).collect();
            let msgs: Vec<[u8; 32]> = (0..n).map(|_| r.next()).collect();
            let keys: Vec<_> = seeds.iter().map(ed25519::SigningKey::from_seed).collect();
            let vks: Vec<_> = keys.iter().map(|k| k.verifying_key()).collect();
            let sigs: Vec<_> = keys.iter().zip(&msgs).map(|(k, m)| k.sign(m)).collect();
            let dkeys: Vec<_> = seeds
                .iter()
                .map(ed25519_dalek::SigningKey::from_bytes)
                .collect();
            let dvks: Vec<_> = dkeys.iter().map(|k| k.verifying_key()).collect();
            let dsigs: Vec<_> = dkeys.iter().zip(&msgs).map(|(k, m)| k.sign(m)).collect();
            let msgs2 = msgs.clone();
            let mut rng = rand::rng();
            assert!(ed25519::verify_batch(&refs(&msgs), &sigs, &vks, &mut rng).is_ok());
            assert!(ed25519_dalek::verify_batch(&refs(&msgs), &dsigs, &dvks).is_ok());
            vec![
                Entry::new(OURS, move || {
                    ed25519::verify_batch(&refs(&msgs), &sigs, &vks, &mut rng).is_ok()
                }),
                Entry::new("ed25519-dalek", move || {
                    ed25519_dalek::verify_batch(&refs(&msgs2), &dsigs, &dvks).is_ok()
                }),
            ]
        }
    }
}

/// The group operations against curve25519-dalek's `EdwardsPoint`, the same points and
/// scalars on both sides.
fn group(name: &str) -> Vec<Entry> {
    use curve25519_dalek::edwards::{EdwardsBasepointTable, VartimeEdwardsPrecomputation};
    use curve25519_dalek::traits::{BasepointTable as _, VartimePrecomputedMultiscalarMul as _};
    let mut r = Bytes(0x5eed_0000_0000_0001);
    let (s, ds) = scalar(&mut r);
    let (t, dt) = scalar(&mut r);
    let (p, dp) = point(&mut r);
    let same = |a: Point, b: EdwardsPoint| assert_eq!(a.to_bytes(), b.compress().0, "{name}");
    let dalek = "curve25519-dalek";
    let many = |r: &mut Bytes, n: usize| {
        let (ss, dss): (Vec<_>, Vec<_>) = (0..n).map(|_| scalar(r)).unzip();
        let (ps, dps): (Vec<_>, Vec<_>) = (0..n).map(|_| point(r)).unzip();
        (ss, dss, ps, dps)
    };
    match name {
        "ScalarBaseMult" => {
            same(Point::mul_base(&s), EdwardsPoint::mul_base(&ds));
            vec![
                Entry::new(OURS, move || Point::mul_base(black_box(&s))),
                Entry::new(dalek, move || EdwardsPoint::mul_base(black_box(&ds))),
            ]
        }
        "ScalarMult" => {
            same(p * s, dp * ds);
            vec![
                Entry::new(OURS, move || black_box(&p) * black_box(&s)),
                Entry::new(dalek, move || black_box(&dp) * black_box(&ds)),
            ]
        }
        "VarTimeDoubleScalarBaseMult" => {
            same(
                Point::vartime_double_scalar_mul_basepoint(&s, &p, &t),
                EdwardsPoint::vartime_double_scalar_mul_basepoint(&ds, &dp, &dt),
            );
            vec![
                Entry::new(OURS, move || {
                    Point::vartime_double_scalar_mul_basepoint(black_box(&s), &p, &t)
                }),
                Entry::new(dalek, move || {
                    EdwardsPoint::vartime_double_scalar_mul_basepoint(black_box(&ds), &dp, &dt)
                }),
            ]
        }
        "VarTimeMultiScalarMult/64" | "VarTimeMultiScalarMult/1024" => {
            let n = if name.ends_with("/64") { 64 } else { 1024 };
            let (ss, dss, ps, dps) = many(&mut r, n);
            same(
                Point::vartime_multiscalar_mul(&ss, &ps),
                EdwardsPoint::vartime_multiscalar_mul(&dss, &dps),
            );
            vec![
                Entry::new(OURS, move || {
                    Point::vartime_multiscalar_mul(black_box(&ss), &ps)
                }),
                Entry::new(dalek, move || {
                    EdwardsPoint::vartime_multiscalar_mul(black_box(&dss), &dps)
                }),
            ]
        }
        "FixedBaseTable mul" => {
            let ours = edwards25519::FixedBaseTable::new(&p);
            let theirs = EdwardsBasepointTable::create(&dp);
            same(ours.mul(&s), &theirs * &ds);
            vec![
                Entry::new(OURS, move || ours.mul(black_box(&s))),
                Entry::noted(dalek, "EdwardsBasepointTable", move || {
                    &theirs * black_box(&ds)
                }),
            ]
        }
        "FixedBaseTable new" => vec![
            Entry::new(OURS, move || {
                edwards25519::FixedBaseTable::new(black_box(&p))
            }),
            Entry::noted(dalek, "EdwardsBasepointTable::create", move || {
                EdwardsBasepointTable::create(black_box(&dp))
            }),
        ],
        "VarTimePrecomputedMultiScalarMult/64" => {
            let (ss, dss, ps, dps) = many(&mut r, 64);
            let ours = edwards25519::VartimePrecomputedMultiscalar::new(&ps);
            let theirs = VartimeEdwardsPrecomputation::new(&dps);
            same(
                ours.vartime_multiscalar_mul(&ss),
                theirs.vartime_multiscalar_mul(&dss),
            );
            vec![
                Entry::new(OURS, move || ours.vartime_multiscalar_mul(black_box(&ss))),
                Entry::noted(dalek, "VartimeEdwardsPrecomputation", move || {
                    theirs.vartime_multiscalar_mul(black_box(&dss))
                }),
            ]
        }
        "EncodingBatch/64" => {
            let (_, _, ps, dps) = many(&mut r, 64);
            let darr: [EdwardsPoint; 64] = dps.try_into().expect("64 points");
            let want: Vec<[u8; 32]> = EdwardsPoint::compress_batch(&darr)
                .iter()
                .map(|c| c.0)
                .collect();
            assert_eq!(Point::to_bytes_batch(&ps), want, "{name}");
            vec![
                Entry::new(OURS, move || Point::to_bytes_batch(black_box(&ps))),
                Entry::noted(dalek, "compress_batch", move || {
                    EdwardsPoint::compress_batch(black_box(&darr))
                }),
            ]
        }
        // Ours in one `from_bytes_batch` call of 64, dalek in 64 single `decompress`
        // calls, so the ratio is per point.
        "DecodingBatch/64" => {
            let (_, _, ps, _) = many(&mut r, 64);
            let encs: Vec<[u8; 32]> = ps.iter().map(Point::to_bytes).collect();
            let ours: Vec<Point> = Point::from_bytes_batch(&encs)
                .into_iter()
                .map(|p| p.expect("valid"))
                .collect();
            assert_eq!(ours, ps, "{name}");
            for (e, p) in encs.iter().zip(&ps) {
                let d = CompressedEdwardsY(*e).decompress().expect("valid");
                assert_eq!(d.compress().0, p.to_bytes(), "{name}, dalek");
            }
            let dencs = encs.clone();
            vec![
                Entry::new(OURS, move || Point::from_bytes_batch(black_box(&encs))),
                Entry::noted(dalek, "64 single decompress calls", move || {
                    black_box(&dencs)
                        .iter()
                        .map(|e| CompressedEdwardsY(*e).decompress())
                        .collect::<Vec<_>>()
                }),
            ]
        }
        "EncodingDecoding" => {
            let enc = p.to_bytes();
            vec![
                Entry::new(OURS, move || {
                    Point::from_bytes(black_box(&enc))
                        .expect("valid")
                        .to_bytes()
                }),
                Entry::new(dalek, move || {
                    CompressedEdwardsY(*black_box(&enc))
                        .decompress()
                        .expect("valid")
                        .compress()
                }),
            ]
        }
        "HashToCurve" | "EncodeToCurve" => {
            // RFC 9380's edwards25519 suites with SHA-512, a 32-byte message.
            let msg: [u8; 32] = r.next();
            let ro = name == "HashToCurve";
            let dst: &'static [u8] = if ro {
                b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_"
            } else {
                b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_NU_"
            };
            let ours = move |m: &[u8; 32]| {
                if ro {
                    Point::hash_to_curve(m, dst)
                } else {
                    Point::encode_to_curve(m, dst)
                }
            };
            let theirs = move |m: &[u8; 32]| {
                if ro {
                    EdwardsPoint::hash_to_curve::<sha2::Sha512>(&[m], &[dst])
                } else {
                    EdwardsPoint::encode_to_curve::<sha2::Sha512>(&[m], &[dst])
                }
            };
            same(ours(&msg), theirs(&msg));
            vec![
                Entry::new(OURS, move || ours(black_box(&msg))),
                Entry::new(dalek, move || theirs(black_box(&msg))),
            ]
        }
        _ => panic!("no row {name}"),
    }
}

/// ristretto255 against curve25519-dalek's `RistrettoPoint`, on the same elements.
fn ristretto(name: &str) -> Vec<Entry> {
    let mut r = Bytes(0x5eed_0000_0000_0255);
    let (s, ds) = scalar(&mut r);
    let wide: [u8; 64] = r.next();
    let p = RistrettoPoint::from_uniform_bytes(&wide);
    let dp = DRistretto::from_uniform_bytes(&wide);
    let enc = p.to_bytes();
    assert_eq!(enc, dp.compress().to_bytes(), "ristretto255");
    assert_eq!(
        (p * s).to_bytes(),
        (dp * ds).compress().to_bytes(),
        "ristretto255"
    );
    let dalek = "curve25519-dalek";
    match name {
        "RistrettoEncodingDecoding" => vec![
            Entry::new(OURS, move || {
                RistrettoPoint::from_bytes(black_box(&enc))
                    .expect("valid")
                    .to_bytes()
            }),
            Entry::new(dalek, move || {
                CompressedRistretto(*black_box(&enc))
                    .decompress()
                    .expect("valid")
                    .compress()
            }),
        ],
        "RistrettoScalarBaseMult" => vec![
            Entry::new(OURS, move || RistrettoPoint::mul_base(black_box(&s))),
            Entry::new(dalek, move || DRistretto::mul_base(black_box(&ds))),
        ],
        "RistrettoScalarMult" => vec![
            Entry::new(OURS, move || black_box(&p) * black_box(&s)),
            Entry::new(dalek, move || black_box(&dp) * black_box(&ds)),
        ],
        "RistrettoFromUniformBytes" => vec![
            Entry::new(OURS, move || {
                RistrettoPoint::from_uniform_bytes(black_box(&wide))
            }),
            Entry::new(dalek, move || {
                DRistretto::from_uniform_bytes(black_box(&wide))
            }),
        ],
        "RistrettoDoubleAndEncodeBatch/64" => {
            let (ps, dps): (Vec<RistrettoPoint>, Vec<DRistretto>) = (0..64)
                .map(|_| {
                    let w: [u8; 64] = r.next();
                    (
                        RistrettoPoint::from_uniform_bytes(&w),
                        DRistretto::from_uniform_bytes(&w),
                    )
                })
                .unzip();
            let want: Vec<[u8; 32]> = DRistretto::double_and_compress_batch(&dps)
                .iter()
                .map(|c| c.to_bytes())
                .collect();
            assert_eq!(RistrettoPoint::double_and_encode_batch(&ps), want, "{name}");
            vec![
                Entry::new(OURS, move || {
                    RistrettoPoint::double_and_encode_batch(black_box(&ps))
                }),
                Entry::noted(dalek, "double_and_compress_batch", move || {
                    DRistretto::double_and_compress_batch(black_box(&dps))
                }),
            ]
        }
        _ => panic!("no row {name}"),
    }
}

/// Dependent chains of 1000 field operations (x = x·y, x = x²) through our public
/// `FieldElement`, against fiat-crypto's `curve25519_64` (radix 2^51).
fn field(name: &str) -> Vec<Entry> {
    use fiat_crypto::curve25519_64 as fiat;
    let mut r = Bytes(0x5eed_0000_0000_00fe);
    let (mut xb, mut yb): ([u8; 32], [u8; 32]) = (r.next(), r.next());
    xb[31] &= 0x7f;
    yb[31] &= 0x7f;
    let (x, y) = (FieldElement::from_bytes(&xb), FieldElement::from_bytes(&yb));
    let fiat_elem = |bytes: &[u8; 32]| {
        let mut tight = fiat::fiat_25519_tight_field_element([0; 5]);
        fiat::fiat_25519_from_bytes(&mut tight, bytes);
        let mut loose = fiat::fiat_25519_loose_field_element([0; 5]);
        fiat::fiat_25519_relax(&mut loose, &tight);
        loose
    };
    let (fx, fy) = (fiat_elem(&xb), fiat_elem(&yb));
    let square = name.starts_with("FieldSquare");
    let ours = move || {
        let mut acc = x;
        for _ in 0..1000 {
            acc = if square {
                black_box(acc).square()
            } else {
                black_box(acc) * y
            };
        }
        acc.to_bytes()
    };
    let theirs = move || {
        let mut acc = fx;
        let mut out = fiat::fiat_25519_tight_field_element([0; 5]);
        for _ in 0..1000 {
            if square {
                fiat::fiat_25519_carry_square(&mut out, black_box(&acc));
            } else {
                fiat::fiat_25519_carry_mul(&mut out, black_box(&acc), &fy);
            }
            fiat::fiat_25519_relax(&mut acc, &out);
        }
        let mut bytes = [0u8; 32];
        fiat::fiat_25519_to_bytes(&mut bytes, &out);
        bytes
    };
    assert_eq!(ours(), theirs(), "{name}");
    vec![Entry::new(OURS, ours), Entry::new("fiat-crypto", theirs)]
}
