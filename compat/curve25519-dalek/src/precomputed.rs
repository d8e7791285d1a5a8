//! curve25519-dalek's precomputed variable-time multiscalar multiplication:
//! [`VartimeEdwardsPrecomputation`] over the native
//! [`VartimePrecomputedMultiscalar`], [`VartimeRistrettoPrecomputation`] over the native
//! [`RistrettoVartimePrecomputedMultiscalar`].

use crate::edwards::EdwardsPoint;
use crate::ristretto::RistrettoPoint;
use crate::scalar::Scalar;
use crate::traits::VartimePrecomputedMultiscalarMul;
use alloc::vec::Vec;
use core::borrow::Borrow;
use edwards25519_group::VartimePrecomputedMultiscalar;
use edwards25519_group::ristretto::RistrettoVartimePrecomputedMultiscalar;

/// Precomputed tables of static Edwards points, for
/// [`VartimePrecomputedMultiscalarMul`] (the native [`VartimePrecomputedMultiscalar`]).
///
/// ```
/// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
/// use curve25519_dalek::edwards::VartimeEdwardsPrecomputation;
/// use curve25519_dalek::scalar::Scalar;
/// use curve25519_dalek::traits::VartimePrecomputedMultiscalarMul;
///
/// let pre = VartimeEdwardsPrecomputation::new([B, B + B]);
/// let s = [Scalar::from(3u8), Scalar::from(4u8)];
/// assert_eq!(pre.vartime_multiscalar_mul(&s), Scalar::from(11u8) * B);
/// ```
pub struct VartimeEdwardsPrecomputation(VartimePrecomputedMultiscalar);

/// Precomputed tables of static ristretto255 elements, for
/// [`VartimePrecomputedMultiscalarMul`] (the native
/// [`RistrettoVartimePrecomputedMultiscalar`]).
///
/// ```
/// use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT as G;
/// use curve25519_dalek::ristretto::VartimeRistrettoPrecomputation;
/// use curve25519_dalek::scalar::Scalar;
/// use curve25519_dalek::traits::VartimePrecomputedMultiscalarMul;
///
/// let pre = VartimeRistrettoPrecomputation::new([G]);
/// let r = pre.optional_mixed_multiscalar_mul([Scalar::ONE], [Scalar::ONE], [Some(G)]);
/// assert_eq!(r, Some(G + G));
/// assert_eq!(pre.optional_mixed_multiscalar_mul([Scalar::ONE], [Scalar::ONE], [None]), None);
/// ```
pub struct VartimeRistrettoPrecomputation(RistrettoVartimePrecomputedMultiscalar);

/// The trait's impl for a wrapper `$name` of the native precomputation `$native` of
/// `$point`s (both wrappers of the native types, with the native value in field 0).
macro_rules! precomputation {
    ($name:ident, $point:ident, $native:ident) => {
        impl VartimePrecomputedMultiscalarMul for $name {
            type Point = $point;

            fn new<I>(static_points: I) -> Self
            where
                I: IntoIterator,
                I::Item: Borrow<$point>,
            {
                $name($native::new(
                    static_points.into_iter().map(|p| p.borrow().0),
                ))
            }

            fn len(&self) -> usize {
                self.0.len()
            }

            fn is_empty(&self) -> bool {
                self.0.is_empty()
            }

            fn optional_mixed_multiscalar_mul<I, J, K>(
                &self,
                static_scalars: I,
                dynamic_scalars: J,
                dynamic_points: K,
            ) -> Option<$point>
            where
                I: IntoIterator,
                I::Item: Borrow<Scalar>,
                J: IntoIterator,
                J::Item: Borrow<Scalar>,
                K: IntoIterator<Item = Option<$point>>,
            {
                let dynamic_points: Vec<_> = dynamic_points
                    .into_iter()
                    .map(|p| p.map(|p| p.0))
                    .collect::<Option<_>>()?;
                Some($point(self.0.vartime_mixed_multiscalar_mul(
                    static_scalars.into_iter().map(|s| *s.borrow().native()),
                    dynamic_scalars.into_iter().map(|s| *s.borrow().native()),
                    dynamic_points,
                )))
            }
        }
    };
}

precomputation!(
    VartimeEdwardsPrecomputation,
    EdwardsPoint,
    VartimePrecomputedMultiscalar
);
precomputation!(
    VartimeRistrettoPrecomputation,
    RistrettoPoint,
    RistrettoVartimePrecomputedMultiscalar
);
