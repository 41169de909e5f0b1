// The execution tests' scene fixture (bank 1 handles, header and sampler pools) and runner:
// parse, validate (no errors expected), run; written registers, definedness, diagnostics.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "isa/sass/exec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/scene_section.hpp"
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

inline uint32_t fb(float f) {
  return std::bit_cast<uint32_t>(f);
}

// A float surface with explicit texels (level 0, slice 0), row by row.
inline texunit::Surface floats(texunit::Format f, uint32_t w, uint32_t h,
                               const std::vector<texunit::Texel>& texels) {
  texunit::SurfaceDesc d;
  d.format = f;
  d.width = w;
  d.height = h;
  texunit::Surface s(d);
  for (uint32_t i = 0; i < texels.size(); ++i)
    EXPECT_TRUE(s.write_texel(0, 0, 0, i % w, i / w, texels[i]));
  return s;
}

inline texunit::SamplerState point() {
  texunit::SamplerState s;
  s.min_filter = s.mag_filter = texunit::Filter::kPoint;
  s.mip_filter = texunit::MipFilter::kPoint;
  return s;
}

inline texunit::SamplerState bilinear() {
  texunit::SamplerState s;
  s.mip_filter = texunit::MipFilter::kNone;
  return s;
}

struct Fixture {
  scene::Scene sc;
  Fixture() {
    sc.isa = "sass";
    edit_scene_state(sc).tex_bank = 1;
    edit_scene_state(sc).texture_headers = TextureHeaderPool{};
    edit_scene_state(sc).texture_headers->max_index = 31;
    edit_scene_state(sc).texture_samplers = TextureSamplerPool{};
    edit_scene_state(sc).texture_samplers->max_index = 15;
  }
  // Surface + header `hdr`; the handle in word `hdr` names header `hdr` and sampler `smp`.
  void add(uint32_t hdr, texunit::Surface s, uint32_t smp = 0, uint32_t min_level = 0,
           uint32_t max_level = 15) {
    const uint32_t id = static_cast<uint32_t>(sc.surfaces.size());
    sc.surfaces.push_back(scene::SceneSurface{id, "", std::move(s), std::nullopt});
    edit_scene_state(sc).texture_headers->entries[hdr] =
        TextureHeader{id, min_level, max_level, false};
    handle(hdr, (smp << 20) | hdr);
  }
  void sampler(uint32_t index, const texunit::SamplerState& st) {
    edit_scene_state(sc).texture_samplers->entries[index] = scene::SceneSampler{index, st, {}, {}};
  }
  void handle(uint32_t word, uint32_t value) {
    auto& b = edit_scene_state(sc).const_banks[1];
    if (b.size() < 4 * (word + 1)) b.resize(4 * (word + 1), 0);
    for (unsigned i = 0; i < 4; ++i) b[4 * word + i] = static_cast<uint8_t>(value >> (8 * i));
  }
  void reg(uint32_t r, uint32_t v) { edit_scene_state(sc).registers.r[r] = v; }
  void regf(uint32_t r, float v) { reg(r, fb(v)); }
};

// Runs a parsed program (no validation): written registers, definedness, diagnostics.
inline Outcome run_parsed(const std::vector<Instruction>& prog, const scene::Scene& sc,
                          std::string_view platform = "SM52") {
  Outcome r;
  core::DiagSink sink;
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

// `validated`: false runs text the validator rejects (INVALIDBLOD4, ...) without validating it.
inline Outcome run(const scene::Scene& sc, std::string_view text,
                   std::string_view platform = "SM52", bool validated = true) {
  core::DiagSink sink;
  auto prog = parse_program(text, "e.sass", sink);
  if (validated) {
    for (const auto& i : prog) validate(i, platform, sink);
  }
  EXPECT_FALSE(sink.has_errors()) << format_diagnostic(sink.diagnostics().at(0));
  return run_parsed(prog, sc, platform);
}

// Registers R<base>..R<base+3> holding v (the four components of a vector result).
inline std::map<std::string, uint32_t> rgba(uint32_t base, std::array<uint32_t, 4> v) {
  std::map<std::string, uint32_t> m;
  for (uint32_t k = 0; k < 4; ++k) m["R" + std::to_string(base + k)] = v[k];
  return m;
}

}  // namespace texsim::isa::sass::testing
