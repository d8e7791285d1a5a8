#!/usr/bin/env bash
# Builds and runs every fuzz target in fuzz/ (cargo fuzz, libFuzzer) for SECONDS each
# (default 60), from seed corpora made from testvectors/ by scripts/fuzz_seeds.py.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Works on stable Rust: cargo fuzz passes nightly-only flags (-Z build-std-like
# sanitizer flags: `-Zsanitizer=address`, `-Cpasses=sancov-module`, ...), so this sets
# RUSTC_BOOTSTRAP=1, which lets a stable compiler accept -Z flags. That is for this
# fuzz build only; the library itself never needs it.
#
# Environment: FUZZ_PARALLEL (how many targets run at once, default 1; CI sets 2, one
# per core); FUZZ_JOBS (libFuzzer -jobs within one target, default 1; with more, the
# stats are in fuzz/fuzz-<job>.log); FUZZ_SANITIZER (default
# address; "none" builds faster and runs about twice as fast); CARGO_TARGET_DIR (the
# fuzz build's target dir, default fuzz/target); FUZZ_LOG (a folder for the per-target
# libFuzzer logs, default fuzz/logs). Installs cargo-fuzz if missing. Exits non-zero if
# any target finds a crash (the reproducer is in fuzz/artifacts/<target>/).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
export RUSTC_BOOTSTRAP=1
sanitizer=${FUZZ_SANITIZER:-address}
logs=${FUZZ_LOG:-fuzz/logs}
mkdir -p "$logs"

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "+ cargo install cargo-fuzz --locked"
  cargo install cargo-fuzz --locked
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cd fuzz && cargo fuzz list)
fi
python3 scripts/fuzz_seeds.py fuzz/corpus >/dev/null

build() { (cd fuzz && cargo fuzz build --sanitizer "$sanitizer" "$@"); }
echo "+ cargo fuzz build (${#targets[@]} targets, sanitizer $sanitizer)"
t0=$(date +%s)
build
echo "build: $(( $(date +%s) - t0 ))s"

# One target's run: its libFuzzer log in $logs/<target>.log, then a summary line (and the
# log's tail if it failed). Exits 1 on a finding.
run_one() {
  local t=$1 log="$logs/$1.log" t1 verdict stats
  t1=$(date +%s)
  # -max_total_time bounds the run; -print_final_stats gives executions per second.
  # With -jobs libFuzzer writes each job's output to fuzz/fuzz-<job>.log instead.
  local jobs=()
  [ "${FUZZ_JOBS:-1}" = 1 ] || jobs=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
  if (cd fuzz && cargo fuzz run --sanitizer "$sanitizer" "$t" "corpus/$t" -- \
      -max_total_time="$secs" "${jobs[@]}" -print_final_stats=1 -max_len=512) \
      >"$log" 2>&1; then
    verdict=ok
  else
    verdict=FAILED
  fi
  # The last status line: "#N DONE cov: C ft: F corp: ... exec/s: E ...".
  stats=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
  printf '%-24s %-6s %4ss  %s\n' "$t" "$verdict" "$(( $(date +%s) - t1 ))" "$stats"
  [ $verdict = ok ] || { tail -n 40 "$log"; return 1; }
}

# Up to FUZZ_PARALLEL targets at a time; each summary is printed whole when its target
# ends (one printf), so parallel lines do not interleave.
parallel=${FUZZ_PARALLEL:-1}
status=0
running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$parallel" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
  run_one "$t" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
