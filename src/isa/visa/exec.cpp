// Execution of MEDIA_LD and GATHER_SCALED on the scene's surfaces and memory, machine set-up
// from the scene and result reporting. Depends on lower, machine, syntax (scene .decl text),
// scene and texunit surfaces; never prints.
#include "isa/visa/exec.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>

#include "core/half.hpp"
#include "isa/visa/kinds.hpp"
#include "isa/visa/lower.hpp"
#include "isa/visa/scene_section.hpp"
#include "isa/visa/syntax.hpp"
#include "texunit/fetch.hpp"
#include "texunit/format.hpp"
#include "texunit/sample.hpp"
#include "texunit/sample_lavapipe.hpp"

namespace texsim::isa::visa {
namespace {

core::TextLoc at(const Instruction& inst, const Machine&) {
  return core::TextLoc{{}, inst.line, inst.column};
}

scene::ElemType elem_type(VisaType t) {
  switch (t) {
    case VisaType::kUD:
      return scene::ElemType::kUD;
    case VisaType::kD:
      return scene::ElemType::kD;
    case VisaType::kUW:
      return scene::ElemType::kUW;
    case VisaType::kW:
      return scene::ElemType::kW;
    case VisaType::kUB:
      return scene::ElemType::kUB;
    case VisaType::kB:
      return scene::ElemType::kB;
    case VisaType::kUQ:
      return scene::ElemType::kUQ;
    case VisaType::kQ:
      return scene::ElemType::kQ;
    case VisaType::kF:
      return scene::ElemType::kF;
    case VisaType::kHF:
      return scene::ElemType::kHF;
    case VisaType::kDF:
      return scene::ElemType::kDF;
    default:
      return scene::ElemType::kUW;  // BF and others: shown as raw 16-bit words
  }
}

// The scene surface a vISA surface id names: T1, T2, TSS (3) and user surfaces T6.. are the
// scene surfaces with that id; MEDIA_LD plane p reads id + p (decision V4).
const scene::SceneSurface* scene_surface(const scene::Scene& s, uint32_t id) {
  return s.find_surface(id);
}

bool run_media_ld(const Instruction& inst, Machine& m, const scene::Scene& sc,
                  const ExecConfig& cfg, core::DiagSink& sink) {
  const auto req = lower_media_ld(inst, m, sink);
  if (!req) return false;
  if (req->surface == kSurfaceBss) {
    sink.error("VISA-RUN-SURFACE", at(inst, m), "bindless surfaces (%bss) are not modelled",
               "visa-media_ld.md, Surface");
    return false;
  }
  const uint32_t sid = req->surface + req->plane;
  const scene::SceneSurface* ss = scene_surface(sc, sid);
  if (ss == nullptr) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "the scene has no surface with id " + std::to_string(sid) +
                   (req->plane ? " (surface " + std::to_string(req->surface) + " + plane " +
                                     std::to_string(req->plane) + ")"
                               : ""),
               "visa-media_ld.md, Surface");
    return false;
  }
  const texunit::SurfaceDesc& d = ss->surface.desc();
  const texunit::FormatInfo& fi = texunit::format_info(d.format);
  if (d.type != texunit::SurfaceType::k2D || d.samples != 1 || fi.is_compressed()) {
    sink.error("VISA-MEDIA_LD-SURFACE-2D", at(inst, m),
               "surface " + std::to_string(sid) +
                   " must be a single-sample uncompressed 2D surface, it is " +
                   std::string(texunit::surface_type_name(d.type)) + " " + std::string(fi.name) +
                   (d.samples > 1 ? " with " + std::to_string(d.samples) + " samples" : ""),
               "visa-media_ld.md, Surface");
    return false;
  }
  const RawOperand dst = inst.op("Dst").raw;
  const auto sp = m.span(dst.id);
  if (!sp || dst.offset + req->pitch * req->height > sp->size) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst is too small for the block",
               "visa-media_ld.md, Dst");
    return false;
  }
  const texunit::LevelLayout& lv = ss->surface.layout().levels[0];
  const std::span<const uint8_t> mem = ss->surface.bytes();
  const int64_t bpp = fi.bytes_per_block;
  const int64_t row_bytes = int64_t{d.width} * bpp;
  const int64_t rows = d.height;
  // Field modes read every other row, from row 0 (top) or row 1 (bottom); Y counts field rows.
  const int64_t field_rows = req->field == FieldMode::kFrame ? rows
                             : req->field == FieldMode::kTop ? (rows + 1) / 2
                                                             : rows / 2;
  const int64_t field_base = req->field == FieldMode::kBottom ? 1 : 0;
  const int64_t row_step = req->field == FieldMode::kFrame ? 1 : 2;
  const uint8_t fill = cfg.poison.value_or(0);
  for (unsigned i = 0; i < req->height; ++i) {
    const int64_t fy = int64_t{req->y} + i;
    for (unsigned j = 0; j < req->width; ++j) {
      const int64_t xb = int64_t{req->x} + j;
      const bool in = xb >= 0 && xb < row_bytes && fy >= 0 && fy < field_rows;
      uint8_t value = fill;
      bool defined = true;
      if (in || cfg.media_oob == MediaOobPolicy::kClampToEdge) {
        // Clamp to the nearest edge texel, keeping the byte's position inside the texel.
        int64_t px = xb >= 0 ? xb / bpp : -((-xb + bpp - 1) / bpp);
        const int64_t byte_in = xb - px * bpp;
        px = std::clamp<int64_t>(px, 0, int64_t{d.width} - 1);
        const int64_t cy = std::clamp<int64_t>(fy, 0, std::max<int64_t>(field_rows, 1) - 1);
        const int64_t row = std::min<int64_t>(field_base + cy * row_step, rows - 1);
        value = mem[lv.offset + static_cast<uint64_t>(row) * lv.row_pitch +
                    static_cast<uint64_t>(px * bpp + byte_in)];
      } else if (cfg.media_oob == MediaOobPolicy::kZero) {
        value = 0;
      } else {
        defined = false;
      }
      m.write(sp->base + dst.offset + i * req->pitch + j, value, defined);
    }
  }
  m.mark_written(dst.id);
  return true;
}

