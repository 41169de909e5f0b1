// Private memory in a kernel launch (issue 28, decisions KP1-KP4): scratch space by %r0.5 through
// %scratch scaled messages and LSC ss()[]:a32, stateless private memory by %sr0's slot; no two
// threads or lanes share it, and an access outside a thread's part is an error at its line.
#include <gtest/gtest.h>

#include <cstring>

#include "isa/visa/exec.hpp"
#include "isa/visa/kernel_exec.hpp"
#include "isa/visa/scene_section.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

// SIMD8; V50 the local ids X; V65 the global id (work-group size 16), V66 its lane (lid & 7).
constexpr const char* kHead = R"(.version 4.2
.kernel "k"
.decl V50 v_type=G type=uw num_elts=8 align=GRF
.decl V60 v_type=G type=ud num_elts=8 align=GRF
.decl V61 v_type=G type=ud num_elts=8 align=GRF
.decl V62 v_type=G type=ud num_elts=8 align=GRF
.decl V63 v_type=G type=ud num_elts=1 align=dword
.decl V64 v_type=G type=uq num_elts=8 align=GRF
.decl V65 v_type=G type=ud num_elts=8 align=GRF
.decl V66 v_type=G type=ud num_elts=8 align=GRF
.decl V67 v_type=G type=ud num_elts=1 align=dword
.decl V68 v_type=G type=ud num_elts=1 align=dword
.kernel_attr SimdSize=8
.input V50 offset=32 size=16
.function "_main_0"
_main_0:
    mov (M1, 8) V65(0,0)<1> V50(0,0)<1;1,0>
    and (M1, 8) V66(0,0)<1> V65(0,0)<1;1,0> 0x7:ud
    mul (M1_NM, 1) V67(0,0)<1> %r0(0,1)<0;1,0> 0x10:ud
    add (M1, 8) V65(0,0)<1> V65(0,0)<1;1,0> V67(0,0)<0;1,0>
    mul (M1, 8) V61(0,0)<1> V65(0,0)<1;1,0> 0x7:ud
    add (M1, 8) V61(0,0)<1> V61(0,0)<1;1,0> 0x1:ud
)";

// Each work-item's value (7 gid + 1) read back from private memory to out[gid] (V62).
constexpr const char* kTail = R"(    shl (M1, 8) V64(0,0)<1> V65(0,0)<1;1,0> 0x2:uq
    add (M1, 8) V64(0,0)<1> V64(0,0)<1;1,0> 0x2000:uq
    lsc_store.ugm (M1, 8) flat[V64]:a64 V62:d32
    ret (M1, 1)
)";

// 32 work-items in work-groups of 16: two groups of two SIMD8 threads; out (BTI 2) at 0x2000.
scene::Scene launch_scene(uint32_t scratch, uint32_t priv) {
  scene::Scene sc;
  KernelLaunch l;
  l.global_size = {32, 1, 1};
  l.local_size = {16, 1, 1};
  VisaRegister out;
  out.bytes.assign(size_t{4} * 32, 0);
  l.buffers = {{2, out}};
  l.addresses = {{2, 0x2000}};
  l.scratch_per_thread = scratch;
  l.private_per_item = priv;
  l.private_address = 0x40000000;
  edit_scene_state(sc).launch = l;
  return sc;
}

struct PRun {
  std::optional<RunResult> result;
  std::string diags;
  std::vector<uint32_t> out() const {
    for (const auto& reg : result->registers) {
      if (reg.name != "buffer2") continue;
      std::vector<uint32_t> w(reg.bytes.size() / 4);
      std::memcpy(w.data(), reg.bytes.data(), w.size() * 4);
      return w;
    }
    ADD_FAILURE() << "no buffer2";
    return {};
  }
};

PRun run(const std::string& body, const scene::Scene& sc) {
  auto p = test::parse(std::string(kHead) + body + kTail);
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  core::DiagSink sink;
  PRun r;
  r.result = execute_program(*p.prog, sc, ExecConfig{}, sink);
  r.diags = test::all_diags(sink);
  return r;
}

// Every work-item reads back its own value: a thread whose private memory another thread of the
// work-group shares (both write before the barrier, then read) would read the other's.
void expect_own_values(const PRun& r) {
  ASSERT_TRUE(r.result) << r.diags;
  const auto o = r.out();
  ASSERT_EQ(o.size(), 32u);
  for (uint32_t g = 0; g < 32; ++g) EXPECT_EQ(o[g], 7 * g + 1) << "work-item " << g;
}

// IGC's SKL/TGLLP form: the thread's base %r0.5 & 0xfffffc00, plus 4 x lane, and element 3 of
// the array 3 x 32 bytes (SIMD8 dwords) further: %scratch GATHER4/SCATTER4_SCALED.
constexpr const char* kScratch = R"(    and (M1_NM, 1) V63(0,0)<1> %r0(0,5)<0;1,0> 0xfffffc00:ud
    shl (M1, 8) V60(0,0)<1> V66(0,0)<1;1,0> 0x2:ud
    add (M1, 8) V60(0,0)<1> V60(0,0)<1;1,0> V63(0,0)<0;1,0>
    add (M1, 8) V60(0,0)<1> V60(0,0)<1;1,0> OFFSET:ud
    scatter4_scaled.R (M1, 8) %scratch 0x0:ud V60.0 V61.0
    barrier
    gather4_scaled.R (M1, 8) %scratch 0x0:ud V60.0 V62.0
)";

std::string with_offset(std::string text, const std::string& offset) {
  text.replace(text.find("OFFSET"), 6, offset);
  return text;
}

