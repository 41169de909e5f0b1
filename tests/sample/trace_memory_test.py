"""CTest `cli.run_trace_memory`: `texsim run --trace-memory` (docs/memory-trace.md). Goldens of the
two descriptor examples (SASS TIC block-linear, vISA RENDER_SURFACE_STATE TileY) and the SM75 warp
demo; addresses checked by hand from docs/memory-layouts.md; JSON; data-port reads; results the
same with and without the trace; --line-bytes checked."""
import json
import pathlib
import subprocess
import sys

texsim, src = sys.argv[1], pathlib.Path(sys.argv[2])
golden = src / "tests/golden/memory"


def run(program, scene, *args, rc=0):
    p = subprocess.run([texsim, "run", str(src / program), "--scene", str(src / scene), *args],
                       capture_output=True)
    assert p.returncode == rc, (program, args, p.returncode, p.stderr.decode()[-2000:])
    return p


CASES = [
    ("examples/sass/tlds-demo.sass", "examples/sass/tic-blocklinear.json", [],
     "tlds-tic-blocklinear.txt"),
    ("examples/visa/sampler3d.visaasm", "examples/visa/rss-tiley.json", [],
     "sampler3d-rss-tiley.txt"),
    ("examples/sass/warp-demo.sass", "examples/sass/warp-demo.json", ["--line-bytes", "128"],
     "warp-demo-128.txt"),
]
for program, scene, extra, name in CASES:
    got = run(program, scene, "--trace-memory", *extra).stdout.decode()
    want = (golden / name).read_text()
    assert got == want, f"{name} differs:\n{got}"
    # The registers are the run's without the trace.
    plain = run(program, scene).stdout.decode()
    assert got.startswith(plain), name


def memory(program, scene, *extra):
    return json.loads(run(program, scene, "--trace-memory", "--json", *extra).stdout)["memory"]


# SASS TLDS on TIC block-linear surfaces (8x8 RGBA8, 2 levels, at 0x100000000). Level 0 is one
# GOB (64 bytes x 8 rows: 32 bytes of texels); texel (3, 2): byte x 12, y 2, inside the GOB
# (x/32)*256 + (y/2)*64 + ((x%32)/16)*32 + (y%2)*16 + x%16 = 64 + 12 = 76. Level 1 starts after
# level 0's 512 bytes; its texel (2, 2) (TLDS.LL with .AOFFI -1): byte x 8 -> 512 + 64 + 8 = 584.
m = memory("examples/sass/tlds-demo.sass", "examples/sass/tic-blocklinear.json")
assert m["line_bytes"] == 64
first = m["instructions"][0]
assert first["index"] == 0 and first["instruction"].startswith("TLDS.LZ")
assert first["placement"] == {"tiling": "block_linear", "address": 0x100000000}
assert first["lanes"] == [{"lane": 0, "texels": [{"x": 3, "y": 2, "z": 0, "level": 0, "sample": 0,
                                                  "address": 0x100000000 + 76, "bytes": 4}],
                           "lines": [0x100000040]}]
second = m["instructions"][1]
assert second["lanes"][0]["texels"][0]["level"] == 1
assert second["lanes"][0]["texels"][0]["address"] == 0x100000000 + 584
# Instructions that read nothing (invalid header, paramA mismatch, predicate false) are absent.
assert [i["index"] for i in m["instructions"]] == [0, 1, 2, 5]

# vISA on a TileY RENDER_SURFACE_STATE (4x4 R32_FLOAT, 3 levels, pitch 128, at 0x200000000):
# level 1 lies below level 0 (4 rows: 4 * 16 bytes into the first 16-byte column), level 2 right
# of level 1 at x = 4 texels = 16 bytes: the second column (32 rows * 16 bytes = 512) + row 4 (64).
m = memory("examples/visa/sampler3d.visaasm", "examples/visa/rss-tiley.json")
by_text = {i["instruction"].split()[0]: i for i in m["instructions"]}
t6 = by_text["sample_b.R"]
assert t6["surface"] == "T6" and t6["placement"]["tiling"] == "tile_y"
assert t6["lanes"][0]["texels"][0]["level"] == 1
assert t6["lanes"][0]["texels"][0]["address"] == 0x200000000 + 64
d = by_text["sample_d.R"]["lanes"][0]["texels"][0]
assert d["level"] == 2 and d["address"] == 0x200000000 + 512 + 64
# SIMD8: lanes 0..7, each with its own lines; the instruction's lines are their union.
s3d = by_text["sample_3d.R"]
assert [l["lane"] for l in s3d["lanes"]] == list(range(8))
assert s3d["lines"] == sorted({x for l in s3d["lanes"] for x in l["lines"]})
# A surface without a placement: texsim's linear layout at 0 (MT2).
assert by_text["sample_l.R"]["placement"] is None

# SM75 warp: lanes are the threads.
m = memory("examples/sass/warp-demo.sass", "examples/sass/warp-demo.json")
tex = m["instructions"][0]
assert tex["instruction"].startswith("TEX ") and len(tex["lanes"]) > 8
assert all(l["lane"] < 32 for l in tex["lanes"])

# Data-port reads: MEDIA_LD logs the elements its block reads; GATHER_SCALED its byte reads.
m = memory("examples/visa/media_ld.visaasm", "examples/visa/media_ld.json")
blk = m["instructions"][0]
assert blk["lanes"][0]["texels"] and "not_logged" not in blk
m = memory("examples/visa/gather_scaled.visaasm", "examples/visa/gather_scaled.json")
g = m["instructions"][0]
assert g["buffer"] is True and g["surface"] == "slm"
assert g["lanes"][0]["bytes_read"] == [{"offset": 4, "address": 4, "bytes": 2}]

# --line-bytes: checked before running, and only with --trace-memory.
for bad in ["100", "8", "8192", "x"]:
    p = run("examples/sass/tlds-demo.sass", "examples/sass/tic-blocklinear.json",
            "--trace-memory", "--line-bytes", bad, rc=2)
    assert b"ACCESS-LINE-SIZE" in p.stderr, p.stderr
p = run("examples/sass/tlds-demo.sass", "examples/sass/tic-blocklinear.json", "--line-bytes", "64",
        rc=2)
assert b"--line-bytes needs --trace-memory" in p.stderr
m = memory("examples/sass/tlds-demo.sass", "examples/sass/tic-blocklinear.json", "--line-bytes", "32")
assert m["line_bytes"] == 32 and m["instructions"][0]["lines"] == [0x100000040]
assert m["instructions"][1]["lines"] == [0x100000240]
print("cli.run_trace_memory: ok")
