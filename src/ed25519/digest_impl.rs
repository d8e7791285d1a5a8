//! Ed25519ph through the `signature` crate's `DigestSigner` / `DigestVerifier` (features
//! `digest` and `signature`): the caller feeds the message into a SHA-512 hasher, and
//! its output is the prehash PH(M) of RFC 8032 §5.1.
//!
//! The shapes follow ed25519-dalek 3's documentation: the key itself signs and verifies
//! with the empty context, and [`SigningKey::with_context`] /
//! [`VerifyingKey::with_context`] give a [`Context`] that does it under a context of
//! up to 255 bytes.
//!
//! RFC 8032 defines Ed25519ph with SHA-512 only. Any digest with 64 bytes of output is
//! accepted (as ed25519-dalek does), and its output is used as PH(M); a verifier must
//! use the same one.

use super::{Error, Signature, SigningKey, VerifyingKey};
use digest::{Digest, Update, consts::U64};
use signature::{DigestSigner, DigestVerifier};

/// A key with an Ed25519ph context (RFC 8032 §8.3: a domain separator between
/// protocols), for the `signature` crate's `DigestSigner` / `DigestVerifier`.
///
/// Made by [`SigningKey::with_context`] or [`VerifyingKey::with_context`], which check
/// the length (at most 255 bytes).
///
/// ```
/// use edwards25519::ed25519::{Signature, SigningKey};
/// use sha2::{Digest, Sha512};
/// use signature::{DigestSigner, DigestVerifier};
///
/// let key = SigningKey::from_seed(&[3u8; 32]);
/// let ctx = key.with_context(b"my protocol v1").expect("short enough");
/// // The closure feeds the message into the SHA-512 state it is given.
/// let sig: Signature = ctx.sign_digest(|d: &mut Sha512| Digest::update(d, b"message"));
///
/// let vk = key.verifying_key();
/// let vctx = vk.with_context(b"my protocol v1").expect("short enough");
/// let feed = |d: &mut Sha512| {
///     Digest::update(d, b"message");
///     Ok(())
/// };
/// assert!(vctx.verify_digest(feed, &sig).is_ok());
/// // The same as hashing the message first and calling the inherent method.
/// assert_eq!(sig, key.sign_ph(b"message", b"my protocol v1").expect("short enough"));
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(docsrs, doc(cfg(all(feature = "digest", feature = "signature"))))]
pub struct Context<'k, 'v, K> {
    key: &'k K,
    value: &'v [u8],
}

#[cfg_attr(docsrs, doc(cfg(all(feature = "digest", feature = "signature"))))]
impl<'k, 'v, K> Context<'k, 'v, K> {
    /// The longest context RFC 8032 can encode (dom2 gives its length one octet).
    ///
    /// ```
    /// use edwards25519::ed25519::{Context, Error, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[3; 32]);
    /// assert!(key.with_context(&[0; Context::<SigningKey>::MAX_LENGTH]).is_ok());
    /// let too_long = [0u8; Context::<SigningKey>::MAX_LENGTH + 1];
    /// assert_eq!(key.with_context(&too_long).err(), Some(Error::ContextTooLong));
    /// ```
    pub const MAX_LENGTH: usize = 255;

    /// The key.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let key = SigningKey::from_seed(&[3; 32]);
    /// let ctx = key.with_context(b"ctx").expect("short enough");
    /// assert_eq!(ctx.key().to_bytes(), key.to_bytes());
    /// ```
    pub fn key(&self) -> &'k K {
        self.key
    }

    /// The context bytes.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let key = SigningKey::from_seed(&[3; 32]);
    /// let ctx = key.with_context(b"ctx").expect("short enough");
    /// assert_eq!(ctx.value(), b"ctx");
    /// ```
    pub fn value(&self) -> &'v [u8] {
        self.value
    }

    fn new(key: &'k K, value: &'v [u8]) -> Result<Context<'k, 'v, K>, Error> {
        if value.len() > Self::MAX_LENGTH {
            return Err(Error::ContextTooLong);
        }
        Ok(Context { key, value })
    }
}

