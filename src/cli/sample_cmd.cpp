// `texsim sample`: replays lookups from a request file (docs/sample-requests.md). Lines are read
// in blocks of 4096; runs of consecutive lines with the same op, surface, sampler and gather
// component form one message of the public API (lavapipe's groups and quads inside it).
#include "cli/sample_cmd.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>
#include "cli/inputs.hpp"
#include "cli/output.hpp"
#include "cli/sample_request.hpp"
#include "cli/term.hpp"

#include "texsim/texsim.hpp"

namespace texsim::cli {

namespace {

constexpr uint64_t kBlockLines = 4096;  // a multiple of lavapipe's 8-lane groups and of quads

void print(const Diagnostics& diags) {
  for (const Diagnostic& d : diags) std::fprintf(stderr, "%s\n", d.text.c_str());
}

// A diagnostic in the shape of every other --json (scene/report.hpp, diagnostic_json).
nlohmann::json to_json(const Diagnostic& d) {
  nlohmann::json j{{"severity", d.severity == Severity::kError     ? "error"
                                : d.severity == Severity::kWarning ? "warning"
                                                                   : "note"},
                   {"rule", d.rule},
                   {"file", d.file}};
  if (d.line != 0) j["line"] = d.line;
  if (d.column != 0) j["column"] = d.column;
  j["message"] = d.message;
  if (!d.citation.empty()) j["citation"] = d.citation;
  j["text"] = d.text;
  return j;
}

const char* kind_name(TexelKind k) {
  return k == TexelKind::kFloat ? "float" : k == TexelKind::kSint ? "sint" : "uint";
}

// Writes results as JSONL or CSV into a buffer flushed once per block.
class Writer {
 public:
  Writer(OutputFile& f, bool csv, bool bounds) : f_(f), csv_(csv), bounds_(bounds) {
    if (csv_) out_ = "line,id,kind,r_bits,g_bits,b_bits,a_bits,r,g,b,a,flags";
    if (csv_ && bounds_) out_ += ",r_lo,g_lo,b_lo,a_lo,r_hi,g_hi,b_hi,a_hi";
    if (csv_) out_ += '\n';
  }
  // A sampling result's conformant range (sample --bounds).
  struct Range {
    std::array<uint32_t, 4> lo, hi;
    bool bounded;
  };
  void result(const SampleRequestLine& rq, TexelKind kind, const std::array<uint32_t, 4>& bits,
              int flags, const Range* range = nullptr) {
    if (csv_) {
      num(rq.line);
      out_ += ',';
      csv_text(rq.id_text);
      out_ += ',';
      out_ += kind_name(kind);
      for (uint32_t b : bits) out_ += ',', hex(b);
      for (uint32_t b : bits) out_ += ',', value(kind, b, false);
      out_ += ',';
      if (flags >= 0) num(static_cast<uint64_t>(flags));
      if (bounds_) {
        for (size_t c = 0; c < 8; ++c) {
          out_ += ',';
          if (range != nullptr) value(kind, c < 4 ? range->lo[c] : range->hi[c - 4], false);
        }
      }
      out_ += '\n';
    } else {
      out_ += "{\"line\":";
      num(rq.line);
      if (!rq.id.empty()) out_ += ",\"id\":", out_ += rq.id;
      out_ += ",\"kind\":\"";
      out_ += kind_name(kind);
      out_ += "\",\"bits\":[";
      for (size_t c = 0; c < 4; ++c) out_ += c ? ",\"" : "\"", hex(bits[c]), out_ += '"';
      out_ += "],\"value\":[";
      for (size_t c = 0; c < 4; ++c) out_ += c ? "," : "", value(kind, bits[c], true);
      out_ += ']';
      if (flags >= 0) out_ += ",\"flags\":", num(static_cast<uint64_t>(flags));
      if (range != nullptr) {
        // An unbounded end ([-inf, +inf]: anything, NaN too) prints as null.
        out_ += ",\"lo\":[";
        for (size_t c = 0; c < 4; ++c) out_ += c ? "," : "", value(kind, range->lo[c], true);
        out_ += "],\"hi\":[";
        for (size_t c = 0; c < 4; ++c) out_ += c ? "," : "", value(kind, range->hi[c], true);
        out_ += ']';
        if (!range->bounded) out_ += ",\"bounded\":false";
      }
      out_ += "}\n";
    }
  }
  // A failed write is kept by the OutputFile and reported by its commit().
  void flush() {
    f_.write(out_);
    out_.clear();
  }

