// The generic vISA text encoder and instruction printer (isa_text.hpp, isa_print.hpp): golden
// lines for each operand form (text -> bytes -> the same text), IGC's bytes for corpus lines,
// every layout of the table round-tripped, and each syntax error with its file:line:column.
#include <gtest/gtest.h>

#include "core/bytes.hpp"
#include "core/text.hpp"
#include "isa/visa/isa_print.hpp"
#include "isa/visa/isa_text.hpp"
#include "isa/visa/layouts.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kProgram = R"(.version 4.1
.kernel "t"
.decl V32 v_type=G type=d num_elts=64 align=GRF
.decl V0040 v_type=G type=f num_elts=16 align=hword
.decl V0041 v_type=G type=d num_elts=16 align=hword
.decl V0061 v_type=G type=uq num_elts=16 align=hword
.decl A0 v_type=A num_elts=1
.decl P1 v_type=P num_elts=16
.decl S0 v_type=S num_elts=1 v_name=S000
.decl T6 v_type=T num_elts=1 v_name=T006
)";

std::string label_of(uint32_t id) {
  return "L" + std::to_string(id);
}
uint32_t id_of_label(std::string_view name) {
  return name.size() > 1 && name[0] == 'L'
             ? static_cast<uint32_t>(std::stoul(std::string(name.substr(1))))
             : 999;
}

struct Fixture {
  test::Parsed p;
  explicit Fixture(Version v = {4, 1}) : p(test::parse(kProgram, Platform::kTGLLP, false)) {
    p.prog->version = v;
  }
  TextEnv env() const {
    return {p.prog->symbols, p.prog->version, [](VarClass, uint32_t id) { return id; },
            id_of_label};
  }
  // Walks `bytes` as one instruction (fields relative to the opcode byte).
  IsaInst inst(const std::vector<uint8_t>& bytes) const {
    IsaInst in;
    in.opcode = bytes.at(0);
    in.bytes = bytes;
    core::BytesReader r(bytes, "t");
    EXPECT_TRUE(walk_instruction(r, p.prog->version, in.fields)) << r.error();
    EXPECT_EQ(r.pos(), bytes.size());
    return in;
  }
  std::string print(const std::vector<uint8_t>& bytes) const {
    return print_isa_instruction(inst(bytes), PrintEnv{p.prog->symbols, p.prog->version, label_of});
  }
  std::vector<uint8_t> encode(std::string_view line) const {
    std::vector<uint8_t> out;
    const auto e = encode_text_instruction(line, env(), out);
    EXPECT_FALSE(e.has_value()) << line << ": " << (e ? e->message : "");
    return out;
  }
};

