// The `nvidia` precision profile: sample_pipeline with 8.8 fixed-point weights (CUDA texture
// fetching appendix) and the rounding of filtered 16-bit normalized channels (decision P15).
#include "texunit/sample_nvidia.hpp"

#include <bit>

#include "core/convert.hpp"
#include "texunit/sample_pipeline.hpp"

namespace texsim::texunit {

namespace {

bool is_normalized16(const ChannelLayout& c) {
  return c.bits == 16 && (c.kind == ChannelKind::kUnorm || c.kind == ChannelKind::kSnorm);
}

// P15: a filtered value rounded to the nearest 16-bit code (D3D11.3 §3.2.3.4 / §3.2.3.6
// conversions: NaN -> 0, clamp, round to nearest even), then widened again. A texel that was
// read unfiltered is already such a code, so the rounding leaves it unchanged.
float round_to_code16(float v, ChannelKind kind) {
  if (kind == ChannelKind::kUnorm) return core::unorm_to_float(core::float_to_unorm(v, 16), 16);
  return core::snorm_to_float(core::float_to_snorm(v, 16), 16);
}

}  // namespace

bool nvidia_rounds_filtered_result(Format format) {
  for (const ChannelLayout& c : format_info(format).channels) {
    if (is_normalized16(c)) return true;
  }
  return false;
}

SampleResult sample_nvidia(const SurfaceView& view, const SamplerState& sampler,
                           const SampleRequest& req, const PrecisionProfile& precision) {
  SampleResult r = sample_pipeline(view, sampler, req, precision);
  // Not format data: LOD queries, comparison results (0 / 1 fractions), gathers (texel bits).
  if (req.op == SampleOp::kLodQuery || req.op == SampleOp::kGather || sampler.compare ||
      r.texel.kind != TexelKind::kFloat) {
    return r;
  }
  const FormatInfo& info = format_info(view.desc.format);
  for (size_t c = 0; c < info.channels.size(); ++c) {
    if (!is_normalized16(info.channels[c])) continue;
    const float v = round_to_code16(r.texel.f(static_cast<int>(c)), info.channels[c].kind);
    r.texel.bits[c] = std::bit_cast<uint32_t>(v);
  }
  return r;
}

float nvidia_table_lookup_coord(float x, unsigned n, float r) {
  return static_cast<float>(n - 1) / r * x + 0.5f;
}

}  // namespace texsim::texunit
