//! Hashing to edwards25519 and Curve25519 (RFC 9380).
//!
//! The suites of RFC 9380 §8.5 and their Curve25519 counterparts:
//!
//! | suite | function |
//! |---|---|
//! | `edwards25519_XMD:SHA-512_ELL2_RO_` | [`Point::hash_to_curve`] |
//! | `edwards25519_XMD:SHA-512_ELL2_NU_` | [`Point::encode_to_curve`] |
//! | `curve25519_XMD:SHA-512_ELL2_RO_` | [`hash_to_curve25519`] (the u-coordinate) |
//! | `curve25519_XMD:SHA-512_ELL2_NU_` | [`encode_to_curve25519`] (the u-coordinate) |
//!
//! and their parts: [`expand_message_xmd`] (§5.3.1 with SHA-512), [`hash_to_field`]
//! (§5.2, L = 48) and [`Point::map_to_curve`] (Elligator 2 on Curve25519, §6.7.1, then
//! the rational map to edwards25519, §6.8.2).
//!
//! # Domain separation tags
//!
//! Every function takes a DST (RFC 9380 §3.1): a string that names the protocol and the
//! suite, such as `b"MyProtocol-V01-CS01-with-edwards25519_XMD:SHA-512_ELL2_RO_"`. A DST
//! longer than 255 bytes is first hashed as §5.3.3 says. **An empty DST is not
//! conformant** (§3.1 requires a non-empty one): these functions still compute the
//! RFC's formula for it and never panic, but a protocol must not use it.
//!
//! # Constant time
//!
//! Everything here is constant time in the message and in u (a VOPRF or PAKE input
//! may be secret): SHA-512 has no data-dependent branches, the reduction mod p is
//! branch-free, and the map is straight-line code whose only choices are
//! [`Choice`]-driven selections. The lengths of the message and of the DST are public:
//! they set the number of SHA-512 blocks.
//!
//! ```
//! use edwards25519_group::Point;
//!
//! let dst = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_";
//! let p = Point::hash_to_curve(b"abc", dst);
//! assert!(p.is_torsion_free());
//! assert_eq!(p, Point::hash_to_curve(b"abc", dst));
//! assert_ne!(p, Point::hash_to_curve(b"abd", dst));
//! ```

use core::fmt;

use edwards25519_field::{FieldArith, FieldElement};
use sha2::Sha512;
use sha2::digest::consts::U64;
use sha2::digest::{Digest, common::BlockSizeUser};
use subtle::{Choice, ConditionallySelectable};

use crate::Point;
use crate::models::Extended;
use crate::montgomery::MontgomeryPoint;

mod expand;
use expand::{L, fill_field};

/// The longest output of [`expand_message_xmd`]: ell = ceil(len / 64) <= 255 blocks.
/// (RFC 9380 also caps the length at 65535, which this already implies.)
///
/// ```
/// use edwards25519_group::hash_to_curve::{expand_message_xmd, HashToCurveError, MAX_EXPAND_LEN};
///
/// let mut ok = [0u8; 64];
/// assert!(expand_message_xmd(b"msg", b"DST-example", &mut ok).is_ok());
/// let mut too_long = vec![0u8; MAX_EXPAND_LEN + 1];
/// assert_eq!(
///     expand_message_xmd(b"msg", b"DST-example", &mut too_long),
///     Err(HashToCurveError::OutputTooLong { requested: MAX_EXPAND_LEN + 1, max: MAX_EXPAND_LEN })
/// );
/// ```
pub const MAX_EXPAND_LEN: usize = expand::MAX_LEN;
/// The most field elements [`hash_to_field`] can make: 48·count <= [`MAX_EXPAND_LEN`].
///
/// ```
/// use edwards25519_group::FieldElement;
/// use edwards25519_group::hash_to_curve::{hash_to_field, HashToCurveError, MAX_FIELD_ELEMENTS};
///
/// let mut too_many = vec![FieldElement::ZERO; MAX_FIELD_ELEMENTS + 1];
/// assert_eq!(
///     hash_to_field(b"msg", b"DST-example", &mut too_many),
///     Err(HashToCurveError::TooManyFieldElements { requested: MAX_FIELD_ELEMENTS + 1, max: MAX_FIELD_ELEMENTS })
/// );
/// ```
pub const MAX_FIELD_ELEMENTS: usize = MAX_EXPAND_LEN / L;

