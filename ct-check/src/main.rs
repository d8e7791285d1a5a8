//! ct-check: constant-time check of the edwards25519 crates under valgrind memcheck
//! (the ctgrind method).
//!
//! Each subcommand runs one secret-dependent operation: it draws its inputs from a
//! fixed-seed generator, marks the secret ones undefined for memcheck, runs the
//! operation, marks the (public) result defined and prints it in hex. Run under
//! `valgrind --error-exitcode=1`, a branch or a memory address that depends on a secret
//! is reported as "Conditional jump or move depends on uninitialised value(s)" or "Use
//! of uninitialised value", and the run fails. Natively the marking is a no-op.
//!
//! `ct-check list` names every operation; `ct-check backend` reports the field backend
//! (also printed before every operation); `leaky-branch`, `leaky-index` and
//! `leaky-through-field` are negative controls that memcheck must flag.
//! `.ci/ct-check.sh` drives it all.

mod ed25519_ops;
mod field_ops;
mod group_ops;
mod hash_to_curve_ops;
mod leaky;
mod ristretto_ops;
mod rng;
mod scalar_ops;
mod valgrind;

use std::process::ExitCode;

use edwards25519_field::{FieldArith, backend};

use crate::rng::Rng;

/// One checked operation: a name for the command line and a function that returns its
/// public output (already marked defined).
pub struct Op {
    /// Subcommand name.
    pub name: &'static str,
    /// Runs the operation on fresh secret inputs.
    pub run: fn(&mut Rng) -> Vec<u8>,
}

/// Every operation expected to be constant time, in the order `list` prints them.
fn all_ops() -> Vec<&'static Op> {
    field_ops::OPS
        .iter()
        .chain(scalar_ops::OPS)
        .chain(group_ops::OPS)
        .chain(ristretto_ops::OPS)
        .chain(ed25519_ops::OPS)
        .chain(hash_to_curve_ops::OPS)
        .collect()
}

fn report_backend() {
    println!("backend-selected: {}", backend::selected());
    println!(
        "backend-portable: {}",
        <backend::radix51::Fe51 as FieldArith>::BACKEND
    );
    println!("backend-fast: {}", backend::x86_64::NAME);
    // The run with the serial point backend forced uses the fast field limbs too.
    println!("backend-serial: {}", backend::x86_64::NAME);
    println!("point-backend: {}", edwards25519_group::backend::selected());
    println!("running-on-valgrind: {}", valgrind::running_on_valgrind());
}

fn usage() {
    eprintln!(
        "usage: ct-check <list | backend | leaky-branch | leaky-index | leaky-through-field | OPERATION>"
    );
    eprintln!("operations:");
    for op in all_ops() {
        eprintln!("  {}", op.name);
    }
}

fn run(op: &Op) {
    report_backend();
    let mut rng = Rng::new();
    let mut out = (op.run)(&mut rng);
    // The op already marked its result defined; this only covers harness code.
    valgrind::make_defined(out.as_mut_slice());
    let hex: String = out.iter().map(|b| format!("{b:02x}")).collect();
    println!("output: {hex}");
}

fn main() -> ExitCode {
    let arg = std::env::args().nth(1);
    let Some(name) = arg.as_deref() else {
        usage();
        return ExitCode::from(2);
    };
    match name {
        "list" => {
            for op in all_ops() {
                println!("{}", op.name);
            }
        }
        "backend" => report_backend(),
        _ => {
            let found = all_ops()
                .into_iter()
                .chain(leaky::OPS)
                .find(|op| op.name == name);
            match found {
                Some(op) => run(op),
                None => {
                    eprintln!("unknown operation {name:?}");
                    usage();
                    return ExitCode::from(2);
                }
            }
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_controls_are_separate() {
        let mut names: Vec<&str> = all_ops().iter().map(|op| op.name).collect();
        names.extend(leaky::OPS.iter().map(|op| op.name));
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "duplicate operation names");
        assert!(all_ops().iter().all(|op| !op.name.starts_with("leaky")));
    }

    /// Natively the client requests are no-ops: every operation runs, is deterministic
    /// (fixed seed) and gives a non-empty output.
    #[test]
    fn every_operation_runs_natively_and_deterministically() {
        for op in all_ops().into_iter().chain(leaky::OPS) {
            let first = (op.run)(&mut Rng::new());
            let second = (op.run)(&mut Rng::new());
            assert!(!first.is_empty(), "{}: empty output", op.name);
            assert_eq!(first, second, "{}: not deterministic", op.name);
        }
    }

    #[test]
    fn marking_does_not_change_values() {
        let mut x: [u64; 3] = [1, 2, u64::MAX];
        valgrind::make_undefined(&mut x);
        valgrind::make_defined(&mut x);
        assert_eq!(x, [1, 2, u64::MAX]);
    }

    /// a·b and 1/a mod p for the generator's first two 32-byte draws (bit 255 cleared),
    /// computed with Python integers: `(a*b % p)` and `pow(a, p-2, p)`, little-endian.
    const FIELD_MUL_EXPECTED: &str =
        "5c9229a474467f25a251155b9dbeee5264b1034dafacf7c78791981134be2708";
    const FIELD_INVERT_EXPECTED: &str =
        "ee3300d0dd6bd57e21115d99f749acc7396acfbc953bd5be0b96427b14b2a61a";

    /// Spot checks of outputs against values computed independently: the inputs really
    /// are the generator's, and the ops compute what their names say.
    #[test]
    fn field_outputs_match_an_independent_computation() {
        let run = |name: &str| {
            let op = all_ops().into_iter().find(|op| op.name == name);
            (op.expect("operation exists").run)(&mut Rng::new())
        };
        let hex = |v: Vec<u8>| v.iter().map(|b| format!("{b:02x}")).collect::<String>();
        assert_eq!(hex(run("field-mul")), FIELD_MUL_EXPECTED);
        assert_eq!(hex(run("field-invert")), FIELD_INVERT_EXPECTED);
    }
}
