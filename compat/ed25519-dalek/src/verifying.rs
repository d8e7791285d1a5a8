//! ed25519-dalek's `VerifyingKey`, over [`edwards25519::ed25519::VerifyingKey`].

use crate::{PUBLIC_KEY_LENGTH, Signature, SignatureError, error, native_sig};
use core::fmt;
use core::hash::{Hash, Hasher};
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::montgomery::MontgomeryPoint;
use edwards25519::ed25519::VerifyingKey as Native;

/// An Ed25519 public key, ed25519-dalek's `VerifyingKey`.
///
/// [`VerifyingKey::verify`] is ed25519-dalek's rule (cofactorless, R canonical):
/// [`Native::verify_cofactorless`]. The native [`Native::verify`] follows ZIP-215 instead.
///
/// ```
/// use ed25519_dalek::{Signer, SigningKey, Verifier};
///
/// let key = SigningKey::from_bytes(&[7; 32]);
/// let sig = key.sign(b"msg");
/// let vk = key.verifying_key();
/// assert!(vk.verify(b"msg", &sig).is_ok());
/// assert!(vk.verify_strict(b"msg", &sig).is_ok());
/// assert!(vk.verify(b"other", &sig).is_err());
/// ```
#[derive(Copy, Clone, Eq, PartialEq)]
pub struct VerifyingKey(pub(crate) Native);

impl VerifyingKey {
    /// The encoding, as given.
    pub fn to_bytes(&self) -> [u8; PUBLIC_KEY_LENGTH] {
        self.0.to_bytes()
    }

    /// The encoding, by reference.
    pub fn as_bytes(&self) -> &[u8; PUBLIC_KEY_LENGTH] {
        self.0.as_bytes()
    }

    /// Decodes a public key: any encoding of a point, as ed25519-dalek accepts
    /// (non-canonical and small-order ones included).
    pub fn from_bytes(bytes: &[u8; PUBLIC_KEY_LENGTH]) -> Result<VerifyingKey, SignatureError> {
        Native::from_bytes(bytes).map(VerifyingKey).map_err(error)
    }

    /// The key with a context, for Ed25519ph with [`signature::DigestVerifier`].
    #[cfg(feature = "digest")]
    pub fn with_context<'k, 'v>(
        &'k self,
        context_value: &'v [u8],
    ) -> Result<crate::Context<'k, 'v, Self>, SignatureError> {
        crate::Context::new(self, context_value)
    }

    /// Whether the key has small order.
    pub fn is_weak(&self) -> bool {
        self.0.is_weak()
    }

    /// ed25519-dalek's `verify`: S canonical, R the canonical encoding of a point,
    /// `[S]B = R + [k]A` without the cofactor.
    pub fn verify(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        self.0
            .verify_cofactorless(message, &native_sig(signature))
            .map_err(error)
    }

    /// ed25519-dalek's `verify_strict`: also refuses small-order A and R and a
    /// non-canonical A.
    pub fn verify_strict(
        &self,
        message: &[u8],
        signature: &Signature,
    ) -> Result<(), SignatureError> {
        self.0
            .verify_strict(message, &native_sig(signature))
            .map_err(error)
    }

    /// Ed25519ph verification with [`VerifyingKey::verify`]'s rule; `context` defaults to
    /// the empty string.
    #[cfg(feature = "digest")]
    pub fn verify_prehashed<MsgDigest>(
        &self,
        prehashed_message: MsgDigest,
        context: Option<&[u8]>,
        signature: &Signature,
    ) -> Result<(), SignatureError>
    where
        MsgDigest: crate::Digest<OutputSize = curve25519_dalek::digest::consts::U64>,
    {
        self.0
            .verify_prehashed_cofactorless(
                &crate::digest_bytes(prehashed_message),
                context.unwrap_or(b""),
                &native_sig(signature),
            )
            .map_err(error)
    }

    /// Ed25519ph verification with [`VerifyingKey::verify_strict`]'s rules.
    #[cfg(feature = "digest")]
    pub fn verify_prehashed_strict<MsgDigest>(
        &self,
        prehashed_message: MsgDigest,
        context: Option<&[u8]>,
        signature: &Signature,
    ) -> Result<(), SignatureError>
    where
        MsgDigest: crate::Digest<OutputSize = curve25519_dalek::digest::consts::U64>,
    {
        self.0
            .verify_prehashed_strict(
                &crate::digest_bytes(prehashed_message),
                context.unwrap_or(b""),
                &native_sig(signature),
            )
            .map_err(error)
    }

    /// A verifier that takes the message in chunks ([`VerifyingKey::verify`]'s rule).
    /// It keeps the chunks until `finalize_and_verify` (ed25519-dalek hashes them as they
    /// come).
    #[cfg(feature = "hazmat")]
    pub fn verify_stream(
        &self,
        signature: &Signature,
    ) -> Result<crate::StreamVerifier, SignatureError> {
        crate::StreamVerifier::new(*self, *signature)
    }

