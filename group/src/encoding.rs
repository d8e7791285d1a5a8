//! Point encodings: RFC 8032 compressed (y with the sign of x in bit 255), both
//! decoding rules, and the Montgomery u-coordinate.
//!
//! Each public function picks the field backend once and runs a generic body. Decoding
//! is constant time up to the final accept/reject: the validity conditions are computed
//! as [`Choice`]s and only the verdict branches.

use edwards25519_field::{FieldArith, FieldElement};
use subtle::{Choice, ConstantTimeEq};

use crate::models::{D, Extended};
use crate::{DecodeError, Point};

/// The outcome of decoding, before any rule is applied.
struct Decoded<F> {
    point: Extended<F>,
    /// 1 if some x goes with y: (y² - 1)/(d·y² + 1) is a square.
    on_curve: Choice,
    /// 1 if the 255-bit y is below p.
    canonical_y: Choice,
    /// 1 if x = 0 and the sign bit is set.
    negative_zero: Choice,
}

/// Decodes y and the sign bit: x² = (y² - 1)/(d·y² + 1) with one `sqrt_ratio`, then x
/// takes the requested sign (-0 = 0, so a set sign bit with x = 0 gives x = 0).
#[inline(always)]
fn decode<F: FieldArith>(bytes: &[u8; 32]) -> Decoded<F> {
    let y_fe = FieldElement::from_bytes(bytes);
    let mut y_bytes = *bytes;
    y_bytes[31] &= 0x7f;
    let canonical_y = y_fe.to_bytes().ct_eq(&y_bytes);
    let sign = Choice::from(bytes[31] >> 7);

    let y = F::from_field(&y_fe);
    let yy = y.square();
    let u = yy - F::ONE;
    let v = yy * F::from_field(&D) + F::ONE;
    let (on_curve, x_abs) = F::sqrt_ratio(&u, &v);
    // x_abs is non-negative; the sign bit asks for the negative root.
    let x = F::conditional_select(&x_abs, &-x_abs, sign);
    let negative_zero = x_abs.is_zero() & sign;
    Decoded {
        point: Extended {
            x,
            y,
            z: F::ONE,
            t: x * y,
        },
        on_curve,
        canonical_y,
        negative_zero,
    }
}

/// Affine (x, y) = (X/Z, Y/Z) encoded: y little-endian, bit 255 = x's low bit.
#[inline(always)]
fn encode<F: FieldArith>(p: &Extended<F>) -> [u8; 32] {
    let zinv = <F as FieldArith>::invert(&p.z);
    let x = p.x * zinv;
    let y = p.y * zinv;
    let mut s = y.to_bytes();
    s[31] |= x.is_negative().unwrap_u8() << 7;
    s
}

/// u = (1 + y)/(1 - y) = (Z + Y)/(Z - Y); inverting 0 gives 0, so the identity
/// (Y = Z) maps to u = 0.
#[inline(always)]
fn montgomery_u<F: FieldArith>(p: &Extended<F>) -> [u8; 32] {
    let num = p.z + p.y;
    let den = p.z - p.y;
    (num * <F as FieldArith>::invert(&den)).to_bytes()
}

impl Point {
    /// Decodes a compressed point with upstream `SetBytes` rules (also ZIP-215's): the
    /// 255-bit y may be non-canonical (y >= p is reduced), and x = 0 with the sign bit
    /// set is accepted as x = 0. Fails only when no x matches y
    /// ([`DecodeError::NotOnCurve`]).
    ///
    /// Constant time up to the final accept/reject.
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<Point, DecodeError> {
        let (point, on_curve) = edwards25519_field::dispatch!(F => {
            let d = decode::<F>(bytes);
            (d.point.convert::<FieldElement>(), d.on_curve)
        });
        if bool::from(on_curve) {
            Ok(Point(point))
        } else {
            Err(DecodeError::NotOnCurve)
        }
    }

    /// Decodes a compressed point with the strict rules of RFC 8032 §5.1.3: beyond
    /// [`Point::from_bytes`], rejects y >= p ([`DecodeError::NonCanonicalY`]) and x = 0
    /// with the sign bit set ([`DecodeError::NonCanonicalSign`]). Exactly the outputs
    /// of [`Point::to_bytes`] are accepted.
    ///
    /// Constant time up to the final accept/reject.
    pub fn from_canonical_bytes(bytes: &[u8; 32]) -> Result<Point, DecodeError> {
        let (point, on_curve, canonical_y, negative_zero) = edwards25519_field::dispatch!(F => {
            let d = decode::<F>(bytes);
            (d.point.convert::<FieldElement>(), d.on_curve, d.canonical_y, d.negative_zero)
        });
        if !bool::from(canonical_y) {
            Err(DecodeError::NonCanonicalY)
        } else if !bool::from(on_curve) {
            Err(DecodeError::NotOnCurve)
        } else if bool::from(negative_zero) {
            Err(DecodeError::NonCanonicalSign)
        } else {
            Ok(Point(point))
        }
    }

    /// The canonical RFC 8032 encoding: y (reduced, little-endian) with the low bit of
    /// x in bit 255. One field inversion.
    pub fn to_bytes(&self) -> [u8; 32] {
        edwards25519_field::dispatch!(F => encode::<F>(&self.0.convert::<F>()))
    }

    /// The Montgomery u-coordinate of the birationally equivalent Curve25519 point,
    /// u = (1 + y)/(1 - y), little-endian (upstream `BytesMontgomery`). The identity
    /// maps to u = 0 (32 zero bytes), as does the point of order 2 (0, -1).
    pub fn to_montgomery_bytes(&self) -> [u8; 32] {
        edwards25519_field::dispatch!(F => montgomery_u::<F>(&self.0.convert::<F>()))
    }
}
