// 3D_SAMPLE / 3D_LOAD: text and binary for every op x version x modifier, IGC's real lines, rules
// (one passing and one failing case each) and execution with hand-computed results.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <random>

#include "core/half.hpp"
#include "core/text.hpp"
#include "hwstate/intel_texsim.hpp"
#include "intel/sampler_run.hpp"
#include "isa/visa/codec.hpp"
#include "isa/visa/exec.hpp"
#include "isa/visa/lower.hpp"
#include "isa/visa/scene_section.hpp"
#include "scene/report.hpp"
#include "texunit/fetch.hpp"
#include "texunit/sample.hpp"
#include "texunit/sample_lavapipe.hpp"
#include "visa_exec_util.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

using test::visa_scene_options;

constexpr const char* kDecls3D = R"(.decl T6 v_type=T num_elts=1
.decl S1 v_type=S num_elts=1
.decl V33 v_type=G type=uw num_elts=1 align=word
.decl V40 v_type=G type=f num_elts=512 align=GRF
.decl V41 v_type=G type=f num_elts=32 align=GRF
.decl V42 v_type=G type=f num_elts=32 align=GRF
.decl V43 v_type=G type=f num_elts=32 align=GRF
.decl V44 v_type=G type=f num_elts=32 align=GRF
.decl V45 v_type=G type=f num_elts=32 align=GRF
.decl V46 v_type=G type=f num_elts=32 align=GRF
.decl V50 v_type=G type=ud num_elts=32 align=GRF
.decl V51 v_type=G type=ud num_elts=32 align=GRF
.decl V52 v_type=G type=ud num_elts=32 align=GRF
.decl V53 v_type=G type=ud num_elts=32 align=GRF
.decl V54 v_type=G type=ud num_elts=32 align=GRF
.decl V55 v_type=G type=ud num_elts=32 align=GRF
.decl V56 v_type=G type=ud num_elts=32 align=GRF
.decl V60 v_type=G type=hf num_elts=32 align=GRF
.decl V61 v_type=G type=hf num_elts=32 align=GRF
.decl V62 v_type=G type=uw num_elts=512 align=GRF
.decl V63 v_type=G type=ud num_elts=512 align=GRF
.decl V64 v_type=G type=uw num_elts=32 align=GRF
.decl V65 v_type=G type=uw num_elts=32 align=GRF
.decl P1 v_type=P num_elts=32
)";

std::string program(const std::string& body, const char* version = "4.2") {
  return std::string(".version ") + version + "\n" + kDecls3D + body + "\n";
}

struct SampleOpInfo {
  const char* mnemonic;
  unsigned params;
  bool cps;
};
constexpr SampleOpInfo kSampleOps[] = {
    {"sample_3d", 4, true},    {"sample_b", 5, true},     {"sample_l", 5, false},
    {"sample_c", 5, true},     {"sample_d", 10, false},   {"sample_b_c", 6, true},
    {"sample_l_c", 6, false},  {"sample_d_c", 11, false}, {"sample_lz", 4, false},
    {"sample_c_lz", 5, false}, {"lod", 4, true}};
constexpr SampleOpInfo kLoadOps[] = {{"load_3d", 4, false},
                                     {"load_lz", 3, false},
                                     {"load_2dms_w", 7, false},
                                     {"load_mcs", 4, false}};

std::string param_list(unsigned n, bool load) {
  std::string s;
  for (unsigned k = 0; k < n; ++k)
    s += " V" + std::to_string(load ? 50 + k % 7 : 41 + k % 6) + ".0";
  return s;
}

// --- text and binary -------------------------------------------------------------------------

TEST(Sampler3DText, IgcPrintedLinesPrintBackIdentically) {
  // research/intel_visa.md §2.6 (the sample_lz body is from a real IGC test), with declarations.
  const std::string text = R"(.version 4.2
.decl V0032 v_type=G type=f num_elts=64 align=GRF
.decl V0040 v_type=G type=f num_elts=16 align=GRF
.decl V33 v_type=G type=ud num_elts=16 align=GRF
.decl V34 v_type=G type=ud num_elts=16 align=GRF
.decl V35 v_type=G type=f num_elts=64 align=GRF
.decl T6 v_type=T num_elts=1
.decl P2 v_type=P num_elts=16
    (P2) sample_lz.RGBA (M1, 16)  0x0:uw S31 %bss V0032.0 %null.0 V0040.0
    load_3d.RGBA (M1, 16)  0x0:uw T6 V35.0 %null.0 V33.0 V34.0
)";
  auto p = test::parse(text);
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  ASSERT_EQ(p.prog->instructions.size(), 2u);
  EXPECT_EQ(print_instruction(p.prog->instructions[0], *p.prog),
            "(P2) sample_lz.RGBA (M1, 16)  0x0:uw S31 %bss V0032.0 %null.0 V0040.0");
  EXPECT_EQ(print_instruction(p.prog->instructions[1], *p.prog),
            "load_3d.RGBA (M1, 16)  0x0:uw T6 V35.0 %null.0 V33.0 V34.0");
  EXPECT_EQ(print_program(*test::parse(print_program(*p.prog)).prog), print_program(*p.prog));
}

TEST(Sampler3DText, ModifiersPrintInIgcOrderBeforeTheChannels) {
  auto p = test::parse(program(
      "    sample_b.pixel_null_mask.cps.divS.RA (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0"));
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  const Instruction& i = p.prog->instructions[0];
  EXPECT_EQ(i.op("Op").value,
            uint32_t(intel::MessageType::kSampleB) | kFlagPnm | kFlagCps | kFlagDivS);
  EXPECT_EQ(print_instruction(i, *p.prog),
            "sample_b.pixel_null_mask.cps.divS.RA (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0");
  // Out of order flags are a syntax error.
  EXPECT_TRUE(test::has_rule(
      test::parse(program("    sample_b.cps.pixel_null_mask.R (M1, 8)  0x0:uw S1 T6 V40.0 V41.0"))
          .sink,
      "VISA-SYNTAX"));
}

TEST(Sampler3DText, SpecUpperCaseTemplatesHaveNoPairedSurface) {
  // Spec item 6: SAMPLE_3d's doubled [.divS] is a typo; one .divS is accepted and printed.
  auto p = test::parse(
      program("    SAMPLE_3d.divS.RGBA (M1, 8) 0x0:uw S1 T6 V40.0 V41.0 V42.0\n"
              "    LOAD_LZ.R (M1, 8) 0x0:uw T6 V40.0 V50.0 V51.0 V52.0\n"
              "    LOAD_2DMS_W.R (M1, 8) 0x0:uw T6 V40.0 V50.0 V51.0 V52.0 V53.0 V54.0\n"
              "    LOD.RG (M1, 8) 0x0:uw S1 T6 V40.0 V41.0 V42.0"));
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  ASSERT_EQ(p.prog->instructions.size(), 4u);
  EXPECT_EQ(print_instruction(p.prog->instructions[0], *p.prog),
            "sample_3d.divS.RGBA (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0");
  // Spec item 1: ld_lz's parameters are u v r (the parameter table), three of them.
  EXPECT_EQ(p.prog->instructions[1].op("Params").list.size(), 3u);
  EXPECT_EQ(p.prog->instructions[1].row->s3d.roles.size(), 3u);
  EXPECT_EQ(intel::param_name(p.prog->instructions[1].row->s3d.roles[2]), "r");
  EXPECT_EQ(p.prog->instructions[3].row->mnemonic, "lod");
}

