// Execution of SAMPLE_UNORM: operands (lower_sample_unorm) -> the texture unit's UNORM block
// message (texunit/sample_unorm.hpp) -> 32 UW per enabled channel in Dst (visa-sample_unorm.md;
// decisions V50-V53). Depends on lower, machine, scene and texunit; never prints.
#include <cstdio>

#include "isa/visa/exec_internal.hpp"
#include "isa/visa/lower.hpp"
#include "isa/visa/model_sample_unorm.hpp"
#include "texunit/sample_unorm.hpp"

namespace texsim::isa::visa {
namespace {

// One trace line per block row (issue 17's `run --trace`): the row's first pixel coordinates and
// each enabled channel's eight words.
void trace_block(const UnormBlockOperands& ops, const texunit::UnormBlock& b,
                 std::vector<std::string>& out) {
  const texunit::UnormBlockRequest req{ops.u0, ops.v0, ops.du, ops.dv};
  char buf[96];
  for (unsigned y = 0; y < texunit::kUnormBlockRows; ++y) {
    const auto c = texunit::unorm_block_coord(req, y * texunit::kUnormBlockWidth);
    std::snprintf(buf, sizeof buf, "    row %u: u=%.9g v=%.9g ->", y, c[0], c[1]);
    std::string line = buf;
    for (unsigned ch = 0; ch < 4; ++ch) {
      if (((ops.channel_mask >> ch) & 1) == 0) continue;
      line += std::string(" ") + "RGBA"[ch] + "=";
      for (unsigned x = 0; x < texunit::kUnormBlockWidth; ++x) {
        if (!ops.defined) {
          line += x ? ",?" : "?";
          continue;
        }
        std::snprintf(buf, sizeof buf, x ? ",%04x" : "%04x",
                      b.words[ch][y * texunit::kUnormBlockWidth + x]);
        line += buf;
      }
    }
    out.push_back(std::move(line));
  }
}

}  // namespace

bool run_sample_unorm(const Instruction& inst, Machine& m, const scene::Scene& sc,
                      const ExecConfig& cfg, core::DiagSink& sink) {
  const auto ops = lower_sample_unorm(inst, m, sink);
  if (!ops) return false;
  const std::string spec(inst.row->spec_file);
  const scene::SceneSurface* ss = sampled_surface(inst, m, sc, ops->surface, sink);
  if (ss == nullptr) return false;
  if (const auto why = texunit::unorm_block_unsupported(ss->surface.desc())) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "SAMPLE_UNORM samples a 2D surface of an 8- or 16-bit UNORM format; surface " +
                   std::to_string(ops->surface) + ": " + *why,
               spec + ", Semantics (decision V53)");
    return false;
  }
  const scene::SceneSampler* smp = scene_sampler(inst, m, sc, ops->sampler, sink);
  if (smp == nullptr) return false;
  const RawOperand dst = inst.op("Dst").raw;
  const Variable* dv = m.symbols().find(VarClass::kGeneral, dst.id);
  const auto sp = m.span(dst.id);
  const uint32_t bytes = sample_unorm_dst_bytes(ops->channel_mask);
  if (dst.id == 0 || dv == nullptr || !sp || dst.offset + bytes > sp->size) {
    sink.error("VISA-RUN-REGISTER", at(inst, m),
               "Dst must hold " + std::to_string(bytes) + " bytes (32 UW per enabled channel)",
               spec + ", Dst");
    return false;
  }
  texunit::MessageOptions mo;
  mo.precision = texunit::PrecisionProfile::of(smp->precision.value_or(cfg.precision));
  mo.layout.lavapipe_group_lanes = 8;  // lavapipe's SIMD8 groups, as for 3D messages
  texunit::UnormBlock block;
  if (ops->defined) {
    block = texunit::sample_unorm_block(memory_view(cfg, *ss), smp->state,
                                        {ops->u0, ops->v0, ops->du, ops->dv}, mo);
    if (!block.ok) {
      sink.error("VISA-RUN-SURFACE", at(inst, m), "the texture unit refused the UNORM block",
                 spec + ", Semantics");
      return false;
    }
  }
  // Channel enables are ignored (visa-sample_unorm.md, Properties): all 32 pixels are written;
  // an undefined coordinate byte leaves every word undefined.
  const uint8_t fill = cfg.poison.value_or(0);
  uint32_t at_byte = sp->base + dst.offset;
  for (unsigned c = 0; c < 4; ++c) {
    if (((ops->channel_mask >> c) & 1) == 0) continue;
    for (unsigned i = 0; i < texunit::kUnormBlockLanes; ++i) {
      const uint16_t w = block.words[c][i];
      m.write(at_byte++, ops->defined ? static_cast<uint8_t>(w) : fill, ops->defined);
      m.write(at_byte++, ops->defined ? static_cast<uint8_t>(w >> 8) : fill, ops->defined);
    }
  }
  if (cfg.trace && cfg.lane_trace != nullptr) trace_block(*ops, block, *cfg.lane_trace);
  m.mark_written(dst.id);
  return true;
}

}  // namespace texsim::isa::visa
