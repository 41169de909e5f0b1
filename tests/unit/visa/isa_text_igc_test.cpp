// IGC 1.0.12504's text of the forms found by issue 29's realistic kernels (media_st.MODE,
// svm_gather4scaled/svm_scatter4scaled.CH, addr_add's &NAME[offset], %tsc): text -> bytes ->
// text, IGC's own .isa bytes for its dump lines, the platform's GRF size, and each syntax error.
// Depends on isa_text.hpp / isa_print.hpp (the generic encoder and printer) and syntax.hpp.
#include <gtest/gtest.h>

#include "core/bytes.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/isa_print.hpp"
#include "isa/visa/isa_text.hpp"
#include "isa/visa/layouts.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

// Declared as in IGC's dumps: a numbered name keeps its number as its id, so the bytes are
// IGC's (V0054 is id 54 in IGC's .isa).
constexpr const char* kProgram = R"(.version 4.1
.kernel "t"
.decl V0053 v_type=G type=d num_elts=32 align=hword
.decl V0054 v_type=G type=d num_elts=16 align=dword
.decl V0055 v_type=G type=d num_elts=16 align=dword
.decl V0059 v_type=G type=d num_elts=1024 align=wordx32
.decl V0061 v_type=G type=uq num_elts=16 align=hword
.decl V0083 v_type=G type=uw num_elts=32 align=hword
.decl A0 v_type=A num_elts=1
.decl P1 v_type=P num_elts=16
.decl T6 v_type=T num_elts=1 v_name=T006
)";

struct Fixture {
  test::Parsed p;
  unsigned grf;
  bool igc_ids = false;
  explicit Fixture(Platform pl = Platform::kTGLLP)
      : p(test::parse(kProgram, pl, false)), grf(pl == Platform::kPVC ? 64 : 32) {}
  TextEnv env() const {
    // igc_ids: IGC's id of a variable is the number in its name (V0054 -> 54, A0 -> 0).
    return {p.prog->symbols, p.prog->version,
            [this](VarClass c, uint32_t id) {
              const Variable* v = p.prog->symbols.find(c, id);
              const size_t d = v != nullptr ? v->name.find_first_of("0123456789") : 0;
              return !igc_ids || v == nullptr || d == std::string::npos || v->predefined
                         ? id
                         : static_cast<uint32_t>(std::stoul(v->name.substr(d)));
            },
            [](std::string_view) { return 0u; }, grf};
  }
  std::vector<uint8_t> encode(std::string_view line) const {
    std::vector<uint8_t> out;
    const auto e = encode_text_instruction(line, env(), out);
    EXPECT_FALSE(e.has_value()) << line << ": " << (e ? e->message : "");
    return out;
  }
  std::string print(const std::vector<uint8_t>& bytes) const {
    IsaInst in;
    in.opcode = bytes.at(0);
    in.bytes = bytes;
    core::BytesReader r(bytes, "t");
    EXPECT_TRUE(walk_instruction(r, p.prog->version, in.fields)) << r.error();
    const PrintEnv pe{p.prog->symbols, p.prog->version, [](uint32_t) { return std::string(); },
                      false, grf};
    return print_isa_instruction(in, pe);
  }
};

TEST(IsaTextIgc, NewFormsRoundTrip) {
  const Fixture f;
  for (const char* line : {
           "media_st.nomod (32,4) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0",
           "media_st.top (8,2) T6 1 V0054(0,0)<0;1,0> 0x10:d V0053.32",
           "media_st.bottom (16,16) T6 15 0x0:d 0x0:d V0053.0",
           "media_st.reserved (4,1) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0",
           "svm_gather4scaled.RGB (M1, 16) 0x0:ud V0061.0 V0053.0",
           "(!P1) svm_scatter4scaled.RA (M5, 16) 0x40:ud V0061.0 V0053.0",
           "svm_gather4scaled.RGBA (M1_NM, 8) V0054(0,1)<0;1,0> V0061.0 V0053.0",
           "addr_add (M1, 16) A0(0)<1> &V0059 V0083(0,0)<1;1,0>",
           "addr_add (M5, 16) A0(0)<1> &V0059[68] V0083(0,16)<1;1,0>",
           "addr_add (M1_NM, 1) A0(0)<1> A0(0)<1> 0x4:uw",  // an address src0 stays one
           "mov (M1_NM, 1) V0054(0,0)<1> %tsc(0,0)<0;1,0>",
           "mov (M1_NM, 1) %msg0(0,0)<1> %impl_arg_buf_ptr(0,0)<0;1,0>",
           // Layout-driven forms where IGC's printer has no text that reads back the bytes.
           "media_st 4 6 0 8 2 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0",  // top_mod
           "svm_gather4_scaled (M1, 16) 7 1 0x0:ud V0061.0 V0053.0",          // scale 1
           "addr_add (M1, 16) A0(0)<1> V0059(0,0)<1;1,0> V0083(0,0)<1;1,0>",  // a region
       }) {
    EXPECT_EQ(f.print(f.encode(line)), line);
  }
}

