//! The eight-lane multiscalar engine against the serial backend, bit for bit (canonical
//! encodings), and against curve25519-dalek: on the hardware (where CPUID reports
//! AVX-512 IFMA) at every size class up to 4,096 terms, including sizes that leave
//! the last pass's lanes or the last eight lanes partly empty, and on the instruction
//! model (any CPU) at the small sizes; inputs mix random terms with edge scalars (0, 1,
//! -1, 2^k, 2^k - 1, digits at their extremes) and the identity, torsion and
//! mixed-order points.

extern crate std;

use std::vec::Vec;

use curve25519_dalek::traits::VartimeMultiscalarMul;
use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;
use edwards25519_test_support::SplitMix64;

use super::{CombineWindows, vartime_mul};
use crate::Point;
use crate::backend::dispatch::run_serial;
use crate::backend::vector::ifma52x8::model::Model8;
use crate::backend::vector::ifma52x8::{detect, pippenger};
use crate::models::Extended;
use crate::scalar_mul::msm_test_inputs::{inputs, scalar};
use crate::scalar_mul::multiscalar::VartimeMultiscalar;

/// The serial backend's variable-time sum.
fn serial(s: &[Scalar], p: &[Extended<FieldElement>]) -> [u8; 32] {
    Point(run_serial(VartimeMultiscalar {
        scalars: s,
        points: p,
    }))
    .to_bytes()
}

/// The engine's window sums on the model, combined on the serial backend.
fn model(s: &[Scalar], p: &[Extended<FieldElement>], c: usize) -> [u8; 32] {
    let prep = pippenger::Prepared::new(s, p, c);
    let sums = pippenger::sums::<Model8>(&prep);
    Point(run_serial(CombineWindows { sums: &sums, c })).to_bytes()
}

/// The engine on the hardware, combined on the serial backend.
fn hardware(s: &[Scalar], p: &[Extended<FieldElement>], c: usize) -> Option<[u8; 32]> {
    let token = detect()?;
    let sums = pippenger::window_sums(token, s, p, c);
    Some(Point(run_serial(CombineWindows { sums: &sums, c })).to_bytes())
}

/// Small sizes on the model and the hardware, with the table's window and others (a
/// window count that fills the passes exactly, c = 8: 32 windows, and ones that do not).
#[test]
fn small_sizes_agree_on_model_and_hardware() {
    for (k, n) in [0usize, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65]
        .into_iter()
        .enumerate()
    {
        let (s, p) = inputs(0x9b05_688c_2b3e_6c1f ^ k as u64, n);
        let want = serial(&s, &p);
        for c in [pippenger::window_bits(n), 2, 5, 8] {
            assert_eq!(model(&s, &p, c), want, "model, n = {n}, c = {c}");
            if let Some(got) = hardware(&s, &p, c) {
                assert_eq!(got, want, "hardware, n = {n}, c = {c}");
            }
        }
    }
}

/// Every size class on the hardware, and the public entry point (the four-lane path)
/// on the same inputs.
#[test]
fn size_classes_agree_on_hardware() {
    if detect().is_none() {
        return;
    }
    let mut sizes = std::vec![63, 64, 65, 100, 191, 192, 193, 255, 256, 1000, 1024];
    if !cfg!(debug_assertions) {
        sizes.push(4096);
    }
    for (k, n) in sizes.into_iter().enumerate() {
        let (s, p) = inputs(0x510e_527f_ade6_82d1 ^ k as u64, n);
        let want = serial(&s, &p);
        let c = pippenger::window_bits(n);
        assert_eq!(hardware(&s, &p, c), Some(want), "n = {n}");
        let pts: Vec<Point> = p.iter().map(|e| Point(*e)).collect();
        assert_eq!(
            Point::vartime_multiscalar_mul(&s, &pts).to_bytes(),
            want,
            "public entry point, n = {n}"
        );
    }
}

/// The engine (where this CPU has it) and the public entry point against
/// curve25519-dalek's, on the same edge-heavy inputs (scalars 0, 1, l - 1, powers of
/// two, repeated digits, 128-bit, reduced from 32 bytes of 0xff; identity, torsion and
/// mixed-order points), each side decoding the other's encodings, across the
/// threshold and up to 4,096 terms (in release builds).
#[test]
fn agrees_with_dalek() {
    let mut sizes = std::vec![1, 63, 64, 65, 191, 192, 193, 300, 1000];
    if !cfg!(debug_assertions) {
        sizes.extend([1024, 4096]);
    }
    for (k, n) in sizes.into_iter().enumerate() {
        let (mut s, p) = inputs(0x1f83_d9ab_5be0_cd19 ^ k as u64, n);
        s[0] = Scalar::from_bytes_mod_order([0xff; 32]);
        let theirs_s: Vec<curve25519_dalek::Scalar> = s
            .iter()
            .map(|x| curve25519_dalek::Scalar::from_bytes_mod_order(x.to_bytes()))
            .collect();
        let theirs_p: Vec<curve25519_dalek::EdwardsPoint> = p
            .iter()
            .map(|e| {
                curve25519_dalek::edwards::CompressedEdwardsY(Point(*e).to_bytes())
                    .decompress()
                    .expect("our encodings decode")
            })
            .collect();
        let theirs = curve25519_dalek::EdwardsPoint::vartime_multiscalar_mul(&theirs_s, &theirs_p)
            .compress()
            .to_bytes();
        let pts: Vec<Point> = p.iter().map(|e| Point(*e)).collect();
        let ours = Point::vartime_multiscalar_mul(&s, &pts);
        assert_eq!(ours.to_bytes(), theirs, "public entry point, n = {n}");
        if let Some(engine) = vartime_mul(&s, &p) {
            assert_eq!(Point(engine).to_bytes(), theirs, "engine, n = {n}");
        }
    }
}

/// The engine's 8×8 transposition on the model (and on the hardware where it runs):
/// lane k of output i is lane i of input k.
#[test]
fn transpose8_transposes() {
    let r: [[u64; 8]; 8] = core::array::from_fn(|k| core::array::from_fn(|i| (k * 8 + i) as u64));
    let want: [[u64; 8]; 8] =
        core::array::from_fn(|i| core::array::from_fn(|k| (k * 8 + i) as u64));
    let got = pippenger::transpose8(r.map(Model8));
    assert_eq!(got.map(|m| m.0), want);
}

/// The engine's branch-free digits are `Scalar::vartime_signed_radix_2c`'s, for every
/// window size and edge scalars.
#[test]
fn digits_match_the_scalar_crate() {
    let mut rng = SplitMix64(0x3c6e_f372_fe94_f82b);
    let mut all = std::vec![Scalar::ZERO, Scalar::ONE, -Scalar::ONE];
    all.extend((0..200).map(|_| scalar(&mut rng)));
    for s in all {
        for c in 2..=15 {
            let w = Scalar::signed_radix_2c_len(c);
            let (mut want, mut got) = (std::vec![0i16; w], std::vec![0i16; w]);
            s.vartime_signed_radix_2c(c, &mut want);
            pippenger::signed_digits(&s, c, &mut got);
            assert_eq!(got, want, "c = {c}");
        }
    }
}