// Each operand form IGC prints, text -> bytes -> text.
TEST(IsaText, GoldenLinesForEveryOperandForm) {
  const Fixture f;
  for (const char* line : {
           "mov (M1, 16) V0040(0,0)<1> V0041(1,2)<8;8,1>",  // general, regions
           "add.sat (M1_NM, 8) V0040(0,0)<2> (-)V0040(0,0)<0;1,0> (abs)V0041(0,0)<1;1,0>",
           "mad (M1, 16) V0040(0,0)<1> (-abs)V0040(0,0)<1;1,0> V0040(0,0)<1;1,0> 0x1:q",
           "not (M5, 16) V0041(0,0)<1> (~)V0041(0,0)<1;1,0>",  // logic modifier
           "mov (M1_NM, 1) V0041(0,0)<1> 0xffffffff:w",        // immediates: all 32 bits
           "mov (M1_NM, 1) V0061(0,0)<1> 0x123456789abcdef:uq",
           "(!P1.any) sel (M5, 8) V0040(0,0)<1> 0xbf800000:f V0040(0,0)<1;1,0>",
           "(P1.all) mul (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0> V0040(0,0)<1;1,0>",
           "cmp.lt (M1, 16) P1 V0040(0,0)<1;1,0> 0x0:f",  // predicate operand
           "cmpn.ge (M1, 16) P1 V0040(0,0)<1;1,0> 0x0:f",
           "min (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0> 0x0:f",
           "max (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0> 0x0:f",
           "movs (M1_NM, 1) T6(0) 0x0:ud",  // state operands
           "movs (M1_NM, 1) S0(0) 0x1:ud",
           "mov (M1_NM, 1) A0(0)<1> 0x40:uw",               // address operand
           "mov (M1, 8) V0041(0,0)<1> r[A0(1),-4]<4,1>:d",  // indirect, VxH region
           "mov (M1, 8) V0041(0,0)<1> r[A0(0),64]<8;8,1>:d",
           "bfn.xd8 (M1, 16) V0041(0,0)<1> V0041(0,0)<1;1,0> V0041(0,0)<1;1,0> 0x3:d",
           "add3 (M1, 16) V0041(0,0)<1> V0041(0,0)<0;1,0> V0041(0,0)<1;1,0> 0x1:d",
           "add3.o (M1, 16) V0041(0,0)<1> V0041(0,0)<0;1,0> V0041(0,0)<1;1,0> 0x1:d",
           "(P1) goto (M1, 32) L3",  // labels
           "jmp (M1, 1) L0",
           "ret (M1, 1)",
           "barrier",
           "fence_global",
           "fence_global.EISCRL1",
           "fence_local.E",
           "fence_sw",
           "lsc_fence.ugm.evict.gpu",
           "lsc_load.ugm (M1, 16)  V0041:d32x4  flat[V0061]:a64",
           "lsc_load.ugm.ca.ca (M1, 16)  V0041.32:d32  bti(0xFF)[0x4*V0041+0x10]:a32",
           "(P1) lsc_store.slm (M1, 16)  flat[V0041-0x8]:a32  V0040:d16c32",
           "lsc_store_quad.ugm (M1, 16)  ss(V0041)[V0061]:a64  V0040:d32.xz",
           "lsc_store.ugm (M1, 16)  bss(V0041(0,1))[V0061]:a64  V0040:d32",
           "lsc_load.ugm (M1, 1)  V0041:d32x64t  flat[V0061]:a64",
           "lsc_atomic_iadd.ugm (M1, 16)  V0041:d32  flat[V0061]:a64  V0040  %null",
           "(P1) lsc_atomic_fcas.slm.uc.uc (M1, 16)  %null:d32  flat[V0041+0x40]:a32  V0040  "
           "V0040.64",
           "scatter4_scaled.RGBA (M1, 16) T6 0x0:ud V0041.0 V0040.0",
           "(P1) scatter_scaled.4 (M1, 16) %slm 0x10:ud V0041.0 V0040.64",
           "gather4_scaled.GA (M1, 8) T6 0x0:ud V0041.0 V0040.0",
           // Issue 29: IGC's typed, atomic, SVM and oword forms (IsaDisassembly.cpp 1.0.12504).
           "scatter4_typed.RGBA (M1, 8) T6 V0041.0 V0040.0 %null.0 %null.0 V0041.32",
           "gather4_typed.GB (M5, 16) T6 V0041.0 V0040.0 V0040.64 %null.0 V0041.32",
           "dword_atomic.inc (M1, 16) T6 V0041.0 %null.0 %null.0 V0040.0",
           "(P1) dword_atomic.cmpxchg.64 (M1, 8) T6 V0041.0 V0040.0 V0040.32 V0041.64",
           "dword_atomic.fmax (M1, 16) %slm V0041.0 V0040.0 %null.0 V0040.64",
           "svm_gather.4.1 (M1, 16) V0061.0 V0041.0",
           "(!P1) svm_scatter.8.2 (M1, 8) V0061.0 V0041.0",
           "svm_scatter.1.4 (M1, 16) V0061.0 V0041.0",
           "svm_atomic.add (M1_NM, 1) V0061.0 %null.0 V0041.0 %null.0",
           "svm_atomic.minsint.16 (M1, 8) V0061.0 V0040.0 V0041.0 %null.0",
           "oword_ld (2) T6 0x0:ud V0041.0",
           "oword_ld_unaligned (4) T6 V0041(0,0)<0;1,0> V0040.0",
           "oword_ld.mod (1) T6 0x10:ud V0041.0",
           "oword_st (16) T6 0x20:ud V0041.0",
           // Layout-driven forms (IGC's printer writes these its own way).
           "lsc_untyped 8 (M1, 16) 0 0 0 1 1 0 3 3 1 2 1 0x0:ud V0041.0 V0061.0 %null.0 %null.0",
           "svm_gather (M1, 8) 3 2 V0061.0 V0041.0",  // block size code 3: no IGC form
           "switchjmp (M1, 1) 2 V0041(0,0)<0;1,0> L1 L2",
           "lifetime 1 V0041",
           "raw_sends (M1, 16) 4 2 1 1 15 0x0:ud 0x2a:ud V0041.0 V0040.0 V0040.0",
           // IGC's send forms.
           "raw_sends.15.2.1.1 (M1, 16)  0x0:ud 0x2a:ud V0041.0 V0040.0 V0040.0",
           "(!P1) raw_sendsc.12.eot.1.0.0 (M1_NM, 8)  V0041(0,0)<0;1,0> 0x1:ud V0041.0 %null.0 "
           "%null.0",
           "raw_send (M1, 16) 0x2a 1 1  0x2000000:ud V0041.0 V0040.0",
           "raw_sendc (M1, 8) 0x0 2 0  V0041(0,0)<0;1,0> V0041.0 %null.0",
           "raw_send (M1, 16) 7 42 1 1 0x0:ud V0041.0 V0040.0",  // modifier 7: layout form
           "svm_block_ld (2) V0061(0,0)<0;1,0> V0041.0",
           "svm_block_st.unaligned (16) V0061(0,0)<0;1,0> V0041.32",
           "svm_block_ld 5 V0061(0,0)<0;1,0> V0041.0",  // 5 owords: no IGC form
           "sbarrier.signal",
           "sbarrier.wait",
           "sbarrier 2",
       }) {
    EXPECT_EQ(f.print(f.encode(line)), line);
  }
}

