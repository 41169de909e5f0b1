// TXQ against lavapipe (decisions T60-T62, T69). Mapping, per view type the oracle binds
// (Vulkan textureSize(sampler, lod) / textureQueryLevels / textureSamples -> TXQ components):
//  2D, CUBE     (w, h)          + levels  -> DIMENSION R, G, A (B is resinfo's 0, no Vulkan value)
//  ARRAY_2D     (w, h, layers)  + levels  -> DIMENSION R, G, B, A
//  3D           (w, h, d)       + levels  -> DIMENSION R, G, B, A (d minified per level)
//  2D MS        textureSize(s)  (w, h)    -> DIMENSION R, G at LOD 0
//               textureSamples            -> TEXTURE_TYPE B
// The view starts at a random base level (the TXQ header's min_level), so both sides count the
// LOD from it. Only in-range LODs are compared: Vulkan leaves textureSize undefined past the
// view's levels (texsim's resinfo rule, T61, is pinned by the unit tests only).
// lavapipe's size query takes one LOD per 8-lane SIMD group, its first lane's (Mesa gallivm's
// lp_build_size_query_soa extracts one element of the LOD vector): a lane whose LOD differs from
// its group leader's gets the leader's size. Such a lane counts as a group-LOD difference (not a
// failure) when the GPU's words equal TXQ's at the leader's LOD; any other difference fails.
// Even groups hold one LOD, so their lanes must be identical.
#include "txq_diff.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "isa/sass/exec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/syntax.hpp"
#include "sass_diff.hpp"
#include "scene/scene.hpp"

