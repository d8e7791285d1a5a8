//! The cost of the compatibility layer: each compat call next to the native call it
//! wraps, in one run (sign, verify, X25519 through the curve compat's MontgomeryPoint,
//! ristretto255 multiplication).
//!
//! `cargo bench -p edwards25519-compat-ed25519-dalek --bench layer`

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn layer(c: &mut Criterion) {
    let msg = [0x5au8; 64];

    let native = edwards25519::ed25519::SigningKey::from_seed(&[7; 32]);
    let compat = ed25519_dalek::SigningKey::from_bytes(&[7; 32]);
    let mut g = c.benchmark_group("sign");
    g.bench_function("native", |b| b.iter(|| native.sign(black_box(&msg))));
    g.bench_function("compat", |b| {
        b.iter(|| ed25519_dalek::Signer::sign(&compat, black_box(&msg)))
    });
    g.finish();

    let nsig = native.sign(&msg);
    let csig = ed25519_dalek::Signer::sign(&compat, &msg);
    let nvk = native.verifying_key();
    let cvk = compat.verifying_key();
    let mut g = c.benchmark_group("verify (cofactorless)");
    g.bench_function("native", |b| {
        b.iter(|| nvk.verify_cofactorless(black_box(&msg), black_box(&nsig)))
    });
    g.bench_function("compat", |b| {
        b.iter(|| cvk.verify(black_box(&msg), black_box(&csig)))
    });
    g.finish();

    let u = edwards25519::montgomery::MontgomeryPoint::mul_base_clamped([3; 32]);
    let cu = curve25519_dalek::MontgomeryPoint(u.0);
    let mut g = c.benchmark_group("x25519 mul_clamped");
    g.bench_function("native", |b| {
        b.iter(|| black_box(u).mul_clamped(black_box([9; 32])))
    });
    g.bench_function("compat", |b| {
        b.iter(|| black_box(cu).mul_clamped(black_box([9; 32])))
    });
    g.finish();

    let np = edwards25519::ristretto::RistrettoPoint::GENERATOR.double();
    let ns = edwards25519::Scalar::from_bytes_mod_order([0x33; 32]);
    let cp = curve25519_dalek::RistrettoPoint::from(np);
    let cs = curve25519_dalek::Scalar::from(ns);
    let mut g = c.benchmark_group("ristretto255 mul");
    g.bench_function("native", |b| b.iter(|| black_box(np) * black_box(ns)));
    g.bench_function("compat", |b| b.iter(|| black_box(cp) * black_box(cs)));
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
        .sample_size(30);
    targets = layer
}
criterion_main!(benches);
