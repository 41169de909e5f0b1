// Differential test (issue 29 item 3, decisions CW1-CW7): a ptxas cubin with three kernels (one
// calling a subroutine and ptxas's division slow path, one with a texref fetch, one empty) written
// anew by `texsim asm` from cuobjdump's listing, texsim's own disasm and nvdisasm -hex's listing:
// cuobjdump -sass prints ptxas's listing, nvdisasm and cuobjdump -elf accept it, and its symbols
// and .nv.info attribute lists are ptxas's but for what a listing does not hold (CW3-CW5).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "isa/sass/cubin_model.hpp"
#include "isa/sass/frontend.hpp"
#include "vendor_common.hpp"

namespace sass = texsim::isa::sass;
namespace vc = texsim::vendor;

namespace {

// Volta+ (`calls` false): without k1, whose `RET.REL.NODEC R2 0x0` texsim's SM70+ text does not
// read yet.
std::string ptx(const std::string& sm, bool calls) {
  const std::string head =
      ".version 7.8\n.target " + sm + "\n.address_size 64\n.global .texref tex0;\n";
  const std::string k1 =
      ".func (.reg .f32 r) sub(.reg .f32 a)\n{\n  div.rn.f32 r, a, 3.7;\n  ret;\n}\n"
      ".visible .entry k1(.param .u64 out, .param .u32 n)\n{\n"
      "  .reg .u64 %rd<6>; .reg .u32 %r<8>; .reg .f32 %f<8>;\n"
      "  ld.param.u64 %rd1, [out]; ld.param.u32 %r1, [n]; mov.u32 %r2, %tid.x;\n"
      "  cvt.rn.f32.u32 %f1, %r1;\n  call (%f5), sub, (%f1);\n"
      "  cvta.to.global.u64 %rd2, %rd1; mul.wide.u32 %rd3, %r2, 4; add.u64 %rd2, %rd2, %rd3;\n"
      "  st.global.f32 [%rd2], %f5;\n  ret;\n}\n";
  return head + (calls ? k1 : "") +
         ".visible .entry k2(.param .u64 out)\n{\n"
         "  .reg .u64 %rd<6>; .reg .u32 %r<8>; .reg .f32 %f<8>;\n"
         "  ld.param.u64 %rd1, [out]; mov.u32 %r2, %tid.x;\n"
         "  tex.1d.v4.f32.s32 {%f1,%f2,%f3,%f4}, [tex0, {%r2}];\n  add.f32 %f5, %f1, %f2;\n"
         "  cvta.to.global.u64 %rd2, %rd1; mul.wide.u32 %rd3, %r2, 4; add.u64 %rd2, %rd2, %rd3;\n"
         "  st.global.f32 [%rd2], %f5;\n  ret;\n}\n"
         ".visible .entry k3()\n{\n  ret;\n}\n";
}

std::vector<uint8_t> bytes_of(const std::string& s) {
  return {s.begin(), s.end()};
}

struct Check {
  int failures = 0;
  void expect(bool ok, const std::string& what) {
    if (!ok) {
      std::printf("FAIL: %s\n", what.c_str());
      ++failures;
    }
  }
};

// texsim asm of `listing` to a new cubin (no base); nullopt when it is refused.
std::optional<std::vector<uint8_t>> assemble(const std::string& listing, const std::string& arch,
                                             const std::string& out) {
  const auto fe = sass::make_frontend();
  texsim::core::DiagSink sink;
  const auto prog = fe->parse({"listing.sass", listing}, arch, sink);
  auto obj = prog ? fe->encode_object(*prog, out, arch, sink) : std::nullopt;
  for (const auto& d : sink.diagnostics())
    if (d.severity == texsim::core::Severity::kError)
      std::printf("  %s\n", texsim::core::format_diagnostic(d).c_str());
  if (obj)
    std::ofstream(out, std::ios::binary)
        .write(reinterpret_cast<const char*>(obj->data()),
               static_cast<std::streamsize>(obj->size()));
  return obj;
}

// What a listing holds of a symbol table (CW5): every symbol but texrefs (STT 10, 11: the texref
// is a PTX name the listing never prints), the section symbols of sections texsim does not write
// (.nv.constant2.K, .nv.rel.action: CW3), and, unless `subroutines`, the FUNC symbols inside a
// kernel's section (cuobjdump -sass does not name them; nvdisasm does). Name, binding and type,
// st_other, value, size and section name each.
std::vector<std::string> symbols(const sass::CubinModel& m, bool subroutines) {
  std::vector<std::string> v;
  for (size_t i = 1; i < m.symbols.size(); ++i) {
    const auto& s = m.symbols[i];
    const std::string sec = s.shndx < m.sections.size() ? m.sections[s.shndx].name : "?";
    const unsigned type = s.info & 0xf;
    if (type == 10 || type == 11) continue;
    if (type == 3 && !sec.starts_with(".text.") && !sec.starts_with(".nv.constant0.")) continue;
    if (type == 2 && !subroutines && s.other == 0) continue;
    v.push_back(s.name + " info " + std::to_string(s.info) + " other " + std::to_string(s.other) +
                " value " + std::to_string(s.value) + " size " + std::to_string(s.size) + " in " +
                sec);
  }
  return v;
}

// Attributes ptxas derives from the PTX or from instructions it tracks (decision CB4, CW5).
bool derived_elsewhere(const std::string& a) {
  return a == "EIATTR_BINDLESS_TEXTURE_BANK" || a == "EIATTR_CRS_STACK_SIZE";
}

// Each .nv.info record as "section attribute [function]" (the function a .nv.info record names
// by its first word, a symbol index), KPARAM_INFO runs as one (CB4), without what `symbols` drops.
std::vector<std::string> attributes(const sass::CubinModel& m, bool subroutines) {
  std::vector<std::string> v;
  for (const auto& r : m.nv_info) {
    const std::string name = sass::eiattr_name(r.attribute);
    if (derived_elsewhere(name)) continue;
    std::string e = m.sections[r.section].name + " " + name;
    if (m.sections[r.section].name == ".nv.info" && r.value.size() >= 4) {
      const uint32_t k =
          r.value[0] | r.value[1] << 8 | r.value[2] << 16 | uint32_t{r.value[3]} << 24;
      if (k < m.symbols.size()) {
        if (!subroutines && m.symbols[k].other == 0) continue;
        e += " " + m.symbols[k].name;
      }
    }
    if (name == "EIATTR_EXIT_INSTR_OFFSETS" || name == "EIATTR_CBANK_PARAM_SIZE") {
      for (uint8_t b : r.value) e += " " + std::to_string(b);
    }
    if (v.empty() || v.back() != e || name != "EIATTR_KPARAM_INFO") v.push_back(std::move(e));
  }
  return v;
}

// The program headers' types, flags and alignment (decision CW7), as "type/flags/align" each;
// their offsets and sizes follow the sections, which differ by CW3-CW4.
std::vector<std::string> segments(const std::vector<uint8_t>& b) {
  auto get = [&](size_t at, unsigned n) {
    uint64_t v = 0;
    for (unsigned i = 0; i < n && at + i < b.size(); ++i) v |= uint64_t{b[at + i]} << (8 * i);
    return v;
  };
  std::vector<std::string> v;
  const uint64_t phoff = get(32, 8), num = get(56, 2);
  for (uint64_t k = 0; k < num; ++k) {
    const uint64_t h = phoff + 56 * k;
    v.push_back(std::to_string(get(h, 4)) + "/" + std::to_string(get(h + 4, 4)) + "/" +
                std::to_string(get(h + 48, 8)));
  }
  return v;
}

std::optional<sass::CubinModel> model(const std::vector<uint8_t>& b, const std::string& name) {
  texsim::core::DiagSink sink;
  return sass::read_cubin_model(b, name, sink);
}

void compare(const std::vector<std::string>& ours, const std::vector<std::string>& theirs,
             const std::string& what, Check& c) {
  c.expect(ours == theirs, what + " differ (" + std::to_string(ours.size()) + " vs ptxas's " +
                               std::to_string(theirs.size()) + ")");
  if (ours == theirs) return;
  for (const auto& s : ours) std::printf("    ours:  %s\n", s.c_str());
  for (const auto& s : theirs) std::printf("    ptxas: %s\n", s.c_str());
}

}  // namespace

