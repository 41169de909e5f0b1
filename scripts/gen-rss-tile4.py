#!/usr/bin/env python3
"""Writes examples/visa/rss-tile4.json: examples/visa/sampler3d.json on DG2 with T6 and S1 given as
the hardware's bytes (issue 27; docs/hardware-state.md, decision IS5).

Usage: gen-rss-tile4.py TEXSIM [OUT.json]   (TEXSIM: a built texsim, for the descriptor bytes)

T6 is sampler3d's 2D R32_FLOAT 4x4 surface of 3 levels (level 0 texel = x + 4y, level 1 =
100 + x + 2y, level 2 = 200) as Mesa's isl lays it out for Tile4 on Gfx12.5: HALIGN 128 bytes
(32 elements of 4 bytes), VALIGN 4 rows, GFX4_2D mips (level 1 below level 0, level 2 right of
level 1 at x = 32), a 256-byte row pitch (two tiles), at GPU address 0x200000000. The texels are
placed here by this script's own Tile4 arithmetic, independent of texsim's layout code: a 4 KiB
tile of 128 B x 32 rows whose offset bits 11..0 are y4 y3 x6 y2 x5 x4 y1 y0 x3 x2 x1 x0 (x in
bytes; isl_tiled_memcpy.c linear_to_tile4, gmmlib CpuSwizzleBlt.c INTEL_TILE_4), tiles row-major
across the pitch. The RENDER_SURFACE_STATE and SAMPLER_STATE bytes come from `texsim
describe-state --set` with gen125.xml's field names.
"""
import json
import pathlib
import struct
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ADDRESS = 0x200000000
PITCH = 256  # bytes: level 2 ends at byte (32 + 1) * 4 = 132 of its row; Tile4 rows are 128 B
TILE_W, TILE_H = 128, 32


def tile4_offset(xb, y):
    """Byte offset of byte column xb, row y of a Tile4 surface of pitch PITCH."""
    tile = (y // TILE_H) * (PITCH // TILE_W) + xb // TILE_W
    x, r = xb % TILE_W, y % TILE_H
    bits = [(x >> 0) & 1, (x >> 1) & 1, (x >> 2) & 1, (x >> 3) & 1,  # bits 0..3: x0..x3
            (r >> 0) & 1, (r >> 1) & 1,                             # bits 4..5: y0 y1
            (x >> 4) & 1, (x >> 5) & 1,                             # bits 6..7: x4 x5
            (r >> 2) & 1, (x >> 6) & 1,                             # bits 8..9: y2 x6
            (r >> 3) & 1, (r >> 4) & 1]                             # bits 10..11: y3 y4
    return tile * TILE_W * TILE_H + sum(b << i for i, b in enumerate(bits))


def texsim_hex(texsim, kind, fields):
    out = subprocess.run([texsim, "describe-state", kind, "--platform", "DG2", "--set", *fields],
                         check=True, capture_output=True, text=True).stdout.split()
    return out[0]


def main():
    texsim = sys.argv[1]
    out = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "examples/visa/rss-tile4.json"
    scene = json.loads((ROOT / "examples/visa/sampler3d.json").read_text())
    # (level origin x, y in elements, width, height, texel values)
    levels = [(0, 0, 4, 4, lambda x, y: x + 4 * y),
              (0, 4, 2, 2, lambda x, y: 100 + x + 2 * y),
              (32, 4, 1, 1, lambda x, y: 200)]
    memory = bytearray(PITCH * TILE_H)  # one row of two tiles holds rows 0..5
    for ox, oy, w, h, value in levels:
        for y in range(h):
            for x in range(w):
                at = tile4_offset((ox + x) * 4, oy + y)
                memory[at:at + 4] = struct.pack("<f", float(value(x, y)))
    rss = texsim_hex(texsim, "RENDER_SURFACE_STATE", [
        "Surface Type=SURFTYPE_2D", "Surface Format=216", "Tile Mode=TILE4",
        "Surface Horizontal Alignment=HALIGN_128", "Surface Vertical Alignment=VALIGN_4",
        "Width=3", "Height=3", "MIP Count / LOD=2", "Surface Pitch=%d" % (PITCH - 1),
        "Shader Channel Select Red=RED", "Shader Channel Select Green=GREEN",
        "Shader Channel Select Blue=BLUE", "Shader Channel Select Alpha=ALPHA",
        "Surface Base Address=0x%x" % ADDRESS])
    sampler = texsim_hex(texsim, "SAMPLER_STATE", [
        "Min Mode Filter=NEAREST", "Mag Mode Filter=NEAREST", "Mip Mode Filter=NEAREST",
        "Max LOD=14"])
    scene["platform"] = "DG2"
    scene["description"] = (
        "examples/visa/sampler3d.json on DG2 with T6 and S1 given as the hardware's bytes: T6 a "
        "Gfx12.5 RENDER_SURFACE_STATE (gen125.xml: 2D R32_FLOAT 4x4, 3 levels, Tile Mode TILE4, "
        "pitch 256, HALIGN_128 = 128 bytes = 32 texels, VALIGN_4) whose texels lie "
        "Tile4-swizzled in gpu_memory at 0x200000000 (level 1 below level 0, level 2 right of "
        "level 1 at x = 32), S1 a SAMPLER_STATE (NEAREST, NEAREST, mip NEAREST, Max LOD 14). "
        "Same results as sampler3d.json (docs/hardware-state.md; written by "
        "scripts/gen-rss-tile4.py).")
    scene["surfaces"] = [s for s in scene["surfaces"] if s["id"] != 6]
    scene["samplers"] = [s for s in scene["samplers"] if s["id"] != 1]
    ordered = {}
    for k, v in scene.items():
        if k == "registers":
            ordered["surface_states"] = {"6": {"hex": rss}}
            ordered["sampler_states"] = {"1": {"hex": sampler}}
            ordered["gpu_memory"] = [{"address": "0x%x" % ADDRESS, "hex": memory.hex()}]
        ordered[k] = v
    out.write_text(json.dumps(ordered, indent=2) + "\n")


main()
