//! curve25519-dalek's `traits` module: the group traits its point types implement.

use crate::scalar::Scalar;
use core::borrow::Borrow;
use subtle::ConstantTimeEq;

/// A type with an identity element.
///
/// ```
/// use curve25519_dalek::edwards::EdwardsPoint;
/// use curve25519_dalek::traits::{Identity, IsIdentity};
///
/// assert!(EdwardsPoint::identity().is_identity());
/// ```
pub trait Identity {
    /// The identity element.
    fn identity() -> Self;
}

/// Whether a value is the identity (for every [`Identity`] type with constant-time
/// equality).
///
/// ```
/// use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
/// use curve25519_dalek::traits::IsIdentity;
///
/// assert!(!RISTRETTO_BASEPOINT_POINT.is_identity());
/// ```
pub trait IsIdentity {
    /// Whether `self` is the identity.
    fn is_identity(&self) -> bool;
}

impl<T: ConstantTimeEq + Identity> IsIdentity for T {
    fn is_identity(&self) -> bool {
        self.ct_eq(&T::identity()).into()
    }
}

/// A precomputed table of multiples of a base point, for constant-time fixed-base
/// multiplication ([`EdwardsBasepointTable`](crate::edwards::EdwardsBasepointTable) and
/// its radix variants).
///
/// ```
/// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
/// use curve25519_dalek::edwards::EdwardsBasepointTable;
/// use curve25519_dalek::scalar::{Scalar, clamp_integer};
/// use curve25519_dalek::traits::BasepointTable;
///
/// let t = EdwardsBasepointTable::create(&B);
/// assert_eq!(t.mul_base(&Scalar::from(2u8)), B + B);
/// assert_eq!(t.mul_base_clamped([7; 32]), B.mul_clamped([7; 32]));
/// ```
#[cfg(feature = "precomputed-tables")]
pub trait BasepointTable {
    /// The point type.
    type Point;

    /// The table of `basepoint`'s multiples.
    fn create(basepoint: &Self::Point) -> Self;

    /// The point the table was made of.
    fn basepoint(&self) -> Self::Point;

    /// `[scalar]P` for the table's point P, in constant time.
    fn mul_base(&self, scalar: &Scalar) -> Self::Point;

    /// `[clamp_integer(bytes)]P`, in constant time. The provided method reduces the
    /// clamped integer mod l, which is the same multiple when P has order l; this
    /// crate's tables override it with the integer's multiple (as curve25519-dalek's).
    fn mul_base_clamped(&self, bytes: [u8; 32]) -> Self::Point {
        self.mul_base(&Scalar::from_bytes_mod_order(crate::scalar::clamp_integer(
            bytes,
        )))
    }
}

/// Constant-time multiscalar multiplication: `sum(scalars[i] * points[i])`.
///
/// ```
/// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
/// use curve25519_dalek::edwards::EdwardsPoint;
/// use curve25519_dalek::scalar::Scalar;
/// use curve25519_dalek::traits::MultiscalarMul;
///
/// let (a, b) = (Scalar::from(3u8), Scalar::from(4u8));
/// let p = EdwardsPoint::multiscalar_mul([a, b], [B, B]);
/// assert_eq!(p, Scalar::from(7u8) * B);
/// ```
pub trait MultiscalarMul {
    /// The point type.
    type Point;

    /// `sum(scalars[i] * points[i])`, in constant time.
    fn multiscalar_mul<I, J>(scalars: I, points: J) -> Self::Point
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<Self::Point>;
}

/// Variable-time multiscalar multiplication, for public inputs.
///
/// ```
/// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
/// use curve25519_dalek::edwards::EdwardsPoint;
/// use curve25519_dalek::scalar::Scalar;
/// use curve25519_dalek::traits::VartimeMultiscalarMul;
///
/// let p = EdwardsPoint::optional_multiscalar_mul([Scalar::ONE], [Some(B)]);
/// assert_eq!(p, Some(B));
/// assert_eq!(EdwardsPoint::optional_multiscalar_mul([Scalar::ONE], [None]), None);
/// ```
pub trait VartimeMultiscalarMul {
    /// The point type.
    type Point;

    /// `sum(scalars[i] * points[i])`, or `None` if any point is `None`.
    fn optional_multiscalar_mul<I, J>(scalars: I, points: J) -> Option<Self::Point>
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator<Item = Option<Self::Point>>;

    /// `sum(scalars[i] * points[i])`, in variable time.
    fn vartime_multiscalar_mul<I, J>(scalars: I, points: J) -> Self::Point
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<Self::Point>,
        Self::Point: Clone,
    {
        Self::optional_multiscalar_mul(
            scalars,
            points.into_iter().map(|p| Some(p.borrow().clone())),
        )
        .expect("every point is Some")
    }
}

/// Variable-time multiscalar multiplication with points fixed in advance ("static"),
/// plus points given at each call ("dynamic"): `VartimeEdwardsPrecomputation` and
/// `VartimeRistrettoPrecomputation` (feature `alloc`).
///
/// ```
/// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
/// use curve25519_dalek::edwards::VartimeEdwardsPrecomputation;
/// use curve25519_dalek::scalar::Scalar;
/// use curve25519_dalek::traits::VartimePrecomputedMultiscalarMul;
///
/// let pre = VartimeEdwardsPrecomputation::new([B]);
/// assert_eq!((pre.len(), pre.is_empty()), (1, false));
/// let (a, b) = (Scalar::from(2u8), Scalar::from(5u8));
/// // 2·B (static) + 5·2B (dynamic) = 12·B.
/// assert_eq!(pre.vartime_mixed_multiscalar_mul([a], [b], [B + B]), Scalar::from(12u8) * B);
/// ```
pub trait VartimePrecomputedMultiscalarMul: Sized {
    /// The point type.
    type Point: Clone;

    /// The tables of the static points.
    fn new<I>(static_points: I) -> Self
    where
        I: IntoIterator,
        I::Item: Borrow<Self::Point>;

    /// The number of static points.
    fn len(&self) -> usize;

    /// Whether there are no static points.
    fn is_empty(&self) -> bool;

    /// `sum(static_scalars[i] * static_points[i])`, in variable time.
    fn vartime_multiscalar_mul<I>(&self, static_scalars: I) -> Self::Point
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
    {
        self.vartime_mixed_multiscalar_mul(
            static_scalars,
            core::iter::empty::<Scalar>(),
            core::iter::empty::<Self::Point>(),
        )
    }

    /// The static sum plus `sum(dynamic_scalars[j] * dynamic_points[j])`, in variable
    /// time.
    fn vartime_mixed_multiscalar_mul<I, J, K>(
        &self,
        static_scalars: I,
        dynamic_scalars: J,
        dynamic_points: K,
    ) -> Self::Point
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<Scalar>,
        K: IntoIterator,
        K::Item: Borrow<Self::Point>,
    {
        self.optional_mixed_multiscalar_mul(
            static_scalars,
            dynamic_scalars,
            dynamic_points.into_iter().map(|p| Some(p.borrow().clone())),
        )
        .expect("every dynamic point is Some")
    }

    /// [`VartimePrecomputedMultiscalarMul::vartime_mixed_multiscalar_mul`], or `None` if
    /// any dynamic point is `None`.
    fn optional_mixed_multiscalar_mul<I, J, K>(
        &self,
        static_scalars: I,
        dynamic_scalars: J,
        dynamic_points: K,
    ) -> Option<Self::Point>
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<Scalar>,
        K: IntoIterator<Item = Option<Self::Point>>;
}
