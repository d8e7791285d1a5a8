//! The Montgomery ladder on a big-endian bit string of any length
//! ([`MontgomeryPoint::mul_bits_be`], curve25519-dalek's name).

use edwards25519_field::FieldElement;

use super::MontgomeryPoint;
use super::ladder::ladder_bits;

impl MontgomeryPoint {
    /// The u-coordinate of `[n]P` for the integer n whose big-endian bits `bits` yields
    /// (most significant first, any number of them, leading zeros allowed), P either
    /// point with this u, on the curve or its twist. Not clamped and not reduced: no bit
    /// string is too long. An empty string is n = 0, and `[0]P`'s u is 0.
    ///
    /// Constant time in the values of the bits (one ladder step, with a masked swap, per
    /// bit); the time grows with their number, which is public. X25519 protocols want
    /// [`MontgomeryPoint::mul_clamped`]; for a 32-byte little-endian integer,
    /// [`MontgomeryPoint::mul_unreduced`] is the same function.
    ///
    /// ```
    /// use edwards25519_group::montgomery::MontgomeryPoint;
    /// use edwards25519_group::Scalar;
    ///
    /// let p = MontgomeryPoint::BASEPOINT;
    /// // 6 = 0b110, with leading zeros or without.
    /// let six = [false, false, true, true, false];
    /// assert_eq!(p.mul_bits_be(six.into_iter()), p * Scalar::from(6u8));
    /// // The bits of a little-endian byte string, most significant first.
    /// let k = [0x5au8; 32];
    /// let bits = (0..256).rev().map(|i| (k[i / 8] >> (i % 8)) & 1 == 1);
    /// assert_eq!(p.mul_bits_be(bits), p.mul_unreduced(&k));
    /// assert_eq!(p.mul_bits_be(core::iter::empty()), MontgomeryPoint([0; 32]));
    /// ```
    pub fn mul_bits_be(&self, bits: impl Iterator<Item = bool>) -> MontgomeryPoint {
        let u = FieldElement::from_bytes(&self.0);
        crate::backend::serial::field_dispatch!(F => MontgomeryPoint(ladder_bits::<F>(bits, &u)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Point, Scalar};
    use edwards25519_test_support::SplitMix64;

    fn be_bits(k: &[u8]) -> impl Iterator<Item = bool> + '_ {
        (0..8 * k.len())
            .rev()
            .map(move |i| (k[i / 8] >> (i % 8)) & 1 == 1)
    }

    /// Against `mul_unreduced` (the 255-bit ladder), the Edwards integer multiple for
    /// longer strings, and curve25519-dalek's `mul_bits_be` on random bytes (curve or
    /// twist), with lengths 0 to 575 bits.
    #[test]
    fn agrees_with_the_other_ladders_and_dalek() {
        use curve25519_dalek::montgomery::MontgomeryPoint as Theirs;
        let mut rng = SplitMix64(0x6269_7473);
        let t4 = Point::from_bytes(&[0; 32]).expect("a point of order 4");
        for i in 0..24 {
            let k: [u8; 75] = rng.bytes();
            let p = Point::mul_base(&Scalar::from_bytes_mod_order(rng.bytes()))
                + t4 * Scalar::from(i as u8 % 4);
            let u = p.to_montgomery();
            // 255 bits: mul_unreduced.
            let mut k32 = [0u8; 32];
            k32.copy_from_slice(&k[..32]);
            k32[31] &= 0x7f;
            assert_eq!(u.mul_bits_be(be_bits(&k32).skip(1)), u.mul_unreduced(&k32));
            // 512 bits: n = hi·2^256 + lo, [n]P = [2^256]([hi]P) + [lo]P on Edwards.
            let mut hi = [0u8; 32];
            hi.copy_from_slice(&k[32..64]);
            hi[31] &= 0x7f;
            let mut hp = p.mul_unreduced(&hi);
            for _ in 0..256 {
                hp = hp.double();
            }
            let bits = be_bits(&hi).chain(be_bits(&k32));
            let want = (hp + p.mul_unreduced(&k32)).to_montgomery();
            assert_eq!(u.mul_bits_be(bits), want, "case {i}");
            // Random bytes against curve25519-dalek, length i·25 bits.
            let r = MontgomeryPoint(rng.bytes());
            let n = i * 25;
            let ours = r.mul_bits_be(be_bits(&k).take(n));
            let theirs = Theirs(r.0).mul_bits_be(be_bits(&k).take(n));
            assert_eq!(ours.0, theirs.0, "dalek, {n} bits");
        }
    }
}
