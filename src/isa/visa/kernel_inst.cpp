// Parser of IGC's text for generic vISA instructions (kernel_inst.hpp): the operand syntax of
// visa 8_appendix_visa_assembly_syntax.md as IGC's dumps write it. Depends on symbols and types.
#include "isa/visa/kernel_inst.hpp"

#include <array>
#include <cctype>
#include <charconv>

namespace texsim::isa::visa {
namespace {

// clang-format off
constexpr std::array<std::string_view, 71> kGeneric{
    "mov", "add", "mul", "mulh", "mad", "add3", "and", "or", "xor", "not", "shl", "shr", "asr", "min",
    "max", "rndd", "rnde", "rndz", "rndu", "frc", "avg", "bfn", "cmp", "sel", "addc", "movs",
    "goto", "jmp", "ret", "fence_global", "fence_local", "fence_sw", "lsc_fence",
    "scatter4_scaled", "scatter_scaled", "scatter4_typed", "svm_block_ld", "svm_block_st",
    "svm_gather", "svm_scatter", "svm_gather4scaled", "svm_scatter4scaled", "oword_ld",
    "oword_ld_unaligned", "oword_st", "madw", "media_st", "lsc_load", "lsc_store", "barrier",
    "dword_atomic",
    "svm_atomic", "setp", "cbit", "lsc_atomic_iinc", "lsc_atomic_idec", "lsc_atomic_load",
    "lsc_atomic_store", "lsc_atomic_iadd", "lsc_atomic_isub", "lsc_atomic_smin",
    "lsc_atomic_smax", "lsc_atomic_umin", "lsc_atomic_umax", "lsc_atomic_and", "lsc_atomic_or",
    "lsc_atomic_xor", "lsc_atomic_fmin", "lsc_atomic_fmax", "lsc_atomic_icas", "addr_add",
};
// clang-format on

bool parse_uint(std::string_view s, uint32_t& out) {
  if (s.empty()) return false;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  return r.ec == std::errc{} && r.ptr == s.data() + s.size();
}

// "0x3f400000:f" (or a decimal, optionally negative, before the type).
bool parse_imm(std::string_view t, KOperand& o) {
  const size_t colon = t.rfind(':');
  if (colon == std::string_view::npos) return false;
  const auto ty = type_from_name(t.substr(colon + 1));
  if (!ty) return false;
  std::string_view v = t.substr(0, colon);
  bool neg = false;
  if (!v.empty() && v[0] == '-') neg = true, v.remove_prefix(1);
  uint64_t bits = 0;
  int base = 10;
  if (v.size() > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) v.remove_prefix(2), base = 16;
  const auto r = std::from_chars(v.data(), v.data() + v.size(), bits, base);
  if (r.ec != std::errc{} || r.ptr != v.data() + v.size()) return false;
  o.kind = KOpKind::kImm;
  o.type = *ty;
  o.imm = neg ? ~bits + 1 : bits;
  return true;
}

// "<1>" or "<v;w,h>".
bool parse_region(std::string_view r, KOperand& o) {
  if (r.size() < 3 || r.front() != '<' || r.back() != '>') return false;
  r = r.substr(1, r.size() - 2);
  o.region = true;
  const size_t semi = r.find(';');
  if (semi == std::string_view::npos) return parse_uint(r, o.hs);
  const size_t comma = r.find(',', semi);
  if (comma == std::string_view::npos) return false;
  return parse_uint(r.substr(0, semi), o.vs) &&
         parse_uint(r.substr(semi + 1, comma - semi - 1), o.w) &&
         parse_uint(r.substr(comma + 1), o.hs);
}

// "<w,h>": an indirect operand's multi-address (VxH) region (IsaDisassembly.cpp printRegion).
bool parse_vxh_region(std::string_view r, KOperand& o) {
  if (r.size() < 5 || r.front() != '<' || r.back() != '>' || r.find(';') != std::string_view::npos)
    return false;
  r = r.substr(1, r.size() - 2);
  const size_t comma = r.find(',');
  if (comma == std::string_view::npos || !parse_uint(r.substr(0, comma), o.w) ||
      !parse_uint(r.substr(comma + 1), o.hs) || o.w == 0)
    return false;
  o.vxh = o.region = true;
  return true;
}

// "r[A0(2),-4]<region>:type" (IsaDisassembly.cpp OPERAND_INDIRECT).
bool parse_indirect(std::string_view t, const SymbolTable& syms, KOperand& o, std::string& err) {
  const size_t open = t.find('('), close = t.find(')'), comma = t.find(',', close),
               rb = t.find(']', close), colon = t.rfind(':');
  int32_t off = 0;
  if (open == std::string_view::npos || close == std::string_view::npos || close < open ||
      comma == std::string_view::npos || rb == std::string_view::npos ||
      colon == std::string_view::npos || colon < rb)
    return err = "bad indirect operand '" + std::string(t) + "'", false;
  o.var = syms.find_name(t.substr(2, open - 2));
  const std::string_view offs = t.substr(comma + 1, rb - comma - 1);
  const auto r = std::from_chars(offs.data(), offs.data() + offs.size(), off);
  const auto ty = type_from_name(t.substr(colon + 1));
  const std::string_view region = t.substr(rb + 1, colon - rb - 1);
  if (o.var == nullptr || o.var->cls != VarClass::kAddress ||
      !parse_uint(t.substr(open + 1, close - open - 1), o.col) || r.ec != std::errc{} ||
      r.ptr != offs.data() + offs.size() || !ty ||
      !(parse_vxh_region(region, o) || parse_region(region, o)))
    return err = "bad indirect operand '" + std::string(t) + "'", false;
  o.kind = KOpKind::kIndirect;
  o.imm = static_cast<uint64_t>(int64_t{off});
  o.type = *ty;
  return true;
}

// "&V" / "&V[8]": the byte address of V (plus a byte offset) (IsaDisassembly.cpp, ADDR_ADD).
bool parse_address_of(std::string_view t, const SymbolTable& syms, KOperand& o, std::string& err) {
  t.remove_prefix(1);
  const size_t lb = t.find('[');
  uint32_t off = 0;
  if (lb != std::string_view::npos &&
      (!t.ends_with("]") || !parse_uint(t.substr(lb + 1, t.size() - lb - 2), off)))
    return err = "bad address-of operand '&" + std::string(t) + "'", false;
  o.var = syms.find_name(t.substr(0, lb));
  if (o.var == nullptr || o.var->cls != VarClass::kGeneral)
    return err = "address-of needs a general variable: '&" + std::string(t) + "'", false;
  o.kind = KOpKind::kAddrOf;
  o.imm = off;
  return true;
}

bool parse_operand(std::string_view t, const SymbolTable& syms, KOperand& o, std::string& err) {
  if (t.starts_with("&")) return parse_address_of(t, syms, o, err);
  if (t.starts_with("(-abs)")) o.neg = o.abs = true, t.remove_prefix(6);
  if (t.starts_with("(abs)")) o.abs = true, t.remove_prefix(5);
  if (t.starts_with("(-)")) o.neg = true, t.remove_prefix(3);
  if (t.starts_with("(~)")) o.lnot = true, t.remove_prefix(3);
  if (t.starts_with("r[")) return parse_indirect(t, syms, o, err);
  if (!t.empty() && (std::isdigit(static_cast<unsigned char>(t[0])) || t[0] == '-'))
    return parse_imm(t, o) || (err = "bad immediate '" + std::string(t) + "'", false);
  size_t n = 0;
  while (n < t.size() &&
         (std::isalnum(static_cast<unsigned char>(t[n])) || t[n] == '_' || t[n] == '%'))
    ++n;
  const std::string_view name = t.substr(0, n);
  std::string_view rest = t.substr(n);
  const Variable* v = syms.find_name(name);
  if (v == nullptr) {
    if (!rest.empty() || name.empty())
      return err = "unknown operand '" + std::string(t) + "'", false;
    o.kind = KOpKind::kLabel;
    o.label = std::string(name);
    return true;
  }
  o.var = v;
  o.type = v->type;
  if (name == "%null") {
    o.kind = KOpKind::kNull;
    return true;
  }
  if (v->cls == VarClass::kPredicate) {
    o.kind = KOpKind::kPred;
    return rest.empty() || (err = "bad predicate operand '" + std::string(t) + "'", false);
  }
  if (v->cls == VarClass::kSurface || v->cls == VarClass::kSampler) {
    o.kind = KOpKind::kState;
    if (rest.empty()) return true;
    return (rest.size() > 2 && rest.front() == '(' && rest.back() == ')' &&
            parse_uint(rest.substr(1, rest.size() - 2), o.col)) ||
           (err = "bad state operand '" + std::string(t) + "'", false);
  }
  if (v->cls == VarClass::kAddress) {  // "A0(2)<1>"
    const size_t close = rest.find(')');
    o.kind = KOpKind::kAddr;
    if (rest.empty() || rest[0] != '(' || close == std::string_view::npos ||
        !parse_uint(rest.substr(1, close - 1), o.col) ||
        !(close + 1 == rest.size() || parse_region(rest.substr(close + 1), o)))
      return err = "bad address operand '" + std::string(t) + "'", false;
    return true;
  }
  if (v->cls != VarClass::kGeneral) return err = "bad operand '" + std::string(t) + "'", false;
  if (!rest.empty() && rest[0] == '.') {
    o.kind = KOpKind::kRaw;
    return parse_uint(rest.substr(1), o.col) ||
           (err = "bad raw operand '" + std::string(t) + "'", false);
  }
  o.kind = KOpKind::kVar;
  const size_t close = rest.find(')');
  const size_t comma = rest.find(',');
  if (rest.empty() || rest[0] != '(' || close == std::string_view::npos || comma > close ||
      !parse_uint(rest.substr(1, comma - 1), o.row) ||
      !parse_uint(rest.substr(comma + 1, close - comma - 1), o.col))
    return err = "bad general operand '" + std::string(t) + "'", false;
  rest.remove_prefix(close + 1);
  return rest.empty() || parse_region(rest, o) ||
         (err = "bad region in '" + std::string(t) + "'", false);
}

// "0x100" / "16": an LSC address's scale or immediate offset.
bool parse_lsc_number(std::string_view s, uint64_t& out) {
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2), base = 16;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out, base);
  return !s.empty() && r.ec == std::errc{} && r.ptr == s.data() + s.size();
}

