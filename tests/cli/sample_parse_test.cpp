// The JSONL fast path (simdjson) against the strict reader (nlohmann): on random and mutated
// request lines both give the same rows, values and diagnostics; the generator reaches every
// key, number form and id form it claims, and the fast path takes most valid lines.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "cli/sample_block.hpp"
#include "cli/sample_jsonl.hpp"

namespace texsim::cli {
namespace {

// Number spellings, including the corners the two readers could read differently.
const std::vector<std::string> kNumbers = {"0",
                                           "1",
                                           "-1",
                                           "7",
                                           "0.5",
                                           "-0.25",
                                           "1e2",
                                           "1E-3",
                                           "-0",
                                           "-0.0",
                                           "2.5e+1",
                                           "4294967295",
                                           "4294967296",
                                           "-2147483648",
                                           "-2147483649",
                                           "9223372036854775807",
                                           "9223372036854775808",
                                           "18446744073709551615",
                                           "18446744073709551616",
                                           "1.000000059604644775390625",
                                           "3.4028235e38",
                                           "1e39",
                                           "0.1",
                                           "123456789012",
                                           "3",
                                           "2",
                                           "1.5"};
const std::vector<std::string> kIds = {
    "\"a\"", "\"\"", "\"x,y\"", "\"q\\\"q\"", "\"\\u0041\"",          "\"é\"",     "7", "-3", "1.5",
    "null",  "true", "[1]",     "{\"k\":1}",  "18446744073709551616", "\"tab\\t\""};
const std::vector<std::string> kOps = {
    "\"fetch\"",  "\"level\"",     "\"level_zero\"", "\"grad\"", "\"implicit\"",   "\"bias\"",
    "\"gather\"", "\"lod_query\"", "\"levle\"",      "3",        "\"le\\u0076el\""};
const std::vector<std::string> kKeys = {
    "op",  "id",   "surface",   "sampler",   "coord", "ddx",   "ddy",    "offset", "array_index",
    "lod", "bias", "reference", "component", "slice", "level", "sample", "mcs",    "lood"};

struct Gen {
  std::mt19937_64 rng;
  std::vector<int> key_uses = std::vector<int>(kKeys.size());
  size_t pick(size_t n) { return rng() % n; }
  std::string num() { return kNumbers[pick(kNumbers.size())]; }
  std::string vec() {
    const size_t n = pick(5);  // 0 and 4 are errors
    std::string s = "[";
    for (size_t i = 0; i < n; ++i) s += (i ? "," : "") + num();
    return s + "]";
  }
  // A value that is in range for every key (an int or float as the key takes).
  std::string benign(const std::string& k) {
    static const std::vector<std::string> kFloats = {
        "0.5",  "-0.25",        "1e-3",
        "2",    "0.1",          "1.5",
        "-0.0", "3.4028235e38", "1.000000059604644775390625"};
    const bool ints = k == "offset" || k == "surface" || k == "sampler" || k == "component" ||
                      k == "slice" || k == "level" || k == "sample" || k == "mcs";
    auto one = [&] { return ints ? std::to_string(pick(3)) : kFloats[pick(kFloats.size())]; };
    if (k == "coord" || k == "ddx" || k == "ddy" || k == "offset") {
      std::string s = "[" + one();
      for (size_t n = pick(3); n > 0; --n) s += "," + one();
      return s + "]";
    }
    return one();
  }
  std::string value(size_t key) {
    const std::string& k = kKeys[key];
    if (k != "op" && k != "id" && pick(4) != 0) return benign(k);
    if (pick(12) == 0) return "\"x\"";  // a wrong type
    if (k == "op") return kOps[pick(kOps.size())];
    if (k == "id") return kIds[pick(kIds.size())];
    if (k == "coord" || k == "ddx" || k == "ddy" || k == "offset") return vec();
    return num();
  }
  std::string line() {
    std::string s = pick(10) == 0 ? " {" : "{";
    bool first = true;
    // Mostly well-formed sample or fetch requests; sometimes anything.
    const bool fetch = pick(3) == 0;
    std::vector<size_t> keys;
    if (pick(4) != 0) {
      keys = {0, 2, 4};
      if (!fetch) keys.push_back(3);
      for (size_t k = 5; k < kKeys.size(); ++k)
        if (pick(4) == 0) keys.push_back(k);
      if (pick(8) == 0) keys.push_back(keys[pick(keys.size())]);  // a duplicate
    } else {
      for (size_t n = pick(6); n > 0; --n) keys.push_back(pick(kKeys.size()));
    }
    for (size_t k : keys) {
      ++key_uses[k];
      s += first ? "" : (pick(6) == 0 ? " , " : ",");
      first = false;
      std::string v = value(k);
      if (k == 0 && pick(3) != 0) v = fetch ? "\"fetch\"" : kOps[1 + pick(7)];
      if ((k == 2 || k == 3) && pick(3) != 0) v = std::to_string(pick(3));
      s += "\"" + kKeys[k] + "\":" + v;
    }
    s += "}";
    const size_t tail = pick(12);
    if (tail == 0) s += " ";
    if (tail == 1) s += "\r";
    if (tail == 2) s += " x";
    if (tail == 3) s.pop_back();
    return s;
  }
};

// Runs `lines` through parse_text_block with or without the fast path.
RequestBlock parse(const std::vector<std::string>& lines, bool fast, size_t* fast_rows) {
  RequestBlock b;
  for (size_t i = 0; i < lines.size(); ++i) {
    b.line_start.push_back(b.text.size());
    b.line_number.push_back(i + 1);
    b.text += lines[i] + "\n";
  }
  b.text.append(64, ' ');  // simdjson's padding (LineReader adds SIMDJSON_PADDING)
  const size_t n = parse_text_block(b, "r.jsonl", false, fast);
  if (fast_rows != nullptr) *fast_rows = n;
  return b;
}

TEST(SampleParse, FastPathEqualsStrictReader) {
  Gen g{std::mt19937_64(20261128)};
  std::vector<std::string> lines;
  for (int i = 0; i < 40000; ++i) lines.push_back(g.line());
  size_t fast_rows = 0;
  const RequestBlock fast = parse(lines, true, &fast_rows);
  const RequestBlock strict = parse(lines, false, nullptr);
  size_t valid = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    SCOPED_TRACE(lines[i]);
    ASSERT_EQ(fast.valid[i], strict.valid[i]);
    valid += strict.valid[i];
    ASSERT_EQ(fast.fetch[i], strict.fetch[i]);
    ASSERT_EQ(fast.op[i], strict.op[i]);
    ASSERT_EQ(fast.surface[i], strict.surface[i]);
    ASSERT_EQ(fast.sampler[i], strict.sampler[i]);
    ASSERT_EQ(fast.component[i], strict.component[i]);
    for (auto col : {&RequestBlock::u, &RequestBlock::v, &RequestBlock::w, &RequestBlock::ddx_u,
                     &RequestBlock::ddx_v, &RequestBlock::ddx_w, &RequestBlock::ddy_u,
                     &RequestBlock::ddy_v, &RequestBlock::ddy_w, &RequestBlock::array_index,
                     &RequestBlock::lod, &RequestBlock::reference})
      ASSERT_EQ(std::bit_cast<uint32_t>((fast.*col)[i]), std::bit_cast<uint32_t>((strict.*col)[i]));
    for (auto col : {&RequestBlock::x, &RequestBlock::y, &RequestBlock::z, &RequestBlock::slice,
                     &RequestBlock::level, &RequestBlock::sample})
      ASSERT_EQ((fast.*col)[i], (strict.*col)[i]);
    ASSERT_EQ(fast.offset_x[i], strict.offset_x[i]);
    ASSERT_EQ(fast.offset_z[i], strict.offset_z[i]);
    ASSERT_EQ(fast.mcs[i], strict.mcs[i]);
    ASSERT_EQ(fast.has_mcs[i], strict.has_mcs[i]);
    ASSERT_EQ(fast.id[i], strict.id[i]);
    ASSERT_EQ(fast.id_text[i], strict.id_text[i]);
  }
  ASSERT_EQ(fast.diags.size(), strict.diags.size());
  for (size_t d = 0; d < fast.diags.size(); ++d)
    EXPECT_EQ(fast.diags[d].text, strict.diags[d].text);
  // The generator reached every key, and both valid and invalid lines; the fast path took most
  // of the valid ones (else this test would compare the strict reader with itself).
  for (size_t k = 0; k < kKeys.size(); ++k) EXPECT_GT(g.key_uses[k], 100) << kKeys[k];
  EXPECT_GT(valid, lines.size() / 10);
  EXPECT_LT(valid, lines.size() * 9 / 10);
  EXPECT_GT(fast_rows, valid * 6 / 10);
  EXPECT_LT(fast_rows, valid);  // and left some corners (-0, escaped ids) to the strict reader
}

}  // namespace
}  // namespace texsim::cli
