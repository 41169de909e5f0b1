// Inputs of the CLI's verbs (issue 31): one reader, one ISA choice (option, extension, content),
// one front-end and platform lookup, shared by the text verbs and their --json forms.
#include "cli/inputs.hpp"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include "core/suggest.hpp"
#include "core/text.hpp"

namespace texsim::cli {

namespace fs = std::filesystem;

void say_error(const std::string& msg) {
  std::fprintf(stderr, "texsim: %s\n", msg.c_str());
}

std::string shown_name(const std::string& path) {
  return path == "-" ? "<stdin>" : path;
}

bool read_input(const std::string& path, std::string& out) {
  if (path == "-") {  // stdin (issue 17)
    out.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    say_error(fs::exists(path, ec) ? "'" + path + "' is not a regular file"
                                   : "cannot open '" + path + "': no such file");
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    say_error("cannot read '" + path + "'");
    return false;
  }
  // One allocation of the file's size (a stream copy would hold it twice).
  const auto size = fs::file_size(path, ec);
  if (!ec) out.reserve(static_cast<size_t>(size));
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

const isa::IsaInfo* isa_from_option(const isa::Registry& reg, const std::string& value) {
  for (const auto& f : reg.all()) {
    if (core::iequals(value, f->info().id)) return &f->info();
  }
  const std::vector<std::string_view> ids = reg.ids();
  say_error("unknown ISA '" + value + "' (expected " + core::join(ids, " or ") + ")" +
            core::did_you_mean(value, ids));
  return nullptr;
}

const isa::IsaInfo* isa_of_input(const isa::Registry& reg, const CommonOptions& common,
                                 const std::string& path, std::string_view content,
                                 const char* fallback) {
  if (!common.isa.empty()) return isa_from_option(reg, common.isa);
  if (const isa::Frontend* f = reg.for_path(path)) return &f->info();
  const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(content.data()),
                                       content.size());
  if (const isa::Frontend* f = reg.recognize(bytes)) return &f->info();
  if (fallback != nullptr) return &reg.find(fallback)->info();
  std::string exts;
  for (const auto& f : reg.all()) {
    for (std::string_view e : f->info().extensions)
      exts +=
          (exts.empty() ? "" : ", ") + std::string(e) + " = " + std::string(f->info().display_name);
  }
  say_error("cannot tell the ISA of '" + shown_name(path) + "' from its name (" + exts +
            ") or its content; use --isa visa|sass");
  return nullptr;
}

const isa::Frontend* frontend_for(const isa::Registry& reg, const isa::IsaInfo& info) {
  return reg.find(info.id);
}

std::string platform_for(const isa::IsaInfo& info, const std::string& given,
                         const std::string& scene_platform) {
  const std::string p = !given.empty() ? given : scene_platform;
  if (p.empty()) return std::string(info.default_platform);
  if (const auto found = isa::find_platform(info, p)) return std::string(*found);
  say_error(isa::unknown_platform_message(info, p));
  return {};
}

bool describe_platforms(const isa::Registry& reg, const isa::IsaInfo* only,
                        const std::string& given, std::vector<std::optional<std::string>>& out) {
  out.clear();
  bool any = false;
  for (const auto& f : reg.all()) {
    const isa::IsaInfo& info = f->info();
    std::optional<std::string> p;
    if (only == nullptr || only->id == info.id) {
      if (given.empty())
        p = std::string();
      else if (const auto found = isa::find_platform(info, given))
        p = std::string(*found);
    }
    any = any || p.has_value();
    out.push_back(std::move(p));
  }
  if (any) return true;
  // The message of --isa's ISA, else of the first whose platforms look alike ("SM..").
  const isa::IsaInfo* shown = only;
  for (const auto& f : reg.all()) {
    const auto& ps = f->info().platforms;
    if (shown == nullptr && !ps.empty() && core::iequals(ps[0].substr(0, 2), given.substr(0, 2)))
      shown = &f->info();
  }
  if (shown == nullptr && !reg.all().empty()) shown = &reg.all().front()->info();
  if (shown != nullptr) say_error(isa::unknown_platform_message(*shown, given));
  return false;
}

std::optional<uint64_t> parse_u64_arg(const std::string& s) {
  if (s.empty()) return std::nullopt;
  try {
    size_t used = 0;
    const uint64_t v = std::stoull(s, &used, 0);
    if (used != s.size() || s[0] == '-') return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool parse_word_arg(const std::string& s, isa::BinaryInput& in) {
  std::string digits;
  const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  for (size_t i = hex ? 2 : 0; hex && i < s.size(); ++i) {
    if ((s[i] == '_' || s[i] == '\'') && i > 2 && i + 1 < s.size()) continue;
    if (core::hex_digit(s[i]) < 0) return false;
    digits += s[i];
  }
  if (!hex || digits.size() <= 16) {
    in.word = parse_u64_arg(s);
    return in.word.has_value();
  }
  if (digits.size() > 32) return false;
  const size_t split = digits.size() - 16;
  in.word_hi = std::stoull(digits.substr(0, split), nullptr, 16);
  in.word = std::stoull(digits.substr(split), nullptr, 16);
  in.word_wide = true;
  return true;
}

std::optional<std::vector<uint8_t>> parse_hex_arg(const std::string& s) {
  std::string digits;
  const size_t start = (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 2 : 0;
  for (size_t i = start; i < s.size(); ++i) {
    if (s[i] == ' ' || s[i] == '_' || s[i] == ':') continue;
    if (core::hex_digit(s[i]) < 0) return std::nullopt;
    digits += s[i];
  }
  if (digits.empty() || digits.size() % 2 != 0) return std::nullopt;
  std::vector<uint8_t> out;
  for (size_t i = 0; i < digits.size(); i += 2)
    out.push_back(
        static_cast<uint8_t>(core::hex_digit(digits[i]) * 16 + core::hex_digit(digits[i + 1])));
  return out;
}

}  // namespace texsim::cli
