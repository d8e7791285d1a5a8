//! Every vector backend against the serial one, bit for bit (the canonical encodings of
//! the results), on random and edge inputs: the IFMA code through the instruction
//! model on any CPU and through the real instructions where this CPU has them; the
//! AVX2 code where this CPU has it.
//!
//! Case counts: `EDWARDS25519_BACKEND_CASES` per single-point operation (default
//! 100,000 in optimized builds, 200 in debug builds); multiscalar sizes get a tenth to
//! a hundredth of that, as their cost grows with the number of terms.

extern crate std;

use alloc::vec::Vec;
use edwards25519_field::FieldElement;

use crate::backend::Op;
use crate::backend::dispatch::run_serial;
use crate::backend::vector::avx2;
use crate::backend::vector::ifma::{self, model};
use crate::backend::vector::ifma52;
use crate::scalar_mul::fixed_base::MulBase;
use crate::scalar_mul::multiscalar::{Straus, VartimeMultiscalar};
use crate::scalar_mul::variable_base::ScalarMult;
use crate::scalar_mul::vartime_double_base::VartimeDoubleBase;
use crate::{Point, Scalar};

fn cases() -> usize {
    edwards25519_test_support::cases_or_env("EDWARDS25519_BACKEND_CASES", 200, 100_000)
}

/// xorshift64*, seeded per test: reproducible inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        for chunk in out.chunks_mut(8) {
            let x = self.next().to_le_bytes();
            chunk.copy_from_slice(&x[..chunk.len()]);
        }
        out
    }

    /// One in eight an edge scalar (0, 1, -1, 2^k, 2^k - 1, digits at their
    /// extremes), else uniform.
    fn scalar(&mut self) -> Scalar {
        let r = self.next();
        match r % 64 {
            0 => Scalar::ZERO,
            1 => Scalar::ONE,
            2 => -Scalar::ONE,
            3..=5 => {
                let mut b = [0u8; 32];
                let k = (r >> 8) as usize % 253;
                b[k / 8] = 1 << (k % 8);
                let s = Scalar::from_bytes_mod_order(b);
                if r & 1 << 20 == 0 { s } else { s - Scalar::ONE }
            }
            6 => Scalar::from_bytes_mod_order([0x88; 32]),
            7 => Scalar::from_bytes_mod_order([0x77; 32]),
            _ => Scalar::from_bytes_mod_order_wide(&self.bytes()),
        }
    }

    /// A point of the prime-order subgroup, sometimes with a torsion component or the
    /// identity itself.
    fn point(&mut self) -> Point {
        let r = self.next();
        let p = Point::mul_base(&Scalar::from_bytes_mod_order_wide(&self.bytes()));
        let t4 = crate::point::order_four_point();
        match r % 16 {
            0 => Point::IDENTITY,
            1 => t4,
            2 | 3 => p + t4,
            4..=6 => unreduced(&p),
            _ => p,
        }
    }
}

/// The same point with every coordinate raised by p (x + p = x): radix-2^51 limbs up to
/// 2^52 - 20, the largest the portable representation may hold. On x86-64 the public
/// element stores 4×64-bit words, so this becomes a value in [p, 2p) there (the MULX
/// serial backend's non-canonical inputs), and the vector backends still receive limbs
/// below 2^51 + 19: their conversions' carries are tested on their own
/// (`ifma::tests::carry_limbs_keeps_the_value`, `avx2::tests::split_keeps_the_value`).
fn unreduced(p: &Point) -> Point {
    const P: [u64; 5] = [
        (1 << 51) - 19,
        (1 << 51) - 1,
        (1 << 51) - 1,
        (1 << 51) - 1,
        (1 << 51) - 1,
    ];
    let raise = |x: &FieldElement| {
        let canonical = FieldElement::from_bytes(&x.to_bytes()).limbs();
        let l: [u64; 5] = core::array::from_fn(|i| canonical[i] + P[i]);
        FieldElement::from_limbs(l).expect("limbs below 2^52")
    };
    let e = &p.0;
    Point::from_extended_coordinates(raise(&e.x), raise(&e.y), raise(&e.z), raise(&e.t))
        .expect("the same point")
}

