#!/usr/bin/env python3
"""Generates texsim's NVIDIA texture header (TIC) and sampler (TSC) field tables from
open-gpu-doc's classes/3d/cl*97tex.h (MIT; github.com/NVIDIA/open-gpu-doc).

Usage: gen-nvidia-tex.py OPEN_GPU_DOC_CLASSES_3D_DIR OUT_DIR   (e.g. src/hwstate; needs clang-format)
Generated from open-gpu-doc commit c8607fe576b53ff821ffcf97e7548d2de11c4eaf (2025-07-18).
Writes OUT_DIR/nvidia_tex_<class>.cpp for the first class of each group of classes whose
sections other than the V2 headers are field for field equal: the tables once, and one
kXXXXTypes array per class of the group, each citing its own header (decision DS18). The V2
header tables are grouped apart the same way into OUT_DIR/nvidia_tex_v2_<class>.cpp, declared
in OUT_DIR/nvidia_tex_v2.hpp (decision TV1). Only the sections texsim decodes: the five header
versions of the "Texture Header State <layout>" family (Maxwell..Hopper), the six of the
"Texture Header V2 <layout>" family (Hopper and Blackwell) and "Texture Sampler State". Field
kinds the headers do not spell (fixed point, float) come from kKinds below, each with its source.
"""
import os
import re
import subprocess
import sys

# Class -> (platforms). Order: the class whose file a later equal class reuses comes first.
kClasses = [
    ("b097", ["SM50"]),            # Maxwell A (GM10x)
    ("b197", ["SM52", "SM53"]),    # Maxwell B (GM20x)
    ("c097", ["SM60"]),            # Pascal A (GP100)
    ("c197", ["SM61", "SM62"]),    # Pascal B (GP10x)
    ("c397", ["SM70", "SM72"]),    # Volta
    ("c597", ["SM75"]),            # Turing
    ("c697", ["SM80"]),            # Ampere A (GA100)
    ("c797", ["SM86", "SM87"]),    # Ampere B (GA10x)
    ("c997", ["SM89"]),            # Ada
    ("cb97", ["SM90"]),            # Hopper (both header families)
    ("cd97", ["SM100"]),           # Blackwell A (GB100): V2 headers only (decision TV2)
    ("ce97", ["SM120"]),           # Blackwell B (GB20x): V2 headers only
]

# Sections: header comment -> (texsim type name, bytes, DW-relative bit ranges?)
kSections = {
    "Texture Header State Blocklinear": "TIC.BLOCKLINEAR",
    "Texture Header State Blocklinear Color Key": "TIC.BLOCKLINEAR_COLOR_KEY",
    "Texture Header State One-D Buffer": "TIC.ONE_D_BUFFER",
    "Texture Header State Pitch": "TIC.PITCH",
    "Texture Header State Pitch Color Key": "TIC.PITCH_COLOR_KEY",
    "Texture Header V2 Blocklinear": "TIC.V2.BLOCKLINEAR",
    "Texture Header V2 Blocklinear Color Key": "TIC.V2.BLOCKLINEAR_COLOR_KEY",
    "Texture Header V2 One-D Raw Typed": "TIC.V2.ONE_D_RAW_TYPED",
    "Texture Header V2 One-D Structured Buffer": "TIC.V2.ONE_D_STRUCT_BUF",
    "Texture Header V2 Pitch": "TIC.V2.PITCH",
    "Texture Header V2 Pitch Color Key": "TIC.V2.PITCH_COLOR_KEY",
    "Texture Sampler State": "TSC",
}

# The size constant (nvidia_tex.hpp) of a class's types array, by the families it has.
kArraySizes = {
    (True, False): "kTypesV1",   # five V1 versions and the TSC
    (True, True): "kTypesV1V2",  # five V1, six V2 and the TSC
    (False, True): "kTypesV2",   # six V2 and the TSC
}

# Fixed-point and float fields (the headers give only bit ranges): nvidia_tlds.md 4.3 and
# nouveau's nv50_tsc/nvc0_tex (MIP_LOD_BIAS signed 5.8, LOD clamps unsigned 4.8, border colours
# IEEE binary32).
kKinds = {
    "MIP_LOD_BIAS": ("kSignedFixed", 8),
    "MIN_LOD_CLAMP": ("kUnsignedFixed", 8),
    "MAX_LOD_CLAMP": ("kUnsignedFixed", 8),
    "BORDER_COLOR_R": ("kFloat32", 0),
    "BORDER_COLOR_G": ("kFloat32", 0),
    "BORDER_COLOR_B": ("kFloat32", 0),
    "BORDER_COLOR_A": ("kFloat32", 0),
}

# Define names that size the field rather than name a value (TT_BIT_FIELD_SIZE = 0xf for a 4-bit
# field): not values a descriptor may hold (docs/decisions.md DS2).
kSentinel = re.compile(r"BIT_?FIELD_SIZE$")