namespace texsim::oracle {
namespace {

using texunit::SurfaceType;

constexpr uint32_t kTxqLanes = 32;
constexpr uint32_t kLavapipeGroup = 8;  // lavapipe's compute SIMD width on an AVX2 host

// R4..R7 of a run (the destination of both queries); undefined components read as absent.
std::array<uint32_t, 4> result_words(const std::vector<scene::RegisterValue>& out, bool& defined) {
  std::array<uint32_t, 4> w{};
  for (const auto& v : out) {
    const unsigned r = static_cast<unsigned>(std::stoul(v.name.substr(1)));
    if (r < 4 || r > 7) continue;
    w[r - 4] = uint32_t{v.bytes[0]} | uint32_t{v.bytes[1]} << 8 | uint32_t{v.bytes[2]} << 16 |
               uint32_t{v.bytes[3]} << 24;
    defined = defined && v.defined.empty();
  }
  return w;
}

}  // namespace

bool txq_diff(const Batch& b, VkContext& vk, uint64_t seed, uint32_t ci, uint32_t max_print,
              bool ignore_view_base, TxqDiffStats& st) {
  const auto& d = b.surface->desc();
  const bool ms = d.samples > 1;
  std::mt19937_64 rng(seed * 0x9e3779b97f4a7c15ull ^ (uint64_t{ci} << 20) ^ 0x7e9u);
  const uint32_t base = ms ? 0u : static_cast<uint32_t>(rng() % d.mips);
  const uint32_t levels = d.mips - base;
  std::vector<Lane> lanes(kTxqLanes);
  std::vector<uint32_t> lods(kTxqLanes);
  for (uint32_t i = 0; i < kTxqLanes; ++i) {
    // Even groups share their first lane's LOD (every lane compared exactly); odd groups vary.
    const bool uniform = (i / kLavapipeGroup) % 2 == 0 && i % kLavapipeGroup != 0;
    lods[i] = ms ? 0u : uniform ? lods[i - 1] : static_cast<uint32_t>(rng() % levels);
    std::memcpy(&lanes[i].a[0], &lods[i], sizeof(uint32_t));
  }
  std::string type;
  int dim = 1;
  unsigned mask = 0xb;
  switch (d.type) {
    case SurfaceType::k2DArray:
      type = "ARRAY_2D", dim = 2, mask = 0xf;
      break;
    case SurfaceType::k3D:
      type = "3D", dim = 3, mask = 0xf;
      break;
    case SurfaceType::kCube:
      type = "CUBE", dim = 4;
      break;
    default:
      type = ms ? "2D_MS" : "2D", dim = ms ? 5 : 1;
      break;
  }
  ImageSpec spec = image_spec(b);
  spec.base_level = base;
  const std::string shader =
      "query_d" + std::to_string(dim) + (b.format->uint_result ? "_u" : "_f");
  const LookupDispatch dispatch{
      shader,
      {},
      0,
      std::span(reinterpret_cast<const uint8_t*>(lanes.data()), lanes.size() * sizeof(Lane)),
      kTxqLanes};
  std::vector<uint32_t> gpu;
  try {
    gpu = vk.run(spec, b.surface->bytes(), level_copies(b), ms_values(b), ms_store_shader(b),
                 sampler_info(b), dispatch);
  } catch (const VkError& e) {
    std::printf("oracle-txq: FAILED: Vulkan error in case %u: %s\n", ci, e.what());
    return false;
  }

  core::DiagSink sink;
  const auto dim_prog =
      isa::sass::parse_program("TXQ R4, R0, TEX_HEADER_DIMENSION, 0x0, 0xf ;", "txq.sass", sink);
  const auto type_prog =
      isa::sass::parse_program("TXQ R4, R0, TEX_HEADER_TEXTURE_TYPE, 0x0, 0x4 ;", "txq.sass", sink);
  for (const auto& i : dim_prog) isa::sass::validate(i, "SM52", sink);
  for (const auto& i : type_prog) isa::sass::validate(i, "SM52", sink);
  if (sink.has_errors()) {
    ++st.errors;
    return true;
  }
  scene::Scene sc = sass_scene(b, ignore_view_base ? 0u : base);
  const auto settings = isa::sass::settings_for(sc, "SM52", false);
  auto& row = st.by_type[type];
  // texsim's answer for every lane first: a differing lane is then checked against the answer
  // for its SIMD group's first lane (lavapipe's size query reads one LOD per group, see top).
  std::vector<std::array<uint32_t, 4>> txq(kTxqLanes);
  std::vector<uint8_t> txq_defined(kTxqLanes, 1);
  for (uint32_t i = 0; i < kTxqLanes; ++i) {
    isa::sass::edit_scene_state(sc).registers.r[0] = lods[i];
    core::DiagSink es;
    const auto out = isa::sass::run_program(dim_prog, sc, settings, std::nullopt, es, nullptr);
    const auto samples =
        ms ? isa::sass::run_program(type_prog, sc, settings, std::nullopt, es, nullptr)
           : std::nullopt;
    if (!out || (ms && !samples)) {
      ++st.errors;
      if (st.printed++ < max_print)
        std::printf("oracle-txq: execute error case %u: %s\n", ci,
                    es.diagnostics().empty() ? "?" : es.diagnostics()[0].message.c_str());
      return true;
    }
    bool defined = true;
    txq[i] = result_words(*out, defined);
    if (ms) txq[i][3] = result_words(*samples, defined)[0];  // TEXTURE_TYPE's B, written to R4
    txq_defined[i] = defined ? 1 : 0;
  }
  for (uint32_t i = 0; i < kTxqLanes; ++i) {
    const std::array<uint32_t, 4>& w = txq[i];
    const size_t g = size_t{4} * i;  // lane i's words in the GPU result
    const std::array<uint32_t, 4>& lead = txq[i & ~(kLavapipeGroup - 1)];
    ++st.lanes;
    ++row[0];
    bool same = true, same_lead = true;
    for (unsigned c = 0; c < 4; ++c) {
      if (!(mask >> c & 1)) continue;
      const bool eq = txq_defined[i] != 0 && w[c] == gpu[g + c];
      ++(eq ? st.identical : st.different);
      ++row[eq ? 1 : 2];
      same = same && eq;
      same_lead = same_lead && lead[c] == gpu[g + c];
    }
    if (same) {
      ++st.lanes_identical;
      continue;
    }
    if (same_lead) {
      ++st.group_lod;
      continue;
    }
    ++st.failed;
    if (st.printed++ < max_print)
      std::printf("MISMATCH txq seed=%" PRIu64
                  " case=%u lane=%u | %s %ux%ux%u x%u layers, %u levels, view base %u, lod %u | "
                  "gpu=%u,%u,%u,%u txq=%u,%u,%u,%u%s\n",
                  seed, ci, i, type.c_str(), d.width, d.height, d.depth, d.layers, d.mips, base,
                  lods[i], gpu[g], gpu[g + 1], gpu[g + 2], gpu[g + 3], w[0], w[1], w[2], w[3],
                  txq_defined[i] != 0 ? "" : " (undefined)");
  }
  return true;
}

int txq_diff_report(const TxqDiffStats& st) {
  for (const auto& [type, n] : st.by_type)
    std::printf("oracle-txq:   %-9s %6" PRIu64 " lanes %7" PRIu64 " identical %5" PRIu64
                " different components\n",
                type.c_str(), n[0], n[1], n[2]);
  std::printf("oracle-txq: %" PRIu64 " TXQ lanes (in-range LODs, random view base levels), %" PRIu64
              " identical; %" PRIu64 " components identical, %" PRIu64
              " different; differing lanes: %" PRIu64
              " equal TXQ at their 8-lane group's first LOD (lavapipe), %" PRIu64
              " failed; %" PRIu64 " errors\n",
              st.lanes, st.lanes_identical, st.identical, st.different, st.group_lod, st.failed,
              st.errors);
  return st.failed == 0 && st.errors == 0 && st.lanes > 0 ? 0 : 1;
}

}  // namespace texsim::oracle
