// `texsim sample`: replays lookups from a request file (docs/sample-requests.md) through a oneTBB
// pipeline: blocks of 4096 requests are read in order, parsed and answered on every core, and
// written in order, so the results never depend on the threads or the shards.
#include "cli/sample_cmd.hpp"

#include <tbb/concurrent_queue.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>
#include "cli/inputs.hpp"
#include "cli/memory_trace.hpp"
#include "cli/output.hpp"
#include "cli/sample_binary.hpp"
#include "cli/sample_convert.hpp"
#include "cli/sample_jsonl.hpp"
#include "cli/sample_runner.hpp"
#include "cli/sample_source.hpp"
#include "cli/sample_writer.hpp"
#include "cli/term.hpp"

#include "texsim/texsim.hpp"

namespace texsim::cli {

namespace {

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

// What the arguments of `texsim sample` select, once checked.
struct SampleSettings {
  Profile profile = Profile::kD3D;
  ResultFormat format = ResultFormat::kJsonl;
  uint64_t max_memory = uint64_t{1} << 30;  // --max-memory: blocks in flight are sized to it
  std::optional<BoundsOptions> bounds;      // --bounds (with --bounds-precision)
  uint64_t shard = 0, shards = 1;           // --shard I/N
  uint32_t line_bytes = 64;                 // --line-bytes (with --addresses)
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

// --addresses with --line-bytes N (parse_line_bytes), not with CSV (no ragged columns).
bool parse_addresses(const SampleArgs& args, ResultFormat format, uint32_t& line_bytes) {
  if (!args.line_bytes.empty() && !args.addresses) {
    say_error("--line-bytes needs --addresses");
    return false;
  }
  if (!args.addresses) return true;
  if (format == ResultFormat::kCsv) {
    say_error("--addresses writes JSONL or npz (a request's reads do not fit a CSV row)");
    return false;
  }
  return parse_line_bytes(args.line_bytes, line_bytes);
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
  std::string format = args.format;
  if (format.empty()) {
    const std::string& o = args.output;
    format = o.ends_with(".npz") ? "npz" : o.ends_with(".csv") ? "csv" : "jsonl";
  }
  if (format != "jsonl" && format != "csv" && format != "npz") {
    say_error("--format: expected jsonl, csv or npz, got '" + args.format + "'");
    return false;
  }
  out.format = format == "npz"   ? ResultFormat::kNpz
               : format == "csv" ? ResultFormat::kCsv
                                 : ResultFormat::kJsonl;
  if (args.scene.empty() == args.convert.empty() || args.requests.empty() == args.convert.empty()) {
    say_error("sample needs --scene and --requests, or --convert (and no scene)");
    return false;
  }
  if (!args.shard.empty() && !parse_shard(args.shard, out.shard, out.shards)) return false;
  if (!parse_addresses(args, out.format, out.line_bytes)) return false;
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
    out.max_memory = *m;
  }
  return true;
}

// Diagnostics go to stderr, or with --json into the summary printed at the end.
class SampleReport {
 public:
  explicit SampleReport(const SampleArgs& args, size_t limit) : args_(args), limit_(limit) {}
  // Prints (or collects) diagnostics up to --error-limit; the rest are counted.
  void report(const Diagnostics& ds) {
    for (const Diagnostic& d : ds) {
      if (limit_ != 0 && shown_ >= limit_) {
        ++hidden_;
        continue;
      }
      ++shown_;
      if (args_.json)
        json_diags_.push_back(to_json(d));
      else
        std::fprintf(stderr, "%s\n", d.text.c_str());
    }
  }
  uint64_t hidden() const { return hidden_; }
  // Seconds spent loading the scene and replaying the requests (reading, sampling, writing).
  double scene_seconds = 0, replay_seconds = 0;
  void summary(uint64_t lookups, uint64_t errors) const {
    nlohmann::json j{
        {"scene", args_.scene},     {"requests", args_.requests},
        {"output", args_.output},   {"format", args_.format.empty() ? "auto" : args_.format},
        {"profile", args_.profile}, {"lookups", lookups},
        {"errors", errors},         {"diagnostics", json_diags_}};
    if (!args_.shard.empty()) j["shard"] = args_.shard;
    if (hidden_ != 0) j["diagnostics_not_shown"] = hidden_;
    j["seconds"] = {{"scene", scene_seconds}, {"replay", replay_seconds}};
    if (replay_seconds > 0) j["lookups_per_second"] = static_cast<double>(lookups) / replay_seconds;
    std::printf("%s\n", j.dump(2).c_str());
  }

