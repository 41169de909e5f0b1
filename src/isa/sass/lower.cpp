// TLDS -> texunit::FetchRequest. The TLDS packing rules live here only (AOFFI nibble order
// u=[3:0], v=[7:4], w=[11:8] is NOT Intel's); never shared with other front ends.
#include "isa/sass/lower.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "core/bits.hpp"
#include "core/text.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/scene_section.hpp"
#include "texunit/format.hpp"

namespace texsim::isa::sass {

namespace {

// Handle word (sass-tlds.md, #tsPtrIdxU13): samplerPtr[31:20] | headerPtr[19:0].
constexpr core::BitField kHandleHeader{"headerPtr", 19, 0, "sass-tlds.md, #tsPtrIdxU13"};
constexpr core::BitField kHandleSampler{"samplerPtr", 31, 20, "sass-tlds.md, #tsPtrIdxU13"};
// .AOFFI register (sass-tlds.md, .AOFFI): ((w & 0xf)<<8) | ((v & 0xf)<<4) | (u & 0xf), signed.
constexpr core::BitField kAoffiU{"aoffi.u", 3, 0, "sass-tlds.md, .AOFFI"};
constexpr core::BitField kAoffiV{"aoffi.v", 7, 4, "sass-tlds.md, .AOFFI"};
constexpr core::BitField kAoffiW{"aoffi.w", 11, 8, "sass-tlds.md, .AOFFI"};
// ARRAY_2D: "a is U16 integer" (sass-tlds.md, #paramA).
constexpr core::BitField kArrayIndex{"array", 15, 0, "sass-tlds.md, #paramA"};

// Coordinate count of a header's texture type; 0 for cubes (no TLDS paramA matches them).
unsigned header_dims(texunit::SurfaceType t) {
  switch (t) {
    case texunit::SurfaceType::k1D:
    case texunit::SurfaceType::k1DArray:
      return 1;
    case texunit::SurfaceType::k2D:
    case texunit::SurfaceType::k2DArray:
      return 2;
    case texunit::SurfaceType::k3D:
      return 3;
    case texunit::SurfaceType::kCube:
    case texunit::SurfaceType::kCubeArray:
      return 0;
  }
  return 0;
}

}  // namespace

std::array<int32_t, 3> aoffi4(uint32_t reg) {
  return {static_cast<int32_t>(kAoffiU.get_signed(reg)),
          static_cast<int32_t>(kAoffiV.get_signed(reg)),
          static_cast<int32_t>(kAoffiW.get_signed(reg))};
}

uint32_t array_index16(uint32_t reg) {
  return static_cast<uint32_t>(kArrayIndex.get(reg));
}

uint32_t vector_register(const RegisterFile& regs, uint8_t base, unsigned k) {
  const unsigned r = unsigned{base} + k;
  return base == kRZ || r >= kRZ ? 0u : regs[r];
}

std::string hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

core::Location exec_location(const Instruction& inst) {
  if (inst.origin.binary) return core::BinaryLoc{inst.origin.file, inst.origin.offset, 0, 0, false};
  return core::TextLoc{inst.origin.file, inst.origin.line, inst.origin.column[0]};
}

void report_undefined(const Instruction& inst, const Undefined& u, core::DiagSink& sink) {
  sink.warning(u.rule, exec_location(inst), u.why, u.citation);
}

void report_missing_state(const Instruction& inst, std::string msg, std::string_view citation,
                          core::DiagSink& sink) {
  sink.error("SASS-EXEC-STATE", exec_location(inst), std::move(msg), std::string(citation));
}

BoundTexture bind_texture(const Instruction& inst, const scene::Scene& scene,
                          core::DiagSink& sink) {
  BoundTexture out;
  auto missing = [&](std::string msg) {
    report_missing_state(inst, std::move(msg), "sass-tlds.md, #tsPtrIdxU13", sink);
    return out;  // kMissingState
  };
  const SceneState& st = scene_state(scene);  // the scene's SASS sections
  if (!st.tex_bank) return missing("the scene names no bindless texture bank (\"tex_bank\")");
  const auto bank = st.const_banks.find(*st.tex_bank);
  if (bank == st.const_banks.end()) {
    return missing("constant bank " + std::to_string(*st.tex_bank) +
                   " (tex_bank) is not in the scene's \"const_banks\"");
  }
  const uint64_t byte = uint64_t{inst.ts_idx} * 4;
  if (byte + 4 > bank->second.size()) {
    return missing("constant bank " + std::to_string(*st.tex_bank) + " has no word 0x" + [&] {
      char b[16];
      std::snprintf(b, sizeof b, "%x", inst.ts_idx);
      return std::string(b);
    }() + " (tsPtrIdx)");
  }
  uint32_t handle = 0;
  for (unsigned b = 0; b < 4; ++b) handle |= uint32_t{bank->second[byte + b]} << (8 * b);
  // As nvdisasm names a constant: c[bank][byte offset]; tsPtrIdx counts 32-bit words.
  char source[96];
  std::snprintf(source, sizeof source, "c[0x%x][0x%llx] (word 0x%x of tex_bank %u, tsPtrIdx)",
                *st.tex_bank, static_cast<unsigned long long>(byte), inst.ts_idx, *st.tex_bank);
  return bind_handle(inst, handle, source, scene, sink);
}

BoundTexture bind_handle(const Instruction& inst, uint32_t handle, std::string_view source,
                         const scene::Scene& scene, core::DiagSink& sink) {
  BoundTexture out;
  // Every problem below names the handle and where it was read: an unset constant-bank word
  // reads as handle 0 (header 0), which is seldom what the scene meant (issue 31).
  auto missing = [&](std::string msg) {
    report_missing_state(
        inst,
        std::move(msg) + " (handle " + hex32(handle) + " read from " + std::string(source) + ")",
        "sass-tlds.md, #tsPtrIdxU13", sink);
    return out;  // kMissingState
  };
  const SceneState& st = scene_state(scene);
  out.handle = handle;
  out.header_index = static_cast<uint32_t>(kHandleHeader.get(handle));
  out.sampler_index = static_cast<uint32_t>(kHandleSampler.get(handle));
  out.what = "handle " + hex32(handle) + " header " + std::to_string(out.header_index);
  if (!st.texture_headers) return missing("the scene has no \"texture_headers\" pool");
  const TextureHeaderPool& pool = *st.texture_headers;
  if (out.header_index > pool.max_index) {
    out.outcome = Outcome::kInvalidHeader;
    out.what += " > max_index " + std::to_string(pool.max_index) + ": invalid texture, zeros";
    return out;
  }
  const auto entry = pool.entries.find(out.header_index);
  if (entry == pool.entries.end()) {
    return missing("texture header " + std::to_string(out.header_index) +
                   " is within max_index but has no entry in \"texture_headers\"");
  }
  const TextureHeader& h = entry->second;
  const auto mem = st.header_surfaces.find(out.header_index);
  const MemorySurface* memory = mem == st.header_surfaces.end() ? nullptr : &mem->second;
  const scene::SceneSurface* surf = memory ? nullptr : scene.find_surface(h.surface);
  if (surf == nullptr && memory == nullptr)
    return missing("texture header's surface " + std::to_string(h.surface) + " does not exist");
  out.header = h;
  out.view = memory ? memory->surface->view() : surf->surface.view();
  // The header's sRGB conversion bit selects the sRGB twin of the format (decisions: sRGB).
  if (h.srgb) {
    const std::string twin = std::string(texunit::format_info(out.view.desc.format).name) + "_SRGB";
    if (auto f = texunit::format_from_name(twin)) out.view.desc.format = *f;
  }
  const texunit::SurfaceDesc& d = out.view.desc;
  out.surface =
      memory ? "surface at " + core::hex(memory->address) : "surface " + std::to_string(h.surface);
  out.placed = memory ? &memory->placed : (surf->placement ? &*surf->placement : nullptr);
  out.what += (memory ? " -> surface at " + core::hex(memory->address)
                      : " -> surface " + std::to_string(h.surface)) +
              " (" + std::string(texunit::surface_type_name(d.type)) + " " +
              std::string(texunit::format_info(d.format).name) + ")";
  out.outcome = Outcome::kRun;
  return out;
}

namespace {

// Ra/Rb -> fetch request fields in the row's parameter order; returns the .LL register
// (sass-tlds.md, #paramA and the encoding table).
uint32_t read_fetch_parameters(const Instruction& inst, const TldsEncodingRow& row,
                               const RegisterFile& regs, texunit::FetchRequest& req) {
  uint32_t lod = 0;
  auto take = [&](Param p, uint32_t v) {
    switch (p) {
      case Param::kS:
        req.coord[0] = v;
        break;
      case Param::kT:
        req.coord[1] = v;
        break;
      case Param::kR:
        req.coord[2] = v;
        break;
      case Param::kArray:
        req.slice = array_index16(v);
        break;
      case Param::kLod:
        lod = v;
        break;
      case Param::kAoffi:
        req.offset = aoffi4(v);
        break;
      case Param::kMs:
        req.sample = v;
        break;
      case Param::kDc:  // TEXS/TLD4S depth reference: no TLDS row holds one
        break;
    }
  };
  for (unsigned k = 0; k < row.ra_count; ++k) take(row.ra[k], vector_register(regs, inst.ra, k));
  for (unsigned k = 0; k < row.rb_count; ++k) take(row.rb[k], vector_register(regs, inst.rb, k));
  return lod;
}

}  // namespace

LoweredFetch lower_tlds(const Instruction& inst, const RegisterFile& regs,
                        const scene::Scene& scene, core::DiagSink& sink) {
  LoweredFetch out;
  auto missing = [&](std::string msg) {
    report_missing_state(inst, std::move(msg), "sass-tlds.md, #tsPtrIdxU13", sink);
    out.outcome = Outcome::kMissingState;
    return out;
  };
  BoundTexture bound = bind_texture(inst, scene, sink);
  out.handle = bound.handle;
  out.header_index = bound.header_index;
  out.sampler_index = bound.sampler_index;
  out.what = std::move(bound.what);
  if (bound.outcome == Outcome::kMissingState) return out;
  if (bound.outcome == Outcome::kInvalidHeader) {
    out.outcome = Outcome::kInvalidHeader;
    return out;
  }
  const TextureHeader& h = bound.header;
  out.surface_id = h.surface;
  out.view = bound.view;
  out.surface = bound.surface;
  out.placed = bound.placed;
  const texunit::SurfaceDesc& d = out.view.desc;

  const ParamAInfo& pa = param_a_info(inst.param_a);
  if (pa.coord_dims != header_dims(d.type)) {
    out.outcome = Outcome::kZeros;
    out.what += ": paramA " + std::string(pa.name) + " does not match, zeros";
    return out;
  }
  const TldsEncodingRow* row = encoding_row(inst);
  if (row == nullptr) return missing("TLDS without a legal encoding cannot run");

  texunit::FetchRequest& req = out.req;
  const uint32_t lod = read_fetch_parameters(inst, *row, regs, req);

  // .LZ: the view's min level; .LL: that level plus the register (sass-tlds.md, .lod).
  if (inst.lod == Lod::kLL && lod > h.max_level - h.min_level) {
    out.outcome = Outcome::kZeros;
    out.what += ", lod " + std::to_string(lod) + " beyond the view's " +
                std::to_string(h.max_level - h.min_level + 1) + " levels: zeros";
    return out;
  }
  req.level = h.min_level + (inst.lod == Lod::kLL ? lod : 0);
  out.outcome = Outcome::kRun;
  char buf[160];
  std::snprintf(buf, sizeof buf,
                ", level %u, coord (%d, %d, %d), slice %u, sample %u, offset (%d, %d, %d)",
                req.level, static_cast<int32_t>(req.coord[0]), static_cast<int32_t>(req.coord[1]),
                static_cast<int32_t>(req.coord[2]), req.slice, req.sample, req.offset[0],
                req.offset[1], req.offset[2]);
  out.what += buf;
  return out;
}

BoundTexture bind_ref(const Instruction& inst, const TextureRef& ref, const scene::Scene& scene,
                      core::DiagSink& sink) {
  if (!ref.handle) return bind_texture(inst, scene, sink);
  const std::string reg =
      ref.handle_register == kRZ ? "RZ" : "R" + std::to_string(ref.handle_register);
  return bind_handle(inst, *ref.handle, reg, scene, sink);
}

std::optional<BindlessForm> bindless_form(const Instruction& inst, const RegisterFile& regs) {
  // Each .B row, its base opcode and the registers its handle occupies before Ra's / Rb's vector
  // (TMML.B: none; its handle is Rb, which TMML does not read).
  struct Row {
    Opcode bindless, base;
    uint8_t ra_skip, rb_skip;
  };
  static constexpr std::array<Row, 6> kRows{{{Opcode::kTexB, Opcode::kTex, 0, 1},
                                             {Opcode::kTldB, Opcode::kTld, 0, 1},
                                             {Opcode::kTld4B, Opcode::kTld4, 0, 1},
                                             {Opcode::kTxdB, Opcode::kTxd, 1, 0},
                                             {Opcode::kTxqB, Opcode::kTxq, 1, 0},
                                             {Opcode::kTmmlB, Opcode::kTmml, 0, 0}}};
  const std::optional<uint8_t> reg = handle_register(inst);
  const auto* row =
      std::find_if(kRows.begin(), kRows.end(), [&](const Row& r) { return r.bindless == inst.op; });
  if (!reg || row == kRows.end()) return std::nullopt;
  BindlessForm f{inst, {}};
  f.base.op = row->base;
  f.ref.handle = vector_register(regs, *reg, 0);
  f.ref.handle_register = *reg;
  f.ref.ra_skip = row->ra_skip;
  f.ref.rb_skip = row->rb_skip;
  return f;
}

}  // namespace texsim::isa::sass
