/* The C API's extensible structs (texsim.h, decision A1), compiled as C11: a program built
 * against an older, smaller struct still works; a zero or garbage struct_size is a diagnostic. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "texsim/texsim.h"

/* texsim_run_options and texsim_diagnostic as a program compiled against version 1 (texsim
 * 0.1's fields, before settings/poison and notes) declares them. */
typedef struct run_options_v1 {
  size_t struct_size;
  texsim_profile profile;
  int trace;
  const char* platform;
} run_options_v1;
_Static_assert(sizeof(run_options_v1) == offsetof(texsim_run_options, settings), "v1 prefix");

typedef struct diagnostic_v1 {
  size_t struct_size;
  texsim_severity severity;
  const char *rule, *file;
  uint32_t line, column;
  int is_binary;
  uint64_t offset;
  int has_bits;
  uint32_t bit_hi, bit_lo;
  const char *message, *citation, *text;
} diagnostic_v1;
_Static_assert(sizeof(diagnostic_v1) == offsetof(texsim_diagnostic, notes), "v1 prefix");

/* texsim_sampler as a program compiled against version 1 (before max_anisotropy_float). */
typedef struct sampler_v1 {
  unsigned char bytes[offsetof(texsim_sampler, max_anisotropy_float)];
} sampler_v1;

/* texsim_placement as a program compiled against version 1 (before miptail_start). */
typedef struct placement_v1 {
  unsigned char bytes[offsetof(texsim_placement, miptail_start)];
} placement_v1;

/* A version-1 struct as it lies in the caller's memory, followed by bytes the library must
 * neither read (they hold invalid values) nor write. */
typedef struct {
  run_options_v1 v1;
  unsigned char tail[64];
} run_options_v1_in_memory;
typedef struct {
  diagnostic_v1 v1;
  unsigned char tail[32];
} diagnostic_v1_in_memory;

/* Fills `n` bytes at `p` with `fill`, then sets the leading struct_size to `size`. */
static void fill_struct(void* p, size_t n, unsigned char fill, size_t size) {
  memset(p, fill, n);
  memcpy(p, &size, sizeof size);
}
static int all_bytes_are(const unsigned char* p, size_t n, unsigned char value) {
  for (size_t i = 0; i < n; ++i)
    if (p[i] != value) return 0;
  return 1;
}

/* Whether the last call failed with `status` and a LIB-ARG naming `type`. */
static int lib_arg(texsim_status got, const char* type) {
  if (got != TEXSIM_ERROR_INVALID_ARGUMENT || texsim_diagnostic_count() != 1) return 0;
  texsim_diagnostic d = texsim_diagnostic_default();
  return texsim_diagnostic_get(0, &d) == TEXSIM_OK && strcmp(d.rule, "LIB-ARG") == 0 &&
         strstr(d.message, type) != NULL && strstr(d.message, "struct_size") != NULL;
}

/* A version-1 run options struct followed by bytes that would be an invalid poison and a
 * setting count without settings if the library read past struct_size. */
static void test_older_run_options(void) {
  texsim_scene* sc = NULL;
  char* prog = read_text(TEXSIM_SOURCE_DIR "/examples/visa/sampler3d.visaasm");
  CHECK(texsim_scene_load_file(TEXSIM_SOURCE_DIR "/examples/visa/sampler3d.json", NULL, &sc) ==
        TEXSIM_OK);
  if (sc == NULL || prog == NULL) return;
  run_options_v1_in_memory old;
  fill_struct(&old, sizeof old, 0x7f, sizeof old.v1);
  old.v1.profile = TEXSIM_PROFILE_D3D;
  old.v1.trace = 1;
  old.v1.platform = NULL;
  texsim_run* run = NULL;
  CHECK(texsim_run_program(TEXSIM_ISA_VISA, prog, "p", sc, (const texsim_run_options*)&old, &run) ==
        TEXSIM_OK);
  CHECK(texsim_run_trace_count(run) > 0);
  texsim_run_destroy(run);
  /* The same run with the newest struct and its defaults gives the same registers. */
  texsim_run_options now = texsim_run_options_default();
  now.trace = 1;
  texsim_run* run2 = NULL;
  CHECK(texsim_run_program(TEXSIM_ISA_VISA, prog, "p", sc, &now, &run2) == TEXSIM_OK);
  CHECK(texsim_run_register_count(run2) > 0 && now.poison == -1);
  texsim_run_destroy(run2);
  /* Garbage sizes: none is read past, each is LIB-ARG. */
  const size_t bad[] = {0, 1, sizeof old.v1 + 4, sizeof(texsim_run_options) + 8, (size_t)-1};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    old.v1.struct_size = bad[i];
    CHECK(lib_arg(
        texsim_run_program(TEXSIM_ISA_VISA, prog, "p", sc, (const texsim_run_options*)&old, &run),
        "texsim_run_options"));
    CHECK(run == NULL);
  }
  /* Version 2's fields: a bad poison and settings without an array are LIB-ARG. */
  now.poison = 256;
  CHECK(texsim_run_program(TEXSIM_ISA_VISA, prog, "p", sc, &now, &run) ==
        TEXSIM_ERROR_INVALID_ARGUMENT);
  now.poison = -1;
  now.setting_count = 1;
  CHECK(texsim_run_program(TEXSIM_ISA_VISA, prog, "p", sc, &now, &run) ==
        TEXSIM_ERROR_INVALID_ARGUMENT);
  free(prog);
  texsim_scene_destroy(sc);
}

