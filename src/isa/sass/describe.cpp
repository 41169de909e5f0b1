// `texsim describe` for SASS: the semantic row (syntax, modes, masks, paramA, rules) and, per
// encoding generation, the word pattern and field positions (issue 25: meaning apart from bits).
#include "isa/sass/describe.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "core/text.hpp"
#include "isa/sass/encoding.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {

namespace {

// "SM50-SM62": the platforms of every generation that encodes `op`.
std::string platforms_of(Opcode op) {
  std::string first, last;
  for (const Generation* g : generations()) {
    const bool has = std::any_of(g->rows.begin(), g->rows.end(),
                                 [&](const EncodingRow& r) { return r.op == op; });
    if (!has || g->platforms.empty()) continue;
    if (first.empty()) first = g->platforms.front();
    last = g->platforms.back();
  }
  return first == last ? first : first + "-" + last;
}

// "  SM50-SM62 word: (word & 0x...) == 0x...; lod 57:55, AOFFI 54, ...": each encoding row.
std::string encoding_lines(Opcode op) {
  std::string s;
  char buf[160];
  for (const Generation* g : generations()) {
    for (const EncodingRow& r : g->rows) {
      if (r.op != op) continue;
      std::snprintf(buf, sizeof buf, "  word: (word & 0x%016llx) == 0x%016llx;",
                    static_cast<unsigned long long>(r.mask),
                    static_cast<unsigned long long>(r.match));
      s += buf;
      std::vector<WordField> fields(r.fields.begin(), r.fields.end());
      std::sort(fields.begin(), fields.end(),
                [](const WordField& a, const WordField& b) { return a.bits.lo > b.bits.lo; });
      const char* sep = " ";
      for (const WordField& f : fields) {
        s += sep + std::string(f.bits.name) + " " + std::to_string(f.bits.hi);
        if (f.bits.hi != f.bits.lo) s += ":" + std::to_string(f.bits.lo);
        sep = ", ";
      }
      s += "; .T/.P = control bits 17/18\n";
      if (!r.rtz) break;  // TLD4S's .F16.RTZ row follows its main row
    }
  }
  return s;
}

std::string mode_table(const OpSpec& spec) {
  if (spec.modes.empty()) {
    const std::string pa = legal_param_a_names(spec);
    return "  every modifier is its own field (" + std::string(spec.mode_citation) + ")" +
           (pa.empty() ? "" : "; paramA: " + pa) + "; mask: 0x0..0xf (R=1, G=2, B=4, A=8)\n";
  }
  std::string s = "  legal combinations (" + std::string(spec.mode_citation) + "):\n";
  s += "  encoding  paramA      lod  AOFFI  MS  DC   Ra            Rb\n";
  auto params = [](unsigned n, const std::array<Param, 2>& p) {
    if (n == 0) return std::string("RZ");
    std::string t(param_name(p[0]));
    if (n == 2) t += "," + std::string(param_name(p[1]));
    return t;
  };
  char buf[200];
  for (const auto& r : spec.modes) {
    const std::string lod =
        r.lod == Lod::kAuto ? "-" : std::string(spelling(Mod::kLod, static_cast<uint8_t>(r.lod)));
    std::snprintf(buf, sizeof buf, "  %-8u  %-10s  %-3s  %-5s  %-2s  %-3s  %-12s  %s\n", r.encoding,
                  std::string(param_a_info(r.param_a).name).c_str(), lod.c_str(),
                  r.aoffi ? "yes" : "-", r.ms ? "yes" : "-", r.dc ? "yes" : "-",
                  params(r.ra_count, r.ra).c_str(), params(r.rb_count, r.rb).c_str());
    s += buf;
  }
  return s;
}

std::string masks_and_param_a(const OpSpec& spec) {
  std::string s;
  const bool wmsk =
      std::find(spec.operands.begin(), spec.operands.end(), Operand::kWmsk) != spec.operands.end();
  if (wmsk) {
    s += "\n  write masks, Rd1 = RZ:";
    for (const auto& m : write_masks_2c())
      s += " " + std::string(m.name) + "=" + std::to_string(m.code);
    s += "\n  write masks, Rd1 != RZ:";
    for (const auto& m : write_masks_34c())
      s += " " + std::string(m.name) + "=" + std::to_string(m.code);
    s += "\n";
  } else if (!spec.modes.empty()) {
    s += "\n  writes components " + mask_name_of(spec.fixed_components) +
         " (Rd0, Rd0+1, Rd1, Rd1+1; .F16: Rd0, Rd1)\n";
  }
  std::string reserved;
  for (const auto& p : param_a_table()) {
    if (!param_a_legal(spec, p.id)) reserved += " " + std::string(p.name);
  }
  if (!reserved.empty() && std::find(spec.operands.begin(), spec.operands.end(),
                                     Operand::kParamA) != spec.operands.end())
    s += "  reserved paramA:" + reserved + "\n";
  return s;
}

// The rules of the opcode: its own prefix, and the ones no other row owns.
std::string rule_lines(const OpSpec& spec) {
  std::string s = "\n  rules:\n";
  for (const auto& r : all_rules()) {
    const bool own = r.id.starts_with(spec.rule_prefix);
    bool other = false;
    for (const auto& o : op_specs())
      other = other || (o.op != spec.op && r.id.starts_with(o.rule_prefix));
    if (!own && other) continue;
    s += "    " + std::string(r.id) + ": " + std::string(r.summary) + " (" +
         std::string(r.citation) + ")\n";
  }
  return s;
}

}  // namespace

std::optional<std::string> describe_opcode(std::string_view opcode) {
  const OpSpec* spec = spec_for_mnemonic(core::to_upper(opcode));
  if (spec == nullptr) return std::nullopt;
  const std::string mn(spec->mnemonic);
  if (spec->operands.empty()) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s: %s, word 0x%016llx, control %s\n", mn.c_str(),
                  std::string(spec->summary).c_str(),
                  static_cast<unsigned long long>(sm50_row(spec->op).match),
                  print_control({}).c_str());
    return std::string(buf);
  }
  std::string s =
      mn + " (SASS, " + platforms_of(spec->op) + "): " + std::string(spec->summary) + "\n";
  s += "  syntax: [@[!]Pg] " + std::string(base_mnemonic(*spec)) + modifier_syntax(*spec) + " " +
       std::string(spec->operand_syntax) + " ;  (" + std::string(spec->syntax_citation) + ")\n";
  s += encoding_lines(spec->op);
  if (wide_row_for(wide_base_op(spec->op), TexSource::kBound) != nullptr ||
      wide_row_for(spec->op, TexSource::kBindless) != nullptr)
    s += "  SM70-SM90: 128-bit words of their own (texsim describe " + mn + " --platform SM75)\n";
  s += "\n";
  return s + mode_table(*spec) + masks_and_param_a(*spec) + rule_lines(*spec);
}

}  // namespace texsim::isa::sass
