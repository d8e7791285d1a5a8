//! The recodings' invariants, checked on edge and random scalars.

use crate::common;

use common::*;
use edwards25519_scalar::Scalar;
use edwards25519_test_support::SplitMix64;
use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

/// Σ digits[i]·base^i as a signed integer.
fn recombine(digits: &[i8], log_base: u32) -> BigInt {
    digits.iter().rev().fold(BigInt::from(0), |acc, &d| {
        (acc << log_base) + BigInt::from(d)
    })
}

fn check_radix_16(s: &Scalar) -> Result<(), TestCaseError> {
    let d = s.as_radix_16();
    for (i, &di) in d.iter().enumerate() {
        prop_assert!((-8..8).contains(&di), "digit {i} = {di}");
    }
    prop_assert!((0..=2).contains(&d[63]), "top digit {}", d[63]);
    prop_assert_eq!(recombine(&d, 4), BigInt::from(val(s)));
    Ok(())
}

fn check_naf(s: &Scalar, w: usize) -> Result<(), TestCaseError> {
    let n = s.vartime_non_adjacent_form(w);
    let bound = 1i16 << (w - 1);
    let mut last_nonzero: Option<usize> = None;
    for (i, &d) in n.iter().enumerate() {
        if d != 0 {
            prop_assert!(d % 2 != 0, "w={w}: even digit {d} at {i}");
            prop_assert!(
                i16::from(d).abs() < bound,
                "w={w}: digit {d} at {i} too big"
            );
            if let Some(j) = last_nonzero {
                // At least w-1 zeros in between: any w consecutive digits hold at most
                // one nonzero.
                prop_assert!(i - j >= w, "w={w}: nonzero digits at {j} and {i}");
            }
            last_nonzero = Some(i);
        }
    }
    prop_assert_eq!(recombine(&n, 1), BigInt::from(val(s)));
    Ok(())
}

/// The textbook width-w NAF (Hankerson-Menezes-Vanstone, Algorithm 3.35) on a big
/// integer: while k > 0, if k is odd take the digit k mods 2^w (the residue in
/// (-2^(w-1), 2^(w-1))) and subtract it, then halve k. The width-w NAF is unique, so
/// the output must match digit for digit.
fn reference_naf(s: &Scalar, w: usize) -> [i8; 256] {
    let mut k = BigInt::from(val(s));
    let modulus = BigInt::from(1) << w;
    let half = BigInt::from(1) << (w - 1);
    let mut out = [0i8; 256];
    let mut i = 0;
    while k > BigInt::from(0) {
        if k.bit(0) {
            let mut d = &k % &modulus;
            if d >= half {
                d -= &modulus;
            }
            k -= &d;
            out[i] = i8::try_from(d).expect("digit fits i8");
        }
        k >>= 1;
        i += 1;
    }
    out
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn naf_matches_textbook(s in scalar(), w in 2usize..=8) {
        prop_assert_eq!(s.vartime_non_adjacent_form(w).to_vec(), reference_naf(&s, w).to_vec());
    }

    #[test]
    fn radix_16(s in scalar()) {
        check_radix_16(&s)?;
    }

    #[test]
    fn naf_every_width(s in scalar()) {
        for w in 2..=8 {
            check_naf(&s, w)?;
        }
    }
}

/// Runs of ones of many lengths at many offsets, so a negative digit's carry runs
/// across limb boundaries and past the recoder's 128-bit register into the limbs it
/// has not loaded yet; each NAF against the textbook one.
#[test]
fn naf_carry_runs() {
    let mut checked = 0;
    for start in (0..250).step_by(3) {
        for len in [1usize, 5, 8, 9, 59, 63, 64, 65, 70, 127, 128, 129, 190] {
            let v = ((BigUint::from(1u8) << len) - 1u8) << start;
            if v >= l() {
                continue;
            }
            let s = scalar_of(&v);
            for w in 2..=8 {
                assert_eq!(
                    s.vartime_non_adjacent_form(w).to_vec(),
                    reference_naf(&s, w).to_vec(),
                    "ones at {start}..{}, w = {w}",
                    start + len
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

/// Scalars whose digits are extreme: all nibbles 8 (carry chains), all ones, l - 1...
#[test]
fn edge_scalars() {
    let mut edges: Vec<Scalar> = edge_ints_256().iter().map(scalar_of).collect();
    edges.push(scalar_of(&(pow2(252) - 1u8)));
    // 0x88..88 (below l): every nibble is 8, the worst case for the radix-16 carry.
    edges.push(scalar_of(&BigUint::from_bytes_le(&[0x88; 31])));
    edges.push(scalar_of(&BigUint::from_bytes_le(&[0x77; 31])));
    edges.push(scalar_of(&BigUint::from_bytes_le(&[0xff; 31])));
    edges.push(scalar_of(&BigUint::from_bytes_le(&[0x55; 31])));
    // Alternating patterns that make long NAF carry runs.
    edges.push(scalar_of(&(pow2(252) + pow2(251) - 1u8)));
    for s in &edges {
        check_radix_16(s).expect("radix-16 invariant");
        for w in 2..=8 {
            check_naf(s, w).expect("NAF invariant");
        }
    }
    // l - 1 has top digit exactly 1 in radix 16; its NAF ends at bit 252 or 253.
    let lm1 = -Scalar::ONE;
    assert_eq!(lm1.as_radix_16()[63], 1);
    assert!(
        lm1.vartime_non_adjacent_form(5)[254..]
            .iter()
            .all(|&d| d == 0)
    );
}

#[test]
#[should_panic(expected = "NAF width")]
fn naf_width_too_small_panics() {
    let _ = Scalar::ONE.vartime_non_adjacent_form(1);
}

#[test]
#[should_panic(expected = "NAF width")]
fn naf_width_too_large_panics() {
    let _ = Scalar::ONE.vartime_non_adjacent_form(9);
}

/// The defining properties of the width-w NAF (odd nonzero digits below 2^(w-1) in
/// absolute value, at most one nonzero in any w consecutive digits) and the
/// recombination Σ n[i]·2^i = s, for every supported width, on the edge scalars 0, 1,
/// l - 1, 2^252, 2^252 - 1, l - 2^k, and on 2,000 pseudo-random ones (a fixed
/// SplitMix64 stream, so a failure reproduces).
#[test]
fn naf_definition_on_edges_and_random() {
    let mut cases: Vec<Scalar> = [
        BigUint::from(0u8),
        BigUint::from(1u8),
        l() - 1u8,
        pow2(252),
        pow2(252) - 1u8,
    ]
    .iter()
    .map(scalar_of)
    .collect();
    for k in 0..252 {
        cases.push(scalar_of(&(l() - pow2(k))));
        cases.push(scalar_of(&pow2(k)));
    }
    let mut rng = SplitMix64(0x1234_5678_9abc_def0);
    for _ in 0..2_000 {
        cases.push(Scalar::from_bytes_mod_order_wide(&rng.bytes()));
    }
    for s in &cases {
        for w in 2..=8 {
            check_naf(s, w).expect("NAF definition");
        }
    }
    // The all-zero scalar has the all-zero NAF; 1 has the single digit 1.
    assert!(
        Scalar::ZERO
            .vartime_non_adjacent_form(5)
            .iter()
            .all(|&d| d == 0)
    );
    let one = Scalar::ONE.vartime_non_adjacent_form(5);
    assert_eq!(one[0], 1);
    assert!(one[1..].iter().all(|&d| d == 0));
}
