// A full-screen triangle for the oracle's fragment-quad path (no vertex inputs).
// Owns nothing else; depends on no texsim code.
#version 450
void main() {
  const vec2 p = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
