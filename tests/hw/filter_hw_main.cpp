// Filtering hardware check: linear-filtered tex1D / tex2D / tex3D / tex2DLod lookups on the GPU
// against texsim's `nvidia` precision profile, bit for bit (decisions P13-P19). Not part of CI.
// Depends on the texture unit and the CUDA side through filter_hw.h only.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "core/convert.hpp"
#include "core/half.hpp"
#include "filter_hw.h"
#include "texunit/sample.hpp"

namespace {

using namespace texsim;

struct Case {
  const char* name;
  int kind, fmt, w, h, d, levels;
  bool normalized;
  bool consecutive = false;  // texel codes c, c+1, c+2, ...: every alpha = 1/2 is a code tie
  bool point = false;        // point filter (P14: which texel a position near a boundary reads)
};

texunit::Format surface_format(int fmt) {
  switch (fmt) {
    case HWF_R16F:
      return texunit::Format::kR16_FLOAT;
    case HWF_R8_UNORM:
      return texunit::Format::kR8_UNORM;
    case HWF_R8_SNORM:
      return texunit::Format::kR8_SNORM;
    case HWF_R16_UNORM:
      return texunit::Format::kR16_UNORM;
    case HWF_R16_SNORM:
      return texunit::Format::kR16_SNORM;
    default:
      return texunit::Format::kR32_FLOAT;
  }
}

// The value a packed texel reads as (CUDA's promotion for normalized reads, The CUDA Handbook
// listing 10.1; the same numbers as D3D11.3 §3.2.3).
float texel_value(int fmt, const uint8_t* p) {
  uint16_t u16 = 0;
  std::memcpy(&u16, p, 2);
  switch (fmt) {
    case HWF_R16F:
      return core::half_to_float(u16);
    case HWF_R8_UNORM:
      return core::unorm_to_float(p[0], 8);
    case HWF_R8_SNORM:
      return core::snorm_to_float(p[0], 8);
    case HWF_R16_UNORM:
      return core::unorm_to_float(u16, 16);
    case HWF_R16_SNORM:
      return core::snorm_to_float(u16, 16);
    default: {
      float f = 0.0f;
      std::memcpy(&f, p, 4);
      return f;
    }
  }
}

int extent(int size, int level) {
  return (size >> level) < 1 ? 1 : size >> level;
}

// Random texels: R32F with full mantissas in [-4, 4], R16F finite halves, integer codes.
std::vector<uint8_t> level_bytes(const Case& c, int level, std::mt19937& g) {
  const size_t bpt = hwf_texel_bytes(c.fmt);
  const size_t n = static_cast<size_t>(extent(c.w, level)) *
                   static_cast<size_t>(extent(c.h, level)) *
                   static_cast<size_t>(extent(c.d, level));
  std::vector<uint8_t> b(n * bpt);
  for (size_t i = 0; i < n; ++i) {
    uint8_t* p = &b[i * bpt];
    if (c.fmt == HWF_R32F) {
      const float v = std::uniform_real_distribution<float>(-4.0f, 4.0f)(g);
      std::memcpy(p, &v, 4);
    } else if (c.fmt == HWF_R16F) {
      const uint16_t h = core::float_to_half(std::uniform_real_distribution<float>(-8.0f, 8.0f)(g));
      std::memcpy(p, &h, 2);
    } else {
      const uint32_t code =
          c.consecutive ? 1000u + static_cast<uint32_t>(i) : static_cast<uint32_t>(g());
      std::memcpy(p, &code, bpt);  // little-endian: the low bytes
    }
  }
  return b;
}

// Points that separate the hypotheses: sweeps of 1/1024 texel along each axis (quarter steps of
// the 1/256 grid: truncation and rounding differ at .75, ties at .5), 1/1024 LOD sweeps, and
// random points including outside the texture (clamp).
std::vector<float> points(const Case& c, std::mt19937& g, int n) {
  std::vector<float> q(static_cast<size_t>(n) * 4);
  const int dims = c.kind + 1;
  const int size[3] = {c.w, c.h, c.d};
  auto uni = [&](float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(g); };
  for (int i = 0; i < n; ++i) {
    float x[3] = {0.5f, 0.5f, 0.5f};
    float lod = 0.0f;
    const int axis = i % dims;
    for (int a = 0; a < dims; ++a) {
      x[a] = (i / 1024) % 2 == 0 ? static_cast<float>(g() % static_cast<unsigned>(size[a])) + 0.5f
                                 : uni(-1.0f, static_cast<float>(size[a]) + 1.0f);
    }
    if ((i / 1024) % 2 == 0) {
      // Texel-space position xB = x - 0.5 = k + j/1024 on the sweep axis.
      x[axis] = std::floor(x[axis]) + 0.5f + static_cast<float>(i % 1024) / 1024.0f;
    }
    if (c.levels > 1) {
      lod = (i / 512) % 2 == 0 ? static_cast<float>(g() % static_cast<unsigned>(c.levels - 1)) +
                                     static_cast<float>(i % 1024) / 1024.0f
                               : uni(-1.0f, static_cast<float>(c.levels));
    }
    for (int a = 0; a < 3; ++a) {
      q[static_cast<size_t>(4 * i + a)] =
          c.normalized && a < dims ? x[a] / static_cast<float>(size[a]) : x[a];
    }
    q[static_cast<size_t>(4 * i + 3)] = lod;
  }
  return q;
}

// Returns the number of lookups whose bits differ from the nvidia profile (printing a few).
long compare_case(const Case& c, std::mt19937& g, int n) {
  std::vector<std::vector<uint8_t>> levels;
  std::vector<const void*> ptrs;
  for (int l = 0; l < c.levels; ++l) levels.push_back(level_bytes(c, l, g));
  for (const auto& l : levels) ptrs.push_back(l.data());
  const HwFilterImage img{c.kind, c.fmt, c.w, c.h, c.d, c.levels, ptrs.data()};
  const std::vector<float> q = points(c, g, n);
  std::vector<float> gpu(static_cast<size_t>(n));
  char err[256] = {0};
  if (!hwf_filter(&img, c.normalized ? 1 : 0, c.point ? 1 : 0, n, q.data(), gpu.data(), err,
                  sizeof err)) {
    std::printf("  %s: CUDA error: %s\n", c.name, err);
    return n;
  }
  texunit::SurfaceDesc desc;
  desc.type = c.kind == HWF_1D   ? texunit::SurfaceType::k1D
              : c.kind == HWF_2D ? texunit::SurfaceType::k2D
                                 : texunit::SurfaceType::k3D;
  desc.format = surface_format(c.fmt);
  desc.width = static_cast<uint32_t>(c.w);
  desc.height = static_cast<uint32_t>(c.h);
  desc.depth = static_cast<uint32_t>(c.d);
  desc.mips = static_cast<uint32_t>(c.levels);
  texunit::Surface s(desc);
  const size_t bpt = hwf_texel_bytes(c.fmt);
  for (int l = 0; l < c.levels; ++l) {
    const int w = extent(c.w, l), h = extent(c.h, l), d = extent(c.d, l);
    for (int z = 0; z < d; ++z) {
      for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
          const size_t i = (static_cast<size_t>(z) * h + static_cast<size_t>(y)) * w + x;
          const float v = texel_value(c.fmt, &levels[static_cast<size_t>(l)][i * bpt]);
          s.write_texel(0, static_cast<uint32_t>(l), static_cast<uint32_t>(z),
                        static_cast<uint32_t>(x), static_cast<uint32_t>(y),
                        texunit::Texel::from_float(v, 0.0f, 0.0f, 1.0f));
        }
      }
    }
  }
  texunit::SamplerState smp;
  smp.min_filter = smp.mag_filter = c.point ? texunit::Filter::kPoint : texunit::Filter::kLinear;
  smp.mip_filter = c.levels > 1 ? texunit::MipFilter::kLinear : texunit::MipFilter::kNone;
  smp.normalized_coords = c.normalized;
  long bad = 0, d3d = 0, exact = 0;
  for (int i = 0; i < n; ++i) {
    texunit::SampleRequest rq;
    rq.op = texunit::SampleOp::kLevel;
    rq.coord = {q[static_cast<size_t>(4 * i)], q[static_cast<size_t>(4 * i + 1)],
                q[static_cast<size_t>(4 * i + 2)]};
    rq.lod = q[static_cast<size_t>(4 * i + 3)];
    const uint32_t hw = std::bit_cast<uint32_t>(gpu[static_cast<size_t>(i)]);
    auto bits = [&](const texunit::PrecisionProfile& p) {
      return texunit::sample(s.view(), smp, rq, p).texel.bits[0];
    };
    const uint32_t nv = bits(texunit::PrecisionProfile::nvidia());
    if (bits(texunit::PrecisionProfile::d3d()) == hw) ++d3d;
    if (bits(texunit::PrecisionProfile::exact()) == hw) ++exact;
    if (nv == hw) continue;
    if (bad < 4) {
      std::printf("  %s: (%.9g, %.9g, %.9g) lod %.9g: gpu %08x (%.9g), texsim nvidia %08x (%.9g)\n",
                  c.name, static_cast<double>(rq.coord[0]), static_cast<double>(rq.coord[1]),
                  static_cast<double>(rq.coord[2]), static_cast<double>(rq.lod), hw,
                  static_cast<double>(std::bit_cast<float>(hw)), nv,
                  static_cast<double>(std::bit_cast<float>(nv)));
    }
    ++bad;
  }
  std::printf("  %-30s %6d lookups, %6ld mismatches (gpu = d3d profile %ld, = exact %ld)\n", c.name,
              n, bad, d3d, exact);
  return bad;
}

}  // namespace

