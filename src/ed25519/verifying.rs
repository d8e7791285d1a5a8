//! The public key and the two verification rules.

use super::hash::{Dom2, challenge, challenge_with, prehash};
use super::{Error, Signature};
use crate::montgomery::MontgomeryPoint;
use crate::{Point, Scalar};
use core::fmt;
use core::hash::{Hash, Hasher};

/// An Ed25519 public key: the point A and its encoding exactly as given.
///
/// Any encoding that [`Point::from_bytes`] accepts is a valid key here, including
/// non-canonical encodings and points of small order: [`VerifyingKey::verify`] accepts
/// them (ZIP-215), [`VerifyingKey::verify_strict`] rejects them. Equality and hashing
/// compare the bytes.
///
/// ```
/// use edwards25519::ed25519::{Error, SigningKey, VerifyingKey};
///
/// let key = SigningKey::from_seed(&[9; 32]);
/// let vk = VerifyingKey::from_bytes(&key.verifying_key().to_bytes()).expect("a point");
/// let sig = key.sign(b"msg");
/// assert_eq!(vk.verify(b"msg", &sig), Ok(()));
/// assert_eq!(vk.verify_strict(b"msg", &sig), Ok(()));
/// assert_eq!(vk.verify(b"other", &sig), Err(Error::EquationFailed));
/// ```
#[derive(Clone, Copy)]
pub struct VerifyingKey {
    bytes: [u8; 32],
    point: Point,
}

impl VerifyingKey {
    /// Decodes a public key; fails exactly when [`Point::from_bytes`] fails.
    /// The bytes are kept as given and hashed as given.
    ///
    /// ```
    /// use edwards25519::DecodeError;
    /// use edwards25519::ed25519::{Error, SigningKey, VerifyingKey};
    ///
    /// let bytes = SigningKey::from_seed(&[1u8; 32]).verifying_key().to_bytes();
    /// let vk = VerifyingKey::from_bytes(&bytes).expect("a point");
    /// assert_eq!(vk.to_bytes(), bytes);
    ///
    /// let mut y2 = [0u8; 32];
    /// y2[0] = 2; // the y of no point
    /// assert_eq!(
    ///     VerifyingKey::from_bytes(&y2),
    ///     Err(Error::InvalidPublicKey(DecodeError::NotOnCurve))
    /// );
    /// ```
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<VerifyingKey, Error> {
        let point = Point::from_bytes(bytes).map_err(Error::InvalidPublicKey)?;
        Ok(VerifyingKey {
            bytes: *bytes,
            point,
        })
    }

    /// The identity's key, as a placeholder filled in before use (`SigningKey`'s
    /// in-place construction); no encoding work.
    pub(super) fn identity_placeholder() -> VerifyingKey {
        let mut bytes = [0u8; 32];
        bytes[0] = 1;
        VerifyingKey {
            bytes,
            point: Point::IDENTITY,
        }
    }

    /// The key for the point A, with its canonical encoding.
    ///
    /// ```
    /// use edwards25519::ed25519::{SigningKey, VerifyingKey};
    ///
    /// let vk = SigningKey::from_seed(&[9; 32]).verifying_key();
    /// assert_eq!(VerifyingKey::from_point(&vk.to_point()), vk);
    /// ```
    pub fn from_point(point: &Point) -> VerifyingKey {
        VerifyingKey {
            bytes: point.to_bytes(),
            point: *point,
        }
    }

    /// The encoding as given to [`VerifyingKey::from_bytes`] (canonical for keys made
    /// any other way).
    ///
    /// ```
    /// use edwards25519::ed25519::VerifyingKey;
    ///
    /// // A non-canonical encoding (y = p + 1, the identity) is kept as given.
    /// let mut y = [0xffu8; 32];
    /// y[0] = 0xee;
    /// y[31] = 0x7f;
    /// let vk = VerifyingKey::from_bytes(&y).expect("a point, leniently decoded");
    /// assert_eq!(vk.to_bytes(), y);
    /// ```
    pub fn to_bytes(&self) -> [u8; 32] {
        self.bytes
    }

