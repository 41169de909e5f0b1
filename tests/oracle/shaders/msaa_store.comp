// Writes per-sample values into a multisampled storage image (the oracle's MSAA upload path,
// since buffer-to-image copies cannot target MSAA images). FMT selects the image format.
#version 450
layout(local_size_x = 64) in;
#ifdef STORE_UINT
layout(binding = 0, FMT) uniform writeonly uimage2DMS img;
#else
layout(binding = 0, FMT) uniform writeonly image2DMS img;
#endif
// One uvec4 per (sample, y, x), x fastest: the value's bits (floats as their bit patterns).
layout(std430, binding = 1) readonly buffer In { uvec4 vals[]; };
layout(push_constant) uniform Pc { uint width; uint height; uint samples; } pc;
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint n = pc.width * pc.height * pc.samples;
  if (i >= n) return;
  uint x = i % pc.width;
  uint y = (i / pc.width) % pc.height;
  int s = int(i / (pc.width * pc.height));
#ifdef STORE_UINT
  imageStore(img, ivec2(x, y), s, vals[i]);
#else
  imageStore(img, ivec2(x, y), s, uintBitsToFloat(vals[i]));
#endif
}