def parse(path, cls):
    prefix = "NV%s_" % cls.upper()
    sections = []
    cur = None
    for line in open(path):
        m = re.match(r"^\*\*\s*(.*?)\s*$", line)
        if m:
            name = m.group(1)
            cur = {"title": name, "defs": []} if name in kSections else None
            if cur is not None:
                sections.append(cur)
            continue
        m = re.match(r"#define\s+" + prefix + r"(\w+)\s+(.*?)\s*$", line)
        if m and cur is not None:
            cur["defs"].append((m.group(1), m.group(2)))
    return sections


def build(section):
    fields = []
    by_name = {}
    for name, val in section["defs"]:
        m = re.match(r"^MW\((\d+):(\d+)\)$", val) or re.match(r"^(\d+):(\d+)$", val)
        if m:
            hi, lo = int(m.group(1)), int(m.group(2))
            dw = None
            sm = re.match(r"^TEXSAMP(\d)_(.*)$", name)
            if sm:
                dw = int(sm.group(1))
                fname = sm.group(2)
                abs_hi, abs_lo = dw * 32 + hi, dw * 32 + lo
                bits = "TEXSAMP%d[%d:%d]" % (dw, hi, lo)
            else:
                fname = re.sub(r"^TEXHEAD_(V2_)?[A-Z0-9]+?_", "", name)
                abs_hi, abs_lo = hi, lo
                bits = val
            f = {"name": fname, "define": name, "bits": bits, "hi": abs_hi, "lo": abs_lo,
                 "values": []}
            fields.append(f)
            by_name[name] = f
            continue
        # A value: the longest field define that prefixes it.
        owner = None
        for fname in by_name:
            if name.startswith(fname + "_") and (owner is None or len(fname) > len(owner)):
                owner = fname
        assert owner is not None, name
        vname = name[len(owner) + 1:]
        if kSentinel.search(vname):
            continue
        by_name[owner]["values"].append((vname, int(val, 16)))
    # Pieces of one value: X_BITSaTOb, X_BITn (and X itself when pieces of X exist).
    names = {f["name"] for f in fields}
    for f in fields:
        m = re.match(r"^(.*)_BITS(\d+)TO(\d+)$", f["name"]) or re.match(r"^(.*)_BIT(\d+)()$",
                                                                        f["name"])
        if m and not f["name"].startswith("RESERVED"):
            lo = int(m.group(3) or m.group(2))
            f["composite"] = (m.group(1), lo)
    for f in fields:
        if "composite" not in f and any(
                g.get("composite", ("",))[0] == f["name"] for g in fields):
            f["composite"] = (f["name"], 0)
    # Bits the header names no field for (TSC only, e.g. TEXSAMP0[31:23] on Maxwell): fields of
    # kind kUnnamed, so that every bit is decoded and a set one is reported (decision DS4).
    owned = set()
    for f in fields:
        owned.update(range(f["lo"], f["hi"] + 1))
    gaps = []
    for b in range(256):
        if b not in owned:
            if gaps and gaps[-1][1] == b - 1 and gaps[-1][0] // 32 == b // 32:
                gaps[-1][1] = b
            else:
                gaps.append([b, b])
    sampler = section["title"] == "Texture Sampler State"
    for lo, hi in gaps:
        dw = lo // 32
        bits = ("TEXSAMP%d[%d:%d]" if sampler else "MW(%d:%d)") % (
            (dw, hi % 32, lo % 32) if sampler else (hi, lo))
        fields.append({"name": "UNNAMED_%d_%d" % (hi, lo), "define": None, "bits": bits,
                       "hi": hi, "lo": lo, "values": [], "kind": ("kUnnamed", 0)})
    fields.sort(key=lambda f: f["lo"])
    for f in fields:
        n = f["name"]
        if "kind" in f:
            continue
        if n.startswith("RESERVED"):
            f["kind"] = ("kReserved", 0)
        elif f["values"]:
            f["kind"] = ("kEnum", 0)
        elif n in kKinds:
            f["kind"] = kKinds[n]
        else:
            f["kind"] = ("kUint", 0)
    return fields


def type_var(prefix, section):
    return "k" + prefix + re.sub(r"[^A-Za-z0-9]", "", section["type"].title().replace("_", ""))


def is_v2(section):
    return section["type"].startswith("TIC.V2.")


def body(sections, prefix=""):
    """The enum and field arrays of one class part (the part equal classes share). With a
    prefix the field arrays are the shared V2 tables, declared in nvidia_tex_v2.hpp."""
    lines = []
    w = lines.append
    enums = {}
    for s in sections:
        for f in s["fields"]:
            if f["values"]:
                key = tuple(f["values"])
                if key not in enums:
                    enums[key] = "kValues%d" % len(enums)
                    w("constexpr EnumValue %s[] = {" % enums[key])
                    for vn, vv in f["values"]:
                        w("    {\"%s\", 0x%x}," % (vn, vv))
                    w("};")
                f["enum"] = enums[key]
    if prefix:
        w("")
        w("}  // namespace")
    w("")
    for s in sections:
        s["var"] = type_var(prefix, s)
        w(("const FieldDesc %s[%d] = {" % (s["var"], len(s["fields"]))) if prefix else
          ("constexpr FieldDesc %s[] = {" % s["var"]))
        for f in s["fields"]:
            kind, frac = f["kind"]
            vals = f.get("enum", "{}")
            comp, shift = f.get("composite", ("", 0))
            w("    {\"%s\", \"%s\", %d, %d, FieldKind::%s, %s, %d, \"%s\", %d}," %
              (f["name"], f["bits"], f["hi"], f["lo"], kind, vals, frac, comp, shift))
        w("};")
    return lines


