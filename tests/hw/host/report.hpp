// Device results against texsim's expected bits, and the report: report.json and a readable
// report.txt (case, route, lookups, mismatches, first mismatches, verdict per decision). No texsim.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "bundle_files.hpp"

namespace hw {

constexpr unsigned kFirstMismatches = 8;  // kept per case for the report

struct Mismatch {
  unsigned lookup = 0;
  std::array<uint32_t, kInputWords> input{};
  std::array<uint32_t, kResultWords> gpu{}, texsim{};
};

struct CaseResult {
  std::string name, route, decisions;
  unsigned lookups = 0, mismatches = 0, compare_mask = 0xf;
  std::vector<Mismatch> first;
  std::string error;  // set: the case did not run (CUDA error, missing results)
};

// Compares `gpu` (lookups x 4 words) with the case's expected words under its compare mask.
inline CaseResult compare_case(const CaseData& c, const std::vector<uint32_t>& gpu,
                               const std::string& route) {
  CaseResult r{c.spec.name, route, c.spec.decisions, c.spec.lookups, 0, c.spec.compare_mask,
               {},          {}};
  for (unsigned i = 0; i < c.spec.lookups; ++i) {
    bool same = true;
    for (unsigned k = 0; k < kResultWords; ++k) {
      if ((c.spec.compare_mask >> k & 1u) != 0 &&
          gpu[i * kResultWords + k] != c.expected[i * kResultWords + k])
        same = false;
    }
    if (same) continue;
    if (r.mismatches++ < kFirstMismatches) {
      Mismatch m;
      m.lookup = i;
      for (unsigned k = 0; k < kInputWords; ++k) m.input[k] = c.inputs[i * kInputWords + k];
      for (unsigned k = 0; k < kResultWords; ++k) {
        m.gpu[k] = gpu[i * kResultWords + k];
        m.texsim[k] = c.expected[i * kResultWords + k];
      }
      r.first.push_back(m);
    }
  }
  return r;
}

namespace detail {

inline std::string hex_words(const uint32_t* w, unsigned n) {
  std::string s;
  char b[16];
  for (unsigned i = 0; i < n; ++i) {
    std::snprintf(b, sizeof b, "%s%08x", i == 0 ? "" : " ", static_cast<unsigned>(w[i]));
    s += b;
  }
  return s;
}

inline float as_float(uint32_t w) {
  float f = 0;
  std::memcpy(&f, &w, 4);
  return f;
}

// The input words a reader needs: coordinates as integers and floats, lod, gradients, offsets.
inline std::string describe_input(const std::array<uint32_t, kInputWords>& in) {
  char b[320];
  std::snprintf(
      b, sizeof b,
      "xyz/layer %08x %08x %08x %08x (as f32 %.9g %.9g %.9g; as s32 %d %d %d) lod %08x "
      "(%.9g) ddx %.9g %.9g %.9g ddy %.9g %.9g %.9g offset %d %d %d",
      in[kX], in[kY], in[kZ], in[kLayer], static_cast<double>(as_float(in[kX])),
      static_cast<double>(as_float(in[kY])), static_cast<double>(as_float(in[kZ])),
      static_cast<int>(in[kX]), static_cast<int>(in[kY]), static_cast<int>(in[kZ]), in[kLod],
      static_cast<double>(as_float(in[kLod])), static_cast<double>(as_float(in[kDdx])),
      static_cast<double>(as_float(in[kDdx + 1])), static_cast<double>(as_float(in[kDdx + 2])),
      static_cast<double>(as_float(in[kDdy])), static_cast<double>(as_float(in[kDdy + 1])),
      static_cast<double>(as_float(in[kDdy + 2])), static_cast<int>(in[kOffset]),
      static_cast<int>(in[kOffset + 1]), static_cast<int>(in[kOffset + 2]));
  return b;
}

inline std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') o += '\\';
    if (static_cast<unsigned char>(ch) < 0x20) {
      o += ' ';
      continue;
    }
    o += ch;
  }
  return o + "\"";
}

inline std::string json_words(const uint32_t* w, unsigned n) {
  std::string s = "[";
  char b[16];
  for (unsigned i = 0; i < n; ++i) {
    std::snprintf(b, sizeof b, "%s\"%08x\"", i == 0 ? "" : ",", static_cast<unsigned>(w[i]));
    s += b;
  }
  return s + "]";
}

}  // namespace detail

// Per decision id: the cases that settle it and whether all of them agree with texsim.
struct Verdict {
  std::vector<std::string> cases;
  unsigned mismatches = 0;
  bool error = false;
};

