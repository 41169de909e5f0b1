// The SASS instruction model: opcodes, paramA names, the legal-combination (mode) row type,
// write-mask tables, control fields and the decoded Instruction value. Depends on nothing.
// The per-opcode table rows (OpSpec) that walk these live in opspec.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace texsim::isa::sass {

inline constexpr uint8_t kRZ = 255;  // register 255 reads 0, writes vanish
inline constexpr uint8_t kPT = 7;    // predicate 7 is always true

// One OpSpec row per opcode (opspec.hpp).
// The bindless forms (.B: the texture handle comes from a register) and TXA are rows of their own
// (decisions T28-T39), so code written for TEX never runs a TEX.B by accident.
enum class Opcode : uint8_t {
  kTlds,
  kNop,
  kTexs,
  kTld4s,
  kTex,
  kTld,
  kTld4,
  kTxd,
  kTmml,
  kTxq,
  kTexB,
  kTldB,
  kTld4B,
  kTxdB,
  kTmmlB,
  kTxqB,
  kTxa
};

// sass-tlds.md, ".lod"; kAuto: no .lod modifier (TEXS's implicit LOD, TLD4S). TEX's 3-bit
// lod field adds .LB, .LBA, .LLA and two codes nvdisasm 11.8 prints as INVALIDBLOD4/5 (T23).
enum class Lod : uint8_t { kLZ, kLL, kAuto, kLB, kLBA, kLLA, kInvalid4, kInvalid5 };

// sass-tlds.md, "#paramA": the valid names and the RESERVED ones (recognised, then rejected).
enum class ParamA : uint8_t { k1D, k2D, k3D, kCube, kArray1D, kArray2D, kArray3D, kArrayCube };

struct ParamAInfo {
  ParamA id;
  std::string_view name;
  bool reserved;
  uint8_t coord_dims;  // 1D/2D/3D: the coordinate count that must match the header's type
  bool array;
};
std::span<const ParamAInfo> param_a_table();
const ParamAInfo& param_a_info(ParamA p);
std::optional<ParamA> param_a_from_name(std::string_view name);  // case-sensitive, as printed

// A parameter packed into Ra or Rb (sass-tlds.md, "Legal modifier table ... Ra Rb").
// kDc: the depth reference of TEXS/TLD4S .DC (decisions T18).
enum class Param : uint8_t { kS, kT, kR, kArray, kLod, kAoffi, kMs, kDc };
std::string_view param_name(Param p);

// One legal combination of an opcode's mode field: for TLDS a row of sass-tlds.md's "Legal
// modifier table" (the tld2d_4 encoding, bits 56:53), for TEXS its paramA table (bits 56:53),
// for TLD4S its .AOFFI/.DC bits (51:50). Ra/Rb say which parameters the registers hold.
struct ModeRow {
  uint8_t encoding;
  ParamA param_a;
  Lod lod;
  bool aoffi;
  bool ms;
  bool dc;
  uint8_t ra_count;  // scalars in Ra (0..2)
  std::array<Param, 2> ra;
  uint8_t rb_count;  // scalars in Rb (0..2); 0: Rb must be RZ (TLDS)
  std::array<Param, 2> rb;
};
using TldsEncodingRow = ModeRow;
std::span<const ModeRow> tlds_encodings();
const ModeRow* tlds_encoding(uint8_t encoding);
const ModeRow* tlds_encoding_for(ParamA p, Lod lod, bool aoffi, bool ms);

// Write masks: components as a bit set (bit 0 = R .. bit 3 = A). The 2-component table is used
// when Rd1 is RZ, the 3/4-component table otherwise (sass-tlds.md, "Legal modifier table for
// Rd1,Rd0,wmsk"; encoding order RGB=0, RGA=1, RBA=2, GBA=3, RGBA=4 — spec README item 9).
struct WriteMaskRow {
  uint8_t code;
  std::string_view name;
  uint8_t components;
};
std::span<const WriteMaskRow> write_masks_2c();
std::span<const WriteMaskRow> write_masks_34c();
// Names that are recognised but cannot be encoded (RB, GB: nvidia_tlds.md §1.7).
inline constexpr std::array<std::string_view, 2> kUnencodableMasks{"RB", "GB"};
// The component set of a mask name in either table, or of RB/GB; nullopt for other text.
std::optional<uint8_t> mask_components_from_name(std::string_view name);
std::string mask_name_of(uint8_t components);  // "RGBA", "GA", ...

