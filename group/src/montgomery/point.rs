//! [`MontgomeryPoint`], the X25519 functions on bytes, and the maps between the
//! Montgomery and Edwards forms.

use core::fmt;
use core::hash::{Hash, Hasher};

use edwards25519_field::FieldElement;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use super::ladder::{clamp, wipe_scalar, x25519_for_this_cpu};
use crate::Point;

/// The u-coordinate of the Curve25519 base point, u = 9 (RFC 7748 §4.1).
///
/// ```
/// use edwards25519_group::Point;
/// use edwards25519_group::montgomery::{MontgomeryPoint, X25519_BASEPOINT};
///
/// // u = 9 is the image of the Ed25519 base point.
/// assert_eq!(Point::GENERATOR.to_montgomery(), MontgomeryPoint(X25519_BASEPOINT));
/// assert_eq!(X25519_BASEPOINT[0], 9);
/// ```
pub const X25519_BASEPOINT: [u8; 32] = {
    let mut b = [0u8; 32];
    b[0] = 9;
    b
};

/// A point of Curve25519 (or its twist) given by its u-coordinate: 32 bytes,
/// little-endian, as in RFC 7748.
///
/// Any 32 bytes are a `MontgomeryPoint`: bit 255 is ignored and values in [p, 2^255)
/// stand for their residue mod p, as RFC 7748 asks of X25519. Equality
/// ([`PartialEq`], [`ConstantTimeEq`]) and hashing compare u mod p (bit 255 ignored), not
/// the bytes; the field `.0` keeps the bytes as given.
///
/// ```
/// use edwards25519_group::montgomery::MontgomeryPoint;
///
/// // Equality is of u mod p: bit 255 is ignored.
/// let mut high = MontgomeryPoint::BASEPOINT.to_bytes();
/// high[31] |= 0x80;
/// assert_eq!(MontgomeryPoint(high), MontgomeryPoint::BASEPOINT);
/// assert_ne!(MontgomeryPoint(high).0, MontgomeryPoint::BASEPOINT.0);
/// ```
#[derive(Clone, Copy, Default)]
pub struct MontgomeryPoint(pub [u8; 32]);

impl MontgomeryPoint {
    /// The base point, u = 9 ([`X25519_BASEPOINT`]).
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    ///
    /// let k = [0x33u8; 32];
    /// assert_eq!(MontgomeryPoint::BASEPOINT.mul_clamped(k), MontgomeryPoint::mul_base_clamped(k));
    /// ```
    pub const BASEPOINT: MontgomeryPoint = MontgomeryPoint(X25519_BASEPOINT);

    /// The bytes, as given.
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    ///
    /// let bytes = [0xffu8; 32];
    /// assert_eq!(MontgomeryPoint(bytes).to_bytes(), bytes); // as given, not reduced
    /// ```
    pub const fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The bytes, borrowed.
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    ///
    /// let p = MontgomeryPoint::mul_base_clamped([1; 32]);
    /// assert_eq!(p.as_bytes(), &p.to_bytes());
    /// ```
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// RFC 7748 X25519(k, u) with k = `scalar` and u = self.
    ///
    /// k is clamped (bits 0, 1, 2 and 255 cleared, bit 254 set); bit 255 of u is masked
    /// and u is reduced mod p (non-canonical u accepted). The result is canonical
    /// (u < p). For u of small order the result is 32 zero bytes (see the [module
    /// docs](crate::montgomery)); [`MontgomeryPoint::mul_clamped_checked`] refuses those.
    ///
    /// Constant time in `scalar` and in u: a Montgomery ladder of 255 steps with
    /// conditional swaps, one inversion at the end (constant-time safegcd). Where CPUID
    /// reports AVX-512 IFMA, the ladder runs four products at a time in vector lanes;
    /// elsewhere on the fastest serial field backend this CPU supports.
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    ///
    /// // RFC 7748 §5.2, the first test vector.
    /// let k: [u8; 32] = hex::decode("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4")
    ///     .expect("hex")
    ///     .try_into()
    ///     .expect("32 bytes");
    /// let u: [u8; 32] = hex::decode("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
    ///     .expect("hex")
    ///     .try_into()
    ///     .expect("32 bytes");
    /// let out = MontgomeryPoint(u).mul_clamped(k);
    /// assert_eq!(hex::encode(out.0), "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    /// ```
    pub fn mul_clamped(&self, mut scalar: [u8; 32]) -> MontgomeryPoint {
        let mut k = clamp(scalar);
        let u = FieldElement::from_bytes(&self.0);
        let out = x25519_for_this_cpu(&k, &u);
        wipe_scalar(&mut k);
        wipe_scalar(&mut scalar);
        MontgomeryPoint(out)
    }

