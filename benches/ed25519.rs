//! Ed25519 benchmarks with the upstream names (`KeyGeneration`, `Signing`,
//! `Verification`, `VerifyBatch/N`; Ed25519ph with a context: `SigningPh`,
//! `VerificationPh`), and the same operations on ed25519-dalek in the same
//! run under `dalek/...`, so the ratios are measured, not guessed.
//!
//! `VerifyBatch/N` reports throughput in elements (signatures), so criterion prints the
//! per-signature rate beside the per-batch time. Verification benchmarks use a decoded
//! public key for both libraries (the decoding is `KeyDecoding`).
//!
//! `cargo bench --bench ed25519`; a quick smoke run:
//! `cargo bench --bench ed25519 -- --warm-up-time 0.2 --measurement-time 0.5`.

use std::hint::black_box;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use ed25519_dalek::{Signer as _, Verifier as _};
use edwards25519::ed25519::{Signature, SigningKey, VerifyingKey, verify_batch};
use rand::SeedableRng;
use rand::rngs::StdRng;
use sha2::{Digest, Sha512};

const MESSAGE: &[u8] = b"Hello, world!";
/// The Ed25519ph context of `SigningPh` / `VerificationPh`.
const CONTEXT: &[u8] = b"bench";
const BATCH_SIZES: [usize; 13] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 384, 512, 768, 1024];

/// Distinct seeds 0, 1, 2, ... (as little-endian 32-byte integers) and messages.
fn seed(i: usize) -> [u8; 32] {
    let mut s = [0x42u8; 32];
    s[..8].copy_from_slice(&(i as u64).to_le_bytes());
    s
}

fn message(i: usize) -> Vec<u8> {
    format!("batch message {i}").into_bytes()
}

fn ours(c: &mut Criterion) {
    let key = SigningKey::from_seed(&seed(0));
    let vk = key.verifying_key();
    let vk_bytes = vk.to_bytes();
    let sig = key.sign(MESSAGE);

    c.bench_function("KeyGeneration", |b| {
        b.iter(|| SigningKey::from_seed(black_box(&seed(1))))
    });
    c.bench_function("KeyDecoding", |b| {
        b.iter(|| VerifyingKey::from_bytes(black_box(&vk_bytes)))
    });
    c.bench_function("Signing", |b| b.iter(|| key.sign(black_box(MESSAGE))));
    // Sign, then verify before release (the fault check); its cost over Signing.
    c.bench_function("SignChecked", |b| {
        b.iter(|| key.sign_checked(black_box(MESSAGE)))
    });
    // Hedged signing (draft-irtf-cfrg-det-sigs-with-noise-05): one more SHA-512 block
    // and 32 bytes from the RNG.
    let mut rng = rand::rng();
    c.bench_function("SigningHedged", |b| {
        b.iter(|| key.sign_hedged(black_box(MESSAGE), &mut rng))
    });
    c.bench_function("Verification", |b| {
        b.iter(|| vk.verify(black_box(MESSAGE), black_box(&sig)))
    });
    c.bench_function("VerificationStrict", |b| {
        b.iter(|| vk.verify_strict(black_box(MESSAGE), black_box(&sig)))
    });
    let ph_sig = key.sign_ph(MESSAGE, CONTEXT).expect("short context");
    c.bench_function("SigningPh", |b| {
        b.iter(|| key.sign_ph(black_box(MESSAGE), black_box(CONTEXT)))
    });
    c.bench_function("VerificationPh", |b| {
        b.iter(|| vk.verify_ph(black_box(MESSAGE), black_box(CONTEXT), black_box(&ph_sig)))
    });

    let n_max = BATCH_SIZES[BATCH_SIZES.len() - 1];
    let messages: Vec<Vec<u8>> = (0..n_max).map(message).collect();
    let keys: Vec<SigningKey> = (0..n_max)
        .map(|i| SigningKey::from_seed(&seed(i)))
        .collect();
    let sigs: Vec<Signature> = keys.iter().zip(&messages).map(|(k, m)| k.sign(m)).collect();
    let vks: Vec<VerifyingKey> = keys.iter().map(SigningKey::verifying_key).collect();
    let msg_refs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let mut rng = StdRng::seed_from_u64(1);

    let mut g = c.benchmark_group("VerifyBatch");
    // Large batches take milliseconds an iteration: flat sampling with fewer samples
    // keeps the suite to minutes (the per-signature figure is what is compared).
    g.sampling_mode(SamplingMode::Flat).sample_size(20);
    for n in BATCH_SIZES {
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, &n| {
            b.iter(|| verify_batch(&msg_refs[..n], &sigs[..n], &vks[..n], &mut rng))
        });
    }
    g.finish();
}

fn dalek(c: &mut Criterion) {
    let key = ed25519_dalek::SigningKey::from_bytes(&seed(0));
    let vk = key.verifying_key();
    let vk_bytes = vk.to_bytes();
    let sig = key.sign(MESSAGE);

    let mut g = c.benchmark_group("dalek");
    g.bench_function("KeyGeneration", |b| {
        b.iter(|| ed25519_dalek::SigningKey::from_bytes(black_box(&seed(1))))
    });
    g.bench_function("KeyDecoding", |b| {
        b.iter(|| ed25519_dalek::VerifyingKey::from_bytes(black_box(&vk_bytes)))
    });
    g.bench_function("Signing", |b| b.iter(|| key.sign(black_box(MESSAGE))));
    g.bench_function("Verification", |b| {
        b.iter(|| vk.verify(black_box(MESSAGE), black_box(&sig)))
    });
    g.bench_function("VerificationStrict", |b| {
        b.iter(|| vk.verify_strict(black_box(MESSAGE), black_box(&sig)))
    });
    let ph = || Sha512::new().chain_update(MESSAGE);
    let ph_sig = key
        .sign_prehashed(ph(), Some(CONTEXT))
        .expect("short context");
    g.bench_function("SigningPh", |b| {
        b.iter(|| {
            key.sign_prehashed(
                Sha512::new().chain_update(black_box(MESSAGE)),
                Some(CONTEXT),
            )
        })
    });
    g.bench_function("VerificationPh", |b| {
        b.iter(|| {
            vk.verify_prehashed(
                Sha512::new().chain_update(black_box(MESSAGE)),
                Some(CONTEXT),
                black_box(&ph_sig),
            )
        })
    });
    g.finish();

    let n_max = BATCH_SIZES[BATCH_SIZES.len() - 1];
    let messages: Vec<Vec<u8>> = (0..n_max).map(message).collect();
    let keys: Vec<ed25519_dalek::SigningKey> = (0..n_max)
        .map(|i| ed25519_dalek::SigningKey::from_bytes(&seed(i)))
        .collect();
    let sigs: Vec<ed25519_dalek::Signature> =
        keys.iter().zip(&messages).map(|(k, m)| k.sign(m)).collect();
    let vks: Vec<ed25519_dalek::VerifyingKey> = keys.iter().map(|k| k.verifying_key()).collect();
    let msg_refs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();

    let mut g = c.benchmark_group("dalek/VerifyBatch");
    // Large batches take milliseconds an iteration: flat sampling with fewer samples
    // keeps the suite to minutes (the per-signature figure is what is compared).
    g.sampling_mode(SamplingMode::Flat).sample_size(20);
    for n in BATCH_SIZES {
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, &n| {
            b.iter(|| ed25519_dalek::verify_batch(&msg_refs[..n], &sigs[..n], &vks[..n]))
        });
    }
    g.finish();
}

criterion_group!(benches, ours, dalek);
criterion_main!(benches);
