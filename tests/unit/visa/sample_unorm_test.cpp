// SAMPLE_UNORM (0x41, IGC visa-sample_unorm.md): IGC's printed line, the .isa bytes GenX_IR writes,
// one passing and one failing case per rule, and execution (8x4 block, UNORM16, hand-computed).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "isa/visa/codec.hpp"
#include "isa/visa/exec.hpp"
#include "isa/visa/isa_file.hpp"
#include "visa_exec_util.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

// The declarations of the GenX_IR experiment (decision V50): V32 UW, V33 F.
constexpr const char* kDecls = R"(.version 4.1
.decl V32 v_type=G type=uw num_elts=128 align=GRF
.decl V33 v_type=G type=f num_elts=8 align=GRF
.decl V34 v_type=G type=ud num_elts=8 align=GRF
.decl V35 v_type=G type=uw num_elts=256 align=GRF
.decl V36 v_type=G type=ud num_elts=128 align=GRF
.decl T6 v_type=T num_elts=1
.decl S1 v_type=S num_elts=1
)";

std::string program(const std::string& body) {
  return std::string(kDecls) + body + "\n";
}

constexpr const char* kIgcLine =
    "sample_unorm.RGBA.16-full S1 T6 V33(0,0)<0;1,0> V33(0,1)<0;1,0> 0x3d800000:f 0x3e000000:f "
    "V32.0";
constexpr const char* kIgcLine2 =
    "sample_unorm.RA.8-downsampled S1 T6 0x0:f 0x3f000000:f V33(0,2)<0;1,0> V33(0,3)<0;1,0> V32.0";

TEST(SampleUnormText, IgcLinesPrintBackIdentically) {
  // The lines GenX_IR (libigc-tools) accepts and prints back unchanged with -dumpcommonisa.
  test::expect_prints_back(kDecls, {kIgcLine, kIgcLine2,
                                    "sample_unorm.G.16-downsampled S1 T6 0x0:f 0x0:f "
                                    "0x3d800000:f 0x3e000000:f V35.64"});
  // The page's upper-case Text: channel mask R|A, format 8-full (2) in bits 5:4.
  auto s = test::parse(program("    SAMPLE_UNORM.RA.8-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0"));
  ASSERT_FALSE(s.sink.has_errors()) << test::all_diags(s.sink);
  EXPECT_EQ(s.prog->instructions[0].op("Channel_mask").value, 0x29u);
}

TEST(SampleUnormText, MalformedChannelsAndFormatsAreSyntaxErrors) {
  struct Case {
    const char* line;
    uint32_t column;
  };
  const Case cases[] = {
      {"    sample_unorm.RGBA S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0", 22},          // no format
      {"    sample_unorm.RGBA.12-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0", 23},  // unknown
      {"    sample_unorm.AR.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0", 19},    // order
      {"    sample_unorm.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0", 18},       // no channel
      {"    sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f V32.0", 0},  // a scalar missing
  };
  for (const Case& c : cases) {
    auto p = test::parse(program(c.line));
    EXPECT_TRUE(p.sink.has_errors()) << c.line;
    ASSERT_FALSE(p.sink.diagnostics().empty()) << c.line;
    const auto& d = p.sink.diagnostics().front();
    EXPECT_EQ(d.rule_id, "VISA-SYNTAX") << c.line << "\n" << test::all_diags(p.sink);
    const auto* loc = std::get_if<core::TextLoc>(&d.loc);
    ASSERT_NE(loc, nullptr);
    EXPECT_EQ(loc->line, 9u);
    if (c.column != 0) {
      EXPECT_EQ(loc->column, c.column) << c.line << "\n" << test::all_diags(p.sink);
    }
  }
}

// The .isa instruction bytes GenX_IR writes for kIgcLine / kIgcLine2 on TGLLP (vISA 4.1; S1 is
// sampler 0 in the file, surfaces from 6, general ids from 32): opcode, Channel_mask, Sampler,
// Surface, four vector operands (general: tag 0, UD id, row, col, UW region; immediate: tag 5,
// type 7 = F, the bits), Dst (UD id, UW offset). Decision V50.
constexpr const char* kGenxBytes1 =
    "410f000600210000000000210100210000000001210105070000803d05070000003e200000000000";
constexpr const char* kGenxBytes2 =
    "4139000605070000000005070000003f002100000000022101002100000000032101200000000000";

