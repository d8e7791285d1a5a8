//! The expanded secret key of RFC 8032 §5.1.5 (the secret scalar s and the nonce
//! prefix), and signing and cofactorless verification with a 64-byte hash chosen by the
//! caller in place of SHA-512.
//!
//! [`SigningKey`](super::SigningKey) signs through the same equation
//! ([`sign_by`] with SHA-512); these functions exist for protocols that derive s and the
//! prefix some other way (key blinding, hierarchical derivation) or that replace the
//! hash, as ed25519-dalek's `hazmat` module allows. Misused (a prefix shared between two
//! scalars, a prefix that is not secret), they leak the secret scalar: prefer
//! [`SigningKey`](super::SigningKey).

use super::hash::{Dom2, challenge_by};
use super::{Error, Signature, VerifyingKey};
use crate::{Point, Scalar};
use core::fmt;
use sha2::digest::consts::U64;
use sha2::{Digest, Sha512};
use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// A secret scalar s and a nonce prefix: RFC 8032 §5.1.5's expansion of a seed, or any
/// pair the caller derives. Signs with [`SigningKey`](super::SigningKey)'s equation,
/// `r = H(prefix || M)`, `R = [r]B`, `S = r + H(R || A || M)·s`, with the hash H given
/// by the caller (SHA-512 for Ed25519).
///
/// Both halves are overwritten with zeros when the key is dropped; `Debug` prints
/// neither.
///
/// ```
/// use edwards25519::ed25519::{ExpandedSecretKey, SigningKey};
/// use sha2::Sha512;
///
/// let seed = [0x2a; 32];
/// let esk = ExpandedSecretKey::from_seed(&seed);
/// let vk = esk.verifying_key();
/// assert_eq!(vk, SigningKey::from_seed(&seed).verifying_key());
/// // With SHA-512 the signature is RFC 8032's, as SigningKey::sign makes it.
/// let sig = esk.sign_with_hash::<Sha512>(b"msg", &vk);
/// assert_eq!(sig, SigningKey::from_seed(&seed).sign(b"msg"));
/// assert!(vk.verify_cofactorless_with_hash::<Sha512>(b"msg", &sig).is_ok());
/// ```
#[derive(Clone)]
pub struct ExpandedSecretKey {
    /// s, reduced mod l.
    scalar: Scalar,
    /// The secret prefix hashed with the message to derive the nonce.
    prefix: [u8; 32],
}

impl ExpandedSecretKey {
    /// RFC 8032 §5.1.5 from 64 bytes h (SHA-512 of the seed in Ed25519): s is the first
    /// half clamped (bits 0-2 and 255 cleared, bit 254 set) and reduced mod l, the prefix
    /// the second half. Constant time.
    ///
    /// ```
    /// use edwards25519::ed25519::ExpandedSecretKey;
    /// use sha2::{Digest, Sha512};
    ///
    /// let h: [u8; 64] = Sha512::digest([7u8; 32]).into();
    /// let esk = ExpandedSecretKey::from_bytes(&h);
    /// assert_eq!(esk.prefix()[..], h[32..]);
    /// assert_eq!(esk.verifying_key(), ExpandedSecretKey::from_seed(&[7; 32]).verifying_key());
    /// ```
    pub fn from_bytes(bytes: &[u8; 64]) -> ExpandedSecretKey {
        let mut lo = [0u8; 32];
        lo.copy_from_slice(&bytes[..32]);
        let mut prefix = [0u8; 32];
        prefix.copy_from_slice(&bytes[32..]);
        let scalar = Scalar::from_bytes_with_clamping(lo);
        lo.zeroize();
        ExpandedSecretKey { scalar, prefix }
    }

