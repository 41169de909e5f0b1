// TEX, TLD, TLD4, TXD (issue 19, decisions T23-T27): ptxas-emitted words parse from nvdisasm's
// text and encode back to themselves, and every new rule has a passing and a failing case.
#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "isa/sass/codec.hpp"
#include "isa/sass/encoding.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

// nvdisasm 11.8 text and encoding of instructions ptxas 11.8 emitted for the sampling and fetch
// corpora (tests/vendor/sass/ptxas_cubins.cpp, sm_61).
struct Real {
  const char* text;
  uint64_t word;
};
constexpr Real kReal[] = {
    {"@P0 TEX.P R4, R8, 0x52, ARRAY_1D, 0xf ;", 0xc03805279ff00804ull},
    {"TEX.AOFFI.P R6, R4, R11, 0x52, 3D, 0x3 ;", 0xc0780521c0b70406ull},
    {"TEX.LL.P R10, R4, R0, 0x52, 3D, 0x3 ;", 0xc1b80521c007040aull},
    {"TEX.LZ.P R8, R8, 0x52, ARRAY_CUBE, 0x3 ;", 0xc0b80521fff70808ull},
    {"TEX.NDV.P R0, R4, 0x52, CUBE, 0x1 ;", 0xc0380528eff70400ull},
    {"TLD.LZ.MS.P R4, R8, R7, 0x52, ARRAY_2D, 0xc ;", 0xdc3c052630770804ull},
    {"TLD4.B.AOFFI.DC.P R4, R4, R10, 0x52, ARRAY_2D, 0xf ;", 0xca7c0527b0a70404ull},
    {"TLD4.A.P R4, R4, 0x52, ARRAY_2D, 0xf ;", 0xcb380527bff70404ull},
    {"TXD.P R6, R4, R8, 0x52, ARRAY_2D, 0x3 ;", 0xde380521b0870406ull},
    // TXQ/TMML: words built from the field layout (CuAssembler's sm_61 repository has
    // "TXQ.B.T R21, R20, TEX_HEADER_DIMENSION, 0x0, 0x1" with query bits 27:22 = 1), printed
    // this way by nvdisasm 11.8 -b SM61.
    {"TXQ.P R21, R20, TEX_HEADER_DIMENSION, 0x52, 0x1 ;", 0xdf48052080471415ull},
    {"TMML.LOD.NDV.P R0, R4, 0x52, 2D, 0x3 ;", 0xdf580529a0070400ull},
};

TEST(SassWide, PtxasWordsDecodePrintParseAndEncode) {
  for (const Real& r : kReal) {
    core::DiagSink sink;
    Origin o;
    o.binary = true;
    // Phase .P = control bit 18 (nvidia_tlds.md 1.2).
    const uint32_t ctrl = encode_control(kDefaultControl, Phase::kP);
    const Instruction d = decode(r.word, ctrl, o, sink, "SM61");
    ASSERT_EQ(d.kind, Kind::kInstruction) << r.text;
    EXPECT_EQ(print_instruction(d), r.text);
    const auto line = parse_line(r.text, "t.sass", 1, sink);
    ASSERT_TRUE(line) << r.text;
    const auto e = encode(*line, sink);
    ASSERT_TRUE(e) << r.text;
    EXPECT_EQ(e->word, r.word) << r.text;
    EXPECT_TRUE(validate(*line, "SM61", sink)) << r.text;
    EXPECT_TRUE(sink.diagnostics().empty()) << r.text;
  }
}

// Rule ids reported for one line (syntax + validation), with the first one's column.
struct Got {
  std::vector<std::string> ids;
  uint32_t col = 0;
  std::string citation;
};
Got check(std::string_view text, std::string_view platform) {
  core::DiagSink sink;
  for (const auto& i : parse_program(text, "r.sass", sink)) validate(i, platform, sink);
  Got g;
  for (const auto& d : sink.diagnostics()) g.ids.push_back(d.rule_id);
  if (!sink.diagnostics().empty()) {
    const auto& d = sink.diagnostics().front();
    if (const auto* t = std::get_if<core::TextLoc>(&d.loc)) g.col = t->column;
    g.citation = d.citation;
  }
  return g;
}

