//! Variable-time multiscalar multiplication of mid-size sums on the eight-lane AVX-512
//! IFMA engine (`backend::vector::ifma52x8::straus`: Straus with each lane owning a
//! 32-bit slice of every scalar), on CPUs whose CPUID reports AVX-512 F and IFMA (the
//! `ifma52x8::detect` token).
//!
//! The engine returns the eight lane sums Aₗ; they are combined here as
//! Σₗ 2^(32·l)·Aₗ by Horner's rule (`pippenger8::CombineWindows`: 224 doublings and
//! 7 additions) on the backend `dispatch::run` picks, the four-lane IFMA one on these
//! CPUs.
//!
//! [`Point::vartime_multiscalar_mul`](crate::Point::vartime_multiscalar_mul) (and so
//! the batch verifier) runs it from [`MIN_TERMS`] terms up to the eight-lane
//! Pippenger's threshold (`pippenger8::THRESHOLD`) where `ifma52x8::detect` holds.

use alloc::vec::Vec;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use crate::backend::dispatch;
use crate::backend::vector::ifma52x8::{self, straus};
use crate::models::Extended;
use crate::scalar_mul::pippenger8::CombineWindows;

/// From this many terms on (below `pippenger8::THRESHOLD`),
/// [`Point::vartime_multiscalar_mul`](crate::Point::vartime_multiscalar_mul) runs the
/// eight-lane Straus where the CPU has it.
pub(crate) const MIN_TERMS: usize = 16;

/// Σ sᵢ·Pᵢ on the eight-lane engine, when this CPU has it; `None` otherwise.
///
/// Execution time depends on the inputs.
pub(crate) fn vartime_mul(
    scalars: &[Scalar],
    points: &[Extended<FieldElement>],
) -> Option<Extended<FieldElement>> {
    debug_assert_eq!(scalars.len(), points.len());
    let token = ifma52x8::detect()?;
    let nafs: Vec<[i8; 256]> = scalars
        .iter()
        .map(|s| s.vartime_non_adjacent_form(5))
        .collect();
    let sched = straus::Schedule::new(&nafs);
    let sums = straus::lane_sums(token, &sched, points);
    Some(dispatch::run(CombineWindows {
        sums: &sums,
        c: straus::SLICE,
    }))
}

#[cfg(test)]
#[path = "straus8_tests.rs"]
mod tests;
