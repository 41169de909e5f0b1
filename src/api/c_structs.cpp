// The C API's extensible structs: texsim_X_init for each, the size check with its LIB-ARG
// diagnostic, and the checks that the C enums and version boundaries are what texsim.h says.
#include "api/c_structs.hpp"

namespace texsim::capi {

// The C enums mirror the C++ ones value for value (fields.hpp converts them by value).
static_assert(TEXSIM_FILTER_LINEAR == int(Filter::kLinear));
static_assert(TEXSIM_MIP_LINEAR == int(MipFilter::kLinear));
static_assert(TEXSIM_ADDRESS_MIRROR_ONCE == int(AddressMode::kMirrorOnce));
static_assert(TEXSIM_COMPARE_ALWAYS == int(CompareFunc::kAlways));
static_assert(TEXSIM_REDUCTION_MAX == int(Reduction::kMax));
static_assert(TEXSIM_PROFILE_NVIDIA == int(Profile::kNvidia));
static_assert(TEXSIM_OP_LOD_QUERY == int(SampleOp::kLodQuery));
static_assert(TEXSIM_KIND_UINT == int(TexelKind::kUint));
static_assert(TEXSIM_SURFACE_CUBE_ARRAY == int(SurfaceType::kCubeArray));
static_assert(TEXSIM_SAMPLE_INDEX_CLAMP == int(SampleIndexPolicy::kClamp));
static_assert(TEXSIM_QUERY_SAMPLES == int(QueryOp::kSamples));

// A version's first field starts at the previous version's sizeof (no tail padding of the older
// struct is taken for a newer field), so struct_size names whole fields.
static_assert(offsetof(texsim_diagnostic, notes) % alignof(texsim_diagnostic) == 0);
static_assert(offsetof(texsim_run_options, settings) % alignof(texsim_run_options) == 0);
static_assert(offsetof(texsim_sampler, max_anisotropy_float) % alignof(texsim_sampler) == 0);
static_assert(offsetof(texsim_sample_lanes, quad_x) % alignof(texsim_sample_lanes) == 0);
static_assert(offsetof(texsim_placement, miptail_start) % alignof(texsim_placement) == 0);
static_assert(offsetof(texsim_sample_options, lavapipe_masked_lanes) %
                  alignof(texsim_sample_options) ==
              0);

bool size_ok(const StructVersions& v, size_t size, const char* what, Diagnostics& d) {
  if (v.known(size)) return true;
  std::string sizes = std::to_string(v.sizes[0]);
  if (v.sizes[1] != v.sizes[0]) sizes += " or " + std::to_string(v.sizes[1]);
  bad_argument(d, std::string(what) + ": struct_size is " + std::to_string(size) + ", but a " +
                      v.name + " is " + sizes + " bytes in texsim " + TEXSIM_VERSION +
                      " (set it with " + v.name + "_default() or " + v.name + "_init())");
  return false;
}

namespace {

// texsim_X_init: the defaults of the fields `size` covers. Leaves the calling thread's
// diagnostics alone when it succeeds (texsim_diagnostic_default() is called while reading them).
template <typename T>
texsim_status init(T* s, size_t size) noexcept {
  const StructVersions v = versions_of<T>();
  if (s != nullptr && v.known(size)) {
    T value = defaults<T>();
    value.struct_size = size;
    std::memcpy(s, &value, size);
    return TEXSIM_OK;
  }
  return guard([&](Diagnostics& d) {
    if (s == nullptr) return bad_argument(d, std::string(v.name) + "_init: the struct is NULL");
    size_ok(v, size, (std::string(v.name) + "_init").c_str(), d);
    return TEXSIM_ERROR_INVALID_ARGUMENT;
  });
}

}  // namespace
}  // namespace texsim::capi

extern "C" {

// NOLINTBEGIN(bugprone-macro-parentheses): `type` names a type in a declaration; parentheses
// around it would not compile.
#define TEXSIM_INIT_FN(type)                        \
  texsim_status type##_init(type* s, size_t size) { \
    return texsim::capi::init(s, size);             \
  }
// NOLINTEND(bugprone-macro-parentheses)
TEXSIM_INIT_FN(texsim_diagnostic)
TEXSIM_INIT_FN(texsim_surface_desc)
TEXSIM_INIT_FN(texsim_sampler)
TEXSIM_INIT_FN(texsim_sample_lanes)
TEXSIM_INIT_FN(texsim_fetch_lanes)
TEXSIM_INIT_FN(texsim_results)
TEXSIM_INIT_FN(texsim_sample_options)
TEXSIM_INIT_FN(texsim_fetch_options)
TEXSIM_INIT_FN(texsim_scene_options)
TEXSIM_INIT_FN(texsim_bounds_options)
TEXSIM_INIT_FN(texsim_run_options)
TEXSIM_INIT_FN(texsim_query_lanes)
TEXSIM_INIT_FN(texsim_query_options)
TEXSIM_INIT_FN(texsim_placement)
#undef TEXSIM_INIT_FN

}  // extern "C"
