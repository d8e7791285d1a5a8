//! The secret key: RFC 8032 §5.1.5 key expansion and §5.1.6 deterministic signing.

use super::hash::{Dom2, prehash};
use super::{Error, Signature, VerifyingKey};
use crate::{Point, Scalar};
use core::fmt;
use sha2::{Digest, Sha512};
use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop};

mod hedged;

/// An Ed25519 secret key: the 32-byte seed and its expansion.
///
/// The seed, the secret scalar and the nonce prefix are overwritten with zeros when the
/// key is dropped. `Debug` prints only the public key.
///
/// ```
/// use edwards25519::ed25519::SigningKey;
///
/// // RFC 8032 §7.1, TEST 1 (the empty message).
/// let seed: [u8; 32] = hex::decode("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
///     .expect("hex")
///     .try_into()
///     .expect("32 bytes");
/// let key = SigningKey::from_seed(&seed);
/// assert_eq!(
///     hex::encode(key.verifying_key().to_bytes()),
///     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
/// );
/// let sig = key.sign(b"");
/// assert_eq!(
///     hex::encode(sig.to_bytes()),
///     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
/// );
/// assert!(key.verifying_key().verify(b"", &sig).is_ok());
/// ```
#[derive(Clone)]
pub struct SigningKey {
    /// The RFC 8032 private key (the seed).
    seed: [u8; 32],
    /// s: the first half of SHA-512(seed), clamped, reduced mod l (the same point
    /// multiples as the unreduced value, since B has order l).
    scalar: Scalar,
    /// The second half of SHA-512(seed), hashed with the message to derive the nonce.
    prefix: [u8; 32],
    /// `A = [s]B`, with its canonical encoding.
    verifying_key: VerifyingKey,
}

impl SigningKey {
    /// The key with this 32-byte seed (the RFC 8032 private key), expanded as in
    /// RFC 8032 §5.1.5. Constant time.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// // RFC 8032 §7.1, TEST 1: the secret key, its public key and the signature of
    /// // the empty message.
    /// let seed: [u8; 32] =
    ///     hex::decode("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    ///         .unwrap().try_into().unwrap();
    /// let key = SigningKey::from_seed(&seed);
    /// assert_eq!(
    ///     hex::encode(key.verifying_key().to_bytes()),
    ///     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
    /// );
    /// assert_eq!(
    ///     hex::encode(key.sign(b"").to_bytes()),
    ///     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
    /// );
    /// ```
    #[inline(always)]
    pub fn from_seed(seed: &[u8; 32]) -> SigningKey {
        // Inlined, so that the key is built in the caller's frame (where it is going
        // anyway) and no library frame keeps a copy of it. Built in place: the secret fields are written through `&mut`, never moved
        // into the key (a move could leave a copy behind), and the expansion's
        // temporaries are zeroized or scrubbed from the stack (wipe.rs).
        let mut key = SigningKey {
            seed: *seed,
            scalar: Scalar::ZERO,
            prefix: [0u8; 32],
            verifying_key: VerifyingKey::identity_placeholder(),
        };
        crate::wipe::scrubbed(|| key.expand());
        key
    }

    /// RFC 8032 §5.1.5 from `self.seed`: the scalar, the prefix and the public key.
    fn expand(&mut self) {
        let mut h = [0u8; 64];
        let mut hasher = Sha512::new();
        hasher.update(self.seed);
        hasher.finalize_into_reset((&mut h).into());
        self.prefix.copy_from_slice(&h[32..]);
        let mut lo = [0u8; 32];
        lo.copy_from_slice(&h[..32]);
        h.zeroize();
        self.scalar = Scalar::from_bytes_with_clamping(lo);
        lo.zeroize();
        self.verifying_key = VerifyingKey::from_point(&Point::mul_base(&self.scalar));
    }

    /// A new key from 32 bytes of `rng`.
    ///
    /// `rng` is any rand_core 0.10 `CryptoRng`. With the `rand` 0.10 crate,
    /// `rand::rng()` is its thread-local generator seeded by the operating system:
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let key = SigningKey::generate(&mut rand::rng());
    /// let sig = key.sign(b"message");
    /// assert!(key.verifying_key().verify(b"message", &sig).is_ok());
    /// assert_ne!(key, SigningKey::generate(&mut rand::rng()));
    /// ```
    #[inline(always)]
    pub fn generate<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> SigningKey {
        let mut seed = [0u8; 32];
        rng.fill_bytes(&mut seed);
        let key = SigningKey::from_seed(&seed);
        seed.zeroize();
        key
    }

    /// The seed this key was made from. Secret: handle with care.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let seed = [0x2a; 32];
    /// assert_eq!(SigningKey::from_seed(&seed).to_bytes(), seed);
    /// ```
    pub fn to_bytes(&self) -> [u8; 32] {
        self.seed
    }

