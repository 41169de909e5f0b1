// Answers a request block through the public message API (texsim::sample, fetch, sample_bounds)
// with spans into the block's columns: no request is copied on the way.
#include "cli/sample_runner.hpp"

#include <algorithm>

namespace texsim::cli {

namespace {

template <typename T>
std::span<const T> part(const std::vector<T>& v, size_t b, size_t n) {
  return std::span<const T>(v).subspan(b, n);
}
// The rows' values, or no span when every one is zero (bit for bit: -0.0 is a value): the API
// reads an absent field as 0, and its fast paths take messages without per-lane offsets, layers
// or derivatives.
template <typename T>
std::span<const T> used(const RequestBlock& k, const std::vector<T>& v, size_t b, size_t n) {
  static_assert(sizeof(T) == 4);
  for (const void* z : k.zero_columns)
    if (z == v.data()) return {};
  const auto* bits = reinterpret_cast<const uint32_t*>(v.data() + b);
  uint32_t any = 0;
  for (size_t i = 0; i < n; ++i) any |= bits[i];
  if (any == 0) return {};
  return part(v, b, n);
}
template <typename T>
std::span<T> part_out(std::vector<T>& v, size_t b, size_t n) {
  return std::span<T>(v).subspan(b, n);
}

class BlockRunner {
 public:
  BlockRunner(const SampleRunSettings& s, RequestBlock& k) : s_(s), k_(k) {}

  void run() {
    if (s_.addresses) k_.texels.reset(k_.count);
    size_t b = 0;
    while (b < k_.count) {
      if (!k_.valid[b]) {
        ++b;
        continue;
      }
      size_t e = b + 1;
      while (e < k_.count && same_message(b, e)) ++e;
      message(b, e);
      b = e;
    }
    // Rows without an answer read 0 (the request columns' buffers are reused).
    for (size_t i = 0; i < k_.count && k_.errors != 0; ++i)
      if (k_.status[i] != static_cast<uint8_t>(RowStatus::kAnswered))
        k_.r[i] = k_.g[i] = k_.b[i] = k_.a[i] = 0;
    std::stable_sort(k_.diags.begin(), k_.diags.end(),
                     [](const Diagnostic& x, const Diagnostic& y) { return x.line < y.line; });
  }

 private:
  // Row e continues the message that row b starts: consecutive and the same op, surface, sampler
  // and gather component.
  bool same_message(size_t b, size_t e) const {
    if (!k_.valid[e] || k_.line[e] != k_.line[e - 1] + 1) return false;
    if (k_.fetch[e] != k_.fetch[b] || k_.surface[e] != k_.surface[b]) return false;
    if (k_.fetch[b]) return true;
    return k_.op[e] == k_.op[b] && k_.sampler[e] == k_.sampler[b] &&
           k_.component[e] == k_.component[b];
  }

  void error_rows(size_t b, size_t e, const std::string& rule, const std::string& message) {
    for (size_t i = b; i < e; ++i) {
      k_.diags.push_back(row_error(s_.file, k_.binary, k_.line[i], 1, rule, message));
      k_.status[i] = static_cast<uint8_t>(RowStatus::kError);
      ++k_.errors;
    }
  }

  Results results(size_t b, size_t n) {
    return {part_out(k_.r, b, n), part_out(k_.g, b, n), part_out(k_.b, b, n), part_out(k_.a, b, n),
            part_out(k_.flags, b, n)};
  }

  LookupStatus fetch_message(const Surface& surface, size_t b, size_t n, Diagnostics& local) {
    FetchLanes l;
    l.count = n;
    l.x = part(k_.x, b, n), l.y = part(k_.y, b, n), l.z = used(k_, k_.z, b, n);
    l.slice = used(k_, k_.slice, b, n), l.level = used(k_, k_.level, b, n);
    l.sample = used(k_, k_.sample, b, n);
    l.offset_x = used(k_, k_.offset_x, b, n), l.offset_y = used(k_, k_.offset_y, b, n);
    l.offset_z = used(k_, k_.offset_z, b, n);
    if (std::any_of(k_.has_mcs.begin() + b, k_.has_mcs.begin() + b + n,
                    [](uint8_t m) { return m != 0; }))
      l.mcs = part(k_.mcs, b, n);
    FetchOptions o;
    o.profile = s_.profile;
    if (!s_.addresses) return fetch(surface, l, results(b, n), o, local);
    AddressTrace t;
    const LookupStatus st =
        fetch_addresses(surface, l, results(b, n), o, placement(b), s_.line_bytes, t, local);
    if (st.ok) keep(b, n, t);
    return st;
  }

  // The placement of row b's surface: the scene's, or texsim's linear layout at address 0.
  Placement placement(size_t b) const {
    const uint32_t id = k_.surface[b];
    return (s_.descriptors ? s_.scene->descriptor_placement(id) : s_.scene->placement(id))
        .value_or(Placement{});
  }

  // Rows [b, b + n) read what `t` lists lane by lane.
  void keep(size_t b, size_t n, const AddressTrace& t) {
    RequestBlock::TexelColumns& c = k_.texels;
    for (size_t i = 0; i < n; ++i) {
      c.count[b + i] = static_cast<uint32_t>(t.lane_offsets[i + 1] - t.lane_offsets[i]);
      c.line_count[b + i] =
          static_cast<uint32_t>(t.lane_line_offsets[i + 1] - t.lane_line_offsets[i]);
    }
    const size_t reads = t.lane_offsets[n];
    for (size_t k = 0; k < reads; ++k) {
      const TexelAddress& a = t.reads[k];
      c.x.push_back(a.x), c.y.push_back(a.y), c.z.push_back(a.slice_or_z);
      c.level.push_back(a.level), c.sample.push_back(a.sample), c.bytes.push_back(a.bytes);
      c.address.push_back(a.address);
    }
    c.line.insert(c.line.end(), t.lane_lines.begin(), t.lane_lines.end());
  }

