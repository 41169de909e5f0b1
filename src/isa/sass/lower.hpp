// Lowering of one TLDS to a texture-unit fetch: handle from the bindless constant bank, header
// pool lookup, paramA/header dimension check, parameter unpacking. Depends on model, scene,
// texunit.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/diag.hpp"
#include "isa/sass/model.hpp"
#include "isa/sass/scene_section.hpp"
#include "scene/scene.hpp"
#include "texunit/fetch.hpp"

namespace texsim::isa::sass {

// What a lowering decided: one type for every SASS texture instruction (issue 25 item 1).
enum class Outcome : uint8_t {
  kRun,            // the request is built: fetch, sample, gather or query it
  kInvalidHeader,  // header index > MaximumIndex: an invalid texture, zeros (sass-tlds.md, T5)
  kZeros,          // paramA/header mismatch, no such level, TLDS .LL level outside: zeros
  kUndefined,      // a form or state no source defines: `Undefined` names the warning
  kMissingState,   // the scene lacks state (SASS-EXEC-STATE reported): the program stops
};

// Why a result is undefined: the warning the executor reports (rule id, message, citation).
struct Undefined {
  std::string rule;
  std::string why;
  std::string citation;
};
// Reports `u` as a warning at the instruction.
void report_undefined(const Instruction& inst, const Undefined& u, core::DiagSink& sink);

struct LoweredFetch {
  Outcome outcome = Outcome::kMissingState;
  uint32_t handle = 0;
  uint32_t header_index = 0;
  uint32_t sampler_index = 0;  // decoded, never used (sass-tlds.md: only headerPtr is used)
  uint32_t surface_id = 0;
  texunit::SurfaceView view;
  texunit::FetchRequest req;
  std::string what;     // for traces: "header 3 -> surface 0, level 0, coord (3, 7)"
  std::string surface;  // BoundTexture's
  const hwstate::PlacedSurface* placed = nullptr;  // BoundTexture's
};

// "0x0000abcd", for traces.
std::string hex32(uint32_t v);

// Where an instruction's run-time diagnostics point (its text position).
core::Location exec_location(const Instruction& inst);
// Error SASS-EXEC-STATE: the scene lacks state the instruction needs (decisions T6).
void report_missing_state(const Instruction& inst, std::string msg, std::string_view citation,
                          core::DiagSink& sink);

// Register file as TLDS reads it: index 255 (RZ) must hold 0.
using RegisterFile = std::array<uint32_t, 256>;

// The .AOFFI register of TLDS, TEX and TLD: signed 4-bit u, v, w at 3:0, 7:4, 11:8
// (sass-tlds.md, .AOFFI; nouveau handleTEX, YUZU MakeOffset; decisions T49).
std::array<int32_t, 3> aoffi4(uint32_t reg);

// An array index register: the unsigned integer in bits 15:0 (sass-tlds.md, #paramA "a is U16
// integer"; YUZU ReadArray; decisions T48).
uint32_t array_index16(uint32_t reg);

// Register k of the vector operand that starts at base: RZ reads 0 in every slot, and so does a
// register past R254 (no wrap to R0, as writes: decisions T55, T66, N14). Every reader of a
// vector operand uses this one.
uint32_t vector_register(const RegisterFile& regs, uint8_t base, unsigned k);

// The texture an instruction's handle names (sass-tlds.md, #tsPtrIdxU13): the handle word from
// the bindless constant bank, the header pool entry and the surface it views (with the header's
// sRGB twin). Shared by TLDS, TEXS and TLD4S.
struct BoundTexture {
  Outcome outcome = Outcome::kMissingState;  // kRun: `header` and `view` are set
  uint32_t handle = 0;
  uint32_t header_index = 0;
  uint32_t sampler_index = 0;
  TextureHeader header;
  texunit::SurfaceView view;
  std::string what;  // "handle 0x00000003 header 3 -> surface 0 (2D R8G8B8A8_UNORM)"
  // For run --trace-memory: the surface as the trace names it and its placement (null: none).
  std::string surface;
  const hwstate::PlacedSurface* placed = nullptr;
};
BoundTexture bind_texture(const Instruction& inst, const scene::Scene& scene, core::DiagSink& sink);
// The same from a handle word the caller already holds (the bindless .B forms read it from a
// register): header pool entry, surface, sRGB twin.
// `source` names where the handle came from ("c[0x0][0x148]", "R4") for the diagnostics.
BoundTexture bind_handle(const Instruction& inst, uint32_t handle, std::string_view source,
                         const scene::Scene& scene, core::DiagSink& sink);

// Which texture an instruction reads and where its operand vectors start. The bound forms read
// the handle from word tsPtrIdx of the bindless bank; the bindless .B forms pass the handle they
// read from a register and skip it: TEX.B/TLD.B/TLD4.B hold it in Rb's first register, TXD.B and
// TXQ.B in Ra's, TMML.B in Rb, which TMML does not read (YUZU texture_*.cpp `is_bindless`;
// nouveau's handleTEX argument order; decisions T38).
struct TextureRef {
  std::optional<uint32_t> handle;  // nullopt: the word tsPtrIdx of the scene's tex_bank
  uint8_t handle_register = 0;     // where `handle` was read
  uint8_t ra_skip = 0;
  uint8_t rb_skip = 0;
};
// The texture `ref` names: bind_texture when it holds no handle, else bind_handle.
BoundTexture bind_ref(const Instruction& inst, const TextureRef& ref, const scene::Scene& scene,
                      core::DiagSink& sink);

// A bindless .B form as the non-bindless form it extends (decisions T38, T58): `base` is `inst`
// with the base opcode (TEX.B -> TEX, ..., TMML.B -> TMML), `ref` the handle register's value
// (RZ reads 0) and the registers it occupies; nullopt for a row without a handle register.
struct BindlessForm {
  Instruction base;
  TextureRef ref;
};
std::optional<BindlessForm> bindless_form(const Instruction& inst, const RegisterFile& regs);

LoweredFetch lower_tlds(const Instruction& inst, const RegisterFile& regs,
                        const scene::Scene& scene, core::DiagSink& sink);

}  // namespace texsim::isa::sass
