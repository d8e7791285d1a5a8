#!/usr/bin/env python3
"""Summarizes several runs of the before/after driver (scripts/before_after.sh).

Usage: summarize.py RUN.md [RUN.md ...]

Each RUN.md is one run's Markdown table. Prints one table: per operation, the median
over the runs of each side's best time, the median of the runs' after/before ratios,
and their spread (lowest and highest ratio).
"""
import statistics
import sys


def read(path):
    rows = {}
    order = []
    with open(path) as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) != 5 or cells[0] in ("operation", "") or cells[0].startswith("-"):
                continue
            name, _, before, after, ratio = cells
            rows[name] = (float(before), float(after), float(ratio))
            order.append(name)
    return order, rows


def fmt_ns(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.1f} ns"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    runs = [read(p) for p in sys.argv[1:]]
    order = runs[0][0]
    print(f"| operation | before | after | after/before (median of {len(runs)}) | spread |")
    print("|---|---|---|---|---|")
    for name in order:
        got = [r[name] for _, r in runs if name in r]
        before = statistics.median(g[0] for g in got)
        after = statistics.median(g[1] for g in got)
        ratios = [g[2] for g in got]
        med = statistics.median(ratios)
        mark = " **" if med > 1.03 else ""
        print(
            f"| {name} | {fmt_ns(before)} | {fmt_ns(after)} | {mark.strip()}{med:.3f}{mark.strip()} "
            f"| {min(ratios):.3f}–{max(ratios):.3f} |"
        )


if __name__ == "__main__":
    main()