TEST(Sampler3DText, PairedSurfaceOnlyAsNullBeforeXe2) {
  // Without %null.N the operand after Dst is the first parameter (pre-Xe2), printed with %null.0.
  auto p = test::parse(program("    sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 V41.0 V42.0"));
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  EXPECT_EQ(p.prog->instructions[0].op("Params").list.size(), 2u);
  EXPECT_EQ(print_instruction(p.prog->instructions[0], *p.prog),
            "sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0");
  // On Xe2 any raw operand there is the paired surface (IGC's grammar).
  auto x = test::parse(program("    sample_3d.R (M1, 16)  0x0:uw S1 T6 V40.0 V41.0 V42.0"),
                       Platform::kXe2);
  ASSERT_FALSE(x.sink.has_errors()) << test::all_diags(x.sink);
  EXPECT_EQ(x.prog->instructions[0].op("Params").list.size(), 1u);
  EXPECT_EQ(x.prog->instructions[0].op("PairedSurface").raw.id, 41u);
}

// Every op x version x modifier: text -> bytes -> text, and the Op field's packing.
TEST(Sampler3DBinary, EveryOpVersionAndModifierRoundTrips) {
  const char* versions[] = {"3.3", "3.4", "3.7", "3.8", "4.0", "4.2"};
  unsigned cases = 0;
  for (const char* ver : versions) {
    const Version v = *parse_version(ver);
    for (int load = 0; load < 2; ++load) {
      for (const SampleOpInfo& op : load ? std::span<const SampleOpInfo>(kLoadOps)
                                         : std::span<const SampleOpInfo>(kSampleOps)) {
        for (unsigned flags = 0; flags < 8; ++flags) {
          const bool pnm = flags & 1, cps = flags & 2, divs = flags & 4;
          if (load && (cps || divs)) continue;
          if (cps && !op.cps) continue;
          std::string mods = std::string(pnm ? ".pixel_null_mask" : "") + (cps ? ".cps" : "") +
                             (divs ? ".divS" : "");
          std::string line = std::string(op.mnemonic) + mods + ".RGBA (M1, 8)  0x" +
                             (v >= kRawId32Version ? "321" : "123") + ":uw" + (load ? "" : " S1") +
                             " T6 V40.0" + (v >= kPairedSurfaceVersion ? " %null.0" : "") +
                             param_list(op.params, load);
          auto p = test::parse(program("    " + line, ver), Platform::kTGLLP, /*check=*/false);
          ASSERT_FALSE(p.sink.has_errors()) << line << "\n" << test::all_diags(p.sink);
          const Instruction& inst = p.prog->instructions[0];
          EXPECT_EQ(print_instruction(inst, *p.prog), line);
          std::vector<uint8_t> bytes;
          ASSERT_FALSE(encode_instruction(inst, v, bytes).has_value()) << line;
          // Opcode, then Op: one byte (flags 5/6/7) before 4.0, a word (flags 8/9/10) from 4.0.
          EXPECT_EQ(bytes[0], load ? 0x6e : 0x6d);
          const uint32_t sub = inst.op("Op").value & 0xff;
          if (v >= kWideOpVersion) {
            EXPECT_EQ(bytes[1] | (bytes[2] << 8), sub | (pnm << 8) | (cps << 9) | (divs << 10))
                << line;
          } else {
            EXPECT_EQ(bytes[1], sub | (pnm << 5) | (cps << 6) | (divs << 7)) << line;
          }
          size_t pos = 0;
          core::DiagSink sink;
          const auto back = decode_instruction(bytes, pos, v, "t", sink);
          ASSERT_TRUE(back.has_value()) << line << test::all_diags(sink);
          EXPECT_EQ(pos, bytes.size());
          EXPECT_EQ(back->row, inst.row);
          EXPECT_EQ(print_instruction(*back, *p.prog), line);
          ++cases;
        }
      }
    }
  }
  EXPECT_EQ(cases, 6u * (11 * 4 + 5 * 4 + 4 * 2));
}

TEST(Sampler3DBinary, ExactBytesAcrossVersions) {
  // v3.3: Op ub, raw UW aoffimmi, ids UW, no paired surface.
  auto a =
      test::parse(program("    load_lz.pixel_null_mask.R (M1, 8)  0x12:uw T6 V40.0 V50.0", "3.3"),
                  Platform::kTGLLP, false);
  std::vector<uint8_t> b;
  ASSERT_FALSE(encode_instruction(a.prog->instructions[0], Version{3, 3}, b).has_value());
  EXPECT_EQ(b, (std::vector<uint8_t>{0x6e, 0x3a, 0x03, 0x00, 0x00, 0x01, 0x12, 0x00, 0x06, 40, 0, 0,
                                     0, 0x01, 50, 0, 0, 0}));
  // v4.2: Op uw, aoffimmi a vector operand (tag 5 = immediate, type 2 = UW, UD value), UD ids,
  // the paired surface after Dst.
  auto c = test::parse(
      program("    sample_lz.divS.R (M1, 16)  0x12:uw S1 T6 V40.0 %null.0 V41.0", "4.2"),
      Platform::kTGLLP, false);
  b.clear();
  ASSERT_FALSE(encode_instruction(c.prog->instructions[0], Version{4, 2}, b).has_value());
  EXPECT_EQ(b,
            (std::vector<uint8_t>{0x6d, 0x18, 0x04, 0x04, 0x00, 0x00, 0x01, 0x05, 0x02, 0x12, 0, 0,
                                  0,    0x01, 0x06, 40,   0,    0,    0,    0,    0,    0,    0, 0,
                                  0,    0,    0,    0x01, 41,   0,    0,    0,    0,    0}));
  // Before 3.4 a register aoffimmi cannot be encoded.
  auto d = test::parse(program("    load_lz.R (M1, 8)  V33(0,0)<0;1,0> T6 V40.0 V50.0", "3.3"),
                       Platform::kTGLLP, false);
  b.clear();
  EXPECT_TRUE(encode_instruction(d.prog->instructions[0], Version{3, 3}, b).has_value());
  // A 3.x Op byte with an op above 31 does not exist: ld2dms_w (28) fits, reserved bits do not
  // decode.
  size_t pos = 0;
  core::DiagSink sink;
  const std::vector<uint8_t> bad{0x6e, 0x1c, 0x03, 0x00, 0x00, 0x01, 0x00,
                                 0x00, 0x06, 40,   0,    0,    0,    0x00};
  EXPECT_TRUE(decode_instruction(bad, pos, Version{4, 2}, "t", sink) == std::nullopt);
}

