//! The eight-lane Straus against the serial backend, bit for bit (canonical encodings):
//! on the instruction model (any CPU) at small sizes and on the hardware (where CPUID
//! reports AVX-512 IFMA) at every size from 0 to 200 terms, so that every count of
//! points in the last group of eight and every lane-list length occurs; inputs mix
//! random terms with edge scalars (0, 1, -1, 2^k, 2^k - 1, 128-bit, all-ones bytes
//! reduced) and the identity, torsion and mixed-order points.

extern crate std;

use std::vec::Vec;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;
use edwards25519_test_support::SplitMix64;

use super::{
    CombineSlices, MIN_PRECOMPUTED_SPLIT, MIN_PRECOMPUTED_WIDE, precomputed_rows, vartime_mul,
    vartime_mul_wide, wide_rows,
};
use crate::Point;
use crate::backend::dispatch::run_serial;
use crate::backend::vector::ifma52x8::model::Model8;
use crate::backend::vector::ifma52x8::{detect, straus};
use crate::models::Extended;
use crate::scalar_mul::msm_test_inputs::{inputs, point};
use crate::scalar_mul::multiscalar::VartimeMultiscalar;

fn nafs(s: &[Scalar]) -> Vec<[i8; 256]> {
    s.iter().map(|x| x.vartime_non_adjacent_form(5)).collect()
}

/// The serial backend's variable-time sum.
fn serial(s: &[Scalar], p: &[Extended<FieldElement>]) -> [u8; 32] {
    Point(run_serial(VartimeMultiscalar {
        scalars: s,
        points: p,
    }))
    .to_bytes()
}

/// The engine's lane sums on the model, combined on the serial backend.
fn model(s: &[Scalar], p: &[Extended<FieldElement>]) -> [u8; 32] {
    let sched = straus::Schedule::new(&nafs(s));
    let sums = straus::sums::<Model8>(&sched, p);
    Point(run_serial(CombineSlices {
        sums: &sums,
        starts: sched.starts(),
    }))
    .to_bytes()
}

/// Small sizes on the model: an empty sum, partial and full groups of eight.
#[test]
fn small_sizes_agree_on_model() {
    for (k, n) in [0usize, 1, 7, 8, 9, 17].into_iter().enumerate() {
        let (s, p) = inputs(0x6a09_e667_f3bc_c908 ^ k as u64, n);
        assert_eq!(model(&s, &p), serial(&s, &p), "model, n = {n}");
    }
}

