#!/usr/bin/env bash
# Builds and runs the three trial programs in compat/trials/ (an Ed25519 program, a
# Pedersen commitment with a Schnorr proof over ristretto255, a Noise-style X25519
# handshake), each written against the real dalek crates, twice: with the dalek crates
# from crates.io, and with only the [dependencies] lines of its Cargo.toml switched to
# the compat crates (`package = "edwards25519-compat-..."`, a path). The two runs must
# succeed and print the same output.
#
# Usage: bash compat/run-trials.sh
# Exits non-zero if a build or run fails or the outputs differ.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="${TRIALS_DIR:-$ROOT/target/trials}"
# Shared with run-dalek-tests.sh: the same release builds of the dalek and compat crates.
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}/dalek-tests-target"

rm -rf "$SCRATCH"
status=0
for trial in ed25519-sign pedersen-schnorr noise-x25519; do
    for side in dalek compat; do
        dir="$SCRATCH/$side/$trial"
        mkdir -p "$dir"
        cp -r "$ROOT/compat/trials/$trial/src" "$dir/"
        cp "$ROOT/compat/trials/rng.rs" "$SCRATCH/$side/"
        cp "$ROOT/Cargo.lock" "$dir/Cargo.lock"
        if [ "$side" = dalek ]; then
            cp "$ROOT/compat/trials/$trial/Cargo.toml" "$dir/Cargo.toml"
        else
            # The one-line switch, per dependency: `version = "N"` becomes the compat
            # crate's package name and path; the features stay.
            sed -E \
                -e "s|^(curve25519-dalek\|ed25519-dalek\|x25519-dalek) = \{ version = \"[^\"]*\"|\1 = { package = \"edwards25519-compat-\1\", path = \"$ROOT/compat/\1\"|" \
                "$ROOT/compat/trials/$trial/Cargo.toml" > "$dir/Cargo.toml"
        fi
        if ! (cd "$dir" && CARGO_TARGET_DIR="$TARGET_DIR" cargo build --release --quiet \
            && "$TARGET_DIR/release/trial-$trial" > "$dir/output.txt"); then
            echo "$trial ($side): build or run failed" >&2
            status=1
            continue
        fi
    done
    if [ "$(tail -n 1 "$SCRATCH/compat/$trial/output.txt" 2>/dev/null)" != ok ]; then
        echo "$trial: the compat run did not finish" >&2
        status=1
    elif cmp -s "$SCRATCH/dalek/$trial/output.txt" "$SCRATCH/compat/$trial/output.txt"; then
        echo "$trial: same output with the dalek crates and the compat crates ($(wc -l < "$SCRATCH/dalek/$trial/output.txt") lines)"
    else
        echo "$trial: outputs differ" >&2
        diff "$SCRATCH/dalek/$trial/output.txt" "$SCRATCH/compat/$trial/output.txt" >&2 || true
        status=1
    fi
done
exit "$status"
