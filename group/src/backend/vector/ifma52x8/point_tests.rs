//! The eight-lane point formulas against the portable point arithmetic (`Point`'s
//! operators, the serial models), lane by lane, over the instruction model (any CPU:
//! every multiplier operand checked below 2^52) and, where CPUID reports AVX-512 IFMA,
//! over the hardware, which must agree with the model bit for bit. Inputs: the
//! identity, points of order 2 and 4, mixed-order points, and random points.

extern crate std;

use std::vec::Vec;

use edwards25519_field::FieldElement;

use super::super::model::Model8;
use super::super::{Lanes52, Zmm, detect};
use super::{Affine8, Point8, lane_mask};
use crate::models::Extended;
use crate::{Point, Scalar};
use edwards25519_test_support::SplitMix64;

type Limbs = [[u64; 8]; 5];
type Lanes = [Extended<FieldElement>; 8];

/// Identity, torsion and mixed-order points, then random multiples of B.
fn test_points(rng: &mut SplitMix64, n: usize) -> Vec<Point> {
    let t4 = crate::point::order_four_point();
    let t2 = t4.double();
    let mut v = std::vec![Point::IDENTITY, t2, t4, -t4, Point::GENERATOR];
    let minus_1 = -Scalar::ONE;
    for _ in 0..n {
        let mut b = [0u8; 32];
        for c in b.chunks_mut(8) {
            c.copy_from_slice(&rng.next_u64().to_le_bytes());
        }
        let p = Point::mul_base(&Scalar::from_bytes_mod_order(b));
        let r = rng.next_u64() % 8;
        v.push(match r {
            0 => p + t4,
            1 => p + t2,
            // -p + p + p = p, with Z far from 1.
            2 => p * minus_1 + p + p,
            _ => p,
        });
    }
    v
}

/// The operations under test on lanes (p, q): add, sub, add_affine, sub_affine, the
/// signed forms with an alternating mask, double, 3 doublings, select.
fn ops<L: Lanes52<Array = [u64; 8]>>(
    p: &Lanes,
    q: &Lanes,
    qa: &[crate::models::AffineCached<FieldElement>; 8],
) -> Vec<[Limbs; 4]> {
    let p8 = Point8::<L>::from_points(p);
    let q8 = Point8::<L>::from_points(q);
    let qc = q8.to_cached();
    let qa8 = Affine8::<L>::from_affine(qa);
    let alt = lane_mask(L::from_array(core::array::from_fn(|j| (j & 1) as u64)));
    [
        p8.add(&qc),
        p8.sub(&qc),
        p8.add_affine(&qa8),
        p8.sub_affine(&qa8),
        p8.add_cached_signed(&qc, alt),
        p8.add_affine_signed(&qa8, alt),
        p8.double(),
        p8.double_times(3),
        p8.select(&q8, alt),
        p8.add(&Point8::identity().to_cached())
            .add(&super::Cached8::identity())
            .add_affine(&Affine8::identity()),
    ]
    .iter()
    .map(|r| {
        [
            r.x.to_limb_arrays(),
            r.y.to_limb_arrays(),
            r.z.to_limb_arrays(),
            r.t.to_limb_arrays(),
        ]
    })
    .collect()
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn ops_zmm(
    p: &Lanes,
    q: &Lanes,
    qa: &[crate::models::AffineCached<FieldElement>; 8],
) -> Vec<[Limbs; 4]> {
    ops::<Zmm>(p, q, qa)
}

/// Lane j of an output as a portable point (checking the coordinates are reduced and
/// describe a point of the curve with T = XY/Z).
fn lane_point(r: &[Limbs; 4], j: usize) -> Point {
    const TOP4: u64 = (1 << 47) + (1 << 12);
    let f = |l: &Limbs| {
        let x: [u64; 5] = core::array::from_fn(|i| l[i][j]);
        assert!(x[..4].iter().all(|&v| v < 1 << 52) && x[4] < TOP4, "{x:x?}");
        super::super::limbs_to_field(x)
    };
    Point::from_extended_coordinates(f(&r[0]), f(&r[1]), f(&r[2]), f(&r[3]))
        .expect("a valid extended point")
}

#[test]
fn point_ops_agree_with_portable_and_hardware() {
    let mut rng = SplitMix64(0x3c6e_f372_fe94_f82b);
    let pts = test_points(&mut rng, if cfg!(debug_assertions) { 60 } else { 400 });
    let n = pts.len();
    let mut checked = 0;
    for shift in [1usize, 5] {
        for g in 0..n.div_ceil(8) {
            let pick =
                |s: usize| -> [Point; 8] { core::array::from_fn(|j| pts[(8 * g + j + s) % n]) };
            let (p, q) = (pick(0), pick(shift));
            let pe: Lanes = p.map(|x| x.0);
            let qe: Lanes = q.map(|x| x.0);
            let qa = qe.map(|x| x.to_affine_cached());
            let model = ops::<Model8>(&pe, &qe, &qa);
            if detect().is_some() {
                // SAFETY: `detect` reported the features `ops_zmm` enables.
                let hw = unsafe { ops_zmm(&pe, &qe, &qa) };
                assert_eq!(hw, model, "hardware and model disagree");
            }
            for j in 0..8 {
                let (a, b) = (p[j], q[j]);
                let odd = j & 1 == 1;
                let want = [
                    a + b,
                    a - b,
                    a + b,
                    a - b,
                    if odd { a - b } else { a + b },
                    if odd { a - b } else { a + b },
                    a.double(),
                    a.double().double().double(),
                    if odd { b } else { a },
                    a,
                ];
                for (k, w) in want.iter().enumerate() {
                    assert_eq!(lane_point(&model[k], j), *w, "op {k}, lane {j}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 2 * n);
}

/// Eight portable points in, the same eight out.
#[test]
fn conversions_round_trip() {
    let mut rng = SplitMix64(0x1f83_d9ab_fb41_bd6b);
    let pts = test_points(&mut rng, 27);
    for chunk in pts.chunks_exact(8) {
        let e: Lanes = core::array::from_fn(|j| chunk[j].0);
        let back = Point8::<Model8>::from_points(&e).to_points();
        for j in 0..8 {
            assert_eq!(Point(back[j]), chunk[j]);
            assert_eq!(
                Point(Point8::<Model8>::splat(&e[j]).to_points()[7 - j]),
                chunk[j]
            );
        }
    }
}
