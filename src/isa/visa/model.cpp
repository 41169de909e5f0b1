// The model table rows (MEDIA_LD 0x37, GATHER_SCALED 0x78) and lookups. Depends on types and
// platform only; the spec citations are the spec files' Format tables and field lists.
#include "isa/visa/model.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>

namespace texsim::isa::visa {
namespace {

constexpr TypeSet kUD = type_bit(VisaType::kUD);
constexpr TypeSet kDstGather = type_bit(VisaType::kUD) | type_bit(VisaType::kD) | type_bit(VisaType::kF);

// visa-media_ld.md, Format: Modifiers Surface Plane Block_width Block_height X_offset Y_offset Dst.
constexpr std::array<FieldSpec, 8> kMediaLdFields{{
    {.name = "Modifiers", .kind = Kind::kMediaModifier, .width = 1, .lo = 0, .hi = 5,
     .citation = "visa-media_ld.md, Modifiers"},
    {.name = "Surface", .kind = Kind::kSurface, .width = 1, .hi = 255,
     .flags = kFlagNoSlm | kFlagNoStateless, .citation = "visa-media_ld.md, Surface"},
    {.name = "Plane", .kind = Kind::kUImm, .width = 1, .lo = 0, .hi = 3,
     .flags = kFlagOptional, .citation = "visa-media_ld.md, Plane"},
    {.name = "Block_width", .kind = Kind::kUImm, .width = 1, .lo = 1, .hi = 64,
     .citation = "visa-media_ld.md, Block_width"},
    {.name = "Block_height", .kind = Kind::kUImm, .width = 1, .lo = 1, .hi = 64,
     .citation = "visa-media_ld.md, Block_height"},
    {.name = "X_offset", .kind = Kind::kScalar, .types = kUD, .citation = "visa-media_ld.md, X_offset"},
    {.name = "Y_offset", .kind = Kind::kScalar, .types = kUD, .citation = "visa-media_ld.md, Y_offset"},
    {.name = "Dst", .kind = Kind::kRaw, .flags = kFlagGrfAligned, .citation = "visa-media_ld.md, Dst"},
}};

// visa-gather_scaled.md, Format: Exec_size Pred Block_size Num_blocks Scale Surface Offset
// Element_offset Dst.
constexpr std::array<FieldSpec, 9> kGatherScaledFields{{
    {.name = "Exec_size", .kind = Kind::kExecSize, .width = 1,
     .citation = "visa-gather_scaled.md, Exec_size"},
    {.name = "Pred", .kind = Kind::kPredicate, .width = 2, .citation = "visa-gather_scaled.md, Pred"},
    {.name = "Block_size", .kind = Kind::kReservedZero, .width = 1,
     .citation = "visa-gather_scaled.md, Block_size"},
    {.name = "Num_blocks", .kind = Kind::kBlockCount, .width = 1, .lo = 1, .hi = 4,
     .citation = "visa-gather_scaled.md, Num_blocks"},
    {.name = "Scale", .kind = Kind::kReservedZero, .width = 2, .citation = "visa-gather_scaled.md, Scale"},
    {.name = "Surface", .kind = Kind::kSurface, .width = 1, .hi = 255,
     .citation = "visa-gather_scaled.md, Surface"},
    {.name = "Offset", .kind = Kind::kScalar, .types = kUD, .citation = "visa-gather_scaled.md, Offset"},
    {.name = "Element_offset", .kind = Kind::kRaw, .types = kUD, .flags = kFlagGrfAligned,
     .citation = "visa-gather_scaled.md, Element_offset"},
    {.name = "Dst", .kind = Kind::kRaw, .types = kDstGather, .flags = kFlagGrfAligned,
     .citation = "visa-gather_scaled.md, Dst"},
}};

constexpr std::array<InstrRow, 2> kRows{{
    {.name = "MEDIA_LD", .opcode = 0x37, .mnemonic = "media_ld",
     .text = "media_ld.{Modifiers} ({Block_width},{Block_height}) {Surface} {Plane?} {X_offset} {Y_offset} {Dst}",
     .spec_text = "MEDIA_LD.{Modifiers} ({Block_width}, {Block_height}) {Surface} {Plane?} {X_offset} {Y_offset} {Dst}",
     .fields = kMediaLdFields, .spec_file = "visa-media_ld.md",
     .summary = "2D media block read: Block_width bytes x Block_height rows into Dst rows of the register pitch"},
    {.name = "GATHER_SCALED", .opcode = 0x78, .mnemonic = "gather_scaled",
     .text = "gather_scaled.{Num_blocks} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .spec_text = "GATHER_SCALED.{Num_blocks} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .fields = kGatherScaledFields, .spec_file = "visa-gather_scaled.md",
     .summary = "scattered read of Num_blocks bytes per lane into the low bytes of each Dst dword"},
}};

// vISA mnemonics texsim recognises but does not model (visa/CISA.l; the 3D ones come with the
// sampler issue).
constexpr std::string_view kOtherMnemonics[] = {
    "add", "addc", "and", "asr", "avg", "bfe", "bfi", "bfn", "bfrev", "cbit", "cmp", "cos",
    "div", "divm", "dp2", "dp3", "dp4", "dp4a", "dph", "exp", "fbh", "fbl", "frc", "inv",
    "line", "log", "lrp", "lzd", "mad", "madw", "max", "min", "mod", "mov", "movs", "mul",
    "mulh", "not", "or", "plane", "pow", "rndd", "rnde", "rndu", "rndz", "rol", "ror", "rsqrt",
    "sad2", "sad2add", "sel", "shl", "shr", "sin", "sqrt", "srnd", "subb", "tan", "xor",
    "addr_add", "setp", "fcall", "ifcall", "faddr", "fret", "call", "ret", "jmp", "goto",
    "switchjmp", "raw_send", "raw_sends", "raw_sendc", "raw_sendsc", "oword_ld",
    "oword_ld_unaligned", "oword_st", "media_st", "gather", "scatter", "gather4_typed",
    "scatter4_typed", "scatter_scaled", "gather4_scaled", "scatter4_scaled", "dword_atomic",
    "typed_atomic", "svm_block_ld", "svm_block_st", "svm_gather", "svm_scatter",
    "svm_gather4_scaled", "svm_scatter4_scaled", "svm_atomic", "sample", "sample_unorm",
    "load", "avs", "va", "barrier", "sbarrier", "fence", "wait", "yield", "nbarrier",
    "lsc_load", "lsc_store", "lsc_load_quad", "lsc_store_quad", "lsc_load_strided",
    "lsc_store_strided", "lsc_load_block2d", "lsc_store_block2d", "lsc_atomic_iinc",
    "lsc_fence", "dpas", "dpasw", "fcvt", "lifetime", "sample_3d", "sample_b", "sample_l",
    "sample_c", "sample_d", "sample_b_c", "sample_l_c", "sample_d_c", "sample_lz",
    "sample_c_lz", "lod", "load_3d", "load_lz", "load_2dms_w", "load_mcs", "load_l",
    "gather4_3d", "info_3d"};

}  // namespace

std::string_view kind_name(Kind k) {
  switch (k) {
    case Kind::kExecSize: return "exec size + mask";
    case Kind::kPredicate: return "predicate";
    case Kind::kUImm: return "unsigned immediate";
    case Kind::kMediaModifier: return "media modifier";
    case Kind::kBlockCount: return "block count (log2 in binary)";
    case Kind::kReservedZero: return "ignored (written as 0)";
    case Kind::kSurface: return "surface";
    case Kind::kSampler: return "sampler";
    case Kind::kChannelMask: return "channel mask";
    case Kind::kSubOpFlags: return "sub-op + flags";
    case Kind::kRaw: return "raw operand";
    case Kind::kScalar: return "scalar operand";
    case Kind::kCount: return "count";
    case Kind::kRawList: return "raw operand list";
  }
  return "?";
}

std::optional<size_t> InstrRow::field_index(std::string_view f) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == f) return i;
  }
  return std::nullopt;
}

