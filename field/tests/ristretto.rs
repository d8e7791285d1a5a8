//! ristretto255 (RFC 9496) vectors, run through field operations only.
//!
//! Decoding, encoding and the one-way map of ristretto255 are field arithmetic around
//! `sqrt_ratio` (RFC 9496's SQRT_RATIO_M1, both its square and non-square outcomes),
//! so these independent vectors pin `sqrt_ratio`, `abs`, `is_negative` and the
//! encodings. The curve formulas below are written from RFC 9496 section 4 and the
//! extended-coordinates addition of Hisil-Wong-Carter-Dawson (a = -1), in test code,
//! because the field crate knows nothing of the curve.

use crate::common;

use std::sync::LazyLock;

use common::*;
use edwards25519_field::FieldElement;
use num_bigint::BigUint;
use serde_json::Value;
use subtle::ConditionallySelectable;

type Fe = FieldElement;

const VECTORS: &str = include_str!("../../testvectors/ristretto255/ristretto255_vectors.json");

fn vectors() -> Value {
    serde_json::from_str(VECTORS).expect("valid JSON")
}

fn dec(s: &str) -> Fe {
    fe(&BigUint::parse_bytes(s.as_bytes(), 10).expect("decimal"))
}

/// The constants of RFC 9496 section 4.1; each is checked against its definition in
/// `constants_match_their_definitions`.
struct Constants {
    d: Fe,
    sqrt_ad_minus_one: Fe,
    invsqrt_a_minus_d: Fe,
    one_minus_d_sq: Fe,
    d_minus_one_sq: Fe,
}

static C: LazyLock<Constants> = LazyLock::new(|| {
    let d = dec("37095705934669439343138083508754565189542113879843219016388785533085940283555");
    Constants {
        d,
        sqrt_ad_minus_one: dec(
            "25063068953384623474111414158702152701244531502492656460079210482610430750235",
        ),
        invsqrt_a_minus_d: dec(
            "54469307008909316920995813868745141605393597292927456921205312896311721017578",
        ),
        one_minus_d_sq: Fe::ONE - d.square(),
        d_minus_one_sq: (d - Fe::ONE).square(),
    }
});

/// A point in extended coordinates: x = X/Z, y = Y/Z, xy = T/Z.
#[derive(Clone, Copy, Debug)]
struct Point {
    x: Fe,
    y: Fe,
    z: Fe,
    t: Fe,
}

impl Point {
    /// -x² + y² = z² + d·t², and xy = zt.
    fn is_on_curve(&self) -> bool {
        let Point { x, y, z, t } = *self;
        -x.square() + y.square() == z.square() + C.d * t.square() && x * y == z * t
    }

    fn add(&self, o: &Point) -> Point {
        let a = (self.y - self.x) * (o.y - o.x);
        let b = (self.y + self.x) * (o.y + o.x);
        let c = self.t * (C.d + C.d) * o.t;
        let d = (self.z + self.z) * o.z;
        let (e, f, g, h) = (b - a, d - c, d + c, b + a);
        Point {
            x: e * f,
            y: g * h,
            z: f * g,
            t: e * h,
        }
    }

    /// Equality of ristretto255 elements (RFC 9496 4.3.3).
    fn ristretto_eq(&self, o: &Point) -> bool {
        self.x * o.y == self.y * o.x || self.y * o.y == self.x * o.x
    }
}

/// Why `decode` rejected an encoding.
#[derive(Debug, PartialEq)]
enum Reject {
    NonCanonical,
    Negative,
    NotSquare,
    NegativeXY,
    YZero,
}

