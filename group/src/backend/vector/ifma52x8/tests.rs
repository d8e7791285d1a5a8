//! The eight-lane field against num-bigint, lane by lane, over the instruction model
//! (any CPU) and, where CPUID reports AVX-512 IFMA, over the hardware, which must agree
//! with the model bit for bit. Inputs: the edge values (0, 1, p - 1, p, 2^255 - 1,
//! every limb at its reduced bound, single limbs at their bounds) and pseudo-random
//! limbs at the reduced bounds.

extern crate std;

use std::vec;
use std::vec::Vec;

use num_bigint::BigUint;

use super::model::Model8;
use super::{F52, Lanes52, Zmm, detect, limbs_from_bytes, limbs_to_bytes};
use crate::backend::vector::test_limbs::{p, value};
use edwards25519_test_support::SplitMix64;

type Limbs = [[u64; 8]; 5];

const M52: u64 = (1 << 52) - 1;
/// The largest reduced limb 4 (module docs: below 2^47 + 2^12).
const TOP4: u64 = (1 << 47) + (1 << 12) - 1;

fn lane(l: &Limbs, j: usize) -> [u64; 5] {
    core::array::from_fn(|i| l[i][j])
}

/// Limbs 0…3 below 2^52, limb 4 at most `TOP4`, in every lane.
fn assert_reduced(l: &Limbs, what: &str) {
    for j in 0..8 {
        let x = lane(l, j);
        assert!(
            x[..4].iter().all(|&v| v <= M52) && x[4] <= TOP4,
            "{what}: lane {j} not reduced: {x:x?}"
        );
    }
}

/// Reduced-limb inputs: edges, then `random` pseudo-random limb vectors at the bounds.
fn reduced_inputs(seed: u64, random: usize) -> Vec<[u64; 5]> {
    let p_minus = |d: u8| {
        let mut b = [0xffu8; 32];
        b[0] = 0xed - d;
        b[31] = 0x7f;
        limbs_from_bytes(&b)
    };
    let mut v = vec![
        [0; 5],
        [1, 0, 0, 0, 0],
        p_minus(1),
        p_minus(0),
        limbs_from_bytes(&[0xff; 32]),
        [M52, M52, M52, M52, TOP4],
        [M52, M52, M52, M52, 0],
        [0, 0, 0, 0, TOP4],
    ];
    for i in 0..4 {
        let mut l = [0; 5];
        l[i] = M52;
        v.push(l);
    }
    let mut rng = SplitMix64(seed);
    for n in 0..random {
        let mut l: [u64; 5] = core::array::from_fn(|_| rng.next_u64() & M52);
        l[4] %= TOP4 + 1;
        // Every fourth near the top of each limb.
        if n % 4 == 0 {
            for x in &mut l[..4] {
                *x |= M52 ^ 0xff;
            }
            l[4] = TOP4 - (l[4] & 0xfff);
        }
        v.push(l);
    }
    v
}

/// Groups of eight lanes: `inputs` with each group rotated against the next so every
/// input meets several partners.
fn groups(inputs: &[[u64; 5]], shift: usize) -> Vec<Limbs> {
    let n = inputs.len();
    (0..n.div_ceil(8))
        .map(|g| {
            let mut l = [[0u64; 8]; 5];
            for j in 0..8 {
                let x = inputs[(8 * g + j + shift) % n];
                for i in 0..5 {
                    l[i][j] = x[i];
                }
            }
            l
        })
        .collect()
}

/// Every operation on (a, b): add and sub (then carried), mul, square, add_mul_a24,
/// conditional swap by an alternating lane mask, and the two carries of wide values.
fn ops<L: Lanes52<Array = [u64; 8]>>(a: Limbs, b: Limbs) -> Vec<Limbs> {
    let (x, y) = (F52::<L>::from_limb_arrays(a), F52::<L>::from_limb_arrays(b));
    let (mut s, mut t) = (x, y);
    let mask = L::from_array(core::array::from_fn(|j| 0u64.wrapping_sub((j & 1) as u64)));
    F52::conditional_swap(&mut s, &mut t, mask);
    [
        x.add(&y).carry(),
        x.sub(&y).carry(),
        x.mul(&y),
        x.square(),
        x.add_mul_a24(&y),
        s,
        t,
    ]
    .map(F52::to_limb_arrays)
    .to_vec()
}

/// `ops` on the hardware, inside a function with the target features on.
#[target_feature(enable = "avx512f,avx512ifma")]
fn ops_zmm(a: Limbs, b: Limbs) -> Vec<Limbs> {
    ops::<Zmm>(a, b)
}

