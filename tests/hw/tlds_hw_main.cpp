// TLDS hardware check: random textures, integer-coordinate fetches on the GPU versus texsim's
// TLDS execution of the same fetches, and a bilinear-weight measurement. Not part of CI.
// Depends on the texsim sass front end and the CUDA side through tlds_hw.h only.
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "isa/sass/frontend.hpp"
#include "isa/sass/scene_section.hpp"
#include "texunit/sample.hpp"
#include "tlds_hw.h"

namespace {

using namespace texsim;

struct Case {
  const char* name;
  int kind, fmt, w, h, d;
};

texunit::SurfaceType surface_type(int kind) {
  switch (kind) {
    case HW_1D:
      return texunit::SurfaceType::k1D;
    case HW_2D:
      return texunit::SurfaceType::k2D;
    case HW_3D:
      return texunit::SurfaceType::k3D;
    default:
      return texunit::SurfaceType::k2DArray;
  }
}

texunit::Format surface_format(int fmt) {
  switch (fmt) {
    case HW_RGBA32UI:
      return texunit::Format::kR32G32B32A32_UINT;
    case HW_RGBA8_UNORM:
      return texunit::Format::kR8G8B8A8_UNORM;
    default:
      return texunit::Format::kR32_FLOAT;
  }
}

const char* program_for(int kind) {
  // FP32 RGBA: R0 = R, R1 = G, R2 = B, R3 = A. Coordinates: R4 = x, R5 = y, R6 = z / (R6, R7).
  switch (kind) {
    case HW_1D:
      return "TLDS.LZ R2, R0, R4, 0x0, 1D, RGBA ;";
    case HW_2D:
      return "TLDS.LZ R2, R0, R4, R5, 0x0, 2D, RGBA ;";
    case HW_3D:
      return "TLDS.LZ R2, R0, R4, R6, 0x0, 3D, RGBA ;";
    default:
      return "TLDS.LZ R2, R0, R8, R6, 0x0, ARRAY_2D, RGBA ;";  // R8 = layer, (R6, R7) = (x, y)
  }
}

// Returns the number of mismatching fetches (printing the first few).
long compare_case(const Case& c, const isa::Frontend& fe, std::mt19937& g, int fetches) {
  const size_t bpt = c.fmt == HW_RGBA32UI ? 16 : c.fmt == HW_RGBA8_UNORM ? 4 : 4;
  const int h = c.kind == HW_1D ? 1 : c.h;
  const int d = (c.kind == HW_3D || c.kind == HW_2D_ARRAY) ? c.d : 1;
  std::vector<uint8_t> data(static_cast<size_t>(c.w) * h * d * bpt);
  for (auto& b : data) b = static_cast<uint8_t>(g());
  if (c.fmt == HW_R32F) {  // finite floats only (NaN payloads are a separate question)
    for (size_t i = 0; i < data.size(); i += 4) {
      const float v = static_cast<float>(static_cast<int>(g() % 2000001) - 1000000) / 1024.0f;
      std::memcpy(&data[i], &v, 4);
    }
  }
  // Coordinates: mostly in range, some out of range on every axis (negative too).
  std::vector<int> coords(static_cast<size_t>(fetches) * 4);
  auto pick = [&](int n) { return static_cast<int>(g() % static_cast<unsigned>(n + 4)) - 2; };
  for (int i = 0; i < fetches; ++i) {
    coords[4 * i + 0] = pick(c.w);
    coords[4 * i + 1] = c.kind == HW_1D ? 0 : pick(h);
    coords[4 * i + 2] = c.kind == HW_3D ? pick(d) : 0;
    coords[4 * i + 3] = c.kind == HW_2D_ARRAY ? pick(d) : 0;
  }
  HwImage img{c.kind, c.fmt, c.w, h, d, data.data(), bpt};
  std::vector<unsigned> gpu(static_cast<size_t>(fetches) * 4);
  char err[256] = {0};
  if (!hw_fetch(&img, fetches, coords.data(), gpu.data(), err, sizeof err)) {
    std::printf("  %s: CUDA error: %s\n", c.name, err);
    return fetches;
  }
  // texsim: the same surface behind header 0, handle in bank 0 word 0.
  scene::Scene sc;
  sc.isa = "sass";
  texunit::SurfaceDesc desc;
  desc.type = surface_type(c.kind);
  desc.format = surface_format(c.fmt);
  desc.width = static_cast<uint32_t>(c.w);
  desc.height = static_cast<uint32_t>(h);
  if (c.kind == HW_3D) desc.depth = static_cast<uint32_t>(d);
  if (c.kind == HW_2D_ARRAY) desc.layers = static_cast<uint32_t>(d);
  texunit::Surface s(desc);
  std::memcpy(s.bytes().data(), data.data(), data.size());
  sc.surfaces.push_back(scene::SceneSurface{0, "", std::move(s)});
  isa::sass::SceneState& st = isa::sass::edit_scene_state(sc);
  st.tex_bank = 0;
  st.const_banks[0] = std::vector<uint8_t>(4, 0);
  st.texture_headers =
      isa::sass::TextureHeaderPool{0, {{0, isa::sass::TextureHeader{0, 0, 0, false}}}};
  core::DiagSink sink;
  auto prog = fe.parse({"hw.sass", program_for(c.kind)}, "SM52", sink);
  if (!prog) {
    std::printf("  %s: program does not parse\n", c.name);
    return fetches;
  }
  long bad = 0;
  for (int i = 0; i < fetches; ++i) {
    const int* q = &coords[4 * i];
    isa::sass::edit_scene_state(sc).registers.r = {
        {4, static_cast<uint32_t>(q[0])},
        {5, static_cast<uint32_t>(q[1])},
        {6, static_cast<uint32_t>(c.kind == HW_3D ? q[2] : q[0])},
        {7, static_cast<uint32_t>(q[1])},
        {8, static_cast<uint32_t>(q[3])}};
    auto r = fe.execute(*prog, sc, "SM52", {}, sink);
    uint32_t t[4] = {0, 0, 0, 0};
    if (r) {
      for (const auto& v : r->registers) {
        const int k = std::stoi(v.name.substr(1));
        if (k >= 0 && k < 4) std::memcpy(&t[k], v.bytes.data(), 4);
      }
    }
    const unsigned* hw = &gpu[4 * static_cast<size_t>(i)];
    if (!r || std::memcmp(t, hw, 16) != 0) {
      if (bad < 5) {
        std::printf(
            "  %s: fetch (%d, %d, %d, layer %d): gpu %08x %08x %08x %08x, texsim %08x %08x %08x "
            "%08x\n",
            c.name, q[0], q[1], q[2], q[3], hw[0], hw[1], hw[2], hw[3], t[0], t[1], t[2], t[3]);
      }
      ++bad;
    }
  }
  std::printf("  %-28s %6d fetches, %6ld mismatches\n", c.name, fetches, bad);
  return bad;
}

// Linear filtering of texels (0, 1): the result is the weight alpha of texel 1. Compare with
// 8-bit truncated and rounded weights and with texsim's d3d/exact sampling profiles.
void measure_filter() {
  const float texels[2] = {0.0f, 1.0f};
  const int n = 4096;
  std::vector<float> xs(n), out(n);
  for (int i = 0; i < n; ++i) xs[static_cast<size_t>(i)] = 0.5f + static_cast<float>(i) / n;
  char err[256] = {0};
  if (!hw_filter_1d(texels, 2, xs.data(), n, out.data(), err, sizeof err)) {
    std::printf("  filter: CUDA error: %s\n", err);
    return;
  }
  texunit::SurfaceDesc d;
  d.type = texunit::SurfaceType::k1D;
  d.format = texunit::Format::kR32_FLOAT;
  d.width = 2;
  texunit::Surface s(d);
  std::memcpy(s.bytes().data(), texels, sizeof texels);
  texunit::SamplerState smp;
  smp.min_filter = smp.mag_filter = texunit::Filter::kLinear;
  smp.mip_filter = texunit::MipFilter::kNone;
  smp.normalized_coords = false;
  long trunc = 0, round = 0, d3d = 0, exact = 0;
  for (int i = 0; i < n; ++i) {
    const double f = static_cast<double>(xs[static_cast<size_t>(i)]) - 0.5;
    const float hw = out[static_cast<size_t>(i)];
    if (hw == static_cast<float>(std::floor(f * 256.0) / 256.0)) ++trunc;
    if (hw == static_cast<float>(std::floor(f * 256.0 + 0.5) / 256.0)) ++round;
    texunit::SampleRequest rq;
    rq.op = texunit::SampleOp::kLevel;
    rq.coord = {xs[static_cast<size_t>(i)], 0.0f, 0.0f};
    if (texunit::sample(s.view(), smp, rq, texunit::PrecisionProfile::d3d()).texel.f(0) == hw)
      ++d3d;
    if (texunit::sample(s.view(), smp, rq, texunit::PrecisionProfile::exact()).texel.f(0) == hw)
      ++exact;
  }
  std::printf(
      "  bilinear weight (1D, x = 0.5 + i/%d): matches 8-bit truncation %ld, 8-bit rounding "
      "%ld, texsim d3d profile %ld, texsim exact %ld (of %d)\n",
      n, trunc, round, d3d, exact, n);
}

}  // namespace