bool run_gather_scaled(const Instruction& inst, Machine& m, const scene::Scene& sc,
                       const ExecConfig& cfg, core::DiagSink& sink) {
  const auto req = lower_gather_scaled(inst, m, sink);
  if (!req) return false;
  std::span<const uint8_t> mem;
  if (req->surface == kSurfaceSlm || req->surface == kSurfaceStateless) {
    const auto& buf = req->surface == kSurfaceSlm ? sc.slm : sc.stateless;
    if (!buf) {
      sink.error("VISA-RUN-MEMORY", at(inst, m),
                 std::string("the scene has no memory.") +
                     (req->surface == kSurfaceSlm ? "slm" : "stateless"),
                 "visa-gather_scaled.md, Surface");
      return false;
    }
    mem = *buf;
  } else if (req->surface == kSurfaceBss) {
    sink.error("VISA-RUN-SURFACE", at(inst, m), "bindless surfaces (%bss) are not modelled",
               "visa-gather_scaled.md, Surface");
    return false;
  } else {
    const scene::SceneSurface* ss = scene_surface(sc, req->surface);
    if (ss == nullptr) {
      sink.error("VISA-RUN-SURFACE", at(inst, m),
                 "the scene has no surface with id " + std::to_string(req->surface),
                 "visa-gather_scaled.md, Surface");
      return false;
    }
    mem = ss->surface.bytes();  // a buffer is the surface's whole linear byte image (decision V5)
  }
  const RawOperand dst = inst.op("Dst").raw;
  const auto sp = m.span(dst.id);
  if (!sp || dst.offset + 4 * req->lanes > sp->size) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst is too small", "visa-gather_scaled.md, Dst");
    return false;
  }
  const uint8_t fill = cfg.poison.value_or(0);
  for (unsigned i = 0; i < req->lanes; ++i) {
    if (((req->enabled >> i) & 1) == 0) continue;  // disabled lanes keep their bytes
    const bool undef_addr = ((req->address_undefined >> i) & 1) != 0;
    for (unsigned k = 0; k < 4; ++k) {
      const uint32_t a = sp->base + dst.offset + 4 * i + k;
      if (k >= req->bytes || undef_addr) {
        m.write(a, fill, false);  // upper bytes of 1- and 2-byte reads are undefined
        continue;
      }
      const uint64_t addr = uint64_t{req->address[i]} + k;
      m.write(a, addr < mem.size() ? mem[addr] : uint8_t{0}, true);  // OOB bytes read 0
    }
  }
  m.mark_written(dst.id);
  return true;
}

