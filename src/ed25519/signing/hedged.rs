//! Hedged and self-checked signing.
//!
//! Hedged signing follows draft-irtf-cfrg-det-sigs-with-noise-05 ("Hedged ECDSA and
//! EdDSA Signatures", March 2025), Section 3 ("Hedged EdDSA"), which replaces step 2 of
//! RFC 8032 §5.1.6 for Ed25519, Ed25519ctx and Ed25519ph with:
//!
//! 1. prefix' = the leftmost 32 octets of SHA-512(prefix || Z), where Z is 32 octets of
//!    fresh random data;
//! 2. r = SHA-512(dom2(F, C) || prefix' || PH(M)), as in RFC 8032 with prefix' in place
//!    of prefix.
//!
//! Draft -05 adds no zero padding to the EdDSA hashes (the `000...` padding of its
//! Section 4 is ECDSA's; the padded EdDSA form of the earlier drafts,
//! `dom2 || Z || 000... || prefix || 000... || PH(M)`, is gone): prefix || Z is exactly
//! one 64-octet input. The rest of signing is RFC 8032's, so a verifier cannot tell a
//! hedged signature from a deterministic one.

use super::super::hash::{Dom2, prehash};
use super::super::{Error, Signature};
use super::SigningKey;
use sha2::{Digest, Sha512};
use zeroize::Zeroize;

/// The length of the hedged signing randomness Z for Ed25519 (draft -05, Section 3).
const Z_LEN: usize = 32;

impl SigningKey {
    /// Signs `msg` (Ed25519) with a hedged nonce: the nonce mixes 32 fresh bytes of `rng`
    /// with the secret prefix, as draft-irtf-cfrg-det-sigs-with-noise-05 §3 specifies.
    /// Any Ed25519 verifier accepts the signature; two calls on the same message give
    /// different signatures.
    ///
    /// Which to choose:
    /// - [`SigningKey::sign`] (deterministic, RFC 8032) when signatures must be
    ///   reproducible (test vectors, protocols that compare signatures) or no good RNG
    ///   is at hand: it never depends on randomness.
    /// - `sign_hedged` where fault injection or differential power analysis against the
    ///   signer is a concern (smart cards, HSM-like signers, devices in an attacker's
    ///   hands, RowHammer-exposed hosts): one glitched deterministic signature of a
    ///   message signed before leaks the key; with fresh Z each signature has a new
    ///   nonce. A weak or repeated Z is no worse than deterministic signing (the nonce
    ///   still hashes the secret prefix and the message), but Z must stay secret.
    ///
    /// Constant time in the key, the nonce and Z. The randomness and the nonce are wiped
    /// before returning.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let key = SigningKey::from_seed(&[0x2a; 32]);
    /// let mut rng = rand::rng();
    /// let (a, b) = (key.sign_hedged(b"hi", &mut rng), key.sign_hedged(b"hi", &mut rng));
    /// assert_ne!(a, b); // fresh randomness each time
    /// assert!(key.verifying_key().verify_strict(b"hi", &a).is_ok());
    /// assert!(key.verifying_key().verify_strict(b"hi", &b).is_ok());
    /// ```
    pub fn sign_hedged<R: rand_core::CryptoRng + ?Sized>(
        &self,
        msg: &[u8],
        rng: &mut R,
    ) -> Signature {
        let mut z = [0u8; Z_LEN];
        rng.fill_bytes(&mut z);
        let sig = self.sign_hedged_with_z(None, msg, &z);
        z.zeroize();
        sig
    }

