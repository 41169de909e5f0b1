// lookup_bounds (bounds.hpp): the hull of texsim's d3d arithmetic over the candidates of
// bounds_lod.hpp and the sub-texel coordinate box, widened by the colour threshold.
#include "texunit/bounds.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "texunit/batch.hpp"
#include "texunit/cube.hpp"
#include "texunit/fetch.hpp"
#include "texunit/filter.hpp"
#include "texunit/format.hpp"
#include "texunit/lod.hpp"
#include "texunit/sample.hpp"
#include "texunit/unflushed.hpp"

namespace texsim::texunit {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Per channel [lo, hi]; `nan`: some result was NaN.
struct Box {
  std::array<double, 4> lo{kInf, kInf, kInf, kInf};
  std::array<double, 4> hi{-kInf, -kInf, -kInf, -kInf};
  std::array<bool, 4> nan{};
  void add(size_t c, double v) {
    if (std::isnan(v)) {
      nan[c] = true;
      return;
    }
    lo[c] = std::min(lo[c], v);
    hi[c] = std::max(hi[c], v);
  }
  void add(const std::array<double, 4>& v) {
    for (size_t c = 0; c < 4; ++c) add(c, v[c]);
  }
  void add(const Box& b) {
    for (size_t c = 0; c < 4; ++c) {
      lo[c] = std::min(lo[c], b.lo[c]);
      hi[c] = std::max(hi[c], b.hi[c]);
      nan[c] = nan[c] || b.nan[c];
    }
  }
};

std::array<double, 4> values(const Texel& t) {
  std::array<double, 4> v{};
  for (int c = 0; c < 4; ++c) {
    const auto i = static_cast<size_t>(c);
    switch (t.kind) {
      case TexelKind::kFloat:
        v[i] = t.f(c);
        break;
      case TexelKind::kSint:
        v[i] = t.i(c);
        break;
      case TexelKind::kUint:
        v[i] = t.u(c);
        break;
    }
  }
  return v;
}

// Face axes (major, s, t) of a cube face.
std::array<size_t, 3> cube_axes(uint32_t face) {
  switch (face / 2) {
    case 0:
      return {0, 2, 1};
    case 1:
      return {1, 0, 2};
    default:
      return {2, 0, 1};
  }
}

// The directions whose face selection an implementation may make: `dir`, and for a component
// within 2^-20 (relative) of the major one but not equal, `dir` with that component one ulp
// further out (Vulkan "Cube Map Face Selection"; an exact tie is broken Z, Y, X by D3D11.3
// §7.18.7, and the sub-texel box reaches across the shared edge anyway).
std::vector<std::array<float, 3>> cube_bases(const std::array<float, 3>& dir) {
  std::vector<std::array<float, 3>> out{dir};
  const float m = std::max({std::fabs(dir[0]), std::fabs(dir[1]), std::fabs(dir[2])});
  for (size_t a = 0; a < 3; ++a) {
    if (!(std::fabs(dir[a]) >= m * (1.0f - 0x1.0p-20f)) || !(m > 0.0f)) continue;
    if (std::fabs(dir[a]) == m) continue;
    std::array<float, 3> d = dir;
    d[a] = std::nextafter(d[a], std::signbit(d[a]) ? -INFINITY : INFINITY);
    if (cube_coord(d).face != cube_coord(dir).face) out.push_back(d);
  }
  return out;
}

// One quantum of the depth format's reference (0 for float depth).
double reference_quantum(const FormatInfo& fi) {
  const auto& r = fi.channels[0];
  if (r.kind == ChannelKind::kUnorm) return 1.0 / static_cast<double>((uint64_t{1} << r.bits) - 1);
  if (r.kind == ChannelKind::kSnorm)
    return 1.0 / static_cast<double>((uint64_t{1} << (r.bits - 1)) - 1);
  return 0.0;
}

// Offsets (texel units) at which to evaluate one axis of the +-`half` box around texel
// coordinate `t`: its ends and centre and, for linear filtering, every point inside where t
// crosses a texel centre (a bilinear result is linear between crossings, so the box's extremes
// lie at these points). `both_signs`: the axis may run against t (cube faces), so the mirrored
// crossings too.
std::vector<double> box_offsets(double t, double half, bool linear, bool both_signs) {
  std::vector<double> out{-half, 0.0, half};
  if (!linear) return out;
  for (double k = std::ceil(t - half); k <= t + half; k += 1.0) {
    if (k == t || std::fabs(k - t) >= half) continue;
    out.push_back(k - t);
    if (both_signs) out.push_back(t - k);
  }
  return out;
}

// tcu::computeFloatingPointError(value, bits).
double float_error(double value, unsigned bits) {
  const double a = std::fabs(value);
  if (!(a > 0.0) || !std::isfinite(a)) return 0.0;
  return std::ldexp(1.0, std::ilogb(a) - static_cast<int>(bits));
}

class Builder {
 public:
  Builder(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
          const BoundsPrecision& p, std::span<const SampleRequest> quad)
      : view_(view),
        sampler_(sampler),
        req_(req),
        p_(p),
        quad_(quad.size() == 4 ? quad : std::span<const SampleRequest>{}),
        fi_(format_info(view.desc.format)) {
    const auto t = view.desc.type;
    cube_ = t == SurfaceType::kCube || t == SurfaceType::kCubeArray;
    dims_ = cube_ ? 2 : view.desc.coord_dims();
    integer_ = fi_.is_integer();
    compare_ = sampler.compare.has_value() && !integer_;
    last_ = std::max(1u, view.desc.mips) - 1;
  }

