// Conformance-style d3d verifier (see verify.hpp): LOD bounds as VK-GL-CTS
// computeLodBoundsFromDerivates/clampLodBounds and the candidate levels, both from the library's
// conformant range (texunit/bounds_lod.hpp), then corner evaluations of texunit::sample.
#include "verify.hpp"

#include "texunit/unflushed.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "texunit/bounds_lod.hpp"
#include "texunit/cube.hpp"
#include "texunit/fetch.hpp"
#include "texunit/filter.hpp"
#include "texunit/format.hpp"
#include "texunit/lod.hpp"

namespace texsim::oracle {
namespace {

using texunit::AddressMode;
using texunit::ChannelKind;
using texunit::CompareFunc;
using texunit::Filter;
using texunit::FormatInfo;
using texunit::MipFilter;
using texunit::SampleOp;
using texunit::SampleRequest;
using texunit::SamplerState;
using texunit::SurfaceType;
using texunit::SurfaceView;

constexpr double kInf = std::numeric_limits<double>::infinity();

// Per component [lo, hi].
struct Box {
  std::array<double, 4> lo{kInf, kInf, kInf, kInf};
  std::array<double, 4> hi{-kInf, -kInf, -kInf, -kInf};
  void add(const std::array<double, 4>& v) {
    for (size_t c = 0; c < 4; ++c) {
      lo[c] = std::min(lo[c], v[c]);
      hi[c] = std::max(hi[c], v[c]);
    }
  }
  void add(const Box& b) {
    for (size_t c = 0; c < 4; ++c) {
      lo[c] = std::min(lo[c], b.lo[c]);
      hi[c] = std::max(hi[c], b.hi[c]);
    }
  }
};

// The d3d results of one (filter, level) over the windows: one box per coordinate corner.
struct LevelSet {
  std::vector<Box> corners;
  Box hull() const {
    Box h;
    for (const Box& b : corners) h.add(b);
    return h;
  }
};

// One way the device may have produced its result: levels, blend-weight interval, filter.
struct Candidate {
  Filter filter = Filter::kPoint;
  uint32_t level0 = 0, level1 = 0;
  double w0 = 0.0, w1 = 0.0;  // level1's weight interval (level1 == level0: unused)
};

// tcu::computeLodBoundsFromDerivates, shared with the library's conformant range
// (texunit/bounds_lod.hpp): lower bound from the max-abs norm, upper from sqrt(2) times the L1
// norm, each widened by the derivative error, then by the LOD error.
std::array<double, 2> lod_bounds_from_derivatives(const std::array<double, 3>& dx,
                                                  const std::array<double, 3>& dy,
                                                  const VerifyPrecision& p) {
  texunit::BoundsPrecision bp;
  bp.derivative_bits = p.derivate_bits;
  bp.lod_bits_derivative = p.lod_bits_derivative;
  return texunit::lod_bounds_from_derivatives(dx, dy, bp);
}

// Face axes (major, s, t) as tcu's computeCubeLodBoundsFromDerivates indexes them.
std::array<int, 3> cube_axes(uint32_t face) {
  switch (face / 2) {
    case 0:
      return {0, 2, 1};
    case 1:
      return {1, 0, 2};
    default:
      return {2, 0, 1};
  }
}

// Face-space derivative magnitudes times the face size, for a direction `dir` on `face`.
// `signed_ma`: d|ma| = sign(ma) * d(ma) (exact); otherwise |d(ma)| as CTS computes it ("signs
// don't matter").
std::array<double, 3> cube_face_derivative(const std::array<float, 3>& dir,
                                           const std::array<float, 3>& d, uint32_t face,
                                           double size, bool signed_ma) {
  const auto ax = cube_axes(face);
  const double ma = std::fabs(static_cast<double>(dir[static_cast<size_t>(ax[0])]));
  if (!(ma > 0.0)) return {0.0, 0.0, 0.0};
  const double sign = dir[static_cast<size_t>(ax[0])] < 0.0f ? -1.0 : 1.0;
  const double dma = signed_ma ? sign * d[static_cast<size_t>(ax[0])]
                               : std::fabs(static_cast<double>(d[static_cast<size_t>(ax[0])]));
  std::array<double, 3> out{};
  for (size_t k = 0; k < 2; ++k) {
    const auto i = static_cast<size_t>(ax[k + 1]);
    out[k] = size * 0.5 * (static_cast<double>(d[i]) * ma - static_cast<double>(dir[i]) * dma) /
             (ma * ma);
  }
  return out;
}

// The faces whose derivative projection a device's LOD may use for `dir`: the major axis, and
// any axis that nearly ties with it (within 2^-10 relative). An exact tie is no latitude: D3D11.3
// §7.18.7 and §7.18.11 break it Z, then Y, then X, as texunit::cube_coord does, and only that
// face is used (the sampled value cannot show the order: at a tie the sample lies on the edge
// the two faces share, and the ±1/256-texel box already reaches across it; the LOD, from the
// derivatives projected onto the face, can).
std::vector<uint32_t> cube_faces(const std::array<float, 3>& dir) {
  std::vector<uint32_t> faces{texunit::cube_coord(dir).face};
  const float m = std::max({std::fabs(dir[0]), std::fabs(dir[1]), std::fabs(dir[2])});
  for (uint32_t a = 0; a < 3; ++a) {
    if (std::fabs(dir[a]) == m) continue;  // the major axis, or an exact tie
    if (std::fabs(dir[a]) >= m * (1.0f - 0x1.0p-10f))
      faces.push_back(2 * a + (dir[a] < 0.0f || std::signbit(dir[a]) ? 1u : 0u));
  }
  return faces;
}

// The directions whose face selection a device may make: `dir`, and for every component that
// nearly ties with the major axis (within 2^-20 relative, but not equal), `dir` with that
// component one ulp further from zero (which selects its face without moving the sample
// position measurably). An exact tie is no latitude: D3D11.3 §7.18.7 breaks it Z, then Y, then
// X, as texunit::cube_coord does.
std::vector<std::array<float, 3>> cube_bases(const std::array<float, 3>& dir) {
  std::vector<std::array<float, 3>> out{dir};
  const float m = std::max({std::fabs(dir[0]), std::fabs(dir[1]), std::fabs(dir[2])});
  for (size_t a = 0; a < 3; ++a) {
    if (!(std::fabs(dir[a]) >= m * (1.0f - 0x1.0p-20f)) || !(m > 0.0f)) continue;
    if (std::fabs(dir[a]) == m) continue;  // the major axis itself, or an exact tie
    std::array<float, 3> d = dir;
    d[a] = std::nextafter(d[a], std::signbit(d[a]) ? -INFINITY : INFINITY);
    if (texunit::cube_coord(d).face != texunit::cube_coord(dir).face) out.push_back(d);
  }
  return out;
}

// The value a device's depth comparison may use: the reference +- one quantum of the format
// (0 for float depth, which neither side quantizes).
double reference_quantum(const FormatInfo& fi) {
  const auto& r = fi.channels[0];
  if (r.kind == ChannelKind::kUnorm) return 1.0 / static_cast<double>((uint64_t{1} << r.bits) - 1);
  if (r.kind == ChannelKind::kSnorm)
    return 1.0 / static_cast<double>((uint64_t{1} << (r.bits - 1)) - 1);
  return 0.0;
}

class Verifier {
 public:
  Verifier(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
           const DeviceResult& dev, const VerifyPrecision& p, std::span<const SampleRequest> quad)
      : view_(view),
        sampler_(sampler),
        req_(req),
        dev_(dev),
        p_(p),
        quad_(quad.size() == 4 ? quad : std::span<const SampleRequest>{}),
        fi_(texunit::format_info(view.desc.format)) {
    const auto t = view.desc.type;
    cube_ = t == SurfaceType::kCube || t == SurfaceType::kCubeArray;
    dims_ = cube_ ? 2 : view.desc.coord_dims();
    integer_ = fi_.is_integer();
    compare_ = sampler.compare.has_value() && !integer_;
    last_ = std::max(1u, view.desc.mips) - 1;
  }

