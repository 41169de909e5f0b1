// Differential test (issue 26): random 128-bit words of one opcode family (--op TEX, TLD, TLD4,
// TXD, TMML, TXQ) on one Volta+ architecture through `nvdisasm -b SMxx` and texsim's decoder:
// the same words accepted, printed identically (whitespace collapsed), and every decoded word
// re-encoded to its 128 bits.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "isa/sass/codec_sm70.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/syntax.hpp"
#include "vendor_common.hpp"

namespace sass = texsim::isa::sass;
namespace vc = texsim::vendor;

namespace {

constexpr std::array<std::string_view, 6> kOps{"TEX", "TLD4", "TLD", "TMML", "TXD", "TXQ"};

// Writes raw 128-bit words (low 64 bits first); `skip` slots become NOP (opcode 0x918).
void write_words(const std::string& path, const std::vector<sass::Word128>& words,
                 const std::set<size_t>& skip) {
  std::vector<uint64_t> halves;
  for (size_t i = 0; i < words.size(); ++i) {
    halves.push_back(skip.count(i) ? 0x7918 : words[i].lo);
    halves.push_back(skip.count(i) ? 0 : words[i].hi);
  }
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(halves.data()),
             static_cast<std::streamsize>(halves.size() * 8));
}

// nvdisasm's text with runs of blanks as one space and no closing ';' (it pads ???N operands
// by the listing's other lines: nvidia_sm70_fields.md 8).
std::string collapse(std::string_view t) {
  std::string out;
  for (char c : t) {
    if (c == ' ' || c == '\t') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && (out.back() == ';' || out.back() == ' ')) out.pop_back();
  return out;
}

bool texture_mnemonic(std::string_view t) {
  if (t.starts_with("@")) t.remove_prefix(std::min(t.size(), t.find(' ') + 1));
  const std::string_view name = t.substr(0, t.find_first_of(" .;"));
  return std::find(kOps.begin(), kOps.end(), name) != kOps.end();
}

// One random word of family `op`: form k % 4 (bound, bindless, uniform, cb2), every bit 127:12
// random; half of the words get bit 59 and bit 91 as the form wants them (the other half test
// the rejections), registers are 255 and the uniform register 63 one time in eight, and one
// word in sixteen has a neighbouring opcode (one of bits 11:0 flipped).
sass::Word128 draw(vc::Rng& rng, uint16_t opcode, const sass::WideRow& row, unsigned sm) {
  sass::Word128 w{rng.next(), rng.next()};
  const uint64_t r = rng.next();
  w.set(0, 12, opcode);
  if ((r & 1) != 0) {
    w.set(59, 1, row.source == sass::TexSource::kBindless || row.source == sass::TexSource::kCb2);
    w.set(91, 1, row.source == sass::TexSource::kUniform && sm >= 75);
  }
  for (unsigned f = 0; f < 4; ++f) {
    if (((r >> (4 + 3 * f)) & 7) == 0) w.set(f == 3 ? 64 : 16 + 8 * f, 8, 0xff);
  }
  if (((r >> 20) & 7) == 0) w.set(40, 6, 63);
  if (((r >> 24) & 15) == 0) w.set(0, 12, opcode ^ (1u << ((r >> 28) % 12)));
  return w;
}

struct Tally {
  size_t nv_reject = 0, ts_reject = 0, accepted = 0, identical = 0, reencoded = 0, mismatches = 0;
  size_t parsed = 0;     // nvdisasm's text read back by texsim to the word's bits
  size_t ambiguous = 0;  // read back to another word that prints the same text (W10)
  size_t fatal = 0;      // words that stop nvdisasm altogether (counted as rejected)
};

