// The vISA model table: one row per instruction variant with its ordered fields (name, kind,
// binary width, range, type set, optionality, version and platform gates). Every consumer
// (syntax, codec, rules, describe) walks these rows. Depends on types/platform and the Intel
// sampler message's table (intel/sampler_message.hpp) only.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "intel/sampler_message.hpp"
#include "isa/visa/platform.hpp"
#include "isa/visa/types.hpp"

namespace texsim::isa::visa {

// Operand kinds: the unit of behaviour (kinds.hpp gives each parse/print, encode/decode, check).
enum class Kind : uint8_t {
  kExecSize,       // ub: size code [2..0], emask [7..4]; text "(M1, 16)"
  kPredicate,      // uw: invert [15], combine [14..13], id [11..0]; text prefix "(!P3.any) "
  kUImm,           // unsigned immediate of `width` bytes, range [lo, hi]; text decimal
  kMediaModifier,  // ub 0..5; text nomod|modified|top|bottom|top_mod|bottom_mod
  kBlockCount,     // ub log2 code [1..0] (0=1, 1=2, 2=4); value and text are the count
  kReservedZero,   // ignored field written as 0 (GATHER_SCALED Block_size, Scale); not in text
  kSurface,        // ub surface id; text %slm, T1, T2, TSS, %bss, %scratch, T6...
  kSampler,        // ub sampler id; text S<n>
  kChannelMask,    // ub R [0], G [1], B [2], A [3]; text suffix "RGBA" subset
  kSubOpFlags,     // sub-op + flags, ub before 4.0 / uw from 4.0 (kSubOpV3 / kSubOpV4 below)
  kRaw,            // raw operand { id (uw before 3.4, ud from 3.4); uw offset }; text "V40.0"
  kScalar,         // scalar vector operand: general "V33(0,0)<0;1,0>" or immediate "0x0:ud"
  kCount,          // ub count of the raw list that follows; not in text
  kRawList,        // Count raw operands; trailing ones may be omitted (read as 0)
  kSourceChannel,  // ub 0..3 (R, G, B, A): the channel a gather4 reads; text suffix ".R" etc.
                   // (visa visa-3d_sample4.md, Src_channel)
  kAoffimmi,       // 3D aoffimmi: a raw UW immediate before vISA 3.4, a scalar vector operand
                   // from 3.4 (research §1.2); text "0x0:uw" or "V33(0,0)<0;1,0>"
  kUnormChannels,  // ub R [0], G [1], B [2], A [3], output format [5..4] (SAMPLE_UNORM
                   // Channel_mask, visa-sample_unorm.md); text suffix "RGBA.16-full"
};
std::string_view kind_name(Kind k);

enum FieldFlag : uint32_t {
  kFlagNone = 0,
  kFlagGrfAligned = 1u << 0,   // raw operand must start at a GRF boundary
  kFlagNoSlm = 1u << 1,        // surface may not be T0 (%slm)
  kFlagNoStateless = 1u << 2,  // surface may not be T5 (%scratch)
  kFlagOptional = 1u << 3,     // may be omitted in text (value 0)
  kFlagPaired = 1u << 4,       // 3D paired surface: in text only as %null.N, or any raw on
                               // platforms that allow a paired surface (decision in docs/visa.md)
};

struct FieldSpec {
  std::string_view name;  // as the spec's Format table names it
  Kind kind;
  uint8_t width = 1;       // bytes in the binary for numeric kinds
  uint8_t wide_width = 0;  // bytes from `wide_from` on (0: never changes)
  Version wide_from = kNoVersion;
  uint32_t lo = 0, hi = 0;  // numeric range (kUImm, kMediaModifier, kExecSize sizes...)
  TypeSet types = 0;        // allowed types of the operand's variable (0: any)
  uint32_t flags = kFlagNone;
  Version min_version = kAnyVersion;  // the field exists in versions [min, max)
  Version max_version = kNoVersion;
  std::string_view citation;  // "visa-media_ld.md, Block_width"