// The inside of "flat[...]": [AddrScale*]Src0Addrs[(+|-)AddrImmOffset] (LSC_UNTYPED.md, Text).
bool parse_lsc_address(std::string_view in, KOperand& o, std::string_view& name) {
  if (const size_t star = in.find('*'); star != std::string_view::npos) {
    uint64_t sc = 0;
    if (!parse_lsc_number(in.substr(0, star), sc) || sc == 0 || sc > 0xffff) return false;
    o.addr_scale = static_cast<uint32_t>(sc);
    in.remove_prefix(star + 1);
  }
  const size_t sign = in.find_first_of("+-");
  name = in.substr(0, sign);
  if (sign == std::string_view::npos) return true;
  uint64_t off = 0;
  if (!parse_lsc_number(in.substr(sign + 1), off) || off > 0x7fffffff) return false;
  o.addr_offset = in[sign] == '-' ? -static_cast<int64_t>(off) : static_cast<int64_t>(off);
  return true;
}

// "d32x64t" after "d": DataSize, DataElemsPerAddr (1 2 3 4 8 16 32 64), 't' transposed, or
// "d16c32" (each element in a dword of the register).
bool parse_lsc_data(std::string_view suffix, KOperand& o) {
  size_t n = 0;
  while (n < suffix.size() && std::isdigit(static_cast<unsigned char>(suffix[n]))) ++n;
  if (!parse_uint(suffix.substr(0, n), o.data_bits) ||
      (o.data_bits != 8 && o.data_bits != 16 && o.data_bits != 32 && o.data_bits != 64))
    return false;
  suffix.remove_prefix(n);
  if (suffix.ends_with("t")) o.transpose = true, suffix.remove_suffix(1);
  if (suffix == "c32") {
    o.c32 = true;
  } else if (suffix.starts_with("x")) {
    if (!parse_uint(suffix.substr(1), o.vec) ||
        (o.vec > 4 && o.vec != 8 && o.vec != 16 && o.vec != 32 && o.vec != 64) || o.vec == 0)
      return false;
  } else if (!suffix.empty()) {
    return false;
  }
  return (o.data_bits < 32) == o.c32 && !(o.c32 && o.transpose);
}

