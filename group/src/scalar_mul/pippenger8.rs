//! Variable-time multiscalar multiplication on the eight-lane AVX-512 IFMA engine
//! (`backend::vector::ifma52x8::pippenger`: Pippenger with each lane owning a window),
//! on CPUs whose CPUID reports AVX-512 F and IFMA (the `ifma52x8::detect` token).
//!
//! The engine returns the w window sums Wⱼ; they are combined here as
//! Σⱼ 2^(c·j)·Wⱼ by Horner's rule (c doublings and one addition per window) on the
//! four-lane IFMA backend (`dispatch::run_without_avx2`).
//!
//! [`Point::vartime_multiscalar_mul`](crate::Point::vartime_multiscalar_mul) (and so
//! the batch verifier) runs it from [`THRESHOLD`] terms on, where
//! `ifma52x8::detect` holds; below, and on other CPUs, the four-lane or serial path
//! of `dispatch::run`.
//!
//! Where its time goes at 1,024 terms (c = 8: 32 windows, four passes of 1,024
//! eight-lane mixed additions and 128 slot additions), from `perf` and timings on
//! the AMD EPYC Zen 4 (`-C target-cpu=native`): the multiplier instructions
//! (`vpmadd52luq`/`huq`) are 40% of the samples of the function holding the step
//! loop and the slot sums, the 8×8 transpositions and the masked stores a few percent
//! each; the digits take about 45 µs of 950 µs, the schedule (a counting sort per
//! pass) about a tenth, the affine conversion and the Horner combination of the window
//! sums (four-lane backend) about 20 µs each.

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use crate::backend::vector::ifma52x8::{self, pippenger};
use crate::backend::{Op, PointBackend, dispatch};
use crate::models::Extended;
use crate::scalar_mul::double_times;

/// From this many terms on, [`Point::vartime_multiscalar_mul`](crate::Point::vartime_multiscalar_mul)
/// runs the eight-lane engine where the CPU has it.
///
/// Chosen from a development timing loop (best of 15, random terms, `-C
/// target-cpu=native`, AMD EPYC Zen 4), eight-lane over four-lane (`dispatch::run`:
/// Straus below 256 terms, Pippenger from there): 1.34 at 64 terms, 1.11 at 128, 0.93
/// at 192, 0.86 at 512, 0.81 at 1,024, 0.88 at 2,048, so the crossover is between 128
/// and 192. The same-run A/B driver (`scripts/before_after.sh --runs 3`, this engine
/// against the four-lane path) gives 0.90 (native) and 0.86 (LTO) at 256 terms, 0.77
/// and 0.73 at 1,024.
pub(crate) const THRESHOLD: usize = 192;

/// Σ sᵢ·Pᵢ on the eight-lane engine, when this CPU has it; `None` otherwise.
///
/// Execution time depends on the inputs.
#[inline]
pub(crate) fn vartime_mul(
    scalars: &[Scalar],
    points: &[Extended<FieldElement>],
) -> Option<Extended<FieldElement>> {
    debug_assert_eq!(scalars.len(), points.len());
    let token = ifma52x8::detect()?;
    let c = pippenger::window_bits(scalars.len());
    let sums = pippenger::window_sums(token, scalars, points, c);
    Some(dispatch::run_without_avx2(CombineWindows {
        sums: &sums,
        c,
    }))
}

/// Σⱼ 2^(c·j)·Wⱼ as a backend operation (`sums` lowest window first, not empty).
#[derive(Clone, Copy)]
pub(crate) struct CombineWindows<'a> {
    pub(crate) sums: &'a [Extended<FieldElement>],
    pub(crate) c: usize,
}

impl Op for CombineWindows<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        let w = self.sums.len();
        if w == 0 {
            return b.to_point(&b.identity());
        }
        let mut acc = b.from_point(&self.sums[w - 1]);
        for j in (0..w - 1).rev() {
            let shifted = b.to_extended(&double_times(b, &acc, self.c));
            let s = b.to_cached(&b.from_point(&self.sums[j]));
            acc = b.to_extended(&b.add(&shifted, &s));
        }
        b.to_point(&acc)
    }
}

#[cfg(test)]
#[path = "pippenger8_tests.rs"]
mod tests;