TEST(SampleUnormBinary, IsaBytesAreGenxIrsAndRoundTrip) {
  const std::string body = std::string("    ") + kIgcLine + "\n    " + kIgcLine2;
  const std::string decls =
      ".version 4.1\n.kernel \"k\"\n"
      ".decl V32 v_type=G type=uw num_elts=128 align=GRF\n"
      ".decl V33 v_type=G type=f num_elts=8 align=GRF\n"
      ".decl T6 v_type=T num_elts=1\n.decl S1 v_type=S num_elts=1\n";
  auto p = test::parse(decls + body + "\n");
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  core::DiagSink sink;
  const auto file = isa_file_from_program(*p.prog, sink);
  ASSERT_TRUE(file.has_value()) << test::all_diags(sink);
  ASSERT_EQ(file->kernels.size(), 1u);
  const auto& insts = file->kernels[0].insts;
  ASSERT_GE(insts.size(), 2u);
  EXPECT_EQ(core::hex_bytes(insts[0].bytes), kGenxBytes1);
  EXPECT_EQ(core::hex_bytes(insts[1].bytes), kGenxBytes2);
  // Written, read back, printed: the same lines (S1 is the file's sampler 0, printed S0 by IGC;
  // texsim keeps the declared name).
  const std::vector<uint8_t> bytes = write_isa_file(*file);
  core::DiagSink rs;
  const auto back = read_isa_file(bytes, "k.isa", rs);
  ASSERT_TRUE(back.has_value()) << test::all_diags(rs);
  EXPECT_EQ(write_isa_file(*back), bytes);
  const auto prog = isa_routine_program(*back, back->kernels[0], Platform::kTGLLP, "k.isa", rs);
  ASSERT_TRUE(prog);
  ASSERT_GE(prog->instructions.size(), 2u);
  ASSERT_NE(prog->instructions[0].row, nullptr);
  const std::string printed = print_instruction(prog->instructions[0], *prog);
  EXPECT_NE(printed.find("sample_unorm.RGBA.16-full "), std::string::npos) << printed;
  EXPECT_NE(printed.find(" T6 V33(0,0)<0;1,0> V33(0,1)<0;1,0> 0x3d800000:f 0x3e000000:f V32.0"),
            std::string::npos)
      << printed;
  // texsim's own stream: encode, decode, the same text.
  std::vector<uint8_t> own;
  ASSERT_FALSE(encode_instruction(p.prog->instructions[1], p.prog->version, own).has_value());
  size_t pos = 0;
  const auto dec = decode_instruction(own, pos, p.prog->version, "t", sink);
  ASSERT_TRUE(dec.has_value()) << test::all_diags(sink);
  EXPECT_EQ(pos, own.size());
  EXPECT_EQ(print_instruction(*dec, *p.prog), kIgcLine2);
}

TEST(SampleUnormBinary, FieldsFromABinaryNameTheirBytes) {
  auto p = test::parse(program(std::string("    ") + kIgcLine));
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  std::vector<uint8_t> bytes;
  ASSERT_FALSE(encode_instruction(p.prog->instructions[0], p.prog->version, bytes).has_value());
  VisaProgram bin = VisaProgram{};
  bin.symbols = p.prog->symbols;
  bin.has_symbols = true;
  bin.from_binary = true;
  bin.file = "x.bin";
  bin.version = p.prog->version;
  bin.platform = Platform::kTGLLP;
  for (const uint8_t mask : {uint8_t{0x00}, uint8_t{0x30}, uint8_t{0x4f}, uint8_t{0x8f}}) {
    bytes[1] = mask;
    size_t pos = 0;
    core::DiagSink sink;
    const auto inst = decode_instruction(bytes, pos, bin.version, "x.bin", sink);
    ASSERT_TRUE(inst.has_value()) << test::all_diags(sink);
    core::DiagSink rs;
    check_instruction(*inst, bin, rs);
    ASSERT_TRUE(test::has_rule(rs, "VISA-SAMPLE_UNORM-CHANNEL_MASK")) << test::all_diags(rs);
    const std::string text = test::all_diags(rs);
    EXPECT_NE(text.find("x.bin+0x1[bits 7:0]"), std::string::npos) << text;
  }
  bytes[1] = 0x0f;
  size_t pos = 0;
  core::DiagSink sink;
  const auto ok = decode_instruction(bytes, pos, bin.version, "x.bin", sink);
  ASSERT_TRUE(ok.has_value());
  core::DiagSink rs;
  check_instruction(*ok, bin, rs);
  EXPECT_FALSE(rs.has_errors()) << test::all_diags(rs);
  // An undeclared sampler (byte 2) and T0 (byte 3), which text cannot name (VISA-UNDECLARED).
  const struct {
    size_t at;
    uint8_t value;
    const char* rule;
    const char* where;
  } fields[] = {{2, 9, "VISA-SAMPLE_UNORM-SAMPLER", "x.bin+0x2[bits 7:0]"},
                {3, 0, "VISA-SAMPLE_UNORM-SURFACE", "x.bin+0x3[bits 7:0]"}};
  for (const auto& f : fields) {
    std::vector<uint8_t> b = bytes;
    b[f.at] = f.value;
    pos = 0;
    const auto inst = decode_instruction(b, pos, bin.version, "x.bin", sink);
    ASSERT_TRUE(inst.has_value()) << test::all_diags(sink);
    core::DiagSink fs;
    check_instruction(*inst, bin, fs);
    EXPECT_TRUE(test::has_rule(fs, f.rule)) << test::all_diags(fs);
    EXPECT_NE(test::all_diags(fs).find(f.where), std::string::npos) << test::all_diags(fs);
    EXPECT_FALSE(test::has_rule(rs, f.rule));
  }
}