    /// The encoding, borrowed.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let vk = SigningKey::from_seed(&[9; 32]).verifying_key();
    /// assert_eq!(vk.as_bytes(), &vk.to_bytes());
    /// ```
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.bytes
    }

    /// The point A.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    /// use edwards25519::Point;
    ///
    /// let vk = SigningKey::from_seed(&[9; 32]).verifying_key();
    /// assert_eq!(Point::from_bytes(&vk.to_bytes()), Ok(vk.to_point()));
    /// ```
    pub fn to_point(&self) -> Point {
        self.point
    }

    /// Whether the encoding is the canonical one of its point (what RFC 8032 decoding
    /// requires and [`VerifyingKey::verify_strict`] checks).
    ///
    /// ```
    /// use edwards25519::ed25519::{SigningKey, VerifyingKey};
    ///
    /// assert!(SigningKey::from_seed(&[9; 32]).verifying_key().is_canonical());
    /// // y = p + 1: a non-canonical encoding of the identity.
    /// let mut y = [0xffu8; 32];
    /// y[0] = 0xee;
    /// y[31] = 0x7f;
    /// assert!(!VerifyingKey::from_bytes(&y).expect("a point").is_canonical());
    /// ```
    pub fn is_canonical(&self) -> bool {
        is_canonical_encoding(&self.bytes, &self.point)
    }

    /// Whether A has small order (lies in the 8-torsion subgroup). Such a key verifies
    /// signatures that were made without any secret, under the ZIP-215 rules.
    ///
    /// ```
    /// use edwards25519::ed25519::{SigningKey, VerifyingKey};
    ///
    /// assert!(!SigningKey::from_seed(&[9; 32]).verifying_key().is_weak());
    /// // y = 0: a point of order 4.
    /// assert!(VerifyingKey::from_bytes(&[0; 32]).expect("a point").is_weak());
    /// ```
    pub fn is_weak(&self) -> bool {
        self.point.is_small_order()
    }

    /// Verifies `sig` on `msg` under the ZIP-215 rules.
    ///
    /// S must be below l; R may be any encoding [`Point::from_bytes`] accepts;
    /// k = SHA-512(R || A || M) mod l over the encodings as received; accepts exactly when
    /// `[8][S]B = [8]R + [8][k]A`. Agrees with [`verify_batch`](super::verify_batch) on
    /// every input.
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[8u8; 32]);
    /// let sig = key.sign(b"pay 5");
    /// let vk = key.verifying_key();
    /// assert_eq!(vk.verify(b"pay 5", &sig), Ok(()));
    /// assert_eq!(vk.verify(b"pay 6", &sig), Err(Error::EquationFailed));
    /// ```
    ///
    /// Execution time depends on the inputs (all of them public).
    pub fn verify(&self, msg: &[u8], sig: &Signature) -> Result<(), Error> {
        self.verify_with(None, msg, sig)
    }

    /// Verifies an Ed25519ctx signature (RFC 8032 §5.1, phflag 0) on `msg` under
    /// `context`, with [`VerifyingKey::verify`]'s (ZIP-215) rules over the dom2-prefixed
    /// challenge. A context over 255 bytes is [`Error::ContextTooLong`] (no signature
    /// can have been made with it).
    ///
    /// Execution time depends on the inputs (all of them public).
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[9; 32]);
    /// let sig = key.sign_ctx(b"msg", b"ctx A").expect("short context");
    /// let vk = key.verifying_key();
    /// assert_eq!(vk.verify_ctx(b"msg", b"ctx A", &sig), Ok(()));
    /// assert_eq!(vk.verify_ctx(b"msg", b"ctx B", &sig), Err(Error::EquationFailed));
    /// assert_eq!(vk.verify_ctx(b"msg", &[0; 256], &sig), Err(Error::ContextTooLong));
    /// ```
    pub fn verify_ctx(&self, msg: &[u8], context: &[u8], sig: &Signature) -> Result<(), Error> {
        self.verify_with(Some(&Dom2::ctx(context)?), msg, sig)
    }

    /// Verifies an Ed25519ph signature (RFC 8032 §5.1, phflag 1): hashes `msg` with
    /// SHA-512, then [`VerifyingKey::verify_prehashed`].
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[9; 32]);
    /// let sig = key.sign_ph(b"msg", b"ctx").expect("short context");
    /// let vk = key.verifying_key();
    /// assert_eq!(vk.verify_ph(b"msg", b"ctx", &sig), Ok(()));
    /// // Not a pure Ed25519 signature: the domains are separate.
    /// assert_eq!(vk.verify(b"msg", &sig), Err(Error::EquationFailed));
    /// ```
    pub fn verify_ph(&self, msg: &[u8], context: &[u8], sig: &Signature) -> Result<(), Error> {
        self.verify_prehashed(&prehash(msg), context, sig)
    }

    /// Verifies an Ed25519ph signature given the prehash SHA-512(M), with
    /// [`VerifyingKey::verify`]'s (ZIP-215) rules over the dom2-prefixed challenge. A
    /// context over 255 bytes is [`Error::ContextTooLong`].
    ///
    /// Execution time depends on the inputs (all of them public).
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    /// use sha2::{Digest, Sha512};
    ///
    /// let key = SigningKey::from_seed(&[9; 32]);
    /// let sig = key.sign_ph(b"msg", b"").expect("empty context");
    /// let prehash: [u8; 64] = Sha512::digest(b"msg").into();
    /// assert!(key.verifying_key().verify_prehashed(&prehash, b"", &sig).is_ok());
    /// assert!(key.verifying_key().verify_prehashed(&[0; 64], b"", &sig).is_err());
    /// ```
    pub fn verify_prehashed(
        &self,
        prehash: &[u8; 64],
        context: &[u8],
        sig: &Signature,
    ) -> Result<(), Error> {
        self.verify_with(Some(&Dom2::ph(context)?), prehash, sig)
    }

    /// The X25519 public key of this Ed25519 key: the Montgomery u of A,
    /// u = (1 + y)/(1 - y) (libsodium's `crypto_sign_ed25519_pk_to_curve25519`; see
    /// [`SigningKey::to_x25519_scalar`](super::SigningKey::to_x25519_scalar)). Unlike
    /// libsodium this does not refuse small-order keys: their u is of small order and
    /// X25519 with it gives the all-zero output that
    /// [`x25519_checked`](crate::montgomery::x25519_checked) refuses.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    /// use edwards25519::montgomery::MontgomeryPoint;
    ///
    /// let key = SigningKey::from_seed(&[9; 32]);
    /// let u = key.verifying_key().to_montgomery();
    /// // The X25519 public key of the converted secret scalar.
    /// assert_eq!(u, MontgomeryPoint::mul_base_clamped(key.to_x25519_scalar()));
    /// ```
    pub fn to_montgomery(&self) -> MontgomeryPoint {
        self.point.to_montgomery()
    }

    /// ZIP-215 verification with an optional dom2 prefix in the challenge.
    fn verify_with(
        &self,
        dom: Option<&Dom2<'_>>,
        msg: &[u8],
        sig: &Signature,
    ) -> Result<(), Error> {
        // [8][S]B = [8]R + [8][k]A, with Pornin's half-size scalars.
        self.verify_zip215_by(dom, msg, sig, |k, s, r| {
            Point::vartime_check_schnorr_equation_cofactored(s, r, k, &self.point)
        })
    }

    /// ZIP-215 verification with `holds(k, S, R)` deciding the cofactored equation
    /// `[8][S]B = [8]R + [8][k]A` (with this key's half-size check, or a precomputed
    /// key's tables).
    pub(super) fn verify_zip215_by(
        &self,
        dom: Option<&Dom2<'_>>,
        msg: &[u8],
        sig: &Signature,
        holds: impl Fn(&Scalar, &Scalar, &Point) -> bool,
    ) -> Result<(), Error> {
        let s = sig.s_scalar()?;
        let r = Point::from_bytes(sig.r_bytes()).map_err(Error::InvalidR)?;
        let k = challenge_with(dom, sig.r_bytes(), &self.bytes, msg);
        if holds(&k, &s, &r) {
            Ok(())
        } else {
            Err(Error::EquationFailed)
        }
    }

    /// Verifies `sig` on `msg` under strict rules.
    ///
    /// S must be below l; A and R must be canonical encodings of points that are not of
    /// small order; k = SHA-512(R || A || M) mod l; accepts exactly when `[S]B = R + [k]A`.
    /// Everything [`VerifyingKey::verify_strict`] accepts, [`VerifyingKey::verify`]
    /// accepts too.
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, Signature, VerifyingKey};
    ///
    /// // The identity as a public key: small order, so any (R = identity, S = 0)
    /// // "signature" passes the cofactored ZIP-215 check, and verify_strict refuses it.
    /// let mut id = [0u8; 32];
    /// id[0] = 1;
    /// let weak = VerifyingKey::from_bytes(&id).unwrap();
    /// let forged = Signature::from_components(id, [0u8; 32]);
    /// assert_eq!(weak.verify(b"anything", &forged), Ok(()));
    /// assert_eq!(weak.verify_strict(b"anything", &forged), Err(Error::SmallOrderPublicKey));
    /// ```
    ///
    /// Execution time depends on the inputs (all of them public).
    pub fn verify_strict(&self, msg: &[u8], sig: &Signature) -> Result<(), Error> {
        // [S]B = R + [k]A, with Pornin's half-size scalars.
        self.verify_strict_by(msg, sig, |k, s, r| {
            Point::vartime_check_schnorr_equation(s, r, k, &self.point)
        })
    }

    /// Strict verification with `holds(k, S, R)` deciding `[S]B = R + [k]A`.
    pub(super) fn verify_strict_by(
        &self,
        msg: &[u8],
        sig: &Signature,
        holds: impl Fn(&Scalar, &Scalar, &Point) -> bool,
    ) -> Result<(), Error> {
        let s = sig.s_scalar()?;
        if !self.is_canonical() {
            return Err(Error::NonCanonicalPublicKey);
        }
        if self.point.is_small_order() {
            return Err(Error::SmallOrderPublicKey);
        }
        let r = Point::from_bytes(sig.r_bytes()).map_err(Error::InvalidR)?;
        if !is_canonical_encoding(sig.r_bytes(), &r) {
            return Err(Error::NonCanonicalR);
        }
        if r.is_small_order() {
            return Err(Error::SmallOrderR);
        }
        let k = challenge(sig.r_bytes(), &self.bytes, msg);
        if holds(&k, &s, &r) {
            Ok(())
        } else {
            Err(Error::EquationFailed)
        }
    }
}

