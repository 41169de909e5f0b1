"""CTest `cli.sample_file_stream`: the file path of .npz replay (stored members read with pread
by the workers, results written in place into the pre-sized output) gives the bytes of the
streaming path (standard input read into memory, results to standard output), and so does a
compressed request file (inflated in order; decision F9), for every op, unsharded and in 3
shards, with --bounds and ids, at 1 and 2 threads and under a small --max-memory."""
import os
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

texsim, src = sys.argv[1], pathlib.Path(sys.argv[2])
scene = str(src / "examples/scenes/checker-2d.json")
work = pathlib.Path(tempfile.mkdtemp(prefix="texsim-sample-fs-"))
rng = np.random.default_rng(11)
n = 3 * 4096 + 77
shards = ([], ["--shard", "0/3"], ["--shard", "1/3"], ["--shard", "2/3"])
mores = (["--threads", "1"], ["--threads", "2"], ["--max-memory", "4M"])
if os.environ.get("TEXSIM_TEST_QUICK"):
    # The sanitized tree (tests/CMakeLists.txt): every op and option still runs, on one middle
    # shard and two of the three worker settings (2.5x fewer runs; the Release tree runs all).
    shards, mores = shards[:1] + shards[2:3], mores[1:]


def run(*args, stdin=None):
    p = subprocess.run([texsim, "sample", "-q", "--scene", scene, *args], capture_output=True,
                       input=stdin)
    assert p.returncode == 0, (args, p.returncode, p.stderr.decode()[-3000:])
    return p.stdout


for code in range(8):
    cols = {
        "op": np.full(n, code, np.uint8),
        "surface": np.full(n, 2, np.uint32),
        "sampler": np.full(n, 1, np.uint32),
        "u": rng.uniform(-0.5, 1.5, n).astype(np.float32),
        "v": rng.uniform(-0.5, 1.5, n).astype(np.float32),
        "x": rng.integers(-2, 70, n).astype(np.uint32),
        "y": rng.integers(0, 70, n).astype(np.uint32),
        "level": rng.integers(0, 3, n).astype(np.uint32),
        "lod": rng.uniform(-1, 7, n).astype(np.float32),
        "ddx_u": rng.uniform(0, 0.1, n).astype(np.float32),
        "ddy_v": rng.uniform(0, 0.1, n).astype(np.float32),
        "component": rng.integers(0, 4, n).astype(np.uint8),
        "id": np.arange(n, dtype=np.int64) * 5 - 7,
    }
    req, zreq = work / f"r{code}.npz", work / f"z{code}.npz"
    np.savez(req, **cols)
    np.savez_compressed(zreq, **cols)
    body = req.read_bytes()
    extras = [[]] if code == 0 else [[], ["--bounds"]]
    for extra in extras:
        for shard in shards:
            args = [*extra, *shard, "--format", "npz"]
            streamed = run("--requests", "-", "-o", "-", *args, stdin=body)
            assert streamed[:4] == b"PK\x03\x04", (code, args)
            for more in mores:
                out = work / "m.npz"
                run("--requests", str(req), "-o", str(out), *args, *more)
                assert out.read_bytes() == streamed, (code, args, more, "file")
            run("--requests", str(zreq), "-o", str(out), *args)
            assert out.read_bytes() == streamed, (code, args, "compressed")
        res = np.load(out)
        assert (res["status"] == 0).all(), code
print("ok")
