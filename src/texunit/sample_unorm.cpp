// The UNORM block message: 32 lanes of one LOD-0 sample message (message.hpp), each channel
// converted to a UNORM16 word (sample_unorm.hpp; decisions V51-V53).
#include "texunit/sample_unorm.hpp"

#include <bit>
#include <cmath>

#include "texunit/batch.hpp"
#include "texunit/format.hpp"

namespace texsim::texunit {

std::array<float, 2> unorm_block_coord(const UnormBlockRequest& req, unsigned pixel) {
  const unsigned row = pixel / kUnormBlockWidth;  // integer row index, by intent
  const float x = static_cast<float>(pixel % kUnormBlockWidth);
  const float y = static_cast<float>(row);
  const float su = x * req.du;  // separate statements: no fused multiply-add
  const float sv = y * req.dv;
  return {req.u0 + su, req.v0 + sv};
}

std::optional<std::string> unorm_block_unsupported(const SurfaceDesc& d) {
  const FormatInfo& f = format_info(d.format);
  if (d.type != SurfaceType::k2D) return std::string("it is not a 2D surface");
  if (d.samples != 1) return std::string("it is multisampled");
  if (f.is_compressed() || f.is_depth) return std::string(f.name) + " is not a colour format";
  unsigned bits = 0;
  for (unsigned c = 0; c < 4; ++c) {
    const ChannelLayout& ch = f.channels[c];
    if (ch.bits == 0) continue;
    if (ch.kind != ChannelKind::kUnorm)
      return std::string(f.name) + " is not a UNORM format (channel " + "RGBA"[c] + ")";
    if (bits != 0 && ch.bits != bits) return std::string(f.name) + " mixes channel widths";
    bits = ch.bits;
  }
  if (bits != 8 && bits != 16)
    return std::string(f.name) + " has " + std::to_string(bits) +
           "-bit channels (8 or 16 are modelled)";
  return std::nullopt;
}

uint16_t unorm16_from_float(float value, unsigned channel_bits) {
  if (!(value > 0.0f)) return 0;  // NaN and values at or below 0
  if (value >= 1.0f) return channel_bits == 8 ? uint16_t{0xff00} : uint16_t{0xffff};
  const double scale = channel_bits == 8 ? 255.0 * 256.0 : 65535.0;
  return static_cast<uint16_t>(std::nearbyint(static_cast<double>(value) * scale));
}

UnormBlock sample_unorm_block(const SurfaceView& view, const SamplerState& sampler,
                              const UnormBlockRequest& req, const MessageOptions& options) {
  UnormBlock out;
  if (unorm_block_unsupported(view.desc)) return out;
  unsigned bits = 8;
  for (const ChannelLayout& ch : format_info(view.desc.format).channels) {
    if (ch.bits != 0) bits = ch.bits;
  }
  constexpr size_t kN = kUnormBlockLanes;
  std::array<float, kN> u{}, v{};
  for (unsigned i = 0; i < kN; ++i) {
    const auto c = unorm_block_coord(req, i);
    u[i] = c[0];
    v[i] = c[1];
  }
  SampleBatch batch;
  batch.count = kN;
  batch.op = SampleOp::kLevelZero;  // the media sampler reads the base level (decision V51)
  batch.u = u;
  batch.v = v;
  std::array<std::array<uint32_t, kN>, 4> w{};
  std::array<uint8_t, kN> flags{};
  std::array<TexelKind, kN> kinds{};
  const TexelLanes lanes{{w[0].data(), kN}, {w[1].data(), kN},  {w[2].data(), kN},
                         {w[3].data(), kN}, {flags.data(), kN}, {kinds.data(), kN}};
  SamplerState s = sampler;
  s.compare.reset();  // a UNORM block is never a comparison
  if (!sample_message(view, s, batch, lanes, options).ok) return out;
  for (unsigned i = 0; i < kN; ++i) {
    for (unsigned c = 0; c < 4; ++c) {
      // UNORM formats sample to floats in every profile (sample.hpp, result kinds).
      out.words[c][i] = unorm16_from_float(std::bit_cast<float>(w[c][i]), bits);
    }
    out.null_tile = out.null_tile || (flags[i] & kLaneNullTile) != 0;
  }
  out.ok = true;
  return out;
}

}  // namespace texsim::texunit
