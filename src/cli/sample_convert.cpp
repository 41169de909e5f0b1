// Request conversion: JSONL lines into the .npz columns of the binary reader (columns other than
// op, surface, sampler, u and v that stay zero everywhere are left out), and .npz/.npy rows into
// JSONL lines (floats as the shortest decimal of their exact double value: they read back bit
// for bit).
#include "cli/sample_convert.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>

#include "cli/inputs.hpp"
#include "cli/output.hpp"
#include "cli/sample_source.hpp"

namespace texsim::cli {

namespace {

using scene::NpyKind;

uint8_t op_code(const RequestBlock& k, size_t i) {
  return static_cast<uint8_t>(request_op_code(k.fetch[i] != 0, k.op[i]));
}

// The request columns of an .npz, each gathered from the valid rows of every block.
class RequestColumns {
 public:
  RequestColumns() {
    add("op", NpyKind::kUint, 1, true,
        [](const RequestBlock& k, size_t i, uint8_t* p) { *p = op_code(k, i); });
    u32("surface", &RequestBlock::surface, true);
    u32("sampler", &RequestBlock::sampler, true);  // a sample op needs it, even all 0
    for (auto [name, f] :
         {std::pair{"u", &RequestBlock::u}, {"v", &RequestBlock::v}, {"w", &RequestBlock::w}})
      f32(name, f, true);
    for (auto [name, f] :
         {std::pair{"x", &RequestBlock::x}, {"y", &RequestBlock::y}, {"z", &RequestBlock::z}})
      u32(name, f, false, true);
    f32("array_index", &RequestBlock::array_index);
    u32("slice", &RequestBlock::slice), u32("level", &RequestBlock::level);
    u32("sample", &RequestBlock::sample);
    for (auto [name, f] : {std::pair{"ddx_u", &RequestBlock::ddx_u},
                           {"ddx_v", &RequestBlock::ddx_v},
                           {"ddx_w", &RequestBlock::ddx_w},
                           {"ddy_u", &RequestBlock::ddy_u},
                           {"ddy_v", &RequestBlock::ddy_v},
                           {"ddy_w", &RequestBlock::ddy_w},
                           {"lod", &RequestBlock::lod},
                           {"reference", &RequestBlock::reference}})
      f32(name, f);
    for (const auto& entry : {std::pair{"offset_x", &RequestBlock::offset_x},
                              {"offset_y", &RequestBlock::offset_y},
                              {"offset_z", &RequestBlock::offset_z}}) {
      const auto f = entry.second;
      add(entry.first, NpyKind::kInt, 4, false,
          [f](const RequestBlock& k, size_t i, uint8_t* p) { std::memcpy(p, &(k.*f)[i], 4); });
    }
    add("component", NpyKind::kUint, 1, false,
        [](const RequestBlock& k, size_t i, uint8_t* p) { *p = k.component[i]; });
    add("mcs", NpyKind::kUint, 8, false,
        [](const RequestBlock& k, size_t i, uint8_t* p) { std::memcpy(p, &k.mcs[i], 8); });
    add("id", NpyKind::kInt, 8, false, [](const RequestBlock& k, size_t i, uint8_t* p) {
      int64_t v = 0;
      const std::string& t = k.id[i];
      std::from_chars(t.data(), t.data() + t.size(), v);
      std::memcpy(p, &v, 8);
    });
  }

  // Appends the block's valid rows; `dropped_ids` counts ids that are not integers.
  bool append(const RequestBlock& k, uint64_t& dropped_ids) {
    for (size_t i = 0; i < k.count; ++i) {
      if (!k.valid[i] || k.id[i].empty()) continue;
      int64_t v = 0;
      const std::string& t = k.id[i];
      const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
      if (r.ec != std::errc() || r.ptr != t.data() + t.size()) ++dropped_ids;
    }
    for (Column& c : columns_) {
      buf_.clear();
      std::vector<uint8_t> item(c.size);
      for (size_t i = 0; i < k.count; ++i) {
        if (!k.valid[i]) continue;
        std::fill(item.begin(), item.end(), 0);
        c.get(k, i, item.data());
        c.any |= std::any_of(item.begin(), item.end(), [](uint8_t b) { return b != 0; });
        buf_.insert(buf_.end(), item.begin(), item.end());
      }
      if (!npz_.append(c.index, buf_)) return false;
    }
    return true;
  }