/* A version-1 diagnostic record: the library fills it and writes nothing past it. */
static void test_older_diagnostic(void) {
  texsim_scene* sc = NULL;
  const char* name = TEXSIM_SOURCE_DIR "/examples/visa/outside.json";
  const char* json =
      "{\"texsim\": 1, \"surfaces\": [{\"id\": 5, \"type\": \"2D\", \"format\": "
      "\"R8G8B8A8_UNORM\", \"width\": 16, \"height\": 16, \"mips\": \"full\", "
      "\"data\": {\"file\": \"../scenes/images/gradient.png\"}}]}";
  CHECK(texsim_scene_load_text(json, strlen(json), name, NULL, &sc) == TEXSIM_ERROR_DIAGNOSTICS);
  CHECK(texsim_diagnostic_count() >= 1);
  diagnostic_v1_in_memory old;
  fill_struct(&old, sizeof old, 0xab, sizeof old.v1);
  CHECK(texsim_diagnostic_get(0, (texsim_diagnostic*)&old) == TEXSIM_OK);
  CHECK(strcmp(old.v1.rule, "SCENE-FILE") == 0 && old.v1.struct_size == sizeof old.v1);
  CHECK(all_bytes_are(old.tail, sizeof old.tail, 0xab));
  /* The newest record has the notes (SCENE-FILE explains --allow-any-path). */
  texsim_diagnostic d = texsim_diagnostic_default();
  CHECK(texsim_diagnostic_get(0, &d) == TEXSIM_OK);
  CHECK(d.note_count >= 1 && d.notes != NULL && strstr(d.notes[0], "allow-any-path") != NULL);
  /* A garbage size is refused without touching the record or the diagnostics. */
  d.struct_size = 3;
  CHECK(texsim_diagnostic_get(0, &d) == TEXSIM_ERROR_INVALID_ARGUMENT && d.struct_size == 3);
  CHECK(texsim_diagnostic_count() >= 1);
  /* texsim_scene_options: allow_any_path lifts the folder rule. */
  texsim_scene_options so = texsim_scene_options_default();
  so.allow_any_path = 1;
  CHECK(texsim_scene_load_text(json, strlen(json), name, &so, &sc) == TEXSIM_OK);
  texsim_scene_destroy(sc);
}