  Verdict run() {
    Verdict v = run_strict();
    if (v.ok) return v;
    const float ax = std::fabs(req_.coord[0]);
    if (p_.allow_cube_corner_mean && cube_ && ax > 0.0f && ax == std::fabs(req_.coord[1]) &&
        ax == std::fabs(req_.coord[2]) &&
        (sampler_.min_filter == Filter::kPoint || sampler_.mag_filter == Filter::kPoint)) {
      // Decision O9: the same lookup with linear filtering, which at the corner is the mean of
      // the three texels (§7.18.12).
      SamplerState ls = sampler_;
      ls.min_filter = ls.mag_filter = Filter::kLinear;
      VerifyPrecision lp = p_;
      lp.allow_cube_corner_mean = false;
      Verifier linear(view_, ls, req_, dev_, lp, quad_);
      if (linear.run().ok) {
        v = {};
        v.departure = "point sampling at an exact cube corner returned the three-texel mean";
        return v;
      }
    }
    if (!p_.allow_denormal_departures) return v;
    // Decision O8: lavapipe's compute shaders keep float32 denormals where D3D11.3 flushes them.
    if (denormal_only_) {
      v = {};
      v.departure = "filtered result left denormal (D3D11.3 §3.1.3.2 flushes it)";
      return v;
    }
    if (compare_ && fi_.channels[0].kind == ChannelKind::kFloat && fi_.channels[0].bits == 32) {
      // The same lookup as a device that keeps denormals (texunit/unflushed.hpp).
      std::vector<uint8_t> scaled;
      SurfaceView sv = view_;
      SamplerState ss = sampler_;
      SampleRequest sq = req_;
      std::vector<SampleRequest> squad(quad_.begin(), quad_.end());
      scale_for_unflushed_compare(sv, scaled, ss, sq, squad);
      VerifyPrecision sp = p_;
      sp.allow_denormal_departures = false;
      Verifier scaled_verifier(sv, ss, sq, dev_, sp, squad);
      if (scaled_verifier.run().ok) {
        v = {};
        v.departure = "comparison of unflushed denormals (D3D11.3 §22.4.3 flushes them)";
      }
    }
    return v;
  }

