// Tests for texunit/fetch: D3D11.3 `ld` / `ld2dms` on every surface type — bounds on every axis,
// offsets and wrap-around, cube faces, MSAA with and without MCS, fast clear, null tiles, formats.
#include "texunit/fetch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace texsim::texunit {
namespace {

SurfaceDesc make(SurfaceType t, Format f, uint32_t w, uint32_t h = 1, uint32_t d = 1,
                 uint32_t layers = 1, uint32_t mips = 1, uint32_t samples = 1) {
  SurfaceDesc s;
  s.type = t;
  s.format = f;
  s.width = w;
  s.height = h;
  s.depth = d;
  s.layers = layers;
  s.mips = mips;
  s.samples = samples;
  core::DiagSink sink;
  EXPECT_TRUE(validate_surface_desc(s, sink));
  return s;
}

void put_u32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

// The value stored at every texel of a tagged R32G32B32A32_UINT surface.
Texel tag(uint32_t sample, uint32_t level, uint32_t slice_or_z, uint32_t x, uint32_t y) {
  return Texel::from_uint(x, y, slice_or_z, (level << 8) | sample);
}

// A R32G32B32A32_UINT surface whose texels hold tag(...), written as raw little-endian words.
Surface tagged(SurfaceType t, uint32_t w, uint32_t h = 1, uint32_t d = 1, uint32_t layers = 1,
               uint32_t mips = 1, uint32_t samples = 1) {
  Surface s(make(t, Format::kR32G32B32A32_UINT, w, h, d, layers, mips, samples));
  for (uint32_t sample = 0; sample < samples; ++sample) {
    for (uint32_t level = 0; level < mips; ++level) {
      const LevelLayout& lv = s.layout().levels[level];
      const uint32_t slices = t == SurfaceType::k3D ? lv.depth : s.desc().slices();
      for (uint32_t sl = 0; sl < slices; ++sl) {
        for (uint32_t y = 0; y < lv.height; ++y) {
          for (uint32_t x = 0; x < lv.width; ++x) {
            uint8_t* p = s.texel_ptr(sample, level, sl, x, y);
            const Texel v = tag(sample, level, sl, x, y);
            for (int c = 0; c < 4; ++c) put_u32(p + 4 * c, v.bits[c]);
          }
        }
      }
    }
  }
  return s;
}

FetchRequest at(uint32_t x, uint32_t y = 0, uint32_t z = 0) {
  FetchRequest r;
  r.coord = {x, y, z};
  return r;
}
FetchRequest at_level(uint32_t level, uint32_t x, uint32_t y = 0, uint32_t z = 0) {
  FetchRequest r = at(x, y, z);
  r.level = level;
  return r;
}
FetchRequest at_slice(uint32_t slice, uint32_t x, uint32_t y = 0) {
  FetchRequest r = at(x, y);
  r.slice = slice;
  return r;
}
FetchRequest with_offset(FetchRequest r, int32_t u, int32_t v = 0, int32_t w = 0) {
  r.offset = {u, v, w};
  return r;
}
FetchRequest with_sample(FetchRequest r, uint32_t sample) {
  r.sample = sample;
  return r;
}

const Texel kZeroUint = Texel::from_uint(0, 0, 0, 0);

// In bounds and equal to `want`, not flagged.
void expect_texel(const FetchResult& r, const Texel& want) {
  EXPECT_TRUE(r.in_bounds);
  EXPECT_FALSE(r.null_tile);
  EXPECT_FALSE(r.fast_cleared);
  EXPECT_EQ(r.texel, want);
}
// The out-of-bounds value of a 4-channel uint format: all zero.
void expect_oob(const FetchResult& r) {
  EXPECT_FALSE(r.in_bounds);
  EXPECT_FALSE(r.null_tile);
  EXPECT_FALSE(r.fast_cleared);
  EXPECT_EQ(r.texel, kZeroUint);
}

// ---------------------------------------------------------------- 1D and 1D arrays

TEST(Fetch, OneD) {
  const Surface s = tagged(SurfaceType::k1D, 8, 1, 1, 1, 2);
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, at(5)), tag(0, 0, 0, 5, 0));
  // y, z, the slice and the sample are not coordinates of a 1D surface.
  FetchRequest extra = at(5, 99, 7);
  extra.slice = 3;
  extra.sample = 2;
  expect_texel(fetch_texel(v, extra), tag(0, 0, 0, 5, 0));
  expect_oob(fetch_texel(v, at(8)));
  expect_oob(fetch_texel(v, at(0xffffffffu)));
  expect_texel(fetch_texel(v, at_level(1, 3)), tag(0, 1, 0, 3, 0));
  expect_oob(fetch_texel(v, at_level(1, 4)));
  expect_oob(fetch_texel(v, at_level(2, 0)));
  // Offsets on x only.
  expect_texel(fetch_texel(v, with_offset(at(5), 2, 100, 100)), tag(0, 0, 0, 7, 0));
  expect_oob(fetch_texel(v, with_offset(at(5), 3)));
  expect_texel(fetch_texel(v, with_offset(at(5), -5)), tag(0, 0, 0, 0, 0));
  expect_oob(fetch_texel(v, with_offset(at(5), -6)));  // wraps to 0xffffffff
}