struct Case {
  const char* rule;
  const char* platform;
  const char* good;
  const char* bad;
  uint32_t col;  // the bad line's column of the reported slot
};
constexpr Case kCases[] = {
    {"SASS-TEX-PHASE", "SM61", "TEX.T R0, R4, 0x52, 2D, 0xf ;", "TEX.T.P R0, R4, 0x52, 2D, 0xf ;",
     7},
    {"SASS-TEX-PARAMA-RESERVED", "SM61", "TEX R0, R4, 0x52, ARRAY_2D, 0xf ;",
     "TEX R0, R4, 0x52, ARRAY_3D, 0xf ;", 19},
    {"SASS-TEX-LOD", "SM61", "TEX.LBA R0, R4, R6, 0x52, ARRAY_2D, 0xf ;",
     "TEX.INVALIDBLOD4 R0, R4, R6, 0x52, ARRAY_2D, 0xf ;", 5},
    {"SASS-TEX-TSIDX", "SM61", "TEX R0, R4, 0x1fff, 2D, 0xf ;", "TEX R0, R4, 0x2000, 2D, 0xf ;",
     13},
    {"SASS-TEX-PD-SM50", "SM50", "TEX R0, R4, 0x52, 2D, 0xf ;", "TEX P1, R0, R4, 0x52, 2D, 0xf ;",
     5},
    {"SASS-TLD-PHASE", "SM61", "TLD.LZ.P R0, R4, 0x52, 1D, 0x1 ;",
     "TLD.LZ.INVALIDPHASE3 R0, R4, 0x52, 1D, 0x1 ;", 5},
    {"SASS-TLD-PARAMA-RESERVED", "SM61", "TLD.LZ R0, R4, 0x52, 3D, 0x1 ;",
     "TLD.LZ R0, R4, 0x52, ARRAY_3D, 0x1 ;", 22},
    {"SASS-TLD-LOD", "SM61", "TLD.LL R0, R4, R5, 0x52, 1D, 0x1 ;",
     "TLD R0, R4, R5, 0x52, 1D, 0x1 ;", 1},
    {"SASS-TLD-TSIDX", "SM61", "TLD.LZ R0, R4, 0x0, 1D, 0x1 ;", "TLD.LZ R0, R4, 0x12345, 1D, 0x1 ;",
     16},
    {"SASS-TLD-PD-SM50", "SM50", "TLD.LZ R0, R4, 0x52, 1D, 0x1 ;",
     "TLD.LZ P0, R0, R4, 0x52, 1D, 0x1 ;", 8},
    {"SASS-TLD4-PHASE", "SM61", "TLD4.R R4, R4, 0x52, 2D, 0xf ;",
     "TLD4.R.INVALIDPHASE3 R4, R4, 0x52, 2D, 0xf ;", 6},
    {"SASS-TLD4-PARAMA-RESERVED", "SM61", "TLD4.R R4, R4, 0x52, CUBE, 0xf ;",
     "TLD4.R R4, R4, 0x52, ARRAY_3D, 0xf ;", 22},
    {"SASS-TLD4-COMPONENT", "SM61", "TLD4.G R4, R4, 0x52, 2D, 0xf ;",
     "TLD4.G.R R4, R4, 0x52, 2D, 0xf ;", 8},
    {"SASS-TLD4-TOFF", "SM61", "TLD4.R.PTP R4, R4, R6, 0x52, 2D, 0xf ;",
     "TLD4.R.INVALIDBTOFF03 R4, R4, R6, 0x52, 2D, 0xf ;", 8},
    {"SASS-TLD4-TSIDX", "SM61", "TLD4.R R4, R4, 0x0, 2D, 0xf ;", "TLD4.R R4, R4, 0x4000, 2D, 0xf ;",
     16},
    {"SASS-TLD4-PD-SM50", "SM50", "TLD4.R R4, R4, 0x52, 2D, 0xf ;",
     "TLD4.R P6, R4, R4, 0x52, 2D, 0xf ;", 8},
    {"SASS-TLD4-NDV", "SM61", "TLD4.R R4, R4, 0x52, 2D, 0xf ;",
     "TLD4.R.NDV R4, R4, 0x52, 2D, 0xf ;", 8},
    {"SASS-TXD-PHASE", "SM61", "TXD.T R6, R4, R8, 0x52, 2D, 0x3 ;",
     "TXD.T.P R6, R4, R8, 0x52, 2D, 0x3 ;", 7},
    {"SASS-TXD-PARAMA-RESERVED", "SM61", "TXD R6, R4, R8, 0x52, ARRAY_1D, 0x3 ;",
     "TXD R6, R4, R8, 0x52, ARRAY_3D, 0x3 ;", 23},
    {"SASS-TXD-TSIDX", "SM61", "TXD R6, R4, R8, 0x52, 2D, 0x3 ;",
     "TXD R6, R4, R8, 0xffff, 2D, 0x3 ;", 17},
    {"SASS-TXD-PD-SM50", "SM50", "TXD R6, R4, R8, 0x52, 2D, 0x3 ;",
     "TXD P2, R6, R4, R8, 0x52, 2D, 0x3 ;", 5},
    {"SASS-TXD-LC-SM50", "SM50", "TXD.AOFFI R6, R4, R8, 0x52, 2D, 0x3 ;",
     "TXD.LC R6, R4, R8, 0x52, 2D, 0x3 ;", 5},
    {"SASS-TMML-PHASE", "SM61", "TMML.LOD.P R0, R4, 0x52, 2D, 0x3 ;",
     "TMML.LOD.P.T R0, R4, 0x52, 2D, 0x3 ;", 12},
    {"SASS-TMML-PARAMA-RESERVED", "SM61", "TMML.LOD.NDV R0, R4, 0x52, CUBE, 0x3 ;",
     "TMML.LOD.NDV R0, R4, 0x52, ARRAY_3D, 0x3 ;", 28},
    {"SASS-TMML-TSIDX", "SM61", "TMML.LOD R0, R4, 0x52, 2D, 0x3 ;",
     "TMML.LOD R0, R4, 0x2052, 2D, 0x3 ;", 18},
    {"SASS-TXQ-PHASE", "SM61", "TXQ.T R21, R20, TEX_HEADER_DIMENSION, 0x52, 0x3 ;",
     "TXQ.T.INVALIDPHASE3 R21, R20, TEX_HEADER_DIMENSION, 0x52, 0x3 ;", 7},
    {"SASS-TXQ-TSIDX", "SM61", "TXQ R21, R20, TEX_SAMPLER_LOD, 0x52, 0x3 ;",
     "TXQ R21, R20, TEX_SAMPLER_LOD, 0x3000, 0x3 ;", 32},
    {"SASS-TXQ-QUERY", "SM61", "TXQ R21, R20, TEX_SAMPLER_BORDER_COLOR, 0x52, 0x3 ;",
     "TXQ R21, R20, 12, 0x52, 0x3 ;", 15},
    // The bindless forms and TXA (decisions T28-T39).
    {"SASS-TEX-LC-SM50", "SM50", "TEX.B.LZ R0, R4, R6, 0x0, 2D, 0xf ;",
     "TEX.B.LC R0, R4, R6, 0x0, 2D, 0xf ;", 7},
    {"SASS-BINDLESS-TSIDX", "SM61", "TXQ.B R0, R6, TEX_HEADER_DIMENSION, 0x0, 0x1 ;",
     "TXQ.B R0, R6, TEX_HEADER_DIMENSION, 0x52, 0x1 ;", 37},
    {"SASS-TXA-PHASE", "SM61", "TXA.T R0, R2, 0x28, 0x2 ;", "TXA.T.P R0, R2, 0x28, 0x2 ;", 7},
    {"SASS-TXA-TSIDX", "SM61", "TXA R0, R2, 0x1fff, 0x2 ;", "TXA R0, R2, 0x2000, 0x2 ;", 13},
};

