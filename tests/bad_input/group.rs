//! Point decoders and constructors, multiscalar multiplication's documented panic, and
//! the `group` feature's decoders.

use std::panic::{AssertUnwindSafe, catch_unwind};

use edwards25519::{DecodeError, FieldElement, Point, Scalar};
use proptest::prelude::*;

#[allow(unused_imports)]
use crate::common;
use crate::strategies::*;

/// Operations that must work on any decoded point.
pub(crate) fn exercise(p: &Point, s: &Scalar) -> Result<(), TestCaseError> {
    prop_assert_eq!(Point::from_canonical_bytes(&p.to_bytes()), Ok(*p));
    let _ = p.to_montgomery_bytes();
    prop_assert_eq!(p.double(), p + p);
    prop_assert_eq!(p.is_small_order(), p.mul_by_cofactor().is_identity());
    let _ = p.is_torsion_free();
    prop_assert_eq!(p * s, s * p);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// `from_bytes`: a point, or `NotOnCurve` (its only error).
    #[test]
    fn point_from_bytes_any(b in point_bytes(), s in any_scalar()) {
        match Point::from_bytes(&b) {
            Ok(p) => exercise(&p, &s)?,
            Err(e) => prop_assert_eq!(e, DecodeError::NotOnCurve, "{:02x?}", b),
        }
    }

    /// `from_canonical_bytes`: the error names the first reason in the documented
    /// order (y >= p, no point, negative zero); accepted bytes are exactly the encoding.
    #[test]
    fn point_from_canonical_bytes_any(b in point_bytes()) {
        let strict = Point::from_canonical_bytes(&b);
        let expected = if y_ge_p(&b) {
            Err(DecodeError::NonCanonicalY)
        } else {
            match Point::from_bytes(&b) {
                Err(_) => Err(DecodeError::NotOnCurve),
                Ok(p) if b[31] & 0x80 != 0 && bool::from(p.extended_coordinates().0.is_zero()) => {
                    Err(DecodeError::NonCanonicalSign)
                }
                Ok(p) => Ok(p),
            }
        };
        prop_assert_eq!(strict, expected, "{:02x?}", b);
        if let Ok(p) = strict {
            prop_assert_eq!(p.to_bytes(), b);
        }
    }
}

/// d = -121665/121666.
pub(crate) fn d() -> FieldElement {
    -FieldElement::from_bytes(&[
        0x41, 0xdb, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
    ]) * FieldElement::from_bytes(&[
        0x42, 0xdb, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
    ])
    .invert()
}

/// The documented verdict of `from_extended_coordinates`.
pub(crate) fn expected_extended(
    x: FieldElement,
    y: FieldElement,
    z: FieldElement,
    t: FieldElement,
) -> Result<(), DecodeError> {
    if bool::from(z.is_zero()) || x * y != z * t {
        Err(DecodeError::InvalidCoordinates)
    } else if y.square() - x.square() != z.square() + d() * t.square() {
        Err(DecodeError::NotOnCurve)
    } else {
        Ok(())
    }
}

/// Coordinates to try: arbitrary (with zeros and ±1 likely), a point's coordinates
/// scaled by an arbitrary λ (λ = 0 included), or scaled and then one coordinate changed,
/// or X·Y = Z·T by construction (T = XY/Z) and generally off the curve.
pub(crate) fn coordinates() -> impl Strategy<Value = [FieldElement; 4]> {
    prop_oneof![
        proptest::array::uniform4(field_element()),
        Just([FieldElement::ZERO; 4]),
        (point_bytes(), field_element(), 0usize..5, field_element()).prop_filter_map(
            "not a point",
            |(b, lambda, which, other)| {
                let p = Point::from_bytes(&b).ok()?;
                let (x, y, z, t) = p.extended_coordinates();
                let mut c = [x * lambda, y * lambda, z * lambda, t * lambda];
                if which < 4 {
                    c[which] = other;
                }
                Some(c)
            }
        ),
        proptest::array::uniform3(field_element()).prop_map(|[x, y, z]| [
            x,
            y,
            z,
            x * y * z.invert()
        ]),
    ]
}

