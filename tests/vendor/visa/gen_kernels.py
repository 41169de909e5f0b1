#!/usr/bin/env python3
# Writes the OpenCL C kernels of the vISA vendor corpus (issue 13): every image read form, media
# block reads, byte/short gathers, SLM, and image writes and atomics (issue 29).
# Usage: gen_kernels.py OUTDIR; prints the kernel count.
import itertools
import os
import sys

# (image type, sampler coordinate type and expression, integer coordinate type and expression)
IMAGES = [
    ("image1d_t", "float", "x", "int", "ix"),
    ("image1d_array_t", "float2", "(float2)(x, 1.0f)", "int2", "(int2)(ix, 1)"),
    ("image2d_t", "float2", "(float2)(x, y)", "int2", "(int2)(ix, iy)"),
    ("image2d_array_t", "float4", "(float4)(x, y, 2.0f, 0.0f)", "int4", "(int4)(ix, iy, 2, 0)"),
    ("image3d_t", "float4", "(float4)(x, y, 0.25f, 0.0f)", "int4", "(int4)(ix, iy, 3, 0)"),
]
DEPTH = [
    ("image2d_depth_t", "float2", "(float2)(x, y)", "int2", "(int2)(ix, iy)"),
    ("image2d_array_depth_t", "float4", "(float4)(x, y, 1.0f, 0.0f)", "int4", "(int4)(ix, iy, 1, 0)"),
]
RETURNS = [("f", "float4"), ("i", "int4"), ("ui", "uint4"), ("h", "half4")]
ADDRESS = ["CLK_ADDRESS_NONE", "CLK_ADDRESS_CLAMP_TO_EDGE", "CLK_ADDRESS_CLAMP",
           "CLK_ADDRESS_REPEAT", "CLK_ADDRESS_MIRRORED_REPEAT"]
FILTER = ["CLK_FILTER_NEAREST", "CLK_FILTER_LINEAR"]
NORM = ["CLK_NORMALIZED_COORDS_TRUE", "CLK_NORMALIZED_COORDS_FALSE"]

PRELUDE = """#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_mipmap_image : enable
"""
HEAD = """  int gid = get_global_id(0);
  float x = (float)gid * 0.37f - 1.5f, y = (float)(gid & 7) * 0.61f + 0.25f;
  int ix = gid * 3 - 2, iy = gid & 7;
"""


def kernel(name, params, body):
    return f"__kernel void {name}({params}) {{\n{HEAD}{body}}}\n"


def tag(s):
    return s.replace("CLK_", "").replace("ADDRESS_", "").replace("FILTER_", "") \
        .replace("NORMALIZED_COORDS_", "n").replace("_t", "").lower()


def sampled_reads():
    """read_image{f,i,ui,h} with a sampler argument, float and integer coordinates."""
    out = []
    for (img, fct, fc, ict, ic), (r, rt) in itertools.product(IMAGES, RETURNS):
        out.append(kernel(f"rd_{tag(img)}_{r}_smp_f", f"read_only {img} im, sampler_t s, __global {rt}* o",
                          f"  o[gid] = read_image{r}(im, s, {fc});\n"))
        out.append(kernel(f"rd_{tag(img)}_{r}_smp_i", f"read_only {img} im, sampler_t s, __global {rt}* o",
                          f"  o[gid] = read_image{r}(im, s, {ic});\n"))
        out.append(kernel(f"rd_{tag(img)}_{r}_nosmp", f"read_only {img} im, __global {rt}* o",
                          f"  o[gid] = read_image{r}(im, {ic});\n"))
    # 1D buffer images take no sampler.
    for r, rt in RETURNS:
        out.append(kernel(f"rd_image1d_buffer_{r}", f"read_only image1d_buffer_t im, __global {rt}* o",
                          f"  o[gid] = read_image{r}(im, ix);\n"))
    for img, fct, fc, ict, ic in DEPTH:
        out.append(kernel(f"rd_{tag(img)}_smp_f", f"read_only {img} im, sampler_t s, __global float* o",
                          f"  o[gid] = read_imagef(im, s, {fc});\n"))
        out.append(kernel(f"rd_{tag(img)}_smp_i", f"read_only {img} im, sampler_t s, __global float* o",
                          f"  o[gid] = read_imagef(im, s, {ic});\n"))
        out.append(kernel(f"rd_{tag(img)}_nosmp", f"read_only {img} im, __global float* o",
                          f"  o[gid] = read_imagef(im, {ic});\n"))
    return out


