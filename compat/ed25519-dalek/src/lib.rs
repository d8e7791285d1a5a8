#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "batch")]
mod batch;
#[cfg(feature = "digest")]
mod context;
#[cfg(feature = "hazmat")]
pub mod hazmat;
mod signing;
#[cfg(feature = "hazmat")]
mod stream;
mod verifying;

pub use ed25519;
#[cfg(feature = "rand_core")]
pub use rand_core;

#[cfg(feature = "batch")]
pub use crate::batch::verify_batch;
#[cfg(feature = "digest")]
pub use crate::context::Context;
pub use crate::signing::{SecretKey, SigningKey};
#[cfg(feature = "hazmat")]
pub use crate::stream::StreamVerifier;
pub use crate::verifying::VerifyingKey;
#[cfg(feature = "digest")]
pub use curve25519_dalek::digest::Digest;
#[cfg(feature = "digest")]
pub use sha2::Sha512;
#[cfg(feature = "digest")]
pub use signature::{DigestSigner, DigestVerifier};

pub use ed25519::Signature;
#[cfg(feature = "pkcs8")]
pub use ed25519::pkcs8;
pub use ed25519::signature::{Signer, Verifier};

/// The length of an Ed25519 signature in bytes.
pub const SIGNATURE_LENGTH: usize = 64;
/// The length of an Ed25519 secret key (the seed) in bytes.
pub const SECRET_KEY_LENGTH: usize = 32;
/// The length of an Ed25519 public key in bytes.
pub const PUBLIC_KEY_LENGTH: usize = 32;
/// The length of a keypair (secret key then public key) in bytes.
pub const KEYPAIR_LENGTH: usize = SECRET_KEY_LENGTH + PUBLIC_KEY_LENGTH;
/// The length of an expanded secret key (scalar then hash prefix) in bytes.
pub const EXPANDED_SECRET_KEY_LENGTH: usize = 64;

/// ed25519-dalek's error type: the `signature` crate's opaque error. With `alloc`, its
/// source is the native [`edwards25519::ed25519::Error`], which says why.
pub type SignatureError = signature::Error;

/// The native error as a [`SignatureError`] (its source, with `alloc`).
pub(crate) fn error(e: edwards25519::ed25519::Error) -> SignatureError {
    #[cfg(feature = "alloc")]
    {
        SignatureError::from_source(e)
    }
    #[cfg(not(feature = "alloc"))]
    {
        let _ = e;
        SignatureError::new()
    }
}

/// The native signature with the same bytes. With `legacy_compatibility`, an S below
/// 2^253 (its top three bits clear) that is not reduced is replaced by its residue
/// mod l, which is what ed25519-dalek's legacy check amounts to: it accepts such an S
/// and multiplies the base point B, of order l, by it. Every verification goes through
/// here, so all of them (`verify`, `verify_strict`, prehashed, batch, `hazmat`) take
/// it, as in ed25519-dalek.
pub(crate) fn native_sig(sig: &Signature) -> edwards25519::ed25519::Signature {
    #[cfg(not(feature = "legacy_compatibility"))]
    let bytes = sig.to_bytes();
    #[cfg(feature = "legacy_compatibility")]
    let bytes = {
        let mut bytes = sig.to_bytes();
        let mut s = [0u8; 32];
        s.copy_from_slice(&bytes[32..]);
        // S is public: a branch on it is fine.
        if s[31] & 0b1110_0000 == 0 {
            let reduced = edwards25519::Scalar::from_bytes_mod_order(s).to_bytes();
            bytes[32..].copy_from_slice(&reduced);
        }
        bytes
    };
    edwards25519::ed25519::Signature::from_bytes(&bytes)
}

/// The `ed25519` crate's signature with the native one's bytes.
pub(crate) fn dalek_sig(sig: &edwards25519::ed25519::Signature) -> Signature {
    Signature::from_bytes(&sig.to_bytes())
}

/// A 64-byte digest's output as an array.
#[cfg(feature = "digest")]
pub(crate) fn digest_bytes<D>(d: D) -> [u8; 64]
where
    D: Digest<OutputSize = curve25519_dalek::digest::consts::U64>,
{
    let mut out = [0u8; 64];
    out.copy_from_slice(&d.finalize());
    out
}