TEST(Fetch, OneDArray) {
  const Surface s = tagged(SurfaceType::k1DArray, 4, 1, 1, 3);
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, at_slice(2, 3)), tag(0, 0, 2, 3, 0));
  expect_oob(fetch_texel(v, at_slice(3, 0)));
  // The y coordinate is not the slice, and offsets never move along the array axis.
  expect_texel(fetch_texel(v, with_offset(at_slice(1, 1, 2), 1, 1, 1)), tag(0, 0, 1, 2, 0));
}

// ---------------------------------------------------------------- 2D and 2D arrays

TEST(Fetch, TwoDBoundsOnEveryAxis) {
  const Surface s = tagged(SurfaceType::k2D, 4, 3, 1, 1, 2);
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, at(3, 2)), tag(0, 0, 0, 3, 2));
  expect_oob(fetch_texel(v, at(4, 0)));
  expect_oob(fetch_texel(v, at(0, 3)));
  expect_oob(fetch_texel(v, at(0x80000000u, 0)));
  // Level 1 is 2x1.
  expect_texel(fetch_texel(v, at_level(1, 1, 0)), tag(0, 1, 0, 1, 0));
  expect_oob(fetch_texel(v, at_level(1, 2, 0)));
  expect_oob(fetch_texel(v, at_level(1, 0, 1)));
  expect_oob(fetch_texel(v, at_level(2, 0, 0)));
  expect_oob(fetch_texel(v, at_level(0xffffffffu, 0, 0)));
  // The slice and z are ignored on a non-array 2D surface.
  FetchRequest r = at(1, 1, 9);
  r.slice = 9;
  expect_texel(fetch_texel(v, r), tag(0, 0, 0, 1, 1));
}

TEST(Fetch, TwoDOffsets) {
  const Surface s = tagged(SurfaceType::k2D, 4, 3, 1, 1, 2);
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, with_offset(at(1, 1), 2, 1)), tag(0, 0, 0, 3, 2));
  expect_texel(fetch_texel(v, with_offset(at(1, 1), -1, -1)), tag(0, 0, 0, 0, 0));
  expect_oob(fetch_texel(v, with_offset(at(1, 1), 3, 0)));
  expect_oob(fetch_texel(v, with_offset(at(1, 1), 0, 2)));
  // Below zero wraps to a large address: out of bounds (§22.4.6).
  expect_oob(fetch_texel(v, with_offset(at(0, 1), -1, 0)));
  expect_oob(fetch_texel(v, with_offset(at(1, 0), 0, -1)));
  expect_oob(fetch_texel(v, with_offset(at(0, 0), -8, -8)));
  // 32-bit wrapping works both ways: 0xffffffff + 1 = 0 is in bounds.
  expect_texel(fetch_texel(v, with_offset(at(0xffffffffu, 0xfffffffeu), 1, 3)), tag(0, 0, 0, 0, 1));
  // The z offset does not exist on 2D.
  expect_texel(fetch_texel(v, with_offset(at(2, 2), 0, 0, 5)), tag(0, 0, 0, 2, 2));
  // Offsets are relative to the level accessed (level 1 is 2x1).
  expect_texel(fetch_texel(v, with_offset(at_level(1, 0, 0), 1, 0)), tag(0, 1, 0, 1, 0));
  expect_oob(fetch_texel(v, with_offset(at_level(1, 0, 0), 2, 0)));
  expect_oob(fetch_texel(v, with_offset(at_level(1, 0, 0), 0, 1)));
}

