//! Inputs that cannot hurt: every public decoder and constructor that takes
//! bytes, limbs, coordinates or slices, fed arbitrary values, returns a value or a typed
//! error, never panics, and the error says why (its variant is checked against the
//! reason, computed independently from the input). The documented panics (multiscalar
//! multiplication with different lengths, a NAF width outside 2..=8) happen exactly when
//! documented, with the documented message.
//!
//! Strategies mix uniform bytes with the edges where decoders have special cases (values
//! near p, l, 2^252, 2^255; zero; torsion points; non-canonical encodings), so every
//! error variant is reached. 10,000 cases per property in release, 256 in debug.
//! serde deserialisation is covered by tests/serde.rs and the crates' serde tests.
//!
//! One file per layer: [`field`], [`scalar`], [`group`], [`ed25519`]; [`strategies`]
//! holds the inputs and the independent predicates, [`coverage`] checks that the
//! strategies reach every error variant.

use edwards25519_test_support::facade as common;
mod coverage;
mod ed25519;
mod field;
mod group;
mod scalar;
mod strategies;
