//! `Scalar::random` with a deterministic test generator implementing rand_core 0.10.
#![cfg(feature = "rand_core")]

use crate::common;

use common::*;
use core::convert::Infallible;
use edwards25519_scalar::Scalar;
use edwards25519_test_support::SplitMix64;
use rand_core::{TryCryptoRng, TryRng};

/// The shared SplitMix64 generator as a rand_core source: deterministic, good enough to
/// exercise `random` (not cryptographic; the `TryCryptoRng` marker is only for the test).
struct TestRng(SplitMix64);

impl TestRng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
}

impl TryRng for TestRng {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.next() as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.next())
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.0.fill_bytes(dst);
        Ok(())
    }
}

impl TryCryptoRng for TestRng {}

/// An all-ones source: the 64 bytes are 2^512 - 1, whose residue is known.
struct OnesRng;

impl TryRng for OnesRng {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(u32::MAX)
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(u64::MAX)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        dst.fill(0xff);
        Ok(())
    }
}

impl TryCryptoRng for OnesRng {}

#[test]
fn random_is_reduced_and_varies() {
    let mut rng = TestRng(SplitMix64(42));
    let n = cases();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..n {
        let s = Scalar::random(&mut rng);
        assert!(val(&s) < l());
        seen.insert(s.to_bytes());
    }
    assert_eq!(seen.len(), n, "repeated output");
}

#[test]
fn random_uses_64_bytes() {
    // Same seed, same scalar; it is the wide reduction of the next 64 bytes.
    let mut a = TestRng(SplitMix64(7));
    let mut b = TestRng(SplitMix64(7));
    let mut bytes = [0u8; 64];
    b.try_fill_bytes(&mut bytes).expect("infallible");
    assert_eq!(
        Scalar::random(&mut a),
        Scalar::from_bytes_mod_order_wide(&bytes)
    );
    assert_eq!(val(&Scalar::random(&mut OnesRng)), (pow2(512) - 1u8) % l());
    // Through a trait object too (`R: ?Sized`).
    let dynrng: &mut dyn rand_core::CryptoRng = &mut TestRng(SplitMix64(9));
    assert!(val(&Scalar::random(dynrng)) < l());
}
