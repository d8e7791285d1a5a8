//! [`Scalar`]: the type, its constructors, encodings and arithmetic (the operators are
//! in `ops.rs`, the recodings in `recoding.rs`), on the limb code of `limbs.rs`.

use core::fmt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::ScalarError;
use crate::invert;
use crate::limbs::{self, Limbs};

/// An integer modulo l, the order of the edwards25519 base point.
///
/// **Invariant**: the limbs hold the canonical value, `< l` (little-endian 64-bit limbs).
/// Every constructor reduces or rejects, so the invariant holds for every value.
///
/// ```
/// use edwards25519_scalar::Scalar;
///
/// let a = Scalar::from(6u8);
/// let b = Scalar::from_bytes_mod_order([0x44; 32]);
/// let c = Scalar::from(1u64 << 40);
/// assert_eq!((a + b) * c, a * c + b * c);
/// assert_eq!(b * b.invert(), Scalar::ONE);
/// assert_eq!(Scalar::from_canonical_bytes(b.to_bytes()).into_option(), Some(b));
/// ```
#[derive(Clone, Copy)]
pub struct Scalar(pub(crate) Limbs);

impl Scalar {
    /// 0.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let a = Scalar::from(6u8);
    /// assert_eq!(a + Scalar::ZERO, a);
    /// assert_eq!(a - a, Scalar::ZERO);
    /// assert_eq!(Scalar::ZERO.to_bytes(), [0; 32]);
    /// ```
    pub const ZERO: Scalar = Scalar([0; 4]);
    /// 1.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let a = Scalar::from(6u8);
    /// assert_eq!(a * Scalar::ONE, a);
    /// assert_eq!(Scalar::ONE, Scalar::from(1u8));
    /// ```
    pub const ONE: Scalar = Scalar([1, 0, 0, 0]);

    /// Decodes a canonical little-endian encoding: `None` (as a [`CtOption`]) when the
    /// value is l or more, including every encoding with any of the top 3 bits set.
    /// The comparison is constant time.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// // l = 2^252 + 27742317777372353535851937790883648493, little-endian.
    /// let l: [u8; 32] = [
    ///     0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
    ///     0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    /// ];
    /// assert!(bool::from(Scalar::from_canonical_bytes(l).is_none()));
    /// let mut l_minus_1 = l;
    /// l_minus_1[0] -= 1;
    /// assert_eq!(Scalar::from_canonical_bytes(l_minus_1).into_option(), Some(-Scalar::ONE));
    /// ```
    #[inline]
    pub fn from_canonical_bytes(bytes: [u8; 32]) -> CtOption<Scalar> {
        let x: Limbs = limbs::from_le_bytes(&bytes);
        let ok = limbs::ct_is_reduced(&x);
        // Keep the invariant even inside the none case: hold 0 there.
        let value = <[u64; 4]>::conditional_select(&[0; 4], &x, ok);
        CtOption::new(Scalar(value), ok)
    }

    /// Decodes 32 little-endian bytes as an integer (all 256 bits) and reduces it mod l.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// // l reduces to 0 and l + 1 to 1.
    /// let mut l: [u8; 32] = [
    ///     0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
    ///     0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    /// ];
    /// assert_eq!(Scalar::from_bytes_mod_order(l), Scalar::ZERO);
    /// l[0] += 1;
    /// assert_eq!(Scalar::from_bytes_mod_order(l), Scalar::ONE);
    /// ```
    #[inline]
    pub fn from_bytes_mod_order(bytes: [u8; 32]) -> Scalar {
        let x: Limbs = limbs::from_le_bytes(&bytes);
        // x < 2^256 is inside the short reduction's domain (below 2^506).
        Scalar(limbs::reduce_product(&[x[0], x[1], x[2], x[3], 0, 0, 0, 0]))
    }

    /// Decodes 64 little-endian bytes as a 512-bit integer and reduces it mod l.
    ///
    /// With uniformly random input the result is uniform modulo l up to a bias of
    /// about 2^-259 (upstream's `SetUniformBytes`; Ed25519 reduces its SHA-512 hashes
    /// with it).
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// // 2^256 mod l, two ways.
    /// let mut wide = [0u8; 64];
    /// wide[32] = 1;
    /// let two_128 = Scalar::from(u128::MAX) + Scalar::ONE;
    /// assert_eq!(Scalar::from_bytes_mod_order_wide(&wide), two_128.square());
    /// // A 32-byte value, zero-extended, reduces as from_bytes_mod_order does.
    /// let mut low = [0u8; 64];
    /// low[..32].copy_from_slice(&[0xff; 32]);
    /// assert_eq!(
    ///     Scalar::from_bytes_mod_order_wide(&low),
    ///     Scalar::from_bytes_mod_order([0xff; 32])
    /// );
    /// ```
    #[inline]
    pub fn from_bytes_mod_order_wide(bytes: &[u8; 64]) -> Scalar {
        Scalar(limbs::reduce_wide(&limbs::from_le_bytes(bytes)))
    }

