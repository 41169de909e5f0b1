// Format names: lookup by DXGI name and the "did you mean" for unknown ones, with the other
// spellings users bring (GL's RGBA8 / RGBA16F / R32UI, Vulkan's VK_FORMAT_*_SFLOAT / _SRGB).
#include "texunit/format_names.hpp"

#include <string>
#include <vector>

#include "core/suggest.hpp"
#include "core/text.hpp"

namespace texsim::texunit {

namespace {

// Upper case, without a "DXGI_FORMAT_" prefix.
std::string normalise_name(std::string_view name) {
  std::string s = core::to_upper(name);
  constexpr std::string_view kPrefix = "DXGI_FORMAT_";
  if (s.size() > kPrefix.size() && s.starts_with(kPrefix)) s.erase(0, kPrefix.size());
  return s;
}

// A Vulkan or GL spelling in DXGI's words: no VK_FORMAT_ / GL_ prefix, _SFLOAT -> _FLOAT,
// a final _SRGB -> _UNORM_SRGB (VK_FORMAT_R8G8B8A8_SRGB is DXGI's R8G8B8A8_UNORM_SRGB).
std::string dxgi_words(std::string s) {
  for (std::string_view prefix : {"VK_FORMAT_", "GL_"}) {
    if (s.size() > prefix.size() && s.starts_with(prefix)) s.erase(0, prefix.size());
  }
  if (const size_t at = s.find("_SFLOAT"); at != std::string::npos) s.replace(at, 7, "_FLOAT");
  if (s.ends_with("_SRGB") && !s.ends_with("_UNORM_SRGB")) s.insert(s.size() - 5, "_UNORM");
  return s;
}

// GL's sized internal formats for every format whose channels share one width: R8G8B8A8_UNORM
// is RGBA8, R16G16B16A16_FLOAT RGBA16F, R32_UINT R32UI, R8G8_SNORM RG8_SNORM, R8_SINT R8I.
struct Aliases {
  std::vector<std::string> names;
  std::vector<core::Alias> list;
};

// "R16G16_FLOAT" -> letters "RG", width "16", kind "FLOAT"; false unless every channel is one of
// R, G, B, A with the same width.
bool uniform_channels(std::string_view name, std::string& letters, std::string& width,
                      std::string_view& kind) {
  const size_t us = name.find('_');
  if (us == std::string_view::npos) return false;
  kind = name.substr(us + 1);
  letters.clear();
  width.clear();
  for (size_t i = 0; i < us;) {
    if (std::string_view("RGBA").find(name[i]) == std::string_view::npos) return false;
    size_t j = i + 1;
    while (j < us && name[j] >= '0' && name[j] <= '9') ++j;
    const std::string_view w = name.substr(i + 1, j - i - 1);
    if (w.empty() || (!width.empty() && w != width)) return false;
    letters += name[i];
    width = w;
    i = j;
  }
  return !letters.empty();
}

const Aliases& gl_aliases() {
  static const Aliases kAliases = [] {
    Aliases a;
    std::vector<std::string_view> canonical;
    std::string letters, width;
    std::string_view kind;
    for (const FormatInfo& info : all_formats()) {
      if (!uniform_channels(info.name, letters, width, kind)) continue;
      const char* suffix = kind == "UNORM"   ? ""
                           : kind == "SNORM" ? "_SNORM"
                           : kind == "UINT"  ? "UI"
                           : kind == "SINT"  ? "I"
                           : kind == "FLOAT" ? "F"
                                             : nullptr;
      if (suffix == nullptr) continue;  // UNORM_SRGB, SHAREDEXP
      a.names.push_back(letters + width + suffix);
      canonical.push_back(info.name);
    }
    a.names.emplace_back("SRGB8_ALPHA8");
    canonical.emplace_back("R8G8B8A8_UNORM_SRGB");
    for (size_t i = 0; i < a.names.size(); ++i) a.list.push_back({a.names[i], canonical[i]});
    return a;
  }();
  return kAliases;
}

}  // namespace

std::optional<Format> format_from_name(std::string_view name) {
  const std::string key = normalise_name(name);
  for (const FormatInfo& info : all_formats()) {
    if (info.name == key) return info.format;
  }
  return std::nullopt;
}

std::string_view closest_format_name(std::string_view name) {
  std::vector<std::string_view> names;
  for (const FormatInfo& info : all_formats()) names.push_back(info.name);
  return core::closest(dxgi_words(normalise_name(name)), names, gl_aliases().list);
}

}  // namespace texsim::texunit
