// Surface formats: the table (format_table.hpp) and names (format_names.hpp) this header offers
// with them, and exact decode/encode of one texel (format.cpp). Depends on core only.
#pragma once

#include <cstdint>

#include "texunit/format_names.hpp"
#include "texunit/format_table.hpp"
#include "texunit/texel.hpp"

namespace texsim::texunit {

// Decodes one texel. For uncompressed formats `block` points at the texel; for BCn at the
// 4x4 block, and (x_in_block, y_in_block) pick the texel. Exact: UNORM/SNORM are correctly
// rounded quotients, float bits pass through (binary16 widened exactly), missing components
// take their defaults.
Texel decode_texel(Format f, const uint8_t* block, unsigned x_in_block = 0,
                   unsigned y_in_block = 0);

// Encodes a value into one texel of an uncompressed format. Float/UNORM/SNORM/SRGB channels
// read value.f(c) (converted with D3D rules: NaN -> 0, clamp, round to nearest even); integer
// channels read value.bits[c] and saturate to the channel's range when `kind` is integer.
// Returns false for compressed formats (whose data comes as raw blocks).
bool encode_texel(Format f, const Texel& value, uint8_t* out);

}  // namespace texsim::texunit
