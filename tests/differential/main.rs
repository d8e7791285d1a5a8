//! Long-running differential mode: 3,600,000 random cases against
//! curve25519-dalek 5 and ed25519-dalek 3. Every test is `#[ignore]`:
//!
//! ```text
//! cargo test --release --test differential -- --ignored --test-threads=1
//! ```
//!
//! `EDWARDS25519_DIFF_CASES=<n>` sets the total number of cases (default 3,600,000,
//! about 3 minutes on one core), split over the operations in the proportions of
//! [`Op::default_cases`];
//! `EDWARDS25519_DIFF_SEED=<u64>` (decimal or 0x-hex) fixes the seed, which is otherwise
//! taken from the clock. The seed is printed at start (and in a failing test's output), so
//! any failure can be replayed; each operation draws from its own RNG, so one operation can
//! be replayed alone with a test filter.
//!
//! Each operation prints "differential OP: N cases, zero disagreements" on stderr (not
//! captured by the test harness), and, once every operation has passed, the total. A case
//! is one random input run through the operation(s) named and compared; a disagreement
//! fails the test with the input in the message.
//!
//! Inputs are built independently on each side: points are walks s₁·B + s₂·B + ... + T
//! (T a torsion point) summed with each library's own additions from the same scalars,
//! and compared through their canonical encodings; references for the Ed25519 verdicts
//! and error variants are written here with curve25519-dalek's primitives.
//!
//! One file per layer: [`scalar`], [`group`] (decoding, encoding, group operations,
//! scalar multiplications), [`ed25519`]; [`harness`] runs them and [`inputs`] builds the
//! inputs.

use edwards25519_test_support::facade as common;
mod ed25519;
mod group;
mod harness;
mod inputs;
mod scalar;
