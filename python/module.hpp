// Shared declarations of the Python module's sources (python/*.cpp): pybind11, the public C++
// API, the texsim.Error raiser and the binders of each part.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "texsim/texsim.hpp"

namespace py = pybind11;

namespace texsim::py_api {

// Raises texsim.Error(what + every diagnostic's text) with .diagnostics = the list.
[[noreturn]] void raise(const Diagnostics& diags, const std::string& what);

void bind_sampler(py::module_& m);
void bind_lookups(py::module_& m);
void bind_scene_and_programs(py::module_& m);

}  // namespace texsim::py_api
