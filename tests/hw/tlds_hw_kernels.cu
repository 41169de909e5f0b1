// CUDA side of the TLDS hardware check: texture objects over host data, integer-coordinate
// fetches (PTX tex with .s32 coordinates, which the hardware runs as TLD/TLDS), and a 1D linear
// filtered fetch. Plain C interface; knows nothing of texsim.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#include "hw_cuda.cuh"
#include "tlds_hw.h"

namespace {

using hwcuda::ok;

template <int KIND>
__device__ void fetch_f32(cudaTextureObject_t t, int4 q, float& a, float& b, float& c, float& d) {
  if (KIND == HW_1D) {
    asm volatile("tex.1d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5}];"
                 : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
                 : "l"(t), "r"(q.x));
  } else if (KIND == HW_2D) {
    asm volatile("tex.2d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5,%6}];"
                 : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
                 : "l"(t), "r"(q.x), "r"(q.y));
  } else if (KIND == HW_3D) {
    asm volatile("tex.3d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}];"
                 : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
                 : "l"(t), "r"(q.x), "r"(q.y), "r"(q.z), "r"(q.z));
  } else {
    asm volatile("tex.a2d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}];"
                 : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
                 : "l"(t), "r"(q.w), "r"(q.x), "r"(q.y), "r"(q.y));
  }
}

template <int KIND>
__device__ void fetch_u32(cudaTextureObject_t t, int4 q, unsigned& a, unsigned& b, unsigned& c,
                          unsigned& d) {
  if (KIND == HW_1D) {
    asm volatile("tex.1d.v4.u32.s32 {%0,%1,%2,%3}, [%4, {%5}];"
                 : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
                 : "l"(t), "r"(q.x));
  } else if (KIND == HW_2D) {
    asm volatile("tex.2d.v4.u32.s32 {%0,%1,%2,%3}, [%4, {%5,%6}];"
                 : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
                 : "l"(t), "r"(q.x), "r"(q.y));
  } else if (KIND == HW_3D) {
    asm volatile("tex.3d.v4.u32.s32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}];"
                 : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
                 : "l"(t), "r"(q.x), "r"(q.y), "r"(q.z), "r"(q.z));
  } else {
    asm volatile("tex.a2d.v4.u32.s32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%8}];"
                 : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
                 : "l"(t), "r"(q.w), "r"(q.x), "r"(q.y), "r"(q.y));
  }
}

template <int KIND, bool F32>
__global__ void fetch_kernel(cudaTextureObject_t t, const int4* coords, uint4* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  if (F32) {
    float a, b, c, d;
    fetch_f32<KIND>(t, coords[i], a, b, c, d);
    out[i] =
        make_uint4(__float_as_uint(a), __float_as_uint(b), __float_as_uint(c), __float_as_uint(d));
  } else {
    unsigned a, b, c, d;
    fetch_u32<KIND>(t, coords[i], a, b, c, d);
    out[i] = make_uint4(a, b, c, d);
  }
}

template <int KIND>
void launch(bool f32, cudaTextureObject_t t, const int4* c, uint4* o, int n) {
  const int threads = 128, blocks = (n + threads - 1) / threads;
  if (f32)
    fetch_kernel<KIND, true><<<blocks, threads>>>(t, c, o, n);
  else
    fetch_kernel<KIND, false><<<blocks, threads>>>(t, c, o, n);
}

__global__ void filter_kernel(cudaTextureObject_t t, const float* xs, float* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = tex1D<float>(t, xs[i]);
}

}  // namespace

extern "C" int hw_device(char* name, int n) {
  return hwcuda::device(name, n);
}

