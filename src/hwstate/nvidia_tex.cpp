// The NVIDIA platform rows over the generated class tables, header-version selection and the
// TIC/TSC rules that combine fields. Rules cite open-gpu-doc classes/3d/cl*97tex.h; where the
// header leaves a combination unstated the rule is a decision (docs/decisions.md, DS1..).
#include "hwstate/nvidia_tex.hpp"

#include <array>
#include <span>
#include <string>

#include "core/text.hpp"
#include "hwstate/nvidia_tables.hpp"

namespace texsim::hwstate::nvidia {

namespace {

// open-gpu-doc classes/3d: <class>tex.h per 3D class; SM numbers per the CUDA compute
// capabilities of the class's chips.
const std::array kPlatforms = {
    Platform{"SM50", "MAXWELL_A", "clb097tex.h", kB097Types},
    Platform{"SM52", "MAXWELL_B", "clb197tex.h", kB197Types},
    Platform{"SM53", "MAXWELL_B", "clb197tex.h", kB197Types},
    Platform{"SM60", "PASCAL_A", "clc097tex.h", kC097Types},
    Platform{"SM61", "PASCAL_B", "clc197tex.h", kC197Types},
    Platform{"SM62", "PASCAL_B", "clc197tex.h", kC197Types},
    Platform{"SM70", "VOLTA_A", "clc397tex.h", kC397Types},
    Platform{"SM72", "VOLTA_A", "clc397tex.h", kC397Types},
    Platform{"SM75", "TURING_A", "clc597tex.h", kC597Types},
    Platform{"SM80", "AMPERE_A", "clc697tex.h", kC697Types},
    Platform{"SM86", "AMPERE_B", "clc797tex.h", kC797Types},
    Platform{"SM87", "AMPERE_B", "clc797tex.h", kC797Types},
    Platform{"SM89", "ADA_A", "clc997tex.h", kC997Types},
    Platform{"SM90", "HOPPER_A", "clcb97tex.h", kCB97Types},
    // hwstate-only platforms (no SASS front end): Blackwell's classes by the chip both public
    // tables put under them, GB100 (CC 10.0) and GB20x (CC 12.0) (decision TV2).
    Platform{"SM100", "BLACKWELL_A", "clcd97tex.h", kCD97Types},
    Platform{"SM120", "BLACKWELL_B", "clce97tex.h", kCE97Types},
};

// HEADER_VERSION values (TEXHEAD_BL_HEADER_VERSION_SELECT_*) -> type names.
constexpr std::array<std::string_view, 5> kVersionTypes = {
    "TIC.ONE_D_BUFFER", "TIC.PITCH_COLOR_KEY", "TIC.PITCH", "TIC.BLOCKLINEAR",
    "TIC.BLOCKLINEAR_COLOR_KEY"};
// V2 HEADER_VERSION values (TEXHEAD_V2_BL_HEADER_VERSION_SELECT_*) -> type names; 0 names none.
constexpr std::array<std::string_view, 7> kVersionTypesV2 = {"",
                                                             "TIC.V2.PITCH_COLOR_KEY",
                                                             "TIC.V2.PITCH",
                                                             "TIC.V2.BLOCKLINEAR",
                                                             "TIC.V2.BLOCKLINEAR_COLOR_KEY",
                                                             "TIC.V2.ONE_D_RAW_TYPED",
                                                             "TIC.V2.ONE_D_STRUCT_BUF"};

std::string_view version_type(TicFamily f, uint32_t version) {
  const std::span<const std::string_view> names =
      f == TicFamily::kV2 ? std::span<const std::string_view>(kVersionTypesV2)
                          : std::span<const std::string_view>(kVersionTypes);
  return version < names.size() ? names[version] : std::string_view{};
}

std::string cite(const DescriptorType& t, std::string_view field) {
  return std::string(t.citation) + ", " + std::string(field);
}

std::optional<uint64_t> field(const DescriptorType& t, std::span<const uint8_t> e,
                              std::string_view name) {
  if (const FieldDesc* f = t.find_field(name)) return get_bits(e, f->hi, f->lo);
  return std::nullopt;
}

void check_tic(const DescriptorType& t, std::span<const uint8_t> e, core::DiagSink& sink,
               const core::Location& loc) {
  const uint32_t version = tic_header_version(e, family_of(t));
  const std::string_view named = version_type(family_of(t), version);
  if (named != t.name)
    sink.error("TIC-HEADER_VERSION", loc,
               std::string(t.name) + " bytes hold HEADER_VERSION " + std::to_string(version) +
                   (named.empty() ? std::string(" (no version)") : " (" + std::string(named) + ")"),
               cite(t, "HEADER_VERSION"));
  const auto vmin = field(t, e, "RES_VIEW_MIN_MIP_LEVEL");
  const auto vmax = field(t, e, "RES_VIEW_MAX_MIP_LEVEL");
  const auto max_level = field(t, e, "MAX_MIP_LEVEL");
  if (vmin && vmax && max_level && (*vmin > *vmax || *vmax > *max_level))
    sink.error("TIC-VIEW_LEVELS", loc,
               "RES_VIEW_MIN_MIP_LEVEL " + std::to_string(*vmin) + " <= RES_VIEW_MAX_MIP_LEVEL " +
                   std::to_string(*vmax) + " <= MAX_MIP_LEVEL " + std::to_string(*max_level) +
                   " does not hold",
               cite(t, "RES_VIEW_MIN_MIP_LEVEL") + " (decision DS3)");
  const FieldDesc* ms = t.find_field("MULTI_SAMPLE_COUNT");
  const FieldDesc* tt = t.find_field("TEXTURE_TYPE");
  if (ms && tt && get_bits(e, ms->hi, ms->lo) != 0) {
    const EnumValue* type = tt->find_value(get_bits(e, tt->hi, tt->lo));
    const std::string_view n = type ? type->name : std::string_view{};
    if (n != "TWO_D" && n != "TWO_D_ARRAY" && n != "TWO_D_NO_MIPMAP")
      sink.error("TIC-MULTI_SAMPLE", loc,
                 "MULTI_SAMPLE_COUNT " + value_text(*ms, get_bits(e, ms->hi, ms->lo)) +
                     " needs TEXTURE_TYPE TWO_D, TWO_D_ARRAY or TWO_D_NO_MIPMAP, got " +
                     value_text(*tt, get_bits(e, tt->hi, tt->lo)),
                 cite(t, "MULTI_SAMPLE_COUNT") + " (decision DS3)");
  }
}

void check_tsc(const DescriptorType& t, std::span<const uint8_t> e, core::DiagSink& sink,
               const core::Location& loc) {
  const auto lo = field(t, e, "MIN_LOD_CLAMP");
  const auto hi = field(t, e, "MAX_LOD_CLAMP");
  if (lo && hi && *lo > *hi)
    sink.warning("TSC-LOD_CLAMP", loc,
                 "MIN_LOD_CLAMP " + value_text(*t.find_field("MIN_LOD_CLAMP"), *lo) +
                     " is above MAX_LOD_CLAMP " + value_text(*t.find_field("MAX_LOD_CLAMP"), *hi) +
                     ": the clamp order is the texture unit's (decision DS3)",
                 cite(t, "MIN_LOD_CLAMP"));
}

}  // namespace

std::span<const Platform> platforms() {
  return kPlatforms;
}

const Platform* find_platform(std::string_view name) {
  for (const Platform& p : kPlatforms)
    if (core::iequals(p.name, name)) return &p;
  return nullptr;
}

const DescriptorType* find_type(const Platform& p, std::string_view type_name) {
  for (const DescriptorType& t : p.types)
    if (core::iequals(t.name, type_name)) return &t;
  return nullptr;
}

const DescriptorType& tsc_type(const Platform& p) {
  const DescriptorType* t = find_type(p, "TSC");
  return *t;
}

bool has_family(const Platform& p, TicFamily f) {
  for (const DescriptorType& t : p.types)
    if (t.rule_prefix() == "TIC" && family_of(t) == f) return true;
  return false;
}

TicFamily default_family(const Platform& p) {
  return has_family(p, TicFamily::kV1) ? TicFamily::kV1 : TicFamily::kV2;
}

TicFamily family_of(const DescriptorType& t) {
  return t.name.starts_with("TIC.V2.") ? TicFamily::kV2 : TicFamily::kV1;
}

uint32_t tic_header_version(std::span<const uint8_t> entry, TicFamily f) {
  return static_cast<uint32_t>(f == TicFamily::kV2 ? get_bits(entry, 127, 124)
                                                   : get_bits(entry, 87, 85));
}

const DescriptorType* tic_type(const Platform& p, std::span<const uint8_t> entry,
                               core::DiagSink& sink, const core::Location& loc,
                               std::optional<TicFamily> f) {
  const TicFamily family = f.value_or(default_family(p));
  const std::string cite = "open-gpu-doc classes/3d/" + std::string(p.header) +
                           (family == TicFamily::kV2 ? ", Texture Header V2" : "") +
                           ", HEADER_VERSION";
  if (!has_family(p, family)) {
    sink.error(
        "TIC-HEADER_VERSION", loc,
        std::string(p.name) + " (" + std::string(p.class_name) + ") has no " +
            (family == TicFamily::kV2 ? "\"Texture Header V2\"" : "\"Texture Header State\"") +
            " headers (SET_TEXTURE_HEADER_VERSION " +
            std::to_string(static_cast<unsigned>(family)) + ")",
        "open-gpu-doc classes/3d/" + std::string(p.header) + " (decision TV1)");
    return nullptr;
  }
  const uint32_t v = tic_header_version(entry, family);
  if (const std::string_view name = version_type(family, v); !name.empty())
    if (const DescriptorType* t = find_type(p, name)) return t;
  sink.error("TIC-HEADER_VERSION", loc,
             "HEADER_VERSION " + std::to_string(v) + " names no texture header version of " +
                 std::string(p.name) +
                 (family == TicFamily::kV2 ? " V2 (1..6, MW(127:124))" : " (0..4)"),
             cite);
  return nullptr;
}

bool validate_entry(const DescriptorType& type, std::span<const uint8_t> entry,
                    core::DiagSink& sink, const core::Location& loc) {
  const size_t before = sink.error_count();
  validate(type, entry, sink, loc);
  if (type.rule_prefix() == "TIC") check_tic(type, entry, sink, loc);
  if (type.rule_prefix() == "TSC") check_tsc(type, entry, sink, loc);
  return sink.error_count() == before;
}

}  // namespace texsim::hwstate::nvidia
