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

/// Kills `replace <impl From<u32> for Scalar>::from -> Scalar with Default::default()`
/// (found by `scripts/mutants.sh scalar/src`: no test converted a `u32`), and the same
/// mutant of every other integer conversion: each gives the integer's little-endian
/// bytes, which the zero scalar does not.
#[test]
fn integer_conversions_keep_the_value() {
    let le = |x: u128| {
        let mut b = [0u8; 32];
        b[..16].copy_from_slice(&x.to_le_bytes());
        b
    };
    assert_eq!(Scalar::from(0xa5u8).to_bytes(), le(0xa5));
    assert_eq!(Scalar::from(0xbeefu16).to_bytes(), le(0xbeef));
    assert_eq!(Scalar::from(0xdead_beefu32).to_bytes(), le(0xdead_beef));
    assert_eq!(Scalar::from(u64::MAX).to_bytes(), le(u64::MAX.into()));
    assert_eq!(Scalar::from(u128::MAX).to_bytes(), le(u128::MAX));
}

/// Kills `replace <impl fmt::Display for ScalarError>::fmt -> fmt::Result with
/// Ok(Default::default())` (found by `scripts/mutants.sh scalar/src`): the message must
/// say why, with the lengths for a wrong-length slice.
#[test]
fn scalar_error_messages_say_why() {
    let message = |bytes: &[u8]| Scalar::try_from(bytes).err().map(|e| e.to_string());
    let short = message(&[0u8; 31]).unwrap_or_default();
    assert!(short.contains("length") && short.contains("32") && short.contains("31"));
    let big = message(&[0xffu8; 32]).unwrap_or_default();
    assert!(big.contains("non-canonical"), "{big}");
}
