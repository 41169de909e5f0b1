// The embedded default: a fetch table over built-in surfaces, each available ISA front end's
// built-in programs, and texsim-demo.png (a perspective ground plane over a mip-coloured checker).
#include "cli/demo.hpp"

#include <algorithm>
#include <array>
#include <cinttypes>
#include <filesystem>
#include <string>

#include "cli/output.hpp"
#include "cli/term.hpp"
#include "scene/generate.hpp"
#include "scene/image.hpp"
#include "scene/render.hpp"
#include "scene/report.hpp"
#include "texunit/fetch.hpp"
#include "texunit/surface.hpp"

namespace texsim::cli {
namespace {

using texunit::FetchRequest;
using texunit::Format;
using texunit::Surface;
using texunit::SurfaceDesc;
using texunit::SurfaceType;
using texunit::Texel;

// Level L, slice S, texel (x, y) holds R = x, G = y, B = 16*L + S, A = 255 (as UNORM8 codes).
Surface make_array_surface() {
  SurfaceDesc d;
  d.type = SurfaceType::k2DArray;
  d.format = Format::kR8G8B8A8_UNORM;
  d.width = 8;
  d.height = 4;
  d.layers = 3;
  d.mips = 3;
  Surface s(d);
  for (uint32_t level = 0; level < d.mips; ++level) {
    const uint32_t w = texunit::mip_extent(d.width, level);
    const uint32_t h = texunit::mip_extent(d.height, level);
    for (uint32_t slice = 0; slice < d.layers; ++slice) {
      for (uint32_t y = 0; y < h; ++y) {
        for (uint32_t x = 0; x < w; ++x) {
          uint8_t* p = s.texel_ptr(0, level, slice, x, y);
          p[0] = static_cast<uint8_t>(x);
          p[1] = static_cast<uint8_t>(y);
          p[2] = static_cast<uint8_t>(16 * level + slice);
          p[3] = 255;
        }
      }
    }
  }
  return s;
}

// 4x MSAA R32_UINT, each sample plane s holds 100*s + x; pixel (1, 0) is fast-cleared and
// pixel (2, 0) maps every sample to fragment 2 (0xff, every field 3, is the clear encoding).
Surface make_msaa_surface() {
  SurfaceDesc d;
  d.type = SurfaceType::k2D;
  d.format = Format::kR32_UINT;
  d.width = 4;
  d.height = 1;
  d.samples = 4;
  Surface s(d);
  for (uint32_t sample = 0; sample < 4; ++sample) {
    for (uint32_t x = 0; x < 4; ++x) {
      s.write_texel(sample, 0, 0, x, 0, Texel::from_uint(100 * sample + x, 0, 0, 0));
    }
  }
  s.enable_mcs();
  s.set_mcs(1, 0, 0, texunit::mcs_clear_value(4));
  s.set_mcs(2, 0, 0, 0xaa);  // 2 bits per sample, every field = 2
  s.set_clear_color(Texel::from_uint(0xc1ea5, 0, 0, 1));
  return s;
}

std::string describe(const texunit::FetchResult& r) {
  char buf[160];
  const Texel& t = r.texel;
  if (t.kind == texunit::TexelKind::kFloat) {
    std::snprintf(buf, sizeof buf, "(%.6f, %.6f, %.6f, %.6f)", static_cast<double>(t.f(0)),
                  static_cast<double>(t.f(1)), static_cast<double>(t.f(2)),
                  static_cast<double>(t.f(3)));
  } else {
    std::snprintf(buf, sizeof buf, "(%" PRIu32 ", %" PRIu32 ", %" PRIu32 ", %" PRIu32 ")", t.u(0),
                  t.u(1), t.u(2), t.u(3));
  }
  std::string s = buf;
  if (!r.in_bounds) s += "  out of bounds";
  if (r.fast_cleared) s += "  fast-cleared";
  return s;
}

struct Probe {
  const char* what;
  FetchRequest req;
};

// 256x256 RGBA8 with a full mip chain: level L is mip_color(L), with every other 32x32 cell
// (halving per level) at half brightness, so both the texture and the mip selection show.
Surface make_demo_plane_surface() {
  SurfaceDesc d;
  d.width = d.height = 256;
  d.mips = texunit::full_mip_count(256, 256, 1);
  Surface s(d);
  for (uint32_t level = 0; level < d.mips; ++level) {
    const uint32_t n = texunit::mip_extent(256, level);
    const uint32_t cell = std::max<uint32_t>(1, 32u >> level);
    const auto c = scene::mip_color(level);
    for (uint32_t y = 0; y < n; ++y) {
      for (uint32_t x = 0; x < n; ++x) {
        const float k = (((x / cell) + (y / cell)) & 1u) != 0 ? 0.45f : 1.0f;
        s.write_texel(0, level, 0, x, y, Texel::from_float(c[0] * k, c[1] * k, c[2] * k, 1.0f));
      }
    }
  }
  return s;
}

// Runs each front end's built-in examples; prints their tables.
void run_isa_examples(std::FILE* out, const isa::Registry& reg) {
  for (const auto& f : reg.all()) {
    const isa::Frontend* fe = f.get();
    const isa::IsaInfo& info = fe->info();
    for (const isa::Example& ex : fe->examples()) {
      std::fprintf(out, "\n%s example: %s\n", std::string(info.display_name).c_str(),
                   ex.name.c_str());
      core::DiagSink sink;
      scene::LoadOptions opt;
      opt.sections = reg.scene_sections();
      const auto sc = scene::load_scene_text(ex.scene_json, "<demo scene>", sink, opt);
      std::unique_ptr<isa::Program> prog;
      std::optional<isa::RunResult> result;
      const std::string platform =
          sc && !sc->platform.empty() ? sc->platform : std::string(info.default_platform);
      if (sc) prog = fe->parse(isa::SourceFile{ex.program_file, ex.program}, platform, sink);
      if (prog) result = fe->execute(*prog, *sc, platform, {}, sink);
      print_diagnostics(stderr, sink.diagnostics());
      std::fprintf(out, "%s", ex.program.c_str());
      if (!ex.program.empty() && ex.program.back() != '\n') std::fputc('\n', out);
      if (result) {
        std::fputs(scene::results_table(result->registers, use_color(out)).c_str(), out);
      }
    }
  }
}

// The `ld` fetch table: the surfaces, then each probe with its result.
void print_fetch_table(std::FILE* out) {
  const Surface array = make_array_surface();
  const Surface msaa = make_msaa_surface();

  std::fprintf(out, "texsim demo: D3D `ld` texel fetch (texture unit, scalar reference path)\n\n");
  std::fprintf(out,
               "surface A: 2D_ARRAY R8G8B8A8_UNORM 8x4, 3 layers, 3 mips;"
               " texel = (x/255, y/255, (16*level+layer)/255, 1)\n");
  std::fprintf(out,
               "surface B: 2D R32_UINT 4x1, 4x MSAA with MCS; sample s of pixel x = 100*s+x;"
               " pixel 1 fast-cleared (clear colour 0xc1ea5), pixel 2 maps all samples"
               " to fragment 2\n\n");

  const std::array<Probe, 8> probes_a{{
      {"A x=3 y=2 layer=1 lod=0", {{3, 2, 0}, 1, 0, 0, {}, {}}},
      {"A x=1 y=1 layer=2 lod=1", {{1, 1, 0}, 2, 1, 0, {}, {}}},
      {"A x=3 y=2 lod=0 offset(-2,+1)", {{3, 2, 0}, 0, 0, 0, {-2, 1, 0}, {}}},
      {"A x=8 (width 8) lod=0", {{8, 0, 0}, 0, 0, 0, {}, {}}},
      {"A x=0 offset -1 (wraps)", {{0, 0, 0}, 0, 0, 0, {-1, 0, 0}, {}}},
      {"A x=0 y=0 layer=3 (3 layers)", {{0, 0, 0}, 3, 0, 0, {}, {}}},
      {"A x=0 y=0 lod=3 (3 mips)", {{0, 0, 0}, 0, 3, 0, {}, {}}},
      {"A x=1 y=0 lod=2", {{1, 0, 0}, 0, 2, 0, {}, {}}},
  }};
  const std::array<Probe, 5> probes_b{{
      {"B x=0 sample=2", {{0, 0, 0}, 0, 0, 2, {}, {}}},
      {"B x=1 sample=2 (cleared)", {{1, 0, 0}, 0, 0, 2, {}, {}}},
      {"B x=2 sample=0 (-> fragment 2)", {{2, 0, 0}, 0, 0, 0, {}, {}}},
      {"B x=3 sample=5 (4 samples)", {{3, 0, 0}, 0, 0, 5, {}, {}}},
      {"B x=3 sample=1 mcs=0x00 given", {{3, 0, 0}, 0, 0, 1, {}, uint64_t{0}}},
  }};

  std::fprintf(out, "%-34s %s\n", "fetch", "result (R, G, B, A)");
  std::fprintf(out, "%-34s %s\n", "-----", "-------------------");
  for (const auto& p : probes_a) {
    std::fprintf(out, "%-34s %s\n", p.what,
                 describe(texunit::fetch_texel(array.view(), p.req)).c_str());
  }
  for (const auto& p : probes_b) {
    std::fprintf(out, "%-34s %s\n", p.what,
                 describe(texunit::fetch_texel(msaa.view(), p.req)).c_str());
  }
  std::fprintf(out,
               "\nOut-of-bounds fetches return 0 in present components and 1 in a missing A"
               " (D3D11.3 §22.4.6); offsets wrap as unsigned 32-bit before the bounds check.\n\n");
}

// The picture: trilinear, wrap, D3D precision, a ground plane so that LOD selection shows.
// Returns the exit status (2: the picture could not be written).
int write_demo_picture(std::FILE* out, bool quiet) {
  const Surface plane = make_demo_plane_surface();
  texunit::SamplerState sampler;
  sampler.min_filter = sampler.mag_filter = texunit::Filter::kLinear;
  sampler.mip_filter = texunit::MipFilter::kLinear;
  sampler.address = {texunit::AddressMode::kWrap, texunit::AddressMode::kWrap,
                     texunit::AddressMode::kWrap};
  scene::RenderParams params;
  params.width = 384;
  params.height = 256;
  params.plane = true;
  Progress bar("render", quiet);
  const auto rendered = scene::render(plane.view(), sampler, params,
                                      [&](uint32_t d, uint32_t t) { bar.update(d, t); });
  bar.finish();
  const std::string path = "texsim-demo.png";
  std::string why;
  std::vector<uint8_t> png;
  // Failing to write the picture is an I/O error: exit status 2 (issue 15 item 9).
  if (!scene::encode_png(scene::to_image(rendered, Format::kR8G8B8A8_UNORM, false), png, why) ||
      !write_file_atomic(
          path, std::string_view(reinterpret_cast<const char*>(png.data()), png.size()), why)) {
    std::fprintf(stderr, "texsim: cannot write %s: %s\n", path.c_str(), why.c_str());
    return 2;
  }
  std::error_code ec;
  const auto abs = std::filesystem::absolute(path, ec);
  std::fprintf(out,
               "\nwrote %s (%ux%u): a perspective ground plane over a 256x256 checker, trilinear,"
               " wrap;\nmip levels are coloured 0 red, 1 green, 2 blue, 3 yellow, 4 magenta,"
               " 5 cyan, 6 white, 7 orange\n",
               ec ? path.c_str() : abs.string().c_str(), params.width, params.height);
  return 0;
}

}  // namespace

int run_demo(std::FILE* out, const isa::Registry& registry, bool quiet) {
  print_fetch_table(out);
  run_isa_examples(out, registry);
  return write_demo_picture(out, quiet);
}

}  // namespace texsim::cli
