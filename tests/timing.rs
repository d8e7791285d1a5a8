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
//! The operations: `mul_base` and `&P * &s` on a secret scalar, `FixedBaseTable::mul`,
//! ristretto255 multiplication, `Point::multiscalar_mul` (four secret scalars), X25519
//! (`montgomery::x25519`, whichever ladder the backend runs, and `mul_base_clamped`),
//! the batches of eight on the eight-lane field where the CPU has AVX-512 IFMA
//! (`x25519_batch`, `mul_base_clamped_batch`, `to_bytes_batch`, `to_montgomery_batch`;
//! `x25519_batch` on the AVX2 field with AVX2 and no IFMA, or that backend forced),
//! Ed25519 signing and hedged signing (the key is the secret), and hash-to-curve of a
//! secret input. Each times the backend this
//! build selects (printed); CI runs this file with the default selection and with each
//! backend forced, so every backend the CPU has is timed. The slower operations take a
//! fraction of the samples (`divisor` below); the whole file takes about 26 s with the
//! IFMA backend on the CI machine (under load), longer with the portable one.
//!
//! If the running time does not depend on the secret, t is roughly standard normal;
//! a constant-time operation passes when max |t| < [`T_BOUND`] (4.5, dudect's
//! threshold), counting only crops whose class means differ by at least
//! [`MIN_EFFECT_NS`]. A test that can only pass proves nothing, so a deliberately leaky
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
/// its own inputs), while a noise burst from other tenants of a shared machine rarely lasts
/// across rounds, so this cuts false failures (costly in CI) without hiding leaks.
const ROUNDS: u64 = 3;

/// Measurements per round and operation (after warm-up), unless overridden by
/// `EDWARDS25519_TIMING_SAMPLES`.
const DEFAULT_SAMPLES: usize = 100_000;

/// Measurements discarded first (caches, branch predictors, CPU frequency).
const WARMUP: usize = 500;

/// The smallest difference of the class means, in nanoseconds, that a crop's |t| counts
/// for. With 10^5 measurements Welch's t resolves mean shifts far below one cycle, and a
/// constant-time operation on a fixed input does show such shifts now and then (a few
/// tenths of a nanosecond on a 7 µs hash-to-curve whose serial code valgrind finds free
/// of secret-dependent branches and addresses). Shifts that small come from the
/// processor itself (data-dependent power and frequency, as in
/// Hertzbleed), which no code change removes. One secret-dependent misprediction or
/// cache miss per call costs several nanoseconds on average, above this floor, and the
/// serial code's branches and addresses are checked exactly by valgrind (ct-check).
const MIN_EFFECT_NS: f64 = 1.0;

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

/// Class labels (random interleaving) and the matching inputs, `WARMUP + n` of each:
/// `fixed` for class 0, `random(rng)` for class 1.
fn inputs<T: Clone>(
    fixed: &T,
    random: &dyn Fn(&mut SplitMix64) -> T,
    n: usize,
    seed: u64,
) -> (Vec<u8>, Vec<T>) {
    let mut rng = SplitMix64(seed);
    let classes: Vec<u8> = (0..WARMUP + n)
        .map(|_| (rng.next_u64() >> 63) as u8)
        .collect();
    let values = classes
        .iter()
        .map(|&c| {
            if c == 0 {
                fixed.clone()
            } else {
                random(&mut rng)
            }
        })
        .collect();
    (classes, values)
}