texunit::PrecisionProfile profile_of(texunit::PrecisionKind k) {
  switch (k) {
    case texunit::PrecisionKind::kExact:
      return texunit::PrecisionProfile::exact();
    case texunit::PrecisionKind::kLavapipe:
      return texunit::PrecisionProfile::lavapipe();
    case texunit::PrecisionKind::kD3D:
      break;
  }
  return texunit::PrecisionProfile::d3d();
}

// One lane's outcome: four 32-bit words (already converted to the Dst element size) and which
// of them are undefined.
struct LaneResult {
  std::array<uint32_t, 4> word{};
  uint32_t undefined = 0;  // bit c: channel c undefined
  bool null_tile = false;
};

// Coordinates, array index and offsets by surface type (visa-3d_sample.md / visa-3d_load.md,
// the u/v/r/ai table): 1D_ARRAY takes the array index from v, 2D_ARRAY from r, cube arrays
// from ai; 3D and cubes use r as the third coordinate.
struct Mapping {
  unsigned dims = 2;    // coordinates used
  int array_from = -1;  // 1 = v, 2 = r, 3 = ai, -1 none
};
Mapping mapping_of(texunit::SurfaceType t) {
  switch (t) {
    case texunit::SurfaceType::k1D:
      return {1, -1};
    case texunit::SurfaceType::k1DArray:
      return {1, 1};
    case texunit::SurfaceType::k2D:
      return {2, -1};
    case texunit::SurfaceType::k2DArray:
      return {2, 2};
    case texunit::SurfaceType::k3D:
      return {3, -1};
    case texunit::SurfaceType::kCube:
      return {3, -1};
    case texunit::SurfaceType::kCubeArray:
      return {3, 3};
  }
  return {2, -1};
}

constexpr std::array<std::string_view, 4> kCoordNames{"u", "v", "r", "ai"};

// One trace line per enabled lane of a 3D message (issue 17: `run --trace` shows each lane's
// inputs and outputs): the form's parameters as read (floats as values, integers as numbers,
// `?` where a byte was undefined) and each enabled channel's written word, with its value when
// Dst is F or HF.
void trace_lanes(const Sampler3DRequest& req, const std::array<LaneResult, 32>& res,
                 VisaType dst_type, unsigned es, std::vector<std::string>& out) {
  char buf[64];
  for (unsigned i = 0; i < req.lanes; ++i) {
    if (((req.enabled >> i) & 1) == 0) continue;
    std::string line = "    lane " + std::to_string(i) + ":";
    for (size_t k = 0; k < req.names.size() && k < kMaxParams3D; ++k) {
      line += " " + std::string(req.names[k]) + "=";
      if (((req.undefined[k] >> i) & 1) != 0) {
        line += "?";
      } else if (req.float_params) {
        std::snprintf(buf, sizeof buf, "%.9g", std::bit_cast<float>(req.param[k][i]));
        line += buf;
      } else {
        line += std::to_string(req.param[k][i]);
      }
    }
    line += " ->";
    static constexpr std::string_view kChannel = "RGBA";
    for (unsigned c = 0; c < 4; ++c) {
      if (((req.channels >> c) & 1) == 0) continue;
      line += " ";
      line += kChannel[c];
      if (((res[i].undefined >> c) & 1) != 0) {
        line += "=?";
        continue;
      }
      const uint32_t w = res[i].word[c];
      std::snprintf(buf, sizeof buf, es == 4 ? "=0x%08x" : "=0x%04x", w);
      line += buf;
      if (dst_type == VisaType::kF || dst_type == VisaType::kHF) {
        const float v =
            es == 4 ? std::bit_cast<float>(w) : core::half_to_float(static_cast<uint16_t>(w));
        std::snprintf(buf, sizeof buf, " (%.9g)", v);
        line += buf;
      }
    }
    if (res[i].null_tile) line += " (null tile)";
    out.push_back(std::move(line));
  }
}

