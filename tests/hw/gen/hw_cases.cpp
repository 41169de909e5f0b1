// The table of hardware cases (tests/hw/gen/hw_cases.hpp): TLDS semantics (T1, T4, T5), the
// nvidia precision profile (P13-P17), addressing, LOD bias and clamp, TLD4, TXD and TXQ.
#include "gen/hw_cases.hpp"

#include <string>

namespace texsim::hwgen {

namespace {

using hw::Elem;
using hw::Shape;

constexpr int kWrap = 0, kClamp = 1, kMirror = 2, kBorder = 3;  // CUaddress_mode

struct Builder {
  std::vector<GenCase> cases;
  unsigned lookups;

  // A case with `kernel` of `module` over a w x h x d texture of `channels` x `elem`.
  GenCase& add(const char* name, const char* module, const char* kernel, Shape shape, Elem elem,
               unsigned channels, unsigned w, unsigned h, unsigned d, const char* decisions) {
    GenCase g;
    hw::CaseSpec& s = g.spec;
    s.name = name;
    s.module = module;
    s.kernel = kernel;
    s.shape = shape;
    s.elem = elem;
    s.channels = channels;
    s.w = w;
    s.h = h;
    s.d = d;
    s.lookups = lookups;
    s.decisions = decisions;
    s.read_integer = elem == Elem::kU32 || elem == Elem::kS32;
    g.seed = static_cast<unsigned>(cases.size()) + 1;
    cases.push_back(g);
    return cases.back();
  }
  // TLDS: integer coordinates, border colour 0 (TLDS has no sampler: decision T5).
  GenCase& tlds(const char* name, const char* kernel, Shape shape, Elem elem, unsigned channels,
                unsigned w, unsigned h, unsigned d, const char* decisions = "T1,T5") {
    GenCase& g = add(name, "tlds", kernel, shape, elem, channels, w, h, d, decisions);
    g.spec.address = {kBorder, kBorder, kBorder};
    return g;
  }
  // Filtered sampling with the nvidia profile.
  GenCase& sample(const char* name, const char* kernel, Shape shape, Elem elem, unsigned channels,
                  unsigned w, unsigned h, unsigned d, const char* decisions, bool normalized,
                  bool linear = true) {
    GenCase& g = add(name, "sample", kernel, shape, elem, channels, w, h, d, decisions);
    g.spec.normalized = normalized;
    g.spec.linear = linear;
    return g;
  }
  GenCase& mipmapped(GenCase& g, unsigned levels) {
    g.spec.levels = levels;
    g.spec.mip_linear = true;
    g.spec.max_lod = static_cast<float>(levels - 1);
    return g;
  }
};

void add_tlds(Builder& b) {
  b.tlds("tlds_1d_rgba32ui", "ld_1d_u32", Shape::k1D, Elem::kU32, 4, 61, 1, 1);
  b.tlds("tlds_2d_rgba32ui", "ld_2d_u32", Shape::k2D, Elem::kU32, 4, 37, 23, 1);
  b.tlds("tlds_3d_rgba32ui", "ld_3d_u32", Shape::k3D, Elem::kU32, 4, 13, 11, 7);
  b.tlds("tlds_a2d_rgba32ui", "ld_a2d_u32", Shape::kA2D, Elem::kU32, 4, 17, 9, 5);
  b.tlds("tlds_2d_rgba8", "ld_2d_f32", Shape::k2D, Elem::kU8, 4, 33, 17, 1);
  b.tlds("tlds_1d_rgba8", "ld_1d_f32", Shape::k1D, Elem::kU8, 4, 45, 1, 1);
  b.tlds("tlds_3d_r32f", "ld_3d_f32", Shape::k3D, Elem::kF32, 1, 7, 6, 5);
  b.tlds("tlds_2d_r32f", "ld_2d_f32", Shape::k2D, Elem::kF32, 1, 29, 19, 1, "T1,T5,T51");
  b.tlds("tlds_a2d_r32f", "ld_a2d_f32", Shape::kA2D, Elem::kF32, 1, 15, 13, 4);
  // TLDS ignores the sampler: out-of-range texels read 0 even where the descriptor clamps.
  b.tlds("tlds_2d_rgba8_clamp", "ld_2d_f32", Shape::k2D, Elem::kU8, 4, 21, 11, 1).spec.address = {
      kClamp, kClamp, kClamp};
  GenCase& ll = b.tlds("tlds_ll_2d_rgba8", "ld_level_2d_f32", Shape::k2D, Elem::kU8, 4, 32, 16, 1);
  ll.spec.levels = 5;
  ll.spec.max_lod = 4.0f;
  b.tlds("tlds_aoffi_2d_r32f", "ld_aoffi_2d_f32", Shape::k2D, Elem::kF32, 1, 19, 17, 1);
  GenCase& rn = b.add("tlds_f16_rn_2d_rgba32f", "tlds_f16", "ld_2d_f16", Shape::k2D, Elem::kF32, 4,
                      23, 13, 1, "T4");
  rn.spec.address = {kBorder, kBorder, kBorder};
  GenCase rz = rn;
  rz.spec.name = "tlds_f16_rz_2d_rgba32f";
  rz.fp16_rz = true;
  rz.spec.decisions = "T4.rz";  // the alternative: agrees where the GPU rounds toward zero
  b.cases.push_back(rz);
}

void add_filtering(Builder& b) {
  b.sample("tex_1d_r32f", "tex_1d", Shape::k1D, Elem::kF32, 1, 37, 1, 1, "P13,P17", false);
  b.sample("tex_2d_r32f", "tex_2d", Shape::k2D, Elem::kF32, 1, 19, 13, 1, "P13,P17", false);
  b.sample("tex_3d_r32f", "tex_3d", Shape::k3D, Elem::kF32, 1, 9, 7, 5, "P13,P17", false);
  b.sample("tex_2d_r32f_norm", "tex_2d", Shape::k2D, Elem::kF32, 1, 37, 29, 1, "P14", true);
  b.sample("tex_2d_r16f", "tex_2d", Shape::k2D, Elem::kF16, 1, 23, 17, 1, "P17", false);
  b.sample("tex_2d_r8_unorm", "tex_2d", Shape::k2D, Elem::kU8, 1, 23, 17, 1, "P15,P17", false);
  b.sample("tex_2d_r8_snorm", "tex_2d", Shape::k2D, Elem::kS8, 1, 23, 17, 1, "P15,P17", false);
  b.sample("tex_2d_r16_unorm", "tex_2d", Shape::k2D, Elem::kU16, 1, 23, 17, 1, "P15", false);
  b.sample("tex_2d_r16_snorm", "tex_2d", Shape::k2D, Elem::kS16, 1, 23, 17, 1, "P15", false);
  b.sample("tex_1d_r16_unorm_ties", "tex_1d", Shape::k1D, Elem::kU16, 1, 64, 1, 1, "P15", false)
      .texels = Texels::kConsecutive;
  b.sample("tex_3d_r16_unorm", "tex_3d", Shape::k3D, Elem::kU16, 1, 9, 7, 5, "P15", false);
  b.mipmapped(
      b.sample("level_2d_r32f", "level_2d", Shape::k2D, Elem::kF32, 1, 64, 32, 1, "P16", true), 6);
  b.mipmapped(
      b.sample("level_2d_r8_unorm", "level_2d", Shape::k2D, Elem::kU8, 1, 32, 32, 1, "P16", true),
      6);
  b.mipmapped(
      b.sample("level_3d_r32f", "level_3d", Shape::k3D, Elem::kF32, 1, 16, 16, 16, "P16", true), 5);
  b.mipmapped(
      b.sample("level_1d_r32f", "level_1d", Shape::k1D, Elem::kF32, 1, 128, 1, 1, "P16", true), 8);
  b.sample("tex_2d_r32f_point", "tex_2d", Shape::k2D, Elem::kF32, 1, 19, 13, 1, "P14", false,
           false);
  b.sample("tex_1d_r32f_point_norm", "tex_1d", Shape::k1D, Elem::kF32, 1, 37, 1, 1, "P14", true,
           false);
}

void add_addressing_and_lod(Builder& b) {
  const int modes[] = {kWrap, kClamp, kMirror, kBorder};
  const char* const names[] = {"tex_2d_rgba8_wrap", "tex_2d_rgba8_clamp", "tex_2d_rgba8_mirror",
                               "tex_2d_rgba8_border"};
  for (int i = 0; i < 4; ++i) {
    GenCase& g = b.sample(names[i], "tex_2d", Shape::k2D, Elem::kU8, 4, 13, 11, 1, "D14,P13", true);
    g.spec.address = {modes[i], modes[i], modes[i]};
    g.spec.border = {0.25f, 0.5f, 0.75f, 1.0f};
  }
  GenCase& a2d =
      b.sample("tex_a2d_rgba8", "tex_a2d", Shape::kA2D, Elem::kU8, 4, 12, 10, 5, "T48,P13", true);
  a2d.spec.address = {kWrap, kWrap, kWrap};
  GenCase& grad = b.mipmapped(b.sample("grad_2d_r32f_bias_clamp", "grad_2d", Shape::k2D, Elem::kF32,
                                       1, 64, 64, 1, "T52,D11,P16", true),
                              7);
  grad.spec.bias = 0.75f;
  grad.spec.min_lod = 0.5f;
  grad.spec.max_lod = 4.25f;
  b.mipmapped(b.sample("grad_3d_r32f", "grad_3d", Shape::k3D, Elem::kF32, 1, 16, 16, 16,
                       "T52,D11,P16", true),
              5);
  GenCase& lb = b.mipmapped(b.sample("level_2d_r32f_bias", "level_2d", Shape::k2D, Elem::kF32, 1,
                                     32, 32, 1, "T47,D11", true),
                            6);
  lb.spec.bias = 0.5f;
  lb.spec.min_lod = 0.75f;
  lb.spec.max_lod = 3.5f;
}

void add_gather_and_query(Builder& b) {
  const char* const names[] = {"tld4_r_2d_rgba8", "tld4_g_2d_rgba8", "tld4_b_2d_rgba8",
                               "tld4_a_2d_rgba8"};
  const char* const kernels[] = {"tld4_r_2d", "tld4_g_2d", "tld4_b_2d", "tld4_a_2d"};
  for (int i = 0; i < 4; ++i)
    b.sample(names[i], kernels[i], Shape::k2D, Elem::kU8, 4, 17, 13, 1, "T50", true);
  GenCase& q2 = b.mipmapped(
      b.sample("txq_2d", "txq_level", Shape::k2D, Elem::kU8, 4, 64, 32, 1, "T60,T61", true), 7);
  q2.spec.compare_mask = 0x7;
  GenCase& q3 = b.mipmapped(
      b.sample("txq_3d", "txq_level", Shape::k3D, Elem::kU8, 1, 16, 8, 4, "T60,T61", true), 5);
  q3.spec.compare_mask = 0x7;
  GenCase& qa = b.mipmapped(
      b.sample("txq_a2d", "txq_level", Shape::kA2D, Elem::kU8, 1, 16, 8, 6, "T60,T61", true), 4);
  qa.spec.compare_mask = 0x7;
}

}  // namespace

std::vector<GenCase> hw_cases(unsigned lookups) {
  Builder b{{}, lookups};
  add_tlds(b);
  add_filtering(b);
  add_addressing_and_lod(b);
  add_gather_and_query(b);
  // Single-channel filtered results: only R is compared (the other words are the format's
  // defaults, a separate question); TLDS compares every channel (T5: missing ones read 0).
  for (GenCase& g : b.cases) {
    if (g.spec.module == "sample" && g.spec.channels == 1 && g.spec.compare_mask == 0xf)
      g.spec.compare_mask = 0x1;
  }
  return b.cases;
}

}  // namespace texsim::hwgen
