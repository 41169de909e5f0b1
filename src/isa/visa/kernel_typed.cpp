// Typed surface writes of a kernel thread (kernel_internal.hpp): SCATTER4_TYPED into a launch's
// image, each enabled channel of each enabled lane converted to the surface's format
// (visa instructions/SCATTER4_TYPED.md; decision K24). Depends on kernel_ops and texunit/format.
#include <bit>

#include "isa/visa/kernel_internal.hpp"
#include "isa/visa/scene_states.hpp"
#include "texunit/format.hpp"
#include "texunit/format_table.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kPage = "visa instructions/SCATTER4_TYPED.md";

bool fail(core::DiagSink& sink, const core::TextLoc& loc, const std::string& what) {
  sink.error("VISA-RUN-SURFACE", loc, what, kPage);
  return false;
}

unsigned channel_mask(const std::string& mod) {
  unsigned m = 0;
  for (const char c : mod) m |= c == 'R' ? 1u : c == 'G' ? 2u : c == 'B' ? 4u : c == 'A' ? 8u : 0u;
  return m;
}

}  // namespace

texunit::Surface* written_image(ThreadState& t, uint32_t surface_id, std::string& why) {
  const auto v = t.surface_values.find(surface_id);
  if (v == t.surface_values.end()) {
    why = "surface T" + std::to_string(surface_id) + " was not given a binding-table index (movs)";
    return nullptr;
  }
  const auto w = t.mem.written_images.find(v->second);
  if (w != t.mem.written_images.end()) return &w->second;
  const auto im = t.mem.images.find(v->second);
  const scene::SceneSurface* s =
      im == t.mem.images.end() ? nullptr : find_surface(t.sc, im->second);
  if (s == nullptr) {
    why = "binding-table index " + std::to_string(v->second) + " has no image in the launch";
    return nullptr;
  }
  if (texunit::format_info(s->surface.desc().format).is_compressed()) {
    why = "the image at binding-table index " + std::to_string(v->second) + " is block-compressed";
    return nullptr;
  }
  return &t.mem.written_images.emplace(v->second, s->surface).first->second;
}

namespace {

// Element `lane` of a raw U/V/R/LOD operand as UD (%null: 0).
uint32_t coordinate(const Machine& m, const KOperand& o, unsigned lane) {
  if (o.var == nullptr || o.var->name == "%null") return 0;
  const auto sp = m.span(o.var->id);
  const uint32_t a = sp ? sp->base + o.col + 4 * lane : 0;
  if (!sp || a + 4 > sp->base + sp->size) return 0;
  bool def = false;
  return static_cast<uint32_t>(m.read_le(a, 4, def));
}

}  // namespace

