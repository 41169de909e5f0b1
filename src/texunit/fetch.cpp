// Exact texel fetch (D3D11.3 §22.4.6 `ld`, §22.4.7 `ld2dms`) over a SurfaceView: offsets,
// bounds, MSAA sample selection through MCS, fast clear and null tiles. Depends on surface/format.
#include "texunit/fetch.hpp"

#include <cassert>

#include "texunit/format.hpp"

namespace texsim::texunit {
namespace {

// The texel and the plane it lives in, after offsets and bounds checks.
struct Address {
  uint32_t x = 0, y = 0, z = 0;
  uint32_t slice_or_z = 0;  // array slice (cube: face + 6 * cube), or z for 3D
};

// Applies the immediate offsets and checks every axis against the level. §22.4.6: "if the
// offset causes the address to go below zero, it will wrap to a large address, and result in
// an out of bounds access"; "Address offsets are not applied along the array axis".
bool resolve_address(const SurfaceView& v, const FetchRequest& req, Address& a) {
  const SurfaceDesc& d = v.desc;
  if (req.level >= d.mips || req.level >= v.layout.levels.size()) return false;
  const LevelLayout& lv = v.layout.levels[req.level];
  const unsigned dims = d.coord_dims();
  a.x = req.coord[0] + static_cast<uint32_t>(req.offset[0]);
  if (a.x >= lv.width) return false;
  if (dims >= 2) {
    a.y = req.coord[1] + static_cast<uint32_t>(req.offset[1]);
    if (a.y >= lv.height) return false;
  }
  if (dims == 3) {
    a.z = req.coord[2] + static_cast<uint32_t>(req.offset[2]);
    if (a.z >= lv.depth) return false;
    a.slice_or_z = a.z;
  } else if (d.is_array() || d.type == SurfaceType::kCube) {
    // Cube faces are slices (face + 6 * cube); offsets never move to another face.
    if (req.slice >= d.slices()) return false;
    a.slice_or_z = req.slice;
  }
  return true;
}

bool in_null_region(const SurfaceView& v, uint32_t level, const Address& a) {
  for (const NullRegion& r : v.null_regions) {
    if (r.contains(level, a.slice_or_z, a.x, a.y)) return true;
  }
  return false;
}

}  // namespace

FetchResult fetch_texel(const SurfaceView& view, const FetchRequest& req,
                        const FetchOptions& opts) {
  const SurfaceDesc& d = view.desc;
  const FormatInfo& fi = format_info(d.format);
  FetchResult res;
  // §22.4.6/§22.4.7: out of range -> 0 in present components, defaults for missing ones.
  res.texel = out_of_bounds_texel(fi.result_kind, fi.present_mask());

  Address a;
  if (!resolve_address(view, req, a)) return res;

  // Sample selection (single-sample surfaces ignore the sample index and MCS).
  uint32_t plane = 0;
  if (d.samples > 1) {
    // §22.4.7: an out-of-range sampleIndex is undefined; the policy picks a behaviour.
    auto apply_policy = [&](uint32_t s, uint32_t& out) {
      if (s < d.samples) {
        out = s;
        return true;
      }
      if (opts.sample_policy == SampleIndexPolicy::kClamp) {
        out = d.samples - 1;
        return true;
      }
      return false;
    };
    uint32_t sample = 0;
    if (!apply_policy(req.sample, sample)) return res;

    std::optional<uint64_t> mcs = req.mcs;
    if (!mcs && !view.mcs.empty()) {
      const size_t idx =
          (size_t{a.slice_or_z} * d.height + a.y) * d.width + a.x;  // level 0 only (MSAA: 1 mip)
      assert(idx < view.mcs.size());
      if (idx < view.mcs.size()) mcs = view.mcs[idx];
    }
    if (mcs) {
      const std::optional<uint32_t> frag = mcs_fragment(*mcs, sample, d.samples);
      if (!frag) {
        // Fast clear: no texel memory is read, so null tiles do not apply.
        res.in_bounds = true;
        res.fast_cleared = true;
        if (view.clear_color) {
          res.texel = *view.clear_color;
          res.texel.kind = fi.result_kind;
        }
        return res;
      }
      // A fragment index beyond the sample count is treated as an out-of-range sample index.
      if (!apply_policy(*frag, plane)) return res;
    } else {
      plane = sample;
    }
  }

  res.in_bounds = true;
  if (!view.null_regions.empty() && in_null_region(view, req.level, a)) {
    res.null_tile = true;  // unmapped pages read as zero (+ missing-component defaults)
    return res;
  }

  const uint64_t off = texel_byte_offset(d, view.layout, plane, req.level, a.slice_or_z, a.x, a.y);
  assert(off + fi.bytes_per_block <= view.bytes.size());
  if (off + fi.bytes_per_block > view.bytes.size()) {
    // A view smaller than its layout: never read outside it (§22.4.7 "cannot return data
    // outside of the address space").
    res.in_bounds = false;
    return res;
  }
  if (view.read_log != nullptr) {
    view.read_log->push_back({req.level, a.slice_or_z, a.x, a.y, plane});
  }
  // §22.4.6: ld returns the stored bits (float32 untouched, denormals kept); decode_texel
  // owns the format rules, including picking the texel inside a BCn block.
  res.texel =
      decode_texel(d.format, view.bytes.data() + off, a.x % fi.block_width, a.y % fi.block_height);
  return res;
}

uint64_t fetch_mcs(const SurfaceView& view, const FetchRequest& req) {
  if (view.mcs.empty()) return 0;
  Address a;
  if (!resolve_address(view, req, a)) return 0;
  if (req.level != 0) return 0;  // the plane covers level 0 only
  const SurfaceDesc& d = view.desc;
  const size_t idx = (size_t{a.slice_or_z} * d.height + a.y) * d.width + a.x;
  return idx < view.mcs.size() ? view.mcs[idx] : 0;
}

}  // namespace texsim::texunit
