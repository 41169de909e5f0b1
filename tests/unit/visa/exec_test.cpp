// Execution: MEDIA_LD (every width class, field modes, planes, OOB on every edge and policy) and
// GATHER_SCALED (block counts, undefined upper bytes, OOB and partial blocks, disabled lanes,
// masks, predicates, wrapping offsets, SLM, stateless and buffer surfaces).
#include "isa/visa/exec.hpp"

#include <gtest/gtest.h>

#include "isa/visa/lower.hpp"
#include "isa/visa/scene_section.hpp"
#include "scene/report.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kDeclsExec = R"(.version 4.2
.decl T6 v_type=T num_elts=1
.decl T7 v_type=T num_elts=1
.decl V33 v_type=G type=ud num_elts=1 align=dword
.decl V34 v_type=G type=ud num_elts=1 align=dword
.decl V35 v_type=G type=ub num_elts=256 align=GRF
.decl V40 v_type=G type=ud num_elts=32 align=GRF
.decl V41 v_type=G type=ud num_elts=32 align=GRF
.decl P1 v_type=P num_elts=32
)";

VisaRegister ud(std::initializer_list<uint32_t> vals) {
  VisaRegister r;
  r.type = scene::ElemType::kUD;
  for (uint32_t v : vals) {
    for (int k = 0; k < 4; ++k) r.bytes.push_back(static_cast<uint8_t>(v >> (8 * k)));
  }
  return r;
}

VisaRegister filled(size_t n, uint8_t b) {
  VisaRegister r;
  r.type = scene::ElemType::kUB;
  r.bytes.assign(n, b);
  return r;
}

// A 2D surface whose byte at (row y, byte x) is f(x, y).
template <typename F>
scene::SceneSurface surface(uint32_t id, texunit::Format fmt, uint32_t w, uint32_t h, F f,
                            texunit::SurfaceType type = texunit::SurfaceType::k2D) {
  texunit::SurfaceDesc d;
  d.type = type;
  d.format = fmt;
  d.width = w;
  d.height = h;
  scene::SceneSurface s;
  s.id = id;
  s.surface = texunit::Surface(d);
  const auto& lv = s.surface.layout().levels[0];
  const uint32_t bpp = texunit::format_info(fmt).bytes_per_block;
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w * bpp; ++x)
      s.surface.bytes()[lv.offset + y * lv.row_pitch + x] = f(x, y);
  }
  return s;
}

uint8_t pattern(uint32_t x, uint32_t y) {
  return static_cast<uint8_t>(x + 7 * y + 1);
}

struct Outcome {
  std::optional<RunResult> result;
  core::DiagSink sink;
  scene::RegisterValue reg(const std::string& name) const {
    for (const auto& r : result->registers) {
      if (r.name == name) return r;
    }
    return {};
  }
};

Outcome run(const std::string& line, const scene::Scene& sc, ExecConfig cfg = {},
            Platform p = Platform::kTGLLP) {
  Outcome r;
  auto parsed = test::parse(std::string(kDeclsExec) + line + "\n", p);
  EXPECT_FALSE(parsed.sink.has_errors()) << test::all_diags(parsed.sink);
  r.result = execute_program(*parsed.prog, sc, cfg, r.sink);
  return r;
}

scene::Scene media_scene(int32_t x, int32_t y, uint32_t w = 64, uint32_t h = 64) {
  scene::Scene sc;
  sc.surfaces.push_back(surface(6, texunit::Format::kR8_UINT, w, h, pattern));
  edit_scene_state(sc).registers["V33"] = ud({static_cast<uint32_t>(x)});
  edit_scene_state(sc).registers["V34"] = ud({static_cast<uint32_t>(y)});
  edit_scene_state(sc).registers["V35"] = filled(256, 0xab);
  return sc;
}

std::string media(unsigned w, unsigned h, const char* mod = "nomod", unsigned plane = 0) {
  return "media_ld." + std::string(mod) + " (" + std::to_string(w) + "," + std::to_string(h) +
         ") T6 " + std::to_string(plane) + " V33(0,0)<0;1,0> V34(0,0)<0;1,0> V35.0";
}

