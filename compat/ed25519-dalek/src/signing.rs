//! ed25519-dalek's `SigningKey`, over [`edwards25519::ed25519::SigningKey`].

use crate::verifying::VerifyingKey;
use crate::{KEYPAIR_LENGTH, SECRET_KEY_LENGTH, Signature, SignatureError, dalek_sig, error};
use core::fmt;
use curve25519_dalek::scalar::{Scalar, clamp_integer};
use edwards25519::ed25519::SigningKey as Native;
use sha2::{Digest, Sha512};
use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// An Ed25519 secret key: the 32-byte seed.
pub type SecretKey = [u8; SECRET_KEY_LENGTH];

/// An Ed25519 signing key, ed25519-dalek's `SigningKey`: the native key and its public
/// key.
///
/// ```
/// use ed25519_dalek::{Signer, SigningKey, Verifier};
///
/// let key = SigningKey::from_bytes(&[1; 32]);
/// let sig = key.sign(b"hello");
/// assert!(key.verify(b"hello", &sig).is_ok());
/// assert_eq!(SigningKey::from_keypair_bytes(&key.to_keypair_bytes()).unwrap(), key);
/// ```
#[derive(Clone)]
pub struct SigningKey {
    inner: Native,
    /// Invariant: `inner.verifying_key()`.
    verifying_key: VerifyingKey,
}

impl SigningKey {
    fn wrap(inner: Native) -> SigningKey {
        let verifying_key = VerifyingKey(inner.verifying_key());
        SigningKey {
            inner,
            verifying_key,
        }
    }

    /// The key of a 32-byte seed.
    pub fn from_bytes(secret_key: &SecretKey) -> SigningKey {
        SigningKey::wrap(Native::from_seed(secret_key))
    }

    /// The seed.
    pub fn to_bytes(&self) -> SecretKey {
        self.inner.to_bytes()
    }

    /// The seed, by reference.
    pub fn as_bytes(&self) -> &SecretKey {
        self.inner.as_bytes()
    }

    /// The key of 64 bytes, seed then public key; fails if the public key is not the
    /// seed's.
    pub fn from_keypair_bytes(bytes: &[u8; 64]) -> Result<SigningKey, SignatureError> {
        Native::from_keypair_bytes(bytes)
            .map(SigningKey::wrap)
            .map_err(error)
    }

    /// The seed then the public key.
    pub fn to_keypair_bytes(&self) -> [u8; KEYPAIR_LENGTH] {
        self.inner.to_keypair_bytes()
    }

    /// The public key.
    pub fn verifying_key(&self) -> VerifyingKey {
        self.verifying_key
    }

    /// The key with a context, for Ed25519ph with [`signature::DigestSigner`].
    #[cfg(feature = "digest")]
    pub fn with_context<'k, 'v>(
        &'k self,
        context_value: &'v [u8],
    ) -> Result<crate::Context<'k, 'v, Self>, SignatureError> {
        crate::Context::new(self, context_value)
    }

    /// A key with a seed of 32 bytes from `csprng` (one `fill_bytes`).
    #[cfg(feature = "rand_core")]
    pub fn generate<R: rand_core::CryptoRng + ?Sized>(csprng: &mut R) -> SigningKey {
        SigningKey::wrap(Native::generate(csprng))
    }

    /// Ed25519ph: signs the prehash `prehashed_message` (a SHA-512 state) under
    /// `context` (default empty, at most 255 bytes).
    #[cfg(feature = "digest")]
    pub fn sign_prehashed<MsgDigest>(
        &self,
        prehashed_message: MsgDigest,
        context: Option<&[u8]>,
    ) -> Result<Signature, SignatureError>
    where
        MsgDigest: Digest<OutputSize = curve25519_dalek::digest::consts::U64>,
    {
        self.inner
            .sign_prehashed(
                &crate::digest_bytes(prehashed_message),
                context.unwrap_or(b""),
            )
            .map(|s| dalek_sig(&s))
            .map_err(error)
    }

    /// [`VerifyingKey::verify`] with this key's public key.
    pub fn verify(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        self.verifying_key.verify(message, signature)
    }

    /// [`VerifyingKey::verify_prehashed`] with this key's public key.
    #[cfg(feature = "digest")]
    pub fn verify_prehashed<MsgDigest>(
        &self,
        prehashed_message: MsgDigest,
        context: Option<&[u8]>,
        signature: &Signature,
    ) -> Result<(), SignatureError>
    where
        MsgDigest: Digest<OutputSize = curve25519_dalek::digest::consts::U64>,
    {
        self.verifying_key
            .verify_prehashed(prehashed_message, context, signature)
    }

    /// [`VerifyingKey::verify_strict`] with this key's public key.
    pub fn verify_strict(
        &self,
        message: &[u8],
        signature: &Signature,
    ) -> Result<(), SignatureError> {
        self.verifying_key.verify_strict(message, signature)
    }

    /// [`VerifyingKey::verify_stream`] with this key's public key.
    #[cfg(feature = "hazmat")]
    pub fn verify_stream(
        &self,
        signature: &Signature,
    ) -> Result<crate::StreamVerifier, SignatureError> {
        self.verifying_key.verify_stream(signature)
    }

    /// The first half of SHA-512(seed), unclamped: clamped, it is the X25519 secret of
    /// [`VerifyingKey::to_montgomery`]. (The native `to_x25519_scalar` returns it
    /// clamped.)
    pub fn to_scalar_bytes(&self) -> [u8; 32] {
        let mut h: [u8; 64] = Sha512::digest(self.as_bytes()).into();
        let mut out = [0u8; 32];
        out.copy_from_slice(&h[..32]);
        h.zeroize();
        out
    }

