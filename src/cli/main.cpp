// texsim command-line entry point. Thin: parses arguments, calls the library, prints results.
// Until the command-line issue lands, the only verb is the embedded demo.
#include <cstdio>
#include <cstring>

#include "cli/demo.hpp"

int main(int argc, char** argv) {
  if (argc == 1 || (argc == 2 && std::strcmp(argv[1], "demo") == 0)) {
    return texsim::cli::run_demo(stdout);
  }
  if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::printf("usage: texsim [demo]\n  runs the embedded default scene and prints its results\n");
    return 0;
  }
  if (argc == 2 && std::strcmp(argv[1], "--version") == 0) {
    std::printf("texsim 0.1.0\n");
    return 0;
  }
  std::fprintf(stderr, "texsim: unknown command '%s' (try --help)\n", argv[1]);
  return 2;
}
