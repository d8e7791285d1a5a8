#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, built from testvectors/ (never committed).

Usage: scripts/fuzz_seeds.py [OUT]   (default fuzz/corpus; one folder per target)

Targets are read from fuzz/Cargo.toml. Each gets seeds by its name:
  verify_batch      2-3 consecutive signature cases (raw mode, 16-byte messages)
  verify_*          one signature case: 0x00 || A || R || S || message
  backends          each operation tag with a vector point and scalar
  decode_signature  every 64-byte value in the vectors
  sign_hedged       64 cases: a key seed, a context (0, 3, 32 or 300 bytes), Z, a message
  batches           64 batches of 0 to 19 elements, each a tag, a scalar, a u and an
                    encoding taken from the vectors' 32-byte values
  anything else     every 32-byte value in the vectors, followed by a 64-byte one
                    (decoders read 32 bytes first; the scalar and field targets then
                    a 64-byte wide input)
Adding a decoder target (a new decode_<thing>) needs no change here.
"""
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TV = os.path.join(ROOT, "testvectors")
HEX = re.compile(r"^[0-9a-fA-F]+$")


def hex_values(x, out):
    """Every hex string of 32 or 64 bytes anywhere in a JSON value."""
    if isinstance(x, dict):
        for v in x.values():
            hex_values(v, out)
    elif isinstance(x, list):
        for v in x:
            hex_values(v, out)
    elif isinstance(x, str) and len(x) in (64, 128) and HEX.match(x):
        out.setdefault(len(x) // 2, []).append(bytes.fromhex(x))


def load(rel):
    with open(os.path.join(TV, rel)) as f:
        return json.load(f)


def signature_cases():
    """(A, sig, msg) from every Ed25519 vector file."""
    cases = []
    for c in load("edge-cases/zip215/zip215.json"):
        cases.append((c["vk_bytes"], c["sig_bytes"], b"Zcash".hex()))
    for c in load("edge-cases/cctv/ed25519vectors.json"):
        cases.append((c["key"], c["sig"], c["msg"].encode().hex()))
    for c in load("edge-cases/speccheck/cases.json"):
        cases.append((c["pub_key"], c["signature"], c["message"]))
    for g in load("wycheproof/ed25519_test.json")["testGroups"]:
        for t in g["tests"]:
            if len(t["sig"]) == 128:
                cases.append((g["publicKey"]["pk"], t["sig"], t["msg"]))
    for c in load("rfc8032/ed25519.json"):
        cases.append((c["publicKey"], c["signature"], c["message"]))
    with open(os.path.join(TV, "supercop/sign.input")) as f:
        for line in list(f)[:64]:
            _, pk, msg, sm, _ = line.split(":")
            cases.append((pk, sm[:128], msg))
    return [(bytes.fromhex(a), bytes.fromhex(s), bytes.fromhex(m)) for a, s, m in cases]


def targets():
    with open(os.path.join(ROOT, "fuzz", "Cargo.toml")) as f:
        return re.findall(r'\{ name = "([a-z0-9_]+)"', f.read())


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "fuzz", "corpus")
    values = {}
    for dirpath, _, files in os.walk(TV):
        for name in files:
            if name.endswith(".json"):
                with open(os.path.join(dirpath, name)) as f:
                    hex_values(json.load(f), values)
    v32 = sorted(set(values.get(32, [])))
    v64 = sorted(set(values.get(64, []))) or [bytes(64)]
    cases = signature_cases()
    for t in targets():
        if t == "verify_batch":
            seeds = []
            for i in range(0, len(cases) - 2, 2):
                group = cases[i : i + 2 + i % 2]
                s = bytes([len(group) - 2])
                for a, sig, m in group:
                    s += b"\x00" + b"\x00" + a + sig + m[:16].ljust(16, b"\x00")
                seeds.append(s)
        elif t.startswith("verify_"):
            seeds = [b"\x00" + a + sig + m for a, sig, m in cases]
        elif t == "backends":
            seeds = [
                bytes([op, 0]) + v + bytes([3]) + w
                for op in range(5)
                for v, w in list(zip(v32, v32[1:] + v32[:1]))[:300]
            ]
        elif t == "sign_hedged":
            # seed || context length || context || Z || message: 64 cases (each run
            # signs and verifies several times, so a large corpus would take the whole
            # CI budget to load); a length byte of 255 asks for a 300-byte context.
            seeds = []
            for i, v in enumerate(v32[:64]):
                n = [0, 3, 32, 255][i % 4]
                filler = v64[i % len(v64)] * 5
                ctx = filler[: 300 if n == 255 else n]
                z = v32[(i + 1) % len(v32)]
                seeds.append(v + bytes([n]) + ctx + z + v64[i % len(v64)][: i % 64])
        elif t == "batches":
            # n || n × (tag || scalar || u || encoding); the tags cycle through the
            # target's u and encoding cases.
            seeds = []
            for i in range(64):
                n = i % 20
                s = bytes([n])
                for j in range(n):
                    at = 3 * (i * 20 + j)
                    s += bytes([(i * 20 + j) * 37 % 256])
                    s += b"".join(v32[(at + k) % len(v32)] for k in range(3))
                seeds.append(s)
        elif t == "decode_signature":
            seeds = v64
        else:
            seeds = [v + v64[i % len(v64)] for i, v in enumerate(v32)]
        d = os.path.join(out, t)
        os.makedirs(d, exist_ok=True)
        for s in seeds:
            with open(os.path.join(d, "seed-" + hashlib.sha1(s).hexdigest()), "wb") as f:
                f.write(s)
        print(f"{t}: {len(seeds)} seeds in {d}")


if __name__ == "__main__":
    main()