// IGC's own bytes for corpus lines (its .isa files, decisions.md V34: IGC leaves the last
// operands out, so its bytes are the start of texsim's; V55 for the LSC shape byte).
TEST(IsaText, IgcBytesForCorpusLines) {
  const Fixture f;
  // In IGC's file V0061 has id 61 (0x3d), %cr0 id 14.
  const uint32_t v61 = f.p.prog->symbols.find_name("V0061")->id;
  const auto hex = [&](std::string_view line) {
    TextEnv env = f.env();
    env.ids = [&](VarClass, uint32_t id) { return id == v61 ? 61u : id; };
    std::vector<uint8_t> out;
    EXPECT_FALSE(encode_text_instruction(line, env, out).has_value()) << line;
    return core::hex_bytes(out);
  };
  EXPECT_EQ(hex("lsc_store.ugm (M1, 16)  flat[V0061]:a64  V0041:d32x2").substr(0, 76),
            "89040400000000000101000000000003030102020500000000000000000000003d0000000000");
  EXPECT_EQ(hex("or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x4c0:ud").substr(0, 26),
            "21800000000e00000000000002");
  EXPECT_EQ(hex("fence_sw"), "5c80");  // IGC's text parser (its compiler writes 0xa1: V57)
  EXPECT_EQ(hex("fence_local.E"), "5c21");
  EXPECT_EQ(hex("barrier"), "59");
}

