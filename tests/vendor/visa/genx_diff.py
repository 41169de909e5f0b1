#!/usr/bin/env python3
# GenX_IR differential (issue 13 step 6): random single-instruction programs of the four seed
# instructions (valid and spec-invalid); texsim check and Intel's GenX_IR verdicts compared and
# every disagreement classified. Usage: genx_diff.py TEXSIM WORKDIR [N [ISA_TOOL]]. Exit 1 on an unknown class.
import collections
import itertools
import os
import random
import re
import resource
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DECLS = """.version 4.1
.kernel "k"
.decl V32 v_type=G type=ud num_elts=512 align=GRF
.decl V33 v_type=G type=f num_elts=512 align=GRF
.decl V34 v_type=G type=ud num_elts=64 align=GRF
.decl V35 v_type=G type=d num_elts=64 align=GRF
.decl V36 v_type=G type=f num_elts=64 align=GRF
.decl V37 v_type=G type=hf num_elts=64 align=GRF
.decl V38 v_type=G type=uw num_elts=64 align=GRF
.decl V39 v_type=G type=ud num_elts=1 align=dword
.decl T6 v_type=T num_elts=1
.decl S1 v_type=S num_elts=1
"""
EMASKS = ["M1", "M1", "M1_NM", "M5", "M3"]
SAMPLE_OPS = {"sample_3d": 4, "sample_b": 5, "sample_l": 5, "sample_c": 5, "sample_d": 10,
              "sample_lz": 4, "sample_c_lz": 5, "lod": 4, "sample_l_c": 6, "sample_b_c": 6}
LOAD_OPS = {"load_3d": 4, "load_lz": 3, "load_2dms_w": 7, "load_mcs": 3}


def gather(r):
    nb = r.choice([1, 2, 4, 1, 2, 4, 3, 8])
    es = r.choice([1, 2, 4, 8, 16, 16, 32])
    surf = r.choice(["T6", "T6", "%slm", "%scratch", "%bss"])
    goff = r.choice(["0x0:ud", "0x0:ud", "0x40:ud", "V39(0,0)<0;1,0>", "0x0:uw"])
    eo = r.choice(["V34.0", "V34.0", "V34.32", "V34.4", "V36.0"])
    dst = r.choice(["V32.0", "V32.0", "V32.64", "V32.8"])
    return f"gather_scaled.{nb} ({r.choice(EMASKS)}, {es}) {surf} {goff} {eo} {dst}"


def media(r):
    mod = r.choice(["nomod", "nomod", "top", "bottom", "modified", "top_mod"])
    w = r.choice([1, 4, 8, 16, 32, 64, 16, 65, 0])
    h = r.choice([1, 4, 8, 16, 32, 64, 4, 65])
    surf = r.choice(["T6", "T6", "T6", "%slm", "%scratch"])
    plane = r.choice([0, 0, 1, 3, 4])
    x = r.choice(["0x0:ud", "0x10:ud", "V39(0,0)<0;1,0>", "0x0:d"])
    return f"media_ld.{mod} ({w},{h}) {surf} {plane} {x} 0x0:ud {r.choice(['V32.0', 'V32.0', 'V32.16'])}"


def sample(r):
    op = r.choice(list(SAMPLE_OPS))
    n = SAMPLE_OPS[op]
    count = r.choice([1, n, n, n + 1]) if r.random() < 0.8 else r.randint(1, 12)
    es = r.choice([8, 16, 16, 32, 4])
    ch = r.choice(["R", "RGBA", "RGBA", "RA", "GB"])
    ptype = r.choice(["V36", "V36", "V36", "V37", "V34"])
    aoff = r.choice(["0x0:uw", "0x0:uw", "0x765:uw", "0x1000:uw", "0x0:ud"])
    dst = r.choice(["V33.0", "V33.0", "%null.0", "V33.16"])
    # .divS (bit 10 of the Op word): GenX_IR 1.0.12504 drops it (decision N5).
    flags = r.choice(["", "", "", ".pixel_null_mask", ".cps", ".divS", ".pixel_null_mask.divS"])
    params = " ".join(f"{ptype}.{32 * (k % 2)}" if es <= 8 else f"{ptype}.0" for k in range(count))
    return f"{op}{flags}.{ch} ({r.choice(EMASKS)}, {es})  {aoff} S1 T6 {dst} {params}"


