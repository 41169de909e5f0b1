// Random differential cases ("batches"): one surface, sampler state, op and immediate offset with
// many lanes, as texsim requests and as Vulkan inputs. Depends on texunit and vk_context.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "texunit/fetch.hpp"
#include "texunit/sample.hpp"
#include "texunit/surface.hpp"
#include "vk_context.hpp"

namespace texsim::oracle {

enum class Op : uint8_t {
  kFetch,         // texelFetch(Offset)
  kFetchMs,       // texelFetch on a 4x multisampled 2D image
  kLod,           // textureLod(Offset)
  kGrad,          // textureGrad(Offset)
  kShadowLod,     // textureLod(Offset) on sampler2DShadow
  kShadowGrad,    // textureGrad(Offset) on sampler2D(Array)Shadow / samplerCubeShadow
  kGather,        // textureGather(Offset)
  kGatherShadow,  // textureGather(Offset) with a depth reference
  kImplicit,      // fragment quads: texture() with implicit derivatives
  kBias,          // fragment quads: texture(..., bias)
  kQueryLod,      // fragment quads: textureQueryLod
  kCount
};
constexpr int kOpCount = static_cast<int>(Op::kCount);
std::string_view op_name(Op op);
// Ops run by the fragment-quad path (lanes in 2x2 quads, implicit derivatives).
bool is_fragment_op(Op op);
std::optional<Op> op_from_name(std::string_view name);

struct FormatEntry {
  texunit::Format tex;
  VkFormat vk;
  std::string_view name;
  bool uint_result;  // sampled through usampler*
  bool depth;
};
std::span<const FormatEntry> oracle_formats();

// One lane's GPU input (48 bytes, the shader's `Lane`).
struct Lane {
  std::array<float, 4> a{}, b{}, c{};
};

struct Batch {
  uint64_t seed = 0;
  uint32_t index = 0;
  Op op = Op::kFetch;
  const FormatEntry* format = nullptr;
  std::unique_ptr<texunit::Surface> surface;
  texunit::SamplerState sampler;
  // sampler_info() chains this when sampler.reduction is min or max (VK_EXT_sampler_filter_minmax).
  mutable VkSamplerReductionModeCreateInfo reduction_info{
      VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO};
  VkBorderColor border = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
  bool has_offset = false;
  std::array<int32_t, 3> offset{};
  uint32_t gather_comp = 0;
  std::vector<Lane> lanes;
  std::vector<texunit::FetchRequest> fetches;   // fetch ops
  std::vector<texunit::SampleRequest> samples;  // sampling ops
};

struct Capabilities {
  bool mirror_clamp_to_edge = false;
  bool storage_image_multisample = false;
  // Per oracle_formats() index: linear filtering supported (sampled image filter linear).
  std::vector<bool> filterable;
  std::vector<bool> sampleable;
};

// Builds case `index` of run `seed` for `op` (deterministic in seed, index, op).
Batch make_batch(uint64_t seed, uint32_t index, Op op, uint32_t lanes, const Capabilities& caps);

// The Vulkan side of a batch.
ImageSpec image_spec(const Batch& b);
std::vector<LevelCopy> level_copies(const Batch& b);
std::vector<uint32_t> ms_values(const Batch& b);
std::string ms_store_shader(const Batch& b);
VkSamplerCreateInfo sampler_info(const Batch& b);
std::string shader_name(const Batch& b);

// One-line description of the batch state (for reproducers).
std::string describe(const Batch& b);

}  // namespace texsim::oracle
