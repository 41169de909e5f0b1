// lavapipe texture-coordinate wrapping (gallivm lp_build_sample_wrap_nearest / _linear, float
// SoA path, gather variants included). Mesa 22.3.6.
#include "texunit/sample_lavapipe_wrap.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "texunit/sample_lavapipe_internal.hpp"

namespace texsim::texunit::lavapipe_detail {

// lp_build_sample_wrap_nearest.
// `pot`: the texture's level-0 size on this axis is a power of two (lavapipe's static state
// pot_width/height/depth, which then selects the repeat code path for every level).
int32_t wrap_nearest(float coord, uint32_t length, int32_t offset, AddressMode mode, bool pot) {
  const float len_f = static_cast<float>(length);
  const auto len_m1 = static_cast<int32_t>(length) - 1;
  switch (mode) {
    case AddressMode::kWrap:
      if (pot) {
        const int32_t i = wadd(cvt_floor(coord * len_f), offset);
        return i & len_m1;
      } else {
        if (offset) coord = coord + static_cast<float>(offset) / len_f;
        return cvt_trunc(fract_safe(coord) * len_f);
      }
    case AddressMode::kClamp: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      return std::clamp(cvt_trunc(c), 0, len_m1);
    }
    case AddressMode::kBorder:
      return wadd(cvt_floor(coord * len_f), offset);
    case AddressMode::kMirror: {
      if (offset) coord = coord + static_cast<float>(offset) / len_f;
      const float c = coord_mirror(coord, true) * len_f;
      return std::min(cvt_trunc(c), len_m1);
    }
    case AddressMode::kMirrorOnce: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      c = std::fabs(c);
      const auto i = static_cast<uint32_t>(cvt_trunc(c));
      return static_cast<int32_t>(std::min(i, static_cast<uint32_t>(len_m1)));
    }
  }
  return 0;
}

namespace {

// lp_build_ifloor_fract: the first tap at floor(c), the weight c - floor(c).
void floor_fract(float c, LinearTaps& t) {
  const float fl = std::floor(c);
  t.x0 = cvt_trunc(fl);
  t.w = c - fl;
}

// PIPE_TEX_WRAP_REPEAT: a power-of-two size masks the integer taps, any other size wraps the
// coordinate with fract first.
LinearTaps wrap_linear_repeat(float coord, uint32_t length, int32_t offset, bool pot) {
  const float len_f = static_cast<float>(length);
  const auto len_m1 = static_cast<int32_t>(length) - 1;
  LinearTaps t;
  if (pot) {
    float c = coord * len_f - 0.5f;
    if (offset) c = c + static_cast<float>(offset);
    floor_fract(c, t);
    t.x1 = wadd(t.x0, 1) & len_m1;
    t.x0 = t.x0 & len_m1;
  } else {
    if (offset) coord = coord + static_cast<float>(offset) / len_f;
    float c = fract(coord) * len_f - 0.5f;
    floor_fract(c, t);
    if (t.x0 < 0) t.x0 = len_m1;  // an integer compare: NaN (INT_MIN) wraps to the edge
    t.x1 = t.x0 != len_m1 ? wadd(t.x0, 1) : 0;
  }
  return t;
}

// PIPE_TEX_WRAP_CLAMP_TO_EDGE (gather: the taps of c -+ 0.5 without a weight).
LinearTaps wrap_linear_clamp(float coord, uint32_t length, int32_t offset, bool gather) {
  const float len_f = static_cast<float>(length);
  LinearTaps t;
  float c = coord * len_f;
  if (offset) c = c + static_cast<float>(offset);
  c = minps(c, len_f);
  if (!gather) {
    c = c - 0.5f;
    c = maxps(c, 0.0f);
    floor_fract(c, t);
    t.x1 = wadd(t.x0, 1);
  } else {
    c = maxps(c, 0.0f);
    t.x0 = cvt_trunc(c - 0.5f);
    t.x1 = cvt_trunc(c + 0.5f);
  }
  t.x1 = std::min(t.x1, static_cast<int32_t>(length) - 1);
  return t;
}

// The gather variants of the mirror modes: taps x0 and x0 + 1 mirrored as ~x when negative.
void mirror_gather_taps(int32_t x0, int32_t len_m1, LinearTaps& t) {
  t.x0 = x0;
  t.x1 = wadd(t.x0, 1);
  if (t.x0 < 0) t.x0 = ~t.x0;
  if (t.x1 < 0) t.x1 = ~t.x1;
  t.x0 = std::min(t.x0, len_m1);
  t.x1 = std::min(t.x1, len_m1);
}

// PIPE_TEX_WRAP_MIRROR_REPEAT.
LinearTaps wrap_linear_mirror(float coord, uint32_t length, int32_t offset, bool gather) {
  const float len_f = static_cast<float>(length);
  const auto len_m1 = static_cast<int32_t>(length) - 1;
  LinearTaps t;
  if (offset) coord = coord + static_cast<float>(offset) / len_f;
  if (!gather) {
    const float c = coord_mirror(coord, true) * len_f - 0.5f;
    floor_fract(c, t);
    t.x1 = wadd(t.x0, 1);
    t.x0 = std::max(t.x0, 0);
    t.x1 = std::min(t.x1, len_m1);
  } else {
    const float c = coord_mirror(coord, false) * len_f;
    mirror_gather_taps(cvt_floor(c - 0.5f), len_m1, t);
  }
  return t;
}

// PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE.
LinearTaps wrap_linear_mirror_once(float coord, uint32_t length, int32_t offset, bool gather) {
  const float len_f = static_cast<float>(length);
  const auto len_m1 = static_cast<int32_t>(length) - 1;
  LinearTaps t;
  float c = coord * len_f;
  if (offset) c = c + static_cast<float>(offset);
  if (!gather) {
    c = std::fabs(c);
    c = minps(c, len_f);
    c = c - 0.5f;
    c = maxps(c, 0.0f);
    floor_fract(c, t);
    t.x1 = std::min(wadd(t.x0, 1), len_m1);
  } else {
    c = c - 0.5f;
    mirror_gather_taps(cvt_floor(c), len_m1, t);
  }
  return t;
}

}  // namespace

// lp_build_sample_wrap_linear (float path), including the gather variants.
LinearTaps wrap_linear(float coord, uint32_t length, int32_t offset, AddressMode mode, bool gather,
                       bool pot) {
  switch (mode) {
    case AddressMode::kWrap:
      return wrap_linear_repeat(coord, length, offset, pot);
    case AddressMode::kClamp:
      return wrap_linear_clamp(coord, length, offset, gather);
    case AddressMode::kBorder: {
      // PIPE_TEX_WRAP_CLAMP_TO_BORDER: unclamped taps; read_texel returns the border colour.
      float c = coord * static_cast<float>(length);
      if (offset) c = c + static_cast<float>(offset);
      LinearTaps t;
      floor_fract(c - 0.5f, t);
      t.x1 = wadd(t.x0, 1);
      return t;
    }
    case AddressMode::kMirror:
      return wrap_linear_mirror(coord, length, offset, gather);
    case AddressMode::kMirrorOnce:
      return wrap_linear_mirror_once(coord, length, offset, gather);
  }
  return {};
}

}  // namespace texsim::texunit::lavapipe_detail