void compare(const std::string& arch, const sass::Word128& w, bool nv_ok,
             const std::string& nv_text, Tally& t) {
  texsim::core::DiagSink sink;
  sass::Origin o;
  o.binary = true;
  const sass::Instruction inst = sass::decode_sm70(w, arch, o, sink);
  const bool ts_ok = inst.kind == sass::Kind::kInstruction;
  std::string why;
  if (ts_ok) {
    const auto e = sass::encode_sm70(inst, sink);
    if (e && *e == w)
      ++t.reencoded;
    else
      why = "does not re-encode";
  }
  t.nv_reject += nv_ok ? 0 : 1;
  t.ts_reject += ts_ok ? 0 : 1;
  if (nv_ok != ts_ok) {
    why = nv_ok ? "nvdisasm accepts, texsim rejects" : "nvdisasm rejects, texsim accepts";
  } else if (nv_ok) {
    ++t.accepted;
    const std::string ts = collapse(sass::print_sm70(inst));
    if (ts == collapse(nv_text))
      ++t.identical;
    else
      why = "texsim prints '" + ts + "'";
    // nvdisasm's text read back by texsim is the word without its ignored and scheduling bits
    // (the text shows neither; syntax_sm70.cpp gives them the default control 0x7e0).
    sass::Instruction bare = inst;
    bare.kept_bits = 0, bare.wide.kept_hi = 0;
    bare.wide.sched = sass::wide_sched(sass::kDefaultControl);
    texsim::core::DiagSink psink;
    const auto want = sass::encode_sm70(bare, psink);
    const auto parsed =
        sass::parse_line(collapse(nv_text) + " ;", "nv", 1, psink, sass::wide_sm(arch));
    if (parsed && want && sass::encode_sm70(*parsed, psink) == want)
      ++t.parsed;
    else if (parsed && collapse(sass::print_sm70(*parsed)) == collapse(nv_text))
      ++t.ambiguous;  // two codes print the same INVALIDn (decisions W10): same text, other word
    else if (why.empty())
      why = "nvdisasm's text does not read back" +
            (psink.diagnostics().empty() ? std::string() : ": " + psink.diagnostics()[0].message);
  }
  if (!why.empty() && ++t.mismatches <= 20) {
    std::printf("MISMATCH %s word 0x%016llx%016llx: %s; nvdisasm '%s'\n", arch.c_str(),
                static_cast<unsigned long long>(w.hi), static_cast<unsigned long long>(w.lo),
                why.c_str(), collapse(nv_text).c_str());
  }
}

// nvdisasm's verdict on a range of words: its text per word, "" for a word it rejects.
using Verdicts = std::vector<std::optional<std::string>>;

// Two passes (pass 1 names every rejected address; pass 2 prints the others); nullopt when
// nvdisasm stops without naming the word (a "fatal" such as "More than one pattern matched",
// seen for words with a flipped opcode bit that decode as ALD).
std::optional<Verdicts> two_passes(const std::string& tool, const std::string& arch,
                                   const std::string& work,
                                   const std::vector<sass::Word128>& words) {
  const std::string bin = work + "/words128_" + arch + ".bin";
  write_words(bin, words, {});
  const vc::Result r1 = vc::run(tool + " -b " + arch + " " + bin, work);
  std::set<size_t> rejected;
  for (uint64_t addr : vc::error_addresses(r1.err)) rejected.insert(addr / 16);
  if (r1.status != 0 && (rejected.empty() || r1.err.find("fatal") != std::string::npos))
    return std::nullopt;
  write_words(bin, words, rejected);
  const vc::Result r2 = vc::run(tool + " -b " + arch + " " + bin, work);
  if (r2.status != 0) return std::nullopt;
  const std::map<uint64_t, std::string> text = vc::listing_lines(r2.out);
  Verdicts v(words.size());
  for (size_t i = 0; i < words.size(); ++i) {
    const auto it = text.find(16 * i);
    if (rejected.count(i) == 0) v[i] = it == text.end() ? std::string() : it->second;
  }
  return v;
}

// The verdicts of every word: a range nvdisasm stops on is halved until the word that stops it
// is alone (counted in `fatal` and taken as rejected).
Verdicts verdicts(const std::string& tool, const std::string& arch, const std::string& work,
                  const std::vector<sass::Word128>& words, size_t& fatal) {
  if (auto v = two_passes(tool, arch, work, words)) return *v;
  if (words.size() == 1) {
    ++fatal;
    return Verdicts(1);
  }
  const auto mid = words.begin() + static_cast<std::ptrdiff_t>(words.size() / 2);
  Verdicts out = verdicts(tool, arch, work, {words.begin(), mid}, fatal);
  const Verdicts rest = verdicts(tool, arch, work, {mid, words.end()}, fatal);
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

void run_batch(const std::string& tool, const std::string& arch, const std::string& work,
               const std::vector<sass::Word128>& words, Tally& t) {
  const Verdicts v = verdicts(tool, arch, work, words, t.fatal);
  for (size_t i = 0; i < words.size(); ++i) {
    // A word nvdisasm prints as another instruction (a flipped opcode bit) is "rejected" here.
    const bool nv_ok = v[i].has_value() && texture_mnemonic(*v[i]);
    compare(arch, words[i], nv_ok, v[i].value_or(std::string()), t);
  }
}

}  // namespace

