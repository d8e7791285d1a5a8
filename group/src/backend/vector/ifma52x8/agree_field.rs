//! The eight-lane field's operations against the portable field at scale, on the
//! instruction model and, where CPUID reports AVX-512 IFMA, on the hardware: add, sub,
//! mul, square, add_mul_a24, invert, the canonical form, `is_zero`, the blends. Case
//! count: `EDWARDS25519_BACKEND_CASES`, as in `testing::eight_lanes_agree` (small
//! without it). A full-scale run: `EDWARDS25519_BACKEND_CASES=100000 cargo test -p
//! edwards25519-group --release --lib agree`.

extern crate std;

use std::vec::Vec;

use edwards25519_field::FieldElement;
use edwards25519_test_support::SplitMix64;

use super::model::Model8;
use super::select::Masked52;
use super::{F52, Zmm, detect, limbs_from_bytes, limbs_to_field};

/// `testing::eight_lanes_agree`'s count (repeated here: backend modules import nothing
/// from `testing`).
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
        for (j, &mj) in m.iter().enumerate() {
            let (x, y) = (field(lane(&a, j)), field(lane(&b, j)));
            let got = |k: usize| field(lane(&model[k], j)).to_bytes();
            assert_eq!(got(0), (x + y).to_bytes(), "add");
            assert_eq!(got(1), (x - y).to_bytes(), "sub");
            assert_eq!(got(2), (x * y).to_bytes(), "mul");
            assert_eq!(got(3), x.square().to_bytes(), "square");
            assert_eq!(got(4), (x + a24 * y).to_bytes(), "add_mul_a24");
            // Canonical: the limbs are exactly the canonical encoding's.
            assert_eq!(lane(&model[5], j), limbs_from_bytes(&x.to_bytes()));
            let sel = if mj == 1 { lane(&b, j) } else { lane(&a, j) };
            assert_eq!(lane(&model[6], j), sel, "select");
            let splat: [u64; 5] = if mj == 1 {
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