    /// RFC 8032 / RFC 7748 clamping, then reduction mod l (upstream's
    /// `SetBytesWithClamping`).
    ///
    /// Clamping clears bits 0, 1, 2 and 255 and sets bit 254. The clamped integer is a
    /// multiple of the cofactor 8; **the reduction mod l loses that property** (the
    /// result is generally not a multiple of 8 as an integer), so multiplying a point
    /// with a small-order component by the returned scalar does not clear it the way
    /// X25519 clamping does. Use it for Ed25519 secret scalars, where only the value
    /// mod l matters.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let mut k = [0xffu8; 32];
    /// let s = Scalar::from_bytes_with_clamping(k);
    /// // The same as clamping by hand, then reducing.
    /// k[0] &= 0xf8;
    /// k[31] &= 0x7f;
    /// k[31] |= 0x40;
    /// assert_eq!(s, Scalar::from_bytes_mod_order(k));
    /// ```
    pub fn from_bytes_with_clamping(mut bytes: [u8; 32]) -> Scalar {
        bytes[0] &= 0b1111_1000;
        bytes[31] &= 0b0111_1111;
        bytes[31] |= 0b0100_0000;
        Scalar::from_bytes_mod_order(bytes)
    }

    /// The canonical 32-byte little-endian encoding (value < l, so the top 3 bits are 0).
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let s = Scalar::from_bytes_mod_order([0xff; 32]);
    /// let bytes = s.to_bytes();
    /// assert_eq!(bytes[31] >> 5, 0); // below l < 2^253
    /// assert_eq!(Scalar::from_canonical_bytes(bytes).into_option(), Some(s));
    /// let mut seven = [0u8; 32];
    /// seven[0] = 7;
    /// assert_eq!(Scalar::from(7u8).to_bytes(), seven);
    /// ```
    #[inline]
    pub const fn to_bytes(&self) -> [u8; 32] {
        limbs::to_le_bytes(&self.0)
    }

    /// `a·b + c`, with a single reduction.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let (a, b, c) = (Scalar::from(3u8), Scalar::from_bytes_mod_order([9; 32]), -Scalar::ONE);
    /// assert_eq!(Scalar::multiply_add(&a, &b, &c), a * b + c);
    /// ```
    #[inline]
    pub fn multiply_add(a: &Scalar, b: &Scalar, c: &Scalar) -> Scalar {
        Scalar(limbs::mul_add(&a.0, &b.0, &c.0))
    }

    /// `self^2`.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let a = Scalar::from_bytes_mod_order([9; 32]);
    /// assert_eq!(a.square(), a * a);
    /// assert_eq!(Scalar::from(12u8).square(), Scalar::from(144u8));
    /// ```
    #[inline]
    pub fn square(&self) -> Scalar {
        Scalar(limbs::square(&self.0))
    }

    /// The multiplicative inverse; 0 maps to 0.
    ///
    /// Constant time: Bernstein-Yang safegcd with a fixed number of steps (see
    /// `invert.rs`).
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let a = Scalar::from_bytes_mod_order([9; 32]);
    /// assert_eq!(a * a.invert(), Scalar::ONE);
    /// assert_eq!(Scalar::ZERO.invert(), Scalar::ZERO);
    /// ```
    pub fn invert(&self) -> Scalar {
        Scalar(invert::invert(&self.0))
    }

    /// The scalar of a finished 64-byte hash: the digest's output as a 512-bit
    /// little-endian integer, reduced mod l ([`Scalar::from_bytes_mod_order_wide`]).
    /// With SHA-512 this is how Ed25519 and many protocols turn a hash into a scalar.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    /// use sha2::{Digest, Sha512};
    ///
    /// let h = Sha512::new().chain_update(b"domain").chain_update(b"message");
    /// let s = Scalar::from_hash(h);
    /// let wide: [u8; 64] = Sha512::digest(b"domainmessage").into();
    /// assert_eq!(s, Scalar::from_bytes_mod_order_wide(&wide));
    /// ```
    #[cfg(feature = "digest")]
    #[cfg_attr(docsrs, doc(cfg(feature = "digest")))]
    pub fn from_hash<D>(hash: D) -> Scalar
    where
        D: digest::Digest<OutputSize = digest::consts::U64>,
    {
        let mut wide = [0u8; 64];
        // `OutputSize = U64`: the output array is exactly 64 bytes long.
        hash.finalize_into((&mut wide).into());
        let s = Scalar::from_bytes_mod_order_wide(&wide);
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut wide);
        s
    }

    /// A uniformly random scalar: 64 bytes from `rng` reduced mod l (bias about 2^-259).
    ///
    /// Any rand_core 0.10 `CryptoRng` works, for instance `rand::rng()` (the `rand`
    /// 0.10 crate's thread-local generator, seeded by the operating system).
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let mut rng = rand::rng();
    /// let a = Scalar::random(&mut rng);
    /// let b = Scalar::random(&mut rng);
    /// assert_ne!(a, b); // equal with probability 1/l
    /// assert_eq!(a * a.invert(), Scalar::ONE);
    /// ```
    #[cfg(feature = "rand_core")]
    #[cfg_attr(docsrs, doc(cfg(feature = "rand_core")))]
    pub fn random<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> Scalar {
        let mut bytes = [0u8; 64];
        rng.fill_bytes(&mut bytes);
        let s = Scalar::from_bytes_mod_order_wide(&bytes);
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut bytes);
        s
    }

    /// Whether `self` is 0.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let a = Scalar::from(5u8);
    /// assert!(!bool::from(a.is_zero()));
    /// assert!(bool::from((a - a).is_zero()));
    /// ```
    #[inline]
    pub fn is_zero(&self) -> Choice {
        self.ct_eq(&Scalar::ZERO)
    }
}

