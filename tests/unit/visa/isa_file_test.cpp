// IGC's .isa container: texsim's programs written and read back, IGC 1.0.12504's truncated
// operands (V34), the layout table, and bad files diagnosed at FILE+0xOFFSET with the field.
#include "isa/visa/isa_file.hpp"

#include <gtest/gtest.h>

#include <set>

#include "isa/visa/layouts.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kProgram = R"(.version 4.1
.kernel "k"
.decl T6 v_type=T num_elts=1
.decl S1 v_type=S num_elts=1
.decl V33 v_type=G type=ud num_elts=1 align=dword
.decl V34 v_type=G type=ud num_elts=1 align=dword
.decl V35 v_type=G type=ub num_elts=32 align=GRF
.decl U v_type=G type=f num_elts=16 align=GRF
.decl R v_type=G type=f num_elts=64 align=GRF
.decl A v_type=G type=f num_elts=16 align=GRF alias=<U, 0>
.decl IX v_type=G type=ud num_elts=16 align=GRF
    media_ld.nomod (8,4) T6 0 V33(0,0)<0;1,0> V34(0,0)<0;1,0> V35.0
    sample_lz.RGBA (M1, 16)  0x0:uw S1 T6 R.0 %null.0 U.0 A.0
    gather_scaled.1 (M1, 16) T6 0x0:ud IX.0 R.0
)";

IsaFile built() {
  auto p = test::parse(kProgram);
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  core::DiagSink sink;
  auto f = isa_file_from_program(*p.prog, sink);
  EXPECT_TRUE(f.has_value()) << test::all_diags(sink);
  return *f;
}

