// `texsim describe-state` (describe_state.hpp): thin over hwstate's catalog, fields and
// validation; every message about the bytes is a diagnostic from the library.
#include "cli/describe_state.hpp"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/term.hpp"
#include "core/text.hpp"
#include "hwstate/catalog.hpp"
#include "scene/report.hpp"

namespace texsim::cli {

namespace {

using nlohmann::ordered_json;

int usage(const std::string& msg) {
  std::fprintf(stderr, "texsim describe-state: %s\n", msg.c_str());
  return kExitUsage;
}

std::optional<std::vector<uint8_t>> parse_hex(std::string_view s) {
  if (s.starts_with("0x") || s.starts_with("0X")) s.remove_prefix(2);
  std::vector<uint8_t> out;
  int hi = -1;
  for (char c : s) {
    if (c == ' ' || c == '_' || c == ':' || c == '\n' || c == '\t') continue;
    const int d = core::hex_digit(c);
    if (d < 0) return std::nullopt;
    if (hi < 0) {
      hi = d;
    } else {
      out.push_back(static_cast<uint8_t>(hi << 4 | d));
      hi = -1;
    }
  }
  if (hi >= 0) return std::nullopt;
  return out;
}

int list(const DescribeStateArgs& args) {
  ordered_json j = ordered_json::array();
  for (const hwstate::CatalogPlatform& p : hwstate::catalog()) {
    if (!args.platform.empty() && !core::iequals(p.name, args.platform)) continue;
    for (const hwstate::DescriptorType& t : p.types) {
      if (args.json)
        j.push_back({{"platform", p.name},
                     {"vendor", p.vendor},
                     {"type", t.name},
                     {"bytes", t.size_bytes},
                     {"fields", t.fields.size()},
                     {"source", t.citation}});
      else
        std::printf("%-5s %-28s %3u bytes %3zu fields  %s\n", std::string(p.name).c_str(),
                    std::string(t.name).c_str(), t.size_bytes, t.fields.size(),
                    std::string(t.citation).c_str());
    }
  }
  if (args.json) std::printf("%s\n", j.dump(2).c_str());
  return kExitOk;
}

std::optional<std::vector<uint8_t>> input_bytes(const DescribeStateArgs& args) {
  if (!args.hex.empty()) return parse_hex(args.hex);
  std::ifstream f(args.file, std::ios::binary);
  if (!f) return std::nullopt;
  std::vector<uint8_t> all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (args.offset > all.size()) return std::vector<uint8_t>{};
  return std::vector<uint8_t>(all.begin() + static_cast<std::ptrdiff_t>(args.offset), all.end());
}

ordered_json fields_json(const hwstate::DescriptorType& t, std::span<const uint8_t> bytes) {
  ordered_json fields = ordered_json::array();
  for (const hwstate::FieldValue& v : hwstate::decode(t, bytes))
    fields.push_back({{"name", v.field->name},
                      {"bits", v.field->bits},
                      {"kind", hwstate::field_kind_name(v.field->kind)},
                      {"raw", v.raw},
                      {"value", hwstate::value_text(*v.field, v.raw)}});
  ordered_json values = ordered_json::object();
  for (const auto& [name, value] : hwstate::composites(t, bytes))
    values[std::string(name)] = core::hex(value);
  return {{"fields", fields}, {"values", values}};
}

int finish(const DescribeStateArgs& args, ordered_json j, const core::DiagSink& sink,
           const std::string& text) {
  if (args.json) {
    ordered_json d = ordered_json::array();
    for (const core::Diagnostic& diag : sink.diagnostics())
      d.push_back(ordered_json::parse(scene::diagnostic_json(diag).dump()));
    j["diagnostics"] = d;
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
    print_diagnostics(stderr, sink.diagnostics());
  }
  return sink.has_errors() ? kExitDiagnostics : kExitOk;
}

}  // namespace

int cmd_describe_state(const DescribeStateArgs& args) {
  if (args.list) return list(args);
  const std::string pname = args.platform.empty() ? "SM52" : args.platform;
  const hwstate::CatalogPlatform* p = hwstate::find_catalog_platform(pname);
  if (p == nullptr) return usage("no descriptor tables for platform " + pname + " (see --list)");
  if (args.type.empty()) return usage("name a descriptor type (see --list)");
  const int sources = !args.hex.empty() + !args.file.empty() + !args.set.empty();
  if (sources != 1) return usage("give exactly one of --hex, --file or --set");
  core::DiagSink sink;
  std::vector<uint8_t> bytes;
  if (args.set.empty()) {
    auto in = input_bytes(args);
    if (!in) return usage(args.hex.empty() ? "cannot read " + args.file : "--hex: not hex bytes");
    bytes = std::move(*in);
  }
  const hwstate::DescriptorType* t = hwstate::resolve_type(*p, args.type, bytes, sink);
  if (t == nullptr) return finish(args, {}, sink, "");
  ordered_json j = {{"platform", p->name}, {"type", t->name}, {"source", t->citation}};
  if (!args.set.empty()) {
    std::vector<std::pair<std::string, std::string>> settings;
    for (const std::string& s : args.set) {
      const size_t eq = s.find('=');
      if (eq == std::string::npos) return usage("--set " + s + ": expected FIELD=VALUE");
      settings.emplace_back(s.substr(0, eq), s.substr(eq + 1));
    }
    const auto enc = hwstate::encode(*t, settings, sink);
    if (!enc) return finish(args, j, sink, "");
    bytes = *enc;
    hwstate::validate_descriptor(*p, *t, bytes, sink);
    j["hex"] = core::hex_bytes(bytes);
    return finish(args, j, sink, core::hex_bytes(bytes) + "\n");
  }
  if (bytes.size() < t->size_bytes)
    return usage(std::string(t->name) + " is " + std::to_string(t->size_bytes) + " bytes, got " +
                 std::to_string(bytes.size()));
  bytes.resize(t->size_bytes);
  hwstate::validate_descriptor(*p, *t, bytes, sink);
  j["hex"] = core::hex_bytes(bytes);
  j.update(fields_json(*t, bytes));
  const std::string text = std::string(p->name) + " " + std::string(t->name) + " (" +
                           std::string(t->citation) + ")\n" + hwstate::print(*t, bytes);
  return finish(args, j, sink, text);
}

}  // namespace texsim::cli
