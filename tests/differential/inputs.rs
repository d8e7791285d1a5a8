//! Inputs, built on each side independently: scalars weighted toward edges, and point
//! walks summed with each library's own additions.

use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::{EdwardsPoint, Scalar as DScalar};
use edwards25519::{Point, Scalar};
use rand::RngExt;
use rand::rngs::StdRng;

use crate::common;

/// l, little-endian.
pub(crate) const L: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// Little-endian a + b (mod 2^256).
pub(crate) fn add_small(mut a: [u8; 32], b: u64) -> [u8; 32] {
    let mut carry = u128::from(b);
    for x in a.iter_mut() {
        let t = u128::from(*x) + carry;
        *x = t as u8;
        carry = t >> 8;
    }
    a
}

/// Little-endian a - b (mod 2^256).
pub(crate) fn sub_small(mut a: [u8; 32], b: u64) -> [u8; 32] {
    let mut borrow = i128::from(b);
    for x in a.iter_mut() {
        let t = i128::from(*x) - borrow;
        *x = t.rem_euclid(256) as u8;
        borrow = -t.div_euclid(256);
    }
    a
}

/// 32 bytes for a scalar decoder: mostly uniform, one in 4 an edge value (near 0, l,
/// 2^252, 2^253, 2^256, or a short value).
pub(crate) fn scalar_bytes(rng: &mut StdRng) -> [u8; 32] {
    if rng.random_range(0..4) != 0 {
        return rng.random();
    }
    let small = rng.random_range(0..64u64);
    match rng.random_range(0..9) {
        0 => add_small([0; 32], small),
        1 => add_small(L, small),
        2 => sub_small(L, small + 1),
        3 => {
            let mut b = [0; 32];
            b[31] = 0x10;
            sub_small(b, small)
        }
        4 => {
            let mut b = [0; 32];
            b[31] = 0x20;
            sub_small(b, small)
        }
        5 => sub_small([0; 32], small + 1),
        6 => {
            let mut b = [0; 32];
            b[..8].copy_from_slice(&rng.random::<[u8; 8]>());
            b
        }
        7 => {
            let mut b = [0; 32];
            b[..16].copy_from_slice(&rng.random::<[u8; 16]>());
            b
        }
        _ => {
            // Below 2^253: about half of these are below l.
            let mut b: [u8; 32] = rng.random();
            b[31] &= 0x1f;
            b
        }
    }
}

/// The same scalar on both sides, each reducing the same bytes.
pub(crate) fn scalar_pair(rng: &mut StdRng) -> (Scalar, DScalar) {
    let b = scalar_bytes(rng);
    (
        Scalar::from_bytes_mod_order(b),
        DScalar::from_bytes_mod_order(b),
    )
}

/// Whether our point and dalek's are the same (same canonical encoding).
pub(crate) fn same(ours: &Point, theirs: &EdwardsPoint) -> bool {
    ours.to_bytes() == theirs.compress().to_bytes()
}

/// Random points with torsion components, each side summing with its own additions.
pub(crate) struct Points {
    /// j·T for a point T of order 8, j = 0..8.
    torsion: Vec<(Point, EdwardsPoint)>,
    /// s·B + j·T for random s and j.
    steps: Vec<(Point, EdwardsPoint)>,
    current: (Point, EdwardsPoint),
    calls: u64,
}

impl Points {
    pub(crate) fn new(rng: &mut StdRng) -> Points {
        let t_bytes = common::order_8_point().to_bytes();
        let t = Point::from_bytes(&t_bytes).expect("order-8 point");
        let dt = CompressedEdwardsY(t_bytes)
            .decompress()
            .expect("dalek decodes T");
        let mut torsion = vec![];
        let (mut acc, mut dacc) = (Point::IDENTITY, EdwardsPoint::default());
        for _ in 0..8 {
            torsion.push((acc, dacc));
            acc += t;
            dacc += dt;
        }
        assert!(same(&acc, &dacc) && acc.is_identity(), "8·T");
        let mut points = Points {
            torsion,
            steps: vec![],
            current: (Point::IDENTITY, EdwardsPoint::default()),
            calls: 0,
        };
        for _ in 0..16 {
            let step = points.fresh_step(rng);
            points.steps.push(step);
        }
        points
    }

    /// s·B + j·T on each side.
    pub(crate) fn fresh_step(&self, rng: &mut StdRng) -> (Point, EdwardsPoint) {
        let (s, ds) = scalar_pair(rng);
        let (t, dt) = self.torsion[rng.random_range(0..8)];
        (Point::mul_base(&s) + t, EdwardsPoint::mul_base(&ds) + dt)
    }

    /// The next point: one in 32 a torsion point alone, else the walk's next point (the
    /// running sum plus a random step, sometimes plus a torsion point).
    pub(crate) fn next(&mut self, rng: &mut StdRng) -> (Point, EdwardsPoint) {
        self.calls += 1;
        // Refresh one step now and then, so the walk does not stay in a small lattice.
        if self.calls.is_multiple_of(512) {
            let i = rng.random_range(0..self.steps.len());
            self.steps[i] = self.fresh_step(rng);
        }
        if rng.random_range(0..32) == 0 {
            return self.torsion[rng.random_range(0..8)];
        }
        let (s, ds) = self.steps[rng.random_range(0..self.steps.len())];
        let (p, dp) = &mut self.current;
        *p += s;
        *dp += ds;
        if rng.random_range(0..4) == 0 {
            let (t, dt) = self.torsion[rng.random_range(0..8)];
            *p += t;
            *dp += dt;
        }
        let pair = (*p, *dp);
        assert!(
            same(&pair.0, &pair.1),
            "walk: our sum {:?} vs dalek {:02x?}",
            pair.0,
            pair.1.compress().to_bytes()
        );
        pair
    }
}