// The bytes of IGC 1.0.12504's own .isa files for lines of its dumps (TGLLP and PVC, kernels
// with sub-group image block writes, stateless vload3 and a private array): media_st is whole;
// svm_gather4scaled and addr_add carry an exec size and are truncated by IGC's writer (V34), so
// IGC's bytes are the start of texsim's.
TEST(IsaTextIgc, IgcBytesOfItsDumpLines) {
  Fixture tgl;
  tgl.igc_ids = true;
  EXPECT_EQ(core::hex_bytes(tgl.encode(
                "media_st.nomod (32,4) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0")),
            "380006002004003600000000002101003700000000002101350000000000");
  // IGC's file holds the sub-op, exec, predicate, mask, scale and the offset 0x0:ud only.
  EXPECT_EQ(core::hex_bytes(tgl.encode("svm_gather4scaled.RGB (M1, 16) 0x0:ud V0061.0 V0053.0"))
                .substr(0, 28),
            "4e06040000070000050000000000");
  Fixture pvc(Platform::kPVC);
  pvc.igc_ids = true;
  EXPECT_EQ(core::hex_bytes(pvc.encode("addr_add (M1, 16) A0(0)<1> &V0059 V0083(0,0)<1;1,0>"))
                .substr(0, 32),
            "28040100000000003b00000000002101");
}

// &NAME[offset]: row = offset / GRF, column = the rest / element size (V0059 is type d).
TEST(IsaTextIgc, AddressOfUsesThePlatformsGrf) {
  const Fixture tgl, pvc(Platform::kPVC);
  const std::string line = "addr_add (M1, 16) A0(0)<1> &V0059[68] V0083(0,0)<1;1,0>";
  const auto a = tgl.encode(line), b = pvc.encode(line);
  // Bytes: opcode, E, the address dst (5 bytes), then src0's tag, id (4), row (12), column (13).
  ASSERT_GE(a.size(), 14u);
  ASSERT_GE(b.size(), 14u);
  EXPECT_EQ(a[12], 2);  // 68 = 2 x 32 + 1 x 4
  EXPECT_EQ(a[13], 1);
  EXPECT_EQ(b[12], 1);  // 68 = 1 x 64 + 1 x 4
  EXPECT_EQ(b[13], 1);
  EXPECT_EQ(tgl.print(a), line);
  EXPECT_EQ(pvc.print(b), line);
}

// V6 is %tsc as IGC 1.0.12504 and GenX_IR name it; the vISA documentation's %tm reads as it.
TEST(IsaTextIgc, TimestampIsTscAndTmReadsAsIt) {
  const Fixture f;
  EXPECT_EQ(f.print(f.encode("mov (M1_NM, 1) V0054(0,0)<1> %tm(0,0)<0;1,0>")),
            "mov (M1_NM, 1) V0054(0,0)<1> %tsc(0,0)<0;1,0>");
  const Variable* tsc = f.p.prog->symbols.find_name("%tsc");
  ASSERT_NE(tsc, nullptr);
  EXPECT_EQ(tsc->id, 6u);
  EXPECT_EQ(f.p.prog->symbols.find_name("%tm"), tsc);
  ASSERT_NE(f.p.prog->symbols.find_name("%local_id_buf_ptr"), nullptr);
  EXPECT_EQ(f.p.prog->symbols.find_name("%local_id_buf_ptr")->id, 19u);
}

// IGC reads media_st's mode through media_ld_mod_str (CISA.l): .modified is code 1, which its
// printer writes as .reserved (media_st_mod_str).
TEST(IsaTextIgc, MediaStModesReadAsIgcsParserDoes) {
  const Fixture f;
  const std::string tail = " (8,2) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0";
  EXPECT_EQ(f.encode("media_st.modified" + tail), f.encode("media_st.reserved" + tail));
  EXPECT_EQ(f.print(f.encode("media_st.modified" + tail)), "media_st.reserved" + tail);
  EXPECT_EQ(f.print(f.encode("media_st.bottom_mod" + tail)),
            "media_st 5 6 0 8 2 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0");
}

struct ErrorCase {
  const char* good;
  const char* bad;
  const char* at;
  const char* message;
};

