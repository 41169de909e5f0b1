// texsim._texsim: placements (texsim.Placement, texsim.Tiling) and address traces as numpy arrays,
// for sample_addresses / fetch_addresses (docs/memory-trace.md). Depends on the public C++ API.
#include <cstring>
#include <optional>

#include "module.hpp"

namespace texsim::py_api {

namespace {

template <typename T>
py::array_t<T> column(const std::vector<TexelAddress>& reads, T TexelAddress::*field) {
  py::array_t<T> a(static_cast<py::ssize_t>(reads.size()));
  T* p = a.mutable_data();
  for (size_t i = 0; i < reads.size(); ++i) p[i] = reads[i].*field;
  return a;
}

template <typename T>
py::array_t<T> copy_of(const std::vector<T>& v) {
  py::array_t<T> a(static_cast<py::ssize_t>(v.size()));
  if (!v.empty()) std::memcpy(a.mutable_data(), v.data(), v.size() * sizeof(T));
  return a;
}

py::array_t<uint64_t> offsets(const std::vector<size_t>& v) {
  py::array_t<uint64_t> a(static_cast<py::ssize_t>(v.size()));
  for (size_t i = 0; i < v.size(); ++i) a.mutable_data()[i] = v[i];
  return a;
}

}  // namespace

py::dict trace_dict(const AddressTrace& t) {
  py::dict d;
  d["lane_start"] = offsets(t.lane_offsets);
  d["x"] = column(t.reads, &TexelAddress::x);
  d["y"] = column(t.reads, &TexelAddress::y);
  d["z"] = column(t.reads, &TexelAddress::slice_or_z);
  d["level"] = column(t.reads, &TexelAddress::level);
  d["sample"] = column(t.reads, &TexelAddress::sample);
  d["address"] = column(t.reads, &TexelAddress::address);
  d["bytes"] = column(t.reads, &TexelAddress::bytes);
  d["lane"] = column(t.reads, &TexelAddress::lane);
  d["lines"] = copy_of(t.lines);
  d["lane_line_start"] = offsets(t.lane_line_offsets);
  d["lane_lines"] = copy_of(t.lane_lines);
  return d;
}

Placement placement_arg(const py::object& o) {
  if (o.is_none()) return {};
  return o.cast<Placement>();
}

void bind_placement(py::module_& m) {
  py::enum_<Tiling> tiling(m, "Tiling");
  tiling.value("LINEAR", Tiling::kLinear)
      .value("PITCH", Tiling::kPitch)
      .value("BLOCK_LINEAR", Tiling::kBlockLinear)
      .value("TILE_Y", Tiling::kTileY)
      .value("TILE4", Tiling::kTile4)
      .value("TILE64", Tiling::kTile64);
  accept_names(tiling);
  py::class_<Placement>(m, "Placement")
      .def(py::init([](Tiling t, uint64_t base_address, uint32_t row_pitch, uint8_t bw, uint8_t bh,
                       uint8_t bd, uint32_t halign, uint32_t valign, uint32_t qpitch,
                       uint64_t array_pitch, std::optional<uint32_t> miptail_start) {
             return Placement{t,      row_pitch, bw,          bh,           bd,           halign,
                              valign, qpitch,    array_pitch, base_address, miptail_start};
           }),
           py::arg("tiling") = Tiling::kLinear, py::kw_only(), py::arg("base_address") = 0,
           py::arg("row_pitch") = 0, py::arg("block_width_log2") = 0,
           py::arg("block_height_log2") = 0, py::arg("block_depth_log2") = 0, py::arg("halign") = 4,
           py::arg("valign") = 4, py::arg("qpitch") = 0, py::arg("array_pitch") = 0,
           py::arg("miptail_start") = py::none(),
           "Where a surface lies in GPU memory (docs/memory-layouts.md); 0 fields are computed "
           "as the public drivers compute them. miptail_start: Tile64's Mip Tail Start LOD "
           "(0..15), None for the level Mesa isl picks.")
      .def_readwrite("tiling", &Placement::tiling)
      .def_readwrite("base_address", &Placement::base_address)
      .def_readwrite("row_pitch", &Placement::row_pitch)
      .def_readwrite("block_width_log2", &Placement::block_width_log2)
      .def_readwrite("block_height_log2", &Placement::block_height_log2)
      .def_readwrite("block_depth_log2", &Placement::block_depth_log2)
      .def_readwrite("halign", &Placement::halign)
      .def_readwrite("valign", &Placement::valign)
      .def_readwrite("qpitch", &Placement::qpitch)
      .def_readwrite("array_pitch", &Placement::array_pitch)
      .def_readwrite("miptail_start", &Placement::miptail_start);
}

}  // namespace texsim::py_api
