#!/usr/bin/env python3
"""Private memory end to end (issue 28, decisions KP1-KP4): private_arrays.cl (a dynamically
indexed int[64] and float4[16], filled before a barrier, read-modify-written after it) compiled by
ocloc for SKL, TGLLP, DG2 and PVC — IGC puts the arrays in %scratch (SKL, TGLLP), stateless private
memory (DG2) and ss(..) LSC scratch (PVC) — run by `texsim run` with the launch from ocloc's
binary (one work-group of 64: two threads at SIMD32, which would see each other's arrays if they
shared private memory), and every work-item compared with the OpenCL C evaluated in NumPy.
Exit 0 pass, 1 fail, 77 when ocloc or NumPy is missing.
usage: private_e2e.py TEXSIM WORKDIR"""
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pocl_diff  # noqa: E402  (compile_all: ocloc build, dumps and program.bin, cached)

N, LOCAL, STEPS = 64, 64, 8
DEVICES = {"skl": "SKL", "tgllp": "TGLLP", "dg2": "DG2", "pvc": "PVC"}
FORMS = {"skl": "%scratch", "tgllp": "%scratch", "dg2": "svm_scatter", "pvc": "ss("}


def expected(np, inp):
    """The kernel in NumPy: int arithmetic, float32 sums in the source's order."""
    want = []
    for gid in range(N):
        a = [int(inp[(gid + i) & 63]) * (i + 1) for i in range(64)]
        py = [np.float32(gid)] * 16
        for k in range(STEPS):
            j = (int(inp[(gid + k) & 63]) ^ k) & 63
            a[j] += a[(j * 7 + k) & 63]
            py[j & 15] = np.float32(py[j & 15] + np.float32(a[j]))
        s = np.float32(0)
        for i in range(16):
            s = np.float32(s + py[(gid + i) & 15])
        want.append((a[gid & 63] + a[(gid * 3) & 63] + int(s)) & 0xffffffff)
    return want


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    texsim, work = sys.argv[1], sys.argv[2]
    if shutil.which("ocloc") is None:
        pocl_diff.skip("ocloc not installed (scripts/install-deps.sh installs it)")
    try:
        import numpy as np
    except ImportError:
        pocl_diff.skip("NumPy not installed")
    os.makedirs(work, exist_ok=True)
    source = open(os.path.join(HERE, "private_arrays.cl")).read()
    inp = (np.arange(N) * 7 % 10).astype(np.int32)
    want = expected(np, inp)
    status = 0
    for device, platform in DEVICES.items():
        cache = pocl_diff.compile_all(work, source, device)
        visa = os.path.join(cache, "private_arrays.visaasm")
        if FORMS[device] not in open(visa).read():
            print(f"FAIL {device}: IGC no longer uses {FORMS[device]} for the private arrays")
            status = 1
        scene = {"texsim": 1, "isa": "visa", "platform": platform,
                 "launch": {"global_size": [N], "local_size": [LOCAL],
                            "program": {"file": os.path.relpath(
                                os.path.join(cache, "program.bin"), work)},
                            "args": {"0": {"buffer": {"type": "D", "values": [0] * N}},
                                     "1": {"buffer": {"type": "D", "values": inp.tolist()}},
                                     "2": STEPS}}}
        path = os.path.join(work, f"private_{device}.json")
        json.dump(scene, open(path, "w"))
        run = subprocess.run([texsim, "run", "-q", "--json", visa, "--scene", path],
                             capture_output=True, text=True)
        try:
            regs = json.loads(run.stdout)["registers"]
        except (json.JSONDecodeError, KeyError):
            print(f"FAIL {device}: texsim run exit {run.returncode}: {run.stderr.strip()[:400]}")
            status = 1
            continue
        inputs = [x & 0xffffffff for x in inp.tolist()]
        outs = [[x & 0xffffffff for x in r["values"]] for r in regs.values()]
        got = [o for o in outs if o != inputs]
        bad = [g for g in range(N) if not got or got[0][g] != want[g]]
        if bad:
            print(f"FAIL {device}: {len(bad)} of {N} work-items differ (first {bad[0]})")
            status = 1
        else:
            print(f"PASS {device}: {N} work-items (work-groups of {LOCAL}) match the OpenCL C, "
                  f"private arrays through {FORMS[device]}")
    return status


if __name__ == "__main__":
    sys.exit(main())
