// Binary requests: NumPy columns named as the public API's lane fields (u, v, ddx_u, offset_x,
// ...), converted as the JSON reader converts numbers (doubles round to the nearest float,
// integers range-checked), with the op as a code or its name (docs/sample-requests.md).
#include "cli/sample_binary.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>

#include "core/half.hpp"
#include "core/suggest.hpp"
#include "core/text.hpp"

namespace texsim::cli {

namespace {

using scene::NpyKind;
using scene::NpyType;

// What a column holds and where it goes.
enum class Target { kOp, kFloat, kUint32, kBits32, kInt32, kComponent, kMcs, kId, kIndex };

struct Spec {
  std::string_view name;
  Target target;
  std::vector<float> RequestBlock::*f = nullptr;
  std::vector<uint32_t> RequestBlock::*u = nullptr;
  std::vector<int32_t> RequestBlock::*i = nullptr;
};

const std::vector<Spec>& specs() {
  using B = RequestBlock;
  static const std::vector<Spec> kSpecs = {
      {"op", Target::kOp},
      {"surface", Target::kIndex, nullptr, &B::surface},
      {"sampler", Target::kIndex, nullptr, &B::sampler},
      {"u", Target::kFloat, &B::u},
      {"v", Target::kFloat, &B::v},
      {"w", Target::kFloat, &B::w},
      {"x", Target::kBits32, nullptr, &B::x},
      {"y", Target::kBits32, nullptr, &B::y},
      {"z", Target::kBits32, nullptr, &B::z},
      {"array_index", Target::kFloat, &B::array_index},
      {"slice", Target::kUint32, nullptr, &B::slice},
      {"level", Target::kUint32, nullptr, &B::level},
      {"sample", Target::kUint32, nullptr, &B::sample},
      {"ddx_u", Target::kFloat, &B::ddx_u},
      {"ddx_v", Target::kFloat, &B::ddx_v},
      {"ddx_w", Target::kFloat, &B::ddx_w},
      {"ddy_u", Target::kFloat, &B::ddy_u},
      {"ddy_v", Target::kFloat, &B::ddy_v},
      {"ddy_w", Target::kFloat, &B::ddy_w},
      {"lod", Target::kFloat, &B::lod},
      {"reference", Target::kFloat, &B::reference},
      {"offset_x", Target::kInt32, nullptr, nullptr, &B::offset_x},
      {"offset_y", Target::kInt32, nullptr, nullptr, &B::offset_y},
      {"offset_z", Target::kInt32, nullptr, nullptr, &B::offset_z},
      {"component", Target::kComponent},
      {"mcs", Target::kMcs},
      {"id", Target::kId},
  };
  return kSpecs;
}

// An element's value: integers exactly, floats as double.
struct Value {
  bool is_float = false;
  double d = 0;
  int64_t i = 0;
  uint64_t u = 0;
  bool big = false;  // an unsigned value above INT64_MAX (in u)
};

uint64_t load(const uint8_t* p, uint32_t n, bool big_endian) {
  uint64_t v = 0;
  for (uint32_t k = 0; k < n; ++k) v |= uint64_t{p[big_endian ? n - 1 - k : k]} << (8 * k);
  return v;
}

Value element(const uint8_t* p, const NpyType& t) {
  Value v;
  const uint64_t bits = load(p, t.size, t.big_endian);
  switch (t.kind) {
    case NpyKind::kFloat:
      v.is_float = true;
      v.d = t.size == 2   ? core::half_to_float(static_cast<uint16_t>(bits))
            : t.size == 4 ? std::bit_cast<float>(static_cast<uint32_t>(bits))
                          : std::bit_cast<double>(bits);
      break;
    case NpyKind::kInt: {
      const unsigned shift = 64 - 8 * t.size;
      v.i = static_cast<int64_t>(bits << shift) >> shift;
      break;
    }
    default:  // kUint, kBool
      v.big = bits > uint64_t{std::numeric_limits<int64_t>::max()};
      v.u = bits;
      v.i = static_cast<int64_t>(bits);
  }
  return v;
}

bool integer_type(const NpyType& t) {
  return t.kind == NpyKind::kInt || t.kind == NpyKind::kUint || t.kind == NpyKind::kBool;
}

std::string type_rule(const Spec& s, const NpyType& t) {
  const bool strings = t.kind == NpyKind::kBytes || t.kind == NpyKind::kUnicode;
  if (s.target == Target::kOp) return integer_type(t) || strings ? "" : "an integer code or a name";
  if (strings) return "a number";
  if (s.target == Target::kFloat) return "";
  return integer_type(t) ? "" : "an integer";
}

void invalid(RequestBlock& k, size_t i, const std::string& rule, const std::string& message) {
  if (!k.valid[i]) return;  // one diagnostic per row: its first problem
  k.valid[i] = 0;
  k.status[i] = static_cast<uint8_t>(RowStatus::kError);
  ++k.errors;
  k.diags.push_back(row_error(k.file, true, k.line[i], 0, rule, message));
}

// An integer element within [lo, hi], or a row diagnostic.
bool ranged(RequestBlock& k, size_t i, const Spec& s, const Value& v, int64_t lo, uint64_t hi,
            uint64_t& out) {
  const bool ok = v.big ? v.u <= hi : v.i >= lo && (v.i < 0 || static_cast<uint64_t>(v.i) <= hi);
  if (!ok) {
    invalid(k, i, "SAMPLE-REQUEST-RANGE",
            "column '" + std::string(s.name) +
                "': " + (v.big ? std::to_string(v.u) : std::to_string(v.i)) + " is outside [" +
                std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return false;
  }
  out = v.big ? v.u : static_cast<uint64_t>(v.i);
  return true;
}

// The op of row i from a code or a name (bytes, or UTF-32 for NumPy's 'U').
void store_op(RequestBlock& k, size_t i, const NpyType& t, const uint8_t* p) {
  uint64_t code = kRequestOps.size();
  if (t.kind == NpyKind::kBytes || t.kind == NpyKind::kUnicode) {
    std::string name;
    const uint32_t step = t.kind == NpyKind::kUnicode ? 4 : 1;
    for (uint32_t c = 0; c < t.size; c += step) {
      const uint64_t ch = load(p + c, step, t.big_endian);
      if (ch == 0) break;
      name += ch < 0x80 ? static_cast<char>(ch) : '?';
    }
    code = request_op_code(name).value_or(kRequestOps.size());
    if (code == kRequestOps.size()) {
      invalid(k, i, "SAMPLE-REQUEST-OP",
              "column 'op': unknown '" + name + "'" + core::did_you_mean(name, kRequestOps) + " (" +
                  core::join(kRequestOps) + ")");
      return;
    }
  } else if (t.kind == NpyKind::kUint && t.size == 1 && *p < kRequestOps.size()) {
    code = *p;  // the common case: a uint8 code
  } else {
    static const Spec kOpSpec{"op", Target::kOp};
    if (!ranged(k, i, kOpSpec, element(p, t), 0, kRequestOps.size() - 1, code)) return;
  }
  const RequestOp r = request_op(code);
  k.fetch[i] = r.fetch;
  k.op[i] = r.op;
}

void store(RequestBlock& k, size_t i, const Spec& s, const NpyType& t, const uint8_t* p) {
  if (s.target == Target::kOp) return store_op(k, i, t, p);
  const Value v = element(p, t);
  uint64_t x = 0;
  switch (s.target) {
    case Target::kFloat:
      (k.*s.f)[i] = v.is_float ? static_cast<float>(v.d)
                    : v.big    ? static_cast<float>(v.u)
                               : static_cast<float>(v.i);
      return;
    case Target::kIndex:
    case Target::kUint32:
      if (ranged(k, i, s, v, 0, UINT32_MAX, x)) (k.*s.u)[i] = static_cast<uint32_t>(x);
      return;
    case Target::kBits32:  // fetch coordinates: bit patterns, -2^31 .. 2^32-1
      if (ranged(k, i, s, v, INT32_MIN, UINT32_MAX, x)) (k.*s.u)[i] = static_cast<uint32_t>(x);
      return;
    case Target::kInt32:
      if (ranged(k, i, s, v, INT32_MIN, INT32_MAX, x)) (k.*s.i)[i] = static_cast<int32_t>(x);
      return;
    case Target::kComponent:
      if (ranged(k, i, s, v, 0, 3, x)) k.component[i] = static_cast<uint8_t>(x);
      return;
    case Target::kMcs:
      if (ranged(k, i, s, v, 0, UINT64_MAX, x)) k.mcs[i] = x, k.has_mcs[i] = 1;
      return;
    case Target::kId:
      if (ranged(k, i, s, v, INT64_MIN, INT64_MAX, x)) k.id_number[i] = static_cast<int64_t>(x);
      return;
    case Target::kOp:
      return;
  }
}

// Row 0's value of a 0-d column in every row.
void broadcast(RequestBlock& k, const Spec& s) {
  auto fill = [&k](auto& column) {
    std::fill(column.begin() + 1, column.begin() + k.count, column[0]);
  };
  switch (s.target) {
    case Target::kOp:
      fill(k.fetch), fill(k.op);
      return;
    case Target::kFloat:
      fill(k.*s.f);
      return;
    case Target::kIndex:
    case Target::kUint32:
    case Target::kBits32:
      fill(k.*s.u);
      return;
    case Target::kInt32:
      fill(k.*s.i);
      return;
    case Target::kComponent:
      fill(k.component);
      return;
    case Target::kMcs:
      fill(k.mcs), fill(k.has_mcs);
      return;
    case Target::kId:
      fill(k.id_number);
      return;
  }
}

// A column whose dtype is its target's own (little-endian f4 for floats, u4 for indices and
// fetch coordinates, i4 for offsets, i8 for ids): copied without a check (every value is in
// range). False for other dtypes.
bool copy_exact(RequestBlock& k, const Spec& s, const NpyType& t, const uint8_t* p,
                uint64_t stride) {
  if (t.big_endian && t.size > 1) return false;
  if (s.target == Target::kOp && t.kind == NpyKind::kUint && t.size == 1) {
    for (size_t i = 0; i < k.count; ++i) {
      const uint8_t code = p[i * stride];
      if (code >= kRequestOps.size()) return false;  // the checked path names the row
      const RequestOp r = request_op(code);
      k.fetch[i] = r.fetch;
      k.op[i] = r.op;
    }
    return true;
  }
  void* dst = nullptr;
  if (s.target == Target::kFloat && t.kind == NpyKind::kFloat && t.size == 4) dst = (k.*s.f).data();
  const bool u32 =
      s.target == Target::kIndex || s.target == Target::kUint32 || s.target == Target::kBits32;
  if (u32 && t.kind == NpyKind::kUint && t.size == 4) dst = (k.*s.u).data();
  if (s.target == Target::kInt32 && t.kind == NpyKind::kInt && t.size == 4) dst = (k.*s.i).data();
  if (s.target == Target::kId && t.kind == NpyKind::kInt && t.size == 8) dst = k.id_number.data();
  if (dst == nullptr) return false;
  auto* out = static_cast<uint8_t*>(dst);
  if (stride == t.size) {
    std::memcpy(out, p, k.count * t.size);
  } else {
    for (size_t i = 0; i < k.count; ++i) std::memcpy(out + i * t.size, p + i * stride, t.size);
  }
  return true;
}

}  // namespace

// One array of the file, read a block at a time.
struct BinaryRequests::Source {
  scene::NpzArray array;
  std::unique_ptr<scene::NpzArrayReader> reader;
  bool scalar = false;  // 0-d: one element for every row
  std::vector<uint8_t> scalar_bytes;
};

struct BinaryRequests::Column {
  const Spec* spec = nullptr;
  size_t source = 0;
  uint64_t offset = 0;  // of the field in the source's record
  NpyType type;
};

BinaryRequests::BinaryRequests() = default;
BinaryRequests::~BinaryRequests() = default;

bool BinaryRequests::has_ids() const {
  for (const Column& c : columns_)
    if (c.spec->target == Target::kId) return true;
  return false;
}

bool BinaryRequests::open(std::unique_ptr<scene::ByteSource> source, scene::FileKind kind,
                          const std::string& file, Diagnostics& diags) {
  file_ = file;
  source_ = std::move(source);
  auto error = [&](const std::string& rule, const std::string& message) {
    diags.push_back(row_error(file, true, 0, 0, rule, message));
    diags.back().line = 0;
    diags.back().text = file + ": error[" + rule + "]: " + message + " (docs/sample-requests.md)";
    return false;
  };
  std::string why;
  auto arrays = scene::read_npz_arrays(*source_, kind, why);
  if (!arrays) return error("SAMPLE-REQUEST-FILE", why);
  std::vector<std::string_view> names;
  for (const Spec& s : specs()) names.push_back(s.name);
  bool ok = true, sized = false;
  for (scene::NpzArray& a : *arrays) {
    auto src = std::make_unique<Source>();
    src->array = std::move(a);
    const scene::NpyHeader& h = src->array.header;
    const std::string what =
        kind == scene::FileKind::kNpy ? "the array" : "'" + src->array.name + "'";
    if (h.shape.size() > 1 || (kind == scene::FileKind::kNpy && h.shape.size() != 1))
      ok = error("SAMPLE-REQUEST-SHAPE", what + " must be 1-D (one element per request)");
    if (kind == scene::FileKind::kNpy && !h.structured)
      ok = error("SAMPLE-REQUEST-SHAPE",
                 "an .npy of requests is a structured array whose fields are the columns");
    if (!ok) continue;
    src->scalar = h.shape.empty();
    if (!src->scalar) {
      if (sized && h.shape[0] != rows_)
        ok = error("SAMPLE-REQUEST-SHAPE", what + " has " + std::to_string(h.shape[0]) +
                                               " rows, the other columns " + std::to_string(rows_));
      rows_ = h.shape[0];
      sized = true;
    }
    for (const scene::NpyField& f : h.fields) {
      const std::string name = h.structured ? f.name : src->array.name;
      const Spec* spec = nullptr;
      for (const Spec& s : specs())
        if (s.name == name) spec = &s;
      if (spec == nullptr) {
        std::string message = "unknown column '" + name + "'";
        message += core::did_you_mean(name, names);
        message += " (" + core::join(names) + ")";
        ok = error("SAMPLE-REQUEST-KEY", message);
        continue;
      }
      const std::string rule = f.subshape.empty() ? type_rule(*spec, f.type) : "a scalar per row";
      if (!rule.empty()) {
        std::string message = "column '" + name + "' (";
        message += f.type.descr() + "): expected " + rule;
        ok = error("SAMPLE-REQUEST-TYPE", message);
        continue;
      }
      columns_.push_back({spec, sources_.size(), f.offset, f.type});
    }
    src->reader = std::make_unique<scene::NpzArrayReader>(*source_, src->array);
    if (src->scalar) {
      src->scalar_bytes.resize(h.record_size);
      if (!src->reader->read(0, 1, src->scalar_bytes, why))
        ok = error("SAMPLE-REQUEST-FILE", std::string(what).append(": ").append(why));
    }
    sources_.push_back(std::move(src));
  }
  bool has_surface = false;
  for (const Column& c : columns_) has_surface |= c.spec->name == "surface";
  if (ok && !has_surface) ok = error("SAMPLE-REQUEST-KEY", "the column 'surface' is required");
  if (ok && !sized) ok = error("SAMPLE-REQUEST-SHAPE", "no column has one element per request");
  return ok;
}

bool BinaryRequests::random_access() const {
  return std::all_of(sources_.begin(), sources_.end(),
                     [](const auto& s) { return s->scalar || s->array.method == 0; });
}

bool BinaryRequests::read(uint64_t index, RequestBlock& block, std::string& why) const {
  const uint64_t first = index * kBlockRows;
  const uint64_t n = std::min<uint64_t>(kBlockRows, rows_ - first);
  block.index = index;
  block.count = n;
  block.raw.resize(sources_.size());
  for (size_t s = 0; s < sources_.size(); ++s) {
    Source& src = *sources_[s];
    if (src.scalar) continue;
    block.raw[s].resize(n * src.array.header.record_size);
    if (!src.reader->read(first, n, block.raw[s], why)) return false;
  }
  return true;
}

void BinaryRequests::convert(RequestBlock& k, bool bounds) const {
  const size_t n = k.count;
  k.binary = true;
  k.file = file_;
  k.reset(n, bounds, false);
  const uint64_t first = k.index * kBlockRows;
  for (size_t i = 0; i < n; ++i) k.line[i] = first + i, k.valid[i] = 1, k.op[i] = SampleOp::kLevel;
  bool has_sampler = false;
  k.has_id_number = has_ids();
  for (const Column& c : columns_) {
    has_sampler |= c.spec->name == "sampler";
    const Source& src = *sources_[c.source];
    const uint64_t stride = src.scalar ? 0 : src.array.header.record_size;
    const uint8_t* base =
        (src.scalar ? src.scalar_bytes.data() : k.raw[c.source].data()) + c.offset;
    if (src.scalar && n > 0) {
      store(k, 0, *c.spec, c.type, base);
      if (k.valid[0]) {
        broadcast(k, *c.spec);
        continue;
      }
    }
    if (!src.scalar && copy_exact(k, *c.spec, c.type, base, stride)) continue;
    for (size_t i = 0; i < n; ++i) store(k, i, *c.spec, c.type, base + i * stride);
  }
  // The lane columns no array gives stay zero in every block.
  k.zero_columns.clear();
  for (const Spec& s : specs()) {
    const bool given = std::any_of(columns_.begin(), columns_.end(),
                                   [&s](const Column& c) { return c.spec == &s; });
    if (given) continue;
    if (s.f != nullptr) k.zero_columns.push_back((k.*s.f).data());
    if (s.u != nullptr) k.zero_columns.push_back((k.*s.u).data());
    if (s.i != nullptr) k.zero_columns.push_back((k.*s.i).data());
  }
  for (size_t i = 0; i < n && !has_sampler; ++i)
    if (k.valid[i] && !k.fetch[i])
      invalid(k, i, "SAMPLE-REQUEST-KEY", "a sample op needs the column 'sampler'");
}

}  // namespace texsim::cli