/// A length that RFC 9380 forbids: why [`expand_message_xmd`] or [`hash_to_field`]
/// refused to run.
///
/// ```
/// use edwards25519_group::hash_to_curve::{expand_message_xmd, HashToCurveError};
///
/// let mut out = vec![0u8; 20_000];
/// let e = expand_message_xmd(b"msg", b"DST-example", &mut out).expect_err("too long");
/// assert!(matches!(e, HashToCurveError::OutputTooLong { requested: 20_000, .. }));
/// assert!(e.to_string().contains("20000"));
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HashToCurveError {
    /// [`expand_message_xmd`]: the output is longer than 255 SHA-512 blocks
    /// (16320 bytes). RFC 9380 §5.3.1 step 2 aborts when ell = ceil(len / 64) > 255
    /// (and when len > 65535, which is longer still).
    OutputTooLong {
        /// The output length asked for, in bytes.
        requested: usize,
        /// The longest allowed output: [`MAX_EXPAND_LEN`] = 16320 bytes.
        max: usize,
    },
    /// [`hash_to_field`]: more field elements than one expansion can feed; each takes
    /// 48 bytes, so at most [`MAX_FIELD_ELEMENTS`] = 340.
    TooManyFieldElements {
        /// The number of field elements asked for.
        requested: usize,
        /// The most allowed: [`MAX_FIELD_ELEMENTS`] = 340.
        max: usize,
    },
}

impl fmt::Display for HashToCurveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HashToCurveError::OutputTooLong { requested, max } => write!(
                f,
                "expand_message_xmd output too long: {requested} bytes requested, at most \
                 {max} (255 SHA-512 blocks, RFC 9380 section 5.3.1)"
            ),
            HashToCurveError::TooManyFieldElements { requested, max } => write!(
                f,
                "hash_to_field: {requested} field elements requested, at most {max} \
                 (48 bytes each from at most 16320 expanded bytes)"
            ),
        }
    }
}

impl core::error::Error for HashToCurveError {}

/// RFC 9380 §5.3.1 `expand_message_xmd` with SHA-512: fills `out` with
/// `out.len()` uniform bytes derived from `msg` and `dst`.
///
/// A DST longer than 255 bytes is replaced by SHA-512("H2C-OVERSIZE-DST-" || DST)
/// (§5.3.3). An empty DST is not RFC-conformant (§3.1) but is computed by the formula
/// all the same. An empty `out` is allowed (ell = 0: nothing to write).
///
/// Errors: [`HashToCurveError::OutputTooLong`] if `out` is longer than 16320 bytes
/// (ell > 255); `out` is then left unchanged.
///
/// Constant time in the contents of `msg` (its length is public).
///
/// ```
/// use edwards25519_group::hash_to_curve::{expand_message_xmd, HashToCurveError};
///
/// let mut out = [0u8; 64];
/// expand_message_xmd(b"abc", b"my-protocol-v1", &mut out)?;
/// let mut too_long = [0u8; 16321];
/// assert!(matches!(
///     expand_message_xmd(b"abc", b"my-protocol-v1", &mut too_long),
///     Err(HashToCurveError::OutputTooLong { requested: 16321, max: 16320 })
/// ));
/// # Ok::<(), HashToCurveError>(())
/// ```
pub fn expand_message_xmd(msg: &[u8], dst: &[u8], out: &mut [u8]) -> Result<(), HashToCurveError> {
    if out.len() > MAX_EXPAND_LEN {
        return Err(HashToCurveError::OutputTooLong {
            requested: out.len(),
            max: MAX_EXPAND_LEN,
        });
    }
    expand::expand_into::<Sha512>(&[msg], &[dst], out);
    Ok(())
}

