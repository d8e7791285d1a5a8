//! curve25519-dalek's `ristretto` module: [`RistrettoPoint`] and [`CompressedRistretto`],
//! over [`edwards25519_group::ristretto`].

use crate::macros::{assignop, binop, negop};
use crate::scalar::Scalar;
use crate::traits::Identity;
#[cfg(feature = "alloc")]
use crate::traits::{MultiscalarMul, VartimeMultiscalarMul};
use core::borrow::Borrow;
use core::fmt;
use edwards25519_group::ristretto::RistrettoPoint as Native;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

#[cfg(feature = "alloc")]
pub use crate::precomputed::VartimeRistrettoPrecomputation;
#[cfg(feature = "precomputed-tables")]
pub use crate::tables::RistrettoBasepointTable;

/// The encoding of a ristretto255 element.
///
/// ```
/// use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT as B;
///
/// assert_eq!(B.compress().decompress(), Some(B));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default)]
pub struct CompressedRistretto(pub [u8; 32]);

impl CompressedRistretto {
    /// The bytes, by reference.
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The bytes.
    pub const fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The element, or `None` unless these are the canonical bytes of one.
    pub fn decompress(&self) -> Option<RistrettoPoint> {
        Native::from_bytes(&self.0).ok().map(RistrettoPoint)
    }

    /// From a slice of exactly 32 bytes.
    pub fn from_slice(bytes: &[u8]) -> Result<CompressedRistretto, core::array::TryFromSliceError> {
        bytes.try_into().map(CompressedRistretto)
    }
}

impl TryFrom<&[u8]> for CompressedRistretto {
    type Error = core::array::TryFromSliceError;
    fn try_from(bytes: &[u8]) -> Result<CompressedRistretto, Self::Error> {
        CompressedRistretto::from_slice(bytes)
    }
}

