//! Fast, constant-time edwards25519 group arithmetic and Ed25519, `no_std`.
//!
//! This crate is the facade over three layers, each its own crate:
//!
//! - [`field`]: [`FieldElement`], arithmetic modulo p = 2^255 - 19;
//! - [`scalar`]: [`Scalar`], arithmetic modulo the group order
//!   l = 2^252 + 27742317777372353535851937790883648493;
//! - [`group`]: [`Point`], the edwards25519 group, its encodings and scalar
//!   multiplication.
//!
//! On top of them, the [`ed25519`] module (feature `ed25519`, on by default) implements
//! RFC 8032 Ed25519 signatures with ZIP-215 and strict verification and batch
//! verification, using only the public API of the three crates.
//!
//! ```
//! use edwards25519::{Point, Scalar};
//!
//! let a = Scalar::from(7u64);
//! let p = Point::mul_base(&a);
//! assert_eq!(Point::from_bytes(&p.to_bytes()), Ok(p));
//! ```
//!
//! All operations are constant time unless their name starts with `vartime_`.
//!
//! Cargo features: `ed25519` (the [`ed25519`] module; needs `alloc`, `rand_core` and
//! `zeroize`), `alloc` (multiscalar multiplication), `rand_core` (`Scalar::random`,
//! `SigningKey::generate`), `zeroize` (secrets wiped on drop): all on by default;
//! `signature` (off by default) adds the RustCrypto `signature` 3 traits to the Ed25519
//! keys and conversions to and from the `ed25519` 3 crate's `Signature`.
//! Also off by default: `serde` (canonical bytes, validated when deserialized), `group`
//! (the `ff` and `group` 0.14 traits, with `group::SubgroupPoint`) and `std`.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub use edwards25519_field as field;
pub use edwards25519_group as group;
pub use edwards25519_scalar as scalar;

pub use edwards25519_field::FieldElement;
pub use edwards25519_group::{DecodeError, Point};
pub use edwards25519_scalar::Scalar;

#[cfg(feature = "ed25519")]
pub mod ed25519;
