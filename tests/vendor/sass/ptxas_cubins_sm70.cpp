// Differential test (issue 26): the PTX corpora compiled by ptxas for one Volta+ architecture.
// texsim's listing of the cubin gives every texture line as nvdisasm -hex does and every word's
// two encoding comments; texsim asm of cuobjdump -sass's own listing (of every n/16-th kernel:
// cuobjdump takes about 0.3 s a function) writes a cubin whose words and texture lines cuobjdump
// prints back identically.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "isa/sass/frontend.hpp"
#include "ptx_corpus.hpp"
#include "vendor_common.hpp"

namespace sass = texsim::isa::sass;
namespace vc = texsim::vendor;

namespace {

// One instruction of a listing: its text up to ';' (blank runs collapsed) and its two words.
struct Line {
  std::string text;
  std::string lo, hi;  // "0x..." as printed
};
using Listing = std::map<std::pair<std::string, uint64_t>, Line>;

std::string collapse(const std::string& t) {
  std::string out;
  for (char c : t) {
    if (c == ' ' || c == '\t') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == ';')) out.pop_back();
  return out;
}

std::string comment_hex(const std::string& line) {
  const size_t a = line.rfind("/* 0x");
  if (a == std::string::npos) return {};
  return line.substr(a + 3, line.find(' ', a + 3) - a - 3);
}

// cuobjdump's layout (and texsim's): "Function : f", "/*addr*/ text ; /* lo */", "/* hi */".
Listing read_listing(const std::string& out, std::vector<std::string>* order = nullptr,
                     std::vector<std::pair<std::string, uint64_t>>* keys = nullptr) {
  Listing m;
  std::istringstream in(out);
  std::string line, fn;
  std::pair<std::string, uint64_t> last;
  bool pending = false;
  while (std::getline(in, line)) {
    if (const size_t f = line.find("Function : "); f != std::string::npos) {
      fn = line.substr(f + 11);
      continue;
    }
    // nvdisasm: "\t.section\t.text.k0,"ax",@progbits" opens a function's lines.
    if (const size_t f = line.find(".section\t.text."); f != std::string::npos) {
      fn = line.substr(f + 15, line.find(',', f) - f - 15);
      continue;
    }
    const size_t a = line.find("/*");
    const size_t e = a == std::string::npos ? a : line.find("*/", a);
    const bool address = e != std::string::npos && e > a + 2 && e <= a + 10 &&
                         line.find_first_not_of("0123456789abcdef", a + 2) == e;
    if (address && line.find(';') != std::string::npos) {
      const uint64_t addr = std::stoull(line.substr(a + 2, e - a - 2), nullptr, 16);
      const size_t semi = line.rfind(';');
      last = {fn, addr};
      m[last] = {collapse(line.substr(e + 2, semi - e - 2)), comment_hex(line), {}};
      if (keys != nullptr) keys->push_back(last);
      if (order != nullptr) order->push_back(line);
      pending = true;
    } else if (pending && line.find("/* 0x") != std::string::npos) {
      m[last].hi = comment_hex(line);
      if (order != nullptr) order->push_back(line);
      pending = false;
    }
  }
  return m;
}

bool is_texture(const std::string& text) {
  std::string t = text;
  if (t.starts_with("@")) t = t.substr(t.find(' ') + 1);
  const std::string name = t.substr(0, t.find_first_of(" ."));
  return name == "TEX" || name == "TLD" || name == "TLD4" || name == "TXD" || name == "TMML" ||
         name == "TXQ";
}

// "TEX.SCR.LL" and the texture operand kind: "TEX.SCR.LL:bound", ":uniform", ":bindless".
std::string form_of(const std::string& text) {
  std::string t = text;
  if (t.starts_with("@")) t = t.substr(t.find(' ') + 1);
  std::string form = t.substr(0, t.find(' '));
  if (t.find(", UR") != std::string::npos)
    form += ":uniform";
  else if (form.find(".B") != std::string::npos && t.find(", 0x", t.find(' ')) == std::string::npos)
    form += ":bindless";
  return form;
}

