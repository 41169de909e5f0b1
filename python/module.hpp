// Shared declarations of the Python module's sources (python/*.cpp): pybind11, the public C++
// API, the texsim.Error raiser and the binders of each part.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/suggest.hpp"
#include "core/text.hpp"
#include "texsim/texsim.hpp"

namespace py = pybind11;

namespace texsim::py_api {

// Raises texsim.Error(what + every diagnostic's text) with .diagnostics = the list.
[[noreturn]] void raise(const Diagnostics& diags, const std::string& what);

// Lets an enum argument also be given by its member's name, in any case ("level", "wrap"), as
// the documented strings are (profile="d3d"): an implicit conversion from str; a bad name raises
// ValueError with "did you mean" (issue 31).
template <typename E>
py::enum_<E>& accept_names(py::enum_<E>& e);

void bind_sampler(py::module_& m);
void bind_lookups(py::module_& m);
void bind_scene_and_programs(py::module_& m);
void bind_placement(py::module_& m);    // before bind_scene_and_programs (Scene.placement)
void bind_descriptors(py::module_& m);  // after bind_placement and the Surface/Sampler classes

// An address trace as a dict of numpy arrays (lane_start, x, y, z, level, sample, address, bytes,
// lane, lines, lane_line_start, lane_lines); a placement argument (None: texsim's linear layout
// at address 0).
py::dict trace_dict(const AddressTrace& t);
Placement placement_arg(const py::object& o);

// The enum value named `name` among `type`'s members (case-insensitive); ValueError otherwise.
py::object enum_member(const py::object& type, const std::string& name);

template <typename E>
py::enum_<E>& accept_names(py::enum_<E>& e) {
  const py::object type = e;
  e.def(py::init([type](const std::string& name) { return enum_member(type, name).cast<E>(); }),
        py::arg("name"));
  py::implicitly_convertible<py::str, E>();
  return e;
}

}  // namespace texsim::py_api