/// RFC 9380 §5.2 `hash_to_field` for GF(2^255 - 19) with expand_message_xmd and
/// SHA-512: fills `out` with `out.len()` field elements, each OS2IP of 48 expanded
/// bytes (big-endian) reduced mod p (L = 48, m = 1).
///
/// The suites use `out.len()` = 2 (RO) and 1 (NU). The DST rules of
/// [`expand_message_xmd`] apply (an empty DST is not conformant but is computed).
///
/// Errors: [`HashToCurveError::TooManyFieldElements`] for more than 340 elements (more
/// than 16320 expanded bytes); `out` is then left unchanged.
///
/// Constant time in the contents of `msg`.
///
/// ```
/// use edwards25519_group::hash_to_curve::hash_to_field;
/// use edwards25519_group::{FieldElement, Point};
///
/// let dst = b"example-protocol_edwards25519_XMD:SHA-512_ELL2_RO_";
/// let mut u = [FieldElement::ZERO; 2];
/// hash_to_field(b"a message", dst, &mut u).expect("2 elements is within the limit");
/// // RFC 9380 hash_to_curve is clear_cofactor(map_to_curve(u0) + map_to_curve(u1)).
/// let p = (Point::map_to_curve(&u[0]) + Point::map_to_curve(&u[1])).mul_by_cofactor();
/// assert_eq!(p, Point::hash_to_curve(b"a message", dst));
/// ```
pub fn hash_to_field(
    msg: &[u8],
    dst: &[u8],
    out: &mut [FieldElement],
) -> Result<(), HashToCurveError> {
    if out.len() > MAX_FIELD_ELEMENTS {
        return Err(HashToCurveError::TooManyFieldElements {
            requested: out.len(),
            max: MAX_FIELD_ELEMENTS,
        });
    }
    fill_field::<Sha512>(&[msg], &[dst], out);
    Ok(())
}

/// The Curve25519 coefficient J = A = 486662 (K = B = 1).
const J: u32 = 486_662;
/// J as a field element.
const J_FE: FieldElement = FieldElement::from_bytes(&u32_le(J));

/// 1 - sqrt(-1): a square root of -2·sqrt(-1), since (1 - i)² = 1 - 2i - 1 = -2i.
const ONE_MINUS_SQRT_M1: FieldElement = FieldElement::ONE.const_sub(&FieldElement::SQRT_M1);

/// sqrt(-486664) = sqrt(-(A + 2)), the root with sgn0 = 0 (even), as RFC 9380 Appendix
/// D (and §6.8.2's edwards25519 rational map) fixes it; little-endian. Checked by
/// `tests::constants`.
const SQRT_M486664: FieldElement = FieldElement::from_bytes(&[
    6, 126, 69, 255, 170, 4, 110, 204, 130, 26, 125, 75, 209, 211, 161, 197, 126, 79, 252, 3, 220,
    8, 123, 210, 187, 6, 160, 96, 244, 237, 38, 15,
]);

/// Elligator 2 to Curve25519 (RFC 9380 §6.7.1, Z = 2) followed by the rational map to
/// edwards25519 (§6.8.2, Appendix D), in extended coordinates, before cofactor clearing.
///
/// Elligator 2 (Bernstein, Hamburg, Krasnova, Lange, "Elligator", 2013): with
/// x1 = -J/(1 + 2u²) and g(x) = x³ + J·x² + x, one of g(x1), g(x2) is a square, where
/// x2 = -x1 - J = 2u²·x1. Since x2² + J·x2 = x1² + J·x1, g(x2) = 2u²·g(x1).
///
/// Straight-line, one exponentiation: with x1 = x1n/xd, xd = 1 + 2u² (never 0: -1/2 is
/// not a square mod p), `sqrt_ratio(g(x1)·xd³, xd³)` gives either r = sqrt(g(x1)) or
/// r = sqrt(i·g(x1)) (i = sqrt(-1)). In the second case
/// g(x2) = 2u²·g(x1) = -2i·u²·r² = ((1 - i)·u·r)², so y2 = (1 - i)·u·r needs no second
/// root. The sign of y is then set as §6.7.1 asks: sgn0(y) = 1 for x1, 0 for x2.
///
/// The rational map (s, t) -> (x, y) = (c·s/t, (s - 1)/(s + 1)), c = sqrt(-486664),
/// written projectively with s = xn/xd and t = y:
/// X = c·xn·(xn + xd), Y = (xn - xd)·xd·t, Z = xd·t·(xn + xd), T = c·xn·(xn - xd), so
/// X·Y = Z·T. Where Z = 0 (t = 0, the point (0, 0) that u = 0 reaches; or s = -1, which
/// is not on Curve25519) the RFC's exceptional case applies: the result is the identity,
/// chosen by a constant-time select.
#[inline(always)]
fn map_to_edwards<F: FieldArith>(u: &F) -> Extended<F> {
    let m = Elligator2::new(u);
    m.finish(F::sqrt_ratio(&m.gx1n, &m.gxd))
}