/// Times `op` on each input, in nanoseconds, dropping the warm-up.
///
/// `Instant` is `clock_gettime(CLOCK_MONOTONIC)`, which on Linux the vDSO serves from
/// the TSC without a system call: about 20 ns resolution (~30 ns per reading), against
/// operations of several µs (about 8 µs mul_base and 30 µs ScalarMult on a 2-core AMD EPYC).
/// (`rdtsc` itself would need `unsafe`, which the workspace denies.)
fn measure<T, O>(op: &dyn Fn(&T) -> O, values: &[T]) -> Vec<u64> {
    let mut times = Vec::with_capacity(values.len());
    for v in values {
        // black_box on the input pins the call after `start`; on the output, before
        // `elapsed`.
        let v = black_box(v);
        let start = Instant::now();
        black_box(op(v));
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
/// crops (a crop with under two measurements in a class is skipped, and one whose class
/// means differ by less than [`MIN_EFFECT_NS`] counts as t = 0), printing every crop so a
/// failure can be diagnosed.
fn round<T: Clone, O>(
    name: &str,
    op: &dyn Fn(&T) -> O,
    fixed: &T,
    random: &dyn Fn(&mut SplitMix64) -> T,
    n: usize,
    seed: u64,
) -> f64 {
    let (classes, values) = inputs(fixed, random, n, seed);
    let times = measure(op, &values);
    drop(values);
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
        if let Some(t) = t
            && (c0.mean - c1.mean).abs() >= MIN_EFFECT_NS
        {
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

/// Passes if any of up to [`ROUNDS`] rounds has max |t| below [`T_BOUND`], with the
/// fixed scalar against random scalars.
fn assert_constant_time<O>(name: &str, op: impl Fn(&Scalar) -> O, seed: u64) {
    assert_constant_time_on(name, &op, &fixed_scalar(), &random_scalar, 1, seed);
}

/// [`assert_constant_time`] for any secret input: `fixed` (class 0) against
/// `random(rng)` (class 1), with `samples() / divisor` measurements per round (the
/// slower operations take fewer, to keep the test within its CI budget).
fn assert_constant_time_on<T: Clone, O>(
    name: &str,
    op: &dyn Fn(&T) -> O,
    fixed: &T,
    random: &dyn Fn(&mut SplitMix64) -> T,
    divisor: usize,
    seed: u64,
) {
    let Some(_guard) = setup(name) else { return };
    let n = (samples() / divisor).max(1000);
    let mut seen = Vec::new();
    for r in 0..ROUNDS {
        let t = round(name, op, fixed, random, n, seed ^ (r << 32));
        seen.push(t);
        if t < T_BOUND {
            println!("{name}: pass (max |t| {t:.2} < {T_BOUND}, {n} samples)");
            return;
        }
    }
    panic!("{name}: timing depends on the secret: max |t| per round {seen:.2?} >= {T_BOUND}");
}

#[test]
fn mul_base_is_constant_time() {
    assert_constant_time("mul_base", |s: &Scalar| Point::mul_base(s), 1);
}

#[test]
fn scalar_mult_is_constant_time() {
    // A fixed point other than the base point (`&Point * &Scalar`, upstream ScalarMult).
    let p = &Point::mul_base(&Scalar::from_bytes_mod_order([0xa7; 32]));
    assert_constant_time("scalar_mult", |s: &Scalar| p * s, 2);
}

/// `x25519_batch` of eight (the eight-lane ladder where the CPU has AVX-512 IFMA, one
/// per zmm lane; four ladders per ymm register with AVX2 and no IFMA, or the AVX2
/// backend forced): the same secret scalar in every lane, fixed or random, with a fixed
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
    assert_constant_time_on("x25519_batch", &op, &fixed_scalar(), &random_scalar, 4, 4);
}

/// `mul_base_clamped_batch` of eight (the eight-lane fixed base where the CPU has
/// AVX-512 IFMA: per-lane table scans by mask, then the batch's u by one inversion):
/// eight distinct secrets derived from the fixed or random scalar. Half the samples.
#[test]
fn mul_base_clamped_batch_is_constant_time() {
    use edwards25519::montgomery::MontgomeryPoint;
    let op = |s: &Scalar| {
        let mut keys = [s.to_bytes(); 8];
        for (i, k) in keys.iter_mut().enumerate() {
            k[0] ^= i as u8;
        }
        black_box(MontgomeryPoint::mul_base_clamped_batch(black_box(&keys)));
        Point::IDENTITY
    };
    assert_constant_time_on(
        "mul_base_clamped_batch",
        &op,
        &fixed_scalar(),
        &random_scalar,
        2,
        11,
    );
}

/// `to_bytes_batch` and `to_montgomery_batch` of eight secret points (the eight-lane
/// encodings where the CPU has AVX-512 IFMA): eight fixed points against eight drawn
/// from a pool of random points (computed once: the inputs stay cheap to make).
#[test]
fn batch_encodings_are_constant_time() {
    let mut rng = SplitMix64(0x5eed_ba7c);
    let pool: Vec<Point> = (0..256)
        .map(|_| Point::mul_base(&random_scalar(&mut rng)))
        .collect();
    let fixed: Vec<Point> = (1..=8u8)
        .map(|i| Point::mul_base(&(fixed_scalar() * Scalar::from(i))))
        .collect();
    let random = move |rng: &mut SplitMix64| -> Vec<Point> {
        (0..8)
            .map(|_| pool[(rng.next_u64() % 256) as usize])
            .collect()
    };
    assert_constant_time_on(
        "to_bytes_batch",
        &|ps: &Vec<Point>| Point::to_bytes_batch(black_box(ps)),
        &fixed,
        &random,
        1,
        12,
    );
    assert_constant_time_on(
        "to_montgomery_batch",
        &|ps: &Vec<Point>| Point::to_montgomery_batch(black_box(ps)),
        &fixed,
        &random,
        1,
        13,
    );
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
    let t = round(
        "vartime_control",
        &op,
        &Scalar::ONE,
        &random_scalar,
        samples(),
        3,
    );
    assert!(
        t > CONTROL_MIN_T,
        "the leaky control was not flagged: max |t| {t:.2} <= {CONTROL_MIN_T}"
    );
    println!("vartime_control: flagged as expected (max |t| {t:.2} > {CONTROL_MIN_T})");
}

/// Fixed bytes for the class-0 inputs that are byte strings (X25519 keys, Ed25519
/// seeds, hash-to-curve inputs): the fixed scalar's encoding.
fn fixed_bytes() -> [u8; 32] {
    fixed_scalar().to_bytes()
}

#[cfg(feature = "ed25519")]
/// A `CryptoRng` over SplitMix64 for the hedged-signing randomness: not cryptographic,
/// but the timing test only needs the same kind of bytes in both classes.
struct TestRng(SplitMix64);

#[cfg(feature = "ed25519")]
impl rand_core::TryRng for TestRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.next_u64() as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.0.next_u64())
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        self.0.fill_bytes(dst);
        Ok(())
    }
}
#[cfg(feature = "ed25519")]
impl rand_core::TryCryptoRng for TestRng {}