// Default bytes for every layout token (an instruction of that opcode with small operands).
std::vector<uint8_t> sample_bytes(uint8_t opcode, std::optional<uint8_t> sub,
                                  std::string_view layout, Version v) {
  core::BytesWriter w;
  const unsigned idb = v >= kRawId32Version ? 4 : 2;
  auto general = [&] {
    w.put(0, 1);
    w.put(32, idb);
    w.put(0, 2);
    w.put(0x0122, 2);  // <1;1,0>
  };
  auto raw = [&] {
    w.put(32, idb);
    w.put(0, 2);
  };
  w.put(opcode, 1);
  if (sub) w.put(*sub, 1);
  for (char t : layout) {
    switch (t) {
      case 'E':
        w.put(0x04, 1);
        break;
      case 'P':
        w.put(0, 2);
        break;
      case 'b':
      case 'n':
        w.put(1, 1);
        break;
      case 'w':
        w.put(1, 2);
        break;
      case 'd':
        w.put(1, 4);
        break;
      case 'O':
        w.put(1, v >= kWideOpVersion ? 2 : 1);
        break;
      case 'F':
        if (v > Version{3, 5}) w.put(1, 1);
        break;
      case 'I':
        w.put(32, idb);
        break;
      case 'R':
      case 'r':
        raw();
        break;
      case 'l':
        w.put(1, 2);
        break;
      case 'V':
        general();
        break;
      case 'A':
        if (v >= kRawId32Version)
          general();
        else
          w.put(1, 2);
        break;
      case 'W':
        if (v >= Version{3, 1}) general();
        break;
      default:
        ADD_FAILURE() << "token " << t;
    }
  }
  return w.bytes();
}

// Every opcode and sub-op of IGC's table with a binary layout: bytes -> text -> the same bytes.
TEST(IsaText, EveryLayoutRoundTrips) {
  for (const Version v : {Version{3, 3}, Version{4, 1}}) {
    const Fixture f(v);
    size_t n = 0;
    auto check = [&](uint8_t opcode, std::optional<uint8_t> sub, std::string_view layout) {
      const auto bytes = sample_bytes(opcode, sub, layout, v);
      const std::string line = f.print(bytes);
      std::vector<uint8_t> back;
      const auto e = encode_text_instruction(line, f.env(), back);
      EXPECT_FALSE(e.has_value()) << line << ": " << (e ? e->message : "");
      EXPECT_EQ(core::hex_bytes(back), core::hex_bytes(bytes)) << line;
      ++n;
    };
    for (const OpLayout& l : all_layouts()) {
      if (l.layout == "?" || l.opcode == 0x30 || l.opcode == 0x31) continue;  // labels: NAME:
      if (l.layout != "s") {
        check(l.opcode, std::nullopt, l.layout);
        continue;
      }
      for (unsigned s = 0; s < 256; ++s) {
        const OpLayout* sl = find_sub_layout(l.opcode, static_cast<uint8_t>(s));
        if (sl != nullptr && sl->layout != "?")
          check(l.opcode, static_cast<uint8_t>(s), sl->layout);
      }
    }
    EXPECT_GE(n, 140u);  // 112 opcodes with a layout, 13 svm/lsc sub-ops, 23 atomics, typed
  }
}

// Each syntax error the text side diagnoses: a line that reads and one that does not; the error
// names t.visaasm, the line (11: the first after kProgram) and the column where `at` last occurs
// in the bad line.
struct ErrorCase {
  const char* good;
  const char* bad;
  const char* at;
  const char* message;
  unsigned line = 11;
};