  // The hull of every result the windows reach (before the colour threshold).
  Box hull() {
    Box out;
    if (req_.op == SampleOp::kLodQuery) return lod_query();
    if (req_.op == SampleOp::kGather) {
      for (const Box& b : level_set(Filter::kLinear, 0, true)) out.add(b);
      return out;
    }
    // An undefined LOD (NaN or infinite inputs: [-inf, inf]) is not clamped either: NaN passes
    // through an implementation's min/max (lavapipe reads level 0 below MinLOD).
    const auto biased = biased_lod_window(view_, sampler_, req_, p_, quad_);
    const bool undefined = biased[0] == -kInf && biased[1] == kInf;
    const auto lod = undefined ? biased : clamp_lod_window(sampler_, biased, p_);
    for (const BoundsCandidate& c :
         bounds_candidates(sampler_, view_.desc.mips, integer_, lod, p_)) {
      const Box a = level_hull(c.filter, c.level0);
      if (c.level1 == c.level0) {
        out.add(a);
        continue;
      }
      const Box b = level_hull(c.filter, c.level1);
      if (sampler_.reduction != Reduction::kWeightedAverage) {
        // Min/max reduction: Vulkan blends the two levels' reductions, D3D11.3 reduces over
        // both levels' footprints; either lies in the union of the levels' hulls.
        out.add(a);
        out.add(b);
        continue;
      }
      for (size_t ch = 0; ch < 4; ++ch) {
        out.nan[ch] = out.nan[ch] || a.nan[ch] || b.nan[ch];
        for (double x : {a.lo[ch], a.hi[ch]})
          for (double y : {b.lo[ch], b.hi[ch]})
            for (double w : {c.w0, c.w1}) out.add(ch, x * (1.0 - w) + y * w);
      }
    }
    return out;
  }

 private:
  const SurfaceView& view_;
  const SamplerState& sampler_;
  const SampleRequest& req_;
  const BoundsPrecision& p_;
  std::span<const SampleRequest> quad_;
  const FormatInfo& fi_;
  bool cube_ = false;
  unsigned dims_ = 2;
  bool integer_ = false;
  bool compare_ = false;
  uint32_t last_ = 0;
  std::vector<std::pair<std::array<uint32_t, 2>, Box>> cache_;  // (filter, level) -> hull

  std::array<uint32_t, 3> extent(uint32_t level) const {
    const auto& d = view_.desc;
    return {mip_extent(d.width, level), mip_extent(d.height, level), mip_extent(d.depth, level)};
  }

