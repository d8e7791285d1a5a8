#!/usr/bin/env bash
# Regenerates BENCHMARKS.md's tables on this machine: the peer comparison
# (scripts/peers) in the builds users make, every build's binary run in turn RUNS times,
# then the upstream-named criterion suite in the LTO build. Writes
# target/bench/report.md, to go under the CPU model's heading in BENCHMARKS.md, with
# the open issues' performance targets this CPU can measure (bench_report.py targets).
#
# Usage: bash scripts/bench.sh [--runs N] [--rounds R] [--only ROWS] [--no-criterion] [BUILD...]
#
#   default   cargo's release profile as it is (no LTO, 16 codegen units)
#   lto       LTO ("fat") and one codegen unit, no CPU flags (each library picks its code
#             at run time; the driver's own profile)
#   native    the same plus RUSTFLAGS='-C target-cpu=native' (curve25519-dalek then
#             compiles its AVX-512 IFMA backend where the CPU has IFMA)
#   lto-avx2  the lto build with our AVX2 point backend forced
#             (--cfg edwards25519_backend="avx2"), for CPUs like this one without IFMA
#
# Builds default to `default lto native`, RUNS to 3, ROUNDS (the driver's best-of) to 101.
# --only passes a row filter to the driver (e.g. --only X25519). A clean build of the
# driver compiles AWS-LC's and ring's C and assembly: a few minutes per build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

runs=3
rounds=101
only=()
criterion=1
builds=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --only) only=(--only "$2"); shift ;;
    --no-criterion) criterion=0 ;;
    default|lto|native|lto-avx2) builds+=("$1") ;;
    *) echo "unknown argument: $1 (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
  shift
done
[ ${#builds[@]} -gt 0 ] || builds=(default lto native)

out=$root/target/bench
mkdir -p "$out"
rm -f "$out"/peers-*.tsv
for b in "${builds[@]}"; do
  case "$b" in
    default) envs=(CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16) ;;
    lto) envs=() ;;
    native) envs=("RUSTFLAGS=-C target-cpu=native") ;;
    lto-avx2) envs=('RUSTFLAGS=--cfg edwards25519_backend="avx2"') ;;
  esac
  echo "=== build $b: ${envs[*]:-(the driver profile: LTO + 1 codegen unit)}" >&2
  env CARGO_TARGET_DIR="$root/target/peers-$b" "${envs[@]}" \
    cargo build --release --manifest-path scripts/peers/Cargo.toml >&2
done
# The builds' binaries in turn, so a machine whose load changes affects each alike.
for run in $(seq 1 "$runs"); do
  for b in "${builds[@]}"; do
    echo "=== run $run, build $b" >&2
    "$root/target/peers-$b/release/peers" --rounds "$rounds" "${only[@]}" \
      --tsv "$out/peers-$b-$run.tsv"
  done
done
{
  echo "Regenerate: \`bash scripts/bench.sh --runs $runs --rounds $rounds ${only[*]:+${only[*]} }${builds[*]}\`"
  python3 scripts/bench_report.py peers "$out"
  echo
  echo "The open issues' targets (\`python3 scripts/bench_report.py targets\`):"
  echo
  python3 scripts/bench_report.py targets "$out" || true
} > "$out/report.md"

if [ "$criterion" = 1 ]; then
  echo "=== criterion, LTO + 1 codegen unit" >&2
  env CARGO_TARGET_DIR="$root/target/bench-criterion" CARGO_PROFILE_BENCH_LTO=fat \
    CARGO_PROFILE_BENCH_CODEGEN_UNITS=1 cargo bench --bench field --bench scalar \
    --bench group --bench ed25519 -- --warm-up-time 1 --measurement-time 3 >&2
  { echo; python3 scripts/bench_report.py criterion "$root/target/bench-criterion/criterion"; } \
    >> "$out/report.md"
fi
echo "=== report: $out/report.md" >&2
