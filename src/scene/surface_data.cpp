// A surface's "data" source read into its bytes: fill, generator, file (PNG, box-filtered mips),
// hex and texels, each checked against the surface's size and format.
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "scene/generate.hpp"
#include "scene/image.hpp"
#include "scene/surface_loader.hpp"

namespace texsim::scene {

using texunit::Format;
using texunit::SurfaceDesc;
using texunit::SurfaceType;
using texunit::Texel;

namespace {

std::vector<int> channel_order(Format f) {
  const texunit::FormatInfo& fi = texunit::format_info(f);
  std::vector<int> order;
  for (int c = 0; c < 4; ++c) {
    if (fi.channels[static_cast<size_t>(c)].bits != 0) order.push_back(c);
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return fi.channels[static_cast<size_t>(a)].offset < fi.channels[static_cast<size_t>(b)].offset;
  });
  return order;
}

std::string channel_letters(Format f) {
  static constexpr char kLetters[4] = {'R', 'G', 'B', 'A'};
  std::string out;
  for (int c : channel_order(f)) out += kLetters[c];
  return out;
}

}  // namespace

std::optional<Texel> texel_value(JsonReader& r, const Json& v, const std::string& path, Format f,
                                 bool for_clear) {
  const texunit::FormatInfo& fi = texunit::format_info(f);
  // fill / clear_color: [r, g, b, a] in component order (1 to 4 values, missing: 0, A: 1);
  // texels: one value per present channel in the format's channel order.
  std::vector<int> comps;
  if (for_clear) {
    comps = {0, 1, 2, 3};
  } else {
    comps = channel_order(f);
  }
  std::vector<const Json*> items;
  if (v.is_array()) {
    for (const auto& e : v) items.push_back(&e);
  } else if (v.is_number() && (comps.size() == 1 || !for_clear)) {
    items.push_back(&v);
  } else {
    r.type_err(path, for_clear ? "an array of 1 to 4 numbers" : "a number or an array of numbers",
               v);
    return std::nullopt;
  }
  if (for_clear ? (items.empty() || items.size() > 4) : items.size() != comps.size()) {
    r.err("SCENE-SIZE", path,
          for_clear ? "expected 1 to 4 values, got " + std::to_string(items.size())
                    : "expected " + std::to_string(comps.size()) + " value" +
                          (comps.size() == 1 ? "" : "s") + " (" + channel_letters(f) + ") for " +
                          std::string(fi.name) + ", got " + std::to_string(items.size()));
    return std::nullopt;
  }
  Texel t;
  t.kind = fi.result_kind;
  if (t.kind == texunit::TexelKind::kFloat) {
    t = Texel::from_float(0, 0, 0, 1);
  } else {
    t.bits = {0, 0, 0, 1};
  }
  bool ok = true;
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string ep = v.is_array() ? json_index_path(path, i) : path;
    const int c = comps[i];
    const unsigned bits = fi.channels[static_cast<size_t>(c)].bits;
    if (fi.result_kind == texunit::TexelKind::kFloat) {
      const auto d = r.as_number(*items[i], ep);
      if (!d) {
        ok = false;
        continue;
      }
      t.bits[static_cast<size_t>(c)] = std::bit_cast<uint32_t>(static_cast<float>(*d));
    } else {
      const bool sint = fi.result_kind == texunit::TexelKind::kSint;
      const unsigned nb = (bits == 0 || for_clear) ? 32 : bits;
      const int64_t lo = sint ? -(int64_t{1} << (nb - 1)) : 0;
      const int64_t hi = sint ? (int64_t{1} << (nb - 1)) - 1 : (int64_t{1} << nb) - 1;
      const auto iv = r.as_int(*items[i], ep, lo, hi);
      if (!iv) {
        ok = false;
        continue;
      }
      t.bits[static_cast<size_t>(c)] = static_cast<uint32_t>(*iv);
    }
  }
  if (!ok) return std::nullopt;
  return t;
}

