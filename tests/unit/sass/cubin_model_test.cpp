// The whole-cubin model (issue 29 item 3, decisions CB1-CB4): texsim's own cubins read back with
// every section, symbol and EIATTR record; each rule (symbols, relocations, .nv.info) passes on a
// good table and is an error at the offset of the bad field on a broken one.
#include "isa/sass/cubin_model.hpp"

#include <gtest/gtest.h>

#include "core/bytes.hpp"
#include "core/diag.hpp"
#include "isa/sass/cubin.hpp"

namespace texsim::isa::sass {
namespace {

// Two Maxwell bundles: a control word, MOV R1, c[0x0][0x20], EXIT (0x10), NOP; then EXIT (0x28).
std::vector<uint8_t> text() {
  const uint64_t w[8] = {0x001fbc00fde007f6, 0x4c98078000870001, 0xe30000000007000f,
                         0x50b0000000070f00, 0x001ffc00ffe007ed, 0xe30000000007000f,
                         0x50b0000000070f00, 0x50b0000000070f00};
  std::vector<uint8_t> t;
  for (uint64_t v : w)
    for (unsigned b = 0; b < 8; ++b) t.push_back(static_cast<uint8_t>(v >> (8 * b)));
  return t;
}

void put(std::vector<uint8_t>& b, size_t off, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) b[off + i] = static_cast<uint8_t>(v >> (8 * i));
}

uint64_t header(const std::vector<uint8_t>& b, unsigned section) {
  return core::load_le(b, 40, 8) + 64ull * section;
}

// The single error of reading `b`: its rule and offset.
std::pair<std::string, uint64_t> error_of(const std::vector<uint8_t>& b) {
  core::DiagSink sink;
  EXPECT_FALSE(read_cubin_model(b, "bad.cubin", sink));
  EXPECT_EQ(sink.error_count(), 1u);
  if (sink.diagnostics().empty()) return {"", 0};
  const auto& d = sink.diagnostics().front();
  return {d.rule_id, std::get<core::BinaryLoc>(d.loc).offset};
}

TEST(SassCubinModel, OwnCubinHasPtxasSectionsSymbolsAndAttributes) {
  const auto b = write_cubin("k", text(), 52, 2, 12);
  core::DiagSink sink;
  const auto m = read_cubin_model(b, "k.cubin", sink);
  ASSERT_TRUE(m) << sink.diagnostics().front().message;
  std::vector<std::string> names;
  for (const auto& s : m->sections) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"", ".shstrtab", ".strtab", ".symtab", ".nv.info",
                                             ".nv.info.k", ".nv.constant0.k", ".text.k"}));
  EXPECT_EQ(m->sections[6].size, 0x140u + 12);  // the driver's area, then the parameters
  ASSERT_EQ(m->symbols.size(), 4u);
  EXPECT_EQ(m->symbols[3].name, "k");
  EXPECT_EQ(m->symbols[3].info, 0x12);   // GLOBAL FUNC
  EXPECT_EQ(m->symbols[3].other, 0x10);  // STO_CUDA_ENTRY
  EXPECT_EQ(m->symbols[3].size, text().size());
  std::vector<std::string> attrs;
  for (const auto& r : m->nv_info) attrs.push_back(eiattr_name(r.attribute));
  EXPECT_EQ(attrs, (std::vector<std::string>{
                       "EIATTR_REGCOUNT", "EIATTR_MAX_STACK_SIZE", "EIATTR_MIN_STACK_SIZE",
                       "EIATTR_FRAME_SIZE", "EIATTR_CUDA_API_VERSION", "EIATTR_SW2393858_WAR",
                       "EIATTR_SW1850030_WAR", "EIATTR_PARAM_CBANK", "EIATTR_CBANK_PARAM_SIZE",
                       "EIATTR_KPARAM_INFO", "EIATTR_KPARAM_INFO", "EIATTR_KPARAM_INFO",
                       "EIATTR_MAXREG_COUNT", "EIATTR_EXIT_INSTR_OFFSETS"}));
  EXPECT_EQ(m->nv_info.back().value, (std::vector<uint8_t>{0x10, 0, 0, 0, 0x28, 0, 0, 0}));
  EXPECT_EQ(m->nv_info[8].value, (std::vector<uint8_t>{12, 0}));  // CBANK_PARAM_SIZE
  EXPECT_TRUE(m->relocs.empty());
}

TEST(SassCubinModel, NoParametersNoParameterBank) {
  const auto b = write_cubin("k", text(), 61, 2);
  core::DiagSink sink;
  const auto m = read_cubin_model(b, "k.cubin", sink);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->sections[6].size, 0x140u);
  for (const auto& r : m->nv_info) EXPECT_NE(eiattr_name(r.attribute), "EIATTR_PARAM_CBANK");
}

TEST(SassCubinModel, EiattrNames) {
  EXPECT_EQ(eiattr_name(0x2f), "EIATTR_REGCOUNT");
  EXPECT_EQ(eiattr_name(0x37), "EIATTR_CUDA_API_VERSION");
  EXPECT_EQ(eiattr_name(0x38), "");
}

