#!/usr/bin/env python3
"""End-to-end whole-kernel test (issue 28): the OpenCL kernels of examples/opencl compiled by
Intel's ocloc for SKL, TGLLP, DG2 and PVC (cached by kernel text + compiler version), their vISA
dumps run by `texsim run` with a launch the script derives from the compiler's own patch tokens
(`ocloc disasm`'s PTM.txt: which cross-thread payload offset holds which argument, which
binding-table index each buffer has), and the buffer compared with what the OpenCL C computes,
in NumPy. Exit 0 pass, 1 fail, 77 when ocloc or NumPy is missing.
usage: kernel_e2e.py TEXSIM WORKDIR"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "..", "examples", "opencl")
DEVICES = {"skl": ("SKL", 32), "tgllp": ("TGLLP", 32), "dg2": ("DG2", 32), "pvc": ("PVC", 64)}
GLOBAL, LOCAL, K, BIAS = 96, 32, 3, 5
OUT_ADDRESS = 0x10000  # the GPU address of the buffer argument (stateless messages use it)


def skip(why):
    print(f"SKIPPED: {why}")
    sys.exit(77)


def compile_cached(work, kernel, device):
    """The .visaasm and PTM.txt of `kernel`, from the cache or a fresh ocloc build."""
    text = open(kernel, "rb").read()
    try:
        version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "intel-opencl-icd",
                                  "libigc1"], capture_output=True, text=True).stdout
    except OSError:
        version = ""
    if not version:
        version = hashlib.sha256(open(shutil.which("ocloc"), "rb").read()).hexdigest()
    # "v2": entries keep ocloc's program binary too (program.bin).
    key = hashlib.sha256(text + (version + " " + device + " v2").encode()).hexdigest()[:24]
    cache = os.path.join(work, "kernel-cache", key)
    if not os.path.exists(os.path.join(cache, "done")):
        tmp = tempfile.mkdtemp()
        env = dict(os.environ, IGC_ShaderDumpEnable="1", IGC_DumpToCustomDir=tmp + "/dump")
        subprocess.run(["ocloc", "compile", "-file", kernel, "-device", device, "-options",
                        "-cl-std=CL2.0", "-out_dir", tmp + "/out"], env=env, check=True,
                       capture_output=True)
        binary = [f for f in os.listdir(tmp + "/out") if f.endswith(".bin")][0]
        subprocess.run(["ocloc", "disasm", "-file", os.path.join(tmp, "out", binary), "-device",
                        device, "-dump", tmp + "/dis"], check=True, capture_output=True)
        os.makedirs(cache, exist_ok=True)
        visa = [f for f in os.listdir(tmp + "/dump") if f.endswith(".visaasm")][0]
        shutil.copy(os.path.join(tmp, "dump", visa), os.path.join(cache, "kernel.visaasm"))
        shutil.copy(os.path.join(tmp, "dis", "PTM.txt"), os.path.join(cache, "PTM.txt"))
        shutil.copy(os.path.join(tmp, "out", binary), os.path.join(cache, "program.bin"))
        open(os.path.join(cache, "done"), "w").close()
        shutil.rmtree(tmp)
    return os.path.join(cache, "kernel.visaasm"), os.path.join(cache, "PTM.txt")


def patch_tokens(ptm):
    """(token, [uint32 words]) of every patch token PTM.txt lists."""
    out = []
    for m in re.finditer(r"Token (\d+)\n\s*4 Size \d+\n\s*Hex ([0-9a-f ]+)", open(ptm).read()):
        b = bytes(int(x, 16) for x in m.group(2).split())
        out.append((int(m.group(1)), [int.from_bytes(b[i:i + 4], "little")
                                      for i in range(0, len(b) - 3, 4)]))
    return out


def buffer_btis(ptm):
    """Binding-table index of each buffer argument: STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT
    (token 30) gives its surface state's offset in the surface state heap, 64 bytes each."""
    return {w[0]: w[1] // 64 for token, w in patch_tokens(ptm) if token == 30}


def cross_thread_payload(ptm, size, gsize, lsize, args, pointers, images=None):
    """The cross-thread payload bytes: DATA_PARAMETER_BUFFER (token 17) entries, by type:
    1 kernel argument, 2 local size, 16 global offset, 28 enqueued local size, 42 buffer
    offset, and of an image argument (`images`: argument -> {type: value}) 9 width, 10 height,
    11 depth, 12 channel data type, 13 channel order, 18 array size (IGC's patch list
    DATA_PARAMETER_TOKEN); STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT (30): the buffer's GPU
    address (`pointers` by argument), which stateless (LSC A64) code adds its offsets to."""
    images = images or {}
    payload = bytearray(size)
    for token, w in patch_tokens(ptm):
        if token == 30:
            arg, offset, dsize = w[0], w[2], w[3]
            payload[offset:offset + dsize] = pointers[arg].to_bytes(8, "little")[:dsize]
        if token != 17:
            continue
        ptype, arg, offset, dsize, src = w[0], w[1], w[2], w[3], w[4]
        dim = src // 4
        value = {1: lambda: args[arg], 2: lambda: lsize[dim], 16: lambda: 0,
                 28: lambda: lsize[dim], 42: lambda: 0}.get(ptype)
        if ptype in (9, 10, 11, 12, 13, 18):
            value = lambda: images[arg][ptype]  # noqa: E731
        if value is None:
            continue
        payload[offset:offset + dsize] = (value() & 0xffffffff).to_bytes(4, "little")[:dsize]
    return payload


def image_arith(np, btis):
    """image_arith.cl: its scene parts (surfaces, samplers, arguments, buffers) and the result
    the OpenCL C computes."""
    rng = np.random.default_rng(28)
    tex = rng.integers(0, 60, size=(8, 8, 2), dtype=np.uint32)
    parts = {
        "surfaces": [{"id": 6, "type": "2D", "format": "R32G32_UINT", "width": 8, "height": 8,
                      "data": {"texels": tex.reshape(64, 2).tolist()}}],
        "samplers": [{"id": 0, "filter": "point", "mip_filter": "none", "normalized": False,
                      "address": "clamp"}],
        "args": {2: K, 3: BIAS}, "images": {"0": 6},
        "buffers": {1: [0] * GLOBAL}, "result": 1,
    }
    gid = np.arange(GLOBAL)  # CLAMP_TO_EDGE: rows past 7 read row 7
    t = tex[np.minimum(gid // 8, 7), gid % 8].astype(np.int64)
    v = t[:, 0] * K + t[:, 1]
    v = np.where(v > 100, v - 3 * BIAS, (v << 2) ^ BIAS)
    for i in range(3):
        v = v + np.where(i < (t[:, 1] & 3), i * K + 1, 0)
    v = v + np.trunc(t[:, 0].astype(np.float32) * np.float32(0.75)).astype(np.int64)
    return parts, v


def buffer_arith(np, btis):
    """buffer_arith.cl: the same for the buffer-only kernel."""
    rng = np.random.default_rng(29)
    x = rng.integers(-40, 60, size=GLOBAL).astype(np.int64)
    parts = {"surfaces": [], "samplers": [], "args": {2: K}, "images": {},
             "buffers": {0: x.tolist(), 1: [0] * GLOBAL}, "result": 1}
    acc = np.zeros(GLOBAL, dtype=np.int64)
    for i in range(8):
        acc = acc + np.where(i < (x & 7), x * K - i, 0)
    return parts, np.where(x > 20, acc, -acc)


KERNELS = [("image_arith", image_arith, ["skl", "tgllp", "dg2"]),  # PVC has no sampler
           ("buffer_arith", buffer_arith, ["skl", "tgllp", "dg2", "pvc"])]


def run_image_write(np, texsim, work, device):
    """image_write.cl, launched from ocloc's binary (launch "program", arguments by index) with
    `texsim run --images`: the written image's bytes against NumPy. write_imagef's UNORM8
    conversion is the exact product rounded to nearest even (decisions K24); how many texels
    OpenCL C's convert_uchar_sat_rte(f * 255.0f) would round the other way is printed."""
    platform, _ = DEVICES[device]
    visa, _ = compile_cached(work, os.path.join(EXAMPLES, "image_write.cl"), device)
    h, w = 8, 16
    src = np.random.default_rng(3).integers(0, 256, size=(h, w, 4), dtype=np.uint8)
    scene = {"texsim": 1, "isa": "visa", "platform": platform,
             "surfaces": [{"id": 1, "type": "2D", "format": "R8G8B8A8_UNORM", "width": w,
                           "height": h, "data": {"hex": src.tobytes().hex()}},
                          {"id": 2, "type": "2D", "format": "R8G8B8A8_UNORM", "width": w,
                           "height": h}],
             "launch": {"global_size": [w, h], "local_size": [8, 2],
                        "program": {"file": os.path.relpath(
                            os.path.join(os.path.dirname(visa), "program.bin"), work)},
                        "args": {"0": {"image": 1}, "1": {"image": 2}}}}
    path = os.path.join(work, f"image_write_{device}.json")
    json.dump(scene, open(path, "w"))
    out = os.path.join(work, f"image_write_{device}")
    run = subprocess.run([texsim, "run", "-q", "--json", visa, "--scene", path, "--images", out],
                         capture_output=True, text=True)
    result = json.loads(run.stdout)
    errors = [d["text"] for d in result["diagnostics"] if d["severity"] == "error"]
    if run.returncode != 0 or errors or len(result.get("images", [])) != 1:
        print(f"FAIL image_write {device}: texsim run:", run.returncode, *errors, sep="\n")
        return 1
    f = (src.astype(np.float64) / 255.0).astype(np.float32)
    ys, xs = np.mgrid[0:h, 0:w]
    x1, y1 = np.minimum(xs + 1, w - 1), np.minimum(ys + 1, h - 1)
    v = (((f[ys, xs] + f[ys, x1]) + f[y1, xs]) + f[y1, x1]) * np.float32(0.25)
    want = np.clip(np.rint(v.astype(np.float64) * 255.0), 0, 255).astype(np.uint8)
    opencl = np.clip(np.rint(v * np.float32(255.0)), 0, 255).astype(np.uint8)
    got = np.fromfile(result["images"][0]["bin"], np.uint8).reshape(h, w, 4)
    if not np.array_equal(got, want) or not os.path.getsize(result["images"][0]["png"]):
        bad = np.argwhere(got != want)
        print(f"FAIL image_write {device}: {len(bad)} of {got.size} channels differ, first "
              f"{bad[0].tolist()}: texsim {got[tuple(bad[0])]}, NumPy {want[tuple(bad[0])]}")
        return 1
    print(f"PASS image_write {device}: the {w}x{h} image texsim wrote equals NumPy's "
          f"({np.count_nonzero(opencl != want)} channels would round the other way under "
          f"OpenCL C's float-product rule, K24)")
    return 0


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    texsim, work = sys.argv[1], sys.argv[2]
    if shutil.which("ocloc") is None:
        skip("ocloc not installed (scripts/install-deps.sh installs it)")
    try:
        import numpy as np
    except ImportError:
        skip("NumPy not installed")
    os.makedirs(work, exist_ok=True)
    status = 0
    for name, make, devices in KERNELS:
        for device in devices:
            status |= run_device(np, texsim, work, name, make, device)
    for device in ["skl", "tgllp", "dg2"]:  # PVC has no sampler
        status |= run_image_write(np, texsim, work, device)
    return status


def run_device(np, texsim, work, name, make, device):
    """Compiles `name` for `device`, runs it in texsim, compares; 0 pass, 1 fail."""
    platform, grf = DEVICES[device]
    visa, ptm = compile_cached(work, os.path.join(EXAMPLES, name + ".cl"), device)
    text = open(visa).read()
    simd = int(re.search(r"SimdSize=(\d+)", text).group(1))
    inputs = [(n, int(o), int(s)) for n, o, s in
              re.findall(r"^\.input (\S+) offset=(\d+) size=(\d+)", text, re.M)]
    base = grf + 3 * ((2 * simd + grf - 1) // grf * grf)  # r0, then local ids X, Y, Z
    end = max(o + s for _, o, s in inputs)
    btis = buffer_btis(ptm)
    parts, want = make(np, btis)
    address = {arg: OUT_ADDRESS * (arg + 1) for arg in parts["buffers"]}
    payload = cross_thread_payload(ptm, end - base, [GLOBAL, 1, 1], [LOCAL, 1, 1],
                                   parts["args"], address)
    registers = {n: {"type": "UB", "values": list(payload[o - base:o - base + s])}
                 for n, o, s in inputs if o >= base}
    buffers = {str(btis[arg]): {"type": "D", "values": values, "address": address[arg]}
               for arg, values in parts["buffers"].items()}
    scene = {
        "texsim": 1, "isa": "visa", "platform": platform,
        "surfaces": parts["surfaces"], "samplers": parts["samplers"], "registers": registers,
        "launch": {"global_size": [GLOBAL], "local_size": [LOCAL], "images": parts["images"],
                   "buffers": buffers},
    }
    scene_path = os.path.join(work, f"{name}_{device}.json")
    json.dump(scene, open(scene_path, "w"))
    run = subprocess.run([texsim, "run", "-q", "--json", visa, "--scene", scene_path],
                         capture_output=True, text=True)
    result = json.loads(run.stdout)
    errors = [d["text"] for d in result["diagnostics"] if d["severity"] == "error"]
    if run.returncode != 0 or errors:
        print(f"FAIL {name} {device}: texsim run:", run.returncode, *errors, sep="\n")
        return 1
    out = f"buffer{btis[parts['result']]}"
    got = np.array(result["registers"][out]["values"], dtype=np.int64)
    want = ((want + 2**31) % 2**32) - 2**31
    if not np.array_equal(got, want):
        bad = np.nonzero(got != want)[0]
        print(f"FAIL {name} {device}: {len(bad)} of {GLOBAL} work-items differ, first gid "
              f"{bad[0]}: texsim {got[bad[0]]}, OpenCL C {want[bad[0]]}")
        return 1
    print(f"PASS {name} {device}: {GLOBAL} work-items ({GLOBAL // LOCAL} work-groups of "
          f"{LOCAL}, SIMD{simd}) match the OpenCL C")
    return 0


if __name__ == "__main__":
    sys.exit(main())