 private:
  void num(uint64_t v) {
    char b[24];
    out_.append(b, std::to_chars(b, b + sizeof b, v).ptr);
  }
  void hex(uint32_t v) {
    char b[16] = "0x";
    char* e = std::to_chars(b + 2, b + sizeof b, v, 16).ptr;
    out_.append(b, e);
  }
  // Shortest text that reads back to the same float; NaN/inf as null (JSON) or nan/inf (CSV).
  void value(TexelKind kind, uint32_t bits, bool json) {
    char b[32];
    char* e = b;
    if (kind == TexelKind::kUint) {
      e = std::to_chars(b, b + sizeof b, bits).ptr;
    } else if (kind == TexelKind::kSint) {
      e = std::to_chars(b, b + sizeof b, static_cast<int32_t>(bits)).ptr;
    } else {
      const float f = std::bit_cast<float>(bits);
      if (!std::isfinite(f)) {
        out_ += json ? "null" : (std::isnan(f) ? "nan" : (f > 0 ? "inf" : "-inf"));
        return;
      }
      e = std::to_chars(b, b + sizeof b, f).ptr;
    }
    out_.append(b, e);
  }
  void csv_text(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) {
      out_ += s;
      return;
    }
    out_ += '"';
    for (char ch : s) out_ += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    out_ += '"';
  }
  OutputFile& f_;
  bool csv_;
  bool bounds_;
  std::string out_;
};

struct Runner {
  const Scene& scene;
  Profile profile;
  bool groups;
  std::optional<BoundsOptions> bounds;  // sample --bounds
  std::string file;
  Writer& out;
  Diagnostics diags;
  uint64_t lookups = 0;
  uint64_t errors = 0;

  void error_at(uint64_t line, const std::string& rule, const std::string& message) {
    Diagnostic d;
    d.rule = rule;
    d.file = file;
    d.line = static_cast<uint32_t>(line);
    d.column = 1;
    d.message = message;
    d.text = file + ":" + std::to_string(line) + ":1: error[" + rule + "]: " + message +
             " (docs/sample-requests.md)";
    diags.push_back(std::move(d));
    ++errors;
  }

  // The same error on each of the lines [b, e).
  void error_lines(const std::vector<SampleRequestLine>& rq, size_t b, size_t e,
                   const std::string& rule, const std::string& message) {
    for (size_t i = b; i < e; ++i) error_at(rq[i].line, rule, message);
  }

  // An ld message: fetch lanes from the integer coordinates of requests [b, e).
  LookupStatus fetch_message(const Surface& surface, const std::vector<SampleRequestLine>& rq,
                             size_t b, size_t e, const Results& res, Diagnostics& local) const {
    const size_t n = e - b;
    std::vector<uint32_t> x(n), y(n), z(n), slice(n), level(n), smp(n);
    std::vector<int32_t> ox(n), oy(n), oz(n);
    std::vector<uint64_t> mcs(n);
    bool any_mcs = false;
    for (size_t i = 0; i < n; ++i) {
      const SampleRequestLine& q = rq[b + i];
      x[i] = q.icoord[0], y[i] = q.icoord[1], z[i] = q.icoord[2];
      slice[i] = q.slice, level[i] = q.level, smp[i] = q.sample;
      ox[i] = q.offset[0], oy[i] = q.offset[1], oz[i] = q.offset[2];
      if (q.mcs) mcs[i] = *q.mcs, any_mcs = true;
    }
    FetchLanes l;
    l.count = n;
    l.x = x, l.y = y, l.z = z, l.slice = slice, l.level = level, l.sample = smp;
    l.offset_x = ox, l.offset_y = oy, l.offset_z = oz;
    if (any_mcs) l.mcs = mcs;
    FetchOptions o;
    o.profile = profile;
    return fetch(surface, l, res, o, local);
  }

