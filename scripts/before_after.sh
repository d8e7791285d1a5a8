#!/usr/bin/env bash
# Before/after timing of the existing (upstream Go-named) benchmark suite: the library at
# REV ("before", default 54ee27f) and the working tree ("after") linked into one binary
# (scripts/before_after/), timed through the public API on the same inputs, alternating
# before and after round by round so that a drifting machine affects both sides alike.
#
# Usage: bash scripts/before_after.sh [--default] [REV] [-- driver args]
#        bash scripts/before_after.sh [--default] [REV] --callgrind NAME|all [CALLS]
#
#   (no flag)   LTO build: lto = "fat", codegen-units = 1, no CPU flags
#   --default   cargo's default release profile (no LTO, 16 codegen units)
#   --callgrind counts instructions (valgrind --tool=callgrind) of operation NAME (or of
#               every one) on each side, with CALLS and 10·CALLS calls; the difference
#               over 9·CALLS is the per-call count with the setup subtracted. CALLS
#               defaults to 200 for the field and scalar operations, 10 for the point
#               and signature ones, 1 for the 256- and 1024-element ones. Valgrind's
#               virtual CPU lacks BMI2/ADX, so under callgrind both sides run their
#               portable field backend (the driver names the backends on stderr)
#   driver args e.g. `--rounds 21 --target-ms 3 --only ScalarMult,Invert` (see
#               scripts/before_after/src/main.rs)
#
# The copy of REV goes to target/before-after/before (git archive), with its package
# versions rewritten from 0.1.0 to 0.0.0: Cargo cannot hold two path packages of the same
# name and version in one lock file. The build goes to
# ${CARGO_TARGET_DIR:-target}/before-after-{lto,default}.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

build=lto
# The driver calls `VerifyingKey::precompute` and `group::backend::selected` on both
# sides, so REV must have them: 54ee27f or later (the first wave's 5e513a8 does not).
rev=54ee27f
callgrind=()
driver=()
while [ $# -gt 0 ]; do
  case "$1" in
    --default) build=default ;;
    --callgrind) shift; callgrind=("$1")
      if [ $# -gt 1 ] && [ "$2" -eq "$2" ] 2>/dev/null; then callgrind+=("$2"); shift; fi ;;
    --) shift; driver=("$@"); break ;;
    *) rev="$1" ;;
  esac
  shift
done

scratch=$root/target/before-after
copy=$scratch/before
want=$(git rev-parse --verify "$rev^{commit}")
if [ "$(cat "$scratch/before.rev" 2>/dev/null || true)" != "$want" ]; then
  rm -rf "$copy"
  mkdir -p "$copy"
  # -m: the files get the time of extraction, not of the commit. Cargo rebuilds a path
  # package whose sources are newer than its last build; with the commit's times, going
  # back to an older REV left the last build in place (measured: identical callgrind
  # counts for two different revisions).
  git archive "$want" | tar -x -m -C "$copy"
  # The workspace's own version and the versions its crates require of each other.
  sed -i -e 's/^version = "0\.1\.0"/version = "0.0.0"/' \
         -e '/^edwards25519-/s/version = "0\.1\.0"/version = "0.0.0"/' "$copy/Cargo.toml"
  grep -q '^version = "0.0.0"' "$copy/Cargo.toml" || { echo "version rewrite failed" >&2; exit 1; }
  echo "$want" > "$scratch/before.rev"
fi

case "$build" in
  lto) envs=(CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1) ;;
  default) envs=() ;;
esac
target=${CARGO_TARGET_DIR:-$root/target}/before-after-$build
manifest=$root/scripts/before_after/Cargo.toml
echo "before: $rev ($want)  after: working tree at $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo '+changes')  build: $build ${envs[*]:-}" >&2
env CARGO_TARGET_DIR="$target" "${envs[@]}" cargo build --release --manifest-path "$manifest" >&2
bin=$target/release/before-after

if [ ${#callgrind[@]} -gt 0 ]; then
  count() { # name side calls -> instructions executed by the whole process
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$bin" --side "$2" --only "$1" --calls "$3" --rounds 1 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  # all: every operation, CALLS chosen by its cost unless given.
  if [ "${callgrind[0]}" = all ]; then names=$("$bin" --list); else names=${callgrind[0]}; fi
  echo "| operation | calls | before Ir/call | after Ir/call | after/before |"
  echo "|---|---|---|---|---|"
  for name in $names; do
    calls=${callgrind[1]:-}
    if [ -z "$calls" ]; then
      case "$name" in
        */1024|*/256) calls=1 ;;
        *ScalarMult*|*ScalarBaseMult|*/*|Verification*|Signing|KeyGeneration|EncodingDecoding) calls=10 ;;
        *) calls=200 ;;
      esac
    fi
    per=()
    for side in before after; do
      a=$(count "$name" "$side" "$calls")
      b=$(count "$name" "$side" $((10 * calls)))
      per+=($(( (b - a) / (9 * calls) )))
    done
    echo "| $name | $calls, $((10 * calls)) | ${per[0]} | ${per[1]} | $(python3 -c "print(f'{${per[1]}/${per[0]}:.3f}')") |"
  done
  exit 0
fi
exec "$bin" "${driver[@]}"