def load(r):
    op = r.choice(list(LOAD_OPS))
    n = LOAD_OPS[op]
    count = r.choice([1, n, n, n + 1])
    es = r.choice([8, 16, 16, 32, 4])
    ch = r.choice(["R", "RGBA", "RGBA", "GB"])
    ptype = r.choice(["V34", "V34", "V35", "V38", "V36"])
    aoff = r.choice(["0x0:uw", "0x0:uw", "0x765:uw", "0x0:ud"])
    dst = r.choice(["V32.0", "V32.0", "%null.0", "V32.4"])
    params = " ".join(f"{ptype}.0" for _ in range(count))
    return f"{op}.{ch} ({r.choice(EMASKS)}, {es})  {aoff} T6 {dst} {params}"


def texsim_verdict(texsim, path):
    p = subprocess.run([texsim, "check", "-q", "--platform", "TGLLP", path], capture_output=True,
                       text=True)
    rules = re.findall(r"error\[([A-Z0-9_\-]+)\]", p.stdout + p.stderr)
    return ("reject", rules[0]) if rules else ("accept", "")


def genx_verdict(workdir, name):
    for stale in (name + ".errors.txt",):
        if os.path.exists(os.path.join(workdir, stale)):
            os.remove(os.path.join(workdir, stale))

    def limits():  # some inputs make GenX_IR allocate without bound: cap memory and CPU time
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
        resource.setrlimit(resource.RLIMIT_CPU, (20, 20))
    # The CPU limit bounds a runaway GenX_IR; the wall-clock limit only catches one that blocks,
    # so it is generous: on a loaded 2-core machine an input GenX_IR aborts on (SIGABRT, V32)
    # took over 30 s of wall time and was misreported as a timeout.
    try:
        p = subprocess.run(["GenX_IR", name + ".visaasm", "-platform", "TGLLP"], cwd=workdir,
                           capture_output=True, text=True, timeout=180, preexec_fn=limits)
    except subprocess.TimeoutExpired:
        return "crash", "timeout"
    if p.returncode < 0 or p.returncode >= 128:
        sig = -p.returncode if p.returncode < 0 else p.returncode - 128
        names = {6: "SIGABRT", 9: "SIGKILL, CPU limit", 11: "SIGSEGV", 24: "SIGXCPU"}
        return "crash", names.get(sig, f"signal {sig}")
    if "std::bad_alloc" in p.stderr or "out of memory" in p.stderr.lower():
        return "crash", "out of memory (2 GiB cap)"
    if p.returncode == 0:
        return "accept", ""
    err = os.path.join(workdir, name + ".errors.txt")
    msg = open(err).read().strip().splitlines()[0] if os.path.exists(err) else \
        (p.stdout + p.stderr).strip().splitlines()[-1]
    return "reject", re.sub(r"\d+", "N", msg)[:120]


def norm(line):
    return re.sub(r"\s+", " ", re.sub(r"///.*", "", line)).strip()


