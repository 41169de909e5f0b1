__constant sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__kernel void k(__read_only image2d_t img, __global float4* out) {
  int i = get_global_id(0);
  out[i] = read_imagef(img, s, (float2)(i * 0.25f, 0.5f));
}
