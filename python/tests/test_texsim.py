"""pytest suite of the Python module texsim (python/): surfaces from/to numpy, sample/fetch over
numpy arrays against the C++ API's documented results, scenes, programs and diagnostics."""
import os
import pathlib

import numpy as np
import pytest

import texsim

SRC = pathlib.Path(os.environ.get("TEXSIM_SOURCE_DIR", pathlib.Path(__file__).parents[2]))


def ramp_rgba8(w=4, h=4):
    """(h, w, 4) uint8: texel (x, y) = (64x, 64y, 0, 255)."""
    a = np.zeros((h, w, 4), np.uint8)
    a[..., 0] = (64 * np.arange(w))[None, :]
    a[..., 1] = (64 * np.arange(h))[:, None]
    a[..., 3] = 255
    return a


def test_version():
    assert texsim.version() == texsim.__version__
    assert len(texsim.__version__.split(".")) == 3


def test_surface_round_trips_numpy():
    a = ramp_rgba8()
    s = texsim.Surface.from_array(a, "R8G8B8A8_UNORM")
    assert (s.width, s.height, s.format) == (4, 4, "R8G8B8A8_UNORM")
    assert s.size_bytes == a.nbytes
    np.testing.assert_array_equal(s.level_array(0), a)
    # bytes is a view: writes through it are what fetch reads.
    s.bytes[0] = 7
    t = texsim.fetch(s, np.array([0], np.uint32), np.array([0], np.uint32))
    assert abs(t[0, 0] - 7 / 255) < 1e-7


def test_surface_errors_carry_diagnostics():
    with pytest.raises(texsim.Error) as e:
        texsim.Surface("R8G8B8A8_UNROM", 4, 4)
    assert [d.rule for d in e.value.diagnostics] == ["LIB-FORMAT"]
    assert "R8G8B8A8_UNORM" in e.value.diagnostics[0].message
    with pytest.raises(texsim.Error) as e:
        texsim.Surface("R8_UNORM", 4, 1, data=bytes(3))
    assert e.value.diagnostics[0].rule == "LIB-SURFACE-BYTES"
    with pytest.raises(texsim.Error):
        texsim.Surface("R8_UNORM", 0, 1)


def test_fetch_uint_and_out_of_bounds():
    words = (10 * np.arange(2)[:, None] + np.arange(4)[None, :]).astype(np.uint32)
    s = texsim.Surface.from_array(words, "R32_UINT")
    x = np.array([3, 0, 4], np.uint32)
    y = np.array([1, 1, 0], np.uint32)
    t, flags = texsim.fetch(s, x, y, flags=True)
    assert t.dtype == np.uint32 and t.shape == (3, 4)
    assert list(t[:, 0]) == [13, 10, 0]
    assert list(t[2]) == [0, 0, 0, 1]  # missing A of an integer format reads 1
    assert list(flags) == [texsim.FLAG_IN_BOUNDS, texsim.FLAG_IN_BOUNDS, 0]
    # Offsets and lavapipe's fetch agree on integer formats.
    t2 = texsim.fetch(s, x, y, offset=(-1, 0), profile="lavapipe")
    assert list(t2[:, 0]) == [12, 0, 3]


def test_sample_point_returns_texels_and_floats():
    f = np.arange(8, dtype=np.float32).reshape(2, 4) * 0.25 - 0.5
    s = texsim.Surface.from_array(f, "R32_FLOAT")
    smp = texsim.Sampler(min_filter=texsim.Filter.POINT, mag_filter=texsim.Filter.POINT)
    u = np.array([0.125, 0.375, 0.625, 0.875], np.float32)
    v = np.array([0.75, 0.75, 0.25, 0.25], np.float32)
    for profile in ("d3d", "exact", "lavapipe", "nvidia"):
        r = texsim.sample(s, smp, u, v, op=texsim.SampleOp.LEVEL_ZERO, profile=profile)
        assert r.dtype == np.float32 and r.shape == (4, 4)
        np.testing.assert_array_equal(r[:, 0], [f[1, 0], f[1, 1], f[0, 2], f[0, 3]])
        np.testing.assert_array_equal(r[:, 3], 1.0)


