#!/usr/bin/env python3
"""BENCHMARKS.md's tables from the benchmark drivers' output (standard library only).

  bench_report.py peers DIR        the peer tables, from DIR/peers-BUILD-RUN.tsv (written
                                   by scripts/peers with --tsv; scripts/bench.sh names them)
  bench_report.py criterion DIR    the upstream-named suite, from criterion's DIR
                                   (target/criterion after `cargo bench`)
  bench_report.py ab RUN.md...     several runs of the A/B driver (scripts/before_after.sh)
                                   summarized: per operation the median of each side's best
                                   time, the median after/before ratio and its spread
  bench_report.py targets DIR      the open performance targets (issues 37 and 38) that the
                                   CPU of DIR's runs can measure, each with its ratios and
                                   whether the median meets it; exit status 1 if one misses
                                   (a stand-in build's miss does not count)

Times are per call. Ratios are ours over the peer's (below 1: ours is faster); over
several runs a cell gives the median, and the three-build table the lowest and highest
run.
"""

import collections
import json
import pathlib
import re
import statistics
import sys

OURS = "edwards25519"
# The builds scripts/bench.sh makes, in column order.
BUILDS = [
    ("default", "cargo defaults"),
    ("lto", "LTO + 1 CGU"),
    ("native", "LTO + 1 CGU + `target-cpu=native`"),
    ("lto-avx2", "LTO + 1 CGU, ours forced to AVX2"),
]
# The libraries of the protocol table (X25519, Ed25519), in column order; the dalek
# column holds x25519-dalek or ed25519-dalek.
PROTOCOL_PEERS = ["dalek", "aws-lc-rs", "ring", "libcrux", "libsodium"]