/// Runs `op` on the serial backend, the IFMA model and, where this CPU has them, the
/// IFMA and AVX2 instructions, and asserts that the encodings agree.
fn agree<O: Op<Output = crate::models::Extended<FieldElement>> + Copy>(op: O, what: &str) {
    let want = Point(run_serial(op)).to_bytes();
    let modelled = Point(op.run(model::backend())).to_bytes();
    assert_eq!(modelled, want, "{what}: IFMA model differs from serial");
    if let Some(b) = ifma::detect() {
        let real = Point(ifma::run(b, op)).to_bytes();
        assert_eq!(real, want, "{what}: IFMA differs from serial");
    }
    let modelled52 = Point(op.run(ifma52::model_backend())).to_bytes();
    assert_eq!(
        modelled52, want,
        "{what}: radix-2^52 IFMA model differs from serial"
    );
    if let Some(b) = ifma52::detect() {
        let real = Point(ifma52::run(b, op)).to_bytes();
        assert_eq!(real, want, "{what}: radix-2^52 IFMA differs from serial");
    }
    if let Some(b) = avx2::detect() {
        let got = Point(avx2::run(b, op)).to_bytes();
        assert_eq!(got, want, "{what}: AVX2 differs from serial");
    }
}

#[test]
fn scalar_mult() {
    let mut rng = Rng(0x5ca1_ab1e_0000_0001);
    for i in 0..cases() {
        let p = rng.point();
        let digits = rng.scalar().as_radix_16();
        agree(
            ScalarMult {
                point: &p.0,
                digits: &digits,
            },
            &std::format!("ScalarMult {i}"),
        );
    }
}

#[test]
fn scalar_base_mult() {
    let mut rng = Rng(0x5ca1_ab1e_0000_0002);
    for i in 0..cases() {
        let digits = rng.scalar().as_radix_16();
        agree(MulBase(&digits), &std::format!("ScalarBaseMult {i}"));
    }
}

#[test]
fn vartime_double_base() {
    let mut rng = Rng(0x5ca1_ab1e_0000_0003);
    for i in 0..cases() {
        let a = rng.point();
        let a_naf = rng.scalar().vartime_non_adjacent_form(5);
        let b_naf = rng.scalar().vartime_non_adjacent_form(8);
        let op = VartimeDoubleBase {
            a_naf: &a_naf,
            a: &a.0,
            b_naf: &b_naf,
        };
        agree(op, &std::format!("VarTimeDoubleScalarBaseMult {i}"));
    }
}

/// Every size class: Straus (constant time and vartime) from 0 to 64 terms, Pippenger
/// at and past its crossover.
#[test]
fn multiscalar() {
    let mut rng = Rng(0x5ca1_ab1e_0000_0004);
    let sizes: &[(usize, usize)] = &[
        (0, 1),
        (1, 10),
        (2, 10),
        (3, 20),
        (8, 50),
        (33, 200),
        (64, 500),
        (256, 2_000),
        (300, 5_000),
        (1024, 20_000),
    ];
    for &(n, divisor) in sizes {
        for i in 0..(cases() / divisor).max(2) {
            let scalars: Vec<Scalar> = (0..n).map(|_| rng.scalar()).collect();
            let points: Vec<_> = (0..n).map(|_| rng.point().0).collect();
            let digits: Vec<[i8; 64]> = scalars.iter().map(Scalar::as_radix_16).collect();
            if n <= 64 {
                let op = Straus {
                    digits: &digits,
                    points: &points,
                };
                agree(op, &std::format!("Straus n={n} {i}"));
            }
            let op = VartimeMultiscalar {
                scalars: &scalars,
                points: &points,
            };
            agree(op, &std::format!("vartime multiscalar n={n} {i}"));
        }
    }
}
