"""texsim Python example: a surface from a numpy array, bilinear samples over numpy coordinate
arrays with the d3d and lavapipe profiles, a fetch with flags, and errors as diagnostics."""
import numpy as np

import texsim

print("texsim", texsim.__version__)

# A 4x4 RGBA8 surface: texel (x, y) = (64x, 64y, 0, 255).
texels = np.zeros((4, 4, 4), np.uint8)
texels[..., 0] = 64 * np.arange(4)[None, :]
texels[..., 1] = 64 * np.arange(4)[:, None]
texels[..., 3] = 255
surface = texsim.Surface.from_array(texels, "R8G8B8A8_UNORM")

sampler = texsim.Sampler(mip_filter=texsim.MipFilter.NONE)  # bilinear, clamp
u = (np.arange(8, dtype=np.float32) + 0.5) / 8
for profile in ("d3d", "lavapipe"):
    rgba = texsim.sample(surface, sampler, u, u, lod=np.zeros(8, np.float32), profile=profile)
    print(profile, rgba[:, 0])  # (8, 4) float32: R of every lane

x = np.array([3, 5], np.uint32)
y = np.array([1, 0], np.uint32)
values, flags = texsim.fetch(surface, x, y, flags=True)
print("fetch", values.tolist(), "in bounds:", (flags & texsim.FLAG_IN_BOUNDS).astype(bool))

try:
    texsim.Surface("R8G8B8A8_UNROM", 4, 4)
except texsim.Error as e:
    for d in e.diagnostics:
        print("as expected:", d.rule, d.message)

# Programs: a built-in vISA example (program text and scene JSON) checked, assembled,
# disassembled and run; registers come back as numpy arrays of their element type.
ex = texsim.examples("visa")[0]
assert not texsim.check("visa", ex["program"], ex["program_name"])
binary = texsim.assemble("visa", ex["program"], ex["program_name"])
print(texsim.disassemble("visa", binary))
scene = texsim.Scene.from_json(ex["scene_json"], "example.json")
result = texsim.run("visa", ex["program"], scene, name=ex["program_name"])
for name, values in result.registers.items():
    print(name, result.types[name], values[:4], "all defined:", bool(result.defined[name].all()))
