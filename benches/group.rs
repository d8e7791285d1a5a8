//! Group benchmarks, named as upstream Go's (`edwards25519_test.go`,
//! `scalarmult_test.go`): `EncodingDecoding` (one iteration encodes a point, then decodes
//! the bytes), `ScalarBaseMult`, `ScalarMult`, `VarTimeDoubleScalarBaseMult`,
//! `Decode/from_bytes` and `Decode/dalek_decompress` (decoding alone, ours and
//! curve25519-dalek's), `FromBytesBatch/64` (`Point::from_bytes_batch`),
//! `MultiScalarMultSize8` (constant time), `BytesMontgomery`, `X25519` (the ladder,
//! `MontgomeryPoint::mul_clamped`) and `X25519Base` (`mul_base_clamped`), the batches
//! `X25519Batch/64`, `X25519BaseBatch/64` and `X25519BatchFromBase/64`, plus
//! `VarTimeMultiScalarMult/N` for N = 2, 16, 64, 256, 1024 (the sizes around the
//! Straus/Pippenger crossover and what Ed25519 batch verification uses).
//!
//! Inputs are fixed pseudo-random scalars and points, passed through `black_box`.
//! Other libraries' figures for the same operations come from the same-run peer driver,
//! `scripts/peers`.

use std::hint::black_box;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use edwards25519::field::backend;
use edwards25519::montgomery::MontgomeryPoint;
use edwards25519::{Point, Scalar};

/// Deterministic scalars: SHA-free, a xorshift stream reduced mod l from 64 bytes.
fn scalars(n: usize, seed: u64) -> Vec<Scalar> {
    let mut state = seed | 1;
    (0..n)
        .map(|_| {
            let mut b = [0u8; 64];
            for x in b.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *x = state as u8;
            }
            Scalar::from_bytes_mod_order_wide(&b)
        })
        .collect()
}

/// Deterministic points: random multiples of the generator.
fn points(n: usize, seed: u64) -> Vec<Point> {
    scalars(n, seed).iter().map(Point::mul_base).collect()
}

