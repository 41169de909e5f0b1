// Codec: the worked example word, field positions, .F16 polarity, control fields, bundles,
// NOP padding, and placeholders for reserved encodings.
#include "isa/sass/codec.hpp"

#include <gtest/gtest.h>

#include "isa/sass/fields.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

Instruction dec(uint64_t w, std::optional<uint32_t> c, core::DiagSink& sink) {
  Origin o;
  o.file = "<word>";
  o.binary = true;
  return decode(w, c, o, sink);
}

TEST(SassCodec, WorkedExample) {
  // nvidia_tlds.md 1.8: 0xda1005cffff71006 + control 0x020000 = TLDS.LZ.T RZ, R6, R16, 0x5c, 1D,
  // RG.
  core::DiagSink sink;
  const Instruction i = dec(0xda1005cffff71006ull, 0x020000, sink);
  EXPECT_TRUE(sink.diagnostics().empty());
  EXPECT_EQ(i.kind, Kind::kInstruction);
  EXPECT_EQ(i.rd0, 6);
  EXPECT_EQ(i.ra, 16);
  EXPECT_EQ(i.rb, kRZ);
  EXPECT_EQ(i.rd1, kRZ);
  EXPECT_EQ(i.ts_idx, 0x5cu);
  EXPECT_EQ(i.mask, 0x3);
  EXPECT_EQ(i.param_a, ParamA::k1D);
  EXPECT_EQ(i.lod, Lod::kLZ);
  EXPECT_FALSE(i.f16);
  EXPECT_EQ(i.phase, Phase::kT);
  EXPECT_EQ(print_instruction(i), "TLDS.LZ.T RZ, R6, R16, 0x5c, 1D, RG ;");
  const auto e = encode(i, sink);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->word, 0xda1005cffff71006ull);
  EXPECT_EQ(e->control, 0x020000u);
}

TEST(SassCodec, F16IsBit59Clear) {
  core::DiagSink sink;
  Instruction i = dec(0xda1005cffff71006ull, 0, sink);
  i.f16 = true;
  const auto e = encode(i, sink);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->word, 0xda1005cffff71006ull & ~(uint64_t{1} << 59));
  EXPECT_EQ(e->word >> 56, 0xd2u);  // NXAS: 0xd210... TLDS.F16.LZ
  EXPECT_TRUE(dec(e->word, 0, sink).f16);
}

TEST(SassCodec, PhasePIsReuseBit1) {
  core::DiagSink sink;
  const Instruction i = dec(0xda1005cffff71006ull, 0x040000, sink);
  EXPECT_EQ(i.phase, Phase::kP);
  EXPECT_EQ(encode_control(i.ctrl, i.phase), 0x040000u);
}

TEST(SassCodec, ControlFields) {
  const Control c = decode_control(0x7e0);
  EXPECT_EQ(c, kDefaultControl);
  Control k{0xa, 1, 5, 2, 0x21, 0};
  const uint32_t bits = encode_control(k, Phase::kNone);
  EXPECT_EQ(bits, 0xau | (1u << 4) | (5u << 5) | (2u << 8) | (0x21u << 11));
  EXPECT_EQ(decode_control(bits), k);
}

TEST(SassCodec, PhaseBitsAsNvdisasmReadsThem) {
  // Control bits 18:17 = 3: nvdisasm prints .INVALIDPHASE3; the validator reports it.
  core::DiagSink sink;
  const Instruction i = dec(0xda1005cffff71006ull, 0x060000, sink);
  EXPECT_EQ(i.kind, Kind::kInstruction);
  EXPECT_EQ(i.phase, Phase::kInvalid3);
  EXPECT_TRUE(sink.diagnostics().empty());
  EXPECT_EQ(print_instruction(i), "TLDS.LZ.INVALIDPHASE3 RZ, R6, R16, 0x5c, 1D, RG ;");
  EXPECT_EQ(encode_control(i.ctrl, i.phase), 0x060000u);
  EXPECT_FALSE(validate(i, "SM52", sink));
  EXPECT_EQ(sink.diagnostics().at(0).rule_id, "SASS-TLDS-PHASE");
  const auto back = parse_line(print_instruction(i), "t.sass", 1, sink);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->phase, Phase::kInvalid3);
  // Bits 20:19: nvdisasm ignores them (prints .T here); texsim keeps them and warns.
  core::DiagSink s2;
  const Instruction j = dec(0xda1005cffff71006ull, 0x1a0000, s2);
  EXPECT_EQ(j.kind, Kind::kInstruction);
  EXPECT_EQ(print_instruction(j), "TLDS.LZ.T RZ, R6, R16, 0x5c, 1D, RG ;");
  EXPECT_EQ(encode_control(j.ctrl, j.phase), 0x1a0000u);
  ASSERT_EQ(s2.diagnostics().size(), 1u);
  EXPECT_EQ(s2.diagnostics()[0].rule_id, "SASS-DECODE-CTRL");
  EXPECT_FALSE(s2.has_errors());
}

