// One case on the GPU through the driver API: a (mipmapped, layered) CUDA array over the case's
// texels, a texture object from its sampler fields, one kernel launch over its lookups. No texsim.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bundle_files.hpp"
#include "cuda_driver.hpp"

namespace hw {

enum class GpuStatus { kReady, kNoDriver, kNoDevice, kError };

class Gpu {
 public:
  // Loads `library` (libcuda.so.1), initialises it and makes device 0's primary context current.
  GpuStatus open(const char* library, std::string& why) {
    if (!cu_.load(library, why)) return GpuStatus::kNoDriver;
    CUresult r = cu_.cuInit(0);
    if (r == kCudaErrorNoDevice) {
      why = cu_.error("cuInit", r);
      return GpuStatus::kNoDevice;
    }
    int count = 0;
    if (!check(r, "cuInit", why) || !check(cu_.cuDeviceGetCount(&count), "cuDeviceGetCount", why))
      return GpuStatus::kError;
    if (count == 0) {
      why = "cuDeviceGetCount: 0 devices";
      return GpuStatus::kNoDevice;
    }
    char name[256] = {0};
    int major = 0, minor = 0, version = 0;
    if (!check(cu_.cuDeviceGet(&dev_, 0), "cuDeviceGet", why) ||
        !check(cu_.cuDeviceGetName(name, sizeof name - 1, dev_), "cuDeviceGetName", why) ||
        !check(cu_.cuDeviceGetAttribute(&major, kAttrComputeCapabilityMajor, dev_),
               "cuDeviceGetAttribute", why) ||
        !check(cu_.cuDeviceGetAttribute(&minor, kAttrComputeCapabilityMinor, dev_),
               "cuDeviceGetAttribute", why) ||
        !check(cu_.cuDriverGetVersion(&version), "cuDriverGetVersion", why) ||
        !check(cu_.cuDevicePrimaryCtxRetain(&ctx_, dev_), "cuDevicePrimaryCtxRetain", why) ||
        !check(cu_.cuCtxSetCurrent(ctx_), "cuCtxSetCurrent", why))
      return GpuStatus::kError;
    sm_ = major * 10 + minor;
    description_ = std::string(name) + " (sm_" + std::to_string(sm_) + ", driver " +
                   std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10) + ")";
    return GpuStatus::kReady;
  }

  Gpu() = default;
  Gpu(const Gpu&) = delete;
  Gpu& operator=(const Gpu&) = delete;
  ~Gpu() {
    for (auto& [key, m] : modules_) cu_.cuModuleUnload(m);
    if (ctx_ != nullptr) cu_.cuDevicePrimaryCtxRelease(dev_);
  }

  int sm() const { return sm_; }
  const std::string& description() const { return description_; }

  // Loads a module image (PTX text with its terminating NUL, or a cubin) once under `key`.
  bool load_module(const std::string& key, const std::vector<uint8_t>& image, std::string& why) {
    if (modules_.count(key) != 0) return true;
    CUmodule m = nullptr;
    if (!check(cu_.cuModuleLoadData(&m, image.data()), "cuModuleLoadData " + key, why))
      return false;
    modules_[key] = m;
    return true;
  }

  // Runs case `c` with the kernel of module `key`; `out` receives lookups x 4 words.
  bool run(const CaseData& c, const std::string& key, std::vector<uint32_t>& out,
           std::string& why) {
    CUfunction f = nullptr;
    if (!check(cu_.cuModuleGetFunction(&f, modules_.at(key), c.spec.kernel.c_str()),
               "cuModuleGetFunction " + c.spec.kernel, why))
      return false;
    Resources res{cu_};
    CUtexObject tex = 0;
    if (!upload_texture(c, res, why) || !make_texture(c, res, tex, why)) return false;
    res.tex = tex;
    const size_t in_bytes = c.inputs.size() * 4, out_bytes = size_t{c.spec.lookups} * 16;
    if (!check(cu_.cuMemAlloc(&res.in, in_bytes), "cuMemAlloc", why) ||
        !check(cu_.cuMemAlloc(&res.out, out_bytes), "cuMemAlloc", why) ||
        !check(cu_.cuMemcpyHtoD(res.in, c.inputs.data(), in_bytes), "cuMemcpyHtoD", why))
      return false;
    unsigned n = c.spec.lookups;
    void* params[] = {&tex, &res.in, &res.out, &n};
    const unsigned threads = 128, blocks = (n + threads - 1) / threads;
    out.assign(size_t{n} * kResultWords, 0);
    return check(cu_.cuLaunchKernel(f, blocks, 1, 1, threads, 1, 1, 0, nullptr, params, nullptr),
                 "cuLaunchKernel " + c.spec.kernel, why) &&
           check(cu_.cuCtxSynchronize(), "kernel " + c.spec.kernel, why) &&
           check(cu_.cuMemcpyDtoH(out.data(), res.out, out_bytes), "cuMemcpyDtoH", why);
  }

