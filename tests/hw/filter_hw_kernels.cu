// CUDA side of the filtering hardware check: a (mipmapped) CUDA array over host data, a texture
// object with linear filtering, and tex1D / tex2D / tex3D / tex*DLod lookups at given points.
// Plain C interface (filter_hw.h); knows nothing of texsim.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#include "filter_hw.h"
#include "hw_cuda.cuh"

namespace {

using hwcuda::ok;

cudaChannelFormatDesc channel(int fmt, cudaTextureReadMode& mode) {
  mode = cudaReadModeNormalizedFloat;
  switch (fmt) {
    case HWF_R16F:
      mode = cudaReadModeElementType;
      return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
    case HWF_R8_UNORM:
      return cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindUnsigned);
    case HWF_R8_SNORM:
      return cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindSigned);
    case HWF_R16_UNORM:
      return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindUnsigned);
    case HWF_R16_SNORM:
      return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindSigned);
    default:
      mode = cudaReadModeElementType;
      return cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  }
}

template <int KIND, bool LOD>
__global__ void filter_kernel(cudaTextureObject_t t, const float4* c, float* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const float4 q = c[i];
  float v;
  if (KIND == HWF_1D) {
    v = LOD ? tex1DLod<float>(t, q.x, q.w) : tex1D<float>(t, q.x);
  } else if (KIND == HWF_2D) {
    v = LOD ? tex2DLod<float>(t, q.x, q.y, q.w) : tex2D<float>(t, q.x, q.y);
  } else {
    v = LOD ? tex3DLod<float>(t, q.x, q.y, q.z, q.w) : tex3D<float>(t, q.x, q.y, q.z);
  }
  out[i] = v;
}

template <int KIND>
void launch(bool lod, cudaTextureObject_t t, const float4* c, float* o, int n) {
  const int threads = 128, blocks = (n + threads - 1) / threads;
  if (lod)
    filter_kernel<KIND, true><<<blocks, threads>>>(t, c, o, n);
  else
    filter_kernel<KIND, false><<<blocks, threads>>>(t, c, o, n);
}

int level_extent(int size, int level) {
  const int e = size >> level;
  return e < 1 ? 1 : e;
}

// Copies one level's packed texels into `arr` (a plain array or a level of a mipmapped one).
bool copy_level(const HwFilterImage* img, int level, cudaArray_t arr, char* err, int errn) {
  const size_t w = static_cast<size_t>(level_extent(img->w, level));
  const size_t h = img->kind == HWF_1D ? 1 : static_cast<size_t>(level_extent(img->h, level));
  const size_t d = img->kind == HWF_3D ? static_cast<size_t>(level_extent(img->d, level)) : 1;
  cudaMemcpy3DParms cp;
  std::memset(&cp, 0, sizeof cp);
  cp.srcPtr = make_cudaPitchedPtr(const_cast<void*>(img->level_data[level]),
                                  w * hwf_texel_bytes(img->fmt), w, h);
  cp.dstArray = arr;
  cp.extent = make_cudaExtent(w, h, d);
  cp.kind = cudaMemcpyHostToDevice;
  return ok(cudaMemcpy3D(&cp), "cudaMemcpy3D", err, errn);
}

}  // namespace

extern "C" size_t hwf_texel_bytes(int fmt) {
  switch (fmt) {
    case HWF_R8_UNORM:
    case HWF_R8_SNORM:
      return 1;
    case HWF_R16F:
    case HWF_R16_UNORM:
    case HWF_R16_SNORM:
      return 2;
    default:
      return 4;
  }
}

extern "C" int hwf_device(char* name, int n) {
  return hwcuda::device(name, n);
}

extern "C" int hwf_filter(const HwFilterImage* img, int normalized, int point, int n,
                          const float* coords, float* out, char* err, int errn) {
  cudaTextureReadMode mode;
  const cudaChannelFormatDesc ch = channel(img->fmt, mode);
  // A 1D array has height 0 and a 2D one depth 0 in CUDA's extents.
  const cudaExtent ext = make_cudaExtent(
      static_cast<size_t>(img->w), img->kind == HWF_1D ? size_t{0} : static_cast<size_t>(img->h),
      img->kind == HWF_3D ? static_cast<size_t>(img->d) : size_t{0});
  const bool mipmapped = img->levels > 1;
  cudaArray_t arr = nullptr;
  cudaMipmappedArray_t mip = nullptr;
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  bool good = true;
  if (mipmapped) {
    good = ok(cudaMallocMipmappedArray(&mip, &ch, ext, static_cast<unsigned>(img->levels)),
              "cudaMallocMipmappedArray", err, errn);
    for (int l = 0; good && l < img->levels; ++l) {
      cudaArray_t level = nullptr;
      good = ok(cudaGetMipmappedArrayLevel(&level, mip, static_cast<unsigned>(l)),
                "cudaGetMipmappedArrayLevel", err, errn) &&
             copy_level(img, l, level, err, errn);
    }
    rd.resType = cudaResourceTypeMipmappedArray;
    rd.res.mipmap.mipmap = mip;
  } else {
    good = ok(cudaMalloc3DArray(&arr, &ch, ext), "cudaMalloc3DArray", err, errn) &&
           copy_level(img, 0, arr, err, errn);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
  }
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  for (int k = 0; k < 3; ++k) td.addressMode[k] = cudaAddressModeClamp;
  td.filterMode = point ? cudaFilterModePoint : cudaFilterModeLinear;
  td.readMode = mode;
  td.normalizedCoords = normalized;
  td.mipmapFilterMode = cudaFilterModeLinear;
  td.minMipmapLevelClamp = 0.0f;
  td.maxMipmapLevelClamp = static_cast<float>(img->levels - 1);
  td.disableTrilinearOptimization = 1;  // decision P16: the model has no trilinear shortcut
  cudaTextureObject_t tex = 0;
  good = good &&
         ok(cudaCreateTextureObject(&tex, &rd, &td, nullptr), "cudaCreateTextureObject", err, errn);
  good = good && hwcuda::run(
                     reinterpret_cast<const float4*>(coords), out, n,
                     [&](const float4* dc, float* dout) {
                       switch (img->kind) {
                         case HWF_1D:
                           launch<HWF_1D>(mipmapped, tex, dc, dout, n);
                           break;
                         case HWF_2D:
                           launch<HWF_2D>(mipmapped, tex, dc, dout, n);
                           break;
                         default:
                           launch<HWF_3D>(mipmapped, tex, dc, dout, n);
                           break;
                       }
                     },
                     err, errn);
  if (tex != 0) cudaDestroyTextureObject(tex);
  if (arr != nullptr) cudaFreeArray(arr);
  if (mip != nullptr) cudaFreeMipmappedArray(mip);
  return good ? 1 : 0;
}
