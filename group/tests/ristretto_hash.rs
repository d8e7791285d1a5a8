//! `RistrettoPoint::hash_to_group` (RFC 9380 Appendix B, `ristretto255_XMD:SHA-512_R255MAP_RO_`)
//! against curve25519-dalek 5: our `expand_message_xmd` (checked against RFC 9380's
//! vectors in `hash_to_curve/mod.rs`) feeds dalek's independent one-way map, and the
//! element must equal ours, on random messages and DSTs of every length class (empty,
//! short, 255, over 255: the §5.3.3 rule).
#![cfg(feature = "hash-to-curve")]

use curve25519_dalek::ristretto::RistrettoPoint as DPoint;
use edwards25519_group::hash_to_curve::expand_message_xmd;
use edwards25519_group::ristretto::RistrettoPoint;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[test]
fn hash_to_group_matches_dalek_one_way_map() {
    let mut rng = StdRng::seed_from_u64(0x7269_7374_7265_7474);
    let cases = if cfg!(debug_assertions) { 200 } else { 2_000 };
    for i in 0..cases {
        let msg: Vec<u8> = (0..rng.random_range(0..200))
            .map(|_| rng.random())
            .collect();
        let dst_len = match i % 4 {
            0 => rng.random_range(1..64),
            1 => 255,
            2 => rng.random_range(256..400),
            _ => 0,
        };
        let dst: Vec<u8> = (0..dst_len).map(|_| rng.random()).collect();
        let ours = RistrettoPoint::hash_to_group(&msg, &dst);
        let mut uniform = [0u8; 64];
        expand_message_xmd(&msg, &dst, &mut uniform).expect("64 bytes is a valid length");
        let theirs = DPoint::from_uniform_bytes(&uniform);
        assert_eq!(ours.to_bytes(), theirs.compress().to_bytes(), "case {i}");
    }
}

#[test]
fn hash_to_group_separates_messages_and_domains() {
    let dst = b"QUUX-V01-CS02-with-ristretto255_XMD:SHA-512_R255MAP_RO_";
    let a = RistrettoPoint::hash_to_group(b"abc", dst);
    assert_eq!(a, RistrettoPoint::hash_to_group(b"abc", dst));
    assert_ne!(a, RistrettoPoint::hash_to_group(b"abd", dst));
    assert_ne!(a, RistrettoPoint::hash_to_group(b"abc", b"another DST"));
    assert_ne!(a, RistrettoPoint::IDENTITY);
}
