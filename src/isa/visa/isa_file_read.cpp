// Reader of IGC's .isa container (isa_file.hpp): header, routines, tables, instruction stream.
// Field order and widths: IGC 1.0.12504 visa/Common_ISA.cpp processCommonISAHeader and
// visa/ByteCodeReaderNG.cpp readRoutineNG.
#include <algorithm>

#include "core/bytes.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/symbols.hpp"

namespace texsim::isa::visa {
namespace {

constexpr size_t kMaxString = 256;  // IGC's STRING_LEN bound on pool strings

struct Ctx {
  core::BytesReader& r;
  Version v;
  // Variable-id fields: UW before 3.4, UD from 3.4 (readVarBytes DECL).
  uint32_t id(std::string_view field) {
    return static_cast<uint32_t>(r.u(v >= kRawId32Version ? 4 : 2, field));
  }
  bool check_index(uint32_t idx, size_t n, size_t at, std::string_view field) {
    if (idx < n) return true;
    r.fail(at, field,
           "string index " + std::to_string(idx) + " outside the pool of " + std::to_string(n));
    return false;
  }
};

void read_attrs(Ctx& c, size_t count, size_t pool, std::vector<IsaAttr>& out) {
  for (size_t i = 0; i < count && !c.r.failed(); ++i) {
    IsaAttr a;
    const size_t at = c.r.pos();
    a.name = c.id("attribute name index");
    if (!c.check_index(a.name, pool, at, "attribute name index")) return;
    const uint8_t size = c.r.u8("attribute size");
    auto v = c.r.take(size, "attribute value");
    a.value.assign(v.begin(), v.end());
    out.push_back(std::move(a));
  }
}

void read_decls(Ctx& c, size_t count, size_t pool, std::vector<IsaDecl>& out,
                std::string_view what) {
  for (size_t i = 0; i < count && !c.r.failed(); ++i) {
    IsaDecl d;
    const size_t at = c.r.pos();
    d.name = c.id(std::string(what) + " name index");
    if (!c.check_index(d.name, pool, at, std::string(what) + " name index")) return;
    d.num_elts = c.r.u16(std::string(what) + " num_elts");
    read_attrs(c, c.r.u8(std::string(what) + " attribute count"), pool, d.attrs);
    out.push_back(std::move(d));
  }
}

IsaInst make_inst(std::span<const uint8_t> bytes, size_t at, size_t end,
                  std::vector<WalkedField> fields) {
  IsaInst inst;
  inst.offset = at;
  inst.opcode = bytes[at];
  auto b = bytes.subspan(at, end - at);
  inst.bytes.assign(b.begin(), b.end());
  for (auto& f : fields) f.offset -= static_cast<uint32_t>(at);
  inst.fields = std::move(fields);
  return inst;
}

// The stream as texsim and IGC's reader expect it: every operand present.
bool walk_complete(core::BytesReader& r, Version v, size_t code, size_t end, IsaRoutine& rt) {
  core::BytesReader ir(r.bytes().first(end), r.file(), code);
  while (ir.pos() < end) {
    const size_t at = ir.pos();
    std::vector<WalkedField> fields;
    if (!walk_instruction(ir, v, fields)) return false;
    rt.insts.push_back(make_inst(r.bytes(), at, ir.pos(), std::move(fields)));
  }
  return true;
}

// IGC 1.0.12504's truncated stream (V34): a depth-first search for the one sequence of walks
// that ends exactly at the end of the stream (each position is expanded once).
bool walk_stream_truncated(core::BytesReader& r, Version v, size_t code, size_t end,
                           IsaRoutine& rt) {
  struct Frame {
    size_t pos;
    std::vector<Walk> cands;
    size_t next = 0;
  };
  std::vector<Frame> st;
  std::vector<bool> dead(end - code + 1, false);
  size_t worst = code;
  std::string worst_error;
  auto push = [&](size_t p) {
    std::string err;
    std::vector<Walk> cands = walk_truncated(r.bytes(), p, end, v, err);
    // Only walks whose raw operands name declared variables; the longest first (a present
    // operand count over a dropped one).
    std::erase_if(cands, [&](const Walk& w) {
      for (const WalkedField& fl : w.fields) {
        if (fl.token != 'R') continue;
        const uint64_t id = core::load_le(r.bytes(), fl.offset, fl.size - 2);
        if (id >= kFirstUserGeneral + rt.vars.size()) return true;
      }
      return false;
    });
    std::sort(cands.begin(), cands.end(),
              [](const Walk& a, const Walk& b) { return a.end > b.end; });
    st.push_back({p, std::move(cands)});
    if (st.back().cands.empty() && p >= worst) {
      worst = p;
      worst_error = err;
    }
  };
  if (code == end) return true;
  push(code);
  while (!st.empty()) {
    Frame& f = st.back();
    if (f.next == f.cands.size()) {
      dead[f.pos - code] = true;
      st.pop_back();
      continue;
    }
    const Walk& cand = f.cands[f.next++];
    const size_t e = cand.end;
    // The stream's `size` counts every operand, so a truncated stream stops short of it: IGC
    // pads it with bytes it never wrote (V34). The routine ends at its ret / fret.
    // A routine without a ret (GenX_IR's one-instruction kernels) ends where only zero
    // padding is left.
    const auto rest = r.bytes().subspan(e, end - e);
    const bool zeros = std::all_of(rest.begin(), rest.end(), [](uint8_t b) { return b == 0; });
    if (e == end || cand.mnemonic == "ret" || cand.mnemonic == "fret" || zeros) {
      for (Frame& fr : st) {
        Walk& w = fr.cands[fr.next - 1];
        rt.insts.push_back(make_inst(r.bytes(), fr.pos, w.end, std::move(w.fields)));
      }
      auto pad = r.bytes().subspan(e, end - e);
      rt.padding.assign(pad.begin(), pad.end());
      return true;
    }
    if (!dead[e - code]) push(e);
  }
  r.fail(worst, "instruction",
         (worst_error.empty() ? std::string("no walk of the instruction stream ends at its end")
                              : worst_error) +
             " (read as IGC 1.0.12504's truncated operands, V34, after the complete layout "
             "failed)");
  return false;
}

// The string pool: string_count, then each string (NUL-terminated); false when the count
// cannot fit in the file.
bool read_string_pool(Ctx& c, size_t start, IsaRoutine& rt) {
  core::BytesReader& r = c.r;
  const uint32_t nstrings = c.id("string_count");
  if (nstrings > r.remaining()) {  // each string takes at least its NUL
    r.fail(start, "string_count", std::to_string(nstrings) + " strings cannot fit in the file");
    return false;
  }
  for (uint32_t i = 0; i < nstrings && !r.failed(); ++i)
    rt.strings.push_back(r.cstr("string pool entry", kMaxString));
  return true;
}

// The variable table: variable_count, then each variable; false when the count cannot fit.
bool read_variables(Ctx& c, size_t pool, IsaRoutine& rt) {
  core::BytesReader& r = c.r;
  const uint32_t nvars = c.id("variable_count");
  if (nvars > r.remaining() / 8) {
    r.fail(r.pos() - 4, "variable_count", std::to_string(nvars) + " variables cannot fit");
    return false;
  }
  for (uint32_t i = 0; i < nvars && !r.failed(); ++i) {
    IsaVar var;
    const size_t at = r.pos();
    var.name = c.id("variable name index");
    if (!c.check_index(var.name, pool, at, "variable name index")) break;
    var.bits = r.u8("variable bit_properties");
    var.num_elts = r.u16("variable num_elements");
    var.alias = c.id("variable alias_index");
    var.alias_offset = r.u16("variable alias_offset");
    var.alias_scope = r.u8("variable alias_scope_specifier");
    read_attrs(c, r.u8("variable attribute_count"), pool, var.attrs);
    rt.vars.push_back(std::move(var));
  }
  return true;
}

// The label table: label_count, then each label.
void read_labels(Ctx& c, size_t pool, IsaRoutine& rt) {
  core::BytesReader& r = c.r;
  const uint16_t nlabels = r.u16("label_count");
  for (uint32_t i = 0; i < nlabels && !r.failed(); ++i) {
    IsaLabel l;
    const size_t at = r.pos();
    l.name = c.id("label name index");
    if (!c.check_index(l.name, pool, at, "label name index")) break;
    l.kind = r.u8("label kind");
    read_attrs(c, r.u8("label attribute_count"), pool, l.attrs);
    rt.labels.push_back(std::move(l));
  }
}

// A kernel's inputs: input_count, then each input; false when the count cannot fit.
bool read_inputs(Ctx& c, IsaRoutine& rt) {
  core::BytesReader& r = c.r;
  // input_count: UB before 3.5, UD from 3.5 (readVarBytes INPUT).
  const uint32_t ninputs = static_cast<uint32_t>(r.u(c.v >= Version{3, 5} ? 4 : 1, "input_count"));
  if (ninputs > r.remaining() / 7) {
    r.fail(r.pos(), "input_count", std::to_string(ninputs) + " inputs cannot fit");
    return false;
  }
  for (uint32_t i = 0; i < ninputs && !r.failed(); ++i) {
    IsaInput in;
    in.kind = r.u8("input kind");
    in.index = c.id("input index");
    in.offset = static_cast<int16_t>(r.u16("input offset"));
    in.size = r.u16("input size");
    rt.inputs.push_back(in);
  }
  return true;
}

bool read_routine(core::BytesReader& r, Version v, size_t start, IsaRoutine& rt) {
  Ctx c{r, v};
  r.seek(start);
  if (!read_string_pool(c, start, rt)) return false;
  const size_t pool = rt.strings.size();
  const size_t at = r.pos();
  rt.name_index = c.id("name_index");
  c.check_index(rt.name_index, pool, at, "name_index");
  if (!read_variables(c, pool, rt)) return false;
  read_decls(c, r.u16("address_count"), pool, rt.addresses, "address");
  read_decls(c, r.u16("predicate_count"), pool, rt.predicates, "predicate");
  read_labels(c, pool, rt);
  read_decls(c, r.u8("sampler_count"), pool, rt.samplers, "sampler");
  read_decls(c, r.u8("surface_count"), pool, rt.surfaces, "surface");
  rt.vme_count = r.u8("vme_count");
  if (rt.is_kernel && !read_inputs(c, rt)) return false;
  const size_t size_at = r.pos();
  const uint32_t size = r.u32("size");
  const size_t entry_at = r.pos();
  rt.entry = r.u32("entry");
  if (!rt.is_kernel) {
    rt.input_size = r.u8("input_size");
    rt.return_size = r.u8("return_value_size");
  }
  read_attrs(c, r.u16("attribute_count"), pool, rt.attrs);
  if (r.failed()) return false;
  const size_t code = start + rt.entry;
  if (code < r.pos() || code > r.size() || r.size() - code < size) {
    r.fail(entry_at, "entry", "instruction stream [entry, entry + size) lies outside the file");
    return false;
  }
  (void)size_at;
  auto gap = r.bytes().subspan(r.pos(), code - r.pos());
  rt.header_gap.assign(gap.begin(), gap.end());
  if (walk_complete(r, v, code, code + size, rt)) return true;
  rt.insts.clear();
  rt.truncated = true;
  return walk_stream_truncated(r, v, code, code + size, rt);
  return true;
}

// Where a routine lies in the file, and its gen binaries (offset, size).
struct Where {
  uint32_t offset, size;
  std::vector<std::pair<uint32_t, uint32_t>> bins;
};

// The header's kernel entries: num_kernels, then each kernel's name, place and gen binaries.
void read_kernel_headers(core::BytesReader& r, bool short_names, IsaFile& f,
                         std::vector<Where>& kw) {
  const uint16_t nkernels = r.u16("num_kernels");
  for (uint32_t i = 0; i < nkernels && !r.failed(); ++i) {
    IsaRoutine k;
    const size_t n = r.u(short_names ? 1 : 2, "kernel name_len");
    auto name = r.take(n, "kernel name");
    k.name.assign(name.begin(), name.end());
    Where w;
    w.offset = r.u32("kernel offset");
    w.size = r.u32("kernel size");
    k.input_offset_rel = r.u32("kernel input_offset") - w.offset;
    const size_t at = r.pos();
    if (r.u16("variable_reloc_symtab.num_syms") != 0 && !r.failed())
      r.fail(at, "variable_reloc_symtab.num_syms", "relocation symbols are not allowed (MBZ)");
    if (r.u16("function_reloc_symtab.num_syms") != 0 && !r.failed())
      r.fail(at + 2, "function_reloc_symtab.num_syms", "relocation symbols are not allowed (MBZ)");
    const uint8_t nbins = r.u8("num_gen_binaries");
    for (uint32_t j = 0; j < nbins && !r.failed(); ++j) {
      GenBinary g;
      g.platform = r.u8("gen binary platform");
      const uint32_t off = r.u32("gen binary offset");
      const uint32_t sz = r.u32("gen binary size");
      w.bins.push_back({off, sz});
      k.gen_binaries.push_back(g);
    }
    kw.push_back(std::move(w));
    f.kernels.push_back(std::move(k));
  }
}

// The header's function entries: num_functions, then each function's linkage, name and place.
void read_function_headers(core::BytesReader& r, bool short_names, IsaFile& f,
                           std::vector<Where>& fw) {
  const uint16_t nfuncs = r.u16("num_functions");
  for (uint32_t i = 0; i < nfuncs && !r.failed(); ++i) {
    IsaRoutine fn;
    fn.is_kernel = false;
    r.u8("function linkage");
    const size_t n = r.u(short_names ? 1 : 2, "function name_len");
    auto name = r.take(n, "function name");
    fn.name.assign(name.begin(), name.end());
    Where w;
    w.offset = r.u32("function offset");
    w.size = r.u32("function size");
    r.u16("function variable_reloc_symtab.num_syms");
    r.u16("function function_reloc_symtab.num_syms");
    fw.push_back(std::move(w));
    f.functions.push_back(std::move(fn));
  }
}

// Each routine of `rs` from its place in `ws`, with its gen binaries' bytes; stops at the first
// failure, recorded in `r`.
void read_routines(core::BytesReader& r, std::span<const uint8_t> bytes, const std::string& file,
                   Version version, std::vector<IsaRoutine>& rs, const std::vector<Where>& ws,
                   const char* what) {
  for (size_t i = 0; i < rs.size() && !r.failed(); ++i) {
    if (ws[i].offset > bytes.size() || bytes.size() - ws[i].offset < ws[i].size) {
      r.fail(0, std::string(what) + " offset",
             std::string(what) + " '" + rs[i].name + "' lies outside the file");
      return;
    }
    core::BytesReader sub(bytes.first(ws[i].offset + ws[i].size), file);
    if (!read_routine(sub, version, ws[i].offset, rs[i])) {
      r.fail(sub.error_offset(), sub.error_field(), sub.message());
      return;
    }
    for (size_t j = 0; j < ws[i].bins.size(); ++j) {
      const auto [off, sz] = ws[i].bins[j];
      if (off > bytes.size() || bytes.size() - off < sz) {
        r.fail(0, "gen binary offset", "gen binary lies outside the file");
        return;
      }
      auto b = bytes.subspan(off, sz);
      rs[i].gen_binaries[j].bytes.assign(b.begin(), b.end());
    }
  }
}

}  // namespace

bool is_isa_file(std::span<const uint8_t> bytes) {
  return bytes.size() >= 4 && std::equal(kCisaMagic.begin(), kCisaMagic.end(), bytes.begin());
}

std::optional<IsaFile> read_isa_file(std::span<const uint8_t> bytes, const std::string& file,
                                     core::DiagSink& sink) {
  core::BytesReader r(bytes, file);
  IsaFile f;
  auto fail = [&]() -> std::optional<IsaFile> {
    core::BinaryLoc loc;
    loc.file = file;
    loc.offset = r.error_offset();
    sink.error("VISA-ISA-FILE", loc, r.error_field() + ": " + r.message(),
               "IGC visa/Common_ISA.cpp, ByteCodeReaderNG.cpp (.isa container)");
    return std::nullopt;
  };
  const uint32_t magic = r.u32("magic");
  if (!r.failed() && !is_isa_file(bytes)) r.fail(0, "magic", "not \"CISA\" (43 49 53 41)");
  f.version.major = r.u8("major_version");
  f.version.minor = r.u8("minor_version");
  (void)magic;
  if (!r.failed() && (f.version.major < 3 || !valid_version(f.version)))
    r.fail(4, "major_version",
           "version " + version_string(f.version) +
               " is not a vISA binary version texsim reads (3.0 and above)");
  const bool short_names = f.version.major == 3 && f.version.minor < 7;
  std::vector<Where> kw, fw;
  read_kernel_headers(r, short_names, f, kw);
  const size_t fs_at = r.pos();
  if (r.u16("num_filescope_variables") != 0 && !r.failed())
    r.fail(fs_at, "num_filescope_variables", "file-scope variables are no longer supported (MBZ)");
  read_function_headers(r, short_names, f, fw);
  if (r.failed()) return fail();
  read_routines(r, bytes, file, f.version, f.kernels, kw, "kernel");
  read_routines(r, bytes, file, f.version, f.functions, fw, "function");
  if (r.failed()) return fail();
  return f;
}

}  // namespace texsim::isa::visa