/* Every struct the lookups read: a zero or garbage struct_size is LIB-ARG naming it. */
static void test_bad_sizes_in_lookups(void) {
  texsim_surface_desc desc = texsim_surface_desc_default();
  texsim_surface* s = NULL;
  desc.struct_size = 0;
  CHECK(lib_arg(texsim_surface_create(&desc, NULL, 0, &s), "texsim_surface_desc"));
  desc.struct_size = sizeof desc;
  CHECK(texsim_surface_create(&desc, NULL, 0, &s) == TEXSIM_OK);
  float u = 0.5f;
  uint32_t r, g, b, a, x = 0;
  texsim_sampler smp = texsim_sampler_default();
  texsim_sample_lanes sl = texsim_sample_lanes_default();
  sl.count = 1, sl.u = &u;
  texsim_fetch_lanes fl = texsim_fetch_lanes_default();
  fl.count = 1, fl.x = &x;
  texsim_results out = texsim_results_default();
  out.r = &r, out.g = &g, out.b = &b, out.a = &a;
  texsim_sample_options so = texsim_sample_options_default();
  texsim_fetch_options fo = texsim_fetch_options_default();
  CHECK(texsim_sample(s, &smp, &sl, &out, &so, NULL) == TEXSIM_OK);
  CHECK(texsim_fetch(s, &fl, &out, &fo, NULL) == TEXSIM_OK);
  smp.struct_size = 0;
  CHECK(lib_arg(texsim_sample(s, &smp, &sl, &out, &so, NULL), "texsim_sampler"));
  smp.struct_size = sizeof smp;
  sl.struct_size = 12345;
  CHECK(lib_arg(texsim_sample(s, &smp, &sl, &out, &so, NULL), "texsim_sample_lanes"));
  sl.struct_size = sizeof sl;
  out.struct_size = (size_t)-1;
  CHECK(lib_arg(texsim_sample(s, &smp, &sl, &out, &so, NULL), "texsim_results"));
  CHECK(lib_arg(texsim_fetch(s, &fl, &out, &fo, NULL), "texsim_results"));
  out.struct_size = sizeof out;
  so.struct_size = sizeof so - 4;
  CHECK(lib_arg(texsim_sample(s, &smp, &sl, &out, &so, NULL), "texsim_sample_options"));
  fl.struct_size = 8;
  CHECK(lib_arg(texsim_fetch(s, &fl, &out, &fo, NULL), "texsim_fetch_lanes"));
  fl.struct_size = sizeof fl;
  fo.struct_size = 0;
  CHECK(lib_arg(texsim_fetch(s, &fl, &out, &fo, NULL), "texsim_fetch_options"));
  fo.struct_size = sizeof fo;
  fo.sample_index = (texsim_sample_index_policy)7;
  CHECK(texsim_fetch(s, &fl, &out, &fo, NULL) == TEXSIM_ERROR_INVALID_ARGUMENT);
  texsim_surface_destroy(s);
}

/* texsim_X_init (for FFIs) equals X_default(); a bad size or NULL is LIB-ARG; a successful init
 * leaves the diagnostics alone. */
static void test_init(void) {
  texsim_sampler a = texsim_sampler_default(), b;
  memset(&b, 0x55, sizeof b);
  CHECK(texsim_sampler_init(&b, sizeof b) == TEXSIM_OK && memcmp(&a, &b, sizeof a) == 0);
  CHECK(a.struct_size == sizeof a && a.max_lod == 1000.0f && a.compare == TEXSIM_COMPARE_NONE);
  CHECK(lib_arg(texsim_sampler_init(&b, 0), "texsim_sampler"));
  CHECK(texsim_diagnostic_count() == 1);
  texsim_sample_options o;
  CHECK(texsim_sample_options_init(&o, sizeof o) == TEXSIM_OK);
  CHECK(texsim_diagnostic_count() == 1); /* still the last failure's */
  CHECK(o.lavapipe_groups == 1 && o.lavapipe_group_lanes == 8 && o.threads == 1);
  CHECK(texsim_run_options_init(NULL, sizeof(texsim_run_options)) == TEXSIM_ERROR_INVALID_ARGUMENT);
  /* An older caller's init fills only its version's fields. */
  run_options_v1_in_memory old;
  fill_struct(&old, sizeof old, 0xee, 0);
  CHECK(texsim_run_options_init((texsim_run_options*)&old, sizeof old.v1) == TEXSIM_OK);
  CHECK(old.v1.struct_size == sizeof old.v1 && old.v1.trace == 0 && old.v1.platform == NULL);
  CHECK(all_bytes_are(old.tail, sizeof old.tail, 0xee));
  texsim_surface_desc d = texsim_surface_desc_default();
  CHECK(d.width == 1 && d.mips == 1 && strcmp(d.format, "R8G8B8A8_UNORM") == 0);
}

