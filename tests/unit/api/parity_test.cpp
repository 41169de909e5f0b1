// C/C++ parity of the public API (issue 25 item 6, decision A2): every option of the C++ API is
// set through C and through C++, one table row each, and both must give the same bits.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "texsim/texsim.h"
#include "texsim/texsim.hpp"

// The number of fields of an aggregate: the most initializers T{...} takes. AnyField converts
// to every type; to an optional only through the optional's own constructor (no ambiguity). Its
// conversion is declared, never defined (only unevaluated requires-expressions use it), so it
// lives in a named namespace: clang rejects an undefined function with internal linkage.
namespace parity_fields {
template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};
struct AnyField {
  template <typename T>
  requires(!IsOptional<T>::value) operator T() const;
};
template <typename T, typename... A>
constexpr size_t field_count() {
  if constexpr (requires { T{A{}..., AnyField{}}; })
    return field_count<T, A..., AnyField>();
  else
    return sizeof...(A);
}

}  // namespace parity_fields

namespace {

using parity_fields::field_count;

// Every option struct has a row per field in the tables below; the C struct has struct_size
// more. A new field without a row fails here.
constexpr size_t kSampleOptionRows = 6, kFetchOptionRows = 3, kRunOptionRows = 5;
constexpr size_t kSceneOptionRows = 2, kBoundsOptionRows = 9;
static_assert(field_count<texsim::SampleOptions>() == kSampleOptionRows);
static_assert(field_count<texsim_sample_options>() == kSampleOptionRows + 1);
static_assert(field_count<texsim::FetchOptions>() == kFetchOptionRows);
static_assert(field_count<texsim_fetch_options>() == kFetchOptionRows + 1);
static_assert(field_count<texsim::RunOptions>() == kRunOptionRows);
// texsim_run_options spells settings as a pointer and a count.
static_assert(field_count<texsim_run_options>() == kRunOptionRows + 2);
static_assert(field_count<texsim::SceneOptions>() == kSceneOptionRows);
static_assert(field_count<texsim_scene_options>() == kSceneOptionRows + 1);
// texsim_bounds_options is flat; BoundsOptions nests the precision.
static_assert(field_count<texsim::BoundsPrecision>() + 1 == kBoundsOptionRows);
static_assert(field_count<texsim_bounds_options>() == kBoundsOptionRows + 1);
// The sampler, lanes and descriptions: C arrays count one per element (brace elision), the
// C++ std::arrays one each; struct_size is one more; a description's format is in both.
// C's sampler also has max_anisotropy_float (version 2) next to the integer.
static_assert(field_count<texsim_sampler>() == field_count<texsim::Sampler>() + 1 + 2 + 3 + 3 + 1);
static_assert(field_count<texsim_sample_lanes>() == field_count<texsim::SampleLanes>() + 1 + 2);
static_assert(field_count<texsim_fetch_lanes>() == field_count<texsim::FetchLanes>() + 1 + 2);
static_assert(field_count<texsim_surface_desc>() == field_count<texsim::SurfaceDesc>() + 1);

// A 16x16 RGBA8 surface of 5 levels of random texels, in both APIs.
struct Surfaces {
  std::optional<texsim::Surface> cpp;
  texsim_surface* c = nullptr;
  ~Surfaces() { texsim_surface_destroy(c); }
};
void make_surfaces(Surfaces& s, const char* format, uint32_t samples) {
  texsim::SurfaceDesc d;
  d.format = format;
  d.width = d.height = 16;
  d.mips = samples > 1 ? 1 : 5;
  d.samples = samples;
  texsim::Diagnostics diags;
  s.cpp = texsim::Surface::create(d, diags);
  ASSERT_TRUE(s.cpp);
  std::mt19937 rng(11);
  for (uint8_t& b : s.cpp->mutable_bytes()) b = static_cast<uint8_t>(rng());
  texsim_surface_desc cd = texsim_surface_desc_default();
  cd.format = format;
  cd.width = cd.height = 16;
  cd.mips = d.mips;
  cd.samples = samples;
  const std::span<const uint8_t> bytes = s.cpp->bytes();
  ASSERT_EQ(texsim_surface_create(&cd, bytes.data(), bytes.size(), &s.c), TEXSIM_OK)
      << texsim_last_error();
}

// Four result words per lane (and flags) and whether the call succeeded.
struct Words {
  bool ok = false;
  std::vector<uint32_t> r, g, b, a;
  std::vector<uint8_t> flags;
  explicit Words(size_t n) : r(n), g(n), b(n), a(n), flags(n) {}
  texsim::Results cpp() { return {r, g, b, a, flags}; }
  texsim_results c() {
    texsim_results o = texsim_results_default();
    o.r = r.data(), o.g = g.data(), o.b = b.data(), o.a = a.data(), o.flags = flags.data();
    return o;
  }
  bool operator==(const Words&) const = default;
};

// One message of 16 lanes (four quads): random coordinates beyond [0, 1], derivatives, LODs,
// comparison references and per-lane offsets.
struct Message {
  static constexpr size_t kN = 16;
  std::vector<float> u, v, lod, ddx_u, ddx_v, ddy_u, ddy_v, ref;
  std::vector<uint32_t> x, y, sample;
  Message() {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> coord(-0.6f, 1.6f), d(-0.2f, 0.2f), l(0.0f, 4.0f);
    for (size_t i = 0; i < kN; ++i) {
      u.push_back(coord(rng)), v.push_back(coord(rng)), lod.push_back(l(rng));
      ddx_u.push_back(d(rng)), ddx_v.push_back(d(rng)), ddy_u.push_back(d(rng));
      ddy_v.push_back(d(rng)), ref.push_back(coord(rng));
      x.push_back(static_cast<uint32_t>(rng() % 20)),
          y.push_back(static_cast<uint32_t>(rng() % 20));
      sample.push_back(static_cast<uint32_t>(rng() % 8));
    }
  }
  texsim::SampleLanes cpp(texsim::SampleOp op) const {
    texsim::SampleLanes l;
    l.count = kN, l.op = op, l.u = u, l.v = v, l.lod = lod, l.reference = ref;
    l.ddx_u = ddx_u, l.ddx_v = ddx_v, l.ddy_u = ddy_u, l.ddy_v = ddy_v;
    return l;
  }
  texsim_sample_lanes c(texsim_sample_op op) const {
    texsim_sample_lanes l = texsim_sample_lanes_default();
    l.count = kN, l.op = op, l.u = u.data(), l.v = v.data(), l.lod = lod.data();
    l.reference = ref.data();
    l.ddx_u = ddx_u.data(), l.ddx_v = ddx_v.data(), l.ddy_u = ddy_u.data();
    l.ddy_v = ddy_v.data();
    return l;
  }
};

// One sample message through C (NULL: the defaults) and through C++.
Words sample_c(const Surfaces& s, const Message& m, texsim_sample_op op, const texsim_sampler* smp,
               const texsim_sample_options* o) {
  Words w(Message::kN);
  const texsim_sampler dflt = texsim_sampler_default();
  const texsim_sample_lanes l = m.c(op);
  const texsim_results out = w.c();
  w.ok = texsim_sample(s.c, smp ? smp : &dflt, &l, &out, o, nullptr) == TEXSIM_OK;
  return w;
}
Words sample_cpp(const Surfaces& s, const Message& m, texsim::SampleOp op,
                 const texsim::Sampler& smp, const texsim::SampleOptions& o) {
  Words w(Message::kN);
  texsim::Diagnostics d;
  w.ok = texsim::sample(*s.cpp, smp, m.cpp(op), w.cpp(), o, d).ok;
  return w;
}

// A row: the option's name, how C and C++ set it, and whether it changes this test's results
// (threads never does; an option that must change them proves it reached the engine) against
// the defaults with only `prereq` applied (e.g. the border address mode a border colour needs).
template <typename C, typename Cpp>
struct Row {
  const char* name;
  std::function<void(C&)> c;
  std::function<void(Cpp&)> cpp;
  bool changes;
  std::function<void(C&)> prereq = nullptr;  // none
};

// Runs the default and every row through C and C++: the two agree everywhere, and a row that
// `changes` differs from the default.
template <typename C, typename Cpp, typename RunC, typename RunCpp>
void check_rows(const std::vector<Row<C, Cpp>>& rows, const C& c_default, RunC run_c,
                RunCpp run_cpp) {
  EXPECT_TRUE(run_c(c_default) == run_cpp(Cpp{})) << "the defaults disagree";
  for (const Row<C, Cpp>& row : rows) {
    C c = c_default;
    Cpp cpp{};
    row.c(c);
    row.cpp(cpp);
    const auto via_c = run_c(c);
    EXPECT_TRUE(via_c == run_cpp(cpp)) << row.name << ": C and C++ disagree";
    C before = c_default;
    if (row.prereq) row.prereq(before);
    if (row.changes) {
      EXPECT_FALSE(via_c == run_c(before)) << row.name << ": no effect";
    }
  }
}

// Sets the profile in either spelling.
template <typename O>
void set_profile(O& o, texsim_profile p) {
  o.profile = static_cast<decltype(o.profile)>(p);
}

TEST(ApiParity, EverySampleOptionThroughCAndCpp) {
  Surfaces s;
  make_surfaces(s, "R8G8B8A8_UNORM", 1);
  const Message m;
  using R = Row<texsim_sample_options, texsim::SampleOptions>;
  const auto lp = [](auto& o) { set_profile(o, TEXSIM_PROFILE_LAVAPIPE); };
  const std::vector<R> rows = {
      {"profile", [](auto& o) { o.profile = TEXSIM_PROFILE_EXACT; },
       [](auto& o) { o.profile = texsim::Profile::kExact; }, true},
      {"lavapipe_groups", [&](auto& o) { lp(o), o.lavapipe_groups = 0; },
       [&](auto& o) { lp(o), o.lavapipe_groups = false; }, true, lp},
      {"lavapipe_group_lanes", [&](auto& o) { lp(o), o.lavapipe_group_lanes = 4; },
       [&](auto& o) { lp(o), o.lavapipe_group_lanes = 4; }, false, lp},
      {"derivatives_from_quads", [](auto& o) { o.derivatives_from_quads = 1; },
       [](auto& o) { o.derivatives_from_quads = true; }, true},
      {"threads", [](auto& o) { o.threads = 0; }, [](auto& o) { o.threads = 0; }, false},
      // Every lane of this message is active: nothing for masked lanes to change (their effect:
      // Api.LavapipeMaskedLanesJoinGroupDecisions).
      {"lavapipe_masked_lanes", [&](auto& o) { lp(o), o.lavapipe_masked_lanes = 1; },
       [&](auto& o) { lp(o), o.lavapipe_masked_lanes = true; }, false, lp},
  };
  ASSERT_EQ(rows.size(), kSampleOptionRows);
  check_rows(
      rows, texsim_sample_options_default(),
      [&](const texsim_sample_options& o) {
        return sample_c(s, m, TEXSIM_OP_IMPLICIT, nullptr, &o);
      },
      [&](const texsim::SampleOptions& o) {
        return sample_cpp(s, m, texsim::SampleOp::kImplicit, {}, o);
      });
}

TEST(ApiParity, EverySamplerFieldThroughCAndCpp) {
  Surfaces s;
  make_surfaces(s, "R8G8B8A8_UNORM", 1);
  const Message m;
  using R = Row<texsim_sampler, texsim::Sampler>;
  const auto border = [](texsim_sampler& x) { x.address[1] = TEXSIM_ADDRESS_BORDER; };
  const std::vector<R> rows = {
      {"min_filter", [](auto& x) { x.min_filter = TEXSIM_FILTER_POINT; },
       [](auto& x) { x.min_filter = texsim::Filter::kPoint; }, true},
      {"mag_filter", [](auto& x) { x.mag_filter = TEXSIM_FILTER_POINT; },
       [](auto& x) { x.mag_filter = texsim::Filter::kPoint; }, true},
      {"mip_filter", [](auto& x) { x.mip_filter = TEXSIM_MIP_LINEAR; },
       [](auto& x) { x.mip_filter = texsim::MipFilter::kLinear; }, true},
      {"max_anisotropy", [](auto& x) { x.max_anisotropy = 16; },
       [](auto& x) { x.max_anisotropy = 16; }, true},
      // The float wins over the integer when it is not 0 (texsim.h).
      {"max_anisotropy_float",
       [](auto& x) { x.max_anisotropy = 16, x.max_anisotropy_float = 2.5f; },
       [](auto& x) { x.max_anisotropy = 2.5f; }, true},
      {"address", [](auto& x) { x.address[0] = TEXSIM_ADDRESS_WRAP; },
       [](auto& x) { x.address[0] = texsim::AddressMode::kWrap; }, true},
      {"border_color", [&](auto& x) { border(x), x.border_color[2] = 0.5f; },
       [](auto& x) { x.address[1] = texsim::AddressMode::kBorder, x.border_color[2] = 0.5f; }, true,
       border},
      // A UNORM surface reads the float border colour; the integer one is for integer formats.
      {"border_color_int", [&](auto& x) { border(x), x.border_color_int[2] = 7; },
       [](auto& x) { x.address[1] = texsim::AddressMode::kBorder, x.border_color_int[2] = 7; },
       false, border},
      {"lod_bias", [](auto& x) { x.lod_bias = 1.5f; }, [](auto& x) { x.lod_bias = 1.5f; }, true},
      {"min_lod", [](auto& x) { x.min_lod = 2.0f; }, [](auto& x) { x.min_lod = 2.0f; }, true},
      {"max_lod", [](auto& x) { x.max_lod = 0.5f; }, [](auto& x) { x.max_lod = 0.5f; }, true},
      {"compare", [](auto& x) { x.compare = TEXSIM_COMPARE_LESS; },
       [](auto& x) { x.compare = texsim::CompareFunc::kLess; }, true},
      {"normalized_coords", [](auto& x) { x.normalized_coords = 0; },
       [](auto& x) { x.normalized_coords = false; }, true},
      {"srgb_decode", [](auto& x) { x.srgb_decode = 0; }, [](auto& x) { x.srgb_decode = false; },
       false},
      {"reduction", [](auto& x) { x.reduction = TEXSIM_REDUCTION_MIN; },
       [](auto& x) { x.reduction = texsim::Reduction::kMin; }, true},
  };
  ASSERT_EQ(rows.size(), field_count<texsim::Sampler>() + 1);  // + max_anisotropy_float
  check_rows(
      rows, texsim_sampler_default(),
      [&](const texsim_sampler& smp) { return sample_c(s, m, TEXSIM_OP_GRAD, &smp, nullptr); },
      [&](const texsim::Sampler& smp) {
        return sample_cpp(s, m, texsim::SampleOp::kGrad, smp, {});
      });
}

TEST(ApiParity, EveryFetchOptionThroughCAndCpp) {
  Surfaces s;
  make_surfaces(s, "R8G8B8A8_UNORM", 4);  // samples 0..7 asked of 4
  const Message m;
  using R = Row<texsim_fetch_options, texsim::FetchOptions>;
  const std::vector<R> rows = {
      {"profile", [](auto& o) { o.profile = TEXSIM_PROFILE_LAVAPIPE; },
       [](auto& o) { o.profile = texsim::Profile::kLavapipe; }, false},
      {"sample_index", [](auto& o) { o.sample_index = TEXSIM_SAMPLE_INDEX_CLAMP; },
       [](auto& o) { o.sample_index = texsim::SampleIndexPolicy::kClamp; }, true},
      {"threads", [](auto& o) { o.threads = 3; }, [](auto& o) { o.threads = 3; }, false},
  };
  ASSERT_EQ(rows.size(), kFetchOptionRows);
  check_rows(
      rows, texsim_fetch_options_default(),
      [&](const texsim_fetch_options& o) {
        Words w(Message::kN);
        texsim_fetch_lanes l = texsim_fetch_lanes_default();
        l.count = Message::kN, l.x = m.x.data(), l.y = m.y.data(), l.sample = m.sample.data();
        const texsim_results out = w.c();
        w.ok = texsim_fetch(s.c, &l, &out, &o, nullptr) == TEXSIM_OK;
        return w;
      },
      [&](const texsim::FetchOptions& o) {
        Words w(Message::kN);
        texsim::FetchLanes l;
        l.count = Message::kN, l.x = m.x, l.y = m.y, l.sample = m.sample;
        texsim::Diagnostics d;
        w.ok = texsim::fetch(*s.cpp, l, w.cpp(), o, d).ok;
        return w;
      });
}

// What a run leaves: success, registers (bytes and definedness), trace, diagnostics' rules.
struct RunOutcome {
  bool ok = false;
  std::vector<std::vector<uint8_t>> bytes, defined;
  std::vector<std::string> trace, rules;
  bool operator==(const RunOutcome&) const = default;
};

std::string read_file(const std::string& path) {
  std::string text;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
    std::fclose(f);
  }
  return text;
}

