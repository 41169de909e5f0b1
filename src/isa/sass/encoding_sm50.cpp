// The Maxwell/Pascal encoding generation (SM50-SM62): one row per opcode encoding (TLD4S has two)
// with its 64-bit pattern, fields and platform gates, and the lookups the codec and rules use.
#include <algorithm>
#include <array>
#include <utility>

#include "isa/sass/encoding.hpp"
#include "isa/sass/encoding_sm50_layouts.hpp"
#include "isa/sass/opspec_wide.hpp"

namespace texsim::isa::sass {

namespace {

using namespace sm50_layout;  // NOLINT(google-build-using-namespace): the layouts of this
                              // generation

// Bit patterns: envytools gm107.c, nvidia_tlds.md 1.4, nvdisasm 11.8 (fields.hpp cites each).
// The lod codes of TEX and TLD are the semantic rows' lod lists, in code order (T23, T24).
constexpr std::array<EncodingRow, 20> kRows{{
    {Opcode::kTlds, f::kTldsMatchValue, f::kTldsMatchMask, kScalarLayout, {}},
    {Opcode::kTexs, f::kTexsMatchValue, f::kTexsMatchMask, kScalarLayout, {}},
    {Opcode::kTlds, f::kTldsRtzValue, f::kScalarRtzMask, kScalarRtzLayout, {}, {}, true},
    {Opcode::kTexs, f::kTexsRtzValue, f::kScalarRtzMask, kScalarRtzLayout, {}, {}, true},
    {Opcode::kTld4s, f::kTld4sMatchValue, f::kTld4sMatchMask, kTld4sLayout, {}},
    {Opcode::kTld4s, f::kTld4sRtzValue, f::kTld4sRtzMask, kTld4sRtzLayout, {}, {}, true},
    {Opcode::kTex, f::kTexMatch, f::kTexMask, kTexLayout, kTexGates, wide::kTexLods},
    {Opcode::kTld, f::kTldMatch, f::kTldMask, kTldLayout, kGates, wide::kTldLods},
    {Opcode::kTld4, f::kTld4Match, f::kTld4Mask, kTld4Layout, kTld4Gates},
    {Opcode::kTxd, f::kTxdMatch, f::kTxdMask, kTxdLayout, kTxdGates},
    {Opcode::kTmml, f::kTmmlMatch, f::kTmmlMask, kTmmlLayout, {}},
    {Opcode::kTxq, f::kTxqMatch, f::kTxqMask, kTxqLayout, {}},
    {Opcode::kTexB, f::kTexBMatch, f::kTexBMask, kTexBLayout, kTexGates, wide::kTexLods},
    {Opcode::kTldB, f::kTldBMatch, f::kTldBMask, kTldBLayout, kGates, wide::kTldLods},
    {Opcode::kTld4B, f::kTld4BMatch, f::kTld4BMask, kTld4BLayout, kTld4Gates},
    {Opcode::kTxdB, f::kTxdBMatch, f::kTxdBMask, kTxdBLayout, kTxdGates},
    {Opcode::kTmmlB, f::kTmmlBMatch, f::kTmmlBMask, kTmmlBLayout, {}},
    {Opcode::kTxqB, f::kTxqBMatch, f::kTxqBMask, kTxqBLayout, {}},
    {Opcode::kTxa, f::kTxaMatch, f::kTxaMask, kTxaLayout, {}},
    {Opcode::kNop, f::kNopWord& f::kNopMatchMask, f::kNopMatchMask, kNopLayout, {}},
}};

constexpr std::array<std::string_view, 6> kPlatforms{"SM50", "SM52", "SM53",
                                                     "SM60", "SM61", "SM62"};
constexpr Generation kSm50{"Maxwell/Pascal", kPlatforms, 64, kRows};

// Role -> position in a layout (kNoField: none), at compile time: the validator asks per
// instruction.
constexpr uint8_t kNoField = 0xff;
template <const auto& Layout>
constexpr std::array<uint8_t, kRoleCount> kRoleIndex = [] {
  static_assert(Layout.size() < kNoField);
  std::array<uint8_t, kRoleCount> idx{};
  for (auto& x : idx) x = kNoField;
  for (size_t k = Layout.size(); k-- > 0;)  // the first field of a role wins, as in the search
    idx[static_cast<size_t>(Layout[k].role)] = static_cast<uint8_t>(k);
  return idx;
}();

constexpr uint64_t default_of(Role r) {
  switch (r) {
    case Role::kPred:
    case Role::kPd:
      return kPT;
    case Role::kRb:
    case Role::kRd1:
      return kRZ;
    case Role::kWmsk:
    case Role::kMask4:
      return kRoleAbsent;
    case Role::kF32:
      return 1;
    default:
      return 0;
  }
}

constexpr std::array<uint64_t, kRoleCount> kRoleDefaults = [] {
  std::array<uint64_t, kRoleCount> d{};
  for (size_t r = 0; r < kRoleCount; ++r) d[r] = default_of(static_cast<Role>(r));
  return d;
}();

// One layout's fields, unrolled at compile time (issue 18 item 4, decode speed); the roles the
// layout lacks get their defaults by stores the compiler knows at compile time, not by zeroing
// the whole array first (which cost 44% of decoding: docs/performance.md).
template <const auto& Layout>
void extract_layout(uint64_t word, std::span<uint64_t, kRoleCount> v) {
  [&]<size_t... R>(std::index_sequence<R...>) {
    ((kRoleIndex<Layout>[R] == kNoField ? void(v[R] = kRoleDefaults[R]) : void()), ...);
  }
  (std::make_index_sequence<kRoleCount>{});
  [&]<size_t... I>(std::index_sequence<I...>) {
    ((v[static_cast<size_t>(Layout[I].role)] = Layout[I].bits.get(word)), ...);
  }
  (std::make_index_sequence<Layout.size()>{});
}

template <const auto& Layout>
const WordField* field_in(Role r) {
  const uint8_t k = kRoleIndex<Layout>[static_cast<size_t>(r)];
  return k == kNoField ? nullptr : &Layout[k];
}

}  // namespace

const Generation& sm50() {
  return kSm50;
}

const EncodingRow* sm50_row_for_word(uint64_t word) {
  for (const EncodingRow& r : kRows) {
    if ((word & r.mask) == r.match) return &r;
  }
  return nullptr;
}

const EncodingRow& sm50_row(Opcode op) {
  for (const EncodingRow& r : kRows) {
    if (r.op == op && !r.rtz) return r;
  }
  return kRows[0];
}

const EncodingRow& sm50_row(const Instruction& i) {
  // TLD4S.F16.RTZ (bits 55:54 = 11, decisions T27), TLDS.F16.RTZ and TEXS.F16.RTZ (bit 58, T71)
  // encode with their own rows.
  if (i.rtz) {
    for (const EncodingRow& r : kRows) {
      if (r.op == i.op && r.rtz) return r;
    }
  }
  return sm50_row(i.op);
}

ParamA wide_param_a(uint8_t code) {
  static constexpr std::array<ParamA, 8> kByCode{
      ParamA::k1D, ParamA::kArray1D, ParamA::k2D,   ParamA::kArray2D,
      ParamA::k3D, ParamA::kArray3D, ParamA::kCube, ParamA::kArrayCube};
  return kByCode[code & 7u];
}

uint8_t wide_param_a_code(ParamA p) {
  const auto& info = param_a_info(p);
  const uint8_t dim =
      p == ParamA::kCube || p == ParamA::kArrayCube ? 3 : static_cast<uint8_t>(info.coord_dims - 1);
  return static_cast<uint8_t>(dim << 1 | (info.array ? 1 : 0));
}

void extract_fields(const EncodingRow& r, uint64_t word, std::span<uint64_t, kRoleCount> v) {
  if (r.fields.data() == kScalarLayout.data()) return extract_layout<kScalarLayout>(word, v);
  if (r.fields.data() == kTld4sLayout.data()) return extract_layout<kTld4sLayout>(word, v);
  if (r.fields.data() == kTld4sRtzLayout.data()) return extract_layout<kTld4sRtzLayout>(word, v);
  if (r.fields.data() == kNopLayout.data()) return extract_layout<kNopLayout>(word, v);
  if (r.fields.data() == kTexLayout.data()) return extract_layout<kTexLayout>(word, v);
  if (r.fields.data() == kTldLayout.data()) return extract_layout<kTldLayout>(word, v);
  if (r.fields.data() == kTld4Layout.data()) return extract_layout<kTld4Layout>(word, v);
  if (r.fields.data() == kTxdLayout.data()) return extract_layout<kTxdLayout>(word, v);
  std::copy(kRoleDefaults.begin(), kRoleDefaults.end(), v.begin());
  for (const WordField& w : r.fields) v[static_cast<size_t>(w.role)] = w.bits.get(word);
}

const WordField* field_of(const EncodingRow& r, Role role) {
  if (r.fields.data() == kScalarLayout.data()) return field_in<kScalarLayout>(role);
  if (r.fields.data() == kTld4sLayout.data()) return field_in<kTld4sLayout>(role);
  if (r.fields.data() == kNopLayout.data()) return field_in<kNopLayout>(role);
  for (const auto& w : r.fields) {
    if (w.role == role) return &w;
  }
  return nullptr;
}

}  // namespace texsim::isa::sass
