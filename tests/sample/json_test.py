"""CTest `cli.json`: --json of check, asm, disasm and describe (src/cli/json_cmds.cpp), and `-`
for stdin: valid JSON documents with results and diagnostics, exit statuses 0/1/2."""
import json
import pathlib
import subprocess
import sys

texsim, src = sys.argv[1], pathlib.Path(sys.argv[2])
visa = str(src / "examples/visa/sampler3d.visaasm")
sass = str(src / "examples/sass/tlds-demo.sass")
scene = str(src / "examples/scenes/checker-2d.json")


def run(args, rc, stdin=None):
    p = subprocess.run([texsim, *args], input=stdin, capture_output=True)
    assert p.returncode == rc, (args, p.returncode, p.stderr.decode()[-2000:])
    return json.loads(p.stdout) if rc != 2 else None


j = run(["check", "--json", visa, scene], 0)
assert [f["kind"] for f in j["files"]] == ["program", "scene"] and j["errors"] == 0
j = run(["check", "--json", "--isa", "visa", "-"], 1, b"bogus (M1, 16) V1\n")
d = j["files"][0]["diagnostics"][0]
assert (d["file"], d["line"], d["rule"], d["severity"]) == ("<stdin>", 1, "VISA-SYNTAX", "error")

a = run(["asm", "--json", sass], 0)
assert a["ok"] and a["instructions"] and a["binary"] == "".join(i["bytes"] for i in a["instructions"])
# The binary disassembles (FILE from stdin) and reassembles to the same bytes.
t = run(["disasm", "--json", "--isa", "sass", "-"], 0, bytes.fromhex(a["binary"]))
assert t["ok"] and "TLDS" in t["text"]
b = run(["asm", "--json", "--isa", "sass", "-"], 0, t["text"].encode())
assert b["binary"] == a["binary"]
v = run(["asm", "--json", visa], 0)
vt = run(["disasm", "--json", "--isa", "visa", "--bytes", v["binary"]], 0)
assert vt["ok"] and vt["text"]
w = run(["disasm", "--json", "--word", "0x0", "--isa", "sass"], 0)
assert w["ok"] and w["diagnostics"][0]["severity"] == "warning"
assert w["diagnostics"][0]["bits"] == [63, 48]
bad = run(["disasm", "--json", "--isa", "visa", "--bytes", "ffffff"], 1)
assert not bad["ok"] and bad["text"] == "" and bad["diagnostics"][0]["severity"] == "error"

ds = run(["describe", "--json"], 0)
assert {i["id"] for i in ds["isas"]} == {"visa", "sass"}
assert all(i["opcodes"] for i in ds["isas"])
rules = run(["describe", "--json", "--rules"], 0)["rules"]
assert any(r["id"] == "SCENE-JSON" for r in rules) and any(r["isa"] == "visa" for r in rules)
assert run(["describe", "--json", "TLDS"], 0)["isa"] == "sass"
run(["describe", "--json", "NOT_AN_OPCODE"], 2)
run(["check", "--json", "--isa", "ptx", visa], 2)
import tempfile
png = pathlib.Path(tempfile.mkdtemp()) / "r.png"
r = run(["render", "--json", "--size", "8x4", "-o", str(png)], 0)
assert (r["width"], r["height"], r["output"]) == (8, 4, str(png)) and png.exists()
tr = run(["run", "--json", "--trace", visa, "--scene", str(src / "examples/visa/sampler3d.json")], 0)
assert tr["registers"] and len(tr["trace"]) > 1 and "sample_3d" in tr["trace"][0]
# Each 3D message is followed by one line per enabled lane: its parameters and written words
# (sampler3d.visaasm: lane 1 samples (0.375, 0.125) of the 4x4 ramp and reads texel 1 = 1.0).
assert tr["trace"][1].strip().startswith("lane 0: u=0.125 v=0.125"), tr["trace"][1]
assert tr["trace"][2].strip() == "lane 1: u=0.375 v=0.125 r=0 ai=0 -> R=0x3f800000 (1)", tr["trace"][2]
lanes = [t for t in tr["trace"] if t.strip().startswith("lane ")]
messages = [t for t in tr["trace"] if not t.startswith(" ")]
assert len(lanes) == 8 * len(messages), (len(lanes), len(messages))
assert "trace" not in run(["run", "--json", visa, "--scene",
                           str(src / "examples/visa/sampler3d.json")], 0)
# "-" in the text modes: asm to stdout, disasm from stdin, run with the scene on stdin.
binary = subprocess.run([texsim, "asm", "--isa", "sass", "-"], input=pathlib.Path(sass).read_bytes(),
                        capture_output=True, check=True).stdout
assert binary.hex() == a["binary"]
listing = subprocess.run([texsim, "disasm", "--isa", "sass", "-"], input=binary,
                         capture_output=True, check=True).stdout.decode()
assert "TLDS" in listing
out = subprocess.run([texsim, "run", visa, "--scene", "-", "--json"], capture_output=True,
                     input=(src / "examples/visa/sampler3d.json").read_bytes(), check=True).stdout
assert json.loads(out)["registers"]
# render -o -: the PNG on stdout, the summary on stderr; with --json both would be stdout (usage).
png = subprocess.run([texsim, "render", "--scene", scene, "--surface", "2", "-o", "-"],
                     capture_output=True, check=True)
assert png.stdout[:8] == b"\x89PNG\r\n\x1a\n" and b"wrote standard output" in png.stderr
run(["render", "--scene", scene, "--surface", "2", "-o", "-", "--json"], 2)
print("cli.json: OK")