    /// [`MontgomeryPoint::mul_clamped`], refusing an all-zero result (u of small order,
    /// RFC 7748 §6.1): none then. Constant time (the check is a [`Choice`]).
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    ///
    /// let k = [0x44u8; 32];
    /// let peer = MontgomeryPoint::mul_base_clamped([0x55; 32]);
    /// assert_eq!(peer.mul_clamped_checked(k).into_option(), Some(peer.mul_clamped(k)));
    /// // u = 0 has small order: the result would be all zero, so none.
    /// assert!(bool::from(MontgomeryPoint([0; 32]).mul_clamped_checked(k).is_none()));
    /// ```
    pub fn mul_clamped_checked(&self, scalar: [u8; 32]) -> CtOption<MontgomeryPoint> {
        let out = self.mul_clamped(scalar);
        let nonzero = !out.0.ct_eq(&[0u8; 32]);
        CtOption::new(out, nonzero)
    }

    /// X25519(k, 9): the public key of the secret `scalar`, equal to
    /// `MontgomeryPoint::BASEPOINT.mul_clamped(scalar)`.
    ///
    /// Computed as \[k\]B on edwards25519 with the precomputed base table
    /// ([`Point::mul_base_clamped`]: the digits of the clamped k, not reduced mod l,
    /// since B has order l) and mapped to u with one inversion. Constant time.
    ///
    /// ```
    /// use edwards25519_group::montgomery::{x25519, MontgomeryPoint, X25519_BASEPOINT};
    ///
    /// let secret = [0x66u8; 32];
    /// let public = MontgomeryPoint::mul_base_clamped(secret);
    /// assert_eq!(public.0, x25519(secret, X25519_BASEPOINT));
    /// ```
    pub fn mul_base_clamped(scalar: [u8; 32]) -> MontgomeryPoint {
        Point::mul_base_clamped(scalar).to_montgomery()
    }

    /// The Edwards point with this u-coordinate, by the birational map
    /// y = (u - 1)/(u + 1), with x of the sign given by bit 0 of `sign` (the other bits
    /// are ignored).
    ///
    /// Bit 255 of u is ignored and u is reduced mod p. None where the map is undefined
    /// (u = -1) or u is not on Curve25519 (it is on the twist: no x goes with y). For
    /// x = 0 (u = 0, the point (0, -1)) the sign has no effect.
    ///
    /// Constant time up to the final accept/reject.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(12u8));
    /// let sign = p.to_bytes()[31] >> 7; // the sign of x
    /// assert_eq!(p.to_montgomery().to_edwards(sign), Some(p));
    /// assert_eq!(p.to_montgomery().to_edwards(sign ^ 1), Some(-p));
    /// ```
    pub fn to_edwards(&self, sign: u8) -> Option<Point> {
        let u = FieldElement::from_bytes(&self.0);
        let one = FieldElement::ONE;
        let den = u + one;
        let defined = !den.is_zero();
        let y = (u - one) * den.invert();
        let mut y_bytes = y.to_bytes();
        y_bytes[31] |= (sign & 1) << 7;
        let p = Point::from_bytes(&y_bytes).ok()?;
        bool::from(defined).then_some(p)
    }
}

/// RFC 7748 X25519(scalar, u): [`MontgomeryPoint::mul_clamped`] on bytes. 32 zero bytes
/// for u of small order (see the [module docs](crate::montgomery)); [`x25519_checked`] refuses those.
///
/// ```
/// use edwards25519_group::montgomery::{x25519, X25519_BASEPOINT};
///
/// let (a, b) = ([1u8; 32], [2u8; 32]); // secret keys
/// let (pa, pb) = (x25519(a, X25519_BASEPOINT), x25519(b, X25519_BASEPOINT));
/// assert_eq!(x25519(a, pb), x25519(b, pa)); // the shared secret
/// ```
pub fn x25519(scalar: [u8; 32], u: [u8; 32]) -> [u8; 32] {
    MontgomeryPoint(u).mul_clamped(scalar).0
}

/// [`x25519`], refusing an all-zero shared secret (RFC 7748 §6.1: the peer's u was of
/// small order): none then. Constant time.
///
/// ```
/// use edwards25519_group::montgomery::{x25519, x25519_checked, X25519_BASEPOINT};
///
/// let (a, b) = ([1u8; 32], [2u8; 32]);
/// let pb = x25519(b, X25519_BASEPOINT);
/// assert_eq!(x25519_checked(a, pb).into_option(), Some(x25519(a, pb)));
/// // A peer key of small order (u = 0) gives all zeros: refused.
/// assert!(bool::from(x25519_checked(a, [0; 32]).is_none()));
/// ```
pub fn x25519_checked(scalar: [u8; 32], u: [u8; 32]) -> CtOption<[u8; 32]> {
    MontgomeryPoint(u).mul_clamped_checked(scalar).map(|p| p.0)
}

impl Point {
    /// The u-coordinate of the birationally equivalent Curve25519 point, u = (1 + y)/(1 - y):
    /// the bytes of [`Point::to_montgomery_bytes`]. The identity and the point of order
    /// 2, (0, -1), map to u = 0. One inversion.
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// assert_eq!(Point::GENERATOR.to_montgomery(), MontgomeryPoint::BASEPOINT);
    /// // The map commutes with scalar multiplication: for an already-clamped k,
    /// // k·B mapped to Curve25519 is X25519(k, 9).
    /// let mut k = [0x99u8; 32];
    /// k[0] &= 248;
    /// k[31] = (k[31] & 127) | 64;
    /// let p = Point::mul_base(&Scalar::from_bytes_mod_order(k));
    /// assert_eq!(p.to_montgomery(), MontgomeryPoint::mul_base_clamped(k));
    /// assert_eq!(Point::IDENTITY.to_montgomery(), MontgomeryPoint([0; 32]));
    /// ```
    pub fn to_montgomery(&self) -> MontgomeryPoint {
        MontgomeryPoint(self.to_montgomery_bytes())
    }
}