def constant_samplers():
    """Every valid constant sampler (normalized x address x filter) on 2D and 3D images."""
    out = []
    for img in (IMAGES[2], IMAGES[4], IMAGES[1]):
        name_img, fct, fc, ict, ic = img
        for n, a, f in itertools.product(NORM, ADDRESS, FILTER):
            if n.endswith("FALSE") and a in ("CLK_ADDRESS_REPEAT", "CLK_ADDRESS_MIRRORED_REPEAT"):
                continue  # OpenCL: repeat modes need normalized coordinates
            smp = f"{n} | {a} | {f}"
            out.append(f"__constant sampler_t s_{tag(name_img)}_{tag(n)}_{tag(a)}_{tag(f)} = {smp};\n" +
                       kernel(f"cs_{tag(name_img)}_{tag(n)}_{tag(a)}_{tag(f)}",
                              f"read_only {name_img} im, __global float4* o",
                              f"  o[gid] = read_imagef(im, s_{tag(name_img)}_{tag(n)}_{tag(a)}_{tag(f)}, {fc});\n"))
        for a in ADDRESS[:3]:  # integer coordinates need unnormalized nearest samplers
            smp = f"CLK_NORMALIZED_COORDS_FALSE | {a} | CLK_FILTER_NEAREST"
            out.append(f"__constant sampler_t si_{tag(name_img)}_{tag(a)} = {smp};\n" +
                       kernel(f"csi_{tag(name_img)}_{tag(a)}", f"read_only {name_img} im, __global uint4* o",
                              f"  o[gid] = read_imageui(im, si_{tag(name_img)}_{tag(a)}, {ic});\n"))
    return out


def mipmaps():
    """cl_khr_mipmap_image: explicit LOD and gradients (sample_l/sample_lz, sample_d)."""
    out = []
    grads = {"float": ("0.1f", "0.0f"), "float2": ("(float2)(0.1f, 0.0f)", "(float2)(0.0f, 0.2f)"),
             "float4": ("(float4)(0.1f, 0.0f, 0.05f, 0.0f)", "(float4)(0.0f, 0.2f, 0.0f, 0.0f)")}
    for (img, fct, fc, ict, ic), (r, rt) in itertools.product(IMAGES + DEPTH, RETURNS[:3]):
        depth = "depth" in img
        if depth and r != "f":
            continue
        gt = "float2" if depth else {"image1d_t": "float", "image1d_array_t": "float",
                                     "image2d_t": "float2", "image2d_array_t": "float2"}.get(img, "float4")
        gx, gy = grads[gt]
        ot = "float" if depth else rt
        out.append(kernel(f"mip_lod_{tag(img)}_{r}", f"read_only {img} im, sampler_t s, __global {ot}* o",
                          f"  o[gid] = read_image{r}(im, s, {fc}, (float)(gid & 3) * 0.75f);\n"))
        out.append(kernel(f"mip_lod0_{tag(img)}_{r}", f"read_only {img} im, sampler_t s, __global {ot}* o",
                          f"  o[gid] = read_image{r}(im, s, {fc}, 0.0f);\n"))
        out.append(kernel(f"mip_grad_{tag(img)}_{r}", f"read_only {img} im, sampler_t s, __global {ot}* o",
                          f"  o[gid] = read_image{r}(im, s, {fc}, {gx}, {gy});\n"))
    return out


