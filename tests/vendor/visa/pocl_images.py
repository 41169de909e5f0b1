#!/usr/bin/env python3
"""The image half of the PoCL differential (issue 28 item 3; pocl_diff.py runs it): kernels of
pocl_kernels.image_kernel read a 16x8 image through every OpenCL sampler mode. PoCL runs the
source on a pyopencl Image; texsim runs IGC's vISA with the image as a scene surface at its
binding-table index and the kernel's own SAMPLER_STATEs, decoded from the DynamicStateHeap that
`ocloc disasm` writes (the compiler's bytes, not a description of them). Integer-coordinate,
sampler-less and nearest reads must agree bit for bit; linear reads may differ by the samplers'
filter precision (Intel's 8-bit weights against PoCL's binary32 arithmetic), so they are counted
and bounded instead (FILTER_TOLERANCE)."""
import json
import os
import re
import subprocess

import kernel_e2e
import pocl_kernels

N, LOCAL = pocl_kernels.N, pocl_kernels.LOCAL
W, H = pocl_kernels.IMAGE_W, pocl_kernels.IMAGE_H
SURFACE_ID = 50
# The largest |texsim - PoCL| a linear read may show, per format: a quarter of a UNORM8 code for
# RGBA8 (weights of 1/32 are exact in both; the difference is the texel's conversion order), and
# for RGBA32F texels k/8 in [-4, 4], 2^-12 of the largest (binary32 sums in another order).
FILTER_TOLERANCE = {"rgba8": 1.0 / 1020, "rgba32f": 4.0 / 4096}


def texels(np, seed, fmt):
    """The image's texels as bytes (x fastest), the same for PoCL and texsim."""
    rng = np.random.default_rng(5000 + seed)
    if fmt == "rgba8":
        return rng.integers(0, 256, size=(H, W, 4), dtype=np.uint8)
    if fmt == "r32ui":
        return rng.integers(0, 1 << 32, size=(H, W), dtype=np.uint64).astype(np.uint32)
    return (rng.integers(-32, 33, size=(H, W, 4)) / 8.0).astype(np.float32)


def inputs(np, seed):
    rng = np.random.default_rng(6000 + seed)
    return rng.integers(0, 1 << 32, size=N, dtype=np.uint64).astype(np.uint32)


def run_pocl(np, cl, ctx, source, kernels):
    """{name: out words} from PoCL for every image kernel (name, src, used, fmt, reads)."""
    queue = cl.CommandQueue(ctx)
    prog = cl.Program(ctx, source).build(options="-cl-std=CL2.0")
    mf = cl.mem_flags
    results = {}
    for name, _, _, fmt, reads in kernels:
        seed = int(name[2:])
        order, ctype = pocl_kernels.IMAGE_FORMATS[fmt][:2]
        image = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR,
                         cl.ImageFormat(getattr(cl.channel_order, order),
                                        getattr(cl.channel_type, ctype)),
                         shape=(W, H), hostbuf=texels(np, seed, fmt))
        a = inputs(np, seed)
        out = np.zeros(N * len(reads) * 4, np.uint32)
        bufs = [cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a),
                cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=out)]
        getattr(prog, name)(queue, (N,), (LOCAL,), image, *bufs)
        cl.enqueue_copy(queue, out, bufs[1])
        queue.finish()
        results[name] = out
    return results


def scene_for(np, name, fmt, nreads, device, cache, work):
    """The launch scene of image kernel `name`: ocloc's program binary and the arguments by
    index (the image as a scene surface, the buffers); texsim takes the image's binding-table
    index and implicit arguments and the kernel's SAMPLER_STATEs (its dynamic state heap) from
    the binary's patch tokens (launch "program", decisions K22, K23)."""
    platform, _ = kernel_e2e.DEVICES[device]
    visa, ptm = os.path.join(cache, name + ".visaasm"), os.path.join(cache, name + ".ptm")
    btis = kernel_e2e.buffer_btis(ptm)
    seed = int(name[2:])
    surface = {"id": SURFACE_ID, "type": "2D", "format": pocl_kernels.IMAGE_FORMATS[fmt][2],
               "width": W, "height": H,
               "data": {"hex": texels(np, seed, fmt).tobytes().hex()}}
    args = {"0": {"image": SURFACE_ID},
            "1": {"buffer": {"type": "D", "values": inputs(np, seed).view(np.int32).tolist()}},
            "2": {"buffer": {"type": "D", "values": [0] * (N * nreads * 4)}}}
    scene = {"texsim": 1, "isa": "visa", "platform": platform, "surfaces": [surface],
             "launch": {"global_size": [N], "local_size": [LOCAL],
                        "program": {"file": os.path.relpath(os.path.join(cache, "program.bin"),
                                                            work), "kernel": name},
                        "args": args}}
    return visa, scene, btis


