// libFuzzer target: the executors. Builds one valid-looking instruction (vISA or SASS) and a scene
// with hostile values (huge/zero sizes, mismatched data, overflowing extents) from the input; runs.
#include <fuzzer/FuzzedDataProvider.h>

#include <array>

#include "fuzz_common.hpp"
#include "isa/registry.hpp"
#include "scene/scene.hpp"

using namespace texsim;

namespace {

template <size_t N>
std::string_view one_of(FuzzedDataProvider& p, const std::array<std::string_view, N>& a) {
  return a[p.ConsumeIntegralInRange<size_t>(0, N - 1)];
}

// Sizes that break naive arithmetic, mixed with ordinary ones.
std::string hostile_size(FuzzedDataProvider& p) {
  static constexpr std::array<std::string_view, 16> k{
      "0",          "1",          "2",     "3",
      "4",          "7",          "8",     "16",
      "65",         "16384",      "65536", "2147483647",
      "4294967295", "4294967296", "-1",    "18446744073709551615"};
  if (p.ConsumeBool()) return std::to_string(p.ConsumeIntegralInRange<uint32_t>(0, 40));
  return std::string(one_of(p, k));
}

std::string u32(FuzzedDataProvider& p) {
  switch (p.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      return std::to_string(p.ConsumeIntegralInRange<uint32_t>(0, 70));
    case 1:
      return std::to_string(p.ConsumeIntegral<uint32_t>());
    case 2:
      return std::to_string(0xffffffffu - p.ConsumeIntegralInRange<uint32_t>(0, 70));
    default:
      return std::to_string(0x80000000u - p.ConsumeIntegralInRange<uint32_t>(0, 70));
  }
}

std::string hex_bytes(FuzzedDataProvider& p, size_t max) {
  const size_t n = p.ConsumeIntegralInRange<size_t>(0, max);
  std::string s;
  static const char* d = "0123456789abcdef";
  for (size_t i = 0; i < n; ++i) {
    const uint8_t b = p.ConsumeIntegral<uint8_t>();
    s += d[b >> 4];
    s += d[b & 15];
  }
  return s;
}

std::string data_source(FuzzedDataProvider& p) {
  switch (p.ConsumeIntegralInRange<int>(0, 6)) {
    case 0:
      return "";
    case 1:
      return R"(, "data": {"generator": "gradient"})";
    case 2:
      return R"(, "data": {"generator": "random", "seed": )" + u32(p) + "}";
    case 3:
      return R"(, "data": {"generator": "checker", "cell": )" + hostile_size(p) + "}";
    case 4:
      return R"(, "data": {"generator": "mip-colors"})";
    case 5:
      return R"(, "data": {"fill": [0.5, )" + u32(p) + ", -1, 2]}";
    default:
      return R"(, "data": {"hex": ")" + hex_bytes(p, 600) + "\"}";
  }
}

std::string surface(FuzzedDataProvider& p, uint32_t id) {
  static constexpr std::array<std::string_view, 7> kTypes{"1D", "1D_ARRAY", "2D",        "2D_ARRAY",
                                                          "3D", "CUBE",     "CUBE_ARRAY"};
  static constexpr std::array<std::string_view, 16> kFormats{
      "R8_UINT",          "R8G8B8A8_UNORM", "R32G32B32A32_FLOAT", "R16G16_SINT",
      "BC1_UNORM",        "BC3_UNORM_SRGB", "BC4_SNORM",          "R32_FLOAT",
      "R10G10B10A2_UINT", "D32_FLOAT",      "D24_UNORM_S8_UINT",  "R11G11B10_FLOAT",
      "R32G32B32_UINT",   "R8G8_SNORM",     "B5G6R5_UNORM",       "R8G8B8A8_UNORM_SRGB"};
  std::string s = "{\"id\": " + std::to_string(id) + ", \"type\": \"" +
                  std::string(one_of(p, kTypes)) + "\", \"format\": \"" +
                  std::string(one_of(p, kFormats)) + "\", \"width\": " + hostile_size(p);
  if (p.ConsumeBool()) s += ", \"height\": " + hostile_size(p);
  if (p.ConsumeBool()) s += ", \"depth\": " + hostile_size(p);
  if (p.ConsumeBool()) s += ", \"layers\": " + hostile_size(p);
  if (p.ConsumeBool())
    s += ", \"mips\": " + (p.ConsumeBool() ? std::string("\"full\"") : hostile_size(p));
  if (p.ConsumeBool()) s += ", \"samples\": " + hostile_size(p);
  s += data_source(p);
  if (p.ConsumeBool()) {
    s += ", \"null_tiles\": [{\"level\": " + hostile_size(p) + ", \"x\": " + hostile_size(p) +
         ", \"width\": " + hostile_size(p) + "}]";
  }
  return s + "}";
}

