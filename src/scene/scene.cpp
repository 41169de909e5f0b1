// The scene loader: JSON text -> Scene. Reads the ISA-neutral keys (version, isa, platform,
// surfaces, samplers, memory) and hands each ISA front end its sections; nlohmann exceptions stop
// here.
#include "scene/scene.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "core/text.hpp"
#include "scene/json_pos.hpp"
#include "scene/json_reader.hpp"
#include "scene/sampler_loader.hpp"
#include "scene/surface_loader.hpp"

namespace texsim::scene {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Names

namespace {
constexpr std::array<std::string_view, 11> kElemTypeNames{"UD", "D", "UW", "W",  "UB", "B",
                                                          "UQ", "Q", "F",  "HF", "DF"};
constexpr std::array<unsigned, 11> kElemTypeSizes{4, 4, 2, 2, 1, 1, 8, 8, 4, 2, 8};

constexpr std::array<RuleInfo, 14> kRules{{
    {"SCENE-JSON", "the file is not valid JSON (a NUL byte included)"},
    {"SCENE-KEY", "unknown key (with the closest known key)"},
    {"SCENE-DUPLICATE-KEY",
     "an object names the same key twice (RFC 8259 section 4: SHOULD be unique)"},
    {"SCENE-MISSING", "a required key is missing"},
    {"SCENE-TYPE", "a value has the wrong JSON type"},
    {"SCENE-VALUE", "a value is out of range or not one of the allowed names"},
    {"SCENE-FORMAT", "unknown surface format name (with the closest known name)"},
    {"SCENE-FILE", "a named file is missing, unreadable, not a PNG, or outside the scene's folder"},
    {"SCENE-SIZE",
     "data does not match the surface or buffer size (hex length, texel count, "
     "PNG size, MCS count)"},
    {"SCENE-ID", "a duplicate id, or a reference to an id that does not exist"},
    {"SCENE-BUDGET", "surfaces and buffers together exceed the memory budget"},
    {"SCENE-VERSION", "unsupported \"texsim\" version"},
    {"SCENE-HARDWARE",
     "texsim place: a surface, header or sampler the hardware's descriptors cannot express"},
    {"TEXUNIT-SURFACE-*", "a surface description the texture unit rejects (sizes, mips, samples)"},
}};
}  // namespace

std::string_view elem_type_name(ElemType t) {
  return kElemTypeNames[static_cast<size_t>(t)];
}

std::optional<ElemType> elem_type_from_name(std::string_view name) {
  for (size_t i = 0; i < kElemTypeNames.size(); ++i) {
    if (core::iequals(name, kElemTypeNames[i])) return static_cast<ElemType>(i);
  }
  return std::nullopt;
}

unsigned elem_type_size(ElemType t) {
  return kElemTypeSizes[static_cast<size_t>(t)];
}

std::span<const std::string_view> elem_type_names() {
  return kElemTypeNames;
}

std::span<const RuleInfo> scene_rules() {
  return kRules;
}

const SceneSurface* Scene::find_surface(uint32_t id) const {
  for (const auto& s : surfaces) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

const SceneSampler* Scene::find_sampler(uint32_t id) const {
  for (const auto& s : samplers) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

std::optional<std::span<const uint8_t>> Scene::gpu_bytes(uint64_t address, uint64_t size) const {
  for (const GpuMemoryRange& g : gpu_memory) {
    if (address < g.address || address - g.address > g.bytes.size()) continue;
    if (size > g.bytes.size() - (address - g.address)) continue;
    return std::span<const uint8_t>(g.bytes).subspan(static_cast<size_t>(address - g.address),
                                                     static_cast<size_t>(size));
  }
  return std::nullopt;
}

const IsaState* Scene::isa_state(std::string_view id) const {
  const auto it = isa_states.find(id);
  return it == isa_states.end() ? nullptr : it->second.get();
}

IsaState& Scene::edit_isa_state(std::string_view id,
                                const std::function<std::unique_ptr<IsaState>()>& make) {
  auto it = isa_states.find(id);
  if (it == isa_states.end()) {
    it = isa_states.emplace(std::string(id), std::shared_ptr<IsaState>(make())).first;
  } else if (it->second.use_count() > 1) {
    it->second = std::shared_ptr<IsaState>(it->second->clone());  // copy on write
  }
  return *it->second;
}

// ---------------------------------------------------------------------------------------------
// The loader

namespace {

std::optional<std::vector<uint8_t>> load_buffer(JsonReader& r, const Json& v,
                                                const std::string& path,
                                                bool with_address = false) {
  if (!r.expect_object(v, path)) return std::nullopt;
  if (with_address)
    r.check_keys(v, path, {"address", "hex", "file", "size"});
  else
    r.check_keys(v, path, {"hex", "file", "size"});
  const Json* hex = r.member(v, "hex");
  const Json* file = r.member(v, "file");
  if (hex != nullptr && file != nullptr) {
    r.err("SCENE-VALUE", path, "expected one of \"hex\" or \"file\", got both");
    return std::nullopt;
  }
  std::optional<uint64_t> size;
  if (const Json* s = r.member(v, "size")) {
    const auto u = r.as_int(*s, json_member_path(path, "size"), 0, int64_t{1} << 40);
    if (!u) return std::nullopt;
    size = static_cast<uint64_t>(*u);
  }
  if (hex == nullptr && file == nullptr && !size) {
    r.err("SCENE-MISSING", path, "expected \"hex\", \"file\" or \"size\"");
    return std::nullopt;
  }
  std::vector<uint8_t> bytes;
  if (hex != nullptr) {
    auto b = r.hex_bytes(*hex, json_member_path(path, "hex"));
    if (!b) return std::nullopt;
    bytes = std::move(*b);
  } else if (file != nullptr) {
    const auto p = r.resolve_file(*file, json_member_path(path, "file"));
    if (!p) return std::nullopt;
    std::error_code ec;
    const uint64_t fsize = fs::file_size(*p, ec);
    if (!ec && !r.charge(fsize, path)) return std::nullopt;
    auto b = r.read_binary(*p, json_member_path(path, "file"));
    if (!b) return std::nullopt;
    bytes = std::move(*b);
    r.refund(fsize);  // charged again below with the final size
  }
  if (size) {
    if (bytes.size() > *size) {
      r.err("SCENE-SIZE", path,
            "data has " + std::to_string(bytes.size()) + " bytes, more than \"size\" " +
                std::to_string(*size));
      return std::nullopt;
    }
    if (!r.charge(*size, path)) return std::nullopt;
    bytes.resize(static_cast<size_t>(*size), 0);
  } else if (!r.charge(bytes.size(), path)) {
    return std::nullopt;
  }
  return bytes;
}

// The "registers" object: each entry goes to the section of the scene's "isa", or with none
// given to the first section that claims its value (vISA: an object; SASS: a number or name).
void load_registers(JsonReader& r, const Json& v, const std::string& path, const Scene& scene,
                    std::span<const SceneSection* const> sections,
                    std::vector<std::unique_ptr<IsaState>>& states) {
  if (!r.expect_object(v, path)) return;
  for (const auto& [name, value] : v.items()) {
    const std::string rp = json_member_path(path, name);
    size_t pick = sections.size();
    for (size_t i = 0; i < sections.size() && pick == sections.size(); ++i) {
      const bool mine =
          scene.isa.empty() ? sections[i]->claims_register(value) : sections[i]->isa() == scene.isa;
      if (mine) pick = i;
    }
    if (pick == sections.size()) {
      r.err("SCENE-KEY", rp, "no ISA front end reads register \"" + name + "\"", true);
      continue;
    }
    sections[pick]->read_register(r, name, value, rp, *states[pick]);
  }
}

// The top-level keys: the scene's own, then the sections' keys.
void check_top_keys(JsonReader& r, const Json& root,
                    std::span<const SceneSection* const> sections) {
  std::vector<std::string_view> keys{"texsim",   "isa",    "platform",  "description", "surfaces",
                                     "samplers", "memory", "registers", "gpu_memory"};
  // Later sections' keys first: the order did-you-mean breaks ties in (as in texsim 1.0's list).
  for (auto s = sections.rbegin(); s != sections.rend(); ++s) {
    keys.insert(keys.end(), (*s)->keys().begin(), (*s)->keys().end());
  }
  r.check_keys(root, "", keys);
}

// "texsim": the scene version, 1.
void read_version(JsonReader& r, const Json& root) {
  if (const Json* ver = r.require(root, "", "texsim")) {
    if (ver->is_number_integer() || ver->is_number_unsigned()) {
      if (ver->get<int64_t>() != 1) {
        r.err("SCENE-VERSION", "texsim",
              "unsupported scene version " + ver->dump() + "; this texsim reads version 1");
      }
    } else {
      r.type_err("texsim", "the integer 1", *ver);
    }
  }
}

// "isa": the section it names (nullptr if not given or not known), also set in scene.isa.
const SceneSection* read_isa(JsonReader& r, const Json& root,
                             std::span<const SceneSection* const> sections, Scene& scene) {
  const SceneSection* isa = nullptr;  // the section of "isa", if given
  if (const Json* id = JsonReader::member(root, "isa")) {
    std::vector<std::string_view> ids;
    for (const SceneSection* s : sections) ids.push_back(s->isa());
    const std::function<std::optional<const SceneSection*>(std::string_view)> of =
        [&sections](std::string_view s) -> std::optional<const SceneSection*> {
      for (const SceneSection* sec : sections) {
        if (core::iequals(s, sec->isa())) return sec;
      }
      return std::nullopt;
    };
    if (auto s = r.as_name<const SceneSection*>(*id, "isa", "ISA", ids, of)) {
      isa = *s;
      scene.isa = std::string(isa->isa());
    }
  }
  return isa;
}

// "platform": one of the platforms of the "isa" section, or of any section with none given.
void read_platform(JsonReader& r, const Json& root, std::span<const SceneSection* const> sections,
                   const SceneSection* isa, Scene& scene) {
  if (const Json* plat = JsonReader::member(root, "platform")) {
    std::vector<std::string_view> names;
    for (const SceneSection* s : sections) {
      if (isa == nullptr || isa == s) {
        names.insert(names.end(), s->platforms().begin(), s->platforms().end());
      }
    }
    const std::function<std::optional<std::string>(std::string_view)> of =
        [&names](std::string_view s) -> std::optional<std::string> {
      for (std::string_view n : names) {
        if (core::iequals(s, n)) return std::string(n);
      }
      return std::nullopt;
    };
    const std::string what =
        isa == nullptr ? "platform" : std::string(isa->display_name()) + " platform";
    if (auto s = r.as_name<std::string>(*plat, "platform", what, names, of)) scene.platform = *s;
  }
}

// "samplers": each entry with an id not used before.
void read_samplers(JsonReader& r, const Json& root, Scene& scene) {
  if (const Json* samplers = JsonReader::member(root, "samplers")) {
    if (r.expect_array(*samplers, "samplers")) {
      for (size_t i = 0; i < samplers->size(); ++i) {
        const std::string sp = json_index_path("samplers", i);
        if (auto s = read_sampler(r, (*samplers)[i], sp, true)) {
          if (scene.find_sampler(s->id) != nullptr) {
            r.err("SCENE-ID", json_member_path(sp, "id"),
                  "duplicate sampler id " + std::to_string(s->id));
            continue;
          }
          scene.samplers.push_back(*s);
        }
      }
    }
  }
}

// "memory": the "slm" and "stateless" buffers.
void read_memory(JsonReader& r, const Json& root, Scene& scene) {
  if (const Json* mem = JsonReader::member(root, "memory")) {
    if (r.expect_object(*mem, "memory")) {
      r.check_keys(*mem, "memory", {"slm", "stateless"});
      if (const Json* s = JsonReader::member(*mem, "slm")) {
        scene.slm = load_buffer(r, *s, "memory.slm");
      }
      if (const Json* s = JsonReader::member(*mem, "stateless")) {
        scene.stateless = load_buffer(r, *s, "memory.stateless");
      }
    }
  }
}

// "gpu_memory": [{"address": "0x...", "hex" | "file" | "size"}], disjoint ranges of GPU memory
// (docs/scene-format.md, "GPU memory"; issue 27).
void read_gpu_memory(JsonReader& r, const Json& root, Scene& scene) {
  const Json* mem = JsonReader::member(root, "gpu_memory");
  if (mem == nullptr || !r.expect_array(*mem, "gpu_memory")) return;
  for (size_t i = 0; i < mem->size(); ++i) {
    const std::string p = json_index_path("gpu_memory", i);
    const Json& v = (*mem)[i];
    if (!v.is_object()) {
      r.expect_object(v, p);
      continue;
    }
    const Json* a = r.require(v, p, "address");
    std::optional<uint64_t> address;
    if (a != nullptr && a->is_string()) {
      address = parse_hex_number(a->get<std::string>(), 16);
      if (!address)
        r.err("SCENE-VALUE", json_member_path(p, "address"),
              "expected a \"0x...\" address of at most 16 hex digits, got " + a->dump());
    } else if (a != nullptr) {
      address = r.as_u64(*a, json_member_path(p, "address"));
    }
    auto bytes = load_buffer(r, v, p, true);
    if (!address || !bytes) continue;
    if (bytes->size() > ~*address) {
      r.err("SCENE-VALUE", p, "the range passes the end of the 64-bit address space");
      continue;
    }
    const uint64_t end = *address + bytes->size();
    const auto overlap = std::find_if(
        scene.gpu_memory.begin(), scene.gpu_memory.end(), [&](const GpuMemoryRange& g) {
          return *address < g.address + g.bytes.size() && g.address < end;
        });
    if (overlap != scene.gpu_memory.end()) {
      r.err("SCENE-VALUE", p, "the range overlaps the one at " + core::hex(overlap->address));
      continue;
    }
    scene.gpu_memory.push_back({*address, std::move(*bytes)});
  }
  std::sort(scene.gpu_memory.begin(), scene.gpu_memory.end(),
            [](const GpuMemoryRange& x, const GpuMemoryRange& y) { return x.address < y.address; });
}

std::optional<Scene> load(JsonReader& r, const Json& root) {
  const std::span<const SceneSection* const> sections = r.options().sections;
  const size_t errors_before = r.error_count();
  if (!r.expect_object(root, "")) return std::nullopt;
  check_top_keys(r, root, sections);
  Scene scene;
  scene.path = r.file();
  read_version(r, root);
  if (const Json* d = JsonReader::member(root, "description")) {
    if (auto s = r.as_string(*d, "description")) scene.description = *s;
  }
  const SceneSection* isa = read_isa(r, root, sections, scene);
  read_platform(r, root, sections, isa, scene);

  if (const Json* surfaces = JsonReader::member(root, "surfaces")) {
    if (r.expect_array(*surfaces, "surfaces")) {
      for (size_t i = 0; i < surfaces->size(); ++i) {
        load_surface(r, (*surfaces)[i], json_index_path("surfaces", i), scene);
      }
    }
  }
  read_samplers(r, root, scene);
  read_memory(r, root, scene);
  read_gpu_memory(r, root, scene);
  std::vector<std::unique_ptr<IsaState>> states;
  for (const SceneSection* s : sections) states.push_back(s->make_state());
  if (const Json* regs = JsonReader::member(root, "registers")) {
    load_registers(r, *regs, "registers", scene, sections, states);
  }
  for (size_t i = 0; i < sections.size(); ++i) sections[i]->read(r, root, scene, *states[i]);
  if (r.error_count() != errors_before) return std::nullopt;
  for (size_t i = 0; i < sections.size(); ++i) {
    scene.isa_states.emplace(std::string(sections[i]->isa()), std::move(states[i]));
  }
  return scene;
}

}  // namespace

namespace {
struct LeakOnUnwind {
  void operator()(Json* j) const {
    if (std::uncaught_exceptions() == 0) delete j;
  }
};

// The 1-based line and column of the byte at `offset` in `text`.
core::TextLoc text_loc_at(const std::string& file, std::string_view text, size_t offset) {
  uint32_t line = 1, col = 1;
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return core::TextLoc{file, line, col};
}

// JSON text has no NUL byte; the parser would stop there and ignore the rest (issue 15 item 8).
// False after a SCENE-JSON error.
bool check_no_nul_byte(std::string_view text, const std::string& file, core::DiagSink& sink) {
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos) {
    sink.error("SCENE-JSON", text_loc_at(file, text, nul),
               "a NUL byte at offset " + std::to_string(nul) +
                   " (a scene is JSON text; RFC 8259 section 7 has no raw control characters)");
    return false;
  }
  return true;
}

// The parsed tree and the value positions are charged to the budget before parsing (issue 15
// item 2): a scene text cannot make texsim allocate more than --max-memory for its JSON.
// The first kJsonFreeBytes are not charged, so that small budgets (for surfaces) still let a
// small scene be read (decision H4). False after a SCENE-BUDGET error.
bool check_json_budget(std::string_view text, const std::string& file, core::DiagSink& sink,
                       const LoadOptions& options) {
  const uint64_t json_bytes = text.size() + count_json_values(text) * kJsonBytesPerValue;
  if (json_bytes > kJsonFreeBytes && json_bytes > options.max_bytes) {
    sink.error("SCENE-BUDGET", core::TextLoc{file, 0, 0},
               "parsing this scene needs about " + std::to_string(json_bytes) + " bytes (" +
                   std::to_string(kJsonBytesPerValue) +
                   " per JSON value), more than the budget of " +
                   std::to_string(options.max_bytes) + " bytes; raise it with --max-memory");
    return false;
  }
  return true;
}

// Parses `text` into `root`; false after a SCENE-JSON error.
bool parse_json(std::string_view text, const std::string& file, core::DiagSink& sink, Json& root) {
  try {
    nlohmann::detail::json_sax_dom_parser<Json> sax(root, true);
    Json::sax_parse(text.begin(), text.end(), &sax);
  } catch (const Json::parse_error& e) {
    // e.byte is the 1-based index of the character where parsing failed.
    const JsonPositions none(std::string_view{});
    std::string msg = e.what();
    const size_t colon = msg.find(": ", msg.find("parse error"));
    if (colon != std::string::npos) msg = msg.substr(colon + 2);
    // Line:column from the byte offset.
    const size_t end = std::min(text.size(), e.byte == 0 ? size_t{0} : e.byte - 1);
    sink.error("SCENE-JSON", text_loc_at(file, text, end), msg);
    return false;
  } catch (const Json::exception& e) {
    sink.error("SCENE-JSON", core::TextLoc{file, 0, 0}, e.what());
    return false;
  }
  return true;
}

// Passes the diagnostics of `local` on to `sink` in source order, as a compiler would.
void report_in_source_order(const core::DiagSink& local, core::DiagSink& sink) {
  std::vector<core::Diagnostic> diags = local.diagnostics();
  auto key = [](const core::Diagnostic& d) {
    const auto* t = std::get_if<core::TextLoc>(&d.loc);
    return t == nullptr ? std::pair<uint32_t, uint32_t>{0, 0}
                        : std::pair<uint32_t, uint32_t>{t->line, t->column};
  };
  std::stable_sort(
      diags.begin(), diags.end(),
      [&](const core::Diagnostic& a, const core::Diagnostic& b) { return key(a) < key(b); });
  for (auto& d : diags) sink.report(std::move(d));
}

}  // namespace

std::optional<Scene> load_scene_text(std::string_view text, const std::string& path,
                                     core::DiagSink& sink, const LoadOptions& options) {
  const std::string file = path.empty() ? std::string("<scene>") : path;
  if (!check_no_nul_byte(text, file, sink)) return std::nullopt;
  if (!check_json_budget(text, file, sink, options)) return std::nullopt;
  // The tree lives on the heap and is left undestroyed when an exception (out of memory) passes:
  // destroying a large nlohmann tree allocates a work list, which would fail in turn and end in
  // std::terminate (issue 15 item 2). The process is about to exit with a message then.
  std::unique_ptr<Json, LeakOnUnwind> tree(new Json());
  Json& root = *tree;
  if (!parse_json(text, file, sink, root)) return std::nullopt;
  const JsonPositions positions(text, /*record=*/false);
  fs::path base = path.empty() ? fs::current_path() : fs::path(path).parent_path();
  if (base.empty()) base = ".";
  core::DiagSink local;
  for (const auto& [dup_path, offset] : positions.duplicates()) {
    const LineCol lc = positions.line_col(offset);
    local.error("SCENE-DUPLICATE-KEY", core::TextLoc{file, lc.line, lc.column},
                dup_path +
                    ": the key appears more than once in its object; the last one "
                    "would silently win");
  }
  JsonReader reader(file, text, local, options, base);
  std::optional<Scene> scene;
  try {
    scene = load(reader, root);
  } catch (const Json::exception& e) {
    // Only reachable through a loader bug; reported rather than thrown to the caller.
    local.error("SCENE-JSON", core::TextLoc{file, 0, 0}, std::string("internal: ") + e.what());
    scene.reset();
  }
  report_in_source_order(local, sink);
  if (local.has_errors()) return std::nullopt;
  return scene;
}

std::optional<Scene> load_scene_file(const std::string& path, core::DiagSink& sink,
                                     const LoadOptions& options) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    sink.error("SCENE-FILE", core::TextLoc{path, 0, 0},
               fs::exists(path, ec) ? "not a regular file" : "no such file");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    sink.error("SCENE-FILE", core::TextLoc{path, 0, 0}, "cannot read the file");
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  return load_scene_text(text, path, sink, options);
}

}  // namespace texsim::scene
