//! The cost of the compatibility layer, same run: each compat call and the native call
//! it wraps alternate round by round (which one goes first alternates too), and the
//! driver reports, per operation, the ratio compat / native of the per-call minimum and
//! the median of the per-round ratios. Operations: Ed25519 sign, verify (ed25519-dalek's
//! cofactorless rule), X25519 (`MontgomeryPoint::mul_clamped`), ristretto255
//! multiplication by a scalar.
//!
//! `cargo bench -p edwards25519-compat-ed25519-dalek --bench layer [-- ROUNDS]`
//! (the LTO build: `CARGO_PROFILE_BENCH_LTO=fat CARGO_PROFILE_BENCH_CODEGEN_UNITS=1`).

use std::hint::black_box;
use std::time::Instant;

/// Calls per timed batch: long enough (hundreds of µs) that the clock's resolution does
/// not matter, short enough that many rounds fit.
const BATCH: u32 = 32;

/// Nanoseconds per call of `f` over one batch.
fn time(f: &mut dyn FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..BATCH {
        f();
    }
    start.elapsed().as_nanos() as f64 / f64::from(BATCH)
}

/// Runs `rounds` rounds of (native, compat) batches, alternating which goes first, and
/// prints the minima and the ratios.
fn compare(name: &str, rounds: usize, native: &mut dyn FnMut(), compat: &mut dyn FnMut()) {
    // Warm-up: tables, CPU detection caches, frequency.
    for _ in 0..3 {
        time(native);
        time(compat);
    }
    let (mut n_min, mut c_min) = (f64::MAX, f64::MAX);
    let mut ratios = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let (n, c) = if round % 2 == 0 {
            let n = time(native);
            (n, time(compat))
        } else {
            let c = time(compat);
            (time(native), c)
        };
        n_min = n_min.min(n);
        c_min = c_min.min(c);
        ratios.push(c / n);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "{name:<28} native {:>8.0} ns  compat {:>8.0} ns  ratio of minima {:.3}  median ratio {:.3}",
        n_min,
        c_min,
        c_min / n_min,
        ratios[ratios.len() / 2]
    );
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200);
    let msg = [0x5au8; 64];

    let native = edwards25519::ed25519::SigningKey::from_seed(&[7; 32]);
    let compat = ed25519_dalek::SigningKey::from_bytes(&[7; 32]);
    compare(
        "Ed25519 sign (64 B)",
        rounds,
        &mut || {
            black_box(native.sign(black_box(&msg)));
        },
        &mut || {
            black_box(ed25519_dalek::Signer::sign(&compat, black_box(&msg)));
        },
    );

    let nsig = native.sign(&msg);
    let csig = ed25519_dalek::Signer::sign(&compat, &msg);
    let nvk = native.verifying_key();
    let cvk = compat.verifying_key();
    compare(
        "Ed25519 verify (cofactorless)",
        rounds,
        &mut || {
            black_box(nvk.verify_cofactorless(black_box(&msg), black_box(&nsig))).ok();
        },
        &mut || {
            black_box(cvk.verify(black_box(&msg), black_box(&csig))).ok();
        },
    );

    let u = edwards25519::montgomery::MontgomeryPoint::mul_base_clamped([3; 32]);
    let cu = curve25519_dalek::MontgomeryPoint(u.0);
    compare(
        "X25519 mul_clamped",
        rounds,
        &mut || {
            black_box(black_box(u).mul_clamped(black_box([9; 32])));
        },
        &mut || {
            black_box(black_box(cu).mul_clamped(black_box([9; 32])));
        },
    );

    let np = edwards25519::ristretto::RistrettoPoint::GENERATOR.double();
    let ns = edwards25519::Scalar::from_bytes_mod_order([0x33; 32]);
    let cp = curve25519_dalek::RistrettoPoint::from(np);
    let cs = curve25519_dalek::Scalar::from(ns);
    compare(
        "ristretto255 point * scalar",
        rounds,
        &mut || {
            black_box(black_box(np) * black_box(ns));
        },
        &mut || {
            black_box(black_box(cp) * black_box(cs));
        },
    );
}
