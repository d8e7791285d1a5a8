//! Signs and verifies one message with Ed25519 and computes one X25519 shared secret,
//! with this repository's facade (scripts/build_cost.sh measures its clean build).

use edwards25519::ed25519::SigningKey;

fn main() {
    // The seed depends on the arguments, so nothing is computed at compile time.
    let n = std::env::args().count() as u8;
    let key = SigningKey::from_seed(&[n; 32]);
    let sig = key.sign(b"build cost");
    let ok = key.verifying_key().verify(b"build cost", &sig).is_ok();
    let shared = edwards25519::x25519::x25519([n.wrapping_add(1); 32], edwards25519::x25519::X25519_BASEPOINT_BYTES);
    println!("verified: {ok}, x25519: {:02x?}", &shared[..4]);
}