std::vector<std::string> c_rules() {
  std::vector<std::string> rules;
  for (size_t i = 0; i < texsim_diagnostic_count(); ++i) {
    texsim_diagnostic d = texsim_diagnostic_default();
    if (texsim_diagnostic_get(i, &d) == TEXSIM_OK) rules.emplace_back(d.rule);
  }
  return rules;
}

RunOutcome run_c(const texsim_scene* scene, const std::string& prog, const texsim_run_options& o) {
  RunOutcome r;
  texsim_run* run = nullptr;
  r.ok =
      texsim_run_program(TEXSIM_ISA_VISA, prog.c_str(), "p.visaasm", scene, &o, &run) == TEXSIM_OK;
  r.rules = c_rules();
  for (size_t i = 0; i < texsim_run_register_count(run); ++i) {
    const uint8_t *bytes = nullptr, *defined = nullptr;
    size_t size = 0;
    EXPECT_EQ(texsim_run_register(run, i, nullptr, nullptr, &bytes, &defined, &size), TEXSIM_OK);
    r.bytes.emplace_back(bytes, bytes + size);
    r.defined.emplace_back(defined, defined + size);
  }
  for (size_t i = 0; i < texsim_run_trace_count(run); ++i)
    r.trace.emplace_back(texsim_run_trace(run, i));
  texsim_run_destroy(run);
  return r;
}