TEST(SassCodec, ReservedEncodingIsAPlaceholder) {
  for (uint64_t enc : {3u, 9u, 10u, 11u, 13u, 14u, 15u}) {
    core::DiagSink sink;
    const uint64_t w = *fields::kEncoding.set(0xda1005cffff71006ull, enc);
    const Instruction i = dec(w, 0, sink);
    EXPECT_EQ(i.kind, Kind::kRaw);
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "SASS-DECODE-RESERVED");
    EXPECT_EQ(format_diagnostic(sink.diagnostics()[0]).substr(0, 23), "<word>+0x0[bits 56:53]:");
    char buf[64];
    std::snprintf(buf, sizeof buf, ".word 0x%016llx ;", static_cast<unsigned long long>(w));
    EXPECT_EQ(print_instruction(i), buf);
    const auto e = encode(i, sink);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->word, w);
  }
}

TEST(SassCodec, InvalidWriteMaskPrintsAsNvdisasm) {
  // Rd1 = R2, wmsk 5..7: no row of the 3/4-component table. nvdisasm prints INVALID5..7
  // (decisions T-section, issue 14); texsim decodes, prints and re-encodes the same, and the
  // validator reports SASS-TLDS-WMASK.
  for (uint64_t code : {5u, 6u, 7u}) {
    core::DiagSink sink;
    uint64_t w = *fields::kRd1.set(0xda1005cffff71006ull, 2);
    w = *fields::kWmsk.set(w, code);
    const Instruction i = dec(w, 0, sink);
    EXPECT_EQ(i.kind, Kind::kInstruction);
    EXPECT_TRUE(sink.diagnostics().empty());
    EXPECT_EQ(print_instruction(i),
              "TLDS.LZ R2, R6, R16, 0x5c, 1D, INVALID" + std::to_string(code) + " ;");
    const auto e = encode(i, sink);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->word, w);
    const auto back = parse_line(print_instruction(i), "t.sass", 1, sink);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->invalid_wmsk, code);
    EXPECT_EQ(encode(*back, sink)->word, w);
    EXPECT_FALSE(validate(i, "SM52", sink));
    EXPECT_EQ(sink.diagnostics().at(0).rule_id, "SASS-TLDS-WMASK");
  }
  // With Rd1 = RZ the same codes are the 2-component masks GA/BA, never INVALID.
  core::DiagSink sink;
  const auto rz = parse_line("TLDS.LZ RZ, R6, R16, 0x5c, 1D, INVALID5 ;", "t.sass", 1, sink);
  ASSERT_TRUE(rz);
  EXPECT_FALSE(encode(*rz, sink));
  EXPECT_EQ(sink.diagnostics().at(0).rule_id, "SASS-ENCODE");
}

TEST(SassCodec, UnknownOpcode) {
  core::DiagSink sink;
  const Instruction i = dec(0x4c98078000870001ull, 0, sink);  // MOV R1, c[0x0][0x20]
  EXPECT_EQ(i.kind, Kind::kRaw);
  EXPECT_EQ(sink.diagnostics().at(0).rule_id, "SASS-DECODE-OPCODE");
}

TEST(SassCodec, Nop) {
  core::DiagSink sink;
  const Instruction i = dec(fields::kNopWord, 0x7e0, sink);
  EXPECT_EQ(i.kind, Kind::kInstruction);
  EXPECT_EQ(i.op, Opcode::kNop);
  EXPECT_EQ(print_instruction(i), "NOP ;");
  EXPECT_EQ(encode(i, sink)->word, fields::kNopWord);
}

