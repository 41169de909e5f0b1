#!/usr/bin/env python3
"""Random OpenCL C kernels for the PoCL differential (issue 28, pocl_diff.py): each a function of
its work-item's inputs built from integer arithmetic (wrapping, shifts, min/max, compares and
selects), per-lane branches and loops (divergence), gathers from another work-item's element,
float conversions, local memory with a barrier, global atomics (a compare-and-swap among
them), and private arrays (int and float, dynamically indexed, read-modify-written in a loop: IGC
puts them in scratch or stateless private memory, decisions KP1-KP4). Every operation is defined for every input (unsigned wraparound, masked shift counts, no
division, float values exactly representable), so any two correct implementations give the same
bits.

kernel(seed) -> (name, source, features); FEATURES names every construct a kernel can use, and
coverage() says which a set of seeds used (pocl_diff.py checks all of them occur).
"""
import random

FEATURES = ["add", "sub", "mul", "and", "or", "xor", "shl", "shr_u", "shr_s", "min", "max",
            "select", "cmp", "not", "neg", "if", "loop", "gather", "float", "local_barrier",
            "atomic_add", "atomic_minmax", "uchar", "ushort", "atomic_cmpxchg", "private_int", "private_float"]

# The signature every kernel has: two input buffers, one output, a histogram for atomics, a
# scalar. N is the NDRange (pocl_diff.py uses the same), LOCAL the work-group size.
SIGNATURE = ("__global const uint *a, __global const uint *b, __global uint *out, "
             "__global int *hist, uint s")