// LSC operands: "flat[V]:a64" / "flat[0x4*V+0x10]:a32" / "ss(S)[V]:a32" and "V:d32", "V.512:d32x4",
// "V:d32x64t", "V:d16c32", "%null:d32".
bool parse_lsc_operand(std::string_view t, const SymbolTable& syms, KOperand& o, std::string& err) {
  const size_t colon = t.rfind(':');
  if (colon == std::string_view::npos)
    return err = "bad LSC operand '" + std::string(t) + "'", false;
  std::string_view suffix = t.substr(colon + 1);
  std::string_view name = t.substr(0, colon);
  const size_t ss_end = name.starts_with("ss(") ? name.find(")[") : std::string_view::npos;
  const bool flat = name.starts_with("flat[");
  if ((flat || ss_end != std::string_view::npos) && name.ends_with("]")) {
    o.kind = KOpKind::kLscAddr;
    if (!flat) {  // "ss(V)[...]": V names the surface state (decision KP2)
      o.ss = syms.find_name(name.substr(3, ss_end - 3));
      if (o.ss == nullptr || o.ss->cls != VarClass::kGeneral)
        return err = "unknown surface-state operand in '" + std::string(t) + "'", false;
    }
    const size_t open = flat ? 5 : ss_end + 2;
    if (!parse_lsc_address(name.substr(open, name.size() - open - 1), o, name))
      return err = "bad LSC address in '" + std::string(t) + "'", false;
    if (suffix == "a64") o.addr_bits = 64;
    if (suffix == "a32") o.addr_bits = 32;
    if (o.addr_bits == 0)
      return err = "LSC address size '" + std::string(suffix) + "' is not modelled", false;
  } else if (suffix.starts_with("d")) {
    o.kind = KOpKind::kLscData;
    if (!parse_lsc_data(suffix.substr(1), o))
      return err = "LSC data form '" + std::string(t) + "' is not modelled", false;
    if (const size_t dot = name.find('.'); dot != std::string_view::npos) {
      if (!parse_uint(name.substr(dot + 1), o.col))
        return err = "bad LSC data offset in '" + std::string(t) + "'", false;
      name = name.substr(0, dot);
    }
  } else {
    return err = "LSC operand '" + std::string(t) +
                 "' is not modelled (flat and ss(..) addresses only)",
           false;
  }
  o.var = syms.find_name(name);
  if (o.var == nullptr || o.var->cls != VarClass::kGeneral)
    return err = "unknown LSC operand '" + std::string(t) + "'", false;
  return true;
}

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// "(M5_NM, 16)" with its inner text given ("M5_NM, 16").
bool parse_exec(std::string_view e, KInst& k) {
  const size_t comma = e.find(',');
  if (comma == std::string_view::npos || e.size() < 2 || e[0] != 'M') return false;
  std::string_view mask = e.substr(1, comma - 1);
  if (mask.ends_with("_NM")) k.nomask = true, mask.remove_suffix(3);
  uint32_t m = 0, n = 0;
  std::string_view size = e.substr(comma + 1);
  while (!size.empty() && size[0] == ' ') size.remove_prefix(1);
  if (!parse_uint(mask, m) || m < 1 || m > 8 || !parse_uint(size, n) || n < 1 || n > 32)
    return false;
  k.mask_offset = 4 * (m - 1);
  k.exec_size = n;
  return true;
}

