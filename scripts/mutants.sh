#!/usr/bin/env bash
# Mutation testing with cargo-mutants over field/src, scalar/src, group/src and
# src/ed25519 (configuration, exclusions and the equivalent mutants with their reasons:
# .cargo/mutants.toml). Not run in CI: a full run takes hours. TESTING.md explains it.
#
#   scripts/mutants.sh [--since REV] [--resume] [--list] [PATH...]
#
#   PATH         folders or .rs files; default: the four folders
#   --since REV  only the mutants on lines that differ between REV (any git revision)
#                and the working tree, untracked files included: cargo-mutants'
#                --in-diff over `git diff REV`. Nothing is cached, so nothing goes stale:
#                after a run that ends with none missed, tag it (git tag -f
#                mutants-clean) and later run --since mutants-clean.
#   --resume     cargo-mutants' --iterate: skip the mutants that mutants.out/ records as
#                caught or unviable in earlier runs in this checkout, test the rest (for
#                a run that was stopped).
#   --list       list the mutants that would be tested, run nothing.
#
# Where it runs: cargo-mutants normally copies the tree to a temporary folder and builds
# it from scratch, a full release build of the workspace per invocation. Instead this
# script keeps a copy in target/mutants/src (MUTANTS_DIR overrides target/mutants),
# updates it from the working tree (tracked and untracked files that are not ignored;
# only files whose contents differ are copied, so cargo's freshness checks stay right),
# and runs cargo-mutants --in-place there, with the build in target/mutants/target. So
# only the first run pays for the full build, and the working tree is never mutated,
# even when a run is killed.
#
# Each mutant builds and runs the tests of the mutated crate only (cargo-mutants'
# default), in the `mutants` profile (Cargo.toml: optimized, incremental, debug
# assertions on, so the tests take their smaller debug case counts). The agreement tests
# of the vector backends read EDWARDS25519_BACKEND_CASES (set to 2,000 here); a test on
# proptest's default config reads PROPTEST_CASES (256 here); the group's integration
# tests cap their random-case counts at EDWARDS25519_TEST_CASES_MAX (64 here; fixed
# vectors and edge lists are not capped), as each group mutant runs all of them.
#
# Code compiled only under a forced backend (fe_impl.rs's radix-2^51 `imp`, the group's
# portable-limb paths) is dead in the default build, so its mutants pass there. After
# the default pass, the mutants it missed are tried again with each backend of
# MUTANTS_RETRY forced (EDWARDS25519_BACKEND, default "portable"; e.g. "portable serial"),
# each in its own build folder: a mutant counts as caught if some build catches it, as
# CI runs the suite on each backend. The list left at the end is the one that matters,
# and the script exits 2 if it is not empty. (MUTANTS_RETRY= skips the retries.)
#
# Environment: MUTANTS_OUT (where mutants.out/ goes, default the repository root; the
# retries go to mutants.out/retry-<backend>/), MUTANTS_ARGS (extra cargo-mutants
# arguments, e.g. "--shard 1/4" or "--cargo-arg=--lib"). One job only: --in-place builds
# in one tree. For two at once, give each its own MUTANTS_DIR and MUTANTS_OUT.
set -euo pipefail
# The rest is one brace group, which bash reads whole before running any of it: editing
# this file while a run is going (runs take hours) cannot change that run's steps.
{
since=
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --since) [ $# -ge 2 ] || { echo "mutants: --since needs a revision" >&2; exit 64; }
      since=$2; shift 2 ;;
    --since=*) since=${1#--since=}; shift ;;
    --resume) args+=(--iterate); shift ;;
    --list) args+=(--list); shift ;;
    --) shift; break ;;
    -*) echo "mutants: unknown option $1 (see the header of $0)" >&2; exit 64 ;;
    *) break ;;
  esac
done
cd "$(dirname "$0")/.."
if ! cargo mutants --version >/dev/null 2>&1; then
  echo "+ cargo install cargo-mutants --locked"
  cargo install cargo-mutants --locked
