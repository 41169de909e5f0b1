// Helpers the mem family's field kinds share (generic_rows_mem*.cpp): hex texts, registers and
// nvdisasm's "[Ra+imm]" addresses, printed and parsed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic::mem {

// How an address with base RZ prints: "[RZ]" at offset 0 and the unsigned offset otherwise
// (kRz), the unsigned offset always (kImm), or the signed offset always (kSigned: LDC).
enum class Zero : uint8_t { kRz, kImm, kSigned };

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

}  // namespace texsim::isa::sass::generic::mem