TEST(SampleUnormRules, EveryRulePassesAndFails) {
  const std::initializer_list<test::RuleCase> cases = {
      {"VISA-SAMPLE_UNORM-CHANNEL_MASK-FORMAT",
       "sample_unorm.RGBA.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0",
       "sample_unorm.RGBA.8-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0"},
      {"VISA-SAMPLE_UNORM-CHANNEL_MASK-FORMAT",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0",
       "sample_unorm.R.16-downsampled S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0"},
      {"VISA-SAMPLE_UNORM-SURFACE", "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0",
       "sample_unorm.R.16-full S1 %slm 0x0:f 0x0:f 0x0:f 0x0:f V32.0"},
      {"VISA-SAMPLE_UNORM-U_OFFSET-TYPE",
       "sample_unorm.R.16-full S1 T6 V33(0,0)<0;1,0> 0x0:f 0x0:f 0x0:f V32.0",
       "sample_unorm.R.16-full S1 T6 V34(0,0)<0;1,0> 0x0:f 0x0:f 0x0:f V32.0"},
      {"VISA-SAMPLE_UNORM-U_OFFSET-SCALAR",
       "sample_unorm.R.16-full S1 T6 V33(0,7)<0;1,0> 0x0:f 0x0:f 0x0:f V32.0",
       "sample_unorm.R.16-full S1 T6 V33(0,0)<1;1,0> 0x0:f 0x0:f 0x0:f V32.0"},
      {"VISA-SAMPLE_UNORM-V_OFFSET-TYPE",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x3f000000:f 0x0:f 0x0:f V32.0",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:ud 0x0:f 0x0:f V32.0"},
      {"VISA-SAMPLE_UNORM-V_OFFSET-SCALAR",
       "sample_unorm.R.16-full S1 T6 0x0:f V33(0,1)<0;1,0> 0x0:f 0x0:f V32.0",
       "sample_unorm.R.16-full S1 T6 0x0:f V33(0,8)<0;1,0> 0x0:f 0x0:f V32.0"},
      {"VISA-SAMPLE_UNORM-DELTAU-TYPE",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f V33(0,2)<0;1,0> 0x0:f V32.0",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x1:d 0x0:f V32.0"},
      {"VISA-SAMPLE_UNORM-DELTAU-SCALAR",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f V33(0,2)<0;1,0> 0x0:f V32.0",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f (-)V33(0,2)<0;1,0> 0x0:f V32.0"},
      {"VISA-SAMPLE_UNORM-DELTAV-TYPE",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f V33(0,3)<0;1,0> V32.0",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f V34(0,3)<0;1,0> V32.0"},
      {"VISA-SAMPLE_UNORM-DELTAV-SCALAR",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f V33(0,3)<0;1,0> V32.0",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f V33(0,3)<4;4,1> V32.0"},
      {"VISA-SAMPLE_UNORM-DST-TYPE", "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V36.0"},
      // Four channels need 4 x 64 bytes: V32 has 256 (from 0), not from 64.
      {"VISA-SAMPLE_UNORM-DST-SIZE",
       "sample_unorm.RGBA.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0",
       "sample_unorm.RGBA.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.64"},
      // One channel is 64 bytes: V32.192 holds it, V32.224 does not.
      {"VISA-SAMPLE_UNORM-DST-SIZE", "sample_unorm.B.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.192",
       "sample_unorm.B.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.224"},
      {"VISA-SAMPLE_UNORM-DST-ALIGN", "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V35.32",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V35.2"},
      {"VISA-SAMPLE_UNORM-DST-RANGE", "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V35.0",
       "sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f %null.0"},
  };
  test::expect_rule_cases(kDecls, cases);
  for (const test::RuleCase& c : cases) {
    // Each diagnostic names its file, line and column.
    auto bad = test::parse(program(std::string("    ") + c.bad));
    for (const auto& d : bad.sink.diagnostics()) {
      const auto* loc = std::get_if<core::TextLoc>(&d.loc);
      ASSERT_NE(loc, nullptr);
      EXPECT_EQ(loc->line, 9u);
      EXPECT_GT(loc->column, 4u);
    }
  }
  // Every platform texsim knows (IGC's IsaDescription.cpp: ALL).
  for (Platform pl : {Platform::kSKL, Platform::kDG2, Platform::kPVC, Platform::kXe2}) {
    auto p = test::parse(program(std::string("    ") + kIgcLine), pl);
    EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  }
  // describe lists the opcode from its row.
  const auto d = describe_opcode("sample_unorm");
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->find("SAMPLE_UNORM (0x41, visa-sample_unorm.md)"), std::string::npos) << *d;
  EXPECT_NE(d->find("Channel_mask"), std::string::npos);
  EXPECT_EQ(describe_opcode("0x41"), d);
}

