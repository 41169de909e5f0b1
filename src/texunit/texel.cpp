// The out-of-bounds texel value (D3D11.3 §19.1.3.3 missing-component defaults).
// Pure value code; depends on nothing but texel.hpp.
#include "texunit/texel.hpp"

namespace texsim::texunit {

Texel out_of_bounds_texel(TexelKind kind, unsigned present_mask) {
  Texel t;
  t.kind = kind;
  if ((present_mask & 0x8u) == 0) {
    t.bits[3] = kind == TexelKind::kFloat ? 0x3f800000u : 1u;
  }
  return t;
}

}  // namespace texsim::texunit
