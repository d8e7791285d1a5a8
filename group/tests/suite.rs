//! The integration tests, one module per file, built as one test binary: linking a
//! binary per file (with proptest, num-bigint and the dalek references each time) would
//! be most of a test build's cost.

mod affine;
use edwards25519_test_support::group as common;
mod cross_dalek;
mod group_curve;
mod group_traits;
mod hash_to_curve;
mod laws;
mod montgomery;
mod mutants;
mod ristretto;
mod ristretto_hash;
mod schnorr_check;
#[path = "serde.rs"]
mod serde_formats;
mod vectors;