def test_sample_bilinear_matches_hand_computation():
    s = texsim.Surface.from_array(ramp_rgba8(), "R8G8B8A8_UNORM")
    smp = texsim.Sampler(mip_filter=texsim.MipFilter.NONE)
    u = np.array([0.0625, 0.5, 0.9375], np.float32)  # texel space -0.25 (clamp), 1.5, 3.25
    r = texsim.sample(s, smp, u, u, lod=np.zeros(3, np.float32))
    assert r[0, 0] == 0.0  # clamp: only texel 0 contributes
    assert abs(r[1, 0] - 96 / 255) < 2 ** -8  # halfway between 64 and 128
    assert abs(r[2, 0] - 192 / 255) < 1e-6


def test_sample_bounds_contain_every_profile():
    s = texsim.Surface.from_array(ramp_rgba8(), "R8G8B8A8_UNORM")
    smp = texsim.Sampler(mip_filter=texsim.MipFilter.NONE)
    rng = np.random.default_rng(3)
    u = rng.uniform(-0.5, 1.5, 64).astype(np.float32)
    v = rng.uniform(-0.5, 1.5, 64).astype(np.float32)
    r, lo, hi = texsim.sample(s, smp, u, v, bounds=True)
    assert lo.shape == hi.shape == (64, 4) and lo.dtype == np.float32
    for profile in ("d3d", "exact", "lavapipe", "nvidia"):
        t = texsim.sample(s, smp, u, v, profile=profile)
        assert np.all((lo <= t) & (t <= hi)), profile
    # One step above hi is outside; a narrower colour threshold narrows the interval.
    assert not np.any(np.nextafter(hi, np.float32(np.inf)) <= hi)
    _, lo8, hi8 = texsim.sample(s, smp, u, v, bounds=True, bounds_precision={"color_bits": 12})
    assert np.all(hi8 - lo8 <= hi - lo)
    with pytest.raises(ValueError, match="unknown field"):
        texsim.sample(s, smp, u, v, bounds=True, bounds_precision={"colour_bits": 8})
    with pytest.raises(texsim.Error):
        texsim.sample(s, smp, u, v, bounds=True, bounds_precision={"subtexel_bits": 99})


def test_inputs_are_used_in_place_and_converted_when_needed():
    s = texsim.Surface.from_array(ramp_rgba8(), "R8G8B8A8_UNORM")
    smp = texsim.Sampler()
    u64 = np.linspace(0, 1, 16)  # float64: converted to float32
    r1 = texsim.sample(s, smp, u64, u64)
    r2 = texsim.sample(s, smp, u64.astype(np.float32), u64.astype(np.float32))
    np.testing.assert_array_equal(r1, r2)
    # The result is an (n, 4) view of one (4, n) block: no copy.
    assert r2.base is not None and r2.strides == (4, 4 * 16)


def test_lavapipe_quads_and_lane_errors():
    s = texsim.Surface.from_array(ramp_rgba8(8, 8), "R8G8B8A8_UNORM")
    smp = texsim.Sampler()
    u = np.array([0.4, 0.45, 0.4, 0.45], np.float32)
    v = np.array([0.4, 0.4, 0.45, 0.45], np.float32)
    r = texsim.sample(s, smp, u, v, op=texsim.SampleOp.IMPLICIT, profile="lavapipe")
    assert r.shape == (4, 4)
    d3d = texsim.sample(s, smp, u, v, op=texsim.SampleOp.IMPLICIT, derivatives_from_quads=True)
    assert d3d.shape == (4, 4)
    with pytest.raises(texsim.Error) as e:
        texsim.sample(s, smp, u[:3], v[:3], op=texsim.SampleOp.IMPLICIT, profile="lavapipe")
    assert e.value.diagnostics[0].rule == "LIB-QUAD"
    with pytest.raises(ValueError):
        texsim.sample(s, smp, u, v[:2])
    with pytest.raises(ValueError):
        texsim.sample(s, smp, u, v, profile="vulkan")


