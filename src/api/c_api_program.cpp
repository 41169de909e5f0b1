// The C API (include/texsim/texsim.h), part 2: scenes, assemble/disassemble/check, running a
// program on a scene, and the blobs and run results they hand out.
#include <cstring>

#include "api/c_api.hpp"

using texsim::capi::bad_argument;
using texsim::capi::guard;
using texsim::capi::raw;

texsim_sampler texsim_sampler_from(const texsim::Sampler& s) {
  texsim_sampler c = texsim_sampler_default();
  c.min_filter = static_cast<texsim_filter>(s.min_filter);
  c.mag_filter = static_cast<texsim_filter>(s.mag_filter);
  c.mip_filter = static_cast<texsim_mip_filter>(s.mip_filter);
  c.max_anisotropy = s.max_anisotropy;
  for (size_t k = 0; k < 3; ++k) c.address[k] = static_cast<texsim_address>(s.address[k]);
  for (size_t k = 0; k < 4; ++k) {
    c.border_color[k] = s.border_color[k];
    c.border_color_int[k] = s.border_color_int[k];
  }
  c.lod_bias = s.lod_bias;
  c.min_lod = s.min_lod;
  c.max_lod = s.max_lod;
  c.compare = s.compare ? static_cast<texsim_compare>(*s.compare) : TEXSIM_COMPARE_NONE;
  c.normalized_coords = s.normalized_coords ? 1 : 0;
  c.srgb_decode = s.srgb_decode ? 1 : 0;
  c.reduction = static_cast<texsim_reduction>(s.reduction);
  return c;
}

namespace {

bool isa_ok(texsim_isa isa) {
  return isa == TEXSIM_ISA_VISA || isa == TEXSIM_ISA_SASS;
}
texsim::Isa isa_of(texsim_isa isa) {
  return isa == TEXSIM_ISA_SASS ? texsim::Isa::kSass : texsim::Isa::kVisa;
}
std::string_view str(const char* s) {
  return s == nullptr ? std::string_view() : s;
}

texsim_blob* blob(std::vector<uint8_t> bytes, bool text) {
  auto* b = new texsim_blob;
  b->size = bytes.size();
  b->data = std::move(bytes);
  if (text) b->data.push_back(0);
  return b;
}

}  // namespace

extern "C" {

texsim_status texsim_scene_load_file(const char* path, texsim_scene** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (path == nullptr || out == nullptr) return bad_argument(d, "path and out must be set");
    *out = nullptr;
    auto s = texsim::Scene::load_file(path, d);
    if (!s) return TEXSIM_ERROR_DIAGNOSTICS;
    *out = new texsim_scene{*s};
    return TEXSIM_OK;
  });
}

texsim_status texsim_scene_load_text(const char* json, size_t size, const char* name,
                                     texsim_scene** out) {
  return guard([&](texsim::Diagnostics& d) {
    if ((json == nullptr && size != 0) || out == nullptr)
      return bad_argument(d, "json and out must be set");
    *out = nullptr;
    auto s = texsim::Scene::load_text(std::string_view(json == nullptr ? "" : json, size),
                                      name == nullptr ? "<scene>" : name, d);
    if (!s) return TEXSIM_ERROR_DIAGNOSTICS;
    *out = new texsim_scene{*s};
    return TEXSIM_OK;
  });
}

void texsim_scene_destroy(texsim_scene* scene) {
  delete scene;
}

texsim_status texsim_scene_surface(const texsim_scene* scene, uint32_t id, texsim_surface** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (scene == nullptr || out == nullptr) return bad_argument(d, "scene and out must be set");
    *out = nullptr;
    auto s = scene->s.surface(id);
    if (!s) return TEXSIM_ERROR_NOT_FOUND;
    *out = new texsim_surface{*s};
    return TEXSIM_OK;
  });
}

texsim_status texsim_scene_sampler(const texsim_scene* scene, uint32_t id, texsim_sampler* out) {
  return guard([&](texsim::Diagnostics& d) {
    if (scene == nullptr || out == nullptr) return bad_argument(d, "scene and out must be set");
    auto s = scene->s.sampler(id);
    if (!s) return TEXSIM_ERROR_NOT_FOUND;
    *out = texsim_sampler_from(*s);
    return TEXSIM_OK;
  });
}

const uint8_t* texsim_blob_data(const texsim_blob* b) {
  return b == nullptr ? nullptr : b->data.data();
}
size_t texsim_blob_size(const texsim_blob* b) {
  return b == nullptr ? 0 : b->size;
}
void texsim_blob_destroy(texsim_blob* b) {
  delete b;
}

