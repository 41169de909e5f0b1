// The Vulkan setup texsim_oracle and texsim_oracle_bench share: instance, first physical device,
// one queue, command pool, host buffers, SPIR-V modules, submit + wait. Depends on Vulkan only.
#pragma once

#include <vulkan/vulkan.h>

#include <stdexcept>
#include <string>

namespace texsim::oracle {

struct VkError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws VkError("<what> failed: VkResult <r>") unless r is VK_SUCCESS.
void vk_check(VkResult r, const char* what);

struct DeviceFeatures {
  bool robust_image_access = false;
  bool mirror_clamp_to_edge = false;
  bool storage_image_multisample = false;
  bool fragment_stores = false;     // fragmentStoresAndAtomics: the fragment-quad path
  bool sampler_anisotropy = false;  // samplerAnisotropy: --anisotropy batches
};

// A buffer in host-visible, host-coherent memory, mapped for its whole life.
struct HostBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;
  void* data = nullptr;
};

struct DeviceOptions {
  const char* app_name = "texsim_oracle";
  uint32_t api_version = VK_API_VERSION_1_2;
  // The queue family must support graphics as well as compute (else: the first compute family).
  bool graphics_queue = true;
  // Query and enable the optional features of DeviceFeatures the device has (robustImageAccess,
  // samplerMirrorClampToEdge, shaderStorageImageMultisample, fragmentStoresAndAtomics). Off: the
  // device is created with no optional feature and no extension, and features() is all false.
  bool optional_features = true;
};

class VulkanDevice {
 public:
  // Throws VkError when no instance, physical device or fitting queue family exists.
  explicit VulkanDevice(const DeviceOptions& options = {});
  ~VulkanDevice();
  VulkanDevice(const VulkanDevice&) = delete;
  VulkanDevice& operator=(const VulkanDevice&) = delete;

  VkDevice device() const { return device_; }
  VkPhysicalDevice physical() const { return phys_; }
  VkQueue queue() const { return queue_; }
  uint32_t queue_family() const { return queue_family_; }
  VkCommandPool command_pool() const { return cmd_pool_; }  // resettable command buffers
  const std::string& name() const { return name_; }
  const DeviceFeatures& features() const { return features_; }
  const VkPhysicalDeviceMemoryProperties& memory_properties() const { return mem_props_; }

  // Optimal-tiling features of `f` include all of `flags`.
  bool format_supports(VkFormat f, VkFormatFeatureFlags flags) const;
  // The first memory type in `bits` with all of `props`; throws VkError when none.
  uint32_t memory_type(uint32_t bits, VkMemoryPropertyFlags props) const;

  // A mapped host-visible/coherent buffer of at least 16 bytes; destroy() frees it (and resets
  // `b`; a null buffer is ignored).
  HostBuffer make_buffer(VkDeviceSize size, VkBufferUsageFlags usage);
  void destroy(HostBuffer& b);

  // A shader module from the SPIR-V file at `path`; the caller destroys it. Throws VkError when
  // the file cannot be opened.
  VkShaderModule load_shader(const std::string& path);

  // One primary command buffer from command_pool(); free_command_buffer() returns it.
  VkCommandBuffer allocate_command_buffer();
  void free_command_buffer(VkCommandBuffer cb);
  // Submits `cb` alone to queue() and waits for it on the device's fence (then reset).
  void submit_and_wait(VkCommandBuffer cb);

 private:
  void create(const DeviceOptions& options);
  void release();

  std::string name_;
  DeviceFeatures features_;
  VkInstance instance_ = VK_NULL_HANDLE;
  VkPhysicalDevice phys_ = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties mem_props_{};
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  uint32_t queue_family_ = 0;
  VkCommandPool cmd_pool_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
};

}  // namespace texsim::oracle