def human(ns: float) -> str:
    for unit, scale in (("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.2f} {unit}"
    return f"{ns:.1f} ns"


def read_peers(directory: pathlib.Path):
    """{build: [run: {row: {lib: (ns or None, note)}}]}, the row order, and
    {build: its runs' header lines}."""
    runs = collections.defaultdict(list)
    order, headers = [], collections.defaultdict(set)
    pattern = re.compile(r"peers-(.+)-(\d+)\.tsv$")
    files = sorted(directory.glob("peers-*.tsv"), key=lambda p: (p.name.rsplit("-", 1)[0], int(pattern.search(p.name).group(2))))
    for path in files:
        build = pattern.search(path.name).group(1)
        run = collections.defaultdict(dict)
        for line in path.read_text().splitlines():
            if line.startswith("#"):
                headers[build].add(line[1:].strip())
                continue
            row, lib, ns, note = line.split("\t")
            run[row][lib] = (float(ns) if ns else None, note)
            if row not in order:
                order.append(row)
        runs[build].append(run)
    return runs, order, headers


def median_time(runs, row, lib):
    got = [r[row][lib][0] for r in runs if lib in r.get(row, {}) and r[row][lib][0] is not None]
    return statistics.median(got) if got else None


def ratios(runs, row, lib):
    """ours/peer of each run that has both."""
    out = []
    for r in runs:
        cells = r.get(row, {})
        if OURS in cells and lib in cells and cells[OURS][0] and cells[lib][0]:
            out.append(cells[OURS][0] / cells[lib][0])
    return out


def peers_report(directory: pathlib.Path) -> int:
    runs, order, headers = read_peers(directory)
    if not runs:
        print(f"no peers-BUILD-RUN.tsv under {directory}", file=sys.stderr)
        return 1
    for h in sorted(set().union(*headers.values())):
        print(f"<!-- {h} -->")
    main = "lto" if "lto" in runs else next(iter(runs))
    lto = runs[main]
    n = len(lto)

    # The protocol table: every peer, the main build.
    def libs(row):
        return [lib for lib in lto[0].get(row, {}) if lib != OURS]

    protocol = [row for row in order if any(l in ("aws-lc-rs", "ring", "libcrux") for l in libs(row))]
    print(f"\nPer call, median of {n} run(s) of best rounds; (ratio) = ours / the peer's.\n")
    print("| operation | ours | " + " | ".join(
        "x25519-dalek / ed25519-dalek" if p == "dalek" else p for p in PROTOCOL_PEERS) + " |")
    print("|---" * (2 + len(PROTOCOL_PEERS)) + "|")
    notes = []
    for row in protocol:
        ours = median_time(lto, row, OURS)
        cells = [f"**{human(ours)}**"]
        for p in PROTOCOL_PEERS:
            lib = next((l for l in libs(row) if l.endswith(p) and l != "curve25519-dalek"), None)
            if lib is None:
                cells.append("–")
                continue
            t, note = median_time(lto, row, lib), lto[0][row][lib][1]
            if t is None:
                cells.append(note or "–")
                continue
            mark = ""
            if note:
                notes.append(f"{row}, {lib}: {note}")
                mark = "¹²³⁴⁵⁶⁷⁸⁹"[len(notes) - 1] if len(notes) <= 9 else "*"
            cells.append(f"{human(t)}{mark} ({ours / t:.2f})")
        print(f"| {row} | " + " | ".join(cells) + " |")
    for i, note in enumerate(notes):
        mark = "¹²³⁴⁵⁶⁷⁸⁹"[i] if i < 9 else "*"
        print(f"\n{mark} {note}", end="")
    print("\n")

    # One peer per row (curve25519-dalek where the row has it), every build.
    builds = [(b, name) for b, name in BUILDS if b in runs]
    print("| operation | peer | ours, " + builds[[b for b, _ in builds].index(main)][1] + " | "
          + " | ".join(name for _, name in builds) + " |")
    print("|---" * (3 + len(builds)) + "|")
    for row in order:
        peers = libs(row)
        peer = "curve25519-dalek" if "curve25519-dalek" in peers else peers[0]
        ours = median_time(lto, row, OURS)
        cells = []
        for b, _ in builds:
            rs = ratios(runs[b], row, peer)
            cells.append("–" if not rs else f"{min(rs):.2f}" if len(rs) == 1 or f"{min(rs):.2f}" == f"{max(rs):.2f}"
                         else f"{min(rs):.2f}–{max(rs):.2f}")
        note = lto[0][row][peer][1]
        label = f"{peer} ({note})" if note else peer
        print(f"| {row} | {label} | {human(ours) if ours else '–'} | " + " | ".join(cells) + " |")
    return 0


def criterion_report(root: pathlib.Path) -> int:
    med = {}
    for bench in root.glob("**/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        est = json.loads((bench.parent / "estimates.json").read_text())
        med[meta["full_id"]] = est["median"]["point_estimate"]
    if not med:
        print(f"no criterion results under {root}; run cargo bench first", file=sys.stderr)
        return 1
    print("| benchmark | median |\n|---|---|")
    for name in sorted(med):
        print(f"| {name} | {human(med[name])} |")
    return 0


def ab_report(paths) -> int:
    runs = []
    for path in paths:
        rows, order = {}, []
        for line in pathlib.Path(path).read_text().splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) != 5 or cells[0] in ("operation", "") or cells[0].startswith("-"):
                continue
            name, _, before, after, ratio = cells
            rows[name] = (float(before), float(after), float(ratio))
            order.append(name)
        runs.append((order, rows))
    if not runs:
        print("no runs given", file=sys.stderr)
        return 1
    print(f"| operation | before | after | after/before (median of {len(runs)}) | spread |")
    print("|---|---|---|---|---|")
    for name in runs[0][0]:
        got = [r[name] for _, r in runs if name in r]
        rs = [g[2] for g in got]
        med = statistics.median(rs)
        mark = "**" if med > 1.03 else ""
        print(f"| {name} | {human(statistics.median(g[0] for g in got))} | "
              f"{human(statistics.median(g[1] for g in got))} | {mark}{med:.3f}{mark} | "
              f"{min(rs):.3f}–{max(rs):.3f} |")
    return 0


# The performance targets: (issue, row, peer, limit, where). `where` names the CPU and
# build a target is measured on:
#   "ifma lto"     a CPU with AVX-512 IFMA, LTO + 1 CGU without CPU flags;
#   "ifma native"  a CPU with AVX-512 IFMA, LTO + 1 CGU + target-cpu=native;
#   "avx2 lto"     a CPU with AVX2 and no IFMA, LTO + 1 CGU (on an IFMA CPU, the lto-avx2
#                  build stands in for it, and the report says so);
#   "every"        every build of every CPU.
# Ratios are ours over the peer's; a batch row's peer makes 64 single calls, so its ratio
# is per element.
TARGETS = [
    (37, "X25519", "aws-lc-rs", 0.75, "ifma lto"),
    (37, "X25519Base", "aws-lc-rs", 0.50, "ifma lto"),
    (37, "X25519Batch/64", "aws-lc-rs", 0.40, "ifma lto"),
    (37, "X25519BaseBatch/64", "aws-lc-rs", 0.40, "ifma lto"),
    (37, "X25519", "aws-lc-rs", 0.95, "avx2 lto"),
    (37, "X25519Base", "aws-lc-rs", 0.60, "avx2 lto"),
    (37, "X25519", "x25519-dalek", 0.55, "every"),
    (38, "ScalarMult", "curve25519-dalek", 0.85, "ifma native"),
    (38, "VarTimeDoubleScalarBaseMult", "curve25519-dalek", 0.85, "ifma native"),
    (38, "VarTimeMultiScalarMult/64", "curve25519-dalek", 0.75, "ifma native"),
    (38, "VarTimeMultiScalarMult/1024", "curve25519-dalek", 0.55, "ifma native"),
    (38, "Ed25519 Verification", "ed25519-dalek", 0.75, "ifma native"),
    (38, "Ed25519 VerifyBatch/64", "ed25519-dalek", 0.65, "ifma native"),
    (38, "Ed25519 VerifyBatch/1024", "ed25519-dalek", 0.50, "ifma native"),
    (38, "EncodingDecoding", "curve25519-dalek", 0.60, "ifma native"),
    (38, "DecodingBatch/64", "curve25519-dalek", 0.40, "ifma native"),
]


def targets_report(directory: pathlib.Path) -> int:
    runs, _, by_build = read_peers(directory)
    if not runs:
        print(f"no peers-BUILD-RUN.tsv under {directory}", file=sys.stderr)
        return 1
    headers = [h for hs in by_build.values() for h in sorted(hs)]
    cpu = headers[0] if headers else ""
    # The driver's header says whether the CPU has IFMA ("no AVX-512 IFMA" otherwise); a
    # header without it (an older driver) leaves the chosen point backend to tell.
    if "no AVX-512 IFMA" in cpu:
        ifma = False
    elif "AVX-512 IFMA" in cpu:
        ifma = True
    else:
        ifma = any("point backend avx512-ifma" in h for h in headers)
    print(f"CPU: {cpu.split('; ours')[0].removeprefix('cpu: ')}\n")
    print("| issue | operation | peer | build | target | ratio (lowest–highest, median) | |")
    print("|---|---|---|---|---|---|---|")
    missed = 0
    for issue, row, peer, limit, where in TARGETS:
        if where == "every":
            builds = [b for b, _ in BUILDS if b in runs]
        elif where == "ifma lto":
            builds = ["lto"] if ifma else []
        elif where == "ifma native":
            builds = ["native"] if ifma else []
        else:  # "avx2 lto"
            builds = ["lto-avx2"] if ifma else ["lto"]
        for build in builds:
            rs = ratios(runs.get(build, []), row, peer)
            label = build + (" (AVX2 forced on this IFMA CPU)" if where == "avx2 lto" and ifma else "")
            if not rs:
                print(f"| {issue} | {row} | {peer} | {label} | ≤ {limit:.2f} | not measured | |")
                continue
            med = statistics.median(rs)
            ok = med <= limit
            stand_in = where == "avx2 lto" and ifma
            missed += not ok and not stand_in
            verdict = "met" if ok else "missed (stand-in)" if stand_in else "**missed**"
            if ok and max(rs) > limit:
                verdict += " (not in every run)"
            print(f"| {issue} | {row} | {peer} | {label} | ≤ {limit:.2f} | "
                  f"{min(rs):.3f}–{max(rs):.3f}, {med:.3f} | {verdict} |")
    if ifma:
        print("\nThe targets of a CPU with AVX2 and no IFMA are stood in for by the lto-avx2 "
              "build here; such a CPU measures them.")
    else:
        print("\nThe IFMA targets are not measurable on this CPU.")
    return 1 if missed else 0


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("peers", "criterion", "ab", "targets"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, rest = sys.argv[1], sys.argv[2:]
    if mode == "peers":
        return peers_report(pathlib.Path(rest[0] if rest else "target/bench"))
    if mode == "criterion":
        return criterion_report(pathlib.Path(rest[0] if rest else "target/criterion"))
    if mode == "targets":
        return targets_report(pathlib.Path(rest[0] if rest else "target/bench"))
    return ab_report(rest)


if __name__ == "__main__":
    sys.exit(main())