std::span<const InstrRow> all_rows() { return kRows; }

const InstrRow* find_row_by_mnemonic(std::string_view m) {
  for (const InstrRow& r : kRows) {
    if (r.mnemonic == m || r.name == m) return &r;
  }
  return nullptr;
}

std::span<const InstrRow* const> rows_for_opcode(uint8_t opcode) {
  static const std::array<std::vector<const InstrRow*>, 256> by_op = [] {
    std::array<std::vector<const InstrRow*>, 256> t;
    for (const InstrRow& r : kRows) t[r.opcode].push_back(&r);
    return t;
  }();
  return by_op[opcode];
}

bool is_other_visa_mnemonic(std::string_view m) {
  return std::find(std::begin(kOtherMnemonics), std::end(kOtherMnemonics), m) != std::end(kOtherMnemonics) ||
         m.starts_with("lsc_") || m.starts_with("sample_po");
}

std::optional<std::string> describe_opcode(std::string_view opcode) {
  std::string up;
  for (char c : opcode) up += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  std::string out;
  for (const InstrRow& r : kRows) {
    std::string rm(r.mnemonic);
    for (char& c : rm) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    char op[8];
    std::snprintf(op, sizeof op, "0X%02X", r.opcode);
    if (up != r.name && up != rm && up != op) continue;
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", r.opcode);
    out += std::string(r.name) + " (" + hex + ", " + std::string(r.spec_file) + "): " +
           std::string(r.summary) + "\n";
    out += "  text:      " + std::string(r.text) + "\n";
    out += "  spec text: " + std::string(r.spec_text) + "\n";
    out += "  platforms: " + std::string(platform_info(r.min_platform).name) + ".." +
           std::string(platform_info(r.max_platform).name) + "\n";
    out += "  fields (binary order, little-endian, no padding):\n";
    for (const FieldSpec& f : r.fields) {
      std::string line = "    " + std::string(f.name);
      line.resize(20, ' ');
      line += std::string(kind_name(f.kind));
      if (f.kind == Kind::kUImm || f.kind == Kind::kReservedZero || f.kind == Kind::kMediaModifier ||
          f.kind == Kind::kBlockCount || f.kind == Kind::kExecSize || f.kind == Kind::kPredicate ||
          f.kind == Kind::kSurface) {
        line += ", " + std::to_string(f.width) + " byte" + (f.width == 1 ? "" : "s");
      }
      if (f.kind == Kind::kUImm || f.kind == Kind::kMediaModifier || (f.kind == Kind::kExecSize && f.hi != 0)) {
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
