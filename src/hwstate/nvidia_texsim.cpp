// TIC/TSC <-> texsim. The format rows pair a header's COMPONENTS and data type with a texsim
// format (the component orders follow nouveau's nv50_formats.c / NVK's nil_format_table.c: NVIDIA
// names components from the most significant bits, DXGI from the least: A8B8G8R8 is
// R8G8B8A8). Field names are the open-gpu-doc header's; decisions DS5..DS7.
#include "hwstate/nvidia_texsim.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/text.hpp"

namespace texsim::hwstate::nvidia {

namespace {

using texunit::Format;

struct FormatRow {
  std::string_view components;  // COMPONENTS value name
  std::string_view data_type;   // V1 R_DATA_TYPE value name (the format's channels share it)
  bool srgb;
  Format format;
};

constexpr FormatRow kFormats[] = {
    {"SIZES_R8", "NUM_UNORM", false, Format::kR8_UNORM},
    {"SIZES_R8", "NUM_SNORM", false, Format::kR8_SNORM},
    {"SIZES_R8", "NUM_UINT", false, Format::kR8_UINT},
    {"SIZES_R8", "NUM_SINT", false, Format::kR8_SINT},
    {"SIZES_G8R8", "NUM_UNORM", false, Format::kR8G8_UNORM},
    {"SIZES_G8R8", "NUM_SNORM", false, Format::kR8G8_SNORM},
    {"SIZES_G8R8", "NUM_UINT", false, Format::kR8G8_UINT},
    {"SIZES_G8R8", "NUM_SINT", false, Format::kR8G8_SINT},
    {"SIZES_A8B8G8R8", "NUM_UNORM", false, Format::kR8G8B8A8_UNORM},
    {"SIZES_A8B8G8R8", "NUM_UNORM", true, Format::kR8G8B8A8_UNORM_SRGB},
    {"SIZES_A8B8G8R8", "NUM_SNORM", false, Format::kR8G8B8A8_SNORM},
    {"SIZES_A8B8G8R8", "NUM_UINT", false, Format::kR8G8B8A8_UINT},
    {"SIZES_A8B8G8R8", "NUM_SINT", false, Format::kR8G8B8A8_SINT},
    {"SIZES_R16", "NUM_UNORM", false, Format::kR16_UNORM},
    {"SIZES_R16", "NUM_SNORM", false, Format::kR16_SNORM},
    {"SIZES_R16", "NUM_UINT", false, Format::kR16_UINT},
    {"SIZES_R16", "NUM_SINT", false, Format::kR16_SINT},
    {"SIZES_R16", "NUM_FLOAT", false, Format::kR16_FLOAT},
    {"SIZES_R16_G16", "NUM_UNORM", false, Format::kR16G16_UNORM},
    {"SIZES_R16_G16", "NUM_SNORM", false, Format::kR16G16_SNORM},
    {"SIZES_R16_G16", "NUM_UINT", false, Format::kR16G16_UINT},
    {"SIZES_R16_G16", "NUM_SINT", false, Format::kR16G16_SINT},
    {"SIZES_R16_G16", "NUM_FLOAT", false, Format::kR16G16_FLOAT},
    {"SIZES_R16_G16_B16_A16", "NUM_UNORM", false, Format::kR16G16B16A16_UNORM},
    {"SIZES_R16_G16_B16_A16", "NUM_SNORM", false, Format::kR16G16B16A16_SNORM},
    {"SIZES_R16_G16_B16_A16", "NUM_UINT", false, Format::kR16G16B16A16_UINT},
    {"SIZES_R16_G16_B16_A16", "NUM_SINT", false, Format::kR16G16B16A16_SINT},
    {"SIZES_R16_G16_B16_A16", "NUM_FLOAT", false, Format::kR16G16B16A16_FLOAT},
    {"SIZES_R32", "NUM_UINT", false, Format::kR32_UINT},
    {"SIZES_R32", "NUM_SINT", false, Format::kR32_SINT},
    {"SIZES_R32", "NUM_FLOAT", false, Format::kR32_FLOAT},
    {"SIZES_R32_G32", "NUM_UINT", false, Format::kR32G32_UINT},
    {"SIZES_R32_G32", "NUM_SINT", false, Format::kR32G32_SINT},
    {"SIZES_R32_G32", "NUM_FLOAT", false, Format::kR32G32_FLOAT},
    {"SIZES_R32_G32_B32", "NUM_UINT", false, Format::kR32G32B32_UINT},
    {"SIZES_R32_G32_B32", "NUM_SINT", false, Format::kR32G32B32_SINT},
    {"SIZES_R32_G32_B32", "NUM_FLOAT", false, Format::kR32G32B32_FLOAT},
    {"SIZES_R32_G32_B32_A32", "NUM_UINT", false, Format::kR32G32B32A32_UINT},
    {"SIZES_R32_G32_B32_A32", "NUM_SINT", false, Format::kR32G32B32A32_SINT},
    {"SIZES_R32_G32_B32_A32", "NUM_FLOAT", false, Format::kR32G32B32A32_FLOAT},
    {"SIZES_A2B10G10R10", "NUM_UNORM", false, Format::kR10G10B10A2_UNORM},
    {"SIZES_A2B10G10R10", "NUM_UINT", false, Format::kR10G10B10A2_UINT},
    {"SIZES_BF10GF11RF11", "NUM_FLOAT", false, Format::kR11G11B10_FLOAT},
    {"SIZES_E5B9G9R9_SHAREDEXP", "NUM_FLOAT", false, Format::kR9G9B9E5_SHAREDEXP},
    {"SIZES_Z16", "NUM_UNORM", false, Format::kD16_UNORM},
    {"SIZES_ZF32", "NUM_FLOAT", false, Format::kD32_FLOAT},
    {"SIZES_DXT1", "NUM_UNORM", false, Format::kBC1_UNORM},
    {"SIZES_DXT1", "NUM_UNORM", true, Format::kBC1_UNORM_SRGB},
    {"SIZES_DXT23", "NUM_UNORM", false, Format::kBC2_UNORM},
    {"SIZES_DXT23", "NUM_UNORM", true, Format::kBC2_UNORM_SRGB},
    {"SIZES_DXT45", "NUM_UNORM", false, Format::kBC3_UNORM},
    {"SIZES_DXT45", "NUM_UNORM", true, Format::kBC3_UNORM_SRGB},
    {"SIZES_DXN1", "NUM_UNORM", false, Format::kBC4_UNORM},
    {"SIZES_DXN1", "NUM_SNORM", false, Format::kBC4_SNORM},
    {"SIZES_DXN2", "NUM_UNORM", false, Format::kBC5_UNORM},
    {"SIZES_DXN2", "NUM_SNORM", false, Format::kBC5_SNORM},
};

// TEXTURE_TYPE value names -> texsim surface types (ONE_D_BUFFER and the HTEX types: none).
constexpr std::pair<std::string_view, texunit::SurfaceType> kTypes[] = {
    {"ONE_D", texunit::SurfaceType::k1D},
    {"TWO_D", texunit::SurfaceType::k2D},
    {"THREE_D", texunit::SurfaceType::k3D},
    {"CUBEMAP", texunit::SurfaceType::kCube},
    {"ONE_D_ARRAY", texunit::SurfaceType::k1DArray},
    {"TWO_D_ARRAY", texunit::SurfaceType::k2DArray},
    {"TWO_D_NO_MIPMAP", texunit::SurfaceType::k2D},
    {"CUBEMAP_ARRAY", texunit::SurfaceType::kCubeArray},
};

using Entry = DescriptorView;

std::string cite(const DescriptorType& t, std::string_view field) {
  return std::string(t.citation) + ", " + std::string(field);
}

// V2 headers have one DATA_TYPE for all components (TEX_DATA_TYPE_UNORM, ...) where V1 has
// R/G/B/A_DATA_TYPE (NUM_UNORM, ...); the same numeric type under the other prefix (TV3).
constexpr std::string_view kV1DataPrefix = "NUM_";
constexpr std::string_view kV2DataPrefix = "TEX_DATA_TYPE_";

std::string data_type_v1(const Entry& e) {
  if (!e.has("DATA_TYPE")) return std::string(e.name_of("R_DATA_TYPE"));
  const std::string_view v2 = e.name_of("DATA_TYPE");
  return v2.starts_with(kV2DataPrefix)
             ? std::string(kV1DataPrefix) + std::string(v2.substr(kV2DataPrefix.size()))
             : std::string(v2);
}

std::optional<Format> tic_format(const Entry& e, core::DiagSink& sink, const core::Location& loc) {
  const std::string_view comps = e.name_of("COMPONENTS");
  const std::string r = data_type_v1(e);
  const bool srgb = e.raw("S_R_G_B_CONVERSION") != 0;
  for (const FormatRow& row : kFormats)
    if (row.components == comps && row.data_type == r && row.srgb == srgb) return row.format;
  sink.error("TIC-TEXSIM", loc,
             "texsim has no format for COMPONENTS " + std::string(comps) + " with " +
                 (e.has("DATA_TYPE") ? "DATA_TYPE " + std::string(e.name_of("DATA_TYPE"))
                                     : "R_DATA_TYPE " + r) +
                 (srgb ? " and S_R_G_B_CONVERSION" : ""),
             cite(e.type, "COMPONENTS") + " (decision DS5)");
  return std::nullopt;
}

// The swizzle must be the identity on the format's channels and texsim's defaults elsewhere
// (G, B: IN_ZERO; A: IN_ONE_FLOAT or IN_ONE_INT).
bool tic_swizzle_ok(const Entry& e, Format f, core::DiagSink& sink, const core::Location& loc) {
  const unsigned present = texunit::format_info(f).present_mask();
  static constexpr std::array<std::string_view, 4> kSource{"X_SOURCE", "Y_SOURCE", "Z_SOURCE",
                                                           "W_SOURCE"};
  static constexpr std::array<std::string_view, 4> kIn{"IN_R", "IN_G", "IN_B", "IN_A"};
  bool ok = true;
  for (unsigned c = 0; c < 4; ++c) {
    const std::string_view got = e.name_of(kSource[c]);
    const bool has = (present >> c) & 1u;
    const bool fine = has     ? got == kIn[c]
                      : c < 3 ? got == "IN_ZERO"
                              : (got == "IN_ONE_FLOAT" || got == "IN_ONE_INT");
    if (fine) continue;
    ok = false;
    sink.error("TIC-TEXSIM", loc,
               std::string(kSource[c]) + " " + std::string(got) +
                   ": texsim models the identity swizzle only (" +
                   std::string(has     ? kIn[c]
                               : c < 3 ? "IN_ZERO"
                                       : "IN_ONE_FLOAT") +
                   " here)",
               cite(e.type, kSource[c]) + " (decision DS5)");
  }
  return ok;
}

}  // namespace

namespace {

std::optional<texunit::SurfaceType> tic_surface_type(const Entry& e, core::DiagSink& sink,
                                                     const core::Location& loc) {
  const std::string_view n = e.name_of("TEXTURE_TYPE");
  for (const auto& [name, type] : kTypes)
    if (name == n) return type;
  sink.error("TIC-TEXSIM", loc,
             "texsim has no surface type for TEXTURE_TYPE " + std::string(n) +
                 " (texture buffers and the HTEX types are not modelled)",
             cite(e.type, "TEXTURE_TYPE") + " (decision DS5)");
  return std::nullopt;
}

// Extent: WIDTH/HEIGHT/DEPTH_MINUS_ONE + 1; DEPTH_MINUS_ONE is the layer count of arrays and the
// cube count of cube arrays (nouveau nvc0_tex.c, NVK nil_image.c; decision DS6).
void tic_extent(const Entry& e, texunit::SurfaceDesc& d) {
  d.width = static_cast<uint32_t>(e.whole("WIDTH_MINUS_ONE") + 1);
  d.height = static_cast<uint32_t>(e.whole("HEIGHT_MINUS_ONE") + 1);
  const auto depth = static_cast<uint32_t>(e.whole("DEPTH_MINUS_ONE") + 1);
  using T = texunit::SurfaceType;
  d.depth = d.type == T::k3D ? depth : 1;
  d.layers =
      (d.type == T::k1DArray || d.type == T::k2DArray || d.type == T::kCubeArray) ? depth : 1;
  if (d.type == T::k1D || d.type == T::k1DArray) d.height = 1;
  d.mips = static_cast<uint32_t>(e.raw("MAX_MIP_LEVEL") + 1);
}

bool tic_placement(const Entry& e, TicSurface& out, core::DiagSink& sink,
                   const core::Location& loc) {
  TilingParams& t = out.placed.tiling;
  out.placed.base_address = e.whole("ADDRESS");
  if (e.has("GOBS_PER_BLOCK_HEIGHT")) {
    t.tiling = Tiling::kBlockLinear;
    t.block_width_log2 = static_cast<uint8_t>(e.raw("GOBS_PER_BLOCK_WIDTH"));
    t.block_height_log2 = static_cast<uint8_t>(e.raw("GOBS_PER_BLOCK_HEIGHT"));
    t.block_depth_log2 = static_cast<uint8_t>(e.raw("GOBS_PER_BLOCK_DEPTH"));
    if (e.raw("GOB3D") != 0 || e.raw("GOB_DEPTH_OFFSET") != 0 || e.raw("SPARSE_ENABLE") != 0 ||
        e.raw("TILE_WIDTH_IN_GOBS") != 0) {
      sink.error("TIC-TEXSIM", loc,
                 "texsim models 2D GOBs without depth offset, sparse tiles or tile width "
                 "(GOB3D, GOB_DEPTH_OFFSET, SPARSE_ENABLE, TILE_WIDTH_IN_GOBS must be 0)",
                 cite(e.type, "GOB3D") + " (decision DS6)");
      return false;
    }
    return true;
  }
  t.tiling = Tiling::kPitch;
  t.row_pitch = static_cast<uint32_t>(e.whole("PITCH"));
  return true;
}

// MULTI_SAMPLE_COUNT modes whose sample order is texsim's block-linear sample grid (ML2: Mesa nil
// image.rs choose_sample_layout, whose modes nil's tic.rs writes: 2x "2X1_D3D", 4x "2X2", 8x
// "4X2_D3D"). MODE_2X1, MODE_4X2 (the non-D3D orders), MODE_4X4 (16x, order unknown) and the
// virtual-coverage modes are not modelled.
constexpr std::pair<std::string_view, uint32_t> kSampleModes[] = {
    {"MODE_1X1", 1}, {"MODE_2X1_D3D", 2}, {"MODE_2X2", 4}, {"MODE_4X2_D3D", 8}};

std::optional<uint32_t> tic_samples(const Entry& e, core::DiagSink& sink,
                                    const core::Location& loc) {
  const std::string_view mode = e.name_of("MULTI_SAMPLE_COUNT");
  for (const auto& [name, samples] : kSampleModes)
    if (name == mode) return samples;
  sink.error("TIC-TEXSIM", loc,
             "MULTI_SAMPLE_COUNT " + std::string(mode) +
                 ": texsim's sample grid is 2X1_D3D, 2X2 or 4X2_D3D (Mesa nil's layouts)",
             std::string(e.type.citation) + " (decisions DS5, ML2)");
  return std::nullopt;
}

}  // namespace

std::optional<TicSurface> tic_to_texsim(const Platform& p, std::span<const uint8_t> entry,
                                        core::DiagSink& sink, const core::Location& loc,
                                        std::optional<TicFamily> family) {
  const DescriptorType* type = tic_type(p, entry, sink, loc, family);
  if (!type || !validate_entry(*type, entry, sink, loc)) return std::nullopt;
  const Entry e{*type, entry};
  if (type->name.find("ONE_D_") != std::string_view::npos || e.raw("COLOR_KEY_OP") != 0) {
    sink.error("TIC-TEXSIM", loc,
               std::string(type->name) + ": texsim models no texture buffers or colour keys",
               std::string(type->citation) + " (decision DS5)");
    return std::nullopt;
  }
  const auto samples = e.has("MULTI_SAMPLE_COUNT") ? tic_samples(e, sink, loc) : 1u;
  if (!samples) return std::nullopt;
  const auto format = tic_format(e, sink, loc);
  const auto stype = tic_surface_type(e, sink, loc);
  if (!format || !stype || !tic_swizzle_ok(e, *format, sink, loc)) return std::nullopt;
  TicSurface out;
  out.placed.desc.type = *stype;
  out.placed.desc.format = *format;
  tic_extent(e, out.placed.desc);
  out.placed.desc.samples = *samples;  // WIDTH/HEIGHT count pixels (nil tic.rs: extent_px)
  out.srgb = e.raw("S_R_G_B_CONVERSION") != 0;
  out.normalized_coords = e.raw("NORMALIZED_COORDS") != 0;
  out.view_min_level = static_cast<uint32_t>(e.raw("RES_VIEW_MIN_MIP_LEVEL"));
  out.view_max_level = e.has("RES_VIEW_MAX_MIP_LEVEL")
                           ? static_cast<uint32_t>(e.raw("RES_VIEW_MAX_MIP_LEVEL"))
                           : out.placed.desc.mips - 1;
  if (!tic_placement(e, out, sink, loc)) return std::nullopt;
  return out;
}

namespace {

std::string_view type_name_of(texunit::SurfaceType t) {
  for (const auto& [name, type] : kTypes)
    if (type == t) return name;
  return {};
}

}  // namespace

namespace {

// The type tic_from_texsim writes: the family's block-linear or pitch header.
const DescriptorType* encoding_type(const Platform& p, bool bl, std::optional<TicFamily> family,
                                    core::DiagSink& sink) {
  const TicFamily f = family.value_or(default_family(p));
  if (!has_family(p, f)) {
    sink.error("TIC-TEXSIM", {},
               std::string(p.name) + " has no header family " +
                   std::to_string(static_cast<unsigned>(f)) + " (SET_TEXTURE_HEADER_VERSION)",
               "open-gpu-doc classes/3d/" + std::string(p.header) + " (decision TV1)");
    return nullptr;
  }
  return find_type(
      p, std::string(f == TicFamily::kV2 ? "TIC.V2." : "TIC.") + (bl ? "BLOCKLINEAR" : "PITCH"));
}

}  // namespace

std::optional<std::vector<uint8_t>> tic_from_texsim(const Platform& p, const TicSurface& s,
                                                    core::DiagSink& sink,
                                                    std::optional<TicFamily> family) {
  const texunit::SurfaceDesc& d = s.placed.desc;
  const bool bl = s.placed.tiling.tiling == Tiling::kBlockLinear;
  const DescriptorType* type = encoding_type(p, bl, family, sink);
  if (type == nullptr) return std::nullopt;
  const bool v2 = family_of(*type) == TicFamily::kV2;
  const FormatRow* row = nullptr;
  for (const FormatRow& r : kFormats)
    if (r.format == d.format) row = &r;
  if (!row || (!bl && s.placed.tiling.tiling != Tiling::kPitch)) {
    sink.error("TIC-TEXSIM", {},
               "no TIC encoding for format " + std::string(texunit::format_info(d.format).name) +
                   " with tiling " + std::string(tiling_name(s.placed.tiling.tiling)));
    return std::nullopt;
  }
  const auto* mode = std::find_if(std::begin(kSampleModes), std::end(kSampleModes),
                                  [&](const auto& m) { return m.second == d.samples; });
  if (mode == std::end(kSampleModes)) {
    sink.error("TIC-TEXSIM", {},
               "texsim models 1, 2, 4 or 8 samples in a header, got " + std::to_string(d.samples),
               std::string(type->citation) + " (decisions DS5, ML2)");
    return std::nullopt;
  }
  const unsigned present = texunit::format_info(d.format).present_mask();
  static constexpr std::array<std::string_view, 4> kIn{"IN_R", "IN_G", "IN_B", "IN_A"};
  static constexpr std::array<std::string_view, 4> kSrc{"X_SOURCE", "Y_SOURCE", "Z_SOURCE",
                                                        "W_SOURCE"};
  static constexpr std::array<std::string_view, 4> kData{"R_DATA_TYPE", "G_DATA_TYPE",
                                                         "B_DATA_TYPE", "A_DATA_TYPE"};
  const bool array = d.is_array();
  const uint32_t depth = array ? d.layers : d.depth;
  if (!type->find_field("DEPTH_MINUS_ONE") && depth != 1) {
    sink.error("TIC-TEXSIM", {},
               std::string(type->name) + " has no DEPTH_MINUS_ONE: one layer and depth 1, got " +
                   std::to_string(depth),
               std::string(type->citation) + " (decision TV3)");
    return std::nullopt;
  }
  std::vector<std::pair<std::string, std::string>> set = {
      {"COMPONENTS", std::string(row->components)},
      {"HEADER_VERSION",
       std::string(bl ? "SELECT_BLOCKLINEAR" : "SELECT_PITCH") + (v2 ? "_V2" : "")},
      {"ADDRESS", core::hex(s.placed.base_address)},
      {"TEXTURE_TYPE", std::string(type_name_of(d.type))},
      {"WIDTH_MINUS_ONE", std::to_string(d.width - 1)},
      {"HEIGHT_MINUS_ONE", std::to_string(d.height - 1)},
      {"MAX_MIP_LEVEL", std::to_string(d.mips - 1)},
      {"MULTI_SAMPLE_COUNT", std::string(mode->first)},
      {"RES_VIEW_MIN_MIP_LEVEL", std::to_string(s.view_min_level)},
      {"RES_VIEW_MAX_MIP_LEVEL", std::to_string(s.view_max_level)},
      {"S_R_G_B_CONVERSION", row->srgb ? "1" : "0"},
      {"NORMALIZED_COORDS", s.normalized_coords ? "1" : "0"}};
  if (type->find_field("DEPTH_MINUS_ONE"))
    set.push_back({"DEPTH_MINUS_ONE", std::to_string(depth - 1)});
  if (v2)
    set.push_back({"DATA_TYPE", std::string(kV2DataPrefix) +
                                    std::string(row->data_type.substr(kV1DataPrefix.size()))});
  for (unsigned c = 0; c < 4; ++c) {
    if (!v2) set.push_back({std::string(kData[c]), std::string(row->data_type)});
    const bool has = (present >> c) & 1u;
    set.push_back({std::string(kSrc[c]), std::string(has     ? kIn[c]
                                                     : c < 3 ? "IN_ZERO"
                                                             : "IN_ONE_FLOAT")});
  }
  if (bl) {
    set.push_back({"GOBS_PER_BLOCK_HEIGHT", std::to_string(s.placed.tiling.block_height_log2)});
    set.push_back({"GOBS_PER_BLOCK_DEPTH", std::to_string(s.placed.tiling.block_depth_log2)});
  } else {
    set.push_back({"PITCH", core::hex(s.placed.tiling.row_pitch)});
  }
  return encode(*type, set, sink);
}

namespace {

using texunit::AddressMode;

constexpr std::pair<std::string_view, AddressMode> kAddress[] = {
    {"WRAP", AddressMode::kWrap},
    {"MIRROR", AddressMode::kMirror},
    {"CLAMP_TO_EDGE", AddressMode::kClamp},
    {"BORDER", AddressMode::kBorder},
    {"MIRROR_ONCE_CLAMP_TO_EDGE", AddressMode::kMirrorOnce},
};
constexpr std::array<float, 8> kAniso{1, 2, 4, 6, 8, 10, 12, 16};
constexpr std::array<std::string_view, 3> kAddressFields{"ADDRESS_U", "ADDRESS_V", "ADDRESS_P"};
constexpr std::array<std::string_view, 4> kBorder{"BORDER_COLOR_R", "BORDER_COLOR_G",
                                                  "BORDER_COLOR_B", "BORDER_COLOR_A"};

float fixed(const Entry& e, std::string_view name) {
  const FieldDesc& f = *e.type.find_field(name);
  return std::stof(value_text(f, get_bits(e.bytes, f.hi, f.lo)));
}

bool tsc_unsupported(const Entry& e, std::string_view what, core::DiagSink& sink,
                     const core::Location& loc, std::string_view field) {
  sink.error("TSC-TEXSIM", loc, "texsim has no model for " + std::string(what),
             cite(e.type, field) + " (decision DS7)");
  return false;
}

bool tsc_filters(const Entry& e, texunit::SamplerState& s, core::DiagSink& sink,
                 const core::Location& loc) {
  using texunit::Filter;
  using texunit::MipFilter;
  const std::string_view mag = e.name_of("MAG_FILTER");
  const std::string_view min = e.name_of("MIN_FILTER");
  const std::string_view mip = e.name_of("MIP_FILTER");
  if (mag != "MAG_POINT" && mag != "MAG_LINEAR")
    return tsc_unsupported(e, "MAG_FILTER " + std::string(mag), sink, loc, "MAG_FILTER");
  s.mag_filter = mag == "MAG_POINT" ? Filter::kPoint : Filter::kLinear;
  s.min_filter = min == "MIN_POINT" ? Filter::kPoint : Filter::kLinear;
  s.mip_filter = mip == "MIP_NONE"    ? MipFilter::kNone
                 : mip == "MIP_POINT" ? MipFilter::kPoint
                                      : MipFilter::kLinear;
  // MIN_ANISO filters anisotropically up to MAX_ANISOTROPY; the other min filters isotropically.
  s.max_anisotropy = min == "MIN_ANISO" ? kAniso[e.raw("MAX_ANISOTROPY")] : 1.0f;
  const std::string_view red = e.name_of("REDUCTION_FILTER");
  s.reduction = red == "RED_MINIMUM"   ? texunit::Reduction::kMin
                : red == "RED_MAXIMUM" ? texunit::Reduction::kMax
                                       : texunit::Reduction::kWeightedAverage;
  return true;
}

}  // namespace

std::optional<texunit::SamplerState> tsc_to_texsim(const Platform& p,
                                                   std::span<const uint8_t> entry,
                                                   core::DiagSink& sink, const core::Location& loc,
                                                   bool header_normalized) {
  const DescriptorType& type = tsc_type(p);
  if (!validate_entry(type, entry, sink, loc)) return std::nullopt;
  const Entry e{type, entry};
  texunit::SamplerState s;
  bool ok = tsc_filters(e, s, sink, loc);
  for (unsigned i = 0; i < 3; ++i) {
    const std::string_view mode = e.name_of(kAddressFields[i]);
    const auto* it = std::find_if(std::begin(kAddress), std::end(kAddress),
                                  [&](const auto& a) { return a.first == mode; });
    if (it == std::end(kAddress))
      ok = tsc_unsupported(e, std::string(kAddressFields[i]) + " " + std::string(mode), sink, loc,
                           kAddressFields[i]);
    else
      s.address[i] = it->second;
  }
  if (e.raw("FORCED_INVALID") != 0)
    ok = tsc_unsupported(e, "FORCED_INVALID", sink, loc, "FORCED_INVALID");
  if (!ok) return std::nullopt;
  if (e.raw("DEPTH_COMPARE") != 0)
    s.compare = static_cast<texunit::CompareFunc>(e.raw("DEPTH_COMPARE_FUNC"));
  s.lod_bias = fixed(e, "MIP_LOD_BIAS");
  s.min_lod = fixed(e, "MIN_LOD_CLAMP");
  s.max_lod = fixed(e, "MAX_LOD_CLAMP");
  for (unsigned c = 0; c < 4; ++c) {
    const auto bits = static_cast<uint32_t>(e.raw(kBorder[c]));
    s.border_color[c] = std::bit_cast<float>(bits);
    s.border_color_int[c] = bits;
  }
  s.normalized_coords =
      header_normalized && e.name_of("FLOAT_COORD_NORMALIZATION") != "FORCE_UNNORMALIZED_COORDS";
  return s;
}

std::optional<std::vector<uint8_t>> tsc_from_texsim(const Platform& p,
                                                    const texunit::SamplerState& s,
                                                    core::DiagSink& sink) {
  const DescriptorType& type = tsc_type(p);
  using texunit::Filter;
  std::vector<std::pair<std::string, std::string>> set = {
      {"MAG_FILTER", s.mag_filter == Filter::kPoint ? "MAG_POINT" : "MAG_LINEAR"},
      {"MIN_FILTER", s.max_anisotropy > 1.0f          ? "MIN_ANISO"
                     : s.min_filter == Filter::kPoint ? "MIN_POINT"
                                                      : "MIN_LINEAR"},
      {"MIP_FILTER", s.mip_filter == texunit::MipFilter::kNone    ? "MIP_NONE"
                     : s.mip_filter == texunit::MipFilter::kPoint ? "MIP_POINT"
                                                                  : "MIP_LINEAR"},
      {"MIN_LOD_CLAMP", fixed8_text(s.min_lod, 0.0, 4095.0 / 256)},
      {"MAX_LOD_CLAMP", fixed8_text(s.max_lod, 0.0, 4095.0 / 256)},
      {"MIP_LOD_BIAS", fixed8_text(s.lod_bias, -16.0, 4095.0 / 256)}};
  unsigned aniso = 0;
  while (aniso + 1 < kAniso.size() && kAniso[aniso + 1] <= s.max_anisotropy) ++aniso;
  set.push_back({"MAX_ANISOTROPY", std::to_string(aniso)});
  for (unsigned i = 0; i < 3; ++i)
    for (const auto& [name, mode] : kAddress)
      if (mode == s.address[i]) set.push_back({std::string(kAddressFields[i]), std::string(name)});
  if (s.compare) {
    set.push_back({"DEPTH_COMPARE", "1"});
    set.push_back({"DEPTH_COMPARE_FUNC", std::to_string(static_cast<unsigned>(*s.compare))});
  }
  if (s.reduction != texunit::Reduction::kWeightedAverage)
    set.push_back({"REDUCTION_FILTER",
                   s.reduction == texunit::Reduction::kMin ? "RED_MINIMUM" : "RED_MAXIMUM"});
  for (unsigned c = 0; c < 4; ++c)
    set.push_back({std::string(kBorder[c]), core::hex(std::bit_cast<uint32_t>(s.border_color[c]))});
  if (!s.normalized_coords)
    set.push_back({"FLOAT_COORD_NORMALIZATION", "FORCE_UNNORMALIZED_COORDS"});
  return encode(type, set, sink);
}

}  // namespace texsim::hwstate::nvidia