TEST(KernelPrivate, ScratchSpaceIsPerThreadAndPerLane) {
  expect_own_values(run(with_offset(kScratch, "0x60"), launch_scene(1024, 0)));
}

TEST(KernelPrivate, ScratchOutsideTheThreadsSpaceIsAnErrorAtItsLine) {
  // 0x400 past the base is the next thread's space: line 27 (the scatter), not a silent write.
  const PRun r = run(with_offset(kScratch, "0x400"), launch_scene(1024, 0));
  EXPECT_FALSE(r.result);
  EXPECT_NE(r.diags.find(":27:"), std::string::npos) << r.diags;
  EXPECT_NE(r.diags.find("outside the thread's scratch space [0x0, 0x400)"), std::string::npos)
      << r.diags;
  // Without scratch space in the launch (no MEDIA_VFE_STATE), %scratch is refused.
  const PRun none = run(with_offset(kScratch, "0x0"), launch_scene(0, 0));
  EXPECT_FALSE(none.result);
  EXPECT_NE(none.diags.find("%scratch needs the kernel's scratch space"), std::string::npos)
      << none.diags;
}

// IGC's PVC form: ss(%r0.5 >> 4)[4 x lane + off]:a32, the offset relative to the thread's space.
constexpr const char* kSurfaceState = R"(    shr (M1_NM, 1) V63(0,0)<1> %r0(0,5)<0;1,0> 0x4:ud
    shl (M1, 8) V60(0,0)<1> V66(0,0)<1;1,0> 0x2:ud
    add (M1, 8) V60(0,0)<1> V60(0,0)<1;1,0> OFFSET:ud
    lsc_store.ugm.wb.wb (M1, 8) ss(V63)[V60]:a32 V61:d32
    barrier
    lsc_load.ugm.ca.ca (M1, 8) V62:d32 ss(V63)[V60]:a32
)";

TEST(KernelPrivate, LscSurfaceStateScratchIsPerThreadAndPerLane) {
  expect_own_values(run(with_offset(kSurfaceState, "0x3e0"), launch_scene(1024, 0)));
}

TEST(KernelPrivate, LscScratchPastTheThreadsSpaceOrOnAnotherSurfaceIsAnError) {
  const PRun past = run(with_offset(kSurfaceState, "0x3e4"), launch_scene(1024, 0));
  EXPECT_FALSE(past.result);
  EXPECT_NE(past.diags.find(":26:"), std::string::npos) << past.diags;
  EXPECT_NE(past.diags.find("lies past the thread's scratch space (1024 bytes)"), std::string::npos)
      << past.diags;
  std::string other = with_offset(kSurfaceState, "0x0");
  other.replace(other.find("0x4:ud"), 6, "0x3:ud");  // not %r0.5 >> 4 (for threads but the first)
  const PRun wrong = run(other, launch_scene(1024, 0));
  EXPECT_FALSE(wrong.result);
  EXPECT_NE(wrong.diags.find("not the thread's scratch surface state 0x40"), std::string::npos)
      << wrong.diags;
}

// IGC's DG2 form: the hardware thread id from %sr0 (bits 3 and 6 squeezed out, as the dump
// does), the address privateBase + id x (SIMD x 8) + 8 x lane: stateless private memory.
constexpr const char* kStateless = R"(    and (M1_NM, 1) V67(0,0)<1> %sr0(0,0)<0;1,0> 0x3fff:ud
    and (M1_NM, 1) V68(0,0)<1> V67(0,0)<0;1,0> 0x3f:ud
    shr (M1_NM, 1) V67(0,0)<1> V67(0,0)<0;1,0> 0x1:ud
    and (M1_NM, 1) V67(0,0)<1> V67(0,0)<0;1,0> 0xffffffc0:ud
    or (M1_NM, 1) V67(0,0)<1> V67(0,0)<0;1,0> V68(0,0)<0;1,0>
    and (M1_NM, 1) V68(0,0)<1> V67(0,0)<0;1,0> 0x7:ud
    shr (M1_NM, 1) V67(0,0)<1> V67(0,0)<0;1,0> 0x1:ud
    and (M1_NM, 1) V67(0,0)<1> V67(0,0)<0;1,0> 0xfffffff8:ud
    or (M1_NM, 1) V67(0,0)<1> V67(0,0)<0;1,0> V68(0,0)<0;1,0>
    mul (M1_NM, 1) V67(0,0)<1> V67(0,0)<0;1,0> 0x40:ud
    shl (M1, 8) V64(0,0)<1> V66(0,0)<1;1,0> 0x3:uq
    add (M1, 8) V64(0,0)<1> V64(0,0)<1;1,0> V67(0,0)<0;1,0>
    add (M1, 8) V64(0,0)<1> V64(0,0)<1;1,0> 0x40000004:uq
    lsc_store.ugm (M1, 8) flat[V64]:a64 V61:d32
    barrier
    lsc_load.ugm (M1, 8) V62:d32 flat[V64]:a64
)";

TEST(KernelPrivate, StatelessPrivateMemoryIsPerThreadAndPerLane) {
  expect_own_values(run(kStateless, launch_scene(0, 8)));
  // 4 threads x 8 lanes x 8 bytes: the last thread's last lane ends at 0x40000100; past it, no
  // launch memory (an error naming the load's line, never a read of something else).
  std::string past = kStateless;
  past.replace(past.find("0x40000004:uq"), 13, "0x40000104:uq");
  const PRun r = run(past, launch_scene(0, 8));
  EXPECT_FALSE(r.result);
  EXPECT_NE(r.diags.find("lies in no launch buffer"), std::string::npos) << r.diags;
}

}  // namespace
}  // namespace texsim::isa::visa