TEST(Sampler3DBinary, RandomRoundTrips) {
  std::mt19937 rng(7);
  for (int n = 0; n < 400; ++n) {
    const bool load = rng() % 2;
    const auto& op = load ? kLoadOps[rng() % 4] : kSampleOps[rng() % 11];
    const unsigned np = 1 + static_cast<unsigned>(rng() % op.params);
    const unsigned ch = 1 + static_cast<unsigned>(rng() % 15);
    std::string chs;
    for (unsigned k = 0; k < 4; ++k) {
      if (ch & (1u << k)) chs += "RGBA"[k];
    }
    const char* em[] = {"M1", "M2", "M5", "M8", "M1_NM", "M5_NM"};
    const unsigned lanes = load ? (8u << (rng() % 3)) : (8u << (rng() % 2));
    char aoff[16];
    std::snprintf(aoff, sizeof aoff, "0x%x:uw", static_cast<unsigned>(rng() % 0x1000));
    const bool pred = rng() % 2;
    std::string line = std::string(pred ? (rng() % 2 ? "(!P1.any) " : "(P1) ") : "") + op.mnemonic +
                       (rng() % 2 ? ".pixel_null_mask" : "") + "." + chs + " (" + em[rng() % 6] +
                       ", " + std::to_string(lanes) + ")  " + aoff + (load ? "" : " S1") +
                       " T6 V40.0 %null.0" + param_list(np, load);
    auto p = test::parse(program("    " + line), Platform::kTGLLP, false);
    ASSERT_FALSE(p.sink.has_errors()) << line << test::all_diags(p.sink);
    EXPECT_EQ(print_instruction(p.prog->instructions[0], *p.prog), line);
    std::vector<uint8_t> bytes;
    ASSERT_FALSE(encode_instruction(p.prog->instructions[0], kNewestVersion, bytes).has_value());
    size_t pos = 0;
    core::DiagSink sink;
    const auto back = decode_instruction(bytes, pos, kNewestVersion, "t", sink);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->ops, p.prog->instructions[0].ops) << line;
  }
}

// --- rules -----------------------------------------------------------------------------------

struct RuleCase {
  const char* good;
  const char* bad;
  const char* rule;
  Platform platform = Platform::kTGLLP;
};

TEST(Sampler3DRules, EveryRulePassesAndFails) {
  const RuleCase cases[] = {
      {"sample_3d.R (M1, 16)  0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.R (M1, 4)  0x0:uw S1 T6 V40.0 %null.0 V41.0", "VISA-3D_SAMPLE-EXEC_SIZE"},
      {"load_3d.R (M1, 32)  0x0:uw T6 V40.0 %null.0 V50.0",
       "load_3d.R (M1, 1)  0x0:uw T6 V40.0 %null.0 V50.0", "VISA-3D_LOAD-EXEC_SIZE"},
      {"sample_3d.R (M1, 16)  0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.R (M1, 32)  0x0:uw S1 T6 V40.0 %null.0 V41.0", "VISA-3D_SAMPLE-EXEC_SIZE-32"},
      {"sample_3d.R (M1, 8)  0x765:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.R (M1, 8)  0x1000:uw S1 T6 V40.0 %null.0 V41.0", "VISA-3D_SAMPLE-AOFFIMMI"},
      {"load_lz.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.0",
       "load_lz.R (M1, 8)  0x0:ud T6 V40.0 %null.0 V50.0", "VISA-3D_LOAD-AOFFIMMI-TYPE"},
      // The type rule has one id in the immediate and the register form (issue 13).
      {"sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.R (M1, 8)  0x0:d S1 T6 V40.0 %null.0 V41.0", "VISA-3D_SAMPLE-AOFFIMMI-TYPE"},
      {"sample_3d.R (M1, 8)  V33(0,0)<0;1,0> S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.R (M1, 8)  V50(0,0)<0;1,0> S1 T6 V40.0 %null.0 V41.0",
       "VISA-3D_SAMPLE-AOFFIMMI-TYPE"},
      {"sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V43.0 V44.0",
       "sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V43.0 V44.0 V45.0",
       "VISA-3D_SAMPLE-NUMPARAMS"},
      {"load_lz.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.0",
       "load_lz.R (M1, 8)  0x0:uw T6 V40.0 %null.0", "VISA-3D_LOAD-NUMPARAMS"},
      {"sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V60.0 V61.0",
       "sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V60.0 V41.0", "VISA-3D_SAMPLE-PARAMS-TYPE"},
      {"sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V60.0", "VISA-3D_SAMPLE-PARAMS-TYPE",
       Platform::kSKL},
      {"sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V50.0", "VISA-3D_SAMPLE-PARAMS-TYPE"},
      {"load_3d.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V64.0 V65.0",
       "load_3d.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V41.0", "VISA-3D_LOAD-PARAMS-TYPE"},
      {"load_2dms_w.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.0 V51.0",
       "load_2dms_w.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V64.0 V65.0", "VISA-3D_LOAD-PARAMS-TYPE",
       Platform::kSKL},
      {"load_2dms_w.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V64.0 V65.0 V64.0 V65.0 V64.0 V65.0 V64.0 "
       "V65.0 V64.0",
       "load_2dms_w.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.0 V51.0 V50.0 V51.0 V50.0 V51.0 V50.0 "
       "V51.0",
       "VISA-3D_LOAD-NUMPARAMS"},
      {"sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.2 %null.0 V41.0", "VISA-3D_SAMPLE-DST-ALIGN"},
      {"load_lz.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.0",
       "load_lz.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.4", "VISA-3D_LOAD-PARAMS-ALIGN"},
      {"sample_3d.RGBA (M1, 16)  0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.pixel_null_mask.RGBA (M1, 16)  0x0:uw S1 T6 V41.0 %null.0 V42.0",
       "VISA-3D_SAMPLE-DST-SIZE"},
      {"sample_3d.cps.R (M1, 16)  0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_l.cps.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0", "VISA-3D_SAMPLE-OP-CPS"},
      {"load_3d.pixel_null_mask.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.0",
       "load_3d.divS.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.0", "VISA-3D_LOAD-OP-FLAGS"},
      {"sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample_3d.R (M1, 8)  0x0:uw S2 T6 V40.0 %null.0 V41.0", "VISA-UNDECLARED"},
      {"load_lz.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.0",
       "load_lz.R (M1, 8)  V33(0,0)<1;1,0> T6 V40.0 %null.0 V50.0", "VISA-3D_LOAD-AOFFIMMI-SCALAR"},
  };
  for (const RuleCase& c : cases) {
    auto good = test::parse(program(std::string("    ") + c.good), c.platform);
    EXPECT_FALSE(good.sink.has_errors()) << c.good << "\n" << test::all_diags(good.sink);
    auto bad = test::parse(program(std::string("    ") + c.bad), c.platform);
    EXPECT_TRUE(test::has_rule(bad.sink, c.rule)) << c.bad << "\n" << test::all_diags(bad.sink);
  }
  // The CPS rule's platform and exec-size clauses and a byte Dst.
  EXPECT_TRUE(
      test::has_rule(test::parse(program("    lod.cps.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0"),
                                 Platform::kSKL)
                         .sink,
                     "VISA-3D_SAMPLE-OP-CPS"));
  EXPECT_TRUE(test::has_rule(
      test::parse(program("    sample_3d.cps.R (M1, 32)  0x0:uw S1 T6 V40.0 %null.0 V41.0"),
                  Platform::kXe2)
          .sink,
      "VISA-3D_SAMPLE-OP-CPS"));
  EXPECT_FALSE(test::parse(program("    sample_3d.R (M1, 32)  0x0:uw S1 T6 V40.0 %null.0 V41.0"),
                           Platform::kXe2)
                   .sink.has_errors());
  auto byte_dst =
      test::parse(program(".decl V70 v_type=G type=ub num_elts=256 align=GRF\n    sample_3d.R (M1, "
                          "8)  0x0:uw S1 T6 V70.0 %null.0 V41.0"));
  EXPECT_TRUE(test::has_rule(byte_dst.sink, "VISA-3D_SAMPLE-DST-TYPE"))
      << test::all_diags(byte_dst.sink);
  // Paired surface: non-null only on Xe2 (binary input can carry one on any platform).
  auto paired = test::parse(program("    sample_3d.R (M1, 16)  0x0:uw S1 T6 V40.0 V41.0 V42.0"),
                            Platform::kXe2);
  EXPECT_FALSE(paired.sink.has_errors()) << test::all_diags(paired.sink);
  paired.prog->platform = Platform::kTGLLP;
  core::DiagSink s2;
  check_program(*paired.prog, s2);
  EXPECT_TRUE(test::has_rule(s2, "VISA-3D_SAMPLE-PAIREDSURFACE"));
  // Channels = 0 can only come from a binary.
  auto ch = test::parse(program("    load_lz.R (M1, 8)  0x0:uw T6 V40.0 %null.0 V50.0"));
  ch.prog->instructions[0].ops[*ch.prog->instructions[0].row->field_index("Channels")].value = 0;
  core::DiagSink s3;
  check_program(*ch.prog, s3);
  EXPECT_TRUE(test::has_rule(s3, "VISA-3D_LOAD-CHANNELS"));
  // Every rule id used above is listed once.
  for (const char* id :
       {"VISA-3D_SAMPLE-EXEC_SIZE-32", "VISA-3D_SAMPLE-OP-CPS", "VISA-3D_LOAD-OP-FLAGS",
        "VISA-3D_SAMPLE-PAIREDSURFACE", "VISA-3D_LOAD-CHANNELS", "VISA-3D_SAMPLE-PARAMS-TYPE"}) {
    EXPECT_EQ(std::count_if(all_rules().begin(), all_rules().end(),
                            [&](const RuleSpec& r) { return r.id == id; }),
              1)
        << id;
  }
}

