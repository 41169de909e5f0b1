// Lowering an Intel sampler message's parameters to a texture-unit message (texunit/message.hpp):
// coordinates by surface type, LOD source, quad derivatives (coarse pixels), compare reference,
// MCS, gather4_po offsets; see sampler_lower.hpp.
#include "intel/sampler_lower.hpp"

#include <bit>

#include "texunit/sample.hpp"

namespace texsim::intel {
namespace {

constexpr std::array<Param, 4> kCoords{Param::kU, Param::kV, Param::kR, Param::kAi};
constexpr std::array<Param, 3> kDx{Param::kDuDx, Param::kDvDx, Param::kDrDx};
constexpr std::array<Param, 3> kDy{Param::kDuDy, Param::kDvDy, Param::kDrDy};
constexpr std::array<Param, 4> kMcsQ{Param::kMcs0, Param::kMcs1, Param::kMcs2, Param::kMcs3};

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

bool coords_defined(const MessageParams& p, unsigned lane) {
  for (Param c : kCoords) {
    if (!p.lane_defined(c, lane)) return false;
  }
  return true;
}

// Implicit LOD: the derivatives of lane i's pixel quad (lanes 4q..4q+3); false when a quad
// lane's coordinates are undefined. Coarse pixel shading divides them by the coarse pixel size
// (decision in docs/visa.md).
bool quad_lod(const MessageParams& p, unsigned i, std::array<float, 2> coarse,
              LoweredMessage& msg) {
  bool defined = true;
  const unsigned q = i & ~3u;
  std::array<std::array<float, 3>, 4> quad{};
  for (unsigned k = 0; k < 4; ++k) {
    quad[k] = {msg.f[0][q + k], msg.f[1][q + k], msg.f[2][q + k]};
    defined = defined && coords_defined(p, q + k);
  }
  const texunit::QuadDerivatives qd = texunit::quad_derivatives(quad);
  for (unsigned c = 0; c < 3; ++c) {
    msg.f[5 + c][i] = qd.ddx[c] / coarse[0];
    msg.f[8 + c][i] = qd.ddy[c] / coarse[1];
  }
  return defined;
}

// Lane i's LOD inputs, reference and gather4_po offsets; false when one is undefined.
bool sample_inputs(const MessageParams& p, const MessageSpec& spec, CoordMapping mp, unsigned i,
                   LoweredMessage& msg) {
  bool defined = true;
  if (spec.lod == LodSource::kBias || spec.lod == LodSource::kLod) {
    const Param lp = spec.lod == LodSource::kBias ? Param::kBias : Param::kLod;
    msg.f[4][i] = p.f(lp, i);
    defined = defined && p.lane_defined(lp, i);
  }
  if (spec.lod == LodSource::kGrad) {
    for (unsigned c = 0; c < mp.dims; ++c) {
      msg.f[5 + c][i] = p.f(kDx[c], i);
      msg.f[8 + c][i] = p.f(kDy[c], i);
      defined = defined && p.lane_defined(kDx[c], i) && p.lane_defined(kDy[c], i);
    }
  }
  if (msg.lane_offsets) {
    // The per-lane offsets replace the header's U and V (decision V41).
    msg.lane_offset[0][i] = po_offset(p.u32(Param::kOffU, i));
    msg.lane_offset[1][i] = mp.dims >= 2 ? po_offset(p.u32(Param::kOffV, i)) : 0;
    defined = defined && p.lane_defined(Param::kOffU, i) && p.lane_defined(Param::kOffV, i);
  }
  if (spec.compare) {
    msg.f[11][i] = p.f(Param::kRef, i);
    defined = defined && p.lane_defined(Param::kRef, i);
  }
  return defined;
}

void mark_lane(const MessageParams& p, unsigned i, bool defined, LoweredMessage& msg) {
  const bool enabled = ((p.enabled >> i) & 1) != 0;
  msg.active[i] = enabled && defined ? 1 : 0;
  if (enabled && !defined) msg.undefined |= 1u << i;
}

void lower_sample(const MessageParams& p, const MessageSpec& spec, CoordMapping mp,
                  std::array<float, 2> coarse, LoweredMessage& msg) {
  msg.op = spec.gather ? texunit::SampleOp::kGather : sample_op(spec.lod);
  msg.gather_component = p.gather_component;
  msg.lane_offsets = spec.has_role(Param::kOffU);
  if (spec.lod == LodSource::kQuery) msg.undefined_channels = 0xc;  // B, A (visa-3d_sample.md)
  for (unsigned i = 0; i < p.lanes; ++i) {
    for (unsigned c = 0; c < mp.dims; ++c) msg.f[c][i] = p.f(kCoords[c], i);
    if (mp.array_from >= 0) msg.f[3][i] = p.f(kCoords[static_cast<size_t>(mp.array_from)], i);
  }
  for (unsigned i = 0; i < p.lanes; ++i) {
    bool defined = coords_defined(p, i);
    if (spec.implicit_lod()) defined = quad_lod(p, i, coarse, msg) && defined;
    defined = sample_inputs(p, spec, mp, i, msg) && defined;
    mark_lane(p, i, defined, msg);
  }
}

// ld2dms_w's 64-bit MCS: two UD halves, or four UW quarters in the 16-bit form.
uint64_t supplied_mcs(const MessageParams& p, unsigned i, bool& defined) {
  if (!p.uw_params) {
    defined = defined && p.lane_defined(Param::kMcsl, i) && p.lane_defined(Param::kMcsh, i);
    return p.u32(Param::kMcsl, i) | (uint64_t{p.u32(Param::kMcsh, i)} << 32);
  }
  uint64_t mcs = 0;
  for (unsigned k = 0; k < 4; ++k) {
    mcs |= uint64_t{p.u32(kMcsQ[k], i) & 0xffffu} << (16 * k);
    defined = defined && p.lane_defined(kMcsQ[k], i);
  }
  return mcs;
}

void lower_fetch(const MessageParams& p, const MessageSpec& spec, CoordMapping mp,
                 texunit::SurfaceType type, LoweredMessage& msg) {
  // "clamped to the number of samples" (visa-3d_load.md, load_2dms_w; decision V18).
  if (spec.multisample) msg.sample_policy = texunit::SampleIndexPolicy::kClamp;
  msg.has_mcs = spec.multisample;
  for (unsigned i = 0; i < p.lanes; ++i) {
    const std::array<uint32_t, 3> uvr{p.u32(Param::kU, i), p.u32(Param::kV, i),
                                      p.u32(Param::kR, i)};
    for (unsigned c = 0; c < mp.dims; ++c) msg.c[c][i] = uvr[c];
    if (mp.array_from == 1 || mp.array_from == 2)
      msg.c[3][i] = uvr[static_cast<size_t>(mp.array_from)];
    if (type == texunit::SurfaceType::kCube || type == texunit::SurfaceType::kCubeArray) {
      msg.c[2][i] = 0;
      msg.c[3][i] = uvr[2];  // cubes: r names the face slice (face + 6 x cube)
    }
    msg.c[4][i] = spec.lod == LodSource::kZero ? 0u : p.u32(Param::kLod, i);
    bool defined = p.lane_defined(Param::kU, i) && p.lane_defined(Param::kV, i) &&
                   p.lane_defined(Param::kR, i) && p.lane_defined(Param::kLod, i);
    if (spec.multisample) {
      msg.c[5][i] = p.u32(Param::kSi, i);
      msg.mcs[i] = supplied_mcs(p, i, defined);
      defined = defined && p.lane_defined(Param::kSi, i);
    }
    mark_lane(p, i, defined, msg);
  }
}

}  // namespace

TexelOffsets decode_aoffimmi(uint32_t bits) {
  auto nib = [](uint32_t v) { return static_cast<int32_t>((v & 0xf) ^ 0x8) - 8; };
  return TexelOffsets{nib(bits >> 8), nib(bits >> 4), nib(bits)};
}

float MessageParams::f(Param p, unsigned lane) const {
  return std::bit_cast<float>(u32(p, lane));
}

void MessageParams::set(Param p, unsigned lane, uint32_t value, bool defined) {
  const auto k = static_cast<size_t>(p);
  word[k][lane] = value;
  if (defined)
    undefined[k] &= ~(1u << lane);
  else
    undefined[k] |= 1u << lane;
}

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

LoweredMessage lower_message(const MessageParams& params, const MessageSpec& spec,
                             texunit::SurfaceType type, std::array<float, 2> coarse) {
  LoweredMessage msg;
  msg.lanes = params.lanes;
  msg.enabled = params.enabled;
  const CoordMapping mp = coord_mapping(type);
  msg.offset = {params.offset.u, mp.dims >= 2 ? params.offset.v : 0,
                mp.dims >= 3 ? params.offset.r : 0};
  if (spec.fetch) {
    lower_fetch(params, spec, mp, type, msg);
  } else {
    lower_sample(params, spec, mp, coarse, msg);
  }
  return msg;
}

texunit::SampleBatch LoweredMessage::sample_batch() const {
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

texunit::FetchBatch LoweredMessage::fetch_batch() const {
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

}  // namespace texsim::intel
