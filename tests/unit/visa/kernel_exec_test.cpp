// Whole vISA kernels (kernel_exec.hpp, kernel_launch.hpp) through execute_program: regions and
// mask offsets, _NM, divergent branches and loops (per-lane PCs), SEL/CMP/ADDC, the buffer
// messages by binding-table index, launches (local and group ids, partial threads), and every
// run error (VISA-RUN-OPERAND, VISA-RUN-LIMIT, VISA-RUN-LAUNCH, VISA-UNSUPPORTED).
#include <gtest/gtest.h>

#include <bit>

#include "isa/visa/exec.hpp"
#include "isa/visa/kernel_exec.hpp"
#include "isa/visa/scene_section.hpp"
#include "scene/report.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kHead = R"(.version 4.2
.kernel "k"
.decl V33 v_type=G type=ud num_elts=8 alias=<%r0, 0>
.decl V40 v_type=G type=ud num_elts=32 align=GRF
.decl V41 v_type=G type=ud num_elts=32 align=GRF
.decl V42 v_type=G type=d num_elts=32 align=GRF
.decl V43 v_type=G type=ud num_elts=32 align=GRF
.decl V44 v_type=G type=f num_elts=32 align=GRF
.decl V50 v_type=G type=uw num_elts=16 align=GRF
.decl V52 v_type=G type=ud num_elts=8 align=GRF
.decl V53 v_type=G type=ud num_elts=8 align=GRF
.decl V54 v_type=G type=ud num_elts=1 align=dword
.decl P1 v_type=P num_elts=32
.decl T6 v_type=T num_elts=1
)";

VisaRegister ud(const std::vector<uint32_t>& vals, scene::ElemType t = scene::ElemType::kUD) {
  VisaRegister r;
  r.type = t;
  for (uint32_t v : vals) {
    for (int k = 0; k < 4; ++k) r.bytes.push_back(static_cast<uint8_t>(v >> (8 * k)));
  }
  return r;
}

std::vector<uint32_t> iota(uint32_t n, uint32_t from = 0) {
  std::vector<uint32_t> v(n);
  for (uint32_t i = 0; i < n; ++i) v[i] = from + i;
  return v;
}

struct KRun {
  std::optional<RunResult> result;
  core::DiagSink sink;
  std::string diags;
  const scene::RegisterValue* reg(const std::string& name) const {
    for (const auto& r : result->registers) {
      if (r.name == name) return &r;
    }
    return nullptr;
  }
  uint32_t u(const std::string& name, size_t i) const {
    const auto* r = reg(name);
    EXPECT_NE(r, nullptr) << name;
    if (r == nullptr || 4 * i + 4 > r->bytes.size()) return 0xdeadbeef;
    return r->bytes[4 * i] | r->bytes[4 * i + 1] << 8 | r->bytes[4 * i + 2] << 16 |
           uint32_t{r->bytes[4 * i + 3]} << 24;
  }
};

KRun run(const std::string& body, const scene::Scene& sc) {
  KRun r;
  auto p = test::parse(std::string(kHead) + body);
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  r.result = execute_program(*p.prog, sc, ExecConfig{}, r.sink);
  r.diags = test::all_diags(r.sink);
  return r;
}

scene::Scene with_v40(const std::vector<uint32_t>& v, uint64_t dispatch = 0xffffffff) {
  scene::Scene sc;
  edit_scene_state(sc).registers["V40"] = ud(v);
  edit_scene_state(sc).dispatch_mask = dispatch;
  return sc;
}

TEST(KernelExec, RegionsMaskOffsetsAndNoMask) {
  const KRun r =
      run("    mov (M1, 16) V41(0,0)<1> V40(0,1)<2;1,0>\n"    // V41[i] = V40[1 + 2i]
          "    mov (M5, 16) V41(2,0)<1> V40(0,3)<0;1,0>\n"    // lanes 16..31: V40[3] (disabled)
          "    mov (M1_NM, 8) V43(1,0)<2> V40(0,0)<4;2,1>\n"  // every other dword of row 1
          "    ret (M1, 1)\n",
          with_v40(iota(32, 100), 0xffff));
  ASSERT_TRUE(r.result) << r.diags;
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(r.u("V41", i), 101 + 2 * i);
  EXPECT_FALSE(
      r.reg("V41")->byte_defined(size_t{16} * 4));  // M5 lanes are outside the dispatch mask
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(r.u("V43", 8 + 2 * i), 100 + (i / 2) * 4 + i % 2);
}

