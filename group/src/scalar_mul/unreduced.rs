//! Multiplication by an integer below 2^255 that is not reduced mod l
//! ([`Point::mul_unreduced`]): curve25519-dalek's `Scalar::from_bits` multiplies by the
//! integer itself, which differs from its residue mod l on a point with a small-order
//! component.

use crate::Point;

impl Point {
    /// `[n]self` for the little-endian integer n = `bytes` with bit 255 cleared, as an
    /// integer: not reduced mod l first. On a torsion-free point this is
    /// `self * Scalar::from_bytes_mod_order(n)`; with a small-order component, that
    /// component is multiplied by n itself. Constant time in `bytes` and `self`.
    ///
    /// ScalarMult's signed radix-16 digits cover any n < 2^255 (the top digit is at
    /// most 8, within the per-call table of 1·P … 8·P), so no reduction is needed.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// // l + 1, which reduces to 1.
    /// let mut n = [0u8; 32];
    /// n[..16].copy_from_slice(&0x14def9dea2f79cd65812631a5cf5d3eeu128.to_le_bytes());
    /// n[31] = 0x10;
    /// let p = Point::mul_base(&Scalar::from(7u8));
    /// let t = Point::EIGHT_TORSION[1];
    /// assert_eq!(p.mul_unreduced(&n), p);
    /// // (l + 1)·T = (l mod 8 + 1)·T = 6·T: not T.
    /// assert_eq!((p + t).mul_unreduced(&n), p + Point::EIGHT_TORSION[6]);
    /// ```
    pub fn mul_unreduced(&self, bytes: &[u8; 32]) -> Point {
        let mut n = *bytes;
        n[31] &= 0x7f;
        let q = self.mul_digits(edwards25519_scalar::signed_radix_16(&n));
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut n);
        q
    }
}

#[cfg(test)]
mod tests {
    use crate::{Point, Scalar};

    /// n as a scalar mod l, and n mod 8, from the bytes.
    fn residues(n: &[u8; 32]) -> (Scalar, usize) {
        (Scalar::from_bytes_mod_order(*n), usize::from(n[0] & 7))
    }

    #[test]
    fn integer_multiple_splits_into_subgroup_and_torsion_parts() {
        // [n](P + T) = [n mod l]P + [n mod 8]T for P of order l and T of order 8
        // (l and 8 are coprime, so each part sees only its own residue).
        let p = Point::mul_base(&Scalar::from_bytes_mod_order([0x3c; 32]));
        for (i, t) in Point::EIGHT_TORSION.iter().enumerate() {
            for seed in [0u8, 1, 0x5a, 0xa7, 0xff] {
                let mut n = [seed.wrapping_add(i as u8); 32];
                n[31] &= 0x7f;
                let (s, r) = residues(&n);
                let want = p * s + Point::EIGHT_TORSION[(i * r) % 8];
                assert_eq!((p + t).mul_unreduced(&n), want, "T[{i}], seed {seed}");
            }
        }
        // Bit 255 is ignored.
        let t = Point::EIGHT_TORSION[3];
        assert_eq!(t.mul_unreduced(&[0xff; 32]), {
            let mut n = [0xff; 32];
            n[31] = 0x7f;
            t.mul_unreduced(&n)
        });
    }
}
