//! A statistical constant-time test in the style of dudect (Reparaz, Balasch,
//! Verbauwhede, "Dude, is my code constant time?", 2017).
//!
//! Each operation is timed on two classes of secret scalar: class 0 is one fixed,
//! ordinary-looking scalar; class 1 is a fresh random scalar per call. Inputs and the
//! (random) interleaving of the classes are generated before timing, so the timing loop
//! does the same work for both. Each call is timed alone; the first measurements are a
//! discarded warm-up. Outliers (interrupts, preemption, migration) are cropped the
//! dudect way: Welch's t is computed on all measurements and on those at or below each
//! of a few percentiles of the pooled measurements, and the largest |t| is reported.
//!
//! If the running time does not depend on the secret, t is roughly standard normal;
//! a constant-time operation passes when max |t| < [`T_BOUND`] (4.5, dudect's
//! threshold). A test that can only pass proves nothing, so a deliberately leaky
//! control (`vartime_double_scalar_mul_basepoint`, with the fixed scalar 1 whose NAF
//! has a single nonzero digit) must be flagged far above the bound.
//!
//! The numbers mean something only in an optimized build: in a debug build the tests
//! print a message and return. Run them with `cargo test --release --test timing`;
//! `EDWARDS25519_TIMING_SAMPLES` overrides the number of measurements per round.

use std::hint::black_box;
use std::sync::Mutex;
use std::time::Instant;

use edwards25519::{Point, Scalar};
use edwards25519_test_support::SplitMix64;

/// The pass bound on max |t| for the constant-time operations (dudect's 4.5).
const T_BOUND: f64 = 4.5;

/// The control must exceed this (ten times the bound), or the harness is too blunt to
/// catch anything.
const CONTROL_MIN_T: f64 = 10.0 * T_BOUND;

/// Independent rounds for a constant-time operation. It fails only if every round has
/// max |t| >= T_BOUND: a real leak is systematic and shows in each round (each with
/// its own inputs), while a noise burst from other tenants of a shared VM rarely lasts
/// across rounds, so this cuts false failures (costly in CI) without hiding leaks.
const ROUNDS: u64 = 3;

/// Measurements per round and operation (after warm-up), unless overridden by
/// `EDWARDS25519_TIMING_SAMPLES`.
const DEFAULT_SAMPLES: usize = 100_000;

/// Measurements discarded first (caches, branch predictors, CPU frequency).
const WARMUP: usize = 500;

/// Pooled percentiles at which the measurements are cropped (plus the uncropped set).
const CROP_PERCENTILES: [f64; 5] = [0.50, 0.75, 0.90, 0.95, 0.99];

/// The tests run one at a time: concurrent timing on a 2-core machine would be noise.
static SERIAL: Mutex<()> = Mutex::new(());

/// A uniform scalar, reduced from 64 bytes of the (deterministic, not secret) generator.
fn random_scalar(rng: &mut SplitMix64) -> Scalar {
    Scalar::from_bytes_mod_order_wide(&rng.bytes())
}

/// The fixed class-0 scalar of the constant-time tests: fixed bytes, about half the
/// bits set, nothing special about it.
fn fixed_scalar() -> Scalar {
    let mut bytes = [0u8; 32];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(0x9d).wrapping_add(0x3b);
    }
    Scalar::from_bytes_mod_order(bytes)
}

/// The number of measurements per round.
fn samples() -> usize {
    match std::env::var("EDWARDS25519_TIMING_SAMPLES") {
        Ok(v) => {
            let n: usize = v
                .parse()
                .expect("EDWARDS25519_TIMING_SAMPLES must be a positive integer");
            assert!(
                n >= 1000,
                "EDWARDS25519_TIMING_SAMPLES must be at least 1000"
            );
            n
        }
        Err(_) => DEFAULT_SAMPLES,
    }
}

