// `texsim sample --convert R -o OUT`: request files from JSON Lines to NumPy .npz columns and
// back, so that text request sets replay at the binary path's speed (docs/sample-requests.md).
#pragma once

#include "cli/sample_cmd.hpp"
#include "cli/sample_writer.hpp"

namespace texsim::cli {

// Converts args.convert into `format` (npz, or jsonl) at args.output; an exit status.
int convert_requests(const SampleArgs& args, ResultFormat format, bool quiet);

}  // namespace texsim::cli
