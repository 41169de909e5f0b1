// Execution of 3D_SAMPLE and 3D_LOAD: operands (lower_3d) -> a texture-unit message
// (lower_3d_message, texunit/message.hpp) -> write-back of the enabled channels and the pixel
// null mask; the scene lookups every sampler message shares. Depends on lower, machine, scene
// and texunit; never prints.
#include <bit>
#include <cstdio>

#include "core/half.hpp"
#include "isa/visa/exec_internal.hpp"
#include "isa/visa/kinds.hpp"
#include "isa/visa/lower.hpp"
#include "isa/visa/scene_section.hpp"
#include "texunit/message.hpp"

namespace texsim::isa::visa {

const scene::SceneSurface* sampled_surface(const Instruction& inst, const Machine& m,
                                           const scene::Scene& sc, uint32_t surface,
                                           core::DiagSink& sink) {
  const std::string spec(inst.row->spec_file);
  if (surface == kSurfaceBss || surface == kSurfaceSlm || surface == kSurfaceStateless) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "surface " + std::string(predefined_surface_name(surface)) +
                   " cannot be sampled (no surface state is modelled)",
               spec + ", Surface");
    return nullptr;
  }
  const scene::SceneSurface* ss = sc.find_surface(surface);
  if (ss == nullptr) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "the scene has no surface with id " + std::to_string(surface), spec + ", Surface");
  }
  return ss;
}

const scene::SceneSampler* scene_sampler(const Instruction& inst, const Machine& m,
                                         const scene::Scene& sc, uint32_t sampler,
                                         core::DiagSink& sink) {
  const scene::SceneSampler* smp = sc.find_sampler(sampler);
  if (smp == nullptr) {
    sink.error("VISA-RUN-SAMPLER", at(inst, m),
               "the scene has no sampler with id " + std::to_string(sampler),
               std::string(inst.row->spec_file) + ", Sampler");
  }
  return smp;
}

