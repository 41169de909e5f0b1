// The structured form of IGC's generic instruction text (kernel_inst.hpp): predicates, opcode
// modifiers, exec size and mask, regions, source modifiers, immediates, predefined variables,
// raw, state and label operands, fences, and the errors for what it does not know.
#include "isa/visa/kernel_inst.hpp"

#include <gtest/gtest.h>

#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

// One table for the whole test: a parsed KInst points at its variables (the ASan build found
// the per-call copy freed while a KInst still read its names).
const SymbolTable& table() {
  static const SymbolTable kTable =
      test::parse(std::string(test::kDecls) + ".decl S0 v_type=S num_elts=1\n" +
                  ".decl A0 v_type=A num_elts=1\n")
          .prog->symbols;
  return kTable;
}

KInst ok(const std::string& text) {
  const SymbolTable& syms = table();
  std::string err;
  const auto k = parse_kinst(text, syms, err);
  EXPECT_TRUE(k.has_value()) << text << ": " << err;
  return k.value_or(KInst{});
}

TEST(KernelInst, PredicateModifiersAndExecMask) {
  const KInst k = ok("(!P1) cmp.lt (M5_NM, 16) P3 V40(0,0)<1;1,0> 0x0:d   /// $9");
  ASSERT_NE(k.pred, nullptr);
  EXPECT_EQ(k.pred->name, "P1");
  EXPECT_TRUE(k.pred_not);
  EXPECT_EQ(k.op, "cmp");
  EXPECT_EQ(k.modifier, "lt");
  EXPECT_EQ(k.exec_size, 16u);
  EXPECT_EQ(k.mask_offset, 16u);
  EXPECT_TRUE(k.nomask);
  ASSERT_EQ(k.ops.size(), 3u);
  EXPECT_EQ(k.ops[0].kind, KOpKind::kPred);
  EXPECT_EQ(k.ops[2].kind, KOpKind::kImm);
  EXPECT_EQ(k.ops[2].type, VisaType::kD);
  const KInst s = ok("add.sat (M1, 8) V42(0,0)<1> V42(0,0)<1;1,0> 0x3f400000:f");
  EXPECT_TRUE(s.sat);
  EXPECT_EQ(s.op, "add");
  EXPECT_EQ(s.ops[2].imm, 0x3f400000u);
  EXPECT_EQ(s.ops[2].type, VisaType::kF);
}

TEST(KernelInst, RegionsAndSourceModifiers) {
  const KInst k = ok("add (M1, 16) V41(1,2)<2> (-)V40(0,4)<8;4,2> (abs)V43(1,0)<0;1,0>");
  const KOperand& d = k.ops[0];
  EXPECT_EQ(d.kind, KOpKind::kVar);
  EXPECT_EQ(d.row, 1u);
  EXPECT_EQ(d.col, 2u);
  EXPECT_EQ(d.hs, 2u);
  const KOperand& a = k.ops[1];
  EXPECT_TRUE(a.neg);
  EXPECT_FALSE(a.abs);
  EXPECT_EQ(a.vs, 8u);
  EXPECT_EQ(a.w, 4u);
  EXPECT_EQ(a.hs, 2u);
  EXPECT_EQ(a.col, 4u);
  EXPECT_EQ(a.type, VisaType::kUD);  // from the declaration
  EXPECT_TRUE(k.ops[2].abs);
  EXPECT_EQ(k.ops[2].type, VisaType::kUW);
  EXPECT_TRUE(ok("mov (M1, 1) V40(0,0)<1> (-abs)V40(0,0)<0;1,0>").ops[1].neg);
  EXPECT_EQ(ok("mov (M1, 1) V40(0,0)<1> -1:d").ops[1].imm, ~uint64_t{0});
}