bool run_3d(const Instruction& inst, Machine& m, const scene::Scene& sc, const ExecConfig& cfg,
            core::DiagSink& sink) {
  const auto req = lower_3d(inst, m, sink);
  if (!req) return false;
  const std::string spec(inst.row->spec_file);
  if (req->surface == kSurfaceBss || req->surface == kSurfaceSlm ||
      req->surface == kSurfaceStateless) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "surface " + std::string(predefined_surface_name(req->surface)) +
                   " cannot be sampled (no surface state is modelled)",
               spec + ", Surface");
    return false;
  }
  const scene::SceneSurface* ss = scene_surface(sc, req->surface);
  if (ss == nullptr) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "the scene has no surface with id " + std::to_string(req->surface),
               spec + ", Surface");
    return false;
  }
  const texunit::SurfaceView view = ss->surface.view();
  const texunit::SurfaceDesc& d = ss->surface.desc();
  const Mapping mp = mapping_of(d.type);
  const bool is_sample = inst.row->opcode == kOpcode3DSample;
  const uint32_t op = req->sub_op;
  const bool compare = op == kOpSampleC || op == kOpSampleBC || op == kOpSampleLC ||
                       op == kOpSampleDC || op == kOpSampleCLz;
  texunit::SamplerState sstate;
  texunit::PrecisionProfile prec = profile_of(cfg.precision);
  if (is_sample) {
    const scene::SceneSampler* smp = sc.find_sampler(req->sampler);
    if (smp == nullptr) {
      sink.error("VISA-RUN-SAMPLER", at(inst, m),
                 "the scene has no sampler with id " + std::to_string(req->sampler),
                 spec + ", Sampler");
      return false;
    }
    sstate = smp->state;
    if (smp->precision) prec = profile_of(*smp->precision);
    if (compare && !sstate.compare) {
      sink.error("VISA-RUN-SAMPLER", at(inst, m),
                 std::string(inst.row->mnemonic) + " needs a comparison sampler; sampler " +
                     std::to_string(req->sampler) + " has no \"compare\" function",
                 spec + ", Ref");
      return false;
    }
    if (!compare) sstate.compare.reset();  // only the _c messages use the shadow function
  }
  if (op == kOpLd2dmsW && d.samples < 2) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "load_2dms_w needs a multisample surface; surface " + std::to_string(req->surface) +
                   " has 1 sample",
               spec + ", Si");
    return false;
  }
  const RawOperand dst = inst.op("Dst").raw;
  if (dst.id == 0) return true;  // %null Dst: a sampler prefetch, writes nothing (decision V26)
  const Variable* dv = m.symbols().find(VarClass::kGeneral, dst.id);
  const auto sp = m.span(dst.id);
  const unsigned grf = m.grf_bytes();
  if (dv == nullptr || !sp) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst has no storage", spec + ", Dst");
    return false;
  }
  const unsigned es = type_size(dv->type) == 2 ? 2u : 4u;
  const bool pnm = (req->flags & kFlagPnm) != 0;
  if (dst.offset + dst_3d_bytes(req->channels, req->lanes, es, grf, pnm) > sp->size) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst is too small for the enabled channels",
               spec + ", Dst");
    return false;
  }
  std::array<LaneResult, 32> res{};
  auto coord_defined = [&](unsigned lane) {
    for (std::string_view n : kCoordNames) {
      if (!req->lane_defined(n, lane)) return false;
    }
    return true;
  };
  if (is_sample) {
    const std::array<int32_t, 3> offs{req->offset.u, mp.dims >= 2 ? req->offset.v : 0,
                                      mp.dims >= 3 ? req->offset.r : 0};
    // Coordinates of every lane (disabled lanes too: implicit LOD uses whole quads).
    std::array<std::array<float, 3>, 32> coord{};
    for (unsigned i = 0; i < req->lanes; ++i) {
      for (unsigned c = 0; c < mp.dims; ++c) coord[i][c] = req->f(kCoordNames[c], i);
    }
    const bool implicit = op == kOpSample || op == kOpSampleB || op == kOpSampleC ||
                          op == kOpSampleBC || op == kOpLod;
    float cx = 1.0f, cy = 1.0f;
    if ((req->flags & kFlagCps) != 0 && scene_state(sc).coarse_pixel_size) {
      cx = static_cast<float>((*scene_state(sc).coarse_pixel_size)[0]);
      cy = static_cast<float>((*scene_state(sc).coarse_pixel_size)[1]);
    }
    struct PendingLane {
      unsigned lane;
      texunit::SampleRequest rq;
    };
    std::vector<PendingLane> lanes;
    lanes.reserve(req->lanes);
    // Every lane's request, disabled lanes too: the lavapipe profile's pixel-shader lookups read
    // the whole quad (per-pixel cube derivatives, the top-left lane's LOD).
    std::array<texunit::SampleRequest, 32> all{};
    for (unsigned i = 0; i < req->lanes; ++i) {
      const bool enabled = ((req->enabled >> i) & 1) != 0;
      texunit::SampleRequest rq;
      rq.coord = coord[i];
      if (mp.array_from >= 0)
        rq.array_index = req->f(kCoordNames[static_cast<size_t>(mp.array_from)], i);
      rq.offset = offs;
      bool defined = coord_defined(i);
      if (implicit) {
        const unsigned q = i & ~3u;
        std::array<std::array<float, 3>, 4> quad{};
        for (unsigned k = 0; k < 4; ++k) {
          quad[k] = coord[q + k];
          defined = defined && coord_defined(q + k);
        }
        const texunit::QuadDerivatives qd = texunit::quad_derivatives(quad);
        rq.ddx = qd.ddx;
        rq.ddy = qd.ddy;
        // .cps: the quad spans coarse pixels of cx x cy pixels; compensation divides the
        // derivatives by the coarse pixel size (decision in docs/visa.md).
        for (unsigned c = 0; c < 3; ++c) {
          rq.ddx[c] /= cx;
          rq.ddy[c] /= cy;
        }
      }
      switch (op) {
        case kOpSample:
        case kOpSampleC:
          rq.op = texunit::SampleOp::kImplicit;
          break;
        case kOpSampleB:
        case kOpSampleBC:
          rq.op = texunit::SampleOp::kBias;
          rq.lod = req->f("bias", i);
          defined = defined && req->lane_defined("bias", i);
          break;
        case kOpSampleL:
        case kOpSampleLC:
          rq.op = texunit::SampleOp::kLevel;
          rq.lod = req->f("lod", i);
          defined = defined && req->lane_defined("lod", i);
          break;
        case kOpSampleD:
        case kOpSampleDC: {
          rq.op = texunit::SampleOp::kGrad;
          static constexpr std::array<std::string_view, 3> kDx{"dudx", "dvdx", "drdx"};
          static constexpr std::array<std::string_view, 3> kDy{"dudy", "dvdy", "drdy"};
          for (unsigned c = 0; c < mp.dims; ++c) {
            rq.ddx[c] = req->f(kDx[c], i);
            rq.ddy[c] = req->f(kDy[c], i);
            defined = defined && req->lane_defined(kDx[c], i) && req->lane_defined(kDy[c], i);
          }
          break;
        }
        case kOpSampleLz:
        case kOpSampleCLz:
          rq.op = texunit::SampleOp::kLevelZero;
          break;
        case kOpLod:
          rq.op = texunit::SampleOp::kLodQuery;
          break;
        default:
          break;
      }
      if (compare) {
        rq.reference = req->f("ref", i);
        defined = defined && req->lane_defined("ref", i);
      }
      all[i] = rq;
      if (!enabled) continue;
      if (!defined) {
        res[i].undefined = 0xf;
        continue;
      }
      lanes.push_back({i, rq});
    }
    // The lavapipe profile decides some things per SIMD-8 group of lanes, as lavapipe does
    // (sample_lavapipe.hpp, LavapipeLaneContext): the message's lanes 8k..8k+7 form a group.
    // Implicit-derivative ops run as in a pixel shader: lanes 4q..4q+3 are quad q (TL, TR, BL,
    // BR), the layout quad_derivatives assumes.
    std::vector<texunit::LavapipeLaneContext> ctx(lanes.size());
    if (prec.kind == texunit::PrecisionKind::kLavapipe) {
      if (implicit) {
        for (size_t k = 0; k < lanes.size(); ++k) {
          ctx[k].quad = &all[lanes[k].lane & ~3u];
          ctx[k].quad_lane = static_cast<uint8_t>(lanes[k].lane & 3u);
        }
      }
      constexpr unsigned kGroup = 8;
      std::array<bool, 8> linear{}, corner0{}, corner1{}, lerp{};  // per group of a SIMD32 message
      for (size_t k = 0; k < lanes.size(); ++k) {
        const PendingLane& l = lanes[k];
        const auto f = texunit::lavapipe_lane_facts(view, sstate, l.rq, ctx[k]);
        linear[l.lane / kGroup] = linear[l.lane / kGroup] || f.needs_linear;
        corner0[l.lane / kGroup] = corner0[l.lane / kGroup] || f.cube_corner[0];
        corner1[l.lane / kGroup] = corner1[l.lane / kGroup] || f.cube_corner[1];
        lerp[l.lane / kGroup] = lerp[l.lane / kGroup] || f.mip_lerp;
      }
      for (size_t k = 0; k < lanes.size(); ++k) {
        const unsigned g = lanes[k].lane / kGroup;
        ctx[k].group_needs_linear = linear[g];
        ctx[k].group_cube_corner = {corner0[g], corner1[g]};
        ctx[k].group_mip_lerp = lerp[g];
      }
    }
    for (size_t k = 0; k < lanes.size(); ++k) {
      const PendingLane& l = lanes[k];
      const texunit::SampleResult sr = prec.kind == texunit::PrecisionKind::kLavapipe
                                           ? texunit::sample_lavapipe(view, sstate, l.rq, ctx[k])
                                           : texunit::sample(view, sstate, l.rq, prec);
      LaneResult& lr = res[l.lane];
      for (unsigned c = 0; c < 4; ++c)
        lr.word[c] = convert_return(sr.texel.bits[c], sr.texel.kind, es);
      lr.null_tile = sr.null_tile;
      if (op == kOpLod) lr.undefined = 0xc;  // B and A are undefined (visa-3d_sample.md, Notes)
    }
  } else {
    for (unsigned i = 0; i < req->lanes; ++i) {
      if (((req->enabled >> i) & 1) == 0) continue;
      texunit::FetchRequest fr;
      const std::array<uint32_t, 3> uvr{req->u32("u", i), req->u32("v", i), req->u32("r", i)};
      for (unsigned c = 0; c < mp.dims; ++c) fr.coord[c] = uvr[c];
      if (mp.array_from == 1 || mp.array_from == 2)
        fr.slice = uvr[static_cast<size_t>(mp.array_from)];
      if (d.type == texunit::SurfaceType::kCube || d.type == texunit::SurfaceType::kCubeArray) {
        fr.coord[2] = 0;
        fr.slice = uvr[2];  // cubes: r names the face slice (face + 6 x cube)
      }
      fr.level = op == kOpLdLz ? 0u : req->u32("lod", i);
      fr.offset = {req->offset.u, mp.dims >= 2 ? req->offset.v : 0,
                   mp.dims >= 3 ? req->offset.r : 0};
      bool defined = req->lane_defined("u", i) && req->lane_defined("v", i) &&
                     req->lane_defined("r", i) && req->lane_defined("lod", i);
      texunit::FetchOptions fo;
      if (op == kOpLd2dmsW) {
        fr.sample = req->u32("si", i);
        fo.sample_policy =
            texunit::SampleIndexPolicy::kClamp;  // "clamped to the number of samples"
        uint64_t mcs = 0;
        if (req->uw_params) {
          static constexpr std::array<std::string_view, 4> kQ{"mcs0", "mcs1", "mcs2", "mcs3"};
          for (unsigned k = 0; k < 4; ++k) {
            mcs |= uint64_t{req->u32(kQ[k], i) & 0xffffu} << (16 * k);
            defined = defined && req->lane_defined(kQ[k], i);
          }
        } else {
          mcs = req->u32("mcsl", i) | (uint64_t{req->u32("mcsh", i)} << 32);
          defined = defined && req->lane_defined("mcsl", i) && req->lane_defined("mcsh", i);
        }
        fr.mcs = mcs;
        defined = defined && req->lane_defined("si", i);
      }
      LaneResult& lr = res[i];
      if (!defined) {
        lr.undefined = 0xf;
        continue;
      }
      if (op == kOpLdMcs) {
        // ld_mcs: the 64-bit MCS in R (low) and G (high) for 32-bit returns, in four 16-bit
        // quarters R..A for 16-bit returns; B and A are 0 for 32-bit returns (decision).
        const uint64_t mcs = texunit::fetch_mcs(view, fr);
        if (es == 4) {
          lr.word = {static_cast<uint32_t>(mcs), static_cast<uint32_t>(mcs >> 32), 0u, 0u};
        } else {
          for (unsigned k = 0; k < 4; ++k)
            lr.word[k] = static_cast<uint32_t>((mcs >> (16 * k)) & 0xffffu);
        }
        continue;
      }
      // The lavapipe profile converts texels as lavapipe does (k * float(1/255), ...); the
      // ld2dms_w clamp (decision V18) is applied first, since lavapipe itself zeroes.
      if (prec.kind == texunit::PrecisionKind::kLavapipe && op == kOpLd2dmsW && d.samples > 1 &&
          fr.sample >= d.samples)
        fr.sample = d.samples - 1;
      const texunit::FetchResult f = prec.kind == texunit::PrecisionKind::kLavapipe
                                         ? texunit::fetch_texel_lavapipe(view, fr)
                                         : texunit::fetch_texel(view, fr, fo);
      for (unsigned c = 0; c < 4; ++c)
        lr.word[c] = convert_return(f.texel.bits[c], f.texel.kind, es);
      lr.null_tile = f.null_tile;
    }
  }
  // Write-back: each enabled channel in RGBA order from the next GRF; disabled lanes untouched,
  // register tails undefined; then the pixel null mask GRF.
  const uint8_t fill = cfg.poison.value_or(0);
  const unsigned per = grfs_per_channel(req->lanes, es, grf) * grf;
  uint32_t block = sp->base + dst.offset;
  for (unsigned c = 0; c < 4; ++c) {
    if (((req->channels >> c) & 1) == 0) continue;
    for (unsigned i = 0; i < req->lanes; ++i) {
      if (((req->enabled >> i) & 1) == 0) continue;
      const bool undef = ((res[i].undefined >> c) & 1) != 0;
      for (unsigned b = 0; b < es; ++b) {
        m.write(block + i * es + b, undef ? fill : static_cast<uint8_t>(res[i].word[c] >> (8 * b)),
                !undef);
      }
    }
    for (unsigned b = req->lanes * es; b < per; ++b) m.write(block + b, fill, false);
    block += per;
  }
  if (pnm) {
    uint32_t mask = 0;
    for (unsigned i = 0; i < req->lanes; ++i) {
      const bool enabled = ((req->enabled >> i) & 1) != 0;
      if (!enabled || !res[i].null_tile) mask |= 1u << i;
    }
    // Only the mask's exec-size bits are defined (IGC's lowering reads "the first word"; no
    // source defines the bits above): exec sizes 8/16/32 end on a byte (decision V27).
    for (unsigned b = 0; b < req->lanes / 8; ++b)
      m.write(block + b, static_cast<uint8_t>(mask >> (8 * b)), true);
    for (unsigned b = req->lanes / 8; b < grf; ++b) m.write(block + b, fill, false);
  }
  if (cfg.trace && cfg.lane_trace != nullptr) trace_lanes(*req, res, dv->type, es, *cfg.lane_trace);
  m.mark_written(dst.id);
  return true;
}

}  // namespace