def run_texsim(np, texsim, work, kernel, device, cache):
    """texsim's out words, or an error text."""
    name, _, _, fmt, reads = kernel
    visa, scene, btis = scene_for(np, name, fmt, len(reads), device, cache, work)
    path = os.path.join(work, f"pocl_{name}_{device}.json")
    json.dump(scene, open(path, "w"))
    run = subprocess.run([texsim, "run", "-q", "--json", visa, "--scene", path],
                         capture_output=True, text=True)
    try:
        result = json.loads(run.stdout)
    except json.JSONDecodeError:
        return f"texsim run exit {run.returncode}: {run.stderr.strip()[:500]}"
    errors = [d["text"] for d in result.get("diagnostics", []) if d["severity"] == "error"]
    if run.returncode != 0 or errors:
        return f"texsim run exit {run.returncode}: " + "; ".join(errors)[:500]
    values = result["registers"][f"buffer{btis[2]}"]["values"]
    return np.array(values, dtype=np.int64).astype(np.uint32)


def compare_unorm8(np, g, w, stats):
    """RGBA8 UNORM: the codes must agree with PoCL, and texsim's floats must be the codes / 255
    correctly rounded (what Intel's sampler returns: decisions K19). OpenCL C allows a
    conversion within 1.5 ulp, and PoCL's c * (1 / 255) is 1 ulp off for some codes."""
    gf, wf = g.view(np.float32), w.view(np.float32)
    gc, wc = np.rint(gf * 255.0), np.rint(wf * 255.0)
    if not np.array_equal(gc, wc):
        k = np.nonzero((gc != wc).any(axis=1))[0][0]
        return f"work-item {k}: codes texsim {gc[k].tolist()}, PoCL {wc[k].tolist()}"
    exact = (gc.astype(np.float64) / 255.0).astype(np.float32)
    if not np.array_equal(gf.view(np.uint32), exact.view(np.uint32)):
        k = np.nonzero((gf != exact).any(axis=1))[0][0]
        return f"work-item {k}: texsim {gf[k].tolist()} is not code / 255 ({exact[k].tolist()})"
    stats["pocl_unorm_ulp"] += int(np.count_nonzero(wf != gf))
    return None


def compare_r32ui(np, g, w, stats):
    """R32UI: red and the zeros agree with PoCL bit for bit; alpha is 1, as OpenCL C's table of
    channel orders gives CL_R, (r, 0, 0, 1) (decisions K20). Debian's PoCL reads 0 there on its
    fast integer path, which upstream fixed later (pocl/pocl#2255); its lanes are counted."""
    if not np.array_equal(g[:, :3], w[:, :3]):
        k = np.nonzero((g[:, :3] != w[:, :3]).any(axis=1))[0][0]
        return f"work-item {k}: texsim {[hex(v) for v in g[k]]}, PoCL {[hex(v) for v in w[k]]}"
    if not np.all(g[:, 3] == 1):
        k = np.nonzero(g[:, 3] != 1)[0][0]
        return f"work-item {k}: texsim's alpha {g[k, 3]:#x}, OpenCL C's is 1"
    stats["pocl_alpha_zero"] += int(np.count_nonzero(w[:, 3] == 0))
    return None


SPEC_COMPARE = {"rgba8": compare_unorm8, "r32ui": compare_r32ui}


def mirror_texels(np, x, size, opencl):
    """The texel index a nearest CLK_ADDRESS_MIRRORED_REPEAT read picks at texel coordinates `x`
    (float64, exact): OpenCL C's formula mirrors the normalized coordinate, then floors
    (s' = |s - 2 rint(s / 2)|, i = min(floor(s' size), size - 1)); Vulkan's (and D3D's)
    floors, then mirrors the texel index ((size - 1) - mirror((i mod 2 size) - size))."""
    if opencl:
        s = x / size
        s = np.abs(s - 2.0 * np.rint(0.5 * s))
        return np.minimum(np.floor(s * size), size - 1).astype(np.int64)
    t = np.mod(np.floor(x).astype(np.int64), 2 * size) - size
    return (size - 1) - np.where(t >= 0, t, -(1 + t))


