// Printing decoded cubins in cuobjdump -sass / nvdisasm -hex layout, and recognising the structure
// lines of such listings when they are read back (issue 14; decisions T-section).
#include "isa/sass/listing.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <cstdio>

#include "isa/sass/codec.hpp"
#include "isa/sass/fields.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {

namespace {

// "0x" + exactly 16 hex digits at the start of s.
std::optional<uint64_t> hex16(std::string_view s) {
  if (s.size() < 18 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return std::nullopt;
  uint64_t v = 0;
  for (size_t i = 2; i < 18; ++i) {
    const char c = s[i];
    const int d = core::hex_digit(c);
    if (d < 0) return std::nullopt;
    v = v * 16 + static_cast<uint64_t>(d);
  }
  if (s.size() > 18 && core::hex_digit(s[18]) >= 0) return std::nullopt;
  return v;
}

// The line parser's white space (syntax.cpp `is_space`), at both ends: a listing line is
// recognised as structure exactly when the text it would print as is (fuzz finding F9:
// "\r\rFatbin elf code:" was an unsupported line that printed as a banner).
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view strip(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

uint64_t get64(std::span<const uint8_t> b, size_t off) {
  uint64_t v = 0;
  for (unsigned i = 0; i < 8 && off + i < b.size(); ++i) v |= uint64_t{b[off + i]} << (8 * i);
  return v;
}

// nvdisasm's columns: 8 spaces, "/*addr*/", 19 spaces, the text padded to the widest line, two
// spaces, then the encoding comment (measured on nvdisasm 11.8 -hex output).
constexpr size_t kTextColumn = 35;
constexpr size_t kGutter = 19;

// Whether `a` and the instruction after it issue as a pair (Maxwell/Pascal): `a`'s stall count is
// 0 and its yield bit set (measured on cuobjdump 11.8's listings of the ptxas corpus: 24,135 of
// 24,135 braces, none elsewhere in 236,214 lines; stall 0 without the bit is no pair; T75).
bool dual_issue(const Instruction& a) {
  return a.has_ctrl && a.ctrl.stall == 0 && a.ctrl.yield_bit != 0;
}

}  // namespace

namespace {

// One instruction line of a function: guard, text ("X ;" or "X;"), and its part in a dual-issue
// pair (decision T75).
enum class PairRole : uint8_t { kNone, kFirst, kSecond };
struct Line {
  std::string guard, text;
  PairRole role = PairRole::kNone;
};

// The second instruction of a pair: its text without ';', then 9 spaces and "}".
std::string closing_text(std::string t) {
  while (!t.empty() && (t.back() == ';' || t.back() == ' ')) t.pop_back();
  return t + "         }";
}

// A function's lines and its encoding column as cuobjdump 11.8 lays them out (measured,
// decisions T-section and SL2): the guard right-aligned in the 19-column gutter before the
// mnemonic; "X;" for the empty control field (nvdisasm_spacing); the encoding column at 35 + the
// widest guard+text + 2, or at the end of the widest closing line of a pair ("TEXT         }",
// which has no encoding after it) when that reaches further.
std::pair<std::vector<Line>, size_t> function_lines(const KernelRange& k,
                                                    std::span<const Instruction> instructions,
                                                    bool wide, unsigned sm) {
  std::vector<Line> lines;
  size_t width = 0;
  for (size_t j = 0; j < k.count; ++j) {
    const Instruction& inst = instructions[k.first + j];
    Line l;
    // Branch targets print from the word's address in its section (issue 29).
    PrintOptions opt;
    opt.pc = inst.origin.offset - k.file_offset;
    opt.sm = sm;
    l.text = print_instruction(inst, opt);
    if (l.text.starts_with("@")) {
      l.guard = l.text.substr(0, l.text.find(' '));
      l.text.erase(0, l.guard.size() + 1);
    }
    l.text = nvdisasm_spacing(std::move(l.text), inst.ctrl);
    const bool second = !lines.empty() && lines.back().role == PairRole::kFirst;
    if (second) {
      l.role = PairRole::kSecond;
    } else if (!wide && j + 1 < k.count && dual_issue(inst)) {
      l.role = PairRole::kFirst;
    }
    const size_t guard_width = l.guard.empty() ? 0 : l.guard.size() + 1;
    width = std::max(width, second ? guard_width + closing_text(l.text).size()
                                   : guard_width + l.text.size() + 2);
    lines.push_back(std::move(l));
  }
  return {std::move(lines), kTextColumn + width};
}

}  // namespace

std::string print_listing(std::span<const KernelRange> kernels,
                          std::span<const Instruction> instructions, unsigned sm,
                          unsigned virtual_sm) {
  std::string out = "\n\tcode for sm_" + std::to_string(sm) + "\n";
  const bool wide = sm >= 70;  // 128-bit words, no control words (nvidia_sm70_fields.md 8)
  char buf[160];
  for (const KernelRange& k : kernels) {
    // Not a structured binding: clang 14 cannot capture one in the lambda below.
    const auto laid_out = function_lines(k, instructions, wide, sm);
    const std::vector<Line>& lines = laid_out.first;
    const size_t column = laid_out.second;
    out += "\t\tFunction : " + k.name + "\n";
    out += "\t.headerflags    @\"EF_CUDA_SM" + std::to_string(sm);
    // cuobjdump 11.8 prints the real SM in EF_CUDA_PTX_SM(), whatever PTX target e_flags bits
    // 23:16 record (sm_61 code of `.target sm_52`: "EF_CUDA_PTX_SM(EF_CUDA_SM61)"; decision N4).
    if (virtual_sm != 0) out += " EF_CUDA_PTX_SM(EF_CUDA_SM" + std::to_string(sm) + ")";
    out += "\"\n";
    const auto encoding_line = [&](uint64_t at) {  // "/* 0x... */" alone, in the encoding column
      std::snprintf(buf, sizeof buf, "%*s/* 0x%016llx */\n", static_cast<int>(column), "",
                    static_cast<unsigned long long>(get64(k.text, at)));
      out += buf;
    };
    for (size_t j = 0; j < k.count; ++j) {
      const Instruction& inst = instructions[k.first + j];
      const uint64_t addr = inst.origin.offset - k.file_offset;
      if (!wide && addr % fields::kBundleBytes == 8) encoding_line(addr - 8);
      const Line& l = lines[j];
      std::snprintf(buf, sizeof buf, "        /*%04llx*/", static_cast<unsigned long long>(addr));
      out += buf;
      // cuobjdump's dual-issue pair (decision T75): "{" at gutter column 9 before the first
      // instruction; the second one without ';', then "}", its encoding on a line of its own.
      const size_t guard_width = l.guard.empty() ? 0 : l.guard.size() + 1;
      out += l.role == PairRole::kFirst
                 ? std::string(9, ' ') + "{" +
                       std::string(kGutter - 10 - std::min<size_t>(guard_width, kGutter - 10), ' ')
                 : std::string(kGutter - guard_width, ' ');
      if (!l.guard.empty()) out += l.guard + " ";
      if (l.role == PairRole::kSecond) {
        out += closing_text(l.text) + "\n";
        encoding_line(addr);
        continue;
      }
      out += l.text;
      out.append(column - kTextColumn - l.text.size(), ' ');  // the guard is in the gutter
      std::snprintf(buf, sizeof buf, "/* 0x%016llx */\n",
                    static_cast<unsigned long long>(get64(k.text, addr)));
      out += buf;
      if (wide) encoding_line(addr + 8);  // Volta+: bits 127:64 on a line of their own
    }
    out += "\t\t..........\n\n\n";
  }
  return out;
}

std::string nvdisasm_spacing(std::string text, const Control& ctrl) {
  const bool empty_ctrl = ctrl.stall == 0 && ctrl.yield_bit == 0 && ctrl.wr_bar == 7 &&
                          ctrl.rd_bar == 7 && ctrl.wait == 0;
  if (empty_ctrl && text.ends_with(" ;")) text.erase(text.size() - 2, 1);
  return text;
}

namespace {

// The decimal number at the start of s (up to 3 digits), and its length.
std::pair<unsigned, size_t> sm_number(std::string_view s) {
  unsigned sm = 0;
  size_t i = 0;
  for (; i < s.size() && i < 3 && s[i] >= '0' && s[i] <= '9'; ++i)
    sm = sm * 10 + static_cast<unsigned>(s[i] - '0');
  return {sm, i};
}

// nvdisasm's `.headerflags @"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM61
// EF_CUDA_VIRTUAL_SM(EF_CUDA_SM50)"` (cuobjdump's: `@"EF_CUDA_SM61 EF_CUDA_PTX_SM(...)"`): the
// first EF_CUDA_SM<NN> outside parentheses is the code's SM (e_flags bits 7:0).
std::optional<ListingLine> header_flags(std::string_view t) {
  constexpr std::string_view kFlag = "EF_CUDA_SM";
  for (size_t p = t.find(kFlag); p != std::string_view::npos; p = t.find(kFlag, p + 1)) {
    if (p > 0 && t[p - 1] == '(') continue;
    const auto [sm, len] = sm_number(t.substr(p + kFlag.size()));
    const size_t end = p + kFlag.size() + len;
    if (len >= 2 && end < t.size() && (t[end] == ' ' || t[end] == '"'))
      return ListingLine{ListingLine::Kind::kCodeFor, {}, sm, 0};
  }
  return std::nullopt;
}

// nvdisasm's `.section NAME,"flags",@type`: `.text.<function>` or a data section.
std::optional<ListingLine> section(std::string_view t) {
  t = strip(t.substr(8));
  const std::string_view name = t.substr(0, t.find(','));
  if (name.empty() || name.find_first_of(" \t") != std::string_view::npos) return std::nullopt;
  const bool text = name.starts_with(".text.") && name.size() > 6;
  return ListingLine{ListingLine::Kind::kSection, text ? std::string(name.substr(6)) : "", 0, 0};
}

}  // namespace

std::optional<ListingLine> listing_structure(std::string_view t) {
  t = strip(t);
  if (t.starts_with("code for sm_")) {
    const auto [sm, len] = sm_number(t.substr(12));
    if (len == 0 || 12 + len != t.size()) return std::nullopt;
    return ListingLine{ListingLine::Kind::kCodeFor, {}, sm, 0};
  }
  if (t.starts_with(".headerflags") && t.size() > 12 && is_blank(t[12])) return header_flags(t);
  if (t.starts_with(".section") && t.size() > 8 && is_blank(t[8])) return section(t);
  if (t.starts_with("Function : ") && t.size() > 11 && t.find(' ', 11) == std::string_view::npos)
    return ListingLine{ListingLine::Kind::kFunction, std::string(t.substr(11)), 0, 0};
  // cuobjdump's fatbin banners and fields (cuobjdump -sass on an executable or fatbin).
  for (std::string_view h :
       {"Fatbin elf code:", "Fatbin ptx code:", "arch = sm_", "code version = [",
        "host = ", "compile_size = ", "identifier = ", "ptxasOptions = "}) {
    if (t.starts_with(h)) return ListingLine{ListingLine::Kind::kHeader, {}, 0, 0};
  }
  if (t.size() >= 3 && t.find_first_not_of('=') == std::string_view::npos)
    return ListingLine{ListingLine::Kind::kHeader, {}, 0, 0};
  // A control word: a line holding only "/* 0x<16 hex> */".
  if (t.starts_with("/*") && t.ends_with("*/")) {
    const std::string_view in = strip(t.substr(2, t.size() - 4));
    if (in.size() == 18) {
      if (auto v = hex16(in)) return ListingLine{ListingLine::Kind::kControlWord, {}, 0, *v};
    }
  }
  return std::nullopt;
}

std::optional<uint64_t> encoding_comment(std::string_view line) {
  line = strip(line);
  if (!line.ends_with("*/")) return std::nullopt;
  const size_t open = line.rfind("/*");
  if (open == std::string_view::npos) return std::nullopt;
  const std::string_view in = strip(line.substr(open + 2, line.size() - open - 4));
  if (in.size() != 18) return std::nullopt;
  return hex16(in);
}

std::string relocated_operands(std::string_view line) {
  if (line.find("`(") == std::string_view::npos) return std::string(line);
  const auto word = encoding_comment(line);
  if (!word) return std::string(line);
  core::DiagSink quiet;
  const Instruction inst = decode(*word, std::nullopt, Origin{}, quiet);
  if (inst.kind != Kind::kInstruction) return std::string(line);
  std::string out;
  for (size_t p = 0; p < line.size();) {
    const size_t q = line.find("`(", p);
    const size_t close = q == std::string_view::npos ? q : line.find(')', q);
    if (close == std::string_view::npos) {
      out += line.substr(p);
      break;
    }
    out += std::string(line.substr(p, q - p)) + "0x0";
    p = close + 1;
  }
  return out;
}

}  // namespace texsim::isa::sass
