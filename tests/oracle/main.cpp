// texsim_oracle: runs random texture lookups on the first Vulkan device and in texsim, and
// compares them (fetch and the lavapipe profile bit-exact; the d3d profile within bounds).
#include <algorithm>
#include <bit>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cases.hpp"
#include "sass_diff.hpp"
#include "specials.hpp"
#include "texunit/bounds.hpp"
#include "texunit/fetch.hpp"
#include "texunit/format.hpp"
#include "texunit/sample.hpp"
#include "texunit/sample_lavapipe.hpp"
#include "txq_diff.hpp"
#include "verify.hpp"
#include "visa_diff.hpp"
#include "vk_context.hpp"

namespace texsim::oracle {
namespace {

constexpr size_t kSimdLanes = 8;  // lavapipe's compute SIMD width on a 256-bit (AVX2) host

struct Options {
  uint64_t seed = 1;
  uint32_t cases = 400;
  uint32_t lanes = 256;
  int64_t single_case = -1;
  std::vector<Op> ops;
  bool soak = false;
  bool d3d = true;
  bool bounds = false;  // --bounds: lavapipe's result inside texunit::lookup_bounds (issue 33)
  bool bounds_tight = false;  // --bounds-tight: 23-bit precision everywhere (self-test: fails)
  uint32_t max_print = 100;
  bool show_all = false;  // --show-all: a line for every lane compared, equal or not
  bool visa = false;      // --visa: compare vISA programs with lavapipe instead (visa_diff.hpp)
  bool sass = false;      // --sass: compare TEXS/TLD4S with lavapipe instead (sass_diff.hpp)
  std::string sass_platform = "SM52";  // --sass-platform: SM50..SM62, or SM70..SM90 (Volta+ lines)
  bool require_coverage = false;
  unsigned special = 15;
  unsigned reduction = 10;  // --reduction PCT: share of sampling batches with min/max reduction  //
  unsigned anisotropy = 0;  // --anisotropy PCT: share of sampling batches with max_anisotropy > 1
  unsigned mip_none = 15;   // --mip-none PCT: share of sampling batches with mip filter none
  unsigned scatter = 25;    // --scatter PCT: share of anisotropic compute groups, lanes far apart
  int skip_code = 0;        // --skip-code N: exit N with "SKIPPED: ..." when lavapipe is absent
                            // --special PCT: share of sampling lanes with special inputs (issue 18)
  std::string mutate;  // verifier self-test: perturb the d3d side (see mutate_for_self_test)  //
                       // fail unless >= 8 formats, every address mode and filter ran  // also print
                       // report-only differences (cube, d3d bounds)
};

struct OpStats {
  uint64_t lookups = 0;
  uint64_t exact_checked = 0, exact_failed = 0;  // bit-exact comparisons (lavapipe profile)
  uint64_t d3d_checked = 0, d3d_failed = 0;      // d3d profile within bounds
  uint64_t d3d_departures = 0;  // within bounds only as a documented departure (O8, O9)
  uint64_t bounds_checked = 0, bounds_failed = 0, bounds_open = 0;  // --bounds
  uint64_t bounds_aniso_gather = 0;  // gathers through an anisotropic sampler (B4), unchecked
};

void usage() {
  std::fprintf(
      stderr,
      "usage: texsim_oracle [--seed N] [--cases N] [--lanes N] [--case I] "
      "[--ops op,op,...] [--soak] [--no-d3d] [--bounds] [--bounds-tight] [--max-print N] "
      "[--show-all]\n"
      "       [--require-coverage] [--visa] [--sass] [--sass-platform SMnn] [--special PCT] "
      "[--reduction PCT] "
      "[--anisotropy PCT] [--mip-none PCT] [--scatter PCT] "
      "[--mutate "
      "offset|coord|bias|level|address|reference|"
      "filter|mip|border|txq_view]\n"
      "ops: fetch fetch_ms lod grad shadow_lod shadow_grad gather gather_shadow implicit bias "
      "query_lod\n"
      "--skip-code N: print SKIPPED and exit N when the device is not lavapipe (or absent)\n"
      "env TEXSIM_ORACLE_OPTIONAL=1: exit 0 when no Vulkan device is found\n");
}

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (a == "--seed") {
      const char* v = next();
      if (!v) return false;
      o.seed = std::strtoull(v, nullptr, 0);
    } else if (a == "--cases") {
      const char* v = next();
      if (!v) return false;
      o.cases = static_cast<uint32_t>(std::strtoul(v, nullptr, 0));
    } else if (a == "--lanes") {
      const char* v = next();
      if (!v) return false;
      o.lanes = static_cast<uint32_t>(std::strtoul(v, nullptr, 0));
    } else if (a == "--case") {
      const char* v = next();
      if (!v) return false;
      o.single_case = std::strtoll(v, nullptr, 0);
    } else if (a == "--ops") {
      const char* v = next();
      if (!v) return false;
      std::string list = v;
      size_t pos = 0;
      while (pos <= list.size()) {
        const size_t end = std::min(list.find(',', pos), list.size());
        const auto op = op_from_name(std::string_view(list).substr(pos, end - pos));
        if (!op) {
          std::fprintf(stderr, "texsim_oracle: unknown op '%s'\n",
                       list.substr(pos, end - pos).c_str());
          return false;
        }
        o.ops.push_back(*op);
        pos = end + 1;
      }
    } else if (a == "--soak") {
      o.soak = true;
    } else if (a == "--visa") {
      o.visa = true;
    } else if (a == "--sass") {
      o.sass = true;
    } else if (a == "--sass-platform") {
      const char* v = next();
      if (!v) return false;
      o.sass_platform = v;
      o.sass = true;
    } else if (a == "--require-coverage") {
      o.require_coverage = true;
    } else if (a == "--show-all") {
      o.show_all = true;
    } else if (a == "--mutate") {
      const char* v = next();
      if (!v) return false;
      o.mutate = v;
    } else if (a == "--special") {
      const char* v = next();
      if (!v) return false;
      o.special = static_cast<unsigned>(std::min(std::strtoul(v, nullptr, 0), 100ul));
    } else if (a == "--skip-code") {
      const char* v = next();
      if (!v) return false;
      o.skip_code = static_cast<int>(std::strtol(v, nullptr, 0));
    } else if (a == "--anisotropy") {
      const char* v = next();
      if (!v) return false;
      o.anisotropy = static_cast<unsigned>(std::min(std::strtoul(v, nullptr, 0), 100ul));
    } else if (a == "--scatter") {
      const char* v = next();
      if (!v) return false;
      o.scatter = static_cast<unsigned>(std::min(std::strtoul(v, nullptr, 0), 100ul));
    } else if (a == "--mip-none") {
      const char* v = next();
      if (!v) return false;
      o.mip_none = static_cast<unsigned>(std::min(std::strtoul(v, nullptr, 0), 100ul));
    } else if (a == "--reduction") {
      const char* v = next();
      if (!v) return false;
      o.reduction = static_cast<unsigned>(std::min(std::strtoul(v, nullptr, 0), 100ul));
    } else if (a == "--bounds") {
      o.bounds = true;
    } else if (a == "--bounds-tight") {
      o.bounds = o.bounds_tight = true;
    } else if (a == "--no-d3d") {
      o.d3d = false;
    } else if (a == "--max-print") {
      const char* v = next();
      if (!v) return false;
      o.max_print = static_cast<uint32_t>(std::strtoul(v, nullptr, 0));
    } else {
      return false;
    }
  }
  // Default: every op, the fragment-quad ones included.
  if (o.ops.empty())
    for (int k = 0; k < kOpCount; ++k) o.ops.push_back(static_cast<Op>(k));
  // A fragment-quad batch is whole 2x2 quads (the quad's four lanes give its derivatives).
  const bool fragment = std::any_of(o.ops.begin(), o.ops.end(), is_fragment_op);
  if (fragment && o.lanes % 4 != 0) {
    std::fprintf(stderr,
                 "texsim_oracle: --lanes must be a multiple of 4 for implicit, bias and "
                 "query_lod (whole 2x2 quads)\n");
    return false;
  }
  return true;
}

