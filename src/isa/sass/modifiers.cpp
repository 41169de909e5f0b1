// The SASS modifier table (issue 25 item 1: each spelling written once) and the printer, parser
// and describe helpers that walk it. Spellings are nvdisasm 11.8's (decisions T10, T23-T30).
#include "isa/sass/modifiers.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "isa/sass/encoding_sm70.hpp"

namespace texsim::isa::sass {

namespace {

using S = ModSpelling;
constexpr std::array<S, 1> kF16Names{{{"F16", 1}}};
constexpr std::array<S, 1> kRtzNames{{{"RTZ", 1}}};
constexpr std::array<S, 7> kLodNames{{{"LZ", static_cast<uint8_t>(Lod::kLZ)},
                                      {"LL", static_cast<uint8_t>(Lod::kLL)},
                                      {"LB", static_cast<uint8_t>(Lod::kLB)},
                                      {"LBA", static_cast<uint8_t>(Lod::kLBA)},
                                      {"LLA", static_cast<uint8_t>(Lod::kLLA)},
                                      // Listed where a row's lod table names them (TEX, T23).
                                      {"INVALIDBLOD4", static_cast<uint8_t>(Lod::kInvalid4)},
                                      {"INVALIDBLOD5", static_cast<uint8_t>(Lod::kInvalid5)}}};
constexpr std::array<S, 4> kComponentNames{{{"R", 0}, {"G", 1}, {"B", 2}, {"A", 3}}};
constexpr std::array<S, 1> kBindlessNames{{{"B", 1}}};
constexpr std::array<S, 1> kLodQueryNames{{{"LOD", 1}}};
constexpr std::array<S, 1> kLcNames{{{"LC", 1}}};
constexpr std::array<S, 3> kToffNames{{{"AOFFI", 1}, {"PTP", 2}, {"INVALIDBTOFF03", 3, false}}};
constexpr std::array<S, 1> kAoffiNames{{{"AOFFI", 1}}};
constexpr std::array<S, 1> kMsNames{{{"MS", 1}}};
constexpr std::array<S, 1> kClNames{{{"CL", 1}}};
constexpr std::array<S, 1> kDcNames{{{"DC", 1}}};
constexpr std::array<S, 1> kNdvNames{{{"NDV", 1}}};
constexpr std::array<S, 1> kNodepNames{{{"NODEP", 1}}};
constexpr std::array<S, 3> kPhaseNames{
    {{"T", static_cast<uint8_t>(Phase::kT)},
     {"P", static_cast<uint8_t>(Phase::kP)},
     {"INVALIDPHASE3", static_cast<uint8_t>(Phase::kInvalid3), false}}};

constexpr uint8_t u8(bool b) {
  return b ? 1 : 0;
}

// In Mod order (modifier() indexes it; modifiers_test checks the order).
constexpr std::array<ModifierSpec, 15> kModifiers{{
    {Mod::kF16, "", kF16Names, 0, false, Slot::kModifiers,
     [](const Instruction& i) { return u8(i.f16); }, [](Instruction& i, uint8_t v) { i.f16 = v; }},
    {Mod::kRtz, "", kRtzNames, 0, false, Slot::kModifiers,
     [](const Instruction& i) { return u8(i.rtz); }, [](Instruction& i, uint8_t v) { i.rtz = v; }},
    {Mod::kLod, ".lod", kLodNames, static_cast<uint8_t>(Lod::kAuto), false, Slot::kLod,
     [](const Instruction& i) { return static_cast<uint8_t>(i.lod); },
     [](Instruction& i, uint8_t v) { i.lod = static_cast<Lod>(v); }},
    {Mod::kComponent, "gather component", kComponentNames, 0, true, Slot::kModifiers,
     [](const Instruction& i) { return i.component; },
     [](Instruction& i, uint8_t v) { i.component = v; }},
    {Mod::kBindless, "", kBindlessNames, 0, true, Slot::kModifiers,
     [](const Instruction&) { return uint8_t{1}; }, [](Instruction&, uint8_t) {}},
    {Mod::kLodQuery, "", kLodQueryNames, 0, true, Slot::kModifiers,
     [](const Instruction&) { return uint8_t{1}; }, [](Instruction&, uint8_t) {}},
    {Mod::kLc, "", kLcNames, 0, false, Slot::kLc, [](const Instruction& i) { return u8(i.lc); },
     [](Instruction& i, uint8_t v) { i.lc = v; }},
    // TLD4's offset mode: .AOFFI also sets the AOFFI flag the lowering reads (T25).
    {Mod::kToff, "offset mode", kToffNames, 0, false, Slot::kToff,
     [](const Instruction& i) { return i.toff; },
     [](Instruction& i, uint8_t v) { i.toff = v, i.aoffi = v == 1; }},
    {Mod::kAoffi, "", kAoffiNames, 0, false, Slot::kModifiers,
     [](const Instruction& i) { return u8(i.aoffi); },
     [](Instruction& i, uint8_t v) { i.aoffi = v; }},
    {Mod::kMs, "", kMsNames, 0, false, Slot::kModifiers,
     [](const Instruction& i) { return u8(i.ms); }, [](Instruction& i, uint8_t v) { i.ms = v; }},
    {Mod::kCl, "", kClNames, 0, false, Slot::kModifiers,
     [](const Instruction& i) { return u8(i.cl); }, [](Instruction& i, uint8_t v) { i.cl = v; }},
    {Mod::kDc, "", kDcNames, 0, false, Slot::kModifiers,
     [](const Instruction& i) { return u8(i.dc); }, [](Instruction& i, uint8_t v) { i.dc = v; }},
    {Mod::kNdv, "", kNdvNames, 0, false, Slot::kNdv, [](const Instruction& i) { return u8(i.ndv); },
     [](Instruction& i, uint8_t v) { i.ndv = v; }},
    {Mod::kNodep, "", kNodepNames, 0, false, Slot::kModifiers,
     [](const Instruction& i) { return u8(i.nodep); },
     [](Instruction& i, uint8_t v) { i.nodep = v; }},
    {Mod::kPhase, ".phase", kPhaseNames, static_cast<uint8_t>(Phase::kNone), false,
     Slot::kModifiers, [](const Instruction& i) { return static_cast<uint8_t>(i.phase); },
     [](Instruction& i, uint8_t v) { i.phase = static_cast<Phase>(v); }},
}};

// "A, B or C".
std::string or_list(const std::vector<std::string>& items) {
  std::string out;
  for (size_t k = 0; k < items.size(); ++k) {
    if (k != 0) out += k + 1 == items.size() ? " or " : ", ";
    out += items[k];
  }
  return out;
}

// The listed spellings of m the row allows, in the row's order: its lod table's codes for .lod,
// else the table's.
std::vector<std::string_view> listed(const OpSpec& row, Mod m) {
  std::vector<std::string_view> out;
  auto add = [&](const ModSpelling& s) {
    if (s.listed && row_allows(row, m, s.value)) out.push_back(s.text);
  };
  if (m == Mod::kLod && !row.lods.empty()) {
    for (Lod l : row.lods)
      for (const ModSpelling& s : modifier(m).spellings)
        if (s.value == static_cast<uint8_t>(l)) add(s);
    return out;
  }
  for (const ModSpelling& s : modifier(m).spellings) add(s);
  return out;
}

}  // namespace

std::span<const ModifierSpec> modifier_table() {
  return kModifiers;
}

const ModifierSpec& modifier(Mod m) {
  return kModifiers[static_cast<size_t>(m)];
}

std::string_view spelling(Mod m, uint8_t value) {
  for (const ModSpelling& s : modifier(m).spellings)
    if (s.value == value) return s.text;
  return {};
}

bool row_allows(const OpSpec& row, Mod m, uint8_t value) {
  if (!has_mod(row, m)) return false;
  if (m != Mod::kLod) return !spelling(m, value).empty();
  const auto lod = static_cast<Lod>(value);
  if (lod == Lod::kAuto) return false;
  // TLDS and TEXS have no lod table: their .lod is LZ or LL (sass-tlds.md, .lod).
  if (row.lods.empty()) return lod == Lod::kLZ || lod == Lod::kLL;
  return std::find(row.lods.begin(), row.lods.end(), lod) != row.lods.end();
}

std::optional<ModMatch> match_modifier(const OpSpec& row, std::string_view text, uint32_t given) {
  std::optional<ModMatch> first;
  for (Mod m : row.mods) {
    for (const ModSpelling& s : modifier(m).spellings) {
      if (s.text != text || !row_allows(row, m, s.value)) continue;
      if ((given >> static_cast<unsigned>(m) & 1u) == 0) return ModMatch{m, s.value};
      if (!first) first = ModMatch{m, s.value};
    }
  }
  return first;
}

std::string modifier_word(Mod m) {
  const ModifierSpec& ms = modifier(m);
  return ms.what.empty() ? "." + std::string(ms.spellings.front().text) : std::string(ms.what);
}

std::string mode_words(const OpSpec& s) {
  std::vector<std::string> words;
  for (Operand o : s.operands) {
    if (o == Operand::kParamA) words.emplace_back("paramA");
  }
  for (Mod m : s.mods) {
    if (m == Mod::kLod) words.push_back(modifier_word(m));
    if (m == Mod::kAoffi || m == Mod::kMs || m == Mod::kDc) words.push_back(modifier_word(m));
  }
  std::string out;
  for (size_t k = 0; k < words.size(); ++k) {
    if (k != 0) out += k + 1 == words.size() ? " and " : ", ";
    out += words[k];
  }
  return out;
}

std::string mode_modifiers(const Instruction& inst) {
  std::string out;
  for (Mod m : {Mod::kLod, Mod::kAoffi, Mod::kMs, Mod::kDc}) {
    const ModifierSpec& ms = modifier(m);
    if (ms.get(inst) != ms.none) out += "." + std::string(spelling(m, ms.get(inst)));
  }
  return out;
}

std::string print_modifiers(const OpSpec& row, const Instruction& inst) {
  std::string out;
  for (Mod m : row.mods) {
    const ModifierSpec& ms = modifier(m);
    const uint8_t v = ms.get(inst);
    if (!ms.always && v == ms.none) continue;
    out += '.';
    out += spelling(m, v);
  }
  return out;
}

std::string allowed_spellings(const OpSpec& row, Mod m) {
  std::vector<std::string> names;
  for (std::string_view t : listed(row, m)) names.push_back("." + std::string(t));
  return "(" + or_list(names) + ")";
}

std::string expected_mods(const OpSpec& row) {
  std::string out;
  for (Mod m : row.mods) {
    for (std::string_view t : listed(row, m)) out += (out.empty() ? "." : ", .") + std::string(t);
  }
  return out;
}

// A mode row's combination as the modifiers print it ("2D.LZ.AOFFI"; declared in opspec.hpp).
std::string mode_name(const OpSpec& s, const ModeRow& r) {
  std::string out;
  for (Operand o : s.operands) {
    if (o == Operand::kParamA) out = param_a_info(r.param_a).name;
  }
  Instruction i;
  set_mode(i, r);
  out += mode_modifiers(i);
  if (!out.empty() && out[0] == '.') out.erase(0, 1);
  return out.empty() ? std::string("(none)") : out;
}

std::string modifier_syntax(const OpSpec& row) {
  std::string out;
  for (Mod m : row.mods) {
    const ModifierSpec& ms = modifier(m);
    const auto names = listed(row, m);
    std::string alts;
    for (std::string_view t : names) alts += (alts.empty() ? "" : "|") + std::string(t);
    const bool required = ms.always || (m == Mod::kLod && row.lod_required);
    if (required) {
      out += names.size() == 1 ? "." + alts : ".{" + alts + "}";
    } else {
      std::string dotted;
      for (std::string_view t : names) dotted += (dotted.empty() ? "." : "|.") + std::string(t);
      out += "[" + dotted + "]";
    }
  }
  return out;
}

}  // namespace texsim::isa::sass

