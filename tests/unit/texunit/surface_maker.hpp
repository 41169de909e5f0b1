// Test helper: a surface of any type whose every texel (level, slice or z, x, y) is written
// from a function, checked by validate_surface_desc. Shared by the sampling tests.
#pragma once

#include <gtest/gtest.h>

#include <functional>

#include "texunit/surface.hpp"

namespace texsim::texunit::testing {

using TexelFn = std::function<Texel(uint32_t level, uint32_t slice, uint32_t x, uint32_t y)>;

inline Surface make(SurfaceType t, Format f, uint32_t w, uint32_t h, uint32_t d, uint32_t layers,
                    uint32_t mips, const TexelFn& fn) {
  SurfaceDesc s;
  s.type = t;
  s.format = f;
  s.width = w;
  s.height = h;
  s.depth = d;
  s.layers = layers;
  s.mips = mips;
  core::DiagSink sink;
  EXPECT_TRUE(validate_surface_desc(s, sink));
  Surface surf(s);
  for (uint32_t level = 0; level < mips; ++level) {
    const LevelLayout& lv = surf.layout().levels[level];
    const uint32_t slices = t == SurfaceType::k3D ? lv.depth : s.slices();
    for (uint32_t sl = 0; sl < slices; ++sl) {
      for (uint32_t y = 0; y < lv.height; ++y) {
        for (uint32_t x = 0; x < lv.width; ++x) {
          EXPECT_TRUE(surf.write_texel(0, level, sl, x, y, fn(level, sl, x, y)));
        }
      }
    }
  }
  return surf;
}

// Depth 1 (every type but 3D).
inline Surface make(SurfaceType t, Format f, uint32_t w, uint32_t h, uint32_t layers, uint32_t mips,
                    const TexelFn& fn) {
  return make(t, f, w, h, 1, layers, mips, fn);
}

}  // namespace texsim::texunit::testing
