//! Variable-time multiscalar multiplication on the eight-lane AVX-512 IFMA engine
//! (`backend::vector::ifma52x8::pippenger`: Pippenger with each lane owning a window),
//! used by [`Point::vartime_multiscalar_mul`](crate::Point::vartime_multiscalar_mul)
//! from [`THRESHOLD`] terms on, on CPUs whose CPUID reports AVX-512 F and IFMA (the
//! `ifma52x8::detect` token). Everything else keeps the four-lane path
//! (`multiscalar::VartimeMultiscalar`).
//!
//! The engine returns the w window sums Wⱼ; they are combined here as
//! Σⱼ 2^(c·j)·Wⱼ by Horner's rule (c doublings and one addition per window) on the
//! backend `dispatch::run` picks, the four-lane IFMA one on these CPUs.

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use crate::backend::vector::ifma52x8::{self, pippenger};
use crate::backend::{Op, PointBackend, dispatch};
use crate::models::Extended;
use crate::scalar_mul::double_times;

/// From this many terms on, the eight-lane engine replaces the four-lane Straus and
/// Pippenger. Measured: see `ifma52x8::pippenger::window_bits` and `BENCHMARKS.md`.
pub(crate) const THRESHOLD: usize = 64;

/// Σ sᵢ·Pᵢ on the eight-lane engine, when this CPU has it and there are at least
/// [`THRESHOLD`] terms; `None` otherwise.
///
/// Execution time depends on the inputs.
pub(crate) fn vartime_mul(
    scalars: &[Scalar],
    points: &[Extended<FieldElement>],
) -> Option<Extended<FieldElement>> {
    if scalars.len() < THRESHOLD {
        return None;
    }
    let token = ifma52x8::detect()?;
    let c = pippenger::window_bits(scalars.len());
    let sums = pippenger::window_sums(token, scalars, points, c);
    Some(dispatch::run(CombineWindows { sums: &sums, c }))
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
