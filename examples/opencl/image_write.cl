// texsim's image-writing OpenCL kernel (docs/kernels.md): each work-item averages a 2x2 block of
// the input (integer coordinates, clamped to the edge) and writes it to the output image.
// tests/vendor/visa/kernel_e2e.py compiles it with ocloc, launches it in texsim from ocloc's
// binary (`texsim run --images`) and compares the written PNG with NumPy.
__kernel void image_write(__read_only image2d_t src, __write_only image2d_t dst) {
  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  const int x = get_global_id(0), y = get_global_id(1);
  const float4 a = read_imagef(src, s, (int2)(x, y));
  const float4 b = read_imagef(src, s, (int2)(x + 1, y));
  const float4 c = read_imagef(src, s, (int2)(x, y + 1));
  const float4 d = read_imagef(src, s, (int2)(x + 1, y + 1));
  write_imagef(dst, (int2)(x, y), (((a + b) + c) + d) * 0.25f);
}
