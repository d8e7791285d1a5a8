//! ristretto255 (RFC 9496): a prime-order group of order l built on edwards25519.
//!
//! A [`RistrettoPoint`] is an edwards25519 [`Point`] standing for its coset of the
//! 4-torsion subgroup {P, P + T2, P + T4, P - T4} (T2 = (0, -1), T4 = (i, 0)): the quotient
//! of the even-order subgroup 2E by E\[4\] has order l, and ristretto255 is that group
//! with a canonical encoding of each coset (M. Hamburg, "Decaf: eliminating cofactors
//! through point compression", CRYPTO 2015, extended to cofactor 8 by the Ristretto
//! construction; the formulas are RFC 9496 §4).
//!
//! - Group operations are [`Point`]'s on the representatives; equality
//!   ([`ConstantTimeEq`], RFC 9496 §4.3.3) compares cosets, not points.
//! - [`RistrettoPoint::to_bytes`] (§4.3.2) gives each element one 32-byte encoding;
//!   [`RistrettoPoint::from_bytes`] (§4.3.1) accepts exactly those 32-byte strings and
//!   says why it rejects any other.
//! - [`RistrettoPoint::from_uniform_bytes`] (§4.3.4) maps 64 uniform bytes to a
//!   uniform element (two Elligator maps and an addition), the core of hashing to the
//!   group.
//! - `RistrettoPoint::double_and_encode_batch` (feature `alloc`) encodes the doubles of
//!   many elements with one inversion, where each encoding alone takes an inverse
//!   square root.
//!
//! **Invariant**: the representative is a valid curve point in 2E (every constructor is
//! a decoder of §4.3.1, the Elligator map of §4.3.4, a constant, or a group operation on
//! such points, and all of them stay in 2E). Only 2E is needed for the formulas of
//! §4.3.2 and §4.3.3 to be correct.
//!
//! Constant time: everything except the `vartime_*` functions; decoding is constant
//! time in the encoding up to its verdict ([`RistrettoPoint::ct_from_bytes`] returns even
//! the verdict as a [`Choice`]).
//!
//! ```
//! use edwards25519_group::ristretto::RistrettoPoint;
//! use edwards25519_group::Scalar;
//!
//! let a = Scalar::from_bytes_mod_order([5; 32]);
//! let p = RistrettoPoint::mul_base(&a);
//! let bytes = p.to_bytes();
//! assert_eq!(RistrettoPoint::from_bytes(&bytes), Ok(p));
//! assert_eq!(p, &RistrettoPoint::GENERATOR * &a);
//! ```

#[cfg(feature = "alloc")]
mod batch;
#[cfg(feature = "group")]
mod group_impl;
mod inverse;
#[cfg(all(test, feature = "alloc"))]
mod inverse_tests;
mod map;
mod ops;
#[cfg(feature = "alloc")]
mod precomputed;
#[cfg(feature = "serde")]
mod serde_impl;

#[cfg(feature = "alloc")]
use core::borrow::Borrow;
use core::fmt;

use edwards25519_field::{FieldArith, FieldElement};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::models::{D, Extended};
use crate::{DecodeError, Point, Scalar};

/// sqrt(a·d - 1) with a = -1 (RFC 9496 §4.1 SQRT_AD_MINUS_ONE, the root with the low bit
/// set, as the RFC specifies), little-endian. `tests::constants` checks it.
const SQRT_AD_MINUS_ONE: FieldElement = FieldElement::from_bytes(&[
    0x1b, 0x2e, 0x7b, 0x49, 0xa0, 0xf6, 0x97, 0x7e, 0xbd, 0x54, 0x78, 0x1b, 0x0c, 0x8e, 0x9d, 0xaf,
    0xfd, 0xd1, 0xf5, 0x31, 0xc9, 0xfc, 0x3c, 0x0f, 0xac, 0x48, 0x83, 0x2b, 0xbf, 0x31, 0x69, 0x37,
]);

