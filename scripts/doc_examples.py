#!/usr/bin/env python3
"""Count the public items of the facade, field, scalar and group crates whose doc comment has
an example (a ``` block), and list those without one.

Usage: python3 scripts/doc_examples.py [REV] [--missing] [--check]
REV (a git revision) reads the files as of that commit; default: the work tree.
--check exits with status 1 if any public item has no example (CI runs it).

What counts as a public item: a line `pub fn|struct|enum|trait|const|mod|type` (not
`pub(crate)`/`pub(super)`) in src/, field/src/, scalar/src/, group/src/, outside `backend/` (the
backends' internals) and outside `#[cfg(test)]` modules (everything after a
`#[cfg(test)]` line at column 0 is skipped), and not `#[doc(hidden)]`. Its doc comment is the run of `///` lines
(and attributes and plain `//` comments) directly above it; module docs (`//!`) count for the module file.
Crude by design: it reads text, not rustdoc's output.
"""
import re
import subprocess
import sys

# Modules re-exported `#[doc(hidden)]` (helpers for the other crates, not API).
HIDDEN = {'scalar/src/serde_impl.rs'}
ITEM = re.compile(r'^\s*pub (?:const )?(fn|struct|enum|trait|const|mod|type)\s+(\w+)')


def files(rev):
    cmd = ['git', 'ls-files'] if rev is None else ['git', 'ls-tree', '-r', '--name-only', rev]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split()
    keep = [f for f in out if f.endswith('.rs') and f.split('/')[0] in ('src', 'field', 'scalar', 'group')
            and ('/src/' in f or f.startswith('src/')) and '/backend/' not in f
            and '/testing/' not in f]
    return keep


def read(rev, path):
    if rev is None:
        return open(path).read()
    return subprocess.run(['git', 'show', f'{rev}:{path}'], capture_output=True, text=True,
                          check=True).stdout


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    rev = args[0] if args else None
    total, with_ex, missing = 0, 0, []
    for path in files(rev):
        lines = read(rev, path).split('\n')
        for i, line in enumerate(lines):
            if line.startswith('#[cfg(test)]'):
                break
            m = ITEM.match(line)
            if not m:
                continue
            j, doc = i - 1, []
            while j >= 0 and lines[j].strip().startswith(('///', '#[', '// ')):
                doc.append(lines[j])
                j -= 1
            if any('doc(hidden)' in d for d in doc) or path in HIDDEN:
                continue
            has = any('```' in d for d in doc)
            if m.group(1) == 'mod' and not has:
                # `pub mod x;`: the module's own `//!` docs.
                base = path.rsplit('/', 1)[0] if path.endswith(('lib.rs', 'mod.rs')) else path[:-3]
                # `x.rs` or `x/mod.rs`.
                for sub in (base + '/' + m.group(2) + '.rs', base + '/' + m.group(2) + '/mod.rs'):
                    try:
                        has = '```' in '\n'.join(l for l in read(rev, sub).split('\n') if l.startswith('//!'))
                        break
                    except (OSError, subprocess.CalledProcessError):
                        pass
            total += 1
            with_ex += has
            if not has:
                missing.append(f'{path}:{i + 1}: {m.group(1)} {m.group(2)}')
    print(f'{with_ex} of {total} public items have an example ({rev or "work tree"})')
    if '--missing' in sys.argv:
        print('\n'.join(missing))
    if '--check' in sys.argv and missing:
        sys.exit(1)


main()
