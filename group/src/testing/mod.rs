//! Hooks compiled only for tests and fuzzing, kept out of `backend/`: each runs an
//! operation on a backend it names instead of the one `backend::run` picks.
//!
//! - `backends_agree` (unit tests): every vector backend against the serial one, bit
//!   for bit.
//! - `x25519_base` (unit tests): X25519Base on every backend, forced one by one,
//!   against the portable ladder.
//! - `fuzzing` (feature `fuzzing`): the fuzz targets' hook, public as
//!   `edwards25519_group::backend::fuzzing`.

#[cfg(all(test, feature = "alloc", edwards25519_vector))]
mod backends_agree;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
#[cfg(all(test, feature = "alloc"))]
mod x25519_base;