/// 1/sqrt(a - d), the non-negative root (RFC 9496 §4.1 INVSQRT_A_MINUS_D).
const INVSQRT_A_MINUS_D: FieldElement = FieldElement::from_bytes(&[
    0xea, 0x40, 0x5d, 0x80, 0xaa, 0xfd, 0xc8, 0x99, 0xbe, 0x72, 0x41, 0x5a, 0x17, 0x16, 0x2f, 0x9d,
    0x40, 0xd8, 0x01, 0xfe, 0x91, 0x7b, 0xc2, 0x16, 0xa2, 0xfc, 0xaf, 0xcf, 0x05, 0x89, 0x6c, 0x78,
]);

/// 1 - d² (RFC 9496 §4.1 ONE_MINUS_D_SQ), computed at compile time; `tests::constants`
/// checks it against the RFC's decimal value.
const ONE_MINUS_D_SQ: FieldElement = FieldElement::ONE.const_sub(&D.const_square());

/// (d - 1)² (RFC 9496 §4.1 D_MINUS_ONE_SQ), computed at compile time; `tests::constants`
/// checks it against the RFC's decimal value.
const D_MINUS_ONE_SQ: FieldElement = D.const_sub(&FieldElement::ONE).const_square();

/// An element of ristretto255: an edwards25519 point standing for its coset of the
/// 4-torsion (see the [module documentation](self)).
///
/// Equality ([`PartialEq`], [`ConstantTimeEq`]) is equality of group elements (RFC 9496
/// §4.3.3), so two values with different representatives can be equal; they have the
/// same encoding.
///
/// ```
/// use edwards25519_group::Scalar;
/// use edwards25519_group::ristretto::RistrettoPoint;
///
/// // RFC 9496 Appendix A.1: the encoding of 2·G.
/// let two_g = RistrettoPoint::GENERATOR.double();
/// assert_eq!(
///     hex::encode(two_g.to_bytes()),
///     "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919"
/// );
/// assert_eq!(two_g, RistrettoPoint::mul_base(&Scalar::from(2u8)));
/// ```
#[derive(Clone, Copy)]
pub struct RistrettoPoint(pub(crate) Point);

/// The outcome of §4.3.1 decoding, every check a [`Choice`].
struct Decoded<F> {
    /// The decoded point when `canonical & non_negative & valid`; otherwise meaningless
    /// (not necessarily on the curve).
    point: Extended<F>,
    /// 1 if the 32 bytes are the canonical encoding of s (s < p, bit 255 clear).
    canonical: Choice,
    /// 1 if s is non-negative (even).
    non_negative: Choice,
    /// 1 if the square root exists, t = x·y is non-negative and y != 0.
    valid: Choice,
}

impl<F> Decoded<F> {
    fn ok(&self) -> Choice {
        self.canonical & self.non_negative & self.valid
    }
}

/// RFC 9496 §4.3.1, constant time: every step runs for every input, and the checks are
/// [`Choice`]s (no branch, no secret-dependent address).
#[inline(always)]
fn decode<F: FieldArith>(bytes: &[u8; 32]) -> Decoded<F> {
    // from_bytes ignores bit 255 and reduces; re-encoding compares with all 256 bits,
    // so s >= p and a set bit 255 both fail `canonical`.
    let s_fe = FieldElement::from_bytes(bytes);
    let canonical = s_fe.to_bytes().ct_eq(bytes);
    let non_negative = !s_fe.is_negative();

    let one = F::ONE;
    let s = F::from_field(&s_fe);
    let ss = s.square();
    let u1 = one - ss; // 1 + a·s², a = -1
    let u2 = one + ss; // 1 - a·s²
    let u2_sqr = u2.square();
    // v = a·d·u1² - u2²
    let v = -(F::from_field(&D) * u1.square()) - u2_sqr;
    let (was_square, invsqrt) = F::sqrt_ratio(&one, &(v * u2_sqr));
    let den_x = invsqrt * u2;
    let den_y = invsqrt * den_x * v;
    let x = ((s + s) * den_x).abs();
    let y = u1 * den_y;
    let t = x * y;
    let valid = was_square & !t.is_negative() & !y.is_zero();
    Decoded {
        point: Extended { x, y, z: one, t },
        canonical,
        non_negative,
        valid,
    }
}

