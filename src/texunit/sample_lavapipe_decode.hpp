// lavapipe's texel conversion (lp_build_unpack_rgba), texelFetch, and the texel read of its
// sampling paths with border colours (Mesa 22.3.6); defined in sample_lavapipe_decode.cpp.
#pragma once

#include <cstdint>

#include "texunit/fetch.hpp"
#include "texunit/format.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"
#include "texunit/texel.hpp"

namespace texsim::texunit {

// One texel converted as lavapipe's format unpack does: UNORM k * float(1/(2^n-1)), SNORM
// max(k * float(1/(2^(n-1)-1)), -1), sRGB by its polynomial; floats and integers exact.
Texel lavapipe_decode(Format f, const uint8_t* texel);
// texelFetch as lavapipe returns it: fetch_texel's addressing and out-of-bounds value (but the
// layer of a one-layer array image is ignored), with
// in-bounds texels converted by lavapipe_decode.
FetchResult fetch_texel_lavapipe(const SurfaceView& view, const FetchRequest& req);

namespace lavapipe_detail {

struct Surf;  // sample_lavapipe_internal.hpp

// The texel at integer (x, y, z-or-slice) of `level` as lavapipe converts it, border colour
// included (lp_build_clamp_border_color): the sampling paths' one texel read.
Texel read_texel(const Surf& s, const SamplerState& smp, uint32_t level, int32_t x, int32_t y,
                 int32_t z, int32_t slice);

}  // namespace lavapipe_detail
}  // namespace texsim::texunit