/* Four anisotropic gradient lanes (8 texels by 1) on a 16x16 RGBA8 surface: R of each lane. */
static void sample_aniso(const texsim_surface* s, const texsim_sampler* smp, uint32_t r[4]) {
  const float u[4] = {0.3f, 0.5f, 0.61f, 0.77f}, v[4] = {0.4f, 0.45f, 0.52f, 0.6f};
  const float dux[4] = {0.5f, 0.5f, 0.5f, 0.5f}, dvy[4] = {0.0625f, 0.0625f, 0.0625f, 0.0625f};
  uint32_t g[4], b[4], a[4];
  texsim_sample_lanes sl = texsim_sample_lanes_default();
  sl.count = 4, sl.op = TEXSIM_OP_GRAD, sl.u = u, sl.v = v, sl.ddx_u = dux, sl.ddy_v = dvy;
  texsim_results out = texsim_results_default();
  out.r = r, out.g = g, out.b = b, out.a = a;
  CHECK(texsim_sample(s, smp, &sl, &out, NULL, NULL) == TEXSIM_OK);
}

/* max_anisotropy_float (version 2) wins when it is not 0; a version-1 sampler is read without
 * its tail (bytes that would be a float maximum of about 3.4e38 if read). */
static void test_sampler_max_anisotropy_versions(void) {
  texsim_surface_desc desc = texsim_surface_desc_default();
  desc.width = desc.height = 16;
  unsigned char texels[16 * 16 * 4];
  for (size_t i = 0; i < sizeof texels; ++i) texels[i] = (unsigned char)(i * 37u + (i >> 6) * 11u);
  texsim_surface* s = NULL;
  CHECK(texsim_surface_create(&desc, texels, sizeof texels, &s) == TEXSIM_OK);
  if (s == NULL) return;
  texsim_sampler def = texsim_sampler_default();
  CHECK(def.max_anisotropy == 1 && def.max_anisotropy_float == 0.0f);
  uint32_t int4[4], float4[4], frac[4], iso[4], old[4];
  texsim_sampler smp = def;
  sample_aniso(s, &smp, iso);
  smp.max_anisotropy = 4;
  sample_aniso(s, &smp, int4);
  smp.max_anisotropy = 1, smp.max_anisotropy_float = 4.0f;
  sample_aniso(s, &smp, float4);
  smp.max_anisotropy = 16, smp.max_anisotropy_float = 2.5f;
  sample_aniso(s, &smp, frac);
  CHECK(memcmp(int4, float4, sizeof int4) == 0);
  CHECK(memcmp(int4, frac, sizeof int4) != 0 && memcmp(int4, iso, sizeof int4) != 0);
  struct {
    sampler_v1 v1;
    unsigned char tail[16];
  } in_memory;
  memset(&in_memory, 0x7f, sizeof in_memory);
  smp = def;
  smp.max_anisotropy = 4;
  smp.struct_size = sizeof in_memory.v1;
  memcpy(&in_memory.v1, &smp, sizeof in_memory.v1);
  sample_aniso(s, (const texsim_sampler*)&in_memory, old);
  CHECK(memcmp(int4, old, sizeof int4) == 0);
  texsim_surface_destroy(s);
}

/* texsim_query: textureSize (R, G, B; A the level count), textureQueryLevels, textureSamples. */
static void test_query(void) {
  texsim_surface_desc desc = texsim_surface_desc_default();
  desc.width = 16, desc.height = 8, desc.mips = 3;
  texsim_surface* s = NULL;
  CHECK(texsim_surface_create(&desc, NULL, 0, &s) == TEXSIM_OK);
  if (s == NULL) return;
  const uint32_t lod[2] = {1, 2};
  uint32_t r[2], g[2], b[2], a[2];
  texsim_query_lanes ql = texsim_query_lanes_default();
  ql.count = 2, ql.lod = lod;
  texsim_results out = texsim_results_default();
  out.r = r, out.g = g, out.b = b, out.a = a;
  texsim_texel_kind kind = TEXSIM_KIND_FLOAT;
  CHECK(texsim_query(s, &ql, &out, NULL, &kind) == TEXSIM_OK && kind == TEXSIM_KIND_UINT);
  CHECK(r[0] == 8 && g[0] == 4 && b[0] == 0 && a[0] == 3 && r[1] == 4 && g[1] == 2);
  texsim_query_options qo = texsim_query_options_default();
  CHECK(qo.lavapipe_groups == 1 && qo.lavapipe_group_lanes == 8);
  qo.profile = TEXSIM_PROFILE_LAVAPIPE; /* one LOD per group: lane 0's */
  CHECK(texsim_query(s, &ql, &out, &qo, NULL) == TEXSIM_OK && r[1] == 8 && g[1] == 4);
  ql.op = TEXSIM_QUERY_LEVELS;
  CHECK(texsim_query(s, &ql, &out, NULL, NULL) == TEXSIM_OK && r[0] == 3 && g[0] == 0);
  ql.op = TEXSIM_QUERY_SAMPLES;
  CHECK(texsim_query(s, &ql, &out, NULL, NULL) == TEXSIM_OK && r[1] == 1);
  ql.struct_size = 0;
  CHECK(lib_arg(texsim_query(s, &ql, &out, NULL, NULL), "texsim_query_lanes"));
  texsim_surface_destroy(s);
}

