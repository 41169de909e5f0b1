#!/usr/bin/env python3
"""IGC's text through texsim's assembler (issue 13 item 1): for dump pairs of the vendor corpus
(IGC's X.visaasm and X.isa), `texsim asm X.visaasm -o Y.isa`, then
  lines     `texsim disasm Y.isa` against X.visaasm, line by line (IGC's `/// $N` comments and
            trailing blanks left out; every other character compared);
  bytes     Y.isa's instructions against IGC's X.isa: IGC 1.0.12504 writes each instruction
            truncated (decisions.md V34), so IGC's bytes must be the start of texsim's, and the
            instruction counts must agree;
  GenX_IR   `GenX_IR Y.isa -dumpcommonisa` (Intel's own reader) must read the file and dump the
            same instruction lines.
GenX_IR fails to compile some kernels from IGC's own .isa too (SIMD32 with spills on SKL): a file
GenX_IR cannot read from texsim is counted apart when it cannot read IGC's file either.
Usage: asm_roundtrip.py TEXSIM ISA_TOOL WORKDIR [N] [--kernels PREFIX]   (WORKDIR of
run_corpus.sh: index + cache; N: every k-th dump so that about N pairs are tried, 0 = all;
PREFIX: only the kernel files whose name starts with it). Exit 0 all agree, 1 a difference,
77 tools or corpus missing."""
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PLATFORMS = {"skl": "SKL", "tgllp": "TGLLP", "dg2": "DG2", "pvc": "PVC"}


def text_lines(text):
    return [re.sub(r"\s*///.*$", "", line).rstrip() for line in text.splitlines()]


def instr_lines(lines):
    return [line for line in lines
            if line.startswith("    ") and not line.strip().startswith(("//", "."))]


def insts(tool, path):
    p = subprocess.run([tool, "insts", str(path)], capture_output=True, text=True)
    if p.returncode != 0:
        return None
    return [line for line in p.stdout.splitlines() if not line.startswith("#")]


def genx_labels(line):
    """GenX_IR names each label it reads from a .isa NAME_<n> (a counter of its own): the
    label operand of goto/jmp/call is compared without that suffix (docs/decisions.md V56)."""
    return re.sub(r"^(\s*(?:\(\S+\) )?(?:goto|jmp|call) \(\S+ \d+\) \S+?)_\d+$", r"\1", line)


