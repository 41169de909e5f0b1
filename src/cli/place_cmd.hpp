// `texsim place`: a scene's JSON surfaces and samplers rewritten as the hardware's descriptors and
// memory bytes (scene/to_hardware.hpp). CLI layer: reads arguments and files, writes the scene.
#pragma once

#include <string>

#include "cli/commands.hpp"

namespace texsim::cli {

struct PlaceArgs {
  std::string scene;           // the scene to rewrite ("-": stdin)
  std::string output;          // -o: the rewritten scene ("" or "-": stdout)
  std::string layout;          // --layout: block_linear, pitch, tile_y, tile4, tile64 ("": default)
  int block_height_log2 = -1;  // --block-height-log2 (NVIDIA), -1: nil's choice
  int header_version = 0;      // --header-version (NVIDIA TIC family 1 or 2), 0: the pool's
  std::string address;         // --address: base of the new memory range ("": default)
  std::string memory_file;     // --memory-file: the range's bytes as a file beside the scene
};

int cmd_place(const CommonOptions& common, const PlaceArgs& args);

}  // namespace texsim::cli