def mirror_boundary(np, name, spec):
    """Lanes of a nearest mirrored read where the two definitions pick different texels (exact
    texel boundaries in the mirrored half: decisions K21), and Vulkan's texel there."""
    if spec["address"] != "mirror" or spec["linear"]:
        return None, None
    x = inputs(np, int(name[2:])).astype(np.int64)
    tx = ((x & 1023) - 256) / 32.0
    ty = (((x >> 10) & 767) - 256) / 32.0
    ours = (mirror_texels(np, tx, W, False), mirror_texels(np, ty, H, False))
    theirs = (mirror_texels(np, tx, W, True), mirror_texels(np, ty, H, True))
    return (ours[0] != theirs[0]) | (ours[1] != theirs[1]), ours


def texel_result(np, name, fmt, ix, iy):
    """What texsim's read of texel (ix, iy) returns, per lane, as the kernel stores it."""
    tex = texels(np, int(name[2:]), fmt)[iy, ix]
    if fmt == "rgba8":
        return (tex.astype(np.float64) / 255.0).astype(np.float32).view(np.uint32)
    if fmt == "r32ui":
        out = np.zeros((len(ix), 4), np.uint32)
        out[:, 0], out[:, 3] = tex, 1
        return out
    return tex.view(np.uint32)


def compare_linear(np, i, spec, fmt, g, w, stats):
    """A linear read: lanes may differ by the filters' precision, within FILTER_TOLERANCE."""
    differ = np.nonzero((g != w).any(axis=1))[0]
    stats["linear_lanes"] += len(g)
    stats["linear_differ"] += len(differ)
    if not len(differ):
        return None
    gf, wf = g.view(np.float32), w.view(np.float32)
    worst = float(np.max(np.abs(gf[differ] - wf[differ])))
    stats["linear_worst"] = max(stats["linear_worst"], worst)
    if worst <= FILTER_TOLERANCE[fmt]:
        return None
    k = differ[0]
    return (f"read {i} ({spec}) work-item {k}: texsim {gf[k].tolist()}, PoCL {wf[k].tolist()} "
            f"(|diff| {worst:g} > {FILTER_TOLERANCE[fmt]:g})")


def compare_exact(np, i, spec, name, fmt, g, w, stats):
    """A nearest, integer-coordinate or sampler-less read: bit for bit (per SPEC_COMPARE), except
    the mirrored reads on a texel boundary, which must be Vulkan's texel (K21)."""
    lanes = np.arange(N)
    boundary, ours = mirror_boundary(np, name, spec)
    if boundary is not None and boundary.any():
        want_here = texel_result(np, name, fmt, ours[0][boundary], ours[1][boundary])
        if not np.array_equal(g[boundary], want_here):
            k = np.nonzero(boundary)[0][0]
            return (f"read {i} ({spec}) work-item {k}: texsim {[hex(v) for v in g[k]]} is not "
                    f"the mirrored texel ({ours[0][k]}, {ours[1][k]})")
        stats["mirror_boundary"] += int(np.count_nonzero(boundary))
        g, w, lanes = g[~boundary], w[~boundary], lanes[~boundary]
    stats["exact_lanes"] += len(g)
    if fmt in SPEC_COMPARE:
        why = SPEC_COMPARE[fmt](np, g, w, stats)
        return f"read {i} ({spec}): {why}" if why else None
    differ = np.nonzero((g != w).any(axis=1))[0]
    if not len(differ):
        return None
    k = differ[0]
    return (f"read {i} ({spec}) work-item {lanes[k]}: texsim {[hex(v) for v in g[k]]}, PoCL "
            f"{[hex(v) for v in w[k]]} ({len(differ)} of {len(g)} differ)")


def compare(np, kernel, got, want, stats):
    """None when texsim and PoCL agree as the read's sampler requires, else the first
    disagreement; stats counts the lanes of each kind."""
    name, _, _, fmt, reads = kernel
    g = got.reshape(N, len(reads), 4)
    w = want.reshape(N, len(reads), 4)
    for i, spec in enumerate(reads):
        why = (compare_linear(np, i, spec, fmt, g[:, i], w[:, i], stats) if spec["linear"] else
               compare_exact(np, i, spec, name, fmt, g[:, i], w[:, i], stats))
        if why:
            return why
    return None
