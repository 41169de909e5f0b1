// An Intel sampler message on the texture unit (sampler_run.hpp): ld_mcs through fetch_mcs, the
// rest through texunit::sample_message / fetch_message, then the return conversion.
#include "intel/sampler_run.hpp"

#include <algorithm>
#include <bit>

#include "core/half.hpp"
#include "texunit/fetch.hpp"
#include "texunit/message.hpp"

namespace texsim::intel {
namespace {

// ld_mcs: the 64-bit MCS in R (low) and G (high) for 32-bit returns, in four 16-bit quarters
// R..A for 16-bit returns; B and A are 0 for 32-bit returns (decision).
void run_ld_mcs(const texunit::SurfaceView& view, const LoweredMessage& msg, unsigned es,
                LaneResults& res) {
  const texunit::FetchBatch fb = msg.fetch_batch();
  for (unsigned i = 0; i < msg.lanes; ++i) {
    if (msg.active[i] == 0) continue;
    const uint64_t mcs = texunit::fetch_mcs(view, texunit::fetch_request_at(fb, i));
    if (es == 4) {
      res[i].word = {static_cast<uint32_t>(mcs), static_cast<uint32_t>(mcs >> 32), 0u, 0u};
    } else {
      for (unsigned k = 0; k < 4; ++k)
        res[i].word[k] = static_cast<uint32_t>((mcs >> (16 * k)) & 0xffffu);
    }
  }
}

}  // namespace

uint32_t convert_return(uint32_t bits, texunit::TexelKind kind, unsigned elem_bytes) {
  if (elem_bytes == 4) return bits;
  switch (kind) {
    case texunit::TexelKind::kFloat:
      return core::float_to_half(std::bit_cast<float>(bits));
    case texunit::TexelKind::kUint:
      return std::min<uint32_t>(bits, 0xffffu);
    case texunit::TexelKind::kSint: {
      const int32_t v = std::clamp<int32_t>(static_cast<int32_t>(bits), -32768, 32767);
      return static_cast<uint32_t>(v) & 0xffffu;
    }
  }
  return bits & 0xffffu;
}

LaneResults run_message(const texunit::SurfaceView& view, const texunit::SamplerState& sampler,
                        const texunit::PrecisionProfile& precision, const MessageSpec& spec,
                        const LoweredMessage& msg, unsigned elem_bytes) {
  LaneResults res{};
  for (unsigned i = 0; i < msg.lanes; ++i) {
    if (((msg.undefined >> i) & 1) != 0) res[i].undefined = 0xf;
  }
  if (spec.returns_mcs) {
    run_ld_mcs(view, msg, elem_bytes, res);
    return res;
  }
  std::array<std::array<uint32_t, kMaxLanes>, 4> w{};
  std::array<uint8_t, kMaxLanes> flags{};
  std::array<texunit::TexelKind, kMaxLanes> kinds{};
  const size_t n = msg.lanes;
  const texunit::TexelLanes out{{w[0].data(), n}, {w[1].data(), n},  {w[2].data(), n},
                                {w[3].data(), n}, {flags.data(), n}, {kinds.data(), n}};
  texunit::MessageOptions mo;
  mo.precision = precision;
  mo.layout.lavapipe_group_lanes = 8;
  mo.fetch.sample_policy = msg.sample_policy;
  if (spec.fetch) {
    texunit::fetch_message(view, msg.fetch_batch(), out, mo);
  } else {
    texunit::sample_message(view, sampler, msg.sample_batch(), out, mo);
  }
  for (unsigned i = 0; i < msg.lanes; ++i) {
    if (msg.active[i] == 0) continue;
    for (unsigned c = 0; c < 4; ++c) res[i].word[c] = convert_return(w[c][i], kinds[i], elem_bytes);
    res[i].null_tile = (flags[i] & texunit::kLaneNullTile) != 0;
    res[i].undefined = msg.undefined_channels;
  }
  return res;
}

}  // namespace texsim::intel
