//! The one dispatch: [`run`] picks the backend for this CPU once per top-level
//! operation, [`run_serial`] the serial backend's field limbs, [`selected`] names it.

use super::serial;
use super::traits::Op;
#[cfg(edwards25519_vector)]
use super::vector;

/// Runs `op` on the fastest backend this CPU supports (the check is cached after the
/// first call).
#[inline]
pub(crate) fn run<O: Op>(op: O) -> O::Output {
    #[cfg(edwards25519_vector)]
    {
        // Only where the cfg asks for it: slower than radix 2^51 on every operation
        // measured (see `vector::ifma52`).
        #[cfg(edwards25519_backend = "ifma52")]
        if let Some(b) = vector::ifma52::detect() {
            return vector::ifma52::run(b, op);
        }
        #[cfg(not(edwards25519_backend = "avx2"))]
        if let Some(b) = vector::ifma::detect() {
            return vector::ifma::run(b, op);
        }
        // Faster than the serial MULX/ADX code for every operation on the Zen 3
        // measured (see `vector::avx2`).
        if let Some(b) = vector::avx2::detect() {
            return vector::avx2::run(b, op);
        }
        // Only a CPU without AVX2 gets here, and one without AVX2 has no BMI2 either
        // (the x86-64 CPUs that lack AVX2 predate BMI2, or, as the Pentium, Celeron
        // and Atom parts, lack every VEX-coded instruction, MULX included); a virtual
        // machine that hides AVX2 but shows BMI2 and ADX gets the portable limbs too.
        // So the serial backend is compiled here over one field backend, not over
        // each one `run_serial` picks from: the MULX/ADX copy of every operation would
        // never run.
        serial::run::<serial::WithoutAvx2, O>(op)
    }
    #[cfg(not(edwards25519_vector))]
    run_serial(op)
}

/// Runs `op` as [`run`] does, but never on an IFMA backend: for an operation that the
/// eight-lane IFMA engine (`vector::ifma52x8`, whose CPUID check is a subset of the
/// four-lane backends') takes wherever those would run, so that their copy of it is not
/// compiled (variable-time Pippenger, `scalar_mul::multiscalar`). On a CPU with IFMA
/// it would run the AVX2 backend: the same result, slower.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn run_without_ifma<O: Op>(op: O) -> O::Output {
    #[cfg(edwards25519_vector)]
    {
        if let Some(b) = vector::avx2::detect() {
            return vector::avx2::run(b, op);
        }
        serial::run::<serial::WithoutAvx2, O>(op)
    }
    #[cfg(not(edwards25519_vector))]
    run_serial(op)
}

/// Runs `op` as [`run`] does, but never on the AVX2 backend: for an operation that
/// runs only after the eight-lane IFMA engine's CPUID check passed (the combination of
/// its window sums, `scalar_mul::pippenger8`), where the four-lane IFMA backend runs
/// on every CPU made (they all have AVX2 and AVX-512 VL with IFMA); on one that hid
/// them, the serial backend, the same result.
#[cfg(all(
    feature = "alloc",
    edwards25519_vector,
    not(edwards25519_backend = "avx2")
))]
#[inline]
pub(crate) fn run_without_avx2<O: Op>(op: O) -> O::Output {
    #[cfg(edwards25519_backend = "ifma52")]
    if let Some(b) = vector::ifma52::detect() {
        return vector::ifma52::run(b, op);
    }
    if let Some(b) = vector::ifma::detect() {
        return vector::ifma::run(b, op);
    }
    serial::run::<serial::WithoutAvx2, O>(op)
}

/// Runs `op` on the serial backend over the fastest field limbs this CPU supports.
// With the vector backends, `run` does not call it: only the tests and the fuzz hook do.
#[cfg_attr(
    all(edwards25519_vector, not(any(test, feature = "fuzzing"))),
    allow(dead_code)
)]
#[inline]
pub(crate) fn run_serial<O: Op>(op: O) -> O::Output {
    serial::field_dispatch!(F => serial::run::<F, O>(op))
}

/// The name of the point backend that scalar multiplications use on this machine now:
/// `"avx512-ifma"`, `"avx2"`, `"avx512-ifma52"` (only with the `"ifma52"` cfg), or the serial backend's field limbs (`"x86-64 MULX/ADX"`,
/// `"portable"`).
pub fn selected() -> &'static str {
    #[cfg(edwards25519_vector)]
    {
        #[cfg(edwards25519_backend = "ifma52")]
        if vector::ifma52::detect().is_some() {
            return vector::ifma52::NAME;
        }
        #[cfg(not(edwards25519_backend = "avx2"))]
        if vector::ifma::detect().is_some() {
            return vector::ifma::NAME;
        }
        if vector::avx2::detect().is_some() {
            return vector::avx2::NAME;
        }
        // `run`'s fallback.
        <serial::WithoutAvx2 as edwards25519_field::FieldArith>::BACKEND
    }
    #[cfg(not(edwards25519_vector))]
    edwards25519_field::backend::selected()
}

#[cfg(test)]
mod tests {
    extern crate std;

    /// A plain build runs the fastest backend CPUID reports: IFMA (unless the
    /// `"avx2"` cfg asks for AVX2; in radix 2^52 with the `"ifma52"` cfg), else AVX2, else the serial one. Checked against
    /// the standard library's own CPUID reading, so a detection that wrongly says
    /// "absent" (the results would still agree, only slower) fails here.
    #[test]
    fn the_fastest_backend_cpuid_reports_runs() {
        #[cfg(edwards25519_vector)]
        let want = {
            let avx2 = std::is_x86_feature_detected!("avx2");
            let ifma = avx2
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512vl")
                && std::is_x86_feature_detected!("avx512ifma");
            if ifma && cfg!(edwards25519_backend = "ifma52") {
                super::vector::ifma52::NAME
            } else if ifma && !cfg!(edwards25519_backend = "avx2") {
                super::vector::ifma::NAME
            } else if avx2 {
                super::vector::avx2::NAME
            } else {
                <super::serial::WithoutAvx2 as edwards25519_field::FieldArith>::BACKEND
            }
        };
        #[cfg(not(edwards25519_vector))]
        let want = edwards25519_field::backend::selected();
        assert_eq!(super::selected(), want);
    }
}
