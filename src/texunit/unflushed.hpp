// A comparison lookup as a device that keeps float32 denormals sees it (Vulkan's
// shaderDenormPreserveFloat32; D3D11.3 §22.4.3 flushes them). Used by the bounds and the oracle.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "texunit/sample.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit {

// Scales every 32-bit float of the lookup — the surface's texels (a depth surface's words), the
// border's R, the reference of `req` and of every `quad` lane — by 2^64: each comparison keeps
// its order exactly and no denormal is left, so the d3d arithmetic then compares as a device
// that does not flush. `storage` holds the scaled texels (filled from view.bytes when empty, so
// a caller may keep it for the next lookup of the same surface); `view` then reads it.
void scale_for_unflushed_compare(SurfaceView& view, std::vector<uint8_t>& storage,
                                 SamplerState& sampler, SampleRequest& req,
                                 std::span<SampleRequest> quad);

}  // namespace texsim::texunit