namespace {

// "generator" data with its "seed" and "cell".
bool load_generator_data(JsonReader& r, const Json& v, const std::string& path, const Json& sv,
                         const std::string& sp, texunit::Surface& s) {
  static constexpr std::array<std::string_view, 4> kGens{"checker", "gradient", "random",
                                                         "mip-colors"};
  const auto g = r.as_name<Generator>(sv, sp, "generator", kGens, generator_from_name);
  GeneratorParams p;
  bool ok = g.has_value();
  if (g) p.kind = *g;
  if (const Json* seed = r.member(v, "seed")) {
    const auto sd = r.as_u64(*seed, json_member_path(path, "seed"));
    ok = ok && sd.has_value();
    if (sd) p.seed = *sd;
  }
  if (const Json* cell = r.member(v, "cell")) {
    const auto c = r.as_u32(*cell, json_member_path(path, "cell"), 1, 1u << 16);
    ok = ok && c.has_value();
    if (c) p.cell = *c;
  }
  if (!ok) return false;
  if (!generate(s, p)) {
    r.err("SCENE-VALUE", sp,
          "generator \"" + std::string(generator_name(p.kind)) +
              "\" needs an uncompressed format; only \"random\" fills " +
              std::string(texunit::format_info(s.desc().format).name));
    return false;
  }
  return true;
}

// "hex" data: exactly the surface's bytes.
bool load_hex_data(JsonReader& r, const Json& sv, const std::string& sp, texunit::Surface& s) {
  const SurfaceDesc& d = s.desc();
  const auto bytes = r.hex_bytes(sv, sp);
  if (!bytes) return false;
  const uint64_t want = s.layout().total_bytes;
  if (bytes->size() != want) {
    r.err("SCENE-SIZE", sp,
          "expected " + std::to_string(want) + " bytes (" + std::to_string(want * 2) +
              " hex digits) for this " + std::string(texunit::surface_type_name(d.type)) + " " +
              std::string(texunit::format_info(d.format).name) + " surface, got " +
              std::to_string(bytes->size()) + " bytes");
    return false;
  }
  std::copy(bytes->begin(), bytes->end(), s.bytes().begin());
  return true;
}

// "texels" data: one texel per texel of the surface (x fastest, then y, z or layer, mip, sample).
bool load_texels_data(JsonReader& r, const Json& sv, const std::string& sp, texunit::Surface& s) {
  const SurfaceDesc& d = s.desc();
  if (!r.expect_array(sv, sp)) return false;
  uint64_t want = 0;
  for (uint32_t l = 0; l < d.mips; ++l) {
    const auto& lv = s.layout().levels[l];
    const uint32_t slices = d.type == SurfaceType::k3D ? lv.depth : d.slices();
    want += uint64_t{lv.width} * lv.height * slices;
  }
  want *= d.samples;
  if (sv.size() != want) {
    r.err("SCENE-SIZE", sp,
          "expected " + std::to_string(want) +
              " texels (x fastest, then y, z or layer, mip, "
              "sample), got " +
              std::to_string(sv.size()));
    return false;
  }
  size_t i = 0;
  bool ok = true;
  for (uint32_t smp = 0; smp < d.samples; ++smp) {
    for (uint32_t l = 0; l < d.mips; ++l) {
      const auto& lv = s.layout().levels[l];
      const uint32_t slices = d.type == SurfaceType::k3D ? lv.depth : d.slices();
      for (uint32_t z = 0; z < slices; ++z) {
        for (uint32_t y = 0; y < lv.height; ++y) {
          for (uint32_t x = 0; x < lv.width; ++x, ++i) {
            const auto t = texel_value(r, sv[i], json_index_path(sp, i), d.format, false);
            if (!t) {
              ok = false;
              if (r.sink().error_count() > 50) return false;
              continue;
            }
            s.write_texel(smp, l, z, x, y, *t);
          }
        }
      }
    }
  }
  return ok;
}

// Writes `img` to level 0 of every slice and sample, and 2x2 box-filtered copies to lower levels.
void write_box_filtered_levels(const Image& img, texunit::Surface& s) {
  const SurfaceDesc& d = s.desc();
  for (uint32_t l = 0; l < d.mips; ++l) {
    const auto& lv = s.layout().levels[l];
    const uint32_t slices = d.type == SurfaceType::k3D ? lv.depth : d.slices();
    const uint32_t f = 1u << std::min<uint32_t>(l, 31);
    for (uint32_t y = 0; y < lv.height; ++y) {
      for (uint32_t x = 0; x < lv.width; ++x) {
        std::array<double, 4> sum{};
        uint32_t n = 0;
        for (uint64_t sy = uint64_t{y} * f;
             sy < std::min<uint64_t>(uint64_t{y + 1} * f, img.height); ++sy) {
          for (uint64_t sx = uint64_t{x} * f;
               sx < std::min<uint64_t>(uint64_t{x + 1} * f, img.width); ++sx) {
            const uint8_t* px = img.at(static_cast<uint32_t>(sx), static_cast<uint32_t>(sy));
            for (size_t c = 0; c < 4; ++c) sum[c] += px[c];
            ++n;
          }
        }
        std::array<float, 4> c{};
        for (size_t k = 0; k < 4; ++k) {
          c[k] = n == 0 ? 0.0f : static_cast<float>(sum[k] / n / 255.0);
        }
        const Texel t = unit_texel(d.format, c);
        for (uint32_t smp = 0; smp < d.samples; ++smp) {
          for (uint32_t z = 0; z < slices; ++z) s.write_texel(smp, l, z, x, y, t);
        }
      }
    }
  }
}

// file: a PNG for level 0 (every slice and sample); lower levels are 2x2 box-filtered.
bool load_png_data(JsonReader& r, const Json& sv, const std::string& sp, texunit::Surface& s) {
  const SurfaceDesc& d = s.desc();
  const auto p = r.resolve_file(sv, sp);
  if (!p) return false;
  std::string why;
  // The header is checked against the surface and the budget before any pixel is allocated;
  // the decoded RGBA8 copy is charged to the budget (issue 15 item 1).
  uint32_t hw = 0, hh = 0;
  if (!png_size(p->string(), hw, hh, why)) {
    r.err("SCENE-FILE", sp, "cannot read PNG \"" + sv.get<std::string>() + "\": " + why);
    return false;
  }
  if (hw != d.width || hh != d.height) {
    r.err("SCENE-SIZE", sp,
          "the PNG is " + std::to_string(hw) + "x" + std::to_string(hh) +
              ", the surface's level 0 is " + std::to_string(d.width) + "x" +
              std::to_string(d.height));
    return false;
  }
  if (!r.charge(uint64_t{hw} * hh * 4, sp)) return false;
  PngCheck check;  // checked again when decoding (the file may have changed)
  check.width = d.width;
  check.height = d.height;
  check.max_bytes = uint64_t{hw} * hh * 4;
  const auto img = read_png(p->string(), why, check);
  if (!img) {
    r.err("SCENE-FILE", sp, "cannot read PNG \"" + sv.get<std::string>() + "\": " + why);
    return false;
  }
  if (img->width != d.width || img->height != d.height) {
    r.err("SCENE-SIZE", sp,
          "the PNG is " + std::to_string(img->width) + "x" + std::to_string(img->height) +
              ", the surface's level 0 is " + std::to_string(d.width) + "x" +
              std::to_string(d.height));
    return false;
  }
  write_box_filtered_levels(*img, s);
  return true;
}

}  // namespace

