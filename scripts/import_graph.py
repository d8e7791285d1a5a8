#!/usr/bin/env python3
"""The file-level import graph of a crate's library, and its cycles.

    python3 scripts/import_graph.py [crate/src ...]     (default: every crate's src/)

Edges come from the paths a file names: `use` declarations and inline paths starting
with `crate::`, `super::` or `self::`. Each path is resolved module by module from the
crate root: a segment naming a module file descends into it; a segment that the current
module re-exports (`pub use` / `pub(crate) use`) is followed to where it points; any
other segment is an item of the current file, which is the edge's target. So
`crate::Point` counts as an edge to the file that defines `Point`, not to `lib.rs`.

Not edges: `mod child;` declarations (the module tree, not a dependency), paths inside
a trailing `#[cfg(test)]` module or in `tests.rs` and `*_tests.rs` files (test code may
use anything), comments, and method
calls (invisible to a path-based scan). Each folder's imports are summarised per folder
pair, so one can read off which way the arrows between folders point.

Exit status 1 if there is a cycle.
"""

import os
import re
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def strip(text):
    """The text without comments, string literals, and a final `#[cfg(test)] mod`."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    m = re.search(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text)
    if m:
        text = text[: m.start()]
    return text


def module_files(src):
    """{module path tuple: file} for the crate rooted at src/lib.rs."""
    files = {}
    for dirpath, _, names in os.walk(src):
        for name in names:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, src)[:-3].split(os.sep)
            if rel == ["lib"]:
                mod = ()
            elif rel[-1] == "mod":
                mod = tuple(rel[:-1])
            else:
                mod = tuple(rel)
            files[mod] = path
    return files


USE = re.compile(r"\b(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
INLINE = re.compile(r"\b((?:crate|super|self)(?:::\w+)+)")


def expand(tree):
    """`a::{b, c::{d, e}}` -> [a::b, a::c::d, a::c::e] (renames and globs trimmed)."""
    # Renames first, while the spaces still delimit them: `x as y` is the path to x
    # (with the spaces gone, `as` would be indistinguishable from a name's tail).
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^(.*?)::\{(.*)\}$", tree)
    if not m:
        return [tree]
    prefix, inner = m.groups()
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    if cur:
        parts.append(cur)
    out = []
    for p in parts:
        if p == "self":
            out.append(prefix)
        else:
            out.extend(expand(prefix + "::" + p))
    return out


def absolute(mod, path):
    """A `crate::` / `super::` / `self::` path as segments from the crate root."""
    segs = path.split("::")
    if segs[0] == "crate":
        return list(segs[1:])
    base = list(mod)
    while segs and segs[0] in ("super", "self"):
        if segs[0] == "super":
            base = base[:-1]
        segs = segs[1:]
    return base + segs


def reexports(files, texts):
    """{(module, name): absolute target segments} for `pub use` in each file."""
    out = {}
    for mod, path in files.items():
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", texts[path]):
            for p in expand(m.group(1)):
                if not p.startswith(("crate", "super", "self")) and p.split("::")[0] in {
                    k[-1] for k in files if len(k) == len(mod) + 1 and k[:-1] == mod
                }:
                    p = "self::" + p
                name = p.split("::")[-1]
                if "::" not in p:
                    continue  # `pub use local_macro;`: an item of this file
                if not p.startswith(("crate", "super", "self")):
                    # Another crate's item, re-exported: not a file of this one.
                    out[(mod, name)] = None
                    continue
                out[(mod, name)] = absolute(mod, p)
    return out


def resolve(files, exports, segs, depth=0):
    """The file that defines the item at `segs`."""
    mod = ()
    for i, seg in enumerate(segs):
        if mod + (seg,) in files:
            mod = mod + (seg,)
            continue
        if (mod, seg) in exports and exports[(mod, seg)] is None:
            return None
        target = exports.get((mod, seg))
        if isinstance(target, str):
            target = None
        if target is not None and depth < 10 and target != list(mod) + [seg]:
            return resolve(files, exports, target + list(segs[i + 1 :]), depth + 1)
        if mod == () and ((), seg) in exports and isinstance(exports[((), seg)], str):
            return exports[((), seg)]  # a `#[macro_export]` macro: its defining file
        break
    return files.get(mod)


def inline_modules(text):
    """[(name, start, end)] for each inline `mod name { ... }` of the text."""
    out = []
    for m in re.finditer(r"\bmod\s+(\w+)\s*\{", text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out.append((m.group(1), m.end(), i))
    return out


def inline_at(inline, pos):
    """The inline module path (outermost first) around position pos."""
    return tuple(name for name, start, end in inline if start <= pos < end)


def graph(src):
    files = module_files(src)
    # A `tests.rs` file is the body of a `#[cfg(test)] mod tests;`, and a `*_tests.rs`
    # file that of a `#[cfg(test)] #[path = "x_tests.rs"] mod tests;`: test code, no edges.
    def is_test(path):
        name = os.path.basename(path)
        return name == "tests.rs" or name.endswith("_tests.rs")

    texts = {
        p: "" if is_test(p) else strip(open(p, encoding="utf-8").read()) for p in files.values()
    }
    exports = reexports(files, texts)
    # `#[macro_export]` puts a macro at the crate root (`crate::name!`) wherever it is
    # defined: the edge goes to the file that defines it.
    for path in files.values():
        for m in re.finditer(r"#\[macro_export\][^!]*?macro_rules!\s*(\w+)", texts[path]):
            exports.setdefault(((), m.group(1)), path)
    edges = defaultdict(set)
    for mod, path in files.items():
        text = texts[path]
        inline = inline_modules(text)
        paths = []
        for m in USE.finditer(text):
            here = mod + inline_at(inline, m.start())
            paths.extend((here, p) for p in expand(m.group(1)))
        bare = USE.sub(lambda m: " " * len(m.group(0)), text)
        for m in INLINE.finditer(bare):
            paths.append((mod + inline_at(inline, m.start()), m.group(1)))
        for here, p in paths:
            if not p.startswith(("crate", "super", "self")):
                # `use child::X` in a module file: relative to this module.
                first = p.split("::")[0]
                if mod + (first,) in files:
                    p = "self::" + p
                else:
                    continue
            target = resolve(files, exports, absolute(here, p))
            if target and target != path:
                edges[path].add(target)
    return files, edges


def cycles(nodes, edges):
    """Strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def folder(src, path):
    rel = os.path.relpath(path, src).split(os.sep)
    return rel[0] if len(rel) > 1 else rel[0][:-3]


def main():
    srcs = sys.argv[1:] or [
        os.path.join(ROOT, d, "src")
        for d in ("field", "scalar", "group", ".")
        if os.path.exists(os.path.join(ROOT, d, "src", "lib.rs"))
    ]
    bad = False
    for src in srcs:
        files, edges = graph(src)
        name = os.path.relpath(src, ROOT)
        found = cycles(files.values(), edges)
        arrows = defaultdict(int)
        for a, bs in edges.items():
            for b in bs:
                fa, fb = folder(src, a), folder(src, b)
                if fa != fb:
                    arrows[(fa, fb)] += 1
        print(f"{name}: {len(files)} files, {sum(map(len, edges.values()))} edges, "
              f"{len(found)} cycle(s)")
        for comp in found:
            bad = True
            print("  cycle:", " <-> ".join(os.path.relpath(p, src) for p in comp))
        if src.endswith(os.path.join("group", "src")):
            print("  folder -> folder (file edges):")
            for (fa, fb), n in sorted(arrows.items()):
                back = (fb, fa) in arrows
                print(f"    {fa} -> {fb} ({n}){'  [both ways]' if back else ''}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
