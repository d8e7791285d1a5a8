#!/usr/bin/env bash
# Build cost: clean `cargo build --release` of two small programs that sign and verify one
# Ed25519 message and compute one X25519 shared secret (bench/build-cost/): `ours` (this
# repository's facade) and `dalek` (curve25519-dalek 5, ed25519-dalek 3, x25519-dalek 3).
#
#   scripts/build_cost.sh [--runs N] [--only VARIANTS]
#
# Variants (comma-separated for --only; all three by default):
#   ours        the facade with its default features
#   ours-small  the smallest build: the facade with only its `ed25519` feature (no
#               `vector`, no `hash-to-curve`), `--no-default-features` of the program
#   dalek       the three dalek crates with their default features
#
# Each run builds every variant once, in turn (the order rotates from run to run), so
# that the load other processes put on the machine falls on all of them alike. A build
# starts from an empty target directory (the dependencies' sources are fetched before,
# untimed) and is timed for wall and user+sys time; the binary is stripped (a copy) and
# its size and `.text` / `.rodata` sections read with `size -A`. The table gives the
# medians over the runs, and the load average (1 min) seen at the start of the builds.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3
only="ours,ours-small,dalek"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--only ours,ours-small,dalek]" >&2; exit 2 ;;
  esac
done
IFS=, read -r -a variants <<<"$only"
root=$(pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
results="$scratch/results"
: >"$results"

dir_of() { case "$1" in ours | ours-small) echo "$root/bench/build-cost/ours" ;; dalek) echo "$root/bench/build-cost/dalek" ;; *) echo "unknown variant $1" >&2; exit 2 ;; esac; }
flags_of() { case "$1" in ours-small) echo "--no-default-features" ;; *) echo "" ;; esac; }
bin_of() { case "$1" in ours | ours-small) echo build-cost-ours ;; dalek) echo build-cost-dalek ;; esac; }

for v in "${variants[@]}"; do
  cargo fetch --quiet --manifest-path "$(dir_of "$v")/Cargo.toml"
done

build() {
  local v=$1 dir target load t0 t1 bin
  dir=$(dir_of "$v")
  target="$scratch/target-$v"
  rm -rf "$target"
  load=$(cut -d' ' -f1 /proc/loadavg)
  t0=$(date +%s.%N)
  # shellcheck disable=SC2046
  /usr/bin/time -f '%U %S' -o "$scratch/time" \
    cargo build --quiet --release --offline --manifest-path "$dir/Cargo.toml" \
    --target-dir "$target" $(flags_of "$v")
  t1=$(date +%s.%N)
  bin="$target/release/$(bin_of "$v")"
  strip -o "$scratch/stripped" "$bin"
  "$bin" >/dev/null
  python3 - "$v" "$t0" "$t1" "$scratch/time" "$scratch/stripped" "$load" >>"$results" <<'EOF'
import os, subprocess, sys
v, t0, t1, timef, stripped, load = sys.argv[1:]
user, sys_ = map(float, open(timef).read().split()[-2:])
sections = {}
for line in subprocess.run(["size", "-A", stripped], capture_output=True, text=True).stdout.splitlines():
    parts = line.split()
    if len(parts) >= 2 and parts[0].startswith("."):
        sections[parts[0]] = int(parts[1])
print(v, f"{float(t1) - float(t0):.2f}", f"{user + sys_:.2f}", os.path.getsize(stripped),
      sections.get(".text", 0), sections.get(".rodata", 0), load)
EOF
  tail -n 1 "$results" | awk '{printf "  %-10s wall %6.1f s  user+sys %6.1f s  stripped %5d KB  (.text %d KB, .rodata %d KB)  load %s\n", $1, $2, $3, $4/1024, $5/1024, $6/1024, $7}'
}

echo "build cost: $runs run(s) of ${variants[*]} on $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs; $(rustc --version)"
for ((r = 0; r < runs; r++)); do
  echo "run $((r + 1))/$runs"
  n=${#variants[@]}
  for ((i = 0; i < n; i++)); do
    build "${variants[$(((i + r) % n))]}"
  done
done

python3 - "$results" "${variants[@]}" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
variants = sys.argv[2:]
med = {}
for v in variants:
    rs = [r for r in rows if r[0] == v]
    med[v] = [statistics.median(float(r[i]) for r in rs) for i in range(1, 7)]
print()
print("| build | wall (s) | user+sys (s) | stripped binary (KB) | .text (KB) | .rodata (KB) | load (1 min) |")
print("|---|---|---|---|---|---|---|")
for v in variants:
    w, c, b, t, r, l = med[v]
    ratio = ""
    if "dalek" in med and v != "dalek":
        d = med["dalek"]
        ratio = f" ({w / d[0]:.2f}x wall, {b / d[2]:.2f}x binary)"
    print(f"| {v}{ratio} | {w:.1f} | {c:.1f} | {b / 1024:,.0f} | {t / 1024:,.0f} | {r / 1024:,.0f} | {l:.2f} |")
print(f"\nmedians of {len(rows) // len(variants)} run(s); KB = 1024 bytes; load = median of the 1-minute load average at each build's start")
EOF