/// RFC 9496 §4.3.2: the encoding of the coset of `p`, constant time (the rotation and
/// the sign change are selects on [`Choice`]s). One `sqrt_ratio`, no inversion.
#[inline(always)]
fn encode<F: FieldArith>(p: &Extended<F>) -> [u8; 32] {
    let u1 = (p.z + p.y) * (p.z - p.y);
    let u2 = p.x * p.y;
    // The ratio is a square for every point of 2E (RFC 9496 §4.3.2), so the flag is
    // not needed; for u1·u2 = 0 (the identity, the 2-torsion) invsqrt = 0 and s = 0.
    let (_, invsqrt) = F::sqrt_ratio(&F::ONE, &(u1 * u2.square()));
    encode_with_invsqrt(p, [u1, u2], invsqrt)
}

/// RFC 9496 §4.3.2 from its inverse square root on, given u1 = (Z0 + Y0)(Z0 - Y0),
/// u2 = X0·Y0 and `invsqrt` = ±1/√(u1·u2²) of either sign (den1 and den2 change sign
/// with it, z_inv does not, and s is taken in absolute value), or anything where u2 = 0
/// (then den2 = z_inv = 0, no rotation, and s = 0).
#[inline(always)]
fn encode_with_invsqrt<F: FieldArith>(p: &Extended<F>, [u1, u2]: [F; 2], invsqrt: F) -> [u8; 32] {
    let (x0, y0, z0, t0) = (p.x, p.y, p.z, p.t);
    let sqrt_m1 = F::from_field(&FieldElement::SQRT_M1);
    let den1 = invsqrt * u1;
    let den2 = invsqrt * u2;
    let z_inv = den1 * den2 * t0;
    let ix0 = x0 * sqrt_m1;
    let iy0 = y0 * sqrt_m1;
    let enchanted_denominator = den1 * F::from_field(&INVSQRT_A_MINUS_D);
    let rotate = (t0 * z_inv).is_negative();
    let x = F::conditional_select(&x0, &iy0, rotate);
    let y = F::conditional_select(&y0, &ix0, rotate);
    let den_inv = F::conditional_select(&den2, &enchanted_denominator, rotate);
    let y = F::conditional_select(&y, &-y, (x * z_inv).is_negative());
    (den_inv * (z0 - y)).abs().to_bytes()
}

/// RFC 9496 §4.3.4 MAP: the Elligator map of one field element onto the Jacobi quartic
/// and the isogeny to edwards25519, as extended coordinates (w0·w3, w2·w1, w1·w3, w0·w2).
/// Constant time; Z = w1·w3 is nonzero for every t (the map is total, RFC 9496 §4.3.4).
#[inline(always)]
fn elligator<F: FieldArith>(t: &F) -> Extended<F> {
    let m = ElligatorRatio::new(t);
    m.finish(F::sqrt_ratio(&m.u, &m.v))
}

/// MAP up to its square root: t, r = √-1·t², and the fraction u/v whose root it takes.
/// Split there so that two maps can take their roots side by side
/// ([`FieldArith::sqrt_ratio_pair`]).
struct ElligatorRatio<F> {
    t: F,
    r: F,
    u: F,
    v: F,
}

impl<F: FieldArith> ElligatorRatio<F> {
    #[inline(always)]
    fn new(t: &F) -> Self {
        let one = F::ONE;
        let d = F::from_field(&D);
        let r = F::from_field(&FieldElement::SQRT_M1) * t.square();
        let u = (r + one) * F::from_field(&ONE_MINUS_D_SQ);
        let v = (-one - r * d) * (r + d);
        ElligatorRatio { t: *t, r, u, v }
    }

