// The bindless forms TEX.B, TLD.B, TLD4.B, TXD.B, TMML.B, TXQ.B and TXA (issue 19, decisions
// T28-T39): real words round-trip through text, .B selects the row, rules and gates, no execution.
#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "isa/sass/codec.hpp"
#include "isa/sass/encoding.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

// nvdisasm 11.8 -b SM61 text of words ptxas 11.8 emitted for the bindless corpus
// (tests/vendor/sass/ptxas_cubins.cpp --corpus bindless, sm_52) and, for TMML.B and TXA, which no
// PTX instruction gives, of words built from the layout (checked with nvdisasm 11.8 -b SM61).
struct Real {
  const char* text;
  uint64_t word;
  Opcode op;
};
constexpr Real kReal[] = {
    {"TEX.B.P R4, R4, R6, 0x0, 2D, 0xf ;", 0xdeb80007a0670404ull, Opcode::kTexB},
    {"TEX.B.LL.P R4, R4, R6, 0x0, 2D, 0xf ;", 0xdeb80067a0670404ull, Opcode::kTexB},
    {"TEX.B.AOFFI.P R4, R4, R6, 0x0, 2D, 0xf ;", 0xdeb80017a0670404ull, Opcode::kTexB},
    {"TEX.B.P R4, R4, R7, 0x0, ARRAY_2D, 0xf ;", 0xdeb80007b0770404ull, Opcode::kTexB},
    {"TEX.B.NDV.P R8, R8, R11, 0x0, 3D, 0xf ;", 0xdeb8000fc0b70808ull, Opcode::kTexB},
    {"TLD.B.LZ.P R4, R4, R6, 0x0, 2D, 0xf ;", 0xdd380007a0670404ull, Opcode::kTldB},
    {"TLD.B.LL.CL.P R4, R4, R6, 0x0, 2D, 0xf ;", 0xddf80007a0670404ull, Opcode::kTldB},
    {"TLD4.R.B.P R4, R4, R6, 0x0, 2D, 0xf ;", 0xdef80007a0670404ull, Opcode::kTld4B},
    {"TLD4.G.B.DC.P R4, R4, R6, 0x0, 2D, 0xf ;", 0xdefc0047a0670404ull, Opcode::kTld4B},
    {"TLD4.B.B.AOFFI.DC.P R4, R4, R12, 0x0, 2D, 0xf ;", 0xdefc0097a0c70404ull, Opcode::kTld4B},
    {"TXD.B.P R4, R12, R4, 0x0, 2D, 0xf ;", 0xde780007a0470c04ull, Opcode::kTxdB},
    {"TXD.B.AOFFI.P R4, R12, R4, 0x0, 2D, 0xf ;", 0xde78000fa0470c04ull, Opcode::kTxdB},
    {"TXQ.B.P R4, R4, TEX_HEADER_DIMENSION, 0x0, 0x2 ;", 0xdf50000100470404ull, Opcode::kTxqB},
    {"TMML.B.LOD.NDV.P R0, R4, R6, 0x0, 2D, 0x3 ;", 0xdf600009a0670400ull, Opcode::kTmmlB},
    {"TXA.NODEP.P R6, R2, 0x20, 0x2 ;", 0xdf42020100070206ull, Opcode::kTxa},
};

TEST(SassBindless, RealWordsDecodePrintParseAndEncode) {
  for (const Real& r : kReal) {
    core::DiagSink sink;
    Origin o;
    o.binary = true;
    const uint32_t ctrl = encode_control(kDefaultControl, Phase::kP);
    const Instruction d = decode(r.word, ctrl, o, sink, "SM61");
    ASSERT_EQ(d.kind, Kind::kInstruction) << r.text;
    EXPECT_EQ(d.op, r.op) << r.text;
    EXPECT_EQ(print_instruction(d), r.text);
    const auto line = parse_line(r.text, "t.sass", 1, sink);
    ASSERT_TRUE(line) << r.text;
    EXPECT_EQ(line->op, r.op) << r.text;
    const auto e = encode(*line, sink);
    ASSERT_TRUE(e) << r.text;
    EXPECT_EQ(e->word, r.word) << r.text;
    EXPECT_TRUE(validate(*line, "SM61", sink)) << r.text;
    EXPECT_TRUE(validate(*line, "SM52", sink)) << r.text;
    EXPECT_TRUE(sink.diagnostics().empty()) << r.text << ": " << sink.diagnostics()[0].message;
  }
}

