//! Helpers shared by the facade's integration tests: the workspace's test-support
//! helpers (vector files, hex), JSON fields, and points and signatures with torsion.
pub use crate::{read_json, read_vector, unhex, unhex_n};

/// The string field `key` of a JSON object.
pub fn field<'a>(v: &'a serde_json::Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("missing string field {key} in {v}"))
}

/// A point of order 8 (from testvectors/points/low_order_points.json).
pub fn order_8_point() -> edwards25519::Point {
    let file = read_json("points/low_order_points.json");
    let p = file["points"]
        .as_array()
        .expect("points")
        .iter()
        .find(|p| p["order"] == 8)
        .expect("an order-8 point");
    edwards25519::Point::from_bytes(&unhex_n(field(p, "canonical"))).expect("valid")
}

/// A signature made by a signer whose key and nonce carry small-order components:
/// `A = [a]B + [t_a]T`, `R = [r]B + [t_r]T` with T of order 8, k = H(R || A || M),
/// S = r + k·a. It satisfies the cofactored equation always, and the cofactorless one
/// exactly when [t_r + k·t_a]T is the identity (the returned flag, computed with the
/// group law). Returns (key encoding, signature, cofactorless equation holds).
pub fn mixed_order_signature<R: rand::CryptoRng>(
    rng: &mut R,
    msg: &[u8],
    t_a: u64,
    t_r: u64,
) -> ([u8; 32], [u8; 64], bool) {
    use edwards25519::{Point, Scalar};
    use sha2::{Digest, Sha512};
    let t = order_8_point();
    let a = Scalar::random(rng);
    let r = Scalar::random(rng);
    let big_a = Point::mul_base(&a) + t * Scalar::from(t_a);
    let big_r = Point::mul_base(&r) + t * Scalar::from(t_r);
    let (a_bytes, r_bytes) = (big_a.to_bytes(), big_r.to_bytes());
    let h: [u8; 64] = Sha512::new()
        .chain_update(r_bytes)
        .chain_update(a_bytes)
        .chain_update(msg)
        .finalize()
        .into();
    let k = Scalar::from_bytes_mod_order_wide(&h);
    let s = Scalar::multiply_add(&k, &a, &r);
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&r_bytes);
    sig[32..].copy_from_slice(&s.to_bytes());
    // [t_r]T + [k]([t_a]T): k acts on T through k mod 8, and T's multiples are exact.
    let residue = t * Scalar::from(t_r) + t * Scalar::from(t_a) * k;
    (a_bytes, sig, residue.is_identity())
}
