// The model table rows (MEDIA_LD 0x37, GATHER_SCALED 0x78, 3D_SAMPLE 0x6d, 3D_LOAD 0x6e,
// 3D_SAMPLE4 0x6f, GATHER4_SCALED 0x74, SAMPLE_UNORM 0x41) and lookups; the spec citations are the
// spec files' Format tables and field lists. Depends on types and platform only.
#include "isa/visa/model.hpp"

#include "isa/visa/model_fields.hpp"
#include "isa/visa/model_sample_unorm.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace texsim::isa::visa {
namespace {

using fields::Lit;
using fields::Shape3D;
using intel::MessageType;

// A 3D row from its mnemonics, opcode shape and message: the shape gives the opcode, spec page,
// field list and text templates (model_fields.hpp); the row's sub-op is the sampler message type
// (IGC's VISASampler3DSubOpCode values are the hardware's, research/intel_native_sends.md;
// decision I2), it runs that message (intel/sampler_message.hpp), and a fetch message makes it a
// load.
// The opcode, name, page and field list of each 3D opcode.
struct OpcodeOf3D {
  std::string_view name;
  uint8_t opcode;
  std::string_view spec_file;
  std::span<const FieldSpec> fields;
};
constexpr OpcodeOf3D opcode_of(Shape3D s) {
  switch (s) {
    case Shape3D::kSample:
      return {"3D_SAMPLE", kOpcode3DSample, "visa-3d_sample.md", fields::kSample3D};
    case Shape3D::kLoad:
      return {"3D_LOAD", kOpcode3DLoad, "visa-3d_load.md", fields::kLoad3D};
    case Shape3D::kSample4:
      break;
  }
  return {"3D_SAMPLE4", kOpcode3DGather4, "visa-3d_sample4.md", fields::kSample4};
}

template <Lit Mnemonic, Lit SpecMnemonic, Shape3D S>
constexpr InstrRow sampler_row(MessageType type, std::string_view summary,
                               Platform max_platform = Platform::kXe2) {
  constexpr OpcodeOf3D kOp = opcode_of(S);
  const intel::MessageSpec& message = intel::message(type);
  return {.name = kOp.name,
          .opcode = kOp.opcode,
          .mnemonic = Mnemonic.view(),
          .text = fields::kJoin<Mnemonic, fields::text_after_mnemonic<S>()>,
          .spec_text = fields::kJoin<SpecMnemonic, fields::spec_text_after_mnemonic<S>()>,
          .sub_op = static_cast<uint32_t>(type),
          .max_platform = max_platform,
          .fields = kOp.fields,
          .spec_file = kOp.spec_file,
          .summary = summary,
          .spec_mnemonic = SpecMnemonic.view(),
          .exec = message.fetch ? RowExec::kLoad3D : RowExec::kSample3D,
          .s3d = message};
}

constexpr InstrRow kRows[] = {
    {.name = "MEDIA_LD",
     .opcode = 0x37,
     .mnemonic = "media_ld",
     .text = "media_ld.{Modifiers} ({Block_width},{Block_height}) {Surface} {Plane?} {X_offset} "
             "{Y_offset} {Dst}",
     .spec_text = "MEDIA_LD.{Modifiers} ({Block_width}, {Block_height}) {Surface} {Plane?} "
                  "{X_offset} {Y_offset} {Dst}",
     .fields = fields::kMediaLd,
     .spec_file = "visa-media_ld.md",
     .summary = "2D media block read: Block_width bytes x Block_height rows into Dst rows of the "
                "register pitch",
     .exec = RowExec::kMediaLd},
    {.name = "GATHER_SCALED",
     .opcode = 0x78,
     .mnemonic = "gather_scaled",
     .text = "gather_scaled.{Num_blocks} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .spec_text =
         "GATHER_SCALED.{Num_blocks} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .fields = fields::kGatherScaled,
     .spec_file = "visa-gather_scaled.md",
     .summary = "scattered read of Num_blocks bytes per lane into the low bytes of each Dst dword",
     .exec = RowExec::kGatherScaled},
    {.name = "GATHER4_SCALED",
     .opcode = 0x74,
     .mnemonic = "gather4_scaled",
     .text = "gather4_scaled.{Channels} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .spec_text = "GATHER4_SCALED.{Channels} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .fields = fields::kGather4Scaled,
     .spec_file = "visa-gather4_scaled.md",
     .summary = "scattered read of one dword per enabled channel per lane (address Offset + "
                "Element_offset[i], channel c at +4c); each channel from the next GRF",
     .exec = RowExec::kGather4Scaled},
    sampler_row<"sample_3d", "SAMPLE_3d", Shape3D::kSample>(
        MessageType::kSample, "sample with the LOD from the 2x2 quad's derivatives"),
    sampler_row<"sample_b", "SAMPLE_B", Shape3D::kSample>(
        MessageType::kSampleB, "sample with the quad LOD plus a per-lane bias"),
    sampler_row<"sample_l", "SAMPLE_L", Shape3D::kSample>(MessageType::kSampleL,
                                                          "sample at an explicit per-lane LOD"),
    sampler_row<"sample_c", "SAMPLE_C", Shape3D::kSample>(
        MessageType::kSampleC, "compare ref against R at each tap (quad LOD), then filter"),
    sampler_row<"sample_d", "SAMPLE_D", Shape3D::kSample>(
        MessageType::kSampleD, "sample with per-lane explicit gradients"),
    sampler_row<"sample_b_c", "SAMPLE_B_C", Shape3D::kSample>(
        MessageType::kSampleBC, "compare sample with the quad LOD plus a bias"),
    sampler_row<"sample_l_c", "SAMPLE_L_C", Shape3D::kSample>(MessageType::kSampleLC,
                                                              "compare sample at an explicit LOD"),
    sampler_row<"sample_d_c", "SAMPLE_D_C", Shape3D::kSample>(
        MessageType::kSampleDC, "compare sample with per-lane gradients"),
    sampler_row<"sample_lz", "SAMPLE_LZ", Shape3D::kSample>(MessageType::kSampleLz,
                                                            "sample at LOD 0"),
    sampler_row<"sample_c_lz", "SAMPLE_C_LZ", Shape3D::kSample>(MessageType::kSampleCLz,
                                                                "compare sample at LOD 0"),
    sampler_row<"lod", "LOD", Shape3D::kSample>(
        MessageType::kLod, "LOD query: R = clamped LOD, G = unclamped, B/A undefined"),
    sampler_row<"load_3d", "LOAD_3D", Shape3D::kLoad>(
        MessageType::kLd, "load one texel at integer coordinates and LOD"),
    sampler_row<"load_lz", "LOAD_LZ", Shape3D::kLoad>(MessageType::kLdLz,
                                                      "load one texel of level 0"),
    sampler_row<"load_2dms_w", "LOAD_2DMS_W", Shape3D::kLoad>(
        MessageType::kLd2dmsW, "load one sample of a multisample surface through its 64-bit MCS"),
    sampler_row<"load_mcs", "LOAD_MCS", Shape3D::kLoad>(MessageType::kLdMcs,
                                                        "load the 64-bit MCS value of a pixel"),
    sampler_row<"sample4", "SAMPLE4", Shape3D::kSample4>(
        MessageType::kGather4,
        "gather4: the Src_channel of the 2x2 bilinear footprint at LOD 0 (R=lower left, G=lower "
        "right, B=upper right, A=upper left)"),
    sampler_row<"sample4_c", "SAMPLE4_C", Shape3D::kSample4>(
        MessageType::kGather4C,
        "gather4_c: the four footprint texels compared against ref (1.0 pass, 0.0 fail)"),
    sampler_row<"sample4_po", "SAMPLE4_PO", Shape3D::kSample4>(
        MessageType::kGather4Po,
        "gather4_po: gather4 with per-lane offsets offu/offv (low 6 bits, [-32, 31])",
        Platform::kPVC),
    sampler_row<"sample4_po_c", "SAMPLE4_PO_C", Shape3D::kSample4>(
        MessageType::kGather4PoC, "gather4_po_c: compare gather with per-lane offsets",
        Platform::kPVC),
    {.name = "SAMPLE_UNORM",
     .opcode = kOpcodeSampleUnorm,
     .mnemonic = "sample_unorm",
     .text = "sample_unorm.{Channel_mask} {Sampler} {Surface} {U_offset} {V_offset} {DeltaU} "
             "{DeltaV} {Dst}",
     .spec_text = "SAMPLE_UNORM.{Channel_mask} {Sampler} {Surface} {U_offset} {V_offset} {DeltaU} "
                  "{DeltaV} {Dst}",
     .fields = kSampleUnormFields,
     .spec_file = "visa-sample_unorm.md",
     .summary = "an 8x4 pixel block at (U_offset + x DeltaU, V_offset + y DeltaV), LOD 0, each "
                "enabled channel as 32 UNORM16 words",
     .exec = RowExec::kSampleUnorm},
};

// vISA mnemonics texsim recognises but does not model (visa/CISA.l).
constexpr std::string_view kOtherMnemonics[] = {
    "add", "addc", "and", "asr", "avg", "bfe", "bfi", "bfn", "bfrev", "cbit", "cmp", "cos", "div",
    "divm", "dp2", "dp3", "dp4", "dp4a", "dph", "exp", "fbh", "fbl", "frc", "inv", "line", "log",
    "lrp", "lzd", "mad", "madw", "max", "min", "mod", "mov", "movs", "mul", "mulh", "not", "or",
    "plane", "pow", "rndd", "rnde", "rndu", "rndz", "rol", "ror", "rsqrt", "sad2", "sad2add", "sel",
    "shl", "shr", "sin", "sqrt", "srnd", "subb", "tan", "xor", "addr_add", "setp", "fcall",
    "ifcall", "faddr", "fret", "call", "ret", "jmp", "goto", "switchjmp", "raw_send", "raw_sends",
    "raw_sendc", "raw_sendsc", "oword_ld", "oword_ld_unaligned", "oword_st", "media_st", "gather",
    "scatter", "gather4_typed", "scatter4_typed", "scatter_scaled", "scatter4_scaled",
    "dword_atomic", "typed_atomic", "svm_block_ld", "svm_block_st", "svm_gather", "svm_scatter",
    "svm_gather4_scaled", "svm_scatter4_scaled", "svm_atomic", "sample", "load", "avs", "va",
    "barrier", "sbarrier", "fence", "wait", "yield", "nbarrier", "lsc_load", "lsc_store",
    "lsc_load_quad", "lsc_store_quad", "lsc_load_strided", "lsc_store_strided", "lsc_load_block2d",
    "lsc_store_block2d", "lsc_atomic_iinc", "lsc_fence", "dpas", "dpasw", "fcvt", "lifetime",
    "load_l", "gather4_3d", "info_3d",
    // Added for IGC's dumps (issue 13; opcode names and printer spellings of IGC 1.0.12504).
    "add3", "fence_global", "fence_local", "fence_sw", "lsc_typed", "lsc_untyped", "qw_gather",
    "qw_scatter", "sampler_cache_flush", "samplr_cache_flush", "rt_write_3d", "urb_write_3d",
    "raw_sends_eot", "raw_sendsc_eot", "invm", "rsqtm", "subroutine", "fminmax", "vme_ime",
    "vme_sic", "vme_fbr", "vme_idm", "svm_gather4scaled", "svm_scatter4scaled", "breakpoint",
    "resinfo", "sampleinfo"};

}  // namespace

std::optional<size_t> InstrRow::field_index(std::string_view f) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == f) return i;
  }
  return std::nullopt;
}

std::span<const InstrRow> all_rows() {
  return kRows;
}

const InstrRow* find_row_by_mnemonic(std::string_view m) {
  for (const InstrRow& r : kRows) {
    if (r.mnemonic == m || r.spec_spelling() == m) return &r;
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
  return std::find(std::begin(kOtherMnemonics), std::end(kOtherMnemonics), m) !=
             std::end(kOtherMnemonics) ||
         m.starts_with("lsc_") || m.starts_with("sample_po") || m.starts_with("va_") ||
         m.starts_with("svm_") || m.starts_with("fence_") || m.starts_with("raw_send") ||
         m.starts_with("dpas") || m.starts_with("lifetime") || m.starts_with("sample4");
}

}  // namespace texsim::isa::visa