TEST(KernelExec, DivergentIfElseReconverges) {
  const KRun r =
      run("    cmp.lt (M1, 16) P1 V40(0,0)<1;1,0> 0x4:ud\n"
          "    (!P1) goto (M1, 16) ELSE\n"
          "    add (M1, 16) V41(0,0)<1> V40(0,0)<1;1,0> 0x100:ud\n"
          "    goto (M1, 1) END\n"
          "ELSE:\n"
          "    mov (M1, 16) V41(0,0)<1> 0x7:ud\n"
          "END:\n"
          "    add (M1, 16) V41(0,0)<1> V41(0,0)<1;1,0> 0x1000:ud\n"
          "    ret (M1, 1)\n",
          with_v40(iota(32)));
  ASSERT_TRUE(r.result) << r.diags;
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(r.u("V41", i), (i < 4 ? 0x100 + i : 7) + 0x1000);
}

TEST(KernelExec, LoopsRunEachLaneItsOwnTripCount) {
  const KRun r =
      run("    mov (M1, 16) V41(0,0)<1> 0x0:ud\n"
          "    mov (M1, 16) V43(0,0)<1> 0x0:ud\n"
          "LOOP:\n"
          "    cmp.ge (M1, 16) P1 V43(0,0)<1;1,0> V40(0,0)<1;1,0>\n"
          "    (P1) goto (M1, 16) DONE\n"
          "    add (M1, 16) V41(0,0)<1> V41(0,0)<1;1,0> 0x3:ud\n"
          "    add (M1, 16) V43(0,0)<1> V43(0,0)<1;1,0> 0x1:ud\n"
          "    goto (M1, 1) LOOP\n"
          "DONE:\n"
          "    ret (M1, 1)\n",
          with_v40({5, 0, 1, 9, 2, 2, 7, 3, 0, 4, 11, 1, 6, 8, 10, 12}));
  ASSERT_TRUE(r.result) << r.diags;
  const uint32_t trips[] = {5, 0, 1, 9, 2, 2, 7, 3, 0, 4, 11, 1, 6, 8, 10, 12};
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(r.u("V41", i), 3 * trips[i]) << i;
}

TEST(KernelExec, RetEndsOnlyItsLanes) {
  const KRun r =
      run("    mov (M1, 8) V41(0,0)<1> 0x1:ud\n"
          "    cmp.gt (M1, 8) P1 V40(0,0)<1;1,0> 0x2:ud\n"
          "    (P1) goto (M1, 8) TAIL\n"
          "    ret (M1, 1)\n"
          "TAIL:\n"
          "    mov (M1, 8) V41(0,0)<1> 0x2:ud\n",
          with_v40(iota(8)));
  ASSERT_TRUE(r.result) << r.diags;
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(r.u("V41", i), i > 2 ? 2u : 1u);
}