// TLDS.F16 (bit 59 clear) exists from SM52 on: nvdisasm 11.8 -b SM50 rejects the word as an
// unknown operation (decisions T-section, issue 14); so do TEXS.F16 and TLD4S.F16 (T19).
// An empty platform means "any".
inline bool f16_exists(std::string_view platform) {
  return platform != "SM50";
}
// Whether `platform` ("SM60") is `first` or later; an empty platform means "any".
inline bool platform_at_least(std::string_view platform, std::string_view first) {
  if (platform.empty()) return true;
  return platform.size() == first.size() ? platform >= first : platform.size() > first.size();
}

// .phase: stored in the control field's reuse bits (spec README item 10).
// kInvalid3: control bits 18:17 = 3 (both), which nvdisasm prints as .INVALIDPHASE3 (issue 14).
enum class Phase : uint8_t { kNone, kT, kP, kInvalid3 };

// The 21-bit per-instruction control field (nvidia_tlds.md §1.2), as raw field values.
struct Control {
  uint8_t stall = 0;      // 3:0
  uint8_t yield_bit = 0;  // 4: 0 = yield ("Y"), 1 = no yield ("-")
  uint8_t wr_bar = 7;     // 7:5, 7 = none
  uint8_t rd_bar = 7;     // 10:8, 7 = none
  uint8_t wait = 0;       // 16:11, mask over barriers 0..5
  uint8_t reuse = 0;      // 20:17 (for TLDS: .T = bit 0, .P = bit 1)
  friend bool operator==(const Control&, const Control&) = default;
};
// 0x7e0 = [B------:R-:W-:Y:S00], the control of padding NOPs and of text without a prefix.
inline constexpr Control kDefaultControl{};

// What a line or a decoded word is.
enum class Kind : uint8_t {
  kInstruction,  // an instruction of the table (opspec.hpp: TLDS, TEXS, TLD4S, NOP)
  kUnsupported,  // text of another SASS instruction: kept, not encodable or executable
  kRaw,          // a word that does not decode: printed as `.word 0x...` (placeholder)
};

// Where an instruction came from, per operand slot, for diagnostics.
enum class Slot : uint8_t {
  kInstr,
  kPred,
  kModifiers,
  kRd1,
  kRd0,
  kRa,
  kRb,
  kTsIdx,
  kParamA,
  kWmsk,
  kControl,
  kPd,
  kLod,  // TEX/TLD lod, TLD4 offsets, TXD .LC, TLD4 .NDV: the modifier's own field
  kToff,
  kLc,
  kNdv,
  kCount
};

// A file name stored once: an Origin holds a pointer to an interned copy, so copying an
// instruction copies 8 bytes (issue 18 item 4, decode speed). Names are kept for the process.
class FileName {
 public:
  FileName() = default;
  FileName(std::string_view name);  // NOLINT(google-explicit-constructor): a name is a name
  FileName(const std::string& name) : FileName(std::string_view(name)) {}  // NOLINT
  FileName(const char* name) : FileName(std::string_view(name)) {}         // NOLINT
  const std::string& str() const { return *name_; }
  operator const std::string&() const { return *name_; }  // NOLINT: for core::TextLoc{file, ..}
  bool empty() const { return name_->empty(); }
  friend bool operator==(const FileName& a, const FileName& b) { return *a.name_ == *b.name_; }

 private:
  static const std::string kEmpty;
  const std::string* name_ = &kEmpty;
};

// A value allocated only when set: text columns (binary origins have none) and an
// instruction's text (only kUnsupported and kRaw have one). Copies are deep.
template <typename T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(const Boxed& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(const Boxed& o) {
    if (this != &o) p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
    return *this;
  }
  Boxed& operator=(Boxed&&) noexcept = default;
  ~Boxed() = default;
  const T& get() const { return p_ ? *p_ : kEmpty; }
  T& mut() {
    if (!p_) p_ = std::make_unique<T>();
    return *p_;
  }

 private:
  static inline const T kEmpty{};
  std::unique_ptr<T> p_;
};

// Per-slot text columns (0 = unknown); reading never allocates.
class Columns {
 public:
  uint32_t operator[](size_t k) const { return cols_.get()[k]; }
  uint32_t& operator[](size_t k) { return cols_.mut()[k]; }

