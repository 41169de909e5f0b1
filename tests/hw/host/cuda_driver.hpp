// The handful of CUDA driver API types and entry points the hardware check uses, declared here
// and bound at run time with dlopen("libcuda.so.1"): no CUDA toolkit is needed to build. No texsim.
#pragma once

#include <dlfcn.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace hw {

// Types and constants as the CUDA Driver API reference declares them (docs.nvidia.com/cuda/
// cuda-driver-api, "Data types used by CUDA driver"; cuda.h of CUDA 11.8 to 13.0 agrees, and
// driver_abi_test.cpp checks every size and offset against cuda.h wherever one is installed).
using CUresult = int;  // enum cudaError_enum: CUDA_SUCCESS = 0
using CUdevice = int;
using CUdeviceptr = unsigned long long;  // CUdeviceptr_v2
using CUtexObject = unsigned long long;  // CUtexObject_v1
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUarray = struct CUarray_st*;
using CUmipmappedArray = struct CUmipmappedArray_st*;
using CUstream = struct CUstream_st*;

constexpr CUresult kCudaSuccess = 0;
constexpr CUresult kCudaErrorNoDevice = 100;     // CUDA_ERROR_NO_DEVICE
constexpr int kAttrComputeCapabilityMajor = 75;  // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
constexpr int kAttrComputeCapabilityMinor = 76;  // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR

// CUarray_format (CU_AD_FORMAT_*).
enum : int {
  kAdUnsignedInt8 = 0x01,
  kAdUnsignedInt16 = 0x02,
  kAdUnsignedInt32 = 0x03,
  kAdSignedInt8 = 0x08,
  kAdSignedInt16 = 0x09,
  kAdSignedInt32 = 0x0a,
  kAdHalf = 0x10,
  kAdFloat = 0x20,
};
constexpr unsigned kArray3dLayered = 0x01;      // CUDA_ARRAY3D_LAYERED
constexpr int kMemoryTypeHost = 1;              // CU_MEMORYTYPE_HOST
constexpr int kMemoryTypeArray = 3;             // CU_MEMORYTYPE_ARRAY
constexpr int kResourceTypeArray = 0;           // CU_RESOURCE_TYPE_ARRAY
constexpr int kResourceTypeMipmappedArray = 1;  // CU_RESOURCE_TYPE_MIPMAPPED_ARRAY
// CUaddress_mode: WRAP 0, CLAMP 1, MIRROR 2, BORDER 3. CUfilter_mode: POINT 0, LINEAR 1.
constexpr unsigned kTrsfReadAsInteger = 0x01;                 // CU_TRSF_READ_AS_INTEGER
constexpr unsigned kTrsfNormalizedCoordinates = 0x02;         // CU_TRSF_NORMALIZED_COORDINATES
constexpr unsigned kTrsfDisableTrilinearOptimization = 0x20;  // CU_TRSF_DISABLE_TRILINEAR_...

struct CudaArray3dDescriptor {  // CUDA_ARRAY3D_DESCRIPTOR_v2
  size_t width, height, depth;
  int format;  // CUarray_format
  unsigned num_channels;
  unsigned flags;
};

struct CudaMemcpy3d {  // CUDA_MEMCPY3D_v2
  size_t src_x_in_bytes, src_y, src_z, src_lod;
  int src_memory_type;  // CUmemorytype
  const void* src_host;
  CUdeviceptr src_device;
  CUarray src_array;
  void* reserved0;
  size_t src_pitch, src_height;
  size_t dst_x_in_bytes, dst_y, dst_z, dst_lod;
  int dst_memory_type;
  void* dst_host;
  CUdeviceptr dst_device;
  CUarray dst_array;
  void* reserved1;
  size_t dst_pitch, dst_height;
  size_t width_in_bytes, height, depth;
};

struct CudaResourceDesc {  // CUDA_RESOURCE_DESC_v1
  int res_type;            // CUresourcetype
  union {
    CUarray array;            // res.array.hArray
    CUmipmappedArray mipmap;  // res.mipmap.hMipmappedArray
    int reserved[32];         // res.reserved.reserved: the union's size
  } res;
  unsigned flags;
};

struct CudaTextureDesc {  // CUDA_TEXTURE_DESC_v1
  int address_mode[3];    // CUaddress_mode
  int filter_mode;        // CUfilter_mode
  unsigned flags;         // CU_TRSF_*
  unsigned max_anisotropy;
  int mipmap_filter_mode;
  float mipmap_level_bias;
  float min_mipmap_level_clamp;
  float max_mipmap_level_clamp;
  float border_color[4];
  int reserved[12];
};

