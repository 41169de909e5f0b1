// The built-in TLDS example for `texsim demo`: the text of examples/sass/tlds-demo.sass and
// tlds-demo.json (a unit test keeps them identical). Data only; depends on nothing.
#include "isa/sass/examples.hpp"

namespace texsim::isa::sass {

std::string_view demo_program() {
  return R"sass(// TLDS on a Maxwell machine (scene: tlds-demo.json). Handles live in constant bank 1:
// word 0x7 -> header 3 (8x8 RGBA8 gradient, 2 levels), 0x8 -> header 4 (4x4x3 RGBA32F gradient array),
// 0x9 -> header 20 (> max_index 15: invalid), 0xa -> header 5 (header 3's surface, sRGB).
[B------:R-:W0:-:S01] TLDS.LZ.NODEP.T R0, R4, R8, R9, 0x7, 2D, RGBA ;
TLDS.LL.AOFFI RZ, R2, R8, R10, 0x7, 2D, RG ;
TLDS.F16.LZ R7, R6, R12, R14, 0x8, ARRAY_2D, RGBA ;
TLDS.LZ RZ, R16, R8, R9, 0x9, 2D, R ;
TLDS.LZ RZ, R17, R8, 0x7, 1D, R ;
@P0 TLDS.LZ RZ, R18, R8, R9, 0xa, 2D, R ;
@P1 TLDS.LZ RZ, R19, R8, R9, 0x7, 2D, R ;
)sass";
}

std::string_view demo_scene() {
  return R"json({
  "texsim": 1,
  "isa": "sass",
  "platform": "SM52",
  "description": "TLDS demo: 2D.LZ, 2D.LL.AOFFI, ARRAY_2D F16, an invalid header, a paramA/header dimension mismatch, an sRGB header and a false predicate.",
  "surfaces": [
    { "id": 0, "type": "2D", "format": "R8G8B8A8_UNORM", "width": 8, "height": 8, "mips": 2,
      "data": { "generator": "gradient" } },
    { "id": 1, "type": "2D_ARRAY", "format": "R32G32B32A32_FLOAT", "width": 4, "height": 4,
      "layers": 3, "data": { "generator": "gradient" } }
  ],
  "registers": { "R8": 3, "R9": 2, "R10": 1, "R11": "0x0000000f", "R12": 2, "R14": 1, "R15": 3,
                 "P0": true },
  "const_banks": { "1": { "words": { "0x7": "0x00000003", "0x8": "0x00100004",
                                     "0x9": "0x00000014", "0xa": "0x00000005" } } },
  "tex_bank": 1,
  "texture_headers": { "max_index": 15, "entries": {
    "3": { "surface": 0, "min_level": 0, "max_level": 1 },
    "4": { "surface": 1 },
    "5": { "surface": 0, "srgb": true } } },
  "fp16_rounding": "rn"
}
)json";
}

}  // namespace texsim::isa::sass
