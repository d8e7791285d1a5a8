//! The eight-lane engine against the serial backend at scale (issue 38): every
//! operation, on the instruction model (any CPU) and, where CPUID reports AVX-512
//! IFMA, on the hardware, bit for bit against the portable field and the serial
//! single-call functions: the field operations, `from_bytes_batch`'s decoding, the
//! fixed-base batch, `to_bytes_batch`, `to_montgomery_batch` and `x25519_batch`.
//!
//! Case count: `EDWARDS25519_BACKEND_CASES` cases per operation (the variable of
//! `testing::backends_agree`); without it a small default that keeps CI to a few
//! seconds (64 in debug builds, 2,000 in release). The run is
//! `EDWARDS25519_BACKEND_CASES=100000 cargo test -p edwards25519-group --release --lib
//! ifma52x8::agree`.

extern crate std;

use std::vec::Vec;

use edwards25519_field::FieldElement;
use edwards25519_test_support::SplitMix64;

use super::encode::{encode_points, montgomery_fractions, montgomery_us};
use super::model::Model8;
use super::select::Masked52;
use super::{F52, Zmm, detect, limbs_to_field};
use crate::backend::dispatch::run_serial;
use crate::montgomery::MontgomeryPoint;
use crate::scalar_mul::fixed_base::MulBase;
use crate::{Point, Scalar};

fn cases() -> usize {
    edwards25519_test_support::cases_or_env("EDWARDS25519_BACKEND_CASES", 64, 2_000)
}

const M52: u64 = (1 << 52) - 1;
/// The largest reduced limb 4.
const TOP4: u64 = (1 << 47) + (1 << 12) - 1;

/// Reduced limbs: one in four at the limb bounds, one in eight a small value, else
/// uniform below the bounds.
fn reduced(rng: &mut SplitMix64) -> [u64; 5] {
    let r = rng.next_u64();
    let mut l: [u64; 5] = core::array::from_fn(|_| rng.next_u64() & M52);
    l[4] %= TOP4 + 1;
    match r % 8 {
        0 | 1 => {
            for x in &mut l[..4] {
                *x |= M52 ^ (r >> 8 & 0xff);
            }
            l[4] = TOP4 - (l[4] & 0xfff);
        }
        2 => l = [r >> 60, 0, 0, 0, 0],
        _ => {}
    }
    l
}

fn lane(l: &[[u64; 8]; 5], j: usize) -> [u64; 5] {
    core::array::from_fn(|i| l[i][j])
}

fn field(l: [u64; 5]) -> FieldElement {
    limbs_to_field(l)
}