// .B after the mnemonic (after the gather component for TLD4) names the bindless row.
TEST(SassBindless, DotBSelectsTheRow) {
  struct Sel {
    const char* text;
    Opcode op;
    uint8_t component;
  };
  constexpr Sel kSel[] = {
      {"TLD4.B.AOFFI R4, R4, R6, 0x52, 2D, 0xf ;", Opcode::kTld4, 2},  // the blue gather
      {"TLD4.B.B.AOFFI R4, R4, R6, 0x0, 2D, 0xf ;", Opcode::kTld4B, 2},
      {"TLD4.A.B R4, R4, 0x0, 2D, 0xf ;", Opcode::kTld4B, 3},
      {"TEX.LL R4, R4, R6, 0x52, 2D, 0xf ;", Opcode::kTex, 0},
      {"TEX.B.LL R4, R4, R6, 0x0, 2D, 0xf ;", Opcode::kTexB, 0},
      {"TMML.B.LOD R0, R4, 0x0, 2D, 0x3 ;", Opcode::kTmmlB, 0},
  };
  for (const Sel& s : kSel) {
    core::DiagSink sink;
    const auto i = parse_line(s.text, "t.sass", 1, sink);
    ASSERT_TRUE(i) << s.text;
    EXPECT_EQ(i->op, s.op) << s.text;
    EXPECT_EQ(i->component, s.component) << s.text;
    EXPECT_EQ(print_instruction(*i), s.text);
  }
  // A row without a bindless form has no .B; a bindless form takes one.
  for (const char* bad : {"TLDS.B.LZ R0, RZ, R4, 0x7, 1D, R ;",
                          "TEX.B.B R4, R4, R6, 0x0, 2D, 0xf ;", "TXA.B R6, R2, 0x20, 0x2 ;"}) {
    core::DiagSink sink;
    EXPECT_FALSE(parse_line(bad, "t.sass", 1, sink)) << bad;
    ASSERT_FALSE(sink.diagnostics().empty()) << bad;
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "SASS-SYNTAX") << bad;
  }
}

// The shared rules of the non-bindless rows hold for the bindless ones (decisions T37).
TEST(SassBindless, SharedRulesApply) {
  struct Case {
    const char* platform;
    const char* text;
    const char* rule;
    uint32_t col;
  };
  constexpr Case kCases[] = {
      {"SM61", "TEX.B.T.P R0, R4, R6, 0x0, 2D, 0xf ;", "SASS-TEX-PHASE", 9},
      {"SM61", "TEX.B.INVALIDBLOD5 R0, R4, R6, 0x0, 2D, 0xf ;", "SASS-TEX-LOD", 7},
      {"SM61", "TEX.B R0, R4, R6, 0x0, ARRAY_3D, 0xf ;", "SASS-TEX-PARAMA-RESERVED", 24},
      {"SM50", "TEX.B P0, R0, R4, R6, 0x0, 2D, 0xf ;", "SASS-TEX-PD-SM50", 7},
      {"SM61", "TLD.B R0, R4, R6, 0x0, 2D, 0xf ;", "SASS-TLD-LOD", 1},
      {"SM50", "TLD.B.LZ P3, R0, R4, R6, 0x0, 2D, 0xf ;", "SASS-TLD-PD-SM50", 10},
      {"SM61", "TLD4.R.B.INVALIDBTOFF03 R4, R4, R6, 0x0, 2D, 0xf ;", "SASS-TLD4-TOFF", 10},
      {"SM61", "TLD4.R.B.NDV R4, R4, R6, 0x0, 2D, 0xf ;", "SASS-TLD4-NDV", 10},
      {"SM50", "TXD.B.LC R4, R12, R4, 0x0, 2D, 0xf ;", "SASS-TXD-LC-SM50", 7},
      {"SM50", "TEX.LB.LC R0, R4, R6, 0x0, 2D, 0xf ;", "SASS-TEX-LC-SM50", 8},
      {"SM61", "TMML.B.LOD R0, R4, R6, 0x0, ARRAY_3D, 0x3 ;", "SASS-TMML-PARAMA-RESERVED", 29},
      {"SM61", "TXQ.B R4, R4, 12, 0x0, 0x2 ;", "SASS-TXQ-QUERY", 15},
      {"SM61", "TXQ.B.T.T R4, R4, TEX_SAMPLER_LOD, 0x0, 0x2 ;", "SASS-TXQ-PHASE", 9},
  };
  for (const Case& c : kCases) {
    core::DiagSink sink;
    for (const auto& i : parse_program(c.text, "b.sass", sink)) validate(i, c.platform, sink);
    ASSERT_EQ(sink.diagnostics().size(), 1u) << c.text;
    const auto& d = sink.diagnostics()[0];
    EXPECT_EQ(d.rule_id, c.rule) << c.text;
    EXPECT_EQ(std::get<core::TextLoc>(d.loc).column, c.col) << c.text;
    ASSERT_NE(find_rule(c.rule), nullptr) << c.rule;
    EXPECT_EQ(d.citation, find_rule(c.rule)->citation) << c.text;
  }
}

