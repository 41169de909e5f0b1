// Image grids through texunit::sample_message() (a message per row): axis-aligned or a
// perspective ground plane, to RGBA8, and precision-profile difference heat maps. Never prints;
// progress is a callback.
#include "scene/render.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "core/convert.hpp"
#include "texunit/format.hpp"
#include "texunit/message.hpp"

namespace texsim::scene {

using texunit::SampleOp;
using texunit::SampleRequest;
using texunit::SurfaceType;
using texunit::Texel;

namespace {

constexpr double kCameraHeight = 1.0;
constexpr double kHorizon = 0.25;  // fraction of the image height above the horizon
constexpr std::array<uint8_t, 4> kSky{28, 32, 48, 255};

}  // namespace

std::string render_unsupported(const texunit::SurfaceView& view, const RenderParams& params) {
  if (view.desc.type == SurfaceType::kCube || view.desc.type == SurfaceType::kCubeArray) {
    return "render supports 1D, 2D, 2D array and 3D surfaces, not " +
           std::string(texunit::surface_type_name(view.desc.type));
  }
  if (params.width < 1 || params.width > 8192 || params.height < 1 || params.height > 8192) {
    return "image size must be in 1..8192 on each axis";
  }
  return {};
}

std::optional<SampleRequest> pixel_request(const texunit::SurfaceDesc& desc,
                                           const RenderParams& params, uint32_t px, uint32_t py) {
  SampleRequest req;
  const double w = params.width;
  const double h = params.height;
  const double cx = px + 0.5;
  const double cy = py + 0.5;
  req.array_index = params.layer;
  if (desc.type == SurfaceType::k3D) {
    req.coord[2] = static_cast<float>((params.layer + 0.5) / desc.depth);
  }
  if (!params.plane) {
    req.coord[0] = static_cast<float>(cx / w);
    req.coord[1] = static_cast<float>(cy / h);
    req.ddx = {static_cast<float>(1.0 / w), 0.0f, 0.0f};
    req.ddy = {0.0f, static_cast<float>(1.0 / h), 0.0f};
  } else {
    // Pinhole camera at height kCameraHeight looking along +z; focal length w/2 (90 degrees
    // horizontally). A pixel below the horizon sees the ground point (x, z) with
    // z = h / sy, x = sx * z, where (sx, sy) are its offsets from the horizon centre over f.
    const double f = w / 2.0;
    const double hy = h * kHorizon;
    if (cy <= hy + 0.5) return std::nullopt;
    const double sx = (cx - w / 2.0) / f;
    const double sy = (cy - hy) / f;
    // Scale so that the nearest row shows about one texel per pixel on its densest axis.
    const double sy_near = (h - hy) / f;
    const double tex_w = desc.width;
    const double tex_h = (desc.type == SurfaceType::k1D || desc.type == SurfaceType::k1DArray)
                             ? desc.width
                             : desc.height;
    const double s = std::min(sy_near * sy_near * f / (kCameraHeight * tex_h),
                              sy_near * f / (kCameraHeight * tex_w));
    const double z = kCameraHeight / sy;
    const double x = sx * z;
    req.coord[0] = static_cast<float>(x * s + 0.5);
    req.coord[1] = static_cast<float>(z * s);
    // Analytic derivatives per pixel: d/dpx and d/dpy of (x*s, z*s).
    req.ddx = {static_cast<float>(s * kCameraHeight / (sy * f)), 0.0f, 0.0f};
    req.ddy = {static_cast<float>(-s * sx * kCameraHeight / (sy * sy * f)),
               static_cast<float>(-s * kCameraHeight / (sy * sy * f)), 0.0f};
  }
  if (params.lod) {
    req.op = SampleOp::kLevel;
    req.lod = *params.lod;
  } else {
    req.op = SampleOp::kGrad;
  }
  return req;
}

Rendered render(const texunit::SurfaceView& view, const texunit::SamplerState& sampler,
                const RenderParams& params, const ProgressFn& progress) {
  Rendered out;
  out.width = params.width;
  out.height = params.height;
  const size_t n = size_t{params.width} * params.height;
  out.texels.resize(n);
  out.covered.assign(n, 0);
  // One sample message per row (lanes alone, no quad layout: derivatives are analytic).
  const size_t w = params.width;
  std::array<std::vector<float>, 11> f;  // u v w ai lod ddx_u ddx_v ddx_w ddy_u ddy_v ddy_w
  for (auto& v : f) v.resize(w);
  std::vector<uint8_t> active(w), flags(w);
  std::vector<uint32_t> r(w), g(w), b(w), a(w);
  std::vector<texunit::TexelKind> kinds(w);
  texunit::MessageOptions mo;
  mo.precision = params.precision;
  mo.batch.threads = 1;
  for (uint32_t y = 0; y < params.height; ++y) {
    texunit::SampleBatch batch;
    batch.count = w;
    for (uint32_t x = 0; x < params.width; ++x) {
      const auto req = pixel_request(view.desc, params, x, y);
      active[x] = req ? 1 : 0;
      if (!req) continue;
      batch.op = req->op;
      const std::array<float, 11> v{req->coord[0], req->coord[1], req->coord[2], req->array_index,
                                    req->lod,      req->ddx[0],   req->ddx[1],   req->ddx[2],
                                    req->ddy[0],   req->ddy[1],   req->ddy[2]};
      for (size_t k = 0; k < v.size(); ++k) f[k][x] = v[k];
    }
    batch.u = f[0], batch.v = f[1], batch.w = f[2], batch.array_index = f[3], batch.lod = f[4];
    batch.ddx_u = f[5], batch.ddx_v = f[6], batch.ddx_w = f[7];
    batch.ddy_u = f[8], batch.ddy_v = f[9], batch.ddy_w = f[10];
    batch.active = active;
    const texunit::BatchStats st =
        texunit::sample_message(view, sampler, batch, {r, g, b, a, flags, kinds}, mo);
    for (uint32_t x = 0; x < params.width && st.ok; ++x) {
      if (active[x] == 0) continue;
      const size_t i = size_t{y} * params.width + x;
      out.texels[i].bits = {r[x], g[x], b[x], a[x]};
      out.texels[i].kind = kinds[x];
      out.covered[i] = 1;
      if ((flags[x] & texunit::kLaneNullTile) != 0) ++out.null_tile_pixels;
    }
    if (progress) progress(y + 1, params.height);
  }
  return out;
}

Image to_image(const Rendered& r, texunit::Format format, bool srgb_encode) {
  const texunit::FormatInfo& fi = texunit::format_info(format);
  const bool grey = fi.present_mask() == 1u;
  Image img(r.width, r.height);
  for (uint32_t y = 0; y < r.height; ++y) {
    for (uint32_t x = 0; x < r.width; ++x) {
      const size_t i = size_t{y} * r.width + x;
      uint8_t* p = img.at(x, y);
      if (!r.covered[i]) {
        std::copy(kSky.begin(), kSky.end(), p);
        continue;
      }
      const Texel& t = r.texels[i];
      for (int c = 0; c < 4; ++c) {
        const int src = (grey && c < 3) ? 0 : c;
        uint8_t v = 0;
        switch (t.kind) {
          case texunit::TexelKind::kFloat: {
            const float f = t.f(src);
            v = static_cast<uint8_t>((srgb_encode && c < 3) ? core::float_to_srgb8(f)
                                                            : core::float_to_unorm(f, 8));
            break;
          }
          case texunit::TexelKind::kUint:
            v = static_cast<uint8_t>(std::min<uint32_t>(t.u(src), 255));
            break;
          case texunit::TexelKind::kSint:
            v = static_cast<uint8_t>(std::clamp<int32_t>(t.i(src), 0, 255));
            break;
        }
        p[c] = v;
      }
    }
  }
  return img;
}

namespace {

double component_value(const Texel& t, int c) {
  switch (t.kind) {
    case texunit::TexelKind::kFloat:
      return static_cast<double>(t.f(c));
    case texunit::TexelKind::kUint:
      return static_cast<double>(t.u(c));
    case texunit::TexelKind::kSint:
      return static_cast<double>(t.i(c));
  }
  return 0.0;
}

std::array<uint8_t, 4> heat(double t) {
  // 0: dark blue, 1/3: red, 2/3: yellow, 1: white.
  t = std::clamp(t, 0.0, 1.0);
  auto lerp = [](double a, double b, double u) { return a + (b - a) * u; };
  double r, g, b;
  if (t < 1.0 / 3) {
    const double u = t * 3;
    r = lerp(0, 255, u), g = 0, b = lerp(128, 0, u);
  } else if (t < 2.0 / 3) {
    const double u = (t - 1.0 / 3) * 3;
    r = 255, g = lerp(0, 255, u), b = 0;
  } else {
    const double u = (t - 2.0 / 3) * 3;
    r = 255, g = 255, b = lerp(0, 255, u);
  }
  return {static_cast<uint8_t>(std::lround(r)), static_cast<uint8_t>(std::lround(g)),
          static_cast<uint8_t>(std::lround(b)), 255};
}

}  // namespace

Image diff_heatmap(const Rendered& a, const Rendered& b, DiffStats& stats) {
  stats = {};
  Image img(a.width, a.height);
  for (uint32_t y = 0; y < a.height; ++y) {
    for (uint32_t x = 0; x < a.width; ++x) {
      const size_t i = size_t{y} * a.width + x;
      uint8_t* p = img.at(x, y);
      p[3] = 255;
      if (!a.covered[i] || !b.covered[i]) continue;
      double d = 0.0;
      bool bits_differ = false;
      for (int c = 0; c < 4; ++c) {
        const double da = component_value(a.texels[i], c);
        const double db = component_value(b.texels[i], c);
        if (a.texels[i].bits[static_cast<size_t>(c)] != b.texels[i].bits[static_cast<size_t>(c)]) {
          bits_differ = true;
        }
        if (std::isnan(da) != std::isnan(db)) {
          d = 1.0;
        } else if (!std::isnan(da)) {
          d = std::max(d, std::fabs(da - db));
        }
      }
      if (!bits_differ) continue;
      ++stats.differing_pixels;
      stats.max_abs_diff = std::max(stats.max_abs_diff, d);
      const double t = d > 0 ? (std::log2(d) + 24.0) / 24.0 : 0.0;
      const auto c = heat(t);
      std::copy(c.begin(), c.end(), p);
    }
  }
  return img;
}

}  // namespace texsim::scene
