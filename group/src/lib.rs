//! The edwards25519 group: points, encodings and scalar multiplication.
//!
//! edwards25519 is the twisted Edwards curve -x² + y² = 1 + d·x²·y² over GF(2^255 - 19),
//! d = -121665/121666, the curve of Ed25519 (RFC 8032). Its group has order 8·l, with l
//! the prime 2^252 + 27742317777372353535851937790883648493; [`Point::GENERATOR`] spans
//! the subgroup of order l.
//!
//! [`Point`] holds extended coordinates (X : Y : Z : T) with x = X/Z, y = Y/Z,
//! x·y = T/Z. **Invariant**: every `Point` is a valid curve point (Z != 0, on the curve,
//! X·Y = Z·T): the only ways to make one are the constants, the group operations, and
//! decoders that check their input ([`Point::from_bytes`], [`Point::from_canonical_bytes`],
//! [`Point::from_extended_coordinates`]), which return a [`DecodeError`] otherwise.
//!
//! What runs in constant time: everything except the functions named `vartime_*`, whose
//! execution time depends on their inputs (for public data only: signature
//! verification). Decoders are constant time up to the final accept/reject.
//!
//! Backends: the scalar multiplications are written once over a point backend and pick
//! the fastest one this CPU supports once per call ([`backend`]: AVX-512 IFMA, AVX2, or
//! the serial code over the fastest field backend of `edwards25519_field::backend`);
//! encoding and decoding pick a field backend the same way. Public coordinates are
//! always the portable [`FieldElement`].
//!
//! ```
//! use edwards25519_group::{Point, Scalar};
//!
//! let a = Scalar::from_bytes_mod_order([7; 32]);
//! let p = Point::mul_base(&a);
//! assert_eq!(p, &Point::GENERATOR * &a);
//! let q = Point::from_bytes(&p.to_bytes()).expect("a valid encoding");
//! assert_eq!(p, q);
//! ```
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;

// The layout, by concern (docs/design.md draws it): imports point down this list.
//
// - `ristretto`, `montgomery`, `hash_to_curve`: the protocols, one folder each;
// - `point`: the `Point` type, its encodings, affine form, operators and trait impls;
// - `scalar_mul`: every top-level operation (scalar and multiscalar multiplication,
//   the precomputed tables), written once over a `PointBackend`;
// - `backend`: the seam (`backend::traits`), the dispatch (`backend::dispatch`) and the
//   serial and vector implementations;
// - `models`, `tables`: the serial coordinate models, the constant-time table lookup
//   they share, and the base point's constants and tables;
// - `testing`: hooks compiled only for tests and fuzzing (the public one, the fuzz
//   targets' hook, re-exported as `backend::fuzzing`).

pub mod backend;
mod clamped;
mod error;
#[cfg(feature = "hash-to-curve")]
pub mod hash_to_curve;
mod models;
pub mod montgomery;
mod point;
pub mod ristretto;
mod scalar_mul;
mod tables;
#[cfg(any(test, feature = "fuzzing"))]
mod testing;

pub use edwards25519_field::FieldElement;
pub use edwards25519_scalar::Scalar;
pub use error::DecodeError;
pub use point::Point;
pub use point::affine::AffinePoint;
#[cfg(feature = "group")]
pub use point::curve_impl::SubgroupAffinePoint;
#[cfg(feature = "group")]
#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
pub use point::group_impl::SubgroupPoint;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use scalar_mul::precomputed::{FixedBaseTable, VartimePrecomputedMultiscalar};