// --- execution -------------------------------------------------------------------------------

struct Outcome {
  std::optional<RunResult> result;
  core::DiagSink sink;
  const scene::RegisterValue* reg(const std::string& name) const {
    for (const auto& r : result->registers) {
      if (r.name == name) return &r;
    }
    return nullptr;
  }
};

Outcome run(const std::string& body, const std::string& scene_json, Platform p = Platform::kTGLLP,
            ExecConfig cfg = {}) {
  Outcome r;
  auto parsed = test::parse(program(body), p);
  EXPECT_FALSE(parsed.sink.has_errors()) << test::all_diags(parsed.sink);
  const auto sc = scene::load_scene_text(scene_json, "scene.json", r.sink, visa_scene_options());
  EXPECT_TRUE(sc) << test::all_diags(r.sink);
  if (!sc) return r;
  r.result = execute_program(*parsed.prog, *sc, cfg, r.sink);
  EXPECT_TRUE(r.result) << test::all_diags(r.sink);
  return r;
}

uint32_t u32_at(const scene::RegisterValue& r, size_t byte) {
  uint32_t v = 0;
  std::memcpy(&v, r.bytes.data() + byte, 4);
  return v;
}
uint16_t u16_at(const scene::RegisterValue& r, size_t byte) {
  return static_cast<uint16_t>(r.bytes[byte] | (r.bytes[byte + 1] << 8));
}
bool defined_at(const scene::RegisterValue& r, size_t byte) {
  return r.defined.empty() || r.defined[byte];
}

std::string floats(const std::vector<float>& v) {
  std::string s = "[";
  char buf[32];
  for (size_t i = 0; i < v.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v[i]));
    s += (i ? ", " : "") + std::string(buf);
  }
  return s + "]";
}
std::string uds(const std::vector<uint32_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}
std::string reg(const char* name, const char* type, const std::string& values) {
  return std::string("\"") + name + "\": {\"type\": \"" + type + "\", \"values\": " + values + "}";
}

// A 4x4 R32_UINT surface, texel (x, y) = 10 y + x; and one of R32_SINT and R32_FLOAT.
const std::string kSurfUint =
    R"({"id": 6, "type": "2D", "format": "R32_UINT", "width": 4, "height": 4,
  "data": {"texels": [0,1,2,3,10,11,12,13,20,21,22,23,30,31,32,33]}})";

std::string scene_with(const std::string& surfaces, const std::string& regs,
                       const std::string& extra = "") {
  return R"({"texsim": 1, "isa": "visa", "platform": "TGLLP", "surfaces": [)" + surfaces +
         R"(], "samplers": [{"id": 1, "min_filter": "point", "mag_filter": "point", "mip_filter": "point", "address": ["clamp", "clamp", "clamp"]},
         {"id": 2, "min_filter": "linear", "mag_filter": "linear", "mip_filter": "point", "compare": "less_equal"}],
         "registers": {)" +
         regs + "}" + extra + "}";
}

TEST(Sampler3DExec, LoadWithOffsetsPartialChannelsAndUndefinedTails) {
  // SIMD8 load_3d.R: u = lane, v = 1 -> 10 + lane; aoffimmi U = +1 (0x100): 11 + lane, and lane 3
  // reads x = 4, out of bounds -> 0. Lanes 4..7 use u = 0..3 on row 2.
  const std::string regs = reg("V50", "UD", uds({0, 1, 2, 3, 0, 1, 2, 3})) + "," +
                           reg("V51", "UD", uds({1, 1, 1, 1, 2, 2, 2, 2}));
  auto r = run("    load_3d.R (M1, 8)  0x100:uw T6 V63.0 %null.0 V50.0 V51.0",
               scene_with(kSurfUint, regs));
  const auto* d = r.reg("V63");
  ASSERT_NE(d, nullptr);
  const uint32_t expect[8] = {11, 12, 13, 0, 21, 22, 23, 0};
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(u32_at(*d, 4 * i), expect[i]) << i;
  // One channel of SIMD8 x 4 bytes fills exactly one GRF; the next GRF is not written.
  EXPECT_FALSE(defined_at(*d, 32));
}

TEST(Sampler3DExec, GbaChannelsSimd16UwTailsAndSaturation) {
  // R32G32B32A32_UINT/SINT returns to UW: saturation per format kind (decision).
  const std::string surf =
      R"({"id": 6, "type": "2D", "format": "R32G32B32A32_UINT", "width": 2, "height": 1,
    "data": {"texels": [[1, 70000, 3, 4], [5, 6, 7, 65535]]}}, {"id": 7, "type": "2D", "format": "R32G32B32A32_SINT", "width": 1, "height": 1,
    "data": {"texels": [[-40000, 40000, -5, 7]]}})";
  std::vector<uint32_t> u(16);
  for (unsigned i = 0; i < 16; ++i) u[i] = i % 2;
  const std::string regs = reg("V50", "UD", uds(u));
  auto r =
      run(".decl T7 v_type=T num_elts=1\n    load_lz.GA (M1, 16)  0x0:uw T6 V62.0 %null.0 V50.0\n  "
          "  load_lz.RGBA (M1, 8)  0x0:uw T7 V63.0 %null.0 V51.0",
          scene_with(surf, regs + "," + reg("V51", "UD", uds({0, 0, 0, 0, 0, 0, 0, 0}))));
  const auto* d = r.reg("V62");
  ASSERT_NE(d, nullptr);
  // SIMD16 x 2 bytes = one 32-byte GRF per channel: G at GRF 0, A at GRF 1.
  for (unsigned i = 0; i < 16; ++i) {
    EXPECT_EQ(u16_at(*d, 2 * i), i % 2 ? 6 : 0xffff) << i;  // 70000 saturates to 65535
    EXPECT_EQ(u16_at(*d, 32 + 2 * i), i % 2 ? 0xffff : 4) << i;
  }
  EXPECT_FALSE(defined_at(*d, 64));
  const auto* s = r.reg("V63");
  ASSERT_NE(s, nullptr);
  // Dst UD (4 bytes): SINT bits kept.
  EXPECT_EQ(u32_at(*s, 0), static_cast<uint32_t>(-40000));
  EXPECT_EQ(u32_at(*s, 32), 40000u);
}

