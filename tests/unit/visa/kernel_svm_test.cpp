// Block and scattered buffer messages of whole kernels (kernel_svm.cpp, kernel_memory.cpp's
// run_oword, kernel_ops.cpp's madw; decision K25): SVM_BLOCK_LD/ST at a UQ address, SVM_GATHER
// and SVM_SCATTER layouts for 4- and 1-byte blocks, OWORD_LD (owords), OWORD_LD_UNALIGNED
// (bytes) and OWORD_ST on a bound buffer with out-of-bounds zeros, and MADW's two halves.
#include <gtest/gtest.h>

#include <cstring>

#include "isa/visa/exec.hpp"
#include "isa/visa/kernel_exec.hpp"
#include "isa/visa/scene_section.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kHead = R"(.version 4.2
.kernel "k"
.decl V40 v_type=G type=uq num_elts=8 align=GRF
.decl V41 v_type=G type=ud num_elts=16 align=GRF
.decl V42 v_type=G type=ud num_elts=16 align=GRF
.decl V43 v_type=G type=ub num_elts=32 align=GRF
.decl V44 v_type=G type=d num_elts=16 align=GRF
.decl V45 v_type=G type=ud num_elts=1 align=dword
.decl V50 v_type=G type=uw num_elts=8 align=GRF
.decl T6 v_type=T num_elts=1
.kernel_attr SimdSize=8
.input V50 offset=32 size=16
)";

// Buffer 1 (address 0x1000): 64 words w[i] = 0x100 + i. Buffer 2 (address 0x2000): 64 zero words.
scene::Scene launch_scene() {
  scene::Scene sc;
  KernelLaunch l;
  l.global_size = {8, 1, 1};
  l.local_size = {8, 1, 1};
  VisaRegister in, out;
  for (uint32_t i = 0; i < 64; ++i) {
    for (unsigned b = 0; b < 4; ++b) {
      in.bytes.push_back(static_cast<uint8_t>((0x100 + i) >> (8 * b)));
      out.bytes.push_back(0);
    }
  }
  l.buffers = {{1, in}, {2, out}};
  l.addresses = {{1, 0x1000}, {2, 0x2000}};
  edit_scene_state(sc).launch = l;
  return sc;
}

struct Words {
  std::vector<uint32_t> w;
  explicit Words(const scene::RegisterValue& r) : w(r.bytes.size() / 4) {
    std::memcpy(w.data(), r.bytes.data(), r.bytes.size());
  }
};

Words run_out(const std::string& body) {
  const scene::Scene sc = launch_scene();
  auto p = test::parse(std::string(kHead) + body + "    ret (M1, 1)\n");
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  core::DiagSink sink;
  const auto r = execute_program(*p.prog, sc, ExecConfig{}, sink);
  EXPECT_TRUE(r) << test::all_diags(sink);
  scene::RegisterValue none;
  none.bytes.assign(256, 0);  // a failed run reads as zeros (the expectations then fail)
  if (!r) return Words(none);
  for (const auto& reg : r->registers) {
    if (reg.name == "buffer2") return Words(reg);
  }
  ADD_FAILURE() << "no buffer2";
  return Words(none);
}

TEST(KernelSvm, BlockLoadAndStoreMoveOwordsAtOneAddress) {
  // 2 owords (8 words) from 0x1000 + 12 (dword aligned) to 0x2000 + 16.
  const Words o = run_out(R"(    mov (M1_NM, 1) V40(0,0)<1> 0x100c:uq
    svm_block_ld (2) V40(0,0)<0;1,0> V41.0
    mov (M1_NM, 1) V40(0,0)<1> 0x2010:uq
    svm_block_st (2) V40(0,0)<0;1,0> V41.0
)");
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(o.w[4 + i], 0x103u + i) << i;
  EXPECT_EQ(o.w[3], 0u);
  EXPECT_EQ(o.w[12], 0u);
}

TEST(KernelSvm, GatherAndScatterPutBlockJOfLaneIAtJTimesExecSizePlusI) {
  // Lane i reads 2 blocks of 4 bytes at 0x1000 + 8 i (words 2i, 2i + 1) and writes them to
  // 0x2000 + 4 i and 0x2000 + 4 i + 4 ... as a scatter of the same layout at 0x2000 + 8 i.
  const Words o = run_out(R"(    mov (M1, 8) V40(0,0)<1> V50(0,0)<1;1,0>
    shl (M1, 8) V40(0,0)<1> V40(0,0)<1;1,0> 0x3:uq
    add (M1, 8) V40(0,0)<1> V40(0,0)<1;1,0> 0x1000:uq
    svm_gather.4.2 (M1, 8) V40.0 V41.0
    add (M1, 8) V40(0,0)<1> V40(0,0)<1;1,0> 0x1000:uq
    svm_scatter.4.2 (M1, 8) V40.0 V41.0
)");
  for (uint32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(o.w[2 * i], 0x100u + 2 * i) << i;
    EXPECT_EQ(o.w[2 * i + 1], 0x101u + 2 * i) << i;
  }
  // 1-byte blocks: lane i's 2 bytes at i * 4 + j of the data (SVM_GATHER.md's min block 4).
  const Words b = run_out(R"(    mov (M1, 8) V40(0,0)<1> V50(0,0)<1;1,0>
    shl (M1, 8) V40(0,0)<1> V40(0,0)<1;1,0> 0x2:uq
    add (M1, 8) V40(0,0)<1> V40(0,0)<1;1,0> 0x1000:uq
    svm_gather.1.2 (M1, 8) V40.0 V43.0
    add (M1, 8) V40(0,0)<1> V40(0,0)<1;1,0> 0x1000:uq
    svm_scatter.1.2 (M1, 8) V40.0 V43.0
)");
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(b.w[i], (0x100u + i) & 0xffffu) << i;
}

