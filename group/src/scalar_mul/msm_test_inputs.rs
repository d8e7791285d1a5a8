//! Inputs for the eight-lane multiscalar tests (`pippenger8_tests`, `straus8_tests`):
//! random terms mixed with edge scalars (0, 1, -1, 2^k, 2^k - 1, repeated-byte
//! patterns, 128-bit coefficients as in batch verification) and the identity, torsion
//! and mixed-order points.

extern crate std;

use std::vec::Vec;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;
use edwards25519_test_support::SplitMix64;

use crate::Point;
use crate::models::Extended;

/// A random scalar, one time in four an edge case.
pub(crate) fn scalar(rng: &mut SplitMix64) -> Scalar {
    let r = rng.next_u64();
    match r % 32 {
        0 => Scalar::ZERO,
        1 => Scalar::ONE,
        2 => -Scalar::ONE,
        3 | 4 => {
            let mut b = [0u8; 32];
            let k = (r >> 8) as usize % 253;
            b[k / 8] = 1 << (k % 8);
            let s = Scalar::from_bytes_mod_order(b);
            if r & 1 << 20 == 0 { s } else { s - Scalar::ONE }
        }
        // Digits at their extremes (0x88, 0x77) and dense patterns (0xff, 0x55).
        5 | 6 => {
            let byte = [0x88, 0x77, 0xff, 0x55][(r >> 8) as usize % 4];
            Scalar::from_bytes_mod_order([byte; 32])
        }
        // A 128-bit coefficient, as in batch verification.
        7 => Scalar::from(u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())),
        _ => Scalar::from_bytes_mod_order(rng.bytes()),
    }
}

/// A random point, one time in three the identity, a torsion point or a mixed-order one.
pub(crate) fn point(rng: &mut SplitMix64) -> Point {
    let t4 = crate::point::order_four_point();
    let p = Point::mul_base(&Scalar::from_bytes_mod_order(rng.bytes()));
    match rng.next_u64() % 16 {
        0 => Point::IDENTITY,
        1 => t4,
        2 => t4.double(),
        3 | 4 => p + t4,
        // -p + p + p: p with Z far from 1.
        5 => -p + p + p,
        _ => p,
    }
}

/// `n` terms from `seed`.
pub(crate) fn inputs(seed: u64, n: usize) -> (Vec<Scalar>, Vec<Extended<FieldElement>>) {
    let mut rng = SplitMix64(seed);
    let s = (0..n).map(|_| scalar(&mut rng)).collect();
    let p = (0..n).map(|_| point(&mut rng).0).collect();
    (s, p)
}