bool load_surface_data(JsonReader& r, const Json& v, const std::string& path, texunit::Surface& s) {
  if (!r.expect_object(v, path)) return false;
  r.check_keys(v, path, {"fill", "generator", "seed", "cell", "file", "hex", "texels"});
  static constexpr std::array<std::string_view, 5> kSources{"fill", "generator", "file", "hex",
                                                            "texels"};
  std::vector<std::string_view> given;
  for (std::string_view k : kSources) {
    if (v.contains(std::string(k))) given.push_back(k);
  }
  if (given.size() != 1) {
    r.err(given.empty() ? "SCENE-MISSING" : "SCENE-VALUE", path,
          given.empty() ? "expected one data source: " + join_or(kSources)
                        : "expected one data source, got " + join_or(given));
    return false;
  }
  const std::string src(given[0]);
  const std::string sp = json_member_path(path, src);
  const Json& sv = v[src];
  const SurfaceDesc& d = s.desc();
  const texunit::FormatInfo& fi = texunit::format_info(d.format);
  if (src != "generator") {
    for (const char* k : {"seed", "cell"}) {
      if (v.contains(k)) {
        r.err("SCENE-KEY", json_member_path(path, k),
              std::string("\"") + k + "\" applies only to \"generator\" data", true);
      }
    }
  }
  if ((src == "fill" || src == "texels" || src == "file") && fi.is_compressed()) {
    r.err("SCENE-VALUE", sp,
          "\"" + src + "\" needs an uncompressed format; give " + std::string(fi.name) +
              " data as \"hex\" blocks");
    return false;
  }

  if (src == "fill") {
    const auto t = texel_value(r, sv, sp, d.format, true);
    if (!t) return false;
    s.fill(*t);  // encoded once (texel_value checked that it encodes)
    return true;
  }
  if (src == "generator") return load_generator_data(r, v, path, sv, sp, s);
  if (src == "hex") return load_hex_data(r, sv, sp, s);
  if (src == "texels") return load_texels_data(r, sv, sp, s);
  return load_png_data(r, sv, sp, s);
}

}  // namespace texsim::scene
