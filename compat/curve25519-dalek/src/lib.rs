#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "group")]
mod group_impls;
mod macros;
#[cfg(feature = "serde")]
mod serde_bytes;

pub mod constants;
pub mod edwards;
pub mod montgomery;
pub mod ristretto;
pub mod scalar;
pub mod traits;

#[cfg(feature = "alloc")]
mod precomputed;
#[cfg(feature = "precomputed-tables")]
mod tables;

#[cfg(feature = "digest")]
pub use digest;
#[cfg(feature = "rand_core")]
pub use rand_core;

pub use crate::edwards::EdwardsPoint;
pub use crate::montgomery::MontgomeryPoint;
pub use crate::ristretto::RistrettoPoint;
pub use crate::scalar::Scalar;
