//! No secret left behind: every secret-taking public function runs on a thread whose
//! stack is memory this test owns, and afterwards that stack and every heap block freed
//! during the call are searched for the secret and its simple transforms (the clamped
//! scalar, the reduced scalar, a scalar's signed radix-16 digits, the nonce and its
//! hash, the hedged randomness). See `edwards25519_test_support::stack_scan` for how,
//! and docs/wiping.md for what is wiped and what cannot be.
//!
//! Its own test binary (not in tests/suite.rs) because it installs a global allocator
//! that records freed heap blocks during a scan; in the suite binary that allocator
//! would see (and copy) every other test's frees.
//!
//! The X25519 cases call the public `montgomery::x25519`, so every ladder is covered by
//! running this test under each forced backend (`EDWARDS25519_BACKEND`), as CI does.
//!
//! In a build with `--cfg edwards25519_skip_wipe` the signing nonce is not wiped, and
//! the signing cases fail: the test can see an unwiped secret.
#![cfg(all(unix, feature = "ed25519", feature = "alloc"))]

use core::hint::black_box;

use curve25519_dalek::Scalar as DalekScalar;
use edwards25519::ed25519::{Signature, SigningKey};
use edwards25519::montgomery::{MontgomeryPoint, x25519};
use edwards25519::ristretto::RistrettoPoint;
use edwards25519::{FixedBaseTable, Point, Scalar};
use edwards25519_test_support::SplitMix64;
use edwards25519_test_support::stack_scan::{Findings, RecordingAllocator, mark, scan};
use sha2::{Digest, Sha512};

#[global_allocator]
static ALLOC: RecordingAllocator = RecordingAllocator;

/// Random-looking secret bytes from a fixed seed (reproducible failures).
fn secret32(seed: u64) -> [u8; 32] {
    SplitMix64(seed).bytes()
}

/// An RNG handing out fixed bytes (the seed of `generate`, the Z of hedged signing).
struct FixedRng([u8; 32], usize);

impl rand_core::TryRng for FixedRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        unimplemented!("only fill_bytes is used")
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        unimplemented!("only fill_bytes is used")
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for d in dst {
            *d = self.0[self.1 % 32];
            self.1 += 1;
        }
        Ok(())
    }
}
impl rand_core::TryCryptoRng for FixedRng {}

/// The secrets of an Ed25519 key: the seed, SHA-512(seed), the clamped scalar, the
/// reduced scalar s and the nonce prefix (the two halves of the hash).
fn key_secrets(seed: &[u8; 32]) -> Vec<(String, Vec<u8>)> {
    let h = Sha512::digest(seed);
    let mut clamped = [0u8; 32];
    clamped.copy_from_slice(&h[..32]);
    clamped[0] &= 248;
    clamped[31] &= 127;
    clamped[31] |= 64;
    let reduced = DalekScalar::from_bytes_mod_order(clamped).to_bytes();
    vec![
        ("seed".into(), seed.to_vec()),
        ("SHA-512(seed)".into(), h.to_vec()),
        ("clamped scalar".into(), clamped.to_vec()),
        ("reduced scalar s".into(), reduced.to_vec()),
    ]
}

/// The nonce's hash SHA-512(dom || prefix || M) and the nonce r = that mod l.
fn nonce_secrets(label: &str, dom: &[u8], prefix: &[u8], m: &[u8]) -> Vec<(String, Vec<u8>)> {
    let digest: [u8; 64] = Sha512::new()
        .chain_update(dom)
        .chain_update(prefix)
        .chain_update(m)
        .finalize()
        .into();
    let r = DalekScalar::from_bytes_mod_order_wide(&digest).to_bytes();
    vec![
        (format!("{label} nonce hash"), digest.to_vec()),
        (format!("{label} nonce r"), r.to_vec()),
    ]
}

fn dom2(phflag: u8, context: &[u8]) -> Vec<u8> {
    let mut d = b"SigEd25519 no Ed25519 collisions".to_vec();
    d.extend_from_slice(&[phflag, context.len() as u8]);
    d.extend_from_slice(context);
    d
}

