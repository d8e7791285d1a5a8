//! Ed25519 (the facade's `ed25519` module): key generation and signing with a secret
//! seed. The message is public.

use edwards25519::ed25519::SigningKey;

use crate::Op;
use crate::rng::Rng;
use crate::valgrind::{make_defined, make_undefined};

/// The Ed25519 operations, by name.
pub const OPS: &[Op] = &[
    Op {
        name: "ed25519-keygen",
        run: keygen,
    },
    Op {
        name: "ed25519-sign",
        run: sign,
    },
];

/// A random seed, marked secret.
fn secret_seed(rng: &mut Rng) -> [u8; 32] {
    let mut seed = rng.bytes();
    make_undefined(&mut seed);
    seed
}

/// SigningKey::from_seed and verifying_key: the public key is output.
fn keygen(rng: &mut Rng) -> Vec<u8> {
    let key = SigningKey::from_seed(&secret_seed(rng));
    let mut public = key.verifying_key().to_bytes();
    make_defined(&mut public);
    public.to_vec()
}

/// Signing a public message with a key from a secret seed.
fn sign(rng: &mut Rng) -> Vec<u8> {
    let key = SigningKey::from_seed(&secret_seed(rng));
    let message: [u8; 48] = rng.bytes();
    let mut signature = key.sign(&message).to_bytes();
    make_defined(&mut signature);
    signature.to_vec()
}
