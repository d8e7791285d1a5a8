//! The eight points of order dividing 8 ([`Point::EIGHT_TORSION`]).

use edwards25519_field::FieldElement;

use super::Point;
use crate::models::Extended;

/// T's affine coordinates, little-endian.
#[rustfmt::skip]
const X8: FieldElement = FieldElement::from_bytes(&[
    0x4a, 0xd1, 0x45, 0xc5, 0x46, 0x46, 0xa1, 0xde, 0x38, 0xe2, 0xe5, 0x13, 0x70, 0x3c, 0x19, 0x5c,
    0xbb, 0x4a, 0xde, 0x38, 0x32, 0x99, 0x33, 0xe9, 0x28, 0x4a, 0x39, 0x06, 0xa0, 0xb9, 0xd5, 0x1f,
]);
#[rustfmt::skip]
const Y8: FieldElement = FieldElement::from_bytes(&[
    0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
    0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a,
]);

/// -a, at compile time.
const fn neg(a: FieldElement) -> FieldElement {
    FieldElement::ZERO.const_sub(&a)
}

/// The point (x, y) in extended coordinates (Z = 1, T = x·y).
const fn affine(x: FieldElement, y: FieldElement) -> Point {
    Point(Extended {
        x,
        y,
        z: FieldElement::ONE,
        t: x.const_mul(&y),
    })
}

impl Point {
    /// The 8-torsion subgroup as `[k]T` for k = 0 … 7, where T is the point of order 8
    /// whose encoding is `c7176a70…92ac037a` (curve25519-dalek's `EIGHT_TORSION`, in the
    /// same order). `[2]T` and `[6]T` have order 4 (y = 0), `[4]T` = (0, -1) has order 2
    /// and `[0]T` is the identity.
    ///
    /// Every coordinate is 0, ±1, ±√-1 or ±x₈, ±y₈ of T = (x₈, y₈) (the solutions of
    /// the curve equation with `[8]P = 0`: x² = (y² - 1)/(d·y² + 1), y ∈ {±1, 0, ±y₈});
    /// the tests check the order and the multiples.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let t = Point::EIGHT_TORSION;
    /// assert!(t[0].is_identity());
    /// assert_eq!(t[1] + t[2], t[3]);
    /// assert_eq!(t[1].mul_by_cofactor(), Point::IDENTITY);
    /// assert!(t.iter().all(|p| p.is_small_order()));
    /// // A torsion component changes the point, not its cofactor multiple.
    /// let p = Point::mul_base(&Scalar::from(5u8));
    /// assert_eq!((p + t[5]).mul_by_cofactor(), p.mul_by_cofactor());
    /// ```
    pub const EIGHT_TORSION: [Point; 8] = [
        affine(FieldElement::ZERO, FieldElement::ONE),
        affine(X8, Y8),
        affine(neg(FieldElement::SQRT_M1), FieldElement::ZERO),
        affine(X8, neg(Y8)),
        affine(FieldElement::ZERO, neg(FieldElement::ONE)),
        affine(neg(X8), neg(Y8)),
        affine(FieldElement::SQRT_M1, FieldElement::ZERO),
        affine(neg(X8), Y8),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiples_of_a_point_of_order_eight() {
        let t = Point::EIGHT_TORSION;
        let mut acc = Point::IDENTITY;
        for (k, p) in t.iter().enumerate() {
            assert_eq!(*p, acc, "[{k}]T");
            // Each constant is on the curve and its stored t is x·y: decoding its
            // encoding gives back the same point, with the same arithmetic.
            let decoded = Point::from_bytes(&p.to_bytes()).expect("on the curve");
            assert_eq!(decoded, *p);
            assert_eq!(decoded.double(), p.double());
            assert_eq!(decoded + t[1], *p + t[1]);
            acc += t[1];
        }
        // Order exactly 8: [4]T is not the identity, [8]T is.
        assert!(!t[4].is_identity());
        assert!(acc.is_identity());
    }
}
