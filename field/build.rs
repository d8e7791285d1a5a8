//! The backend cfg from the environment: `EDWARDS25519_BACKEND=portable|serial|avx2` sets
//! `cfg(edwards25519_backend = "...")` for this crate only, as
//! `RUSTFLAGS='--cfg edwards25519_backend="..."'` does for every crate in the build. The
//! dependencies then keep their flags, so a forced-backend test run reuses their build
//! (CI runs the suite on each backend this way) instead of rebuilding all of them.
//!
//! `group/build.rs` is a link to this file: the group crate reads the cfg too. (The
//! facade's tests read the variable directly; the facade's code does not read the cfg.)

const NAME: &str = "EDWARDS25519_BACKEND";
const VALUES: [&str; 3] = ["portable", "serial", "avx2"];

fn main() {
    println!("cargo::rerun-if-env-changed={NAME}");
    let from_env = std::env::var(NAME).unwrap_or_default();
    if from_env.is_empty() {
        return;
    }
    // A bad value is a build error naming the choices: building silently with the
    // default backend would make a "forced" test run test the wrong code.
    assert!(
        VALUES.contains(&from_env.as_str()),
        "{NAME}={from_env:?}: expected one of {VALUES:?}, or unset"
    );
    // Cargo lists the cfgs RUSTFLAGS set in CARGO_CFG_*; two different backends at once
    // would enable both cfgs, which no code path expects.
    if let Ok(from_flags) = std::env::var("CARGO_CFG_EDWARDS25519_BACKEND") {
        assert!(
            from_flags == from_env,
            "{NAME}={from_env:?} disagrees with RUSTFLAGS' --cfg edwards25519_backend={from_flags:?}"
        );
        return;
    }
    println!("cargo::rustc-cfg=edwards25519_backend=\"{from_env}\"");
}