proptest! {
    #![proptest_config(config())]

    /// Any four field elements: an `Err` with the documented reason, or a valid point;
    /// never a panic.
    #[test]
    fn point_from_extended_coordinates_any(c in coordinates(), s in any_scalar()) {
        let [x, y, z, t] = c;
        let got = Point::from_extended_coordinates(x, y, z, t);
        prop_assert_eq!(got.map(|_| ()), expected_extended(x, y, z, t), "{:?}", c);
        if let Ok(p) = got {
            // The point (X/Z, Y/Z).
            let zi = z.invert();
            let mut enc = (y * zi).to_bytes();
            enc[31] |= (x * zi).is_negative().unwrap_u8() << 7;
            prop_assert_eq!(p.to_bytes(), enc);
            exercise(&p, &s)?;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Multiscalar multiplication: the documented panic, and only it.

pub(crate) const LENGTH_MISMATCH: &str =
    "multiscalar multiplication: scalars and points have different lengths";

proptest! {
    #![proptest_config(config())]

    /// Arbitrary lengths 0..8 each, as slices or as filtered iterators (whose size hints
    /// say nothing): different lengths panic with the documented message, equal lengths
    /// give Σ sᵢ·Pᵢ.
    #[test]
    fn multiscalar_lengths(
        ns in 0usize..8,
        np in 0usize..8,
        filtered in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let scalars: Vec<Scalar> = (0..ns as u64).map(|i| Scalar::from(seed ^ i.wrapping_mul(0x9e37_79b9))).collect();
        let points: Vec<Point> = (0..np as u64).map(|i| Point::mul_base(&Scalar::from(i + seed % 1000))).collect();
        let ct = catch_unwind(AssertUnwindSafe(|| {
            if filtered {
                Point::multiscalar_mul(scalars.iter().filter(|_| true), points.iter().filter(|_| true))
            } else {
                Point::multiscalar_mul(&scalars, &points)
            }
        }));
        let vt = catch_unwind(AssertUnwindSafe(|| {
            if filtered {
                Point::vartime_multiscalar_mul(scalars.iter().filter(|_| true), points.iter().filter(|_| true))
            } else {
                Point::vartime_multiscalar_mul(scalars.clone(), points.clone())
            }
        }));
        if ns == np {
            let sum: Point = scalars.iter().zip(&points).map(|(s, p)| p * s).sum();
            prop_assert_eq!(ct.expect("equal lengths do not panic"), sum);
            prop_assert_eq!(vt.expect("equal lengths do not panic"), sum);
        } else {
            prop_assert_eq!(panic_message(ct.expect_err("different lengths panic")), LENGTH_MISMATCH);
            prop_assert_eq!(panic_message(vt.expect_err("different lengths panic")), LENGTH_MISMATCH);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The `group` feature's decoders (cargo test --features group).

#[cfg(feature = "group")]
mod group_traits {
    use super::*;
    use edwards25519::group::SubgroupPoint;
    use group::GroupEncoding;
    use group::ff::{FromUniformBytes, PrimeField};

    proptest! {
        #![proptest_config(config())]

        #[test]
        fn group_encoding_any(b in point_bytes()) {
            let p = Option::<Point>::from(<Point as GroupEncoding>::from_bytes(&b));
            prop_assert_eq!(p, Point::from_canonical_bytes(&b).ok());
            let q = Option::<Point>::from(<Point as GroupEncoding>::from_bytes_unchecked(&b));
            prop_assert_eq!(q, p);
            let sub = Option::<SubgroupPoint>::from(<SubgroupPoint as GroupEncoding>::from_bytes(&b));
            prop_assert_eq!(sub.map(Point::from), p.filter(Point::is_torsion_free));
            if let Ok(q) = Point::from_bytes(&b) {
                let from_point = Option::<SubgroupPoint>::from(SubgroupPoint::from_point(&q));
                prop_assert_eq!(from_point.map(|x| x.to_point()), Some(q).filter(Point::is_torsion_free));
            }
        }

        #[test]
        fn prime_field_any(b in bytes32(), w in bytes64()) {
            let s = Option::<Scalar>::from(Scalar::from_repr(b));
            prop_assert_eq!(s, Option::<Scalar>::from(Scalar::from_canonical_bytes(b)));
            prop_assert_eq!(
                <Scalar as FromUniformBytes<64>>::from_uniform_bytes(&w),
                Scalar::from_bytes_mod_order_wide(&w)
            );
        }
    }
}