TEST(KernelSvm, Gather4ScaledReadsEnabledChannelsAtOffsetPlusElementOffset) {
  // Channels R and B of lane i at 0x1000 + 16 i (words 4i and 4i + 2), each channel one GRF
  // block of 8 dwords; scattered back to 0x2000 + 16 i.
  const Words o = run_out(R"(    mov (M1, 8) V40(0,0)<1> V50(0,0)<1;1,0>
    shl (M1, 8) V40(0,0)<1> V40(0,0)<1;1,0> 0x4:uq
    svm_gather4scaled.RB (M1, 8) 0x1000:uq V40.0 V42.0
    svm_scatter4scaled.RB (M1, 8) 0x2000:uq V40.0 V42.0
)");
  for (uint32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(o.w[4 * i], 0x100u + 4 * i) << i;
    EXPECT_EQ(o.w[4 * i + 1], 0u) << i;  // G not enabled
    EXPECT_EQ(o.w[4 * i + 2], 0x102u + 4 * i) << i;
  }
}

TEST(KernelSvm, OwordMessagesOnTheBoundBuffer) {
  // oword_ld (1) at oword 1 = words 4..7; oword_ld_unaligned (1) at byte 4 = words 1..4; both
  // stored with oword_st at owords 0 and 2 of buffer 2; a read past the end gives zeros.
  const Words o = run_out(R"(    movs (M1_NM, 1) T6(0) 0x1:ud
    mov (M1_NM, 1) V45(0,0)<1> 0x1:ud
    oword_ld (1) T6 V45(0,0)<0;1,0> V41.0
    mov (M1_NM, 1) V45(0,0)<1> 0x4:ud
    oword_ld_unaligned (1) T6 V45(0,0)<0;1,0> V42.0
    mov (M1_NM, 1) V45(0,0)<1> 0xffff:ud
    oword_ld (1) T6 V45(0,0)<0;1,0> V44.0
    movs (M1_NM, 1) T6(0) 0x2:ud
    mov (M1_NM, 1) V45(0,0)<1> 0x0:ud
    oword_st (1) T6 V45(0,0)<0;1,0> V41.0
    mov (M1_NM, 1) V45(0,0)<1> 0x2:ud
    oword_st (1) T6 V45(0,0)<0;1,0> V42.0
    mov (M1_NM, 1) V45(0,0)<1> 0x1:ud
    oword_st (1) T6 V45(0,0)<0;1,0> V44.0
)");
  for (uint32_t i = 0; i < 4; ++i) {
    EXPECT_EQ(o.w[i], 0x104u + i) << i;
    EXPECT_EQ(o.w[4 + i], 0u) << i;
    EXPECT_EQ(o.w[8 + i], 0x101u + i) << i;
  }
}

TEST(KernelSvm, MadwWritesLowThenHighHalves) {
  // Lane i: (0x80000000 + i) * 4 + 1, unsigned: 0x2_0000_0000 + 4 i + 1; signed (D): the same
  // bits as -2^31 + i times 4 plus 1 = -0x2_0000_0000 + 4 i + 1.
  const Words o = run_out(R"(    mov (M1, 8) V41(0,0)<1> V50(0,0)<1;1,0>
    add (M1, 8) V41(0,0)<1> V41(0,0)<1;1,0> 0x80000000:ud
    madw (M1, 8) V42(0,0)<1> V41(0,0)<1;1,0> 0x4:ud 0x1:ud
    madw (M1, 8) V44(0,0)<1> V41(0,0)<1;1,0> 0x4:d 0x1:d
    movs (M1_NM, 1) T6(0) 0x2:ud
    mov (M1_NM, 1) V45(0,0)<1> 0x0:ud
    oword_st (4) T6 V45(0,0)<0;1,0> V42.0
    mov (M1_NM, 1) V45(0,0)<1> 0x4:ud
    oword_st (4) T6 V45(0,0)<0;1,0> V44.0
)");
  for (uint32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(o.w[i], 4 * i + 1) << i;       // unsigned low
    EXPECT_EQ(o.w[8 + i], 2u) << i;          // unsigned high (GRF 2)
    EXPECT_EQ(o.w[16 + i], 4 * i + 1) << i;  // signed low
    EXPECT_EQ(o.w[24 + i], 0xfffffffeu) << i;
  }
}

}  // namespace
}  // namespace texsim::isa::visa
