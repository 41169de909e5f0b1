// Sampling a surface over an image grid (axis-aligned, or a perspective ground plane with
// analytic derivatives) and turning the texels into pictures and difference heat maps.
// Depends on texunit (sample_message) and scene/image; never prints (progress goes to a callback).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "scene/image.hpp"
#include "texunit/sample.hpp"

namespace texsim::scene {

struct RenderParams {
  uint32_t width = 256;
  uint32_t height = 256;
  bool plane = false;        // perspective ground plane instead of the axis-aligned grid
  std::optional<float> lod;  // explicit LOD (sample_l); unset: LOD from the grid's derivatives
  float layer = 0.0f;        // array index, or z slice of a 3D surface
  texunit::PrecisionProfile precision;
};

// The raw result: one texel per pixel, and whether the pixel shows the surface at all (the sky
// above the plane's horizon does not).
struct Rendered {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<texunit::Texel> texels;
  std::vector<uint8_t> covered;
  uint64_t null_tile_pixels = 0;
};

// Called after each row with (rows done, rows total).
using ProgressFn = std::function<void(uint32_t, uint32_t)>;

// Checks that a surface can be rendered (not a cube; sizes in 1..8192). Returns "" when fine.
std::string render_unsupported(const texunit::SurfaceView& view, const RenderParams& params);

Rendered render(const texunit::SurfaceView& view, const texunit::SamplerState& sampler,
                const RenderParams& params, const ProgressFn& progress = {});

// The sampling request of pixel (px, py); nullopt for sky pixels. Exposed for tests.
std::optional<texunit::SampleRequest> pixel_request(const texunit::SurfaceDesc& desc,
                                                    const RenderParams& params, uint32_t px,
                                                    uint32_t py);

// Texels -> RGBA8: float results are clamped to [0, 1] and stored as UNORM8 (sRGB-encoded when
// the format is sRGB and decoding was on); integers are clamped to [0, 255]; a format with only
// R present is shown grey. Sky pixels get a fixed dark blue.
Image to_image(const Rendered& r, texunit::Format format, bool srgb_encode);

struct DiffStats {
  uint64_t differing_pixels = 0;
  double max_abs_diff = 0.0;
};

// Heat map of the largest per-component difference of two renders of the same grid: black where
// equal, then dark blue -> red -> yellow -> white on a log2 scale from 2^-24 to 1.
Image diff_heatmap(const Rendered& a, const Rendered& b, DiffStats& stats);

}  // namespace texsim::scene
