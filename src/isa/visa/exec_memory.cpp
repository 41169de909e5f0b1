// Execution of MEDIA_LD (a 2D block read) and GATHER_SCALED (scattered bytes) on the scene's
// surfaces and memory: operands from lower.cpp, bytes from texunit/block_read, then write-back.
#include <vector>

#include "intel/sampler_response.hpp"
#include "isa/visa/exec_internal.hpp"
#include "isa/visa/kinds.hpp"
#include "isa/visa/lower.hpp"
#include "isa/visa/scene_states.hpp"
#include "texunit/block_read.hpp"
#include "texunit/format.hpp"

namespace texsim::isa::visa {

// Surfaces: T1, T2, TSS (3) and user surfaces T6.. are the scene surfaces with that id; MEDIA_LD
// plane p reads id + p (decision V4).

static_assert(int(MediaOobPolicy::kZero) == int(texunit::BlockOob::kZero) &&
              int(MediaOobPolicy::kUndefined) == int(texunit::BlockOob::kUndefined));

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
  const scene::SceneSurface* ss = find_surface(sc, sid);
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
  if (!texunit::block_read_supported(d)) {
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
  texunit::BlockRead br;
  br.x = req->x, br.y = req->y, br.width = req->width, br.height = req->height;
  br.field = req->field == FieldMode::kFrame ? texunit::BlockField::kFrame
             : req->field == FieldMode::kTop ? texunit::BlockField::kTop
                                             : texunit::BlockField::kBottom;
  br.oob = static_cast<texunit::BlockOob>(cfg.media_oob);
  const size_t size = size_t{req->pitch} * req->height;
  std::vector<uint8_t> bytes(size), defined(size);
  // run --trace-memory: the elements whose bytes the block reads (decision MT6).
  texunit::read_block(memory_view(cfg, *ss), br, req->pitch, cfg.poison.value_or(0), bytes,
                      defined);
  for (unsigned i = 0; i < req->height; ++i) {
    for (unsigned j = 0; j < req->width; ++j) {
      const size_t k = size_t{i} * req->pitch + j;
      m.write(sp->base + dst.offset + static_cast<uint32_t>(k), bytes[k], defined[k] != 0);
    }
  }
  m.mark_written(dst.id);
  return true;
}

namespace {

// run --trace-memory: the byte-read list of a GATHER_SCALED on `surface` (SLM and stateless at
// 0; a scene surface's bytes at its placement's base: decision MT6); null when not tracing.
std::vector<ByteRead>* byte_log(const ExecConfig& cfg, const scene::Scene& sc, uint32_t surface) {
  if (cfg.memory == nullptr) return nullptr;
  if (surface == kSurfaceSlm || surface == kSurfaceStateless)
    return &cfg.memory->buffer(surface == kSurfaceSlm ? "slm" : "stateless", 0, false);
  const scene::SceneSurface* ss = find_surface(sc, surface);
  const bool placed = ss != nullptr && ss->placement.has_value();
  return &cfg.memory->buffer("T" + std::to_string(surface),
                             placed ? ss->placement->base_address : 0, placed);
}

// Logs lane `lane`'s read of `bytes` at `offset`, the part inside the buffer (past its end reads
// return 0 without a memory access).
void log_bytes(std::vector<ByteRead>* log, unsigned lane, uint64_t offset, uint32_t bytes,
               std::span<const uint8_t> mem) {
  if (log == nullptr || offset >= mem.size()) return;
  const uint64_t n = std::min<uint64_t>(bytes, mem.size() - offset);
  log->push_back({lane, offset, static_cast<uint32_t>(n)});
}

// The lanes' reads: with `channels` (GATHER4_SCALED) a dword per enabled channel, channel by
// channel; else `bytes` a lane.
void log_gather(std::vector<ByteRead>* log, const ScatteredRead& req, uint32_t channels,
                std::span<const uint8_t> mem) {
  if (log == nullptr) return;
  for (unsigned c = 0; c < (channels != 0 ? 4u : 1u); ++c) {
    if (channels != 0 && ((channels >> c) & 1) == 0) continue;
    for (unsigned i = 0; i < req.lanes; ++i) {
      if (((req.enabled >> i) & 1) == 0 || ((req.address_undefined >> i) & 1) != 0) continue;
      const uint64_t at = uint64_t{req.address[i]} + (channels != 0 ? uint64_t{4} * c : 0);
      log_bytes(log, i, at, channels != 0 ? 4 : req.bytes, mem);
    }
  }
}

}  // namespace

bool run_gather_scaled(const Instruction& inst, Machine& m, const scene::Scene& sc,
                       const ExecConfig& cfg, core::DiagSink& sink) {
  const auto req = lower_gather_scaled(inst, m, sink);
  if (!req) return false;
  const std::string spec(inst.row->spec_file);
  std::span<const uint8_t> mem;
  if (req->surface == kSurfaceSlm || req->surface == kSurfaceStateless) {
    const auto& buf = req->surface == kSurfaceSlm ? sc.slm : sc.stateless;
    if (!buf) {
      sink.error("VISA-RUN-MEMORY", at(inst, m),
                 std::string("the scene has no memory.") +
                     (req->surface == kSurfaceSlm ? "slm" : "stateless"),
                 spec + ", Surface");
      return false;
    }
    mem = *buf;
  } else if (req->surface == kSurfaceBss) {
    sink.error("VISA-RUN-SURFACE", at(inst, m), "bindless surfaces (%bss) are not modelled",
               spec + ", Surface");
    return false;
  } else {
    const scene::SceneSurface* ss = find_surface(sc, req->surface);
    if (ss == nullptr) {
      sink.error("VISA-RUN-SURFACE", at(inst, m),
                 "the scene has no surface with id " + std::to_string(req->surface),
                 spec + ", Surface");
      return false;
    }
    mem = ss->surface.bytes();  // a buffer is the surface's whole linear byte image (decision V5)
  }
  const RawOperand dst = inst.op("Dst").raw;
  const auto sp = m.span(dst.id);
  const bool dwords = inst.row->exec == RowExec::kGather4Scaled;
  const uint32_t channels = dwords ? inst.op("Channels").value & 0xfu : 1u;
  const uint32_t need = dwords
                            ? intel::response_bytes(channels, req->lanes, 4, m.grf_bytes(), false)
                            : 4 * req->lanes;
  if (!sp || dst.offset + need > sp->size) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst is too small", spec + ", Dst");
    return false;
  }
  log_gather(byte_log(cfg, sc, req->surface), *req, dwords ? channels : 0, mem);
  const uint8_t fill = cfg.poison.value_or(0);
  if (dwords) {
    // visa-gather4_scaled.md, Semantics: channel c of lane i is the dword at Offset +
    // Element_offset[i] + 4c; each enabled channel starts the next GRF (register tails
    // undefined); reads past the buffer's end return 0 (Out-of-bound Access). Decision V45.
    const unsigned per = intel::grfs_per_channel(req->lanes, 4, m.grf_bytes()) * m.grf_bytes();
    uint32_t block = sp->base + dst.offset;
    for (unsigned c = 0; c < 4; ++c) {
      if (((channels >> c) & 1) == 0) continue;
      for (unsigned i = 0; i < req->lanes; ++i) {
        if (((req->enabled >> i) & 1) == 0) continue;
        const bool undef = ((req->address_undefined >> i) & 1) != 0;
        for (unsigned k = 0; k < 4; ++k) {
          const uint64_t a = uint64_t{req->address[i]} + uint64_t{4} * c + k;
          m.write(block + 4 * i + k, undef ? fill : texunit::read_buffer_byte(mem, a), !undef);
        }
      }
      for (unsigned b = 4 * req->lanes; b < per; ++b) m.write(block + b, fill, false);
      block += per;
    }
    m.mark_written(dst.id);
    return true;
  }
  for (unsigned i = 0; i < req->lanes; ++i) {
    if (((req->enabled >> i) & 1) == 0) continue;  // disabled lanes keep their bytes
    const bool undef_addr = ((req->address_undefined >> i) & 1) != 0;
    for (unsigned k = 0; k < 4; ++k) {
      const uint32_t a = sp->base + dst.offset + 4 * i + k;
      if (k >= req->bytes || undef_addr) {
        m.write(a, fill, false);  // upper bytes of 1- and 2-byte reads are undefined
        continue;
      }
      m.write(a, texunit::read_buffer_byte(mem, uint64_t{req->address[i]} + k), true);
    }
  }
  m.mark_written(dst.id);
  return true;
}

}  // namespace texsim::isa::visa
