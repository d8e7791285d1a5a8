#!/usr/bin/env bash
# The same-run comparison (benches/comparison.rs) in the three builds users make, each in
# its own target directory, with a Markdown report per build:
#
#   default  cargo's release profile as it is (16 codegen units, no LTO)
#   lto      LTO ("fat") and one codegen unit, no CPU flags
#   native   the same plus RUSTFLAGS='-C target-cpu=native' (curve25519-dalek then
#            compiles its AVX-512 IFMA backend where the CPU has IFMA)
#   lto-avx2 (only with --avx2) the lto build with our AVX2 backend forced
#            (--cfg edwards25519_backend="avx2"), against dalek's AVX2
#
# Usage: bash scripts/bench_builds.sh [--avx2] [BUILD...] [-- criterion args]
# Reports: target/bench-BUILD/report.md and benches/comparison-BUILD.svg.
set -euo pipefail
cd "$(dirname "$0")/.."

builds=()
avx2=0
criterion=(--warm-up-time 1 --measurement-time 3)
while [ $# -gt 0 ]; do
  case "$1" in
    --avx2) avx2=1 ;;
    --) shift; criterion=("$@"); break ;;
    *) builds+=("$1") ;;
  esac
  shift
done
[ ${#builds[@]} -gt 0 ] || builds=(default lto native)
[ $avx2 -eq 0 ] || builds+=(lto-avx2)

lto=(CARGO_PROFILE_BENCH_LTO=fat CARGO_PROFILE_BENCH_CODEGEN_UNITS=1)
for b in "${builds[@]}"; do
  case "$b" in
    default) envs=() ;;
    lto) envs=("${lto[@]}") ;;
    native) envs=("${lto[@]}" "RUSTFLAGS=-C target-cpu=native") ;;
    lto-avx2) envs=("${lto[@]}" 'RUSTFLAGS=--cfg edwards25519_backend="avx2"') ;;
    *) echo "unknown build: $b" >&2; exit 2 ;;
  esac
  dir=target/bench-$b
  echo "=== $b: ${envs[*]:-(cargo defaults)}"
  env CARGO_TARGET_DIR="$dir" "${envs[@]}" cargo bench --bench comparison -- "${criterion[@]}"
  python3 scripts/bench_report.py --criterion "$dir/criterion" --svg "benches/comparison-$b.svg" \
    > "$dir/report.md"
  echo "=== $b: report in $dir/report.md"
done
