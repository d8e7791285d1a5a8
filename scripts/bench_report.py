#!/usr/bin/env python3
"""Turn criterion's output into the tables and the chart of BENCHMARKS.md.

Reads target/criterion/**/new/{benchmark,estimates}.json (written by `cargo bench`),
prints Markdown tables (the upstream suite, and the same-run comparison with ratios),
and writes benches/comparison.svg: one bar per operation, our time over the peer's
(below 1 is faster), with the line at 1.

Usage: python3 scripts/bench_report.py [--criterion DIR] [--svg PATH]
Only the standard library is used.
"""

import argparse
import json
import pathlib
import sys

# The comparison groups, in the order of the chart, and the peer each one is run against.
COMPARE = [
    ("compare/Multiply", "fiat-crypto"),
    ("compare/Square", "fiat-crypto"),
    ("compare/EncodingDecoding", "curve25519-dalek"),
    ("compare/ScalarBaseMult", "curve25519-dalek"),
    ("compare/ScalarMult", "curve25519-dalek"),
    ("compare/VarTimeDoubleScalarBaseMult", "curve25519-dalek"),
    ("compare/VarTimeMultiScalarMult/64", "curve25519-dalek"),
    ("compare/VarTimeMultiScalarMult/1024", "curve25519-dalek"),
    ("compare/FixedBaseTableMul", "curve25519-dalek"),
    ("compare/VarTimePrecomputedMultiScalarMult/64", "curve25519-dalek"),
    ("compare/EncodingBatch/64", "curve25519-dalek"),
    ("compare/X25519", "curve25519-dalek"),
    ("compare/X25519Base", "curve25519-dalek"),
    ("compare/HashToCurve", "curve25519-dalek"),
    ("compare/EncodeToCurve", "curve25519-dalek"),
    ("compare/Signing", "ed25519-dalek"),
    ("compare/SigningPh", "ed25519-dalek"),
    ("compare/Verification", "ed25519-dalek"),
    ("compare/VerificationPh", "ed25519-dalek"),
    ("compare/VerificationPrecomputed", "ed25519-dalek"),
    ("compare/VerifyBatch/64", "ed25519-dalek"),
    ("compare/VerifyBatch/1024", "ed25519-dalek"),
]
OURS = "edwards25519"


def load(root: pathlib.Path) -> dict:
    """Maps criterion's full id ("group/function[/parameter]") to the median in ns."""
    out = {}
    for bench in root.glob("**/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        est = json.loads((bench.parent / "estimates.json").read_text())
        out[meta["full_id"]] = est["median"]["point_estimate"]
    return out


def human(ns: float) -> str:
    for unit, scale in (("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.2f} {unit}"
    return f"{ns:.1f} ns"


def comparison_rows(med: dict) -> list:
    rows = []
    for group, peer in COMPARE:
        # Parameterised groups put the parameter after the function name.
        base, _, param = group.partition("/")[2].partition("/")
        prefix = f"compare/{base}"
        suffix = f"/{param}" if param else ""
        ours = med.get(f"{prefix}/{OURS}{suffix}")
        theirs = med.get(f"{prefix}/{peer}{suffix}")
        if ours is None or theirs is None:
            continue
        rows.append((base + suffix, ours, peer, theirs, ours / theirs))
    return rows


def svg(rows: list) -> str:
    width, left, bar_h, gap, top = 880, 400, 22, 8, 40
    height = top + len(rows) * (bar_h + gap) + 40
    scale = (width - left - 60) / max(1.6, max(r[4] for r in rows) * 1.1)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="12" y="22" font-weight="bold">time of edwards25519 / time of the peer '
        f"(same run; below 1 is faster)</text>",
    ]
    for i, (name, _, peer, _, ratio) in enumerate(rows):
        y = top + i * (bar_h + gap)
        colour = "#2e7d32" if ratio < 1 else "#c62828"
        out.append(
            f'<text x="{left - 8}" y="{y + 16}" text-anchor="end">{name} '
            f'<tspan fill="#666">vs {peer}</tspan></text>'
        )
        out.append(
            f'<rect x="{left}" y="{y}" width="{ratio * scale:.1f}" height="{bar_h}" '
            f'fill="{colour}"/>'
        )
        out.append(f'<text x="{left + ratio * scale + 6:.1f}" y="{y + 16}">{ratio:.2f}</text>')
    one = left + scale
    bottom = top + len(rows) * (bar_h + gap)
    out.append(
        f'<line x1="{one:.1f}" y1="{top - 6}" x2="{one:.1f}" y2="{bottom}" '
        f'stroke="black" stroke-dasharray="4 3"/>'
    )
    out.append(f'<text x="{one:.1f}" y="{bottom + 16}" text-anchor="middle">1.0</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--criterion", default="target/criterion", type=pathlib.Path)
    ap.add_argument("--svg", default="benches/comparison.svg", type=pathlib.Path)
    args = ap.parse_args()
    med = load(args.criterion)
    if not med:
        print(f"no criterion results under {args.criterion}; run cargo bench first", file=sys.stderr)
        return 1

    print("| benchmark | median |\n|---|---|")
    for name in sorted(k for k in med if not k.startswith("compare/")):
        print(f"| {name} | {human(med[name])} |")

    rows = comparison_rows(med)
    print("\n| operation | edwards25519 | peer | peer's time | ratio |\n|---|---|---|---|---|")
    for name, ours, peer, theirs, ratio in rows:
        print(f"| {name} | {human(ours)} | {peer} | {human(theirs)} | **{ratio:.2f}** |")
    if rows:
        args.svg.write_text(svg(rows))
        print(f"\nchart written to {args.svg}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
