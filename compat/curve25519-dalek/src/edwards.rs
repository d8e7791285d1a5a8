//! curve25519-dalek's `edwards` module: [`EdwardsPoint`] and [`CompressedEdwardsY`], over
//! [`edwards25519_group::Point`].

use crate::macros::{assignop, binop, negop};
use crate::montgomery::MontgomeryPoint;
use crate::scalar::Scalar;
use crate::traits::Identity;
#[cfg(feature = "alloc")]
use crate::traits::{MultiscalarMul, VartimeMultiscalarMul};
use core::borrow::Borrow;
use core::fmt;
use edwards25519_group::Point;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

#[cfg(feature = "digest")]
use digest::{
    FixedOutput, HashMarker, common::BlockSizeUser, consts::True, consts::U64, typenum::IsGreater,
};

#[cfg(feature = "group")]
pub use crate::group_impls::SubgroupPoint;
#[cfg(feature = "alloc")]
pub use crate::precomputed::VartimeEdwardsPrecomputation;
#[cfg(feature = "precomputed-tables")]
pub use crate::tables::{
    EdwardsBasepointTable, EdwardsBasepointTableRadix16, EdwardsBasepointTableRadix32,
    EdwardsBasepointTableRadix64, EdwardsBasepointTableRadix128, EdwardsBasepointTableRadix256,
};

/// The encoding of an Edwards point: y with the sign of x in the top bit.
///
/// ```
/// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
///
/// let c = ED25519_BASEPOINT_POINT.compress();
/// assert_eq!(c.decompress(), Some(ED25519_BASEPOINT_POINT));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default)]
pub struct CompressedEdwardsY(pub [u8; 32]);

impl CompressedEdwardsY {
    /// The bytes, by reference.
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The bytes.
    pub const fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The point, or `None` if y is the coordinate of no point. As curve25519-dalek,
    /// accepts every encoding of a point: y at or above p, and x = 0 with the sign bit
    /// set (`edwards25519_group::Point::from_bytes`).
    pub fn decompress(&self) -> Option<EdwardsPoint> {
        Point::from_bytes(&self.0).ok().map(EdwardsPoint)
    }

    /// From a slice of exactly 32 bytes.
    pub fn from_slice(bytes: &[u8]) -> Result<CompressedEdwardsY, core::array::TryFromSliceError> {
        bytes.try_into().map(CompressedEdwardsY)
    }
}

impl TryFrom<&[u8]> for CompressedEdwardsY {
    type Error = core::array::TryFromSliceError;
    fn try_from(bytes: &[u8]) -> Result<CompressedEdwardsY, Self::Error> {
        CompressedEdwardsY::from_slice(bytes)
    }
}

impl ConstantTimeEq for CompressedEdwardsY {
    fn ct_eq(&self, other: &CompressedEdwardsY) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl Identity for CompressedEdwardsY {
    fn identity() -> CompressedEdwardsY {
        let mut b = [0u8; 32];
        b[0] = 1;
        CompressedEdwardsY(b)
    }
}

impl fmt::Debug for CompressedEdwardsY {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CompressedEdwardsY: {:?}", self.as_bytes())
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for CompressedEdwardsY {
    fn zeroize(&mut self) {
        self.0.zeroize();
        self.0[0] = 1;
    }
}

/// A point on edwards25519, curve25519-dalek's `EdwardsPoint`: the native
/// [`edwards25519_group::Point`].
///
/// ```
/// use curve25519_dalek::edwards::EdwardsPoint;
/// use curve25519_dalek::scalar::Scalar;
///
/// let p = EdwardsPoint::mul_base(&Scalar::from(5u8));
/// assert_eq!(p + p, Scalar::from(10u8) * EdwardsPoint::mul_base(&Scalar::ONE));
/// ```
#[derive(Copy, Clone)]
pub struct EdwardsPoint(pub(crate) Point);

impl EdwardsPoint {
    /// The encoding.
    pub fn compress(&self) -> CompressedEdwardsY {
        CompressedEdwardsY(self.0.to_bytes())
    }

    /// The encodings of an array of points (with `alloc`, one inversion for all).
    ///
    /// ```
    /// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
    /// use curve25519_dalek::edwards::EdwardsPoint;
    ///
    /// let c = EdwardsPoint::compress_batch(&[B, B + B]);
    /// assert_eq!(c, [B.compress(), (B + B).compress()]);
    /// ```
    pub fn compress_batch<const N: usize>(inputs: &[EdwardsPoint; N]) -> [CompressedEdwardsY; N] {
        #[cfg(feature = "alloc")]
        {
            let all = EdwardsPoint::compress_batch_alloc(inputs);
            core::array::from_fn(|i| all[i])
        }
        #[cfg(not(feature = "alloc"))]
        core::array::from_fn(|i| inputs[i].compress())
    }