def test_sampler_state_and_vulkan_equivalent():
    smp = texsim.Sampler(address=[texsim.AddressMode.BORDER], border_color=[0.5, 0.5, 0.5, 0.5],
                         compare=texsim.CompareFunc.LESS)
    assert list(smp.address) == [texsim.AddressMode.BORDER] * 3
    assert smp.compare == texsim.CompareFunc.LESS
    v = texsim.vulkan_equivalent(smp, "R8_UNORM")
    assert list(v.border_color) == [0.5, 0.0, 0.0, 1.0]
    smp.lod_bias = 1.5
    assert smp.lod_bias == 1.5


def test_max_anisotropy_is_a_float():
    """Vulkan's maxAnisotropy is a float: d3d uses the fraction, lavapipe truncates it (P24)."""
    smp = texsim.Sampler(max_anisotropy=2.5)
    assert smp.max_anisotropy == 2.5
    s = texsim.Surface.from_array(
        np.random.default_rng(5).integers(0, 256, (16, 16, 4), dtype=np.uint8), "R8G8B8A8_UNORM")
    u = np.array([0.3, 0.5, 0.61, 0.77], np.float32)
    v = np.array([0.4, 0.45, 0.52, 0.6], np.float32)
    ddx = (np.full(4, 0.5, np.float32), np.zeros(4, np.float32))
    ddy = (np.zeros(4, np.float32), np.full(4, 0.0625, np.float32))

    def grad(m, profile):
        return texsim.sample(s, texsim.Sampler(max_anisotropy=m), u, v, op=texsim.SampleOp.GRAD,
                             ddx=ddx, ddy=ddy, profile=profile)
    assert not np.array_equal(grad(2.5, "d3d"), grad(2.0, "d3d"))  # 3 probes, not 2
    assert np.array_equal(grad(2.9, "lavapipe"), grad(2.0, "lavapipe"))
    assert np.array_equal(grad(1.5, "lavapipe"), grad(1.0, "lavapipe"))


def test_options_of_the_cpp_api(tmp_path):
    """Every option of FetchOptions, RunOptions and SceneOptions is a keyword (issue 25 item 6)."""
    words = np.arange(4 * 4 * 4, dtype=np.uint32)  # 4x4 R32_UINT, 4 samples (sample planes)
    s = texsim.Surface("R32_UINT", 4, 4, samples=4, data=words)
    x = y = np.zeros(2, np.uint32)
    sample = np.array([1, 6], np.uint32)  # 6 is beyond the 4 samples
    zero = texsim.fetch(s, x, y, sample=sample)
    clamp = texsim.fetch(s, x, y, sample=sample, sample_index="clamp", threads=2)
    assert zero[0, 0] == clamp[0, 0] == 16 and zero[1, 0] == 0 and clamp[1, 0] == 48
    text = (SRC / "examples/visa/sampler3d.visaasm").read_text()
    scene = texsim.Scene.load(str(SRC / "examples/visa/sampler3d.json"), max_bytes=1 << 20)
    plain, poisoned = texsim.run("visa", text, scene), texsim.run("visa", text, scene, poison=0xCD)
    undefined = [n for n, d in plain.defined.items() if not d.all()]
    assert undefined and any(
        (plain.registers[n].view(np.uint8) != poisoned.registers[n].view(np.uint8)).any()
        for n in undefined)
    with pytest.raises(texsim.Error) as e:
        texsim.run("visa", text, scene, settings={"media_oob": "sideways"})
    assert e.value.diagnostics[0].rule == "VISA-RUN-SETTING"
    with pytest.raises(texsim.Error) as e:
        texsim.Scene.from_json((SRC / "examples/visa/sampler3d.json").read_text(), max_bytes=16)
    outside = ('{"texsim": 1, "surfaces": [{"id": 1, "type": "2D", "format": "R8G8B8A8_UNORM", '
               '"width": 16, "height": 16, "data": {"file": "../scenes/images/gradient.png"}}]}')
    name = str(SRC / "examples/visa/outside.json")
    with pytest.raises(texsim.Error):
        texsim.Scene.from_json(outside, name)
    assert texsim.Scene.from_json(outside, name, allow_any_path=True).surface_ids == [1]