namespace {

// One lane's outcome: four 32-bit words (already converted to the Dst element size) and which
// of them are undefined.
struct LaneResult {
  std::array<uint32_t, 4> word{};
  uint32_t undefined = 0;  // bit c: channel c undefined
  bool null_tile = false;
};

// Coordinates, array index and offsets by surface type (visa-3d_sample.md / visa-3d_load.md,
// the u/v/r/ai table): 1D_ARRAY takes the array index from v, 2D_ARRAY from r, cube arrays
// from ai; 3D and cubes use r as the third coordinate.

// One trace line per enabled lane of a 3D message (issue 17: `run --trace` shows each lane's
// inputs and outputs): the form's parameters as read (floats as values, integers as numbers,
// `?` where a byte was undefined) and each enabled channel's written word, with its value when
// Dst is F or HF.
void trace_lanes(const Sampler3DRequest& req, const std::array<LaneResult, 32>& res,
                 VisaType dst_type, unsigned es, std::vector<std::string>& out) {
  char buf[64];
  for (unsigned i = 0; i < req.lanes; ++i) {
    if (((req.enabled >> i) & 1) == 0) continue;
    std::string line = "    lane " + std::to_string(i) + ":";
    for (size_t k = 0; k < req.names.size() && k < kMaxParams3D; ++k) {
      line += " " + std::string(req.names[k]) + "=";
      if (((req.undefined[k] >> i) & 1) != 0) {
        line += "?";
      } else if (req.float_params) {
        std::snprintf(buf, sizeof buf, "%.9g", std::bit_cast<float>(req.param[k][i]));
        line += buf;
      } else {
        line += std::to_string(req.param[k][i]);
      }
    }
    line += " ->";
    static constexpr std::string_view kChannel = "RGBA";
    for (unsigned c = 0; c < 4; ++c) {
      if (((req.channels >> c) & 1) == 0) continue;
      line += " ";
      line += kChannel[c];
      if (((res[i].undefined >> c) & 1) != 0) {
        line += "=?";
        continue;
      }
      const uint32_t w = res[i].word[c];
      std::snprintf(buf, sizeof buf, es == 4 ? "=0x%08x" : "=0x%04x", w);
      line += buf;
      if (dst_type == VisaType::kF || dst_type == VisaType::kHF) {
        const float v =
            es == 4 ? std::bit_cast<float>(w) : core::half_to_float(static_cast<uint16_t>(w));
        std::snprintf(buf, sizeof buf, " (%.9g)", v);
        line += buf;
      }
    }
    if (res[i].null_tile) line += " (null tile)";
    out.push_back(std::move(line));
  }
}

// The texture-unit side of a 3D message and each lane's words for the write-back: undefined
// inputs make every channel undefined; load_mcs returns the MCS; the rest goes through
// texunit::sample_message / fetch_message. The lavapipe profile runs the message as lavapipe
// runs a SIMD8 shader: groups of 8 lanes, implicit-LOD lanes in pixel quads 4q..4q+3.
std::array<LaneResult, 32> run_message(const texunit::SurfaceView& view,
                                       const texunit::SamplerState& sampler,
                                       const texunit::PrecisionProfile& prec,
                                       const Sampler3DSpec& s3d, const Message3D& msg,
                                       unsigned es) {
  std::array<LaneResult, 32> res{};
  for (unsigned i = 0; i < msg.lanes; ++i) {
    if (((msg.undefined >> i) & 1) != 0) res[i].undefined = 0xf;
  }
  if (s3d.returns_mcs) {
    // ld_mcs: the 64-bit MCS in R (low) and G (high) for 32-bit returns, in four 16-bit
    // quarters R..A for 16-bit returns; B and A are 0 for 32-bit returns (decision).
    const texunit::FetchBatch fb = msg.fetch_batch();
    for (unsigned i = 0; i < msg.lanes; ++i) {
      if (msg.active[i] == 0) continue;
      const uint64_t mcs = texunit::fetch_mcs(view, texunit::fetch_request_at(fb, i));
      if (es == 4) {
        res[i].word = {static_cast<uint32_t>(mcs), static_cast<uint32_t>(mcs >> 32), 0u, 0u};
      } else {
        for (unsigned k = 0; k < 4; ++k)
          res[i].word[k] = static_cast<uint32_t>((mcs >> (16 * k)) & 0xffffu);
      }
    }
    return res;
  }
  std::array<std::array<uint32_t, 32>, 4> w{};
  std::array<uint8_t, 32> flags{};
  std::array<texunit::TexelKind, 32> kinds{};
  const size_t n = msg.lanes;
  const texunit::TexelLanes out{{w[0].data(), n}, {w[1].data(), n},  {w[2].data(), n},
                                {w[3].data(), n}, {flags.data(), n}, {kinds.data(), n}};
  texunit::MessageOptions mo;
  mo.precision = prec;
  mo.layout.lavapipe_group_lanes = 8;
  mo.fetch.sample_policy = msg.sample_policy;
  if (s3d.fetch) {
    texunit::fetch_message(view, msg.fetch_batch(), out, mo);
  } else {
    texunit::sample_message(view, sampler, msg.sample_batch(), out, mo);
  }
  for (unsigned i = 0; i < msg.lanes; ++i) {
    if (msg.active[i] == 0) continue;
    for (unsigned c = 0; c < 4; ++c) res[i].word[c] = convert_return(w[c][i], kinds[i], es);
    res[i].null_tile = (flags[i] & texunit::kLaneNullTile) != 0;
    res[i].undefined = msg.undefined_channels;
  }
  return res;
}

// Write-back: each enabled channel in RGBA order from the next GRF; disabled lanes untouched,
// register tails undefined; then the pixel null mask GRF (visa-3d_sample.md, Notes).
void write_back_3d(const Sampler3DRequest& r, const std::array<LaneResult, 32>& res, unsigned es,
                   bool pnm, uint32_t base, uint8_t fill, Machine& m) {
  const unsigned grf = m.grf_bytes();
  const unsigned per = grfs_per_channel(r.lanes, es, grf) * grf;
  uint32_t block = base;
  for (unsigned c = 0; c < 4; ++c) {
    if (((r.channels >> c) & 1) == 0) continue;
    for (unsigned i = 0; i < r.lanes; ++i) {
      if (((r.enabled >> i) & 1) == 0) continue;
      const bool undef = ((res[i].undefined >> c) & 1) != 0;
      for (unsigned b = 0; b < es; ++b) {
        m.write(block + i * es + b, undef ? fill : static_cast<uint8_t>(res[i].word[c] >> (8 * b)),
                !undef);
      }
    }
    for (unsigned b = r.lanes * es; b < per; ++b) m.write(block + b, fill, false);
    block += per;
  }
  if (pnm) {
    uint32_t mask = 0;
    for (unsigned i = 0; i < r.lanes; ++i) {
      const bool enabled = ((r.enabled >> i) & 1) != 0;
      if (!enabled || !res[i].null_tile) mask |= 1u << i;
    }
    // Only the mask's exec-size bits are defined (IGC's lowering reads "the first word"; no
    // source defines the bits above): exec sizes 8/16/32 end on a byte (decision V27).
    for (unsigned b = 0; b < r.lanes / 8; ++b)
      m.write(block + b, static_cast<uint8_t>(mask >> (8 * b)), true);
    for (unsigned b = r.lanes / 8; b < grf; ++b) m.write(block + b, fill, false);
  }
}

}  // namespace

