// The built-in vISA examples for `texsim demo`: the texts of examples/visa/*.visaasm and their
// scenes, embedded (tests/unit/visa/examples_test.cpp checks they equal the files). Depends on isa/frontend.hpp.
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
  return out;
}

}  // namespace texsim::isa::visa