  // A sampling message: sample lanes from the coordinates, derivatives, array index, LOD,
  // reference and offsets of requests [b, e).
  // With --bounds also their conformant range into `lo`, `hi`.
  LookupStatus sample_message(const Surface& surface, const Sampler& sampler,
                              const std::vector<SampleRequestLine>& rq, size_t b, size_t e,
                              const Results& res, Diagnostics& local, const Results* lo = nullptr,
                              const Results* hi = nullptr) const {
    const size_t n = e - b;
    const SampleRequestLine& first = rq[b];
    std::vector<float> f[13];
    for (auto& v : f) v.resize(n);
    std::vector<int32_t> ox(n), oy(n), oz(n);
    for (size_t i = 0; i < n; ++i) {
      const SampleRequestLine& q = rq[b + i];
      for (size_t k = 0; k < 3; ++k) {
        f[k][i] = q.coord[k];
        f[3 + k][i] = q.ddx[k];
        f[6 + k][i] = q.ddy[k];
      }
      f[9][i] = q.array_index, f[10][i] = q.lod, f[11][i] = q.reference;
      ox[i] = q.offset[0], oy[i] = q.offset[1], oz[i] = q.offset[2];
    }
    SampleLanes l;
    l.count = n;
    l.op = first.op;
    l.u = f[0], l.v = f[1], l.w = f[2];
    l.ddx_u = f[3], l.ddx_v = f[4], l.ddx_w = f[5];
    l.ddy_u = f[6], l.ddy_v = f[7], l.ddy_w = f[8];
    l.array_index = f[9], l.lod = f[10], l.reference = f[11];
    l.offset_x = ox, l.offset_y = oy, l.offset_z = oz;
    l.gather_component = first.component;
    SampleOptions o;
    o.profile = profile;
    o.lavapipe_groups = groups;
    o.derivatives_from_quads = groups && profile != Profile::kLavapipe;
    const LookupStatus st = sample(surface, sampler, l, res, o, local);
    if (!st.ok || !bounds || lo == nullptr || hi == nullptr) return st;
    BoundsOptions bo = *bounds;
    bo.derivatives_from_quads = groups;  // quads formed: coarse or fine differences
    return sample_bounds(surface, sampler, l, *lo, *hi, bo, local);
  }

  // One message: requests [b, e) share op, surface, sampler and component.
  void message(const std::vector<SampleRequestLine>& rq, size_t b, size_t e) {
    const SampleRequestLine& first = rq[b];
    const auto surface = scene.surface(first.surface);
    if (!surface) {
      error_lines(rq, b, e, "SAMPLE-REQUEST-SURFACE",
                  "the scene has no surface " + std::to_string(first.surface));
      return;
    }
    const size_t n = e - b;
    std::vector<uint32_t> r(n), g(n), bl(n), a(n);
    std::vector<uint8_t> flags(n);
    Results res{r, g, bl, a, flags};
    const size_t nb = bounds && !first.fetch ? n : 0;
    std::vector<uint32_t> lr(nb), lg(nb), lbl(nb), la(nb), hr(nb), hg(nb), hbl(nb), ha(nb);
    std::vector<uint8_t> lflags(nb);
    const Results lo{lr, lg, lbl, la, lflags}, hi{hr, hg, hbl, ha, {}};
    Diagnostics local;
    LookupStatus st;
    if (first.fetch) {
      st = fetch_message(*surface, rq, b, e, res, local);
    } else {
      const auto sampler = scene.sampler(first.sampler);
      if (!sampler) {
        error_lines(rq, b, e, "SAMPLE-REQUEST-SAMPLER",
                    "the scene has no sampler " + std::to_string(first.sampler));
        return;
      }
      if (profile == Profile::kLavapipe && !groups && is_quad_op(first.op)) {
        error_lines(rq, b, e, "SAMPLE-REQUEST-QUAD",
                    "with the lavapipe profile a quad op (implicit, bias, lod_query) needs "
                    "--groups: lavapipe takes its LOD from the pixel quad");
        return;
      }
      st = sample_message(*surface, *sampler, rq, b, e, res, local, nb ? &lo : nullptr,
                          nb ? &hi : nullptr);
    }
    if (!st.ok) {
      for (const Diagnostic& d : local)
        error_at(first.line, d.rule,
                 d.message + " (the message of lines " + std::to_string(first.line) + ".." +
                     std::to_string(rq[e - 1].line) + ")");
      return;
    }
    for (size_t i = 0; i < n; ++i) {
      Writer::Range range{};
      if (nb != 0)
        range = {{lr[i], lg[i], lbl[i], la[i]},
                 {hr[i], hg[i], hbl[i], ha[i]},
                 (lflags[i] & kFlagUnbounded) == 0};
      out.result(rq[b + i], st.kind, {r[i], g[i], bl[i], a[i]}, first.fetch ? flags[i] : -1,
                 nb != 0 ? &range : nullptr);
    }
    lookups += n;
  }

