//! Point backends: the one seam between the scalar-multiplication algorithms and the
//! code that does point arithmetic, and the one place that picks which runs.
//!
//! A `PointBackend` owns its point representations (extended points, sums not yet
//! back in extended form, cached and affine addends, the base point tables) and the
//! operations on them. The algorithms in `crate::scalar_mul` are written once, generic
//! over it; each top-level operation is an `Op` that `run` hands to the backend
//! chosen for this machine, once per call.
//!
//! | backend | where | representation |
//! |---|---|---|
//! | `serial::Serial` over `edwards25519_field`'s MULX/ADX or portable limbs | everywhere | one coordinate at a time (`crate::models`) |
//! | `vector` over `vector::ifma` | x86-64 with AVX-512 IFMA and VL, checked by CPUID at run time | X, Y, Z, T of one point in the four lanes of `__m256i` registers, radix 2^51 |
//! | `vector` over `vector::avx2` | x86-64 with AVX2 (and no IFMA), checked by CPUID at run time | the same layout, radix 2^25.5, two limbs per 64-bit lane |
//!
//! Cfgs (`RUSTFLAGS='--cfg edwards25519_backend="…"'`): `"serial"` compiles no vector
//! code; `"portable"` compiles no vector code and forces the portable field limbs;
//! `"avx2"` runs the AVX2 backend where CPUID reports AVX2, even where it reports IFMA.
//! With none of them, the IFMA backend runs where CPUID reports it, else the AVX2
//! backend where CPUID reports AVX2, else the serial one, with no build flags needed.
//!
//! Adding a backend: a folder here with a `PointBackend` implementation, a branch in
//! `run` and a name in [`selected`].
//!
//! ```
//! use edwards25519_group::{Point, Scalar, backend};
//!
//! // Which backend runs is visible, and whichever it is, the results are the same.
//! assert!(!backend::selected().is_empty());
//! let s = Scalar::from(1000u16);
//! assert_eq!(Point::mul_base(&s), &Point::GENERATOR * &s);
//! ```

use edwards25519_field::FieldElement;

#[cfg(feature = "alloc")]
use crate::models::AffineCached;
use crate::models::Extended;

pub(crate) mod serial;

#[cfg(all(target_arch = "x86_64", not(edwards25519_backend = "portable")))]
pub(crate) mod x25519_mulx;

#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;

#[cfg(all(
    target_arch = "x86_64",
    not(any(edwards25519_backend = "portable", edwards25519_backend = "serial"))
))]
#[allow(unsafe_code)]
pub(crate) mod vector;

#[cfg(all(
    test,
    feature = "alloc",
    target_arch = "x86_64",
    not(any(edwards25519_backend = "portable", edwards25519_backend = "serial"))
))]
mod agreement;

/// Point arithmetic in one representation. Every method is constant time except where
/// it says otherwise; `self` is a (zero-sized) proof that this backend can run here.
// `from_point` takes that proof as `self` too.
#[allow(clippy::wrong_self_convention)]
pub(crate) trait PointBackend: Copy {
    /// An extended point (X : Y : Z : T), the left operand of an addition.
    type Point: Copy;
    /// The result of an addition or a doubling before it is put back in extended
    /// form (the serial backend's completed "P1xP1" point; the vector backend needs no
    /// such step and uses its extended point).
    type Sum: Copy;
    /// A point prepared as an addend.
    type Cached: Copy;
    /// An addend with Z = 1 (the base point tables, Pippenger's points). `Send + Sync +
    /// 'static` so that a table of them can live in a precomputed object
    /// (`crate::precomputed`).
    type Affine: Copy + Send + Sync + 'static;

