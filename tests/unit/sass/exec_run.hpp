// Runs SASS text on a scene for the execution tests: parse, validate (no errors expected), run,
// and the written registers by name with their definedness and the diagnostics.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "isa/sass/exec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"
#include "texunit/surface.hpp"

namespace texsim::isa::sass::testing {

struct Outcome {
  std::map<std::string, uint32_t> regs;
  std::map<std::string, bool> defined;
  std::vector<core::Diagnostic> diags;
  bool ok = false;

  std::vector<std::string> rules() const {
    std::vector<std::string> out;
    for (const auto& d : diags) out.push_back(d.rule_id);
    return out;
  }
};

// R32G32B32A32_UINT surfaces whose texel is (x, y, z or slice, 1000 * level + sample); every
// slice is written (cube: 6 faces per cube).
inline texunit::Surface tagged(texunit::SurfaceType type, uint32_t w, uint32_t h,
                               uint32_t d_or_layers, uint32_t mips, uint32_t samples = 1) {
  texunit::SurfaceDesc d;
  d.type = type;
  d.format = texunit::Format::kR32G32B32A32_UINT;
  d.width = w;
  d.height = h;
  if (type == texunit::SurfaceType::k3D)
    d.depth = d_or_layers;
  else
    d.layers = d_or_layers;
  d.mips = mips;
  d.samples = samples;
  texunit::Surface s(d);
  for (uint32_t smp = 0; smp < samples; ++smp) {
    for (uint32_t lv = 0; lv < mips; ++lv) {
      const uint32_t lw = texunit::mip_extent(w, lv), lh = texunit::mip_extent(h, lv);
      const uint32_t ld =
          type == texunit::SurfaceType::k3D ? texunit::mip_extent(d_or_layers, lv) : d.slices();
      for (uint32_t z = 0; z < ld; ++z)
        for (uint32_t y = 0; y < lh; ++y)
          for (uint32_t x = 0; x < lw; ++x)
            EXPECT_TRUE(s.write_texel(smp, lv, z, x, y,
                                      texunit::Texel::from_uint(x, y, z, 1000 * lv + smp)));
    }
  }
  return s;
}

inline Outcome run(const scene::Scene& sc, std::string_view text,
                   std::string_view platform = "SM52") {
  Outcome r;
  core::DiagSink sink;
  auto prog = parse_program(text, "e.sass", sink);
  for (const auto& i : prog) validate(i, platform, sink);
  EXPECT_FALSE(sink.has_errors()) << format_diagnostic(sink.diagnostics().at(0));
  const auto out =
      run_program(prog, sc, settings_for(sc, platform, false), std::nullopt, sink, nullptr);
  r.diags = sink.diagnostics();
  if (!out) return r;
  r.ok = true;
  for (const auto& v : *out) {
    r.regs[v.name] = uint32_t{v.bytes[0]} | uint32_t{v.bytes[1]} << 8 | uint32_t{v.bytes[2]} << 16 |
                     uint32_t{v.bytes[3]} << 24;
    r.defined[v.name] = v.defined.empty();
  }
  return r;
}

}  // namespace texsim::isa::sass::testing
