//! The field backends, each owning its limb type, and the CPU check that picks one.
//!
//! - [`radix51`]: [`Fe51`](radix51::Fe51), portable radix 2^51 (five limbs below 2^52).
//! - [`radix64`]: [`Fe64`](radix64::Fe64), portable 4×64 limbs (`u128` products).
//! - `x86_64` (x86-64 only): `Mulx<P>`, the same 4×64 limbs multiplied with MULX (BMI2)
//!   and ADCX/ADOX (ADX) in inline assembly; usable only with a proof `P` that the
//!   CPU was checked (the module's documentation says why).
//!
//! The public [`FieldElement`](crate::FieldElement) wraps one of them: on x86-64 the
//! 4×64 limbs, each operation choosing MULX/ADX or the portable 4×64 code on a cached
//! CPUID check; elsewhere, and in the build with
//! `RUSTFLAGS='--cfg edwards25519_backend="portable"'`, the radix-2^51 limbs with no
//! check at all.
//!
//! Code generic over [`FieldArith`](crate::FieldArith) (the group crate) instantiates it
//! on one backend type once per top-level operation instead (no check per field
//! operation): on x86-64 `Mulx<P>` after [`cpu_has_bmi2_adx`], else [`Fe64`](radix64::Fe64).
//!
//! ```
//! use edwards25519_field::FieldElement;
//! use edwards25519_field::backend::radix64::Fe64;
//!
//! let x = FieldElement::from_bytes(&[9; 32]);
//! // The same value in each backend's limbs.
//! assert_eq!(x.to_fe51().to_bytes(), x.to_bytes());
//! assert_eq!(x.to_fe64().to_bytes(), x.to_bytes());
//! assert_eq!(Fe64::from_fe51(&x.to_fe51()), x.to_fe64());
//! ```

mod cpu;
mod limb_ops;
mod portable;
pub mod radix51;
pub mod radix64;

/// Compiled on every x86-64 target, even when the portable backend is forced: whether
/// a module exists must not depend on a cfg that another crate (or rustdoc, which does
/// not see `RUSTFLAGS`) might evaluate differently. The cfg only decides what
/// [`FieldElement`](crate::FieldElement) holds and what [`use_fast`] says.
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

pub use cpu::{cpu_has_bmi2_adx, use_fast};
pub(crate) use limb_ops::limb_ops;

/// The name of the backend that [`FieldElement`](crate::FieldElement)'s operations run
/// on this machine.
///
/// ```
/// use edwards25519_field::FieldArith;
/// use edwards25519_field::backend::{self, radix51::Fe51, radix64::Fe64};
///
/// let name = backend::selected();
/// let portable = [<Fe51 as FieldArith>::BACKEND, <Fe64 as FieldArith>::BACKEND];
/// // A portable backend's name unless the MULX/ADX code runs.
/// assert!(portable.contains(&name) || backend::use_fast());
/// ```
pub fn selected() -> &'static str {
    #[cfg(edwards25519_x86)]
    if use_fast() {
        return x86_64::NAME;
    }
    <crate::element::Inner as crate::FieldArith>::BACKEND
}
