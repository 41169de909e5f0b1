// Writer of IGC's .isa container (isa_file.hpp): the inverse of isa_file_read.cpp. Offsets are
// laid out as IGC's CisaBinary::finalizeCisaBinary does: the header, then each kernel followed by
// its gen binaries, then each function.
#include "core/bytes.hpp"
#include "isa/visa/isa_file.hpp"

namespace texsim::isa::visa {
namespace {

void put_id(core::BytesWriter& w, Version v, uint32_t id) {
  w.put(id, v >= kRawId32Version ? 4 : 2);
}

void put_attrs(core::BytesWriter& w, Version v, const std::vector<IsaAttr>& attrs) {
  for (const IsaAttr& a : attrs) {
    put_id(w, v, a.name);
    w.put(a.value.size(), 1);
    w.put_bytes(a.value);
  }
}

void put_decls(core::BytesWriter& w, Version v, const std::vector<IsaDecl>& ds) {
  for (const IsaDecl& d : ds) {
    put_id(w, v, d.name);
    w.put(d.num_elts, 2);
    w.put(d.attrs.size(), 1);
    put_attrs(w, v, d.attrs);
  }
}

// One routine's bytes; `input_at` is where its input table starts (relative).
std::vector<uint8_t> routine_bytes(const IsaRoutine& rt, Version v, uint32_t& input_at) {
  core::BytesWriter w;
  put_id(w, v, static_cast<uint32_t>(rt.strings.size()));
  for (const std::string& s : rt.strings) w.put_cstr(s);
  put_id(w, v, rt.name_index);
  put_id(w, v, static_cast<uint32_t>(rt.vars.size()));
  for (const IsaVar& var : rt.vars) {
    put_id(w, v, var.name);
    w.put(var.bits, 1);
    w.put(var.num_elts, 2);
    put_id(w, v, var.alias);
    w.put(var.alias_offset, 2);
    w.put(var.alias_scope, 1);
    w.put(var.attrs.size(), 1);
    put_attrs(w, v, var.attrs);
  }
  w.put(rt.addresses.size(), 2);
  put_decls(w, v, rt.addresses);
  w.put(rt.predicates.size(), 2);
  put_decls(w, v, rt.predicates);
  w.put(rt.labels.size(), 2);
  for (const IsaLabel& l : rt.labels) {
    put_id(w, v, l.name);
    w.put(l.kind, 1);
    w.put(l.attrs.size(), 1);
    put_attrs(w, v, l.attrs);
  }
  w.put(rt.samplers.size(), 1);
  put_decls(w, v, rt.samplers);
  w.put(rt.surfaces.size(), 1);
  put_decls(w, v, rt.surfaces);
  w.put(rt.vme_count, 1);
  input_at = static_cast<uint32_t>(w.size());
  if (rt.is_kernel) {
    w.put(rt.inputs.size(), v >= Version{3, 5} ? 4 : 1);
    for (const IsaInput& in : rt.inputs) {
      w.put(in.kind, 1);
      put_id(w, v, in.index);
      w.put(static_cast<uint16_t>(in.offset), 2);
      w.put(in.size, 2);
    }
  }
  size_t code_size = 0;
  for (const IsaInst& i : rt.insts) code_size += i.bytes.size();
  code_size += rt.padding.size();
  w.put(code_size, 4);
  const size_t entry_at = w.size();
  w.put(0, 4);
  if (!rt.is_kernel) {
    w.put(rt.input_size, 1);
    w.put(rt.return_size, 1);
  }
  w.put(rt.attrs.size(), 2);
  put_attrs(w, v, rt.attrs);
  w.put_bytes(rt.header_gap);
  w.patch(entry_at, w.size(), 4);
  for (const IsaInst& i : rt.insts) w.put_bytes(i.bytes);
  w.put_bytes(rt.padding);
  return std::move(w.bytes());
}

}  // namespace

std::vector<uint8_t> write_isa_file(const IsaFile& f) {
  const Version v = f.version;
  const bool short_names = v.major == 3 && v.minor < 7;
  std::vector<std::vector<uint8_t>> kbytes, fbytes;
  std::vector<uint32_t> kinput;
  size_t header = 4 + 2 + 2 + 2 + 2;  // magic, version, num_kernels, filescope, num_functions
  for (const IsaRoutine& k : f.kernels) {
    uint32_t in = 0;
    kbytes.push_back(routine_bytes(k, v, in));
    kinput.push_back(in);
    header +=
        (short_names ? 1 : 2) + k.name.size() + 4 + 4 + 4 + 2 + 2 + 1 + 9 * k.gen_binaries.size();
  }
  for (const IsaRoutine& fn : f.functions) {
    uint32_t in = 0;
    fbytes.push_back(routine_bytes(fn, v, in));
    header += 1 + (short_names ? 1 : 2) + fn.name.size() + 4 + 4 + 2 + 2;
  }
  core::BytesWriter w;
  w.put_bytes(kCisaMagic);
  w.put(v.major, 1);
  w.put(v.minor, 1);
  w.put(f.kernels.size(), 2);
  size_t at = header;
  for (size_t i = 0; i < f.kernels.size(); ++i) {
    const IsaRoutine& k = f.kernels[i];
    w.put(k.name.size(), short_names ? 1 : 2);
    w.put_bytes(std::span(reinterpret_cast<const uint8_t*>(k.name.data()), k.name.size()));
    w.put(at, 4);
    w.put(kbytes[i].size(), 4);
    // IGC writes the input table's absolute position (the routine's getInputOffset + offset).
    w.put(at + k.input_offset_rel, 4);
    (void)kinput;
    w.put(0, 2);
    w.put(0, 2);
    w.put(k.gen_binaries.size(), 1);
    at += kbytes[i].size();
    for (const GenBinary& g : k.gen_binaries) {
      w.put(g.platform, 1);
      w.put(at, 4);
      w.put(g.bytes.size(), 4);
      at += g.bytes.size();
    }
  }
  w.put(0, 2);
  w.put(f.functions.size(), 2);
  for (size_t i = 0; i < f.functions.size(); ++i) {
    w.put(0, 1);
    w.put(f.functions[i].name.size(), short_names ? 1 : 2);
    w.put_bytes(std::span(reinterpret_cast<const uint8_t*>(f.functions[i].name.data()),
                          f.functions[i].name.size()));
    w.put(at, 4);
    w.put(fbytes[i].size(), 4);
    w.put(0, 2);
    w.put(0, 2);
    at += fbytes[i].size();
  }
  for (size_t i = 0; i < f.kernels.size(); ++i) {
    w.put_bytes(kbytes[i]);
    for (const GenBinary& g : f.kernels[i].gen_binaries) w.put_bytes(g.bytes);
  }
  for (const auto& b : fbytes) w.put_bytes(b);
  return std::move(w.bytes());
}

}  // namespace texsim::isa::visa
