//! Ed25519 (the facade's `ed25519` module): key generation and signing with a secret
//! seed (pure, ctx and ph, deterministic and hedged with secret randomness), and the
//! X25519 key conversion. Messages and contexts are public.

use edwards25519::ed25519::{Error, Signature, SigningKey};
use edwards25519::montgomery::x25519;

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
    Op {
        name: "ed25519-sign-ctx",
        run: sign_ctx,
    },
    Op {
        name: "ed25519-sign-ph",
        run: sign_ph,
    },
    Op {
        name: "ed25519-sign-hedged",
        run: sign_hedged,
    },
    Op {
        name: "ed25519-sign-ctx-hedged",
        run: sign_ctx_hedged,
    },
    Op {
        name: "ed25519-sign-ph-hedged",
        run: sign_ph_hedged,
    },
    Op {
        name: "ed25519-x25519-from-signing-key",
        run: x25519_from_signing_key,
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

/// A signature with a context (Ed25519ctx or Ed25519ph) of a public message under a
/// public context, with a key from a secret seed; `sign` gets the generator after the
/// seed, message and context are drawn.
fn sign_with_context(
    rng: &mut Rng,
    sign: impl FnOnce(&SigningKey, &[u8], &[u8], &mut Rng) -> Result<Signature, Error>,
) -> Vec<u8> {
    let key = SigningKey::from_seed(&secret_seed(rng));
    let message: [u8; 48] = rng.bytes();
    let context: [u8; 16] = rng.bytes();
    let sig = sign(&key, &message, &context, rng);
    let mut signature = sig.map(|s| s.to_bytes()).unwrap_or([0; 64]);
    make_defined(&mut signature);
    signature.to_vec()
}

/// Ed25519ctx signing.
fn sign_ctx(rng: &mut Rng) -> Vec<u8> {
    sign_with_context(rng, |key, m, c, _| key.sign_ctx(m, c))
}

/// Ed25519ph signing (SHA-512 of the message, then the dom2-prefixed signature).
fn sign_ph(rng: &mut Rng) -> Vec<u8> {
    sign_with_context(rng, |key, m, c, _| key.sign_ph(m, c))
}

/// The hedged signatures' randomness: bytes from the fixed-seed generator, marked
/// secret as they are handed out.
struct SecretRandomness<'a>(&'a mut Rng);

impl rand_core::TryRng for SecretRandomness<'_> {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        let [a, b, c, d] = self.0.bytes();
        let mut x = [u32::from_le_bytes([a, b, c, d])];
        make_undefined(&mut x);
        Ok(x[0])
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        let mut x = [self.0.next_u64()];
        make_undefined(&mut x);
        Ok(x[0])
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            chunk.copy_from_slice(&self.0.next_u64().to_le_bytes()[..chunk.len()]);
        }
        make_undefined(dst);
        Ok(())
    }
}

impl rand_core::TryCryptoRng for SecretRandomness<'_> {}

/// Hedged signing of a public message: secret seed, secret randomness.
fn sign_hedged(rng: &mut Rng) -> Vec<u8> {
    let key = SigningKey::from_seed(&secret_seed(rng));
    let message: [u8; 48] = rng.bytes();
    let mut signature = key
        .sign_hedged(&message, &mut SecretRandomness(rng))
        .to_bytes();
    make_defined(&mut signature);
    signature.to_vec()
}

/// Hedged Ed25519ctx signing.
fn sign_ctx_hedged(rng: &mut Rng) -> Vec<u8> {
    sign_with_context(rng, |key, m, c, rng| {
        key.sign_ctx_hedged(m, c, &mut SecretRandomness(rng))
    })
}

/// Hedged Ed25519ph signing.
fn sign_ph_hedged(rng: &mut Rng) -> Vec<u8> {
    sign_with_context(rng, |key, m, c, rng| {
        key.sign_ph_hedged(m, c, &mut SecretRandomness(rng))
    })
}

/// The X25519 secret of an Ed25519 key (secret seed) used against a public u.
fn x25519_from_signing_key(rng: &mut Rng) -> Vec<u8> {
    let key = SigningKey::from_seed(&secret_seed(rng));
    let peer = SigningKey::from_seed(&rng.bytes())
        .verifying_key()
        .to_montgomery();
    let mut shared = x25519(key.to_x25519_scalar(), peer.0);
    make_defined(&mut shared);
    shared.to_vec()
}
