// The rows of the format table (format_table.hpp), one per Format in enum order (checked at
// compile time), and the lookups over them.
#include "texunit/format_table.hpp"

#include <algorithm>
#include <cassert>

namespace texsim::texunit {
namespace {

using K = ChannelKind;

constexpr ChannelLayout kNo{};

constexpr ChannelLayout ch(unsigned offset, unsigned bits, ChannelKind kind) {
  return ChannelLayout{static_cast<uint8_t>(offset), static_cast<uint8_t>(bits), kind};
}

// UINT/SINT channels make the texel integer; everything else returns float32.
constexpr TexelKind result_kind_of(ChannelKind k) {
  return k == K::kUint ? TexelKind::kUint : k == K::kSint ? TexelKind::kSint : TexelKind::kFloat;
}

// An uncompressed format with an explicit layout (channels listed R, G, B, A).
constexpr FormatInfo row(Format f, std::string_view name, unsigned bytes,
                         std::array<ChannelLayout, 4> channels) {
  return FormatInfo{.format = f,
                    .name = name,
                    .bytes_per_block = static_cast<uint8_t>(bytes),
                    .block_width = 1,
                    .block_height = 1,
                    .channels = channels,
                    .result_kind = result_kind_of(channels[0].kind),
                    .compression = BlockCompression::kNone,
                    .is_depth = false,
                    .has_stencil = false};
}

// `count` channels of `bits` each, packed R, G, B, A upwards from bit 0 (the DXGI R..G..B..A
// naming lists components from the least significant bit).
constexpr FormatInfo uniform(Format f, std::string_view name, unsigned count, unsigned bits,
                             ChannelKind kind) {
  std::array<ChannelLayout, 4> c{};
  for (unsigned i = 0; i < count; ++i) c[i] = ch(i * bits, bits, kind);
  return row(f, name, count * bits / 8, c);
}

constexpr FormatInfo depth(Format f, std::string_view name, unsigned bytes, ChannelLayout r,
                           bool stencil) {
  FormatInfo info = row(f, name, bytes, {r, kNo, kNo, kNo});
  info.is_depth = true;
  info.has_stencil = stencil;
  return info;
}

// BCn rows: the channel kinds are the decoded kinds; `bits` is the endpoint / alpha precision
// (565 colour, 4-bit BC2 alpha, 8-bit BC3 alpha and BC4/BC5 endpoints) and `offset` is 0 — the
// block layout is the BC decoder's, not a per-texel bit string.
constexpr FormatInfo compressed(Format f, std::string_view name, unsigned bytes,
                                BlockCompression bc, std::array<ChannelLayout, 4> channels) {
  return FormatInfo{.format = f,
                    .name = name,
                    .bytes_per_block = static_cast<uint8_t>(bytes),
                    .block_width = 4,
                    .block_height = 4,
                    .channels = channels,
                    .result_kind = TexelKind::kFloat,
                    .compression = bc,
                    .is_depth = false,
                    .has_stencil = false};
}

constexpr std::array<ChannelLayout, 4> bc_colour(ChannelKind colour, unsigned alpha_bits) {
  return {ch(0, 5, colour), ch(0, 6, colour), ch(0, 5, colour), ch(0, alpha_bits, K::kUnorm)};
}

constexpr std::array<FormatInfo, static_cast<size_t>(Format::kCount)> kTable = {{
    uniform(Format::kR8_UNORM, "R8_UNORM", 1, 8, K::kUnorm),
    uniform(Format::kR8_SNORM, "R8_SNORM", 1, 8, K::kSnorm),
    uniform(Format::kR8_UINT, "R8_UINT", 1, 8, K::kUint),
    uniform(Format::kR8_SINT, "R8_SINT", 1, 8, K::kSint),
    uniform(Format::kR8G8_UNORM, "R8G8_UNORM", 2, 8, K::kUnorm),
    uniform(Format::kR8G8_SNORM, "R8G8_SNORM", 2, 8, K::kSnorm),
    uniform(Format::kR8G8_UINT, "R8G8_UINT", 2, 8, K::kUint),
    uniform(Format::kR8G8_SINT, "R8G8_SINT", 2, 8, K::kSint),
    uniform(Format::kR8G8B8A8_UNORM, "R8G8B8A8_UNORM", 4, 8, K::kUnorm),
    uniform(Format::kR8G8B8A8_SNORM, "R8G8B8A8_SNORM", 4, 8, K::kSnorm),
    uniform(Format::kR8G8B8A8_UINT, "R8G8B8A8_UINT", 4, 8, K::kUint),
    uniform(Format::kR8G8B8A8_SINT, "R8G8B8A8_SINT", 4, 8, K::kSint),
    // sRGB: colour channels decode through the sRGB curve, alpha stays UNORM (D3D11.3 §3.2.3.7).
    row(Format::kR8G8B8A8_UNORM_SRGB, "R8G8B8A8_UNORM_SRGB", 4,
        {ch(0, 8, K::kSrgb), ch(8, 8, K::kSrgb), ch(16, 8, K::kSrgb), ch(24, 8, K::kUnorm)}),
    row(Format::kB8G8R8A8_UNORM, "B8G8R8A8_UNORM", 4,
        {ch(16, 8, K::kUnorm), ch(8, 8, K::kUnorm), ch(0, 8, K::kUnorm), ch(24, 8, K::kUnorm)}),
    row(Format::kB8G8R8A8_UNORM_SRGB, "B8G8R8A8_UNORM_SRGB", 4,
        {ch(16, 8, K::kSrgb), ch(8, 8, K::kSrgb), ch(0, 8, K::kSrgb), ch(24, 8, K::kUnorm)}),
    uniform(Format::kR16_UNORM, "R16_UNORM", 1, 16, K::kUnorm),
    uniform(Format::kR16_SNORM, "R16_SNORM", 1, 16, K::kSnorm),
    uniform(Format::kR16_UINT, "R16_UINT", 1, 16, K::kUint),
    uniform(Format::kR16_SINT, "R16_SINT", 1, 16, K::kSint),
    uniform(Format::kR16_FLOAT, "R16_FLOAT", 1, 16, K::kFloat),
    uniform(Format::kR16G16_UNORM, "R16G16_UNORM", 2, 16, K::kUnorm),
    uniform(Format::kR16G16_SNORM, "R16G16_SNORM", 2, 16, K::kSnorm),
    uniform(Format::kR16G16_UINT, "R16G16_UINT", 2, 16, K::kUint),
    uniform(Format::kR16G16_SINT, "R16G16_SINT", 2, 16, K::kSint),
    uniform(Format::kR16G16_FLOAT, "R16G16_FLOAT", 2, 16, K::kFloat),
    uniform(Format::kR16G16B16A16_UNORM, "R16G16B16A16_UNORM", 4, 16, K::kUnorm),
    uniform(Format::kR16G16B16A16_SNORM, "R16G16B16A16_SNORM", 4, 16, K::kSnorm),
    uniform(Format::kR16G16B16A16_UINT, "R16G16B16A16_UINT", 4, 16, K::kUint),
    uniform(Format::kR16G16B16A16_SINT, "R16G16B16A16_SINT", 4, 16, K::kSint),
    uniform(Format::kR16G16B16A16_FLOAT, "R16G16B16A16_FLOAT", 4, 16, K::kFloat),
    uniform(Format::kR32_UINT, "R32_UINT", 1, 32, K::kUint),
    uniform(Format::kR32_SINT, "R32_SINT", 1, 32, K::kSint),
    uniform(Format::kR32_FLOAT, "R32_FLOAT", 1, 32, K::kFloat),
    uniform(Format::kR32G32_UINT, "R32G32_UINT", 2, 32, K::kUint),
    uniform(Format::kR32G32_SINT, "R32G32_SINT", 2, 32, K::kSint),
    uniform(Format::kR32G32_FLOAT, "R32G32_FLOAT", 2, 32, K::kFloat),
    uniform(Format::kR32G32B32_UINT, "R32G32B32_UINT", 3, 32, K::kUint),
    uniform(Format::kR32G32B32_SINT, "R32G32B32_SINT", 3, 32, K::kSint),
    uniform(Format::kR32G32B32_FLOAT, "R32G32B32_FLOAT", 3, 32, K::kFloat),
    uniform(Format::kR32G32B32A32_UINT, "R32G32B32A32_UINT", 4, 32, K::kUint),
    uniform(Format::kR32G32B32A32_SINT, "R32G32B32A32_SINT", 4, 32, K::kSint),
    uniform(Format::kR32G32B32A32_FLOAT, "R32G32B32A32_FLOAT", 4, 32, K::kFloat),
    row(Format::kR10G10B10A2_UNORM, "R10G10B10A2_UNORM", 4,
        {ch(0, 10, K::kUnorm), ch(10, 10, K::kUnorm), ch(20, 10, K::kUnorm), ch(30, 2, K::kUnorm)}),
    row(Format::kR10G10B10A2_UINT, "R10G10B10A2_UINT", 4,
        {ch(0, 10, K::kUint), ch(10, 10, K::kUint), ch(20, 10, K::kUint), ch(30, 2, K::kUint)}),
    // Unsigned small floats: 11 bits = 5e6m, 10 bits = 5e5m, bias 15 (D3D11.3 §3.1, 11-bit and
    // 10-bit floating point).
    row(Format::kR11G11B10_FLOAT, "R11G11B10_FLOAT", 4,
        {ch(0, 11, K::kFloat), ch(11, 11, K::kFloat), ch(22, 10, K::kFloat), kNo}),
    // Three 9-bit mantissas; the shared 5-bit exponent sits in bits 31:27 (kSharedExponent).
    row(Format::kR9G9B9E5_SHAREDEXP, "R9G9B9E5_SHAREDEXP", 4,
        {ch(0, 9, K::kSharedExp), ch(9, 9, K::kSharedExp), ch(18, 9, K::kSharedExp), kNo}),
    row(Format::kB5G6R5_UNORM, "B5G6R5_UNORM", 2,
        {ch(11, 5, K::kUnorm), ch(5, 6, K::kUnorm), ch(0, 5, K::kUnorm), kNo}),
    row(Format::kB5G5R5A1_UNORM, "B5G5R5A1_UNORM", 2,
        {ch(10, 5, K::kUnorm), ch(5, 5, K::kUnorm), ch(0, 5, K::kUnorm), ch(15, 1, K::kUnorm)}),
    row(Format::kB4G4R4A4_UNORM, "B4G4R4A4_UNORM", 2,
        {ch(8, 4, K::kUnorm), ch(4, 4, K::kUnorm), ch(0, 4, K::kUnorm), ch(12, 4, K::kUnorm)}),
    depth(Format::kD16_UNORM, "D16_UNORM", 2, ch(0, 16, K::kUnorm), false),
    // Depth in bits 23:0; stencil (bits 31:24) is not returned through R, G, B or A.
    depth(Format::kD24_UNORM_S8_UINT, "D24_UNORM_S8_UINT", 4, ch(0, 24, K::kUnorm), true),
    depth(Format::kD32_FLOAT, "D32_FLOAT", 4, ch(0, 32, K::kFloat), false),
    compressed(Format::kBC1_UNORM, "BC1_UNORM", 8, BlockCompression::kBC1, bc_colour(K::kUnorm, 1)),
    compressed(Format::kBC1_UNORM_SRGB, "BC1_UNORM_SRGB", 8, BlockCompression::kBC1,
               bc_colour(K::kSrgb, 1)),
    compressed(Format::kBC2_UNORM, "BC2_UNORM", 16, BlockCompression::kBC2,
               bc_colour(K::kUnorm, 4)),
    compressed(Format::kBC2_UNORM_SRGB, "BC2_UNORM_SRGB", 16, BlockCompression::kBC2,
               bc_colour(K::kSrgb, 4)),
    compressed(Format::kBC3_UNORM, "BC3_UNORM", 16, BlockCompression::kBC3,
               bc_colour(K::kUnorm, 8)),
    compressed(Format::kBC3_UNORM_SRGB, "BC3_UNORM_SRGB", 16, BlockCompression::kBC3,
               bc_colour(K::kSrgb, 8)),
    compressed(Format::kBC4_UNORM, "BC4_UNORM", 8, BlockCompression::kBC4,
               {ch(0, 8, K::kUnorm), kNo, kNo, kNo}),
    compressed(Format::kBC4_SNORM, "BC4_SNORM", 8, BlockCompression::kBC4,
               {ch(0, 8, K::kSnorm), kNo, kNo, kNo}),
    compressed(Format::kBC5_UNORM, "BC5_UNORM", 16, BlockCompression::kBC5,
               {ch(0, 8, K::kUnorm), ch(0, 8, K::kUnorm), kNo, kNo}),
    compressed(Format::kBC5_SNORM, "BC5_SNORM", 16, BlockCompression::kBC5,
               {ch(0, 8, K::kSnorm), ch(0, 8, K::kSnorm), kNo, kNo}),
}};

constexpr bool rows_in_enum_order() {
  for (size_t i = 0; i < kTable.size(); ++i) {
    if (static_cast<size_t>(kTable[i].format) != i) return false;
  }
  return true;
}
static_assert(rows_in_enum_order(), "kTable rows must follow the Format enum order");

}  // namespace

unsigned FormatInfo::present_mask() const {
  unsigned mask = 0;
  for (unsigned c = 0; c < 4; ++c) {
    if (channels[c].kind != K::kNone) mask |= 1u << c;
  }
  return mask;
}

bool FormatInfo::is_srgb() const {
  return std::any_of(channels.begin(), channels.end(),
                     [](const ChannelLayout& c) { return c.kind == K::kSrgb; });
}

const FormatInfo& format_info(Format f) {
  const auto i = static_cast<size_t>(f);
  assert(i < kTable.size());
  return kTable[std::min(i, kTable.size() - 1)];
}

std::span<const FormatInfo> all_formats() {
  return kTable;
}

}  // namespace texsim::texunit
