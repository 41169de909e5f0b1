// The conformant range of a lookup: per channel, the interval of results the Vulkan
// specification (and D3D11.3 where it differs) allows, under a BoundsPrecision (bounds_lod.hpp).
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "texunit/bounds_lod.hpp"
#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"
#include "texunit/texel.hpp"

namespace texsim::texunit {

// Per channel [lo, hi] in the lookup's result kind (sample_result_kind): float bits (lo rounded
// towards -inf, hi towards +inf) or exact integers. A channel where no bound holds (a NaN may
// come back, or the lookup is anisotropic) is [-inf, +inf]; integers [min, max] of the kind.
struct LookupBounds {
  Texel lo, hi;
  bool bounded = true;  // false: some channel is unbounded, `note` says why
  std::string note;
};

// Whether `result` lies within `b` in every channel of `mask` (a float NaN only where the
// channel is [-inf, +inf]).
bool bounds_contain(const LookupBounds& b, const Texel& result, unsigned mask = 0xf);

// Computes bounds for many lookups against one surface and sampler (caches the per-surface
// magnitude float thresholds scale by, and the per-level candidate results within a lookup).
class BoundsContext {
 public:
  BoundsContext(const SurfaceView& view, const SamplerState& sampler,
                const BoundsPrecision& precision = {});
  // One lookup; `quad` (its four requests TL, TR, BL, BR) for a fragment quad's op.
  LookupBounds bounds(const SampleRequest& req, std::span<const SampleRequest> quad = {});

 private:
  SurfaceView view_;
  SamplerState sampler_;
  BoundsPrecision p_;
  std::array<double, 4> magnitude_{};
  bool magnitude_ready_ = false;
  std::vector<uint8_t> scaled_;  // float32 depth scaled by 2^64 (unflushed comparisons)
  const std::array<double, 4>& magnitude();
  const char* unbounded_reason(const SampleRequest& req) const;
  double threshold(const SampleRequest& req, size_t c);
  std::array<std::array<double, 4>, 3> unflushed_compare(const SampleRequest& req,
                                                         std::span<const SampleRequest> quad);
};

// One lookup's bounds (a BoundsContext for one call).
LookupBounds lookup_bounds(const SurfaceView& view, const SamplerState& sampler,
                           const SampleRequest& req, const BoundsPrecision& precision = {},
                           std::span<const SampleRequest> quad = {});

}  // namespace texsim::texunit