TEST(SassWide, EveryRuleHasAPassingAndAFailingCase) {
  size_t rules = 0;
  for (const auto& r : all_rules()) {
    for (const char* p : {"SASS-TEX-", "SASS-TLD-", "SASS-TLD4-", "SASS-TXD-", "SASS-TMML-",
                          "SASS-TXQ-", "SASS-TXA-", "SASS-BINDLESS-"})
      rules += r.id.starts_with(p) ? 1 : 0;
  }
  EXPECT_EQ(rules, std::size(kCases));
  for (const Case& c : kCases) {
    EXPECT_EQ(check(c.good, c.platform).ids, std::vector<std::string>{}) << c.good;
    const Got g = check(c.bad, c.platform);
    EXPECT_EQ(g.ids, std::vector<std::string>{c.rule}) << c.bad;
    EXPECT_EQ(g.col, c.col) << c.bad;
    ASSERT_NE(find_rule(c.rule), nullptr) << c.rule;
    EXPECT_EQ(g.citation, find_rule(c.rule)->citation) << c.bad;
  }
}

// Binary input: the platform gates name the word's bits; ignored bits survive the round trip.
TEST(SassWide, BinaryGatesAndKeptBits) {
  Origin o;
  o.binary = true;
  o.file = "k.bin";
  o.offset = 0x28;
  {
    core::DiagSink sink;  // TEX P1, ... on SM50: nvdisasm rejects it
    const uint64_t w = (0xc0b80521fff70808ull & ~(uint64_t{7} << 51)) | (uint64_t{1} << 51);
    const Instruction d = decode(w, std::nullopt, o, sink, "SM50");
    EXPECT_EQ(d.kind, Kind::kRaw);
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    const auto& b = std::get<core::BinaryLoc>(sink.diagnostics()[0].loc);
    EXPECT_EQ(b.offset, 0x28u);
    EXPECT_EQ(b.bit_hi, 53u);
    EXPECT_EQ(b.bit_lo, 51u);
    core::DiagSink s52;
    const Instruction d52 = decode(w, std::nullopt, o, s52, "SM52");
    EXPECT_EQ(print_instruction(d52), "TEX.LZ P1, R8, R8, 0x52, ARRAY_CUBE, 0x3 ;");
  }
  {
    core::DiagSink sink;  // TLD4 bit 35: .NDV on SM53, ignored (kept, not printed) on SM60
    const uint64_t w = 0xcb380527bff70404ull | (uint64_t{1} << 35);
    const Instruction d53 = decode(w, std::nullopt, o, sink, "SM53");
    EXPECT_EQ(print_instruction(d53), "TLD4.A.NDV R4, R4, 0x52, ARRAY_2D, 0xf ;");
    EXPECT_TRUE(sink.diagnostics().empty());
    const Instruction d60 = decode(w, std::nullopt, o, sink, "SM60");
    // The kept bit is a warning (no text shows it), at bit 35.
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "SASS-DECODE-IGNORED");
    EXPECT_EQ(std::get<core::BinaryLoc>(sink.diagnostics()[0].loc).bit_hi, 35u);
    EXPECT_EQ(std::get<core::BinaryLoc>(sink.diagnostics()[0].loc).bit_lo, 35u);
    EXPECT_EQ(print_instruction(d60), "TLD4.A R4, R4, 0x52, ARRAY_2D, 0xf ;");
    EXPECT_EQ(encode(d60, sink)->word, w);
    EXPECT_TRUE(validate(d60, "SM60", sink));
  }
  {
    core::DiagSink sink;  // TEX lod code 4: printed as nvdisasm does, reported at bits 57:55
    const uint64_t w = (0xc0380528eff70400ull & ~(uint64_t{7} << 55)) | (uint64_t{4} << 55);
    const Instruction d = decode(w, std::nullopt, o, sink, "SM61");
    EXPECT_EQ(print_instruction(d), "TEX.INVALIDBLOD4.NDV R0, R4, 0x52, CUBE, 0x1 ;");
    EXPECT_FALSE(validate(d, "SM61", sink));
    const auto& b = std::get<core::BinaryLoc>(sink.diagnostics().back().loc);
    EXPECT_EQ(sink.diagnostics().back().rule_id, "SASS-TEX-LOD");
    EXPECT_EQ(b.bit_hi, 57u);
    EXPECT_EQ(b.bit_lo, 55u);
  }
}

