#!/usr/bin/env python3
# SAMPLE_UNORM against Intel's GenX_IR (decision V50): OpenCL C never reaches the instruction, so
# ocloc's dumps hold none; GenX_IR assembles every channel mask x output format instead. For SKL,
# TGLLP, DG2 and PVC: GenX_IR's .isa instruction bytes equal texsim's, texsim reads GenX_IR's .isa
# with no error and writes it back byte-identical, and texsim's disassembly of it equals GenX_IR's
# own dump. Then invalid lines: accept/reject compared, each disagreement of a known class.
# Usage: genx_sample_unorm.py TEXSIM ISA_TOOL WORKDIR. Exit 0 clean, 1 a failure, 77 no GenX_IR.
import os
import re
import shutil
import subprocess
import sys

DECLS = """.version 4.1
.kernel "k"
.decl V32 v_type=G type=uw num_elts=512 align=GRF
.decl V33 v_type=G type=f num_elts=8 align=GRF
.decl V34 v_type=G type=ud num_elts=128 align=GRF
.decl T6 v_type=T num_elts=1
.decl S1 v_type=S num_elts=1
"""
FORMATS = ["16-full", "16-downsampled", "8-full", "8-downsampled"]
SCALARS = ["V33(0,0)<0;1,0>", "V33(0,5)<0;1,0>", "0x0:f", "0x3e800000:f", "0xbf000000:f"]
PLATFORMS = ["SKL", "TGLLP", "DG2", "PVC"]

# Invalid lines: (line, texsim's rule or None when texsim accepts, GenX_IR accepts?). Where the
# two differ, texsim applies a rule of visa-sample_unorm.md that IGC's verifier leaves out
# (IsaVerification.cpp checks the scalars' operand class only and has "dst: TODO").
NEGATIVE = [
    ("sample_unorm.RGBA.16-full S1 %slm 0x0:f 0x0:f 0x0:f 0x0:f V32.0",
     "VISA-SAMPLE_UNORM-SURFACE", False),
    ("sample_unorm.RGBA.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.2",
     "VISA-SAMPLE_UNORM-DST-ALIGN", False),
    ("sample_unorm.RGBA.12-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0", "VISA-SYNTAX", False),
    ("sample_unorm.RGBA.16-full S1 T6 0x0:ud 0x0:f 0x0:f 0x0:f V32.0",
     "VISA-SAMPLE_UNORM-U_OFFSET-TYPE", True),
    ("sample_unorm.RGBA.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V34.0",
     "VISA-SAMPLE_UNORM-DST-TYPE", True),
    ("sample_unorm.RGBA.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.896",
     "VISA-SAMPLE_UNORM-DST-SIZE", True),
    ("sample_unorm.RGBA.16-full S1 T6 V33(0,0)<1;1,0> 0x0:f 0x0:f 0x0:f V32.0",
     "VISA-SAMPLE_UNORM-U_OFFSET-SCALAR", True),
    ("sample_unorm.RGBA.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f %null.0",
     "VISA-SAMPLE_UNORM-DST-RANGE", True),
]


def positive_lines():
    lines = []
    k = 0
    for mask in range(1, 16):
        ch = "".join(c for i, c in enumerate("RGBA") if mask >> i & 1)
        for fmt in FORMATS:
            s = [SCALARS[(k + j) % len(SCALARS)] for j in range(4)]
            dst = "V32.%d" % (64 * (k % 8))
            lines.append("sample_unorm.%s.%s S1 T6 %s %s %s %s %s" % (ch, fmt, *s, dst))
            k += 1
    return lines


def run(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=60)


def dump_lines(text):
    # GenX_IR writes the first instruction on the .kernel_attr line: keep from the mnemonic on.
    return [re.sub(r"\s+", " ", l[l.index("sample_unorm"):].split("///")[0]).strip()
            for l in text.splitlines() if "sample_unorm" in l and not l.lstrip().startswith("//")]