/// The hedged secrets: Z, SHA-512(prefix || Z), and the nonce derived from prefix'.
fn hedged_secrets(prefix: &[u8], z: &[u8; 32], dom: &[u8], m: &[u8]) -> Vec<(String, Vec<u8>)> {
    let h: [u8; 64] = Sha512::new()
        .chain_update(prefix)
        .chain_update(z)
        .finalize()
        .into();
    let mut out = vec![
        ("Z".to_string(), z.to_vec()),
        ("SHA-512(prefix || Z)".to_string(), h.to_vec()),
    ];
    out.extend(nonce_secrets("hedged", dom, &h[..32], m));
    out
}

fn run<R: Send>(
    op: &str,
    secrets: &[(String, Vec<u8>)],
    f: impl FnOnce() -> R + Send,
) -> (R, Findings) {
    let refs: Vec<(&str, &[u8])> = secrets
        .iter()
        .map(|(n, s)| (n.as_str(), s.as_slice()))
        .collect();
    let (out, findings) = scan(&refs, f);
    println!(
        "{op}: stack used {} bytes, {} scanned; {} bytes of freed heap (recorded: {}); found {:?}",
        findings.stack_used,
        findings.stack_scanned,
        findings.heap_bytes,
        findings.heap_recorded,
        findings.found
    );
    assert!(
        findings.heap_recorded,
        "the recording allocator is not installed"
    );
    (out, findings)
}

/// Fails listing every operation that left a secret behind (all of a test's operations
/// run first, so one failure does not hide the others).
fn assert_all_clean(dirty: &[(String, Vec<(String, String)>)]) {
    let bad: Vec<_> = dirty
        .iter()
        .filter(|(_, found)| !found.is_empty())
        .collect();
    assert!(bad.is_empty(), "secrets left in memory: {bad:#?}");
}

/// The harness must see a secret that is left behind, on the stack and in a freed heap
/// block: a test that can only pass proves nothing.
#[test]
fn harness_finds_planted_secrets() {
    let secret = secret32(1);
    let secrets = vec![("planted".to_string(), secret.to_vec())];

    #[inline(never)]
    fn leave_on_stack(s: &[u8; 32]) -> u8 {
        let copy = *black_box(s);
        black_box(&copy);
        copy[0]
    }
    let leave: fn(&[u8; 32]) -> u8 = black_box(leave_on_stack);
    let (_, f) = run("planted on the stack", &secrets, || {
        mark();
        leave(&secret)
    });
    assert!(
        f.found.iter().any(|(_, at)| at.starts_with("stack")),
        "a secret copied into a callee's frame was not found: {:?}",
        f.found
    );

    let (_, f) = run("planted in a freed heap block", &secrets, || {
        mark();
        let v = black_box(secret.to_vec());
        drop(v);
    });
    assert!(
        f.found.iter().any(|(_, at)| at.starts_with("freed heap")),
        "a secret in a freed heap block was not found: {:?}",
        f.found
    );

    let (_, f) = run("a wiped copy", &secrets, || {
        mark();
        let mut copy = black_box(secret);
        zeroize::Zeroize::zeroize(&mut copy);
    });
    f.assert_clean("a wiped copy");
}

#[test]
fn key_generation_leaves_no_secret() {
    let mut dirty: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let seed = secret32(2);
    let secrets = key_secrets(&seed);
    let mut rng = FixedRng(seed, 0);
    // `generate` and `from_seed` are inlined into their caller (so the key is built
    // where it goes, and no library frame keeps a copy): the mark is in the caller's
    // frame, below which only the library's frames are.
    let generate: fn(&mut FixedRng) -> SigningKey = black_box(|r| {
        mark();
        SigningKey::generate(r)
    });
    let (vk, f) = run("SigningKey::generate", &secrets, || {
        let key = generate(&mut rng);
        key.verifying_key()
    });
    dirty.push(("SigningKey::generate".to_string(), f.found.clone()));
    assert_eq!(vk, SigningKey::from_seed(&seed).verifying_key());

    let from_seed: fn(&[u8; 32]) -> SigningKey = black_box(|s| {
        mark();
        SigningKey::from_seed(s)
    });
    let (_, f) = run("SigningKey::from_seed", &secrets, || {
        from_seed(&seed).verifying_key()
    });
    dirty.push(("SigningKey::from_seed".to_string(), f.found.clone()));
    assert_all_clean(&dirty);
}

