// 3D_SAMPLE4 (sample4, sample4_c, sample4_po, sample4_po_c; IGC visa-3d_sample4.md): IGC's text,
// the binary, one passing and one failing case per rule, and execution against hand-computed
// gathers.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>

#include "isa/visa/codec.hpp"
#include "isa/visa/exec.hpp"
#include "scene/report.hpp"
#include "visa_exec_util.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kDecls = R"(.decl T6 v_type=T num_elts=1
.decl S1 v_type=S num_elts=1
.decl S2 v_type=S num_elts=1
.decl V33 v_type=G type=uw num_elts=1 align=word
.decl V40 v_type=G type=ud num_elts=512 align=GRF
.decl V41 v_type=G type=f num_elts=32 align=GRF
.decl V42 v_type=G type=f num_elts=32 align=GRF
.decl V43 v_type=G type=f num_elts=32 align=GRF
.decl V44 v_type=G type=d num_elts=32 align=GRF
.decl V45 v_type=G type=d num_elts=32 align=GRF
.decl V46 v_type=G type=f num_elts=32 align=GRF
.decl V47 v_type=G type=hf num_elts=32 align=GRF
.decl V48 v_type=G type=ud num_elts=16 align=GRF
)";

std::string program(const std::string& body, const char* version = "4.2") {
  return std::string(".version ") + version + "\n" + kDecls + body + "\n";
}

struct Gather4Op {
  const char* mnemonic;
  const char* params;  // F coordinates V41..V43 and ref V46; D offsets V44, V45
  uint32_t sub_op;
};
constexpr Gather4Op kOps[] = {
    {"sample4", " V41.0 V42.0", 8},
    {"sample4_c", " V46.0 V41.0 V42.0", 16},
    {"sample4_po", " V41.0 V42.0 V44.0 V45.0", 17},
    {"sample4_po_c", " V46.0 V41.0 V42.0 V44.0 V45.0", 18},
};

// --- text and binary -------------------------------------------------------------------------

TEST(Gather4Text, IgcLinesPrintBackIdentically) {
  // IGC's printer (IsaDisassembly.cpp, ISA_3D_GATHER4): sub-op name, ".pixel_null_mask", one
  // channel letter, then the exec size and the operands with single spaces.
  for (const Gather4Op& op : kOps) {
    for (const char* ch : {"R", "G", "B", "A"}) {
      for (const char* mod : {"", ".pixel_null_mask"}) {
        const std::string line = std::string(op.mnemonic) + mod + "." + ch +
                                 " (M1, 8) 0x0:uw S1 T6 V40.0 %null.0" + op.params;
        auto p = test::parse(program("    " + line));
        ASSERT_FALSE(p.sink.has_errors()) << line << "\n" << test::all_diags(p.sink);
        EXPECT_EQ(print_instruction(p.prog->instructions[0], *p.prog), line);
        EXPECT_EQ(p.prog->instructions[0].op("Op").value & 0xffu, op.sub_op);
      }
    }
  }
  // The spec's upper-case Text form parses to the same row.
  auto s = test::parse(program("    SAMPLE4_C.B (M1, 8) 0x0:uw S1 T6 V40.0 V46.0 V41.0", "3.7"));
  ASSERT_FALSE(s.sink.has_errors()) << test::all_diags(s.sink);
  EXPECT_EQ(s.prog->instructions[0].row->mnemonic, "sample4_c");
  EXPECT_EQ(s.prog->instructions[0].op("Src_channel").value, 2u);
}

TEST(Gather4Text, SourceChannelIsOneLetter) {
  for (const char* bad : {"sample4.RG (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0",
                          "sample4.X (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0",
                          "sample4 (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0"}) {
    auto p = test::parse(program(std::string("    ") + bad));
    EXPECT_TRUE(test::has_rule(p.sink, "VISA-SYNTAX")) << bad;
  }
  // gather4_b / _l / _i forms stay recognised but unmodelled.
  auto u = test::parse(program("    sample4_b.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0"),
                       Platform::kTGLLP, false);
  ASSERT_EQ(u.prog->instructions.size(), 1u);
  EXPECT_EQ(u.prog->instructions[0].unsupported, "sample4_b");
}

