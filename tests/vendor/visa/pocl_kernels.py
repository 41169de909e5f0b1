#!/usr/bin/env python3
"""Random OpenCL C kernels for the PoCL differential (issue 28, pocl_diff.py): each a function of
its work-item's inputs built from integer arithmetic (wrapping, shifts, min/max, compares and
selects), per-lane branches and loops (divergence), gathers from another work-item's element,
float conversions, local memory with a barrier, and global atomics. Every operation is defined
for every input (unsigned wraparound, masked shift counts, no division, float values exactly
representable), so any two correct implementations give the same bits.

kernel(seed) -> (name, source, features); FEATURES names every construct a kernel can use, and
coverage() says which a set of seeds used (pocl_diff.py checks all of them occur).
"""
import random

FEATURES = ["add", "sub", "mul", "and", "or", "xor", "shl", "shr_u", "shr_s", "min", "max",
            "select", "cmp", "not", "neg", "if", "loop", "gather", "float", "local_barrier",
            "atomic_add", "atomic_minmax", "uchar", "ushort"]

# The signature every kernel has: two input buffers, one output, a histogram for atomics, a
# scalar. N is the NDRange (pocl_diff.py uses the same), LOCAL the work-group size.
SIGNATURE = ("__global const uint *a, __global const uint *b, __global uint *out, "
             "__global int *hist, uint s")
N, LOCAL = 64, 16


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
        return "__kernel void %s(%s) {\n%s}\n" % (name, SIGNATURE, body)


def kernel(seed):
    g = Gen(seed)
    name = "k%d" % seed
    return name, g.kernel(name), g.used


def coverage(seeds):
    used = set()
    for s in seeds:
        used |= kernel(s)[2]
    return used


if __name__ == "__main__":
    import sys
    print(kernel(int(sys.argv[1]) if len(sys.argv) > 1 else 0)[1])