TEST(Fetch, TwoDArray) {
  const Surface s = tagged(SurfaceType::k2DArray, 2, 2, 1, 3, 2);
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, at_slice(2, 1, 1)), tag(0, 0, 2, 1, 1));
  expect_texel(fetch_texel(v, at_level(1, 0, 0)), tag(0, 1, 0, 0, 0));
  FetchRequest r = at_slice(2, 0, 0);
  r.level = 1;
  expect_texel(fetch_texel(v, r), tag(0, 1, 2, 0, 0));
  expect_oob(fetch_texel(v, at_slice(3, 0, 0)));
  expect_oob(fetch_texel(v, at_slice(0xffffffffu, 0, 0)));
  // The third offset is never applied to the slice; z is not the slice either.
  expect_texel(fetch_texel(v, with_offset(at_slice(0, 0, 0), 0, 0, 1)), tag(0, 0, 0, 0, 0));
  expect_texel(fetch_texel(v, with_offset(at_slice(2, 0, 0), 1, 1, -3)), tag(0, 0, 2, 1, 1));
  expect_texel(fetch_texel(v, at_slice(1, 0, 0)), tag(0, 0, 1, 0, 0));
}

// ---------------------------------------------------------------- 3D

TEST(Fetch, ThreeD) {
  const Surface s = tagged(SurfaceType::k3D, 4, 4, 4, 1, 2);
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, at(1, 2, 3)), tag(0, 0, 3, 1, 2));
  expect_oob(fetch_texel(v, at(1, 2, 4)));
  expect_oob(fetch_texel(v, at(4, 0, 0)));
  expect_oob(fetch_texel(v, at(0, 4, 0)));
  // Level 1 is 2x2x2.
  expect_texel(fetch_texel(v, at_level(1, 1, 1, 1)), tag(0, 1, 1, 1, 1));
  expect_oob(fetch_texel(v, at_level(1, 0, 0, 2)));
  expect_oob(fetch_texel(v, at_level(2, 0, 0, 0)));
  // The z offset applies; below zero wraps out of bounds.
  expect_texel(fetch_texel(v, with_offset(at(1, 1, 2), 1, -1, 1)), tag(0, 0, 3, 2, 0));
  expect_oob(fetch_texel(v, with_offset(at(1, 1, 3), 0, 0, 1)));
  expect_oob(fetch_texel(v, with_offset(at(1, 1, 0), 0, 0, -1)));
  expect_oob(fetch_texel(v, with_offset(at_level(1, 0, 0, 1), 0, 0, 1)));
  // The slice is ignored: a 3D surface is addressed by z.
  FetchRequest r = at(0, 0, 2);
  r.slice = 7;
  expect_texel(fetch_texel(v, r), tag(0, 0, 2, 0, 0));
}

// ---------------------------------------------------------------- cubes

TEST(Fetch, CubeFaces) {
  const Surface s = tagged(SurfaceType::kCube, 4, 4, 1, 1, 2);
  const SurfaceView v = s.view();
  for (uint32_t face = 0; face < 6; ++face) {
    expect_texel(fetch_texel(v, at_slice(face, 2, 3)), tag(0, 0, face, 2, 3));
  }
  expect_oob(fetch_texel(v, at_slice(6, 0, 0)));
  FetchRequest r = at_slice(5, 1, 1);
  r.level = 1;
  expect_texel(fetch_texel(v, r), tag(0, 1, 5, 1, 1));
  // Offsets stay on the face: past the edge is out of bounds, not the neighbouring face.
  expect_oob(fetch_texel(v, with_offset(at_slice(2, 3, 0), 1, 0)));
  expect_oob(fetch_texel(v, with_offset(at_slice(2, 0, 0), 0, -1)));
  expect_texel(fetch_texel(v, with_offset(at_slice(2, 2, 2), 1, 1, 1)), tag(0, 0, 2, 3, 3));
}

