// Helpers of the NVIDIA-tool differential tests: argument parsing, a seeded generator, running a
// tool with its output captured, and reading nvdisasm's "/*addr*/ TEXT" lines and error addresses.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace texsim::vendor {

inline constexpr int kSkip = 77;  // CTest SKIP_RETURN_CODE

class Args {
 public:
  Args(int argc, char** argv) : v_(argv + 1, argv + argc) {}
  std::string get(std::string_view key, std::string def) const {
    for (size_t i = 0; i + 1 < v_.size(); ++i) {
      if (v_[i] == key) return v_[i + 1];
    }
    return def;
  }

 private:
  std::vector<std::string> v_;
};

// splitmix64: fixed seeds give the same words on every machine.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

 private:
  uint64_t s_;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

struct Result {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs `cmd` with stdout and stderr captured through files in `work`.
inline Result run(const std::string& cmd, const std::string& work) {
  // Per process: the tests of several architectures share `work` and run in parallel.
  const std::string id = std::to_string(::getpid());
  const std::string o = work + "/.stdout." + id, e = work + "/.stderr." + id;
  const int rc = std::system((cmd + " >" + o + " 2>" + e).c_str());
  Result r;
  r.status = rc == -1 ? -1 : WEXITSTATUS(rc);
  r.out = slurp(o);
  r.err = slurp(e);
  std::remove(o.c_str());
  std::remove(e.c_str());
  return r;
}

inline bool tool_runs(const std::string& path) {
  if (path.empty()) return false;
  return std::system((path + " --version >/dev/null 2>&1").c_str()) == 0;
}

// Every "at address 0x..." in nvdisasm's error output.
inline std::vector<uint64_t> error_addresses(const std::string& err) {
  std::vector<uint64_t> out;
  const std::string key = "at address 0x";
  for (size_t p = err.find(key); p != std::string::npos; p = err.find(key, p + 1)) {
    out.push_back(std::strtoull(err.c_str() + p + key.size(), nullptr, 16));
  }
  return out;
}

inline std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// nvdisasm lines "        /*0008*/   [@P0] TEXT ;   [/* 0x... */]": address -> TEXT (with its
// guard, without the encoding comment), for one listing (the first function when several).
inline std::map<uint64_t, std::string> listing_lines(const std::string& out) {
  std::map<uint64_t, std::string> m;
  std::istringstream in(out);
  std::string line;
  // nvdisasm also lists data sections (.nv.info, constant banks: "/*0000*/ .word ..."); only the
  // code sections' lines count. cuobjdump -sass prints no .section lines.
  bool in_code = true;
  while (std::getline(in, line)) {
    const std::string t = trim(line);
    if (t.starts_with(".section\t") || t.starts_with(".section "))  // not .sectionflags/info
      in_code = t.find(".text") != std::string::npos;
    if (!in_code) continue;
    const auto a = line.find("/*");
    if (a == std::string::npos) continue;
    const auto b = line.find("*/", a);
    if (b == std::string::npos || b - a < 3 || line.compare(a + 2, 2, " 0") == 0) continue;
    char* end = nullptr;
    const uint64_t addr = std::strtoull(line.c_str() + a + 2, &end, 16);
    if (end != line.c_str() + b) continue;
    std::string text = line.substr(b + 2);
    const auto c = text.find("/* 0x");
    if (c != std::string::npos) text.resize(c);
    text = trim(text);
    // Dual-issue pairs (nvdisasm without -novliw): "{ MOV R5, RZ ;" and "TEXS ... RGBA  }"; the
    // brace stands for the pair, the instruction text is the same.
    if (!text.empty() && text.front() == '{') text = trim(text.substr(1));
    if (!text.empty() && text.back() == '}') text = trim(text.substr(0, text.size() - 1)) + " ;";
    m.emplace(addr, text);
  }
  return m;
}

// The opcode row an nvdisasm line names: "TEX" for "@P0 TEX.LL ...", "TEX.B" for "TEX.B.LL ...",
// "TLD4.B" for "TLD4.R.B.AOFFI ..." (TLD4's gather component comes before .B, so "TLD4.B.AOFFI"
// is the blue gather; decisions T30).
inline std::string row_name(std::string_view t) {
  if (t.starts_with("@")) t.remove_prefix(std::min(t.size(), t.find(' ') + 1));
  t = t.substr(0, t.find_first_of(" ;"));
  std::vector<std::string_view> parts;
  for (size_t p = 0;;) {
    const size_t d = t.find('.', p);
    parts.push_back(t.substr(p, d == std::string_view::npos ? std::string_view::npos : d - p));
    if (d == std::string_view::npos) break;
    p = d + 1;
  }
  // Only these have bindless forms (TLD4S.B.DC is TLD4S's blue gather).
  const std::string_view base = parts[0];
  const bool has_b = base == "TEX" || base == "TLD" || base == "TLD4" || base == "TXD" ||
                     base == "TMML" || base == "TXQ";
  const size_t b = base == "TLD4" ? 2 : 1;
  const bool bindless = has_b && parts.size() > b && parts[b] == "B";
  return std::string(parts[0]) + (bindless ? ".B" : "");
}

}  // namespace texsim::vendor