    /// The rest of MAP, from `sqrt_ratio(u, v)`.
    #[inline(always)]
    fn finish(&self, (was_square, s): (Choice, F)) -> Extended<F> {
        let (t, r, v) = (self.t, self.r, self.v);
        let one = F::ONE;
        let s_prime = -(s * t).abs();
        let s = F::conditional_select(&s_prime, &s, was_square);
        let c = F::conditional_select(&r, &-one, was_square);
        let n = c * (r - one) * F::from_field(&D_MINUS_ONE_SQ) - v;
        let w0 = (s + s) * v;
        let w1 = n * F::from_field(&SQRT_AD_MINUS_ONE);
        let ss = s.square();
        let w2 = one - ss;
        let w3 = one + ss;
        Extended {
            x: w0 * w3,
            y: w2 * w1,
            z: w1 * w3,
            t: w0 * w2,
        }
    }
}

/// MAP of both 32-byte halves, added (§4.3.4). Each half is read with bit 255 masked
/// and reduced mod p, as the RFC specifies. The two square roots run side by side.
#[inline(always)]
fn from_uniform<F: FieldArith>(bytes: &[u8; 64]) -> Extended<F> {
    let mut lo = [0u8; 32];
    let mut hi = [0u8; 32];
    lo.copy_from_slice(&bytes[..32]);
    hi.copy_from_slice(&bytes[32..]);
    let m1 = ElligatorRatio::new(&F::from_field(&FieldElement::from_bytes(&lo)));
    let m2 = ElligatorRatio::new(&F::from_field(&FieldElement::from_bytes(&hi)));
    let [root1, root2] = F::sqrt_ratio_pair(&m1.u, &m1.v, &m2.u, &m2.v);
    let (p1, p2) = (m1.finish(root1), m2.finish(root2));
    p1.add_cached(&p2.to_cached()).to_extended()
}

impl RistrettoPoint {
    /// The identity (the coset of the neutral point (0, 1)); its encoding is 32 zero
    /// bytes.
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// assert_eq!(RistrettoPoint::IDENTITY.to_bytes(), [0; 32]);
    /// let g = RistrettoPoint::GENERATOR;
    /// assert_eq!(g + RistrettoPoint::IDENTITY, g);
    /// ```
    pub const IDENTITY: RistrettoPoint = RistrettoPoint(Point::IDENTITY);

    /// The generator: the coset of the Ed25519 base point B (RFC 9496 §4.4).
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// // RFC 9496 Appendix A.1: the encoding of G.
    /// assert_eq!(
    ///     hex::encode(RistrettoPoint::GENERATOR.to_bytes()),
    ///     "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"
    /// );
    /// ```
    pub const GENERATOR: RistrettoPoint = RistrettoPoint(Point::GENERATOR);

    /// Decodes an encoding (RFC 9496 §4.3.1). Exactly the outputs of
    /// [`RistrettoPoint::to_bytes`] are accepted; otherwise the error says why:
    /// [`DecodeError::NonCanonicalFieldElement`] (s >= p, or bit 255 set),
    /// [`DecodeError::NegativeFieldElement`] (s odd),
    /// [`DecodeError::InvalidRistrettoEncoding`] (no element has this encoding).
    ///
    /// Constant time in `bytes` up to the result: which of the three (or success) is
    /// the only thing that branches. Use [`RistrettoPoint::ct_from_bytes`] when even
    /// that must stay secret.
    ///
    /// ```
    /// use edwards25519_group::DecodeError;
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let g = RistrettoPoint::GENERATOR;
    /// assert_eq!(RistrettoPoint::from_bytes(&g.to_bytes()), Ok(g));
    /// // s = 1 is odd: not an encoding.
    /// let mut one = [0u8; 32];
    /// one[0] = 1;
    /// assert_eq!(RistrettoPoint::from_bytes(&one), Err(DecodeError::NegativeFieldElement));
    /// // Bit 255 set: not canonical.
    /// assert_eq!(RistrettoPoint::from_bytes(&[0xff; 32]), Err(DecodeError::NonCanonicalFieldElement));
    /// ```
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<RistrettoPoint, DecodeError> {
        let (point, canonical, non_negative, valid) = crate::backend::serial::field_dispatch!(F => {
            let d = decode::<F>(bytes);
            (d.point.convert::<FieldElement>(), d.canonical, d.non_negative, d.valid)
        });
        if !bool::from(canonical) {
            Err(DecodeError::NonCanonicalFieldElement)
        } else if !bool::from(non_negative) {
            Err(DecodeError::NegativeFieldElement)
        } else if !bool::from(valid) {
            Err(DecodeError::InvalidRistrettoEncoding)
        } else {
            Ok(RistrettoPoint(Point(point)))
        }
    }

