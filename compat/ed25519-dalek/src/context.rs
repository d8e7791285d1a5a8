//! ed25519-dalek's `Context`: a key with an Ed25519ph context string.

use crate::{Signature, SignatureError, SigningKey, VerifyingKey, error};
use curve25519_dalek::digest::{Digest, Update, consts::U64};

/// A key with a context string of at most [`Context::MAX_LENGTH`] bytes, for Ed25519ph
/// through [`signature::DigestSigner`] and [`signature::DigestVerifier`].
///
/// ```
/// use ed25519_dalek::{DigestSigner, DigestVerifier, Sha512, SigningKey};
/// use ed25519_dalek::Digest;
///
/// let key = SigningKey::from_bytes(&[5; 32]);
/// let ctx = key.with_context(b"app v1").unwrap();
/// let sig = ctx.sign_digest(|d: &mut Sha512| Digest::update(d, b"msg"));
/// let vk = key.verifying_key();
/// let vctx = vk.with_context(b"app v1").unwrap();
/// assert!(vctx.verify_digest(|d: &mut Sha512| { Digest::update(d, b"msg"); Ok(()) }, &sig).is_ok());
/// ```
pub struct Context<'k, 'v, K> {
    key: &'k K,
    value: &'v [u8],
}

impl<'k, 'v, K> Context<'k, 'v, K> {
    /// The longest context: 255 bytes.
    pub const MAX_LENGTH: usize = 255;

    pub(crate) fn new(key: &'k K, value: &'v [u8]) -> Result<Self, SignatureError> {
        if value.len() > Self::MAX_LENGTH {
            return Err(error(edwards25519::ed25519::Error::ContextTooLong));
        }
        Ok(Context { key, value })
    }

    /// The key.
    pub fn key(&self) -> &'k K {
        self.key
    }

    /// The context string.
    pub fn value(&self) -> &'v [u8] {
        self.value
    }
}

impl<K> Clone for Context<'_, '_, K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for Context<'_, '_, K> {}

impl<K> core::fmt::Debug for Context<'_, '_, K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Context")
            .field("value", &self.value)
            .finish_non_exhaustive()
    }
}

impl<D> signature::DigestSigner<D, Signature> for Context<'_, '_, SigningKey>
where
    D: Digest<OutputSize = U64> + Update + Default,
{
    fn try_sign_digest<F: Fn(&mut D) -> Result<(), SignatureError>>(
        &self,
        f: F,
    ) -> Result<Signature, SignatureError> {
        let mut d = D::default();
        f(&mut d)?;
        self.key.sign_prehashed(d, Some(self.value))
    }
}

impl<D> signature::DigestVerifier<D, Signature> for Context<'_, '_, VerifyingKey>
where
    D: Digest<OutputSize = U64> + Update + Default,
{
    fn verify_digest<F: Fn(&mut D) -> Result<(), SignatureError>>(
        &self,
        f: F,
        signature: &Signature,
    ) -> Result<(), SignatureError> {
        let mut d = D::default();
        f(&mut d)?;
        self.key.verify_prehashed(d, Some(self.value), signature)
    }
}
