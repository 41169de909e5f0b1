// The C API (include/texsim/texsim.h), part 1: version, diagnostics and surfaces, each a thin
// wrapper over the C++ API behind guard().
#include "api/c_api.hpp"

#include <cstring>
#include <optional>

#include "api/c_structs.hpp"
#include "api/fields.hpp"

namespace texsim::capi {

ThreadState& state() {
  thread_local ThreadState s;
  return s;
}

texsim_status bad_argument(Diagnostics& d, const std::string& what) {
  Diagnostic x;
  x.rule = "LIB-ARG";
  x.message = what;
  x.citation = "texsim/texsim.h";
  x.text = "error[LIB-ARG]: " + what + " (texsim/texsim.h)";
  d.push_back(x);
  return TEXSIM_ERROR_INVALID_ARGUMENT;
}

bool profile_ok(texsim_profile p, Diagnostics& d) {
  if (raw(p) >= TEXSIM_PROFILE_D3D && raw(p) <= TEXSIM_PROFILE_NVIDIA) return true;
  bad_argument(d, "unknown profile " + std::to_string(raw(p)));
  return false;
}

}  // namespace texsim::capi

using texsim::capi::bad_argument;
using texsim::capi::guard;
using texsim::capi::raw;

extern "C" {

const char* texsim_version(void) {
  return texsim::version();
}

const char* texsim_status_name(texsim_status s) {
  switch (raw(s)) {
    case TEXSIM_OK:
      return "TEXSIM_OK";
    case TEXSIM_ERROR_INVALID_ARGUMENT:
      return "TEXSIM_ERROR_INVALID_ARGUMENT";
    case TEXSIM_ERROR_DIAGNOSTICS:
      return "TEXSIM_ERROR_DIAGNOSTICS";
    case TEXSIM_ERROR_NOT_FOUND:
      return "TEXSIM_ERROR_NOT_FOUND";
    case TEXSIM_ERROR_OUT_OF_MEMORY:
      return "TEXSIM_ERROR_OUT_OF_MEMORY";
    case TEXSIM_ERROR_INTERNAL:
      return "TEXSIM_ERROR_INTERNAL";
  }
  return "TEXSIM_STATUS_UNKNOWN";
}

const char* texsim_last_error(void) {
  auto& st = texsim::capi::state();
  if (st.last_error.empty()) {
    for (const auto& d : st.diags) st.last_error += d.text + "\n";
  }
  return st.last_error.c_str();
}

size_t texsim_diagnostic_count(void) {
  return texsim::capi::state().diags.size();
}

// Reads the diagnostics without changing them: a bad index or struct_size is
// TEXSIM_ERROR_INVALID_ARGUMENT alone (texsim.h).
texsim_status texsim_diagnostic_get(size_t index, texsim_diagnostic* out) {
  auto& st = texsim::capi::state();
  if (out == nullptr || index >= st.diags.size()) return TEXSIM_ERROR_INVALID_ARGUMENT;
  const texsim::Diagnostic& d = st.diags[index];
  st.notes.resize(st.diags.size());
  std::vector<const char*>& notes = st.notes[index];
  notes.clear();
  for (const std::string& n : d.notes) notes.push_back(n.c_str());
  texsim_diagnostic c = texsim::capi::defaults<texsim_diagnostic>();
  c.severity = d.severity == texsim::Severity::kError     ? TEXSIM_ERROR
               : d.severity == texsim::Severity::kWarning ? TEXSIM_WARNING
                                                          : TEXSIM_NOTE;
  c.rule = d.rule.c_str();
  c.file = d.file.c_str();
  c.line = d.line;
  c.column = d.column;
  c.is_binary = d.is_binary ? 1 : 0;
  c.offset = d.offset;
  c.has_bits = d.has_bits ? 1 : 0;
  c.bit_hi = d.bit_hi;
  c.bit_lo = d.bit_lo;
  c.message = d.message.c_str();
  c.citation = d.citation.c_str();
  c.text = d.text.c_str();
  c.notes = notes.data();
  c.note_count = notes.size();
  texsim::Diagnostics unused;  // the list being read stays as it is
  return texsim::capi::write(c, out, "out", unused) ? TEXSIM_OK : TEXSIM_ERROR_INVALID_ARGUMENT;
}

texsim_status texsim_surface_create(const texsim_surface_desc* desc, const void* bytes, size_t size,
                                    texsim_surface** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (desc == nullptr || out == nullptr) return bad_argument(d, "desc and out must be set");
    *out = nullptr;
    const auto c = texsim::capi::read(desc, "desc", d);
    if (!c) return TEXSIM_ERROR_INVALID_ARGUMENT;
    if (c->format == nullptr) return bad_argument(d, "desc->format must be set");
    if (raw(c->type) < TEXSIM_SURFACE_1D || raw(c->type) > TEXSIM_SURFACE_CUBE_ARRAY)
      return bad_argument(d, "unknown surface type " + std::to_string(raw(c->type)));
    if (bytes == nullptr && size != 0) return bad_argument(d, "bytes is NULL, size is not 0");
    texsim::SurfaceDesc sd;
    texsim::detail::copy_extent(*c, sd);
    sd.format = c->format;
    std::optional<texsim::Surface> s =
        bytes == nullptr ? texsim::Surface::create(sd, d)
                         : texsim::Surface::from_memory(
                               sd, std::span(static_cast<const uint8_t*>(bytes), size), d);
    if (!s) return TEXSIM_ERROR_DIAGNOSTICS;
    *out = new texsim_surface{*s};
    return TEXSIM_OK;
  });
}

void texsim_surface_destroy(texsim_surface* surface) {
  delete surface;
}

uint64_t texsim_surface_size(const texsim_surface* surface) {
  return surface == nullptr ? 0 : surface->s.size_bytes();
}

texsim_status texsim_surface_write(texsim_surface* surface, uint64_t offset, const void* bytes,
                                   size_t size) {
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || (bytes == nullptr && size != 0))
      return bad_argument(d, "surface and bytes must be set");
    const std::span<uint8_t> dst = surface->s.mutable_bytes();
    if (dst.empty() && surface->s.size_bytes() != 0)
      return bad_argument(d, "the surface belongs to a scene and is read-only");
    if (offset > dst.size() || size > dst.size() - offset)
      return bad_argument(d, "bytes [" + std::to_string(offset) + ", +" + std::to_string(size) +
                                 ") lie outside the surface's " + std::to_string(dst.size()));
    if (size != 0) std::memcpy(dst.data() + offset, bytes, size);
    return TEXSIM_OK;
  });
}

texsim_status texsim_surface_level(const texsim_surface* surface, uint32_t level, uint64_t* offset,
                                   uint64_t* row_pitch) {
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr) return bad_argument(d, "surface must be set");
    if (level >= surface->s.desc().mips)
      return bad_argument(d, "level " + std::to_string(level) + " is beyond the surface's mips");
    const texsim::LevelLayout l = surface->s.level_layout(level);
    if (offset != nullptr) *offset = l.offset;
    if (row_pitch != nullptr) *row_pitch = l.row_pitch;
    return TEXSIM_OK;
  });
}

}  // extern "C"
