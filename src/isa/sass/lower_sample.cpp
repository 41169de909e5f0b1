// TEXS / TLD4S -> texunit::SampleRequest: TSC entry, header level range, paramA/header match,
// .DC against the TSC's depth compare, and Ra/Rb unpacking (nvidia_tlds.md 1.6, 1.8; YUZU
// texture_fetch_swizzled.cpp and texture_gather_swizzled.cpp). Never prints.
#include "isa/sass/lower_sample.hpp"

#include <bit>
#include <cstdio>

#include "core/bits.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/tsc.hpp"

namespace texsim::isa::sass {

namespace {

// TEXS ARRAY_2D: the array index is the low 16 bits of Ra, an unsigned integer (YUZU ReadArray:
// BitFieldExtract(value, 0, 16) then ConvertUToF): lower.hpp's array_index16.
// TLD4S .AOFFI: u = Rb[5:0], v = Rb[13:8], signed 6-bit (YUZU texture_gather_swizzled.cpp
// MakeOffset; decisions T44).
constexpr core::BitField kGatherOffU{"aoffi.u", 5, 0, "nvidia_tlds.md 1.8"};
constexpr core::BitField kGatherOffV{"aoffi.v", 13, 8, "nvidia_tlds.md 1.8"};

std::string_view op_name(texunit::SampleOp op) {
  switch (op) {
    case texunit::SampleOp::kImplicit:
      return "implicit LOD (lone-thread quad)";
    case texunit::SampleOp::kLevel:
      return "LOD";
    case texunit::SampleOp::kLevelZero:
      return "LOD 0";
    case texunit::SampleOp::kGather:
      return "gather";
    default:
      return "?";
  }
}

}  // namespace

bool param_a_matches(ParamA p, texunit::SurfaceType t) {
  using T = texunit::SurfaceType;
  switch (p) {
    case ParamA::k1D:
      return t == T::k1D || t == T::k1DArray;
    case ParamA::k2D:
    case ParamA::kArray2D:
      return t == T::k2D || t == T::k2DArray;
    case ParamA::k3D:
      return t == T::k3D;
    case ParamA::kCube:
      return t == T::kCube || t == T::kCubeArray;
    case ParamA::kArray1D:  // TEX/TLD/TLD4/TXD only (decisions T48)
      return t == T::k1D || t == T::k1DArray;
    case ParamA::kArrayCube:
      return t == T::kCube || t == T::kCubeArray;
    case ParamA::kArray3D:
      return false;  // no texture type (decisions T23)
  }
  return false;
}

// Volta+ samples a 1D texture with a 2D instruction: ptxas 11.8 compiles every tex.1d for sm_70
// to sm_90 to TEX/TXD 2D with y = +0.0 while TLD stays 1D on the same texture object, so the
// hardware takes both on one header; texsim reads the 1D texture and ignores y (decisions W14).
bool volta_2d_on_1d(const Instruction& inst, ParamA param_a, texunit::SurfaceType t) {
  return inst.wide.sm != 0 && param_a == ParamA::k2D && t == texunit::SurfaceType::k1D;
}

bool prepare_sample(const Instruction& inst, ParamA param_a, std::optional<bool> dc,
                    const scene::Scene& scene, core::DiagSink& sink, LoweredSample& out) {
  const std::string_view mnemonic = op_spec(inst.op).mnemonic;
  auto missing = [&](std::string msg) {
    report_missing_state(inst, std::move(msg), "nvidia_tlds.md 4.1 (TSC pool)", sink);
    out.outcome = Outcome::kMissingState;
    return false;
  };
  // The sampler: TSC entry samplerPtr (handle bits 31:20, nvidia_tlds.md 4.1).
  const SceneState& st = scene_state(scene);
  const uint32_t si = out.bound.sampler_index;
  if (!st.texture_samplers) {
    return missing("the scene has no \"texture_samplers\" pool (" + std::string(mnemonic) +
                   " reads the TSC entry the handle's samplerPtr names)");
  }
  if (si > st.texture_samplers->max_index) {
    out.outcome = Outcome::kUndefined;
    out.undefined = {"SASS-EXEC-SAMPLER-INDEX",
                     "sampler index " + std::to_string(si) +
                         " (handle bits 31:20) is beyond the sampler pool's max_index; the result "
                         "is undefined",
                     "nvidia_tlds.md 4.1; decisions T43"};
    out.what += ", sampler " + std::to_string(si) + " > max_index " +
                std::to_string(st.texture_samplers->max_index);
    return false;
  }
  const auto entry = st.texture_samplers->entries.find(si);
  if (entry == st.texture_samplers->entries.end()) {
    return missing("texture sampler " + std::to_string(si) +
                   " is within max_index but has no entry in \"texture_samplers\"");
  }
  out.sampler = tsc_sampler_state(entry->second);
  out.precision =
      texunit::PrecisionProfile::of(entry->second.precision.value_or(texunit::PrecisionKind::kD3D));
  out.what += ", sampler " + std::to_string(si);

  const texunit::SurfaceView& full = out.bound.view;
  if (!param_a_matches(param_a, full.desc.type) && !volta_2d_on_1d(inst, param_a, full.desc.type)) {
    out.outcome = Outcome::kZeros;
    out.what += ": paramA " + std::string(param_a_info(param_a).name) + " does not match, zeros";
    return false;
  }
  if (dc && *dc != out.sampler.compare.has_value()) {
    out.outcome = Outcome::kUndefined;
    out.undefined = {"SASS-EXEC-DC-STATE",
                     *dc ? ".DC with a sampler (TSC) whose depth compare is off; the result is "
                           "undefined"
                         : "the sampler (TSC) enables depth compare but the instruction has no "
                           ".DC; the result is undefined",
                     "nvidia_tlds.md 4.3; decisions T43"};
    out.what += *dc ? ": .DC with a sampler without depth compare"
                    : ": a depth-compare sampler without .DC";
    return false;
  }
  const TextureHeader& h = out.bound.header;
  auto v = level_range_view(full, h.min_level, h.max_level - h.min_level + 1, out.regions);
  if (!v) {
    out.outcome = Outcome::kZeros;
    out.what +=
        ": min_level " + std::to_string(h.min_level) + " is not a level of the surface, zeros";
    return false;
  }
  out.view = *v;
  return true;
}

namespace {

// Ra/Rb -> request fields, in the row's parameter order (nvidia_tlds.md 1.6, 1.8).
void read_parameters(const Instruction& inst, const ModeRow& row, const RegisterFile& regs,
                     texunit::SampleRequest& req) {
  auto take = [&](Param p, uint32_t bits) {
    const float f = std::bit_cast<float>(bits);
    switch (p) {
      case Param::kS:
        req.coord[0] = f;
        break;
      case Param::kT:
        req.coord[1] = f;
        break;
      case Param::kR:
        req.coord[2] = f;
        break;
      case Param::kArray:
        req.array_index = static_cast<float>(array_index16(bits));
        break;
      case Param::kLod:
        req.lod = f;
        break;
      case Param::kDc:
        req.reference = f;
        break;
      case Param::kAoffi:
        req.offset = {static_cast<int32_t>(kGatherOffU.get_signed(bits)),
                      static_cast<int32_t>(kGatherOffV.get_signed(bits)), 0};
        break;
      case Param::kMs:  // no TEXS/TLD4S row holds a sample index
        break;
    }
  };
  for (unsigned k = 0; k < row.ra_count; ++k) take(row.ra[k], vector_register(regs, inst.ra, k));
  for (unsigned k = 0; k < row.rb_count; ++k) take(row.rb[k], vector_register(regs, inst.rb, k));
}

// TLD4S gathers; TEXS rows hold .LZ, .LL or no lod (kAuto: implicit LOD); other Lod values
// belong to TEX.
void choose_operation(const Instruction& inst, const ModeRow& row, texunit::SampleRequest& req) {
  if (inst.op == Opcode::kTld4s) {
    req.op = texunit::SampleOp::kGather;
    req.gather_component = inst.component;
  } else if (row.lod == Lod::kLZ) {
    req.op = texunit::SampleOp::kLevelZero;
  } else if (row.lod == Lod::kLL) {
    req.op = texunit::SampleOp::kLevel;
  } else {
    req.op = texunit::SampleOp::kImplicit;
  }
}

// The trace's words for what runs: operation, coordinates and whichever of array, lod,
// reference and offset the row reads.
std::string describe_request(const texunit::SampleRequest& req, const ModeRow& row, bool is_array) {
  std::string what;
  char buf[200];
  std::snprintf(buf, sizeof buf, ", %s, coord (%.9g, %.9g, %.9g)",
                std::string(op_name(req.op)).c_str(), static_cast<double>(req.coord[0]),
                static_cast<double>(req.coord[1]), static_cast<double>(req.coord[2]));
  what += buf;
  if (is_array) {
    std::snprintf(buf, sizeof buf, ", array %.9g", static_cast<double>(req.array_index));
    what += buf;
  }
  if (req.op == texunit::SampleOp::kLevel) {
    std::snprintf(buf, sizeof buf, ", lod %.9g", static_cast<double>(req.lod));
    what += buf;
  }
  if (row.dc) {
    std::snprintf(buf, sizeof buf, ", ref %.9g", static_cast<double>(req.reference));
    what += buf;
  }
  if (row.aoffi) {
    std::snprintf(buf, sizeof buf, ", offset (%d, %d)", req.offset[0], req.offset[1]);
    what += buf;
  }
  return what;
}

}  // namespace

LoweredSample lower_sample(const Instruction& inst, const RegisterFile& regs,
                           const scene::Scene& scene, core::DiagSink& sink) {
  LoweredSample out;
  out.bound = bind_texture(inst, scene, sink);
  out.what = out.bound.what;
  if (out.bound.outcome == Outcome::kMissingState) return out;
  if (out.bound.outcome == Outcome::kInvalidHeader) {
    out.outcome = Outcome::kInvalidHeader;
    return out;
  }
  const OpSpec& spec = op_spec(inst.op);
  const ModeRow* row = mode_row(spec, inst);
  if (row == nullptr) {
    report_missing_state(inst, std::string(spec.mnemonic) + " without a legal encoding cannot run",
                         "nvidia_tlds.md 4.1 (TSC pool)", sink);
    out.outcome = Outcome::kMissingState;
    return out;
  }
  if (!prepare_sample(inst, row->param_a, row->dc, scene, sink, out)) return out;
  read_parameters(inst, *row, regs, out.req);
  choose_operation(inst, *row, out.req);
  out.outcome = Outcome::kRun;
  out.what += describe_request(out.req, *row, out.bound.view.desc.is_array());
  return out;
}

}  // namespace texsim::isa::sass
