// Declarations and id assignment. Depends on types.hpp only.
#include "isa/visa/symbols.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace texsim::isa::visa {
namespace {

// V0..V20 as IGC 1.0.12504 names them (PreDefinedVars.cpp; every dump's comment block lists
// them; decision IT1): V6 is %tsc, which GenX_IR reads and IGC's dumps use; V21..V31 are
// reserved.
constexpr std::array<std::string_view, kPredefinedGeneralCount> kPredefinedGeneral{
    "%null",
    "%thread_x",
    "%thread_y",
    "%group_id_x",
    "%group_id_y",
    "%group_id_z",
    "%tsc",
    "%r0",
    "%arg",
    "%retval",
    "%sp",
    "%fp",
    "%hw_id",
    "%sr0",
    "%cr0",
    "%ce0",
    "%dbg0",
    "%color",
    "%impl_arg_buf_ptr",
    "%local_id_buf_ptr",
    "%msg0"};
// The vISA documentation's name of V6 (4_visa_header.md: "V6(%tm)"), read as %tsc.
constexpr std::string_view kTimestampAlias = "%tm";
constexpr std::array<std::string_view, 6> kPredefinedSurface{"%slm", "T1",   "T2",
                                                             "TSS",  "%bss", "%scratch"};
// Older spellings the parser still accepts (research §1.3 table).
constexpr std::array<std::pair<std::string_view, uint32_t>, 6> kSurfaceAliases{
    {{"T0", 0}, {"T3", 3}, {"T4", 4}, {"T5", 5}, {"T252", 4}, {"T255", 5}}};

struct AlignInfo {
  Align a;
  std::string_view name;
  unsigned bytes;  // 0: GRF multiple below
};
constexpr std::array<AlignInfo, 10> kAligns{{
    {Align::kByte, "byte", 1},
    {Align::kWord, "word", 2},
    {Align::kDword, "dword", 4},
    {Align::kQword, "qword", 8},
    {Align::kOword, "oword", 16},
    {Align::kGRF, "GRF", 0},
    {Align::kGRFx2, "GRFx2", 0},
    {Align::kHword, "hword", 32},
    {Align::kWordx32, "wordx32", 64},
    {Align::kWordx64, "wordx64", 128},
}};

// "V40" with prefix 'V' -> 40.
std::optional<uint32_t> numbered(std::string_view name, char prefix) {
  if (name.size() < 2 || name[0] != prefix) return std::nullopt;
  uint32_t v = 0;
  const auto r = std::from_chars(name.data() + 1, name.data() + name.size(), v);
  if (r.ec != std::errc{} || r.ptr != name.data() + name.size()) return std::nullopt;
  if (name.size() > 2 && name[1] == '0') return std::nullopt;  // "V0032" is a plain name
  return v;
}

char class_prefix(VarClass c) {
  switch (c) {
    case VarClass::kGeneral:
      return 'V';
    case VarClass::kAddress:
      return 'A';
    case VarClass::kPredicate:
      return 'P';
    case VarClass::kSampler:
      return 'S';
    case VarClass::kSurface:
      return 'T';
  }
  return 'V';
}

uint32_t first_user_id(VarClass c) {
  switch (c) {
    case VarClass::kGeneral:
      return kFirstUserGeneral;
    case VarClass::kPredicate:
      return 1;  // P0 means "no predicate"
    case VarClass::kSurface:
      return kFirstUserSurface;
    case VarClass::kAddress:
    case VarClass::kSampler:
      return 0;
  }
  return 0;
}

uint32_t max_ids(VarClass c) {
  switch (c) {
    case VarClass::kGeneral:
      return 65536 + kFirstUserGeneral;
    case VarClass::kAddress:
    case VarClass::kPredicate:
      return 4096;
    case VarClass::kSampler:
      return kMaxSamplers;
    case VarClass::kSurface:
      return kMaxSurfaces;
  }
  return 0;
}

}  // namespace

std::string_view var_class_letter(VarClass c) {
  switch (c) {
    case VarClass::kGeneral:
      return "G";
    case VarClass::kAddress:
      return "A";
    case VarClass::kPredicate:
      return "P";
    case VarClass::kSampler:
      return "S";
    case VarClass::kSurface:
      return "T";
  }
  return "G";
}

std::string_view align_name(Align a) {
  return kAligns[static_cast<unsigned>(a)].name;
}

std::optional<Align> align_from_name(std::string_view s) {
  if (s == "2GRF") return Align::kGRFx2;
  for (const AlignInfo& i : kAligns) {
    if (i.name == s) return i.a;
  }
  return std::nullopt;
}

unsigned align_bytes(Align a, unsigned grf_bytes) {
  if (a == Align::kGRF) return grf_bytes;
  if (a == Align::kGRFx2) return 2 * grf_bytes;
  return kAligns[static_cast<unsigned>(a)].bytes;
}

std::string_view predefined_general_name(uint32_t id) {
  return id < kPredefinedGeneral.size() ? kPredefinedGeneral[id] : std::string_view{};
}

std::string_view predefined_surface_name(uint32_t id) {
  return id < kPredefinedSurface.size() ? kPredefinedSurface[id] : std::string_view{};
}

