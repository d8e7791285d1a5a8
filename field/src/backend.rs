//! Backend selection: the one place that decides which limb code runs.
//!
//! - [`u64`](mod@u64): portable radix 2^51, always compiled; it is [`FieldElement`] itself.
//! - `x86_64`: 4×64-bit limbs with MULX (BMI2) and ADCX/ADOX (ADX) in inline assembly,
//!   compiled on x86-64 (the only module of the workspace allowed `unsafe`).
//!
//! [`Fast`] names the fastest backend compiled for this target. [`use_fast`] says
//! whether this CPU can run it: true at compile time when `bmi2` and `adx` are enabled
//! target features, otherwise a CPUID check done once and cached. Building with
//! `RUSTFLAGS='--cfg edwards25519_backend="portable"'` forces the portable backend
//! everywhere (so the whole test suite can run on each backend).
//!
//! [`dispatch!`](crate::dispatch) runs a block with a type alias bound to the chosen
//! backend; callers use it once per top-level operation, never per field operation.

pub mod u64;

#[allow(unused_imports)]
use crate::FieldElement;

/// The fastest backend compiled for this target (the portable one when no other is).
#[cfg(not(all(target_arch = "x86_64", not(edwards25519_backend = "portable"))))]
pub type Fast = FieldElement;

#[cfg(all(target_arch = "x86_64", not(edwards25519_backend = "portable")))]
pub mod x86_64;

/// The fastest backend compiled for this target (the portable one when no other is).
#[cfg(all(target_arch = "x86_64", not(edwards25519_backend = "portable")))]
pub type Fast = x86_64::Fe;

#[cfg(all(target_arch = "x86_64", not(edwards25519_backend = "portable")))]
cpufeatures::new!(cpuid_bmi2_adx, "bmi2", "adx");

/// Whether [`Fast`] can run here (and is not the portable backend).
#[inline]
pub fn use_fast() -> bool {
    #[cfg(all(target_arch = "x86_64", not(edwards25519_backend = "portable")))]
    {
        cpuid_bmi2_adx::get()
    }
    #[cfg(not(all(target_arch = "x86_64", not(edwards25519_backend = "portable"))))]
    {
        false
    }
}

/// The name of the backend that [`dispatch!`](crate::dispatch) picks on this machine.
pub fn selected() -> &'static str {
    if use_fast() {
        <Fast as crate::FieldArith>::BACKEND
    } else {
        <FieldElement as crate::FieldArith>::BACKEND
    }
}

/// Evaluates `$body` with the type alias `$F` bound to the backend chosen for this
/// machine ([`Fast`] when [`use_fast`], else [`FieldElement`]). The body is
/// instantiated once per backend; the check runs once per call of the macro.
#[macro_export]
macro_rules! dispatch {
    ($F:ident => $body:expr) => {{
        if $crate::backend::use_fast() {
            #[allow(dead_code)]
            type $F = $crate::backend::Fast;
            $body
        } else {
            #[allow(dead_code)]
            type $F = $crate::FieldElement;
            $body
        }
    }};
}