/// [`map_to_edwards`] up to its square root: u, and the values the rest reuses. Split
/// there so that the two maps of `hash_to_curve` take their roots side by side
/// ([`FieldArith::sqrt_ratio_pair`]).
struct Elligator2<F> {
    u: F,
    /// xd = 1 + 2u², nonzero.
    xd: F,
    /// J·2u² (x2n = -J·2u²).
    j_tv1: F,
    /// g(x1)·xd³ and xd³: the fraction whose root the map takes.
    gx1n: F,
    gxd: F,
}

impl<F: FieldArith> Elligator2<F> {
    #[inline(always)]
    fn new(u: &F) -> Self {
        let tv1 = u.square2(); //                       2u²
        let xd = tv1 + F::ONE; //                       1 + 2u², nonzero
        let xd2 = xd.square();
        let gxd = xd2 * xd; //                          xd³
        // g(x1)·xd³ = x1n·(x1n² + J·x1n·xd + xd²) = x1n·(x1n·(x1n + J·xd) + xd²), and
        // x1n + J·xd = J·(xd - 1) = J·tv1, x1n = -J.
        let j_tv1 = tv1.mul32(J); //                    J·tv1
        let inner = -j_tv1.mul32(J) + xd2; //           x1n·J·tv1 + xd²
        let gx1n = -inner.mul32(J); //                  x1n·inner
        Elligator2 {
            u: *u,
            xd,
            j_tv1,
            gx1n,
            gxd,
        }
    }

    /// The rest of the map, from `sqrt_ratio(gx1n, gxd)`.
    #[inline(always)]
    fn finish(&self, (is_square, r): (Choice, F)) -> Extended<F> {
        let xd = self.xd;
        let x1n = -F::from_field(&J_FE); //            -J
        // x2 = 2u²·x1: x2n = tv1·x1n = -J·tv1.
        let x2n = -self.j_tv1;
        let y2 = r * self.u * F::from_field(&ONE_MINUS_SQRT_M1);
        let xn = F::conditional_select(&x2n, &x1n, is_square);
        let y = F::conditional_select(&y2, &r, is_square);
        // sgn0(y) must equal is_square (§6.7.1 steps 6 and 7).
        let flip = y.is_negative() ^ is_square;
        let y = F::conditional_select(&y, &-y, flip);

        let c_xn = F::from_field(&SQRT_M486664) * xn;
        let s_plus = xn + xd;
        let s_minus = xn - xd;
        let xd_t = xd * y;
        let p = Extended {
            x: c_xn * s_plus,
            y: s_minus * xd_t,
            z: xd_t * s_plus,
            t: c_xn * s_minus,
        };
        let exceptional: Choice = p.z.is_zero();
        Extended::conditional_select(&p, &Extended::IDENTITY, exceptional)
    }
}

/// n as 32 little-endian bytes.
const fn u32_le(n: u32) -> [u8; 32] {
    let mut b = [0u8; 32];
    let le = n.to_le_bytes();
    b[0] = le[0];
    b[1] = le[1];
    b[2] = le[2];
    b[3] = le[3];
    b
}

/// 8·(Q0 + Q1) for the RO suites (two field elements: one unified addition, three
/// doublings), or 8·Q0 for NU (one element). Cofactor clearing by h_eff = 8 (§8.5).
#[inline(always)]
fn finish<F: FieldArith>(us: &[FieldElement]) -> Point {
    let mut p = if us.len() == 2 {
        // The two maps' square roots side by side.
        let m0 = Elligator2::new(&F::from_field(&us[0]));
        let m1 = Elligator2::new(&F::from_field(&us[1]));
        let [r0, r1] = F::sqrt_ratio_pair(&m0.gx1n, &m0.gxd, &m1.gx1n, &m1.gxd);
        let (q0, q1) = (m0.finish(r0), m1.finish(r1));
        q0.add_cached(&q1.to_cached()).to_projective()
    } else {
        map_to_edwards(&F::from_field(&us[0])).to_projective()
    };
    p = p.double().to_projective();
    p = p.double().to_projective();
    Point(p.double().to_extended().convert::<FieldElement>())
}

