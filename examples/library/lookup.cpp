// texsim library example: a surface from memory, a sampler, and one sample message of 8 lanes
// run with the d3d profile and with the lavapipe profile (docs/library.md).
#include <texsim/texsim.hpp>

#include <bit>
#include <cstdio>
#include <vector>

int main() {
  std::printf("texsim %s\n", texsim::version());

  // A 4x4 RGBA8 surface: texel (x, y) = (64x, 64y, 0, 255), in the linear layout.
  texsim::SurfaceDesc desc;
  desc.format = "R8G8B8A8_UNORM";
  desc.width = desc.height = 4;
  std::vector<uint8_t> texels;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      texels.insert(texels.end(), {uint8_t(64 * x), uint8_t(64 * y), 0, 255});
  texsim::Diagnostics diags;
  auto surface = texsim::Surface::from_memory(desc, texels, diags);
  if (!surface) {
    for (const auto& d : diags) std::fprintf(stderr, "%s\n", d.text.c_str());
    return 1;
  }

  texsim::Sampler sampler;  // bilinear, clamp
  sampler.mip_filter = texsim::MipFilter::kNone;

  // Eight lanes along the diagonal, explicit LOD 0 (sample_l).
  const size_t n = 8;
  std::vector<float> u(n), v(n), lod(n, 0.0f);
  for (size_t i = 0; i < n; ++i) u[i] = v[i] = (static_cast<float>(i) + 0.5f) / 8.0f;
  texsim::SampleLanes lanes;
  lanes.count = n;
  lanes.op = texsim::SampleOp::kLevel;
  lanes.u = u;
  lanes.v = v;
  lanes.lod = lod;

  std::vector<uint32_t> r(n), g(n), b(n), a(n);
  for (texsim::Profile p : {texsim::Profile::kD3D, texsim::Profile::kLavapipe}) {
    texsim::SampleOptions options;
    options.profile = p;  // lavapipe: SIMD groups and quads are formed inside
    const auto st = texsim::sample(*surface, sampler, lanes, {r, g, b, a}, options, diags);
    if (!st.ok) {
      for (const auto& d : diags) std::fprintf(stderr, "%s\n", d.text.c_str());
      return 1;
    }
    std::printf("%s:\n", std::string(texsim::profile_name(p)).c_str());
    for (size_t i = 0; i < n; ++i)
      std::printf("  lane %zu (%.4f, %.4f) -> %.6f %.6f %.6f %.6f\n", i, u[i], v[i],
                  std::bit_cast<float>(r[i]), std::bit_cast<float>(g[i]),
                  std::bit_cast<float>(b[i]), std::bit_cast<float>(a[i]));
  }
  // Clamping: lane 0 reads only texel (0, 0) and lane 7 only texel (3, 3) (R = 192/255).
  const float r0 = std::bit_cast<float>(r[0]), r7 = std::bit_cast<float>(r[7]);
  return r0 == 0.0f && r7 > 0.7529f && r7 < 0.7530f ? 0 : 1;
}
