// Proof of exactness of the batch fast paths: every SIMD path (on every SIMD target this CPU
// runs) against the scalar reference (fetch_texel / sample) on random inputs, bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/half.hpp"
#include "texunit/batch.hpp"
#include "texunit/sample_nvidia.hpp"
#include "texunit/simd/kernels.hpp"

namespace texsim::texunit {
namespace {

constexpr std::array<Format, 7> kFastFormats = {
    Format::kR8G8B8A8_UNORM,     Format::kR8G8B8A8_UNORM_SRGB, Format::kR8_UNORM,
    Format::kR8G8_UNORM,         Format::kR16G16B16A16_FLOAT,  Format::kR32_FLOAT,
    Format::kR32G32B32A32_FLOAT,
};
constexpr uint32_t kSentinel = 0xdeadbeefu;
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

using Rng = std::mt19937;

uint32_t pick(Rng& rng, uint32_t n) {
  return static_cast<uint32_t>(rng() % n);
}

template <typename T, size_t N>
T pick_of(Rng& rng, const std::array<T, N>& a) {
  return a[pick(rng, N)];
}

float uniform(Rng& rng, float lo, float hi) {
  return std::uniform_real_distribution<float>(lo, hi)(rng);
}

// Coordinates with the special values the issue lists: NaN, infinities, huge, negative,
// signed zeros, denormals, exact dyadic texel boundaries and their neighbours.
float random_coord(Rng& rng) {
  switch (pick(rng, 20)) {
    case 0:
      return kNaN;
    case 1:
      return pick(rng, 2) ? kInf : -kInf;
    case 2:
      return pick_of(rng,
                     std::array<float, 6>{1e30f, -1e30f, 3e9f, -3e9f, 16777217.0f, -8388609.5f});
    case 3:
      return pick(rng, 2) ? 0.0f : -0.0f;
    case 4:
      return std::bit_cast<float>(pick(rng, 0x007fffffu) | (pick(rng, 2) << 31));
    case 5:
    case 6: {
      // k / 2^m, exactly on a texel edge or centre for power-of-two sizes.
      const float q = static_cast<float>(static_cast<int>(pick(rng, 2049)) - 1024) /
                      static_cast<float>(1u << pick(rng, 11));
      return q;
    }
    case 7: {
      const float q = static_cast<float>(pick(rng, 257)) / 256.0f;
      return std::nextafter(q, pick(rng, 2) ? 2.0f : -2.0f);
    }
    case 8:
      return uniform(rng, -40.0f, 40.0f);
    default:
      return uniform(rng, -2.5f, 2.5f);
  }
}

float random_lod(Rng& rng) {
  switch (pick(rng, 12)) {
    case 0:
      return kNaN;
    case 1:
      return pick(rng, 2) ? kInf : -kInf;
    case 2:
      return pick(rng, 2) ? 1e10f : -1e10f;
    case 3:
      return static_cast<float>(static_cast<int>(pick(rng, 4096)) - 512) / 256.0f;
    case 4:
      return std::nextafter(static_cast<float>(pick(rng, 12)) + 0.5f, 0.0f);
    case 5:
      return -0.0f;
    default:
      return uniform(rng, -3.0f, 14.0f);
  }
}

int32_t random_offset(Rng& rng, bool allow_huge) {
  if (allow_huge && pick(rng, 16) == 0) {
    return pick_of(rng, std::array<int32_t, 6>{70000, -70000, std::numeric_limits<int32_t>::min(),
                                               std::numeric_limits<int32_t>::max(), 65536, -65537});
  }
  return static_cast<int32_t>(pick(rng, 16)) - 8;
}

// A surface with random contents, optionally padded pitches (a view of another API's layout).
struct TestSurface {
  SurfaceDesc desc;
  SurfaceLayout layout;
  std::vector<uint8_t> bytes;
  size_t view_bytes = 0;

