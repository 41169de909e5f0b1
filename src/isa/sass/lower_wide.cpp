// TEX / TLD / TLD4 / TXD -> texture-unit requests; register vectors per nouveau handleTEX, NAK
// nak_nir_lower_tex.c and YUZU texture_{fetch,load,gather,gradient}.cpp (T47-T54). Never prints.
#include "isa/sass/lower_wide.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

#include "core/bits.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/tsc.hpp"

namespace texsim::isa::sass {

namespace {

// Ra's array index and TEX/TLD's .AOFFI register: lower.hpp's array_index16 and aoffi4 (T48, T49).
// TXD's packed word after the coordinates (nouveau: offsets in the upper 16 bits of the array
// index; NAK PRMT 0x1054; YUZU texture_gradient.cpp): without .LC array 15:0, u 19:16, v 23:20;
// with .LC (YUZU only) array 11:0, u 15:12, v 19:16, LOD clamp 31:20 unsigned 4.8 (T52).
constexpr core::BitField kTxdArray{"array", 15, 0, "decisions.md T52"};
constexpr core::BitField kTxdU{"aoffi.u", 19, 16, "decisions.md T52"};
constexpr core::BitField kTxdV{"aoffi.v", 23, 20, "decisions.md T52"};
constexpr core::BitField kTxdLcArray{"array", 11, 0, "decisions.md T52"};
constexpr core::BitField kTxdLcU{"aoffi.u", 15, 12, "decisions.md T52"};
constexpr core::BitField kTxdLcV{"aoffi.v", 19, 16, "decisions.md T52"};
constexpr core::BitField kTxdLc{"lod clamp", 31, 20, "decisions.md T52"};

// Signed 6-bit gather offset of byte k (TLD4 .AOFFI: bytes 0, 1; .PTP: texel i's u, v in bytes
// 2i, 2i+1 of two registers; YUZU texture_gather.cpp; decisions T50).
int32_t gather_offset(uint32_t word, unsigned byte) {
  const core::BitField f{"offset", 8 * byte + 5, 8 * byte, "decisions.md T50"};
  return static_cast<int32_t>(f.get_signed(word));
}

bool is_cube(ParamA p) {
  return p == ParamA::kCube || p == ParamA::kArrayCube;
}

// Reads consecutive registers of a vector operand (lower.hpp vector_register).
class Cursor {
 public:
  Cursor(const RegisterFile& regs, uint8_t base, unsigned skip)
      : regs_(regs), base_(base), next_(skip) {}
  uint32_t take() {
    const unsigned k = next_++;
    return vector_register(regs_, base_, k);
  }
  float takef() { return std::bit_cast<float>(take()); }

