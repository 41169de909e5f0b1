// SASS validation rules (sass-tlds.md: Legal modifier table, alignment restrictions, write-mask
// tables, #tsPtrIdxU13), walked over each OpSpec row; messages come from the failed constraint.
#include "isa/sass/rules.hpp"

#include <array>
#include <string>

#include "isa/sass/encoding.hpp"
#include "isa/sass/fields.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {

namespace {

constexpr std::array<Rule, 85> kRules{{
    {"SASS-SYNTAX", "the line does not parse as SASS text", "interface.md, Program text"},
    {"SASS-UNSUPPORTED", "an instruction texsim does not model (warning for check, error for run)",
     "sass-tlds.md"},
    {"SASS-UNKNOWN-OPCODE",
     "a name that is no instruction of the platform's generation (a typo; did you mean)",
     "nvidia_tlds.md 1.4"},
    {"SASS-ENCODE", "a value does not fit its field / no encoding exists", "nvidia_tlds.md 1.3"},
    {"SASS-DECODE-OPCODE", "a word that is no row of the opcode table (printed as .word)",
     "nvidia_tlds.md 1.4"},
    {"SASS-DECODE-RESERVED", "a reserved TLDS/TEXS paramA/lod encoding",
     "sass-tlds.md, Legal modifier table"},
    {"SASS-DECODE-CTRL", "reserved control bits (TLDS reuse bits other than .T/.P, bit 63)",
     "nvidia_tlds.md 1.2"},
    {"SASS-DECODE-IGNORED",
     "word bits nvdisasm ignores are set (warning: kept, so the word re-encodes, but no text "
     "shows them)",
     "decisions.md T25, T27"},
    {"SASS-DECODE-SIZE",
     "a binary whose size is not a multiple of 8 bytes (error) or of a 32-byte bundle (warning)",
     "nvidia_tlds.md 1.1"},
    {"SASS-TLDS-LOD", "TLDS takes exactly one of .LZ and .LL", "sass-tlds.md, .lod"},
    {"SASS-TLDS-PHASE", "TLDS takes at most one of .T and .P", "sass-tlds.md, .phase"},
    {"SASS-TLDS-PARAMA-RESERVED", "paramA CUBE, ARRAY_1D, ARRAY_3D, ARRAY_CUBE are reserved",
     "sass-tlds.md, #paramA"},
    {"SASS-TLDS-MS-LZ", ".MS requires .LZ", "sass-tlds.md, .MS"},
    {"SASS-TLDS-MS-DIM", ".MS requires paramA 2D (encoding 6)",
     "sass-tlds.md, Legal modifier table"},
    {"SASS-TLDS-AOFFI", ".AOFFI only with paramA 2D (encodings 4 and 12)",
     "sass-tlds.md, Legal modifier table"},
    {"SASS-TLDS-ENCODING", "the paramA/.lod/.AOFFI/.MS combination is not in the legal table",
     "sass-tlds.md, Legal modifier table"},
    {"SASS-TLDS-ALIGN", "Rd0/Rd1/Ra/Rb aligned to their register counts, inside R0..R254",
     "sass-tlds.md, alignment restrictions 1-2"},
    {"SASS-TLDS-RB-RZ", "Rb must be RZ when no parameter is packed in Rb",
     "sass-tlds.md, alignment restriction 3"},
    {"SASS-TLDS-SRC-NOT-RZ", "Ra/Rb must not be RZ when parameters are packed in them",
     "sass-tlds.md, alignment restriction 4"},
    {"SASS-TLDS-WMASK",
     "write mask legal for Rd1 (2-component table iff Rd1 = RZ; RB, GB not "
     "encodable)",
     "sass-tlds.md, Legal modifier table for Rd1,Rd0,wmsk"},
    {"SASS-TLDS-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "sass-tlds.md, #tsPtrIdxU13"},
    {"SASS-TLDS-F16-INT", ".F16 with an integer texture is UNPREDICTABLE on SM52 (warning)",
     "sass-tlds.md, .F16"},
    {"SASS-TLDS-F16-SM50",
     "TLDS.F16 (bit 59 clear) does not exist on SM50 (nvdisasm 11.8 rejects it)",
     "decisions.md T-section (issue 14)"},
    // TEXS (decisions T18) and TLD4S (T19, T20): the same checks over their rows.
    {"SASS-TEXS-LOD", "TEXS takes at most one of .LZ and .LL (none: implicit LOD)",
     "nvidia_tlds.md 1.8"},
    {"SASS-TEXS-PHASE", "TEXS takes at most one of .T and .P", "nvidia_tlds.md 1.2"},
    {"SASS-TEXS-PARAMA-RESERVED", "paramA ARRAY_1D, ARRAY_3D, ARRAY_CUBE have no TEXS encoding",
     "nvidia_tlds.md 1.6; decisions.md T18"},
    {"SASS-TEXS-ENCODING", "the paramA/.lod/.DC combination is not in TEXS's table (bits 56:53)",
     "nvidia_tlds.md 1.6; decisions.md T18"},
    {"SASS-TEXS-ALIGN", "Rd0/Rd1/Ra/Rb aligned to their register counts, inside R0..R254",
     "nvidia_tlds.md 1.6, 1.7 (YUZU texture_fetch_swizzled.cpp)"},
    {"SASS-TEXS-WMASK", "write mask legal for Rd1 (2-component table iff Rd1 = RZ)",
     "nvidia_tlds.md 1.7"},
    {"SASS-TEXS-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "nvidia_tlds.md 1.3"},
    {"SASS-TEXS-F16-SM50", "TEXS.F16 (bit 59 clear) does not exist on SM50", "decisions.md T18"},
    {"SASS-TEXS-RTZ", ".RTZ (bit 58) only with .F16, on SM60 and later", "decisions.md T71"},
    {"SASS-TLDS-RTZ", ".RTZ (bit 58) only with .F16, on SM60 and later", "decisions.md T71"},
    {"SASS-TLD4S-PHASE", "TLD4S takes at most one of .T and .P", "nvidia_tlds.md 1.2"},
    {"SASS-TLD4S-COMPONENT", "TLD4S takes exactly one gather component .R, .G, .B or .A",
     "nvidia_tlds.md 1.8"},
    {"SASS-TLD4S-ALIGN", "Rd0/Rd1 (4 components) and Ra/Rb aligned to their register counts",
     "nvidia_tlds.md 1.7 (YUZU texture_gather_swizzled.cpp)"},
    {"SASS-TLD4S-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "nvidia_tlds.md 1.3"},
    {"SASS-TLD4S-F16-SM50", "TLD4S.F16 (bit 55 set) does not exist on SM50", "decisions.md T19"},
    {"SASS-TLD4S-RTZ", ".RTZ (bit 54) only with .F16, on SM60 and later", "decisions.md T20"},
    // TEX, TLD, TLD4, TXD (decisions T23-T27): nvdisasm 11.8's INVALID names and platform limits.
    {"SASS-TEX-PHASE", "TEX takes at most one of .T and .P", "nvidia_tlds.md 1.2"},
    {"SASS-TEX-PARAMA-RESERVED", "paramA ARRAY_3D is no texture type", "decisions.md T23"},
    {"SASS-TEX-LOD", "lod codes 4 and 5 (INVALIDBLOD4/5) are not LOD modes", "decisions.md T23"},
    {"SASS-TEX-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "envytools gm107.c U13_36"},
    {"SASS-TEX-PD-SM50", "a predicate destination (bits 53:51 != PT) needs SM52 or later",
     "decisions.md T23"},
    {"SASS-TLD-PHASE", "TLD takes at most one of .T and .P", "nvidia_tlds.md 1.2"},
    {"SASS-TLD-PARAMA-RESERVED", "paramA ARRAY_3D is no texture type", "decisions.md T23"},
    {"SASS-TLD-LOD", "TLD takes exactly one of .LZ and .LL (bit 55)", "decisions.md T24"},
    {"SASS-TLD-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "envytools gm107.c U13_36"},
    {"SASS-TLD-PD-SM50", "a predicate destination (bits 53:51 != PT) needs SM52 or later",
     "decisions.md T23"},
    {"SASS-TLD4-PHASE", "TLD4 takes at most one of .T and .P", "nvidia_tlds.md 1.2"},
    {"SASS-TLD4-PARAMA-RESERVED", "paramA ARRAY_3D is no texture type", "decisions.md T23"},
    {"SASS-TLD4-COMPONENT", "TLD4 takes exactly one gather component .R, .G, .B or .A",
     "decisions.md T25"},
    {"SASS-TLD4-TOFF", "offset code 3 (INVALIDBTOFF03) is neither .AOFFI nor .PTP",
     "decisions.md T25"},
    {"SASS-TLD4-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "envytools gm107.c U13_36"},
    {"SASS-TLD4-PD-SM50", "a predicate destination (bits 53:51 != PT) needs SM52 or later",
     "decisions.md T23"},
    {"SASS-TLD4-NDV", "TLD4.NDV (bit 35) exists up to SM53; nvdisasm ignores the bit from SM60",
     "decisions.md T25"},
    {"SASS-TXD-PHASE", "TXD takes at most one of .T and .P", "nvidia_tlds.md 1.2"},
    {"SASS-TXD-PARAMA-RESERVED", "paramA ARRAY_3D is no texture type", "decisions.md T23"},
    {"SASS-TXD-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "envytools gm107.c U13_36"},
    {"SASS-TXD-PD-SM50", "a predicate destination (bits 53:51 != PT) needs SM52 or later",
     "decisions.md T23"},
    {"SASS-TXD-LC-SM50", "TXD.LC (bit 50) needs SM52 or later", "decisions.md T26"},
    {"SASS-TMML-PHASE", "TMML takes at most one of .T and .P", "nvidia_tlds.md 1.2"},
    {"SASS-TMML-PARAMA-RESERVED", "paramA ARRAY_3D is no texture type", "decisions.md T23"},
    {"SASS-TMML-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "envytools gm107.c U13_36"},
    {"SASS-TXQ-PHASE", "TXQ takes at most one of .T and .P", "nvidia_tlds.md 1.2"},
    {"SASS-TXQ-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "envytools gm107.c U13_36"},
    {"SASS-TXQ-QUERY", "the query is one of the seven named (an unnamed code prints as a number)",
     "envytools gm107.c tabdf50_0; decisions.md T27"},
    // The bindless forms and TXA (decisions T28-T39).
    {"SASS-BINDLESS-TSIDX",
     "a bindless form (.B) is written with 0x0 where tsPtrIdx stands (its texture handle is a "
     "register)",
     "decisions.md T28"},
    {"SASS-TEX-LC-SM50", "TEX.LC (bit 58) and TEX.B.LC (bit 40) need SM52 or later",
     "decisions.md T29"},
    {"SASS-TXA-PHASE", "TXA takes at most one of .T and .P", "nvidia_tlds.md 1.2"},
    {"SASS-TXA-TSIDX", "tsPtrIdx fits 13 bits (0..0x1fff)", "envytools gm107.c txa U13_36"},
    {"SASS-CUBIN", "a cubin (ELF) whose headers, tables or sections are malformed or not SM50-SM90",
     "ELF-64 gABI; decisions.md T-section (issue 14)"},
    {"SASS-CUBIN-SYMBOL",
     "a cubin symbol's name, section index or FUNC extent lies outside its tables",
     "ELF-64 gABI Symbol Table; decisions.md CB1"},
    {"SASS-CUBIN-REL", "a cubin .rel/.rela entry's size, section, offset or symbol is out of range",
     "ELF-64 gABI Relocation; decisions.md CB1"},
    {"SASS-CUBIN-NVINFO", "a .nv.info EIATTR record has an unknown format or runs past its section",
     "cuobjdump 11.8 -elf; decisions.md CB1"},
    {"SASS-RUN-SETTING", "`run --set` given: the SASS machine takes its settings from the scene",
     "interface.md, Scene files"},
    {"SASS-EXEC-STATE",
     "the scene lacks machine state the instruction needs (tex_bank, bank, "
     "header entry)",
     "sass-tlds.md, #tsPtrIdxU13"},
    {"SASS-EXEC-UNSUPPORTED",
     "run of a line that is not executable (.word placeholder, other "
     "instructions)",
     "sass-tlds.md"},
    // TEXS/TLD4S execution (sassexec, decisions T40-T45).
    {"SASS-TEXS-F16-INT", ".F16 with an integer texture is UNPREDICTABLE on SM52 (warning)",
     "sass-tlds.md, .F16; decisions T45"},
    {"SASS-TLD4S-F16-INT", ".F16 with an integer texture is UNPREDICTABLE on SM52 (warning)",
     "sass-tlds.md, .F16; decisions T45"},
    {"SASS-EXEC-SAMPLER-INDEX",
     "the handle's sampler index is beyond the TSC pool's max_index: undefined result (warning)",
     "nvidia_tlds.md 4.1; decisions T43"},
    {"SASS-EXEC-DC-STATE",
     ".DC without TSC depth compare, or TSC depth compare without .DC: undefined (warning)",
     "nvidia_tlds.md 4.3; decisions T43"},
    // TEX/TLD/TLD4/TXD execution (sassexec2, decisions T54).
    {"SASS-EXEC-UNDEFINED-FORM",
     "a TEX/TLD/TLD4/TXD form no source defines (INVALIDBLOD4/5, INVALIDBTOFF03, TLD.CL, "
     "offsets on cubes, ...): undefined result (warning)",
     "decisions T54"},
    {"SASS-EXEC-QUAD-DERIVATIVES",
     "warp-wide: a quad op (implicit LOD, bias, TMML) whose quad is partial with no "
     "warp.default_partial, or whose derivative lanes make no request: undefined result (warning)",
     "decisions W13"},
    // TXQ/TMML execution (sassquery, decisions T60-T69).
    {"SASS-EXEC-QUERY-UNDEFINED",
     "TXQ/TMML write a component no source documents (sampler queries, SAMPLER_POS, numbered "
     "queries, TEXTURE_TYPE R/G/A, TMML B/A): undefined (warning)",
     "decisions T62, T63"},
}};

// The bits of a slot in the instruction's own row (modifiers and paramA: its mode field).
core::BitField slot_bits(const Instruction& inst, Slot s) {
  namespace f = fields;
  const EncodingRow& enc = sm50_row(inst);  // binary locations are the encoding's
  auto role_bits = [&](Role r) {
    const WordField* w = field_of(enc, r);
    return w != nullptr ? w->bits : core::BitField{"word", 63, 0};
  };
  switch (s) {
    case Slot::kPred:
      return f::kPred;
    case Slot::kModifiers:
      return role_bits(Role::kMode);
    case Slot::kRd1:
      return f::kRd1;
    case Slot::kRd0:
      return f::kRd0;
    case Slot::kRa:
      return f::kRa;
    case Slot::kRb:
      return f::kRb;
    case Slot::kTsIdx:
      return f::kTsIdx;
    case Slot::kWmsk:
      return field_of(enc, Role::kMask4) != nullptr ? role_bits(Role::kMask4)
                                                    : role_bits(Role::kWmsk);
    case Slot::kPd:
      return role_bits(Role::kPd);
    case Slot::kLod:
      return role_bits(Role::kLodSel);
    case Slot::kParamA:
      return field_of(enc, Role::kDim) != nullptr     ? role_bits(Role::kDim)
             : field_of(enc, Role::kQuery) != nullptr ? role_bits(Role::kQuery)
                                                      : role_bits(Role::kMode);
    case Slot::kToff:
      return role_bits(Role::kToff);
    case Slot::kLc:
      return role_bits(Role::kLc);
    case Slot::kNdv:
      return role_bits(Role::kNdv);
    default:
      return core::BitField{"word", 63, 0};
  }
}

// The checks of a row without a mode table (TEX, TLD, TLD4, TXD): the codes nvdisasm 11.8
// prints with an INVALID name, and the row's platform gates (decisions T23-T27).
template <typename Fail>
void validate_wide(const Instruction& inst, const OpSpec& spec, std::string_view platform,
                   Fail& fail) {
  const std::string mn(spec.mnemonic);
  if (inst.lod == Lod::kInvalid4 || inst.lod == Lod::kInvalid5) {
    fail("LOD", Slot::kLod,
         "." + std::string(spelling(Mod::kLod, static_cast<uint8_t>(inst.lod))) + " (lod code " +
             std::to_string(inst.lod == Lod::kInvalid4 ? 4 : 5) + ") is not a " + mn +
             " LOD mode (legal: none, .LZ, .LB, .LL, .LBA, .LLA)");
  }
  if (has_operand(spec, Operand::kQuery) && !query_named(inst.query)) {
    fail("QUERY", Slot::kParamA,
         "query " + query_text(inst.query) + " (code " + std::to_string(inst.query) +
             ") is none of TEX_HEADER_DIMENSION, TEX_HEADER_TEXTURE_TYPE, "
             "TEX_HEADER_SAMPLER_POS, TEX_SAMPLER_FILTER, TEX_SAMPLER_LOD, TEX_SAMPLER_WRAP, "
             "TEX_SAMPLER_BORDER_COLOR");
  }
  if (inst.toff == 3) {
    fail("TOFF", Slot::kToff, ".INVALIDBTOFF03 (offset code 3) is neither .AOFFI nor .PTP");
  }
  // The platform gates of the instruction's encoding (which platforms' nvdisasm accepts a value).
  const EncodingRow& enc = sm50_row(inst);
  for (const Gate& g : enc.gates) {
    const uint64_t v = g.role == Role::kPd ? inst.pd : g.role == Role::kLc ? inst.lc : inst.ndv;
    if (v == g.off) continue;
    const WordField* w = field_of(enc, g.role);
    const std::string what =
        g.role == Role::kPd
            ? "a predicate destination (P" + std::to_string(inst.pd) + ")"
            : mn + "." + std::string(spelling(g.role == Role::kLc ? Mod::kLc : Mod::kNdv, 1));
    const Slot slot = g.role == Role::kPd   ? Slot::kPd
                      : g.role == Role::kLc ? Slot::kLc
                                            : Slot::kNdv;
    const std::string bits =
        w != nullptr ? std::to_string(w->bits.hi) + ":" + std::to_string(w->bits.lo) : "?";
    std::string msg = what + " does not exist on ";
    msg += platform;
    if (!g.first.empty() && !platform_at_least(platform, g.first)) {
      msg += " (nvdisasm 11.8 -b ";
      msg += platform;
      msg += " rejects bits ";
      msg += bits;
      msg += " != ";
      msg += std::to_string(g.off);
      msg += "; ";
      msg += g.first;
      msg += " and later accept it)";
      fail(g.suffix, slot, msg);
    }
    if (!g.last.empty() && !platform.empty() && !platform_at_least(g.last, platform)) {
      msg += " (nvdisasm 11.8 ignores bit ";
      msg += bits;
      msg += " after ";
      msg += g.last;
      msg += ")";
      fail(g.suffix, slot, msg);
    }
  }
}

bool is_integer_platform_52(std::string_view p) {
  return p == "SM52";
}

}  // namespace

std::span<const Rule> all_rules() {
  return kRules;
}

const Rule* find_rule(std::string_view id) {
  for (const auto& r : kRules) {
    if (r.id == id) return &r;
  }
  return nullptr;
}

bool f16_integer_unpredictable(std::string_view platform) {
  return is_integer_platform_52(platform);
}

core::Location location_of(const Instruction& inst, Slot slot) {
  const Origin& o = inst.origin;
  if (o.binary) {
    if (slot == Slot::kControl) {
      const unsigned base = fields::kControlBits * o.ctrl_slot;
      return core::BinaryLoc{o.file, o.ctrl_offset, base + 20, base, true};
    }
    const core::BitField f = slot_bits(inst, slot);
    return core::BinaryLoc{o.file, o.offset, f.hi, f.lo, true};
  }
  uint32_t col = o.column[static_cast<size_t>(slot)];
  if (col == 0) col = o.column[static_cast<size_t>(Slot::kModifiers)];
  if (col == 0 || slot == Slot::kInstr) col = o.column[0];
  return core::TextLoc{o.file, o.line, col};
}

namespace {

// Reports rule <prefix><suffix> at a slot of the instruction, with the rule's citation.
struct Fail {
  const Instruction& inst;
  const OpSpec& spec;
  core::DiagSink& sink;
  void operator()(std::string_view suffix, Slot slot, std::string msg) const {
    const std::string id = std::string(spec.rule_prefix) + std::string(suffix);
    const Rule* r = find_rule(id);
    sink.error(id, location_of(inst, slot), std::move(msg),
               r != nullptr ? std::string(r->citation) : std::string());
  }
};

// paramA and the row's legal-combination (mode) table; the mode row, or nullptr.
const ModeRow* check_mode(const Instruction& inst, const OpSpec& spec, const Fail& fail) {
  const std::string_view mn = spec.mnemonic;
  const ParamAInfo& pa = param_a_info(inst.param_a);
  const ModeRow* row = nullptr;
  const bool has_param_a = !spec.modes.empty() || has_operand(spec, Operand::kParamA);
  if (has_param_a && !param_a_legal(spec, inst.param_a)) {
    std::string legal;
    for (const auto& p : param_a_table()) {
      if (param_a_legal(spec, p.id)) legal += (legal.empty() ? "" : ", ") + std::string(p.name);
    }
    fail("PARAMA-RESERVED", Slot::kParamA,
         "paramA " + std::string(pa.name) + " is RESERVED for " + std::string(mn) +
             " (legal: " + legal + ")");
  } else if (!spec.modes.empty()) {
    row = mode_row(spec, inst);
    if (row == nullptr) {
      const std::string_view lod_text = spelling(Mod::kLod, static_cast<uint8_t>(inst.lod));
      const std::string lod = lod_text.empty() ? "" : "." + std::string(lod_text);
      auto encodings_with = [&](bool ModeRow::*flag) {
        std::string e;
        size_t n = 0;
        for (const auto& r : spec.modes) {
          if (!(r.*flag)) continue;
          e += (n++ == 0 ? "" : " and ") + std::to_string(r.encoding);
        }
        return (n == 1 ? "encoding " : "encodings ") + e;
      };
      if (inst.ms && inst.lod != Lod::kLZ) {
        fail("MS-LZ", Slot::kModifiers, ".MS requires .LZ, got " + lod);
      } else if (inst.ms && inst.param_a != ParamA::k2D) {
        fail("MS-DIM", Slot::kModifiers,
             ".MS requires paramA 2D (" + encodings_with(&ModeRow::ms) + "), got " +
                 std::string(pa.name));
      } else if (inst.aoffi && inst.param_a != ParamA::k2D) {
        fail("AOFFI", Slot::kModifiers,
             ".AOFFI requires paramA 2D (" + encodings_with(&ModeRow::aoffi) + "), got " +
                 std::string(pa.name));
      } else {
        const std::string mods = mode_modifiers(inst);
        std::string combo = std::string(pa.name) + (mods.empty() ? "" : " " + mods);
        std::string legal;
        for (const auto& r : spec.modes) legal += (legal.empty() ? "" : ", ") + mode_name(spec, r);
        fail("ENCODING", Slot::kModifiers,
             "no " + std::string(mn) + " encoding for " + combo + " (legal: " + legal + ")");
      }
    }
  }

  return row;
}

// .F16 before SM52 and .RTZ without .F16 or before SM60 (decisions T13, T20).
void check_precision(const Instruction& inst, const OpSpec& spec, std::string_view platform,
                     const Fail& fail) {
  const std::string_view mn = spec.mnemonic;
  if (inst.f16 && !f16_exists(platform)) {
    // Where nvdisasm reads .F16: the opcode's own row (TLD4S.F16.RTZ's row holds .F16 and .RTZ as
    // one code in bits 55:54 and has no .F16 field of its own; fuzz finding F12).
    const EncodingRow& enc = sm50_row(inst.op);
    const bool set_is_f16 = field_of(enc, Role::kF16) != nullptr;
    const core::BitField& b =
        (set_is_f16 ? field_of(enc, Role::kF16) : field_of(enc, Role::kF32))->bits;
    fail("F16-SM50", Slot::kModifiers,
         std::string(mn) + ".F16 does not exist on " + std::string(platform) +
             " (nvdisasm 11.8 -b SM50 rejects bit " + std::to_string(b.lo) +
             (set_is_f16 ? " = 1" : " = 0") + "; SM52 and later accept it)");
  }
  if (inst.rtz && (!inst.f16 || !platform_at_least(platform, spec.rtz_from))) {
    fail("RTZ", Slot::kModifiers,
         std::string(mn) + ".RTZ needs .F16 and " + std::string(spec.rtz_from) +
             " or later (nvdisasm 11.8 reads the bit otherwise as another instruction or none)");
  }
}

// The write mask against Rd1 (sass-tlds.md, Legal modifier table for Rd1,Rd0,wmsk); false when
// it is wrong (the register layout then cannot be checked).
bool check_write_mask(const Instruction& inst, const OpSpec& spec, const Fail& fail) {
  const std::string_view mn = spec.mnemonic;
  bool mask_ok = true;
  if (has_operand(spec, Operand::kWmsk)) {
    const unsigned comps = dest_layout(inst.mask, false).count;
    auto mname = [&] { return mask_name_of(inst.mask); };
    if (inst.invalid_wmsk != 0) {
      fail("WMASK", Slot::kWmsk,
           "write mask INVALID" + std::to_string(inst.invalid_wmsk) + " (code " +
               std::to_string(inst.invalid_wmsk) +
               ") has no row in the 3/4-component table (legal codes 0..4 when Rd1 != RZ)");
      mask_ok = false;
    } else if (inst.mask == 0x5 || inst.mask == 0x6) {
      fail("WMASK", Slot::kWmsk,
           "write mask " + mname() + " is not encodable in " + std::string(mn) + " (use " +
               std::string(spec.full_form) + ")");
      mask_ok = false;
    } else if (inst.rd1 == kRZ && comps > 2) {
      fail("WMASK", Slot::kRd1,
           "write mask " + mname() + " writes " + std::to_string(comps) +
               " components and needs Rd1 (not RZ)");
      mask_ok = false;
    } else if (inst.rd1 != kRZ && comps <= 2) {
      fail("WMASK", Slot::kRd1,
           "write mask " + mname() + " is a 2-component mask; Rd1 must be RZ, got " +
               register_name(inst.rd1));
      mask_ok = false;
    }
  }

  return mask_ok;
}

// Alignment and register ranges (sass-tlds.md restrictions 1-4), and TLDS's Rb-RZ rules.
void check_registers(const Instruction& inst, const OpSpec& spec, const ModeRow* row, bool mask_ok,
                     const Fail& fail) {
  auto aligned = [&](uint8_t r, unsigned count, Slot slot, std::string_view what) {
    if (r == kRZ || count == 0) return;
    if (count == 2 && (r % 2 != 0 || r + 1 >= kRZ)) {
      fail("ALIGN", slot,
           std::string(what) + " holds 2 registers and must be an even register below R254, got " +
               register_name(r));
    }
  };
  if (mask_ok && !has_operand(spec, Operand::kMaskHex)) {
    const DestLayout d = dest_layout(inst.mask, inst.f16);
    aligned(inst.rd0, d.rd0_regs, Slot::kRd0, "Rd0");
    aligned(inst.rd1, d.rd1_regs, Slot::kRd1, "Rd1");
  }
  if (row != nullptr) {
    aligned(inst.ra, row->ra_count, Slot::kRa, "Ra");
    aligned(inst.rb, row->rb_count, Slot::kRb, "Rb");
    if (spec.spec_sources && row->rb_count == 0 && inst.rb != kRZ) {
      fail("RB-RZ", Slot::kRb,
           "Rb must be RZ: encoding " + std::to_string(row->encoding) +
               " packs no parameter in Rb, got " + register_name(inst.rb));
    }
    if (spec.spec_sources && row->ra_count != 0 && inst.ra == kRZ) {
      fail("SRC-NOT-RZ", Slot::kRa,
           "Ra must not be RZ: it holds " + std::string(param_name(row->ra[0])) +
               (row->ra_count == 2 ? "," + std::string(param_name(row->ra[1])) : ""));
    }
    if (spec.spec_sources && row->rb_count != 0 && inst.rb == kRZ) {
      fail("SRC-NOT-RZ", Slot::kRb,
           "Rb must not be RZ: it holds " + std::string(param_name(row->rb[0])) +
               (row->rb_count == 2 ? "," + std::string(param_name(row->rb[1])) : ""));
    }
  }
}

}  // namespace

bool validate(const Instruction& inst, std::string_view platform, core::DiagSink& sink) {
  if (inst.kind != Kind::kInstruction || inst.op == Opcode::kNop) return true;
  // Volta+ (decisions W7, W9): its rule is nvdisasm's acceptance, checked where a word or a line
  // is read (codec_sm70, syntax_sm70); the Maxwell/Pascal rules below do not apply.
  if (inst.wide.sm != 0) return true;
  const OpSpec& spec = op_spec(inst.op);
  const size_t before = sink.error_count();
  const Fail fail{inst, spec, sink};  // strings are built only for a failure
  const ModeRow* row = check_mode(inst, spec, fail);
  // tsPtrIdx in 13 bits.
  if (!fields::kTsIdx.fits(inst.ts_idx)) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%x", inst.ts_idx);
    fail("TSIDX", Slot::kTsIdx,
         "tsPtrIdx must be in [0, 0x1fff] (13 bits), got 0x" + std::string(buf));
  }
  check_precision(inst, spec, platform, fail);
  if (spec.modes.empty()) validate_wide(inst, spec, platform, fail);
  // Control bits 18:17 = 3: nvdisasm's .INVALIDPHASE3 (issue 14), read and printed, never valid.
  if (inst.phase == Phase::kInvalid3) {
    fail("PHASE", Slot::kModifiers,
         ".INVALIDPHASE3 (control bits 18:17 = 3, .T and .P together) is not a phase");
  }
  const bool mask_ok = check_write_mask(inst, spec, fail);
  check_registers(inst, spec, row, mask_ok, fail);
  return sink.error_count() == before;
}

}  // namespace texsim::isa::sass
