// Differential test (issue 14, 5b and 5c). 5b: a generator of PTX texel fetches (tex.{1d,2d,3d,
// a1d,a2d,2dms,a2dms} with integer coordinates, tex.level, offsets, predicates, every result type,
// every component subset) compiled by ptxas for one architecture; every TLDS in the cubin must
// print the same in texsim and nvdisasm. 5c: texsim asm SOURCE -> cubin -> nvdisasm prints the
// source.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "isa/sass/codec.hpp"
#include "isa/sass/cubin.hpp"
#include "isa/sass/frontend.hpp"
#include "isa/sass/listing.hpp"
#include "isa/sass/syntax.hpp"
#include "vendor_common.hpp"

namespace sass = texsim::isa::sass;
namespace vc = texsim::vendor;

namespace {

struct Geom {
  const char* name;
  const char* coords;  // integer coordinate vector (PTX ISA, "tex": a1d/a2d put the layer first)
  const char* offsets;
};
constexpr Geom kGeoms[] = {
    {"1d", "{%r1}", "{1}"},
    {"2d", "{%r1, %r2}", "{1, -2}"},
    {"3d", "{%r1, %r2, %r3, %r3}", "{-1, 2, 3, 0}"},
    {"a1d", "{%r9, %r1}", "{3}"},
    {"a2d", "{%r9, %r1, %r2, %r2}", "{2, -3}"},
    {"2dms", "{%r9, %r1, %r2, %r2}", nullptr},  // {sample, x, y, -}: TLDS.MS
    {"a2dms", "{%r9, %r3, %r1, %r2}", nullptr},
};

// Component subsets stored (bit k = component k), which select the write masks ptxas uses.
constexpr unsigned kSubsets[] = {0x1, 0x2, 0x4, 0x8, 0x3, 0x9, 0xa, 0xc, 0x7, 0xb, 0xd, 0xe, 0xf};

std::string kernel(unsigned n, const Geom& g, const std::string& dtype, const std::string& variant,
                   unsigned subset) {
  std::ostringstream k;
  k << ".visible .entry k" << n << "(.param .u64 out, .param .u64 tx, .param .s32 a)\n{\n"
    << "  .reg .u64 %rd<4>;\n  .reg .s32 %r<16>;\n  .reg .f32 %f<8>;\n  .reg .b32 %h<4>;\n"
    << "  .reg .pred %p<2>;\n"
    << "  ld.param.u64 %rd1, [out];\n  ld.param.u64 %rd2, [tx];\n  ld.param.s32 %r9, [a];\n"
    << "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, %tid.y;\n  mov.u32 %r3, %tid.z;\n";
  const bool f16 = dtype == "f16x2";
  const unsigned ncomp = f16 ? 2 : 4;
  std::string dst[4];
  for (unsigned c = 0; c < ncomp; ++c) {
    dst[c] = f16              ? "%h" + std::to_string(c)
             : dtype == "f32" ? "%f" + std::to_string(c)
                              : "%r" + std::to_string(10 + c);
  }
  std::string op = "tex";
  std::string tail;
  if (variant == "level") {
    op += ".level";
    tail = ", %r9";
  } else if (variant == "level0") {
    op += ".level";
    tail = ", 0";
  } else if (variant == "offset") {
    tail = std::string(", ") + g.offsets;
  }
  if (variant == "pred") {
    k << "  setp.ne.s32 %p1, %r9, 0;\n";
    for (unsigned c = 0; c < ncomp; ++c) k << "  mov.b32 " << dst[c] << ", 0;\n";
    k << "  @%p1 ";
  } else {
    k << "  ";
  }
  k << op << "." << g.name << (f16 ? ".v2.f16x2" : ".v4." + dtype) << ".s32 {";
  for (unsigned c = 0; c < ncomp; ++c) k << (c ? ", " : "") << dst[c];
  k << "}, [%rd2, " << g.coords << "]" << tail << ";\n";
  k << "  cvta.to.global.u64 %rd3, %rd1;\n";
  for (unsigned c = 0; c < ncomp; ++c) {
    if ((subset >> c) & 1u) k << "  st.global.b32 [%rd3+" << 4 * c << "], " << dst[c] << ";\n";
  }
  k << "  ret;\n}\n";
  return k.str();
}

// nvdisasm's listing of a cubin: (function, address) -> text.
std::map<std::pair<std::string, uint64_t>, std::string> nvdisasm_functions(const std::string& out) {
  std::map<std::pair<std::string, uint64_t>, std::string> m;
  std::istringstream in(out);
  std::string line, fn;
  std::string chunk;
  auto flush = [&] {
    for (const auto& [addr, text] : vc::listing_lines(chunk)) m[{fn, addr}] = text;
    chunk.clear();
  };
  while (std::getline(in, line)) {
    const auto s = line.find(".section\t.text.");
    if (s != std::string::npos) {
      flush();
      fn = line.substr(s + 15, line.find(',', s) - s - 15);
      continue;
    }
    if (!fn.empty()) chunk += line + "\n";
  }
  flush();
  return m;
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  const std::string s = vc::slurp(path);
  return {s.begin(), s.end()};
}

int compiled(const std::string& bin, const std::string& arch, const std::string& work) {
  const std::string sm = "sm_" + arch.substr(2);
  const unsigned smn = static_cast<unsigned>(std::stoul(arch.substr(2)));
  std::ostringstream ptx;
  ptx << ".version 7.8\n.target " << sm << "\n.address_size 64\n\n";
  unsigned n = 0;
  for (const Geom& g : kGeoms) {
    for (const std::string dtype : {"f32", "s32", "u32", "f16x2"}) {
      if (dtype == "f16x2" && smn < 53) continue;  // PTX: tex .f16x2 needs sm_53
      for (const std::string variant : {"plain", "level", "level0", "offset", "pred"}) {
        const bool ms = g.offsets == nullptr;
        if (ms && (variant == "level" || variant == "level0" || variant == "offset")) continue;
        for (unsigned subset : kSubsets) {
          if (dtype == "f16x2" && subset > 3) continue;
          if (dtype != "f32" && variant != "plain" && subset != 0xf && subset != 0x1) continue;
          ptx << kernel(n++, g, dtype, variant, subset) << "\n";
        }
      }
    }
  }
  const std::string ptx_file = work + "/tex_" + sm + ".ptx";
  const std::string cubin = work + "/tex_" + sm + ".cubin";
  std::ofstream(ptx_file) << ptx.str();
  const vc::Result pr = vc::run(bin + "/ptxas -arch=" + sm + " " + ptx_file + " -o " + cubin, work);
  if (pr.status != 0) {
    std::printf("FAIL: ptxas %s: %s\n", sm.c_str(), pr.err.c_str());
    return 1;
  }
  const vc::Result nr = vc::run(bin + "/nvdisasm " + cubin, work);
  if (nr.status != 0) {
    std::printf("FAIL: nvdisasm %s: %s\n", cubin.c_str(), nr.err.c_str());
    return 1;
  }
  const auto nv = nvdisasm_functions(nr.out);
  size_t nv_tlds = 0;
  for (const auto& [key, text] : nv) nv_tlds += text.find("TLDS") != std::string::npos ? 1 : 0;

  texsim::core::DiagSink sink;
  const auto bytes = read_bytes(cubin);
  const auto c = sass::read_cubin(bytes, cubin, sink);
  if (!c || c->sm != smn) {
    std::printf("FAIL: texsim cannot read %s\n", cubin.c_str());
    return 1;
  }
  size_t ts_tlds = 0, identical = 0, mismatches = 0;
  std::map<std::string, size_t> forms;
  for (const sass::CubinKernel& k : c->kernels) {
    const auto insts = sass::decode_stream(k.text, cubin, sink, k.file_offset, arch);
    for (const sass::Instruction& i : insts) {
      if (i.kind != sass::Kind::kInstruction || i.op != sass::Opcode::kTlds) continue;
      ++ts_tlds;
      const std::string ts = sass::nvdisasm_spacing(sass::print_instruction(i), i.ctrl);
      const auto it = nv.find({k.name, i.origin.offset - k.file_offset});
      const std::string nvt = it == nv.end() ? "<no line>" : it->second;
      if (ts == nvt) {
        ++identical;
        // Form: the mnemonic with its modifiers, paramA and write mask.
        const size_t m = ts.find("TLDS");
        const size_t mask = ts.rfind(", ");
        const size_t dim = ts.rfind(", ", mask - 1);
        forms[ts.substr(m, ts.find(' ', m) - m) + ":" + ts.substr(dim + 2, mask - dim - 2) + ":" +
              ts.substr(mask + 2, ts.size() - mask - 4)]++;
      } else if (++mismatches <= 20) {
        std::printf("MISMATCH %s %s+0x%llx: texsim '%s' nvdisasm '%s'\n", cubin.c_str(),
                    k.name.c_str(),
                    static_cast<unsigned long long>(i.origin.offset - k.file_offset), ts.c_str(),
                    nvt.c_str());
      }
    }
  }
  std::string form_list;
  for (const auto& [f, count] : forms) form_list += " " + f;
  std::printf(
      "%s: %u kernels compiled by ptxas; nvdisasm printed %zu TLDS, texsim decoded %zu TLDS, "
      "%zu identical; %zu mismatches; %zu distinct forms (modifiers:paramA:mask):%s\n",
      sm.c_str(), n, nv_tlds, ts_tlds, identical, mismatches, forms.size(), form_list.c_str());
  return mismatches == 0 && nv_tlds == ts_tlds && ts_tlds > 0 ? 0 : 1;
}

// 5c: every instruction line of `source` assembled into a cubin by texsim prints back the same.
int round_trip(const std::string& bin, const std::string& arch, const std::string& source,
               const std::string& work) {
  const auto fe = sass::make_frontend();
  texsim::core::DiagSink sink;
  // SM50 has no TLDS.F16 (decisions T-section): its round trip leaves those lines out.
  std::string text;
  size_t left_out = 0;
  {
    std::istringstream in(vc::slurp(source));
    std::string line;
    while (std::getline(in, line)) {
      const bool f16 = line.find(".F16") != std::string::npos && line[0] != '#';
      if (f16 && !sass::f16_exists(arch)) {
        ++left_out;
        line.clear();  // keep the line numbers
      }
      text += line + "\n";
    }
  }
  const auto prog = fe->parse({source, text}, arch, sink);
  if (!prog) {
    std::printf("FAIL: %s does not parse for %s\n", source.c_str(), arch.c_str());
    return 1;
  }
  const std::string cubin = work + "/roundtrip_" + arch + ".cubin";
  const auto obj = fe->encode_object(*prog, cubin, arch, sink);
  if (!obj) {
    std::printf("FAIL: texsim cannot write %s\n", cubin.c_str());
    return 1;
  }
  std::ofstream(cubin, std::ios::binary)
      .write(reinterpret_cast<const char*>(obj->data()), static_cast<std::streamsize>(obj->size()));
  const auto& insts = static_cast<const sass::SassProgram&>(*prog).instructions;
  size_t identical = 0, mismatches = 0;
  for (const char* tool : {"nvdisasm -novliw", "cuobjdump -sass"}) {
    const vc::Result r = vc::run(bin + "/" + tool + " " + cubin, work);
    if (r.status != 0) {
      std::printf("FAIL: %s %s: %s\n", tool, cubin.c_str(), r.err.c_str());
      return 1;
    }
    const auto lines = vc::listing_lines(r.out);
    for (size_t k = 0; k < insts.size(); ++k) {
      const std::string want =
          sass::nvdisasm_spacing(sass::print_instruction(insts[k]), insts[k].ctrl);
      const auto it = lines.find(sass::stream_offset(k));
      const std::string got = it == lines.end() ? "<no line>" : it->second;
      if (got == want) {
        ++identical;
      } else if (++mismatches <= 20) {
        std::printf("MISMATCH %s line %zu: source '%s' %s '%s'\n", arch.c_str(), k + 1,
                    want.c_str(), tool, got.c_str());
      }
    }
  }
  // texsim's own listing of the cubin is cuobjdump's, byte for byte (TLDS and NOP only).
  const vc::Result cu = vc::run(bin + "/cuobjdump -sass " + cubin, work);
  texsim::isa::BinaryInput in;
  in.name = cubin;
  in.bytes = *obj;
  texsim::core::DiagSink dsink;
  const auto decoded = fe->decode(in, arch, dsink);
  const bool same_listing = decoded && fe->print(*decoded) == cu.out;
  if (!same_listing) {
    std::printf("MISMATCH %s: texsim disasm %s differs from cuobjdump -sass\n", arch.c_str(),
                cubin.c_str());
    ++mismatches;
  }
  std::printf(
      "%s: %zu instructions of %s (%zu .F16 lines left out) -> texsim cubin -> nvdisasm and "
      "cuobjdump: %zu lines identical; texsim disasm = cuobjdump -sass byte for byte: %s; %zu "
      "mismatches\n",
      arch.c_str(), insts.size(), source.c_str(), left_out, identical, same_listing ? "yes" : "no",
      mismatches);
  return mismatches == 0 && identical == 2 * insts.size() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  vc::Args a(argc, argv);
  const std::string bin = a.get("--bin", "");
  const std::string arch = a.get("--arch", "SM52");
  const std::string work = a.get("--work", ".");
  const std::string source = a.get("--roundtrip", "");
  for (const char* t : {"nvdisasm", "ptxas", "cuobjdump"}) {
    if (!vc::tool_runs(bin + "/" + t)) {
      std::printf("SKIPPED: %s not installed (%s)\n", t, bin.c_str());
      return vc::kSkip;
    }
  }
  return source.empty() ? compiled(bin, arch, work) : round_trip(bin, arch, source, work);
}
