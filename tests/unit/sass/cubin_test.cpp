// Cubin reader/writer and cuobjdump listings (issue 14): written cubins read back; every malformed
// header or table is an error at the byte offset of the field; listings read as structure.
#include "isa/sass/cubin.hpp"
#include "isa/sass/cubin_model.hpp"

#include <gtest/gtest.h>

#include "core/diag.hpp"
#include "isa/sass/codec.hpp"
#include "isa/sass/frontend.hpp"
#include "isa/sass/listing.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

std::vector<uint8_t> demo_text() {
  core::DiagSink sink;
  std::vector<EncodedWord> words;
  for (const char* line : {"TLDS.LZ.T RZ, R6, R16, 0x5c, 1D, RG ;",
                           "@!P1 TLDS.LL.AOFFI.NODEP.P R32, R34, R54, R52, 0x50, 2D, RGBA ;"}) {
    const auto i = parse_line(line, "t.sass", 1, sink);
    words.push_back(*encode(*i, sink));
  }
  return encode_stream(words);
}

void put(std::vector<uint8_t>& b, size_t off, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) b[off + i] = static_cast<uint8_t>(v >> (8 * i));
}

// The single error of reading `b`, with its offset.
std::pair<std::string, uint64_t> error_of(const std::vector<uint8_t>& b) {
  core::DiagSink sink;
  EXPECT_FALSE(read_cubin(b, "bad.cubin", sink));
  EXPECT_EQ(sink.error_count(), 1u);
  if (sink.diagnostics().empty()) return {"", 0};
  const auto& d = sink.diagnostics().front();
  EXPECT_EQ(d.rule_id, "SASS-CUBIN");
  return {d.message, std::get<core::BinaryLoc>(d.loc).offset};
}

TEST(SassCubin, WrittenCubinReadsBack) {
  const auto text = demo_text();
  const auto elf = write_cubin("k", text, 61, 56);
  core::DiagSink sink;
  const auto c = read_cubin(elf, "k.cubin", sink);
  ASSERT_TRUE(c);
  EXPECT_TRUE(sink.diagnostics().empty());
  EXPECT_EQ(c->sm, 61u);
  EXPECT_EQ(c->virtual_sm, 61u);
  ASSERT_EQ(c->kernels.size(), 1u);
  EXPECT_EQ(c->kernels[0].name, "k");
  EXPECT_EQ(c->kernels[0].section, ".text.k");
  EXPECT_EQ(c->kernels[0].text, text);
  EXPECT_EQ(c->kernels[0].file_offset % 32, 0u);
}

TEST(SassCubin, MalformedHeadersAreErrorsWithOffsets) {
  const auto good = write_cubin("k", demo_text(), 52, 8);
  EXPECT_EQ(error_of(std::vector<uint8_t>(good.begin(), good.begin() + 40)).second, 0u);
  auto b = good;
  b[4] = 1;  // ELFCLASS32
  EXPECT_EQ(error_of(b).second, 4u);
  b = good;
  b[5] = 2;  // big-endian
  EXPECT_EQ(error_of(b).second, 5u);
  b = good;
  put(b, 18, 62, 2);  // EM_X86_64
  EXPECT_EQ(error_of(b).second, 18u);
  b = good;
  put(b, 40, 0xfffffffffffffff0ull, 8);  // e_shoff past the end (and overflowing)
  EXPECT_EQ(error_of(b).second, 40u);
  b = good;
  put(b, 62, 9, 2);  // e_shstrndx >= e_shnum
  EXPECT_EQ(error_of(b).second, 62u);
  b = good;
  put(b, 58, 40, 2);  // e_shentsize
  EXPECT_EQ(error_of(b).second, 58u);
}

