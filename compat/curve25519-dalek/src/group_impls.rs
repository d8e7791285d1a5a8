//! curve25519-dalek's `group` feature: the `ff` 0.14 traits for [`Scalar`] and the
//! `group` 0.14 traits for [`EdwardsPoint`], [`SubgroupPoint`] and [`RistrettoPoint`],
//! each forwarding to the native type's (features `group` of `edwards25519-scalar`
//! and `edwards25519-group`).

use crate::edwards::{CompressedEdwardsY, EdwardsPoint};
use crate::macros::{assignop, binop, negop};
use crate::ristretto::RistrettoPoint;
use crate::scalar::Scalar;
use crate::traits::Identity;
use core::borrow::Borrow;
use edwards25519_group::Point;
use edwards25519_group::ristretto::RistrettoPoint as NativeRistretto;
use group::cofactor::CofactorGroup;
use group::ff::{Field, FromUniformBytes, PrimeField};
use group::prime::PrimeGroup;
use group::{Group, GroupEncoding};
use rand_core::TryRng;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

type NativeScalar = edwards25519_scalar::Scalar;

impl Field for Scalar {
    const ZERO: Scalar = Scalar::ZERO;
    const ONE: Scalar = Scalar::ONE;

    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<Scalar, R::Error> {
        <NativeScalar as Field>::try_random(rng).map(Scalar::from)
    }

    fn square(&self) -> Scalar {
        Scalar::from(Field::square(self.native()))
    }

    fn double(&self) -> Scalar {
        self + self
    }

    fn invert(&self) -> CtOption<Scalar> {
        Field::invert(self.native()).map(Scalar::from)
    }

    fn sqrt(&self) -> CtOption<Scalar> {
        Field::sqrt(self.native()).map(Scalar::from)
    }

    fn sqrt_ratio(num: &Scalar, div: &Scalar) -> (Choice, Scalar) {
        let (ok, r) = <NativeScalar as Field>::sqrt_ratio(num.native(), div.native());
        (ok, Scalar::from(r))
    }
}

impl PrimeField for Scalar {
    type Repr = [u8; 32];

    fn from_repr(repr: [u8; 32]) -> CtOption<Scalar> {
        Scalar::from_canonical_bytes(repr)
    }

    fn to_repr(&self) -> [u8; 32] {
        self.to_bytes()
    }

    fn is_odd(&self) -> Choice {
        Choice::from(self.as_bytes()[0] & 1)
    }

    const MODULUS: &'static str = <NativeScalar as PrimeField>::MODULUS;
    const NUM_BITS: u32 = <NativeScalar as PrimeField>::NUM_BITS;
    const CAPACITY: u32 = <NativeScalar as PrimeField>::CAPACITY;
    const TWO_INV: Scalar = Scalar::from_native_const(<NativeScalar as PrimeField>::TWO_INV);
    const MULTIPLICATIVE_GENERATOR: Scalar =
        Scalar::from_native_const(<NativeScalar as PrimeField>::MULTIPLICATIVE_GENERATOR);
    const S: u32 = <NativeScalar as PrimeField>::S;
    const ROOT_OF_UNITY: Scalar =
        Scalar::from_native_const(<NativeScalar as PrimeField>::ROOT_OF_UNITY);
    const ROOT_OF_UNITY_INV: Scalar =
        Scalar::from_native_const(<NativeScalar as PrimeField>::ROOT_OF_UNITY_INV);
    const DELTA: Scalar = Scalar::from_native_const(<NativeScalar as PrimeField>::DELTA);
}

impl FromUniformBytes<64> for Scalar {
    fn from_uniform_bytes(bytes: &[u8; 64]) -> Scalar {
        Scalar::from_bytes_mod_order_wide(bytes)
    }
}

impl Group for EdwardsPoint {
    type Scalar = Scalar;

    /// As curve25519-dalek: 32 random bytes until they decode to a point other than
    /// the identity.
    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<EdwardsPoint, R::Error> {
        let mut repr = CompressedEdwardsY([0u8; 32]);
        loop {
            rng.try_fill_bytes(&mut repr.0)?;
            if let Some(p) = repr.decompress()
                && !crate::traits::IsIdentity::is_identity(&p)
            {
                return Ok(p);
            }
        }
    }

