// The scalar sampling entry (sample.hpp): the per-profile dispatch of one lane onto the d3d/exact
// pipeline, lavapipe's model or the nvidia profile, and the pixel-quad helpers.
#include "texunit/sample.hpp"

#include "texunit/sample_lavapipe.hpp"
#include "texunit/sample_nvidia.hpp"
#include "texunit/sample_pipeline.hpp"

namespace texsim::texunit {

SampleResult sample(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
                    const PrecisionProfile& precision) {
  if (precision.kind == PrecisionKind::kLavapipe) return sample_lavapipe(view, sampler, req);
  if (precision.kind == PrecisionKind::kNvidia) return sample_nvidia(view, sampler, req, precision);
  return sample_pipeline(view, sampler, req, precision);
}

bool is_quad_op(SampleOp op) {
  return op == SampleOp::kImplicit || op == SampleOp::kBias || op == SampleOp::kLodQuery;
}

QuadDerivatives quad_derivatives(const std::array<std::array<float, 3>, 4>& q) {
  QuadDerivatives d;
  for (size_t a = 0; a < 3; ++a) {
    d.ddx[a] = q[1][a] - q[0][a];
    d.ddy[a] = q[2][a] - q[0][a];
  }
  return d;
}

}  // namespace texsim::texunit