SymbolTable::SymbolTable() {
  for (uint32_t i = 0; i < kPredefinedGeneral.size(); ++i) {
    Variable v;
    v.name = std::string(kPredefinedGeneral[i]);
    v.cls = VarClass::kGeneral;
    v.id = i;
    v.type = VisaType::kUD;
    v.num_elts = i == 0 ? 0 : 1;
    v.predefined = true;
    add(v);
  }
  for (uint32_t i = 0; i < kPredefinedSurface.size(); ++i) {
    Variable v;
    v.name = std::string(kPredefinedSurface[i]);
    v.cls = VarClass::kSurface;
    v.id = i;
    v.predefined = true;
    add(v);
  }
  by_name_.emplace(std::string(kTimestampAlias), by_id_.at({VarClass::kGeneral, 6}));
  for (const auto& [name, id] : kSurfaceAliases) {
    by_name_.emplace(std::string(name), by_id_.at({VarClass::kSurface, id}));
  }
  Variable s31;
  s31.name = "S31";
  s31.cls = VarClass::kSampler;
  s31.id = kBindlessSampler;
  s31.predefined = true;
  add(s31);
}

std::optional<std::string> SymbolTable::add(Variable v) {
  if (by_name_.count(v.name) != 0) return "'" + v.name + "' is already declared";
  if (!v.predefined) {
    const uint32_t first = first_user_id(v.cls);
    auto n = numbered(v.name, class_prefix(v.cls));
    if (n && *n < first) {
      return "'" + v.name + "' names a reserved " + std::string(var_class_letter(v.cls)) +
             " id (user ids start at " + std::to_string(first) + ")";
    }
    if (n && *n < max_ids(v.cls) && by_id_.count({v.cls, *n}) == 0) {
      v.id = *n;
    } else {
      // Ids taken by other names are skipped; numbered names keep their own number. Ids are
      // never removed, so every id below the class's cursor is taken: the search resumes there
      // and declaring n names costs O(n log n), not O(n^2) (issue 15 item 3).
      uint32_t& cursor = next_free_[static_cast<size_t>(v.cls)];
      uint32_t id = std::max(first, cursor);
      while (by_id_.count({v.cls, id}) != 0) ++id;
      cursor = id;
      if (id >= max_ids(v.cls))
        return "too many " + std::string(var_class_letter(v.cls)) + " variables";
      v.id = id;
    }
    if (v.alias_name) {
      const Variable* target = find_name(*v.alias_name);
      if (target == nullptr || target->cls != VarClass::kGeneral) {
        return "alias target '" + *v.alias_name + "' is not a declared general variable";
      }
      if (target->id == 0) return "a variable cannot alias %null";
    }
  }
  by_name_.emplace(v.name, vars_.size());
  by_id_.emplace(std::make_pair(v.cls, v.id), vars_.size());
  vars_.push_back(std::move(v));
  return std::nullopt;
}

std::optional<std::string> SymbolTable::add_with_id(Variable v) {
  if (by_name_.count(v.name) != 0) return "'" + v.name + "' is already declared";
  if (by_id_.count({v.cls, v.id}) != 0)
    return std::string(var_class_letter(v.cls)) + " id " + std::to_string(v.id) + " is taken";
  if (v.alias_name) {
    const Variable* target = find_name(*v.alias_name);
    if (target == nullptr || target->cls != VarClass::kGeneral)
      return "alias target '" + *v.alias_name + "' is not a declared general variable";
  }
  by_name_.emplace(v.name, vars_.size());
  by_id_.emplace(std::make_pair(v.cls, v.id), vars_.size());
  vars_.push_back(std::move(v));
  return std::nullopt;
}

const Variable* SymbolTable::find_name(std::string_view name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : &vars_[it->second];
}

const Variable* SymbolTable::find(VarClass cls, uint32_t id) const {
  auto it = by_id_.find({cls, id});
  return it == by_id_.end() ? nullptr : &vars_[it->second];
}

std::vector<const Variable*> SymbolTable::declared() const {
  std::vector<const Variable*> out;
  for (const Variable& v : vars_) {
    if (!v.predefined) out.push_back(&v);
  }
  return out;
}

std::pair<const Variable*, uint32_t> SymbolTable::root(const Variable& v) const {
  const Variable* cur = &v;
  uint32_t off = 0;
  for (int depth = 0; depth < 64 && cur->alias_name; ++depth) {
    const Variable* t = find_name(*cur->alias_name);
    if (t == nullptr) break;
    off += cur->alias_offset;
    cur = t;
  }
  return {cur, off};
}

std::string SymbolTable::name_of(VarClass cls, uint32_t id) const {
  if (const Variable* v = find(cls, id)) return v->name;
  return std::string(1, class_prefix(cls)) + std::to_string(id);
}

std::string print_decl(const Variable& v) {
  std::string s = ".decl " + v.name + " v_type=" + std::string(var_class_letter(v.cls));
  switch (v.cls) {
    case VarClass::kGeneral:
      s += " type=" + std::string(type_name(v.type)) + " num_elts=" + std::to_string(v.num_elts);
      if (v.align) s += " align=" + std::string(align_name(*v.align));
      if (v.alias_name)
        s += " alias=<" + *v.alias_name + ", " + std::to_string(v.alias_offset) + ">";
      break;
    case VarClass::kAddress:
    case VarClass::kPredicate:
    case VarClass::kSampler:
    case VarClass::kSurface:
      s += " num_elts=" + std::to_string(v.num_elts);
      break;
  }
  if (!v.v_name.empty()) s += " v_name=" + v.v_name;
  if (!v.attrs.empty()) s += " " + v.attrs;
  return s;
}

}  // namespace texsim::isa::visa
