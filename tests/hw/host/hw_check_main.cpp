// texsim_hw_check: runs a hardware bundle's cases on GPU 0 (PTX through the driver's JIT, and the
// bundled cubin of the device's SM) or compares recorded results; writes the report. No texsim.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bundle_files.hpp"
#include "gpu_run.hpp"
#include "report.hpp"

namespace {

constexpr const char* kRoutes[] = {"ptx", "cubin"};

struct Options {
  std::string bundle, out = ".", compare_only;
  unsigned sm = 0;  // --sm: the SM the recorded results came from (0: none given)
};

const char* const kUsage =
    "usage: texsim_hw_check BUNDLE_DIR [--out DIR] [--compare-only RESULTS_DIR [--sm N]] |\n"
    "       --version\n"
    "  Runs every case of BUNDLE_DIR/cases/manifest.txt on GPU 0 (libcuda.so.1, or the library\n"
    "  TEXSIM_HW_LIBCUDA names) and writes DIR/report.json, DIR/report.txt and DIR/results/.\n"
    "  --compare-only: no GPU; compares RESULTS_DIR/<case>.<ptx|cubin>.got with the expected\n"
    "  values (--sm N: recorded on an sm_N device). On an sm_N device, a case with\n"
    "  <case>.expect.sm_N (texsim's prediction from the sm_N cubin's own code) is compared with\n"
    "  that on both routes. Exit 0: all agree (or SKIPPED), 1: mismatches, 2: bad input or a\n"
    "  CUDA error.\n";

bool parse_args(int argc, char** argv, Options& o) {
  if (argc == 2 && std::string(argv[1]) == "--version") {
    o.bundle = "--version";
    return true;
  }
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--out" || a == "--compare-only") && i + 1 < argc) {
      (a == "--out" ? o.out : o.compare_only) = argv[++i];
    } else if (a == "--sm" && i + 1 < argc) {
      o.sm = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
    } else if (!a.empty() && a[0] != '-' && o.bundle.empty()) {
      o.bundle = a;
    } else {
      return false;
    }
  }
  return !o.bundle.empty();
}

bool file_exists(const std::string& path) {
  return static_cast<bool>(std::ifstream(path, std::ios::binary));
}

// The whole file, plus a NUL (cuModuleLoadData reads PTX as a C string).
bool read_image(const std::string& path, std::vector<uint8_t>& out, std::string& why) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    why = path + ": cannot open";
    return false;
  }
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  out.push_back(0);
  return true;
}

bool load_cases(const std::string& bundle, std::vector<hw::CaseData>& cases, std::string& why) {
  std::vector<hw::CaseSpec> specs;
  if (!hw::read_manifest(bundle + "/cases/manifest.txt", specs, why)) return false;
  for (const hw::CaseSpec& s : specs) {
    hw::CaseData c;
    if (!hw::load_case(bundle + "/cases", s, c, why)) return false;
    cases.push_back(std::move(c));
  }
  return true;
}

// The case as an sm_`sm` device runs it: texsim's prediction from that SM's cubin
// (<case>.expect.sm_N, tests/hw/gen/cubin_predict.cpp) and the decisions it settles there
// (cases/decisions.sm_N.txt) when the bundle has them; else the case as it is.
hw::CaseData on_device(const std::string& bundle, const hw::CaseData& c, unsigned sm,
                       std::string& why) {
  hw::CaseData d = c;
  const std::string suffix = ".sm_" + std::to_string(sm);
  const std::string path = bundle + "/cases/" + c.spec.name + ".expect" + suffix;
  if (sm == 0 || !file_exists(path)) return d;
  if (!hw::read_words(path, size_t{c.spec.lookups} * hw::kResultWords, d.expected, why)) return d;
  std::ifstream in(bundle + "/cases/decisions" + suffix + ".txt");
  std::string name, ids;
  while (in >> name >> ids) {
    if (name == c.spec.name) d.spec.decisions = ids;
  }
  return d;
}

std::vector<hw::CaseResult> compare_recorded(const std::vector<hw::CaseData>& loaded,
                                             const std::string& bundle, const std::string& dir,
                                             unsigned sm) {
  std::vector<hw::CaseResult> results;
  for (const hw::CaseData& l : loaded) {
    std::string bad;
    const hw::CaseData c = on_device(bundle, l, sm, bad);
    if (!bad.empty()) {
      results.push_back({c.spec.name, "-", c.spec.decisions, c.spec.lookups, 0, 0xf, {}, bad});
      continue;
    }
    bool any = false;
    for (const char* route : kRoutes) {
      const std::string path = dir + "/" + c.spec.name + "." + route + ".got";
      if (!file_exists(path)) continue;
      any = true;
      std::vector<uint32_t> got;
      std::string why;
      if (hw::read_words(path, size_t{c.spec.lookups} * hw::kResultWords, got, why)) {
        results.push_back(hw::compare_case(c, got, route));
      } else {
        results.push_back({c.spec.name, route, c.spec.decisions, c.spec.lookups, 0, 0xf, {}, why});
      }
    }
    if (!any) {
      results.push_back({c.spec.name,
                         "-",
                         c.spec.decisions,
                         c.spec.lookups,
                         0,
                         0xf,
                         {},
                         "no recorded results in " + dir});
    }
  }
  return results;
}

