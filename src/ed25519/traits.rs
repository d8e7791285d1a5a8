//! The RustCrypto `signature` traits and conversions to and from the `ed25519` crate's
//! `Signature` (feature `signature`), so this crate can stand in where those are expected.

use super::{Signature, SigningKey, VerifyingKey};

#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl signature::SignatureEncoding for Signature {
    type Repr = [u8; 64];
}

#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl signature::Signer<Signature> for SigningKey {
    fn try_sign(&self, msg: &[u8]) -> Result<Signature, signature::Error> {
        Ok(self.sign(msg))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl signature::Signer<::ed25519::Signature> for SigningKey {
    fn try_sign(&self, msg: &[u8]) -> Result<::ed25519::Signature, signature::Error> {
        Ok(self.sign(msg).into())
    }
}

/// Hedged signing ([`SigningKey::sign_hedged`], draft-irtf-cfrg-det-sigs-with-noise-05
/// §3): 32 bytes of `rng` mixed into the nonce. A failing `rng` is a `signature::Error`.
#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl signature::RandomizedSigner<Signature> for SigningKey {
    fn try_sign_with_rng<R: rand_core::TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Signature, signature::Error> {
        let mut z = [0u8; 32];
        let drawn = rng.try_fill_bytes(&mut z);
        let sig = drawn.map(|()| self.sign_hedged_with_z(None, msg, &z));
        zeroize::Zeroize::zeroize(&mut z);
        sig.map_err(|_| signature::Error::new())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl signature::Keypair for SigningKey {
    type VerifyingKey = VerifyingKey;

    fn verifying_key(&self) -> VerifyingKey {
        SigningKey::verifying_key(self)
    }
}

/// ZIP-215 rules ([`VerifyingKey::verify`]); the reason for a failure is not kept
/// (`signature::Error` is opaque).
#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl signature::Verifier<Signature> for VerifyingKey {
    fn verify(&self, msg: &[u8], sig: &Signature) -> Result<(), signature::Error> {
        VerifyingKey::verify(self, msg, sig).map_err(|_| signature::Error::new())
    }
}

/// ZIP-215 rules ([`VerifyingKey::verify`]); the reason for a failure is not kept
/// (`signature::Error` is opaque).
#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl signature::Verifier<::ed25519::Signature> for VerifyingKey {
    fn verify(&self, msg: &[u8], sig: &::ed25519::Signature) -> Result<(), signature::Error> {
        VerifyingKey::verify(self, msg, &Signature::from(sig)).map_err(|_| signature::Error::new())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl From<Signature> for ::ed25519::Signature {
    fn from(sig: Signature) -> ::ed25519::Signature {
        ::ed25519::Signature::from_bytes(&sig.to_bytes())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl From<&::ed25519::Signature> for Signature {
    fn from(sig: &::ed25519::Signature) -> Signature {
        Signature::from_bytes(&sig.to_bytes())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "signature")))]
impl From<::ed25519::Signature> for Signature {
    fn from(sig: ::ed25519::Signature) -> Signature {
        Signature::from(&sig)
    }
}
