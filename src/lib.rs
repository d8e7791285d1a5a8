#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;

pub use edwards25519_field as field;
pub use edwards25519_group as group;
/// RFC 9380 hash-to-curve (feature `hash-to-curve`): the same module as
/// `edwards25519::group::hash_to_curve`.
///
/// ```
/// use edwards25519::Point;
/// use edwards25519::hash_to_curve::hash_to_curve25519;
///
/// let dst = b"MyProtocol-V01-CS01-with-edwards25519_XMD:SHA-512_ELL2_RO_";
/// let p = Point::hash_to_curve(b"a message", dst);
/// assert!(p.is_torsion_free());
/// assert_eq!(p.to_montgomery(), hash_to_curve25519(b"a message", dst));
/// ```
#[cfg(feature = "hash-to-curve")]
#[cfg_attr(docsrs, doc(cfg(feature = "hash-to-curve")))]
pub use edwards25519_group::hash_to_curve;
pub use edwards25519_group::montgomery;
pub use edwards25519_group::ristretto;
pub use edwards25519_scalar as scalar;

pub use edwards25519_field::FieldElement;
pub use edwards25519_group::{AffinePoint, DecodeError, Point};
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use edwards25519_group::{FixedBaseTable, VartimePrecomputedMultiscalar};
pub use edwards25519_scalar::Scalar;

#[cfg(feature = "ed25519")]
#[cfg_attr(docsrs, doc(cfg(feature = "ed25519")))]
pub mod ed25519;

#[cfg(feature = "zeroize")]
mod wipe;

pub mod x25519;

/// The prime-order subgroup, for the `group` crate's prime-order traits (feature
/// `group`); the same type as `edwards25519::group::SubgroupPoint`.
///
/// `edwards25519::group` is this crate's group module, and `group` is the traits
/// crate: import the traits from the latter, the types from the crate root, and the
/// two never collide in a `use` line.
///
/// ```
/// use edwards25519::{Point, SubgroupPoint};
/// use group::{Group, GroupEncoding};
///
/// let g = SubgroupPoint::generator();
/// assert_eq!(Point::from(g), Point::GENERATOR);
/// assert_eq!(g.to_bytes(), Point::GENERATOR.to_bytes());
/// ```
#[cfg(feature = "group")]
#[cfg_attr(docsrs, doc(cfg(feature = "group")))]
pub use edwards25519_group::SubgroupPoint;

/// The affine form of [`SubgroupPoint`] (feature `group`), for the `group` crate's
/// `Curve` trait; the same type as `edwards25519::group::SubgroupAffinePoint`.
///
/// ```
/// use edwards25519::{SubgroupAffinePoint, SubgroupPoint};
/// use group::{Curve, Group};
///
/// let g = SubgroupPoint::generator();
/// assert_eq!(g.to_affine(), SubgroupAffinePoint::GENERATOR);
/// ```
#[cfg(feature = "group")]
pub use edwards25519_group::SubgroupAffinePoint;