TEST(IsaText, SyntaxErrorsNameFileLineColumn) {
  const ErrorCase cases[] = {
      {"    mov (M1, 16) V0040(0,0)<1> 0x0:f", "    mov (M9, 16) V0040(0,0)<1> 0x0:f", "M9",
       "mask 'M9' is not M1..M8"},
      {"    mov (M1, 16) V0040(0,0)<1> 0x0:f", "    mov (M1, 12) V0040(0,0)<1> 0x0:f", "12)",
       "exec size '12'"},
      {"    mov (M1, 16) V0040(0,0)<1> 0x0:f", "    mov V0040(0,0)<1> 0x0:f", "V0040",
       "expected the exec size"},
      {"    add.sat (M1, 16) V0040(0,0)<1> 0x0:f 0x0:f",
       "    add.sot (M1, 16) V0040(0,0)<1> 0x0:f 0x0:f", "sot", "unknown suffix '.sot'"},
      {"    cmp.eq (M1, 16) P1 V0040(0,0)<1;1,0> 0x0:f",
       "    cmp (M1, 16) P1 V0040(0,0)<1;1,0> 0x0:f", "cmp", "cmp needs a relation"},
      {"    bfn.x1 (M1, 16) V0041(0,0)<1> 0x0:d 0x0:d 0x0:d",
       "    bfn (M1, 16) V0041(0,0)<1> 0x0:d 0x0:d 0x0:d", "bfn", "bfn needs its function"},
      {"    mov (M1, 16) V0040(0,0)<1> 0x0:f", "    mov (M1, 16) V0042(0,0)<1> 0x0:f", "V0042",
       "'V0042' is not declared"},
      {"    mov (M1, 16) V0040(0,0)<1> 0x0:f", "    mov (M1, 16) V0040(0,0)<1> 0x0", "0x0",
       "needs its type"},
      {"    mov (M1, 16) V0040(0,0)<1> 0x0:f", "    mov (M1, 16) V0040(0,0)<1> 0x0:fq", "fq",
       "unknown type 'fq'"},
      {"    mov (M1, 16) V0040(0,0)<1> 0x0:f", "    mov (M1, 16) V0040(0,0)<1> 0x100000000:f",
       "0x1", "does not fit in 32 bits"},
      {"    mov (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0>",
       "    mov (M1, 16) V0040(0,0)<1> V0040(0,0)<3;1,0>", "<3;1,0>", "expected a region"},
      {"    mov (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0>",
       "    mov (M1, 16) V0040(0,0)<1> V0040<1;1,0>", "<1;1,0>", "expected '(' after 'V0040'"},
      {"    mov (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0>",
       "    mov (M1, 16) V0040(0,x)<1> V0040(0,0)<1;1,0>", "(0,x)", "row and column"},
      {"    movs (M1_NM, 1) T6(0) 0x0:ud", "    movs (M1_NM, 1) T6(0,0) 0x0:ud", "(0,0)",
       "a state operand is NAME(offset)"},
      {"    mov (M1, 16) V0040(0,0)<1> P1", "    mov (M1, 16) V0040(0,0)<1> P1(0,0)<0;1,0>",
       "(0,0)<0;1,0>", "a predicate operand is its name alone"},
      // The predicate prefix is read by the model's parser before the mnemonic (syntax.cpp).
      {"    (P1) mov (M1, 16) V0040(0,0)<1> 0x0:f", "    (P1 mov (M1, 16) V0040(0,0)<1> 0x0:f",
       "mov (M1", "expected ')' after the predicate"},
      {"    (P1.any) mov (M1, 16) V0040(0,0)<1> 0x0:f",
       "    (P1.some) mov (M1, 16) V0040(0,0)<1> 0x0:f", ") mov", "expected .any or .all"},
      {"    (P1) mov (M1, 16) V0040(0,0)<1> 0x0:f", "    (T6) mov (M1, 16) V0040(0,0)<1> 0x0:f",
       "T6)", "'T6' is not a declared predicate"},
      {"    movs (M1_NM, 1) T6(0) 0x0:ud", "    (P1) movs (M1_NM, 1) T6(0) 0x0:ud", "(P1)",
       "'movs' takes no predicate"},
      {"    mov (M1, 16) V0040(0,0)<1> 0x0:f", "    mov (M1, 16) V0040(0,0)<1> 0x0:f 0x0:f",
       "0x0:f", "unexpected text after the last operand"},
      {"    (P1) goto (M1, 32) L1\nL1:", "    (P1) goto (M1, 32) L2\nL1:", "L2",
       "label 'L2' is not defined"},
      {"    fence_global.EC", "    fence_global.EX", "X", "unknown or repeated fence flag 'X'"},
      {"    fence_local.E", "    fence_local", "fence_local", "fence_local is written with a dot"},
      {"    fence_sw", "    (P1) fence_sw", "(P1)", "a fence takes no predicate"},
      {"    lsc_fence.ugm.none.group", "    (P1) lsc_fence.ugm.none.group", "(P1)",
       "lsc_fence takes no predicate"},
      {"    lsc_fence.ugm.none.group", "    lsc_fence.ugm.none.world", "world",
       "unknown scope 'world'"},
      {"    lsc_load.ugm (M1, 16)  V0041:d32  flat[V0061]:a64",
       "    lsc_load.ugx (M1, 16)  V0041:d32  flat[V0061]:a64", "ugx", "unknown LSC SFID 'ugx'"},
      {"    lsc_load.ugm.ca.ca (M1, 16)  V0041:d32  flat[V0061]:a64",
       "    lsc_load.ugm.ca.cx (M1, 16)  V0041:d32  flat[V0061]:a64", "ca.cx",
       "unknown cache control"},
      {"    lsc_load.ugm (M1, 16)  V0041:d32  flat[V0061]:a64",
       "    lsc_load.ugm (M1, 16)  V0041:d31  flat[V0061]:a64", "d31",
       "unknown LSC data size 'd31'"},
      {"    lsc_load.ugm (M1, 16)  V0041:d32x4  flat[V0061]:a64",
       "    lsc_load.ugm (M1, 16)  V0041:d32x5  flat[V0061]:a64", ":d32x5", "vector size is x0"},
      {"    lsc_load.ugm (M1, 16)  V0041:d32  flat[V0061]:a64",
       "    lsc_load.ugm (M1, 16)  V0041:d32  flot[V0061]:a64", "flot",
       "unknown address type 'flot'"},
      {"    lsc_load.ugm (M1, 16)  V0041:d32  flat[V0061]:a64",
       "    lsc_load.ugm (M1, 16)  V0041:d32  flat[V0061]:a48", "a48",
       "unknown address size 'a48'"},
      {"    lsc_load_quad.ugm (M1, 16)  V0041:d32.xz  flat[V0061]:a64",
       "    lsc_load_quad.ugm (M1, 16)  V0041:d32.zx  flat[V0061]:a64", ":d32.zx", "quad channels"},
      {"    scatter4_scaled.RG (M1, 16) T6 0x0:ud V0041.0 V0040.0",
       "    scatter4_scaled.GR (M1, 16) T6 0x0:ud V0041.0 V0040.0", "GR",
       "channels are R, G, B, A"},
      {"    scatter_scaled.4 (M1, 16) T6 0x0:ud V0041.0 V0040.0",
       "    scatter_scaled.3 (M1, 16) T6 0x0:ud V0041.0 V0040.0", "3 (M1",
       "block count is .1, .2 or .4"},
      {"    scatter4_typed.RGBA (M1, 8) T6 V0041.0 V0040.0 %null.0 %null.0 V0041.32",
       "    scatter4_typed.ARGB (M1, 8) T6 V0041.0 V0040.0 %null.0 %null.0 V0041.32", "ARGB",
       "channels are R, G, B, A in order"},
      {"    dword_atomic.inc (M1, 16) T6 V0041.0 %null.0 %null.0 V0040.0",
       "    dword_atomic.incr (M1, 16) T6 V0041.0 %null.0 %null.0 V0040.0", "incr",
       "unknown atomic operation 'incr'"},
      {"    svm_scatter.4.2 (M1, 8) V0061.0 V0041.0", "    svm_scatter.2.2 (M1, 8) V0061.0 V0041.0",
       "svm_scatter.2", "a block of 1, 4 or 8 bytes"},
      {"    svm_atomic.add (M1_NM, 1) V0061.0 %null.0 V0041.0 %null.0",
       "    svm_atomic.add (M1_NM, 1) V0061.0 %null.0 V0041.0", "", "expected a raw operand"},
      {"    oword_ld (2) T6 0x0:ud V0041.0", "    oword_ld (3) T6 0x0:ud V0041.0", "(3)",
       "oword count (1), (2), (4), (8) or (16)"},
      {"    oword_st (2) T6 0x0:ud V0041.0", "    oword_st.mod (2) T6 0x0:ud V0041.0", "oword_st",
       "oword_st takes no .mod"},
      {"    scatter_scaled.4 (M1, 16) T6 0x0:ud V0041.0 V0040.0",
       "    scatter_scaled.4 (M1, 16) T6 0x0:ud V0041 V0040.0", "V0041 ",
       "a raw operand is NAME.offset"},
      {".input V0040 offset=32 size=64", ".input V0040 offset=32", ".input",
       "an input needs size=N"},
      {".input V0040 offset=32 size=64", ".input V0040 offset=x size=64", "offset=x",
       "expected offset=N"},
      {".input V0040 offset=32 size=64", ".input V0049 offset=32 size=64", "V0049",
       "input 'V0049' is not a declared variable"},
      {".kernel_attr Target=\"3d\"", ".kernel_attr Target=\"gpu\"", "\"gpu\"",
       "Target is \"cm\" or \"3d\""},
      {".kernel_attr SimdSize=16", ".kernel_attr SimdSize=sixteen", "sixteen",
       "a number or a quoted string"},
      {".function \"f_0\"\nf_0:", ".function \"f_0\"\ng_0:", "g_0", "must be followed by its label",
       12},
      {"L1:\n    ret (M1, 1)", "L1:\nL1:", "L1", "label 'L1' is already defined", 12},
  };
  for (const ErrorCase& c : cases) {
    const std::string head = kProgram;
    const auto good = test::parse(head + c.good + "\n", Platform::kTGLLP, false);
    EXPECT_FALSE(good.sink.has_errors()) << c.good << "\n" << test::all_diags(good.sink);
    const auto bad = test::parse(head + c.bad + "\n", Platform::kTGLLP, false);
    std::string_view line(c.bad);
    if (c.line == 12) line = line.substr(line.find('\n') + 1);
    const size_t col = line.rfind(c.at) + 1;
    const std::string want =
        "t.visaasm:" + std::to_string(c.line) + ":" + std::to_string(col) + ": error[";
    const std::string got = test::all_diags(bad.sink);
    EXPECT_NE(got.find(want), std::string::npos) << c.bad << "\nwant " << want << "\n" << got;
    EXPECT_NE(got.find(c.message), std::string::npos) << c.bad << "\n" << got;
  }
}