/// Edge inputs on the model and the hardware: all-zero scalars (no lane has a step),
/// single nonzero digits far apart, equal points (the table's doubling), small-order
/// points, small scalars only, and full scalars mixed with 128-bit ones.
#[test]
fn edge_inputs_agree_on_model_and_hardware() {
    let t4 = crate::point::order_four_point();
    let g = Point::GENERATOR;
    let two = |k: u32| {
        let mut b = [0u8; 32];
        b[k as usize / 8] = 1 << (k % 8);
        Scalar::from_bytes_mod_order(b)
    };
    let cases: Vec<(Vec<Scalar>, Vec<Point>)> = std::vec![
        (std::vec![Scalar::ZERO; 9], std::vec![g; 9]),
        (
            std::vec![two(31), two(32), two(63), two(252)],
            std::vec![g, t4, g + t4, -g]
        ),
        (std::vec![-Scalar::ONE, Scalar::ONE], std::vec![g, g]),
        (
            std::vec![Scalar::from(15u8); 8],
            std::vec![t4, t4.double(), Point::IDENTITY, t4, t4, g, g, g]
        ),
    ];
    // Small scalars only (most lanes own no position), and full scalars with 128-bit
    // ones (the batch verifier's mix: uneven slices).
    let mut rng = SplitMix64(0x9b05_688c_2b3e_6c1f);
    let mut cases = cases;
    cases.push((
        (1..=9u32).map(|i| Scalar::from(1000 * i)).collect(),
        (0..9).map(|_| point(&mut rng)).collect(),
    ));
    cases.push((
        (0..24)
            .map(|i| {
                if i % 3 == 0 {
                    Scalar::from_bytes_mod_order(rng.bytes())
                } else {
                    Scalar::from(u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
                }
            })
            .collect(),
        (0..24).map(|_| point(&mut rng)).collect(),
    ));
    for (k, (s, p)) in cases.into_iter().enumerate() {
        let p: Vec<Extended<FieldElement>> = p.iter().map(|x| x.0).collect();
        let want = serial(&s, &p);
        assert_eq!(model(&s, &p), want, "model, case {k}");
        if let Some(got) = vartime_mul(&s, &p) {
            assert_eq!(Point(got).to_bytes(), want, "hardware, case {k}");
        }
    }
}

/// Every size from 0 to 200 on the hardware in release builds (the sizes around the
/// multiples of 8 in debug builds), and the public entry point on the same inputs.
#[test]
fn sizes_up_to_200_agree_on_hardware() {
    if detect().is_none() {
        return;
    }
    let sizes: Vec<usize> = if cfg!(debug_assertions) {
        std::vec![0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 127, 128, 129, 200]
    } else {
        (0..=200).collect()
    };
    for n in sizes {
        let (s, p) = inputs(0xbb67_ae85_84ca_a73b ^ n as u64, n);
        let want = serial(&s, &p);
        assert_eq!(
            vartime_mul(&s, &p).map(|e| Point(e).to_bytes()),
            Some(want),
            "n = {n}"
        );
        let pts: Vec<Point> = p.iter().map(|e| Point(*e)).collect();
        assert_eq!(
            Point::vartime_multiscalar_mul(&s, &pts).to_bytes(),
            want,
            "public entry point, n = {n}"
        );
    }
}

fn wide_nafs(s: &[Scalar]) -> Vec<[i8; 256]> {
    s.iter().map(|x| x.vartime_non_adjacent_form(8)).collect()
}

/// The first `wide` terms over precomputed tables, the rest over tables built per call,
/// on the model, combined on the serial backend.
fn model_wide(s: &[Scalar], p: &[Extended<FieldElement>], wide: usize) -> [u8; 32] {
    let mut nafs = wide_nafs(&s[..wide]);
    nafs.extend(self::nafs(&s[wide..]));
    let sched = straus::Schedule::with_wide(&nafs, wide);
    let rows = straus::wide_rows_on::<Model8>(&p[..wide]);
    let sums = straus::sums_wide::<Model8>(&sched, &rows, &p[wide..]);
    Point(run_serial(CombineSlices {
        sums: &sums,
        starts: sched.starts(),
    }))
    .to_bytes()
}

/// The same on the hardware, through the entry `VartimePrecomputedMultiscalar` takes.
fn hardware_wide(s: &[Scalar], p: &[Extended<FieldElement>], wide: usize) -> Option<[u8; 32]> {
    let rows = wide_rows(&p[..wide])?;
    vartime_mul_wide(&rows, &wide_nafs(&s[..wide]), &nafs(&s[wide..]), &p[wide..])
        .map(|e| Point(e).to_bytes())
}

/// Precomputed (width-8) tables, alone and mixed with tables built per call, on the
/// model: empty, partial and full groups of eight on either side.
#[test]
fn wide_tables_agree_on_model() {
    for (k, (n, wide)) in [(0usize, 0usize), (1, 1), (3, 0), (7, 7), (9, 8), (12, 3)]
        .into_iter()
        .enumerate()
    {
        let (s, p) = inputs(0x510e_527f_ade6_82d1 ^ k as u64, n);
        assert_eq!(
            model_wide(&s, &p, wide),
            serial(&s, &p),
            "n = {n}, wide = {wide}"
        );
    }
}

/// Precomputed tables on the hardware at every size from 0 to 100 static terms (release
/// builds; the sizes around the multiples of 8 in debug builds), with 0, 1 and 9 terms
/// over per-call tables beside them; and the public type, which picks this engine
/// where `precomputed_rows` says it pays.
#[test]
fn wide_tables_agree_on_hardware() {
    if detect().is_none() {
        return;
    }
    let sizes: Vec<usize> = if cfg!(debug_assertions) {
        std::vec![0, 1, 7, 8, 9, 16, 17, 64, 65]
    } else {
        (0..=100).collect()
    };
    for wide in sizes {
        for extra in [0usize, 1, 9] {
            let n = wide + extra;
            let (s, p) = inputs(0x9b05_688c_2b3e_6c1f ^ (n << 8 | extra) as u64, n);
            let want = serial(&s, &p);
            assert_eq!(hardware_wide(&s, &p, wide), Some(want), "{wide} + {extra}");
            let pts: Vec<Point> = p.iter().map(|e| Point(*e)).collect();
            let pre = crate::VartimePrecomputedMultiscalar::new(&pts[..wide]);
            let got = if extra == 0 {
                pre.vartime_multiscalar_mul(&s)
            } else {
                pre.vartime_mixed_multiscalar_mul(&s[..wide], &s[wide..], &pts[wide..])
            };
            assert_eq!(got.to_bytes(), want, "public type, {wide} + {extra}");
        }
    }
}

/// `VartimePrecomputedMultiscalar` takes this engine's tables exactly from the threshold
/// for this CPU on, and never without the engine.
#[test]
fn precomputed_tables_from_the_threshold() {
    let min = if crate::backend::vector::wide::wide_registers_pay() {
        MIN_PRECOMPUTED_WIDE
    } else {
        MIN_PRECOMPUTED_SPLIT
    };
    let (_, p) = inputs(0x1f83_d9ab_fb41_bd6b, min);
    for n in [0, 1, min - 1, min] {
        let got = precomputed_rows(&p[..n]).map(|rows| rows.points());
        let want = (detect().is_some() && n >= min).then_some(n);
        assert_eq!(got, want, "n = {n}");
    }
}

/// Development timing (not a benchmark): the engine over the four-lane path, best of
/// 15 alternating rounds. `cargo test --release -p edwards25519-group --lib
/// straus8::tests::timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn timing() {
    use crate::backend::dispatch;
    if detect().is_none() {
        return;
    }
    for n in [8usize, 16, 24, 32, 48, 64, 96, 128, 160, 192, 256] {
        let (s, p) = inputs(0x3c6e_f372_fe94_f82b ^ n as u64, n);
        let (mut a, mut b) = (u128::MAX, u128::MAX);
        for _ in 0..15 {
            let t = std::time::Instant::now();
            core::hint::black_box(vartime_mul(&s, &p));
            a = a.min(t.elapsed().as_nanos());
            let t = std::time::Instant::now();
            core::hint::black_box(dispatch::run(VartimeMultiscalar {
                scalars: &s,
                points: &p,
            }));
            b = b.min(t.elapsed().as_nanos());
        }
        std::println!(
            "n = {n:4}: eight-lane {:8.1} µs, four-lane {:8.1} µs, ratio {:.3}",
            a as f64 / 1e3,
            b as f64 / 1e3,
            a as f64 / b as f64
        );
    }
}
