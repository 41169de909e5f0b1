#!/usr/bin/env python3
"""IGC's .isa against its .visaasm (issue 13): for every dump of the vendor corpus, `texsim
disasm` of the .isa is compared line by line with IGC's own .visaasm.

IGC 1.0.12504 writes truncated instructions (decisions.md V34): an instruction with an exec size
and a predicate lacks its last one or two operands. So a line is
  identical   texsim's line equals IGC's (whitespace runs compared as one space), or
  agreeing    texsim's operands are IGC's first operands (the rest are not in the file), and
  different   otherwise (the test fails).
Usage: isa_compare.py TEXSIM WORKDIR (WORKDIR of run_corpus.sh: index + cache)."""
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

SEED = ("sample_", "load_", "lod", "media_ld", "gather_scaled")  # the modelled families
ALIASES = {"fence": "fence_", "sample_3d": "sample_", "load_3d": "load_"}


def instr_lines(text):
    out = []
    for line in text.splitlines():
        s = re.sub(r"\s*///.*$", "", line).strip()
        if not s or s.startswith((".", "//")) or re.fullmatch(r"[\w$.]+:", s):
            continue
        out.append(re.sub(r"\s+", " ", s))
    return out


def base(tok):
    return tok.split(".")[0]


def agree(mine, igc):
    a, b = mine.split(" "), igc.split(" ")
    if b and b[0].startswith("(") and not a[0].startswith("(") and len(a) <= 3:
        b = b[1:]  # goto/jmp keep only the exec size: the predicate is not in the file (V34)
    if a[0].startswith("("):  # predicate prefix
        if not b or a[0] != b[0]:
            return False
        a, b = a[1:], b[1:]
    if not a or not b:
        return False
    ma, mb = a[0], b[0]
    fam = ALIASES.get(base(ma), base(ma))
    if not (ma == mb or base(ma) == base(mb) or mb.startswith(fam) or base(mb).startswith(fam)):
        return False
    return b[1:len(a)] == a[1:]


def main():
    texsim, work = sys.argv[1], Path(sys.argv[2])
    files = lines = identical = agreeing = seed = seed_same = 0
    decl_total = decl_same = 0
    bad = Counter()
    for row in (work / "index").read_text().splitlines():
        key, dev, _ = row.split()
        plat = {"skl": "SKL", "tgllp": "TGLLP", "dg2": "DG2", "pvc": "PVC"}[dev]
        for isa in sorted((work / "cache" / key).glob("*.isa")):
            files += 1
            want = isa.with_suffix(".visaasm").read_text()
            got = subprocess.run([texsim, "disasm", "--isa", "visa", "--platform", plat, str(isa)],
                                 capture_output=True, text=True)
            if got.returncode != 0 or "error[" in got.stderr:
                bad["read error: " + got.stderr.strip().splitlines()[-1][:120]] += 1
                continue
            w, g = instr_lines(want), instr_lines(got.stdout)
            if len(w) != len(g):
                bad["instruction count %d != %d" % (len(g), len(w))] += 1
                continue
            wdecl = {l for l in want.splitlines() if l.startswith((".decl", ".input"))}
            gdecl = [l for l in got.stdout.splitlines() if l.startswith((".decl", ".input"))]
            decl_total += len(gdecl)
            decl_same += sum(1 for l in gdecl if l in wdecl)
            for mine, igc in zip(g, w):
                lines += 1
                is_seed = igc.split(" ")[-1] and any(
                    base(t).startswith(SEED) for t in igc.split(" ")[:2])
                seed += is_seed
                if mine == igc:
                    identical += 1
                    seed_same += is_seed
                elif agree(mine, igc):
                    agreeing += 1
                else:
                    bad["differs: %s | %s" % (mine[:60], igc[:60])] += 1
    print("isa vs visaasm: %d dumps; %d instruction lines compared: %d identical, %d agree on "
          "every operand present (IGC 1.0.12504 leaves the rest out, V34), %d differ; seed "
          "instruction lines %d (%d identical); .decl/.input lines %d (%d identical)"
          % (files, lines, identical, agreeing, sum(bad.values()), seed, seed_same, decl_total,
             decl_same))
    for what, n in bad.most_common(15):
        print("  %5d  %s" % (n, what))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