def genx_dump(isa, platform):
    """GenX_IR's dump of a .isa (its instruction lines), or an error string."""
    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
        resource.setrlimit(resource.RLIMIT_CPU, (20, 20))
    with tempfile.TemporaryDirectory() as sub:
        try:
            p = subprocess.run(["GenX_IR", os.path.abspath(isa), "-platform", platform,
                                "-dumpcommonisa"], cwd=sub, capture_output=True, text=True,
                               timeout=60, preexec_fn=limits)
        except subprocess.TimeoutExpired:
            return "timeout"
        dumps = [f for f in os.listdir(sub) if f.endswith(".visaasm")]
        if p.returncode != 0 or not dumps:
            return "exit %d: %s" % (p.returncode, (p.stdout + p.stderr).strip()[-200:])
        return [genx_labels(x) for x in
                instr_lines(text_lines(Path(sub, sorted(dumps)[0]).read_text()))]


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    args = sys.argv[1:]
    prefix = ""
    if "--kernels" in args:
        k = args.index("--kernels")
        prefix = args[k + 1]
        del args[k:k + 2]
    texsim, tool, work = args[0], args[1], Path(args[2])
    want = int(args[3]) if len(args) > 3 else 0
    index = work / "index"
    if not index.exists():
        print("SKIPPED: no vendor corpus in %s (vendor.visa.corpus builds it with ocloc)" % work)
        return 77
    genx = shutil.which("GenX_IR") is not None
    pairs = []
    for row in index.read_text().splitlines():
        key, dev, cl = row.split()
        if not cl.startswith(prefix):
            continue
        for v in sorted((work / "cache" / key).glob("*.visaasm")):
            if v.with_suffix(".isa").exists():
                pairs.append((v, PLATFORMS[dev]))
    if prefix and not pairs:
        print("no dump of kernel files %s* in %s" % (prefix, work))
        return 1
    if want > 0 and len(pairs) > want:
        step = len(pairs) / want
        pairs = [pairs[int(i * step)] for i in range(want)]
    files = asm_ok = lines = same_lines = same_files = 0
    n_insts = inst_prefix = inst_count_ok = sw_fence = svm_bit7 = 0
    genx_ok = genx_same = genx_own = 0
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for v, plat in pairs:
            files += 1
            y = Path(tmp, "y.isa")
            if y.exists():
                y.unlink()
            p = subprocess.run([texsim, "asm", "-q", "--platform", plat, str(v), "-o", str(y)],
                               capture_output=True, text=True)
            if p.returncode != 0:
                errs = [x for x in p.stderr.splitlines() if "error[" in x]
                failures.append("%s: asm failed: %s" % (v, errs[:1] or p.stderr[-200:]))
                continue
            asm_ok += 1
            d = subprocess.run([texsim, "disasm", "-q", "--platform", plat, str(y)],
                               capture_output=True, text=True)
            mine, igc = text_lines(d.stdout), text_lines(v.read_text())
            while igc and not igc[-1]:
                igc.pop()
            while mine and not mine[-1]:
                mine.pop()
            lines += len(igc)
            same = sum(1 for a, b in zip(mine, igc) if a == b)
            same_lines += same
            if same == len(igc) and len(mine) == len(igc):
                same_files += 1
            else:
                diff = next((i for i, (a, b) in enumerate(zip(mine, igc)) if a != b),
                            min(len(mine), len(igc)))
                failures.append("%s:%d: texsim %r, IGC %r" % (
                    v, diff + 1, mine[diff] if diff < len(mine) else None,
                    igc[diff] if diff < len(igc) else None))
            ours, theirs = insts(tool, y), insts(tool, v.with_suffix(".isa"))
            if ours is not None and theirs is not None:
                n_insts += len(theirs)
                inst_count_ok += len(ours) == len(theirs)
                for a, b in zip(ours, theirs):
                    if a.startswith(b):
                        inst_prefix += 1
                    elif a == "5c80" and b.startswith("5c") and int(b[2:4], 16) & 0x80:
                        sw_fence += 1  # IGC's fence_sw text is 0x80 (V57)
                    elif (b.startswith(("4e01", "4e02")) and len(b) >= 6 and
                          int(b[4:6], 16) & 0x80 and a == b[:4] + "%02x" % (int(b[4:6], 16) & 0x7f) + b[6:]):
                        svm_bit7 += 1  # IGC writes an unaligned block's bit 7; no text holds it (V63)
                    else:
                        failures.append("%s: instruction bytes: IGC %s, texsim %s" % (v, b, a))
            if genx:
                g = genx_dump(y, plat)
                if isinstance(g, str) and isinstance(genx_dump(v.with_suffix(".isa"), plat), str):
                    genx_own += 1  # GenX_IR cannot read IGC's own file either
                elif isinstance(g, str):
                    failures.append("%s: GenX_IR cannot read texsim's .isa: %s" % (v, g))
                else:
                    genx_ok += 1
                    genx_same += g == instr_lines(igc)
                    if g != instr_lines(igc):
                        k = next((i for i, (a, b) in enumerate(zip(g, instr_lines(igc)))
                                  if a != b), None)
                        failures.append("%s: GenX_IR's dump of texsim's .isa differs: %r" % (
                            v, (g[k], instr_lines(igc)[k]) if k is not None else "length"))
    pct = 100.0 * same_lines / lines if lines else 0.0
    print("asm round trip: %d dump pairs, %d assembled; disasm of texsim's .isa: %d of %d lines "
          "identical to IGC's .visaasm (%.2f%%), %d files identical" %
          (files, asm_ok, same_lines, lines, pct, same_files))
    print("instructions: %d in IGC's .isa files, %d equal to the start of texsim's (V34), %d "
          "software fences IGC's text cannot express (fence_sw is 0x80, V57), %d svm block "
          "messages whose bit 7 IGC's text drops (V63); %d files with the same instruction count"
          % (n_insts, inst_prefix, sw_fence, svm_bit7, inst_count_ok))
    if genx:
        print("GenX_IR reads %d of %d texsim .isa files; %d dump IGC's instruction lines; %d it "
              "cannot read from IGC's own .isa either" % (genx_ok, asm_ok, genx_same, genx_own))
    else:
        print("SKIPPED: GenX_IR not installed (the GenX_IR check)")
    for f in failures[:20]:
        print("  " + f)
    ok = (asm_ok == files and same_files == files and
          inst_prefix + sw_fence + svm_bit7 == n_insts and
          inst_count_ok == asm_ok and (not genx or genx_same + genx_own == asm_ok))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
