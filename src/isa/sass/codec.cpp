// Encoding and decoding of instruction words (by their OpSpec rows), control fields and bundle
// streams. Never prints.
#include "isa/sass/codec.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstring>

#include "isa/sass/encoding.hpp"
#include "isa/sass/fields.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"

namespace texsim::isa::sass {

namespace f = fields;

namespace {

core::BinaryLoc bin_loc(const Origin& o, const core::BitField& field) {
  return core::BinaryLoc{o.file, o.offset, field.hi, field.lo, true};
}

core::BinaryLoc ctrl_loc(const Origin& o, const core::BitField& field) {
  const unsigned base = f::kControlBits * o.ctrl_slot;
  return core::BinaryLoc{o.file, o.ctrl_offset, base + field.hi, base + field.lo, true};
}

std::string hex64(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

core::Location text_or_bin(const Instruction& i) {
  if (i.origin.binary) return core::BinaryLoc{i.origin.file, i.origin.offset, 0, 0, false};
  return core::TextLoc{i.origin.file, i.origin.line, i.origin.column[0]};
}

Instruction raw(uint64_t word, std::optional<uint32_t> control, const Origin& origin,
                std::string why) {
  Instruction r;
  r.kind = Kind::kRaw;
  r.raw_word = word;
  r.text = std::move(why);
  r.origin = origin;
  if (control) {
    r.ctrl = decode_control(*control);
    r.has_ctrl = true;
  }
  return r;
}

inline Control control_of(uint32_t bits) {
  Control c;
  c.stall = static_cast<uint8_t>(f::kStall.get(bits));
  c.yield_bit = static_cast<uint8_t>(f::kYield.get(bits));
  c.wr_bar = static_cast<uint8_t>(f::kWrBar.get(bits));
  c.rd_bar = static_cast<uint8_t>(f::kRdBar.get(bits));
  c.wait = static_cast<uint8_t>(f::kWait.get(bits));
  c.reuse = static_cast<uint8_t>(f::kReuse.get(bits));
  return c;
}

}  // namespace

uint32_t encode_control(const Control& c, Phase phase) {
  uint8_t reuse = c.reuse;
  if (phase == Phase::kT) reuse |= f::kReuseT;
  if (phase == Phase::kP) reuse |= f::kReuseP;
  if (phase == Phase::kInvalid3) reuse |= f::kReuseT | f::kReuseP;
  uint64_t w = 0;
  w = f::kStall.set(w, c.stall & f::kStall.max_value()).value_or(w);
  w = f::kYield.set(w, c.yield_bit & 1u).value_or(w);
  w = f::kWrBar.set(w, c.wr_bar & f::kWrBar.max_value()).value_or(w);
  w = f::kRdBar.set(w, c.rd_bar & f::kRdBar.max_value()).value_or(w);
  w = f::kWait.set(w, c.wait & f::kWait.max_value()).value_or(w);
  w = f::kReuse.set(w, reuse & f::kReuse.max_value()).value_or(w);
  return static_cast<uint32_t>(w);
}

Control decode_control(uint32_t bits) {
  return control_of(bits);
}

namespace {

// The mode row (TLDS, TEXS, TLD4S) an instruction encodes with: nullptr (and true) for rows
// without a mode table; false after SASS-ENCODE when no row has the combination.
bool encodable_mode(const OpSpec& spec, const Instruction& inst, const ModeRow*& row,
                    core::DiagSink& sink) {
  row = nullptr;
  if (spec.modes.empty()) return true;
  row = mode_row(spec, inst);
  if (row != nullptr) return true;
  sink.error(
      "SASS-ENCODE", text_or_bin(inst),
      "no " + std::string(spec.mnemonic) + " encoding for this combination of " + mode_words(spec),
      std::string(spec.mode_citation));
  return false;
}

// The write-mask code of TLDS/TEXS (2- or 3/4-component table by Rd1; INVALIDn as written):
// nullopt and true for rows without one; false after SASS-ENCODE when the mask has no code.
bool encodable_mask(const EncodingRow& enc, const Instruction& inst, std::optional<uint8_t>& code,
                    core::DiagSink& sink) {
  code.reset();
  if (field_of(enc, Role::kWmsk) == nullptr) return true;
  const auto& table = inst.rd1 == kRZ ? write_masks_2c() : write_masks_34c();
  for (const auto& m : table) {
    if (m.components == inst.mask) code = m.code;
  }
  if (inst.invalid_wmsk != 0) {
    // INVALIDn (nvdisasm's name for 3/4-component codes 5..7) encodes its code as written.
    code = inst.rd1 != kRZ ? std::optional<uint8_t>(inst.invalid_wmsk) : std::nullopt;
  }
  if (code) return true;
  sink.error("SASS-ENCODE", text_or_bin(inst),
             "write mask " + mask_name_of(inst.mask) + " has no encoding with Rd1 " +
                 (inst.rd1 == kRZ ? "= RZ" : "!= RZ"),
             "sass-tlds.md, Legal modifier table for Rd1,Rd0,wmsk");
  return false;
}

// The value of one field: the Instruction member its role holds, in the field's terms (a mode
// row's encoding, a mask code, a lod code); nullopt after SASS-ENCODE (a lod the row lacks).
std::optional<uint64_t> field_value(const OpSpec& spec, const EncodingRow& enc, const WordField& f,
                                    const Instruction& inst, const ModeRow* row,
                                    std::optional<uint8_t> mask_code, core::DiagSink& sink) {
  switch (f.role) {
    case Role::kRd0:
      return inst.rd0;
    case Role::kRa:
      return inst.ra;
    case Role::kPred:
      return inst.pred;
    case Role::kPredNeg:
      return inst.pred_neg;
    case Role::kRb:
      return inst.rb;
    case Role::kRd1:
      return inst.rd1;
    case Role::kTsIdx:
      return inst.ts_idx;
    case Role::kNodep:
      return inst.nodep;
    case Role::kWmsk:
      return mask_code.value_or(0);
    case Role::kMode:
      return row != nullptr ? row->encoding : 0;
    case Role::kF32:
      return inst.f16 ? 0 : 1;
    case Role::kF16:
      return inst.f16;
    case Role::kComponent:
      return inst.component;
    case Role::kRtz:
      return inst.rtz;
    case Role::kPd:
      return inst.pd;
    case Role::kDim:
      return wide_param_a_code(inst.param_a);
    case Role::kMask4:
      return inst.mask;
    case Role::kLodSel: {
      size_t k = 0;
      while (k < enc.lod_codes.size() && enc.lod_codes[k] != inst.lod) ++k;
      if (k == enc.lod_codes.size()) {
        sink.error("SASS-ENCODE", text_or_bin(inst),
                   std::string(spec.mnemonic) + " has no ." +
                       std::string(spelling(Mod::kLod, static_cast<uint8_t>(inst.lod))) +
                       " encoding",
                   std::string(f.bits.citation));
        return std::nullopt;
      }
      return k;
    }
    case Role::kAoffi:
      return inst.aoffi;
    case Role::kDc:
      return inst.dc;
    case Role::kMs:
      return inst.ms;
    case Role::kNdv:
      return inst.ndv;
    case Role::kCl:
      return inst.cl;
    case Role::kLc:
      return inst.lc;
    case Role::kToff:
      return inst.toff;
    case Role::kQuery:
      return inst.query;
    case Role::kIgnored:
      return f.bits.get(inst.kept_bits);
  }
  return 0;
}

}  // namespace

std::optional<EncodedWord> encode(const Instruction& inst, core::DiagSink& sink) {
  if (inst.kind == Kind::kRaw)
    return EncodedWord{inst.raw_word, encode_control(inst.ctrl, Phase::kNone)};
  if (inst.kind == Kind::kUnsupported && inst.word_given)
    return EncodedWord{inst.raw_word, encode_control(inst.ctrl, Phase::kNone)};
  if (inst.kind == Kind::kUnsupported) {
    sink.error("SASS-UNSUPPORTED", text_or_bin(inst),
               "'" + inst.text.str() + "' is not an instruction texsim can encode (" +
                   modelled_mnemonics() + ")",
               "sass-tlds.md");
    return std::nullopt;
  }
  const OpSpec& spec = op_spec(inst.op);
  const EncodingRow& enc = sm50_row(inst);
  const uint32_t control = encode_control(inst.ctrl, inst.phase);
  if (enc.rtz && !inst.f16) {
    sink.error("SASS-ENCODE", text_or_bin(inst),
               std::string(spec.mnemonic) + ".RTZ has an encoding only with .F16",
               "decisions.md T20, T27, T71");
    return std::nullopt;
  }
  const ModeRow* row = nullptr;
  std::optional<uint8_t> mask_code;
  if (!encodable_mode(spec, inst, row, sink) || !encodable_mask(enc, inst, mask_code, sink))
    return std::nullopt;
  uint64_t w = enc.match;
  for (const WordField& f : enc.fields) {
    const auto v = field_value(spec, enc, f, inst, row, mask_code, sink);
    if (!v) return std::nullopt;
    if (auto n = f.bits.set(w, *v)) {
      w = *n;
      continue;
    }
    sink.error("SASS-ENCODE", text_or_bin(inst),
               std::string(f.bits.name) + " value " + std::to_string(*v) + " does not fit bits " +
                   std::to_string(f.bits.hi) + ":" + std::to_string(f.bits.lo),
               std::string(f.bits.citation));
    return std::nullopt;
  }
  // Bits nvdisasm ignores on the word's platform, kept from the decoded word (decisions T25).
  w |= inst.kept_bits & ~enc.mask;
  return EncodedWord{w, control};
}

namespace {

// The fields of a row without a mode table (TEX, TLD, TLD4, TXD) into `i`, and its platform
// gates: false (with a SASS-DECODE-OPCODE warning) where nvdisasm rejects the word.
[[gnu::noinline]] bool decode_wide(Instruction& i, const OpSpec& spec, const EncodingRow& enc,
                                   std::span<const uint64_t, kRoleCount> v, uint64_t word,
                                   core::DiagSink& sink, std::string_view platform) {
  auto at = [&](Role r) { return v[static_cast<size_t>(r)]; };
  i.pd = static_cast<uint8_t>(at(Role::kPd));
  i.param_a = wide_param_a(static_cast<uint8_t>(at(Role::kDim)));
  i.mask = static_cast<uint8_t>(at(Role::kMask4));
  const auto lod = static_cast<size_t>(at(Role::kLodSel));
  i.lod = lod < enc.lod_codes.size() ? enc.lod_codes[lod] : Lod::kAuto;
  i.toff = static_cast<uint8_t>(at(Role::kToff));
  i.aoffi = at(Role::kAoffi) != 0 || i.toff == 1;
  i.dc = at(Role::kDc) != 0;
  i.ms = at(Role::kMs) != 0;
  i.ndv = at(Role::kNdv) != 0;
  i.cl = at(Role::kCl) != 0;
  i.lc = at(Role::kLc) != 0;
  i.query = static_cast<uint8_t>(at(Role::kQuery));
  for (const WordField& w : enc.fields) {
    if (w.role == Role::kIgnored) i.kept_bits |= word & w.bits.mask();
  }
  if (const WordField* q = field_of(enc, Role::kQuery);
      q != nullptr && query_text(i.query).empty()) {
    sink.warning("SASS-DECODE-RESERVED", bin_loc(i.origin, q->bits),
                 std::string(spec.mnemonic) + " query code " + std::to_string(i.query) +
                     " is not a query nvdisasm 11.8 knows (it rejects the word)",
                 std::string(q->bits.citation));
    return false;
  }
  for (const Gate& g : enc.gates) {
    const WordField* fw = field_of(enc, g.role);
    if (fw == nullptr || at(g.role) == g.off) continue;
    if (!g.first.empty() && !platform_at_least(platform, g.first)) {
      sink.warning("SASS-DECODE-OPCODE", bin_loc(i.origin, fw->bits),
                   "word " + hex64(word) + " would be " + std::string(spec.mnemonic) + " with " +
                       std::string(fw->bits.name) + " = " + std::to_string(at(g.role)) +
                       ", which " + std::string(platform) +
                       " does not have (nvdisasm 11.8 rejects it; " + std::string(g.first) +
                       " and later accept it)",
                   std::string(spec.mode_citation));
      return false;
    }
    if (!g.last.empty() && !platform.empty() && !platform_at_least(g.last, platform)) {
      // nvdisasm ignores the bit here: keep it for the round trip, print nothing.
      i.kept_bits |= fw->bits.mask();
      if (g.role == Role::kNdv) i.ndv = false;
    }
  }
  if (i.kept_bits != 0) {
    // Like TLDS's control bits 20:19 (decisions T12): the binary round-trips, the text cannot.
    const auto hi = static_cast<unsigned>(63 - std::countl_zero(i.kept_bits));
    const auto lo = static_cast<unsigned>(std::countr_zero(i.kept_bits));
    sink.warning("SASS-DECODE-IGNORED",
                 core::BinaryLoc{i.origin.file, i.origin.offset, hi, lo, true},
                 std::string(spec.mnemonic) + " word " + hex64(word) + " sets bits (" +
                     hex64(i.kept_bits) + ") that nvdisasm 11.8 ignores" +
                     (platform.empty() ? "" : " on " + std::string(platform)) +
                     "; they are kept, so the word re-encodes, but no text shows them",
                 "decisions.md T25, T27");
  }
  return true;
}

// The cold ends of decode_into: each reports why a word does not decode and turns `i` into the
// kRaw placeholder. Kept out of line so that the hot path has no string temporaries on its
// stack (issue 18 item 4, decode speed).
void give_raw(Instruction& i, uint64_t word, uint32_t ctrl_bits, bool has_ctrl, std::string why) {
  const Origin o = std::move(i.origin);
  i = raw(word, has_ctrl ? std::optional<uint32_t>(ctrl_bits) : std::nullopt, o, std::move(why));
}

[[gnu::cold, gnu::noinline]] void nop_reuse(Instruction& i, uint32_t ctrl_bits, bool has_ctrl,
                                            core::DiagSink& sink) {
  sink.warning("SASS-DECODE-CTRL", ctrl_loc(i.origin, f::kReuse),
               "NOP has no operands to reuse, but reuse bits are " + std::to_string(i.ctrl.reuse),
               "nvidia_tlds.md 1.2");
  give_raw(i, i.raw_word, ctrl_bits, has_ctrl, "NOP with reuse bits");
}

[[gnu::cold, gnu::noinline]] void not_decoded(Instruction& i, uint64_t word, uint32_t ctrl_bits,
                                              bool has_ctrl, core::DiagSink& sink) {
  sink.warning("SASS-DECODE-OPCODE", bin_loc(i.origin, core::BitField{"opcode", 63, 48}),
               "word " + hex64(word) + " is not an instruction texsim decodes (" +
                   modelled_mnemonics() + ")",
               "nvidia_tlds.md 1.4");
  give_raw(i, word, ctrl_bits, has_ctrl, "not " + modelled_mnemonics(" or "));
}

[[gnu::cold, gnu::noinline]] void f16_missing(Instruction& i, const OpSpec& spec,
                                              const EncodingRow& enc, uint64_t word,
                                              uint32_t ctrl_bits, bool has_ctrl,
                                              core::DiagSink& sink, std::string_view platform) {
  const std::string mn(spec.mnemonic);
  const WordField* f16_field = field_of(enc, Role::kF16);
  if (f16_field == nullptr) f16_field = field_of(enc, Role::kF32);
  sink.warning("SASS-DECODE-OPCODE", bin_loc(i.origin, f16_field->bits),
               "word " + hex64(word) + " would be " + mn + ".F16, which " + std::string(platform) +
                   " does not have (nvdisasm rejects it; " + mn + ".F16 exists from SM52)",
               "decisions.md T-section (issue 14)");
  give_raw(i, word, ctrl_bits, has_ctrl, mn + ".F16 on " + std::string(platform));
}

[[gnu::cold, gnu::noinline]] void not_on_platform(Instruction& i, const OpSpec& spec, uint64_t word,
                                                  uint32_t ctrl_bits, bool has_ctrl,
                                                  std::string_view platform) {
  give_raw(i, word, ctrl_bits, has_ctrl,
           "not " + std::string(spec.mnemonic) + " on " + std::string(platform));
}

[[gnu::cold, gnu::noinline]] void reserved_mode(Instruction& i, const OpSpec& spec,
                                                const EncodingRow& enc, uint8_t mode, uint64_t word,
                                                uint32_t ctrl_bits, bool has_ctrl,
                                                core::DiagSink& sink) {
  const std::string mn(spec.mnemonic);
  const WordField* mf = field_of(enc, Role::kMode);
  std::string legal;
  for (const auto& r : spec.modes)
    legal += (legal.empty() ? "" : ", ") + std::to_string(r.encoding);
  sink.warning(
      "SASS-DECODE-RESERVED", bin_loc(i.origin, mf->bits),
      mn + " paramA/lod encoding " + std::to_string(mode) + " is reserved (legal: " + legal + ")",
      std::string(spec.mode_citation));
  give_raw(i, word, ctrl_bits, has_ctrl, "reserved " + mn + " encoding " + std::to_string(mode));
}

[[gnu::cold, gnu::noinline]] void ignored_reuse(const Instruction& i, const OpSpec& spec,
                                                core::DiagSink& sink) {
  const std::string mn(spec.mnemonic);
  sink.warning("SASS-DECODE-CTRL", ctrl_loc(i.origin, core::BitField{"reuse[3:2]", 20, 19}),
               mn + " control bits 20:19 are " + std::to_string(i.ctrl.reuse >> 2) + ": " + mn +
                   " has no operand reuse and nvdisasm ignores them; they do not print",
               "nvidia_tlds.md 1.2; decisions.md T-section");
}

// The mask a write-mask code stands for (the tables are in code order; the search is for a
// table that is not); Rd1 != RZ with codes 5..7 is INVALID5..7.
inline void set_write_mask(Instruction& i, uint8_t wm) {
  const auto table = i.rd1 == kRZ ? write_masks_2c() : write_masks_34c();
  const WriteMaskRow* hit = wm < table.size() && table[wm].code == wm ? &table[wm] : nullptr;
  for (size_t k = 0; hit == nullptr && k < table.size(); ++k) {
    if (table[k].code == wm) hit = &table[k];
  }
  if (hit != nullptr) {
    i.mask = hit->components;
  } else {
    // Codes 5..7 with Rd1 != RZ: nvdisasm prints INVALID5..7 (it does not reject the word);
    // the validator still reports SASS-<op>-WMASK (decisions T-section, issue 14).
    i.invalid_wmsk = wm;
    i.mask = 0;
  }
}

// Decodes into `i`, whose origin is already set (decode_stream builds the instructions in place:
// issue 18 item 4, decode speed). Walks the word's OpSpec row. `has_ctrl`: the word came with
// its control field `ctrl_bits` (otherwise ctrl_bits is 0 and does not print).
void decode_into(Instruction& i, uint64_t word, uint32_t ctrl_bits, bool has_ctrl,
                 core::DiagSink& sink, std::string_view platform) {
  const EncodingRow* enc = sm50_row_for_word(word);
  if (enc != nullptr && enc->op == Opcode::kNop) {
    i.op = Opcode::kNop;
    i.pred = static_cast<uint8_t>(f::kPred.get(word));
    i.pred_neg = f::kPredNeg.get(word) != 0;
    i.ctrl = control_of(ctrl_bits);
    i.has_ctrl = has_ctrl;
    i.raw_word = word;
    if (i.ctrl.reuse != 0) nop_reuse(i, ctrl_bits, has_ctrl, sink);
    return;
  }
  // TLD4S with bit 54 set is TXQ/TMML, except TLD4S.F16.RTZ on SM60+ (decisions T20).
  if (enc != nullptr && enc->op == Opcode::kTld4s && f::kTld4sRtz.get(word) != 0 &&
      (f::kTld4sF16.get(word) == 0 ||
       !platform_at_least(platform, op_spec(Opcode::kTld4s).rtz_from))) {
    enc = nullptr;
  }
  // The .F16.RTZ rows exist from SM60 on (TLDS/TEXS bit 58: nvdisasm -b SM52 rejects it, T71).
  if (enc != nullptr && enc->rtz && !platform_at_least(platform, op_spec(enc->op).rtz_from))
    enc = nullptr;
  if (enc == nullptr) return not_decoded(i, word, ctrl_bits, has_ctrl, sink);
  const OpSpec* spec = &op_spec(enc->op);
  i.op = enc->op;
  i.raw_word = word;
  // Every field's value by role, defaults where the opcode has no such field; one pass, no
  // branch per field (issue 18 item 4, decode speed).
  constexpr uint64_t kAbsent = kRoleAbsent;
  std::array<uint64_t, kRoleCount> v;  // extract_fields writes every role
  extract_fields(*enc, word, v);
  auto at = [&](Role r) { return v[static_cast<size_t>(r)]; };
  i.rd0 = static_cast<uint8_t>(at(Role::kRd0));
  i.ra = static_cast<uint8_t>(at(Role::kRa));
  i.pred = static_cast<uint8_t>(at(Role::kPred));
  i.pred_neg = at(Role::kPredNeg) != 0;
  i.rb = static_cast<uint8_t>(at(Role::kRb));
  i.rd1 = static_cast<uint8_t>(at(Role::kRd1));
  i.ts_idx = static_cast<uint32_t>(at(Role::kTsIdx));
  i.nodep = at(Role::kNodep) != 0;
  const bool rtz_row = enc->rtz;
  i.f16 = at(Role::kF32) == 0 || at(Role::kF16) != 0 || rtz_row;
  i.component = static_cast<uint8_t>(at(Role::kComponent));
  i.rtz = at(Role::kRtz) != 0 || rtz_row;
  if (i.f16 && !f16_exists(platform))
    return f16_missing(i, *spec, *enc, word, ctrl_bits, has_ctrl, sink, platform);
  if (spec->modes.empty()) {
    if (!decode_wide(i, *spec, *enc, v, word, sink, platform))
      return not_on_platform(i, *spec, word, ctrl_bits, has_ctrl, platform);
  } else {
    const auto mode = static_cast<uint8_t>(at(Role::kMode));
    const ModeRow* row = mode_by_encoding(*spec, mode);
    if (row == nullptr) return reserved_mode(i, *spec, *enc, mode, word, ctrl_bits, has_ctrl, sink);
    set_mode(i, *row);
  }
  if (at(Role::kWmsk) != kAbsent) {
    set_write_mask(i, static_cast<uint8_t>(at(Role::kWmsk)));
  } else if (!spec->modes.empty()) {
    i.mask = spec->fixed_components;
  }
  i.ctrl = control_of(ctrl_bits);
  i.has_ctrl = has_ctrl;
  const uint8_t reuse = i.ctrl.reuse;
  // nvdisasm 11.8 reads the texture phase from control bits 18:17 alone (3 prints
  // .INVALIDPHASE3) and ignores bits 20:19 (decisions T-section, issue 14). Those stay in
  // ctrl.reuse, so the binary round-trips, but no text form shows them: say so.
  const uint8_t phase_bits = reuse & (f::kReuseT | f::kReuseP);
  i.phase = phase_bits == f::kReuseT   ? Phase::kT
            : phase_bits == f::kReuseP ? Phase::kP
            : phase_bits != 0          ? Phase::kInvalid3
                                       : Phase::kNone;
  i.ctrl.reuse = static_cast<uint8_t>(reuse & ~phase_bits);
  if (i.ctrl.reuse != 0) ignored_reuse(i, *spec, sink);
}

// A little-endian 64-bit word at `p` (SASS streams are little-endian: nvidia_tlds.md 1.1).
inline uint64_t load_le64(const uint8_t* p) {
  uint64_t v = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&v, p, sizeof v);
  } else {
    for (unsigned b = 0; b < 8; ++b) v |= uint64_t{p[b]} << (8 * b);
  }
  return v;
}

}  // namespace

