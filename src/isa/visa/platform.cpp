// The platform table and version parsing. Depends on nothing but the standard library.
#include "isa/visa/platform.hpp"
#include "core/text.hpp"

#include <array>

namespace texsim::isa::visa {
namespace {

// research/intel_visa.md §1.4 (visa/common.cpp PlatformInfo): 64-byte GRF from PVC on.
constexpr std::array<PlatformInfo, 7> kPlatforms{{
    {Platform::kSKL, "SKL", "Gen9", 32, 8},
    {Platform::kICLLP, "ICLLP", "Gen11", 32, 8},
    {Platform::kTGLLP, "TGLLP", "Xe-LP", 32, 8},
    {Platform::kXeHP, "XeHP", "Xe-HP", 32, 8},
    {Platform::kDG2, "DG2", "Xe-HPG", 32, 8},
    {Platform::kPVC, "PVC", "Xe-HPC", 64, 16},
    {Platform::kXe2, "Xe2", "Xe2", 64, 16},
}};

constexpr auto kNames = [] {
  std::array<std::string_view, kPlatforms.size()> n{};
  for (size_t k = 0; k < n.size(); ++k) n[k] = kPlatforms[k].name;
  return n;
}();

}  // namespace

std::span<const std::string_view> platform_names() {
  return kNames;
}

std::span<const PlatformInfo> all_platforms() {
  return kPlatforms;
}

const PlatformInfo& platform_info(Platform p) {
  return kPlatforms[static_cast<unsigned>(p)];
}

std::optional<Platform> platform_from_name(std::string_view name) {
  for (const PlatformInfo& i : kPlatforms) {
    if (core::iequals(i.name, name)) return i.id;
  }
  return std::nullopt;
}

std::optional<Version> parse_version(std::string_view text) {
  const size_t dot = text.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 >= text.size()) return std::nullopt;
  auto num = [](std::string_view s) -> std::optional<uint8_t> {
    if (s.empty() || s.size() > 3) return std::nullopt;
    unsigned v = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return std::nullopt;
      v = v * 10 + static_cast<unsigned>(c - '0');
    }
    if (v > 254) return std::nullopt;
    return static_cast<uint8_t>(v);
  };
  const auto ma = num(text.substr(0, dot));
  const auto mi = num(text.substr(dot + 1));
  if (!ma || !mi) return std::nullopt;
  return Version{*ma, *mi};
}

std::string version_string(Version v) {
  return std::to_string(v.major) + "." + std::to_string(v.minor);
}

}  // namespace texsim::isa::visa