// Binary input: bits 48:36 (48:41) are ignored and kept; TLD4.B bit 40 and, on SM50, .LC and a
// predicate destination are rejected at their bits (decisions T28, T29, T31).
TEST(SassBindless, BinaryIgnoredAndRejectedBits) {
  Origin o;
  o.binary = true;
  o.file = "k.bin";
  o.offset = 0x48;
  {
    core::DiagSink sink;
    const uint64_t w = 0xdeb80007a0670404ull | (uint64_t{0x5a} << 41);
    const Instruction d = decode(w, std::nullopt, o, sink, "SM61");
    EXPECT_EQ(print_instruction(d), "TEX.B R4, R4, R6, 0x0, 2D, 0xf ;");
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "SASS-DECODE-IGNORED");
    const auto& b = std::get<core::BinaryLoc>(sink.diagnostics()[0].loc);
    EXPECT_EQ(b.bit_hi, 47u);
    EXPECT_EQ(b.bit_lo, 42u);
    EXPECT_EQ(encode(d, sink)->word, w);
  }
  {
    core::DiagSink sink;  // TXQ.B: the index bits 48:36 are ignored too
    const uint64_t w = 0xdf50000100470404ull | (uint64_t{0x1fff} << 36);
    const Instruction d = decode(w, std::nullopt, o, sink, "SM61");
    EXPECT_EQ(print_instruction(d), "TXQ.B R4, R4, TEX_HEADER_DIMENSION, 0x0, 0x2 ;");
    EXPECT_EQ(std::get<core::BinaryLoc>(sink.diagnostics().at(0).loc).bit_hi, 48u);
    EXPECT_EQ(std::get<core::BinaryLoc>(sink.diagnostics().at(0).loc).bit_lo, 36u);
    EXPECT_EQ(encode(d, sink)->word, w);
  }
  struct Rejected {
    uint64_t word;
    const char* platform;
    unsigned hi, lo;
  };
  constexpr Rejected kRejected[] = {
      {0xdefc0097a0c70404ull | (uint64_t{1} << 40), "SM61", 63, 48},   // TLD4.B bit 40: no row
      {0xdeb80007a0670404ull | (uint64_t{1} << 40), "SM50", 40, 40},   // TEX.B.LC on SM50
      {0xc43805609ff00800ull, "SM50", 58, 58},                         // TEX.LC on SM50 (T70)
      {0xde780007a0470c04ull | (uint64_t{1} << 50), "SM50", 50, 50},   // TXD.B.LC on SM50
      {0xdd380007a0670404ull & ~(uint64_t{1} << 52), "SM50", 53, 51},  // TLD.B P5, ... on SM50
  };
  for (const Rejected& r : kRejected) {
    core::DiagSink sink;
    const Instruction d = decode(r.word, std::nullopt, o, sink, r.platform);
    EXPECT_EQ(d.kind, Kind::kRaw) << std::hex << r.word;
    ASSERT_EQ(sink.diagnostics().size(), 1u) << std::hex << r.word;
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "SASS-DECODE-OPCODE");
    const auto& b = std::get<core::BinaryLoc>(sink.diagnostics()[0].loc);
    EXPECT_EQ(b.offset, 0x48u);
    EXPECT_EQ(b.bit_hi, r.hi) << std::hex << r.word;
    EXPECT_EQ(b.bit_lo, r.lo) << std::hex << r.word;
    // SM52 and later take the .LC and predicate-destination words.
    if (r.hi != 63) {
      core::DiagSink s52;
      EXPECT_EQ(decode(r.word, std::nullopt, o, s52, "SM52").kind, Kind::kInstruction);
    }
  }
}