RunOutcome run_cpp(const texsim::Scene& scene, const std::string& prog,
                   const texsim::RunOptions& o) {
  RunOutcome r;
  texsim::Diagnostics d;
  const auto result = texsim::run(texsim::Isa::kVisa, {prog, "p.visaasm"}, scene, o, d);
  r.ok = result.has_value();
  for (const texsim::Diagnostic& x : d) r.rules.push_back(x.rule);
  if (!result) return r;
  for (const texsim::Register& reg : result->registers) {
    r.bytes.push_back(reg.bytes);
    std::vector<uint8_t> def(reg.bytes.size(), 1);
    for (size_t i = 0; i < reg.defined.size() && i < def.size(); ++i) def[i] = reg.defined[i];
    r.defined.push_back(def);
  }
  r.trace = result->trace;
  return r;
}

TEST(ApiParity, EveryRunOptionThroughCAndCpp) {
  const std::string dir = TEXSIM_SOURCE_DIR "/examples/visa/";
  const std::string prog = read_file(dir + "sampler3d.visaasm");
  texsim::Diagnostics d;
  const auto scene = texsim::Scene::load_file(dir + "sampler3d.json", d);
  ASSERT_TRUE(scene);
  texsim_scene* cscene = nullptr;
  ASSERT_EQ(texsim_scene_load_file((dir + "sampler3d.json").c_str(), nullptr, &cscene), TEXSIM_OK);
  static const texsim_setting kBadSetting[] = {{"media_oob", "sideways"}};
  using R = Row<texsim_run_options, texsim::RunOptions>;
  const std::vector<R> rows = {
      {"profile", [](auto& o) { o.profile = TEXSIM_PROFILE_LAVAPIPE; },
       [](auto& o) { o.profile = texsim::Profile::kLavapipe; }, true},
      {"platform", [](auto& o) { o.platform = "SKL"; }, [](auto& o) { o.platform = "SKL"; }, false},
      {"trace", [](auto& o) { o.trace = 1; }, [](auto& o) { o.trace = true; }, true},
      {"poison", [](auto& o) { o.poison = 0xcd; }, [](auto& o) { o.poison = 0xcd; }, true},
      {"settings", [](auto& o) { o.settings = kBadSetting, o.setting_count = 1; },
       [](auto& o) {
         o.settings = {{"media_oob", "sideways"}};
       },
       true},
  };
  ASSERT_EQ(rows.size(), kRunOptionRows);
  check_rows(
      rows, texsim_run_options_default(),
      [&](const texsim_run_options& o) { return run_c(cscene, prog, o); },
      [&](const texsim::RunOptions& o) { return run_cpp(*scene, prog, o); });
  texsim_scene_destroy(cscene);
}

