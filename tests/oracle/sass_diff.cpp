// SASS differential against lavapipe. Mappings (Vulkan GLSL -> SASS, decisions T40-T46):
//  textureLod 2D              -> TEXS.LL 2D (Ra = s,t; Rb = lod); TEXS.LZ 2D (Ra = s, Rb = t)
//                                when every lane's lod is 0
//  textureLod 2D array, 3D    -> TEXS.LZ ARRAY_2D (Ra = layer,s; Rb = t) / TEXS.LZ 3D, lanes with
//                                lod 0 (and an integer layer) only
//  textureLod cube            -> TEXS.LL CUBE (Ra = x,y; Rb = z,lod)
//  shadow textureLod 2D       -> TEXS.LL.DC 2D (Rb = lod, ref); channel R only is compared
//  textureGather(Offset) 2D   -> TLD4S.<comp>[.AOFFI] (offsets in Rb[5:0], Rb[13:8])
//  shadow textureGather 2D    -> TLD4S.R.DC / TLD4S.R.AOFFI.DC
// Batches with offsets on TEXS, gradients and the fragment-quad ops are skipped (counted).
// A lane passes when it is bit-identical to the GPU. A difference is a "gap" (counted, not a
// failure) when the SASS result equals texsim's own lavapipe-profile answer for the lane alone
// with the sampler narrowed to the TSC's widths (tsc_sampler_state): the two known modelling
// differences are the lone SASS thread (lavapipe decides filters per 8-lane group) and the TSC's
// 1/256 LOD bias/clamp steps (the oracle's random biases carry a fraction of 1/100). Any other
// difference is a failure: the lowering did not reproduce the lane's request.
#include "sass_diff.hpp"

#include <array>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <optional>

#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/syntax.hpp"
#include "isa/sass/tsc.hpp"
#include "scene/scene.hpp"
#include "texunit/sample_lavapipe.hpp"