/// Signing: the fixed key against random keys, the same message (the nonce and S
/// depend on the key).
#[cfg(feature = "ed25519")]
#[test]
fn ed25519_sign_is_constant_time() {
    use edwards25519::ed25519::SigningKey;
    let msg = b"a message signed under a secret key";
    assert_constant_time_on(
        "ed25519_sign",
        &|k: &SigningKey| k.sign(msg),
        &SigningKey::from_seed(&fixed_bytes()),
        &|rng| SigningKey::from_seed(&rng.bytes()),
        1,
        4,
    );
}

/// Hedged signing: as signing, with fresh randomness Z in both classes.
#[cfg(feature = "ed25519")]
#[test]
fn ed25519_sign_hedged_is_constant_time() {
    use edwards25519::ed25519::SigningKey;
    use std::cell::RefCell;
    let msg = b"a message signed under a secret key";
    let rng = RefCell::new(TestRng(SplitMix64(0x4ed6)));
    assert_constant_time_on(
        "ed25519_sign_hedged",
        &|k: &SigningKey| k.sign_hedged(msg, &mut *rng.borrow_mut()),
        &SigningKey::from_seed(&fixed_bytes()),
        &|r| SigningKey::from_seed(&r.bytes()),
        1,
        5,
    );
}

/// X25519 with a fixed peer key: the fixed secret against random secrets, through the
/// public `x25519`, so it times whichever ladder the selected backend runs.
#[test]
fn x25519_is_constant_time() {
    let peer = edwards25519::montgomery::MontgomeryPoint::mul_base_clamped([0x5a; 32]).0;
    assert_constant_time_on(
        "x25519",
        &|k: &[u8; 32]| edwards25519::montgomery::x25519(*k, peer),
        &fixed_bytes(),
        &|rng| rng.bytes(),
        2,
        6,
    );
}

/// X25519 with the base point (`mul_base_clamped`, the fixed-base path).
#[test]
fn x25519_base_is_constant_time() {
    assert_constant_time_on(
        "x25519_mul_base_clamped",
        &|k: &[u8; 32]| edwards25519::montgomery::MontgomeryPoint::mul_base_clamped(*k),
        &fixed_bytes(),
        &|rng| rng.bytes(),
        1,
        7,
    );
}

/// ristretto255: `&RistrettoPoint * &Scalar` on a fixed point.
#[test]
fn ristretto_mul_is_constant_time() {
    use edwards25519::ristretto::RistrettoPoint;
    let p = RistrettoPoint::mul_base(&Scalar::from_bytes_mod_order([0x3c; 32]));
    assert_constant_time_on(
        "ristretto_mul",
        &|s: &Scalar| p * s,
        &fixed_scalar(),
        &random_scalar,
        2,
        8,
    );
}

/// `FixedBaseTable::mul` on a fixed point's table.
#[cfg(feature = "alloc")]
#[test]
fn fixed_base_table_mul_is_constant_time() {
    let table = edwards25519::FixedBaseTable::new(&Point::mul_base(&Scalar::from_bytes_mod_order(
        [0x71; 32],
    )));
    assert_constant_time_on(
        "fixed_base_table_mul",
        &|s: &Scalar| table.mul(s),
        &fixed_scalar(),
        &random_scalar,
        1,
        9,
    );
}

/// `Point::multiscalar_mul` (constant-time Straus, on the point backend this build
/// selects) of four secret scalars on four fixed points: multiples of the fixed scalar
/// against four random scalars. A quarter of the samples (a call costs about two
/// `&P * &s`).
#[cfg(feature = "alloc")]
#[test]
fn multiscalar_mul_is_constant_time() {
    let points: [Point; 4] = core::array::from_fn(|i| {
        Point::mul_base(&Scalar::from_bytes_mod_order([0x51 + i as u8; 32]))
    });
    let fixed: [Scalar; 4] = core::array::from_fn(|i| fixed_scalar() * Scalar::from(i as u8 + 1));
    assert_constant_time_on(
        "multiscalar_mul",
        &|s: &[Scalar; 4]| Point::multiscalar_mul(black_box(s), &points),
        &fixed,
        &|rng| core::array::from_fn(|_| random_scalar(rng)),
        4,
        14,
    );
}

/// Hash-to-curve of a secret input (an OPRF client hashes its private input): the fixed
/// 32-byte input against random ones, same length and DST.
#[cfg(feature = "hash-to-curve")]
#[test]
fn hash_to_curve_is_constant_time() {
    let dst = b"edwards25519-timing-test-v1";
    assert_constant_time_on(
        "hash_to_curve",
        &|m: &[u8; 32]| Point::hash_to_curve(m, dst),
        &fixed_bytes(),
        &|rng| rng.bytes(),
        1,
        10,
    );
}