    /// The encodings of many points (one inversion for all).
    ///
    /// ```
    /// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
    /// use curve25519_dalek::edwards::EdwardsPoint;
    ///
    /// assert_eq!(EdwardsPoint::compress_batch_alloc(&[B]), vec![B.compress()]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn compress_batch_alloc(inputs: &[EdwardsPoint]) -> alloc::vec::Vec<CompressedEdwardsY> {
        let points: alloc::vec::Vec<Point> = inputs.iter().map(|p| p.0).collect();
        Point::to_bytes_batch(&points)
            .into_iter()
            .map(CompressedEdwardsY)
            .collect()
    }

    /// The Montgomery u-coordinates of many points (one inversion for all).
    ///
    /// ```
    /// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
    /// use curve25519_dalek::edwards::EdwardsPoint;
    ///
    /// assert_eq!(EdwardsPoint::to_montgomery_batch(&[B]), vec![B.to_montgomery()]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_montgomery_batch(eds: &[EdwardsPoint]) -> alloc::vec::Vec<MontgomeryPoint> {
        let points: alloc::vec::Vec<Point> = eds.iter().map(|p| p.0).collect();
        Point::to_montgomery_batch(&points)
            .into_iter()
            .map(MontgomeryPoint::from)
            .collect()
    }

    /// `[s]B` for the base point B. Constant time.
    pub fn mul_base(scalar: &Scalar) -> EdwardsPoint {
        EdwardsPoint(Point::mul_base(scalar.native()))
    }

    /// `[c]B` with c = [`clamp_integer`](crate::scalar::clamp_integer)`(bytes)`.
    pub fn mul_base_clamped(bytes: [u8; 32]) -> EdwardsPoint {
        EdwardsPoint(Point::mul_base_clamped(bytes))
    }

    /// `[c]self` with c = [`clamp_integer`](crate::scalar::clamp_integer)`(bytes)`, as an
    /// integer (a small-order component is cleared).
    pub fn mul_clamped(self, bytes: [u8; 32]) -> EdwardsPoint {
        EdwardsPoint(self.0.mul_clamped(bytes))
    }

    /// The Montgomery u-coordinate, (1 + y)/(1 - y) (0 for the identity).
    pub fn to_montgomery(&self) -> MontgomeryPoint {
        MontgomeryPoint(self.0.to_montgomery().0)
    }

    /// Whether the point has order dividing 8.
    pub fn is_small_order(&self) -> bool {
        self.0.is_small_order()
    }

    /// Whether the point lies in the subgroup of order l.
    pub fn is_torsion_free(&self) -> bool {
        self.0.is_torsion_free()
    }

    /// `[8]self`.
    pub fn mul_by_cofactor(&self) -> EdwardsPoint {
        EdwardsPoint(self.0.mul_by_cofactor())
    }

    /// `[2^k]self`, for k > 0.
    pub fn mul_by_pow_2(&self, k: u32) -> EdwardsPoint {
        debug_assert!(k > 0);
        let mut p = self.0;
        for _ in 0..k {
            p = p.double();
        }
        EdwardsPoint(p)
    }

    /// `[a]A + [b]B` for the base point B, in variable time.
    #[allow(non_snake_case)]
    pub fn vartime_double_scalar_mul_basepoint(
        a: &Scalar,
        A: &EdwardsPoint,
        b: &Scalar,
    ) -> EdwardsPoint {
        EdwardsPoint(Point::vartime_double_scalar_mul_basepoint(
            a.native(),
            &A.0,
            b.native(),
        ))
    }

    /// RFC 9380 `encode_to_curve` with expand_message_xmd over `D` and the twisted
    /// Edwards Elligator 2 map (suite `edwards25519_XMD:SHA-512_ELL2_NU_` with
    /// `D = Sha512`): the message is the concatenation of `bytes`, the DST that of
    /// `domain_sep` (the native [`Point::encode_to_curve_with_hash`]). Not uniform in
    /// the group: see [`EdwardsPoint::hash_to_curve`].
    ///
    /// # Panics
    ///
    /// As curve25519-dalek's, if the DST is empty or longer than 255 bytes (the native
    /// function computes both: an empty DST by the formula, a long one hashed).
    ///
    /// ```
    /// use curve25519_dalek::edwards::EdwardsPoint;
    /// use sha2::Sha512;
    ///
    /// let p = EdwardsPoint::encode_to_curve::<Sha512>(&[b"msg"], &[b"my-protocol"]);
    /// assert!(p.is_torsion_free());
    /// ```
    #[cfg(feature = "digest")]
    pub fn encode_to_curve<D>(bytes: &[&[u8]], domain_sep: &[&[u8]]) -> EdwardsPoint
    where
        D: BlockSizeUser + Default + FixedOutput<OutputSize = U64> + HashMarker,
        D::BlockSize: IsGreater<D::OutputSize, Output = True>,
    {
        check_dst(domain_sep);
        EdwardsPoint(Point::encode_to_curve_with_hash::<D>(bytes, domain_sep))
    }