  // Vulkan's textureQueryLod: (clamped LOD, unclamped LOD). The clamped value may or may not
  // be clamped to the level chain too (Vulkan: x is relative to the base level and clamped to
  // [0, q]; D3D11.3 CalculateLevelOfDetail: the sampler's clamps only), and with a nearest
  // mipmap mode Vulkan returns the level (ceil(d + 0.5) - 1, D3D: floor(d + 0.5)): the union.
  Box lod_query() const {
    const auto pd = PrecisionProfile::d3d();
    auto q = [&](double x) { return static_cast<double>(quantize_lod(static_cast<float>(x), pd)); };
    const auto u = biased_lod_window(view_, sampler_, req_, p_, quad_);
    const auto c = clamp_lod_window(sampler_, u, p_);
    const double top = static_cast<double>(last_);
    Box b;
    b.lo = {q(c[0]), q(u[0]), 0.0, 0.0};
    b.hi = {q(c[1]), q(u[1]), 0.0, 0.0};
    b.add(0, q(std::clamp(c[0], 0.0, top)));
    b.add(0, q(std::clamp(c[1], 0.0, top)));
    if (sampler_.mip_filter != MipFilter::kLinear) {
      b.add(0, std::ceil(b.lo[0] + 0.5) - 1.0);
      b.add(0, std::floor(b.hi[0] + 0.5));
    }
    return b;
  }

  std::array<double, 4> eval(const SamplerState& s, const SampleRequest& q) const {
    return values(sample(view_, s, q, PrecisionProfile::d3d()).texel);
  }

  // d3d at one coordinate corner, over the reference window of comparison samplers (Vulkan
  // "Depth Compare Operation": the reference may be converted to the depth format or not).
  Box eval_corner(const SamplerState& s, const SampleRequest& q) const {
    Box b;
    const double quantum = compare_ ? reference_quantum(fi_) : 0.0;
    const CompareFunc f = compare_ ? *s.compare : CompareFunc::kAlways;
    if (!compare_ || quantum == 0.0 || f == CompareFunc::kNever || f == CompareFunc::kAlways) {
      b.add(eval(s, q));
      return b;
    }
    SampleRequest lo = q, hi = q;
    lo.reference = static_cast<float>(static_cast<double>(q.reference) - quantum);
    hi.reference = static_cast<float>(static_cast<double>(q.reference) + quantum);
    if (f != CompareFunc::kEqual && f != CompareFunc::kNotEqual) {
      b.add(eval(s, lo));  // monotone in the reference: the window's ends bound it
      b.add(eval(s, hi));
      return b;
    }
    // Taps within [ref - q, ref + q] may compare equal or not.
    SamplerState le = s, lt = s;
    le.compare = CompareFunc::kLessEqual;
    lt.compare = CompareFunc::kLess;
    const auto a = eval(le, lo);
    const auto c = eval(lt, hi);
    for (size_t k = 0; k < 4; ++k) {
      const double uncertain = std::max(0.0, a[k] - c[k]);
      b.add(k, f == CompareFunc::kEqual ? 0.0 : 1.0 - uncertain);
      b.add(k, f == CompareFunc::kEqual ? uncertain : 1.0);
    }
    return b;
  }

  Box level_hull(Filter filter, uint32_t level) {
    const std::array<uint32_t, 2> key{static_cast<uint32_t>(filter), level};
    for (const auto& [k, v] : cache_)
      if (k == key) return v;
    Box h;
    for (const Box& b : level_set(filter, level, false)) h.add(b);
    cache_.emplace_back(key, h);
    return h;
  }

