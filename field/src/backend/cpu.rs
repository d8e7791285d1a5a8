//! The CPUID check for the MULX/ADX backend and [`use_fast`], below every module that
//! asks them (the x86-64 backend's checked operations and assembly divsteps).

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_bmi2_adx, "bmi2", "adx");

/// Whether this CPU can run the x86-64 MULX/ADX backend (it has BMI2 and ADX), whichever
/// backend is selected: a CPUID check done once and cached (constant true when `bmi2`
/// and `adx` are enabled target features).
///
/// ```
/// use edwards25519_field::backend::{cpu_has_bmi2_adx, use_fast};
///
/// // The MULX/ADX code runs only where the CPU has it.
/// assert!(!use_fast() || cpu_has_bmi2_adx());
/// // Cached: the same answer every time.
/// assert_eq!(cpu_has_bmi2_adx(), cpu_has_bmi2_adx());
/// ```
#[inline(always)]
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

/// Whether the public [`FieldElement`](crate::FieldElement) runs the MULX/ADX code on
/// this machine (false in the forced portable build).
///
/// ```
/// use edwards25519_field::backend;
///
/// assert!(!backend::use_fast() || backend::cpu_has_bmi2_adx());
/// #[cfg(target_arch = "x86_64")]
/// assert_eq!(backend::use_fast(), backend::selected() == backend::x86_64::NAME);
/// ```
#[inline(always)]
pub fn use_fast() -> bool {
    cfg!(edwards25519_x86) && cpu_has_bmi2_adx()
}
