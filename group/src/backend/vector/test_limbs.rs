//! Test helpers for the radix-2^52 fields ([`super::ifma52x4`], [`super::ifma52`] and
//! the eight-lane [`super::ifma52x8`]): the reference values in num-bigint, limb
//! vectors at the edges of a bound, and four lanes from limb arrays.

extern crate std;

use num_bigint::BigUint;
use std::vec::Vec;

use super::ifma::Lanes;
use super::ifma52x4::F52;
use super::limbs::unrolled;
use edwards25519_test_support::SplitMix64;

/// p = 2^255 - 19.
pub(crate) fn p() -> BigUint {
    (BigUint::from(1u8) << 255u32) - BigUint::from(19u8)
}

/// Σ lᵢ·2^(52·i) as an integer (not reduced).
pub(crate) fn value(l: [u64; 5]) -> BigUint {
    l.iter().rev().fold(BigUint::from(0u8), |acc, &x| {
        (acc << 52u32) + BigUint::from(x)
    })
}

/// Limb vectors below `(lo, top)` (limbs 0…3 below `lo`, limb 4 below `top`): all
/// zero, all at the top, one, one limb at the top, then `random` pseudo-random ones
/// (SplitMix64 from `seed`), a quarter of them within 2^16 of the top in every limb.
pub(crate) fn inputs((lo, top): (u64, u64), seed: u64, random: usize) -> Vec<[u64; 5]> {
    let max = [lo - 1, lo - 1, lo - 1, lo - 1, top - 1];
    let mut v = alloc::vec![[0; 5], max, [1, 0, 0, 0, 0]];
    for i in 0..5 {
        let mut l = [0; 5];
        l[i] = max[i];
        v.push(l);
    }
    let mut rng = SplitMix64(seed);
    for n in 0..random {
        v.push(core::array::from_fn(|i| {
            let r = rng.next_u64() & max[i];
            if n % 4 == 0 { max[i] - (r & 0xffff) } else { r }
        }));
    }
    v
}

/// Four lanes from their limbs, `[lane][limb]`.
pub(crate) fn vec4<L: Lanes>(l: [[u64; 5]; 4]) -> F52<L> {
    F52(unrolled!(5, |i| L::from_array([
        l[0][i], l[1][i], l[2][i], l[3][i]
    ])))
}