 private:
  const SampleArgs& args_;
  size_t limit_;
  uint64_t shown_ = 0, hidden_ = 0;
  nlohmann::json json_diags_ = nlohmann::json::array();
};

// The pipeline's state between its stages.
struct Replay {
  Replay(const SampleSettings& s, const SampleRunSettings& r, RequestSource& in, OutputFile& o,
         NpzResults* n, SampleReport& rep, Progress& p)
      : settings(s), run(r), src(in), output(o), npz(n), report(rep), progress(p) {}
  const SampleSettings& settings;
  const SampleRunSettings& run;
  RequestSource& src;
  OutputFile& output;
  NpzResults* npz;
  SampleReport& report;
  Progress& progress;
  uint64_t next_block = 0;  // binary: the next block index of this shard
  uint64_t lookups = 0, errors = 0;
  bool write_failed = false;
  std::string read_error;
  tbb::concurrent_queue<RequestBlock*> free;
  std::vector<std::unique_ptr<RequestBlock>> all;
  std::mutex alloc;

  RequestBlock* take() {
    RequestBlock* b = nullptr;
    if (free.try_pop(b)) return b;
    std::lock_guard lock(alloc);
    all.push_back(std::make_unique<RequestBlock>());
    return all.back().get();
  }

  // Stage 1 (in order): the next block of this shard, or nullptr at the end.
  RequestBlock* read() {
    RequestBlock* b = take();
    if (src.binary) {
      const uint64_t index = next_block * settings.shards + settings.shard;
      if (index >= src.binary->blocks()) return free.push(b), nullptr;
      b->out_row = next_block * kBlockRows;  // only a file's last block is short
      ++next_block;
      b->index = index;
      b->read_error.clear();
      // Stored arrays are read by the answering thread; deflated ones inflate here, in order.
      b->read_pending = src.binary->random_access();
      if (!b->read_pending && !src.binary->read(index, *b, read_error))
        return free.push(b), nullptr;
      return b;
    }
    while (true) {
      const bool mine = (next_block % settings.shards) == settings.shard;
      b->index = next_block;
      if (!src.lines->next(*b, mine)) {
        if (src.lines->failed()) read_error = "read error";
        return free.push(b), nullptr;
      }
      ++next_block;
      if (mine) return b;
    }
  }

  // Stage 2 (any thread): parse, answer and format.
  void answer(RequestBlock& b) const {
    const bool bounds = settings.bounds.has_value();
    b.written = false;
    if (b.read_pending && !src.binary->read(b.index, b, b.read_error)) return;
    if (src.binary)
      src.binary->convert(b, bounds);
    else
      parse_text_block(b, src.name, bounds);
    answer_block(run, b);
    if (npz == nullptr) return format_results(settings.format, bounds, run.addresses, b);
    npz->serialize(b);
    if (npz->direct()) b.written = npz->write_in_place(b);
  }

