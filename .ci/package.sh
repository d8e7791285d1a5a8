#!/usr/bin/env bash
# The four publishable crates package and build from their .crate files alone.
# Packaged together, so cargo resolves the path dependencies between them against the
# packages being made (none of them is on crates.io yet); nothing is published.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo package --allow-dirty \
  -p edwards25519-field -p edwards25519-scalar -p edwards25519-group -p edwards25519
ls -l target/package/*.crate
