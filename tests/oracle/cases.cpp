// Random differential cases (see cases.hpp): surfaces with random contents, sampler states and
// lanes, and their Vulkan descriptions. Depends on texunit (surface, format) and Vulkan types.
#include "cases.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "texunit/format.hpp"

namespace texsim::oracle {
namespace {

using texunit::AddressMode;
using texunit::Filter;
using texunit::Format;
using texunit::MipFilter;
using texunit::SurfaceType;

constexpr std::array<std::string_view, kOpCount> kOpNames{
    "fetch",  "fetch_ms",      "lod",      "grad", "shadow_lod", "shadow_grad",
    "gather", "gather_shadow", "implicit", "bias", "query_lod"};

// Formats the oracle exercises. Vulkan names; texsim uses the DXGI equivalents.
const std::array<FormatEntry, 16> kFormats{{
    {Format::kR8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", false, false},
    {Format::kR8G8B8A8_UNORM_SRGB, VK_FORMAT_R8G8B8A8_SRGB, "R8G8B8A8_SRGB", false, false},
    {Format::kR8_UNORM, VK_FORMAT_R8_UNORM, "R8_UNORM", false, false},
    {Format::kR8G8_UNORM, VK_FORMAT_R8G8_UNORM, "R8G8_UNORM", false, false},
    {Format::kB8G8R8A8_UNORM, VK_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM", false, false},
    {Format::kR8G8B8A8_SNORM, VK_FORMAT_R8G8B8A8_SNORM, "R8G8B8A8_SNORM", false, false},
    {Format::kR16_UNORM, VK_FORMAT_R16_UNORM, "R16_UNORM", false, false},
    {Format::kR16G16B16A16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, "R16G16B16A16_SFLOAT", false,
     false},
    {Format::kR16G16_FLOAT, VK_FORMAT_R16G16_SFLOAT, "R16G16_SFLOAT", false, false},
    {Format::kR32_FLOAT, VK_FORMAT_R32_SFLOAT, "R32_SFLOAT", false, false},
    {Format::kR32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, "R32G32B32A32_SFLOAT", false,
     false},
    {Format::kR10G10B10A2_UNORM, VK_FORMAT_A2B10G10R10_UNORM_PACK32, "A2B10G10R10_UNORM", false,
     false},
    {Format::kR8G8B8A8_UINT, VK_FORMAT_R8G8B8A8_UINT, "R8G8B8A8_UINT", true, false},
    {Format::kR32_UINT, VK_FORMAT_R32_UINT, "R32_UINT", true, false},
    {Format::kD16_UNORM, VK_FORMAT_D16_UNORM, "D16_UNORM", false, true},
    {Format::kD32_FLOAT, VK_FORMAT_D32_SFLOAT, "D32_SFLOAT", false, true},
}};

using Rng = std::mt19937_64;

uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

uint32_t uni(Rng& r, uint32_t lo, uint32_t hi) {  // inclusive
  return lo + static_cast<uint32_t>(r() % (uint64_t{hi} - lo + 1));
}
int32_t iuni(Rng& r, int32_t lo, int32_t hi) {
  return lo + static_cast<int32_t>(r() % static_cast<uint64_t>(int64_t{hi} - lo + 1));
}
float funi(Rng& r, float lo, float hi) {
  return lo + (hi - lo) * static_cast<float>(static_cast<double>(r() >> 11) * 0x1.0p-53);
}
bool chance(Rng& r, unsigned percent) {
  return r() % 100 < percent;
}

size_t format_index(const FormatEntry* f) {
  return static_cast<size_t>(f - kFormats.data());
}

// A float32 denormal (either sign when `negative_ok`), for issue 20's D3D11.3 §3.1.3.2 rules.
float random_denormal(Rng& r, bool negative_ok) {
  const uint32_t sign = negative_ok && chance(r, 50) ? 0x80000000u : 0u;
  return std::bit_cast<float>(sign | uni(r, 1, (1u << 23) - 1));
}

// Fills the texsim surface with random data suited to the format (finite floats of moderate
// magnitude, depth in [0, 1]). With `tiny`, float32 formats also get denormals (8%) and, for
// colour, normals just above 2^-126 (4%) whose filtered products underflow: D3D flushes both in
// filtering and comparison but not in point sampling or gather (issue 20). The fragment-quad
// ops go without: lavapipe's fragment threads flush denormals (DAZ/FTZ, decision O8), which
// the lavapipe profile does not model.
void fill(texunit::Surface& s, const FormatEntry& f, Rng& r, bool tiny) {
  auto bytes = s.bytes();
  switch (f.tex) {
    case Format::kR16G16B16A16_FLOAT:
    case Format::kR16G16_FLOAT:
      for (size_t i = 0; i + 1 < bytes.size(); i += 2) {
        const uint32_t sign = chance(r, 20) ? 0x8000u : 0u;
        const uint32_t h = sign | (uni(r, 8, 17) << 10) | uni(r, 0, 1023);
        bytes[i] = static_cast<uint8_t>(h);
        bytes[i + 1] = static_cast<uint8_t>(h >> 8);
      }
      break;
    case Format::kR32_FLOAT:
    case Format::kR32G32B32A32_FLOAT:
    case Format::kD32_FLOAT:
      for (size_t i = 0; i + 3 < bytes.size(); i += 4) {
        float v;
        const uint32_t kind = tiny ? uni(r, 0, 99) : 100;
        if (kind < 8) {
          v = random_denormal(r, !f.depth || chance(r, 30));
        } else if (kind < 12 && !f.depth) {
          v = std::ldexp(funi(r, -2.0f, 2.0f), -124 - static_cast<int>(uni(r, 0, 2)));
        } else if (f.depth) {
          v = chance(r, 5) ? static_cast<float>(uni(r, 0, 1)) : funi(r, 0.0f, 1.0f);
        } else {
          const uint32_t sign = chance(r, 20) ? 0x80000000u : 0u;
          v = std::bit_cast<float>(sign | (uni(r, 118, 129) << 23) | uni(r, 0, (1u << 23) - 1));
        }
        std::memcpy(&bytes[i], &v, 4);
      }
      break;
    default:
      for (auto& b : bytes) b = static_cast<uint8_t>(r());
      // Depth-like small alphabets make equal compares likely.
      if (f.tex == Format::kD16_UNORM && chance(r, 30))
        for (size_t i = 0; i + 1 < bytes.size(); i += 2) bytes[i] = bytes[i] & 0xc0;
      break;
  }
}

AddressMode random_address(Rng& r, const Capabilities& caps) {
  const uint32_t n = caps.mirror_clamp_to_edge ? 5 : 4;
  return static_cast<AddressMode>(uni(r, 0, n - 1));
}

VkSamplerAddressMode vk_address(AddressMode m) {
  switch (m) {
    case AddressMode::kWrap:
      return VK_SAMPLER_ADDRESS_MODE_REPEAT;
    case AddressMode::kMirror:
      return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    case AddressMode::kClamp:
      return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    case AddressMode::kBorder:
      return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    case AddressMode::kMirrorOnce:
      return VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
  }
  return VK_SAMPLER_ADDRESS_MODE_REPEAT;
}

const char* address_name(AddressMode m) {
  static constexpr std::array<const char*, 5> kNames{"wrap", "mirror", "clamp", "border",
                                                     "mirror_once"};
  return kNames[static_cast<size_t>(m)];
}
const char* compare_name(texunit::CompareFunc f) {
  static constexpr std::array<const char*, 8> kNames{
      "never", "less", "equal", "less_equal", "greater", "not_equal", "greater_equal", "always"};
  return kNames[static_cast<size_t>(f)];
}
const char* type_name(SurfaceType t) {
  static constexpr std::array<const char*, 7> kNames{"1D", "1D_ARRAY", "2D",        "2D_ARRAY",
                                                     "3D", "CUBE",     "CUBE_ARRAY"};
  return kNames[static_cast<size_t>(t)];
}

const char* filter_name(Filter f) {
  return f == Filter::kPoint ? "point" : "linear";
}
const char* mip_name(MipFilter f) {
  return f == MipFilter::kNone ? "none" : f == MipFilter::kPoint ? "point" : "linear";
}

// A normalized coordinate: mostly uniform over a range that reaches outside [0, 1], sometimes on
// the texel grid (centres, edges, and 1/512 steps), where rounding differences show.
float random_coord(Rng& r, uint32_t size) {
  const uint32_t kind = uni(r, 0, 9);
  if (kind < 6) return funi(r, -1.25f, 2.25f);
  const int32_t sub = kind < 8 ? 2 : 512;
  const int32_t k = iuni(r, -2 * sub, static_cast<int32_t>(size) * sub + 2 * sub);
  return static_cast<float>(k) / static_cast<float>(static_cast<int64_t>(size) * sub);
}

std::array<float, 3> random_cube_dir(Rng& r) {
  std::array<float, 3> d{};
  for (auto& c : d) c = funi(r, -1.0f, 1.0f);
  const uint32_t major = uni(r, 0, 2);
  d[major] = (chance(r, 50) ? 1.0f : -1.0f) * funi(r, 0.5f, 2.0f);
  if (chance(r, 20)) d[(major + 1) % 3] = std::copysign(std::fabs(d[major]), d[(major + 1) % 3]);
  // Exact ties of all three (D3D11.3 §7.18.7: Z, then Y, then X).
  if (chance(r, 5))
    for (auto& c : d) c = std::copysign(std::fabs(d[major]), c);
  return d;
}

// Fragment-quad lanes: per quad a base coordinate c and per-pixel steps dx, dy; the pixels
// are TL = c, TR = c + dx, BL = c + dy, BR = (c + dx) + dy (float), so the implicit (coarse)
// derivatives are TR - TL and BL - TL, which texunit::quad_derivatives computes the same way.
void make_quad_lanes(Batch& b, Rng& r, uint32_t lane_count) {
  const auto& d = b.surface->desc();
  const bool cube = d.type == SurfaceType::kCube;
  const uint32_t slices = d.slices();
  const auto nm = static_cast<int32_t>(d.mips);
  const unsigned nd = d.type == SurfaceType::k3D || cube ? 3u : 2u;
  for (uint32_t q = 0; q < (lane_count + 3) / 4; ++q) {
    std::array<float, 3> c{}, dx{}, dy{};
    if (cube) {
      c = random_cube_dir(r);
    } else {
      c[0] = random_coord(r, d.width);
      c[1] = random_coord(r, d.height);
      if (d.type == SurfaceType::k3D) c[2] = random_coord(r, d.depth);
    }
    const float target = funi(r, -2.0f, static_cast<float>(nm) + 1.0f);
    const float scale = std::exp2(target) / static_cast<float>(d.width);
    for (unsigned k = 0; k < nd; ++k) {
      dx[k] = scale * funi(r, -1.0f, 1.0f);
      dy[k] = scale * funi(r, -1.0f, 1.0f);
      if (chance(r, 10)) dx[k] = 0.0f;
    }
    float layer = 0.0f;
    if (d.type == SurfaceType::k2DArray) {
      layer = chance(r, 30)
                  ? static_cast<float>(iuni(r, -2, 2 * static_cast<int32_t>(slices))) * 0.5f
                  : funi(r, -0.75f, static_cast<float>(slices) + 0.25f);
      c[2] = layer;
    }
    float bias = 0.0f;
    if (b.op == Op::kBias) {  // never 0: lavapipe's bias path differs from its no-bias path
      bias = static_cast<float>(iuni(r, -8, 8)) * 0.25f + funi(r, 0.001f, 0.01f);
    }
    std::array<std::array<float, 3>, 4> px{};
    for (unsigned k = 0; k < 3; ++k) {
      const bool axis = k < nd;
      px[0][k] = c[k];
      px[1][k] = axis ? c[k] + dx[k] : c[k];
      px[2][k] = axis ? c[k] + dy[k] : c[k];
      px[3][k] = axis ? (c[k] + dx[k]) + dy[k] : c[k];
    }
    const texunit::QuadDerivatives qd = texunit::quad_derivatives(px);
    for (unsigned p = 0; p < 4 && 4 * q + p < lane_count; ++p) {
      Lane l;
      texunit::SampleRequest s;
      s.op = b.op == Op::kImplicit ? texunit::SampleOp::kImplicit
             : b.op == Op::kBias   ? texunit::SampleOp::kBias
                                   : texunit::SampleOp::kLodQuery;
      s.coord = px[p];
      s.array_index = layer;
      s.ddx = qd.ddx;
      s.ddy = qd.ddy;
      s.lod = bias;
      l.a = {px[p][0], px[p][1], px[p][2], 0.0f};
      l.b[3] = bias;
      b.samples.push_back(s);
      b.lanes.push_back(l);
    }
  }
}

}  // namespace

std::string_view op_name(Op op) {
  return kOpNames[static_cast<size_t>(op)];
}
bool is_fragment_op(Op op) {
  return op == Op::kImplicit || op == Op::kBias || op == Op::kQueryLod;
}
std::optional<Op> op_from_name(std::string_view name) {
  for (size_t i = 0; i < kOpNames.size(); ++i)
    if (kOpNames[i] == name) return static_cast<Op>(i);
  return std::nullopt;
}
std::span<const FormatEntry> oracle_formats() {
  return kFormats;
}

Batch make_batch(uint64_t seed, uint32_t index, Op op, uint32_t lane_count,
                 const Capabilities& caps) {
  Rng r(mix(mix(seed) ^ (uint64_t{index} << 8) ^ static_cast<uint64_t>(op)));
  Batch b;
  b.seed = seed;
  b.index = index;
  b.op = op;

  // Format.
  std::vector<const FormatEntry*> pool;
  for (const auto& f : kFormats) {
    if (!caps.sampleable[format_index(&f)]) continue;
    const bool shadow = op == Op::kShadowLod || op == Op::kShadowGrad || op == Op::kGatherShadow;
    if (shadow && !f.depth) continue;
    if (op == Op::kFetchMs && !(f.tex == Format::kR8G8B8A8_UNORM || f.tex == Format::kR32_FLOAT ||
                                f.tex == Format::kR16G16B16A16_FLOAT || f.tex == Format::kR32_UINT))
      continue;
    pool.push_back(&f);
  }
  b.format = pool[uni(r, 0, static_cast<uint32_t>(pool.size() - 1))];
  const bool filterable = caps.filterable[format_index(b.format)];

  // Surface type.
  std::vector<SurfaceType> types;
  switch (op) {
    case Op::kFetch:
      types = {SurfaceType::k2D, SurfaceType::k2DArray, SurfaceType::k3D};
      break;
    case Op::kFetchMs:
      types = {SurfaceType::k2D};
      break;
    case Op::kLod:
    case Op::kGrad:
      types = {SurfaceType::k2D, SurfaceType::k2DArray, SurfaceType::k3D, SurfaceType::kCube};
      break;
    case Op::kShadowLod:
      types = {SurfaceType::k2D};
      break;
    case Op::kShadowGrad:
    case Op::kGatherShadow:
    case Op::kGather:
      types = {SurfaceType::k2D, SurfaceType::k2DArray, SurfaceType::kCube};
      break;
    case Op::kImplicit:
    case Op::kBias:
    case Op::kQueryLod:
      types = {SurfaceType::k2D, SurfaceType::k2DArray, SurfaceType::k3D, SurfaceType::kCube};
      break;
    case Op::kCount:
      break;
  }
  if (b.format->depth) std::erase(types, SurfaceType::k3D);
  texunit::SurfaceDesc d;
  d.type = types[uni(r, 0, static_cast<uint32_t>(types.size() - 1))];
  d.format = b.format->tex;
  auto random_size = [&](uint32_t max) {
    return chance(r, 40) ? (1u << uni(r, 0, std::bit_width(max) - 1)) : uni(r, 1, max);
  };
  if (d.type == SurfaceType::k3D) {
    d.width = random_size(16);
    d.height = random_size(16);
    d.depth = random_size(16);
  } else if (d.type == SurfaceType::kCube) {
    d.width = d.height = random_size(16);
  } else {
    d.width = random_size(40);
    d.height = random_size(40);
  }
  if (d.type == SurfaceType::k2DArray) d.layers = uni(r, 1, 5);
  if (op == Op::kFetchMs) {
    d.samples = 4;
    d.mips = 1;
  } else {
    d.mips = uni(r, 1, texunit::full_mip_count(d.width, d.height, d.depth));
  }
  b.surface = std::make_unique<texunit::Surface>(d);
  fill(*b.surface, *b.format, r, true);

  // Sampler.
  auto& s = b.sampler;
  const bool cube = d.type == SurfaceType::kCube;
  if (filterable) {
    s.min_filter = chance(r, 50) ? Filter::kLinear : Filter::kPoint;
    s.mag_filter = chance(r, 50) ? Filter::kLinear : Filter::kPoint;
    s.mip_filter = chance(r, 50) ? MipFilter::kLinear : MipFilter::kPoint;
    if (chance(r, 30)) s.mag_filter = s.min_filter;
  } else {
    s.min_filter = s.mag_filter = Filter::kPoint;
    s.mip_filter = MipFilter::kPoint;
  }
  for (auto& a : s.address) a = cube ? AddressMode::kClamp : random_address(r, caps);
  if (chance(r, 30) && !cube) s.address[1] = s.address[2] = s.address[0];
  // Formats lacking components: border on every axis more often, since D3D11.3 §7.18.9.1 gives
  // those components the format defaults, not the border colour (issue 20).
  if (!cube && format_info(d.format).present_mask() != 0xfu && chance(r, 25))
    s.address = {AddressMode::kBorder, AddressMode::kBorder, AddressMode::kBorder};
  const uint32_t border = uni(r, 0, 2);
  if (b.format->uint_result) {
    b.border = std::array{VK_BORDER_COLOR_INT_TRANSPARENT_BLACK, VK_BORDER_COLOR_INT_OPAQUE_BLACK,
                          VK_BORDER_COLOR_INT_OPAQUE_WHITE}[border];
  } else {
    b.border =
        std::array{VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK,
                   VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE}[border];
  }
  const float bc = border == 2 ? 1.0f : 0.0f;
  const float ba = border == 0 ? 0.0f : 1.0f;
  s.border_color = {bc, bc, bc, ba};
  const uint32_t bi = border == 2 ? 1u : 0u;
  s.border_color_int = {bi, bi, bi, border == 0 ? 0u : 1u};
  if (chance(r, 50)) s.lod_bias = static_cast<float>(iuni(r, -8, 8)) * 0.25f + funi(r, 0, 0.01f);
  if (chance(r, 30)) s.min_lod = static_cast<float>(iuni(r, 0, 8)) * 0.375f;
  if (chance(r, 30))
    s.max_lod = s.min_lod + static_cast<float>(iuni(r, 0, 8)) * 0.3125f;
  else
    s.max_lod = chance(r, 50) ? 1000.0f : static_cast<float>(d.mips);
  if (op == Op::kShadowLod || op == Op::kShadowGrad || op == Op::kGatherShadow)
    s.compare = static_cast<texunit::CompareFunc>(uni(r, 0, 7));

  // Offsets (not for cubes or multisample fetches).
  const bool offset_ok = !cube && op != Op::kFetchMs && !is_fragment_op(op) &&
                         !(op == Op::kGatherShadow && d.type != SurfaceType::k2D);
  if (offset_ok && chance(r, 50)) {
    b.has_offset = true;
    const bool three = d.type == SurfaceType::k3D;
    b.offset = {iuni(r, -8, 7), iuni(r, -8, 7), three ? iuni(r, -8, 7) : 0};
  }
  b.gather_comp = op == Op::kGather ? uni(r, 0, 3) : 0;

  // Lanes.
  const uint32_t slices = d.slices();
  const auto sh = static_cast<int32_t>(d.height);
  const auto sw = static_cast<int32_t>(d.width);
  const auto sd = static_cast<int32_t>(d.depth);
  const auto nm = static_cast<int32_t>(d.mips);
  if (is_fragment_op(op)) {
    make_quad_lanes(b, r, lane_count);
    return b;
  }
  for (uint32_t i = 0; i < lane_count; ++i) {
    Lane l;
    if (op == Op::kFetch || op == Op::kFetchMs) {
      texunit::FetchRequest f;
      const bool in = chance(r, 85);
      const int32_t level = in ? iuni(r, 0, nm - 1) : iuni(r, -1, nm);
      const int32_t lw = std::max(1, sw >> std::clamp(level, 0, 31));
      const int32_t lh = std::max(1, sh >> std::clamp(level, 0, 31));
      const int32_t ld = std::max(1, sd >> std::clamp(level, 0, 31));
      int32_t x = in ? iuni(r, 0, lw - 1) : iuni(r, -3, lw + 2);
      int32_t y = in ? iuni(r, 0, lh - 1) : iuni(r, -3, lh + 2);
      int32_t z = 0;
      if (d.type == SurfaceType::k3D) z = in ? iuni(r, 0, ld - 1) : iuni(r, -2, ld + 1);
      if (d.type == SurfaceType::k2DArray)
        z = in ? iuni(r, 0, static_cast<int32_t>(slices) - 1)
               : iuni(r, -1, static_cast<int32_t>(slices));
      if (b.has_offset && in) {  // keep most lanes in bounds after the offset
        x -= b.offset[0];
        y -= b.offset[1];
        if (d.type == SurfaceType::k3D) z -= b.offset[2];
      }
      int32_t w = level;
      if (op == Op::kFetchMs) w = in ? iuni(r, 0, 3) : iuni(r, -1, 5);
      l.a = {std::bit_cast<float>(x), std::bit_cast<float>(y), std::bit_cast<float>(z),
             std::bit_cast<float>(w)};
      f.coord = {static_cast<uint32_t>(x), static_cast<uint32_t>(y),
                 d.type == SurfaceType::k3D ? static_cast<uint32_t>(z) : 0u};
      f.slice = d.type == SurfaceType::k2DArray ? static_cast<uint32_t>(z) : 0u;
      f.level = op == Op::kFetchMs ? 0u : static_cast<uint32_t>(level);
      f.sample = op == Op::kFetchMs ? static_cast<uint32_t>(w) : 0u;
      if (b.has_offset) f.offset = b.offset;
      b.fetches.push_back(f);
    } else {
      texunit::SampleRequest q;
      std::array<float, 3> c{};
      if (cube) {
        c = random_cube_dir(r);
      } else {
        c[0] = random_coord(r, d.width);
        c[1] = random_coord(r, d.height);
        c[2] = d.type == SurfaceType::k3D ? random_coord(r, d.depth) : 0.0f;
      }
      float layer = 0.0f;
      if (d.type == SurfaceType::k2DArray) {
        layer = chance(r, 30)
                    ? static_cast<float>(iuni(r, -2, 2 * static_cast<int32_t>(slices))) * 0.5f
                    : funi(r, -0.75f, static_cast<float>(slices) + 0.25f);
        c[2] = layer;
      }
      q.coord = c;
      q.array_index = layer;
      l.a = {c[0], c[1], c[2], 0.0f};
      if (op == Op::kLod || op == Op::kShadowLod) {
        const float lod = chance(r, 30) ? static_cast<float>(iuni(r, -2, 2 * nm + 2)) * 0.5f
                                        : funi(r, -1.5f, static_cast<float>(nm) + 0.5f);
        q.op = texunit::SampleOp::kLevel;
        q.lod = lod;
        l.b[3] = lod;
      } else if (op == Op::kGrad || op == Op::kShadowGrad) {
        q.op = texunit::SampleOp::kGrad;
        const float target = funi(r, -2.0f, static_cast<float>(nm) + 1.0f);
        const float scale = std::exp2(target) / static_cast<float>(d.width);
        const unsigned nd = d.type == SurfaceType::k3D || cube ? 3u : 2u;
        for (unsigned k = 0; k < nd; ++k) {
          q.ddx[k] = scale * funi(r, -1.0f, 1.0f);
          q.ddy[k] = scale * funi(r, -1.0f, 1.0f);
          if (chance(r, 10)) q.ddx[k] = 0.0f;
        }
        for (unsigned k = 0; k < 3; ++k) {
          l.b[k] = q.ddx[k];
          l.c[k] = q.ddy[k];
        }
      } else {
        q.op = texunit::SampleOp::kGather;
        q.gather_component = static_cast<uint8_t>(b.gather_comp);
      }
      if (s.compare) {
        float ref = funi(r, -0.1f, 1.1f);
        if (chance(r, 30)) {  // equal to some stored depth
          const auto& lay = b.surface->layout().levels[0];
          const uint32_t bpt = format_info(d.format).bytes_per_block;
          const uint32_t texels = static_cast<uint32_t>(lay.slice_pitch / bpt);
          texunit::Texel t =
              texunit::decode_texel(d.format, b.surface->bytes().data() + lay.offset +
                                                  uint64_t{uni(r, 0, texels - 1)} * bpt);
          ref = t.f(0);
        }
        // Zeros and denormal references: D3D flushes both sides going into the comparison.
        if (chance(r, 10))
          ref = chance(r, 50) ? random_denormal(r, true) : (chance(r, 50) ? 0.0f : -0.0f);
        q.reference = ref;
        l.c[3] = ref;
      }
      if (b.has_offset) q.offset = b.offset;
      b.samples.push_back(q);
    }
    b.lanes.push_back(l);
  }
  return b;
}

ImageSpec image_spec(const Batch& b) {
  const auto& d = b.surface->desc();
  ImageSpec s;
  s.format = b.format->vk;
  s.aspect = b.format->depth ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
  s.width = d.width;
  s.height = d.height;
  s.depth = d.depth;
  s.mips = d.mips;
  s.layers = d.slices();
  s.samples = d.samples == 4 ? VK_SAMPLE_COUNT_4_BIT : VK_SAMPLE_COUNT_1_BIT;
  // Vulkan has no mipmap mode "none": a view of level 0 alone gives lavapipe's derived sampler
  // state PIPE_TEX_MIPFILTER_NONE (lp_build_sample_soa_code; inject_mip_none, decision P20).
  if (b.sampler.mip_filter == MipFilter::kNone) s.view_levels = 1;
  switch (d.type) {
    case SurfaceType::k3D:
      s.type = VK_IMAGE_TYPE_3D;
      s.view_type = VK_IMAGE_VIEW_TYPE_3D;
      break;
    case SurfaceType::k2DArray:
      s.view_type = VK_IMAGE_VIEW_TYPE_2D_ARRAY;
      break;
    case SurfaceType::kCube:
      s.view_type = VK_IMAGE_VIEW_TYPE_CUBE;
      s.cube = true;
      break;
    default:
      break;
  }
  return s;
}

std::vector<LevelCopy> level_copies(const Batch& b) {
  std::vector<LevelCopy> out;
  const auto& lay = b.surface->layout();
  for (uint32_t l = 0; l < lay.levels.size(); ++l) {
    const auto& lv = lay.levels[l];
    out.push_back({lv.offset, l, lv.width, lv.height, lv.depth});
  }
  return out;
}

std::vector<uint32_t> ms_values(const Batch& b) {
  std::vector<uint32_t> out;
  if (b.op != Op::kFetchMs) return out;
  const auto& d = b.surface->desc();
  for (uint32_t s = 0; s < d.samples; ++s)
    for (uint32_t y = 0; y < d.height; ++y)
      for (uint32_t x = 0; x < d.width; ++x) {
        const auto t = texunit::decode_texel(d.format, b.surface->texel_ptr(s, 0, 0, x, y));
        out.insert(out.end(), t.bits.begin(), t.bits.end());
      }
  return out;
}

std::string ms_store_shader(const Batch& b) {
  switch (b.format->tex) {
    case Format::kR8G8B8A8_UNORM:
      return "msaa_store_rgba8";
    case Format::kR32_FLOAT:
      return "msaa_store_r32f";
    case Format::kR16G16B16A16_FLOAT:
      return "msaa_store_rgba16f";
    default:
      return "msaa_store_r32ui";
  }
}

VkSamplerCreateInfo sampler_info(const Batch& b) {
  const auto& s = b.sampler;
  VkSamplerCreateInfo c{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  c.magFilter = s.mag_filter == Filter::kLinear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  c.minFilter = s.min_filter == Filter::kLinear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  c.mipmapMode = s.mip_filter == MipFilter::kLinear ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                    : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  c.addressModeU = vk_address(s.address[0]);
  c.addressModeV = vk_address(s.address[1]);
  c.addressModeW = vk_address(s.address[2]);
  c.mipLodBias = s.lod_bias;
  c.compareEnable = s.compare.has_value();
  c.compareOp = static_cast<VkCompareOp>(s.compare.value_or(texunit::CompareFunc::kNever));
  c.minLod = s.min_lod;
  c.maxLod = s.max_lod;
  c.borderColor = b.border;
  c.unnormalizedCoordinates = VK_FALSE;
  if (s.max_anisotropy > 1) {  // --anisotropy batches (specials.hpp inject_anisotropy)
    c.anisotropyEnable = VK_TRUE;
    c.maxAnisotropy = s.max_anisotropy;  // fractions too (P24)
  }
  if (s.reduction != texunit::Reduction::kWeightedAverage) {
    b.reduction_info.reductionMode = s.reduction == texunit::Reduction::kMin
                                         ? VK_SAMPLER_REDUCTION_MODE_MIN
                                         : VK_SAMPLER_REDUCTION_MODE_MAX;
    c.pNext = &b.reduction_info;
  }
  return c;
}

std::string shader_name(const Batch& b) {
  const auto& d = b.surface->desc();
  int op = 0;
  switch (b.op) {
    case Op::kFetch:
    case Op::kFetchMs:
      op = 0;
      break;
    case Op::kLod:
      op = 1;
      break;
    case Op::kGrad:
      op = 2;
      break;
    case Op::kShadowLod:
      op = 3;
      break;
    case Op::kShadowGrad:
      op = 4;
      break;
    case Op::kGather:
      op = 5;
      break;
    case Op::kGatherShadow:
      op = 6;
      break;
    case Op::kImplicit:
      op = 7;
      break;
    case Op::kBias:
      op = 8;
      break;
    case Op::kQueryLod:
      op = 9;
      break;
    case Op::kCount:
      break;
  }
  int dim = 1;
  switch (d.type) {
    case SurfaceType::k2DArray:
      dim = 2;
      break;
    case SurfaceType::k3D:
      dim = 3;
      break;
    case SurfaceType::kCube:
      dim = 4;
      break;
    default:
      dim = d.samples > 1 ? 5 : 1;
      break;
  }
  const bool uint_rt = b.format->uint_result && op != 3 && op != 4 && op != 6;
  if (is_fragment_op(b.op))
    return "quad_op" + std::to_string(op) + "_d" + std::to_string(dim) + (uint_rt ? "_u" : "_f");
  std::string name =
      "lookup_op" + std::to_string(op) + "_d" + std::to_string(dim) + (uint_rt ? "_u" : "_f");
  if (b.has_offset) name += "_off";
  return name;
}

std::string describe(const Batch& b) {
  const auto& d = b.surface->desc();
  const auto& s = b.sampler;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "fmt=%s type=%s %ux%ux%u layers=%u mips=%u samples=%u min=%s mag=%s mip=%s "
                "addr=%s,%s,%s border=%d bias=%g minlod=%g maxlod=%g cmp=%s off=(%d,%d,%d) "
                "comp=%u red=%s",
                std::string(b.format->name).c_str(), type_name(d.type), d.width, d.height, d.depth,
                d.layers, d.mips, d.samples, filter_name(s.min_filter), filter_name(s.mag_filter),
                mip_name(s.mip_filter), address_name(s.address[0]), address_name(s.address[1]),
                address_name(s.address[2]), static_cast<int>(b.border),
                static_cast<double>(s.lod_bias), static_cast<double>(s.min_lod),
                static_cast<double>(s.max_lod), s.compare ? compare_name(*s.compare) : "none",
                b.offset[0], b.offset[1], b.offset[2], b.gather_comp,
                s.reduction == texunit::Reduction::kMin   ? "min"
                : s.reduction == texunit::Reduction::kMax ? "max"
                                                          : "avg");
  return buf;
}

}  // namespace texsim::oracle
