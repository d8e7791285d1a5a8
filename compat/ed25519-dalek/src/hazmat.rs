//! ed25519-dalek's `hazmat` module: signing with an expanded secret key and a hash of
//! the caller's choice, over the native [`edwards25519::ed25519::ExpandedSecretKey`].
//!
//! # Warning
//!
//! These functions are easy to misuse: a wrong verifying key, or a hash prefix shared
//! between two scalars, reveals the secret scalar. Use [`SigningKey`](crate::SigningKey)
//! unless a protocol needs these.

use crate::{Signature, SignatureError, VerifyingKey, dalek_sig, error, native_sig};
use core::fmt;
use curve25519_dalek::digest::{Digest, consts::U64};
use curve25519_dalek::scalar::Scalar;
use edwards25519::ed25519::ExpandedSecretKey as Native;
use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The secret scalar and the hash prefix a signature is made with: in Ed25519,
/// `scalar || hash_prefix` is SHA-512 of the secret key, the first half clamped and
/// reduced. Both fields are overwritten with zeros when it is dropped.
///
/// ```
/// use ed25519_dalek::hazmat::{ExpandedSecretKey, raw_sign, raw_verify};
/// use ed25519_dalek::{Signer, SigningKey, VerifyingKey};
/// use sha2::Sha512;
///
/// let secret = [3u8; 32];
/// let esk = ExpandedSecretKey::from(&secret);
/// let vk = VerifyingKey::from(&esk);
/// let sig = raw_sign::<Sha512>(&esk, b"msg", &vk);
/// assert_eq!(sig, SigningKey::from_bytes(&secret).sign(b"msg"));
/// assert!(raw_verify::<Sha512>(&vk, b"msg", &sig).is_ok());
/// ```
pub struct ExpandedSecretKey {
    /// The secret scalar.
    pub scalar: Scalar,
    /// The secret hashed with the message to derive the nonce.
    pub hash_prefix: [u8; 32],
}

impl ExpandedSecretKey {
    /// From 64 bytes: the first 32 clamped and reduced are the scalar, the last 32 the
    /// hash prefix.
    ///
    /// ```
    /// use ed25519_dalek::hazmat::ExpandedSecretKey;
    ///
    /// let esk = ExpandedSecretKey::from_bytes(&[1; 64]);
    /// assert_eq!(esk.hash_prefix, [1; 32]);
    /// ```
    pub fn from_bytes(bytes: &[u8; 64]) -> Self {
        ExpandedSecretKey::from_native(&Native::from_bytes(bytes))
    }

    /// [`ExpandedSecretKey::from_bytes`] from a slice, which must hold 64 bytes.
    ///
    /// ```
    /// use ed25519_dalek::hazmat::ExpandedSecretKey;
    ///
    /// assert!(ExpandedSecretKey::from_slice(&[0; 64]).is_ok());
    /// assert!(ExpandedSecretKey::from_slice(&[0; 63]).is_err());
    /// ```
    pub fn from_slice(bytes: &[u8]) -> Result<Self, SignatureError> {
        <&[u8; 64]>::try_from(bytes)
            .map(ExpandedSecretKey::from_bytes)
            .map_err(|_| {
                error(edwards25519::ed25519::Error::InvalidLength {
                    expected: 64,
                    actual: bytes.len(),
                })
            })
    }

    fn from_native(native: &Native) -> Self {
        ExpandedSecretKey {
            scalar: Scalar::from(*native.scalar()),
            hash_prefix: *native.prefix(),
        }
    }

    /// The native key with these fields (wiped when dropped).
    fn native(&self) -> Native {
        Native::from_scalar_and_prefix(self.scalar.into(), self.hash_prefix)
    }
}

impl From<&crate::SecretKey> for ExpandedSecretKey {
    /// SHA-512 of the secret key, as [`ExpandedSecretKey::from_bytes`].
    fn from(secret_key: &crate::SecretKey) -> ExpandedSecretKey {
        ExpandedSecretKey::from_native(&Native::from_seed(secret_key))
    }
}

impl TryFrom<&[u8]> for ExpandedSecretKey {
    type Error = SignatureError;

    fn try_from(bytes: &[u8]) -> Result<Self, SignatureError> {
        ExpandedSecretKey::from_slice(bytes)
    }
}

impl From<&ExpandedSecretKey> for VerifyingKey {
    /// `[scalar]B`.
    fn from(esk: &ExpandedSecretKey) -> VerifyingKey {
        VerifyingKey(esk.native().verifying_key())
    }
}

impl ConstantTimeEq for ExpandedSecretKey {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.scalar.ct_eq(&other.scalar) & self.hash_prefix.ct_eq(&other.hash_prefix)
    }
}

impl PartialEq for ExpandedSecretKey {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for ExpandedSecretKey {}

impl fmt::Debug for ExpandedSecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExpandedSecretKey").finish_non_exhaustive()
    }
}

impl Drop for ExpandedSecretKey {
    fn drop(&mut self) {
        #[cfg(feature = "zeroize")]
        self.scalar.zeroize();
        #[cfg(not(feature = "zeroize"))]
        {
            self.scalar = Scalar::ZERO;
        }
        self.hash_prefix.zeroize();
    }
}

impl ZeroizeOnDrop for ExpandedSecretKey {}

