//! Tests written for mutants that cargo-mutants found unkilled (scripts/mutants.sh,
//! TESTING.md): each says which mutant it kills.

use edwards25519_scalar::Scalar;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

fn hash_of(s: &Scalar) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// Kills `replace <impl Hash for Scalar>::hash with ()`: with it every scalar hashes
/// the same, which a `HashSet` survives (only collisions) but this does not. The hash
/// must cover the value: equal values (the same value reached two ways) hash equally,
/// and 256 distinct values give 256 distinct 64-bit hashes (a collision among them
/// has probability about 2^-48 for a good hasher).
#[test]
fn hash_covers_the_value() {
    let values: Vec<Scalar> = (0u64..256)
        .map(|i| Scalar::from(i * 0x9e37_79b9 + 1))
        .collect();
    let mut hashes: Vec<u64> = values.iter().map(hash_of).collect();
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), values.len());
    let a = Scalar::from(5u8);
    let b = Scalar::from(2u8) + Scalar::from(3u8);
    assert_eq!(hash_of(&a), hash_of(&b));
}