/* The address of texel (0, 0) of level 3 of an RGBA8 256x256 Tile64 chain at 0x100000000. */
static uint64_t level3_address(const texsim_surface* s, const texsim_placement* pl,
                               texsim_status* status) {
  const uint32_t zero = 0, level = 3;
  uint32_t r, g, b, a;
  texsim_fetch_lanes fl = texsim_fetch_lanes_default();
  fl.count = 1, fl.x = &zero, fl.y = &zero, fl.level = &level;
  texsim_results out = texsim_results_default();
  out.r = &r, out.g = &g, out.b = &b, out.a = &a;
  texsim_address_trace* t = NULL;
  *status = texsim_fetch_addresses(s, &fl, &out, NULL, pl, 64, &t, NULL);
  if (*status != TEXSIM_OK) return 0;
  uint64_t address = 0;
  if (texsim_address_trace_read_count(t) == 1)
    address = texsim_address_trace_reads(t)[0].address - 0x100000000u;
  texsim_address_trace_destroy(t);
  return address;
}

/* miptail_start (version 2, decision TS1): -1 by default; a version-1 placement followed by bytes
 * that would be a start of 0x05050505 if read is isl's choice (level 3 in the tail's slot 1 at
 * 5 * 65536 + 32768), a start of 3 moves level 3 to slot 0 of the tile below (7 * 65536 + 8192;
 * hand-computed in tests/unit/api/miptail_test.cpp). */
static void test_placement_versions(void) {
  texsim_surface_desc desc = texsim_surface_desc_default();
  desc.width = desc.height = 256, desc.mips = 9;
  texsim_surface* s = NULL;
  CHECK(texsim_surface_create(&desc, NULL, 0, &s) == TEXSIM_OK);
  if (s == NULL) return;
  texsim_status st = TEXSIM_OK;
  texsim_placement pl = texsim_placement_default();
  CHECK(pl.struct_size == sizeof pl && pl.miptail_start == -1);
  pl.tiling = TEXSIM_TILING_TILE64, pl.base_address = 0x100000000u;
  CHECK(level3_address(s, &pl, &st) == 5 * 65536 + 32768);
  pl.miptail_start = 3;
  CHECK(level3_address(s, &pl, &st) == 7 * 65536 + 8192);
  struct {
    placement_v1 v1;
    unsigned char tail[16];
  } in_memory;
  memset(&in_memory, 0x05, sizeof in_memory);
  pl.struct_size = sizeof in_memory.v1;
  memcpy(&in_memory.v1, &pl, sizeof in_memory.v1);
  CHECK(level3_address(s, (const texsim_placement*)&in_memory, &st) == 5 * 65536 + 32768);
  /* An older caller's init fills only version 1's fields. */
  CHECK(texsim_placement_init((texsim_placement*)&in_memory, sizeof in_memory.v1) == TEXSIM_OK);
  CHECK(all_bytes_are(in_memory.tail, sizeof in_memory.tail, 0x05));
  pl.struct_size = sizeof in_memory.v1 + 4;
  level3_address(s, &pl, &st);
  CHECK(lib_arg(st, "texsim_placement"));
  texsim_surface_destroy(s);
}

int main(void) {
  test_placement_versions();
  test_query();
  test_sampler_max_anisotropy_versions();
  test_older_run_options();
  test_older_diagnostic();
  test_bad_sizes_in_lookups();
  test_init();
  return report("c_struct_test");
}
