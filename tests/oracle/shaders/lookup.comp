// One texture lookup per invocation for the texsim differential oracle; variants are selected by
// macros at build time (DIM, RT_UINT, OP, OFFSET). Owns nothing else; depends on no texsim code.
#version 450
layout(local_size_x = 64) in;

// Immediate offsets (ConstOffset) are specialization constants, so one SPIR-V serves all batches.
layout(constant_id = 0) const int kOffX = 0;
layout(constant_id = 1) const int kOffY = 0;
layout(constant_id = 2) const int kOffZ = 0;

// Per lane: a = coordinate (fetch: int bits x, y, z/layer, level-or-sample),
// b = ddx.xyz + lod, c = ddy.xyz + reference.
struct Lane { vec4 a; vec4 b; vec4 c; };
layout(std430, binding = 1) readonly buffer In { Lane lanes[]; };
layout(std430, binding = 2) writeonly buffer Out { uvec4 res[]; };
layout(push_constant) uniform Pc { uint count; uint comp; } pc;

// RT_UINT: unsigned-integer result type (usampler*).
#ifdef RT_UINT
#define GSAMPLER(d) usampler##d
#define GVEC4 uvec4
#else
#define GSAMPLER(d) sampler##d
#define GVEC4 vec4
#endif

// DIM: 1 = 2D, 2 = 2D array, 3 = 3D, 4 = cube, 5 = 2D multisample.
#if OP == 3 || OP == 4 || OP == 6
#define SHADOW 1
#if DIM == 1
layout(binding = 0) uniform sampler2DShadow tex;
#elif DIM == 2
layout(binding = 0) uniform sampler2DArrayShadow tex;
#elif DIM == 4
layout(binding = 0) uniform samplerCubeShadow tex;
#endif
#else
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
#endif

#if DIM == 1
#define COORD(v) (v).xy
#define DERIV(v) (v).xy
#define IOFF ivec2(kOffX, kOffY)
#define ICOORD(v) (v).xy
#elif DIM == 2
#define COORD(v) (v).xyz
#define DERIV(v) (v).xy
#define IOFF ivec2(kOffX, kOffY)
#define ICOORD(v) (v).xyz
#elif DIM == 3
#define COORD(v) (v).xyz
#define DERIV(v) (v).xyz
#define IOFF ivec3(kOffX, kOffY, kOffZ)
#define ICOORD(v) (v).xyz
#elif DIM == 4
#define COORD(v) (v).xyz
#define DERIV(v) (v).xyz
#endif

// OP: 0 fetch, 1 textureLod, 2 textureGrad, 3 shadow textureLod, 4 shadow textureGrad,
// 5 textureGather, 6 shadow textureGather.
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= pc.count) return;
  Lane l = lanes[i];
#if OP == 0
  ivec4 p = floatBitsToInt(l.a);
#if DIM == 5
  GVEC4 v = texelFetch(tex, p.xy, p.w);
#elif OFFSET
  GVEC4 v = texelFetchOffset(tex, ICOORD(p), p.w, IOFF);
#else
  GVEC4 v = texelFetch(tex, ICOORD(p), p.w);
#endif
#elif OP == 1
#if OFFSET
  GVEC4 v = textureLodOffset(tex, COORD(l.a), l.b.w, IOFF);
#else
  GVEC4 v = textureLod(tex, COORD(l.a), l.b.w);
#endif
#elif OP == 2
#if OFFSET
  GVEC4 v = textureGradOffset(tex, COORD(l.a), DERIV(l.b), DERIV(l.c), IOFF);
#else
  GVEC4 v = textureGrad(tex, COORD(l.a), DERIV(l.b), DERIV(l.c));
#endif
#elif OP == 3
#if OFFSET
  float s = textureLodOffset(tex, vec3(l.a.xy, l.c.w), l.b.w, IOFF);
#else
  float s = textureLod(tex, vec3(l.a.xy, l.c.w), l.b.w);
#endif
  vec4 v = vec4(s, 0.0, 0.0, 0.0);
#elif OP == 4
#if DIM == 1
#if OFFSET
  float s = textureGradOffset(tex, vec3(l.a.xy, l.c.w), DERIV(l.b), DERIV(l.c), IOFF);
#else
  float s = textureGrad(tex, vec3(l.a.xy, l.c.w), DERIV(l.b), DERIV(l.c));
#endif
#else
#if OFFSET
  float s = textureGradOffset(tex, vec4(l.a.xyz, l.c.w), DERIV(l.b), DERIV(l.c), IOFF);
#else
  float s = textureGrad(tex, vec4(l.a.xyz, l.c.w), DERIV(l.b), DERIV(l.c));
#endif
#endif
  vec4 v = vec4(s, 0.0, 0.0, 0.0);
#elif OP == 5
  GVEC4 v;
#if OFFSET
  if (pc.comp == 0u) v = textureGatherOffset(tex, COORD(l.a), IOFF, 0);
  else if (pc.comp == 1u) v = textureGatherOffset(tex, COORD(l.a), IOFF, 1);
  else if (pc.comp == 2u) v = textureGatherOffset(tex, COORD(l.a), IOFF, 2);
  else v = textureGatherOffset(tex, COORD(l.a), IOFF, 3);
#else
  if (pc.comp == 0u) v = textureGather(tex, COORD(l.a), 0);
  else if (pc.comp == 1u) v = textureGather(tex, COORD(l.a), 1);
  else if (pc.comp == 2u) v = textureGather(tex, COORD(l.a), 2);
  else v = textureGather(tex, COORD(l.a), 3);
#endif
#elif OP == 6
#if DIM == 1
#if OFFSET
  vec4 v = textureGatherOffset(tex, l.a.xy, l.c.w, IOFF);
#else
  vec4 v = textureGather(tex, l.a.xy, l.c.w);
#endif
#else
  vec4 v = textureGather(tex, COORD(l.a), l.c.w);
#endif
#endif
#if defined(SHADOW) || !defined(RT_UINT)
  res[i] = floatBitsToUint(v);
#else
  res[i] = uvec4(v);
#endif
}