uint32_t convert_return(uint32_t bits, texunit::TexelKind kind, unsigned elem_bytes) {
  if (elem_bytes == 4) return bits;
  switch (kind) {
    case texunit::TexelKind::kFloat:
      return core::float_to_half(std::bit_cast<float>(bits));
    case texunit::TexelKind::kUint:
      return std::min<uint32_t>(bits, 0xffffu);
    case texunit::TexelKind::kSint: {
      const int32_t v = std::clamp<int32_t>(static_cast<int32_t>(bits), -32768, 32767);
      return static_cast<uint32_t>(v) & 0xffffu;
    }
  }
  return bits & 0xffffu;
}

std::optional<Machine> make_machine(const VisaProgram& prog, const scene::Scene& sc,
                                    const ExecConfig& cfg, core::DiagSink& sink) {
  SymbolTable syms = prog.symbols;
  bool ok = true;
  const core::TextLoc scene_loc{sc.path, 0, 0};
  for (const auto& [name, reg] : scene_state(sc).registers) {
    if (syms.find_name(name) != nullptr || !reg.decl) continue;
    Variable v;
    if (auto e = parse_decl(*reg.decl, v)) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "registers." + name + ".decl: " + *e,
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (v.name != name) {
      sink.error("VISA-RUN-REGISTER", scene_loc,
                 "registers." + name + ".decl declares '" + v.name + "'",
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (auto e = syms.add(v)) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "registers." + name + ".decl: " + *e,
                 "interface.md, Scene files");
      ok = false;
    }
  }
  Machine m(std::move(syms), prog.platform, cfg.poison.value_or(0));
  for (const auto& [name, reg] : scene_state(sc).registers) {
    const Variable* v = m.symbols().find_name(name);
    if (v == nullptr) {
      sink.error("VISA-RUN-REGISTER", scene_loc,
                 "scene register '" + name + "' is not declared by the program (add \"decl\")",
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (v->cls == VarClass::kPredicate) {
      uint32_t bits = 0;
      for (size_t b = 0; b < reg.bytes.size() && b < 4; ++b)
        bits |= uint32_t{reg.bytes[b]} << (8 * b);
      const uint32_t mask = v->num_elts >= 32 ? 0xffffffffu : (1u << v->num_elts) - 1;
      m.set_predicate(v->id, bits & mask);
      continue;
    }
    const auto sp = v->cls == VarClass::kGeneral ? m.span(v->id) : std::nullopt;
    if (!sp) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "scene register '" + name + "' has no storage",
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (reg.bytes.size() > sp->size) {
      sink.error("VISA-RUN-REGISTER", scene_loc,
                 "scene register '" + name + "' gives " + std::to_string(reg.bytes.size()) +
                     " bytes, the variable has " + std::to_string(sp->size),
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    for (size_t b = 0; b < reg.bytes.size(); ++b)
      m.write(sp->base + static_cast<uint32_t>(b), reg.bytes[b], true);
  }
  if (scene_state(sc).dispatch_mask)
    m.set_dispatch_mask(static_cast<uint32_t>(*scene_state(sc).dispatch_mask));
  if (!ok) return std::nullopt;
  return m;
}

bool execute_instruction(const Instruction& inst, Machine& m, const scene::Scene& sc,
                         const ExecConfig& cfg, core::DiagSink& sink) {
  if (inst.row == nullptr) {
    sink.error("VISA-UNSUPPORTED", at(inst, m),
               "'" + inst.unsupported + "' is not modelled and cannot run",
               "research/intel_visa.md §1.6");
    return false;
  }
  switch (inst.row->opcode) {
    case 0x37:
      return run_media_ld(inst, m, sc, cfg, sink);
    case 0x78:
      return run_gather_scaled(inst, m, sc, cfg, sink);
    case kOpcode3DSample:
    case kOpcode3DLoad:
      return run_3d(inst, m, sc, cfg, sink);
    default:
      sink.error("VISA-UNSUPPORTED", at(inst, m),
                 std::string(inst.row->name) + " has no executor yet",
                 std::string(inst.row->spec_file));
      return false;
  }
}

scene::RegisterValue register_value(const Machine& m, uint32_t id) {
  scene::RegisterValue r;
  const Variable* v = m.symbols().find(VarClass::kGeneral, id);
  const auto sp = m.span(id);
  if (v == nullptr || !sp) return r;
  r.name = v->name;
  r.type = elem_type(v->type);
  bool all = true;
  for (uint32_t i = 0; i < sp->size; ++i) {
    r.bytes.push_back(m.byte(sp->base + i));
    r.defined.push_back(m.defined(sp->base + i));
    all = all && m.defined(sp->base + i);
  }
  if (all) r.defined.clear();
  return r;
}

std::optional<RunResult> execute_program(const VisaProgram& prog, const scene::Scene& sc,
                                         const ExecConfig& cfg, core::DiagSink& sink) {
  // One error for the whole program (the parser's notes name each mnemonic once; issue 13).
  size_t unsupported = 0;
  const Instruction* first = nullptr;
  for (const Instruction& i : prog.instructions) {
    if (i.row != nullptr) continue;
    if (first == nullptr) first = &i;
    ++unsupported;
  }
  if (first != nullptr) {
    sink.error("VISA-UNSUPPORTED", core::TextLoc{prog.file, first->line, first->column},
               "the program cannot run: " + std::to_string(unsupported) +
                   " of its instructions are not modelled (first: '" + first->unsupported + "')",
               "research/intel_visa.md §1.6");
    return std::nullopt;
  }
  auto m = make_machine(prog, sc, cfg, sink);
  if (!m) return std::nullopt;
  RunResult result;
  ExecConfig run_cfg = cfg;
  std::vector<std::string> lanes;
  if (cfg.trace) run_cfg.lane_trace = &lanes;
  for (const Instruction& i : prog.instructions) {
    core::DiagSink local;
    lanes.clear();
    const bool ok = execute_instruction(i, *m, sc, run_cfg, local);
    for (core::Diagnostic d : local.diagnostics()) {
      if (auto* t = std::get_if<core::TextLoc>(&d.loc); t != nullptr && t->file.empty())
        t->file = prog.file;
      sink.report(std::move(d));
    }
    if (!ok) return std::nullopt;
    if (cfg.trace) {
      std::string t = print_instruction(i, prog);
      const RawOperand dst = i.op("Dst").raw;
      t += dst.id == 0 ? "    // %null Dst: nothing written"
                       : "    // wrote " + m->symbols().name_of(VarClass::kGeneral, dst.id);
      result.trace.push_back(std::move(t));
      for (std::string& l : lanes) result.trace.push_back(std::move(l));
    }
  }
  for (uint32_t id : m->written()) result.registers.push_back(register_value(*m, id));
  return result;
}

}  // namespace texsim::isa::visa