TEST(SassCubinModel, SymbolRules) {
  auto b = write_cubin("k", text(), 52, 2);
  const uint64_t sym = core::load_le(b, header(b, 3) + 24, 8);
  const uint64_t kernel = sym + uint64_t{3} * 24;  // symbol 3: the kernel
  auto bad = b;
  put(bad, kernel + 6, 99, 2);  // the kernel names section 99
  EXPECT_EQ(error_of(bad), std::make_pair(std::string("SASS-CUBIN-SYMBOL"), kernel + 6));
  bad = b;
  put(bad, kernel + 16, 0x1000, 8);  // the kernel runs past its section
  EXPECT_EQ(error_of(bad), std::make_pair(std::string("SASS-CUBIN-SYMBOL"), kernel + 8));
  bad = b;
  put(bad, sym + 24, 0xffff, 4);  // a name outside .strtab
  EXPECT_EQ(error_of(bad).first, "SASS-CUBIN-SYMBOL");
}

// .nv.info (section 4, 0x30 bytes) turned into a .rel section patching .nv.constant0.k.
std::vector<uint8_t> with_rel(uint64_t offset, uint64_t symbol, uint32_t target) {
  auto b = write_cubin("k", text(), 52, 2);
  const uint64_t h = header(b, 4), at = core::load_le(b, h + 24, 8);
  put(b, h + 4, 9, 4);        // SHT_REL
  put(b, h + 44, target, 4);  // sh_info
  put(b, h + 56, 16, 8);      // entsize
  for (unsigned e = 0; e < 3; ++e) {
    put(b, at + uint64_t{16} * e, offset, 8);
    put(b, at + uint64_t{16} * e + 8, symbol << 32 | 0x2a, 8);
  }
  return b;
}

TEST(SassCubinModel, RelocationRules) {
  core::DiagSink sink;
  const auto m = read_cubin_model(with_rel(0x13c, 2, 6), "k.cubin", sink);
  ASSERT_TRUE(m);
  ASSERT_EQ(m->relocs.size(), 3u);
  EXPECT_EQ(m->relocs[0].offset, 0x13cu);
  EXPECT_EQ(m->relocs[0].type, 0x2au);
  EXPECT_EQ(m->symbols[m->relocs[0].symbol].name, ".nv.constant0.k");
  auto b = with_rel(0x13d, 2, 6);  // the word runs past the 0x140-byte bank
  const uint64_t at = core::load_le(b, header(b, 4) + 24, 8);
  EXPECT_EQ(error_of(b), std::make_pair(std::string("SASS-CUBIN-REL"), at));
  EXPECT_EQ(error_of(with_rel(0, 4, 6)), std::make_pair(std::string("SASS-CUBIN-REL"), at + 12));
  b = with_rel(0, 1, 0);
  EXPECT_EQ(error_of(b), std::make_pair(std::string("SASS-CUBIN-REL"), header(b, 4) + 44));
  b = with_rel(0, 1, 6);
  put(b, header(b, 4) + 56, 24, 8);  // .rel with .rela's entry size
  EXPECT_EQ(error_of(b), std::make_pair(std::string("SASS-CUBIN-REL"), header(b, 4) + 56));
}

TEST(SassCubinModel, NvInfoRules) {
  const auto b = write_cubin("k", text(), 52, 2);
  const uint64_t h = header(b, 4), at = core::load_le(b, h + 24, 8);
  auto bad = b;
  bad[at] = 9;  // no EIFMT 9
  EXPECT_EQ(error_of(bad), std::make_pair(std::string("SASS-CUBIN-NVINFO"), at));
  bad = b;
  put(bad, at + 2, 0x100, 2);  // an SVAL longer than the section
  EXPECT_EQ(error_of(bad), std::make_pair(std::string("SASS-CUBIN-NVINFO"), at + 2));
  bad = b;
  put(bad, h + 32, 0x30 - 2, 8);  // the last record cut to 2 bytes... of a 12-byte SVAL
  EXPECT_EQ(error_of(bad).first, "SASS-CUBIN-NVINFO");
  bad = b;
  put(bad, h + 32, 0x32, 8);  // 2 bytes past the records: a record of 2 bytes
  EXPECT_EQ(error_of(bad), std::make_pair(std::string("SASS-CUBIN-NVINFO"), at + 0x30));
}

TEST(SassCubinModel, ExitOffsetsAndListingUse) {
  EXPECT_EQ(exit_offsets(text(), 52), (std::vector<uint32_t>{0x10, 0x28}));
  std::vector<uint8_t> wide(32, 0);
  wide[16] = 0x4d, wide[17] = 0x79;  // SM70 EXIT (0x794d) in the second word
  EXPECT_EQ(exit_offsets(wide, 70), (std::vector<uint32_t>{16}));
  const std::vector<std::string> lines{"XMAD R11, R9, c[0x0] [0x148], RZ ;",
                                       "MOV R1, c[0x0][0x20] ;", "STG.E [R2], RZ ;"};
  const auto u = listing_use(lines, 52);
  EXPECT_EQ(u.regs, 12u);
  EXPECT_EQ(u.param_bytes, 12u);
  EXPECT_EQ(listing_use(lines, 70).param_bytes, 0u);  // SM70's parameters start at 0x160
}

}  // namespace
}  // namespace texsim::isa::sass