def main():
    if shutil.which("GenX_IR") is None:
        print("SKIPPED: GenX_IR not installed (scripts/install-deps.sh installs libigc-tools)")
        return 77
    texsim, tool, work = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(work, exist_ok=True)
    failures = []
    lines = positive_lines()
    src = os.path.join(work, "unorm.visaasm")
    with open(src, "w") as f:
        f.write(DECLS + "".join("    %s\n" % l for l in lines))
    for plat in PLATFORMS:
        genx = os.path.join(work, "genx_%s.isa" % plat)
        ours = os.path.join(work, "texsim_%s.isa" % plat)
        g = run(["GenX_IR", src, "-platform", plat, "-outputCisaBinaryName", genx], cwd=work)
        if g.returncode != 0 or not os.path.exists(genx):
            failures.append("%s: GenX_IR rejects the valid lines: %s" % (plat, g.stdout[-200:]))
            continue
        w = run([tool, "write", src, ours, plat])
        if w.returncode != 0:
            failures.append("%s: texsim cannot write the .isa: %s" % (plat, w.stderr[:200]))
            continue
        a, b = run([tool, "insts", ours]).stdout, run([tool, "insts", genx]).stdout
        if a != b or a.count("\n") < len(lines):
            failures.append("%s: instruction bytes differ from GenX_IR's" % plat)
        rt = run([tool, "roundtrip", genx])
        if "written back byte-identical 1" not in rt.stdout:
            failures.append("%s: GenX_IR's .isa does not round-trip: %s" % (plat, rt.stdout))
        c = run([texsim, "check", "-q", "--isa", "visa", "--platform", plat, genx])
        if c.returncode != 0:
            failures.append("%s: texsim check of GenX_IR's .isa: %s" % (plat, c.stdout[-300:]))
        # GenX_IR's dump of its own .isa against texsim's disassembly of the same file.
        sub = os.path.join(work, "dump_" + plat)
        os.makedirs(sub, exist_ok=True)
        run(["GenX_IR", genx, "-platform", plat, "-dumpcommonisa"], cwd=sub)
        theirs = [l for n in sorted(os.listdir(sub)) if n.endswith(".visaasm")
                  for l in dump_lines(open(os.path.join(sub, n)).read())]
        mine = dump_lines(run([texsim, "disasm", "-q", "--isa", "visa", "--platform", plat,
                               genx]).stdout)
        if not theirs or theirs != mine:
            diff = next(((t, m) for t, m in zip(theirs, mine) if t != m), (len(theirs), len(mine)))
            failures.append("%s: texsim's disassembly differs from GenX_IR's dump: %s" % (plat, diff))
    classes = {}
    for i, (line, rule, genx_accepts) in enumerate(NEGATIVE):
        path = os.path.join(work, "neg%d.visaasm" % i)
        with open(path, "w") as f:
            f.write(DECLS + "    " + line + "\n")
        g = run(["GenX_IR", path, "-platform", "TGLLP", "-outputCisaBinaryName",
                 "neg%d.isa" % i], cwd=work)
        t = run([texsim, "check", "-q", "--platform", "TGLLP", path])
        got = re.findall(r"error\[([A-Z0-9_-]+)\]", t.stdout + t.stderr)
        if (g.returncode == 0) != genx_accepts:
            failures.append("GenX_IR %s: %s" % ("rejects" if genx_accepts else "accepts", line))
        if rule not in got:
            failures.append("texsim reports %s, not %s: %s" % (got, rule, line))
        key = "both reject" if not genx_accepts else "texsim rejects (page rule), GenX_IR accepts"
        classes[key] = classes.get(key, 0) + 1
    print("SAMPLE_UNORM vs GenX_IR: %d lines x %d platforms (bytes, read/write, dump); invalid "
          "lines: %s" % (len(lines), len(PLATFORMS), classes))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