TEST(Fetch, CubeArraySliceIsFacePlusSixTimesCube) {
  const Surface s = tagged(SurfaceType::kCubeArray, 2, 2, 1, 2);
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, at_slice(1 + 6 * 1, 1, 0)), tag(0, 0, 7, 1, 0));
  expect_texel(fetch_texel(v, at_slice(11, 0, 1)), tag(0, 0, 11, 0, 1));
  expect_oob(fetch_texel(v, at_slice(12, 0, 0)));
}

// ---------------------------------------------------------------- MSAA

TEST(Fetch, MsaaEachSampleReadsItsPlane) {
  for (uint32_t n : {2u, 4u, 8u, 16u}) {
    SCOPED_TRACE(n);
    const Surface s = tagged(SurfaceType::k2D, 2, 2, 1, 1, 1, n);
    const SurfaceView v = s.view();
    for (uint32_t smp = 0; smp < n; ++smp) {
      expect_texel(fetch_texel(v, with_sample(at(1, 0), smp)), tag(smp, 0, 0, 1, 0));
    }
    // Out-of-range sample: zero policy (default) -> out of bounds; clamp -> last sample.
    expect_oob(fetch_texel(v, with_sample(at(1, 1), n)));
    expect_oob(fetch_texel(v, with_sample(at(1, 1), 0xffffffffu)));
    const FetchOptions clamp{SampleIndexPolicy::kClamp};
    expect_texel(fetch_texel(v, with_sample(at(1, 1), n), clamp), tag(n - 1, 0, 0, 1, 1));
    expect_texel(fetch_texel(v, with_sample(at(1, 1), 0xffffffffu), clamp), tag(n - 1, 0, 0, 1, 1));
    // Coordinates are still checked first.
    expect_oob(fetch_texel(v, with_sample(at(2, 0), 0), clamp));
    expect_oob(fetch_texel(v, with_sample(at_level(1, 0, 0), 0), clamp));
  }
}

TEST(Fetch, SingleSampleIgnoresSampleIndexAndMcs) {
  const Surface s = tagged(SurfaceType::k2D, 2, 2);
  FetchRequest r = with_sample(at(1, 1), 5);
  r.mcs = 0xff;
  expect_texel(fetch_texel(s.view(), r), tag(0, 0, 0, 1, 1));
}

TEST(Fetch, MsaaArray) {
  const Surface s = tagged(SurfaceType::k2DArray, 2, 2, 1, 3, 1, 4);
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, with_sample(at_slice(2, 1, 1), 3)), tag(3, 0, 2, 1, 1));
  expect_oob(fetch_texel(v, with_sample(at_slice(3, 1, 1), 0)));
}

TEST(Fetch, McsSuppliedByTheInstruction) {
  const Surface s = tagged(SurfaceType::k2D, 2, 2, 1, 1, 1, 4);
  FetchRequest r = at(0, 1);
  r.mcs = 0x1b;  // s0 -> 3, s1 -> 2, s2 -> 1, s3 -> 0
  for (uint32_t smp = 0; smp < 4; ++smp) {
    expect_texel(fetch_texel(s.view(), with_sample(r, smp)), tag(3 - smp, 0, 0, 0, 1));
  }
  // 2x: 0x1 sends both samples to fragment 1 and 0 (s0 -> 1, s1 -> 0).
  const Surface s2 = tagged(SurfaceType::k2D, 2, 2, 1, 1, 1, 2);
  r.mcs = 0x1;
  expect_texel(fetch_texel(s2.view(), with_sample(r, 0)), tag(1, 0, 0, 0, 1));
  expect_texel(fetch_texel(s2.view(), with_sample(r, 1)), tag(0, 0, 0, 0, 1));
  // 16x: sample 15 -> fragment 2.
  const Surface s16 = tagged(SurfaceType::k2D, 2, 2, 1, 1, 1, 16);
  r.mcs = uint64_t{2} << 60;
  expect_texel(fetch_texel(s16.view(), with_sample(r, 15)), tag(2, 0, 0, 0, 1));
  expect_texel(fetch_texel(s16.view(), with_sample(r, 3)), tag(0, 0, 0, 0, 1));
  // 8x: sample 1 -> fragment 6.
  const Surface s8 = tagged(SurfaceType::k2D, 2, 2, 1, 1, 1, 8);
  r.mcs = 0x60;
  expect_texel(fetch_texel(s8.view(), with_sample(r, 1)), tag(6, 0, 0, 0, 1));
}