  bool finish(std::FILE* out, std::string& why) {
    for (const Column& c : columns_)
      if (!c.keep && !c.any) npz_.drop(c.index);
    return npz_.finish(out, why);
  }

 private:
  using Get = std::function<void(const RequestBlock&, size_t, uint8_t*)>;
  struct Column {
    size_t index;
    uint32_t size;
    bool keep;  // written even when all zero
    bool any = false;
    Get get;
  };
  void add(const char* name, NpyKind kind, uint32_t size, bool keep, Get get) {
    const size_t index = npz_.add_array(name, {{"", {kind, size, false}, 0, {}}});
    columns_.push_back({index, size, keep, false, std::move(get)});
  }
  // Sample coordinates go to u, v, w only for sample rows; fetch rows use x, y, z.
  void f32(const char* name, std::vector<float> RequestBlock::*f, bool sample_only = false) {
    add(name, NpyKind::kFloat, 4, false,
        [f, sample_only](const RequestBlock& k, size_t i, uint8_t* p) {
          if (!(sample_only && k.fetch[i])) std::memcpy(p, &(k.*f)[i], 4);
        });
  }
  void u32(const char* name, std::vector<uint32_t> RequestBlock::*f, bool keep = false,
           bool fetch_only = false) {
    add(name, NpyKind::kUint, 4, keep,
        [f, fetch_only](const RequestBlock& k, size_t i, uint8_t* p) {
          if (!fetch_only || k.fetch[i]) std::memcpy(p, &(k.*f)[i], 4);
        });
  }
  scene::NpzWriter npz_;
  std::vector<Column> columns_;
  std::vector<uint8_t> buf_;
};

// A float as the shortest decimal of its exact double value: it reads back to the same float.
void put_float(std::string& o, float f) {
  char b[32];
  o.append(b, std::to_chars(b, b + sizeof b, static_cast<double>(f)).ptr);
}

template <typename T>
void put_int(std::string& o, T v) {
  char b[24];
  o.append(b, std::to_chars(b, b + sizeof b, v).ptr);
}

// Up to three values, trailing zeros left out (at least one kept); none when all are zero and
// `optional`.
template <typename T, typename F>
void put_vec(std::string& o, const char* key, std::array<T, 3> v, bool optional, F&& put) {
  size_t n = 3;
  while (n > 1 && v[n - 1] == T{} && !std::signbit(static_cast<double>(v[n - 1]))) --n;
  if (optional && n == 1 && v[0] == T{} && !std::signbit(static_cast<double>(v[0]))) return;
  o += ",\"", o += key, o += "\":[";
  for (size_t c = 0; c < n; ++c) {
    if (c) o += ',';
    put(o, v[c]);
  }
  o += ']';
}

// One binary row as a JSONL request; false when a value has no JSON form (NaN, infinity).
bool request_line(const RequestBlock& k, size_t i, std::string& o) {
  const std::array<float, 12> floats{k.u[i],     k.v[i],           k.w[i],     k.ddx_u[i],
                                     k.ddx_v[i], k.ddx_w[i],       k.ddy_u[i], k.ddy_v[i],
                                     k.ddy_w[i], k.array_index[i], k.lod[i],   k.reference[i]};
  for (float f : floats)
    if (!std::isfinite(f)) return false;
  o += "{\"op\":\"", o += kRequestOps[op_code(k, i)], o += "\",\"surface\":";
  put_int(o, k.surface[i]);
  if (!k.fetch[i]) o += ",\"sampler\":", put_int(o, k.sampler[i]);
  auto pf = [](std::string& s, float f) { put_float(s, f); };
  auto pi = [](std::string& s, auto v) { put_int(s, v); };
  if (k.fetch[i]) {
    put_vec<uint32_t>(o, "coord", {k.x[i], k.y[i], k.z[i]}, false, pi);
    for (auto [key, v] :
         {std::pair{"slice", k.slice[i]}, {"level", k.level[i]}, {"sample", k.sample[i]}})
      if (v != 0) o += ",\"", o += key, o += "\":", put_int(o, v);
    if (k.has_mcs[i]) o += ",\"mcs\":", put_int(o, k.mcs[i]);
  } else {
    put_vec<float>(o, "coord", {k.u[i], k.v[i], k.w[i]}, false, pf);
    put_vec<float>(o, "ddx", {k.ddx_u[i], k.ddx_v[i], k.ddx_w[i]}, true, pf);
    put_vec<float>(o, "ddy", {k.ddy_u[i], k.ddy_v[i], k.ddy_w[i]}, true, pf);
    for (auto [key, v] : {std::pair{"array_index", k.array_index[i]},
                          {"lod", k.lod[i]},
                          {"reference", k.reference[i]}})
      if (v != 0 || std::signbit(v)) o += ",\"", o += key, o += "\":", put_float(o, v);
    if (k.component[i] != 0) o += ",\"component\":", put_int(o, k.component[i]);
  }
  put_vec<int32_t>(o, "offset", {k.offset_x[i], k.offset_y[i], k.offset_z[i]}, true, pi);
  if (k.has_id_number) o += ",\"id\":", put_int(o, k.id_number[i]);
  o += "}\n";
  return true;
}

}  // namespace

int convert_requests(const SampleArgs& args, ResultFormat format, bool quiet) {
  RequestSource src;
  Diagnostics diags;
  auto print = [](const Diagnostics& ds) {
    for (const Diagnostic& d : ds) std::fprintf(stderr, "%s\n", d.text.c_str());
  };
  if (auto exit = open_request_source(args.convert, src, diags)) return print(diags), *exit;
  const bool to_npz = src.binary == nullptr;
  if ((format == ResultFormat::kNpz) != to_npz) {
    say_error(to_npz
                  ? "--convert: JSONL requests convert to npz (-o R.npz or --format npz)"
                  : "--convert: binary requests convert to jsonl (-o R.jsonl or --format jsonl)");
    return kExitUsage;
  }
  if (same_file(args.output, args.convert)) {
    say_error("refusing to write '" + args.output + "': it is the input file");
    return kExitUsage;
  }
  OutputFile output;
  std::string why;
  if (!output.open(args.output, why))
    return say_error("cannot write '" + args.output + "': " + why), kExitUsage;
  RequestColumns columns;
  RequestBlock block;
  uint64_t rows = 0, errors = 0, dropped_ids = 0, unwritable = 0;
  for (uint64_t index = 0;; ++index) {
    if (src.binary) {
      if (index >= src.binary->blocks()) break;
      if (!src.binary->read(index, block, why))
        return say_error("cannot read '" + src.name + "': " + why), kExitUsage;
      src.binary->convert(block, false);
    } else {
      block.index = index;
      if (!src.lines->next(block, true)) break;
      parse_text_block(block, src.name, false);
    }
    print(block.diags);
    errors += block.errors;
    if (to_npz) {
      if (!columns.append(block, dropped_ids))
        return say_error("cannot write a temporary file"), kExitUsage;
    } else {
      block.out.clear();
      for (size_t i = 0; i < block.count; ++i) {
        if (!block.valid[i]) continue;
        if (!request_line(block, i, block.out)) {
          std::fprintf(stderr,
                       "%s: row %llu: error[SAMPLE-REQUEST-RANGE]: a NaN or infinite value has no "
                       "JSON form (docs/sample-requests.md)\n",
                       src.name.c_str(), static_cast<unsigned long long>(block.line[i]));
          ++unwritable;
        }
      }
      output.write(block.out);
    }
    for (size_t i = 0; i < block.count; ++i) rows += block.valid[i];
  }
  if (to_npz && !columns.finish(output.stream(), why))
    return say_error("cannot write '" + args.output + "': " + why), kExitUsage;
  if (!output.commit(why))
    return say_error("cannot write '" + args.output + "': " + why), kExitUsage;
  if (dropped_ids != 0)
    std::fprintf(stderr,
                 "texsim sample: warning: %llu ids that are not integers were left out (the id "
                 "column is int64)\n",
                 static_cast<unsigned long long>(dropped_ids));
  if (!quiet)
    std::fprintf(stderr, "texsim sample: converted %llu requests, %llu with errors\n",
                 static_cast<unsigned long long>(rows - unwritable),
                 static_cast<unsigned long long>(errors + unwritable));
  return errors + unwritable == 0 ? kExitOk : kExitDiagnostics;
}

}  // namespace texsim::cli
