//! The `group` 0.14 traits for [`RistrettoPoint`] (feature `group`): [`Group`],
//! [`GroupEncoding`] and [`PrimeGroup`] (ristretto255 has prime order l).
//!
//! Encodings are RFC 9496's ([`RistrettoPoint::to_bytes`]); decoding is
//! [`RistrettoPoint::ct_from_bytes`], constant time including the verdict.

use group::prime::PrimeGroup;
use group::{Group, GroupEncoding};
use rand_core::TryRng;
use subtle::{Choice, ConstantTimeEq, CtOption};

use super::RistrettoPoint;
use crate::Scalar;

impl Group for RistrettoPoint {
    type Scalar = Scalar;

    /// [`RistrettoPoint::from_uniform_bytes`] of 64 random bytes: uniform over the
    /// group (RFC 9496 §4.3.4), so the identity is possible but has probability 1/l.
    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<RistrettoPoint, R::Error> {
        let mut bytes = [0u8; 64];
        rng.try_fill_bytes(&mut bytes)?;
        Ok(RistrettoPoint::from_uniform_bytes(&bytes))
    }

    fn identity() -> RistrettoPoint {
        RistrettoPoint::IDENTITY
    }

    /// [`RistrettoPoint::GENERATOR`].
    fn generator() -> RistrettoPoint {
        RistrettoPoint::GENERATOR
    }

    fn is_identity(&self) -> Choice {
        self.ct_eq(&RistrettoPoint::IDENTITY)
    }

    fn double(&self) -> RistrettoPoint {
        RistrettoPoint::double(self)
    }

    /// [`RistrettoPoint::mul_base`] (the precomputed table), constant time.
    fn mul_by_generator(scalar: &Scalar) -> RistrettoPoint {
        RistrettoPoint::mul_base(scalar)
    }
}

impl GroupEncoding for RistrettoPoint {
    type Repr = [u8; 32];

    /// [`RistrettoPoint::ct_from_bytes`]: none for bytes that are not an encoding.
    fn from_bytes(bytes: &[u8; 32]) -> CtOption<RistrettoPoint> {
        RistrettoPoint::ct_from_bytes(bytes)
    }

    /// The same as [`GroupEncoding::from_bytes`]: the group has prime order, so there
    /// is no subgroup check to skip.
    fn from_bytes_unchecked(bytes: &[u8; 32]) -> CtOption<RistrettoPoint> {
        RistrettoPoint::ct_from_bytes(bytes)
    }

    /// [`RistrettoPoint::to_bytes`].
    fn to_bytes(&self) -> [u8; 32] {
        RistrettoPoint::to_bytes(self)
    }
}

impl PrimeGroup for RistrettoPoint {}