std::string hex4(const std::array<uint32_t, 4>& v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%08x,%08x,%08x,%08x", v[0], v[1], v[2], v[3]);
  return buf;
}

std::string lane_text(const Batch& b, size_t i) {
  char buf[256];
  if (!b.fetches.empty()) {
    const auto& f = b.fetches[i];
    std::snprintf(buf, sizeof buf, "xyz=(%d,%d,%d) slice=%d level=%d sample=%d",
                  static_cast<int32_t>(f.coord[0]), static_cast<int32_t>(f.coord[1]),
                  static_cast<int32_t>(f.coord[2]), static_cast<int32_t>(f.slice),
                  static_cast<int32_t>(f.level), static_cast<int32_t>(f.sample));
  } else {
    const auto& q = b.samples[i];
    std::snprintf(
        buf, sizeof buf, "coord=(%a,%a,%a) layer=%a lod=%a ddx=(%a,%a,%a) ddy=(%a,%a,%a) ref=%a",
        static_cast<double>(q.coord[0]), static_cast<double>(q.coord[1]),
        static_cast<double>(q.coord[2]), static_cast<double>(q.array_index),
        static_cast<double>(q.lod), static_cast<double>(q.ddx[0]), static_cast<double>(q.ddx[1]),
        static_cast<double>(q.ddx[2]), static_cast<double>(q.ddy[0]), static_cast<double>(q.ddy[1]),
        static_cast<double>(q.ddy[2]), static_cast<double>(q.reference));
  }
  return buf;
}

// Components the GPU result defines: shadow lookups return one value.
unsigned component_mask(const Batch& b) {
  if (b.op == Op::kShadowLod || b.op == Op::kShadowGrad) return 0x1;
  if (b.op == Op::kQueryLod) return 0x3;
  return 0xf;
}