// The entry points, by their exported (versioned) names: cuda.h maps cuMemAlloc to
// cuMemAlloc_v2 and so on; those names are stable since CUDA 4.0 / 5.0.
struct CudaDriver {
  void* handle = nullptr;
  CUresult (*cuInit)(unsigned) = nullptr;
  CUresult (*cuDriverGetVersion)(int*) = nullptr;
  CUresult (*cuDeviceGetCount)(int*) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice*, int) = nullptr;
  CUresult (*cuDeviceGetName)(char*, int, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int*, int, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext*, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice) = nullptr;  // _v2
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;
  CUresult (*cuModuleLoadData)(CUmodule*, const void*) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*) = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr*, size_t) = nullptr;                         // _v2
  CUresult (*cuMemFree)(CUdeviceptr) = nullptr;                                   // _v2
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void*, size_t) = nullptr;           // _v2
  CUresult (*cuMemcpyDtoH)(void*, CUdeviceptr, size_t) = nullptr;                 // _v2
  CUresult (*cuMemcpy3D)(const CudaMemcpy3d*) = nullptr;                          // _v2
  CUresult (*cuArray3DCreate)(CUarray*, const CudaArray3dDescriptor*) = nullptr;  // _v2
  CUresult (*cuArrayDestroy)(CUarray) = nullptr;
  CUresult (*cuMipmappedArrayCreate)(CUmipmappedArray*, const CudaArray3dDescriptor*,
                                     unsigned) = nullptr;
  CUresult (*cuMipmappedArrayGetLevel)(CUarray*, CUmipmappedArray, unsigned) = nullptr;
  CUresult (*cuMipmappedArrayDestroy)(CUmipmappedArray) = nullptr;
  CUresult (*cuTexObjectCreate)(CUtexObject*, const CudaResourceDesc*, const CudaTextureDesc*,
                                const void*) = nullptr;
  CUresult (*cuTexObjectDestroy)(CUtexObject) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, CUstream, void**, void**) = nullptr;
  CUresult (*cuGetErrorName)(CUresult, const char**) = nullptr;

  CudaDriver() = default;
  CudaDriver(const CudaDriver&) = delete;
  CudaDriver& operator=(const CudaDriver&) = delete;
  ~CudaDriver() {
    if (handle != nullptr) dlclose(handle);
  }

  // Opens `library` and binds every entry point; false (with `why`) when the library or any
  // symbol is missing.
  bool load(const char* library, std::string& why) {
    handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* e = dlerror();
      why = e != nullptr ? e : library;
      return false;
    }
    return bind(cuInit, "cuInit", why) && bind(cuDriverGetVersion, "cuDriverGetVersion", why) &&
           bind(cuDeviceGetCount, "cuDeviceGetCount", why) &&
           bind(cuDeviceGet, "cuDeviceGet", why) && bind(cuDeviceGetName, "cuDeviceGetName", why) &&
           bind(cuDeviceGetAttribute, "cuDeviceGetAttribute", why) &&
           bind(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", why) &&
           bind(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", why) &&
           bind(cuCtxSetCurrent, "cuCtxSetCurrent", why) &&
           bind(cuCtxSynchronize, "cuCtxSynchronize", why) &&
           bind(cuModuleLoadData, "cuModuleLoadData", why) &&
           bind(cuModuleUnload, "cuModuleUnload", why) &&
           bind(cuModuleGetFunction, "cuModuleGetFunction", why) &&
           bind(cuMemAlloc, "cuMemAlloc_v2", why) && bind(cuMemFree, "cuMemFree_v2", why) &&
           bind(cuMemcpyHtoD, "cuMemcpyHtoD_v2", why) &&
           bind(cuMemcpyDtoH, "cuMemcpyDtoH_v2", why) && bind(cuMemcpy3D, "cuMemcpy3D_v2", why) &&
           bind(cuArray3DCreate, "cuArray3DCreate_v2", why) &&
           bind(cuArrayDestroy, "cuArrayDestroy", why) &&
           bind(cuMipmappedArrayCreate, "cuMipmappedArrayCreate", why) &&
           bind(cuMipmappedArrayGetLevel, "cuMipmappedArrayGetLevel", why) &&
           bind(cuMipmappedArrayDestroy, "cuMipmappedArrayDestroy", why) &&
           bind(cuTexObjectCreate, "cuTexObjectCreate", why) &&
           bind(cuTexObjectDestroy, "cuTexObjectDestroy", why) &&
           bind(cuLaunchKernel, "cuLaunchKernel", why) &&
           bind(cuGetErrorName, "cuGetErrorName", why);
  }

  // "cuFoo: CUDA_ERROR_BAR (n)" for a failed call.
  std::string error(const char* call, CUresult r) const {
    const char* name = nullptr;
    if (cuGetErrorName == nullptr || cuGetErrorName(r, &name) != kCudaSuccess) name = nullptr;
    return std::string(call) + ": " + (name != nullptr ? name : "CUDA error") + " (" +
           std::to_string(r) + ")";
  }

 private:
  template <class F>
  bool bind(F& f, const char* name, std::string& why) {
    void* p = dlsym(handle, name);
    if (p == nullptr) {
      why = std::string("libcuda has no ") + name;
      return false;
    }
    f = reinterpret_cast<F>(p);
    return true;
  }
};

}  // namespace hw
