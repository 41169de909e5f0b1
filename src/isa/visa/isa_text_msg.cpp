// Message forms of the generic vISA text encoder (isa_text_internal.hpp): fences, LSC untyped
// load/store and fence, scaled gathers/scatters, as IGC's printer writes them
// (visa/IsaDisassembly.cpp; LSC: research §1.4). Lines in these forms always carry a dotted
// suffix (.ugm, .RGBA, .1, fence_sw); without it the mnemonic takes the layout-driven form.
#include <array>

#include "isa/visa/isa_text_internal.hpp"

namespace texsim::isa::visa::text {
namespace {

constexpr std::array<std::string_view, 4> kSfid{"ugm", "ugml", "tgm", "slm"};
constexpr std::array<std::string_view, 7> kCache{"df", "uc", "ca", "wb", "wt", "st", "ri"};
constexpr std::array<std::string_view, 7> kFenceOps{"none",  "evict",   "invalidate", "discard",
                                                    "clean", "flushl3", "type6"};
constexpr std::array<std::string_view, 7> kScopes{"group", "local",  "tile",  "gpu",
                                                  "gpus",  "sysrel", "sysacq"};
constexpr std::array<std::string_view, 6> kAddrTypes{"", "flat", "bss", "ss", "bti", "arg"};
constexpr std::array<std::string_view, 4> kAddrSizes{"", "a16", "a32", "a64"};
constexpr std::array<std::string_view, 8> kDataSizes{"",    "d8",    "d16",    "d32",
                                                     "d64", "d8c32", "d16c32", "d16c32h"};
constexpr std::array<unsigned, 9> kElems{0, 1, 2, 3, 4, 8, 16, 32, 64};

constexpr std::array<std::string_view, 19> kAtomics{
    "iinc", "idec", "load", "store", "iadd", "isub", "smin", "smax", "umin", "umax",
    "icas", "fadd", "fsub", "fmin",  "fmax", "fcas", "and",  "or",   "xor"};

// CISAAtomicOpNames (IGC 1.0.12504 visa/Common_ISA.cpp): the dword_atomic / svm_atomic ops.
constexpr std::array<std::string_view, 21> kAtomicOps{
    "add",     "sub",     "inc", "dec", "min", "max",  "xchg", "cmpxchg", "and",  "or",  "xor",
    "minsint", "maxsint", "",    "",    "",    "fmax", "fmin", "fcmpwr",  "fadd", "fsub"};

// "RGBA", "R", "GA": the enabled channels, in order, once each; nullopt otherwise.
std::optional<unsigned> channel_mask(std::string_view sfx) {
  unsigned mask = 0;
  size_t last = 0;
  for (char c : sfx) {
    const size_t i = std::string_view("RGBA").find(c);
    if (i == std::string_view::npos || (mask >> i & 1) != 0 || (mask != 0 && i < last))
      return std::nullopt;
    mask |= 1u << i;
    last = i;
  }
  return mask == 0 ? std::nullopt : std::optional<unsigned>(mask);
}

// The surface operand of a dataport message: a surface variable by name (T6, T252, ...).
bool surface_byte(Enc& e) {
  size_t sat = 0;
  const auto surf = var_id(e, e.word(sat), sat, VarClass::kSurface);
  if (!surf) return false;
  e.w.put(*surf, 1);
  return true;
}

// "(M1, 16)" into `exec` (the UB IGC writes), without leaving it in the output.
bool exec_byte(Enc& e, unsigned& exec) {
  const size_t ex = e.w.size();
  if (!exec_size(e)) return false;
  exec = e.w.bytes()[ex];
  e.w.bytes().pop_back();
  return true;
}

bool raw_operands(Enc& e, unsigned n) {
  for (unsigned k = 0; k < n; ++k)
    if (!raw_operand(e)) return false;
  return e.at_end() || e.fail(e.p, "unexpected text after the last operand");
}

template <size_t N>
std::optional<unsigned> index_of(const std::array<std::string_view, N>& a, std::string_view s) {
  for (size_t i = 0; i < N; ++i)
    if (!a[i].empty() && a[i] == s) return static_cast<unsigned>(i);
  return std::nullopt;
}

// Splits "a.b.c" into its parts.
std::vector<std::string_view> parts(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (true) {
    const size_t d = s.find('.', i);
    out.push_back(s.substr(i, d == std::string_view::npos ? std::string_view::npos : d - i));
    if (d == std::string_view::npos) break;
    i = d + 1;
  }
  return out;
}

bool fence(Enc& e, std::string_view mn, size_t at) {
  unsigned m = 0;
  if (mn == "fence_sw") {
    m = 0x80;
  } else {
    const auto ps = parts(mn);
    if (ps[0] == "fence_local") m = 0x20;
    if (ps[0] != "fence_local" && ps[0] != "fence_global")
      return e.fail(
          at, "unknown fence '" + std::string(ps[0]) + "' (fence_global, fence_local, fence_sw)");
    if (ps.size() > 2) return e.fail(at, "a fence takes one suffix of flags (.EISCRL1)");
    std::string_view f = ps.size() == 2 ? ps[1] : std::string_view{};
    if (ps.size() == 1 && m == 0x20)
      return e.fail(at, "fence_local is written with a dot (fence_local.FLAGS)");
    size_t col = at + ps[0].size() + 1;
    while (!f.empty()) {
      static constexpr std::array<std::pair<std::string_view, unsigned>, 6> kBits{
          {{"E", 1}, {"I", 2}, {"S", 4}, {"C", 8}, {"R", 16}, {"L1", 64}}};
      bool ok = false;
      for (auto [name, bit] : kBits) {
        if (!f.starts_with(name) || (m & bit) != 0) continue;
        m |= bit;
        f.remove_prefix(name.size());
        col += name.size();
        ok = true;
        break;
      }
      if (!ok) return e.fail(col, "unknown or repeated fence flag '" + std::string(f) + "'");
    }
    if (ps.size() == 2 && m == 0) return e.fail(at, "fence_global. needs a flag");
  }
  e.w.put(0x5c, 1);
  e.w.put(m, 1);
  return e.at_end() || e.fail(e.p, "a fence takes no operands");
}

bool lsc_fence(Enc& e, std::string_view mn, size_t at, uint16_t pred) {
  const auto ps = parts(mn);
  if (ps.size() != 4) return e.fail(at, "lsc_fence is lsc_fence.SFID.OP.SCOPE");
  const auto sf = index_of(kSfid, ps[1]);
  const auto op = index_of(kFenceOps, ps[2]);
  const auto sc = index_of(kScopes, ps[3]);
  if (!sf) return e.fail(at + 10, "unknown LSC SFID '" + std::string(ps[1]) + "'");
  if (!op) return e.fail(at + 11 + ps[1].size(), "unknown fence op '" + std::string(ps[2]) + "'");
  if (!sc)
    return e.fail(at + 12 + ps[1].size() + ps[2].size(),
                  "unknown scope '" + std::string(ps[3]) + "'");
  // IGC builds every LSC fence as (M1_NM, 1) without predicate (VISAKernelImpl.cpp).
  if (pred != 0) return e.fail(e.pred_at, "lsc_fence takes no predicate");
  e.w.put(0x8b, 1);
  e.w.put(0x80, 1);  // exec (M1_NM, 1)
  e.w.put(0, 2);
  e.w.put(*sf, 1);
  e.w.put(*op, 1);
  e.w.put(*sc, 1);
  return e.at_end() || e.fail(e.p, "lsc_fence takes no operands");
}

// NAME[.off]:dNN[xN][t] or NAME[.off]:dNN.xyzw (quad); fills the data-shape bytes.
bool lsc_data(Enc& e, bool quad, unsigned& dsize, unsigned& order, unsigned& elems,
              unsigned& chmask, core::BytesWriter& raw) {
  size_t at = 0;
  const std::string_view t = e.word(at);
  const size_t colon = t.find(':');
  if (colon == std::string_view::npos) return e.fail(at, "LSC data is NAME:dNN[xN][t]");
  Enc sub{e.env, t.substr(0, colon)};
  if (!raw_operand(sub, true)) return e.fail(at + sub.err->column - 1, sub.err->message);
  raw.put_bytes(sub.w.bytes());
  std::string_view d = t.substr(colon + 1);
  const size_t sep = d.find_first_of(quad ? "." : "xt");
  const auto ds = index_of(kDataSizes, d.substr(0, sep));
  if (!ds)
    return e.fail(at + colon + 1, "unknown LSC data size '" + std::string(d.substr(0, sep)) + "'");
  dsize = *ds;
  order = 1;
  elems = 1;
  chmask = 1;
  d = sep == std::string_view::npos ? std::string_view{} : d.substr(sep);
  if (quad) {
    chmask = 0;
    if (!d.starts_with(".") || d.size() < 2)
      return e.fail(at + colon, "a quad message names its channels (.xyzw)");
    for (char c : d.substr(1)) {
      const size_t i = std::string_view("xyzw").find(c);
      if (i == std::string_view::npos || (chmask >> i) != 0)  // in order, once each
        return e.fail(at + colon, "quad channels are x, y, z, w in order");
      chmask |= 1u << i;
    }
    return true;
  }
  if (d.starts_with("x")) {
    const size_t end = d.find('t');
    const auto n = number(d.substr(1, end == std::string_view::npos ? end : end - 1));
    elems = 99;
    for (unsigned i = 0; n && i < kElems.size(); ++i)
      if (kElems[i] == *n && i != 1) elems = i;
    if (elems == 99)
      return e.fail(at + colon, "vector size is x0, x2, x3, x4, x8, x16, x32 or x64");
    d = end == std::string_view::npos ? std::string_view{} : d.substr(end);
  }
  if (d == "t") {
    order = 2;
  } else if (!d.empty()) {
    return e.fail(at + colon, "unexpected '" + std::string(d) + "' after the LSC data size");
  }
  return true;
}

// TYPE[(SURFACE)][[SCALE*]NAME[.off][+-OFF]]:aNN
bool lsc_addr(Enc& e, unsigned& atype, unsigned& scale, uint32_t& offset, unsigned& asize,
              core::BytesWriter& surface, core::BytesWriter& raw) {
  size_t at = 0;
  const std::string_view t = e.word(at);
  const size_t lb = t.find('['), rb = t.rfind(']');
  if (lb == std::string_view::npos || rb == std::string_view::npos || rb < lb ||
      t.size() < rb + 2 || t[rb + 1] != ':')
    return e.fail(at, "an LSC address is TYPE[ADDR]:aNN (flat[V1]:a64, bti(0x6:ud)[V1]:a32)");
  std::string_view ty = t.substr(0, lb);
  const size_t paren = ty.find('(');
  const auto a = index_of(kAddrTypes, ty.substr(0, paren));
  if (!a) return e.fail(at, "unknown address type '" + std::string(ty.substr(0, paren)) + "'");
  atype = *a;
  if (paren != std::string_view::npos) {
    if (!ty.ends_with(")")) return e.fail(at + paren, "expected ')' after the surface");
    // IGC's LSC surface (LscInstFormatter::formatVectorOperand): an immediate in hex without
    // its type (UD), or NAME / NAME(row,col) of a general operand with region <0;1,0>.
    std::string_view sv = ty.substr(paren + 1, ty.size() - paren - 2);
    const size_t sat = at + paren + 1;
    if (sv.starts_with("0x") || sv.starts_with("0X")) {
      const auto n = number(sv);
      if (!n || *n > 0xffffffffu) return e.fail(sat, "the surface is 0xHEX or a variable");
      surface.put(5, 1);
      surface.put(0, 1);
      surface.put(*n, 4);
    } else {
      const size_t open = sv.find('(');
      const auto id = var_id(e, sv.substr(0, open), sat, VarClass::kGeneral);
      if (!id) return false;
      std::optional<uint64_t> row = 0, col = 0;
      if (open != std::string_view::npos) {
        const size_t comma = sv.find(',', open);
        if (comma == std::string_view::npos || !sv.ends_with(")"))
          return e.fail(sat + open, "a surface variable is NAME or NAME(row,col)");
        row = number(sv.substr(open + 1, comma - open - 1));
        col = number(sv.substr(comma + 1, sv.size() - comma - 2));
        if (!row || !col || *row > 255 || *col > 255)
          return e.fail(sat + open, "row and column are numbers 0..255");
      }
      surface.put(0, 1);
      surface.put(*id, e.id_bytes());
      surface.put(*row, 1);
      surface.put(*col, 1);
      surface.put(0x0121, 2);
    }
  } else {  // flat, arg: no surface (IGC writes 0:ud)
    surface.put(5, 1);
    surface.put(0, 1);
    surface.put(0, 4);
  }
  std::string_view in = t.substr(lb + 1, rb - lb - 1);
  size_t in_at = at + lb + 1;
  scale = 1;
  if (const size_t star = in.find('*'); star != std::string_view::npos) {
    const auto s = number(in.substr(0, star));
    if (!s || *s > 0xffff) return e.fail(in_at, "the address scale is a number (0x4*)");
    scale = static_cast<unsigned>(*s);
    in.remove_prefix(star + 1);
    in_at += star + 1;
  }
  offset = 0;
  if (const size_t pm = in.find_first_of("+-"); pm != std::string_view::npos) {
    const auto o = number(in.substr(pm + 1));
    if (!o || *o > 0x80000000u) return e.fail(in_at + pm, "the address offset is +0xHEX or -0xHEX");
    offset = static_cast<uint32_t>(in[pm] == '-' ? 0u - *o : *o);
    in = in.substr(0, pm);
  }
  Enc sub{e.env, in};
  if (!raw_operand(sub, true)) return e.fail(in_at + sub.err->column - 1, sub.err->message);
  raw.put_bytes(sub.w.bytes());
  const auto as = index_of(kAddrSizes, t.substr(rb + 2));
  if (!as)
    return e.fail(at + rb + 2, "unknown address size '" + std::string(t.substr(rb + 2)) + "'");
  asize = *as;
  return true;
}

bool lsc_untyped(Enc& e, std::string_view mn, size_t at, uint16_t pred, uint8_t op) {
  const auto ps = parts(mn);
  if (ps.size() != 2 && ps.size() != 4)
    return e.fail(at, std::string(ps[0]) + " is " + std::string(ps[0]) + ".SFID[.L1.L3]");
  const auto sf = index_of(kSfid, ps[1]);
  if (!sf) return e.fail(at + ps[0].size() + 1, "unknown LSC SFID '" + std::string(ps[1]) + "'");
  unsigned l1 = 0, l3 = 0;
  if (ps.size() == 4) {
    const auto c1 = index_of(kCache, ps[2]), c3 = index_of(kCache, ps[3]);
    if (!c1 || !c3) return e.fail(at + ps[0].size() + ps[1].size() + 2, "unknown cache control");
    l1 = *c1;
    l3 = *c3;
  }
  const size_t ex = e.w.size();
  if (!exec_size(e)) return false;
  const unsigned exec = e.w.bytes()[ex];
  e.w.bytes().pop_back();
  const bool quad = op == 2 || op == 6, store = op >= 4 && op <= 7, atomic = op >= 8;
  unsigned dsize = 0, order = 0, elems = 0, chmask = 0, atype = 0, scale = 0, asize = 0;
  uint32_t offset = 0;
  core::BytesWriter surface, addr, data;
  if (store) {
    if (!lsc_addr(e, atype, scale, offset, asize, surface, addr) ||
        !lsc_data(e, quad, dsize, order, elems, chmask, data))
      return false;
  } else if (!lsc_data(e, quad, dsize, order, elems, chmask, data) ||
             !lsc_addr(e, atype, scale, offset, asize, surface, addr)) {
    return false;
  }
  core::BytesWriter src1, src2;  // atomics: their sources follow the address
  if (atomic) {
    for (core::BytesWriter* w : {&src1, &src2}) {
      const size_t before = e.w.size();
      if (!raw_operand(e, true)) return false;
      w->put_bytes(std::span(e.w.bytes()).subspan(before));
      e.w.bytes().resize(before);
    }
  }
  if (!e.at_end()) return e.fail(e.p, "unexpected text after the LSC operands");
  const unsigned idb = e.id_bytes();
  auto null_raw = [&] {
    e.w.put(0, idb);
    e.w.put(0, 2);
  };
  e.w.put(0x89, 1);
  e.w.put(op, 1);
  e.w.put(exec, 1);
  e.w.put(pred, 2);
  for (unsigned b : {*sf, l1, l3, atype}) e.w.put(b, 1);
  e.w.put(scale, 2);
  e.w.put(offset, 4);
  // IGC's LSC_DATA_SHAPE holds elems and chmask in one union and writes it twice
  // (VISAKernelImpl.cpp AppendVISALscUntypedInst): both bytes carry the same value (V55).
  const unsigned shape = quad ? chmask : elems;
  for (unsigned b : {asize, dsize, order, shape, shape}) e.w.put(b, 1);
  e.w.put_bytes(surface.bytes());
  if (store) {
    null_raw();
    e.w.put_bytes(addr.bytes());
    e.w.put_bytes(data.bytes());
  } else {
    e.w.put_bytes(data.bytes());
    e.w.put_bytes(addr.bytes());
    if (atomic) {
      e.w.put_bytes(src1.bytes());
      e.w.put_bytes(src2.bytes());
      return true;
    }
    null_raw();
  }
  null_raw();
  return true;
}

// gather4_scaled / scatter4_scaled.CH, gather_scaled / scatter_scaled.N:
// (exec) SURFACE OFFSET ELEMENT_OFFSETS DATA.
bool scaled(Enc& e, std::string_view mn, size_t at, uint16_t pred, uint8_t opcode) {
  const size_t dot = mn.find('.');
  const std::string_view sfx = mn.substr(dot + 1);
  unsigned mask = 0;
  const bool four = opcode == 0x74 || opcode == 0x75;
  if (four) {
    const auto m = channel_mask(sfx);
    if (!m) return e.fail(at + dot + 1, "channels are R, G, B, A in order");
    mask = *m;
  } else {
    const auto n = number(sfx);
    if (!n || (*n != 1 && *n != 2 && *n != 4))
      return e.fail(at + dot + 1, "the block count is .1, .2 or .4");
    mask = *n == 1 ? 0 : *n == 2 ? 1 : 2;
  }
  unsigned exec = 0;
  if (!exec_byte(e, exec)) return false;
  size_t sat = 0;
  const auto surf = var_id(e, e.word(sat), sat, VarClass::kSurface);
  if (!surf) return false;
  e.w.put(opcode, 1);
  e.w.put(exec, 1);
  e.w.put(pred, 2);
  if (!four) e.w.put(0, 1);  // block size: always 0 (visa-gather_scaled.md)
  e.w.put(mask, 1);
  e.w.put(0, 2);  // scale 0: IGC's printer does not print it
  e.w.put(*surf, 1);
  if (!vector_operand(e) || !raw_operand(e) || !raw_operand(e)) return false;
  return e.at_end() || e.fail(e.p, "unexpected text after the last operand");
}

// raw_send[c] (exec) 0xEXMSG NSRC NDST desc src dst (IsaDisassembly.cpp ISA_RAW_SEND).
bool raw_send(Enc& e, bool sendc, uint16_t pred, size_t exec_at) {
  e.p = exec_at;
  const size_t ex = e.w.size();
  if (!exec_size(e)) return false;
  const unsigned exec = e.w.bytes()[ex];
  e.w.bytes().pop_back();
  size_t at = 0;
  const auto desc = number(e.word(at));
  if (!desc || *desc > 0xffffffffu) return e.fail(at, "expected the extended descriptor 0xHEX");
  e.w.put(0x5d, 1);
  e.w.put(sendc ? 1 : 0, 1);
  e.w.put(exec, 1);
  e.w.put(pred, 2);
  e.w.put(*desc, 4);
  for (const char* what : {"the source count", "the destination count"}) {
    const auto n = number(e.word(at));
    if (!n || *n > 255) return e.fail(at, std::string("expected ") + what + " (0..255)");
    e.w.put(*n, 1);
  }
  if (!vector_operand(e) || !raw_operand(e) || !raw_operand(e)) return false;
  return e.at_end() || e.fail(e.p, "unexpected text after the last operand");
}

// raw_sends[c].FFID[.eot].NSRC0.NSRC1.NDST (exec) exdesc desc src0 src1 dst (ISA_RAW_SENDS).
bool raw_sends(Enc& e, std::string_view mn, size_t at, uint16_t pred) {
  const auto ps = parts(mn);
  const bool eot = ps.size() == 6 && ps[2] == "eot";
  if (ps.size() != (eot ? 6u : 5u))
    return e.fail(at, "raw_sends is raw_sends.FFID[.eot].NSRC0.NSRC1.NDST");
  if (e.env.version <= Version{3, 5})
    return e.fail(at, "raw_sends with an FFID needs vISA 3.6 or later");
  std::array<unsigned, 4> v{};  // ffid, nsrc0, nsrc1, ndst
  size_t col = at + ps[0].size() + 1;
  for (size_t i = 1, k = 0; i < ps.size(); ++i) {
    if (eot && i == 2) {
      col += 4;
      continue;
    }
    const auto n = number(ps[i]);
    if (!n || *n > 255)
      return e.fail(col, "expected a number 0..255, got '" + std::string(ps[i]) + "'");
    v[k++] = static_cast<unsigned>(*n);
    col += ps[i].size() + 1;
  }
  const size_t ex = e.w.size();
  if (!exec_size(e)) return false;
  const unsigned exec = e.w.bytes()[ex];
  e.w.bytes().pop_back();
  e.w.put(0x7a, 1);
  e.w.put((ps[0] == "raw_sendsc" ? 1u : 0u) | (eot ? 2u : 0u), 1);
  e.w.put(exec, 1);
  e.w.put(pred, 2);
  e.w.put(v[1], 1);
  e.w.put(v[2], 1);
  e.w.put(v[3], 1);
  e.w.put(v[0], 1);
  if (!vector_operand(e) || !vector_operand(e) || !raw_operand(e) || !raw_operand(e) ||
      !raw_operand(e))
    return false;
  return e.at_end() || e.fail(e.p, "unexpected text after the last operand");
}

// svm_block_ld/st[.unaligned] (N) ADDRESS DATA (printInstructionSVM: properties bit 3
// unaligned, bits 2:0 the oword count 1, 2, 4, 8, 16 as 0..4).
bool svm_block(Enc& e, std::string_view mn, size_t at) {
  const std::string_view t = e.word(at);
  const auto n = t.size() > 2 && t.back() == ')' ? number(t.substr(1, t.size() - 2)) : std::nullopt;
  unsigned code = 5;
  for (unsigned c = 0; n && c < 5; ++c)
    if ((1u << c) == *n) code = c;
  if (code == 5) return e.fail(at, "expected the oword count (1), (2), (4), (8) or (16)");
  e.w.put(0x4e, 1);
  e.w.put(mn.starts_with("svm_block_ld") ? 1 : 2, 1);
  e.w.put(code | (mn.ends_with(".unaligned") ? 8u : 0u), 1);
  if (!vector_operand(e) || !raw_operand(e)) return false;
  return e.at_end() || e.fail(e.p, "unexpected text after the last operand");
}

// "(N)" of an oword message: the code 0..4 of 1, 2, 4, 8, 16 owords; nullopt when not so.
std::optional<unsigned> oword_count(std::string_view t) {
  const auto n = t.size() > 2 && t.front() == '(' && t.back() == ')'
                     ? number(t.substr(1, t.size() - 2))
                     : std::nullopt;
  for (unsigned c = 0; n && c < 5; ++c)
    if ((1u << c) == *n) return c;
  return std::nullopt;
}

// gather4_typed / scatter4_typed.CH (exec) SURFACE U V R LOD DATA (ISA_GATHER4_TYPED: E P mask
// surface, then five raw operands; the mask as enabled channels, ChannelMask::createFromBinary).
bool typed(Enc& e, std::string_view mn, size_t at, uint16_t pred, uint8_t opcode) {
  const size_t dot = mn.find('.');
  const auto mask = channel_mask(mn.substr(dot + 1));
  if (!mask) return e.fail(at + dot + 1, "channels are R, G, B, A in order");
  unsigned exec = 0;
  if (!exec_byte(e, exec)) return false;
  e.w.put(opcode, 1);
  e.w.put(exec, 1);
  e.w.put(pred, 2);
  e.w.put(*mask, 1);
  return surface_byte(e) && raw_operands(e, 5);
}

// The atomic op of dword_atomic / svm_atomic: NAME[.16|.64] (CISAAtomicOpNames; bits 4:0 the
// op, bit 5 16-bit, bit 6 64-bit: getAtomicOpAndBitwidth).
std::optional<unsigned> atomic_op(std::string_view sfx) {
  unsigned width = 0;
  if (sfx.ends_with(".16")) width = 0x20, sfx.remove_suffix(3);
  if (sfx.ends_with(".64")) width = 0x40, sfx.remove_suffix(3);
  for (unsigned op = 0; op < kAtomicOps.size(); ++op)
    if (!kAtomicOps[op].empty() && kAtomicOps[op] == sfx) return op | width;
  return std::nullopt;
}

// dword_atomic.OP (exec) SURFACE OFFSETS SRC0 SRC1 DST (ISA_DWORD_ATOMIC: op, E, P, surface).
// The mnemonic's atomic op (after its first dot) and the exec size of an atomic message.
bool atomic_head(Enc& e, std::string_view mn, size_t at, unsigned& op, unsigned& exec) {
  const size_t dot = mn.find('.');
  const auto o = atomic_op(mn.substr(dot + 1));
  if (!o)
    return e.fail(at + dot + 1,
                  "unknown atomic operation '" + std::string(mn.substr(dot + 1)) + "'");
  op = *o;
  return exec_byte(e, exec);
}

bool dword_atomic(Enc& e, std::string_view mn, size_t at, uint16_t pred) {
  unsigned op = 0, exec = 0;
  if (!atomic_head(e, mn, at, op, exec)) return false;
  e.w.put(0x7d, 1);
  e.w.put(op, 1);
  e.w.put(exec, 1);
  e.w.put(pred, 2);
  return surface_byte(e) && raw_operands(e, 4);
}

// svm_gather / svm_scatter.BS.NB (exec) ADDRESSES DATA: block size 1, 4, 8 as 0..2, blocks 1,
// 2, 4, 8 as 0..3 (printInstructionSVM, Get_Common_ISA_SVM_Block_Size/Num).
bool svm_gather_scatter(Enc& e, std::string_view mn, size_t at, uint16_t pred) {
  const auto ps = parts(mn);
  const auto bs = ps.size() == 3 ? number(ps[1]) : std::nullopt;
  const auto nb = ps.size() == 3 ? number(ps[2]) : std::nullopt;
  const unsigned bcode = !bs ? 9 : *bs == 1 ? 0 : *bs == 4 ? 1 : *bs == 8 ? 2 : 9;
  unsigned ncode = 9;
  for (unsigned c = 0; nb && c < 4; ++c)
    if ((1u << c) == *nb) ncode = c;
  if (bcode == 9 || ncode == 9)
    return e.fail(at, std::string(ps[0]) + " is " + std::string(ps[0]) +
                          ".BLOCKSIZE.BLOCKS: a block of 1, 4 or 8 bytes, 1, 2, 4 or 8 blocks");
  unsigned exec = 0;
  if (!exec_byte(e, exec)) return false;
  e.w.put(0x4e, 1);
  e.w.put(ps[0] == "svm_gather" ? 3 : 4, 1);
  e.w.put(exec, 1);
  e.w.put(pred, 2);
  e.w.put(bcode, 1);
  e.w.put(ncode, 1);
  return raw_operands(e, 2);
}

// svm_atomic.OP (exec) ADDRESSES DST SRC0 SRC1: the destination is printed before the sources,
// the binary holds addresses, src0, src1, dst (printInstructionSVM, readInstructionSVM).
bool svm_atomic(Enc& e, std::string_view mn, size_t at, uint16_t pred) {
  unsigned op = 0, exec = 0;
  if (!atomic_head(e, mn, at, op, exec)) return false;
  e.w.put(0x4e, 1);
  e.w.put(5, 1);
  e.w.put(exec, 1);
  e.w.put(pred, 2);
  e.w.put(op, 1);
  std::array<std::vector<uint8_t>, 4> ops;  // addresses, dst, src0, src1 as written
  for (auto& o : ops) {
    const size_t before = e.w.size();
    if (!raw_operand(e)) return false;
    o.assign(e.w.bytes().begin() + static_cast<std::ptrdiff_t>(before), e.w.bytes().end());
    e.w.bytes().resize(before);
  }
  if (!e.at_end()) return e.fail(e.p, "unexpected text after the last operand");
  for (size_t k : {0, 2, 3, 1}) e.w.put_bytes(ops[k]);
  return true;
}

// oword_ld[_unaligned][.mod] (N) SURFACE OFFSET DST and oword_st (N) SURFACE OFFSET SRC
// (ISA_OWORD_LD: size, modifier, surface, vector offset, raw; ISA_OWORD_ST: no modifier).
bool oword(Enc& e, std::string_view mn, size_t at, uint8_t opcode) {
  const bool mod = mn.ends_with(".mod");
  if (mod && opcode == 0x36) return e.fail(at, "oword_st takes no .mod");
  size_t cat = 0;
  const auto n = oword_count(e.word(cat));
  if (!n) return e.fail(cat, "expected the oword count (1), (2), (4), (8) or (16)");
  e.w.put(opcode, 1);
  e.w.put(*n, 1);
  if (opcode != 0x36) e.w.put(mod ? 1 : 0, 1);
  if (!surface_byte(e) || !vector_operand(e)) return false;
  return raw_operands(e, 1);
}

// svm_gather4scaled / svm_scatter4scaled.CH (exec) OFFSET ADDRESSES DATA (printInstructionSVM:
// sub-op 6/7, E, P, the enabled channels, a UW scale IGC's printer leaves out and its parser
// writes 0; CISA.y SvmInstruction).
bool svm_scaled(Enc& e, std::string_view mn, size_t at, uint16_t pred, uint8_t sub) {
  const size_t dot = mn.find('.');
  const auto mask = channel_mask(mn.substr(dot + 1));
  if (!mask) return e.fail(at + dot + 1, "channels are R, G, B, A in order");
  unsigned exec = 0;
  if (!exec_byte(e, exec)) return false;
  e.w.put(0x4e, 1);
  e.w.put(sub, 1);
  e.w.put(exec, 1);
  e.w.put(pred, 2);
  e.w.put(*mask, 1);
  e.w.put(0, 2);
  return vector_operand(e) && raw_operands(e, 2);
}

// media_st.MODE (W,H) SURFACE PLANE X Y SRC (printInstructionDataport ISA_MEDIA_ST: modifier,
// surface, plane, width, height; CISA.l reads the mode through media_ld_mod_str, IGC's printer
// writes media_st_mod_str, whose code 1 is "reserved").
bool media_st(Enc& e, std::string_view mn, size_t at, uint16_t pred) {
  if (pred != 0) return e.fail(e.pred_at, "media_st takes no predicate");
  static constexpr std::array<std::string_view, 6> kModes{"nomod",  "modified", "top",
                                                          "bottom", "top_mod",  "bottom_mod"};
  const std::string_view m = mn.substr(mn.find('.') + 1);
  auto mode = index_of(kModes, m);
  if (m == "reserved") mode = 1;
  if (!mode)
    return e.fail(at + mn.find('.') + 1,
                  "unknown media_st mode '" + std::string(m) +
                      "' (nomod, modified, top, bottom, top_mod, bottom_mod)");
  size_t wat = 0;
  const std::string_view wh = e.word(wat);
  const size_t comma = wh.find(',');
  const auto w = wh.size() > 4 && wh.front() == '(' && wh.back() == ')' && comma != wh.npos
                     ? number(wh.substr(1, comma - 1))
                     : std::nullopt;
  const auto h = w ? number(wh.substr(comma + 1, wh.size() - comma - 2)) : std::nullopt;
  if (!w || !h || *w > 255 || *h > 255)
    return e.fail(wat, "expected the block size (WIDTH,HEIGHT), each 0..255");
  size_t sat = 0;
  const auto surf = var_id(e, e.word(sat), sat, VarClass::kSurface);
  if (!surf) return false;
  size_t pat = 0;
  const auto plane = number(e.word(pat));
  if (!plane || *plane > 15) return e.fail(pat, "expected the plane (0..15)");
  e.w.put(0x38, 1);
  e.w.put(*mode, 1);
  e.w.put(*surf, 1);
  e.w.put(*plane, 1);
  e.w.put(*w, 1);
  e.w.put(*h, 1);
  return vector_operand(e) && vector_operand(e) && raw_operands(e, 1);
}

}  // namespace

std::string_view atomic_op_name(unsigned op) {
  return op < kAtomicOps.size() ? kAtomicOps[op] : std::string_view{};
}

std::string_view lsc_atomic_name(unsigned op) {
  return op >= 8 && op < 8 + kAtomics.size() ? kAtomics[op - 8] : std::string_view{};
}

bool encode_message(Enc& e, std::string_view mn, size_t mn_at, uint16_t pred, bool& handled) {
  handled = true;
  if (mn.starts_with("fence_")) {
    if (pred != 0) return e.fail(e.pred_at, "a fence takes no predicate");
    return fence(e, mn, mn_at);
  }
  const size_t dot = mn.find('.');
  if (mn == "raw_sendc" || mn == "raw_send") {
    // raw_send's layout-driven form starts with its modifier in decimal, IGC's form with the
    // extended descriptor in hex.
    const size_t exec_at = e.p;
    const size_t close = e.s.find(')', exec_at);
    Enc peek(e.env, e.s);
    peek.p = close == std::string_view::npos ? e.s.size() : close + 1;
    size_t at = 0;
    const std::string_view next = peek.word(at);
    if (mn == "raw_sendc" || next.starts_with("0x"))
      return raw_send(e, mn == "raw_sendc", pred, exec_at);
  }
  if (mn == "svm_block_ld" || mn == "svm_block_st" || mn == "svm_block_ld.unaligned" ||
      mn == "svm_block_st.unaligned") {
    // IGC's form has the oword count in parentheses (printInstructionSVM); the layout-driven form
    // a number.
    Enc peek(e.env, e.s);
    peek.p = e.p;
    size_t at = 0;
    const std::string_view next = peek.word(at);
    if (next.starts_with("(")) return svm_block(e, mn, at);
    if (dot != std::string_view::npos)
      return e.fail(at, "expected the oword count (1), (2), (4), (8) or (16)");
  }
  for (auto [name, opcode] : {std::pair<std::string_view, uint8_t>{"oword_ld", 0x35},
                              {"oword_st", 0x36},
                              {"oword_ld_unaligned", 0x3c}}) {
    // IGC's form has the oword count in parentheses; the layout-driven form a number.
    if (mn != name && mn != std::string(name) + ".mod") continue;
    Enc peek(e.env, e.s);
    peek.p = e.p;
    size_t at = 0;
    if (peek.word(at).starts_with("(") || mn.ends_with(".mod")) return oword(e, mn, mn_at, opcode);
  }
  if (mn == "sbarrier.signal" || mn == "sbarrier.wait") {  // ISA_SBARRIER: mode 1 signal, 0 wait
    e.w.put(0x7c, 1);
    e.w.put(mn == "sbarrier.signal" ? 1 : 0, 1);
    return e.at_end() || e.fail(e.p, "sbarrier takes no operands");
  }
  handled = false;
  if (dot == std::string_view::npos) return false;
  const std::string_view base = mn.substr(0, dot);
  handled = true;
  if (base == "lsc_fence") return lsc_fence(e, mn, mn_at, pred);
  if (base == "raw_sends" || base == "raw_sendsc") return raw_sends(e, mn, mn_at, pred);
  if (base == "lsc_load") return lsc_untyped(e, mn, mn_at, pred, 0);
  if (base == "lsc_load_quad") return lsc_untyped(e, mn, mn_at, pred, 2);
  if (base == "lsc_store") return lsc_untyped(e, mn, mn_at, pred, 4);
  if (base == "lsc_store_quad") return lsc_untyped(e, mn, mn_at, pred, 6);
  if (base.starts_with("lsc_atomic_"))
    if (const auto a = index_of(kAtomics, base.substr(11)))
      return lsc_untyped(e, mn, mn_at, pred, static_cast<uint8_t>(8 + *a));
  if (base == "gather4_typed") return typed(e, mn, mn_at, pred, 0x4b);
  if (base == "scatter4_typed") return typed(e, mn, mn_at, pred, 0x4c);
  if (base == "dword_atomic") return dword_atomic(e, mn, mn_at, pred);
  if (base == "svm_atomic") return svm_atomic(e, mn, mn_at, pred);
  if (base == "svm_gather" || base == "svm_scatter") return svm_gather_scatter(e, mn, mn_at, pred);
  if (base == "svm_gather4scaled") return svm_scaled(e, mn, mn_at, pred, 6);
  if (base == "svm_scatter4scaled") return svm_scaled(e, mn, mn_at, pred, 7);
  if (base == "media_st") return media_st(e, mn, mn_at, pred);
  if (base == "gather4_scaled") return scaled(e, mn, mn_at, pred, 0x74);
  if (base == "scatter4_scaled") return scaled(e, mn, mn_at, pred, 0x75);
  if (base == "gather_scaled") return scaled(e, mn, mn_at, pred, 0x78);
  if (base == "scatter_scaled") return scaled(e, mn, mn_at, pred, 0x79);
  handled = false;
  return false;
}

}  // namespace texsim::isa::visa::text