TEST(Gather4Binary, EveryOpVersionAndChannelRoundTrips) {
  unsigned cases = 0;
  for (const char* ver : {"3.3", "3.8", "4.0", "4.2"}) {
    const Version v = *parse_version(ver);
    for (const Gather4Op& op : kOps) {
      for (unsigned ch = 0; ch < 4; ++ch) {
        for (int pnm = 0; pnm < 2; ++pnm) {
          const std::string line = std::string(op.mnemonic) + (pnm ? ".pixel_null_mask" : "") +
                                   "." + "RGBA"[ch] + " (M1, 16) 0x" +
                                   (v >= kRawId32Version ? "321" : "123") + ":uw S1 T6 V40.0" +
                                   (v >= kPairedSurfaceVersion ? " %null.0" : "") + op.params;
          auto p = test::parse(program("    " + line, ver), Platform::kTGLLP, false);
          ASSERT_FALSE(p.sink.has_errors()) << line << test::all_diags(p.sink);
          const Instruction& inst = p.prog->instructions[0];
          std::vector<uint8_t> bytes;
          ASSERT_FALSE(encode_instruction(inst, v, bytes).has_value()) << line;
          // Opcode 0x6f; Op (UB before 4.0 with the pixel null mask at bit 5, UW from 4.0 at
          // bit 8); exec size; predicate (UW); Src_channel (UB).
          EXPECT_EQ(bytes[0], 0x6f);
          size_t at = 1;
          if (v >= kWideOpVersion) {
            EXPECT_EQ(bytes[1] | (bytes[2] << 8), op.sub_op | (pnm << 8)) << line;
            at = 3;
          } else {
            EXPECT_EQ(bytes[1], op.sub_op | (pnm << 5)) << line;
            at = 2;
          }
          EXPECT_EQ(bytes[at], 0x04);  // (M1, 16)
          EXPECT_EQ(bytes[at + 3], ch) << line;
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
  EXPECT_EQ(cases, 4u * 4 * 4 * 2);
}

// --- rules -----------------------------------------------------------------------------------

TEST(Gather4Rules, EveryRulePassesAndFails) {
  struct Case {
    const char* rule;
    const char* good;
    const char* bad;
    Platform platform = Platform::kTGLLP;
    Platform bad_platform = Platform::kTGLLP;
  };
  const Case cases[] = {
      {"VISA-3D_SAMPLE4-OP-FLAGS",
       "sample4.pixel_null_mask.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample4.cps.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0"},
      {"VISA-3D_SAMPLE4-OP-FLAGS", "sample4_c.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V46.0 V41.0",
       "sample4_c.divS.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V46.0 V41.0"},
      {"VISA-3D_SAMPLE4-PARAMS-TYPE",
       "sample4_po.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V44.0 V45.0",
       "sample4_po.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V43.0 V45.0"},
      {"VISA-3D_SAMPLE4-PARAMS-TYPE", "sample4.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0",
       "sample4.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0 V47.0"},
      {"VISA-3D_SAMPLE4-PARAMS-TYPE", "sample4.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample4.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V44.0"},
      {"VISA-3D_SAMPLE4-NUMPARAMS",
       "sample4.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V43.0 V41.0",
       "sample4.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V43.0 V41.0 V42.0"},
      // Four channels of SIMD16 UD: 4 x 64 bytes; V48 has 64.
      {"VISA-3D_SAMPLE4-DST-SIZE", "sample4.R (M1, 16) 0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample4.R (M1, 16) 0x0:uw S1 T6 V48.0 %null.0 V41.0"},
      {"VISA-3D_SAMPLE4-EXEC_SIZE-32", "sample4.R (M1, 32) 0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample4.R (M1, 32) 0x0:uw S1 T6 V40.0 %null.0 V41.0", Platform::kPVC, Platform::kTGLLP},
      // Xe2 reuses the gather4_po values for sample_mlod forms (visa_igc_common_header.h).
      {"VISA-PLATFORM", "sample4_po.R (M1, 16) 0x0:uw S1 T6 V40.0 %null.0 V41.0",
       "sample4_po.R (M1, 16) 0x0:uw S1 T6 V40.0 %null.0 V41.0", Platform::kPVC, Platform::kXe2},
      {"VISA-3D_SAMPLE4-AOFFIMMI", "sample4.R (M1, 8) 0xfff:uw S1 T6 V40.0 %null.0 V41.0",
       "sample4.R (M1, 8) 0x1000:uw S1 T6 V40.0 %null.0 V41.0"},
  };
  for (const Case& c : cases) {
    auto good = test::parse(program(std::string("    ") + c.good), c.platform);
    EXPECT_FALSE(test::has_rule(good.sink, c.rule)) << c.good << "\n" << test::all_diags(good.sink);
    EXPECT_FALSE(good.sink.has_errors()) << c.good << "\n" << test::all_diags(good.sink);
    auto bad = test::parse(program(std::string("    ") + c.bad), c.bad_platform);
    EXPECT_TRUE(test::has_rule(bad.sink, c.rule)) << c.bad << "\n" << test::all_diags(bad.sink);
  }
}

TEST(Gather4Rules, SourceChannelFromBinaryIsChecked) {
  auto p = test::parse(program("    sample4.A (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0"));
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  Instruction inst = p.prog->instructions[0];
  core::DiagSink ok;
  check_instruction(inst, *p.prog, ok);
  EXPECT_FALSE(test::has_rule(ok, "VISA-3D_SAMPLE4-SRC_CHANNEL"));
  std::vector<uint8_t> bytes;
  ASSERT_FALSE(encode_instruction(inst, p.prog->version, bytes).has_value());
  bytes[6] = 5;  // opcode, Op (UW), exec size, predicate (UW), then Src_channel
  size_t pos = 0;
  core::DiagSink sink;
  const auto back = decode_instruction(bytes, pos, p.prog->version, "t", sink);
  ASSERT_TRUE(back.has_value()) << test::all_diags(sink);
  EXPECT_NE(print_instruction(*back, *p.prog).find("sample4.illegal"), std::string::npos);
  check_instruction(*back, *p.prog, sink);
  EXPECT_TRUE(test::has_rule(sink, "VISA-3D_SAMPLE4-SRC_CHANNEL")) << test::all_diags(sink);
  // Every rule id is listed once.
  for (const char* id : {"VISA-3D_SAMPLE4-SRC_CHANNEL", "VISA-3D_SAMPLE4-OP-FLAGS",
                         "VISA-3D_SAMPLE4-EXEC_SIZE-32", "VISA-3D_SAMPLE4-PARAMS-TYPE"}) {
    EXPECT_EQ(std::count_if(all_rules().begin(), all_rules().end(),
                            [&](const RuleSpec& r) { return r.id == id; }),
              1)
        << id;
  }
}

TEST(Gather4Describe, ListsEachFormFromItsRow) {
  for (const char* m : {"sample4", "sample4_c", "sample4_po", "sample4_po_c"}) {
    const auto d = describe_opcode(m);
    ASSERT_TRUE(d.has_value()) << m;
    EXPECT_NE(d->find("3D_SAMPLE4 (0x6f, visa-3d_sample4.md)"), std::string::npos) << *d;
    EXPECT_NE(d->find("Src_channel"), std::string::npos) << *d;
  }
  EXPECT_NE(describe_opcode("sample4_po")->find("offu offv"), std::string::npos);
  // By opcode: all four rows.
  const auto all = describe_opcode("0x6f");
  ASSERT_TRUE(all.has_value());
  EXPECT_NE(all->find("sample4_po_c{Op}"), std::string::npos);
}

// --- execution -------------------------------------------------------------------------------

using Outcome = test::RunOutcome;
using test::u32_at;

Outcome run(const std::string& body, const std::string& scene_json) {
  Outcome r;
  auto parsed = test::parse(program(body));
  EXPECT_FALSE(parsed.sink.has_errors()) << test::all_diags(parsed.sink);
  const auto sc =
      scene::load_scene_text(scene_json, "scene.json", r.sink, test::visa_scene_options());
  EXPECT_TRUE(sc) << test::all_diags(r.sink);
  if (!sc) return r;
  r.result = execute_program(*parsed.prog, *sc, {}, r.sink);
  EXPECT_TRUE(r.result) << test::all_diags(r.sink);
  return r;
}

std::string list(const std::vector<double>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v[i]);
    s += (i ? ", " : "") + std::string(buf);
  }
  return s + "]";
}
std::string reg(const char* name, const char* type, const std::vector<double>& values) {
  return std::string("\"") + name + "\": {\"type\": \"" + type + "\", \"values\": " + list(values) +
         "}";
}

// A 4x4 R32G32B32A32_UINT surface: texel (x, y) = (10y + x, 100 + 10y + x, 200 + ..., 300 + ...).
std::string surface_rgba() {
  std::string t;
  for (unsigned y = 0; y < 4; ++y) {
    for (unsigned x = 0; x < 4; ++x) {
      const unsigned b = 10 * y + x;
      t += (t.empty() ? "" : ",") + std::string("[") + std::to_string(b) + "," +
           std::to_string(100 + b) + "," + std::to_string(200 + b) + "," + std::to_string(300 + b) +
           "]";
    }
  }
  return R"({"id": 6, "type": "2D", "format": "R32G32B32A32_UINT", "width": 4, "height": 4,
    "data": {"texels": [)" +
         t + "]}}";
}

std::string scene(const std::string& surface, const std::string& regs) {
  return R"({"texsim": 1, "isa": "visa", "platform": "TGLLP", "surfaces": [)" + surface +
         R"(], "samplers": [{"id": 1, "min_filter": "point", "mag_filter": "point", "address": ["clamp", "clamp", "clamp"]},
         {"id": 2, "min_filter": "linear", "mag_filter": "linear", "address": ["clamp", "clamp", "clamp"], "compare": "less_equal"}],
         "registers": {)" +
         regs + "}}";
}

// The four footprint texels of (u, v) on the 4x4 surface, as visa-3d_sample4.md's Dst table orders
// them: R = lower left, G = lower right, B = upper right, A = upper left (v grows downwards).
std::array<uint32_t, 4> expected(double u, double v, unsigned channel, int du = 0, int dv = 0) {
  auto clampi = [](int a) { return a < 0 ? 0 : a > 3 ? 3 : a; };
  const int x0 = static_cast<int>(std::floor(u * 4 - 0.5)) + du;
  const int y0 = static_cast<int>(std::floor(v * 4 - 0.5)) + dv;
  auto t = [&](int x, int y) {
    return static_cast<uint32_t>(100 * channel + 10 * clampi(y) + clampi(x));
  };
  return {t(x0, y0 + 1), t(x0 + 1, y0 + 1), t(x0 + 1, y0), t(x0, y0)};
}

TEST(Gather4Exec, EachSourceChannelReturnsTheFootprintInDstOrder) {
  const std::vector<double> u{0.5, 0.375, 0.0, 0.9, 0.5, 0.5, 0.625, 0.125};
  const std::vector<double> v{0.5, 0.5, 0.0, 0.9, 0.125, 0.875, 0.625, 0.375};
  const std::string regs = reg("V41", "F", u) + "," + reg("V42", "F", v);
  for (unsigned ch = 0; ch < 4; ++ch) {
    const std::string body = std::string("    sample4.") + "RGBA"[ch] +
                             " (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0";
    auto r = run(body, scene(surface_rgba(), regs));
    ASSERT_TRUE(r.result);
    for (unsigned i = 0; i < 8; ++i) {
      const auto e = expected(u[i], v[i], ch);
      for (unsigned k = 0; k < 4; ++k)  // one 32-byte GRF per returned channel
        EXPECT_EQ(u32_at(r.reg("V40"), 32 * k + 4 * i), e[k])
            << "channel " << ch << " lane " << i << " sample " << k;
    }
  }
  // (0.5, 0.5): texels (1,1) (2,1) (1,2) (2,2) of G: R = 121, G = 122, B = 112, A = 111.
  auto r = run("    sample4.G (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V41.0 V42.0",
               scene(surface_rgba(), regs));
  EXPECT_EQ(u32_at(r.reg("V40"), 0), 121u);
  EXPECT_EQ(u32_at(r.reg("V40"), 32), 122u);
  EXPECT_EQ(u32_at(r.reg("V40"), 64), 112u);
  EXPECT_EQ(u32_at(r.reg("V40"), 96), 111u);
}

TEST(Gather4Exec, AoffimmiShiftsTheFootprint) {
  const std::vector<double> u{0.5, 0.375, 0.125, 0.9, 0.5, 0.5, 0.625, 0.125};
  const std::vector<double> v{0.5, 0.5, 0.125, 0.9, 0.125, 0.875, 0.625, 0.375};
  // U +1 (bits 11:8), V -1 (bits 7:4 = 0xf).
  auto r = run("    sample4.B (M1, 8) 0x1f0:uw S1 T6 V40.0 %null.0 V41.0 V42.0",
               scene(surface_rgba(), reg("V41", "F", u) + "," + reg("V42", "F", v)));
  ASSERT_TRUE(r.result);
  for (unsigned i = 0; i < 8; ++i) {
    const auto e = expected(u[i], v[i], 2, 1, -1);
    for (unsigned k = 0; k < 4; ++k) EXPECT_EQ(u32_at(r.reg("V40"), 32 * k + 4 * i), e[k]) << i;
  }
}

TEST(Gather4Exec, ProgrammableOffsetsUseTheirLowSixBits) {
  const std::vector<double> u(8, 0.375);  // footprint x0 = 1
  const std::vector<double> v(8, 0.375);
  // offu: 1, -1, 65 (= 1 in 6 bits), 32 (= -32), 0, 2, -2, 31; offv: 0, 1, 0, 0, -1, 0, 64 (= 0),
  // 0.
  const std::vector<double> offu{1, -1, 65, 32, 0, 2, -2, 31};
  const std::vector<double> offv{0, 1, 0, 0, -1, 0, 64, 0};
  const std::vector<int> eu{1, -1, 1, -32, 0, 2, -2, 31};
  const std::vector<int> ev{0, 1, 0, 0, -1, 0, 0, 0};
  const std::string regs = reg("V41", "F", u) + "," + reg("V42", "F", v) + "," +
                           reg("V44", "D", offu) + "," + reg("V45", "D", offv);
  // Aoffimmi is replaced by the per-lane offsets (decision V41): 0x110 would shift by (1, 1).
  auto r = run("    sample4_po.R (M1, 8) 0x110:uw S1 T6 V40.0 %null.0 V41.0 V42.0 V44.0 V45.0",
               scene(surface_rgba(), regs));
  ASSERT_TRUE(r.result);
  for (unsigned i = 0; i < 8; ++i) {
    const auto e = expected(u[i], v[i], 0, eu[i], ev[i]);
    for (unsigned k = 0; k < 4; ++k)
      EXPECT_EQ(u32_at(r.reg("V40"), 32 * k + 4 * i), e[k]) << "lane " << i << " sample " << k;
  }
}

TEST(Gather4Exec, CompareFormsReturnPassFailPerTexel) {
  // 2x2 R32_FLOAT: (0,0) 0.1, (1,0) 0.4, (0,1) 0.6, (1,1) 0.9; gather at the centre, less_equal
  // (ref <= texel passes): R = (0,1), G = (1,1), B = (1,0), A = (0,0).
  const std::string surf =
      R"({"id": 6, "type": "2D", "format": "R32_FLOAT", "width": 2, "height": 2,
    "data": {"texels": [0.1, 0.4, 0.6, 0.9]}})";
  const std::vector<double> ref{0.0, 0.5, 0.95, 0.4, 0.6, 0.1, 0.9, 1.0};
  const std::string regs =
      reg("V46", "F", ref) + "," + reg("V41", "F", std::vector<double>(8, 0.5)) + "," +
      reg("V42", "F", std::vector<double>(8, 0.5)) + "," +
      reg("V44", "D", std::vector<double>(8, 0)) + "," + reg("V45", "D", std::vector<double>(8, 0));
  const float tex[4] = {0.6f, 0.9f, 0.4f, 0.1f};  // R, G, B, A positions
  for (const char* body :
       {"    sample4_c.R (M1, 8) 0x0:uw S2 T6 V40.0 %null.0 V46.0 V41.0 V42.0",
        "    sample4_po_c.R (M1, 8) 0x0:uw S2 T6 V40.0 %null.0 V46.0 V41.0 V42.0 V44.0 V45.0"}) {
    auto r = run(body, scene(surf, regs));
    ASSERT_TRUE(r.result);
    for (unsigned i = 0; i < 8; ++i) {
      for (unsigned k = 0; k < 4; ++k) {
        const float e = static_cast<float>(ref[i]) <= tex[k] ? 1.0f : 0.0f;
        EXPECT_EQ(std::bit_cast<float>(u32_at(r.reg("V40"), 32 * k + 4 * i)), e)
            << body << " lane " << i << " sample " << k;
      }
    }
  }
  // A compare form on a sampler without a compare function is a run error.
  Outcome bad;
  auto parsed =
      test::parse(program("    sample4_c.R (M1, 8) 0x0:uw S1 T6 V40.0 %null.0 V46.0 V41.0 V42.0"));
  const auto sc =
      scene::load_scene_text(scene(surf, regs), "s", bad.sink, test::visa_scene_options());
  ASSERT_TRUE(sc);
  EXPECT_FALSE(execute_program(*parsed.prog, *sc, {}, bad.sink));
  EXPECT_TRUE(test::has_rule(bad.sink, "VISA-RUN-SAMPLER"));
}

}  // namespace
}  // namespace texsim::isa::visa
