//! curve25519-dalek's `scalar` module: [`Scalar`] and [`clamp_integer`], over
//! [`edwards25519_scalar::Scalar`].

use crate::macros::{assignop, binop, negop};
use core::fmt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

type Native = edwards25519_scalar::Scalar;

/// An integer modulo l = 2^252 + 27742317777372353535851937790883648493, curve25519-dalek's
/// `Scalar`: the native [`edwards25519_scalar::Scalar`] with its canonical encoding
/// alongside (for [`Scalar::as_bytes`]).
///
/// ```
/// use curve25519_dalek::scalar::Scalar;
///
/// let a = Scalar::from(6u8);
/// let b = Scalar::from_bytes_mod_order([0x44; 32]);
/// assert_eq!((a + b) * b.invert(), a * b.invert() + Scalar::ONE);
/// assert_eq!(Scalar::from(6u8).as_bytes()[0], 6);
/// ```
#[derive(Clone, Copy)]
pub struct Scalar {
    inner: Native,
    /// Invariant: `inner.to_bytes()`, except for a scalar of [`Scalar::from_bits`]
    /// (feature `legacy_compatibility`), where it is that integer (below 2^255) and
    /// `inner` is its residue mod l. Equality and hashing compare these bytes, so a
    /// canonical scalar and an unreduced one differ, as in curve25519-dalek.
    bytes: [u8; 32],
}

impl Scalar {
    /// 0.
    pub const ZERO: Scalar = Scalar {
        inner: Native::ZERO,
        bytes: [0; 32],
    };

    /// 1.
    pub const ONE: Scalar = Scalar {
        inner: Native::ONE,
        bytes: {
            let mut b = [0; 32];
            b[0] = 1;
            b
        },
    };

    pub(crate) fn from_native(inner: Native) -> Scalar {
        Scalar::from_native_const(inner)
    }

    /// [`Scalar::from_native`] in constants.
    pub(crate) const fn from_native_const(inner: Native) -> Scalar {
        Scalar {
            inner,
            bytes: inner.to_bytes(),
        }
    }

    pub(crate) fn native(&self) -> &Native {
        &self.inner
    }

    /// The little-endian integer `bytes`, reduced mod l.
    pub fn from_bytes_mod_order(bytes: [u8; 32]) -> Scalar {
        Scalar::from_native(Native::from_bytes_mod_order(bytes))
    }

    /// The little-endian 512-bit integer `input`, reduced mod l.
    pub fn from_bytes_mod_order_wide(input: &[u8; 64]) -> Scalar {
        Scalar::from_native(Native::from_bytes_mod_order_wide(input))
    }

    /// `bytes` as a scalar if it is the canonical encoding (below l).
    pub fn from_canonical_bytes(bytes: [u8; 32]) -> CtOption<Scalar> {
        Native::from_canonical_bytes(bytes).map(Scalar::from_native)
    }

    /// The integer `bytes` with bit 255 cleared, not reduced mod l (curve25519-dalek's
    /// legacy constructor, feature `legacy_compatibility`). [`Scalar::to_bytes`] gives
    /// the integer back; `EdwardsPoint * Scalar` and `MontgomeryPoint * Scalar`
    /// multiply by the integer itself (the native `mul_unreduced`), which matters on
    /// points with a small-order component. Arithmetic between scalars, multiscalar
    /// multiplication and the tables use its residue mod l (curve25519-dalek leaves
    /// scalar arithmetic on these values unspecified).
    ///
    /// ```
    /// use curve25519_dalek::constants::{ED25519_BASEPOINT_POINT as B, EIGHT_TORSION};
    /// use curve25519_dalek::scalar::Scalar;
    ///
    /// let s = Scalar::from_bits([0xff; 32]);
    /// assert_eq!(s.to_bytes()[31], 0x7f);
    /// assert_ne!(s, Scalar::from_bytes_mod_order([0xff; 32]));
    /// // On B (order l) the residue is what counts.
    /// assert_eq!(B * s, B * Scalar::from_bytes_mod_order(s.to_bytes()));
    /// // On a point of order 8 the integer does: 2^255 - 1 = 7 (mod 8).
    /// assert_eq!(EIGHT_TORSION[1] * s, EIGHT_TORSION[7]);
    /// ```
    #[cfg(feature = "legacy_compatibility")]
    pub const fn from_bits(bytes: [u8; 32]) -> Scalar {
        let mut bytes = bytes;
        bytes[31] &= 0x7f;
        Scalar {
            inner: Native::from_bytes_mod_order_const(bytes),
            bytes,
        }
    }