    /// [`RistrettoPoint::from_bytes`] with the verdict as a [`Choice`]: constant time in
    /// `bytes` throughout, no branch at all. The value held when the verdict is 0 is
    /// the identity (so no invalid point ever exists, even inside the `CtOption`).
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let g = RistrettoPoint::GENERATOR;
    /// assert_eq!(RistrettoPoint::ct_from_bytes(&g.to_bytes()).into_option(), Some(g));
    /// assert!(bool::from(RistrettoPoint::ct_from_bytes(&[0xff; 32]).is_none()));
    /// ```
    pub fn ct_from_bytes(bytes: &[u8; 32]) -> CtOption<RistrettoPoint> {
        let (point, ok) = crate::backend::serial::field_dispatch!(F => {
            let d = decode::<F>(bytes);
            let ok = d.ok();
            let point = Extended::conditional_select(&Extended::IDENTITY, &d.point, ok);
            (point.convert::<FieldElement>(), ok)
        });
        CtOption::new(RistrettoPoint(Point(point)), ok)
    }

    /// The canonical encoding (RFC 9496 §4.3.2): one square root, no inversion.
    /// Elements that compare equal have the same encoding.
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let p = RistrettoPoint::mul_base(&Scalar::from(31u8));
    /// assert_eq!(RistrettoPoint::from_bytes(&p.to_bytes()), Ok(p));
    /// ```
    pub fn to_bytes(&self) -> [u8; 32] {
        crate::backend::serial::field_dispatch!(F => encode::<F>(&self.0.0.convert::<F>()))
    }

    /// The element derived from 64 uniformly random bytes (RFC 9496 §4.3.4): the
    /// Elligator map of each 32-byte half (bit 255 masked, reduced mod p), added. The
    /// result is uniform when the input is; this is the one-way map that hashing to
    /// ristretto255 uses. Constant time.
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let p = RistrettoPoint::from_uniform_bytes(&[0x5a; 64]);
    /// assert_eq!(p, RistrettoPoint::from_uniform_bytes(&[0x5a; 64]));
    /// assert_ne!(p, RistrettoPoint::from_uniform_bytes(&[0x5b; 64]));
    /// assert_eq!(RistrettoPoint::from_bytes(&p.to_bytes()), Ok(p));
    /// ```
    pub fn from_uniform_bytes(bytes: &[u8; 64]) -> RistrettoPoint {
        let point = crate::backend::serial::field_dispatch!(F => {
            from_uniform::<F>(bytes).convert::<FieldElement>()
        });
        RistrettoPoint(Point(point))
    }

