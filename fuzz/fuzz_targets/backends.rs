//! Every point backend this CPU runs (serial over the portable and the fast field
//! limbs, AVX2, AVX-512 IFMA where present, and the IFMA code over its instruction
//! model on any x86-64 CPU) gives the same point for fuzzed scalars and points, in each
//! top-level operation; the serial result also equals the public API's. The model
//! asserts every multiplication operand is below 2^52, so fuzzed inputs also test the
//! IFMA field's limb bounds, which the real instruction would silently truncate.
#![no_main]

use edwards25519::{Point, Scalar};
use edwards25519_fuzz::{Input, torsion};
use edwards25519_group::backend::fuzzing::Backend;
use libfuzzer_sys::fuzz_target;

/// A scalar: 32 bytes reduced, or one of the edge values (0, 1, -1, 2^k) by the tag.
fn scalar(input: &mut Input<'_>) -> Scalar {
    let tag = input.byte();
    let bytes = input.take::<32>();
    match tag % 8 {
        0 => Scalar::ZERO,
        1 => -Scalar::ONE,
        2 => Scalar::from(1u128 << (bytes[0] % 128)),
        _ => Scalar::from_bytes_mod_order(bytes),
    }
}

/// A point: the fuzzed bytes decoded when they are a point (any order), else a
/// multiple of B plus a small-order component.
fn point(input: &mut Input<'_>) -> Point {
    let tag = input.byte();
    let bytes = input.take::<32>();
    match Point::from_bytes(&bytes) {
        Ok(p) if tag & 1 == 0 => p,
        _ => Point::mul_base(&Scalar::from_bytes_mod_order(bytes)) + torsion(tag >> 1),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let op = input.byte();
    let backends = Backend::available();
    let run = |f: &dyn Fn(Backend) -> Option<Point>| -> Point {
        let want = f(Backend::Serial).expect("serial always runs");
        for &b in &backends {
            let got = f(b).expect("available");
            assert_eq!(got.to_bytes(), want.to_bytes(), "{b:?} differs from serial");
        }
        want
    };
    match op % 5 {
        0 => {
            let (p, s) = (point(&mut input), scalar(&mut input));
            let got = run(&|b| b.scalar_mul(&p, &s));
            assert_eq!(got, p * s);
        }
        1 => {
            let s = scalar(&mut input);
            let got = run(&|b| b.mul_base(&s));
            assert_eq!(got, Point::mul_base(&s));
        }
        2 => {
            let (a, p, s) = (scalar(&mut input), point(&mut input), scalar(&mut input));
            let got = run(&|b| b.vartime_double_scalar_mul_basepoint(&a, &p, &s));
            assert_eq!(got, Point::vartime_double_scalar_mul_basepoint(&a, &p, &s));
        }
        k => {
            let n = usize::from(input.byte() % 9);
            let mut scalars = Vec::with_capacity(n);
            let mut points = Vec::with_capacity(n);
            for _ in 0..n {
                scalars.push(scalar(&mut input));
                points.push(point(&mut input));
            }
            if k == 3 {
                let got = run(&|b| b.multiscalar_mul(&scalars, &points));
                assert_eq!(got, Point::multiscalar_mul(&scalars, &points));
            } else {
                let got = run(&|b| b.vartime_multiscalar_mul(&scalars, &points));
                assert_eq!(got, Point::vartime_multiscalar_mul(&scalars, &points));
            }
        }
    }
});
