//! Links libsodium when pkg-config finds it (`cfg(sodium)`; its rows say "not installed"
//! otherwise, and `PEERS_NO_SODIUM=1` leaves it out), and records rustc's version for the
//! driver's header line.

use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(sodium)");
    println!("cargo::rerun-if-env-changed=PEERS_NO_SODIUM");
    println!("cargo::rerun-if-env-changed=PKG_CONFIG_PATH");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .unwrap_or_default();
    println!("cargo::rustc-env=PEERS_RUSTC_VERSION={}", version.trim());

    if std::env::var_os("PEERS_NO_SODIUM").is_some() {
        return;
    }
    let query = |args: &[&str]| {
        Command::new("pkg-config")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok())
    };
    let (Some(libs), Some(version)) = (
        query(&["--libs", "libsodium"]),
        query(&["--modversion", "libsodium"]),
    ) else {
        println!(
            "cargo::warning=libsodium not found by pkg-config: its rows say \"not installed\""
        );
        return;
    };
    for flag in libs.split_whitespace() {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo::rustc-link-search=native={dir}");
        } else if let Some(lib) = flag.strip_prefix("-l") {
            println!("cargo::rustc-link-lib={lib}");
        }
    }
    println!("cargo::rustc-cfg=sodium");
    println!("cargo::rustc-env=PEERS_SODIUM_VERSION={}", version.trim());
}
