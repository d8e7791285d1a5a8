//! The eight-lane engine against the serial backend at scale: every operation, on the
//! instruction model (any CPU) and, where CPUID reports AVX-512 IFMA, on the hardware,
//! bit for bit against the serial single-call functions: `from_bytes_batch`'s decoding,
//! the fixed-base batch, `to_bytes_batch`, `to_montgomery_batch` and `x25519_batch`
//! (and the AVX2 four-lane decoding and ladders of CPUs without IFMA, where CPUID
//! reports AVX2). The field operations' test at the same scale is
//! `backend::vector::ifma52x8::agree_field` (it calls the hardware through `unsafe`,
//! which only backend modules may).
//!
//! Case count: `EDWARDS25519_BACKEND_CASES` cases per operation (the variable of
//! `testing::backends_agree`); without it a small default that keeps CI to a few
//! seconds (64 in debug builds, 2,000 in release). A full-scale run:
//! `EDWARDS25519_BACKEND_CASES=100000 cargo test -p edwards25519-group --release --lib
//! eight_lanes_agree`.

extern crate std;

use std::vec::Vec;

use edwards25519_field::FieldElement;
use edwards25519_test_support::SplitMix64;

use crate::backend::dispatch::run_serial;
use crate::backend::vector::ifma52x8::encode::{
    encode_points, montgomery_fractions, montgomery_us,
};
use crate::backend::vector::ifma52x8::model::Model8;
use crate::backend::vector::ifma52x8::{self as x8, detect};
use crate::montgomery::MontgomeryPoint;
use crate::scalar_mul::fixed_base::MulBase;
use crate::{Point, Scalar};

fn cases() -> usize {
    edwards25519_test_support::cases_or_env("EDWARDS25519_BACKEND_CASES", 64, 2_000)
}

/// Random points: multiples of B, plus the identity, the 2-torsion point and the
/// 4- and 8-torsion points mixed in.
fn points(n: usize, rng: &mut SplitMix64) -> Vec<Point> {
    let t4 = crate::point::order_four_point();
    (0..n)
        .map(|i| {
            let p = Point::mul_base(&Scalar::from_bytes_mod_order(rng.bytes()));
            match i % 16 {
                0 => Point::IDENTITY,
                1 => t4.double(),
                2 => t4,
                3 => p + t4,
                4 => -p,
                _ => p,
            }
        })
        .collect()
}

#[test]
fn encodings_agree_at_scale() {
    let mut rng = SplitMix64(0x0f3d_9a27_c4b1_6e58);
    let n = cases();
    let ps = points(n, &mut rng);
    let want_bytes: Vec<[u8; 32]> = ps.iter().map(Point::to_bytes).collect();
    let want_us: Vec<MontgomeryPoint> = ps.iter().map(Point::to_montgomery).collect();
    let ext: fn(&Point) -> &crate::models::Extended<FieldElement> = |p| &p.0;
    let us =
        |v: Vec<[u8; 32]>| -> Vec<MontgomeryPoint> { v.into_iter().map(MontgomeryPoint).collect() };
    assert_eq!(
        encode_points::<Model8, _>(&ps, ext),
        want_bytes,
        "to_bytes model"
    );
    let (nums, dens) = montgomery_fractions::<Model8, _>(&ps, ext);
    assert_eq!(
        us(montgomery_us(nums, dens, n)),
        want_us,
        "to_montgomery model"
    );
    if let Some(token) = detect() {
        assert_eq!(x8::encode::to_bytes_x8(token, &ps, ext), want_bytes);
        assert_eq!(us(x8::encode::to_montgomery_x8(token, &ps, ext)), want_us);
    }
    assert_eq!(Point::to_bytes_batch(&ps), want_bytes);
    assert_eq!(Point::to_montgomery_batch(&ps), want_us);
}

#[test]
fn decoding_agrees_at_scale() {
    let mut rng = SplitMix64(0x2b7e_1516_28ae_d2a6);
    let n = cases();
    let encodings: Vec<[u8; 32]> = (0..n)
        .map(|i| match i % 4 {
            0 => rng.bytes(),
            1 => {
                let mut b = Point::mul_base(&Scalar::from_bytes_mod_order(rng.bytes())).to_bytes();
                b[31] ^= 0x80;
                b
            }
            _ => Point::mul_base(&Scalar::from_bytes_mod_order(rng.bytes())).to_bytes(),
        })
        .collect();
    let want: Vec<_> = encodings.iter().map(Point::from_bytes).collect();
    let model = crate::point::batch::in_groups(&encodings, x8::decode::decode8::<Model8>);
    assert_eq!(model, want, "model");
    if let Some(token) = detect() {
        let hw =
            crate::point::batch::in_groups(&encodings, |e| x8::decode::from_bytes_x8(token, e));
        assert_eq!(hw, want, "hardware");
    }
    // The batch of CPUs without IFMA: four decodings per ymm register.
    if let Some(token) = crate::backend::vector::avx2::detect() {
        let avx2 = crate::point::batch::in_fours(token, &encodings);
        assert_eq!(avx2, want, "AVX2");
    }
}

