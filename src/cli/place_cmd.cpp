// `texsim place` (place_cmd.hpp): loads the scene, asks scene/to_hardware for its hardware form,
// adds the new "gpu_memory" range (hex, or a file beside the output) and writes the scene.
#include "cli/place_cmd.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "cli/inputs.hpp"
#include "cli/output.hpp"
#include "cli/term.hpp"
#include "core/text.hpp"
#include "hwstate/layout.hpp"
#include "isa/registry.hpp"
#include "scene/to_hardware.hpp"

namespace texsim::cli {

namespace {

constexpr hwstate::Tiling kLayouts[] = {hwstate::Tiling::kPitch, hwstate::Tiling::kBlockLinear,
                                        hwstate::Tiling::kTileX, hwstate::Tiling::kTileY,
                                        hwstate::Tiling::kTile4, hwstate::Tiling::kTile64};

int usage(const std::string& msg) {
  std::fprintf(stderr, "texsim place: %s\n", msg.c_str());
  return kExitUsage;
}

std::optional<scene::ToHardwareOptions> options_of(const PlaceArgs& args, std::string& why) {
  scene::ToHardwareOptions o;
  if (!args.layout.empty()) {
    for (hwstate::Tiling t : kLayouts)
      if (core::iequals(hwstate::tiling_name(t), args.layout)) o.tiling = t;
    if (!o.tiling) {
      why = "--layout: expected pitch, block_linear, tile_x, tile_y, tile4 or tile64, got '" +
            args.layout + "'";
      return std::nullopt;
    }
  }
  if (args.block_height_log2 >= 0) {
    if (args.block_height_log2 > 5) {
      why = "--block-height-log2: GOBS_PER_BLOCK_HEIGHT is 0..5 (1 to 32 GOBs), got " +
            std::to_string(args.block_height_log2);
      return std::nullopt;
    }
    o.block_height_log2 = static_cast<uint8_t>(args.block_height_log2);
  }
  if (args.header_version != 0) {
    if (args.header_version != 1 && args.header_version != 2) {
      why =
          "--header-version: SET_TEXTURE_HEADER_VERSION is 1 (Texture Header State) or 2 "
          "(Texture Header V2), got " +
          std::to_string(args.header_version);
      return std::nullopt;
    }
    o.header_version = static_cast<uint32_t>(args.header_version);
  }
  if (!args.address.empty()) {
    const auto a = parse_u64_arg(args.address);
    if (!a || *a % 65536 != 0 || *a == 0) {
      why = "--address: expected a non-zero multiple of 0x10000, got '" + args.address + "'";
      return std::nullopt;
    }
    o.base_address = *a;
  }
  return o;
}

const scene::SceneSection* section_of(const scene::Scene& s) {
  for (const scene::SceneSection* sec : isa::registry().scene_sections())
    if (sec->isa() == s.isa) return sec;
  return nullptr;
}

// The "gpu_memory" entry of the new range; writes --memory-file. False (said) on I/O errors.
bool memory_entry(const PlaceArgs& args, const scene::GpuMemoryRange& range, scene::Json& entry) {
  entry = {{"address", core::hex(range.address)}};
  if (args.memory_file.empty()) {
    entry["hex"] = core::hex_bytes(range.bytes);
    return true;
  }
  if (same_file(args.memory_file, args.scene) || same_file(args.memory_file, args.output)) {
    say_error("--memory-file names the scene itself: " + args.memory_file);
    return false;
  }
  std::string why;
  const std::string_view bytes(reinterpret_cast<const char*>(range.bytes.data()),
                               range.bytes.size());
  if (!write_file_atomic(args.memory_file, bytes, why)) {
    say_error(why);
    return false;
  }
  namespace fs = std::filesystem;
  const fs::path base = args.output.empty() || args.output == "-"
                            ? fs::current_path()
                            : fs::absolute(args.output).parent_path();
  entry["file"] = fs::absolute(args.memory_file).lexically_relative(base).generic_string();
  return true;
}

void write_json(const scene::Json& v, int indent, std::string& out);

// Objects a member a line; arrays of scalars (register lanes, fills) on one line.
void write_members(const scene::Json& v, int indent, std::string& out, bool top) {
  static constexpr std::string_view kFirst[] = {"texsim", "isa", "platform", "description"};
  std::vector<std::string> keys;
  if (top)
    for (std::string_view k : kFirst)
      if (v.contains(k)) keys.emplace_back(k);
  for (const auto& [k, ignored] : v.items())
    if (!top || std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  const std::string pad(static_cast<size_t>(indent) + 2, ' ');
  out += "{";
  for (size_t i = 0; i < keys.size(); ++i) {
    out += (i == 0 ? "\n" : ",\n") + pad + scene::Json(keys[i]).dump() + ": ";
    write_json(v[keys[i]], indent + 2, out);
  }
  out += "\n" + std::string(static_cast<size_t>(indent), ' ') + "}";
}

void write_json(const scene::Json& v, int indent, std::string& out) {
  if (v.is_object() && !v.empty()) return write_members(v, indent, out, indent == 0);
  const bool flat = !v.is_array() || std::all_of(v.begin(), v.end(), [](const scene::Json& e) {
    return e.is_primitive();
  });
  if (flat) {
    out += v.dump();
    return;
  }
  const std::string pad(static_cast<size_t>(indent) + 2, ' ');
  out += "[";
  for (size_t i = 0; i < v.size(); ++i) {
    out += (i == 0 ? "\n" : ",\n") + pad;
    write_json(v[i], indent + 2, out);
  }
  out += "\n" + std::string(static_cast<size_t>(indent), ' ') + "]";
}

}  // namespace

int cmd_place(const CommonOptions& common, const PlaceArgs& args) {
  std::string why;
  const auto options = options_of(args, why);
  if (!options) return usage(why);
  std::string text;
  if (!read_input(args.scene, text)) return kExitUsage;
  int status = kExitOk;
  const auto loaded = load_scene_from_text(common, args.scene, text, status);
  if (!loaded) return status;
  const scene::SceneSection* section = section_of(*loaded);
  if (section == nullptr) return usage("the scene names no ISA (\"isa\": \"sass\" or \"visa\")");
  scene::Json root = scene::Json::parse(text, nullptr, false, true);
  core::DiagSink sink;
  const auto range = scene::scene_to_hardware(root, *loaded, *section, *options, sink);
  print_diagnostics(stderr, sink.diagnostics(), args.scene);
  if (!range) return kExitDiagnostics;
  if (!range->bytes.empty()) {
    scene::Json entry;
    if (!memory_entry(args, *range, entry)) return kExitUsage;
    root["gpu_memory"].push_back(entry);
  }
  std::string out;
  write_json(root, 0, out);
  out += "\n";
  if (args.output.empty() || args.output == "-") {
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
  }
  if (same_file(args.output, args.scene)) return usage("-o names the input scene");
  if (!write_file_atomic(args.output, out, why)) {
    say_error(why);
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace texsim::cli
