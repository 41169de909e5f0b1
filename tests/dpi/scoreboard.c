/* The DPI-C side of tests/dpi/tb.sv, in C over texsim's C API: the surface the unit's memory is
 * loaded from, and the expected result of every request, compared as the unit retires it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scoreboard.h"
#include "texsim/texsim.h"

enum { kQueue = 64 };

static texsim_surface* surface;
static uint8_t* bytes;
static uint32_t width, height;
static uint32_t queue[kQueue][5]; /* r, g, b, a, in_bounds of requests in flight */
static unsigned head, tail;
static long checked, mismatches;

int sb_init(int log2_w, int log2_h, int seed) {
  width = 1u << log2_w;
  height = 1u << log2_h;
  const size_t size = (size_t)width * height * 4;
  bytes = (uint8_t*)malloc(
      size); /* the cast keeps this C valid C++ (verilator --exe builds .c as C++) */
  uint32_t s = (uint32_t)seed * 2654435761u + 1u;
  for (size_t i = 0; i < size; ++i) {
    s ^= s << 13, s ^= s >> 17, s ^= s << 5; /* xorshift32 */
    bytes[i] = (uint8_t)(s >> 24);
  }
  texsim_surface_desc d = texsim_surface_desc_default();
  d.format = "R8G8B8A8_UINT";
  d.width = width;
  d.height = height;
  if (texsim_surface_create(&d, bytes, size, &surface) != TEXSIM_OK) {
    fprintf(stderr, "scoreboard: %s", texsim_last_error());
    return 1;
  }
  return 0;
}

int sb_texel(int index) {
  uint32_t w;
  memcpy(&w, bytes + 4 * (size_t)index, 4); /* little-endian: R in bits 7:0 */
  return (int)w;
}

void sb_expect(int x, int y, int off_x, int off_y) {
  uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
  uint32_t r, g, b, a;
  uint8_t flags = 0;
  texsim_fetch_lanes l = texsim_fetch_lanes_default();
  l.count = 1;
  l.x = &ux;
  l.y = &uy;
  l.offset[0] = off_x;
  l.offset[1] = off_y;
  texsim_results out = texsim_results_default();
  out.r = &r, out.g = &g, out.b = &b, out.a = &a, out.flags = &flags;
  if (texsim_fetch(surface, &l, &out, NULL, NULL) != TEXSIM_OK) {
    fprintf(stderr, "scoreboard: %s", texsim_last_error());
    ++mismatches;
  }
  if (tail - head == kQueue) {
    fprintf(stderr, "scoreboard: more than %d requests in flight\n", kQueue);
    ++mismatches;
    return;
  }
  uint32_t* e = queue[tail++ % kQueue];
  e[0] = r, e[1] = g, e[2] = b, e[3] = a, e[4] = (flags & TEXSIM_FLAG_IN_BOUNDS) ? 1u : 0u;
}

void sb_check(int r, int g, int b, int a, int in_bounds) {
  if (head == tail) {
    fprintf(stderr, "scoreboard: a result retired with no request in flight\n");
    ++mismatches;
    return;
  }
  const uint32_t* e = queue[head++ % kQueue];
  const uint32_t got[5] = {(uint32_t)r, (uint32_t)g, (uint32_t)b, (uint32_t)a, (uint32_t)in_bounds};
  ++checked;
  if (memcmp(e, got, sizeof got) != 0) {
    if (mismatches < 10)
      fprintf(stderr,
              "scoreboard: lookup %ld: unit (%u %u %u %u in=%u), texsim (%u %u %u %u in=%u)\n",
              checked, got[0], got[1], got[2], got[3], got[4], e[0], e[1], e[2], e[3], e[4]);
    ++mismatches;
  }
}

long sb_checked(void) {
  return checked;
}
long sb_mismatches(void) {
  return mismatches + (long)(tail - head);
}

void sb_finish(void) {
  texsim_surface_destroy(surface);
  free(bytes);
}
