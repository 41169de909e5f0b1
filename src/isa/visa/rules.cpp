// Validator rules, generic over the model rows plus the per-instruction cross-field rules.
// Depends on model, kinds, program, symbols and lower (register pitch); never prints.
#include "isa/visa/rules.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "intel/sampler_response.hpp"
#include "isa/visa/kinds.hpp"
#include "isa/visa/lower.hpp"
#include "isa/visa/model_sample_unorm.hpp"
#include "isa/visa/rules_internal.hpp"

namespace texsim::isa::visa {
namespace {

bool is_3d(const InstrRow& row) {
  return row.exec == RowExec::kSample3D || row.exec == RowExec::kLoad3D;
}

using core::to_upper;
using detail::Named;

std::string cite(const InstrRow& row, std::string_view field) {
  return std::string(row.spec_file) + ", " + std::string(field);
}

// Generic rules (not tied to a row).
const std::vector<RuleSpec> kGenericRules{
    {"VISA-SYNTAX", "text does not match the instruction's syntax", "research/intel_visa.md §1.6"},
    {"VISA-DECL",
     "malformed or conflicting .decl (class, type, num_elts, align, alias inside its target)",
     "research/intel_visa.md §1.3"},
    {"VISA-UNDECLARED", "operand names a variable, predicate or surface that is not declared",
     "research/intel_visa.md §1.3"},
    {"VISA-UNSUPPORTED",
     "a vISA instruction texsim recognises but does not model (one note per mnemonic in check, "
     "an error in run/asm)",
     "research/intel_visa.md §1.6"},
    {"VISA-EXEC_SIZE-MASK",
     "the execution mask's lane offset (M1..M8: 0, 4, ..., 28) plus the exec size is at most 32",
     "research/intel_visa.md §1.2, §1.5 (decision V29)"},
    {"VISA-PLATFORM", "instruction or feature not available on the selected platform",
     "spec README item 7"},
    {"VISA-ENCODING",
     "binary input that no row decodes (unknown opcode, reserved codes, truncation)",
     "visa 6_instructions.md"},
    {"VISA-PRED", "predicate variable too small for the exec size and mask offset",
     "research/intel_visa.md §1.5"},
    {"VISA-RUN-SURFACE",
     "surface missing from the scene, of the wrong type, or not modelled (bindless)",
     "visa-media_ld.md, Surface"},
    {"VISA-RUN-REGISTER", "scene register unknown, too large, or an operand with undefined bytes",
     "interface.md, Scene files"},
    {"VISA-RUN-MEMORY", "SLM or stateless memory missing from the scene",
     "research/intel_visa.md §4.4"},
    {"VISA-RUN-SAMPLER",
     "sampler missing from the scene, or a compare op on a sampler without a compare function",
     "visa-3d_sample.md, Sampler"},
    {"VISA-RUN-SETTING", "unknown `run --set` machine setting (known: media_oob)",
     "visa-media_ld.md, out-of-bounds behaviour (decision V3)"},
    {"VISA-RUN-OPERAND",
     "a generic instruction's operand outside its variable, or of a class it cannot take",
     "visa 5_operands.md"},
    {"VISA-RUN-LIMIT", "a kernel thread ran 10,000,000 instructions without ending",
     "docs/kernels.md (decision K8)"},
    {"VISA-RUN-LAUNCH",
     "a launch the kernel cannot take: no SIMD width, or a global size not a multiple of the "
     "local size",
     "docs/kernels.md (decision K9)"},
};

// A raw operand's rules: declared, not %null, inside its variable, large enough, aligned, typed
// (a paired surface: %null where the platform allows none).
void add_raw_rules(const InstrRow& row, const FieldSpec& f, const std::string& c,
                   std::vector<RuleSpec>& out) {
  if (f.flags & kFlagPaired) {
    out.push_back({field_rule_id(row, f),
                   "a paired surface other than %null only where the platform allows one (Xe2+)",
                   c});
    return;
  }
  out.push_back({field_rule_id(row, f, "RANGE"),
                 std::string(f.name) + " is a declared variable, not %null, offset inside it", c});
  out.push_back({field_rule_id(row, f, "SIZE"),
                 std::string(f.name) + " holds every byte the instruction reads or writes", c});
  if (f.flags & kFlagGrfAligned)
    out.push_back({field_rule_id(row, f, "ALIGN"), std::string(f.name) + " is GRF-aligned", c});
  if (f.types)
    out.push_back({field_rule_id(row, f, "TYPE"),
                   std::string(f.name) + " has type " + type_set_names(f.types), c});
}

// Aoffimmi's rules: the immediate's nibbles, the register form's region, type UW.
void add_aoffimmi_rules(const InstrRow& row, const FieldSpec& f, const std::string& c,
                        std::vector<RuleSpec>& out) {
  out.push_back({field_rule_id(row, f),
                 std::string(f.name) + " is a UW immediate or scalar: U [11:8], V [7:4], R "
                                       "[3:0] signed nibbles in [-8, 7], bits 15:12 zero",
                 c});
  out.push_back({field_rule_id(row, f, "SCALAR"),
                 std::string(f.name) + " as a register: region <0;1,0>, inside its variable", c});
  out.push_back({field_rule_id(row, f, "TYPE"), std::string(f.name) + " has type UW", c});
}

// A parameter list's rules: each parameter declared, large enough, GRF-aligned, one type.
void add_raw_list_rules(const InstrRow& row, const FieldSpec& f, const std::string& c,
                        std::vector<RuleSpec>& out) {
  out.push_back({field_rule_id(row, f, "RANGE"),
                 "each parameter is a declared variable holding exec_size elements from its offset",
                 c});
  out.push_back({field_rule_id(row, f, "ALIGN"), "each parameter is GRF-aligned", c});
  out.push_back({field_rule_id(row, f, "TYPE"),
                 row.s3d.gather ? "parameters all F (before ICLLP) or all F / all HF "
                                  "(ICLLP+); the offu/offv offsets of the _po forms D"
                 : row.exec == RowExec::kSample3D
                     ? "parameters all F (before ICLLP) or all F / all HF (ICLLP+)"
                     : "parameters all UD or all UW (ld2dms_w UW form ICLLP+)",
                 c});
}

void add_field_rules(const InstrRow& row, std::vector<RuleSpec>& out) {
  for (const FieldSpec& f : row.fields) {
    const std::string c(f.citation);
    switch (f.kind) {
      case Kind::kExecSize:
        if (f.hi == 0) break;  // every exec size 1..32 is allowed: nothing to check
        [[fallthrough]];
      case Kind::kUImm:
      case Kind::kMediaModifier:
        out.push_back({field_rule_id(row, f),
                       std::string(f.name) + " in [" + std::to_string(f.lo) + ", " +
                           std::to_string(f.hi) + "]",
                       c});
        break;
      case Kind::kBlockCount:
        out.push_back({field_rule_id(row, f), std::string(f.name) + " is 1, 2 or 4", c});
        break;
      case Kind::kReservedZero:
        out.push_back({field_rule_id(row, f),
                       std::string(f.name) + " is ignored and should be 0 (warning)", c});
        break;
      case Kind::kSurface: {
        std::string s = std::string(f.name) + " is a declared surface";
        if (f.flags & kFlagNoSlm) s += ", not T0 (%slm)";
        if (f.flags & kFlagNoStateless) s += ", not T5 (%scratch)";
        out.push_back({field_rule_id(row, f), s, c});
        break;
      }
      case Kind::kScalar:
        out.push_back({field_rule_id(row, f, "SCALAR"),
                       std::string(f.name) + " is a scalar: region <0;1,0>, inside its variable",
                       c});
        if (f.types)
          out.push_back({field_rule_id(row, f, "TYPE"),
                         std::string(f.name) + " has type " + type_set_names(f.types), c});
        break;
      case Kind::kRaw:
        add_raw_rules(row, f, c, out);
        break;
      case Kind::kChannelMask:
        out.push_back(
            {field_rule_id(row, f), "at least one of R, G, B, A enabled; bits 7:4 zero", c});
        break;
      case Kind::kSourceChannel:
        out.push_back({field_rule_id(row, f), std::string(f.name) + " is 0..3 (R, G, B, A)", c});
        break;
      case Kind::kUnormChannels:
        detail::add_unorm_channel_rules(row, f, out);
        break;
      case Kind::kAoffimmi:
        add_aoffimmi_rules(row, f, c, out);
        break;
      case Kind::kSampler:
        out.push_back(
            {field_rule_id(row, f), std::string(f.name) + " is a declared sampler (S0..S31)", c});
        break;
      case Kind::kCount:
        out.push_back(
            {field_rule_id(row, f),
             std::string(f.name) + " in [1, 15] and at most the operation's parameter count", c});
        break;
      case Kind::kRawList:
        add_raw_list_rules(row, f, c, out);
        break;
      default:
        break;
    }
  }
}

std::vector<RuleSpec> row_specific_rules(const InstrRow& row) {
  if (row.exec == RowExec::kMediaLd) {
    return {
        {"VISA-MEDIA_LD-MODIFIERS-IGC",
         "modified/top_mod/bottom_mod (1, 4, 5) are IGC extensions not in the spec (warning)",
         "visa-media_ld.md, Modifiers"},
        {"VISA-MEDIA_LD-SHAPE",
         "Block_height within the width/height table for the Block_width (this implies width x "
         "height <= 256)",
         "visa-media_ld.md, Notes table"},
        {"VISA-MEDIA_LD-SURFACE-2D",
         "the surface is a single-sample, uncompressed 2D surface (at run time)",
         "visa-media_ld.md, Surface"},
    };
  }
  if (row.s3d.gather) {
    return {
        {"VISA-3D_SAMPLE4-EXEC_SIZE-32",
         "exec size 32 only on 64-byte-GRF platforms (PVC, Xe2) from vISA 4.0",
         "visa-3d_sample4.md, Exec_size; research/intel_visa.md §0"},
        {"VISA-3D_SAMPLE4-OP-FLAGS",
         "3D_SAMPLE4's Op has only the pixel null mask flag (bit 8; no .cps, no .divS)",
         "visa-3d_sample4.md, Op"},
    };
  }
  if (row.exec == RowExec::kSample3D) {
    return {
        {"VISA-3D_SAMPLE-EXEC_SIZE-32",
         "exec size 32 only on 64-byte-GRF platforms (PVC, Xe2) from vISA 4.0",
         "research/intel_visa.md §0"},
        {"VISA-3D_SAMPLE-OP-CPS",
         ".cps only on sample_3d, sample_b, sample_c, sample_b_c, lod, exec size 8/16, ICLLP+",
         "visa-3d_sample.md, Op bit 6; research §2.7"},
    };
  }
  if (row.exec == RowExec::kLoad3D) {
    return {
        {"VISA-3D_LOAD-OP-FLAGS", "3D_LOAD has only the pixel null mask flag (no .cps, no .divS)",
         "visa-3d_load.md, Op"},
    };
  }
  if (row.exec == RowExec::kGatherScaled) {
    return {
        {"VISA-GATHER_SCALED-EXEC_SIZE-IGC", "exec size 32: IGC lowers at most 16 (warning)",
         "research/intel_visa.md §2.7"},
    };
  }
  return {};
}

bool is_text(const VisaProgram& prog) {
  return !prog.from_binary;
}

}  // namespace

std::string field_rule_id(const InstrRow& row, const FieldSpec& f, std::string_view what) {
  std::string id = "VISA-" + std::string(row.name) + "-" + to_upper(f.name);
  if (!what.empty()) id += "-" + std::string(what);
  return id;
}

std::vector<RuleSpec> rules_for_row(const InstrRow& row) {
  std::vector<RuleSpec> out;
  add_field_rules(row, out);
  for (auto& r : row_specific_rules(row)) out.push_back(std::move(r));
  return out;
}

const std::vector<RuleSpec>& all_rules() {
  static const std::vector<RuleSpec> rules = [] {
    std::vector<RuleSpec> r = kGenericRules;
    for (const InstrRow& row : all_rows()) {
      for (auto& s : rules_for_row(row)) {
        const bool seen =
            std::any_of(r.begin(), r.end(), [&](const RuleSpec& x) { return x.id == s.id; });
        if (!seen) r.push_back(std::move(s));  // the 3D sub-op rows share their rules
      }
    }
    return r;
  }();
  return rules;
}

core::Location field_location(const Instruction& inst, const VisaProgram& prog, size_t field) {
  if (is_text(prog)) {
    uint32_t col = inst.column;
    if (field < inst.ops.size() && inst.ops[field].column != 0) col = inst.ops[field].column;
    return core::TextLoc{prog.file, inst.line, col};
  }
  core::BinaryLoc l;
  l.file = prog.file;
  l.offset = inst.offset;
  if (field < inst.ops.size() && inst.ops[field].bin_size != 0) {  // name the field's bits
    l.offset = inst.ops[field].bin_offset;
    l.bit_hi = 8 * inst.ops[field].bin_size - 1;
    l.bit_lo = 0;
    l.has_bits = true;
  }
  return l;
}

namespace {

// Bytes a raw operand must hold, per instruction (Semantics sections).
uint32_t raw_bytes_needed(const Instruction& inst, const FieldSpec& f, const Variable& v,
                          unsigned grf) {
  const detail::NamedFields& nf = detail::named_fields(*inst.row);
  if (is_3d(*inst.row) && f.name == "Dst") {
    // 3D_SAMPLE4 returns all four samples (R, G, B, A: visa-3d_sample4.md, Dst).
    return intel::response_bytes(inst.row->s3d.gather ? 0xfu : nf.op(inst, Named::kChannels).value,
                                 exec_size_lanes(nf.op(inst, Named::kExecSize).value),
                                 type_size(v.type), grf,
                                 (nf.op(inst, Named::kOp).value & kFlagPnm) != 0);
  }
  if (inst.row->exec == RowExec::kMediaLd && f.name == "Dst") {
    const uint32_t w = nf.op(inst, Named::kBlockWidth).value;
    const uint32_t h = nf.op(inst, Named::kBlockHeight).value;
    if (w < 1 || w > 64) return 0;
    return media_register_pitch(w) * h;
  }
  if (inst.row->exec == RowExec::kGatherScaled) {
    return 4 * exec_size_lanes(nf.op(inst, Named::kExecSize).value);
  }
  if (inst.row->exec == RowExec::kSampleUnorm) {
    return sample_unorm_dst_bytes(nf.op(inst, Named::kChannelMask).value);
  }
  if (inst.row->exec == RowExec::kGather4Scaled) {
    // Each enabled channel from the next GRF (visa-gather4_scaled.md, Semantics and Dst).
    const unsigned lanes = exec_size_lanes(nf.op(inst, Named::kExecSize).value);
    if (f.name != "Dst") return 4 * lanes;
    return intel::response_bytes(nf.op(inst, Named::kChannels).value & 0xfu, lanes, 4, grf, false);
  }
  return 1;
}

void check_raw(const Instruction& inst, const VisaProgram& prog, size_t i, core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const FieldSpec& f = row.fields[i];
  const RawOperand& r = inst.ops[i].raw;
  const auto where = [&] { return field_location(inst, prog, i); };
  const unsigned grf = platform_info(prog.platform).grf_bytes;
  if (r.id == 0) {
    // 3D_SAMPLE/3D_LOAD with a %null Dst is a sampler prefetch: valid, writes nothing (V26).
    if (is_3d(row) && f.name == "Dst") return;
    sink.error(field_rule_id(row, f, "RANGE"), where(), std::string(f.name) + " cannot be %null",
               std::string(f.citation));
    return;
  }
  if (!prog.has_symbols) return;
  const Variable* v = prog.symbols.find(VarClass::kGeneral, r.id);
  if (v == nullptr) {
    sink.error("VISA-UNDECLARED", where(),
               std::string(f.name) + " names undeclared variable V" + std::to_string(r.id),
               std::string(f.citation));
    return;
  }
  if (v->predefined) {
    sink.error(field_rule_id(row, f, "RANGE"), where(),
               std::string(f.name) + " cannot be the predefined variable " + v->name,
               std::string(f.citation));
    return;
  }
  if (f.types != 0 && !type_in(v->type, f.types)) {
    sink.error(field_rule_id(row, f, "TYPE"), where(),
               std::string(f.name) + " must have type " + type_set_names(f.types) + ", " + v->name +
                   " is " + to_upper(type_name(v->type)),
               std::string(f.citation));
  }
  const uint32_t size = v->size_bytes();
  if (r.offset >= size) {
    sink.error(field_rule_id(row, f, "RANGE"), where(),
               std::string(f.name) + " offset " + std::to_string(r.offset) + " is outside " +
                   v->name + " (" + std::to_string(size) + " bytes)",
               std::string(f.citation));
    return;
  }
  if (f.flags & kFlagGrfAligned) {
    const auto [root, off] = prog.symbols.root(*v);
    const bool root_aligned = !root->align || align_bytes(*root->align, grf) >= grf;
    if (!root_aligned || (off + r.offset) % grf != 0) {
      sink.error(field_rule_id(row, f, "ALIGN"), where(),
                 std::string(f.name) + " must be GRF-aligned (" + std::to_string(grf) +
                     " bytes): " + v->name + "." + std::to_string(r.offset) +
                     (!root_aligned ? " lies in " + root->name +
                                          " declared align=" + std::string(align_name(*root->align))
                                    : " starts " + std::to_string((off + r.offset) % grf) +
                                          " bytes into a GRF"),
                 std::string(f.citation));
    }
  }
  const uint32_t need = raw_bytes_needed(inst, f, *v, grf);
  if (r.offset + need > size) {
    sink.error(field_rule_id(row, f, "SIZE"), where(),
               std::string(f.name) + " needs " + std::to_string(need) + " bytes from offset " +
                   std::to_string(r.offset) + ", " + v->name + " has " + std::to_string(size),
               std::string(f.citation));
  }
}

void check_scalar(const Instruction& inst, const VisaProgram& prog, size_t i,
                  core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const FieldSpec& f = row.fields[i];
  const VectorOperand& o = inst.ops[i].vec;
  const auto where = [&] { return field_location(inst, prog, i); };
  const unsigned grf = platform_info(prog.platform).grf_bytes;
  if (o.mod != VecModifier::kNone) {
    sink.error(field_rule_id(row, f, "SCALAR"), where(),
               std::string(f.name) + " takes no source modifier", std::string(f.citation));
  }
  if (o.cls == VecClass::kImmediate) {
    if (f.types != 0 && !type_in(o.imm_type, f.types)) {
      sink.error(field_rule_id(row, f, "TYPE"), where(),
                 std::string(f.name) + " must have type " + type_set_names(f.types) +
                     ", got immediate of type " + to_upper(type_name(o.imm_type)),
                 std::string(f.citation));
    }
    return;
  }
  if (o.region != kScalarRegion) {
    sink.error(field_rule_id(row, f, "SCALAR"), where(),
               std::string(f.name) + " must be a scalar with region <0;1,0>, got " +
                   print_region(o.region),
               std::string(f.citation));
  }
  if (!prog.has_symbols) return;
  const Variable* v = prog.symbols.find(VarClass::kGeneral, o.id);
  if (v == nullptr) {
    sink.error("VISA-UNDECLARED", where(),
               std::string(f.name) + " names undeclared variable V" + std::to_string(o.id),
               std::string(f.citation));
    return;
  }
  if (f.types != 0 && !type_in(v->type, f.types)) {
    sink.error(field_rule_id(row, f, "TYPE"), where(),
               std::string(f.name) + " must have type " + type_set_names(f.types) + ", " + v->name +
                   " is " + to_upper(type_name(v->type)),
               std::string(f.citation));
  }
  const uint32_t esize = type_size(v->type);
  const uint32_t off = uint32_t{o.row} * grf + uint32_t{o.col} * esize;
  if (v->predefined || off + esize > v->size_bytes()) {
    sink.error(field_rule_id(row, f, "SCALAR"), where(),
               std::string(f.name) + " element (" + std::to_string(o.row) + "," +
                   std::to_string(o.col) + ") is outside " + v->name + " (" +
                   std::to_string(v->size_bytes()) + " bytes)",
               std::string(f.citation));
  }
}

// A surface operand: not T0 or T5 where the row forbids them, declared.
void check_surface(const Instruction& inst, const VisaProgram& prog, size_t i,
                   core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const FieldSpec& f = row.fields[i];
  const OperandValue& v = inst.ops[i];
  const auto where = [&] { return field_location(inst, prog, i); };
  if ((f.flags & kFlagNoSlm) && v.value == kSurfaceSlm) {
    sink.error(field_rule_id(row, f), where(), std::string(row.name) + " cannot read T0 (%slm)",
               std::string(f.citation));
  } else if ((f.flags & kFlagNoStateless) && v.value == kSurfaceStateless) {
    sink.error(field_rule_id(row, f), where(),
               std::string(row.name) + " cannot read T5 (%scratch, stateless)",
               std::string(f.citation));
  } else if (prog.has_symbols && prog.symbols.find(VarClass::kSurface, v.value) == nullptr) {
    sink.error(field_rule_id(row, f), where(),
               "surface T" + std::to_string(v.value) + " is not declared", std::string(f.citation));
  }
}

// A predicate operand: declared, with a bit for every channel of the exec size and mask.
void check_predicate(const Instruction& inst, const VisaProgram& prog, size_t i,
                     core::DiagSink& sink) {
  const FieldSpec& f = inst.row->fields[i];
  const detail::NamedFields& nf = detail::named_fields(*inst.row);
  const auto where = [&] { return field_location(inst, prog, i); };
  const PredBits p = pred_bits(inst.ops[i].value);
  if (p.id == 0 || !prog.has_symbols) return;
  const Variable* pv = prog.symbols.find(VarClass::kPredicate, p.id);
  if (pv == nullptr) {
    sink.error("VISA-UNDECLARED", where(),
               "predicate P" + std::to_string(p.id) + " is not declared", std::string(f.citation));
    return;
  }
  if (const auto ei = nf.field(Named::kExecSize)) {
    const uint32_t ev = inst.ops[*ei].value;
    const unsigned need = exec_size_lanes(ev) + 4 * (exec_mask_index(ev) & 7);
    if (pv->num_elts < need) {
      sink.error("VISA-PRED", where(),
                 "predicate " + pv->name + " has " + std::to_string(pv->num_elts) +
                     " bits, the exec size and mask need " + std::to_string(need),
                 "research/intel_visa.md §1.5");
    }
  }
}

// Aoffimmi: a UW immediate with bits 15:12 zero, or a scalar register.
void check_aoffimmi(const Instruction& inst, const VisaProgram& prog, size_t i,
                    core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const FieldSpec& f = row.fields[i];
  const auto where = [&] { return field_location(inst, prog, i); };
  const VectorOperand& o = inst.ops[i].vec;
  if (o.cls == VecClass::kImmediate) {
    if (o.imm_type != VisaType::kUW) {  // same rule id as the register form (issue 13)
      sink.error(field_rule_id(row, f, "TYPE"), where(),
                 "Aoffimmi must have type UW, got " + to_upper(type_name(o.imm_type)),
                 std::string(f.citation));
    } else if ((o.imm & 0xf000) != 0) {
      sink.error(field_rule_id(row, f), where(),
                 "Aoffimmi bits 15:12 are reserved and must be zero, got " +
                     print_immediate(o.imm_type, o.imm),
                 std::string(f.citation));
    }
  } else {
    check_scalar(inst, prog, i, sink);
  }
}

// Field i of an instruction: its range, then the checks of its kind.
void check_field(const Instruction& inst, const VisaProgram& prog, size_t i, core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const FieldSpec& f = row.fields[i];
  if (!f.exists_at(prog.version)) return;
  const OperandValue& v = inst.ops[i];
  const auto where = [&] { return field_location(inst, prog, i); };
  if (auto msg = check_range(f, v))
    sink.error(field_rule_id(row, f), where(), *msg, std::string(f.citation));
  switch (f.kind) {
    case Kind::kReservedZero:
      if (v.value != 0) {
        sink.warning(
            field_rule_id(row, f), where(),
            std::string(f.name) + " is ignored and should be 0, got " + std::to_string(v.value),
            std::string(f.citation));
      }
      break;
    case Kind::kSurface:
      check_surface(inst, prog, i, sink);
      break;
    case Kind::kPredicate:
      check_predicate(inst, prog, i, sink);
      break;
    case Kind::kRaw:
      if (f.flags & kFlagPaired) {
        if (v.raw.id != 0 && !allows_paired_surface(prog.platform)) {
          sink.error(field_rule_id(row, f), where(),
                     "a paired surface (other than %null) is not allowed on " +
                         std::string(platform_info(prog.platform).name),
                     "research/intel_visa.md §2.7 (IsaVerification.cpp)");
        }
        break;
      }
      check_raw(inst, prog, i, sink);
      break;
    case Kind::kRawList:
      if (is_3d(row)) detail::check_params(inst, prog, i, sink);
      break;
    case Kind::kChannelMask:
      if (v.value == 0 || v.value > 15) {
        sink.error(field_rule_id(row, f), where(),
                   "Channels must enable at least one of R, G, B, A (bits 3:0, others zero), got " +
                       std::to_string(v.value),
                   std::string(f.citation));
      }
      break;
    case Kind::kUnormChannels:
      detail::check_unorm_channels(inst, prog, i, sink);
      break;
    case Kind::kSampler:
      if (prog.has_symbols && prog.symbols.find(VarClass::kSampler, v.value) == nullptr) {
        sink.error(field_rule_id(row, f), where(),
                   "sampler S" + std::to_string(v.value) + " is not declared",
                   std::string(f.citation));
      }
      break;
    case Kind::kAoffimmi:
      check_aoffimmi(inst, prog, i, sink);
      break;
    case Kind::kScalar:
      check_scalar(inst, prog, i, sink);
      break;
    default:
      break;
  }
}

// Channels exist up to 32: mask offset + exec size (GenX_IR: "illegal combination of
// execution size and mask", decision V29).
void check_exec_mask(const Instruction& inst, const VisaProgram& prog, core::DiagSink& sink) {
  const detail::NamedFields& nf = detail::named_fields(*inst.row);
  if (const auto ei = nf.field(Named::kExecSize)) {
    const uint32_t ev = inst.ops[*ei].value;
    const unsigned offset = 4 * (exec_mask_index(ev) & 7);
    if (offset + exec_size_lanes(ev) > 32) {
      sink.error("VISA-EXEC_SIZE-MASK", field_location(inst, prog, *ei),
                 "exec size " + std::to_string(exec_size_lanes(ev)) + " from lane " +
                     std::to_string(offset) + " runs past lane 31",
                 "research/intel_visa.md §1.2, §1.5");
    }
  }
}

// MEDIA_LD: IGC's modifiers (a warning) and the block shape's table.
void check_media_ld(const Instruction& inst, const VisaProgram& prog, core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const detail::NamedFields& nf = detail::named_fields(row);
  const uint32_t mod = nf.op(inst, Named::kModifiers).value;
  const uint32_t w = nf.op(inst, Named::kBlockWidth).value;
  const uint32_t h = nf.op(inst, Named::kBlockHeight).value;
  const size_t mi = *nf.field(Named::kModifiers);
  const size_t hi = *nf.field(Named::kBlockHeight);
  if (mod == 1 || mod == 4 || mod == 5) {
    sink.warning("VISA-MEDIA_LD-MODIFIERS-IGC", field_location(inst, prog, mi),
                 "modifier " + std::to_string(mod) +
                     " is an IGC extension (the spec lists 0b000, 0b010, 0b011); "
                     "executed like " +
                     std::string(mod == 1   ? "nomod"
                                 : mod == 4 ? "top"
                                            : "bottom"),
                 cite(row, "Modifiers"));
  }
  if (w >= 1 && w <= 64 && h >= 1 && h <= 64) {
    // The table bounds pitch x height by 256, so IGC's separate "width x height <= 256"
    // check (research §2.7) can never fail on its own: it is part of this rule.
    if (h > media_max_height(w)) {
      sink.error("VISA-MEDIA_LD-SHAPE", field_location(inst, prog, hi),
                 "Block_height must be at most " + std::to_string(media_max_height(w)) +
                     " for Block_width " + std::to_string(w) + " (register pitch " +
                     std::to_string(media_register_pitch(w)) + "), got " + std::to_string(h),
                 cite(row, "Notes table"));
    }
  }
}

}  // namespace

void check_instruction(const Instruction& inst, const VisaProgram& prog, core::DiagSink& sink) {
  if (inst.row == nullptr) return;
  const InstrRow& row = *inst.row;
  const detail::NamedFields& nf = detail::named_fields(row);
  const auto at = [&] { return field_location(inst, prog, row.fields.size()); };
  if (prog.platform < row.min_platform || prog.platform > row.max_platform) {
    sink.error("VISA-PLATFORM", at(),
               std::string(row.name) + " is not available on " +
                   std::string(platform_info(prog.platform).name),
               std::string(row.spec_file));
  }
  for (size_t i = 0; i < row.fields.size(); ++i) check_field(inst, prog, i, sink);
  check_exec_mask(inst, prog, sink);
  // Per-instruction rules.
  if (is_3d(row)) detail::check_3d(inst, prog, sink);
  if (row.exec == RowExec::kMediaLd) check_media_ld(inst, prog, sink);
  if (row.exec == RowExec::kGatherScaled) {
    const size_t ei = *nf.field(Named::kExecSize);
    if (exec_size_lanes(inst.ops[ei].value) == 32) {
      sink.warning("VISA-GATHER_SCALED-EXEC_SIZE-IGC", field_location(inst, prog, ei),
                   "exec size 32 is in the spec but IGC lowers GATHER_SCALED only up to 16 lanes",
                   "research/intel_visa.md §2.7");
    }
  }
}

namespace {
// Sizes of the predefined general variables V1..V20 as alias targets, from IGC's predefined
// variable table (visa/PreDefinedVars.cpp: type x num_elts), except %r0, which is one whole GRF:
// IGC aliases a GRF-sized variable onto it on every platform (decision V22).
uint32_t predefined_bytes(uint32_t id, unsigned grf) {
  constexpr std::array<uint32_t, 21> kBytes{0, 2, 2,  4, 4, 4, 20, 0, 1024, 384, 8,
                                            8, 4, 16, 4, 4, 8, 2,  8, 8,    12};
  if (id == 7) return grf;  // %r0
  return id < kBytes.size() ? kBytes[id] : 0;
}
}  // namespace

void check_program(const VisaProgram& prog, core::DiagSink& sink) {
  // Aliases must lie inside their target.
  const unsigned grf = platform_info(prog.platform).grf_bytes;
  for (const Variable* v : prog.symbols.declared()) {
    if (v->cls != VarClass::kGeneral || !v->alias_name) continue;
    const Variable* t = prog.symbols.find_name(*v->alias_name);
    if (t == nullptr) continue;
    const uint32_t target_bytes = t->predefined ? predefined_bytes(t->id, grf) : t->size_bytes();
    if (v->alias_offset + v->size_bytes() > target_bytes) {
      sink.error(
          "VISA-DECL", core::TextLoc{prog.file, v->line, 1},
          v->name + " (" + std::to_string(v->size_bytes()) + " bytes at offset " +
              std::to_string(v->alias_offset) + ") does not fit in its alias target " + t->name +
              " (" + std::to_string(target_bytes) + " bytes)" +
              // %r0 is one GRF: 64 bytes on PVC and later (a dump of theirs, read for
              // a 32-byte platform, lands here; issue 31).
              (t->predefined && t->id == 7 && grf == 32 && v->alias_offset + v->size_bytes() <= 64
                   ? std::string("; %r0 is 64 bytes on PVC and Xe2: was the program "
                                 "compiled for one of them (--platform PVC)?")
                   : std::string()),
          "research/intel_visa.md §1.3");
    }
  }
  for (const Instruction& inst : prog.instructions) check_instruction(inst, prog, sink);
}

}  // namespace texsim::isa::visa