inline std::map<std::string, Verdict> verdicts(const std::vector<CaseResult>& results) {
  std::map<std::string, Verdict> v;
  for (const CaseResult& r : results) {
    std::istringstream in(r.decisions);
    std::string id;
    while (std::getline(in, id, ',')) {
      if (id.empty()) continue;
      Verdict& d = v[id];
      d.cases.push_back(r.name + "/" + r.route);
      d.mismatches += r.mismatches;
      d.error = d.error || !r.error.empty();
    }
  }
  return v;
}

inline std::string verdict_text(const Verdict& d) {
  if (d.error) return "NOT RUN (an error in one of its cases)";
  return d.mismatches == 0 ? "agrees with texsim"
                           : "DIFFERS: " + std::to_string(d.mismatches) + " mismatching lookups";
}

// The readable table.
inline std::string report_text(const std::string& device, const std::vector<CaseResult>& rs) {
  std::ostringstream o;
  o << "texsim hardware check on " << device << "\n\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-32s %-6s %8s %10s  %s\n", "case", "route", "lookups",
                "mismatches", "decisions");
  o << line;
  for (const CaseResult& r : rs) {
    std::snprintf(line, sizeof line, "%-32s %-6s %8u %10s  %s\n", r.name.c_str(), r.route.c_str(),
                  r.lookups, r.error.empty() ? std::to_string(r.mismatches).c_str() : "ERROR",
                  r.decisions.c_str());
    o << line;
  }
  for (const CaseResult& r : rs) {
    if (!r.error.empty()) o << "\n" << r.name << " (" << r.route << "): " << r.error << "\n";
    if (r.first.empty()) continue;
    o << "\n"
      << r.name << " (" << r.route << "): first " << r.first.size() << " of " << r.mismatches
      << " mismatches (compared words: mask 0x" << std::hex << r.compare_mask << std::dec << ")\n";
    for (const Mismatch& m : r.first) {
      o << "  lookup " << m.lookup << ": " << detail::describe_input(m.input) << "\n"
        << "    gpu    " << detail::hex_words(m.gpu.data(), kResultWords) << "\n"
        << "    texsim " << detail::hex_words(m.texsim.data(), kResultWords) << "\n";
    }
  }
  o << "\ndecision  verdict (cases)\n";
  for (const auto& [id, d] : verdicts(rs)) {
    o << id << ": " << verdict_text(d) << " (";
    for (size_t i = 0; i < d.cases.size(); ++i) o << (i != 0 ? ", " : "") << d.cases[i];
    o << ")\n";
  }
  return o.str();
}

inline std::string report_json(const std::string& status, const std::string& device,
                               const std::vector<CaseResult>& rs) {
  std::ostringstream o;
  o << "{\"status\": " << detail::json_string(status)
    << ", \"device\": " << detail::json_string(device) << ", \"cases\": [";
  for (size_t i = 0; i < rs.size(); ++i) {
    const CaseResult& r = rs[i];
    o << (i != 0 ? ",\n  " : "\n  ") << "{\"case\": " << detail::json_string(r.name)
      << ", \"route\": " << detail::json_string(r.route) << ", \"lookups\": " << r.lookups
      << ", \"mismatches\": " << r.mismatches << ", \"compare_mask\": " << r.compare_mask
      << ", \"decisions\": " << detail::json_string(r.decisions)
      << ", \"error\": " << (r.error.empty() ? "null" : detail::json_string(r.error))
      << ", \"first_mismatches\": [";
    for (size_t k = 0; k < r.first.size(); ++k) {
      const Mismatch& m = r.first[k];
      o << (k != 0 ? ", " : "") << "{\"lookup\": " << m.lookup
        << ", \"input\": " << detail::json_words(m.input.data(), kInputWords)
        << ", \"gpu\": " << detail::json_words(m.gpu.data(), kResultWords)
        << ", \"texsim\": " << detail::json_words(m.texsim.data(), kResultWords) << "}";
    }
    o << "]}";
  }
  o << "],\n \"decisions\": {";
  bool first = true;
  for (const auto& [id, d] : verdicts(rs)) {
    o << (first ? "" : ", ") << detail::json_string(id) << ": "
      << detail::json_string(verdict_text(d));
    first = false;
  }
  o << "}}\n";
  return o.str();
}

// Writes <prefix>.json and <prefix>.txt; false when either cannot be written.
inline bool write_report(const std::string& prefix, const std::string& status,
                         const std::string& device, const std::vector<CaseResult>& rs) {
  const std::string json = report_json(status, device, rs);
  const std::string text = rs.empty() ? "texsim hardware check: " + status + " (" + device + ")\n"
                                      : report_text(device, rs);
  return write_file(prefix + ".json", json.data(), json.size()) &&
         write_file(prefix + ".txt", text.data(), text.size());
}

}  // namespace hw
