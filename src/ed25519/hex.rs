//! Hex text for [`Signature`] and [`VerifyingKey`], as the `ed25519` crate has for its
//! `Signature`: `Display` is upper-case hex (the `ed25519` crate's `Display`, checked
//! by a test), `{:x}` lower-case, `{:X}` upper-case, and `FromStr` reads either case.

use super::{Error, Signature, VerifyingKey};
use core::fmt;
use core::str::FromStr;

/// Writes `bytes` as hex, upper or lower case.
fn write_hex(f: &mut fmt::Formatter<'_>, bytes: &[u8], upper: bool) -> fmt::Result {
    for b in bytes {
        if upper {
            write!(f, "{b:02X}")?;
        } else {
            write!(f, "{b:02x}")?;
        }
    }
    Ok(())
}

/// Reads exactly `2 * N` hex digits (either case).
fn parse_hex<const N: usize>(s: &str) -> Result<[u8; N], Error> {
    let digits = s.as_bytes();
    if digits.len() != 2 * N {
        return Err(Error::InvalidHexLength {
            expected: 2 * N,
            actual: digits.len(),
        });
    }
    let digit = |i: usize| -> Result<u8, Error> {
        let c = digits[i];
        match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(Error::InvalidHexDigit { index: i }),
        }
    };
    let mut out = [0u8; N];
    for (i, o) in out.iter_mut().enumerate() {
        *o = digit(2 * i)? << 4 | digit(2 * i + 1)?;
    }
    Ok(out)
}

impl fmt::Display for Signature {
    /// Upper-case hex of R || S, 128 digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, self.as_bytes(), true)
    }
}

impl fmt::LowerHex for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, self.as_bytes(), false)
    }
}

impl fmt::UpperHex for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, self.as_bytes(), true)
    }
}

impl FromStr for Signature {
    type Err = Error;

    /// 128 hex digits, either case: [`Error::InvalidHexLength`] or
    /// [`Error::InvalidHexDigit`] otherwise. Like [`Signature::from_bytes`], any 64
    /// bytes are accepted.
    ///
    /// ```
    /// use edwards25519::ed25519::{Signature, SigningKey};
    ///
    /// let sig = SigningKey::from_seed(&[1u8; 32]).sign(b"hex");
    /// assert_eq!(sig.to_string().parse::<Signature>(), Ok(sig));
    /// assert_eq!(format!("{sig:x}").parse::<Signature>(), Ok(sig));
    /// ```
    fn from_str(s: &str) -> Result<Signature, Error> {
        parse_hex::<64>(s).map(|b| Signature::from_bytes(&b))
    }
}

impl fmt::Display for VerifyingKey {
    /// Upper-case hex of the encoding as held, 64 digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, self.as_bytes(), true)
    }
}

impl fmt::LowerHex for VerifyingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, self.as_bytes(), false)
    }
}

impl fmt::UpperHex for VerifyingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, self.as_bytes(), true)
    }
}

impl FromStr for VerifyingKey {
    type Err = Error;

    /// 64 hex digits, either case, then [`VerifyingKey::from_bytes`].
    ///
    /// ```
    /// use edwards25519::ed25519::{Error, SigningKey, VerifyingKey};
    ///
    /// let vk = SigningKey::from_seed(&[2u8; 32]).verifying_key();
    /// assert_eq!(format!("{vk:x}").parse::<VerifyingKey>(), Ok(vk));
    /// assert_eq!(
    ///     "00".parse::<VerifyingKey>(),
    ///     Err(Error::InvalidHexLength { expected: 64, actual: 2 })
    /// );
    /// ```
    fn from_str(s: &str) -> Result<VerifyingKey, Error> {
        VerifyingKey::from_bytes(&parse_hex::<32>(s)?)
    }
}