// SVM_BLOCK_LD / _ST and OWORD_* "(N)": N owords; MEDIA_ST "(W,H)": a block of W bytes by H
// rows; neither has an execution mask (SVM_BLOCK_LD.md, MEDIA_ST.md).
bool sized_message(std::string_view text, size_t open, size_t close, KInst& k) {
  const bool block = text.starts_with("svm_block_ld") || text.starts_with("svm_block_st") ||
                     text.starts_with("oword_");
  const bool media = text.starts_with("media_st");
  if ((!block && !media) || open == std::string_view::npos || close == std::string_view::npos)
    return false;
  const std::string_view inner = text.substr(open + 1, close - open - 1);
  const size_t wh = inner.find(',');
  if (block)
    return parse_uint(inner, k.owords) &&
           (k.owords == 1 || k.owords == 2 || k.owords == 4 || k.owords == 8);
  return wh != std::string_view::npos && parse_uint(inner.substr(0, wh), k.block_w) &&
         parse_uint(inner.substr(wh + 1), k.block_h) && k.block_w >= 1 && k.block_w <= 64 &&
         k.block_h >= 1 && k.block_h <= 64;
}

}  // namespace

bool kernel_mnemonic_modelled(std::string_view m) {
  for (const std::string_view g : kGeneric) {
    if (g == m) return true;
  }
  return false;
}