impl Point {
    /// RFC 9380 `map_to_curve` for edwards25519: Elligator 2 onto Curve25519
    /// (§6.7.1, Z = 2), then the rational map to edwards25519 (§6.8.2, Appendix D),
    /// *before* cofactor clearing, so the result may have a small-order component.
    ///
    /// The exceptional cases of the rational map (a denominator zero) give the
    /// identity, as the RFC says; u = 0 is one of them (Elligator 2 sends it to the
    /// Curve25519 point (0, 0)).
    ///
    /// Constant time in u: straight-line code with one square-root exponentiation and
    /// [`Choice`]-driven selections. Runs on the fastest field backend.
    ///
    /// ```
    /// use edwards25519_group::{FieldElement, Point};
    ///
    /// let p = Point::map_to_curve(&FieldElement::from_bytes(&[7; 32]));
    /// assert_eq!(Point::from_bytes(&p.to_bytes()), Ok(p));
    /// // u = 0 is an exceptional case: the identity.
    /// assert_eq!(Point::map_to_curve(&FieldElement::ZERO), Point::IDENTITY);
    /// ```
    pub fn map_to_curve(u: &FieldElement) -> Point {
        crate::backend::serial::field_dispatch!(F => {
            Point(map_to_edwards(&F::from_field(u)).convert::<FieldElement>())
        })
    }

    /// RFC 9380 `hash_to_curve`, suite `edwards25519_XMD:SHA-512_ELL2_RO_` (§8.5): two
    /// field elements from [`hash_to_field`], each through [`Point::map_to_curve`], the
    /// sum multiplied by the cofactor 8. The result is in the prime-order subgroup, and
    /// behaves as a random oracle to the group.
    ///
    /// `dst` is the domain separation tag; one over 255 bytes is hashed (§5.3.3). An
    /// empty DST is not RFC-conformant (§3.1) but is computed by the formula all the
    /// same. Never fails, never panics.
    ///
    /// Constant time in the contents of `msg` (a VOPRF input may be secret).
    ///
    /// ```
    /// use edwards25519_group::Point;
    ///
    /// // RFC 9380 Appendix B.2, edwards25519_XMD:SHA-512_ELL2_RO_, msg = "": P.y in big-endian
    /// // hex; x is even, so the encoding is y little-endian.
    /// let dst = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_";
    /// let p = Point::hash_to_curve(b"", dst);
    /// let mut y = hex::decode("09a6c8561a0b22bef63124c588ce4c62ea83a3c899763af26d795302e115dc21")
    ///     .expect("hex");
    /// y.reverse();
    /// assert_eq!(p.to_bytes().to_vec(), y);
    /// assert!(p.is_torsion_free());
    /// ```
    pub fn hash_to_curve(msg: &[u8], dst: &[u8]) -> Point {
        Point::hash_to_curve_with_hash::<Sha512>(&[msg], &[dst])
    }

    /// [`Point::hash_to_curve`] with expand_message_xmd over another hash `D` with
    /// 64-byte outputs (RFC 9380 §5.3.1 allows any hash with b >= 2k = 256 bits), and
    /// the message and the DST each given in pieces, concatenated (curve25519-dalek's
    /// `EdwardsPoint::hash_to_curve::<D>(&[msg], &[dst])`). With `Sha512` and one piece
    /// each, it is [`Point::hash_to_curve`]. A suite with another hash needs its own
    /// name in the DST. DST rules as for [`Point::hash_to_curve`]; never fails, never
    /// panics. Constant time in the contents of the message.
    ///
    /// ```
    /// use edwards25519_group::Point;
    /// use sha2::Sha512;
    ///
    /// let dst = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_";
    /// let p = Point::hash_to_curve_with_hash::<Sha512>(&[b"a", b"bc"], &[&dst[..4], &dst[4..]]);
    /// assert_eq!(p, Point::hash_to_curve(b"abc", dst));
    /// assert!(p.is_torsion_free());
    /// ```
    pub fn hash_to_curve_with_hash<D>(msg: &[&[u8]], dst: &[&[u8]]) -> Point
    where
        D: Digest<OutputSize = U64> + BlockSizeUser,
    {
        let mut u = [FieldElement::ZERO; 2];
        fill_field::<D>(msg, dst, &mut u);
        crate::backend::serial::field_dispatch!(F => finish::<F>(&u))
    }