    /// The canonical little-endian encoding (for a [`Scalar::from_bits`] scalar, its
    /// integer).
    pub const fn to_bytes(&self) -> [u8; 32] {
        self.bytes
    }

    /// The canonical little-endian encoding, by reference.
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.bytes
    }

    /// `self / 2` mod l: the scalar b with b + b = `self` (the native
    /// [`edwards25519_scalar::Scalar::div_by_2`]; of a [`Scalar::from_bits`] scalar,
    /// its residue's half). Constant time.
    ///
    /// ```
    /// use curve25519_dalek::scalar::Scalar;
    ///
    /// let a = Scalar::from(7u8);
    /// let b = a.div_by_2();
    /// assert_eq!(b + b, a);
    /// ```
    pub fn div_by_2(&self) -> Scalar {
        Scalar::from_native(self.inner.div_by_2())
    }

    /// The inverse mod l (0 for 0). Constant time.
    pub fn invert(&self) -> Scalar {
        Scalar::from_native(self.inner.invert())
    }

    /// Inverts every scalar in place (Montgomery's trick) and returns the inverse of
    /// their product, as curve25519-dalek 4's `batch_invert` (5's `invert_batch_alloc`)
    /// does. Unlike curve25519-dalek (which
    /// requires nonzero inputs), a zero input stays zero and leaves the others exact
    /// (`edwards25519_scalar::Scalar::batch_invert`).
    ///
    /// ```
    /// use curve25519_dalek::scalar::Scalar;
    ///
    /// let mut xs = [Scalar::from(2u8), Scalar::from(5u8)];
    /// let all = Scalar::batch_invert(&mut xs);
    /// assert_eq!(xs[0] * Scalar::from(2u8), Scalar::ONE);
    /// assert_eq!(all, Scalar::from(10u8).invert());
    /// ```
    #[cfg(feature = "alloc")]
    pub fn batch_invert(inputs: &mut [Scalar]) -> Scalar {
        let mut natives: alloc::vec::Vec<Native> = inputs.iter().map(|s| s.inner).collect();
        let all = Native::batch_invert(&mut natives);
        for (s, n) in inputs.iter_mut().zip(natives) {
            *s = Scalar::from_native(n);
        }
        Scalar::from_native(all)
    }

    /// curve25519-dalek 5's name for [`Scalar::batch_invert`] on an array.
    ///
    /// ```
    /// use curve25519_dalek::scalar::Scalar;
    ///
    /// let mut xs = [Scalar::from(4u8), Scalar::from(9u8)];
    /// Scalar::invert_batch(&mut xs);
    /// assert_eq!(xs[1] * Scalar::from(9u8), Scalar::ONE);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn invert_batch<const N: usize>(inputs: &mut [Scalar; N]) -> Scalar {
        Scalar::batch_invert(inputs)
    }

    /// curve25519-dalek 5's name for [`Scalar::batch_invert`] on a slice.
    #[cfg(feature = "alloc")]
    pub fn invert_batch_alloc(inputs: &mut [Scalar]) -> Scalar {
        Scalar::batch_invert(inputs)
    }

    /// A uniformly random scalar.
    #[cfg(feature = "rand_core")]
    pub fn random<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> Scalar {
        Scalar::from_native(Native::random(rng))
    }

    /// The 64-byte hash `D(input)` reduced mod l.
    #[cfg(feature = "digest")]
    pub fn hash_from_bytes<D>(input: &[u8]) -> Scalar
    where
        D: digest::Digest<OutputSize = digest::consts::U64> + Default,
    {
        let mut h = D::default();
        h.update(input);
        Scalar::from_hash(h)
    }

    /// The output of a 64-byte hash, reduced mod l.
    #[cfg(feature = "digest")]
    pub fn from_hash<D>(hash: D) -> Scalar
    where
        D: digest::Digest<OutputSize = digest::consts::U64>,
    {
        Scalar::from_native(Native::from_hash(hash))
    }
}

