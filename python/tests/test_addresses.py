"""pytest: texsim.sample_addresses / fetch_addresses and texsim.Placement (docs/memory-trace.md):
hand-computed pitch-linear and block-linear addresses, per-lane lines, scene placements."""
import os
import pathlib

import numpy as np
import pytest

import texsim

SRC = pathlib.Path(os.environ.get("TEXSIM_SOURCE_DIR", pathlib.Path(__file__).parents[2]))


def surface16():
    return texsim.Surface.from_array(np.zeros((16, 16, 4), np.uint8), "R8G8B8A8_UNORM")


def test_fetch_addresses_pitch_linear():
    p = texsim.Placement("pitch", base_address=0x10000, row_pitch=128)
    x = np.array([9, 0, 99], np.uint32)
    y = np.array([5, 0, 5], np.uint32)
    texels, flags, t = texsim.fetch_addresses(surface16(), x, y, placement=p, flags=True)
    assert texels.shape == (3, 4) and list(flags) == [1, 1, 0]
    # base + y * pitch + x * bpp; lane 2 is out of bounds and reads nothing.
    assert list(t["lane_start"]) == [0, 1, 2, 2]
    assert list(t["address"]) == [0x10000 + 5 * 128 + 9 * 4, 0x10000]
    assert t["address"].dtype == np.uint64 and list(t["bytes"]) == [4, 4]
    assert list(t["lane"]) == [0, 1]
    assert list(t["lane_line_start"]) == [0, 1, 2, 2]
    assert list(t["lane_lines"]) == [66176, 65536] and list(t["lines"]) == [66176, 65536]


def test_sample_addresses_bilinear_lines_and_line_bytes():
    p = texsim.Placement(texsim.Tiling.PITCH, base_address=0x10000, row_pitch=128)
    smp = texsim.Sampler(min_filter="linear", mag_filter="linear", address=["clamp"] * 3)
    u = np.array([0.5, 0.5], np.float32)
    texels, t = texsim.sample_addresses(surface16(), smp, u, u, placement=p, line_bytes=64)
    assert texels.shape == (2, 4)
    assert list(t["lane_start"]) == [0, 4, 8]
    assert list(zip(t["x"][:4], t["y"][:4])) == [(7, 7), (8, 7), (7, 8), (8, 8)]
    assert list(t["address"][:4]) == [66460, 66464, 66588, 66592]
    # Each lane has its own two lines; the message's are their union.
    assert list(t["lane_lines"]) == [66432, 66560, 66432, 66560]
    assert list(t["lines"]) == [66432, 66560]
    _, t16 = texsim.sample_addresses(surface16(), smp, u[:1], u[:1], placement=p, line_bytes=16)
    assert list(t16["lines"]) == [66448, 66464, 66576, 66592]
    with pytest.raises(texsim.Error, match="ACCESS-LINE-SIZE"):
        texsim.sample_addresses(surface16(), smp, u, u, placement=p, line_bytes=100)


def test_block_linear_from_the_gob_formula():
    # 64x64 RGBA8, one-GOB blocks: texel (20, 11) -> GOB (1, 1) = 5 * 512, inside it 112.
    s = texsim.Surface.from_array(np.zeros((64, 64, 4), np.uint8), "R8G8B8A8_UNORM")
    p = texsim.Placement("block_linear", base_address=0x200000)
    _, t = texsim.fetch_addresses(s, np.array([20], np.uint32), np.array([11], np.uint32),
                                  placement=p)
    assert list(t["address"]) == [0x200000 + 2560 + 112]


def test_scene_placement_and_default_linear():
    scene = texsim.Scene.load(str(SRC / "tests/cli/scenes/addresses.json"))
    p = scene.placement(1)
    assert p.tiling == texsim.Tiling.BLOCK_LINEAR and p.base_address == 0x200000
    assert scene.placement(2) is None
    with pytest.raises(KeyError):
        scene.placement(9)
    # No placement: texsim's linear layout at address 0.
    _, t = texsim.fetch_addresses(scene.surface(2), np.array([3], np.uint32),
                                  np.array([2], np.uint32))
    assert list(t["address"]) == [2 * 8 * 4 + 3 * 4]
