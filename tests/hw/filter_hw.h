/* The C interface between the CUDA filtering kernels (filter_hw_kernels.cu) and the comparison
   with texsim's nvidia profile (filter_hw_main.cpp). Depends on nothing. */
#pragma once

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { HWF_1D = 0, HWF_2D = 1, HWF_3D = 2 };
/* Single-channel formats: float, half, and 8- / 16-bit integers read as normalized floats. */
enum { HWF_R32F = 0, HWF_R16F, HWF_R8_UNORM, HWF_R8_SNORM, HWF_R16_UNORM, HWF_R16_SNORM };

typedef struct HwFilterImage {
  int kind;                      /* HWF_1D, HWF_2D, HWF_3D */
  int fmt;                       /* HWF_R32F .. HWF_R16_SNORM */
  int w, h, d;                   /* level 0; h = d = 1 where unused */
  int levels;                    /* > 1: a mipmapped array, sampled with tex*DLod */
  const void* const* level_data; /* per level, tightly packed, x fastest, then y, then z */
} HwFilterImage;

/* Bytes of one texel of `fmt`. */
size_t hwf_texel_bytes(int fmt);
/* Number of CUDA devices (0: none or no driver); the first one's name into `name`. */
int hwf_device(char* name, int n);
/* n filtered lookups (filter linear, or point when `point`; clamp on every axis; mip filter
   linear when levels > 1, trilinear optimisation disabled). coords: n x (x, y, z, lod);
   `normalized` selects normalized coordinates (required with levels > 1). out: n red
   components. 1 = ok. */
int hwf_filter(const HwFilterImage* img, int normalized, int point, int n, const float* coords,
               float* out, char* err, int errn);

#ifdef __cplusplus
}
#endif