bool run_typed_write(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                     core::DiagSink& sink) {
  if (k.ops.size() != 6 || k.ops[0].kind != KOpKind::kState || k.ops[5].kind != KOpKind::kRaw)
    return fail(sink, loc, "scatter4_typed takes Surface, U, V, R, LOD and Src");
  const unsigned channels = channel_mask(k.modifier);
  if (channels == 0) return fail(sink, loc, "scatter4_typed." + k.modifier + " enables no channel");
  std::string why;
  texunit::Surface* img = written_image(t, k.ops[0].var->id, why);
  if (img == nullptr) return fail(sink, loc, why);
  const auto src = t.m.span(k.ops[5].var->id);
  if (!src) return fail(sink, loc, "Src has no storage");
  const VisaType src_type = k.ops[5].var->type;
  const texunit::SurfaceDesc d = img->desc();
  // "ch_start = ch_pos * max(exec_size, GRF_SIZE / 4)": each channel from the next register.
  const unsigned per = 4 * std::max(k.exec_size, t.m.grf_bytes() / 4);
  const uint32_t en = instruction_lanes(t, k, active, false);
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    const uint32_t u = coordinate(t.m, k.ops[1], i), v = coordinate(t.m, k.ops[2], i),
                   r = coordinate(t.m, k.ops[3], i), lod = coordinate(t.m, k.ops[4], i);
    const bool layered = d.type == texunit::SurfaceType::k3D || d.layers > 1;
    const uint32_t slices =
        d.type == texunit::SurfaceType::k3D ? std::max(1u, d.depth >> lod) : d.layers;
    if (lod >= d.mips || u >= std::max(1u, d.width >> lod) || v >= std::max(1u, d.height >> lod) ||
        (layered ? r >= slices : r != 0))
      continue;  // "Out-of-bound Access: On write: data is dropped."
    uint8_t* texel = img->texel_ptr(0, lod, layered ? r : 0, u, v);
    texunit::Texel value = texunit::decode_texel(d.format, texel);
    unsigned slot = 0;
    for (unsigned c = 0; c < 4; ++c) {
      if (((channels >> c) & 1) == 0) continue;
      const uint32_t a = src->base + k.ops[5].col + slot++ * per + 4 * i;
      if (a + 4 > src->base + src->size)
        return fail(sink, loc, "Src is too small for the exec size");
      bool def = false;
      value.bits[c] = static_cast<uint32_t>(t.m.read_le(a, 4, def));
    }
    // Src F: float channels; D / UD: integer ones (SCATTER4_TYPED.md's conversion table).
    value.kind = src_type == VisaType::kF   ? texunit::TexelKind::kFloat
                 : src_type == VisaType::kD ? texunit::TexelKind::kSint
                                            : texunit::TexelKind::kUint;
    texunit::encode_texel(d.format, value, texel);
  }
  return true;
}

bool run_media_store(ThreadState& t, const KInst& k, const core::TextLoc& loc,
                     core::DiagSink& sink) {
  constexpr const char* kMediaPage = "visa instructions/MEDIA_ST.md";
  auto bad = [&](const std::string& what) {
    sink.error("VISA-RUN-SURFACE", loc, what, kMediaPage);
    return false;
  };
  if (k.ops.size() != 5 || k.ops[0].kind != KOpKind::kState || k.ops[4].kind != KOpKind::kRaw)
    return bad("media_st takes Surface, Plane, X_offset, Y_offset and Src");
  if (k.ops[1].imm != 0)
    return bad("media_st plane " + std::to_string(k.ops[1].imm) +
               " (texsim's surfaces have one plane)");
  std::string why;
  texunit::Surface* img = written_image(t, k.ops[0].var->id, why);
  if (img == nullptr) return bad(why);
  const auto x = read_lane(t.m, k.ops[2], 0, why), y = read_lane(t.m, k.ops[3], 0, why);
  const auto src = t.m.span(k.ops[4].var->id);
  // "reg_pitch = block_width < 4 ? 4 : nextPowerOf2(block_width)".
  const uint32_t pitch = k.block_w < 4 ? 4u : std::bit_ceil(k.block_w);
  if (!x || !y || !src || k.ops[4].col + pitch * k.block_h > src->size)
    return bad(why.empty() ? "Src is too small for the block" : why);
  const texunit::LevelLayout lv = img->layout().levels[0];
  const uint64_t row_bytes =
      uint64_t{lv.width} * texunit::format_info(img->desc().format).bytes_per_block;
  const uint32_t x0 = static_cast<uint32_t>(x->v.i), y0 = static_cast<uint32_t>(y->v.i);
  for (uint32_t i = 0; i < k.block_h; ++i) {
    for (uint32_t j = 0; j < k.block_w; ++j) {
      const uint64_t col = uint64_t{x0} + j, row = uint64_t{y0} + i;
      if (col >= row_bytes || row >= lv.height) continue;  // "On write: data is dropped."
      img->bytes()[lv.offset + row * lv.row_pitch + col] =
          t.m.byte(src->base + k.ops[4].col + i * pitch + j);
    }
  }
  return true;
}

}  // namespace texsim::isa::visa
