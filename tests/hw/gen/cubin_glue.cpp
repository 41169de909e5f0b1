// The non-texture instructions of the hardware kernels' sm_90 code (cubin_glue.hpp), each with the
// meaning nvdisasm's spelling gives it: moves, constants, address arithmetic, global loads and
// stores of the lane's records, compare/select, shift, LOP3 and the F16 pack.
#include "gen/cubin_glue.hpp"

#include <bit>
#include <cstdlib>
#include <optional>

#include "core/half.hpp"
#include "host/bundle_files.hpp"

namespace texsim::hwgen {

namespace {

constexpr unsigned kInStride = 64, kOutStride = 16;  // bytes a lookup's input / result record

std::string strip_reuse(const std::string& s) {
  const size_t dot = s.find(".reuse");
  return dot == std::string::npos ? s : s.substr(0, dot);
}

std::optional<uint32_t> immediate(const std::string& s) {
  if (s.empty()) return std::nullopt;
  const bool neg = s[0] == '-';
  const std::string body = neg ? s.substr(1) : s;
  if (body.rfind("0x", 0) != 0) return std::nullopt;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(body.c_str() + 2, &end, 16);
  if (*end != 0) return std::nullopt;
  return static_cast<uint32_t>(neg ? 0 - v : v);
}

int uniform_register(const std::string& s) {
  if (s == "URZ") return 63;
  if (s.rfind("UR", 0) != 0 || s.size() < 3) return -1;
  char* end = nullptr;
  const long n = std::strtol(s.c_str() + 2, &end, 10);
  return *end == 0 ? static_cast<int>(n) : -1;
}

// "c[0x0][0x218]" -> 0x218 (bank 0 only).
std::optional<uint32_t> const_offset(const std::string& s) {
  if (s.rfind("c[0x0][", 0) != 0 || s.back() != ']') return std::nullopt;
  return immediate(s.substr(7, s.size() - 8));
}

// "[R2.64+0x10]" -> (2, 0x10).
std::optional<std::pair<int, uint32_t>> address(const std::string& s) {
  if (s.size() < 4 || s.front() != '[' || s.back() != ']') return std::nullopt;
  const std::string in = s.substr(1, s.size() - 2);
  const size_t dot = in.find(".64");
  if (dot == std::string::npos) return std::nullopt;
  const int base = glue_register(in.substr(0, dot));
  const std::string rest = in.substr(dot + 3);
  if (rest.empty()) return std::make_pair(base, 0u);
  const auto off = immediate(rest[0] == '+' ? rest.substr(1) : rest);
  if (!off) return std::nullopt;
  return std::make_pair(base, *off);
}

unsigned vector_words(const std::string& op) {
  if (op.find(".128") != std::string::npos) return 4;
  if (op.find(".64") != std::string::npos) return 2;
  return 1;
}

GlueValue lanes_of(uint32_t v) {
  GlueValue g;
  g.v.fill(v);
  return g;
}

class Step {
 public:
  Step(GlueMachine& m, const ListedInstruction& in) : m_(m), in_(in), o_(in.operands) {}

  std::string run();

 private:
  // A source operand's per-lane values; nullopt when unknown or not a value.
  std::optional<GlueLanes> value(const std::string& s) const {
    const std::string t = strip_reuse(s);
    const int reg = glue_register(t);
    if (reg == 255) return GlueLanes{};
    if (reg >= 0) {
      const auto it = m_.r.find(static_cast<unsigned>(reg));
      if (it == m_.r.end() || it->second.tag != GlueTag::kLanes) return std::nullopt;
      return it->second.v;
    }
    if (const int u = uniform_register(t); u >= 0) {
      if (u == 63) return GlueLanes{};
      const auto it = m_.ur.find(static_cast<unsigned>(u));
      if (it == m_.ur.end()) return std::nullopt;
      return lanes_of(it->second).v;
    }
    if (const auto imm = immediate(t)) return lanes_of(*imm).v;
    return std::nullopt;
  }

  // Writes per-lane values (or forgets the register when unknown).
  void set(int reg, const std::optional<GlueLanes>& v) {
    if (reg < 0 || reg == 255) return;
    if (v) {
      m_.r[static_cast<unsigned>(reg)] = GlueValue{GlueTag::kLanes, *v};
    } else {
      m_.r.erase(static_cast<unsigned>(reg));
    }
  }

