//! ed25519-dalek's three-argument `verify_batch`.

use crate::{Signature, SignatureError, VerifyingKey, error, native_sig};
use alloc::vec::Vec;
use core::convert::Infallible;
use sha2::{Digest, Sha512};

/// Verifies many signatures at once: `Ok` when every one verifies (except with
/// probability about 2^-128), with the native [`edwards25519::ed25519::verify_batch`].
///
/// As ed25519-dalek's, it needs no RNG: the random coefficients are derived from a hash
/// of every input (here SHA-512 in counter mode over the messages, signatures and keys;
/// ed25519-dalek uses a Merlin transcript). The rule is the native batch rule, which
/// agrees with the native ZIP-215 `verify` (cofactored): on crafted signatures with
/// small-order components it can accept what this crate's [`VerifyingKey::verify`]
/// refuses (ed25519-dalek's batch differs from its `verify` on such inputs too).
///
/// ```
/// use ed25519_dalek::{Signer, SigningKey, verify_batch};
///
/// let keys: Vec<SigningKey> = (0..3u8).map(|i| SigningKey::from_bytes(&[i; 32])).collect();
/// let msgs: [&[u8]; 3] = [b"a", b"b", b"c"];
/// let sigs: Vec<_> = keys.iter().zip(msgs).map(|(k, m)| k.sign(m)).collect();
/// let vks: Vec<_> = keys.iter().map(|k| k.verifying_key()).collect();
/// assert!(verify_batch(&msgs, &sigs, &vks).is_ok());
/// assert!(verify_batch(&msgs[..2], &sigs, &vks).is_err());
/// ```
pub fn verify_batch(
    messages: &[&[u8]],
    signatures: &[Signature],
    verifying_keys: &[VerifyingKey],
) -> Result<(), SignatureError> {
    let mut seed = Sha512::new();
    seed.update(b"edwards25519-compat-ed25519-dalek batch coefficients");
    seed.update((messages.len() as u64).to_le_bytes());
    for m in messages {
        seed.update((m.len() as u64).to_le_bytes());
        seed.update(m);
    }
    for s in signatures {
        seed.update(s.to_bytes());
    }
    for k in verifying_keys {
        seed.update(k.as_bytes());
    }
    let mut rng = HashRng {
        seed: seed.finalize().into(),
        counter: 0,
        buf: [0; 64],
        used: 64,
    };
    let sigs: Vec<_> = signatures.iter().map(native_sig).collect();
    let keys: Vec<_> = verifying_keys.iter().map(|k| k.0).collect();
    edwards25519::ed25519::verify_batch(messages, &sigs, &keys, &mut rng).map_err(error)
}

/// SHA-512(seed || counter) blocks: the coefficients' source, determined by the inputs.
struct HashRng {
    seed: [u8; 64],
    counter: u64,
    buf: [u8; 64],
    used: usize,
}

impl rand_core::TryRng for HashRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        rand_core::utils::next_word_via_fill(self)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        rand_core::utils::next_word_via_fill(self)
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Infallible> {
        for b in dest {
            if self.used == 64 {
                self.buf = Sha512::new()
                    .chain_update(self.seed)
                    .chain_update(self.counter.to_le_bytes())
                    .finalize()
                    .into();
                self.counter += 1;
                self.used = 0;
            }
            *b = self.buf[self.used];
            self.used += 1;
        }
        Ok(())
    }
}

impl rand_core::TryCryptoRng for HashRng {}