/// Edge secrets (0, all ones, l - 1, clamping's extremes) then random ones.
fn secrets(n: usize, rng: &mut SplitMix64) -> Vec<[u8; 32]> {
    let mut v = std::vec![
        [0; 32],
        [0xff; 32],
        (-Scalar::ONE).to_bytes(),
        [0x80; 32],
        [0x7f; 32],
        [0xf8; 32]
    ];
    v.truncate(n);
    while v.len() < n {
        v.push(rng.bytes());
    }
    v
}

#[test]
fn x25519_batch_agrees_at_scale() {
    use crate::montgomery::{clamp, ladder, x25519_batch};
    let mut rng = SplitMix64(0x4a09_e667_f3bc_c908);
    let n = cases();
    let ks = secrets(n, &mut rng);
    let us: Vec<[u8; 32]> = (0..n).map(|_| rng.bytes()).collect();
    let want: Vec<[u8; 32]> = ks
        .iter()
        .zip(&us)
        .map(|(k, u)| ladder::<FieldElement>(&clamp(*k), &FieldElement::from_bytes(u)))
        .collect();
    let model = crate::montgomery::in_groups(&ks, &us, x8::ladder8::<Model8>);
    assert_eq!(model, want, "model");
    // The batch of CPUs without IFMA: four ladders per ymm register.
    if let Some(token) = crate::backend::vector::avx2::detect() {
        let avx2 = crate::montgomery::in_fours(token, &ks, &us);
        assert_eq!(avx2, want, "AVX2 ladders");
    }
    assert_eq!(
        x25519_batch(&ks, &us),
        Ok(want),
        "public (hardware where present)"
    );
}

#[test]
fn fixed_base_agrees_at_scale() {
    let mut rng = SplitMix64(0xbb67_ae85_84ca_a73b);
    let n = cases();
    let ks = secrets(n, &mut rng);
    let want: Vec<MontgomeryPoint> = ks
        .iter()
        .map(|k| {
            let s = Scalar::from_bytes_with_clamping(*k);
            Point(run_serial(MulBase(&s.as_radix_16()))).to_montgomery()
        })
        .collect();
    let want_bytes: Vec<[u8; 32]> = want.iter().map(|u| u.0).collect();
    let model = x8::fixed_base::mul_base_clamped_all::<Model8>(&ks);
    assert_eq!(model, want_bytes, "model");
    if let Some(token) = detect() {
        assert_eq!(x8::fixed_base::mul_base_clamped_x8(token, &ks), want_bytes);
    }
    assert_eq!(MontgomeryPoint::mul_base_clamped_batch(&ks), want);
}

/// Every length 0…17 and 64 (full and partial last groups), edge secrets first, for
/// the fixed-base batch and both encodings, on the model and the hardware.
#[test]
fn lengths_0_to_17_and_64() {
    let mut rng = SplitMix64(0x3c6e_f372_fe94_f82b);
    let ext: fn(&Point) -> &crate::models::Extended<FieldElement> = |p| &p.0;
    for n in (0..=17).chain([64]) {
        let ks = secrets(n, &mut rng);
        let want: Vec<[u8; 32]> = ks
            .iter()
            .map(|k| MontgomeryPoint::mul_base_clamped(*k).0)
            .collect();
        assert_eq!(
            x8::fixed_base::mul_base_clamped_all::<Model8>(&ks),
            want,
            "n = {n}"
        );
        let ps = points(n, &mut rng);
        let bytes: Vec<[u8; 32]> = ps.iter().map(Point::to_bytes).collect();
        let us: Vec<[u8; 32]> = ps.iter().map(|p| p.to_montgomery().0).collect();
        assert_eq!(encode_points::<Model8, _>(&ps, ext), bytes, "n = {n}");
        let (nums, dens) = montgomery_fractions::<Model8, _>(&ps, ext);
        assert_eq!(montgomery_us(nums, dens, n), us, "n = {n}");
        if let Some(token) = detect() {
            assert_eq!(x8::fixed_base::mul_base_clamped_x8(token, &ks), want);
            assert_eq!(x8::encode::to_bytes_x8(token, &ps, ext), bytes);
            assert_eq!(x8::encode::to_montgomery_x8(token, &ps, ext), us);
        }
    }
}