// --- execution -------------------------------------------------------------------------------

using Outcome = test::RunOutcome;

uint16_t word(const scene::RegisterValue& r, size_t i) {
  return static_cast<uint16_t>(r.bytes[2 * i] | (r.bytes[2 * i + 1] << 8));
}

// A 16x8 R8G8B8A8_UNORM surface: texel (x, y) = (x + 16y, 255 - x - 16y, 3x, 64 + y).
std::string surface_rgba8(const char* format = "R8G8B8A8_UNORM", const char* type = "2D") {
  std::string hex;
  char b[12];
  for (unsigned y = 0; y < 8; ++y) {
    for (unsigned x = 0; x < 16; ++x) {
      std::snprintf(b, sizeof b, "%02x%02x%02x%02x", x + 16 * y, 255 - x - 16 * y, 3 * x, 64 + y);
      hex += b;
    }
  }
  return std::string(R"({"id": 6, "type": ")") + type + R"(", "format": ")" + format +
         R"(", "width": 16, "height": 8, "data": {"hex": ")" + hex + "\"}}";
}
unsigned texel(unsigned x, unsigned y, unsigned c) {
  const unsigned v[4] = {x + 16 * y, 255 - x - 16 * y, 3 * x, 64 + y};
  return v[c];
}

std::string scene_json(const std::string& surface, const std::string& regs,
                       const char* filter = "point", const char* address = "clamp") {
  return R"({"texsim": 1, "isa": "visa", "platform": "TGLLP", "surfaces": [)" + surface +
         R"(], "samplers": [{"id": 1, "min_filter": ")" + filter + R"(", "mag_filter": ")" +
         filter + R"(", "address": [")" + address + "\", \"" + address + "\", \"" + address +
         R"("]}], "registers": {)" + regs + "}}";
}

std::string f32(float v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%08x:f", std::bit_cast<uint32_t>(v));
  return b;
}

// Runs `sample_unorm.<mask>.<fmt> S1 T6 u v du dv V32.0` (immediates) on `scene`.
Outcome run(const std::string& mask_fmt, float u, float v, float du, float dv,
            const std::string& scene) {
  Outcome r;
  auto parsed = test::parse(program("    sample_unorm." + mask_fmt + " S1 T6 " + f32(u) + " " +
                                    f32(v) + " " + f32(du) + " " + f32(dv) + " V32.0"));
  EXPECT_FALSE(parsed.sink.has_errors()) << test::all_diags(parsed.sink);
  const auto sc = scene::load_scene_text(scene, "scene.json", r.sink, test::visa_scene_options());
  EXPECT_TRUE(sc) << test::all_diags(r.sink);
  if (!sc) return r;
  r.result = execute_program(*parsed.prog, *sc, {}, r.sink);
  return r;
}