  LookupStatus sample_message(const Surface& surface, const Sampler& sampler, size_t b, size_t n,
                              Diagnostics& local) {
    SampleLanes l;
    l.count = n;
    l.op = k_.op[b];
    l.u = part(k_.u, b, n), l.v = part(k_.v, b, n), l.w = used(k_, k_.w, b, n);
    l.ddx_u = used(k_, k_.ddx_u, b, n), l.ddx_v = used(k_, k_.ddx_v, b, n);
    l.ddx_w = used(k_, k_.ddx_w, b, n);
    l.ddy_u = used(k_, k_.ddy_u, b, n), l.ddy_v = used(k_, k_.ddy_v, b, n);
    l.ddy_w = used(k_, k_.ddy_w, b, n);
    l.array_index = used(k_, k_.array_index, b, n), l.lod = used(k_, k_.lod, b, n);
    l.reference = used(k_, k_.reference, b, n);
    l.offset_x = used(k_, k_.offset_x, b, n), l.offset_y = used(k_, k_.offset_y, b, n);
    l.offset_z = used(k_, k_.offset_z, b, n);
    l.gather_component = k_.component[b];
    SampleOptions o;
    o.profile = s_.profile;
    o.lavapipe_groups = s_.groups;
    o.derivatives_from_quads = s_.groups && s_.profile != Profile::kLavapipe;
    AddressTrace t;
    const LookupStatus st = s_.addresses ? sample_addresses(surface, sampler, l, results(b, n), o,
                                                            placement(b), s_.line_bytes, t, local)
                                         : sample(surface, sampler, l, results(b, n), o, local);
    if (st.ok && s_.addresses && !s_.bounds) keep(b, n, t);
    if (!st.ok || !s_.bounds) return st;
    BoundsOptions bo = *s_.bounds;
    bo.derivatives_from_quads = s_.groups;  // quads formed: coarse or fine differences
    const Results lo{part_out(k_.lo_r, b, n), part_out(k_.lo_g, b, n), part_out(k_.lo_b, b, n),
                     part_out(k_.lo_a, b, n), part_out(k_.bounded, b, n)};
    const Results hi{part_out(k_.hi_r, b, n),
                     part_out(k_.hi_g, b, n),
                     part_out(k_.hi_b, b, n),
                     part_out(k_.hi_a, b, n),
                     {}};
    const LookupStatus bs = sample_bounds(surface, sampler, l, lo, hi, bo, local);
    if (bs.ok) {
      std::fill_n(k_.has_range.begin() + b, n, 1);
      // sample_bounds flags kFlagUnbounded; the column says "bounded".
      for (size_t i = b; i < b + n; ++i) k_.bounded[i] = (k_.bounded[i] & kFlagUnbounded) == 0;
      if (s_.addresses) keep(b, n, t);
    }
    return bs;
  }

  // Rows [b, e): one message.
  void message(size_t b, size_t e) {
    const size_t n = e - b;
    const uint32_t id = k_.surface[b];
    const auto surface = s_.descriptors ? s_.scene->descriptor_surface(id) : s_.scene->surface(id);
    if (!surface)
      return error_rows(b, e, "SAMPLE-REQUEST-SURFACE",
                        s_.descriptors ? "the scene gives no surface descriptor " +
                                             std::to_string(id) + " (--descriptors)"
                                       : "the scene has no surface " + std::to_string(id));
    Diagnostics local;
    LookupStatus st;
    if (k_.fetch[b]) {
      st = fetch_message(*surface, b, n, local);
    } else {
      const uint32_t sid = k_.sampler[b];
      const auto sampler =
          s_.descriptors ? s_.scene->descriptor_sampler(sid) : s_.scene->sampler(sid);
      if (!sampler)
        return error_rows(b, e, "SAMPLE-REQUEST-SAMPLER",
                          s_.descriptors ? "the scene gives no sampler descriptor " +
                                               std::to_string(sid) + " (--descriptors)"
                                         : "the scene has no sampler " + std::to_string(sid));
      if (s_.profile == Profile::kLavapipe && !s_.groups && is_quad_op(k_.op[b]))
        return error_rows(b, e, "SAMPLE-REQUEST-QUAD",
                          "with the lavapipe profile a quad op (implicit, bias, lod_query) needs "
                          "--groups: lavapipe takes its LOD from the pixel quad");
      st = sample_message(*surface, *sampler, b, n, local);
    }
    if (!st.ok) {
      const std::string what = k_.binary ? "rows " : "lines ";
      for (const Diagnostic& d : local) {
        k_.diags.push_back(row_error(s_.file, k_.binary, k_.line[b], 1, d.rule,
                                     d.message + " (the message of " + what +
                                         std::to_string(k_.line[b]) + ".." +
                                         std::to_string(k_.line[e - 1]) + ")"));
      }
      for (size_t i = b; i < e; ++i) k_.status[i] = static_cast<uint8_t>(RowStatus::kError);
      k_.errors += n;
      return;
    }
    std::fill_n(k_.kind.begin() + b, n, static_cast<uint8_t>(st.kind));
    if (!k_.fetch[b]) std::fill_n(k_.flags.begin() + b, n, 0);
    k_.lookups += n;
  }

  const SampleRunSettings& s_;
  RequestBlock& k_;
};

}  // namespace

void answer_block(const SampleRunSettings& settings, RequestBlock& block) {
  BlockRunner(settings, block).run();
}

}  // namespace texsim::cli