 private:
  Verdict run_strict() {
    if (req_.op == SampleOp::kLodQuery) return run_lod_query();
    std::vector<std::pair<Candidate, Box>> tried;
    if (req_.op == SampleOp::kGather) {
      const LevelSet& s = level_set(Filter::kLinear, 0, true);
      for (const Box& b : s.corners) {
        if (matches(b)) return {};
        tried.push_back({Candidate{}, b});
      }
      return fail(tried);
    }
    for (const Candidate& c : candidates()) {
      const bool discrete = c.filter == Filter::kPoint && c.level1 == c.level0;
      // Only a single texel read without arithmetic may come back denormal: point sampling
      // (§22.4.15), also as a level blend whose weight window reaches 0 (no blend then).
      const bool may_denormal = c.filter == Filter::kPoint && (discrete || c.w0 == 0.0);
      auto accept = [&](const Box& b) {
        if (!matches(b)) return false;
        if (may_denormal || !denormal_result()) return true;
        denormal_only_ = true;
        return false;
      };
      const LevelSet& a = level_set(c.filter, c.level0, false);
      if (c.level1 == c.level0) {
        if (discrete) {
          for (const Box& b : a.corners) {
            if (accept(b)) return {};
            tried.push_back({c, b});
          }
        } else {
          const Box h = a.hull();
          if (accept(h)) return {};
          tried.push_back({c, h});
        }
        continue;
      }
      const Box ha = a.hull();
      const Box hb = level_set(c.filter, c.level1, false).hull();
      Box blend;
      for (size_t ch = 0; ch < 4; ++ch) {
        for (double x : {ha.lo[ch], ha.hi[ch]})
          for (double y : {hb.lo[ch], hb.hi[ch]})
            for (double w : {c.w0, c.w1}) {
              const double v = x * (1.0 - w) + y * w;
              blend.lo[ch] = std::min(blend.lo[ch], v);
              blend.hi[ch] = std::max(blend.hi[ch], v);
            }
      }
      if (accept(blend)) return {};
      tried.push_back({c, blend});
    }
    Verdict v = fail(tried);
    if (denormal_only_) {
      v.why =
          "the result is a float32 denormal, but every candidate filters (D3D11.3 §3.1.3.2 "
          "flushes filter outputs; only point sampling may keep one) | " +
          v.why;
    }
    return v;
  }

