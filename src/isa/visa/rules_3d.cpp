// The 3D sampler and load families' rules (3D_SAMPLE, 3D_SAMPLE4, 3D_LOAD): their parameters
// (declared, GRF-aligned, exec_size elements each, one type) and their per-instruction rules
// (exec size 32, Op flags, NumParams), called from rules.cpp's walk over a row's fields.
#include <optional>
#include <string>

#include "core/text.hpp"
#include "intel/sampler_response.hpp"
#include "isa/visa/kinds.hpp"
#include "isa/visa/lower.hpp"
#include "isa/visa/rules_internal.hpp"

namespace texsim::isa::visa::detail {
namespace {

using core::to_upper;

// The parameters' one type, and whether they mix types (the offu/offv offsets apart).
struct ParamTypes {
  std::optional<VisaType> first;
  bool mixed = false;
};

// Parameter k of field i: declared, not predefined, exec_size elements from its offset,
// GRF-aligned; the offu/offv offsets D (decision V40), the others into `types`.
void check_param(const Instruction& inst, const VisaProgram& prog, size_t i, size_t k,
                 unsigned lanes, ParamTypes& types, core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const FieldSpec& f = row.fields[i];
  const auto where = [&] { return field_location(inst, prog, i); };
  const unsigned grf = platform_info(prog.platform).grf_bytes;
  const RawOperand& r = inst.ops[i].list[k];
  const intel::Param role = k < row.s3d.roles.size() ? row.s3d.roles[k] : intel::Param::kCount;
  const auto pname = [&] {
    return role != intel::Param::kCount ? std::string(intel::param_name(role))
                                        : "parameter " + std::to_string(k);
  };
  const Variable* v = r.id == 0 ? nullptr : prog.symbols.find(VarClass::kGeneral, r.id);
  if (v == nullptr || v->predefined) {
    sink.error(field_rule_id(row, f, "RANGE"), where(),
               pname() + " (" + prog.symbols.name_of(VarClass::kGeneral, r.id) +
                   ") must be a declared, non-predefined variable",
               std::string(f.citation));
    return;
  }
  if (role == intel::Param::kOffU || role == intel::Param::kOffV) {
    // "Offu / Offv: Must have type D" (visa-3d_sample4.md), against the Notes' "all operands F":
    // the offsets are integers (decision V40).
    if (v->type != VisaType::kD) {
      sink.error(
          field_rule_id(row, f, "TYPE"), where(),
          pname() + " (" + v->name + ") must have type D, got " + to_upper(type_name(v->type)),
          "visa-3d_sample4.md, Offu / Offv; docs/decisions.md V40");
    }
  } else if (!types.first) {
    types.first = v->type;
  } else if (*types.first != v->type) {
    types.mixed = true;
  }
  const uint32_t need = lanes * type_size(v->type);
  if (r.offset + need > v->size_bytes()) {
    sink.error(field_rule_id(row, f, "RANGE"), where(),
               pname() + " needs " + std::to_string(need) + " bytes from offset " +
                   std::to_string(r.offset) + ", " + v->name + " has " +
                   std::to_string(v->size_bytes()),
               std::string(f.citation));
  }
  const auto [root, off] = prog.symbols.root(*v);
  const bool root_aligned = !root->align || align_bytes(*root->align, grf) >= grf;
  if (!root_aligned || (off + r.offset) % grf != 0) {
    sink.error(field_rule_id(row, f, "ALIGN"), where(),
               pname() + " (" + v->name + "." + std::to_string(r.offset) + ") must be GRF-aligned",
               "research/intel_visa.md §1.2 (raw operands are GRF-aligned)");
  }
}

// The parameters' type `t`: F or HF (HF from ICLLP) for 3D_SAMPLE, UD or UW for 3D_LOAD (D and
// W accepted with a warning, decision V23; UW ld2dms_w from ICLLP).
void check_param_type(const Instruction& inst, const VisaProgram& prog, size_t i, VisaType t,
                      core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const auto where = [&] { return field_location(inst, prog, i); };
  const auto rule = [&] { return field_rule_id(row, row.fields[i], "TYPE"); };
  if (row.exec == RowExec::kSample3D) {
    if (t == VisaType::kHF && !has_hf_sampler_params(prog.platform)) {
      sink.error(rule(), where(),
                 "HF parameters need ICLLP or later; " +
                     std::string(platform_info(prog.platform).name) + " takes F only",
                 "visa-3d_sample.md, Notes ({pre-ICLLP} all F)");
    } else if (t != VisaType::kF && t != VisaType::kHF) {
      sink.error(rule(), where(),
                 std::string(row.name) + " parameters must be F (or HF from ICLLP), got " +
                     to_upper(type_name(t)),
                 std::string(row.spec_file) + ", Notes");
    }
  } else {
    if (t == VisaType::kD || t == VisaType::kW) {
      // IGC's OpenCL path emits signed integer coordinates (decision V23): accepted, read as
      // their unsigned counterpart of the same size, with a warning naming the spec rule.
      sink.warning(
          rule(), where(),
          "3D_LOAD parameters are " + to_upper(type_name(t)) +
              "; the spec requires all UD or all UW. Accepted as IGC emits them, read as " +
              (t == VisaType::kD ? "UD" : "UW"),
          "visa-3d_load.md, Notes; docs/decisions.md V23");
    } else if (t != VisaType::kUD && t != VisaType::kUW) {
      sink.error(rule(), where(),
                 "3D_LOAD parameters must be all UD or all UW, got " + to_upper(type_name(t)),
                 "visa-3d_load.md, Notes");
    } else if (t == VisaType::kUW && row.s3d.multisample && !has_hf_sampler_params(prog.platform)) {
      sink.error(rule(), where(), "the UW form of ld2dms_w needs ICLLP or later",
                 "visa-3d_load.md, Notes (ld2dms_w (type UW) {ICLLP+})");
    }
  }
}

}  // namespace

// The parameters of a 3D instruction: declared, GRF-aligned, exec_size elements each, one type.
void check_params(const Instruction& inst, const VisaProgram& prog, size_t i,
                  core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const FieldSpec& f = row.fields[i];
  const NamedFields& nf = named_fields(row);
  const unsigned lanes = exec_size_lanes(nf.op(inst, Named::kExecSize).value);
  if (!prog.has_symbols) return;
  ParamTypes types;
  for (size_t k = 0; k < inst.ops[i].list.size(); ++k) {
    check_param(inst, prog, i, k, lanes, types, sink);
  }
  if (!types.first) return;
  if (types.mixed) {
    sink.error(field_rule_id(row, f, "TYPE"), field_location(inst, prog, i),
               "all parameters must have the same type", std::string(f.citation));
    return;
  }
  check_param_type(inst, prog, i, *types.first, sink);
}

// 3D_SAMPLE, 3D_SAMPLE4 and 3D_LOAD: exec size 32, Op flags (.cps, .divS), NumParams.
void check_3d(const Instruction& inst, const VisaProgram& prog, core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const NamedFields& nf = named_fields(row);
  const uint32_t op = nf.op(inst, Named::kOp).value;
  const size_t oi = *nf.field(Named::kOp);
  const size_t ei = *nf.field(Named::kExecSize);
  const unsigned lanes = exec_size_lanes(nf.op(inst, Named::kExecSize).value);
  const auto name = [&] { return "VISA-" + std::string(row.name); };
  if (row.exec == RowExec::kSample3D && lanes == 32 &&
      (platform_info(prog.platform).grf_bytes < 64 || prog.version < kWideOpVersion)) {
    sink.error(name() + "-EXEC_SIZE-32", field_location(inst, prog, ei),
               std::string(row.name) +
                   " exec size 32 needs a 64-byte-GRF platform (PVC, Xe2) and vISA 4.0; the "
                   "spec's table has 8 and 16",
               std::string(row.spec_file) + ", Exec_size; research/intel_visa.md §0");
  }
  if (row.exec == RowExec::kLoad3D && (op & (kFlagCps | kFlagDivS)) != 0) {
    sink.error(name() + "-OP-FLAGS", field_location(inst, prog, oi),
               "3D_LOAD takes no .cps or .divS flag", "visa-3d_load.md, Op");
  }
  if (row.s3d.gather && (op & (kFlagCps | kFlagDivS)) != 0) {
    sink.error(name() + "-OP-FLAGS", field_location(inst, prog, oi),
               "3D_SAMPLE4 takes no .cps or .divS flag (Op bit 8, the pixel null mask, only)",
               "visa-3d_sample4.md, Op");
  }
  if (row.exec == RowExec::kSample3D && !row.s3d.gather && (op & kFlagCps) != 0) {
    const bool op_ok = row.s3d.implicit_lod();  // CPS compensates the quad's derivatives
    std::string why;
    if (!op_ok)
      why = std::string(row.mnemonic) + " does not support CPS LOD compensation";
    else if (lanes != 8 && lanes != 16)
      why = "CPS LOD compensation needs exec size 8 or 16";
    else if (!has_cps(prog.platform))
      why = "CPS LOD compensation needs ICLLP or later";
    if (!why.empty()) {
      sink.error(name() + "-OP-CPS", field_location(inst, prog, oi), why,
                 "visa-3d_sample.md, Op bit 6; research/intel_visa.md §2.7");
    }
  }
  // NumParams: [1, 15] and at most the operation's parameters.
  const size_t ni = *nf.field(Named::kNumParams);
  const size_t count = nf.op(inst, Named::kParams).list.size();
  bool uw_form = false;
  if (prog.has_symbols && !nf.op(inst, Named::kParams).list.empty()) {
    const Variable* v0 =
        prog.symbols.find(VarClass::kGeneral, nf.op(inst, Named::kParams).list[0].id);
    uw_form = v0 != nullptr && v0->type == VisaType::kUW;
  }
  const size_t max =
      (uw_form && !row.s3d.roles_w.empty()) ? row.s3d.roles_w.size() : row.s3d.roles.size();
  if (count < 1 || count > 15) {
    sink.error(field_rule_id(row, row.fields[ni]), field_location(inst, prog, ni),
               "NumParams must be in [1, 15], got " + std::to_string(count),
               std::string(row.fields[ni].citation));
  } else if (count > max) {
    sink.error(field_rule_id(row, row.fields[ni]), field_location(inst, prog, ni),
               std::string(row.mnemonic) + " takes at most " + std::to_string(max) +
                   " parameters, got " + std::to_string(count),
               std::string(row.spec_file) + ", Notes (parameter table)");
  }
}

}  // namespace texsim::isa::visa::detail
