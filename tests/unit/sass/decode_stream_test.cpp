// decode_stream's bundle loop (instructions copied from a prototype, words read with one load,
// control slots split in place: issue 18 item 4) against decode() word by word: the same
// instructions, origins and diagnostics on random streams over every platform.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "isa/frontend.hpp"
#include "isa/sass/codec.hpp"
#include "isa/sass/encoding.hpp"
#include "isa/sass/fields.hpp"
#include "isa/sass/opspec.hpp"

namespace texsim::isa::sass {
namespace {

namespace f = fields;

auto fields_of(const Instruction& i) {
  return std::make_tuple(i.kind, i.op, i.pred, i.pred_neg, i.f16, i.rtz, i.lod, i.component, i.pd,
                         i.toff, i.ndv, i.cl, i.lc, i.query, i.kept_bits, i.aoffi, i.ms, i.dc,
                         i.nodep, i.phase, i.rd1, i.rd0, i.ra, i.rb, i.param_a, i.mask,
                         i.invalid_wmsk, i.word_given, i.has_ctrl, i.ctrl, i.ts_idx, i.raw_word,
                         i.text.str(), i.origin.file.str(), i.origin.offset, i.origin.ctrl_offset,
                         i.origin.line, i.origin.binary, i.origin.ctrl_slot);
}

std::vector<std::string> texts(const core::DiagSink& sink) {
  std::vector<std::string> out;
  for (const auto& d : sink.diagnostics()) out.push_back(core::format_diagnostic(d));
  return out;
}

struct Rng {
  uint64_t x = 0x9e3779b97f4a7c15ull;
  uint64_t next() {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  }
};

// Mostly words of the table's rows (random operand bits, now and then one more bit flipped),
// some fully random.
uint64_t table_word(Rng& r) {
  const uint64_t w = r.next();
  const uint64_t k = r.next();
  if (k % 8 == 0) return w;
  const EncodingRow& s = sm50().rows[(k >> 8) % sm50().rows.size()];
  uint64_t out = (w & ~s.mask) | s.match;
  if ((k >> 16) % 4 == 0) out ^= uint64_t{1} << ((k >> 20) % 64);
  return out;
}

TEST(SassDecodeStream, AgreesWithWordByWordDecode) {
  Rng rng;
  std::vector<std::string_view> platforms{""};
  platforms.insert(platforms.end(), sass_platforms().begin(), sass_platforms().end());
  size_t words = 0;
  size_t diags = 0;
  for (const std::string_view platform : platforms) {
    for (int round = 0; round < 300; ++round) {
      std::vector<uint8_t> bytes;
      const size_t n = rng.next() % 24;
      for (size_t k = 0; k < n; ++k) {
        // Control words: mostly bit 63 clear, sometimes random (reuse bits, bit 63).
        const uint64_t w = k % 4 != 0            ? table_word(rng)
                           : rng.next() % 3 == 0 ? rng.next()
                                                 : rng.next() & ~(uint64_t{1} << 63);
        for (unsigned b = 0; b < 8; ++b) bytes.push_back(static_cast<uint8_t>(w >> (8 * b)));
      }
      const uint64_t base = (rng.next() % 64) * 8;
      core::DiagSink stream_sink;
      const std::vector<Instruction> got =
          decode_stream(bytes, "s.bin", stream_sink, base, platform);

      core::DiagSink want_sink;
      std::vector<Instruction> want;
      for (size_t bundle = 0; bundle < bytes.size(); bundle += f::kBundleBytes) {
        uint64_t ctrl = 0;
        for (unsigned b = 0; b < 8; ++b) ctrl |= uint64_t{bytes[bundle + b]} << (8 * b);
        if ((ctrl & f::kControlWordReserved) != 0) {
          // Stream-level: its own rule and location, checked below by position.
          want_sink.warning(
              "SASS-DECODE-CTRL", core::BinaryLoc{"s.bin", base + bundle, 63, 63, true},
              "bit 63 of a control word is 0 on Maxwell/Pascal", "nvidia_tlds.md 1.1");
        }
        for (unsigned s = 0; s < f::kBundleSlots; ++s) {
          const size_t off = bundle + 8 * (s + 1);
          if (off + 8 > bytes.size()) break;
          uint64_t w = 0;
          for (unsigned b = 0; b < 8; ++b) w |= uint64_t{bytes[off + b]} << (8 * b);
          Origin o;
          o.file = "s.bin";
          o.binary = true;
          o.offset = base + off;
          o.ctrl_offset = base + bundle;
          o.ctrl_slot = static_cast<uint8_t>(s);
          want.push_back(decode(w, static_cast<uint32_t>(f::control_slot(s).get(ctrl)), o,
                                want_sink, platform));
        }
      }
      ASSERT_EQ(got.size(), want.size());
      for (size_t k = 0; k < got.size(); ++k) {
        EXPECT_EQ(fields_of(got[k]), fields_of(want[k])) << platform << " word " << k;
        for (size_t slot = 0; slot < static_cast<size_t>(Slot::kCount); ++slot) {
          EXPECT_EQ(got[k].origin.column[slot], want[k].origin.column[slot]);
        }
      }
      std::vector<std::string> g = texts(stream_sink);
      const std::vector<std::string> w = texts(want_sink);
      if (bytes.size() % f::kBundleBytes != 0) {
        ASSERT_FALSE(g.empty());
        EXPECT_NE(g.back().find("SASS-DECODE-SIZE"), std::string::npos);
        g.pop_back();
      }
      EXPECT_EQ(g, w) << platform;
      words += got.size();
      diags += w.size();
    }
  }
  EXPECT_GT(words, 10000u);
  EXPECT_GT(diags, 1000u);  // the cold paths (raw words, reserved modes, reuse bits) ran too
}

}  // namespace
}  // namespace texsim::isa::sass
