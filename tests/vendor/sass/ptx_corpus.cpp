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

namespace {

// Issue 29 item 4: whole programs, not only texture lines. Each kernel is one PTX body; the
// module-scope texref/surfref and the non-inlined .func come first (program_corpus).
std::string entry(unsigned n, const std::string& body, const std::string& regs) {
  return ".visible .entry k" + std::to_string(n) +
         "(.param .u64 out, .param .u64 tx, .param .s32 a, .param .f32 x)\n{\n" +
         "  .reg .u64 %rd<8>;\n  .reg .b32 %r<24>;\n  .reg .f32 %f<24>;\n  .reg .pred %p<4>;\n" +
         regs + "  ld.param.u64 %rd1, [out];\n  ld.param.u64 %rd2, [tx];\n" +
         "  ld.param.s32 %r1, [a];\n  ld.param.f32 %f1, [x];\n  mov.u32 %r2, %tid.x;\n" +
         "  cvta.to.global.u64 %rd3, %rd1;\n  mul.wide.u32 %rd4, %r2, 4;\n" +
         "  add.s64 %rd5, %rd3, %rd4;\n" + body + "  ret;\n}\n\n";
}

// Global atomics and reductions of every kind PTX has for sm_50 (ATOM, RED, ATOM.CAS), shared
// atomics (ATOMS) and, from sm_60, the f64 add.
std::string atomics_body(unsigned smn) {
  std::ostringstream b;
  b << "  atom.global.add.u32 %r3, [%rd3], %r1;\n  atom.global.exch.b32 %r4, [%rd3+4], %r2;\n"
    << "  atom.global.cas.b32 %r5, [%rd3+8], %r3, %r4;\n  atom.global.min.s32 %r6, [%rd3+12], "
       "%r5;\n"
    << "  atom.global.max.u32 %r7, [%rd3+16], %r6;\n  atom.global.and.b32 %r8, [%rd3+20], %r7;\n"
    << "  atom.global.or.b32 %r9, [%rd3+24], %r8;\n  atom.global.xor.b32 %r10, [%rd3+28], %r9;\n"
    << "  atom.global.inc.u32 %r11, [%rd3+32], %r10;\n  atom.global.dec.u32 %r12, [%rd3+36], 9;\n"
    << "  atom.global.add.f32 %f2, [%rd3+40], %f1;\n  cvt.u64.u32 %rd6, %r12;\n"
    << "  atom.global.add.u64 %rd7, [%rd3+48], %rd6;\n  red.global.add.u32 [%rd3+56], %r11;\n"
    << "  red.global.add.f32 [%rd5], %f2;\n  atom.shared.add.u32 %r13, [sh], %r2;\n"
    << "  atom.shared.cas.b32 %r14, [sh+4], %r13, %r1;\n  bar.sync 0;\n"
    << "  ld.shared.u32 %r15, [sh+8];\n  add.s32 %r16, %r15, %r14;\n"
    << "  cvt.u32.u64 %r17, %rd7;\n  add.s32 %r16, %r16, %r17;\n  st.global.u32 [%rd5], %r16;\n";
  if (smn >= 60)
    b << "  cvt.f64.f32 %fd1, %f2;\n  atom.global.add.f64 %fd2, [%rd3+64], %fd1;\n"
      << "  st.global.f64 [%rd3+72], %fd2;\n";
  return b.str();
}

// Global and shared writes of every width, a loop with a data-dependent branch and warp
// intrinsics: what ptxas dual-issues most.
std::string writes_body() {
  return "  cvt.u8.u32 %rs1, %r2;\n  st.global.u8 [%rd5], %rs1;\n"
         "  cvt.u16.u32 %rs2, %r1;\n  st.global.u16 [%rd5+2], %rs2;\n"
         "  st.global.v2.u32 [%rd3+8], {%r1, %r2};\n"
         "  cvt.rn.f32.s32 %f2, %r1;\n  mul.f32 %f3, %f2, %f1;\n  fma.rn.f32 %f4, %f3, %f1, %f2;\n"
         "  st.global.v4.f32 [%rd3+16], {%f1, %f2, %f3, %f4};\n"
         "  shl.b32 %r3, %r2, 2;\n  mov.u32 %r4, sh;\n  add.s32 %r5, %r4, %r3;\n"
         "  st.shared.u32 [%r5], %r1;\n  bar.sync 0;\n  ld.shared.u32 %r6, [%r5+4];\n"
         "  mov.u32 %r7, 0;\n  mov.f32 %f5, 0f00000000;\nLOOP:\n"
         "  add.s32 %r7, %r7, 1;\n  cvt.rn.f32.s32 %f6, %r7;\n  fma.rn.f32 %f5, %f6, %f1, %f5;\n"
         "  setp.lt.s32 %p1, %r7, %r1;\n  @%p1 bra LOOP;\n"
         "  shfl.sync.bfly.b32 %r8, %r6, 1, 31, -1;\n  vote.sync.ballot.b32 %r9, %p1, -1;\n"
         "  add.s32 %r10, %r8, %r9;\n  cvt.rzi.s32.f32 %r11, %f5;\n  add.s32 %r10, %r10, %r11;\n"
         "  st.global.u32 [%rd5+64], %r10;\n  cvt.f64.f32 %fd1, %f5;\n"
         "  st.global.f64 [%rd3+80], %fd1;\n";
}

// Division, reciprocal and square root: ptxas calls its slow-path subroutines (CAL/RET), e.g.
// __cuda_sm20_rcp_rn_f32_slowpath, and the integer division sequences; and a .func call.
std::string divide_body() {
  return "  cvt.rn.f32.u32 %f2, %r2;\n  div.rn.f32 %f3, %f1, %f2;\n  rcp.rn.f32 %f4, %f2;\n"
         "  sqrt.rn.f32 %f5, %f2;\n  div.full.f32 %f6, %f1, %f2;\n"
         "  add.f32 %f7, %f3, %f4;\n  add.f32 %f7, %f7, %f5;\n  add.f32 %f7, %f7, %f6;\n"
         "  div.s32 %r3, %r1, %r2;\n  rem.u32 %r4, %r1, %r2;\n  add.s32 %r5, %r3, %r4;\n"
         "  cvt.f64.f32 %fd1, %f1;\n  cvt.f64.f32 %fd2, %f2;\n  div.rn.f64 %fd3, %fd1, %fd2;\n"
         "  rcp.rn.f64 %fd4, %fd2;\n  add.f64 %fd3, %fd3, %fd4;\n"
         "  { .reg .f32 %t;\n  call (%t), helper, (%f7);\n  add.f32 %f7, %f7, %t;\n  }\n"
         "  st.global.f32 [%rd5], %f7;\n  st.global.u32 [%rd5+4], %r5;\n"
         "  st.global.f64 [%rd3+8], %fd3;\n";
}

// The module's texture and surface references (texref relocations in relocatable cubins),
// sampled, fetched, queried and loaded next to plain arithmetic.
std::string texref_body() {
  return "  cvt.rn.f32.u32 %f2, %r2;\n  cvt.rn.f32.s32 %f3, %r1;\n"
         "  tex.2d.v4.f32.f32 {%f4, %f5, %f6, %f7}, [trf, {%f2, %f3}];\n"
         "  tex.1d.v4.s32.s32 {%r3, %r4, %r5, %r6}, [trf, {%r2}];\n"
         "  tex.2d.v4.f32.f32 {%f8, %f9, %f10, %f11}, [%rd2, {%f3, %f2}];\n"
         "  txq.width.b32 %r7, [trf];\n  suld.b.2d.b32.trap {%r8}, [srf, {%r2, %r1}];\n"
         "  sust.b.2d.b32.trap [srf, {%r1, %r2}], {%r3};\n"
         "  suld.b.1d.v2.b32.clamp {%r10, %r11}, [srf, {%r2}];\n"
         "  sust.p.2d.b32.trap [srf, {%r2, %r1}], {%r10};\n"
         "  sured.b.add.2d.u32.zero [srf, {%r1, %r2}], %r11;\n"
         "  sured.b.min.1d.s32.trap [%rd2, {%r1}], %r4;\n"
         "  add.f32 %f12, %f4, %f8;\n  add.f32 %f13, %f5, %f9;\n  add.s32 %r9, %r7, %r8;\n"
         "  add.s32 %r9, %r9, %r4;\n"
         "  st.global.v4.f32 [%rd3], {%f12, %f13, %f6, %f11};\n  st.global.u32 [%rd5+16], %r9;\n";
}

// sm_53+: half-precision pairs (HADD2, HMUL2, HFMA2, their _32I forms, HSETP2, HSET2).
std::string half_body() {
  return "  mov.b32 %h1, %r1;\n  mov.b32 %h2, %r2;\n  add.f16x2 %h3, %h1, %h2;\n"
         "  mul.f16x2 %h4, %h3, %h1;\n  fma.rn.f16x2 %h5, %h4, %h2, %h3;\n"
         "  mov.b32 %h6, 0x3c014003;\n  add.f16x2 %h7, %h5, %h6;\n"
         "  fma.rn.sat.f16x2 %h5, %h7, %h6, %h4;\n  sub.ftz.f16x2 %h5, %h5, %h2;\n"
         "  setp.ltu.f16x2 %p1|%p2, %h5, %h1;\n  set.gt.u32.f16x2 %r4, %h5, %h2;\n"
         "  selp.b32 %r4, %r4, 7, %p1;\n  selp.b32 %r4, %r4, 9, %p2;\n"
         "  mov.b32 %r3, %h5;\n  st.global.u32 [%rd5], %r3;\n  st.global.u32 [%rd5+4], %r4;\n";
}

}  // namespace

std::string program_corpus(unsigned smn, unsigned& n) {
  std::string ptx =
      ".global .texref trf;\n.global .surfref srf;\n.shared .align 4 .b8 sh[1024];\n"
      ".func (.reg .f32 r) helper(.reg .f32 v)\n{\n  .reg .f32 %q;\n  rcp.rn.f32 %q, v;\n"
      "  add.f32 r, %q, v;\n  ret;\n}\n\n";
  const std::string wide = "  .reg .f64 %fd<8>;\n  .reg .u16 %rs<4>;\n";
  ptx += entry(n++, atomics_body(smn), wide);
  ptx += entry(n++, writes_body(), wide);
  ptx += entry(n++, divide_body(), wide);
  ptx += entry(n++, texref_body(), "");
  if (smn >= 53) ptx += entry(n++, half_body(), "  .reg .b32 %h<8>;\n");
  return ptx;
}

}  // namespace texsim::vendor
