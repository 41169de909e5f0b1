// The oracle's Vulkan side (see vk_context.hpp): raw C API, one submission per batch.
// Depends on Vulkan and vk_device.hpp only; knows nothing about texsim.
#include "vk_context.hpp"

#include <cstring>
#include <utility>

namespace texsim::oracle {
namespace {

constexpr uint32_t kGroupSize = 64;

}  // namespace

VkContext::VkContext(std::string shader_dir)
    : shader_dir_(std::move(shader_dir)), dev_(DeviceOptions{}), device_(dev_.device()) {
  std::array<VkDescriptorPoolSize, 3> sizes{{{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 4},
                                             {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8},
                                             {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 4}}};
  VkDescriptorPoolCreateInfo dpci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpci.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  dpci.maxSets = 4;
  dpci.poolSizeCount = static_cast<uint32_t>(sizes.size());
  dpci.pPoolSizes = sizes.data();
  vk_check(vkCreateDescriptorPool(device_, &dpci, nullptr, &desc_pool_), "vkCreateDescriptorPool");

  auto make_layout = [&](std::span<const VkDescriptorSetLayoutBinding> b, uint32_t pc_bytes,
                         VkShaderStageFlags stages, VkDescriptorSetLayout& dsl,
                         VkPipelineLayout& pl) {
    VkDescriptorSetLayoutCreateInfo lci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    lci.bindingCount = static_cast<uint32_t>(b.size());
    lci.pBindings = b.data();
    vk_check(vkCreateDescriptorSetLayout(device_, &lci, nullptr, &dsl),
             "vkCreateDescriptorSetLayout");
    VkPushConstantRange pcr{stages, 0, pc_bytes};
    VkPipelineLayoutCreateInfo plci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    plci.setLayoutCount = 1;
    plci.pSetLayouts = &dsl;
    plci.pushConstantRangeCount = 1;
    plci.pPushConstantRanges = &pcr;
    vk_check(vkCreatePipelineLayout(device_, &plci, nullptr, &pl), "vkCreatePipelineLayout");
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
  vk_check(vkCreateRenderPass(device_, &rpci, nullptr, &render_pass_), "vkCreateRenderPass");
}

VkContext::~VkContext() {
  vkDeviceWaitIdle(device_);
  for (auto& [k, p] : pipelines_) vkDestroyPipeline(device_, p, nullptr);
  for (auto& [k, m] : modules_) vkDestroyShaderModule(device_, m, nullptr);
  vkDestroyPipelineLayout(device_, lookup_layout_, nullptr);
  vkDestroyDescriptorSetLayout(device_, lookup_dsl_, nullptr);
  vkDestroyPipelineLayout(device_, store_layout_, nullptr);
  vkDestroyDescriptorSetLayout(device_, store_dsl_, nullptr);
  vkDestroyDescriptorPool(device_, desc_pool_, nullptr);
  vkDestroyRenderPass(device_, render_pass_, nullptr);
}  // dev_ then destroys the command pool, the device and the instance

VkShaderModule VkContext::shader_module(const std::string& stem) {
  auto it = modules_.find(stem);
  if (it != modules_.end()) return it->second;
  const VkShaderModule m = dev_.load_shader(shader_dir_ + "/" + stem + ".spv");
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
  vk_check(vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &cpci, nullptr, &p),
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
  vk_check(vkCreateGraphicsPipelines(device_, VK_NULL_HANDLE, 1, &gpci, nullptr, &p),
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
  vk_check(vkCreateImage(device_, &ici, nullptr, &image), "vkCreateImage");
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(device_, image, &req);
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = dev_.memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  VkDeviceMemory image_mem;
  vk_check(vkAllocateMemory(device_, &mai, nullptr, &image_mem), "vkAllocateMemory(image)");
  vk_check(vkBindImageMemory(device_, image, image_mem, 0), "vkBindImageMemory");

  VkImageViewCreateInfo vci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  vci.image = image;
  vci.viewType = spec.view_type;
  vci.format = spec.format;
  const uint32_t view_levels =
      spec.view_levels != 0 ? spec.view_levels : spec.mips - spec.base_level;
  vci.subresourceRange = {spec.aspect, spec.base_level, view_levels, 0, spec.layers};
  VkImageView view;
  vk_check(vkCreateImageView(device_, &vci, nullptr, &view), "vkCreateImageView");
  VkSampler sampler;
  vk_check(vkCreateSampler(device_, &sampler_info, nullptr, &sampler), "vkCreateSampler");

  // Staging data: buffer-to-image copy source, or the MSAA store shader's per-sample values.
  HostBuffer stage =
      ms ? dev_.make_buffer(ms_values.size_bytes(), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)
         : dev_.make_buffer(staging.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  if (ms)
    std::memcpy(stage.data, ms_values.data(), ms_values.size_bytes());
  else if (!staging.empty())
    std::memcpy(stage.data, staging.data(), staging.size());
  HostBuffer in = dev_.make_buffer(lookup.lanes.size(), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  std::memcpy(in.data, lookup.lanes.data(), lookup.lanes.size());
  HostBuffer out =
      dev_.make_buffer(VkDeviceSize{lookup.count} * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);

  const VkCommandBuffer cb = dev_.allocate_command_buffer();
  VkCommandBufferBeginInfo cbbi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  cbbi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  vk_check(vkBeginCommandBuffer(cb, &cbbi), "vkBeginCommandBuffer");

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
    vk_check(vkAllocateDescriptorSets(device_, &dsai, &store_set), "vkAllocateDescriptorSets");
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
  vk_check(vkAllocateDescriptorSets(device_, &dsai, &set), "vkAllocateDescriptorSets");
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
    if (!dev_.features().fragment_stores) throw VkError("no fragmentStoresAndAtomics");
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
    vk_check(vkCreateImage(device_, &tci, nullptr, &target), "vkCreateImage(target)");
    VkMemoryRequirements treq;
    vkGetImageMemoryRequirements(device_, target, &treq);
    VkMemoryAllocateInfo tmai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    tmai.allocationSize = treq.size;
    tmai.memoryTypeIndex =
        dev_.memory_type(treq.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    vk_check(vkAllocateMemory(device_, &tmai, nullptr, &target_mem), "vkAllocateMemory(target)");
    vk_check(vkBindImageMemory(device_, target, target_mem, 0), "vkBindImageMemory(target)");
    VkImageViewCreateInfo tvci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    tvci.image = target;
    tvci.viewType = VK_IMAGE_VIEW_TYPE_2D;
    tvci.format = VK_FORMAT_R8G8B8A8_UNORM;
    tvci.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vk_check(vkCreateImageView(device_, &tvci, nullptr, &target_view), "vkCreateImageView(target)");
    VkFramebufferCreateInfo fci{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    fci.renderPass = render_pass_;
    fci.attachmentCount = 1;
    fci.pAttachments = &target_view;
    fci.width = tw;
    fci.height = th;
    fci.layers = 1;
    vk_check(vkCreateFramebuffer(device_, &fci, nullptr, &framebuffer), "vkCreateFramebuffer");
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
    const VkViewport viewport{
        0.0f, 0.0f, 4.0f * static_cast<float>(tw), 4.0f * static_cast<float>(th), 0.0f, 1.0f};
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
  vk_check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
  dev_.submit_and_wait(cb);

  std::vector<uint32_t> result(size_t{lookup.count} * 4);
  std::memcpy(result.data(), out.data, result.size() * 4);

  dev_.free_command_buffer(cb);
  vkFreeDescriptorSets(device_, desc_pool_, 1, &set);
  if (store_set != VK_NULL_HANDLE) vkFreeDescriptorSets(device_, desc_pool_, 1, &store_set);
  dev_.destroy(stage);
  dev_.destroy(in);
  dev_.destroy(out);
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
