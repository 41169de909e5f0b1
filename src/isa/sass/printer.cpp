// The SASS printer: instructions as nvdisasm prints them (walking the OpSpec rows), control
// prefixes and register names. Split from syntax.cpp (the parser); never prints to a stream.
#include <cctype>
#include <cstdio>
#include <string>

#include "isa/sass/generic_ops.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/syntax.hpp"
#include "isa/sass/syntax_sm70.hpp"

namespace texsim::isa::sass {

namespace {

void append_reg(std::string& out, uint8_t r) {
  out += register_name(r);
}

}  // namespace

std::string register_name(uint8_t r) {
  return r == kRZ ? std::string("RZ") : "R" + std::to_string(r);
}

std::string print_control(const Control& c) {
  std::string s = "[B";
  for (unsigned b = 0; b < 6; ++b) s += ((c.wait >> b) & 1u) ? static_cast<char>('0' + b) : '-';
  s += ":R";
  s += c.rd_bar == 7 ? '-' : static_cast<char>('0' + c.rd_bar);
  s += ":W";
  s += c.wr_bar == 7 ? '-' : static_cast<char>('0' + c.wr_bar);
  s += c.yield_bit == 0 ? ":Y" : ":-";
  char buf[8];
  std::snprintf(buf, sizeof buf, ":S%02u]", static_cast<unsigned>(c.stall & 0xf));
  s += buf;
  return s;
}

namespace {

// One operand of a row as nvdisasm prints it.
void append_operand(std::string& out, Operand o, const Instruction& inst) {
  switch (o) {
    case Operand::kRd1:
      append_reg(out, inst.rd1);
      break;
    case Operand::kRd0:
      append_reg(out, inst.rd0);
      break;
    case Operand::kRa:
      append_reg(out, inst.ra);
      break;
    case Operand::kRb:
    case Operand::kRbOpt:
      append_reg(out, inst.rb);
      break;
    case Operand::kTsIdx: {
      char buf[16];
      std::snprintf(buf, sizeof buf, "0x%x", inst.ts_idx);
      out += buf;
      break;
    }
    case Operand::kParamA:
      out += param_a_info(inst.param_a).name;
      break;
    case Operand::kPdOpt:
      out += "P" + std::to_string(inst.pd);
      break;
    case Operand::kQuery:
      out += query_text(inst.query);
      break;
    case Operand::kZeroIdx:
      out += "0x0";
      break;
    case Operand::kMaskHex: {
      char buf[8];
      std::snprintf(buf, sizeof buf, "0x%x", static_cast<unsigned>(inst.mask & 0xfu));
      out += buf;
      break;
    }
    case Operand::kWmsk:
      if (inst.invalid_wmsk != 0)
        out += "INVALID" + std::to_string(inst.invalid_wmsk);
      else
        out += mask_name_of(inst.mask);
      break;
  }
}

// The guard predicate prints for every parsed instruction, kUnsupported included (F1: its text
// starts at the mnemonic, so without the guard the printed line parsed to something else).
// An unsupported text that does not start like a mnemonic (a letter or '_') keeps even the
// default @PT, so that the line still reads as that instruction and not as a directive, a
// `.word`, a guard or a control prefix (F8: "@PT}." printed as ". ;", "@PT}@P4.+" as "@P4.+ ;"),
// except a Volta+ uniform guard ("@UP0 ..."), which its text keeps (F14).
// Likewise a text that, printed bare, would read as a cuobjdump listing line (F10:
// "Function : # comment" kept the text "Function :", whose bare print "Function : ;" is a
// function header to the listing reader).
void append_guard(std::string& out, const Instruction& inst) {
  const std::string& text = inst.text;
  // A Volta+ line under a uniform predicate keeps its guard in its text and reads back as such.
  const std::string_view t(text);
  const bool uniform_guard = inst.wide.sm != 0 && (t.starts_with("@UP") || t.starts_with("@!UP"));
  const bool odd_start =
      inst.kind == Kind::kUnsupported && !text.empty() && !uniform_guard &&
      (!(std::isalpha(static_cast<unsigned char>(text[0])) != 0 || text[0] == '_') ||
       listing_structure(text.back() == ';' ? text : text + " ;").has_value());
  if (inst.pred != kPT || inst.pred_neg || odd_start) {
    out += inst.pred_neg ? "@!" : "@";
    out += inst.pred == kPT ? std::string("PT") : "P" + std::to_string(inst.pred);
    out += ' ';
  }
}

// The spec's annotations of the control field: " &req_3 &rd1 &wr2 ?S4 ?Y".
void append_annotations(std::string& out, const Control& c) {
  if (c.wait != 0) out += " &req_" + std::to_string(c.wait);
  if (c.rd_bar != 7) out += " &rd" + std::to_string(c.rd_bar);
  if (c.wr_bar != 7) out += " &wr" + std::to_string(c.wr_bar);
  out += " ?S" + std::to_string(c.stall);
  if (c.yield_bit == 0) out += " ?Y";
}

}  // namespace

std::string print_instruction(const Instruction& inst, const PrintOptions& opt) {
  std::string out;
  if (opt.control_prefix)
    out += (inst.wide.sm != 0 ? print_wide_control(inst.ctrl) : print_control(inst.ctrl)) + " ";
  if (opt.address) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "/*%04llx*/ ", static_cast<unsigned long long>(*opt.address));
    out += buf;
  }
  if (inst.wide.sm != 0 && inst.kind == Kind::kInstruction) {
    // nvdisasm ends a line with a ?PMn suffix as "2D  ?PM1;" (no space before ';').
    return out + print_sm70(inst) + (inst.wide.pm != 0 ? ";" : " ;");
  }
  if (inst.kind == Kind::kRaw && inst.wide.sm != 0) {
    char buf[56];
    std::snprintf(buf, sizeof buf, ".word 0x%016llx%016llx ;",
                  static_cast<unsigned long long>(inst.wide.raw_hi),
                  static_cast<unsigned long long>(inst.raw_word));
    return out + buf;
  }
  if (inst.kind == Kind::kRaw) {
    // Issue 29: a non-texture word of the generic table prints as nvdisasm prints it.
    const auto pc = opt.pc ? opt.pc : opt.address;
    if (const auto t = generic_text(inst.raw_word, opt.sm, inst.ctrl.reuse, pc))
      return out + *t + " ;";
    char buf[48];
    std::snprintf(buf, sizeof buf, ".word 0x%016llx ;",
                  static_cast<unsigned long long>(inst.raw_word));
    return out + buf;
  }
  append_guard(out, inst);
  if (inst.kind == Kind::kUnsupported) {
    out += inst.text.str();
    if (out.back() != ';') out += " ;";
    return out;
  }
  const OpSpec& spec = op_spec(inst.op);
  out += base_mnemonic(spec);  // TEX.B prints .B among its modifiers (decisions T30)
  out += print_modifiers(spec, inst);
  const char* sep = " ";
  for (Operand o : spec.operands) {
    if (o == Operand::kRbOpt && inst.rb == kRZ) continue;
    if (o == Operand::kPdOpt && inst.pd == kPT) continue;
    out += sep;
    sep = ", ";
    append_operand(out, o, inst);
  }
  if (opt.spec_annotations) append_annotations(out, inst.ctrl);
  out += " ;";
  return out;
}