TEST(ExecMediaLd, EveryWidthClassWithPitchAndUntouchedPadding) {
  for (unsigned w : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 15u, 16u, 17u, 31u, 32u, 33u, 48u, 64u}) {
    for (unsigned h : {1u, media_max_height(w)}) {
      const unsigned pitch = media_register_pitch(w);
      const Outcome r = run(media(w, h), media_scene(3, 5, 80, 80));
      ASSERT_TRUE(r.result) << w << "x" << h << test::all_diags(r.sink);
      const auto v = r.reg("V35");
      ASSERT_EQ(v.bytes.size(), 256u);
      for (unsigned i = 0; i < 256 / pitch; ++i) {
        for (unsigned j = 0; j < pitch; ++j) {
          const uint8_t got = v.bytes[i * pitch + j];
          if (i < h && j < w) {
            EXPECT_EQ(got, pattern(3 + j, 5 + i)) << w << "x" << h << " row " << i << " col " << j;
          } else {
            EXPECT_EQ(got, 0xab) << "padding byte written: " << w << "x" << h << " row " << i
                                 << " col " << j;
          }
        }
      }
    }
  }
  EXPECT_EQ(media_register_pitch(3), 4u);
  EXPECT_EQ(media_register_pitch(5), 8u);
  EXPECT_EQ(media_register_pitch(33), 64u);
}

TEST(ExecMediaLd, ClampToEdgeOnEveryEdgeAndCorner) {
  // 8x4 R8_UINT surface; 4x4 block around each edge/corner.
  const std::pair<int32_t, int32_t> origins[] = {{-2, 0}, {6, 0},  {0, -2}, {0, 2},    {-3, -3},
                                                 {6, -2}, {-2, 3}, {7, 3},  {-100, 1}, {100, 100}};
  for (const auto& [x, y] : origins) {
    const Outcome r = run(media(4, 4), media_scene(x, y, 8, 4));
    ASSERT_TRUE(r.result) << test::all_diags(r.sink);
    const auto v = r.reg("V35");
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) {
        const uint32_t cx = static_cast<uint32_t>(std::clamp(x + j, 0, 7));
        const uint32_t cy = static_cast<uint32_t>(std::clamp(y + i, 0, 3));
        EXPECT_EQ(v.bytes[static_cast<size_t>(i * 4 + j)], pattern(cx, cy))
            << x << "," << y << " " << i << "," << j;
      }
    }
  }
}

TEST(ExecMediaLd, ClampReplicatesWholeTexelsOfWiderFormats) {
  scene::Scene sc = media_scene(-3, 0);
  sc.surfaces[0] = surface(6, texunit::Format::kR8G8B8A8_UINT, 2, 1, pattern);  // 8 bytes per row
  const Outcome r = run(media(12, 1), sc);
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto v = r.reg("V35");
  // Bytes -3..8: texel 0 byte 1..3, then texels 0 and 1, then texel 1 (byte 0) again.
  const uint8_t expect[12] = {pattern(1, 0), pattern(2, 0), pattern(3, 0), pattern(0, 0),
                              pattern(1, 0), pattern(2, 0), pattern(3, 0), pattern(4, 0),
                              pattern(5, 0), pattern(6, 0), pattern(7, 0), pattern(4, 0)};
  for (int j = 0; j < 12; ++j) EXPECT_EQ(v.bytes[static_cast<size_t>(j)], expect[j]) << j;
}

TEST(ExecMediaLd, ZeroAndUndefinedPolicies) {
  ExecConfig zero;
  zero.media_oob = MediaOobPolicy::kZero;
  const Outcome z = run(media(4, 2), media_scene(6, 3, 8, 4), zero);
  ASSERT_TRUE(z.result);
  auto v = z.reg("V35");
  EXPECT_EQ(v.bytes[0], pattern(6, 3));
  EXPECT_EQ(v.bytes[1], pattern(7, 3));
  EXPECT_EQ(v.bytes[2], 0);
  EXPECT_EQ(v.bytes[4], 0);  // row 4 is below the surface
  ExecConfig undef;
  undef.media_oob = MediaOobPolicy::kUndefined;
  const Outcome u = run(media(4, 2), media_scene(6, 3, 8, 4), undef);
  v = u.reg("V35");
  EXPECT_TRUE(v.byte_defined(1));
  EXPECT_FALSE(v.byte_defined(2));
  EXPECT_FALSE(v.byte_defined(4));
  EXPECT_TRUE(v.byte_defined(8));  // untouched (row 2 of the register is not part of the block)
}

