//! Shared helpers for the group crate's integration tests: a seeded RNG, random
//! (ours, curve25519-dalek) pairs of scalars and points built independently on each side,
//! the 8 torsion points from the test vectors, and case counting.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::{read_json, unhex_n};
use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::{EdwardsPoint, Scalar as DScalar};
use edwards25519_group::{Point, Scalar};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

pub use crate::{cases, proptest_config as proptest_cases};

/// A deterministic RNG; `EDWARDS25519_TEST_SEED=<u64>` picks another seed.
pub fn rng(salt: u64) -> StdRng {
    let seed = std::env::var("EDWARDS25519_TEST_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(0x2551_9ed2_5519);
    StdRng::seed_from_u64(seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Counts compared cases per test, printed at the end (`cargo test -- --nocapture`).
pub struct Tally {
    name: &'static str,
    count: AtomicUsize,
}

impl Tally {
    /// A tally named `name`, at zero.
    pub const fn new(name: &'static str) -> Tally {
        Tally {
            name,
            count: AtomicUsize::new(0),
        }
    }

    /// One more case compared (and agreed: a disagreement fails the test before this).
    pub fn add(&self, n: usize) {
        self.count.fetch_add(n, Ordering::Relaxed);
    }

    /// The cases counted so far.
    pub fn get(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }

    /// Prints "cross-check NAME: N cases, zero disagreements".
    pub fn report(&self) {
        println!(
            "cross-check {}: {} cases, zero disagreements",
            self.name,
            self.get()
        );
    }
}

/// l - 1, little-endian.
pub const L_MINUS_1: [u8; 32] = [
    0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// The same scalar on both sides, decoded by each library from the same bytes.
pub fn scalar_pair_from(bytes: [u8; 32]) -> (Scalar, DScalar) {
    (
        Scalar::from_bytes_mod_order(bytes),
        DScalar::from_bytes_mod_order(bytes),
    )
}

/// A random scalar pair; one in 8 is an edge case (0, 1, 2, l-1, l-2, 2^252, a small
/// value, a 128-bit value).
pub fn scalar_pair(rng: &mut StdRng) -> (Scalar, DScalar) {
    let bytes: [u8; 32] = if rng.random_range(0..8) == 0 {
        let mut b = [0u8; 32];
        match rng.random_range(0..8) {
            0 => {}
            1 => b[0] = 1,
            2 => b[0] = 2,
            3 => b = L_MINUS_1,
            4 => {
                b = L_MINUS_1;
                b[0] -= 1;
            }
            5 => b[31] = 0x10,
            6 => b[0] = rng.random(),
            _ => b[..16].copy_from_slice(&rng.random::<[u8; 16]>()),
        }
        b
    } else {
        // Any 256-bit string, reduced by both sides.
        rng.random()
    };
    scalar_pair_from(bytes)
}

/// The 8 torsion points, decoded by each side from the canonical encodings in
/// testvectors/points/low_order_points.json (index 0 need not be the identity).
pub fn torsion() -> Vec<(Point, EdwardsPoint)> {
    let v = low_order_json();
    v["points"]
        .as_array()
        .expect("points array")
        .iter()
        .map(|p| {
            let enc = hex32(p["canonical"].as_str().expect("canonical"));
            let ours = Point::from_canonical_bytes(&enc).expect("low-order point decodes");
            let theirs = CompressedEdwardsY(enc)
                .decompress()
                .expect("dalek decodes the low-order point");
            (ours, theirs)
        })
        .collect()
}

/// A random point pair s·B + T, with s random and T one of the 8 torsion points (the
/// identity one time in 8), computed on each side with its own operations.
pub fn point_pair(rng: &mut StdRng, torsion: &[(Point, EdwardsPoint)]) -> (Point, EdwardsPoint) {
    let (s, ds) = scalar_pair(rng);
    let (t, dt) = &torsion[rng.random_range(0..torsion.len())];
    (Point::mul_base(&s) + t, ED25519_BASEPOINT_POINT * ds + dt)
}

/// Whether our point and dalek's have the same canonical encoding.
pub fn same(ours: &Point, theirs: &EdwardsPoint) -> bool {
    ours.to_bytes() == theirs.compress().to_bytes()
}

/// 32 bytes from hex.
pub fn hex32(s: &str) -> [u8; 32] {
    unhex_n(s)
}

/// testvectors/points/low_order_points.json.
pub fn low_order_json() -> serde_json::Value {
    read_json("points/low_order_points.json")
}

/// testvectors/points/noncanonical_points.json.
pub fn noncanonical_json() -> serde_json::Value {
    read_json("points/noncanonical_points.json")
}