def dumps_differ(texsim, workdir, name, line):
    """Both accept: GenX_IR's -dumpcommonisa line against texsim's printed instruction."""
    only = os.path.join(workdir, name + ".one.visaasm")
    with open(only, "w") as f:
        f.write(DECLS + line + "\n")
    p = subprocess.run([texsim, "asm", "--hex", only], capture_output=True, text=True)
    ours = [norm(l.split("//", 1)[1]) for l in p.stdout.splitlines() if "//" in l][1:]
    sub = os.path.join(workdir, name + ".dump")
    os.makedirs(sub, exist_ok=True)
    subprocess.run(["GenX_IR", os.path.abspath(os.path.join(workdir, name + ".visaasm")),
                    "-platform", "TGLLP", "-dumpcommonisa"], cwd=sub, capture_output=True,
                   timeout=180)
    # Instruction lines end in "/// $N"; GenX_IR writes the first one on the line of the last
    # .kernel_attr (no newline), so take the text after the last run of 4+ spaces.
    dumped = [norm(re.split(r"\s{4,}", l.split("///")[0].strip())[-1])
              for f in os.listdir(sub) if f.endswith(".visaasm")
              for l in open(os.path.join(sub, f)) if "/// $" in l and "ret (" not in l]
    if not ours or not dumped:
        return "no dump"
    if ours[0] == dumped[0]:
        return None
    # The known differences, each a rewrite of texsim's line; the fewest that explain the dump.
    fixes = [
        (lambda t: re.sub(r" T6 (\S+) %null\.0 ", r" T6 \1 ", t, count=1),
         "texsim prints the paired surface %null.0 at vISA 4.1, IGC 1.0.12504 has none"),
        (lambda t: t.replace(" S1 ", " S0 "),
         "GenX_IR's dump renames sampler S1 to S0 (declaration order)"),
        (drop_divs, DIVS),
    ]
    for size in range(len(fixes) + 1):
        for subset in itertools.combinations(fixes, size):
            mine = ours[0]
            for fix, _ in subset:
                mine = fix(mine)
            if mine == dumped[0] and all(fix(ours[0]) != ours[0] for fix, _ in subset):
                return "; ".join(why for _, why in subset)
    return "dump differs: " + dumped[0]


# IGC 1.0.12504 reads and writes the 3D sampler's .divS (Op bit 10) but its text parser never
# sets it and its reader rebuilds the instruction without it, so GenX_IR prints it nowhere
# (decision N5; fixed upstream in IGC commit f17b225de, v2.30.0).
DIVS = "GenX_IR of IGC 12504 drops .divS (Op bit 10)"


def drop_divs(text):
    return text.replace(".divS", "")


def isa_insts(tool, path):
    p = subprocess.run([tool, "insts", path], capture_output=True, text=True)
    if p.returncode != 0:
        return None
    return [l for l in p.stdout.split() if not l.startswith("#") and l not in ("kernel", "k",
                                                                            "truncated")]


def isa_compare(texsim, tool, workdir, name, line):
    """Both accept: the .isa bytes of texsim and of GenX_IR for the one instruction, and GenX_IR's
    dump of texsim's .isa. Returns (bytes class, dump class)."""
    one = os.path.join(workdir, name + ".one.visaasm")
    with open(one, "w") as f:
        f.write(DECLS + line + "\n")
    ours, theirs = os.path.join(workdir, name + ".texsim.isa"), name + ".genx.isa"
    w = subprocess.run([tool, "write", one, ours, "TGLLP"], capture_output=True, text=True)
    if w.returncode != 0:
        return "texsim cannot write the .isa: " + w.stderr.strip()[:80], None
    subprocess.run(["GenX_IR", name + ".one.visaasm", "-platform", "TGLLP",
                    "-outputCisaBinaryName", theirs], cwd=workdir, capture_output=True, timeout=180)
    a, b = isa_insts(tool, ours), isa_insts(tool, os.path.join(workdir, theirs))
    if not a or not b:
        bytes_class = "GenX_IR's .isa unreadable"
    elif a[0] == b[0]:
        bytes_class = "identical"
    elif a[0][:4] == b[0][:4] and a[0][4:6] != b[0][4:6] and \
            int(a[0][4:6], 16) == int(b[0][4:6], 16) | 0x04 and \
            a[0][6:].startswith(b[0][6:].rstrip("0")):  # opcode, Op low byte, Op high byte
        bytes_class = DIVS + " from the bytes it writes"
    elif a[0].startswith(b[0].rstrip("0")) and len(b[0]) <= len(a[0]):
        # IGC 1.0.12504 writes no bytes for an instruction's last operands (V34); where its
        # buffer was zeroed, they read back as zeros.
        bytes_class = "GenX_IR's bytes are texsim's without the operands IGC 1.0.12504 drops"
    else:
        bytes_class = "bytes differ: texsim %s GenX_IR %s" % (a[0], b[0])
    # GenX_IR reads texsim's .isa and dumps it.
    sub = os.path.join(workdir, name + ".fromtexsim")
    os.makedirs(sub, exist_ok=True)
    subprocess.run(["GenX_IR", os.path.abspath(ours), "-platform", "TGLLP", "-dumpcommonisa"],
                   cwd=sub, capture_output=True, timeout=180)
    dumped = [norm(re.split(r"\s{4,}", l.split("///")[0].strip())[-1])
              for f in os.listdir(sub) if f.endswith(".visaasm")
              for l in open(os.path.join(sub, f)) if "/// $" in l]
    p = subprocess.run([texsim, "asm", "--hex", one], capture_output=True, text=True)
    mine = [norm(l.split("//", 1)[1]) for l in p.stdout.splitlines() if "//" in l][1:]
    if not dumped or not mine:
        return bytes_class, "GenX_IR does not dump texsim's .isa"
    m = re.sub(r" T6 (\S+) %null\.0 ", r" T6 \1 ", mine[0], count=1).replace(" S1 ", " S0 ")
    if dumped[0] in (mine[0], m):
        return bytes_class, "same instruction"
    if dumped[0] in (drop_divs(mine[0]), drop_divs(m)):
        return bytes_class, DIVS + " when it reads texsim's .isa"
    return bytes_class, "dump of texsim's .isa differs: " + dumped[0]


