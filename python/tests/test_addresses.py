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


# Issue 27 (decisions TS1-TS3): Tile64's Mip Tail Start LOD as Placement.miptail_start. RGBA8
# 256x256, 9 levels, at 0x100000000; texel (0, 0) of levels 2, 3 and 4 (hand-computed from Mesa
# isl's GFX4_2D placement, acm_tile64_2d_32bpp and icl_std_y_2d_miptail_offset_el in
# tests/unit/api/miptail_test.cpp): isl's start is level 2, a start of 3 moves levels 2..4.
TAIL_DEFAULT = [335872, 360448, 331776]
TAIL_START3 = [327680, 466944, 491520]


def tail_corners(surface, placement):
    zero = np.zeros(3, np.uint32)
    _, t = texsim.fetch_addresses(surface, zero, zero, level=np.array([2, 3, 4], np.uint32),
                                  placement=placement)
    return [int(a) - 0x100000000 for a in t["address"]]


def test_tile64_miptail_start_moves_the_levels_and_round_trips():
    s = texsim.Surface("R8G8B8A8_UNORM", 256, 256, mips=9)
    default = texsim.Placement("tile64", base_address=0x100000000)
    assert default.miptail_start is None
    assert tail_corners(s, default) == TAIL_DEFAULT
    p = texsim.Placement("tile64", base_address=0x100000000, miptail_start=3)
    assert p.miptail_start == 3
    assert tail_corners(s, p) == TAIL_START3
    # Through RENDER_SURFACE_STATE bytes (Mip Tail Start LOD: bits 168..171) and back.
    rss = texsim.descriptor_from_surface("DG2", s, p)
    assert rss[21] & 0xF == 3
    back = texsim.surface_from_descriptor("DG2", rss, texsim.surface_memory(s, p),
                                          memory_address=0x100000000)
    assert back.placement.miptail_start == 3
    assert tail_corners(back.surface, back.placement) == TAIL_START3
    assert texsim.descriptor_from_surface("DG2", back.surface, back.placement) == rss
    p.miptail_start = None
    assert tail_corners(s, p) == TAIL_DEFAULT


def test_tile64_miptail_start_refusals():
    s = texsim.Surface("R8G8B8A8_UNORM", 256, 256, mips=9)
    with pytest.raises(texsim.Error, match="LAYOUT-TILE64-MIPTAIL"):  # 4 bits
        tail_corners(s, texsim.Placement("tile64", base_address=0x100000000, miptail_start=16))
    with pytest.raises(texsim.Error, match="LAYOUT-TILE64-MIPTAIL"):  # a Tile64 field only
        tail_corners(s, texsim.Placement("tile4", base_address=0x100000000, miptail_start=3))
    with pytest.raises(TypeError):
        texsim.Placement("tile64", miptail_start=-1)


def tail_scene(placement):
    return texsim.Scene.from_json(
        '{"texsim": 1, "surfaces": [{"id": 0, "type": "2d", "format": "R8G8B8A8_UNORM", '
        '"width": 256, "height": 256, "mips": 9, "placement": ' + placement + '}]}')


def test_tile64_miptail_start_from_scene_json():
    scene = tail_scene('{"tiling": "tile64", "address": "0x100000000", "miptail_start": 3}')
    assert scene.placement(0).miptail_start == 3
    assert tail_corners(scene.surface(0), scene.placement(0)) == TAIL_START3
    with pytest.raises(texsim.Error, match=r"placement\.miptail_start"):
        tail_scene('{"tiling": "tile64", "address": "0x100000000", "miptail_start": 16}')