TEST(Fetch, McsPlane) {
  Surface s = tagged(SurfaceType::k2D, 2, 2, 1, 1, 1, 4);
  s.enable_mcs();
  // Untouched MCS is the identity map: reads like an uncompressed surface.
  for (uint32_t smp = 0; smp < 4; ++smp) {
    expect_texel(fetch_texel(s.view(), with_sample(at(1, 1), smp)), tag(smp, 0, 0, 1, 1));
  }
  s.set_mcs(1, 0, 0, 0x1b);
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, with_sample(at(1, 0), 0)), tag(3, 0, 0, 1, 0));
  expect_texel(fetch_texel(v, with_sample(at(1, 0), 2)), tag(1, 0, 0, 1, 0));
  expect_texel(fetch_texel(v, with_sample(at(0, 0), 0)), tag(0, 0, 0, 0, 0));
  // The plane's value is looked up at the offset pixel.
  expect_texel(fetch_texel(v, with_sample(with_offset(at(0, 1), 1, -1), 0)), tag(3, 0, 0, 1, 0));
  // A value supplied by the instruction wins over the plane.
  FetchRequest r = with_sample(at(1, 0), 0);
  r.mcs = mcs_identity_value(4);
  expect_texel(fetch_texel(v, r), tag(0, 0, 0, 1, 0));
}

TEST(Fetch, McsPlanePerSlice) {
  Surface s = tagged(SurfaceType::k2DArray, 2, 2, 1, 2, 1, 2);
  s.enable_mcs();
  s.set_mcs(0, 1, 1, 0x1);  // slice 1, pixel (0, 1): s0 -> 1, s1 -> 0
  const SurfaceView v = s.view();
  expect_texel(fetch_texel(v, with_sample(at_slice(1, 0, 1), 0)), tag(1, 0, 1, 0, 1));
  expect_texel(fetch_texel(v, with_sample(at_slice(1, 0, 1), 1)), tag(0, 0, 1, 0, 1));
  expect_texel(fetch_texel(v, with_sample(at_slice(0, 0, 1), 0)), tag(0, 0, 0, 0, 1));
}

TEST(Fetch, McsFragmentBeyondSampleCountFollowsThePolicy) {
  const Surface s = tagged(SurfaceType::k2D, 2, 2, 1, 1, 1, 8);
  FetchRequest r = with_sample(at(0, 0), 0);
  r.mcs = 0x9;  // s0 -> fragment 9 of 8
  expect_oob(fetch_texel(s.view(), r));
  expect_texel(fetch_texel(s.view(), r, FetchOptions{SampleIndexPolicy::kClamp}),
               tag(7, 0, 0, 0, 0));
}

TEST(Fetch, FastClear) {
  for (uint32_t n : {2u, 4u, 8u, 16u}) {
    SCOPED_TRACE(n);
    Surface s = tagged(SurfaceType::k2D, 2, 2, 1, 1, 1, n);
    s.enable_mcs();
    s.set_mcs(1, 1, 0, mcs_clear_value(n));
    // No clear colour set: zeros + missing-component defaults (all four present: all zero).
    FetchResult r = fetch_texel(s.view(), with_sample(at(1, 1), n - 1));
    EXPECT_TRUE(r.in_bounds);
    EXPECT_TRUE(r.fast_cleared);
    EXPECT_FALSE(r.null_tile);
    EXPECT_EQ(r.texel, kZeroUint);
    s.set_clear_color(Texel::from_uint(5, 6, 7, 8));
    r = fetch_texel(s.view(), with_sample(at(1, 1), 0));
    EXPECT_TRUE(r.fast_cleared);
    EXPECT_EQ(r.texel, Texel::from_uint(5, 6, 7, 8));
    // Neighbours are not cleared.
    expect_texel(fetch_texel(s.view(), with_sample(at(0, 1), 0)), tag(0, 0, 0, 0, 1));
    // Supplied by the instruction.
    FetchRequest q = with_sample(at(0, 0), 1);
    q.mcs = mcs_clear_value(n);
    r = fetch_texel(s.view(), q);
    EXPECT_TRUE(r.fast_cleared);
    EXPECT_EQ(r.texel, Texel::from_uint(5, 6, 7, 8));
    // Out-of-bounds coordinates and samples are out of bounds before MCS is consulted.
    q.coord = {2, 0, 0};
    expect_oob(fetch_texel(s.view(), q));
    q.coord = {0, 0, 0};
    q.sample = n;
    expect_oob(fetch_texel(s.view(), q));
  }
}