texsim_status texsim_check(texsim_isa isa, const char* text, const char* name,
                           const char* platform) {
  return guard([&](texsim::Diagnostics& d) {
    if (!isa_ok(isa) || text == nullptr) return bad_argument(d, "isa and text must be valid");
    const texsim::Source src{text, name == nullptr ? "<text>" : name};
    return texsim::check(isa_of(isa), src, d, str(platform)) ? TEXSIM_OK : TEXSIM_ERROR_DIAGNOSTICS;
  });
}

texsim_status texsim_assemble(texsim_isa isa, const char* text, const char* name,
                              const char* platform, texsim_blob** binary) {
  return guard([&](texsim::Diagnostics& d) {
    if (!isa_ok(isa) || text == nullptr || binary == nullptr)
      return bad_argument(d, "isa, text and binary must be valid");
    *binary = nullptr;
    const texsim::Source src{text, name == nullptr ? "<text>" : name};
    auto a = texsim::assemble(isa_of(isa), src, d, str(platform));
    if (!a) return TEXSIM_ERROR_DIAGNOSTICS;
    *binary = blob(std::move(a->binary), false);
    return TEXSIM_OK;
  });
}

texsim_status texsim_disassemble(texsim_isa isa, const void* binary, size_t size,
                                 const char* platform, texsim_blob** listing) {
  return guard([&](texsim::Diagnostics& d) {
    if (!isa_ok(isa) || (binary == nullptr && size != 0) || listing == nullptr)
      return bad_argument(d, "isa, binary and listing must be valid");
    *listing = nullptr;
    const auto* p = static_cast<const uint8_t*>(binary);
    auto t = texsim::disassemble(isa_of(isa), std::span(p, size), d, str(platform));
    if (!t) return TEXSIM_ERROR_DIAGNOSTICS;
    *listing = blob(std::vector<uint8_t>(t->begin(), t->end()), true);
    return TEXSIM_OK;
  });
}

texsim_run_options texsim_run_options_default(void) {
  return texsim_run_options{TEXSIM_PROFILE_D3D, nullptr, 0};
}

texsim_status texsim_run_program(texsim_isa isa, const char* text, const char* name,
                                 const texsim_scene* scene, const texsim_run_options* options,
                                 texsim_run** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (!isa_ok(isa) || text == nullptr || scene == nullptr || out == nullptr)
      return bad_argument(d, "isa, text, scene and out must be valid");
    *out = nullptr;
    const texsim_run_options o = options ? *options : texsim_run_options_default();
    if (raw(o.profile) < TEXSIM_PROFILE_D3D || raw(o.profile) > TEXSIM_PROFILE_NVIDIA)
      return bad_argument(d, "unknown profile " + std::to_string(raw(o.profile)));
    texsim::RunOptions ro;
    ro.profile = static_cast<texsim::Profile>(o.profile);
    ro.platform = std::string(str(o.platform));
    ro.trace = o.trace != 0;
    const texsim::Source src{text, name == nullptr ? "<text>" : name};
    auto r = texsim::run(isa_of(isa), src, scene->s, ro, d);
    if (!r) return TEXSIM_ERROR_DIAGNOSTICS;
    auto* run = new texsim_run;
    run->r = std::move(*r);
    for (const texsim::Register& reg : run->r.registers) {
      std::vector<uint8_t> def(reg.bytes.size(), 1);
      for (size_t i = 0; i < reg.defined.size() && i < def.size(); ++i)
        def[i] = reg.defined[i] ? 1 : 0;
      run->defined.push_back(std::move(def));
    }
    *out = run;
    return TEXSIM_OK;
  });
}

void texsim_run_destroy(texsim_run* run) {
  delete run;
}

size_t texsim_run_register_count(const texsim_run* run) {
  return run == nullptr ? 0 : run->r.registers.size();
}

texsim_status texsim_run_register(const texsim_run* run, size_t index, const char** name,
                                  const char** type, const uint8_t** bytes, const uint8_t** defined,
                                  size_t* size) {
  return guard([&](texsim::Diagnostics& d) {
    if (run == nullptr || index >= run->r.registers.size())
      return bad_argument(d, "no register " + std::to_string(index));
    const texsim::Register& r = run->r.registers[index];
    if (name != nullptr) *name = r.name.c_str();
    if (type != nullptr) *type = r.type.c_str();
    if (bytes != nullptr) *bytes = r.bytes.data();
    if (defined != nullptr) *defined = run->defined[index].data();
    if (size != nullptr) *size = r.bytes.size();
    return TEXSIM_OK;
  });
}

size_t texsim_run_trace_count(const texsim_run* run) {
  return run == nullptr ? 0 : run->r.trace.size();
}

const char* texsim_run_trace(const texsim_run* run, size_t index) {
  if (run == nullptr || index >= run->r.trace.size()) return nullptr;
  return run->r.trace[index].c_str();
}

}  // extern "C"
