// `--json` for check, asm, disasm and describe (issue 17): the verbs' results and diagnostics as
// one JSON document on stdout; `-` reads the program or binary from stdin. CLI layer.
#pragma once

#include "cli/commands.hpp"

namespace texsim::cli {

int cmd_check_json(const isa::Registry& reg, const CommonOptions& common, const CheckArgs& args);
int cmd_asm_json(const isa::Registry& reg, const CommonOptions& common, const AsmArgs& args);
int cmd_disasm_json(const isa::Registry& reg, const CommonOptions& common, const DisasmArgs& args);
int cmd_describe_json(const isa::Registry& reg, const CommonOptions& common,
                      const DescribeArgs& args);

}  // namespace texsim::cli
