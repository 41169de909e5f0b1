// Intel SAMPLER_STATE and RENDER_SURFACE_STATE <-> texsim (intel_texsim.hpp). Field names are
// genxml's (gen9.xml, gen12.xml, gen125.xml); the choices where genxml leaves the meaning open
// are decisions DS10-DS13 and IS1-IS3.
#include "hwstate/intel_texsim.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include "core/text.hpp"
#include "hwstate/intel_tables.hpp"
#include "hwstate/layout_plan.hpp"
#include "texunit/format_table.hpp"

namespace texsim::hwstate::intel {

namespace {

using Entry = DescriptorView;

// The genxml generation of each platform with tables (decision IS1): the generation decides the
// Tile Mode values and the units of Surface Horizontal Alignment.
enum class Gen : uint8_t { k9, k12, k125 };
struct Platform {
  std::string_view name;
  Gen gen;
  std::span<const DescriptorType> types;
};
constexpr Platform kPlatforms[] = {{"SKL", Gen::k9, kSKLTypes},
                                   {"TGLLP", Gen::k12, kTGLLPTypes},
                                   {"DG2", Gen::k125, kDG2Types},
                                   {"PVC", Gen::k125, kDG2Types}};

const Platform* find_platform(std::string_view name) {
  for (const Platform& p : kPlatforms)
    if (core::iequals(p.name, name)) return &p;
  return nullptr;
}

bool refuse(const Entry& e, const std::string& what, std::string_view field, core::DiagSink& sink,
            const core::Location& loc, std::string_view decision = "DS11") {
  sink.error(std::string(e.type.name) + "-TEXSIM", loc, "texsim has no model for " + what,
             std::string(e.type.citation) + ", " + std::string(field) + " (decision " +
                 std::string(decision) + ")");
  return false;
}

std::optional<texunit::Filter> filter_of(const Entry& e, std::string_view field,
                                         core::DiagSink& sink, const core::Location& loc) {
  const std::string_view v = e.name_of(field);
  if (v == "NEAREST") return texunit::Filter::kPoint;
  if (v == "LINEAR" || v == "ANISOTROPIC") return texunit::Filter::kLinear;
  refuse(e, std::string(field) + " " + std::string(v), field, sink, loc);
  return std::nullopt;
}

bool address_modes(const Entry& e, texunit::SamplerState& s, core::DiagSink& sink,
                   const core::Location& loc) {
  static constexpr std::array<std::string_view, 3> kFields{
      "TCX Address Control Mode", "TCY Address Control Mode", "TCZ Address Control Mode"};
  static constexpr std::pair<std::string_view, texunit::AddressMode> kModes[] = {
      {"WRAP", texunit::AddressMode::kWrap},
      {"MIRROR", texunit::AddressMode::kMirror},
      {"CLAMP", texunit::AddressMode::kClamp},
      {"CLAMP_BORDER", texunit::AddressMode::kBorder},
      {"MIRROR_ONCE", texunit::AddressMode::kMirrorOnce}};
  bool ok = true;
  for (unsigned i = 0; i < 3; ++i) {
    const std::string_view m = e.name_of(kFields[i]);
    bool found = false;
    for (const auto& [name, mode] : kModes)
      if (name == m) {
        s.address[i] = mode;
        found = true;
      }
    if (!found)
      ok = refuse(e, std::string(kFields[i]) + " " + std::string(m), kFields[i], sink, loc);
  }
  return ok;
}

// SURFACE_FORMAT codes (Mesa src/intel/isl/isl.h, enum isl_format, "Hardware enumeration
// SURFACE_FORMAT") of the formats texsim has. Depth formats are sampled through their colour
// twins (R16_UNORM, R32_FLOAT, R24_UNORM_X8_TYPELESS) and map to those (decision DS13).
using texunit::Format;
constexpr std::pair<uint32_t, Format> kFormats[] = {
    {0, Format::kR32G32B32A32_FLOAT},
    {1, Format::kR32G32B32A32_SINT},
    {2, Format::kR32G32B32A32_UINT},
    {64, Format::kR32G32B32_FLOAT},
    {65, Format::kR32G32B32_SINT},
    {66, Format::kR32G32B32_UINT},
    {128, Format::kR16G16B16A16_UNORM},
    {129, Format::kR16G16B16A16_SNORM},
    {130, Format::kR16G16B16A16_SINT},
    {131, Format::kR16G16B16A16_UINT},
    {132, Format::kR16G16B16A16_FLOAT},
    {133, Format::kR32G32_FLOAT},
    {134, Format::kR32G32_SINT},
    {135, Format::kR32G32_UINT},
    {192, Format::kB8G8R8A8_UNORM},
    {193, Format::kB8G8R8A8_UNORM_SRGB},
    {194, Format::kR10G10B10A2_UNORM},
    {196, Format::kR10G10B10A2_UINT},
    {199, Format::kR8G8B8A8_UNORM},
    {200, Format::kR8G8B8A8_UNORM_SRGB},
    {201, Format::kR8G8B8A8_SNORM},
    {202, Format::kR8G8B8A8_SINT},
    {203, Format::kR8G8B8A8_UINT},
    {204, Format::kR16G16_UNORM},
    {205, Format::kR16G16_SNORM},
    {206, Format::kR16G16_SINT},
    {207, Format::kR16G16_UINT},
    {208, Format::kR16G16_FLOAT},
    {211, Format::kR11G11B10_FLOAT},
    {214, Format::kR32_SINT},
    {215, Format::kR32_UINT},
    {216, Format::kR32_FLOAT},
    {237, Format::kR9G9B9E5_SHAREDEXP},
    {256, Format::kB5G6R5_UNORM},
    {258, Format::kB5G5R5A1_UNORM},
    {260, Format::kB4G4R4A4_UNORM},
    {262, Format::kR8G8_UNORM},
    {263, Format::kR8G8_SNORM},
    {264, Format::kR8G8_SINT},
    {265, Format::kR8G8_UINT},
    {266, Format::kR16_UNORM},
    {267, Format::kR16_SNORM},
    {268, Format::kR16_SINT},
    {269, Format::kR16_UINT},
    {270, Format::kR16_FLOAT},
    {320, Format::kR8_UNORM},
    {321, Format::kR8_SNORM},
    {322, Format::kR8_SINT},
    {323, Format::kR8_UINT},
    {390, Format::kBC1_UNORM},
    {391, Format::kBC2_UNORM},
    {392, Format::kBC3_UNORM},
    {393, Format::kBC4_UNORM},
    {394, Format::kBC5_UNORM},
    {395, Format::kBC1_UNORM_SRGB},
    {396, Format::kBC2_UNORM_SRGB},
    {397, Format::kBC3_UNORM_SRGB},
    {409, Format::kBC4_SNORM},
    {410, Format::kBC5_SNORM},
};

// The RSS fields that must hold their plain value (or the identity swizzle) for texsim's model;
// each other value reported.
bool plain_surface(const Entry& e, core::DiagSink& sink, const core::Location& loc) {
  const DescriptorType* type = &e.type;
  bool ok = true;
  const auto no = [&](const std::string& what, std::string_view field) {
    ok = refuse(e, what, field, sink, loc, "DS13");
  };
  // Fields that must hold their plain value for texsim's model.
  static constexpr std::pair<std::string_view, uint64_t> kPlain[] = {
      {"Auxiliary Surface Mode", 0},
      {"Memory Compression Enable", 0},
      {"Tiled Resource Mode", 0},
      {"Surface Min LOD", 0},
      {"Resource Min LOD", 0},
      {"Base Mip Level", 0},
      {"Minimum Array Element", 0},
      {"X Offset", 0},
      {"Y Offset", 0},
      {"Separate UV Plane Enable", 0},
      {"Clear Value Address Enable", 0},
      {"Corner Texel Mode", 0}};
  for (const auto& [field, plain] : kPlain)
    if (e.raw(field) != plain)
      no(std::string(field) + " " + value_text(*type->find_field(field), e.raw(field)), field);
  static constexpr std::pair<std::string_view, std::string_view> kSelects[] = {
      {"Shader Channel Select Red", "RED"},
      {"Shader Channel Select Green", "GREEN"},
      {"Shader Channel Select Blue", "BLUE"},
      {"Shader Channel Select Alpha", "ALPHA"}};
  for (const auto& [field, identity] : kSelects)
    if (e.name_of(field) != identity)
      no(std::string(field) + " " + value_text(*type->find_field(field), e.raw(field)) +
             " (only the identity swizzle)",
         field);
  return ok;
}

// Surface Type (+ Surface Array) and Depth -> texsim's type, depth or layers.
bool surface_shape(const Entry& e, PlacedSurface& s, core::DiagSink& sink,
                   const core::Location& loc) {
  bool ok = true;
  const auto no = [&](const std::string& what, std::string_view field) {
    ok = refuse(e, what, field, sink, loc, "DS13");
  };
  const std::string_view surf = e.name_of("Surface Type");
  const bool array = e.raw("Surface Array") != 0;
  const auto depth = static_cast<uint32_t>(e.raw("Depth")) + 1;
  using texunit::SurfaceType;
  if (surf == "SURFTYPE_1D") {
    s.desc.type = array ? SurfaceType::k1DArray : SurfaceType::k1D;
  } else if (surf == "SURFTYPE_2D") {
    s.desc.type = array ? SurfaceType::k2DArray : SurfaceType::k2D;
  } else if (surf == "SURFTYPE_3D") {
    s.desc.type = SurfaceType::k3D;
  } else if (surf == "SURFTYPE_CUBE") {
    s.desc.type = array ? SurfaceType::kCubeArray : SurfaceType::kCube;
  } else {
    no("Surface Type " + std::string(surf), "Surface Type");
  }
  if (surf == "SURFTYPE_3D") {
    s.desc.depth = depth;
  } else if (array) {
    s.desc.layers = depth;
  } else if (depth != 1) {
    no("Depth " + std::to_string(depth - 1) + " on a surface without Surface Array", "Depth");
  }
  return ok;
}

// Tile Mode value names per generation (gen9.xml / gen12.xml: LINEAR WMAJOR XMAJOR YMAJOR;
// gen125.xml: LINEAR TILE64 XMAJOR TILE4) and texsim's layouts; WMAJOR (stencil) is not
// modelled.
constexpr std::pair<std::string_view, Tiling> kTileModes[] = {{"LINEAR", Tiling::kPitch},
                                                              {"XMAJOR", Tiling::kTileX},
                                                              {"YMAJOR", Tiling::kTileY},
                                                              {"TILE4", Tiling::kTile4},
                                                              {"TILE64", Tiling::kTile64}};

bool tile_mode_exists(Gen g, Tiling t) {
  if (t == Tiling::kPitch || t == Tiling::kTileX) return true;  // XMAJOR in every genxml
  return g == Gen::k125 ? t == Tiling::kTile4 || t == Tiling::kTile64 : t == Tiling::kTileY;
}

std::optional<Tiling> tiling_of(Gen g, std::string_view tile_mode) {
  for (const auto& [name, tiling] : kTileModes)
    if (name == tile_mode && tile_mode_exists(g, tiling)) return tiling;
  return std::nullopt;
}

std::string_view tile_mode_of(Gen g, Tiling t) {
  for (const auto& [name, tiling] : kTileModes)
    if (tiling == t && tile_mode_exists(g, t)) return name;
  return {};
}

// Gfx12.5 counts Surface Horizontal Alignment in bytes (16 << value) for formats of a
// power-of-two size, in elements for 24/48/96-bit ones (isl_genX_helpers.h,
// isl_get_image_alignment; decision IS2). Gfx9 and Gfx12: 4 << (value - 1) elements.
bool align_in_bytes(Gen g, const texunit::FormatInfo& fi) {
  return g == Gen::k125 && fi.bytes_per_block % 3 != 0;
}

uint32_t halign_elements(Gen g, const texunit::FormatInfo& fi, uint64_t value) {
  if (g != Gen::k125) return 4u << (value - 1);
  const uint32_t units = 16u << value;
  return align_in_bytes(g, fi) ? units / fi.bytes_per_block : units;
}

std::optional<uint32_t> halign_code(Gen g, const texunit::FormatInfo& fi, uint32_t elements) {
  const uint32_t units = align_in_bytes(g, fi) ? elements * fi.bytes_per_block : elements;
  for (uint32_t v = g == Gen::k125 ? 0 : 1; v < 4; ++v)
    if ((g == Gen::k125 ? 16u << v : 4u << (v - 1)) == units) return v;
  return std::nullopt;
}

std::optional<uint32_t> valign_code(uint32_t elements) {
  if (elements == 4) return 1;
  if (elements == 8) return 2;
  if (elements == 16) return 3;
  return std::nullopt;
}

// Number of Multisamples: Gfx12.5 Tile64 surfaces of 2..16 samples in the MSS layout (isl
// ISL_MSAA_LAYOUT_ARRAY with the Tile64 sample swizzles, decision T64); gen125.xml: "This field
// must not be programmed to anything other than [MULTISAMPLECOUNT_1] unless the Tile Mode field is
// programmed to Tile64" (quoted in isl_gfx125_filter_tiling). Other platforms' multisampled
// surfaces and the interleaved depth/stencil format are not modelled (DS13).
bool multisampling(const Entry& e, Gen g, std::optional<Tiling> tiling, PlacedSurface& s,
                   core::DiagSink& sink, const core::Location& loc) {
  const uint64_t code = e.raw("Number of Multisamples");
  if (code == 0) return true;
  const std::string what =
      "Number of Multisamples " + std::string(e.name_of("Number of Multisamples"));
  if (g != Gen::k125) return refuse(e, what, "Number of Multisamples", sink, loc, "DS13");
  if (tiling != Tiling::kTile64) {
    sink.error("RENDER_SURFACE_STATE-MSAA-TILE64", loc,
               what + " needs Tile Mode TILE64, got " + std::string(e.name_of("Tile Mode")),
               std::string(e.type.citation) +
                   ", Number of Multisamples (quoted in isl_gfx125_filter_tiling)");
    return false;
  }
  if (e.name_of("Multisampled Surface Storage Format") != "MSFMT_MSS")
    return refuse(e, "Multisampled Surface Storage Format MSFMT_DEPTH_STENCIL",
                  "Multisampled Surface Storage Format", sink, loc, "DS13");
  s.desc.samples = 1u << code;
  return true;
}

}  // namespace

std::optional<uint32_t> surface_format_code(texunit::Format f) {
  for (const auto& [code, format] : kFormats)
    if (format == f) return code;
  if (f == Format::kD16_UNORM) return 266;          // R16_UNORM
  if (f == Format::kD32_FLOAT) return 216;          // R32_FLOAT
  if (f == Format::kD24_UNORM_S8_UINT) return 217;  // R24_UNORM_X8_TYPELESS
  return std::nullopt;
}

std::optional<texunit::Format> surface_format_of(uint32_t code) {
  for (const auto& [c, format] : kFormats)
    if (c == code) return format;
  if (code == 217) return Format::kD24_UNORM_S8_UINT;
  return std::nullopt;
}

const DescriptorType* find_type(std::string_view platform, std::string_view type_name) {
  const Platform* p = find_platform(platform);
  if (p == nullptr) return nullptr;
  for (const DescriptorType& t : p->types)
    if (core::iequals(t.name, type_name)) return &t;
  return nullptr;
}

std::optional<texunit::SamplerState> sampler_to_texsim(std::string_view platform,
                                                       std::span<const uint8_t> sampler,
                                                       std::span<const uint8_t> border,
                                                       core::DiagSink& sink,
                                                       const core::Location& loc) {
  const DescriptorType* type = find_type(platform, "SAMPLER_STATE");
  const DescriptorType* btype = find_type(platform, "SAMPLER_BORDER_COLOR_STATE");
  if (type == nullptr || sampler.size() < kSamplerStateBytes) {
    sink.error("SAMPLER_STATE-TEXSIM", loc,
               "no SAMPLER_STATE table for " + std::string(platform) + " or fewer than 16 bytes");
    return std::nullopt;
  }
  sampler = sampler.first(kSamplerStateBytes);
  if (!validate(*type, sampler, sink, loc)) return std::nullopt;
  const Entry e{*type, sampler};
  texunit::SamplerState s;
  const auto min = filter_of(e, "Min Mode Filter", sink, loc);
  const auto mag = filter_of(e, "Mag Mode Filter", sink, loc);
  bool ok = min && mag && address_modes(e, s, sink, loc);
  if (e.raw("Sampler Disable") != 0)
    ok = refuse(e, "Sampler Disable", "Sampler Disable", sink, loc);
  // gen125.xml's reduced-precision modes (absent from gen9.xml and gen12.xml: raw 0).
  for (const std::string_view f : {"Low Quality Filter", "Allow Low Quality LOD Calculation"})
    if (e.raw(f) != 0) ok = refuse(e, std::string(f), f, sink, loc, "IS3");
  const std::string_view reduction = e.name_of("Reduction Type");
  if (e.raw("Reduction Type Enable") != 0 && reduction == "COMPARISON")
    ok = refuse(e, "Reduction Type COMPARISON", "Reduction Type", sink, loc);
  if (!ok) return std::nullopt;
  s.min_filter = *min;
  s.mag_filter = *mag;
  const std::string_view mip = e.name_of("Mip Mode Filter");
  s.mip_filter = mip == "NONE"      ? texunit::MipFilter::kNone
                 : mip == "NEAREST" ? texunit::MipFilter::kPoint
                                    : texunit::MipFilter::kLinear;
  // ANISOTROPIC filters up to Maximum Anisotropy (RATIO 2:1 .. 16:1 = 2 * (value + 1)).
  const bool aniso = e.name_of("Min Mode Filter") == "ANISOTROPIC" ||
                     e.name_of("Mag Mode Filter") == "ANISOTROPIC";
  s.max_anisotropy = aniso ? 2.0f * static_cast<float>(e.raw("Maximum Anisotropy") + 1) : 1.0f;
  s.lod_bias = e.real("Texture LOD Bias");
  s.min_lod = e.real("Min LOD");
  s.max_lod = e.real("Max LOD");
  s.normalized_coords = e.raw("Non-normalized Coordinate Enable") == 0;
  s.srgb_decode = e.name_of("SRGB DECODE") != "SKIP_DECODE_EXT";
  if (e.raw("Reduction Type Enable") != 0)
    s.reduction = reduction == "MINIMUM"   ? texunit::Reduction::kMin
                  : reduction == "MAXIMUM" ? texunit::Reduction::kMax
                                           : texunit::Reduction::kWeightedAverage;
  if (btype != nullptr && border.size() >= kBorderColorBytes) {
    for (unsigned c = 0; c < 4; ++c) {
      const auto bits = static_cast<uint32_t>(get_bits(border, c * 32 + 31, c * 32));
      s.border_color[c] = std::bit_cast<float>(bits);
      s.border_color_int[c] = bits;
    }
  }
  return s;
}

texunit::CompareFunc shadow_function_to_texsim(uint32_t prefilter_op) {
  using texunit::CompareFunc;
  // PREFILTEROP ALWAYS, NEVER, LESS, EQUAL, LEQUAL, GREATER, NOTEQUAL, GEQUAL: !(texel OP ref)
  // read as ref OP' texel (decision DS19).
  static constexpr std::array<CompareFunc, 8> kVulkan{
      CompareFunc::kNever,    CompareFunc::kAlways, CompareFunc::kLessEqual,
      CompareFunc::kNotEqual, CompareFunc::kLess,   CompareFunc::kGreaterEqual,
      CompareFunc::kEqual,    CompareFunc::kGreater};
  return kVulkan[prefilter_op & 7u];
}

uint32_t shadow_function_from_texsim(texunit::CompareFunc f) {
  for (uint32_t op = 0; op < 8; ++op)
    if (shadow_function_to_texsim(op) == f) return op;
  return 1;  // unreachable: the table is a permutation of the eight functions
}

std::optional<texunit::CompareFunc> shadow_compare_from_heap(std::string_view platform,
                                                             std::span<const uint8_t> heap,
                                                             uint64_t offset) {
  if (find_type(platform, "SAMPLER_STATE") == nullptr || offset + kSamplerStateBytes > heap.size())
    return std::nullopt;
  // Shadow Function: bits 35:33 of the state in gen9.xml, gen12.xml and gen125.xml alike.
  const auto bits = get_bits(heap.subspan(static_cast<size_t>(offset), kSamplerStateBytes), 35, 33);
  return shadow_function_to_texsim(static_cast<uint32_t>(bits));
}

std::optional<texunit::SamplerState> sampler_from_heap(std::string_view platform,
                                                       std::span<const uint8_t> heap,
                                                       uint64_t offset, core::DiagSink& sink) {
  const core::Location loc = core::BinaryLoc{"DynamicStateHeap", offset, 0, 0, false};
  if (offset + kSamplerStateBytes > heap.size()) {
    sink.error("SAMPLER_STATE-TEXSIM", loc, "the heap has no 16 bytes at " + core::hex(offset));
    return std::nullopt;
  }
  const auto sampler = heap.subspan(static_cast<size_t>(offset), kSamplerStateBytes);
  // Border Color Pointer: genxml type "offset" at bits 87:70, i.e. DW2 bits 23:6, in bytes.
  const uint64_t border = get_bits(sampler, 87, 70) << 6;
  std::span<const uint8_t> b;
  if (border + kBorderColorBytes <= heap.size())
    b = heap.subspan(static_cast<size_t>(border), kBorderColorBytes);
  return sampler_to_texsim(platform, sampler, b, sink, loc);
}

namespace {

std::string_view filter_name(texunit::Filter f, bool aniso) {
  if (f == texunit::Filter::kPoint) return "NEAREST";
  return aniso ? "ANISOTROPIC" : "LINEAR";
}

std::string_view address_name(texunit::AddressMode m) {
  switch (m) {
    case texunit::AddressMode::kWrap:
      return "WRAP";
    case texunit::AddressMode::kMirror:
      return "MIRROR";
    case texunit::AddressMode::kBorder:
      return "CLAMP_BORDER";
    case texunit::AddressMode::kMirrorOnce:
      return "MIRROR_ONCE";
    default:
      return "CLAMP";
  }
}

}  // namespace

std::optional<std::vector<uint8_t>> sampler_heap_from_texsim(std::string_view platform,
                                                             const texunit::SamplerState& s,
                                                             core::DiagSink& sink) {
  const DescriptorType* type = find_type(platform, "SAMPLER_STATE");
  const DescriptorType* btype = find_type(platform, "SAMPLER_BORDER_COLOR_STATE");
  if (type == nullptr || btype == nullptr) {
    sink.error("SAMPLER_STATE-TEXSIM", {}, "no SAMPLER_STATE table for " + std::string(platform));
    return std::nullopt;
  }
  const bool aniso = s.max_anisotropy > 1.0f;
  // Maximum Anisotropy RATIO 2:1 .. 16:1 is 2 * (value + 1): the ratio at or below the state's.
  const int ratio = std::clamp(static_cast<int>(s.max_anisotropy / 2.0f) - 1, 0, 7);
  std::vector<std::pair<std::string, std::string>> set = {
      {"Min Mode Filter", std::string(filter_name(s.min_filter, aniso))},
      {"Mag Mode Filter", std::string(filter_name(s.mag_filter, aniso))},
      {"Mip Mode Filter", s.mip_filter == texunit::MipFilter::kNone    ? "NONE"
                          : s.mip_filter == texunit::MipFilter::kPoint ? "NEAREST"
                                                                       : "LINEAR"},
      {"Maximum Anisotropy", std::to_string(aniso ? ratio : 0)},
      {"Texture LOD Bias", fixed8_text(s.lod_bias, -16.0, 4095.0 / 256)},
      {"Min LOD", fixed8_text(s.min_lod, 0.0, 4095.0 / 256)},
      {"Max LOD", fixed8_text(s.max_lod, 0.0, 4095.0 / 256)},
      {"TCX Address Control Mode", std::string(address_name(s.address[0]))},
      {"TCY Address Control Mode", std::string(address_name(s.address[1]))},
      {"TCZ Address Control Mode", std::string(address_name(s.address[2]))},
      {"Non-normalized Coordinate Enable", s.normalized_coords ? "0" : "1"},
      {"Border Color Pointer", std::to_string(kBorderHeapOffset >> 6)}};  // 64-byte units
  if (!s.srgb_decode) set.emplace_back("SRGB DECODE", "SKIP_DECODE_EXT");
  if (s.compare)
    set.emplace_back("Shadow Function", std::to_string(shadow_function_from_texsim(*s.compare)));
  if (s.reduction != texunit::Reduction::kWeightedAverage) {
    set.emplace_back("Reduction Type Enable", "1");
    set.emplace_back("Reduction Type",
                     s.reduction == texunit::Reduction::kMin ? "MINIMUM" : "MAXIMUM");
  }
  auto sampler = encode(*type, set, sink);
  std::vector<std::pair<std::string, std::string>> border;
  static constexpr std::array<std::string_view, 4> kBorder{
      "Border Color Float Red", "Border Color Float Green", "Border Color Float Blue",
      "Border Color Float Alpha"};  // hex: the raw bits, as sampler_to_texsim reads them
  for (unsigned c = 0; c < 4; ++c)
    border.emplace_back(std::string(kBorder[c]),
                        core::hex(std::bit_cast<uint32_t>(s.border_color[c])));
  auto colour = encode(*btype, border, sink);
  if (!sampler || !colour) return std::nullopt;
  std::vector<uint8_t> heap(kBorderHeapOffset + kBorderColorBytes, 0);
  std::copy(sampler->begin(), sampler->end(), heap.begin());
  std::copy(colour->begin(), colour->end(), heap.begin() + kBorderHeapOffset);
  return heap;
}

std::optional<PlacedSurface> surface_to_texsim(std::string_view platform,
                                               std::span<const uint8_t> rss, core::DiagSink& sink,
                                               const core::Location& loc) {
  const Platform* p = find_platform(platform);
  const DescriptorType* type = find_type(platform, "RENDER_SURFACE_STATE");
  if (p == nullptr || type == nullptr || rss.size() < kSurfaceStateBytes) {
    sink.error(
        "RENDER_SURFACE_STATE-TEXSIM", loc,
        "no RENDER_SURFACE_STATE table for " + std::string(platform) + " or fewer than 64 bytes");
    return std::nullopt;
  }
  rss = rss.first(kSurfaceStateBytes);
  if (!validate(*type, rss, sink, loc)) return std::nullopt;
  const Entry e{*type, rss};
  bool ok = plain_surface(e, sink, loc);
  const auto no = [&](const std::string& what, std::string_view field) {
    ok = refuse(e, what, field, sink, loc, "DS13");
  };
  PlacedSurface s;
  ok = surface_shape(e, s, sink, loc) && ok;
  const auto code = static_cast<uint32_t>(e.raw("Surface Format"));
  const auto format = surface_format_of(code);
  if (!format)
    no("Surface Format " + core::hex(code) + " (not one of texsim's formats)", "Surface Format");
  const auto tiling = tiling_of(p->gen, e.name_of("Tile Mode"));
  if (!tiling) {
    no("Tile Mode " + std::string(e.name_of("Tile Mode")) + " on " + std::string(p->name) +
           (p->gen == Gen::k125 ? " (LINEAR, XMAJOR, TILE4 and TILE64 are modelled)"
                                : " (LINEAR, XMAJOR and YMAJOR are modelled)"),
       "Tile Mode");
  }
  // gen125.xml's RENDER_SURFACE_STATE Tile Mode: "TILEMODE_XMAJOR is only allowed if Surface
  // Type is SURFTYPE_2D" (quoted in isl_gfx125_filter_tiling).
  if (tiling == Tiling::kTileX && p->gen == Gen::k125 &&
      e.name_of("Surface Type") != "SURFTYPE_2D") {
    sink.error("RENDER_SURFACE_STATE-TILE-MODE", loc,
               "Tile Mode XMAJOR with Surface Type " + std::string(e.name_of("Surface Type")) +
                   ": XMAJOR is only allowed for SURFTYPE_2D on " + std::string(p->name),
               std::string(type->citation) + ", Tile Mode (isl_gfx125_filter_tiling)");
    ok = false;
  }
  ok = multisampling(e, p->gen, tiling, s, sink, loc) && ok;
  if (!ok) return std::nullopt;
  s.desc.format = *format;
  s.tiling.tiling = *tiling;
  // Mip Tail Start LOD places the Tile64 mip tail (ATS-M: Tile64 is the "64KB tiling mode which
  // support standard-tiling including Mip Tails", quoted in isl_surf_choose_tiling; decision T64).
  // The other layouts have no tail and ignore the field.
  if (*tiling == Tiling::kTile64)
    s.tiling.miptail_start = static_cast<uint32_t>(e.raw("Mip Tail Start LOD"));
  s.desc.width = static_cast<uint32_t>(e.raw("Width")) + 1;
  s.desc.height = static_cast<uint32_t>(e.raw("Height")) + 1;
  s.desc.mips = static_cast<uint32_t>(e.raw("MIP Count / LOD")) + 1;
  const texunit::FormatInfo& fi = texunit::format_info(*format);
  const auto ha = halign_elements(p->gen, fi, e.raw("Surface Horizontal Alignment"));
  // HALIGN/VALIGN count elements (isl_surf_get_image_alignment_el on Gfx9+) or, on Gfx12.5,
  // bytes (decision IS2); texsim's layout counts texels: elements x block.
  s.tiling.halign = ha * fi.block_width;
  s.tiling.valign = (4u << (e.raw("Surface Vertical Alignment") - 1)) * fi.block_height;
  s.tiling.row_pitch = static_cast<uint32_t>(e.raw("Surface Pitch")) + 1;
  // QPitch: texel rows between slices with bits 1:0 dropped; the layout counts element rows.
  s.tiling.qpitch = static_cast<uint32_t>(e.raw("Surface QPitch") << 2) / fi.block_height;
  s.base_address = e.raw("Surface Base Address");
  if (!validate_placement(s, sink, loc)) return std::nullopt;
  return s;
}

std::optional<std::vector<uint8_t>> surface_from_texsim(std::string_view platform,
                                                        const PlacedSurface& s,
                                                        core::DiagSink& sink) {
  const Platform* p = find_platform(platform);
  const DescriptorType* type = find_type(platform, "RENDER_SURFACE_STATE");
  const auto fail = [&](const std::string& what) {
    sink.error("RENDER_SURFACE_STATE-TEXSIM", {}, what, "decision DS13");
    return std::nullopt;
  };
  if (p == nullptr || type == nullptr)
    return fail("no RENDER_SURFACE_STATE table for " + std::string(platform));
  const auto code = surface_format_code(s.desc.format);
  if (!code)
    return fail("format " + std::string(texunit::format_info(s.desc.format).name) +
                " has no SURFACE_FORMAT");
  const std::string_view tile = tile_mode_of(p->gen, s.tiling.tiling);
  if (tile.empty())
    return fail("tiling " + std::string(tiling_name(s.tiling.tiling)) + " has no " +
                std::string(p->name) + " Tile Mode" +
                (p->gen == Gen::k125
                     ? " (LINEAR is pitch, XMAJOR tile_x, TILE4 tile4, TILE64 tile64)"
                     : " (LINEAR is pitch, XMAJOR tile_x, YMAJOR tile_y)"));
  const bool tile64 = s.tiling.tiling == Tiling::kTile64;
  if (s.desc.samples != 1 && !(tile64 && p->gen == Gen::k125))
    return fail("multisampled surfaces are not modelled" +
                std::string(p->gen == Gen::k125 ? " (on DG2/PVC: Tile64 only)" : ""));
  const texunit::FormatInfo& fi = texunit::format_info(s.desc.format);
  const LayoutPlan plan = plan_layout(s);
  const auto ha = halign_code(p->gen, fi, s.tiling.halign / fi.block_width);
  const auto va = valign_code(s.tiling.valign / fi.block_height);
  if (!ha || !va)
    return fail("HALIGN " + std::to_string(s.tiling.halign) + " / VALIGN " +
                std::to_string(s.tiling.valign) + " texels: " + std::string(p->name) +
                (p->gen == Gen::k125 ? "'s RSS holds 16, 32, 64 or 128 bytes and 4, 8 or 16 rows"
                                     : "'s RSS holds 4, 8 or 16 elements"));
  const uint64_t qpitch_rows = uint64_t{plan.qpitch} * fi.block_height;
  // A 1D surface's slices are placed by the layout (GFX9_1D), not by QPitch (written 0).
  const bool qpitch_used = plan.physical_slices > 1 && !plan.intel_1d;
  if (qpitch_used && qpitch_rows % 4 != 0)
    return fail("QPitch " + std::to_string(qpitch_rows) + " rows is not a multiple of 4");
  using texunit::SurfaceType;
  const SurfaceType t = s.desc.type;
  const bool cube = t == SurfaceType::kCube || t == SurfaceType::kCubeArray;
  const bool array =
      t == SurfaceType::k1DArray || t == SurfaceType::k2DArray || t == SurfaceType::kCubeArray;
  const char* surf = t == SurfaceType::k1D || t == SurfaceType::k1DArray ? "SURFTYPE_1D"
                     : t == SurfaceType::k3D                             ? "SURFTYPE_3D"
                     : cube                                              ? "SURFTYPE_CUBE"
                                                                         : "SURFTYPE_2D";
  const uint32_t depth = t == SurfaceType::k3D ? s.desc.depth : s.desc.layers;
  const uint32_t tail_field = s.tiling.miptail_start == TilingParams::kMiptailDefault
                                  ? plan.miptail_start
                                  : s.tiling.miptail_start;
  const std::pair<std::string, std::string> set[] = {
      {"Surface Type", surf},
      {"Surface Array", array ? "1" : "0"},
      {"Surface Format", std::to_string(*code)},
      {"Tile Mode", std::string(tile)},
      {"Surface Horizontal Alignment", std::to_string(*ha)},
      {"Surface Vertical Alignment", std::to_string(*va)},
      {"Width", std::to_string(s.desc.width - 1)},
      {"Height", std::to_string(s.desc.height - 1)},
      {"Depth", std::to_string(depth - 1)},
      {"MIP Count / LOD", std::to_string(s.desc.mips - 1)},
      {"Surface Pitch", std::to_string(plan.row_pitch - 1)},
      {"Surface QPitch", std::to_string(qpitch_used ? qpitch_rows >> 2 : 0)},
      {"Shader Channel Select Red", "RED"},
      {"Shader Channel Select Green", "GREEN"},
      {"Shader Channel Select Blue", "BLUE"},
      {"Shader Channel Select Alpha", "ALPHA"},
      {"Surface Base Address", core::hex(s.base_address)},
      // MULTISAMPLECOUNT_n is log2(n); the tail start (Tile64) is the placement's own value
      // when it names one (bytes round-trip: 15 stays 15, decision TS3), else the plan's (isl's
      // choice, the level count for none), 15 at most.
      {"Number of Multisamples", std::to_string(std::countr_zero(s.desc.samples))},
      {"Mip Tail Start LOD", std::to_string(tile64 ? std::min(tail_field, 15u) : 0)}};
  return encode(*type, set, sink);
}

}  // namespace texsim::hwstate::intel