// Components of a lookup the d3d verifier leaves to the lavapipe profile because lavapipe
// deviates from Vulkan there (docs/decisions.md O4, O5; the lavapipe profile reproduces both):
// textureQueryLod skips the [minLod, maxLod] clamp of x when the two are equal; on a cube map it
// ignores the direction's z except for RGBA8/BGRA8 UNORM textures, and where it projects no
// derivatives (lp_build_sample_common's need_derivs: an LOD is needed and minLod != maxLod) it
// differentiates the face coordinates, which is meaningless across a face edge.
unsigned d3d_unchecked_components(const Batch& b) {
  if (b.op != Op::kQueryLod) return 0u;
  const auto& d = b.surface->desc();
  const auto& s = b.sampler;
  const bool cube =
      d.type == texunit::SurfaceType::kCube || d.type == texunit::SurfaceType::kCubeArray;
  if (cube) {
    const bool sees_z = d.format == texunit::Format::kR8G8B8A8_UNORM ||
                        d.format == texunit::Format::kB8G8R8A8_UNORM;
    const bool projects =
        (s.min_filter != s.mag_filter || s.mip_filter != texunit::MipFilter::kNone) &&
        s.min_lod != s.max_lod;
    if (!sees_z || !projects) return 0x3u;
  }
  return s.min_lod == s.max_lod ? 0x1u : 0x0u;
}

// The lavapipe-profile request for a lane: the batch's sampler and request as they are (a
// texture(..., bias) lane is SampleOp::kBias with the shader's bias in `lod`).
void lavapipe_request(const Batch& b, size_t i, texunit::SamplerState& s,
                      texunit::SampleRequest& q) {
  s = b.sampler;
  q = b.samples[i];
}

// Verifier self-test (--mutate): a deliberate error on the d3d side that the windows must
// catch for a good share of the lanes.
void mutate_for_self_test(const std::string& m, const Batch& b, texunit::SamplerState& s,
                          texunit::SampleRequest& q) {
  const auto& d = b.surface->desc();
  if (m == "offset") {
    q.offset[0] += 1;
  } else if (m == "coord") {
    q.coord[0] += 1.0f / (32.0f * static_cast<float>(d.width));
  } else if (m == "bias") {
    s.lod_bias += 0.25f;
  } else if (m == "level") {
    s.lod_bias += 1.0f;
  } else if (m == "address") {
    s.address[0] = s.address[0] == texunit::AddressMode::kWrap ? texunit::AddressMode::kMirror
                                                               : texunit::AddressMode::kWrap;
  } else if (m == "reference") {
    q.reference += 1.0f / 128.0f;
  } else if (m == "filter") {
    s.min_filter = s.min_filter == texunit::Filter::kLinear ? texunit::Filter::kPoint
                                                            : texunit::Filter::kLinear;
    s.mag_filter = s.mag_filter == texunit::Filter::kLinear ? texunit::Filter::kPoint
                                                            : texunit::Filter::kLinear;
  } else if (m == "mip") {
    s.mip_filter = s.mip_filter == texunit::MipFilter::kLinear ? texunit::MipFilter::kPoint
                                                               : texunit::MipFilter::kLinear;
  } else if (m == "border") {
    // The format's own components of the border colour inverted (D3D11.3 §7.18.9.1 ignores the
    // others).
    for (float& c : s.border_color) c = 1.0f - c;
    for (uint32_t& c : s.border_color_int) c = 1u - c;
  }
}

