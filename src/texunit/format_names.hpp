// Format names (defined in format_names.cpp): lookup by DXGI name and the "did you mean" with
// the spellings users bring (GL's RGBA8 / RGBA16F / R32UI, Vulkan's VK_FORMAT_*_SFLOAT / _SRGB).
#pragma once

#include <optional>
#include <string_view>

#include "texunit/format_table.hpp"

namespace texsim::texunit {

// Case-insensitive lookup by DXGI name (with or without a "DXGI_FORMAT_" prefix).
std::optional<Format> format_from_name(std::string_view name);
// The format name `name` most plausibly meant (core::closest over the table, with GL's and
// Vulkan's spellings: "RGBA8" -> R8G8B8A8_UNORM), or empty.
std::string_view closest_format_name(std::string_view name);

}  // namespace texsim::texunit
