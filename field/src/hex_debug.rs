//! The one `Debug` format for the workspace's types that print bytes: `Name(hex)`, the
//! bytes in lower-case hex, byte 0 first, no `0x` (an encoding is little-endian, not a
//! numeral). The field crate is the lowest that prints bytes, so the others call this.

use core::fmt;

/// Writes `name(hex of bytes)`: `FieldElement(0100…)`, `Scalar(…)`, `Point(…)`, and
/// the key and signature types of the facade. For `Debug` impls; not secret-safe (a
/// secret type prints no bytes at all).
///
/// ```
/// use core::fmt;
/// struct Tag([u8; 2]);
/// impl fmt::Debug for Tag {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         edwards25519_field::debug_hex(f, "Tag", &self.0)
///     }
/// }
/// assert_eq!(format!("{:?}", Tag([0x0a, 0xff])), "Tag(0aff)");
/// ```
pub fn debug_hex(f: &mut fmt::Formatter<'_>, name: &str, bytes: &[u8]) -> fmt::Result {
    f.write_str(name)?;
    f.write_str("(")?;
    for b in bytes {
        write!(f, "{b:02x}")?;
    }
    f.write_str(")")
}
