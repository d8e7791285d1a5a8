//! Curve25519 in Montgomery form and X25519 (RFC 7748).
//!
//! Curve25519 is v² = u³ + A·u² + u over GF(2^255 - 19) with A = 486662; it is
//! birationally equivalent to edwards25519 by u = (1 + y)/(1 - y), y = (u - 1)/(u + 1)
//! (RFC 7748 §4.1). A [`MontgomeryPoint`] holds only the u-coordinate, as RFC 7748 bytes:
//! a u-coordinate stands for a point and its negative, and may lie on the curve or on
//! its quadratic twist; X25519 works with both.
//!
//! - [`MontgomeryPoint::mul_clamped`] and [`x25519`] are the RFC 7748 function
//!   X25519(k, u): k is clamped, bit 255 of u is masked, non-canonical u (in
//!   [p, 2^255)) is accepted and reduced. A constant-time Montgomery ladder on the
//!   fastest field backend.
//! - [`MontgomeryPoint::mul_base_clamped`] computes X25519(k, 9) through the Edwards base
//!   table and the birational map, several times cheaper than a ladder from u = 9.
//! - `MontgomeryPoint * Scalar` is the unclamped multiplication by a scalar mod l
//!   (curve25519-dalek's), on the same ladder.
//! - [`MontgomeryPoint::to_edwards`] and [`Point::to_montgomery`](crate::Point::to_montgomery) cross between the
//!   two forms.
//! - [`x25519_batch`] and [`MontgomeryPoint::mul_base_clamped_batch`] (feature
//!   `alloc`) take many secrets at once; with AVX-512 IFMA, `x25519_batch` runs eight
//!   ladders per zmm register, one per lane.
//!
//! # All-zero outputs (RFC 7748 §6.1)
//!
//! For a u of small order (0, 1, -1 and the points of order 4 and 8; also their
//! non-canonical encodings, and the twist's points of small order), X25519 returns 32
//! zero bytes whatever the scalar: the shared secret then carries no secret at all.
//! Protocols that need contributory behaviour must refuse it; [`x25519_checked`] and
//! [`MontgomeryPoint::mul_clamped_checked`] do, in constant time.
//!
//! ```
//! use edwards25519_group::montgomery::{x25519, MontgomeryPoint, X25519_BASEPOINT};
//!
//! let alice_secret = [0x11u8; 32];
//! let bob_secret = [0x22u8; 32];
//! let alice_public = MontgomeryPoint::mul_base_clamped(alice_secret);
//! let bob_public = x25519(bob_secret, X25519_BASEPOINT);
//! let alice_shared = x25519(alice_secret, bob_public);
//! let bob_shared = alice_public.mul_clamped(bob_secret);
//! assert_eq!(alice_shared, bob_shared.0);
//! ```

#[cfg(feature = "alloc")]
mod batch;
mod bits;
mod ladder;
mod mul;
mod point;
#[cfg(feature = "serde")]
mod serde_impl;
#[cfg(test)]
mod tests;
mod unreduced;

// Batches (feature `alloc`): eight ladders per zmm register with AVX-512 IFMA, four per
// ymm register with AVX2.
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use batch::{LengthMismatch, x25519_batch};
#[cfg(all(any(test, feature = "fuzzing"), feature = "alloc", edwards25519_vector))]
pub(crate) use batch::{in_fours, in_groups};
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) use ladder::{clamp, ladder};
pub use point::{MontgomeryPoint, X25519_BASEPOINT, x25519, x25519_checked};