impl ConstantTimeEq for CompressedRistretto {
    fn ct_eq(&self, other: &CompressedRistretto) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl Identity for CompressedRistretto {
    fn identity() -> CompressedRistretto {
        CompressedRistretto([0; 32])
    }
}

impl fmt::Debug for CompressedRistretto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CompressedRistretto: {:?}", self.as_bytes())
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for CompressedRistretto {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

/// A ristretto255 element, curve25519-dalek's `RistrettoPoint`: the native
/// [`edwards25519_group::ristretto::RistrettoPoint`].
///
/// ```
/// use curve25519_dalek::ristretto::RistrettoPoint;
/// use curve25519_dalek::scalar::Scalar;
/// use sha2::Sha512;
///
/// let h = RistrettoPoint::hash_from_bytes::<Sha512>(b"a generator");
/// let c = Scalar::from(3u8) * RistrettoPoint::mul_base(&Scalar::ONE) + Scalar::from(4u8) * h;
/// assert_eq!(c.compress().decompress(), Some(c));
/// ```
#[derive(Copy, Clone)]
pub struct RistrettoPoint(pub(crate) Native);

impl RistrettoPoint {
    /// The canonical encoding.
    pub fn compress(&self) -> CompressedRistretto {
        CompressedRistretto(self.0.to_bytes())
    }

    /// The encodings of `[2]P` for every P, with one inversion for the batch, as
    /// curve25519-dalek's (the native `RistrettoPoint::double_and_encode_batch`).
    #[cfg(feature = "alloc")]
    pub fn double_and_compress_batch<'a, I>(points: I) -> alloc::vec::Vec<CompressedRistretto>
    where
        I: IntoIterator<Item = &'a RistrettoPoint>,
    {
        let native: alloc::vec::Vec<Native> = points.into_iter().map(|p| p.0).collect();
        Native::double_and_encode_batch(&native)
            .into_iter()
            .map(CompressedRistretto)
            .collect()
    }

    /// `[s]B` for the ristretto255 base point. Constant time.
    pub fn mul_base(scalar: &Scalar) -> RistrettoPoint {
        RistrettoPoint(Native::mul_base(scalar.native()))
    }

    /// The element of 64 uniform bytes (two Elligator maps, RFC 9496 §4.3.4).
    pub fn from_uniform_bytes(bytes: &[u8; 64]) -> RistrettoPoint {
        RistrettoPoint(Native::from_uniform_bytes(bytes))
    }

    /// The Elligator map of one field element (RFC 9496 §4.3.4; bit 255 ignored): the
    /// native `RistrettoPoint::map_to_curve`. Not uniform on its own.
    ///
    /// ```
    /// use curve25519_dalek::ristretto::RistrettoPoint;
    ///
    /// let mut both = [0x11u8; 64];
    /// both[32..].fill(0x22);
    /// let sum = RistrettoPoint::map_to_curve([0x11; 32]) + RistrettoPoint::map_to_curve([0x22; 32]);
    /// assert_eq!(sum, RistrettoPoint::from_uniform_bytes(&both));
    /// ```
    pub fn map_to_curve(bytes: [u8; 32]) -> RistrettoPoint {
        RistrettoPoint(Native::map_to_curve(bytes))
    }

    /// [`RistrettoPoint::map_to_curve`] of a field element with bit 0 and bits 254, 255
    /// clear (non-negative and below p), so that
    /// [`RistrettoPoint::map_to_curve_inverse`] finds `bytes` among its first eight.
    ///
    /// # Panics
    /// If bit 0 of `bytes[0]` or either top bit of `bytes[31]` is set (as
    /// curve25519-dalek; the native API has no panicking form).
    ///
    /// ```
    /// use curve25519_dalek::ristretto::RistrettoPoint;
    ///
    /// let p = RistrettoPoint::map_to_curve_restricted([0x22; 32]);
    /// assert!(p.map_to_curve_inverse()[..8].iter().any(|b| b.into_option() == Some([0x22; 32])));
    /// ```
    #[cfg(feature = "lizard")]
    pub fn map_to_curve_restricted(bytes: [u8; 32]) -> RistrettoPoint {
        assert!(
            bytes[0] & 1 == 0 && bytes[31] & 0xc0 == 0,
            "map_to_curve_restricted: bit 0 and bits 254, 255 must be clear"
        );
        RistrettoPoint::map_to_curve(bytes)
    }

    /// The preimages under [`RistrettoPoint::map_to_curve`]: the native
    /// `RistrettoPoint::map_to_curve_inverse`. The first eight are non-negative, the
    /// last eight their negations. The same preimages as curve25519-dalek's, in another
    /// order of the slots (and, for the identity, with √(i/d) too, which it leaves out).
    ///
    /// ```
    /// use curve25519_dalek::ristretto::RistrettoPoint;
    ///
    /// let p = RistrettoPoint::map_to_curve([0x22; 32]);
    /// for b in p.map_to_curve_inverse().iter().filter_map(|b| b.into_option()) {
    ///     assert_eq!(RistrettoPoint::map_to_curve(b), p);
    /// }
    /// ```
    #[cfg(feature = "lizard")]
    pub fn map_to_curve_inverse(&self) -> [subtle::CtOption<[u8; 32]>; 16] {
        self.0.map_to_curve_inverse()
    }

    /// Lizard: 16 bytes encoded injectively as an element, with the 32-byte hash `D`
    /// (the native `RistrettoPoint::lizard_encode`).
    ///
    /// ```
    /// use curve25519_dalek::ristretto::RistrettoPoint;
    /// use sha2::Sha256;
    ///
    /// let p = RistrettoPoint::lizard_encode::<Sha256>(&[9; 16]);
    /// assert_eq!(p.lizard_decode::<Sha256>(), Some([9; 16]));
    /// ```
    #[cfg(feature = "lizard")]
    pub fn lizard_encode<D>(data: &[u8; 16]) -> RistrettoPoint
    where
        D: digest::Digest<OutputSize = digest::consts::U32> + digest::HashMarker,
    {
        RistrettoPoint(Native::lizard_encode::<D>(data))
    }

    /// The 16 bytes of a [`RistrettoPoint::lizard_encode`] output, or `None` (the
    /// native `RistrettoPoint::lizard_decode`).
    #[cfg(feature = "lizard")]
    pub fn lizard_decode<D>(&self) -> Option<[u8; 16]>
    where
        D: digest::Digest<OutputSize = digest::consts::U32> + digest::HashMarker,
    {
        self.0.lizard_decode::<D>()
    }

    /// A uniformly random element.
    #[cfg(feature = "rand_core")]
    pub fn random<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> RistrettoPoint {
        let mut bytes = [0u8; 64];
        rng.fill_bytes(&mut bytes);
        RistrettoPoint::from_uniform_bytes(&bytes)
    }

    /// [`RistrettoPoint::random`] from a fallible generator: its error, if it fails.
    ///
    /// ```
    /// use curve25519_dalek::ristretto::RistrettoPoint;
    ///
    /// let p = RistrettoPoint::try_random(&mut rand::rng());
    /// assert!(p.is_ok());
    /// ```
    #[cfg(feature = "rand_core")]
    pub fn try_random<R: rand_core::TryCryptoRng + ?Sized>(
        rng: &mut R,
    ) -> Result<RistrettoPoint, R::Error> {
        let mut bytes = [0u8; 64];
        rng.try_fill_bytes(&mut bytes)?;
        Ok(RistrettoPoint::from_uniform_bytes(&bytes))
    }

    /// [`RistrettoPoint::from_uniform_bytes`] of the 64-byte hash `D(input)`.
    #[cfg(feature = "digest")]
    pub fn hash_from_bytes<D>(input: &[u8]) -> RistrettoPoint
    where
        D: digest::Digest<OutputSize = digest::consts::U64> + Default,
    {
        let mut h = D::default();
        h.update(input);
        RistrettoPoint::from_hash(h)
    }

    /// [`RistrettoPoint::from_uniform_bytes`] of a 64-byte hash's output.
    #[cfg(feature = "digest")]
    pub fn from_hash<D>(hash: D) -> RistrettoPoint
    where
        D: digest::Digest<OutputSize = digest::consts::U64>,
    {
        let mut out = [0u8; 64];
        out.copy_from_slice(&hash.finalize());
        RistrettoPoint::from_uniform_bytes(&out)
    }

    /// `[a]A + [b]B` for the base point B, in variable time.
    #[allow(non_snake_case)]
    pub fn vartime_double_scalar_mul_basepoint(
        a: &Scalar,
        A: &RistrettoPoint,
        b: &Scalar,
    ) -> RistrettoPoint {
        RistrettoPoint(Native::vartime_double_scalar_mul_basepoint(
            a.native(),
            &A.0,
            b.native(),
        ))
    }
}

binop!(
    Add,
    add,
    RistrettoPoint,
    RistrettoPoint,
    RistrettoPoint,
    |a, b| RistrettoPoint(a.0 + b.0)
);
binop!(
    Sub,
    sub,
    RistrettoPoint,
    RistrettoPoint,
    RistrettoPoint,
    |a, b| RistrettoPoint(a.0 - b.0)
);
binop!(Mul, mul, RistrettoPoint, Scalar, RistrettoPoint, |a, b| {
    RistrettoPoint(a.0 * b.native())
});
binop!(Mul, mul, Scalar, RistrettoPoint, RistrettoPoint, |a, b| {
    RistrettoPoint(a.native() * b.0)
});
assignop!(AddAssign, add_assign, RistrettoPoint, RistrettoPoint, +);
assignop!(SubAssign, sub_assign, RistrettoPoint, RistrettoPoint, -);
assignop!(MulAssign, mul_assign, RistrettoPoint, Scalar, *);
negop!(RistrettoPoint, |a| RistrettoPoint(-&a.0));

impl<T: Borrow<RistrettoPoint>> core::iter::Sum<T> for RistrettoPoint {
    fn sum<I: Iterator<Item = T>>(iter: I) -> RistrettoPoint {
        RistrettoPoint(iter.map(|p| p.borrow().0).sum())
    }
}

impl Identity for RistrettoPoint {
    fn identity() -> RistrettoPoint {
        RistrettoPoint(Native::IDENTITY)
    }
}

impl Default for RistrettoPoint {
    fn default() -> RistrettoPoint {
        RistrettoPoint::identity()
    }
}

impl ConstantTimeEq for RistrettoPoint {
    fn ct_eq(&self, other: &RistrettoPoint) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl PartialEq for RistrettoPoint {
    fn eq(&self, other: &RistrettoPoint) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for RistrettoPoint {}

impl core::hash::Hash for RistrettoPoint {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl ConditionallySelectable for RistrettoPoint {
    fn conditional_select(
        a: &RistrettoPoint,
        b: &RistrettoPoint,
        choice: Choice,
    ) -> RistrettoPoint {
        RistrettoPoint(Native::conditional_select(&a.0, &b.0, choice))
    }
}

impl fmt::Debug for RistrettoPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RistrettoPoint({:?})", self.compress())
    }
}

impl From<Native> for RistrettoPoint {
    fn from(p: Native) -> RistrettoPoint {
        RistrettoPoint(p)
    }
}

impl From<RistrettoPoint> for Native {
    fn from(p: RistrettoPoint) -> Native {
        p.0
    }
}

#[cfg(feature = "alloc")]
impl MultiscalarMul for RistrettoPoint {
    type Point = RistrettoPoint;

    fn multiscalar_mul<I, J>(scalars: I, points: J) -> RistrettoPoint
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<RistrettoPoint>,
    {
        RistrettoPoint(Native::multiscalar_mul(
            scalars.into_iter().map(|s| *s.borrow().native()),
            points.into_iter().map(|p| p.borrow().0),
        ))
    }
}

#[cfg(feature = "alloc")]
impl VartimeMultiscalarMul for RistrettoPoint {
    type Point = RistrettoPoint;

    fn optional_multiscalar_mul<I, J>(scalars: I, points: J) -> Option<RistrettoPoint>
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator<Item = Option<RistrettoPoint>>,
    {
        let points: Option<alloc::vec::Vec<Native>> =
            points.into_iter().map(|p| p.map(|p| p.0)).collect();
        Some(RistrettoPoint(Native::vartime_multiscalar_mul(
            scalars.into_iter().map(|s| *s.borrow().native()),
            points?,
        )))
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for RistrettoPoint {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for RistrettoPoint {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.compress().serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for RistrettoPoint {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RistrettoPoint, D::Error> {
        CompressedRistretto::deserialize(d)?
            .decompress()
            .ok_or_else(|| serde::de::Error::custom("decompression failed"))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for CompressedRistretto {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::serde_bytes::serialize(&self.0, s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CompressedRistretto {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CompressedRistretto, D::Error> {
        crate::serde_bytes::deserialize(d, "32 bytes of data").map(CompressedRistretto)
    }
}