def write(path, lines):
    open(path, "w").write("\n".join(lines) + "\n")
    subprocess.run(["clang-format", "-i", path], check=True)  # the repository's .clang-format


def preamble(group, w, *includes):
    headers = ", ".join("classes/3d/cl%stex.h" % c for c, _, _ in group)
    platforms = ", ".join(p for _, ps, _ in group for p in ps)
    w("// Generated by scripts/gen-nvidia-tex.py from open-gpu-doc %s (MIT)." % headers)
    w("// Do not edit: regenerate. Platforms: %s." % platforms)
    for include in includes:
        w("#include \"%s\"" % include)
    w("")
    w("namespace texsim::hwstate::nvidia {")
    w("namespace {")
    w("")


def emit(group, out):
    """One file for a group [(cls, platforms, sections)] of classes whose sections other than
    the V2 headers are equal; the V2 headers' tables are the shared ones (emit_v2)."""
    cls0, _, sections0 = group[0]
    lines = []
    w = lines.append
    v2 = ["hwstate/nvidia_tex_v2.hpp"] if any(is_v2(s) for _, _, ss in group for s in ss) else []
    preamble(group, w, "hwstate/nvidia_tables.hpp", *v2)
    lines.extend(body([s for s in sections0 if not is_v2(s)]))
    w("")
    w("}  // namespace")
    for cls, _, sections in group:
        header = "cl%stex.h" % cls
        size = kArraySizes[(any(s["type"].startswith("TIC.") and not is_v2(s) for s in sections),
                            any(is_v2(s) for s in sections))]
        w("")
        w("const DescriptorType k%sTypes[%s] = {" % (cls.upper(), size))
        own = iter(s0 for s0 in sections0 if not is_v2(s0))
        for s in sections:
            var = s["var"] if is_v2(s) else next(own)["var"]
            w("    {\"%s\", %d, %s, \"open-gpu-doc classes/3d/%s, %s\"}," %
              (s["type"], 32, var, header, s["title"]))
        w("};")
    w("")
    w("}  // namespace texsim::hwstate::nvidia")
    write(os.path.join(out, "nvidia_tex_%s.cpp" % cls0), lines)


def emit_v2(groups, out):
    """The V2 header tables, once per group of classes whose V2 sections are equal (decision
    TV1), and nvidia_tex_v2.hpp declaring them for the classes' kXXXXTypes arrays."""
    decls = []
    for group in groups:
        cls0, _, sections0 = group[0]
        v2 = [s for s in sections0 if is_v2(s)]
        lines = []
        w = lines.append
        preamble(group, w, "hwstate/nvidia_tex_v2.hpp")
        lines.extend(body(v2, cls0.upper()))
        w("")
        w("}  // namespace texsim::hwstate::nvidia")
        write(os.path.join(out, "nvidia_tex_v2_%s.cpp" % cls0), lines)
        for cls, _, sections in group:
            for s, s0 in zip([s for s in sections if is_v2(s)], v2):
                s["var"] = s0["var"]
        decls += ["extern const FieldDesc %s[%d];" % (s["var"], len(s["fields"])) for s in v2]
    lines = ["// Generated by scripts/gen-nvidia-tex.py: the \"Texture Header V2\" field tables,",
             "// shared by the classes whose V2 sections are equal (nvidia_tex_v2_<class>.cpp).",
             "// Depends on hwstate/fields.",
             "#pragma once", "", "#include \"hwstate/fields.hpp\"", "",
             "namespace texsim::hwstate::nvidia {", ""] + decls + [
             "", "}  // namespace texsim::hwstate::nvidia"]
    write(os.path.join(out, "nvidia_tex_v2.hpp"), lines)


def group_by(classes, part):
    """[(cls, platforms, sections)] grouped by the body of their `part` sections."""
    groups = []
    for cls, platforms, sections in classes:
        mine = [s for s in sections if part(s)]
        if not mine:
            continue
        key = ([s["type"] for s in mine], "\n".join(body(mine)))
        for k, members in groups:
            if k == key:
                members.append((cls, platforms, sections))
                break
        else:
            groups.append((key, [(cls, platforms, sections)]))
    return [members for _, members in groups]


def main():
    src, out = sys.argv[1], sys.argv[2]
    classes = []  # [(cls, platforms, sections)], in kClasses order
    for cls, platforms in kClasses:
        sections = parse(os.path.join(src, "cl%stex.h" % cls), cls)
        for s in sections:
            s["type"] = kSections[s["title"]]
            s["fields"] = build(s)
        classes.append((cls, platforms, sections))
    emit_v2(group_by(classes, is_v2), out)
    for members in group_by(classes, lambda s: not is_v2(s)):
        emit(members, out)


main()
