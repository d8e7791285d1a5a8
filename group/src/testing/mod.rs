//! Hooks compiled only for tests and fuzzing, kept out of `backend/`: each runs an
//! operation on a backend it names instead of the one `backend::run` picks.
//!
//! - `backends_agree` (unit tests): every vector backend against the serial one, bit
//!   for bit.
//! - `eight_lanes_agree` (unit tests): the eight-lane radix-2^52 engine (field, batch
//!   decoding and encodings, fixed-base batch, X25519 batch) against the serial code,
//!   with a case count from `EDWARDS25519_BACKEND_CASES`.
//! - `x25519_base` (unit tests): X25519Base on every backend, forced one by one,
//!   against the portable ladder.
//! - `fuzzing` (feature `fuzzing`): the fuzz targets' hook, public as
//!   `edwards25519_group::backend::fuzzing`.

#[cfg(all(test, feature = "alloc", edwards25519_vector))]
mod backends_agree;
#[cfg(all(test, feature = "alloc", edwards25519_vector))]
mod eight_lanes_agree;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
#[cfg(all(test, feature = "alloc"))]
mod x25519_base;

/// Fixed-base digit patterns (digit k of 64 in signed radix 16) that no reduced scalar
/// has: every digit at -8 or 8, signs alternating from digit to digit and in pairs, long
/// runs of zeros, the top digits alone. The vector walks' tests run them against serial.
#[cfg(all(test, edwards25519_vector))]
pub(crate) const EXTREME_DIGIT_PATTERNS: [fn(usize) -> i8; 8] = [
    |_| 8,
    |_| -8,
    |k| if k % 2 == 0 { 8 } else { -8 },
    |k| if (k / 2) % 2 == 0 { -8 } else { 8 },
    |k| if k % 3 == 0 { -1 } else { 0 },
    |k| [0, -8, 8, -7, 7, 0, -1, 1][k % 8],
    |k| if k < 32 { -8 } else { 0 },
    |k| if k >= 62 { -8 } else { 0 },
];