bool run_3d(const Instruction& inst, Machine& m, const scene::Scene& sc, const ExecConfig& cfg,
            core::DiagSink& sink) {
  const auto req = lower_3d(inst, m, sink);
  if (!req) return false;
  const std::string spec(inst.row->spec_file);
  const scene::SceneSurface* ss = sampled_surface(inst, m, sc, req->surface, sink);
  if (ss == nullptr) return false;
  const texunit::SurfaceView view = ss->surface.view();
  const texunit::SurfaceDesc& d = ss->surface.desc();
  const Sampler3DSpec& s3d = inst.row->s3d;
  const bool is_sample = !s3d.fetch;
  const bool compare = s3d.compare;
  texunit::SamplerState sstate;
  texunit::PrecisionProfile prec = texunit::PrecisionProfile::of(cfg.precision);
  if (is_sample) {
    const scene::SceneSampler* smp = scene_sampler(inst, m, sc, req->sampler, sink);
    if (smp == nullptr) return false;
    sstate = smp->state;
    if (smp->precision) prec = texunit::PrecisionProfile::of(*smp->precision);
    if (compare && !sstate.compare) {
      sink.error("VISA-RUN-SAMPLER", at(inst, m),
                 std::string(inst.row->mnemonic) + " needs a comparison sampler; sampler " +
                     std::to_string(req->sampler) + " has no \"compare\" function",
                 spec + ", Ref");
      return false;
    }
    if (!compare) sstate.compare.reset();  // only the _c messages use the shadow function
  }
  if (s3d.multisample && d.samples < 2) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "load_2dms_w needs a multisample surface; surface " + std::to_string(req->surface) +
                   " has 1 sample",
               spec + ", Si");
    return false;
  }
  const RawOperand dst = inst.op("Dst").raw;
  if (dst.id == 0) return true;  // %null Dst: a sampler prefetch, writes nothing (decision V26)
  const Variable* dv = m.symbols().find(VarClass::kGeneral, dst.id);
  const auto sp = m.span(dst.id);
  const unsigned grf = m.grf_bytes();
  if (dv == nullptr || !sp) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst has no storage", spec + ", Dst");
    return false;
  }
  const unsigned es = type_size(dv->type) == 2 ? 2u : 4u;
  const bool pnm = (req->flags & kFlagPnm) != 0;
  if (dst.offset + dst_3d_bytes(req->channels, req->lanes, es, grf, pnm) > sp->size) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst is too small for the enabled channels",
               spec + ", Dst");
    return false;
  }
  // Lower -> message -> write-back.
  std::array<float, 2> coarse{1.0f, 1.0f};
  if ((req->flags & kFlagCps) != 0 && scene_state(sc).coarse_pixel_size) {
    coarse = {static_cast<float>((*scene_state(sc).coarse_pixel_size)[0]),
              static_cast<float>((*scene_state(sc).coarse_pixel_size)[1])};
  }
  const Message3D msg = lower_3d_message(*req, s3d, d.type, coarse);
  const std::array<LaneResult, 32> res = run_message(view, sstate, prec, s3d, msg, es);
  write_back_3d(*req, res, es, pnm, sp->base + dst.offset, cfg.poison.value_or(0), m);
  if (cfg.trace && cfg.lane_trace != nullptr) trace_lanes(*req, res, dv->type, es, *cfg.lane_trace);
  m.mark_written(dst.id);
  return true;
}

}  // namespace texsim::isa::visa