  void block(const std::vector<SampleRequestLine>& rq) {
    size_t b = 0;
    for (size_t i = 1; i <= rq.size(); ++i) {
      const bool end = i == rq.size() || rq[i].line != rq[i - 1].line + 1 ||
                       rq[i].fetch != rq[b].fetch || rq[i].surface != rq[b].surface ||
                       (!rq[b].fetch && (rq[i].op != rq[b].op || rq[i].sampler != rq[b].sampler ||
                                         rq[i].component != rq[b].component));
      if (!end) continue;
      message(rq, b, i);
      b = i;
    }
  }
};

// What the arguments of `texsim sample` select, once checked.
struct SampleSettings {
  Profile profile = Profile::kD3D;
  std::optional<BoundsOptions> bounds;  // --bounds (with --bounds-precision)
  uint64_t shard = 0, shards = 1;       // --shard I/N
  SceneOptions scene;
};

// --shard I/N into `shard` and `shards`; false (after the message) when it is not 0 <= I < N.
bool parse_shard(const std::string& arg, uint64_t& shard, uint64_t& shards) {
  const size_t slash = arg.find('/');
  const char* s = arg.c_str();
  const char* end = s + arg.size();
  const bool parsed = [&] {
    if (slash == std::string::npos) return false;
    const auto r1 = std::from_chars(s, s + slash, shard);
    const auto r2 = std::from_chars(s + slash + 1, end, shards);
    return r1.ec == std::errc() && r1.ptr == s + slash && r2.ec == std::errc() && r2.ptr == end;
  }();
  if (!parsed || shards == 0 || shard >= shards) {
    say_error("--shard: expected I/N with 0 <= I < N, got '" + arg + "'");
    return false;
  }
  return true;
}

// --bounds-precision KEY=N,...: the BoundsPrecision fields by their CLI names; false (after the
// message) for an unknown key or a bad number.
bool parse_bounds_precision(const std::string& arg, BoundsPrecision& p) {
  const std::pair<const char*, unsigned*> keys[] = {{"coord", &p.coord_bits},
                                                    {"subtexel", &p.subtexel_bits},
                                                    {"lod", &p.lod_bits},
                                                    {"derivative-lod", &p.derivative_lod_bits},
                                                    {"derivative", &p.derivative_bits},
                                                    {"blend", &p.blend_bits},
                                                    {"color", &p.color_bits},
                                                    {"float", &p.float_bits}};
  size_t at = 0;
  while (!arg.empty() && at <= arg.size()) {
    const size_t comma = std::min(arg.find(',', at), arg.size());
    const std::string item = arg.substr(at, comma - at);
    const size_t eq = item.find('=');
    const std::string key = item.substr(0, eq);
    unsigned* dst = nullptr;
    for (const auto& [name, field] : keys)
      if (key == name) dst = field;
    unsigned v = 0;
    const char* s = item.c_str() + (eq == std::string::npos ? item.size() : eq + 1);
    const char* end = item.c_str() + item.size();
    const auto r = std::from_chars(s, end, v);
    if (dst == nullptr || eq == std::string::npos || r.ec != std::errc() || r.ptr != end ||
        s == end || v > 52) {
      say_error(
          "--bounds-precision: expected KEY=N (N in 0..52) with KEY one of coord, subtexel, "
          "lod, derivative-lod, derivative, blend, color, float; got '" +
          item + "'");
      return false;
    }
    *dst = v;
    at = comma + 1;
  }
  return true;
}

// --json with -o, --profile, --format, --shard and --max-memory.
bool check_sample_args(const CommonOptions& common, const SampleArgs& args, SampleSettings& out) {
  if (args.json && args.output == "-") {
    say_error("sample --json prints its summary on stdout: name the results file with -o FILE");
    return false;
  }
  const auto profile = profile_from_name(args.profile);
  if (!profile) {
    say_error("--profile: expected d3d, exact, lavapipe or nvidia, got '" + args.profile + "'");
    return false;
  }
  out.profile = *profile;
  if (args.format != "jsonl" && args.format != "csv") {
    say_error("--format: expected jsonl or csv, got '" + args.format + "'");
    return false;
  }
  if (!args.shard.empty() && !parse_shard(args.shard, out.shard, out.shards)) return false;
  if (!args.bounds_precision.empty() && !args.bounds) {
    say_error("--bounds-precision needs --bounds");
    return false;
  }
  if (args.bounds) {
    out.bounds.emplace();
    if (!parse_bounds_precision(args.bounds_precision, out.bounds->precision)) return false;
  }
  out.scene.allow_any_path = common.allow_any_path;
  if (!common.max_memory.empty()) {
    const auto m = parse_byte_size(common.max_memory);
    if (!m) {
      say_error("--max-memory: expected a size such as 512M or 2G, got '" + common.max_memory +
                "'");
      return false;
    }
    out.scene.max_bytes = *m;
  }
  return true;
}

// Diagnostics go to stderr, or with --json into the summary printed at the end.
class SampleReport {
 public:
  explicit SampleReport(const SampleArgs& args) : args_(args) {}
  void report(const Diagnostics& ds) {
    if (!args_.json) return print(ds);
    for (const Diagnostic& d : ds) json_diags_.push_back(to_json(d));
  }
  void summary(uint64_t lookups, uint64_t errors) const {
    nlohmann::json j{{"scene", args_.scene},     {"requests", args_.requests},
                     {"output", args_.output},   {"format", args_.format},
                     {"profile", args_.profile}, {"lookups", lookups},
                     {"errors", errors},         {"diagnostics", json_diags_}};
    if (!args_.shard.empty()) j["shard"] = args_.shard;
    std::printf("%s\n", j.dump(2).c_str());
  }