TEST(IsaFile, ProgramWritesReadsBackAndPrintsItsInstructions) {
  const auto bytes = write_isa_file(built());
  ASSERT_TRUE(is_isa_file(bytes));
  EXPECT_EQ(bytes[4], 4);  // version 4.1
  EXPECT_EQ(bytes[5], 1);
  core::DiagSink sink;
  const auto f = read_isa_file(bytes, "k.isa", sink);
  ASSERT_TRUE(f.has_value()) << test::all_diags(sink);
  ASSERT_EQ(f->kernels.size(), 1u);
  const IsaRoutine& k = f->kernels[0];
  EXPECT_FALSE(k.truncated);
  EXPECT_EQ(k.insts.size(), 3u);
  EXPECT_EQ(write_isa_file(*f), bytes);  // byte-exact round trip
  const std::string text = print_isa_routine(*f, k, Platform::kTGLLP);
  EXPECT_NE(text.find(".kernel \"k\""), std::string::npos) << text;
  EXPECT_NE(text.find(".decl A v_type=G type=f num_elts=16 align=GRF alias=<U, 0>"),
            std::string::npos)
      << text;
  // IGC 1.0.12504's layout: no paired surface (V33); samplers renumbered from 0, named S<id>
  // with the declared name as v_name.
  EXPECT_NE(text.find("    media_ld.nomod (8,4) T6 0 V33(0,0)<0;1,0> V34(0,0)<0;1,0> V35.0\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    sample_lz.RGBA (M1, 16)  0x0:uw S0 T6 R.0 U.0 A.0\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("    gather_scaled.1 (M1, 16) T6 0x0:ud IX.0 R.0\n"), std::string::npos)
      << text;
  // As a program: the seed instructions are modelled and pass the rules.
  core::DiagSink psink;
  auto prog = isa_routine_program(*f, k, Platform::kTGLLP, "k.isa", psink);
  check_program(*prog, psink);
  EXPECT_FALSE(psink.has_errors()) << test::all_diags(psink);
  EXPECT_EQ(prog->instructions[1].row->name, "3D_SAMPLE");
}

TEST(IsaFile, InstructionsWithoutATextLayoutCannotBeWritten) {
  auto p = test::parse(
      ".version 4.1\n.decl V33 v_type=G type=ud num_elts=1\n"
      "    resinfo (M1, 16) T6 V33.0\n",
      Platform::kTGLLP, false);
  core::DiagSink sink;
  EXPECT_FALSE(isa_file_from_program(*p.prog, sink).has_value());
  EXPECT_TRUE(test::has_rule(sink, "VISA-ISA-FILE")) << test::all_diags(sink);
}

// A routine as IGC 1.0.12504 writes it: `add` with only exec size, predicate and Dst (its two
// sources are not in the file), then `ret` (opcode only), then bytes it never wrote.
IsaFile truncated_file() {
  IsaFile f;
  IsaRoutine r;
  r.name = "t";
  r.strings = {"t", "V32"};
  r.vars.push_back({1, 0x50 /*ud, GRF*/, 16, 0, 0, 0, {}});
  IsaInst add;
  add.bytes = {0x01, 0x04, 0x00, 0x00, 0x00, 0x20, 0, 0, 0, 0, 0, 0x00, 0x02};
  IsaInst ret;
  ret.bytes = {0x34};
  r.insts = {add, ret};
  r.padding = {0x60, 0x1f, 0xa3};
  f.kernels.push_back(r);
  return f;
}

TEST(IsaFile, TruncatedOperandsOfIgc12504AreWalkedToTheRet) {
  const auto bytes = write_isa_file(truncated_file());
  core::DiagSink sink;
  const auto f = read_isa_file(bytes, "t.isa", sink);
  ASSERT_TRUE(f.has_value()) << test::all_diags(sink);
  const IsaRoutine& k = f->kernels[0];
  EXPECT_TRUE(k.truncated);
  ASSERT_EQ(k.insts.size(), 2u);
  EXPECT_EQ(k.padding.size(), 3u);
  EXPECT_EQ(write_isa_file(*f), bytes);
  const std::string text = print_isa_routine(*f, k, Platform::kTGLLP);
  EXPECT_NE(text.find("    add (M1, 16) V32(0,0)<1>\n"), std::string::npos) << text;
  core::DiagSink psink;
  isa_routine_program(*f, k, Platform::kTGLLP, "t.isa", psink);
  EXPECT_TRUE(test::has_rule(psink, "VISA-ISA-TRUNCATED")) << test::all_diags(psink);
}

TEST(IsaFile, EveryPrefixOfAFileIsDiagnosedAtAnOffsetInside) {
  const auto bytes = write_isa_file(built());
  for (size_t n = 0; n < bytes.size(); ++n) {
    const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(n));
    core::DiagSink sink;
    const auto f = read_isa_file(cut, "c.isa", sink);
    if (f) continue;  // a cut inside the padding-free stream can still be whole (never here)
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    const auto& d = sink.diagnostics()[0];
    EXPECT_EQ(d.rule_id, "VISA-ISA-FILE");
    EXPECT_LE(std::get<core::BinaryLoc>(d.loc).offset, n) << n;
  }
}

TEST(IsaFile, BadFieldsAreNamed) {
  auto bytes = write_isa_file(built());
  core::DiagSink sink;
  auto wrong = bytes;
  wrong[0] = 'X';
  EXPECT_FALSE(read_isa_file(wrong, "m.isa", sink));
  EXPECT_NE(core::format_diagnostic(sink.diagnostics().back()).find("m.isa+0x0"),
            std::string::npos);
  EXPECT_NE(sink.diagnostics().back().message.find("magic"), std::string::npos);
  // The kernel's offset (after magic, version, count, name length and "k") past the end.
  auto far = bytes;
  far[11] = 0xff;
  far[12] = 0xff;
  core::DiagSink s2;
  EXPECT_FALSE(read_isa_file(far, "o.isa", s2));
  EXPECT_NE(s2.diagnostics().back().message.find("outside the file"), std::string::npos)
      << test::all_diags(s2);
  // An opcode texsim has no layout for (0x00 is reserved).
  auto op = bytes;
  op[bytes.size() - 27] = 0x00;  // gather_scaled is 27 bytes: its opcode
  core::DiagSink s3;
  EXPECT_FALSE(read_isa_file(op, "x.isa", s3));
  EXPECT_NE(s3.diagnostics().back().message.find("not a vISA opcode"), std::string::npos)
      << test::all_diags(s3);
}

TEST(Layouts, EveryOpcodeHasOneRowAndKnownTokens) {
  std::set<int> seen;
  for (const OpLayout& l : all_layouts()) {
    EXPECT_TRUE(seen.insert(l.opcode).second) << l.mnemonic;
    EXPECT_EQ(l.layout.find_first_not_of("EPVRIbwdOAWFnrls?"), std::string_view::npos)
        << l.mnemonic;
    EXPECT_EQ(find_layout(l.mnemonic), &l);
  }
  EXPECT_EQ(seen.size(), 125u);  // IGC 1.0.12504's opcodes 0x01..0x92 less the reserved ones
  EXPECT_EQ(find_layout(uint8_t{0x37})->mnemonic, "media_ld");
  EXPECT_EQ(find_sub_layout(0x89, 0x04)->mnemonic, "lsc_store");
  EXPECT_EQ(find_sub_layout(0x4e, 0x09), nullptr);
}

TEST(Layouts, WalkMeasuresVectorOperandsByTag) {
  // mov (M1, 16) V32(0,0)<1> 0x1:q : general (10 bytes at 3.4+) and a 64-bit immediate (10).
  const std::vector<uint8_t> b{0x29, 0x04, 0,  0, 0x00, 32, 0, 0, 0, 0, 0, 0x00,
                               0x02, 0x05, 13, 1, 0,    0,  0, 0, 0, 0, 0};
  core::BytesReader r(b, "m");
  std::vector<WalkedField> fields;
  ASSERT_TRUE(walk_instruction(r, Version{4, 1}, fields)) << r.error();
  EXPECT_EQ(r.pos(), b.size());
  EXPECT_EQ(fields.size(), 4u);
  core::BytesReader bad(std::span<const uint8_t>(b).first(b.size() - 1), "m");
  EXPECT_FALSE(walk_instruction(bad, Version{4, 1}, fields));
  EXPECT_EQ(bad.error_field(), "immediate value");
}

}  // namespace
}  // namespace texsim::isa::visa

