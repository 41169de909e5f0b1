"""pytest: hardware descriptors as bytes from Python (texsim.surface_from_descriptor and friends,
docs/hardware-state.md): a surface and a sampler through NVIDIA TIC/TSC and Intel
RENDER_SURFACE_STATE / SAMPLER_STATE bytes and GPU memory, back to the same texels and lookups."""
import numpy as np
import pytest

import texsim


def gradient(w=40, h=24):
    y, x = np.mgrid[0:h, 0:w]
    a = np.stack([x * 5, y * 9, (x ^ y) & 255, np.full_like(x, 200)], axis=-1).astype(np.uint8)
    return texsim.Surface.from_array(a, "R8G8B8A8_UNORM"), a


@pytest.mark.parametrize("platform,tiling,size", [
    ("SM52", "block_linear", 32), ("SM75", "block_linear", 32), ("SM90", "pitch", 32),
    ("TGLLP", "tile_y", 64), ("SKL", "pitch", 64), ("DG2", "tile4", 64)])
def test_a_surface_round_trips_through_descriptor_and_memory(platform, tiling, size):
    surface, a = gradient()
    halign = 32 if tiling == "tile4" else 4  # DG2's HALIGN counts bytes: 128 B = 32 texels
    p = texsim.Placement(tiling, base_address=0x100000000, block_height_log2=1, halign=halign)
    desc = texsim.descriptor_from_surface(platform, surface, p)
    assert isinstance(desc, bytes) and len(desc) == size
    memory = texsim.surface_memory(surface, p)
    # GPU memory that starts 4 KiB before the surface: the descriptor's address picks it out.
    gpu = np.concatenate([np.full(4096, 0xEE, np.uint8), np.frombuffer(memory, np.uint8)])
    back = texsim.surface_from_descriptor(platform, desc, gpu, memory_address=0x100000000 - 4096)
    assert back.placement.tiling == texsim.Tiling(tiling)
    assert back.placement.base_address == 0x100000000
    assert (back.view_min_level, back.view_max_level) == (0, 0)
    assert np.array_equal(back.surface.level_array(0), a)
    if tiling != "pitch":  # a tiled layout is not the linear one
        assert memory[:a.nbytes] != a.tobytes()


@pytest.mark.parametrize("platform,size", [("SM52", 32), ("SM90", 32), ("TGLLP", 80),
                                           ("DG2", 80)])
def test_a_sampler_round_trips_and_samples_alike(platform, size):
    smp = texsim.Sampler(min_filter="linear", mag_filter="linear",
                         address=["wrap", "mirror", "border"],
                         border_color=[0.25, 0.5, 0.75, 1.0])
    desc = texsim.descriptor_from_sampler(platform, smp)
    assert len(desc) == size
    back = texsim.sampler_from_descriptor(platform, desc)
    surface, _ = gradient()
    u = np.linspace(-0.3, 1.3, 64, dtype=np.float32)
    want = texsim.sample(surface, smp, u, u[::-1].copy())
    got = texsim.sample(surface, back, u, u[::-1].copy())
    assert np.array_equal(want, got)


def test_bad_bytes_raise_with_the_rule():
    with pytest.raises(texsim.Error, match="TIC-HEADER_VERSION|TIC-"):
        texsim.surface_from_descriptor("SM52", bytes(31) + b"\xff", np.zeros(64, np.uint8))
    with pytest.raises(texsim.Error):
        texsim.sampler_from_descriptor("SM52", b"\x00" * 5)
    with pytest.raises(texsim.Error):
        texsim.descriptor_from_surface("SM999", gradient()[0])


def test_a_scene_s_descriptors_answer_like_its_json_surfaces():
    """Scene.descriptor_*: texs-demo.json's header pool in JSON, and `texsim place`'s rewrite of it
    as TIC/TSC bytes over block-linear memory, give the same texels, samplers and lookups."""
    import json
    import os
    import pathlib
    import subprocess
    root = pathlib.Path(__file__).resolve().parents[2]
    src = root / "examples/sass/texs-demo.json"
    json_scene = texsim.Scene.load(str(src))
    texsim_exe = os.environ.get("TEXSIM_EXECUTABLE")
    if not texsim_exe:
        pytest.skip("TEXSIM_EXECUTABLE (the texsim command, for `texsim place`) is not set")
    placed = subprocess.run([texsim_exe, "place", "-q", str(src)], capture_output=True,
                            text=True, check=True).stdout
    byte_scene = texsim.Scene.from_json(placed, "placed.json")
    assert json_scene.descriptor_surface_ids == byte_scene.descriptor_surface_ids == [0, 1, 2]
    assert byte_scene.surface_ids == []  # only descriptors: the JSON surfaces are gone
    u = np.linspace(-0.2, 1.2, 48, dtype=np.float32)
    for index in json_scene.descriptor_surface_ids:
        a, b = json_scene.descriptor_surface(index), byte_scene.descriptor_surface(index)
        assert np.array_equal(a.level_array(0), b.level_array(0))
        assert json_scene.descriptor_placement(index) is None
        assert byte_scene.descriptor_placement(index).tiling == texsim.Tiling("block_linear")
        for s in json_scene.descriptor_sampler_ids:
            ja, jb = json_scene.descriptor_sampler(s), byte_scene.descriptor_sampler(s)
            assert np.array_equal(texsim.sample(a, ja, u, u[::-1].copy()),
                                  texsim.sample(b, jb, u, u[::-1].copy()))
    with pytest.raises(KeyError):
        byte_scene.descriptor_surface(9)
    assert json.loads(placed)["texture_headers"]["entries"]
