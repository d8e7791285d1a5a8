//! The point field's operations against num-bigint mod p, with every output's limbs
//! checked against the level the module's bounds table gives it: on the instruction
//! model (any CPU; it also asserts every multiplier operand is below 2^52) and on the
//! real instructions where this CPU has them.

extern crate std;

use super::*;
use crate::backend::vector::ifma::model::Model;
use crate::backend::vector::point::{CACHED_FACTORS, IDENTITY, affine_lanes};
use crate::backend::vector::test_limbs::{inputs, p, value, vec4};
use crate::backend::vector::{lanes, order};
use crate::tables;
use edwards25519_test_support::SplitMix64;
use num_bigint::BigUint;
use std::vec::Vec;

fn fe_value(e: &FieldElement) -> BigUint {
    BigUint::from_bytes_le(&e.to_bytes())
}

/// Limbs per level: (limbs 0…3, limb 4) exclusive maxima.
const TIGHT: (u64, u64) = (1 << 52, 1 << 48);
const REDUCED: (u64, u64) = ((1 << 52) + (1 << 15), 1 << 48);
const PRODUCT: (u64, u64) = (1 << 56, 1 << 56);
const WIDE: (u64, u64) = (1 << 54, 1 << 50);

fn within(l: [u64; 5], (lo, top): (u64, u64)) -> bool {
    l[..4].iter().all(|&x| x < lo) && l[4] < top
}

/// The lanes' limbs, `[lane][limb]`, each lane within `bound`.
fn checked<L: Lanes>(f: &F52<L>, bound: (u64, u64), what: &str) -> [[u64; 5]; 4] {
    let l = f.limbs();
    for lane in l {
        assert!(within(lane, bound), "{what}: {lane:?} over {bound:?}");
    }
    l
}

/// Every [`VectorField`] operation on groups of four inputs at their level's extremes
/// and at random, against num-bigint mod p.
fn ops_agree<L: Lanes + LaneTables52>(random: usize) {
    let pm = p();
    let tight = inputs(TIGHT, 0x5201_0001, random);
    let reduced = inputs(REDUCED, 0x5201_0003, random);
    let wide = inputs(WIDE, 0x5201_0002, random);
    let product = inputs(PRODUCT, 0x5201_0004, random);
    const NEG: i32 = lanes(true, false, false, true);
    let negated = |k: usize| NEG >> (2 * k) & 1 == 1;
    let m = |x: &BigUint| x % &pm;
    let groups = tight
        .windows(8)
        .zip(reduced.windows(8))
        .zip(wide.windows(4));
    for (n, (((t, r), w), z)) in groups.zip(product.windows(4)).enumerate() {
        let four = |v: &[[u64; 5]], i: usize| [v[i], v[i + 1], v[i + 2], v[i + 3]];
        let (ta4, tb4, a4, b4) = (four(t, 0), four(t, 4), four(r, 0), four(r, 4));
        let (w4, z4) = (four(w, 0), four(z, 0));
        let (ta, tb) = (vec4::<L>(ta4), vec4::<L>(tb4));
        let (a, b, wv) = (vec4::<L>(a4), vec4::<L>(b4), vec4::<L>(w4));
        let mul = checked(&VectorField::mul(&ta, &tb), REDUCED, "mul");
        let sq = checked(&VectorField::square(&ta), REDUCED, "square");
        let round = checked(&carry_round(&vec4::<L>(z4)), REDUCED, "carry_round");
        let sum = checked(&VectorField::add(&a, &b), WIDE, "add");
        let diff = checked(&VectorField::sub(&a, &b), WIDE, "sub");
        let mixed = checked(&a.add_sub_lanes::<NEG>(&b), WIDE, "add_sub_lanes");
        let neg = checked(&a.neg_lanes::<NEG>(), TIGHT, "neg_lanes");
        // The doubling's use: wide plus 16p minus wide, carried.
        let nw = checked(
            &VectorField::add(&wv, &wv.neg_wide()).carry(),
            TIGHT,
            "neg_wide",
        );
        let nw2 = checked(
            &VectorField::add(&wv, &VectorField::neg_wide(&VectorField::sub(&a, &b))).carry(),
            TIGHT,
            "neg_wide of a difference",
        );
        let carried = checked(&VectorField::carry(&wv), TIGHT, "carry");
        for k in 0..4 {
            let (x, y, z) = (value(a4[k]), value(b4[k]), value(w4[k]));
            let (tx, ty) = (value(ta4[k]), value(tb4[k]));
            let c = format_args!("case {n} lane {k}");
            assert_eq!(m(&value(mul[k])), m(&(&tx * &ty)), "mul {c}");
            assert_eq!(m(&value(sq[k])), m(&(&tx * &tx)), "square {c}");
            assert_eq!(m(&value(round[k])), m(&value(z4[k])), "carry_round {c}");
            assert_eq!(m(&value(sum[k])), m(&(&x + &y)), "add {c}");
            assert_eq!(m(&value(diff[k])), m(&(&x + &pm * 4u8 - &y)), "sub {c}");
            let (want_mixed, want_neg) = if negated(k) {
                (m(&(&x + &pm * 4u8 - &y)), m(&(&pm * 4u8 - &x)))
            } else {
                (m(&(&x + &y)), m(&x))
            };
            assert_eq!(m(&value(mixed[k])), want_mixed, "add_sub_lanes {c}");
            assert_eq!(m(&value(neg[k])), want_neg, "neg_lanes {c}");
            assert_eq!(m(&value(nw[k])), BigUint::from(0u8), "neg_wide {c}");
            let want_nw2 = m(&(&z + &pm * 16u8 - (&x + &pm * 4u8 - &y)));
            assert_eq!(m(&value(nw2[k])), want_nw2, "neg_wide of a difference {c}");
            assert_eq!(m(&value(carried[k])), m(&z), "carry {c}");
        }
    }
}

