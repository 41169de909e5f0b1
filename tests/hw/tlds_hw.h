/* The C interface between the CUDA kernels (tlds_hw_kernels.cu) and the texsim comparison
   (tlds_hw_main.cpp). Depends on nothing. */
#pragma once

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { HW_1D = 0, HW_2D = 1, HW_3D = 2, HW_2D_ARRAY = 3 };
enum { HW_RGBA32UI = 0, HW_RGBA8_UNORM = 1, HW_R32F = 2 };

typedef struct HwImage {
  int kind;         /* HW_1D .. HW_2D_ARRAY */
  int fmt;          /* HW_RGBA32UI, HW_RGBA8_UNORM (read as normalized float), HW_R32F */
  int w, h, d;      /* d: depth (3D) or layers (2D array) */
  const void* data; /* tightly packed, x fastest, then y, then z/layer */
  size_t bytes_per_texel;
} HwImage;

/* Number of CUDA devices (0: none or no driver); the first one's name into `name`. */
int hw_device(char* name, int n);
/* n fetches; coords holds n x (x, y, z, layer) as int; out n x 4 words (RGBA bits). 1 = ok. */
int hw_fetch(const HwImage* img, int n, const int* coords, unsigned* out, char* err, int errn);
/* 1D R32F linear filtering, unnormalized coordinates, clamp. 1 = ok. */
int hw_filter_1d(const float* texels, int n_texels, const float* xs, int n, float* out, char* err,
                 int errn);

#ifdef __cplusplus
}
#endif
