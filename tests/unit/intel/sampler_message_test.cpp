// The Intel sampler message table (intel/sampler_message.hpp): message types are the hardware's,
// each role list matches what the message means, role names are the spec's parameter names.
#include "intel/sampler_message.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace texsim::intel {
namespace {

TEST(SamplerMessage, TypesAreTheHardwareMessageTypes) {
  // Mesa brw_eu_defines.h GFX5_SAMPLER_MESSAGE_* (research/intel_native_sends.md).
  EXPECT_EQ(static_cast<int>(MessageType::kSample), 0);
  EXPECT_EQ(static_cast<int>(MessageType::kSampleD), 4);
  EXPECT_EQ(static_cast<int>(MessageType::kLd), 7);
  EXPECT_EQ(static_cast<int>(MessageType::kGather4), 8);
  EXPECT_EQ(static_cast<int>(MessageType::kLod), 9);
  EXPECT_EQ(static_cast<int>(MessageType::kGather4PoC), 18);
  EXPECT_EQ(static_cast<int>(MessageType::kSampleDC), 20);
  EXPECT_EQ(static_cast<int>(MessageType::kSampleLz), 24);
  EXPECT_EQ(static_cast<int>(MessageType::kLdMcs), 29);
  std::set<int> seen;
  for (const MessageSpec& m : kMessages) {
    EXPECT_TRUE(seen.insert(static_cast<int>(m.type)).second) << static_cast<int>(m.type);
    EXPECT_EQ(find_message(static_cast<uint32_t>(m.type)), &m);
    EXPECT_EQ(&message(m.type), &m);
  }
  EXPECT_EQ(find_message(10), nullptr);  // RESINFO: not modelled
  EXPECT_EQ(find_message(255), nullptr);
}

TEST(SamplerMessage, RolesFollowWhatTheMessageMeans) {
  for (const MessageSpec& m : kMessages) {
    const int t = static_cast<int>(m.type);
    EXPECT_FALSE(m.roles.empty()) << t;
    EXPECT_EQ(m.has_role(Param::kRef), m.compare) << t;
    EXPECT_EQ(m.has_role(Param::kBias), m.lod == LodSource::kBias) << t;
    EXPECT_EQ(m.has_role(Param::kDuDx), m.lod == LodSource::kGrad) << t;
    EXPECT_EQ(m.has_role(Param::kLod), m.lod == LodSource::kLod) << t;
    EXPECT_EQ(m.has_role(Param::kSi), m.multisample) << t;
    EXPECT_EQ(m.roles_w.empty(), !m.multisample) << t;
    EXPECT_TRUE(m.has_role(Param::kU)) << t;
    if (m.gather || m.fetch) {
      EXPECT_NE(m.lod, LodSource::kImplicit) << t;
    }
  }
  std::set<int> implicit;
  for (const MessageSpec& m : kMessages)
    if (m.implicit_lod()) implicit.insert(static_cast<int>(m.type));
  EXPECT_EQ(implicit, (std::set<int>{0, 1, 3, 5, 9}));  // sample, _b, _c, _b_c, lod
}

TEST(SamplerMessage, RoleNamesAreTheParameterTables) {
  std::string all;
  for (size_t i = 0; i < kParamCount; ++i) all += std::string(param_name(Param(i))) + " ";
  EXPECT_EQ(all,
            "u v r ai bias lod ref dudx dudy dvdx dvdy drdx drdy si mcsl mcsh mcs0 mcs1 mcs2 mcs3 "
            "offu offv ");
  EXPECT_EQ(param_name(Param::kCount), "?");
  EXPECT_EQ(param_name(static_cast<Param>(200)), "?");
  // visa-3d_sample.md's sample_d_c row and visa-3d_load.md's ld2dms_w UW row.
  std::string d_c, w;
  for (Param p : message(MessageType::kSampleDC).roles) d_c += std::string(param_name(p)) + " ";
  for (Param p : message(MessageType::kLd2dmsW).roles_w) w += std::string(param_name(p)) + " ";
  EXPECT_EQ(d_c, "ref u dudx dudy v dvdx dvdy r drdx drdy ai ");
  EXPECT_EQ(w, "si mcs0 mcs1 mcs2 mcs3 u v r lod ");
}

}  // namespace
}  // namespace texsim::intel
