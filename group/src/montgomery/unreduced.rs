//! X25519's ladder on an integer below 2^255 that is neither clamped nor reduced mod l
//! ([`MontgomeryPoint::mul_unreduced`]), for curve25519-dalek's `Scalar::from_bits`.

use edwards25519_field::FieldElement;

use super::MontgomeryPoint;
use super::ladder::{ladder_for_this_cpu, wipe_scalar};

impl MontgomeryPoint {
    /// The u-coordinate of `[n]P` for the little-endian integer n = `bytes` with bit 255
    /// cleared, not clamped and not reduced mod l (P either point with this u, on the
    /// curve or its twist). Where `n < l` this is `self * Scalar`; where n is clamped,
    /// [`MontgomeryPoint::mul_clamped`]. Constant time: the ladder runs its 255 steps
    /// whatever n (it takes any n < 2^255).
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    /// use edwards25519_group::Scalar;
    ///
    /// let k = [0x41u8; 32];
    /// let mut clamped = k;
    /// clamped[0] &= 248;
    /// clamped[31] = (clamped[31] & 127) | 64;
    /// let p = MontgomeryPoint::BASEPOINT;
    /// assert_eq!(p.mul_unreduced(&clamped), p.mul_clamped(k));
    /// assert_eq!(p.mul_unreduced(&[9; 32]), p * Scalar::from_bytes_mod_order([9; 32]));
    /// ```
    pub fn mul_unreduced(&self, bytes: &[u8; 32]) -> MontgomeryPoint {
        let mut k = *bytes;
        k[31] &= 0x7f;
        let u = FieldElement::from_bytes(&self.0);
        let out = ladder_for_this_cpu(&k, &u);
        wipe_scalar(&mut k);
        MontgomeryPoint(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::Point;

    #[test]
    fn agrees_with_the_edwards_integer_multiple() {
        // On points with a torsion component the integer matters: compare with
        // Point::mul_unreduced, the Edwards side (u does not depend on the sign of x).
        let base = Point::mul_base_clamped([0x77; 32]);
        for (i, t) in Point::EIGHT_TORSION.iter().enumerate() {
            let p = base + t;
            for seed in [3u8, 0x80, 0xfe] {
                let n = [seed ^ (i as u8); 32];
                assert_eq!(
                    p.to_montgomery().mul_unreduced(&n),
                    p.mul_unreduced(&n).to_montgomery(),
                    "T[{i}], seed {seed}"
                );
            }
        }
    }
}
