#!/usr/bin/env bash
# Every crate builds with no default features, with each feature alone, and with all.
set -euo pipefail
cd "$(dirname "$0")/.."
check() { echo "+ cargo check $*"; cargo check --quiet "$@"; }
for pkg in edwards25519-field edwards25519-scalar edwards25519-group edwards25519; do
  check -p "$pkg" --no-default-features
  check -p "$pkg" --all-features
  feats=$(cargo metadata --format-version 1 --no-deps |
    python3 -c "import json,sys; m=json.load(sys.stdin); p=[p for p in m['packages'] if p['name']=='$pkg'][0]; print(' '.join(f for f in p['features'] if f!='default'))")
  for f in $feats; do
    check -p "$pkg" --no-default-features --features "$f"
  done
done
# Combinations whose items need two features at once: the Ed25519ph digest traits
# (digest + signature), and PKCS#8 with PEM on no_std without the default features.
check -p edwards25519 --no-default-features --features "digest,signature"
check -p edwards25519 --no-default-features --features "pem,digest"
check -p edwards25519-scalar --no-default-features --features "digest,zeroize"