 private:
  // Everything one run allocates, released in reverse order whatever happened.
  struct Resources {
    CudaDriver& cu;
    CUarray array = nullptr;
    CUmipmappedArray mip = nullptr;
    CUtexObject tex = 0;
    CUdeviceptr in = 0, out = 0;
    explicit Resources(CudaDriver& d) : cu(d) {}
    Resources(const Resources&) = delete;
    Resources& operator=(const Resources&) = delete;
    ~Resources() {
      if (in != 0) cu.cuMemFree(in);
      if (out != 0) cu.cuMemFree(out);
      if (tex != 0) cu.cuTexObjectDestroy(tex);
      if (array != nullptr) cu.cuArrayDestroy(array);
      if (mip != nullptr) cu.cuMipmappedArrayDestroy(mip);
    }
  };

  bool check(CUresult r, const std::string& what, std::string& why) const {
    if (r == kCudaSuccess) return true;
    why = cu_.error(what.c_str(), r);
    return false;
  }

  static int array_format(Elem e) {
    static const int kFormats[] = {kAdUnsignedInt8, kAdSignedInt8,    kAdUnsignedInt16,
                                   kAdSignedInt16,  kAdUnsignedInt32, kAdSignedInt32,
                                   kAdHalf,         kAdFloat};
    return kFormats[static_cast<int>(e)];
  }

  // CUDA_ARRAY3D_DESCRIPTOR: a 1D array has Height 0, a 2D one Depth 0; layered arrays hold
  // their layer count in Depth (cuArray3DCreate, "Description").
  static CudaArray3dDescriptor array_desc(const CaseSpec& c) {
    const bool one_d = c.shape == Shape::k1D || c.shape == Shape::kA1D;
    const bool deep = c.shape == Shape::k3D || is_array(c.shape);
    return {c.w,
            one_d ? 0 : size_t{c.h},
            deep ? size_t{c.d} : 0,
            array_format(c.elem),
            c.channels,
            is_array(c.shape) ? kArray3dLayered : 0u};
  }

  bool upload_texture(const CaseData& c, Resources& res, std::string& why) {
    const CudaArray3dDescriptor desc = array_desc(c.spec);
    if (c.spec.levels > 1) {
      if (!check(cu_.cuMipmappedArrayCreate(&res.mip, &desc, c.spec.levels),
                 "cuMipmappedArrayCreate", why))
        return false;
    } else if (!check(cu_.cuArray3DCreate(&res.array, &desc), "cuArray3DCreate", why)) {
      return false;
    }
    size_t offset = 0;
    for (unsigned l = 0; l < c.spec.levels; ++l) {
      CUarray level = res.array;
      if (c.spec.levels > 1 &&
          !check(cu_.cuMipmappedArrayGetLevel(&level, res.mip, l), "cuMipmappedArrayGetLevel", why))
        return false;
      const size_t row =
          size_t{level_extent(c.spec.w, l)} * c.spec.channels * elem_bytes(c.spec.elem);
      CudaMemcpy3d cp{};
      cp.src_memory_type = kMemoryTypeHost;
      cp.src_host = c.texels.data() + offset;
      cp.src_pitch = row;
      cp.src_height = level_rows(c.spec, l);
      cp.dst_memory_type = kMemoryTypeArray;
      cp.dst_array = level;
      cp.width_in_bytes = row;
      cp.height = level_rows(c.spec, l);
      cp.depth = level_slices(c.spec, l);
      if (!check(cu_.cuMemcpy3D(&cp), "cuMemcpy3D", why)) return false;
      offset += level_bytes(c.spec, l);
    }
    return true;
  }

  bool make_texture(const CaseData& c, const Resources& res, CUtexObject& tex, std::string& why) {
    CudaResourceDesc rd{};
    if (c.spec.levels > 1) {
      rd.res_type = kResourceTypeMipmappedArray;
      rd.res.mipmap = res.mip;
    } else {
      rd.res_type = kResourceTypeArray;
      rd.res.array = res.array;
    }
    CudaTextureDesc td{};
    for (int k = 0; k < 3; ++k) td.address_mode[k] = c.spec.address[static_cast<size_t>(k)];
    td.filter_mode = c.spec.linear ? 1 : 0;
    td.flags = kTrsfDisableTrilinearOptimization |  // decision P16: the model has no shortcut
               (c.spec.read_integer ? kTrsfReadAsInteger : 0u) |
               (c.spec.normalized ? kTrsfNormalizedCoordinates : 0u);
    td.max_anisotropy = 1;
    td.mipmap_filter_mode = c.spec.mip_linear ? 1 : 0;
    td.mipmap_level_bias = c.spec.bias;
    td.min_mipmap_level_clamp = c.spec.min_lod;
    td.max_mipmap_level_clamp = c.spec.max_lod;
    for (int k = 0; k < 4; ++k) td.border_color[k] = c.spec.border[static_cast<size_t>(k)];
    return check(cu_.cuTexObjectCreate(&tex, &rd, &td, nullptr), "cuTexObjectCreate", why);
  }

  CudaDriver cu_;
  CUdevice dev_ = 0;
  CUcontext ctx_ = nullptr;
  int sm_ = 0;
  std::string description_;
  std::map<std::string, CUmodule> modules_;
};

}  // namespace hw