    fn identity() -> EdwardsPoint {
        Identity::identity()
    }

    fn generator() -> EdwardsPoint {
        crate::constants::ED25519_BASEPOINT_POINT
    }

    fn is_identity(&self) -> Choice {
        self.ct_eq(&Identity::identity())
    }

    fn double(&self) -> EdwardsPoint {
        EdwardsPoint(self.0.double())
    }
}

impl GroupEncoding for EdwardsPoint {
    type Repr = [u8; 32];

    /// Every encoding [`CompressedEdwardsY::decompress`] accepts, as curve25519-dalek.
    fn from_bytes(bytes: &[u8; 32]) -> CtOption<EdwardsPoint> {
        let p = Point::from_bytes(bytes);
        let ok = Choice::from(u8::from(p.is_ok()));
        CtOption::new(EdwardsPoint(p.unwrap_or(Point::IDENTITY)), ok)
    }

    fn from_bytes_unchecked(bytes: &[u8; 32]) -> CtOption<EdwardsPoint> {
        <EdwardsPoint as GroupEncoding>::from_bytes(bytes)
    }

    fn to_bytes(&self) -> [u8; 32] {
        self.compress().to_bytes()
    }
}

impl CofactorGroup for EdwardsPoint {
    type Subgroup = SubgroupPoint;

    fn clear_cofactor(&self) -> SubgroupPoint {
        SubgroupPoint(self.mul_by_cofactor())
    }

    fn into_subgroup(self) -> CtOption<SubgroupPoint> {
        CtOption::new(SubgroupPoint(self), CofactorGroup::is_torsion_free(&self))
    }

    fn is_torsion_free(&self) -> Choice {
        Choice::from(u8::from(EdwardsPoint::is_torsion_free(self)))
    }
}

/// A point of the prime-order subgroup, curve25519-dalek's `SubgroupPoint` (feature
/// `group`): an [`EdwardsPoint`] known to be torsion-free.
///
/// ```
/// use curve25519_dalek::edwards::{EdwardsPoint, SubgroupPoint};
/// use group::{Group, cofactor::CofactorGroup};
///
/// let g = SubgroupPoint::generator();
/// assert_eq!(EdwardsPoint::from(g.double()), EdwardsPoint::generator().double());
/// assert!(bool::from(EdwardsPoint::generator().into_subgroup().is_some()));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SubgroupPoint(EdwardsPoint);

impl From<SubgroupPoint> for EdwardsPoint {
    fn from(p: SubgroupPoint) -> EdwardsPoint {
        p.0
    }
}

binop!(
    Add,
    add,
    SubgroupPoint,
    SubgroupPoint,
    SubgroupPoint,
    |a, b| SubgroupPoint(a.0 + b.0)
);
binop!(
    Sub,
    sub,
    SubgroupPoint,
    SubgroupPoint,
    SubgroupPoint,
    |a, b| SubgroupPoint(a.0 - b.0)
);
binop!(
    Add,
    add,
    EdwardsPoint,
    SubgroupPoint,
    EdwardsPoint,
    |a, b| a + b.0
);
binop!(
    Sub,
    sub,
    EdwardsPoint,
    SubgroupPoint,
    EdwardsPoint,
    |a, b| a - b.0
);
binop!(Mul, mul, SubgroupPoint, Scalar, SubgroupPoint, |a, b| {
    SubgroupPoint(a.0 * b)
});
binop!(Mul, mul, Scalar, SubgroupPoint, SubgroupPoint, |a, b| {
    SubgroupPoint(a * b.0)
});
assignop!(AddAssign, add_assign, SubgroupPoint, SubgroupPoint, +);
assignop!(SubAssign, sub_assign, SubgroupPoint, SubgroupPoint, -);
assignop!(AddAssign, add_assign, EdwardsPoint, SubgroupPoint, +);
assignop!(SubAssign, sub_assign, EdwardsPoint, SubgroupPoint, -);
assignop!(MulAssign, mul_assign, SubgroupPoint, Scalar, *);
negop!(SubgroupPoint, |a| SubgroupPoint(-a.0));