  SurfaceView view() const {
    SurfaceView v;
    v.desc = desc;
    v.layout = layout;
    v.bytes = std::span<const uint8_t>(bytes.data(), view_bytes);
    return v;
  }
};

// A float32 texel value: mostly in [-4, 4]; one in 4 a denormal of either sign and one in 8
// a normal just above 2^-126, whose weighted products and sums underflow (issue 20: the
// D3D11.3 §3.1.3.2 flush in filtering must be bit-identical on the fast path).
float random_texel_f32(Rng& rng) {
  switch (pick(rng, 8)) {
    case 0:
    case 1: {
      const uint32_t bits = (static_cast<uint32_t>(rng()) & 0x807fffffu) | (pick(rng, 8) == 0);
      return std::bit_cast<float>(bits);
    }
    case 2:
      return std::ldexp(uniform(rng, -2.0f, 2.0f), -124 - static_cast<int>(pick(rng, 3)));
    default:
      return uniform(rng, -4.0f, 4.0f);
  }
}

// Random bytes; `finite`: float formats get finite values (random_texel_f32, or [-4, 4] for
// float16) instead of random bits (random bits hold many NaNs, whose lanes the fast path hands
// back to the scalar path).
void fill_bytes(Rng& rng, Format f, std::vector<uint8_t>& bytes, bool finite) {
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
  if (finite && (f == Format::kR32_FLOAT || f == Format::kR32G32B32A32_FLOAT)) {
    for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
      const float v = random_texel_f32(rng);
      std::memcpy(&bytes[i], &v, 4);
    }
  }
  if (finite && f == Format::kR16G16B16A16_FLOAT) {
    for (size_t i = 0; i + 2 <= bytes.size(); i += 2) {
      const uint16_t h = core::float_to_half(uniform(rng, -4.0f, 4.0f));
      std::memcpy(&bytes[i], &h, 2);
    }
  }
}

TestSurface random_surface(Rng& rng, Format f, bool allow_short_view) {
  TestSurface s;
  s.desc.type = pick(rng, 2) ? SurfaceType::k2D : SurfaceType::k2DArray;
  s.desc.format = f;
  s.desc.width = pick(rng, 4) == 0 ? 1u << pick(rng, 8) : 1 + pick(rng, 70);
  s.desc.height = pick(rng, 4) == 0 ? 1u << pick(rng, 8) : 1 + pick(rng, 70);
  s.desc.layers = s.desc.type == SurfaceType::k2DArray ? 1 + pick(rng, 4) : 1;
  const uint32_t full = full_mip_count(s.desc.width, s.desc.height, 1);
  s.desc.mips = 1 + pick(rng, full);
  s.layout = linear_layout(s.desc);
  if (pick(rng, 4) == 0) {
    // Padded rows, slices and levels.
    const uint32_t bpt = format_info(f).bytes_per_block;
    uint64_t offset = pick(rng, 3) * 16;
    for (LevelLayout& lv : s.layout.levels) {
      lv.offset = offset;
      lv.row_pitch = lv.width * bpt + pick(rng, 4) * bpt;
      lv.slice_pitch = lv.row_pitch * lv.height + pick(rng, 3) * 4;
      offset += lv.slice_pitch * s.desc.slices() + pick(rng, 3) * 8;
    }
    s.layout.sample_pitch = offset;
    s.layout.total_bytes = offset;
  }
  s.bytes.resize(s.layout.total_bytes);
  fill_bytes(rng, f, s.bytes, pick(rng, 2) == 0);
  s.view_bytes = s.bytes.size();
#ifdef NDEBUG
  constexpr bool kShortViews = true;
#else
  constexpr bool kShortViews = false;  // fetch.cpp asserts that a view covers its layout
#endif
  if (kShortViews && allow_short_view && pick(rng, 5) == 0) {
    s.view_bytes = std::max<size_t>(16, s.bytes.size() - pick(rng, 64));
    s.view_bytes = std::min(s.view_bytes, s.bytes.size());
  }
  return s;
}

struct Outputs {
  std::vector<uint32_t> r, g, b, a;
  std::vector<uint8_t> flags;
  explicit Outputs(size_t n)
      : r(n, kSentinel), g(n, kSentinel), b(n, kSentinel), a(n, kSentinel), flags(n, 0xee) {}
  TexelLanes lanes() { return {r, g, b, a, flags}; }
  bool operator==(const Outputs&) const = default;
};

std::vector<uint8_t> random_active(Rng& rng, size_t n) {
  std::vector<uint8_t> a;
  if (pick(rng, 3) == 0) return a;  // all active
  a.resize(n);
  for (uint8_t& v : a) v = pick(rng, 5) != 0 ? 1 : 0;
  return a;
}

class Exactness : public ::testing::Test {
 protected:
  void TearDown() override { simd::force_target(0); }

