//! [`ScalarError`]: why bytes do not make a scalar.

use core::fmt;

/// Why [`Scalar::try_from`](crate::Scalar#impl-TryFrom<%26[u8]>-for-Scalar) refused a
/// byte slice.
///
/// ```
/// use edwards25519_scalar::{Scalar, ScalarError};
///
/// let short = Scalar::try_from(&[0u8; 31][..]);
/// assert_eq!(short.err(), Some(ScalarError::InvalidLength { expected: 32, actual: 31 }));
/// // 2^256 - 1 is not below l.
/// assert_eq!(Scalar::try_from(&[0xffu8; 32][..]).err(), Some(ScalarError::NonCanonical));
/// assert!(Scalar::try_from(&[1u8; 32][..]).is_ok());
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarError {
    /// The slice is not 32 bytes long.
    InvalidLength {
        /// The length a scalar encoding has: 32.
        expected: usize,
        /// The length of the slice given.
        actual: usize,
    },
    /// The 32 bytes encode a value that is not below the group order l.
    NonCanonical,
}

impl fmt::Display for ScalarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScalarError::InvalidLength { expected, actual } => write!(
                f,
                "wrong length for a scalar: expected {expected} bytes, got {actual}"
            ),
            ScalarError::NonCanonical => {
                f.write_str("non-canonical scalar encoding: the value is not below l")
            }
        }
    }
}

impl core::error::Error for ScalarError {}