/// An Ed25519 signature of `message` with the hash `CtxDigest` (SHA-512 in Ed25519):
/// the native [`Native::sign_with_hash`].
///
/// ```
/// use ed25519_dalek::hazmat::{ExpandedSecretKey, raw_sign};
/// use ed25519_dalek::{Verifier, VerifyingKey};
/// use sha2::Sha512;
///
/// let esk = ExpandedSecretKey::from_bytes(&[7; 64]);
/// let vk = VerifyingKey::from(&esk);
/// assert!(vk.verify(b"m", &raw_sign::<Sha512>(&esk, b"m", &vk)).is_ok());
/// ```
pub fn raw_sign<CtxDigest>(
    esk: &ExpandedSecretKey,
    message: &[u8],
    verifying_key: &VerifyingKey,
) -> Signature
where
    CtxDigest: Digest<OutputSize = U64>,
{
    dalek_sig(
        &esk.native()
            .sign_with_hash::<CtxDigest>(message, &verifying_key.0),
    )
}

/// [`raw_sign`] with the message fed to the hash by `msg_update`, which is called
/// twice and must feed the same bytes both times.
///
/// ```
/// use ed25519_dalek::hazmat::{ExpandedSecretKey, raw_sign, raw_sign_byupdate};
/// use ed25519_dalek::VerifyingKey;
/// use sha2::{Digest, Sha512};
///
/// let esk = ExpandedSecretKey::from_bytes(&[7; 64]);
/// let vk = VerifyingKey::from(&esk);
/// let sig = raw_sign_byupdate(&esk, |h: &mut Sha512| { h.update(b"ab"); Ok(()) }, &vk).unwrap();
/// assert_eq!(sig, raw_sign::<Sha512>(&esk, b"ab", &vk));
/// ```
pub fn raw_sign_byupdate<CtxDigest, F>(
    esk: &ExpandedSecretKey,
    msg_update: F,
    verifying_key: &VerifyingKey,
) -> Result<Signature, SignatureError>
where
    CtxDigest: Digest<OutputSize = U64>,
    F: Fn(&mut CtxDigest) -> Result<(), SignatureError>,
{
    esk.native()
        .sign_by_update::<CtxDigest, SignatureError>(msg_update, &verifying_key.0)
        .map(|s| dalek_sig(&s))
}

/// Ed25519ph (RFC 8032 §5.1) of the prehash `prehashed_message` under `context`
/// (default empty, at most 255 bytes), with `CtxDigest` in the signing hashes.
///
/// ```
/// use ed25519_dalek::hazmat::{ExpandedSecretKey, raw_sign_prehashed, raw_verify_prehashed};
/// use ed25519_dalek::VerifyingKey;
/// use sha2::{Digest, Sha512};
///
/// let esk = ExpandedSecretKey::from_bytes(&[7; 64]);
/// let vk = VerifyingKey::from(&esk);
/// let ph = Sha512::new().chain_update(b"m");
/// let sig = raw_sign_prehashed::<Sha512, _>(&esk, ph.clone(), &vk, Some(b"ctx")).unwrap();
/// assert!(raw_verify_prehashed::<Sha512, _>(&vk, ph, Some(b"ctx"), &sig).is_ok());
/// ```
#[cfg(feature = "digest")]
pub fn raw_sign_prehashed<CtxDigest, MsgDigest>(
    esk: &ExpandedSecretKey,
    prehashed_message: MsgDigest,
    verifying_key: &VerifyingKey,
    context: Option<&[u8]>,
) -> Result<Signature, SignatureError>
where
    MsgDigest: Digest<OutputSize = U64>,
    CtxDigest: Digest<OutputSize = U64>,
{
    esk.native()
        .sign_prehashed_with_hash::<CtxDigest>(
            &crate::digest_bytes(prehashed_message),
            context.unwrap_or(b""),
            &verifying_key.0,
        )
        .map(|s| dalek_sig(&s))
        .map_err(error)
}

/// ed25519-dalek's verification rule ([`VerifyingKey::verify`]: S canonical, R the
/// canonical encoding of a point, cofactorless) with `CtxDigest` in the challenge.
///
/// ```
/// use ed25519_dalek::hazmat::raw_verify;
/// use ed25519_dalek::{Signer, SigningKey};
/// use sha2::Sha512;
///
/// let key = SigningKey::from_bytes(&[1; 32]);
/// let sig = key.sign(b"m");
/// assert!(raw_verify::<Sha512>(&key.verifying_key(), b"m", &sig).is_ok());
/// assert!(raw_verify::<Sha512>(&key.verifying_key(), b"n", &sig).is_err());
/// ```
pub fn raw_verify<CtxDigest>(
    vk: &VerifyingKey,
    message: &[u8],
    signature: &Signature,
) -> Result<(), SignatureError>
where
    CtxDigest: Digest<OutputSize = U64>,
{
    vk.0.verify_cofactorless_with_hash::<CtxDigest>(message, &native_sig(signature))
        .map_err(error)
}

/// [`raw_verify`] for Ed25519ph: the prehash and `context` (default empty).
///
/// ```
/// use ed25519_dalek::hazmat::raw_verify_prehashed;
/// use ed25519_dalek::SigningKey;
/// use sha2::{Digest, Sha512};
///
/// let key = SigningKey::from_bytes(&[1; 32]);
/// let ph = Sha512::new().chain_update(b"m");
/// let sig = key.sign_prehashed(ph.clone(), None).unwrap();
/// assert!(raw_verify_prehashed::<Sha512, _>(&key.verifying_key(), ph, None, &sig).is_ok());
/// ```
#[cfg(feature = "digest")]
pub fn raw_verify_prehashed<CtxDigest, MsgDigest>(
    vk: &VerifyingKey,
    prehashed_message: MsgDigest,
    context: Option<&[u8]>,
    signature: &Signature,
) -> Result<(), SignatureError>
where
    MsgDigest: Digest<OutputSize = U64>,
    CtxDigest: Digest<OutputSize = U64>,
{
    vk.0.verify_prehashed_cofactorless_with_hash::<CtxDigest>(
        &crate::digest_bytes(prehashed_message),
        context.unwrap_or(b""),
        &native_sig(signature),
    )
    .map_err(error)
}