TEST(KernelExec, SelCmpToGeneralAddcAndConversions) {
  const KRun r =
      run("    cmp.eq (M1, 4) P1 V40(0,0)<1;1,0> 0x1:ud\n"
          "    (P1) sel (M1, 4) V41(0,0)<1> 0xa:ud 0xb:ud\n"
          "    cmp.ne (M1, 4) V42(0,0)<1> V40(0,0)<1;1,0> 0x2:ud\n"
          "    addc (M1, 2) V43(0,0)<1> V43(0,4)<1> V40(0,8)<1;1,0> 0xfffffffe:ud\n"
          "    mov (M1, 4) V44(0,0)<1> V42(0,0)<1;1,0>\n"
          "    mov (M1, 4) V42(0,4)<1> (-)V44(0,0)<1;1,0>\n",
          with_v40({0, 1, 2, 3, 0, 0, 0, 0, 1, 2}));
  ASSERT_TRUE(r.result) << r.diags;
  EXPECT_EQ(r.u("V41", 0), 0xbu);
  EXPECT_EQ(r.u("V41", 1), 0xau);
  EXPECT_EQ(r.u("V42", 0), 0xffffffffu);
  EXPECT_EQ(r.u("V42", 2), 0u);
  EXPECT_EQ(r.u("V43", 0), 0xffffffffu);  // 1 + 0xfffffffe, no carry
  EXPECT_EQ(r.u("V43", 4), 0u);
  EXPECT_EQ(r.u("V43", 1), 0u);  // 2 + 0xfffffffe wraps with a carry
  EXPECT_EQ(r.u("V43", 5), 1u);
  EXPECT_EQ(r.u("V44", 0), 0xbf800000u);  // -1 as F
  EXPECT_EQ(r.u("V42", 4), 1u);           // -(-1.0) back to D
}

TEST(KernelExec, RunErrorsNameTheirRules) {
  const KRun out = run("    mov (M1, 16) V54(0,0)<1> 0x1:ud\n", with_v40({0}));
  EXPECT_FALSE(out.result);
  EXPECT_TRUE(test::has_rule(out.sink, "VISA-RUN-OPERAND")) << out.diags;
  EXPECT_NE(out.diags.find("t.visaasm:15:5: error[VISA-RUN-OPERAND]"), std::string::npos)
      << out.diags;
  const KRun spin = run("L:\n    goto (M1, 1) L\n", with_v40({0}));
  EXPECT_FALSE(spin.result);
  EXPECT_TRUE(test::has_rule(spin.sink, "VISA-RUN-LIMIT")) << spin.diags;
  // A mnemonic the executor lists but whose operands it cannot take: the instruction's place.
  auto p = test::parse(std::string(kHead) + ".decl A0 v_type=A num_elts=1\n" +
                       "    mov (M1, 1) A0(0)<1> 0x1:uw\n");
  core::DiagSink s;
  EXPECT_FALSE(execute_program(*p.prog, with_v40({0}), ExecConfig{}, s));
  EXPECT_NE(test::all_diags(s).find("t.visaasm:16:5: error[VISA-UNSUPPORTED]: 'mov' is not "
                                    "modelled and cannot run: address operands are "
                                    "written by addr_add only"),
            std::string::npos)
      << test::all_diags(s);
}

// A SIMD8 kernel: out[gid] = in[gid] * gid with gid = group_x * 10 + local_x, on 2 groups of 10
// (two threads each, the second with 2 lanes).
constexpr const char* kLaunchBody = R"(.input V50 offset=32 size=32
.kernel_attr SimdSize=8
    mov (M1, 8) V52(0,0)<1> V50(0,0)<1;1,0>
    mul (M1_NM, 1) V54(0,0)<1> V33(0,1)<0;1,0> 0xa:ud
    add (M1, 8) V52(0,0)<1> V52(0,0)<1;1,0> V54(0,0)<0;1,0>
    shl (M1, 8) V41(0,0)<1> V52(0,0)<1;1,0> 0x2:ud
    movs (M1_NM, 1) T6(0) 0x1:ud
    gather4_scaled.R (M1, 8) T6 0x0:ud V41.0 V53.0
    mul (M1, 8) V53(0,0)<1> V53(0,0)<1;1,0> V52(0,0)<1;1,0>
    movs (M1_NM, 1) T6(0) 0x2:ud
    scatter4_scaled.R (M1, 8) T6 0x0:ud V41.0 V53.0
    ret (M1, 1)
)";

scene::Scene launch_scene(uint32_t global, uint32_t local) {
  scene::Scene sc;
  KernelLaunch l;
  l.global_size = {global, 1, 1};
  l.local_size = {local, 1, 1};
  l.buffers[1] = ud(iota(20, 1));
  l.buffers[2] = ud(std::vector<uint32_t>(21, 0xffffffffu));
  edit_scene_state(sc).launch = l;
  return sc;
}