  // Whether a defined float component of the device result is a nonzero denormal.
  bool denormal_result() const {
    if (dev_.uint_result) return false;
    for (size_t c = 0; c < 4; ++c) {
      if (!(dev_.mask >> c & 1u)) continue;
      const uint32_t b = dev_.bits[c];
      if ((b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0) return true;
    }
    return false;
  }

  const SurfaceView& view_;
  const SamplerState& sampler_;
  const SampleRequest& req_;
  const DeviceResult& dev_;
  const VerifyPrecision& p_;
  std::span<const SampleRequest> quad_;  // fragment lookups: the quad's four requests
  const FormatInfo& fi_;
  bool cube_ = false;
  unsigned dims_ = 2;
  bool integer_ = false;
  bool compare_ = false;
  uint32_t last_ = 0;
  std::vector<std::pair<std::array<uint32_t, 3>, LevelSet>> cache_;  // (filter, level, gather)
  std::array<double, 4> magnitude_{};
  bool magnitude_ready_ = false;
  bool denormal_only_ = false;  // a candidate matched but for a denormal D3D would flush

  std::array<uint32_t, 3> extent(uint32_t level) const {
    const auto& d = view_.desc;
    return {texunit::mip_extent(d.width, level), texunit::mip_extent(d.height, level),
            texunit::mip_extent(d.depth, level)};
  }

  // [lodMin, lodMax] after bias and clamp (D3D order: MinLOD wins over MaxLOD).
  std::array<double, 2> lod_interval() const { return clamp_interval(biased_lod_interval()); }

  // tcu::clampLodBounds with the 8.8 quantum as the error of the clamp values.
  std::array<double, 2> clamp_interval(const std::array<double, 2>& b) const {
    const double e = std::ldexp(1.0, -static_cast<int>(p_.lod_bits_explicit));
    const double mn = sampler_.min_lod, mx = sampler_.max_lod;
    return {std::max(mn - e, std::min(mx - e, b[0])), std::max(mn + e, std::min(mx + e, b[1]))};
  }

  // Where a derivative LOD may come from: the lane's direction and derivatives; in a fragment
  // quad, any of its four lanes' directions with the coarse (the request's) or that lane's fine
  // derivatives, since Vulkan lets implicit derivatives be coarse or fine and the LOD be
  // computed per pixel or per quad (a quad spanning cube faces then differs by face).
  struct LodSource {
    std::array<float, 3> dir, ddx, ddy;
  };
  std::vector<LodSource> lod_sources() const {
    if (quad_.empty()) return {{req_.coord, req_.ddx, req_.ddy}};
    std::vector<LodSource> out;
    for (size_t k = 0; k < 4; ++k) {
      out.push_back({quad_[k].coord, req_.ddx, req_.ddy});
      LodSource fine{quad_[k].coord, {}, {}};
      const size_t row = k & 2u, col = k & 1u;
      for (size_t i = 0; i < 3; ++i) {
        fine.ddx[i] = quad_[row + 1].coord[i] - quad_[row].coord[i];
        fine.ddy[i] = quad_[col + 2].coord[i] - quad_[col].coord[i];
      }
      out.push_back(fine);
    }
    return out;
  }

  // [lodMin, lodMax] with the sampler's and the instruction's bias, before the clamp.
  std::array<double, 2> biased_lod_interval() const {
    std::array<double, 2> b{};
    const double bias = std::clamp(static_cast<double>(sampler_.lod_bias), -16.0, 15.99);
    if (req_.op == SampleOp::kLevel || req_.op == SampleOp::kLevelZero) {
      const double e = std::ldexp(1.0, -static_cast<int>(p_.lod_bits_explicit));
      const float base = req_.op == SampleOp::kLevel ? req_.lod : 0.0f;
      const double l = static_cast<double>(base + static_cast<float>(bias));
      b = {l - e, l + e};
      if (req_.op == SampleOp::kLevelZero) b = {-e, e};
    } else {
      b = {kInf, -kInf};
      auto widen = [&](const std::array<double, 3>& dx, const std::array<double, 3>& dy) {
        const auto lb = lod_bounds_from_derivatives(dx, dy, p_);
        b[0] = std::min(b[0], lb[0]);
        b[1] = std::max(b[1], lb[1]);
      };
      for (const LodSource& src : lod_sources()) {
        if (cube_) {
          const double size = view_.desc.width;
          for (uint32_t face : cube_faces(src.dir)) {
            for (bool sgn : {true, false}) {
              widen(cube_face_derivative(src.dir, src.ddx, face, size, sgn),
                    cube_face_derivative(src.dir, src.ddy, face, size, sgn));
            }
          }
        } else {
          const auto e0 = extent(0);
          std::array<double, 3> dx{}, dy{};
          for (unsigned a = 0; a < dims_; ++a) {
            dx[a] = static_cast<double>(src.ddx[a]) * e0[a];
            dy[a] = static_cast<double>(src.ddy[a]) * e0[a];
          }
          widen(dx, dy);
        }
      }
      if (std::isnan(b[0]) || std::isnan(b[1])) b = {-kInf, kInf};
      double total = bias;
      if (req_.op == SampleOp::kBias)
        total += std::clamp(static_cast<double>(req_.lod), -16.0, 15.99);
      b[0] += total;
      b[1] += total;
    }
    return b;
  }

  // textureQueryLod / D3D `lod`: (clamped LOD, unclamped LOD). The d3d profile returns both on
  // 8.8 fixed point; quantization is monotone, so the windows' ends bound every value.
  Verdict run_lod_query() {
    const auto pd = texunit::PrecisionProfile::d3d();
    auto q = [&](double x) {
      return static_cast<double>(texunit::quantize_lod(static_cast<float>(x), pd));
    };
    const auto u = biased_lod_interval();
    auto c = clamp_interval(u);
    const double top = static_cast<double>(last_);
    c = {std::clamp(c[0], 0.0, top), std::clamp(c[1], 0.0, top)};
    Box b;
    b.lo = {q(c[0]), q(u[0]), 0.0, 0.0};
    b.hi = {q(c[1]), q(u[1]), 0.0, 0.0};
    if (sampler_.mip_filter == MipFilter::kPoint) {
      // Vulkan's x is the level a NEAREST mipmap mode reads (ceil(d + 0.5) - 1); D3D's `lod`
      // returns the clamped LOD itself. Either rounding of a .5 tie is accepted.
      b.lo[0] = std::ceil(b.lo[0] + 0.5) - 1.0;
      b.hi[0] = std::floor(b.hi[0] + 0.5);
    }
    if (matches(b)) return {};
    return fail({{Candidate{}, b}});
  }

  // The library's candidates (texunit::bounds_candidates) over the clamped LOD window.
  std::vector<Candidate> candidates() const {
    texunit::BoundsPrecision bp;
    bp.blend_bits = p_.blend_bits;
    std::vector<Candidate> out;
    for (const auto& c :
         texunit::bounds_candidates(sampler_, view_.desc.mips, integer_, lod_interval(), bp))
      out.push_back({c.filter, c.level0, c.level1, c.w0, c.w1});
    return out;
  }

  std::array<double, 4> values(const texunit::Texel& t) const {
    std::array<double, 4> v{};
    for (int c = 0; c < 4; ++c) {
      switch (t.kind) {
        case texunit::TexelKind::kFloat:
          v[static_cast<size_t>(c)] = t.f(c);
          break;
        case texunit::TexelKind::kSint:
          v[static_cast<size_t>(c)] = t.i(c);
          break;
        case texunit::TexelKind::kUint:
          v[static_cast<size_t>(c)] = t.u(c);
          break;
      }
    }
    return v;
  }

  std::array<double, 4> eval(const SamplerState& s, const SampleRequest& q) const {
    return values(texunit::sample(view_, s, q, texunit::PrecisionProfile::d3d()).texel);
  }

  // d3d at one coordinate corner, over the reference window for comparison samplers.
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
      // Monotone in the reference: the window's ends bound it.
      b.add(eval(s, lo));
      b.add(eval(s, hi));
      return b;
    }
    // Taps whose texel lies in [ref - q, ref + q] may compare equal or not: their weight is
    // PCF(LESS_EQUAL, ref - q) - PCF(LESS, ref + q).
    SamplerState le = s, lt = s;
    le.compare = CompareFunc::kLessEqual;
    lt.compare = CompareFunc::kLess;
    const auto a = eval(le, lo);
    const auto c = eval(lt, hi);
    for (size_t k = 0; k < 4; ++k) {
      const double uncertain = std::max(0.0, a[k] - c[k]);
      if (f == CompareFunc::kEqual) {
        b.lo[k] = 0.0;
        b.hi[k] = uncertain;
      } else {
        b.lo[k] = 1.0 - uncertain;
        b.hi[k] = 1.0;
      }
    }
    return b;
  }

