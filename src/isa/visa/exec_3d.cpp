// Execution of 3D_SAMPLE, 3D_LOAD and 3D_SAMPLE4: operands (lower_3d) -> the Intel sampler
// message (intel/: lowering, texture unit, response write-back) with the scene's surface and
// sampler; the scene lookups every sampler message shares. Depends on lower, machine, scene,
// intel and texunit; never prints.
#include <bit>
#include <cstdio>

#include "core/half.hpp"
#include "intel/sampler_response.hpp"
#include "intel/sampler_run.hpp"
#include "isa/visa/exec_internal.hpp"
#include "isa/visa/kinds.hpp"
#include "isa/visa/lower.hpp"
#include "isa/visa/scene_section.hpp"
#include "isa/visa/scene_states.hpp"

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
  const scene::SceneSurface* ss = find_surface(sc, surface);
  if (ss == nullptr) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "the scene has no surface with id " + std::to_string(surface), spec + ", Surface");
  }
  return ss;
}

const scene::SceneSampler* scene_sampler(const Instruction& inst, const Machine& m,
                                         const scene::Scene& sc, uint32_t sampler,
                                         core::DiagSink& sink) {
  const scene::SceneSampler* smp = find_sampler(sc, sampler);
  if (smp == nullptr) {
    sink.error("VISA-RUN-SAMPLER", at(inst, m),
               "the scene has no sampler with id " + std::to_string(sampler),
               std::string(inst.row->spec_file) + ", Sampler");
  }
  return smp;
}

namespace {

// One trace line per enabled lane of a 3D message (issue 17: `run --trace` shows each lane's
// inputs and outputs): the form's parameters as read (floats as values, integers as numbers,
// `?` where a byte was undefined) and each enabled channel's written word, with its value when
// Dst is F or HF.
void trace_lanes(const Sampler3DRequest& req, const intel::LaneResults& res, VisaType dst_type,
                 unsigned es, std::vector<std::string>& out) {
  char buf[64];
  const intel::MessageParams& p = req.params;
  for (unsigned i = 0; i < p.lanes; ++i) {
    if (((p.enabled >> i) & 1) == 0) continue;
    std::string line = "    lane " + std::to_string(i) + ":";
    for (size_t k = 0; k < req.roles.size() && k < intel::kMaxParams; ++k) {
      const intel::Param role = req.roles[k];
      line += " " + std::string(intel::param_name(role)) + "=";
      if (!p.lane_defined(role, i)) {
        line += "?";
      } else if (req.float_params) {
        std::snprintf(buf, sizeof buf, "%.9g", p.f(role, i));
        line += buf;
      } else {
        line += std::to_string(p.u32(role, i));
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

}  // namespace

namespace {

// A sample message's sampler state and precision from the scene; false (with a diagnostic) when
// the scene lacks the sampler or a _c message's sampler has no compare function.
bool message_sampler(const Instruction& inst, const Machine& m, const scene::Scene& sc,
                     uint32_t sampler, core::DiagSink& sink, texunit::SamplerState& state,
                     texunit::PrecisionProfile& prec) {
  const scene::SceneSampler* smp = scene_sampler(inst, m, sc, sampler, sink);
  if (smp == nullptr) return false;
  state = smp->state;
  if (smp->precision) prec = texunit::PrecisionProfile::of(*smp->precision);
  const bool compare = inst.row->s3d.compare;
  // A SAMPLER_STATE's Shadow Function serves the _c messages only (decision DS19).
  if (compare && !state.compare) state.compare = smp->message_compare;
  if (compare && !state.compare) {
    sink.error("VISA-RUN-SAMPLER", at(inst, m),
               std::string(inst.row->mnemonic) + " needs a comparison sampler; sampler " +
                   std::to_string(sampler) + " has no \"compare\" function",
               std::string(inst.row->spec_file) + ", Ref");
    return false;
  }
  if (!compare) state.compare.reset();  // only the _c messages use the shadow function
  return true;
}

// .cps: the coarse pixel size that divides implicit derivatives ({1, 1} without).
std::array<float, 2> coarse_pixel(const Sampler3DRequest& req, const scene::Scene& sc) {
  if ((req.flags & kFlagCps) == 0 || !scene_state(sc).coarse_pixel_size) return {1.0f, 1.0f};
  return {static_cast<float>((*scene_state(sc).coarse_pixel_size)[0]),
          static_cast<float>((*scene_state(sc).coarse_pixel_size)[1])};
}

}  // namespace

bool run_3d(const Instruction& inst, Machine& m, const scene::Scene& sc, const ExecConfig& cfg,
            core::DiagSink& sink) {
  const auto req = lower_3d(inst, m, sink);
  if (!req) return false;
  const std::string spec(inst.row->spec_file);
  const scene::SceneSurface* ss = sampled_surface(inst, m, sc, req->surface, sink);
  if (ss == nullptr) return false;
  const texunit::SurfaceDesc& d = ss->surface.desc();
  const intel::MessageSpec& s3d = inst.row->s3d;
  texunit::SamplerState sstate;
  texunit::PrecisionProfile prec = texunit::PrecisionProfile::of(cfg.precision);
  if (!s3d.fetch && !message_sampler(inst, m, sc, req->sampler, sink, sstate, prec)) return false;
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
  if (dv == nullptr || !sp) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst has no storage", spec + ", Dst");
    return false;
  }
  const unsigned es = type_size(dv->type) == 2 ? 2u : 4u;
  const intel::ResponseLayout layout{.lanes = req->params.lanes,
                                     .enabled = req->params.enabled,
                                     .channels = req->channels,
                                     .elem_bytes = es,
                                     .grf = m.grf_bytes(),
                                     .pixel_null_mask = (req->flags & kFlagPnm) != 0};
  const uint32_t bytes =
      intel::response_bytes(layout.channels, layout.lanes, es, layout.grf, layout.pixel_null_mask);
  if (dst.offset + bytes > sp->size) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst is too small for the enabled channels",
               spec + ", Dst");
    return false;
  }
  // Lower -> message -> write-back, all in the Intel sampler message (intel/).
  const intel::LoweredMessage msg =
      intel::lower_message(req->params, s3d, d.type, coarse_pixel(*req, sc));
  const intel::LaneResults res =
      intel::run_message(memory_view(cfg, *ss), sstate, prec, s3d, msg, es);
  const uint32_t base = sp->base + dst.offset;
  intel::write_response(layout, res, {m.bytes_at(base, bytes), m.defined_at(base, bytes)},
                        cfg.poison.value_or(0));
  if (cfg.trace && cfg.lane_trace != nullptr) trace_lanes(*req, res, dv->type, es, *cfg.lane_trace);
  m.mark_written(dst.id);
  return true;
}

}  // namespace texsim::isa::visa