    /// From the portable representation.
    fn from_point(self, p: &Extended<FieldElement>) -> Self::Point;
    /// To the portable representation.
    fn to_point(self, p: &Self::Point) -> Extended<FieldElement>;
    /// The neutral element.
    fn identity(self) -> Self::Point;
    /// p as an addend.
    fn to_cached(self, p: &Self::Point) -> Self::Cached;
    /// p + q.
    fn add(self, p: &Self::Point, q: &Self::Cached) -> Self::Sum;
    /// p - q.
    fn sub(self, p: &Self::Point, q: &Self::Cached) -> Self::Sum;
    /// p + q for an affine q.
    fn add_affine(self, p: &Self::Point, q: &Self::Affine) -> Self::Sum;
    /// p - q for an affine q.
    fn sub_affine(self, p: &Self::Point, q: &Self::Affine) -> Self::Sum;
    /// 2·p.
    fn double_point(self, p: &Self::Point) -> Self::Sum;
    /// 2·s, for a sum straight out of an addition or doubling (chains of doublings
    /// stay in the cheapest form).
    fn double(self, s: &Self::Sum) -> Self::Sum;
    /// A sum back in extended form, ready for an addition.
    fn to_extended(self, s: &Self::Sum) -> Self::Point;
    /// `digit`·P from `table[j] = (j + 1)·P`, digit in [-8, 8]: a full scan of the
    /// table and a conditional negation, in constant time.
    fn select(self, table: &[Self::Cached; 8], digit: i8) -> Self::Cached;
    /// [`PointBackend::select`] over affine addends.
    fn select_affine(self, table: &[Self::Affine; 8], digit: i8) -> Self::Affine;
    /// The ScalarBaseMult table (`crate::tables::BASE_TABLE`) in this representation.
    fn base_table(self) -> &'static [[Self::Affine; 8]; 32];
    /// The odd multiples of B (`crate::tables::ODD_BASE_MULTIPLES`) in this
    /// representation.
    fn odd_base_multiples(self) -> &'static [Self::Affine; 64];
    /// The odd multiples of 2^128·B (`crate::tables::ODD_BASE_128_MULTIPLES`) in this
    /// representation.
    fn odd_base_128_multiples(self) -> &'static [Self::Affine; 64];
    /// A portable affine addend in this representation.
    #[cfg(feature = "alloc")]
    fn affine(self, a: &AffineCached<FieldElement>) -> Self::Affine;
    /// The points as affine addends, for Pippenger (the serial backend shares one
    /// inversion over all of them; the vector one gains nothing from Z = 1).
    #[cfg(feature = "alloc")]
    fn affine_addends(self, points: &[Extended<FieldElement>]) -> alloc::vec::Vec<Self::Affine>;
}

/// A top-level operation (a scalar multiplication), written once for every backend.
pub(crate) trait Op {
    /// What it returns (in the portable representation).
    type Output;
    /// Runs on backend `b`. Implementations are `#[inline(always)]`, so the whole
    /// operation compiles inside each backend's entry point (for the vector backend,
    /// the one function with its target features enabled).
    fn run<B: PointBackend>(self, b: B) -> Self::Output;
}

/// Runs `op` on the fastest backend this CPU supports (the check is cached after the
/// first call).
#[inline]
pub(crate) fn run<O: Op>(op: O) -> O::Output {
    #[cfg(all(
        target_arch = "x86_64",
        not(any(edwards25519_backend = "portable", edwards25519_backend = "serial"))
    ))]
    {
        #[cfg(not(edwards25519_backend = "avx2"))]
        if let Some(b) = vector::ifma::detect() {
            return vector::ifma::run(b, op);
        }
        // Faster than the serial MULX/ADX code for every operation on the Zen 3
        // measured (see `vector::avx2`).
        if let Some(b) = vector::avx2::detect() {
            return vector::avx2::run(b, op);
        }
    }
    run_serial(op)
}

/// Runs `op` on the serial backend over the fastest field limbs this CPU supports.
#[inline]
pub(crate) fn run_serial<O: Op>(op: O) -> O::Output {
    serial::field_dispatch!(F => serial::run::<F, O>(op))
}

/// The name of the point backend that scalar multiplications use on this machine now:
/// `"avx512-ifma"`, `"avx2"`, or the serial backend's field limbs (`"x86-64 MULX/ADX"`,
/// `"portable"`).
pub fn selected() -> &'static str {
    #[cfg(all(
        target_arch = "x86_64",
        not(any(edwards25519_backend = "portable", edwards25519_backend = "serial"))
    ))]
    {
        #[cfg(not(edwards25519_backend = "avx2"))]
        if vector::ifma::detect().is_some() {
            return vector::ifma::NAME;
        }
        if vector::avx2::detect().is_some() {
            return vector::avx2::NAME;
        }
    }
    edwards25519_field::backend::selected()
}

#[cfg(test)]
mod tests {
    extern crate std;

    /// A plain build runs the fastest backend CPUID reports: IFMA (unless the
    /// `"avx2"` cfg asks for AVX2), else AVX2, else the serial one. Checked against
    /// the standard library's own CPUID reading, so a detection that wrongly says
    /// "absent" (the results would still agree, only slower) fails here.
    #[test]
    fn the_fastest_backend_cpuid_reports_runs() {
        #[cfg(all(
            target_arch = "x86_64",
            not(any(edwards25519_backend = "portable", edwards25519_backend = "serial"))
        ))]
        let want = {
            let avx2 = std::is_x86_feature_detected!("avx2");
            let ifma = avx2
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512vl")
                && std::is_x86_feature_detected!("avx512ifma");
            if ifma && !cfg!(edwards25519_backend = "avx2") {
                super::vector::ifma::NAME
            } else if avx2 {
                super::vector::avx2::NAME
            } else {
                edwards25519_field::backend::selected()
            }
        };
        #[cfg(not(all(
            target_arch = "x86_64",
            not(any(edwards25519_backend = "portable", edwards25519_backend = "serial"))
        )))]
        let want = edwards25519_field::backend::selected();
        assert_eq!(super::selected(), want);
    }
}