  template <class F>
  std::optional<GlueLanes> map2(const std::string& a, const std::string& b, F f) const {
    const auto x = value(a), y = value(b);
    if (!x || !y) return std::nullopt;
    GlueLanes out{};
    for (unsigned l = 0; l < kGlueLanes; ++l) out[l] = f((*x)[l], (*y)[l]);
    return out;
  }

  std::string forget_destinations();
  std::string constant_load();
  std::string wide_multiply();
  std::string global_load();
  std::string global_store();
  std::string compare();
  std::string select();
  std::string half_constant();
  std::string lop3();
  std::string pack_f16();

  GlueMachine& m_;
  const ListedInstruction& in_;
  const std::vector<std::string>& o_;
};

std::string Step::forget_destinations() {
  if (o_.empty()) return {};
  const std::string d = strip_reuse(o_[0]);
  if (const int r = glue_register(d); r >= 0) {
    for (unsigned k = 0; k < vector_words(in_.op); ++k) set(r + static_cast<int>(k), std::nullopt);
  } else if (const int u = uniform_register(d); u >= 0) {
    m_.ur.erase(static_cast<unsigned>(u));
  } else if (d.size() == 2 && d[0] == 'P') {
    m_.p.erase(static_cast<unsigned>(d[1] - '0'));
  }
  return {};
}

// LDC / ULDC: the parameters. p_tex (0x210, 0x214) is handle 0 in the prediction's scene.
std::string Step::constant_load() {
  const auto off = o_.size() == 2 ? const_offset(o_[1]) : std::nullopt;
  const bool uniform = in_.op[0] == 'U';
  const int d = uniform ? uniform_register(o_[0]) : glue_register(o_[0]);
  if (!off || d < 0) return forget_destinations();
  if (uniform) {
    const bool handle = *off == 0x210 || *off == 0x214;
    for (unsigned k = 0; k < vector_words(in_.op); ++k) {
      if (handle) {
        m_.ur[static_cast<unsigned>(d) + k] = 0;
      } else {
        m_.ur.erase(static_cast<unsigned>(d) + k);
      }
    }
    return {};
  }
  forget_destinations();
  if (*off == 0x218) m_.r[static_cast<unsigned>(d)] = GlueValue{GlueTag::kInBase, {}};
  if (*off == 0x220) m_.r[static_cast<unsigned>(d)] = GlueValue{GlueTag::kOutBase, {}};
  return {};
}

// IMAD.WIDE.U32 Rd, Rindex, stride, Rbase: the lane's input or result record.
std::string Step::wide_multiply() {
  const int d = glue_register(o_[0]), base = glue_register(strip_reuse(o_[3]));
  const auto stride = immediate(o_[2]);
  const auto it = base >= 0 ? m_.r.find(static_cast<unsigned>(base)) : m_.r.end();
  const GlueTag from = it == m_.r.end() ? GlueTag::kLanes : it->second.tag;
  set(d, std::nullopt);  // the base may be the destination: its tag was read above
  set(d + 1, std::nullopt);
  if (from == GlueTag::kInBase && stride == kInStride)
    m_.r[static_cast<unsigned>(d)] = GlueValue{GlueTag::kInRecord, {}};
  if (from == GlueTag::kOutBase && stride == kOutStride)
    m_.r[static_cast<unsigned>(d)] = GlueValue{GlueTag::kOutRecord, {}};
  return {};
}

std::string Step::global_load() {
  const int d = glue_register(o_[0]);
  const auto a = address(o_[1]);
  const auto it = a && a->first >= 0 ? m_.r.find(static_cast<unsigned>(a->first)) : m_.r.end();
  if (it == m_.r.end() || it->second.tag != GlueTag::kInRecord || a->second % 4 != 0)
    return forget_destinations();
  for (unsigned k = 0; k < vector_words(in_.op); ++k) {
    const unsigned word = a->second / 4 + k;
    if (word >= hw::kInputWords) return "'" + in_.text + "' reads past the input record";
    GlueLanes v{};
    for (unsigned l = 0; l < m_.lanes; ++l) v[l] = m_.inputs[size_t{l} * hw::kInputWords + word];
    set(d + static_cast<int>(k), v);
  }
  return {};
}

std::string Step::global_store() {
  const auto a = address(o_[0]);
  const int s = glue_register(o_[1]);
  const auto it = a && a->first >= 0 ? m_.r.find(static_cast<unsigned>(a->first)) : m_.r.end();
  if (it == m_.r.end() || it->second.tag != GlueTag::kOutRecord || s < 0 || a->second % 4 != 0)
    return "'" + in_.text + "' stores somewhere other than the lane's result record";
  for (unsigned k = 0; k < vector_words(in_.op); ++k) {
    const unsigned word = a->second / 4 + k;
    const auto v = value("R" + std::to_string(s + static_cast<int>(k)));
    if (word >= hw::kResultWords) return "'" + in_.text + "' writes past the result record";
    if (!v) {
      m_.stored_mask &= ~(1u << word);  // an unknown word: not predicted (the host's mask)
      continue;
    }
    for (unsigned l = 0; l < kGlueLanes; ++l) m_.stored[l * 4 + word] = (*v)[l];
    m_.stored_mask |= 1u << word;
  }
  return {};
}

// ISETP.<cmp>[.U32].AND Pd, PT, a, b, PT.
std::string Step::compare() {
  if (o_.size() != 5 || o_[1] != "PT" || o_[4] != "PT" || o_[0].size() != 2)
    return forget_destinations();
  const bool u32 = in_.op.find(".U32") != std::string::npos;
  const std::string cmp = in_.op.substr(6, 2);
  const auto x = value(o_[2]), y = value(o_[3]);
  const unsigned pd = static_cast<unsigned>(o_[0][1] - '0');
  if (!x || !y) {
    m_.p.erase(pd);
    return {};
  }
  std::array<bool, kGlueLanes> out{};
  for (unsigned l = 0; l < kGlueLanes; ++l) {
    const uint32_t a = (*x)[l], b = (*y)[l];
    const int c = u32 ? (a < b   ? -1
                         : a > b ? 1
                                 : 0)
                      : (static_cast<int32_t>(a) < static_cast<int32_t>(b)   ? -1
                         : static_cast<int32_t>(a) > static_cast<int32_t>(b) ? 1
                                                                             : 0);
    out[l] = cmp == "GT"   ? c > 0
             : cmp == "GE" ? c >= 0
             : cmp == "LT" ? c < 0
             : cmp == "LE" ? c <= 0
             : cmp == "EQ" ? c == 0
                           : c != 0;
  }
  m_.p[pd] = out;
  return {};
}

// SEL Rd, a, b, [!]Pn: a where the predicate holds.
std::string Step::select() {
  const std::string& q = o_[3];
  const bool neg = q[0] == '!';
  const auto it = m_.p.find(static_cast<unsigned>(q.back() - '0'));
  const auto x = value(o_[1]), y = value(o_[2]);
  if (it == m_.p.end() || !x || !y) return forget_destinations();
  GlueLanes out{};
  for (unsigned l = 0; l < kGlueLanes; ++l) out[l] = it->second[l] != neg ? (*x)[l] : (*y)[l];
  set(glue_register(o_[0]), out);
  return {};
}

// HFMA2.MMA Rd, -RZ, RZ, hi, lo: -0 * 0 + (hi, lo) = the two halves as constants.
std::string Step::half_constant() {
  if (o_.size() != 5 || o_[1] != "-RZ" || o_[2] != "RZ") return forget_destinations();
  const auto half = [](const std::string& s) {
    return core::float_to_half(std::strtof(s.c_str(), nullptr));
  };
  set(glue_register(o_[0]), lanes_of(uint32_t{half(o_[3])} << 16 | half(o_[4])).v);
  return {};
}

// LOP3.LUT Rd, a, b, c, lut, !PT: bit i of the result is lut[(a_i << 2) | (b_i << 1) | c_i].
std::string Step::lop3() {
  const auto a = value(o_[1]), b = value(o_[2]), c = value(o_[3]);
  const auto lut = immediate(o_[4]);
  if (o_.size() != 6 || o_[5] != "!PT" || !a || !b || !c || !lut) return forget_destinations();
  GlueLanes out{};
  for (unsigned l = 0; l < kGlueLanes; ++l) {
    for (unsigned i = 0; i < 32; ++i) {
      const unsigned idx =
          ((*a)[l] >> i & 1u) << 2 | ((*b)[l] >> i & 1u) << 1 | ((*c)[l] >> i & 1u);
      out[l] |= (*lut >> idx & 1u) << i;
    }
  }
  set(glue_register(o_[0]), out);
  return {};
}

// F2FP.F16.F32.PACK_AB Rd, a, b: a to binary16 in bits 31:16, b in 15:0 (round to nearest even).
std::string Step::pack_f16() {
  const auto out = map2(o_[1], o_[2], [](uint32_t a, uint32_t b) {
    return uint32_t{core::float_to_half(std::bit_cast<float>(a))} << 16 |
           core::float_to_half(std::bit_cast<float>(b));
  });
  set(glue_register(o_[0]), out);
  return {};
}

std::string Step::run() {
  const std::string& op = in_.op;
  if (op == "EXIT") {
    if (in_.guard.empty()) m_.exited = true;
    return {};  // guarded: the bounds check of lookups past the end (none in a full warp)
  }
  if (!in_.guard.empty()) return "'" + in_.guard + " " + in_.text + "' is predicated";
  if (op.rfind("CALL", 0) == 0) return "ptxas calls a subroutine ('" + in_.text + "')";
  if (op == "NOP" || op.rfind("BRA", 0) == 0) return {};
  if (op == "LDC" || op == "LDC.64" || op == "ULDC" || op == "ULDC.64") return constant_load();
  if (op == "UMOV" && o_.size() == 2) {
    const int d = uniform_register(o_[0]);
    const auto v = value(o_[1]);
    if (d >= 0 && v) m_.ur[static_cast<unsigned>(d)] = (*v)[0];
    if (d >= 0 && !v) m_.ur.erase(static_cast<unsigned>(d));
    return {};
  }
  if (op == "IMAD.WIDE.U32" && o_.size() == 4) return wide_multiply();
  if (op.rfind("LDG.E", 0) == 0 && o_.size() == 2) return global_load();
  if (op.rfind("STG.E", 0) == 0 && o_.size() == 2) return global_store();
  if (op == "MOV" && o_.size() == 2) return set(glue_register(o_[0]), value(o_[1])), "";
  if ((op == "IMAD.MOV.U32" || op == "IMAD.MOV" || op == "IMAD.U32") && o_.size() == 4 &&
      o_[1] == "RZ" && o_[2] == "RZ")
    return set(glue_register(o_[0]), value(o_[3])), "";
  if (op == "CS2R" && o_.size() == 2 && o_[1] == "SRZ") {
    set(glue_register(o_[0]), GlueLanes{});
    return set(glue_register(o_[0]) + 1, GlueLanes{}), "";
  }
  if (op.rfind("ISETP.", 0) == 0 && op.ends_with(".AND")) return compare();
  if (op == "SEL" && o_.size() == 4) return select();
  if (op == "HFMA2.MMA") return half_constant();
  if (op == "SHF.L.U32" && o_.size() == 4 && o_[3] == "RZ")
    return set(glue_register(o_[0]),
               map2(o_[1], o_[2], [](uint32_t a, uint32_t s) { return s >= 32 ? 0u : a << s; })),
           "";
  if (op == "LOP3.LUT") return lop3();
  if (op == "F2FP.F16.F32.PACK_AB" && o_.size() == 3) return pack_f16();
  return forget_destinations();  // anything else: its destination is unknown from here on
}

}  // namespace

int glue_register(const std::string& operand) {
  const std::string s = strip_reuse(operand);
  if (s == "RZ") return 255;
  if (s.size() < 2 || s[0] != 'R' || s[1] < '0' || s[1] > '9') return -1;
  char* end = nullptr;
  const long n = std::strtol(s.c_str() + 1, &end, 10);
  return *end == 0 && n >= 0 && n < 255 ? static_cast<int>(n) : -1;
}

std::string GlueMachine::step(const ListedInstruction& in) {
  return Step(*this, in).run();
}

}  // namespace texsim::hwgen