/// RFC 9496 4.3.1 (the final combined check split to say which part failed).
fn decode(bytes: &[u8; 32]) -> Result<Point, Reject> {
    let s = Fe::from_bytes(bytes);
    // s >= p and bit 255 set give an encoding that is not s's canonical one.
    if s.to_bytes() != *bytes {
        return Err(Reject::NonCanonical);
    }
    if bool::from(s.is_negative()) {
        return Err(Reject::Negative);
    }
    let ss = s.square();
    let u1 = Fe::ONE - ss;
    let u2 = Fe::ONE + ss;
    let u2_sqr = u2.square();
    let v = -(C.d * u1.square()) - u2_sqr;
    let (was_square, invsqrt) = Fe::sqrt_ratio(&Fe::ONE, &(v * u2_sqr));
    let den_x = invsqrt * u2;
    let den_y = invsqrt * den_x * v;
    let x = ((s + s) * den_x).abs();
    let y = u1 * den_y;
    let t = x * y;
    if !bool::from(was_square) {
        Err(Reject::NotSquare)
    } else if bool::from(t.is_negative()) {
        Err(Reject::NegativeXY)
    } else if bool::from(y.is_zero()) {
        Err(Reject::YZero)
    } else {
        Ok(Point {
            x,
            y,
            z: Fe::ONE,
            t,
        })
    }
}

/// RFC 9496 4.3.2.
fn encode(p: &Point) -> [u8; 32] {
    let Point {
        x: x0,
        y: y0,
        z: z0,
        t: t0,
    } = *p;
    let u1 = (z0 + y0) * (z0 - y0);
    let u2 = x0 * y0;
    let (_, invsqrt) = Fe::sqrt_ratio(&Fe::ONE, &(u1 * u2.square()));
    let den1 = invsqrt * u1;
    let den2 = invsqrt * u2;
    let z_inv = den1 * den2 * t0;
    let ix0 = x0 * Fe::SQRT_M1;
    let iy0 = y0 * Fe::SQRT_M1;
    let enchanted_denominator = den1 * C.invsqrt_a_minus_d;
    let rotate = (t0 * z_inv).is_negative();
    let x = Fe::conditional_select(&x0, &iy0, rotate);
    let mut y = Fe::conditional_select(&y0, &ix0, rotate);
    let den_inv = Fe::conditional_select(&den2, &enchanted_denominator, rotate);
    y = Fe::conditional_select(&y, &-y, (x * z_inv).is_negative());
    (den_inv * (z0 - y)).abs().to_bytes()
}

/// RFC 9496 4.3.4 MAP; also says whether sqrt_ratio found a square.
fn map(t: &Fe) -> (Point, bool) {
    let r = Fe::SQRT_M1 * t.square();
    let u = (r + Fe::ONE) * C.one_minus_d_sq;
    let v = (-Fe::ONE - r * C.d) * (r + C.d);
    let (was_square, s) = Fe::sqrt_ratio(&u, &v);
    let s_prime = -(s * t).abs();
    let s = Fe::conditional_select(&s_prime, &s, was_square);
    let c = Fe::conditional_select(&r, &-Fe::ONE, was_square);
    let n = c * (r - Fe::ONE) * C.d_minus_one_sq - v;
    let w0 = (s + s) * v;
    let w1 = n * C.sqrt_ad_minus_one;
    let w2 = Fe::ONE - s.square();
    let w3 = Fe::ONE + s.square();
    let p = Point {
        x: w0 * w3,
        y: w2 * w1,
        z: w1 * w3,
        t: w0 * w2,
    };
    (p, bool::from(was_square))
}

/// RFC 9496 4.3.4 one-way map from 64 uniform bytes; counts the square outcomes.
fn from_uniform_bytes(b: &[u8; 64], squares: &mut [usize; 2]) -> Point {
    let half = |i: usize| -> Fe {
        let mut h = [0u8; 32];
        h.copy_from_slice(&b[32 * i..32 * i + 32]);
        Fe::from_bytes(&h) // masks bit 255 and reduces mod p, as the RFC asks
    };
    let (p1, sq1) = map(&half(0));
    let (p2, sq2) = map(&half(1));
    squares[usize::from(sq1)] += 1;
    squares[usize::from(sq2)] += 1;
    p1.add(&p2)
}

