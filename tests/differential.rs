//! Long-running differential mode (issue 7): 3,600,000 random cases against
//! curve25519-dalek 5 and ed25519-dalek 3. Every test is `#[ignore]`:
//!
//! ```text
//! cargo test --release --test differential -- --ignored --test-threads=1
//! ```
//!
//! `EDWARDS25519_DIFF_CASES=<n>` sets the total number of cases (default 3,600,000,
//! about 3 minutes on one core), split over the operations in the proportions of
//! [`Op::default_cases`];
//! `EDWARDS25519_DIFF_SEED=<u64>` (decimal or 0x-hex) fixes the seed, which is otherwise
//! taken from the clock. The seed is printed at start (and in a failing test's output), so
//! any failure can be replayed; each operation draws from its own RNG, so one operation can
//! be replayed alone with a test filter.
//!
//! Each operation prints "differential OP: N cases, zero disagreements" on stderr (not
//! captured by the test harness), and, once every operation has passed, the total. A case
//! is one random input run through the operation(s) named and compared; a disagreement
//! fails the test with the input in the message.
//!
//! Inputs are built independently on each side: points are walks s₁·B + s₂·B + ... + T
//! (T a torsion point) summed with each library's own additions from the same scalars,
//! and compared through their canonical encodings; references for the Ed25519 verdicts
//! and error variants are written here with curve25519-dalek's primitives.

mod common;

use std::io::Write as _;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::scalar::clamp_integer;
use curve25519_dalek::traits::{IsIdentity, MultiscalarMul, VartimeMultiscalarMul};
use curve25519_dalek::{EdwardsPoint, Scalar as DScalar};
use ed25519_dalek::{Signer as _, Verifier as _};
use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey};
use edwards25519::{DecodeError, Point, Scalar};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use sha2::{Digest, Sha512};

