// The built-in vISA examples for `texsim demo`: the texts of examples/visa/*.visaasm and their
// scenes, embedded (tests/unit/visa/examples_test.cpp checks they equal the files). Depends on
// isa/frontend.hpp.
#include "isa/visa/examples.hpp"

namespace texsim::isa::visa {

std::vector<isa::Example> builtin_examples() {
  std::vector<isa::Example> out;
  out.push_back(isa::Example{
      "media_ld.nomod 8x4 block past the bottom-right edge (clamp-to-edge)",
      R"TXV(// MEDIA_LD: an 8x4 byte block at X=12 bytes, Y=6 rows of a 16x8 R8_UINT surface (texel = 16*y + x).
// Columns 16..19 and rows 8..9 lie outside the surface: clamp-to-edge replicates column 15 / row 7.
// Register pitch for an 8-byte-wide block is 8, so V35 holds 4 rows of 8 bytes.
.version 4.2
.kernel "media_ld_demo"
.decl T6 v_type=T num_elts=1
.decl V33 v_type=G type=ud num_elts=1 align=dword
.decl V34 v_type=G type=ud num_elts=1 align=dword
.decl V35 v_type=G type=ub num_elts=32 align=GRF
    media_ld.nomod (8,4) T6 0 V33(0,0)<0;1,0> V34(0,0)<0;1,0> V35.0
)TXV",
      "examples/visa/media_ld.visaasm",
      R"TXV({
  "texsim": 1,
  "isa": "visa",
  "platform": "TGLLP",
  "description": "Inputs of examples/visa/media_ld.visaasm: surface T6 (R8_UINT 16x8, texel = 16*y + x), X in V33, Y in V34.",
  "surfaces": [
    { "id": 6, "type": "2D", "format": "R8_UINT", "width": 16, "height": 8,
      "data": { "hex": "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f" } }
  ],
  "registers": {
    "V33": { "type": "UD", "values": [12] },
    "V34": { "type": "UD", "values": [6] }
  }
}
)TXV"});
  out.push_back(isa::Example{
      "gather_scaled.2 from SLM with a predicate and a partly out-of-bounds lane",
      R"TXV(// GATHER_SCALED: 2 bytes per lane from SLM at 0x4 + V40[i], lanes enabled by P1 (lane 15 off).
// Each dword of V41 gets the 2 bytes little-endian in its low half; the upper half is undefined (??).
// Lane 14 reads bytes 63 and 64 of the 64-byte SLM: the out-of-bounds byte reads 0. Lane 15 keeps its value.
.version 4.2
.kernel "gather_scaled_demo"
.decl V40 v_type=G type=ud num_elts=16 align=GRF
.decl V41 v_type=G type=ud num_elts=16 align=GRF
.decl P1 v_type=P num_elts=16
    (P1) gather_scaled.2 (M1, 16) %slm 0x4:ud V40.0 V41.0
)TXV",
      "examples/visa/gather_scaled.visaasm",
      R"TXV({
  "texsim": 1,
  "isa": "visa",
  "platform": "TGLLP",
  "description": "Inputs of examples/visa/gather_scaled.visaasm: 64 bytes of SLM (byte i = i), offsets in V40, predicate P1 = 0x7fff.",
  "memory": { "slm": { "hex": "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f" } },
  "registers": {
    "V40": { "type": "UD", "values": [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 59, 0] },
    "V41": { "type": "UD", "values": [3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559, 3735928559] },
    "P1": { "type": "UW", "values": [32767] }
  },
  "dispatch_mask": "0xffff"
}
)TXV"});
  out.push_back(isa::Example{
      "3D_SAMPLE / 3D_LOAD: every operation (cube, 2D array, MSAA with MCS, null tiles)",
      R"TXV(// 3D_SAMPLE and 3D_LOAD: one instruction per operation (SIMD8, lanes = two 2x2 quads).
// T6: 4x4 R32_FLOAT with 3 mips (level 0 texel = x + 4y, level 1 = 100.., level 2 = 200);
// T7: a 1x1 cube (face f = f); T8: a 2D array of 3 layers (layer l = 10 + l);
// T9: 4x MSAA R32_UINT with an MCS plane (pixel 1 fast-cleared to 77); T10: null tiles on x >= 2.
// S1: point sampler; S2: linear comparison sampler (less_equal).
.version 4.2
.kernel "sampler3d_demo"
.decl T6 v_type=T num_elts=1
.decl T7 v_type=T num_elts=1
.decl T8 v_type=T num_elts=1
.decl T9 v_type=T num_elts=1
.decl T10 v_type=T num_elts=1
.decl S1 v_type=S num_elts=1
.decl S2 v_type=S num_elts=1
.decl U v_type=G type=f num_elts=8 align=GRF
.decl V v_type=G type=f num_elts=8 align=GRF
.decl ONE v_type=G type=f num_elts=8 align=GRF
.decl ZERO v_type=G type=f num_elts=8 align=GRF
.decl DIR_X v_type=G type=f num_elts=8 align=GRF
.decl DIR_Y v_type=G type=f num_elts=8 align=GRF
.decl DIR_Z v_type=G type=f num_elts=8 align=GRF
.decl LAYER v_type=G type=f num_elts=8 align=GRF
.decl IX v_type=G type=ud num_elts=8 align=GRF
.decl IZERO v_type=G type=ud num_elts=8 align=GRF
.decl SI v_type=G type=ud num_elts=8 align=GRF
.decl MCSL v_type=G type=ud num_elts=8 align=GRF
.decl R_SAMPLE v_type=G type=f num_elts=8 align=GRF
.decl R_B v_type=G type=f num_elts=8 align=GRF
.decl R_L v_type=G type=f num_elts=8 align=GRF
.decl R_C v_type=G type=f num_elts=8 align=GRF
.decl R_D v_type=G type=f num_elts=8 align=GRF
.decl R_BC v_type=G type=f num_elts=8 align=GRF
.decl R_LC v_type=G type=f num_elts=8 align=GRF
.decl R_DC v_type=G type=f num_elts=8 align=GRF
.decl R_LZ v_type=G type=hf num_elts=16 align=GRF
.decl R_CLZ v_type=G type=f num_elts=8 align=GRF
.decl R_LOD v_type=G type=f num_elts=16 align=GRF
.decl R_LD v_type=G type=ud num_elts=16 align=GRF
.decl R_LDLZ v_type=G type=ud num_elts=8 align=GRF
.decl R_MS v_type=G type=ud num_elts=8 align=GRF
.decl R_MCS v_type=G type=ud num_elts=8 align=GRF
    sample_3d.R (M1, 8)  0x0:uw S1 T6 R_SAMPLE.0 %null.0 U.0 V.0
    sample_b.R (M1, 8)  0x0:uw S1 T6 R_B.0 %null.0 ONE.0 U.0 V.0
    sample_l.R (M1, 8)  0x0:uw S1 T7 R_L.0 %null.0 ZERO.0 DIR_X.0 DIR_Y.0 DIR_Z.0
    sample_c.R (M1, 8)  0x0:uw S2 T6 R_C.0 %null.0 ONE.0 U.0 V.0
    sample_d.R (M1, 8)  0x0:uw S1 T6 R_D.0 %null.0 U.0 ONE.0 ZERO.0 V.0 ZERO.0 ZERO.0
    sample_b_c.R (M1, 8)  0x0:uw S2 T6 R_BC.0 %null.0 ONE.0 ZERO.0 U.0 V.0
    sample_l_c.R (M1, 8)  0x0:uw S2 T6 R_LC.0 %null.0 ONE.0 ZERO.0 U.0 V.0
    sample_d_c.R (M1, 8)  0x0:uw S2 T6 R_DC.0 %null.0 ONE.0 U.0 ZERO.0 ZERO.0 V.0 ZERO.0 ZERO.0
    sample_lz.R (M1, 8)  0x0:uw S1 T8 R_LZ.0 %null.0 U.0 V.0 LAYER.0
    sample_c_lz.R (M1, 8)  0x0:uw S2 T6 R_CLZ.0 %null.0 ONE.0 U.0 V.0
    lod.RG (M1, 8)  0x0:uw S1 T6 R_LOD.0 %null.0 U.0 V.0
    load_3d.pixel_null_mask.R (M1, 8)  0x0:uw T10 R_LD.0 %null.0 IX.0 IZERO.0 IZERO.0
    load_lz.R (M1, 8)  0x100:uw T6 R_LDLZ.0 %null.0 IX.0 IZERO.0
    load_2dms_w.R (M1, 8)  0x0:uw T9 R_MS.0 %null.0 SI.0 MCSL.0 IZERO.0 IX.0
    load_mcs.R (M1, 8)  0x0:uw T9 R_MCS.0 %null.0 IX.0
)TXV",
      "examples/visa/sampler3d.visaasm",
      R"TXV({
  "texsim": 1,
  "isa": "visa",
  "platform": "TGLLP",
  "description": "Inputs of examples/visa/sampler3d.visaasm: lanes are two 2x2 quads spaced one texel apart on T6; cube directions +X, +Y, -Z; array layer 1.4; MSAA pixel 0 identity MCS, pixel 1 fast-cleared.",
  "surfaces": [
    { "id": 6, "type": "2D", "format": "R32_FLOAT", "width": 4, "height": 4, "mips": 3,
      "data": { "texels": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 100, 101, 102, 103, 200] } },
    { "id": 7, "type": "CUBE", "format": "R32_FLOAT", "width": 1, "height": 1,
      "data": { "texels": [0, 1, 2, 3, 4, 5] } },
    { "id": 8, "type": "2D_ARRAY", "format": "R32_FLOAT", "width": 1, "height": 1, "layers": 3,
      "data": { "texels": [10, 11, 12] } },
    { "id": 9, "type": "2D", "format": "R32_UINT", "width": 2, "height": 1, "samples": 4,
      "data": { "texels": [0, 1, 100, 101, 200, 201, 300, 301] }, "mcs": [228, 255], "clear_color": [77, 0, 0, 1] },
    { "id": 10, "type": "2D", "format": "R32_UINT", "width": 4, "height": 1,
      "data": { "fill": [9] }, "null_tiles": [{ "x": 2, "y": 0, "width": 2, "height": 1 }] }
  ],
  "samplers": [
    { "id": 1, "min_filter": "point", "mag_filter": "point", "mip_filter": "point" },
    { "id": 2, "min_filter": "point", "mag_filter": "point", "mip_filter": "point", "compare": "less_equal" }
  ],
  "registers": {
    "U": { "type": "F", "values": [0.125, 0.375, 0.125, 0.375, 0.625, 0.875, 0.625, 0.875] },
    "V": { "type": "F", "values": [0.125, 0.125, 0.375, 0.375, 0.625, 0.625, 0.875, 0.875] },
    "ONE": { "type": "F", "values": [1, 1, 1, 1, 1, 1, 1, 1] },
    "ZERO": { "type": "F", "values": [0, 0, 0, 0, 0, 0, 0, 0] },
    "DIR_X": { "type": "F", "values": [1, 0, 0, 1, 0, 0, 1, 0] },
    "DIR_Y": { "type": "F", "values": [0, 1, 0, 0, 1, 0, 0, 1] },
    "DIR_Z": { "type": "F", "values": [0, 0, -1, 0, 0, -1, 0, 0] },
    "LAYER": { "type": "F", "values": [1.4, 1.4, 1.4, 1.4, 1.4, 1.4, 1.4, 1.4] },
    "IX": { "type": "UD", "values": [0, 1, 2, 3, 0, 1, 2, 3] },
    "IZERO": { "type": "UD", "values": [0, 0, 0, 0, 0, 0, 0, 0] },
    "SI": { "type": "UD", "values": [0, 1, 2, 3, 9, 1, 2, 3] },
    "MCSL": { "type": "UD", "values": [228, 255, 228, 228, 228, 27, 228, 228] }
  }
}
)TXV"});
  return out;
}

}  // namespace texsim::isa::visa