#[test]
fn constants_match_their_definitions() {
    let c = &*C;
    // d = -121665/121666.
    assert_eq!(c.d * dec("121666"), -dec("121665"));
    assert_eq!(c.d, -dec("121665") * dec("121666").invert());
    // SQRT_AD_MINUS_ONE² = a·d - 1 = -d - 1, the root with the low bit set (RFC 9496).
    assert_eq!(c.sqrt_ad_minus_one.square(), -c.d - Fe::ONE);
    assert!(bool::from(c.sqrt_ad_minus_one.is_negative()));
    // INVSQRT_A_MINUS_D² · (a - d) = 1.
    assert_eq!(c.invsqrt_a_minus_d.square() * (-Fe::ONE - c.d), Fe::ONE);
    assert_eq!(
        c.one_minus_d_sq,
        dec("1159843021668779879193775521855586647937357759715417654439879720876111806838")
    );
    assert_eq!(
        c.d_minus_one_sq,
        dec("40440834346308536858101042469323190826248399146238708352240133220865137265952")
    );
}

#[test]
fn small_multiples() {
    let v = vectors();
    let cases = v["small_multiples"].as_array().expect("array");
    assert_eq!(cases.len(), 16);
    let points: Vec<Point> = cases
        .iter()
        .enumerate()
        .map(|(k, c)| {
            assert_eq!(c["multiple"].as_u64(), Some(k as u64));
            let enc: [u8; 32] = unhex(c["encoding"].as_str().expect("hex"));
            let p = decode(&enc).unwrap_or_else(|e| panic!("[{k}]B does not decode: {e:?}"));
            assert!(p.is_on_curve(), "[{k}]B");
            assert_eq!(encode(&p), enc, "[{k}]B re-encodes");
            p
        })
        .collect();
    // [0]B is the identity (0, 1); [k]B = [k-1]B + B, as elements and as encodings.
    assert_eq!((points[0].x, points[0].y), (Fe::ZERO, Fe::ONE));
    for k in 1..16 {
        let sum = points[k - 1].add(&points[1]);
        assert!(sum.is_on_curve());
        assert!(sum.ristretto_eq(&points[k]), "[{k}]B");
        assert!(!sum.ristretto_eq(&points[(k + 1) % 16]));
        let enc = unhex::<32>(cases[k]["encoding"].as_str().expect("hex"));
        assert_eq!(encode(&sum), enc, "encode([{}]B + B)", k - 1);
    }
}

/// Each invalid encoding is rejected for the reason its group in the file gives; the
/// `nonsquare x^2` group is rejected by sqrt_ratio's non-square outcome.
#[test]
fn invalid_encodings_are_rejected() {
    let v = vectors();
    let cases = v["invalid_encodings"].as_array().expect("array");
    assert_eq!(cases.len(), 29);
    for c in cases {
        let enc: [u8; 32] = unhex(c["encoding"].as_str().expect("hex"));
        let reason = c["reason"].as_str().expect("string");
        let expected = [
            ("non-canonical", Reject::NonCanonical),
            ("negative field element", Reject::Negative),
            ("nonsquare", Reject::NotSquare),
            ("negative xy", Reject::NegativeXY),
            ("y = 0", Reject::YZero),
        ]
        .into_iter()
        .find(|(key, _)| reason.contains(key))
        .map(|(_, r)| r)
        .unwrap_or_else(|| panic!("unknown reason {reason}"));
        assert_eq!(
            decode(&enc).err(),
            Some(expected),
            "{}: {reason}",
            c["encoding"]
        );
    }
}

#[test]
fn one_way_map() {
    let v = vectors();
    let mut squares = [0usize; 2];
    let mut n = 0;
    let labels = v["hash_to_group_labels"].as_array().expect("array");
    let inputs = labels.iter().map(|c| (&c["sha512_of_label"], &c["output"]));
    let maps = v["one_way_map"].as_array().expect("array");
    for (input, output) in inputs.chain(maps.iter().map(|c| (&c["input"], &c["output"]))) {
        let input: [u8; 64] = unhex(input.as_str().expect("hex"));
        let p = from_uniform_bytes(&input, &mut squares);
        assert!(p.is_on_curve());
        assert_eq!(hex::encode(encode(&p)), output.as_str().expect("hex"));
        n += 1;
    }
    assert_eq!(n, 7 + 11);
    // Both outcomes of sqrt_ratio in MAP were exercised.
    assert!(
        squares[0] > 0 && squares[1] > 0,
        "square outcomes {squares:?}"
    );
}
