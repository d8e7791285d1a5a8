//! Helpers shared by the tests of every crate in the workspace: a deterministic
//! generator, hex decoding, reading the repository's `testvectors/`, and CBOR round
//! trips for the serde tests.
//!
//! Test code only: the helpers panic on broken input (a bad hex string or a missing
//! vector file is a broken test, not a case to handle). This crate depends on none of the
//! library crates, so each crate's tests can use it without building a second copy of
//! the crate under test.

use std::path::PathBuf;

#[cfg(unix)]
pub mod stack_scan;

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
