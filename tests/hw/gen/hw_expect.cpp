// Expected results of the hardware cases (hw_expect.hpp): the same texels behind texsim's texture
// unit (PrecisionProfile::nvidia, decisions P13-P17) or a one-instruction SASS program.
#include "gen/hw_expect.hpp"

#include <bit>
#include <cstring>
#include <map>
#include <memory>

#include "isa/sass/frontend.hpp"
#include "isa/sass/scene_section.hpp"
#include "texunit/sample.hpp"

namespace texsim::hwgen {

namespace {

using hw::Elem;

bool starts_with(const std::string& s, const char* p) {
  return s.rfind(p, 0) == 0;
}

texunit::Format format_of(const hw::CaseSpec& c) {
  using F = texunit::Format;
  const bool four = c.channels == 4;
  switch (c.elem) {
    case Elem::kU8:
      return four ? F::kR8G8B8A8_UNORM : F::kR8_UNORM;
    case Elem::kS8:
      return F::kR8_SNORM;
    case Elem::kU16:
      return F::kR16_UNORM;
    case Elem::kS16:
      return F::kR16_SNORM;
    case Elem::kU32:
      return F::kR32G32B32A32_UINT;
    case Elem::kF16:
      return four ? F::kR16G16B16A16_FLOAT : F::kR16_FLOAT;
    default:
      return four ? F::kR32G32B32A32_FLOAT : F::kR32_FLOAT;
  }
}

// The case's texture as a texsim surface, texel bytes copied as the GPU's array holds them.
texunit::Surface surface_of(const hw::CaseSpec& c, const std::vector<uint8_t>& texels) {
  texunit::SurfaceDesc d;
  d.type = c.shape == hw::Shape::k1D    ? texunit::SurfaceType::k1D
           : c.shape == hw::Shape::k3D  ? texunit::SurfaceType::k3D
           : c.shape == hw::Shape::kA2D ? texunit::SurfaceType::k2DArray
           : c.shape == hw::Shape::kA1D ? texunit::SurfaceType::k1DArray
                                        : texunit::SurfaceType::k2D;
  d.format = format_of(c);
  d.width = c.w;
  d.height = c.shape == hw::Shape::k1D || c.shape == hw::Shape::kA1D ? 1 : c.h;
  d.depth = c.shape == hw::Shape::k3D ? c.d : 1;
  d.layers = hw::is_array(c.shape) ? c.d : 1;
  d.mips = c.levels;
  texunit::Surface s(d);
  const size_t bpt = c.channels * hw::elem_bytes(c.elem);
  size_t off = 0;
  for (unsigned l = 0; l < c.levels; ++l) {
    for (unsigned z = 0; z < hw::level_slices(c, l); ++z) {
      for (unsigned y = 0; y < hw::level_rows(c, l); ++y) {
        for (unsigned x = 0; x < hw::level_extent(c.w, l); ++x, off += bpt)
          std::memcpy(s.texel_ptr(0, l, z, x, y), &texels[off], bpt);
      }
    }
  }
  return s;
}

texunit::SamplerState sampler_state_of(const hw::CaseSpec& c) {
  static const texunit::AddressMode kModes[] = {
      texunit::AddressMode::kWrap, texunit::AddressMode::kClamp, texunit::AddressMode::kMirror,
      texunit::AddressMode::kBorder};  // CUaddress_mode order
  texunit::SamplerState s;
  s.min_filter = s.mag_filter = c.linear ? texunit::Filter::kLinear : texunit::Filter::kPoint;
  s.mip_filter = c.levels == 1  ? texunit::MipFilter::kNone
                 : c.mip_linear ? texunit::MipFilter::kLinear
                                : texunit::MipFilter::kPoint;
  for (size_t a = 0; a < 3; ++a) s.address[a] = kModes[c.address[a]];
  s.border_color = c.border;
  s.lod_bias = c.bias;
  s.min_lod = c.min_lod;
  s.max_lod = c.max_lod;
  s.normalized_coords = c.normalized;
  return s;
}

// The texture-unit request a sampling kernel makes (tests/hw/kernels/sample.ptx).
texunit::SampleRequest request_of(const hw::CaseSpec& c, const uint32_t* in) {
  texunit::SampleRequest r;
  r.coord = {std::bit_cast<float>(in[hw::kX]), std::bit_cast<float>(in[hw::kY]),
             std::bit_cast<float>(in[hw::kZ])};
  r.array_index = static_cast<float>(in[hw::kLayer]);
  if (starts_with(c.kernel, "level_")) {
    r.op = texunit::SampleOp::kLevel;
    r.lod = std::bit_cast<float>(in[hw::kLod]);
  } else if (starts_with(c.kernel, "grad_")) {
    r.op = texunit::SampleOp::kGrad;
    for (size_t a = 0; a < 3; ++a) {
      r.ddx[a] = std::bit_cast<float>(in[hw::kDdx + a]);
      r.ddy[a] = std::bit_cast<float>(in[hw::kDdy + a]);
    }
  } else if (starts_with(c.kernel, "tld4_")) {
    r.op = texunit::SampleOp::kGather;
    r.gather_component = static_cast<uint8_t>(std::string("rgba").find(c.kernel[5]));
  } else {
    r.op = texunit::SampleOp::kLevel;  // ptxas 11.8 compiles a compute `tex` to TEX.LL, lod 0
  }
  return r;
}

std::vector<uint32_t> texunit_results(const hw::CaseSpec& c, const texunit::Surface& s,
                                      const std::vector<uint32_t>& inputs) {
  const texunit::SamplerState smp = sampler_state_of(c);
  std::vector<uint32_t> out(size_t{c.lookups} * hw::kResultWords);
  for (unsigned i = 0; i < c.lookups; ++i) {
    const auto r =
        texunit::sample(s.view(), smp, request_of(c, &inputs[size_t{i} * hw::kInputWords]),
                        texunit::PrecisionProfile::nvidia());
    for (unsigned k = 0; k < hw::kResultWords; ++k)
      out[size_t{i} * hw::kResultWords + k] = r.texel.bits[k];
  }
  return out;
}

// The SM52 program for a fetch or query kernel, and the registers that hold its inputs
// (tests/unit/sass/exec_test.cpp shows each form's register layout).
struct SassForm {
  const char* program;
  unsigned result_regs[4];  // register of each result word (99: the word is 0)
};

SassForm sass_form(const std::string& kernel) {
  if (starts_with(kernel, "ld_1d")) return {"TLDS.LZ R2, R0, R4, 0x0, 1D, RGBA ;", {0, 1, 2, 3}};
  if (starts_with(kernel, "ld_3d"))
    return {"TLDS.LZ R2, R0, R4, R6, 0x0, 3D, RGBA ;", {0, 1, 2, 3}};
  if (starts_with(kernel, "ld_a2d"))
    return {"TLDS.LZ R2, R0, R8, R6, 0x0, ARRAY_2D, RGBA ;", {0, 1, 2, 3}};
  if (kernel == "ld_level_2d_f32")
    return {"TLDS.LL R2, R0, R8, R10, 0x0, 2D, RGBA ;", {0, 1, 2, 3}};
  if (kernel == "ld_aoffi_2d_f32")
    return {"TLDS.LZ.AOFFI R2, R0, R8, R10, 0x0, 2D, RGBA ;", {0, 1, 2, 3}};
  if (kernel == "ld_2d_f16") return {"TLDS.F16.LZ R2, R0, R4, R5, 0x0, 2D, RGBA ;", {0, 2, 99, 99}};
  if (kernel == "txq_level") return {"TXQ R0, R4, TEX_HEADER_DIMENSION, 0x0, 0x7 ;", {0, 1, 2, 99}};
  return {"TLDS.LZ R2, R0, R4, R5, 0x0, 2D, RGBA ;", {0, 1, 2, 3}};
}

// Registers R4-R10 from one input record, per form: (R4, R5) = (x, y), R6 = z or x, R7 = y,
// R8 = layer or x, R9 = y, R10 = lod or the AOFFI nibbles (u in [3:0], v in [7:4]).
std::map<uint32_t, uint32_t> sass_registers(const std::string& kernel, const uint32_t* in) {
  const bool txq = kernel == "txq_level";
  const bool a2d = starts_with(kernel, "ld_a2d"), d3 = starts_with(kernel, "ld_3d");
  const uint32_t aoffi = (in[hw::kOffset] & 0xfu) | (in[hw::kOffset + 1] & 0xfu) << 4;
  return {{4, txq ? in[hw::kLod] : in[hw::kX]},
          {5, in[hw::kY]},
          {6, d3 ? in[hw::kZ] : in[hw::kX]},
          {7, in[hw::kY]},
          {8, a2d ? in[hw::kLayer] : in[hw::kX]},
          {9, in[hw::kY]},
          {10, kernel == "ld_aoffi_2d_f32" ? aoffi : in[hw::kLod]}};
}

std::optional<std::vector<uint32_t>> sass_results(const GenCase& g, texunit::Surface s,
                                                  const std::vector<uint32_t>& inputs,
                                                  std::string& error) {
  const hw::CaseSpec& c = g.spec;
  scene::Scene sc;
  sc.isa = "sass";
  sc.surfaces.push_back(scene::SceneSurface{0, "", std::move(s), std::nullopt});
  isa::sass::SceneState& st = isa::sass::edit_scene_state(sc);
  st.tex_bank = 0;
  st.const_banks[0] = std::vector<uint8_t>(4, 0);  // handle word 0 -> header 0
  st.texture_headers =
      isa::sass::TextureHeaderPool{0, {{0, isa::sass::TextureHeader{0, 0, c.levels - 1, false}}}};
  if (g.fp16_rz) st.fp16_rounding = isa::sass::Fp16Rounding::kRz;
  const auto fe = isa::sass::make_frontend();
  const SassForm form = sass_form(c.kernel);
  core::DiagSink sink;
  const auto prog = fe->parse({"hw.sass", form.program}, "SM52", sink);
  if (!prog) {
    error = c.name + ": texsim does not parse '" + form.program + "'";
    return std::nullopt;
  }
  std::vector<uint32_t> out(size_t{c.lookups} * hw::kResultWords, 0u);
  for (unsigned i = 0; i < c.lookups; ++i) {
    isa::sass::edit_scene_state(sc).registers.r =
        sass_registers(c.kernel, &inputs[size_t{i} * hw::kInputWords]);
    const auto r = fe->execute(*prog, sc, "SM52", {}, sink);
    if (!r) {
      error = c.name + ": texsim execution failed at lookup " + std::to_string(i);
      return std::nullopt;
    }
    for (const auto& v : r->registers) {
      if (v.name.size() < 2 || v.name[0] != 'R' || v.bytes.size() < 4) continue;
      const unsigned reg = static_cast<unsigned>(std::stoul(v.name.substr(1)));
      for (unsigned k = 0; k < hw::kResultWords; ++k) {
        if (form.result_regs[k] == reg)
          std::memcpy(&out[size_t{i} * hw::kResultWords + k], v.bytes.data(), 4);
      }
    }
  }
  return out;
}

}  // namespace

texunit::Surface make_surface(const hw::CaseSpec& c, const std::vector<uint8_t>& texels) {
  return surface_of(c, texels);
}

texunit::SamplerState sampler_of(const hw::CaseSpec& c) {
  return sampler_state_of(c);
}

std::optional<std::vector<uint32_t>> expected_results(const GenCase& g,
                                                      const std::vector<uint8_t>& texels,
                                                      const std::vector<uint32_t>& inputs,
                                                      std::string& error) {
  texunit::Surface s = surface_of(g.spec, texels);
  if (g.spec.module != "sample" || g.spec.kernel == "txq_level")
    return sass_results(g, std::move(s), inputs, error);
  return texunit_results(g.spec, s, inputs);
}

}  // namespace texsim::hwgen