    /// The expansion of a 32-byte seed: [`ExpandedSecretKey::from_bytes`] of
    /// SHA-512(seed), the key [`SigningKey::from_seed`](super::SigningKey::from_seed)
    /// signs with.
    ///
    /// ```
    /// use edwards25519::ed25519::{ExpandedSecretKey, SigningKey};
    ///
    /// let esk = ExpandedSecretKey::from_seed(&[1; 32]);
    /// assert_eq!(esk.verifying_key(), SigningKey::from_seed(&[1; 32]).verifying_key());
    /// ```
    pub fn from_seed(seed: &[u8; 32]) -> ExpandedSecretKey {
        let mut h = [0u8; 64];
        Sha512::new()
            .chain_update(seed)
            .finalize_into((&mut h).into());
        let key = ExpandedSecretKey::from_bytes(&h);
        h.zeroize();
        key
    }

    /// The key of a scalar and a prefix derived by the caller. The prefix must be
    /// secret and must never go with another scalar: two signatures of one message
    /// with the same prefix and different scalars reveal both scalars.
    ///
    /// ```
    /// use edwards25519::ed25519::ExpandedSecretKey;
    /// use edwards25519::{Point, Scalar};
    ///
    /// let s = Scalar::from_bytes_mod_order([9; 32]);
    /// let esk = ExpandedSecretKey::from_scalar_and_prefix(s, [3; 32]);
    /// assert_eq!(esk.scalar(), &s);
    /// assert_eq!(esk.verifying_key().to_point(), Point::mul_base(&s));
    /// ```
    pub fn from_scalar_and_prefix(scalar: Scalar, prefix: [u8; 32]) -> ExpandedSecretKey {
        ExpandedSecretKey { scalar, prefix }
    }

    /// The secret scalar s. Secret: handle with care.
    ///
    /// ```
    /// use edwards25519::ed25519::ExpandedSecretKey;
    /// use edwards25519::Scalar;
    ///
    /// let esk = ExpandedSecretKey::from_scalar_and_prefix(Scalar::ONE, [0; 32]);
    /// assert_eq!(esk.scalar(), &Scalar::ONE);
    /// ```
    pub fn scalar(&self) -> &Scalar {
        &self.scalar
    }

    /// The nonce prefix. Secret: handle with care.
    ///
    /// ```
    /// use edwards25519::ed25519::ExpandedSecretKey;
    /// use edwards25519::Scalar;
    ///
    /// let esk = ExpandedSecretKey::from_scalar_and_prefix(Scalar::ONE, [5; 32]);
    /// assert_eq!(esk.prefix(), &[5; 32]);
    /// ```
    pub fn prefix(&self) -> &[u8; 32] {
        &self.prefix
    }

    /// The public key `A = [s]B`. Constant time.
    ///
    /// ```
    /// use edwards25519::ed25519::{ExpandedSecretKey, SigningKey};
    ///
    /// let vk = ExpandedSecretKey::from_seed(&[4; 32]).verifying_key();
    /// assert_eq!(vk, SigningKey::from_seed(&[4; 32]).verifying_key());
    /// ```
    pub fn verifying_key(&self) -> VerifyingKey {
        VerifyingKey::from_point(&Point::mul_base(&self.scalar))
    }

    /// Signs `msg` with the hash `D` in both of RFC 8032 §5.1.6's hashes (pure
    /// Ed25519 when `D` is SHA-512). `verifying_key` is hashed as given: it must be
    /// this key's (a wrong one gives a signature that does not verify, and with the same
    /// prefix reveals s). Constant time in the secrets.
    ///
    /// ```
    /// use edwards25519::ed25519::ExpandedSecretKey;
    /// use sha2::Sha512;
    ///
    /// let esk = ExpandedSecretKey::from_seed(&[6; 32]);
    /// let vk = esk.verifying_key();
    /// let sig = esk.sign_with_hash::<Sha512>(b"hello", &vk);
    /// assert!(vk.verify_cofactorless(b"hello", &sig).is_ok());
    /// ```
    pub fn sign_with_hash<D: Digest<OutputSize = U64>>(
        &self,
        msg: &[u8],
        verifying_key: &VerifyingKey,
    ) -> Signature {
        match self.sign_by_update::<D, core::convert::Infallible>(
            |h| {
                Digest::update(h, msg);
                Ok(())
            },
            verifying_key,
        ) {
            Ok(sig) => sig,
            Err(never) => match never {},
        }
    }