int main() {
  char name[256] = "?";
  if (hwf_device(name, sizeof name) == 0) {
    std::printf("filter_hw_check: SKIPPED: no CUDA device is available on this machine\n");
    return 0;
  }
  std::printf("filter_hw_check on %s (texsim nvidia profile, decisions P13-P19)\n", name);
  std::mt19937 g(20261125);
  const Case cases[] = {
      {"tex1D R32F", HWF_1D, HWF_R32F, 37, 1, 1, 1, false},
      {"tex2D R32F", HWF_2D, HWF_R32F, 19, 13, 1, 1, false},
      {"tex3D R32F", HWF_3D, HWF_R32F, 9, 7, 5, 1, false},
      {"tex2D R32F normalized 37x29", HWF_2D, HWF_R32F, 37, 29, 1, 1, true},
      {"tex2D R16F", HWF_2D, HWF_R16F, 23, 17, 1, 1, false},
      {"tex2D R8 UNORM", HWF_2D, HWF_R8_UNORM, 23, 17, 1, 1, false},
      {"tex2D R8 SNORM", HWF_2D, HWF_R8_SNORM, 23, 17, 1, 1, false},
      {"tex2D R16 UNORM", HWF_2D, HWF_R16_UNORM, 23, 17, 1, 1, false},
      {"tex2D R16 SNORM", HWF_2D, HWF_R16_SNORM, 23, 17, 1, 1, false},
      {"tex1D R16 UNORM codes c, c+1", HWF_1D, HWF_R16_UNORM, 64, 1, 1, 1, false, true},
      {"tex3D R16 UNORM", HWF_3D, HWF_R16_UNORM, 9, 7, 5, 1, false},
      {"tex2DLod R32F 64x32, 6 levels", HWF_2D, HWF_R32F, 64, 32, 1, 6, true},
      {"tex2DLod R8 UNORM 32x32, 6 lv", HWF_2D, HWF_R8_UNORM, 32, 32, 1, 6, true},
      {"tex3DLod R32F 16^3, 5 levels", HWF_3D, HWF_R32F, 16, 16, 16, 5, true},
      {"tex2D R32F point", HWF_2D, HWF_R32F, 19, 13, 1, 1, false, false, true},
      {"tex1D R32F point normalized 37", HWF_1D, HWF_R32F, 37, 1, 1, 1, true, false, true},
  };
  long bad = 0;
  for (const Case& c : cases) bad += compare_case(c, g, 8192);
  std::printf("filter_hw_check: %s (%ld lookups differ from the nvidia profile)\n",
              bad == 0 ? "PASS" : "FAIL", bad);
  return bad == 0 ? 0 : 1;
}
