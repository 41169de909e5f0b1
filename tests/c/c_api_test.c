/* Unit tests for the C API (include/texsim/texsim.h), compiled as C11: status codes and
 * diagnostics, surfaces from memory, fetch and sample messages, scenes, programs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "texsim/texsim.h"

static int has_rule(const char* rule) {
  for (size_t i = 0; i < texsim_diagnostic_count(); ++i) {
    texsim_diagnostic d = texsim_diagnostic_default();
    if (texsim_diagnostic_get(i, &d) == TEXSIM_OK && strcmp(d.rule, rule) == 0) return 1;
  }
  return 0;
}

static void test_version(void) {
  CHECK(strcmp(texsim_version(), TEXSIM_VERSION) == 0);
  CHECK(TEXSIM_VERSION_NUMBER ==
        TEXSIM_VERSION_MAJOR * 10000 + TEXSIM_VERSION_MINOR * 100 + TEXSIM_VERSION_PATCH);
  CHECK(strcmp(texsim_status_name(TEXSIM_ERROR_DIAGNOSTICS), "TEXSIM_ERROR_DIAGNOSTICS") == 0);
}

static void test_surface_errors(void) {
  texsim_surface* s = NULL;
  texsim_surface_desc d = texsim_surface_desc_default();
  d.format = "R8G8B8A8_UNROM";
  CHECK(texsim_surface_create(&d, NULL, 0, &s) == TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(s == NULL);
  CHECK(has_rule("LIB-FORMAT"));
  CHECK(strstr(texsim_last_error(), "R8G8B8A8_UNORM") != NULL); /* did you mean */
  CHECK(texsim_surface_create(NULL, NULL, 0, &s) == TEXSIM_ERROR_INVALID_ARGUMENT);
  CHECK(has_rule("LIB-ARG"));
  d.format = "R8_UNORM";
  d.width = 4;
  unsigned char three[3] = {0};
  CHECK(texsim_surface_create(&d, three, 3, &s) == TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(has_rule("LIB-SURFACE-BYTES"));
  d.width = 0;
  CHECK(texsim_surface_create(&d, NULL, 0, &s) == TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(texsim_diagnostic_count() > 0);
  d.width = 4;
  d.type = (texsim_surface_type)42;
  CHECK(texsim_surface_create(&d, NULL, 0, &s) == TEXSIM_ERROR_INVALID_ARGUMENT);
  /* Success clears the diagnostics. */
  d.type = TEXSIM_SURFACE_2D;
  CHECK(texsim_surface_create(&d, NULL, 0, &s) == TEXSIM_OK);
  CHECK(texsim_diagnostic_count() == 0 && texsim_last_error()[0] == 0);
  CHECK(texsim_surface_size(s) == 4);
  unsigned char b = 9;
  CHECK(texsim_surface_write(s, 4, &b, 1) == TEXSIM_ERROR_INVALID_ARGUMENT);
  CHECK(texsim_surface_write(s, 3, &b, 1) == TEXSIM_OK);
  texsim_surface_destroy(s);
  texsim_surface_destroy(NULL);
}

static void test_fetch_and_sample(void) {
  /* 4x2 R32_UINT with texel (x, y) = 10 * y + x; and the same bits as R32_FLOAT. */
  uint32_t texels[8];
  for (uint32_t i = 0; i < 8; ++i) texels[i] = 10 * (i / 4) + i % 4;
  texsim_surface_desc d = texsim_surface_desc_default();
  d.format = "R32_UINT";
  d.width = 4;
  d.height = 2;
  texsim_surface* s = NULL;
  CHECK(texsim_surface_create(&d, texels, sizeof texels, &s) == TEXSIM_OK);
  uint32_t x[3] = {3, 0, 4}, y[3] = {1, 1, 0};
  uint32_t r[3], g[3], b[3], a[3];
  uint8_t flags[3];
  texsim_fetch_lanes fl = texsim_fetch_lanes_default();
  fl.count = 3;
  fl.x = x;
  fl.y = y;
  texsim_results out = texsim_results_default();
  out.r = r, out.g = g, out.b = b, out.a = a, out.flags = flags;
  texsim_texel_kind kind = TEXSIM_KIND_FLOAT;
  CHECK(texsim_fetch(s, &fl, &out, NULL, &kind) == TEXSIM_OK);
  CHECK(kind == TEXSIM_KIND_UINT);
  CHECK(r[0] == 13 && r[1] == 10 && flags[0] == TEXSIM_FLAG_IN_BOUNDS);
  CHECK(r[2] == 0 && a[2] == 1 && flags[2] == 0); /* out of bounds: 0, 0, 0, 1 */
  texsim_results no_r = out;
  no_r.r = NULL;
  CHECK(texsim_fetch(s, &fl, &no_r, NULL, NULL) == TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(has_rule("LIB-LANES"));
  texsim_surface_destroy(s);

  float fl_texels[8];
  for (int i = 0; i < 8; ++i) fl_texels[i] = 0.25f * (float)i - 0.5f;
  d.format = "R32_FLOAT";
  CHECK(texsim_surface_create(&d, fl_texels, sizeof fl_texels, &s) == TEXSIM_OK);
  texsim_sampler smp = texsim_sampler_default();
  smp.min_filter = smp.mag_filter = TEXSIM_FILTER_POINT;
  float u[4] = {0.125f, 0.375f, 0.625f, 0.875f}, v[4] = {0.75f, 0.75f, 0.25f, 0.25f};
  texsim_sample_lanes sl = texsim_sample_lanes_default();
  sl.count = 4;
  sl.op = TEXSIM_OP_LEVEL_ZERO;
  sl.u = u;
  sl.v = v;
  uint32_t r4[4], g4[4], b4[4], a4[4];
  texsim_results o4 = texsim_results_default();
  o4.r = r4, o4.g = g4, o4.b = b4, o4.a = a4;
  for (int p = TEXSIM_PROFILE_D3D; p <= TEXSIM_PROFILE_LAVAPIPE; ++p) {
    texsim_sample_options so = texsim_sample_options_default();
    so.profile = (texsim_profile)p;
    CHECK(texsim_sample(s, &smp, &sl, &o4, &so, &kind) == TEXSIM_OK);
    CHECK(kind == TEXSIM_KIND_FLOAT);
    CHECK(memcmp(&r4[0], &fl_texels[4], 4) == 0 && memcmp(&r4[1], &fl_texels[5], 4) == 0);
    CHECK(memcmp(&r4[2], &fl_texels[2], 4) == 0 && memcmp(&r4[3], &fl_texels[3], 4) == 0);
  }
  /* A quad op needs whole quads where quads are formed. */
  texsim_sample_options lp = texsim_sample_options_default();
  lp.profile = TEXSIM_PROFILE_LAVAPIPE;
  sl.op = TEXSIM_OP_IMPLICIT;
  sl.count = 3;
  CHECK(texsim_sample(s, &smp, &sl, &o4, &lp, NULL) == TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(has_rule("LIB-QUAD"));
  sl.count = 4;
  CHECK(texsim_sample(s, &smp, &sl, &o4, &lp, NULL) == TEXSIM_OK);
  smp.address[1] = (texsim_address)9;
  CHECK(texsim_sample(s, &smp, &sl, &o4, &lp, NULL) == TEXSIM_ERROR_INVALID_ARGUMENT);
  sl.op = (texsim_sample_op)99;
  CHECK(texsim_sample(s, &smp, &sl, &o4, &lp, NULL) == TEXSIM_ERROR_INVALID_ARGUMENT);
  texsim_surface_destroy(s);
}

/* The conformant range from C: every profile's answer lies inside; an integer surface's bounds
 * are exact; a result one step outside is rejected; bad options are diagnosed. */
static void test_bounds(void) {
  float texels[16];
  for (int i = 0; i < 16; ++i) texels[i] = 0.125f * (float)i - 1.0f;
  texsim_surface_desc d = texsim_surface_desc_default();
  d.format = "R32_FLOAT";
  d.width = 4;
  d.height = 4;
  texsim_surface* s = NULL;
  CHECK(texsim_surface_create(&d, texels, sizeof texels, &s) == TEXSIM_OK);
  texsim_sampler smp = texsim_sampler_default();
  float u[4] = {0.1f, 0.4f, 0.62f, 0.9f}, v[4] = {0.3f, 0.7f, 0.2f, 0.55f};
  texsim_sample_lanes sl = texsim_sample_lanes_default();
  sl.count = 4;
  sl.op = TEXSIM_OP_LEVEL_ZERO;
  sl.u = u;
  sl.v = v;
  uint32_t lr[4], lg[4], lb[4], la[4], hr[4], hg[4], hb[4], ha[4], r[4], g[4], b[4], a[4];
  uint8_t flags[4];
  texsim_results lo = texsim_results_default(), hi = texsim_results_default();
  texsim_results out = texsim_results_default();
  lo.r = lr, lo.g = lg, lo.b = lb, lo.a = la, lo.flags = flags;
  hi.r = hr, hi.g = hg, hi.b = hb, hi.a = ha;
  out.r = r, out.g = g, out.b = b, out.a = a;
  texsim_texel_kind kind = TEXSIM_KIND_UINT;
  CHECK(texsim_sample_bounds(s, &smp, &sl, &lo, &hi, NULL, &kind) == TEXSIM_OK);
  CHECK(kind == TEXSIM_KIND_FLOAT);
  for (int p = TEXSIM_PROFILE_D3D; p <= TEXSIM_PROFILE_NVIDIA; ++p) {
    texsim_sample_options so = texsim_sample_options_default();
    so.profile = (texsim_profile)p;
    CHECK(texsim_sample(s, &smp, &sl, &out, &so, NULL) == TEXSIM_OK);
    for (int i = 0; i < 4; ++i) {
      CHECK(texsim_within_bounds(kind, lr[i], hr[i], r[i]));
      CHECK(texsim_within_bounds(kind, la[i], ha[i], a[i]));
      CHECK((flags[i] & TEXSIM_FLAG_UNBOUNDED) == 0);
    }
  }
  /* The next float above hi (towards +inf: a negative's magnitude bits go down). */
  const uint32_t above_bits = (hr[0] & 0x80000000u) != 0 ? hr[0] - 1 : hr[0] + 1;
  CHECK(!texsim_within_bounds(kind, lr[0], hr[0], above_bits));
  texsim_bounds_options bo = texsim_bounds_options_default();
  CHECK(bo.subtexel_bits == 7 && bo.coord_bits == 20 && bo.lod_bits == 6);
  bo.subtexel_bits = 99;
  CHECK(texsim_sample_bounds(s, &smp, &sl, &lo, &hi, &bo, NULL) == TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(has_rule("LIB-BOUNDS"));
  bo = texsim_bounds_options_default();
  bo.struct_size = 3;
  CHECK(texsim_sample_bounds(s, &smp, &sl, &lo, &hi, &bo, NULL) == TEXSIM_ERROR_INVALID_ARGUMENT);
  CHECK(texsim_sample_bounds(s, &smp, &sl, NULL, &hi, NULL, NULL) == TEXSIM_ERROR_INVALID_ARGUMENT);
  texsim_surface_destroy(s);
}

/* The addresses of a lookup from C: one bilinear lookup on a 4x4 R32_FLOAT surface in TileY
 * (pitch 128: 16-byte columns 512 bytes apart) reads texels (1..2, 1..2); a bad line size is
 * diagnosed. */
static void test_addresses(void) {
  float texels[16] = {0};
  texsim_surface_desc d = texsim_surface_desc_default();
  d.format = "R32_FLOAT";
  d.width = 4;
  d.height = 4;
  texsim_surface* s = NULL;
  CHECK(texsim_surface_create(&d, texels, sizeof texels, &s) == TEXSIM_OK);
  texsim_sampler smp = texsim_sampler_default();
  float u[1] = {0.5f}, v[1] = {0.5f};
  texsim_sample_lanes sl = texsim_sample_lanes_default();
  sl.count = 1;
  sl.op = TEXSIM_OP_LEVEL_ZERO;
  sl.u = u;
  sl.v = v;
  uint32_t r[1], g[1], b[1], a[1];
  texsim_results out = texsim_results_default();
  out.r = r, out.g = g, out.b = b, out.a = a;
  texsim_placement pl = texsim_placement_default();
  pl.tiling = TEXSIM_TILING_TILE_Y;
  pl.base_address = 0x10000;
  texsim_address_trace* t = NULL;
  CHECK(texsim_sample_addresses(s, &smp, &sl, &out, NULL, &pl, 64, &t, NULL) == TEXSIM_OK);
  CHECK(texsim_address_trace_read_count(t) == 4);
  const texsim_texel_address* reads = texsim_address_trace_reads(t);
  for (size_t i = 0; reads != NULL && i < texsim_address_trace_read_count(t); ++i) {
    /* TileY: byte x lies in column x / 16 (512 bytes apart), row y at y * 16. */
    const uint64_t want =
        0x10000u + (reads[i].x * 4u % 16u) + (reads[i].x * 4u / 16u) * 512u + reads[i].y * 16u;
    CHECK(reads[i].address == want && reads[i].bytes == 4);
  }
  CHECK(texsim_address_trace_line_count(t) == 1);
  texsim_address_trace_destroy(t);
  t = NULL;
  CHECK(texsim_sample_addresses(s, &smp, &sl, &out, NULL, &pl, 48, &t, NULL) ==
        TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(t == NULL && has_rule("ACCESS-LINE-SIZE"));
  texsim_surface_destroy(s);
}

/* A surface and a sampler through the hardware's bytes (SM75 TIC/TSC, TGLLP RSS/SAMPLER_STATE)
 * and back: the same texels, placement and sampler fields. */
static void test_descriptors(void) {
  uint8_t texels[8 * 8 * 4];
  for (int i = 0; i < (int)sizeof texels; ++i) texels[i] = (uint8_t)(i * 7 + 3);
  texsim_surface_desc d = texsim_surface_desc_default();
  d.width = 8;
  d.height = 8;
  texsim_surface* s = NULL;
  CHECK(texsim_surface_create(&d, texels, sizeof texels, &s) == TEXSIM_OK);
  const char* platforms[2] = {"SM75", "TGLLP"};
  const texsim_tiling tilings[2] = {TEXSIM_TILING_BLOCK_LINEAR, TEXSIM_TILING_TILE_Y};
  for (int k = 0; k < 2; ++k) {
    texsim_placement pl = texsim_placement_default();
    pl.tiling = tilings[k];
    pl.base_address = 0x40000;
    texsim_blob* desc = NULL;
    texsim_blob* mem = NULL;
    CHECK(texsim_descriptor_from_surface(platforms[k], s, &pl, &desc) == TEXSIM_OK);
    CHECK(texsim_surface_memory(s, &pl, &mem) == TEXSIM_OK);
    CHECK(desc != NULL && mem != NULL);
    if (desc == NULL || mem == NULL) return;
    CHECK(texsim_blob_size(desc) == (k == 0 ? 32u : 64u));
    texsim_surface* back = NULL;
    texsim_placement got = texsim_placement_default();
    CHECK(texsim_surface_from_descriptor(platforms[k], texsim_blob_data(desc),
                                         texsim_blob_size(desc), 0x40000, texsim_blob_data(mem),
                                         texsim_blob_size(mem), &back, &got) == TEXSIM_OK);
    CHECK(back != NULL && got.tiling == tilings[k] && got.base_address == 0x40000);
    /* The texels themselves are compared in tests/unit/api/descriptors_test.cpp. */
    CHECK(back != NULL && texsim_surface_size(back) == sizeof texels);
    texsim_surface_destroy(back);
    /* One byte short of the surface: LIB-MEMORY. */
    CHECK(texsim_surface_from_descriptor(platforms[k], texsim_blob_data(desc),
                                         texsim_blob_size(desc), 0x40000, texsim_blob_data(mem),
                                         texsim_blob_size(mem) - 1, &back,
                                         NULL) == TEXSIM_ERROR_DIAGNOSTICS);
    CHECK(back == NULL && has_rule("LIB-MEMORY"));
    texsim_blob_destroy(desc);
    texsim_blob_destroy(mem);
  }
  texsim_sampler smp = texsim_sampler_default();
  smp.min_filter = TEXSIM_FILTER_POINT;
  smp.max_lod = 5.0f;
  texsim_blob* b = NULL;
  CHECK(texsim_descriptor_from_sampler("TGLLP", &smp, &b) == TEXSIM_OK);
  CHECK(b != NULL && texsim_blob_size(b) == 80);
  texsim_sampler back = texsim_sampler_default();
  if (b != NULL)
    CHECK(texsim_sampler_from_descriptor("TGLLP", texsim_blob_data(b), texsim_blob_size(b),
                                         &back) == TEXSIM_OK);
  CHECK(back.min_filter == TEXSIM_FILTER_POINT && back.max_lod == 5.0f);
  texsim_blob_destroy(b);
  CHECK(texsim_descriptor_from_sampler("NV50", &smp, &b) == TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(has_rule("LIB-PLATFORM"));
  texsim_surface_destroy(s);
}

static void test_scene_and_programs(void) {
  texsim_scene* sc = NULL;
  const char* bad = "{\n  \"texsim\": 1,\n  \"surfaces\": 7\n}\n";
  CHECK(texsim_scene_load_text(bad, strlen(bad), "bad.json", NULL, &sc) ==
        TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(sc == NULL && texsim_diagnostic_count() > 0);
  if (texsim_diagnostic_count() > 0) {
    texsim_diagnostic d = texsim_diagnostic_default();
    CHECK(texsim_diagnostic_get(0, &d) == TEXSIM_OK);
    CHECK(strcmp(d.file, "bad.json") == 0 && d.line == 3 && d.severity == TEXSIM_ERROR);
    CHECK(strncmp(d.rule, "SCENE", 5) == 0);
  }
  CHECK(texsim_scene_load_file(TEXSIM_SOURCE_DIR "/examples/visa/sampler3d.json", NULL, &sc) ==
        TEXSIM_OK);
  char* prog = read_text(TEXSIM_SOURCE_DIR "/examples/visa/sampler3d.visaasm");
  CHECK(sc != NULL && prog != NULL);
  if (sc == NULL || prog == NULL) return;
  texsim_surface* s = NULL;
  CHECK(texsim_scene_surface(sc, 12345, &s) == TEXSIM_ERROR_NOT_FOUND);
  CHECK(texsim_check(TEXSIM_ISA_VISA, prog, "sampler3d.visaasm", NULL) == TEXSIM_OK);
  CHECK(texsim_check(TEXSIM_ISA_VISA, "bogus_op (M1, 16) V1\n", "x.visaasm", NULL) ==
        TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(strstr(texsim_last_error(), "x.visaasm:1:") != NULL);
  CHECK(texsim_check(TEXSIM_ISA_SASS, "NOP ;", NULL, "SM99") == TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(has_rule("LIB-PLATFORM"));
  texsim_blob* bin = NULL;
  CHECK(texsim_assemble(TEXSIM_ISA_VISA, prog, "sampler3d.visaasm", NULL, &bin) == TEXSIM_OK);
  CHECK(texsim_blob_size(bin) > 0);
  texsim_blob* listing = NULL;
  CHECK(texsim_disassemble(TEXSIM_ISA_VISA, texsim_blob_data(bin), texsim_blob_size(bin), NULL,
                           NULL, &listing) == TEXSIM_OK);
  CHECK(listing != NULL && strstr((const char*)texsim_blob_data(listing), "sample_3d") != NULL);
  unsigned char junk[3] = {0xff, 0xff, 0xff};
  texsim_blob* none = NULL;
  CHECK(texsim_disassemble(TEXSIM_ISA_VISA, junk, 3, "junk.isa", NULL, &none) ==
        TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(none == NULL && strstr(texsim_last_error(), "junk.isa") != NULL);
  texsim_blob_destroy(bin);
  texsim_blob_destroy(listing);

  texsim_run* run = NULL;
  texsim_run_options ro = texsim_run_options_default();
  ro.trace = 1;
  CHECK(texsim_run_program(TEXSIM_ISA_VISA, prog, "sampler3d.visaasm", sc, &ro, &run) == TEXSIM_OK);
  CHECK(texsim_run_register_count(run) > 0);
  CHECK(texsim_run_trace_count(run) > 0);
  const char *name = NULL, *type = NULL;
  const uint8_t *bytes = NULL, *defined = NULL;
  size_t size = 0;
  CHECK(texsim_run_register(run, 0, &name, &type, &bytes, &defined, &size) == TEXSIM_OK);
  CHECK(name != NULL && type != NULL && size > 0 && bytes != NULL && defined != NULL);
  CHECK(texsim_run_register(run, 1u << 20, &name, NULL, NULL, NULL, NULL) ==
        TEXSIM_ERROR_INVALID_ARGUMENT);
  texsim_run_destroy(run);
  CHECK(texsim_run_program(TEXSIM_ISA_SASS, "NOP ;", NULL, sc, NULL, &run) ==
        TEXSIM_ERROR_DIAGNOSTICS);
  free(prog);
  texsim_scene_destroy(sc);
}

/* A scene's descriptors by index: tic-blocklinear.json's TIC entry 3 over block-linear memory. */
static void test_scene_descriptors(void) {
  texsim_scene* sc = NULL;
  CHECK(texsim_scene_load_file(TEXSIM_SOURCE_DIR "/examples/sass/tic-blocklinear.json", NULL,
                               &sc) == TEXSIM_OK);
  if (sc == NULL) return;
  texsim_surface* s = NULL;
  CHECK(texsim_scene_surface(sc, 3, &s) == TEXSIM_ERROR_NOT_FOUND); /* no JSON surfaces */
  CHECK(texsim_scene_descriptor_surface(sc, 3, &s) == TEXSIM_OK && s != NULL);
  texsim_placement p = texsim_placement_default();
  CHECK(texsim_scene_descriptor_placement(sc, 3, &p) == TEXSIM_OK);
  CHECK(p.tiling == TEXSIM_TILING_BLOCK_LINEAR && p.base_address >= 0x100000000u);
  CHECK(texsim_scene_descriptor_placement(sc, 9, &p) == TEXSIM_ERROR_NOT_FOUND);
  texsim_sampler smp = texsim_sampler_default();
  CHECK(texsim_scene_descriptor_sampler(sc, 0, &smp) == TEXSIM_ERROR_NOT_FOUND); /* no TSC pool */
  texsim_surface_destroy(s);
  texsim_scene_destroy(sc);
}

int main(void) {
  test_version();
  test_scene_descriptors();
  test_surface_errors();
  test_fetch_and_sample();
  test_bounds();
  test_addresses();
  test_descriptors();
  test_scene_and_programs();
  return report("c_api_test");
}
