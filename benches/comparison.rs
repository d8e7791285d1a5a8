//! Same-run comparison against the peers users would otherwise pick: curve25519-dalek
//! (default features: it selects its SIMD backend at run time), ed25519-dalek, and the
//! fiat-crypto crate's `curve25519_64` field arithmetic.
//!
//! Every criterion group is one operation with one function per library, run in the same
//! process on the same inputs, so `ours / peer` is a measured ratio. Run with
//! `cargo bench --bench comparison`; `scripts/bench_report.py` turns the results into
//! the tables and chart of BENCHMARKS.md.

use std::hint::black_box;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::montgomery::MontgomeryPoint as DMontgomeryPoint;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint as DRistrettoPoint};
use curve25519_dalek::scalar::Scalar as DScalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use edwards25519::montgomery::MontgomeryPoint;
use edwards25519::ristretto::RistrettoPoint;
use edwards25519::{FieldElement, Point, Scalar, ed25519};

/// Deterministic pseudo-random bytes (xorshift), so both libraries get the same inputs.
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
fn scalars(r: &mut Bytes) -> (Scalar, DScalar) {
    let wide: [u8; 64] = r.next();
    let ours = Scalar::from_bytes_mod_order_wide(&wide);
    let theirs = DScalar::from_canonical_bytes(ours.to_bytes()).expect("canonical");
    (ours, theirs)
}

/// The same point in both libraries.
fn points(r: &mut Bytes) -> (Point, EdwardsPoint) {
    let (s, _) = scalars(r);
    let p = Point::mul_base(&s);
    let q = CompressedEdwardsY(p.to_bytes())
        .decompress()
        .expect("valid point");
    (p, q)
}

fn group_ops(c: &mut Criterion) {
    println!(
        "edwards25519 point backend: {}",
        edwards25519::group::backend::selected()
    );
    let mut r = Bytes(0x5eed_1234_abcd_0001);
    let (s, ds) = scalars(&mut r);
    let (t, dt) = scalars(&mut r);
    let (p, dp) = points(&mut r);

    let mut g = c.benchmark_group("compare/EncodingDecoding");
    let enc = p.to_bytes();
    g.bench_function("edwards25519", |b| {
        b.iter(|| {
            Point::from_bytes(black_box(&enc))
                .expect("valid")
                .to_bytes()
        })
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| {
            CompressedEdwardsY(*black_box(&enc))
                .decompress()
                .expect("valid")
                .compress()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("compare/ScalarBaseMult");
    g.bench_function("edwards25519", |b| {
        b.iter(|| Point::mul_base(black_box(&s)))
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| EdwardsPoint::mul_base(black_box(&ds)))
    });
    g.finish();

    let mut g = c.benchmark_group("compare/ScalarMult");
    g.bench_function("edwards25519", |b| b.iter(|| black_box(&p) * black_box(&s)));
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| black_box(&dp) * black_box(&ds))
    });
    g.finish();

    let mut g = c.benchmark_group("compare/VarTimeDoubleScalarBaseMult");
    g.bench_function("edwards25519", |b| {
        b.iter(|| Point::vartime_double_scalar_mul_basepoint(black_box(&s), &p, black_box(&t)))
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| {
            EdwardsPoint::vartime_double_scalar_mul_basepoint(black_box(&ds), &dp, black_box(&dt))
        })
    });
    g.finish();

    for n in [64usize, 1024] {
        let (ss, dss): (Vec<_>, Vec<_>) = (0..n).map(|_| scalars(&mut r)).unzip();
        let (ps, dps): (Vec<_>, Vec<_>) = (0..n).map(|_| points(&mut r)).unzip();
        let mut g = c.benchmark_group("compare/VarTimeMultiScalarMult");
        g.sampling_mode(SamplingMode::Flat).sample_size(30);
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::new("edwards25519", n), &n, |b, _| {
            b.iter(|| Point::vartime_multiscalar_mul(black_box(&ss), black_box(&ps)))
        });
        g.bench_with_input(BenchmarkId::new("curve25519-dalek", n), &n, |b, _| {
            b.iter(|| EdwardsPoint::vartime_multiscalar_mul(black_box(&dss), black_box(&dps)))
        });
        g.finish();
    }
    precomputation_ops(c, &mut r);
}

