// Platforms (GRF size, feature gates) and vISA binary versions, as data.
// Depends on nothing but the standard library.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace texsim::isa::visa {

// In generation order, so gates are "from X" comparisons.
enum class Platform : uint8_t { kSKL, kICLLP, kTGLLP, kXeHP, kDG2, kPVC, kXe2 };

struct PlatformInfo {
  Platform id;
  std::string_view name;  // canonical spelling (--platform)
  std::string_view gen;   // "Gen9", "Xe-LP", ...
  unsigned grf_bytes;     // 32, or 64 on PVC and later (research/intel_visa.md §1.4)
  unsigned native_simd;   // 8 on 32-byte GRF, 16 on 64-byte GRF
};

std::span<const PlatformInfo> all_platforms();
// Every platform's canonical name, in generation order (the --platform values).
std::span<const std::string_view> platform_names();
const PlatformInfo& platform_info(Platform p);
std::optional<Platform> platform_from_name(std::string_view name);  // case-insensitive

// Feature gates (visa spec README item 7; research §2.7).
inline bool has_hf_sampler_params(Platform p) {
  return p >= Platform::kICLLP;
}
inline bool has_cps(Platform p) {
  return p >= Platform::kICLLP;
}
inline bool allows_paired_surface(Platform p) {
  return p >= Platform::kXe2;
}

// vISA binary/text version (".version 4.2"). Gates in the model table compare against it.
struct Version {
  uint8_t major = 0;
  uint8_t minor = 0;
  // NOLINTNEXTLINE(modernize-use-nullptr): clang-tidy 14 flags the defaulted <=>'s own 0 literal
  friend constexpr auto operator<=>(const Version&, const Version&) = default;
};
inline constexpr Version kNewestVersion{4,
                                        2};  // IGC's COMMON_ISA_MAJOR/MINOR at the studied commit
inline constexpr Version kRawId32Version{3, 4};  // raw/general operand ids are UD from 3.4
inline constexpr Version kWideOpVersion{4, 0};   // 3D sub-op field is UW from 4.0
inline constexpr Version kPairedSurfaceVersion{3, 8};
inline constexpr Version kAnyVersion{0, 0};
inline constexpr Version kNoVersion{255, 255};

// The versions texsim reads, in text (.version) and in a stream header alike: major and minor
// each 0..254 (255 is kNoVersion's, the model's "never").
constexpr bool valid_version(Version v) {
  return v.major < 255 && v.minor < 255;
}
std::optional<Version> parse_version(std::string_view text);  // "4.2"; valid_version only
std::string version_string(Version v);

}  // namespace texsim::isa::visa