  // Runs `body` once per SIMD target this CPU supports.
  template <class Body>
  void for_each_target(const Body& body) {
    for (int64_t t : simd::available_targets()) {
      simd::force_target(t);
      SCOPED_TRACE("target " + simd::target_name(t));
      ASSERT_EQ(simd::current_target_name(), simd::target_name(t));
      body();
    }
    simd::force_target(0);
  }

  void random_sample_cases(uint32_t seed, int iterations, std::optional<PrecisionKind> kind,
                           const char* label);
};

// ---- fetch ----

struct FetchCase {
  TestSurface surface;
  std::vector<uint32_t> x, y, slice, level;
  std::vector<int32_t> ox, oy;
  std::array<int32_t, 3> shared{};
  std::vector<uint8_t> active;

  FetchBatch batch() const {
    FetchBatch b;
    b.count = x.size();
    b.x = x;
    b.y = y;
    b.slice = slice;
    b.level = level;
    b.offset = shared;
    b.offset_x = ox;
    b.offset_y = oy;
    b.active = active;
    return b;
  }
};

uint32_t random_index(Rng& rng, uint32_t extent) {
  switch (pick(rng, 10)) {
    case 0:
      return pick_of(rng, std::array<uint32_t, 4>{0xffffffffu, 0x80000000u, 0x7fffffffu, 65536u});
    case 1:
      return extent + pick(rng, 4);
    default:
      return pick(rng, extent + 1);
  }
}

FetchCase random_fetch_case(Rng& rng, Format f, size_t lanes) {
  FetchCase c;
  c.surface = random_surface(rng, f, true);
  const SurfaceDesc& d = c.surface.desc;
  c.x.resize(lanes);
  c.y.resize(lanes);
  c.level.resize(lanes);
  if (pick(rng, 2)) c.slice.resize(lanes);
  const bool lane_offsets = pick(rng, 2) == 0;
  if (lane_offsets) {
    c.ox.resize(lanes);
    c.oy.resize(lanes);
  } else {
    c.shared = {random_offset(rng, true), random_offset(rng, true), random_offset(rng, true)};
  }
  const bool uniform_level = pick(rng, 2) == 0;
  const uint32_t fixed_level = pick(rng, d.mips);
  for (size_t i = 0; i < lanes; ++i) {
    c.level[i] = uniform_level ? fixed_level : random_index(rng, d.mips);
    const uint32_t lvl = std::min(c.level[i], d.mips - 1);
    c.x[i] = random_index(rng, mip_extent(d.width, lvl));
    c.y[i] = random_index(rng, mip_extent(d.height, lvl));
    if (!c.slice.empty()) c.slice[i] = random_index(rng, d.layers);
    if (lane_offsets) {
      c.ox[i] = random_offset(rng, true);
      c.oy[i] = random_offset(rng, true);
    }
  }
  c.active = random_active(rng, lanes);
  return c;
}

void expect_fetch_matches(const FetchCase& c, const BatchOptions& opts, size_t& compared) {
  const SurfaceView view = c.surface.view();
  const FetchBatch b = c.batch();
  Outputs out(b.count);
  const BatchStats st = fetch_batch(view, b, out.lanes(), {}, opts);
  ASSERT_TRUE(st.ok);
  if (opts.simd && fetch_has_fast_path(view)) {
    ASSERT_EQ(st.scalar_lanes, 0u);
  }
  for (size_t i = 0; i < b.count; ++i) {
    const bool active = b.active.empty() || b.active[i] != 0;
    if (!active) {
      ASSERT_EQ(out.r[i], kSentinel);
      ASSERT_EQ(out.a[i], kSentinel);
      ASSERT_EQ(out.flags[i], 0xee);
      continue;
    }
    FetchRequest r;
    r.coord = {b.x[i], b.y[i], 0};
    r.slice = b.slice.empty() ? 0 : b.slice[i];
    r.level = b.level[i];
    r.offset = {b.offset_x.empty() ? b.offset[0] : b.offset_x[i],
                b.offset_y.empty() ? b.offset[1] : b.offset_y[i], b.offset[2]};
    const FetchResult ref = fetch_texel(view, r);
    const std::array<uint32_t, 4> got{out.r[i], out.g[i], out.b[i], out.a[i]};
    ASSERT_EQ(got, ref.texel.bits)
        << "lane " << i << " x " << r.coord[0] << " y " << r.coord[1] << " level " << r.level
        << " format " << format_info(view.desc.format).name;
    ASSERT_EQ(st.kind, ref.texel.kind);
    ASSERT_EQ(out.flags[i], ref.in_bounds ? kLaneInBounds : 0) << "lane " << i;
    ++compared;
  }
}

TEST_F(Exactness, FetchEveryFastFormatOnRandomInputs) {
  size_t compared = 0;
  size_t fast_cases = 0;
  for_each_target([&] {
    Rng rng(1234);
    for (int iter = 0; iter < 280; ++iter) {
      const Format f = kFastFormats[static_cast<size_t>(iter) % kFastFormats.size()];
      const FetchCase c = random_fetch_case(rng, f, 1 + pick(rng, 300));
      fast_cases += fetch_has_fast_path(c.surface.view()) ? 1 : 0;
      BatchOptions opts;
      opts.block_lanes = 64 + pick(rng, 200);
      expect_fetch_matches(c, opts, compared);
      if (HasFatalFailure()) return;
    }
  });
  EXPECT_GT(fast_cases, 200u);
  RecordProperty("lanes_compared", static_cast<int>(compared));
  std::printf("fetch: %zu lanes compared, %zu fast cases\n", compared, fast_cases);
}

// All 65536 binary16 values through RGBA16F, all 256 codes through the 8-bit formats.
TEST_F(Exactness, FetchDecodesEveryCodeExhaustively) {
  for_each_target([&] {
    for (Format f : kFastFormats) {
      SurfaceDesc d;
      d.format = f;
      d.width = 128;
      d.height = 128;
      Surface s(d);
      for (size_t i = 0; i < s.bytes().size(); ++i) {
        s.bytes()[i] = f == Format::kR16G16B16A16_FLOAT
                           ? static_cast<uint8_t>(i % 2 == 0 ? (i / 2) & 0xff : (i / 2) >> 8)
                           : static_cast<uint8_t>(i * 7 + i / 256);
      }
      std::vector<uint32_t> x(d.width * d.height), y(x.size());
      for (size_t i = 0; i < x.size(); ++i) {
        x[i] = static_cast<uint32_t>(i % d.width);
        y[i] = static_cast<uint32_t>(i / d.width);
      }
      FetchBatch b;
      b.count = x.size();
      b.x = x;
      b.y = y;
      Outputs out(b.count);
      ASSERT_TRUE(fetch_has_fast_path(s.view()));
      ASSERT_EQ(fetch_batch(s.view(), b, out.lanes()).simd_lanes, b.count);
      for (size_t i = 0; i < b.count; ++i) {
        FetchRequest r;
        r.coord = {x[i], y[i], 0};
        const Texel ref = fetch_texel(s.view(), r).texel;
        ASSERT_EQ((std::array<uint32_t, 4>{out.r[i], out.g[i], out.b[i], out.a[i]}), ref.bits)
            << format_info(f).name << " texel " << i;
      }
    }
  });
}

// ---- sampling ----

struct SampleCase {
  TestSurface surface;
  SamplerState sampler;
  PrecisionProfile precision;
  SampleOp op = SampleOp::kLevel;
  std::vector<float> u, v, ai, lod;
  std::vector<int32_t> ox, oy;
  std::array<int32_t, 3> shared{};
  std::vector<uint8_t> active;

