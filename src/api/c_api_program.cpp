// The C API (include/texsim/texsim.h), part 4: assemble/disassemble/check, running a program on
// a scene (texsim_run_options), and the blobs and run results they hand out.
#include <cstring>

#include "api/c_structs.hpp"
#include "api/fields.hpp"

using texsim::capi::bad_argument;
using texsim::capi::guard;

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

// The C run options as the C++ ones; nullopt (LIB-ARG) for a bad struct_size or value.
std::optional<texsim::RunOptions> run_options_of(const texsim_run_options* options,
                                                 texsim::Diagnostics& d) {
  const auto o = texsim::capi::read(options, "options", d);
  if (!o) return std::nullopt;
  if (!texsim::capi::profile_ok(o->profile, d)) return std::nullopt;
  if (o->poison < -1 || o->poison > 255 || (o->settings == nullptr && o->setting_count != 0)) {
    bad_argument(d, "options: poison must be -1 or a byte, settings set when setting_count is");
    return std::nullopt;
  }
  texsim::RunOptions r;
  texsim::detail::assign(r.profile, o->profile), texsim::detail::assign(r.trace, o->trace);
  texsim::detail::assign(r.poison, o->poison);
  r.platform = std::string(str(o->platform));
  for (size_t i = 0; i < o->setting_count; ++i) {
    const texsim_setting& kv = o->settings[i];
    if (kv.key == nullptr || kv.value == nullptr) {
      bad_argument(d, "options->settings[" + std::to_string(i) + "]: key and value must be set");
      return std::nullopt;
    }
    r.settings.emplace_back(kv.key, kv.value);
  }
  return r;
}

}  // namespace

extern "C" {

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

texsim_status texsim_disassemble(texsim_isa isa, const void* binary, size_t size, const char* name,
                                 const char* platform, texsim_blob** listing) {
  return guard([&](texsim::Diagnostics& d) {
    if (!isa_ok(isa) || (binary == nullptr && size != 0) || listing == nullptr)
      return bad_argument(d, "isa, binary and listing must be valid");
    *listing = nullptr;
    const auto* p = static_cast<const uint8_t*>(binary);
    auto t = texsim::disassemble(isa_of(isa), std::span(p, size), d, str(platform),
                                 name == nullptr ? "<bytes>" : name);
    if (!t) return TEXSIM_ERROR_DIAGNOSTICS;
    *listing = blob(std::vector<uint8_t>(t->begin(), t->end()), true);
    return TEXSIM_OK;
  });
}

texsim_status texsim_run_program(texsim_isa isa, const char* text, const char* name,
                                 const texsim_scene* scene, const texsim_run_options* options,
                                 texsim_run** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (!isa_ok(isa) || text == nullptr || scene == nullptr || out == nullptr)
      return bad_argument(d, "isa, text, scene and out must be valid");
    *out = nullptr;
    const auto ro = run_options_of(options, d);
    if (!ro) return TEXSIM_ERROR_INVALID_ARGUMENT;
    const texsim::Source src{text, name == nullptr ? "<text>" : name};
    auto r = texsim::run(isa_of(isa), src, scene->s, *ro, d);
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