TEST(SampleUnormExec, PointSamplesAnEightByFourBlockAsUnorm16) {
  // Texel centres: pixel (x, y) reads texel (2 + x, 1 + 2y); an 8-bit code c returns c << 8
  // (intel/cassian cm_sample32_2d's reference; decision V53).
  auto r = run("RGBA.16-full", 2.5f / 16, 1.5f / 8, 1.0f / 16, 2.0f / 8,
               scene_json(surface_rgba8(), ""));
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto dst = r.reg("V32");
  ASSERT_EQ(dst.bytes.size(), 256u);
  for (unsigned c = 0; c < 4; ++c) {
    for (unsigned i = 0; i < 32; ++i) {
      const unsigned x = 2 + i % 8, y = 1 + 2 * (i / 8);
      EXPECT_EQ(word(dst, 32 * c + i), texel(x, y, c) << 8) << "channel " << c << " pixel " << i;
    }
  }
  EXPECT_TRUE(dst.defined.empty() ||
              std::all_of(dst.defined.begin(), dst.defined.end(), [](bool b) { return b; }));
}

TEST(SampleUnormExec, DisabledChannelsAreSkippedAndEveryFormatRunsAs16Full) {
  // G and A: G in words 0..31, A in 32..63; the rest of V32 untouched (undefined).
  for (const char* fmt : {"16-full", "16-downsampled", "8-full", "8-downsampled"}) {
    auto r = run(std::string("GA.") + fmt, 0.5f / 16, 0.5f / 8, 1.0f / 16, 1.0f / 8,
                 scene_json(surface_rgba8(), ""));
    ASSERT_TRUE(r.result) << fmt << "\n" << test::all_diags(r.sink);
    const auto dst = r.reg("V32");
    for (unsigned i = 0; i < 32; ++i) {
      EXPECT_EQ(word(dst, i), texel(i % 8, i / 8, 1) << 8) << fmt << " pixel " << i;
      EXPECT_EQ(word(dst, 32 + i), texel(i % 8, i / 8, 3) << 8) << fmt << " pixel " << i;
    }
    ASSERT_EQ(dst.defined.size(), 256u);
    EXPECT_TRUE(dst.defined[127]);
    EXPECT_FALSE(dst.defined[128]);
  }
}

TEST(SampleUnormExec, BilinearWeightsGiveTheFilterFractionInTheLowByte) {
  // u = 2/16: halfway between texels 1 and 2 (centres 1.5 and 2.5); v at row centres. R of the
  // pair (1 + 16y, 2 + 16y) is 1.5 + 16y codes: (1.5 + 16y) x 256 = 384 + 4096y.
  auto r = run("R.16-full", 2.0f / 16, 0.5f / 8, 0.0f, 1.0f / 8,
               scene_json(surface_rgba8(), "", "linear"));
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto dst = r.reg("V32");
  for (unsigned i = 0; i < 32; ++i) EXPECT_EQ(word(dst, i), 384u + 4096u * (i / 8)) << i;
  // u = 1.75/16: texels 1 and 2 weighted 0.75 / 0.25: 1.25 + 16y codes = 320 + 4096y.
  auto q = run("R.16-full", 1.75f / 16, 0.5f / 8, 0.0f, 1.0f / 8,
               scene_json(surface_rgba8(), "", "linear"));
  ASSERT_TRUE(q.result) << test::all_diags(q.sink);
  const auto dq = q.reg("V32");
  for (unsigned i = 0; i < 32; ++i) EXPECT_EQ(word(dq, i), 320u + 4096u * (i / 8)) << i;
}

TEST(SampleUnormExec, AddressModesApplyOutsideTheSurface) {
  // Clamp: u from -2.5/16 in steps of 1/16 reads texel columns 0,0,0,0,1,2,3,4 (centres at
  // -2.5 .. 4.5 texels); v = 9.5/8 clamps to row 7.
  auto r = run("R.16-full", -2.5f / 16, 9.5f / 8, 1.0f / 16, 0.0f, scene_json(surface_rgba8(), ""));
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto dst = r.reg("V32");
  const unsigned cols[8] = {0, 0, 0, 0, 1, 2, 3, 4};
  for (unsigned i = 0; i < 32; ++i) EXPECT_EQ(word(dst, i), texel(cols[i % 8], 7, 0) << 8) << i;
  // Wrap: u = 14.5/16 + x/16 reads columns 14, 15, 0, 1, ...
  auto w = run("R.16-full", 14.5f / 16, 0.5f / 8, 1.0f / 16, 0.0f,
               scene_json(surface_rgba8(), "", "point", "wrap"));
  ASSERT_TRUE(w.result) << test::all_diags(w.sink);
  const auto dw = w.reg("V32");
  for (unsigned i = 0; i < 32; ++i) EXPECT_EQ(word(dw, i), texel((14 + i % 8) % 16, 0, 0) << 8);
}

