//! The integration tests, one module per file, built as one test binary: linking a
//! binary per file (with proptest, num-bigint and the dalek references each time) would
//! be most of a test build's cost.

mod backend_selection;
use edwards25519_test_support::field as common;
mod decoders;
mod laws;
mod public_type;
mod reference;
mod ristretto;
mod safegcd;
mod trait_defaults;
mod vectors;