def test_scene_surfaces_are_read_only_views():
    scene = texsim.Scene.load(str(SRC / "examples/visa/sampler3d.json"))
    assert scene.surface_ids
    surf = scene.surface(scene.surface_ids[0])
    assert not surf.bytes.flags.writeable
    with pytest.raises(KeyError):
        scene.surface(99999)
    with pytest.raises(texsim.Error) as e:
        texsim.Scene.from_json('{\n  "texsim": 1,\n  "surfaces": 7\n}\n', "bad.json")
    d = e.value.diagnostics[0]
    assert (d.file, d.line) == ("bad.json", 3) and d.rule.startswith("SCENE")
    assert d.severity == texsim.Severity.ERROR and str(d) == d.text


def test_programs_check_assemble_disassemble_run():
    text = (SRC / "examples/visa/sampler3d.visaasm").read_text()
    assert not [d for d in texsim.check("visa", text) if d.severity == texsim.Severity.ERROR]
    binary = texsim.assemble("visa", text, "sampler3d.visaasm")
    assert isinstance(binary, bytes) and binary
    listing = texsim.disassemble("visa", binary)
    assert texsim.assemble("visa", listing) == binary
    scene = texsim.Scene.load(str(SRC / "examples/visa/sampler3d.json"))
    r = texsim.run("visa", text, scene, trace=True)
    assert r.registers and r.trace
    for name, values in r.registers.items():
        assert r.defined[name].shape[0] == values.nbytes
    bad = texsim.check("visa", "bogus_op (M1, 16) V1\n", "x.visaasm")
    assert bad and bad[0].line == 1 and bad[0].file == "x.visaasm"
    with pytest.raises(texsim.Error):
        texsim.disassemble("visa", b"\xff\xff\xff")
    with pytest.raises(ValueError):
        texsim.check("ptx", "")


def test_sass_program_runs():
    text = (SRC / "examples/sass/tlds-demo.sass").read_text()
    scene = texsim.Scene.load(str(SRC / "examples/sass/tlds-demo.json"))
    r = texsim.run("sass", text, scene)
    assert r.registers


def test_builtin_examples_run():
    for isa in ("visa", "sass"):
        exs = texsim.examples(isa)
        assert exs
        for ex in exs:
            scene = texsim.Scene.from_json(ex["scene_json"], "example.json")
            r = texsim.run(isa, ex["program"], scene, name=ex["program_name"])
            assert r.registers, ex["name"]


def test_enums_take_their_names_as_strings():
    """Issue 31: op="level" raised a long pybind11 TypeError while profile="d3d" worked."""
    s = texsim.Surface.from_array(ramp_rgba8(), "R8G8B8A8_UNORM")
    u = np.array([0.3, 0.6], np.float32)
    v = np.array([0.3, 0.6], np.float32)
    by_enum = texsim.sample(s, texsim.Sampler(), u, v, op=texsim.SampleOp.LEVEL)
    np.testing.assert_array_equal(texsim.sample(s, texsim.Sampler(), u, v, op="level"), by_enum)
    np.testing.assert_array_equal(texsim.sample(s, texsim.Sampler(), u, v, op="LEVEL"), by_enum)
    smp = texsim.Sampler(address=["wrap", "clamp"], min_filter="point", mip_filter="none",
                         compare="less_equal", reduction="max")
    assert list(smp.address) == [texsim.AddressMode.WRAP] + [texsim.AddressMode.CLAMP] * 2
    assert smp.min_filter == texsim.Filter.POINT and smp.mip_filter == texsim.MipFilter.NONE
    assert smp.compare == texsim.CompareFunc.LESS_EQUAL
    with pytest.raises(ValueError, match="unknown SampleOp 'levle'; did you mean LEVEL"):
        texsim.SampleOp("levle")
    with pytest.raises((ValueError, TypeError)):
        texsim.sample(s, texsim.Sampler(), u, v, op="levle")
    with pytest.raises(ValueError, match="did you mean lavapipe"):
        texsim.sample(s, texsim.Sampler(), u, v, profile="lavapipp")


def test_gl_format_names_suggest_the_dxgi_name():
    """Issue 31: Surface("RGBA8", 4, 4) suggested R8_UINT."""
    with pytest.raises(texsim.Error) as e:
        texsim.Surface("RGBA8", 4, 4)
    assert "did you mean 'R8G8B8A8_UNORM'?" in e.value.diagnostics[0].message