  SampleBatch batch() const {
    SampleBatch b;
    b.count = u.size();
    b.op = op;
    b.u = u;
    b.v = v;
    b.array_index = ai;
    b.lod = lod;
    b.offset = shared;
    b.offset_x = ox;
    b.offset_y = oy;
    b.active = active;
    return b;
  }
};

SampleCase random_sample_case(Rng& rng, Format f, size_t lanes) {
  SampleCase c;
  c.surface = random_surface(rng, f, false);
  SamplerState& s = c.sampler;
  const std::array<AddressMode, 5> modes{AddressMode::kWrap, AddressMode::kMirror,
                                         AddressMode::kClamp, AddressMode::kBorder,
                                         AddressMode::kMirrorOnce};
  s.address = {pick_of(rng, modes), pick_of(rng, modes), pick_of(rng, modes)};
  s.min_filter = s.mag_filter = pick(rng, 4) == 0 ? Filter::kPoint : Filter::kLinear;
  if (pick(rng, 16) == 0) s.mag_filter = Filter::kPoint;  // not a fast path: scalar
  s.mip_filter = pick_of(rng, std::array<MipFilter, 4>{MipFilter::kNone, MipFilter::kPoint,
                                                       MipFilter::kLinear, MipFilter::kLinear});
  s.lod_bias = pick_of(rng, std::array<float, 7>{0.0f, 0.0f, 0.5f, -1.3f, kNaN, 100.0f, -100.0f});
  s.min_lod = pick_of(rng, std::array<float, 6>{0.0f, 0.0f, -kInf, 1.5f, kNaN, 3.0f});
  s.max_lod = pick_of(rng, std::array<float, 6>{1000.0f, 1000.0f, 2.25f, kNaN, 0.0f, -1.0f});
  // Border values include a denormal and the smallest normal (issue 20); on R8, RG8 and R32F
  // the components the format lacks must read (0, 0, 0, 1) on both paths.
  for (float& bc : s.border_color) {
    bc = pick_of(rng, std::array<float, 10>{0.0f, 1.0f, 0.3f, -0.0f, kNaN, 2.5f, -3.0f, 1e-40f,
                                            -1e-20f, 0x1.0p-126f});
  }
  s.srgb_decode = pick(rng, 4) != 0;
  c.precision.subtexel_bits = pick_of(rng, std::array<unsigned, 8>{8, 8, 8, 8, 4, 6, 12, 0});
  c.precision.lod_frac_bits = pick_of(rng, std::array<unsigned, 7>{8, 8, 8, 4, 1, 0, 12});
  c.op = pick(rng, 5) == 0 ? SampleOp::kLevelZero : SampleOp::kLevel;
  c.u.resize(lanes);
  c.v.resize(lanes);
  if (c.surface.desc.type == SurfaceType::k2DArray || pick(rng, 2)) c.ai.resize(lanes);
  if (pick(rng, 8) != 0) c.lod.resize(lanes);
  const bool lane_offsets = pick(rng, 3) == 0;
  if (lane_offsets) {
    c.ox.resize(lanes);
    c.oy.resize(lanes);
  } else if (pick(rng, 2)) {
    c.shared = {random_offset(rng, true), random_offset(rng, true), 0};
  }
  const bool uniform_lod = pick(rng, 3) == 0;
  const float fixed_lod = random_lod(rng);
  const float layers = static_cast<float>(c.surface.desc.layers);
  for (size_t i = 0; i < lanes; ++i) {
    c.u[i] = random_coord(rng);
    c.v[i] = random_coord(rng);
    if (!c.ai.empty()) {
      c.ai[i] = pick(rng, 6) == 0 ? random_coord(rng)
                                  : static_cast<float>(pick(rng, 9)) * 0.5f - 1.0f +
                                        (pick(rng, 2) ? 0.0f : uniform(rng, 0.0f, layers));
    }
    if (!c.lod.empty()) c.lod[i] = uniform_lod ? fixed_lod : random_lod(rng);
    if (lane_offsets) {
      c.ox[i] = random_offset(rng, true);
      c.oy[i] = random_offset(rng, true);
    }
  }
  c.active = random_active(rng, lanes);
  return c;
}

void expect_sample_matches(const SampleCase& c, const BatchOptions& opts, size_t& compared,
                           size_t& simd_lanes) {
  const SurfaceView view = c.surface.view();
  const SampleBatch b = c.batch();
  Outputs out(b.count);
  const BatchStats st = sample_batch(view, c.sampler, b, out.lanes(), c.precision, opts);
  ASSERT_TRUE(st.ok);
  simd_lanes += st.simd_lanes;
  for (size_t i = 0; i < b.count; ++i) {
    const bool active = b.active.empty() || b.active[i] != 0;
    if (!active) {
      ASSERT_EQ(out.r[i], kSentinel);
      ASSERT_EQ(out.flags[i], 0xee);
      continue;
    }
    SampleRequest r;
    r.op = b.op;
    r.coord = {b.u[i], b.v[i], 0.0f};
    r.array_index = b.array_index.empty() ? 0.0f : b.array_index[i];
    r.lod = b.lod.empty() ? 0.0f : b.lod[i];
    r.offset = {b.offset_x.empty() ? b.offset[0] : b.offset_x[i],
                b.offset_y.empty() ? b.offset[1] : b.offset_y[i], b.offset[2]};
    const SampleResult ref = sample(view, c.sampler, r, c.precision);
    const std::array<uint32_t, 4> got{out.r[i], out.g[i], out.b[i], out.a[i]};
    ASSERT_EQ(got, ref.texel.bits)
        << "lane " << i << " u " << r.coord[0] << " v " << r.coord[1] << " lod " << r.lod << " ai "
        << r.array_index << " off " << r.offset[0] << "," << r.offset[1] << " format "
        << format_info(view.desc.format).name << " " << view.desc.width << "x" << view.desc.height
        << " mips " << view.desc.mips << " modes " << address_mode_name(c.sampler.address[0]) << "/"
        << address_mode_name(c.sampler.address[1]) << " subtexel " << c.precision.subtexel_bits
        << " lodbits " << c.precision.lod_frac_bits;
    ASSERT_EQ(st.kind, ref.texel.kind);
    ASSERT_EQ(out.flags[i], ref.null_tile ? kLaneNullTile : 0);
    ++compared;
  }
}

// Random sampling cases over every fast format on every target, against the scalar path.
// `kind` set: every case's profile has that kind (with the case's random bit counts, mostly the
// profile's 8 and 8); else the d3d kind.
void Exactness::random_sample_cases(uint32_t seed, int iterations,
                                    std::optional<PrecisionKind> kind, const char* label) {
  size_t compared = 0;
  size_t simd_lanes = 0;
  for_each_target([&] {
    Rng rng(seed);
    for (int iter = 0; iter < iterations; ++iter) {
      const Format f = kFastFormats[static_cast<size_t>(iter) % kFastFormats.size()];
      SampleCase c = random_sample_case(rng, f, 1 + pick(rng, 260));
      if (kind) c.precision.kind = *kind;
      BatchOptions opts;
      opts.block_lanes = 64 + pick(rng, 200);
      expect_sample_matches(c, opts, compared, simd_lanes);
      if (HasFatalFailure()) return;
    }
  });
  EXPECT_GT(simd_lanes, compared / 2);
  std::printf("%s: %zu lanes compared, %zu on SIMD paths\n", label, compared, simd_lanes);
}

TEST_F(Exactness, SampleEveryFastPathOnRandomInputs) {
  random_sample_cases(99, 1000, std::nullopt, "sample");
}

// Bilinear and trilinear in the common configuration (wrap, random coordinates and LODs),
// where every lane takes the fast path.
TEST_F(Exactness, BilinearAndTrilinearCommonCase) {
  for_each_target([&] {
    Rng rng(5);
    for (Format f : kFastFormats) {
      for (MipFilter mf : {MipFilter::kPoint, MipFilter::kLinear}) {
        for (AddressMode m : {AddressMode::kWrap, AddressMode::kClamp, AddressMode::kMirror,
                              AddressMode::kBorder, AddressMode::kMirrorOnce}) {
          SampleCase c;
          c.surface.desc.format = f;
          c.surface.desc.width = 64;
          c.surface.desc.height = 32;
          c.surface.desc.mips = 7;
          c.surface.layout = linear_layout(c.surface.desc);
          c.surface.bytes.resize(c.surface.layout.total_bytes);
          fill_bytes(rng, f, c.surface.bytes, true);
          c.surface.view_bytes = c.surface.bytes.size();
          c.sampler.mip_filter = mf;
          c.sampler.address = {m, m, m};
          c.sampler.border_color = {0.25f, 0.5f, 0.75f, 1.0f};
          for (int i = 0; i < 1000; ++i) {
            c.u.push_back(uniform(rng, -1.5f, 2.5f));
            c.v.push_back(uniform(rng, -1.5f, 2.5f));
            c.lod.push_back(uniform(rng, -1.0f, 8.0f));
          }
          size_t compared = 0;
          size_t simd = 0;
          expect_sample_matches(c, BatchOptions{}, compared, simd);
          ASSERT_EQ(simd, compared);
        }
      }
    }
  });
}

// The nvidia profile (P18): the fast paths claim it on every fast format (P15 touches none of
// them) and must give the scalar sample_nvidia bits, on every target.
TEST_F(Exactness, NvidiaProfileOnEveryFastPath) {
  for (Format f : kFastFormats) ASSERT_FALSE(nvidia_rounds_filtered_result(f));
  random_sample_cases(1913, 400, PrecisionKind::kNvidia, "nvidia");
}

// A format P15 rounds never takes a fast path under the nvidia profile.
TEST_F(Exactness, NvidiaProfileKeepsSixteenBitNormalizedOnTheScalarPath) {
  Rng rng(7);
  SampleCase c = random_sample_case(rng, Format::kR8G8B8A8_UNORM, 64);
  c.surface.desc.format = Format::kR16G16_UNORM;  // same 4-byte texels, a P15 format
  c.precision = PrecisionProfile::nvidia();
  size_t compared = 0;
  size_t simd = 0;
  expect_sample_matches(c, BatchOptions{}, compared, simd);
  EXPECT_EQ(simd, 0u);
  EXPECT_GT(compared, 0u);
}

// ---- threads ----

TEST_F(Exactness, OneThreadAndManyThreadsGiveIdenticalBits) {
  Rng rng(77);
  for (int iter = 0; iter < 12; ++iter) {
    const Format f = kFastFormats[static_cast<size_t>(iter) % kFastFormats.size()];
    const SampleCase c = random_sample_case(rng, f, 5000 + pick(rng, 3000));
    const SampleBatch b = c.batch();
    const SurfaceView view = c.surface.view();
    Outputs base(b.count);
    BatchOptions one;
    one.threads = 1;
    sample_batch(view, c.sampler, b, base.lanes(), c.precision, one);
    for (unsigned threads : {2u, 3u, 0u}) {
      for (bool simd : {true, false}) {
        Outputs o(b.count);
        BatchOptions opts;
        opts.threads = threads;
        opts.simd = simd;
        opts.block_lanes = 64 + pick(rng, 500);
        sample_batch(view, c.sampler, b, o.lanes(), c.precision, opts);
        ASSERT_TRUE(o == base) << "threads " << threads << " simd " << simd;
      }
    }
    const FetchCase fc = random_fetch_case(rng, f, 6000);
    Outputs fbase(fc.x.size());
    fetch_batch(fc.surface.view(), fc.batch(), fbase.lanes(), {}, one);
    for (unsigned threads : {2u, 0u}) {
      Outputs o(fc.x.size());
      BatchOptions opts;
      opts.threads = threads;
      opts.block_lanes = 64;
      fetch_batch(fc.surface.view(), fc.batch(), o.lanes(), {}, opts);
      ASSERT_TRUE(o == fbase) << "threads " << threads;
    }
  }
}

}  // namespace
}  // namespace texsim::texunit