#[test]
fn signing_leaves_no_secret() {
    let mut dirty: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let seed = secret32(3);
    let key = Box::new(SigningKey::from_seed(&seed));
    let h = Sha512::digest(seed);
    let prefix = &h[32..];
    let msg = b"a message of a few bytes, signed under a secret key".as_slice();
    let ctx = b"context".as_slice();
    let ph: [u8; 64] = Sha512::digest(msg).into();

    type SignFn = fn(&SigningKey, &[u8], &[u8]) -> Signature;
    let cases: [(&str, SignFn, Vec<u8>, &[u8]); 5] = [
        ("sign", |k, m, _| k.sign(m), vec![], msg),
        (
            "sign_checked",
            |k, m, _| k.sign_checked(m).expect("no fault"),
            vec![],
            msg,
        ),
        (
            "sign_ctx",
            |k, m, c| k.sign_ctx(m, c).expect("ok"),
            dom2(0, ctx),
            msg,
        ),
        (
            "sign_ph",
            |k, m, c| k.sign_ph(m, c).expect("ok"),
            dom2(1, ctx),
            &ph,
        ),
        (
            "sign_prehashed",
            |k, m, c| {
                k.sign_prehashed(m.try_into().expect("64 bytes"), c)
                    .expect("ok")
            },
            dom2(1, ctx),
            &ph,
        ),
    ];
    for (name, f, dom, m) in cases {
        let mut secrets = key_secrets(&seed);
        secrets.extend(nonce_secrets(name, &dom, prefix, m));
        let f: SignFn = black_box(f);
        let arg = if name == "sign_prehashed" {
            &ph[..]
        } else {
            msg
        };
        let (sig, found) = run(name, &secrets, || {
            mark();
            f(&key, arg, ctx)
        });
        dirty.push((name.to_string(), found.found.clone()));
        assert!(key.verifying_key().verify(msg, &sig).is_ok() || !dom.is_empty());
    }

    #[cfg(feature = "signature")]
    {
        use signature::Signer;
        let mut secrets = key_secrets(&seed);
        secrets.extend(nonce_secrets("Signer::try_sign", &[], prefix, msg));
        let f: SignFn = black_box(|k, m, _| k.try_sign(m).expect("ok"));
        let (_, found) = run("Signer::try_sign", &secrets, || {
            mark();
            f(&key, msg, ctx)
        });
        dirty.push(("Signer::try_sign".to_string(), found.found.clone()));
    }
    assert_all_clean(&dirty);
}

#[test]
fn hedged_signing_leaves_no_secret() {
    let mut dirty: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let seed = secret32(4);
    let z = secret32(5);
    let key = Box::new(SigningKey::from_seed(&seed));
    let h = Sha512::digest(seed);
    let prefix = &h[32..];
    let msg = b"hedged".as_slice();
    let ctx = b"ctx".as_slice();
    let ph: [u8; 64] = Sha512::digest(msg).into();

    type HedgedFn = fn(&SigningKey, &[u8], &[u8], &mut FixedRng) -> Signature;
    let cases: [(&str, HedgedFn, Vec<u8>, &[u8]); 3] = [
        ("sign_hedged", |k, m, _, r| k.sign_hedged(m, r), vec![], msg),
        (
            "sign_ctx_hedged",
            |k, m, c, r| k.sign_ctx_hedged(m, c, r).expect("ok"),
            dom2(0, ctx),
            msg,
        ),
        (
            "sign_ph_hedged",
            |k, m, c, r| k.sign_ph_hedged(m, c, r).expect("ok"),
            dom2(1, ctx),
            &ph,
        ),
    ];
    for (name, f, dom, m) in cases {
        let mut secrets = key_secrets(&seed);
        secrets.extend(hedged_secrets(prefix, &z, &dom, m));
        let f: HedgedFn = black_box(f);
        let mut rng = FixedRng(z, 0);
        let (_, found) = run(name, &secrets, || {
            mark();
            f(&key, msg, ctx, &mut rng)
        });
        dirty.push((name.to_string(), found.found.clone()));
    }

    #[cfg(feature = "signature")]
    {
        use signature::RandomizedSigner;
        let mut secrets = key_secrets(&seed);
        secrets.extend(hedged_secrets(prefix, &z, &[], msg));
        let f: HedgedFn = black_box(|k, m, _, r| k.try_sign_with_rng(r, m).expect("ok"));
        let mut rng = FixedRng(z, 0);
        let (_, found) = run("RandomizedSigner", &secrets, || {
            mark();
            f(&key, msg, ctx, &mut rng)
        });
        dirty.push((
            "RandomizedSigner::try_sign_with_rng".to_string(),
            found.found.clone(),
        ));
    }
    assert_all_clean(&dirty);
}