    /// [`ExpandedSecretKey::sign_with_hash`] with the message fed to each hash by
    /// `message`, which is called twice and must feed the same bytes both times (else
    /// the signature does not verify). Its error, if any, is returned as is.
    ///
    /// ```
    /// use edwards25519::ed25519::ExpandedSecretKey;
    /// use sha2::{Digest, Sha512};
    ///
    /// let esk = ExpandedSecretKey::from_seed(&[6; 32]);
    /// let vk = esk.verifying_key();
    /// let sig = esk
    ///     .sign_by_update::<Sha512, ()>(|h| { h.update(b"hel"); h.update(b"lo"); Ok(()) }, &vk)
    ///     .unwrap();
    /// assert_eq!(sig, esk.sign_with_hash::<Sha512>(b"hello", &vk));
    /// ```
    pub fn sign_by_update<D: Digest<OutputSize = U64>, E>(
        &self,
        message: impl Fn(&mut D) -> Result<(), E>,
        verifying_key: &VerifyingKey,
    ) -> Result<Signature, E> {
        crate::wipe::scrubbed(|| {
            sign_by(
                &self.scalar,
                &self.prefix,
                verifying_key.as_bytes(),
                None,
                &message,
            )
        })
    }

    /// Ed25519ph (RFC 8032 §5.1, phflag 1) on a prehash, with the hash `D` in place of
    /// SHA-512 in the signing hashes. `context`: at most 255 bytes
    /// ([`Error::ContextTooLong`] otherwise).
    ///
    /// ```
    /// use edwards25519::ed25519::{ExpandedSecretKey, SigningKey};
    /// use sha2::{Digest, Sha512};
    ///
    /// let prehash: [u8; 64] = Sha512::digest(b"msg").into();
    /// let esk = ExpandedSecretKey::from_seed(&[8; 32]);
    /// let sig = esk.sign_prehashed_with_hash::<Sha512>(&prehash, b"ctx", &esk.verifying_key());
    /// assert_eq!(sig, SigningKey::from_seed(&[8; 32]).sign_prehashed(&prehash, b"ctx"));
    /// ```
    pub fn sign_prehashed_with_hash<D: Digest<OutputSize = U64>>(
        &self,
        prehash: &[u8; 64],
        context: &[u8],
        verifying_key: &VerifyingKey,
    ) -> Result<Signature, Error> {
        let dom = Dom2::ph(context)?;
        let message = |h: &mut D| -> Result<(), core::convert::Infallible> {
            Digest::update(h, prehash);
            Ok(())
        };
        match crate::wipe::scrubbed(|| {
            sign_by(
                &self.scalar,
                &self.prefix,
                verifying_key.as_bytes(),
                Some(&dom),
                &message,
            )
        }) {
            Ok(sig) => Ok(sig),
            Err(never) => match never {},
        }
    }
}

/// RFC 8032 §5.1.6 with the hash `D` and an optional dom2 prefix on both hashes:
/// r = D(dom || prefix || M), R = [r]B, k = D(dom || R || A || M), S = r + k·s, with M
/// fed by `message`. The one signing equation: [`SigningKey`](super::SigningKey) signs
/// through it with SHA-512. The nonce and its digest are wiped before returning (a
/// hash state wipes itself only if `D` does, as sha2's does with its `zeroize`
/// feature); callers run it under [`crate::wipe::scrubbed`].
pub(super) fn sign_by<D: Digest<OutputSize = U64>, E>(
    scalar: &Scalar,
    prefix: &[u8; 32],
    a: &[u8; 32],
    dom: Option<&Dom2<'_>>,
    message: &impl Fn(&mut D) -> Result<(), E>,
) -> Result<Signature, E> {
    // r = D(dom || prefix || M) mod l: the secret nonce. The hash state is updated in
    // place, never moved (a move would leave a copy of its buffer, which holds the
    // prefix).
    let mut h = D::new();
    if let Some(dom) = dom {
        dom.update(&mut h);
    }
    let mut digest = [0u8; 64];
    Digest::update(&mut h, prefix);
    message(&mut h)?;
    h.finalize_into((&mut digest).into());
    let mut r = Scalar::from_bytes_mod_order_wide(&digest);
    digest.zeroize();
    // R = [r]B is public once encoded.
    let r_bytes = Point::mul_base(&r).to_bytes();
    let k = match challenge_by(dom, &r_bytes, a, message) {
        Ok(k) => k,
        Err(e) => {
            r.zeroize();
            return Err(e);
        }
    };
    // S = r + k·s mod l.
    let s = Scalar::multiply_add(&k, scalar, &r);
    // The test-only cfg leaves the nonce on the stack, so that the stack-scan test
    // (tests/stack_scan.rs) can show that it finds an unwiped secret.
    #[cfg(not(edwards25519_skip_wipe))]
    r.zeroize();
    #[cfg(edwards25519_skip_wipe)]
    core::hint::black_box(&mut r);
    Ok(Signature::from_components(r_bytes, s.to_bytes()))
}

