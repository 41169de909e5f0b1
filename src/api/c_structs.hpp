// The C API's extensible structs (texsim.h, "extensible structs"): each struct's versions, its
// defaults, and reading or writing only the fields that a caller's struct_size covers.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>

#include "api/c_api.hpp"
#include "api/fields.hpp"

namespace texsim::capi {

// The sizes a struct has had, oldest first: the first is the least a caller may pass, the last
// is this library's sizeof. A version's fields start at the previous version's sizeof (checked
// in c_structs.cpp), so a size names exactly the fields a caller compiled (decision A1).
struct StructVersions {
  const char* name;
  std::array<size_t, 2> sizes;  // equal when the struct has one version
  constexpr bool known(size_t size) const { return size == sizes[0] || size == sizes[1]; }
};

template <typename T>
constexpr StructVersions versions_of();  // one specialisation per struct, below

// T's name and the size of its first version (sizeof(T) when it has one).
#define TEXSIM_STRUCT_VERSIONS(T, first)                                             \
  template <>                                                                        \
  constexpr StructVersions versions_of<T>() {                                        \
    static_assert(std::is_trivially_copyable_v<T> && offsetof(T, struct_size) == 0); \
    return {#T, {first, sizeof(T)}};                                                 \
  }
TEXSIM_STRUCT_VERSIONS(texsim_diagnostic, offsetof(texsim_diagnostic, notes))
TEXSIM_STRUCT_VERSIONS(texsim_run_options, offsetof(texsim_run_options, settings))
TEXSIM_STRUCT_VERSIONS(texsim_surface_desc, sizeof(texsim_surface_desc))
TEXSIM_STRUCT_VERSIONS(texsim_sampler, offsetof(texsim_sampler, max_anisotropy_float))
TEXSIM_STRUCT_VERSIONS(texsim_sample_lanes, offsetof(texsim_sample_lanes, quad_x))
TEXSIM_STRUCT_VERSIONS(texsim_fetch_lanes, sizeof(texsim_fetch_lanes))
TEXSIM_STRUCT_VERSIONS(texsim_results, sizeof(texsim_results))
TEXSIM_STRUCT_VERSIONS(texsim_sample_options,
                       offsetof(texsim_sample_options, lavapipe_masked_lanes))
TEXSIM_STRUCT_VERSIONS(texsim_fetch_options, sizeof(texsim_fetch_options))
TEXSIM_STRUCT_VERSIONS(texsim_scene_options, sizeof(texsim_scene_options))
TEXSIM_STRUCT_VERSIONS(texsim_bounds_options, sizeof(texsim_bounds_options))
TEXSIM_STRUCT_VERSIONS(texsim_query_lanes, sizeof(texsim_query_lanes))
TEXSIM_STRUCT_VERSIONS(texsim_query_options, sizeof(texsim_query_options))
TEXSIM_STRUCT_VERSIONS(texsim_placement, offsetof(texsim_placement, miptail_start))
#undef TEXSIM_STRUCT_VERSIONS

// Whether `size` is one of the struct's versions; a LIB-ARG diagnostic naming `what` (the
// argument, e.g. "options", or the init function) otherwise.
bool size_ok(const StructVersions& v, size_t size, const char* what, Diagnostics& d);

// The library's defaults of T, this library's size: the C++ API's defaults through the one
// conversion of each type (fields.hpp), so that C and C++ agree (decision A2).
template <typename T>
T defaults() {
  T c{};
  if constexpr (std::is_same_v<T, texsim_surface_desc>) {
    static const std::string format = SurfaceDesc{}.format;
    detail::copy_extent(SurfaceDesc{}, c);
    c.format = format.c_str();
  } else if constexpr (std::is_same_v<T, texsim_sampler>) {
    detail::copy_sampler(Sampler{}, c);
  } else if constexpr (std::is_same_v<T, texsim_sample_lanes>) {
    detail::copy_sample_lanes(SampleLanes{}, c);
  } else if constexpr (std::is_same_v<T, texsim_fetch_lanes>) {
    detail::copy_fetch_lanes(FetchLanes{}, c);
  } else if constexpr (std::is_same_v<T, texsim_sample_options>) {
    detail::copy_sample_options(SampleOptions{}, c);
  } else if constexpr (std::is_same_v<T, texsim_fetch_options>) {
    detail::copy_fetch_options(FetchOptions{}, c);
  } else if constexpr (std::is_same_v<T, texsim_bounds_options>) {
    detail::copy_bounds_options(BoundsOptions{}, c);
  } else if constexpr (std::is_same_v<T, texsim_query_lanes>) {
    detail::copy_query_lanes(QueryLanes{}, c);
  } else if constexpr (std::is_same_v<T, texsim_query_options>) {
    detail::copy_query_options(QueryOptions{}, c);
  } else if constexpr (std::is_same_v<T, texsim_placement>) {
    detail::copy_placement(Placement{}, c);
  } else if constexpr (std::is_same_v<T, texsim_scene_options>) {
    detail::copy_scene_options(SceneOptions{}, c);
  } else if constexpr (std::is_same_v<T, texsim_run_options>) {
    const RunOptions r;  // platform "" and no settings: NULL and 0
    detail::assign(c.profile, r.profile), detail::assign(c.trace, r.trace);
    detail::assign(c.poison, r.poison);
  }  // texsim_diagnostic, texsim_results: zeros (outputs, and pointers the caller sets)
  c.struct_size = sizeof c;
  return c;
}

// The caller's struct as this library's version: its fields where its struct_size covers them,
// the defaults elsewhere; `in` NULL: the defaults. nullopt (LIB-ARG) for a bad struct_size, and
// then nothing past the size field was read.
template <typename T>
std::optional<T> read(const T* in, const char* what, Diagnostics& d) {
  T out = defaults<T>();
  if (in == nullptr) return out;
  const size_t size = in->struct_size;
  if (!size_ok(versions_of<T>(), size, what, d)) return std::nullopt;
  std::memcpy(&out, in, size);
  out.struct_size = sizeof(T);
  return out;
}

// Writes the fields of `value` that the caller's struct `out` has (its struct_size); false
// (LIB-ARG, nothing written) for a bad struct_size.
template <typename T>
bool write(T value, T* out, const char* what, Diagnostics& d) {
  const size_t size = out->struct_size;
  if (!size_ok(versions_of<T>(), size, what, d)) return false;
  value.struct_size = size;
  std::memcpy(out, &value, size);
  return true;
}

}  // namespace texsim::capi