 private:
  Boxed<std::array<uint32_t, static_cast<size_t>(Slot::kCount)>> cols_;
};

// kUnsupported: the source text; kRaw: why it did not decode; empty otherwise.
class InstText {
 public:
  InstText& operator=(std::string s) {
    if (s.empty() && get().empty()) return *this;
    text_.mut() = std::move(s);
    return *this;
  }
  const std::string& str() const { return text_.get(); }
  operator const std::string&() const { return text_.get(); }  // NOLINT: reads as a string
  char operator[](size_t k) const { return text_.get()[k]; }
  bool empty() const { return text_.get().empty(); }

 private:
  const std::string& get() const { return text_.get(); }
  Boxed<std::string> text_;
};

struct Origin {
  // Ordered for size (issue 18 item 4: decoded streams are vectors of Instructions).
  FileName file;
  uint64_t offset = 0;       // binary: byte offset of the word
  uint64_t ctrl_offset = 0;  // binary: byte offset of its control word
  Columns column;            // text
  uint32_t line = 0;         // text
  bool binary = false;
  uint8_t ctrl_slot = 0;  // binary: 0..2 within the bundle
};

// SM70+ (128-bit words, decisions W1-W8): where the texture comes from, by opcode row.
enum class TexSource : uint8_t {
  kBound,     // constant bank and word (0xb6x..): `0xBANK, 0xWORD`
  kBindless,  // handle in a register (0x36x..): no operand
  kUniform,   // uniform register and immediate (0xf6x.., bit 91; SM75+): `URn, 0xIMM`
  kCb2,       // the row ptxas never emits (0xb62..): `0xBANK, 0xA, 0xB`
};

// The fields only the 128-bit generation has. `sm` 0 = a Maxwell/Pascal instruction (every other
// member unused). The shared members of Instruction keep their meaning (op, registers with rd1 =
// Rd2, param_a from the 3-bit dimension, pd = fault predicate, mask, aoffi, dc, ms, ndv, cl, lc,
// toff, component, query, nodep); lod/f16/rtz mirror lod_code/f16_code (W4).
struct WideFields {
  uint8_t sm = 0;  // 70, 72, 75, 80, 86, 87, 89, 90
  TexSource source = TexSource::kBound;
  bool b_bit = false;    // bit 59: prints .B (.???0 where the row needs it and it is clear)
  bool scr = false;      // bit 60 .SCR (TEX, TLD, TLD4)
  uint8_t f16_code = 0;  // 80:79: 0 none, 1 .F16.RN, 2 .F16.RZ, 3 .INVALID3
  uint8_t cache = 1;     // 86:84: 0 .EF, 1 none, 2 .EL, 3 .LU, 4 .EU, 5 .NA, 6/7 .INVALIDn
  uint8_t lod_code = 0;  // 89:87 (TEX: auto, LZ, LB, LL, LC, LB.LC, LC.FDV, -; TLD: 1 LZ, 3 LL)
  uint8_t pm = 0;        // 103:102 ?PMn (SM86+)
  uint8_t bank = 0;      // bound/cb2: 58:54
  uint16_t tex_a = 0;    // bound: word 53:40; uniform: URn 45:40; cb2: A 45:40
  uint8_t tex_b = 0;     // uniform: immediate 53:46; cb2: B 53:46
  uint32_t sched = 0;    // 127:105 scheduling (stall, yield, barriers, reuse), never printed
  uint64_t kept_hi = 0;  // bits 127:64 nvdisasm ignores here (Instruction::kept_bits: 63:0)
  uint64_t raw_hi = 0;   // the word's bits 127:64 (raw_word: 63:0)
};

