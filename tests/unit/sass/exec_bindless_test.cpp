// Execution of the bindless forms TEX.B, TLD.B, TLD4.B, TXD.B, TXQ.B and TMML.B (decisions T38,
// T58): each runs as its bound form with the handle from a register and its vector shifted by one.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "isa/sass/exec.hpp"
#include "isa/sass/lower.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/syntax.hpp"

#include "exec_run.hpp"

namespace texsim::isa::sass {
namespace {

using testing::fb;
using testing::Fixture;
using testing::floats;
using testing::point;
using testing::rgba;
using testing::tagged;
using texunit::Format;
using texunit::SurfaceType;
using texunit::Texel;
using M = std::map<std::string, uint32_t>;
using V = std::vector<std::string>;

constexpr uint8_t kH = 200;  // the .B twin's handle register; its vector follows at R201...

// Headers 1-5 (2D with mips, 2D array, cube, 3D, 1D), 6 a depth texture with a compare sampler,
// bank word 9 an invalid header (40 > max_index 31), word 10 sampler 14 (no entry: state missing
// is avoided by giving it one), word 11 sampler 20 (> max_index 15: undefined).
Fixture cases_scene() {
  Fixture f;
  f.sampler(0, point());
  texunit::SamplerState cmp = point();
  cmp.compare = texunit::CompareFunc::kLessEqual;
  f.sampler(1, cmp);
  texunit::SamplerState tri = point();
  tri.mip_filter = texunit::MipFilter::kLinear;
  f.sampler(14, tri);
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.add(2, tagged(SurfaceType::k2DArray, 8, 8, 3, 2));
  f.add(3, tagged(SurfaceType::kCube, 4, 4, 1, 1));
  f.add(4, tagged(SurfaceType::k3D, 4, 4, 4, 1));
  f.add(5, tagged(SurfaceType::k1D, 8, 1, 1, 1));
  f.add(6,
        floats(Format::kR32_FLOAT, 2, 2,
               {Texel::from_float(0.25f, 0, 0, 0), Texel::from_float(0.5f, 0, 0, 0),
                Texel::from_float(0.75f, 0, 0, 0), Texel::from_float(1.0f, 0, 0, 0)}),
        1);
  f.handle(9, 40);
  f.handle(10, (14u << 20) | 1);
  f.handle(11, (20u << 20) | 1);
  // Ra at R4 or R20 (array / coordinates), Rb at R8 (lod, offsets, reference, gradients).
  f.reg(4, 1);  // the layer of the array forms, s of TLD
  f.regf(5, 3.5f / 8);
  f.regf(6, 6.5f / 8);
  f.regf(7, 0.5f);
  f.regf(8, 1.0f);
  f.reg(9, 0x1f);
  f.regf(10, 0.5f);
  f.regf(11, 0.0f);
  f.reg(12, 2);  // TXQ level, TLD coordinates
  f.reg(13, 3);
  f.regf(20, 0.5f);  // the centre of the 2x2 depth texture
  f.regf(21, 0.5f);
  return f;
}

// Bound forms; the property below runs each against its .B twin.
constexpr const char* kCases[] = {
    "TEX.LZ R0, R5, 0x1, 2D, 0xf ;",
    "TEX R0, R5, 0x1, 2D, 0xf ;",
    "TEX.LL R0, R5, R8, 0x1, 2D, 0xf ;",
    "TEX.LB R0, R5, R8, 0x1, 2D, 0xf ;",
    "TEX.LL.AOFFI R0, R5, R8, 0x1, 2D, 0xf ;",
    "TEX.LZ.AOFFI R0, R5, R9, 0x1, 2D, 0xb ;",
    "TEX.LL R0, R4, R8, 0x2, ARRAY_2D, 0xf ;",
    "TEX.LZ R0, R5, 0x3, CUBE, 0xf ;",
    "TEX.LZ R0, R5, 0x4, 3D, 0xf ;",
    "TEX.LZ R0, R5, 0x5, 1D, 0x3 ;",
    "TEX.LZ.DC R0, R20, R10, 0x6, 2D, 0x1 ;",
    "TEX.LZ.AOFFI.DC R0, R20, R9, 0x6, 2D, 0x1 ;",
    "TEX.LL R0, R5, R8, 0xa, 2D, 0xf ;",
    "TEX.LZ R0, R5, 0x9, 2D, 0xf ;",
    "TEX.LZ R0, R5, 0xb, 2D, 0xf ;",
    "TEX.LZ R0, R5, 0x6, 2D, 0x1 ;",
    "TEX.LZ R0, R5, 0x1, 3D, 0xf ;",
    "TLD.LZ R0, R12, 0x1, 2D, 0xf ;",
    "TLD.LL R0, R12, R4, 0x1, 2D, 0xf ;",
    "TLD.LL.AOFFI R0, R12, R4, 0x1, 2D, 0xf ;",
    "TLD.LZ R0, R4, 0x2, ARRAY_2D, 0xf ;",
    "TLD.LL R0, R12, R12, 0x1, 2D, 0xf ;",
    "TLD.LZ R0, R12, 0x9, 2D, 0xf ;",
    "TLD.LZ.CL R0, R12, 0x1, 2D, 0xf ;",
    "TLD4.R R0, R5, 0x1, 2D, 0xf ;",
    "TLD4.R.AOFFI R0, R5, R9, 0x1, 2D, 0xf ;",
    "TLD4.R.PTP R0, R5, R9, 0x1, 2D, 0xf ;",
    "TLD4.R.DC R0, R20, R10, 0x6, 2D, 0xf ;",
    "TLD4.R.AOFFI.DC R0, R20, R9, 0x6, 2D, 0xf ;",
    "TLD4.B R0, R4, 0x2, ARRAY_2D, 0xf ;",
    "TLD4.R R0, R5, 0x9, 2D, 0xf ;",
    "TXD R0, R5, R10, 0x1, 2D, 0xf ;",
    "TXD R0, R5, R8, 0x1, 2D, 0xf ;",
    "TXD.AOFFI R0, R5, R10, 0x1, 2D, 0xf ;",
    "TXD.LC R0, R5, R10, 0x1, 2D, 0xf ;",
    "TXD R0, R5, R10, 0x9, 2D, 0xf ;",
    "TXD R0, R5, R10, 0x1, 3D, 0xf ;",
    "TXQ R0, R12, TEX_HEADER_DIMENSION, 0x1, 0xf ;",
    "TXQ R0, R11, TEX_HEADER_DIMENSION, 0x2, 0xf ;",
    "TXQ R0, R11, TEX_HEADER_TEXTURE_TYPE, 0x1, 0x4 ;",
    "TXQ R0, R11, TEX_HEADER_DIMENSION, 0x9, 0xf ;",
    "TMML.LOD R0, R5, 0xa, 2D, 0x3 ;",
    "TMML.LOD R0, R4, 0xa, ARRAY_2D, 0x3 ;",
    "TMML.LOD R0, R5, 0x9, 2D, 0x3 ;",
    "TMML.LOD R0, R5, 0xb, 2D, 0x3 ;",
};

Opcode bindless_op(Opcode op) {
  switch (op) {
    case Opcode::kTex:
      return Opcode::kTexB;
    case Opcode::kTld:
      return Opcode::kTldB;
    case Opcode::kTld4:
      return Opcode::kTld4B;
    case Opcode::kTxd:
      return Opcode::kTxdB;
    case Opcode::kTxq:
      return Opcode::kTxqB;
    default:
      return Opcode::kTmmlB;
  }
}

// The .B twin of a bound instruction: the handle (the bank word tsPtrIdx names) in R200, the
// vector that follows the handle (Rb for TEX/TLD/TLD4, Ra for TXD/TXQ) copied to R201...
Instruction twin(const Instruction& bound, Fixture& f) {
  Instruction b = bound;
  b.op = bindless_op(bound.op);
  b.ts_idx = 0;
  const auto& bank = edit_scene_state(f.sc).const_banks[1];
  uint32_t handle = 0;
  for (unsigned i = 0; i < 4; ++i) handle |= uint32_t{bank.at(4 * bound.ts_idx + i)} << (8 * i);
  f.reg(kH, handle);
  const bool in_ra = b.op == Opcode::kTxdB || b.op == Opcode::kTxqB;
  uint8_t& vec = in_ra ? b.ra : b.rb;
  const auto& r = edit_scene_state(f.sc).registers.r;
  for (unsigned k = 0; k < 8; ++k) {
    const auto it = r.find(vec + k);
    f.reg(kH + 1 + k, vec == kRZ || it == r.end() ? 0u : it->second);
  }
  if (b.op != Opcode::kTmmlB) vec = kH;  // TMML.B: Ra stays, the handle is Rb
  if (b.op == Opcode::kTmmlB) b.rb = kH;
  EXPECT_TRUE(handle_register(b) == kH);
  return b;
}

// Property: every .B twin writes what its bound form writes (values, definedness, warnings).
TEST(SassExecBindless, EveryBindlessFormMatchesItsBoundForm) {
  Fixture f = cases_scene();
  unsigned nonzero = 0;
  for (const char* text : kCases) {
    core::DiagSink sink;
    const auto prog = parse_program(text, "e.sass", sink);
    ASSERT_EQ(prog.size(), 1u) << text;
    const testing::Outcome bound = testing::run_parsed(prog, f.sc);
    ASSERT_TRUE(bound.ok) << text;
    const Instruction b = twin(prog[0], f);
    const testing::Outcome bindless = testing::run_parsed({b}, f.sc);
    EXPECT_TRUE(bindless.ok) << print_instruction(b);
    EXPECT_EQ(bindless.regs, bound.regs) << text << " vs " << print_instruction(b);
    EXPECT_EQ(bindless.defined, bound.defined) << text;
    EXPECT_EQ(bindless.rules(), bound.rules()) << text;
    for (const auto& [name, v] : bound.regs) nonzero += v != 0 ? 1u : 0u;
  }
  EXPECT_GT(nonzero, 40u);  // the cases read real texels, not only zeros
}

testing::Outcome run_text(const Fixture& f, std::string_view text) {
  return testing::run(f.sc, text, "SM52", false);
}

// The operand shift, hand-computed: TEX.B.LL's lod is Rb+1 (Rb the handle).
TEST(SassExecBindless, TexBLodFollowsTheHandle) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.add(2, tagged(SurfaceType::k2D, 16, 16, 1, 1));
  f.regf(4, 3.5f / 8);
  f.regf(5, 6.5f / 8);
  f.reg(6, 1);  // handle: header 1, sampler 0
  f.regf(7, 2.0f);
  EXPECT_EQ(run_text(f, "TEX.B.LL R0, R4, R6, 0x0, 2D, 0xf ;").regs, rgba(0, {0, 1, 0, 2000}));
  f.reg(6, 2);  // header 2 (16x16, one level: lod 2 clamps to level 0)
  EXPECT_EQ(run_text(f, "TEX.B.LL R0, R4, R6, 0x0, 2D, 0xf ;").regs, rgba(0, {7, 13, 0, 0}));
  f.reg(6, 40);  // header 40 > max_index 31: an invalid texture reads zeros (T5)
  EXPECT_EQ(run_text(f, "TEX.B.LL R0, R4, R6, 0x0, 2D, 0xf ;").regs, rgba(0, {0, 0, 0, 0}));
  f.reg(6, (20u << 20) | 1);  // sampler 20 > max_index 15: undefined (T43)
  const testing::Outcome u = run_text(f, "TEX.B.LL R0, R4, R6, 0x0, 2D, 0x1 ;");
  EXPECT_EQ(u.rules(), V{"SASS-EXEC-SAMPLER-INDEX"});
  EXPECT_FALSE(u.defined.at("R0"));
  // RZ as the handle register reads handle 0: header 0 has no entry (missing state).
  EXPECT_EQ(run_text(f, "TEX.B.LZ R0, R4, 0x0, 2D, 0xf ;").rules(), V{"SASS-EXEC-STATE"});
}

// TLD4.B.AOFFI.DC: Rb = handle, Rb+1 = offsets, Rb+2 = depth reference.
TEST(SassExecBindless, Tld4BOffsetsAndReferenceFollowTheHandle) {
  Fixture f = cases_scene();
  f.regf(20, 0.5f);
  f.regf(21, 0.5f);
  f.reg(12, 6 | (1u << 20));  // header 6, sampler 1 (compare)
  f.reg(13, 0x3f);            // u = -1: the clamped footprint is x 0..0
  f.regf(14, 0.5f);
  const uint32_t one = fb(1.0f);
  EXPECT_EQ(run_text(f, "TLD4.R.B.AOFFI.DC R0, R20, R12, 0x0, 2D, 0xf ;").regs,
            rgba(0, {one, one, 0, 0}));
  f.reg(13, 0);  // no offset: (0.75, 1.0, 0.5, 0.25) against 0.5
  EXPECT_EQ(run_text(f, "TLD4.R.B.AOFFI.DC R0, R20, R12, 0x0, 2D, 0xf ;").regs,
            rgba(0, {one, one, one, 0}));
}

// TXD.B: Ra = handle, Ra+1.. the coordinates; Rb the gradients. TXQ.B: Ra+1 the level.
// TMML.B: Ra the coordinates, Rb the handle.
TEST(SassExecBindless, TxdTxqTmmlHandleRegisters) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.reg(3, 1);
  f.regf(4, 3.5f / 8);
  f.regf(5, 6.5f / 8);
  f.regf(8, 0.0f);
  f.regf(9, 0.0f);
  f.regf(10, 0.0f);
  f.regf(11, 0.0f);
  EXPECT_EQ(run_text(f, "TXD.B R0, R3, R8, 0x0, 2D, 0xf ;").regs, rgba(0, {3, 6, 0, 0}));
  f.regf(8, 2.0f / 8);  // ds/dx of two texels: level 1
  EXPECT_EQ(run_text(f, "TXD.B R0, R3, R8, 0x0, 2D, 0xf ;").regs, rgba(0, {1, 3, 0, 1000}));
  f.reg(4, 1);  // TXQ.B level 1 of 8x8 (4 levels)
  EXPECT_EQ(run_text(f, "TXQ.B R0, R3, TEX_HEADER_DIMENSION, 0x0, 0xf ;").regs,
            rgba(0, {4, 4, 0, 4}));
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  f.reg(6, 1);
  const testing::Outcome t = run_text(f, "TMML.B.LOD R0, R4, R6, 0x0, 2D, 0x3 ;");
  EXPECT_TRUE(t.ok);
  EXPECT_EQ(t.regs.at("R0"), 0xffff8000u);  // a lone thread's LOD is -inf (T63, T65)
  EXPECT_EQ(t.regs.at("R1"), 0u);
}

// TEX.B.LC: no source gives the LOD clamp's register (YUZU throws "LC" not implemented).
TEST(SassExecBindless, TexBLcIsAnUndefinedForm) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.reg(6, 1);
  const testing::Outcome r = run_text(f, "TEX.B.LC R0, R4, R6, 0x0, 2D, 0x1 ;");
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-UNDEFINED-FORM"});
  EXPECT_FALSE(r.defined.at("R0"));
  EXPECT_EQ(run_text(f, "TEX.B R0, R4, R6, 0x0, 2D, 0x1 ;").rules(), V{});
  // TEX.LC (bit 58, decisions T70): the same clamp with no known operand.
  const testing::Outcome lc = run_text(f, "TEX.LC R0, R4, R6, 0x1, 2D, 0x1 ;");
  EXPECT_EQ(lc.rules(), V{"SASS-EXEC-UNDEFINED-FORM"});
  EXPECT_FALSE(lc.defined.at("R0"));
}

}  // namespace
}  // namespace texsim::isa::sass
