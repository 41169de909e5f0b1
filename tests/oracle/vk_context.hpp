// The oracle's Vulkan side: images, samplers, compute and fragment pipelines over the raw C API,
// on a VulkanDevice (vk_device.hpp). Depends on Vulkan only (no texsim types).
#pragma once

#include <vulkan/vulkan.h>

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "vk_device.hpp"

namespace texsim::oracle {

// Everything the oracle needs to describe one image to Vulkan.
struct ImageSpec {
  VkImageType type = VK_IMAGE_TYPE_2D;
  VkImageViewType view_type = VK_IMAGE_VIEW_TYPE_2D;
  VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
  VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;
  uint32_t width = 1, height = 1, depth = 1;
  uint32_t layers = 1;  // Vulkan array layers (cube: 6 per cube)
  uint32_t mips = 1;
  uint32_t base_level = 0;   // the view's first level (its levels: base_level .. mips - 1)
  uint32_t view_levels = 0;  // the view's level count; 0: every level from base_level
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  bool cube = false;
};

// A buffer -> image copy of one mip level (all layers) from the staging data.
struct LevelCopy {
  uint64_t offset = 0;
  uint32_t level = 0;
  uint32_t width = 1, height = 1, depth = 1;
};

struct LookupDispatch {
  std::string shader;               // SPIR-V file stem, e.g. "lookup_op1_d1_f_off"
  std::array<int32_t, 3> offset{};  // specialization constants 0..2
  uint32_t gather_comp = 0;
  std::span<const uint8_t> lanes;  // 48 bytes per lane
  uint32_t count = 0;
  // Fragment-quad path: `shader` is a fragment shader drawn over a target of 2x2 quads
  // (quads_per_row per row); lanes 4q..4q+3 are quad q's top-left, top-right, bottom-left,
  // bottom-right pixels. `count` must then be a multiple of 4.
  bool fragment = false;
  uint32_t quads_per_row = 8;
};

class VkContext {
 public:
  // Throws VkError when no instance, no physical device or no graphics+compute queue exists.
  explicit VkContext(std::string shader_dir);
  ~VkContext();
  VkContext(const VkContext&) = delete;
  VkContext& operator=(const VkContext&) = delete;

  const std::string& device_name() const { return dev_.name(); }
  const DeviceFeatures& features() const { return dev_.features(); }
  bool format_supports(VkFormat f, VkFormatFeatureFlags flags) const {
    return dev_.format_supports(f, flags);
  }

  // Creates the image, uploads `staging` (copies) or, for multisampled images, stores
  // `ms_values` (one uvec4 per sample/y/x) with `ms_store_shader`; then runs the lookups
  // with `sampler` and returns one uvec4 (16 bytes) per lane.
  std::vector<uint32_t> run(const ImageSpec& image, std::span<const uint8_t> staging,
                            std::span<const LevelCopy> copies, std::span<const uint32_t> ms_values,
                            const std::string& ms_store_shader, const VkSamplerCreateInfo& sampler,
                            const LookupDispatch& lookup);

 private:
  VkShaderModule shader_module(const std::string& stem);  // cached per stem
  VkPipeline pipeline(const std::string& stem, std::array<int32_t, 3> offset,
                      VkPipelineLayout layout);
  VkPipeline graphics_pipeline(const std::string& frag_stem);

  std::string shader_dir_;
  VulkanDevice dev_;  // graphics+compute queue, every optional feature the device has
  VkDevice device_ = VK_NULL_HANDLE;  // dev_.device(), not owned
  VkDescriptorPool desc_pool_ = VK_NULL_HANDLE;
  VkDescriptorSetLayout lookup_dsl_ = VK_NULL_HANDLE;
  VkPipelineLayout lookup_layout_ = VK_NULL_HANDLE;
  VkDescriptorSetLayout store_dsl_ = VK_NULL_HANDLE;
  VkPipelineLayout store_layout_ = VK_NULL_HANDLE;
  VkRenderPass render_pass_ = VK_NULL_HANDLE;  // one RGBA8 colour attachment, contents unused
  std::map<std::string, VkShaderModule> modules_;
  std::map<std::pair<std::string, std::array<int32_t, 3>>, VkPipeline> pipelines_;
};

}  // namespace texsim::oracle