// The corpus' entries `every`-th, for the round trip through cuobjdump (which takes about 0.3 s
// per function: the whole corpus would take minutes).
std::string every_nth(const std::string& ptx, size_t every) {
  const std::string mark = ".visible .entry";
  size_t at = ptx.find(mark);
  std::string out = ptx.substr(0, at);
  for (size_t k = 0; at != std::string::npos; ++k) {
    const size_t next = ptx.find(mark, at + 1);
    if (k % every == 0) out += ptx.substr(at, next == std::string::npos ? next : next - at);
    at = next;
  }
  return out;
}

struct Tally {
  size_t texture = 0, identical = 0, words = 0, round = 0, mismatches = 0;
  std::map<std::string, size_t> forms;
};

// 1. texsim disasm of the whole corpus' cubin against nvdisasm -hex: every word, every texture
// line.
bool disasm(const std::string& bin, const std::string& cubin, const std::string& sm,
            const std::string& work, Tally& t, size_t& lines) {
  const vc::Result nr = vc::run(bin + "/nvdisasm -hex " + cubin, work);
  if (nr.status != 0) return false;
  const Listing nv = read_listing(nr.out);
  lines = nv.size();
  const auto fe = sass::make_frontend();
  texsim::isa::BinaryInput in;
  in.name = cubin;
  const std::string bytes = vc::slurp(cubin);
  in.bytes.assign(bytes.begin(), bytes.end());
  texsim::core::DiagSink sink;
  const auto prog = fe->decode(in, "SM52", sink);  // the cubin's e_flags name the architecture
  if (!prog) return false;
  const Listing ts = read_listing(fe->print(*prog));
  for (const auto& [key, l] : nv) {
    const auto it = ts.find(key);
    std::string why;
    if (it == ts.end()) {
      why = "no texsim line";
    } else {
      if (it->second.lo == l.lo && it->second.hi == l.hi)
        ++t.words;
      else
        why = "words " + it->second.lo + " " + it->second.hi;
      if (is_texture(l.text)) {
        ++t.texture;
        ++t.forms[form_of(l.text)];
        if (it->second.text == l.text)
          ++t.identical;
        else
          why = "texsim '" + it->second.text + "'";
      }
    }
    if (!why.empty() && ++t.mismatches <= 20)
      std::printf("MISMATCH disasm %s %s+0x%llx: nvdisasm '%s' %s/%s; %s\n", sm.c_str(),
                  key.first.c_str(), static_cast<unsigned long long>(key.second), l.text.c_str(),
                  l.lo.c_str(), l.hi.c_str(), why.c_str());
  }
  return true;
}

// 2. texsim asm of cuobjdump's listing (every function's lines as one kernel) -> a cubin whose
// words and texture lines cuobjdump prints back. Returns the listing's instruction count.
size_t round_trip(const std::string& bin, const std::string& cubin, const std::string& sm,
                  const std::string& work, Tally& t) {
  const vc::Result cu = vc::run(bin + "/cuobjdump -sass " + cubin, work);
  std::vector<std::string> lines;
  std::vector<std::pair<std::string, uint64_t>> keys;
  const Listing nv = read_listing(cu.out, &lines, &keys);
  std::string listing = "\n\tcode for " + sm + "\n\t\tFunction : all\n";
  for (const std::string& l : lines) listing += l + "\n";
  const auto fe = sass::make_frontend();
  texsim::core::DiagSink sink;
  const auto parsed = fe->parse({cubin + ".sass", listing}, "SM52", sink);
  const std::string out = cubin + ".texsim.cubin";
  const auto obj = parsed ? fe->encode_object(*parsed, out, "SM52", sink) : std::nullopt;
  if (!obj) {
    std::printf("FAIL: texsim asm of cuobjdump's %s listing: %s\n", sm.c_str(),
                sink.diagnostics().empty() ? "" : sink.diagnostics().front().message.c_str());
    ++t.mismatches;
    return keys.size();
  }
  std::ofstream(out, std::ios::binary)
      .write(reinterpret_cast<const char*>(obj->data()), static_cast<std::streamsize>(obj->size()));
  const Listing back = read_listing(vc::run(bin + "/cuobjdump -sass " + out, work).out);
  for (size_t k = 0; k < keys.size(); ++k) {
    const Line& a = nv.at(keys[k]);
    const auto it = back.find({"all", 16 * k});
    const Line b = it == back.end() ? Line{"<no line>", {}, {}} : it->second;
    if (a.lo == b.lo && a.hi == b.hi && (!is_texture(a.text) || a.text == b.text))
      ++t.round;
    else if (++t.mismatches <= 20)
      std::printf("MISMATCH asm %s %s+0x%llx: '%s' -> '%s' %s %s\n", sm.c_str(),
                  keys[k].first.c_str(), static_cast<unsigned long long>(keys[k].second),
                  a.text.c_str(), b.text.c_str(), b.lo.c_str(), b.hi.c_str());
  }
  return keys.size();
}

