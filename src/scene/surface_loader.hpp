// Reading a scene's "surfaces" entries: the surface description, its data source (fill,
// generator, file, hex, texels), MSAA state and null tiles. Scene-internal.
#pragma once

#include <optional>
#include <string>

#include "scene/json_reader.hpp"
#include "scene/scene.hpp"
#include "texunit/format.hpp"
#include "texunit/surface.hpp"

namespace texsim::scene {

// Reads "surfaces[i]" at `path`; appends it to scene.surfaces when it has no error.
void load_surface(JsonReader& r, const Json& v, const std::string& path, Scene& scene);

// Fills `s` from a "data" object (exactly one source); false after reporting.
bool load_surface_data(JsonReader& r, const Json& v, const std::string& path, texunit::Surface& s);

// A texel for format `f`: [r, g, b, a] in component order for fill / clear_color (`for_clear`),
// else one value per present channel in the format's channel order.
std::optional<texunit::Texel> texel_value(JsonReader& r, const Json& v, const std::string& path,
                                          texunit::Format f, bool for_clear);

}  // namespace texsim::scene
