//! The cofactorless verification rule (ed25519-dalek's `verify`), and the strict rule
//! for Ed25519ph.
//!
//! [`VerifyingKey::verify`] follows ZIP-215 (cofactored). Some users need the rule that
//! ed25519-dalek's `verify` applies, which accepts a different set of signatures: the
//! compatibility crate `edwards25519-compat-ed25519-dalek` wraps these functions.

use super::hash::{Dom2, challenge_by};
use super::verifying::is_canonical_encoding;
use super::{Error, Signature, VerifyingKey};
use crate::Point;
use sha2::digest::consts::U64;
use sha2::{Digest, Sha512};

impl VerifyingKey {
    /// Verifies `sig` on `msg` with the cofactorless equation, as ed25519-dalek's
    /// `verify` does.
    ///
    /// S must be below l; R must be the canonical encoding of a point (ed25519-dalek
    /// compares the encoding of `[S]B - [k]A` with R's bytes, which refuses every other
    /// R); A may be any encoding [`VerifyingKey::from_bytes`] accepts, small order
    /// included, and is hashed as given; k = SHA-512(R || A || M) mod l; accepts exactly
    /// when `[S]B = R + [k]A`.
    ///
    /// Differs from [`VerifyingKey::verify`] (ZIP-215) in two ways: a non-canonical R is
    /// refused ([`Error::NonCanonicalR`]), and the equation is not multiplied by the
    /// cofactor, so a signature whose `[S]B - R - [k]A` is a nonzero point of small order
    /// is refused ([`Error::EquationFailed`]).
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey};
    ///
    /// let key = SigningKey::from_seed(&[3; 32]);
    /// let vk = key.verifying_key();
    /// let sig = key.sign(b"msg");
    /// assert_eq!(vk.verify_cofactorless(b"msg", &sig), Ok(()));
    /// assert_eq!(vk.verify_cofactorless(b"other", &sig), Err(Error::EquationFailed));
    ///
    /// // The identity as a key and as R, with S = 0: a weak key's forgery, which this
    /// // rule (like ed25519-dalek's `verify`) accepts.
    /// let mut id = [0u8; 32];
    /// id[0] = 1;
    /// let weak = VerifyingKey::from_bytes(&id).unwrap();
    /// assert_eq!(weak.verify_cofactorless(b"any", &Signature::from_components(id, [0; 32])), Ok(()));
    /// // The same R encoded non-canonically (y = p + 1) is refused.
    /// let mut y = [0xffu8; 32];
    /// y[0] = 0xee;
    /// y[31] = 0x7f;
    /// let sig = Signature::from_components(y, [0; 32]);
    /// assert_eq!(weak.verify(b"any", &sig), Ok(()));
    /// assert_eq!(weak.verify_cofactorless(b"any", &sig), Err(Error::NonCanonicalR));
    /// ```
    ///
    /// Execution time depends on the inputs (all of them public).
    pub fn verify_cofactorless(&self, msg: &[u8], sig: &Signature) -> Result<(), Error> {
        self.cofactorless_by::<Sha512>(None, msg, sig, false)
    }

    /// Verifies an Ed25519ph signature given the prehash SHA-512(M), with
    /// [`VerifyingKey::verify_cofactorless`]'s rule over the dom2-prefixed challenge
    /// (ed25519-dalek's `verify_prehashed`). A context over 255 bytes is
    /// [`Error::ContextTooLong`].
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    /// use sha2::{Digest, Sha512};
    ///
    /// let key = SigningKey::from_seed(&[4; 32]);
    /// let prehash: [u8; 64] = Sha512::digest(b"msg").into();
    /// let sig = key.sign_prehashed(&prehash, b"ctx").unwrap();
    /// let vk = key.verifying_key();
    /// assert_eq!(vk.verify_prehashed_cofactorless(&prehash, b"ctx", &sig), Ok(()));
    /// assert_eq!(
    ///     vk.verify_prehashed_cofactorless(&prehash, b"other", &sig),
    ///     Err(Error::EquationFailed)
    /// );
    /// ```
    ///
    /// Execution time depends on the inputs (all of them public).
    pub fn verify_prehashed_cofactorless(
        &self,
        prehash: &[u8; 64],
        context: &[u8],
        sig: &Signature,
    ) -> Result<(), Error> {
        self.cofactorless_by::<Sha512>(Some(&Dom2::ph(context)?), prehash, sig, false)
    }

    /// Verifies an Ed25519ph signature given the prehash SHA-512(M), with
    /// [`VerifyingKey::verify_strict`]'s rules over the dom2-prefixed challenge: S below
    /// l, A and R canonical and not of small order, `[S]B = R + [k]A`. A context over
    /// 255 bytes is [`Error::ContextTooLong`].
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey, VerifyingKey};
    /// use sha2::{Digest, Sha512};
    ///
    /// let key = SigningKey::from_seed(&[5; 32]);
    /// let prehash: [u8; 64] = Sha512::digest(b"msg").into();
    /// let sig = key.sign_prehashed(&prehash, b"").unwrap();
    /// assert_eq!(key.verifying_key().verify_prehashed_strict(&prehash, b"", &sig), Ok(()));
    /// let weak = VerifyingKey::from_bytes(&[0; 32]).unwrap(); // order 4
    /// assert_eq!(
    ///     weak.verify_prehashed_strict(&prehash, b"", &sig),
    ///     Err(Error::SmallOrderPublicKey)
    /// );
    /// ```
    ///
    /// Execution time depends on the inputs (all of them public).
    pub fn verify_prehashed_strict(
        &self,
        prehash: &[u8; 64],
        context: &[u8],
        sig: &Signature,
    ) -> Result<(), Error> {
        self.cofactorless_by::<Sha512>(Some(&Dom2::ph(context)?), prehash, sig, true)
    }

    /// `[S]B = R + [k]A` with canonical S and R; with `strict`, also canonical A and
    /// neither A nor R of small order (the checks of [`VerifyingKey::verify_strict`], in
    /// its order). The challenge's hash is `D`: SHA-512 for Ed25519; `expanded.rs`
    /// offers others, as ed25519-dalek's `hazmat`.
    pub(super) fn cofactorless_by<D: Digest<OutputSize = U64>>(
        &self,
        dom: Option<&Dom2<'_>>,
        msg: &[u8],
        sig: &Signature,
        strict: bool,
    ) -> Result<(), Error> {
        let s = sig.s_scalar()?;
        let a = self.to_point();
        if strict {
            if !self.is_canonical() {
                return Err(Error::NonCanonicalPublicKey);
            }
            if a.is_small_order() {
                return Err(Error::SmallOrderPublicKey);
            }
        }
        let r = Point::from_bytes(sig.r_bytes()).map_err(Error::InvalidR)?;
        if !is_canonical_encoding(sig.r_bytes(), &r) {
            return Err(Error::NonCanonicalR);
        }
        if strict && r.is_small_order() {
            return Err(Error::SmallOrderR);
        }
        let message = |h: &mut D| -> Result<(), core::convert::Infallible> {
            Digest::update(h, msg);
            Ok(())
        };
        let k = match challenge_by(dom, sig.r_bytes(), self.as_bytes(), &message) {
            Ok(k) => k,
            Err(never) => match never {},
        };
        // [S]B = R + [k]A, with Pornin's half-size scalars: the same point equation as
        // comparing the encoding of [S]B - [k]A with R's canonical bytes.
        if Point::vartime_check_schnorr_equation(&s, &r, &k, &a) {
            Ok(())
        } else {
            Err(Error::EquationFailed)
        }
    }
}
