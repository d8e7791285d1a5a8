//! The hashes of RFC 8032 §5.1: the challenge SHA-512(dom2(F, C) || R || A || M) mod l,
//! the dom2 prefix of Ed25519ctx and Ed25519ph, and Ed25519ph's prehash. Shared by
//! signing and every verification rule.

use super::Error;
use crate::Scalar;
use sha2::digest::consts::U64;
use sha2::{Digest, Sha512};

/// The challenge k = SHA-512(R || A || M) mod l, over the encodings of R and A exactly
/// as they were received (never re-encoded: ZIP-215 and RFC 8032 both hash the bytes).
///
/// Public data only: used by signing (where R, A and M are all public) and verification.
pub(super) fn challenge(r: &[u8; 32], a: &[u8; 32], msg: &[u8]) -> Scalar {
    challenge_with(None, r, a, msg)
}

/// The challenge k = SHA-512(dom2(F, C) || R || A || M) mod l for Ed25519ctx and
/// Ed25519ph (RFC 8032 §5.1), or without the prefix for pure Ed25519 (`dom` = None).
pub(super) fn challenge_with(
    dom: Option<&Dom2<'_>>,
    r: &[u8; 32],
    a: &[u8; 32],
    msg: &[u8],
) -> Scalar {
    match challenge_by::<Sha512, core::convert::Infallible>(dom, r, a, &|h| {
        h.update(msg);
        Ok(())
    }) {
        Ok(k) => k,
        Err(never) => match never {},
    }
}

/// [`challenge_with`] with the hash `D` in place of SHA-512 and the message fed by
/// `message` (the `ExpandedSecretKey` functions' generality; RFC 8032 uses SHA-512).
pub(super) fn challenge_by<D: Digest<OutputSize = U64>, E>(
    dom: Option<&Dom2<'_>>,
    r: &[u8; 32],
    a: &[u8; 32],
    message: &impl Fn(&mut D) -> Result<(), E>,
) -> Result<Scalar, E> {
    let mut h = D::new();
    if let Some(dom) = dom {
        dom.update(&mut h);
    }
    Digest::update(&mut h, r);
    Digest::update(&mut h, a);
    message(&mut h)?;
    let mut digest = [0u8; 64];
    h.finalize_into((&mut digest).into());
    Ok(Scalar::from_bytes_mod_order_wide(&digest))
}

/// RFC 8032 §5.1's dom2(F, C) = "SigEd25519 no Ed25519 collisions" || octet(F) ||
/// octet(OLEN(C)) || C: the prefix of both hashes in Ed25519ctx (F = 0) and Ed25519ph
/// (F = 1). An empty context is still a prefix, so Ed25519ctx with an empty context
/// differs from pure Ed25519 (which has none).
pub(super) struct Dom2<'a> {
    phflag: u8,
    context: &'a [u8],
}

impl<'a> Dom2<'a> {
    /// Ed25519ctx's prefix; a context over 255 bytes cannot be encoded
    /// ([`Error::ContextTooLong`]).
    pub(super) fn ctx(context: &'a [u8]) -> Result<Dom2<'a>, Error> {
        Dom2::new(0, context)
    }

    /// Ed25519ph's prefix; a context over 255 bytes cannot be encoded.
    pub(super) fn ph(context: &'a [u8]) -> Result<Dom2<'a>, Error> {
        Dom2::new(1, context)
    }

    fn new(phflag: u8, context: &'a [u8]) -> Result<Dom2<'a>, Error> {
        if context.len() > 255 {
            return Err(Error::ContextTooLong);
        }
        Ok(Dom2 { phflag, context })
    }

    pub(super) fn update<D: Digest>(&self, h: &mut D) {
        h.update(b"SigEd25519 no Ed25519 collisions");
        // The length fits a byte: checked in `new`.
        h.update([self.phflag, self.context.len() as u8]);
        h.update(self.context);
    }
}

/// PH(M) = SHA-512(M), Ed25519ph's prehash (RFC 8032 §5.1).
pub(super) fn prehash(msg: &[u8]) -> [u8; 64] {
    let mut digest = [0u8; 64];
    Sha512::new()
        .chain_update(msg)
        .finalize_into((&mut digest).into());
    digest
}
