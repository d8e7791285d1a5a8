//! Division by 2 mod l ([`Scalar::div_by_2`], curve25519-dalek's name).

use subtle::{Choice, ConditionallySelectable};

use crate::Scalar;
use crate::limbs::{self, L};

impl Scalar {
    /// `self / 2` mod l: the scalar b with b + b = `self`.
    ///
    /// l is odd, so an even x halves to x/2 and an odd x to (x + l)/2. Constant time:
    /// x + l is always computed and chosen by mask on the low bit, then shifted right
    /// by one.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let a = Scalar::from_bytes_mod_order([0x3b; 32]);
    /// let b = a.div_by_2();
    /// assert_eq!(b + b, a);
    /// assert_eq!(Scalar::from(10u8).div_by_2(), Scalar::from(5u8));
    /// assert_eq!(Scalar::ONE.div_by_2() * Scalar::from(2u8), Scalar::ONE);
    /// ```
    pub fn div_by_2(&self) -> Scalar {
        let x = &self.0;
        // Invariant: x < l < 2^253, so x + l < 2^254: no carry out of the top limb.
        let (sum, _carry) = limbs::add4(x, &L);
        let odd = Choice::from((x[0] & 1) as u8);
        let mut y = [0u64; 4];
        for (y, (a, b)) in y.iter_mut().zip(x.iter().zip(sum.iter())) {
            *y = u64::conditional_select(a, b, odd);
        }
        // y is even and below 2l, so y / 2 < l: reduced.
        let z = [
            (y[0] >> 1) | (y[1] << 63),
            (y[1] >> 1) | (y[2] << 63),
            (y[2] >> 1) | (y[3] << 63),
            y[3] >> 1,
        ];
        debug_assert!(limbs::is_reduced(&z));
        Scalar(z)
    }
}
