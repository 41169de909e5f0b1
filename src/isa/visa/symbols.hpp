// Declarations: general variables, predicates, samplers, surfaces and address variables, with
// vISA's predefined ones (%null, %slm = T0 ... %scratch = T5, S31 bindless), id assignment and
// alias resolution. Depends on types.hpp and platform.hpp; never on syntax or execution.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "isa/visa/types.hpp"

namespace texsim::isa::visa {

enum class VarClass : uint8_t { kGeneral, kAddress, kPredicate, kSampler, kSurface };
std::string_view var_class_letter(VarClass c);  // "G", "A", "P", "S", "T" (the v_type= value)

// `align=` keywords (CISA.y DeclAlign).
enum class Align : uint8_t {
  kByte,
  kWord,
  kDword,
  kQword,
  kOword,
  kGRF,
  kGRFx2,
  kHword,
  kWordx32,
  kWordx64,
};
std::string_view align_name(Align a);
std::optional<Align> align_from_name(std::string_view s);  // also accepts deprecated "2GRF"
unsigned align_bytes(Align a, unsigned grf_bytes);

// Predefined surface ids (visa/Common_ISA.h; research §1.3): T0..T5 are reserved.
inline constexpr uint32_t kSurfaceSlm = 0;        // %slm
inline constexpr uint32_t kSurfaceBss = 4;        // %bss (bindless surface state)
inline constexpr uint32_t kSurfaceStateless = 5;  // %scratch (stateless A32, BTI 255)
inline constexpr uint32_t kFirstUserSurface = 6;
inline constexpr uint32_t kFirstUserGeneral = 32;  // V0..V31 predefined
inline constexpr uint32_t kBindlessSampler = 31;   // S31
inline constexpr uint32_t kMaxSurfaces = 256;
inline constexpr uint32_t kMaxSamplers = 32;

struct Variable {
  std::string name;
  VarClass cls = VarClass::kGeneral;
  uint32_t id = 0;
  VisaType type = VisaType::kUD;  // general and address variables
  uint32_t num_elts = 1;
  std::optional<Align> align;             // general: absent means not given
  std::optional<std::string> alias_name;  // general: alias=<name, offset>
  uint32_t alias_offset = 0;
  std::string v_name;  // optional v_name=
  std::string attrs;   // optional attrs={...}, kept verbatim
  bool predefined = false;
  uint32_t line = 0;  // declaring line (0: predefined or from a binary)

  uint32_t size_bytes() const { return num_elts * type_size(type); }
};

class SymbolTable {
 public:
  SymbolTable();  // the predefined variables

  // Adds a declaration, choosing its id (V<n>/P<n>/T<n>/S<n> names keep n when it is free and
  // outside the reserved range; other names take the next free id). Returns an error message
  // on a conflict (duplicate name, reserved id, unknown alias target).
  std::optional<std::string> add(Variable v);

  // Adds a declaration read from a binary (.isa): `v.id` is kept as the file gives it. An error
  // message when the name or the id is taken or an alias target is unknown.
  std::optional<std::string> add_with_id(Variable v);

  const Variable* find_name(std::string_view name) const;
  const Variable* find(VarClass cls, uint32_t id) const;
  // User declarations in declaration order (what a printer writes as .decl lines).
  std::vector<const Variable*> declared() const;

  // The non-alias variable a general variable lives in and the byte offset of `v` inside it.
  std::pair<const Variable*, uint32_t> root(const Variable& v) const;

  // Names to print for an id; a fallback "V<id>", "T<id>", "P<id>", "S<id>" for unknown ids.
  std::string name_of(VarClass cls, uint32_t id) const;

 private:
  std::vector<Variable> vars_;
  // Looked up by string_view on every operand: a hash map with transparent lookup.
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const {  // FNV-1a: names are short (issue 18 item 4)
      uint64_t h = 14695981039346656037ull;
      for (const char ch : s) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
      return static_cast<size_t>(h);
    }
  };
  std::unordered_map<std::string, size_t, NameHash, std::equal_to<>> by_name_;
  // Looked up per operand by the rules: hashed (issue 18 item 4), never iterated.
  struct IdHash {
    size_t operator()(const std::pair<VarClass, uint32_t>& k) const {
      return (static_cast<size_t>(k.first) << 32) | k.second;
    }
  };
  std::unordered_map<std::pair<VarClass, uint32_t>, size_t, IdHash> by_id_;
  std::array<uint32_t, 5> next_free_{};  // per class: every id below it is taken
};

// The `.decl` line IGC's printer writes for a user declaration.
std::string print_decl(const Variable& v);

// The text name of a predefined surface id (0..5): "%slm", "T1", "T2", "TSS", "%bss", "%scratch".
std::string_view predefined_surface_name(uint32_t id);

// The predefined general variables V0..V20 as IGC 1.0.12504 names them ("%null" ... "%msg0");
// "" past them (V21..V31 are reserved).
inline constexpr uint32_t kPredefinedGeneralCount = 21;
std::string_view predefined_general_name(uint32_t id);

}  // namespace texsim::isa::visa