  // Offsets (texel units) at which to evaluate one axis of the +-`step` box around texel
  // coordinate `t` (u * size - 0.5): its ends and centre and, for linear filtering, the point
  // inside where t crosses an integer. A bilinear result is linear between such crossings but
  // not across one (the tap pair changes there), so the crossing is where it can peak.
  // `both_signs`: the caller's axis may run against t (cube faces), so take the crossing's
  // mirror image too (also inside the box).
  static std::vector<double> box_offsets(double t, double step, bool linear,
                                         bool both_signs = false) {
    std::vector<double> out{-step, 0.0, step};
    const double k = std::round(t);
    if (linear && std::fabs(k - t) < step && k != t) {
      out.push_back(k - t);
      if (both_signs) out.push_back(t - k);
    }
    return out;
  }

  // d3d forced to `level` with `filter` (gather: level 0, the gather op), at the corners of the
  // +-1 sub-texel-step box around the request's coordinates on that level, and where the box
  // crosses a texel centre (box_offsets).
  const LevelSet& level_set(Filter filter, uint32_t level, bool gather) {
    const std::array<uint32_t, 3> key{static_cast<uint32_t>(filter), level, gather ? 1u : 0u};
    for (const auto& [k, v] : cache_)
      if (k == key) return v;
    SamplerState s = sampler_;
    SampleRequest q = req_;
    if (!gather) {
      s.min_filter = s.mag_filter = filter;
      s.mip_filter = MipFilter::kPoint;
      s.min_lod = s.max_lod = static_cast<float>(level);
      s.lod_bias = 0.0f;
      q.op = SampleOp::kLevel;
      q.lod = static_cast<float>(level);
    }
    LevelSet set;
    const auto ext = extent(level);
    const double step = std::ldexp(1.0, -static_cast<int>(p_.subtexel_bits));
    if (cube_) {
      // Around the request's direction, and around each tie-breaking alternative (a tied
      // component nudged by one ulp outwards makes its face the selected one).
      for (const auto& base : cube_bases(req_.coord)) {
        const texunit::CubeCoord cc = texunit::cube_coord(base);
        const auto ax = cube_axes(cc.face);
        // Texel units on the face -> direction units.
        const double to_dir = 2.0 * std::fabs(static_cast<double>(cc.ma)) / ext[0];
        const bool lin = filter == Filter::kLinear || gather;
        const auto si = box_offsets(static_cast<double>(cc.s) * ext[0] - 0.5, step, lin, true);
        const auto ti = box_offsets(static_cast<double>(cc.t) * ext[0] - 0.5, step, lin, true);
        for (double i : si)
          for (double j : ti) {
            SampleRequest r = q;
            r.coord = base;
            r.coord[static_cast<size_t>(ax[1])] =
                static_cast<float>(base[static_cast<size_t>(ax[1])] + i * to_dir);
            r.coord[static_cast<size_t>(ax[2])] =
                static_cast<float>(base[static_cast<size_t>(ax[2])] + j * to_dir);
            set.corners.push_back(eval_corner(s, r));
            if (gather && integer_) add_integer_corner_alternatives(set, r);
          }
      }
    } else {
      const bool lin = filter == Filter::kLinear || gather;
      std::array<std::vector<double>, 3> off{{{0.0}, {0.0}, {0.0}}};
      for (unsigned a = 0; a < dims_; ++a)
        off[a] = box_offsets(static_cast<double>(req_.coord[a]) * ext[a] - 0.5, step, lin);
      for (double i : off[0])
        for (double j : off[1])
          for (double k : off[2]) {
            SampleRequest r = q;
            const std::array<double, 3> d{i, j, k};
            for (unsigned a = 0; a < dims_; ++a)
              r.coord[a] = static_cast<float>(static_cast<double>(req_.coord[a]) +
                                              d[a] / static_cast<double>(ext[a]));
            set.corners.push_back(eval_corner(s, r));
          }
    }
    cache_.emplace_back(key, std::move(set));
    return cache_.back().second;
  }

