#!/usr/bin/env bash
# The four publishable crates package and build from their .crate files alone.
# Packaged together, so cargo resolves the path dependencies between them against the
# packages being made (none of them is on crates.io yet); nothing is published.
set -euo pipefail
cd "$(dirname "$0")/.."
# Cargo extracts the packages it verifies against into ~/.cargo/registry/src/-<hash>/,
# keyed by the (always same) path of target/package/tmp-registry, and reuses an earlier
# extraction of the same version: drop ours, so a rerun verifies against today's code.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/edwards25519-* \
  "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/-*/edwards25519-*
cargo package --allow-dirty \
  -p edwards25519-field -p edwards25519-scalar -p edwards25519-group -p edwards25519
ls -l target/package/*.crate
