// The vISA rows' meaning (#16): each 3D row runs the Intel sampler message of its sub-op,
// execution kinds, LOD sources and the implicit-LOD set, and checked operand access.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "isa/visa/model.hpp"
#include "isa/visa/program.hpp"

namespace texsim::isa::visa {
namespace {

TEST(Rows, EachThreeDRowRunsTheMessageOfItsSubOp) {
  size_t rows_3d = 0;
  for (const InstrRow& r : all_rows()) {
    if (r.exec != RowExec::kSample3D && r.exec != RowExec::kLoad3D) {
      EXPECT_TRUE(r.s3d.roles.empty()) << r.mnemonic;
      continue;
    }
    ++rows_3d;
    // The row's sub-op is the message type it runs (intel/sampler_message.hpp), and the roles
    // are that message's (decision I2).
    ASSERT_TRUE(r.sub_op.has_value()) << r.mnemonic;
    EXPECT_EQ(static_cast<uint32_t>(r.s3d.type), *r.sub_op) << r.mnemonic;
    EXPECT_EQ(r.s3d.roles.data(), intel::find_message(*r.sub_op)->roles.data()) << r.mnemonic;
    EXPECT_EQ(r.s3d.fetch, r.exec == RowExec::kLoad3D) << r.mnemonic;
    EXPECT_EQ(r.exec == RowExec::kSample3D,
              r.opcode == kOpcode3DSample || r.opcode == kOpcode3DGather4)
        << r.mnemonic;
    EXPECT_EQ(r.s3d.gather, r.opcode == kOpcode3DGather4) << r.mnemonic;
  }
  EXPECT_EQ(rows_3d, 19u);  // 11 3D_SAMPLE, 4 3D_LOAD, 4 3D_SAMPLE4
}

TEST(Rows, EveryModelledRowHasAnExecutor) {
  for (const InstrRow& r : all_rows()) EXPECT_NE(r.exec, RowExec::kNone) << r.mnemonic;
  EXPECT_EQ(find_row_by_mnemonic("media_ld")->exec, RowExec::kMediaLd);
  EXPECT_EQ(find_row_by_mnemonic("gather_scaled")->exec, RowExec::kGatherScaled);
}

TEST(Rows, ImplicitLodSetAndLodSources) {
  std::set<std::string> implicit;
  for (const InstrRow& r : all_rows())
    if (r.exec == RowExec::kSample3D && r.s3d.implicit_lod())
      implicit.insert(std::string(r.mnemonic));
  EXPECT_EQ(implicit,
            (std::set<std::string>{"sample_3d", "sample_b", "sample_c", "sample_b_c", "lod"}));
  EXPECT_EQ(find_row_by_mnemonic("sample_d_c")->s3d.lod, intel::LodSource::kGrad);
  EXPECT_TRUE(find_row_by_mnemonic("sample_d_c")->s3d.compare);
  EXPECT_FALSE(find_row_by_mnemonic("sample_d")->s3d.compare);
  EXPECT_EQ(find_row_by_mnemonic("sample_c_lz")->s3d.lod, intel::LodSource::kZero);
  EXPECT_EQ(find_row_by_mnemonic("load_lz")->s3d.lod, intel::LodSource::kZero);
  EXPECT_EQ(find_row_by_mnemonic("lod")->s3d.lod, intel::LodSource::kQuery);
  EXPECT_TRUE(find_row_by_mnemonic("load_2dms_w")->s3d.multisample);
  EXPECT_TRUE(find_row_by_mnemonic("load_mcs")->s3d.returns_mcs);
  EXPECT_FALSE(find_row_by_mnemonic("load_3d")->s3d.returns_mcs);
}

TEST(Rows, OperandAccessIsChecked) {
  Instruction inst;
  inst.row = find_row_by_mnemonic("media_ld");
  ASSERT_NE(inst.row, nullptr);
  inst.ops.resize(inst.row->fields.size());
  inst.ops[*inst.row->field_index("Block_width")].value = 8;
  inst.ops[*inst.row->field_index("Block_width")].present = true;
  EXPECT_EQ(inst.op("Block_width").value, 8u);
  // A typo: no out-of-range read, an absent operand.
  EXPECT_FALSE(inst.op("Block_widht").present);
  EXPECT_EQ(inst.op("Block_widht").value, 0u);
  Instruction unsupported;  // no row at all
  EXPECT_FALSE(unsupported.op("Dst").present);
}

}  // namespace
}  // namespace texsim::isa::visa