def main():
    if shutil.which("GenX_IR") is None:
        print("SKIPPED: GenX_IR not installed (scripts/install-deps.sh installs libigc-tools)")
        return 77
    texsim, work = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 400
    tool = sys.argv[4] if len(sys.argv) > 4 else None  # visa_isa_tool: compare .isa bytes too
    isa_bytes, isa_dump = collections.Counter(), collections.Counter()
    os.makedirs(work, exist_ok=True)
    known = {}
    for line in open(os.path.join(HERE, "genx_known.txt")):
        if line.strip() and not line.startswith("#"):
            key, decision = line.rstrip("\n").split("\t")
            known[key] = decision
    r = random.Random(13)
    gens = [gather, media, sample, load]
    agree = collections.Counter()
    classes = collections.defaultdict(list)
    for i in range(n):
        line = gens[i % 4](r)
        name = f"p{i:04d}"
        path = os.path.join(work, name + ".visaasm")
        with open(path, "w") as f:
            f.write(DECLS + line + "\nret (M1, 1)\n")
        t, trule = texsim_verdict(texsim, path)
        g, gmsg = genx_verdict(work, name)
        if t == g:
            agree[t] += 1
            if t == "accept" and tool:
                bcls, dcls = isa_compare(texsim, tool, work, name, line)
                isa_bytes[bcls] += 1
                isa_dump[dcls] += 1
                if bcls.startswith(("bytes differ", "texsim cannot", "GenX_IR's .isa", DIVS)):
                    classes["isa: " + re.sub(r"[0-9a-f]{8,}", "HEX", bcls)].append(line)
                if dcls != "same instruction":
                    classes["isa: " + re.sub(r"\S+\.0", "X", dcls)[:100]].append(line)
            if t == "accept":
                why = dumps_differ(texsim, work, name, line)
                if why is None:
                    agree["dump identical"] += 1
                else:
                    classes[f"both accept; printed line differs: {why}"].append(line)
            continue
        if g == "crash":
            key = f"GenX_IR crashes ({gmsg}); texsim {t}s" + (f" [{trule}]" if trule else "")
        elif t == "reject":
            key = f"texsim rejects [{trule}], GenX_IR accepts"
        else:
            key = f"texsim accepts, GenX_IR rejects {line.split('.')[0]}: {gmsg}"
        classes[key].append(line)
    total = n
    same = agree["accept"] + agree["reject"]
    print(f"GenX_IR differential: {total} programs; same verdict {same} (both accept "
          f"{agree['accept']}, of which printed identically {agree['dump identical']}; both reject "
          f"{agree['reject']}); {sum(len(v) for v in classes.values())} disagreements in "
          f"{len(classes)} classes")
    if tool:
        print(f"  .isa (both accept): instruction bytes {dict(isa_bytes)}; GenX_IR's dump of "
              f"texsim's .isa: {dict(isa_dump)}")
    unknown = 0
    for key, lines in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        decision = known.get(key)
        if decision is None:
            unknown += 1
        print(f"  {len(lines):4d}  {key}  -> {decision or 'UNCLASSIFIED'}\n        e.g. {lines[0]}")
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())