TEST(SassCubin, MalformedSectionsAreErrorsWithOffsets) {
  const auto good = write_cubin("k", demo_text(), 52, 8);
  const uint64_t shoff = good[40] | (uint64_t{good[41]} << 8);
  auto b = good;
  put(b, shoff + 4 * 64 + 32, 1u << 20, 8);  // .text size past the end
  auto [msg, off] = error_of(b);
  EXPECT_EQ(off, shoff + 4 * 64 + 24);
  EXPECT_NE(msg.find("outside the file"), std::string::npos);
  b = good;
  put(b, shoff + 4 * 64, 1000, 4);  // .text name index past .shstrtab
  EXPECT_EQ(error_of(b).second, shoff + 4 * 64);
  b = good;
  // .shstrtab without its final NUL: the last name runs off the table.
  const uint64_t shstr_size = good[shoff + 64 + 32];
  put(b, shoff + 64 + 32, shstr_size - 1, 8);
  EXPECT_NE(error_of(b).first.find("no NUL"), std::string::npos);
  b = good;
  put(b, shoff + 3 * 64 + 56, 16, 8);  // symtab entsize
  EXPECT_EQ(error_of(b).second, shoff + 3 * 64 + 56);
}

TEST(SassCubin, FrontendDecodesAndRejectsOtherArchitectures) {
  const auto fe = make_frontend();
  BinaryInput in;
  in.name = "k.cubin";
  in.bytes = write_cubin("k", demo_text(), 52, 8);
  core::DiagSink sink;
  const auto p = fe->decode(in, "SM52", sink);
  ASSERT_TRUE(p);
  EXPECT_FALSE(sink.has_errors());
  const std::string text = fe->print(*p);
  EXPECT_NE(text.find("\tcode for sm_52\n\t\tFunction : k\n"), std::string::npos);
  EXPECT_NE(text.find("        /*0010*/              @!P1 TLDS.LL.AOFFI.NODEP.P R32, R34, R54, "
                      "R52, 0x50, 2D, RGBA;"),
            std::string::npos);
  // The cubin's own architecture decides: an sm_70 cubin is read as 128-bit words (demo_text's
  // Maxwell bytes are none of its texture instructions: .word lines and one summary warning),
  // and an architecture of neither generation is SASS-CUBIN.
  in.bytes = write_cubin("k", demo_text(), 70, 8);
  core::DiagSink s2;
  const auto wide = fe->decode(in, "SM52", s2);
  ASSERT_TRUE(wide);
  EXPECT_NE(fe->print(*wide).find("\tcode for sm_70\n"), std::string::npos);
  EXPECT_NE(fe->print(*wide).find(".word 0x"), std::string::npos);
  EXPECT_EQ(s2.diagnostics().at(0).rule_id, "SASS-DECODE-OPCODE");
  in.bytes = write_cubin("k", demo_text(), 65, 8);
  core::DiagSink s5;
  EXPECT_FALSE(fe->decode(in, "SM52", s5));
  EXPECT_EQ(s5.diagnostics().at(0).rule_id, "SASS-CUBIN");
  // A fatbin is named as one, with the command that extracts its cubins.
  in.bytes = {0x50, 0xed, 0x55, 0xba, 1, 0, 0x10, 0};
  core::DiagSink s4;
  EXPECT_FALSE(fe->decode(in, "SM52", s4));
  EXPECT_NE(s4.diagnostics().at(0).message.find("cuobjdump -xelf all"), std::string::npos);
  // check/run read a cubin through parse().
  in.bytes = write_cubin("k", demo_text(), 52, 8);
  core::DiagSink s3;
  EXPECT_TRUE(fe->parse({"k.cubin", std::string(in.bytes.begin(), in.bytes.end())}, "SM52", s3));
}

// Issue 31, decision N4: ptxas -arch=sm_61 of `.target sm_52` records PTX target 52 in e_flags
// bits 23:16; cuobjdump 11.8 still prints EF_CUDA_PTX_SM(EF_CUDA_SM61), the real SM.
TEST(SassCubin, HeaderFlagsNameTheRealSmAsCuobjdumpDoes) {
  const auto fe = make_frontend();
  std::vector<uint8_t> bytes = write_cubin("k", demo_text(), 61, 8);
  bytes[0x30 + 2] = 52;  // e_flags (ELF64 offset 0x30), bits 23:16: the PTX target
  BinaryInput in;
  in.name = "k.cubin";
  in.bytes = bytes;
  core::DiagSink sink;
  const auto p = fe->decode(in, "SM52", sink);
  ASSERT_TRUE(p);
  const std::string text = fe->print(*p);
  EXPECT_NE(text.find("@\"EF_CUDA_SM61 EF_CUDA_PTX_SM(EF_CUDA_SM61)\""), std::string::npos) << text;
}