def block_reads():
    """intel_sub_group_block_read* on images -> media_ld."""
    out = []
    for suf, t in (("", "uint"), ("_ui", "uint"), ("_us", "ushort"), ("_uc", "uchar")):
        for n in ("", "2", "4", "8"):
            vt = t + n
            fn = f"intel_sub_group_block_read{suf}{n}"
            out.append(kernel(f"blk{suf or '_u'}{n or '1'}", f"read_only image2d_t im, __global {vt}* o",
                              f"  o[gid] = {fn}(im, (int2)(ix & ~3, iy));\n"))
    return out


def gathers():
    """Byte and short loads from global memory -> gather_scaled; SLM accesses."""
    out = []
    for t in ("uchar", "char", "ushort", "short", "uchar2", "ushort2", "uchar3"):
        for stride in (1, 3, 7):
            out.append(kernel(f"g_{t}_{stride}", f"__global const {t}* in, __global {t}* o",
                              f"  o[gid] = in[gid * {stride} + (gid & 1)];\n"))
    for t in ("uint", "uchar", "ushort", "float", "uint4"):
        out.append(kernel(f"slm_{t}", f"__global const {t}* in, __global {t}* o",
                          f"  __local {t} sh[64];\n  sh[get_local_id(0) & 63] = in[gid];\n"
                          f"  barrier(CLK_LOCAL_MEM_FENCE);\n  o[gid] = sh[(get_local_id(0) * 5 + 1) & 63];\n"))
        out.append(kernel(f"slm_arg_{t}", f"__global const {t}* in, __global {t}* o, __local {t}* sh",
                          f"  sh[get_local_id(0)] = in[gid];\n  barrier(CLK_LOCAL_MEM_FENCE);\n"
                          f"  o[gid] = sh[get_local_size(0) - 1 - get_local_id(0)];\n"))
    return out


def writes_and_atomics():
    """Issue 29 item 4: image writes (scatter4_typed), global, local and image atomics
    (dword_atomic, svm_atomic, LSC atomics), vector stores and uniform loads (oword/svm block)."""
    out = []
    for r, rt in RETURNS[:3]:
        out.append(kernel(f"wr_2d_{r}", f"write_only image2d_t im, __global const {rt}* in",
                          f"  write_image{r}(im, (int2)(ix & 15, iy), in[gid]);\n"))
        out.append(kernel(f"wr_3d_{r}", f"write_only image3d_t im, __global const {rt}* in",
                          f"  write_image{r}(im, (int4)(ix & 15, iy, 1, 0), in[gid]);\n"))
    for op in ("atomic_inc(&c[gid & 7])", "atomic_add(&c[0], gid)", "atomic_min(&c[1], ix)",
               "atomic_cmpxchg(&c[2], gid, 7)", "atomic_xchg(&c[3], gid)", "atomic_or(&c[4], gid)"):
        name = op.split("(")[0]
        out.append(kernel(f"at_g_{name}", "__global int* c, __global int* o", f"  o[gid] = {op};\n"))
        out.append(kernel(f"at_l_{name}", "__global int* o",
                          "  __local int c[8];\n  if (get_local_id(0) < 8) c[get_local_id(0)] = 0;\n"
                          f"  barrier(CLK_LOCAL_MEM_FENCE);\n  o[gid] = {op};\n"))
    out.append(kernel("hist", "__global const uchar* d, __global uint* bins",
                      "  atomic_inc(&bins[d[gid]]);\n"))
    for t in ("uchar2", "char4", "short2", "ushort4", "float4"):
        out.append(kernel(f"st_{t}", f"__global {t}* o, __global const {t}* in",
                          f"  o[gid] = in[gid * 2];\n"))
    out.append(kernel("uniform_ld", "__global const float4* in, __constant float* k, __global float* o",
                      "  float4 a = in[0];\n  float4 b = vload4(1, (__global const float*)in + 1);\n"
                      "  o[gid] = a.x + b.y + k[0] + k[3];\n"))
    return out


