// A triangle covering the render target for the oracle's fragment-quad path (no vertex inputs).
// Owns nothing else; depends on no texsim code.
#version 450
// The triangle (-1,-1), (1,-1), (-1,1) lies inside the view volume, so it is never clipped (a clipped
// triangle becomes two, and quads on their shared edge get helper invocations); the harness sets a
// viewport of 4x the target, so the triangle covers the whole target with its long edge far away.
void main() {
  const vec2 p = vec2(float(gl_VertexIndex == 1), float(gl_VertexIndex == 2));
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