int main(int argc, char** argv) {
  vc::Args a(argc, argv);
  const std::string tool = a.get("--nvdisasm", "");
  const std::string arch = a.get("--arch", "SM75");
  const std::string op = a.get("--op", "TEX");
  const size_t count = std::stoul(a.get("--words", "2000"));
  const uint64_t seed = std::stoull(a.get("--seed", "26"));
  const size_t batch = std::stoul(a.get("--batch", "20000"));
  const std::string work = a.get("--work", ".");
  const unsigned sm = sass::wide_sm(arch);
  const auto k = std::find(kOps.begin(), kOps.end(), op) - kOps.begin();
  if (sm == 0 || k == static_cast<long>(kOps.size())) {
    std::printf("FAIL: --arch must be SM70..SM90 and --op one of TEX TLD4 TLD TMML TXD TXQ\n");
    return 2;
  }
  if (!vc::tool_runs(tool)) {
    std::printf("SKIPPED: nvdisasm not installed (%s)\n", tool.c_str());
    return vc::kSkip;
  }
  // Opcodes of the family: bound 0xb60 + 3k, bindless 0x361 + 3k, uniform 0xf60 + 3k, cb2
  // 0xb62 + 3k (the uniform one is no row before SM75: those words test the opcode rejection).
  const auto base = static_cast<uint16_t>(3 * k);
  const std::array<uint16_t, 4> opcodes{
      static_cast<uint16_t>(0xb60 + base), static_cast<uint16_t>(0x361 + base),
      static_cast<uint16_t>(0xf60 + base), static_cast<uint16_t>(0xb62 + base)};
  vc::Rng rng(seed ^ std::hash<std::string>{}(arch) ^ std::hash<std::string>{}(op));
  Tally t;
  // Coverage (issue 29 item 4): every one of the 128 bits drawn set and clear.
  uint64_t set_lo = 0, clear_lo = 0, set_hi = 0, clear_hi = 0;
  for (size_t done = 0; done < count; done += batch) {
    std::vector<sass::Word128> words(std::min(batch, count - done));
    for (size_t i = 0; i < words.size(); ++i) {
      const uint16_t opcode = opcodes[(done + i) % 4];
      const sass::WideRow* row = sass::wide_row(opcode, 90);
      words[i] = draw(rng, opcode, *row, sm);
      set_lo |= words[i].lo, clear_lo |= ~words[i].lo;
      set_hi |= words[i].hi, clear_hi |= ~words[i].hi;
    }
    run_batch(tool, arch, work, words, t);
  }
  std::printf(
      "%s: %zu random %s words: nvdisasm rejected %zu (%zu of them stopping it), texsim "
      "rejected %zu; of %zu "
      "accepted by both, %zu printed identically and %zu of nvdisasm's lines read back to the "
      "word (%zu more to another word of the same text); %zu decoded words re-encoded "
      "identically; %zu mismatches\n",
      arch.c_str(), count, op.c_str(), t.nv_reject, t.fatal, t.ts_reject, t.accepted, t.identical,
      t.parsed, t.ambiguous, t.reencoded, t.mismatches);
  const uint64_t missed_lo = ~(set_lo & clear_lo), missed_hi = ~(set_hi & clear_hi);
  if (missed_lo != 0 || missed_hi != 0) {
    std::printf("FAIL: the generator never drew both values of bits 0x%016llx%016llx (hi, lo)\n",
                static_cast<unsigned long long>(missed_hi),
                static_cast<unsigned long long>(missed_lo));
    return 1;
  }
  std::printf("%s: every one of the 128 bits of the %s words drawn set and clear\n", arch.c_str(),
              op.c_str());
  return t.mismatches == 0 ? 0 : 1;
}
