// Texture size queries for the texsim differential oracle (SASS TXQ, decisions T60-T62, T69):
// textureSize at a per-lane LOD, textureQueryLevels, textureSamples (2D MS). Macros DIM, RT_UINT.
#version 450
#extension GL_ARB_shader_texture_image_samples : require
layout(local_size_x = 64) in;

// Per lane (the oracle's 48-byte Lane): a.x = the LOD as int bits, the rest unused.
struct Lane { vec4 a; vec4 b; vec4 c; };
layout(std430, binding = 1) readonly buffer In { Lane lanes[]; };
layout(std430, binding = 2) writeonly buffer Out { uvec4 res[]; };
layout(push_constant) uniform Pc { uint count; uint comp; } pc;

#ifdef RT_UINT
#define GSAMPLER(d) usampler##d
#else
#define GSAMPLER(d) sampler##d
#endif

// DIM: 1 = 2D, 2 = 2D array, 3 = 3D, 4 = cube, 5 = 2D multisample (as lookup.comp).
#if DIM == 1
layout(binding = 0) uniform GSAMPLER(2D) tex;
#elif DIM == 2
layout(binding = 0) uniform GSAMPLER(2DArray) tex;
#elif DIM == 3
layout(binding = 0) uniform GSAMPLER(3D) tex;
#elif DIM == 4
layout(binding = 0) uniform GSAMPLER(Cube) tex;
#elif DIM == 5
layout(binding = 0) uniform GSAMPLER(2DMS) tex;
#endif

// Result: (width, height, depth-or-layers or 0, levels); 2D MS: (width, height, 0, samples).
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= pc.count) return;
  int lod = floatBitsToInt(lanes[i].a.x);
#if DIM == 1 || DIM == 4
  res[i] = uvec4(uvec2(textureSize(tex, lod)), 0u, uint(textureQueryLevels(tex)));
#elif DIM == 2 || DIM == 3
  res[i] = uvec4(uvec3(textureSize(tex, lod)), uint(textureQueryLevels(tex)));
#else
  res[i] = uvec4(uvec2(textureSize(tex)), 0u, uint(textureSamples(tex)));
#endif
}
