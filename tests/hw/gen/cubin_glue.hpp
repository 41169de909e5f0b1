// The code ptxas writes around a hardware case's texture instruction, interpreted from cuobjdump's
// text one warp at a time: which input word each register holds and which register each result
// word is stored from. Not a SASS model: only the forms the bundle's kernels use (cubin_glue.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>

#include "gen/cubin_listing.hpp"

namespace texsim::hwgen {

inline constexpr unsigned kGlueLanes = 32;
using GlueLanes = std::array<uint32_t, kGlueLanes>;

// What a register holds: per-lane values, or a pointer the kernel derives from its parameters
// (p_in / p_out at c[0x0][0x218] / c[0x0][0x220], then the lane's record: inputs + 64 i,
// results + 16 i; tests/hw/kernels/*.ptx).
enum class GlueTag : uint8_t { kLanes, kInBase, kOutBase, kInRecord, kOutRecord };

struct GlueValue {
  GlueTag tag = GlueTag::kLanes;
  GlueLanes v{};
};

struct GlueMachine {
  const uint32_t* inputs = nullptr;  // the warp's lookups' input records (16 words each)
  unsigned lanes = kGlueLanes;       // lanes with a lookup
  std::map<unsigned, GlueValue> r;   // R0..R254 known; absent: unknown
  std::map<unsigned, std::array<bool, kGlueLanes>> p;
  std::map<unsigned, uint32_t> ur;  // uniform registers known (the handle: 0)
  std::array<uint32_t, kGlueLanes * 4> stored{};
  unsigned stored_mask = 0;  // result words the kernel stored (bit k: word k)
  bool exited = false;

  // Runs one instruction other than the texture instruction; "" or why the case is out of
  // reach (an instruction this interpreter does not know that feeds a result, a CALL, ...).
  std::string step(const ListedInstruction& in);
};

// "R12" / "R11.reuse" -> 12, "RZ" -> 255; -1 for anything else.
int glue_register(const std::string& operand);

}  // namespace texsim::hwgen