def test_import_without_numpy_says_so(tmp_path):
    """Issue 31: `import texsim` succeeded without numpy and the first sample() failed."""
    import subprocess
    import sys
    (tmp_path / "numpy").mkdir()
    (tmp_path / "numpy" / "__init__.py").write_text("raise ImportError('no numpy here')\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), *sys.path]))
    p = subprocess.run([sys.executable, "-c", "import texsim"], env=env, capture_output=True,
                       text=True)
    assert p.returncode != 0
    assert "texsim needs numpy (Debian: python3-numpy" in p.stderr


def test_lavapipe_masked_lanes_and_quad_positions():
    """Issue 33's API gaps: masked lanes join lavapipe's group decisions with zero inputs
    (lavapipe_masked_lanes), and quad_x / quad_y place fragment quads in lavapipe's groups."""
    s = texsim.Surface.from_array(
        np.random.default_rng(7).integers(0, 256, (16, 16, 4), dtype=np.uint8), "R8G8B8A8_UNORM")
    smp = texsim.Sampler(min_filter=texsim.Filter.POINT, mag_filter=texsim.Filter.LINEAR)
    u = np.full(8, 0.5, np.float32)
    lod = np.ones(8, np.float32)
    active = np.array([1] * 7 + [0], np.uint8)
    plain = texsim.sample(s, smp, u, u, lod=lod, active=active, profile="lavapipe")
    masked = texsim.sample(s, smp, u, u, lod=lod, active=active, profile="lavapipe",
                           lavapipe_masked_lanes=True)
    z = u.copy()
    z[7] = 0
    zl = lod.copy()
    zl[7] = 0
    zero_lane = texsim.sample(s, smp, z, z, lod=zl, profile="lavapipe")
    np.testing.assert_array_equal(masked[:7], zero_lane[:7])
    assert not np.array_equal(masked[:7], plain[:7])
    # Quads given odd column first with their positions: as the even-first message.
    aniso = texsim.Sampler(mip_filter=texsim.MipFilter.LINEAR, max_anisotropy=16)
    qa = (np.array([0.30, 0.42, 0.31, 0.43], np.float32), np.array([0.40, 0.41, 0.44, 0.45], np.float32))
    qb = (np.array([0.55, 0.57, 0.58, 0.60], np.float32), np.array([0.20, 0.31, 0.21, 0.32], np.float32))
    bias_ab = np.array([0.25] * 4 + [2.5] * 4, np.float32)
    ab = texsim.sample(s, aniso, np.concatenate([qa[0], qb[0]]), np.concatenate([qa[1], qb[1]]),
                       op=texsim.SampleOp.BIAS, lod=bias_ab, profile="lavapipe")
    ba = texsim.sample(s, aniso, np.concatenate([qb[0], qa[0]]), np.concatenate([qb[1], qa[1]]),
                       op=texsim.SampleOp.BIAS, lod=bias_ab[::-1].copy(), profile="lavapipe",
                       quad_x=np.array([1, 0], np.uint32), quad_y=np.array([0, 0], np.uint32))
    np.testing.assert_array_equal(ba[:4], ab[4:])
    np.testing.assert_array_equal(ba[4:], ab[:4])


def test_query_size_levels_samples():
    """textureSize / textureQueryLevels / textureSamples; lavapipe: one LOD per 8-lane group."""
    s = texsim.Surface("R8G8B8A8_UNORM", 16, 8, mips=3)
    lod = np.array([1, 0, 2], np.uint32)
    q = texsim.query(s, lod)
    assert q.dtype == np.uint32 and q.shape == (3, 4)
    assert list(q[0]) == [8, 4, 0, 3] and list(q[2]) == [4, 2, 0, 3]
    lp = texsim.query(s, lod, profile="lavapipe")
    assert all(list(row) == [8, 4, 0, 3] for row in lp)
    assert texsim.query(s, op="levels", count=2)[1, 0] == 3
    assert texsim.query(s, op=texsim.QueryOp.SAMPLES, count=1)[0, 0] == 1
