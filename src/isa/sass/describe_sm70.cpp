// `texsim describe OPCODE --platform SM70..SM90`: an opcode's Volta+ text, its rows by texture
// source and each row's 128-bit field layout on that architecture (decisions W1-W12).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "isa/sass/describe.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/rules.hpp"

namespace texsim::isa::sass {

namespace {

using F = WideField;

// A field's name: the modifier table's spelling for the one-bit modifiers (modifiers.hpp).
std::string field_name(F f) {
  const auto mod = [](Mod m) { return "." + std::string(spelling(m, 1)); };
  switch (f) {
    case F::kB:
      return mod(Mod::kBindless);
    case F::kScr:
      return wide_spelling(WideMod::kScr, 1, 90);
    case F::kAoffi:
      return mod(Mod::kAoffi);
    case F::kNdv:
      return mod(Mod::kNdv);
    case F::kDc:
      return mod(Mod::kDc);
    case F::kCl:
      return mod(Mod::kCl);
    case F::kMs:
      return mod(Mod::kMs);
    case F::kF16:
      return mod(Mod::kF16);
    case F::kLc:
      return mod(Mod::kLc);
    case F::kNodep:
      return mod(Mod::kNodep);
    default:
      break;
  }
  static constexpr std::array<std::string_view, static_cast<size_t>(F::kCount)> kNames{
      "Pg",     "Pg.not", "Rd",   "Ra",        "Rb", "bank", "word",  "UR",
      "UR.imm", "cb.a",   "cb.b", "",          "",   "dim",  "query", "Rd2",
      "mask",   "",       "",     "",          "",   "",     "toff",  "",
      "Pd",     "cache",  "lod",  "component", "",   "",     "?PM",   "scheduling"};
  return std::string(kNames[static_cast<size_t>(f)]);
}

// "a|b|c": the spellings codes 0..n-1 print, the empty and INVALIDn ones left out.
std::string spellings(WideMod m, unsigned n, unsigned sm, Opcode op = Opcode::kTex) {
  std::string s;
  for (unsigned c = 0; c < n; ++c) {
    std::string t = wide_spelling(m, static_cast<uint8_t>(c), sm, op);
    if (t.empty() || t.find("INVALID") != std::string::npos) continue;
    if (t.front() == '.') t.erase(0, 1);
    s += (s.empty() ? "" : "|") + t;
  }
  return s;
}

// "[.AOFFI]": an optional one-bit modifier, spelled by the modifier table.
std::string opt(Mod m) {
  return "[." + std::string(spelling(m, 1)) + "]";
}

// The modifier part of the syntax, in nvdisasm's order (printer_sm70.cpp).
std::string modifier_syntax(Opcode op, unsigned sm) {
  const std::string scr = "[" + wide_spelling(WideMod::kScr, 1, sm) + "]";
  const std::string b = opt(Mod::kBindless), nodep = opt(Mod::kNodep);
  const std::string f16 = "[." + spellings(WideMod::kF16, 4, sm) + "]";
  const std::string cache = "[." + spellings(WideMod::kCache, 8, sm) + "]";
  switch (op) {
    case Opcode::kTex:
      return scr + b + f16 + "[." + spellings(WideMod::kTexLod, 8, sm) + "]" + opt(Mod::kAoffi) +
             opt(Mod::kDc) + cache + opt(Mod::kNdv) + nodep;
    case Opcode::kTld:
      return scr + b + f16 + ".{" + spellings(WideMod::kTldLod, 8, sm) + "}" + opt(Mod::kAoffi) +
             cache + opt(Mod::kMs) + opt(Mod::kCl) + nodep;
    case Opcode::kTld4: {
      std::string comps;
      for (uint8_t c = 0; c < 4; ++c)
        comps += (c != 0 ? "|" : "") + std::string(spelling(Mod::kComponent, c));
      return scr + ".{" + comps + "}" + b + f16 + "[." + spellings(WideMod::kToff, 4, sm) + "]" +
             opt(Mod::kDc) + cache + nodep;
    }
    case Opcode::kTxd:
      return b + f16 + opt(Mod::kLc) + opt(Mod::kAoffi) + cache + nodep;
    case Opcode::kTmml:
      return b + "." + std::string(spelling(Mod::kLodQuery, 1)) + opt(Mod::kNdv) + nodep;
    default:
      return b + nodep;
  }
}

std::string operand_syntax(Opcode op) {
  switch (op) {
    case Opcode::kTxq:
      return "Rd2, Rd, Ra, query, texture, mask";
    case Opcode::kTmml:
      return "Rd2, Rd, Ra[, Rb], texture, dimension[, mask]";
    case Opcode::kTxd:
      return "[Pd,] Rd2, Rd, Ra, Rb, texture, dimension[, mask]";
    default:
      return "[Pd,] Rd2, Rd, Ra[, Rb], texture, dimension[, mask]";
  }
}

std::string_view source_name(TexSource s) {
  switch (s) {
    case TexSource::kBound:
      return "bound (texture: bank, word: the handle is c[bank][4*word])";
    case TexSource::kBindless:
      return "bindless .B (no texture operand: the handle is Rb, TXQ's Ra)";
    case TexSource::kUniform:
      return "uniform (texture: URn, imm: the handle is URn; bit 91 = 1)";
    case TexSource::kCb2:
      return "two-part constant (texture: bank, a, b; ptxas never writes it)";
  }
  return "";
}

// "Rd 23:16, Ra 31:24, ...": a layout's fields from the low bit up.
std::string field_list(const WideLayout& l) {
  std::vector<WideBits> fs(l.fields.begin(), l.fields.begin() + l.count);
  std::sort(fs.begin(), fs.end(), [](const WideBits& a, const WideBits& b) { return a.lo < b.lo; });
  std::string s;
  for (const WideBits& f : fs) {
    s += (s.empty() ? "" : ", ") + field_name(f.field) + " " + std::to_string(f.lo + f.width - 1);
    if (f.width > 1) s += ":" + std::to_string(f.lo);
  }
  return s;
}

// The dimension names the opcode prints on `sm` (TXQ has none).
std::string dimensions(Opcode op, unsigned sm) {
  if (op == Opcode::kTxq) return {};
  std::string s;
  for (uint8_t c = 0; c < 8; ++c) {
    const std::string t = wide_spelling(WideMod::kDim, c, sm, op);
    if (t.find("INVALID") == std::string::npos) s += " " + t;
  }
  return "  dimension (bits 63:61):" + s + "\n";
}

std::string rule_lines() {
  // The rules a Volta+ word or line can raise (decisions W7, W9, W11, W12).
  static constexpr std::array<std::string_view, 9> kIds{
      "SASS-SYNTAX",        "SASS-UNKNOWN-OPCODE",      "SASS-ENCODE",
      "SASS-DECODE-OPCODE", "SASS-DECODE-STREAM",       "SASS-CUBIN",
      "SASS-EXEC-STATE",    "SASS-EXEC-UNDEFINED-FORM", "SASS-EXEC-SAMPLER-INDEX"};
  std::string s = "\n  rules:\n";
  for (const auto& r : all_rules()) {
    if (std::find(kIds.begin(), kIds.end(), r.id) == kIds.end()) continue;
    s += "    " + std::string(r.id) + ": " + std::string(r.summary) + " (" +
         std::string(r.citation) + ")\n";
  }
  return s;
}

}  // namespace

std::optional<std::string> describe_opcode_wide(std::string_view opcode, unsigned sm) {
  const OpSpec* spec = spec_for_mnemonic(core::to_upper(opcode));
  if (spec == nullptr) return std::nullopt;
  const std::string mn(spec->mnemonic);
  const std::string on = "SM" + std::to_string(sm);
  const Opcode op = wide_base_op(spec->op);
  std::vector<const WideRow*> rows;
  // TEX lists every row of the family; TEX.B its bindless row.
  for (const TexSource s :
       {TexSource::kBound, TexSource::kBindless, TexSource::kUniform, TexSource::kCb2}) {
    if (spec->op != op && s != TexSource::kBindless) continue;
    const WideRow* r = wide_row_for(op, s);
    for (const OpSpec& o : op_specs())
      if (r == nullptr && wide_base_op(o.op) == op) r = wide_row_for(o.op, s);
    if (r != nullptr && wide_row(r->opcode, sm) == r) rows.push_back(r);
  }
  if (rows.empty()) {
    return mn + " (SASS): no encoding on " + on +
           ": Volta+ (SM70-SM90) has TEX, TLD, TLD4, TXD, TMML and TXQ (and their .B forms) only; "
           "nvdisasm reads no short form TLDS/TEXS/TLD4S there (decisions W1)\n";
  }
  std::string s =
      mn + " (SASS, " + on + ", Volta+ 128-bit words): " + std::string(spec->summary) + "\n";
  s += "  syntax: [@[!]Pg] " + std::string(base_mnemonic(op_spec(op))) + modifier_syntax(op, sm) +
       " " + operand_syntax(op) + " ;  (nvdisasm 11.8; decisions W5, W9)\n";
  s += dimensions(op, sm);
  s += "  control prefix: [B------:R-:W-:-:Snn] = bits 127:105 (wait mask, barriers, yield, stall; "
       "decisions W7)\n\n";
  char buf[96];
  for (const WideRow* r : rows) {
    const WideLayout l = wide_layout(*r, sm);
    std::snprintf(buf, sizeof buf, "  opcode 0x%03x, %s:\n", r->opcode,
                  std::string(source_name(r->source)).c_str());
    s += buf;
    s += "    fields: " + field_list(l) + "\n";
    if (const auto b91 = wide_bit91(*r, sm)) s += "    bit 91 = " + std::to_string(*b91) + "\n";
  }
  s += "\n  nvdisasm rejects: bit 91 against its row (SM75+), bit 59 against a non-bound row "
       "(before SM80), reuse bits 124:123 both set, bit 109 without a stall of 1..11, reuse "
       "without a stall (decisions W7)\n";
  const bool scr = op == Opcode::kTex || op == Opcode::kTld || op == Opcode::kTld4;
  s += std::string("  execution: Maxwell/Pascal semantics") +
       (scr ? "; .SCR splits the sources between Ra and Rb" : "") +
       "; results go to Rd, then Rd2 (decisions W11, W12)\n";
  return s + rule_lines();
}

}  // namespace texsim::isa::sass