  // d3d forced to `level` with `filter` (gather: the gather op itself) at the corners of the
  // +-1 sub-texel-step box around the request's coordinates on that level (Vulkan "Texel
  // Coordinate Operations": u, v, w to subTexelPrecisionBits), and where it crosses a centre.
  std::vector<Box> level_set(Filter filter, uint32_t level, bool gather) const {
    SamplerState s = sampler_;
    SampleRequest q = req_;
    if (!gather) {
      s.min_filter = s.mag_filter = filter;
      s.mip_filter = MipFilter::kPoint;
      s.min_lod = s.max_lod = static_cast<float>(level);
      s.lod_bias = 0.0f;
      s.max_anisotropy = 1;
      q.op = SampleOp::kLevel;
      q.lod = static_cast<float>(level);
    }
    const auto ext = extent(level);
    const double step = std::ldexp(1.0, -static_cast<int>(p_.subtexel_bits));
    const bool lin = filter == Filter::kLinear || gather;
    const bool norm = sampler_.normalized_coords;
    // Coordinate error per axis in texels; past a texel, every texel of the level (and the
    // border) is reachable.
    std::array<double, 3> half{step, step, step};
    bool whole = false;
    if (cube_) {
      const float m =
          std::max({std::fabs(req_.coord[0]), std::fabs(req_.coord[1]), std::fabs(req_.coord[2])});
      const double e = std::ldexp(static_cast<double>(ext[0]), 1 - static_cast<int>(p_.coord_bits));
      half = {step + e, step + e, 0.0};
      whole = !(m > 0.0);
    } else {
      for (unsigned a = 0; a < dims_ && a < 3; ++a) {
        const double c = req_.coord[a];
        const double scale = norm ? static_cast<double>(ext[a]) : 1.0;
        half[a] = step + float_error(c, p_.coord_bits) * scale;
      }
    }
    for (unsigned a = 0; a < 3; ++a) whole = whole || half[a] > 1.0;
    if (whole) return {whole_level(level, gather)};
    std::vector<Box> set;
    if (cube_) {
      for (const auto& base : cube_bases(req_.coord)) {
        const CubeCoord cc = cube_coord(base);
        const auto ax = cube_axes(cc.face);
        const double to_dir = 2.0 * std::fabs(static_cast<double>(cc.ma)) / ext[0];
        const auto si = box_offsets(static_cast<double>(cc.s) * ext[0] - 0.5, half[0], lin, true);
        const auto ti = box_offsets(static_cast<double>(cc.t) * ext[0] - 0.5, half[1], lin, true);
        for (double i : si)
          for (double j : ti) {
            SampleRequest r = q;
            r.coord = base;
            r.coord[ax[1]] = static_cast<float>(base[ax[1]] + i * to_dir);
            r.coord[ax[2]] = static_cast<float>(base[ax[2]] + j * to_dir);
            set.push_back(eval_corner(s, r));
            if (gather && integer_) add_integer_corner_alternatives(set, r);
          }
      }
      return set;
    }
    std::array<std::vector<double>, 3> off{{{0.0}, {0.0}, {0.0}}};
    for (unsigned a = 0; a < dims_ && a < 3; ++a) {
      const double t = static_cast<double>(req_.coord[a]) * (norm ? ext[a] : 1.0) - 0.5;
      off[a] = box_offsets(t, half[a], lin, false);
    }
    for (double i : off[0])
      for (double j : off[1])
        for (double k : off[2]) {
          SampleRequest r = q;
          const std::array<double, 3> d{i, j, k};
          for (unsigned a = 0; a < dims_ && a < 3; ++a)
            r.coord[a] = static_cast<float>(static_cast<double>(req_.coord[a]) +
                                            d[a] / (norm ? static_cast<double>(ext[a]) : 1.0));
          set.push_back(eval_corner(s, r));
        }
    return set;
  }

  // Every value a lookup on `level` can return when its coordinates are unknown: the hull of the
  // level's texels (every slice or face) and the border colour (a filter's result is a convex
  // combination of them); comparisons [0, 1].
  Box whole_level(uint32_t level, bool gather) const {
    Box b;
    if (compare_) {
      for (size_t c = 0; c < 4; ++c) {
        b.add(c, 0.0);
        b.add(c, 1.0);
      }
      return b;
    }
    const auto& d = view_.desc;
    const auto e = extent(level);
    const bool is3d = d.type == SurfaceType::k3D;
    const uint32_t slices = is3d ? e[2] : d.slices();
    for (uint32_t z = 0; z < slices; ++z)
      for (uint32_t y = 0; y < e[1]; ++y)
        for (uint32_t x = 0; x < e[0]; ++x) {
          FetchRequest f;
          f.coord = {x, y, is3d ? z : 0u};
          f.slice = is3d ? 0u : z;
          f.level = level;
          const auto v = values(fetch_texel(view_, f).texel);
          if (gather) {
            for (size_t c = 0; c < 4; ++c) b.add(c, v[req_.gather_component & 3u]);
          } else {
            b.add(v);
          }
        }
    // The border colour, and what a sampler reads for missing components.
    std::array<double, 4> border{};
    for (size_t c = 0; c < 4; ++c)
      border[c] =
          integer_ ? (fi_.result_kind == TexelKind::kSint
                          ? static_cast<double>(static_cast<int32_t>(sampler_.border_color_int[c]))
                          : static_cast<double>(sampler_.border_color_int[c]))
                   : static_cast<double>(sampler_.border_color[c]);
    if (gather) {
      for (size_t c = 0; c < 4; ++c) b.add(c, border[req_.gather_component & 3u]);
    } else {
      b.add(border);
    }
    for (size_t c = 0; c < 4; ++c) {  // defaults of missing components (0, 0, 0, 1)
      b.add(c, 0.0);
      if (c == 3) b.add(c, 1.0);
    }
    return b;
  }