int run(const std::string& bin, const std::string& arch, const std::string& work,
        const std::string& corpus) {
  const std::string sm = "sm_" + arch.substr(2);
  const unsigned smn = static_cast<unsigned>(std::stoul(arch.substr(2)));
  unsigned n = 0;
  std::ostringstream ptx;
  ptx << ".version 7.8\n.target " << sm << "\n.address_size 64\n\n";
  ptx << (corpus == "sample"     ? vc::sample_corpus(smn, n)
          : corpus == "bindless" ? vc::bindless_corpus(smn, n)
                                 : vc::fetch_corpus(smn, n));
  const std::string stem = work + "/wide_" + corpus + "_" + sm;
  const size_t every = std::max<size_t>(1, n / 16);
  for (const auto& [suffix, text] : {std::pair<std::string, std::string>{"", ptx.str()},
                                     {"_some", every_nth(ptx.str(), every)}}) {
    std::ofstream(stem + suffix + ".ptx") << text;
    const vc::Result pr = vc::run(
        bin + "/ptxas -arch=" + sm + " " + stem + suffix + ".ptx -o " + stem + suffix + ".cubin",
        work);
    if (pr.status != 0) {
      std::printf("FAIL: ptxas %s: %s\n", sm.c_str(), pr.err.c_str());
      return 1;
    }
  }
  Tally t;
  size_t lines = 0;
  if (!disasm(bin, stem + ".cubin", sm, work, t, lines)) {
    std::printf("FAIL: nvdisasm or texsim cannot read %s.cubin\n", stem.c_str());
    return 1;
  }
  const size_t some = round_trip(bin, stem + "_some.cubin", sm, work, t);
  std::string form_list;
  std::set<std::string> families;
  for (const auto& [f, c] : t.forms) {
    form_list += " " + f + "=" + std::to_string(c);
    families.insert(f.substr(0, f.find_first_of(".:")));
  }
  std::printf(
      "%s %s: %u kernels, %zu words in nvdisasm's listing: texsim disasm gives %zu words "
      "identically and %zu of %zu texture lines identically; texsim asm of cuobjdump's listing "
      "of every %zu-th kernel gives %zu of %zu words (and their texture lines) back; %zu "
      "mismatches; forms:%s\n",
      sm.c_str(), corpus.c_str(), n, lines, t.words, t.identical, t.texture, every, t.round, some,
      t.mismatches, form_list.c_str());
  // The corpus must reach what ptxas emits: TEX, TLD4, TXD (and TXQ before sm_90) for sampling,
  // TLD for fetches, handle forms for the bindless corpus.
  bool have = t.texture > 0;
  if (corpus == "sample")
    have = families.count("TEX") && families.count("TLD4") && families.count("TXD") &&
           (smn == 90 || families.count("TXQ"));
  else if (corpus == "fetch")
    have = families.count("TLD") != 0;
  else
    have = smn == 90 ? t.forms.count("TEX.LL:uniform") != 0 : families.count("TEX") != 0;
  return t.mismatches == 0 && have && t.words == lines && t.identical == t.texture &&
                 t.round == some && some > 0
             ? 0
             : 1;
}

}  // namespace

int main(int argc, char** argv) {
  vc::Args a(argc, argv);
  const std::string bin = a.get("--bin", "");
  for (const char* t : {"ptxas", "cuobjdump"}) {
    if (!vc::tool_runs(bin + "/" + t)) {
      std::printf("SKIPPED: %s not installed (%s)\n", t, bin.c_str());
      return vc::kSkip;
    }
  }
  return run(bin, a.get("--arch", "SM75"), a.get("--work", "."), a.get("--corpus", "sample"));
}
