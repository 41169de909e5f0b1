// texsim_hw_gen --predict (hw_predict.hpp): cubin predictions for every case of a bundle, their
// files, and how each compares with the PTX route's expectation.
#include "gen/hw_predict.hpp"

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "gen/cubin_listing.hpp"
#include "gen/cubin_predict.hpp"
#include "host/bundle_files.hpp"

namespace texsim::hwgen {

namespace {

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Lookups whose compared words differ between the prediction and the PTX route's expectation.
unsigned differing(const hw::CaseData& c, const std::vector<uint32_t>& got, unsigned& first) {
  unsigned n = 0;
  for (unsigned i = 0; i < c.spec.lookups; ++i) {
    for (unsigned k = 0; k < hw::kResultWords; ++k) {
      const size_t w = size_t{i} * hw::kResultWords + k;
      if ((c.spec.compare_mask >> k & 1u) != 0 && got[w] != c.expected[w]) {
        if (n++ == 0) first = i;
        break;
      }
    }
  }
  return n;
}

// What a predicted case settles on that SM: TLDS exists only on SM50-SM62, so its decisions
// (T1, T4 with its F16 rounding, T5) give way to TLD's (T51; sm_90 packs F16 with F2FP); every
// prediction checks the Volta+ semantics (W11), ptxas's TLD.LL.CL (W12) and a 2D instruction on a
// 1D texture (W14) where it uses them.
std::string decisions_on_sm(const hw::CaseSpec& s, const std::string& texture_line) {
  std::string out;
  auto add = [&](const std::string& id) {
    if (("," + out + ",").find("," + id + ",") == std::string::npos)
      out += (out.empty() ? "" : ",") + id;
  };
  std::string id;
  std::istringstream in(s.decisions);
  while (std::getline(in, id, ',')) {
    const bool tlds = id == "T1" || id == "T5" || id.rfind("T4", 0) == 0;  // T4, T4.rz
    if (!id.empty()) add(tlds ? "T51" : id);
  }
  add("W11");
  if (texture_line.find(".CL") != std::string::npos) add("W12");
  if ((s.shape == hw::Shape::k1D) && texture_line.find(" 2D") != std::string::npos) add("W14");
  return out;
}

struct Listings {
  std::map<std::string, std::map<std::string, ListedFunction>> modules;
  std::string error;

  const ListedFunction* find(const std::string& dir, const hw::CaseSpec& s) {
    auto it = modules.find(s.module);
    if (it == modules.end()) {
      const auto text = read_text(dir + "/" + s.module + ".sass");
      if (!text) {
        error = dir + "/" + s.module + ".sass: cannot read";
        return nullptr;
      }
      std::vector<std::string> problems;
      it = modules.emplace(s.module, parse_listing(*text, problems)).first;
      if (!problems.empty()) {
        error = dir + "/" + s.module + ".sass: unreadable " + problems.front();
        return nullptr;
      }
    }
    const auto fn = it->second.find(s.kernel);
    if (fn == it->second.end()) error = s.module + ".sass has no function " + s.kernel;
    return fn == it->second.end() ? nullptr : &fn->second;
  }
};

}  // namespace

int predict_cubins(const std::string& cases_dir, const std::string& listing_dir, unsigned sm) {
  std::vector<hw::CaseSpec> specs;
  std::string error;
  if (!hw::read_manifest(cases_dir + "/manifest.txt", specs, error)) {
    std::fprintf(stderr, "texsim_hw_gen: %s\n", error.c_str());
    return 2;
  }
  const std::string suffix = ".sm_" + std::to_string(sm);
  std::ofstream summary(cases_dir + "/cubin" + suffix + ".txt");
  std::ofstream decisions(cases_dir + "/decisions" + suffix + ".txt");
  summary << "# texsim's predictions of the sm_" << sm
          << " cubins' results (tests/hw/gen/cubin_predict.cpp; docs/hardware.md)\n";
  Listings listings;
  unsigned predicted = 0, agreeing = 0;
  for (const hw::CaseSpec& s : specs) {
    hw::CaseData c;
    const ListedFunction* fn = listings.find(listing_dir, s);
    if (fn == nullptr || !hw::load_case(cases_dir, s, c, error)) {
      std::fprintf(stderr, "texsim_hw_gen: %s\n", (fn == nullptr ? listings.error : error).c_str());
      return 2;
    }
    const CubinPrediction p = predict_cubin(c, *fn, sm);
    summary << s.name << ": ";
    if (!p.predicted) {
      summary << "not predicted: " << p.reason << "\n";
      continue;
    }
    ++predicted;
    decisions << s.name << " " << decisions_on_sm(s, p.texture_line) << "\n";
    unsigned first = 0;
    const unsigned diff = differing(c, p.results, first);
    agreeing += diff == 0 ? 1 : 0;
    summary << "predicted from '" << p.texture_line << "'"
            << (p.texture_text_agrees ? "" : " (texsim prints it differently)") << "; "
            << (diff == 0 ? "equal to .expect"
                          : std::to_string(diff) + " lookups differ from .expect, first " +
                                std::to_string(first))
            << "\n";
    std::string path = cases_dir + "/";
    path += s.name + ".expect" + suffix;
    if (!hw::write_file(path, p.results.data(), p.results.size() * 4)) {
      std::fprintf(stderr, "texsim_hw_gen: cannot write %s.expect%s\n", s.name.c_str(),
                   suffix.c_str());
      return 2;
    }
  }
  std::printf("texsim_hw_gen: sm_%u cubins: %u of %zu cases predicted, %u equal to .expect\n", sm,
              predicted, specs.size(), agreeing);
  return summary && decisions ? 0 : 2;
}

}  // namespace texsim::hwgen
