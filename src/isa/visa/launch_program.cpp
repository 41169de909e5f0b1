// A launch laid out from ocloc's program binary (launch_program.hpp): what the OpenCL runtime
// (Intel's compute-runtime) does with a kernel's patch tokens, for the tokens IGC writes for
// OpenCL C buffer, image, sampler and scalar arguments (patch_list.h; decisions K23).
#include "isa/visa/launch_program.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <map>
#include <set>

#include "hwstate/intel_texsim.hpp"
#include "isa/visa/ocl_binary.hpp"
#include "isa/visa/scene_states.hpp"
#include "isa/visa/scene_variables.hpp"
#include "scene/descriptor_bytes.hpp"
#include "texunit/format_table.hpp"

namespace texsim::isa::visa {
namespace {

using scene::Json;
using scene::json_member_path;
using scene::JsonReader;

constexpr uint64_t kDefaultBufferAddress = 0x100000;  // argument k's buffer at (k + 1) * this
constexpr size_t kMaxCrossThread = size_t{64} * 1024;
// The GPU address of a launch's stateless private memory (above every default buffer address,
// (255 + 1) * kDefaultBufferAddress; decision KP3).
constexpr uint64_t kPrivateAddress = 0x40000000;

// One argument as the scene gives it.
struct Arg {
  std::string path;
  const Json* value = nullptr;
  bool used = false;
};

// cl.h's CL_* values of an image's channel data type and order (get_image_channel_*).
std::pair<uint32_t, uint32_t> cl_channel(texunit::Format f) {
  const texunit::FormatInfo& info = texunit::format_info(f);
  const texunit::ChannelLayout& r = info.channels[0];
  uint32_t type = 0;
  switch (r.kind) {
    case texunit::ChannelKind::kUnorm:
    case texunit::ChannelKind::kSrgb:
      type = r.bits == 8 ? 0x10D2 : 0x10D3;  // CL_UNORM_INT8 / CL_UNORM_INT16
      break;
    case texunit::ChannelKind::kSnorm:
      type = r.bits == 8 ? 0x10D0 : 0x10D1;
      break;
    case texunit::ChannelKind::kSint:
      type = r.bits == 8 ? 0x10D7 : r.bits == 16 ? 0x10D8 : 0x10D9;
      break;
    case texunit::ChannelKind::kUint:
      type = r.bits == 8 ? 0x10DA : r.bits == 16 ? 0x10DB : 0x10DC;
      break;
    default:
      type = r.bits == 16 ? 0x10DD : 0x10DE;  // CL_HALF_FLOAT / CL_FLOAT
  }
  static constexpr uint32_t kOrder[5] = {0, 0x10B0, 0x10B2, 0x10B4, 0x10B5};  // R RG RGB RGBA
  return {type, kOrder[std::popcount(info.present_mask())]};
}

class Layout {
 public:
  Layout(JsonReader& r, const scene::Scene& sc, const OclKernel& k, SceneState& st, KernelLaunch& l,
         std::map<uint32_t, Arg>& args, const std::string& path)
      : r_(r), sc_(sc), k_(k), st_(st), l_(l), args_(args), path_(path) {}

  void run();

 private:
  void put(uint32_t offset, uint32_t size, uint64_t value) {
    if (uint64_t{offset} + size > kMaxCrossThread) {
      r_.err(
          "VISA-OCL-BINARY", path_,
          "a data parameter at cross-thread offset " + std::to_string(offset) + " is out of range");
      return;
    }
    if (l_.cross_thread.size() < offset + size) l_.cross_thread.resize(offset + size, 0);
    for (uint32_t b = 0; b < size && b < 8; ++b)
      l_.cross_thread[offset + b] = static_cast<uint8_t>(value >> (8 * b));
  }
  const Json* arg(uint32_t n, const char* what) {
    const auto it = args_.find(n);
    if (it == args_.end()) {
      r_.err("SCENE-MISSING", json_member_path("launch", "args"),
             "kernel " + k_.name + " needs argument " + std::to_string(n) + " (" + what + ")");
      return nullptr;
    }
    it->second.used = true;
    return it->second.value;
  }
  std::optional<uint32_t> bti(uint32_t ssh_offset, uint32_t n) {
    const auto i = k_.binding_table_index(ssh_offset);
    if (!i)
      r_.err("VISA-OCL-BINARY", path_,
             "argument " + std::to_string(n) + "'s surface state (heap offset " +
                 std::to_string(ssh_offset) + ") is in no binding-table entry");
    return i;
  }
  // A scene surface: a JSON one or one given as RENDER_SURFACE_STATE bytes (read before).
  const scene::SceneSurface* surface(uint32_t id) const {
    const auto it = st_.surfaces.find(id);
    return it != st_.surfaces.end() ? &it->second : sc_.find_surface(id);
  }
  void buffer(uint32_t n, uint32_t ssh_offset, std::optional<std::pair<uint32_t, uint32_t>> ptr);
  void image(uint32_t n, uint32_t ssh_offset);
  void data_parameter(const OclToken& t);
  void samplers(const OclToken& t);
  void private_memory(const OclToken& t);