TEST(ExecMediaLd, FieldModesReadEveryOtherRow) {
  // 4x6 surface; top field rows 0,2,4; bottom field rows 1,3,5; Y counts field rows.
  for (const char* mod : {"top", "bottom", "top_mod", "bottom_mod", "nomod", "modified"}) {
    const std::string m(mod);
    const int base = m.starts_with("bottom") ? 1 : 0;
    const int step = m.starts_with("top") || m.starts_with("bottom") ? 2 : 1;
    const int field_rows = step == 1 ? 6 : 3;
    const Outcome r = run(media(4, 4, mod), media_scene(0, 1, 4, 6));
    ASSERT_TRUE(r.result) << mod;
    const auto v = r.reg("V35");
    for (int i = 0; i < 4; ++i) {
      const int fy = std::min(1 + i, field_rows - 1);  // clamped inside the field
      for (int j = 0; j < 4; ++j) {
        EXPECT_EQ(v.bytes[static_cast<size_t>(4 * i + j)],
                  pattern(static_cast<uint32_t>(j), static_cast<uint32_t>(base + step * fy)))
            << mod << " row " << i;
      }
    }
  }
}

TEST(ExecMediaLd, Nv12PlanesReadSurfaceIdPlusPlane) {
  // Y plane: surface 6, R8_UINT 8x4. UV plane: surface 7, R8G8_UINT 4x2 (interleaved U, V).
  scene::Scene sc = media_scene(2, 1, 8, 4);
  sc.surfaces.push_back(surface(7, texunit::Format::kR8G8_UINT, 4, 2, [](uint32_t x, uint32_t y) {
    return static_cast<uint8_t>(0x80 + 16 * y + x);
  }));
  const Outcome y = run(media(4, 2, "nomod", 0), sc);
  ASSERT_TRUE(y.result);
  EXPECT_EQ(y.reg("V35").bytes[0], pattern(2, 1));
  const Outcome uv = run(media(4, 2, "nomod", 1), sc);
  ASSERT_TRUE(uv.result) << test::all_diags(uv.sink);
  const auto v = uv.reg("V35");
  // X = 2 bytes into the UV row = U1 V1 U2 V2; Y = 1; the second row clamps to UV row 1.
  EXPECT_EQ(v.bytes[0], 0x80 + 16 + 2);
  EXPECT_EQ(v.bytes[1], 0x80 + 16 + 3);
  EXPECT_EQ(v.bytes[3], 0x80 + 16 + 5);
  EXPECT_EQ(v.bytes[4], 0x80 + 16 + 2);
  const Outcome missing = run(media(4, 2, "nomod", 2), sc);
  EXPECT_FALSE(missing.result);
  EXPECT_TRUE(test::has_rule(missing.sink, "VISA-RUN-SURFACE"));
}

TEST(ExecMediaLd, SurfaceMustBe2D) {
  scene::Scene sc = media_scene(0, 0);
  sc.surfaces[0] = surface(6, texunit::Format::kR8_UINT, 4, 1, pattern, texunit::SurfaceType::k1D);
  const Outcome r = run(media(4, 1), sc);
  EXPECT_FALSE(r.result);
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-MEDIA_LD-SURFACE-2D"));
  const Outcome ok = run(media(4, 1), media_scene(0, 0));
  EXPECT_FALSE(test::has_rule(ok.sink, "VISA-MEDIA_LD-SURFACE-2D"));
}

TEST(ExecMediaLd, UndefinedOffsetsAreRunErrors) {
  scene::Scene sc = media_scene(0, 0);
  edit_scene_state(sc).registers.erase("V34");
  const Outcome r = run(media(4, 1), sc);
  EXPECT_FALSE(r.result);
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-RUN-REGISTER"));
}

// --- GATHER_SCALED ---------------------------------------------------------------------------

scene::Scene slm_scene(size_t n = 64) {
  scene::Scene sc;
  std::vector<uint8_t> slm(n);
  for (size_t i = 0; i < n; ++i) slm[i] = static_cast<uint8_t>(0x10 + i);
  sc.slm = slm;
  VisaRegister offs = ud({});
  for (uint32_t i = 0; i < 32; ++i) {
    for (int k = 0; k < 4; ++k) offs.bytes.push_back(static_cast<uint8_t>((4 * i) >> (8 * k)));
  }
  edit_scene_state(sc).registers["V40"] = offs;
  VisaRegister dst = ud({});
  dst.bytes.assign(128, 0xee);
  edit_scene_state(sc).registers["V41"] = dst;
  return sc;
}

uint32_t dword(const scene::RegisterValue& r, size_t i) {
  return static_cast<uint32_t>(r.bytes[4 * i]) | (static_cast<uint32_t>(r.bytes[4 * i + 1]) << 8) |
         (static_cast<uint32_t>(r.bytes[4 * i + 2]) << 16) |
         (static_cast<uint32_t>(r.bytes[4 * i + 3]) << 24);
}

