// Names of sampler-state enums and precision profiles (scene files and CLI use them).
// Pure tables; depends on nothing but sampler.hpp.
#include "texunit/sampler.hpp"
#include "core/text.hpp"

#include <cctype>

namespace texsim::texunit {

namespace {

constexpr std::array<std::string_view, 5> kAddressNames{"wrap", "mirror", "clamp", "border",
                                                        "mirror_once"};
constexpr std::array<std::string_view, 8> kCompareNames{
    "never", "less", "equal", "less_equal", "greater", "not_equal", "greater_equal", "always"};
constexpr std::array<std::string_view, 4> kPrecisionNames{"d3d", "exact", "lavapipe", "nvidia"};

template <typename E, size_t N>
std::optional<E> lookup(const std::array<std::string_view, N>& names, std::string_view name) {
  for (size_t i = 0; i < N; ++i) {
    if (core::iequals(names[i], name)) return static_cast<E>(i);
  }
  return std::nullopt;
}

template <size_t N>
std::string_view name_of(const std::array<std::string_view, N>& names, size_t i) {
  return i < N ? names[i] : std::string_view{"?"};
}

}  // namespace

std::string_view address_mode_name(AddressMode m) {
  return name_of(kAddressNames, static_cast<size_t>(m));
}
std::optional<AddressMode> address_mode_from_name(std::string_view name) {
  return lookup<AddressMode>(kAddressNames, name);
}
std::string_view compare_func_name(CompareFunc f) {
  return name_of(kCompareNames, static_cast<size_t>(f));
}
std::optional<CompareFunc> compare_func_from_name(std::string_view name) {
  return lookup<CompareFunc>(kCompareNames, name);
}
std::string_view precision_name(PrecisionKind k) {
  return name_of(kPrecisionNames, static_cast<size_t>(k));
}
std::optional<PrecisionKind> precision_from_name(std::string_view name) {
  return lookup<PrecisionKind>(kPrecisionNames, name);
}

}  // namespace texsim::texunit