TEST(KernelLaunch, LocalAndGroupIdsAndBuffers) {
  const KRun r = run(kLaunchBody, launch_scene(20, 10));
  ASSERT_TRUE(r.result) << r.diags;
  for (uint32_t g = 0; g < 20; ++g) EXPECT_EQ(r.u("buffer2", g), (g + 1) * g) << g;
  EXPECT_EQ(r.u("buffer2", 20), 0xffffffffu);  // no lane past the work-group wrote
  EXPECT_EQ(r.u("buffer1", 19), 20u);          // read-only buffers come back unchanged
}

TEST(KernelLaunch, ErrorsSayWhatTheLaunchLacks) {
  const KRun uneven = run(kLaunchBody, launch_scene(20, 8));
  EXPECT_FALSE(uneven.result);
  EXPECT_TRUE(test::has_rule(uneven.sink, "VISA-RUN-LAUNCH")) << uneven.diags;
  EXPECT_NE(uneven.diags.find("not a multiple"), std::string::npos) << uneven.diags;
  const KRun no_simd = run("    ret (M1, 1)\n", launch_scene(20, 10));
  EXPECT_TRUE(test::has_rule(no_simd.sink, "VISA-RUN-LAUNCH")) << no_simd.diags;
  scene::Scene unbound = launch_scene(20, 10);
  edit_scene_state(unbound).launch->buffers.erase(2);
  const KRun u = run(kLaunchBody, unbound);
  EXPECT_TRUE(test::has_rule(u.sink, "VISA-RUN-SURFACE")) << u.diags;
  EXPECT_NE(u.diags.find("binding-table index 2 has no buffer"), std::string::npos) << u.diags;
}

// LSC on stateless memory (PVC's code): A64 addresses into the launch's addressed buffers, a
// vector of 2 per lane (one GRF-padded block per vector element), D16 widened to dwords.
constexpr const char* kLscBody = R"(.decl V60 v_type=G type=uq num_elts=8 align=GRF
.decl V61 v_type=G type=ud num_elts=16 align=GRF
.decl V62 v_type=G type=ud num_elts=8 align=GRF
.kernel_attr SimdSize=8
    mov (M1, 8) V52(0,0)<1> V50(0,0)<1;1,0>
    shl (M1, 8) V60(0,0)<1> V52(0,0)<1;1,0> 0x3:uq
    add (M1, 8) V60(0,0)<1> V60(0,0)<1;1,0> 0x10000:uq
    lsc_load.ugm (M1, 8)  V61:d32x2  flat[V60]:a64
    add (M1, 8) V61(0,0)<1> V61(0,0)<1;1,0> V61(1,0)<1;1,0>
    lsc_store.ugm (M1, 8)  flat[V60]:a64  V61:d32
    lsc_load.ugm (M1, 8)  V62:d16c32  flat[V60]:a64
    add (M1, 8) V60(0,0)<1> V60(0,0)<1;1,0> 0x100:uq
    lsc_store.ugm (M1, 8)  flat[V60]:a64  V62:d32
    ret (M1, 1)
)";