 private:
  const RegisterFile& regs_;
  uint8_t base_;
  unsigned next_;
};

std::string fmt(const char* f, double a, double b = 0, double c = 0) {
  char buf[96];
  std::snprintf(buf, sizeof buf, f, a, b, c);
  return buf;
}

void undefined(LoweredWide& out, std::string why) {
  out.outcome = Outcome::kUndefined;
  out.undefined = {"SASS-EXEC-UNDEFINED-FORM", std::move(why), "decisions T54"};
}

// The forms no source gives a meaning or a register layout (decisions T54).
bool undefined_form(const Instruction& inst, LoweredWide& out) {
  const std::string op(op_spec(inst.op).mnemonic);
  const std::string pa(param_a_info(inst.param_a).name);
  auto no = [&](std::string why) {
    undefined(out, std::move(why));
    return true;
  };
  if (inst.param_a == ParamA::kArray3D) return no(op + " with paramA ARRAY_3D (no texture type)");
  switch (inst.op) {
    case Opcode::kTex:
      if (inst.lod == Lod::kInvalid4 || inst.lod == Lod::kInvalid5)
        return no("TEX." + std::string(spelling(Mod::kLod, static_cast<uint8_t>(inst.lod))) +
                  " is an unnamed lod code");
      if (inst.aoffi && is_cube(inst.param_a)) return no("TEX.AOFFI with paramA " + pa);
      // TEX.LC (bit 58) and TEX.B.LC (bit 40): YUZU's TEX_b decodes .LC and throws "LC" not
      // implemented; no source says which register holds the clamp (TXD.LC packs it with the
      // layer; decisions T58, T70).
      if (inst.lc)
        return no(std::string(op_spec(inst.op).mnemonic) + ".LC has no known LOD clamp operand");
      break;
    case Opcode::kTld:
      if (inst.cl) return no("TLD.CL has no documented meaning or operand");
      if (is_cube(inst.param_a)) return no("TLD with paramA " + pa);
      break;
    case Opcode::kTld4:
      if (inst.toff == 3) return no("TLD4.INVALIDBTOFF03 is an unnamed offset mode");
      if (coord_count(inst.param_a) != 2 && !is_cube(inst.param_a))
        return no("TLD4 with paramA " + pa + " (gathers are 2D and cube)");
      if (inst.toff != 0 && is_cube(inst.param_a)) return no("TLD4 offsets with paramA " + pa);
      break;
    case Opcode::kTxd:
      if (coord_count(inst.param_a) > 2)
        return no("TXD with paramA " + pa + " (nouveau emulates 3D and cube gradients)");
      break;
    default:
      break;
  }
  return false;
}

void lower_tld(const Instruction& inst, const RegisterFile& regs, const TextureRef& ref,
               const scene::Scene& scene, LoweredWide& out) {
  const BoundTexture& b = out.lw.bound;
  const TextureHeader& h = b.header;
  // Precision only: TLD reads no sampler state, but the TSC entry the handle names chooses the
  // texture unit's profile as for the sampling forms (decisions T51).
  const SceneState& st = scene_state(scene);
  if (st.texture_samplers) {
    const auto e = st.texture_samplers->entries.find(b.sampler_index);
    if (e != st.texture_samplers->entries.end() && e->second.precision)
      out.fetch_precision = texunit::PrecisionProfile::of(*e->second.precision);
  }
  if (!param_a_matches(inst.param_a, b.view.desc.type)) {
    out.outcome = Outcome::kZeros;
    out.what +=
        ": paramA " + std::string(param_a_info(inst.param_a).name) + " does not match, zeros";
    return;
  }
  texunit::FetchRequest& q = out.fetch_req;
  Cursor a(regs, inst.ra, ref.ra_skip);
  if (param_a_info(inst.param_a).array) q.slice = array_index16(a.take());
  for (unsigned c = 0; c < coord_count(inst.param_a); ++c) q.coord[c] = a.take();
  // Rb: sample index, lod, offsets (NAK's order; YUZU puts the sample index last, T49).
  Cursor rb(regs, inst.rb, ref.rb_skip);
  if (inst.ms) q.sample = rb.take();
  const uint32_t lod = inst.lod == Lod::kLL ? rb.take() : 0;
  if (inst.aoffi) {
    const uint32_t w = rb.take();
    q.offset = aoffi4(w);
  }
  out.fetch = true;
  if (lod > h.max_level - h.min_level) {  // out of range, as a texel outside the level (T51)
    out.outcome = Outcome::kZeros;
    out.what += ", lod " + std::to_string(lod) + " beyond the view's " +
                std::to_string(h.max_level - h.min_level + 1) + " levels: out of range";
    return;
  }
  q.level = h.min_level + lod;
  out.outcome = Outcome::kRun;
  char buf[160];
  std::snprintf(
      buf, sizeof buf, ", level %u, coord (%d, %d, %d), slice %u, sample %u, offset (%d, %d, %d)",
      q.level, static_cast<int32_t>(q.coord[0]), static_cast<int32_t>(q.coord[1]),
      static_cast<int32_t>(q.coord[2]), q.slice, q.sample, q.offset[0], q.offset[1], q.offset[2]);
  out.what += buf;
}

// TEX, TLD4, TXD after prepare_sample.
void lower_sampling(const Instruction& inst, const RegisterFile& regs, const TextureRef& ref,
                    LoweredWide& out) {
  texunit::SampleRequest& q = out.lw.req;
  const unsigned n = coord_count(inst.param_a);
  const bool array = param_a_info(inst.param_a).array;
  Cursor a(regs, inst.ra, ref.ra_skip);
  Cursor rb(regs, inst.rb, ref.rb_skip);
  if (inst.op == Opcode::kTxd) {
    // Ra: coordinates, then (array, .AOFFI or .LC) the packed word; Rb: ds/dx, ds/dy, dt/dx,
    // dt/dy (nouveau handleTXD: dPdx[c], dPdy[c] per coordinate).
    for (unsigned c = 0; c < n; ++c) q.coord[c] = a.takef();
    if (array || inst.aoffi || inst.lc) {
      const uint32_t w = a.take();
      const auto& fa = inst.lc ? kTxdLcArray : kTxdArray;
      const auto& fu = inst.lc ? kTxdLcU : kTxdU;
      const auto& fv = inst.lc ? kTxdLcV : kTxdV;
      if (array) q.array_index = static_cast<float>(fa.get(w));
      if (inst.aoffi)
        q.offset = {static_cast<int32_t>(fu.get_signed(w)), static_cast<int32_t>(fv.get_signed(w)),
                    0};
      if (inst.lc) {
        // The instruction's LOD clamp joins the TSC's minimum (a per-instruction min LOD).
        const float lc = static_cast<float>(kTxdLc.get(w)) / 256.0f;
        out.lw.sampler.min_lod = std::max(out.lw.sampler.min_lod, lc);
        out.what += fmt(", lod clamp %.9g", lc);
      }
    }
    for (unsigned c = 0; c < n; ++c) {
      q.ddx[c] = rb.takef();
      q.ddy[c] = rb.takef();
    }
    q.op = texunit::SampleOp::kGrad;
    return;
  }
  // TEX, TLD4. Ra: [array], coordinates. Rb: lod or bias, offsets, depth reference.
  if (array) q.array_index = static_cast<float>(array_index16(a.take()));
  for (unsigned c = 0; c < n; ++c) q.coord[c] = a.takef();
  if (inst.op == Opcode::kTld4) {
    q.op = texunit::SampleOp::kGather;
    q.gather_component = inst.component;
    if (inst.toff == 1) {
      const uint32_t w = rb.take();
      q.offset = {gather_offset(w, 0), gather_offset(w, 1), 0};
    } else if (inst.toff == 2) {
      out.ptp = true;
      const std::array<uint32_t, 2> w{rb.take(), rb.take()};
      for (unsigned i = 0; i < 4; ++i)
        out.ptp_offsets[i] = {gather_offset(w[i / 2], 2 * (i % 2)),
                              gather_offset(w[i / 2], 2 * (i % 2) + 1)};
    }
  } else {
    switch (inst.lod) {
      case Lod::kLZ:
        q.op = texunit::SampleOp::kLevelZero;
        break;
      case Lod::kLL:
      case Lod::kLLA:  // as LL (YUZU: "does not appear to differ"; decisions T47)
        q.op = texunit::SampleOp::kLevel;
        q.lod = rb.takef();
        break;
      case Lod::kLB:
      case Lod::kLBA:
        q.op = texunit::SampleOp::kBias;
        q.lod = rb.takef();
        break;
      default:
        q.op = texunit::SampleOp::kImplicit;
        break;
    }
    if (inst.aoffi) {
      const uint32_t w = rb.take();
      q.offset = aoffi4(w);
    }
  }
  if (inst.dc) q.reference = rb.takef();
}

std::string describe_request(const Instruction& inst, const LoweredWide& out) {
  const texunit::SampleRequest& q = out.lw.req;
  std::string s = fmt(", coord (%.9g, %.9g, %.9g)", q.coord[0], q.coord[1], q.coord[2]);
  if (param_a_info(inst.param_a).array) s += fmt(", array %.9g", q.array_index);
  if (q.op == texunit::SampleOp::kLevel) s += fmt(", lod %.9g", q.lod);
  if (q.op == texunit::SampleOp::kBias) s += fmt(", bias %.9g (lone-thread quad)", q.lod);
  if (q.op == texunit::SampleOp::kImplicit) s += ", implicit LOD (lone-thread quad)";
  if (q.op == texunit::SampleOp::kGrad) {
    s += fmt(", ddx (%.9g, %.9g)", q.ddx[0], q.ddx[1]);
    s += fmt(", ddy (%.9g, %.9g)", q.ddy[0], q.ddy[1]);
  }
  if (inst.dc) s += fmt(", ref %.9g", q.reference);
  if (out.ptp) {
    s += ", per-texel offsets";
    for (const auto& o : out.ptp_offsets) s += fmt(" (%g, %g)", o[0], o[1]);
  } else if (q.offset != std::array<int32_t, 3>{}) {
    s += fmt(", offset (%g, %g, %g)", q.offset[0], q.offset[1], q.offset[2]);
  }
  return s;
}

}  // namespace

LoweredWide lower_wide(const Instruction& inst, const RegisterFile& regs, const TextureRef& ref,
                       const scene::Scene& scene, core::DiagSink& sink) {
  LoweredWide out;
  out.lw.bound = bind_ref(inst, ref, scene, sink);
  out.what = out.lw.bound.what;
  if (out.lw.bound.outcome == Outcome::kMissingState) return out;
  if (out.lw.bound.outcome == Outcome::kInvalidHeader) {
    out.outcome = Outcome::kInvalidHeader;
    return out;
  }
  if (undefined_form(inst, out)) return out;
  if (inst.op == Opcode::kTld) {
    lower_tld(inst, regs, ref, scene, out);
    return out;
  }
  out.lw.what = std::move(out.what);
  const bool ok = prepare_sample(inst, inst.param_a, inst.dc, scene, sink, out.lw);
  out.what = std::move(out.lw.what);
  if (!ok) {
    // kMissingState, kZeros (paramA mismatch, no level) or kUndefined (sampler, .DC), as the
    // sampling forms (prepare_sample).
    out.outcome = out.lw.outcome;
    out.undefined = out.lw.undefined;
    return out;
  }
  lower_sampling(inst, regs, ref, out);
  out.what += describe_request(inst, out);
  out.outcome = Outcome::kRun;
  return out;
}

unsigned coord_count(ParamA p) {
  switch (p) {
    case ParamA::k1D:
    case ParamA::kArray1D:
      return 1;
    case ParamA::k2D:
    case ParamA::kArray2D:
      return 2;
    case ParamA::k3D:
    case ParamA::kArray3D:
    case ParamA::kCube:
    case ParamA::kArrayCube:
      return 3;
  }
  return 0;
}

}  // namespace texsim::isa::sass
