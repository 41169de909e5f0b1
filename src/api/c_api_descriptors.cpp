// The C API (include/texsim/texsim.h), hardware descriptors: thin over texsim/descriptors.hpp,
// bytes out as texsim_blob.
#include <span>
#include <string>

#include "api/c_api.hpp"
#include "api/c_structs.hpp"
#include "api/fields.hpp"
#include "texsim/descriptors.hpp"

namespace {

using texsim::capi::bad_argument;
using texsim::capi::guard;

texsim_blob* blob_of(std::vector<uint8_t> bytes) {
  auto* b = new texsim_blob;
  b->size = bytes.size();
  b->data = std::move(bytes);
  return b;
}

std::span<const uint8_t> bytes_of(const void* p, size_t n) {
  return {static_cast<const uint8_t*>(p), n};
}

}  // namespace

extern "C" {

texsim_status texsim_surface_from_descriptor(const char* platform, const void* descriptor,
                                             size_t size, uint64_t memory_address,
                                             const void* memory, size_t memory_size,
                                             texsim_surface** out, texsim_placement* placement) {
  return guard([&](texsim::Diagnostics& d) {
    if (platform == nullptr || descriptor == nullptr || out == nullptr ||
        (memory == nullptr && memory_size != 0))
      return bad_argument(d, "platform, descriptor and out must be set (memory with its size)");
    *out = nullptr;
    if (placement != nullptr && !texsim::capi::read(placement, "placement", d))
      return TEXSIM_ERROR_INVALID_ARGUMENT;
    auto s = texsim::surface_from_descriptor(platform, bytes_of(descriptor, size), memory_address,
                                             bytes_of(memory, memory_size), d);
    if (!s) return TEXSIM_ERROR_DIAGNOSTICS;
    if (placement != nullptr) {
      texsim_placement c = texsim::capi::defaults<texsim_placement>();
      texsim::detail::copy_placement(s->placement, c);
      if (!texsim::capi::write(c, placement, "placement", d)) return TEXSIM_ERROR_INVALID_ARGUMENT;
    }
    *out = new texsim_surface{std::move(s->surface)};
    return TEXSIM_OK;
  });
}

texsim_status texsim_sampler_from_descriptor(const char* platform, const void* descriptor,
                                             size_t size, texsim_sampler* out) {
  return guard([&](texsim::Diagnostics& d) {
    if (platform == nullptr || descriptor == nullptr || out == nullptr)
      return bad_argument(d, "platform, descriptor and out must be set");
    const auto s = texsim::sampler_from_descriptor(platform, bytes_of(descriptor, size), d);
    if (!s) return TEXSIM_ERROR_DIAGNOSTICS;
    texsim_sampler c = texsim::capi::defaults<texsim_sampler>();
    texsim::detail::copy_sampler(*s, c);
    return texsim::capi::write(c, out, "out", d) ? TEXSIM_OK : TEXSIM_ERROR_INVALID_ARGUMENT;
  });
}

texsim_status texsim_descriptor_from_surface(const char* platform, const texsim_surface* surface,
                                             const texsim_placement* placement, texsim_blob** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (platform == nullptr || surface == nullptr || out == nullptr)
      return bad_argument(d, "platform, surface and out must be set");
    *out = nullptr;
    const auto p = texsim::capi::placement_of(placement, d);
    if (!p) return TEXSIM_ERROR_INVALID_ARGUMENT;
    auto bytes = texsim::descriptor_from_surface(platform, surface->s, *p, d);
    if (!bytes) return TEXSIM_ERROR_DIAGNOSTICS;
    *out = blob_of(std::move(*bytes));
    return TEXSIM_OK;
  });
}

texsim_status texsim_descriptor_from_sampler(const char* platform, const texsim_sampler* sampler,
                                             texsim_blob** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (platform == nullptr || sampler == nullptr || out == nullptr)
      return bad_argument(d, "platform, sampler and out must be set");
    *out = nullptr;
    const auto s = texsim::capi::sampler_of(sampler, d);
    if (!s) return TEXSIM_ERROR_INVALID_ARGUMENT;
    auto bytes = texsim::descriptor_from_sampler(platform, *s, d);
    if (!bytes) return TEXSIM_ERROR_DIAGNOSTICS;
    *out = blob_of(std::move(*bytes));
    return TEXSIM_OK;
  });
}

texsim_status texsim_surface_memory(const texsim_surface* surface,
                                    const texsim_placement* placement, texsim_blob** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || out == nullptr) return bad_argument(d, "surface and out must be set");
    *out = nullptr;
    const auto p = texsim::capi::placement_of(placement, d);
    if (!p) return TEXSIM_ERROR_INVALID_ARGUMENT;
    auto bytes = texsim::surface_memory(surface->s, *p, d);
    if (!bytes) return TEXSIM_ERROR_DIAGNOSTICS;
    *out = blob_of(std::move(*bytes));
    return TEXSIM_OK;
  });
}

}  // extern "C"
