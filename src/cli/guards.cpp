// Input guards of the CLI (issue 15 items 2 and 9; decisions H4 and H7): scene sniffing, the
// render's memory, and binaries that are not instruction streams.
#include "cli/guards.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "isa/registry.hpp"
#include "texunit/texel.hpp"

namespace texsim::cli {

bool is_scene_file(const std::string& file) {
  if (file.size() > 5 && file.ends_with(".json")) return true;
  if (isa::registry().for_path(file) != nullptr) return false;
  std::ifstream in(file, std::ios::binary);
  char c = 0;
  while (in.get(c)) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    return c == '{';
  }
  return false;
}

std::optional<core::Diagnostic> scene_file_too_large(const std::string& path, uint64_t max_bytes) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec || size <= max_bytes) return std::nullopt;
  core::DiagSink sink;
  sink.error("SCENE-BUDGET", core::TextLoc{path, 0, 0},
             "the scene file is " + std::to_string(size) + " bytes, more than the budget of " +
                 std::to_string(max_bytes) + " bytes; raise it with --max-memory");
  return sink.diagnostics()[0];
}

uint64_t render_bytes(uint32_t width, uint32_t height, size_t profiles) {
  const uint64_t pixels = uint64_t{width} * height;
  return pixels * (sizeof(texunit::Texel) + 1) * std::max<uint64_t>(profiles, 1) + pixels * 4;
}

std::optional<std::string> not_an_instruction_stream(const isa::BinaryInput& in,
                                                     const isa::IsaInfo& info,
                                                     const isa::Program& program,
                                                     const core::DiagSink& sink) {
  const auto unknown = static_cast<size_t>(std::count_if(
      sink.diagnostics().begin(), sink.diagnostics().end(),
      [](const core::Diagnostic& d) { return d.rule_id.ends_with("-DECODE-OPCODE"); }));
  if (unknown < 16 || unknown * 2 <= program.instruction_count()) return std::nullopt;
  const bool elf = in.bytes.size() >= 4 && in.bytes[0] == 0x7f && in.bytes[1] == 'E' &&
                   in.bytes[2] == 'L' && in.bytes[3] == 'F';
  return "'" + in.name + "' is not a " + std::string(info.display_name) +
         " instruction stream: " + std::to_string(unknown) + " of its " +
         std::to_string(program.instruction_count()) +
         " units are not instructions texsim decodes" + (elf ? " (it is an ELF file)" : "");
}

}  // namespace texsim::cli
