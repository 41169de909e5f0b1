// 3D_SAMPLE / 3D_LOAD operands -> a texture-unit message (texunit/message.hpp): coordinates by
// surface type, LOD source, quad derivatives (.cps), compare reference, MCS; see lower.hpp.
#include <bit>

#include "isa/visa/lower.hpp"
#include "texunit/sample.hpp"

namespace texsim::isa::visa {
namespace {

constexpr std::array<Param3D, 4> kCoords{Param3D::kU, Param3D::kV, Param3D::kR, Param3D::kAi};
constexpr std::array<Param3D, 3> kDx{Param3D::kDuDx, Param3D::kDvDx, Param3D::kDrDx};
constexpr std::array<Param3D, 3> kDy{Param3D::kDuDy, Param3D::kDvDy, Param3D::kDrDy};
constexpr std::array<Param3D, 4> kMcsQ{Param3D::kMcs0, Param3D::kMcs1, Param3D::kMcs2,
                                       Param3D::kMcs3};

texunit::SampleOp sample_op(LodSource lod) {
  switch (lod) {
    case LodSource::kImplicit:
      return texunit::SampleOp::kImplicit;
    case LodSource::kBias:
      return texunit::SampleOp::kBias;
    case LodSource::kLod:
      return texunit::SampleOp::kLevel;
    case LodSource::kGrad:
      return texunit::SampleOp::kGrad;
    case LodSource::kZero:
      return texunit::SampleOp::kLevelZero;
    case LodSource::kQuery:
      return texunit::SampleOp::kLodQuery;
  }
  return texunit::SampleOp::kLevel;
}

// gather4_po's offsets: "6 least significant bits ... [-32..31]" (D3D11.3 §22.4.2 via
// research/anchors_samplers.md; decision V41).
int32_t po_offset(uint32_t bits) {
  return static_cast<int32_t>((bits & 0x3fu) ^ 0x20u) - 0x20;
}

bool has_role(const Sampler3DSpec& spec, Param3D p) {
  for (Param3D r : spec.roles) {
    if (r == p) return true;
  }
  return false;
}

void lower_sample(const Sampler3DRequest& req, const Sampler3DSpec& spec, CoordMapping mp,
                  std::array<float, 2> coarse, Message3D& msg) {
  msg.op = spec.gather ? texunit::SampleOp::kGather : sample_op(spec.lod);
  msg.gather_component = req.gather_component;
  msg.lane_offsets = has_role(spec, Param3D::kOffU);
  if (spec.lod == LodSource::kQuery) msg.undefined_channels = 0xc;  // B, A (visa-3d_sample.md)
  auto coord_defined = [&](unsigned lane) {
    for (Param3D p : kCoords) {
      if (!req.lane_defined(p, lane)) return false;
    }
    return true;
  };
  for (unsigned i = 0; i < req.lanes; ++i) {
    for (unsigned c = 0; c < mp.dims; ++c) msg.f[c][i] = req.f(kCoords[c], i);
    if (mp.array_from >= 0) msg.f[3][i] = req.f(kCoords[static_cast<size_t>(mp.array_from)], i);
  }
  for (unsigned i = 0; i < req.lanes; ++i) {
    bool defined = coord_defined(i);
    if (spec.implicit_lod()) {
      const unsigned q = i & ~3u;
      std::array<std::array<float, 3>, 4> quad{};
      for (unsigned k = 0; k < 4; ++k) {
        quad[k] = {msg.f[0][q + k], msg.f[1][q + k], msg.f[2][q + k]};
        defined = defined && coord_defined(q + k);
      }
      const texunit::QuadDerivatives qd = texunit::quad_derivatives(quad);
      // .cps: the quad spans coarse pixels of cx x cy pixels; compensation divides the
      // derivatives by the coarse pixel size (decision in docs/visa.md).
      for (unsigned c = 0; c < 3; ++c) {
        msg.f[5 + c][i] = qd.ddx[c] / coarse[0];
        msg.f[8 + c][i] = qd.ddy[c] / coarse[1];
      }
    }
    if (spec.lod == LodSource::kBias || spec.lod == LodSource::kLod) {
      const Param3D p = spec.lod == LodSource::kBias ? Param3D::kBias : Param3D::kLod;
      msg.f[4][i] = req.f(p, i);
      defined = defined && req.lane_defined(p, i);
    }
    if (spec.lod == LodSource::kGrad) {
      for (unsigned c = 0; c < mp.dims; ++c) {
        msg.f[5 + c][i] = req.f(kDx[c], i);
        msg.f[8 + c][i] = req.f(kDy[c], i);
        defined = defined && req.lane_defined(kDx[c], i) && req.lane_defined(kDy[c], i);
      }
    }
    if (msg.lane_offsets) {
      // The per-lane offsets replace Aoffimmi's U and V (decision V41).
      msg.lane_offset[0][i] = po_offset(req.u32(Param3D::kOffU, i));
      msg.lane_offset[1][i] = mp.dims >= 2 ? po_offset(req.u32(Param3D::kOffV, i)) : 0;
      defined =
          defined && req.lane_defined(Param3D::kOffU, i) && req.lane_defined(Param3D::kOffV, i);
    }
    if (spec.compare) {
      msg.f[11][i] = req.f(Param3D::kRef, i);
      defined = defined && req.lane_defined(Param3D::kRef, i);
    }
    const bool enabled = ((req.enabled >> i) & 1) != 0;
    msg.active[i] = enabled && defined ? 1 : 0;
    if (enabled && !defined) msg.undefined |= 1u << i;
  }
}

void lower_fetch(const Sampler3DRequest& req, const Sampler3DSpec& spec, CoordMapping mp,
                 texunit::SurfaceType type, Message3D& msg) {
  // "clamped to the number of samples" (visa-3d_load.md, load_2dms_w; decision V18).
  if (spec.multisample) msg.sample_policy = texunit::SampleIndexPolicy::kClamp;
  msg.has_mcs = spec.multisample;
  for (unsigned i = 0; i < req.lanes; ++i) {
    const std::array<uint32_t, 3> uvr{req.u32(Param3D::kU, i), req.u32(Param3D::kV, i),
                                      req.u32(Param3D::kR, i)};
    for (unsigned c = 0; c < mp.dims; ++c) msg.c[c][i] = uvr[c];
    if (mp.array_from == 1 || mp.array_from == 2)
      msg.c[3][i] = uvr[static_cast<size_t>(mp.array_from)];
    if (type == texunit::SurfaceType::kCube || type == texunit::SurfaceType::kCubeArray) {
      msg.c[2][i] = 0;
      msg.c[3][i] = uvr[2];  // cubes: r names the face slice (face + 6 x cube)
    }
    msg.c[4][i] = spec.lod == LodSource::kZero ? 0u : req.u32(Param3D::kLod, i);
    bool defined = req.lane_defined(Param3D::kU, i) && req.lane_defined(Param3D::kV, i) &&
                   req.lane_defined(Param3D::kR, i) && req.lane_defined(Param3D::kLod, i);
    if (spec.multisample) {
      msg.c[5][i] = req.u32(Param3D::kSi, i);
      uint64_t mcs = 0;
      if (req.uw_params) {
        for (unsigned k = 0; k < 4; ++k) {
          mcs |= uint64_t{req.u32(kMcsQ[k], i) & 0xffffu} << (16 * k);
          defined = defined && req.lane_defined(kMcsQ[k], i);
        }
      } else {
        mcs = req.u32(Param3D::kMcsl, i) | (uint64_t{req.u32(Param3D::kMcsh, i)} << 32);
        defined =
            defined && req.lane_defined(Param3D::kMcsl, i) && req.lane_defined(Param3D::kMcsh, i);
      }
      msg.mcs[i] = mcs;
      defined = defined && req.lane_defined(Param3D::kSi, i);
    }
    const bool enabled = ((req.enabled >> i) & 1) != 0;
    msg.active[i] = enabled && defined ? 1 : 0;
    if (enabled && !defined) msg.undefined |= 1u << i;
  }
}

}  // namespace

CoordMapping coord_mapping(texunit::SurfaceType t) {
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
    case texunit::SurfaceType::kCube:  // a cube's direction is (u, v, r)
      return {3, -1};
    case texunit::SurfaceType::kCubeArray:
      return {3, 3};
  }
  return {2, -1};
}

