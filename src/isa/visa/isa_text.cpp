// The generic vISA text encoder (isa_text.hpp): operand readers and the layout-driven form every
// instruction with a known layout has (IGC's printer, visa/IsaDisassembly.cpp: predicate prefix,
// mnemonic and suffixes, exec size, then each table operand; binary: research §1.2, §1.4).
#include "isa/visa/isa_text.hpp"

#include <array>
#include <charconv>

#include "isa/visa/isa_text_internal.hpp"
#include "isa/visa/types.hpp"

namespace texsim::isa::visa {
namespace text {

std::optional<uint64_t> number(std::string_view t) {
  uint64_t v = 0;
  int base = 10;
  if (t.starts_with("0x") || t.starts_with("0X")) {
    t.remove_prefix(2);
    base = 16;
  }
  if (t.empty()) return std::nullopt;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v, base);
  if (ec != std::errc() || p != t.data() + t.size()) return std::nullopt;
  return v;
}

namespace {

// Region values by code (visa 5_operands.md): 1 -> 0, 2 -> 1, 3 -> 2, 4 -> 4 ... 7 -> 32.
std::optional<unsigned> region_code(std::string_view s) {
  static constexpr std::array<unsigned, 7> kValues{0, 1, 2, 4, 8, 16, 32};
  const auto n = number(s);
  for (unsigned i = 0; n && i < kValues.size(); ++i)
    if (kValues[i] == *n) return i + 1;
  return std::nullopt;
}

// "<h>", "<w,h>" or "<v;w,h>" at t (which starts with '<' and ends with '>').
std::optional<uint16_t> region(std::string_view t) {
  if (t.size() < 3 || t.front() != '<' || t.back() != '>') return std::nullopt;
  t = t.substr(1, t.size() - 2);
  const size_t semi = t.find(';'), comma = t.find(',');
  std::optional<unsigned> vs = 0, wd = 0, hs;
  if (semi != std::string_view::npos) {
    if (comma == std::string_view::npos || comma < semi) return std::nullopt;
    vs = region_code(t.substr(0, semi));
    wd = region_code(t.substr(semi + 1, comma - semi - 1));
    hs = region_code(t.substr(comma + 1));
  } else if (comma != std::string_view::npos) {
    wd = region_code(t.substr(0, comma));
    hs = region_code(t.substr(comma + 1));
  } else {
    hs = region_code(t);
  }
  if (!vs || !wd || !hs) return std::nullopt;
  return static_cast<uint16_t>(*vs | *wd << 4 | *hs << 8);
}

// Exec sizes 1..32 -> codes 0..5.
std::optional<unsigned> size_code(uint64_t n) {
  for (unsigned c = 0; c < 6; ++c)
    if ((1u << c) == n) return c;
  return std::nullopt;
}

}  // namespace

std::optional<uint32_t> var_id(Enc& e, std::string_view name, size_t at, VarClass cls) {
  const Variable* v = e.env.syms.find_name(name);
  if (v == nullptr) {
    e.fail(at, "'" + std::string(name) + "' is not declared");
    return std::nullopt;
  }
  if (v->cls != cls) {
    e.fail(at, "'" + std::string(name) + "' is a " + std::string(var_class_letter(v->cls)) +
                   " variable; a " + std::string(var_class_letter(cls)) +
                   " variable is needed here");
    return std::nullopt;
  }
  return e.env.ids(v->cls, v->id);
}

bool exec_size(Enc& e) {
  e.ws();
  const size_t at = e.p;
  const size_t close = e.s.find(')', at);
  const std::string_view t =
      close == std::string_view::npos ? e.s.substr(at) : e.s.substr(at, close - at + 1);
  const size_t comma = t.find(',');
  if (!t.starts_with("(M") || comma == std::string_view::npos || !t.ends_with(")"))
    return e.fail(at, "expected the exec size (Mn, size) or (Mn_NM, size)");
  std::string_view m = t.substr(2, comma - 2);
  const bool nm = m.ends_with("_NM");
  if (nm) m.remove_suffix(3);
  const auto mask = number(m);
  if (!mask || *mask < 1 || *mask > 8)
    return e.fail(at + 1, "mask 'M" + std::string(m) + "' is not M1..M8");
  size_t ns = comma + 1;
  while (ns < t.size() && t[ns] == ' ') ++ns;
  const std::string_view n = t.substr(ns, t.size() - ns - 1);
  const auto sz = number(n);
  const auto code = sz ? size_code(*sz) : std::nullopt;
  if (!code)
    return e.fail(at + ns, "exec size '" + std::string(n) + "' is not 1, 2, 4, 8, 16 or 32");
  e.w.put(*code | ((*mask - 1) + (nm ? 8u : 0u)) << 4, 1);
  e.p = at + t.size();
  return true;
}

namespace {

// An immediate 0xHEX:type at `t` (column `at`).
bool immediate_operand(Enc& e, std::string_view t, size_t at, unsigned mod) {
  const std::string full(t);
  const size_t colon = t.rfind(':');
  if (colon == std::string_view::npos)
    return e.fail(at, "immediate '" + full + "' needs its type (0xHEX:type)");
  const auto type = type_from_name(t.substr(colon + 1));
  if (!type) return e.fail(at + colon + 1, "unknown type '" + full.substr(colon + 1) + "'");
  const auto bits = number(t.substr(0, colon));
  if (!bits) return e.fail(at, "cannot read the immediate '" + full.substr(0, colon) + "'");
  const bool wide = *type == VisaType::kDF || *type == VisaType::kQ || *type == VisaType::kUQ;
  if (!wide && *bits > 0xffffffffu)
    return e.fail(at, "immediate '" + full.substr(0, colon) + "' does not fit in 32 bits");
  e.w.put(5u | mod << 3, 1);
  e.w.put(static_cast<unsigned>(*type), 1);
  e.w.put(*bits, wide ? 8 : 4);
  return true;
}

// An indirect operand r[A0(1),-2]<v;w,h>:type at `t` (column `at`).
bool indirect_operand(Enc& e, std::string_view t, size_t at, unsigned mod) {
  const std::string full(t);
  const size_t open = t.find('('), close = t.find(')'), comma = t.find(',', close),
               rb = t.find(']'), colon = t.rfind(':');
  if (open == std::string_view::npos || close == std::string_view::npos ||
      comma == std::string_view::npos || rb == std::string_view::npos || rb < comma ||
      colon == std::string_view::npos || colon < rb)
    return e.fail(
        at, "cannot read the indirect operand '" + full + "' (r[An(offset),imm]<region>:type)");
  const auto id = var_id(e, t.substr(2, open - 2), at + 2, VarClass::kAddress);
  if (!id) return false;
  const auto off = number(t.substr(open + 1, close - open - 1));
  int imm = 0;
  const std::string_view is = t.substr(comma + 1, rb - comma - 1);
  auto [q, ec] = std::from_chars(is.data(), is.data() + is.size(), imm);
  const auto reg = region(t.substr(rb + 1, colon - rb - 1));
  const auto type = type_from_name(t.substr(colon + 1));
  if (!off || *off > 255 || ec != std::errc() || q != is.data() + is.size() || imm < -32768 ||
      imm > 32767 || !reg || !type)
    return e.fail(at, "cannot read the indirect operand '" + full + "'");
  e.w.put(3u | mod << 3, 1);
  e.w.put(*id, 2);
  e.w.put(*off, 1);
  e.w.put(static_cast<uint16_t>(imm), 2);
  e.w.put(static_cast<unsigned>(*type), 1);
  e.w.put(*reg, 2);
  return true;
}

// A general operand NAME(row,col)<region> of the variable with id `id`; `open` and `close` are
// its parentheses in `t` (column `at`).
bool general_operand(Enc& e, std::string_view t, size_t at, unsigned mod, uint32_t id, size_t open,
                     size_t close) {
  const size_t comma = t.find(',', open);
  if (comma == std::string_view::npos || comma > close)
    return e.fail(at + open, "a general operand is NAME(row,col)<region>");
  const auto row = number(t.substr(open + 1, comma - open - 1));
  const auto col = number(t.substr(comma + 1, close - comma - 1));
  if (!row || !col || *row > 255 || *col > 255)
    return e.fail(at + open, "row and column are numbers 0..255");
  const auto reg = region(t.substr(close + 1));
  if (!reg)
    return e.fail(at + close + 1, "expected a region <h>, <w,h> or <v;w,h> of 0,1,2,4,8,16,32");
  e.w.put(0u | mod << 3, 1);
  e.w.put(id, e.id_bytes());
  e.w.put(*row, 1);
  e.w.put(*col, 1);
  e.w.put(*reg, 2);
  return true;
}

// &NAME or &NAME[offset] (CISA.y SrcAddrOfOperand, IGC's text of addr_add's src0): a general
// operand at the byte offset, row = offset / GRF, column = the rest / element size, region
// <0;1,0> (VISAKernelImpl CreateVISAAddressOfOperandGeneric).
bool address_of_operand(Enc& e, std::string_view t, size_t at, unsigned mod) {
  const size_t br = t.find('[');
  const std::string_view name = t.substr(1, br == std::string_view::npos ? br : br - 1);
  const Variable* v = e.env.syms.find_name(name);
  if (v == nullptr) return e.fail(at + 1, "'" + std::string(name) + "' is not declared");
  if (v->cls != VarClass::kGeneral)
    return e.fail(at, "texsim writes the address of a general variable only (&NAME[offset])");
  uint64_t off = 0;
  if (br != std::string_view::npos) {
    const auto n = t.back() == ']' ? number(t.substr(br + 1, t.size() - br - 2)) : std::nullopt;
    if (!n) return e.fail(at + br, "an address-of operand is &NAME or &NAME[byte offset]");
    off = *n;
  }
  const unsigned grf = e.env.grf_bytes, esize = type_size(v->type);
  if (off % esize != 0 || off / grf > 255)
    return e.fail(at + br, "the byte offset " + std::to_string(off) + " of &" + std::string(name) +
                               " is not a whole element within 256 GRFs");
  e.w.put(0u | mod << 3, 1);
  e.w.put(e.env.ids(v->cls, v->id), e.id_bytes());
  e.w.put(off / grf, 1);
  e.w.put(off % grf / esize, 1);
  e.w.put(*region("<0;1,0>"), 2);
  return true;
}

}  // namespace

bool vector_operand(Enc& e, bool sat) {
  size_t at = 0;
  std::string_view t = e.word(at);
  if (t.empty()) return e.fail(at, "expected an operand");
  unsigned mod = sat ? 4 : 0;
  for (auto [text, code] :
       {std::pair<std::string_view, unsigned>{"(-abs)", 3}, {"(abs)", 1}, {"(-)", 2}, {"(~)", 5}}) {
    if (t.starts_with(text)) {
      if (sat) return e.fail(at, "a saturated destination takes no source modifier");
      mod = code;
      t.remove_prefix(text.size());
      at += text.size();
      break;
    }
  }
  if (t.starts_with("0x") || t.starts_with("0X")) return immediate_operand(e, t, at, mod);
  if (t.starts_with("r[A")) return indirect_operand(e, t, at, mod);
  if (t.starts_with("&")) return address_of_operand(e, t, at, mod);
  const size_t open = t.find('(');
  const std::string_view name = t.substr(0, t.find_first_of("(<"));
  const Variable* v = e.env.syms.find_name(name);
  if (v == nullptr) return e.fail(at, "'" + std::string(name) + "' is not declared");
  const uint32_t id = e.env.ids(v->cls, v->id);
  if (v->cls == VarClass::kPredicate) {
    if (open != std::string_view::npos)
      return e.fail(at + open, "a predicate operand is its name alone");
    e.w.put(2u | mod << 3, 1);
    e.w.put(id, 2);
    return true;
  }
  if (open == std::string_view::npos || t.find(')', open) == std::string_view::npos)
    return e.fail(at + name.size(), "expected '(' after '" + std::string(name) + "'");
  const size_t close = t.find(')', open);
  if (v->cls == VarClass::kSurface || v->cls == VarClass::kSampler) {  // state T6(0)
    const auto off = number(t.substr(open + 1, close - open - 1));
    if (!off || *off > 255 || close + 1 != t.size())
      return e.fail(at + open, "a state operand is NAME(offset)");
    e.w.put(6u | mod << 3, 1);
    e.w.put(v->cls == VarClass::kSampler ? 1 : 0, 1);
    e.w.put(id, 2);
    e.w.put(*off, 1);
    return true;
  }
  if (v->cls == VarClass::kAddress) {  // A0(offset)<width>
    const auto off = number(t.substr(open + 1, close - open - 1));
    const std::string_view wt = t.substr(close + 1);
    const auto width = wt.size() > 2 && wt.front() == '<' && wt.back() == '>'
                           ? number(wt.substr(1, wt.size() - 2))
                           : std::nullopt;
    const auto code = width ? size_code(*width) : std::nullopt;
    if (!off || *off > 255 || !code)
      return e.fail(at + open, "an address operand is An(offset)<width>");
    e.w.put(1u | mod << 3, 1);
    e.w.put(id, 2);
    e.w.put(*off, 1);
    e.w.put(*code, 1);
    return true;
  }
  return general_operand(e, t, at, mod, id, open, close);
}

bool raw_operand(Enc& e, bool bare) {
  size_t at = 0;
  const std::string_view t = e.word(at);
  if (t.empty()) return e.fail(at, "expected a raw operand NAME.offset");
  const size_t dot = t.rfind('.');
  const bool has_off =
      dot != std::string_view::npos && dot + 1 < t.size() && number(t.substr(dot + 1)).has_value();
  if (!has_off && !bare) return e.fail(at, "a raw operand is NAME.offset");
  const std::string_view name = has_off ? t.substr(0, dot) : t;
  const auto id = var_id(e, name, at, VarClass::kGeneral);
  if (!id) return false;
  const auto off = has_off ? number(t.substr(dot + 1)) : std::optional<uint64_t>(0);
  if (*off > 0xffff) return e.fail(at + dot + 1, "raw offset above 65535");
  e.w.put(*id, e.id_bytes());
  e.w.put(*off, 2);
  return true;
}

namespace {

constexpr std::array<std::string_view, 6> kRelations{"eq", "ne", "gt", "ge", "lt", "le"};

// A number field of `n` bytes.
bool number_field(Enc& e, unsigned n, const char* what) {
  size_t at = 0;
  const std::string_view t = e.word(at);
  const auto v = number(t);
  if (!v) return e.fail(at, std::string("expected ") + what + " (a number)");
  if (n < 8 && *v >> (8 * n) != 0)
    return e.fail(at, std::string(what) + " " + std::string(t) + " does not fit in " +
                          std::to_string(n) + (n == 1 ? " byte" : " bytes"));
  e.w.put(*v, n);
  return true;
}

bool label_field(Enc& e, unsigned n) {
  size_t at = 0;
  const std::string_view t = e.word(at);
  if (t.empty()) return e.fail(at, "expected a label");
  e.w.put(e.env.labels(t), n);
  return true;
}

bool is_label_op(uint8_t opcode) {  // jmp, call, goto: the w operand is a label
  return opcode == 0x32 || opcode == 0x33 || opcode == 0x6c;
}

struct Suffixes {
  bool sat = false;
  int first_b = -1;  // cmp relation, fminmax min/max: the layout's first b
  int last_b = -1;   // bfn's function byte: the layout's last b
};

// A layout field read the same way wherever it appears: the 3D sub-op (O), the FFID (F), a
// variable id (I), a raw operand (R), aoffimmi (A), a vector operand W; false for a token
// texsim has no reader for.
bool single_field(Enc& e, char t) {
  switch (t) {
    case 'O':
      number_field(e, e.env.version >= kWideOpVersion ? 2 : 1, "the 3D sub-op");
      return true;
    case 'F':
      if (e.env.version > Version{3, 5}) number_field(e, 1, "the FFID");
      return true;
    case 'I': {
      size_t at = 0;
      const auto id = var_id(e, e.word(at), at, VarClass::kGeneral);
      if (id) e.w.put(*id, e.id_bytes());
      return true;
    }
    case 'R':
      raw_operand(e);
      return true;
    case 'A':
      if (e.env.version >= kRawId32Version)
        vector_operand(e);
      else
        number_field(e, 2, "the aoffimmi word");
      return true;
    case 'W':
      if (e.env.version >= Version{3, 1}) vector_operand(e);
      return true;
    default:
      return false;
  }
}

// The layout's fields in order (after the opcode and a sub-op byte), reading the text's
// operands; E and P come from the prefix and the word after the mnemonic.
bool by_layout(Enc& e, uint8_t opcode, std::string_view layout, uint16_t pred, int exec_byte,
               const Suffixes& sx) {
  uint64_t count = 0;
  bool first_vec = true;
  const size_t last_b = layout.rfind('b');
  for (size_t i = 0; i < layout.size() && !e.err; ++i) {
    const char t = layout[i];
    switch (t) {
      case 'E':
        e.w.put(static_cast<unsigned>(exec_byte), 1);
        break;
      case 'P':
        e.w.put(pred, 2);
        break;
      case 'b':
        if (sx.first_b >= 0 && i == layout.find('b')) {
          e.w.put(static_cast<unsigned>(sx.first_b), 1);
        } else if (sx.last_b >= 0 && i == last_b) {
          e.w.put(static_cast<unsigned>(sx.last_b), 1);
        } else {
          number_field(e, 1, "a byte operand");
        }
        break;
      case 'w':
        if (is_label_op(opcode))
          label_field(e, 2);
        else
          number_field(e, 2, "a word operand");
        break;
      case 'd':
        number_field(e, 4, "a dword operand");
        break;
      case 'n': {
        size_t at = 0;
        const auto v = number(e.word(at));
        if (!v || *v > 255) return e.fail(at, "expected an operand count 0..255");
        count = *v;
        e.w.put(count, 1);
        break;
      }
      case 'r':
        for (uint64_t k = 0; k < count && !e.err; ++k) raw_operand(e);
        break;
      case 'l':
        for (uint64_t k = 0; k < count && !e.err; ++k) label_field(e, 2);
        break;
      case 'V':
        vector_operand(e, first_vec && sx.sat);
        first_vec = false;
        break;
      default:
        if (!single_field(e, t)) return e.fail(e.p, "has no binary layout texsim knows");
    }
  }
  if (e.err) return false;
  if (!e.at_end()) return e.fail(e.p, "unexpected text after the last operand");
  return true;
}

// The predicate prefix (!P1.any) at e.p, if any, into `pred` (bit 15 negated, bits 14:13 any/all,
// bits 11:0 the id).
std::optional<TextError> read_predicate(Enc& e, uint16_t& pred) {
  const std::string_view line = e.s;
  if (e.p < line.size() && line[e.p] == '(') {  // (!P1.any)
    const size_t at = e.p, close = line.find(')', at);
    if (close == std::string_view::npos) return TextError{uint32_t(at + 1), "unclosed predicate"};
    std::string_view p = line.substr(at + 1, close - at - 1);
    if (p.starts_with("!")) {
      pred |= 0x8000;
      p.remove_prefix(1);
    }
    if (p.ends_with(".any")) pred |= 1u << 13;
    if (p.ends_with(".all")) pred |= 2u << 13;
    const size_t dot = p.find('.');
    if (dot != std::string_view::npos && (pred & 0x6000) == 0)
      return TextError{uint32_t(at + 2 + dot), "predicate control is .any or .all"};
    const auto id = var_id(e, p.substr(0, dot), at + 1 + (pred >> 15), VarClass::kPredicate);
    if (!id) return e.err;
    if (*id > 0xfff) return TextError{uint32_t(at + 2), "predicate id above 4095"};
    pred = static_cast<uint16_t>(pred | *id);
    e.p = close + 1;
  }
  return std::nullopt;
}

// The suffixes `rest` after the mnemonic `base` (at column mn_at): .sat, cmp's relation, bfn's
// .xHH; cmp and bfn need theirs.
std::optional<TextError> read_suffixes(std::string_view rest, std::string_view base, size_t mn_at,
                                       const OpLayout& l, Suffixes& sx) {
  size_t sp = base.size();
  while (!rest.empty()) {
    rest.remove_prefix(1);
    const std::string_view s = rest.substr(0, rest.find('.'));
    const size_t col = mn_at + sp + 1;
    sp += 1 + s.size();
    rest.remove_prefix(s.size());
    if (s == "sat") {
      sx.sat = true;
      continue;
    }
    if (l.opcode == 0x2c) {
      for (size_t i = 0; i < kRelations.size(); ++i)
        if (s == kRelations[i]) sx.first_b = static_cast<int>(i) | (base == "cmpn" ? 0x80 : 0);
      if (sx.first_b >= 0) continue;
    }
    if (l.opcode == 0x85 && s.size() > 1 && s[0] == 'x') {
      const auto f = number("0x" + std::string(s.substr(1)));
      if (f && *f <= 0xff) {
        sx.last_b = static_cast<int>(*f);
        continue;
      }
    }
    return TextError{uint32_t(col + 1),
                     "unknown suffix '." + std::string(s) + "' of " + std::string(base)};
  }
  if (l.opcode == 0x2c && sx.first_b < 0)
    return TextError{uint32_t(mn_at + 1), "cmp needs a relation (.eq .ne .gt .ge .lt .le)"};
  if (l.opcode == 0x85 && sx.last_b < 0)
    return TextError{uint32_t(mn_at + 1), "bfn needs its function (.xHH)"};
  return std::nullopt;
}

}  // namespace
}  // namespace text

