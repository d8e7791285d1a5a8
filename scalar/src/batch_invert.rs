//! Inversion of many scalars at once (Montgomery's trick).

use crate::Scalar;
use alloc::vec::Vec;
use subtle::{ConditionallySelectable, ConstantTimeEq};

impl Scalar {
    /// Replaces each scalar by its inverse, with one inversion and 3(n - 1)
    /// multiplications in all (Montgomery's trick: invert the running product, then
    /// peel the factors off from the end). Returns the inverse of the product of the
    /// nonzero inputs.
    ///
    /// A zero stays zero, as [`Scalar::invert`] maps 0 to 0, and does not disturb the
    /// others (it is replaced by 1 in the running product, by selection).
    ///
    /// Constant time in the values; the time depends only on the length.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let xs = [Scalar::from(3u8), Scalar::ZERO, Scalar::from(1000u32)];
    /// let mut inv = xs;
    /// let all = Scalar::batch_invert(&mut inv);
    /// for (x, y) in xs.iter().zip(&inv) {
    ///     assert_eq!(*y, x.invert());
    /// }
    /// assert_eq!(all, (xs[0] * xs[2]).invert());
    /// ```
    pub fn batch_invert(inputs: &mut [Scalar]) -> Scalar {
        // prefix[i] = product of the nonzero inputs[..i] (each zero counted as 1).
        let mut prefix = Vec::with_capacity(inputs.len());
        let mut acc = Scalar::ONE;
        for x in inputs.iter() {
            prefix.push(acc);
            let factor = Scalar::conditional_select(x, &Scalar::ONE, x.ct_eq(&Scalar::ZERO));
            acc *= factor;
        }
        // acc is a product of nonzero scalars mod the prime l: invertible.
        let all = acc.invert();
        // Walking back, acc_inv = 1 / (product of the nonzero inputs[..=i]).
        let mut acc_inv = all;
        for (x, p) in inputs.iter_mut().zip(prefix).rev() {
            let is_zero = x.ct_eq(&Scalar::ZERO);
            let inv = acc_inv * p;
            let factor = Scalar::conditional_select(x, &Scalar::ONE, is_zero);
            acc_inv *= factor;
            *x = Scalar::conditional_select(&inv, &Scalar::ZERO, is_zero);
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_invert_one_by_one() {
        for n in [0usize, 1, 2, 5, 17] {
            let xs: Vec<Scalar> = (0..n)
                .map(|i| {
                    if i % 4 == 3 {
                        Scalar::ZERO
                    } else {
                        Scalar::from_bytes_mod_order([(i as u8).wrapping_mul(37) ^ 0x5a; 32])
                    }
                })
                .collect();
            let mut inv = xs.clone();
            let all = Scalar::batch_invert(&mut inv);
            let mut product = Scalar::ONE;
            for (x, y) in xs.iter().zip(&inv) {
                assert_eq!(*y, x.invert());
                if *x != Scalar::ZERO {
                    assert_eq!(x * y, Scalar::ONE);
                    product *= x;
                }
            }
            assert_eq!(all, product.invert());
        }
    }
}
