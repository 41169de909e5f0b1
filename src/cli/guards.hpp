// Input guards of the CLI (issue 15): which file `check` reads as a scene, how much memory a
// render takes, and whether a decoded binary was mostly not instructions. No printing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/diag.hpp"
#include "isa/frontend.hpp"

namespace texsim::cli {

// A scene, not a program: a .json name (whatever --isa says), or a name without a program
// extension whose first non-blank byte is '{'.
bool is_scene_file(const std::string& file);

// A SCENE-BUDGET error when the scene file at `path` is larger than `max_bytes` (checked before
// the file is read).
std::optional<core::Diagnostic> scene_file_too_large(const std::string& path, uint64_t max_bytes);

// Bytes `render` allocates for a width x height image and `profiles` precision profiles: per
// pixel one texel and one coverage byte per profile, and the RGBA8 image.
uint64_t render_bytes(uint32_t width, uint32_t height, size_t profiles);

// When a decode of `in` produced mostly "not an instruction" warnings (at least 16 *-DECODE-OPCODE
// diagnostics and more than half of the units): the one message to print instead of them.
std::optional<std::string> not_an_instruction_stream(const isa::BinaryInput& in,
                                                     const isa::IsaInfo& info,
                                                     const isa::Program& program,
                                                     const core::DiagSink& sink);

}  // namespace texsim::cli
