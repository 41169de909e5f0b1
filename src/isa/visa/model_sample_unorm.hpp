// SAMPLE_UNORM (0x41)'s field table, in the order of IGC's Format table, reader and printer
// (visa-sample_unorm.md; IGC visa/ByteCodeReaderNG.cpp and IsaDisassembly.cpp, ISA_SAMPLE_UNORM).
#pragma once

#include <array>
#include <bit>
#include <string_view>

#include "isa/visa/model.hpp"
#include "isa/visa/model_fields.hpp"

namespace texsim::isa::visa {

inline constexpr uint8_t kOpcodeSampleUnorm = 0x41;  // ISA_SAMPLE_UNORM (visa_igc_common_header.h)

// Dst bytes: 32 UW per enabled channel (the 32 pixels of the block), disabled channels skipped
// (visa-sample_unorm.md, Dst).
constexpr uint32_t sample_unorm_dst_bytes(uint32_t channel_mask) {
  return 64 * static_cast<uint32_t>(std::popcount(channel_mask & 0xfu));
}
// Output format names, Channel_mask bits 5:4 (IGC Common_ISA.cpp sampler_channel_output_str;
// visa-sample_unorm.md, Text).
inline constexpr std::array<std::string_view, 4> kUnormOutputFormats{"16-full", "16-downsampled",
                                                                     "8-full", "8-downsampled"};
// Output format, Channel_mask bits 5:4 (0 = 16-bit full; visa-sample_unorm.md, Channel_mask).
constexpr unsigned sample_unorm_format(uint32_t channel_mask) {
  return (channel_mask >> 4) & 3u;
}

// visa-sample_unorm.md, Format: Channel_mask Sampler Surface U_offset V_offset DeltaU DeltaV Dst
// (IGC's binary layout "bbbVVVVR": three bytes, four vector operands, a raw operand). The
// scalars may be general or immediate operands of type F (IsaVerification.cpp; the page).
inline constexpr std::array<FieldSpec, 8> kSampleUnormFields{{
    fields::one_byte<"visa-sample_unorm.md", "Channel_mask">(Kind::kUnormChannels, 0, 0),
    fields::one_byte<"visa-sample_unorm.md", "Sampler">(Kind::kSampler, 0, 31),
    {.name = "Surface",
     .kind = Kind::kSurface,
     .width = 1,
     .hi = 255,
     .flags = kFlagNoSlm,
     .citation = "visa-sample_unorm.md, Surface; IGC IsaVerification.cpp (not T0)"},
    fields::scalar<"visa-sample_unorm.md", "U_offset">(type_bit(VisaType::kF)),
    fields::scalar<"visa-sample_unorm.md", "V_offset">(type_bit(VisaType::kF)),
    fields::scalar<"visa-sample_unorm.md", "DeltaU">(type_bit(VisaType::kF)),
    fields::scalar<"visa-sample_unorm.md", "DeltaV">(type_bit(VisaType::kF)),
    {.name = "Dst",
     .kind = Kind::kRaw,
     .types = type_bit(VisaType::kUW),
     .flags = kFlagGrfAligned,
     .citation = "visa-sample_unorm.md, Dst; IGC IsaDescription.cpp (GRF_ALIGNED)"},
}};

}  // namespace texsim::isa::visa