std::string sampler(FuzzedDataProvider& p, const std::string& id_key) {
  static constexpr std::array<std::string_view, 5> kAddr{"wrap", "mirror", "clamp", "border",
                                                         "mirror_once"};
  static constexpr std::array<std::string_view, 3> kPrec{"d3d", "exact", "lavapipe"};
  std::string s =
      "{" + id_key + "\"filter\": \"" + (p.ConsumeBool() ? "linear" : "point") +
      "\", \"mip_filter\": \"" + (p.ConsumeBool() ? "linear" : "point") + "\", \"address\": \"" +
      std::string(one_of(p, kAddr)) +
      "\", \"max_anisotropy\": " + std::to_string(p.ConsumeIntegralInRange<int>(1, 16)) +
      ", \"precision\": \"" + std::string(one_of(p, kPrec)) + "\"";
  if (p.ConsumeBool())
    s += ", \"lod_bias\": " + std::to_string(p.ConsumeIntegralInRange<int>(-16, 15));
  return s + "}";
}

std::string buffer(FuzzedDataProvider& p) {
  if (p.ConsumeBool()) return "{\"size\": " + hostile_size(p) + "}";
  std::string s = "{\"hex\": \"" + hex_bytes(p, 256) + "\"";
  if (p.ConsumeBool()) s += ", \"size\": " + hostile_size(p);
  return s + "}";
}

// A vISA program: declarations of every variable the templates use, then one instruction.
std::string visa_program(FuzzedDataProvider& p) {
  static constexpr std::array<std::string_view, 6> kMediaMods{"nomod",    "top",     "bottom",
                                                              "modified", "top_mod", "bottom_mod"};
  static constexpr std::array<std::string_view, 5> kSurfaces{"T6", "T7", "%slm", "%bss",
                                                             "%scratch"};
  static constexpr std::array<std::string_view, 4> kPreds{"", "(P1) ", "(!P1.any) ", "(P1.all) "};
  std::string s =
      ".version 4.2\n.kernel \"fuzz\"\n.decl T6 v_type=T num_elts=1\n.decl T7 v_type=T num_elts=1\n"
      ".decl V33 v_type=G type=ud num_elts=1 align=dword\n.decl V34 v_type=G type=ud num_elts=1 "
      "align=dword\n"
      ".decl V35 v_type=G type=ub num_elts=1024 align=GRF\n.decl V40 v_type=G type=ud num_elts=32 "
      "align=GRF\n"
      ".decl V41 v_type=G type=ud num_elts=32 align=GRF\n.decl P1 v_type=P num_elts=32\n";
  auto xy = [&] {
    if (p.ConsumeBool())
      return "0x" + [&] {
        char b[16];
        std::snprintf(b, sizeof b, "%x", p.ConsumeIntegral<uint32_t>());
        return std::string(b);
      }() + ":ud";
    return std::string(p.ConsumeBool() ? "V33(0,0)<0;1,0>" : "V34(0,0)<0;1,0>");
  };
  if (p.ConsumeBool()) {
    const unsigned w = p.ConsumeIntegralInRange<unsigned>(1, 64);
    const unsigned h = p.ConsumeIntegralInRange<unsigned>(1, 64);
    s += "media_ld." + std::string(one_of(p, kMediaMods)) + " (" + std::to_string(w) + "," +
         std::to_string(h) + ") " + (p.ConsumeBool() ? "T6" : "T7") + " " +
         std::to_string(p.ConsumeIntegralInRange<unsigned>(0, 3)) + " " + xy() + " " + xy() +
         " V35.0\n";
  } else {
    static constexpr std::array<unsigned, 3> kBlocks{1, 2, 4};
    static constexpr std::array<unsigned, 6> kSizes{1, 2, 4, 8, 16, 32};
    const unsigned mask = p.ConsumeIntegralInRange<unsigned>(1, 8);
    s += std::string(one_of(p, kPreds)) + "gather_scaled." +
         std::to_string(kBlocks[p.ConsumeIntegralInRange<size_t>(0, 2)]) + " (M" +
         std::to_string(mask) + (p.ConsumeBool() ? "_NM" : "") + ", " +
         std::to_string(kSizes[p.ConsumeIntegralInRange<size_t>(0, 5)]) + ") " +
         std::string(one_of(p, kSurfaces)) + " " + xy() + " V40.0 V41.0\n";
  }
  return s;
}