  // A gather of an integer cube map at a cube corner: the missing texel (D3D11.3 §7.18.12
  // defines the corner only as a filter-weight share; texsim returns the mean of the other three,
  // decision D13) may come back as any of the three present texels (lavapipe repeats one).
  void add_integer_corner_alternatives(LevelSet& set, const SampleRequest& r) const {
    const texunit::CubeCoord cc = texunit::cube_coord(r.coord);
    const uint32_t n = view_.desc.width;
    const auto pd = texunit::PrecisionProfile::d3d();
    const auto xs = texunit::linear_axis(cc.s, static_cast<float>(n), 0, pd);
    const auto ys = texunit::linear_axis(cc.t, static_cast<float>(n), 0, pd);
    auto out = [&](int64_t v) { return v < 0 || v >= static_cast<int64_t>(n); };
    for (size_t k = 0; k < 4; ++k) {
      const unsigned tap = texunit::kGatherOrder[k];
      if (!(out(xs.texel + (tap & 1u)) && out(ys.texel + (tap >> 1)))) continue;
      const Box base = set.corners.back();
      for (size_t j = 0; j < 4; ++j) {
        if (j == k) continue;
        Box alt = base;
        alt.lo[k] = base.lo[j];
        alt.hi[k] = base.hi[j];
        set.corners.push_back(alt);
      }
    }
  }

