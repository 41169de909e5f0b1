// `texsim describe-state`: a descriptor's fields by name from bytes, and bytes from named fields
// (hwstate/catalog.hpp), as text or JSON. CLI layer: reads arguments and files, prints.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace texsim::cli {

struct DescribeStateArgs {
  std::string type;              // "TIC", "TIC.BLOCKLINEAR", "TSC", ...
  std::string platform;          // "" = SM52
  std::string hex;               // --hex BYTES
  std::string file;              // --file F
  uint64_t offset = 0;           // --offset N (with --file)
  std::vector<std::string> set;  // --set FIELD=VALUE ...
  bool list = false;             // --list
  bool json = false;
};

int cmd_describe_state(const DescribeStateArgs& args);

}  // namespace texsim::cli