// SM70+ (decisions W5): the spellings the 128-bit generation adds, and its code tables
// (nvidia_sm70_fields.md sections 2-4, every value decoded by nvdisasm 11.8).
namespace texsim::isa::sass {

namespace {

constexpr std::array<S, 1> kScrNames{{{"SCR", 1}}};
// With their .F16 (as one spelling: "RZ" alone would read as the zero register to the
// spellings check, which looks for ".RZ" and == "RZ" in every other file).
constexpr std::array<S, 2> kRoundNames{{{"F16.RN", 1}, {"F16.RZ", 2}}};
constexpr std::array<S, 5> kCacheNames{{{"EF", 0}, {"EL", 2}, {"LU", 3}, {"EU", 4}, {"NA", 5}}};
constexpr std::array<S, 1> kFdvNames{{{"FDV", 1}}};
constexpr std::array<S, 3> kQueryNames{
    {{"TEX_HEADER_DIMENSION", 0}, {"TEX_HEADER_TEXTURE_TYPE", 1}, {"TEX_HEADER_SAMPLER_POS", 2}}};

std::string find(std::span<const S> names, uint8_t code) {
  for (const S& s : names)
    if (s.value == code) return std::string(s.text);
  return {};
}

std::string dotted(std::string_view a) {
  return "." + std::string(a);
}

std::string invalid(uint8_t code) {
  return "INVALID" + std::to_string(code);
}

// TEX 89:87: auto, LZ, LB, LL, LC, LB.LC, LC.FDV (SM75+), -.
std::string tex_lod(uint8_t code, unsigned sm) {
  std::string lc = dotted(spelling(Mod::kLc, 1));
  switch (code) {
    case 0:
      return {};
    case 1:
      return dotted(spelling(Mod::kLod, static_cast<uint8_t>(Lod::kLZ)));
    case 2:
      return dotted(spelling(Mod::kLod, static_cast<uint8_t>(Lod::kLB)));
    case 3:
      return dotted(spelling(Mod::kLod, static_cast<uint8_t>(Lod::kLL)));
    case 4:
      return lc;
    case 5:
      return dotted(spelling(Mod::kLod, static_cast<uint8_t>(Lod::kLB))) + lc;
    case 6:
      if (sm >= 75) return lc + "." + find(kFdvNames, 1);
      break;
    default:
      break;
  }
  return "." + invalid(code);
}

// The dimension names each opcode prints (section 3); the others are INVALIDn.
std::string dim(uint8_t code, Opcode op) {
  static constexpr std::array<uint8_t, 4> kValid{0xbf, 0x37, 0xaa, 0x33};
  size_t k = 0;  // TEX, TMML
  if (op == Opcode::kTld || op == Opcode::kTldB) k = 1;
  if (op == Opcode::kTld4 || op == Opcode::kTld4B) k = 2;
  if (op == Opcode::kTxd || op == Opcode::kTxdB) k = 3;
  if (((kValid[k] >> code) & 1u) == 0) return invalid(code);
  return std::string(param_a_info(wide_dim(code)).name);
}

}  // namespace

std::string wide_spelling(WideMod m, uint8_t code, unsigned sm, Opcode op) {
  switch (m) {
    case WideMod::kScr:
      return code != 0 ? dotted(find(kScrNames, 1)) : std::string();
    case WideMod::kF16:
      if (code == 0) return {};
      if (code == 3) return "." + invalid(code);
      return dotted(find(kRoundNames, code));
    case WideMod::kCache:
      if (code == 1) return {};
      return code <= 5 ? dotted(find(kCacheNames, code)) : "." + invalid(code);
    case WideMod::kTexLod:
      return tex_lod(code, sm);
    case WideMod::kTldLod:
      if (code == 1) return dotted(spelling(Mod::kLod, static_cast<uint8_t>(Lod::kLZ)));
      if (code == 3) return dotted(spelling(Mod::kLod, static_cast<uint8_t>(Lod::kLL)));
      return "." + invalid(code);
    case WideMod::kToff:
      if (code == 0) return {};
      return code == 3 ? "." + invalid(code) : dotted(spelling(Mod::kToff, code));
    case WideMod::kDim:
      return dim(code, op);
    case WideMod::kQuery:
      return code <= 2 ? find(kQueryNames, code) : invalid(code);
  }
  return {};
}

}  // namespace texsim::isa::sass
