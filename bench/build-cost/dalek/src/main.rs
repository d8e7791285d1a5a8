//! Signs and verifies one message with Ed25519 and computes one X25519 shared secret,
//! with the dalek crates (scripts/build_cost.sh measures its clean build).

use ed25519_dalek::{Signer, SigningKey, Verifier};

fn main() {
    // The seed depends on the arguments, so nothing is computed at compile time.
    let n = std::env::args().count() as u8;
    let key = SigningKey::from_bytes(&[n; 32]);
    let sig = key.sign(b"build cost");
    let ok = key.verifying_key().verify(b"build cost", &sig).is_ok();
    let shared = x25519_dalek::x25519([n.wrapping_add(1); 32], x25519_dalek::X25519_BASEPOINT_BYTES);
    // curve25519-dalek is a direct dependency, as a user of the three crates has it.
    let _ = curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
    println!("verified: {ok}, x25519: {:02x?}", &shared[..4]);
}
