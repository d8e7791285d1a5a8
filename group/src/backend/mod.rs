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
//! | `vector` over `vector::ifma52` | as `vector::ifma`, only with the `"ifma52"` cfg (slower on Zen 4 and on an Intel Xeon; kept to measure other CPUs) | the same layout, radix 2^52 |
//! | `vector` over `vector::avx2` | x86-64 with AVX2 (and no IFMA), checked by CPUID at run time | the same layout, radix 2^25.5, two limbs per 64-bit lane |
//!
//! The `vector` feature (on by default) compiles the vector backends; without it, the
//! smallest build, the code is the `"serial"` cfg's: the serial backend once, over the
//! public `FieldElement` (MULX/ADX or portable chosen per product; see
//! `serial::field_dispatch!`). Where they are compiled, the
//! serial fallback (CPUs without AVX2, which have no BMI2 either) runs over one field
//! backend, the portable 4×64 limbs (`serial::WithoutAvx2`).
//!
//! Cfgs (`RUSTFLAGS='--cfg edwards25519_backend="…"'`): `"serial"` compiles no vector
//! code; `"portable"` compiles no vector code and forces the portable field limbs;
//! `"avx2"` runs the AVX2 backend where CPUID reports AVX2, even where it reports IFMA;
//! `"ifma52"` runs the radix-2^52 IFMA backend where CPUID reports IFMA.
//! With none of them, the IFMA backend runs where CPUID reports it, else the AVX2
//! backend where CPUID reports AVX2, else the serial one, with no build flags needed.
//!
//! The files: `traits` holds the seam (`PointBackend`, `Op`), below both the algorithms
//! and the backends; `dispatch` picks the backend (`run`, [`selected`]); `serial` and
//! `vector` implement it. Adding a backend: a folder here with a `PointBackend`
//! implementation, a branch in `dispatch::run` and a name in [`selected`].
//!
//! ```
//! use edwards25519_group::{Point, Scalar, backend};
//!
//! // Which backend runs is visible, and whichever it is, the results are the same.
//! assert!(!backend::selected().is_empty());
//! let s = Scalar::from(1000u16);
//! assert_eq!(Point::mul_base(&s), &Point::GENERATOR * &s);
//! ```

pub(crate) mod dispatch;
pub(crate) mod serial;
pub(crate) mod traits;
#[cfg(edwards25519_vector)]
#[allow(unsafe_code)]
pub(crate) mod vector;
#[cfg(edwards25519_x86)]
pub(crate) mod x25519_mulx;

pub use dispatch::selected;
pub(crate) use traits::{Op, PointBackend, Routine};

/// The fuzz targets' hook (fuzz/): runs an operation on a chosen backend.
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub use crate::testing::fuzzing;
