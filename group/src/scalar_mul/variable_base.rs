//! ScalarMult: s·P in constant time, for any point P.
//!
//! Signed radix-16 digits s = Σ dₖ·16^k (dₖ in [-8, 8), d₆₃ in [0, 2]), a per-call table
//! of the cached multiples 1·P … 8·P, and Horner's rule from the top digit:
//! Q = d₆₃·P, then Q = 16·Q + dₖ·P for k = 62 … 0. Cost: 7 additions for the table,
//! 252 doublings (projective between them) and 64 additions of cached points.
//!
//! Constant time: fixed loops, every lookup a full scan
//! ([`select`](crate::backend::PointBackend::select)), complete addition formulas (the
//! identity, P itself and small-order points need no special case).

use edwards25519_field::FieldElement;

use crate::backend::dispatch;
use crate::backend::{Op, PointBackend};
use crate::models::Extended;
use crate::scalar_mul::{double_sum_times, radix_16_table};
use crate::{Point, Scalar};

/// Σ dₖ·16^k·P for digits dₖ in [-8, 8] (see the module docs).
#[inline(always)]
pub(crate) fn mul<B: PointBackend>(b: B, p: &B::Point, digits: &[i8; 64]) -> B::Point {
    let table = radix_16_table(b, p);
    let mut q = b.add(&b.identity(), &b.select(&table, digits[63]));
    for &d in digits[..63].iter().rev() {
        // 16·Q: four doublings, back to extended form only for the addition.
        let r = double_sum_times(b, &q, 4);
        q = b.add(&b.to_extended(&r), &b.select(&table, d));
    }
    b.to_extended(&q)
}

/// ScalarMult as a backend operation.
#[derive(Clone, Copy)]
pub(crate) struct ScalarMult<'a> {
    pub(crate) point: &'a Extended<FieldElement>,
    pub(crate) digits: &'a [i8; 64],
}

impl Op for ScalarMult<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        b.to_point(&mul(b, &b.from_point(self.point), self.digits))
    }
}

/// l = 2^252 + 27742317777372353535851937790883648493, little-endian.
const L_BYTES: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// The signed radix-16 digits of l (l is not a [`Scalar`]: it reduces to 0).
const L_DIGITS: [i8; 64] = edwards25519_scalar::signed_radix_16(&L_BYTES);

impl Point {
    /// scalar·self in constant time (the `*` operators call this).
    pub(crate) fn mul_scalar(&self, scalar: &Scalar) -> Point {
        self.mul_digits(scalar.as_radix_16())
    }

    /// Σ dᵢ·16^i·self in constant time for secret signed radix-16 digits, which are
    /// wiped after use.
    #[allow(unused_mut)]
    pub(crate) fn mul_digits(&self, mut digits: [i8; 64]) -> Point {
        let q = dispatch::run(ScalarMult {
            point: &self.0,
            digits: &digits,
        });
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut digits);
        Point(q)
    }

    /// l·self, the integer multiple by the group order (the identity exactly when self
    /// is torsion-free). Constant time.
    pub(crate) fn mul_by_group_order(&self) -> Point {
        Point(dispatch::run(ScalarMult {
            point: &self.0,
            digits: &L_DIGITS,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits of l recombine to l (in i32 arithmetic, byte by byte).
    #[test]
    fn l_digits_recombine() {
        let mut bytes = [0u8; 32];
        let mut carry = 0i32;
        for i in 0..32 {
            let v = i32::from(L_DIGITS[2 * i]) + 16 * i32::from(L_DIGITS[2 * i + 1]) + carry;
            bytes[i] = v.rem_euclid(256) as u8;
            carry = v.div_euclid(256);
        }
        assert_eq!(carry, 0);
        assert_eq!(bytes, L_BYTES);
        assert!(L_DIGITS[..63].iter().all(|d| (-8..8).contains(d)));
        // l - 1 is the scalar -1: its digits come from the same recoding.
        let mut l_minus_1 = L_BYTES;
        l_minus_1[0] -= 1;
        assert_eq!(
            edwards25519_scalar::signed_radix_16(&l_minus_1),
            (-Scalar::ONE).as_radix_16()
        );
    }

    /// l·B = identity, and l·(B + T) = l·T != identity for T of order 4 (the
    /// multiplication is by the integer l, not by 0).
    #[test]
    fn multiply_by_l() {
        assert!(Point::GENERATOR.mul_by_group_order().is_identity());
        let t4 = crate::point::order_four_point();
        // l = 1 (mod 4), so l·T4 = T4.
        assert_eq!((Point::GENERATOR + t4).mul_by_group_order(), t4);
        let p = Point::mul_base(&Scalar::from_bytes_mod_order([0xa5; 32]));
        assert!(p.mul_by_group_order().is_identity());
    }

    /// (a·b)·P = a·(b·P), and s·P + t·P = (s + t)·P, for a point not in the base
    /// table's coordinates.
    #[test]
    fn algebra() {
        let p = Point::mul_base(&Scalar::from_bytes_mod_order([0x11; 32]));
        let a = Scalar::from_bytes_mod_order([0x5c; 32]);
        let b = Scalar::from_bytes_mod_order_wide(&[0xe3; 64]);
        assert_eq!(p * (a * b), (p * b) * a);
        assert_eq!(p * (a + b), p * a + p * b);
        assert_eq!(p * -a, -(p * a));
    }

    /// The serial backend and the selected one agree.
    #[test]
    fn serial_matches_selected() {
        let p = Point::mul_base(&Scalar::from_bytes_mod_order([0x77; 32]));
        for i in 0u8..8 {
            let s = Scalar::from_bytes_mod_order([i.wrapping_mul(91).wrapping_add(3); 32]);
            let digits = s.as_radix_16();
            let serial = Point(dispatch::run_serial(ScalarMult {
                point: &p.0,
                digits: &digits,
            }));
            assert_eq!(serial, p * s);
        }
    }
}
