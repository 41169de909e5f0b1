// Volta+ texture instructions on the SASS machine (issue 26): the texture handle from the
// constant bank word, the uniform register or the .B register; .SCR's vectors re-packed into the
// Maxwell/Pascal layout (decision W11); then exec_wide / exec_query, as on SM50-SM62.
#include "isa/sass/exec_sm70.hpp"

#include <array>

#include "core/text.hpp"

#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/exec_query.hpp"
#include "isa/sass/exec_wide.hpp"
#include "isa/sass/lower.hpp"
#include "isa/sass/lower_wide.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/writeback.hpp"

namespace texsim::isa::sass {

namespace {

constexpr std::string_view kCite = "decisions.md W11";

bool is_array(ParamA p) {
  return p == ParamA::kArray1D || p == ParamA::kArray2D || p == ParamA::kArray3D ||
         p == ParamA::kArrayCube;
}

// A form no source defines: its destination is written undefined, with the warning.
bool undefined_result(const Instruction& inst, Machine& m, std::string why, core::DiagSink& sink,
                      const std::string& line, std::vector<std::string>* trace) {
  report_undefined(inst, {"SASS-EXEC-UNDEFINED-FORM", std::move(why), std::string(kCite)}, sink);
  std::string writes;
  write_vector(inst, {}, {false, false, false, false}, m, trace ? &writes : nullptr);
  if (inst.pd != kPT) m.p[inst.pd] = false;
  if (trace) trace->push_back(line + "  // undefined ->" + writes);
  return true;
}

// The handle of a bound (constant bank) or uniform-register form; nullopt after an error.
std::optional<uint32_t> texture_handle(const Instruction& inst, const scene::Scene& scene,
                                       core::DiagSink& sink) {
  const SceneState& st = scene_state(scene);
  const WideFields& w = inst.wide;
  if (w.source == TexSource::kUniform) {
    if (w.tex_a == 63) return 0u;  // URZ
    const auto it = st.registers.ur.find(w.tex_a);
    return it == st.registers.ur.end() ? 0u : it->second;
  }
  const auto bank = st.const_banks.find(w.bank);
  const uint64_t byte = uint64_t{w.tex_a} * 4;
  if (bank == st.const_banks.end() || byte + 4 > bank->second.size()) {
    report_missing_state(inst,
                         "the texture handle is word " + core::hex(w.tex_a) + " of constant bank " +
                             std::to_string(w.bank) +
                             ", which the scene's \"const_banks\" does not give",
                         "nvidia_sm70_fields.md 2", sink);
    return std::nullopt;
  }
  uint32_t handle = 0;
  for (unsigned b = 0; b < 4; ++b) handle |= uint32_t{bank->second[byte + b]} << (8 * b);
  return handle;
}

}  // namespace

std::optional<SourceCounts> source_counts(const Instruction& inst) {
  SourceCounts c;
  const Opcode base = wide_base_op(inst.op);
  c.ra = (is_array(inst.param_a) ? 1u : 0u) + coord_count(inst.param_a);
  if (base != inst.op) ++c.rb;  // the .B handle
  if (inst.ms) ++c.rb;
  const uint8_t lod = inst.wide.lod_code;
  if (base == Opcode::kTex) {
    if (lod >= 4) return std::nullopt;  // .LC, .LB.LC, .LC.FDV: no known clamp operand
    if (lod == 2 || lod == 3) ++c.rb;   // LB, LL
  } else if (base == Opcode::kTld && lod == 3) {
    ++c.rb;  // LL
  }
  if (base == Opcode::kTld4)
    c.rb += inst.toff == 2 ? 2u : (inst.toff == 1 ? 1u : 0u);  // .PTP: two words
  else if (inst.aoffi)
    ++c.rb;
  if (inst.dc) ++c.rb;
  return c;
}

bool execute_sm70(const Instruction& inst, Machine& m, const scene::Scene& scene,
                  core::DiagSink& sink, const std::string& line, std::vector<std::string>* trace) {
  const Opcode base = wide_base_op(inst.op);
  Instruction x = inst;
  // ptxas writes TLD.LL.CL for every PTX tex.level fetch with integer coordinates: read as that
  // level fetch (decision W12).
  if (base == Opcode::kTld) x.cl = false;
  TextureRef ref;
  switch (inst.wide.source) {
    case TexSource::kCb2:
      return undefined_result(inst, m,
                              "the two-index constant-bank form (opcode 0xb62 + 3k) has "
                              "no known meaning: ptxas never writes it",
                              sink, line, trace);
    case TexSource::kUniform:
      if (inst.wide.tex_b != 0)
        return undefined_result(inst, m,
                                "a uniform-register texture with immediate " +
                                    core::hex(inst.wide.tex_b) +
                                    " (ptxas writes 0x0; no source says what it adds)",
                                sink, line, trace);
      [[fallthrough]];
    case TexSource::kBound: {
      const auto h = texture_handle(inst, scene, sink);
      if (!h) return false;
      ref.handle = *h;
      break;
    }
    case TexSource::kBindless:
      break;
  }
  // Everything runs on a copy: .SCR re-packs its vectors there, and only what the instruction
  // writes comes back.
  Machine s = m;
  s.written.fill(false);
  const bool packs = base == Opcode::kTex || base == Opcode::kTld || base == Opcode::kTld4;
  if (inst.wide.scr && packs) {
    const auto c = source_counts(inst);
    const unsigned n = c ? c->ra + c->rb : 0;
    if (!c || n > 4)
      return undefined_result(inst, m,
                              ".SCR with more than four source registers (ptxas splits "
                              "only up to four between Ra and Rb)",
                              sink, line, trace);
    // Ra holds the first ceil(n/2) of the Maxwell/Pascal sequence, Rb the rest (W11).
    const unsigned in_ra = (n + 1) / 2;
    std::array<uint32_t, 4> seq{};
    for (unsigned k = 0; k < n; ++k)
      seq[k] =
          k < in_ra ? vector_register(m.r, inst.ra, k) : vector_register(m.r, inst.rb, k - in_ra);
    for (unsigned k = 0; k < n; ++k) s.r[k < c->ra ? k : 8 + k - c->ra] = seq[k];
    x.ra = 0;
    x.rb = c->rb != 0 ? 8 : kRZ;
  }
  if (inst.wide.source == TexSource::kBindless) {
    const auto bf = bindless_form(x, s.r);
    if (!bf) return false;
    x = bf->base;  // the same fields with the bound opcode
    ref = bf->ref;
  }
  const bool ok = base == Opcode::kTxq || base == Opcode::kTmml
                      ? execute_query(x, s, scene, ref, sink, line, trace)
                      : execute_wide(x, s, scene, ref, sink, line, trace);
  for (unsigned r = 0; r < kRZ; ++r) {
    if (!s.written[r]) continue;
    m.r[r] = s.r[r];
    m.written[r] = true;
    m.defined[r] = s.defined[r];
  }
  m.p = s.p;
  return ok;
}

}  // namespace texsim::isa::sass
