//! Variable-time multiscalar multiplication of mid-size sums on the eight-lane AVX-512
//! IFMA engine (`backend::vector::ifma52x8::straus`: Straus with each lane owning a
//! slice of every scalar), on CPUs whose CPUID reports AVX-512 F and IFMA (the
//! `ifma52x8::detect` token).
//!
//! The engine returns the eight lane sums Aₗ and the lowest position of each lane's
//! slice; they are combined here as Σₗ 2^starts\[l\]·Aₗ by Horner's rule
//! ([`CombineSlices`]: about 220 doublings and 7 additions) on the four-lane IFMA
//! backend (`dispatch::run_without_avx2`, as `pippenger8` combines its windows).
//!
//! [`Point::vartime_multiscalar_mul`](crate::Point::vartime_multiscalar_mul) (and so
//! the batch verifier) runs it from [`MIN_TERMS`] terms up to the eight-lane
//! Pippenger's threshold (`pippenger8::THRESHOLD`) where `ifma52x8::detect` holds.

use alloc::vec::Vec;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use crate::backend::vector::ifma52x8::{self, straus};
use crate::backend::{Op, PointBackend, dispatch};
use crate::models::Extended;
use crate::scalar_mul::double_times;

/// From this many terms on (below `pippenger8::THRESHOLD`),
/// [`Point::vartime_multiscalar_mul`](crate::Point::vartime_multiscalar_mul) runs the
/// eight-lane Straus where the CPU has it.
///
/// From the development timing loop (`tests::timing`: best of 15 alternating rounds,
/// this engine over the four-lane Straus of `dispatch::run`, cargo's default build,
/// AMD EPYC Zen 4): 1.18 at 16 terms, 1.05 at 32, 1.01 at 48, 0.96 at 64, 0.93 at 96,
/// 0.90 at 128, 0.89 at 160. The same-run A/B driver (`scripts/before_after.sh --runs
/// 3`, against the four-lane path) gives 0.97 (`-C target-cpu=native`) and 0.95 (LTO)
/// at 64 terms, and 0.92 and 0.88 for VerifyBatch/64 (a sum of 129 terms).
pub(crate) const MIN_TERMS: usize = 64;

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
    let nafs: Vec<[i8; 256]> = scalars
        .iter()
        .map(|s| s.vartime_non_adjacent_form(5))
        .collect();
    let sched = straus::Schedule::new(&nafs);
    let sums = straus::lane_sums(token, &sched, points);
    Some(dispatch::run_without_avx2(CombineSlices {
        sums: &sums,
        starts: sched.starts(),
    }))
}

/// Σₗ 2^starts\[l\]·Aₗ (`starts` nondecreasing, `starts[0] = 0`) as a backend
/// operation, by Horner's rule from the top lane: starts\[7\] doublings in all and 7
/// additions.
#[derive(Clone, Copy)]
pub(crate) struct CombineSlices<'a> {
    pub(crate) sums: &'a [Extended<FieldElement>; 8],
    pub(crate) starts: &'a [usize; 8],
}

impl Op for CombineSlices<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        let mut acc = b.from_point(&self.sums[7]);
        for l in (0..7).rev() {
            let k = self.starts[l + 1] - self.starts[l];
            if k > 0 {
                acc = b.to_extended(&double_times(b, &acc, k));
            }
            let s = b.to_cached(&b.from_point(&self.sums[l]));
            acc = b.to_extended(&b.add(&acc, &s));
        }
        b.to_point(&acc)
    }
}

#[cfg(test)]
#[path = "straus8_tests.rs"]
mod tests;