namespace texsim::isa::sass {
namespace {

// Two kernels, the second with a WEAK and a LOCAL subroutine (decisions CW1, CW2): ptxas's
// section order, symbols, .text sh_info and .nv.info records, last kernel first.
TEST(SassCubinModel, SeveralKernelsInPtxasOrder) {
  std::vector<CubinFunction> fs(2);
  fs[0] = {"a", text(), 3, 0, {}};
  fs[1] = {"b", text(), 7, 8, {{"$b$slow", 0x18, 2}, {"$b$sub", 0x28, 0}}};
  const auto bytes = write_cubin_functions(fs, 61);
  core::DiagSink sink;
  const auto m = read_cubin_model(bytes, "ab.cubin", sink);
  ASSERT_TRUE(m) << sink.diagnostics().front().message;
  std::vector<std::string> names;
  for (const auto& s : m->sections) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"", ".shstrtab", ".strtab", ".symtab", ".nv.info",
                                             ".nv.info.a", ".nv.info.b", ".nv.constant0.a",
                                             ".nv.constant0.b", ".text.a", ".text.b"}));
  std::vector<std::string> syms;
  for (const auto& s : m->symbols) {
    syms.push_back(s.name + " " + std::to_string(s.info) + " " + std::to_string(s.shndx) + " " +
                   std::to_string(s.value) + " " + std::to_string(s.size));
  }
  EXPECT_EQ(syms, (std::vector<std::string>{
                      " 0 0 0 0", ".text.a 3 9 0 0", ".nv.constant0.a 3 7 0 0", ".text.b 3 10 0 0",
                      "$b$slow 34 10 24 16", "$b$sub 2 10 40 24", ".nv.constant0.b 3 8 0 0",
                      "a 18 9 0 64", "b 18 10 0 64"}));
  EXPECT_EQ(m->sections[3].info, 7u);  // .symtab: the first global symbol
  EXPECT_EQ(m->sections[9].info, (3u << 24) | 7u);
  EXPECT_EQ(m->sections[10].info, (7u << 24) | 8u);
  EXPECT_EQ(m->sections[5].info, 9u);  // .nv.info.a names .text.a
  EXPECT_EQ(m->sections[8].size, 0x140u + 8);
  // Program headers (CW7): PHDR, LOAD of .nv.constant0.a .. .text.b, LOAD; each 56 bytes.
  EXPECT_EQ(core::load_le(bytes, 54, 2), 56u);
  EXPECT_EQ(core::load_le(bytes, 56, 2), 3u);
  const uint64_t ph = core::load_le(bytes, 32, 8);
  EXPECT_EQ(core::load_le(bytes, ph, 4), 6u);
  EXPECT_EQ(core::load_le(bytes, ph + 56 + 8, 8), m->sections[7].offset);
  EXPECT_EQ(core::load_le(bytes, ph + 56 + 32, 8),
            m->sections[10].offset + m->sections[10].size - m->sections[7].offset);
  // .nv.info: b (REGCOUNT, then stack/frame of $b$sub, $b$slow and b), then a.
  std::vector<std::string> info;
  for (const auto& r : m->nv_info) {
    if (r.section == 4) info.push_back(eiattr_name(r.attribute) + " " + std::to_string(r.value[0]));
  }
  EXPECT_EQ(info, (std::vector<std::string>{
                      "EIATTR_REGCOUNT 8", "EIATTR_MAX_STACK_SIZE 5", "EIATTR_MIN_STACK_SIZE 5",
                      "EIATTR_FRAME_SIZE 5", "EIATTR_MAX_STACK_SIZE 4", "EIATTR_MIN_STACK_SIZE 4",
                      "EIATTR_FRAME_SIZE 4", "EIATTR_MAX_STACK_SIZE 8", "EIATTR_MIN_STACK_SIZE 8",
                      "EIATTR_FRAME_SIZE 8", "EIATTR_REGCOUNT 7", "EIATTR_MAX_STACK_SIZE 7",
                      "EIATTR_MIN_STACK_SIZE 7", "EIATTR_FRAME_SIZE 7"}));
}

// A 64-bit constant read counts 8 parameter bytes (decision CW6): .64, and .WIDE's last operand.
TEST(SassCubinModel, WideConstantReadsCountEightBytes) {
  const std::vector<std::string> wide{"IMAD.WIDE.U32 R2, R0, R3, c[0x0][0x160] ;"};
  EXPECT_EQ(listing_use(wide, 75).param_bytes, 8u);
  const std::vector<std::string> b_operand{"IMAD.WIDE R2, R0, c[0x0][0x160], R2 ;"};
  EXPECT_EQ(listing_use(b_operand, 75).param_bytes, 4u);
  const std::vector<std::string> uldc{"@P0 ULDC.64 UR4, c[0x0][0x168] ;"};
  EXPECT_EQ(listing_use(uldc, 75).param_bytes, 16u);
}

}  // namespace
}  // namespace texsim::isa::sass
