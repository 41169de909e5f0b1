// texsim._texsim: sampler state and the sample/fetch messages over numpy arrays. Inputs are
// used in place when already contiguous of the right dtype; results come back as (n, 4) views
// of one (4, n) array (no copy), typed by the result kind.
#include <array>
#include <vector>

#include "module.hpp"

namespace texsim::py_api {

namespace {

using FloatArr = py::array_t<float, py::array::c_style | py::array::forcecast>;
using U32Arr = py::array_t<uint32_t, py::array::c_style | py::array::forcecast>;
using I32Arr = py::array_t<int32_t, py::array::c_style | py::array::forcecast>;
using U64Arr = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>;
using U8Arr = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;

// Keeps converted inputs alive while the message runs; nullptr-like (empty span) for None.
struct Inputs {
  std::vector<py::array> keep;
  size_t count = 0;
  bool has_count = false;

  template <typename Arr, typename T>
  std::span<const T> get(const py::object& o, const char* name) {
    if (o.is_none()) return {};
    Arr a = Arr::ensure(o);
    if (!a) throw py::type_error(std::string(name) + ": expected an array of numbers");
    if (a.ndim() > 1) throw py::value_error(std::string(name) + ": expected a 1-D array");
    const auto n = static_cast<size_t>(a.size());
    if (!has_count) count = n, has_count = true;
    if (n != count)
      throw py::value_error(std::string(name) + ": " + std::to_string(n) +
                            " elements, the other arrays have " + std::to_string(count));
    keep.push_back(a);
    return std::span<const T>(a.data(), n);
  }
};

// One (4, n) uint32 array for the results; `rows` are its rows (R, G, B, A).
void alloc_results(size_t n, std::array<std::span<uint32_t>, 4>& rows, py::array& flat) {
  flat = py::array_t<uint32_t>({py::ssize_t{4}, static_cast<py::ssize_t>(n)});
  auto* p = static_cast<uint32_t*>(flat.mutable_data());
  for (size_t c = 0; c < 4; ++c) rows[c] = std::span<uint32_t>(p + c * n, n);
}

// The (n, 4) view of `flat` typed by the result kind (no copy).
py::object typed_view(const py::array& flat, TexelKind kind) {
  const py::dtype dt = kind == TexelKind::kFloat  ? py::dtype::of<float>()
                       : kind == TexelKind::kSint ? py::dtype::of<int32_t>()
                                                  : py::dtype::of<uint32_t>();
  return flat.attr("view")(dt).attr("T");
}

// bounds_precision={...}: the BoundsPrecision fields by name; an unknown name is a ValueError.
BoundsPrecision precision_arg(const py::object& o) {
  BoundsPrecision p;
  if (o.is_none()) return p;
  const std::pair<const char*, unsigned*> fields[] = {
      {"coord_bits", &p.coord_bits},
      {"subtexel_bits", &p.subtexel_bits},
      {"lod_bits", &p.lod_bits},
      {"derivative_lod_bits", &p.derivative_lod_bits},
      {"derivative_bits", &p.derivative_bits},
      {"blend_bits", &p.blend_bits},
      {"color_bits", &p.color_bits},
      {"float_bits", &p.float_bits}};
  for (const auto& [key, value] : o.cast<py::dict>()) {
    const auto name = key.cast<std::string>();
    bool found = false;
    for (const auto& [field, dst] : fields) {
      if (name != field) continue;
      *dst = value.cast<unsigned>();
      found = true;
    }
    if (!found) throw py::value_error("bounds_precision: unknown field '" + name + "'");
  }
  return p;
}

std::array<int32_t, 3> offset3(const py::object& o) {
  std::array<int32_t, 3> r{};
  if (o.is_none()) return r;
  const auto v = o.cast<std::vector<int32_t>>();
  if (v.size() > 3) throw py::value_error("offset: at most 3 components");
  for (size_t i = 0; i < v.size(); ++i) r[i] = v[i];
  return r;
}

Profile profile_arg(const std::string& name) {
  const auto p = profile_from_name(name);
  constexpr std::array<std::string_view, 4> kProfiles{"d3d", "exact", "lavapipe", "nvidia"};
  if (!p)
    throw py::value_error("profile: expected d3d, exact, lavapipe or nvidia, got '" + name + "'" +
                          core::did_you_mean(name, kProfiles));
  return *p;
}

}  // namespace

void bind_sampler(py::module_& m) {
  // Every enum also takes its member's name as a string (accept_names, issue 31).
  py::enum_<Filter> filter(m, "Filter");
  filter.value("POINT", Filter::kPoint).value("LINEAR", Filter::kLinear);
  py::enum_<MipFilter> mip_filter(m, "MipFilter");
  mip_filter.value("NONE", MipFilter::kNone)
      .value("POINT", MipFilter::kPoint)
      .value("LINEAR", MipFilter::kLinear);
  py::enum_<AddressMode> address(m, "AddressMode");
  address.value("WRAP", AddressMode::kWrap)
      .value("MIRROR", AddressMode::kMirror)
      .value("CLAMP", AddressMode::kClamp)
      .value("BORDER", AddressMode::kBorder)
      .value("MIRROR_ONCE", AddressMode::kMirrorOnce);
  py::enum_<CompareFunc> compare(m, "CompareFunc");
  compare.value("NEVER", CompareFunc::kNever)
      .value("LESS", CompareFunc::kLess)
      .value("EQUAL", CompareFunc::kEqual)
      .value("LESS_EQUAL", CompareFunc::kLessEqual)
      .value("GREATER", CompareFunc::kGreater)
      .value("NOT_EQUAL", CompareFunc::kNotEqual)
      .value("GREATER_EQUAL", CompareFunc::kGreaterEqual)
      .value("ALWAYS", CompareFunc::kAlways);
  py::enum_<Reduction> reduction(m, "Reduction");
  reduction.value("WEIGHTED_AVERAGE", Reduction::kWeightedAverage)
      .value("MIN", Reduction::kMin)
      .value("MAX", Reduction::kMax);
  py::enum_<SampleOp> op(m, "SampleOp");
  op.value("IMPLICIT", SampleOp::kImplicit)
      .value("BIAS", SampleOp::kBias)
      .value("LEVEL", SampleOp::kLevel)
      .value("GRAD", SampleOp::kGrad)
      .value("LEVEL_ZERO", SampleOp::kLevelZero)
      .value("GATHER", SampleOp::kGather)
      .value("LOD_QUERY", SampleOp::kLodQuery);
  accept_names(filter);
  accept_names(mip_filter);
  accept_names(address);
  accept_names(compare);
  accept_names(reduction);
  py::enum_<SampleIndexPolicy> sample_index(m, "SampleIndexPolicy");
  sample_index.value("ZERO", SampleIndexPolicy::kZero).value("CLAMP", SampleIndexPolicy::kClamp);
  py::enum_<QueryOp> query_op(m, "QueryOp");
  query_op.value("SIZE", QueryOp::kSize)
      .value("LEVELS", QueryOp::kLevels)
      .value("SAMPLES", QueryOp::kSamples);
  accept_names(op);
  accept_names(sample_index);
  accept_names(query_op);

  py::class_<Sampler>(m, "Sampler")
      .def(py::init([](Filter min_f, Filter mag_f, MipFilter mip_f, std::vector<AddressMode> addr,
                       std::array<float, 4> border, std::array<uint32_t, 4> border_int, float bias,
                       float min_lod, float max_lod, std::optional<CompareFunc> cmp, float aniso,
                       bool normalized, bool srgb, Reduction red) {
             Sampler s;
             s.min_filter = min_f, s.mag_filter = mag_f, s.mip_filter = mip_f;
             if (addr.empty() || addr.size() > 3)
               throw py::value_error("address: 1 to 3 modes (u, v, w)");
             for (size_t i = 0; i < 3; ++i) s.address[i] = addr[std::min(i, addr.size() - 1)];
             s.border_color = border, s.border_color_int = border_int;
             s.lod_bias = bias, s.min_lod = min_lod, s.max_lod = max_lod, s.compare = cmp;
             s.max_anisotropy = aniso, s.normalized_coords = normalized, s.srgb_decode = srgb;
             s.reduction = red;
             return s;
           }),
           py::kw_only(), py::arg("min_filter") = Filter::kLinear,
           py::arg("mag_filter") = Filter::kLinear, py::arg("mip_filter") = MipFilter::kPoint,
           py::arg("address") = std::vector<AddressMode>{AddressMode::kClamp},
           py::arg("border_color") = std::array<float, 4>{},
           py::arg("border_color_int") = std::array<uint32_t, 4>{}, py::arg("lod_bias") = 0.0f,
           py::arg("min_lod") = 0.0f, py::arg("max_lod") = 1000.0f, py::arg("compare") = py::none(),
           py::arg("max_anisotropy") = 1.0f, py::arg("normalized_coords") = true,
           py::arg("srgb_decode") = true, py::arg("reduction") = Reduction::kWeightedAverage)
      .def_readwrite("min_filter", &Sampler::min_filter)
      .def_readwrite("mag_filter", &Sampler::mag_filter)
      .def_readwrite("mip_filter", &Sampler::mip_filter)
      .def_readwrite("address", &Sampler::address)
      .def_readwrite("border_color", &Sampler::border_color)
      .def_readwrite("border_color_int", &Sampler::border_color_int)
      .def_readwrite("lod_bias", &Sampler::lod_bias)
      .def_readwrite("min_lod", &Sampler::min_lod)
      .def_readwrite("max_lod", &Sampler::max_lod)
      .def_readwrite("compare", &Sampler::compare)
      .def_readwrite("max_anisotropy", &Sampler::max_anisotropy)
      .def_readwrite("normalized_coords", &Sampler::normalized_coords)
      .def_readwrite("srgb_decode", &Sampler::srgb_decode)
      .def_readwrite("reduction", &Sampler::reduction);
  m.def("vulkan_equivalent", &vulkan_equivalent, py::arg("sampler"), py::arg("format"));
}

void bind_lookups(py::module_& m) {
  m.def(
      "sample",
      [](const Surface& s, const Sampler& smp, const py::object& u, const py::object& v,
         const py::object& w, SampleOp op, const py::object& lod, const py::object& array_index,
         const py::object& ddx, const py::object& ddy, const py::object& reference,
         const py::object& offset, uint8_t gather_component, const py::object& active,
         const std::string& profile, bool lavapipe_groups, bool derivatives_from_quads,
         unsigned threads, const py::object& quad_x, const py::object& quad_y,
         bool lavapipe_masked_lanes, bool bounds, const py::object& bounds_precision,
         bool addresses, const py::object& placement, uint32_t line_bytes) -> py::object {
        Inputs in, quads;  // quad positions: one per quad, their own count
        SampleLanes l;
        l.op = op;
        l.u = in.get<FloatArr, float>(u, "u");
        l.v = in.get<FloatArr, float>(v, "v");
        l.w = in.get<FloatArr, float>(w, "w");
        l.lod = in.get<FloatArr, float>(lod, "lod");
        l.array_index = in.get<FloatArr, float>(array_index, "array_index");
        l.reference = in.get<FloatArr, float>(reference, "reference");
        const char* names[6] = {"ddx[0]", "ddx[1]", "ddx[2]", "ddy[0]", "ddy[1]", "ddy[2]"};
        std::span<const float>* d[6] = {&l.ddx_u, &l.ddx_v, &l.ddx_w, &l.ddy_u, &l.ddy_v, &l.ddy_w};
        for (size_t k = 0; k < 2; ++k) {
          const py::object& g = k == 0 ? ddx : ddy;
          if (g.is_none()) continue;
          const auto parts = g.cast<std::vector<py::object>>();
          if (parts.size() > 3) throw py::value_error("ddx/ddy: at most 3 arrays (u, v, w)");
          for (size_t i = 0; i < parts.size(); ++i)
            *d[3 * k + i] = in.get<FloatArr, float>(parts[i], names[3 * k + i]);
        }
        if (py::isinstance<py::tuple>(offset) || py::isinstance<py::list>(offset) ||
            offset.is_none()) {
          l.offset = offset3(offset);
        } else {
          throw py::type_error("offset: a tuple of up to 3 ints");
        }
        l.gather_component = gather_component;
        l.active = in.get<U8Arr, uint8_t>(active, "active");
        l.count = in.count;
        l.quad_x = quads.get<U32Arr, uint32_t>(quad_x, "quad_x");
        l.quad_y = quads.get<U32Arr, uint32_t>(quad_y, "quad_y");
        SampleOptions o;
        o.profile = profile_arg(profile);
        o.lavapipe_groups = lavapipe_groups;
        o.lavapipe_masked_lanes = lavapipe_masked_lanes;
        o.derivatives_from_quads = derivatives_from_quads;
        o.threads = threads;
        std::array<std::span<uint32_t>, 4> rows;
        py::array flat;
        Diagnostics diags;
        LookupStatus st;
        alloc_results(l.count, rows, flat);
        if (addresses && bounds) throw py::value_error("sample_addresses: no bounds");
        if (addresses) {
          const Placement p = placement_arg(placement);
          AddressTrace t;
          {
            py::gil_scoped_release release;
            st = sample_addresses(s, smp, l, Results{rows[0], rows[1], rows[2], rows[3], {}}, o, p,
                                  line_bytes, t, diags);
          }
          if (!st.ok) raise(diags, "sample_addresses failed");
          return py::make_tuple(typed_view(flat, st.kind), trace_dict(t));
        }
        {
          py::gil_scoped_release release;
          st = sample(s, smp, l, Results{rows[0], rows[1], rows[2], rows[3], {}}, o, diags);
        }
        if (!st.ok) raise(diags, "sample failed");
        if (!bounds) return typed_view(flat, st.kind);
        BoundsOptions bo;
        bo.precision = precision_arg(bounds_precision);
        bo.derivatives_from_quads = derivatives_from_quads;
        std::array<std::span<uint32_t>, 4> lo_rows, hi_rows;
        py::array lo_flat, hi_flat;
        alloc_results(l.count, lo_rows, lo_flat);
        alloc_results(l.count, hi_rows, hi_flat);
        {
          py::gil_scoped_release release;
          st =
              sample_bounds(s, smp, l, Results{lo_rows[0], lo_rows[1], lo_rows[2], lo_rows[3], {}},
                            Results{hi_rows[0], hi_rows[1], hi_rows[2], hi_rows[3], {}}, bo, diags);
        }
        if (!st.ok) raise(diags, "sample bounds failed");
        return py::make_tuple(typed_view(flat, st.kind), typed_view(lo_flat, st.kind),
                              typed_view(hi_flat, st.kind));
      },
      py::arg("surface"), py::arg("sampler"), py::arg("u"), py::arg("v") = py::none(),
      py::arg("w") = py::none(), py::kw_only(), py::arg("op") = SampleOp::kLevel,
      py::arg("lod") = py::none(), py::arg("array_index") = py::none(), py::arg("ddx") = py::none(),
      py::arg("ddy") = py::none(), py::arg("reference") = py::none(),
      py::arg("offset") = py::none(), py::arg("gather_component") = 0,
      py::arg("active") = py::none(), py::arg("profile") = "d3d", py::arg("lavapipe_groups") = true,
      py::arg("derivatives_from_quads") = false, py::arg("threads") = 1u,
      py::arg("quad_x") = py::none(), py::arg("quad_y") = py::none(),
      py::arg("lavapipe_masked_lanes") = false, py::arg("bounds") = false,
      py::arg("bounds_precision") = py::none(), py::arg("addresses") = false,
      py::arg("placement") = py::none(), py::arg("line_bytes") = 64u,
      "Samples one message: one lane per element of u (and v, w, lod, ...). Returns an (n, 4) "
      "array of R, G, B, A: float32, int32 or uint32 as the result kind is. bounds=True returns "
      "(texels, lo, hi): per lane and channel the interval of results the Vulkan specification "
      "allows (docs/bounds.md; [-inf, inf] admits NaN). bounds_precision: a dict overriding "
      "coord_bits, subtexel_bits, lod_bits, derivative_lod_bits, derivative_bits, blend_bits, "
      "color_bits, float_bits (defaults: the Vulkan CTS's). addresses=True "
      "(texsim.sample_addresses) "
      "returns (texels, trace): every texel read mapped through placement (None: texsim's "
      "linear layout at 0) with lines of line_bytes (docs/memory-trace.md).");

  m.def(
      "query",
      [](const Surface& s, const py::object& lod, QueryOp op, const py::object& active,
         const std::string& profile, bool lavapipe_groups, bool lavapipe_masked_lanes,
         py::ssize_t count) {
        Inputs in;
        QueryLanes l;
        l.op = op;
        l.lod = in.get<U32Arr, uint32_t>(lod, "lod");
        l.active = in.get<U8Arr, uint8_t>(active, "active");
        if (!in.has_count && count < 0) throw py::value_error("query: give lod, active or count");
        if (count >= 0 && in.has_count && static_cast<size_t>(count) != in.count)
          throw py::value_error("count: differs from the arrays' length");
        l.count = in.has_count ? in.count : static_cast<size_t>(count);
        QueryOptions o;
        o.profile = profile_arg(profile);
        o.lavapipe_groups = lavapipe_groups;
        o.lavapipe_masked_lanes = lavapipe_masked_lanes;
        std::array<std::span<uint32_t>, 4> rows;
        py::array flat;
        Diagnostics diags;
        LookupStatus st;
        alloc_results(l.count, rows, flat);
        st = query(s, l, Results{rows[0], rows[1], rows[2], rows[3], {}}, o, diags);
        if (!st.ok) raise(diags, "query failed");
        return typed_view(flat, st.kind);
      },
      py::arg("surface"), py::arg("lod") = py::none(), py::kw_only(),
      py::arg("op") = QueryOp::kSize, py::arg("active") = py::none(), py::arg("profile") = "d3d",
      py::arg("lavapipe_groups") = true, py::arg("lavapipe_masked_lanes") = false,
      py::arg("count") = -1,
      "Image queries (textureSize, textureQueryLevels, textureSamples): an (n, 4) uint32 array; "
      "op SIZE: R, G, B the size at each lane's LOD, A the level count; LEVELS, SAMPLES: R.");

  m.def(
      "fetch",
      [](const Surface& s, const py::object& x, const py::object& y, const py::object& z,
         const py::object& slice, const py::object& level, const py::object& sample_index,
         const py::object& offset, const py::object& mcs, const py::object& active,
         const std::string& profile, bool flags, SampleIndexPolicy index_policy, unsigned threads,
         bool addresses, const py::object& placement, uint32_t line_bytes) -> py::object {
        Inputs in;
        FetchLanes l;
        l.x = in.get<U32Arr, uint32_t>(x, "x");
        l.y = in.get<U32Arr, uint32_t>(y, "y");
        l.z = in.get<U32Arr, uint32_t>(z, "z");
        l.slice = in.get<U32Arr, uint32_t>(slice, "slice");
        l.level = in.get<U32Arr, uint32_t>(level, "level");
        l.sample = in.get<U32Arr, uint32_t>(sample_index, "sample");
        l.offset = offset3(offset);
        l.mcs = in.get<U64Arr, uint64_t>(mcs, "mcs");
        l.active = in.get<U8Arr, uint8_t>(active, "active");
        l.count = in.count;
        FetchOptions o;
        o.profile = profile_arg(profile);
        o.sample_index = index_policy;
        o.threads = threads;
        std::array<std::span<uint32_t>, 4> rows;
        py::array flat;
        alloc_results(l.count, rows, flat);
        py::array_t<uint8_t> fl(static_cast<py::ssize_t>(l.count));
        const std::span<uint8_t> fspan(fl.mutable_data(), l.count);
        Diagnostics diags;
        LookupStatus st;
        AddressTrace t;
        {
          py::gil_scoped_release release;
          const Results r{rows[0], rows[1], rows[2], rows[3], fspan};
          st = addresses
                   ? fetch_addresses(s, l, r, o, placement_arg(placement), line_bytes, t, diags)
                   : fetch(s, l, r, o, diags);
        }
        if (!st.ok) raise(diags, addresses ? "fetch_addresses failed" : "fetch failed");
        py::object texels = typed_view(flat, st.kind);
        if (addresses)
          return flags ? py::make_tuple(texels, fl, trace_dict(t))
                       : py::make_tuple(texels, trace_dict(t));
        if (flags) return py::make_tuple(texels, fl);
        return texels;
      },
      py::arg("surface"), py::arg("x"), py::arg("y") = py::none(), py::arg("z") = py::none(),
      py::kw_only(), py::arg("slice") = py::none(), py::arg("level") = py::none(),
      py::arg("sample") = py::none(), py::arg("offset") = py::none(), py::arg("mcs") = py::none(),
      py::arg("active") = py::none(), py::arg("profile") = "d3d", py::arg("flags") = false,
      py::arg("sample_index") = SampleIndexPolicy::kZero, py::arg("threads") = 1u,
      py::arg("addresses") = false, py::arg("placement") = py::none(), py::arg("line_bytes") = 64u,
      "Fetches (ld) one message: one lane per element of x. Returns an (n, 4) array, and with "
      "flags=True also the per-lane flags (1 in bounds, 2 null tile, 4 fast cleared). "
      "sample_index: 'zero' or 'clamp' for a sample index beyond the surface's samples. "
      "addresses=True (texsim.fetch_addresses) adds the trace dict last.");
  m.attr("FLAG_IN_BOUNDS") = kFlagInBounds;
  m.attr("FLAG_NULL_TILE") = kFlagNullTile;
  m.attr("FLAG_FAST_CLEARED") = kFlagFastCleared;
  m.attr("FLAG_UNBOUNDED") = kFlagUnbounded;
}

}  // namespace texsim::py_api
