// `texsim run --trace-memory`: the front ends' texel read logs (isa/memory_log.hpp) mapped through
// each surface's placement (hwstate/access.hpp) and shown per instruction and lane, as text or
// JSON.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include "core/diag.hpp"
#include "hwstate/access.hpp"
#include "isa/memory_log.hpp"

namespace texsim::cli {

// A data-port byte read (GATHER_SCALED): `bytes` at `offset` into the buffer, at `address`.
struct ByteAccess {
  uint64_t offset = 0, address = 0;
  uint32_t bytes = 0;
};

struct LaneAccesses {
  uint32_t lane = 0;
  std::vector<hwstate::TexelAccess> reads;  // in read order; levels are the surface's
  std::vector<ByteAccess> byte_reads;       // a buffer's (then `reads` is empty)
  std::vector<uint64_t> lines;              // its distinct lines, first touch first
};

// One executed instruction's reads on one surface.
struct InstructionAccesses {
  size_t index = 0;
  std::string text, surface;
  bool has_placement = false;
  bool buffer = false;  // byte reads of a buffer at placed.base_address
  hwstate::PlacedSurface placed;
  std::vector<LaneAccesses> lanes;  // by lane
  std::vector<uint64_t> lines;      // the union of the lanes' lines, in lane order
  std::string not_logged;           // a data-port read the log lacks
};

// --line-bytes N (empty: 64): a power of two in [16, 4096], the rule ACCESS-LINE-SIZE of
// hwstate/access.hpp checked before anything runs; false after the message (a usage error).
bool parse_line_bytes(const std::string& arg, uint32_t& line_bytes);

// Maps every entry of `log`; false with diagnostics (ACCESS-*, LAYOUT-*) in `sink`.
bool map_memory(const isa::MemoryLog& log, uint32_t line_bytes,
                std::vector<InstructionAccesses>& out, core::DiagSink& sink);

std::string memory_text(const std::vector<InstructionAccesses>& trace, uint32_t line_bytes);
nlohmann::json memory_json(const std::vector<InstructionAccesses>& trace, uint32_t line_bytes);

}  // namespace texsim::cli
