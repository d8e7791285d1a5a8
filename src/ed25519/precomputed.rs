//! [`PrecomputedVerifyingKey`]: a public key prepared for many verifications.

use super::{Error, Signature, VerifyingKey};
use crate::{Point, Scalar, VartimePrecomputedMultiscalar};
use core::fmt;

/// A [`VerifyingKey`] with wide precomputed tables, for a key that verifies many
/// signatures (a validator's, a server's): [`PrecomputedVerifyingKey::verify`] and
/// [`PrecomputedVerifyingKey::verify_strict`] give exactly the results of
/// [`VerifyingKey::verify`] and [`VerifyingKey::verify_strict`], faster.
///
/// How: with tables of 64 odd multiples of -A, -2^128·A, B and 2^128·B, the two scalars
/// of `R' = k·(-A) + S·B` split into 128-bit halves, `k = k₀ + 2^128·k₁`, and
/// `R' = k₀·(-A) + k₁·(-2^128·A) + S₀·B + S₁·(2^128·B)`: four width-8 NAF terms
/// over about 128 shared doublings instead of two terms over about 253. Building the
/// tables costs about 400 point additions and one inversion; they take 24-40 KiB.
///
/// ```
/// use edwards25519::ed25519::SigningKey;
///
/// let key = SigningKey::from_seed(&[7; 32]);
/// let vk = key.verifying_key().precompute();
/// let sig = key.sign(b"many messages");
/// assert!(vk.verify(b"many messages", &sig).is_ok());
/// assert!(vk.verify_strict(b"many messages", &sig).is_ok());
/// assert!(vk.verify(b"other", &sig).is_err());
/// ```
pub struct PrecomputedVerifyingKey {
    key: VerifyingKey,
    /// Tables of -A, -2^128·A, B, 2^128·B, in that order.
    tables: VartimePrecomputedMultiscalar,
}

impl VerifyingKey {
    /// This key with precomputed tables (see [`PrecomputedVerifyingKey`]).
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let key = SigningKey::from_seed(&[5; 32]);
    /// let sig = key.sign(b"msg");
    /// let pre = key.verifying_key().precompute();
    /// assert_eq!(pre.verify(b"msg", &sig), key.verifying_key().verify(b"msg", &sig));
    /// assert!(pre.verify(b"msg", &sig).is_ok());
    /// ```
    pub fn precompute(&self) -> PrecomputedVerifyingKey {
        let minus_a = -self.to_point();
        let points = [
            minus_a,
            times_2_128(&minus_a),
            Point::GENERATOR,
            times_2_128(&Point::GENERATOR),
        ];
        PrecomputedVerifyingKey {
            key: *self,
            tables: VartimePrecomputedMultiscalar::new(points),
        }
    }
}

/// 2^128·p, by 128 doublings.
fn times_2_128(p: &Point) -> Point {
    (0..128).fold(*p, |q, _| q.double())
}

/// (s₀, s₁) with s = s₀ + 2^128·s₁, both below 2^128 (s is a canonical scalar).
fn halves(s: &Scalar) -> (Scalar, Scalar) {
    let bytes = s.to_bytes();
    let (mut lo, mut hi) = ([0u8; 32], [0u8; 32]);
    lo[..16].copy_from_slice(&bytes[..16]);
    hi[..16].copy_from_slice(&bytes[16..]);
    (
        Scalar::from_bytes_mod_order(lo),
        Scalar::from_bytes_mod_order(hi),
    )
}

impl PrecomputedVerifyingKey {
    /// The key the tables were built for.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let vk = SigningKey::from_seed(&[5; 32]).verifying_key();
    /// assert_eq!(vk.precompute().verifying_key(), &vk);
    /// ```
    pub fn verifying_key(&self) -> &VerifyingKey {
        &self.key
    }

    /// `k·(-A) + S·B` from the tables.
    fn r_prime(&self, k: &Scalar, s: &Scalar) -> Point {
        let (k0, k1) = halves(k);
        let (s0, s1) = halves(s);
        self.tables.vartime_multiscalar_mul([k0, k1, s0, s1])
    }

    /// [`VerifyingKey::verify`] (ZIP-215), with the same result on every input.
    ///
    /// Execution time depends on the inputs (all of them public).
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[5; 32]);
    /// let pre = key.verifying_key().precompute();
    /// let sig = key.sign(b"msg");
    /// assert_eq!(pre.verify(b"msg", &sig), Ok(()));
    /// assert_eq!(pre.verify(b"other", &sig), Err(Error::EquationFailed));
    /// ```
    pub fn verify(&self, msg: &[u8], sig: &Signature) -> Result<(), Error> {
        self.key.verify_zip215_by(None, msg, sig, |k, s, r| {
            (self.r_prime(k, s) - r).mul_by_cofactor().is_identity()
        })
    }

    /// [`VerifyingKey::verify_strict`], with the same result on every input.
    ///
    /// Execution time depends on the inputs (all of them public).
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, Signature, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[5; 32]);
    /// let pre = key.verifying_key().precompute();
    /// let sig = key.sign(b"msg");
    /// assert_eq!(pre.verify_strict(b"msg", &sig), Ok(()));
    /// // R = the identity (small order): refused by the strict rules.
    /// let mut r = [0u8; 32];
    /// r[0] = 1;
    /// let bad = Signature::from_components(r, *sig.s_bytes());
    /// assert_eq!(pre.verify_strict(b"msg", &bad), Err(Error::SmallOrderR));
    /// ```
    pub fn verify_strict(&self, msg: &[u8], sig: &Signature) -> Result<(), Error> {
        self.key
            .verify_strict_by(msg, sig, |k, s, r| self.r_prime(k, s) == *r)
    }
}

impl From<&VerifyingKey> for PrecomputedVerifyingKey {
    fn from(key: &VerifyingKey) -> PrecomputedVerifyingKey {
        key.precompute()
    }
}

impl fmt::Debug for PrecomputedVerifyingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("PrecomputedVerifyingKey")
            .field(&self.key)
            .finish()
    }
}