TEST(SassCodec, BundleStreamPadsWithNops) {
  const std::vector<EncodedWord> words{{0xda1005cffff71006ull, 0x020000}};
  const auto bytes = encode_stream(words);
  ASSERT_EQ(bytes.size(), 32u);
  uint64_t ctrl = 0;
  for (unsigned b = 0; b < 8; ++b) ctrl |= uint64_t{bytes[b]} << (8 * b);
  // slot 0: 0x020000; slots 1, 2: the NOP control 0x7e0.
  EXPECT_EQ(ctrl, 0x020000ull | (0x7e0ull << 21) | (0x7e0ull << 42));
  core::DiagSink sink;
  const auto insts = decode_stream(bytes, "x.bin", sink);
  ASSERT_EQ(insts.size(), 3u);
  EXPECT_TRUE(sink.diagnostics().empty());
  EXPECT_EQ(print_instruction(insts[0]), "TLDS.LZ.T RZ, R6, R16, 0x5c, 1D, RG ;");
  EXPECT_EQ(insts[0].origin.offset, 8u);
  EXPECT_EQ(insts[1].op, Opcode::kNop);
  EXPECT_EQ(insts[2].origin.offset, 24u);
  EXPECT_EQ(stream_offset(0), 8u);
  EXPECT_EQ(stream_offset(3), 40u);
}

TEST(SassCodec, StreamSizeAndControlBit63) {
  core::DiagSink sink;
  std::vector<uint8_t> odd(12, 0);
  EXPECT_TRUE(decode_stream(odd, "x.bin", sink).empty());
  EXPECT_EQ(sink.diagnostics().at(0).rule_id, "SASS-DECODE-SIZE");
  sink.clear();
  std::vector<uint8_t> b(16, 0);
  b[7] = 0x80;
  decode_stream(b, "x.bin", sink);
  EXPECT_EQ(sink.diagnostics().at(0).rule_id, "SASS-DECODE-CTRL");
}

// F2 (docs/reliability.md): a stream that ends inside a bundle decoded with no diagnostic, and
// re-encoding padded it. It now decodes with a SASS-DECODE-SIZE warning; whole bundles do not.
TEST(SassCodec, PartialBundleWarns) {
  const std::vector<EncodedWord> words{{0xda1005cffff71006ull, 0x020000}};
  const auto bundle = encode_stream(words);
  core::DiagSink sink;
  EXPECT_EQ(decode_stream(bundle, "x.bin", sink).size(), 3u);
  EXPECT_TRUE(sink.diagnostics().empty());
  const std::vector<uint8_t> partial(bundle.begin(), bundle.begin() + 16);
  const auto insts = decode_stream(partial, "x.bin", sink);
  ASSERT_EQ(insts.size(), 1u);
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "SASS-DECODE-SIZE");
  EXPECT_EQ(sink.diagnostics()[0].severity, core::Severity::kWarning);
  EXPECT_FALSE(sink.has_errors());
}

TEST(SassCodec, EncodeRejectsOversizedFields) {
  core::DiagSink sink;
  Instruction i = dec(0xda1005cffff71006ull, 0, sink);
  i.ts_idx = 0x2000;
  EXPECT_FALSE(encode(i, sink));
  EXPECT_EQ(sink.diagnostics().at(0).rule_id, "SASS-ENCODE");
}

// TEX.LC (decisions T70): bit 58, printed after the lod as nvdisasm 11.8 prints it (the words
// below are nvdisasm's), text and word both ways.
TEST(SassCodec, TexLcIsBit58) {
  const std::pair<uint64_t, std::string_view> kWords[] = {
      {0xc43805609ff00800ull, "@P0 TEX.LC R0, R8, 0x56, ARRAY_1D, 0x1 ;"},
      {0xc50593609f767c45ull, "@P6 TEX.LB.LC.DC P0, R69, R124, R247, 0x1936, ARRAY_1D, 0x1 ;"},
      {0xc56f23eebde5c099ull,
       "@P5 TEX.LB.LC.AOFFI.DC.NDV.NODEP P5, R153, R192, R222, 0x123e, ARRAY_2D, 0xd ;"},
      {0xc75db50cf1446beaull,
       "@P4 TEX.LBA.LC.AOFFI.DC.NDV P3, R234, R107, R20, 0x1b50, ARRAY_CUBE, 0x9 ;"},
  };
  for (const auto& [word, text] : kWords) {
    core::DiagSink sink;
    Origin o;
    o.binary = true;
    const Instruction d = decode(word, std::nullopt, o, sink, "SM61");
    EXPECT_EQ(print_instruction(d), text);
    EXPECT_TRUE(d.lc);
    const auto parsed = parse_program(text, "lc.sass", sink);
    ASSERT_EQ(parsed.size(), 1u);
    EXPECT_EQ(encode(parsed[0], sink)->word, word) << text;
    EXPECT_FALSE(sink.has_errors());
  }
}

}  // namespace
}  // namespace texsim::isa::sass
