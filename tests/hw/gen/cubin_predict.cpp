// Predicts an sm_70+ cubin kernel's stores (cubin_predict.hpp): the glue from cubin_glue.cpp, the
// texture instruction decoded from its 128-bit word (decode_sm70) and run warp-wide (run_program).
#include "gen/cubin_predict.hpp"

#include <cstring>

#include "gen/cubin_glue.hpp"
#include "gen/hw_expect.hpp"
#include "isa/sass/codec_sm70.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::hwgen {

namespace {

bool is_texture_op(const std::string& op) {
  const std::string base = op.substr(0, op.find('.'));
  return base == "TEX" || base == "TLD" || base == "TLD4" || base == "TXD" || base == "TXQ" ||
         base == "TMML";
}

// The case's scene: its texture as header 0 and its sampler as sampler 0 (nvidia profile), so
// that handle 0 (the prediction's value of the texture-object parameter) names both.
scene::Scene case_scene(const hw::CaseData& c) {
  scene::Scene sc;
  sc.isa = "sass";
  sc.surfaces.push_back(scene::SceneSurface{0, "", make_surface(c.spec, c.texels), std::nullopt});
  auto& st = isa::sass::edit_scene_state(sc);
  st.texture_headers = isa::sass::TextureHeaderPool{
      0, {{0, isa::sass::TextureHeader{0, 0, c.spec.levels - 1, false}}}};
  st.texture_samplers = isa::sass::TextureSamplerPool{
      0, {{0, scene::SceneSampler{0, sampler_of(c.spec), texunit::PrecisionKind::kNvidia, {}}}}};
  st.warp = isa::sass::WarpState{};
  return sc;
}

// Runs the texture instruction on the warp's known registers; unknown registers read as `fill`.
// Returns the registers it wrote, nullopt on an error (in `why`).
std::optional<std::vector<scene::RegisterValue>> run_texture(const isa::sass::Instruction& inst,
                                                             scene::Scene& sc, const GlueMachine& m,
                                                             uint32_t fill,
                                                             const std::string& platform,
                                                             std::string& why) {
  auto& regs = isa::sass::edit_scene_state(sc).registers;
  regs = {};
  for (unsigned r = 0; r < 64; ++r) regs.r_lanes[r].fill(fill);
  for (const auto& [r, v] : m.r) {
    if (v.tag == GlueTag::kLanes) regs.r_lanes[r] = v.v;
  }
  for (const auto& [u, v] : m.ur) regs.ur[u] = v;
  auto& warp = *isa::sass::edit_scene_state(sc).warp;
  warp.active_mask = m.lanes >= 32 ? 0xffffffffu : (1u << m.lanes) - 1u;
  core::DiagSink sink;
  const auto out =
      isa::sass::run_program(std::span(&inst, 1), sc, isa::sass::settings_for(sc, platform, false),
                             std::nullopt, sink, nullptr);
  if (!out || sink.has_errors()) {
    why = "texsim cannot run '" + isa::sass::print_instruction(inst) + "'";
    for (const auto& d : sink.diagnostics()) why += "; " + d.rule_id + ": " + d.message;
  }
  return sink.has_errors() ? std::nullopt : out;
}

constexpr uint32_t kFill = 0x7fc0dead;  // the second run's value of unknown registers

bool unwritten(const scene::RegisterValue& v, uint32_t fill) {
  for (size_t i = 0; i + 4 <= v.bytes.size(); i += 4) {
    uint32_t w = 0;
    std::memcpy(&w, &v.bytes[i], 4);
    if (w != fill) return false;
  }
  return true;
}

// The texture instruction: run twice with different values in the registers the glue does not
// know; results that differ mean it read one of them, which this check cannot predict.
std::string texture_step(const ListedInstruction& li, scene::Scene& sc, GlueMachine& m, unsigned sm,
                         CubinPrediction& p) {
  const std::string platform = "SM" + std::to_string(sm);
  core::DiagSink sink;
  const auto inst = isa::sass::decode_sm70(li.word, platform, {}, sink);
  if (inst.kind != isa::sass::Kind::kInstruction) return "texsim does not decode '" + li.text + "'";
  p.texture_line = (li.guard.empty() ? "" : li.guard + " ") + li.text;
  p.texture_text_agrees = isa::sass::print_instruction(inst) == p.texture_line + " ;" ||
                          isa::sass::print_instruction(inst) == p.texture_line;
  std::string why;
  const auto a = run_texture(inst, sc, m, 0u, platform, why);
  const auto b = run_texture(inst, sc, m, kFill, platform, why);
  if (!a || !b) return why;
  for (size_t i = 0; i < a->size(); ++i) {
    const auto& va = (*a)[i];
    const int r = glue_register(va.name);
    if (r < 0 || va.bytes.size() != size_t{kGlueLanes} * 4 || (*b)[i].name != va.name) continue;
    const auto known = m.r.find(static_cast<unsigned>(r));
    if ((known == m.r.end() || known->second.tag != GlueTag::kLanes) && unwritten(va, 0u) &&
        unwritten((*b)[i], kFill))
      continue;  // a register the glue does not know that the instruction left alone
    if ((*b)[i].bytes != va.bytes)
      return "'" + li.text + "' reads a register whose value the glue does not know";
    GlueValue g;
    std::memcpy(g.v.data(), va.bytes.data(), va.bytes.size());
    m.r[static_cast<unsigned>(r)] = g;
  }
  return {};
}

}  // namespace

CubinPrediction predict_cubin(const hw::CaseData& c, const ListedFunction& fn, unsigned sm) {
  CubinPrediction p;
  scene::Scene sc = case_scene(c);
  p.results.assign(size_t{c.spec.lookups} * hw::kResultWords, 0u);
  unsigned mask = 0xf;
  for (unsigned first = 0; first < c.spec.lookups; first += kGlueLanes) {
    GlueMachine m;
    m.inputs = &c.inputs[size_t{first} * hw::kInputWords];
    m.lanes = std::min(kGlueLanes, c.spec.lookups - first);
    bool texture = false;
    for (const ListedInstruction& li : fn.code) {
      const bool tex = is_texture_op(li.op);
      texture = texture || tex;
      p.reason = tex ? texture_step(li, sc, m, sm, p) : m.step(li);
      if (!p.reason.empty() || m.exited) break;
    }
    if (p.reason.empty() && !texture) p.reason = "the kernel has no texture instruction";
    if (!p.reason.empty()) return p;
    mask &= m.stored_mask;
    for (unsigned l = 0; l < m.lanes; ++l) {
      std::memcpy(&p.results[size_t{first + l} * hw::kResultWords], &m.stored[size_t{l} * 4], 16);
    }
  }
  if ((mask & c.spec.compare_mask) != c.spec.compare_mask) {
    p.reason = "the kernel stores result words the glue cannot follow";
    return p;
  }
  p.predicted = true;
  return p;
}

}  // namespace texsim::hwgen
