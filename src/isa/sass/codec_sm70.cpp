// Volta+ words <-> Instruction: each field of the row's layout read into (or written from) the
// Instruction member of the same meaning; every other bit is kept, so words round-trip.
#include "isa/sass/codec_sm70.hpp"

#include <array>
#include <cstdio>
#include <string>

#include "isa/sass/codec.hpp"

namespace texsim::isa::sass {

namespace {

using F = WideField;

// TEX 89:87 as Lod (the .LC codes also set lc): auto, LZ, LB, LL, LC, LB.LC, LC.FDV, -.
constexpr std::array<Lod, 8> kTexLods{Lod::kAuto, Lod::kLZ, Lod::kLB,   Lod::kLL,
                                      Lod::kAuto, Lod::kLB, Lod::kAuto, Lod::kAuto};

void set_lod(Instruction& i, uint8_t code) {
  i.wide.lod_code = code;
  if (wide_base_op(i.op) == Opcode::kTex) {
    i.lod = kTexLods[code & 7u];
    i.lc = code >= 4 && code <= 6;
  } else {
    i.lod = code == 1 ? Lod::kLZ : code == 3 ? Lod::kLL : Lod::kAuto;
  }
}

void set_f16(Instruction& i, uint8_t code) {
  i.wide.f16_code = code;
  i.f16 = code == 1 || code == 2;
  i.rtz = code == 2;
}

// The operand fields' values into their Instruction members; false for another field.
bool put_operand(Instruction& i, F f, uint64_t value) {
  const auto v = static_cast<uint8_t>(value);
  WideFields& w = i.wide;
  switch (f) {
    case F::kPred:
      i.pred = v;
      break;
    case F::kPredNeg:
      i.pred_neg = v != 0;
      break;
    case F::kRd:
      i.rd0 = v;
      break;
    case F::kRa:
      i.ra = v;
      break;
    case F::kRb:
      i.rb = v;
      break;
    case F::kBank:
      w.bank = v;
      break;
    case F::kWord:
    case F::kUr:
    case F::kCbA:
      w.tex_a = static_cast<uint16_t>(value);
      break;
    case F::kUrImm:
    case F::kCbB:
      w.tex_b = v;
      break;
    default:
      return false;
  }
  return true;
}

// A modifier field's value into the Instruction member of its meaning.
void put_modifier(Instruction& i, F f, uint64_t value) {
  const auto v = static_cast<uint8_t>(value);
  WideFields& w = i.wide;
  switch (f) {
    case F::kB:
      w.b_bit = v != 0;
      break;
    case F::kScr:
      w.scr = v != 0;
      break;
    case F::kDim:
      i.param_a = wide_dim(v);
      break;
    case F::kQuery:
      i.query = wide_query(v);
      break;
    case F::kRd2:
      i.rd1 = v;
      break;
    case F::kMask:
      i.mask = v;
      break;
    case F::kAoffi:
      i.aoffi = v != 0;
      break;
    case F::kNdv:
      i.ndv = v != 0;
      break;
    case F::kDc:
      i.dc = v != 0;
      break;
    case F::kCl:
      i.cl = v != 0;
      break;
    case F::kMs:
      i.ms = v != 0;
      break;
    case F::kToff:
      i.toff = v, i.aoffi = v == 1;
      break;
    case F::kF16:
      set_f16(i, v);
      break;
    case F::kPd:
      i.pd = v;
      break;
    case F::kCache:
      w.cache = v;
      break;
    case F::kLod:
      set_lod(i, v);
      break;
    case F::kComponent:
      i.component = v;
      break;
    case F::kLc:
      i.lc = v != 0;
      break;
    case F::kNodep:
      i.nodep = v != 0;
      break;
    case F::kPm:
      w.pm = v;
      break;
    case F::kSched:
      w.sched = static_cast<uint32_t>(value);
      break;
    default:  // the operand fields (put_operand)
      break;
  }
}

void put(Instruction& i, F f, uint64_t value) {
  if (!put_operand(i, f, value)) put_modifier(i, f, value);
}

// The Instruction member a field encodes.
uint64_t take(const Instruction& i, F f) {
  const WideFields& w = i.wide;
  switch (f) {
    case F::kPred:
      return i.pred;
    case F::kPredNeg:
      return i.pred_neg;
    case F::kRd:
      return i.rd0;
    case F::kRa:
      return i.ra;
    case F::kRb:
      return i.rb;
    case F::kBank:
      return w.bank;
    case F::kWord:
    case F::kUr:
    case F::kCbA:
      return w.tex_a;
    case F::kUrImm:
    case F::kCbB:
      return w.tex_b;
    case F::kB:
      return w.b_bit;
    case F::kScr:
      return w.scr;
    case F::kDim:
      return wide_dim_code(i.param_a);
    case F::kQuery:
      return wide_query_code(i.query);
    case F::kRd2:
      return i.rd1;
    case F::kMask:
      return i.mask;
    case F::kAoffi:
      return i.aoffi;
    case F::kNdv:
      return i.ndv;
    case F::kDc:
      return i.dc;
    case F::kCl:
      return i.cl;
    case F::kMs:
      return i.ms;
    case F::kToff:
      return i.toff;
    case F::kF16:
      return w.f16_code;
    case F::kPd:
      return i.pd;
    case F::kCache:
      return w.cache;
    case F::kLod:
      return w.lod_code;
    case F::kComponent:
      return i.component;
    case F::kLc:
      return i.lc;
    case F::kNodep:
      return i.nodep;
    case F::kPm:
      return w.pm;
    case F::kSched:
      return w.sched;
    case F::kCount:
      break;
  }
  return 0;
}

std::string hex128(const Word128& w) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "0x%016llx%016llx", static_cast<unsigned long long>(w.hi),
                static_cast<unsigned long long>(w.lo));
  return buf;
}