    /// The public key `A = [s]B`.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    /// use edwards25519::{Point, Scalar};
    ///
    /// let key = SigningKey::from_seed(&[0x2a; 32]);
    /// let vk = key.verifying_key();
    /// // A = [s]B with s the clamped SHA-512 of the seed, reduced: the x25519 scalar here.
    /// let s = Scalar::from_bytes_mod_order(key.to_x25519_scalar());
    /// assert_eq!(vk.to_point(), Point::mul_base(&s));
    /// ```
    pub fn verifying_key(&self) -> VerifyingKey {
        self.verifying_key
    }

    /// Signs `msg` (RFC 8032 §5.1.6, PureEdDSA): deterministic, the same key and message
    /// always give the same signature. Constant time in the secret key and nonce. Where
    /// fault injection or power analysis is a threat, prefer
    /// [`SigningKey::sign_hedged`].
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[0x2a; 32]);
    /// let sig = key.sign(b"hello");
    /// assert_eq!(sig, key.sign(b"hello")); // deterministic
    /// assert!(key.verifying_key().verify(b"hello", &sig).is_ok());
    /// assert_eq!(key.verifying_key().verify(b"hellO", &sig), Err(Error::EquationFailed));
    /// ```
    pub fn sign(&self, msg: &[u8]) -> Signature {
        self.sign_with(None, msg)
    }

    /// Signs `msg` with Ed25519ctx (RFC 8032 §5.1, phflag 0) under `context` (at most
    /// 255 bytes, else [`Error::ContextTooLong`]). An empty context still adds the dom2
    /// prefix, so the signature differs from [`SigningKey::sign`]'s (RFC 8032 advises a
    /// non-empty context for Ed25519ctx). Constant time in the secrets.
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    ///
    /// let key = SigningKey::from_seed(&[1u8; 32]);
    /// let sig = key.sign_ctx(b"msg", b"app v1").unwrap();
    /// let vk = key.verifying_key();
    /// assert!(vk.verify_ctx(b"msg", b"app v1", &sig).is_ok());
    /// assert!(vk.verify_ctx(b"msg", b"app v2", &sig).is_err());
    /// assert!(vk.verify(b"msg", &sig).is_err()); // not a pure Ed25519 signature
    /// assert_eq!(key.sign_ctx(b"msg", &[0u8; 256]), Err(Error::ContextTooLong));
    /// ```
    pub fn sign_ctx(&self, msg: &[u8], context: &[u8]) -> Result<Signature, Error> {
        Ok(self.sign_with(Some(&Dom2::ctx(context)?), msg))
    }

    /// Signs `msg` with Ed25519ph (RFC 8032 §5.1, phflag 1): the message is hashed with
    /// SHA-512 first, then [`SigningKey::sign_prehashed`]. `context`: at most 255 bytes,
    /// possibly empty.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// // RFC 8032 §7.3, TEST abc (Ed25519ph, empty context).
    /// let seed: [u8; 32] = hex::decode("833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42")
    ///     .expect("hex")
    ///     .try_into()
    ///     .expect("32 bytes");
    /// let sig = SigningKey::from_seed(&seed).sign_ph(b"abc", b"").expect("empty context");
    /// assert_eq!(
    ///     hex::encode(sig.to_bytes()),
    ///     "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406"
    /// );
    /// ```
    pub fn sign_ph(&self, msg: &[u8], context: &[u8]) -> Result<Signature, Error> {
        self.sign_prehashed(&prehash(msg), context)
    }

    /// Ed25519ph on a message already hashed: `prehash` = SHA-512(M). `context`: at most
    /// 255 bytes ([`Error::ContextTooLong`] otherwise), possibly empty. Constant time in
    /// the secrets.
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey};
    /// use sha2::{Digest, Sha512};
    ///
    /// let key = SigningKey::from_seed(&[0x2a; 32]);
    /// let prehash: [u8; 64] = Sha512::digest(b"a long message").into();
    /// let sig = key.sign_prehashed(&prehash, b"ctx").expect("short context");
    /// assert_eq!(sig, key.sign_ph(b"a long message", b"ctx").expect("short context"));
    /// assert_eq!(key.sign_prehashed(&prehash, &[0; 256]), Err(Error::ContextTooLong));
    /// ```
    pub fn sign_prehashed(&self, prehash: &[u8; 64], context: &[u8]) -> Result<Signature, Error> {
        Ok(self.sign_with(Some(&Dom2::ph(context)?), prehash))
    }

    /// The signing equation of RFC 8032 §5.1.6 with an optional dom2 prefix on both
    /// hashes: r = SHA-512(dom || prefix || M), R = [r]B, k = SHA-512(dom || R || A || M),
    /// S = r + k·s.
    fn sign_with(&self, dom: Option<&Dom2<'_>>, msg: &[u8]) -> Signature {
        self.sign_with_prefix(dom, &self.prefix, msg)
    }

    /// [`SigningKey::sign_with`] with the nonce derived from `prefix` in place of the
    /// key's own: the key's prefix (deterministic signing) or the hedged prefix'
    /// (`hedged.rs`). Every secret temporary is wiped before returning: the nonce
    /// digest and the nonce r (the hash state wipes itself, sha2's `zeroize` feature).
    fn sign_with_prefix(&self, dom: Option<&Dom2<'_>>, prefix: &[u8; 32], msg: &[u8]) -> Signature {
        // The test-only cfg also skips the stack scrub, which would wipe the nonce.
        #[cfg(not(edwards25519_skip_wipe))]
        return crate::wipe::scrubbed(|| self.sign_with_prefix_inner(dom, prefix, msg));
        #[cfg(edwards25519_skip_wipe)]
        return crate::wipe::below(|| self.sign_with_prefix_inner(dom, prefix, msg));
    }

    /// [`SigningKey::sign_with_prefix`]'s computation, run below the scrubbed frame:
    /// the signing equation with SHA-512 ([`super::expanded::sign_by`], which wipes the
    /// nonce digest and the nonce r; the hash state wipes itself, sha2's `zeroize`
    /// feature).
    fn sign_with_prefix_inner(
        &self,
        dom: Option<&Dom2<'_>>,
        prefix: &[u8; 32],
        msg: &[u8],
    ) -> Signature {
        let message = |h: &mut Sha512| -> Result<(), core::convert::Infallible> {
            h.update(msg);
            Ok(())
        };
        match super::expanded::sign_by(
            &self.scalar,
            prefix,
            self.verifying_key.as_bytes(),
            dom,
            &message,
        ) {
            Ok(sig) => sig,
            Err(never) => match never {},
        }
    }

    /// The X25519 secret key of this key's Ed25519 identity: the first half of
    /// SHA-512(seed), clamped (RFC 7748 clamping, which is RFC 8032's), as libsodium's
    /// `crypto_sign_ed25519_sk_to_curve25519` returns it. ed25519-dalek's
    /// `to_scalar_bytes` returns the same bytes unclamped; X25519 clamps anyway, so both
    /// give the same shared secrets.
    ///
    /// With [`VerifyingKey::to_montgomery`] on the peer's key, `x25519(a.to_x25519_scalar(),
    /// b_pub.to_montgomery().0)` equals `x25519(b.to_x25519_scalar(),
    /// a_pub.to_montgomery().0)`. Using one key for both signing and key agreement is
    /// what libsodium's conversion functions allow; prefer separate keys where you can.
    /// Secret: zeroize the result when done.
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    /// use edwards25519::montgomery::x25519;
    ///
    /// let (a, b) = (SigningKey::from_seed(&[1; 32]), SigningKey::from_seed(&[2; 32]));
    /// let a_pub = a.verifying_key().to_montgomery().0;
    /// let b_pub = b.verifying_key().to_montgomery().0;
    /// assert_eq!(x25519(a.to_x25519_scalar(), b_pub), x25519(b.to_x25519_scalar(), a_pub));
    /// ```
    pub fn to_x25519_scalar(&self) -> [u8; 32] {
        crate::wipe::scrubbed(|| {
            let mut h = [0u8; 64];
            let mut hasher = Sha512::new();
            hasher.update(self.seed);
            hasher.finalize_into_reset((&mut h).into());
            let mut k = [0u8; 32];
            k.copy_from_slice(&h[..32]);
            h.zeroize();
            k[0] &= 0b1111_1000;
            k[31] &= 0b0111_1111;
            k[31] |= 0b0100_0000;
            k
        })
    }
}

