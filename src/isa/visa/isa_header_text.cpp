// Kernel header directives (isa_header_text.hpp): inputs and kernel attributes in IGC's text and
// in the .isa tables. Input kinds: visa/Common_ISA.h input_info_t and implictKindStrings.
#include "isa/visa/isa_header_text.hpp"

#include <array>
#include <charconv>

#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa {
namespace {

constexpr std::array<std::string_view, 5> kImplicit{"EXPLICIT", "LOCAL_SIZE", "GROUP_COUNT",
                                                    "LOCAL_ID", "PSEUDO_INPUT"};
constexpr unsigned kPseudoInput = 0x10;

std::string implicit_name(unsigned kind) {
  if (kind == kPseudoInput) return ".implicit_PSEUDO_INPUT";
  if (kind >= 5) return ".implicit_UNDEFINED_" + std::to_string(kind);
  return ".implicit_" + std::string(kImplicit[kind]);
}

template <typename T>
bool read_int(std::string_view s, T& v) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

bool is_string_attribute(std::string_view name) {
  return name == "OutputAsmPath" || name == "AsmName";
}

std::string input_directive(const IsaInput& in, const SymbolTable& syms, bool kernel) {
  const unsigned cls = in.kind & 7, implicit = in.kind >> 3;
  std::string out = !kernel ? ".parameter" : implicit == 0 ? ".input" : implicit_name(implicit);
  if (cls == 0)
    out += " " + syms.name_of(VarClass::kGeneral, in.index);
  else
    out += std::string(" ") + (cls == 1 ? "S" : cls == 2 ? "T" : "V") + std::to_string(in.index);
  if (kernel) out += " offset=" + std::to_string(in.offset);
  return out + " size=" + std::to_string(in.size);
}

std::optional<HeaderError> parse_input_directive(std::string_view dir, std::string_view rest,
                                                 uint32_t col, ProgramInput& out) {
  unsigned implicit = 0;
  if (dir.starts_with("implicit")) {
    const std::string_view k = dir.starts_with("implicit_") ? dir.substr(9) : std::string_view{};
    implicit = 99;
    for (unsigned i = 0; i < kImplicit.size(); ++i)
      if (k == kImplicit[i]) implicit = i == 4 ? kPseudoInput : i;
    if (k.starts_with("UNDEFINED_") && read_int(k.substr(10), implicit) && implicit > 31)
      implicit = 99;
    // IGC's lexer takes any .implicit* word (V25) and its builder stores a kind it cannot name
    // as IMPLICIT_INPUT_COUNT (5), printed back as .implicit_UNDEFINED_5 (BuildCISAIRImpl.cpp).
    if (implicit == 99) implicit = 5;
  }
  size_t i = 0;
  auto word = [&](uint32_t& at) {
    while (i < rest.size() && rest[i] == ' ') ++i;
    at = col + static_cast<uint32_t>(i);
    const size_t b = i;
    while (i < rest.size() && rest[i] != ' ') ++i;
    return rest.substr(b, i - b);
  };
  uint32_t at = 0;
  out.name = std::string(word(at));
  out.column = at;
  if (out.name.empty()) return HeaderError{at, "expected the input variable's name"};
  out.kind = static_cast<uint8_t>(implicit << 3);
  bool has_offset = false, has_size = false;
  while (true) {
    const std::string_view w = word(at);
    if (w.empty()) break;
    if (w.starts_with("offset=") && !has_offset && read_int(w.substr(7), out.offset)) {
      has_offset = true;
    } else if (w.starts_with("size=") && !has_size && read_int(w.substr(5), out.size)) {
      has_size = true;
    } else {
      return HeaderError{at, "expected offset=N (-32768..32767) and size=N (0..65535), got '" +
                                 std::string(w) + "'"};
    }
  }
  // Missing fields: at the directive (its dot is dir.size() + 1 columns before `rest`).
  const auto dcol = static_cast<uint32_t>(col - dir.size() - 1);
  if (!has_size) return HeaderError{dcol, "an input needs size=N"};
  if (!has_offset && dir != "parameter") return HeaderError{dcol, "a kernel input needs offset=N"};
  return std::nullopt;
}

std::optional<HeaderError> parse_kernel_attr(std::string_view rest, uint32_t col,
                                             ProgramAttr& out) {
  size_t i = 0;
  while (i < rest.size() && rest[i] == ' ') ++i;
  size_t end = rest.size();
  while (end > i && rest[end - 1] == ' ') --end;
  const std::string_view t = rest.substr(i, end - i);
  const size_t eq = t.find('=');
  out.name = std::string(t.substr(0, eq));
  out.value.clear();
  if (out.name.empty()) return HeaderError{col, "expected .kernel_attr NAME[=VALUE]"};
  if (eq == std::string_view::npos) return std::nullopt;  // a bool attribute: no value
  const std::string_view v = t.substr(eq + 1);
  const auto vcol = col + static_cast<uint32_t>(i + eq + 1);
  if (out.name == "Target") {
    if (v != "\"cm\"" && v != "\"3d\"") return HeaderError{vcol, "Target is \"cm\" or \"3d\""};
    out.value.push_back(v == "\"cm\"" ? 0 : 1);
    return std::nullopt;
  }
  if (v.starts_with("\"")) {
    std::string s;
    // The quoting of .kernel names (\" \\ \xHH).
    if (auto e = parse_kernel_name(v, s)) return HeaderError{vcol, *e};
    out.value.assign(s.begin(), s.end());
    return std::nullopt;
  }
  uint32_t n = 0;
  int32_t sn = 0;
  if (read_int(v, n)) {
  } else if (read_int(v, sn)) {
    n = static_cast<uint32_t>(sn);
  } else {
    return HeaderError{vcol, "an attribute value is a number or a quoted string"};
  }
  for (unsigned b = 0; b < 4; ++b) out.value.push_back(static_cast<uint8_t>(n >> (8 * b)));
  return std::nullopt;
}

}  // namespace texsim::isa::visa
