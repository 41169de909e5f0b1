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

// lp_build_sample_wrap_linear (float path), including the gather variants.
LinearTaps wrap_linear(float coord, uint32_t length, int32_t offset, AddressMode mode, bool gather,
                       bool pot) {
  const float len_f = static_cast<float>(length);
  const auto len_m1 = static_cast<int32_t>(length) - 1;
  LinearTaps t;
  auto ifloor_fract = [&](float c) {
    const float fl = std::floor(c);
    t.x0 = cvt_trunc(fl);
    t.w = c - fl;
  };
  switch (mode) {
    case AddressMode::kWrap:
      if (pot) {
        float c = coord * len_f - 0.5f;
        if (offset) c = c + static_cast<float>(offset);
        ifloor_fract(c);
        t.x1 = wadd(t.x0, 1) & len_m1;
        t.x0 = t.x0 & len_m1;
      } else {
        if (offset) coord = coord + static_cast<float>(offset) / len_f;
        float c = fract(coord) * len_f - 0.5f;
        ifloor_fract(c);
        if (t.x0 < 0) t.x0 = len_m1;  // an integer compare: NaN (INT_MIN) wraps to the edge
        t.x1 = t.x0 != len_m1 ? wadd(t.x0, 1) : 0;
      }
      break;
    case AddressMode::kClamp: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      c = minps(c, len_f);
      if (!gather) {
        c = c - 0.5f;
        c = maxps(c, 0.0f);
        ifloor_fract(c);
        t.x1 = wadd(t.x0, 1);
      } else {
        c = maxps(c, 0.0f);
        t.x0 = cvt_trunc(c - 0.5f);
        t.x1 = cvt_trunc(c + 0.5f);
      }
      t.x1 = std::min(t.x1, len_m1);
      break;
    }
    case AddressMode::kBorder: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      ifloor_fract(c - 0.5f);
      t.x1 = wadd(t.x0, 1);
      break;
    }
    case AddressMode::kMirror:
      if (offset) coord = coord + static_cast<float>(offset) / len_f;
      if (!gather) {
        const float c = coord_mirror(coord, true) * len_f - 0.5f;
        ifloor_fract(c);
        t.x1 = wadd(t.x0, 1);
        t.x0 = std::max(t.x0, 0);
        t.x1 = std::min(t.x1, len_m1);
      } else {
        const float c = coord_mirror(coord, false) * len_f;
        t.x0 = cvt_floor(c - 0.5f);
        t.x1 = wadd(t.x0, 1);
        if (t.x0 < 0) t.x0 = ~t.x0;
        if (t.x1 < 0) t.x1 = ~t.x1;
        t.x0 = std::min(t.x0, len_m1);
        t.x1 = std::min(t.x1, len_m1);
      }
      break;
    case AddressMode::kMirrorOnce: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      if (!gather) {
        c = std::fabs(c);
        c = minps(c, len_f);
        c = c - 0.5f;
        c = maxps(c, 0.0f);
        ifloor_fract(c);
        t.x1 = std::min(wadd(t.x0, 1), len_m1);
      } else {
        c = c - 0.5f;
        t.x0 = cvt_floor(c);
        t.x1 = wadd(t.x0, 1);
        if (t.x0 < 0) t.x0 = ~t.x0;
        if (t.x1 < 0) t.x1 = ~t.x1;
        t.x0 = std::min(t.x0, len_m1);
        t.x1 = std::min(t.x1, len_m1);
      }
      break;
    }
  }
  return t;
}

}  // namespace texsim::texunit::lavapipe_detail
