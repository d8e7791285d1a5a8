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
//! [`VartimePrecomputedMultiscalar`](crate::VartimePrecomputedMultiscalar) runs it over
//! its width-8 tables, kept as the engine's rows ([`precomputed_rows`],
//! [`vartime_mul_wide`]).

use alloc::vec::Vec;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use crate::backend::vector::ifma52x8::{self, straus};
use crate::backend::vector::wide;
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

/// From this many static points on, [`VartimePrecomputedMultiscalar`] builds the
/// eight-lane engine's tables ([`straus::WideRows`]) and runs its sums on this engine,
/// where 512-bit multiply-adds run near the 256-bit rate (`wide::wide_registers_pay`).
///
/// From the development timing loop (`precomputed::tests::timing`: best of 15
/// alternating rounds, static terms only, this engine over the four-lane IFMA backend's
/// width-8 tables, cargo's default release build, the Intel Xeon reporting family 6
/// model 167): 1.61 at 4 points, 1.35 at 8, 1.12 at 12, 1.01 at 16, 0.92 at 24, 0.88 at
/// 32, 0.74 at 48, 0.68 at 64, 0.64 at 128, 0.50 at 256.
///
/// [`VartimePrecomputedMultiscalar`]: crate::VartimePrecomputedMultiscalar
const MIN_PRECOMPUTED_WIDE: usize = 20;

/// [`MIN_PRECOMPUTED_WIDE`] where a 512-bit instruction is split in two (AMD Zen 4).
/// Not measured there: estimated from that CPU's profile of the plain engine (module
/// [`straus`]'s docs: a step costs about six four-lane additions), by which the
/// engine's width-8 sums of 64 terms take about the four-lane backend's time.
const MIN_PRECOMPUTED_SPLIT: usize = 64;

/// The eight-lane engine's tables of `points` for [`VartimePrecomputedMultiscalar`],
/// when this CPU has the engine and `points` are enough for it to pay (above); `None`
/// otherwise.
///
/// [`VartimePrecomputedMultiscalar`]: crate::VartimePrecomputedMultiscalar
#[inline]
pub(crate) fn precomputed_rows(points: &[Extended<FieldElement>]) -> Option<straus::WideRows> {
    let token = ifma52x8::detect()?;
    let min = if wide::wide_registers_pay() {
        MIN_PRECOMPUTED_WIDE
    } else {
        MIN_PRECOMPUTED_SPLIT
    };
    (points.len() >= min).then(|| straus::wide_rows(token, points))
}

/// The eight-lane engine's tables of `points` (width-8 NAF digits), whatever their
/// number, when this CPU has the engine.
#[cfg(test)]
pub(crate) fn wide_rows(points: &[Extended<FieldElement>]) -> Option<straus::WideRows> {
    Some(straus::wide_rows(ifma52x8::detect()?, points))
}

/// Σ sᵢ·Pᵢ + Σ tₖ·Qₖ on the eight-lane engine: the static points Pᵢ with their
/// precomputed tables `wide` and width-8 NAF digits `static_nafs`, the dynamic points Qₖ
/// with width-5 digits `dynamic_nafs` over tables built now (one schedule for both, so
/// one pass of doublings). `None` where the CPU does not have the engine.
///
/// Execution time depends on the inputs.
#[inline]
pub(crate) fn vartime_mul_wide(
    wide: &straus::WideRows,
    static_nafs: &[[i8; 256]],
    dynamic_nafs: &[[i8; 256]],
    dynamic_points: &[Extended<FieldElement>],
) -> Option<Extended<FieldElement>> {
    debug_assert_eq!(static_nafs.len(), wide.points());
    debug_assert_eq!(dynamic_nafs.len(), dynamic_points.len());
    let token = ifma52x8::detect()?;
    let mut nafs = Vec::with_capacity(static_nafs.len() + dynamic_nafs.len());
    nafs.extend_from_slice(static_nafs);
    nafs.extend_from_slice(dynamic_nafs);
    let sched = straus::Schedule::with_wide(&nafs, static_nafs.len());
    let sums = straus::lane_sums_wide(token, &sched, wide, dynamic_points);
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
