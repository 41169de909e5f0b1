// The OpSpec rows (TLDS, TEXS, TLD4S, NOP) with their word fields, modifiers, operands and mode
// tables. Adding an opcode is a row here plus its lowering; every walker reads these.
#include "isa/sass/opspec.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "isa/sass/opspec_bindless.hpp"
#include "isa/sass/opspec_wide.hpp"

namespace texsim::isa::sass {

namespace {

using P = Param;

constexpr std::array<Mod, 7> kTldsMods{Mod::kF16, Mod::kRtz,   Mod::kLod,  Mod::kAoffi,
                                       Mod::kMs,  Mod::kNodep, Mod::kPhase};
constexpr std::array<Mod, 6> kTexsMods{Mod::kF16, Mod::kRtz,   Mod::kLod,
                                       Mod::kDc,  Mod::kNodep, Mod::kPhase};
constexpr std::array<Mod, 7> kTld4sMods{Mod::kF16, Mod::kRtz,   Mod::kComponent, Mod::kAoffi,
                                        Mod::kDc,  Mod::kNodep, Mod::kPhase};

using O = Operand;
constexpr std::array<Operand, 7> kTexOperands{O::kRd1,   O::kRd0,    O::kRa,  O::kRbOpt,
                                              O::kTsIdx, O::kParamA, O::kWmsk};
constexpr std::array<Operand, 5> kTld4sOperands{O::kRd1, O::kRd0, O::kRa, O::kRb, O::kTsIdx};

// sass-tlds.md, "Legal modifier table" (encoding #paramA .lod .AOFFI .MS Ra Rb).
constexpr std::array<ModeRow, 9> kTlds{{
    {0, ParamA::k1D, Lod::kLZ, false, false, false, 1, {P::kS, P::kS}, 0, {P::kS, P::kS}},
    {1, ParamA::k1D, Lod::kLL, false, false, false, 1, {P::kS, P::kS}, 1, {P::kLod, P::kLod}},
    {2, ParamA::k2D, Lod::kLZ, false, false, false, 1, {P::kS, P::kS}, 1, {P::kT, P::kT}},
    {4, ParamA::k2D, Lod::kLZ, true, false, false, 2, {P::kS, P::kT}, 1, {P::kAoffi, P::kAoffi}},
    {5, ParamA::k2D, Lod::kLL, false, false, false, 2, {P::kS, P::kT}, 1, {P::kLod, P::kLod}},
    {6, ParamA::k2D, Lod::kLZ, false, true, false, 2, {P::kS, P::kT}, 1, {P::kMs, P::kMs}},
    {7, ParamA::k3D, Lod::kLZ, false, false, false, 2, {P::kS, P::kT}, 1, {P::kR, P::kR}},
    {8,
     ParamA::kArray2D,
     Lod::kLZ,
     false,
     false,
     false,
     1,
     {P::kArray, P::kArray},
     2,
     {P::kS, P::kT}},
    {12, ParamA::k2D, Lod::kLL, true, false, false, 2, {P::kS, P::kT}, 2, {P::kLod, P::kAoffi}},
}};

// TEXS paramA table, bits 56:53 (nvidia_tlds.md 1.6: MESA getTEXSTarget, RYU TexsTarget) and its
// register packing (YUZU texture_fetch_swizzled.cpp Sample()); 14, 15 are undefined values of
// nvdisasm's table 'Tex2D4' (decisions T18).
constexpr std::array<ModeRow, 14> kTexs{{
    {0, ParamA::k1D, Lod::kLZ, false, false, false, 1, {P::kS, P::kS}, 0, {P::kS, P::kS}},
    {1, ParamA::k2D, Lod::kAuto, false, false, false, 1, {P::kS, P::kS}, 1, {P::kT, P::kT}},
    {2, ParamA::k2D, Lod::kLZ, false, false, false, 1, {P::kS, P::kS}, 1, {P::kT, P::kT}},
    {3, ParamA::k2D, Lod::kLL, false, false, false, 2, {P::kS, P::kT}, 1, {P::kLod, P::kLod}},
    {4, ParamA::k2D, Lod::kAuto, false, false, true, 2, {P::kS, P::kT}, 1, {P::kDc, P::kDc}},
    {5, ParamA::k2D, Lod::kLL, false, false, true, 2, {P::kS, P::kT}, 2, {P::kLod, P::kDc}},
    {6, ParamA::k2D, Lod::kLZ, false, false, true, 2, {P::kS, P::kT}, 1, {P::kDc, P::kDc}},
    {7,
     ParamA::kArray2D,
     Lod::kAuto,
     false,
     false,
     false,
     2,
     {P::kArray, P::kS},
     1,
     {P::kT, P::kT}},
    {8, ParamA::kArray2D, Lod::kLZ, false, false, false, 2, {P::kArray, P::kS}, 1, {P::kT, P::kT}},
    {9, ParamA::kArray2D, Lod::kLZ, false, false, true, 2, {P::kArray, P::kS}, 2, {P::kT, P::kDc}},
    {10, ParamA::k3D, Lod::kAuto, false, false, false, 2, {P::kS, P::kT}, 1, {P::kR, P::kR}},
    {11, ParamA::k3D, Lod::kLZ, false, false, false, 2, {P::kS, P::kT}, 1, {P::kR, P::kR}},
    {12, ParamA::kCube, Lod::kAuto, false, false, false, 2, {P::kS, P::kT}, 1, {P::kR, P::kR}},
    {13, ParamA::kCube, Lod::kLL, false, false, false, 2, {P::kS, P::kT}, 2, {P::kR, P::kLod}},
}};

// TLD4S bits 51:50 = .AOFFI, .DC (nvidia_tlds.md 1.3); a 2D gather with implicit LOD 0. Register
// packing: YUZU texture_gather_swizzled.cpp Sample() (decisions T19).
constexpr std::array<ModeRow, 4> kTld4s{{
    {0, ParamA::k2D, Lod::kAuto, false, false, false, 1, {P::kS, P::kS}, 1, {P::kT, P::kT}},
    {1, ParamA::k2D, Lod::kAuto, false, false, true, 2, {P::kS, P::kT}, 1, {P::kDc, P::kDc}},
    {2, ParamA::k2D, Lod::kAuto, true, false, false, 2, {P::kS, P::kT}, 1, {P::kAoffi, P::kAoffi}},
    {3, ParamA::k2D, Lod::kAuto, true, false, true, 2, {P::kS, P::kT}, 2, {P::kAoffi, P::kDc}},
}};

constexpr std::array<OpSpec, 17> kSpecs{{
    {.op = Opcode::kTlds,
     .mnemonic = "TLDS",
     .summary = "texture load with scalar/non-vec4 sources and destinations (point sample, "
                "integer texel coordinates)",
     .citation = "sass-tlds.md",
     .mods = kTldsMods,
     .operands = kTexOperands,
     .modes = kTlds,
     .operand_syntax = "Rd1, Rd0, Ra[, Rb], tsPtrIdx, paramA[, wmsk]",
     .mode_citation = "sass-tlds.md, Legal modifier table",
     .rule_prefix = "SASS-TLDS-",
     .syntax_citation = "sass-tlds.md, Format",
     .full_form = "TLD",
     .rtz_from = "SM60",
     .lod_required = true,
     .spec_sources = true,
     .mode_index = index_modes(kTlds),
     .exec = ExecKind::kFetch},
    {.op = Opcode::kTexs,
     .mnemonic = "TEXS",
     .summary = "texture sample with scalar/non-vec4 sources and destinations (filtered, float "
                "coordinates)",
     .citation = "nvidia_tlds.md 1.3, 1.6; decisions.md T18",
     .mods = kTexsMods,
     .operands = kTexOperands,
     .modes = kTexs,
     .operand_syntax = "Rd1, Rd0, Ra[, Rb], tsPtrIdx, paramA[, wmsk]",
     .mode_citation = "nvidia_tlds.md 1.6 (TEXS paramA table)",
     .rule_prefix = "SASS-TEXS-",
     .syntax_citation = "nvidia_tlds.md 1.8",
     .full_form = "TEX",
     .rtz_from = "SM60",
     .mode_index = index_modes(kTexs),
     .exec = ExecKind::kSample},
    // TLD4S: .F16.RTZ is one more encoding of the same row (decisions T20, T27).
    {.op = Opcode::kTld4s,
     .mnemonic = "TLD4S",
     .summary = "texture gather (one component of the 2x2 footprint) with scalar sources, 2D only",
     .citation = "nvidia_tlds.md 1.3, 1.8; decisions.md T19",
     .mods = kTld4sMods,
     .operands = kTld4sOperands,
     .modes = kTld4s,
     .operand_syntax = "Rd1, Rd0, Ra, Rb, tsPtrIdx",
     .mode_citation = "nvidia_tlds.md 1.3 (TLD4S .AOFFI/.DC bits)",
     .rule_prefix = "SASS-TLD4S-",
     .syntax_citation = "nvidia_tlds.md 1.8",
     .full_form = "TLD4",
     .rtz_from = "SM60",
     .fixed_components = 0xf,
     .mode_index = index_modes(kTld4s),
     .exec = ExecKind::kSample},
    // Issue 19: the non-scalar texture instructions (decisions T23-T27).
    {.op = Opcode::kTex,
     .mnemonic = "TEX",
     .summary = "texture sample (filtered, float coordinates; LOD modes, offsets, depth compare)",
     .citation = "decisions.md T23; envytools gm107.c tex; nvdisasm 11.8",
     .mods = wide::kTexMods,
     .operands = wide::kOperands,
     .operand_syntax = "[Pd,] Rd, Ra[, Rb], tsPtrIdx, paramA, mask",
     .mode_citation = "decisions.md T23",
     .rule_prefix = "SASS-TEX-",
     .syntax_citation = "decisions.md T23 (nvdisasm 11.8)",
     .lods = wide::kTexLods,
     .param_as = wide::kParamAs,
     .exec = ExecKind::kWide},
    {.op = Opcode::kTld,
     .mnemonic = "TLD",
     .summary = "texture load (point fetch, integer texel coordinates; LZ/LL, offsets, "
                "multisample, clamp)",
     .citation = "decisions.md T24; envytools gm107.c tld; nvdisasm 11.8",
     .mods = wide::kTldMods,
     .operands = wide::kOperands,
     .operand_syntax = "[Pd,] Rd, Ra[, Rb], tsPtrIdx, paramA, mask",
     .mode_citation = "decisions.md T24",
     .rule_prefix = "SASS-TLD-",
     .syntax_citation = "decisions.md T24 (nvdisasm 11.8)",
     .lod_required = true,
     .lods = wide::kTldLods,
     .param_as = wide::kParamAs,
     .exec = ExecKind::kWide},
    {.op = Opcode::kTld4,
     .mnemonic = "TLD4",
     .summary = "texture gather (one component of the 2x2 footprint; offsets, per-texel "
                "offsets, depth compare)",
     .citation = "decisions.md T25; envytools gm107.c tld4; nvdisasm 11.8",
     .mods = wide::kTld4Mods,
     .operands = wide::kOperands,
     .operand_syntax = "[Pd,] Rd, Ra[, Rb], tsPtrIdx, paramA, mask",
     .mode_citation = "decisions.md T25",
     .rule_prefix = "SASS-TLD4-",
     .syntax_citation = "decisions.md T25 (nvdisasm 11.8)",
     .param_as = wide::kParamAs,
     .exec = ExecKind::kWide},
    {.op = Opcode::kTxd,
     .mnemonic = "TXD",
     .summary = "texture sample with explicit derivatives (gradients in Rb)",
     .citation = "decisions.md T26; envytools gm107.c txd; nvdisasm 11.8",
     .mods = wide::kTxdMods,
     .operands = wide::kTxdOperands,
     .operand_syntax = "[Pd,] Rd, Ra, Rb, tsPtrIdx, paramA, mask",
     .mode_citation = "decisions.md T26",
     .rule_prefix = "SASS-TXD-",
     .syntax_citation = "decisions.md T26 (nvdisasm 11.8)",
     .param_as = wide::kParamAs,
     .exec = ExecKind::kWide},
    {.op = Opcode::kTmml,
     .mnemonic = "TMML",
     .summary = "texture LOD query (the LOD a sample would use, as fixed point)",
     .citation = "decisions.md T27; envytools gm107.c tmml; nvdisasm 11.8",
     .mods = wide::kTmmlMods,
     .operands = wide::kTmmlOperands,
     .operand_syntax = "Rd, Ra, tsPtrIdx, paramA, mask",
     .mode_citation = "decisions.md T27",
     .rule_prefix = "SASS-TMML-",
     .syntax_citation = "decisions.md T27 (nvdisasm 11.8)",
     .param_as = wide::kParamAs,
     .exec = ExecKind::kQuery},
    {.op = Opcode::kTxq,
     .mnemonic = "TXQ",
     .summary = "texture header / sampler query (dimensions, type, sample positions, sampler "
                "state)",
     .citation = "decisions.md T27; envytools gm107.c txq; nvdisasm 11.8",
     .mods = wide::kTxqMods,
     .operands = wide::kTxqOperands,
     .operand_syntax = "Rd, Ra, query, tsPtrIdx, mask",
     .mode_citation = "decisions.md T27",
     .rule_prefix = "SASS-TXQ-",
     .syntax_citation = "decisions.md T27 (nvdisasm 11.8)",
     .exec = ExecKind::kQuery},
    // Issue 19: the bindless forms and TXA (decisions T28-T39).
    bindless::kRows[0],
    bindless::kRows[1],
    bindless::kRows[2],
    bindless::kRows[3],
    bindless::kRows[4],
    bindless::kRows[5],
    bindless::kRows[6],
    {.op = Opcode::kNop,
     .mnemonic = "NOP",
     .summary = "no operation (bundle padding)",
     .citation = "nvidia_tlds.md 1.1",
     .rule_prefix = "SASS-NOP-",
     .syntax_citation = "nvidia_tlds.md 1.1",
     .exec = ExecKind::kNone},
}};

}  // namespace

std::span<const OpSpec> op_specs() {
  return kSpecs;
}

const OpSpec& op_spec(Opcode op) {
  for (const auto& s : kSpecs) {
    if (s.op == op) return s;
  }
  return kSpecs[0];
}

const OpSpec* spec_for_mnemonic(std::string_view mnemonic) {
  for (const auto& s : kSpecs) {
    if (s.mnemonic == mnemonic) return &s;
  }
  return nullptr;
}

bool has_operand(const OpSpec& s, Operand o) {
  return std::find(s.operands.begin(), s.operands.end(), o) != s.operands.end();
}

bool has_mod(const OpSpec& s, Mod m) {
  for (Mod x : s.mods) {
    if (x == m) return true;
  }
  return false;
}

const ModeRow* mode_row(const OpSpec& s, const Instruction& i) {
  for (const auto& r : s.modes) {
    if (r.param_a == i.param_a && r.lod == i.lod && r.aoffi == i.aoffi && r.ms == i.ms &&
        r.dc == i.dc)
      return &r;
  }
  return nullptr;
}

const ModeRow* mode_by_encoding(const OpSpec& s, uint8_t encoding) {
  if (encoding >= s.mode_index.size() || s.mode_index[encoding] < 0 ||
      static_cast<size_t>(s.mode_index[encoding]) >= s.modes.size())
    return nullptr;
  return &s.modes[static_cast<size_t>(s.mode_index[encoding])];
}

void set_mode(Instruction& i, const ModeRow& r) {
  i.param_a = r.param_a;
  i.lod = r.lod;
  i.aoffi = r.aoffi;
  i.ms = r.ms;
  i.dc = r.dc;
}

bool param_a_legal(const OpSpec& s, ParamA p) {
  for (ParamA x : s.param_as) {
    if (x == p) return true;
  }
  for (const auto& r : s.modes) {
    if (r.param_a == p) return true;
  }
  return false;
}

std::span<const ModeRow> tlds_encodings() {
  return kTlds;
}

const ModeRow* tlds_encoding(uint8_t encoding) {
  for (const auto& r : kTlds) {
    if (r.encoding == encoding) return &r;
  }
  return nullptr;
}

const ModeRow* tlds_encoding_for(ParamA p, Lod lod, bool aoffi, bool ms) {
  for (const auto& r : kTlds) {
    if (r.param_a == p && r.lod == lod && r.aoffi == aoffi && r.ms == ms) return &r;
  }
  return nullptr;
}

std::string modelled_mnemonics(std::string_view sep) {
  std::string out;
  for (const auto& s : kSpecs) {
    if (!out.empty()) out += sep;
    out += s.mnemonic;
  }
  return out;
}

std::string query_text(uint8_t code) {
  // envytools gm107.c tabdf50_0 names seven codes; nvdisasm 11.8 prints the other even codes
  // from 6 on as code/2 and rejects the rest (decisions T27).
  switch (code) {
    case 1:
      return "TEX_HEADER_DIMENSION";
    case 2:
      return "TEX_HEADER_TEXTURE_TYPE";
    case 5:
      return "TEX_HEADER_SAMPLER_POS";
    case 16:
      return "TEX_SAMPLER_FILTER";
    case 18:
      return "TEX_SAMPLER_LOD";
    case 20:
      return "TEX_SAMPLER_WRAP";
    case 22:
      return "TEX_SAMPLER_BORDER_COLOR";
    default:
      break;
  }
  if (code >= 6 && code < 64 && code % 2 == 0) return std::to_string(code / 2);
  return "";
}

bool query_named(uint8_t code) {
  const std::string t = query_text(code);
  return !t.empty() && (t[0] < '0' || t[0] > '9');
}

bool is_bindless(const OpSpec& s) {
  return has_mod(s, Mod::kBindless);
}

std::string_view base_mnemonic(const OpSpec& s) {
  return s.mnemonic.substr(0, s.mnemonic.find('.'));
}

const OpSpec& row_for_mods(const OpSpec& base, std::span<const std::string_view> mods) {
  // .B names the bindless row; TLD4's first one-letter modifier is its gather component, so
  // `TLD4.B.AOFFI` is the blue gather and `TLD4.R.B` / `TLD4.B.B` are bindless (decisions T30).
  bool component_seen = !has_mod(base, Mod::kComponent);
  bool bindless = false;
  for (std::string_view m : mods) {
    if (m == "B" && component_seen) bindless = true;
    if (m.size() == 1 && std::string_view("RGBA").find(m[0]) != std::string_view::npos)
      component_seen = true;
  }
  if (!bindless) return base;
  for (const auto& s : kSpecs) {
    if (is_bindless(s) && base_mnemonic(s) == base.mnemonic) return s;
  }
  return base;
}

std::optional<uint8_t> handle_register(const Instruction& i) {
  switch (i.op) {
    case Opcode::kTexB:
    case Opcode::kTldB:
    case Opcode::kTld4B:
    case Opcode::kTmmlB:
      return i.rb;
    case Opcode::kTxdB:
    case Opcode::kTxqB:
      return i.ra;
    default:
      return std::nullopt;
  }
}

}  // namespace texsim::isa::sass
