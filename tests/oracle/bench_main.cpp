// texsim_oracle_bench: the lavapipe side of `make bench-compare` — one op (shaders/bench.comp) on
// a VulkanDevice (vk_device.hpp), inputs of bench/compare_inputs.hpp; wall time of submit + wait.
#include <vulkan/vulkan.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "compare_inputs.hpp"
#include "vk_device.hpp"

namespace texsim::oracle {
namespace {

constexpr uint32_t kGroupSize = 64;
constexpr uint32_t kGroupsPerRow = 4096;

struct Options {
  benchcmp::Op op = benchcmp::Op::kFetch;
  uint32_t size = 1024;
  size_t lookups = size_t{1} << 24;
  uint64_t seed = 1;
  unsigned reps = 9;
};

int usage() {
  std::fprintf(stderr,
               "usage: texsim_oracle_bench --op fetch|bilinear|trilinear [--size N] "
               "[--lookups N] [--seed N] [--reps N]\n");
  return 2;
}

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return false;
    const char* v = argv[++i];
    if (a == "--op") {
      const auto op = benchcmp::op_from_name(v);
      if (!op) return false;
      o.op = *op;
    } else if (a == "--size") {
      o.size = static_cast<uint32_t>(std::strtoul(v, nullptr, 0));
    } else if (a == "--lookups") {
      o.lookups = std::strtoull(v, nullptr, 0);
    } else if (a == "--seed") {
      o.seed = std::strtoull(v, nullptr, 0);
    } else if (a == "--reps") {
      o.reps = static_cast<unsigned>(std::strtoul(v, nullptr, 0));
    } else {
      return false;
    }
  }
  return o.size >= 1 && o.lookups >= 1 && o.reps >= 1 &&
         o.lookups <= size_t{kGroupSize} * kGroupsPerRow * 65535;
}

// The device: Vulkan 1.1, any compute queue and no optional feature (robustImageAccess, say, would
// change the code lavapipe generates for the lookups, and so the timings).
constexpr DeviceOptions kDeviceOptions{.app_name = "texsim_oracle_bench",
                                       .api_version = VK_API_VERSION_1_1,
                                       .graphics_queue = false,
                                       .optional_features = false};

// The whole Vulkan side: image, sampler, buffers, one recorded dispatch on a VulkanDevice.
class Bench {
 public:
  explicit Bench(const Options& o)
      : o_(o), dev_(kDeviceOptions), device_(dev_.device()), cb_(dev_.allocate_command_buffer()) {}
  ~Bench() {
    vkDeviceWaitIdle(device_);
    vkDestroyPipeline(device_, pipeline_, nullptr);
    vkDestroyShaderModule(device_, module_, nullptr);
    vkDestroyPipelineLayout(device_, layout_, nullptr);
    vkDestroyDescriptorPool(device_, pool_, nullptr);
    vkDestroyDescriptorSetLayout(device_, dsl_, nullptr);
    vkDestroySampler(device_, sampler_, nullptr);
    vkDestroyImageView(device_, view_, nullptr);
    vkDestroyImage(device_, image_, nullptr);
    vkFreeMemory(device_, image_memory_, nullptr);
    for (HostBuffer* b : {&in0_, &in1_, &in2_, &out_, &staging_}) dev_.destroy(*b);
  }  // dev_ then frees cb_ with its command pool
  Bench(const Bench&) = delete;
  Bench& operator=(const Bench&) = delete;