#[test]
fn to_x25519_scalar_leaves_no_secret() {
    let mut dirty: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let seed = secret32(6);
    let key = Box::new(SigningKey::from_seed(&seed));
    let secrets = key_secrets(&seed);
    let f: fn(&SigningKey) -> [u8; 32] = black_box(|k| k.to_x25519_scalar());
    let (_, found) = run("to_x25519_scalar", &secrets, || {
        mark();
        let mut k = f(&key);
        // The returned secret is the caller's to wipe.
        zeroize::Zeroize::zeroize(&mut k);
    });
    dirty.push(("to_x25519_scalar".to_string(), found.found.clone()));
    assert_all_clean(&dirty);
}

/// The X25519 secrets: the key bytes, clamped, the clamped value shifted right by 3
/// (the MULX ladder's copy: bits 253 to 3, its loop's bits) and the clamped value
/// reduced mod l.
fn x25519_secrets(k: &[u8; 32]) -> Vec<(String, Vec<u8>)> {
    let mut clamped = *k;
    clamped[0] &= 248;
    clamped[31] &= 127;
    clamped[31] |= 64;
    let mut shifted = [0u8; 32];
    for i in 0..32 {
        let next = if i < 31 { clamped[i + 1] } else { 0 };
        shifted[i] = (clamped[i] >> 3) | (next << 5);
    }
    shifted[31] &= 0x07; // bits 250 to 0 of (clamped >> 3): bit 254 is not copied
    vec![
        ("X25519 secret".into(), k.to_vec()),
        ("clamped".into(), clamped.to_vec()),
        ("clamped >> 3".into(), shifted.to_vec()),
        (
            "clamped mod l".into(),
            DalekScalar::from_bytes_mod_order(clamped)
                .to_bytes()
                .to_vec(),
        ),
    ]
}

#[test]
fn x25519_leaves_no_secret() {
    let mut dirty: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let k = secret32(7);
    let peer = x25519_dalek::x25519(secret32(8), x25519_dalek::X25519_BASEPOINT_BYTES);
    let secrets = x25519_secrets(&k);

    let f: fn([u8; 32], [u8; 32]) -> [u8; 32] = black_box(x25519);
    let (shared, found) = run("montgomery::x25519", &secrets, || {
        mark();
        f(k, peer)
    });
    dirty.push(("montgomery::x25519".to_string(), found.found.clone()));
    assert_eq!(shared, x25519_dalek::x25519(k, peer));

    let f: fn([u8; 32]) -> MontgomeryPoint = black_box(MontgomeryPoint::mul_base_clamped);
    let (public, found) = run("MontgomeryPoint::mul_base_clamped", &secrets, || {
        mark();
        f(k)
    });
    dirty.push((
        "MontgomeryPoint::mul_base_clamped".to_string(),
        found.found.clone(),
    ));
    assert_eq!(
        public.0,
        x25519_dalek::x25519(k, x25519_dalek::X25519_BASEPOINT_BYTES)
    );
    assert_all_clean(&dirty);
}

/// A secret scalar (reduced, so its bytes are its canonical encoding).
fn secret_scalar(seed: u64) -> (Scalar, Vec<(String, Vec<u8>)>) {
    let s = Scalar::from_bytes_mod_order_wide(&SplitMix64(seed).bytes());
    let digits = s.as_radix_16().map(|d| d as u8);
    (
        s,
        vec![
            ("secret scalar".into(), s.to_bytes().to_vec()),
            ("its signed radix-16 digits".into(), digits.to_vec()),
        ],
    )
}