std::string sass_program(FuzzedDataProvider& p) {
  static constexpr std::array<std::string_view, 8> kDims{
      "1D", "2D", "3D", "ARRAY_2D", "CUBE", "ARRAY_1D", "ARRAY_3D", "ARRAY_CUBE"};
  static constexpr std::array<std::string_view, 8> kMasks{"R",  "G",   "RG",   "RA",
                                                          "GA", "RGB", "RGBA", "BA"};
  static constexpr std::array<std::string_view, 3> kOps{"TLDS", "TEXS", "TLD4S"};
  static constexpr std::array<std::string_view, 4> kComps{".R", ".G", ".B", ".A"};
  std::string s;
  if (p.ConsumeBool()) s += p.ConsumeBool() ? "@P0 " : "@!P1 ";
  const std::string_view op = one_of(p, kOps);  // TEXS/TLD4S: the sampler pool (issue 19)
  s += op;
  if (p.ConsumeBool()) s += ".F16";
  if (op == "TLD4S") {
    if (p.ConsumeBool()) s += ".RTZ";
    s += one_of(p, kComps);
  } else if (op == "TLDS" || p.ConsumeBool()) {
    s += p.ConsumeBool() ? ".LZ" : ".LL";
  }
  if (op != "TEXS" && p.ConsumeBool()) s += ".AOFFI";
  if (op == "TLDS" && p.ConsumeBool()) s += ".MS";
  if (op != "TLDS" && p.ConsumeBool()) s += ".DC";
  if (p.ConsumeBool()) s += ".NODEP";
  const int reg = op == "TLD4S" ? 1 : p.ConsumeIntegralInRange<int>(0, 3);
  auto r = [&](bool rz_ok) {
    const unsigned n = p.ConsumeIntegralInRange<unsigned>(0, 40);
    return (rz_ok && n == 40) ? std::string("RZ") : "R" + std::to_string(n);
  };
  s += " " + r(true) + ", " + r(false) + ", " + r(false);
  if (reg != 0) s += ", " + r(true);
  char idx[16];
  std::snprintf(idx, sizeof idx, "0x%x", p.ConsumeIntegralInRange<unsigned>(0, 0x1fff));
  s += std::string(", ") + idx;
  if (op != "TLD4S")
    s += ", " + std::string(one_of(p, kDims)) + ", " + std::string(one_of(p, kMasks));
  return s + " ;\n";
}