extern "C" int hw_fetch(const HwImage* img, int n, const int* coords, unsigned* out, char* err,
                        int errn) {
  cudaChannelFormatDesc ch;
  bool f32 = true;
  cudaTextureReadMode mode = cudaReadModeElementType;
  switch (img->fmt) {
    case HW_RGBA32UI:
      ch = cudaCreateChannelDesc(32, 32, 32, 32, cudaChannelFormatKindUnsigned);
      f32 = false;
      break;
    case HW_RGBA8_UNORM:
      ch = cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
      mode = cudaReadModeNormalizedFloat;
      break;
    default:
      ch = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
      break;
  }
  const size_t h = img->kind == HW_1D ? 0 : static_cast<size_t>(img->h);
  const size_t d =
      (img->kind == HW_3D || img->kind == HW_2D_ARRAY) ? static_cast<size_t>(img->d) : 0;
  cudaArray_t arr = nullptr;
  if (!ok(cudaMalloc3DArray(&arr, &ch, make_cudaExtent(static_cast<size_t>(img->w), h, d),
                            img->kind == HW_2D_ARRAY ? cudaArrayLayered : 0),
          "cudaMalloc3DArray", err, errn)) {
    return 0;
  }
  cudaMemcpy3DParms cp;
  std::memset(&cp, 0, sizeof cp);
  cp.srcPtr = make_cudaPitchedPtr(const_cast<void*>(img->data),
                                  static_cast<size_t>(img->w) * img->bytes_per_texel,
                                  static_cast<size_t>(img->w), h == 0 ? 1 : h);
  cp.dstArray = arr;
  cp.extent = make_cudaExtent(static_cast<size_t>(img->w), h == 0 ? 1 : h, d == 0 ? 1 : d);
  cp.kind = cudaMemcpyHostToDevice;
  bool good = ok(cudaMemcpy3D(&cp), "cudaMemcpy3D", err, errn);
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  for (int k = 0; k < 3; ++k) td.addressMode[k] = cudaAddressModeBorder;  // border colour 0
  td.filterMode = cudaFilterModePoint;
  td.readMode = mode;
  td.normalizedCoords = 0;
  cudaTextureObject_t tex = 0;
  good = good &&
         ok(cudaCreateTextureObject(&tex, &rd, &td, nullptr), "cudaCreateTextureObject", err, errn);
  good = good && hwcuda::run(
                     reinterpret_cast<const int4*>(coords), reinterpret_cast<uint4*>(out), n,
                     [&](const int4* dc, uint4* dout) {
                       switch (img->kind) {
                         case HW_1D:
                           launch<HW_1D>(f32, tex, dc, dout, n);
                           break;
                         case HW_2D:
                           launch<HW_2D>(f32, tex, dc, dout, n);
                           break;
                         case HW_3D:
                           launch<HW_3D>(f32, tex, dc, dout, n);
                           break;
                         default:
                           launch<HW_2D_ARRAY>(f32, tex, dc, dout, n);
                           break;
                       }
                     },
                     err, errn);
  if (tex != 0) cudaDestroyTextureObject(tex);
  cudaFreeArray(arr);
  return good ? 1 : 0;
}

extern "C" int hw_filter_1d(const float* texels, int n_texels, const float* xs, int n, float* out,
                            char* err, int errn) {
  cudaChannelFormatDesc ch = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t arr = nullptr;
  if (!ok(cudaMallocArray(&arr, &ch, static_cast<size_t>(n_texels)), "cudaMallocArray", err, errn))
    return 0;
  bool good = ok(
      cudaMemcpy2DToArray(arr, 0, 0, texels, sizeof(float) * static_cast<size_t>(n_texels),
                          sizeof(float) * static_cast<size_t>(n_texels), 1, cudaMemcpyHostToDevice),
      "cudaMemcpy2DToArray", err, errn);
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.addressMode[0] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 0;
  cudaTextureObject_t tex = 0;
  good = good &&
         ok(cudaCreateTextureObject(&tex, &rd, &td, nullptr), "cudaCreateTextureObject", err, errn);
  good = good && hwcuda::run(
                     xs, out, n,
                     [&](const float* dx, float* dout) {
                       filter_kernel<<<(n + 127) / 128, 128>>>(tex, dx, dout, n);
                     },
                     err, errn);
  if (tex != 0) cudaDestroyTextureObject(tex);
  cudaFreeArray(arr);
  return good ? 1 : 0;
}
