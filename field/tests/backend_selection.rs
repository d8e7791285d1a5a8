//! Which backend the public `FieldElement` runs, against the CPU's own report: every
//! backend computes the same values, so only these checks notice the wrong one running
//! (cargo-mutants found the CPU check and `use_fast` forced either way missed).

use edwards25519_field::FieldArith;
use edwards25519_field::backend::{self, radix51::Fe51, radix64::Fe64};

#[test]
fn the_cpu_check_is_cpuid() {
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        backend::cpu_has_bmi2_adx(),
        std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx")
    );
    #[cfg(not(target_arch = "x86_64"))]
    assert!(!backend::cpu_has_bmi2_adx());
}

#[test]
fn the_fast_backend_runs_exactly_where_it_can() {
    // The forced portable build (RUSTFLAGS' cfg, or EDWARDS25519_BACKEND through the
    // build script, which sets the cfg for this package's tests too) never runs it.
    let forced_portable = cfg!(edwards25519_backend = "portable");
    assert_eq!(
        backend::use_fast(),
        !forced_portable && backend::cpu_has_bmi2_adx()
    );
    let portable = [<Fe51 as FieldArith>::BACKEND, <Fe64 as FieldArith>::BACKEND];
    if backend::use_fast() {
        #[cfg(target_arch = "x86_64")]
        assert_eq!(backend::selected(), backend::x86_64::NAME);
    } else {
        assert!(
            portable.contains(&backend::selected()),
            "{}",
            backend::selected()
        );
    }
}

#[test]
fn the_build_script_aliases_spell_out_their_conditions() {
    // build.rs derives both aliases from the target and the forced backend (RUSTFLAGS'
    // cfg or EDWARDS25519_BACKEND, which it turns into the same cfg for this package).
    let x86_64 = cfg!(target_arch = "x86_64");
    let portable = cfg!(edwards25519_backend = "portable");
    let serial = cfg!(edwards25519_backend = "serial");
    assert_eq!(cfg!(edwards25519_x86), x86_64 && !portable);
    assert_eq!(cfg!(edwards25519_vector), x86_64 && !portable && !serial);
}