#[cfg_attr(docsrs, doc(cfg(all(feature = "digest", feature = "signature"))))]
impl SigningKey {
    /// This key with an Ed25519ph `context` for `DigestSigner`;
    /// [`Error::ContextTooLong`] over 255 bytes.
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, Signature, SigningKey};
    /// use sha2::{Digest, Sha512};
    /// use signature::DigestSigner;
    ///
    /// let key = SigningKey::from_seed(&[3; 32]);
    /// let ctx = key.with_context(b"app v1").expect("at most 255 bytes");
    /// let sig: Signature = ctx.sign_digest(|d: &mut Sha512| Digest::update(d, b"msg"));
    /// // Ed25519ph under that context, as the inherent method computes it.
    /// assert_eq!(sig, key.sign_ph(b"msg", b"app v1").expect("short enough"));
    /// assert_eq!(key.with_context(&[0; 256]).err(), Some(Error::ContextTooLong));
    /// ```
    #[cfg_attr(docsrs, doc(cfg(all(feature = "digest", feature = "signature"))))]
    pub fn with_context<'k, 'v>(
        &'k self,
        context: &'v [u8],
    ) -> Result<Context<'k, 'v, SigningKey>, Error> {
        Context::new(self, context)
    }
}

#[cfg_attr(docsrs, doc(cfg(all(feature = "digest", feature = "signature"))))]
impl VerifyingKey {
    /// This key with an Ed25519ph `context` for `DigestVerifier`;
    /// [`Error::ContextTooLong`] over 255 bytes.
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    /// use sha2::{Digest, Sha512};
    /// use signature::DigestVerifier;
    ///
    /// let key = SigningKey::from_seed(&[3; 32]);
    /// let sig = key.sign_ph(b"msg", b"app v1").expect("short enough");
    /// let vk = key.verifying_key();
    /// let ctx = vk.with_context(b"app v1").expect("at most 255 bytes");
    /// let feed = |m: &'static [u8]| {
    ///     move |d: &mut Sha512| {
    ///         Digest::update(d, m);
    ///         Ok(())
    ///     }
    /// };
    /// assert!(ctx.verify_digest(feed(b"msg"), &sig).is_ok());
    /// assert!(ctx.verify_digest(feed(b"other"), &sig).is_err());
    /// assert_eq!(vk.with_context(&[0; 256]).err(), Some(Error::ContextTooLong));
    /// ```
    #[cfg_attr(docsrs, doc(cfg(all(feature = "digest", feature = "signature"))))]
    pub fn with_context<'k, 'v>(
        &'k self,
        context: &'v [u8],
    ) -> Result<Context<'k, 'v, VerifyingKey>, Error> {
        Context::new(self, context)
    }
}

/// PH(M): a fresh `D`, fed by the caller's closure, finalized.
fn prehash_with<D, F>(f: F) -> Result<[u8; 64], signature::Error>
where
    D: Digest<OutputSize = U64> + Update,
    F: Fn(&mut D) -> Result<(), signature::Error>,
{
    let mut d = D::new();
    f(&mut d)?;
    let mut out = [0u8; 64];
    // `OutputSize = U64`: the output array is exactly these 64 bytes.
    d.finalize_into((&mut out).into());
    Ok(out)
}

/// The key a digest is signed or verified with, and the context: empty for the key
/// itself, the [`Context`]'s own for a `Context`.
trait KeyAndContext<K> {
    fn key_and_context(&self) -> (&K, &[u8]);
}

impl KeyAndContext<SigningKey> for SigningKey {
    fn key_and_context(&self) -> (&SigningKey, &[u8]) {
        (self, b"")
    }
}

impl KeyAndContext<VerifyingKey> for VerifyingKey {
    fn key_and_context(&self) -> (&VerifyingKey, &[u8]) {
        (self, b"")
    }
}

impl<K> KeyAndContext<K> for Context<'_, '_, K> {
    fn key_and_context(&self) -> (&K, &[u8]) {
        (self.key, self.value)
    }
}

