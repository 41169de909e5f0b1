// `describe` for vISA: an opcode's row as text (fields in binary order, kinds, widths, ranges,
// types, platforms), and the names of operand kinds. Reads the model table only.
#include <cstdio>
#include <string>

#include "core/text.hpp"
#include "isa/visa/model.hpp"

namespace texsim::isa::visa {

std::string_view kind_name(Kind k) {
  switch (k) {
    case Kind::kExecSize:
      return "exec size + mask";
    case Kind::kPredicate:
      return "predicate";
    case Kind::kUImm:
      return "unsigned immediate";
    case Kind::kMediaModifier:
      return "media modifier";
    case Kind::kBlockCount:
      return "block count (log2 in binary)";
    case Kind::kReservedZero:
      return "ignored (written as 0)";
    case Kind::kSurface:
      return "surface";
    case Kind::kSampler:
      return "sampler";
    case Kind::kChannelMask:
      return "channel mask";
    case Kind::kSubOpFlags:
      return "sub-op + flags";
    case Kind::kRaw:
      return "raw operand";
    case Kind::kScalar:
      return "scalar operand";
    case Kind::kCount:
      return "count";
    case Kind::kRawList:
      return "raw operand list";
    case Kind::kSourceChannel:
      return "source channel (0..3 = R, G, B, A)";
    case Kind::kAoffimmi:
      return "aoffimmi (U [11:8], V [7:4], R [3:0])";
    case Kind::kUnormChannels:
      return "channel mask (R, G, B, A [3:0]) + output format [5:4]";
  }
  return "?";
}

std::optional<std::string> describe_opcode(std::string_view opcode) {
  const std::string up = core::to_upper(opcode);
  std::string out;
  for (const InstrRow& r : all_rows()) {
    const std::string rm = core::to_upper(r.mnemonic);
    char op[8];
    std::snprintf(op, sizeof op, "0X%02X", r.opcode);
    if (up != r.name && up != rm && up != op && up != core::to_upper(r.spec_spelling())) continue;
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", r.opcode);
    out += std::string(r.name) + " (" + hex + ", " + std::string(r.spec_file) +
           "): " + std::string(r.summary) + "\n";
    out += "  text:      " + std::string(r.text) + "\n";
    out += "  spec text: " + std::string(r.spec_text) + "\n";
    if (!r.s3d.roles.empty()) {
      const auto names = [](std::span<const intel::Param> roles) {
        std::string s;
        for (intel::Param p : roles) s += " " + std::string(intel::param_name(p));
        return s;
      };
      out += "  params:   " + names(r.s3d.roles);
      if (!r.s3d.roles_w.empty()) out += "  (UW form, ICLLP+:" + names(r.s3d.roles_w) + ")";
      out += "\n";
    }
    out += "  platforms: " + std::string(platform_info(r.min_platform).name) + ".." +
           std::string(platform_info(r.max_platform).name) + "\n";
    out += "  fields (binary order, little-endian, no padding):\n";
    for (const FieldSpec& f : r.fields) {
      std::string line = "    " + std::string(f.name);
      line.resize(20, ' ');
      line += std::string(kind_name(f.kind));
      if (f.kind == Kind::kUImm || f.kind == Kind::kReservedZero ||
          f.kind == Kind::kMediaModifier || f.kind == Kind::kBlockCount ||
          f.kind == Kind::kExecSize || f.kind == Kind::kPredicate || f.kind == Kind::kSurface) {
        line += ", " + std::to_string(f.width) + " byte" + (f.width == 1 ? "" : "s");
      }
      if (f.kind == Kind::kSubOpFlags)
        line += ", 1 byte before vISA 4.0 (flags bits 5/6/7), 2 bytes from 4.0 (bits 8/9/10)";
      if (f.kind == Kind::kAoffimmi) line += ", raw UW before vISA 3.4, vector operand from 3.4";
      if (f.min_version != kAnyVersion) line += ", from vISA " + version_string(f.min_version);
      if (f.kind == Kind::kSourceChannel || f.kind == Kind::kUnormChannels) line += ", 1 byte";
      if (f.kind == Kind::kUImm || f.kind == Kind::kMediaModifier ||
          (f.kind == Kind::kExecSize && f.hi != 0)) {
        line += ", [" + std::to_string(f.lo) + ", " + std::to_string(f.hi) + "]";
      }
      if (f.kind == Kind::kExecSize && f.hi == 0) line += ", 1/2/4/8/16/32 lanes";
      if (f.kind == Kind::kBlockCount) line += ", 1/2/4";
      if (f.types != 0) line += ", type " + type_set_names(f.types);
      if (f.flags & kFlagGrfAligned) line += ", GRF-aligned";
      if (f.flags & kFlagNoSlm) line += ", not T0 (%slm)";
      if (f.flags & kFlagNoStateless) line += ", not T5 (%scratch)";
      if (f.flags & kFlagOptional) line += ", optional in text (0)";
      out += line + "\n";
    }
  }
  if (out.empty()) return std::nullopt;
  return out;
}

}  // namespace texsim::isa::visa