/// ristretto255 against curve25519-dalek's `RistrettoPoint`, on the same elements.
fn ristretto_ops(c: &mut Criterion) {
    let mut r = Bytes(0x5eed_1234_abcd_0255);
    let (s, ds) = scalars(&mut r);
    let wide: [u8; 64] = r.next();
    let p = RistrettoPoint::from_uniform_bytes(&wide);
    let dp = DRistrettoPoint::from_uniform_bytes(&wide);
    let enc = p.to_bytes();
    assert_eq!(enc, dp.compress().to_bytes());

    let mut g = c.benchmark_group("compare/RistrettoEncodingDecoding");
    g.bench_function("edwards25519", |b| {
        b.iter(|| {
            RistrettoPoint::from_bytes(black_box(&enc))
                .expect("valid")
                .to_bytes()
        })
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| {
            CompressedRistretto(*black_box(&enc))
                .decompress()
                .expect("valid")
                .compress()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("compare/RistrettoScalarBaseMult");
    g.bench_function("edwards25519", |b| {
        b.iter(|| RistrettoPoint::mul_base(black_box(&s)))
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| DRistrettoPoint::mul_base(black_box(&ds)))
    });
    g.finish();

    let mut g = c.benchmark_group("compare/RistrettoScalarMult");
    g.bench_function("edwards25519", |b| b.iter(|| black_box(&p) * black_box(&s)));
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| black_box(&dp) * black_box(&ds))
    });
    g.finish();

    let mut g = c.benchmark_group("compare/FromUniformBytes");
    g.bench_function("edwards25519", |b| {
        b.iter(|| RistrettoPoint::from_uniform_bytes(black_box(&wide)))
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| DRistrettoPoint::from_uniform_bytes(black_box(&wide)))
    });
    g.finish();
}

/// Tables for the caller's points, and batch encoding, against curve25519-dalek's
/// `EdwardsBasepointTable`, `VartimeEdwardsPrecomputation` and `compress_batch`.
fn precomputation_ops(c: &mut Criterion, r: &mut Bytes) {
    use curve25519_dalek::edwards::{EdwardsBasepointTable, VartimeEdwardsPrecomputation};
    use curve25519_dalek::traits::{BasepointTable, VartimePrecomputedMultiscalarMul};
    let (s, ds) = scalars(r);
    let (p, dp) = points(r);

    let ours = edwards25519::FixedBaseTable::new(&p);
    let theirs = EdwardsBasepointTable::create(&dp);
    let mut g = c.benchmark_group("compare/FixedBaseTableMul");
    g.bench_function("edwards25519", |b| b.iter(|| ours.mul(black_box(&s))));
    g.bench_function("curve25519-dalek", |b| b.iter(|| &theirs * black_box(&ds)));
    g.finish();

    let n = 64;
    let (ss, dss): (Vec<_>, Vec<_>) = (0..n).map(|_| scalars(r)).unzip();
    let (ps, dps): (Vec<_>, Vec<_>) = (0..n).map(|_| points(r)).unzip();
    let ours = edwards25519::VartimePrecomputedMultiscalar::new(&ps);
    let theirs = VartimeEdwardsPrecomputation::new(&dps);
    let mut g = c.benchmark_group("compare/VarTimePrecomputedMultiScalarMult");
    g.sampling_mode(SamplingMode::Flat).sample_size(30);
    g.bench_with_input(BenchmarkId::new("edwards25519", n), &n, |b, _| {
        b.iter(|| ours.vartime_multiscalar_mul(black_box(&ss)))
    });
    g.bench_with_input(BenchmarkId::new("curve25519-dalek", n), &n, |b, _| {
        b.iter(|| theirs.vartime_multiscalar_mul(black_box(&dss)))
    });
    g.finish();

    let darr: [EdwardsPoint; 64] = dps.try_into().expect("64 points");
    let mut g = c.benchmark_group("compare/EncodingBatch");
    g.bench_with_input(BenchmarkId::new("edwards25519", n), &n, |b, _| {
        b.iter(|| Point::to_bytes_batch(black_box(&ps)))
    });
    g.bench_with_input(BenchmarkId::new("curve25519-dalek", n), &n, |b, _| {
        b.iter(|| EdwardsPoint::compress_batch(black_box(&darr)))
    });
    g.finish();
}

/// X25519: `mul_clamped` on a peer's u (the ladder), and `mul_base_clamped` (a public
/// key from a secret), against curve25519-dalek's `MontgomeryPoint` on the same bytes.
fn montgomery_ops(c: &mut Criterion) {
    let mut r = Bytes(0x5eed_1234_abcd_0004);
    let k: [u8; 32] = r.next();
    let (p, _) = points(&mut r);
    let u = p.to_montgomery();
    let du = DMontgomeryPoint(u.0);

    let mut g = c.benchmark_group("compare/X25519");
    g.bench_function("edwards25519", |b| {
        b.iter(|| black_box(&u).mul_clamped(black_box(k)))
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| black_box(&du).mul_clamped(black_box(k)))
    });
    g.finish();

    let mut g = c.benchmark_group("compare/X25519Base");
    g.bench_function("edwards25519", |b| {
        b.iter(|| MontgomeryPoint::mul_base_clamped(black_box(k)))
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| DMontgomeryPoint::mul_base_clamped(black_box(k)))
    });
    g.finish();
}