impl<T: Borrow<SubgroupPoint>> core::iter::Sum<T> for SubgroupPoint {
    fn sum<I: Iterator<Item = T>>(iter: I) -> SubgroupPoint {
        SubgroupPoint(iter.map(|p| p.borrow().0).sum())
    }
}

impl ConstantTimeEq for SubgroupPoint {
    fn ct_eq(&self, other: &SubgroupPoint) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl ConditionallySelectable for SubgroupPoint {
    fn conditional_select(a: &SubgroupPoint, b: &SubgroupPoint, choice: Choice) -> SubgroupPoint {
        SubgroupPoint(EdwardsPoint::conditional_select(&a.0, &b.0, choice))
    }
}

impl Group for SubgroupPoint {
    type Scalar = Scalar;

    /// `[s]B` for a random nonzero scalar s, as curve25519-dalek.
    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<SubgroupPoint, R::Error> {
        let s = loop {
            let s: Scalar = Field::try_random(rng)?;
            if s != Scalar::ZERO {
                break s;
            }
        };
        Ok(SubgroupPoint::generator() * s)
    }

    fn identity() -> SubgroupPoint {
        SubgroupPoint(Identity::identity())
    }

    fn generator() -> SubgroupPoint {
        SubgroupPoint(crate::constants::ED25519_BASEPOINT_POINT)
    }

    fn is_identity(&self) -> Choice {
        Group::is_identity(&self.0)
    }

    fn double(&self) -> SubgroupPoint {
        SubgroupPoint(Group::double(&self.0))
    }
}

impl GroupEncoding for SubgroupPoint {
    type Repr = [u8; 32];

    fn from_bytes(bytes: &[u8; 32]) -> CtOption<SubgroupPoint> {
        <EdwardsPoint as GroupEncoding>::from_bytes(bytes).and_then(|p| p.into_subgroup())
    }

    fn from_bytes_unchecked(bytes: &[u8; 32]) -> CtOption<SubgroupPoint> {
        <SubgroupPoint as GroupEncoding>::from_bytes(bytes)
    }

    fn to_bytes(&self) -> [u8; 32] {
        self.0.compress().to_bytes()
    }
}

impl PrimeGroup for SubgroupPoint {}

impl Group for RistrettoPoint {
    type Scalar = Scalar;

    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<RistrettoPoint, R::Error> {
        let mut bytes = [0u8; 64];
        rng.try_fill_bytes(&mut bytes)?;
        Ok(RistrettoPoint::from_uniform_bytes(&bytes))
    }

    fn identity() -> RistrettoPoint {
        Identity::identity()
    }

    fn generator() -> RistrettoPoint {
        crate::constants::RISTRETTO_BASEPOINT_POINT
    }

    fn is_identity(&self) -> Choice {
        self.ct_eq(&Identity::identity())
    }

    fn double(&self) -> RistrettoPoint {
        RistrettoPoint(self.0.double())
    }
}

impl GroupEncoding for RistrettoPoint {
    type Repr = [u8; 32];

    /// The canonical encodings only, in constant time (the native `ct_from_bytes`).
    fn from_bytes(bytes: &[u8; 32]) -> CtOption<RistrettoPoint> {
        NativeRistretto::ct_from_bytes(bytes).map(RistrettoPoint)
    }

    fn from_bytes_unchecked(bytes: &[u8; 32]) -> CtOption<RistrettoPoint> {
        <RistrettoPoint as GroupEncoding>::from_bytes(bytes)
    }

    fn to_bytes(&self) -> [u8; 32] {
        self.compress().to_bytes()
    }
}

impl PrimeGroup for RistrettoPoint {}

impl CofactorGroup for RistrettoPoint {
    type Subgroup = RistrettoPoint;

    fn clear_cofactor(&self) -> RistrettoPoint {
        *self
    }

    fn into_subgroup(self) -> CtOption<RistrettoPoint> {
        CtOption::new(self, Choice::from(1))
    }

    fn is_torsion_free(&self) -> Choice {
        Choice::from(1)
    }
}