  // A gather of an integer cube map at a corner: the missing texel (texsim: the mean of the
  // other three, decision D13) may come back as any of the three present texels.
  void add_integer_corner_alternatives(std::vector<Box>& set, const SampleRequest& r) const {
    const CubeCoord cc = cube_coord(r.coord);
    const uint32_t n = view_.desc.width;
    const auto pd = PrecisionProfile::d3d();
    const auto xs = linear_axis(cc.s, static_cast<float>(n), 0, pd);
    const auto ys = linear_axis(cc.t, static_cast<float>(n), 0, pd);
    auto out = [&](int64_t v) { return v < 0 || v >= static_cast<int64_t>(n); };
    for (size_t k = 0; k < 4; ++k) {
      const unsigned tap = kGatherOrder[k];
      if (!(out(xs.texel + (tap & 1u)) && out(ys.texel + (tap >> 1)))) continue;
      const Box base = set.back();
      for (size_t j = 0; j < 4; ++j) {
        if (j == k) continue;
        Box alt = base;
        alt.lo[k] = base.lo[j];
        alt.hi[k] = base.hi[j];
        set.push_back(alt);
      }
    }
  }
};

float round_down(double x) {
  auto f = static_cast<float>(x);
  if (static_cast<double>(f) > x) f = std::nextafter(f, -INFINITY);
  return f;
}
float round_up(double x) {
  auto f = static_cast<float>(x);
  if (static_cast<double>(f) < x) f = std::nextafter(f, INFINITY);
  return f;
}

uint32_t int_word(double x, TexelKind kind) {
  if (kind == TexelKind::kUint) return static_cast<uint32_t>(std::clamp(x, 0.0, 4294967295.0));
  return static_cast<uint32_t>(static_cast<int32_t>(std::clamp(x, -2147483648.0, 2147483647.0)));
}

double word_value(uint32_t w, TexelKind kind) {
  switch (kind) {
    case TexelKind::kFloat:
      return std::bit_cast<float>(w);
    case TexelKind::kSint:
      return static_cast<int32_t>(w);
    case TexelKind::kUint:
      break;
  }
  return w;
}

}  // namespace

bool bounds_contain(const LookupBounds& b, const Texel& result, unsigned mask) {
  for (int c = 0; c < 4; ++c) {
    if (!(mask >> c & 1u)) continue;
    const auto i = static_cast<size_t>(c);
    const double lo = word_value(b.lo.bits[i], b.lo.kind);
    const double hi = word_value(b.hi.bits[i], b.hi.kind);
    const double v = word_value(result.bits[i], b.lo.kind);
    if (std::isnan(v)) {
      if (!(lo == -kInf && hi == kInf)) return false;
    } else if (!(lo <= v && v <= hi)) {
      return false;
    }
  }
  return true;
}

BoundsContext::BoundsContext(const SurfaceView& view, const SamplerState& sampler,
                             const BoundsPrecision& precision)
    : view_(view), sampler_(sampler), p_(precision) {}

// Largest magnitude per channel over every level's texels and the border colour.
const std::array<double, 4>& BoundsContext::magnitude() {
  if (magnitude_ready_) return magnitude_;
  magnitude_ready_ = true;
  for (size_t c = 0; c < 4; ++c) magnitude_[c] = std::fabs(sampler_.border_color[c]);
  const auto& d = view_.desc;
  for (uint32_t l = 0; l < std::max(1u, d.mips); ++l) {
    const std::array<uint32_t, 3> e{mip_extent(d.width, l), mip_extent(d.height, l),
                                    mip_extent(d.depth, l)};
    const bool is3d = d.type == SurfaceType::k3D;
    const uint32_t slices = is3d ? e[2] : d.slices();
    for (uint32_t z = 0; z < slices; ++z)
      for (uint32_t y = 0; y < e[1]; ++y)
        for (uint32_t x = 0; x < e[0]; ++x) {
          FetchRequest f;
          f.coord = {x, y, is3d ? z : 0u};
          f.slice = is3d ? 0u : z;
          f.level = l;
          const Texel t = fetch_texel(view_, f).texel;
          for (int c = 0; c < 4; ++c) {
            const double v = std::fabs(static_cast<double>(t.f(c)));
            if (!std::isnan(v))
              magnitude_[static_cast<size_t>(c)] = std::max(magnitude_[static_cast<size_t>(c)], v);
          }
        }
  }
  return magnitude_;
}