    /// RFC 9380 `encode_to_curve`, suite `edwards25519_XMD:SHA-512_ELL2_NU_`: one field
    /// element, one [`Point::map_to_curve`], multiplied by the cofactor 8. Cheaper than
    /// [`Point::hash_to_curve`], but its output distribution is not uniform (only about
    /// half the subgroup is reachable): use it only where the protocol allows a
    /// non-uniform encoding.
    ///
    /// DST rules as for [`Point::hash_to_curve`]; never fails. Constant time in the
    /// contents of `msg`.
    ///
    /// ```
    /// use edwards25519_group::hash_to_curve::hash_to_field;
    /// use edwards25519_group::{FieldElement, Point};
    ///
    /// let dst = b"example-protocol_edwards25519_XMD:SHA-512_ELL2_NU_";
    /// let p = Point::encode_to_curve(b"a message", dst);
    /// // RFC 9380 encode_to_curve: clear_cofactor(map_to_curve(u)), one field element.
    /// let mut u = [FieldElement::ZERO; 1];
    /// hash_to_field(b"a message", dst, &mut u).expect("within the limit");
    /// assert_eq!(p, Point::map_to_curve(&u[0]).mul_by_cofactor());
    /// assert!(p.is_torsion_free());
    /// ```
    pub fn encode_to_curve(msg: &[u8], dst: &[u8]) -> Point {
        Point::encode_to_curve_with_hash::<Sha512>(&[msg], &[dst])
    }

    /// [`Point::encode_to_curve`] with another hash `D` and the message and DST in
    /// pieces, as [`Point::hash_to_curve_with_hash`] is to [`Point::hash_to_curve`].
    ///
    /// ```
    /// use edwards25519_group::Point;
    /// use sha2::Sha512;
    ///
    /// let dst = b"example-protocol_edwards25519_XMD:SHA-512_ELL2_NU_";
    /// let p = Point::encode_to_curve_with_hash::<Sha512>(&[b"a ", b"message"], &[dst]);
    /// assert_eq!(p, Point::encode_to_curve(b"a message", dst));
    /// ```
    pub fn encode_to_curve_with_hash<D>(msg: &[&[u8]], dst: &[&[u8]]) -> Point
    where
        D: Digest<OutputSize = U64> + BlockSizeUser,
    {
        let mut u = [FieldElement::ZERO; 1];
        fill_field::<D>(msg, dst, &mut u);
        crate::backend::serial::field_dispatch!(F => finish::<F>(&u))
    }
}

/// The u-coordinate of RFC 9380 `hash_to_curve` with suite
/// `curve25519_XMD:SHA-512_ELL2_RO_`.
///
/// Computed on edwards25519 ([`Point::hash_to_curve`]'s steps) and mapped back with
/// u = (1 + y)/(1 - y): the rational map is a group isomorphism, so adding and clearing
/// the cofactor on either model gives the same point. (Where the map's exceptional case
/// sends the Curve25519 point (0, 0) to the identity instead of (0, -1), the difference
/// is a point of order 2, which the cofactor clearing removes.) The v-coordinate is not
/// returned: X25519 needs only u. If the result is the point at infinity (probability
/// about 2^-252) u = 0 is returned.
///
/// DST rules and constant time as for [`Point::hash_to_curve`].
///
/// ```
/// use edwards25519_group::Point;
/// use edwards25519_group::hash_to_curve::hash_to_curve25519;
///
/// let dst = b"example-protocol_curve25519_XMD:SHA-512_ELL2_RO_";
/// let u = hash_to_curve25519(b"a message", dst);
/// assert_eq!(u, Point::hash_to_curve(b"a message", dst).to_montgomery());
/// ```
pub fn hash_to_curve25519(msg: &[u8], dst: &[u8]) -> MontgomeryPoint {
    Point::hash_to_curve(msg, dst).to_montgomery()
}