TEST(SampleUnormExec, AnUnnormalizedSamplerTakesTexelCoordinates) {
  // "normalized": false (decision V51): u0 = 2.5 texels, du = 1; v0 = 1.5 rows, dv = 2.
  std::string sc = scene_json(surface_rgba8(), "");
  sc.replace(sc.find("\"address\""), 0, "\"normalized\": false, ");
  auto r = run("B.16-full", 2.5f, 1.5f, 1.0f, 2.0f, sc);
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto dst = r.reg("V32");
  for (unsigned i = 0; i < 32; ++i) {
    EXPECT_EQ(word(dst, i), texel(2 + i % 8, 1 + 2 * (i / 8), 2) << 8) << i;
  }
}

TEST(SampleUnormExec, SixteenBitChannelsReturnTheirCodesAndMissingAlphaIsOne) {
  // R16_UNORM 2x1: codes 0x1234, 0xfedc. G, B read 0; A reads 1.0 = 0xffff.
  const std::string surf = R"({"id": 6, "type": "2D", "format": "R16_UNORM", "width": 2,
      "height": 1, "data": {"hex": "3412dcfe"}})";
  auto r = run("RGBA.16-full", 0.25f, 0.5f, 0.5f, 0.0f, scene_json(surf, ""));
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto dst = r.reg("V32");
  for (unsigned i = 0; i < 32; ++i) {
    // u = 0.25 + 0.5x is texel 0.5 + x: column 0, then 1 (clamped from x = 2 on).
    EXPECT_EQ(word(dst, i), (i % 8 == 0) ? 0x1234u : 0xfedcu) << i;
    EXPECT_EQ(word(dst, 32 + i), 0u);
    EXPECT_EQ(word(dst, 64 + i), 0u);
    EXPECT_EQ(word(dst, 96 + i), 0xffffu);
  }
}

TEST(SampleUnormExec, UndefinedCoordinatesLeaveEveryWordUndefined) {
  Outcome r;
  auto parsed = test::parse(
      program("    sample_unorm.R.16-full S1 T6 V33(0,0)<0;1,0> 0x0:f 0x0:f 0x0:f V32.0"));
  ASSERT_FALSE(parsed.sink.has_errors()) << test::all_diags(parsed.sink);
  const auto sc = scene::load_scene_text(scene_json(surface_rgba8(), ""), "s", r.sink,
                                         test::visa_scene_options());
  ASSERT_TRUE(sc) << test::all_diags(r.sink);
  r.result = execute_program(*parsed.prog, *sc, {}, r.sink);
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto dst = r.reg("V32");
  ASSERT_EQ(dst.defined.size(), 256u);
  for (unsigned b = 0; b < 64; ++b) EXPECT_FALSE(dst.defined[b]) << b;
}

TEST(SampleUnormExec, SurfacesOtherThanEightOrSixteenBitUnorm2DAreRunErrors) {
  for (const auto& surf :
       {surface_rgba8("R8G8B8A8_UNORM_SRGB"), surface_rgba8("R8G8B8A8_UINT"),
        surface_rgba8("R8G8B8A8_UNORM", "2D_ARRAY"),
        std::string(R"({"id": 6, "type": "2D", "format": "R32_FLOAT", "width": 2, "height": 1,
            "data": {"fill": [0.5]}})"),
        std::string(R"({"id": 6, "type": "2D", "format": "B5G6R5_UNORM", "width": 2, "height": 1,
            "data": {"fill": [0.5]}})")}) {
    auto r = run("R.16-full", 0.0f, 0.0f, 0.0f, 0.0f, scene_json(surf, ""));
    EXPECT_FALSE(r.result);
    EXPECT_TRUE(test::has_rule(r.sink, "VISA-RUN-SURFACE")) << surf << test::all_diags(r.sink);
  }
  // A sampler the scene lacks.
  Outcome r;
  auto parsed =
      test::parse(program("    sample_unorm.R.16-full S1 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0"));
  const std::string no_sampler =
      R"({"texsim": 1, "isa": "visa", "surfaces": [)" + surface_rgba8() + "]}";
  const auto sc = scene::load_scene_text(no_sampler, "s", r.sink, test::visa_scene_options());
  ASSERT_TRUE(sc) << test::all_diags(r.sink);
  EXPECT_FALSE(execute_program(*parsed.prog, *sc, {}, r.sink));
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-RUN-SAMPLER")) << test::all_diags(r.sink);
}

}  // namespace
}  // namespace texsim::isa::visa