[[gnu::cold]] Instruction raw_sm70(Instruction i, const Word128& w, unsigned hi, unsigned lo,
                                   const std::string& why, core::DiagSink& sink) {
  sink.warning("SASS-DECODE-OPCODE", core::BinaryLoc{i.origin.file, i.origin.offset, hi, lo, true},
               "word " + hex128(w) + " " + why, "nvidia_sm70_fields.md 1");
  i.kind = Kind::kRaw;
  i.text = why;
  return i;
}

}  // namespace

uint32_t wide_sched(const Control& c) {
  Control low = c;
  low.reuse = c.reuse & 0xfu;
  return encode_control(low, Phase::kNone) | (static_cast<uint32_t>((c.reuse >> 4) & 3u) << 21);
}

Control wide_control(uint32_t sched) {
  Control c = decode_control(sched & 0x1fffffu);
  c.reuse = static_cast<uint8_t>(c.reuse | (((sched >> 21) & 3u) << 4));
  return c;
}

Instruction decode_sm70(const Word128& word, std::string_view platform, const Origin& origin,
                        core::DiagSink& sink) {
  Instruction i;
  i.origin = origin;
  i.raw_word = word.lo;
  i.wide.raw_hi = word.hi;
  i.wide.sm = static_cast<uint8_t>(wide_sm(platform));
  i.ctrl = wide_control(static_cast<uint32_t>(word.get(105, 23)));
  const auto opcode = static_cast<uint16_t>(word.get(0, 12));
  const WideRow* row = wide_row(opcode, i.wide.sm);
  if (row == nullptr) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%03x", opcode);
    return raw_sm70(
        std::move(i), word, 11, 0,
        "has opcode " + std::string(buf) + ", no texture instruction of " + std::string(platform),
        sink);
  }
  if (const auto why = wide_reject(word, *row, i.wide.sm)) {
    return raw_sm70(std::move(i), word, why->hi, why->lo,
                    "is invalid: " + why->why + " (nvdisasm 11.8 rejects it)", sink);
  }
  i.op = row->op;
  i.wide.source = row->source;
  const WideLayout l = wide_layout(*row, i.wide.sm);
  for (uint8_t k = 0; k < l.count; ++k) {
    const WideBits& b = l.fields[k];
    put(i, b.field, word.get(b.lo, b.width));
  }
  i.kept_bits = word.lo & ~l.used.lo;
  i.wide.kept_hi = word.hi & ~l.used.hi;
  return i;
}

std::optional<Word128> encode_sm70(const Instruction& inst, core::DiagSink& sink) {
  const core::BinaryLoc at{inst.origin.file, inst.origin.offset, 0, 0, false};
  const unsigned sm = inst.wide.sm;
  const WideRow* row = wide_row_for(inst.op, inst.wide.source);
  if (row == nullptr || wide_row(row->opcode, sm) == nullptr) {
    sink.error("SASS-ENCODE", at, "this texture source has no encoding on SM" + std::to_string(sm),
               "nvidia_sm70_fields.md 1");
    return std::nullopt;
  }
  const WideLayout l = wide_layout(*row, sm);
  Word128 w{inst.kept_bits & ~l.used.lo, inst.wide.kept_hi & ~l.used.hi};
  w.set(0, 12, row->opcode);
  if (const auto b91 = wide_bit91(*row, sm)) w.set(91, 1, *b91 ? 1 : 0);
  for (uint8_t k = 0; k < l.count; ++k) {
    const WideBits& b = l.fields[k];
    const uint64_t v = take(inst, b.field);
    if (v >> b.width != 0) {
      sink.error("SASS-ENCODE",
                 core::BinaryLoc{inst.origin.file, inst.origin.offset,
                                 static_cast<uint32_t>(b.lo + b.width - 1), b.lo, true},
                 "value " + std::to_string(v) + " does not fit its " + std::to_string(b.width) +
                     "-bit field",
                 "nvidia_sm70_fields.md 2");
      return std::nullopt;
    }
    w.set(b.lo, b.width, v);
  }
  if (const auto why = wide_reject(w, *row, sm)) {
    sink.error("SASS-ENCODE", at, "the word would be invalid: " + why->why,
               "nvidia_sm70_fields.md 1");
    return std::nullopt;
  }
  return w;
}

}  // namespace texsim::isa::sass