TEST(ExecGatherScaled, BlockCountsAndUndefinedUpperBytes) {
  for (unsigned n : {1u, 2u, 4u}) {
    const Outcome r =
        run("gather_scaled." + std::to_string(n) + " (M1, 8) %slm 0x0:ud V40.0 V41.0", slm_scene());
    ASSERT_TRUE(r.result) << test::all_diags(r.sink);
    const auto v = r.reg("V41");
    for (unsigned i = 0; i < 8; ++i) {
      for (unsigned k = 0; k < 4; ++k) {
        const size_t b = 4 * i + k;
        if (k < n) {
          EXPECT_TRUE(v.byte_defined(b));
          EXPECT_EQ(v.bytes[b], 0x10 + 4 * i + k);
        } else {
          EXPECT_FALSE(v.byte_defined(b)) << n << " lane " << i << " byte " << k;
        }
      }
    }
    EXPECT_TRUE(v.byte_defined(32));  // lane 8 is outside the exec size: untouched
    EXPECT_EQ(v.bytes[32], 0xee);
    if (n == 2) {
      EXPECT_EQ(scene::element_hex(v, 1), "0x????1514");
    }
  }
}

TEST(ExecGatherScaled, OutOfBoundsLanesAndPartialBlocksReadZero) {
  scene::Scene sc = slm_scene(16);
  edit_scene_state(sc).registers["V40"] = ud({0, 12, 14, 15, 16, 0xffffffffu, 1000, 4});
  const Outcome r = run("gather_scaled.4 (M1, 8) %slm 0x0:ud V40.0 V41.0", sc);
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto v = r.reg("V41");
  EXPECT_EQ(dword(v, 0), 0x13121110u);
  EXPECT_EQ(dword(v, 1), 0x1f1e1d1cu);
  EXPECT_EQ(dword(v, 2), 0x00001f1eu);  // bytes 14, 15 in range; 16, 17 read 0
  EXPECT_EQ(dword(v, 3), 0x0000001fu);
  EXPECT_EQ(dword(v, 4), 0u);
  EXPECT_EQ(dword(v, 5), 0u);  // 0xffffffff + k does not wrap back into the buffer
  EXPECT_EQ(dword(v, 6), 0u);
  EXPECT_EQ(dword(v, 7), 0x17161514u);
  EXPECT_TRUE(v.element_defined(4));
}

TEST(ExecGatherScaled, GlobalOffsetAddWraps) {
  scene::Scene sc = slm_scene();
  edit_scene_state(sc).registers["V40"] = ud({0x14, 0x18});
  edit_scene_state(sc).registers["V33"] = ud({0xfffffff0u});
  const Outcome r = run("gather_scaled.1 (M1, 2) %slm V33(0,0)<0;1,0> V40.0 V41.0", sc);
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto v = r.reg("V41");
  EXPECT_EQ(v.bytes[0], 0x10 + 4);
  EXPECT_EQ(v.bytes[4], 0x10 + 8);
}

TEST(ExecGatherScaled, DisabledLanesUntouchedByMaskAndPredicate) {
  scene::Scene sc = slm_scene();
  edit_scene_state(sc).dispatch_mask = 0x0000f0f0;
  // M1: lanes 4-7 enabled of 8.
  Outcome r = run("gather_scaled.1 (M1, 8) %slm 0x0:ud V40.0 V41.0", sc);
  ASSERT_TRUE(r.result);
  auto v = r.reg("V41");
  for (unsigned i = 0; i < 8; ++i)
    EXPECT_EQ(v.bytes[size_t{4} * i], i >= 4 ? 0x10 + 4 * i : 0xee) << i;
  // M2 (lane offset 4): dispatch bits 4..7 -> lanes 0..3 enabled.
  r = run("gather_scaled.1 (M2, 8) %slm 0x0:ud V40.0 V41.0", sc);
  v = r.reg("V41");
  for (unsigned i = 0; i < 8; ++i)
    EXPECT_EQ(v.bytes[size_t{4} * i], i < 4 ? 0x10 + 4 * i : 0xee) << i;
  // NoMask ignores the dispatch mask.
  r = run("gather_scaled.1 (M1_NM, 8) %slm 0x0:ud V40.0 V41.0", sc);
  v = r.reg("V41");
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(v.bytes[size_t{4} * i], 0x10 + 4 * i) << i;
  // Predicates: P1 = 0b1010'0110 (lanes 1, 2, 5, 7), with inversion, .any and .all.
  edit_scene_state(sc).dispatch_mask.reset();
  edit_scene_state(sc).registers["P1"] = ud({0xa6});
  struct Case {
    const char* pred;
    uint32_t lanes;
  };
  for (const Case& c : {Case{"(P1)", 0xa6}, Case{"(!P1)", 0x59}, Case{"(P1.any)", 0xff},
                        Case{"(P1.all)", 0x00}, Case{"(!P1.all)", 0xff}, Case{"(!P1.any)", 0x00}}) {
    r = run(std::string(c.pred) + " gather_scaled.1 (M1, 8) %slm 0x0:ud V40.0 V41.0", sc);
    ASSERT_TRUE(r.result) << c.pred;
    v = r.reg("V41");
    for (unsigned i = 0; i < 8; ++i) {
      EXPECT_EQ(v.bytes[size_t{4} * i], ((c.lanes >> i) & 1) ? 0x10 + 4 * i : 0xee)
          << c.pred << " lane " << i;
    }
  }
  // The predicate is read at the mask's lane offset: M2 uses P1 bits 4..7 (0b1010).
  r = run("(P1) gather_scaled.1 (M2, 4) %slm 0x0:ud V40.0 V41.0", sc);
  v = r.reg("V41");
  for (unsigned i = 0; i < 4; ++i)
    EXPECT_EQ(v.bytes[size_t{4} * i], ((0xa >> i) & 1) ? 0x10 + 4 * i : 0xee) << i;
}

