//! The CPUID check for the MULX/ADX backend, below every module that asks it (the
//! x86-64 backend's checked operations, [`use_fast`](super::use_fast)).

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