/// Class labels (random interleaving) and the matching inputs, `WARMUP + n` of each.
fn inputs(fixed: Scalar, n: usize, seed: u64) -> (Vec<u8>, Vec<Scalar>) {
    let mut rng = SplitMix64(seed);
    let classes: Vec<u8> = (0..WARMUP + n)
        .map(|_| (rng.next_u64() >> 63) as u8)
        .collect();
    let scalars = classes
        .iter()
        .map(|&c| {
            if c == 0 {
                fixed
            } else {
                random_scalar(&mut rng)
            }
        })
        .collect();
    (classes, scalars)
}

/// Times `op` on each input, in nanoseconds, dropping the warm-up.
///
/// `Instant` is `clock_gettime(CLOCK_MONOTONIC)`, which on Linux the vDSO serves from
/// the TSC without a system call: about 20 ns resolution (~30 ns per reading), against
/// operations of several µs (here ~8 µs mul_base, ~30 µs ScalarMult on a 2-core VM).
/// (`rdtsc` itself would need `unsafe`, which the workspace denies.)
fn measure<F: Fn(&Scalar) -> Point>(op: F, scalars: &[Scalar]) -> Vec<u64> {
    let mut times = Vec::with_capacity(scalars.len());
    for s in scalars {
        // black_box on the input pins the call after `start`; on the output, before
        // `elapsed`.
        let s = black_box(s);
        let start = Instant::now();
        black_box(op(s));
        times.push(start.elapsed().as_nanos() as u64);
    }
    times.split_off(WARMUP.min(times.len()))
}

/// Running mean and variance (Welford), in f64.
#[derive(Clone, Copy, Default)]
struct Moments {
    n: u64,
    mean: f64,
    m2: f64,
}

impl Moments {
    fn push(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    /// The sample variance (n - 1 denominator).
    fn var(&self) -> f64 {
        self.m2 / (self.n - 1) as f64
    }
}

/// Welch's t = (mean0 - mean1) / sqrt(var0/n0 + var1/n1), or None with fewer than two
/// measurements in a class.
fn welch_t(c0: &Moments, c1: &Moments) -> Option<f64> {
    if c0.n < 2 || c1.n < 2 {
        return None;
    }
    let se = (c0.var() / c0.n as f64 + c1.var() / c1.n as f64).sqrt();
    let diff = c0.mean - c1.mean;
    Some(if se > 0.0 {
        diff / se
    } else if diff == 0.0 {
        0.0
    } else {
        f64::INFINITY
    })
}

/// Per-class moments of the measurements at or below `limit`.
fn moments_below(classes: &[u8], times: &[u64], limit: u64) -> [Moments; 2] {
    let mut m = [Moments::default(); 2];
    for (&c, &t) in classes.iter().zip(times) {
        if t <= limit {
            m[usize::from(c)].push(t as f64);
        }
    }
    m
}

/// One round: measures `op` on inputs drawn from `seed` and returns max |t| over the
/// crops (a crop with under two measurements in a class is skipped),
/// printing every crop so a failure can be diagnosed.
fn round<F: Fn(&Scalar) -> Point>(name: &str, op: F, fixed: Scalar, n: usize, seed: u64) -> f64 {
    let (classes, scalars) = inputs(fixed, n, seed);
    let times = measure(op, &scalars);
    let classes = &classes[WARMUP..];

    let mut sorted = times.clone();
    sorted.sort_unstable();
    let limits = CROP_PERCENTILES
        .iter()
        .map(|&p| {
            (
                format!("p{:02}", (p * 100.0) as u32),
                sorted[((n - 1) as f64 * p) as usize],
            )
        })
        .chain([("all".to_string(), u64::MAX)]);

    let mut max_t = 0.0f64;
    for (label, limit) in limits {
        let [c0, c1] = moments_below(classes, &times, limit);
        let t = welch_t(&c0, &c1);
        let shown = t.map_or("     n/a".to_string(), |t| format!("{t:+8.2}"));
        let limit = if limit == u64::MAX {
            "any".to_string()
        } else {
            format!("{limit} ns")
        };
        println!(
            "  {name} seed {seed:#x} {label} (<= {limit:>8}): t = {shown}  \
             n = {:>6}/{:>6}  mean = {:8.1}/{:8.1} ns",
            c0.n, c1.n, c0.mean, c1.mean
        );
        if let Some(t) = t {
            max_t = max_t.max(t.abs());
        }
    }
    println!("  {name} seed {seed:#x}: max |t| = {max_t:.2}");
    max_t
}

/// Skips in debug builds (meaningless timing); otherwise prints the setup and holds the
/// lock that runs the tests one at a time.
fn setup(name: &str) -> Option<std::sync::MutexGuard<'static, ()>> {
    if cfg!(debug_assertions) {
        println!("{name}: skipped, timing needs an optimized build (cargo test --release)");
        return None;
    }
    // A panicking test poisons the lock; the others still run.
    let guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    println!(
        "{name}: point backend {}, field backend {}, {} samples per round, bound |t| < {T_BOUND}",
        edwards25519::group::backend::selected(),
        edwards25519::field::backend::selected(),
        samples()
    );
    Some(guard)
}