Instruction decode(uint64_t word, std::optional<uint32_t> control, const Origin& origin,
                   core::DiagSink& sink, std::string_view platform) {
  Instruction i;
  i.origin = origin;
  decode_into(i, word, control.value_or(0), control.has_value(), sink, platform);
  return i;
}

uint64_t stream_offset(size_t i) {
  return (i / f::kBundleSlots) * f::kBundleBytes + 8 * (i % f::kBundleSlots + 1);
}

std::vector<uint8_t> encode_stream(std::span<const EncodedWord> words) {
  std::vector<uint8_t> out;
  auto put64 = [&](uint64_t v) {
    for (unsigned b = 0; b < 8; ++b) out.push_back(static_cast<uint8_t>(v >> (8 * b)));
  };
  const uint32_t pad_ctrl = encode_control(kDefaultControl, Phase::kNone);
  for (size_t base = 0; base < words.size(); base += f::kBundleSlots) {
    uint64_t ctrl = 0;
    for (unsigned s = 0; s < f::kBundleSlots; ++s) {
      const uint32_t c = base + s < words.size() ? words[base + s].control : pad_ctrl;
      ctrl = f::control_slot(s).set(ctrl, c).value_or(ctrl);
    }
    put64(ctrl);
    for (unsigned s = 0; s < f::kBundleSlots; ++s) {
      put64(base + s < words.size() ? words[base + s].word : f::kNopWord);
    }
  }
  return out;
}