TEST(KernelInst, PredefinedRawStateLabelAndNull) {
  const KInst cr = ok("or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x4c0:ud");
  EXPECT_EQ(cr.ops[0].var->name, "%cr0");
  EXPECT_EQ(cr.mask_offset, 0u);
  const KInst s = ok("scatter4_scaled.RGBA (M1, 16) T6 0x0:ud V40.64 V41.0");
  EXPECT_EQ(s.modifier, "RGBA");
  EXPECT_EQ(s.ops[0].kind, KOpKind::kState);
  EXPECT_EQ(s.ops[2].kind, KOpKind::kRaw);
  EXPECT_EQ(s.ops[2].col, 64u);
  const KInst m = ok("movs (M1_NM, 1) S0(0) 0x3:ud");
  EXPECT_EQ(m.ops[0].kind, KOpKind::kState);
  EXPECT_EQ(m.ops[0].var->cls, VarClass::kSampler);
  const KInst g = ok("(P1) goto (M1, 32) _0_006");
  EXPECT_EQ(g.ops[0].kind, KOpKind::kLabel);
  EXPECT_EQ(g.ops[0].label, "_0_006");
  EXPECT_EQ(ok("addc (M1, 8) V40(0,0)<1> %null(0,0)<1> V41(0,0)<1;1,0> 0x1:ud").ops[1].kind,
            KOpKind::kNull);
  const KInst f = ok("lsc_fence.ugm.evict.gpu");
  EXPECT_EQ(f.op, "lsc_fence");
  EXPECT_EQ(ok("fence_local.E").op, "fence_local");
  EXPECT_EQ(ok("bfn.xd8 (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> V40(0,0)<1;1,0> 0x1:ud").modifier,
            "xd8");
}

TEST(KernelInst, LscOperands) {
  const KInst st = ok("lsc_store.ugm (M1, 32)  flat[V40]:a64  V41:d32x4   /// $61");
  EXPECT_EQ(st.op, "lsc_store");
  EXPECT_EQ(st.modifier, "ugm");
  ASSERT_EQ(st.ops.size(), 2u);
  EXPECT_EQ(st.ops[0].kind, KOpKind::kLscAddr);
  EXPECT_EQ(st.ops[0].addr_bits, 64u);
  EXPECT_EQ(st.ops[1].kind, KOpKind::kLscData);
  EXPECT_EQ(st.ops[1].data_bits, 32u);
  EXPECT_EQ(st.ops[1].vec, 4u);
  const KInst ld = ok("lsc_load.slm (M1, 16)  V41:d8c32  flat[V40]:a32");
  EXPECT_EQ(ld.ops[0].data_bits, 8u);
  EXPECT_TRUE(ld.ops[0].c32);
  EXPECT_EQ(ld.ops[1].addr_bits, 32u);
  const SymbolTable& syms = table();
  std::string err;
  EXPECT_FALSE(parse_kinst("lsc_load.ugm (M1, 16)  V41:d16  flat[V40]:a64", syms, err));
  EXPECT_FALSE(parse_kinst("lsc_load.ugm (M1, 16)  V41:d32  bti(0x1)[V40]:a32", syms, err));
  EXPECT_NE(err.find("flat and ss(..) addresses only"), std::string::npos) << err;
  // KP2: the surface-state model names its surface-state variable (IGC's private memory on PVC).
  const KInst ss = ok("lsc_store.ugm.wb.wb (M1, 16)  ss(V40)[0x4*V41+0x8]:a32  V41:d32");
  ASSERT_EQ(ss.ops.size(), 2u);
  ASSERT_NE(ss.ops[0].ss, nullptr);
  EXPECT_EQ(ss.ops[0].ss->name, "V40");
  EXPECT_EQ(ss.ops[0].var->name, "V41");
  EXPECT_EQ(ss.ops[0].addr_scale, 4u);
  EXPECT_EQ(ss.ops[0].addr_offset, 8);
  EXPECT_EQ(ok("lsc_load.ugm (M1, 16)  V41:d32  flat[V40]:a64").ops[1].ss, nullptr);
  EXPECT_FALSE(parse_kinst("lsc_load.ugm (M1, 16)  V41:d32  ss(V99)[V40]:a32", syms, err));
  EXPECT_NE(err.find("unknown surface-state operand"), std::string::npos) << err;
  EXPECT_FALSE(parse_kinst("lsc_load.ugm (M1, 16)  V41:d32  ss(V40)[V40:a32", syms, err));
  EXPECT_FALSE(parse_kinst("lsc_load.ugm (M1, 16)  V41:d32  flat[V40]:a16", syms, err));
  // K26: a data offset, a transposed vector of 64, AddrScale and AddrImmOffset.
  const KInst tr = ok("lsc_load.ugm (M1_NM, 1)  V41.64:d32x64t  flat[0x4*V40-0x10]:a64");
  EXPECT_EQ(tr.ops[0].col, 64u);
  EXPECT_EQ(tr.ops[0].vec, 64u);
  EXPECT_TRUE(tr.ops[0].transpose);
  EXPECT_EQ(tr.ops[1].addr_scale, 4u);
  EXPECT_EQ(tr.ops[1].addr_offset, -16);
  EXPECT_FALSE(parse_kinst("lsc_load.ugm (M1, 16)  V41:d32x5  flat[V40]:a64", syms, err));
  EXPECT_FALSE(parse_kinst("lsc_load.ugm (M1, 16)  V41:d8c32t  flat[V40]:a64", syms, err));
  EXPECT_FALSE(parse_kinst("lsc_load.ugm (M1, 16)  V41:d32  flat[V40+zz]:a64", syms, err));
  EXPECT_NE(err.find("bad LSC address"), std::string::npos) << err;
}

