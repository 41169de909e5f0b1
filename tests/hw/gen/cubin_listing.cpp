// Reads cuobjdump 11.8's -sass layout for sm_70+ (cubin_listing.hpp): "Function : NAME" lines, an
// instruction line "/*OFFS*/  [@P] OP OPERANDS ;  /* 0xLOW */" and its "/* 0xHIGH */" line.
#include "gen/cubin_listing.hpp"

#include <cstdlib>
#include <optional>

namespace texsim::hwgen {

namespace {

std::string trim(std::string_view s) {
  const size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  const size_t e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

// The value of the first "/* 0x... */" comment at or after `from`.
std::optional<uint64_t> hex_comment(std::string_view line, size_t from) {
  const size_t at = line.find("/* 0x", from);
  if (at == std::string_view::npos) return std::nullopt;
  const std::string digits(line.substr(at + 5, 16));
  char* end = nullptr;
  const uint64_t v = std::strtoull(digits.c_str(), &end, 16);
  if (end != digits.c_str() + 16) return std::nullopt;
  return v;
}

std::vector<std::string> split_operands(std::string_view s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    const size_t comma = s.find(',', start);
    const std::string piece =
        trim(s.substr(start, comma == std::string_view::npos ? s.npos : comma - start));
    if (!piece.empty()) out.push_back(piece);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

// "/*00e0*/  @P0 TEX.LL R10, ... ;  /* 0x... */" -> the instruction without its high word.
std::optional<ListedInstruction> instruction_line(std::string_view line) {
  const size_t open = line.find("/*");
  if (open == std::string_view::npos || line.substr(open, 3) == "/* ") return std::nullopt;
  const size_t close = line.find("*/", open);
  const size_t semi = line.find(';', close);
  if (close == std::string_view::npos || semi == std::string_view::npos) return std::nullopt;
  ListedInstruction in;
  in.offset = static_cast<unsigned>(
      std::strtoul(std::string(line.substr(open + 2, close - open - 2)).c_str(), nullptr, 16));
  std::string text = trim(line.substr(close + 2, semi - close - 2));
  const auto lo = hex_comment(line, semi);
  if (text.empty() || !lo) return std::nullopt;
  in.word.lo = *lo;
  if (text[0] == '@') {
    const size_t sp = text.find(' ');
    in.guard = text.substr(0, sp);
    text = trim(std::string_view(text).substr(sp + 1));
  }
  in.text = text;
  const size_t sp = text.find(' ');
  in.op = text.substr(0, sp);
  if (sp != std::string::npos) in.operands = split_operands(std::string_view(text).substr(sp + 1));
  return in;
}

}  // namespace

std::map<std::string, ListedFunction> parse_listing(std::string_view listing,
                                                    std::vector<std::string>& problems) {
  std::map<std::string, ListedFunction> out;
  ListedFunction* fn = nullptr;
  ListedInstruction* pending = nullptr;  // waiting for its high word
  unsigned number = 0;
  size_t pos = 0;
  while (pos < listing.size()) {
    const size_t nl = listing.find('\n', pos);
    const std::string_view line =
        listing.substr(pos, nl == std::string_view::npos ? listing.npos : nl - pos);
    pos = nl == std::string_view::npos ? listing.size() : nl + 1;
    ++number;
    const std::string t = trim(line);
    if (t.rfind("Function : ", 0) == 0) {
      fn = &out[t.substr(11)];
      fn->name = t.substr(11);
      pending = nullptr;
      continue;
    }
    if (fn == nullptr || t.rfind("/*", 0) != 0) continue;
    if (t.rfind("/* 0x", 0) == 0) {  // the high word of the instruction above
      const auto hi = hex_comment(t, 0);
      if (pending != nullptr && hi) pending->word.hi = *hi;
      if (pending == nullptr || !hi) problems.push_back("line " + std::to_string(number));
      pending = nullptr;
      continue;
    }
    auto in = instruction_line(t);
    if (!in) {
      problems.push_back("line " + std::to_string(number));
      continue;
    }
    fn->code.push_back(std::move(*in));
    pending = &fn->code.back();
  }
  return out;
}

}  // namespace texsim::hwgen
