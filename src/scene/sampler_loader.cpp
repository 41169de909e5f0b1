// A scene's samplers: "samplers[i]" entries and the sampler state of ISA sampler pools, read
// into texunit::SamplerState (filters, address modes, border colours, compare, LOD, precision).
#include "scene/sampler_loader.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "core/text.hpp"

namespace texsim::scene {

namespace {

// "filter" (shorthand for min and mag), "min_filter", "mag_filter" and "mip_filter".
void read_filters(JsonReader& r, const Json& v, const std::string& path,
                  texunit::SamplerState& st) {
  auto p = [&](std::string_view key) { return json_member_path(path, key); };
  static constexpr std::array<std::string_view, 2> kFilters{"point", "linear"};
  static constexpr std::array<std::string_view, 3> kMipFilters{"none", "point", "linear"};
  const std::function<std::optional<texunit::Filter>(std::string_view)> filter_of =
      [](std::string_view s) -> std::optional<texunit::Filter> {
    if (core::iequals(s, "point") || core::iequals(s, "nearest")) return texunit::Filter::kPoint;
    if (core::iequals(s, "linear")) return texunit::Filter::kLinear;
    return std::nullopt;
  };
  if (const Json* f = r.member(v, "filter")) {  // shorthand for min and mag
    if (auto x = r.as_name<texunit::Filter>(*f, p("filter"), "filter", kFilters, filter_of)) {
      st.min_filter = st.mag_filter = *x;
    }
  }
  if (const Json* f = r.member(v, "min_filter")) {
    if (auto x = r.as_name<texunit::Filter>(*f, p("min_filter"), "filter", kFilters, filter_of)) {
      st.min_filter = *x;
    }
  }
  if (const Json* f = r.member(v, "mag_filter")) {
    if (auto x = r.as_name<texunit::Filter>(*f, p("mag_filter"), "filter", kFilters, filter_of)) {
      st.mag_filter = *x;
    }
  }
  if (const Json* f = r.member(v, "mip_filter")) {
    const std::function<std::optional<texunit::MipFilter>(std::string_view)> mip_of =
        [](std::string_view s) -> std::optional<texunit::MipFilter> {
      if (core::iequals(s, "none")) return texunit::MipFilter::kNone;
      if (core::iequals(s, "point") || core::iequals(s, "nearest"))
        return texunit::MipFilter::kPoint;
      if (core::iequals(s, "linear")) return texunit::MipFilter::kLinear;
      return std::nullopt;
    };
    if (auto x =
            r.as_name<texunit::MipFilter>(*f, p("mip_filter"), "mip filter", kMipFilters, mip_of)) {
      st.mip_filter = *x;
    }
  }
}

// "address": one mode for u, v and w, or an array of 1 to 3 (the last repeats).
void read_address_modes(JsonReader& r, const Json& v, const std::string& path,
                        texunit::SamplerState& st) {
  auto p = [&](std::string_view key) { return json_member_path(path, key); };
  if (const Json* a = r.member(v, "address")) {
    std::vector<std::string_view> names;
    for (uint8_t i = 0; i <= static_cast<uint8_t>(texunit::AddressMode::kMirrorOnce); ++i) {
      names.push_back(texunit::address_mode_name(static_cast<texunit::AddressMode>(i)));
    }
    const std::function<std::optional<texunit::AddressMode>(std::string_view)> addr_of =
        [](std::string_view s) { return texunit::address_mode_from_name(s); };
    if (a->is_string()) {
      if (auto m =
              r.as_name<texunit::AddressMode>(*a, p("address"), "address mode", names, addr_of)) {
        st.address = {*m, *m, *m};
      }
    } else if (r.expect_array(*a, p("address"))) {
      if (a->empty() || a->size() > 3) {
        r.err("SCENE-SIZE", p("address"),
              "expected 1 to 3 address modes (u, v, w), got " + std::to_string(a->size()));
      } else {
        for (size_t i = 0; i < 3; ++i) {
          const size_t src = std::min(i, a->size() - 1);
          if (i != src) {
            st.address[i] = st.address[src];
            continue;
          }
          if (auto m = r.as_name<texunit::AddressMode>((*a)[i], json_index_path(p("address"), i),
                                                       "address mode", names, addr_of)) {
            st.address[i] = *m;
          }
        }
      }
    }
  }
}

// "border_color" (floats; integral values also set the integer colour) and "border_color_int".
void read_border_colors(JsonReader& r, const Json& v, const std::string& path,
                        texunit::SamplerState& st) {
  auto p = [&](std::string_view key) { return json_member_path(path, key); };
  if (const Json* b = r.member(v, "border_color")) {
    if (r.expect_array(*b, p("border_color"))) {
      if (b->size() != 4) {
        r.err("SCENE-SIZE", p("border_color"),
              "expected 4 values (r, g, b, a), got " + std::to_string(b->size()));
      } else {
        for (size_t i = 0; i < 4; ++i) {
          if (auto d = r.as_number((*b)[i], json_index_path(p("border_color"), i))) {
            st.border_color[i] = static_cast<float>(*d);
            if (std::floor(*d) == *d && std::fabs(*d) < 4.3e9) {
              st.border_color_int[i] = static_cast<uint32_t>(static_cast<int64_t>(*d));
            }
          }
        }
      }
    }
  }
  if (const Json* b = r.member(v, "border_color_int")) {
    if (r.expect_array(*b, p("border_color_int"))) {
      if (b->size() != 4) {
        r.err("SCENE-SIZE", p("border_color_int"),
              "expected 4 values (r, g, b, a), got " + std::to_string(b->size()));
      } else {
        for (size_t i = 0; i < 4; ++i) {
          if (auto d = r.as_int((*b)[i], json_index_path(p("border_color_int"), i),
                                std::numeric_limits<int32_t>::min(),
                                std::numeric_limits<uint32_t>::max())) {
            st.border_color_int[i] = static_cast<uint32_t>(*d);
          }
        }
      }
    }
  }
}

// "compare" (null or absent: no depth compare).
void read_compare(JsonReader& r, const Json& v, const std::string& path,
                  texunit::SamplerState& st) {
  if (const Json* c = r.member(v, "compare"); c != nullptr && !c->is_null()) {
    std::vector<std::string_view> names;
    for (uint8_t i = 0; i <= static_cast<uint8_t>(texunit::CompareFunc::kAlways); ++i) {
      names.push_back(texunit::compare_func_name(static_cast<texunit::CompareFunc>(i)));
    }
    const std::function<std::optional<texunit::CompareFunc>(std::string_view)> cmp_of =
        [](std::string_view s) { return texunit::compare_func_from_name(s); };
    if (auto f = r.as_name<texunit::CompareFunc>(*c, json_member_path(path, "compare"),
                                                 "compare function", names, cmp_of)) {
      st.compare = *f;
    }
  }
}

// "lod_bias", "min_lod" and "max_lod" (each within its range), and "max_anisotropy" (a number, 1 to
// 16).
void read_lod_and_anisotropy(JsonReader& r, const Json& v, const std::string& path,
                             texunit::SamplerState& st) {
  auto p = [&](std::string_view key) { return json_member_path(path, key); };
  auto number = [&](std::string_view key, float& field, double lo, double hi) {
    if (const Json* j = r.member(v, key)) {
      if (auto d = r.as_number(*j, p(key))) {
        if (*d < lo || *d > hi) {
          std::ostringstream os;
          os << "must be in [" << lo << ", " << hi << "], got " << *d;
          r.err("SCENE-VALUE", p(key), os.str());
        } else {
          field = static_cast<float>(*d);
        }
      }
    }
  };
  number("lod_bias", st.lod_bias, -16.0, 15.99);
  number("min_lod", st.min_lod, -1000.0, 1000.0);
  number("max_lod", st.max_lod, -1000.0, 1000.0);
  number("max_anisotropy", st.max_anisotropy, 1.0, 16.0);  // Vulkan's float, fractions too
}

// "reduction": weighted average (or "average"), min or max.
void read_reduction(JsonReader& r, const Json& v, const std::string& path,
                    texunit::SamplerState& st) {
  if (const Json* red = JsonReader::member(v, "reduction")) {
    static constexpr std::array<std::string_view, 3> kRed{"weighted_average", "min", "max"};
    const std::function<std::optional<texunit::Reduction>(std::string_view)> red_of =
        [](std::string_view s) -> std::optional<texunit::Reduction> {
      if (core::iequals(s, "weighted_average") || core::iequals(s, "average")) {
        return texunit::Reduction::kWeightedAverage;
      }
      if (core::iequals(s, "min")) return texunit::Reduction::kMin;
      if (core::iequals(s, "max")) return texunit::Reduction::kMax;
      return std::nullopt;
    };
    if (auto x = r.as_name<texunit::Reduction>(*red, json_member_path(path, "reduction"),
                                               "reduction", kRed, red_of)) {
      st.reduction = *x;
    }
  }
}

}  // namespace

std::optional<SceneSampler> read_sampler(JsonReader& r, const Json& v, const std::string& path,
                                         bool with_id) {
  if (!r.expect_object(v, path)) return std::nullopt;
  if (with_id) {
    r.check_keys(v, path,
                 {"id", "min_filter", "mag_filter", "mip_filter", "filter", "address",
                  "border_color", "border_color_int", "compare", "lod_bias", "min_lod", "max_lod",
                  "max_anisotropy", "reduction", "normalized", "srgb_decode", "precision"});
  } else {
    r.check_keys(v, path,
                 {"min_filter", "mag_filter", "mip_filter", "filter", "address", "border_color",
                  "border_color_int", "compare", "lod_bias", "min_lod", "max_lod", "max_anisotropy",
                  "reduction", "normalized", "srgb_decode", "precision"});
  }
  const size_t before = r.sink().error_count();
  SceneSampler out;
  texunit::SamplerState& st = out.state;
  auto p = [&](std::string_view key) { return json_member_path(path, key); };
  if (with_id) {
    if (const Json* id = r.require(v, path, "id")) {
      if (auto i = r.as_u32(*id, p("id"))) out.id = *i;
    }
  }
  read_filters(r, v, path, st);
  read_address_modes(r, v, path, st);
  read_border_colors(r, v, path, st);
  read_compare(r, v, path, st);
  read_lod_and_anisotropy(r, v, path, st);
  read_reduction(r, v, path, st);
  if (const Json* b = r.member(v, "normalized")) {
    if (auto x = r.as_bool(*b, p("normalized"))) st.normalized_coords = *x;
  }
  if (const Json* b = r.member(v, "srgb_decode")) {
    if (auto x = r.as_bool(*b, p("srgb_decode"))) st.srgb_decode = *x;
  }
  if (const Json* pr = r.member(v, "precision")) {
    static constexpr std::array<std::string_view, 4> kPrec{"d3d", "exact", "lavapipe", "nvidia"};
    const std::function<std::optional<texunit::PrecisionKind>(std::string_view)> prec_of =
        [](std::string_view s) { return texunit::precision_from_name(s); };
    if (auto x = r.as_name<texunit::PrecisionKind>(*pr, p("precision"), "precision profile", kPrec,
                                                   prec_of)) {
      out.precision = *x;
    }
  }
  if (r.sink().error_count() != before) return std::nullopt;
  return out;
}

}  // namespace texsim::scene
