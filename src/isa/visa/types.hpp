// vISA element types (codes, names, sizes) and type sets, per vISA's 2_datatypes.md.
// Depends on nothing but the standard library.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace texsim::isa::visa {

// Binary codes of vISA types (research/intel_visa.md §1.1).
enum class VisaType : uint8_t {
  kUD = 0,
  kD = 1,
  kUW = 2,
  kW = 3,
  kUB = 4,
  kB = 5,
  kDF = 6,
  kF = 7,
  kV = 8,
  kVF = 9,
  kBOOL = 10,
  kUQ = 11,
  kUV = 12,
  kQ = 13,
  kHF = 14,
  kBF = 15,
};
inline constexpr unsigned kVisaTypeCount = 16;

std::string_view type_name(VisaType t);  // lower case, as IGC prints: "ud", "hf"
std::optional<VisaType> type_from_name(std::string_view name);  // case-insensitive
unsigned type_size(VisaType t);                                 // bytes per element
bool type_is_64bit(VisaType t);  // DF, UQ, Q: immediates carry a high dword

// A set of types as a bit mask (bit = type code).
using TypeSet = uint32_t;
constexpr TypeSet type_bit(VisaType t) {
  return TypeSet{1} << static_cast<unsigned>(t);
}
constexpr bool type_in(VisaType t, TypeSet s) {
  return (s & type_bit(t)) != 0;
}
std::string type_set_names(TypeSet s);  // "UD, D, F"

}  // namespace texsim::isa::visa