N, LOCAL = 64, 32


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.used = set()
        self.vars = ["x", "y", "s"]
        self.n = 0

    def var(self):
        return self.r.choice(self.vars)

    def expr(self, depth=0):
        r = self.r
        if depth > 2 or r.random() < 0.25:
            return self.var() if r.random() < 0.8 else "%uu" % r.randrange(1 << 32)
        a, b = self.expr(depth + 1), self.expr(depth + 1)
        op = r.choice(["add", "sub", "mul", "and", "or", "xor", "shl", "shr_u", "shr_s", "min",
                       "max", "select", "cmp", "not", "neg", "uchar", "ushort"])
        self.used.add(op)
        return {
            "add": "(%s + %s)", "sub": "(%s - %s)", "mul": "(%s * %s)", "and": "(%s & %s)",
            "or": "(%s | %s)", "xor": "(%s ^ %s)", "shl": "(%s << (%s & 31u))",
            "shr_u": "(%s >> (%s & 31u))", "shr_s": "(uint)(as_int(%s) >> (%s & 31u))",
            "min": "min(%s, %s)", "max": "(uint)max(as_int(%s), as_int(%s))",
            "select": "(as_int(%s) < 0 ? %s : " + self.var() + ")",
            "cmp": "(uint)(%s " + r.choice(["<", ">", "<=", ">=", "==", "!="]) + " %s)",
            "not": "(~%s + 0u * %s)", "neg": "(0u - %s + 0u * %s)",
            "uchar": "(uint)(uchar)(%s + %s)", "ushort": "(uint)(ushort)(%s ^ %s)",
        }[op] % (a, b)

    def assign(self, indent):
        self.n += 1
        v = "t%d" % self.n
        e = self.expr()  # before `v` is a variable: never read in its own initializer
        self.vars.append(v)
        return "%suint %s = %s;\n" % (indent, v, e)

    def block(self, indent, depth):
        r = self.r
        out = ""
        for _ in range(r.randint(2, 4)):
            k = r.random()
            if depth < 2 and k < 0.2:
                self.used.add("if")
                c = self.var()
                target = self.var() if self.vars[3:] else "x"
                out += "%sif ((%s & %du) != 0u) {\n" % (indent, c, 1 << r.randrange(6))
                out += "%s  %s += %s;\n" % (indent, "acc", self.expr())
                out += "%s} else {\n%s  acc ^= %s;\n%s}\n" % (indent, indent, target, indent)
            elif depth < 2 and k < 0.35:
                self.used.add("loop")
                out += "%sfor (uint i = 0; i < (%s & 7u); ++i) {\n" % (indent, self.var())
                out += "%s  acc = acc * 3u + (%s ^ i);\n%s}\n" % (indent, self.expr(), indent)
            else:
                out += self.assign(indent)
        return out

    def kernel(self, name):
        r = self.r
        body = "  uint gid = get_global_id(0);\n  uint x = a[gid], y = b[gid], acc = 0u;\n"
        if r.random() < 0.3:
            self.used.add("gather")
            body += "  y ^= a[(gid + %du) %% %du];\n" % (r.randrange(1, N), N)
        local = r.random() < 0.2
        if local:
            self.used.add("local_barrier")
            body += ("  __local uint tile[%d];\n  tile[get_local_id(0)] = x * 7u + y;\n"
                     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                     "  y += tile[(get_local_id(0) + %du) %% %du];\n" %
                     (LOCAL, r.randrange(1, LOCAL), LOCAL))
        body += self.block("  ", 0)
        if r.random() < 0.3:
            self.used.add("float")
            # Integers below 2^24 convert exactly; one multiply by a power of two is exact.
            body += ("  acc += (uint)(int)(convert_float((int)(%s & 0xffffu) - 30000) * %s);\n"
                     % (self.var(), r.choice(["0.5f", "2.0f", "0.25f", "-4.0f"])))
        if r.random() < 0.4:
            self.used.add("atomic_add")
            body += "  atomic_add(&hist[%s & 7u], (int)(%s & 255u));\n" % (self.var(), self.var())
        if r.random() < 0.2:
            self.used.add("atomic_minmax")
            body += "  atomic_%s(&hist[8u + (gid & 7u)], as_int(%s));\n" % (
                r.choice(["min", "max"]), self.var())
        body += "  out[gid] = acc + %s;\n" % self.expr()
        # Drawn after everything above, so the kernels without it keep their text: a
        # compare-and-swap on the work-item's own element (order-independent), equal or not by
        # a bit of an input (IGC's lsc_atomic_icas / cmpxchg, decisions K27, K29).
        if r.random() < 0.25:
            self.used.add("atomic_cmpxchg")
            body += ("  uint c = atomic_cmpxchg(&out[gid], (%s & 1u) != 0u ? out[gid] : %s, %s);\n"
                     "  out[gid] += c * 3u;\n" % (self.var(), self.var(), self.var()))
        # Drawn last as well: private arrays, spliced in before the output is written.
        if r.random() < 0.35:
            tail = body.index("  out[gid] = acc + ")
            body = body[:tail] + self.private() + body[tail:]
        return "__kernel void %s(%s) {\n%s}\n" % (name, SIGNATURE, body)

    def private(self):
        """A private uint array (16, 32 or 64 elements) and, mostly, a float one, filled from the
        work-item's values, then a barrier, then read-modify-written at data-dependent indices in
        a loop whose trip count varies per lane, and read back at data-dependent indices. The floats stay
        multiples of 0.5 below 2^20 (exact in binary32)."""
        r = self.r
        n, m = r.choice([16, 32, 64]), r.choice([8, 16])
        floats = r.random() < 0.7
        self.used.add("private_int")
        out = "  uint pa[%d];\n" % n
        out += "  for (uint i = 0; i < %du; ++i) pa[i] = %s ^ (i * %du);\n" % (
            n, self.expr(1), r.randrange(1, 1 << 16))
        if floats:
            self.used.add("private_float")
            out += "  float pf[%d];\n" % m
            out += "  for (uint i = 0; i < %du; ++i) pf[i] = (float)(%s & 255u);\n" % (
                m, self.var())
        # Every thread of the work-group fills its arrays before any reads them back: threads
        # that shared private memory would read each other's values (texsim runs a work-group's
        # threads in turn between barriers, decision K16).
        out += "  barrier(CLK_LOCAL_MEM_FENCE);\n"
        out += "  for (uint i = 0; i < (%s & 15u) + 4u; ++i) {\n" % self.var()
        out += "    uint j = (%s + i * %du) & %du;\n" % (self.var(), r.choice([1, 3, 5, 7]), n - 1)
        out += "    pa[j] = pa[j] * %du + pa[(j + %s) & %du];\n" % (
            r.choice([3, 5, 9]), self.var(), n - 1)
        if floats:
            out += "    pf[j & %du] += (float)(pa[j] & 255u) * 0.5f;\n" % (m - 1)
        out += "  }\n"
        out += "  acc += pa[%s & %du];\n" % (self.var(), n - 1)
        if floats:
            out += "  acc ^= (uint)(pf[%s & %du] * 2.0f);\n" % (self.var(), m - 1)
        return out


def kernel(seed):
    g = Gen(seed)
    name = "k%d" % seed
    return name, g.kernel(name), g.used


# Image kernels (image_kernel): reads of a W x H 2D image through every sampler mode the OpenCL C
# spec allows for the format (normalized or not, every address mode, nearest and linear) and the
# sampler-less integer read. Coordinates are texel positions in steps of 1/32 (exact in binary32
# and at the samplers' 8 fractional bits), out of range where the address mode defines it.
IMAGE_W, IMAGE_H = 16, 8
# format -> (OpenCL channel order, channel type, texsim format, read function, result type)
IMAGE_FORMATS = {
    "rgba8": ("RGBA", "UNORM_INT8", "R8G8B8A8_UNORM", "read_imagef", "float4"),
    "r32ui": ("R", "UNSIGNED_INT32", "R32_UINT", "read_imageui", "uint4"),
    "rgba32f": ("RGBA", "FLOAT", "R32G32B32A32_FLOAT", "read_imagef", "float4"),
}
ADDRESS = {"none": "CLK_ADDRESS_NONE", "clamp": "CLK_ADDRESS_CLAMP",
           "edge": "CLK_ADDRESS_CLAMP_TO_EDGE", "repeat": "CLK_ADDRESS_REPEAT",
           "mirror": "CLK_ADDRESS_MIRRORED_REPEAT"}