bool has_text_form(std::string_view mnemonic) {
  if (mnemonic == "min" || mnemonic == "max" || mnemonic == "cmpn" ||
      mnemonic.starts_with("fence_"))
    return true;
  // IGC's names of svm sub-ops 6 and 7 (the layout table's svm_gather4_scaled, ...).
  if (mnemonic == "svm_gather4scaled" || mnemonic == "svm_scatter4scaled") return true;
  const OpLayout* l = find_layout(mnemonic);
  return l != nullptr && l->layout != "?" && l->mnemonic != "label" && l->mnemonic != "func";
}

std::optional<TextError> encode_text_instruction(std::string_view line, const TextEnv& env,
                                                 std::vector<uint8_t>& out) {
  using namespace text;
  Enc e{env, line};
  uint16_t pred = 0;
  e.ws();
  const size_t pred_at = e.p;
  e.pred_at = pred_at;
  if (auto err = read_predicate(e, pred)) return err;
  size_t mn_at = 0;
  const std::string_view mn = e.word(mn_at);
  if (mn.empty()) return TextError{uint32_t(mn_at + 1), "expected an instruction"};
  bool handled = false;
  if (encode_message(e, mn, mn_at, pred, handled) || handled) {
    if (e.err) return e.err;
    out.insert(out.end(), e.w.bytes().begin(), e.w.bytes().end());
    return std::nullopt;
  }
  // mnemonic[.suffix...]: the whole word when the table has it (add3.o), else the part before
  // the first dot with .sat, cmp's relation or bfn's .xHH.
  std::string_view base = mn;
  std::string_view rest;
  const OpLayout* l = find_layout(mn);
  if (l == nullptr) {
    base = mn.substr(0, mn.find('.'));
    rest = mn.substr(base.size());
  }
  Suffixes sx;
  if (base == "min" || base == "max") {
    sx.first_b = base == "min" ? 0 : 1;
    l = find_layout("fminmax");
  } else if (base == "cmp" || base == "cmpn") {
    l = find_layout("cmp");
  } else if (l == nullptr) {
    l = find_layout(base);
  }
  if (l == nullptr || l->layout == "?" || base == "label" || base == "func")
    return TextError{uint32_t(mn_at + 1),
                     "'" + std::string(base) +
                         "' has no binary layout texsim knows (it cannot be written to a .isa)"};
  if (auto err = read_suffixes(rest, base, mn_at, *l, sx)) return err;
  std::string_view layout = l->layout;
  e.w.put(l->opcode, 1);
  if (const auto sub = sub_op_of(l->mnemonic)) {  // svm_gather, lsc_load, ...: sub-op implied
    e.w.put(*sub, 1);
  } else if (layout == "s") {  // svm / lsc_untyped / lsc_typed SUB ...: the sub-op is written
    size_t at = 0;
    const auto op = number(e.word(at));
    const OpLayout* sl = op && *op < 256 ? find_sub_layout(l->opcode, uint8_t(*op)) : nullptr;
    if (sl == nullptr || sl->layout == "?")
      return TextError{uint32_t(at + 1),
                       "expected a sub-op with a known layout after " + std::string(l->mnemonic)};
    e.w.put(*op, 1);
    layout = sl->layout;
  }
  if (pred != 0 && layout.find('P') == std::string_view::npos)
    return TextError{uint32_t(pred_at + 1), "'" + std::string(base) + "' takes no predicate"};
  int exec_byte = -1;
  if (layout.find('E') != std::string_view::npos) {
    const size_t before = e.w.size();
    if (!exec_size(e)) return e.err;
    exec_byte = e.w.bytes()[before];
    e.w.bytes().pop_back();
  }
  if (!by_layout(e, l->opcode, layout, pred, exec_byte, sx)) return e.err;
  out.insert(out.end(), e.w.bytes().begin(), e.w.bytes().end());
  return std::nullopt;
}

}  // namespace texsim::isa::visa