    /// Ed25519ctx ([`SigningKey::sign_ctx`]) with the hedged nonce of
    /// [`SigningKey::sign_hedged`]. `context`: at most 255 bytes, else
    /// [`Error::ContextTooLong`] (checked before any randomness is drawn).
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[3; 32]);
    /// let sig = key.sign_ctx_hedged(b"msg", b"app v1", &mut rand::rng()).unwrap();
    /// assert!(key.verifying_key().verify_ctx(b"msg", b"app v1", &sig).is_ok());
    /// assert_ne!(sig, key.sign_ctx(b"msg", b"app v1").unwrap());
    /// assert_eq!(
    ///     key.sign_ctx_hedged(b"msg", &[0; 256], &mut rand::rng()),
    ///     Err(Error::ContextTooLong)
    /// );
    /// ```
    pub fn sign_ctx_hedged<R: rand_core::CryptoRng + ?Sized>(
        &self,
        msg: &[u8],
        context: &[u8],
        rng: &mut R,
    ) -> Result<Signature, Error> {
        let dom = Dom2::ctx(context)?;
        let mut z = [0u8; Z_LEN];
        rng.fill_bytes(&mut z);
        let sig = self.sign_hedged_with_z(Some(&dom), msg, &z);
        z.zeroize();
        Ok(sig)
    }

    /// Ed25519ph ([`SigningKey::sign_ph`]: `msg` is hashed with SHA-512 first) with the
    /// hedged nonce of [`SigningKey::sign_hedged`]. `context`: at most 255 bytes, else
    /// [`Error::ContextTooLong`].
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let key = SigningKey::from_seed(&[4; 32]);
    /// let sig = key.sign_ph_hedged(b"a long message", b"", &mut rand::rng()).unwrap();
    /// assert!(key.verifying_key().verify_ph(b"a long message", b"", &sig).is_ok());
    /// ```
    pub fn sign_ph_hedged<R: rand_core::CryptoRng + ?Sized>(
        &self,
        msg: &[u8],
        context: &[u8],
        rng: &mut R,
    ) -> Result<Signature, Error> {
        let dom = Dom2::ph(context)?;
        let mut z = [0u8; Z_LEN];
        rng.fill_bytes(&mut z);
        let sig = self.sign_hedged_with_z(Some(&dom), &prehash(msg), &z);
        z.zeroize();
        Ok(sig)
    }

    /// Signs `msg` ([`SigningKey::sign`]), then verifies the signature
    /// ([`VerifyingKey::verify_strict`](super::super::VerifyingKey::verify_strict)) before
    /// releasing it: a fault while computing R or S (a glitch, a bit flip in the key or
    /// the nonce) gives a signature that does not verify, and such a signature can leak
    /// the key. It is never returned: the result is then [`Error::SelfCheckFailed`].
    ///
    /// The same signature as `sign`, for about the cost of a verification more (see the
    /// `SignChecked` benchmark). The check does not catch a fault that yields a valid
    /// signature, nor one in the verification itself; combine with
    /// [`SigningKey::sign_hedged`] where faults are a concern.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let key = SigningKey::from_seed(&[5; 32]);
    /// assert_eq!(key.sign_checked(b"msg"), Ok(key.sign(b"msg")));
    /// ```
    pub fn sign_checked(&self, msg: &[u8]) -> Result<Signature, Error> {
        let sig = self.sign(msg);
        match self.verifying_key.verify_strict(msg, &sig) {
            Ok(()) => Ok(sig),
            Err(_) => Err(Error::SelfCheckFailed),
        }
    }

    /// Hedged signing with the randomness `z` given: prefix' = SHA-512(prefix || Z)[..32],
    /// then RFC 8032 signing with prefix' (draft -05 §3). Wipes prefix' and its digest.
    pub(in crate::ed25519) fn sign_hedged_with_z(
        &self,
        dom: Option<&Dom2<'_>>,
        msg: &[u8],
        z: &[u8; Z_LEN],
    ) -> Signature {
        let mut hedged_prefix = [0u8; 32];
        crate::wipe::scrubbed(|| {
            let mut digest = [0u8; 64];
            let mut h = Sha512::new();
            h.update(self.prefix);
            h.update(z);
            h.finalize_into_reset((&mut digest).into());
            hedged_prefix.copy_from_slice(&digest[..32]);
            digest.zeroize();
        });
        let sig = self.sign_with_prefix(dom, &hedged_prefix, msg);
        hedged_prefix.zeroize();
        sig
    }
}
