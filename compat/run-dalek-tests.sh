#!/usr/bin/env bash
# Runs the integration tests that ship with ed25519-dalek 3.0.0 and x25519-dalek 3.0.0
# against the compatibility crates in compat/, unchanged: the published test files are
# copied from cargo's registry cache into a scratch crate whose Cargo.toml names the
# compat crates under the dalek names (`package = ...`), with every feature the tests
# check. ed25519-dalek's two data files, left out of the published crate, come from
# testvectors/dalek/.
#
# Usage: bash compat/run-dalek-tests.sh [extra cargo test args]
# Prints each test binary's result line and a total; exits non-zero if any test fails.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="${DALEK_TESTS_DIR:-$ROOT/target/dalek-tests}"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
ED_VERSION=3.0.0
X_VERSION=3.0.0

rm -rf "$SCRATCH"
mkdir -p "$SCRATCH/tests" "$SCRATCH/src"

# The scratch crate's own features carry the names the test files test with
# `#[cfg(feature = ...)]`; all are on by default.
cat > "$SCRATCH/Cargo.toml" <<TOML
[package]
name = "dalek-tests-on-edwards25519"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[features]
default = ["alloc", "batch", "digest", "hazmat", "pem", "pkcs8", "rand_core", "serde", "zeroize", "static_secrets", "reusable_secrets", "getrandom"]
alloc = ["ed25519-dalek/alloc"]
batch = ["ed25519-dalek/batch"]
digest = ["ed25519-dalek/digest"]
hazmat = ["ed25519-dalek/hazmat"]
pem = ["ed25519-dalek/pem"]
pkcs8 = ["ed25519-dalek/pkcs8"]
rand_core = ["ed25519-dalek/rand_core"]
serde = ["ed25519-dalek/serde", "x25519-dalek/serde"]
zeroize = ["ed25519-dalek/zeroize", "x25519-dalek/zeroize"]
static_secrets = ["x25519-dalek/static_secrets"]
reusable_secrets = ["x25519-dalek/reusable_secrets"]
getrandom = ["x25519-dalek/getrandom"]

[dependencies]
ed25519-dalek = { package = "edwards25519-compat-ed25519-dalek", path = "$ROOT/compat/ed25519-dalek" }
x25519-dalek = { package = "edwards25519-compat-x25519-dalek", path = "$ROOT/compat/x25519-dalek" }
curve25519-dalek = { package = "edwards25519-compat-curve25519-dalek", path = "$ROOT/compat/curve25519-dalek", features = ["digest", "rand_core"] }

[dev-dependencies]
ed25519 = { version = "3", features = ["pkcs8"] }
getrandom = { version = "0.4", features = ["sys_rng"] }
hex = "0.4"
hex-literal = "1"
postcard = { version = "1", features = ["alloc"] }
serde = { version = "1", features = ["derive"] }
serde_json = "1"
sha2 = "0.11"
toml = "0.9"

[lints.rust]
unexpected_cfgs = "allow"
TOML
echo '//! Empty: the tests are in tests/.' > "$SCRATCH/src/lib.rs"
cp "$ROOT/Cargo.lock" "$SCRATCH/Cargo.lock" 2>/dev/null || true

# The published sources, from cargo's registry (fetched if not there yet).
find_src() {
    local crate="$1"
    local dir
    dir="$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$crate" 2>/dev/null | head -n 1 || true)"
    if [ -z "$dir" ]; then
        (cd "$ROOT" && cargo fetch >/dev/null 2>&1) || true
        dir="$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$crate" 2>/dev/null | head -n 1 || true)"
    fi
    if [ -z "$dir" ]; then
        echo "run-dalek-tests: $crate is not in cargo's registry (cargo fetch failed?)" >&2
        exit 2
    fi
    echo "$dir"
}
ED="$(find_src "ed25519-dalek-$ED_VERSION")"
XD="$(find_src "x25519-dalek-$X_VERSION")"

for t in ed25519 pkcs8 validation_criteria x25519; do
    cp "$ED/tests/$t.rs" "$SCRATCH/tests/"
done
cp -r "$ED/tests/examples" "$SCRATCH/tests/"
cp "$XD/tests/x25519_tests.rs" "$SCRATCH/tests/"
# The tests open these from the package root (their working directory).
cp "$ROOT/testvectors/dalek/TESTVECTORS" "$ROOT/testvectors/dalek/VALIDATIONVECTORS" "$SCRATCH/"

LOG="$SCRATCH/test.log"
status=0
(cd "$SCRATCH" && CARGO_TARGET_DIR="$TARGET_DIR/dalek-tests-target" \
    cargo test --release --tests "$@" 2>&1) > "$LOG" || status=$?

# One line per test binary, then the total.
awk '/^     Running tests\//{sub(/^.*Running tests\//, ""); sub(/\.rs.*/, ""); name=$0}
     /^test result:/ && name != "" {sub(/^test result: /, ""); print name ": " $0; name=""}' "$LOG"
passed=$(awk '/^test result:/{for(i=1;i<=NF;i++) if($(i+1) ~ /^passed/) s+=$i} END{print s+0}' "$LOG")
failed=$(awk '/^test result:/{for(i=1;i<=NF;i++) if($(i+1) ~ /^failed/) s+=$i} END{print s+0}' "$LOG")
echo "dalek tests on the compat crates: ${passed:-0} passed, ${failed:-0} failed (log: $LOG)"
if [ "$status" -ne 0 ]; then
    grep -E '^error|panicked|FAILED' "$LOG" | head -n 40 >&2 || true
fi
exit "$status"
