// texsim_hw_gen: writes a hardware bundle's cases/ folder: manifest.txt and, per case, its texels,
// lookup inputs and texsim's expected results (tests/hw/gen/*). Usage: texsim_hw_gen DIR [LOOKUPS]
// or texsim_hw_gen --predict CASES_DIR LISTING_DIR SM (cubin predictions, hw_predict.hpp).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "gen/hw_cases.hpp"
#include "gen/hw_expect.hpp"
#include "gen/hw_inputs.hpp"
#include "gen/hw_predict.hpp"

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "--predict") {
    const unsigned long sm = std::strtoul(argv[4], nullptr, 10);
    if (sm < 70 || sm > 90) {
      std::fprintf(stderr, "texsim_hw_gen: --predict takes an SM from 70 to 90\n");
      return 2;
    }
    return texsim::hwgen::predict_cubins(argv[2], argv[3], static_cast<unsigned>(sm));
  }
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr,
                 "usage: texsim_hw_gen DIR [LOOKUPS (default 4096)]\n"
                 "       texsim_hw_gen --predict CASES_DIR LISTING_DIR SM\n");
    return 2;
  }
  const std::string dir = argv[1];
  const unsigned long lookups = argc == 3 ? std::strtoul(argv[2], nullptr, 10) : 4096;
  if (lookups == 0 || lookups > (1u << 20)) {
    std::fprintf(stderr, "texsim_hw_gen: LOOKUPS must be in [1, 1048576]\n");
    return 2;
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  std::ofstream manifest(dir + "/manifest.txt");
  if (ec || !manifest) {
    std::fprintf(stderr, "texsim_hw_gen: cannot write %s/manifest.txt\n", dir.c_str());
    return 2;
  }
  manifest << "# texsim hardware cases (tests/hw/gen/hw_cases.cpp; docs/hardware.md)\n";
  size_t total = 0;
  const auto cases = texsim::hwgen::hw_cases(static_cast<unsigned>(lookups));
  for (const auto& g : cases) {
    const auto texels = texsim::hwgen::make_texels(g);
    const auto inputs = texsim::hwgen::make_inputs(g);
    std::string error;
    const auto expected = texsim::hwgen::expected_results(g, texels, inputs, error);
    if (!expected) {
      std::fprintf(stderr, "texsim_hw_gen: %s\n", error.c_str());
      return 1;
    }
    const std::string base = dir + "/" + g.spec.name;
    if (!hw::write_file(base + ".texels", texels.data(), texels.size()) ||
        !hw::write_file(base + ".in", inputs.data(), inputs.size() * 4) ||
        !hw::write_file(base + ".expect", expected->data(), expected->size() * 4)) {
      std::fprintf(stderr, "texsim_hw_gen: cannot write %s.*\n", base.c_str());
      return 2;
    }
    manifest << hw::manifest_line(g.spec) << "\n";
    total += g.spec.lookups;
  }
  std::printf("texsim_hw_gen: %zu cases, %zu lookups in %s\n", cases.size(), total, dir.c_str());
  return manifest ? 0 : 2;
}
