// The lavapipe side of `make bench-compare` (bench_main.cpp): one lookup per invocation on an
// RGBA8 2D texture, lanes as structure-of-arrays buffers. OP: 0 fetch, 1 bilinear, 2 trilinear.
#version 450
layout(local_size_x = 64) in;

layout(binding = 0) uniform sampler2D tex;
layout(std430, binding = 1) readonly buffer In0 { uint in0[]; };  // fetch x / u bits
layout(std430, binding = 2) readonly buffer In1 { uint in1[]; };  // fetch y / v bits
layout(std430, binding = 3) readonly buffer In2 { float lods[]; };  // trilinear LOD
layout(std430, binding = 4) writeonly buffer Out { uvec4 res[]; };
layout(push_constant) uniform Pc { uint count; } pc;

void main() {
  // 2D dispatch: rows of gl_NumWorkGroups.x groups (maxComputeWorkGroupCount[0] is 65535).
  uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * 64u + gl_GlobalInvocationID.x;
  if (i >= pc.count) return;
#if OP == 0
  vec4 v = texelFetch(tex, ivec2(int(in0[i]), int(in1[i])), 0);
#elif OP == 1
  vec4 v = textureLod(tex, vec2(uintBitsToFloat(in0[i]), uintBitsToFloat(in1[i])), 0.0);
#else
  vec4 v = textureLod(tex, vec2(uintBitsToFloat(in0[i]), uintBitsToFloat(in1[i])), lods[i]);
#endif
  res[i] = floatBitsToUint(v);
}
