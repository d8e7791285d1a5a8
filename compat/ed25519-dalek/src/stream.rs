//! ed25519-dalek's `StreamVerifier`.

use crate::{Signature, SignatureError, VerifyingKey};
use alloc::vec::Vec;

/// Verifies a signature on a message given in chunks, with
/// [`VerifyingKey::verify`]'s rule. It keeps the chunks (ed25519-dalek hashes them as
/// they come), and checks the signature's S before taking any.
///
/// ```
/// use ed25519_dalek::{Signer, SigningKey};
///
/// let key = SigningKey::from_bytes(&[2; 32]);
/// let sig = key.sign(b"in two parts");
/// let mut v = key.verify_stream(&sig).unwrap();
/// v.update("in two ");
/// v.update(b"parts");
/// assert!(v.finalize_and_verify().is_ok());
/// ```
pub struct StreamVerifier {
    key: VerifyingKey,
    signature: Signature,
    message: Vec<u8>,
}

impl StreamVerifier {
    pub(crate) fn new(key: VerifyingKey, signature: Signature) -> Result<Self, SignatureError> {
        // ed25519-dalek refuses a non-canonical S here, before any chunk.
        if edwards25519::Scalar::from_canonical_bytes(*signature.s_bytes())
            .is_none()
            .into()
        {
            return Err(crate::error(edwards25519::ed25519::Error::NonCanonicalS));
        }
        Ok(StreamVerifier {
            key,
            signature,
            message: Vec::new(),
        })
    }

    /// Takes the next chunk of the message.
    pub fn update(&mut self, chunk: impl AsRef<[u8]>) {
        self.message.extend_from_slice(chunk.as_ref());
    }

    /// Verifies the signature on the whole message.
    pub fn finalize_and_verify(self) -> Result<(), SignatureError> {
        self.key.verify(&self.message, &self.signature)
    }
}