#[test]
fn scalar_multiplication_leaves_no_secret() {
    let mut dirty: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let (s, secrets) = secret_scalar(9);
    let s = Box::new(s);
    let p = Point::mul_base(&Scalar::from_bytes_mod_order(secret32(10)));
    let expected = p * *s;

    let f: fn(&Scalar) -> Point = black_box(Point::mul_base);
    let (out, found) = run("Point::mul_base", &secrets, || {
        mark();
        f(&s)
    });
    dirty.push(("Point::mul_base".to_string(), found.found.clone()));
    assert_eq!(out, Point::mul_base(&s));

    let f: fn(&Point, &Scalar) -> Point = black_box(|p, s| p * s);
    let (out, found) = run("&Point * &Scalar", &secrets, || {
        mark();
        f(&p, &s)
    });
    dirty.push(("&Point * &Scalar".to_string(), found.found.clone()));
    assert_eq!(out, expected);

    let table = Box::new(FixedBaseTable::new(&p));
    let f: fn(&FixedBaseTable, &Scalar) -> Point = black_box(|t, s| t.mul(s));
    let (out, found) = run("FixedBaseTable::mul", &secrets, || {
        mark();
        f(&table, &s)
    });
    dirty.push(("FixedBaseTable::mul".to_string(), found.found.clone()));
    assert_eq!(out, expected);

    let terms = Box::new(([*s, Scalar::from(3u8)], [p, Point::GENERATOR]));
    let f: fn(&[Scalar; 2], &[Point; 2]) -> Point = black_box(|s, p| Point::multiscalar_mul(s, p));
    let (out, found) = run("Point::multiscalar_mul", &secrets, || {
        mark();
        f(&terms.0, &terms.1)
    });
    dirty.push(("Point::multiscalar_mul".to_string(), found.found.clone()));
    assert_eq!(out, expected + Point::mul_base(&Scalar::from(3u8)));

    let rp = RistrettoPoint::mul_base(&Scalar::from_bytes_mod_order(secret32(11)));
    let f: fn(&RistrettoPoint, &Scalar) -> RistrettoPoint = black_box(|p, s| p * s);
    let (out, found) = run("&RistrettoPoint * &Scalar", &secrets, || {
        mark();
        f(&rp, &s)
    });
    dirty.push(("&RistrettoPoint * &Scalar".to_string(), found.found.clone()));
    let f: fn(&Scalar) -> RistrettoPoint = black_box(RistrettoPoint::mul_base);
    let (base, found) = run("RistrettoPoint::mul_base", &secrets, || {
        mark();
        f(&s)
    });
    dirty.push(("RistrettoPoint::mul_base".to_string(), found.found.clone()));
    assert_eq!(out, rp * *s);
    assert_eq!(base, RistrettoPoint::mul_base(&s));
    assert_all_clean(&dirty);
}

/// The typed X25519 API (`edwards25519::x25519`): public keys and Diffie-Hellman from
/// each secret type. The secret lives in the caller's (boxed) value; the scan looks for
/// copies the library left in its frames.
#[test]
fn typed_x25519_leaves_no_secret() {
    use edwards25519::x25519::{EphemeralSecret, PublicKey, ReusableSecret, StaticSecret};
    let mut dirty: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let k = secret32(12);
    let peer = PublicKey::from(x25519_dalek::x25519(
        secret32(13),
        x25519_dalek::X25519_BASEPOINT_BYTES,
    ));
    let secrets = x25519_secrets(&k);

    let secret = Box::new(StaticSecret::from(k));
    let f: fn(&StaticSecret) -> PublicKey = black_box(|s| PublicKey::from(s));
    let (public, found) = run("PublicKey::from(&StaticSecret)", &secrets, || {
        mark();
        f(&secret)
    });
    dirty.push((
        "PublicKey::from(&StaticSecret)".to_string(),
        found.found.clone(),
    ));
    assert_eq!(
        public.to_bytes(),
        x25519_dalek::x25519(k, x25519_dalek::X25519_BASEPOINT_BYTES)
    );

    let f: fn(&StaticSecret, &PublicKey) -> [u8; 32] =
        black_box(|s, p| s.diffie_hellman(p).to_bytes());
    let (shared, found) = run("StaticSecret::diffie_hellman", &secrets, || {
        mark();
        f(&secret, &peer)
    });
    dirty.push((
        "StaticSecret::diffie_hellman".to_string(),
        found.found.clone(),
    ));
    assert_eq!(shared, x25519_dalek::x25519(k, peer.to_bytes()));

    let mut rng = FixedRng(k, 0);
    let reusable = Box::new(ReusableSecret::random_from_rng(&mut rng));
    let f: fn(&ReusableSecret, &PublicKey) -> [u8; 32] =
        black_box(|s, p| s.diffie_hellman(p).to_bytes());
    let (shared, found) = run("ReusableSecret::diffie_hellman", &secrets, || {
        mark();
        f(&reusable, &peer)
    });
    dirty.push((
        "ReusableSecret::diffie_hellman".to_string(),
        found.found.clone(),
    ));
    assert_eq!(shared, x25519_dalek::x25519(k, peer.to_bytes()));

    // An EphemeralSecret is consumed by use: made and used inside the scanned call (the
    // library's random_from_rng builds it in the caller's frame, where it belongs).
    let f: fn(&mut FixedRng, &PublicKey) -> [u8; 32] = black_box(|r, p| {
        mark();
        EphemeralSecret::random_from_rng(r)
            .diffie_hellman(p)
            .to_bytes()
    });
    let mut rng = FixedRng(k, 0);
    let (shared, found) = run("EphemeralSecret::diffie_hellman", &secrets, || {
        f(&mut rng, &peer)
    });
    dirty.push((
        "EphemeralSecret::diffie_hellman".to_string(),
        found.found.clone(),
    ));
    assert_eq!(shared, x25519_dalek::x25519(k, peer.to_bytes()));
    assert_all_clean(&dirty);
}

