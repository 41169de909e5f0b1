// The Volta+ generation (SM70-SM90, 128-bit words): its platforms, opcode rows and field layouts
// as nvdisasm 11.8 reads them (nvidia_sm70_fields.md sections 1-5; decisions W1-W8).
#include "isa/sass/encoding_sm70.hpp"

#include <algorithm>

namespace texsim::isa::sass {

namespace {

constexpr std::array<std::string_view, 8> kPlatforms{"SM70", "SM72", "SM75", "SM80",
                                                     "SM86", "SM87", "SM89", "SM90"};
// Its rows are 128-bit patterns (kRows below), not the 64-bit EncodingRow kind.
constexpr Generation kSm70{"Volta+", kPlatforms, 128, {}};

using S = TexSource;
// Section 1: bound 0xb6x, bindless 0x36x, uniform 0xf6x (bit 91, SM75+), cb2 0xb62+3k.
constexpr std::array<WideRow, 24> kRows{{
    {0xb60, Opcode::kTex, S::kBound},    {0x361, Opcode::kTexB, S::kBindless},
    {0xf60, Opcode::kTex, S::kUniform},  {0xb62, Opcode::kTex, S::kCb2},
    {0xb63, Opcode::kTld4, S::kBound},   {0x364, Opcode::kTld4B, S::kBindless},
    {0xf63, Opcode::kTld4, S::kUniform}, {0xb65, Opcode::kTld4, S::kCb2},
    {0xb66, Opcode::kTld, S::kBound},    {0x367, Opcode::kTldB, S::kBindless},
    {0xf66, Opcode::kTld, S::kUniform},  {0xb68, Opcode::kTld, S::kCb2},
    {0xb69, Opcode::kTmml, S::kBound},   {0x36a, Opcode::kTmmlB, S::kBindless},
    {0xf69, Opcode::kTmml, S::kUniform}, {0xb6b, Opcode::kTmml, S::kCb2},
    {0xb6c, Opcode::kTxd, S::kBound},    {0x36d, Opcode::kTxdB, S::kBindless},
    {0xf6c, Opcode::kTxd, S::kUniform},  {0xb6e, Opcode::kTxd, S::kCb2},
    {0xb6f, Opcode::kTxq, S::kBound},    {0x370, Opcode::kTxqB, S::kBindless},
    {0xf6f, Opcode::kTxq, S::kUniform},  {0xb71, Opcode::kTxq, S::kCb2},
}};

using F = WideField;

}  // namespace

Opcode wide_base_op(Opcode op) {
  switch (op) {
    case Opcode::kTexB:
      return Opcode::kTex;
    case Opcode::kTldB:
      return Opcode::kTld;
    case Opcode::kTld4B:
      return Opcode::kTld4;
    case Opcode::kTxdB:
      return Opcode::kTxd;
    case Opcode::kTmmlB:
      return Opcode::kTmml;
    case Opcode::kTxqB:
      return Opcode::kTxq;
    default:
      return op;
  }
}

namespace {

void add(WideLayout& l, F f, unsigned lo, unsigned width) {
  l.fields[l.count++] = {f, static_cast<uint8_t>(lo), static_cast<uint8_t>(width)};
  l.used.set(lo, width, ~uint64_t{0});
}

// The texture operand, bits 59:40 (section 2).
void add_source(WideLayout& l, S source, unsigned sm) {
  switch (source) {
    case S::kBound:
      add(l, F::kWord, 40, 14), add(l, F::kBank, 54, 5), add(l, F::kB, 59, 1);
      break;
    case S::kBindless:
      add(l, F::kB, 59, 1);
      break;
    case S::kUniform:
      add(l, F::kUr, 40, 6), add(l, F::kUrImm, 46, 8);
      if (sm < 80) add(l, F::kB, 59, 1);  // SM75 requires 0; SM80+ ignore it
      break;
    case S::kCb2:
      add(l, F::kCbA, 40, 6), add(l, F::kCbB, 46, 8), add(l, F::kBank, 54, 5);
      add(l, F::kB, 59, 1);
      break;
  }
}

// Bits 90:76 per opcode (section 4).
void add_modifiers(WideLayout& l, Opcode op) {
  const bool sampling = op != Opcode::kTmml && op != Opcode::kTxq;
  switch (op) {
    case Opcode::kTex:
      add(l, F::kAoffi, 76, 1), add(l, F::kNdv, 77, 1), add(l, F::kDc, 78, 1);
      add(l, F::kLod, 87, 3);
      break;
    case Opcode::kTld:
      add(l, F::kAoffi, 76, 1), add(l, F::kCl, 77, 1), add(l, F::kMs, 78, 1);
      add(l, F::kLod, 87, 3);
      break;
    case Opcode::kTld4:
      add(l, F::kToff, 76, 2), add(l, F::kDc, 78, 1), add(l, F::kComponent, 87, 2);
      break;
    case Opcode::kTxd:
      add(l, F::kAoffi, 76, 1), add(l, F::kLc, 87, 1);
      break;
    case Opcode::kTmml:
      add(l, F::kNdv, 77, 1);
      break;
    default:
      break;
  }
  if (sampling) add(l, F::kF16, 79, 2), add(l, F::kPd, 81, 3), add(l, F::kCache, 84, 3);
  add(l, F::kNodep, 90, 1);
}

}  // namespace

const Generation& sm70() {
  return kSm70;
}

unsigned wide_sm(std::string_view platform) {
  if (std::find(kPlatforms.begin(), kPlatforms.end(), platform) == kPlatforms.end()) return 0;
  return static_cast<unsigned>((platform[2] - '0') * 10 + (platform[3] - '0'));
}

const WideRow* wide_row(uint16_t opcode, unsigned sm) {
  for (const WideRow& r : kRows) {
    if (r.opcode != opcode) continue;
    return r.source == S::kUniform && sm < 75 ? nullptr : &r;
  }
  return nullptr;
}

const WideRow* wide_row_for(Opcode op, TexSource source) {
  for (const WideRow& r : kRows) {
    if (r.op == op && r.source == source) return &r;
  }
  return nullptr;
}

WideLayout wide_layout(const WideRow& row, unsigned sm) {
  const Opcode op = wide_base_op(row.op);
  WideLayout l;
  l.used.set(0, 12, ~uint64_t{0});
  if (sm >= 75) l.used.set(91, 1, 1);
  add(l, F::kPred, 12, 3), add(l, F::kPredNeg, 15, 1);
  add(l, F::kRd, 16, 8), add(l, F::kRa, 24, 8);
  if (op != Opcode::kTxq) add(l, F::kRb, 32, 8);
  add_source(l, row.source, sm);
  if (op == Opcode::kTex || op == Opcode::kTld || op == Opcode::kTld4) add(l, F::kScr, 60, 1);
  if (op == Opcode::kTxq)
    add(l, F::kQuery, 62, 2);
  else
    add(l, F::kDim, 61, 3);
  add(l, F::kRd2, 64, 8), add(l, F::kMask, 72, 4);
  add_modifiers(l, op);
  if (sm >= 86) add(l, F::kPm, 102, 2);
  add(l, F::kSched, 105, 23);
  return l;
}

std::optional<bool> wide_bit91(const WideRow& row, unsigned sm) {
  if (sm < 75) return std::nullopt;
  return row.source == S::kUniform;
}

std::optional<WideReject> wide_reject(const Word128& w, const WideRow& row, unsigned sm) {
  const std::string on = " for this form on SM" + std::to_string(sm);
  if (const auto b91 = wide_bit91(row, sm); b91 && w.bit(91) != *b91)
    return WideReject{std::string("bit 91 must be ") + (*b91 ? "1" : "0") + on, 91, 91};
  if (sm < 80 && row.source != S::kBound) {
    const bool need = row.source != S::kUniform;
    if (w.bit(59) != need)
      return WideReject{std::string("bit 59 (.B) must be ") + (need ? "1" : "0") + on, 59, 59};
  }
  // The control bits (measured: every opcode, form and architecture alike, decisions W7).
  if (w.bit(123) && w.bit(124))
    return WideReject{"bits 124:123 (reuse) must not both be set", 124, 123};
  const uint64_t stall = w.get(105, 4);
  if (w.bit(109) && (stall == 0 || stall >= 12))
    return WideReject{
        "bit 109 set needs a stall count (bits 108:105) of 1 to 11, not " + std::to_string(stall),
        109, 105};
  if (stall == 0 && w.get(122, 3) != 0)
    return WideReject{"a stall count (bits 108:105) of 0 allows no reuse bit 124:122", 124, 105};
  return std::nullopt;
}

namespace {
constexpr std::array<uint8_t, 4> kQueryCodes{1, 2, 5, 0};
}  // namespace

uint8_t wide_query(uint8_t code) {
  return kQueryCodes[code & 3u];
}

uint8_t wide_query_code(uint8_t query) {
  for (uint8_t c = 0; c < 3; ++c)
    if (kQueryCodes[c] == query) return c;
  return 3;
}

ParamA wide_dim(uint8_t code) {
  static constexpr std::array<ParamA, 8> kByCode{
      ParamA::k1D,      ParamA::k2D,      ParamA::k3D,      ParamA::kCube,
      ParamA::kArray1D, ParamA::kArray2D, ParamA::kArray3D, ParamA::kArrayCube};
  return kByCode[code & 7u];
}

uint8_t wide_dim_code(ParamA p) {
  for (uint8_t c = 0; c < 8; ++c)
    if (wide_dim(c) == p) return c;
  return 0;
}

}  // namespace texsim::isa::sass