TEST(Fetch, FastClearWithoutColourHasMissingDefaults) {
  Surface s(make(SurfaceType::k2D, Format::kR32_UINT, 2, 2, 1, 1, 1, 4));
  FetchRequest r = with_sample(at(0, 0), 2);
  r.mcs = 0xff;
  const FetchResult res = fetch_texel(s.view(), r);
  EXPECT_TRUE(res.fast_cleared);
  EXPECT_EQ(res.texel, Texel::from_uint(0, 0, 0, 1));
}

// ---------------------------------------------------------------- null tiles

TEST(Fetch, NullRegionsReadZeroAndAreReported) {
  Surface s(make(SurfaceType::k2DArray, Format::kR32_UINT, 4, 4, 1, 2, 2));
  for (size_t i = 0; i + 4 <= s.bytes().size(); i += 4) put_u32(s.bytes().data() + i, 0xdeadbeef);
  s.add_null_region(NullRegion{0, 1, 1, 1, 0, 2, 2});  // level 0, slice 1, x 1..2, y 0..1
  const SurfaceView v = s.view();
  const Texel stored = Texel::from_uint(0xdeadbeef, 0, 0, 1);
  FetchResult r = fetch_texel(v, at_slice(1, 2, 1));
  EXPECT_TRUE(r.in_bounds);
  EXPECT_TRUE(r.null_tile);
  EXPECT_EQ(r.texel, Texel::from_uint(0, 0, 0, 1));
  // Via an offset into the region.
  r = fetch_texel(v, with_offset(at_slice(1, 0, 0), 1, 0));
  EXPECT_TRUE(r.null_tile);
  // Outside the region: other texel, other slice, other level.
  expect_texel(fetch_texel(v, at_slice(1, 3, 1)), stored);
  expect_texel(fetch_texel(v, at_slice(1, 1, 2)), stored);
  expect_texel(fetch_texel(v, at_slice(0, 1, 1)), stored);
  FetchRequest lvl1 = at_slice(1, 1, 1);
  lvl1.level = 1;
  expect_texel(fetch_texel(v, lvl1), stored);
  // Out of bounds wins over the region.
  s.add_null_region(NullRegion{0, 0, 2, 0, 0, 100, 100});
  r = fetch_texel(s.view(), at_slice(0, 4, 0));
  EXPECT_FALSE(r.in_bounds);
  EXPECT_FALSE(r.null_tile);
}

TEST(Fetch, NullRegionOn3DUsesZ) {
  Surface s = tagged(SurfaceType::k3D, 2, 2, 4);
  s.add_null_region(NullRegion{0, 2, 1, 0, 0, 2, 2});
  const SurfaceView v = s.view();
  const FetchResult r = fetch_texel(v, at(1, 1, 2));
  EXPECT_TRUE(r.null_tile);
  EXPECT_TRUE(r.in_bounds);
  EXPECT_EQ(r.texel, kZeroUint);
  expect_texel(fetch_texel(v, at(1, 1, 3)), tag(0, 0, 3, 1, 1));
}

