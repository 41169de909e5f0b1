// vISA differential against lavapipe. Mappings (Vulkan GLSL -> vISA):
//  texelFetch(Offset)   -> load_3d (u v lod r, UD; 2D arrays: r = layer; 3D: r = z); offsets
//  aoffimmi texelFetch MS        -> load_2dms_w (si mcsl mcsh u v, UD) with MCS = 0xE4 (identity 4x
//  map) textureLod           -> sample_l (lod u v r, F) or sample_lz when lod == 0 on every lane
//  textureGrad          -> sample_d (u dudx dudy v dvdx dvdy r drdx drdy)
//  shadow lod / grad    -> sample_l_c / sample_d_c (ref first); channel R only is compared
//  gather               -> no vISA op here (gather4 is not modelled): skipped and counted
// Both sides use normalized float coordinates; the array index is a float in r (2D arrays);
// cubes take the direction in u v r. Exclusions (lanes, counted): multisample indices outside
// 0..3 (vISA clamps, Vulkan robustness returns 0); layer != 0 on one-layer arrays (lavapipe
// ignores it).
#include "visa_diff.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <optional>

#include "isa/frontend.hpp"
#include "isa/visa/frontend.hpp"
#include "isa/visa/scene_section.hpp"
#include "scene/scene.hpp"
#include "texunit/fetch.hpp"
#include "texunit/sample_lavapipe.hpp"