/// The batch X25519 functions (nine secrets: one full group of eight lanes and one
/// partial; and `x25519_batch` with one secret in eight lanes, for its lane-by-lane
/// words), stack and freed heap (the batch's work buffers).
#[test]
fn x25519_batches_leave_no_secret() {
    use edwards25519::montgomery::x25519_batch;
    let mut dirty: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let keys: Vec<[u8; 32]> = (0..9).map(|i| secret32(100 + i)).collect();
    let us: Vec<[u8; 32]> = (0..9)
        .map(|i| x25519_dalek::x25519(secret32(200 + i), x25519_dalek::X25519_BASEPOINT_BYTES))
        .collect();
    let secrets: Vec<(String, Vec<u8>)> = keys.iter().flat_map(x25519_secrets).collect();

    type BatchFn = fn(&[[u8; 32]], &[[u8; 32]]) -> Vec<[u8; 32]>;
    let f: BatchFn = black_box(|k, u| x25519_batch(k, u).expect("equal lengths"));
    let (shared, found) = run("x25519_batch", &secrets, || {
        mark();
        f(&keys, &us)
    });
    dirty.push(("x25519_batch".to_string(), found.found.clone()));
    for (i, s) in shared.iter().enumerate() {
        assert_eq!(*s, x25519_dalek::x25519(keys[i], us[i]));
    }

    // The batch ladders hold the clamped scalars as words lane by lane (word w of every
    // lane, then word w + 1), where no 16 bytes of one scalar are adjacent. With the same
    // secret in every lane, word w stands twice in a row: a window the scan can see.
    let same = [keys[0]; 8];
    let mut lanes = x25519_secrets(&keys[0]);
    let clamped = lanes
        .iter()
        .find(|(name, _)| name == "clamped")
        .expect("x25519_secrets lists the clamped scalar")
        .1
        .clone();
    for w in 0..4 {
        let word = &clamped[8 * w..8 * w + 8];
        lanes.push((
            format!("clamped word {w}, lane by lane"),
            [word, word].concat(),
        ));
    }
    let (shared, found) = run("x25519_batch, one secret in every lane", &lanes, || {
        mark();
        f(&same, &us[..8])
    });
    dirty.push((
        "x25519_batch, one secret in every lane".to_string(),
        found.found.clone(),
    ));
    for (i, s) in shared.iter().enumerate() {
        assert_eq!(*s, x25519_dalek::x25519(keys[0], us[i]));
    }

    let f: fn(&[[u8; 32]]) -> Vec<MontgomeryPoint> =
        black_box(MontgomeryPoint::mul_base_clamped_batch);
    let (publics, found) = run("mul_base_clamped_batch", &secrets, || {
        mark();
        f(&keys)
    });
    dirty.push(("mul_base_clamped_batch".to_string(), found.found.clone()));
    for (i, p) in publics.iter().enumerate() {
        assert_eq!(
            p.0,
            x25519_dalek::x25519(keys[i], x25519_dalek::X25519_BASEPOINT_BYTES)
        );
    }
    assert_all_clean(&dirty);
}