namespace texsim::isa::visa {
namespace {

constexpr const char* kCommon = R"(.version 4.1
.kernel "common"
.decl V0032 v_type=G type=d num_elts=8 align=hword
.decl V0046 v_type=G type=d num_elts=1 align=dword
.decl V0047 v_type=G type=f num_elts=16 align=hword
.decl P1 v_type=P num_elts=16
.decl S0 v_type=S num_elts=1 v_name=S000
.decl T6 v_type=T num_elts=1 v_name=T006
    or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x4c0:ud
    mul (M1_NM, 1) V0046(0,0)<1> V0032(0,0)<0;1,0> V0032(0,1)<0;1,0>
    cmp.eq (M1_NM, 16) P1 V0046(0,0)<0;1,0> 0x0:d
    (!P1) sel (M5, 16) V0047(0,0)<1> (-)V0047(0,0)<1;1,0> 0xbf800000:f
    add.sat (M1, 16) V0047(0,0)<1> (abs)V0047(0,0)<1;1,0> 0x3f800000:f
    min (M1, 16) V0047(0,0)<1> V0047(0,0)<1;1,0> 0x0:f
    movs (M1_NM, 1) T6(0) 0x1:ud
    mad (M1, 16) V0047(0,0)<1> V0047(0,0)<0;1,0> V0047(0,0)<1;1,0> 0x1:q
)";

TEST(IsaFile, CommonClassInstructionsGoTextToIsaToText) {
  auto p = test::parse(kCommon, Platform::kTGLLP, false);
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  core::DiagSink sink;
  const auto f = isa_file_from_program(*p.prog, sink);
  ASSERT_TRUE(f.has_value()) << test::all_diags(sink);
  const auto bytes = write_isa_file(*f);
  core::DiagSink rs;
  const auto back = read_isa_file(bytes, "c.isa", rs);
  ASSERT_TRUE(back.has_value()) << test::all_diags(rs);
  EXPECT_FALSE(back->kernels[0].truncated);
  const std::string text = print_isa_routine(*back, back->kernels[0], Platform::kTGLLP);
  const std::string src = kCommon;
  for (size_t at = src.find("    "); at != std::string::npos; at = src.find("    ", at + 1)) {
    const std::string line = src.substr(at, src.find('\n', at) - at + 1);
    EXPECT_NE(text.find(line), std::string::npos) << line << "---\n" << text;
    at = src.find('\n', at);
  }
}

TEST(IsaFile, LinesThatDoNotReadAreNotWritten) {
  for (const char* line :
       {"    cmp.xx (M1, 16) P1 V0046(0,0)<0;1,0> 0x0:d", "    lsc_fence.ugm.none",
        "    mov (M1, 16) NOPE(0,0)<1> 0x0:d", "    mov (M1, 3) V0046(0,0)<1> 0x0:d"}) {
    auto p = test::parse(
        std::string(kCommon).substr(0, std::string(kCommon).find("    or")) + line + "\n",
        Platform::kTGLLP, false);
    core::DiagSink sink;
    EXPECT_FALSE(isa_file_from_program(*p.prog, sink).has_value()) << line;
    EXPECT_TRUE(sink.has_errors()) << line;
  }
}

}  // namespace
}  // namespace texsim::isa::visa