/// The field operations on (a, b), as limb arrays, with a lane mask from `m`.
fn field_ops<L: Masked52>(a: [[u64; 8]; 5], b: [[u64; 8]; 5], m: [u64; 8]) -> Vec<[[u64; 8]; 5]> {
    let (x, y) = (F52::<L>::from_limb_arrays(a), F52::<L>::from_limb_arrays(b));
    let mask = L::from_array(m).eq_mask(L::splat(1));
    let mut splat = y;
    for (i, limb) in splat.0.iter_mut().enumerate() {
        *limb = limb.blend_splat(mask, 0x1234_5678 + i as u64);
    }
    [
        x.add(&y).carry(),
        x.sub(&y).carry(),
        x.mul(&y),
        x.square(),
        x.add_mul_a24(&y),
        x.canonical(),
        x.select(mask, &y),
        splat,
        x.invert(),
    ]
    .map(F52::to_limb_arrays)
    .to_vec()
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn field_ops_zmm(a: [[u64; 8]; 5], b: [[u64; 8]; 5], m: [u64; 8]) -> Vec<[[u64; 8]; 5]> {
    field_ops::<Zmm>(a, b, m)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn is_zero_zmm(a: [[u64; 8]; 5]) -> u8 {
    F52::<Zmm>::from_limb_arrays(a).is_zero()
}

#[test]
fn field_ops_agree_at_scale() {
    let mut rng = SplitMix64(0x6c1e_0b55_2d9a_f3c7);
    let a24 = FieldElement::from_limbs([121_666, 0, 0, 0, 0]).expect("small");
    let hardware = detect().is_some();
    for _ in 0..cases().div_ceil(8) {
        let mut a = [[0u64; 8]; 5];
        let mut b = [[0u64; 8]; 5];
        for j in 0..8 {
            let (x, y) = (reduced(&mut rng), reduced(&mut rng));
            for i in 0..5 {
                a[i][j] = x[i];
                b[i][j] = y[i];
            }
        }
        // Some lanes 0 mod p (0, p, or a lane of b), for `is_zero`.
        let p_limbs = [M52 - 18, M52, M52, M52, (1 << 47) - 1];
        let zero_lane = (rng.next_u64() % 8) as usize;
        for i in 0..5 {
            a[i][zero_lane] = if rng.next_u64() & 1 == 0 {
                0
            } else {
                p_limbs[i]
            };
        }
        let m: [u64; 8] = core::array::from_fn(|_| rng.next_u64() & 1);
        let model = field_ops::<Model8>(a, b, m);
        let zeros = F52::<Model8>::from_limb_arrays(a).is_zero();
        if hardware {
            // SAFETY: `detect` reported AVX-512 F and IFMA, the features enabled.
            assert_eq!(unsafe { field_ops_zmm(a, b, m) }, model, "hardware, model");
            // SAFETY: as above.
            assert_eq!(unsafe { is_zero_zmm(a) }, zeros, "is_zero hardware");
        }
        for j in 0..8 {
            let (x, y) = (field(lane(&a, j)), field(lane(&b, j)));
            let got = |k: usize| field(lane(&model[k], j)).to_bytes();
            assert_eq!(got(0), (x + y).to_bytes(), "add");
            assert_eq!(got(1), (x - y).to_bytes(), "sub");
            assert_eq!(got(2), (x * y).to_bytes(), "mul");
            assert_eq!(got(3), x.square().to_bytes(), "square");
            assert_eq!(got(4), (x + a24 * y).to_bytes(), "add_mul_a24");
            // Canonical: the limbs are exactly the canonical encoding's.
            assert_eq!(lane(&model[5], j), super::limbs_from_bytes(&x.to_bytes()));
            let sel = if m[j] == 1 { lane(&b, j) } else { lane(&a, j) };
            assert_eq!(lane(&model[6], j), sel, "select");
            let splat: [u64; 5] = if m[j] == 1 {
                core::array::from_fn(|i| 0x1234_5678 + i as u64)
            } else {
                lane(&b, j)
            };
            assert_eq!(lane(&model[7], j), splat, "blend_splat");
            assert_eq!(got(8), x.invert().to_bytes(), "invert");
            assert_eq!(zeros >> j & 1 == 1, bool::from(x.is_zero()), "is_zero");
        }
    }
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
    assert_eq!(encode_points::<Model8>(&ps), want_bytes, "to_bytes model");
    let (nums, dens) = montgomery_fractions::<Model8>(&ps);
    assert_eq!(montgomery_us(nums, dens, n), want_us, "to_montgomery model");
    if let Some(token) = detect() {
        assert_eq!(super::encode::to_bytes_x8(token, &ps), want_bytes);
        assert_eq!(super::encode::to_montgomery_x8(token, &ps), want_us);
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
    let model =
        crate::point::batch::in_groups_of_eight(&encodings, super::decode::decode8::<Model8>);
    assert_eq!(model, want, "model");
    if let Some(token) = detect() {
        let hw = crate::point::batch::in_groups_of_eight(&encodings, |e| {
            super::decode::from_bytes_x8(token, e)
        });
        assert_eq!(hw, want, "hardware");
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
    let model = crate::montgomery::in_groups_of_eight(&ks, &us, super::ladder8::<Model8>);
    assert_eq!(model, want, "model");
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
    let model = super::fixed_base::mul_base_clamped_all::<Model8>(&ks);
    assert_eq!(model, want, "model");
    if let Some(token) = detect() {
        assert_eq!(super::fixed_base::mul_base_clamped_x8(token, &ks), want);
    }
    assert_eq!(MontgomeryPoint::mul_base_clamped_batch(&ks), want);
}
