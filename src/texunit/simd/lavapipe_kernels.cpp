// Highway kernels of the lavapipe profile's message entry: texelFetch and the AoS 8-bit path
// (point / bilinear / trilinear) on R8G8B8A8_UNORM 2D, per SIMD target with runtime dispatch.
//
// They reproduce the scalar model (sample_lavapipe_{lod,aos,decode}.cpp) bit for bit; lanes
// whose inputs would leave int32 conversions' range (NaN, infinities, huge values) are handed
// back through `redo`. Built with -ffp-contract=off like every simd/ source.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "texunit/simd/lavapipe_kernels.cpp"
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS HWY_SSSE3
#endif
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <cstring>

#include "texunit/simd/lanes-inl.h"
#include "texunit/simd/lavapipe_kernels.hpp"

HWY_BEFORE_NAMESPACE();
namespace texsim::texunit::simd {
namespace HWY_NAMESPACE {
namespace {

namespace hn = hwy::HWY_NAMESPACE;

using DF = hn::ScalableTag<float>;
using DI = hn::RebindToSigned<DF>;
using VF = hn::Vec<DF>;
using VI = hn::Vec<DI>;
using MI = hn::Mask<DI>;
using MF = hn::Mask<DF>;

// Stores the active, not-redone lanes; appends the redone active lanes' indices to `redo`.
HWY_INLINE size_t Finish(const std::array<VF, 4>& res, const std::array<uint32_t*, 4>& out,
                         size_t i, size_t n, MI active, MI redo_mask, uint32_t* redo,
                         size_t count) {
  const DF df;
  const DI di;
  const MI store = hn::AndNot(redo_mask, active);
  if (n == hn::Lanes(di) && hn::AllTrue(di, store)) {
    for (size_t c = 0; c < 4; ++c)
      hn::StoreU(hn::BitCast(di, res[c]), di, reinterpret_cast<int32_t*>(out[c] + i));
    return count;
  }
  HWY_ALIGN int32_t sb[kLaneBuf];
  HWY_ALIGN int32_t rb[kLaneBuf];
  HWY_ALIGN float vb[kLaneBuf];
  hn::Store(hn::VecFromMask(di, store), di, sb);
  hn::Store(hn::VecFromMask(di, hn::And(redo_mask, active)), di, rb);
  for (size_t c = 0; c < 4; ++c) {
    hn::Store(res[c], df, vb);
    for (size_t k = 0; k < n; ++k)
      if (sb[k] != 0) std::memcpy(out[c] + i + k, &vb[k], 4);
  }
  for (size_t k = 0; k < n; ++k)
    if (rb[k] != 0) redo[count++] = static_cast<uint32_t>(i + k);
  return count;
}

HWY_INLINE VF Fract(VF x) {
  return hn::Sub(x, hn::Floor(x));
}

// x86 minps / maxps: the second operand unless the first compares less / greater.
HWY_INLINE VF MinPs(VF a, VF b) {
  return hn::IfThenElse(hn::Lt(a, b), a, b);
}
HWY_INLINE VF MaxPs(VF a, VF b) {
  return hn::IfThenElse(hn::Gt(a, b), a, b);
}

struct Level {
  VI offset, row, width, height;
};

HWY_INLINE Level LoadLevel(const LpSurface& s, VI level) {
  const DI di;
  const int32_t l0 = hn::GetLane(level);
  if (hn::AllTrue(di, hn::Eq(level, hn::Set(di, l0)))) {
    const auto l = static_cast<size_t>(l0);
    return {hn::Set(di, s.level_offset[l]), hn::Set(di, s.row_pitch[l]), hn::Set(di, s.width[l]),
            hn::Set(di, s.height[l])};
  }
  return {hn::GatherIndex(di, s.level_offset.data(), level),
          hn::GatherIndex(di, s.row_pitch.data(), level),
          hn::GatherIndex(di, s.width.data(), level), hn::GatherIndex(di, s.height.data(), level)};
}

// The four 8-bit channels of the RGBA8 texels at (x, y) of the lanes' levels.
struct Rgba {
  VI c[4];
};

HWY_INLINE Rgba Read(const LpSurface& s, const Level& lv, VI x, VI y) {
  const DI di;
  const VI off = hn::Add(lv.offset, hn::Add(hn::Mul(y, lv.row), hn::ShiftLeft<2>(x)));
  const VI w = hn::GatherOffset(di, reinterpret_cast<const int32_t*>(s.bytes), off);
  const VI byte = hn::Set(di, 0xff);
  return {{hn::And(w, byte), hn::And(hn::ShiftRight<8>(w), byte),
           hn::And(hn::ShiftRight<16>(w), byte), hn::And(hn::ShiftRight<24>(w), byte)}};
}

// lerp8: a + ((w * (b - a) + 128) >> 8), arithmetic shift.
HWY_INLINE Rgba Lerp8(VI w, const Rgba& a, const Rgba& b) {
  const DI di;
  Rgba r;
  for (int c = 0; c < 4; ++c)
    r.c[c] = hn::Add(
        a.c[c], hn::ShiftRight<8>(hn::Add(hn::Mul(w, hn::Sub(b.c[c], a.c[c])), hn::Set(di, 128))));
  return r;
}

struct Taps {
  VI i0, i1, w;
};

// One axis of sample_level_aos (linear): 8.8 fixed-point coordinate, wrap or clamp.
HWY_INLINE Taps LinearAxis(VF coord, VI len, bool wrap, bool pot) {
  const DF df;
  const DI di;
  const VI m = hn::Sub(len, hn::Set(di, 1));
  const VF scaled = hn::ConvertTo(df, hn::ShiftLeft<8>(len));
  const VI q = hn::Sub(RoundToInt(hn::Mul(coord, scaled)), hn::Set(di, 128));
  const VI ip = hn::ShiftRight<8>(q);
  Taps t;
  t.w = hn::And(q, hn::Set(di, 255));
  if (wrap && pot) {
    t.i0 = hn::And(ip, m);
    t.i1 = hn::And(hn::Add(ip, hn::Set(di, 1)), m);
  } else if (wrap) {
    VF cf = hn::Mul(Fract(coord), hn::ConvertTo(df, len));
    cf = hn::Mul(cf, hn::Set(df, 256.0f));
    const VI qq = hn::Sub(RoundToInt(cf), hn::Set(di, 128));
    t.w = hn::And(qq, hn::Set(di, 255));
    VI c0 = hn::ShiftRight<8>(qq);
    c0 = hn::IfThenElse(hn::Lt(c0, hn::Zero(di)), m, c0);
    c0 = hn::Min(c0, m);
    t.i0 = c0;
    t.i1 = hn::IfThenElse(hn::Eq(c0, m), hn::Zero(di), hn::Add(c0, hn::Set(di, 1)));
  } else {
    const MI lmask = hn::Not(hn::Lt(ip, hn::Zero(di)));
    const MI umask = hn::Lt(ip, m);
    VI c0 = hn::IfThenElseZero(lmask, ip);
    c0 = hn::IfThenElse(umask, c0, m);
    t.i0 = c0;
    t.i1 = hn::IfThenElse(hn::And(lmask, umask), hn::Add(c0, hn::Set(di, 1)), c0);
  }
  return t;
}

// One axis of sample_level_aos (nearest).
HWY_INLINE VI NearestAxis(VF coord, VI len, bool wrap, bool pot) {
  const DF df;
  const DI di;
  const VI m = hn::Sub(len, hn::Set(di, 1));
  const VF len_f = hn::ConvertTo(df, len);
  if (wrap && !pot) {
    const VF fs = MinPs(Fract(coord), hn::Set(df, 0x1.fffffep-1f));
    return hn::ConvertTo(di, hn::Mul(fs, len_f));
  }
  const VI ip = hn::ConvertTo(di, hn::Floor(hn::Mul(coord, len_f)));
  if (wrap) return hn::And(ip, m);
  return hn::Min(hn::Max(ip, hn::Zero(di)), m);
}

HWY_INLINE Rgba SampleLevel(const LpSamplePlan& p, VI level, VF u, VF v) {
  const Level lv = LoadLevel(p.surf, level);
  if (!p.linear) {
    return Read(p.surf, lv, NearestAxis(u, lv.width, p.wrap[0], p.pot[0]),
                NearestAxis(v, lv.height, p.wrap[1], p.pot[1]));
  }
  const Taps tx = LinearAxis(u, lv.width, p.wrap[0], p.pot[0]);
  const Taps ty = LinearAxis(v, lv.height, p.wrap[1], p.pot[1]);
  const Rgba r0 = Lerp8(tx.w, Read(p.surf, lv, tx.i0, ty.i0), Read(p.surf, lv, tx.i1, ty.i0));
  const Rgba r1 = Lerp8(tx.w, Read(p.surf, lv, tx.i0, ty.i1), Read(p.surf, lv, tx.i1, ty.i1));
  return Lerp8(ty.w, r0, r1);
}

HWY_INLINE std::array<VF, 4> ToFloat(const Rgba& c) {
  const DF df;
  const VF scale = hn::Set(df, static_cast<float>(1.0 / 255.0));
  return {hn::Mul(hn::ConvertTo(df, c.c[0]), scale), hn::Mul(hn::ConvertTo(df, c.c[1]), scale),
          hn::Mul(hn::ConvertTo(df, c.c[2]), scale), hn::Mul(hn::ConvertTo(df, c.c[3]), scale)};
}

size_t SampleVec(const LpSamplePlan& p, const LpSampleLanes& L, size_t i, size_t n, size_t count) {
  const DF df;
  const DI di;
  const MI active = ActiveMask(di, L.active, i, n);
  if (hn::AllFalse(di, active)) return count;
  VF u = LoadLanes(df, L.u, i, n);
  VF v = LoadLanes(df, L.v, i, n);
  // select_lod with an explicit LOD.
  VF lod = p.min_max_equal ? hn::Set(df, p.min_lod) : LoadLanes(df, L.lod, i, n);
  if (p.bias_nz && !p.min_max_equal) lod = hn::Add(lod, hn::Set(df, p.bias));
  if (p.apply_max) lod = MinPs(lod, hn::Set(df, p.max_lod));
  if (p.apply_min) lod = MaxPs(lod, hn::Set(df, p.min_lod));
  const MF ok = hn::And(hn::And(hn::Lt(hn::Abs(u), hn::Set(df, p.limit_u)),
                                hn::Lt(hn::Abs(v), hn::Set(df, p.limit_v))),
                        hn::Lt(hn::Abs(lod), hn::Set(df, 1073741824.0f)));
  const MI redo = hn::Not(hn::RebindMask(di, ok));
  u = hn::IfThenElseZero(ok, u);
  v = hn::IfThenElseZero(ok, v);
  lod = hn::IfThenElseZero(ok, lod);
  const VI last = hn::Set(di, static_cast<int32_t>(p.surf.levels) - 1);
  Rgba c;
  if (p.mip == MipFilter::kLinear) {
    const VF fl = hn::Floor(lod);
    VI l0 = hn::ConvertTo(di, fl);
    VF fp = hn::Sub(lod, fl);
    VI l1 = hn::Add(l0, hn::Set(di, 1));
    const MI neg = hn::Lt(l0, hn::Zero(di));
    l0 = hn::IfThenZeroElse(neg, l0);
    l1 = hn::IfThenZeroElse(neg, l1);
    fp = hn::IfThenZeroElse(hn::RebindMask(df, neg), fp);
    const MI top = hn::Not(hn::Lt(l0, last));
    l0 = hn::IfThenElse(top, last, l0);
    l1 = hn::IfThenElse(top, last, l1);
    fp = hn::IfThenZeroElse(hn::RebindMask(df, top), fp);
    c = SampleLevel(p, l0, u, v);
    // lerp8 with weight 0 returns its first operand, so the blend runs for every lane.
    const MF blend = hn::Gt(fp, hn::Zero(df));
    if (!hn::AllFalse(df, hn::And(blend, hn::RebindMask(df, active)))) {
      const Rgba c1 = SampleLevel(p, l1, u, v);
      c = Lerp8(hn::ConvertTo(di, hn::Mul(fp, hn::Set(df, 256.0f))), c, c1);
    }
  } else if (p.mip == MipFilter::kNone) {
    // lp_build_sample_common: PIPE_TEX_MIPFILTER_NONE reads the first level (decision P20).
    c = SampleLevel(p, hn::Zero(di), u, v);
  } else {
    const VI ip = RoundToInt(lod);
    c = SampleLevel(p, hn::Min(hn::Max(ip, hn::Zero(di)), last), u, v);
  }
  return Finish(ToFloat(c), L.out, i, n, active, redo, L.redo, count);
}

size_t FetchVec(const LpSurface& s, const LpFetchLanes& L, size_t i, size_t n, size_t count) {
  const DI di;
  const MI active = ActiveMask(di, L.active, i, n);
  if (hn::AllFalse(di, active)) return count;
  using DU = hn::RebindToUnsigned<DI>;
  const DU du;
  const auto x = LoadLanes(du, L.x, i, n);
  const auto y = LoadLanes(du, L.y, i, n);
  const auto level = LoadLanes(du, L.level, i, n);
  MI ok = hn::RebindMask(di, hn::Lt(level, hn::Set(du, s.levels)));
  const Level lv = LoadLevel(s, hn::IfThenElseZero(ok, hn::BitCast(di, level)));
  ok = hn::And(ok, hn::RebindMask(di, hn::Lt(x, hn::BitCast(du, lv.width))));
  ok = hn::And(ok, hn::RebindMask(di, hn::Lt(y, hn::BitCast(du, lv.height))));
  const Rgba c = Read(s, lv, hn::IfThenElseZero(ok, hn::BitCast(di, x)),
                      hn::IfThenElseZero(ok, hn::BitCast(di, y)));
  return Finish(ToFloat(c), L.out, i, n, active, hn::Not(ok), L.redo, count);
}

}  // namespace

size_t LavapipeSampleImpl(const LpSamplePlan& p, const LpSampleLanes& L, size_t begin, size_t end) {
  const size_t step = hn::Lanes(DI());
  size_t count = 0;
  for (size_t i = begin; i < end; i += step)
    count = SampleVec(p, L, i, std::min(step, end - i), count);
  return count;
}

size_t LavapipeFetchImpl(const LpSurface& s, const LpFetchLanes& L, size_t begin, size_t end) {
  const size_t step = hn::Lanes(DI());
  size_t count = 0;
  for (size_t i = begin; i < end; i += step)
    count = FetchVec(s, L, i, std::min(step, end - i), count);
  return count;
}

}  // namespace HWY_NAMESPACE
}  // namespace texsim::texunit::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texsim::texunit::simd {

HWY_EXPORT(LavapipeSampleImpl);
HWY_EXPORT(LavapipeFetchImpl);

size_t lavapipe_sample_lanes(const LpSamplePlan& plan, const LpSampleLanes& lanes, size_t begin,
                             size_t end) {
  return HWY_DYNAMIC_DISPATCH(LavapipeSampleImpl)(plan, lanes, begin, end);
}

size_t lavapipe_fetch_lanes(const LpSurface& surf, const LpFetchLanes& lanes, size_t begin,
                            size_t end) {
  return HWY_DYNAMIC_DISPATCH(LavapipeFetchImpl)(surf, lanes, begin, end);
}

}  // namespace texsim::texunit::simd
#endif  // HWY_ONCE