TEST(Sampler3DExec, SixteenBitSintSaturatesAndFloatRoundsToHalf) {
  const std::string surf =
      R"({"id": 6, "type": "2D", "format": "R32G32B32A32_SINT", "width": 1, "height": 1,
    "data": {"texels": [[-40000, 40000, -5, 7]]}}, {"id": 7, "type": "2D", "format": "R32_FLOAT", "width": 1, "height": 1,
    "data": {"texels": [1.00048828125]}})";
  const std::string regs = reg("V50", "UD", uds({0, 0, 0, 0, 0, 0, 0, 0}));
  auto r =
      run(".decl T7 v_type=T num_elts=1\n.decl V70 v_type=G type=w num_elts=64 align=GRF\n.decl "
          "V71 v_type=G type=hf num_elts=16 align=GRF\n"
          "    load_lz.RGBA (M1, 8)  0x0:uw T6 V70.0 %null.0 V50.0\n    load_lz.R (M1, 8)  0x0:uw "
          "T7 V71.0 %null.0 V50.0",
          scene_with(surf, regs));
  const auto* w = r.reg("V70");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(u16_at(*w, 0), 0x8000);   // -40000 -> -32768
  EXPECT_EQ(u16_at(*w, 32), 0x7fff);  // 40000 -> 32767
  EXPECT_EQ(u16_at(*w, 64), 0xfffb);  // -5
  EXPECT_EQ(u16_at(*w, 96), 7);
  EXPECT_FALSE(defined_at(*w, 16));  // SIMD8 x 2 bytes: the upper half of each GRF is undefined
  const auto* h = r.reg("V71");
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(u16_at(*h, 0), 0x3c00);  // 1 + 2^-11 is the tie between 0x3c00 and 0x3c01: RNE -> even
  EXPECT_EQ(
      intel::convert_return(std::bit_cast<uint32_t>(1.00146484375f), texunit::TexelKind::kFloat, 2),
      0x3c02u);
}

TEST(Sampler3DExec, Simd32MaskM5AndPredicates) {
  std::vector<uint32_t> u(32), v(32);
  for (unsigned i = 0; i < 32; ++i) u[i] = i % 4, v[i] = (i / 4) % 4;
  const std::string regs = reg("V52", "UD", uds(u)) + "," + reg("V53", "UD", uds(v)) + "," +
                           reg("V63", "UD", uds(std::vector<uint32_t>(512, 0xdeadbeef))) + "," +
                           reg("P1", "UD", "[1431655765]");
  // SIMD32: each channel takes 4 GRFs; P1 = 0x55555555 enables even lanes.
  auto r = run("    (P1) load_3d.R (M1, 32)  0x0:uw T6 V63.0 %null.0 V52.0 V53.0",
               scene_with(kSurfUint, regs));
  const auto* d = r.reg("V63");
  ASSERT_NE(d, nullptr);
  for (unsigned i = 0; i < 32; ++i)
    EXPECT_EQ(u32_at(*d, 4 * i), i % 2 ? 0xdeadbeefu : 10 * v[i] + u[i]) << i;
  // (M5, 8): lanes take the dispatch mask's bits 16..23.
  auto r2 = run("    load_3d.R (M5, 8)  0x0:uw T6 V63.0 %null.0 V52.0 V53.0",
                scene_with(kSurfUint, regs, R"(, "dispatch_mask": "0x000f0000")"));
  const auto* d2 = r2.reg("V63");
  for (unsigned i = 0; i < 8; ++i)
    EXPECT_EQ(u32_at(*d2, 4 * i), i < 4 ? 10 * v[i] + u[i] : 0xdeadbeefu) << i;
}

TEST(Sampler3DExec, PixelNullMaskGrfAndNullTiles) {
  const std::string surf = R"({"id": 6, "type": "2D", "format": "R32_UINT", "width": 4, "height": 4,
    "data": {"fill": [9]}, "null_tiles": [{"x": 2, "y": 0, "width": 2, "height": 4}]})";
  const std::string regs = reg("V50", "UD", uds({0, 1, 2, 3, 0, 1, 2, 3}));
  auto r = run("    load_lz.pixel_null_mask.R (M1, 8)  0x0:uw T6 V63.0 %null.0 V50.0",
               scene_with(surf, regs));
  const auto* d = r.reg("V63");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(u32_at(*d, 0), 9u);
  EXPECT_EQ(u32_at(*d, 8), 0u);      // null tile reads 0
  EXPECT_EQ(d->bytes[32], 0x33u);    // lanes 2, 3, 6, 7 read a null tile
  EXPECT_TRUE(defined_at(*d, 32));   // SIMD8: the mask's first byte is defined ...
  EXPECT_FALSE(defined_at(*d, 33));  // ... the bits above the exec size are not (V27)
  EXPECT_FALSE(defined_at(*d, 36));  // nor the rest of the mask GRF
}

TEST(Sampler3DExec, NullDstIsAPrefetchThatWritesNothing) {
  // V26: %null Dst is valid for 3D_SAMPLE and 3D_LOAD (sampler prefetch); nothing is written.
  const std::string surf = R"({"id": 6, "type": "2D", "format": "R32_UINT", "width": 4, "height": 4,
    "data": {"fill": [9]}})";
  const std::string regs = reg("V50", "UD", uds({0, 1, 2, 3, 0, 1, 2, 3}));
  auto r = run("    load_lz.R (M1, 8)  0x0:uw T6 %null.0 %null.0 V50.0", scene_with(surf, regs));
  EXPECT_FALSE(r.sink.has_errors()) << test::all_diags(r.sink);
  EXPECT_EQ(r.reg("V63"), nullptr);
  for (const char* line : {"    sample_3d.RGBA (M1, 16)  0x0:uw S1 T6 %null.0 %null.0 V41.0",
                           "    load_3d.R (M1, 8)  0x0:uw T6 %null.0 %null.0 V50.0 V51.0"}) {
    EXPECT_FALSE(test::parse(program(line)).sink.has_errors()) << line;
  }
}

