// Running a lowered Intel sampler message on the texture unit (texunit/message.hpp) and each
// lane's return words in the response's element size. Depends on texunit only.
#pragma once

#include <cstdint>

#include "intel/sampler_lower.hpp"
#include "intel/sampler_response.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"
#include "texunit/texel.hpp"

namespace texsim::intel {

// 16-bit returns (Dst HF, W, UW; decision in docs/visa.md): float results round to HF with RNE;
// UINT results saturate to [0, 65535], SINT results to [-32768, 32767]. 32-bit returns keep the
// texel's 32 bits.
uint32_t convert_return(uint32_t bits, texunit::TexelKind kind, unsigned elem_bytes);

// The message's lane results: undefined inputs make every channel undefined; ld_mcs returns the
// MCS; the rest goes through texunit::sample_message / fetch_message. The lavapipe profile runs
// the message as lavapipe runs a SIMD8 shader: groups of 8 lanes, implicit-LOD lanes in pixel
// quads 4q..4q+3.
LaneResults run_message(const texunit::SurfaceView& view, const texunit::SamplerState& sampler,
                        const texunit::PrecisionProfile& precision, const MessageSpec& spec,
                        const LoweredMessage& msg, unsigned elem_bytes);

}  // namespace texsim::intel