impl From<u8> for Scalar {
    #[inline]
    fn from(x: u8) -> Scalar {
        Scalar::from(u64::from(x))
    }
}

impl From<u16> for Scalar {
    #[inline]
    fn from(x: u16) -> Scalar {
        Scalar::from(u64::from(x))
    }
}

impl From<u32> for Scalar {
    #[inline]
    fn from(x: u32) -> Scalar {
        Scalar::from(u64::from(x))
    }
}

impl From<u64> for Scalar {
    #[inline]
    fn from(x: u64) -> Scalar {
        Scalar([x, 0, 0, 0])
    }
}

impl From<u128> for Scalar {
    /// Every u128 is below l (< 2^252), so no reduction is needed.
    #[inline]
    fn from(x: u128) -> Scalar {
        Scalar([x as u64, (x >> 64) as u64, 0, 0])
    }
}

impl ConstantTimeEq for Scalar {
    #[inline]
    fn ct_eq(&self, other: &Scalar) -> Choice {
        // Canonical representation: equal values have equal limbs.
        self.0.ct_eq(&other.0)
    }
}

impl ConditionallySelectable for Scalar {
    #[inline]
    fn conditional_select(a: &Scalar, b: &Scalar, choice: Choice) -> Scalar {
        Scalar(<[u64; 4]>::conditional_select(&a.0, &b.0, choice))
    }
}

impl PartialEq for Scalar {
    /// Constant time.
    #[inline]
    fn eq(&self, other: &Scalar) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Scalar {}

impl core::hash::Hash for Scalar {
    /// Hashes the canonical encoding, so equal scalars hash equally. Not constant time
    /// (a `Hasher` need not be): do not hash secret scalars where timing matters.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.to_bytes().hash(state);
    }
}

impl TryFrom<&[u8]> for Scalar {
    type Error = ScalarError;

    /// The canonical encoding in a slice: [`ScalarError::InvalidLength`] unless it has
    /// exactly 32 bytes, [`ScalarError::NonCanonical`] for a value `>= l`
    /// ([`Scalar::from_canonical_bytes`]).
    ///
    /// ```
    /// use edwards25519_scalar::{Scalar, ScalarError};
    ///
    /// assert_eq!(Scalar::try_from(&Scalar::ONE.to_bytes()[..]), Ok(Scalar::ONE));
    /// assert_eq!(
    ///     Scalar::try_from(&[0u8; 31][..]),
    ///     Err(ScalarError::InvalidLength { expected: 32, actual: 31 })
    /// );
    /// assert_eq!(Scalar::try_from(&[0xff; 32][..]), Err(ScalarError::NonCanonical));
    /// ```
    fn try_from(bytes: &[u8]) -> Result<Scalar, ScalarError> {
        let bytes: [u8; 32] = bytes.try_into().map_err(|_| ScalarError::InvalidLength {
            expected: 32,
            actual: bytes.len(),
        })?;
        Option::from(Scalar::from_canonical_bytes(bytes)).ok_or(ScalarError::NonCanonical)
    }
}

impl Default for Scalar {
    /// 0.
    fn default() -> Scalar {
        Scalar::ZERO
    }
}

impl fmt::Debug for Scalar {
    /// `Scalar(…)`: the canonical 32-byte little-endian encoding ([`Scalar::to_bytes`])
    /// in lower-case hex, byte 0 first, with no `0x` (it is not a big-endian numeral).
    /// Every type of these crates prints its canonical bytes this way.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let s = format!("{:?}", Scalar::from(258u16));
    /// assert_eq!(s, format!("Scalar(0201{})", "00".repeat(30)));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        edwards25519_field::debug_hex(f, "Scalar", &self.to_bytes())
    }
}

#[cfg(feature = "zeroize")]
#[cfg_attr(docsrs, doc(cfg(feature = "zeroize")))]
impl zeroize::Zeroize for Scalar {
    fn zeroize(&mut self) {
        // 0 is a valid scalar, so the invariant survives.
        self.0.zeroize();
    }
}
