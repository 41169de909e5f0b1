// texsim._texsim: scenes and the ISA front ends (check, assemble, disassemble, run). Registers
// come back as numpy arrays typed by their vISA element type, with a per-byte defined mask.
#include <map>
#include <optional>

#include "module.hpp"

namespace texsim::py_api {

namespace {

Isa isa_arg(const std::string& name) {
  const auto i = isa_from_name(name);
  if (!i) throw py::value_error("isa: expected visa or sass, got '" + name + "'");
  return *i;
}

py::dtype dtype_of(const std::string& type) {
  if (type == "UD") return py::dtype::of<uint32_t>();
  if (type == "D") return py::dtype::of<int32_t>();
  if (type == "UW") return py::dtype::of<uint16_t>();
  if (type == "W") return py::dtype::of<int16_t>();
  if (type == "UB") return py::dtype::of<uint8_t>();
  if (type == "B") return py::dtype::of<int8_t>();
  if (type == "UQ") return py::dtype::of<uint64_t>();
  if (type == "Q") return py::dtype::of<int64_t>();
  if (type == "F") return py::dtype::of<float>();
  if (type == "DF") return py::dtype::of<double>();
  if (type == "HF") return py::dtype("float16");
  return py::dtype::of<uint8_t>();
}

SceneOptions scene_options(bool allow_any_path, uint64_t max_bytes) {
  SceneOptions o;
  o.allow_any_path = allow_any_path;
  o.max_bytes = max_bytes;
  return o;
}

}  // namespace

void bind_scene_and_programs(py::module_& m) {
  py::class_<Scene>(m, "Scene")
      .def_static(
          "load",
          [](const std::string& path, bool allow_any_path, uint64_t max_bytes) {
            Diagnostics d;
            auto s = Scene::load_file(path, d, scene_options(allow_any_path, max_bytes));
            if (!s) raise(d, "cannot load the scene '" + path + "'");
            return *s;
          },
          py::arg("path"), py::arg("allow_any_path") = false,
          py::arg("max_bytes") = SceneOptions{}.max_bytes,
          "Loads a scene file (docs/scene-format.md); raises texsim.Error with every problem.")
      .def_static(
          "from_json",
          [](const std::string& text, const std::string& name, bool allow_any_path,
             uint64_t max_bytes) {
            Diagnostics d;
            auto s = Scene::load_text(text, name, d, scene_options(allow_any_path, max_bytes));
            if (!s) raise(d, "cannot load the scene '" + name + "'");
            return *s;
          },
          py::arg("text"), py::arg("name") = "<scene>", py::arg("allow_any_path") = false,
          py::arg("max_bytes") = SceneOptions{}.max_bytes)
      .def_property_readonly("isa", &Scene::isa)
      .def_property_readonly("platform", &Scene::platform)
      .def_property_readonly("surface_ids", &Scene::surface_ids)
      .def_property_readonly("sampler_ids", &Scene::sampler_ids)
      .def(
          "surface",
          [](const Scene& s, uint32_t id) {
            auto r = s.surface(id);
            if (!r) throw py::key_error("no surface " + std::to_string(id));
            return *r;
          },
          py::arg("id"))
      .def(
          "sampler",
          [](const Scene& s, uint32_t id) {
            auto r = s.sampler(id);
            if (!r) throw py::key_error("no sampler " + std::to_string(id));
            return *r;
          },
          py::arg("id"))
      .def(
          "placement",
          [](const Scene& s, uint32_t id) -> py::object {
            if (!s.surface(id)) throw py::key_error("no surface " + std::to_string(id));
            auto p = s.placement(id);
            return p ? py::cast(*p) : py::none();
          },
          py::arg("id"), "The surface's \"placement\" (texsim.Placement), or None.")
      .def_property_readonly("descriptor_surface_ids", &Scene::descriptor_surface_ids)
      .def_property_readonly("descriptor_sampler_ids", &Scene::descriptor_sampler_ids)
      .def(
          "descriptor_surface",
          [](const Scene& s, uint32_t index) {
            auto r = s.descriptor_surface(index);
            if (!r) throw py::key_error("no surface descriptor " + std::to_string(index));
            return *r;
          },
          py::arg("index"),
          "What a texture instruction naming descriptor `index` reads: a SASS texture header "
          "entry (its view of levels) or a vISA surface state (docs/hardware-state.md).")
      .def(
          "descriptor_sampler",
          [](const Scene& s, uint32_t index) {
            auto r = s.descriptor_sampler(index);
            if (!r) throw py::key_error("no sampler descriptor " + std::to_string(index));
            return *r;
          },
          py::arg("index"), "A SASS sampler pool entry or a vISA sampler state, as programmed.")
      .def(
          "descriptor_placement",
          [](const Scene& s, uint32_t index) -> py::object {
            if (!s.descriptor_surface(index))
              throw py::key_error("no surface descriptor " + std::to_string(index));
            auto p = s.descriptor_placement(index);
            return p ? py::cast(*p) : py::none();
          },
          py::arg("index"),
          "Where descriptor `index` puts its texels (texsim.Placement), or None.");

  m.def(
      "check",
      [](const std::string& isa, const std::string& text, const std::string& name,
         const std::string& platform) {
        Diagnostics d;
        check(isa_arg(isa), Source{text, name}, d, platform);
        return d;
      },
      py::arg("isa"), py::arg("text"), py::arg("name") = "<text>", py::arg("platform") = "",
      "Parses and validates a program; returns its diagnostics (no error: it is valid).");
  m.def(
      "assemble",
      [](const std::string& isa, const std::string& text, const std::string& name,
         const std::string& platform) {
        Diagnostics d;
        auto a = assemble(isa_arg(isa), Source{text, name}, d, platform);
        if (!a) raise(d, "cannot assemble '" + name + "'");
        return py::bytes(reinterpret_cast<const char*>(a->binary.data()), a->binary.size());
      },
      py::arg("isa"), py::arg("text"), py::arg("name") = "<text>", py::arg("platform") = "",
      "Assembles a program to its binary (bytes).");
  m.def(
      "disassemble",
      [](const std::string& isa, const py::bytes& data, const std::string& platform,
         const std::string& name) {
        const std::string b = data;
        Diagnostics d;
        auto t = disassemble(isa_arg(isa),
                             std::span(reinterpret_cast<const uint8_t*>(b.data()), b.size()), d,
                             platform, name);
        if (!t) raise(d, "cannot disassemble '" + name + "'");
        return *t;
      },
      py::arg("isa"), py::arg("data"), py::arg("platform") = "", py::arg("name") = "<bytes>");

  m.def(
      "examples",
      [](const std::string& isa) {
        py::list out;
        for (const Example& e : examples(isa_arg(isa))) {
          py::dict d;
          d["name"] = e.name, d["program"] = e.program;
          d["program_name"] = e.program_name, d["scene_json"] = e.scene_json;
          out.append(d);
        }
        return out;
      },
      py::arg("isa"),
      "The built-in demo programs: dicts of name, program, program_name, "
      "scene_json.");

  py::class_<RunResult>(m, "RunResult")
      .def_readonly("trace", &RunResult::trace)
      .def_property_readonly(
          "registers",
          [](const RunResult& r) {
            py::dict out;
            for (const Register& reg : r.registers) {
              py::array raw(py::dtype::of<uint8_t>(), {static_cast<py::ssize_t>(reg.bytes.size())},
                            {1}, reg.bytes.data());
              out[py::str(reg.name)] = raw.attr("view")(dtype_of(reg.type));
            }
            return out;
          },
          "{name: numpy array of the register's elements} (undefined bytes read as written).")
      .def_property_readonly(
          "defined",
          [](const RunResult& r) {
            py::dict out;
            for (const Register& reg : r.registers) {
              py::array_t<bool> a(static_cast<py::ssize_t>(reg.bytes.size()));
              for (size_t i = 0; i < reg.bytes.size(); ++i)
                a.mutable_at(i) = reg.defined.empty() || reg.defined[i];
              out[py::str(reg.name)] = a;
            }
            return out;
          },
          "{name: bool array, one per byte: defined}.")
      .def_property_readonly("types", [](const RunResult& r) {
        py::dict out;
        for (const Register& reg : r.registers) out[py::str(reg.name)] = reg.type;
        return out;
      });
  m.def(
      "run",
      [](const std::string& isa, const std::string& text, const Scene& scene,
         const std::string& name, const std::string& profile, const std::string& platform,
         bool trace, std::optional<uint8_t> poison, const std::map<std::string, std::string>& set) {
        RunOptions o;
        const auto p = profile_from_name(profile);
        if (!p) throw py::value_error("profile: expected d3d, exact, lavapipe or nvidia");
        o.profile = *p;
        o.platform = platform;
        o.trace = trace;
        o.poison = poison;
        o.settings.assign(set.begin(), set.end());
        Diagnostics d;
        auto r = run(isa_arg(isa), Source{text, name}, scene, o, d);
        if (!r) raise(d, "cannot run '" + name + "'");
        return *r;
      },
      py::arg("isa"), py::arg("text"), py::arg("scene"), py::arg("name") = "<text>",
      py::arg("profile") = "d3d", py::arg("platform") = "", py::arg("trace") = false,
      py::arg("poison") = py::none(), py::arg("settings") = std::map<std::string, std::string>{},
      "Runs a program on a scene; returns a RunResult (registers, defined, types, trace). "
      "poison: a byte for undefined bytes; settings: front-end settings, e.g. "
      "{'media_oob': 'zero'}.");
}

}  // namespace texsim::py_api
