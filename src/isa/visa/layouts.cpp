// The layout table of every vISA opcode and the walker over it (layouts.hpp). Facts from IGC
// 1.0.12504's visa/IsaDescription.cpp (CISA_INST_table) and visa/ByteCodeReaderNG.cpp; the
// modelled opcodes' layouts come from their model rows.
#include "isa/visa/layouts.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "isa/visa/model.hpp"

namespace texsim::isa::visa {
namespace {

// The layout of a modelled opcode is its model rows' field list (model_fields.hpp), derived by
// row_layout(): one description per instruction (decision I5).
constexpr std::string_view kModelled = "=";

// Common class (mov, arith, logic, address, compare): exec size, predicate where the table has
// one, then one vector operand per table operand; cmp and fminmax read a UB before them.
constexpr std::array kLayouts{
    OpLayout{0x01, "add", "EPVVV"},
    OpLayout{0x02, "avg", "EPVVV"},
    OpLayout{0x03, "div", "EPVVV"},
    OpLayout{0x04, "dp2", "EPVVV"},
    OpLayout{0x05, "dp3", "EPVVV"},
    OpLayout{0x06, "dp4", "EPVVV"},
    OpLayout{0x07, "dph", "EPVVV"},
    OpLayout{0x08, "exp", "EPVV"},
    OpLayout{0x09, "frc", "EPVV"},
    OpLayout{0x0a, "line", "EPVVV"},
    OpLayout{0x0b, "log", "EPVV"},
    OpLayout{0x0c, "mad", "EPVVVV"},
    OpLayout{0x0d, "mulh", "EPVVV"},
    OpLayout{0x0e, "lrp", "EPVVVV"},
    OpLayout{0x0f, "mod", "EPVVV"},
    OpLayout{0x10, "mul", "EPVVV"},
    OpLayout{0x11, "pow", "EPVVV"},
    OpLayout{0x12, "rndd", "EPVV"},
    OpLayout{0x13, "rndu", "EPVV"},
    OpLayout{0x14, "rnde", "EPVV"},
    OpLayout{0x15, "rndz", "EPVV"},
    OpLayout{0x16, "sad2", "EPVVV"},
    OpLayout{0x17, "sin", "EPVV"},
    OpLayout{0x18, "cos", "EPVV"},
    OpLayout{0x19, "sqrt", "EPVV"},
    OpLayout{0x1a, "rsqrt", "EPVV"},
    OpLayout{0x1b, "inv", "EPVV"},
    OpLayout{0x1c, "dpasw", "ERRRVd"},
    OpLayout{0x1d, "fcvt", "EVV"},
    OpLayout{0x1e, "srnd", "EVVV"},
    OpLayout{0x1f, "lzd", "EPVV"},
    OpLayout{0x20, "and", "EPVVV"},
    OpLayout{0x21, "or", "EPVVV"},
    OpLayout{0x22, "xor", "EPVVV"},
    OpLayout{0x23, "not", "EPVV"},
    OpLayout{0x24, "shl", "EPVVV"},
    OpLayout{0x25, "shr", "EPVVV"},
    OpLayout{0x26, "asr", "EPVVV"},
    OpLayout{0x27, "cbit", "EPVV"},
    OpLayout{0x28, "addr_add", "EVVV"},
    OpLayout{0x29, "mov", "EPVV"},
    OpLayout{0x2a, "sel", "EPVVV"},
    OpLayout{0x2b, "setp", "EVV"},
    OpLayout{0x2c, "cmp", "EbVVV"},
    OpLayout{0x2d, "movs", "EVV"},
    OpLayout{0x2e, "fbl", "EPVV"},
    OpLayout{0x2f, "fbh", "EPVV"},
    OpLayout{0x30, "func", "w"},
    OpLayout{0x31, "label", "w"},
    OpLayout{0x32, "jmp", "EPw"},
    OpLayout{0x33, "call", "EPw"},
    OpLayout{0x34, "ret", "EP"},
    OpLayout{0x35, "oword_ld", "bbbVR"},
    OpLayout{0x36, "oword_st", "bbVR"},
    OpLayout{0x37, "media_ld", kModelled},
    OpLayout{0x38, "media_st", "bbbbbVVR"},
    OpLayout{0x39, "gather", "bbbbVRR"},
    OpLayout{0x3a, "scatter", "bbbVRR"},
    OpLayout{0x3c, "oword_ld_unaligned", "bbbVR"},
    OpLayout{0x40, "sample", "bbbRRRR"},
    OpLayout{0x41, "sample_unorm", kModelled},
    OpLayout{0x42, "load", "bbRRRR"},
    OpLayout{0x43, "avs", "bbbVVVVVVVbVbVR"},
    OpLayout{0x44, "va", "?"},
    OpLayout{0x45, "fminmax", "EbVVV"},
    OpLayout{0x46, "bfe", "EPVVVV"},
    OpLayout{0x47, "bfi", "EPVVVVV"},
    OpLayout{0x48, "bfrev", "EPVV"},
    OpLayout{0x49, "addc", "EPVVVV"},
    OpLayout{0x4a, "subb", "EPVVVV"},
    OpLayout{0x4b, "gather4_typed", "EPbbRRRRR"},
    OpLayout{0x4c, "scatter4_typed", "EPbbRRRRR"},
    OpLayout{0x4d, "va_skl_plus", "?"},
    OpLayout{0x4e, "svm", "s"},
    OpLayout{0x4f, "ifcall", "EPVbb"},
    OpLayout{0x50, "faddr", "wV"},
    OpLayout{0x51, "file", "d"},
    OpLayout{0x52, "loc", "d"},
    OpLayout{0x54, "vme_ime", "?"},
    OpLayout{0x55, "vme_sic", "?"},
    OpLayout{0x56, "vme_fbr", "?"},
    OpLayout{0x57, "vme_idm", "?"},
    OpLayout{0x59, "barrier", ""},
    OpLayout{0x5a, "sampler_cache_flush", ""},
    OpLayout{0x5b, "wait", "W"},
    OpLayout{0x5c, "fence", "b"},
    OpLayout{0x5d, "raw_send", "bEPdbbVRR"},
    OpLayout{0x5f, "yield", ""},
    OpLayout{0x60, "nbarrier", "bVV"},
    OpLayout{0x67, "fcall", "EPwbb"},
    OpLayout{0x68, "fret", "EP"},
    OpLayout{0x69, "switchjmp", "EnVl"},
    OpLayout{0x6a, "sad2add", "EPVVVV"},
    OpLayout{0x6b, "plane", "EPVVV"},
    OpLayout{0x6c, "goto", "EPw"},
    OpLayout{0x6d, "sample_3d", kModelled},
    OpLayout{0x6e, "load_3d", kModelled},
    OpLayout{0x6f, "gather4_3d", kModelled},
    OpLayout{0x70, "info_3d", "?"},
    OpLayout{0x71, "rt_write_3d", "?"},
    OpLayout{0x72, "urb_write_3d", "?"},
    OpLayout{0x73, "typed_atomic", "bEPbRRRRRRR"},
    OpLayout{0x74, "gather4_scaled", kModelled},
    OpLayout{0x75, "scatter4_scaled", "EPbwbVRR"},
    OpLayout{0x78, "gather_scaled", kModelled},
    OpLayout{0x79, "scatter_scaled", "EPbbwbVRR"},
    OpLayout{0x7a, "raw_sends", "bEPbbbFVVRRR"},
    OpLayout{0x7b, "lifetime", "bI"},
    OpLayout{0x7c, "sbarrier", "b"},
    OpLayout{0x7d, "dword_atomic", "bEPbRRRR"},
    OpLayout{0x7e, "sqrtm", "EPVV"},
    OpLayout{0x7f, "divm", "EPVVV"},
    OpLayout{0x80, "rol", "EPVVV"},
    OpLayout{0x81, "ror", "EPVVV"},
    OpLayout{0x82, "dp4a", "EPVVVV"},
    OpLayout{0x83, "dpas", "ERRRVd"},
    OpLayout{0x84, "add3", "EPVVVV"},
    OpLayout{0x85, "bfn", "EPVVVVb"},
    OpLayout{0x86, "qw_gather", "EPbbRR"},
    OpLayout{0x87, "qw_scatter", "EPbbRR"},
    OpLayout{0x89, "lsc_untyped", "s"},
    OpLayout{0x8a, "lsc_typed", "s"},
    OpLayout{0x8b, "lsc_fence", "EPbbb"},
    OpLayout{0x91, "madw", "EPVVVV"},
    OpLayout{0x92, "add3.o", "EPVVVV"},
};

// Sub-op layouts (svm: SVMSubOpcode; lsc_*: LSC_OP); opcode in the high byte of the key.
struct SubLayout {
  uint8_t opcode;
  uint8_t sub_op;
  OpLayout layout;
};
constexpr std::string_view kLscUntyped = "EPbbbbwdbbbbbVRRRR";
constexpr std::string_view kLscStrided = "EPbbbbwdbbbbbVRRVR";
constexpr std::string_view kLscBlock2d = "EPbbbbbbwwbRVVVVVVR";
constexpr std::string_view kLscTyped = "EPbbbbbbbbVRRRRRRR";
constexpr std::array kSubLayouts{
    SubLayout{0x4e, 1, {0x4e, "svm_block_ld", "bVR"}},
    SubLayout{0x4e, 2, {0x4e, "svm_block_st", "bVR"}},
    SubLayout{0x4e, 3, {0x4e, "svm_gather", "EPbbRR"}},
    SubLayout{0x4e, 4, {0x4e, "svm_scatter", "EPbbRR"}},
    SubLayout{0x4e, 5, {0x4e, "svm_atomic", "EPbRRRR"}},
    SubLayout{0x4e, 6, {0x4e, "svm_gather4_scaled", "EPbwVRR"}},
    SubLayout{0x4e, 7, {0x4e, "svm_scatter4_scaled", "EPbwVRR"}},
    SubLayout{0x89, 0x00, {0x89, "lsc_load", kLscUntyped}},
    SubLayout{0x89, 0x01, {0x89, "lsc_load_strided", kLscStrided}},
    SubLayout{0x89, 0x02, {0x89, "lsc_load_quad", kLscUntyped}},
    SubLayout{0x89, 0x03, {0x89, "lsc_load_block2d", kLscBlock2d}},
    SubLayout{0x89, 0x04, {0x89, "lsc_store", kLscUntyped}},
    SubLayout{0x89, 0x05, {0x89, "lsc_store_strided", kLscStrided}},
    SubLayout{0x89, 0x06, {0x89, "lsc_store_quad", kLscUntyped}},
    SubLayout{0x89, 0x07, {0x89, "lsc_store_block2d", kLscBlock2d}},
};

bool is_lsc_atomic(uint8_t sub) {
  return sub >= 0x08 && sub <= 0x1e;
}
constexpr OpLayout kLscAtomicUntyped{0x89, "lsc_atomic", kLscUntyped};
constexpr OpLayout kLscTypedAny{0x8a, "lsc_typed", kLscTyped};

// A model field's layout token: the kind's binary form (kinds_binary.cpp), numeric kinds by
// their width.
char layout_token(const FieldSpec& f) {
  switch (f.kind) {
    case Kind::kExecSize:
      return 'E';
    case Kind::kPredicate:
      return 'P';
    case Kind::kSubOpFlags:
      return 'O';
    case Kind::kAoffimmi:
      return 'A';
    case Kind::kRaw:
      return 'R';
    case Kind::kScalar:
      return 'V';
    case Kind::kCount:
      return 'n';
    case Kind::kRawList:
      return 'r';
    case Kind::kUImm:
    case Kind::kMediaModifier:
    case Kind::kBlockCount:
    case Kind::kReservedZero:
    case Kind::kSurface:
    case Kind::kSampler:
    case Kind::kChannelMask:
    case Kind::kSourceChannel:
    case Kind::kUnormChannels:
      break;
  }
  return f.width == 1 ? 'b' : f.width == 2 ? 'w' : 'd';
}

// kLayouts with every kModelled entry replaced by its rows' layout (built once).
const std::vector<OpLayout>& layouts() {
  static const std::vector<std::string> derived = [] {
    std::vector<std::string> d;
    for (const OpLayout& l : kLayouts) {
      const auto rows = rows_for_opcode(l.opcode);
      d.push_back(l.layout != kModelled ? "" : rows.empty() ? "?" : row_layout(*rows.front()));
    }
    return d;
  }();
  static const std::vector<OpLayout> table = [] {
    std::vector<OpLayout> t;
    for (size_t i = 0; i < kLayouts.size(); ++i) {
      t.push_back(kLayouts[i]);
      if (kLayouts[i].layout == kModelled) t.back().layout = derived[i];
    }
    return t;
  }();
  return table;
}

}  // namespace

std::string row_layout(const InstrRow& row) {
  std::string tokens;
  for (const FieldSpec& f : row.fields) {
    if ((f.flags & kFlagPaired) != 0) continue;  // not in IGC 1.0.12504's container (V33)
    tokens.push_back(layout_token(f));
  }
  return tokens;
}

std::span<const OpLayout> all_layouts() {
  return layouts();
}

const OpLayout* find_layout(uint8_t opcode) {
  for (const OpLayout& l : layouts())
    if (l.opcode == opcode) return &l;
  return nullptr;
}

const OpLayout* find_layout(std::string_view mnemonic) {
  for (const OpLayout& l : layouts())
    if (l.mnemonic == mnemonic) return &l;
  for (const SubLayout& s : kSubLayouts)
    if (s.layout.mnemonic == mnemonic) return &s.layout;
  return nullptr;
}

const OpLayout* find_sub_layout(uint8_t opcode, uint8_t sub_op) {
  for (const SubLayout& s : kSubLayouts)
    if (s.opcode == opcode && s.sub_op == sub_op) return &s.layout;
  if (opcode == 0x89 && is_lsc_atomic(sub_op)) return &kLscAtomicUntyped;
  if (opcode == 0x8a) return &kLscTypedAny;  // every typed op has one layout (IGC reader)
  return nullptr;
}

std::optional<uint8_t> sub_op_of(std::string_view mnemonic) {
  for (const SubLayout& s : kSubLayouts)
    if (s.layout.mnemonic == mnemonic) return s.sub_op;
  return std::nullopt;
}

namespace {

// A vector operand's size from its tag (visa 5_operands.md; IGC readVectorOperandNG).
void walk_vector(core::BytesReader& r, Version v) {
  const size_t at = r.pos();
  const uint8_t tag = r.u8("vector operand tag");
  if (r.failed()) return;
  const unsigned id = v >= kRawId32Version ? 4 : 2;
  switch (tag & 7) {
    case 0:  // general: id, row UB, col UB, region UW
      r.u(id, "general operand id");
      r.u(4, "general operand row/col/region");
      break;
    case 1:  // address: UW id, UB offset, UB width
      r.u(4, "address operand");
      break;
    case 2:  // predicate: UW id
      r.u(2, "predicate operand id");
      break;
    case 3:  // indirect: UW id, UB addr offset, W offset, UB type, UW region
      r.u(8, "indirect operand");
      break;
    case 5: {  // immediate: UB type, then 8 bytes for DF/Q/UQ, else 4
      const uint8_t t = r.u8("immediate type") & 0xf;
      const bool wide = t == 6 /*DF*/ || t == 11 /*UQ*/ || t == 13 /*Q*/;
      r.u(wide ? 8 : 4, "immediate value");
      break;
    }
    case 6:  // state: UB class, UW id, UB offset
      r.u(4, "state operand");
      break;
    default:
      r.fail(at, "vector operand tag",
             "operand class " + std::to_string(tag & 7) +
                 " is not a vector operand class (0-3, 5, 6)");
  }
}

bool is_real(char t) {
  return t != 'E' && t != 'P';
}

// Reads `tokens` in order ('r' and 'l' take the count of the last 'n'). `want_count`: the
// value an 'n' must have (truncated walks fix it in advance); -1 for any.
bool walk_tokens(core::BytesReader& r, Version v, std::string_view tokens, int want_count,
                 std::vector<WalkedField>& fields) {
  uint32_t count = 0;
  for (char t : tokens) {
    if (r.failed()) break;
    const size_t at = r.pos();
    switch (t) {
      case 'E':
        r.u8("exec size");
        break;
      case 'b':
        r.u8("operand");
        break;
      case 's':
        r.u8("sub-op");
        break;
      case 'n':
        count = r.u8("operand count");
        if (!r.failed() && want_count >= 0 && count != static_cast<uint32_t>(want_count))
          r.fail(at, "operand count", "does not match the operands that follow");
        break;
      case 'P':
        r.u16("predicate");
        break;
      case 'w':
        r.u16("operand");
        break;
      case 'd':
        r.u32("operand");
        break;
      case 'I':
        r.u(v >= kRawId32Version ? 4 : 2, "variable id");
        break;
      case 'R':
        r.u(v >= kRawId32Version ? 4 : 2, "raw operand id");
        r.u16("raw operand offset");
        break;
      case 'V':
        walk_vector(r, v);
        break;
      case 'O':
        r.u(v >= kWideOpVersion ? 2 : 1, "3D sub-op");
        break;
      case 'A':
        if (v >= kRawId32Version)
          walk_vector(r, v);
        else
          r.u16("aoffimmi");
        break;
      case 'W':
        if (v >= Version{3, 1}) walk_vector(r, v);
        break;
      case 'F':
        if (v > Version{3, 5}) r.u8("ffid");
        break;
      case 'r':
        for (uint32_t k = 0; k < count && !r.failed(); ++k) {
          const size_t a = r.pos();
          r.u(v >= kRawId32Version ? 4 : 2, "raw operand id");
          r.u16("raw operand offset");
          if (!r.failed())
            fields.push_back({'R', static_cast<uint32_t>(a), static_cast<uint32_t>(r.pos() - a)});
        }
        continue;
      case 'l':
        for (uint32_t k = 0; k < count && !r.failed(); ++k) {
          const size_t a = r.pos();
          r.u16("label id");
          if (!r.failed()) fields.push_back({'w', static_cast<uint32_t>(a), 2});
        }
        continue;
      default:
        r.fail(at, "opcode", "has no binary layout texsim knows");
    }
    if (!r.failed())
      fields.push_back({t, static_cast<uint32_t>(at), static_cast<uint32_t>(r.pos() - at)});
  }
  return !r.failed();
}

// The layout tokens of the instruction at `pos` (its sub-op resolved); empty + error when none.
std::string full_tokens(std::span<const uint8_t> bytes, size_t pos, std::string& mnemonic,
                        std::string& error) {
  const OpLayout* op = find_layout(bytes[pos]);
  if (op == nullptr) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", bytes[pos]);
    error = std::string(buf) + " is not a vISA opcode (IGC 1.0.12504's table)";
    return {};
  }
  mnemonic = std::string(op->mnemonic);
  if (op->layout == "?") {
    error = mnemonic + " has no binary layout texsim knows";
    return {};
  }
  if (op->layout != "s") return std::string(op->layout);
  if (pos + 1 >= bytes.size()) {
    error = mnemonic + ": sub-op byte missing";
    return {};
  }
  const OpLayout* sl = find_sub_layout(op->opcode, bytes[pos + 1]);
  if (sl == nullptr || sl->layout == "?") {
    error = mnemonic + " sub-op " + std::to_string(bytes[pos + 1]) +
            " has no binary layout texsim knows";
    return {};
  }
  mnemonic = std::string(sl->mnemonic);
  return "s" + std::string(sl->layout);
}

}  // namespace