namespace {

void one_arch(const std::string& bin, const std::string& arch, const std::string& work, Check& c) {
  const std::string sm = "sm_" + arch.substr(2), base = work + "/multi_" + arch;
  std::ofstream(base + ".ptx") << ptx(sm, arch < "SM70");
  if (vc::run(bin + "/ptxas -arch " + sm + " " + base + ".ptx -o " + base + ".cubin", work)
          .status != 0)
    return c.expect(false, arch + ": ptxas failed");
  const auto cubin = bytes_of(vc::slurp(base + ".cubin"));
  const auto theirs = model(cubin, "ptxas.cubin");
  if (!theirs) return c.expect(false, arch + ": ptxas's cubin does not read");
  const std::string listing = vc::run(bin + "/cuobjdump -sass " + base + ".cubin", work).out;
  const std::string nvd = vc::run(bin + "/nvdisasm -hex " + base + ".cubin", work).out;
  const auto fe = sass::make_frontend();
  texsim::core::DiagSink dsink;
  texsim::isa::BinaryInput in;
  in.name = base + ".cubin";
  in.bytes = cubin;
  const auto prog = fe->decode(in, arch, dsink);
  const std::string disasm = prog ? fe->print(*prog) : "";
  // Volta+: texsim's disasm prints the words it does not model as .word (no parameter reads to
  // count), so its listing is not cuobjdump's; that path is Maxwell/Pascal only.
  const bool wide = arch >= "SM70";
  c.expect(wide || disasm == listing, arch + ": texsim disasm differs from cuobjdump -sass");
  struct Path {
    const char* name;
    const std::string& text;
    bool subroutines;  // the listing names them (nvdisasm)
  };
  for (const Path& p : {Path{"cuobjdump", listing, false}, Path{"disasm", disasm, false},
                        Path{"nvdisasm", nvd, true}}) {
    if (wide && std::string(p.name) == "disasm") continue;
    const std::string what = arch + " " + p.name + ": ", out = base + "_" + p.name + ".cubin";
    const auto obj = assemble(p.text, arch, out);
    c.expect(obj.has_value(), what + "texsim asm refused the listing");
    if (!obj) continue;
    const std::string tool = bin + "/";
    c.expect(vc::run(std::string(tool).append("cuobjdump -sass ").append(out), work).out == listing,
             what + "cuobjdump -sass of texsim's cubin is not ptxas's listing");
    const auto nv = vc::run(std::string(tool).append("nvdisasm ").append(out), work);
    c.expect(nv.status == 0 && nv.err.empty(), what + "nvdisasm refused the cubin: " += nv.err);
    const auto elf = vc::run(std::string(tool).append("cuobjdump -elf ").append(out), work);
    c.expect(elf.status == 0 && elf.err.empty(), what + "cuobjdump -elf refused it: " += elf.err);
    const auto ours = model(*obj, out);
    if (!ours) {
      c.expect(false, what + "texsim's cubin does not read back");
      continue;
    }
    compare(segments(*obj), segments(cubin), what + "program headers", c);
    compare(symbols(*ours, true), symbols(*theirs, p.subroutines), what + "symbols", c);
    compare(attributes(*ours, true), attributes(*theirs, p.subroutines), what + "EIATTRs", c);
    std::printf("%s%zu sections, %zu symbols, %zu EIATTR records (ptxas: %zu, %zu, %zu)\n",
                what.c_str(), ours->sections.size(), ours->symbols.size(), ours->nv_info.size(),
                theirs->sections.size(), theirs->symbols.size(), theirs->nv_info.size());
  }
  // A function named twice is refused, at the second `Function :` line.
  const size_t k3 = listing.find("\t\tFunction : k2");
  if (k3 == std::string::npos) return c.expect(false, arch + ": no kernel k2 in the listing");
  std::string twice = listing;
  twice.replace(k3, 15, "\t\tFunction : k3");
  const size_t line = static_cast<size_t>(std::count(listing.begin(), listing.begin() + k3, '\n'));
  texsim::core::DiagSink sink;
  const auto tp = fe->parse({"twice.sass", twice}, arch, sink);
  c.expect(tp && !fe->encode_object(*tp, base + "_twice.cubin", arch, sink) && sink.has_errors() &&
               format_diagnostic(sink.diagnostics().back())
                   .starts_with("twice.sass:" + std::to_string(line + 1) + ":1: error[SASS-CUBIN]"),
           arch + ": a function named twice was not refused at its line");
}

}  // namespace

int main(int argc, char** argv) {
  vc::Args a(argc, argv);
  const std::string bin = a.get("--bin", "");
  const std::string work = a.get("--work", ".");
  const std::string arch = a.get("--arch", "SM52");
  for (const char* t : {"nvdisasm", "ptxas", "cuobjdump"}) {
    if (!vc::tool_runs(bin + "/" + t)) {
      std::printf("SKIPPED: %s not installed (%s)\n", t, bin.c_str());
      return vc::kSkip;
    }
  }
  Check c;
  one_arch(bin, arch, work, c);
  std::printf("%d failures\n", c.failures);
  return c.failures == 0 ? 0 : 1;
}
