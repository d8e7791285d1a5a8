//! X25519Base (`MontgomeryPoint::mul_base_clamped`: the clamped scalar's own digits on
//! the base table, then the map to u) on every point backend, forced one by one, against
//! X25519(k, 9) on the portable ladder, bit for bit: RFC 7748 §6.1's key pairs, edge
//! scalars, and `EDWARDS25519_X25519_BASE_CASES` random ones (default 10,000 in
//! optimized builds, 200 in debug builds).
//!
//! The backends: serial over the portable limbs and over the fastest limbs this CPU has,
//! the IFMA code through its instruction model (any CPU) and, where CPUID reports them,
//! the IFMA and AVX2 instructions.

extern crate std;

use alloc::vec::Vec;
use edwards25519_field::FieldElement;
use num_bigint::BigUint;

use crate::Point;
#[cfg(edwards25519_vector)]
use crate::backend::Op;
use crate::backend::dispatch::run_serial;
use crate::backend::serial;
use crate::montgomery::{MontgomeryPoint, X25519_BASEPOINT, clamp, ladder};
use crate::scalar_mul::fixed_base::MulBase;

/// X25519(k, 9) on the portable ladder: the reference.
fn reference(k: [u8; 32]) -> [u8; 32] {
    ladder::<FieldElement>(&clamp(k), &FieldElement::from_bytes(&X25519_BASEPOINT))
}

/// The X25519Base path on every backend this CPU runs, each forced, and through the
/// public API (the backend `dispatch` picks): all equal `reference(k)`.
fn check(k: [u8; 32]) {
    let want = reference(k);
    let digits = edwards25519_scalar::signed_radix_16(&clamp(k));
    let op = MulBase(&digits);
    let u = |p: crate::models::Extended<FieldElement>| Point(p).to_montgomery_bytes();
    assert_eq!(
        u(serial::run::<FieldElement, _>(op)),
        want,
        "serial, portable limbs, k={k:02x?}"
    );
    assert_eq!(u(run_serial(op)), want, "serial, fastest limbs, k={k:02x?}");
    #[cfg(edwards25519_vector)]
    {
        use crate::backend::vector::{avx2, ifma};
        assert_eq!(
            u(op.run(ifma::model::backend())),
            want,
            "IFMA model, k={k:02x?}"
        );
        if let Some(b) = ifma::detect() {
            assert_eq!(u(ifma::run(b, op)), want, "IFMA, k={k:02x?}");
        }
        if let Some(b) = avx2::detect() {
            assert_eq!(u(avx2::run(b, op)), want, "AVX2, k={k:02x?}");
        }
    }
    assert_eq!(
        MontgomeryPoint::mul_base_clamped(k).0,
        want,
        "selected, k={k:02x?}"
    );
}

fn hex32(s: &str) -> [u8; 32] {
    let v = hex::decode(s).expect("hex");
    v.try_into().expect("32 bytes")
}

/// RFC 7748 §6.1: Alice's and Bob's public keys from their private keys.
#[test]
fn rfc7748_key_pairs() {
    for (secret, public) in [
        (
            "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
            "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
        ),
        (
            "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
            "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
        ),
    ] {
        let k = hex32(secret);
        assert_eq!(reference(k), hex32(public));
        check(k);
    }
}

/// Clamped values m·l + r (a multiple of 8 in [2^254, 2^255)) whose value mod l is tiny
/// or l minus a tiny one: the digits of the unreduced integer must still give [r]B.
/// Among them 7l + 1, whose public key is the base point u = 9 itself.
fn near_multiples_of_l() -> Vec<[u8; 32]> {
    let l = BigUint::parse_bytes(
        b"7237005577332262213973186563042994240857116359379907606001950938285454250989",
        10,
    )
    .expect("l");
    let lo = BigUint::from(1u8) << 254;
    let hi = BigUint::from(1u8) << 255;
    let mut out = Vec::new();
    for m in 4u32..8 {
        let base = &l * m;
        for r in -64i32..=64 {
            let c = if r < 0 {
                &base - BigUint::from(r.unsigned_abs())
            } else {
                &base + BigUint::from(r as u32)
            };
            if c >= lo && c < hi && (&c % 8u8) == BigUint::from(0u8) {
                let mut bytes = c.to_bytes_le();
                bytes.resize(32, 0);
                let k: [u8; 32] = bytes.try_into().expect("32 bytes");
                assert_eq!(clamp(k), k, "already clamped");
                out.push(k);
            }
        }
    }
    assert!(out.len() >= 50);
    out
}

/// Edge scalars: all zeros and all ones (clamped to 2^254 and 2^255 - 8), nibble
/// patterns at the recoding's extremes (every digit 8 or -8 before and after the
/// carries), single bits, and the values next to multiples of l.
#[test]
fn edge_scalars() {
    let seven_l_plus_one = near_multiples_of_l()
        .into_iter()
        .find(|k| reference(*k) == X25519_BASEPOINT);
    assert!(seven_l_plus_one.is_some(), "7l + 1 maps to u = 9");
    let mut scalars = Vec::from([[0u8; 32], [0xff; 32], [0x88; 32], [0x77; 32], [0x78; 32]]);
    scalars.extend([[0x87u8; 32], [0x80; 32], [0x08; 32], [0xf8; 32], [0x0f; 32]]);
    for bit in 0..256 {
        let mut k = [0u8; 32];
        k[bit / 8] = 1 << (bit % 8);
        scalars.push(k);
        scalars.push(k.map(|b| !b));
    }
    scalars.extend(near_multiples_of_l());
    for k in scalars {
        check(k);
    }
}

/// Random scalars (xorshift64*, seeded): every backend equals the ladder.
#[test]
fn random_scalars() {
    let n = edwards25519_test_support::cases_or_env("EDWARDS25519_X25519_BASE_CASES", 200, 10_000);
    let mut state = 0x0002_5519_ba5e_u64;
    for _ in 0..n {
        let mut k = [0u8; 32];
        for chunk in k.chunks_exact_mut(8) {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            chunk.copy_from_slice(&state.wrapping_mul(0x2545_f491_4f6c_dd1d).to_le_bytes());
        }
        check(k);
    }
}
