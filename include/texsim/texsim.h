/* texsim's C API (docs/library.md, "The C API"): opaque handles, status codes, diagnostics as
 * text and as records, no exceptions. For C programs, other languages and SystemVerilog DPI-C. */
#ifndef TEXSIM_TEXSIM_H
#define TEXSIM_TEXSIM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "texsim/export.h"
#include "texsim/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- extensible structs -------------------------------------------------------------------
 * Every struct that crosses the API and may gain fields (the descriptions, the sampler, lanes,
 * results, options and diagnostic records) begins with `size_t struct_size`: sizeof the struct
 * as the caller compiled it. Its texsim_X_default() sets it (static inline: the size is the
 * caller's); a caller that cannot use those (a foreign-function interface) calls
 * texsim_X_init(&s, sizeof s). The library reads only the fields struct_size covers, so a
 * program built against an older, smaller struct gets the defaults for the fields it lacks, and
 * writes only those fields of a struct it fills. A struct_size that is not one of the struct's
 * versions (0, garbage, or a newer header's than this library knows) is
 * TEXSIM_ERROR_INVALID_ARGUMENT with a LIB-ARG diagnostic; nothing past it is read or written.
 * New fields are only ever appended, each version starting at the previous version's sizeof. */
#define TEXSIM_DEFAULT_FN_(type)                 \
  static inline type type##_default(void) {      \
    type s;                                      \
    memset(&s, 0, sizeof s); /* init fails: 0 */ \
    type##_init(&s, sizeof s);                   \
    return s;                                    \
  }

/* Every call that can fail returns a status. On failure the calling thread's diagnostics say
 * why (texsim_last_error(), texsim_diagnostic_count/get()); a successful call clears them, but
 * for the texsim_X_init()s and the readers of the diagnostics themselves, which leave them. */
typedef enum texsim_status {
  TEXSIM_OK = 0,
  TEXSIM_ERROR_INVALID_ARGUMENT = 1, /* a NULL handle, an unknown enum value, a bad struct_size */
  TEXSIM_ERROR_DIAGNOSTICS = 2,      /* the input has problems: see the diagnostics */
  TEXSIM_ERROR_NOT_FOUND = 3,        /* no surface/sampler with that id */
  TEXSIM_ERROR_OUT_OF_MEMORY = 4,
  TEXSIM_ERROR_INTERNAL = 5 /* a bug in texsim: please report the diagnostic text */
} texsim_status;

/* The library's version, "MAJOR.MINOR.PATCH" (equals TEXSIM_VERSION of its headers). */
TEXSIM_API const char* texsim_version(void);
/* The name of a status, e.g. "TEXSIM_ERROR_DIAGNOSTICS". */
TEXSIM_API const char* texsim_status_name(texsim_status status);

/* ---- diagnostics (per thread, of the last call) ------------------------------------------ */
typedef enum texsim_severity {
  TEXSIM_NOTE = 0,
  TEXSIM_WARNING = 1,
  TEXSIM_ERROR = 2
} texsim_severity;

typedef struct texsim_diagnostic {
  size_t struct_size;
  texsim_severity severity;
  const char* rule; /* e.g. "SCENE-TYPE", "LIB-LANES" */
  const char* file; /* "" when none */
  uint32_t line;    /* 0: no text position */
  uint32_t column;
  int is_binary; /* 1: offset (and bits when has_bits) locate it in a binary */
  uint64_t offset;
  int has_bits;
  uint32_t bit_hi, bit_lo;
  const char* message;
  const char* citation; /* the spec it comes from */
  const char* text;     /* the compiler-style line: "file:line:col: error[RULE]: message (cite)" */
  /* version 2 */
  const char* const* notes; /* note_count further explanations */
  size_t note_count;
} texsim_diagnostic;
TEXSIM_API texsim_status texsim_diagnostic_init(texsim_diagnostic* d, size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_diagnostic)

/* Every diagnostic of the calling thread's last call, one "text" per line; "" when none. The
 * pointers here and in texsim_diagnostic stay valid until this thread's next texsim call. */
TEXSIM_API const char* texsim_last_error(void);
TEXSIM_API size_t texsim_diagnostic_count(void);
/* `out` is a texsim_diagnostic_default() (its struct_size says which fields to fill). */
TEXSIM_API texsim_status texsim_diagnostic_get(size_t index, texsim_diagnostic* out);

/* ---- surfaces ---------------------------------------------------------------------------- */
typedef struct texsim_surface texsim_surface;

typedef enum texsim_surface_type {
  TEXSIM_SURFACE_1D = 0,
  TEXSIM_SURFACE_1D_ARRAY,
  TEXSIM_SURFACE_2D,
  TEXSIM_SURFACE_2D_ARRAY,
  TEXSIM_SURFACE_3D,
  TEXSIM_SURFACE_CUBE,
  TEXSIM_SURFACE_CUBE_ARRAY
} texsim_surface_type;

/* Default: a 1x1 2D RGBA8 UNORM description, one level, one sample (edit it, then create). */
typedef struct texsim_surface_desc {
  size_t struct_size;
  texsim_surface_type type;
  const char* format; /* DXGI name without prefix, e.g. "R8G8B8A8_UNORM" (case-insensitive) */
  uint32_t width, height, depth, layers, mips, samples;
} texsim_surface_desc;
TEXSIM_API texsim_status texsim_surface_desc_init(texsim_surface_desc* desc, size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_surface_desc)

/* Creates a surface; `bytes` (may be NULL: zeroed) holds `size` bytes in the linear layout and
 * must then be exactly texsim_surface_size() long. */
TEXSIM_API texsim_status texsim_surface_create(const texsim_surface_desc* desc, const void* bytes,
                                               size_t size, texsim_surface** out);
TEXSIM_API void texsim_surface_destroy(texsim_surface* surface); /* NULL is ignored */
TEXSIM_API uint64_t texsim_surface_size(const texsim_surface* surface);
/* Copies `size` bytes to byte `offset` of the surface's linear layout. */
TEXSIM_API texsim_status texsim_surface_write(texsim_surface* surface, uint64_t offset,
                                              const void* bytes, size_t size);
/* Byte offset and row pitch of mip `level` (sample plane 0, slice 0). */
TEXSIM_API texsim_status texsim_surface_level(const texsim_surface* surface, uint32_t level,
                                              uint64_t* offset, uint64_t* row_pitch);

/* ---- samplers ---------------------------------------------------------------------------- */
typedef enum texsim_filter { TEXSIM_FILTER_POINT = 0, TEXSIM_FILTER_LINEAR } texsim_filter;
typedef enum texsim_mip_filter {
  TEXSIM_MIP_NONE = 0,
  TEXSIM_MIP_POINT,
  TEXSIM_MIP_LINEAR
} texsim_mip_filter;
typedef enum texsim_address {
  TEXSIM_ADDRESS_WRAP = 0,
  TEXSIM_ADDRESS_MIRROR,
  TEXSIM_ADDRESS_CLAMP,
  TEXSIM_ADDRESS_BORDER,
  TEXSIM_ADDRESS_MIRROR_ONCE
} texsim_address;
typedef enum texsim_compare {
  TEXSIM_COMPARE_NONE = -1,
  TEXSIM_COMPARE_NEVER = 0,
  TEXSIM_COMPARE_LESS,
  TEXSIM_COMPARE_EQUAL,
  TEXSIM_COMPARE_LESS_EQUAL,
  TEXSIM_COMPARE_GREATER,
  TEXSIM_COMPARE_NOT_EQUAL,
  TEXSIM_COMPARE_GREATER_EQUAL,
  TEXSIM_COMPARE_ALWAYS
} texsim_compare;
typedef enum texsim_reduction {
  TEXSIM_REDUCTION_AVERAGE = 0,
  TEXSIM_REDUCTION_MIN,
  TEXSIM_REDUCTION_MAX
} texsim_reduction;

/* D3D11.3 sampler state as a value (default: trilinear-point, clamp, no comparison).
 * Maximum anisotropy: max_anisotropy_float when it is not 0, else max_anisotropy (the version-1
 * integer field). The defaults are 1 and 0; texsim_scene_sampler writes the integer part to
 * max_anisotropy and the value to max_anisotropy_float when it has a fraction, else 0. */
typedef struct texsim_sampler {
  size_t struct_size;
  texsim_filter min_filter, mag_filter;
  texsim_mip_filter mip_filter;
  uint32_t max_anisotropy; /* 1: isotropic; 2..16 (see max_anisotropy_float) */
  texsim_address address[3];
  float border_color[4];
  uint32_t border_color_int[4];
  float lod_bias, min_lod, max_lod;
  texsim_compare compare;
  int normalized_coords;
  int srgb_decode;
  texsim_reduction reduction;
  /* version 2 */
  float max_anisotropy_float; /* 0: max_anisotropy; else Vulkan's float maxAnisotropy (1..16) */
} texsim_sampler;
TEXSIM_API texsim_status texsim_sampler_init(texsim_sampler* sampler, size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_sampler)

typedef enum texsim_profile {
  TEXSIM_PROFILE_D3D = 0,
  TEXSIM_PROFILE_EXACT,
  TEXSIM_PROFILE_LAVAPIPE,
  TEXSIM_PROFILE_NVIDIA
} texsim_profile;

/* ---- lookups ----------------------------------------------------------------------------- */
typedef enum texsim_sample_op {
  TEXSIM_OP_IMPLICIT = 0,
  TEXSIM_OP_BIAS,
  TEXSIM_OP_LEVEL,
  TEXSIM_OP_GRAD,
  TEXSIM_OP_LEVEL_ZERO,
  TEXSIM_OP_GATHER,
  TEXSIM_OP_LOD_QUERY
} texsim_sample_op;

typedef enum texsim_texel_kind {
  TEXSIM_KIND_FLOAT = 0,
  TEXSIM_KIND_SINT,
  TEXSIM_KIND_UINT
} texsim_texel_kind;

/* Lanes as arrays of `count` elements; a NULL array means 0 in every lane. Default: no lanes,
 * op TEXSIM_OP_LEVEL, every array NULL, offsets 0, all lanes active. */
typedef struct texsim_sample_lanes {
  size_t struct_size;
  size_t count;
  texsim_sample_op op;
  const float *u, *v, *w, *array_index, *lod;
  const float *ddx_u, *ddx_v, *ddx_w, *ddy_u, *ddy_v, *ddy_w;
  const float* reference;
  int32_t offset[3];
  const int32_t *offset_x, *offset_y, *offset_z; /* per lane; override offset[] */
  uint8_t gather_component;
  const uint8_t* active; /* NULL: all lanes active */
  /* version 2 */
  /* Quad ops, lavapipe profile with groups: each quad's position in quads (pixel x / 2, y / 2),
   * count / 4 elements each, or NULL: the library places the quads in lavapipe's groups. */
  const uint32_t *quad_x, *quad_y;
} texsim_sample_lanes;
TEXSIM_API texsim_status texsim_sample_lanes_init(texsim_sample_lanes* lanes, size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_sample_lanes)

typedef struct texsim_fetch_lanes {
  size_t struct_size;
  size_t count;
  const uint32_t *x, *y, *z, *slice, *level, *sample;
  int32_t offset[3];
  const int32_t *offset_x, *offset_y, *offset_z;
  const uint64_t* mcs; /* ld2dms: the MCS value per lane; NULL: the surface's */
  const uint8_t* active;
} texsim_fetch_lanes;
TEXSIM_API texsim_status texsim_fetch_lanes_init(texsim_fetch_lanes* lanes, size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_fetch_lanes)

#define TEXSIM_FLAG_IN_BOUNDS 1u
#define TEXSIM_FLAG_NULL_TILE 2u
#define TEXSIM_FLAG_FAST_CLEARED 4u

/* Outputs of `count` elements: r, g, b, a required; flags may be NULL. */
typedef struct texsim_results {
  size_t struct_size;
  uint32_t *r, *g, *b, *a;
  uint8_t* flags;
} texsim_results;
TEXSIM_API texsim_status texsim_results_init(texsim_results* results, size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_results)

typedef struct texsim_sample_options {
  size_t struct_size;
  texsim_profile profile;        /* TEXSIM_PROFILE_D3D */
  int lavapipe_groups;           /* 1: form lavapipe's SIMD groups and quads */
  uint32_t lavapipe_group_lanes; /* 8 */
  int derivatives_from_quads;    /* 0; 1: d3d/exact quad ops take coarse derivatives from quads */
  uint32_t threads;              /* 1; 0: every hardware thread (results do not depend on it) */
  /* version 2 (64 bits wide so that it starts at version 1's sizeof, not in its padding) */
  int64_t lavapipe_masked_lanes; /* 0; 1: inactive lanes join group decisions, zero inputs */
} texsim_sample_options;
TEXSIM_API texsim_status texsim_sample_options_init(texsim_sample_options* options,
                                                    size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_sample_options)

/* What a fetch does with a sample index beyond the surface's samples. */
typedef enum texsim_sample_index_policy {
  TEXSIM_SAMPLE_INDEX_ZERO = 0, /* the texel reads 0 */
  TEXSIM_SAMPLE_INDEX_CLAMP     /* the last sample */
} texsim_sample_index_policy;

typedef struct texsim_fetch_options {
  size_t struct_size;
  texsim_profile profile;                  /* TEXSIM_PROFILE_D3D */
  texsim_sample_index_policy sample_index; /* TEXSIM_SAMPLE_INDEX_ZERO */
  uint32_t threads;                        /* 1; 0: every hardware thread */
} texsim_fetch_options;
TEXSIM_API texsim_status texsim_fetch_options_init(texsim_fetch_options* options,
                                                   size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_fetch_options)

/* `options` and `kind` may be NULL (defaults; `kind` receives how to read the result words). */
TEXSIM_API texsim_status texsim_sample(const texsim_surface* surface, const texsim_sampler* sampler,
                                       const texsim_sample_lanes* lanes, const texsim_results* out,
                                       const texsim_sample_options* options,
                                       texsim_texel_kind* kind);
TEXSIM_API texsim_status texsim_fetch(const texsim_surface* surface,
                                      const texsim_fetch_lanes* lanes, const texsim_results* out,
                                      const texsim_fetch_options* options, texsim_texel_kind* kind);

/* ---- the conformant range of a lookup (docs/bounds.md) ----------------------------------- */
/* The precision a conforming implementation is allowed and how quad ops take their LOD.
 * Default: the Vulkan CTS's (texsim::BoundsPrecision in lookup.hpp says each field). */
typedef struct texsim_bounds_options {
  size_t struct_size;
  uint32_t coord_bits;          /* 20: relative precision of the coordinates */
  uint32_t subtexel_bits;       /* 7: +-2^-n texel */
  uint32_t lod_bits;            /* 6: +-2^-n on explicit LODs and the clamps */
  uint32_t derivative_lod_bits; /* 4: +-2^-n on LODs from derivatives */
  uint32_t derivative_bits;     /* 18: relative precision of the derivatives */
  uint32_t blend_bits;          /* 8: +-2^-n on the linear-mipmap weight */
  uint32_t color_bits;          /* 0: per format; n: +-2^-n on normalized channels */
  uint32_t float_bits;          /* 19: float channels, relative to the surface's largest value */
  int derivatives_from_quads; /* 0; 1: quad ops' LOD from each quad's coarse or fine differences */
} texsim_bounds_options;
TEXSIM_API texsim_status texsim_bounds_options_init(texsim_bounds_options* options,
                                                    size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_bounds_options)

#define TEXSIM_FLAG_UNBOUNDED 8u /* written to lo->flags: some channel is [-inf, +inf] */

/* Per lane and channel, the interval [lo, hi] of results the Vulkan specification (and
 * D3D11.3 where it differs) allows, as result words of `kind` (floats: [-inf, +inf] admits
 * NaN; integers exact). `options` and `kind` may be NULL. */
TEXSIM_API texsim_status texsim_sample_bounds(const texsim_surface* surface,
                                              const texsim_sampler* sampler,
                                              const texsim_sample_lanes* lanes,
                                              const texsim_results* lo, const texsim_results* hi,
                                              const texsim_bounds_options* options,
                                              texsim_texel_kind* kind);
/* 1 when the result word `value` lies in [lo, hi] for a result of `kind`, else 0. */
TEXSIM_API int texsim_within_bounds(texsim_texel_kind kind, uint32_t lo, uint32_t hi,
                                    uint32_t value);
/* ---- memory layouts and the addresses a lookup reads (docs/memory-layouts.md) ---------- */
typedef enum texsim_tiling {
  TEXSIM_TILING_LINEAR = 0, /* texsim's own linear layout */
  TEXSIM_TILING_PITCH,      /* pitch-linear */
  TEXSIM_TILING_BLOCK_LINEAR,
  TEXSIM_TILING_TILE_Y,
  TEXSIM_TILING_TILE4,
  TEXSIM_TILING_TILE64
} texsim_tiling;

/* Where and how the surface lies in GPU memory (texsim::Placement in lookup.hpp says each
 * field; 0: as the public driver computes it). Default: linear, HALIGN = VALIGN = 4, and
 * miptail_start -1. A version-1 struct (without miptail_start) reads as miptail_start -1. */
typedef struct texsim_placement {
  size_t struct_size;
  texsim_tiling tiling;
  uint32_t row_pitch;
  uint32_t block_width_log2, block_height_log2, block_depth_log2; /* NVIDIA GOBs per block */
  uint32_t halign, valign, qpitch;                                /* Intel */
  uint64_t array_pitch;                                           /* NVIDIA */
  uint64_t base_address;
  /* version 2 */
  int32_t miptail_start; /* Tile64 Mip Tail Start LOD 0..15; -1: Mesa isl's choice (others: -1) */
} texsim_placement;
TEXSIM_API texsim_status texsim_placement_init(texsim_placement* placement, size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_placement)

/* One texel a lookup read (texels of `level`) and where its element lies. Never extended. */
typedef struct texsim_texel_address {
  uint32_t level, slice_or_z, x, y, sample;
  uint32_t bytes;
  uint64_t address;
} texsim_texel_address;

typedef struct texsim_address_trace texsim_address_trace;
/* texsim_sample() with every texel read reported: the same results, and in `*trace` (destroy
 * it with texsim_address_trace_destroy) the reads, lane by lane, mapped through `placement` and
 * the distinct lines of `line_bytes` (a power of two, 16 to 4096) in first-touch order.
 * `options`, `placement` and `kind` may be NULL. */
TEXSIM_API texsim_status
texsim_sample_addresses(const texsim_surface* surface, const texsim_sampler* sampler,
                        const texsim_sample_lanes* lanes, const texsim_results* out,
                        const texsim_sample_options* options, const texsim_placement* placement,
                        uint32_t line_bytes, texsim_address_trace** trace, texsim_texel_kind* kind);
TEXSIM_API void texsim_address_trace_destroy(texsim_address_trace* trace);
/* The reads and lines; the pointers live as long as `trace` (NULL when empty). */
TEXSIM_API size_t texsim_address_trace_read_count(const texsim_address_trace* trace);
TEXSIM_API const texsim_texel_address* texsim_address_trace_reads(
    const texsim_address_trace* trace);
TEXSIM_API size_t texsim_address_trace_line_count(const texsim_address_trace* trace);
TEXSIM_API const uint64_t* texsim_address_trace_lines(const texsim_address_trace* trace);
/* Which lane read each read: reads are lane by lane, lane i's at [offsets[i], offsets[i + 1])
 * for the message's `lane_count` lanes (lane_count + 1 offsets; NULL when the trace is NULL).
 * Reads past offsets[lane_count] are those of padding lanes lavapipe's groups add (quad_x /
 * quad_y), which are no lane of the message. */
TEXSIM_API size_t texsim_address_trace_lane_count(const texsim_address_trace* trace);
TEXSIM_API const size_t* texsim_address_trace_lane_offsets(const texsim_address_trace* trace);
/* Each lane's own distinct lines: lane i's are lane_lines[offsets[i] .. offsets[i + 1]) (lane_count
 * + 1 offsets; NULL when the trace is NULL; lane_lines NULL when there are none). */
TEXSIM_API const size_t* texsim_address_trace_lane_line_offsets(const texsim_address_trace* trace);
TEXSIM_API const uint64_t* texsim_address_trace_lane_lines(const texsim_address_trace* trace);
/* texsim_fetch() with every texel read reported, as texsim_sample_addresses (a lane out of
 * bounds reads nothing). `options`, `placement` and `kind` may be NULL. */
TEXSIM_API texsim_status texsim_fetch_addresses(
    const texsim_surface* surface, const texsim_fetch_lanes* lanes, const texsim_results* out,
    const texsim_fetch_options* options, const texsim_placement* placement, uint32_t line_bytes,
    texsim_address_trace** trace, texsim_texel_kind* kind);

/* ---- hardware descriptors as bytes (texsim/descriptors.hpp, docs/hardware-state.md) -------
 * `platform`: "SM50" .. "SM90" (NVIDIA TIC/TSC, 32 bytes each) or "SKL", "TGLLP", "DG2", "PVC"
 * (Intel RENDER_SURFACE_STATE, 64 bytes; SAMPLER_STATE at offset 0 of a heap holding its border
 * colour at the Border Color Pointer). */
typedef struct texsim_blob texsim_blob;
/* The surface a descriptor names, its texels read from `memory` (`memory_size` bytes of GPU
 * memory from `memory_address`); `placement` (may be NULL) receives where they lie. */
TEXSIM_API texsim_status texsim_surface_from_descriptor(const char* platform,
                                                        const void* descriptor, size_t size,
                                                        uint64_t memory_address, const void* memory,
                                                        size_t memory_size, texsim_surface** out,
                                                        texsim_placement* placement);
TEXSIM_API texsim_status texsim_sampler_from_descriptor(const char* platform,
                                                        const void* descriptor, size_t size,
                                                        texsim_sampler* out);
/* The descriptor of `surface` at `placement` (NULL: linear, refused by every descriptor), and
 * of `sampler` (Intel: an 80-byte heap, the border colour at 64); destroy with
 * texsim_blob_destroy. */
TEXSIM_API texsim_status texsim_descriptor_from_surface(const char* platform,
                                                        const texsim_surface* surface,
                                                        const texsim_placement* placement,
                                                        texsim_blob** out);
TEXSIM_API texsim_status texsim_descriptor_from_sampler(const char* platform,
                                                        const texsim_sampler* sampler,
                                                        texsim_blob** out);
/* The surface's texels as they lie in GPU memory from placement->base_address on. */
TEXSIM_API texsim_status texsim_surface_memory(const texsim_surface* surface,
                                               const texsim_placement* placement,
                                               texsim_blob** out);

/* Image queries (Vulkan textureSize, textureQueryLevels, textureSamples): uint words per lane.
 * SIZE: R, G, B the size at the lane's LOD, A the level count; LEVELS / SAMPLES: R. */
typedef enum texsim_query_op {
  TEXSIM_QUERY_SIZE = 0,
  TEXSIM_QUERY_LEVELS,
  TEXSIM_QUERY_SAMPLES
} texsim_query_op;

typedef struct texsim_query_lanes {
  size_t struct_size;
  size_t count;
  texsim_query_op op;    /* TEXSIM_QUERY_SIZE */
  const uint32_t* lod;   /* NULL: 0 */
  const uint8_t* active; /* NULL: all lanes active */
} texsim_query_lanes;
TEXSIM_API texsim_status texsim_query_lanes_init(texsim_query_lanes* lanes, size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_query_lanes)

typedef struct texsim_query_options {
  size_t struct_size;
  texsim_profile profile;        /* TEXSIM_PROFILE_D3D */
  int lavapipe_groups;           /* 1: lavapipe's size query takes one LOD per SIMD group */
  uint32_t lavapipe_group_lanes; /* 8 */
  int lavapipe_masked_lanes;     /* 0; 1: the group's LOD is lane 0's even when inactive */
} texsim_query_options;
TEXSIM_API texsim_status texsim_query_options_init(texsim_query_options* options,
                                                   size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_query_options)

/* `options` and `kind` may be NULL (defaults; `kind` is TEXSIM_KIND_UINT). */
TEXSIM_API texsim_status texsim_query(const texsim_surface* surface,
                                      const texsim_query_lanes* lanes, const texsim_results* out,
                                      const texsim_query_options* options, texsim_texel_kind* kind);

/* ---- scenes ------------------------------------------------------------------------------ */
typedef struct texsim_scene texsim_scene;

typedef struct texsim_scene_options {
  size_t struct_size;
  int allow_any_path; /* 0; 1: "file" data may lie outside the scene's folder */
  uint64_t max_bytes; /* 1 GiB: all surfaces and memory together */
} texsim_scene_options;
TEXSIM_API texsim_status texsim_scene_options_init(texsim_scene_options* options,
                                                   size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_scene_options)

/* `options` may be NULL (defaults). */
TEXSIM_API texsim_status texsim_scene_load_file(const char* path,
                                                const texsim_scene_options* options,
                                                texsim_scene** out);
/* `name` names the text in diagnostics and anchors relative "file" names. */
TEXSIM_API texsim_status texsim_scene_load_text(const char* json, size_t size, const char* name,
                                                const texsim_scene_options* options,
                                                texsim_scene** out);
TEXSIM_API void texsim_scene_destroy(texsim_scene* scene);
/* A read-only surface handle onto the scene's surface `id` (destroy it; it keeps the scene's
 * data alive). */
TEXSIM_API texsim_status texsim_scene_surface(const texsim_scene* scene, uint32_t id,
                                              texsim_surface** out);
/* `out` is a texsim_sampler_default() (its struct_size says which fields to fill). */
TEXSIM_API texsim_status texsim_scene_sampler(const texsim_scene* scene, uint32_t id,
                                              texsim_sampler* out);
/* What the scene's program names by descriptor index (docs/hardware-state.md): a SASS texture
 * header / sampler pool entry, a vISA surface / sampler state (Scene::descriptor_surface in
 * C++). TEXSIM_ERROR_NOT_FOUND when the scene gives no such descriptor. The placement is where
 * the descriptor puts the texels (`out` a texsim_placement_default(); the defaults when none). */
TEXSIM_API texsim_status texsim_scene_descriptor_surface(const texsim_scene* scene, uint32_t index,
                                                         texsim_surface** out);
TEXSIM_API texsim_status texsim_scene_descriptor_sampler(const texsim_scene* scene, uint32_t index,
                                                         texsim_sampler* out);
TEXSIM_API texsim_status texsim_scene_descriptor_placement(const texsim_scene* scene,
                                                           uint32_t index, texsim_placement* out);

/* ---- programs ---------------------------------------------------------------------------- */
typedef enum texsim_isa { TEXSIM_ISA_VISA = 0, TEXSIM_ISA_SASS } texsim_isa;

/* Bytes owned by texsim (an assembled binary, a listing with a terminating NUL, a descriptor;
 * texsim_blob is declared with the descriptors above). */
TEXSIM_API const uint8_t* texsim_blob_data(const texsim_blob* blob);
TEXSIM_API size_t texsim_blob_size(const texsim_blob* blob); /* without the listing's NUL */
TEXSIM_API void texsim_blob_destroy(texsim_blob* blob);

/* `name` (may be NULL) names the program in diagnostics; `platform` NULL or "": the default. */
TEXSIM_API texsim_status texsim_check(texsim_isa isa, const char* text, const char* name,
                                      const char* platform);
TEXSIM_API texsim_status texsim_assemble(texsim_isa isa, const char* text, const char* name,
                                         const char* platform, texsim_blob** binary);
/* `name` (may be NULL: "<bytes>") names the binary in diagnostics (name+0xOFFSET). */
TEXSIM_API texsim_status texsim_disassemble(texsim_isa isa, const void* binary, size_t size,
                                            const char* name, const char* platform,
                                            texsim_blob** listing);

/* A front-end setting KEY=VALUE (vISA: media_oob=clamp|zero|undefined); an array element,
 * never extended. */
typedef struct texsim_setting {
  const char* key;
  const char* value;
} texsim_setting;

typedef struct texsim_run texsim_run;
typedef struct texsim_run_options {
  size_t struct_size;
  texsim_profile profile; /* TEXSIM_PROFILE_D3D: samplers without a "precision" key */
  int trace;              /* 0; 1: one trace line per executed instruction */
  const char* platform;   /* NULL: the scene's, else the ISA's default */
  /* version 2 */
  const texsim_setting* settings; /* setting_count front-end settings */
  size_t setting_count;
  int32_t poison; /* -1: none; 0..255: fill undefined bytes with this byte */
} texsim_run_options;
TEXSIM_API texsim_status texsim_run_options_init(texsim_run_options* options, size_t struct_size);
TEXSIM_DEFAULT_FN_(texsim_run_options)

/* `options` may be NULL (defaults). */
TEXSIM_API texsim_status texsim_run_program(texsim_isa isa, const char* text, const char* name,
                                            const texsim_scene* scene,
                                            const texsim_run_options* options, texsim_run** out);
TEXSIM_API void texsim_run_destroy(texsim_run* run);
TEXSIM_API size_t texsim_run_register_count(const texsim_run* run);
/* Register `index`: name, vISA element type ("UD", "F", ...), its bytes (little-endian
 * elements) and per-byte definedness (1 defined, 0 undefined). Pointers live as long as `run`. */
TEXSIM_API texsim_status texsim_run_register(const texsim_run* run, size_t index, const char** name,
                                             const char** type, const uint8_t** bytes,
                                             const uint8_t** defined, size_t* size);
TEXSIM_API size_t texsim_run_trace_count(const texsim_run* run);
TEXSIM_API const char* texsim_run_trace(const texsim_run* run, size_t index);

#ifdef __cplusplus
}
#endif

#endif /* TEXSIM_TEXSIM_H */