TEST(KernelLaunch, LscStatelessLoadsAndStores) {
  scene::Scene sc;
  KernelLaunch l;
  l.global_size = {8, 1, 1};
  l.local_size = {8, 1, 1};
  std::vector<uint32_t> words(0x180 / 4, 0);
  for (uint32_t i = 0; i < 16; ++i) words[i] = 0x00010000u * i + 3 * i + 1;
  l.buffers[3] = ud(words);
  l.addresses[3] = 0x10000;
  edit_scene_state(sc).launch = l;
  const KRun r = run(std::string(".input V50 offset=32 size=32\n") + kLscBody, sc);
  ASSERT_TRUE(r.result) << r.diags;
  for (uint32_t i = 0; i < 8; ++i) {
    const uint32_t sum = words[size_t{2} * i] + words[size_t{2} * i + 1];
    EXPECT_EQ(r.u("buffer3", size_t{2} * i), sum) << i;  // d32x2 loaded, summed, stored
    EXPECT_EQ(r.u("buffer3", 64 + size_t{2} * i), sum & 0xffffu) << i;  // d16c32: low half, widened
  }
  // An address no buffer holds, and an SLM message, are errors at the instruction.
  l.addresses[3] = 0x20000;
  edit_scene_state(sc).launch = l;
  const KRun far = run(std::string(".input V50 offset=32 size=32\n") + kLscBody, sc);
  EXPECT_TRUE(test::has_rule(far.sink, "VISA-RUN-MEMORY")) << far.diags;
  EXPECT_NE(far.diags.find("address 0x10000 lies in no launch buffer"), std::string::npos)
      << far.diags;
  const KRun slm =
      run(".decl V60 v_type=G type=ud num_elts=8 align=GRF\n"
          "    lsc_load.slm (M1, 8)  V41:d32  flat[V60]:a32\n",
          with_v40({0}));
  EXPECT_NE(slm.diags.find("error[VISA-RUN-MEMORY]: an .slm message needs the launch's "
                           "\"slm_size\""),
            std::string::npos)
      << slm.diags;
}

// Two SIMD8 threads of each work-group swap halves through SLM across a BARRIER: each lane
// stores 3 * local id at 4 * lid, then reads the value of lid + 8 (mod 16), written by the
// other thread; without the barrier the first thread would read the second's zeros.
constexpr const char* kBarrierBody = R"(.input V50 offset=32 size=32
.decl V60 v_type=G type=ud num_elts=8 align=GRF
.decl V61 v_type=G type=ud num_elts=8 align=GRF
.kernel_attr SimdSize=8
    mov (M1, 8) V52(0,0)<1> V50(0,0)<1;1,0>
    shl (M1, 8) V60(0,0)<1> V52(0,0)<1;1,0> 0x2:ud
    mul (M1, 8) V61(0,0)<1> V52(0,0)<1;1,0> 0x3:ud
    lsc_store.slm (M1, 8)  flat[V60]:a32  V61:d32
    fence_local.E
    barrier
    add (M1, 8) V53(0,0)<1> V52(0,0)<1;1,0> 0x8:ud
    and (M1, 8) V53(0,0)<1> V53(0,0)<1;1,0> 0xf:ud
    shl (M1, 8) V53(0,0)<1> V53(0,0)<1;1,0> 0x2:ud
    lsc_load.slm (M1, 8)  V61:d32  flat[V53]:a32
    mul (M1_NM, 1) V54(0,0)<1> V33(0,1)<0;1,0> 0x40:ud
    add (M1, 8) V41(0,0)<1> V60(0,0)<1;1,0> V54(0,0)<0;1,0>
    movs (M1_NM, 1) T6(0) 0x2:ud
    scatter4_scaled.R (M1, 8) T6 0x0:ud V41.0 V61.0
    ret (M1, 1)
)";

TEST(KernelLaunch, BarrierAndSharedLocalMemory) {
  scene::Scene sc = launch_scene(32, 16);
  edit_scene_state(sc).launch->slm_size = 64;
  edit_scene_state(sc).launch->buffers[2] = ud(std::vector<uint32_t>(32, 0xffffffffu));
  const KRun r = run(kBarrierBody, sc);
  ASSERT_TRUE(r.result) << r.diags;
  for (uint32_t g = 0; g < 2; ++g) {
    for (uint32_t lid = 0; lid < 16; ++lid)
      EXPECT_EQ(r.u("buffer2", 16 * g + lid), 3 * ((lid + 8) % 16)) << g << " " << lid;
  }
}

