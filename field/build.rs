//! The backend cfgs, decided here once for the field and group crates (`group/build.rs`
//! is a link to this file, and so is `test-support/build.rs`, whose field helpers must
//! agree with the field crate on the element's limbs).
//!
//! `EDWARDS25519_BACKEND=portable|serial|avx2|ifma52` sets `cfg(edwards25519_backend = "...")`
//! for this crate only, as `RUSTFLAGS='--cfg edwards25519_backend="..."'` does for every
//! crate in the build. The dependencies then keep their flags, so a forced-backend test
//! run reuses their build (CI runs the suite on each backend this way) instead of
//! rebuilding all of them. (The facade's tests read the variable directly; the facade's
//! code does not read the cfg.)
//!
//! From the target and that choice, two aliases, so that the code names each condition
//! in one word instead of spelling out its `all(...)`:
//!
//! | alias | set when | meaning |
//! |---|---|---|
//! | `edwards25519_x86` | x86-64, and not `portable` | the field element holds 4×64 limbs and the MULX/ADX code is compiled (run after a CPUID check) |
//! | `edwards25519_vector` | x86-64, and neither `portable` nor `serial` | the vector point backends (AVX2, AVX-512 IFMA) are compiled (run after a CPUID check) |
//!
//! All three names are declared for `check-cfg` in the workspace's `Cargo.toml`
//! (`[workspace.lints.rust] unexpected_cfgs`).

const NAME: &str = "EDWARDS25519_BACKEND";
const VALUES: [&str; 4] = ["portable", "serial", "avx2", "ifma52"];

fn main() {
    println!("cargo::rerun-if-env-changed={NAME}");
    let backend = backend();
    // The target, not the host: cargo passes the target's cfgs to build scripts.
    let x86_64 = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "x86_64");
    let portable = backend.as_deref() == Some("portable");
    let serial = backend.as_deref() == Some("serial");
    if x86_64 && !portable {
        println!("cargo::rustc-cfg=edwards25519_x86");
    }
    if x86_64 && !portable && !serial {
        println!("cargo::rustc-cfg=edwards25519_vector");
    }
}

/// The forced backend, if any: from RUSTFLAGS' `--cfg`, else from the environment (then
/// also emitted as the cfg for this crate).
fn backend() -> Option<String> {
    let from_env = std::env::var(NAME).unwrap_or_default();
    // Cargo lists the cfgs RUSTFLAGS set in CARGO_CFG_*.
    let from_flags = std::env::var("CARGO_CFG_EDWARDS25519_BACKEND").ok();
    if from_env.is_empty() {
        return from_flags;
    }
    // A bad value is a build error naming the choices: building silently with the
    // default backend would make a "forced" test run test the wrong code.
    assert!(
        VALUES.contains(&from_env.as_str()),
        "{NAME}={from_env:?}: expected one of {VALUES:?}, or unset"
    );
    // Two different backends at once would enable both cfgs, which no code path expects.
    if let Some(from_flags) = from_flags {
        assert!(
            from_flags == from_env,
            "{NAME}={from_env:?} disagrees with RUSTFLAGS' --cfg edwards25519_backend={from_flags:?}"
        );
        return Some(from_flags);
    }
    println!("cargo::rustc-cfg=edwards25519_backend=\"{from_env}\"");
    Some(from_env)
}