/// Whether `bytes`, which decoded to `point`, is the canonical encoding of `point`.
///
/// A point has exactly one other kind of encoding: y in [p, 2^255) (y + p < 2^255 only
/// for y < 19), or x = 0 with the sign bit set. Checking the bytes and the decoded x
/// costs no inversion and no square root, unlike re-encoding or strict re-decoding (the
/// tests check it against [`Point::from_canonical_bytes`]).
pub(super) fn is_canonical_encoding(bytes: &[u8; 32], point: &Point) -> bool {
    // y >= p = 2^255 - 19 exactly when bytes 1..31 are 0xff, the top byte without the
    // sign bit is 0x7f, and the low byte is at least 0xed.
    let y_ge_p =
        bytes[0] >= 0xed && bytes[1..31].iter().all(|&b| b == 0xff) && bytes[31] & 0x7f == 0x7f;
    let sign_bit = bytes[31] >> 7 == 1;
    let (x, _, _, _) = point.extended_coordinates();
    let x_is_zero: bool = x.is_zero().into();
    !(y_ge_p || (sign_bit && x_is_zero))
}

impl PartialEq for VerifyingKey {
    fn eq(&self, other: &VerifyingKey) -> bool {
        self.bytes == other.bytes
    }
}

impl Eq for VerifyingKey {}

impl Hash for VerifyingKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bytes.hash(state);
    }
}

impl TryFrom<&[u8; 32]> for VerifyingKey {
    type Error = Error;

    fn try_from(bytes: &[u8; 32]) -> Result<VerifyingKey, Error> {
        VerifyingKey::from_bytes(bytes)
    }
}

impl TryFrom<&[u8]> for VerifyingKey {
    type Error = Error;

    /// Fails with [`Error::InvalidLength`] unless the slice has exactly 32 bytes.
    fn try_from(bytes: &[u8]) -> Result<VerifyingKey, Error> {
        let bytes: &[u8; 32] = bytes.try_into().map_err(|_| Error::InvalidLength {
            expected: 32,
            actual: bytes.len(),
        })?;
        VerifyingKey::from_bytes(bytes)
    }
}

impl From<VerifyingKey> for Point {
    fn from(key: VerifyingKey) -> Point {
        key.point
    }
}

impl fmt::Debug for VerifyingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        edwards25519_field::debug_hex(f, "VerifyingKey", &self.bytes)
    }
}