// Atomics: every lane of two SIMD8 threads increments one SLM counter (the old values come
// back in thread and lane order), SVM_ATOMIC adds each local id to a stateless buffer word and
// keeps the signed minimum in the next one.
constexpr const char* kAtomicBody = R"(.input V50 offset=32 size=32
.decl V60 v_type=G type=ud num_elts=8 align=GRF
.decl V61 v_type=G type=ud num_elts=8 align=GRF
.decl V62 v_type=G type=uq num_elts=8 align=GRF
.kernel_attr SimdSize=8
    mov (M1, 8) V52(0,0)<1> V50(0,0)<1;1,0>
    mov (M1, 8) V60(0,0)<1> 0x0:ud
    dword_atomic.inc (M1, 8) %slm V60.0 %null.0 %null.0 V61.0
    shl (M1, 8) V60(0,0)<1> V52(0,0)<1;1,0> 0x2:ud
    movs (M1_NM, 1) T6(0) 0x2:ud
    scatter4_scaled.R (M1, 8) T6 0x0:ud V60.0 V61.0
    mov (M1, 8) V62(0,0)<1> 0x10000:uq
    svm_atomic.add (M1, 8) V62.0 %null.0 V52.0 %null.0
    mov (M1, 8) V62(0,0)<1> 0x10004:uq
    add (M1, 8) V61(0,0)<1> V52(0,0)<1;1,0> 0xfffffffa:d
    svm_atomic.minsint (M1, 8) V62.0 V53.0 V61.0 %null.0
    ret (M1, 1)
)";

TEST(KernelLaunch, AtomicsOnSlmAndStatelessMemory) {
  scene::Scene sc = launch_scene(16, 16);
  auto& l = *edit_scene_state(sc).launch;
  l.slm_size = 4;
  l.buffers[2] = ud(std::vector<uint32_t>(16, 0xffffffffu));
  l.buffers[3] = ud({100, 0});
  l.addresses[3] = 0x10000;
  const KRun r = run(kAtomicBody, sc);
  ASSERT_TRUE(r.result) << r.diags;
  for (uint32_t lid = 0; lid < 16; ++lid) EXPECT_EQ(r.u("buffer2", lid), lid) << lid;
  EXPECT_EQ(r.u("buffer3", 0), 100u + 120u);                // 100 + (0 + 1 + ... + 15)
  EXPECT_EQ(r.u("buffer3", 1), static_cast<uint32_t>(-6));  // min(0, lid - 6)
  scene::Scene bad = sc;
  edit_scene_state(bad).launch->slm_size.reset();
  const KRun no_slm = run(kAtomicBody, bad);
  EXPECT_TRUE(test::has_rule(no_slm.sink, "VISA-RUN-SURFACE")) << no_slm.diags;
}

}  // namespace
}  // namespace texsim::isa::visa

