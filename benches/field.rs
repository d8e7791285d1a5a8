//! Field benchmarks under upstream Go's names: `Add`, `Multiply`, `Square`, `Invert`,
//! `Mult32` (upstream `field/fe_bench_test.go`) and `Bytes` (encoding to 32 bytes).
//!
//! The first five are dependent chains with upstream's inputs (x = 1, y = 2:
//! x = x + y, x = x·y; x = 2: x = x², x = 1/x; x = 1: x = x·0xaa42aa42), so each figure
//! is the latency of one operation. `Bytes` encodes the same unreduced x every time
//! (its output is bytes, so it cannot chain). Inputs pass through `black_box` so the
//! compiler cannot fold them; the closure returns x, which criterion black-boxes, so
//! the chain cannot be dropped.
//!
//! In each group, `FieldElement` is the public API (the operators use the portable
//! limb code; `invert` dispatches to the selected backend). When this CPU runs a
//! distinct fast backend (`backend::Fast`), the same chain runs on it through
//! `FieldArith`, so the two read side by side.

use std::hint::black_box;

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use edwards25519::field::{FieldArith, FieldElement, backend};

/// Runs `step` as a dependent chain from `x0`: x = step(x).
fn chain<T: Copy>(g: &mut BenchmarkGroup<'_, WallTime>, id: &str, x0: T, step: impl Fn(T) -> T) {
    let mut x = black_box(x0);
    g.bench_function(id, |b| {
        b.iter(|| {
            x = step(x);
            x
        })
    });
}

/// The benchmark id of the `backend::Fast` rows.
const FAST: &str = "backend::Fast";

/// Whether this CPU runs a fast backend distinct from the portable one.
fn fast_backend() -> bool {
    let fast = <backend::Fast as FieldArith>::BACKEND;
    backend::use_fast() && fast != <FieldElement as FieldArith>::BACKEND
}

fn field(c: &mut Criterion) {
    eprintln!(
        "field backend selected by dispatch: {}",
        backend::selected()
    );
    let one = FieldElement::ONE;
    let two = black_box(one + one);
    let fast = fast_backend();
    let f = |x: &FieldElement| <backend::Fast as FieldArith>::from_field(x);

    let mut g = c.benchmark_group("Add");
    chain(&mut g, "FieldElement", one, |x| x + two);
    if fast {
        let y = black_box(f(&two));
        chain(&mut g, FAST, f(&one), |x| x + y);
    }
    g.finish();

    let mut g = c.benchmark_group("Multiply");
    chain(&mut g, "FieldElement", one, |x| x * two);
    if fast {
        let y = black_box(f(&two));
        chain(&mut g, FAST, f(&one), |x| x * y);
    }
    g.finish();

    let mut g = c.benchmark_group("Square");
    chain(&mut g, "FieldElement", two, |x| x.square());
    if fast {
        chain(&mut g, FAST, f(&two), |x| {
            <backend::Fast as FieldArith>::square(&x)
        });
    }
    g.finish();

    let mut g = c.benchmark_group("Invert");
    chain(&mut g, "FieldElement", two, |x| x.invert());
    if fast {
        chain(&mut g, FAST, f(&two), |x| {
            <backend::Fast as FieldArith>::invert(&x)
        });
    }
    g.finish();

    let mut g = c.benchmark_group("Mult32");
    chain(&mut g, "FieldElement", one, |x| x.mul32(0xaa42_aa42));
    g.finish();

    // Encoding is not a chain (its output is bytes): encode the same x every time, an
    // unreduced element (a product, as encoders see in practice).
    let x = black_box(two.invert() * two.invert());
    let mut g = c.benchmark_group("Bytes");
    g.bench_function("FieldElement", |b| b.iter(|| black_box(&x).to_bytes()));
    if fast {
        let y = f(&x);
        g.bench_function(FAST, |b| {
            b.iter(|| <backend::Fast as FieldArith>::to_bytes(black_box(&y)))
        });
    }
    g.finish();
}

criterion_group!(benches, field);
criterion_main!(benches);
