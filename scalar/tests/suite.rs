//! The integration tests, one module per file, built as one test binary: linking a
//! binary per file (with proptest, num-bigint and the dalek references each time) would
//! be most of a test build's cost.

mod arith;
use edwards25519_test_support::scalar as common;
mod decoders;
mod ff;
mod half_size;
mod mutants;
mod random;
mod recoding;
#[path = "serde.rs"]
mod serde_formats;
mod vectors;