// The layout-driven form of an instruction that has an IGC form reads to the same bytes, and
// prints in IGC's form (issue 29: oword_ld, svm_gather).
TEST(IsaText, LayoutDrivenFormsPrintAsIgc) {
  const Fixture f;
  EXPECT_EQ(f.print(f.encode("oword_ld 1 0 6 0x0:ud V0041.0")), "oword_ld (2) T6 0x0:ud V0041.0");
  EXPECT_EQ(f.print(f.encode("svm_gather (M1, 8) 1 2 V0061.0 V0041.0")),
            "svm_gather.4.4 (M1, 8) V0061.0 V0041.0");
}

// IGC's builder writes an unaligned SVM block's flag as bit 7, which its printer ignores
// (decision V63): the text is IGC's, without the flag.
TEST(IsaText, SvmBlockBit7PrintsAsIgcsPrinterDoes) {
  const Fixture f;
  auto bytes = f.encode("svm_block_ld (1) V0061(0,0)<0;1,0> V0041.0");
  ASSERT_GE(bytes.size(), 3u);
  EXPECT_EQ(bytes[2], 0x00);
  bytes[2] |= 0x80;
  EXPECT_EQ(f.print(bytes), "svm_block_ld (1) V0061(0,0)<0;1,0> V0041.0");
}

