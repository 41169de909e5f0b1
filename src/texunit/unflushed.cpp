// Comparison lookups scaled by 2^64 so that no float32 denormal is left (unflushed.hpp).
#include "texunit/unflushed.hpp"

#include <cmath>
#include <cstring>

namespace texsim::texunit {

void scale_for_unflushed_compare(SurfaceView& view, std::vector<uint8_t>& storage,
                                 SamplerState& sampler, SampleRequest& req,
                                 std::span<SampleRequest> quad) {
  if (storage.empty()) {
    storage.assign(view.bytes.begin(), view.bytes.end());
    for (size_t i = 0; i + 4 <= storage.size(); i += 4) {
      float f;
      std::memcpy(&f, &storage[i], 4);
      f = std::ldexp(f, 64);
      std::memcpy(&storage[i], &f, 4);
    }
  }
  view.bytes = storage;
  sampler.border_color[0] = std::ldexp(sampler.border_color[0], 64);
  req.reference = std::ldexp(req.reference, 64);
  for (SampleRequest& q : quad) q.reference = std::ldexp(q.reference, 64);
}

}  // namespace texsim::texunit