TEST(ExecGatherScaled, StatelessAndBufferSurfaces) {
  scene::Scene sc = slm_scene();
  sc.stateless = std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8};
  Outcome r = run("gather_scaled.2 (M1, 2) %scratch 0x0:ud V40.0 V41.0", sc);
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  EXPECT_EQ(dword(r.reg("V41"), 1) & 0xffff, 0x0605u);
  sc.surfaces.push_back(surface(6, texunit::Format::kR8_UINT, 8, 2, pattern));
  r = run("gather_scaled.1 (M1, 4) T6 0x1:ud V40.0 V41.0", sc);
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  EXPECT_EQ(r.reg("V41").bytes[size_t{4} * 2],
            pattern(1, 1));  // byte 9 of the linear image = (1, 1)
  r = run("gather_scaled.1 (M1, 4) T7 0x1:ud V40.0 V41.0", sc);
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-RUN-SURFACE"));
  sc.slm.reset();
  r = run("gather_scaled.1 (M1, 4) %slm 0x0:ud V40.0 V41.0", sc);
  EXPECT_FALSE(r.result);
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-RUN-MEMORY"));
  r = run("gather_scaled.1 (M1, 4) %bss 0x0:ud V40.0 V41.0", sc);
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-RUN-SURFACE"));
}

TEST(ExecGatherScaled, PoisonFillsUndefinedBytesButTheyStayUndefined) {
  ExecConfig cfg;
  cfg.poison = 0xcd;
  const Outcome r = run("gather_scaled.1 (M1, 1) %slm 0x0:ud V40.0 V41.0", slm_scene(), cfg);
  const auto v = r.reg("V41");
  EXPECT_EQ(v.bytes[1], 0xcd);
  EXPECT_FALSE(v.byte_defined(1));
  EXPECT_EQ(scene::element_hex(v, 0), "0x??????10");
}

TEST(ExecProgram, UnsupportedInstructionsAreRunErrors) {
  const Outcome r =
      run("bfrev (M1, 8) V40(0,0)<1> V40(0,0)<1;1,0>", slm_scene());
  EXPECT_FALSE(r.result);
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-UNSUPPORTED"));
  EXPECT_TRUE(r.sink.has_errors());
}

TEST(ExecProgram, SceneRegistersMustBeDeclared) {
  scene::Scene sc = slm_scene();
  edit_scene_state(sc).registers["V99"] = ud({1});
  Outcome r = run("gather_scaled.1 (M1, 1) %slm 0x0:ud V40.0 V41.0", sc);
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-RUN-REGISTER"));
  edit_scene_state(sc).registers["V99"].decl = ".decl V99 v_type=G type=ud num_elts=1";
  r = run("gather_scaled.1 (M1, 1) %slm 0x0:ud V40.0 V41.0", sc);
  EXPECT_TRUE(r.result) << test::all_diags(r.sink);
  edit_scene_state(sc).registers["V40"] = filled(200, 1);
  r = run("gather_scaled.1 (M1, 1) %slm 0x0:ud V40.0 V41.0", sc);
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-RUN-REGISTER"));
}

}  // namespace
}  // namespace texsim::isa::visa
