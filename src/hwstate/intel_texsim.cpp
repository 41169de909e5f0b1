// Intel SAMPLER_STATE -> texsim (intel_texsim.hpp). Field names are genxml's (gen12.xml); the
// choices where genxml leaves the meaning open are decisions DS10-DS11.
#include "hwstate/intel_texsim.hpp"

#include <array>
#include <bit>
#include <string>

#include "core/text.hpp"
#include "hwstate/intel_tables.hpp"

namespace texsim::hwstate::intel {

namespace {

struct Entry {
  const DescriptorType& type;
  std::span<const uint8_t> bytes;
  uint64_t raw(std::string_view name) const {
    const FieldDesc* f = type.find_field(name);
    return f ? get_bits(bytes, f->hi, f->lo) : 0;
  }
  std::string_view name_of(std::string_view field) const {
    const FieldDesc* f = type.find_field(field);
    const EnumValue* v = f ? f->find_value(get_bits(bytes, f->hi, f->lo)) : nullptr;
    return v ? v->name : std::string_view{};
  }
  float real(std::string_view name) const {
    const FieldDesc& f = *type.find_field(name);
    return std::stof(value_text(f, get_bits(bytes, f.hi, f.lo)));
  }
};

bool refuse(const Entry& e, const std::string& what, std::string_view field, core::DiagSink& sink,
            const core::Location& loc) {
  sink.error("SAMPLER_STATE-TEXSIM", loc, "texsim has no model for " + what,
             std::string(e.type.citation) + ", " + std::string(field) + " (decision DS11)");
  return false;
}

std::optional<texunit::Filter> filter_of(const Entry& e, std::string_view field,
                                         core::DiagSink& sink, const core::Location& loc) {
  const std::string_view v = e.name_of(field);
  if (v == "NEAREST") return texunit::Filter::kPoint;
  if (v == "LINEAR" || v == "ANISOTROPIC") return texunit::Filter::kLinear;
  refuse(e, std::string(field) + " " + std::string(v), field, sink, loc);
  return std::nullopt;
}

bool address_modes(const Entry& e, texunit::SamplerState& s, core::DiagSink& sink,
                   const core::Location& loc) {
  static constexpr std::array<std::string_view, 3> kFields{
      "TCX Address Control Mode", "TCY Address Control Mode", "TCZ Address Control Mode"};
  static constexpr std::pair<std::string_view, texunit::AddressMode> kModes[] = {
      {"WRAP", texunit::AddressMode::kWrap},
      {"MIRROR", texunit::AddressMode::kMirror},
      {"CLAMP", texunit::AddressMode::kClamp},
      {"CLAMP_BORDER", texunit::AddressMode::kBorder},
      {"MIRROR_ONCE", texunit::AddressMode::kMirrorOnce}};
  bool ok = true;
  for (unsigned i = 0; i < 3; ++i) {
    const std::string_view m = e.name_of(kFields[i]);
    bool found = false;
    for (const auto& [name, mode] : kModes)
      if (name == m) {
        s.address[i] = mode;
        found = true;
      }
    if (!found)
      ok = refuse(e, std::string(kFields[i]) + " " + std::string(m), kFields[i], sink, loc);
  }
  return ok;
}

}  // namespace

const DescriptorType* find_type(std::string_view platform, std::string_view type_name) {
  if (!core::iequals(platform, "TGLLP")) return nullptr;
  for (const DescriptorType& t : kTGLLPTypes)
    if (core::iequals(t.name, type_name)) return &t;
  return nullptr;
}

std::optional<texunit::SamplerState> sampler_to_texsim(std::string_view platform,
                                                       std::span<const uint8_t> sampler,
                                                       std::span<const uint8_t> border,
                                                       core::DiagSink& sink,
                                                       const core::Location& loc) {
  const DescriptorType* type = find_type(platform, "SAMPLER_STATE");
  const DescriptorType* btype = find_type(platform, "SAMPLER_BORDER_COLOR_STATE");
  if (type == nullptr || sampler.size() < kSamplerStateBytes) {
    sink.error("SAMPLER_STATE-TEXSIM", loc,
               "no SAMPLER_STATE table for " + std::string(platform) + " or fewer than 16 bytes");
    return std::nullopt;
  }
  sampler = sampler.first(kSamplerStateBytes);
  if (!validate(*type, sampler, sink, loc)) return std::nullopt;
  const Entry e{*type, sampler};
  texunit::SamplerState s;
  const auto min = filter_of(e, "Min Mode Filter", sink, loc);
  const auto mag = filter_of(e, "Mag Mode Filter", sink, loc);
  bool ok = min && mag && address_modes(e, s, sink, loc);
  if (e.raw("Sampler Disable") != 0)
    ok = refuse(e, "Sampler Disable", "Sampler Disable", sink, loc);
  const std::string_view reduction = e.name_of("Reduction Type");
  if (e.raw("Reduction Type Enable") != 0 && reduction == "COMPARISON")
    ok = refuse(e, "Reduction Type COMPARISON", "Reduction Type", sink, loc);
  if (!ok) return std::nullopt;
  s.min_filter = *min;
  s.mag_filter = *mag;
  const std::string_view mip = e.name_of("Mip Mode Filter");
  s.mip_filter = mip == "NONE"      ? texunit::MipFilter::kNone
                 : mip == "NEAREST" ? texunit::MipFilter::kPoint
                                    : texunit::MipFilter::kLinear;
  // ANISOTROPIC filters up to Maximum Anisotropy (RATIO 2:1 .. 16:1 = 2 * (value + 1)).
  const bool aniso = e.name_of("Min Mode Filter") == "ANISOTROPIC" ||
                     e.name_of("Mag Mode Filter") == "ANISOTROPIC";
  s.max_anisotropy = aniso ? 2.0f * static_cast<float>(e.raw("Maximum Anisotropy") + 1) : 1.0f;
  s.lod_bias = e.real("Texture LOD Bias");
  s.min_lod = e.real("Min LOD");
  s.max_lod = e.real("Max LOD");
  s.normalized_coords = e.raw("Non-normalized Coordinate Enable") == 0;
  s.srgb_decode = e.name_of("SRGB DECODE") != "SKIP_DECODE_EXT";
  if (e.raw("Reduction Type Enable") != 0)
    s.reduction = reduction == "MINIMUM"   ? texunit::Reduction::kMin
                  : reduction == "MAXIMUM" ? texunit::Reduction::kMax
                                           : texunit::Reduction::kWeightedAverage;
  if (btype != nullptr && border.size() >= kBorderColorBytes) {
    for (unsigned c = 0; c < 4; ++c) {
      const auto bits = static_cast<uint32_t>(get_bits(border, c * 32 + 31, c * 32));
      s.border_color[c] = std::bit_cast<float>(bits);
      s.border_color_int[c] = bits;
    }
  }
  return s;
}

std::optional<texunit::SamplerState> sampler_from_heap(std::string_view platform,
                                                       std::span<const uint8_t> heap,
                                                       uint64_t offset, core::DiagSink& sink) {
  const core::Location loc = core::BinaryLoc{"DynamicStateHeap", offset, 0, 0, false};
  if (offset + kSamplerStateBytes > heap.size()) {
    sink.error("SAMPLER_STATE-TEXSIM", loc, "the heap has no 16 bytes at " + core::hex(offset));
    return std::nullopt;
  }
  const auto sampler = heap.subspan(static_cast<size_t>(offset), kSamplerStateBytes);
  // Border Color Pointer: genxml type "offset" at bits 87:70, i.e. DW2 bits 23:6, in bytes.
  const uint64_t border = get_bits(sampler, 87, 70) << 6;
  std::span<const uint8_t> b;
  if (border + kBorderColorBytes <= heap.size())
    b = heap.subspan(static_cast<size_t>(border), kBorderColorBytes);
  return sampler_to_texsim(platform, sampler, b, sink, loc);
}

}  // namespace texsim::hwstate::intel