    /// RFC 9380's `ristretto255_XMD:SHA-512_R255MAP_RO_` suite (its Appendix B): 64 bytes
    /// of `expand_message_xmd` with SHA-512 over `msg` and `dst`, then
    /// [`RistrettoPoint::from_uniform_bytes`]. Constant time in `msg` (it may be secret,
    /// as a VOPRF input is); `dst` is public.
    ///
    /// An empty `dst` is not RFC-conformant (RFC 9380 §3.1); the RFC's formula is still
    /// computed for it. A `dst` over 255 bytes is hashed first, as §5.3.3 says.
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let dst = b"example-protocol-v1_ristretto255_XMD:SHA-512_R255MAP_RO_";
    /// let p = RistrettoPoint::hash_to_group(b"a message", dst);
    /// assert_eq!(p, RistrettoPoint::hash_to_group(b"a message", dst));
    /// assert_ne!(p, RistrettoPoint::hash_to_group(b"another message", dst));
    /// ```
    #[cfg(feature = "hash-to-curve")]
    #[cfg_attr(docsrs, doc(cfg(feature = "hash-to-curve")))]
    pub fn hash_to_group(msg: &[u8], dst: &[u8]) -> RistrettoPoint {
        let mut uniform = [0u8; 64];
        // 64 bytes is within expand_message_xmd's limit (255 blocks of 64), so the only
        // error it can return does not arise; the output stays zero if it ever did.
        let expanded = crate::hash_to_curve::expand_message_xmd(msg, dst, &mut uniform);
        debug_assert!(expanded.is_ok());
        RistrettoPoint::from_uniform_bytes(&uniform)
    }

    /// scalar·G with G the generator, constant time, from the precomputed table of
    /// [`Point::mul_base`].
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let s = Scalar::from_bytes_mod_order([9; 32]);
    /// assert_eq!(RistrettoPoint::mul_base(&s), &RistrettoPoint::GENERATOR * &s);
    /// ```
    pub fn mul_base(scalar: &Scalar) -> RistrettoPoint {
        RistrettoPoint(Point::mul_base(scalar))
    }

    /// 2·self.
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let g = RistrettoPoint::GENERATOR;
    /// assert_eq!(g.double(), g + g);
    /// ```
    pub fn double(&self) -> RistrettoPoint {
        RistrettoPoint(self.0.double())
    }

    /// Whether self is the identity, in constant time (RFC 9496 §4.3.3 against the
    /// identity).
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// assert!(RistrettoPoint::IDENTITY.is_identity());
    /// assert!(!RistrettoPoint::GENERATOR.is_identity());
    /// let g = RistrettoPoint::GENERATOR;
    /// assert!((g - g).is_identity());
    /// ```
    pub fn is_identity(&self) -> bool {
        self.ct_eq(&RistrettoPoint::IDENTITY).into()
    }

    /// a·A + b·G with G the generator, for public inputs only (signature
    /// verification): [`Point::vartime_double_scalar_mul_basepoint`] on the
    /// representatives.
    ///
    /// Execution time depends on the inputs.
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let (a, b) = (Scalar::from(3u8), Scalar::from(4u8));
    /// let big_a = RistrettoPoint::mul_base(&Scalar::from(5u8));
    /// let r = RistrettoPoint::vartime_double_scalar_mul_basepoint(&a, &big_a, &b);
    /// assert_eq!(r, RistrettoPoint::mul_base(&Scalar::from(19u8))); // 3·5 + 4
    /// ```
    #[allow(non_snake_case)]
    #[inline] // compiled where called, as the Edwards operation
    pub fn vartime_double_scalar_mul_basepoint(
        a: &Scalar,
        A: &RistrettoPoint,
        b: &Scalar,
    ) -> RistrettoPoint {
        RistrettoPoint(Point::vartime_double_scalar_mul_basepoint(a, &A.0, b))
    }
}