  JsonReader& r_;
  const scene::Scene& sc_;
  const OclKernel& k_;
  SceneState& st_;
  KernelLaunch& l_;
  std::map<uint32_t, Arg>& args_;
  const std::string& path_;
  std::map<uint32_t, uint32_t> image_surface_;  // argument -> scene surface id
  std::set<uint32_t> image_args_;               // the image arguments (reported on their own)
};

// A buffer argument {"buffer": {"type", "values"}, "address": A}: its binding-table index and,
// for stateless access, its GPU address in the cross-thread data (`ptr`: offset, size).
void Layout::buffer(uint32_t n, uint32_t ssh_offset,
                    std::optional<std::pair<uint32_t, uint32_t>> ptr) {
  const Json* v = arg(n, "a buffer");
  if (v == nullptr) return;
  const std::string ap = args_[n].path;
  if (!v->is_object() || !v->contains("buffer")) {
    r_.err("SCENE-VALUE", ap,
           "argument " + std::to_string(n) +
               " is a buffer: expected {\"buffer\": {\"type\", \"values\"}}");
    return;
  }
  r_.check_keys(*v, ap, {"buffer", "address"});
  uint64_t address = kDefaultBufferAddress * (n + 1);
  if (const Json* a = JsonReader::member(*v, "address")) {
    const auto u = r_.as_u64(*a, json_member_path(ap, "address"));
    if (!u) return;
    address = *u;
  }
  SceneState tmp;
  read_variable(r_, "buffer", (*v)["buffer"], json_member_path(ap, "buffer"), tmp);
  const auto i = bti(ssh_offset, n);
  if (!i || tmp.registers.count("buffer") == 0) return;
  l_.buffers[*i] = tmp.registers["buffer"];
  l_.addresses[*i] = address;
  if (ptr) put(ptr->first, ptr->second, address);
}

void Layout::image(uint32_t n, uint32_t ssh_offset) {
  image_args_.insert(n);
  const Json* v = arg(n, "an image");
  if (v == nullptr) return;
  const std::string ap = args_[n].path;
  if (!v->is_object() || !v->contains("image")) {
    r_.err("SCENE-VALUE", ap,
           "argument " + std::to_string(n) + " is an image: expected {\"image\": SURFACE_ID}");
    return;
  }
  r_.check_keys(*v, ap, {"image"});
  const auto id = r_.as_u32((*v)["image"], json_member_path(ap, "image"));
  if (!id) return;
  if (surface(*id) == nullptr) {
    r_.err("SCENE-ID", json_member_path(ap, "image"),
           "no surface " + std::to_string(*id) + " in the scene");
    return;
  }
  if (const auto i = bti(ssh_offset, n)) l_.images[*i] = *id;
  image_surface_[n] = *id;
}

// DATA_PARAMETER_BUFFER: the value of one parameter at its cross-thread offset.
void Layout::data_parameter(const OclToken& t) {
  const auto type = static_cast<DataParameter>(t.word(0));
  const uint32_t n = t.word(1), offset = t.word(2), size = t.word(3), src = t.word(4);
  const unsigned dim = std::min(src / 4, 2u);
  const auto work_groups = [&](unsigned d) { return l_.global_size[d] / l_.local_size[d]; };
  switch (type) {
    case DataParameter::kKernelArgument: {
      const Json* v = arg(n, "a scalar");
      if (v == nullptr) return;
      uint64_t bits = 0;
      if (v->is_number_float()) {
        bits = size == 8 ? std::bit_cast<uint64_t>(v->get<double>())
                         : std::bit_cast<uint32_t>(v->get<float>());
      } else if (const auto i = r_.as_int(*v, args_[n].path, INT64_MIN, INT64_MAX)) {
        bits = static_cast<uint64_t>(*i);
      }
      put(offset, size, bits >> (8 * std::min(src, 7u)));
      return;
    }
    case DataParameter::kLocalWorkSize:
    case DataParameter::kEnqueuedLocalWorkSize:
      return put(offset, size, l_.local_size[dim]);
    case DataParameter::kGlobalWorkSize:
      return put(offset, size, l_.global_size[dim]);
    case DataParameter::kNumWorkGroups:
      return put(offset, size, work_groups(dim));
    case DataParameter::kWorkDimensions:
      return put(offset, size, l_.global_size[2] > 1 ? 3 : l_.global_size[1] > 1 ? 2 : 1);
    case DataParameter::kGlobalWorkOffset:
    case DataParameter::kBufferOffset:
    case DataParameter::kBufferStateful:
      return put(offset, size, 0);
    default:
      break;
  }
  const auto it = image_surface_.find(n);
  const scene::SceneSurface* s = it == image_surface_.end() ? nullptr : surface(it->second);
  if (s == nullptr && image_args_.count(n) != 0) return;  // its image is already reported
  if (s == nullptr) {
    r_.err("VISA-OCL-BINARY", path_,
           "kernel " + k_.name + " has data parameter type " + std::to_string(t.word(0)) +
               " for argument " + std::to_string(n) + ", which texsim does not lay out");
    return;
  }
  const texunit::SurfaceDesc& d = s->surface.desc();
  const auto [ctype, corder] = cl_channel(d.format);
  const std::map<DataParameter, uint64_t> image{
      {DataParameter::kImageWidth, d.width},         {DataParameter::kImageHeight, d.height},
      {DataParameter::kImageDepth, d.depth},         {DataParameter::kImageArraySize, d.layers},
      {DataParameter::kImageNumMipLevels, d.mips},   {DataParameter::kImageNumSamples, d.samples},
      {DataParameter::kImageChannelDataType, ctype}, {DataParameter::kImageChannelOrder, corder}};
  const auto v = image.find(type);
  if (v != image.end()) return put(offset, size, v->second);
  r_.err("VISA-OCL-BINARY", path_,
         "image data parameter type " + std::to_string(t.word(0)) + " is not one texsim lays out");
}

// SAMPLER_STATE_ARRAY: the kernel's samplers (inline and argument ones), decoded from its
// dynamic state heap, by index (a scene sampler of the same index is reported twice).
void Layout::samplers(const OclToken& t) {
  const uint32_t offset = t.word(0), count = t.word(1);
  for (uint32_t i = 0; i < count; ++i) {
    const uint64_t at = offset + uint64_t{i} * hwstate::intel::kSamplerStateBytes;
    if (sc_.find_sampler(i) != nullptr || st_.samplers.count(i) != 0) {
      r_.err("SCENE-ID", path_,
             "sampler " + std::to_string(i) + " is given twice (the scene and the kernel's heap)");
      continue;
    }
    add_heap_sampler(r_, sc_, k_.dynamic_state_heap, at, i, path_, st_);
  }
}

// Private memory (decisions KP1-KP3). MEDIA_VFE_STATE: PerThreadScratchSpace, the bytes of
// scratch space each hardware thread gets (%r0.5 and the %scratch / ss() messages).
// ALLOCATE_STATELESS_PRIVATE_MEMORY: PerThreadPrivateMemorySize bytes per work-item (IsSimtThread
// 1; per hardware thread when 0), the private memory's address in the payload at DataParamOffset.
void Layout::private_memory(const OclToken& t) {
  if (t.id == static_cast<uint32_t>(PatchToken::kMediaVfeState)) {
    const uint32_t per_thread = t.word(1);
    if (per_thread != 0 && (per_thread < 1024 || !std::has_single_bit(per_thread) ||
                            per_thread > (uint32_t{1} << 24))) {
      r_.err("VISA-OCL-BINARY", path_,
             "kernel " + k_.name + "'s scratch space per thread " + std::to_string(per_thread) +
                 " is not a power of two in [1 KiB, 16 MiB] (MEDIA_VFE_STATE)");
      return;
    }
    l_.scratch_per_thread = std::max(l_.scratch_per_thread, per_thread);
    return;
  }
  const uint32_t size = t.word(3);
  if (size > (uint32_t{1} << 24)) {
    r_.err("VISA-OCL-BINARY", path_,
           "kernel " + k_.name + "'s private memory per work-item " + std::to_string(size) +
               " is over 16 MiB");
    return;
  }
  l_.private_per_item = size;
  l_.private_simt = t.word(4) != 0;
  l_.private_address = kPrivateAddress;
  if (size != 0) put(t.word(1), std::min(t.word(2), 8u), kPrivateAddress);
}

// Arguments first (buffers, images: the image parameters need their surfaces), then the data
// parameters and samplers; every given argument must be one the kernel has.
void Layout::run() {
  using T = PatchToken;
  for (const OclToken& t : k_.tokens) {
    const auto id = static_cast<T>(t.id);
    if (id == T::kStatelessGlobalMemoryObjectArgument)
      buffer(t.word(0), t.word(1), std::make_pair(t.word(2), t.word(3)));
    if (id == T::kGlobalMemoryObjectArgument) buffer(t.word(0), t.word(1), std::nullopt);
    if (id == T::kImageMemoryObjectArgument) image(t.word(0), t.word(2));
  }
  for (const OclToken& t : k_.tokens) {
    if (t.id == static_cast<uint32_t>(T::kDataParameterBuffer)) data_parameter(t);
    if (t.id == static_cast<uint32_t>(T::kSamplerStateArray)) samplers(t);
    if (t.id == static_cast<uint32_t>(T::kMediaVfeState) ||
        t.id == static_cast<uint32_t>(T::kAllocateStatelessPrivateMemory))
      private_memory(t);
  }
  for (const auto& [n, a] : args_) {
    if (!a.used)
      r_.err("SCENE-VALUE", a.path,
             "kernel " + k_.name + " has no argument " + std::to_string(n) + " it reads");
  }
}

const OclKernel* pick_kernel(JsonReader& r, const OclProgram& prog, const Json& program,
                             const std::string& path) {
  if (const Json* k = JsonReader::member(program, "kernel")) {
    const auto name = r.as_string(*k, json_member_path(path, "kernel"));
    if (!name) return nullptr;
    if (const OclKernel* found = prog.find(*name)) return found;
    std::string names;
    for (const OclKernel& x : prog.kernels) names += (names.empty() ? "" : ", ") + x.name;
    r.err("SCENE-VALUE", json_member_path(path, "kernel"),
          "the program has no kernel " + *name + " (it has " + names + ")");
    return nullptr;
  }
  if (prog.kernels.size() == 1) return &prog.kernels[0];
  r.err(
      "SCENE-MISSING", path,
      "the program has " + std::to_string(prog.kernels.size()) + " kernels: name one (\"kernel\")");
  return nullptr;
}

}  // namespace

void read_launch_program(JsonReader& r, const Json& launch, const scene::Scene& scene,
                         SceneState& st, KernelLaunch& l) {
  const Json* program = JsonReader::member(launch, "program");
  const Json* args = JsonReader::member(launch, "args");
  const std::string path = json_member_path("launch", "program");
  if (program == nullptr) {
    if (args != nullptr)
      r.err("SCENE-MISSING", "launch", "\"args\" needs the kernel's \"program\" (ocloc's .bin)");
    return;
  }
  if (!r.expect_object(*program, path)) return;
  const auto bytes = scene::descriptor_bytes(r, *program, path, {"file", "hex", "kernel"});
  if (!bytes) return;
  core::DiagSink sink;
  const auto prog = read_ocl_binary(*bytes, r.file(), sink);
  scene::forward_diagnostics(r, sink, path);
  if (!prog) return;
  const OclKernel* k = pick_kernel(r, *prog, *program, path);
  if (k == nullptr) return;
  std::map<uint32_t, Arg> given;
  const std::string ap = json_member_path("launch", "args");
  if (args != nullptr && r.expect_object(*args, ap)) {
    for (const auto& [key, value] : args->items()) {
      const std::string p = json_member_path(ap, key);
      uint32_t n = 0;
      const auto res = std::from_chars(key.data(), key.data() + key.size(), n);
      if (res.ec != std::errc{} || res.ptr != key.data() + key.size() || n > 255) {
        r.err("SCENE-VALUE", p, "\"" + key + "\" is not an argument index (0..255)");
        continue;
      }
      given[n] = Arg{p, &value, false};
    }
  }
  Layout(r, scene, *k, st, l, given, path).run();
}

}  // namespace texsim::isa::visa
