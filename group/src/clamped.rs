//! Multiplication by a clamped integer (RFC 7748 §5's `decodeScalar25519`), on
//! Edwards points.

use crate::Point;
use edwards25519_scalar::Scalar;

/// RFC 7748 §5 clamping: clear the low three bits and the top bit, set bit 254.
fn clamp(mut bytes: [u8; 32]) -> [u8; 32] {
    bytes[0] &= 0b1111_1000;
    bytes[31] &= 0b0111_1111;
    bytes[31] |= 0b0100_0000;
    bytes
}

impl Point {
    /// `[c]B` for the base point B, where c is `bytes` clamped as X25519 clamps its
    /// scalars (RFC 7748 §5). B has order l, so this is [`Point::mul_base`] of
    /// [`Scalar::from_bytes_with_clamping`]. Constant time.
    ///
    /// c itself is recoded (c < 2^255, so its top signed radix-16 digit is at most 8,
    /// within the table's reach), with no reduction mod l first: \[c\]B = \[c mod l\]B.
    ///
    /// ```
    /// use edwards25519_group::Point;
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    ///
    /// let k = [0x42u8; 32];
    /// assert_eq!(
    ///     Point::mul_base_clamped(k).to_montgomery(),
    ///     MontgomeryPoint::mul_base_clamped(k)
    /// );
    /// ```
    pub fn mul_base_clamped(bytes: [u8; 32]) -> Point {
        #[allow(unused_mut)]
        let mut c = clamp(bytes);
        #[allow(unused_mut)]
        let mut digits = edwards25519_scalar::signed_radix_16(&c);
        let p = crate::scalar_mul::fixed_base::mul_base_digits(&digits);
        #[cfg(feature = "zeroize")]
        {
            zeroize::Zeroize::zeroize(&mut c);
            zeroize::Zeroize::zeroize(&mut digits);
        }
        p
    }

    /// `[c]P` where c is `bytes` clamped (RFC 7748 §5), as an integer, not reduced mod l.
    ///
    /// c is a multiple of 8, so `[c]P = [c/8]([8]P)`, and `[8]P` lies in the subgroup of
    /// order l, where c/8 may be reduced mod l. So a small-order component of P is
    /// cleared, as X25519 clears it. Constant time.
    ///
    /// ```
    /// use edwards25519_group::{DecodeError, Point};
    ///
    /// let p = Point::mul_base_clamped([7; 32]);
    /// let t = Point::from_bytes(&[0; 32]).expect("a point of order 4");
    /// // The torsion component is cleared.
    /// assert_eq!((p + t).mul_clamped([9; 32]), p.mul_clamped([9; 32]));
    /// ```
    pub fn mul_clamped(&self, bytes: [u8; 32]) -> Point {
        let c = clamp(bytes);
        // c / 8 = c >> 3, a 252-bit integer.
        let mut shifted = [0u8; 32];
        for i in 0..32 {
            let hi = if i + 1 < 32 { c[i + 1] << 5 } else { 0 };
            shifted[i] = (c[i] >> 3) | hi;
        }
        let s = Scalar::from_bytes_mod_order(shifted);
        self.mul_by_cofactor() * s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::montgomery::MontgomeryPoint;

    #[test]
    fn agree_with_the_montgomery_ladder() {
        let torsion = Point::from_bytes(&[0; 32]).expect("a point of order 4");
        for i in 0..8u8 {
            let k = [i.wrapping_mul(71) ^ 0xc3; 32];
            let p = Point::mul_base_clamped([i; 32]);
            let q = p + torsion;
            assert_eq!(
                Point::mul_base_clamped(k).to_montgomery(),
                MontgomeryPoint::mul_base_clamped(k)
            );
            assert_eq!(
                q.mul_clamped(k).to_montgomery(),
                q.to_montgomery().mul_clamped(k)
            );
            assert_eq!(q.mul_clamped(k), p.mul_clamped(k));
        }
    }
}