TEST(Fetch, NullRegionOnCubeFaceAndMsaa) {
  Surface c = tagged(SurfaceType::kCube, 2, 2);
  c.add_null_region(NullRegion{0, 4, 1, 0, 0, 2, 2});
  EXPECT_TRUE(fetch_texel(c.view(), at_slice(4, 1, 0)).null_tile);
  EXPECT_FALSE(fetch_texel(c.view(), at_slice(5, 1, 0)).null_tile);
  // MSAA: the region covers every sample; a fast-cleared pixel reads no memory.
  Surface m = tagged(SurfaceType::k2D, 2, 2, 1, 1, 1, 4);
  m.add_null_region(NullRegion{0, 0, 1, 0, 0, 1, 1});
  EXPECT_TRUE(fetch_texel(m.view(), with_sample(at(0, 0), 3)).null_tile);
  FetchRequest r = with_sample(at(0, 0), 3);
  r.mcs = 0xff;
  const FetchResult fc = fetch_texel(m.view(), r);
  EXPECT_TRUE(fc.fast_cleared);
  EXPECT_FALSE(fc.null_tile);
}

// ---------------------------------------------------------------- formats

TEST(Fetch, Float32BitsPassThrough) {
  Surface s(make(SurfaceType::k2D, Format::kR32_FLOAT, 4, 1));
  const uint32_t words[4] = {0x00000001u, 0x7fc00123u, 0x7f800001u, 0x80000000u};
  for (uint32_t x = 0; x < 4; ++x) put_u32(s.texel_ptr(0, 0, 0, x, 0), words[x]);
  for (uint32_t x = 0; x < 4; ++x) {
    const FetchResult r = fetch_texel(s.view(), at(x, 0));
    EXPECT_TRUE(r.in_bounds);
    EXPECT_EQ(r.texel.kind, TexelKind::kFloat);
    EXPECT_EQ(r.texel.bits[0], words[x]) << x;
    EXPECT_EQ(r.texel.bits[1], 0u);
    EXPECT_EQ(r.texel.bits[2], 0u);
    EXPECT_EQ(r.texel.bits[3], 0x3f800000u);
  }
}

TEST(Fetch, OutOfBoundsValuesPerFormat) {
  struct Case {
    Format f;
    Texel want;
  };
  const Case cases[] = {
      {Format::kR32_UINT, Texel::from_uint(0, 0, 0, 1)},
      {Format::kR8G8_UINT, Texel::from_uint(0, 0, 0, 1)},
      {Format::kR32_SINT, Texel::from_sint(0, 0, 0, 1)},
      {Format::kR8G8B8A8_UINT, Texel::from_uint(0, 0, 0, 0)},
      {Format::kR8_UNORM, Texel::from_float(0.0f, 0.0f, 0.0f, 1.0f)},
      {Format::kR32_FLOAT, Texel::from_float(0.0f, 0.0f, 0.0f, 1.0f)},
      {Format::kR8G8B8A8_UNORM, Texel::from_float(0.0f, 0.0f, 0.0f, 0.0f)},
      {Format::kR32G32B32A32_FLOAT, Texel::from_float(0.0f, 0.0f, 0.0f, 0.0f)},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(format_info(c.f).name));
    Surface s(make(SurfaceType::k2D, c.f, 2, 2));
    std::fill(s.bytes().begin(), s.bytes().end(), uint8_t{0x5a});
    const FetchResult r = fetch_texel(s.view(), at(2, 0));
    EXPECT_FALSE(r.in_bounds);
    EXPECT_EQ(r.texel, c.want);
    EXPECT_EQ(r.texel.kind, c.want.kind);
  }
}

TEST(Fetch, Rgba8Unorm) {
  Surface s(make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 2, 2));
  uint8_t* p = s.texel_ptr(0, 0, 0, 1, 1);
  p[0] = 255;
  p[1] = 0;
  p[2] = 51;
  p[3] = 255;
  expect_texel(fetch_texel(s.view(), at(1, 1)), Texel::from_float(1.0f, 0.0f, 0.2f, 1.0f));
  expect_texel(fetch_texel(s.view(), at(0, 1)), Texel::from_float(0.0f, 0.0f, 0.0f, 0.0f));
}

TEST(Fetch, WrittenTexelsReadBack) {
  Surface s(make(SurfaceType::k2DArray, Format::kR16G16_SINT, 3, 3, 1, 2, 2));
  ASSERT_TRUE(s.write_texel(0, 1, 1, 0, 0, Texel::from_sint(-5, 300, 0, 0)));
  expect_texel(fetch_texel(s.view(),
                           [] {
                             FetchRequest r = at_slice(1, 0, 0);
                             r.level = 1;
                             return r;
                           }()),
               Texel::from_sint(-5, 300, 0, 1));
}