    /// RFC 9380 `hash_to_curve` with expand_message_xmd over `D` and the twisted
    /// Edwards Elligator 2 map (suite `edwards25519_XMD:SHA-512_ELL2_RO_` with
    /// `D = Sha512`): the message is the concatenation of `bytes`, the DST that of
    /// `domain_sep` (the native [`Point::hash_to_curve_with_hash`]).
    ///
    /// # Panics
    ///
    /// As curve25519-dalek's, if the DST is empty or longer than 255 bytes.
    ///
    /// ```
    /// use curve25519_dalek::edwards::EdwardsPoint;
    /// use sha2::Sha512;
    ///
    /// let dst = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_";
    /// let p = EdwardsPoint::hash_to_curve::<Sha512>(&[b"ab", b"c"], &[dst]);
    /// assert_eq!(p, EdwardsPoint::hash_to_curve::<Sha512>(&[b"abc"], &[&dst[..9], &dst[9..]]));
    /// assert!(p.is_torsion_free());
    /// ```
    #[cfg(feature = "digest")]
    pub fn hash_to_curve<D>(bytes: &[&[u8]], domain_sep: &[&[u8]]) -> EdwardsPoint
    where
        D: BlockSizeUser + Default + FixedOutput<OutputSize = U64> + HashMarker,
        D::BlockSize: IsGreater<D::OutputSize, Output = True>,
    {
        check_dst(domain_sep);
        EdwardsPoint(Point::hash_to_curve_with_hash::<D>(bytes, domain_sep))
    }

    /// A random point, as curve25519-dalek draws it: 32 random bytes until they decode
    /// to a point other than the identity (so the point may have a small-order
    /// component).
    ///
    /// ```
    /// use curve25519_dalek::edwards::EdwardsPoint;
    /// use curve25519_dalek::traits::IsIdentity;
    ///
    /// let p = EdwardsPoint::random(&mut rand::rng());
    /// assert!(!p.is_identity());
    /// ```
    #[cfg(feature = "rand_core")]
    pub fn random<R: rand_core::Rng + ?Sized>(rng: &mut R) -> EdwardsPoint {
        let mut repr = CompressedEdwardsY([0u8; 32]);
        loop {
            rng.fill_bytes(&mut repr.0);
            if let Some(p) = repr.decompress()
                && !crate::traits::IsIdentity::is_identity(&p)
            {
                return p;
            }
        }
    }
}

/// curve25519-dalek's DST rule for `hash_to_curve`: 1 to 255 bytes, else a panic.
#[cfg(feature = "digest")]
fn check_dst(domain_sep: &[&[u8]]) {
    let len: usize = domain_sep.iter().map(|d| d.len()).sum();
    assert!(
        (1..=255).contains(&len),
        "the domain separation tag must be 1 to 255 bytes long, not {len}"
    );
}

binop!(
    Add,
    add,
    EdwardsPoint,
    EdwardsPoint,
    EdwardsPoint,
    |a, b| EdwardsPoint(a.0 + b.0)
);
binop!(
    Sub,
    sub,
    EdwardsPoint,
    EdwardsPoint,
    EdwardsPoint,
    |a, b| EdwardsPoint(a.0 - b.0)
);
/// `[s]P`; with `legacy_compatibility`, by the scalar's integer (`Scalar::from_bits`
/// keeps one that is not reduced; for every other scalar it is the canonical value).
fn scalar_mul(p: &EdwardsPoint, s: &Scalar) -> EdwardsPoint {
    #[cfg(feature = "legacy_compatibility")]
    return EdwardsPoint(p.0.mul_unreduced(s.as_bytes()));
    #[cfg(not(feature = "legacy_compatibility"))]
    EdwardsPoint(p.0 * s.native())
}

binop!(Mul, mul, EdwardsPoint, Scalar, EdwardsPoint, |a, b| {
    scalar_mul(a, b)
});
binop!(Mul, mul, Scalar, EdwardsPoint, EdwardsPoint, |a, b| {
    scalar_mul(b, a)
});
assignop!(AddAssign, add_assign, EdwardsPoint, EdwardsPoint, +);
assignop!(SubAssign, sub_assign, EdwardsPoint, EdwardsPoint, -);
assignop!(MulAssign, mul_assign, EdwardsPoint, Scalar, *);
negop!(EdwardsPoint, |a| EdwardsPoint(-&a.0));

