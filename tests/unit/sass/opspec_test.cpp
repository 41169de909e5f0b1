// The OpSpec table and the SM50 encoding rows: encodings never overlap (match/mask), fields stay
// inside their row's free bits and apart, mode indexes agree with the mode tables, every opcode
// has an encoding, and every legal combination of every row round-trips text -> word -> text.
#include "isa/sass/opspec.hpp"
#include "isa/sass/modifiers.hpp"

#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "isa/sass/codec.hpp"
#include "isa/sass/encoding.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

std::string name_of(const EncodingRow& r) {
  return std::string(op_spec(r.op).mnemonic) + (r.rtz ? ".F16.RTZ" : "");
}

TEST(SassOpSpec, MatchMasksNeverOverlap) {
  const auto rows = sm50().rows;
  for (size_t a = 0; a < rows.size(); ++a) {
    EXPECT_EQ(rows[a].match & ~rows[a].mask, 0u) << name_of(rows[a]);
    for (size_t b = a + 1; b < rows.size(); ++b) {
      // Two rows overlap iff their matches agree on every bit both masks fix.
      const uint64_t both = rows[a].mask & rows[b].mask;
      EXPECT_NE((rows[a].match ^ rows[b].match) & both, 0u)
          << name_of(rows[a]) << " and " << name_of(rows[b]) << " match the same words";
    }
  }
}

// Meaning and encoding apart (issue 25): every opcode row has exactly one main encoding on every
// generation, and the generations cover the platforms isa/frontend.hpp lists.
TEST(SassOpSpec, EveryOpcodeHasOneEncodingPerGeneration) {
  for (const Generation* g : generations()) {
    if (g->word_bits == 128) continue;  // Volta+: 128-bit rows of their own (encoding_sm70.hpp)
    for (const OpSpec& s : op_specs()) {
      size_t main_rows = 0;
      for (const EncodingRow& r : g->rows) main_rows += r.op == s.op && !r.rtz ? 1 : 0;
      EXPECT_EQ(main_rows, 1u) << g->name << " " << s.mnemonic;
    }
  }
  EXPECT_EQ(generation_for("SM61"), &sm50());
  EXPECT_EQ(generation_for("SM75"), &sm70());
  EXPECT_EQ(generation_for("SM100"), nullptr);
  EXPECT_EQ(sass_platforms().size(), sm50().platforms.size() + sm70().platforms.size());
}

TEST(SassOpSpec, OverlapCheckCanFail) {
  // The check above, on two rows that do overlap (TEXS's pattern with bit 57 free contains TLDS).
  const uint64_t texs_wide_mask = 0xf400000000000000ull;
  const EncodingRow& tlds = sm50_row(Opcode::kTlds);
  EXPECT_EQ((tlds.match ^ sm50_row(Opcode::kTexs).match) & (tlds.mask & texs_wide_mask), 0u);
}

TEST(SassOpSpec, FieldsAreDisjointAndFree) {
  for (const EncodingRow& s : sm50().rows) {
    uint64_t used = s.mask;
    for (const WordField& f : s.fields) {
      EXPECT_EQ(used & f.bits.mask(), 0u) << name_of(s) << " field " << f.bits.name;
      used |= f.bits.mask();
    }
  }
}

TEST(SassOpSpec, ModeIndexAndUniqueCombinations) {
  for (const OpSpec& s : op_specs()) {
    std::set<std::tuple<ParamA, Lod, bool, bool, bool>> seen;
    const WordField* mf = field_of(sm50_row(s.op), Role::kMode);
    EXPECT_EQ(mf == nullptr, s.modes.empty()) << s.mnemonic;
    for (const ModeRow& r : s.modes) {
      EXPECT_EQ(mode_by_encoding(s, r.encoding), &r) << s.mnemonic << " " << int(r.encoding);
      EXPECT_TRUE(mf->bits.fits(r.encoding)) << s.mnemonic;
      EXPECT_TRUE(seen.insert({r.param_a, r.lod, r.aoffi, r.ms, r.dc}).second)
          << s.mnemonic << " " << mode_name(s, r);
    }
    for (unsigned e = 0; e < 16; ++e) {
      const ModeRow* r = mode_by_encoding(s, static_cast<uint8_t>(e));
      if (r != nullptr) {
        EXPECT_EQ(r->encoding, e);
      }
    }
  }
  EXPECT_EQ(mode_by_encoding(op_spec(Opcode::kTlds), 3), nullptr);
  EXPECT_EQ(mode_by_encoding(op_spec(Opcode::kTexs), 14), nullptr);
  EXPECT_EQ(mode_by_encoding(op_spec(Opcode::kNop), 0), nullptr);
}