 private:
  const SampleArgs& args_;
  nlohmann::json json_diags_ = nlohmann::json::array();
};

// The request file (or stdin), its name in diagnostics and its size for the progress bar.
struct RequestInput {
  std::ifstream file;
  std::istream* in = &std::cin;
  uint64_t total_bytes = 0;
  std::string name;
};

bool open_requests(const std::string& requests, RequestInput& r) {
  r.name = requests == "-" ? "<stdin>" : requests;
  if (requests == "-") return true;
  r.file.open(requests, std::ios::binary);
  if (!r.file) {
    say_error("cannot read '" + requests + "'");
    return false;
  }
  std::error_code ec;
  r.total_bytes =
      std::filesystem::is_regular_file(requests, ec) ? std::filesystem::file_size(requests, ec) : 0;
  r.in = &r.file;
  return true;
}

// Reads the requests of this shard's blocks and answers each block's messages, reporting
// diagnostics (in line order) and flushing the results once per block.
void replay_requests(RequestInput& input, const SampleSettings& settings, Runner& run,
                     Writer& writer, SampleReport& report, Progress& progress) {
  std::vector<SampleRequestLine> block;
  std::string text;
  uint64_t line = 0, bytes = 0;
  auto finish_block = [&] {
    run.block(block);
    block.clear();
    std::stable_sort(run.diags.begin(), run.diags.end(),
                     [](const Diagnostic& x, const Diagnostic& y) { return x.line < y.line; });
    report.report(run.diags);
    run.diags.clear();
    writer.flush();
    progress.update(bytes, input.total_bytes);
  };
  while (std::getline(*input.in, text)) {
    ++line;
    bytes += text.size() + 1;
    const bool mine = ((line - 1) / kBlockLines) % settings.shards == settings.shard;
    if (mine && !(text.empty() || text.find_first_not_of(" \t\r") == std::string::npos)) {
      if (auto rq = parse_sample_request(text, line, input.name, run.diags))
        block.push_back(std::move(*rq));
      else
        ++run.errors;
    }
    if (line % kBlockLines == 0) finish_block();
  }
  finish_block();
}

}  // namespace

int cmd_sample(const CommonOptions& common, const SampleArgs& args) {
  SampleSettings settings;
  if (!check_sample_args(common, args, settings)) return kExitUsage;
  Diagnostics diags;
  const auto scene = Scene::load_file(args.scene, diags, settings.scene);
  SampleReport report(args);
  report.report(diags);
  if (!scene) {
    if (args.json) report.summary(0, diags.size());
    return kExitDiagnostics;
  }

  RequestInput input;
  if (!open_requests(args.requests, input)) return kExitUsage;
  for (const std::string* in : {&args.requests, &args.scene}) {
    if (same_file(args.output, *in)) {
      say_error("refusing to write '" + args.output + "': it is the input file '" + *in + "'");
      return kExitUsage;
    }
  }
  OutputFile output;
  std::string why;
  if (!output.open(args.output, why)) {
    say_error("cannot write '" + args.output + "': " + why);
    return kExitUsage;
  }
  Writer writer(output, args.format == "csv", args.bounds);
  Runner run{*scene, settings.profile, args.groups, settings.bounds, input.name, writer, {}, 0, 0};
  Progress progress("sample", common.quiet);
  replay_requests(input, settings, run, writer, report, progress);
  progress.finish();
  if (!output.commit(why)) {
    say_error("cannot write '" + (args.output == "-" ? std::string("the results") : args.output) +
              "': " + why);
    return kExitUsage;
  }
  if (args.json) {
    report.summary(run.lookups, run.errors);
  } else if (!common.quiet) {
    std::fprintf(stderr, "texsim sample: %llu lookups, %llu requests with errors\n",
                 static_cast<unsigned long long>(run.lookups),
                 static_cast<unsigned long long>(run.errors));
  }
  return run.errors == 0 ? kExitOk : kExitDiagnostics;
}

}  // namespace texsim::cli
