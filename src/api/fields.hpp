// The one conversion of each value type that exists in several spellings: the public C++ struct
// (include/texsim/*.hpp), the C struct (texsim.h) and texunit's. Each lists its fields once.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>

#include "texsim/lookup.hpp"
#include "texsim/sampler.hpp"
#include "texsim/texsim.h"

namespace texsim::detail {

// One field from one spelling to another (decision A4). The enums mirror each other value for
// value (static_asserts in convert.cpp and c_structs.cpp), so they convert by value; C has int
// for bool and plain arrays for std::array.
template <typename To, typename From>
void assign(To& to, const From& from) {
  if constexpr (std::is_same_v<To, bool>)
    to = from != From{};
  else if constexpr (std::is_same_v<From, bool>)
    to = from ? To{1} : To{0};
  else
    to = static_cast<To>(from);
}
template <typename T, typename F, size_t N>
void assign(std::array<T, N>& to, const F (&from)[N]) {
  for (size_t i = 0; i < N; ++i) assign(to[i], from[i]);
}
template <typename T, typename F, size_t N>
void assign(T (&to)[N], const std::array<F, N>& from) {
  for (size_t i = 0; i < N; ++i) assign(to[i], from[i]);
}
template <typename T, typename F, size_t N>
void assign(std::array<T, N>& to, const std::array<F, N>& from) {
  for (size_t i = 0; i < N; ++i) assign(to[i], from[i]);
}
template <typename E, typename F>
void assign(std::optional<E>& to, const std::optional<F>& from) {
  to.reset();
  if (from) to = static_cast<E>(*from);
}
// C spells "no comparison" TEXSIM_COMPARE_NONE and "no poison" -1.
inline void assign(std::optional<CompareFunc>& to, texsim_compare from) {
  to.reset();
  if (from != TEXSIM_COMPARE_NONE) to = static_cast<CompareFunc>(from);
}
inline void assign(texsim_compare& to, const std::optional<CompareFunc>& from) {
  to = from ? static_cast<texsim_compare>(*from) : TEXSIM_COMPARE_NONE;
}
inline void assign(std::optional<uint8_t>& to, int32_t from) {
  to.reset();
  if (from >= 0) to = static_cast<uint8_t>(from);
}
inline void assign(int32_t& to, const std::optional<uint8_t>& from) {
  to = from ? int32_t{*from} : -1;
}
// The Tile64 mip tail start (decision TS1): C++ leaves it unset for isl's choice, C spells that
// -1 and hwstate::TilingParams kMiptailDefault (UINT32_MAX; static_assert in surface.cpp).
inline void assign(std::optional<uint32_t>& to, int32_t from) {
  to.reset();
  if (from >= 0) to = static_cast<uint32_t>(from);
}
inline void assign(int32_t& to, const std::optional<uint32_t>& from) {
  to = from ? static_cast<int32_t>(std::min<uint32_t>(*from, INT32_MAX)) : -1;
}
inline void assign(std::optional<uint32_t>& to, uint32_t from) {
  to.reset();
  if (from != UINT32_MAX) to = from;
}
inline void assign(uint32_t& to, const std::optional<uint32_t>& from) {
  to = from.value_or(UINT32_MAX);
}

// One lane array: a span, or in C a pointer (NULL: empty) to `n` elements.
template <typename T>
void lane(std::span<const T>& to, std::span<const T> from, size_t) {
  to = from;
}
template <typename T>
void lane(std::span<const T>& to, const T* from, size_t n) {
  to = from == nullptr ? std::span<const T>() : std::span<const T>(from, n);
}
template <typename T>
void lane(const T*& to, std::span<const T> from, size_t) {
  to = from.empty() ? nullptr : from.data();
}

// The maximum anisotropy: a float in C++ and texunit; C has the version-1 integer and the
// version-2 float, which wins when it is not 0 (texsim.h, decision A7).
template <typename From, typename To>
void copy_max_anisotropy(const From& from, To& to) {
  if constexpr (std::is_same_v<From, texsim_sampler>) {
    to.max_anisotropy = from.max_anisotropy_float != 0.0f ? from.max_anisotropy_float
                                                          : static_cast<float>(from.max_anisotropy);
  } else if constexpr (std::is_same_v<To, texsim_sampler>) {
    const float m = from.max_anisotropy;
    const float whole =
        m >= 0.0f && m < 4294967296.0f ? std::floor(m) : (m > 0.0f ? 4294967295.0f : 0.0f);
    to.max_anisotropy = static_cast<uint32_t>(whole);
    to.max_anisotropy_float = whole == m ? 0.0f : m;
  } else {
    to.max_anisotropy = from.max_anisotropy;
  }
}

// Sampler state: texsim::Sampler, texsim_sampler, texunit::SamplerState.
template <typename From, typename To>
void copy_sampler(const From& from, To& to) {
  assign(to.min_filter, from.min_filter), assign(to.mag_filter, from.mag_filter);
  assign(to.mip_filter, from.mip_filter), copy_max_anisotropy(from, to);
  assign(to.address, from.address), assign(to.border_color, from.border_color);
  assign(to.border_color_int, from.border_color_int), assign(to.lod_bias, from.lod_bias);
  assign(to.min_lod, from.min_lod), assign(to.max_lod, from.max_lod);
  assign(to.compare, from.compare), assign(to.normalized_coords, from.normalized_coords);
  assign(to.srgb_decode, from.srgb_decode), assign(to.reduction, from.reduction);
}

// A sample message's lanes: texsim::SampleLanes, texsim_sample_lanes, texunit::SampleBatch.
template <typename From, typename To>
void copy_sample_lanes(const From& from, To& to) {
  const size_t n = from.count;
  to.count = n;
  assign(to.op, from.op);
  lane(to.u, from.u, n), lane(to.v, from.v, n), lane(to.w, from.w, n);
  lane(to.array_index, from.array_index, n), lane(to.lod, from.lod, n);
  lane(to.ddx_u, from.ddx_u, n), lane(to.ddx_v, from.ddx_v, n), lane(to.ddx_w, from.ddx_w, n);
  lane(to.ddy_u, from.ddy_u, n), lane(to.ddy_v, from.ddy_v, n), lane(to.ddy_w, from.ddy_w, n);
  lane(to.reference, from.reference, n);
  assign(to.offset, from.offset);
  lane(to.offset_x, from.offset_x, n), lane(to.offset_y, from.offset_y, n);
  lane(to.offset_z, from.offset_z, n);
  to.gather_component = from.gather_component;
  lane(to.active, from.active, n);
  if constexpr (requires {
                  to.quad_x;
                  from.quad_x;
                }) {  // not texunit's batch: the layout's
    lane(to.quad_x, from.quad_x, n / 4), lane(to.quad_y, from.quad_y, n / 4);
  }
}

// A fetch message's lanes: texsim::FetchLanes, texsim_fetch_lanes, texunit::FetchBatch.
template <typename From, typename To>
void copy_fetch_lanes(const From& from, To& to) {
  const size_t n = from.count;
  to.count = n;
  lane(to.x, from.x, n), lane(to.y, from.y, n), lane(to.z, from.z, n);
  lane(to.slice, from.slice, n), lane(to.level, from.level, n), lane(to.sample, from.sample, n);
  assign(to.offset, from.offset);
  lane(to.offset_x, from.offset_x, n), lane(to.offset_y, from.offset_y, n);
  lane(to.offset_z, from.offset_z, n);
  lane(to.mcs, from.mcs, n);
  lane(to.active, from.active, n);
}

// A query message's lanes: texsim::QueryLanes, texsim_query_lanes.
template <typename From, typename To>
void copy_query_lanes(const From& from, To& to) {
  to.count = from.count;
  assign(to.op, from.op);
  lane(to.lod, from.lod, from.count), lane(to.active, from.active, from.count);
}

// A surface description but its format (a name, or texunit's enum): type and extent.
template <typename From, typename To>
void copy_extent(const From& from, To& to) {
  assign(to.type, from.type);
  assign(to.width, from.width), assign(to.height, from.height), assign(to.depth, from.depth);
  assign(to.layers, from.layers), assign(to.mips, from.mips), assign(to.samples, from.samples);
}

// The options of the C API's lookups and scenes as the C++ API's (and back, for the defaults).
template <typename From, typename To>
void copy_sample_options(const From& from, To& to) {
  assign(to.profile, from.profile), assign(to.lavapipe_groups, from.lavapipe_groups);
  assign(to.lavapipe_group_lanes, from.lavapipe_group_lanes);
  assign(to.derivatives_from_quads, from.derivatives_from_quads), assign(to.threads, from.threads);
  assign(to.lavapipe_masked_lanes, from.lavapipe_masked_lanes);
}
template <typename From, typename To>
void copy_query_options(const From& from, To& to) {
  assign(to.profile, from.profile), assign(to.lavapipe_groups, from.lavapipe_groups);
  assign(to.lavapipe_group_lanes, from.lavapipe_group_lanes);
  assign(to.lavapipe_masked_lanes, from.lavapipe_masked_lanes);
}
template <typename From, typename To>
void copy_fetch_options(const From& from, To& to) {
  assign(to.profile, from.profile), assign(to.sample_index, from.sample_index);
  assign(to.threads, from.threads);
}
// texsim_bounds_options (flat) <-> BoundsOptions (precision nested), both ways.
template <typename C>
void copy_bounds_options(const C& from, BoundsOptions& to) {
  auto& p = to.precision;
  assign(p.coord_bits, from.coord_bits), assign(p.subtexel_bits, from.subtexel_bits);
  assign(p.lod_bits, from.lod_bits), assign(p.derivative_lod_bits, from.derivative_lod_bits);
  assign(p.derivative_bits, from.derivative_bits), assign(p.blend_bits, from.blend_bits);
  assign(p.color_bits, from.color_bits), assign(p.float_bits, from.float_bits);
  assign(to.derivatives_from_quads, from.derivatives_from_quads);
}
template <typename C>
void copy_bounds_options(const BoundsOptions& from, C& to) {
  const auto& p = from.precision;
  assign(to.coord_bits, p.coord_bits), assign(to.subtexel_bits, p.subtexel_bits);
  assign(to.lod_bits, p.lod_bits), assign(to.derivative_lod_bits, p.derivative_lod_bits);
  assign(to.derivative_bits, p.derivative_bits), assign(to.blend_bits, p.blend_bits);
  assign(to.color_bits, p.color_bits), assign(to.float_bits, p.float_bits);
  assign(to.derivatives_from_quads, from.derivatives_from_quads);
}
// A placement's tiling fields: Placement, texsim_placement and hwstate::TilingParams (whose
// base address is PlacedSurface's).
template <typename From, typename To>
void copy_tiling(const From& from, To& to) {
  assign(to.tiling, from.tiling), assign(to.row_pitch, from.row_pitch);
  assign(to.block_width_log2, from.block_width_log2);
  assign(to.block_height_log2, from.block_height_log2);
  assign(to.block_depth_log2, from.block_depth_log2);
  assign(to.halign, from.halign), assign(to.valign, from.valign), assign(to.qpitch, from.qpitch);
  assign(to.array_pitch, from.array_pitch), assign(to.miptail_start, from.miptail_start);
}
template <typename From, typename To>
void copy_placement(const From& from, To& to) {
  copy_tiling(from, to);
  assign(to.base_address, from.base_address);
}
template <typename From, typename To>
void copy_scene_options(const From& from, To& to) {
  assign(to.allow_any_path, from.allow_any_path), assign(to.max_bytes, from.max_bytes);
}

}  // namespace texsim::detail