// A decoded or parsed instruction. Register fields hold raw numbers (255 = RZ).
struct Instruction {
  Kind kind = Kind::kInstruction;
  Opcode op = Opcode::kTlds;
  uint8_t pred = kPT;
  bool pred_neg = false;
  // TLDS, TEXS, TLD4S (the fields an opcode lacks keep their defaults)
  bool f16 = false;
  bool rtz = false;  // TLD4S.F16.RTZ (SM60+, decisions T20)
  Lod lod = Lod::kLZ;
  uint8_t component = 0;  // TLD4S gather component: 0..3 = R, G, B, A
  // TEX, TLD, TLD4, TXD (decisions T23-T27)
  uint8_t pd = kPT;        // predicate destination (sparse residency), PT = none
  uint8_t toff = 0;        // TLD4 texel offsets: 0 none, 1 .AOFFI, 2 .PTP, 3 INVALIDBTOFF03
  bool ndv = false;        // .NDV (TEX; TLD4 up to SM53)
  bool cl = false;         // TLD .CL
  bool lc = false;         // TXD .LC (SM52+)
  uint8_t query = 0;       // TXQ query code, bits 27:22
  uint64_t kept_bits = 0;  // word bits nvdisasm ignores on this platform (TLD4 bit 35, SM60+)
  bool aoffi = false;
  bool ms = false;
  bool dc = false;
  bool nodep = false;
  Phase phase = Phase::kNone;
  uint8_t rd1 = kRZ;
  uint8_t rd0 = 0;
  uint8_t ra = 0;
  uint8_t rb = kRZ;
  ParamA param_a = ParamA::k1D;
  uint8_t mask = 0x1;  // component set (bit 0 = R)
  // Rd1 != RZ with wmsk code 5..7: no row of the 3/4-component table; nvdisasm prints it as
  // INVALID5..INVALID7 (decisions T-section, issue 14). 0 = a table mask (`mask` holds it).
  uint8_t invalid_wmsk = 0;
  // kUnsupported read from a cuobjdump listing with its "/* 0x... */" encoding: raw_word holds
  // it and the line encodes to it (issue 14, item 4).
  bool word_given = false;
  // Every instruction
  bool has_ctrl = false;  // text had a control prefix / annotations, or the word came with one
  Control ctrl = kDefaultControl;
  uint32_t ts_idx = 0;    // 13 bits when valid; wider values are kept for the diagnostic
  uint64_t raw_word = 0;  // kRaw: the word; kInstruction: the word it was decoded from
  WideFields wide;        // SM70+ (128-bit words): wide.sm != 0
  InstText text;          // kUnsupported: the source text; kRaw: why it did not decode
  Origin origin;
};

// The TLDS table row an instruction's (paramA, lod, aoffi, ms) selects, or nullptr
// (mode_row in opspec.hpp is the same for every opcode).
inline const ModeRow* encoding_row(const Instruction& i) {
  return i.op == Opcode::kTlds ? tlds_encoding_for(i.param_a, i.lod, i.aoffi, i.ms) : nullptr;
}

// Destination layout for a mask (sass-tlds.md, "Legal modifier table for Rd1,Rd0,wmsk"):
// components go, in RGBA order, to Rd0, Rd0+1, Rd1, Rd1+1 (FP32) or to Rd0.lo, Rd0.hi,
// Rd1.lo, Rd1.hi (F16, unused halves 0).
struct DestLayout {
  uint8_t rd0_regs = 0;
  uint8_t rd1_regs = 0;
  std::array<int8_t, 4> order{-1, -1, -1, -1};  // component index (0..3) of slot k, -1 = none
  uint8_t count = 0;
};
constexpr DestLayout make_dest_layout(uint8_t components, bool f16) {
  DestLayout d;
  for (int8_t c = 0; c < 4; ++c) {
    if ((components >> c) & 1u) d.order[d.count++] = c;
  }
  if (f16) {
    d.rd0_regs = d.count > 0 ? 1 : 0;
    d.rd1_regs = d.count > 2 ? 1 : 0;
  } else {
    d.rd0_regs = static_cast<uint8_t>(d.count >= 2 ? 2 : d.count);
    d.rd1_regs = static_cast<uint8_t>(d.count > 2 ? d.count - 2 : 0);
  }
  return d;
}
// Every (components, f16) layout, computed once (the validator asks for one per instruction).
inline constexpr auto kDestLayouts = [] {
  std::array<DestLayout, 32> t{};
  for (unsigned k = 0; k < 32; ++k)
    t[k] = make_dest_layout(static_cast<uint8_t>(k & 0xf), (k & 0x10) != 0);
  return t;
}();
inline DestLayout dest_layout(uint8_t components, bool f16) {
  return kDestLayouts[(components & 0xfu) | (f16 ? 0x10u : 0u)];
}

}  // namespace texsim::isa::sass
