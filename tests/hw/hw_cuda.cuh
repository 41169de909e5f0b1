// Shared host-side CUDA helpers of the hardware checks (tlds_hw_kernels.cu, filter_hw_kernels.cu):
// error text, the first device's name, and one kernel run over device copies of the inputs.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>

namespace hwcuda {

inline bool ok(cudaError_t e, const char* what, char* err, int errn) {
  if (e == cudaSuccess) return true;
  std::snprintf(err, static_cast<size_t>(errn), "%s: %s", what, cudaGetErrorString(e));
  return false;
}

// Number of CUDA devices (0: none or no driver); the first one's name and SM into `name`.
inline int device(char* name, int n) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) return 0;
  cudaDeviceProp p;
  if (cudaGetDeviceProperties(&p, 0) == cudaSuccess) {
    std::snprintf(name, static_cast<size_t>(n), "%s (sm_%d%d)", p.name, p.major, p.minor);
  }
  return count;
}

// Copies n inputs to the device, runs launch(device_in, device_out), waits, copies n outputs
// back. False with `err` set on any CUDA error.
template <class In, class Out, class Launch>
bool run(const In* in, Out* out, int n, const Launch& launch, char* err, int errn) {
  const size_t count = static_cast<size_t>(n);
  In* din = nullptr;
  Out* dout = nullptr;
  bool good =
      ok(cudaMalloc(&din, sizeof(In) * count), "cudaMalloc", err, errn) &&
      ok(cudaMalloc(&dout, sizeof(Out) * count), "cudaMalloc", err, errn) &&
      ok(cudaMemcpy(din, in, sizeof(In) * count, cudaMemcpyHostToDevice), "cudaMemcpy", err, errn);
  if (good) {
    launch(din, dout);
    good = ok(cudaGetLastError(), "launch", err, errn) &&
           ok(cudaDeviceSynchronize(), "kernel", err, errn) &&
           ok(cudaMemcpy(out, dout, sizeof(Out) * count, cudaMemcpyDeviceToHost), "cudaMemcpy", err,
              errn);
  }
  cudaFree(din);
  cudaFree(dout);
  return good;
}

}  // namespace hwcuda