Message3D lower_3d_message(const Sampler3DRequest& req, const Sampler3DSpec& spec,
                           texunit::SurfaceType type, std::array<float, 2> coarse) {
  Message3D msg;
  msg.lanes = req.lanes;
  msg.enabled = req.enabled;
  const CoordMapping mp = coord_mapping(type);
  msg.offset = {req.offset.u, mp.dims >= 2 ? req.offset.v : 0, mp.dims >= 3 ? req.offset.r : 0};
  if (spec.fetch) {
    lower_fetch(req, spec, mp, type, msg);
  } else {
    lower_sample(req, spec, mp, coarse, msg);
  }
  return msg;
}

texunit::SampleBatch Message3D::sample_batch() const {
  texunit::SampleBatch b;
  b.count = lanes;
  b.op = op;
  b.u = {f[0].data(), lanes}, b.v = {f[1].data(), lanes}, b.w = {f[2].data(), lanes};
  b.array_index = {f[3].data(), lanes};
  b.lod = {f[4].data(), lanes};
  b.ddx_u = {f[5].data(), lanes}, b.ddx_v = {f[6].data(), lanes}, b.ddx_w = {f[7].data(), lanes};
  b.ddy_u = {f[8].data(), lanes}, b.ddy_v = {f[9].data(), lanes}, b.ddy_w = {f[10].data(), lanes};
  b.reference = {f[11].data(), lanes};
  b.offset = offset;
  b.gather_component = gather_component;
  if (lane_offsets) {
    b.offset_x = {lane_offset[0].data(), lanes};
    b.offset_y = {lane_offset[1].data(), lanes};
  }
  b.active = {active.data(), lanes};
  return b;
}

texunit::FetchBatch Message3D::fetch_batch() const {
  texunit::FetchBatch b;
  b.count = lanes;
  b.x = {c[0].data(), lanes}, b.y = {c[1].data(), lanes}, b.z = {c[2].data(), lanes};
  b.slice = {c[3].data(), lanes}, b.level = {c[4].data(), lanes};
  b.sample = {c[5].data(), lanes};
  b.offset = offset;
  if (has_mcs) b.mcs = {mcs.data(), lanes};
  b.active = {active.data(), lanes};
  return b;
}

}  // namespace texsim::isa::visa