TEST(KernelInst, AddressAndIndirectOperands) {
  // K28: IGC's text (IsaDisassembly.cpp): A0(k)<w>, &V[bytes], r[A0(k),bytes]<region>:type.
  const KInst aa = ok("addr_add (M1, 16) A0(0)<1> &V40[68] V41(0,0)<1;1,0>");
  EXPECT_EQ(aa.ops[0].kind, KOpKind::kAddr);
  EXPECT_EQ(aa.ops[1].kind, KOpKind::kAddrOf);
  EXPECT_EQ(aa.ops[1].imm, 68u);
  const KInst mv = ok("mov (M1, 16) V40(0,0)<1> r[A0(0),-4]<1,0>:d");
  EXPECT_EQ(mv.ops[1].kind, KOpKind::kIndirect);
  EXPECT_TRUE(mv.ops[1].vxh);
  EXPECT_EQ(mv.ops[1].w, 1u);
  EXPECT_EQ(mv.ops[1].hs, 0u);
  EXPECT_EQ(static_cast<int64_t>(mv.ops[1].imm), -4);
  EXPECT_EQ(mv.ops[1].type, VisaType::kD);
  const KInst st = ok("mov (M1, 8) r[A0(0),8]<1>:ud V40(0,0)<1;1,0>");
  EXPECT_FALSE(st.ops[0].vxh);
  EXPECT_EQ(st.ops[0].hs, 1u);
  const SymbolTable& syms = table();
  std::string err;
  EXPECT_FALSE(parse_kinst("mov (M1, 16) V40(0,0)<1> r[A0(0)]<1,0>:d", syms, err));
  EXPECT_NE(err.find("bad indirect operand"), std::string::npos) << err;
  EXPECT_FALSE(parse_kinst("mov (M1, 16) V40(0,0)<1> r[V40(0),0]<1,0>:d", syms, err));
  EXPECT_FALSE(parse_kinst("addr_add (M1, 1) A0(0)<1> &A0 0x1:uw", syms, err));
  EXPECT_NE(err.find("general variable"), std::string::npos) << err;
}

TEST(KernelInst, ErrorsNameTheToken) {
  const SymbolTable& syms = table();
  std::string err;
  EXPECT_FALSE(parse_kinst("mov (M1, 16) V40(0,0)<1> V99(0,0)<1;1,0>", syms, err));
  EXPECT_NE(err.find("V99"), std::string::npos) << err;
  EXPECT_FALSE(parse_kinst("mov (M9, 16) V40(0,0)<1> V41(0,0)<1;1,0>", syms, err));
  EXPECT_NE(err.find("execution size"), std::string::npos) << err;
  EXPECT_FALSE(parse_kinst("(P9) mov (M1, 1) V40(0,0)<1> 0x1:d", syms, err));
  EXPECT_NE(err.find("P9"), std::string::npos) << err;
  EXPECT_FALSE(parse_kinst("mov (M1, 1) V40(0,0)<1> 0x1:zz", syms, err));
  EXPECT_FALSE(parse_kinst("mov (M1, 1) V40(0,0)<1;1> 0x1:d", syms, err));
  EXPECT_FALSE(parse_kinst("mov (M1, 1) A0(0)<1;1> 0x1:d", syms, err));
  EXPECT_NE(err.find("bad address operand"), std::string::npos) << err;
  EXPECT_TRUE(kernel_mnemonic_modelled("add3"));
  EXPECT_TRUE(kernel_mnemonic_modelled("scatter4_typed"));   // K24
  EXPECT_TRUE(kernel_mnemonic_modelled("svm_block_ld"));     // K25
  EXPECT_TRUE(kernel_mnemonic_modelled("addr_add"));         // K28
  EXPECT_TRUE(kernel_mnemonic_modelled("lsc_atomic_icas"));  // K27
  EXPECT_FALSE(kernel_mnemonic_modelled("bfrev"));
}

}  // namespace
}  // namespace texsim::isa::visa
