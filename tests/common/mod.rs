//! Helpers shared by the Ed25519 integration tests: reading vector files.
#![allow(dead_code)]

use std::path::PathBuf;

/// The contents of `testvectors/<path>`.
pub fn read_vector(path: &str) -> String {
    let full: PathBuf = [env!("CARGO_MANIFEST_DIR"), "testvectors", path]
        .iter()
        .collect();
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("reading {}: {e}", full.display()))
}

/// A vector file parsed as JSON.
pub fn read_json(path: &str) -> serde_json::Value {
    serde_json::from_str(&read_vector(path)).expect("valid JSON")
}

/// Hex string to bytes (panics on bad hex: the vector file is broken).
pub fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).expect("valid hex")
}

/// Hex string of exactly N bytes.
pub fn unhex_n<const N: usize>(s: &str) -> [u8; N] {
    unhex(s).try_into().expect("right length")
}

/// The string field `key` of a JSON object.
pub fn field<'a>(v: &'a serde_json::Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("missing string field {key} in {v}"))
}