fi
# The files are .cargo/mutants.toml's examine_globs; paths given here narrow them with a
# name regex (cargo-mutants adds -f globs to the config's instead of narrowing).
filter=()
if [ $# -gt 0 ]; then
  re=$(printf '%s\n' "$@" | sed 's/[.]/\\./g' | paste -sd'|')
  filter=(--re "^($re)")
fi
# The tests of the real IFMA instructions skip on a CPU without AVX-512 IFMA (the IFMA
# code still runs over its instruction model), so there ifma.rs's `detect` returning
# None is the original program and shows as missed: say so before the hours go.
if ! grep -qw avx512ifma /proc/cpuinfo 2>/dev/null; then
  echo "mutants: this CPU lacks AVX-512 IFMA: ifma.rs's detect() as None cannot be caught here" >&2
fi
root=$PWD
# Absolute paths: the script changes into the copy before running cargo-mutants.
work=$(realpath -m "${MUTANTS_DIR:-$root/target/mutants}")
out=$(realpath -m "${MUTANTS_OUT:-$root}")
mkdir -p "$work/src" "$out"
changed=0
files=$(mktemp)
git ls-files -z --cached --others --exclude-standard >"$files"
while IFS= read -r -d '' f; do
  [ -f "$f" ] || continue # deleted but still tracked
  if ! cmp -s "$f" "$work/src/$f"; then
    mkdir -p "$work/src/$(dirname "$f")"
    cp "$f" "$work/src/$f"
    changed=$((changed + 1))
  fi
done <"$files"
# Files gone from the working tree go from the copy too (a stale test file would still
# build and run there).
removed=0
while IFS= read -r f; do
  rm -f "$work/src/$f"
  removed=$((removed + 1))
done < <(LC_ALL=C comm -13 <(tr '\0' '\n' <"$files" | LC_ALL=C sort) \
  <(cd "$work/src" && find . -type f | sed 's|^\./||' | LC_ALL=C sort))
rm -f "$files"
echo "mutants: $changed files updated, $removed removed in $work/src"

# --since: the diff of the mutated folders between REV and the working tree, untracked
# files as additions, for cargo-mutants' --in-diff (which keeps the mutants whose lines
# it changes). --no-renames: a moved file is all new, so all of it is tested again.
if [ -n "$since" ]; then
  git rev-parse --verify --quiet "$since^{commit}" >/dev/null ||
    { echo "mutants: --since $since is not a revision here" >&2; exit 64; }
  folders=(field/src scalar/src group/src src/ed25519 src/ed25519.rs)
  # In the work folder: cargo-mutants renames an earlier mutants.out/ when it starts.
  diff=$work/since.diff
  git diff --no-renames --no-ext-diff "$since" -- "${folders[@]}" >"$diff"
  while IFS= read -r f; do
    git diff --no-index --no-ext-diff /dev/null "$f" >>"$diff" || true
  done < <(git ls-files --others --exclude-standard -- "${folders[@]}")
  if [ ! -s "$diff" ]; then
    echo "mutants: no library code changed since $since; nothing to test"
    exit 0
  fi
  echo "mutants: only code changed since $since ($(grep -c '^+++ ' "$diff") files; $diff)"
  args+=(--in-diff "$diff")
fi

export EDWARDS25519_BACKEND_CASES=${EDWARDS25519_BACKEND_CASES:-2000}
export PROPTEST_CASES=${PROPTEST_CASES:-256}
export EDWARDS25519_TEST_CASES_MAX=${EDWARDS25519_TEST_CASES_MAX-64}
cd "$work/src"
status=0
# shellcheck disable=SC2086
CARGO_TARGET_DIR=$work/target cargo mutants --workspace --in-place --output "$out" \
  "${filter[@]}" "${args[@]}" ${MUTANTS_ARGS:-} || status=$?
case " ${args[*]} ${MUTANTS_ARGS:-} " in *" --list "*) exit $status ;; esac
# cargo-mutants' exit codes: 0 all caught, 2 some missed, 3 some timed out; others
# (baseline failed, usage) end the script.
[ $status -eq 0 ] || [ $status -eq 2 ] || [ $status -eq 3 ] || exit $status

missed=$out/mutants.out/missed.txt
for backend in ${MUTANTS_RETRY-portable}; do
  [ -s "$missed" ] || break
  echo "mutants: $(wc -l <"$missed") missed; again with EDWARDS25519_BACKEND=$backend"
  # One anchored regex per mutant name, metacharacters escaped (Rust's regex syntax).
  retry=()
  while IFS= read -r name; do
    retry+=(--re "^$(printf '%s' "$name" | sed 's/[][\\.*+?(){}|^$]/\\&/g')\$")
  done <"$missed"
  dir=$out/mutants.out/retry-$backend
  rm -rf "$dir"
  mkdir -p "$dir"
  rs=0
  EDWARDS25519_BACKEND=$backend CARGO_TARGET_DIR=$work/target-$backend \
    cargo mutants --workspace --in-place --output "$dir" "${retry[@]}" || rs=$?
  [ $rs -eq 0 ] || [ $rs -eq 2 ] || [ $rs -eq 3 ] || exit $rs
  missed=$dir/mutants.out/missed.txt
  touch "$missed"
done
if [ -s "$missed" ]; then
  echo "mutants: missed in every build ($missed):"
  cat "$missed"
  exit 2
fi
echo "mutants: none missed"
# The default pass's 2 (missed) is answered by the retries; 3 still reports timeouts.
[ $status -eq 3 ] && exit 3
exit 0
}