std::string scene_json(FuzzedDataProvider& p, bool is_sass) {
  std::string s = std::string("{\"texsim\": 1, \"isa\": \"") + (is_sass ? "sass" : "visa") +
                  "\", \"surfaces\": [";
  const int n = p.ConsumeIntegralInRange<int>(0, 3);
  static constexpr std::array<uint32_t, 4> kIds{0, 6, 7, 1};
  for (int i = 0; i < n; ++i) s += (i ? ", " : "") + surface(p, kIds[static_cast<size_t>(i)]);
  s += "]";
  if (!is_sass && p.ConsumeBool()) s += ", \"samplers\": [" + sampler(p, "\"id\": 0, ") + "]";
  if (p.ConsumeBool()) {
    s += ", \"memory\": {\"slm\": " + buffer(p);
    if (p.ConsumeBool()) s += ", \"stateless\": " + buffer(p);
    s += "}";
  }
  if (is_sass) {
    s += ", \"registers\": {";
    for (int i = 0; i < 8; ++i)
      s += "\"R" + std::to_string(p.ConsumeIntegralInRange<int>(0, 40)) + "\": " + u32(p) + ", ";
    s += "\"P0\": " + std::string(p.ConsumeBool() ? "true" : "false") + "}";
    s += ", \"const_banks\": {\"1\": {\"words\": {\"0x7\": " + u32(p) + ", \"0x" +
         [&] {
           char b[8];
           std::snprintf(b, sizeof b, "%x", p.ConsumeIntegralInRange<unsigned>(0, 0x3fff));
           return std::string(b);
         }() +
         "\": " + u32(p) + "}}}, \"tex_bank\": 1";
    s += ", \"texture_headers\": {\"max_index\": " + u32(p) + ", \"entries\": {\"" +
         std::to_string(p.ConsumeIntegralInRange<int>(0, 8)) +
         "\": {\"surface\": " + std::to_string(kIds[p.ConsumeIntegralInRange<size_t>(0, 3)]) +
         ", \"min_level\": " + hostile_size(p) + ", \"max_level\": " + hostile_size(p) + "}}}";
    if (p.ConsumeBool())
      s += ", \"texture_samplers\": {\"max_index\": " + std::string(p.ConsumeBool() ? "4" : "0") +
           ", \"entries\": {\"0\": " + sampler(p, "") + "}}";
    s += ", \"fp16_rounding\": \"" + std::string(p.ConsumeBool() ? "rn" : "rz") + "\"";
  } else {
    s += ", \"registers\": {\"V33\": {\"type\": \"UD\", \"values\": [" + u32(p) +
         "]}, \"V34\": {\"type\": \"UD\", \"values\": [" + u32(p) +
         "]}, \"V40\": {\"type\": \"UD\", \"values\": [";
    for (int i = 0; i < 32; ++i) s += (i ? ", " : "") + u32(p);
    s += "]}, \"P1\": {\"type\": \"UD\", \"values\": [" + u32(p) + "]}}";
    if (p.ConsumeBool()) s += ", \"dispatch_mask\": " + u32(p);
  }
  return s + "}";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider p(data, size);
  const bool is_sass = p.ConsumeBool();
  const isa::Frontend& fe = is_sass ? fuzz::sass() : fuzz::visa();
  const std::string_view platform =
      is_sass
          ? fuzz::pick(isa::registry().find("sass")->info().platforms, p.ConsumeIntegral<uint8_t>())
          : fuzz::pick(isa::registry().find("visa")->info().platforms,
                       p.ConsumeIntegral<uint8_t>());
  const std::string program = is_sass ? sass_program(p) : visa_program(p);
  const std::string json = scene_json(p, is_sass);

  core::DiagSink ssink;
  scene::LoadOptions opt;
  opt.max_bytes = fuzz::kSceneBudget;
  opt.sections = isa::registry().scene_sections();
  const auto sc = scene::load_scene_text(json, "/nonexistent-texsim-fuzz/scene.json", ssink, opt);
  if (!sc) {
    // Over budget, zero-sized, mismatched data, ...: a diagnostic, never an allocation failure.
    fuzz::check(ssink.has_errors(), "a hostile scene failed without a diagnostic", json);
    return 0;
  }
  fuzz::check(fuzz::scene_bytes(*sc) <= fuzz::kSceneBudget,
              "a loaded scene exceeds the memory budget", json);

  core::DiagSink psink;
  const auto prog = fe.parse({is_sass ? "fuzz.sass" : "fuzz.visaasm", program}, platform, psink);
  if (!prog) return 0;
  isa::ExecOptions eo;
  eo.trace = p.ConsumeBool();
  if (p.ConsumeBool()) eo.poison = p.ConsumeIntegral<uint8_t>();
  static constexpr std::array<texunit::PrecisionKind, 3> kPrec{texunit::PrecisionKind::kD3D,
                                                               texunit::PrecisionKind::kExact,
                                                               texunit::PrecisionKind::kLavapipe};
  eo.precision = kPrec[p.ConsumeIntegralInRange<size_t>(0, 2)];
  core::DiagSink esink;
  const auto r = fe.execute(*prog, *sc, platform, eo, esink);
  if (!r)
    fuzz::check(esink.has_errors(), "execute failed without an error diagnostic", program, json);
  return 0;
}