/// RFC 7748 clamping: clear the low three bits and the top bit, set bit 254.
///
/// ```
/// use curve25519_dalek::scalar::clamp_integer;
///
/// let c = clamp_integer([0xff; 32]);
/// assert_eq!((c[0], c[31]), (0xf8, 0x7f));
/// ```
pub const fn clamp_integer(mut bytes: [u8; 32]) -> [u8; 32] {
    bytes[0] &= 0b1111_1000;
    bytes[31] &= 0b0111_1111;
    bytes[31] |= 0b0100_0000;
    bytes
}

binop!(
    Add,
    add,
    Scalar,
    Scalar,
    Scalar,
    |a, b| Scalar::from_native(a.inner + b.inner)
);
binop!(
    Sub,
    sub,
    Scalar,
    Scalar,
    Scalar,
    |a, b| Scalar::from_native(a.inner - b.inner)
);
binop!(
    Mul,
    mul,
    Scalar,
    Scalar,
    Scalar,
    |a, b| Scalar::from_native(a.inner * b.inner)
);
assignop!(AddAssign, add_assign, Scalar, Scalar, +);
assignop!(SubAssign, sub_assign, Scalar, Scalar, -);
assignop!(MulAssign, mul_assign, Scalar, Scalar, *);
negop!(Scalar, |a| Scalar::from_native(-&a.inner));

impl<T: core::borrow::Borrow<Scalar>> core::iter::Sum<T> for Scalar {
    fn sum<I: Iterator<Item = T>>(iter: I) -> Scalar {
        iter.fold(Scalar::ZERO, |acc, x| acc + x.borrow())
    }
}

impl<T: core::borrow::Borrow<Scalar>> core::iter::Product<T> for Scalar {
    fn product<I: Iterator<Item = T>>(iter: I) -> Scalar {
        iter.fold(Scalar::ONE, |acc, x| acc * x.borrow())
    }
}

impl core::ops::Index<usize> for Scalar {
    type Output = u8;
    /// Byte `i` of the canonical encoding.
    fn index(&self, i: usize) -> &u8 {
        &self.bytes[i]
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Scalar {
            fn from(x: $t) -> Scalar {
                Scalar::from_native(Native::from(x))
            }
        }
    )*};
}
from_int!(u8, u16, u32, u64, u128);

impl ConstantTimeEq for Scalar {
    /// Compares the bytes (the canonical encodings, or a `from_bits` integer).
    fn ct_eq(&self, other: &Scalar) -> Choice {
        self.bytes.ct_eq(&other.bytes)
    }
}

impl ConditionallySelectable for Scalar {
    fn conditional_select(a: &Scalar, b: &Scalar, choice: Choice) -> Scalar {
        Scalar {
            inner: Native::conditional_select(&a.inner, &b.inner, choice),
            bytes: <[u8; 32]>::conditional_select(&a.bytes, &b.bytes, choice),
        }
    }
}

impl PartialEq for Scalar {
    fn eq(&self, other: &Scalar) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Scalar {}

impl core::hash::Hash for Scalar {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.bytes.hash(state);
    }
}

impl Default for Scalar {
    fn default() -> Scalar {
        Scalar::ZERO
    }
}

impl fmt::Debug for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Scalar{{\n\tbytes: {:?},\n}}", &self.bytes)
    }
}

impl From<Native> for Scalar {
    fn from(s: Native) -> Scalar {
        Scalar::from_native(s)
    }
}

impl From<Scalar> for Native {
    fn from(s: Scalar) -> Native {
        s.inner
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for Scalar {
    fn zeroize(&mut self) {
        self.inner.zeroize();
        self.bytes.zeroize();
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Scalar {
    /// The bytes [`Scalar::as_bytes`] gives, as curve25519-dalek writes them (for a
    /// [`Scalar::from_bits`] scalar, its integer; reading it back refuses it, as
    /// curve25519-dalek's reader does, since it is not canonical).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::serde_bytes::serialize(&self.bytes, s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Scalar {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
        Native::deserialize(d).map(Scalar::from_native)
    }
}