    /// The secret scalar: [`SigningKey::to_scalar_bytes`] clamped and reduced mod l.
    pub fn to_scalar(&self) -> Scalar {
        let mut b = self.to_scalar_bytes();
        let s = Scalar::from_bytes_mod_order(clamp_integer(b));
        b.zeroize();
        s
    }
}

impl AsRef<VerifyingKey> for SigningKey {
    fn as_ref(&self) -> &VerifyingKey {
        &self.verifying_key
    }
}

impl fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SigningKey")
            .field("verifying_key", &self.verifying_key)
            .finish_non_exhaustive()
    }
}

impl signature::KeypairRef for SigningKey {
    type VerifyingKey = VerifyingKey;
}

impl signature::Signer<Signature> for SigningKey {
    fn try_sign(&self, message: &[u8]) -> Result<Signature, SignatureError> {
        Ok(dalek_sig(&self.inner.sign(message)))
    }
}

impl signature::Verifier<Signature> for SigningKey {
    fn verify(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        self.verifying_key.verify(message, signature)
    }
}

#[cfg(feature = "digest")]
impl<D> signature::DigestSigner<D, Signature> for SigningKey
where
    D: Digest<OutputSize = curve25519_dalek::digest::consts::U64>
        + curve25519_dalek::digest::Update
        + Default,
{
    fn try_sign_digest<F: Fn(&mut D) -> Result<(), SignatureError>>(
        &self,
        f: F,
    ) -> Result<Signature, SignatureError> {
        let mut d = D::default();
        f(&mut d)?;
        self.sign_prehashed(d, None)
    }
}

impl From<SecretKey> for SigningKey {
    fn from(secret: SecretKey) -> SigningKey {
        SigningKey::from_bytes(&secret)
    }
}

impl From<&SecretKey> for SigningKey {
    fn from(secret: &SecretKey) -> SigningKey {
        SigningKey::from_bytes(secret)
    }
}

impl TryFrom<&[u8]> for SigningKey {
    type Error = SignatureError;

    /// A 32-byte seed; any other length is an error.
    fn try_from(bytes: &[u8]) -> Result<SigningKey, SignatureError> {
        SecretKey::try_from(bytes)
            .map(|b| SigningKey::from_bytes(&b))
            .map_err(|_| {
                error(edwards25519::ed25519::Error::InvalidLength {
                    expected: SECRET_KEY_LENGTH,
                    actual: bytes.len(),
                })
            })
    }
}

impl From<&SigningKey> for VerifyingKey {
    fn from(key: &SigningKey) -> VerifyingKey {
        key.verifying_key
    }
}

impl ConstantTimeEq for SigningKey {
    fn ct_eq(&self, other: &SigningKey) -> Choice {
        self.inner.ct_eq(&other.inner)
    }
}

impl PartialEq for SigningKey {
    fn eq(&self, other: &SigningKey) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for SigningKey {}

/// The native key zeroizes its secrets on drop.
impl ZeroizeOnDrop for SigningKey {}

#[cfg(feature = "pkcs8")]
mod pkcs8_impls {
    use super::*;
    use ed25519::pkcs8::{self, spki};

    impl TryFrom<pkcs8::KeypairBytes> for SigningKey {
        type Error = pkcs8::Error;
        fn try_from(bytes: pkcs8::KeypairBytes) -> pkcs8::Result<SigningKey> {
            Native::try_from(bytes).map(SigningKey::wrap)
        }
    }

    impl TryFrom<&pkcs8::KeypairBytes> for SigningKey {
        type Error = pkcs8::Error;
        fn try_from(bytes: &pkcs8::KeypairBytes) -> pkcs8::Result<SigningKey> {
            Native::try_from(bytes).map(SigningKey::wrap)
        }
    }

    impl From<SigningKey> for pkcs8::KeypairBytes {
        fn from(key: SigningKey) -> pkcs8::KeypairBytes {
            pkcs8::KeypairBytes::from(&key.inner)
        }
    }

    impl From<&SigningKey> for pkcs8::KeypairBytes {
        fn from(key: &SigningKey) -> pkcs8::KeypairBytes {
            pkcs8::KeypairBytes::from(&key.inner)
        }
    }

    impl TryFrom<pkcs8::PrivateKeyInfoRef<'_>> for SigningKey {
        type Error = pkcs8::Error;
        fn try_from(info: pkcs8::PrivateKeyInfoRef<'_>) -> pkcs8::Result<SigningKey> {
            Native::try_from(info).map(SigningKey::wrap)
        }
    }

    impl spki::SignatureAlgorithmIdentifier for SigningKey {
        type Params = spki::der::AnyRef<'static>;
        const SIGNATURE_ALGORITHM_IDENTIFIER: spki::AlgorithmIdentifier<Self::Params> =
            <Signature as spki::AssociatedAlgorithmIdentifier>::ALGORITHM_IDENTIFIER;
    }

    #[cfg(feature = "alloc")]
    impl pkcs8::EncodePrivateKey for SigningKey {
        fn to_pkcs8_der(&self) -> pkcs8::Result<pkcs8::SecretDocument> {
            pkcs8::EncodePrivateKey::to_pkcs8_der(&self.inner)
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for SigningKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.inner.serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for SigningKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SigningKey, D::Error> {
        Native::deserialize(d).map(SigningKey::wrap)
    }
}