// A scene whose PNG lies outside its folder (the name anchors relative paths).
TEST(ApiParity, EverySceneOptionThroughCAndCpp) {
  const std::string name = TEXSIM_SOURCE_DIR "/examples/visa/outside.json";
  const std::string json = R"({"texsim": 1, "surfaces": [{"id": 5, "type": "2D",
    "format": "R8G8B8A8_UNORM", "width": 16, "height": 16, "mips": "full",
    "data": {"file": "../scenes/images/gradient.png"}}]})";
  using R = Row<texsim_scene_options, texsim::SceneOptions>;
  const std::vector<R> rows = {
      {"allow_any_path", [](auto& o) { o.allow_any_path = 1; },
       [](auto& o) { o.allow_any_path = true; }, true},
      {"max_bytes", [](auto& o) { o.allow_any_path = 1, o.max_bytes = 64; },
       [](auto& o) { o.allow_any_path = true, o.max_bytes = 64; }, true,
       [](auto& o) { o.allow_any_path = 1; }},
  };
  ASSERT_EQ(rows.size(), kSceneOptionRows);
  using Outcome = std::pair<bool, std::vector<std::string>>;  // loaded, diagnostics' rules
  check_rows(
      rows, texsim_scene_options_default(),
      [&](const texsim_scene_options& o) {
        texsim_scene* sc = nullptr;
        const bool ok =
            texsim_scene_load_text(json.data(), json.size(), name.c_str(), &o, &sc) == TEXSIM_OK;
        texsim_scene_destroy(sc);
        return Outcome{ok, c_rules()};
      },
      [&](const texsim::SceneOptions& o) {
        texsim::Diagnostics d;
        const bool ok = texsim::Scene::load_text(json, name, d, o).has_value();
        std::vector<std::string> rules;
        for (const auto& x : d) rules.push_back(x.rule);
        return Outcome{ok, rules};
      });
}

