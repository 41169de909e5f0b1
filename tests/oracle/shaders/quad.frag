// Implicit-derivative lookups over 2x2 quads for the texsim oracle: every pixel reads its own
// coordinate from the lane buffer, so the quad's derivatives are known (coarse: TR-TL, BL-TL).
#version 450
// Lanes are laid out quad by quad: lane = 4 * quad + (x & 1) + 2 * (y & 1), with quad
// (x / 2) + (y / 2) * pc.quads_per_row. Variants by macro: DIM, RT_UINT, OP.

struct Lane { vec4 a; vec4 b; vec4 c; };
layout(std430, binding = 1) readonly buffer In { Lane lanes[]; };
layout(std430, binding = 2) writeonly buffer Out { uvec4 res[]; };
layout(push_constant) uniform Pc { uint count; uint comp; uint quads_per_row; } pc;
layout(location = 0) out vec4 colour;

#ifdef RT_UINT
#define GSAMPLER(d) usampler##d
#define GVEC4 uvec4
#else
#define GSAMPLER(d) sampler##d
#define GVEC4 vec4
#endif

// DIM: 1 = 2D, 2 = 2D array, 3 = 3D, 4 = cube.
#if DIM == 1
layout(binding = 0) uniform GSAMPLER(2D) tex;
#define COORD(v) (v).xy
#elif DIM == 2
layout(binding = 0) uniform GSAMPLER(2DArray) tex;
#define COORD(v) (v).xyz
#define QCOORD(v) (v).xy
#elif DIM == 3
layout(binding = 0) uniform GSAMPLER(3D) tex;
#define COORD(v) (v).xyz
#elif DIM == 4
layout(binding = 0) uniform GSAMPLER(Cube) tex;
#define COORD(v) (v).xyz
#endif

#ifndef QCOORD
#define QCOORD(v) COORD(v)
#endif

// OP: 7 texture(), 8 texture(bias) with the bias in b.w, 9 textureQueryLod.
void main() {
  const uvec2 p = uvec2(gl_FragCoord.xy);
  const uint quad = (p.x >> 1) + (p.y >> 1) * pc.quads_per_row;
  const uint i = 4u * quad + (p.x & 1u) + 2u * (p.y & 1u);
  // Every pixel of the target exists, so quads are complete; lanes past the count read lane 0.
  const Lane l = lanes[i < pc.count ? i : 0u];
#if OP == 7
  GVEC4 v = texture(tex, COORD(l.a));
#elif OP == 8
  GVEC4 v = texture(tex, COORD(l.a), l.b.w);
#elif OP == 9
  vec4 v = vec4(textureQueryLod(tex, QCOORD(l.a)), 0.0, 0.0);
#endif
#if defined(RT_UINT) && OP != 9
  const uvec4 r = uvec4(v);
#else
  const uvec4 r = floatBitsToUint(v);
#endif
  if (i < pc.count) res[i] = r;
  colour = vec4(0.0);
}
