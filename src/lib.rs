#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub use edwards25519_field as field;
pub use edwards25519_group as group;
pub use edwards25519_group::montgomery;
pub use edwards25519_scalar as scalar;

pub use edwards25519_field::FieldElement;
pub use edwards25519_group::{DecodeError, Point};
#[cfg(feature = "alloc")]
pub use edwards25519_group::{FixedBaseTable, VartimePrecomputedMultiscalar};
pub use edwards25519_scalar::Scalar;

#[cfg(feature = "ed25519")]
pub mod ed25519;
