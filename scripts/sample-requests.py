#!/usr/bin/env python3
"""Writes random `texsim sample` requests (docs/sample-requests.md) for tests and benchmarks.

Lines come in runs of 8 with one op (fetch, level, grad, level_zero, gather, implicit, bias),
so that lavapipe's groups and quads line up with the runs under `texsim sample --groups`.
usage: sample-requests.py COUNT [--seed S] [--surface ID] [--sampler ID] [--size N]
"""
import argparse
import json
import random
import sys

ap = argparse.ArgumentParser()
ap.add_argument("count", type=int)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--surface", type=int, default=2)
ap.add_argument("--sampler", type=int, default=1)
ap.add_argument("--size", type=int, default=64, help="surface width/height in texels")
a = ap.parse_args()
rng = random.Random(a.seed)
ops = ["fetch", "level", "grad", "level_zero", "gather", "implicit", "bias"]
out = sys.stdout
op = "level"
for i in range(a.count):
    if i % 8 == 0:
        op = rng.choice(ops)
    if op == "fetch":
        r = {"op": op, "surface": a.surface,
             "coord": [rng.randrange(-2, a.size + 2), rng.randrange(-2, a.size + 2)],
             "level": rng.randrange(0, 3)}
    else:
        r = {"op": op, "surface": a.surface, "sampler": a.sampler,
             "coord": [round(rng.uniform(-0.2, 1.2), 6), round(rng.uniform(-0.2, 1.2), 6)]}
        if op in ("level", "bias"):
            r["lod"] = round(rng.uniform(-1, 6), 4)
        elif op == "grad":
            r["ddx"] = [round(rng.uniform(-0.05, 0.05), 6), 0.0]
            r["ddy"] = [0.0, round(rng.uniform(-0.05, 0.05), 6)]
        elif op == "gather":
            r["component"] = rng.randrange(4)
    if i % 5 == 0:
        r["id"] = f"r{i}"
    out.write(json.dumps(r, separators=(",", ":")) + "\n")