    /// The X25519 public key: the Montgomery u of A.
    pub fn to_montgomery(&self) -> MontgomeryPoint {
        self.0.to_montgomery().into()
    }

    /// The point A.
    pub fn to_edwards(&self) -> EdwardsPoint {
        self.0.to_point().into()
    }
}

impl fmt::Debug for VerifyingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "VerifyingKey({:?}), {:?})",
            self.as_bytes(),
            self.to_edwards()
        )
    }
}

impl Default for VerifyingKey {
    /// The identity point's key (as ed25519-dalek's).
    fn default() -> VerifyingKey {
        VerifyingKey(Native::from_point(&edwards25519::Point::IDENTITY))
    }
}

impl AsRef<[u8]> for VerifyingKey {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl Hash for VerifyingKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state);
    }
}

impl From<EdwardsPoint> for VerifyingKey {
    fn from(point: EdwardsPoint) -> VerifyingKey {
        VerifyingKey(Native::from_point(&point.into()))
    }
}

impl From<VerifyingKey> for EdwardsPoint {
    fn from(vk: VerifyingKey) -> EdwardsPoint {
        vk.to_edwards()
    }
}

impl From<Native> for VerifyingKey {
    fn from(vk: Native) -> VerifyingKey {
        VerifyingKey(vk)
    }
}

impl From<VerifyingKey> for Native {
    fn from(vk: VerifyingKey) -> Native {
        vk.0
    }
}

impl TryFrom<&[u8]> for VerifyingKey {
    type Error = SignatureError;

    fn try_from(bytes: &[u8]) -> Result<VerifyingKey, SignatureError> {
        Native::try_from(bytes).map(VerifyingKey).map_err(error)
    }
}

impl signature::Verifier<Signature> for VerifyingKey {
    fn verify(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        VerifyingKey::verify(self, message, signature)
    }
}

#[cfg(feature = "digest")]
impl<D> signature::DigestVerifier<D, Signature> for VerifyingKey
where
    D: crate::Digest<OutputSize = curve25519_dalek::digest::consts::U64>
        + curve25519_dalek::digest::Update
        + Default,
{
    fn verify_digest<F: Fn(&mut D) -> Result<(), SignatureError>>(
        &self,
        f: F,
        signature: &Signature,
    ) -> Result<(), SignatureError> {
        let mut d = D::default();
        f(&mut d)?;
        self.verify_prehashed(d, None, signature)
    }
}

#[cfg(feature = "pkcs8")]
mod pkcs8_impls {
    use super::*;
    use ed25519::pkcs8::{self, spki};

    impl TryFrom<pkcs8::PublicKeyBytes> for VerifyingKey {
        type Error = spki::Error;
        fn try_from(bytes: pkcs8::PublicKeyBytes) -> spki::Result<VerifyingKey> {
            VerifyingKey::try_from(&bytes)
        }
    }

    impl TryFrom<&pkcs8::PublicKeyBytes> for VerifyingKey {
        type Error = spki::Error;
        fn try_from(bytes: &pkcs8::PublicKeyBytes) -> spki::Result<VerifyingKey> {
            Native::try_from(bytes).map(VerifyingKey)
        }
    }

    impl From<VerifyingKey> for pkcs8::PublicKeyBytes {
        fn from(vk: VerifyingKey) -> pkcs8::PublicKeyBytes {
            pkcs8::PublicKeyBytes(vk.to_bytes())
        }
    }

    impl From<&VerifyingKey> for pkcs8::PublicKeyBytes {
        fn from(vk: &VerifyingKey) -> pkcs8::PublicKeyBytes {
            pkcs8::PublicKeyBytes(vk.to_bytes())
        }
    }

    impl TryFrom<spki::SubjectPublicKeyInfoRef<'_>> for VerifyingKey {
        type Error = spki::Error;
        fn try_from(info: spki::SubjectPublicKeyInfoRef<'_>) -> spki::Result<VerifyingKey> {
            Native::try_from(info).map(VerifyingKey)
        }
    }

    impl spki::SignatureAlgorithmIdentifier for VerifyingKey {
        type Params = spki::der::AnyRef<'static>;
        const SIGNATURE_ALGORITHM_IDENTIFIER: spki::AlgorithmIdentifier<Self::Params> =
            <Signature as spki::AssociatedAlgorithmIdentifier>::ALGORITHM_IDENTIFIER;
    }

    #[cfg(feature = "alloc")]
    impl spki::EncodePublicKey for VerifyingKey {
        fn to_public_key_der(&self) -> spki::Result<spki::Document> {
            spki::EncodePublicKey::to_public_key_der(&self.0)
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for VerifyingKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for VerifyingKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<VerifyingKey, D::Error> {
        Native::deserialize(d).map(VerifyingKey)
    }
}