// Each new error: file:line:column at the offending token, as VISA-SYNTAX (these are IGC's text
// forms, so a bad line is an error, not a VISA-TEXT-FORM warning).
TEST(IsaTextIgc, SyntaxErrorsNameTheToken) {
  const ErrorCase cases[] = {
      {"    media_st.nomod (8,2) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0",
       "    media_st.nomd (8,2) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0", "nomd",
       "unknown media_st mode 'nomd'"},
      {"    media_st.nomod (8,2) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0",
       "    media_st.nomod (8,x) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0", "(8,x)",
       "expected the block size (WIDTH,HEIGHT)"},
      {"    media_st.nomod (8,2) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0",
       "    media_st.nomod (8,2) T6 16 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0", "16 ",
       "expected the plane (0..15)"},
      {"    media_st.nomod (8,2) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0",
       "    (P1) media_st.nomod (8,2) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0", "(P1)",
       "media_st takes no predicate"},
      {"    svm_gather4scaled.RGB (M1, 16) 0x0:ud V0061.0 V0053.0",
       "    svm_gather4scaled.BGR (M1, 16) 0x0:ud V0061.0 V0053.0", "BGR",
       "channels are R, G, B, A in order"},
      {"    svm_scatter4scaled.R (M1, 16) 0x0:ud V0061.0 V0053.0",
       "    svm_scatter4scaled.R (M1, 16) 0x0:ud V0061.0", "", "expected a raw operand"},
      {"    addr_add (M1, 16) A0(0)<1> &V0059[8] V0083(0,0)<1;1,0>",
       "    addr_add (M1, 16) A0(0)<1> &V0059[6] V0083(0,0)<1;1,0>", "[6]",
       "is not a whole element"},
      {"    addr_add (M1, 16) A0(0)<1> &V0059 V0083(0,0)<1;1,0>",
       "    addr_add (M1, 16) A0(0)<1> &V0058 V0083(0,0)<1;1,0>", "V0058",
       "'V0058' is not declared"},
      {"    addr_add (M1, 16) A0(0)<1> &V0059 V0083(0,0)<1;1,0>",
       "    addr_add (M1, 16) A0(0)<1> &T6 V0083(0,0)<1;1,0>", "&T6",
       "the address of a general variable only"},
      {"    addr_add (M1, 16) A0(0)<1> &V0059[4] V0083(0,0)<1;1,0>",
       "    addr_add (M1, 16) A0(0)<1> &V0059[4 V0083(0,0)<1;1,0>", "[4",
       "&NAME or &NAME[byte offset]"},
  };
  for (const ErrorCase& c : cases) {
    const std::string head = kProgram;
    const auto good = test::parse(head + c.good + "\n", Platform::kTGLLP, false);
    EXPECT_FALSE(good.sink.has_errors()) << c.good << "\n" << test::all_diags(good.sink);
    const auto bad = test::parse(head + c.bad + "\n", Platform::kTGLLP, false);
    const std::string_view line(c.bad);
    const size_t col = line.rfind(c.at) + 1;
    const std::string want = "t.visaasm:12:" + std::to_string(col) + ": error[VISA-SYNTAX]";
    const std::string got = test::all_diags(bad.sink);
    EXPECT_NE(got.find(want), std::string::npos) << c.bad << "\nwant " << want << "\n" << got;
    EXPECT_NE(got.find(c.message), std::string::npos) << c.bad << "\n" << got;
  }
}

// A whole routine with the new forms: text -> .isa -> text, the same lines.
TEST(IsaTextIgc, RoutineWithTheNewFormsGoesTextToIsaToText) {
  const std::string body =
      "    media_st.nomod (32,4) T6 0 V0054(0,0)<0;1,0> V0055(0,0)<0;1,0> V0053.0\n"
      "    svm_scatter4scaled.RGB (M1, 16) 0x0:ud V0061.0 V0053.0\n"
      "    addr_add (M1, 16) A0(0)<1> &V0059[128] V0083(0,0)<1;1,0>\n"
      "    mov (M1_NM, 1) V0054(0,0)<1> %tsc(0,0)<0;1,0>\n"
      "    ret (M1, 1)\n";
  for (const Platform pl : {Platform::kSKL, Platform::kPVC}) {
    auto p = test::parse(std::string(kProgram) + body, pl, false);
    ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
    EXPECT_FALSE(test::has_rule(p.sink, "VISA-TEXT-FORM")) << test::all_diags(p.sink);
    core::DiagSink sink;
    const auto file = isa_file_from_program(*p.prog, sink);
    ASSERT_TRUE(file.has_value()) << test::all_diags(sink);
    const auto bytes = write_isa_file(*file);
    const auto back = read_isa_file(bytes, "t.isa", sink);
    ASSERT_TRUE(back.has_value()) << test::all_diags(sink);
    const std::string out = print_isa_routine(*back, back->kernels[0], pl);
    EXPECT_NE(out.find(body), std::string::npos) << out;
  }
}

}  // namespace
}  // namespace texsim::isa::visa
