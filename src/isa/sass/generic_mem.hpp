// Helpers the mem family's field kinds share (generic_rows_mem*.cpp): hex texts, registers and
// nvdisasm's "[Ra+imm]" addresses, printed and parsed.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic::mem {

// How an address with base RZ prints: "[RZ]" at offset 0 and the unsigned offset otherwise
// (kRz), the unsigned offset always (kImm), the signed offset always (kSigned: LDC), or not at
// all (kNone: nvdisasm rejects the word).
enum class Zero : uint8_t { kRz, kImm, kSigned, kNone };

std::string hex(uint64_t v);
std::string signed_hex(uint64_t v, unsigned n);
std::optional<uint64_t> parse_hex(std::string_view t);
std::optional<uint64_t> parse_signed(std::string_view t, unsigned n);
std::optional<uint64_t> parse_reg(std::string_view t);  // "R12", "RZ" (255)
std::string reg(uint64_t v);
// "[R2]", "[R2+-0x4]", "[RZ]", "[0x10]" for base register ra and a w-bit offset imm.
std::string address(uint64_t ra, uint64_t imm, unsigned w, Zero zero);
// The base register and the w-bit offset of an address text (the printer checks the spelling).
std::optional<std::pair<uint64_t, uint64_t>> parse_address(std::string_view t, unsigned w);

// An address "[Ra+imm]" read from one field at bit 8: Ra is bits 15:8, the guard 19:16 lies in
// between (ignored here, 0 from the parser), the W-bit immediate starts Off bits above bit 8 and
// counts units of 1 << S bytes (ATOMS: 4). A register base makes the immediate signed; RZ prints
// the immediate alone (decisions GM2). W = 0: "[Ra]" only.
template <unsigned Off, unsigned W, unsigned S, Zero Z>
std::optional<std::string> addr_text(uint64_t v, const Ctx& /*ctx*/) {
  const uint64_t imm = W == 0 ? 0 : (v >> Off & ((uint64_t{1} << W) - 1)) << S;
  if (Z == Zero::kNone && (v & 0xff) == 255) return std::nullopt;
  return address(v & 0xff, imm, W + S, Z);
}
template <unsigned Off, unsigned W, unsigned S, Zero Z>
std::optional<uint64_t> addr_parse(std::string_view t, const Ctx& /*ctx*/) {
  const auto a = parse_address(t, W + S);
  if (!a || (a->second & ((uint64_t{1} << S) - 1)) != 0 || (W == 0 && a->second != 0))
    return std::nullopt;
  return a->first | (a->second >> S) << Off;
}
template <unsigned Off, unsigned W, unsigned S = 0, Zero Z = Zero::kRz>
inline constexpr CustomKind kAddrKind{W == 0 ? 8 : Off + W, addr_text<Off, W, S, Z>,
                                      addr_parse<Off, W, S, Z>};
template <unsigned Off, unsigned W, unsigned S = 0, Zero Z = Zero::kRz>
constexpr Opnd addr() {
  return {K::kCustom, 8, 0, 0, &kAddrKind<Off, W, S, Z>};
}

// A complemented 3-bit predicate destination at bits 43:41 (LDG, ATOM with a predicate): 0 is
// PT; no text on SM50 (nvdisasm -b SM50 rejects these forms) or without the architecture.
extern const CustomKind kPredInv;

// The rows of the mem family's second file (generic_rows_mem2.cpp): atomics and barriers.
std::span<const Row> atomic_rows();

}  // namespace texsim::isa::sass::generic::mem
