// texsim._texsim: hardware descriptors as bytes (texsim/descriptors.hpp, issue 27) — NVIDIA
// TIC/TSC entries and Intel RENDER_SURFACE_STATE / SAMPLER_STATE to surfaces and samplers and back.
#include <cstring>

#include "module.hpp"

namespace texsim::py_api {

namespace {

// Any C-contiguous buffer (bytes, bytearray, a numpy array) as bytes.
std::vector<uint8_t> buffer_bytes(const py::buffer& b) {
  const py::buffer_info info = b.request();
  const auto* p = static_cast<const uint8_t*>(info.ptr);
  const size_t n = static_cast<size_t>(info.size) * static_cast<size_t>(info.itemsize);
  return {p, p + n};
}

py::bytes to_bytes(const std::vector<uint8_t>& v) {
  return {reinterpret_cast<const char*>(v.data()), v.size()};
}

}  // namespace

void bind_descriptors(py::module_& m) {
  py::class_<DescribedSurface>(m, "DescribedSurface",
                               "The surface a descriptor names, read from GPU memory, and where "
                               "it lies (its placement) and which levels the descriptor views.")
      .def_readonly("surface", &DescribedSurface::surface)
      .def_readonly("placement", &DescribedSurface::placement)
      .def_readonly("view_min_level", &DescribedSurface::view_min_level)
      .def_readonly("view_max_level", &DescribedSurface::view_max_level);

  m.def(
      "surface_from_descriptor",
      [](const std::string& platform, const py::buffer& descriptor, const py::buffer& memory,
         uint64_t memory_address) {
        Diagnostics diags;
        const std::vector<uint8_t> d = buffer_bytes(descriptor), mem = buffer_bytes(memory);
        auto out = surface_from_descriptor(platform, d, memory_address, mem, diags);
        if (!out) raise(diags, "surface_from_descriptor");
        return *out;
      },
      py::arg("platform"), py::arg("descriptor"), py::arg("memory"), py::kw_only(),
      py::arg("memory_address") = 0,
      "The surface a TIC entry (platform SM50..SM90, 32 bytes) or RENDER_SURFACE_STATE (SKL, "
      "TGLLP, DG2, PVC, 64 bytes) names, its texels read from `memory` (GPU memory from "
      "`memory_address` on) through the descriptor's layout; a DescribedSurface. Raises "
      "texsim.Error with the rule of every field it refuses (docs/hardware-state.md).");
  m.def(
      "sampler_from_descriptor",
      [](const std::string& platform, const py::buffer& descriptor) {
        Diagnostics diags;
        auto out = sampler_from_descriptor(platform, buffer_bytes(descriptor), diags);
        if (!out) raise(diags, "sampler_from_descriptor");
        return *out;
      },
      py::arg("platform"), py::arg("descriptor"),
      "The Sampler of a TSC entry (32 bytes) or of a SAMPLER_STATE at offset 0 of `descriptor`, "
      "its border colour read at the Border Color Pointer inside the same bytes.");
  m.def(
      "descriptor_from_surface",
      [](const std::string& platform, const Surface& surface, const py::object& placement) {
        Diagnostics diags;
        auto out = descriptor_from_surface(platform, surface, placement_arg(placement), diags);
        if (!out) raise(diags, "descriptor_from_surface");
        return to_bytes(*out);
      },
      py::arg("platform"), py::arg("surface"), py::arg("placement") = py::none(),
      "The TIC entry or RENDER_SURFACE_STATE of `surface` at `placement`, as bytes.");
  m.def(
      "descriptor_from_sampler",
      [](const std::string& platform, const Sampler& sampler) {
        Diagnostics diags;
        auto out = descriptor_from_sampler(platform, sampler, diags);
        if (!out) raise(diags, "descriptor_from_sampler");
        return to_bytes(*out);
      },
      py::arg("platform"), py::arg("sampler"),
      "The TSC entry (NVIDIA, 32 bytes) or the SAMPLER_STATE + border colour heap (Intel, 80 "
      "bytes) of `sampler`, fields rounded as the hardware holds them.");
  m.def(
      "surface_memory",
      [](const Surface& surface, const py::object& placement) {
        Diagnostics diags;
        auto out = texsim::surface_memory(surface, placement_arg(placement), diags);
        if (!out) raise(diags, "surface_memory");
        return to_bytes(*out);
      },
      py::arg("surface"), py::arg("placement") = py::none(),
      "The surface's texels as GPU memory laid out by `placement`, from its base_address on.");
}

}  // namespace texsim::py_api