TEST(Sampler3DExec, MsaaLoadsThroughMcsWithFastClearAndClampedSampleIndex) {
  // 4x MSAA 2x1 R32_UINT: sample s of pixel x holds 100 s + x. Pixel 1's MCS is the fast-clear
  // value (0xff) and its clear colour 77. The MCS is passed per lane (low/high UD halves).
  std::string texels = "[";
  for (unsigned s = 0; s < 4; ++s) {
    for (unsigned x = 0; x < 2; ++x)
      texels += std::string(s || x ? "," : "") + std::to_string(100 * s + x);
  }
  texels += "]";
  const std::string surf =
      R"({"id": 6, "type": "2D", "format": "R32_UINT", "width": 2, "height": 1, "samples": 4,
    "data": {"texels": )" +
      texels + R"(}, "mcs": [228, 255], "clear_color": [77, 0, 0, 1]})";
  // Lanes: (si, mcs, x): identity 0xe4; swapped map 0x1b (sample s -> fragment 3 - s); si 9 clamps
  // to 3.
  const std::string regs = reg("V50", "UD", uds({1, 1, 9, 2, 0, 0, 0, 0})) + "," +
                           reg("V51", "UD", uds({0xe4, 0x1b, 0xe4, 0xff, 0, 0, 0, 0})) + "," +
                           reg("V52", "UD", uds({0, 0, 0, 0, 0, 0, 0, 0})) + "," +
                           reg("V53", "UD", uds({0, 0, 0, 1, 0, 0, 0, 0}));
  auto r =
      run("    load_2dms_w.R (M1, 8)  0x0:uw T6 V63.0 %null.0 V50.0 V51.0 V52.0 V53.0\n"
          "    load_mcs.RG (M1, 8)  0x0:uw T6 V56.0 %null.0 V53.0",
          scene_with(surf, regs));
  const auto* d = r.reg("V63");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(u32_at(*d, 0), 100u);  // sample 1 -> fragment 1
  EXPECT_EQ(u32_at(*d, 4), 200u);  // sample 1 -> fragment 2
  EXPECT_EQ(u32_at(*d, 8), 300u);  // sample 9 clamped to 3
  EXPECT_EQ(u32_at(*d, 12), 77u);  // fast clear -> clear colour
  const auto* m = r.reg("V56");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(u32_at(*m, 0), 228u);  // ld_mcs: R = low 32 bits of the plane's value
  EXPECT_EQ(u32_at(*m, 12), 255u);
  EXPECT_EQ(u32_at(*m, 32), 0u);  // G = high 32 bits
}

TEST(Sampler3DExec, MsaaUwFormTakesFourMcsQuarters) {
  const std::string surf =
      R"({"id": 6, "type": "2D", "format": "R32_UINT", "width": 1, "height": 1, "samples": 4,
    "data": {"texels": [10, 11, 12, 13]}})";
  const std::string regs = reg("V64", "UW", "[0, 1, 2, 3, 0, 0, 0, 0]") + "," +
                           reg("V65", "UW", "[27, 27, 27, 27, 0, 0, 0, 0]");
  auto r =
      run(".decl V66 v_type=G type=uw num_elts=16 align=GRF\n"
          "    load_2dms_w.R (M1, 8)  0x0:uw T6 V63.0 %null.0 V64.0 V65.0 V66.0 V66.0 V66.0",
          scene_with(surf, regs + "," + reg("V66", "UW", "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]")));
  const auto* d = r.reg("V63");
  ASSERT_NE(d, nullptr);
  // MCS 0x1b: sample s -> fragment 3 - s.
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(u32_at(*d, 4 * i), 13u - i) << i;
}

// A 4x4 R32_FLOAT surface with 3 mips: level 0 texel (x, y) = x + 4 y, level 1 = 100 + ..., level 2
// = 200.
const std::string kSurfMips =
    R"({"id": 6, "type": "2D", "format": "R32_FLOAT", "width": 4, "height": 4, "mips": 3,
  "data": {"texels": [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,100,101,102,103,200]}})";

TEST(Sampler3DExec, SampleLAndLzPointSampleExactTexels) {
  // Texel centres (x + 0.5) / 4.
  const std::string regs =
      reg("V41", "F", floats({0, 0, 1, 1, 2, 2, 0, 0})) + "," +
      reg("V42", "F", floats({0.125f, 0.375f, 0.625f, 0.875f, 0.125f, 0.375f, 0.625f, 0.875f})) +
      "," +
      reg("V43", "F", floats({0.125f, 0.125f, 0.375f, 0.375f, 0.875f, 0.875f, 0.875f, 0.875f}));
  auto r =
      run("    sample_l.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V43.0\n"
          "    sample_lz.R (M1, 8)  0x0:uw S1 T6 V44.0 %null.0 V42.0 V43.0",
          scene_with(kSurfMips, regs));
  const auto* l = r.reg("V40");
  const float el[8] = {0, 1, 101, 101, 200, 200, 14, 15};
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(std::bit_cast<float>(u32_at(*l, 4 * i)), el[i]) << i;
  const auto* z = r.reg("V44");
  const float ez[8] = {0, 1, 6, 7, 12, 13, 14, 15};
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(std::bit_cast<float>(u32_at(*z, 4 * i)), ez[i]) << i;
}

// Quad coordinates with a spacing of `step` texels along x and y (on the 4x4 surface).
std::string quad_regs(float step) {
  std::vector<float> u, v;
  for (unsigned q = 0; q < 2; ++q) {
    for (unsigned k = 0; k < 4; ++k) {
      u.push_back((0.5f + step * static_cast<float>(k % 2)) / 4.0f);
      v.push_back((0.5f + step * static_cast<float>(k / 2)) / 4.0f);
    }
  }
  return reg("V41", "F", floats(u)) + "," + reg("V42", "F", floats(v));
}

TEST(Sampler3DExec, ImplicitLodUsesWholeQuadsRegardlessOfEnabledLanes) {
  // Spacing 2 texels -> LOD 1 (level 1, texel (0,0) = 100); only lane 0 of each quad enabled,
  // so derivatives must come from the disabled neighbours.
  const std::string regs = quad_regs(2.0f) + "," + reg("P1", "UD", "[17]");
  auto r =
      run("    (P1) sample_3d.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0\n"
          "    lod.RGBA (M1, 8)  0x0:uw S1 T6 V45.0 %null.0 V41.0 V42.0",
          scene_with(kSurfMips, regs));
  const auto* d = r.reg("V40");
  EXPECT_EQ(std::bit_cast<float>(u32_at(*d, 0)), 100.0f);
  EXPECT_EQ(std::bit_cast<float>(u32_at(*d, 16)), 100.0f);
  EXPECT_FALSE(defined_at(*d, 4));  // disabled lanes are not written
  const auto* lod = r.reg("V45");
  for (unsigned i = 0; i < 8; ++i) {
    EXPECT_EQ(std::bit_cast<float>(u32_at(*lod, 4 * i)), 1.0f) << i;       // R: clamped
    EXPECT_EQ(std::bit_cast<float>(u32_at(*lod, 32 + 4 * i)), 1.0f) << i;  // G: unclamped
    EXPECT_FALSE(defined_at(*lod, 64 + 4 * i));                            // B, A undefined
    EXPECT_FALSE(defined_at(*lod, 96 + 4 * i));
  }
}

TEST(Sampler3DExec, LodClampsRButNotGAndCpsCompensates) {
  // Spacing 8 texels -> LOD 3: R clamps to the sampler's max... the view has 3 levels (max 2).
  auto r = run("    lod.RG (M1, 8)  0x0:uw S1 T6 V45.0 %null.0 V41.0 V42.0",
               scene_with(kSurfMips, quad_regs(8.0f)));
  const auto* lod = r.reg("V45");
  EXPECT_EQ(std::bit_cast<float>(u32_at(*lod, 0)), 2.0f);
  EXPECT_EQ(std::bit_cast<float>(u32_at(*lod, 32)), 3.0f);
  // .cps with 2x2 coarse pixels: derivatives / 2 -> LOD 1 from a spacing of 2 texels gives 0.
  auto c =
      run("    lod.cps.RG (M1, 8)  0x0:uw S1 T6 V45.0 %null.0 V41.0 V42.0\n"
          "    sample_3d.cps.divS.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0",
          scene_with(kSurfMips, quad_regs(2.0f), R"(, "coarse_pixel_size": [2, 2])"));
  EXPECT_EQ(std::bit_cast<float>(u32_at(*c.reg("V45"), 32)), 0.0f);
  EXPECT_EQ(std::bit_cast<float>(u32_at(*c.reg("V40"), 0)), 0.0f);
}

