// The Python module texsim._texsim (pybind11 + numpy) over the public C++ API: surfaces, samplers,
// diagnostics and scenes here; lookups and programs in lookup.cpp and program.cpp.
#include "module.hpp"

#include <cstring>

namespace texsim::py_api {

namespace {
py::object& error_type() {
  static py::object t;
  return t;
}
}  // namespace

[[noreturn]] void raise(const Diagnostics& diags, const std::string& what) {
  std::string msg = what;
  for (const Diagnostic& d : diags) msg += "\n" + d.text;
  py::object e = error_type()(msg);
  e.attr("diagnostics") = py::cast(diags);
  PyErr_SetObject(error_type().ptr(), e.ptr());
  throw py::error_already_set();
}

namespace {

Surface make_surface(const std::string& format, uint32_t width, uint32_t height, uint32_t depth,
                     uint32_t layers, uint32_t mips, uint32_t samples, SurfaceType type,
                     const py::object& data) {
  SurfaceDesc d;
  d.format = format;
  d.width = width, d.height = height, d.depth = depth;
  d.layers = layers, d.mips = mips, d.samples = samples, d.type = type;
  Diagnostics diags;
  std::optional<Surface> s;
  if (data.is_none()) {
    s = Surface::create(d, diags);
  } else {
    // Bytes in memory order (a copy only if `data` is not C-contiguous).
    py::object c = py::module_::import("numpy").attr("ascontiguousarray")(data);
    py::buffer_info b = py::buffer(c).request();
    const auto n = static_cast<size_t>(b.size * b.itemsize);
    s = Surface::from_memory(d, std::span(static_cast<const uint8_t*>(b.ptr), n), diags);
  }
  if (!s) raise(diags, "cannot create the surface");
  return *s;
}

// The surface's bytes as a uint8 array sharing its storage (read-only for scene surfaces).
py::array bytes_view(Surface& s, const py::object& owner) {
  std::span<uint8_t> m = s.mutable_bytes();
  const std::span<const uint8_t> c = s.bytes();
  py::array a(py::dtype::of<uint8_t>(), {static_cast<py::ssize_t>(c.size())}, {1},
              m.empty() ? c.data() : m.data(), owner);
  if (m.empty()) a.attr("flags").attr("writeable") = false;
  return a;
}

}  // namespace

py::object enum_member(const py::object& type, const std::string& name) {
  const py::dict members = type.attr("__members__");
  std::vector<std::string> names;
  for (const auto& [key, value] : members) {
    names.push_back(key.cast<std::string>());
    if (core::iequals(names.back(), name)) return py::reinterpret_borrow<py::object>(value);
  }
  std::vector<std::string_view> views(names.begin(), names.end());
  std::string lower;
  for (std::string_view n : views) lower += (lower.empty() ? "" : ", ") + core::to_lower(n);
  throw py::value_error("unknown " + type.attr("__name__").cast<std::string>() + " '" + name + "'" +
                        core::did_you_mean(name, views) + " (" + lower + ")");
}

}  // namespace texsim::py_api

using namespace texsim;
using namespace texsim::py_api;

