//! Helpers shared by the tests of every crate in the workspace: case counts, a
//! deterministic generator, hex decoding, reading the repository's `testvectors/`, and
//! the serde format harness ([`serde_formats`]).
//!
//! Each library crate's own helpers (reference models, input strategies, pairs of values
//! built by a peer library) are a module here behind the feature of the crate's name:
//! [`field`], [`scalar`], [`group`], and [`facade`] for the root crate's tests. A crate's
//! integration tests turn on their feature and name the module `common`. Integration
//! tests link the one build of the crate under test, so the helpers and the tests see the
//! same types. The root of this crate depends on no library crate, so unit tests (which
//! build a second copy of their crate) use only the root.
//!
//! Test code only: the helpers panic on broken input (a bad hex string or a missing
//! vector file is a broken test, not a case to handle).

use std::path::PathBuf;

pub mod serde_formats;
#[cfg(unix)]
pub mod stack_scan;

#[cfg(feature = "facade")]
pub mod facade;
#[cfg(feature = "field")]
pub mod field;
#[cfg(feature = "group")]
pub mod group;
#[cfg(feature = "scalar")]
pub mod scalar;

/// The environment variable that caps every random-case count (scripts/mutants.sh sets
/// it, so that each mutant's test run is short).
pub const CASES_MAX_VAR: &str = "EDWARDS25519_TEST_CASES_MAX";

/// Number of random cases: `debug` in debug builds (where everything runs ~20x slower),
/// `release` otherwise, and at most `EDWARDS25519_TEST_CASES_MAX` when that is set.
/// Fixed vectors and lists of edge cases are not counted here, so the cap never drops
/// them.
///
/// ```
/// let n = edwards25519_test_support::cases(10, 1_000);
/// assert!(n <= 1_000);
/// ```
pub fn cases(debug: usize, release: usize) -> usize {
    let n = if cfg!(debug_assertions) {
        debug
    } else {
        release
    };
    match std::env::var(CASES_MAX_VAR) {
        Ok(max) if !max.is_empty() => n.min(
            max.parse()
                .unwrap_or_else(|_| panic!("{CASES_MAX_VAR} must be a number")),
        ),
        _ => n,
    }
}

/// [`cases`], unless the environment variable `var` names another count for this one
/// test file (for a long run of one cross-check); the cap applies to neither.
///
/// ```
/// let n = edwards25519_test_support::cases_or_env("EDWARDS25519_EXAMPLE_CASES", 10, 1_000);
/// assert!(n <= 1_000);
/// ```
pub fn cases_or_env(var: &str, debug: usize, release: usize) -> usize {
    match std::env::var(var) {
        Ok(s) if !s.is_empty() => s
            .parse()
            .unwrap_or_else(|_| panic!("{var} must be a number")),
        _ => cases(debug, release),
    }
}

/// [`cases`] as a proptest configuration.
///
/// ```
/// let config = edwards25519_test_support::proptest_config(10, 1_000);
/// assert!(config.cases <= 1_000);
/// ```
pub fn proptest_config(debug: usize, release: usize) -> proptest::test_runner::Config {
    let n = u32::try_from(cases(debug, release)).expect("fewer than 2^32 cases");
    proptest::test_runner::Config::with_cases(n)
}

/// SplitMix64 (Steele, Lea and Flood 2014): a small deterministic generator, so a test
/// with a fixed seed reproduces. Not cryptographic.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Fills `dst` with output bytes, little-endian 8 at a time (a short tail takes the
    /// low bytes of one more output).
    pub fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let word = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    }

    /// N output bytes.
    pub fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        self.fill_bytes(&mut out);
        out
    }
}

/// Hex string to bytes (panics on bad hex: the vector or the test is broken).
pub fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).expect("valid hex")
}

/// Hex string of exactly N bytes.
pub fn unhex_n<const N: usize>(s: &str) -> [u8; N] {
    unhex(s)
        .try_into()
        .expect("hex string of the expected length")
}

/// The path of `testvectors/<path>` at the root of the repository.
pub fn vector_path(path: &str) -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "..", "testvectors", path]
        .iter()
        .collect()
}

/// The contents of `testvectors/<path>`.
pub fn read_vector(path: &str) -> String {
    let full = vector_path(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("reading {}: {e}", full.display()))
}

/// `testvectors/<path>` parsed as JSON.
pub fn read_json(path: &str) -> serde_json::Value {
    serde_json::from_str(&read_vector(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `v` serialized as CBOR.
pub fn to_cbor<T: serde::Serialize>(v: &T) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::into_writer(v, &mut out).expect("writing to a Vec");
    out
}

/// A `T` deserialized from CBOR, or the deserializer's message.
pub fn from_cbor<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    ciborium::from_reader(bytes).map_err(|e| e.to_string())
}
