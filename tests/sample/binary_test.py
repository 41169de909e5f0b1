"""CTest `cli.sample_binary`: NumPy request files for `texsim sample` (docs/sample-requests.md).
Python writes requests with numpy alone, the CLI replays them, Python reads the results; the
same requests as JSONL give the same bits; binary shards' union equals the unsharded run;
--convert round-trips; threads never change a bit; bad files and rows are diagnosed."""
import json
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

texsim, src = sys.argv[1], pathlib.Path(sys.argv[2])
scene = str(src / "examples/scenes/checker-2d.json")
work = pathlib.Path(tempfile.mkdtemp(prefix="texsim-sample-bin-"))
rng = np.random.default_rng(7)
n = 3 * 4096 + 123

OPS = ["fetch", "level", "level_zero", "grad", "implicit", "bias", "gather", "lod_query"]


def run(*args, rc=0, stdin=None):
    p = subprocess.run([texsim, "sample", "-q", *args], capture_output=True, input=stdin)
    assert p.returncode == rc, (args, p.returncode, p.stderr.decode()[-3000:])
    return p


def replay(requests, *args, rc=0):
    return run("--scene", scene, "--requests", str(requests), *args, rc=rc)


# Requests in runs of 8 per op (like scripts/sample-requests.py), every op, with ids.
op = np.repeat(rng.integers(0, 8, n // 8 + 1), 8)[:n].astype(np.uint8)
cols = {
    "op": op,
    "surface": np.array(2, np.uint32),  # 0-d: every row
    "sampler": np.array(1, np.uint16),
    "u": rng.uniform(-0.5, 1.5, n).astype(np.float32),
    "v": rng.uniform(-0.5, 1.5, n).astype(np.float64),  # rounded to float as JSON numbers are
    "x": rng.integers(-2, 70, n).astype(np.int32),
    "y": rng.integers(0, 70, n).astype(np.uint32),
    "level": rng.integers(0, 3, n).astype(np.uint32),
    "lod": rng.uniform(-1, 7, n).astype(np.float32),
    "ddx_u": rng.uniform(0, 0.1, n).astype(np.float32),
    "ddy_v": rng.uniform(0, 0.1, n).astype(np.float32),
    "component": rng.integers(0, 4, n).astype(np.uint8),
    "offset_x": rng.integers(-8, 8, n).astype(np.int8),
    "id": np.arange(n, dtype=np.int64) * 3,
}
req = work / "r.npz"
np.savez(req, **cols)
out = work / "o.npz"
replay(req, "-o", str(out))
res = np.load(out)
assert set(res.files) == {"status", "kind", "bits", "flags", "id"}, res.files
assert res["bits"].shape == (n, 4) and res["bits"].dtype == np.uint32
assert (res["status"] == 0).all() and (res["id"] == cols["id"]).all()
assert (res["flags"][op != 0] == 0).all() and (res["flags"][op == 0] & 1).any()

# The same requests as JSONL: the same bits, line for row.
lines = []
for i in range(n):
    r = {"op": OPS[op[i]], "surface": 2}
    if op[i] == 0:
        r.update(coord=[int(cols["x"][i]), int(cols["y"][i])], level=int(cols["level"][i]))
    else:
        r.update(sampler=1, coord=[float(cols["u"][i]), float(np.float32(cols["v"][i]))],
                 lod=float(cols["lod"][i]), ddx=[float(cols["ddx_u"][i])],
                 ddy=[0, float(cols["ddy_v"][i])], component=int(cols["component"][i]))
    r["offset"] = [int(cols["offset_x"][i])]
    lines.append(json.dumps(r))
jreq = work / "r.jsonl"
jreq.write_text("\n".join(lines) + "\n")
text = [json.loads(line) for line in replay(jreq).stdout.decode().splitlines()]
assert len(text) == n
bits = np.array([[int(b, 16) for b in t["bits"]] for t in text], dtype=np.uint32)
assert (bits == res["bits"]).all()

# JSONL in, .npz out: a `line` column; the same bits.
replay(jreq, "-o", str(work / "j.npz"))
assert (np.load(work / "j.npz")["line"] == np.arange(1, n + 1)).all()
assert (np.load(work / "j.npz")["bits"] == res["bits"]).all()

# Threads and stdin never change a bit.
for extra in (["--threads", "1"], ["--threads", "2"], ["--max-memory", "4M"]):
    replay(req, "-o", str(work / "t.npz"), *extra)
    assert (np.load(work / "t.npz")["bits"] == res["bits"]).all()
p = run("--scene", scene, "--requests", "-", "-o", str(work / "s.npz"), stdin=req.read_bytes())
assert (np.load(work / "s.npz")["bits"] == res["bits"]).all()

# Shards: the union of 3 binary shards (each with its `row` column) is the unsharded run.
rows, got = [], []
for i in range(3):
    replay(req, "--shard", f"{i}/3", "-o", str(work / f"sh{i}.npz"))
    s = np.load(work / f"sh{i}.npz")
    assert ((s["row"] // 4096) % 3 == i).all()
    rows.append(s["row"])
    got.append(s["bits"])
rows, got = np.concatenate(rows), np.concatenate(got)
assert sorted(rows.tolist()) == list(range(n))
assert (got[np.argsort(rows)] == res["bits"]).all()

# A structured .npy and a compressed .npz with the op as names: the same results.
rec = np.zeros(n, dtype=[("op", "S10"), ("surface", "<u4"), ("sampler", ">u4"), ("u", "<f4"),
                         ("v", "<f4"), ("x", "<i4"), ("y", "<i4"), ("level", "<u4"),
                         ("lod", "<f4"), ("ddx_u", "<f4"), ("ddy_v", "<f4"),
                         ("component", "u1"), ("offset_x", "<i4")])
for k in rec.dtype.names:
    rec[k] = np.array(OPS)[op] if k == "op" else cols.get(k, 2 if k == "surface" else 1)
np.save(work / "rec.npy", rec)
replay(work / "rec.npy", "-o", str(work / "rec.npz"))
assert (np.load(work / "rec.npz")["bits"] == res["bits"]).all()
np.savez_compressed(work / "z.npz", **{**cols, "op": np.array(OPS)[op]})
replay(work / "z.npz", "-o", str(work / "z-out.npz"))
assert (np.load(work / "z-out.npz")["bits"] == res["bits"]).all()

# --convert: JSONL -> .npz -> JSONL; each replays to the same bits.
run("--convert", str(jreq), "-o", str(work / "c.npz"))
c = np.load(work / "c.npz")
assert c["op"].dtype == np.uint8 and "w" not in c.files  # all-zero columns are left out
replay(work / "c.npz", "-o", str(work / "c-out.npz"))
assert (np.load(work / "c-out.npz")["bits"] == res["bits"]).all()
run("--convert", str(work / "c.npz"), "-o", str(work / "c.jsonl"))
back = [json.loads(line) for line in replay(work / "c.jsonl").stdout.decode().splitlines()]
assert [b["bits"] for b in back] == [t["bits"] for t in text]
# The repository's request generator, converted: identical results.
gen = work / "g.jsonl"
gen.write_text(subprocess.run([sys.executable, str(src / "scripts/sample-requests.py"), "5000",
                               "--seed", "9"], check=True, capture_output=True, text=True).stdout)
run("--convert", str(gen), "-o", str(work / "g.npz"))
a = [json.loads(line) for line in replay(gen).stdout.decode().splitlines()]
b = [json.loads(line) for line in replay(work / "g.npz").stdout.decode().splitlines()]
assert [x["bits"] for x in a] == [x["bits"] for x in b] and len(a) == 5000

# A sample op's sampler column survives --convert when every row's sampler is 0 (it was left out
# as an all-zero column, and the .npz then failed with SAMPLE-REQUEST-KEY).
s0 = work / "s0.json"
s0.write_text(json.dumps({"texsim": 1, "surfaces": [
    {"id": 0, "type": "2D", "format": "R8G8B8A8_UNORM", "width": 4, "height": 4,
     "data": {"generator": "gradient"}}], "samplers": [{"id": 0}]}))
r0 = work / "s0.jsonl"
r0.write_text('{"op":"level","surface":0,"sampler":0,"coord":[0.3,0.6],"lod":0}\n')
run("--convert", str(r0), "-o", str(work / "s0.npz"))
assert "sampler" in np.load(work / "s0.npz").files
a = json.loads(run("--scene", str(s0), "--requests", str(r0)).stdout)
b = json.loads(run("--scene", str(s0), "--requests", str(work / "s0.npz"), "--format",
                   "jsonl").stdout)
assert a["bits"] == b["bits"]

# Bad files: unknown column (with a suggestion), wrong dtype, lengths that differ, not 1-D.
np.savez(work / "bad1.npz", surface=np.zeros(3, np.uint32), uu=np.zeros(3, np.float32))
p = replay(work / "bad1.npz", rc=1)
assert b"SAMPLE-REQUEST-KEY" in p.stderr and b"did you mean u?" in p.stderr, p.stderr
np.savez(work / "bad2.npz", surface=np.zeros(3, np.float32))
assert b"SAMPLE-REQUEST-TYPE" in replay(work / "bad2.npz", rc=1).stderr
np.savez(work / "bad3.npz", surface=np.zeros(3, np.uint32), u=np.zeros(4, np.float32))
assert b"SAMPLE-REQUEST-SHAPE" in replay(work / "bad3.npz", rc=1).stderr
np.savez(work / "bad4.npz", surface=np.zeros((3, 2), np.uint32))
assert b"SAMPLE-REQUEST-SHAPE" in replay(work / "bad4.npz", rc=1).stderr
(work / "bad5.npz").write_bytes(req.read_bytes()[:5000])
assert b"SAMPLE-REQUEST-FILE" in replay(work / "bad5.npz", rc=1).stderr
# Bad rows: diagnosed at "FILE: row N", status 1 and zero bits; the other rows answered.
np.savez(work / "rows.npz", op=np.array([1, 9, 0, 1], np.uint8), surface=np.array([2, 2, 2, 7], np.int64),
         sampler=np.array(1), u=np.full(4, 0.5, np.float32), x=np.array([0, 0, -3000000000, 0]))
p = replay(work / "rows.npz", "-o", str(work / "rows-out.npz"), rc=1)
err = p.stderr.decode()
assert "rows.npz: row 1: error[SAMPLE-REQUEST-RANGE]: column 'op': 9 is outside [0, 7]" in err, err
assert "row 2: error[SAMPLE-REQUEST-RANGE]: column 'x'" in err, err
assert "row 3: error[SAMPLE-REQUEST-SURFACE]" in err, err
r = np.load(work / "rows-out.npz")
assert r["status"].tolist() == [0, 1, 1, 1] and (r["bits"][1:] == 0).all() and r["bits"][0].any()
print("cli.sample_binary: ok", n, "rows")