TEST(SassCubin, AsmWritesCubinNamedByListingFunction) {
  const auto fe = make_frontend();
  core::DiagSink sink;
  const std::string listing =
      "\n\tcode for sm_61\n\t\tFunction : tex_kernel\n"
      "\t.headerflags    @\"EF_CUDA_SM61 EF_CUDA_PTX_SM(EF_CUDA_SM61)\"\n"
      "                                      /* 0x001fd420fe240fb2 */\n"
      "        /*0008*/   TLDS.LZ.P R4, R2, R5, R0, 0x52, 2D, RGBA ;  /* 0xda50052040070502 */\n"
      "        /*0010*/   MOV R1, c[0x0][0x20] ;   /* 0x4c98078000870001 */\n"
      "        /*0018*/   NOP;    /* 0x50b0000000070f00 */\n"
      "\t\t..........\n";
  const auto p = fe->parse({"k.sass", listing}, "SM61", sink);
  ASSERT_TRUE(p);
  EXPECT_FALSE(sink.has_errors());
  const auto& sp = static_cast<const SassProgram&>(*p);
  ASSERT_EQ(sp.instructions.size(), 3u);  // structure lines are not instructions
  EXPECT_EQ(sp.listing.sm, 61u);
  ASSERT_EQ(sp.listing.functions.size(), 1u);
  EXPECT_EQ(sp.listing.functions[0].first, "tex_kernel");
  const auto obj = fe->encode_object(*p, "out/x.cubin", "SM61", sink);
  ASSERT_TRUE(obj);
  const auto c = read_cubin(*obj, "x.cubin", sink);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->kernels.at(0).name, "tex_kernel");
  // The control word line and the MOV's encoding comment give back the original bundle.
  auto get = [&](size_t off) {
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; ++i) v |= uint64_t{c->kernels[0].text[off + i]} << (8 * i);
    return v;
  };
  EXPECT_EQ(get(0), 0x001fd420fe240fb2ull);
  EXPECT_EQ(get(8), 0xda50052040070502ull);
  EXPECT_EQ(get(16), 0x4c98078000870001ull);
  EXPECT_EQ(get(24), 0x50b0000000070f00ull);
  // Not a .cubin name: no object (the CLI writes the bundle stream).
  EXPECT_FALSE(fe->encode_object(*p, "x.bin", "SM61", sink));
  // The listing's `code for sm_61` decides the architecture whatever --platform says (issue 29,
  // decision T73: every cubin was written as SM52).
  const auto q = fe->parse({"k.sass", listing}, "SM52", sink);
  ASSERT_TRUE(q);
  const auto obj52 = fe->encode_object(*q, "out/x.cubin", "SM52", sink);
  ASSERT_TRUE(obj52);
  EXPECT_EQ(read_cubin(*obj52, "x.cubin", sink)->sm, 61u);
}

