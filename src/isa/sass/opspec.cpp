// The OpSpec rows (TLDS, TEXS, TLD4S, NOP) with their word fields, modifiers, operands and mode
// tables. Adding an opcode is a row here plus its lowering; every walker reads these.
#include "isa/sass/opspec.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "isa/sass/fields.hpp"
#include "isa/sass/opspec_bindless.hpp"
#include "isa/sass/opspec_wide.hpp"

namespace texsim::isa::sass {

namespace {

namespace f = fields;
using P = Param;
using R = Role;

// TLDS and TEXS share the register layout and the bit-59 precision (nvidia_tlds.md 1.3).
constexpr std::array<WordField, 11> kTexLayout{{
    {R::kRd0, f::kRd0},
    {R::kRa, f::kRa},
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
    {R::kRb, f::kRb},
    {R::kRd1, f::kRd1},
    {R::kTsIdx, f::kTsIdx},
    {R::kNodep, f::kNodep},
    {R::kWmsk, f::kWmsk},
    {R::kMode, f::kEncoding},
    {R::kF32, f::kF32},
}};

// TLD4S.F16.RTZ (decisions T20, T27): its row's match fixes bits 55:54 = 11, so its layout is
// TLD4S's without .F16.
constexpr std::array<WordField, 10> kTld4sRtzLayout{{
    {R::kRd0, f::kRd0},
    {R::kRa, f::kRa},
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
    {R::kRb, f::kRb},
    {R::kRd1, f::kRd1},
    {R::kTsIdx, f::kTsIdx},
    {R::kNodep, f::kNodep},
    {R::kMode, f::kTld4sMode},
    {R::kComponent, f::kTld4sComp},
}};
constexpr auto kTld4sLayout =
    wide::join_fields(kTld4sRtzLayout, std::array<WordField, 1>{{{R::kF16, f::kTld4sF16}}});

constexpr std::array<WordField, 2> kNopLayout{{
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
}};

constexpr std::array<Mod, 6> kTldsMods{Mod::kF16, Mod::kLod,   Mod::kAoffi,
                                       Mod::kMs,  Mod::kNodep, Mod::kPhase};
constexpr std::array<Mod, 5> kTexsMods{Mod::kF16, Mod::kLod, Mod::kDc, Mod::kNodep, Mod::kPhase};
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

// TLD4S and its .F16.RTZ row (the same row, bits 55:54 = 11 fixed: decisions T20, T27).
constexpr OpSpec kTld4sRow{
    Opcode::kTld4s,
    "TLD4S",
    "texture gather (one component of the 2x2 footprint) with scalar sources, 2D only",
    "nvidia_tlds.md 1.3, 1.8; decisions.md T19",
    f::kTld4sMatchValue,
    f::kTld4sMatchMask,
    kTld4sLayout,
    kTld4sMods,
    kTld4sOperands,
    kTld4s,
    "Rd1, Rd0, Ra, Rb, tsPtrIdx",
    "nvidia_tlds.md 1.3 (TLD4S .AOFFI/.DC bits)",
    "SASS-TLD4S-",
    "nvidia_tlds.md 1.8",
    "TLD4",
    "SM60",
    false,
    false,
    0xf,
    index_modes(kTld4s),
    {},
    {},
    {}};
constexpr OpSpec rtz_row(OpSpec s) {
  s.match = f::kTld4sRtzValue;
  s.mask = f::kTld4sRtzMask;
  s.fields = kTld4sRtzLayout;
  return s;
}

constexpr std::array<OpSpec, 18> kSpecs{{
    {Opcode::kTlds,
     "TLDS",
     "texture load with scalar/non-vec4 sources and destinations (point sample, integer texel "
     "coordinates)",
     "sass-tlds.md",
     f::kTldsMatchValue,
     f::kTldsMatchMask,
     kTexLayout,
     kTldsMods,
     kTexOperands,
     kTlds,
     "Rd1, Rd0, Ra[, Rb], tsPtrIdx, paramA[, wmsk]",
     "sass-tlds.md, Legal modifier table",
     "SASS-TLDS-",
     "sass-tlds.md, Format",
     "TLD",
     "",
     true,
     true,
     0,
     index_modes(kTlds),
     {},
     {},
     {}},
    {Opcode::kTexs,
     "TEXS",
     "texture sample with scalar/non-vec4 sources and destinations (filtered, float coordinates)",
     "nvidia_tlds.md 1.3, 1.6; decisions.md T18",
     f::kTexsMatchValue,
     f::kTexsMatchMask,
     kTexLayout,
     kTexsMods,
     kTexOperands,
     kTexs,
     "Rd1, Rd0, Ra[, Rb], tsPtrIdx, paramA[, wmsk]",
     "nvidia_tlds.md 1.6 (TEXS paramA table)",
     "SASS-TEXS-",
     "nvidia_tlds.md 1.8",
     "TEX",
     "",
     false,
     false,
     0,
     index_modes(kTexs),
     {},
     {},
     {}},
    kTld4sRow,
    rtz_row(kTld4sRow),
    // Issue 19: the non-scalar texture instructions (decisions T23-T27).
    {Opcode::kTex,
     "TEX",
     "texture sample (filtered, float coordinates; LOD modes, offsets, depth compare)",
     "decisions.md T23; envytools gm107.c tex; nvdisasm 11.8",
     f::kTexMatch,
     f::kTexMask,
     wide::kTexLayout,
     wide::kTexMods,
     wide::kOperands,
     {},
     "[Pd,] Rd, Ra[, Rb], tsPtrIdx, paramA, mask",
     "decisions.md T23",
     "SASS-TEX-",
     "decisions.md T23 (nvdisasm 11.8)",
     "",
     "",
     false,
     false,
     0,
     {},
     wide::kTexLods,
     wide::kParamAs,
     wide::kGates},
    {Opcode::kTld,
     "TLD",
     "texture load (point fetch, integer texel coordinates; LZ/LL, offsets, multisample, clamp)",
     "decisions.md T24; envytools gm107.c tld; nvdisasm 11.8",
     f::kTldMatch,
     f::kTldMask,
     wide::kTldLayout,
     wide::kTldMods,
     wide::kOperands,
     {},
     "[Pd,] Rd, Ra[, Rb], tsPtrIdx, paramA, mask",
     "decisions.md T24",
     "SASS-TLD-",
     "decisions.md T24 (nvdisasm 11.8)",
     "",
     "",
     true,
     false,
     0,
     {},
     wide::kTldLods,
     wide::kParamAs,
     wide::kGates},
    {Opcode::kTld4,
     "TLD4",
     "texture gather (one component of the 2x2 footprint; offsets, per-texel offsets, depth "
     "compare)",
     "decisions.md T25; envytools gm107.c tld4; nvdisasm 11.8",
     f::kTld4Match,
     f::kTld4Mask,
     wide::kTld4Layout,
     wide::kTld4Mods,
     wide::kOperands,
     {},
     "[Pd,] Rd, Ra[, Rb], tsPtrIdx, paramA, mask",
     "decisions.md T25",
     "SASS-TLD4-",
     "decisions.md T25 (nvdisasm 11.8)",
     "",
     "",
     false,
     false,
     0,
     {},
     {},
     wide::kParamAs,
     wide::kTld4Gates},
    {Opcode::kTxd,
     "TXD",
     "texture sample with explicit derivatives (gradients in Rb)",
     "decisions.md T26; envytools gm107.c txd; nvdisasm 11.8",
     f::kTxdMatch,
     f::kTxdMask,
     wide::kTxdLayout,
     wide::kTxdMods,
     wide::kTxdOperands,
     {},
     "[Pd,] Rd, Ra, Rb, tsPtrIdx, paramA, mask",
     "decisions.md T26",
     "SASS-TXD-",
     "decisions.md T26 (nvdisasm 11.8)",
     "",
     "",
     false,
     false,
     0,
     {},
     {},
     wide::kParamAs,
     wide::kTxdGates},
    {Opcode::kTmml,
     "TMML",
     "texture LOD query (the LOD a sample would use, as fixed point)",
     "decisions.md T27; envytools gm107.c tmml; nvdisasm 11.8",
     f::kTmmlMatch,
     f::kTmmlMask,
     wide::kTmmlLayout,
     wide::kTmmlMods,
     wide::kTmmlOperands,
     {},
     "Rd, Ra, tsPtrIdx, paramA, mask",
     "decisions.md T27",
     "SASS-TMML-",
     "decisions.md T27 (nvdisasm 11.8)",
     "",
     "",
     false,
     false,
     0,
     {},
     {},
     wide::kParamAs,
     {}},
    {Opcode::kTxq,
     "TXQ",
     "texture header / sampler query (dimensions, type, sample positions, sampler state)",
     "decisions.md T27; envytools gm107.c txq; nvdisasm 11.8",
     f::kTxqMatch,
     f::kTxqMask,
     wide::kTxqLayout,
     wide::kTxqMods,
     wide::kTxqOperands,
     {},
     "Rd, Ra, query, tsPtrIdx, mask",
     "decisions.md T27",
     "SASS-TXQ-",
     "decisions.md T27 (nvdisasm 11.8)",
     "",
     "",
     false,
     false,
     0,
     {},
     {},
     {},
     {}},
    // Issue 19: the bindless forms and TXA (decisions T28-T39).
    bindless::kRows[0],
    bindless::kRows[1],
    bindless::kRows[2],
    bindless::kRows[3],
    bindless::kRows[4],
    bindless::kRows[5],
    bindless::kRows[6],
    {Opcode::kNop,
     "NOP",
     "no operation (bundle padding)",
     "nvidia_tlds.md 1.1",
     f::kNopWord& f::kNopMatchMask,
     f::kNopMatchMask,
     kNopLayout,
     {},
     {},
     {},
     "",
     "",
     "SASS-NOP-",
     "nvidia_tlds.md 1.1",
     "",
     "",
     false,
     false,
     0,
     {},
     {},
     {},
     {}},
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

const OpSpec* spec_for_word(uint64_t word) {
  for (const auto& s : kSpecs) {
    if ((word & s.mask) == s.match) return &s;
  }
  return nullptr;
}

const OpSpec* spec_for_mnemonic(std::string_view mnemonic) {
  for (const auto& s : kSpecs) {
    if (s.mnemonic == mnemonic) return &s;
  }
  return nullptr;
}

namespace {

// Role -> position in a layout (kNoField: none), at compile time: the validator asks per
// instruction.
constexpr uint8_t kNoField = 0xff;
template <const auto& Layout>
constexpr std::array<uint8_t, kRoleCount> kRoleIndex = [] {
  static_assert(Layout.size() < kNoField);
  std::array<uint8_t, kRoleCount> idx{};
  for (auto& x : idx) x = kNoField;
  for (size_t k = Layout.size(); k-- > 0;)  // the first field of a role wins, as in the search
    idx[static_cast<size_t>(Layout[k].role)] = static_cast<uint8_t>(k);
  return idx;
}();

constexpr uint64_t default_of(Role r) {
  switch (r) {
    case Role::kPred:
    case Role::kPd:
      return kPT;
    case Role::kRb:
    case Role::kRd1:
      return kRZ;
    case Role::kWmsk:
    case Role::kMask4:
      return kRoleAbsent;
    case Role::kF32:
      return 1;
    default:
      return 0;
  }
}

constexpr std::array<uint64_t, kRoleCount> kRoleDefaults = [] {
  std::array<uint64_t, kRoleCount> d{};
  for (size_t r = 0; r < kRoleCount; ++r) d[r] = default_of(static_cast<Role>(r));
  return d;
}();

// One layout's fields, unrolled at compile time (issue 18 item 4, decode speed); the roles the
// layout lacks get their defaults by stores the compiler knows at compile time, not by zeroing
// the whole array first (which cost 44% of decoding: docs/performance.md).
template <const auto& Layout>
void extract_layout(uint64_t word, std::span<uint64_t, kRoleCount> v) {
  [&]<size_t... R>(std::index_sequence<R...>) {
    ((kRoleIndex<Layout>[R] == kNoField ? void(v[R] = kRoleDefaults[R]) : void()), ...);
  }
  (std::make_index_sequence<kRoleCount>{});
  [&]<size_t... I>(std::index_sequence<I...>) {
    ((v[static_cast<size_t>(Layout[I].role)] = Layout[I].bits.get(word)), ...);
  }
  (std::make_index_sequence<Layout.size()>{});
}

}  // namespace

void extract_fields(const OpSpec& s, uint64_t word, std::span<uint64_t, kRoleCount> v) {
  if (s.fields.data() == kTexLayout.data()) return extract_layout<kTexLayout>(word, v);
  if (s.fields.data() == kTld4sLayout.data()) return extract_layout<kTld4sLayout>(word, v);
  if (s.fields.data() == kTld4sRtzLayout.data()) return extract_layout<kTld4sRtzLayout>(word, v);
  if (s.fields.data() == kNopLayout.data()) return extract_layout<kNopLayout>(word, v);
  if (s.fields.data() == wide::kTexLayout.data()) return extract_layout<wide::kTexLayout>(word, v);
  if (s.fields.data() == wide::kTldLayout.data()) return extract_layout<wide::kTldLayout>(word, v);
  if (s.fields.data() == wide::kTld4Layout.data())
    return extract_layout<wide::kTld4Layout>(word, v);
  if (s.fields.data() == wide::kTxdLayout.data()) return extract_layout<wide::kTxdLayout>(word, v);
  std::copy(kRoleDefaults.begin(), kRoleDefaults.end(), v.begin());
  for (const WordField& w : s.fields) v[static_cast<size_t>(w.role)] = w.bits.get(word);
}

namespace {

template <const auto& Layout>
const WordField* field_in(Role r) {
  const uint8_t k = kRoleIndex<Layout>[static_cast<size_t>(r)];
  return k == kNoField ? nullptr : &Layout[k];
}

}  // namespace

const WordField* field_of(const OpSpec& s, Role r) {
  if (s.fields.data() == kTexLayout.data()) return field_in<kTexLayout>(r);
  if (s.fields.data() == kTld4sLayout.data()) return field_in<kTld4sLayout>(r);
  if (s.fields.data() == kNopLayout.data()) return field_in<kNopLayout>(r);
  for (const auto& w : s.fields) {
    if (w.role == r) return &w;
  }
  return nullptr;
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
    if (is_rtz_row(s)) continue;
    if (!out.empty()) out += sep;
    out += s.mnemonic;
  }
  return out;
}


ParamA wide_param_a(uint8_t code) {
  static constexpr std::array<ParamA, 8> kByCode{
      ParamA::k1D, ParamA::kArray1D, ParamA::k2D,   ParamA::kArray2D,
      ParamA::k3D, ParamA::kArray3D, ParamA::kCube, ParamA::kArrayCube};
  return kByCode[code & 7u];
}

uint8_t wide_param_a_code(ParamA p) {
  const auto& info = param_a_info(p);
  const uint8_t dim =
      p == ParamA::kCube || p == ParamA::kArrayCube ? 3 : static_cast<uint8_t>(info.coord_dims - 1);
  return static_cast<uint8_t>(dim << 1 | (info.array ? 1 : 0));
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

bool is_rtz_row(const OpSpec& s) {
  return s.fields.data() == kTld4sRtzLayout.data();
}

const OpSpec& encoding_spec(const Instruction& i) {
  if (i.op == Opcode::kTld4s && i.rtz) {
    for (const auto& s : kSpecs) {
      if (is_rtz_row(s)) return s;
    }
  }
  return op_spec(i.op);
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