// Vulkan lets an implementation keep or flush float32 denormals (shaderDenormPreserveFloat32,
// D3D11.3 §22.4.3 flushes them going into a comparison): the same lookup with every depth value,
// the border's R and the reference scaled by 2^64 keeps each comparison's order exactly and has
// no denormal left, so it compares as a device that does not flush. Returns (lo, hi, nan).
std::array<std::array<double, 4>, 3> BoundsContext::unflushed_compare(
    const SampleRequest& req, std::span<const SampleRequest> quad) {
  SurfaceView sv = view_;
  SamplerState ss = sampler_;
  SampleRequest sq = req;
  std::vector<SampleRequest> squad(quad.begin(), quad.end());
  scale_for_unflushed_compare(sv, scaled_, ss, sq, squad);
  const Box b = Builder(sv, ss, sq, p_, squad).hull();
  std::array<double, 4> nan{};
  for (size_t c = 0; c < 4; ++c) nan[c] = b.nan[c] ? 1.0 : 0.0;
  return {b.lo, b.hi, nan};
}

// Why no interval holds for `req` (every channel [-inf, +inf]), or nullptr.
const char* BoundsContext::unbounded_reason(const SampleRequest& req) const {
  const FormatInfo& fi = format_info(view_.desc.format);
  const auto type = view_.desc.type;
  const bool cube = type == SurfaceType::kCube || type == SurfaceType::kCubeArray;
  // A NaN or infinite coordinate or layer, or a texel position beyond 2^24 (where float32 has no
  // fraction left and fixed-point converters overflow): Vulkan "Texel Coordinate Operations"
  // defines no result (implementations return NaN, the border or any texel).
  bool undefined_coord = !(std::fabs(req.array_index) < 0x1.0p24);
  const unsigned dims = cube ? 3 : view_.desc.coord_dims();
  const std::array<double, 3> size{static_cast<double>(view_.desc.width),
                                   static_cast<double>(view_.desc.height),
                                   static_cast<double>(view_.desc.depth)};
  for (unsigned a = 0; a < dims && a < 3; ++a) {
    const double t =
        static_cast<double>(req.coord[a]) * (sampler_.normalized_coords && !cube ? size[a] : 1.0);
    undefined_coord = undefined_coord || !(std::fabs(t) < 0x1.0p24);
  }
  if (undefined_coord) return "a NaN, infinite or out-of-range coordinate: undefined in Vulkan";
  const bool query = req.op == SampleOp::kLodQuery;
  const bool compare = sampler_.compare.has_value() && !fi.is_integer();
  // VkSamplerCreateInfo: compareEnable requires the weighted-average reduction (D3D11.3 has no
  // comparison min/max filter either).
  if (compare && sampler_.reduction != Reduction::kWeightedAverage && !query)
    return "a comparison sampler with a min/max reduction: invalid in Vulkan";
  const bool gather_2d = type == SurfaceType::k2D || type == SurfaceType::k2DArray || cube;
  if (req.op == SampleOp::kGather && !gather_2d)
    return "a gather of a 1D or 3D surface: invalid in Vulkan (OpImageGather) and D3D";
  // Vulkan: integer formats lack VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT, so a linear
  // filter on one is invalid usage and its result undefined (D3D11.3 point-samples).
  if (fi.is_integer() && !query &&
      (sampler_.min_filter == Filter::kLinear || sampler_.mag_filter == Filter::kLinear ||
       sampler_.mip_filter == MipFilter::kLinear))
    return "linear filtering of an integer format: undefined in Vulkan";
  // Vulkan "Texel Anisotropic Filtering" leaves the footprint, the sample count and the LOD of
  // the minor axis to the implementation (lavapipe filters explicit-LOD lookups anisotropically
  // too): every op but the gathers, which do not filter.
  if (sampler_.max_anisotropy > 1 && req.op != SampleOp::kGather)
    return "anisotropic filtering: Vulkan leaves the footprint to the implementation";
  return nullptr;
}

