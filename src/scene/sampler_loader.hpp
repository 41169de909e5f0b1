// Reading sampler state from a scene: the scene's "samplers" entries and, for ISA front ends,
// the entries of their sampler pools (same keys without "id").
#pragma once

#include <optional>
#include <string>

#include "scene/json_reader.hpp"
#include "scene/scene.hpp"

namespace texsim::scene {

// Reads a sampler object at `path`; `with_id`: the "id" key is required (a "samplers" entry),
// else it is unknown (a pool entry, whose index is its id). nullopt after reporting.
std::optional<SceneSampler> read_sampler(JsonReader& r, const Json& v, const std::string& path,
                                         bool with_id);

}  // namespace texsim::scene
