// Volta+ (SM70-SM90) 128-bit texture words (issue 26): every verified example word of
// nvidia_sm70_fields.md section 6 prints as nvdisasm 11.8 does and re-encodes to its 128 bits.
#include <gtest/gtest.h>

#include <array>
#include <regex>
#include <string>
#include <string_view>

#include "isa/sass/codec_sm70.hpp"
#include "isa/sass/describe.hpp"
#include "isa/sass/encoding.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/syntax.hpp"
#include "isa/sass/syntax_sm70.hpp"

namespace texsim::isa::sass {
namespace {

struct Example {
  std::string_view arch;
  uint64_t hi;
  uint64_t lo;
  std::string_view text;
};

// nvidia_sm70_fields.md section 6, every row (ptxas output and the synthesized (s) words).
constexpr std::array<Example, 53> kExamples{{
    {"SM75", 0x000f4200019e0f06ull, 0x3000660604047b60ull,
     "TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 2D"},
    {"SM75", 0x004f4200019e0f06ull, 0x3800000406047361ull, "TEX.SCR.B.LL R6, R4, R6, R4, 2D"},
    {"SM75", 0x000f420001900f04ull, 0x3000660402027b60ull,
     "TEX.SCR.LL P0, R4, R2, R2, R4, 0x0, 0x66, 2D"},
    {"SM75", 0x000f4200019e0cffull, 0x3000660002027b60ull,
     "TEX.SCR.LL RZ, R2, R2, R0, 0x0, 0x66, 2D, 0xc"},
    {"SM75", 0x000f4200019e5f06ull, 0x2000660804047b60ull,
     "TEX.LL.AOFFI.DC R6, R4, R4, R8, 0x0, 0x66, 2D"},
    {"SM75", 0x000f4200019e8f02ull, 0x3000660002007b60ull,
     "TEX.SCR.F16.RN.LL R2, R0, R2, R0, 0x0, 0x66, 2D"},
    {"SM75", 0x100f4200099e0f0aull, 0x3000040c02087f60ull,
     "TEX.SCR.LL R10, R8, R2, R12, UR4, 0x0, 2D"},
    {"SM75", 0x000f4200009e0f06ull, 0x100066ff04047b66ull, "TLD.SCR.LZ R6, R4, R4, 0x0, 0x66, 1D"},
    {"SM75", 0x000f4200009e4f06ull, 0x3000660604047b66ull,
     "TLD.SCR.LZ.MS R6, R4, R4, R6, 0x0, 0x66, 2D"},
    {"SM75", 0x004f4200019e2f06ull, 0x3800000406047367ull, "TLD.SCR.B.LL.CL R6, R4, R6, R4, 2D"},
    {"SM75", 0x000f4200019e3f06ull, 0x3000660604047b66ull,
     "TLD.SCR.LL.AOFFI.CL R6, R4, R4, R6, 0x0, 0x66, 2D"},
    {"SM75", 0x000f420000900f04ull, 0x3000660302027b66ull,
     "TLD.SCR.LZ P0, R4, R2, R2, R3, 0x0, 0x66, 2D"},
    {"SM75", 0x000f4200001e0f06ull, 0x3000660504047b63ull,
     "TLD4.SCR.R R6, R4, R4, R5, 0x0, 0x66, 2D"},
    {"SM75", 0x004f4200019e0f06ull, 0x3800000204047364ull, "TLD4.SCR.A.B R6, R4, R4, R2, 2D"},
    {"SM75", 0x000f4200001e5f06ull, 0x3000660604047b63ull,
     "TLD4.SCR.R.AOFFI.DC R6, R4, R4, R6, 0x0, 0x66, 2D"},
    {"SM75", 0x000f4200001e0f06ull, 0xb000660604047b63ull,
     "TLD4.SCR.R R6, R4, R4, R6, 0x0, 0x66, ARRAY_2D"},
    {"SM75", 0x000f420000100f04ull, 0x3000660302027b63ull,
     "TLD4.SCR.R P0, R4, R2, R2, R3, 0x0, 0x66, 2D"},
    {"SM75", 0x000f4200001e0f06ull, 0x2000660804047b6cull, "TXD R6, R4, R4, R8, 0x0, 0x66, 2D"},
    {"SM75", 0x004f4200001e0f06ull, 0x280000080404736dull, "TXD.B R6, R4, R4, R8, 2D"},
    {"SM75", 0x000f4200001e0f06ull, 0xa000660804047b6cull,
     "TXD R6, R4, R4, R8, 0x0, 0x66, ARRAY_2D"},
    {"SM75", 0x000f4200001e1f06ull, 0x2000660804047b6cull,
     "TXD.AOFFI R6, R4, R4, R8, 0x0, 0x66, 2D"},
    {"SM75", 0x000f4200000001ffull, 0x0000660004007b6full,
     "TXQ RZ, R0, R4, TEX_HEADER_DIMENSION, 0x0, 0x66, 0x1"},
    {"SM75", 0x004f4200000004ffull, 0x0800000004047370ull,
     "TXQ.B RZ, R4, R4, TEX_HEADER_DIMENSION, 0x4"},
    {"SM75", 0x000f4200000002ffull, 0x00005a0004007b6full,
     "TXQ RZ, R0, R4, TEX_HEADER_DIMENSION, 0x0, 0x5a, 0x2"},
    {"SM75", 0x000f4200080001ffull, 0x0000040004007f6full,
     "TXQ RZ, R0, R4, TEX_HEADER_DIMENSION, UR4, 0x0, 0x1"},
    {"SM75", 0x000f4200019e0f06ull, 0x3000660604047b69ull,
     "TMML.LOD R6, R4, R4, R6, 0x0, 0x66, 2D"},
    {"SM75", 0x000f4200019e0f06ull, 0x380000060404736aull, "TMML.B.LOD R6, R4, R4, R6, 2D"},
    {"SM75", 0x000f4200019e2306ull, 0x3000660604047b69ull,
     "TMML.LOD.NDV R6, R4, R4, R6, 0x0, 0x66, 2D, 0x3"},
    {"SM75", 0x000f4200099e0f06ull, 0x3000040604047f69ull, "TMML.LOD R6, R4, R4, R6, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200099e0f06ull, 0x2000040604047f60ull, "TEX.LL R6, R4, R4, R6, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200089e0f06ull, 0x200004ff04047f60ull, "TEX.LZ R6, R4, R4, UR4, 0x0, 2D"},
    {"SM90", 0x000f620009900f06ull, 0x2000040506047f60ull,
     "TEX.LL P0, R6, R4, R6, R5, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200099e01ffull, 0x2000040408047f60ull,
     "TEX.LL RZ, R4, R8, R4, UR4, 0x0, 2D, 0x1"},
    {"SM90", 0x000f6200099e5f06ull, 0x2000040804047f60ull,
     "TEX.LL.AOFFI.DC R6, R4, R4, R8, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200099e0f06ull, 0xe000040804047f60ull,
     "TEX.LL R6, R4, R4, R8, UR4, 0x0, ARRAY_CUBE"},
    {"SM90", 0x004f4200019e0f0aull, 0x3800000608087361ull, "TEX.SCR.B.LL R10, R8, R8, R6, 2D"},
    {"SM90", 0x000f6200089e0f06ull, 0x000004ff04047f66ull, "TLD.LZ R6, R4, R4, UR4, 0x0, 1D"},
    {"SM90", 0x000f6200089e4f06ull, 0xa000040704047f66ull,
     "TLD.LZ.MS R6, R4, R4, R7, UR4, 0x0, ARRAY_2D"},
    {"SM90", 0x000f6200099e2f06ull, 0x2000040604047f66ull,
     "TLD.LL.CL R6, R4, R4, R6, UR4, 0x0, 2D"},
    {"SM90", 0x000f620008900f06ull, 0x200004ff06047f66ull, "TLD.LZ P0, R6, R4, R6, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200081e0f06ull, 0x200004ff04047f63ull, "TLD4.R R6, R4, R4, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200091e0f06ull, 0x200004ff04047f63ull, "TLD4.B R6, R4, R4, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200081e5f06ull, 0x2000040604047f63ull,
     "TLD4.R.AOFFI.DC R6, R4, R4, R6, UR4, 0x0, 2D"},
    {"SM90", 0x000f620008100f06ull, 0x200004ff06047f63ull, "TLD4.R P0, R6, R4, R6, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200081e0f06ull, 0x2000040804047f6cull, "TXD R6, R4, R4, R8, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200081e1f06ull, 0x2000040c08047f6cull,
     "TXD.AOFFI R6, R4, R8, R12, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200081e0f06ull, 0xa000040804047f6cull,
     "TXD R6, R4, R4, R8, UR4, 0x0, ARRAY_2D"},
    {"SM90", 0x000f6200080001ffull, 0x0000040004007f6full,
     "TXQ RZ, R0, R4, TEX_HEADER_DIMENSION, UR4, 0x0, 0x1"},
    {"SM90", 0x000f6200080004ffull, 0x4000040004047f6full,
     "TXQ RZ, R4, R4, TEX_HEADER_TEXTURE_TYPE, UR4, 0x0, 0x4"},
    {"SM90", 0x004f4200000001ffull, 0x0800000006067370ull,
     "TXQ.B RZ, R6, R6, TEX_HEADER_DIMENSION, 0x1"},
    {"SM90", 0x000f6200099e0f06ull, 0x2000040604047f69ull, "TMML.LOD R6, R4, R4, R6, UR4, 0x0, 2D"},
    {"SM90", 0x000f6200099e2306ull, 0x2000040604047f69ull,
     "TMML.LOD.NDV R6, R4, R4, R6, UR4, 0x0, 2D, 0x3"},
    {"SM90", 0x004f4200019e0f06ull, 0x380000060404736aull, "TMML.B.LOD R6, R4, R4, R6, 2D"},
}};

Instruction decode(std::string_view arch, uint64_t hi, uint64_t lo, core::DiagSink& sink) {
  Origin o;
  o.binary = true;
  return decode_sm70(Word128{lo, hi}, arch, o, sink);
}

std::string text(std::string_view arch, uint64_t hi, uint64_t lo) {
  core::DiagSink sink;
  return print_sm70(decode(arch, hi, lo, sink));
}

TEST(SassSm70, EveryExamplePrintsAsNvdisasmAndRoundTrips) {
  for (const Example& e : kExamples) {
    core::DiagSink sink;
    const Instruction i = decode(e.arch, e.hi, e.lo, sink);
    ASSERT_EQ(i.kind, Kind::kInstruction) << e.arch << " " << e.text;
    EXPECT_TRUE(sink.diagnostics().empty()) << e.text;
    EXPECT_EQ(print_sm70(i), e.text) << e.arch;
    const auto w = encode_sm70(i, sink);
    ASSERT_TRUE(w.has_value()) << e.text;
    EXPECT_EQ(*w, (Word128{e.lo, e.hi})) << e.text;
  }
}

// Section 6's values outside the tables, and the per-arch differences of section 5.
TEST(SassSm70, OutOfTableValuesAndArchDifferences) {
  const uint64_t hi = 0x000f4200019e0f06ull, lo = 0x3000660604047b60ull;
  EXPECT_EQ(text("SM75", hi, lo | 0xffull << 24), "TEX.SCR.LL R6, R4, ???255, R6, 0x0, 0x66, 2D");
  EXPECT_EQ(text("SM75", hi | 0x7ull << 23, lo), "TEX.SCR.INVALID7 R6, R4, R4, R6, 0x0, 0x66, 2D");
  EXPECT_EQ(text("SM75", 0x000f4200019e0f06ull, 0x3800660604047b62ull),
            "TEX.SCR.B.LL R6, R4, R4, R6, 0x0, 0x26, 0x1, 2D");
  EXPECT_EQ(text("SM86", 0x000f4200019e0f06ull, 0x3000660604047b62ull),
            "TEX.SCR.???0.LL R6, R4, R4, R6, 0x0, 0x26, 0x1, 2D");
  // UR 63 prints ???63 (bits 45:40), with immediate 1 (53:46).
  EXPECT_EQ(text("SM90", 0x000f6200099e0f06ull, 0x20007f0604047f60ull),
            "TEX.LL R6, R4, R4, R6, ???63, 0x1, 2D");
  // LOD code 6: .LC.FDV from SM75 on, INVALID6 before.
  const uint64_t lod6 = (hi & ~(0x7ull << 23)) | 0x6ull << 23;
  EXPECT_EQ(text("SM75", lod6, lo), "TEX.SCR.LC.FDV R6, R4, R4, R6, 0x0, 0x66, 2D");
  EXPECT_EQ(text("SM70", lod6, lo), "TEX.SCR.INVALID6 R6, R4, R4, R6, 0x0, 0x66, 2D");
  // Bits 103:102: ?PM2 on SM86+, ignored (kept) before.
  EXPECT_EQ(text("SM86", hi | 0x2ull << 38, lo), "TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 2D ?PM2");
  EXPECT_EQ(text("SM80", hi | 0x2ull << 38, lo), "TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 2D");
}

// Issue 26: the text of every example reads back (syntax_sm70.cpp) into the word with its
// ignored bits clear; with the control prefix of its bits 127:105 it is the whole word.
TEST(SassSm70, EveryExampleTextReadsBackToItsWord) {
  for (const Example& e : kExamples) {
    core::DiagSink sink;
    const Instruction d = decode(e.arch, e.hi, e.lo, sink);
    Instruction bare = d;
    bare.kept_bits = 0, bare.wide.kept_hi = 0;
    const auto want = encode_sm70(bare, sink);
    ASSERT_TRUE(want) << e.text;
    const unsigned sm = wide_sm(e.arch);
    const std::string line = print_wide_control(d.ctrl) + " " + std::string(e.text) + " ;";
    const auto parsed = parse_line(line, "t.sass", 1, sink, sm);
    ASSERT_TRUE(parsed) << line << ": "
                        << (sink.diagnostics().empty() ? "" : sink.diagnostics()[0].message);
    EXPECT_EQ(print_sm70(*parsed), e.text);
    EXPECT_EQ(encode_sm70(*parsed, sink), want) << e.text;
    EXPECT_TRUE(sink.diagnostics().empty()) << e.text;
  }
}

// The only rejections: the opcode, bit 59 (SM70-SM75), bit 91 (SM75+) and two control-bit
// combinations (reuse 124:123 both set; yield 109 with stall 0 or 12-15; stall 0 with a reuse
// bit of 124:122); each a diagnostic
// naming the bits.
TEST(SassSm70, RejectsWhereNvdisasmRejects) {
  struct Case {
    std::string_view arch;
    uint64_t hi, lo;
    uint32_t bit;
  };
  const uint64_t hi = 0x000f4200019e0f06ull, lo = 0x3000660604047b60ull;
  const uint64_t b_hi = 0x004f4200019e0f06ull, b_lo = 0x3800000406047361ull;  // TEX.B
  const std::array<Case, 10> cases{{
      {"SM75", hi, lo | 1, 11},                    // opcode 0xb61
      {"SM75", hi | 1ull << 27, lo, 91},           // bit 91 in the bound form
      {"SM70", hi, (lo & ~0xfffull) | 0xf60, 11},  // no uniform form before SM75
      {"SM75", b_hi, b_lo & ~(1ull << 59), 59},    // .B form without bit 59
      {"SM70", b_hi, b_lo & ~(1ull << 59), 59},
      {"SM75", 0x000f4200099e0f0aull, 0x3800040c02087f60ull, 59},  // UR form with bit 59
      {"SM90", hi | 3ull << 59, lo, 124},                          // reuse bits 124 and 123
      {"SM70", (hi & ~(0x1full << 41)) | 0x10ull << 41, lo, 109},  // yield bit, stall 0
      {"SM86", (hi & ~(0x1full << 41)) | 0x1cull << 41, lo, 109},  // yield bit, stall 12
      {"SM75", (hi & ~(0x1full << 41)) | 1ull << 58, lo, 124},     // stall 0 with reuse bit 122
  }};
  for (const Case& c : cases) {
    core::DiagSink sink;
    const Instruction i = decode(c.arch, c.hi, c.lo, sink);
    EXPECT_EQ(i.kind, Kind::kRaw) << c.arch << " bit " << c.bit;
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    const auto& loc = std::get<core::BinaryLoc>(sink.diagnostics()[0].loc);
    EXPECT_EQ(loc.bit_hi, c.bit);
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "SASS-DECODE-OPCODE");
  }
  // SM70 ignores bit 91 (kept: the word still round-trips); SM80 prints .???0 for bit 59 clear.
  core::DiagSink sink;
  const Instruction i = decode("SM70", hi | 1ull << 27, lo, sink);
  EXPECT_EQ(print_sm70(i), "TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 2D");
  EXPECT_EQ(encode_sm70(i, sink), (Word128{lo, hi | 1ull << 27}));
  EXPECT_EQ(text("SM80", b_hi, b_lo & ~(1ull << 59)), "TEX.SCR.???0.LL R6, R4, R6, R4, 2D");
}

TEST(SassSm70, GenerationListsTheVoltaPlatforms) {
  EXPECT_EQ(generation_for("SM75"), &sm70());
  EXPECT_EQ(sm70().word_bits, 128u);
  EXPECT_EQ(wide_sm("SM86"), 86u);
  EXPECT_EQ(wide_sm("SM62"), 0u);
}

// `describe OP --platform SMnn` (describe_sm70.cpp): its syntax line admits the mnemonic and
// modifiers of every example that prints no INVALIDn / ???n, and the rows are the architecture's.
std::regex syntax_regex(const std::string& d) {
  const size_t at = d.find("] ", d.find("syntax: ")) + 2;
  const std::string syn = d.substr(at, d.find(' ', at) - at);  // "TEX[.SCR][.B]..."
  std::string re;
  for (size_t k = 0; k < syn.size(); ++k) {
    const char c = syn[k];
    if (c == '[' || c == '{') {
      const size_t end = syn.find(c == '[' ? ']' : '}', k);
      std::string alts = syn.substr(k + 1, end - k - 1);
      if (!alts.empty() && alts[0] == '.') alts.erase(0, 1);
      std::string body;
      for (const char a : alts) body += a == '.' ? std::string("\\.") : std::string(1, a);
      re += "(?:\\.(?:" + body + "))" + (c == '[' ? "?" : "");
      k = end;
    } else if (c == '.') {
      if (k + 1 < syn.size() && syn[k + 1] == '{') continue;  // ".{LZ|LL}": the dot is inside
      re += "\\.";
    } else {
      re += c;
    }
  }
  return std::regex(re);
}

TEST(SassSm70, DescribePerArchitectureAdmitsEveryPrintedForm) {
  size_t checked = 0;
  for (const Example& e : kExamples) {
    std::string text(e.text);
    if (text.find("INVALID") != std::string::npos || text.find("???") != std::string::npos)
      continue;
    if (text[0] == '@') text.erase(0, text.find(' ') + 1);
    const std::string mods = text.substr(0, text.find(' '));
    std::string mn = mods.substr(0, mods.find('.'));
    if (mods.find(".B.") != std::string::npos || mods.ends_with(".B")) {
      if (mn != "TLD4" || mods.find(".B.") != std::string::npos) mn += ".B";
    }
    const auto d = describe_opcode_wide(mn, wide_sm(e.arch));
    ASSERT_TRUE(d) << mn;
    EXPECT_TRUE(std::regex_match(mods, syntax_regex(*d))) << mods << " on " << e.arch << "\n" << *d;
    ++checked;
  }
  EXPECT_GT(checked, 40u);
  const auto sm70 = describe_opcode_wide("TEX", 70), sm75 = describe_opcode_wide("tex", 75);
  ASSERT_TRUE(sm70 && sm75);
  EXPECT_EQ(sm70->find("opcode 0xf60"), std::string::npos);  // no uniform registers before SM75
  EXPECT_NE(sm75->find("opcode 0xf60"), std::string::npos);
  EXPECT_NE(sm75->find("word 53:40, bank 58:54"), std::string::npos) << *sm75;
  EXPECT_EQ(sm70->find("LC.FDV"), std::string::npos);  // lod code 6 prints from SM75 on
  EXPECT_NE(sm75->find("LC.FDV"), std::string::npos);
  EXPECT_NE(describe_opcode_wide("TEX", 90)->find("?PM 103:102"), std::string::npos);
  EXPECT_NE(describe_opcode_wide("TLDS", 80)->find("no encoding on SM80"), std::string::npos);
  EXPECT_FALSE(describe_opcode_wide("TXB", 75));
}

}  // namespace
}  // namespace texsim::isa::sass