impl VerifyingKey {
    /// [`VerifyingKey::verify_cofactorless`] with the hash `D` in place of SHA-512 in
    /// the challenge k = D(R || A || M): ed25519-dalek's `hazmat::raw_verify`. The same
    /// checks, in the same order.
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, ExpandedSecretKey};
    /// use sha2::Sha512;
    ///
    /// let esk = ExpandedSecretKey::from_seed(&[2; 32]);
    /// let vk = esk.verifying_key();
    /// let sig = esk.sign_with_hash::<Sha512>(b"m", &vk);
    /// assert_eq!(vk.verify_cofactorless_with_hash::<Sha512>(b"m", &sig), Ok(()));
    /// assert_eq!(vk.verify_cofactorless_with_hash::<Sha512>(b"n", &sig), Err(Error::EquationFailed));
    /// ```
    ///
    /// Execution time depends on the inputs (all of them public).
    pub fn verify_cofactorless_with_hash<D: Digest<OutputSize = U64>>(
        &self,
        msg: &[u8],
        sig: &Signature,
    ) -> Result<(), Error> {
        self.cofactorless_by::<D>(None, msg, sig, false)
    }

    /// [`VerifyingKey::verify_prehashed_cofactorless`] with the hash `D` in place of
    /// SHA-512 in the challenge: ed25519-dalek's `hazmat::raw_verify_prehashed`.
    ///
    /// ```
    /// use edwards25519::ed25519::ExpandedSecretKey;
    /// use sha2::{Digest, Sha512};
    ///
    /// let prehash: [u8; 64] = Sha512::digest(b"m").into();
    /// let esk = ExpandedSecretKey::from_seed(&[2; 32]);
    /// let vk = esk.verifying_key();
    /// let sig = esk.sign_prehashed_with_hash::<Sha512>(&prehash, b"", &vk).unwrap();
    /// assert!(vk.verify_prehashed_cofactorless_with_hash::<Sha512>(&prehash, b"", &sig).is_ok());
    /// ```
    ///
    /// Execution time depends on the inputs (all of them public).
    pub fn verify_prehashed_cofactorless_with_hash<D: Digest<OutputSize = U64>>(
        &self,
        prehash: &[u8; 64],
        context: &[u8],
        sig: &Signature,
    ) -> Result<(), Error> {
        self.cofactorless_by::<D>(Some(&Dom2::ph(context)?), prehash, sig, false)
    }
}

impl Drop for ExpandedSecretKey {
    fn drop(&mut self) {
        self.scalar.zeroize();
        self.prefix.zeroize();
    }
}

impl ZeroizeOnDrop for ExpandedSecretKey {}

impl ConstantTimeEq for ExpandedSecretKey {
    /// Compares both halves in constant time.
    fn ct_eq(&self, other: &ExpandedSecretKey) -> Choice {
        self.scalar.ct_eq(&other.scalar) & self.prefix.ct_eq(&other.prefix)
    }
}

impl PartialEq for ExpandedSecretKey {
    fn eq(&self, other: &ExpandedSecretKey) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for ExpandedSecretKey {}

impl fmt::Debug for ExpandedSecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExpandedSecretKey").finish_non_exhaustive()
    }
}