#[test]
fn offsets_are_multiples_of_p() {
    assert_eq!(value(SIXTEEN_P), p() * 16u8);
    assert_eq!(value(FOUR_P), p() * 4u8);
}

#[test]
fn model_ops_agree_with_bigint() {
    ops_agree::<Model>(3_000);
}

#[test]
fn ymm_ops_agree_with_bigint() {
    if detect().is_some() {
        ops_agree::<Ymm>(3_000);
    }
}

/// The lane moves and the constant-time selection, on the model (their `Ymm` forms
/// are `ifma52x4`'s and the agreement tests').
#[test]
fn lane_moves() {
    let l: [[u64; 5]; 4] = core::array::from_fn(|k| core::array::from_fn(|i| (10 * k + i) as u64));
    let a = vec4::<Model>(l);
    let zero = [0u64; 5];
    assert_eq!(
        VectorField::permute::<{ order(3, 0, 0, 2) }>(&a).limbs(),
        [l[3], l[0], l[0], l[2]]
    );
    let b = vec4::<Model>([zero; 4]);
    const B: i32 = lanes(false, true, true, false);
    assert_eq!(
        VectorField::blend::<B>(&a, &b).limbs(),
        [l[0], zero, zero, l[3]]
    );
    assert_eq!(
        VectorField::zero_lanes::<B>(&a).limbs(),
        [l[0], zero, zero, l[3]]
    );
    let mut c = a;
    c.assign_if(&b, Choice::from(0));
    assert_eq!(c.limbs(), l);
    c.assign_if(&b, Choice::from(1));
    assert_eq!(c.limbs(), [zero; 4]);
}

/// Portable elements to lanes and back, including values in [p, 2^256) (the 4×64-bit
/// element holds any of them): tight limbs, the same elements.
#[test]
fn conversions_round_trip() {
    let mut rng = SplitMix64(0x5201_c0de);
    let mut es: Vec<FieldElement> = (0..400)
        .map(|_| FieldElement::from_bytes(&rng.bytes()))
        .collect();
    es.extend([FieldElement::ZERO, FieldElement::ONE, -FieldElement::ONE]);
    for words in [
        [u64::MAX; 4],
        [u64::MAX - 18, u64::MAX, u64::MAX, u64::MAX >> 1],
    ] {
        es.push(FieldElement::from_fe64(&Fe64::from_limbs(words)));
    }
    for e in es.chunks(4).filter(|c| c.len() == 4) {
        let v = <F52<Model> as VectorField>::from_elements([&e[0], &e[1], &e[2], &e[3]]);
        checked(&v, TIGHT, "from_elements");
        let back = v.to_elements();
        for k in 0..4 {
            assert_eq!(back[k], e[k]);
            assert_eq!(value(v.limbs()[k]) % p(), fe_value(&e[k]));
        }
    }
}

/// The `Ymm` tables hold, lane for lane, what the model's tables hold (`Ymm`'s
/// `from_array` and `to_array` only reinterpret memory, so this runs on any x86-64
/// CPU), and the model's hold the portable tables' values.
#[test]
fn tables_hold_the_portable_values() {
    fn lanes_of<L: Lanes>(f: &F52<L>) -> [[u64; 5]; 4] {
        f.limbs()
    }
    fn all<L: Lanes + LaneTables52>() -> Vec<[[u64; 5]; 4]> {
        let t = L::tables52();
        let cached = t.base.iter().flatten().chain(&t.odd).chain(&t.odd128);
        let mut v: Vec<_> = cached.map(|c| lanes_of(&c.0)).collect();
        let c = L::consts52();
        v.extend([&c.identity, &c.identity_cached, &c.cached_factors].map(lanes_of));
        v
    }
    let (ymm, model) = (all::<Ymm>(), all::<Model>());
    assert_eq!(ymm.len(), 32 * 8 + 64 + 64 + 3);
    assert_eq!(ymm, model);
    let t = Model::tables52();
    let want = |e: [&FieldElement; 4]| e.map(fe_value);
    let got = |f: &F52<Model>| f.limbs().map(|l| value(l) % p());
    for i in [0, 7, 31] {
        for j in [0, 5, 7] {
            let e = affine_lanes(&tables::BASE_TABLE[i][j]);
            assert_eq!(got(&t.base[i][j].0), want(e));
        }
    }
    for j in [0, 33, 63] {
        assert_eq!(
            got(&t.odd[j].0),
            want(affine_lanes(&tables::ODD_BASE_MULTIPLES[j]))
        );
        let e = affine_lanes(&tables::ODD_BASE_128_MULTIPLES[j]);
        assert_eq!(got(&t.odd128[j].0), want(e));
    }
    let c = Model::consts52();
    assert_eq!(got(&c.cached_factors), want(CACHED_FACTORS));
    assert_eq!(got(&c.identity), want(IDENTITY));
}