std::vector<Instruction> decode_stream(std::span<const uint8_t> bytes, const std::string& name,
                                       core::DiagSink& sink, uint64_t base,
                                       std::string_view platform) {
  std::vector<Instruction> out;
  out.reserve(bytes.size() / f::kBundleBytes * f::kBundleSlots + f::kBundleSlots);
  if (bytes.size() % 8 != 0) {
    sink.error("SASS-DECODE-SIZE", core::BinaryLoc{name, base, 0, 0, false},
               "a SASS stream is a sequence of 64-bit words; " + std::to_string(bytes.size()) +
                   " bytes is not a multiple of 8",
               "nvidia_tlds.md 1.1");
    return out;
  }
  // Every instruction starts as a copy of this one (a copy, not a default construction: that
  // zeroes the whole Instruction with a `rep stos` first; issue 18 item 4, decode speed).
  Instruction proto;
  proto.origin.file = FileName(name);  // interned once, copied as a pointer per instruction
  proto.origin.binary = true;
  const uint8_t* const data = bytes.data();
  for (size_t bundle = 0; bundle < bytes.size(); bundle += f::kBundleBytes) {
    const uint64_t ctrl = load_le64(data + bundle);
    if ((ctrl & f::kControlWordReserved) != 0) {
      sink.warning("SASS-DECODE-CTRL", core::BinaryLoc{name, base + bundle, 63, 63, true},
                   "bit 63 of a control word is 0 on Maxwell/Pascal", "nvidia_tlds.md 1.1");
    }
    const size_t slots = std::min<size_t>(f::kBundleSlots, (bytes.size() - bundle) / 8 - 1);
    for (unsigned s = 0; s < slots; ++s) {
      const size_t off = bundle + size_t{8} * (s + 1);
      Instruction& i = out.emplace_back(proto);
      Origin& o = i.origin;
      o.offset = base + off;
      o.ctrl_offset = base + bundle;
      o.ctrl_slot = static_cast<uint8_t>(s);
      decode_into(i, load_le64(data + off), static_cast<uint32_t>(f::control_slot(s).get(ctrl)),
                  true, sink, platform);
    }
  }
  if (bytes.size() % f::kBundleBytes != 0) {
    // F2: the stream ends inside a bundle. It still decodes (the words are whole), but it does
    // not round-trip: encoding pads the last bundle with NOPs, so say so.
    const size_t last = bytes.size() - bytes.size() % f::kBundleBytes;
    sink.warning("SASS-DECODE-SIZE", core::BinaryLoc{name, base + last, 0, 0, false},
                 "the stream ends inside a bundle: " + std::to_string(bytes.size()) +
                     " bytes is not a multiple of " + std::to_string(f::kBundleBytes) +
                     " (control word + 3 instructions); encoding pads it with NOPs",
                 "nvidia_tlds.md 1.1");
  }
  return out;
}

}  // namespace texsim::isa::sass