TEST(Sampler3DExec, BiasGradientAndHalfParams) {
  // sample_b with bias 1 at spacing 1 -> level 1; sample_d with per-lane gradients: lane i uses
  // dudx = 2^i / 4 -> LOD i (clamped to 2).
  std::vector<float> bias(8, 1.0f), dudx(8), zero(8, 0.0f);
  for (unsigned i = 0; i < 8; ++i) dudx[i] = static_cast<float>(1u << i) / 4.0f;
  const std::string regs =
      quad_regs(1.0f) + "," + reg("V43", "F", floats(bias)) + "," + reg("V44", "F", floats(dudx)) +
      "," + reg("V46", "F", floats(zero)) + "," +
      reg("V60", "HF", "[0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125]") + "," +
      reg("V61", "HF", "[0.375, 0.375, 0.375, 0.375, 0.375, 0.375, 0.375, 0.375]");
  auto r =
      run("    sample_b.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V43.0 V41.0 V42.0\n"
          "    sample_d.R (M1, 8)  0x0:uw S1 T6 V45.0 %null.0 V41.0 V44.0 V46.0 V42.0 V46.0 V46.0\n"
          "    sample_lz.R (M1, 8)  0x0:uw S1 T6 V62.0 %null.0 V60.0 V61.0",
          scene_with(kSurfMips, regs));
  EXPECT_EQ(std::bit_cast<float>(u32_at(*r.reg("V40"), 0)), 100.0f);
  const auto* d = r.reg("V45");
  // Lane 0: LOD 0, texel (0, 0); lane 1: LOD 1, u = 0.375 -> level-1 texel (0, 0); then level 2.
  const float e[8] = {0, 100, 200, 200, 200, 200, 200, 200};
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(std::bit_cast<float>(u32_at(*d, 4 * i)), e[i]) << i;
  // HF parameters, HF return (Dst UW: the conversion follows the format kind, float -> HF).
  EXPECT_EQ(u16_at(*r.reg("V62"), 0), core::float_to_half(4.0f));
}

TEST(Sampler3DExec, CompareOpsCompareRefAgainstRed) {
  const std::string surf =
      R"({"id": 6, "type": "2D", "format": "R32_FLOAT", "width": 2, "height": 1,
    "data": {"texels": [0.25, 0.75]}})";
  // Point sampled texel 0 (0.25) with less_equal: ref <= texel -> 1.
  const std::string regs =
      reg("V41", "F", floats({0.1f, 0.5f, 0.25f, 0.3f, 0, 0, 0, 0})) + "," +
      reg("V42", "F", floats({0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f})) + "," +
      reg("V43", "F", floats({0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f})) + "," +
      reg("V46", "F", floats({0, 0, 0, 0, 0, 0, 0, 0}));
  const std::string sc =
      R"({"texsim": 1, "isa": "visa", "surfaces": [)" + surf +
      R"(], "samplers": [{"id": 1, "min_filter": "point", "mag_filter": "point", "compare": "less_equal"}], "registers": {)" +
      regs + "}}";
  auto r =
      run("    sample_c_lz.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V43.0\n"
          "    sample_l_c.RA (M1, 8)  0x0:uw S1 T6 V44.0 %null.0 V41.0 V46.0 V42.0 V43.0",
          sc);
  const float e[4] = {1, 0, 1, 0};
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(std::bit_cast<float>(u32_at(*r.reg("V40"), 4 * i)), e[i]) << i;
    EXPECT_EQ(std::bit_cast<float>(u32_at(*r.reg("V44"), 32 + 4 * i)), e[i])
        << i;  // replicated to A
  }
  // A compare op on a sampler without a compare function is a run error.
  Outcome bad;
  auto parsed =
      test::parse(program("    sample_c_lz.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0"));
  const auto s2 =
      scene::load_scene_text(scene_with(kSurfMips, regs), "s", bad.sink, visa_scene_options());
  ASSERT_TRUE(s2);
  EXPECT_FALSE(execute_program(*parsed.prog, *s2, {}, bad.sink));
  EXPECT_TRUE(test::has_rule(bad.sink, "VISA-RUN-SAMPLER"));
}

// An Intel SAMPLER_STATE given as bytes: its Shadow Function (bits 35:33, PREFILTEROP 0..7) is
// what sample_c_lz compares with, and the hardware returns 0 when `texel OP ref` holds, else 1
// (Mesa anv/crocus, decision DS19). Each of the eight values, expected from that formula here.
TEST(Sampler3DExec, ShadowFunctionOfASamplerStateServesCompareMessages) {
  texunit::SamplerState point;
  point.min_filter = point.mag_filter = texunit::Filter::kPoint;
  point.max_lod = 14.0f;
  core::DiagSink enc;
  const auto base = hwstate::intel::sampler_heap_from_texsim("TGLLP", point, enc);
  ASSERT_TRUE(base);
  const std::vector<float> refs{0.1f, 0.5f, 0.25f, 0.3f, 0.25f, 0.2f, 0.75f, 0.0f};
  const float texel = 0.25f;  // u = 0.25 on a 2-texel row: texel 0
  const auto holds = [](unsigned op, float t, float r) {
    const bool table[8] = {true, false, t<r, t == r, t <= r, t> r, t != r, t >= r};
    return table[op];
  };
  for (unsigned op = 0; op < 8; ++op) {
    auto heap = *base;
    heap[4] = static_cast<uint8_t>((heap[4] & ~0x0eu) | (op << 1));  // bits 35:33
    const std::string sc =
        R"({"texsim": 1, "isa": "visa", "platform": "TGLLP", "surfaces": [{"id": 6, "type": "2D",
        "format": "R32_FLOAT", "width": 2, "height": 1, "data": {"texels": [0.25, 0.75]}}],
        "sampler_states": {"1": {"hex": ")" +
        core::hex_bytes(heap) + R"("}}, "registers": {)" + reg("V41", "F", floats(refs)) + "," +
        reg("V42", "F", floats(std::vector<float>(8, 0.25f))) + "," +
        reg("V43", "F", floats(std::vector<float>(8, 0.5f))) + "}}";
    auto r = run("    sample_c_lz.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V43.0", sc);
    ASSERT_NE(r.reg("V40"), nullptr) << op;
    for (unsigned i = 0; i < 8; ++i) {
      const float want = holds(op, texel, refs[i]) ? 0.0f : 1.0f;
      EXPECT_EQ(std::bit_cast<float>(u32_at(*r.reg("V40"), 4 * i)), want) << op << " " << i;
    }
    // A plain message on the same state does not compare: the texel itself.
    auto plain = run("    sample_lz.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V42.0 V43.0", sc);
    ASSERT_NE(plain.reg("V40"), nullptr) << op;
    EXPECT_EQ(std::bit_cast<float>(u32_at(*plain.reg("V40"), 0)), texel) << op;
  }
}

