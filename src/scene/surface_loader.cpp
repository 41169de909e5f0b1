// One "surfaces[i]" entry: the description (checked by the texture unit too), the budget, then
// its data, MSAA state (mcs, clear_color) and null tiles (PRM "Tiled Resources").
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "scene/surface_loader.hpp"

#include "scene/descriptor_bytes.hpp"

#include "core/diag.hpp"
#include "hwstate/layout.hpp"

namespace texsim::scene {

using texunit::SurfaceDesc;
using texunit::SurfaceType;

namespace {

// "id" (not used by an earlier surface) and "name".
void read_id_and_name(JsonReader& r, const Json& v, const std::string& path, const Scene& scene,
                      SceneSurface& out) {
  if (const Json* id = r.require(v, path, "id")) {
    if (auto i = r.as_u32(*id, json_member_path(path, "id"))) {
      out.id = *i;
      if (scene.find_surface(*i) != nullptr) {
        r.err("SCENE-ID", json_member_path(path, "id"),
              "duplicate surface id " + std::to_string(*i));
      }
    }
  }
  if (const Json* n = r.member(v, "name")) {
    if (auto s = r.as_string(*n, json_member_path(path, "name"))) out.name = *s;
  }
}

// "type", "format", the sizes and "mips" (a count or "full") into `d`.
void read_surface_desc(JsonReader& r, const Json& v, const std::string& path, SurfaceDesc& d) {
  if (const Json* t = r.require(v, path, "type")) {
    std::vector<std::string_view> names;
    for (uint8_t i = 0; i <= static_cast<uint8_t>(SurfaceType::kCubeArray); ++i) {
      names.push_back(texunit::surface_type_name(static_cast<SurfaceType>(i)));
    }
    if (auto st = r.as_name<SurfaceType>(*t, json_member_path(path, "type"), "surface type", names,
                                         texunit::surface_type_from_name)) {
      d.type = *st;
    }
  }
  if (const Json* f = r.require(v, path, "format")) {
    const std::string fp = json_member_path(path, "format");
    if (auto s = r.as_string(*f, fp)) {
      if (auto fmt = texunit::format_from_name(*s)) {
        d.format = *fmt;
      } else {
        const std::string_view c = texunit::closest_format_name(*s);
        r.err("SCENE-FORMAT", fp,
              "unknown format \"" + *s + "\"" +
                  (c.empty() ? std::string() : "; did you mean " + std::string(c) + "?"));
      }
    }
  }
  auto dim = [&](std::string_view key, uint32_t& field, bool required) {
    const Json* j = required ? r.require(v, path, key) : r.member(v, key);
    if (j != nullptr) {
      if (auto u = r.as_u32(*j, json_member_path(path, key))) field = *u;
    }
  };
  dim("width", d.width, true);
  dim("height", d.height, false);
  dim("depth", d.depth, false);
  dim("layers", d.layers, false);
  dim("samples", d.samples, false);
  if (const Json* m = r.member(v, "mips")) {
    if (m->is_string() && m->get<std::string>() == "full") {
      const bool is1d = d.type == SurfaceType::k1D || d.type == SurfaceType::k1DArray;
      d.mips = texunit::full_mip_count(d.width, is1d ? 1 : d.height,
                                       d.type == SurfaceType::k3D ? d.depth : 1);
      if (d.mips == 0) d.mips = 1;
    } else if (auto u = r.as_u32(*m, json_member_path(path, "mips"))) {
      d.mips = *u;
    }
  }
}

// The texture unit's own checks, re-reported with this surface's path; false after an error.
bool validate_with_texunit(JsonReader& r, const std::string& path, const SurfaceDesc& d) {
  core::DiagSink local;
  texunit::validate_surface_desc(d, local, {}, r.options().max_bytes);
  for (const core::Diagnostic& dg : local.diagnostics()) {
    core::Diagnostic copy = dg;
    copy.loc = r.loc(path);
    copy.message = path + ": " + dg.message;
    r.sink().report(std::move(copy));
  }
  return !local.has_errors();
}

// "mcs" at `mp`: one MCS value per pixel of level 0 (x fastest, then y, then slice), each within
// the MCS width of the sample count.
void read_mcs(JsonReader& r, const Json& mcs, const std::string& mp, const SurfaceDesc& d,
              texunit::Surface& s) {
  if (r.expect_array(mcs, mp)) {
    const uint64_t want = uint64_t{d.width} * d.height * d.slices();
    if (mcs.size() != want) {
      r.err("SCENE-SIZE", mp,
            "expected " + std::to_string(want) +
                " MCS values (one per pixel of level 0 per "
                "slice), got " +
                std::to_string(mcs.size()));
    } else {
      s.enable_mcs();
      const unsigned width_bits = texunit::mcs_width_bits(d.samples);
      size_t i = 0;
      for (uint32_t z = 0; z < d.slices(); ++z) {
        for (uint32_t y = 0; y < d.height; ++y) {
          for (uint32_t x = 0; x < d.width; ++x, ++i) {
            const std::string ip = json_index_path(mp, i);
            if (auto u = r.as_u64(mcs[i], ip)) {
              if (width_bits < 64 && (*u >> width_bits) != 0) {
                r.err("SCENE-VALUE", ip,
                      "MCS value has bits above the " + std::to_string(width_bits) +
                          "-bit width of a " + std::to_string(d.samples) + "x surface");
              }
              s.set_mcs(x, y, z, *u);
            }
          }
        }
      }
    }
  }
}

// MSAA: MCS values per pixel of level 0 (x fastest, then y, then slice) and the clear colour.
void read_msaa_state(JsonReader& r, const Json& v, const std::string& path, const SurfaceDesc& d,
                     texunit::Surface& s) {
  const Json* mcs = r.member(v, "mcs");
  const Json* clear = r.member(v, "clear_color");
  if ((mcs != nullptr || clear != nullptr) && d.samples == 1) {
    r.err("SCENE-VALUE", json_member_path(path, mcs != nullptr ? "mcs" : "clear_color"),
          "needs a multisampled surface (samples > 1), got samples 1");
  } else {
    if (mcs != nullptr) read_mcs(r, *mcs, json_member_path(path, "mcs"), d, s);
    if (clear != nullptr) {
      if (auto t = texel_value(r, *clear, json_member_path(path, "clear_color"), d.format, true)) {
        s.set_clear_color(*t);
      }
    }
  }
}

// One "null_tiles[i]" entry at `ip`: a region of one level (by default the rest of the level
// from x, y), added to `s` when it lies within the level (PRM "Tiled Resources").
void read_null_tile(JsonReader& r, const Json& tile, const std::string& ip, const SurfaceDesc& d,
                    texunit::Surface& s) {
  if (!r.expect_object(tile, ip)) return;
  r.check_keys(tile, ip, {"level", "first_slice", "slice_count", "x", "y", "width", "height"});
  texunit::NullRegion reg;
  const size_t before = r.sink().error_count();
  auto field = [&](std::string_view key, uint32_t& f) {
    if (const Json* j = JsonReader::member(tile, key)) {
      if (auto u = r.as_u32(*j, json_member_path(ip, key))) f = *u;
    }
  };
  field("level", reg.level);
  field("first_slice", reg.first_slice);
  field("slice_count", reg.slice_count);
  field("x", reg.x);
  field("y", reg.y);
  if (reg.level < d.mips) {
    reg.width =
        s.layout().levels[reg.level].width - std::min(reg.x, s.layout().levels[reg.level].width);
    reg.height =
        s.layout().levels[reg.level].height - std::min(reg.y, s.layout().levels[reg.level].height);
  }
  field("width", reg.width);
  field("height", reg.height);
  if (r.sink().error_count() != before) return;
  if (reg.level >= d.mips) {
    r.err("SCENE-VALUE", json_member_path(ip, "level"),
          "must be in [0, " + std::to_string(d.mips - 1) + "], got " + std::to_string(reg.level));
    return;
  }
  const auto& lv = s.layout().levels[reg.level];
  const uint32_t slices = d.type == SurfaceType::k3D ? lv.depth : d.slices();
  if (uint64_t{reg.first_slice} + reg.slice_count > slices || reg.slice_count == 0 ||
      uint64_t{reg.x} + reg.width > lv.width || uint64_t{reg.y} + reg.height > lv.height ||
      reg.width == 0 || reg.height == 0) {
    r.err("SCENE-VALUE", ip,
          "region x " + std::to_string(reg.x) + " y " + std::to_string(reg.y) + " size " +
              std::to_string(reg.width) + "x" + std::to_string(reg.height) + " slices " +
              std::to_string(reg.first_slice) + "+" + std::to_string(reg.slice_count) +
              " must be non-empty and lie within level " + std::to_string(reg.level) + " (" +
              std::to_string(lv.width) + "x" + std::to_string(lv.height) + ", " +
              std::to_string(slices) + " slices)");
    return;
  }
  s.add_null_region(reg);
}

// "placement": a hwstate placement of the surface (the public Placement's fields), checked by
// hwstate's LAYOUT-* rules.
std::optional<hwstate::PlacedSurface> read_placement(JsonReader& r, const Json& v,
                                                     const std::string& path,
                                                     const SurfaceDesc& d) {
  if (!r.expect_object(v, path)) return std::nullopt;
  r.check_keys(v, path,
               {"tiling", "address", "row_pitch", "block_width_log2", "block_height_log2",
                "block_depth_log2", "halign", "valign", "qpitch", "array_pitch", "miptail_start"});
  const size_t errors_before = r.sink().error_count();
  hwstate::PlacedSurface p;
  p.desc = d;
  if (const Json* t = r.require(v, path, "tiling")) {
    std::vector<std::string_view> names;
    for (uint8_t i = 0; i <= static_cast<uint8_t>(hwstate::Tiling::kTileX); ++i)
      names.push_back(hwstate::tiling_name(static_cast<hwstate::Tiling>(i)));
    const auto lookup = [&](std::string_view n) -> std::optional<hwstate::Tiling> {
      for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == n) return static_cast<hwstate::Tiling>(i);
      return std::nullopt;
    };
    if (auto tl = r.as_name<hwstate::Tiling>(*t, json_member_path(path, "tiling"), "tiling", names,
                                             lookup))
      p.tiling.tiling = *tl;
  }
  if (const Json* a = r.member(v, "address")) {
    if (auto u = r.as_u64(*a, json_member_path(path, "address"))) p.base_address = *u;
  }
  auto u32 = [&](std::string_view key, uint32_t& field, uint32_t hi) {
    if (const Json* j = r.member(v, key)) {
      if (auto u = r.as_u32(*j, json_member_path(path, key), 0, hi)) field = *u;
    }
  };
  u32("row_pitch", p.tiling.row_pitch, UINT32_MAX);
  u32("halign", p.tiling.halign, UINT32_MAX);
  u32("valign", p.tiling.valign, UINT32_MAX);
  u32("qpitch", p.tiling.qpitch, UINT32_MAX);
  // Tile64 Mip Tail Start LOD, the 4-bit RENDER_SURFACE_STATE field; absent: isl's choice (TS1).
  u32("miptail_start", p.tiling.miptail_start, 15);
  auto log2 = [&](std::string_view key, uint8_t& field) {
    uint32_t x = field;
    u32(key, x, 255);
    field = static_cast<uint8_t>(x);
  };
  log2("block_width_log2", p.tiling.block_width_log2);
  log2("block_height_log2", p.tiling.block_height_log2);
  log2("block_depth_log2", p.tiling.block_depth_log2);
  if (const Json* a = r.member(v, "array_pitch")) {
    if (auto u = r.as_u64(*a, json_member_path(path, "array_pitch"))) p.tiling.array_pitch = *u;
  }
  if (r.sink().error_count() != errors_before) return std::nullopt;
  core::DiagSink sink;
  hwstate::validate_placement(p, sink);
  forward_diagnostics(r, sink, path);
  if (sink.has_errors()) return std::nullopt;
  return p;
}

}  // namespace

