//! Same-run breakdown of X25519Base (`MontgomeryPoint::mul_base_clamped`): the scalar's
//! clamp and reduction, its recoding, the fixed-base multiplication on each point
//! backend this CPU runs, the conversion to u (one inversion and the encoding), and the
//! whole operation on each backend, interleaved sample by sample (one round times each
//! part once, in rotating order; a sample is `BATCH` calls, after one untimed call).
//!
//! Reports the minimum and the median per call; under load the minimum is the steadier
//! figure. `ROUNDS` (default 2000) sets the number of rounds.
//!
//! `CARGO_PROFILE_BENCH_LTO=fat CARGO_PROFILE_BENCH_CODEGEN_UNITS=1 cargo bench -p
//! edwards25519-group --features fuzzing --bench x25519_base`

use std::hint::black_box;
use std::time::Instant;

use edwards25519_field::backend::x86_64::{Bmi2Adx, Mulx};
use edwards25519_field::{FieldArith, FieldElement};

/// The proof type for the MULX/ADX field in this benchmark.
#[derive(Clone, Copy)]
struct Checked;
// SAFETY: `Mulx<Checked>` is operated on only after `cpu_has_bmi2_adx()` returned true
// (see `main`).
#[allow(unsafe_code)]
unsafe impl Bmi2Adx for Checked {}
use edwards25519_group::backend::fuzzing::Backend;
use edwards25519_group::montgomery::MontgomeryPoint;
use edwards25519_group::{Point, Scalar};

const BATCH: usize = 20;

fn main() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let k = [0x5au8; 32];
    let s = Scalar::from_bytes_with_clamping(k);
    let p = Point::mul_base(&s);
    let fe = FieldElement::from_bytes(&p.to_bytes());
    let backends: Vec<Backend> = [Backend::Ifma, Backend::Avx2, Backend::Serial]
        .into_iter()
        .filter(|b| b.is_available())
        .collect();
    let mut parts: Vec<(String, Box<dyn Fn()>)> = vec![
        (
            "clamp + reduce mod l".into(),
            Box::new(move || {
                black_box(Scalar::from_bytes_with_clamping(black_box(k)));
            }),
        ),
        (
            "radix-16 recoding".into(),
            Box::new(move || {
                black_box(black_box(&s).as_radix_16());
            }),
        ),
        (
            "to_montgomery_bytes".into(),
            Box::new(move || {
                black_box(black_box(&p).to_montgomery_bytes());
            }),
        ),
        (
            "FieldElement::invert".into(),
            Box::new(move || {
                black_box(black_box(&fe).invert());
            }),
        ),
        (
            "FieldElement::invert_fermat".into(),
            Box::new(move || {
                black_box(FieldArith::invert_fermat(black_box(&fe)));
            }),
        ),
        (
            "X25519Base (selected)".into(),
            Box::new(move || {
                black_box(MontgomeryPoint::mul_base_clamped(black_box(k)));
            }),
        ),
    ];
    if edwards25519_field::backend::cpu_has_bmi2_adx() {
        let m = Mulx::<Checked>::from_field(&fe);
        parts.push((
            "MULX invert (safegcd)".into(),
            Box::new(move || {
                black_box(FieldArith::invert(black_box(&m)));
            }),
        ));
        parts.push((
            "MULX invert_fermat".into(),
            Box::new(move || {
                black_box(FieldArith::invert_fermat(black_box(&m)));
            }),
        ));
    }
    for b in backends {
        if std::env::var("NOCHECK").is_err() {
            assert_eq!(
                b.mul_base_clamped(k),
                Some(MontgomeryPoint::mul_base_clamped(k).0)
            );
        }
        parts.push((
            format!("mul_base {b:?}"),
            Box::new(move || {
                black_box(b.mul_base(black_box(&s)));
            }),
        ));
        parts.push((
            format!("X25519Base {b:?}"),
            Box::new(move || {
                black_box(b.mul_base_clamped(black_box(k)));
            }),
        ));
    }
    let n = parts.len();
    let mut ns: Vec<Vec<f64>> = vec![Vec::with_capacity(rounds); n];
    for r in 0..rounds {
        for j in 0..n {
            let i = (r + j) % n;
            // One untimed call first, so that no part pays for an execution unit its
            // predecessor left idle (the AVX-512 unit's warm-up after scalar code).
            (parts[i].1)();
            let t = Instant::now();
            for _ in 0..BATCH {
                (parts[i].1)();
            }
            ns[i].push(t.elapsed().as_nanos() as f64 / BATCH as f64);
        }
    }
    println!("X25519Base parts, {rounds} interleaved rounds (ns per call: min / median)");
    for (i, (name, _)) in parts.iter().enumerate() {
        let v = &mut ns[i];
        v.sort_by(f64::total_cmp);
        println!("{name:>28}: {:8.0} / {:8.0}", v[0], v[v.len() / 2]);
    }
}
