// vISA element type names and sizes. Depends on nothing but the standard library.
#include "isa/visa/types.hpp"
#include "core/text.hpp"

#include <array>

namespace texsim::isa::visa {
namespace {

struct TypeInfo {
  std::string_view name;
  unsigned size;
};

constexpr std::array<TypeInfo, kVisaTypeCount> kTypes{{
    {"ud", 4},
    {"d", 4},
    {"uw", 2},
    {"w", 2},
    {"ub", 1},
    {"b", 1},
    {"df", 8},
    {"f", 4},
    {"v", 4},
    {"vf", 4},
    {"bool", 1},
    {"uq", 8},
    {"uv", 4},
    {"q", 8},
    {"hf", 2},
    {"bf", 2},
}};

}  // namespace

std::string_view type_name(VisaType t) {
  return kTypes[static_cast<unsigned>(t)].name;
}
unsigned type_size(VisaType t) {
  return kTypes[static_cast<unsigned>(t)].size;
}
bool type_is_64bit(VisaType t) {
  return t == VisaType::kDF || t == VisaType::kUQ || t == VisaType::kQ;
}

std::optional<VisaType> type_from_name(std::string_view name) {
  for (unsigned i = 0; i < kVisaTypeCount; ++i) {
    if (core::iequals(kTypes[i].name, name)) return static_cast<VisaType>(i);
  }
  return std::nullopt;
}

std::string type_set_names(TypeSet s) {
  std::string out;
  for (unsigned i = 0; i < kVisaTypeCount; ++i) {
    if ((s & (TypeSet{1} << i)) == 0) continue;
    if (!out.empty()) out += ", ";
    for (char c : kTypes[i].name) out += core::ascii_upper(c);
  }
  return out;
}

}  // namespace texsim::isa::visa