PYBIND11_MODULE(_texsim, m) {
  m.doc() = "texsim: bit-accurate model of GPU texture sampling (docs/library.md)";
  m.attr("__version__") = texsim::version();
  m.def("version", &texsim::version, "The library's version, MAJOR.MINOR.PATCH.");
  error_type() = py::exception<std::runtime_error>(m, "Error");
  error_type().attr("diagnostics") = py::list();

  py::enum_<Severity> severity(m, "Severity");
  severity.value("NOTE", Severity::kNote)
      .value("WARNING", Severity::kWarning)
      .value("ERROR", Severity::kError);
  accept_names(severity);
  py::class_<Diagnostic>(m, "Diagnostic")
      .def_readonly("severity", &Diagnostic::severity)
      .def_readonly("rule", &Diagnostic::rule)
      .def_readonly("file", &Diagnostic::file)
      .def_readonly("line", &Diagnostic::line)
      .def_readonly("column", &Diagnostic::column)
      .def_readonly("is_binary", &Diagnostic::is_binary)
      .def_readonly("offset", &Diagnostic::offset)
      .def_readonly("has_bits", &Diagnostic::has_bits)
      .def_readonly("bit_hi", &Diagnostic::bit_hi)
      .def_readonly("bit_lo", &Diagnostic::bit_lo)
      .def_readonly("message", &Diagnostic::message)
      .def_readonly("citation", &Diagnostic::citation)
      .def_readonly("notes", &Diagnostic::notes)
      .def_readonly("text", &Diagnostic::text)
      .def("__str__", [](const Diagnostic& d) { return d.text; })
      .def("__repr__", [](const Diagnostic& d) { return "<texsim.Diagnostic " + d.text + ">"; });

  py::enum_<SurfaceType> surface_type(m, "SurfaceType");
  surface_type.value("T1D", SurfaceType::k1D)
      .value("T1D_ARRAY", SurfaceType::k1DArray)
      .value("T2D", SurfaceType::k2D)
      .value("T2D_ARRAY", SurfaceType::k2DArray)
      .value("T3D", SurfaceType::k3D)
      .value("CUBE", SurfaceType::kCube)
      .value("CUBE_ARRAY", SurfaceType::kCubeArray);
  accept_names(surface_type);
  py::enum_<TexelKind>(m, "TexelKind")
      .value("FLOAT", TexelKind::kFloat)
      .value("SINT", TexelKind::kSint)
      .value("UINT", TexelKind::kUint);
  m.def("formats", &texsim::formats, "Every format name texsim knows.");
  m.def("format_block_bytes", &texsim::format_block_bytes, py::arg("format"));

  py::class_<Surface>(m, "Surface")
      .def(py::init(&make_surface), py::arg("format"), py::arg("width"), py::arg("height") = 1,
           py::arg("depth") = 1, py::arg("layers") = 1, py::arg("mips") = 1, py::arg("samples") = 1,
           py::arg("type") = SurfaceType::k2D, py::arg("data") = py::none(),
           "A surface; `data` (any C-contiguous buffer, e.g. a numpy array) holds its bytes in "
           "the linear layout, else it is zeroed. Raises texsim.Error on a bad description.")
      .def_static(
          "from_array",
          [](const py::array& a, const std::string& format) {
            if (a.ndim() < 2 || a.ndim() > 3)
              throw py::value_error("expected an array of shape (height, width[, channels])");
            const auto h = static_cast<uint32_t>(a.shape(0));
            const auto w = static_cast<uint32_t>(a.shape(1));
            return make_surface(format, w, h, 1, 1, 1, 1, SurfaceType::k2D,
                                py::module_::import("numpy").attr("ascontiguousarray")(a));
          },
          py::arg("array"), py::arg("format"),
          "A one-level 2D surface from an array of shape (height, width[, channels]) whose "
          "bytes per pixel are the format's (e.g. uint8 (h, w, 4) for R8G8B8A8_UNORM).")
      .def_property_readonly("format", [](const Surface& s) { return s.desc().format; })
      .def_property_readonly("type", [](const Surface& s) { return s.desc().type; })
      .def_property_readonly("width", [](const Surface& s) { return s.desc().width; })
      .def_property_readonly("height", [](const Surface& s) { return s.desc().height; })
      .def_property_readonly("depth", [](const Surface& s) { return s.desc().depth; })
      .def_property_readonly("layers", [](const Surface& s) { return s.desc().layers; })
      .def_property_readonly("mips", [](const Surface& s) { return s.desc().mips; })
      .def_property_readonly("samples", [](const Surface& s) { return s.desc().samples; })
      .def_property_readonly("size_bytes", &Surface::size_bytes)
      .def_property_readonly(
          "bytes", [](py::object self) { return bytes_view(self.cast<Surface&>(), self); },
          "The surface's bytes as a uint8 array sharing its storage (zero-copy; read-only "
          "for a scene's surfaces).")
      .def(
          "level_array",
          [](py::object self, uint32_t level) {
            Surface& s = self.cast<Surface&>();
            const SurfaceDesc d = s.desc();
            if (level >= d.mips) throw py::index_error("no such level");
            const unsigned bpp = format_block_bytes(d.format);
            const LevelLayout l = s.level_layout(level);
            if (l.row_pitch != uint64_t{l.width} * bpp)
              throw py::value_error("level_array needs an uncompressed format");
            py::array all = bytes_view(s, self);
            const auto rows = static_cast<py::ssize_t>(l.height);
            py::array view(py::dtype::of<uint8_t>(),
                           {rows, static_cast<py::ssize_t>(l.width), static_cast<py::ssize_t>(bpp)},
                           {static_cast<py::ssize_t>(l.row_pitch), static_cast<py::ssize_t>(bpp),
                            py::ssize_t{1}},
                           static_cast<const uint8_t*>(all.data()) + l.offset, self);
            if (!all.writeable()) view.attr("flags").attr("writeable") = false;
            return view;
          },
          py::arg("level") = 0,
          "Level `level` (slice 0, sample 0) as a (height, width, bytes per texel) uint8 view.");

  bind_sampler(m);
  bind_lookups(m);
  bind_placement(m);
  bind_scene_and_programs(m);
  bind_descriptors(m);
}
