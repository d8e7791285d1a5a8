//! The harness: the operations and their shares of the cases, the seed, and `run`.

use std::io::Write as _;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::StdRng;

/// The operations, each its own test.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Op {
    DecodeRandom,
    DecodeTorsion,
    Encoding,
    GroupOps,
    TorsionFree,
    MulBase,
    PointMul,
    DoubleBase,
    Multiscalar,
    ScalarArith,
    Sign,
    VerifyMutated,
    VerifyMixedOrder,
    VerifyGarbage,
}

impl Op {
    pub(crate) const ALL: [Op; 14] = [
        Op::DecodeRandom,
        Op::DecodeTorsion,
        Op::Encoding,
        Op::GroupOps,
        Op::TorsionFree,
        Op::MulBase,
        Op::PointMul,
        Op::DoubleBase,
        Op::Multiscalar,
        Op::ScalarArith,
        Op::Sign,
        Op::VerifyMutated,
        Op::VerifyMixedOrder,
        Op::VerifyGarbage,
    ];

    /// Cases in the default run; with `EDWARDS25519_DIFF_CASES=n` each operation gets
    /// its share of n. Set from the costs per case measured in release on one core of
    /// the shared (loaded) development machine, in microseconds: decoding random
    /// strings 20, decoding torsion-point encodings 43, encoding 38, the cheap group
    /// operations 128, is_torsion_free 113, mul_base 38, P * s 111, double-base 181,
    /// multiscalar (n <= 16, both versions) 580, scalar arithmetic 32, Ed25519 signing
    /// 395, mutated signatures 413, mixed-order signers 820, random bytes 117. Each
    /// operation gets 4-35 s: 161 s in all, measured at load average 3-5 on 2 cores.
    pub(crate) const fn default_cases(self) -> u64 {
        match self {
            Op::DecodeRandom => 1_250_000,
            Op::DecodeTorsion => 600_000,
            Op::Encoding => 400_000,
            Op::GroupOps => 240_000,
            Op::TorsionFree => 100_000,
            Op::MulBase => 200_000,
            Op::PointMul => 100_000,
            Op::DoubleBase => 60_000,
            Op::Multiscalar => 20_000,
            Op::ScalarArith => 478_000,
            Op::Sign => 40_000,
            Op::VerifyMutated => 40_000,
            Op::VerifyMixedOrder => 12_000,
            Op::VerifyGarbage => 60_000,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Op::DecodeRandom => "decode random strings (from_bytes, from_canonical_bytes)",
            Op::DecodeTorsion => "decode encodings of points with torsion (both decoders)",
            Op::Encoding => "encoding (to_bytes, to_montgomery_bytes)",
            Op::GroupOps => "add/sub/neg/double/mul_by_cofactor/is_small_order/is_identity/eq",
            Op::TorsionFree => "is_torsion_free",
            Op::MulBase => "mul_base",
            Op::PointMul => "&P * &s, &s * &P",
            Op::DoubleBase => "vartime_double_scalar_mul_basepoint",
            Op::Multiscalar => "multiscalar_mul + vartime_multiscalar_mul (n = 0..=16)",
            Op::ScalarArith => "scalar arithmetic and decoders",
            Op::Sign => "Ed25519 keys, sign, verify, verify_strict",
            Op::VerifyMutated => "Ed25519 verify/verify_strict on mutated signatures",
            Op::VerifyMixedOrder => "Ed25519 verify/verify_strict, mixed-order signers",
            Op::VerifyGarbage => "Ed25519 verify/verify_strict on random bytes",
        }
    }
}

/// The default total: the sum of the operations' default cases.
pub(crate) const DEFAULT_CASES: u64 = {
    let mut sum = 0;
    let mut i = 0;
    while i < Op::ALL.len() {
        sum += Op::ALL[i].default_cases();
        i += 1;
    }
    sum
};

/// At least a million cases by default.
const _: () = assert!(DEFAULT_CASES >= 1_000_000);

pub(crate) fn parse_u64(s: &str) -> Option<u64> {
    let s = s.trim().replace('_', "");
    match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

/// The total number of cases, `EDWARDS25519_DIFF_CASES` (default [`DEFAULT_CASES`]).
pub(crate) fn total_cases() -> u64 {
    static TOTAL: OnceLock<u64> = OnceLock::new();
    *TOTAL.get_or_init(|| match std::env::var("EDWARDS25519_DIFF_CASES") {
        Ok(s) => parse_u64(&s).expect("EDWARDS25519_DIFF_CASES must be a number"),
        Err(_) => DEFAULT_CASES,
    })
}

/// The seed, `EDWARDS25519_DIFF_SEED` or from the clock; printed once.
pub(crate) fn seed() -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED.get_or_init(|| {
        let seed = match std::env::var("EDWARDS25519_DIFF_SEED") {
            Ok(s) => parse_u64(&s).expect("EDWARDS25519_DIFF_SEED must be a u64"),
            Err(_) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0x2551_9d1f),
        };
        say(&format!(
            "differential: seed {seed:#x}, {} cases in total \
             (replay with EDWARDS25519_DIFF_SEED={seed:#x} EDWARDS25519_DIFF_CASES={})",
            total_cases(),
            total_cases()
        ));
        seed
    })
}

/// Writes a line to stderr directly (the harness captures only `print!`/`eprint!`).
pub(crate) fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

pub(crate) static DONE_OPS: AtomicUsize = AtomicUsize::new(0);
pub(crate) static DONE_CASES: AtomicU64 = AtomicU64::new(0);

/// Runs `case` on `op`'s share of the cases with `op`'s RNG, then reports. Returns the
/// number of cases.
pub(crate) fn run(op: Op, mut case: impl FnMut(&mut StdRng, u64)) -> u64 {
    let seed = seed();
    let n = (u128::from(total_cases()) * u128::from(op.default_cases()) / u128::from(DEFAULT_CASES))
        .max(1) as u64;
    // Shown if the test fails.
    println!(
        "differential {op:?}: seed {seed:#x} (EDWARDS25519_DIFF_SEED={seed:#x} \
         EDWARDS25519_DIFF_CASES={}), {n} cases",
        total_cases()
    );
    let mut rng = StdRng::seed_from_u64(seed ^ (op as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let start = Instant::now();
    for i in 0..n {
        case(&mut rng, i);
    }
    let secs = start.elapsed().as_secs_f64();
    say(&format!(
        "differential {}: {n} cases, zero disagreements ({secs:.1} s)",
        op.name()
    ));
    let total = DONE_CASES.fetch_add(n, Ordering::SeqCst) + n;
    if DONE_OPS.fetch_add(1, Ordering::SeqCst) + 1 == Op::ALL.len() {
        say(&format!(
            "differential: {total} cases, zero disagreements (all {} operations)",
            Op::ALL.len()
        ));
    }
    n
}
