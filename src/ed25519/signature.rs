//! The 64-byte signature R || S, kept exactly as received.

use super::Error;
use crate::Scalar;
use core::fmt;

/// An Ed25519 signature: the encoding of the point R followed by the scalar S.
///
/// Any 64 bytes make a `Signature`: nothing is checked until verification, which then
/// says what is wrong (S not canonical, R not a point, ...). The bytes are kept as given,
/// because the challenge hash covers R exactly as received.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Signature {
    r: [u8; 32],
    s: [u8; 32],
}

impl Signature {
    /// The signature with these 64 bytes (R || S).
    pub fn from_bytes(bytes: &[u8; 64]) -> Signature {
        let mut r = [0u8; 32];
        let mut s = [0u8; 32];
        r.copy_from_slice(&bytes[..32]);
        s.copy_from_slice(&bytes[32..]);
        Signature { r, s }
    }

    /// The signature from its two halves: the encoding of R and the encoding of S.
    pub fn from_components(r: [u8; 32], s: [u8; 32]) -> Signature {
        Signature { r, s }
    }

    /// The 64 bytes R || S, unchanged.
    pub fn to_bytes(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        out[..32].copy_from_slice(&self.r);
        out[32..].copy_from_slice(&self.s);
        out
    }

    /// The encoding of R, the first half.
    pub fn r_bytes(&self) -> &[u8; 32] {
        &self.r
    }

    /// The encoding of S, the second half.
    pub fn s_bytes(&self) -> &[u8; 32] {
        &self.s
    }

    /// S as a scalar, if it is canonical (below l), as both verification rules require.
    pub(super) fn s_scalar(&self) -> Result<Scalar, Error> {
        Option::from(Scalar::from_canonical_bytes(self.s)).ok_or(Error::NonCanonicalS)
    }
}

impl From<[u8; 64]> for Signature {
    fn from(bytes: [u8; 64]) -> Signature {
        Signature::from_bytes(&bytes)
    }
}

impl From<&[u8; 64]> for Signature {
    fn from(bytes: &[u8; 64]) -> Signature {
        Signature::from_bytes(bytes)
    }
}

impl From<Signature> for [u8; 64] {
    fn from(sig: Signature) -> [u8; 64] {
        sig.to_bytes()
    }
}

impl TryFrom<&[u8]> for Signature {
    type Error = Error;

    /// Fails with [`Error::InvalidLength`] unless the slice has exactly 64 bytes.
    fn try_from(bytes: &[u8]) -> Result<Signature, Error> {
        let bytes: &[u8; 64] = bytes.try_into().map_err(|_| Error::InvalidLength)?;
        Ok(Signature::from_bytes(bytes))
    }
}

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Signature(")?;
        for b in self.r.iter().chain(self.s.iter()) {
            write!(f, "{b:02x}")?;
        }
        f.write_str(")")
    }
}
