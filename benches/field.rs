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
//! In each group, `FieldElement` is the public API (on x86-64 its 4×64 limbs, each
//! operation choosing MULX/ADX or the portable 4×64 code on a cached CPUID check). The
//! backends run the same chains through `FieldArith` with no check per operation:
//! `Fe51` (portable radix 2^51), `Fe64` (portable 4×64) and, where the CPU has BMI2 and
//! ADX, `Mulx` (what the group crate's scalar multiplications run), so all read side
//! by side.

use std::hint::black_box;

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use edwards25519::field::backend::{radix51::Fe51, radix64::Fe64};
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

// `Mulx<Checked>` is only operated on inside `rows`, which `field` calls for it only
// after `cpu_has_bmi2_adx()` returned true: the contract of `Checked`.
#[cfg(target_arch = "x86_64")]
use edwards25519_test_support::field::Checked;

/// The six chains on backend `F`, under benchmark id `id`.
fn rows<F: FieldArith>(c: &mut Criterion, id: &str) {
    let one = F::ONE;
    let two = black_box(one + one);
    let mut g = c.benchmark_group("Add");
    chain(&mut g, id, one, |x| x + two);
    g.finish();
    let mut g = c.benchmark_group("Multiply");
    chain(&mut g, id, one, |x| x * two);
    g.finish();
    let mut g = c.benchmark_group("Square");
    chain(&mut g, id, two, |x| x.square());
    g.finish();
    let mut g = c.benchmark_group("Invert");
    chain(&mut g, id, two, |x| x.invert());
    g.finish();
    let mut g = c.benchmark_group("Mult32");
    chain(&mut g, id, one, |x| x.mul32(0xaa42_aa42));
    g.finish();
    // Encoding is not a chain (its output is bytes): encode the same x every time, an
    // unreduced element (a product, as encoders see in practice).
    let x = black_box(two.invert() * two.invert());
    let mut g = c.benchmark_group("Bytes");
    g.bench_function(id, |b| b.iter(|| black_box(&x).to_bytes()));
    g.finish();
}

fn field(c: &mut Criterion) {
    eprintln!("public FieldElement runs: {}", backend::selected());
    rows::<FieldElement>(c, "FieldElement");
    rows::<Fe51>(c, "Fe51");
    rows::<Fe64>(c, "Fe64");
    #[cfg(target_arch = "x86_64")]
    if backend::cpu_has_bmi2_adx() {
        rows::<backend::x86_64::Mulx<Checked>>(c, "Mulx");
    }
}

criterion_group!(benches, field);
criterion_main!(benches);
