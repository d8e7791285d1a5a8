#!/usr/bin/env bash
# Mutation testing with cargo-mutants over field/src, scalar/src, group/src and
# src/ed25519 (configuration, exclusions and the equivalent mutants with their reasons:
# .cargo/mutants.toml). Not run in CI: a full run takes hours.
#
#   scripts/mutants.sh [PATH...]   folders or .rs files; default: the four folders
#
# Each mutant builds and runs the tests of the mutated crate only (cargo-mutants'
# default), in release mode (the incremental `mutants` profile). Case counts: the agreement tests of the vector backends
# read EDWARDS25519_BACKEND_CASES (set to 2,000 here, from 100,000); the proptest
# suites set their case counts with ProptestConfig::with_cases, which overrides
# PROPTEST_CASES, so PROPTEST_CASES does not shorten them (it is still set, for any
# test on proptest's default config).
#
# Environment: MUTANTS_JOBS (parallel jobs, default 1: each job is a full release build
# and a test run, and 2 cores are shared), MUTANTS_OUT (output folder, default
# mutants.out), MUTANTS_ARGS (extra cargo-mutants arguments, e.g. "--iterate" to skip
# mutants caught by an earlier run, or "--shard 1/4").
set -euo pipefail
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
export EDWARDS25519_BACKEND_CASES=${EDWARDS25519_BACKEND_CASES:-2000}
export PROPTEST_CASES=${PROPTEST_CASES:-256}
# shellcheck disable=SC2086
exec cargo mutants --workspace --jobs "${MUTANTS_JOBS:-1}" \
  --output "${MUTANTS_OUT:-.}" "${filter[@]}" ${MUTANTS_ARGS:-}