def igc_text_forms():
    """Issue 29 item 1: realistic kernels whose dumps hold IGC's own text of the message families
    and operands texsim must read and print (media_st from image block writes, %tsc from
    read_write images, addr_add's &V from a private array, typed writes of every image kind,
    64-bit, C11 and local atomics, vector and unaligned loads, uniform constant loads)."""
    ri = "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    return [
        kernel("rw_2d", "read_write image2d_t im",
               ri + "  write_imagef(im, p, read_imagef(im, p) + 1.0f);\n"),
        kernel("rw_3d_i", "read_write image3d_t im",
               "  int4 q = (int4)(ix & 15, iy, 1, 0);\n  write_imagei(im, q, read_imagei(im, q) + 1);\n"),
        kernel("sg_img_rw", "read_only image2d_t im, write_only image2d_t o",
               "  int2 c = (int2)(get_group_id(0) * 16, get_global_id(1));\n"
               "  intel_sub_group_block_write4(o, c, intel_sub_group_block_read4(im, c));\n"),
        kernel("sg_img_wr_us", "write_only image2d_t o, __global const ushort* in",
               "  intel_sub_group_block_write_us2(o, (int2)(get_group_id(0) * 32, iy),"
               " (ushort2)(in[gid], in[gid + 1]));\n"),
        kernel("sg_buf", "__global uint* o, __global const uint* in",
               "  uint4 w = intel_sub_group_block_read4(in + 64);\n"
               "  intel_sub_group_block_write(o + get_group_id(0) * 16, w.x + w.w);\n"),
        kernel("priv_idx", "__global const int* in, __global int* o",
               "  int a[8];\n  for (int i = 0; i < 8; i++) a[i] = in[gid + i];\n"
               "  o[gid] = a[in[gid] & 7];\n"),
        kernel("wr_kinds", "write_only image1d_array_t a, write_only image2d_array_t b, "
               "write_only image2d_depth_t d, write_only image1d_buffer_t e, __global const float4* in",
               "  write_imagef(a, (int2)(ix, 2), in[gid]);\n"
               "  write_imagef(b, (int4)(ix & 15, iy, 3, 0), in[gid]);\n"
               "  write_imagef(d, (int2)(ix & 15, iy), in[gid].x);\n  write_imagef(e, gid, in[gid]);\n"),
        kernel("at_64", "__global long* c, __global ulong* u",
               "  atom_add(&c[0], (long)gid);\n  atom_cmpxchg(&c[1], 0L, (long)gid);\n"
               "  atom_min(&u[0], (ulong)gid);\n  atom_xchg(&u[1], (ulong)gid);\n"),
        kernel("at_c11", "__global atomic_int* c, __global int* o",
               "  int e = 0;\n  o[gid] = atomic_fetch_add_explicit(&c[0], 1, memory_order_relaxed)"
               " + atomic_load(&c[2]) + atomic_compare_exchange_strong(&c[3], &e, gid);\n"
               "  atomic_store(&c[1], gid);\n"),
        kernel("at_local", "__global uint* o",
               "  __local uint h[32];\n  __local int s[4];\n  int l = get_local_id(0);\n"
               "  if (l < 32) h[l] = 0;\n  if (l < 4) s[l] = 0;\n  barrier(CLK_LOCAL_MEM_FENCE);\n"
               "  atomic_inc(&h[l & 31]);\n  atomic_dec(&h[(l + 3) & 31]);\n  atomic_max(&s[0], l);\n"
               "  atomic_xchg(&s[1], l);\n  atomic_or(&s[2], l);\n  atomic_sub(&s[3], l);\n"
               "  barrier(CLK_LOCAL_MEM_FENCE);\n  o[gid] = h[l & 31] + s[l & 3];\n"),
        kernel("vec_3_8_16", "__global const float* in, __global float* out",
               "  float8 b = vload8(gid + 1, in);\n  vstore3(vload3(gid, in + 1), gid, out + 3);\n"
               "  vstore8(b, gid + 2, out);\n  vstore16(vload16(gid, in) * 2.0f, gid, out + 64);\n"),
        kernel("unaligned", "__global const uchar* in, __global float* out, int off",
               "  __global const float* p = (__global const float*)(in + off);\n"
               "  float4 v = vload4(0, p);\n  out[gid] = v.x + v.y + v.z + v.w + p[gid];\n"),
        kernel("uniform_const", "__constant float4* k, __global float4* o, __constant float* w",
               "  o[gid] = k[0] * w[1] + k[1] * w[3] + k[2] + k[5];\n"),
        kernel("blk_us_ul", "__global const ushort* in, __global ushort* o, __global ulong* l",
               "  intel_sub_group_block_write_us4(o + get_group_id(0) * 64,"
               " intel_sub_group_block_read_us4(in + get_group_id(0) * 64));\n"
               "  intel_sub_group_block_write_ul2(l + get_group_id(0) * 32,"
               " intel_sub_group_block_read_ul2((__global const ulong*)in + 512));\n"),
        kernel("img_blk_us_uc", "read_only image2d_t im, write_only image2d_t o",
               "  int2 c = (int2)(get_group_id(0) * 16, get_global_id(1));\n"
               "  intel_sub_group_block_write_us8(o, c, intel_sub_group_block_read_us8(im, c));\n"
               "  intel_sub_group_block_write_uc4(o, c + 2, intel_sub_group_block_read_uc4(im, c + 1));\n"),
        kernel("narrow_st", "__global char* c, __global short* s, __global long* l, "
               "__global const long* in, __global const int* idx",
               "  c[gid * 3] = (char)gid;\n  s[gid * 5] = (short)gid;\n"
               "  l[gid] = in[idx[gid]] + in[idx[gid] + 3];\n"),
        kernel("hist_local", "__global const uchar* d, __global uint* bins, int n",
               "  __local uint lh[256];\n  int l = get_local_id(0);\n  lh[l] = 0;\n"
               "  barrier(CLK_LOCAL_MEM_FENCE);\n"
               "  for (int i = gid; i < n; i += get_global_size(0)) atomic_inc(&lh[d[i]]);\n"
               "  barrier(CLK_LOCAL_MEM_FENCE);\n  atomic_add(&bins[l], lh[l]);\n"),
    ]


