// Surface descriptions, their validation, the documented linear layout, MCS helpers and owning
// storage. Depends on format and core only; knows nothing of fetch or of any ISA.
#include "texunit/surface.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <string>
#include <utility>

namespace texsim::texunit {
namespace {

constexpr std::array<std::string_view, 7> kTypeNames = {"1D", "1D_ARRAY", "2D",        "2D_ARRAY",
                                                        "3D", "CUBE",     "CUBE_ARRAY"};

bool is_1d(SurfaceType t) {
  return t == SurfaceType::k1D || t == SurfaceType::k1DArray;
}
bool is_cube(SurfaceType t) {
  return t == SurfaceType::kCube || t == SurfaceType::kCubeArray;
}

// D3D11 resource limits (d3d11.h D3D11_REQ_* constants; D3D11_TEXTURE{1D,2D,3D}_DESC).
constexpr uint32_t kMax1D = 16384;        // D3D11_REQ_TEXTURE1D_U_DIMENSION
constexpr uint32_t kMax2D = 16384;        // D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION
constexpr uint32_t kMax3D = 2048;         // D3D11_REQ_TEXTURE3D_U_V_OR_W_DIMENSION
constexpr uint32_t kMaxCube = 16384;      // D3D11_REQ_TEXTURECUBE_DIMENSION
constexpr uint32_t kMaxArray = 2048;      // D3D11_REQ_TEXTURE{1D,2D}_ARRAY_AXIS_DIMENSION
constexpr uint32_t kMaxCubes = 2048 / 6;  // a cube array's 6*N faces share the 2048-slice axis

constexpr std::string_view kLimitsCite = "d3d11.h, D3D11_REQ_TEXTURE*_DIMENSION limits";

uint32_t max_extent(SurfaceType t) {
  switch (t) {
    case SurfaceType::k1D:
    case SurfaceType::k1DArray:
      return kMax1D;
    case SurfaceType::k2D:
    case SurfaceType::k2DArray:
      return kMax2D;
    case SurfaceType::k3D:
      return kMax3D;
    case SurfaceType::kCube:
    case SurfaceType::kCubeArray:
      return kMaxCube;
  }
  return 0;
}

std::string range_msg(std::string_view what, uint64_t lo, uint64_t hi, uint64_t got) {
  return std::string(what) + " must be in [" + std::to_string(lo) + ", " + std::to_string(hi) +
         "], got " + std::to_string(got);
}

uint64_t ceil_div(uint64_t a, uint64_t b) {
  return (a + b - 1) / b;
}

// Saturating products/sums for the budget check of unvalidated descriptions.
constexpr uint64_t kSat = ~uint64_t{0};
uint64_t sat_mul(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? kSat : r;
}
uint64_t sat_add(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  return __builtin_add_overflow(a, b, &r) ? kSat : r;
}

// Slices of one mip level as the layout stacks them: z extent for 3D, array slices otherwise.
uint64_t level_slices(const SurfaceDesc& d, uint32_t level) {
  return d.type == SurfaceType::k3D ? mip_extent(d.depth, level) : uint64_t{d.slices()};
}

}  // namespace

std::string_view surface_type_name(SurfaceType t) {
  const auto i = static_cast<size_t>(t);
  return i < kTypeNames.size() ? kTypeNames[i] : std::string_view("?");
}

std::optional<SurfaceType> surface_type_from_name(std::string_view name) {
  for (size_t i = 0; i < kTypeNames.size(); ++i) {
    if (core::iequals(name, kTypeNames[i])) return static_cast<SurfaceType>(i);
  }
  return std::nullopt;
}

uint32_t SurfaceDesc::slices() const {
  return is_cube(type) ? 6 * layers : layers;
}

bool SurfaceDesc::is_array() const {
  return type == SurfaceType::k1DArray || type == SurfaceType::k2DArray ||
         type == SurfaceType::kCubeArray;
}

unsigned SurfaceDesc::coord_dims() const {
  if (is_1d(type)) return 1;
  return type == SurfaceType::k3D ? 3 : 2;
}

uint32_t mip_extent(uint32_t size, uint32_t level) {
  if (level >= 32) return 1;
  return std::max<uint32_t>(1, size >> level);
}

std::array<uint32_t, 4> size_query(const SurfaceDesc& d, uint32_t lod) {
  using T = SurfaceType;
  std::array<uint32_t, 4> out{0, 0, 0, d.mips};
  const bool in_range = lod < d.mips;
  auto extent = [&](uint32_t size) { return in_range ? mip_extent(size, lod) : 0u; };
  out[0] = extent(d.width);
  switch (d.type) {
    case T::k1D:
      break;
    case T::k1DArray:
      out[1] = d.layers;
      break;
    case T::k2D:
    case T::kCube:
      out[1] = extent(d.height);
      break;
    case T::k2DArray:
    case T::kCubeArray:  // layers counts cubes for cube arrays
      out[1] = extent(d.height);
      out[2] = d.layers;
      break;
    case T::k3D:
      out[1] = extent(d.height);
      out[2] = extent(d.depth);
      break;
  }
  return out;
}

uint32_t full_mip_count(uint32_t width, uint32_t height, uint32_t depth) {
  // floor(log2(max)) + 1; 0 for an all-zero extent.
  return static_cast<uint32_t>(std::bit_width(std::max({width, height, depth})));
}

namespace {

// Reports one error of the description being validated, at its location.
struct DescErrors {
  core::DiagSink& sink;
  core::Location loc;
  void operator()(std::string_view rule, std::string msg, std::string_view cite) const {
    sink.error(std::string(rule), loc, std::move(msg), std::string(cite));
  }
};

// Extents per type (d3d11.h limits). 1D: height = depth = 1; cube faces square; non-3D:
// depth = 1; non-array: layers = 1.
void check_extents(const SurfaceDesc& d, const DescErrors& err) {
  const std::string type_name(surface_type_name(d.type));
  const uint32_t max_dim = max_extent(d.type);
  if (d.width < 1 || d.width > max_dim) {
    err("TEXUNIT-SURFACE-SIZE",
        range_msg("width", 1, max_dim, d.width) + " for a " + type_name + " surface", kLimitsCite);
  }
  if (is_1d(d.type)) {
    if (d.height != 1) {
      err("TEXUNIT-SURFACE-SIZE",
          range_msg("height", 1, 1, d.height) + " for a " + type_name + " surface", kLimitsCite);
    }
  } else if (is_cube(d.type)) {
    if (d.height != d.width) {
      err("TEXUNIT-SURFACE-CUBE-SQUARE",
          "cube faces must be square: height must equal width (" + std::to_string(d.width) +
              "), got " + std::to_string(d.height),
          "d3d11.h, D3D11_REQ_TEXTURECUBE_DIMENSION (square faces)");
    }
  } else if (d.height < 1 || d.height > max_dim) {
    err("TEXUNIT-SURFACE-SIZE",
        range_msg("height", 1, max_dim, d.height) + " for a " + type_name + " surface",
        kLimitsCite);
  }
  if (d.type == SurfaceType::k3D) {
    if (d.depth < 1 || d.depth > max_dim) {
      err("TEXUNIT-SURFACE-SIZE",
          range_msg("depth", 1, max_dim, d.depth) + " for a " + type_name + " surface",
          kLimitsCite);
    }
  } else if (d.depth != 1) {
    err("TEXUNIT-SURFACE-SIZE",
        range_msg("depth", 1, 1, d.depth) + " for a " + type_name + " surface", kLimitsCite);
  }
  uint32_t max_layers = 1;
  if (d.type == SurfaceType::k1DArray || d.type == SurfaceType::k2DArray) max_layers = kMaxArray;
  if (d.type == SurfaceType::kCubeArray) max_layers = kMaxCubes;
  const std::string_view what = is_cube(d.type) ? "layers (cubes)" : "layers";
  if (d.layers < 1 || d.layers > max_layers) {
    err("TEXUNIT-SURFACE-SIZE",
        range_msg(what, 1, max_layers, d.layers) + " for a " + type_name + " surface", kLimitsCite);
  }
}

bool samples_valid(uint32_t samples) {
  return samples == 1 || samples == 2 || samples == 4 || samples == 8 || samples == 16;
}

// Multisampling: D3D11_TEXTURE2D_DESC, SampleDesc and MipLevels ("Use 1 for a multisampled
// texture"); only 2D and 2D array resources have a SampleDesc.
void check_samples(const SurfaceDesc& d, bool format_ok, const DescErrors& err) {
  if (!samples_valid(d.samples)) {
    err("TEXUNIT-SURFACE-SAMPLES",
        "samples must be one of 1, 2, 4, 8, 16, got " + std::to_string(d.samples),
        "D3D11_TEXTURE2D_DESC, SampleDesc.Count");
  }
  if (d.samples <= 1) return;
  if (d.type != SurfaceType::k2D && d.type != SurfaceType::k2DArray) {
    err("TEXUNIT-SURFACE-MSAA-TYPE",
        "samples > 1 requires a 2D or 2D_ARRAY surface, got " +
            std::string(surface_type_name(d.type)) + " with samples " + std::to_string(d.samples),
        "D3D11_TEXTURE2D_DESC, SampleDesc");
  }
  if (d.mips != 1) {
    err("TEXUNIT-SURFACE-MSAA-MIPS",
        range_msg("mips", 1, 1, d.mips) + " for a surface with samples " +
            std::to_string(d.samples),
        "D3D11_TEXTURE2D_DESC, MipLevels (1 for a multisampled texture)");
  }
  if (format_ok && format_info(d.format).is_compressed()) {
    err("TEXUNIT-SURFACE-MSAA-FORMAT",
        "samples > 1 requires an uncompressed format, got " +
            std::string(format_info(d.format).name) + " with samples " + std::to_string(d.samples),
        "DXGI format support: BCn formats are not multisample-capable");
  }
}

// The full mip chain of the largest extent (1D: width only; non-3D: no depth).
struct MipChain {
  uint32_t height = 1, depth = 1;
  uint32_t full = 0;     // levels of the full chain
  bool nonzero = false;  // every extent and the layer count are at least 1
};

MipChain mip_chain(const SurfaceDesc& d) {
  MipChain c;
  c.height = is_1d(d.type) ? 1 : d.height;
  c.depth = d.type == SurfaceType::k3D ? d.depth : 1;
  c.full = full_mip_count(d.width, c.height, c.depth);
  c.nonzero = d.width != 0 && c.height != 0 && c.depth != 0 && d.layers != 0;
  return c;
}

// Mip count within the full chain (D3D11_TEXTURE2D_DESC, MipLevels).
void check_mips(const SurfaceDesc& d, const MipChain& chain, const DescErrors& err) {
  if (chain.nonzero && (d.mips < 1 || d.mips > chain.full)) {
    err("TEXUNIT-SURFACE-MIPS",
        range_msg("mips", 1, chain.full, d.mips) + " for a " + std::to_string(d.width) + "x" +
            std::to_string(chain.height) + "x" + std::to_string(chain.depth) + " surface",
        "D3D11_TEXTURE2D_DESC, MipLevels");
  } else if (!chain.nonzero && d.mips < 1) {
    err("TEXUNIT-SURFACE-MIPS", range_msg("mips", 1, 1, d.mips), "D3D11_TEXTURE2D_DESC, MipLevels");
  }
}

// Byte budget, computed with saturation so that absurd descriptions cannot overflow.
void check_budget(const SurfaceDesc& d, const MipChain& chain, uint64_t max_bytes,
                  const DescErrors& err) {
  const FormatInfo& fi = format_info(d.format);
  const uint32_t levels = std::min(d.mips, chain.full);
  uint64_t plane = 0;
  for (uint32_t l = 0; l < levels; ++l) {
    const uint64_t bx = ceil_div(mip_extent(d.width, l), fi.block_width);
    const uint64_t by = ceil_div(mip_extent(chain.height, l), fi.block_height);
    const uint64_t slices = d.type == SurfaceType::k3D ? uint64_t{mip_extent(d.depth, l)}
                            : is_cube(d.type)          ? uint64_t{6} * d.layers
                                                       : uint64_t{d.layers};
    plane = sat_add(plane, sat_mul(sat_mul(sat_mul(bx, by), fi.bytes_per_block), slices));
  }
  const uint64_t total = sat_mul(plane, samples_valid(d.samples) ? d.samples : 1);
  if (total > max_bytes) {
    err("TEXUNIT-SURFACE-BUDGET",
        "surface size must be at most " + std::to_string(max_bytes) + " bytes, got " +
            (total == kSat ? std::string("more than 2^64 - 1") : std::to_string(total)),
        "texsim limit (validate_surface_desc max_bytes)");
  }
}

}  // namespace

bool validate_surface_desc(const SurfaceDesc& d, core::DiagSink& sink, core::Location loc,
                           uint64_t max_bytes) {
  const size_t errors_before = sink.error_count();
  const DescErrors err{sink, std::move(loc)};
  const bool format_ok = static_cast<uint16_t>(d.format) < static_cast<uint16_t>(Format::kCount);
  if (!format_ok) {
    err("TEXUNIT-SURFACE-FORMAT",
        range_msg("format", 0, static_cast<uint16_t>(Format::kCount) - 1u,
                  static_cast<uint16_t>(d.format)),
        "format.hpp, Format");
  }
  check_extents(d, err);
  check_samples(d, format_ok, err);
  const MipChain chain = mip_chain(d);
  check_mips(d, chain, err);
  if (format_ok && chain.nonzero && d.mips >= 1) check_budget(d, chain, max_bytes, err);
  return sink.error_count() == errors_before;
}

// Linear layout (surface.hpp; interface.md "hex"/"texels" order): sample plane, mip level,
// slice or z, block row, block. Tightly packed, no alignment padding.
SurfaceLayout linear_layout(const SurfaceDesc& d) {
  const FormatInfo& fi = format_info(d.format);
  SurfaceLayout out;
  out.levels.reserve(d.mips);
  uint64_t offset = 0;
  for (uint32_t l = 0; l < d.mips; ++l) {
    LevelLayout lv;
    lv.offset = offset;
    lv.width = mip_extent(d.width, l);
    lv.height = is_1d(d.type) ? 1 : mip_extent(d.height, l);
    lv.depth = d.type == SurfaceType::k3D ? mip_extent(d.depth, l) : 1;
    lv.row_pitch = ceil_div(lv.width, fi.block_width) * fi.bytes_per_block;
    lv.slice_pitch = lv.row_pitch * ceil_div(lv.height, fi.block_height);
    offset += lv.slice_pitch * level_slices(d, l);
    out.levels.push_back(lv);
  }
  out.sample_pitch = offset;
  out.total_bytes = offset * d.samples;
  return out;
}

uint64_t texel_byte_offset(const SurfaceDesc& d, const SurfaceLayout& layout, uint32_t sample,
                           uint32_t level, uint32_t slice_or_z, uint32_t x, uint32_t y) {
  assert(level < layout.levels.size());
  assert(sample < d.samples);
  const LevelLayout& lv = layout.levels[level];
  assert(x < lv.width && y < lv.height);
  assert(slice_or_z < (d.type == SurfaceType::k3D ? lv.depth : d.slices()));
  const FormatInfo& fi = format_info(d.format);
  return uint64_t{sample} * layout.sample_pitch + lv.offset +
         uint64_t{slice_or_z} * lv.slice_pitch + uint64_t{y / fi.block_height} * lv.row_pitch +
         uint64_t{x / fi.block_width} * fi.bytes_per_block;
}

bool NullRegion::contains(uint32_t lvl, uint32_t slice_or_z, uint32_t tx, uint32_t ty) const {
  // 64-bit ends: a region may reach the top of the 32-bit range without wrapping.
  return lvl == level && slice_or_z >= first_slice &&
         uint64_t{slice_or_z} < uint64_t{first_slice} + slice_count && tx >= x &&
         uint64_t{tx} < uint64_t{x} + width && ty >= y && uint64_t{ty} < uint64_t{y} + height;
}

// MCS encodings: see surface.hpp (Intel MCS, bits per sample 1/2/4/4).
unsigned mcs_bits_per_sample(uint32_t samples) {
  switch (samples) {
    case 2:
      return 1;
    case 4:
      return 2;
    case 8:
    case 16:
      return 4;
    default:
      return 0;
  }
}

unsigned mcs_width_bits(uint32_t samples) {
  switch (samples) {
    case 2:
    case 4:
      return 8;
    case 8:
      return 32;
    case 16:
      return 64;
    default:
      return 0;
  }
}

uint64_t mcs_clear_value(uint32_t samples) {
  const unsigned w = mcs_width_bits(samples);
  if (w == 0) return 0;
  return w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
}

std::optional<uint32_t> mcs_fragment(uint64_t mcs, uint32_t sample, uint32_t samples) {
  const unsigned b = mcs_bits_per_sample(samples);
  if (b == 0) return 0;
  const uint64_t clear = mcs_clear_value(samples);
  if ((mcs & clear) == clear) return std::nullopt;
  assert(sample < samples);
  return static_cast<uint32_t>((mcs >> (sample * b)) & ((uint64_t{1} << b) - 1));
}

uint64_t mcs_identity_value(uint32_t samples) {
  const unsigned b = mcs_bits_per_sample(samples);
  uint64_t v = 0;
  if (b == 0) return 0;
  for (uint32_t s = 0; s < samples; ++s) v |= uint64_t{s} << (s * b);
  return v;
}

Surface::Surface(const SurfaceDesc& d) : desc_(d), layout_(linear_layout(d)) {
  bytes_.assign(static_cast<size_t>(layout_.total_bytes), 0);
}

uint8_t* Surface::texel_ptr(uint32_t sample, uint32_t level, uint32_t slice_or_z, uint32_t x,
                            uint32_t y) {
  return bytes_.data() + texel_byte_offset(desc_, layout_, sample, level, slice_or_z, x, y);
}

const uint8_t* Surface::texel_ptr(uint32_t sample, uint32_t level, uint32_t slice_or_z, uint32_t x,
                                  uint32_t y) const {
  return bytes_.data() + texel_byte_offset(desc_, layout_, sample, level, slice_or_z, x, y);
}

bool Surface::write_texel(uint32_t sample, uint32_t level, uint32_t slice_or_z, uint32_t x,
                          uint32_t y, const Texel& value) {
  if (sample >= desc_.samples || level >= layout_.levels.size()) return false;
  const LevelLayout& lv = layout_.levels[level];
  const uint32_t slices = desc_.type == SurfaceType::k3D ? lv.depth : desc_.slices();
  if (x >= lv.width || y >= lv.height || slice_or_z >= slices) return false;
  const FormatInfo& fi = format_info(desc_.format);
  if (fi.is_compressed()) return false;
  // Encode into a scratch texel first so that a refused value leaves the surface untouched.
  std::array<uint8_t, 16> tmp{};
  if (!encode_texel(desc_.format, value, tmp.data())) return false;
  std::copy_n(tmp.begin(), fi.bytes_per_block, texel_ptr(sample, level, slice_or_z, x, y));
  return true;
}

bool Surface::fill(const Texel& value) {
  const FormatInfo& fi = format_info(desc_.format);
  if (fi.is_compressed()) return false;
  std::array<uint8_t, 16> tmp{};
  if (!encode_texel(desc_.format, value, tmp.data())) return false;
  for (uint32_t smp = 0; smp < desc_.samples; ++smp) {
    for (uint32_t l = 0; l < layout_.levels.size(); ++l) {
      const LevelLayout& lv = layout_.levels[l];
      const uint32_t slices = desc_.type == SurfaceType::k3D ? lv.depth : desc_.slices();
      for (uint32_t z = 0; z < slices; ++z)
        for (uint32_t y = 0; y < lv.height; ++y)
          for (uint32_t x = 0; x < lv.width; ++x)
            std::copy_n(tmp.begin(), fi.bytes_per_block, texel_ptr(smp, l, z, x, y));
    }
  }
  return true;
}

void Surface::enable_mcs() {
  const size_t n = size_t{desc_.width} * desc_.height * desc_.slices();
  mcs_.assign(n, mcs_identity_value(desc_.samples));
}

void Surface::set_mcs(uint32_t x, uint32_t y, uint32_t slice, uint64_t value) {
  assert(has_mcs() && x < desc_.width && y < desc_.height && slice < desc_.slices());
  mcs_[(size_t{slice} * desc_.height + y) * desc_.width + x] = value;
}

uint64_t Surface::mcs_at(uint32_t x, uint32_t y, uint32_t slice) const {
  assert(has_mcs() && x < desc_.width && y < desc_.height && slice < desc_.slices());
  return mcs_[(size_t{slice} * desc_.height + y) * desc_.width + x];
}

SurfaceView Surface::view() const {
  return SurfaceView{desc_, layout_, bytes_, mcs_, clear_color_, null_regions_};
}

}  // namespace texsim::texunit
