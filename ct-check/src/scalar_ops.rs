//! Scalar operations (filled in once the scalar crate lands).

use crate::Op;

/// The scalar operations, by name.
pub const OPS: &[Op] = &[];
