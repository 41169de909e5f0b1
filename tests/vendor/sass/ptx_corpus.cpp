// The PTX texture corpora shared by the ptxas differentials: every geometry, result type,
// variant and component subset the issues' tests compile (ptx_corpus.hpp).
#include "ptx_corpus.hpp"

#include <algorithm>
#include <sstream>
#include <string>

namespace texsim::vendor {

namespace {

struct Geom {
  const char* name;
  const char* coords;  // integer coordinate vector (PTX ISA, "tex": a1d/a2d put the layer first)
  const char* offsets;
};
constexpr Geom kGeoms[] = {
    {"1d", "{%r1}", "{1}"},
    {"2d", "{%r1, %r2}", "{1, -2}"},
    {"3d", "{%r1, %r2, %r3, %r3}", "{-1, 2, 3, 0}"},
    {"a1d", "{%r9, %r1}", "{3}"},
    {"a2d", "{%r9, %r1, %r2, %r2}", "{2, -3}"},
    {"2dms", "{%r9, %r1, %r2, %r2}", nullptr},  // {sample, x, y, -}: TLDS.MS
    {"a2dms", "{%r9, %r3, %r1, %r2}", nullptr},
};

// Component subsets stored (bit k = component k), which select the write masks ptxas uses.
constexpr unsigned kSubsets[] = {0x1, 0x2, 0x4, 0x8, 0x3, 0x9, 0xa, 0xc, 0x7, 0xb, 0xd, 0xe, 0xf};

std::string kernel(unsigned n, const Geom& g, const std::string& dtype, const std::string& variant,
                   unsigned subset) {
  std::ostringstream k;
  k << ".visible .entry k" << n << "(.param .u64 out, .param .u64 tx, .param .s32 a)\n{\n"
    << "  .reg .u64 %rd<4>;\n  .reg .s32 %r<16>;\n  .reg .f32 %f<8>;\n  .reg .b32 %h<4>;\n"
    << "  .reg .pred %p<2>;\n"
    << "  ld.param.u64 %rd1, [out];\n  ld.param.u64 %rd2, [tx];\n  ld.param.s32 %r9, [a];\n"
    << "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, %tid.y;\n  mov.u32 %r3, %tid.z;\n";
  const bool f16 = dtype == "f16x2";
  const unsigned ncomp = f16 ? 2 : 4;
  std::string dst[4];
  for (unsigned c = 0; c < ncomp; ++c) {
    dst[c] = f16              ? "%h" + std::to_string(c)
             : dtype == "f32" ? "%f" + std::to_string(c)
                              : "%r" + std::to_string(10 + c);
  }
  std::string op = "tex";
  std::string tail;
  if (variant == "level") {
    op += ".level";
    tail = ", %r9";
  } else if (variant == "level0") {
    op += ".level";
    tail = ", 0";
  } else if (variant == "offset") {
    tail = std::string(", ") + g.offsets;
  }
  if (variant == "pred") {
    k << "  setp.ne.s32 %p1, %r9, 0;\n";
    for (unsigned c = 0; c < ncomp; ++c) k << "  mov.b32 " << dst[c] << ", 0;\n";
    k << "  @%p1 ";
  } else {
    k << "  ";
  }
  k << op << "." << g.name << (f16 ? ".v2.f16x2" : ".v4." + dtype) << ".s32 {";
  for (unsigned c = 0; c < ncomp; ++c) k << (c ? ", " : "") << dst[c];
  k << "}, [%rd2, " << g.coords << "]" << tail << ";\n";
  k << "  cvta.to.global.u64 %rd3, %rd1;\n";
  for (unsigned c = 0; c < ncomp; ++c) {
    if ((subset >> c) & 1u) k << "  st.global.b32 [%rd3+" << 4 * c << "], " << dst[c] << ";\n";
  }
  k << "  ret;\n}\n";
  return k.str();
}

// Issue 19: PTX texture sampling with float coordinates (tex, tex.level, tex.grad, offsets,
// predicates) and gathers (tld4.{r,g,b,a} with offsets and depth compare) in every geometry;
// ptxas emits TEXS, TLD4S and the non-scalar TEX, TLD4, TXD for them.
struct SGeom {
  const char* name;
  const char* coords;
  const char* grad_a;
  const char* grad_b;
  const char* offsets;
};
constexpr SGeom kSGeoms[] = {
    {"1d", "{%f1}", "{%f5}", "{%f6}", "{1}"},
    {"2d", "{%f1, %f2}", "{%f5, %f6}", "{%f6, %f5}", "{1, -2}"},
    {"3d", "{%f1, %f2, %f3, %f3}", "{%f5, %f6, %f7, %f7}", "{%f6, %f5, %f7, %f7}", "{-1, 2, 3, 0}"},
    {"a1d", "{%r9, %f1}", "{%f5}", "{%f6}", "{3}"},
    {"a2d", "{%r9, %f1, %f2, %f2}", "{%f5, %f6}", "{%f6, %f5}", "{2, -3}"},
    {"cube", "{%f1, %f2, %f3, %f3}", "{%f5, %f6, %f7, %f7}", "{%f6, %f5, %f7, %f7}", nullptr},
    {"acube", "{%r9, %f1, %f2, %f3}", "{%f5, %f6, %f7, %f7}", "{%f6, %f5, %f7, %f7}", nullptr},
};

std::string sample_kernel(unsigned n, const SGeom& g, const std::string& dtype,
                          const std::string& variant, unsigned subset) {
  std::ostringstream k;
  k << ".visible .entry k" << n << "(.param .u64 out, .param .u64 tx, .param .s32 a)\n{\n"
    << "  .reg .u64 %rd<4>;\n  .reg .s32 %r<16>;\n  .reg .f32 %f<16>;\n  .reg .b32 %h<4>;\n"
    << "  .reg .pred %p<2>;\n"
    << "  ld.param.u64 %rd1, [out];\n  ld.param.u64 %rd2, [tx];\n  ld.param.s32 %r9, [a];\n"
    << "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, %tid.y;\n  cvt.rn.f32.s32 %f9, %r9;\n"
    << "  cvt.rn.f32.u32 %f1, %r1;\n  cvt.rn.f32.u32 %f2, %r2;\n  add.f32 %f3, %f1, %f2;\n"
    << "  mul.f32 %f5, %f1, %f9;\n  mul.f32 %f6, %f2, %f9;\n  mul.f32 %f7, %f3, %f9;\n";
  const bool f16 = dtype == "f16x2";
  const unsigned ncomp = f16 ? 2 : 4;
  std::string dst[4];
  for (unsigned c = 0; c < ncomp; ++c) {
    dst[c] = f16              ? "%h" + std::to_string(c)
             : dtype == "f32" ? "%f" + std::to_string(10 + c)
                              : "%r" + std::to_string(10 + c);
  }
  const bool gather = variant.starts_with("tld4");
  std::string op = gather ? "tld4." + variant.substr(5, 1) : "tex";
  std::string tail;
  if (variant == "level") {
    op += ".level";
    tail = ", %f9";
  } else if (variant == "level0") {
    op += ".level";
    tail = ", 0f00000000";
  } else if (variant == "grad") {
    op += ".grad";
    tail = std::string(", ") + g.grad_a + ", " + g.grad_b;
  } else if (variant == "offset" || variant.ends_with("off") || variant.ends_with("offdc")) {
    tail = std::string(", ") + g.offsets;
  }
  if (variant.ends_with("dc")) tail += ", %f3";
  if (variant == "pred") {
    k << "  setp.ne.s32 %p1, %r9, 0;\n";
    for (unsigned c = 0; c < ncomp; ++c) k << "  mov.b32 " << dst[c] << ", 0;\n";
    k << "  @%p1 ";
  } else {
    k << "  ";
  }
  k << op << "." << g.name << (f16 ? ".v2.f16x2" : ".v4." + dtype) << ".f32 {";
  for (unsigned c = 0; c < ncomp; ++c) k << (c ? ", " : "") << dst[c];
  k << "}, [%rd2, " << g.coords << "]" << tail << ";\n";
  k << "  cvta.to.global.u64 %rd3, %rd1;\n";
  for (unsigned c = 0; c < ncomp; ++c) {
    if ((subset >> c) & 1u) k << "  st.global.b32 [%rd3+" << 4 * c << "], " << dst[c] << ";\n";
  }
  k << "  ret;\n}\n";
  return k.str();
}

// Texture queries (txq): ptxas emits TXQ TEX_HEADER_DIMENSION for them (decisions T27).
std::string query_kernel(unsigned n) {
  std::ostringstream k;
  k << ".visible .entry k" << n << "(.param .u64 out, .param .u64 tx, .param .s32 a)\n{\n"
    << "  .reg .u64 %rd<4>;\n  .reg .b32 %r<16>;\n"
    << "  ld.param.u64 %rd1, [out];\n  ld.param.u64 %rd2, [tx];\n  ld.param.s32 %r9, [a];\n";
  const char* queries[] = {"width",       "height",    "depth", "num_mipmap_levels",
                           "num_samples", "array_size"};
  unsigned r = 1;
  for (const char* q : queries) k << "  txq." << q << ".b32 %r" << r++ << ", [%rd2];\n";
  k << "  txq.level.width.b32 %r" << r++ << ", [%rd2], %r9;\n";
  k << "  cvta.to.global.u64 %rd3, %rd1;\n";
  for (unsigned i = 1; i < r; ++i) k << "  st.global.b32 [%rd3+" << 4 * i << "], %r" << i << ";\n";
  k << "  ret;\n}\n";
  return k.str();
}

}  // namespace

std::string sample_corpus(unsigned smn, unsigned& n) {
  std::ostringstream ptx;
  ptx << query_kernel(n++) << "\n";
  for (const SGeom& g : kSGeoms) {
    const bool is_2d = std::string(g.name) == "2d";
    for (const std::string dtype : {"f32", "s32", "f16x2"}) {
      if (dtype == "f16x2" && smn < 53) continue;  // PTX: .f16x2 results need sm_53
      for (const std::string variant :
           {"plain", "level", "level0", "grad", "offset", "pred", "tld4_r", "tld4_g", "tld4_b",
            "tld4_a", "tld4_roff", "tld4_gdc", "tld4_boffdc"}) {
        const bool gather = variant.starts_with("tld4");
        if (gather && (dtype == "f16x2" || (!is_2d && std::string(g.name) != "a2d"))) continue;
        if (g.offsets == nullptr &&
            (variant == "offset" || variant.find("off") != std::string::npos))
          continue;
        for (unsigned subset : kSubsets) {
          if (dtype == "f16x2" && subset > 3) continue;
          if ((dtype != "f32" || !is_2d || variant != "plain") && subset != 0xf && subset != 0x1)
            continue;
          ptx << sample_kernel(n++, g, dtype, variant, subset) << "\n";
        }
      }
    }
  }
  return ptx.str();
}

std::string fetch_corpus(unsigned smn, unsigned& n) {
  std::ostringstream ptx;
  for (const Geom& g : kGeoms) {
    for (const std::string dtype : {"f32", "s32", "u32", "f16x2"}) {
      if (dtype == "f16x2" && smn < 53) continue;  // PTX: tex .f16x2 needs sm_53
      for (const std::string variant : {"plain", "level", "level0", "offset", "pred"}) {
        const bool ms = g.offsets == nullptr;
        if (ms && (variant == "level" || variant == "level0" || variant == "offset")) continue;
        for (unsigned subset : kSubsets) {
          if (dtype == "f16x2" && subset > 3) continue;
          if (dtype != "f32" && variant != "plain" && subset != 0xf && subset != 0x1) continue;
          ptx << kernel(n++, g, dtype, variant, subset) << "\n";
        }
      }
    }
  }
  return ptx.str();
}

// The bindless corpus (decisions T28-T39): both corpora with a texture handle ptxas cannot fold
// into a constant-bank index (tx + 1 when a == 7), so it emits TEX.B, TLD.B, TLD4.B, TXD.B and
// TXQ.B with the handle in a register.
std::string bindless_corpus(unsigned smn, unsigned& n) {
  std::string ptx = sample_corpus(smn, n) + fetch_corpus(smn, n);
  const std::string load = "  ld.param.s32 %r9, [a];\n";
  const std::string pick =
      load +
      "  add.u64 %rd0, %rd2, 1;\n  setp.eq.s32 %q0, %r9, 7;\n  selp.b64 %rd2, %rd0, %rd2, %q0;\n";
  const std::string decl = "  .reg .u64 %rd<4>;\n";
  std::string out;
  for (size_t p = 0; p < ptx.size();) {
    const size_t l = ptx.find(load, p), d = ptx.find(decl, p);
    const size_t next = std::min(l, d);
    if (next == std::string::npos) {
      out += ptx.substr(p);
      break;
    }
    out += ptx.substr(p, next - p);
    out += next == l ? pick : decl + "  .reg .pred %q<1>;\n";
    p = next + (next == l ? load.size() : decl.size());
  }
  return out;
}

}  // namespace texsim::vendor
