// The oracle tools' shared Vulkan device (see vk_device.hpp) over the raw C API.
// Depends on Vulkan only; knows nothing about texsim.
#include "vk_device.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

namespace texsim::oracle {

void vk_check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) throw VkError(std::string(what) + " failed: VkResult " + std::to_string(r));
}

VulkanDevice::VulkanDevice(const DeviceOptions& options) {
  try {
    create(options);
  } catch (...) {
    release();
    throw;
  }
}

VulkanDevice::~VulkanDevice() {
  release();
}

void VulkanDevice::create(const DeviceOptions& options) {
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = options.app_name;
  app.apiVersion = options.api_version;
  VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pApplicationInfo = &app;
  vk_check(vkCreateInstance(&ici, nullptr, &instance_), "vkCreateInstance");

  uint32_t n = 0;
  vkEnumeratePhysicalDevices(instance_, &n, nullptr);
  if (n == 0) throw VkError("no Vulkan physical device found");
  std::vector<VkPhysicalDevice> devs(n);
  vkEnumeratePhysicalDevices(instance_, &n, devs.data());
  phys_ = devs[0];
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(phys_, &props);
  name_ = props.deviceName;
  vkGetPhysicalDeviceMemoryProperties(phys_, &mem_props_);

  // Optional features: image robustness (defined OOB texel fetch), mirror-clamp-to-edge, MSAA
  // storage images (the MSAA upload path), fragment stores (the fragment-quad path).
  if (options.optional_features) {
    uint32_t ext_count = 0;
    vkEnumerateDeviceExtensionProperties(phys_, nullptr, &ext_count, nullptr);
    std::vector<VkExtensionProperties> exts(ext_count);
    vkEnumerateDeviceExtensionProperties(phys_, nullptr, &ext_count, exts.data());
    auto has_ext = [&](const char* ext) {
      for (const auto& e : exts)
        if (std::strcmp(e.extensionName, ext) == 0) return true;
      return false;
    };
    VkPhysicalDeviceImageRobustnessFeaturesEXT robust{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES_EXT};
    VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    const bool has_robust = has_ext(VK_EXT_IMAGE_ROBUSTNESS_EXTENSION_NAME);
    f2.pNext = &f12;
    if (has_robust) f12.pNext = &robust;
    vkGetPhysicalDeviceFeatures2(phys_, &f2);
    features_.robust_image_access = has_robust && robust.robustImageAccess;
    features_.mirror_clamp_to_edge = f12.samplerMirrorClampToEdge;
    features_.storage_image_multisample = f2.features.shaderStorageImageMultisample;
    features_.fragment_stores = f2.features.fragmentStoresAndAtomics;
    features_.sampler_anisotropy = f2.features.samplerAnisotropy;
  }

  uint32_t qn = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(phys_, &qn, nullptr);
  std::vector<VkQueueFamilyProperties> qf(qn);
  vkGetPhysicalDeviceQueueFamilyProperties(phys_, &qn, qf.data());
  VkQueueFlags need = VK_QUEUE_COMPUTE_BIT;
  if (options.graphics_queue) need |= VK_QUEUE_GRAPHICS_BIT;
  const auto family = std::find_if(qf.begin(), qf.end(), [&](const VkQueueFamilyProperties& f) {
    return (f.queueFlags & need) == need;
  });
  if (family == qf.end()) {
    throw VkError(std::string(options.graphics_queue ? "no graphics+compute queue on "
                                                     : "no compute queue on ") +
                  name_);
  }
  queue_family_ = static_cast<uint32_t>(family - qf.begin());

  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qci.queueFamilyIndex = queue_family_;
  qci.queueCount = 1;
  qci.pQueuePriorities = &prio;
  VkPhysicalDeviceVulkan12Features en12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  en12.samplerMirrorClampToEdge = features_.mirror_clamp_to_edge;
  VkPhysicalDeviceImageRobustnessFeaturesEXT en_robust{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES_EXT};
  en_robust.robustImageAccess = features_.robust_image_access;
  std::vector<const char*> dev_exts;
  if (features_.robust_image_access) {
    en12.pNext = &en_robust;
    dev_exts.push_back(VK_EXT_IMAGE_ROBUSTNESS_EXTENSION_NAME);
  }
  VkPhysicalDeviceFeatures2 en2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  en2.features.shaderStorageImageMultisample = features_.storage_image_multisample;
  en2.features.fragmentStoresAndAtomics = features_.fragment_stores;
  en2.features.samplerAnisotropy = features_.sampler_anisotropy;
  en2.pNext = &en12;
  VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  // Without optional features no feature chain at all (the bench: lavapipe's generated code, and
  // so its timings, must not depend on features it does not use).
  if (options.optional_features) dci.pNext = &en2;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = static_cast<uint32_t>(dev_exts.size());
  dci.ppEnabledExtensionNames = dev_exts.empty() ? nullptr : dev_exts.data();
  vk_check(vkCreateDevice(phys_, &dci, nullptr, &device_), "vkCreateDevice");
  vkGetDeviceQueue(device_, queue_family_, 0, &queue_);

  VkCommandPoolCreateInfo cpci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  cpci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  cpci.queueFamilyIndex = queue_family_;
  vk_check(vkCreateCommandPool(device_, &cpci, nullptr, &cmd_pool_), "vkCreateCommandPool");
  VkFenceCreateInfo fci{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  vk_check(vkCreateFence(device_, &fci, nullptr, &fence_), "vkCreateFence");
}

void VulkanDevice::release() {
  if (device_ != VK_NULL_HANDLE) {
    vkDeviceWaitIdle(device_);
    if (fence_ != VK_NULL_HANDLE) vkDestroyFence(device_, fence_, nullptr);
    if (cmd_pool_ != VK_NULL_HANDLE) vkDestroyCommandPool(device_, cmd_pool_, nullptr);
    vkDestroyDevice(device_, nullptr);
  }
  if (instance_ != VK_NULL_HANDLE) vkDestroyInstance(instance_, nullptr);
  fence_ = VK_NULL_HANDLE;
  cmd_pool_ = VK_NULL_HANDLE;
  device_ = VK_NULL_HANDLE;
  instance_ = VK_NULL_HANDLE;
}

bool VulkanDevice::format_supports(VkFormat f, VkFormatFeatureFlags flags) const {
  VkFormatProperties p;
  vkGetPhysicalDeviceFormatProperties(phys_, f, &p);
  return (p.optimalTilingFeatures & flags) == flags;
}

uint32_t VulkanDevice::memory_type(uint32_t bits, VkMemoryPropertyFlags props) const {
  for (uint32_t i = 0; i < mem_props_.memoryTypeCount; ++i)
    if ((bits & (1u << i)) && (mem_props_.memoryTypes[i].propertyFlags & props) == props) return i;
  throw VkError("no suitable memory type");
}

HostBuffer VulkanDevice::make_buffer(VkDeviceSize size, VkBufferUsageFlags usage) {
  HostBuffer b;
  b.size = size < 16 ? 16 : size;
  VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bci.size = b.size;
  bci.usage = usage;
  vk_check(vkCreateBuffer(device_, &bci, nullptr, &b.buffer), "vkCreateBuffer");
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device_, b.buffer, &req);
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                            VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  vk_check(vkAllocateMemory(device_, &mai, nullptr, &b.memory), "vkAllocateMemory");
  vk_check(vkBindBufferMemory(device_, b.buffer, b.memory, 0), "vkBindBufferMemory");
  vk_check(vkMapMemory(device_, b.memory, 0, VK_WHOLE_SIZE, 0, &b.data), "vkMapMemory");
  return b;
}

