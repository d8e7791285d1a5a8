//! Under load, nothing shared goes wrong: eight threads share one `FixedBaseTable`, one
//! `VartimePrecomputedMultiscalar`, one `PrecomputedVerifyingKey` per signer, and the
//! CPU-detection caches (the field's BMI2/ADX and the group's vector-backend checks).
//! For a bounded time each signs, verifies, batch-verifies and multiplies through the
//! shared tables, and every result is compared with the dalek crates' (ed25519-dalek for
//! signatures and verdicts, curve25519-dalek for points). The test fails on any
//! disagreement.
//!
//! Its own test binary: the CPU-detection caches are first filled by these threads,
//! which start together at a barrier (in the suite binary, other tests would have
//! filled them already). The tables are built lazily by whichever thread asks first.
//!
//! `EDWARDS25519_STRESS_SECS` sets the time per thread (default 3 s in an optimized
//! build, 1 s in a debug one).
#![cfg(all(feature = "ed25519", feature = "alloc"))]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Barrier, OnceLock};
use std::time::{Duration, Instant};

use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use ed25519_dalek::{Signer as _, Verifier as _};
use edwards25519::ed25519::{
    PrecomputedVerifyingKey, Signature, SigningKey, VerifyingKey, verify_batch,
};
use edwards25519::{FixedBaseTable, Point, Scalar, VartimePrecomputedMultiscalar};
use edwards25519_test_support::SplitMix64;

const THREADS: usize = 8;
const SIGNERS: usize = 4;

/// What the threads share.
struct Shared {
    signers: Vec<SigningKey>,
    precomputed: Vec<PrecomputedVerifyingKey>,
    dalek_signers: Vec<ed25519_dalek::SigningKey>,
    table_point: Point,
    table: FixedBaseTable,
    multi_points: Vec<Point>,
    multi: VartimePrecomputedMultiscalar,
}

static SHARED: OnceLock<Shared> = OnceLock::new();

fn seed(i: usize) -> [u8; 32] {
    SplitMix64(0x57e5 + i as u64).bytes()
}

fn build() -> Shared {
    let signers: Vec<SigningKey> = (0..SIGNERS)
        .map(|i| SigningKey::from_seed(&seed(i)))
        .collect();
    let precomputed = signers
        .iter()
        .map(|k| k.verifying_key().precompute())
        .collect();
    let dalek_signers = (0..SIGNERS)
        .map(|i| ed25519_dalek::SigningKey::from_bytes(&seed(i)))
        .collect();
    let table_point = Point::mul_base(&Scalar::from_bytes_mod_order(seed(100)));
    // 64: enough for the eight-lane engine's tables on any CPU with AVX-512 IFMA.
    let multi_points: Vec<Point> = (0..64)
        .map(|i| Point::mul_base(&Scalar::from_bytes_mod_order(seed(200 + i))))
        .collect();
    Shared {
        signers,
        precomputed,
        dalek_signers,
        table: FixedBaseTable::new(&table_point),
        table_point,
        multi: VartimePrecomputedMultiscalar::new(&multi_points),
        multi_points,
    }
}

fn to_dalek_point(p: &Point) -> curve25519_dalek::EdwardsPoint {
    CompressedEdwardsY(p.to_bytes())
        .decompress()
        .expect("a valid point")
}

fn to_dalek_scalar(s: &Scalar) -> curve25519_dalek::Scalar {
    curve25519_dalek::Scalar::from_canonical_bytes(s.to_bytes()).expect("canonical")
}

/// Rand's generator for the batch coefficients, seeded per thread.
fn batch_rng(t: usize) -> rand::rngs::StdRng {
    use rand::SeedableRng;
    rand::rngs::StdRng::seed_from_u64(0xba7c + t as u64)
}