#[cfg(feature = "alloc")]
impl RistrettoPoint {
    /// Σ sᵢ·Pᵢ in constant time: [`Point::multiscalar_mul`] on the representatives.
    ///
    /// # Panics
    ///
    /// If `scalars` and `points` yield different numbers of items, as
    /// [`Point::multiscalar_mul`].
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let g = RistrettoPoint::GENERATOR;
    /// let points = [g, g.double()];
    /// let s = [Scalar::from(3u8), Scalar::from(4u8)];
    /// assert_eq!(RistrettoPoint::multiscalar_mul(&s, &points), RistrettoPoint::mul_base(&Scalar::from(11u8)));
    /// ```
    pub fn multiscalar_mul<I, J>(scalars: I, points: J) -> RistrettoPoint
    where
        I: IntoIterator<Item: Borrow<Scalar>>,
        J: IntoIterator<Item: Borrow<RistrettoPoint>>,
    {
        RistrettoPoint(Point::multiscalar_mul(scalars, representatives(points)))
    }

    /// Σ sᵢ·Pᵢ for public inputs: [`Point::vartime_multiscalar_mul`] on the
    /// representatives.
    ///
    /// Execution time depends on the inputs.
    ///
    /// # Panics
    ///
    /// If `scalars` and `points` yield different numbers of items, as
    /// [`Point::vartime_multiscalar_mul`].
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let g = RistrettoPoint::GENERATOR;
    /// let points = [g, g.double()];
    /// let s = [Scalar::from(3u8), Scalar::from(4u8)];
    /// assert_eq!(
    ///     RistrettoPoint::vartime_multiscalar_mul(&s, &points),
    ///     RistrettoPoint::multiscalar_mul(&s, &points)
    /// );
    /// ```
    pub fn vartime_multiscalar_mul<I, J>(scalars: I, points: J) -> RistrettoPoint
    where
        I: IntoIterator<Item: Borrow<Scalar>>,
        J: IntoIterator<Item: Borrow<RistrettoPoint>>,
    {
        RistrettoPoint(Point::vartime_multiscalar_mul(
            scalars,
            representatives(points),
        ))
    }
}

/// The Edwards representatives of ristretto255 points, the inputs of the multiscalar
/// functions on [`Point`].
#[cfg(feature = "alloc")]
fn representatives(
    points: impl IntoIterator<Item: Borrow<RistrettoPoint>>,
) -> impl Iterator<Item = Point> {
    points.into_iter().map(|p| p.borrow().0)
}

impl ConstantTimeEq for RistrettoPoint {
    /// RFC 9496 §4.3.3: x1·y2 = y1·x2 or y1·y2 = x1·x2 (projective: the Z's cancel).
    /// The two tests cover the four points of a coset, so representatives that differ
    /// by a 4-torsion point compare equal.
    fn ct_eq(&self, other: &RistrettoPoint) -> Choice {
        let (p, q) = (&self.0.0, &other.0.0);
        (p.x * q.y).ct_eq(&(p.y * q.x)) | (p.y * q.y).ct_eq(&(p.x * q.x))
    }
}

impl PartialEq for RistrettoPoint {
    fn eq(&self, other: &RistrettoPoint) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for RistrettoPoint {}

impl core::hash::Hash for RistrettoPoint {
    /// Hashes the encoding ([`RistrettoPoint::to_bytes`]), so equal elements hash
    /// equally whatever their representatives.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.to_bytes().hash(state);
    }
}

impl ConditionallySelectable for RistrettoPoint {
    fn conditional_select(a: &RistrettoPoint, b: &RistrettoPoint, choice: Choice) -> Self {
        RistrettoPoint(Point::conditional_select(&a.0, &b.0, choice))
    }
}

impl Default for RistrettoPoint {
    /// The identity.
    fn default() -> RistrettoPoint {
        RistrettoPoint::IDENTITY
    }
}

impl fmt::Debug for RistrettoPoint {
    /// Shows the encoding (hex), which identifies the element (not the representative).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        edwards25519_field::debug_hex(f, "RistrettoPoint", &self.to_bytes())
    }
}