  unsigned width_at(Version v) const {
    return (wide_width != 0 && v >= wide_from) ? wide_width : width;
  }
  bool exists_at(Version v) const { return v >= min_version && v < max_version; }
};

// What a row does when it runs: execution dispatches through this, not the opcode (#16).
enum class RowExec : uint8_t {
  kNone,           // recognised and encoded, no executor
  kMediaLd,        // MEDIA_LD: a 2D block read (texunit/block_read.hpp)
  kGatherScaled,   // GATHER_SCALED: scattered byte reads
  kGather4Scaled,  // GATHER4_SCALED: scattered dword reads of the enabled channels
  kSample3D,       // 3D_SAMPLE: a sample message
  kLoad3D,         // 3D_LOAD: a fetch message (or ld_mcs)
  kSampleUnorm,    // SAMPLE_UNORM: an 8x4 pixel block at LOD 0, UNORM16 results
};

struct InstrRow {
  std::string_view name = {};  // spec name, e.g. "MEDIA_LD"
  uint8_t opcode = 0;
  std::string_view mnemonic;  // IGC text mnemonic, e.g. "media_ld"
  // Text templates: literal text with {Field} placeholders ({Field?} may be omitted). The
  // predicate prefix is implied by a kPredicate field.
  std::string_view text;       // IGC's printer layout
  std::string_view spec_text;  // the spec's upper-case Text template
  std::optional<uint32_t> sub_op =
      std::nullopt;           // variant discriminant: value of the kSubOpFlags field
  TypeSet variant_types = 0;  // variant discriminant: type of the first list operand
  Platform min_platform = Platform::kSKL;
  Platform max_platform = Platform::kXe2;
  std::span<const FieldSpec> fields = {};
  std::string_view spec_file;  // "visa-media_ld.md"
  std::string_view summary;
  // The spec's upper-case mnemonic when it differs from `name` (3D rows: "SAMPLE_3d", "LOD").
  std::string_view spec_mnemonic = {};

  // What the row does (execution and rules dispatch on these, never on the opcode). A 3D row
  // names its Intel sampler message (intel/sampler_message.hpp): fetch or sample, compare, LOD
  // source, MS/MCS, gather, and the parameter roles in order, whose names (intel::param_name)
  // are the spec's Notes parameter table (spec README items 1 and 2).
  RowExec exec = RowExec::kNone;
  intel::MessageSpec s3d = {};

  std::string_view spec_spelling() const { return spec_mnemonic.empty() ? name : spec_mnemonic; }

  std::optional<size_t> field_index(std::string_view field) const;
  const FieldSpec& field(std::string_view f) const { return fields[*field_index(f)]; }
};

std::span<const InstrRow> all_rows();
const InstrRow* find_row_by_mnemonic(std::string_view mnemonic);  // IGC or spec spelling
std::span<const InstrRow* const> rows_for_opcode(uint8_t opcode);

// Sub-op + flag layouts of the 3D sampler Op field by version (research §0, §2.2).
struct SubOpLayout {
  unsigned bytes;
  unsigned op_hi;    // op in [op_hi..0]
  unsigned pnm_bit;  // pixel_null_mask
  unsigned cps_bit;
  unsigned divs_bit;  // non-uniform sampler
};
inline constexpr SubOpLayout kSubOpV3{1, 4, 5, 6, 7};
inline constexpr SubOpLayout kSubOpV4{2, 7, 8, 9, 10};
inline const SubOpLayout& subop_layout(Version v) {
  return v >= kWideOpVersion ? kSubOpV4 : kSubOpV3;
}
// The logical value of a kSubOpFlags field is always the v4 packing (op [7..0], flags 8/9/10).

inline constexpr uint8_t kOpcode3DSample = 0x6d;
inline constexpr uint8_t kOpcode3DLoad = 0x6e;
inline constexpr uint8_t kOpcode3DGather4 = 0x6f;  // ISA_3D_GATHER4 (visa-3d_sample4.md, Opcode)
inline constexpr uint32_t kFlagPnm = 1u << 8;      // logical kSubOpFlags bits (v4 packing)
inline constexpr uint32_t kFlagCps = 1u << 9;
inline constexpr uint32_t kFlagDivS = 1u << 10;

// Mnemonics of other vISA instructions: recognised and reported as unsupported.
bool is_other_visa_mnemonic(std::string_view mnemonic);

// `texsim describe`: the row(s) of an opcode, rendered from the table.
std::optional<std::string> describe_opcode(std::string_view opcode);

}  // namespace texsim::isa::visa