/// The hardware's `ops`, where this CPU has IFMA.
fn hardware_ops(a: Limbs, b: Limbs) -> Option<Vec<Limbs>> {
    // SAFETY: `detect` reported AVX-512 F and IFMA, the features `ops_zmm` enables.
    detect().map(|_| unsafe { ops_zmm(a, b) })
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn invert_zmm(a: Limbs) -> Limbs {
    F52::<Zmm>::from_limb_arrays(a).invert().to_limb_arrays()
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn carry_zmm(a: Limbs) -> Limbs {
    F52::<Zmm>::from_limb_arrays(a).carry().to_limb_arrays()
}

#[test]
fn field_ops_agree_with_bigint_and_hardware() {
    let p = p();
    let a24 = BigUint::from(121_666u32);
    let inputs = reduced_inputs(
        0x8a5c_d789_635d_2dff,
        if cfg!(debug_assertions) {
            1_000
        } else {
            12_000
        },
    );
    let mut checked = 0usize;
    for shift in [0, 3] {
        for (a, b) in groups(&inputs, 0)
            .into_iter()
            .zip(groups(&inputs, shift + 1))
        {
            let model = ops::<Model8>(a, b);
            if let Some(hw) = hardware_ops(a, b) {
                assert_eq!(hw, model, "hardware and model disagree");
            }
            for out in &model {
                assert_reduced(out, "op output");
            }
            for j in 0..8 {
                let (x, y) = (value(lane(&a, j)), value(lane(&b, j)));
                let got = |k: usize| value(lane(&model[k], j)) % &p;
                assert_eq!(got(0), (&x + &y) % &p, "add");
                assert_eq!(got(1), (&x + &p * 2u8 - &y) % &p, "sub");
                assert_eq!(got(2), (&x * &y) % &p, "mul");
                assert_eq!(got(3), (&x * &x) % &p, "square");
                assert_eq!(got(4), (&x + &a24 * &y) % &p, "add_mul_a24");
                let (s, t) = if j & 1 == 1 { (&y, &x) } else { (&x, &y) };
                assert_eq!(value(lane(&model[5], j)), *s, "swap");
                assert_eq!(value(lane(&model[6], j)), *t, "swap");
                checked += 1;
            }
        }
    }
    assert!(checked >= 2 * inputs.len());
}

/// The carry takes limbs 0…3 below 2^62 and limb 4 of any size.
#[test]
fn carry_takes_its_input_bound() {
    let p = p();
    let mut rng = SplitMix64(0x0c2d_11e3_7f00_aa51);
    let mut cases: Vec<Limbs> = vec![[
        [(1 << 62) - 1; 8],
        [(1 << 62) - 1; 8],
        [(1 << 62) - 1; 8],
        [(1 << 62) - 1; 8],
        [u64::MAX; 8],
    ]];
    for _ in 0..200 {
        let mut l: Limbs = core::array::from_fn(|_| core::array::from_fn(|_| rng.next_u64() >> 2));
        l[4] = core::array::from_fn(|_| rng.next_u64());
        cases.push(l);
    }
    for l in cases {
        let out = F52::<Model8>::from_limb_arrays(l).carry().to_limb_arrays();
        assert_reduced(&out, "carry");
        if detect().is_some() {
            // SAFETY: `detect` reported the features `carry_zmm` enables.
            assert_eq!(unsafe { carry_zmm(l) }, out);
        }
        for j in 0..8 {
            assert_eq!(value(lane(&out, j)) % &p, value(lane(&l, j)) % &p);
        }
    }
}

#[test]
fn invert_agrees_with_bigint_and_hardware() {
    let p = p();
    let inputs = reduced_inputs(0x51d2_6b1e_0a7c_33f9, 20);
    for a in groups(&inputs, 0) {
        let model = F52::<Model8>::from_limb_arrays(a).invert().to_limb_arrays();
        assert_reduced(&model, "invert");
        if detect().is_some() {
            // SAFETY: `detect` reported the features `invert_zmm` enables.
            assert_eq!(unsafe { invert_zmm(a) }, model);
        }
        for j in 0..8 {
            let x = value(lane(&a, j)) % &p;
            let want = x.modpow(&(&p - 2u8), &p);
            assert_eq!(value(lane(&model, j)) % &p, want);
        }
    }
}

/// The byte conversions: u with bit 255 masked and reduced mod p, canonical out, on
/// the edges and on limbs up to 2^63.
#[test]
fn byte_conversions() {
    let p = p();
    let mut rng = SplitMix64(0x77aa_0e0f_1d2c_3b4a);
    let mut bytes: Vec<[u8; 32]> = vec![[0; 32], [0xff; 32], [0x80; 32]];
    for d in 0..=19u8 {
        let mut b = [0xffu8; 32];
        b[0] = 0xec + d;
        b[31] = 0x7f;
        bytes.push(b);
    }
    for _ in 0..200 {
        bytes.push(rng.bytes());
    }
    for b in bytes {
        let l = limbs_from_bytes(&b);
        assert!(l[..4].iter().all(|&x| x <= M52) && l[4] < 1 << 47);
        let mut masked = b;
        masked[31] &= 0x7f;
        let v = BigUint::from_bytes_le(&masked);
        assert_eq!(value(l), v);
        let mut want = (v % &p).to_bytes_le();
        want.resize(32, 0);
        assert_eq!(limbs_to_bytes(l).to_vec(), want);
    }
    for _ in 0..2_000 {
        let mut l: [u64; 5] = core::array::from_fn(|_| rng.next_u64() >> 1);
        if rng.next_u64() & 1 == 0 {
            l = [M52, M52, M52, M52, (1 << 47) - 1 + (rng.next_u64() & 1)];
        }
        let mut want = (value(l) % &p).to_bytes_le();
        want.resize(32, 0);
        assert_eq!(limbs_to_bytes(l).to_vec(), want, "{l:x?}");
    }
}
