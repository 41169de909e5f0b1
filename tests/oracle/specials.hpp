// Special-value lanes for the differential oracle (issue 18, classes A-F): NaN, +-Inf, overflowing
// and denormal inputs drawn on purpose into a share of every batch. Depends on cases.hpp only.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "cases.hpp"

namespace texsim::oracle {

// Issue 18's classes of special inputs (G, the effect of A and F on the other lanes of an
// 8-lane group, needs no input of its own: it shows on the finite lanes next to them).
enum class Special : uint8_t {
  kNone,
  kNanDerivative,       // A: a NaN explicit derivative component
  kCoord,               // B: a NaN / +-Inf / huge coordinate (or array layer)
  kNanReference,        // C: a NaN / +-Inf depth reference
  kOverflowDerivative,  // D: finite derivatives of ~1e19 texels (or +-Inf)
  kDenormal,            // E: denormal coordinates, derivatives, LOD or bias
  kNanLod,              // F: a NaN / +-Inf explicit LOD or shader bias
  kCount
};
constexpr size_t kSpecialCount = static_cast<size_t>(Special::kCount);
std::string_view special_name(Special s);

// Rewrites about `percent`% of the batch's sampling lanes (whole quads for fragment ops) with a
// special input of a class the op can take, in both the GPU lanes and texsim's requests, from
// a random stream of its own (the finite lanes keep their values). Fetch batches are left as
// they are (integer inputs). Returns each lane's class.
std::vector<Special> inject_specials(Batch& b, unsigned percent);

// Gives about `percent`% of the sampling batches without a comparison a min or max reduction
// (VK_EXT_sampler_filter_minmax), from a random stream of its own. Returns whether it did.
bool inject_reduction(Batch& b, unsigned percent);

// Gives about `percent`% of the sampling batches a max_anisotropy of 2..16 (anisotropyEnable;
// half of them a fraction in (1, 16] instead: 1 + k / 256),
// from a random stream of its own, never to integer formats (lavapipe aborts on those). Returns
// whether it did. Off by default (--anisotropy PCT); the lavapipe profile models lavapipe's
// anisotropic filter (decisions.md, P12).
bool inject_anisotropy(Batch& b, unsigned percent);

// Rewrites about `percent`% of the 8-lane groups of an anisotropic compute sampling batch (not
// cube maps) with lanes far apart: each lane's s and t at 0, an integer or a 1/65536 step in
// [-8, 8], so a group's lane quads (lp_build_sample_aniso differentiates them) span up to 16
// images and their ellipses' bounding boxes reach millions of texels (issue 33 defect 3, decision
// P22). Lanes with a special input keep theirs. From a random stream of its own; returns 1 for
// each lane rewritten.
std::vector<uint8_t> inject_scattered_lanes(Batch& b, std::span<const Special> special,
                                            unsigned percent);

// Gives about `percent`% of the sampling batches mip filter "none" (MipFilter::kNone), from a
// random stream of its own: texsim samples the whole chain with it, Vulkan a view of level 0
// alone (image_spec), which lavapipe samples with PIPE_TEX_MIPFILTER_NONE. Not for
// textureQueryLod (a one-level view clamps its level to 0) nor anisotropic batches. Returns
// whether it did (issue 33, decision P20).
bool inject_mip_none(Batch& b, unsigned percent);

}  // namespace texsim::oracle
