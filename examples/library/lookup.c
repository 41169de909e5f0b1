/* texsim C API example: a surface from memory, a fetch message and a bilinear sample message
 * with the lavapipe profile; diagnostics on error (docs/library.md). */
#include <stdio.h>
#include <string.h>

#include <texsim/texsim.h>

int main(void) {
  printf("texsim %s\n", texsim_version());

  /* A 4x4 RGBA8 surface: texel (x, y) = (64x, 64y, 0, 255), in the linear layout. */
  unsigned char texels[4 * 4 * 4];
  for (int i = 0; i < 16; ++i) {
    texels[4 * i + 0] = (unsigned char)(64 * (i % 4));
    texels[4 * i + 1] = (unsigned char)(64 * (i / 4));
    texels[4 * i + 2] = 0;
    texels[4 * i + 3] = 255;
  }
  texsim_surface_desc desc = texsim_surface_desc_default();
  desc.format = "R8G8B8A8_UNORM";
  desc.width = desc.height = 4;
  texsim_surface* surface = NULL;
  if (texsim_surface_create(&desc, texels, sizeof texels, &surface) != TEXSIM_OK) {
    fprintf(stderr, "%s", texsim_last_error());
    return 1;
  }

  /* Fetch (ld) texels (3, 1) and (5, 0): the second is out of bounds. */
  uint32_t x[2] = {3, 5}, y[2] = {1, 0};
  uint32_t r[4], g[4], b[4], a[4];
  uint8_t flags[4];
  /* Structs start from their _default(), which also sets struct_size (the struct's version). */
  texsim_results out = texsim_results_default();
  out.r = r, out.g = g, out.b = b, out.a = a, out.flags = flags;
  texsim_fetch_lanes fetch = texsim_fetch_lanes_default();
  fetch.count = 2;
  fetch.x = x;
  fetch.y = y;
  texsim_fetch_options fetch_options = texsim_fetch_options_default(); /* d3d */
  if (texsim_fetch(surface, &fetch, &out, &fetch_options, NULL) != TEXSIM_OK) {
    fprintf(stderr, "%s", texsim_last_error());
    return 1;
  }
  for (int i = 0; i < 2; ++i) {
    float c[4];
    memcpy(&c[0], &r[i], 4), memcpy(&c[1], &g[i], 4), memcpy(&c[2], &b[i], 4);
    memcpy(&c[3], &a[i], 4);
    printf("fetch (%u, %u): %f %f %f %f%s\n", x[i], y[i], c[0], c[1], c[2], c[3],
           flags[i] & TEXSIM_FLAG_IN_BOUNDS ? "" : " (out of bounds)");
  }

  /* One pixel quad, sampled with implicit derivatives as lavapipe does (the library forms
   * the quad and lavapipe's SIMD group). */
  float u[4] = {0.40f, 0.45f, 0.40f, 0.45f}, v[4] = {0.40f, 0.40f, 0.45f, 0.45f};
  texsim_sample_lanes lanes = texsim_sample_lanes_default();
  lanes.count = 4;
  lanes.op = TEXSIM_OP_IMPLICIT;
  lanes.u = u;
  lanes.v = v;
  texsim_sampler sampler = texsim_sampler_default();
  texsim_sample_options options = texsim_sample_options_default();
  options.profile = TEXSIM_PROFILE_LAVAPIPE;
  texsim_texel_kind kind;
  if (texsim_sample(surface, &sampler, &lanes, &out, &options, &kind) != TEXSIM_OK) {
    fprintf(stderr, "%s", texsim_last_error());
    return 1;
  }
  for (int i = 0; i < 4; ++i) {
    float red;
    memcpy(&red, &r[i], 4);
    printf("sample (%.2f, %.2f): R = %f\n", u[i], v[i], red);
  }

  /* Errors come back as a status and diagnostics, never as a crash. */
  desc.format = "R8G8B8A8_UNROM";
  texsim_surface* bad = NULL;
  if (texsim_surface_create(&desc, NULL, 0, &bad) == TEXSIM_ERROR_DIAGNOSTICS)
    printf("as expected: %s", texsim_last_error());

  texsim_surface_destroy(surface);
  return kind == TEXSIM_KIND_FLOAT && bad == NULL && !(flags[1] & TEXSIM_FLAG_IN_BOUNDS) ? 0 : 1;
}