int main() {
  char name[256] = "?";
  if (hw_device(name, sizeof name) == 0) {
    std::printf("tlds_hw_check: SKIPPED: no CUDA device is available on this machine\n");
    return 0;
  }
  std::printf("tlds_hw_check on %s\n", name);
  const auto fe = isa::sass::make_frontend();
  std::mt19937 g(20240607);
  const Case cases[] = {
      {"1D RGBA32UI", HW_1D, HW_RGBA32UI, 61, 1, 1},
      {"2D RGBA32UI", HW_2D, HW_RGBA32UI, 37, 23, 1},
      {"3D RGBA32UI", HW_3D, HW_RGBA32UI, 13, 11, 7},
      {"ARRAY_2D RGBA32UI", HW_2D_ARRAY, HW_RGBA32UI, 17, 9, 5},
      {"2D RGBA8 UNORM (float)", HW_2D, HW_RGBA8_UNORM, 33, 17, 1},
      {"2D R32F (missing G,B,A)", HW_2D, HW_R32F, 29, 19, 1},
      {"ARRAY_2D R32F", HW_2D_ARRAY, HW_R32F, 15, 13, 4},
  };
  long bad = 0;
  for (const Case& c : cases) bad += compare_case(c, *fe, g, 4000);
  measure_filter();
  std::printf("tlds_hw_check: %s (%ld mismatching fetches)\n", bad == 0 ? "PASS" : "FAIL", bad);
  return bad == 0 ? 0 : 1;
}
