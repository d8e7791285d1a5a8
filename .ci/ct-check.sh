#!/usr/bin/env bash
# Constant-time check (the rules are in docs/design.md, section 3): runs every
# `ct-check` operation under valgrind memcheck with its secrets marked undefined, once
# per backend, and fails on any secret-dependent branch or memory address.
# Also runs the negative controls (deliberately leaky operations) and fails if
# memcheck does NOT flag them, and checks that all three runs print the same outputs
# (the inputs are fixed-seed).
#
#   (a) portable: RUSTFLAGS='--cfg edwards25519_backend="portable"'
#   (b) fast:     RUSTFLAGS='-C target-feature=+bmi2,+adx'. Valgrind hides ADX from
#       CPUID, so a runtime check would fall back to portable; with the features on
#       at compile time, use_fast() is true without asking CPUID. Valgrind 3.19 shows
#       AVX2 in CPUID, so the point operations run the AVX2 vector backend here (the
#       table's "point" column says which ran).
#   (c) serial:   (b) with --cfg edwards25519_backend="serial": the serial point
#       backend over the MULX/ADX limbs.
#
# Each backend builds in its own target dir (target/ct-portable, target/ct-fast,
# target/ct-serial) so the RUSTFLAGS never touch the main build. Logs:
# target/ct-logs/<backend>-<op>.log.
# Environment: CT_CHECK_TARGET_BASE (default <repo>/target).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
TARGET_BASE=${CT_CHECK_TARGET_BASE:-$ROOT/target}
LOG_DIR=$TARGET_BASE/ct-logs

if ! command -v valgrind >/dev/null 2>&1; then
    echo "ct-check: installing valgrind"
    if [ "$(id -u)" -ne 0 ]; then
        echo "ct-check: valgrind is missing and we are not root" >&2
        exit 1
    fi
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind; } >/dev/null ||
        { echo "ct-check: could not install valgrind" >&2; exit 1; }
fi

BACKENDS=(portable fast serial)
declare -A FLAGS=(
    [portable]='--cfg edwards25519_backend="portable"'
    [fast]='-C target-feature=+bmi2,+adx'
    [serial]='-C target-feature=+bmi2,+adx --cfg edwards25519_backend="serial"'
)

for b in "${BACKENDS[@]}"; do
    echo "ct-check: building ($b backend)"
    CARGO_TARGET_DIR="$TARGET_BASE/ct-$b" CARGO_PROFILE_RELEASE_DEBUG=true \
        RUSTFLAGS="${FLAGS[$b]}" cargo build --quiet --release -p ct-check ||
        { echo "ct-check: build failed ($b)" >&2; exit 1; }
done

rm -rf "$LOG_DIR"
mkdir -p "$LOG_DIR"
# The portable binary runs natively only to list the operations (the fast one may use
# instructions this CPU lacks; under valgrind they are emulated).
mapfile -t OPS < <("$TARGET_BASE/ct-portable/release/ct-check" list)
if [ "${#OPS[@]}" -eq 0 ]; then
    echo "ct-check: no operations listed" >&2
    exit 1
fi
CONTROLS=(leaky-branch leaky-index leaky-through-field)
declare -A CONTROL_MSG=(
    [leaky-branch]='Conditional jump or move depends on uninitialised value'
    [leaky-index]='Use of uninitialised value'
    [leaky-through-field]='Conditional jump or move depends on uninitialised value'
)

failures=0
rows=()
# Whether the fast run must have used the AVX2 point backend (valgrind passes AVX2
# through to CPUID where the CPU has it).
HAVE_AVX2=0
grep -q -w avx2 /proc/cpuinfo && HAVE_AVX2=1
declare -A OUTPUT=()

field() { sed -n "s/^$1: //p" "$2" | head -n 1; }

# Each memcheck run is single-threaded and independent of the others, so they run
# JOBS at a time (default: one per core), each leaving its exit code in a .rc file; the
# checks below then read the results in order.
JOBS=${CT_CHECK_JOBS:-$(nproc)}
memcheck() {
    local b=$1 op=$2
    valgrind --error-exitcode=1 --track-origins=yes --log-file="$LOG_DIR/$b-$op.log" \
        "$TARGET_BASE/ct-$b/release/ct-check" "$op" >"$LOG_DIR/$b-$op.out" 2>&1
    echo $? >"$LOG_DIR/$b-$op.rc"
}
for b in "${BACKENDS[@]}"; do
    echo "ct-check: running ${#OPS[@]} operations and ${#CONTROLS[@]} controls under memcheck ($b backend, $JOBS at a time)"
    for op in "${OPS[@]}" "${CONTROLS[@]}"; do
        while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
        memcheck "$b" "$op" &
    done
