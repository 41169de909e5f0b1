// Volta+ programs in and out for the SASS front end (issue 26): 128-bit word streams, listings'
// architecture line, and the words an assembled program consists of.
#include "isa/sass/frontend_sm70.hpp"

#include <cstdio>

#include "isa/sass/codec_sm70.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/listing.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {

namespace {

uint64_t get64(std::span<const uint8_t> b, size_t off) {
  uint64_t v = 0;
  for (unsigned i = 0; i < 8; ++i) v |= uint64_t{b[off + i]} << (8 * i);
  return v;
}

}  // namespace

unsigned listing_wide_sm(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t nl = text.find('\n', pos);
    const std::string_view line = text.substr(pos, nl == std::string_view::npos ? nl : nl - pos);
    if (const auto s = listing_structure(line); s && s->kind == ListingLine::Kind::kCodeFor)
      return wide_sm("SM" + std::to_string(s->sm));
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return 0;
}

std::vector<Instruction> decode_wide_stream(std::span<const uint8_t> bytes, const std::string& name,
                                            uint64_t offset, unsigned sm, core::DiagSink& sink) {
  std::vector<Instruction> out;
  if (bytes.size() % 16 != 0) {
    sink.error("SASS-DECODE-STREAM", core::BinaryLoc{name, offset + bytes.size(), 0, 0, false},
               "a Volta+ stream is whole 128-bit words (16 bytes each); " +
                   std::to_string(bytes.size()) + " bytes leave " +
                   std::to_string(bytes.size() % 16) + " over",
               "nvidia_sm70_fields.md 1");
    return out;
  }
  const std::string arch = "SM" + std::to_string(sm);
  for (size_t at = 0; at < bytes.size(); at += 16) {
    Origin o;
    o.file = name;
    o.offset = offset + at;
    o.binary = true;
    out.push_back(decode_sm70(Word128{get64(bytes, at), get64(bytes, at + 8)}, arch, o, sink));
  }
  return out;
}

std::optional<Word128> wide_word(const Instruction& inst, core::DiagSink& sink) {
  switch (inst.kind) {
    case Kind::kInstruction:
      return encode_sm70(inst, sink);
    case Kind::kRaw:
      return Word128{inst.raw_word, inst.wide.raw_hi};
    case Kind::kUnsupported:
      if (inst.word_given) return Word128{inst.raw_word, inst.wide.raw_hi};
      break;
  }
  const core::TextLoc at{inst.origin.file, inst.origin.line,
                         inst.origin.column[static_cast<size_t>(Slot::kInstr)]};
  sink.error("SASS-UNSUPPORTED", at,
             "'" + inst.text.str() + "' is not an instruction texsim can encode on SM" +
                 std::to_string(inst.wide.sm) +
                 " (TEX, TLD, TLD4, TXD, TMML, TXQ); give its 128 bits as .word 0x<32 hex "
                 "digits> or as a cuobjdump listing's two /* 0x... */ comments",
             "nvidia_sm70_fields.md 1");
  return std::nullopt;
}

std::optional<std::vector<EncodedInstruction>> encode_wide(std::span<const Instruction> program,
                                                           core::DiagSink& sink) {
  std::vector<EncodedInstruction> out;
  bool ok = true;
  for (size_t k = 0; k < program.size(); ++k) {
    const auto w = wide_word(program[k], sink);
    if (!w) {
      ok = false;
      continue;
    }
    EncodedInstruction e;
    e.offset = 16 * k;
    for (unsigned b = 0; b < 8; ++b) e.bytes.push_back(static_cast<uint8_t>(w->lo >> (8 * b)));
    for (unsigned b = 0; b < 8; ++b) e.bytes.push_back(static_cast<uint8_t>(w->hi >> (8 * b)));
    char buf[48];
    std::snprintf(buf, sizeof buf, "  /* 0x%016llx%016llx */",
                  static_cast<unsigned long long>(w->hi), static_cast<unsigned long long>(w->lo));
    e.text = print_instruction(program[k]) + buf;
    out.push_back(std::move(e));
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace texsim::isa::sass