namespace texsim::oracle {
namespace {

using texunit::SurfaceType;

// Register slots: R0..R3 (TEXS/TLD4S: Ra = R0, Rb = R2; TEX/TLD/TLD4/TXD: Ra = R0) and R8..R11
// (TEX/TLD/TLD4/TXD: Rb = R8); results to R4..R7.
enum class Reg : uint8_t {
  kS,
  kT,
  kR,
  kLayer,
  kLod,
  kRef,
  kOffsets,
  kZero,
  kOff4,       // TEX/TLD/TXD offsets: signed nibbles u, v, w (T49)
  kPtp,        // TLD4.PTP: the batch offset for all four texels (T50)
  kTxdPacked,  // TXD: layer 15:0, offsets 19:16, 23:20 (T52)
  kDsdx,
  kDsdy,
  kDtdx,
  kDtdy,  // TXD gradients
  kX,
  kY,
  kZ,
  kSlice,
  kLevel,
  kSample  // TLD (integer)
};

struct Form {
  std::string text;            // the instruction
  std::array<Reg, 8> regs{};   // R0..R3, R8..R11
  bool lod0_only = false;      // lanes with lod != 0 are excluded
  bool integer_layer = false;  // lanes whose layer is not an integer in [0, 65535] are excluded
  unsigned mask = 0xf;         // compared channels
};

constexpr Reg Z = Reg::kZero;

// TEXS / TLD4S (even cases without offsets, decisions T40-T46).
std::optional<Form> scalar_form(const Batch& b) {
  const SurfaceType t = b.surface->desc().type;
  bool all_lod0 = true;
  for (const auto& q : b.samples) all_lod0 = all_lod0 && q.lod == 0.0f;
  Form f;
  const char* comp = "RGBA";
  switch (b.op) {
    case Op::kLod:
      if (b.has_offset) return std::nullopt;
      if (t == SurfaceType::k2D && all_lod0) {
        f.text = "TEXS.LZ R6, R4, R0, R2, 0x0, 2D, RGBA ;";
        f.regs = {Reg::kS, Z, Reg::kT, Z, Z, Z, Z, Z};
      } else if (t == SurfaceType::k2D) {
        f.text = "TEXS.LL R6, R4, R0, R2, 0x0, 2D, RGBA ;";
        f.regs = {Reg::kS, Reg::kT, Reg::kLod, Z, Z, Z, Z, Z};
      } else if (t == SurfaceType::k2DArray) {
        f.text = "TEXS.LZ R6, R4, R0, R2, 0x0, ARRAY_2D, RGBA ;";
        f.regs = {Reg::kLayer, Reg::kS, Reg::kT, Z, Z, Z, Z, Z};
        f.lod0_only = f.integer_layer = true;
      } else if (t == SurfaceType::k3D) {
        f.text = "TEXS.LZ R6, R4, R0, R2, 0x0, 3D, RGBA ;";
        f.regs = {Reg::kS, Reg::kT, Reg::kR, Z, Z, Z, Z, Z};
        f.lod0_only = true;
      } else if (t == SurfaceType::kCube) {
        f.text = "TEXS.LL R6, R4, R0, R2, 0x0, CUBE, RGBA ;";
        f.regs = {Reg::kS, Reg::kT, Reg::kR, Reg::kLod, Z, Z, Z, Z};
      } else {
        return std::nullopt;
      }
      return f;
    case Op::kShadowLod:
      if (b.has_offset || t != SurfaceType::k2D) return std::nullopt;
      f.text = "TEXS.LL.DC RZ, R4, R0, R2, 0x0, 2D, R ;";
      f.regs = {Reg::kS, Reg::kT, Reg::kLod, Reg::kRef, Z, Z, Z, Z};
      f.mask = 0x1;
      return f;
    case Op::kGather:
    case Op::kGatherShadow: {
      if (t != SurfaceType::k2D) return std::nullopt;
      const bool dc = b.op == Op::kGatherShadow;
      f.text = std::string("TLD4S.") + comp[b.gather_comp & 3] + (b.has_offset ? ".AOFFI" : "") +
               (dc ? ".DC" : "") + " R6, R4, R0, R2, 0x0 ;";
      if (b.has_offset)
        f.regs = {Reg::kS, Reg::kT, Reg::kOffsets, dc ? Reg::kRef : Z, Z, Z, Z, Z};
      else if (dc)
        f.regs = {Reg::kS, Reg::kT, Reg::kRef, Z, Z, Z, Z, Z};
      else
        f.regs = {Reg::kS, Z, Reg::kT, Z, Z, Z, Z, Z};
      return f;
    }
    default:
      return std::nullopt;
  }
}

// Ra's coordinates for a sampling op: [layer], s, t[, r] (T48).
void coords(SurfaceType t, Form& f, std::string& dim) {
  switch (t) {
    case SurfaceType::k2DArray:
      dim = "ARRAY_2D";
      f.regs[0] = Reg::kLayer, f.regs[1] = Reg::kS, f.regs[2] = Reg::kT;
      f.integer_layer = true;
      return;
    case SurfaceType::k3D:
    case SurfaceType::kCube:
      dim = t == SurfaceType::k3D ? "3D" : "CUBE";
      f.regs[0] = Reg::kS, f.regs[1] = Reg::kT, f.regs[2] = Reg::kR;
      return;
    default:
      dim = "2D";
      f.regs[0] = Reg::kS, f.regs[1] = Reg::kT;
      return;
  }
}

// TEX, TLD, TLD4, TXD (decisions T47-T57): Ra = R0.., Rb = R8.., Rd = R4.
std::optional<Form> vector_form(const Batch& b, uint32_t ci) {
  const SurfaceType t = b.surface->desc().type;
  Form f;
  f.regs.fill(Z);
  std::string dim;
  std::string mods;
  unsigned rb = 4;  // index into regs of the next Rb slot
  auto push = [&](Reg r) { f.regs[rb++] = r; };
  const char* comp = "RGBA";
  switch (b.op) {
    case Op::kFetch:
    case Op::kFetchMs: {
      bool all_level0 = true;
      for (const auto& q : b.fetches) all_level0 = all_level0 && q.level == 0;
      const bool ms = b.op == Op::kFetchMs;
      unsigned ra = 0;
      if (t == SurfaceType::k2DArray) f.regs[ra++] = Reg::kSlice;
      f.regs[ra++] = Reg::kX, f.regs[ra++] = Reg::kY;
      if (t == SurfaceType::k3D) f.regs[ra++] = Reg::kZ;
      dim = t == SurfaceType::k2DArray ? "ARRAY_2D" : t == SurfaceType::k3D ? "3D" : "2D";
      mods = all_level0 || ms ? ".LZ" : ".LL";
      if (ms) push(Reg::kSample);
      if (!all_level0 && !ms) push(Reg::kLevel);
      if (b.has_offset) push(Reg::kOff4), mods += ".AOFFI";
      if (ms) mods += ".MS";
      f.text = "TLD" + mods;
      break;
    }
    case Op::kLod:
    case Op::kShadowLod:
      coords(t, f, dim);
      if (ci % 4 == 1) {  // .LZ: the lanes whose lod is 0
        mods = ".LZ";
        f.lod0_only = true;
      } else {
        push(Reg::kLod);
        mods = ".LL";
      }
      if (b.has_offset) push(Reg::kOff4), mods += ".AOFFI";
      if (b.op == Op::kShadowLod) push(Reg::kRef), mods += ".DC", f.mask = 0x1;
      f.text = "TEX" + mods;
      break;
    case Op::kGrad:
      if (t != SurfaceType::k2D && t != SurfaceType::k2DArray) return std::nullopt;  // T54
      dim = t == SurfaceType::k2D ? "2D" : "ARRAY_2D";
      f.regs[0] = Reg::kS, f.regs[1] = Reg::kT;
      if (t == SurfaceType::k2DArray || b.has_offset) f.regs[2] = Reg::kTxdPacked;
      f.integer_layer = t == SurfaceType::k2DArray;
      push(Reg::kDsdx), push(Reg::kDsdy), push(Reg::kDtdx), push(Reg::kDtdy);
      f.text = std::string("TXD") + (b.has_offset ? ".AOFFI" : "");
      break;
    case Op::kGather:
    case Op::kGatherShadow: {
      coords(t, f, dim);
      const bool dc = b.op == Op::kGatherShadow;
      mods = std::string(".") + comp[b.gather_comp & 3];
      if (b.has_offset && ci % 4 == 3) {
        push(Reg::kPtp), push(Reg::kPtp), mods += ".PTP";
      } else if (b.has_offset) {
        push(Reg::kOffsets), mods += ".AOFFI";
      }
      if (dc) push(Reg::kRef), mods += ".DC";
      f.text = "TLD4" + mods;
      break;
    }
    default:
      return std::nullopt;
  }
  f.text += " R4, R0, " + std::string(rb > 4 ? "R8, " : "") + "0x0, " + dim + ", 0x" +
            std::string(1, "0123456789abcdef"[f.mask]) + " ;";
  return f;
}

// The sources of a vector form: Ra's (R0..R3) and Rb's (R8..R11); vector_form fills them in
// order and leaves the rest kZero.
unsigned count_sources(const Form& f, unsigned from) {
  unsigned n = 0;
  for (unsigned k = from; k < from + 4; ++k) n += f.regs[k] != Z ? 1u : 0u;
  return n;
}

// The Volta+ (SM70-SM90) line of a vector form, as ptxas 11.8 writes it (issue 26, decisions
// W9, W11): the texture is word 0 of bank 1 (handle 0: header 0, sampler 0), Rd = R4 and Rd2 = R6
// (the Maxwell line's R4..R7), the mask printed when partial. Even cases with at most four
// sources take .SCR, ptxas's split (the first ceil(n/2) sources in Ra = R0.., the rest in Rb =
// R8..); the registers are re-packed to match.
Form volta_form(const Form& maxwell, uint32_t ci) {
  const std::string& t = maxwell.text;
  const size_t sp = t.find(' ');
  const std::string mnemonic = t.substr(0, sp);  // "TEX.LL.AOFFI.DC"
  const std::string base = mnemonic.substr(0, mnemonic.find('.'));
  std::string mods = mnemonic.substr(base.size());
  // Maxwell's operands: "R4, R0, [R8, ]0x0, DIM, 0xM ;".
  const size_t dim_at = t.find(", 0x0, ") + 7;
  const std::string dim = t.substr(dim_at, t.find(',', dim_at) - dim_at);
  const unsigned ra = count_sources(maxwell, 0), rb = count_sources(maxwell, 4);
  const unsigned n = ra + rb;
  Form f = maxwell;
  const bool scr = base != "TXD" && n <= 4 && ci % 2 == 0;
  if (scr) {
    std::array<Reg, 4> seq{};
    for (unsigned k = 0; k < n; ++k) seq[k] = k < ra ? maxwell.regs[k] : maxwell.regs[4 + k - ra];
    f.regs.fill(Z);
    const unsigned in_ra = (n + 1) / 2;
    for (unsigned k = 0; k < n; ++k) f.regs[k < in_ra ? k : 4 + k - in_ra] = seq[k];
    mods = ".SCR" + mods;
  }
  const bool has_rb = scr ? n > (n + 1) / 2 : rb > 0;
  const bool two_regs = std::popcount(maxwell.mask) > 2;
  f.text = base + mods + (two_regs ? " R6" : " RZ") + ", R4, R0" + (has_rb ? ", R8" : "") +
           ", 0x1, 0x0, " + dim;
  if (maxwell.mask != 0xf) f.text += std::string(", 0x") + "0123456789abcdef"[maxwell.mask];
  f.text += " ;";
  return f;
}

// Even cases keep the TEXS/TLD4S forms where one exists; the rest run the vector forms. Volta+
// has no TEXS/TLD4S: every case runs the vector form's Volta+ line.
std::optional<Form> form_for(const Batch& b, uint32_t ci, unsigned sm) {
  if (sm != 0) {
    const auto f = vector_form(b, ci);
    if (!f) return std::nullopt;
    return volta_form(*f, ci);
  }
  if (ci % 2 == 0) {
    if (auto f = scalar_form(b)) return f;
  }
  return vector_form(b, ci);
}

uint32_t reg_value(Reg r, const Batch& b, size_t i) {
  const bool fetch = !b.fetches.empty();
  const texunit::SampleRequest q = fetch ? texunit::SampleRequest{} : b.samples[i];
  const texunit::FetchRequest fq = fetch ? b.fetches[i] : texunit::FetchRequest{};
  const auto u = [](int32_t v, unsigned bits) {
    return static_cast<uint32_t>(v) & ((1u << bits) - 1u);
  };
  switch (r) {
    case Reg::kS:
      return std::bit_cast<uint32_t>(q.coord[0]);
    case Reg::kT:
      return std::bit_cast<uint32_t>(q.coord[1]);
    case Reg::kR:
      return std::bit_cast<uint32_t>(q.coord[2]);
    case Reg::kLayer:
      return static_cast<uint32_t>(q.array_index);
    case Reg::kLod:
      return std::bit_cast<uint32_t>(q.lod);
    case Reg::kRef:
      return std::bit_cast<uint32_t>(q.reference);
    case Reg::kOffsets:
      return u(b.offset[0], 6) | u(b.offset[1], 6) << 8;
    case Reg::kOff4:
      return u(b.offset[0], 4) | u(b.offset[1], 4) << 4 | u(b.offset[2], 4) << 8;
    case Reg::kPtp: {
      const uint32_t pair = u(b.offset[0], 6) | u(b.offset[1], 6) << 8;
      return pair | pair << 16;
    }
    case Reg::kTxdPacked:
      return (b.surface->desc().is_array() ? static_cast<uint32_t>(q.array_index) : 0u) |
             (b.has_offset ? (u(b.offset[0], 4) | u(b.offset[1], 4) << 4) << 16 : 0u);
    case Reg::kDsdx:
      return std::bit_cast<uint32_t>(q.ddx[0]);
    case Reg::kDsdy:
      return std::bit_cast<uint32_t>(q.ddy[0]);
    case Reg::kDtdx:
      return std::bit_cast<uint32_t>(q.ddx[1]);
    case Reg::kDtdy:
      return std::bit_cast<uint32_t>(q.ddy[1]);
    case Reg::kX:
      return fq.coord[0];
    case Reg::kY:
      return fq.coord[1];
    case Reg::kZ:
      return fq.coord[2];
    case Reg::kSlice:
      return fq.slice;
    case Reg::kLevel:
      return fq.level;
    case Reg::kSample:
      return fq.sample;
    case Reg::kZero:
      break;
  }
  return 0;
}

std::string hex4(const std::array<uint32_t, 4>& v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%08x,%08x,%08x,%08x", v[0], v[1], v[2], v[3]);
  return buf;
}

}  // namespace

scene::Scene sass_scene(const Batch& b, uint32_t min_level) {
  scene::Scene sc;
  sc.isa = "sass";
  sc.platform = "SM52";
  sc.surfaces.push_back({0, "", *b.surface});
  auto& state = isa::sass::edit_scene_state(sc);
  state.tex_bank = 1;
  state.const_banks[1] = {0, 0, 0, 0};  // word 0: header 0, sampler 0
  state.texture_headers =
      isa::sass::TextureHeaderPool{0, {{0, {0, min_level, b.surface->desc().mips - 1, false}}}};
  state.texture_samplers =
      isa::sass::TextureSamplerPool{0, {{0, {0, b.sampler, texunit::PrecisionKind::kLavapipe}}}};
  return sc;
}

void sass_diff(const Batch& b, const std::vector<uint32_t>& gpu, uint64_t seed, uint32_t ci,
               uint32_t max_print, SassDiffStats& st, const std::string& platform) {
  const size_t n = b.lanes.size();
  const unsigned sm = isa::sass::wide_sm(platform);
  const std::optional<Form> form = form_for(b, ci, sm);
  if (!form) {
    st.skipped += n;
    return;
  }
  core::DiagSink sink;
  const auto prog = isa::sass::parse_program(form->text, "oracle.sass", sink, nullptr, sm);
  for (const auto& i : prog) isa::sass::validate(i, platform, sink);
  if (sink.has_errors() || prog.size() != 1) {
    ++st.errors;
    if (st.printed++ < max_print)
      std::printf("oracle-sass: parse error case %u: %s\n", ci, form->text.c_str());
    return;
  }
  scene::Scene sc = sass_scene(b, 0);
  const texunit::SamplerState tsc =
      isa::sass::tsc_sampler_state(isa::sass::edit_scene_state(sc).texture_samplers->entries[0]);
  const auto settings = isa::sass::settings_for(sc, platform, false);
  const auto view = b.surface->view();
  const std::string key = form->text.substr(0, form->text.find(' '));
  const auto opi = static_cast<size_t>(b.op);

  for (size_t i = 0; i < n; ++i) {
    const texunit::SampleRequest q = b.samples.empty() ? texunit::SampleRequest{} : b.samples[i];
    if (form->lod0_only && q.lod != 0.0f) {
      ++st.excluded;
      continue;
    }
    if (form->integer_layer && !(q.array_index >= 0.0f && q.array_index <= 65535.0f &&
                                 std::floor(q.array_index) == q.array_index)) {
      ++st.excluded;
      continue;
    }
    isa::sass::SassRegisters& regs = isa::sass::edit_scene_state(sc).registers;
    for (unsigned k = 0; k < 8; ++k) regs.r[k < 4 ? k : k + 4] = reg_value(form->regs[k], b, i);
    core::DiagSink es;
    const auto out = isa::sass::run_program(prog, sc, settings, std::nullopt, es, nullptr);
    std::array<uint32_t, 4> w{};
    bool defined = out.has_value();
    if (out) {
      for (const auto& v : *out) {
        const unsigned r = static_cast<unsigned>(std::stoul(v.name.substr(1)));
        if (r < 4 || r > 7) continue;
        w[r - 4] = uint32_t{v.bytes[0]} | uint32_t{v.bytes[1]} << 8 | uint32_t{v.bytes[2]} << 16 |
                   uint32_t{v.bytes[3]} << 24;
        defined = defined && v.defined.empty();
      }
    }
    if (!out) {
      ++st.errors;
      if (st.printed++ < max_print)
        std::printf("oracle-sass: execute error case %u: %s\n", ci,
                    es.diagnostics().empty() ? "?" : es.diagnostics()[0].message.c_str());
      return;
    }
    const std::array<uint32_t, 4> g{gpu[4 * i], gpu[4 * i + 1], gpu[4 * i + 2], gpu[4 * i + 3]};
    auto eq = [&](const std::array<uint32_t, 4>& x, const std::array<uint32_t, 4>& y) {
      for (unsigned c = 0; c < 4; ++c)
        if ((form->mask >> c & 1) && x[c] != y[c]) return false;
      return true;
    };
    if (defined && eq(w, g)) {
      ++st.passed;
      ++st.op_passed[opi];
      ++st.by_form[key][0];
      continue;
    }
    // Fetches have no group context: any difference is a failure.
    const bool fetch = !b.fetches.empty();
    const auto alone =
        fetch ? std::array<uint32_t, 4>{} : texunit::sample_lavapipe(view, tsc, q, {}).texel.bits;
    if (!fetch && defined && eq(w, alone)) {
      ++st.gap;
      ++st.op_gap[opi];
      ++st.by_form[key][1];
      // The lone lane with the scene's unnarrowed sampler: a group-context gap; else the TSC's.
      if (!eq(w, texunit::sample_lavapipe(view, b.sampler, q, {}).texel.bits)) ++st.tsc_gap;
      continue;
    }
    ++st.failed;
    ++st.op_failed[opi];
    ++st.by_form[key][2];
    if (st.printed++ < max_print)
      std::printf("MISMATCH sass op=%s seed=%" PRIu64
                  " case=%u lane=%zu | %s | %s | gpu=%s sass=%s "
                  "alone=%s%s\n",
                  std::string(op_name(b.op)).c_str(), seed, ci, i, describe(b).c_str(),
                  form->text.c_str(), hex4(g).c_str(), hex4(w).c_str(), hex4(alone).c_str(),
                  defined ? "" : " (undefined)");
  }
}

int sass_diff_report(const SassDiffStats& st, uint64_t seed, uint32_t cases, uint32_t lanes,
                     double seconds, const std::string& platform) {
  // On Volta+ the run must have covered every opcode with and without .SCR (TXD has none).
  bool covered = true;
  if (isa::sass::wide_sm(platform) != 0) {
    for (const std::string op : {"TEX.", "TLD.", "TLD4.", "TXD"}) {
      for (const bool scr : {false, true}) {
        if (scr && op == "TXD") continue;
        bool seen = false;
        for (const auto& [form, n] : st.by_form)
          seen = seen || (form.starts_with(op) && (form.find(".SCR") != std::string::npos) == scr &&
                          n[0] > 0);
        if (!seen) {
          std::printf("oracle-sass: no %s%s line ran identical on %s: the run does not cover it\n",
                      op.c_str(), scr ? "SCR" : " (without .SCR)", platform.c_str());
          covered = false;
        }
      }
    }
  }
  std::printf("oracle-sass: seed %" PRIu64 ", %u cases x %u lanes, %.1f s\n", seed, cases, lanes,
              seconds);
  std::printf("oracle-sass: %" PRIu64 " lanes skipped (no SASS form), %" PRIu64
              " lanes excluded (no exact mapping), %" PRIu64 " front-end errors\n",
              st.skipped, st.excluded, st.errors);
  for (int k = 0; k < kOpCount; ++k) {
    const auto u = static_cast<size_t>(k);
    if (st.op_passed[u] + st.op_gap[u] + st.op_failed[u] == 0) continue;
    std::printf("oracle-sass: %-13s %8" PRIu64 " identical %8" PRIu64 " lone-lane/TSC gap %8" PRIu64
                " failed\n",
                std::string(op_name(static_cast<Op>(k))).c_str(), st.op_passed[u], st.op_gap[u],
                st.op_failed[u]);
  }
  for (const auto& [form, n] : st.by_form) {
    std::printf("oracle-sass:   %-22s %8" PRIu64 " identical %8" PRIu64 " gap %8" PRIu64
                " failed\n",
                form.c_str(), n[0], n[1], n[2]);
  }
  std::printf("oracle-sass: %" PRIu64 " identical, %" PRIu64 " gap (%" PRIu64
              " from the TSC's 1/256 LOD steps, the rest lavapipe's 8-lane group context), %" PRIu64
              " failed\n",
              st.passed, st.gap, st.tsc_gap, st.failed);
  return covered && st.failed == 0 && st.errors == 0 && st.passed > 0 ? 0 : 1;
}

}  // namespace texsim::oracle