std::optional<Control> parse_control(std::string_view t, bool wide) {
  // [Bwwwwww:Rn:Wn:Y:Sdd]; Volta+ ([uuuuuu:]Bwwwwww:...): bits 127:122 first when any is set.
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!t.empty() && blank(t.front())) t.remove_prefix(1);
  while (!t.empty() && blank(t.back())) t.remove_suffix(1);
  uint8_t reuse = 0;
  if (wide && t.size() > 8 && t[7] == ':' && t[1] != 'B') {
    for (unsigned b = 0; b < 6; ++b) {
      const char ch = t[1 + b];
      if (ch == '-') continue;
      if (ch != static_cast<char>('0' + b)) return std::nullopt;
      reuse = static_cast<uint8_t>(reuse | (1u << b));
    }
    if (reuse == 0) return std::nullopt;  // printed only when a bit is set
    const auto rest = parse_control("[" + std::string(t.substr(8)), false);
    if (!rest) return std::nullopt;
    Control c = *rest;
    c.reuse = reuse;
    return c;
  }
  if (t.size() < 2 || t.front() != '[' || t.back() != ']') return std::nullopt;
  t = t.substr(1, t.size() - 2);
  std::vector<std::string_view> parts;
  for (size_t i = 0;;) {
    const size_t c = t.find(':', i);
    parts.push_back(t.substr(i, c == std::string_view::npos ? std::string_view::npos : c - i));
    if (c == std::string_view::npos) break;
    i = c + 1;
  }
  if (parts.size() != 5) return std::nullopt;
  Control c;
  if (parts[0].size() != 7 || parts[0][0] != 'B') return std::nullopt;
  c.wait = 0;
  for (unsigned b = 0; b < 6; ++b) {
    const char ch = parts[0][b + 1];
    if (ch == '-') continue;
    if (ch != static_cast<char>('0' + b)) return std::nullopt;
    c.wait = static_cast<uint8_t>(c.wait | (1u << b));
  }
  auto bar = [](std::string_view p, char tag, uint8_t& out) {
    if (p.size() != 2 || p[0] != tag) return false;
    if (p[1] == '-') {
      out = 7;
      return true;
    }
    if (p[1] < '0' || p[1] > '6') return false;
    out = static_cast<uint8_t>(p[1] - '0');
    return true;
  };
  if (!bar(parts[1], 'R', c.rd_bar) || !bar(parts[2], 'W', c.wr_bar)) return std::nullopt;
  if (parts[3] == "Y")
    c.yield_bit = 0;
  else if (parts[3] == "-")
    c.yield_bit = 1;
  else
    return std::nullopt;
  if (parts[4].size() < 2 || parts[4].size() > 3 || parts[4][0] != 'S') return std::nullopt;
  unsigned st = 0;
  for (char ch : parts[4].substr(1)) {
    if (ch < '0' || ch > '9') return std::nullopt;
    st = st * 10 + static_cast<unsigned>(ch - '0');
  }
  if (st > 15) return std::nullopt;
  c.stall = static_cast<uint8_t>(st);
  return c;
}

}  // namespace texsim::isa::sass
