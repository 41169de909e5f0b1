"""CTest `cli.sample_addresses`: `texsim sample --addresses` (docs/memory-trace.md). Hand-computed
addresses (pitch-linear and block-linear), the same records for any --threads and --shard, the .npz
ragged columns read back with numpy and equal to the JSONL, and --line-bytes checked."""
import json
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

texsim, src = sys.argv[1], pathlib.Path(sys.argv[2])
scene = str(src / "tests/cli/scenes/addresses.json")
work = pathlib.Path(tempfile.mkdtemp(prefix="texsim-addresses-"))


def run(*args, rc=0):
    p = subprocess.run([texsim, "sample", "-q", "--scene", scene, *args], capture_output=True)
    assert p.returncode == rc, (args, p.returncode, p.stderr.decode()[-3000:])
    return p


def jsonl(path, *args):
    return [json.loads(s) for s in run("--requests", str(path), "--addresses", *args)
            .stdout.decode().splitlines()]


# ---- hand-computed addresses ----
req = work / "hand.jsonl"
req.write_text("\n".join([
    '{"op":"fetch","surface":0,"coord":[9,5]}',
    '{"op":"fetch","surface":1,"coord":[20,11]}',
    '{"op":"level","surface":0,"sampler":3,"coord":[0.5,0.5],"lod":0}',
    '{"op":"fetch","surface":2,"coord":[3,2]}',
    '{"op":"fetch","surface":0,"coord":[99,5]}',
]) + "\n")
rows = jsonl(req)
assert len(rows) == 5, rows
# Surface 0: pitch-linear, base 0x10000, row pitch 128, 4 bytes a texel:
# address = base + y * pitch + x * bpp = 65536 + 5 * 128 + 9 * 4 = 66212; its 64-byte line 66176.
assert rows[0]["texels"] == [{"x": 9, "y": 5, "z": 0, "level": 0, "sample": 0,
                              "address": 66212, "bytes": 4}], rows[0]
assert rows[0]["lines"] == [66176]
# Surface 1: block-linear, base 0x200000, one-GOB blocks (block_height_log2 0), 64x64 RGBA8: a
# row of blocks is 256 bytes = 4 GOBs of 64 bytes x 8 rows. Texel (20, 11): byte x 80, GOB
# (80 / 64, 11 / 8) = (1, 1), index 1 * 4 + 1 = 5 -> 5 * 512 = 2560; inside the GOB
# (docs/memory-layouts.md) xb = 16, y = 3: (16/32)*256 + (3/2)*64 + ((16%32)/16)*32 + (3%2)*16 +
# 16%16 = 112. Address 2097152 + 2560 + 112 = 2099824, line 2099776.
assert rows[1]["texels"][0]["address"] == 2099824 and rows[1]["lines"] == [2099776], rows[1]
# Bilinear at the centre of the 16x16 surface: texels (7..8, 7..8), rows 7 and 8 (pitch 128):
# 65536 + 7*128 + 28 = 66460, 66464, 66588, 66592; lines 66432 (rows 7) and 66560 (row 8).
assert [(t["x"], t["y"], t["address"]) for t in rows[2]["texels"]] == [
    (7, 7, 66460), (8, 7, 66464), (7, 8, 66588), (8, 8, 66592)], rows[2]
assert rows[2]["lines"] == [66432, 66560]
# No placement: texsim's linear layout at address 0 (MT2): 2 * (8 * 4) + 3 * 4 = 76.
assert rows[3]["texels"][0]["address"] == 76 and rows[3]["lines"] == [64]
# Out of bounds: nothing read.
assert rows[4]["texels"] == [] and rows[4]["lines"] == [] and rows[4]["flags"] == 0
# Without --addresses: no such keys.
plain = [json.loads(s) for s in run("--requests", str(req)).stdout.decode().splitlines()]
assert all("texels" not in r and "lines" not in r for r in plain)
assert [r["bits"] for r in plain] == [r["bits"] for r in rows]

# --line-bytes: 32 and 128 split and merge lines as the formula says.
assert jsonl(req, "--line-bytes", "32")[0]["lines"] == [66208]
assert jsonl(req, "--line-bytes", "128")[2]["lines"] == [66432, 66560]
assert jsonl(req, "--line-bytes", "16")[2]["lines"] == [66448, 66464, 66576, 66592]
for bad in ["100", "0", "8", "8192", "x", "-64"]:
    p = run("--requests", str(req), "--addresses", "--line-bytes", bad, rc=2)
    assert b"ACCESS-LINE-SIZE" in p.stderr, (bad, p.stderr)
