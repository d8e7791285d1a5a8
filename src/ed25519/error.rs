//! Why a key could not be decoded or a signature did not verify.

use crate::DecodeError;
use core::fmt;

/// Why an Ed25519 operation failed.
///
/// Verification errors are reported in the order the checks run: S, then the public key,
/// then R, then the equation.
///
/// One rule for every error type in these crates: a wrapper's `Display` does not repeat
/// its cause, which is its `source()` ([`Error::InvalidPublicKey`] and
/// [`Error::InvalidR`] carry a [`DecodeError`]); the other errors have no source. A
/// printed chain of causes says each reason once:
///
/// ```
/// use core::error::Error as _;
/// use edwards25519::ed25519::{Error, VerifyingKey};
///
/// let mut y2 = [0u8; 32];
/// y2[0] = 2; // no point has y = 2
/// let e = VerifyingKey::from_bytes(&y2).unwrap_err();
/// assert!(matches!(e, Error::InvalidPublicKey(_)));
/// assert_eq!(e.to_string(), "invalid Ed25519 public key");
/// assert_eq!(e.source().unwrap().to_string(), "not an edwards25519 point: no x matches this y");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The public key A is not the encoding of a curve point.
    InvalidPublicKey(DecodeError),
    /// The R half of the signature is not the encoding of a curve point.
    InvalidR(DecodeError),
    /// The S half of the signature is not below the group order l.
    NonCanonicalS,
    /// `verify_strict`: the public key is a non-canonical encoding of its point.
    NonCanonicalPublicKey,
    /// `verify_strict`: R is a non-canonical encoding of its point.
    NonCanonicalR,
    /// `verify_strict`: the public key is a point of small order (in the 8-torsion).
    SmallOrderPublicKey,
    /// `verify_strict`: R is a point of small order (in the 8-torsion).
    SmallOrderR,
    /// The verification equation does not hold: the signature is not valid for this
    /// message and key (for a batch: at least one signature is not).
    EquationFailed,
    /// `verify_batch`: the messages, signatures and keys slices have different lengths.
    BatchLengthMismatch,
    /// A byte slice has the wrong length for the value decoded from it.
    InvalidLength {
        /// The length the value's encoding has (32 for keys, 64 for signatures and
        /// keypairs).
        expected: usize,
        /// The length of the slice given.
        actual: usize,
    },
    /// [`SigningKey::from_keypair_bytes`](super::SigningKey::from_keypair_bytes): the
    /// public half is not the encoding of the secret half's public key.
    KeypairMismatch,
    /// Parsing hex text (`FromStr`): the string does not have the number of digits the
    /// value needs (128 for a signature, 64 for a key).
    InvalidHexLength {
        /// The number of hex digits the value needs.
        expected: usize,
        /// The length of the string given, in bytes.
        actual: usize,
    },
    /// Parsing hex text (`FromStr`): the character starting at this byte index is not
    /// a hex digit.
    InvalidHexDigit {
        /// Byte index in the string.
        index: usize,
    },
    /// Ed25519ctx / Ed25519ph: the context is longer than 255 bytes (RFC 8032 §5.1:
    /// dom2 encodes its length in one octet).
    ContextTooLong,
    /// [`SigningKey::sign_checked`](super::SigningKey::sign_checked): the signature just
    /// computed did not verify under the key's own public key, so a fault corrupted the
    /// computation (the key, the nonce, R or S); the signature was withheld, since a
    /// faulty signature can reveal the secret key.
    SelfCheckFailed,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The decoding error is the source(), not repeated here, so a printed
            // chain of causes says it once.
            Error::InvalidPublicKey(_) => f.write_str("invalid Ed25519 public key"),
            Error::InvalidR(_) => f.write_str("invalid signature: R is not a point"),
            Error::NonCanonicalS => f.write_str("invalid signature: S is not below l"),
            Error::NonCanonicalPublicKey => {
                f.write_str("public key is a non-canonical point encoding")
            }
            Error::NonCanonicalR => {
                f.write_str("invalid signature: R is a non-canonical point encoding")
            }
            Error::SmallOrderPublicKey => f.write_str("public key is a point of small order"),
            Error::SmallOrderR => f.write_str("invalid signature: R is a point of small order"),
            Error::EquationFailed => {
                f.write_str("invalid signature: the verification equation does not hold")
            }
            Error::BatchLengthMismatch => {
                f.write_str("batch verification: messages, signatures and keys differ in length")
            }
            Error::InvalidLength { expected, actual } => {
                write!(f, "wrong length: expected {expected} bytes, got {actual}")
            }
            Error::InvalidHexLength { expected, actual } => {
                write!(
                    f,
                    "wrong hex length: expected {expected} digits, got {actual} characters"
                )
            }
            Error::InvalidHexDigit { index } => write!(f, "not a hex digit at index {index}"),
            Error::KeypairMismatch => {
                f.write_str("keypair bytes: the public key does not belong to the secret key")
            }
            Error::ContextTooLong => {
                f.write_str("Ed25519ctx/Ed25519ph context is longer than 255 bytes")
            }
            Error::SelfCheckFailed => f.write_str(
                "signing fault detected: the new signature does not verify under the signer's \
                 own public key, so it was withheld",
            ),
        }
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Error::InvalidPublicKey(e) | Error::InvalidR(e) => Some(e),
            _ => None,
        }
    }
}

impl From<DecodeError> for Error {
    /// A point that does not decode, taken as a bad public key (the decoding a caller
    /// does with `?` before building a [`VerifyingKey`](super::VerifyingKey));
    /// verification itself reports a bad R as [`Error::InvalidR`]. A wrong length
    /// stays [`Error::InvalidLength`].
    fn from(e: DecodeError) -> Error {
        match e {
            DecodeError::InvalidLength { expected, actual } => {
                Error::InvalidLength { expected, actual }
            }
            e => Error::InvalidPublicKey(e),
        }
    }
}
