// `texsim run --trace-memory` (memory_trace.hpp): entries grouped by instruction and surface, each
// lane's reads mapped on its own so that its lines are its own (decision MT4).
#include "cli/memory_trace.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <unordered_set>

#include "cli/inputs.hpp"
#include "core/text.hpp"

namespace texsim::cli {

namespace {

// The entry's reads on the surface's levels and the run's lanes, padding lanes dropped, by lane.
texunit::TexelReadLog surface_reads(const isa::TextureReads& e) {
  texunit::TexelReadLog reads;
  for (texunit::TexelRead r : e.reads) {
    if (r.lane == texunit::TexelRead::kNoLane) continue;
    r.level += e.first_level;
    r.lane += e.lane_base;
    reads.push_back(r);
  }
  std::stable_sort(reads.begin(), reads.end(),
                   [](const auto& a, const auto& b) { return a.lane < b.lane; });
  return reads;
}

// A buffer's byte reads: address = base + offset, every line a byte falls in.
void map_bytes(const isa::TextureReads& e, uint32_t line_bytes, InstructionAccesses& out) {
  std::vector<isa::ByteRead> reads = e.byte_reads;
  std::stable_sort(reads.begin(), reads.end(),
                   [](const auto& a, const auto& b) { return a.lane < b.lane; });
  const uint64_t mask = ~uint64_t{line_bytes - 1};
  for (const isa::ByteRead& r : reads) {
    const uint32_t lane = r.lane + e.lane_base;
    if (out.lanes.empty() || out.lanes.back().lane != lane) out.lanes.push_back({lane, {}, {}, {}});
    LaneAccesses& l = out.lanes.back();
    const uint64_t address = e.placed.base_address + r.offset;
    l.byte_reads.push_back({r.offset, address, r.bytes});
    for (uint64_t line = address & mask; line < address + r.bytes; line += line_bytes)
      if (std::find(l.lines.begin(), l.lines.end(), line) == l.lines.end()) l.lines.push_back(line);
  }
}

bool map_entry(const isa::TextureReads& e, uint32_t line_bytes, InstructionAccesses& out,
               core::DiagSink& sink) {
  if (!e.not_logged.empty()) return true;
  if (e.buffer) {
    map_bytes(e, line_bytes, out);
    return true;
  }
  const hwstate::AddressMapper mapper(e.placed, line_bytes, sink);
  if (!mapper.ok()) return false;
  const texunit::TexelReadLog reads = surface_reads(e);
  hwstate::AccessTrace t;
  for (size_t k = 0; k < reads.size();) {
    size_t end = k;
    while (end < reads.size() && reads[end].lane == reads[k].lane) ++end;
    if (!mapper.map(std::span(reads).subspan(k, end - k), t, sink)) return false;
    out.lanes.push_back({reads[k].lane, t.reads, {}, t.lines});
    k = end;
  }
  return true;
}

std::string hex(uint64_t v) {
  return core::hex(v);
}

std::string placement_text(const InstructionAccesses& a) {
  if (a.buffer)
    return a.has_placement ? "buffer bytes at " + hex(a.placed.base_address)
                           : "buffer bytes at 0 (no placement)";
  if (!a.has_placement) return "no placement: texsim's linear layout at 0";
  return std::string(hwstate::tiling_name(a.placed.tiling.tiling)) + " at " +
         hex(a.placed.base_address);
}

}  // namespace

bool parse_line_bytes(const std::string& arg, uint32_t& line_bytes) {
  if (arg.empty()) return true;
  const char* s = arg.c_str();
  const char* end = s + arg.size();
  uint64_t v = 0;
  const auto r = std::from_chars(s, end, v);
  if (r.ec != std::errc() || r.ptr != end || !std::has_single_bit(v) || v < 16 || v > 4096) {
    say_error(
        "--line-bytes: [ACCESS-LINE-SIZE] cache line size must be a power of two in [16, "
        "4096], got '" +
        arg + "' (docs/memory-layouts.md, Address traces)");
    return false;
  }
  line_bytes = static_cast<uint32_t>(v);
  return true;
}

bool map_memory(const isa::MemoryLog& log, uint32_t line_bytes,
                std::vector<InstructionAccesses>& out, core::DiagSink& sink) {
  for (const isa::TextureReads& e : log.entries()) {
    const bool same = !out.empty() && out.back().index == e.instruction &&
                      out.back().surface == e.surface && out.back().not_logged == e.not_logged;
    if (!same) {
      InstructionAccesses& a = out.emplace_back();
      a.index = e.instruction, a.text = e.text, a.surface = e.surface;
      a.has_placement = e.has_placement, a.placed = e.placed, a.not_logged = e.not_logged;
      a.buffer = e.buffer;
    }
    if (!map_entry(e, line_bytes, out.back(), sink)) return false;
  }
  for (InstructionAccesses& a : out) {
    std::stable_sort(a.lanes.begin(), a.lanes.end(),
                     [](const auto& x, const auto& y) { return x.lane < y.lane; });
    std::unordered_set<uint64_t> seen;
    for (const LaneAccesses& l : a.lanes)
      for (uint64_t line : l.lines)
        if (seen.insert(line).second) a.lines.push_back(line);
  }
  return true;
}

std::string memory_text(const std::vector<InstructionAccesses>& trace, uint32_t line_bytes) {
  std::string s = "memory trace (" + std::to_string(line_bytes) +
                  "-byte lines; lanes: x, y, z, level, sample -> address, bytes):\n";
  if (trace.empty()) s += "  no texture instruction read memory\n";
  for (const InstructionAccesses& a : trace) {
    s += "#" + std::to_string(a.index) + " " + a.text + "\n  " + a.surface;
    if (!a.not_logged.empty()) {
      s += ": not traced: " + a.not_logged + "\n";
      continue;
    }
    s += " (" + placement_text(a) + ")\n";
    for (const LaneAccesses& l : a.lanes) {
      s += "  lane " + std::to_string(l.lane) + ":";
      for (const hwstate::TexelAccess& r : l.reads) {
        s += " (" + std::to_string(r.read.x) + ", " + std::to_string(r.read.y) + ", " +
             std::to_string(r.read.slice_or_z) + ", " + std::to_string(r.read.level) + ", " +
             std::to_string(r.read.sample) + ") -> " + hex(r.address) + " " +
             std::to_string(r.bytes) + ";";
      }
      for (const ByteAccess& b : l.byte_reads)
        s += " +" + hex(b.offset) + " -> " + hex(b.address) + " " + std::to_string(b.bytes) + ";";
      s.back() = '\n';
    }
    s += "  lines (" + std::to_string(a.lines.size()) + "):";
    for (uint64_t line : a.lines) s += " " + hex(line);
    s += "\n";
  }
  return s;
}

nlohmann::json memory_json(const std::vector<InstructionAccesses>& trace, uint32_t line_bytes) {
  nlohmann::json list = nlohmann::json::array();
  for (const InstructionAccesses& a : trace) {
    nlohmann::json j{{"index", a.index}, {"instruction", a.text}, {"surface", a.surface}};
    if (!a.not_logged.empty()) {
      j["not_logged"] = a.not_logged;
      list.push_back(std::move(j));
      continue;
    }
    if (a.buffer) j["buffer"] = true;
    j["placement"] = a.has_placement
                         ? nlohmann::json{{"tiling", hwstate::tiling_name(a.placed.tiling.tiling)},
                                          {"address", a.placed.base_address}}
                         : nlohmann::json(nullptr);
    nlohmann::json lanes = nlohmann::json::array();
    for (const LaneAccesses& l : a.lanes) {
      nlohmann::json texels = nlohmann::json::array();
      for (const hwstate::TexelAccess& r : l.reads) {
        texels.push_back({{"x", r.read.x},
                          {"y", r.read.y},
                          {"z", r.read.slice_or_z},
                          {"level", r.read.level},
                          {"sample", r.read.sample},
                          {"address", r.address},
                          {"bytes", r.bytes}});
      }
      nlohmann::json lane{{"lane", l.lane}, {"texels", std::move(texels)}};
      if (a.buffer) {
        nlohmann::json bytes = nlohmann::json::array();
        for (const ByteAccess& b : l.byte_reads)
          bytes.push_back({{"offset", b.offset}, {"address", b.address}, {"bytes", b.bytes}});
        lane.erase("texels");
        lane["bytes_read"] = std::move(bytes);
      }
      lane["lines"] = l.lines;
      lanes.push_back(std::move(lane));
    }
    j["lanes"] = std::move(lanes);
    j["lines"] = a.lines;
    list.push_back(std::move(j));
  }
  return {{"line_bytes", line_bytes}, {"instructions", std::move(list)}};
}

}  // namespace texsim::cli