IMAGE_FEATURES = (["image_" + f for f in IMAGE_FORMATS] +
                  ["addr_" + a for a in ADDRESS] +
                  ["coord_int", "coord_unnorm", "coord_norm", "no_sampler", "nearest", "linear"])
IMAGE_SIGNATURE = "__read_only image2d_t img, __global const uint *a, __global uint *out"


def image_read(r, fmt, sampler):
    """One read: (sampler declaration or None, the read expression, its spec, features);
    `sampler` names its program-scope sampler (unique in the program: kernels share one file)."""
    integer_format = IMAGE_FORMATS[fmt][3] != "read_imagef"
    kind = r.choice(["int", "unnorm", "norm", "nosampler"])
    addr = r.choice(list(ADDRESS))
    if kind != "norm" and addr in ("repeat", "mirror"):
        addr = r.choice(["none", "clamp", "edge"])  # repeat modes need normalized coordinates
    linear = kind in ("unnorm", "norm") and not integer_format and r.random() < 0.5
    # Out of range is undefined there (and for a linear read, any tap out of range).
    in_range = kind == "nosampler" or addr == "none"
    if kind in ("int", "nosampler"):
        cx = "(int)(x & 15u)" if in_range else "((int)(x & 31u) - 8)"
        cy = "(int)((x >> 5) & 7u)" if in_range else "((int)((x >> 5) & 31u) - 12)"
        coord = "(int2)(%s, %s)" % (cx, cy)
    elif in_range and linear:  # the whole 2x2 footprint inside: texel centres 0.5 .. W - 0.5
        tx = "(16.0f + (float)((x & 511u) %% %du))" % (32 * (IMAGE_W - 1))
        ty = "(16.0f + (float)(((x >> 10) & 255u) %% %du))" % (32 * (IMAGE_H - 1))
    else:
        tx = "(float)(x & 511u)" if in_range else "((float)(x & 1023u) - 256.0f)"
        ty = "(float)((x >> 10) & 255u)" if in_range else "((float)((x >> 10) & 767u) - 256.0f)"
    if kind in ("unnorm", "norm"):
        scale = ("%.1ff" % (32.0 * IMAGE_W), "%.1ff" % (32.0 * IMAGE_H)) if kind == "norm" \
            else ("32.0f", "32.0f")
        coord = "(float2)(%s / %s, %s / %s)" % (tx, scale[0], ty, scale[1])
    spec = {"kind": kind, "address": addr, "linear": linear}
    feats = {"image_" + fmt, "coord_" + kind if kind != "nosampler" else "no_sampler"}
    if kind == "nosampler":
        return None, "%s(img, %s)" % (IMAGE_FORMATS[fmt][3], coord), spec, feats
    feats |= {"addr_" + addr, "linear" if linear else "nearest"}
    decl = ("__constant sampler_t %s = CLK_NORMALIZED_COORDS_%s | %s | CLK_FILTER_%s;\n" %
            (sampler, "TRUE" if kind == "norm" else "FALSE", ADDRESS[addr],
             "LINEAR" if linear else "NEAREST"))
    return decl, "%s(img, %s, %s)" % (IMAGE_FORMATS[fmt][3], sampler, coord), spec, feats


def image_kernel(seed):
    """(name, source, features, format, reads): a kernel of 1-3 image reads per work-item, each
    stored whole as four words at out[(gid * len(reads) + i) * 4]."""
    r = random.Random(7000 + seed)
    fmt = r.choice(list(IMAGE_FORMATS))
    name = "im%d" % seed
    decls, body, reads, used = "", "", [], set()
    count = r.randint(1, 3)
    for i in range(count):
        decl, expr, spec, feats = image_read(r, fmt, "s%d_%d" % (seed, i))
        decls += decl or ""
        reads.append(spec)
        used |= feats
        result = IMAGE_FORMATS[fmt][4]
        value = "as_uint4(v%d)" % i if result == "float4" else "v%d" % i
        body += "  %s v%d = %s;\n  uint4 w%d = %s;\n" % (result, i, expr, i, value)
        for c in range(4):
            body += "  out[(gid * %du + %du) * 4u + %du] = w%d.s%d;\n" % (count, i, c, i, c)
    src = ("%s__kernel void %s(%s) {\n  uint gid = get_global_id(0);\n  uint x = a[gid];\n%s}\n"
           % (decls, name, IMAGE_SIGNATURE, body))
    return name, src, used, fmt, reads


def image_coverage(seeds):
    used = set()
    for s in seeds:
        used |= image_kernel(s)[2]
    return used


def coverage(seeds):
    used = set()
    for s in seeds:
        used |= kernel(s)[2]
    return used


if __name__ == "__main__":
    import sys
    print(kernel(int(sys.argv[1]) if len(sys.argv) > 1 else 0)[1])