/// RFC 9380 hashing to edwards25519 of a 32-byte message: the RO suite
/// (`edwards25519_XMD:SHA-512_ELL2_RO_`: two maps, an addition, cofactor clearing) and the
/// NU suite (one map), against curve25519-dalek's `hash_to_curve`/`encode_to_curve` with
/// SHA-512 (same message and DST, same output).
fn hash_to_curve_ops(c: &mut Criterion) {
    let mut r = Bytes(0x5eed_1234_abcd_0005);
    let msg: [u8; 32] = r.next();
    let dst: &[u8] = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_";
    assert_eq!(
        Point::hash_to_curve(&msg, dst).to_bytes(),
        EdwardsPoint::hash_to_curve::<sha2::Sha512>(&[&msg], &[dst])
            .compress()
            .0
    );
    let mut g = c.benchmark_group("compare/HashToCurve");
    g.bench_function("edwards25519", |b| {
        b.iter(|| Point::hash_to_curve(black_box(&msg), black_box(dst)))
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| {
            EdwardsPoint::hash_to_curve::<sha2::Sha512>(&[black_box(&msg)], &[black_box(dst)])
        })
    });
    g.finish();

    let dst: &[u8] = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_NU_";
    let mut g = c.benchmark_group("compare/EncodeToCurve");
    g.bench_function("edwards25519", |b| {
        b.iter(|| Point::encode_to_curve(black_box(&msg), black_box(dst)))
    });
    g.bench_function("curve25519-dalek", |b| {
        b.iter(|| {
            EdwardsPoint::encode_to_curve::<sha2::Sha512>(&[black_box(&msg)], &[black_box(dst)])
        })
    });
    g.finish();
}

fn field_ops(c: &mut Criterion) {
    use fiat_crypto::curve25519_64 as fiat;
    let mut r = Bytes(0x5eed_1234_abcd_0002);
    let (xb, yb): ([u8; 32], [u8; 32]) = (r.next(), r.next());
    let (mut xb, mut yb) = (xb, yb);
    xb[31] &= 0x7f;
    yb[31] &= 0x7f;
    let x = FieldElement::from_bytes(&xb);
    let y = FieldElement::from_bytes(&yb);
    let fiat_elem = |bytes: &[u8; 32]| {
        let mut tight = fiat::fiat_25519_tight_field_element([0; 5]);
        fiat::fiat_25519_from_bytes(&mut tight, bytes);
        let mut loose = fiat::fiat_25519_loose_field_element([0; 5]);
        fiat::fiat_25519_relax(&mut loose, &tight);
        loose
    };
    let (fx, fy) = (fiat_elem(&xb), fiat_elem(&yb));

    // Dependent chains (x = x·y, x = x²), as upstream's field benchmarks, through the
    // public `FieldElement` (on x86-64 its 4×64 limbs, MULX/ADX where the CPU has BMI2
    // and ADX, checked once and cached).
    println!(
        "edwards25519 field backend: {}",
        edwards25519::field::backend::selected()
    );
    let mut g = c.benchmark_group("compare/Multiply");
    g.bench_function("edwards25519", |b| {
        let mut acc = x;
        b.iter(|| acc = black_box(acc) * y)
    });
    g.bench_function("fiat-crypto", |b| {
        let mut acc = fx;
        let mut out = fiat::fiat_25519_tight_field_element([0; 5]);
        b.iter(|| {
            fiat::fiat_25519_carry_mul(&mut out, black_box(&acc), &fy);
            fiat::fiat_25519_relax(&mut acc, &out);
        })
    });
    g.finish();

    let mut g = c.benchmark_group("compare/Square");
    g.bench_function("edwards25519", |b| {
        let mut acc = x;
        b.iter(|| acc = black_box(acc).square())
    });
    g.bench_function("fiat-crypto", |b| {
        let mut acc = fx;
        let mut out = fiat::fiat_25519_tight_field_element([0; 5]);
        b.iter(|| {
            fiat::fiat_25519_carry_square(&mut out, black_box(&acc));
            fiat::fiat_25519_relax(&mut acc, &out);
        })
    });
    g.finish();
}

