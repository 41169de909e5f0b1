// `texsim run --images DIR`: the images a whole-kernel launch wrote, as PNG (level 0, slice 0,
// RGBA8) and as texsim's linear bytes. Depends on isa (RunImage) and scene/image; never exits.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "isa/frontend.hpp"

namespace texsim::cli {

// Writes DIR/<name>.png and DIR/<name>.bin for every image (DIR created when missing); `json`
// gets one entry per image (name, size, format, the files or null when `dir` is empty) and
// `text` a line each. False with `error` when a file cannot be written.
bool write_run_images(const std::vector<isa::RunImage>& images, const std::string& dir,
                      nlohmann::json& json, std::string& text, std::string& error);

}  // namespace texsim::cli