namespace texsim::oracle {
namespace {

constexpr unsigned kChunk = 16;

const isa::Frontend& frontend() {
  static const auto f = isa::visa::make_frontend();
  return *f;
}

struct Param {
  std::string name;
  bool integer;
};

std::string hex4(const std::array<uint32_t, 4>& v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%08x,%08x,%08x,%08x", v[0], v[1], v[2], v[3]);
  return buf;
}

}  // namespace

void visa_diff(const Batch& b, const std::vector<uint32_t>& gpu, uint64_t seed, uint32_t ci,
               uint32_t max_print, VisaDiffStats& st) {
  const size_t n = b.lanes.size();
  if (b.op == Op::kGather || b.op == Op::kGatherShadow) {
    st.skipped_ops += n;
    return;
  }
  const auto& d = b.surface->desc();
  const bool fetch = !b.fetches.empty();
  const bool shadow = b.op == Op::kShadowLod || b.op == Op::kShadowGrad;
  bool all_lod0 = b.op == Op::kLod;
  for (const auto& q : b.samples) all_lod0 = all_lod0 && q.lod == 0.0f;
  std::string mnem;
  std::vector<std::string> params;
  switch (b.op) {
    case Op::kFetch:
      mnem = "load_3d";
      params = {"u", "v", "lod", "r"};
      break;
    case Op::kFetchMs:
      mnem = "load_2dms_w";
      params = {"si", "mcsl", "mcsh", "u", "v"};
      break;
    case Op::kLod:
      mnem = all_lod0 ? "sample_lz" : "sample_l";
      params = all_lod0 ? std::vector<std::string>{"u", "v", "r"}
                        : std::vector<std::string>{"lod", "u", "v", "r"};
      break;
    case Op::kGrad:
      mnem = "sample_d";
      params = {"u", "dudx", "dudy", "v", "dvdx", "dvdy", "r", "drdx", "drdy"};
      break;
    case Op::kShadowLod:
      mnem = "sample_l_c";
      params = {"ref", "lod", "u", "v", "r"};
      break;
    case Op::kShadowGrad:
      mnem = "sample_d_c";
      params = {"ref", "u", "dudx", "dudy", "v", "dvdx", "dvdy", "r", "drdx", "drdy"};
      break;
    // Fragment-quad ops: the message's lanes 4q..4q+3 are quad q, as in the GPU's draw.
    case Op::kImplicit:
      mnem = "sample_3d";
      params = {"u", "v", "r"};
      break;
    case Op::kBias:
      mnem = "sample_b";
      params = {"bias", "u", "v", "r"};
      break;
    case Op::kQueryLod:
      mnem = "lod";
      params = {"u", "v", "r"};
      break;
    default:
      st.skipped_ops += n;
      return;
  }
  const bool query = b.op == Op::kQueryLod;
  const bool uint_dst = b.format->uint_result && !shadow && !query;
  // aoffimmi: u in bits 11:8, v in 7:4, r in 3:0 (4-bit two's complement).
  uint32_t aoff = 0;
  if (b.has_offset)
    aoff = ((static_cast<uint32_t>(b.offset[0]) & 0xf) << 8) |
           ((static_cast<uint32_t>(b.offset[1]) & 0xf) << 4) |
           (static_cast<uint32_t>(b.offset[2]) & 0xf);
  std::string text = ".version 4.2\n.kernel \"oracle_visa\"\n.decl T6 v_type=T num_elts=1\n";
  if (!fetch) text += ".decl S0 v_type=S num_elts=1\n";
  const bool int_params = fetch;
  for (const auto& p : params)
    text +=
        ".decl P_" + p + " v_type=G type=" + (int_params ? "ud" : "f") + " num_elts=16 align=GRF\n";
  text += std::string(".decl DST v_type=G type=") + (uint_dst ? "ud" : "f") +
          " num_elts=64 align=GRF\n";
  char aoffs[32];
  std::snprintf(aoffs, sizeof aoffs, "0x%x:uw", aoff);
  text += "    " + mnem + ".RGBA (M1, 16)  " + aoffs + (fetch ? "" : " S0") + " T6 DST.0 %null.0";
  for (const auto& p : params) text += " P_" + p + ".0";
  text += "\n";

  core::DiagSink sink;
  const auto prog = frontend().parse({"oracle.visaasm", text}, "TGLLP", sink);
  if (!prog) {
    ++st.errors;
    if (st.printed++ < max_print)
      std::printf("oracle-visa: parse error case %u: %s\n%s", ci,
                  sink.diagnostics().empty() ? "?" : sink.diagnostics()[0].message.c_str(),
                  text.c_str());
    return;
  }
  scene::Scene sc;
  sc.isa = "visa";
  sc.platform = "TGLLP";
  sc.surfaces.push_back({6, "", *b.surface});
  if (!fetch) sc.samplers.push_back({0, b.sampler, texunit::PrecisionKind::kLavapipe});
  isa::ExecOptions eo;
  eo.precision = texunit::PrecisionKind::kLavapipe;
  const unsigned mask = shadow ? 0x1u : query ? 0x3u : 0xfu;
  // texsim's lavapipe-profile answers, to classify differences: `full` as main.cpp asserts it
  // (per-8-lane group decisions, lavapipe's UNORM/SNORM fetch conversion), `alone` as the vISA
  // executor computes it (texunit::sample per lane without group context; texunit::fetch_texel).
  const auto view = b.surface->view();
  std::vector<std::array<uint32_t, 4>> full(n), alone(n);
  if (fetch) {
    for (size_t i = 0; i < n; ++i) {
      full[i] = texunit::fetch_texel_lavapipe(view, b.fetches[i]).texel.bits;
      texunit::FetchRequest fr = b.fetches[i];
      texunit::FetchOptions fo;
      if (b.op == Op::kFetchMs) {
        fr.mcs = 0xE4u;
        fo.sample_policy = texunit::SampleIndexPolicy::kClamp;
      }
      alone[i] = texunit::fetch_texel(view, fr, fo).texel.bits;
    }
  } else {
    constexpr size_t kSimd = 8;
    const size_t groups = (n + kSimd - 1) / kSimd;
    std::vector<uint8_t> lin(groups, 0), c0(groups, 0), c1(groups, 0);
    auto quad_ctx = [&](size_t i) {
      texunit::LavapipeLaneContext ctx;
      if (is_fragment_op(b.op)) {
        ctx.quad = &b.samples[i & ~size_t{3}];
        ctx.quad_lane = static_cast<uint8_t>(i & 3u);
      }
      return ctx;
    };
    for (size_t i = 0; i < n; ++i) {
      const auto f = texunit::lavapipe_lane_facts(view, b.sampler, b.samples[i], quad_ctx(i));
      if (f.needs_linear) lin[i / kSimd] = 1;
      if (f.cube_corner[0]) c0[i / kSimd] = 1;
      if (f.cube_corner[1]) c1[i / kSimd] = 1;
    }
    for (size_t i = 0; i < n; ++i) {
      texunit::LavapipeLaneContext ctx = quad_ctx(i);
      ctx.group_needs_linear = lin[i / kSimd] != 0;
      ctx.group_cube_corner = {c0[i / kSimd] != 0, c1[i / kSimd] != 0};
      full[i] = texunit::sample_lavapipe(view, b.sampler, b.samples[i], ctx).texel.bits;
      alone[i] = texunit::sample_lavapipe(view, b.sampler, b.samples[i], {}).texel.bits;
    }
  }
  auto eq = [&](const std::array<uint32_t, 4>& x, const std::array<uint32_t, 4>& y) {
    for (unsigned c = 0; c < 4; ++c)
      if ((mask >> c & 1) && x[c] != y[c]) return false;
    return true;
  };
  const bool one_layer_array = d.type == texunit::SurfaceType::k2DArray && d.slices() == 1;

  for (size_t base = 0; base < n; base += kChunk) {
    std::vector<std::vector<uint32_t>> vals(params.size(), std::vector<uint32_t>(kChunk, 0));
    for (unsigned l = 0; l < kChunk; ++l) {
      const size_t i = std::min(base + l, n - 1);  // pad with the last lane
      for (size_t k = 0; k < params.size(); ++k) {
        const std::string& p = params[k];
        uint32_t v = 0;
        if (fetch) {
          const auto& f = b.fetches[i];
          const bool arr = d.type == texunit::SurfaceType::k2DArray;
          if (p == "u")
            v = f.coord[0];
          else if (p == "v")
            v = f.coord[1];
          else if (p == "r")
            v = arr ? f.slice : f.coord[2];
          else if (p == "lod")
            v = f.level;
          else if (p == "si")
            v = f.sample;
          else if (p == "mcsl")
            v = 0xE4u;
        } else {
          const auto& q = b.samples[i];
          const bool arr = d.type == texunit::SurfaceType::k2DArray;
          float x = 0.0f;
          if (p == "u")
            x = q.coord[0];
          else if (p == "v")
            x = q.coord[1];
          else if (p == "r")
            x = arr ? q.array_index : q.coord[2];
          else if (p == "lod" || p == "bias")
            x = q.lod;
          else if (p == "ref")
            x = q.reference;
          else if (p == "dudx")
            x = q.ddx[0];
          else if (p == "dvdx")
            x = q.ddx[1];
          else if (p == "drdx")
            x = q.ddx[2];
          else if (p == "dudy")
            x = q.ddy[0];
          else if (p == "dvdy")
            x = q.ddy[1];
          else if (p == "drdy")
            x = q.ddy[2];
          std::memcpy(&v, &x, 4);
        }
        vals[k][l] = v;
      }
    }
    for (size_t k = 0; k < params.size(); ++k) {
      isa::visa::VisaRegister r;
      r.type = int_params ? scene::ElemType::kUD : scene::ElemType::kF;
      r.bytes.resize(4 * kChunk);
      std::memcpy(r.bytes.data(), vals[k].data(), 4 * kChunk);
      isa::visa::edit_scene_state(sc).registers["P_" + params[k]] = std::move(r);
    }
    core::DiagSink es;
    const auto rr = frontend().execute(*prog, sc, "TGLLP", eo, es);
    const scene::RegisterValue* dst = nullptr;
    if (rr)
      for (const auto& r : rr->registers)
        if (r.name == "DST") dst = &r;
    if (!dst || dst->bytes.size() < 4 * 4 * kChunk) {
      ++st.errors;
      if (st.printed++ < max_print)
        std::printf("oracle-visa: execute error case %u: %s\n%s", ci,
                    es.diagnostics().empty() ? "no DST" : es.diagnostics()[0].message.c_str(),
                    text.c_str());
      return;
    }
    for (unsigned l = 0; l < kChunk && base + l < n; ++l) {
      const size_t i = base + l;
      if (fetch && b.op == Op::kFetchMs && b.fetches[i].sample >= 4) {
        ++st.excluded;
        continue;
      }
      if (fetch && one_layer_array && b.fetches[i].slice != 0) {
        ++st.excluded;
        continue;
      }
      std::array<uint32_t, 4> g{gpu[4 * i], gpu[4 * i + 1], gpu[4 * i + 2], gpu[4 * i + 3]};
      std::array<uint32_t, 4> w{};
      bool defined = true;
      for (unsigned c = 0; c < 4; ++c) {
        const size_t e = c * kChunk + l;  // channel c occupies 16 consecutive elements
        std::memcpy(&w[c], dst->bytes.data() + 4 * e, 4);
        if ((mask >> c & 1) && !dst->element_defined(e)) defined = false;
      }
      bool same = defined;
      for (unsigned c = 0; c < 4; ++c)
        if ((mask >> c & 1) && g[c] != w[c]) same = false;
      const auto opi = static_cast<size_t>(b.op);
      if (same) {
        ++st.passed;
        ++st.op_passed[opi];
        continue;
      }
      // Every difference fails. The label says when it looks like a lost lavapipe context: the
      // asserted texunit answer matches the GPU and the vISA result is the lane computed alone
      // (or with fetch_texel's conversion) — the vISA executor applies both contexts.
      const bool gap = defined && eq(g, full[i]) && eq(w, alone[i]);
      ++st.failed;
      ++st.op_failed[opi];
      const char* kind =
          gap ? (fetch ? "visa-gap(fetch conversion)" : "visa-gap(group context)") : "visa";
      if (st.printed++ < max_print)
        std::printf("MISMATCH %s op=%s seed=%" PRIu64
                    " case=%u lane=%zu | %s | %s | gpu=%s visa=%s%s\n",
                    kind, std::string(op_name(b.op)).c_str(), seed, ci, i, describe(b).c_str(),
                    mnem.c_str(), hex4(g).c_str(), hex4(w).c_str(), defined ? "" : " (undefined)");
    }
  }
}

}  // namespace texsim::oracle
