#!/usr/bin/env python3
# texsim_hw_check --compare-only on recorded device results (issue 30): results equal to the
# expected values pass; a planted mismatch is reported with its inputs and both bit patterns (exit
# 1, its decision DIFFERS); a short results file, a bad manifest or texel file are errors (exit 2);
# on an sm_90 device (--sm 90) a case's cubin prediction replaces its .expect on both routes.
# Usage: recorded_results_test.py HOST CASES_DIR WORK_DIR
import json
import os
import shutil
import struct
import subprocess
import sys

host, cases, work = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(bundle, results, out):
    os.makedirs(out, exist_ok=True)
    p = subprocess.run([host, bundle, "--compare-only", results, "--out", out],
                       capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


shutil.rmtree(work, ignore_errors=True)
bundle = os.path.join(work, "bundle")
shutil.copytree(cases, os.path.join(bundle, "cases"))
names = [l.split()[1][5:] for l in open(os.path.join(cases, "manifest.txt")) if l.startswith("case ")]
results = os.path.join(work, "results")
os.makedirs(results)
for n in names:
    shutil.copy(os.path.join(cases, n + ".expect"), os.path.join(results, n + ".ptx.got"))

# 1. Every result equal to texsim's: exit 0.
rc, out = run(bundle, results, os.path.join(work, "agree"))
check(rc == 0 and "PASS (0 mismatching lookups" in out, "equal results: exit %d\n%s" % (rc, out[-2000:]))

# 2. One planted mismatch: lookup 5 of tex_2d_r32f (a P13 case), bit 0 of word 0 flipped.
case, lookup = "tex_2d_r32f", 5
got_path = os.path.join(results, case + ".ptx.got")
data = bytearray(open(got_path, "rb").read())
want = struct.unpack_from("<4I", data, lookup * 16)
struct.pack_into("<I", data, lookup * 16, want[0] ^ 1)
open(got_path, "wb").write(data)
inputs = struct.unpack_from("<16I", open(os.path.join(cases, case + ".in"), "rb").read(), lookup * 64)
rc, out = run(bundle, results, os.path.join(work, "planted"))
check(rc == 1, "planted mismatch: exit %d" % rc)
check("FAIL (1 mismatching lookups" in out, "planted mismatch: no FAIL line\n" + out[-2000:])
check("lookup %d: xyz/layer %08x %08x" % (lookup, inputs[0], inputs[1]) in out,
      "planted mismatch: inputs not reported")
check("gpu    %08x" % (want[0] ^ 1) in out and "texsim %08x" % want[0] in out,
      "planted mismatch: bit patterns not reported")
check("P13: DIFFERS: 1 mismatching lookups" in out, "planted mismatch: P13 verdict")
report = json.load(open(os.path.join(work, "planted", "report.json")))
row = [c for c in report["cases"] if c["case"] == case][0]
check(report["status"] == "mismatches" and row["mismatches"] == 1, "report.json: counts")
check(row["first_mismatches"][0]["gpu"][0] == "%08x" % (want[0] ^ 1) and
      row["first_mismatches"][0]["texsim"][0] == "%08x" % want[0] and
      row["first_mismatches"][0]["input"][0] == "%08x" % inputs[0], "report.json: mismatch")
check(report["decisions"]["P14"] == "agrees with texsim", "report.json: P14 verdict")

# 3. A results file one word short: exit 2, named.
open(got_path, "wb").write(data[:-4])
rc, out = run(bundle, results, os.path.join(work, "short"))
check(rc == 2 and "bytes, expected" in out, "short results: exit %d\n%s" % (rc, out[-500:]))

# 4. A manifest with an unknown key and one with an out-of-range width: exit 2 with the line.
manifest = os.path.join(bundle, "cases", "manifest.txt")
good = open(manifest).read()
for bad, word in ((" lookups=", " colour=red lookups="), (" w=", " w=99999 w=")):
    open(manifest, "w").write(good.replace(bad, word, 1))
    rc, out = run(bundle, results, os.path.join(work, "bad"))
    check(rc == 2 and "manifest.txt:2: bad or unknown field" in out,
          "bad manifest (%s): exit %d\n%s" % (word, rc, out[-500:]))
open(manifest, "w").write(good)

# 5. A texel file of the wrong size: exit 2, named.
texels = os.path.join(bundle, "cases", names[0] + ".texels")
open(texels, "ab").write(b"\0")
rc, out = run(bundle, results, os.path.join(work, "texels"))
check(rc == 2 and names[0] + ".texels" in out, "long texel file: exit %d\n%s" % (rc, out[-500:]))

# 6. An sm_90 device: a case with texsim's cubin prediction (<case>.expect.sm_90, its decisions in
# decisions.sm_90.txt) is compared with that on both routes, the others with .expect.
open(texels, "wb").write(open(os.path.join(cases, names[0] + ".texels"), "rb").read())
sm_case = "tlds_2d_r32f"
predicted = bytearray(open(os.path.join(cases, sm_case + ".expect"), "rb").read())
word3 = struct.unpack_from("<I", predicted, 12)[0]
struct.pack_into("<I", predicted, 12, word3 ^ 1)  # lookup 0, word 3: a prediction unlike .expect
open(os.path.join(bundle, "cases", sm_case + ".expect.sm_90"), "wb").write(predicted)
open(os.path.join(bundle, "cases", "decisions.sm_90.txt"), "w").write(sm_case + " T51,W11\n")
sm_results = os.path.join(work, "sm_results")
os.makedirs(sm_results)
for n in names:
    src = os.path.join(bundle, "cases", n + (".expect.sm_90" if n == sm_case else ".expect"))
    for route in ("ptx", "cubin"):
        shutil.copy(src, os.path.join(sm_results, n + "." + route + ".got"))


def run_sm(args, out):
    os.makedirs(out, exist_ok=True)
    p = subprocess.run([host, bundle, "--compare-only", sm_results, "--out", out] + args,
                       capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


rc, out = run_sm(["--sm", "90"], os.path.join(work, "sm90"))
check(rc == 0 and "T51: agrees with texsim (%s/ptx, %s/cubin)" % (sm_case, sm_case) in out,
      "sm_90 prediction: exit %d\n%s" % (rc, out[-1500:]))
rc, out = run_sm([], os.path.join(work, "sm-none"))
check(rc == 1 and "FAIL (2 mismatching lookups" in out,
      "without --sm the prediction is not used: exit %d\n%s" % (rc, out[-1500:]))

for f in failures:
    print("FAIL:", f)
print("recorded results: %d checks failed" % len(failures))
sys.exit(1 if failures else 0)