// Dual-issue pairs (decision T75): a stall count of 0 with the yield bit set pairs an
// instruction with the next; cuobjdump marks them "{" ... "}" and prints the second one's
// encoding on a line of its own. texsim's listing of the cubin does the same, and reads it back.
TEST(SassCubin, DualIssuePairsPrintAsCuobjdumpDoes) {
  const auto fe = make_frontend();
  core::DiagSink sink;
  const std::string listing =
      "\n\tcode for sm_61\n\t\tFunction : k\n"
      "\t.headerflags    @\"EF_CUDA_SM61 EF_CUDA_PTX_SM(EF_CUDA_SM61)\"\n"
      "                                      /* 0x001ff400fe0007f1 */\n"
      "        /*0008*/   TLDS.LZ RZ, R4, R16, 0x5, 1D, R ;\n"
      "        /*0010*/   TLDS.LZ RZ, R6, R18, 0x2a, 1D, R ;\n"
      "        /*0018*/   TLDS.LZ RZ, R8, R20, 0x4f, 1D, R ;\n";
  const auto p = fe->parse({"k.sass", listing}, "SM61", sink);
  ASSERT_TRUE(p);
  const auto obj = fe->encode_object(*p, "k.cubin", "SM61", sink);
  ASSERT_TRUE(obj);
  isa::BinaryInput in;
  in.name = "k.cubin";
  in.bytes = *obj;
  const auto d = fe->decode(in, "SM61", sink);
  ASSERT_TRUE(d);
  const std::string text = fe->print(*d);
  EXPECT_NE(text.find("        /*0010*/         {         TLDS.LZ RZ, R6, R18, 0x2a, 1D, R ;"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find("        /*0018*/                   TLDS.LZ RZ, R8, R20, 0x4f, 1D, R         }\n"),
      std::string::npos)
      << text;
  EXPECT_EQ(text.find("/*0008*/         {"), std::string::npos);  // stall 1: no pair
  // The listing reads back to the same cubin (the lone encoding line is the second's word).
  const auto back = fe->parse({"k2.sass", text}, "SM61", sink);
  ASSERT_TRUE(back);
  EXPECT_EQ(fe->encode_object(*back, "k.cubin", "SM61", sink), obj);
  EXPECT_FALSE(sink.has_errors());
}

// asm --into (decision T76): the code goes into a copy of the base cubin, every other byte kept;
// an edited texture line changes its word only; a missing kernel or a size change is refused.
TEST(SassCubin, EncodeIntoABaseKeepsEveryOtherByte) {
  const auto fe = make_frontend();
  core::DiagSink sink;
  const auto listing = [](const char* mask) {
    return std::string("\n\tcode for sm_61\n\t\tFunction : k\n") +
           "        /*0008*/   TLDS.LZ RZ, R4, R16, 0x5, 1D, " + mask + " ;\n" +
           "        /*0010*/   NOP ;\n        /*0018*/   NOP ;\n";
  };
  const auto p = fe->parse({"k.sass", listing("R")}, "SM61", sink);
  ASSERT_TRUE(p);
  const auto base = fe->encode_object(*p, "k.cubin", "SM61", sink);
  ASSERT_TRUE(base);
  EXPECT_EQ(fe->encode_object_into(*p, *base, "k.cubin", sink), base);
  const auto q = fe->parse({"k.sass", listing("G")}, "SM61", sink);
  ASSERT_TRUE(q);
  const auto edited = fe->encode_object_into(*q, *base, "k.cubin", sink);
  ASSERT_TRUE(edited);
  ASSERT_EQ(edited->size(), base->size());
  size_t differ = 0;
  for (size_t i = 0; i < base->size(); ++i) differ += (*edited)[i] != (*base)[i] ? 1 : 0;
  EXPECT_GT(differ, 0u);
  EXPECT_LE(differ, 8u);  // within the TLDS word
  EXPECT_FALSE(sink.has_errors());
  core::DiagSink bad;
  const auto r =
      fe->parse({"k.sass", "\t\tFunction : other\n" + listing("R").substr(1)}, "SM61", bad);
  ASSERT_TRUE(r);
  EXPECT_FALSE(fe->encode_object_into(*r, *base, "k.cubin", bad));
  EXPECT_NE(format_diagnostic(bad.diagnostics().at(0)).find("has no kernel other"),
            std::string::npos);
}

TEST(SassCubin, ListingStructureLines) {
  EXPECT_EQ(listing_structure("\tcode for sm_61")->sm, 61u);
  EXPECT_FALSE(listing_structure("code for sm_"));
  EXPECT_EQ(listing_structure("\t\tFunction : k0")->name, "k0");
  EXPECT_EQ(listing_structure("  /* 0x001c7c00e22007f6 */")->value, 0x001c7c00e22007f6ull);
  EXPECT_FALSE(listing_structure("/* 0x001c7c00e22007f */"));
  EXPECT_EQ(listing_structure("Fatbin elf code:")->kind, ListingLine::Kind::kHeader);
  EXPECT_EQ(listing_structure("================")->kind, ListingLine::Kind::kHeader);
  // F9: leading carriage returns are white space to the structure reader as to the line parser,
  // so a banner is structure both before and after printing (never an instruction once).
  EXPECT_EQ(listing_structure("\r\r\r\rFatbin elf code:\xff")->kind, ListingLine::Kind::kHeader);
  core::DiagSink sink;
  EXPECT_TRUE(parse_program("\r\r\r\rFatbin elf code:\xff\xff", "t.sass", sink).empty());
  // F10: an unsupported text that would print as a listing line ("Function : ;") kept its @PT
  // guard. Issue 31: a name that is no Maxwell/Pascal instruction is now an error, so no such
  // text reaches the printer.
  core::DiagSink fsink;
  EXPECT_TRUE(parse_program("Function : # comment", "t.sass", fsink).empty());
  ASSERT_EQ(fsink.diagnostics().size(), 1u);
  EXPECT_EQ(fsink.diagnostics()[0].rule_id, "SASS-UNKNOWN-OPCODE");
  EXPECT_EQ(encoding_comment("  NOP ;   /* 0x50b0000000070f00 */"), 0x50b0000000070f00ull);
  EXPECT_FALSE(encoding_comment("NOP ; /* 0x50b */"));
  Control c;  // 0x7e0: nvdisasm writes "X;"
  EXPECT_EQ(nvdisasm_spacing("NOP ;", c), "NOP;");
  c.stall = 1;
  EXPECT_EQ(nvdisasm_spacing("NOP ;", c), "NOP ;");
}

// nvdisasm's subroutine labels become ListingInfo.subroutines (decision CW2): `.weak`/`.global`
// give the binding, `.type N,@function` the kind; the section's own kernel label and `.L_x`
// labels are not subroutines.
TEST(SassCubin, NvdisasmSubroutineLabelsAreRead) {
  const auto fe = make_frontend();
  core::DiagSink sink;
  const std::string listing =
      "\t.headerflags\t@\"EF_CUDA_SM61 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM61)\"\n"
      "\t.section\t.text.k,\"ax\",@progbits\n"
      "        .global         k\n        .type           k,@function\n"
      "k:\n.text.k:\n"
      "        /*0008*/                   NOP ;   /* 0x50b0000000070f00 */\n"
      "        .weak           $k$slow\n        .type           $k$slow,@function\n"
      "$k$slow:\n"
      "        /*0010*/                   NOP ;   /* 0x50b0000000070f00 */\n"
      ".L_x_1:\n"
      "        .type           $k$sub,@function\n"
      "$k$sub:\n"
      "        /*0018*/                   NOP ;   /* 0x50b0000000070f00 */\n";
  const auto p = fe->parse({"k.nvd", listing}, "SM61", sink);
  ASSERT_TRUE(p);
  const auto& sp = static_cast<const SassProgram&>(*p);
  ASSERT_EQ(sp.listing.functions.size(), 1u);
  ASSERT_EQ(sp.listing.subroutines.size(), 2u);
  EXPECT_EQ(sp.listing.subroutines[0].name, "$k$slow");
  EXPECT_EQ(sp.listing.subroutines[0].first, 1u);
  EXPECT_EQ(sp.listing.subroutines[0].bind, 2);
  EXPECT_EQ(sp.listing.subroutines[1].name, "$k$sub");
  EXPECT_EQ(sp.listing.subroutines[1].first, 2u);
  EXPECT_EQ(sp.listing.subroutines[1].bind, 0);
  const auto obj = fe->encode_object(*p, "k.cubin", "SM61", sink);
  ASSERT_TRUE(obj);
  const auto m = read_cubin_model(*obj, "k.cubin", sink);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->symbols.at(2).name, "$k$slow");
  EXPECT_EQ(m->symbols.at(2).value, 0x10u);
  EXPECT_EQ(m->symbols.at(3).name, "$k$sub");
  EXPECT_EQ(m->symbols.at(3).value, 0x18u);
}

}  // namespace
}  // namespace texsim::isa::sass