int run(const Options& o) {
  std::unique_ptr<VkContext> vk;
  try {
    vk = std::make_unique<VkContext>(TEXSIM_ORACLE_SHADER_DIR);
  } catch (const VkError& e) {
    if (o.skip_code != 0) {  // --skip-code: a visible CTest SKIP
      std::printf("SKIPPED: Vulkan/lavapipe not installed (no usable Vulkan device: %s)\n",
                  e.what());
      return o.skip_code;
    }
    const char* opt = std::getenv("TEXSIM_ORACLE_OPTIONAL");
    if (opt && std::strcmp(opt, "1") == 0) {
      std::printf("oracle: skipped: no usable Vulkan device (%s); TEXSIM_ORACLE_OPTIONAL=1\n",
                  e.what());
      return 0;
    }
    std::printf(
        "oracle: FAILED: no usable Vulkan device (%s). Install mesa-vulkan-drivers "
        "(lavapipe) or set TEXSIM_ORACLE_OPTIONAL=1 to skip.\n",
        e.what());
    return 1;
  }
  std::printf("oracle: device '%s' (robustImageAccess=%d mirrorClampToEdge=%d msaaStorage=%d)\n",
              vk->device_name().c_str(), vk->features().robust_image_access,
              vk->features().mirror_clamp_to_edge, vk->features().storage_image_multisample);

  if (o.skip_code != 0 && vk->device_name().find("llvmpipe") == std::string::npos) {
    std::printf("SKIPPED: lavapipe not installed (the Vulkan device is '%s')\n",
                vk->device_name().c_str());
    return o.skip_code;
  }
  Capabilities caps;
  caps.mirror_clamp_to_edge = vk->features().mirror_clamp_to_edge;
  caps.storage_image_multisample = vk->features().storage_image_multisample;
  for (const auto& f : oracle_formats()) {
    caps.sampleable.push_back(vk->format_supports(f.vk, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT));
    caps.filterable.push_back(
        !f.uint_result &&
        vk->format_supports(f.vk, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
                                      VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT));
  }
  std::vector<Op> ops = o.ops;
  if (!vk->features().fragment_stores) {
    std::erase(ops, Op::kImplicit);
    std::erase(ops, Op::kBias);
    std::erase(ops, Op::kQueryLod);
    std::printf("oracle: note: implicit, bias, query_lod skipped (no fragmentStoresAndAtomics)\n");
  }
  if (!caps.storage_image_multisample) {
    std::erase(ops, Op::kFetchMs);
    std::printf("oracle: note: fetch_ms skipped (no shaderStorageImageMultisample for upload)\n");
  }

  std::array<OpStats, kOpCount> stats{};
  std::vector<bool> formats_seen(oracle_formats().size(), false);
  std::array<bool, 5> address_seen{};
  std::array<bool, 2> filter_seen{};
  std::array<bool, 3> mip_seen{};
  uint64_t passed = 0, failed = 0, printed = 0;
  // Per special class (specials.hpp), and last the finite lanes that share an 8-lane group with
  // a special one (issue 18's class G): lookups and bit-exact mismatches.
  std::array<uint64_t, kSpecialCount + 1> special_lookups{}, special_failed{};
  uint64_t reduction_lookups = 0, reduction_failed = 0;    // min/max reduction batches
  uint64_t aniso_lookups = 0, aniso_failed = 0;            // --anisotropy batches
  uint64_t aniso_frac_lookups = 0, aniso_frac_failed = 0;  // those with a fractional maximum
  uint64_t mip_none_lookups = 0, mip_none_failed = 0;      // --mip-none batches
  uint64_t scattered_lookups = 0, scattered_failed = 0;    // --scatter lanes (anisotropic groups)
  std::array<uint64_t, kOpCount> aniso_op_lookups{}, aniso_op_failed{};  // the same, by op
  VisaDiffStats visa_stats;
  SassDiffStats sass_stats;
  TxqDiffStats txq_stats;  // --sass: TXQ on each batch's image (txq_diff.hpp)
  const auto t0 = std::chrono::steady_clock::now();
  const uint32_t first = o.single_case >= 0 ? static_cast<uint32_t>(o.single_case) : 0;
  const uint32_t count = o.single_case >= 0 ? 1 : o.cases;

  for (uint32_t ci = first; ci < first + count; ++ci) {
    const Op op = ops[ci % ops.size()];
    Batch b = make_batch(o.seed, ci, op, o.lanes, caps);
    // Special inputs (NaN, Inf, overflow, denormals) are checked against lavapipe bit for bit;
    // the d3d verifier's windows are for finite inputs and skip them.
    const std::vector<Special> special = inject_specials(b, o.visa || o.sass ? 0u : o.special);
    const bool reduced = inject_reduction(b, o.visa || o.sass ? 0u : o.reduction);
    if (reduced) reduction_lookups += b.samples.size();
    const bool aniso = inject_anisotropy(b, o.visa || o.sass ? 0u : o.anisotropy);
    if (aniso) aniso_lookups += b.samples.size();
    const bool aniso_frac =
        aniso && b.sampler.max_anisotropy != std::floor(b.sampler.max_anisotropy);
    if (aniso_frac) aniso_frac_lookups += b.samples.size();
    if (aniso) aniso_op_lookups[static_cast<size_t>(op)] += b.samples.size();
    const std::vector<uint8_t> scattered =
        inject_scattered_lanes(b, special, o.visa || o.sass ? 0u : o.scatter);
    scattered_lookups += static_cast<uint64_t>(std::count(scattered.begin(), scattered.end(), 1));
    const bool mip_none = inject_mip_none(b, o.visa || o.sass ? 0u : o.mip_none);
    if (mip_none) mip_none_lookups += b.samples.size();
    std::vector<uint8_t> group_special((special.size() + kSimdLanes - 1) / kSimdLanes, 0);
    for (size_t i = 0; i < special.size(); ++i)
      if (special[i] != Special::kNone) group_special[i / kSimdLanes] = 1;
    const auto lanes = std::as_bytes(std::span(b.lanes));
    LookupDispatch dispatch{shader_name(b), b.offset, b.gather_comp,
                            std::span(reinterpret_cast<const uint8_t*>(lanes.data()), lanes.size()),
                            static_cast<uint32_t>(b.lanes.size())};
    dispatch.fragment = is_fragment_op(op);
    const auto ms = ms_values(b);
    const auto copies = level_copies(b);
    std::vector<uint32_t> gpu;
    try {
      gpu = vk->run(image_spec(b), b.surface->bytes(), copies, ms, ms_store_shader(b),
                    sampler_info(b), dispatch);
    } catch (const VkError& e) {
      std::printf("oracle: FAILED: Vulkan error in case %u (%s): %s\n", ci,
                  std::string(op_name(op)).c_str(), e.what());
      return 1;
    }
    if (o.visa) {
      visa_diff(b, gpu, o.seed, ci, o.max_print, visa_stats);
      continue;
    }
    if (o.sass) {
      sass_diff(b, gpu, o.seed, ci, o.max_print, sass_stats, o.sass_platform);
      if (!txq_diff(b, *vk, o.seed, ci, o.max_print, o.mutate == "txq_view", txq_stats)) return 1;
      continue;
    }
    formats_seen[static_cast<size_t>(b.format - oracle_formats().data())] = true;
    if (!b.samples.empty()) {
      const auto& sm = b.sampler;
      const unsigned dims = b.surface->desc().type == texunit::SurfaceType::k3D ? 3 : 2;
      if (b.surface->desc().type != texunit::SurfaceType::kCube)
        for (unsigned k = 0; k < dims; ++k) address_seen[static_cast<size_t>(sm.address[k])] = true;
      filter_seen[static_cast<size_t>(sm.min_filter)] = true;
      filter_seen[static_cast<size_t>(sm.mag_filter)] = true;
      mip_seen[static_cast<size_t>(sm.mip_filter)] = true;
    }
    const auto view = b.surface->view();
    // The d3d profile gets the sampler as it is: Vulkan's border texels and D3D11.3 §7.18.9.1
    // agree on the format's missing components (0, 0, 0, 1), decision O1.
    const texunit::SamplerState& d3d_sampler = b.sampler;
    auto& st = stats[static_cast<size_t>(op)];
    const unsigned mask = component_mask(b);
    // lavapipe decides the min/mag filter path per SIMD group of kSimdLanes lanes (8 with AVX2).
    // Cubes: whether any lane of the group has a missing corner tap (per level read).
    // Fragment quads take the LOD of their top-left lane (lanes 4q..4q+3).
    std::vector<uint8_t> group_linear, group_corner0, group_corner1, group_lerp, group_minified;
    auto lane_ctx = [&](size_t i, std::vector<texunit::SampleRequest>& reqs) {
      texunit::LavapipeLaneContext ctx;
      if (is_fragment_op(op)) {
        ctx.quad = &reqs[i & ~size_t{3}];
        ctx.quad_lane = static_cast<uint8_t>(i & 3u);
      }
      // Anisotropic samplers read the lane's whole SIMD group (decision P12).
      const size_t g0 = i - i % kSimdLanes;
      ctx.group = &reqs[g0];
      ctx.group_lane = static_cast<uint8_t>(i - g0);
      ctx.group_size = static_cast<uint8_t>(std::min<size_t>(kSimdLanes, reqs.size() - g0));
      return ctx;
    };
    std::vector<texunit::SampleRequest> lreqs(b.samples.size());
    std::vector<texunit::SamplerState> lsamplers(b.samples.size());
    for (size_t i = 0; i < b.samples.size(); ++i) lavapipe_request(b, i, lsamplers[i], lreqs[i]);
    if (!b.samples.empty()) {
      const size_t groups = (b.samples.size() + kSimdLanes - 1) / kSimdLanes;
      group_linear.assign(groups, 0);
      group_corner0.assign(groups, 0);
      group_corner1.assign(groups, 0);
      group_lerp.assign(groups, 0);
      group_minified.assign(groups, 0);
      for (size_t i = 0; i < b.samples.size(); ++i) {
        const auto f =
            texunit::lavapipe_lane_facts(view, lsamplers[i], lreqs[i], lane_ctx(i, lreqs));
        if (f.needs_linear) group_linear[i / kSimdLanes] = 1;
        if (f.cube_corner[0]) group_corner0[i / kSimdLanes] = 1;
        if (f.cube_corner[1]) group_corner1[i / kSimdLanes] = 1;
        if (f.mip_lerp) group_lerp[i / kSimdLanes] = 1;
        if (f.minified) group_minified[i / kSimdLanes] = 1;
      }
    }
    // One bounds context per batch: it caches the surface's float magnitude (issue 33).
    texunit::BoundsPrecision bounds_precision;
    if (o.bounds_tight) {
      bounds_precision.coord_bits = bounds_precision.subtexel_bits = 23;
      bounds_precision.lod_bits_explicit = bounds_precision.lod_bits_derivative = 23;
      bounds_precision.derivative_bits = bounds_precision.blend_bits = 23;
      bounds_precision.color_bits = bounds_precision.float_bits = 23;
    }
    texunit::BoundsContext bounds_ctx(view, b.sampler, bounds_precision);
    for (size_t i = 0; i < b.lanes.size(); ++i) {
      ++st.lookups;
      std::array<uint32_t, 4> g{gpu[4 * i], gpu[4 * i + 1], gpu[4 * i + 2], gpu[4 * i + 3]};
      std::array<uint32_t, 4> want{};
      if (!b.fetches.empty()) {
        // texsim's fetch addressing and out-of-bounds value, with lavapipe's UNORM/SNORM/sRGB
        // conversion (k * float(1/(2^n-1)); see sample_lavapipe.hpp) for in-bounds texels.
        want = texunit::fetch_texel_lavapipe(view, b.fetches[i]).texel.bits;
      } else {
        texunit::LavapipeLaneContext ctx = lane_ctx(i, lreqs);
        ctx.group_needs_linear = group_linear[i / kSimdLanes] != 0;
        ctx.group_cube_corner = {group_corner0[i / kSimdLanes] != 0,
                                 group_corner1[i / kSimdLanes] != 0};
        ctx.group_mip_lerp = group_lerp[i / kSimdLanes] != 0;
        ctx.group_minified = group_minified[i / kSimdLanes] != 0;
        want = texunit::sample_lavapipe(view, lsamplers[i], lreqs[i], ctx).texel.bits;
      }
      bool same = true;
      for (int c = 0; c < 4; ++c)
        if ((mask & (1u << c)) && g[c] != want[c]) same = false;
      bool lane_failed = false;
      const char* kind = b.fetches.empty() ? "lavapipe" : "fetch";
      ++st.exact_checked;
      if (!same) {
        ++st.exact_failed;
        lane_failed = true;
      }
      const Special cls = special[i];
      const size_t cls_index = cls != Special::kNone           ? static_cast<size_t>(cls)
                               : group_special[i / kSimdLanes] ? kSpecialCount
                                                               : 0;
      ++special_lookups[cls_index];
      if (!same) ++special_failed[cls_index];
      if (!same && reduced) ++reduction_failed;
      if (!same && aniso) ++aniso_failed;
      if (!same && aniso_frac) ++aniso_frac_failed;
      if (!same && mip_none) ++mip_none_failed;
      if (!same && scattered[i] != 0) ++scattered_failed;
      if (!same && aniso) ++aniso_op_failed[static_cast<size_t>(op)];
      std::string d3d_why, d3d_departure;
      bool d3d_bad = false;
#ifdef TEXSIM_ORACLE_HAVE_D3D
      // P9: with a min/max reduction lavapipe departs from Vulkan's rules (a cube gather's
      // missing corner is the cheap-corner texel; a point-filtered lane of a linear group
      // reduces the taps its 0/1 weights leave; the 8-bit path reduces across mip levels too),
      // so reduction batches are checked bit-exact against lavapipe only.
      const bool reduced_departs = reduced || aniso;  // anisotropy: bit-exact only as well
      if (o.d3d && b.fetches.empty() && cls == Special::kNone && !reduced_departs) {
        ++st.d3d_checked;
        DeviceResult dev{g, mask & ~d3d_unchecked_components(b),
                         b.format->uint_result && !b.sampler.compare && op != Op::kQueryLod};
        texunit::SamplerState vs = d3d_sampler;
        texunit::SampleRequest vq = b.samples[i];
        if (!o.mutate.empty()) mutate_for_self_test(o.mutate, b, vs, vq);
        std::span<const texunit::SampleRequest> quad;
        if (is_fragment_op(op)) quad = std::span(b.samples).subspan(i & ~size_t{3}, 4);
        VerifyPrecision vp;
        // Decision O8: lavapipe's compute shaders keep float32 denormals where D3D flushes them;
        // its fragment threads flush (DAZ/FTZ), so there a departure is a failure. O9: point
        // sampling at an exact cube corner returns the three-texel mean.
        vp.allow_denormal_departures = !is_fragment_op(op);
        vp.allow_cube_corner_mean = true;  // decision O9
        const Verdict v = verify_d3d(view, vs, vq, dev, vp, quad);
        if (!v.ok) {
          d3d_why = v.why;
          ++st.d3d_failed;
          d3d_bad = true;
        } else if (!v.departure.empty()) {
          ++st.d3d_departures;
          if (o.show_all) d3d_departure = v.departure;
        }
      }
#endif
      // Issue 33: lavapipe's result within the conformant range texsim's library computes
      // (texunit/bounds.hpp, docs/bounds.md), special inputs included. Anisotropic lookups are
      // unbounded there; min/max reduction departs (P9) as above.
      std::string bounds_why;
      // lavapipe decides some things per SIMD group (P21), so the group-mates of a lane with
      // special inputs are not checked (their results follow the special lane's decision).
      // lavapipe's gathers through an anisotropic sampler return a filtered texel (decision B4),
      // which no Vulkan rule allows: counted apart.
      const bool group_mate = cls == Special::kNone && group_special[i / kSimdLanes];
      const bool aniso_gather = aniso && (op == Op::kGather || op == Op::kGatherShadow);
      if (o.bounds && aniso_gather) ++st.bounds_aniso_gather;
      if (o.bounds && b.fetches.empty() && !reduced && !group_mate && !aniso_gather &&
          !(b.format->uint_result && b.sampler.compare)) {
        std::span<const texunit::SampleRequest> quad;
        if (is_fragment_op(op)) quad = std::span(b.samples).subspan(i & ~size_t{3}, 4);
        const texunit::LookupBounds lb = bounds_ctx.bounds(b.samples[i], quad);
        ++st.bounds_checked;
        if (!lb.bounded) ++st.bounds_open;
        texunit::Texel gt;
        gt.bits = g;
        if (!texunit::bounds_contain(lb, gt, mask & ~d3d_unchecked_components(b))) {
          ++st.bounds_failed;
          lane_failed = true;
          char buf[512];
          std::snprintf(buf, sizeof buf, "gpu=%s outside [%s] .. [%s]", hex4(g).c_str(),
                        hex4(lb.lo.bits).c_str(), hex4(lb.hi.bits).c_str());
          bounds_why = std::string(special_name(cls)) + " " + buf;
        }
      }
      if (d3d_bad) lane_failed = true;
      if (lane_failed)
        ++failed;
      else
        ++passed;
      auto report = [&](const char* what, const std::string& detail) {
        if (printed++ >= o.max_print) return;
        std::printf("MISMATCH %s op=%s seed=%" PRIu64
                    " case=%u lane=%zu | %s | %s | %s | "
                    "repro: texsim_oracle --seed %" PRIu64 " --case %u --ops %s --lanes %u\n",
                    what, std::string(op_name(op)).c_str(), o.seed, ci, i, describe(b).c_str(),
                    lane_text(b, i).c_str(), detail.c_str(), o.seed, ci,
                    std::string(op_name(op)).c_str(), o.lanes);
      };
      if (!same) {
        const std::string what =
            std::string(kind) + (cls_index == 0 ? ""
                                 : cls_index == kSpecialCount
                                     ? "[G:group-mate]"
                                     : "[" + std::string(special_name(cls)) + "]");
        report(what.c_str(), "gpu=" + hex4(g) + " texsim=" + hex4(want));
      } else if (o.show_all)
        report("SAME", "gpu=" + hex4(g) + " texsim=" + hex4(want));
      if (d3d_bad) report("d3d-bounds", d3d_why);
      if (!bounds_why.empty()) report("bounds", bounds_why);
      if (!d3d_departure.empty()) report("DEPARTURE", d3d_departure);
    }
    if (o.soak && (ci + 1) % 500 == 0) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::printf("oracle: soak progress: %u cases, %" PRIu64 " passed, %" PRIu64
                  " failed, %.0f s\n",
                  ci + 1, passed, failed, s);
      std::fflush(stdout);
    }
  }
  if (printed > o.max_print)
    std::printf("oracle: %" PRIu64 " further mismatch lines not printed (--max-print)\n",
                printed - o.max_print);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (o.sass) {
    const int sass_rc = sass_diff_report(sass_stats, o.seed, count, o.lanes, secs, o.sass_platform);
    return txq_diff_report(txq_stats) | sass_rc;
  }
  if (o.visa) {
    std::printf("oracle-visa: seed %" PRIu64 ", %u cases x %u lanes, %.1f s\n", o.seed, count,
                o.lanes, secs);
    std::printf("oracle-visa: %" PRIu64 " lanes skipped (gather: no vISA op), %" PRIu64
                " lanes excluded (no exact mapping), %" PRIu64 " front-end errors\n",
                visa_stats.skipped_ops, visa_stats.excluded, visa_stats.errors);
    for (int k = 0; k < kOpCount; ++k) {
      const auto u = static_cast<size_t>(k);
      if (visa_stats.op_passed[u] + visa_stats.op_failed[u] == 0) continue;
      std::printf("oracle-visa: %-12s %8" PRIu64 " passed %8" PRIu64 " failed\n",
                  std::string(op_name(static_cast<Op>(k))).c_str(), visa_stats.op_passed[u],
                  visa_stats.op_failed[u]);
    }
    std::printf("oracle-visa: %" PRIu64 " passed, %" PRIu64 " failed\n", visa_stats.passed,
                visa_stats.failed);
    return visa_stats.failed == 0 && visa_stats.errors == 0 && visa_stats.passed > 0 ? 0 : 1;
  }
  for (int k = 0; k < kOpCount; ++k) {
    const auto& s = stats[static_cast<size_t>(k)];
    if (s.lookups == 0) continue;
    std::printf("oracle: %-13s %8" PRIu64 " lookups; exact %" PRIu64 "/%" PRIu64
                " ok; d3d-bounds %" PRIu64 " outside of %" PRIu64 " (%" PRIu64
                " lavapipe departures, O8/O9)\n",
                std::string(op_name(static_cast<Op>(k))).c_str(), s.lookups,
                s.exact_checked - s.exact_failed, s.exact_checked, s.d3d_failed, s.d3d_checked,
                s.d3d_departures);
    if (s.bounds_checked != 0)
      std::printf("oracle: %-13s bounds: %" PRIu64 " outside of %" PRIu64 " (%" PRIu64
                  " unbounded; %" PRIu64 " anisotropic gathers not checked, B4)\n",
                  std::string(op_name(static_cast<Op>(k))).c_str(), s.bounds_failed,
                  s.bounds_checked, s.bounds_open, s.bounds_aniso_gather);
  }
  if (o.bounds) {
    uint64_t checked = 0, outside = 0, open = 0;
    for (const auto& s : stats)
      checked += s.bounds_checked, outside += s.bounds_failed, open += s.bounds_open;
    std::printf("oracle: bounds: %" PRIu64 " outside of %" PRIu64 " lookups checked (%" PRIu64
                " unbounded)\n",
                outside, checked, open);
  }
  if (reduction_lookups != 0)
    std::printf("oracle: min/max reduction %8" PRIu64 " lookups, %" PRIu64 " mismatches\n",
                reduction_lookups, reduction_failed);
  if (aniso_lookups != 0)
    std::printf("oracle: anisotropic      %8" PRIu64 " lookups, %" PRIu64 " mismatches\n",
                aniso_lookups, aniso_failed);
  if (aniso_frac_lookups != 0)
    std::printf("oracle: anisotropic fractional max %8" PRIu64 " lookups, %" PRIu64 " mismatches\n",
                aniso_frac_lookups, aniso_frac_failed);
  if (scattered_lookups != 0)
    std::printf("oracle: anisotropic scattered %8" PRIu64 " lookups, %" PRIu64 " mismatches\n",
                scattered_lookups, scattered_failed);
  if (mip_none_lookups != 0)
    std::printf("oracle: mip filter none  %8" PRIu64 " lookups, %" PRIu64 " mismatches\n",
                mip_none_lookups, mip_none_failed);
  for (size_t k = 0; k < kOpCount; ++k)
    if (aniso_op_lookups[k] != 0)
      std::printf("oracle: anisotropic %-13s %8" PRIu64 " lookups, %" PRIu64 " mismatches\n",
                  std::string(op_name(static_cast<Op>(k))).c_str(), aniso_op_lookups[k],
                  aniso_op_failed[k]);
  uint64_t special_total = 0, all_lookups = 0;
  for (size_t k = 0; k <= kSpecialCount; ++k) {
    all_lookups += special_lookups[k];
    if (k != 0 && k != kSpecialCount) special_total += special_lookups[k];
  }
  if (all_lookups != 0)
    std::printf("oracle: special inputs in %" PRIu64 " of %" PRIu64 " lookups (%.1f%%)\n",
                special_total, all_lookups,
                100.0 * static_cast<double>(special_total) / static_cast<double>(all_lookups));
  for (size_t k = 1; k <= kSpecialCount; ++k) {
    if (special_lookups[k] == 0) continue;
    const std::string_view name =
        k < kSpecialCount ? special_name(static_cast<Special>(k)) : "G:group-mates";
    std::printf("oracle: special %-18s %8" PRIu64 " lookups, %" PRIu64 " mismatches\n",
                std::string(name).c_str(), special_lookups[k], special_failed[k]);
  }
  const auto nformats = std::count(formats_seen.begin(), formats_seen.end(), true);
  const auto naddr = std::count(address_seen.begin(), address_seen.end(), true);
  const auto nfilt = std::count(filter_seen.begin(), filter_seen.end(), true);
  std::printf(
      "oracle: coverage: %td formats, %td address modes, %td filters, mip none=%d point=%d "
      "linear=%d\n",
      nformats, naddr, nfilt, static_cast<int>(mip_seen[0]), static_cast<int>(mip_seen[1]),
      static_cast<int>(mip_seen[2]));
  bool coverage_ok = true;
  if (o.require_coverage && (nformats < 8 || naddr < (caps.mirror_clamp_to_edge ? 5 : 4) ||
                             nfilt < 2 || !mip_seen[0] || !mip_seen[1] || !mip_seen[2])) {
    std::printf("oracle: FAILED: --require-coverage not met\n");
    coverage_ok = false;
  }
  std::printf("oracle: seed %" PRIu64 ", %u cases x %u lanes, %.1f s\n", o.seed, count, o.lanes,
              secs);
  std::printf("oracle: %" PRIu64 " passed, %" PRIu64 " failed\n", passed, failed);
  return failed == 0 && coverage_ok ? 0 : 1;
}

}  // namespace
}  // namespace texsim::oracle

int main(int argc, char** argv) {
  texsim::oracle::Options o;
  if (!texsim::oracle::parse(argc, argv, o)) {
    texsim::oracle::usage();
    return 2;
  }
  if (o.soak) {
    bool cases_given = false, lanes_given = false;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--cases") == 0) cases_given = true;
      if (std::strcmp(argv[i], "--lanes") == 0) lanes_given = true;
    }
    if (!lanes_given) o.lanes = 1024;
    if (!cases_given) o.cases = 10000;
  }
  return texsim::oracle::run(o);
}