// Random words of each new row on each platform: a word that decodes without a diagnostic
// prints a line that parses and encodes back to the word (what the sass_words fuzzer asks).
TEST(SassWide, RandomWordsRoundTripThroughText) {
  uint64_t x = 19;
  auto next = [&x] {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  size_t clean = 0;
  for (const EncodingRow& s : sm50().rows) {
    if (s.op == Opcode::kTlds || s.op == Opcode::kTexs || s.op == Opcode::kNop) continue;
    for (const char* platform : {"SM50", "SM52", "SM53", "SM60", "SM61", "SM62"}) {
      for (int k = 0; k < 2000; ++k) {
        const uint64_t word = (next() & ~s.mask) | s.match;
        const auto ctrl = static_cast<uint32_t>(next() & 0x7ffff);  // bits 20:19 clear
        core::DiagSink sink;
        Origin o;
        o.binary = true;
        const Instruction d = decode(word, ctrl, o, sink, platform);
        if (!sink.diagnostics().empty()) continue;
        ASSERT_EQ(d.kind, Kind::kInstruction);
        const std::string text = print_instruction(d);
        auto line = parse_line(text, "t.sass", 1, sink);
        ASSERT_TRUE(line) << text;
        const auto e = encode(*line, sink);
        ASSERT_TRUE(e) << text;
        EXPECT_EQ(e->word, word) << text << " " << platform;
        EXPECT_EQ(print_instruction(*line), text);
        ++clean;
      }
    }
  }
  EXPECT_GT(clean, 50000u);
}

}  // namespace
}  // namespace texsim::isa::sass
