// texsim's end-to-end OpenCL kernel (docs/kernels.md): an image read, integer and float
// arithmetic, a branch and a per-lane loop, and a buffer write. tests/vendor/visa/kernel_e2e.py
// compiles it with ocloc, runs its vISA in texsim and compares with NumPy.
__kernel void image_arith(__read_only image2d_t img, __global int *out, int k, int bias) {
  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int gid = get_global_id(0);
  int x = gid % 8, y = gid / 8;
  uint4 t = read_imageui(img, s, (int2)(x, y));
  int v = (int)t.x * k + (int)t.y;
  if (v > 100) v = v - 3 * bias; else v = (v << 2) ^ bias;
  for (uint i = 0; i < (t.y & 3); ++i) v += (int)i * k + 1;
  float f = convert_float((int)t.x) * 0.75f;
  v += (int)f;
  out[gid] = v;
}
