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

/// The x86-64 backend is compiled on every x86-64 target, even when the portable
/// backend is forced: whether a module exists must not depend on a cfg that another
/// crate (or rustdoc, which does not see `RUSTFLAGS`) might evaluate differently. The cfg
/// only decides what [`Fast`] and [`use_fast`] say.
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

/// The fastest backend compiled for this target (the portable one when no other is,
/// or when the portable backend is forced).
#[cfg(all(target_arch = "x86_64", not(edwards25519_backend = "portable")))]
pub type Fast = x86_64::Fe;

/// The fastest backend compiled for this target (the portable one when no other is,
/// or when the portable backend is forced).
#[cfg(not(all(target_arch = "x86_64", not(edwards25519_backend = "portable"))))]
pub type Fast = FieldElement;

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_bmi2_adx, "bmi2", "adx");

/// Whether this CPU can run the x86-64 MULX/ADX backend (it has BMI2 and ADX), whichever
/// backend is selected. Tests use it to check that backend even when it is not selected.
#[inline]
pub fn cpu_has_bmi2_adx() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        cpuid_bmi2_adx::get()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether [`Fast`] can run here and is not the portable backend.
#[inline]
pub fn use_fast() -> bool {
    !cfg!(edwards25519_backend = "portable") && cpu_has_bmi2_adx()
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