#[cfg(feature = "zeroize")]
impl zeroize::Zeroize for RistrettoPoint {
    /// Overwrites the representative with the identity (which keeps the invariant).
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

/// A table of multiples of one ristretto255 element, for constant-time multiplication
/// by many secret scalars at [`RistrettoPoint::mul_base`]'s speed: a
/// [`FixedBaseTable`](crate::FixedBaseTable)
/// of the element's Edwards representative (any representative gives the same
/// element's multiples). Pedersen commitments' second generator is the typical user.
///
/// ```
/// use edwards25519_group::Scalar;
/// use edwards25519_group::ristretto::{RistrettoFixedBaseTable, RistrettoPoint};
///
/// let h = RistrettoPoint::from_uniform_bytes(&[0x48; 64]);
/// let table = RistrettoFixedBaseTable::new(&h);
/// let s = Scalar::from_bytes_mod_order([5; 32]);
/// assert_eq!(table.mul(&s), &h * &s);
/// assert_eq!(table.point(), h);
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
#[derive(Debug)]
pub struct RistrettoFixedBaseTable(crate::FixedBaseTable);

#[cfg(feature = "alloc")]
impl RistrettoFixedBaseTable {
    /// The table of `point`'s multiples (about 480 point operations and one inversion).
    /// The element is not treated as secret.
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::{RistrettoFixedBaseTable, RistrettoPoint};
    ///
    /// let table = RistrettoFixedBaseTable::new(&RistrettoPoint::GENERATOR);
    /// assert_eq!(table.mul(&Scalar::ONE), RistrettoPoint::GENERATOR);
    /// ```
    #[inline] // compiled where called, as `FixedBaseTable::new`
    pub fn new(point: &RistrettoPoint) -> RistrettoFixedBaseTable {
        RistrettoFixedBaseTable(crate::FixedBaseTable::new(&point.0))
    }

    /// The element the table was built from.
    ///
    /// ```
    /// use edwards25519_group::ristretto::{RistrettoFixedBaseTable, RistrettoPoint};
    ///
    /// let g = RistrettoPoint::GENERATOR.double();
    /// assert_eq!(RistrettoFixedBaseTable::new(&g).point(), g);
    /// ```
    pub fn point(&self) -> RistrettoPoint {
        RistrettoPoint(*self.0.point())
    }

    /// scalar·point, in constant time (safe for secret scalars).
    ///
    /// ```
    /// use edwards25519_group::Scalar;
    /// use edwards25519_group::ristretto::{RistrettoFixedBaseTable, RistrettoPoint};
    ///
    /// let g = RistrettoPoint::GENERATOR.double();
    /// let s = Scalar::from_bytes_mod_order([0x77; 32]);
    /// assert_eq!(RistrettoFixedBaseTable::new(&g).mul(&s), &g * &s);
    /// ```
    pub fn mul(&self, scalar: &Scalar) -> RistrettoPoint {
        RistrettoPoint(self.0.mul(scalar))
    }
}

/// Variable-time multiscalar multiplication over ristretto255 elements fixed in advance:
/// [`VartimePrecomputedMultiscalar`](crate::VartimePrecomputedMultiscalar) on their Edwards representatives (a sum of
/// representatives represents the sum of the elements, RFC 9496 §4.3). For public
/// inputs only: execution time depends on them.
///
/// ```
/// use edwards25519_group::Scalar;
/// use edwards25519_group::ristretto::{RistrettoPoint, RistrettoVartimePrecomputedMultiscalar};
///
/// let g = RistrettoPoint::GENERATOR;
/// let pre = RistrettoVartimePrecomputedMultiscalar::new([g, g.double()]);
/// let s = [Scalar::from(3u8), Scalar::from(4u8)];
/// assert_eq!(pre.vartime_multiscalar_mul(&s), RistrettoPoint::mul_base(&Scalar::from(11u8)));
/// assert_eq!(pre.len(), 2);
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
#[derive(Debug)]
pub struct RistrettoVartimePrecomputedMultiscalar(crate::VartimePrecomputedMultiscalar);

#[cfg(test)]
mod tests;