/// The u-coordinate of RFC 9380 `encode_to_curve` with suite
/// `curve25519_XMD:SHA-512_ELL2_NU_` (non-uniform; see [`Point::encode_to_curve`] and
/// [`hash_to_curve25519`]).
///
/// ```
/// use edwards25519_group::Point;
/// use edwards25519_group::hash_to_curve::encode_to_curve25519;
///
/// let dst = b"example-protocol_curve25519_XMD:SHA-512_ELL2_NU_";
/// let u = encode_to_curve25519(b"a message", dst);
/// assert_eq!(u, Point::encode_to_curve(b"a message", dst).to_montgomery());
/// ```
pub fn encode_to_curve25519(msg: &[u8], dst: &[u8]) -> MontgomeryPoint {
    Point::encode_to_curve(msg, dst).to_montgomery()
}

#[cfg(test)]
mod tests {
    use super::expand::DstPrime;
    use super::*;

    fn fe(n: u32) -> FieldElement {
        FieldElement::from_bytes(&u32_le(n))
    }

    #[test]
    fn constants() {
        assert_eq!(SQRT_M486664.square(), -fe(486_664));
        assert!(!bool::from(SQRT_M486664.is_negative()));
        let i = FieldElement::SQRT_M1;
        assert_eq!(ONE_MINUS_SQRT_M1.square(), -(i + i));
        assert_eq!(MAX_EXPAND_LEN, 16320);
        assert_eq!(MAX_FIELD_ELEMENTS, 340);
    }

    #[test]
    fn oversize_dst_is_hashed() {
        let long = [0x41u8; 300];
        let d = DstPrime::new::<Sha512>(&[&long]);
        let mut h = Sha512::new();
        h.update(b"H2C-OVERSIZE-DST-");
        h.update(long);
        let digest = h.finalize();
        assert_eq!(&d.as_bytes()[..64], &digest[..]);
        assert_eq!(d.as_bytes()[64], 64);
        assert_eq!(d.as_bytes().len(), 65);
        let d = DstPrime::new::<Sha512>(&[&long[..200], &long[200..255]]);
        assert_eq!(d.as_bytes().len(), 256);
        assert_eq!(d.as_bytes()[255], 255);
        let d = DstPrime::new::<Sha512>(&[]);
        assert_eq!(d.as_bytes(), &[0u8]);
    }

    /// The map on every field backend equals the public type's, coordinate for
    /// coordinate: radix 2^51, portable 4×64, and MULX/ADX where this CPU has it.
    #[test]
    fn backends_agree() {
        fn check<F: FieldArith>() {
            let mut u = FieldElement::ONE;
            for n in 0..64u32 {
                let a = map_to_edwards::<FieldElement>(&u);
                let b = map_to_edwards::<F>(&F::from_field(&u)).convert::<FieldElement>();
                assert_eq!((a.x, a.y, a.z, a.t), (b.x, b.y, b.z, b.t), "u #{n}");
                u = u.square() + fe(n);
            }
            let z = map_to_edwards::<F>(&F::ZERO).convert::<FieldElement>();
            assert_eq!(
                (z.x, z.y, z.z, z.t),
                (
                    FieldElement::ZERO,
                    FieldElement::ONE,
                    FieldElement::ONE,
                    FieldElement::ZERO
                )
            );
        }
        check::<edwards25519_field::backend::radix51::Fe51>();
        #[cfg(edwards25519_x86)]
        {
            check::<edwards25519_field::backend::radix64::Fe64>();
            if edwards25519_field::backend::cpu_has_bmi2_adx() {
                check::<crate::backend::serial::x86_64::Fast>();
            }
        }
    }

    #[test]
    fn map_is_on_curve_and_identity_at_zero() {
        assert!(Point::map_to_curve(&FieldElement::ZERO).is_identity());
        for n in 1..50u32 {
            let p = Point::map_to_curve(&fe(n));
            let (x, y, z, t) = p.extended_coordinates();
            assert!(Point::from_extended_coordinates(x, y, z, t).is_ok());
            // u and -u give the same point (the map depends on u² only).
            assert_eq!(Point::map_to_curve(&-fe(n)), p);
        }
    }
}
