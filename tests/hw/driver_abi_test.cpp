// Checks host/cuda_driver.hpp's hand-written driver API types against the CUDA toolkit's cuda.h:
// built only where cuda.h is found; any size, offset or constant that differs fails to compile.
#include <cuda.h>

#include <cstddef>
#include <cstdio>

#include "host/cuda_driver.hpp"

namespace {

#define SAME_LAYOUT(ours, theirs) \
  static_assert(sizeof(ours) == sizeof(theirs) && alignof(ours) == alignof(theirs), #ours)
#define SAME_OFFSET(ours, a, theirs, b) static_assert(offsetof(ours, a) == offsetof(theirs, b), #a)

SAME_LAYOUT(hw::CudaArray3dDescriptor, CUDA_ARRAY3D_DESCRIPTOR_v2);
SAME_OFFSET(hw::CudaArray3dDescriptor, format, CUDA_ARRAY3D_DESCRIPTOR_v2, Format);
SAME_OFFSET(hw::CudaArray3dDescriptor, flags, CUDA_ARRAY3D_DESCRIPTOR_v2, Flags);
SAME_LAYOUT(hw::CudaMemcpy3d, CUDA_MEMCPY3D_v2);
SAME_OFFSET(hw::CudaMemcpy3d, src_memory_type, CUDA_MEMCPY3D_v2, srcMemoryType);
SAME_OFFSET(hw::CudaMemcpy3d, src_host, CUDA_MEMCPY3D_v2, srcHost);
SAME_OFFSET(hw::CudaMemcpy3d, src_pitch, CUDA_MEMCPY3D_v2, srcPitch);
SAME_OFFSET(hw::CudaMemcpy3d, dst_array, CUDA_MEMCPY3D_v2, dstArray);
SAME_OFFSET(hw::CudaMemcpy3d, width_in_bytes, CUDA_MEMCPY3D_v2, WidthInBytes);
SAME_OFFSET(hw::CudaMemcpy3d, depth, CUDA_MEMCPY3D_v2, Depth);
SAME_LAYOUT(hw::CudaResourceDesc, CUDA_RESOURCE_DESC_v1);
SAME_OFFSET(hw::CudaResourceDesc, res, CUDA_RESOURCE_DESC_v1, res);
SAME_OFFSET(hw::CudaResourceDesc, flags, CUDA_RESOURCE_DESC_v1, flags);
SAME_LAYOUT(hw::CudaTextureDesc, CUDA_TEXTURE_DESC_v1);
SAME_OFFSET(hw::CudaTextureDesc, flags, CUDA_TEXTURE_DESC_v1, flags);
SAME_OFFSET(hw::CudaTextureDesc, mipmap_filter_mode, CUDA_TEXTURE_DESC_v1, mipmapFilterMode);
SAME_OFFSET(hw::CudaTextureDesc, border_color, CUDA_TEXTURE_DESC_v1, borderColor);
static_assert(hw::kCudaErrorNoDevice == CUDA_ERROR_NO_DEVICE);
static_assert(hw::kAttrComputeCapabilityMajor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
static_assert(hw::kAttrComputeCapabilityMinor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
static_assert(hw::kAdUnsignedInt8 == int{CU_AD_FORMAT_UNSIGNED_INT8} &&
              hw::kAdUnsignedInt16 == int{CU_AD_FORMAT_UNSIGNED_INT16} &&
              hw::kAdUnsignedInt32 == int{CU_AD_FORMAT_UNSIGNED_INT32} &&
              hw::kAdSignedInt8 == int{CU_AD_FORMAT_SIGNED_INT8} &&
              hw::kAdSignedInt16 == int{CU_AD_FORMAT_SIGNED_INT16} &&
              hw::kAdSignedInt32 == int{CU_AD_FORMAT_SIGNED_INT32} &&
              hw::kAdHalf == int{CU_AD_FORMAT_HALF} && hw::kAdFloat == int{CU_AD_FORMAT_FLOAT});
static_assert(hw::kArray3dLayered == CUDA_ARRAY3D_LAYERED);
static_assert(hw::kMemoryTypeHost == CU_MEMORYTYPE_HOST &&
              hw::kMemoryTypeArray == CU_MEMORYTYPE_ARRAY);
static_assert(hw::kResourceTypeArray == CU_RESOURCE_TYPE_ARRAY &&
              hw::kResourceTypeMipmappedArray == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY);
static_assert(hw::kTrsfReadAsInteger == CU_TRSF_READ_AS_INTEGER &&
              hw::kTrsfNormalizedCoordinates == CU_TRSF_NORMALIZED_COORDINATES &&
              hw::kTrsfDisableTrilinearOptimization == CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION);
static_assert(CU_TR_ADDRESS_MODE_WRAP == 0 && CU_TR_ADDRESS_MODE_CLAMP == 1 &&
              CU_TR_ADDRESS_MODE_MIRROR == 2 && CU_TR_ADDRESS_MODE_BORDER == 3);
static_assert(CU_TR_FILTER_MODE_POINT == 0 && CU_TR_FILTER_MODE_LINEAR == 1);

}  // namespace

int main() {
  std::printf("host/cuda_driver.hpp matches cuda.h (CUDA_VERSION %d)\n", CUDA_VERSION);
  return 0;
}
