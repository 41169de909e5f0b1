// `--json` for check, asm, disasm and describe: one JSON document per run on stdout with the
// results and every diagnostic in run --json's shape (scene/report.hpp, diagnostic_json).
// Usage errors stay text on stderr (exit 2), as for run --json.
#include "cli/json_cmds.hpp"
#include "cli/inputs.hpp"
#include "cli/output.hpp"
#include "core/suggest.hpp"
#include "core/text.hpp"
#include "isa/registry.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "scene/report.hpp"
#include "scene/scene.hpp"

namespace texsim::cli {

namespace {

using nlohmann::json;

// The front end and canonical platform; nullptr after a message.
const isa::Frontend* frontend(const isa::Registry& reg, const isa::IsaInfo& info,
                              const std::string& given, std::string& platform) {
  const isa::Frontend* f = frontend_for(reg, info);
  if (f == nullptr) return nullptr;
  platform = platform_for(info, given);
  return platform.empty() ? nullptr : f;
}

json diags_json(const core::DiagSink& sink) {
  json a = json::array();
  for (const core::Diagnostic& d : sink.diagnostics()) a.push_back(scene::diagnostic_json(d));
  return a;
}

void emit(const json& j) {
  std::printf("%s\n", j.dump(2).c_str());
}

}  // namespace

int cmd_check_json(const isa::Registry& reg, const CommonOptions& common, const CheckArgs& args) {
  json files = json::array();
  size_t errors = 0, warnings = 0;
  for (const std::string& file : args.files) {
    std::string text;
    if (!read_input(file, text)) return kExitUsage;
    core::DiagSink sink;
    const char* kind = "program";
    if (file.ends_with(".json") && common.isa.empty()) {
      kind = "scene";
      scene::LoadOptions opt;
      opt.allow_any_path = common.allow_any_path;
      opt.sections = isa::registry().scene_sections();
      if (!common.max_memory.empty()) {
        const auto m = parse_byte_size(common.max_memory);
        if (!m) {
          say_error("--max-memory: expected a size such as 512M, got '" + common.max_memory + "'");
          return kExitUsage;
        }
        opt.max_bytes = *m;
      }
      scene::load_scene_text(text, file, sink, opt);
    } else {
      const isa::IsaInfo* info = isa_of_input(reg, common, file, text);
      if (info == nullptr) return kExitUsage;
      std::string platform;
      const isa::Frontend* fe = frontend(reg, *info, common.platform, platform);
      if (fe == nullptr) return kExitUsage;
      fe->parse(isa::SourceFile{shown_name(file), text}, platform, sink);
    }
    errors += sink.error_count();
    warnings += sink.diagnostics().size() - sink.error_count();
    files.push_back({{"file", file},
                     {"kind", kind},
                     {"ok", !sink.has_errors()},
                     {"diagnostics", diags_json(sink)}});
  }
  emit({{"files", files}, {"errors", errors}, {"warnings", warnings}});
  return errors == 0 ? kExitOk : kExitDiagnostics;
}

int cmd_asm_json(const isa::Registry& reg, const CommonOptions& common, const AsmArgs& args) {
  std::string text;
  if (!read_input(args.file, text)) return kExitUsage;
  const isa::IsaInfo* info = isa_of_input(reg, common, args.file, text);
  if (info == nullptr) return kExitUsage;
  std::string platform;
  const isa::Frontend* fe = frontend(reg, *info, common.platform, platform);
  if (fe == nullptr) return kExitUsage;
  core::DiagSink sink;
  const auto program = fe->parse(isa::SourceFile{shown_name(args.file), text}, platform, sink);
  std::optional<std::vector<isa::EncodedInstruction>> enc;
  if (program && !sink.has_errors()) enc = fe->encode(*program, sink);
  json out{{"file", args.file}, {"isa", info->id}, {"platform", platform}};
  const bool ok = enc && !sink.has_errors();
  std::vector<uint8_t> binary;
  json instrs = json::array();
  if (ok) {
    for (const auto& e : *enc) {
      instrs.push_back(
          {{"offset", e.offset}, {"bytes", core::hex_bytes(e.bytes)}, {"text", e.text}});
      binary.insert(binary.end(), e.bytes.begin(), e.bytes.end());
    }
  }
  out["ok"] = ok;
  out["instructions"] = instrs;
  out["binary"] = core::hex_bytes(binary);
  out["diagnostics"] = diags_json(sink);
  // The binary goes to -o when one is given (not "-": stdout carries the JSON).
  if (ok && !args.output.empty() && args.output != "-") {
    if (same_file(args.output, args.file)) {
      say_error("refusing to write '" + args.output + "': it is the input file");
      return kExitUsage;
    }
    std::string why;
    if (!write_file_atomic(
            args.output,
            std::string_view(reinterpret_cast<const char*>(binary.data()), binary.size()), why)) {
      say_error("cannot write '" + args.output + "': " + why);
      return kExitUsage;
    }
    out["output"] = args.output;
  }
  emit(out);
  return ok ? kExitOk : kExitDiagnostics;
}

int cmd_disasm_json(const isa::Registry& reg, const CommonOptions& common, const DisasmArgs& args) {
  const int sources =
      (args.file.empty() ? 0 : 1) + (args.word.empty() ? 0 : 1) + (args.bytes.empty() ? 0 : 1);
  if (sources != 1) {
    say_error(
        "disasm takes one input: FILE (- for stdin), --word 0xHEX (SASS) or --bytes HEX (vISA)");
    return kExitUsage;
  }
  isa::BinaryInput in;
  std::string data;
  if (!args.file.empty() && !read_input(args.file, data)) return kExitUsage;
  const char* fallback = !args.word.empty() ? "sass" : !args.bytes.empty() ? "visa" : nullptr;
  const isa::IsaInfo* info =
      args.file.empty() && common.isa.empty()
          ? &reg.find(fallback)->info()
          : isa_of_input(reg, common, args.file.empty() ? "<word>" : args.file, data, fallback);
  if (info == nullptr) return kExitUsage;
  if (!args.file.empty()) {
    in.name = shown_name(args.file);
    in.bytes.assign(data.begin(), data.end());
  } else if (!args.word.empty()) {
    in.name = "<word>";
    const bool word_ok = parse_word_arg(args.word, in);
    if (!args.ctrl.empty()) in.ctrl = parse_u64_arg(args.ctrl);
    if (!word_ok || (!args.ctrl.empty() && !in.ctrl)) {
      say_error("--word/--ctrl: expected numbers such as 0x...");
      return kExitUsage;
    }
  } else {
    in.name = "<bytes>";
    const auto b = parse_hex_arg(args.bytes);
    if (!b) {
      say_error("--bytes: expected an even number of hex digits, got '" + args.bytes + "'");
      return kExitUsage;
    }
    in.bytes = *b;
  }
  std::string platform;
  const isa::Frontend* fe = frontend(reg, *info, common.platform, platform);
  if (fe == nullptr) return kExitUsage;
  core::DiagSink sink;
  const auto program = fe->decode(in, platform, sink);
  const bool ok = program && !sink.has_errors();
  json out{{"input", in.name}, {"isa", info->id}, {"platform", platform}, {"ok", ok}};
  out["text"] = ok ? fe->print(*program) : std::string();
  out["diagnostics"] = diags_json(sink);
  emit(out);
  return ok ? kExitOk : kExitDiagnostics;
}

int cmd_describe_json(const isa::Registry& reg, const CommonOptions& common,
                      const DescribeArgs& args) {
  const isa::IsaInfo* only = nullptr;
  if (!common.isa.empty()) {
    only = isa_from_option(reg, common.isa);
    if (only == nullptr) return kExitUsage;
  }
  auto wanted = [&](const isa::Frontend& f) { return only == nullptr || f.info().id == only->id; };
  if (args.rules) {
    json rules = json::array();
    for (const auto& r : scene::scene_rules())
      rules.push_back({{"id", r.id}, {"summary", r.summary}, {"isa", nullptr}});
    for (const auto& f : reg.all())
      if (wanted(*f))
        for (const auto& r : f->rules())
          rules.push_back({{"id", r.id}, {"summary", r.summary}, {"isa", f->info().id}});
    emit({{"rules", rules}});
    return kExitOk;
  }
  if (args.opcode.empty()) {
    json isas = json::array();
    for (const auto& f : reg.all()) {
      const isa::IsaInfo& i = f->info();
      if (only != nullptr && only->id != i.id) continue;
      isas.push_back(
          {{"id", i.id},
           {"name", i.display_name},
           {"available", true},
           {"platforms", std::vector<std::string>(i.platforms.begin(), i.platforms.end())},
           {"opcodes", f->opcodes()}});
    }
    emit({{"isas", isas}});
    return kExitOk;
  }
  std::vector<std::optional<std::string>> platforms;
  if (!describe_platforms(reg, only, common.platform, platforms)) return kExitUsage;
  for (size_t k = 0; k < reg.all().size(); ++k) {
    const auto& f = reg.all()[k];
    if (!platforms[k]) continue;
    if (auto text = f->describe(args.opcode, *platforms[k])) {
      emit({{"isa", f->info().id},
            {"opcode", args.opcode},
            {"platform", platforms[k]->empty() ? json(nullptr) : json(*platforms[k])},
            {"text", *text}});
      return kExitOk;
    }
  }
  std::vector<std::string> all;
  for (const auto& f : reg.all())
    if (wanted(*f))
      for (auto& op : f->opcode_names()) all.push_back(op);
  const std::vector<std::string_view> views(all.begin(), all.end());
  say_error("unknown opcode '" + args.opcode + "'" + core::did_you_mean(args.opcode, views) +
            " (texsim describe --json lists them)");
  return kExitUsage;
}

}  // namespace texsim::cli
