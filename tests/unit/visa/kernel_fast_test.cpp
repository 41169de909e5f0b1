// Prepared instructions (kernel_fast.cpp, decisions KS2–KS4) against the per-lane path: the same
// program runs once with its code prepared for the machine and once unprepared (every
// instruction through run_generic), and the register files, definedness and predicates must be
// identical byte for byte, as must the diagnostics of a run that fails.
#include <gtest/gtest.h>

#include "isa/visa/exec.hpp"
#include "isa/visa/kernel_exec.hpp"
#include "isa/visa/scene_section.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kHead = R"(.version 4.2
.kernel "k"
.decl V40 v_type=G type=ud num_elts=32 align=GRF
.decl V41 v_type=G type=d num_elts=32 align=GRF
.decl V42 v_type=G type=f num_elts=32 align=GRF
.decl V43 v_type=G type=w num_elts=32 align=GRF
.decl V44 v_type=G type=ub num_elts=32 align=GRF
.decl V45 v_type=G type=ud num_elts=32 align=GRF
.decl V46 v_type=G type=d num_elts=32 align=GRF
.decl V47 v_type=G type=f num_elts=32 align=GRF
.decl V48 v_type=G type=q num_elts=16 align=GRF
.decl V49 v_type=G type=ud num_elts=8 align=GRF
.decl P1 v_type=P num_elts=32
.decl P2 v_type=P num_elts=32
)";

// Every prepared form: the low-dword integer loops (D/UD destinations, narrow and wide sources,
// immediates incl. :v, modifiers), the per-lane ALU (sat, W/Q destinations, float), integer and
// float CMP into predicates and variables, SEL by predicate, masks, overlap
// of destination and source, and undefined sources (V45 is never given).
constexpr const char* kBody = R"(    add (M1, 16) V46(0,0)<1> V41(0,0)<1;1,0> V40(0,0)<1;1,0>
    mul (M1, 16) V45(0,0)<1> V43(0,0)<1;1,0> 0xfffffff3:d
    mad (M1, 16) V46(0,0)<1> (-)V41(0,0)<1;1,0> V44(0,0)<1;1,0> V46(0,0)<1;1,0>
    add3 (M1, 16) V40(0,0)<1> V40(0,0)<0;1,0> V41(0,1)<2;1,0> 0x76543210:v
    and (M1, 16) V46(0,0)<1> (~)V41(0,0)<1;1,0> 0xff00ff:ud
    or (M5, 16) V40(0,16)<1> V40(0,0)<1;1,0> V48(0,0)<1;1,0>
    xor (M1, 8) V40(0,0)<2> V40(0,1)<2;1,0> (abs)V41(0,0)<1;1,0>
    not (M1, 16) V45(0,0)<1> V43(0,0)<1;1,0>
    shl (M1, 16) V46(0,0)<1> V41(0,0)<1;1,0> V40(0,0)<1;1,0>
    shr (M1, 16) V40(0,0)<1> V41(0,0)<1;1,0> V44(0,0)<1;1,0>
    asr (M1, 16) V46(0,0)<1> V41(0,0)<1;1,0> 0x3:ud
    mov (M1, 8) V49(0,0)<1> V45(0,4)<0;1,0>
    add.sat (M1, 16) V43(0,0)<1> V41(0,0)<1;1,0> V41(0,0)<1;1,0>
    mul (M1, 8) V48(0,0)<1> V41(0,0)<1;1,0> V41(0,0)<1;1,0>
    min (M1, 16) V46(0,0)<1> V40(0,0)<1;1,0> V41(0,0)<1;1,0>
    avg (M1, 16) V41(0,0)<1> V41(0,0)<1;1,0> V46(0,0)<1;1,0>
    add (M1, 16) V47(0,0)<1> V42(0,0)<1;1,0> (-)V41(0,0)<1;1,0>
    mad.sat (M1, 16) V42(0,0)<1> V42(0,0)<1;1,0> V47(0,0)<1;1,0> 0x3f000000:f
    frc (M1, 16) V47(0,0)<1> V42(0,0)<1;1,0>
    mov (M1, 16) V41(0,0)<1> V47(0,0)<1;1,0>
    cmp.lt (M1, 16) P1 V41(0,0)<1;1,0> V40(0,0)<1;1,0>
    cmp.ge (M5, 16) P1 V46(0,0)<1;1,0> 0x0:d
    cmp.ne (M1, 16) V45(0,0)<1> V42(0,0)<1;1,0> V47(0,0)<1;1,0>
    cmp.eq (M1, 16) P2 V45(0,0)<1;1,0> V49(0,0)<0;1,0>
    (P1) sel (M1, 16) V40(0,0)<1> V41(0,0)<1;1,0> V46(0,0)<1;1,0>
    (!P2) add (M1, 16) V46(0,0)<1> V46(0,0)<1;1,0> 0x1:d
    (P1) mov (M5, 16) V46(0,16)<1> V43(0,0)<1;1,0>
    ret (M1, 1)
)";