void VulkanDevice::destroy(HostBuffer& b) {
  if (b.buffer == VK_NULL_HANDLE) return;
  vkUnmapMemory(device_, b.memory);
  vkDestroyBuffer(device_, b.buffer, nullptr);
  vkFreeMemory(device_, b.memory, nullptr);
  b = {};
}

VkShaderModule VulkanDevice::load_shader(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw VkError("cannot open shader " + path);
  std::vector<char> code((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<uint32_t> words((code.size() + 3) / 4);
  std::memcpy(words.data(), code.data(), code.size());
  VkShaderModuleCreateInfo smci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smci.codeSize = code.size();
  smci.pCode = words.data();
  VkShaderModule m;
  vk_check(vkCreateShaderModule(device_, &smci, nullptr, &m), "vkCreateShaderModule");
  return m;
}

VkCommandBuffer VulkanDevice::allocate_command_buffer() {
  VkCommandBufferAllocateInfo cbai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cbai.commandPool = cmd_pool_;
  cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbai.commandBufferCount = 1;
  VkCommandBuffer cb;
  vk_check(vkAllocateCommandBuffers(device_, &cbai, &cb), "vkAllocateCommandBuffers");
  return cb;
}

void VulkanDevice::free_command_buffer(VkCommandBuffer cb) {
  vkFreeCommandBuffers(device_, cmd_pool_, 1, &cb);
}

void VulkanDevice::submit_and_wait(VkCommandBuffer cb) {
  VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  si.commandBufferCount = 1;
  si.pCommandBuffers = &cb;
  vk_check(vkQueueSubmit(queue_, 1, &si, fence_), "vkQueueSubmit");
  vk_check(vkWaitForFences(device_, 1, &fence_, VK_TRUE, UINT64_MAX), "vkWaitForFences");
  vk_check(vkResetFences(device_, 1, &fence_), "vkResetFences");
}

}  // namespace texsim::oracle