done
wait

# read_one BACKEND OP -> sets RC, LOG, OUT, SELECTED, EXPECTED, POINT, ONVG
read_one() {
    local b=$1 op=$2
    LOG="$LOG_DIR/$b-$op.log"
    OUT="$LOG_DIR/$b-$op.out"
    RC=$(cat "$LOG_DIR/$b-$op.rc" 2>/dev/null || echo missing)
    SELECTED=$(field backend-selected "$OUT")
    # The expected name comes from the binary's own report of each backend's BACKEND
    # constant, so each run is checked against the field code's own name for it, not a
    # copy kept here.
    EXPECTED=$(field "backend-$b" "$OUT")
    POINT=$(field point-backend "$OUT")
    ONVG=$(field running-on-valgrind "$OUT")
}

for b in "${BACKENDS[@]}"; do
    for op in "${OPS[@]}"; do
        read_one "$b" "$op"
        result=PASS
        if [ "$RC" != 0 ]; then
            if grep -q 'uninitialised value' "$LOG"; then result="LEAK (see $LOG)"; else result="FAIL rc=$RC (see $OUT, $LOG)"; fi
        elif ! grep -q 'ERROR SUMMARY: 0 errors' "$LOG"; then
            result="FAIL: memcheck errors (see $LOG)"
        elif [ "${ONVG:-0}" = 0 ]; then
            result="FAIL: client requests not seen by valgrind"
        elif [ -z "$SELECTED" ] || [ "$SELECTED" != "$EXPECTED" ]; then
            result="FAIL: backend '$SELECTED', expected '$EXPECTED'"
        elif [ "$b" = fast ] && [ "$HAVE_AVX2" = 1 ] && [ "$POINT" != avx2 ]; then
            result="FAIL: point backend '$POINT', expected avx2 (valgrind's CPUID shows AVX2)"
        elif [ "$b" = serial ] && [ "$POINT" != "$EXPECTED" ]; then
            result="FAIL: point backend '$POINT', expected the serial one over '$EXPECTED'"
        else
            out=$(field output "$OUT")
            if [ -z "$out" ]; then
                result="FAIL: no output"
            elif [ -n "${OUTPUT[$op]:-}" ] && [ "${OUTPUT[$op]}" != "$out" ]; then
                result="FAIL: output differs from the ${BACKENDS[0]} backend"
            fi
            OUTPUT[$op]=$out
        fi
        [ "$result" = PASS ] || failures=$((failures + 1))
        rows+=("$op|$b|${SELECTED:-?} / ${POINT:-?}|$result")
    done
    for op in "${CONTROLS[@]}"; do
        read_one "$b" "$op"
        if [ "$RC" = 1 ] && grep -q "${CONTROL_MSG[$op]}" "$LOG"; then
            result="FLAGGED (expected)"
        else
            result="NOT FLAGGED: FAIL (rc=$RC, see $LOG)"
            failures=$((failures + 1))
        fi
        rows+=("$op (control)|$b|${SELECTED:-?}|$result")
    done
done

echo
printf '%-40s %-9s %-36s %s\n' operation run "field / point backend" result
printf '%-40s %-9s %-36s %s\n' --------- --- --------------------- ------
for row in "${rows[@]}"; do
    IFS='|' read -r op b sel res <<<"$row"
    printf '%-40s %-9s %-36s %s\n' "$op" "$b" "$sel" "$res"
done
echo

# Show where the first leaks are, from memcheck's stack traces.
shown=0
for row in "${rows[@]}"; do
    IFS='|' read -r op b _ res <<<"$row"
    case $res in
    LEAK*)
        if [ $shown -lt 3 ]; then
            echo "---- $op ($b): first memcheck error"
            grep -v '^==[0-9]*== *$' "$LOG_DIR/$b-$op.log" | grep -A 14 -m 1 'uninitialised value'
            shown=$((shown + 1))
        fi
        ;;
    esac
done

if [ "$failures" -ne 0 ]; then
    echo "ct-check: FAILED ($failures failures)"
    exit 1
fi
echo "ct-check: all ${#OPS[@]} operations constant time on ${#BACKENDS[@]} backends; negative controls flagged"