/// The signature of PH(M) under `context` (checked to be at most 255 bytes where the
/// context was made, or empty), as this module's [`Signature`] or the `ed25519` crate's.
fn sign_digest<D, F, S>(key: &SigningKey, context: &[u8], f: F) -> Result<S, signature::Error>
where
    D: Digest<OutputSize = U64> + Update,
    F: Fn(&mut D) -> Result<(), signature::Error>,
    S: From<Signature>,
{
    let ph = prehash_with(f)?;
    key.sign_prehashed(&ph, context)
        .map(S::from)
        .map_err(|_| signature::Error::new())
}

/// [`VerifyingKey::verify_prehashed`] on PH(M); the reason for a failure is not kept
/// (`signature::Error` is opaque), as in the `Verifier` implementations.
fn verify_digest<D, F, S>(
    key: &VerifyingKey,
    context: &[u8],
    f: F,
    sig: &S,
) -> Result<(), signature::Error>
where
    D: Digest<OutputSize = U64> + Update,
    F: Fn(&mut D) -> Result<(), signature::Error>,
    S: Copy + Into<Signature>,
{
    let ph = prehash_with(f)?;
    key.verify_prehashed(&ph, context, &(*sig).into())
        .map_err(|_| signature::Error::new())
}

/// `DigestSigner<D, $sig>` for `$t` (a signing key, or one with a context), documented
/// by `$doc`.
macro_rules! digest_signer {
    ($t:ty, $sig:ty, $doc:literal) => {
        #[doc = $doc]
        #[cfg_attr(docsrs, doc(cfg(all(feature = "digest", feature = "signature"))))]
        impl<D> DigestSigner<D, $sig> for $t
        where
            D: Digest<OutputSize = U64> + Update,
        {
            fn try_sign_digest<F: Fn(&mut D) -> Result<(), signature::Error>>(
                &self,
                f: F,
            ) -> Result<$sig, signature::Error> {
                let (key, context) = self.key_and_context();
                sign_digest(key, context, f)
            }
        }
    };
}

/// `DigestVerifier<D, $sig>` for `$t` (a verifying key, or one with a context), under
/// [`VerifyingKey::verify`]'s (ZIP-215) rules, documented by `$doc`.
macro_rules! digest_verifier {
    ($t:ty, $sig:ty, $doc:literal) => {
        #[doc = $doc]
        #[cfg_attr(docsrs, doc(cfg(all(feature = "digest", feature = "signature"))))]
        impl<D> DigestVerifier<D, $sig> for $t
        where
            D: Digest<OutputSize = U64> + Update,
        {
            fn verify_digest<F: Fn(&mut D) -> Result<(), signature::Error>>(
                &self,
                f: F,
                sig: &$sig,
            ) -> Result<(), signature::Error> {
                let (key, context) = self.key_and_context();
                verify_digest(key, context, f, sig)
            }
        }
    };
}

digest_signer!(
    SigningKey,
    Signature,
    "Ed25519ph with the empty context ([`SigningKey::sign_prehashed`] with `b\"\"`)."
);
digest_signer!(
    SigningKey,
    ::ed25519::Signature,
    "Ed25519ph with the empty context, as the `ed25519` crate's `Signature`."
);
digest_signer!(
    Context<'_, '_, SigningKey>,
    Signature,
    "Ed25519ph under the context ([`SigningKey::sign_prehashed`])."
);
digest_signer!(
    Context<'_, '_, SigningKey>,
    ::ed25519::Signature,
    "Ed25519ph under the context, as the `ed25519` crate's `Signature`."
);
digest_verifier!(
    VerifyingKey,
    Signature,
    "Ed25519ph with the empty context, under [`VerifyingKey::verify`]'s (ZIP-215) rules."
);
digest_verifier!(
    VerifyingKey,
    ::ed25519::Signature,
    "Ed25519ph with the empty context, for the `ed25519` crate's `Signature`."
);
digest_verifier!(
    Context<'_, '_, VerifyingKey>,
    Signature,
    "Ed25519ph under the context ([`VerifyingKey::verify_prehashed`])."
);
digest_verifier!(
    Context<'_, '_, VerifyingKey>,
    ::ed25519::Signature,
    "Ed25519ph under the context, for the `ed25519` crate's `Signature`."
);
