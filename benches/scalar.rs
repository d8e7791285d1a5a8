//! Scalar benchmarks, named as upstream Go's (`scalar_test.go`): `ScalarAddition`,
//! `ScalarMultiplication`, `ScalarInversion`, plus `FromUniformBytes`
//! (`Scalar::from_bytes_mod_order_wide`, upstream `SetUniformBytes`, which every
//! Ed25519 signature and verification runs on a SHA-512 output).
//!
//! Inputs pass through `black_box`; the arithmetic ones are dependent chains
//! (x = x + y, x = x·y, x = 1/x), so each figure is one operation's latency.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use edwards25519_scalar::Scalar;

fn scalar(c: &mut Criterion) {
    let mut wide = [0u8; 64];
    for (i, b) in wide.iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(151).wrapping_add(7);
    }
    let x0 = Scalar::from_bytes_mod_order_wide(&wide);
    let y = black_box(Scalar::from_bytes_mod_order_wide(&[0xa5; 64]));

    let mut x = black_box(x0);
    c.bench_function("ScalarAddition", |b| {
        b.iter(|| {
            x += y;
            x
        })
    });

    let mut x = black_box(x0);
    c.bench_function("ScalarMultiplication", |b| {
        b.iter(|| {
            x *= y;
            x
        })
    });

    let mut x = black_box(x0);
    c.bench_function("ScalarInversion", |b| {
        b.iter(|| {
            x = x.invert();
            x
        })
    });

    c.bench_function("FromUniformBytes", |b| {
        b.iter(|| Scalar::from_bytes_mod_order_wide(black_box(&wide)))
    });
}

criterion_group!(benches, scalar);
criterion_main!(benches);