impl SigningKey {
    /// The seed, borrowed. Secret: handle with care. (No `AsRef<[u8]>`: generic code
    /// that takes bytes should not be handed a secret key without asking for it.)
    ///
    /// ```
    /// use edwards25519::ed25519::SigningKey;
    ///
    /// let key = SigningKey::from_seed(&[0x2a; 32]);
    /// assert_eq!(key.as_bytes(), &key.to_bytes());
    /// ```
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.seed
    }
}

impl Drop for SigningKey {
    fn drop(&mut self) {
        self.seed.zeroize();
        self.scalar.zeroize();
        self.prefix.zeroize();
    }
}

impl ZeroizeOnDrop for SigningKey {}

impl From<&[u8; 32]> for SigningKey {
    fn from(seed: &[u8; 32]) -> SigningKey {
        SigningKey::from_seed(seed)
    }
}

impl From<&SigningKey> for VerifyingKey {
    fn from(key: &SigningKey) -> VerifyingKey {
        key.verifying_key
    }
}

impl ConstantTimeEq for SigningKey {
    /// Compares the seeds in constant time.
    fn ct_eq(&self, other: &SigningKey) -> Choice {
        self.seed.ct_eq(&other.seed)
    }
}

impl PartialEq for SigningKey {
    fn eq(&self, other: &SigningKey) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for SigningKey {}

impl fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SigningKey")
            .field("verifying_key", &self.verifying_key)
            .finish_non_exhaustive()
    }
}