// One route of one case on the GPU; the results are kept under out/results for later analysis.
hw::CaseResult run_route(hw::Gpu& gpu, const hw::CaseData& c, const std::string& route,
                         const std::string& image_path, const std::string& out) {
  hw::CaseResult failed{c.spec.name, route, c.spec.decisions, c.spec.lookups, 0, 0xf, {}, {}};
  std::vector<uint8_t> image;
  const std::string key = route + ":" + c.spec.module;
  std::vector<uint32_t> got;
  if (!read_image(image_path, image, failed.error) || !gpu.load_module(key, image, failed.error) ||
      !gpu.run(c, key, got, failed.error))
    return failed;
  hw::write_file(out + "/results/" + c.spec.name + "." + route + ".got", got.data(),
                 got.size() * 4);
  return hw::compare_case(c, got, route);
}

std::vector<hw::CaseResult> run_on_gpu(hw::Gpu& gpu, const std::vector<hw::CaseData>& cases,
                                       const std::string& bundle, const std::string& out) {
  std::vector<hw::CaseResult> results;
  const std::string cubins = bundle + "/kernels/sm_" + std::to_string(gpu.sm()) + "/";
  for (const hw::CaseData& l : cases) {
    std::string bad;
    const hw::CaseData c = on_device(bundle, l, static_cast<unsigned>(gpu.sm()), bad);
    if (!bad.empty()) {
      results.push_back({c.spec.name, "-", c.spec.decisions, c.spec.lookups, 0, 0xf, {}, bad});
      continue;
    }
    results.push_back(run_route(gpu, c, "ptx", bundle + "/kernels/" + c.spec.module + ".ptx", out));
    if (file_exists(cubins + c.spec.module + ".cubin"))
      results.push_back(run_route(gpu, c, "cubin", cubins + c.spec.module + ".cubin", out));
  }
  return results;
}

int finish(const std::string& out, const std::string& device,
           const std::vector<hw::CaseResult>& results) {
  bool error = false;
  unsigned mismatches = 0;
  for (const hw::CaseResult& r : results) {
    error = error || !r.error.empty();
    mismatches += r.mismatches;
  }
  const char* status = error ? "error" : mismatches != 0 ? "mismatches" : "agrees";
  if (!hw::write_report(out + "/report", status, device, results)) {
    std::fprintf(stderr, "texsim_hw_check: cannot write %s/report.json\n", out.c_str());
    return 2;
  }
  std::fputs(hw::report_text(device, results).c_str(), stdout);
  std::printf("texsim_hw_check: %s (%u mismatching lookups; %s/report.txt)\n",
              error             ? "ERROR"
              : mismatches != 0 ? "FAIL"
                                : "PASS",
              mismatches, out.c_str());
  return error ? 2 : mismatches != 0 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse_args(argc, argv, o)) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  if (o.bundle == "--version") {  // run.sh's probe: does this binary start on this machine?
    std::puts("texsim_hw_check 1");
    return 0;
  }
  std::vector<hw::CaseData> cases;
  std::string why;
  if (!load_cases(o.bundle, cases, why)) {
    std::fprintf(stderr, "texsim_hw_check: %s\n", why.c_str());
    return 2;
  }
  if (!o.compare_only.empty())
    return finish(o.out, "recorded results in " + o.compare_only,
                  compare_recorded(cases, o.bundle, o.compare_only, o.sm));
  const char* library = std::getenv("TEXSIM_HW_LIBCUDA");
  hw::Gpu gpu;
  switch (gpu.open(library != nullptr && *library != 0 ? library : "libcuda.so.1", why)) {
    case hw::GpuStatus::kNoDriver:
      hw::write_report(o.out + "/report", "skipped", "no CUDA driver: " + why, {});
      std::puts("SKIPPED: no CUDA driver");
      return 0;
    case hw::GpuStatus::kNoDevice:
      hw::write_report(o.out + "/report", "skipped", "no CUDA device: " + why, {});
      std::puts("SKIPPED: no CUDA device");
      return 0;
    case hw::GpuStatus::kError:
      std::fprintf(stderr, "texsim_hw_check: %s\n", why.c_str());
      return 2;
    case hw::GpuStatus::kReady:
      break;
  }
  std::error_code ec;
  std::filesystem::create_directories(o.out + "/results", ec);
  if (ec) {
    std::fprintf(stderr, "texsim_hw_check: cannot create %s/results\n", o.out.c_str());
    return 2;
  }
  return finish(o.out, gpu.description(), run_on_gpu(gpu, cases, o.bundle, o.out));
}