/// Passes if any of up to [`ROUNDS`] rounds has max |t| below [`T_BOUND`].
fn assert_constant_time<F: Fn(&Scalar) -> Point + Copy>(name: &str, op: F, seed: u64) {
    assert_constant_time_n(name, op, seed, samples());
}

/// [`assert_constant_time`] with `n` measurements per round.
fn assert_constant_time_n<F: Fn(&Scalar) -> Point + Copy>(name: &str, op: F, seed: u64, n: usize) {
    let Some(_guard) = setup(name) else { return };
    let mut seen = Vec::new();
    for r in 0..ROUNDS {
        let t = round(name, op, fixed_scalar(), n, seed ^ (r << 32));
        seen.push(t);
        if t < T_BOUND {
            println!("{name}: pass (max |t| {t:.2} < {T_BOUND})");
            return;
        }
    }
    panic!("{name}: timing depends on the secret: max |t| per round {seen:.2?} >= {T_BOUND}");
}

#[test]
fn mul_base_is_constant_time() {
    assert_constant_time("mul_base", Point::mul_base, 1);
}

#[test]
fn scalar_mult_is_constant_time() {
    // A fixed point other than the base point (`&Point * &Scalar`, upstream ScalarMult).
    let p = &Point::mul_base(&Scalar::from_bytes_mod_order([0xa7; 32]));
    assert_constant_time("scalar_mult", move |s: &Scalar| p * s, 2);
}

/// `x25519_batch` of eight (the eight-lane ladder where the CPU has AVX-512 IFMA, one
/// per zmm lane): the same secret scalar in every lane, fixed or random, with a fixed
/// u. A quarter of the samples (each call is eight ladders, ~5x a `mul_base`), to keep
/// CI time small.
#[test]
fn x25519_batch_is_constant_time() {
    use edwards25519::montgomery::{MontgomeryPoint, x25519_batch};
    let u = [MontgomeryPoint::mul_base_clamped([0x5c; 32]).0; 8];
    let op = move |s: &Scalar| {
        black_box(x25519_batch(&[s.to_bytes(); 8], black_box(&u)).expect("equal lengths"));
        Point::IDENTITY
    };
    assert_constant_time_n("x25519_batch", op, 4, samples().div_ceil(4).max(1000));
}

/// The harness must flag a leak: a·A by the variable-time double-base multiplication
/// (b = 0), with a = 1 (one doubling and one addition) against random a (~250
/// doublings and ~40 additions).
#[test]
fn vartime_control_is_flagged() {
    let Some(_guard) = setup("vartime_control") else {
        return;
    };
    let a_point = Point::mul_base(&fixed_scalar());
    let op = |s: &Scalar| Point::vartime_double_scalar_mul_basepoint(s, &a_point, &Scalar::ZERO);
    let t = round("vartime_control", op, Scalar::ONE, samples(), 3);
    assert!(
        t > CONTROL_MIN_T,
        "the leaky control was not flagged: max |t| {t:.2} <= {CONTROL_MIN_T}"
    );
    println!("vartime_control: flagged as expected (max |t| {t:.2} > {CONTROL_MIN_T})");
}
