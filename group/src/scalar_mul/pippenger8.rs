//! Variable-time multiscalar multiplication on the eight-lane AVX-512 IFMA engine
//! (`backend::vector::ifma52x8::pippenger`: Pippenger with each lane owning a window),
//! on CPUs whose CPUID reports AVX-512 F and IFMA (the `ifma52x8::detect` token).
//!
//! The engine returns the w window sums Wⱼ; they are combined here as
//! Σⱼ 2^(c·j)·Wⱼ by Horner's rule (c doublings and one addition per window) on the
//! backend `dispatch::run` picks, the four-lane IFMA one on these CPUs.
//!
//! **Not wired into [`Point::vartime_multiscalar_mul`](crate::Point::vartime_multiscalar_mul)
//! yet**: on the Zen 4 development machine it is not faster than the four-lane Straus
//! and Pippenger at any size from 64 to 2,048 terms. Where its time goes (1,024 terms,
//! c = 8): about half in the bucket additions themselves, about a third in the 20
//! gathers and 20 scatters per addition (Zen 4 runs `vpgatherqq`/`vpscatterqq` zmm as
//! long microcode sequences), a tenth in the affine conversion of the points on the
//! portable field, and the rest in the running sums. The next steps are bucket reads
//! and writes without gathers (contiguous per-lane loads and an 8×20 transpose) and the
//! affine conversion on eight lanes. Until then it is built and tested (against the
//! serial backend and curve25519-dalek) but only the tests call it.

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use crate::backend::vector::ifma52x8::{self, pippenger};
use crate::backend::{Op, PointBackend, dispatch};
use crate::models::Extended;
use crate::scalar_mul::double_times;

/// From this many terms on, [`Point::vartime_multiscalar_mul`](crate::Point::vartime_multiscalar_mul)
/// runs the eight-lane engine where the CPU has it.
///
/// Measured against the four-lane path (`dispatch::run`: Straus below 256 terms,
/// Pippenger from there), best of 15, random terms, `-C target-cpu=native`, AMD EPYC
/// Zen 4: eight-lane over four-lane 1.34 at 64 terms, 1.11 at 128, 0.93 at 192, 0.86
/// at 512, 0.81 at 1,024, 0.88 at 2,048. The crossover is between 128 and 192.
pub(crate) const THRESHOLD: usize = 192;

/// Σ sᵢ·Pᵢ on the eight-lane engine, when this CPU has it; `None` otherwise.
///
/// Execution time depends on the inputs.
pub(crate) fn vartime_mul(
    scalars: &[Scalar],
    points: &[Extended<FieldElement>],
) -> Option<Extended<FieldElement>> {
    debug_assert_eq!(scalars.len(), points.len());
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