/// [`Point::to_montgomery`] of every point with one inversion (`models::invert_all`).
///
/// u = (Z + Y)/(Z - Y), and Z - Y = 0 exactly for the identity (y = 1). `invert_all`
/// needs nonzero values (one zero would zero the whole product), so 1 stands in for a
/// zero denominator and that point's u is then set to 0, which is what the single
/// conversion gives (it inverts 0 to 0). Both steps are constant-time selections.
#[cfg(feature = "alloc")]
pub(super) fn montgomery_batch<F: edwards25519_field::FieldArith>(
    points: &[Point],
) -> alloc::vec::Vec<MontgomeryPoint> {
    use alloc::vec::Vec;
    let parts: Vec<(F, F, Choice)> = points
        .iter()
        .map(|p| {
            let (y, z) = (F::from_field(&p.0.y), F::from_field(&p.0.z));
            let den = z - y;
            let den_zero = den.is_zero();
            (
                z + y,
                F::conditional_select(&den, &F::ONE, den_zero),
                den_zero,
            )
        })
        .collect();
    let inv = crate::models::invert_all(parts.iter().map(|(_, den, _)| *den));
    parts
        .iter()
        .zip(inv)
        .map(|((num, _, den_zero), inv)| {
            let u = F::conditional_select(&(*num * inv), &F::ZERO, *den_zero);
            MontgomeryPoint(u.to_bytes())
        })
        .collect()
}

#[cfg(feature = "alloc")]
impl Point {
    /// [`Point::to_montgomery`] of every point, with one field inversion for the whole
    /// batch instead of one per point (Montgomery's trick). The identity and (0, -1)
    /// map to u = 0, as in the single conversion. Constant time; an empty slice gives
    /// an empty vector.
    ///
    /// With AVX-512 IFMA, eight points are processed at once, one per lane of a zmm
    /// register (0.66-0.67 of the time of the serial code for 64 points, same run,
    /// AMD EPYC Zen 4, LTO: `scripts/before_after.sh`, row `BatchToMontgomery/64`).
    ///
    /// ```
    /// use edwards25519_group::Point;
    ///
    /// let points = [Point::GENERATOR, Point::IDENTITY, Point::GENERATOR.double()];
    /// let us = Point::to_montgomery_batch(&points);
    /// assert!(us.iter().zip(&points).all(|(u, p)| *u == p.to_montgomery()));
    /// ```
    // Compiled where it is called, with the eight-lane engine's code it reaches
    // (docs/backends.md, "Build cost").
    #[inline]
    pub fn to_montgomery_batch(points: &[Point]) -> alloc::vec::Vec<MontgomeryPoint> {
        #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
        if let Some(token) = crate::backend::vector::ifma52x8::detect() {
            let us =
                crate::backend::vector::ifma52x8::encode::to_montgomery_x8(token, points, |p| &p.0);
            return us.into_iter().map(MontgomeryPoint).collect();
        }
        crate::backend::serial::field_dispatch!(F => montgomery_batch::<F>(points))
    }
}

impl ConstantTimeEq for MontgomeryPoint {
    /// Equality of u mod p (bit 255 ignored).
    fn ct_eq(&self, other: &MontgomeryPoint) -> Choice {
        FieldElement::from_bytes(&self.0).ct_eq(&FieldElement::from_bytes(&other.0))
    }
}

impl PartialEq for MontgomeryPoint {
    fn eq(&self, other: &MontgomeryPoint) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for MontgomeryPoint {}

impl Hash for MontgomeryPoint {
    /// Hashes the canonical u (consistent with equality).
    fn hash<H: Hasher>(&self, state: &mut H) {
        FieldElement::from_bytes(&self.0).to_bytes().hash(state);
    }
}

impl ConditionallySelectable for MontgomeryPoint {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        MontgomeryPoint(<[u8; 32]>::conditional_select(&a.0, &b.0, choice))
    }
}

impl From<[u8; 32]> for MontgomeryPoint {
    fn from(bytes: [u8; 32]) -> MontgomeryPoint {
        MontgomeryPoint(bytes)
    }
}

impl From<MontgomeryPoint> for [u8; 32] {
    fn from(p: MontgomeryPoint) -> [u8; 32] {
        p.0
    }
}

impl AsRef<[u8]> for MontgomeryPoint {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for MontgomeryPoint {
    /// The bytes as given, little-endian hex.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MontgomeryPoint(")?;
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

#[cfg(feature = "zeroize")]
#[cfg_attr(docsrs, doc(cfg(feature = "zeroize")))]
impl zeroize::Zeroize for MontgomeryPoint {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}
