//! The integration tests, one module per file, built as one test binary: linking a
//! binary per file (with proptest, num-bigint and the dalek references each time) would
//! be most of a test build's cost.

mod affine_api;
mod api_contract;
use edwards25519_test_support::facade as common;
mod conversions;
mod debug_format;
#[path = "digest.rs"]
mod digest_traits;
mod ed25519_api;
mod ed25519_batch;
mod ed25519_ctx_ph;
mod ed25519_dalek;
mod ed25519_edge_cases;
mod ed25519_hedged;
mod ed25519_vectors;
mod error_chain;
mod group_encoding_dalek;
mod group_traits;
mod hash_to_curve_api;
mod mutants_ed25519;
#[path = "pkcs8.rs"]
mod pkcs8_encoding;
mod serde_dalek;
#[path = "serde.rs"]
mod serde_formats;
mod serde_ristretto;
mod x25519;
mod x25519_serde;