TEST(Sampler3DExec, CubeAndArraySurfaces) {
  // Cube 1x1, face f filled with f; direction +Y -> face 2, -Z -> face 5. 2D array of 3 layers:
  // r = 1.4 rounds to layer 1; sample on a 1D array takes the layer from v.
  const std::string surf =
      R"({"id": 6, "type": "CUBE", "format": "R32_FLOAT", "width": 1, "height": 1,
    "data": {"texels": [0, 1, 2, 3, 4, 5]}}, {"id": 7, "type": "2D_ARRAY", "format": "R32_FLOAT", "width": 1, "height": 1, "layers": 3,
    "data": {"texels": [10, 11, 12]}}, {"id": 8, "type": "1D_ARRAY", "format": "R32_FLOAT", "width": 1, "layers": 2,
    "data": {"texels": [20, 21]}})";
  const std::string regs =
      reg("V41", "F", floats({0, 0, 1, 0, 0, 0, 0, 0})) + "," +
      reg("V42", "F", floats({1, 0, 0, 0, 0, 0, 0, 0})) + "," +
      reg("V43", "F", floats({0, -1, 0, 0, 0, 0, 0, 0})) + "," +
      reg("V44", "F", floats({1.4f, 1.4f, 1.4f, 1.4f, 1.4f, 1.4f, 1.4f, 1.4f}));
  auto r =
      run(".decl T7 v_type=T num_elts=1\n.decl T8 v_type=T num_elts=1\n"
          "    sample_l.R (M1, 8)  0x0:uw S1 T6 V40.0 %null.0 V46.0 V41.0 V42.0 V43.0\n"
          "    sample_lz.R (M1, 8)  0x0:uw S1 T7 V45.0 %null.0 V46.0 V46.0 V44.0\n"
          "    sample_lz.R (M1, 8)  0x0:uw S1 T8 V63.0 %null.0 V46.0 V44.0",
          scene_with(surf, regs + "," + reg("V46", "F", floats({0, 0, 0, 0, 0, 0, 0, 0}))));
  EXPECT_EQ(std::bit_cast<float>(u32_at(*r.reg("V40"), 0)), 2.0f);  // +Y
  EXPECT_EQ(std::bit_cast<float>(u32_at(*r.reg("V40"), 4)), 5.0f);  // -Z
  EXPECT_EQ(std::bit_cast<float>(u32_at(*r.reg("V40"), 8)), 0.0f);  // +X
  EXPECT_EQ(std::bit_cast<float>(u32_at(*r.reg("V45"), 0)), 11.0f);
  EXPECT_EQ(std::bit_cast<float>(u32_at(*r.reg("V63"), 0)), 21.0f);
}

// The lavapipe profile through vISA equals a direct texture-unit call lane by lane (the
// lavapipe-driven differential itself needs tests/oracle).
TEST(Sampler3DExec, LavapipeProfileMatchesDirectTexunitCalls) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> uni(-0.25f, 1.25f);
  const char* ops[] = {"sample_3d", "sample_b", "sample_l", "sample_d", "sample_lz"};
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<std::vector<float>> p(6, std::vector<float>(8));
    for (auto& col : p) {
      for (float& x : col) x = uni(rng);
    }
    for (unsigned i = 0; i < 8; ++i)
      p[0][i] = std::floor(p[0][i] * 4.0f) / 2.0f;  // bias/lod in [-0.5, 2.5]
    std::string regs;
    for (unsigned k = 0; k < 6; ++k)
      regs += (k ? "," : "") + reg(("V4" + std::to_string(k + 1)).c_str(), "F", floats(p[k]));
    const std::string surf =
        R"({"id": 6, "type": "2D", "format": "R8G8B8A8_UNORM", "width": 8, "height": 8, "mips": 4,
      "data": {"generator": "random", "seed": )" +
        std::to_string(trial) + "}}";
    const std::string sc =
        R"({"texsim": 1, "isa": "visa", "surfaces": [)" + surf +
        R"(], "samplers": [{"id": 1, "min_filter": "linear", "mag_filter": "linear", "mip_filter": "linear", "address": ["wrap", "mirror", "clamp"]}], "registers": {)" +
        regs + "}}";
    const char* op = ops[trial % 5];
    const bool with_lod = std::string(op) == "sample_b" || std::string(op) == "sample_l";
    const bool grad = std::string(op) == "sample_d";
    std::string params = with_lod ? " V41.0 V42.0 V43.0"
                         : grad   ? " V42.0 V44.0 V45.0 V43.0 V46.0 V41.0"
                                  : " V42.0 V43.0";
    ExecConfig cfg;
    cfg.precision = texunit::PrecisionKind::kLavapipe;
    auto r = run(std::string("    ") + op + ".RGBA (M1, 8)  0x0:uw S1 T6 V40.0 %null.0" + params,
                 sc, Platform::kTGLLP, cfg);
    ASSERT_TRUE(r.result);
    core::DiagSink sink;
    const auto scene = scene::load_scene_text(sc, "s", sink, visa_scene_options());
    const texunit::SurfaceView view = scene->find_surface(6)->surface.view();
    const texunit::SamplerState& ss = scene->find_sampler(1)->state;
    auto request = [&](unsigned i) {
      texunit::SampleRequest rq;
      const unsigned q = i & ~3u;
      const std::vector<float>& u = with_lod || !grad ? p[1] : p[1];
      const std::vector<float>& v = p[2];
      rq.coord = {u[i], v[i], 0.0f};
      if (std::string(op) == "sample_3d" || std::string(op) == "sample_b") {
        std::array<std::array<float, 3>, 4> quad{};
        for (unsigned k = 0; k < 4; ++k) quad[k] = {u[q + k], v[q + k], 0.0f};
        const auto qd = texunit::quad_derivatives(quad);
        rq.ddx = qd.ddx;
        rq.ddy = qd.ddy;
        rq.op =
            std::string(op) == "sample_b" ? texunit::SampleOp::kBias : texunit::SampleOp::kImplicit;
        if (rq.op == texunit::SampleOp::kBias) {
          rq.lod = p[0][i];
          rq.coord = {p[1][i], p[2][i], 0.0f};
        }
      } else if (std::string(op) == "sample_l") {
        rq.op = texunit::SampleOp::kLevel;
        rq.lod = p[0][i];
      } else if (grad) {
        rq.op = texunit::SampleOp::kGrad;
        rq.ddx = {p[3][i], p[5][i], 0.0f};
        rq.ddy = {p[4][i], p[0][i], 0.0f};
      } else {
        rq.op = texunit::SampleOp::kLevelZero;
      }
      if (with_lod) rq.coord = {p[1][i], p[2][i], 0.0f};
      if (!with_lod && !grad) rq.coord = {p[1][i], p[2][i], 0.0f};
      if (grad) rq.coord = {p[1][i], p[2][i], 0.0f};
      return rq;
    };
    std::array<texunit::SampleRequest, 8> rqs{};
    for (unsigned i = 0; i < 8; ++i) rqs[i] = request(i);
    const bool implicit = std::string(op) == "sample_3d" || std::string(op) == "sample_b";
    for (unsigned i = 0; i < 8; ++i) {
      // Implicit-derivative sub-ops run as pixel-shader quads: the lane's quad is its context.
      texunit::LavapipeLaneContext ctx;
      if (implicit) {
        ctx.quad = &rqs[i & ~3u];
        ctx.quad_lane = static_cast<uint8_t>(i & 3u);
      }
      const auto want = texunit::sample_lavapipe(view, ss, rqs[i], ctx);
      for (unsigned c = 0; c < 4; ++c)
        EXPECT_EQ(u32_at(*r.reg("V40"), 32 * c + 4 * i), want.texel.bits[c])
            << op << " lane " << i << " ch " << c;
    }
  }
}

}  // namespace
}  // namespace texsim::isa::visa
