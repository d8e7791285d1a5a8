//! The AVX2 field's limb code against num-bigint: the radix conversion and the
//! products at the edges of their input bounds; and the fixed-base walk on this field at
//! extreme digits, against the serial backend.

use super::*;
use num_bigint::BigUint;

/// The integer a lane's limbs stand for, Σ lᵢ·2^wᵢ (not reduced).
fn value(l: &[u64; 10]) -> BigUint {
    let mut w = 0;
    let mut v = BigUint::from(0u8);
    for (i, x) in l.iter().enumerate() {
        v += BigUint::from(*x) << w;
        w += bits(i);
    }
    v
}

fn p() -> BigUint {
    (BigUint::from(1u8) << 255) - 19u8
}

fn lane_value(f: &F5, lane: usize) -> BigUint {
    BigUint::from_bytes_le(&f.to_elements()[lane].to_bytes())
}

/// `split` on radix-2^51 limbs up to 2^52 - 1, the most the portable type allows.
/// On x86-64 the public element's limbs are below 2^51 + 19, so the agreement tests
/// reach split's carries only at that edge (a `+` as `-` in them went unnoticed):
/// they are checked here on their own, like IFMA's `carry_limbs`. Each output limb
/// must fit its 26 or 25 bits plus a carry, and the value must be the same mod p.
#[test]
fn split_keeps_the_value() {
    let mut inputs = crate::backend::vector::radix51_test_inputs(0x6a09_e667_f3bc_c908, 2_000);
    inputs.push([(1 << 51) + 18, 0, 0, 0, 0]);
    for l in inputs {
        let out = split(l);
        for (i, &x) in out.iter().enumerate() {
            assert!(x < (1 << bits(i)) + (1 << 19), "{l:?}: limb {i} = {x}");
        }
        let want = l
            .iter()
            .enumerate()
            .fold(BigUint::from(0u8), |acc, (i, &x)| {
                acc + (BigUint::from(x) << (51 * i))
            });
        assert_eq!(value(&out) % p(), want % p(), "{l:?}");
    }
}

/// Limbs of four lanes: lane 0 at `bound - 1` in every limb (the largest input the
/// bounds argument allows), the others pseudo-random below `bound`.
fn limbs(bound: impl Fn(usize) -> u64, seed: u64) -> [[u64; 10]; 4] {
    let mut s = seed;
    let mut out = [[0u64; 10]; 4];
    for (lane, l) in out.iter_mut().enumerate() {
        for (i, x) in l.iter_mut().enumerate() {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            *x = if lane == 0 {
                bound(i) - 1
            } else {
                (s >> 20) % bound(i)
            };
        }
    }
    out
}

/// a·b and s² on this CPU's AVX2 (the test is skipped without it).
#[target_feature(enable = "avx2")]
fn products(a: &F5, b: &F5, s: &F5) -> (F5, F5) {
    (a.mul(b), s.square())
}

/// `mul` and `square` at the edges of their input bounds (every limb at its
/// largest, where the column bounds next to them are tight) and inside them, against
/// num-bigint.
#[test]
fn products_at_the_input_bounds() {
    if detect().is_none() {
        return;
    }
    let wide = |i: usize| 1u64 << (bits(i) + 2);
    let mul_ready = |i: usize| 1u64 << (bits(i) + 1);
    let sum = |i: usize| (1u64 << (bits(i) + 1)) + (1 << 18);
    for seed in 0..200 {
        let (la, lb, ls) = (
            limbs(wide, seed),
            limbs(mul_ready, !seed),
            limbs(sum, seed + 7),
        );
        let (a, b, s) = (
            from_lane_limbs(la),
            from_lane_limbs(lb),
            from_lane_limbs(ls),
        );
        // SAFETY: `detect` found AVX2.
        let (prod, sq) = unsafe { products(&a, &b, &s) };
        for lane in 0..4 {
            let want = value(&la[lane]) * value(&lb[lane]) % p();
            assert_eq!(
                lane_value(&prod, lane),
                want,
                "mul, seed {seed}, lane {lane}"
            );
            let want = value(&ls[lane]).pow(2) % p();
            assert_eq!(
                lane_value(&sq, lane),
                want,
                "square, seed {seed}, lane {lane}"
            );
        }
    }
}

/// The check behind the limb-bound `debug_assert!`s: `limbs_below` holds with every
/// limb at its bound less one, and fails when any one limb of any lane reaches it
/// (a check that always held would leave those assertions asserting nothing).
#[test]
fn limbs_below_fails_at_the_bound() {
    assert_eq!(reduced_bound(0), (1 << 26) + (1 << 17));
    assert_eq!(reduced_bound(1), (1 << 25) + (1 << 17));
    let ok = limbs(reduced_bound, 3);
    assert!(limbs_below(&from_lane_limbs(ok).0, reduced_bound));
    for lane in 0..4 {
        for i in 0..10 {
            let mut l = ok;
            l[lane][i] = reduced_bound(i);
            assert!(
                !limbs_below(&from_lane_limbs(l).0, reduced_bound),
                "lane {lane}, limb {i}"
            );
        }
    }
}

/// The fixed-base walk on digit patterns no reduced scalar has (every digit at -8 or
/// 8, signs alternating from row to row and between the odd and even digits, long runs
/// of zeros, the top digits alone), on this CPU's AVX2 (with the limb bounds
/// `debug_assert!`ed in debug builds), against the serial backend.
#[test]
fn fixed_base_extreme_digits_agree_with_serial() {
    use crate::Point;
    use crate::backend::dispatch::run_serial;
    use crate::scalar_mul::fixed_base::MulBase;

    let Some(b) = detect() else {
        return;
    };
    for (n, pattern) in crate::testing::EXTREME_DIGIT_PATTERNS.iter().enumerate() {
        let digits: [i8; 64] = core::array::from_fn(pattern);
        let op = MulBase(&digits);
        let want = Point(run_serial(op)).to_bytes();
        assert_eq!(Point(run(b, op)).to_bytes(), want, "pattern {n}");
    }
}

/// The batches run in groups of four all but a last partial group of one or two.
#[cfg(feature = "alloc")]
#[test]
fn grouped_leaves_one_or_two_to_single_calls() {
    let got: [usize; 11] = core::array::from_fn(grouped);
    assert_eq!(got, [0, 0, 0, 3, 4, 4, 4, 7, 8, 8, 8]);
}
