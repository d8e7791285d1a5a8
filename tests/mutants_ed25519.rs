//! Tests written for mutants in `src/ed25519` that cargo-mutants left unkilled
//! (scripts/mutants.sh, TESTING.md): each says which mutant it kills.
#![cfg(feature = "ed25519")]

use edwards25519::ed25519::{SigningKey, VerifyingKey};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

fn hash_of<T: Hash>(v: &T) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// Kills `replace <impl Hash for VerifyingKey>::hash with ()`: a `HashSet` of keys
/// survives a constant hash (only collisions), so check the hash covers the bytes:
/// 64 distinct keys, 64 distinct 64-bit hashes (a collision has probability about
/// 2^-52 for a good hasher); the same bytes, the same hash.
#[test]
fn verifying_key_hash_covers_the_bytes() {
    let keys: Vec<VerifyingKey> = (0u8..64)
        .map(|i| SigningKey::from_seed(&[i; 32]).verifying_key())
        .collect();
    let mut hashes: Vec<u64> = keys.iter().map(hash_of).collect();
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), keys.len());
    let again = VerifyingKey::from_bytes(keys[7].as_bytes()).expect("a valid key");
    assert_eq!(hash_of(&again), hash_of(&keys[7]));
}

/// Kills `replace <impl Debug for PrecomputedVerifyingKey>::fmt with Ok(..)`: the
/// Debug form names the type and shows the key (as the key's own Debug form does).
#[test]
fn precomputed_key_debug_shows_the_key() {
    let key = SigningKey::from_seed(&[9; 32]).verifying_key();
    let shown = format!("{:?}", key.precompute());
    assert!(shown.starts_with("PrecomputedVerifyingKey("), "{shown}");
    assert!(shown.contains(&hex::encode(key.as_bytes())), "{shown}");
}