TEST(SassOpSpec, SpecForWordAndMnemonic) {
  EXPECT_EQ(sm50_row_for_word(0xda1005cffff71006ull)->op, Opcode::kTlds);
  EXPECT_EQ(sm50_row_for_word(0xd81005cffff71006ull)->op, Opcode::kTexs);
  EXPECT_EQ(sm50_row_for_word(0xdf0e028100570206ull)->op, Opcode::kTld4s);
  EXPECT_EQ(sm50_row_for_word(0x50b0000000070f00ull)->op, Opcode::kNop);
  EXPECT_EQ(sm50_row_for_word(0x4c98078000870001ull), nullptr);  // MOV
  EXPECT_EQ(spec_for_mnemonic("TLD4S")->op, Opcode::kTld4s);
  EXPECT_EQ(spec_for_mnemonic("TLD4")->op, Opcode::kTld4);
  EXPECT_EQ(spec_for_mnemonic("TXQ")->op, Opcode::kTxq);
  EXPECT_EQ(spec_for_mnemonic("TXA")->op, Opcode::kTxa);
  EXPECT_EQ(spec_for_mnemonic("TEX.B")->op, Opcode::kTexB);
  // TLD4S.F16.RTZ is TLD4S's second row (decisions T27); TMML/TXQ share the 0xdf page.
  EXPECT_EQ(sm50_row_for_word(0xdfc0000000000000ull)->op, Opcode::kTld4s);
  EXPECT_TRUE(sm50_row_for_word(0xdfc0000000000000ull)->rtz);
  EXPECT_EQ(sm50_row_for_word(0xdf58000000000000ull)->op, Opcode::kTmml);
  EXPECT_EQ(sm50_row_for_word(0xdf48000000000000ull)->op, Opcode::kTxq);
  EXPECT_EQ(sm50_row_for_word(0xdf40000000000000ull)->op, Opcode::kTxa);  // decisions T34
  // Issue 19 (decisions T23-T26): words ptxas 11.8 emitted (sample corpus, sm_61).
  EXPECT_EQ(sm50_row_for_word(0xc0ba0520ff870808ull)->op, Opcode::kTex);
  EXPECT_EQ(sm50_row_for_word(0xdc38000000000000ull)->op, Opcode::kTld);
  EXPECT_EQ(sm50_row_for_word(0xc83a0000000000ffull)->op, Opcode::kTld4);
  EXPECT_EQ(sm50_row_for_word(0xde3a000000000000ull)->op, Opcode::kTxd);
  // The bindless rows (decisions T28-T33): ptxas 11.8 words of the bindless corpus.
  EXPECT_EQ(sm50_row_for_word(0xde7a000000000000ull)->op, Opcode::kTxdB);
  EXPECT_EQ(sm50_row_for_word(0xdeb80007a0670404ull)->op, Opcode::kTexB);
  EXPECT_EQ(sm50_row_for_word(0xddf80007a0670404ull)->op, Opcode::kTldB);
  EXPECT_EQ(sm50_row_for_word(0xdefc0097a0c70404ull)->op, Opcode::kTld4B);
  EXPECT_EQ(sm50_row_for_word(0xdefc0197a0c70404ull), nullptr);  // TLD4.B bit 40: rejected (T31)
  EXPECT_EQ(sm50_row_for_word(0xdf50000080470600ull)->op, Opcode::kTxqB);
  EXPECT_EQ(sm50_row_for_word(0xdf60000080470600ull)->op, Opcode::kTmmlB);
  EXPECT_EQ(sm50_row_for_word(0xdf68000080470600ull), nullptr);  // 53:51 = 101: rejected (T27)
  EXPECT_EQ(modelled_mnemonics(),
            "TLDS, TEXS, TLD4S, TEX, TLD, TLD4, TXD, TMML, TXQ, TEX.B, TLD.B, TLD4.B, TXD.B, "
            "TMML.B, TXQ.B, TXA, NOP");
}

// Every legal mode of every row, with both precisions and registers that satisfy the rules:
// parse(print(i)) encodes to the word i encodes to, and decoding that word prints the same text.
TEST(SassOpSpec, EveryModeRoundTrips) {
  size_t n = 0;
  for (const OpSpec& s : op_specs()) {
    for (const ModeRow& r : s.modes) {
      for (bool f16 : {false, true}) {
        Instruction i;
        i.op = s.op;
        set_mode(i, r);
        i.f16 = f16;
        i.rd0 = 4;
        i.rd1 = 8;
        i.ra = 12;
        i.rb = r.rb_count == 0 ? kRZ : 16;
        i.ts_idx = 0x5c;
        i.mask = 0xf;
        i.component = static_cast<uint8_t>(n % 4);
        i.nodep = (n % 3) == 0;
        i.phase = (n % 2) == 0 ? Phase::kT : Phase::kP;
        core::DiagSink sink;
        ASSERT_TRUE(validate(i, "SM61", sink)) << print_instruction(i);
        const auto w = encode(i, sink);
        ASSERT_TRUE(w) << print_instruction(i);
        const std::string text = print_instruction(i);
        auto parsed = parse_line(text, "t.sass", 1, sink);
        ASSERT_TRUE(parsed) << text;
        const auto w2 = encode(*parsed, sink);
        ASSERT_TRUE(w2) << text;
        EXPECT_EQ(w2->word, w->word) << text;
        EXPECT_EQ(w2->control, w->control) << text;
        Origin o;
        o.binary = true;
        const Instruction d = decode(w->word, w->control, o, sink, "SM61");
        EXPECT_EQ(print_instruction(d), text);
        EXPECT_FALSE(sink.has_errors()) << text;
        ++n;
      }
    }
  }
  EXPECT_EQ(n, 2u * (9 + 14 + 4));
}