/// One thread's work until `deadline`; returns (iterations, disagreements).
fn worker(t: usize, barrier: &Barrier, deadline_after: Duration) -> (u64, u64) {
    let mut rng = SplitMix64(0x7e57 ^ (t as u64) << 20);
    let mut brng = batch_rng(t);
    barrier.wait();
    // The first backend-dispatched call of the process, in all threads at once.
    let first = Point::mul_base(&Scalar::from(t as u64 + 1));
    let mut bad = 0u64;
    if first.to_bytes()
        != curve25519_dalek::EdwardsPoint::mul_base(&curve25519_dalek::Scalar::from(t as u64 + 1))
            .compress()
            .to_bytes()
    {
        bad += 1;
    }
    let shared = SHARED.get_or_init(build);
    let deadline = Instant::now() + deadline_after;
    let mut iters = 0u64;
    while Instant::now() < deadline {
        iters += 1;
        let i = (rng.next_u64() as usize) % SIGNERS;
        let key = &shared.signers[i];
        let dkey = &shared.dalek_signers[i];
        let len = (rng.next_u64() % 200) as usize;
        let msg: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();

        // Signing: byte for byte ed25519-dalek's (both deterministic RFC 8032).
        let sig = key.sign(&msg);
        let dsig = dkey.sign(&msg);
        bad += u64::from(sig.to_bytes() != dsig.to_bytes());

        // Verification, plain and precomputed, of a good and a tampered signature.
        let mut tampered = sig.to_bytes();
        tampered[(rng.next_u64() % 64) as usize] ^= 1 << (rng.next_u64() % 8);
        let tampered_sig = Signature::from_bytes(&tampered);
        let dvk = dkey.verifying_key();
        for (s, bytes) in [(&sig, sig.to_bytes()), (&tampered_sig, tampered)] {
            let d = ed25519_dalek::Signature::from_bytes(&bytes);
            let dalek_strict = dvk.verify_strict(&msg, &d).is_ok();
            let dalek_plain = dvk.verify(&msg, &d).is_ok();
            bad += u64::from(key.verifying_key().verify_strict(&msg, s).is_ok() != dalek_strict);
            bad += u64::from(shared.precomputed[i].verify_strict(&msg, s).is_ok() != dalek_strict);
            // ZIP-215 (cofactored) and dalek's cofactorless `verify` differ only on
            // small-order components, which a one-bit change of an honest signature
            // does not produce (except with negligible probability).
            bad += u64::from(shared.precomputed[i].verify(&msg, s).is_ok() != dalek_plain);
        }

        // Batch verification of three signatures, all good or one tampered.
        let msgs: Vec<Vec<u8>> = (0..3).map(|j| [msg.as_slice(), &[j]].concat()).collect();
        let keys: Vec<usize> = (0..3)
            .map(|_| (rng.next_u64() as usize) % SIGNERS)
            .collect();
        let mut sigs: Vec<Signature> = keys
            .iter()
            .zip(&msgs)
            .map(|(&k, m)| shared.signers[k].sign(m))
            .collect();
        if rng.next_u64() & 1 == 1 {
            let j = (rng.next_u64() % 3) as usize;
            let mut b = sigs[j].to_bytes();
            b[(rng.next_u64() % 32) as usize] ^= 0x40;
            sigs[j] = Signature::from_bytes(&b);
        }
        let msg_refs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
        let vks: Vec<VerifyingKey> = keys
            .iter()
            .map(|&k| shared.signers[k].verifying_key())
            .collect();
        let ours = verify_batch(&msg_refs, &sigs, &vks, &mut brng).is_ok();
        let dsigs: Vec<ed25519_dalek::Signature> = sigs
            .iter()
            .map(|s| ed25519_dalek::Signature::from_bytes(&s.to_bytes()))
            .collect();
        let dvks: Vec<ed25519_dalek::VerifyingKey> = keys
            .iter()
            .map(|&k| shared.dalek_signers[k].verifying_key())
            .collect();
        let theirs = ed25519_dalek::verify_batch(&msg_refs, &dsigs, &dvks).is_ok();
        bad += u64::from(ours != theirs);

        // The shared tables.
        let s = Scalar::from_bytes_mod_order_wide(&rng.bytes());
        let expected = to_dalek_point(&shared.table_point) * to_dalek_scalar(&s);
        bad += u64::from(shared.table.mul(&s).to_bytes() != expected.compress().to_bytes());
        let ss: Vec<Scalar> = (0..shared.multi_points.len())
            .map(|_| Scalar::from_bytes_mod_order_wide(&rng.bytes()))
            .collect();
        let expected = curve25519_dalek::EdwardsPoint::vartime_multiscalar_mul(
            ss.iter().map(to_dalek_scalar),
            shared.multi_points.iter().map(to_dalek_point),
        );
        bad += u64::from(
            shared.multi.vartime_multiscalar_mul(&ss).to_bytes() != expected.compress().to_bytes(),
        );
    }
    (iters, bad)
}

#[test]
fn eight_threads_share_tables_and_agree_with_dalek() {
    let secs: f64 = std::env::var("EDWARDS25519_STRESS_SECS")
        .ok()
        .map(|v| v.parse().expect("EDWARDS25519_STRESS_SECS: seconds"))
        .unwrap_or(if cfg!(debug_assertions) { 1.0 } else { 3.0 });
    let duration = Duration::from_secs_f64(secs);
    let barrier = Barrier::new(THREADS);
    let total_bad = AtomicU64::new(0);
    let results: Vec<(u64, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let barrier = &barrier;
                scope.spawn(move || worker(t, barrier, duration))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a stress thread panicked"))
            .collect()
    });
    for (t, (iters, bad)) in results.iter().enumerate() {
        println!("thread {t}: {iters} iterations, {bad} disagreements");
        total_bad.fetch_add(*bad, Ordering::Relaxed);
        assert!(*iters > 0, "thread {t} did no work");
    }
    println!(
        "point backend {}, field backend {}",
        edwards25519::group::backend::selected(),
        edwards25519::field::backend::selected()
    );
    assert_eq!(
        total_bad.load(Ordering::Relaxed),
        0,
        "disagreements with the dalek crates"
    );
}