fn group(c: &mut Criterion) {
    eprintln!(
        "point backend: {}; field backend: {}",
        edwards25519::group::backend::selected(),
        backend::selected()
    );
    let s = scalars(2, 1);
    let p = points(1, 2)[0];

    c.bench_function("EncodingDecoding", |b| {
        b.iter(|| Point::from_bytes(&black_box(&p).to_bytes()))
    });
    // Decoding alone: one `from_bytes`, curve25519-dalek's `decompress` of the same
    // bytes (a same-run reference), and `from_bytes_batch` of 64 (per point: the time
    // over 64).
    let enc = p.to_bytes();
    let mut g = c.benchmark_group("Decode");
    g.bench_function("from_bytes", |b| {
        b.iter(|| Point::from_bytes(black_box(&enc)))
    });
    g.bench_function("dalek_decompress", |b| {
        let c = curve25519_dalek::edwards::CompressedEdwardsY(enc);
        b.iter(|| black_box(&c).decompress())
    });
    g.finish();
    let enc64: Vec<[u8; 32]> = points(64, 38).iter().map(Point::to_bytes).collect();
    let mut g = c.benchmark_group("FromBytesBatch");
    g.throughput(Throughput::Elements(64));
    g.bench_function("64", |b| {
        b.iter(|| Point::from_bytes_batch(black_box(&enc64)))
    });
    g.finish();
    c.bench_function("ScalarBaseMult", |b| {
        b.iter(|| Point::mul_base(black_box(&s[0])))
    });
    c.bench_function("ScalarMult", |b| {
        b.iter(|| black_box(&p) * black_box(&s[0]))
    });
    c.bench_function("VarTimeDoubleScalarBaseMult", |b| {
        b.iter(|| {
            Point::vartime_double_scalar_mul_basepoint(
                black_box(&s[0]),
                black_box(&p),
                black_box(&s[1]),
            )
        })
    });
    let s8 = scalars(8, 3);
    let p8 = points(8, 4);
    c.bench_function("MultiScalarMultSize8", |b| {
        b.iter(|| Point::multiscalar_mul(black_box(&s8), black_box(&p8)))
    });
    c.bench_function("BytesMontgomery", |b| {
        b.iter(|| black_box(&p).to_montgomery_bytes())
    });
    let u = p.to_montgomery();
    let k = s[1].to_bytes();
    c.bench_function("X25519", |b| {
        b.iter(|| black_box(&u).mul_clamped(black_box(k)))
    });
    c.bench_function("X25519Base", |b| {
        b.iter(|| MontgomeryPoint::mul_base_clamped(black_box(k)))
    });

    // Batches of 64 secrets (throughput per secret). `X25519BaseBatch` is
    // `mul_base_clamped_batch`; `X25519BatchFromBase` is `x25519_batch` with u = 9, the
    // ladder alternative it is measured against.
    let ks: Vec<[u8; 32]> = scalars(64, 7).iter().map(Scalar::to_bytes).collect();
    let us: Vec<[u8; 32]> = points(64, 8).iter().map(|p| p.to_montgomery().0).collect();
    let nine = vec![edwards25519::montgomery::X25519_BASEPOINT; 64];
    let mut g = c.benchmark_group("X25519Batch");
    g.throughput(Throughput::Elements(64));
    g.bench_function("64", |b| {
        b.iter(|| edwards25519::montgomery::x25519_batch(black_box(&ks), black_box(&us)))
    });
    g.finish();
    let mut g = c.benchmark_group("X25519BaseBatch");
    g.throughput(Throughput::Elements(64));
    g.bench_function("64", |b| {
        b.iter(|| MontgomeryPoint::mul_base_clamped_batch(black_box(&ks)))
    });
    g.finish();
    let mut g = c.benchmark_group("X25519BatchFromBase");
    g.throughput(Throughput::Elements(64));
    g.bench_function("64", |b| {
        b.iter(|| edwards25519::montgomery::x25519_batch(black_box(&ks), black_box(&nine)))
    });
    g.finish();

    let mut g = c.benchmark_group("VarTimeMultiScalarMult");
    g.sampling_mode(SamplingMode::Flat).sample_size(30);
    for n in [2usize, 16, 64, 256, 1024] {
        let sn = scalars(n, 5);
        let pn = points(n, 6);
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| Point::vartime_multiscalar_mul(black_box(&sn), black_box(&pn)))
        });
    }
    g.finish();

    // Beyond upstream: precomputation for the caller's points, and batch encoding.
    let table = edwards25519::FixedBaseTable::new(&p);
    c.bench_function("FixedBaseTable/Mul", |b| {
        b.iter(|| black_box(&table).mul(black_box(&s[0])))
    });
    c.bench_function("FixedBaseTable/New", |b| {
        b.iter(|| edwards25519::FixedBaseTable::new(black_box(&p)))
    });
    let mut g = c.benchmark_group("VarTimePrecomputedMultiScalarMult");
    g.sampling_mode(SamplingMode::Flat).sample_size(30);
    for n in [16usize, 64, 256] {
        let sn = scalars(n, 7);
        let pre = edwards25519::VartimePrecomputedMultiscalar::new(points(n, 8));
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| pre.vartime_multiscalar_mul(black_box(&sn)))
        });
    }
    g.finish();
    let p64 = points(64, 9);
    let mut g = c.benchmark_group("EncodingBatch");
    g.throughput(Throughput::Elements(64));
    g.bench_function("to_bytes_batch/64", |b| {
        b.iter(|| Point::to_bytes_batch(black_box(&p64)))
    });
    g.bench_function("to_bytes/64", |b| {
        b.iter(|| {
            black_box(&p64)
                .iter()
                .map(Point::to_bytes)
                .collect::<Vec<_>>()
        })
    });
    g.finish();

    // Affine conversion and Montgomery u of 64 points: one shared inversion against 64.
    let mut g = c.benchmark_group("BatchToAffine");
    g.throughput(Throughput::Elements(64));
    g.bench_function("64", |b| b.iter(|| Point::batch_to_affine(black_box(&p64))));
    g.finish();
    let mut g = c.benchmark_group("ToAffineSingle");
    g.throughput(Throughput::Elements(64));
    g.bench_function("64", |b| {
        b.iter(|| {
            black_box(&p64)
                .iter()
                .map(Point::to_affine)
                .collect::<Vec<_>>()
        })
    });
    g.finish();
    let mut g = c.benchmark_group("BatchToMontgomery");
    g.throughput(Throughput::Elements(64));
    g.bench_function("64", |b| {
        b.iter(|| Point::to_montgomery_batch(black_box(&p64)))
    });
    g.finish();
    let mut g = c.benchmark_group("ToMontgomerySingle");
    g.throughput(Throughput::Elements(64));
    g.bench_function("64", |b| {
        b.iter(|| {
            black_box(&p64)
                .iter()
                .map(Point::to_montgomery)
                .collect::<Vec<_>>()
        })
    });
    g.finish();
}

criterion_group!(benches, group);
criterion_main!(benches);