impl<T: Borrow<EdwardsPoint>> core::iter::Sum<T> for EdwardsPoint {
    fn sum<I: Iterator<Item = T>>(iter: I) -> EdwardsPoint {
        EdwardsPoint(iter.map(|p| p.borrow().0).sum())
    }
}

impl Identity for EdwardsPoint {
    fn identity() -> EdwardsPoint {
        EdwardsPoint(Point::IDENTITY)
    }
}

impl Default for EdwardsPoint {
    fn default() -> EdwardsPoint {
        EdwardsPoint::identity()
    }
}

impl ConstantTimeEq for EdwardsPoint {
    fn ct_eq(&self, other: &EdwardsPoint) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl PartialEq for EdwardsPoint {
    fn eq(&self, other: &EdwardsPoint) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for EdwardsPoint {}

impl ConditionallySelectable for EdwardsPoint {
    fn conditional_select(a: &EdwardsPoint, b: &EdwardsPoint, choice: Choice) -> EdwardsPoint {
        EdwardsPoint(Point::conditional_select(&a.0, &b.0, choice))
    }
}

impl fmt::Debug for EdwardsPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EdwardsPoint({:?})", self.compress())
    }
}

impl From<Point> for EdwardsPoint {
    fn from(p: Point) -> EdwardsPoint {
        EdwardsPoint(p)
    }
}

impl From<EdwardsPoint> for Point {
    fn from(p: EdwardsPoint) -> Point {
        p.0
    }
}

#[cfg(feature = "alloc")]
impl MultiscalarMul for EdwardsPoint {
    type Point = EdwardsPoint;

    fn multiscalar_mul<I, J>(scalars: I, points: J) -> EdwardsPoint
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<EdwardsPoint>,
    {
        // With `legacy_compatibility`, by each scalar's integer (`Scalar::from_bits`), as
        // curve25519-dalek: the native form for integers below 2^255.
        #[cfg(feature = "legacy_compatibility")]
        return EdwardsPoint(Point::multiscalar_mul_unreduced(
            scalars.into_iter().map(|s| s.borrow().to_bytes()),
            points.into_iter().map(|p| p.borrow().0),
        ));
        #[cfg(not(feature = "legacy_compatibility"))]
        EdwardsPoint(Point::multiscalar_mul(
            scalars.into_iter().map(|s| *s.borrow().native()),
            points.into_iter().map(|p| p.borrow().0),
        ))
    }
}

#[cfg(feature = "alloc")]
impl VartimeMultiscalarMul for EdwardsPoint {
    type Point = EdwardsPoint;

    fn optional_multiscalar_mul<I, J>(scalars: I, points: J) -> Option<EdwardsPoint>
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator<Item = Option<EdwardsPoint>>,
    {
        let points: Option<alloc::vec::Vec<Point>> =
            points.into_iter().map(|p| p.map(|p| p.0)).collect();
        // With `legacy_compatibility`, a `Scalar::from_bits` integer that is not reduced
        // (public here) takes the native constant-time form for integers, as
        // curve25519-dalek multiplies by the integer.
        #[cfg(feature = "legacy_compatibility")]
        {
            let scalars: alloc::vec::Vec<Scalar> =
                scalars.into_iter().map(|s| *s.borrow()).collect();
            let points = points?;
            if scalars
                .iter()
                .any(|s| s.to_bytes() != s.native().to_bytes())
            {
                let ints = scalars.iter().map(Scalar::to_bytes);
                return Some(EdwardsPoint(Point::multiscalar_mul_unreduced(ints, points)));
            }
            let natives = scalars.iter().map(|s| *s.native());
            Some(EdwardsPoint(Point::vartime_multiscalar_mul(
                natives, points,
            )))
        }
        #[cfg(not(feature = "legacy_compatibility"))]
        Some(EdwardsPoint(Point::vartime_multiscalar_mul(
            scalars.into_iter().map(|s| *s.borrow().native()),
            points?,
        )))
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for EdwardsPoint {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for EdwardsPoint {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.compress().serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for EdwardsPoint {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<EdwardsPoint, D::Error> {
        CompressedEdwardsY::deserialize(d)?
            .decompress()
            .ok_or_else(|| serde::de::Error::custom("decompression failed"))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for CompressedEdwardsY {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::serde_bytes::serialize(&self.0, s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CompressedEdwardsY {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CompressedEdwardsY, D::Error> {
        crate::serde_bytes::deserialize(d, "32 bytes of data").map(CompressedEdwardsY)
    }
}