  int run() {
    upload();
    record();
    submit();  // warm-up: first touch of the output pages, JIT caches, worker threads
    std::vector<double> secs;
    for (unsigned i = 0; i < o_.reps; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      submit();
      secs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(secs.begin(), secs.end());
    const double n = static_cast<double>(o_.lookups);
    benchcmp::Hash h;
    const auto* res = static_cast<const uint32_t*>(out_.data);
    for (size_t i = 0; i < o_.lookups * 4; ++i) h.add(res[i]);
    std::printf(
        "bench side=lavapipe op=%s profile=device size=%u lookups=%zu reps=%u threads=%s "
        "path=%s median_mlps=%.2f min_mlps=%.2f max_mlps=%.2f hash=%016" PRIx64 "\n",
        benchcmp::op_name(o_.op), o_.size, o_.lookups, o_.reps, threads_env().c_str(),
        path_name().c_str(), n / secs[secs.size() / 2] / 1e6, n / secs.back() / 1e6,
        n / secs.front() / 1e6, h.h);
    return 0;
  }

 private:
  static std::string threads_env() {
    const char* t = std::getenv("LP_NUM_THREADS");
    return t ? t : "default";
  }
  std::string path_name() const {
    std::string s = dev_.name();
    for (char& c : s)
      if (c == ' ') c = '_';
    return s;
  }

  // Image (full mip chain) + staging copy, sampler, lane buffers, descriptors, pipeline.
  void upload() {
    const uint32_t mips = benchcmp::mip_count(o_.size);
    VkImageCreateInfo ici{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    ici.imageType = VK_IMAGE_TYPE_2D;
    ici.format = VK_FORMAT_R8G8B8A8_UNORM;
    ici.extent = {o_.size, o_.size, 1};
    ici.mipLevels = mips;
    ici.arrayLayers = 1;
    ici.samples = VK_SAMPLE_COUNT_1_BIT;
    ici.tiling = VK_IMAGE_TILING_OPTIMAL;
    ici.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    ici.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    vk_check(vkCreateImage(device_, &ici, nullptr, &image_), "vkCreateImage");
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(device_, image_, &req);
    VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    mai.allocationSize = req.size;
    mai.memoryTypeIndex = dev_.memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    vk_check(vkAllocateMemory(device_, &mai, nullptr, &image_memory_), "vkAllocateMemory");
    vk_check(vkBindImageMemory(device_, image_, image_memory_, 0), "vkBindImageMemory");
    VkImageViewCreateInfo vci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    vci.image = image_;
    vci.viewType = VK_IMAGE_VIEW_TYPE_2D;
    vci.format = ici.format;
    vci.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, mips, 0, 1};
    vk_check(vkCreateImageView(device_, &vci, nullptr, &view_), "vkCreateImageView");

    const std::vector<uint8_t> bytes = benchcmp::surface_bytes(o_.size, o_.seed);
    staging_ = dev_.make_buffer(bytes.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    std::memcpy(staging_.data, bytes.data(), bytes.size());
    std::vector<VkBufferImageCopy> copies;
    VkDeviceSize offset = 0;
    for (uint32_t l = 0; l < mips; ++l) {
      const uint32_t e = o_.size >> l;
      VkBufferImageCopy c{};
      c.bufferOffset = offset;
      c.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1};
      c.imageExtent = {e, e, 1};
      copies.push_back(c);
      offset += VkDeviceSize{e} * e * 4;
    }
    VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vk_check(vkBeginCommandBuffer(cb_, &bi), "vkBeginCommandBuffer");
    VkImageMemoryBarrier bar{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    bar.srcQueueFamilyIndex = bar.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    bar.image = image_;
    bar.subresourceRange = vci.subresourceRange;
    bar.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    bar.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    bar.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    vkCmdPipelineBarrier(cb_, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, nullptr, 0, nullptr, 1, &bar);
    vkCmdCopyBufferToImage(cb_, staging_.buffer, image_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                           static_cast<uint32_t>(copies.size()), copies.data());
    bar.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    bar.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    bar.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    bar.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    vkCmdPipelineBarrier(cb_, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         0, 0, nullptr, 0, nullptr, 1, &bar);
    vk_check(vkEndCommandBuffer(cb_), "vkEndCommandBuffer");
    submit();
    dev_.destroy(staging_);

    // Sampler: the state of compare_inputs.hpp.
    VkSamplerCreateInfo sci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    sci.magFilter = sci.minFilter =
        o_.op == benchcmp::Op::kFetch ? VK_FILTER_NEAREST : VK_FILTER_LINEAR;
    sci.mipmapMode = o_.op == benchcmp::Op::kTrilinear ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                       : VK_SAMPLER_MIPMAP_MODE_NEAREST;
    sci.addressModeU = sci.addressModeV = sci.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT;
    sci.minLod = 0.0f;
    sci.maxLod = 1000.0f;
    vk_check(vkCreateSampler(device_, &sci, nullptr, &sampler_), "vkCreateSampler");

    // Lanes.
    const benchcmp::Lanes lanes = benchcmp::make_lanes(o_.op, o_.size, o_.lookups, o_.seed);
    const VkDeviceSize word_bytes = VkDeviceSize{o_.lookups} * 4;
    in0_ = dev_.make_buffer(word_bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    in1_ = dev_.make_buffer(word_bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    in2_ = dev_.make_buffer(o_.op == benchcmp::Op::kTrilinear ? word_bytes : 16,
                            VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    out_ = dev_.make_buffer(word_bytes * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    if (o_.op == benchcmp::Op::kFetch) {
      std::memcpy(in0_.data, lanes.x.data(), word_bytes);
      std::memcpy(in1_.data, lanes.y.data(), word_bytes);
    } else {
      std::memcpy(in0_.data, lanes.u.data(), word_bytes);
      std::memcpy(in1_.data, lanes.v.data(), word_bytes);
      if (o_.op == benchcmp::Op::kTrilinear) std::memcpy(in2_.data, lanes.lod.data(), word_bytes);
    }

    // Descriptors and pipeline.
    std::array<VkDescriptorSetLayoutBinding, 5> bindings{};
    for (uint32_t i = 0; i < bindings.size(); ++i) {
      bindings[i] = {
          i, i == 0 ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
          1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
    }
    VkDescriptorSetLayoutCreateInfo lci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    lci.bindingCount = static_cast<uint32_t>(bindings.size());
    lci.pBindings = bindings.data();
    vk_check(vkCreateDescriptorSetLayout(device_, &lci, nullptr, &dsl_),
             "vkCreateDescriptorSetLayout");
    VkPushConstantRange pcr{VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
    VkPipelineLayoutCreateInfo plci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    plci.setLayoutCount = 1;
    plci.pSetLayouts = &dsl_;
    plci.pushConstantRangeCount = 1;
    plci.pPushConstantRanges = &pcr;
    vk_check(vkCreatePipelineLayout(device_, &plci, nullptr, &layout_), "vkCreatePipelineLayout");
    const std::array<VkDescriptorPoolSize, 2> sizes{
        {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1}, {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4}}};
    VkDescriptorPoolCreateInfo dpci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    dpci.maxSets = 1;
    dpci.poolSizeCount = static_cast<uint32_t>(sizes.size());
    dpci.pPoolSizes = sizes.data();
    vk_check(vkCreateDescriptorPool(device_, &dpci, nullptr, &pool_), "vkCreateDescriptorPool");
    VkDescriptorSetAllocateInfo dsai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    dsai.descriptorPool = pool_;
    dsai.descriptorSetCount = 1;
    dsai.pSetLayouts = &dsl_;
    vk_check(vkAllocateDescriptorSets(device_, &dsai, &set_), "vkAllocateDescriptorSets");
    VkDescriptorImageInfo dii{sampler_, view_, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    const std::array<VkDescriptorBufferInfo, 4> dbi{{{in0_.buffer, 0, VK_WHOLE_SIZE},
                                                     {in1_.buffer, 0, VK_WHOLE_SIZE},
                                                     {in2_.buffer, 0, VK_WHOLE_SIZE},
                                                     {out_.buffer, 0, VK_WHOLE_SIZE}}};
    std::array<VkWriteDescriptorSet, 5> w{};
    for (uint32_t i = 0; i < w.size(); ++i) {
      w[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      w[i].dstSet = set_;
      w[i].dstBinding = i;
      w[i].descriptorCount = 1;
      w[i].descriptorType = bindings[i].descriptorType;
      if (i == 0) {
        w[i].pImageInfo = &dii;
      } else {
        w[i].pBufferInfo = &dbi[i - 1];
      }
    }
    vkUpdateDescriptorSets(device_, static_cast<uint32_t>(w.size()), w.data(), 0, nullptr);

    const std::string path = std::string(TEXSIM_ORACLE_SHADER_DIR) + "/bench_op" +
                             std::to_string(static_cast<int>(o_.op)) + ".spv";
    module_ = dev_.load_shader(path);
    VkComputePipelineCreateInfo cpci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    cpci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    cpci.stage.module = module_;
    cpci.stage.pName = "main";
    cpci.layout = layout_;
    vk_check(vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &cpci, nullptr, &pipeline_),
             "vkCreateComputePipelines");
  }

  // The timed command buffer: one dispatch of every lane, nothing else.
  void record() {
    vk_check(vkResetCommandBuffer(cb_, 0), "vkResetCommandBuffer");
    VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vk_check(vkBeginCommandBuffer(cb_, &bi), "vkBeginCommandBuffer");
    vkCmdBindPipeline(cb_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
    vkCmdBindDescriptorSets(cb_, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 1, &set_, 0, nullptr);
    const uint32_t count = static_cast<uint32_t>(o_.lookups);
    vkCmdPushConstants(cb_, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &count);
    const uint32_t groups = (count + kGroupSize - 1) / kGroupSize;
    const uint32_t gx = std::min(groups, kGroupsPerRow);
    vkCmdDispatch(cb_, gx, (groups + gx - 1) / gx, 1);
    vk_check(vkEndCommandBuffer(cb_), "vkEndCommandBuffer");
  }

  void submit() { dev_.submit_and_wait(cb_); }

  Options o_;
  VulkanDevice dev_;
  VkDevice device_ = VK_NULL_HANDLE;  // dev_.device(), not owned
  VkCommandBuffer cb_ = VK_NULL_HANDLE;
  VkImage image_ = VK_NULL_HANDLE;
  VkDeviceMemory image_memory_ = VK_NULL_HANDLE;
  VkImageView view_ = VK_NULL_HANDLE;
  VkSampler sampler_ = VK_NULL_HANDLE;
  HostBuffer in0_, in1_, in2_, out_, staging_;
  VkDescriptorSetLayout dsl_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkDescriptorPool pool_ = VK_NULL_HANDLE;
  VkDescriptorSet set_ = VK_NULL_HANDLE;
  VkShaderModule module_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
};

}  // namespace
}  // namespace texsim::oracle

int main(int argc, char** argv) {
  texsim::oracle::Options o;
  if (!texsim::oracle::parse(argc, argv, o)) return texsim::oracle::usage();
  try {
    texsim::oracle::Bench bench(o);
    return bench.run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "texsim_oracle_bench: %s\n", e.what());
    return 1;
  }
}