struct Outcome {
  bool ok = false;
  std::string diags;
  std::vector<uint8_t> bytes, defined;
  uint32_t p1 = 0, p2 = 0;
};

Outcome run(const std::string& body, uint32_t dispatch, bool prepared) {
  auto p = test::parse(std::string(kHead) + body);
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  scene::Scene sc;
  auto& regs = edit_scene_state(sc).registers;
  const auto give = [&](const char* name, scene::ElemType t, uint32_t seed, size_t bytes) {
    VisaRegister r;
    r.type = t;
    for (size_t i = 0; i < bytes; ++i)
      r.bytes.push_back(static_cast<uint8_t>((seed * (i + 7)) ^ (i * 37)));
    regs[name] = r;
  };
  give("V40", scene::ElemType::kUD, 11, 128);
  give("V41", scene::ElemType::kD, 29, 128);
  give("V42", scene::ElemType::kF, 3, 128);
  give("V43", scene::ElemType::kUD, 53, 64);
  give("V44", scene::ElemType::kUD, 5, 32);
  give("V48", scene::ElemType::kUD, 97, 128);
  edit_scene_state(sc).dispatch_mask = dispatch;
  core::DiagSink sink;
  auto code = build_kernel_code(*p.prog, sink);
  auto m = make_machine(*p.prog, sc, ExecConfig{}, sink);
  Outcome o;
  if (!code || !m) return o;
  if (prepared) prepare_kernel_code(*code, *m);
  KernelMemory mem;
  o.ok = run_thread(*p.prog, *code, *m, mem, sc, ExecConfig{}, dispatch, sink);
  o.diags = test::all_diags(sink);
  for (uint32_t a = 0; a < m->size(); ++a) {
    o.bytes.push_back(m->byte(a));
    o.defined.push_back(m->defined(a) ? 1 : 0);
  }
  o.p1 = m->predicate(m->symbols().find_name("P1")->id).value_or(0);
  o.p2 = m->predicate(m->symbols().find_name("P2")->id).value_or(0);
  return o;
}

void expect_same(const std::string& body, uint32_t dispatch) {
  const Outcome a = run(body, dispatch, true);
  const Outcome b = run(body, dispatch, false);
  EXPECT_EQ(a.ok, b.ok);
  EXPECT_EQ(a.diags, b.diags);
  EXPECT_EQ(a.bytes, b.bytes);
  EXPECT_EQ(a.defined, b.defined);
  EXPECT_EQ(a.p1, b.p1);
  EXPECT_EQ(a.p2, b.p2);
}

TEST(KernelFast, PreparedEqualsPerLaneBitForBit) {
  for (const uint32_t dispatch : {0xffffffffu, 0x0000ffffu, 0x5a5aa5a5u, 0x00000001u}) {
    SCOPED_TRACE(dispatch);
    expect_same(kBody, dispatch);
    const Outcome a = run(kBody, dispatch, true);
    EXPECT_TRUE(a.ok) << a.diags;
  }
}

TEST(KernelFast, AnElementOutsideItsVariableFailsTheSameWay) {
  // V49 holds 8 dwords: lanes 8..15 of the destination lie outside it; the first 8 lanes of the
  // per-lane path are written before the error, and the prepared path must leave the same state.
  const std::string body =
      "    add (M1, 16) V49(0,0)<1> V40(0,0)<1;1,0> 0x1:ud\n"
      "    ret (M1, 1)\n";
  expect_same(body, 0xffff);
  const Outcome a = run(body, 0xffff, true);
  EXPECT_FALSE(a.ok);
  EXPECT_NE(a.diags.find("VISA-RUN-OPERAND"), std::string::npos) << a.diags;
  expect_same(body, 0x00ff);  // only lanes inside it: runs
  EXPECT_TRUE(run(body, 0x00ff, true).ok);
}

}  // namespace
}  // namespace texsim::isa::visa
