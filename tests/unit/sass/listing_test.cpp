// Listings read back (issue 29 item 3): nvdisasm's whole-cubin form (.headerflags, .section,
// data sections, relocated operands) next to cuobjdump's, and the listing recognised by content.
#include "isa/sass/listing.hpp"

#include <gtest/gtest.h>

#include "isa/sass/codec.hpp"
#include "isa/sass/frontend.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

// The shape of `nvdisasm -hex` of a ptxas 11.8 sm_61 cubin (whole_listings corpus, trimmed): a
// data section whose `.word index@(k0)` is no instruction, then the function's .text section
// with labels, a relocated texture index and a dual-issue pair whose `}` follows an annotation.
constexpr const char* kNvdisasm =
    "\t.headerflags\t@\"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM61 "
    "EF_CUDA_VIRTUAL_SM(EF_CUDA_SM50)\"\n"
    "\t.elftype\t@\"ET_EXEC\"\n"
    "//--------------------- .nv.info                  --------------------------\n"
    "\t.section\t.nv.info,\"\",@\"SHT_CUDA_INFO\"\n"
    "        /*0000*/ \t.byte\t0x04, 0x2f\n"
    "        /*0004*/ \t.word\tindex@(k0)\n"
    "        /*0008*/ \t.word\t0x00000012\n"
    "\t.section\t.text.k0,\"ax\",@progbits\n"
    "\t.sectioninfo\t@\"SHI_REGISTERS=18\"\n"
    "k0:\n"
    ".text.k0:\n"
    "                                          /* 0x001c4400fe0007f6 */\n"
    "        /*0008*/                   MOV R1, c[0x0][0x20] ;   /* 0x4c98078000870001 */\n"
    "        /*0010*/                   TLDS.LZ.T RZ, R10, R16, `(trf), 1D, RG ;   /* "
    "0xda10000ffff7100a */\n"
    "        /*0018*/         {         FFMA R0, R0, R6, R5 ;   /* 0x5980028000670000 */\n"
    "                                          /* 0x003fc000ffa007fd */\n"
    "        /*0028*/              @!P0 SYNC    (*\"BRANCH_TARGETS .L_x_0\"*)        }\n"
    ".L_x_0:\n"
    "                                          /* 0xf0f800000008000f */\n";

TEST(SassListing, NvdisasmWholeCubinListing) {
  core::DiagSink sink;
  ListingInfo info;
  const auto prog = parse_program(kNvdisasm, "k.sass", sink, &info);
  EXPECT_FALSE(sink.has_errors()) << format_diagnostic(sink.diagnostics().front());
  EXPECT_EQ(info.sm, 61u);  // EF_CUDA_SM61, not the virtual SM in parentheses
  ASSERT_EQ(info.functions.size(), 1u);
  EXPECT_EQ(info.functions[0], (std::pair<std::string, size_t>{"k0", 0}));
  ASSERT_EQ(prog.size(), 4u);  // the data section's .word lines are no instructions
  // `(trf): the texture index field the loader relocates, 0 in the bytes.
  EXPECT_EQ(prog[1].kind, Kind::kInstruction);
  const auto tlds = encode(prog[1], sink);
  ASSERT_TRUE(tlds);
  EXPECT_EQ(tlds->word, 0xda10000ffff7100aull);
  // The pair's second half, annotated, takes the lone line after the label as its word.
  EXPECT_TRUE(prog[3].word_given);
  EXPECT_EQ(prog[3].raw_word, 0xf0f800000008000full);
}

TEST(SassListing, StructureLinesOfBothTools) {
  const auto flags = listing_structure(
      "\t.headerflags    @\"EF_CUDA_SM52 EF_CUDA_PTX_SM(EF_CUDA_SM52)\"");  // cuobjdump's
  ASSERT_TRUE(flags);
  EXPECT_EQ(flags->kind, ListingLine::Kind::kCodeFor);
  EXPECT_EQ(flags->sm, 52u);
  EXPECT_FALSE(listing_structure(".headerflags @\"EF_CUDA_VIRTUAL_SM(EF_CUDA_SM50)\""));
  EXPECT_FALSE(listing_structure(".headerflags @\"EF_CUDA_SM5\""));  // one digit: no SM
  const auto data =
      listing_structure("\t.section\t.nv.constant0.k1,\"a\",@\"SHT_CUDA_CONSTANT_B0\"");
  ASSERT_TRUE(data);
  EXPECT_EQ(data->kind, ListingLine::Kind::kSection);
  EXPECT_TRUE(data->name.empty());
  const auto text = listing_structure(".section .text.__cuda_sm20_rcp_rn_f32_slowpath,\"ax\"");
  ASSERT_TRUE(text);
  EXPECT_EQ(text->name, "__cuda_sm20_rcp_rn_f32_slowpath");
  EXPECT_FALSE(listing_structure(".sectioninfo @\"SHI_REGISTERS=18\""));
  EXPECT_FALSE(listing_structure(".section"));
}

TEST(SassListing, RelocatedOperandsOnlyOfDecodedWords) {
  // A texture word: the symbol is its 0x0 field.
  EXPECT_EQ(relocated_operands("TXQ.T R12, R12, TEX_HEADER_DIMENSION, `(trf), 0x1 ; /* "
                               "0xdf48000080470c0c */"),
            "TXQ.T R12, R12, TEX_HEADER_DIMENSION, 0x0, 0x1 ; /* 0xdf48000080470c0c */");
  // Another instruction's symbol (a call target) stays: its word comes from the column.
  const std::string cal = "CAL `(helper) ; /* 0xe26000003c000040 */";
  EXPECT_EQ(relocated_operands(cal), cal);
  // Without an encoding column nothing says what the field holds.
  EXPECT_EQ(relocated_operands("TXQ.T R12, R12, TEX_HEADER_DIMENSION, `(trf), 0x1 ;"),
            "TXQ.T R12, R12, TEX_HEADER_DIMENSION, `(trf), 0x1 ;");
}

TEST(SassListing, RecognisedByContent) {
  const auto fe = make_frontend();
  const auto bytes = [](std::string_view s) {
    return std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(s.data()), s.size());
  };
  EXPECT_TRUE(fe->recognizes(bytes("\n\tcode for sm_61\n\t\tFunction : k\n")));
  EXPECT_TRUE(fe->recognizes(bytes(kNvdisasm)));
  EXPECT_TRUE(fe->recognizes(bytes("\nFatbin elf code:\n================\n")));
  EXPECT_FALSE(fe->recognizes(bytes("TLDS.LZ RZ, R2, R4, 0x1, 1D, R ;\n")));
  EXPECT_FALSE(fe->recognizes(bytes(".version 4.0\n.kernel k\n")));
}

}  // namespace
}  // namespace texsim::isa::sass