fn signatures(c: &mut Criterion) {
    use ed25519_dalek::{Signer, Verifier};
    use sha2::{Digest, Sha512};
    let mut r = Bytes(0x5eed_1234_abcd_0003);
    let msg = b"The same message for both libraries, signed and verified in the same run.";

    let seed: [u8; 32] = r.next();
    let ours = ed25519::SigningKey::from_seed(&seed);
    let our_vk = ours.verifying_key();
    let our_sig = ours.sign(msg);
    let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
    let their_vk = theirs.verifying_key();
    let their_sig = theirs.sign(msg);

    let mut g = c.benchmark_group("compare/Verification");
    g.bench_function("edwards25519", |b| {
        b.iter(|| our_vk.verify(black_box(msg), black_box(&our_sig)))
    });
    g.bench_function("ed25519-dalek", |b| {
        b.iter(|| their_vk.verify(black_box(msg), black_box(&their_sig)))
    });
    g.finish();

    // A key verifying many signatures, with its tables built once (ed25519-dalek has no
    // such form: its plain verify is the peer).
    let our_pre = our_vk.precompute();
    let mut g = c.benchmark_group("compare/VerificationPrecomputed");
    g.bench_function("edwards25519", |b| {
        b.iter(|| our_pre.verify(black_box(msg), black_box(&our_sig)))
    });
    g.bench_function("ed25519-dalek", |b| {
        b.iter(|| their_vk.verify(black_box(msg), black_box(&their_sig)))
    });
    g.finish();

    let mut g = c.benchmark_group("compare/Signing");
    g.bench_function("edwards25519", |b| b.iter(|| ours.sign(black_box(msg))));
    g.bench_function("ed25519-dalek", |b| b.iter(|| theirs.sign(black_box(msg))));
    g.finish();

    // Ed25519ph (RFC 8032 §5.1) with a context: SHA-512 of the message included on both
    // sides (ed25519-dalek's `*_prehashed` take the unfinished hash state).
    let ctx = b"compare/ph";
    let our_ph = ours.sign_ph(msg, ctx).expect("short context");
    let their_ph = theirs
        .sign_prehashed(Sha512::new().chain_update(msg), Some(ctx))
        .expect("short context");
    let mut g = c.benchmark_group("compare/SigningPh");
    g.bench_function("edwards25519", |b| {
        b.iter(|| ours.sign_ph(black_box(msg), black_box(ctx)))
    });
    g.bench_function("ed25519-dalek", |b| {
        b.iter(|| theirs.sign_prehashed(Sha512::new().chain_update(black_box(msg)), Some(ctx)))
    });
    g.finish();

    let mut g = c.benchmark_group("compare/VerificationPh");
    g.bench_function("edwards25519", |b| {
        b.iter(|| our_vk.verify_ph(black_box(msg), black_box(ctx), black_box(&our_ph)))
    });
    g.bench_function("ed25519-dalek", |b| {
        b.iter(|| {
            their_vk.verify_prehashed(
                Sha512::new().chain_update(black_box(msg)),
                Some(ctx),
                black_box(&their_ph),
            )
        })
    });
    g.finish();

    for n in [64usize, 1024] {
        verify_batch(c, &mut r, n);
    }
}

/// VerifyBatch/n: n distinct keys and messages, the same signatures for both libraries.
fn verify_batch(c: &mut Criterion, r: &mut Bytes, n: usize) {
    use ed25519_dalek::Signer;
    let seeds: Vec<[u8; 32]> = (0..n).map(|_| r.next()).collect();
    let msgs: Vec<[u8; 32]> = (0..n).map(|_| r.next()).collect();
    let msg_refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
    let our_keys: Vec<_> = seeds.iter().map(ed25519::SigningKey::from_seed).collect();
    let our_vks: Vec<_> = our_keys.iter().map(|k| k.verifying_key()).collect();
    let our_sigs: Vec<_> = our_keys.iter().zip(&msgs).map(|(k, m)| k.sign(m)).collect();
    let their_keys: Vec<_> = seeds
        .iter()
        .map(ed25519_dalek::SigningKey::from_bytes)
        .collect();
    let their_vks: Vec<_> = their_keys.iter().map(|k| k.verifying_key()).collect();
    let their_sigs: Vec<_> = their_keys
        .iter()
        .zip(&msgs)
        .map(|(k, m)| k.sign(m))
        .collect();
    let mut rng = rand::rng();

    let mut g = c.benchmark_group("compare/VerifyBatch");
    g.sampling_mode(SamplingMode::Flat).sample_size(30);
    g.throughput(Throughput::Elements(n as u64));
    g.bench_with_input(BenchmarkId::new("edwards25519", n), &n, |b, _| {
        b.iter(|| ed25519::verify_batch(&msg_refs, &our_sigs, &our_vks, &mut rng))
    });
    g.bench_with_input(BenchmarkId::new("ed25519-dalek", n), &n, |b, _| {
        b.iter(|| ed25519_dalek::verify_batch(&msg_refs, &their_sigs, &their_vks))
    });
    g.finish();
}

criterion_group!(
    benches,
    group_ops,
    ristretto_ops,
    montgomery_ops,
    hash_to_curve_ops,
    field_ops,
    signatures
);
criterion_main!(benches);