  // Stage 3 (in order): write, report, recycle.
  void write(RequestBlock* b) {
    if (!b->read_error.empty() || !read_error.empty()) {
      if (read_error.empty()) read_error = b->read_error;
      free.push(b);
      return;
    }
    if (npz != nullptr && npz->direct())
      write_failed |= !b->written || !npz->account(*b);
    else if (npz != nullptr)
      write_failed |= !npz->append(*b);
    else
      output.write(b->out);
    report.report(b->diags);
    lookups += b->lookups;
    errors += b->errors;
    progress.update(src.binary ? std::min(src.total_bytes, (b->index + 1) * kBlockRows)
                               : src.lines->bytes_read(),
                    src.total_bytes);
    free.push(b);
  }
};

// The rows of this shard: those of blocks shard, shard + shards, ...
uint64_t shard_rows(uint64_t rows, const SampleSettings& s) {
  const uint64_t blocks = (rows + kBlockRows - 1) / kBlockRows;
  uint64_t n = 0;
  for (uint64_t b = s.shard; b < blocks; b += s.shards)
    n += std::min(kBlockRows, rows - b * kBlockRows);
  return n;
}

// Blocks in flight: enough to keep every thread busy, few enough for --max-memory (a text
// block of 4096 requests with its results takes about 2 MiB).
size_t tokens(unsigned threads, uint64_t max_memory) {
  const size_t want = 2 * std::max(1u, threads) + 2;
  const uint64_t fit = std::max<uint64_t>(2, max_memory / (uint64_t{2} << 20) / 2);
  return static_cast<size_t>(std::min<uint64_t>(want, fit));
}

void run_pipeline(Replay& r, unsigned threads) {
  tbb::task_arena arena(threads == 0 ? tbb::task_arena::automatic : static_cast<int>(threads));
  const unsigned workers = static_cast<unsigned>(arena.max_concurrency());
  arena.execute([&] {
    tbb::parallel_pipeline(
        tokens(workers, r.settings.max_memory),
        tbb::make_filter<void, RequestBlock*>(tbb::filter_mode::serial_in_order,
                                              [&](tbb::flow_control& fc) -> RequestBlock* {
                                                RequestBlock* b = r.read();
                                                if (b == nullptr) fc.stop();
                                                return b;
                                              }) &
            tbb::make_filter<RequestBlock*, RequestBlock*>(tbb::filter_mode::parallel,
                                                           [&](RequestBlock* b) {
                                                             r.answer(*b);
                                                             return b;
                                                           }) &
            tbb::make_filter<RequestBlock*, void>(tbb::filter_mode::serial_in_order,
                                                  [&](RequestBlock* b) { r.write(b); }));
  });
}

}  // namespace

int cmd_sample(const CommonOptions& common, const SampleArgs& args) {
  SampleSettings settings;
  if (!check_sample_args(common, args, settings)) return kExitUsage;
  SampleReport report(args, common.error_limit);
  if (!args.convert.empty()) return convert_requests(args, settings.format, common.quiet);
  Diagnostics diags;
  const auto t0 = std::chrono::steady_clock::now();
  const auto scene = Scene::load_file(args.scene, diags, settings.scene);
  const auto t1 = std::chrono::steady_clock::now();
  report.scene_seconds = std::chrono::duration<double>(t1 - t0).count();
  report.report(diags);
  if (!scene) {
    if (args.json) report.summary(0, diags.size());
    return kExitDiagnostics;
  }
  RequestSource src;
  diags.clear();
  if (auto exit = open_request_source(args.requests, src, diags)) {
    report.report(diags);
    if (args.json && *exit == kExitDiagnostics) report.summary(0, diags.size());
    return *exit;
  }
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
  output.write(result_header(settings.format, src.binary != nullptr, args.bounds));
  std::unique_ptr<NpzResults> npz;
  if (settings.format == ResultFormat::kNpz) {
    const bool binary = src.binary != nullptr;
    npz = std::make_unique<NpzResults>(binary && settings.shards > 1, !binary, args.bounds,
                                       binary && src.binary->has_ids(), args.addresses);
    // Ragged address columns have no known length: they are spooled.
    if (binary && !args.addresses)
      npz->start_direct(output.stream(), shard_rows(src.binary->rows(), settings));
  }
  SampleRunSettings run{&*scene, settings.profile, args.groups, settings.bounds, src.name};
  run.addresses = args.addresses;
  run.descriptors = args.descriptors;
  run.line_bytes = settings.line_bytes;
  Progress progress("sample", common.quiet);
  Replay replay(settings, run, src, output, npz.get(), report, progress);
  const auto t2 = std::chrono::steady_clock::now();
  run_pipeline(replay, args.threads);
  progress.finish();
  if (!replay.read_error.empty()) {
    say_error("cannot read '" + src.name + "': " + replay.read_error);
    return kExitUsage;
  }
  if (npz && (replay.write_failed || !npz->finish(output.stream(), why))) {
    say_error("cannot write '" + args.output + "': " + (why.empty() ? "temporary file" : why));
    return kExitUsage;
  }
  if (!output.commit(why)) {
    say_error("cannot write '" + (args.output == "-" ? std::string("the results") : args.output) +
              "': " + why);
    return kExitUsage;
  }
  report.replay_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t2).count();
  if (args.json) {
    report.summary(replay.lookups, replay.errors);
  } else if (!common.quiet) {
    if (report.hidden() != 0)
      std::fprintf(stderr, "texsim sample: %llu more diagnostics not shown (--error-limit)\n",
                   static_cast<unsigned long long>(report.hidden()));
    std::fprintf(stderr, "texsim sample: %llu lookups, %llu requests with errors\n",
                 static_cast<unsigned long long>(replay.lookups),
                 static_cast<unsigned long long>(replay.errors));
  }
  return replay.errors == 0 ? kExitOk : kExitDiagnostics;
}

}  // namespace texsim::cli