p = run("--requests", str(req), "--line-bytes", "64", rc=2)
assert b"--line-bytes needs --addresses" in p.stderr
p = run("--requests", str(req), "--addresses", "--format", "csv", rc=2)
assert b"--addresses writes JSONL or npz" in p.stderr

# ---- many requests: threads and shards never change a record ----
rng = np.random.default_rng(27)
n = 2 * 4096 + 77
lines = []
for i in range(n):
    s = int(rng.integers(0, 3))
    size = [16, 64, 8][s]
    if rng.integers(0, 2):
        lines.append(json.dumps({"op": "fetch", "surface": s,
                                 "coord": [int(rng.integers(-1, size + 1)),
                                           int(rng.integers(0, size))]}))
    else:
        lines.append(json.dumps({"op": "grad", "surface": s, "sampler": 3,
                                 "coord": [float(rng.uniform(-0.2, 1.2)),
                                           float(rng.uniform(-0.2, 1.2))],
                                 "ddx": [float(rng.uniform(0, 0.3)), 0],
                                 "ddy": [0, float(rng.uniform(0, 0.3))]}))
many = work / "many.jsonl"
many.write_text("\n".join(lines) + "\n")
one = run("--requests", str(many), "--addresses", "--threads", "1").stdout
two = run("--requests", str(many), "--addresses", "--threads", "2").stdout
assert one == two
shards = [run("--requests", str(many), "--addresses", "--shard", f"{i}/2").stdout.decode()
          for i in range(2)]
by_line = {json.loads(s)["line"]: s for part in shards for s in part.splitlines()}
assert [by_line[k] for k in sorted(by_line)] == one.decode().splitlines()
records = [json.loads(s) for s in one.decode().splitlines()]
assert sum(len(r["texels"]) for r in records) > n  # bilinear reads several

# ---- .npz: ragged columns equal the JSONL ----
out = work / "many.npz"
run("--requests", str(many), "--addresses", "-o", str(out), "--threads", "2")
res = np.load(out)
assert res["texel_start"].shape == (n + 1,) and res["line_start"].shape == (n + 1,)
assert res["texel_address"].dtype == np.uint64 and res["texel_x"].dtype == np.uint32
assert res["texel_start"][-1] == len(res["texel_address"])
assert res["line_start"][-1] == len(res["line_address"])
for i, r in enumerate(records):
    a, b = res["texel_start"][i], res["texel_start"][i + 1]
    assert res["line"][i] == r["line"]
    assert [int(v) for v in res["texel_address"][a:b]] == [t["address"] for t in r["texels"]], i
    assert [int(v) for v in res["texel_x"][a:b]] == [t["x"] for t in r["texels"]], i
    assert [int(v) for v in res["texel_y"][a:b]] == [t["y"] for t in r["texels"]], i
    assert [int(v) for v in res["texel_level"][a:b]] == [t["level"] for t in r["texels"]], i
    c, d = res["line_start"][i], res["line_start"][i + 1]
    assert [int(v) for v in res["line_address"][c:d]] == r["lines"], i
# Binary requests (converted from the JSONL), sharded: the shards' records are the whole run's.
reqnpz = work / "many-req.npz"
subprocess.run([texsim, "sample", "-q", "--convert", str(many), "-o", str(reqnpz)], check=True)
whole = np.load(work / "many.npz")
parts = []
for i in range(2):
    o = work / f"shard{i}.npz"
    run("--requests", str(reqnpz), "--addresses", "--shard", f"{i}/2", "-o", str(o))
    parts.append(np.load(o))
got = {}
for p in parts:
    for k, row in enumerate(p["row"]):
        a, b = p["texel_start"][k], p["texel_start"][k + 1]
        got[int(row)] = p["texel_address"][a:b].tolist()
assert len(got) == n
for i in range(n):
    a, b = whole["texel_start"][i], whole["texel_start"][i + 1]
    assert got[i] == whole["texel_address"][a:b].tolist(), i
print("cli.sample_addresses: ok")