// The colour threshold of channel `c` of `req`'s result (a float result).
double BoundsContext::threshold(const SampleRequest& req, size_t c) {
  const FormatInfo& fi = format_info(view_.desc.format);
  if (req.op == SampleOp::kLodQuery) return 0x1.0p-20;
  if (sampler_.compare.has_value() && !fi.is_integer()) return 0x1.0p-16;
  // A gather returns the gathered component in every channel.
  const size_t src = req.op == SampleOp::kGather ? req.gather_component & 3u : c;
  const auto& ch = fi.channels[src];
  // CTS: 2^-(bits - 1) when only nearest filtering is involved, 2^-(bits - 2) otherwise
  // (computeFixedPointThreshold of the format's bits less one or two); color_bits: 2^-n.
  const bool nearest = sampler_.min_filter == Filter::kPoint &&
                       sampler_.mag_filter == Filter::kPoint &&
                       sampler_.mip_filter != MipFilter::kLinear && req.op != SampleOp::kGather;
  const int bits = p_.color_bits != 0 ? static_cast<int>(p_.color_bits) + 1
                                      : std::max<int>(ch.bits, 8) - (nearest ? 0 : 1);
  switch (ch.kind) {
    case ChannelKind::kUnorm:
    case ChannelKind::kSrgb:
    case ChannelKind::kSnorm:
      return std::ldexp(1.0, -(bits - 1)) + 0x1.0p-20;
    case ChannelKind::kFloat:
    case ChannelKind::kSharedExp:
      return magnitude()[src] * std::ldexp(1.0, -static_cast<int>(p_.float_bits)) + 0x1.0p-126;
    default:
      return 0x1.0p-20;  // a missing component: a constant
  }
}

LookupBounds BoundsContext::bounds(const SampleRequest& req, std::span<const SampleRequest> quad) {
  LookupBounds out;
  const TexelKind kind = sample_result_kind(view_, sampler_, req.op);
  out.lo.kind = out.hi.kind = kind;
  const FormatInfo& fi = format_info(view_.desc.format);
  const bool compare = sampler_.compare.has_value() && !fi.is_integer();
  Box h;
  if (const char* why = unbounded_reason(req)) {
    out.bounded = false;
    out.note = why;
    for (size_t c = 0; c < 4; ++c) h.nan[c] = true;
  } else if (compare && std::isnan(req.reference) && req.op != SampleOp::kLodQuery) {
    // A NaN reference: Vulkan "Depth Compare Operation" orders no NaN, so every tap may pass or
    // fail; the result is a weight sum in [0, 1].
    for (size_t c = 0; c < 4; ++c) {
      h.add(c, 0.0);
      h.add(c, 1.0);
    }
  } else {
    h = Builder(view_, sampler_, req, p_, quad).hull();
    const auto& r = fi.channels[0];
    if (compare && r.kind == ChannelKind::kFloat && r.bits == 32 && fi.bytes_per_block == 4 &&
        req.op != SampleOp::kLodQuery) {
      const auto u = unflushed_compare(req, quad);
      for (size_t c = 0; c < 4; ++c) {
        h.add(c, u[0][c]);
        h.add(c, u[1][c]);
        h.nan[c] = h.nan[c] || u[2][c] != 0.0;
      }
    }
  }
  for (size_t c = 0; c < 4; ++c) {
    const bool open = h.nan[c] || !(h.lo[c] <= h.hi[c]);
    if (open) {
      out.bounded = false;
      if (out.note.empty()) out.note = "a NaN may come back";
    }
    if (kind != TexelKind::kFloat) {
      out.lo.bits[c] = int_word(open ? -kInf : h.lo[c], kind);
      out.hi.bits[c] = int_word(open ? kInf : h.hi[c], kind);
      continue;
    }
    const double t = open ? 0.0 : threshold(req, c);
    out.lo.bits[c] = std::bit_cast<uint32_t>(open ? -INFINITY : round_down(h.lo[c] - t));
    out.hi.bits[c] = std::bit_cast<uint32_t>(open ? INFINITY : round_up(h.hi[c] + t));
  }
  return out;
}

LookupBounds lookup_bounds(const SurfaceView& view, const SamplerState& sampler,
                           const SampleRequest& req, const BoundsPrecision& precision,
                           std::span<const SampleRequest> quad) {
  BoundsContext ctx(view, sampler, precision);
  return ctx.bounds(req, quad);
}

}  // namespace texsim::texunit
