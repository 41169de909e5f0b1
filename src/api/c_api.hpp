// The C API's private side: the structs behind its opaque handles, the calling thread's
// diagnostics, and guard(), the boundary that turns every C++ exception into a status.
#pragma once

#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "texsim/texsim.h"
#include "texsim/texsim.hpp"

struct texsim_surface {
  texsim::Surface s;
};
struct texsim_scene {
  texsim::Scene s;
};
struct texsim_blob {
  std::vector<uint8_t> data;  // a listing keeps a NUL after its `size` bytes
  size_t size = 0;
};
struct texsim_address_trace {
  std::vector<texsim_texel_address> reads;
  std::vector<size_t> lane_offsets;  // lanes + 1
  std::vector<uint64_t> lines;
  std::vector<uint64_t> lane_lines;       // each lane's own lines
  std::vector<size_t> lane_line_offsets;  // lanes + 1
};
struct texsim_run {
  texsim::RunResult r;
  std::vector<std::vector<uint8_t>> defined;  // per register, per byte: 1 defined
};

namespace texsim::capi {

// The calling thread's diagnostics of its last call.
struct ThreadState {
  Diagnostics diags;
  std::string last_error;
  std::vector<std::vector<const char*>> notes;  // per diagnostic, built by texsim_diagnostic_get
};
ThreadState& state();

// The integer a C caller stored in an enum field: C lets any int through, and reading an
// out-of-range value as the C++ enum type would be undefined, so the bytes are read instead.
template <typename E>
int raw(const E& e) {
  std::underlying_type_t<E> v;
  std::memcpy(&v, &e, sizeof v);
  return static_cast<int>(v);
}

// A LIB-ARG diagnostic and TEXSIM_ERROR_INVALID_ARGUMENT.
texsim_status bad_argument(Diagnostics& d, const std::string& what);
// Whether `p` is a texsim_profile; a LIB-ARG diagnostic otherwise.
bool profile_ok(texsim_profile p, Diagnostics& d);
// The C sampler / placement as the C++ one; nullopt (LIB-ARG) for a bad struct_size or an enum
// out of range (c_api_lookup.cpp). A NULL placement is the default one.
std::optional<Sampler> sampler_of(const texsim_sampler* sampler, Diagnostics& d);
std::optional<Placement> placement_of(const texsim_placement* placement, Diagnostics& d);
// TEXSIM_OK, or TEXSIM_ERROR_DIAGNOSTICS when `d` holds an error.
inline texsim_status status_of(const Diagnostics& d) {
  return has_errors(d) ? TEXSIM_ERROR_DIAGNOSTICS : TEXSIM_OK;
}

// Runs `f(diags)` with this thread's diagnostics cleared; no exception leaves it.
template <typename F>
texsim_status guard(F&& f) noexcept {
  ThreadState& st = state();
  st.diags.clear();
  st.last_error.clear();
  st.notes.clear();
  try {
    return f(st.diags);
  } catch (const std::bad_alloc&) {
    st.diags.clear();
    Diagnostic d;
    d.rule = "LIB-MEMORY";
    d.message = "out of memory";
    d.text = "error[LIB-MEMORY]: out of memory";
    st.diags.push_back(d);
    return TEXSIM_ERROR_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    Diagnostic d;
    d.rule = "LIB-INTERNAL";
    d.message = std::string("internal error: ") + e.what();
    d.text = "error[LIB-INTERNAL]: " + d.message;
    st.diags.push_back(d);
    return TEXSIM_ERROR_INTERNAL;
  } catch (...) {
    Diagnostic d;
    d.rule = "LIB-INTERNAL";
    d.message = "internal error (unknown exception)";
    d.text = "error[LIB-INTERNAL]: " + d.message;
    st.diags.push_back(d);
    return TEXSIM_ERROR_INTERNAL;
  }
}

}  // namespace texsim::capi
