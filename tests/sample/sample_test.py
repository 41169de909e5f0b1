"""CTest `cli.sample`: `texsim sample` on generated requests (scripts/sample-requests.py).
Checks: every line answered once, in order; --shard I/N partitions the lines and the shards'
union equals the unsharded run; CSV carries the same bits; lavapipe --groups runs quads; bad
lines are diagnosed at FILE:LINE:COL and the rest still answered (exit 1)."""
import json
import pathlib
import subprocess
import sys
import tempfile

texsim, src = sys.argv[1], pathlib.Path(sys.argv[2])
scene = str(src / "examples/scenes/checker-2d.json")
work = pathlib.Path(tempfile.mkdtemp(prefix="texsim-sample-"))
req = work / "r.jsonl"
n = 10000
req.write_text(subprocess.run([sys.executable, str(src / "scripts/sample-requests.py"), str(n),
                               "--seed", "5"], check=True, capture_output=True, text=True).stdout)


def run(*args, rc=0):
    p = subprocess.run([texsim, "sample", "--scene", scene, "--requests", str(req), "-q", *args],
                       capture_output=True, text=True)
    assert p.returncode == rc, (args, p.returncode, p.stderr[-2000:])
    return p


full = [json.loads(line) for line in run().stdout.splitlines()]
assert [r["line"] for r in full] == list(range(1, n + 1))
ids = [json.loads(line).get("id") for line in req.read_text().splitlines()]
assert [r.get("id") for r in full] == ids
assert all(len(r["bits"]) == 4 for r in full)

shards = []
for i in range(3):
    out = work / f"s{i}.jsonl"
    run("--shard", f"{i}/3", "-o", str(out))
    part = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(((r["line"] - 1) // 4096) % 3 == i for r in part)
    shards += part
assert sorted(shards, key=lambda r: r["line"]) == full

csv = run("--format", "csv").stdout.splitlines()
assert csv[0].startswith("line,id,kind,r_bits")
assert len(csv) == n + 1
row = csv[1234].split(",")
assert int(row[0]) == full[1233]["line"] and row[3:7] == full[1233]["bits"]

lav = [json.loads(line) for line in run("--profile", "lavapipe", "--groups").stdout.splitlines()]
assert len(lav) == n
# Without --groups a lavapipe quad op is an error at its lines.
p = run("--profile", "lavapipe", rc=1)
assert "SAMPLE-REQUEST-QUAD" in p.stderr

bad = work / "bad.jsonl"
bad.write_text('{"op":"level","surface":2,"sampler":1,"coord":[0.5,0.5]}\n'
               '{"op":"levle","surface":2,"sampler":1}\n'
               '{"op":"fetch","surface":2,"coord":[0.5,1]}\n'
               '{"surface":3,"sampler":1,"coord":[0.5]}\n'
               '{"op":"level", nope}\n'
               '{"op":"fetch","surface":2,"coord":[1,2],"offset":[-2,0]}\n'
               '{"op":"level","surface":2,"sampler":1,"coord":[0.5,0.5],"lood":1}\n')
p = subprocess.run([texsim, "sample", "--scene", scene, "--requests", str(bad), "-q"],
                   capture_output=True, text=True)
assert p.returncode == 1, p.returncode
got = [json.loads(line)["line"] for line in p.stdout.splitlines()]
assert got == [1, 6], got
# Issue 31: the column of the offending value, and a suggestion for a misspelt op or key.
for frag in (f"{bad}:2:7: error[SAMPLE-REQUEST-OP]: \"op\": unknown 'levle'; did you mean level?",
             f"{bad}:3:35: error[SAMPLE-REQUEST-TYPE]",
             f"{bad}:4:1: error[SAMPLE-REQUEST-SURFACE]", f"{bad}:5:17: error[SAMPLE-REQUEST-JSON]",
             f'{bad}:7:57: error[SAMPLE-REQUEST-KEY]: unknown key "lood"; did you mean lod?'):
    assert frag in p.stderr, (frag, p.stderr)
# --json (issue 31): the summary on stdout, diagnostics in it, the results in -o FILE.
out = work / "json_out.jsonl"
p = subprocess.run([texsim, "sample", "--scene", scene, "--requests", str(bad), "--json", "-o",
                    str(out)], capture_output=True, text=True)
assert p.returncode == 1 and p.stderr == "", (p.returncode, p.stderr)
summary = json.loads(p.stdout)
assert (summary["lookups"], summary["errors"]) == (2, 5), summary
assert summary["diagnostics"][0]["rule"] == "SAMPLE-REQUEST-OP", summary["diagnostics"][0]
assert [json.loads(line)["line"] for line in out.read_text().splitlines()] == [1, 6]
assert run("--json", rc=2)  # results on stdout and the summary too: refused
for args in (["--shard", "3/3"], ["--shard", "x"], ["--profile", "vulkan"], ["--format", "xml"],
             ["--bounds-precision", "lod=3"], ["--bounds", "--bounds-precision", "lood=3"],
             ["--bounds", "--bounds-precision", "lod=99"]):
    assert run(*args, rc=2)


# Issue 33: --bounds adds each sampling result's conformant range; every profile's answer lies
# inside it (null: no bound that way), fetch lines carry none.
def inside(res, rng):
    for c in range(4):
        v, lo, hi = res["value"][c], rng["lo"][c], rng["hi"][c]
        if lo is None or hi is None:
            continue
        if v is None or not (lo <= v <= hi):
            return False
    return True


for groups in ([], ["--groups"]):
    bounds = [json.loads(line) for line in run("--bounds", *groups).stdout.splitlines()]
    assert len(bounds) == n
    assert all(("lo" in b) == ("flags" not in b) for b in bounds)  # fetches: "flags", no range
    profiles = ("d3d", "exact", "nvidia") + (("lavapipe",) if groups else ())
    for profile in profiles:
        got = [json.loads(line) for line in run("--profile", profile, *groups).stdout.splitlines()]
        bad = [g["line"] for g, b in zip(got, bounds) if "lo" in b and not inside(g, b)]
        assert not bad, (profile, groups, bad[:10])
csv = run("--bounds", "--format", "csv").stdout.splitlines()
assert csv[0].endswith(",flags,r_lo,g_lo,b_lo,a_lo,r_hi,g_hi,b_hi,a_hi"), csv[0]
assert all(len(line.split(",")) == 20 for line in csv[1:] if '"' not in line)
print("cli.sample: OK")
