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