bool walk_instruction(core::BytesReader& r, Version v, std::vector<WalkedField>& fields) {
  fields.clear();
  const size_t at = r.pos();
  if (r.remaining() == 0) {
    r.u8("opcode");
    return false;
  }
  std::string mnemonic, error;
  const std::string tokens = full_tokens(r.bytes(), at, mnemonic, error);
  if (tokens.empty() && !error.empty()) {
    r.fail(at, "opcode", error);
    return false;
  }
  r.u8("opcode");
  return walk_tokens(r, v, tokens, -1, fields);
}

std::vector<Walk> walk_truncated(std::span<const uint8_t> bytes, size_t pos, size_t end, Version v,
                                 std::string& error) {
  std::vector<Walk> out;
  std::string mnemonic;
  const std::string tokens = full_tokens(bytes.first(end), pos, mnemonic, error);
  if (tokens.empty() && !error.empty()) return out;
  const size_t nn = tokens.find('n');
  const bool counted = nn != std::string::npos;
  const char list = counted ? tokens[nn + 1] : 0;  // 'r' or 'l'
  const int max_count = counted ? (list == 'r' ? 15 : 64) : 0;
  for (int n = 0; n <= max_count; ++n) {
    // Expand the list, then keep as many table entries as the instruction has operands (E and
    // P use up entries without being operands: V34).
    std::string expanded;
    for (char t : tokens) {
      if (t == 'r' || t == 'l')
        expanded.append(static_cast<size_t>(n), t == 'r' ? 'R' : 'w');
      else
        expanded.push_back(t);
    }
    size_t real = 0;
    for (char t : expanded) real += is_real(t) ? 1 : 0;
    const std::string kept = expanded.substr(0, std::min(real, expanded.size()));
    const bool has_n = kept.find('n') != std::string::npos;
    core::BytesReader r(bytes.first(end), "", pos + 1);
    Walk w;
    if (!walk_tokens(r, v, kept, has_n ? n : -1, w.fields)) {
      if (error.empty()) error = mnemonic + ": " + r.error_field() + ": " + r.message();
      continue;
    }
    w.end = r.pos();
    w.mnemonic = mnemonic;
    bool dup = false;
    for (const Walk& o : out) dup = dup || o.end == w.end;
    if (!dup) out.push_back(std::move(w));
  }
  return out;
}

}  // namespace texsim::isa::visa