// TLDS.F16.RTZ / TEXS.F16.RTZ (decisions T71): bit 58 on an .F16 word, nvdisasm 11.8's text of
// these words on SM60 (SM52 rejects them); text and word both ways.
TEST(SassOpSpec, TldsTexsRtzFromSM60) {
  const std::pair<uint64_t, std::string_view> kWords[] = {
      {0xd69fcb53489ef959ull,
       "@!P6 TLDS.F16.RTZ.LZ.AOFFI.NODEP R52, R89, R249, R137, 0x1cb5, 2D, INVALID7 ;"},
      {0xd47be50491463e2cull,
       "@P6 TEXS.F16.RTZ.LL.NODEP R73, R44, R62, R20, 0x1e50, 2D, INVALID6 ;"},
      {0xd78cf692c9719c35ull, "@P1 TLDS.F16.RTZ.LL.AOFFI R44, R53, R156, R151, 0xf69, 2D, GBA ;"},
  };
  Origin o;
  o.binary = true;
  for (const auto& [word, text] : kWords) {
    core::DiagSink sink;
    const Instruction d = decode(word, 0, o, sink, "SM60");
    EXPECT_EQ(print_instruction(d), text);
    EXPECT_TRUE(d.rtz && d.f16);
    EXPECT_EQ(encode(d, sink)->word, word);
    const auto parsed = parse_program(text, "rtz.sass", sink);
    ASSERT_EQ(parsed.size(), 1u);
    EXPECT_EQ(encode(parsed[0], sink)->word, word) << text;
    EXPECT_EQ(decode(word, 0, o, sink, "SM52").kind, Kind::kRaw) << text;
  }
}

TEST(SassOpSpec, Tld4sRtzOnlyWithF16FromSM60) {
  // nvdisasm 11.8: bit 54 with bit 55 set is TLD4S.F16.RTZ on SM60+, TXQ/TMML or nothing before.
  const uint64_t rtz = 0xdfce028100570206ull;
  core::DiagSink sink;
  Origin o;
  o.binary = true;
  EXPECT_EQ(print_instruction(decode(rtz, 0, o, sink, "SM60")),
            "TLD4S.F16.RTZ.R.AOFFI.DC.NODEP R16, R6, R2, R5, 0x28 ;");
  EXPECT_EQ(decode(rtz, 0, o, sink, "SM53").kind, Kind::kRaw);
  // Bits 55:54 = 01: TXQ since issue 19 (decisions T27), bits 53:51 = 001.
  EXPECT_EQ(decode(0xdf4e028100570206ull, 0, o, sink, "SM61").op, Opcode::kTxq);
  // 53:51 = 000: TXA since the bindless rows (decisions T34): nvdisasm 11.8 prints it.
  EXPECT_EQ(print_instruction(decode(0xdf46028100570206ull, 0, o, sink, "SM61")),
            "TXA.NODEP R6, R2, 0x28, 0x2 ;");
}

// The real lines of nvidia_tlds.md section 3 / 1.8 (CuAssembler SM61, nxas): text -> word ->
// text; the words are nvdisasm 11.8's reading of these lines (checked with -b SM61).
TEST(SassOpSpec, RealRecordsRoundTrip) {
  struct Rec {
    const char* text;
    uint64_t word;
    uint32_t control;
  };
  const Rec recs[] = {
      {"TEXS.T RZ, R7, R9, R4, 0x56, 2D, R ;", 0xd820056ff0470907ull, 0x207b1},
      {"TLD4S.R.AOFFI.DC.NODEP R4, R6, R2, R5, 0x28 ;", 0xdf0e028040570206ull, 0x7e0},
  };
  for (const Rec& r : recs) {
    core::DiagSink sink;
    auto i = parse_line(r.text, "rec.sass", 1, sink);
    ASSERT_TRUE(i) << r.text;
    i->ctrl = decode_control(r.control);
    i->ctrl.reuse = 0;
    const auto w = encode(*i, sink);
    ASSERT_TRUE(w) << r.text;
    EXPECT_EQ(w->word, r.word) << std::hex << w->word;
    EXPECT_EQ(w->control, r.control) << std::hex << w->control;
    Origin o;
    o.binary = true;
    EXPECT_EQ(print_instruction(decode(w->word, w->control, o, sink, "SM61")), r.text);
  }
}

}  // namespace
}  // namespace texsim::isa::sass
