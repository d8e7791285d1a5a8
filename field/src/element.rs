//! The [`FieldElement`] type and the limbs it wraps, below everything that operates on
//! it: the backends' [`FieldArith`](crate::FieldArith) impls convert to and from it, and
//! its operations (in `lib.rs`, through `fe_impl.rs`) run on those backends.

#[cfg(not(edwards25519_x86))]
use crate::backend::radix51::Fe51;
#[cfg(edwards25519_x86)]
use crate::backend::radix64::Fe64;

// The limbs the public element holds: on x86-64 (unless the portable backend is forced)
// the 4×64 limbs, whose multiplications `fe_impl` runs with MULX/ADX when the CPU has
// them; elsewhere the radix-2^51 limbs.
#[cfg(edwards25519_x86)]
pub(crate) type Inner = Fe64;
#[cfg(not(edwards25519_x86))]
pub(crate) type Inner = Fe51;

/// An element of GF(2^255 - 19).
///
/// **Invariant**: the wrapped backend's (`fe_impl`): on x86-64 none (any four 64-bit
/// limbs are valid), elsewhere every radix-2^51 limb below 2^52. The representation is
/// not unique: equality and encoding reduce first.
///
/// ```
/// use edwards25519_field::FieldElement;
///
/// let a = FieldElement::from_bytes(&[2; 32]);
/// let b = FieldElement::from_bytes(&[3; 32]);
/// assert_eq!((a + b) * (a - b), a.square() - b.square());
/// assert_eq!(a * a.invert(), FieldElement::ONE);
/// assert_eq!(FieldElement::from_bytes(&a.to_bytes()), a);
/// ```
#[derive(Clone, Copy)]
pub struct FieldElement(pub(crate) Inner);
