// The SASS tables shared by the opcodes: paramA names, write masks.
// Pure data and lookups; depends on nothing but the standard library.
#include "isa/sass/model.hpp"

#include <bit>
#include <mutex>
#include <unordered_set>

namespace texsim::isa::sass {

namespace {

// sass-tlds.md, "#paramA": 1D, 2D, 3D, RESERVED (CUBE), RESERVED (ARRAY_1D), ARRAY_2D,
// RESERVED (ARRAY_3D), RESERVED (ARRAY_CUBE).
constexpr std::array<ParamAInfo, 8> kParamA{{
    {ParamA::k1D, "1D", false, 1, false},
    {ParamA::k2D, "2D", false, 2, false},
    {ParamA::k3D, "3D", false, 3, false},
    {ParamA::kCube, "CUBE", true, 3, false},
    {ParamA::kArray1D, "ARRAY_1D", true, 1, true},
    {ParamA::kArray2D, "ARRAY_2D", false, 2, true},
    {ParamA::kArray3D, "ARRAY_3D", true, 3, true},
    {ParamA::kArrayCube, "ARRAY_CUBE", true, 3, true},
}};

constexpr uint8_t kR = 1, kG = 2, kB = 4, kA = 8;
// wmsk2C: {R, G, B, A, RG, RA, GA, BA} = 0..7.
constexpr std::array<WriteMaskRow, 8> kMask2C{{
    {0, "R", kR},
    {1, "G", kG},
    {2, "B", kB},
    {3, "A", kA},
    {4, "RG", kR | kG},
    {5, "RA", kR | kA},
    {6, "GA", kG | kA},
    {7, "BA", kB | kA},
}};
// wmsk34C by the encoding table: RGB=0, RGA=1, RBA=2, GBA=3, RGBA=4 (spec README item 9).
constexpr std::array<WriteMaskRow, 5> kMask34C{{
    {0, "RGB", kR | kG | kB},
    {1, "RGA", kR | kG | kA},
    {2, "RBA", kR | kB | kA},
    {3, "GBA", kG | kB | kA},
    {4, "RGBA", kR | kG | kB | kA},
}};

}  // namespace

std::span<const ParamAInfo> param_a_table() {
  return kParamA;
}

const ParamAInfo& param_a_info(ParamA p) {
  return kParamA[static_cast<size_t>(p)];
}

std::optional<ParamA> param_a_from_name(std::string_view name) {
  for (const auto& p : kParamA) {
    if (p.name == name) return p.id;
  }
  return std::nullopt;
}

std::string_view param_name(Param p) {
  switch (p) {
    case Param::kS:
      return "s";
    case Param::kT:
      return "t";
    case Param::kR:
      return "r";
    case Param::kArray:
      return "array";
    case Param::kLod:
      return "lod";
    case Param::kAoffi:
      return "aoffi";
    case Param::kMs:
      return "ms";
    case Param::kDc:
      return "dc";
  }
  return "?";
}

std::span<const WriteMaskRow> write_masks_2c() {
  return kMask2C;
}
std::span<const WriteMaskRow> write_masks_34c() {
  return kMask34C;
}

std::string mask_name_of(uint8_t components) {
  std::string s;
  static constexpr char kNames[4] = {'R', 'G', 'B', 'A'};
  for (unsigned c = 0; c < 4; ++c) {
    if ((components >> c) & 1u) s += kNames[c];
  }
  return s;
}

std::optional<uint8_t> mask_components_from_name(std::string_view name) {
  for (const auto& m : kMask2C) {
    if (m.name == name) return m.components;
  }
  for (const auto& m : kMask34C) {
    if (m.name == name) return m.components;
  }
  if (name == "RB") return uint8_t{kR | kB};
  if (name == "GB") return uint8_t{kG | kB};
  return std::nullopt;
}

const std::string FileName::kEmpty;

FileName::FileName(std::string_view name) {
  if (name.empty()) return;
  // Interned: decode_stream names every instruction's file; this makes that a pointer copy.
  static std::mutex mu;
  static std::unordered_set<std::string> names;
  const std::lock_guard<std::mutex> lock(mu);
  name_ = &*names.emplace(name).first;
}

}  // namespace texsim::isa::sass