namespace texsim::isa::visa {
namespace {

// Predicates as IGC writes them for OpenCL C's && / || / ! (found by the PoCL differential):
// SETP, AND/XOR/NOT on predicates, MOV from a predicate, the logic ops' (~) source and CBIT.
TEST(KernelExec, PredicateLogicSetpCbitAndLogicalNot) {
  const KRun r =
      run(".decl P2 v_type=P num_elts=32\n"
          ".decl P3 v_type=P num_elts=32\n"
          "    setp (M1_NM, 16) P1 0xff:uw\n"                          // lanes 0..7
          "    cmp.lt (M1, 16) P2 V40(0,0)<1;1,0> 0x4:ud\n"            // lanes 0..3
          "    and (M1, 16) P3 P1 P2\n"                                // lanes 0..3
          "    xor (M1, 16) P2 P1 P2\n"                                // lanes 4..7
          "    not (M1, 16) P1 P1\n"                                   // lanes 8..15
          "    mov (M1_NM, 1) V54(0,0)<1> P3\n"                        // 0xf
          "    mov (M1_NM, 1) V43(1,0)<1> P2\n"                        // 0xf0
          "    mov (M1_NM, 1) V43(1,1)<1> P1\n"                        // 0xff00
          "    cbit (M1, 16) V41(0,0)<1> V40(0,0)<1;1,0>\n"            // popcount(i)
          "    cbit (M1_NM, 1) V43(1,2)<1> 0xffffffff:d\n"             // 32, not 64
          "    and (M1, 16) V42(0,0)<1> (~)V40(0,0)<1;1,0> 0xff:ud\n"  // ~i & 0xff
          "    ret (M1, 1)\n",
          with_v40(iota(32), 0xffff));
  ASSERT_TRUE(r.result) << r.diags;
  EXPECT_EQ(r.u("V54", 0), 0xfu);
  EXPECT_EQ(r.u("V43", 8), 0xf0u);
  EXPECT_EQ(r.u("V43", 9), 0xff00u);
  EXPECT_EQ(r.u("V43", 10), 32u);
  for (uint32_t i = 0; i < 16; ++i) {
    EXPECT_EQ(r.u("V41", i), static_cast<uint32_t>(std::popcount(i))) << i;
    EXPECT_EQ(r.u("V42", i), ~i & 0xffu) << i;
  }
  // A predicate AND with a general source is an operand error at its line.
  const KRun bad = run("    and (M1, 16) P1 P1 V40(0,0)<1;1,0>\n", with_v40(iota(32)));
  EXPECT_TRUE(test::has_rule(bad.sink, "VISA-RUN-OPERAND")) << bad.diags;
}

// LSC atomics (PVC's stateless OpenCL atomics): lanes l and l + 4 add l + 1 to word l & 3 in
// lane order, each receiving the old value; fcas is refused naming it (icas runs: K26).
TEST(KernelLaunch, LscAtomicsAddInLaneOrderAndReturnTheOldValue) {
  const std::string body = R"(.input V50 offset=32 size=32
.decl V60 v_type=G type=uq num_elts=8 align=GRF
.decl V61 v_type=G type=ud num_elts=8 align=GRF
.decl V62 v_type=G type=ud num_elts=8 align=GRF
.decl V64 v_type=G type=uq num_elts=8 align=GRF
.kernel_attr SimdSize=8
    mov (M1, 8) V52(0,0)<1> V50(0,0)<1;1,0>
    and (M1, 8) V53(0,0)<1> V52(0,0)<1;1,0> 0x3:ud
    shl (M1, 8) V60(0,0)<1> V53(0,0)<1;1,0> 0x2:uq
    add (M1, 8) V60(0,0)<1> V60(0,0)<1;1,0> 0x10000:uq
    add (M1, 8) V61(0,0)<1> V52(0,0)<1;1,0> 0x1:ud
    lsc_atomic_iadd.ugm (M1, 8)  V62:d32  flat[V60]:a64  V61  %null
    shl (M1, 8) V64(0,0)<1> V52(0,0)<1;1,0> 0x2:uq
    add (M1, 8) V64(0,0)<1> V64(0,0)<1;1,0> 0x10040:uq
    lsc_store.ugm (M1, 8)  flat[V64]:a64  V62:d32
    ret (M1, 1)
)";
  scene::Scene sc;
  KernelLaunch l;
  l.global_size = {8, 1, 1};
  l.local_size = {8, 1, 1};
  std::vector<uint32_t> words(32, 0);
  for (uint32_t j = 0; j < 4; ++j) words[j] = 100 * (j + 1);
  l.buffers[3] = ud(words);
  l.addresses[3] = 0x10000;
  edit_scene_state(sc).launch = l;
  const KRun r = run(body, sc);
  ASSERT_TRUE(r.result) << r.diags;
  for (uint32_t j = 0; j < 4; ++j) {
    EXPECT_EQ(r.u("buffer3", j), 100 * (j + 1) + (j + 1) + (j + 5)) << j;
    EXPECT_EQ(r.u("buffer3", 16 + j), 100 * (j + 1)) << j;            // lane j: the original
    EXPECT_EQ(r.u("buffer3", 20 + j), 100 * (j + 1) + (j + 1)) << j;  // lane j + 4: after j
  }
  std::string fcas = body;
  fcas.replace(fcas.find("lsc_atomic_iadd"), 15, "lsc_atomic_fcas");
  const KRun refused = run(fcas, sc);
  EXPECT_FALSE(refused.result);
  EXPECT_NE(refused.diags.find("lsc_atomic_fcas"), std::string::npos) << refused.diags;
}

}  // namespace
}  // namespace texsim::isa::visa