// An instruction IGC prints in a form of its own that texsim does not read (lsc_load_strided):
// a warning, no error, and asm -o X.isa says the line cannot be written; texsim's layout-driven
// form of the same instruction is read and written.
TEST(IsaText, IgcFormsTexsimDoesNotReadWarnAndAreNotWritten) {
  const std::string head = kProgram;
  auto p =
      test::parse(head + "    lsc_load_strided.ugm (M1, 16)  V0041:d32x4  flat[V0061, 0x10]:a64\n",
                  Platform::kTGLLP, false);
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  EXPECT_TRUE(test::has_rule(p.sink, "VISA-TEXT-FORM")) << test::all_diags(p.sink);
  core::DiagSink sink;
  EXPECT_FALSE(isa_file_from_program(*p.prog, sink).has_value());
  EXPECT_TRUE(test::has_rule(sink, "VISA-ISA-FILE")) << test::all_diags(sink);
  auto q =
      test::parse(head + "    svm_gather (M1, 8) 1 0 V0061.0 V0041.0\n", Platform::kTGLLP, false);
  EXPECT_FALSE(q.sink.has_errors()) << test::all_diags(q.sink);
  EXPECT_FALSE(test::has_rule(q.sink, "VISA-TEXT-FORM"));
  core::DiagSink qs;
  EXPECT_TRUE(isa_file_from_program(*q.prog, qs).has_value()) << test::all_diags(qs);
}