TEST(Fetch, Bc1LocatesBlockAndTexel) {
  // 6x6 BC1: 2x2 blocks (the right and bottom ones partial). Block (1, 1): colour0 white,
  // colour1 black (4-colour mode), every index 1 (black) except texels (0,0) and (1,1) = 0.
  Surface s(make(SurfaceType::k2D, Format::kBC1_UNORM, 6, 6));
  uint8_t* b = s.texel_ptr(0, 0, 0, 4, 4);
  ASSERT_EQ(b - s.bytes().data(), 24);
  const uint8_t block[8] = {0xff, 0xff, 0x00, 0x00, 0x54, 0x51, 0x55, 0x55};
  std::copy(block, block + 8, b);
  const SurfaceView v = s.view();
  const Texel white = Texel::from_float(1.0f, 1.0f, 1.0f, 1.0f);
  const Texel black = Texel::from_float(0.0f, 0.0f, 0.0f, 1.0f);
  expect_texel(fetch_texel(v, at(4, 4)), white);
  expect_texel(fetch_texel(v, at(5, 5)), white);
  expect_texel(fetch_texel(v, at(5, 4)), black);
  expect_texel(fetch_texel(v, at(4, 5)), black);
  expect_texel(fetch_texel(v, with_offset(at(3, 3), 1, 1)), white);
  // Beyond the surface edge but inside the stored block: out of bounds (all four present: 0).
  const FetchResult r = fetch_texel(v, at(6, 4));
  EXPECT_FALSE(r.in_bounds);
  EXPECT_EQ(r.texel, Texel::from_float(0.0f, 0.0f, 0.0f, 0.0f));
  EXPECT_FALSE(fetch_texel(v, at(4, 6)).in_bounds);
}

TEST(Fetch, ViewWithExplicitPitches) {
  // A 2x2 R32_UINT image laid out by someone else: rows padded to 16 bytes, data at 8.
  std::vector<uint8_t> mem(8 + 2 * 16, 0);
  put_u32(mem.data() + 8 + 16 + 4, 0xabcdu);  // (1, 1)
  SurfaceView v;
  v.desc = make(SurfaceType::k2D, Format::kR32_UINT, 2, 2);
  v.layout.levels.push_back(LevelLayout{8, 2, 2, 1, 16, 32});
  v.layout.sample_pitch = v.layout.total_bytes = mem.size();
  v.bytes = mem;
  expect_texel(fetch_texel(v, at(1, 1)), Texel::from_uint(0xabcd, 0, 0, 1));
  expect_texel(fetch_texel(v, at(0, 1)), Texel::from_uint(0, 0, 0, 1));
}

// ---------------------------------------------------------------- ld_mcs

TEST(FetchMcs, ReadsThePlane) {
  Surface s = tagged(SurfaceType::k2DArray, 3, 2, 1, 2, 1, 8);
  EXPECT_EQ(fetch_mcs(s.view(), at(0, 0)), 0u);  // no plane
  s.enable_mcs();
  s.set_mcs(2, 1, 1, 0x12345678u);
  const SurfaceView v = s.view();
  EXPECT_EQ(fetch_mcs(v, at_slice(1, 2, 1)), 0x12345678u);
  EXPECT_EQ(fetch_mcs(v, with_offset(at_slice(1, 1, 0), 1, 1)), 0x12345678u);
  EXPECT_EQ(fetch_mcs(v, at_slice(0, 2, 1)), mcs_identity_value(8));
  EXPECT_EQ(fetch_mcs(v, at_slice(1, 3, 1)), 0u);  // x
  EXPECT_EQ(fetch_mcs(v, at_slice(1, 2, 2)), 0u);  // y
  EXPECT_EQ(fetch_mcs(v, at_slice(2, 0, 0)), 0u);  // slice
  EXPECT_EQ(fetch_mcs(v, with_offset(at_slice(1, 0, 0), -1, 0)), 0u);
  FetchRequest lvl = at_slice(1, 2, 1);
  lvl.level = 1;
  EXPECT_EQ(fetch_mcs(v, lvl), 0u);
}

}  // namespace
}  // namespace texsim::texunit
