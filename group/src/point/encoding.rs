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
    encode_affine(&(p.x * zinv), &(p.y * zinv))
}

/// The encoding of affine (x, y): y with the low bit of x in bit 255.
#[inline(always)]
pub(crate) fn encode_affine<F: FieldArith>(x: &F, y: &F) -> [u8; 32] {
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
    /// ```
    /// use edwards25519_group::{DecodeError, Point};
    ///
    /// let b = Point::GENERATOR.to_bytes();
    /// assert_eq!(Point::from_bytes(&b), Ok(Point::GENERATOR));
    /// // y = 1, x = 0 with the sign bit set ("-0"): a non-canonical encoding of the
    /// // identity, accepted here and refused by `from_canonical_bytes`.
    /// let mut neg_zero = [0u8; 32];
    /// neg_zero[0] = 1;
    /// neg_zero[31] = 0x80;
    /// assert_eq!(Point::from_bytes(&neg_zero), Ok(Point::IDENTITY));
    /// // y = 2 is the y of no point.
    /// let mut y2 = [0u8; 32];
    /// y2[0] = 2;
    /// assert_eq!(Point::from_bytes(&y2), Err(DecodeError::NotOnCurve));
    /// ```
    ///
    /// Constant time up to the final accept/reject.
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<Point, DecodeError> {
        let (point, on_curve) = crate::backend::serial::field_dispatch!(F => {
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
    /// ```
    /// use edwards25519_group::{DecodeError, Point};
    ///
    /// let b = Point::GENERATOR.to_bytes();
    /// assert_eq!(Point::from_canonical_bytes(&b), Ok(Point::GENERATOR));
    /// // The identity's "-0" encoding (y = 1, sign bit set) ...
    /// let mut neg_zero = [0u8; 32];
    /// neg_zero[0] = 1;
    /// neg_zero[31] = 0x80;
    /// assert_eq!(Point::from_canonical_bytes(&neg_zero), Err(DecodeError::NonCanonicalSign));
    /// // ... and y = p + 1, another encoding of y = 1.
    /// let mut y_ge_p = [0xffu8; 32];
    /// y_ge_p[0] = 0xee;
    /// y_ge_p[31] = 0x7f;
    /// assert_eq!(Point::from_canonical_bytes(&y_ge_p), Err(DecodeError::NonCanonicalY));
    /// assert_eq!(Point::from_bytes(&y_ge_p), Ok(Point::IDENTITY));
    /// ```
    ///
    /// Constant time up to the final accept/reject.
    pub fn from_canonical_bytes(bytes: &[u8; 32]) -> Result<Point, DecodeError> {
        let (point, on_curve, canonical_y, negative_zero) = crate::backend::serial::field_dispatch!(F => {
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
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(5u8));
    /// let bytes = p.to_bytes();
    /// assert_eq!(Point::from_canonical_bytes(&bytes), Ok(p));
    /// // The identity (0, 1): y = 1, sign bit clear.
    /// let mut one = [0u8; 32];
    /// one[0] = 1;
    /// assert_eq!(Point::IDENTITY.to_bytes(), one);
    /// ```
    pub fn to_bytes(&self) -> [u8; 32] {
        crate::backend::serial::field_dispatch!(F => encode::<F>(&self.0.convert::<F>()))
    }

    /// The Montgomery u-coordinate of the birationally equivalent Curve25519 point,
    /// u = (1 + y)/(1 - y), little-endian (upstream `BytesMontgomery`). The identity
    /// maps to u = 0 (32 zero bytes), as does the point of order 2 (0, -1).
    ///
    /// ```
    /// use edwards25519_group::Point;
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    ///
    /// // The Ed25519 base point maps to X25519's, u = 9.
    /// let mut nine = [0u8; 32];
    /// nine[0] = 9;
    /// assert_eq!(Point::GENERATOR.to_montgomery_bytes(), nine);
    /// assert_eq!(Point::GENERATOR.to_montgomery(), MontgomeryPoint::BASEPOINT);
    /// assert_eq!(Point::IDENTITY.to_montgomery_bytes(), [0u8; 32]);
    /// ```
    pub fn to_montgomery_bytes(&self) -> [u8; 32] {
        crate::backend::serial::field_dispatch!(F => montgomery_u::<F>(&self.0.convert::<F>()))
    }
}

/// The encodings of `points` with one inversion for all of them
/// (`models::invert_all`).
#[cfg(feature = "alloc")]
fn encode_batch<F: FieldArith>(points: &[Point]) -> alloc::vec::Vec<[u8; 32]> {
    let zinv = crate::models::invert_all(points.iter().map(|p| F::from_field(&p.0.z)));
    points
        .iter()
        .zip(zinv)
        .map(|(p, zinv)| {
            encode_affine(
                &(F::from_field(&p.0.x) * zinv),
                &(F::from_field(&p.0.y) * zinv),
            )
        })
        .collect()
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl Point {
    /// [`Point::to_bytes`] of every point, with one field inversion for the whole batch
    /// instead of one per point (about 3 multiplications per point more), so encoding n
    /// points costs about a tenth of n separate encodings for large n. Constant time.
    ///
    /// With AVX-512 IFMA, eight points are processed at once, one per lane of a zmm
    /// register (0.67-0.69 of the time of the serial code for 64 points, same run,
    /// AMD EPYC Zen 4, LTO: `scripts/before_after.sh`, row `EncodingBatch/64`).
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let points = [Point::GENERATOR, Point::IDENTITY, Point::mul_base(&Scalar::from_bytes_mod_order([3; 32]))];
    /// let batch = Point::to_bytes_batch(&points);
    /// assert!(batch.iter().zip(&points).all(|(b, p)| *b == p.to_bytes()));
    /// ```
    // Compiled where it is called, with the eight-lane engine's code it reaches
    // (docs/backends.md, "Build cost").
    #[inline]
    pub fn to_bytes_batch(points: &[Point]) -> alloc::vec::Vec<[u8; 32]> {
        #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
        if let Some(token) = crate::backend::vector::ifma52x8::detect() {
            return crate::backend::vector::ifma52x8::encode::to_bytes_x8(token, points, |p| &p.0);
        }
        crate::backend::serial::field_dispatch!(F => encode_batch::<F>(points))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scalar;
    use serde_json::Value;

    const LOW_ORDER: &str = include_str!("../../../testvectors/points/low_order_points.json");
    const NON_CANONICAL: &str =
        include_str!("../../../testvectors/points/noncanonical_points.json");
    const KAT: &str = include_str!("../../../testvectors/points/edwards25519_kat.json");

    fn bytes32(hex_str: &Value) -> [u8; 32] {
        let v = hex::decode(hex_str.as_str().expect("hex string")).expect("valid hex");
        v.try_into().expect("32 bytes")
    }

    fn json(s: &str) -> Value {
        serde_json::from_str(s).expect("valid JSON")
    }

    /// Whether the 255-bit y of an encoding is p or more (p = 2^255 - 19), read
    /// directly from the bytes: 0xed..0xff, then 30 bytes 0xff, then 0x7f (sign masked).
    fn y_at_least_p(b: &[u8; 32]) -> bool {
        b[0] >= 0xed && b[1..31].iter().all(|&x| x == 0xff) && b[31] & 0x7f == 0x7f
    }

    /// The 8 small-order points and their 14 encodings: canonical ones pass both
    /// decoders and re-encode to themselves; the others pass `from_bytes` only, decode
    /// to the same point, and fail strict decoding with the matching reason.
    #[test]
    fn low_order_encodings() {
        let v = json(LOW_ORDER);
        let (mut canonical_count, mut other_count) = (0, 0);
        for point in v["points"].as_array().expect("points") {
            let canonical = bytes32(&point["canonical"]);
            let order = point["order"].as_u64().expect("order");
            let p = Point::from_bytes(&canonical).expect("canonical accepted");
            assert_eq!(Point::from_canonical_bytes(&canonical), Ok(p));
            assert_eq!(p.to_bytes(), canonical);
            assert!(p.is_small_order());
            assert_eq!(p.is_torsion_free(), order == 1);
            // The order is exactly `order` (the loop stops past 8: broken addition fails).
            let mut q = p;
            let mut k = 1;
            while !q.is_identity() && k <= 8 {
                q += p;
                k += 1;
            }
            assert_eq!(k, order, "{}", point["canonical"]);
            canonical_count += 1;

            for alt in point["non_canonical_encodings"].as_array().expect("list") {
                let enc = bytes32(&alt["encoding"]);
                let reason = alt["reason"].as_str().expect("reason");
                let q = Point::from_bytes(&enc).expect("lenient decoding accepts");
                assert_eq!(q, p);
                assert_eq!(q.to_bytes(), canonical);
                let want = if reason.contains("y > p") {
                    DecodeError::NonCanonicalY
                } else {
                    assert_eq!(reason, "x = -0");
                    DecodeError::NonCanonicalSign
                };
                assert_eq!(Point::from_canonical_bytes(&enc), Err(want), "{reason}");
                other_count += 1;
            }
        }
        assert_eq!((canonical_count, other_count), (8, 6));
    }

    /// The 26 non-canonical encodings of valid points.
    #[test]
    fn non_canonical_encodings() {
        let v = json(NON_CANONICAL);
        let cases = v["cases"].as_array().expect("cases");
        assert_eq!(cases.len(), 26);
        for case in cases {
            let name = case["name"].as_str().expect("name");
            let enc = bytes32(&case["encoding"]);
            let canonical = bytes32(&case["canonical"]);
            let p = Point::from_bytes(&enc).expect(name);
            assert_eq!(p.to_bytes(), canonical, "{name}");
            assert_eq!(Point::from_canonical_bytes(&canonical), Ok(p), "{name}");
            let want = if y_at_least_p(&enc) {
                DecodeError::NonCanonicalY
            } else {
                DecodeError::NonCanonicalSign
            };
            assert_eq!(Point::from_canonical_bytes(&enc), Err(want), "{name}");
        }
    }

    /// Known answers: base point multiples, scalar multiplications, the double-base
    /// product, Montgomery u, clamped base multiplications, and an invalid encoding.
    #[test]
    fn known_answers() {
        let v = json(KAT);
        let p = &v["point"];
        let scalar = |h: &Value| Scalar::from_bytes_mod_order(bytes32(h));
        let g = &p["generator"];
        assert_eq!(Point::GENERATOR.to_bytes(), bytes32(&g["encoding"]));
        assert_eq!(Point::GENERATOR.0.x.to_bytes(), bytes32(&g["x"]));
        for case in p["basepoint_multiples"].as_array().expect("list") {
            let s = scalar(&case["scalar"]);
            assert_eq!(Point::mul_base(&s).to_bytes(), bytes32(&case["point"]));
            assert_eq!((Point::GENERATOR * s).to_bytes(), bytes32(&case["point"]));
        }
        for case in p["scalar_mult"].as_array().expect("list") {
            assert_eq!(case["point_in"], "base");
            let s = scalar(&case["scalar"]);
            let out = bytes32(&case["point_out"]);
            assert_eq!(Point::mul_base(&s).to_bytes(), out);
            assert_eq!((Point::GENERATOR * s).to_bytes(), out);
            let vt =
                Point::vartime_double_scalar_mul_basepoint(&Scalar::ZERO, &Point::IDENTITY, &s);
            assert_eq!(vt.to_bytes(), out);
        }
        for case in p["double_scalar_mult"].as_array().expect("list") {
            let a_point = Point::from_canonical_bytes(&bytes32(&case["A"])).expect("valid A");
            let (a, b) = (scalar(&case["a"]), scalar(&case["b"]));
            let want = bytes32(&case["result"]);
            let vt = Point::vartime_double_scalar_mul_basepoint(&a, &a_point, &b);
            assert_eq!(vt.to_bytes(), want);
            assert_eq!((a_point * a + Point::mul_base(&b)).to_bytes(), want);
        }
        for case in p["to_montgomery_bytes"].as_array().expect("list") {
            let pt = Point::from_canonical_bytes(&bytes32(&case["point"])).expect("valid");
            assert_eq!(pt.to_montgomery_bytes(), bytes32(&case["u"]));
        }
        for case in p["clamped_scalar_base_mult"]["cases"]
            .as_array()
            .expect("list")
        {
            let s = Scalar::from_bytes_with_clamping(bytes32(&case["input"]));
            assert_eq!(Point::mul_base(&s).to_bytes(), bytes32(&case["output"]));
        }
        for case in p["invalid_encodings"].as_array().expect("list") {
            let enc = bytes32(&case["encoding"]);
            assert_eq!(Point::from_bytes(&enc), Err(DecodeError::NotOnCurve));
            // y = p + 2 is also non-canonical; strict decoding reports that first.
            assert_eq!(
                Point::from_canonical_bytes(&enc),
                Err(DecodeError::NonCanonicalY)
            );
        }
    }

    /// Montgomery u of the base point is 9; of the identity and of (0, -1) it is 0.
    #[test]
    fn montgomery_special_points() {
        let mut nine = [0u8; 32];
        nine[0] = 9;
        assert_eq!(Point::GENERATOR.to_montgomery_bytes(), nine);
        assert_eq!(Point::IDENTITY.to_montgomery_bytes(), [0; 32]);
        let mut minus_one = [0xff; 32];
        minus_one[0] = 0xec;
        minus_one[31] = 0x7f;
        let t2 = Point::from_canonical_bytes(&minus_one).expect("(0, -1)");
        assert_eq!(t2.to_montgomery_bytes(), [0; 32]);
    }

    /// Pseudo-random byte strings against curve25519-dalek's decompression (lenient,
    /// like `from_bytes`): same verdict, same point; strict accepts exactly the lenient
    /// results that re-encode to the input. About half of all y have a point.
    #[test]
    fn random_bytes_against_dalek() {
        use curve25519_dalek::edwards::CompressedEdwardsY;
        let mut state = 0x0123_4567_89ab_cdefu64;
        let (mut accepted, mut rejected) = (0, 0);
        for _ in 0..if cfg!(debug_assertions) { 300 } else { 3000 } {
            let mut b = [0u8; 32];
            for chunk in b.chunks_exact_mut(8) {
                // xorshift64*
                state ^= state >> 12;
                state ^= state << 25;
                state ^= state >> 27;
                chunk.copy_from_slice(&state.wrapping_mul(0x2545_f491_4f6c_dd1d).to_le_bytes());
            }
            let ours = Point::from_bytes(&b);
            let theirs = CompressedEdwardsY(b).decompress();
            match (ours, theirs) {
                (Ok(p), Some(q)) => {
                    assert_eq!(p.to_bytes(), q.compress().to_bytes());
                    assert_eq!(p.to_montgomery_bytes(), q.to_montgomery().to_bytes());
                    let strict = Point::from_canonical_bytes(&b);
                    assert_eq!(strict.is_ok(), p.to_bytes() == b);
                    accepted += 1;
                }
                (Err(e), None) => {
                    assert_eq!(e, DecodeError::NotOnCurve);
                    assert!(Point::from_canonical_bytes(&b).is_err());
                    rejected += 1;
                }
                (ours, theirs) => panic!("{b:02x?}: ours {ours:?}, dalek {theirs:?}"),
            }
        }
        assert!(accepted > 50 && rejected > 50);
    }

    /// Edge byte strings (all zeros, all ones, y around p and 2^255 with both signs,
    /// y = ±1, 0) against curve25519-dalek: same verdict; strict decoding accepts only
    /// canonical encodings.
    #[test]
    fn edge_bytes_against_dalek() {
        use curve25519_dalek::edwards::CompressedEdwardsY;
        extern crate alloc;
        let mut cases = alloc::vec![[0u8; 32], [0xff; 32]];
        for low in [0xe9u8, 0xea, 0xeb, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xfe, 0xff] {
            let mut y = [0xff; 32];
            y[0] = low;
            y[31] = 0x7f;
            cases.push(y);
        }
        for small in [0u8, 1, 2, 3, 4, 5, 9] {
            let mut y = [0u8; 32];
            y[0] = small;
            cases.push(y);
        }
        for mut c in cases.clone() {
            c[31] ^= 0x80;
            cases.push(c);
        }
        for b in cases {
            let ours = Point::from_bytes(&b);
            let theirs = CompressedEdwardsY(b).decompress();
            assert_eq!(ours.is_ok(), theirs.is_some(), "{b:02x?}");
            if let (Ok(p), Some(q)) = (ours, theirs) {
                assert_eq!(p.to_bytes(), q.compress().to_bytes());
                assert_eq!(Point::from_canonical_bytes(&b).is_ok(), p.to_bytes() == b);
            } else {
                assert_eq!(ours, Err(DecodeError::NotOnCurve));
            }
        }
    }

    /// Round trip of multiples of B, their negatives, and points with torsion.
    #[test]
    fn round_trip() {
        let t8 = Point::from_bytes(
            &hex::decode("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
                .expect("hex")
                .try_into()
                .expect("32"),
        )
        .expect("order 8");
        let mut p = Point::GENERATOR;
        for _ in 0..50 {
            for q in [p, -p, p + t8] {
                let enc = q.to_bytes();
                assert_eq!(Point::from_canonical_bytes(&enc), Ok(q));
                assert_eq!(Point::from_bytes(&enc), Ok(q));
            }
            p = p.double() + Point::GENERATOR;
        }
    }
}

#[cfg(all(test, feature = "alloc"))]
mod batch_tests {
    use super::*;
    use crate::Scalar;
    use alloc::vec::Vec;

    /// The batch encoding equals the single ones, for 0 to 70 points including the
    /// identity, torsion and unreduced coordinates; and on the portable field too.
    #[test]
    fn to_bytes_batch_agrees() {
        let t2 = Point::from_extended_coordinates(
            FieldElement::ZERO,
            -FieldElement::ONE,
            FieldElement::ONE,
            FieldElement::ZERO,
        )
        .expect("order 2");
        for n in [0usize, 1, 2, 3, 70] {
            let points: Vec<Point> = (0..n)
                .map(|i| match i % 5 {
                    0 => Point::IDENTITY,
                    1 => t2,
                    _ => Point::mul_base(&Scalar::from_bytes_mod_order([i as u8; 32])) + t2,
                })
                .collect();
            let want: Vec<[u8; 32]> = points.iter().map(Point::to_bytes).collect();
            assert_eq!(Point::to_bytes_batch(&points), want, "n = {n}");
            assert_eq!(
                encode_batch::<FieldElement>(&points),
                want,
                "portable, n = {n}"
            );
        }
    }
}
