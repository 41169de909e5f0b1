// The oracle's Vulkan side (see vk_context.hpp): raw C API, one submission per batch.
// Depends on Vulkan only; knows nothing about texsim.
#include "vk_context.hpp"

#include <cstring>
#include <fstream>
#include <iterator>

namespace texsim::oracle {
namespace {

void check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) throw VkError(std::string(what) + " failed: VkResult " + std::to_string(r));
}

constexpr uint32_t kLaneBytes = 48;
constexpr uint32_t kGroupSize = 64;

}  // namespace

VkContext::VkContext(std::string shader_dir) : shader_dir_(std::move(shader_dir)) {
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "texsim_oracle";
  app.apiVersion = VK_API_VERSION_1_2;
  VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pApplicationInfo = &app;
  check(vkCreateInstance(&ici, nullptr, &instance_), "vkCreateInstance");

  uint32_t n = 0;
  vkEnumeratePhysicalDevices(instance_, &n, nullptr);
  if (n == 0) throw VkError("no Vulkan physical device found");
  std::vector<VkPhysicalDevice> devs(n);
  vkEnumeratePhysicalDevices(instance_, &n, devs.data());
  phys_ = devs[0];
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(phys_, &props);
  device_name_ = props.deviceName;
  vkGetPhysicalDeviceMemoryProperties(phys_, &mem_props_);

  // Optional features: image robustness (defined OOB texel fetch), mirror-clamp-to-edge, MSAA
  // storage images (the MSAA upload path).
  uint32_t ext_count = 0;
  vkEnumerateDeviceExtensionProperties(phys_, nullptr, &ext_count, nullptr);
  std::vector<VkExtensionProperties> exts(ext_count);
  vkEnumerateDeviceExtensionProperties(phys_, nullptr, &ext_count, exts.data());
  auto has_ext = [&](const char* name) {
    for (const auto& e : exts)
      if (std::strcmp(e.extensionName, name) == 0) return true;
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

  uint32_t qn = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(phys_, &qn, nullptr);
  std::vector<VkQueueFamilyProperties> qf(qn);
  vkGetPhysicalDeviceQueueFamilyProperties(phys_, &qn, qf.data());
  bool found = false;
  for (uint32_t i = 0; i < qn; ++i) {
    if ((qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) && (qf[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)) {
      queue_family_ = i;
      found = true;
      break;
    }
  }
  if (!found) throw VkError("no graphics+compute queue on " + device_name_);

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
  en2.pNext = &en12;
  VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  dci.pNext = &en2;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = static_cast<uint32_t>(dev_exts.size());
  dci.ppEnabledExtensionNames = dev_exts.data();
  check(vkCreateDevice(phys_, &dci, nullptr, &device_), "vkCreateDevice");
  vkGetDeviceQueue(device_, queue_family_, 0, &queue_);

  VkCommandPoolCreateInfo cpci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  cpci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  cpci.queueFamilyIndex = queue_family_;
  check(vkCreateCommandPool(device_, &cpci, nullptr, &cmd_pool_), "vkCreateCommandPool");

  std::array<VkDescriptorPoolSize, 3> sizes{{{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 4},
                                             {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8},
                                             {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 4}}};
  VkDescriptorPoolCreateInfo dpci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpci.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  dpci.maxSets = 4;
  dpci.poolSizeCount = static_cast<uint32_t>(sizes.size());
  dpci.pPoolSizes = sizes.data();
  check(vkCreateDescriptorPool(device_, &dpci, nullptr, &desc_pool_), "vkCreateDescriptorPool");

  auto make_layout = [&](std::span<const VkDescriptorSetLayoutBinding> b, uint32_t pc_bytes,
                         VkShaderStageFlags stages, VkDescriptorSetLayout& dsl,
                         VkPipelineLayout& pl) {
    VkDescriptorSetLayoutCreateInfo lci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    lci.bindingCount = static_cast<uint32_t>(b.size());
    lci.pBindings = b.data();
    check(vkCreateDescriptorSetLayout(device_, &lci, nullptr, &dsl), "vkCreateDescriptorSetLayout");
    VkPushConstantRange pcr{stages, 0, pc_bytes};
    VkPipelineLayoutCreateInfo plci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    plci.setLayoutCount = 1;
    plci.pSetLayouts = &dsl;
    plci.pushConstantRangeCount = 1;
    plci.pPushConstantRanges = &pcr;
    check(vkCreatePipelineLayout(device_, &plci, nullptr, &pl), "vkCreatePipelineLayout");
  };
  constexpr VkShaderStageFlags kLookupStages =
      VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
  const std::array<VkDescriptorSetLayoutBinding, 3> lookup_bindings{
      {{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, kLookupStages, nullptr},
       {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, kLookupStages, nullptr},
       {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, kLookupStages, nullptr}}};
  make_layout(lookup_bindings, 12, kLookupStages, lookup_dsl_, lookup_layout_);
  const std::array<VkDescriptorSetLayoutBinding, 2> store_bindings{
      {{0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
       {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr}}};
  make_layout(store_bindings, 12, VK_SHADER_STAGE_COMPUTE_BIT, store_dsl_, store_layout_);

  // The fragment-quad path's render pass: one RGBA8 colour attachment nobody reads (results go
  // to the storage buffer).
  VkAttachmentDescription att{};
  att.format = VK_FORMAT_R8G8B8A8_UNORM;
  att.samples = VK_SAMPLE_COUNT_1_BIT;
  att.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  att.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  att.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  att.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  att.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  att.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription sub{};
  sub.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  sub.colorAttachmentCount = 1;
  sub.pColorAttachments = &ref;
  VkRenderPassCreateInfo rpci{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  rpci.attachmentCount = 1;
  rpci.pAttachments = &att;
  rpci.subpassCount = 1;
  rpci.pSubpasses = &sub;
  check(vkCreateRenderPass(device_, &rpci, nullptr, &render_pass_), "vkCreateRenderPass");
}

VkContext::~VkContext() {
  if (device_ != VK_NULL_HANDLE) {
    vkDeviceWaitIdle(device_);
    for (auto& [k, p] : pipelines_) vkDestroyPipeline(device_, p, nullptr);
    for (auto& [k, m] : modules_) vkDestroyShaderModule(device_, m, nullptr);
    vkDestroyPipelineLayout(device_, lookup_layout_, nullptr);
    vkDestroyDescriptorSetLayout(device_, lookup_dsl_, nullptr);
    vkDestroyPipelineLayout(device_, store_layout_, nullptr);
    vkDestroyDescriptorSetLayout(device_, store_dsl_, nullptr);
    vkDestroyDescriptorPool(device_, desc_pool_, nullptr);
    vkDestroyRenderPass(device_, render_pass_, nullptr);
    vkDestroyCommandPool(device_, cmd_pool_, nullptr);
    vkDestroyDevice(device_, nullptr);
  }
  if (instance_ != VK_NULL_HANDLE) vkDestroyInstance(instance_, nullptr);
}

bool VkContext::format_supports(VkFormat f, VkFormatFeatureFlags flags) const {
  VkFormatProperties p;
  vkGetPhysicalDeviceFormatProperties(phys_, f, &p);
  return (p.optimalTilingFeatures & flags) == flags;
}

uint32_t VkContext::memory_type(uint32_t bits, VkMemoryPropertyFlags props) const {
  for (uint32_t i = 0; i < mem_props_.memoryTypeCount; ++i)
    if ((bits & (1u << i)) && (mem_props_.memoryTypes[i].propertyFlags & props) == props) return i;
  throw VkError("no suitable memory type");
}

HostBuffer VkContext::make_buffer(VkDeviceSize size, VkBufferUsageFlags usage) {
  HostBuffer b;
  b.size = size < 16 ? 16 : size;
  VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bci.size = b.size;
  bci.usage = usage;
  check(vkCreateBuffer(device_, &bci, nullptr, &b.buffer), "vkCreateBuffer");
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device_, b.buffer, &req);
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                            VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  check(vkAllocateMemory(device_, &mai, nullptr, &b.memory), "vkAllocateMemory");
  check(vkBindBufferMemory(device_, b.buffer, b.memory, 0), "vkBindBufferMemory");
  check(vkMapMemory(device_, b.memory, 0, VK_WHOLE_SIZE, 0, &b.data), "vkMapMemory");
  return b;
}

void VkContext::destroy(HostBuffer& b) {
  if (b.buffer == VK_NULL_HANDLE) return;
  vkUnmapMemory(device_, b.memory);
  vkDestroyBuffer(device_, b.buffer, nullptr);
  vkFreeMemory(device_, b.memory, nullptr);
  b = {};
}

VkShaderModule VkContext::shader_module(const std::string& stem) {
  auto it = modules_.find(stem);
  if (it != modules_.end()) return it->second;
  const std::string path = shader_dir_ + "/" + stem + ".spv";
  std::ifstream in(path, std::ios::binary);
  if (!in) throw VkError("cannot open shader " + path);
  std::vector<char> code((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<uint32_t> words((code.size() + 3) / 4);
  std::memcpy(words.data(), code.data(), code.size());
  VkShaderModuleCreateInfo smci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smci.codeSize = code.size();
  smci.pCode = words.data();
  VkShaderModule m;
  check(vkCreateShaderModule(device_, &smci, nullptr, &m), "vkCreateShaderModule");
  modules_[stem] = m;
  return m;
}

VkPipeline VkContext::pipeline(const std::string& stem, std::array<int32_t, 3> offset,
                               VkPipelineLayout layout) {
  const auto key = std::make_pair(stem, offset);
  auto it = pipelines_.find(key);
  if (it != pipelines_.end()) return it->second;
  const std::array<VkSpecializationMapEntry, 3> entries{{{0, 0, 4}, {1, 4, 4}, {2, 8, 4}}};
  VkSpecializationInfo spec{3, entries.data(), sizeof(offset), offset.data()};
  VkComputePipelineCreateInfo cpci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  cpci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = shader_module(stem);
  cpci.stage.pName = "main";
  cpci.stage.pSpecializationInfo = &spec;
  cpci.layout = layout;
  VkPipeline p;
  check(vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &cpci, nullptr, &p),
        "vkCreateComputePipelines");
  pipelines_[key] = p;
  return p;
}

VkPipeline VkContext::graphics_pipeline(const std::string& frag_stem) {
  const auto key = std::make_pair("frag:" + frag_stem, std::array<int32_t, 3>{});
  auto it = pipelines_.find(key);
  if (it != pipelines_.end()) return it->second;
  std::array<VkPipelineShaderStageCreateInfo, 2> stages{};
  stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = shader_module("fullscreen");
  stages[0].pName = "main";
  stages[1] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
  stages[1].module = shader_module(frag_stem);
  stages[1].pName = "main";
  VkPipelineVertexInputStateCreateInfo vi{
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  VkPipelineInputAssemblyStateCreateInfo ia{
      VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  vp.viewportCount = 1;
  vp.scissorCount = 1;
  VkPipelineRasterizationStateCreateInfo rs{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  rs.polygonMode = VK_POLYGON_MODE_FILL;
  rs.cullMode = VK_CULL_MODE_NONE;
  rs.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
  rs.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  VkPipelineColorBlendAttachmentState cba{};
  cba.colorWriteMask = 0xf;
  VkPipelineColorBlendStateCreateInfo cb{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  cb.attachmentCount = 1;
  cb.pAttachments = &cba;
  const std::array<VkDynamicState, 2> dyn{VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  VkPipelineDynamicStateCreateInfo ds{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  ds.dynamicStateCount = static_cast<uint32_t>(dyn.size());
  ds.pDynamicStates = dyn.data();
  VkGraphicsPipelineCreateInfo gpci{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  gpci.stageCount = static_cast<uint32_t>(stages.size());
  gpci.pStages = stages.data();
  gpci.pVertexInputState = &vi;
  gpci.pInputAssemblyState = &ia;
  gpci.pViewportState = &vp;
  gpci.pRasterizationState = &rs;
  gpci.pMultisampleState = &ms;
  gpci.pColorBlendState = &cb;
  gpci.pDynamicState = &ds;
  gpci.layout = lookup_layout_;
  gpci.renderPass = render_pass_;
  VkPipeline p;
  check(vkCreateGraphicsPipelines(device_, VK_NULL_HANDLE, 1, &gpci, nullptr, &p),
        "vkCreateGraphicsPipelines");
  pipelines_[key] = p;
  return p;
}

std::vector<uint32_t> VkContext::run(const ImageSpec& spec, std::span<const uint8_t> staging,
                                     std::span<const LevelCopy> copies,
                                     std::span<const uint32_t> ms_values,
                                     const std::string& ms_store_shader,
                                     const VkSamplerCreateInfo& sampler_info,
                                     const LookupDispatch& lookup) {
  const bool ms = spec.samples != VK_SAMPLE_COUNT_1_BIT;
  // Image.
  VkImageCreateInfo ici{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  ici.flags = spec.cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0;
  ici.imageType = spec.type;
  ici.format = spec.format;
  ici.extent = {spec.width, spec.height, spec.depth};
  ici.mipLevels = spec.mips;
  ici.arrayLayers = spec.layers;
  ici.samples = spec.samples;
  ici.tiling = VK_IMAGE_TILING_OPTIMAL;
  ici.usage = VK_IMAGE_USAGE_SAMPLED_BIT |
              (ms ? VK_IMAGE_USAGE_STORAGE_BIT : VK_IMAGE_USAGE_TRANSFER_DST_BIT);
  ici.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkImage image;
  check(vkCreateImage(device_, &ici, nullptr, &image), "vkCreateImage");
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(device_, image, &req);
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  VkDeviceMemory image_mem;
  check(vkAllocateMemory(device_, &mai, nullptr, &image_mem), "vkAllocateMemory(image)");
  check(vkBindImageMemory(device_, image, image_mem, 0), "vkBindImageMemory");

  VkImageViewCreateInfo vci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  vci.image = image;
  vci.viewType = spec.view_type;
  vci.format = spec.format;
  vci.subresourceRange = {spec.aspect, 0, spec.mips, 0, spec.layers};
  VkImageView view;
  check(vkCreateImageView(device_, &vci, nullptr, &view), "vkCreateImageView");
  VkSampler sampler;
  check(vkCreateSampler(device_, &sampler_info, nullptr, &sampler), "vkCreateSampler");

  // Staging data: buffer-to-image copy source, or the MSAA store shader's per-sample values.
  HostBuffer stage = ms ? make_buffer(ms_values.size_bytes(), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)
                        : make_buffer(staging.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  if (ms)
    std::memcpy(stage.data, ms_values.data(), ms_values.size_bytes());
  else if (!staging.empty())
    std::memcpy(stage.data, staging.data(), staging.size());
  HostBuffer in = make_buffer(lookup.lanes.size(), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  std::memcpy(in.data, lookup.lanes.data(), lookup.lanes.size());
  HostBuffer out = make_buffer(VkDeviceSize{lookup.count} * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);

  VkCommandBufferAllocateInfo cbai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cbai.commandPool = cmd_pool_;
  cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbai.commandBufferCount = 1;
  VkCommandBuffer cb;
  check(vkAllocateCommandBuffers(device_, &cbai, &cb), "vkAllocateCommandBuffers");
  VkCommandBufferBeginInfo cbbi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  cbbi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkBeginCommandBuffer(cb, &cbbi), "vkBeginCommandBuffer");

  auto barrier = [&](VkImageLayout from, VkImageLayout to, VkAccessFlags src_access,
                     VkAccessFlags dst_access, VkPipelineStageFlags src_stage,
                     VkPipelineStageFlags dst_stage) {
    VkImageMemoryBarrier b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    b.srcAccessMask = src_access;
    b.dstAccessMask = dst_access;
    b.oldLayout = from;
    b.newLayout = to;
    b.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.image = image;
    b.subresourceRange = {spec.aspect, 0, spec.mips, 0, spec.layers};
    vkCmdPipelineBarrier(cb, src_stage, dst_stage, 0, 0, nullptr, 0, nullptr, 1, &b);
  };

  VkDescriptorSet store_set = VK_NULL_HANDLE;
  VkImageLayout sample_layout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
  if (ms) {
    barrier(VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL, 0, VK_ACCESS_SHADER_WRITE_BIT,
            VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
    VkDescriptorSetAllocateInfo dsai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    dsai.descriptorPool = desc_pool_;
    dsai.descriptorSetCount = 1;
    dsai.pSetLayouts = &store_dsl_;
    check(vkAllocateDescriptorSets(device_, &dsai, &store_set), "vkAllocateDescriptorSets");
    VkDescriptorImageInfo dii{VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL};
    VkDescriptorBufferInfo dbi{stage.buffer, 0, VK_WHOLE_SIZE};
    std::array<VkWriteDescriptorSet, 2> w{};
    w[0] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, nullptr, store_set, 0,      0, 1,
            VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,       &dii,    nullptr,   nullptr};
    w[1] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, nullptr, store_set, 1,      0, 1,
            VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,      nullptr, &dbi,      nullptr};
    vkUpdateDescriptorSets(device_, 2, w.data(), 0, nullptr);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE,
                      pipeline(ms_store_shader, {0, 0, 0}, store_layout_));
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, store_layout_, 0, 1, &store_set, 0,
                            nullptr);
    const std::array<uint32_t, 3> pc{spec.width, spec.height, static_cast<uint32_t>(spec.samples)};
    vkCmdPushConstants(cb, store_layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(pc), pc.data());
    const uint32_t n = spec.width * spec.height * static_cast<uint32_t>(spec.samples);
    vkCmdDispatch(cb, (n + kGroupSize - 1) / kGroupSize, 1, 1);
    barrier(VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_GENERAL, VK_ACCESS_SHADER_WRITE_BIT,
            VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
    sample_layout = VK_IMAGE_LAYOUT_GENERAL;
  } else {
    barrier(VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
            VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT);
    std::vector<VkBufferImageCopy> regions;
    for (const auto& c : copies) {
      VkBufferImageCopy r{};
      r.bufferOffset = c.offset;
      r.imageSubresource = {spec.aspect, c.level, 0, spec.layers};
      r.imageExtent = {c.width, c.height, c.depth};
      regions.push_back(r);
    }
    vkCmdCopyBufferToImage(cb, stage.buffer, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                           static_cast<uint32_t>(regions.size()), regions.data());
    barrier(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
            VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
  }

  VkDescriptorSetAllocateInfo dsai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  dsai.descriptorPool = desc_pool_;
  dsai.descriptorSetCount = 1;
  dsai.pSetLayouts = &lookup_dsl_;
  VkDescriptorSet set;
  check(vkAllocateDescriptorSets(device_, &dsai, &set), "vkAllocateDescriptorSets");
  VkDescriptorImageInfo dii{sampler, view, sample_layout};
  VkDescriptorBufferInfo in_info{in.buffer, 0, VK_WHOLE_SIZE};
  VkDescriptorBufferInfo out_info{out.buffer, 0, VK_WHOLE_SIZE};
  std::array<VkWriteDescriptorSet, 3> w{};
  w[0] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,    nullptr, set,     0,      0, 1,
          VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, &dii,    nullptr, nullptr};
  w[1] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, nullptr, set,      1,      0, 1,
          VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,      nullptr, &in_info, nullptr};
  w[2] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, nullptr, set,       2,      0, 1,
          VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,      nullptr, &out_info, nullptr};
  vkUpdateDescriptorSets(device_, 3, w.data(), 0, nullptr);
  const std::array<uint32_t, 3> pc{lookup.count, lookup.gather_comp, lookup.quads_per_row};
  VkImage target = VK_NULL_HANDLE;
  VkDeviceMemory target_mem = VK_NULL_HANDLE;
  VkImageView target_view = VK_NULL_HANDLE;
  VkFramebuffer framebuffer = VK_NULL_HANDLE;
  if (lookup.fragment) {
    if (!features_.fragment_stores) throw VkError("no fragmentStoresAndAtomics");
    const uint32_t quads = (lookup.count + 3) / 4;
    const uint32_t qx = lookup.quads_per_row;
    const uint32_t tw = 2 * qx, th = 2 * ((quads + qx - 1) / qx);
    VkImageCreateInfo tci{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    tci.imageType = VK_IMAGE_TYPE_2D;
    tci.format = VK_FORMAT_R8G8B8A8_UNORM;
    tci.extent = {tw, th, 1};
    tci.mipLevels = 1;
    tci.arrayLayers = 1;
    tci.samples = VK_SAMPLE_COUNT_1_BIT;
    tci.tiling = VK_IMAGE_TILING_OPTIMAL;
    tci.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    check(vkCreateImage(device_, &tci, nullptr, &target), "vkCreateImage(target)");
    VkMemoryRequirements treq;
    vkGetImageMemoryRequirements(device_, target, &treq);
    VkMemoryAllocateInfo tmai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    tmai.allocationSize = treq.size;
    tmai.memoryTypeIndex = memory_type(treq.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    check(vkAllocateMemory(device_, &tmai, nullptr, &target_mem), "vkAllocateMemory(target)");
    check(vkBindImageMemory(device_, target, target_mem, 0), "vkBindImageMemory(target)");
    VkImageViewCreateInfo tvci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    tvci.image = target;
    tvci.viewType = VK_IMAGE_VIEW_TYPE_2D;
    tvci.format = VK_FORMAT_R8G8B8A8_UNORM;
    tvci.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    check(vkCreateImageView(device_, &tvci, nullptr, &target_view), "vkCreateImageView(target)");
    VkFramebufferCreateInfo fci{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    fci.renderPass = render_pass_;
    fci.attachmentCount = 1;
    fci.pAttachments = &target_view;
    fci.width = tw;
    fci.height = th;
    fci.layers = 1;
    check(vkCreateFramebuffer(device_, &fci, nullptr, &framebuffer), "vkCreateFramebuffer");
    VkRenderPassBeginInfo rpbi{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    rpbi.renderPass = render_pass_;
    rpbi.framebuffer = framebuffer;
    rpbi.renderArea = {{0, 0}, {tw, th}};
    vkCmdBeginRenderPass(cb, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, graphics_pipeline(lookup.shader));
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, lookup_layout_, 0, 1, &set, 0,
                            nullptr);
    vkCmdPushConstants(cb, lookup_layout_,
                       VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(pc),
                       pc.data());
    // The triangle (fullscreen.vert) lies inside the view volume, so nothing clips or splits it,
    // and with a viewport of 4x the target its long edge runs far outside the target: every 2x2
    // quad is covered by one primitive. A clipped triangle is drawn as two, and a quad on their
    // shared edge runs with helper invocations, whose SSBO loads read 0 on lavapipe (Mesa 22.3):
    // the quad's derivatives then come from coordinates (0,0) (tests/oracle/README.md).
    const VkViewport viewport{0.0f, 0.0f, 4.0f * static_cast<float>(tw),
                              4.0f * static_cast<float>(th), 0.0f, 1.0f};
    const VkRect2D scissor{{0, 0}, {tw, th}};
    vkCmdSetViewport(cb, 0, 1, &viewport);
    vkCmdSetScissor(cb, 0, 1, &scissor);
    vkCmdDraw(cb, 3, 1, 0, 0);
    vkCmdEndRenderPass(cb);
  } else {
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE,
                      pipeline(lookup.shader, lookup.offset, lookup_layout_));
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, lookup_layout_, 0, 1, &set, 0,
                            nullptr);
    vkCmdPushConstants(cb, lookup_layout_,
                       VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(pc),
                       pc.data());
    vkCmdDispatch(cb, (lookup.count + kGroupSize - 1) / kGroupSize, 1, 1);
  }
  VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  mb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cb,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                       VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, nullptr, 0, nullptr);
  check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
  VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  si.commandBufferCount = 1;
  si.pCommandBuffers = &cb;
  check(vkQueueSubmit(queue_, 1, &si, VK_NULL_HANDLE), "vkQueueSubmit");
  check(vkQueueWaitIdle(queue_), "vkQueueWaitIdle");

  std::vector<uint32_t> result(size_t{lookup.count} * 4);
  std::memcpy(result.data(), out.data, result.size() * 4);

  vkFreeCommandBuffers(device_, cmd_pool_, 1, &cb);
  vkFreeDescriptorSets(device_, desc_pool_, 1, &set);
  if (store_set != VK_NULL_HANDLE) vkFreeDescriptorSets(device_, desc_pool_, 1, &store_set);
  destroy(stage);
  destroy(in);
  destroy(out);
  if (framebuffer != VK_NULL_HANDLE) vkDestroyFramebuffer(device_, framebuffer, nullptr);
  if (target_view != VK_NULL_HANDLE) vkDestroyImageView(device_, target_view, nullptr);
  if (target != VK_NULL_HANDLE) vkDestroyImage(device_, target, nullptr);
  if (target_mem != VK_NULL_HANDLE) vkFreeMemory(device_, target_mem, nullptr);
  vkDestroySampler(device_, sampler, nullptr);
  vkDestroyImageView(device_, view, nullptr);
  vkDestroyImage(device_, image, nullptr);
  vkFreeMemory(device_, image_mem, nullptr);
  return result;
}

}  // namespace texsim::oracle