/// The operations, each its own test.
#[derive(Clone, Copy, Debug)]
enum Op {
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
    const ALL: [Op; 14] = [
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
    const fn default_cases(self) -> u64 {
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

    fn name(self) -> &'static str {
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
const DEFAULT_CASES: u64 = {
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

fn parse_u64(s: &str) -> Option<u64> {
    let s = s.trim().replace('_', "");
    match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

/// The total number of cases, `EDWARDS25519_DIFF_CASES` (default [`DEFAULT_CASES`]).
fn total_cases() -> u64 {
    static TOTAL: OnceLock<u64> = OnceLock::new();
    *TOTAL.get_or_init(|| match std::env::var("EDWARDS25519_DIFF_CASES") {
        Ok(s) => parse_u64(&s).expect("EDWARDS25519_DIFF_CASES must be a number"),
        Err(_) => DEFAULT_CASES,
    })
}

/// The seed, `EDWARDS25519_DIFF_SEED` or from the clock; printed once.
fn seed() -> u64 {
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
fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

static DONE_OPS: AtomicUsize = AtomicUsize::new(0);
static DONE_CASES: AtomicU64 = AtomicU64::new(0);

/// Runs `case` on `op`'s share of the cases with `op`'s RNG, then reports. Returns the
/// number of cases.
fn run(op: Op, mut case: impl FnMut(&mut StdRng, u64)) -> u64 {
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

// ---------------------------------------------------------------------------------------
// Inputs, built on each side independently.

/// l, little-endian.
const L: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// Little-endian a + b (mod 2^256).
fn add_small(mut a: [u8; 32], b: u64) -> [u8; 32] {
    let mut carry = u128::from(b);
    for x in a.iter_mut() {
        let t = u128::from(*x) + carry;
        *x = t as u8;
        carry = t >> 8;
    }
    a
}

/// Little-endian a - b (mod 2^256).
fn sub_small(mut a: [u8; 32], b: u64) -> [u8; 32] {
    let mut borrow = i128::from(b);
    for x in a.iter_mut() {
        let t = i128::from(*x) - borrow;
        *x = t.rem_euclid(256) as u8;
        borrow = -t.div_euclid(256);
    }
    a
}

/// 32 bytes for a scalar decoder: mostly uniform, one in 4 an edge value (near 0, l,
/// 2^252, 2^253, 2^256, or a short value).
fn scalar_bytes(rng: &mut StdRng) -> [u8; 32] {
    if rng.random_range(0..4) != 0 {
        return rng.random();
    }
    let small = rng.random_range(0..64u64);
    match rng.random_range(0..9) {
        0 => add_small([0; 32], small),
        1 => add_small(L, small),
        2 => sub_small(L, small + 1),
        3 => {
            let mut b = [0; 32];
            b[31] = 0x10;
            sub_small(b, small)
        }
        4 => {
            let mut b = [0; 32];
            b[31] = 0x20;
            sub_small(b, small)
        }
        5 => sub_small([0; 32], small + 1),
        6 => {
            let mut b = [0; 32];
            b[..8].copy_from_slice(&rng.random::<[u8; 8]>());
            b
        }
        7 => {
            let mut b = [0; 32];
            b[..16].copy_from_slice(&rng.random::<[u8; 16]>());
            b
        }
        _ => {
            // Below 2^253: about half of these are below l.
            let mut b: [u8; 32] = rng.random();
            b[31] &= 0x1f;
            b
        }
    }
}

/// The same scalar on both sides, each reducing the same bytes.
fn scalar_pair(rng: &mut StdRng) -> (Scalar, DScalar) {
    let b = scalar_bytes(rng);
    (
        Scalar::from_bytes_mod_order(b),
        DScalar::from_bytes_mod_order(b),
    )
}

/// Whether our point and dalek's are the same (same canonical encoding).
fn same(ours: &Point, theirs: &EdwardsPoint) -> bool {
    ours.to_bytes() == theirs.compress().to_bytes()
}

/// Random points with torsion components, each side summing with its own additions.
struct Points {
    /// j·T for a point T of order 8, j = 0..8.
    torsion: Vec<(Point, EdwardsPoint)>,
    /// s·B + j·T for random s and j.
    steps: Vec<(Point, EdwardsPoint)>,
    current: (Point, EdwardsPoint),
    calls: u64,
}

impl Points {
    fn new(rng: &mut StdRng) -> Points {
        let t_bytes = common::order_8_point().to_bytes();
        let t = Point::from_bytes(&t_bytes).expect("order-8 point");
        let dt = CompressedEdwardsY(t_bytes)
            .decompress()
            .expect("dalek decodes T");
        let mut torsion = vec![];
        let (mut acc, mut dacc) = (Point::IDENTITY, EdwardsPoint::default());
        for _ in 0..8 {
            torsion.push((acc, dacc));
            acc += t;
            dacc += dt;
        }
        assert!(same(&acc, &dacc) && acc.is_identity(), "8·T");
        let mut points = Points {
            torsion,
            steps: vec![],
            current: (Point::IDENTITY, EdwardsPoint::default()),
            calls: 0,
        };
        for _ in 0..16 {
            let step = points.fresh_step(rng);
            points.steps.push(step);
        }
        points
    }

    /// s·B + j·T on each side.
    fn fresh_step(&self, rng: &mut StdRng) -> (Point, EdwardsPoint) {
        let (s, ds) = scalar_pair(rng);
        let (t, dt) = self.torsion[rng.random_range(0..8)];
        (Point::mul_base(&s) + t, EdwardsPoint::mul_base(&ds) + dt)
    }

    /// The next point: one in 32 a torsion point alone, else the walk's next point (the
    /// running sum plus a random step, sometimes plus a torsion point).
    fn next(&mut self, rng: &mut StdRng) -> (Point, EdwardsPoint) {
        self.calls += 1;
        // Refresh one step now and then, so the walk does not stay in a small lattice.
        if self.calls.is_multiple_of(512) {
            let i = rng.random_range(0..self.steps.len());
            self.steps[i] = self.fresh_step(rng);
        }
        if rng.random_range(0..32) == 0 {
            return self.torsion[rng.random_range(0..8)];
        }
        let (s, ds) = self.steps[rng.random_range(0..self.steps.len())];
        let (p, dp) = &mut self.current;
        *p += s;
        *dp += ds;
        if rng.random_range(0..4) == 0 {
            let (t, dt) = self.torsion[rng.random_range(0..8)];
            *p += t;
            *dp += dt;
        }
        let pair = (*p, *dp);
        assert!(
            same(&pair.0, &pair.1),
            "walk: our sum {:?} vs dalek {:02x?}",
            pair.0,
            pair.1.compress().to_bytes()
        );
        pair
    }
}

// ---------------------------------------------------------------------------------------
// Point decoding and group operations.

/// Whether the 255-bit y of an encoding is >= p = 2^255 - 19 (a byte check).
fn y_non_canonical(b: &[u8; 32]) -> bool {
    b[0] >= 0xed && b[1..31].iter().all(|&x| x == 0xff) && b[31] & 0x7f == 0x7f
}

/// Both decoders against dalek's `decompress` (the same rules as `from_bytes`) and the
/// RFC 8032 strict rules derived from it (y < p, and decompress-then-compress is the
/// identity); errors in the documented order. Returns the decoded point, if any.
fn check_decoders(b: &[u8; 32]) -> Option<Point> {
    let theirs = CompressedEdwardsY(*b).decompress();
    let loose = Point::from_bytes(b);
    match (&loose, &theirs) {
        (Ok(p), Some(dp)) => assert!(same(p, dp), "from_bytes({b:02x?}) decodes differently"),
        (Err(e), None) => assert_eq!(*e, DecodeError::NotOnCurve, "from_bytes({b:02x?})"),
        _ => panic!("from_bytes({b:02x?}) = {loose:?}, dalek: {theirs:?}"),
    }
    let strict = Point::from_canonical_bytes(b);
    let expected = if y_non_canonical(b) {
        Err(DecodeError::NonCanonicalY)
    } else {
        match theirs {
            None => Err(DecodeError::NotOnCurve),
            Some(dp) if dp.compress().to_bytes() != *b => Err(DecodeError::NonCanonicalSign),
            Some(dp) => Ok(dp.compress().to_bytes()),
        }
    };
    assert_eq!(
        strict.map(|p| p.to_bytes()),
        expected,
        "from_canonical_bytes({b:02x?})"
    );
    if let (Ok(p), Ok(q)) = (loose, strict) {
        assert_eq!(p, q, "the two decoders give different points for {b:02x?}");
    }
    loose.ok()
}

/// A 32-byte string for the decoders: mostly uniform, one in 8 near the edges (small y,
/// y near p, y in [p, 2^255)), with a random sign bit.
fn decoder_input(rng: &mut StdRng) -> [u8; 32] {
    if rng.random_range(0..8) != 0 {
        return rng.random();
    }
    let p: [u8; 32] = {
        let mut p = [0xff; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        p
    };
    let small = rng.random_range(0..40u64);
    let mut b = match rng.random_range(0..4) {
        0 => add_small([0; 32], small),
        1 => add_small(p, small % 19),
        2 => sub_small(p, small + 1),
        _ => {
            let mut top = [0xff; 32];
            top[31] = 0x7f;
            sub_small(top, small)
        }
    };
    b[31] = (b[31] & 0x7f) | (rng.random::<u8>() & 0x80);
    b
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn decode_random_strings() {
    run(Op::DecodeRandom, |rng, _| {
        check_decoders(&decoder_input(rng));
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn decode_encodings_with_torsion() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0xdec0);
    let mut points = Points::new(&mut rng0);
    run(Op::DecodeTorsion, |rng, _| {
        let (p, dp) = points.next(rng);
        let mut b = dp.compress().to_bytes();
        // The encoding itself, or with the sign bit flipped (x = 0 only for y = ±1: the
        // negative-zero encodings), or y + p when y < 19 (the other non-canonical form).
        match rng.random_range(0..4) {
            0 => b[31] ^= 0x80,
            1 if b[1..].iter().all(|&x| x & 0x7f == 0) && b[0] < 19 => {
                let sign = b[31] & 0x80;
                let mut q = add_small(
                    {
                        let mut p = [0xff; 32];
                        p[0] = 0xed;
                        p[31] = 0x7f;
                        p
                    },
                    u64::from(b[0]),
                );
                q[31] |= sign;
                b = q;
            }
            _ => {}
        }
        let decoded = check_decoders(&b).expect("a point's encoding decodes");
        if b == dp.compress().to_bytes() {
            assert_eq!(decoded, p, "decoding the encoding of {p:?}");
        } else {
            assert!(decoded == p || decoded == -p, "{b:02x?}");
        }
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn encoding() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0xe2c0);
    let mut points = Points::new(&mut rng0);
    run(Op::Encoding, |rng, _| {
        let (p, dp) = points.next(rng);
        let enc = dp.compress().to_bytes();
        assert_eq!(p.to_bytes(), enc, "to_bytes vs compress");
        assert_eq!(
            p.to_montgomery_bytes(),
            dp.to_montgomery().to_bytes(),
            "to_montgomery_bytes of {enc:02x?}"
        );
        // Through the coordinates: the same point, and the same encoding.
        let (x, y, z, t) = p.extended_coordinates();
        let q = Point::from_extended_coordinates(x, y, z, t).expect("own coordinates");
        assert_eq!(q.to_bytes(), enc);
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn group_operations() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x6209);
    let mut points = Points::new(&mut rng0);
    run(Op::GroupOps, |rng, _| {
        let (p, dp) = points.next(rng);
        let (q, dq) = if rng.random_range(0..16) == 0 {
            (p, dp) // P + P through the addition formula, P - P
        } else {
            points.next(rng)
        };
        assert!(same(&(p + q), &(dp + dq)), "{p:?} + {q:?}");
        assert!(same(&(p - q), &(dp - dq)), "{p:?} - {q:?}");
        assert!(same(&-p, &-dp), "-{p:?}");
        assert!(same(&p.double(), &(dp + dp)), "double {p:?}");
        assert!(
            same(&p.mul_by_cofactor(), &dp.mul_by_cofactor()),
            "[8]{p:?}"
        );
        assert_eq!(p.is_small_order(), dp.is_small_order(), "{p:?}");
        assert_eq!(p.is_identity(), dp.is_identity(), "{p:?}");
        assert_eq!(p == q, dp == dq, "{p:?} == {q:?}");
        let (mut r, mut dr) = (p, dp);
        r -= q;
        dr -= dq;
        assert!(same(&r, &dr), "{p:?} -= {q:?}");
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn torsion_free() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x7f7f);
    let mut points = Points::new(&mut rng0);
    run(Op::TorsionFree, |rng, _| {
        let (p, dp) = points.next(rng);
        assert_eq!(p.is_torsion_free(), dp.is_torsion_free(), "{p:?}");
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn mul_base() {
    run(Op::MulBase, |rng, _| {
        let (s, ds) = scalar_pair(rng);
        assert!(
            same(&Point::mul_base(&s), &EdwardsPoint::mul_base(&ds)),
            "mul_base({s:?})"
        );
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn point_times_scalar() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x9a1);
    let mut points = Points::new(&mut rng0);
    run(Op::PointMul, |rng, i| {
        let (p, dp) = points.next(rng);
        let (s, ds) = scalar_pair(rng);
        let want = dp * ds;
        // Alternate the operand order and ownership forms.
        #[allow(clippy::op_ref, reason = "the by-reference form is the one under test")]
        let got = if i % 2 == 0 { &p * &s } else { s * p };
        assert!(same(&got, &want), "{p:?} * {s:?}");
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn vartime_double_base() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0xdb);
    let mut points = Points::new(&mut rng0);
    run(Op::DoubleBase, |rng, _| {
        let (p, dp) = points.next(rng);
        let (a, da) = scalar_pair(rng);
        let (b, db) = scalar_pair(rng);
        assert!(
            same(
                &Point::vartime_double_scalar_mul_basepoint(&a, &p, &b),
                &EdwardsPoint::vartime_double_scalar_mul_basepoint(&da, &dp, &db)
            ),
            "a = {a:?}, A = {p:?}, b = {b:?}"
        );
    });
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn multiscalar() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x3511);
    let mut points = Points::new(&mut rng0);
    run(Op::Multiscalar, |rng, _| {
        let n = rng.random_range(0..=16usize);
        let (mut s, mut ds, mut p, mut dp) = (vec![], vec![], vec![], vec![]);
        for _ in 0..n {
            let (a, da) = scalar_pair(rng);
            let (q, dq) = points.next(rng);
            s.push(a);
            ds.push(da);
            p.push(q);
            dp.push(dq);
        }
        let want = EdwardsPoint::vartime_multiscalar_mul(&ds, &dp);
        assert_eq!(
            want,
            EdwardsPoint::multiscalar_mul(&ds, &dp),
            "dalek, n = {n}"
        );
        assert!(
            same(&Point::multiscalar_mul(&s, &p), &want),
            "multiscalar_mul {s:?} {p:?}"
        );
        assert!(
            same(&Point::vartime_multiscalar_mul(&s, &p), &want),
            "vartime_multiscalar_mul {s:?} {p:?}"
        );
    });
}

// ---------------------------------------------------------------------------------------
// Scalars.

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn scalar_arithmetic() {
    run(Op::ScalarArith, |rng, _| {
        let (a, da) = scalar_pair(rng);
        let (b, db) = scalar_pair(rng);
        let (c, dc) = scalar_pair(rng);
        let eq = |x: Scalar, y: DScalar| x.to_bytes() == y.to_bytes();
        assert!(eq(a + b, da + db), "{a:?} + {b:?}");
        assert!(eq(a - b, da - db), "{a:?} - {b:?}");
        assert!(eq(a * b, da * db), "{a:?} * {b:?}");
        assert!(eq(-a, -da), "-{a:?}");
        assert!(eq(a.square(), da * da), "{a:?}^2");
        assert!(
            eq(Scalar::multiply_add(&a, &b, &c), da * db + dc),
            "{a:?}·{b:?} + {c:?}"
        );
        // Both map 0 to 0 (dalek by Fermat, our contract by definition).
        assert!(eq(a.invert(), da.invert()), "invert {a:?}");
        let mut x = a;
        x += b;
        x *= c;
        x -= a;
        assert!(eq(x, (da + db) * dc - da), "assign ops");

        // Decoders.
        let bytes = scalar_bytes(rng);
        assert!(
            eq(
                Scalar::from_bytes_mod_order(bytes),
                DScalar::from_bytes_mod_order(bytes)
            ),
            "from_bytes_mod_order({bytes:02x?})"
        );
        let ours = Option::<Scalar>::from(Scalar::from_canonical_bytes(bytes));
        let theirs = Option::<DScalar>::from(DScalar::from_canonical_bytes(bytes));
        assert_eq!(
            ours.map(|s| s.to_bytes()),
            theirs.map(|s| s.to_bytes()),
            "from_canonical_bytes({bytes:02x?})"
        );
        assert!(
            eq(
                Scalar::from_bytes_with_clamping(bytes),
                DScalar::from_bytes_mod_order(clamp_integer(bytes))
            ),
            "from_bytes_with_clamping({bytes:02x?})"
        );
        let mut wide = [0u8; 64];
        wide[..32].copy_from_slice(&scalar_bytes(rng));
        wide[32..].copy_from_slice(&scalar_bytes(rng));
        assert!(
            eq(
                Scalar::from_bytes_mod_order_wide(&wide),
                DScalar::from_bytes_mod_order_wide(&wide)
            ),
            "from_bytes_mod_order_wide({wide:02x?})"
        );
        let (u, w): (u64, u128) = (rng.random(), rng.random());
        assert!(eq(Scalar::from(u), DScalar::from(u)), "from u64 {u}");
        assert!(eq(Scalar::from(w), DScalar::from(w)), "from u128 {w}");
    });
}

// ---------------------------------------------------------------------------------------
// Ed25519.

/// k = SHA-512(R || A || M) mod l, with dalek's reduction.
fn dalek_challenge(r: &[u8], a: &[u8; 32], msg: &[u8]) -> DScalar {
    let h: [u8; 64] = Sha512::new()
        .chain_update(r)
        .chain_update(a)
        .chain_update(msg)
        .finalize()
        .into();
    DScalar::from_bytes_mod_order_wide(&h)
}

fn s_and_r(sig: &[u8; 64]) -> ([u8; 32], [u8; 32]) {
    let r: [u8; 32] = sig[..32].try_into().expect("32");
    let s: [u8; 32] = sig[32..].try_into().expect("32");
    (r, s)
}

/// ZIP-215 `verify` written with dalek's primitives, with our error order: S, R, the
/// cofactored equation.
fn zip215_reference(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> Result<(), Error> {
    let (r_bytes, s_bytes) = s_and_r(sig);
    let s = Option::<DScalar>::from(DScalar::from_canonical_bytes(s_bytes))
        .ok_or(Error::NonCanonicalS)?;
    let a = CompressedEdwardsY(*key)
        .decompress()
        .ok_or(Error::InvalidPublicKey(DecodeError::NotOnCurve))?;
    let r = CompressedEdwardsY(r_bytes)
        .decompress()
        .ok_or(Error::InvalidR(DecodeError::NotOnCurve))?;
    let k = dalek_challenge(&r_bytes, key, msg);
    if (EdwardsPoint::mul_base(&s) - r - a * k)
        .mul_by_cofactor()
        .is_identity()
    {
        Ok(())
    } else {
        Err(Error::EquationFailed)
    }
}

/// `verify_strict` written with dalek's primitives, with our documented error order: S,
/// key canonical, key small order, R decodes, R canonical, R small order, the
/// cofactorless equation.
fn strict_reference(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> Result<(), Error> {
    let (r_bytes, s_bytes) = s_and_r(sig);
    let s = Option::<DScalar>::from(DScalar::from_canonical_bytes(s_bytes))
        .ok_or(Error::NonCanonicalS)?;
    let a = CompressedEdwardsY(*key)
        .decompress()
        .ok_or(Error::InvalidPublicKey(DecodeError::NotOnCurve))?;
    if a.compress().to_bytes() != *key {
        return Err(Error::NonCanonicalPublicKey);
    }
    if a.is_small_order() {
        return Err(Error::SmallOrderPublicKey);
    }
    let r = CompressedEdwardsY(r_bytes)
        .decompress()
        .ok_or(Error::InvalidR(DecodeError::NotOnCurve))?;
    if r.compress().to_bytes() != r_bytes {
        return Err(Error::NonCanonicalR);
    }
    if r.is_small_order() {
        return Err(Error::SmallOrderR);
    }
    let k = dalek_challenge(&r_bytes, key, msg);
    if EdwardsPoint::mul_base(&s) == r + a * k {
        Ok(())
    } else {
        Err(Error::EquationFailed)
    }
}

/// Our two verdicts against the references and ed25519-dalek on one input. Returns
/// (verify, verify_strict) accepted.
fn check_verification(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> (bool, bool) {
    let dalek_key = ed25519_dalek::VerifyingKey::from_bytes(key);
    let ours = match VerifyingKey::from_bytes(key) {
        Ok(vk) => vk,
        Err(e) => {
            assert_eq!(
                e,
                Error::InvalidPublicKey(DecodeError::NotOnCurve),
                "{key:02x?}"
            );
            assert!(
                dalek_key.is_err(),
                "dalek decodes key {key:02x?}, we do not"
            );
            assert!(CompressedEdwardsY(*key).decompress().is_none());
            return (false, false);
        }
    };
    let dalek_key = dalek_key.unwrap_or_else(|_| panic!("dalek rejects key {key:02x?}"));
    assert_eq!(ours.to_bytes(), *key);
    let sig_ours = Signature::from_bytes(sig);
    let sig_dalek = ed25519_dalek::Signature::from_bytes(sig);
    let ctx = || format!("key {key:02x?}, msg {msg:02x?}, sig {sig:02x?}");

    let zip215 = ours.verify(msg, &sig_ours);
    assert_eq!(zip215, zip215_reference(key, msg, sig), "verify: {}", ctx());
    let strict = ours.verify_strict(msg, &sig_ours);
    assert_eq!(
        strict,
        strict_reference(key, msg, sig),
        "verify_strict: {}",
        ctx()
    );
    assert_eq!(
        strict.is_ok(),
        dalek_key.verify_strict(msg, &sig_dalek).is_ok(),
        "verify_strict vs ed25519-dalek: {}",
        ctx()
    );
    // ed25519-dalek's plain `verify` (cofactorless, R compared as bytes) sits between
    // the two: strict accepts => dalek's verify accepts => ZIP-215 accepts.
    let dalek_plain = dalek_key.verify(msg, &sig_dalek).is_ok();
    assert!(
        strict.is_err() || dalek_plain,
        "strict but not dalek verify: {}",
        ctx()
    );
    assert!(
        !dalek_plain || zip215.is_ok(),
        "dalek verify but not ZIP-215: {}",
        ctx()
    );
    (zip215.is_ok(), strict.is_ok())
}

fn message(rng: &mut StdRng) -> Vec<u8> {
    let len = match rng.random_range(0..8) {
        0 => 0,
        1 => rng.random_range(100..1000),
        _ => rng.random_range(1..64),
    };
    (0..len).map(|_| rng.random()).collect()
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn ed25519_sign() {
    run(Op::Sign, |rng, _| {
        let seed: [u8; 32] = rng.random();
        let msg = message(rng);
        let ours = SigningKey::from_seed(&seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
        let pk = ours.verifying_key().to_bytes();
        assert_eq!(
            pk,
            theirs.verifying_key().to_bytes(),
            "key of seed {seed:02x?}"
        );
        let sig = ours.sign(&msg).to_bytes();
        assert_eq!(
            sig,
            theirs.sign(&msg).to_bytes(),
            "signature, seed {seed:02x?}, msg {msg:02x?}"
        );
        assert_eq!(check_verification(&pk, &msg, &sig), (true, true));
    });
}

/// Points and encodings for mutations: the 8 torsion points' encodings.
fn torsion_encodings() -> Vec<[u8; 32]> {
    let t = common::order_8_point();
    let mut acc = Point::IDENTITY;
    (0..8)
        .map(|_| {
            let e = acc.to_bytes();
            acc += t;
            e
        })
        .collect()
}

/// Non-canonical encodings of points (y + p for y < 19 on the curve, and x = 0 with the
/// sign bit set), found with dalek's decoder.
fn non_canonical_encodings() -> Vec<[u8; 32]> {
    let mut out = vec![];
    for y in 0..19u8 {
        for sign in [0u8, 0x80] {
            let mut b = [0xff; 32];
            b[0] = 0xed + y;
            b[31] = 0x7f | sign;
            if CompressedEdwardsY(b).decompress().is_some() {
                out.push(b);
            }
        }
    }
    let mut one = [0; 32];
    one[0] = 1;
    one[31] = 0x80;
    out.push(one);
    let mut minus_one = [0xff; 32];
    minus_one[0] = 0xec;
    minus_one[31] = 0xff;
    out.push(minus_one);
    out
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn ed25519_verify_mutated() {
    let torsion = torsion_encodings();
    let non_canonical = non_canonical_encodings();
    let mut stats = [0usize; 2];
    let n = run(Op::VerifyMutated, |rng, _| {
        let seed: [u8; 32] = rng.random();
        let mut msg = message(rng);
        let key = SigningKey::from_seed(&seed);
        let mut pk = key.verifying_key().to_bytes();
        let mut sig = key.sign(&msg).to_bytes();
        let bit = rng.random_range(0..256usize);
        match rng.random_range(0..13) {
            0 => {}
            1 => pk[bit / 8] ^= 1 << (bit % 8),
            2 => sig[bit / 8] ^= 1 << (bit % 8),
            3 => sig[32 + bit / 8] ^= 1 << (bit % 8),
            4 => match msg.len() {
                0 => msg.push(rng.random()),
                n => msg[(bit / 8) % n] ^= 1 << (bit % 8),
            },
            5 => {
                // S + l: the same residue, not canonical.
                let s: [u8; 32] = sig[32..].try_into().expect("32");
                let mut carry = 0u16;
                let mut out = [0u8; 32];
                for i in 0..32 {
                    let t = u16::from(s[i]) + u16::from(L[i]) + carry;
                    out[i] = t as u8;
                    carry = t >> 8;
                }
                sig[32..].copy_from_slice(&out);
            }
            6 => sig[31] ^= 0x80,
            7 => pk = torsion[rng.random_range(0..8)],
            8 => sig[..32].copy_from_slice(&torsion[rng.random_range(0..8)]),
            9 => pk = non_canonical[rng.random_range(0..non_canonical.len())],
            10 => {
                sig[..32].copy_from_slice(&non_canonical[rng.random_range(0..non_canonical.len())])
            }
            11 => {
                // R + T: the cofactored equation still holds, the cofactorless one not.
                let r = CompressedEdwardsY(sig[..32].try_into().expect("32"))
                    .decompress()
                    .expect("R");
                let t = CompressedEdwardsY(torsion[rng.random_range(1..8)])
                    .decompress()
                    .expect("T");
                sig[..32].copy_from_slice(&(r + t).compress().to_bytes());
            }
            _ => msg.truncate(msg.len() / 2),
        }
        let (zip215, strict) = check_verification(&pk, &msg, &sig);
        stats[0] += usize::from(zip215);
        stats[1] += usize::from(strict);
    });
    // The mutations reach both verdicts (given enough cases to be sure).
    assert!(n < 1000 || (stats[0] > 0 && stats[1] > 0), "{stats:?}");
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn ed25519_verify_mixed_order() {
    let mut accepted = [0usize; 2];
    let n = run(Op::VerifyMixedOrder, |rng, _| {
        let msg = message(rng);
        let (t_a, t_r) = (rng.random_range(0..8), rng.random_range(0..8));
        let (pk, sig, _) = common::mixed_order_signature(rng, &msg, t_a, t_r);
        let (zip215, strict) = check_verification(&pk, &msg, &sig);
        assert!(zip215, "mixed-order signer, cofactored equation holds");
        accepted[usize::from(strict)] += 1;
    });
    // Strict accepts when the small-order parts cancel (t_a = t_r = 0 at least), and
    // rejects otherwise: both happen.
    assert!(
        n < 1000 || (accepted[0] > 0 && accepted[1] > 0),
        "{accepted:?}"
    );
}

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn ed25519_verify_random_bytes() {
    let mut rng0 = StdRng::seed_from_u64(seed() ^ 0x6a6b);
    let mut points = Points::new(&mut rng0);
    run(Op::VerifyGarbage, |rng, _| {
        // Keys and R: random strings (half decode), or points with torsion.
        let mut pk: [u8; 32] = rng.random();
        if rng.random() {
            pk = points.next(rng).1.compress().to_bytes();
        }
        let mut sig: [u8; 64] = [0; 64];
        rng.fill(&mut sig[..]);
        if rng.random() {
            sig[..32].copy_from_slice(&points.next(rng).1.compress().to_bytes());
        }
        // S below 2^253: canonical about half the time.
        if rng.random() {
            sig[63] &= 0x1f;
        }
        let msg = message(rng);
        check_verification(&pk, &msg, &sig);
    });
}