std::optional<KInst> parse_kinst(std::string_view text, const SymbolTable& syms,
                                 std::string& error) {
  if (const size_t c = text.find("//"); c != std::string_view::npos) text = text.substr(0, c);
  KInst k;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text[0]))) text.remove_prefix(1);
  if (text.starts_with("(")) {
    const size_t close = text.find(')');
    std::string_view p = text.substr(1, close == std::string_view::npos ? 0 : close - 1);
    if (!p.empty() && p[0] == '!') k.pred_not = true, p.remove_prefix(1);
    k.pred = syms.find_name(p);
    if (k.pred == nullptr || k.pred->cls != VarClass::kPredicate) {
      error = "predicate '" + std::string(p) + "' is not modelled (a P variable, optionally !)";
      return std::nullopt;
    }
    text.remove_prefix(close + 1);
  }
  if (text.starts_with("fence_") || text.starts_with("lsc_fence") ||
      text.starts_with("barrier")) {  // no exec size
    const auto words = split(text);
    k.op = std::string(words[0].substr(0, words[0].find('.')));
    if (const size_t d = words[0].find('.'); d != std::string_view::npos)
      k.modifier = std::string(words[0].substr(d + 1));
    return k;
  }
  const size_t open = text.find('(');
  const size_t close = text.find(')', open == std::string_view::npos ? 0 : open);
  if (sized_message(text, open, close, k)) {
    k.nomask = true;
  } else if (open == std::string_view::npos || close == std::string_view::npos ||
             !parse_exec(text.substr(open + 1, close - open - 1), k)) {
    error = "no execution size (Mn, N) in '" + std::string(text) + "'";
    return std::nullopt;
  }
  std::string_view mn =
      split(text.substr(0, open)).empty() ? std::string_view{} : split(text.substr(0, open))[0];
  if (mn.ends_with(".sat")) k.sat = true, mn.remove_suffix(4);
  const size_t dot = mn.find('.');
  k.op = std::string(mn.substr(0, dot));
  if (dot != std::string_view::npos) k.modifier = std::string(mn.substr(dot + 1));
  const bool lsc = k.op == "lsc_load" || k.op == "lsc_store";
  const bool lsc_atomic = k.op.starts_with("lsc_atomic_");
  const bool media = k.op == "media_st";
  for (std::string_view t : split(text.substr(close + 1))) {
    KOperand o;
    if (media && k.ops.size() == 1) {  // Plane: a bare number
      o.kind = KOpKind::kImm;
      uint32_t plane = 0;
      if (!parse_uint(t, plane)) {
        error = "bad media_st plane '" + std::string(t) + "'";
        return std::nullopt;
      }
      o.imm = plane;
    } else if (lsc_atomic && t.find(':') == std::string_view::npos) {  // Src1Data / Src2Data: a
      o.var = syms.find_name(t);                                       // whole variable or %null
      o.kind = t == "%null" ? KOpKind::kNull : KOpKind::kRaw;
      if (o.var == nullptr || (o.kind == KOpKind::kRaw && o.var->cls != VarClass::kGeneral)) {
        error = "unknown LSC operand '" + std::string(t) + "'";
        return std::nullopt;
      }
    } else if (!(lsc || lsc_atomic ? parse_lsc_operand(t, syms, o, error)
                                   : parse_operand(t, syms, o, error))) {
      return std::nullopt;
    }
    k.ops.push_back(std::move(o));
  }
  return k;
}

}  // namespace texsim::isa::visa
