//! Scalar multiplication algorithms, generic over the field backend.
//!
//! Each public entry point (on [`Point`](crate::Point)) recodes the scalar, picks the
//! backend once with `edwards25519_field::dispatch!`, converts its input points, runs
//! one of these generic bodies and converts the result back.
//!
//! - [`fixed_base`]: ScalarBaseMult, constant time, precomputed table of B.
//! - [`variable_base`]: ScalarMult, constant time, per-call table of 8 multiples.
//! - [`vartime_double_base`]: a·A + b·B for public inputs (signature verification).
//! - `straus`, `pippenger`: multiscalar multiplication (see `crate::multiscalar`).

pub(crate) mod fixed_base;
#[cfg(feature = "alloc")]
pub mod pippenger;
#[cfg(feature = "alloc")]
pub mod straus;
pub(crate) mod variable_base;
pub(crate) mod vartime_double_base;

use edwards25519_field::FieldArith;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::models::{AffineCached, Cached};

/// A precomputed addend (cached or affine cached) that the constant-time lookup can
/// select and negate.
pub(crate) trait Addend: ConditionallySelectable {
    /// The identity as this kind of addend.
    fn identity() -> Self;
    /// self = -self when `choice` is set.
    fn conditional_negate(&mut self, choice: Choice);
}

impl<F: FieldArith> Addend for Cached<F> {
    #[inline(always)]
    fn identity() -> Self {
        Cached::identity()
    }
    #[inline(always)]
    fn conditional_negate(&mut self, choice: Choice) {
        Cached::conditional_negate(self, choice);
    }
}

impl<F: FieldArith> Addend for AffineCached<F> {
    #[inline(always)]
    fn identity() -> Self {
        AffineCached::IDENTITY
    }
    #[inline(always)]
    fn conditional_negate(&mut self, choice: Choice) {
        AffineCached::conditional_negate(self, choice);
    }
}

/// `digit`·P from `table[j] = (j + 1)·P`, for a digit in [-8, 8]. Constant time.
///
/// Why it is constant time: the sign and |digit| come from arithmetic on the digit (no
/// branch); all 8 entries are read, each conditionally assigned through a mask from
/// `subtle` (no secret-dependent address); negation is a conditional swap and select.
/// A zero digit leaves the identity.
#[inline(always)]
pub(crate) fn select<T: Addend>(table: &[T; 8], digit: i8) -> T {
    debug_assert!((-8..=8).contains(&digit));
    // mask = -1 for a negative digit, 0 otherwise; |d| = (d ^ mask) - mask.
    let mask = digit >> 7;
    let abs = ((digit ^ mask) - mask) as u8;
    let negative = Choice::from((mask & 1) as u8);
    let mut out = T::identity();
    for (j, entry) in (1u8..).zip(table.iter()) {
        out.conditional_assign(entry, abs.ct_eq(&j));
    }
    out.conditional_negate(negative);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;
    use crate::models::Extended;
    use edwards25519_field::FieldElement;

    /// select(d) equals d·P for every digit in [-8, 8].
    #[test]
    fn select_every_digit() {
        let p = Point::GENERATOR.0;
        let mut table = [p.to_cached(); 8];
        let mut acc = p;
        for entry in table.iter_mut().skip(1) {
            acc = acc.add_cached(&p.to_cached()).to_extended();
            *entry = acc.to_cached();
        }
        for d in -8i8..=8 {
            let got = Point(
                Extended::<FieldElement>::IDENTITY
                    .add_cached(&select(&table, d))
                    .to_extended(),
            );
            let mut want = Point::IDENTITY;
            for _ in 0..d.unsigned_abs() {
                want += Point::GENERATOR;
            }
            if d < 0 {
                want = -want;
            }
            assert_eq!(got, want, "digit {d}");
        }
    }
}