// Text -> .isa -> text for a whole IGC-style kernel: header directives, labels, a subroutine.
TEST(IsaText, WholeKernelGoesTextToIsaToText) {
  const std::string text = std::string(kProgram) +
                           ".input V0040 offset=32 size=64\n"
                           ".implicit_LOCAL_ID V0041 offset=96 size=6\n"
                           ".input T6 offset=104 size=4\n"
                           ".kernel_attr Target=\"3d\"\n"
                           ".kernel_attr SimdSize=16\n"
                           ".kernel_attr NoBarrier\n"
                           ".function \"_main_0\"\n\n_main_0:\n"
                           "    (P1) goto (M1, 16) _0_002\n\n_0_001:\n"
                           "    mov (M1, 16) V0040(0,0)<1> 0x0:f\n\n_0_002:\n"
                           "    ret (M1, 1)\n";
  auto p = test::parse(text, Platform::kTGLLP, false);
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  core::DiagSink sink;
  const auto file = isa_file_from_program(*p.prog, sink);
  ASSERT_TRUE(file.has_value()) << test::all_diags(sink);
  // The subroutine label is stored without IGC's printed _ID suffix (V54).
  const IsaRoutine& k = file->kernels[0];
  ASSERT_EQ(k.labels.size(), 3u);
  EXPECT_EQ(k.strings[k.labels[0].name], "_main");
  EXPECT_EQ(k.labels[0].kind, 1);
  EXPECT_EQ(k.strings[k.labels[1].name], "_0_002");  // ids in order of first mention
  const auto bytes = write_isa_file(*file);
  core::DiagSink rs;
  const auto back = read_isa_file(bytes, "t.isa", rs);
  ASSERT_TRUE(back.has_value()) << test::all_diags(rs);
  const std::string out = print_isa_routine(*back, back->kernels[0], Platform::kTGLLP);
  const std::string tail = out.substr(out.find(".decl V32"));
  EXPECT_EQ(tail, text.substr(text.find(".decl V32"))) << out;
  EXPECT_NE(out.find("/// VISA Predefined Variables\n// .decl V0 v_type=G v_name=%null\n"),
            std::string::npos);
}

// Align code 0 is both ALIGN_UNDEF and ALIGN_BYTE: IGC's printer leaves it out (issue 29: texsim
// printed align=byte for byte variables read from a .isa, which no IGC dump has).
TEST(IsaText, ByteAlignIsNotPrintedFromIsa) {
  const std::string text = std::string(kProgram) +
                           ".decl V0070 v_type=G type=ub num_elts=1 align=byte\n"
                           ".decl V0071 v_type=G type=b num_elts=1\n"
                           "    ret (M1, 1)\n";
  auto p = test::parse(text, Platform::kTGLLP, false);
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  core::DiagSink sink;
  const auto file = isa_file_from_program(*p.prog, sink);
  ASSERT_TRUE(file.has_value()) << test::all_diags(sink);
  const auto bytes = write_isa_file(*file);
  const auto back = read_isa_file(bytes, "t.isa", sink);
  ASSERT_TRUE(back.has_value()) << test::all_diags(sink);
  const std::string out = print_isa_routine(*back, back->kernels[0], Platform::kTGLLP);
  EXPECT_NE(out.find(".decl V0070 v_type=G type=ub num_elts=1\n"), std::string::npos) << out;
  EXPECT_NE(out.find(".decl V0071 v_type=G type=b num_elts=1\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("align=byte"), std::string::npos);
}

}  // namespace
}  // namespace texsim::isa::visa