  // Largest magnitude per component over the levels' texels and the border colour (float
  // formats' threshold scale).
  const std::array<double, 4>& magnitude() {
    if (magnitude_ready_) return magnitude_;
    magnitude_ready_ = true;
    for (size_t c = 0; c < 4; ++c) magnitude_[c] = std::fabs(sampler_.border_color[c]);
    const auto& d = view_.desc;
    for (uint32_t l = 0; l <= last_; ++l) {
      const auto e = extent(l);
      const uint32_t slices = d.type == SurfaceType::k3D ? e[2] : d.slices();
      for (uint32_t z = 0; z < slices; ++z)
        for (uint32_t y = 0; y < e[1]; ++y)
          for (uint32_t x = 0; x < e[0]; ++x) {
            texunit::FetchRequest f;
            f.coord = {x, y, d.type == SurfaceType::k3D ? z : 0u};
            f.slice = d.type == SurfaceType::k3D ? 0u : z;
            f.level = l;
            const auto t = texunit::fetch_texel(view_, f).texel;
            for (int c = 0; c < 4; ++c)
              magnitude_[static_cast<size_t>(c)] = std::max(magnitude_[static_cast<size_t>(c)],
                                                            std::fabs(static_cast<double>(t.f(c))));
          }
    }
    return magnitude_;
  }