# Files whose first line is this comment are built with these ocloc options (run_corpus.sh):
# stateless (A64) addressing turns buffer accesses into svm_* messages (svm_gather4scaled from
# vload3/vstore3, svm_atomic, svm_block_ld/st).
STATELESS = "// ocloc-options: -cl-std=CL2.0 -cl-intel-greater-than-4GB-buffer-required\n"


def stateless_forms():
    keep = ("vec_3_8_16", "unaligned", "priv_idx", "sg_buf", "at_64", "at_c11", "hist_local",
            "blk_us_ul", "narrow_st")
    return [k for k in igc_text_forms() if k.split("(")[0].split()[-1] in keep]


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    groups = {"sampled": sampled_reads(), "const_sampler": constant_samplers(), "mipmap": mipmaps(),
              "block_read": block_reads(), "gather": gathers(), "write_atomic": writes_and_atomics(),
              "igc_text": igc_text_forms(), "igc_text_stateless": stateless_forms()}
    total = 0
    for name, ks in groups.items():
        head = STATELESS if name == "igc_text_stateless" else ""
        for i in range(0, len(ks), 12):  # a dozen kernels per file: one ocloc run each
            text = head + PRELUDE + "\n".join(ks[i:i + 12])
            path = os.path.join(outdir, f"{name}_{i // 12:02d}.cl")
            old = open(path).read() if os.path.exists(path) else None
            if old != text:
                with open(path, "w") as f:
                    f.write(text)
        total += len(ks)
    print(total)


if __name__ == "__main__":
    main()