void load_surface(JsonReader& r, const Json& v, const std::string& path, Scene& scene) {
  if (!r.expect_object(v, path)) return;
  r.check_keys(v, path,
               {"id", "name", "type", "format", "width", "height", "depth", "layers", "mips",
                "samples", "data", "mcs", "clear_color", "null_tiles", "placement"});
  const size_t errors_before = r.sink().error_count();
  SceneSurface out;
  SurfaceDesc d;
  read_id_and_name(r, v, path, scene, out);
  read_surface_desc(r, v, path, d);
  if (r.sink().error_count() != errors_before) return;

  if (!validate_with_texunit(r, path, d)) return;
  if (const Json* pl = r.member(v, "placement")) {
    out.placement = read_placement(r, *pl, json_member_path(path, "placement"), d);
    if (!out.placement) return;
  }
  if (!r.charge(texunit::linear_layout(d).total_bytes, path)) return;

  out.surface = texunit::Surface(d);
  texunit::Surface& s = out.surface;
  if (const Json* data = r.member(v, "data")) {
    load_surface_data(r, *data, json_member_path(path, "data"), s);
  }
  read_msaa_state(r, v, path, d, s);

  if (const Json* nt = r.member(v, "null_tiles")) {
    const std::string np = json_member_path(path, "null_tiles");
    if (r.expect_array(*nt, np)) {
      for (size_t i = 0; i < nt->size(); ++i)
        read_null_tile(r, (*nt)[i], json_index_path(np, i), d, s);
    }
  }
  if (r.sink().error_count() == errors_before) scene.surfaces.push_back(std::move(out));
}

}  // namespace texsim::scene
