//! x86-64 backend: placeholder until the MULX/ADX limb code lands; it is the portable
//! representation under another name so dispatch is exercised end to end.
#![allow(missing_docs)]

/// Placeholder element type.
pub type Fe = crate::FieldElement;