TEST(ApiParity, EveryBoundsOptionThroughCAndCpp) {
  Surfaces s;
  make_surfaces(s, "R8G8B8A8_UNORM", 1);
  const Message m;
  using R = Row<texsim_bounds_options, texsim::BoundsOptions>;
  const std::vector<R> rows = {
      {"coord_bits", [](auto& o) { o.coord_bits = 3; }, [](auto& o) { o.precision.coord_bits = 3; },
       true},
      {"subtexel_bits", [](auto& o) { o.subtexel_bits = 1; },
       [](auto& o) { o.precision.subtexel_bits = 1; }, true},
      {"lod_bits", [](auto& o) { o.lod_bits = 1; }, [](auto& o) { o.precision.lod_bits = 1; },
       false},
      {"derivative_lod_bits", [](auto& o) { o.derivative_lod_bits = 0; },
       [](auto& o) { o.precision.derivative_lod_bits = 0; }, true},
      {"derivative_bits", [](auto& o) { o.derivative_bits = 1; },
       [](auto& o) { o.precision.derivative_bits = 1; }, true},
      {"blend_bits", [](auto& o) { o.blend_bits = 2; }, [](auto& o) { o.precision.blend_bits = 2; },
       false},
      {"color_bits", [](auto& o) { o.color_bits = 2; }, [](auto& o) { o.precision.color_bits = 2; },
       true},
      {"float_bits", [](auto& o) { o.float_bits = 3; }, [](auto& o) { o.precision.float_bits = 3; },
       false},
      {"derivatives_from_quads", [](auto& o) { o.derivatives_from_quads = 1; },
       [](auto& o) { o.derivatives_from_quads = true; }, false},
  };
  ASSERT_EQ(rows.size(), kBoundsOptionRows);
  constexpr size_t n = Message::kN;
  auto join = [](const Words& lo, const Words& hi) {
    Words w(2 * n);
    w.ok = lo.ok && hi.ok;
    for (size_t i = 0; i < n; ++i) {
      w.r[i] = lo.r[i], w.g[i] = lo.g[i], w.b[i] = lo.b[i], w.a[i] = lo.a[i];
      w.r[n + i] = hi.r[i], w.g[n + i] = hi.g[i], w.b[n + i] = hi.b[i], w.a[n + i] = hi.a[i];
      w.flags[i] = lo.flags[i];
    }
    return w;
  };
  check_rows(
      rows, texsim_bounds_options_default(),
      [&](const texsim_bounds_options& o) {
        Words lo(n), hi(n);
        const texsim_sampler smp = texsim_sampler_default();
        const texsim_sample_lanes l = m.c(TEXSIM_OP_GRAD);
        const texsim_results rlo = lo.c(), rhi = hi.c();
        lo.ok = hi.ok = texsim_sample_bounds(s.c, &smp, &l, &rlo, &rhi, &o, nullptr) == TEXSIM_OK;
        return join(lo, hi);
      },
      [&](const texsim::BoundsOptions& o) {
        Words lo(n), hi(n);
        texsim::Diagnostics d;
        lo.ok = hi.ok = texsim::sample_bounds(*s.cpp, {}, m.cpp(texsim::SampleOp::kGrad), lo.cpp(),
                                              hi.cpp(), o, d)
                            .ok;
        return join(lo, hi);
      });
}

}  // namespace