// Random words of every bindless row with the ignored bits clear: decode -> text -> parse ->
// the same word, on every platform.
TEST(SassBindless, RandomWordsRoundTripThroughText) {
  uint64_t x = 28;
  auto next = [&x] {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  size_t clean = 0;
  for (const OpSpec& s : op_specs()) {
    if (!is_bindless(s) && s.op != Opcode::kTxa) continue;
    const EncodingRow& row = sm50_row(s.op);
    uint64_t ignored = 0;
    for (const WordField& f : row.fields) ignored |= f.role == Role::kIgnored ? f.bits.mask() : 0;
    for (const char* platform : {"SM50", "SM52", "SM53", "SM60", "SM61", "SM62"}) {
      for (int k = 0; k < 1000; ++k) {
        const uint64_t word = (next() & ~row.mask & ~ignored) | row.match;
        const auto ctrl = static_cast<uint32_t>(next() & 0x7ffff);  // bits 20:19 clear
        core::DiagSink sink;
        Origin o;
        o.binary = true;
        const Instruction d = decode(word, ctrl, o, sink, platform);
        if (!sink.diagnostics().empty()) continue;  // SM50 gates, TXQ.B reserved queries
        ASSERT_EQ(d.op, s.op);
        const std::string text = print_instruction(d);
        auto line = parse_line(text, "t.sass", 1, sink);
        ASSERT_TRUE(line) << text;
        EXPECT_EQ(line->op, s.op) << text;
        const auto e = encode(*line, sink);
        ASSERT_TRUE(e) << text;
        EXPECT_EQ(e->word, word) << text << " " << platform;
        ++clean;
      }
    }
  }
  EXPECT_GT(clean, 30000u);
}

// Where each form's texture handle is (decisions T38), for the lowering.
TEST(SassBindless, HandleRegister) {
  for (const Real& r : kReal) {
    core::DiagSink sink;
    const auto i = parse_line(r.text, "t.sass", 1, sink);
    ASSERT_TRUE(i);
    const bool in_ra = r.op == Opcode::kTxdB || r.op == Opcode::kTxqB;
    if (r.op == Opcode::kTxa) {
      EXPECT_EQ(handle_register(*i), std::nullopt);
    } else {
      EXPECT_EQ(handle_register(*i), in_ra ? i->ra : i->rb) << r.text;
    }
  }
  // ptxas: TEX.B.P R4, R4, R6 (handle R6), TXD.B.P R4, R12, R4 (handle R12).
  core::DiagSink sink;
  EXPECT_EQ(handle_register(*parse_line(kReal[0].text, "t.sass", 1, sink)), 6);
  EXPECT_EQ(handle_register(*parse_line(kReal[10].text, "t.sass", 1, sink)), 12);
  EXPECT_EQ(handle_register(*parse_line("TEX.LL R4, R4, R6, 0x52, 2D, 0xf ;", "t", 1, sink)),
            std::nullopt);
}

// The .B forms run (exec_bindless_test, decisions T58); TXA has no documented meaning, so running
// it stops with SASS-EXEC-UNSUPPORTED saying so, before any register is read or written.
TEST(SassBindless, ExecutionIsUnsupported) {
  scene::Scene sc;
  sc.isa = "sass";
  unsigned txa = 0;
  for (const Real& r : kReal) {
    core::DiagSink sink;
    const auto prog = parse_program(r.text, "b.sass", sink);
    ASSERT_EQ(prog.size(), 1u) << r.text;
    std::vector<std::string> trace;
    EXPECT_FALSE(run_program(prog, sc, settings_for(sc, "SM61", true), std::nullopt, sink, &trace))
        << r.text;
    ASSERT_FALSE(sink.diagnostics().empty()) << r.text;
    const auto& d = sink.diagnostics().back();
    EXPECT_EQ(std::get<core::TextLoc>(d.loc).line, 1u);
    if (r.op != Opcode::kTxa) {
      // The scene has no bindless bank state: the .B forms stop for missing state instead.
      EXPECT_EQ(d.rule_id, "SASS-EXEC-STATE") << r.text << ": " << d.message;
      continue;
    }
    ++txa;
    EXPECT_EQ(d.rule_id, "SASS-EXEC-UNSUPPORTED") << r.text;
    EXPECT_NE(d.message.find("TXA has no documented meaning"), std::string::npos) << d.message;
    EXPECT_EQ(d.message.find("cannot run yet"), std::string::npos) << d.message;
    EXPECT_TRUE(trace.empty());
  }
  EXPECT_EQ(txa, 1u);
}

}  // namespace
}  // namespace texsim::isa::sass
