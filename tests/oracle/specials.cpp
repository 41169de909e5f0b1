// Special-value lanes for the differential oracle (issue 18): which inputs each class rewrites,
// for compute lanes one at a time and for fragment quads four at a time (derivatives follow).
#include "specials.hpp"

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <span>

#include "texunit/sample.hpp"

namespace texsim::oracle {
namespace {

using Rng = std::mt19937_64;

uint32_t pick(Rng& r, uint32_t n) {  // [0, n)
  return static_cast<uint32_t>(r() % n);
}

float nan_or_inf(Rng& r) {
  switch (pick(r, 4)) {
    case 0:
      return std::numeric_limits<float>::quiet_NaN();
    case 1:
      return -std::numeric_limits<float>::quiet_NaN();
    case 2:
      return std::numeric_limits<float>::infinity();
    default:
      return -std::numeric_limits<float>::infinity();
  }
}

float denormal(Rng& r) {
  const auto mant = static_cast<uint32_t>(1 + pick(r, 0x7fffff));
  const float d = std::bit_cast<float>(mant);
  return pick(r, 2) ? -d : d;
}

// A special coordinate: NaN, +-Inf, or a finite value far outside the texture. `finite_only`:
// lavapipe 22.3 itself crashes (SIGSEGV in its JIT code) on a cube direction with a NaN or an
// infinite component when it filters linearly or gathers (seed 1 case 391: gather; seed 2 case
// 431: textureLod, mag linear), so cube lanes get only huge finite values (decision P2).
float special_coord(Rng& r, bool finite_only = false) {
  switch (finite_only ? 2 + pick(r, 2) : pick(r, 4)) {
    case 0:
    case 1:
      return nan_or_inf(r);
    case 2:
      return pick(r, 2) ? 3.0e9f : -3.0e9f;
    default:
      return pick(r, 2) ? std::numeric_limits<float>::max() : -std::numeric_limits<float>::max();
  }
}

bool has_compare(const Batch& b) {
  return b.sampler.compare.has_value();
}

// Classes an op's lanes can take.
std::vector<Special> classes_for(const Batch& b) {
  std::vector<Special> c{Special::kCoord, Special::kDenormal};
  switch (b.op) {
    case Op::kLod:
    case Op::kShadowLod:
      c.push_back(Special::kNanLod);
      break;
    case Op::kGrad:
    case Op::kShadowGrad:
      c.push_back(Special::kNanDerivative);
      c.push_back(Special::kOverflowDerivative);
      break;
    case Op::kImplicit:
    case Op::kQueryLod:
      c.push_back(Special::kOverflowDerivative);
      break;
    case Op::kBias:
      c.push_back(Special::kOverflowDerivative);
      c.push_back(Special::kNanLod);
      break;
    default:
      break;
  }
  if (has_compare(b)) c.push_back(Special::kNanReference);
  return c;
}

unsigned coord_dims(const Batch& b) {
  const auto t = b.surface->desc().type;
  return t == texunit::SurfaceType::k3D || t == texunit::SurfaceType::kCube ? 3u : 2u;
}

// One compute lane: the request and the shader input (a: coord, b: ddx + lod, c: ddy + ref).
void special_compute_lane(const Batch& b, Special cls, Rng& r, texunit::SampleRequest& q, Lane& l) {
  const unsigned nd = coord_dims(b);
  const bool array = b.surface->desc().type == texunit::SurfaceType::k2DArray;
  const bool cube = b.surface->desc().type == texunit::SurfaceType::kCube;
  switch (cls) {
    case Special::kCoord: {
      const unsigned k = pick(r, array ? 3 : nd);
      const float v = special_coord(r, cube);
      if (array && k == 2) {
        q.array_index = v;
        q.coord[2] = v;
      } else {
        q.coord[k] = v;
      }
      l.a[k] = v;
      if (pick(r, 4) == 0) {  // sometimes a second axis too
        const unsigned k2 = (k + 1) % nd;
        q.coord[k2] = l.a[k2] = special_coord(r, cube);
      }
      break;
    }
    case Special::kDenormal: {
      const unsigned k = pick(r, nd);
      q.coord[k] = l.a[k] = denormal(r);
      if (b.op == Op::kLod || b.op == Op::kShadowLod) {
        if (pick(r, 2)) q.lod = l.b[3] = denormal(r);
      } else if (b.op == Op::kGrad || b.op == Op::kShadowGrad) {
        const unsigned j = pick(r, nd);
        q.ddx[j] = l.b[j] = denormal(r);
        if (pick(r, 2)) q.ddy[j] = l.c[j] = denormal(r);
      }
      break;
    }
    case Special::kNanLod:
      q.lod = l.b[3] = nan_or_inf(r);
      break;
    case Special::kNanDerivative: {
      const unsigned j = pick(r, nd);
      const float v = pick(r, 4) == 0 ? nan_or_inf(r) : std::numeric_limits<float>::quiet_NaN();
      if (pick(r, 2))
        q.ddx[j] = l.b[j] = v;
      else
        q.ddy[j] = l.c[j] = v;
      break;
    }
    case Special::kOverflowDerivative: {
      const float w = static_cast<float>(b.surface->desc().width);
      const unsigned j = pick(r, nd);
      float v = pick(r, 5) == 0 ? std::numeric_limits<float>::infinity()
                                : std::ldexp(1.0f, 60 + static_cast<int>(pick(r, 8))) / w;
      if (pick(r, 2)) v = -v;
      if (pick(r, 2))
        q.ddx[j] = l.b[j] = v;
      else
        q.ddy[j] = l.c[j] = v;
      break;
    }
    case Special::kNanReference:
      q.reference = l.c[3] = pick(r, 3) == 0 ? denormal(r) : nan_or_inf(r);
      break;
    case Special::kNone:
    case Special::kCount:
      break;
  }
}

// A fragment quad (lanes i..i+3): its pixel coordinates are rewritten and the coarse derivatives
// recomputed from them as the GPU does (texunit::quad_derivatives).
void special_quad(const Batch& b, Special cls, Rng& r, std::span<texunit::SampleRequest> q,
                  std::span<Lane> l) {
  const unsigned nd = coord_dims(b);
  std::array<std::array<float, 3>, 4> px{};
  for (size_t p = 0; p < 4; ++p) px[p] = q[p].coord;
  switch (cls) {
    case Special::kCoord: {
      const unsigned k = pick(r, nd);
      const size_t p0 = pick(r, 4);
      px[p0][k] = special_coord(r, b.surface->desc().type == texunit::SurfaceType::kCube);
      if (pick(r, 3) == 0)
        for (auto& p : px) p[k] = px[p0][k];  // the whole quad
      break;
    }
    case Special::kDenormal: {
      const unsigned k = pick(r, nd);
      const float base = denormal(r);
      const float step = denormal(r);
      px[0][k] = base;
      px[1][k] = base + step;
      px[2][k] = pick(r, 2) ? base : base - step;
      px[3][k] = px[1][k] + (px[2][k] - px[0][k]);
      if (b.op == Op::kBias && pick(r, 2)) {
        // A denormal shader bias (lavapipe's fragment threads read it as 0 under DAZ), half the
        // time on a quad whose LOD is exactly 0 (one texel per pixel along s), where it decides
        // between the min and mag filters (issue 33 defect 4, decision P23).
        const float bias = denormal(r);
        for (size_t p = 0; p < 4; ++p) q[p].lod = l[p].b[3] = bias;
        if (pick(r, 2) && b.surface->desc().type != texunit::SurfaceType::kCube) {
          const float texel = 1.0f / static_cast<float>(b.surface->desc().width);
          px[1] = px[2] = px[3] = px[0];
          px[1][0] = px[3][0] = px[0][0] + texel;
        }
      }
      break;
    }
    case Special::kOverflowDerivative: {
      const unsigned k = pick(r, nd);
      const float w = static_cast<float>(b.surface->desc().width);
      const float step = std::ldexp(1.0f, 60 + static_cast<int>(pick(r, 8))) / w;
      const size_t p = pick(r, 2) ? 1 : 2;
      px[p][k] = px[0][k] + step;
      px[3][k] = px[3 - p][k] + step;
      break;
    }
    case Special::kNanLod: {
      const float v = nan_or_inf(r);
      for (size_t p = 0; p < 4; ++p) q[p].lod = l[p].b[3] = v;
      break;
    }
    default:
      break;
  }
  const texunit::QuadDerivatives qd = texunit::quad_derivatives(px);
  for (size_t p = 0; p < 4; ++p) {
    q[p].coord = px[p];
    q[p].ddx = qd.ddx;
    q[p].ddy = qd.ddy;
    for (unsigned k = 0; k < 3; ++k) l[p].a[k] = px[p][k];
  }
}

}  // namespace

std::string_view special_name(Special s) {
  static constexpr std::array<std::string_view, kSpecialCount> kNames{
      "finite",           "A:nan-deriv", "B:coord",  "C:nan-ref",
      "D:overflow-deriv", "E:denormal",  "F:nan-lod"};
  return kNames[static_cast<size_t>(s)];
}

bool inject_reduction(Batch& b, unsigned percent) {
  if (b.samples.empty() || b.sampler.compare || percent == 0) return false;
  Rng r(b.seed * 0xd1b54a32d192ed03ull ^ (uint64_t{b.index} << 24) ^
        (static_cast<uint64_t>(b.op) << 4) ^ 0x3ed0c7u);
  if (pick(r, 100) >= percent) return false;
  b.sampler.reduction = pick(r, 2) ? texunit::Reduction::kMin : texunit::Reduction::kMax;
  return true;
}

bool inject_anisotropy(Batch& b, unsigned percent) {
  // Integer formats: lavapipe 22.3's JIT aborts on an anisotropic integer sampler (P12).
  if (b.samples.empty() || percent == 0 || b.format->uint_result) return false;
  // A one-level view with max_lod > 0 samples without a mip filter; with min != mag and a LOD
  // per lane (explicit LOD, bias, gradients) lavapipe 22.3 then crashes in LLVM's code
  // generation (P12), so such batches stay isotropic.
  const texunit::SamplerState& sm = b.sampler;
  const bool per_lane_lod = b.op == Op::kLod || b.op == Op::kGrad || b.op == Op::kShadowLod ||
                            b.op == Op::kShadowGrad || b.op == Op::kBias;
  if (per_lane_lod && b.surface->desc().mips == 1 && sm.max_lod > 0.0f &&
      sm.min_filter != sm.mag_filter)
    return false;
  Rng r(b.seed * 0xa0761d6478bd642full ^ (uint64_t{b.index} << 28) ^
        (static_cast<uint64_t>(b.op) << 12) ^ 0xa2150u);
  if (pick(r, 100) >= percent) return false;
  b.sampler.max_anisotropy = static_cast<float>(2 + pick(r, 15));
  // Half of them fractional (Vulkan's maxAnisotropy is a float): 1 + k / 256 in (1, 16],
  // lavapipe's truncation to an integer (decision P24) included, (1, 2) turning isotropic.
  if (pick(r, 2) == 0)
    b.sampler.max_anisotropy = 1.0f + static_cast<float>(1 + pick(r, 3840)) / 256.0f;
  return true;
}

std::vector<uint8_t> inject_scattered_lanes(Batch& b, std::span<const Special> special,
                                            unsigned percent) {
  std::vector<uint8_t> scattered(b.lanes.size(), 0);
  // Compute sampling ops on non-cube images (a cube's face coordinates stay in [0, 1]).
  if (b.samples.empty() || percent == 0 || is_fragment_op(b.op) || b.sampler.max_anisotropy <= 1 ||
      b.surface->desc().type == texunit::SurfaceType::kCube)
    return scattered;
  Rng r(b.seed * 0x8ebc6af09c88c6e3ull ^ (uint64_t{b.index} << 26) ^
        (static_cast<uint64_t>(b.op) << 20) ^ 0x5ca7u);
  constexpr size_t kGroup = 8;  // lavapipe's compute SIMD group (AVX2)
  for (size_t g = 0; g < b.samples.size(); g += kGroup) {
    if (pick(r, 100) >= percent) continue;
    for (size_t i = g; i < std::min(g + kGroup, b.samples.size()); ++i) {
      if (special[i] != Special::kNone) continue;  // keeps its class
      scattered[i] = 1;
      for (unsigned k = 0; k < 2; ++k) {
        float v = 0.0f;  // one lane in four at the origin, as a zero-filled group lane
        const uint32_t kind = pick(r, 4);
        if (kind == 1) v = static_cast<float>(static_cast<int32_t>(pick(r, 17)) - 8);
        if (kind >= 2) v = static_cast<float>(pick(r, 1u << 20)) / 65536.0f - 8.0f;
        b.samples[i].coord[k] = b.lanes[i].a[k] = v;
      }
    }
  }
  return scattered;
}

bool inject_mip_none(Batch& b, unsigned percent) {
  if (b.samples.empty() || percent == 0 || b.op == Op::kQueryLod) return false;
  if (b.sampler.max_anisotropy > 1) return false;
  Rng r(b.seed * 0xe7037ed1a0b428dbull ^ (uint64_t{b.index} << 24) ^
        (static_cast<uint64_t>(b.op) << 16) ^ 0x4d1fu);
  if (pick(r, 100) >= percent) return false;
  b.sampler.mip_filter = texunit::MipFilter::kNone;
  return true;
}

std::vector<Special> inject_specials(Batch& b, unsigned percent) {
  std::vector<Special> cls(b.lanes.size(), Special::kNone);
  if (b.samples.empty() || percent == 0) return cls;
  Rng r(b.seed * 0x9e3779b97f4a7c15ull ^ (uint64_t{b.index} << 20) ^
        (static_cast<uint64_t>(b.op) << 8) ^ 0x5bec1a1u);
  const std::vector<Special> pool = classes_for(b);
  const bool fragment = is_fragment_op(b.op);
  const size_t step = fragment ? 4 : 1;
  for (size_t i = 0; i + step <= b.samples.size(); i += step) {
    if (pick(r, 100) >= percent) continue;
    const Special c = pool[pick(r, static_cast<uint32_t>(pool.size()))];
    if (fragment) {
      special_quad(b, c, r, std::span(b.samples).subspan(i, 4), std::span(b.lanes).subspan(i, 4));
    } else {
      special_compute_lane(b, c, r, b.samples[i], b.lanes[i]);
    }
    for (size_t k = i; k < i + step; ++k) cls[k] = c;
  }
  return cls;
}

}  // namespace texsim::oracle