  double threshold(size_t c) {
    if (dev_.uint_result) return 0.0;
    if (req_.op == SampleOp::kLodQuery) return 0x1.0p-20;
    if (compare_) return 0x1.0p-16;
    const auto& ch = fi_.channels[c];
    switch (ch.kind) {
      case ChannelKind::kUnorm:
      case ChannelKind::kSrgb:
      case ChannelKind::kSnorm:
        return std::ldexp(1.0, -(std::max<int>(ch.bits, 8) - 1)) + 0x1.0p-20;
      case ChannelKind::kFloat:
        return magnitude()[c] * 0x1.0p-19 + 0x1.0p-126;
      default:
        return 0x1.0p-20;  // a missing component: a constant
    }
  }

  // How far component c of the device result lies outside the box (<= 0: inside).
  double excess(const Box& b, size_t c) {
    const double g = dev_.uint_result ? static_cast<double>(dev_.bits[c])
                                      : static_cast<double>(std::bit_cast<float>(dev_.bits[c]));
    if (std::isnan(g)) return std::isnan(b.lo[c]) || std::isnan(b.hi[c]) ? 0.0 : kInf;
    const double t = threshold(c);
    return std::max(b.lo[c] - t - g, g - (b.hi[c] + t));
  }

  bool matches(const Box& b) {
    for (size_t c = 0; c < 4; ++c)
      if ((dev_.mask >> c & 1u) && excess(b, c) > 0.0) return false;
    return true;
  }

  Verdict fail(const std::vector<std::pair<Candidate, Box>>& tried) {
    Verdict v;
    v.ok = false;
    double best = kInf;
    for (const auto& [cand, box] : tried) {
      double worst = 0.0;
      size_t wc = 0;
      for (size_t c = 0; c < 4; ++c) {
        if (!(dev_.mask >> c & 1u)) continue;
        const double e = excess(box, c);
        if (e > worst) worst = e, wc = c;
      }
      if (worst < best) {
        best = worst;
        const double g = dev_.uint_result
                             ? static_cast<double>(dev_.bits[wc])
                             : static_cast<double>(std::bit_cast<float>(dev_.bits[wc]));
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "closest: %s level %u%s w=[%.4f,%.4f] c%zu gpu=%.9g d3d=[%.9g,%.9g] +-%.3g "
                      "(%zu candidates)",
                      cand.filter == Filter::kLinear ? "linear" : "point", cand.level0,
                      cand.level1 != cand.level0 ? "+1" : "", cand.w0, cand.w1, wc, g, box.lo[wc],
                      box.hi[wc], threshold(wc), tried.size());
        v.why = buf;
        for (size_t c = 0; c < 4; ++c) {
          if (!(dev_.mask >> c & 1u)) continue;
          const double gc = dev_.uint_result
                                ? static_cast<double>(dev_.bits[c])
                                : static_cast<double>(std::bit_cast<float>(dev_.bits[c]));
          std::snprintf(buf, sizeof buf, " | c%zu %.9g in [%.9g,%.9g]", c, gc, box.lo[c],
                        box.hi[c]);
          v.why += buf;
        }
      }
    }
    if (tried.empty()) v.why = "no candidate";
    return v;
  }
};

}  // namespace

Verdict verify_d3d(const SurfaceView& view, const SamplerState& sampler,
                   const SampleRequest& request, const DeviceResult& device,
                   const VerifyPrecision& precision, std::span<const texunit::SampleRequest> quad) {
  Verifier v(view, sampler, request, device, precision, quad);
  return v.run();
}

}  // namespace texsim::oracle
