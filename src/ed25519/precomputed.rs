//! [`PrecomputedVerifyingKey`]: a public key prepared for many verifications.

use super::{Error, Signature, VerifyingKey};
use crate::{Point, Scalar, VartimePrecomputedMultiscalar};
use core::fmt;

/// A [`VerifyingKey`] with wide precomputed tables, for a key that verifies many
/// signatures (a validator's, a server's): [`PrecomputedVerifyingKey::verify`] and
/// [`PrecomputedVerifyingKey::verify_strict`] give exactly the results of
/// [`VerifyingKey::verify`] and [`VerifyingKey::verify_strict`], faster.
///
/// How: with tables of 64 odd multiples of -2^(64i)·A and 2^(64i)·B for i = 0..4, the
/// two scalars of `R' = k·(-A) + S·B` split into 64-bit quarters,
/// `k = k₀ + 2^64·k₁ + 2^128·k₂ + 2^192·k₃`, and
/// `R' = Σ kᵢ·(-2^(64i)·A) + Σ Sᵢ·(2^(64i)·B)`: eight width-8 NAF terms over about 64
/// shared doublings instead of two terms over about 253. The additions stay about as
/// many (a NAF digit per 9 bits of either scalar), so the quarters save doublings only.
/// Building the tables costs about 400 doublings, 520 point additions and one
/// inversion; they take 48-80 KiB.
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
    /// Tables of -A, -2^64·A, -2^128·A, -2^192·A, then B, 2^64·B, 2^128·B, 2^192·B.
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
    // Compiled where it is called, with the precomputed multiscalar multiplication
    // (docs/backends.md, "Build cost"); so are the methods below.
    #[inline]
    pub fn precompute(&self) -> PrecomputedVerifyingKey {
        let minus_a = -self.to_point();
        let [a0, a1, a2, a3] = quarter_multiples(&minus_a);
        let [b0, b1, b2, b3] = quarter_multiples(&Point::GENERATOR);
        let points = [a0, a1, a2, a3, b0, b1, b2, b3];
        PrecomputedVerifyingKey {
            key: *self,
            tables: VartimePrecomputedMultiscalar::new(points),
        }
    }
}

/// `[p, 2^64·p, 2^128·p, 2^192·p]`, by 192 doublings.
fn quarter_multiples(p: &Point) -> [Point; 4] {
    let times_2_64 = |q: &Point| (0..64).fold(*q, |r, _| r.double());
    let p1 = times_2_64(p);
    let p2 = times_2_64(&p1);
    let p3 = times_2_64(&p2);
    [*p, p1, p2, p3]
}

/// `[s₀, s₁, s₂, s₃]` with s = Σ 2^(64i)·sᵢ, each below 2^64 (its little-endian
/// 64-bit words; s is a canonical scalar, so every sᵢ is too).
fn quarters(s: &Scalar) -> [Scalar; 4] {
    let bytes = s.to_bytes();
    core::array::from_fn(|i| {
        let mut q = [0u8; 32];
        q[..8].copy_from_slice(&bytes[8 * i..8 * i + 8]);
        Scalar::from_bytes_mod_order(q)
    })
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

    /// `k·(-A) + S·B` from the tables (their order: the quarters of k, then of S).
    #[inline]
    fn r_prime(&self, k: &Scalar, s: &Scalar) -> Point {
        let [k0, k1, k2, k3] = quarters(k);
        let [s0, s1, s2, s3] = quarters(s);
        self.tables
            .vartime_multiscalar_mul([k0, k1, k2, k3, s0, s1, s2, s3])
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
    #[inline]
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
    #[inline]
    pub fn verify_strict(&self, msg: &[u8], sig: &Signature) -> Result<(), Error> {
        self.key
            .verify_strict_by(msg, sig, |k, s, r| self.r_prime(k, s) == *r)
    }
}

impl From<&VerifyingKey> for PrecomputedVerifyingKey {
    #[inline]
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
